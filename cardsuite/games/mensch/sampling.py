"""Dealing the other hands of Mensch consistently with everything the observer has seen.

Hard facts, always kept (``cardsuite.dealing``): a player who failed to follow a suit holds
none of it (MENSCH-PLAY-2; the queen of clubs counts as a trump, RANK-4); the called card,
until played, is not the declarer's (CALL-2) and lies with a player who could still hold it.

Facts of the auction, kept by redealing when a deal breaks them: a player who passed with no
bid standing, or over Half, was dealt at most two clubs, the queen counted (MENSCH-BID-4); in
a passed game every player was dealt exactly two and the declarer the queen (BID-6); the
declarer of a partner contract held a plain card of the called suit (CALL-2; CALL-3 is rare
enough to be ignored here). When no deal of a few hundred keeps them (a position no real
auction reaches), the hard facts alone are kept.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ... import dealing
from ...cards import Card

if TYPE_CHECKING:
    from .rules import MenschState

#: Deals tried for the facts of the auction before they are let go.
TRIES = 200


def _voids(st: MenschState) -> list[set[str]]:
    from .rules import effective_suit

    tricks = st.hand_plays()
    return dealing.voids_shown(tricks, 4, lambda c: effective_suit(c, st.trump))


def _club_limits(st: MenschState) -> list[tuple[int, int]]:
    """Per seat, (least, most) clubs it was dealt, from the auction."""
    limits = [(0, 8)] * 4
    high: str | None = None
    for seat, bid in st.bids:
        if bid == "pass" and high in (None, "half"):
            limits[seat] = (0, 2)
        if bid != "pass":
            high = bid
    if st.contract == "passed":
        limits = [(2, 2)] * 4
    return limits


def sample_hidden(
    st: MenschState, observer: int, rng: random.Random, *, events: bool = True
) -> MenschState:
    from .rules import QC, effective_suit

    copy = st.clone(random.Random(rng.getrandbits(63)), events=events)
    seats = [s for s in range(4) if s != observer]
    pool = sorted((c for s in seats for c in st.hands[s]), key=lambda c: c.ordinal)
    sizes = [len(st.hands[s]) for s in seats]
    voids = _voids(st)
    trump = st.trump
    called = st.called
    live_call = called is not None and not st.partner_known and called in pool

    def places(card: Card) -> list[int]:
        suit = effective_suit(card, trump)
        ok = [i for i, s in enumerate(seats) if suit not in voids[s]]
        if live_call and card is called:
            ok = [i for i in ok if seats[i] != st.declarer]
        return ok

    played_clubs = [0, 0, 0, 0]
    played_qc = -1
    called_played = [0, 0, 0, 0]
    for t in st.hand_plays():
        for s, c in t:
            if c.suit == "C":
                played_clubs[s] += 1
            if c is QC:
                played_qc = s
            if called is not None and c.suit == called.suit and c is not QC:
                called_played[s] += 1
    limits = _club_limits(st)

    def keeps_the_auction(hands: list[list[Card]]) -> bool:
        for i, s in enumerate(seats):
            lo, hi = limits[s]
            clubs = played_clubs[s] + sum(1 for c in hands[i] if c.suit == "C")
            if not lo <= clubs <= hi:
                return False
            passed_declarer = st.contract == "passed" and s == st.declarer
            if passed_declarer and played_qc != s and QC not in hands[i]:
                return False
            if (
                called is not None
                and s == st.declarer
                and st.contract in ("half", "after", "passed")
                and not called_played[s]
                and not any(c.suit == called.suit and c is not QC for c in hands[i])
            ):
                return False
        return True

    cards = pool[:]
    hands = dealing.deal(cards, sizes, places, rng)
    for _ in range(TRIES):
        if keeps_the_auction(hands):
            break
        hands = dealing.deal(cards, sizes, places, rng)
    for i, s in enumerate(seats):
        hands[i].sort(key=st.hand_key)
        copy.hands[s] = hands[i]
    if live_call:
        copy.partner = next(s for s in range(4) if called in copy.hands[s])
    elif called is not None and called not in pool and not st.partner_known:
        copy.partner = observer  # the observer holds it himself
    return copy
