"""Dealing what an observer cannot see, consistently with everything he has seen.

Hidden from an observer: the other two hands, their discards (GEN-5) and what is left of the
manni (GEN-4). Every such card may lie in any of those zones, except that

- a player who failed to follow a suit this hand holds none of it (GEN-6: voids shown);
- in Hornafjarðarmanni the contract card went to the dealer (HORN-DEAL-1): until it is
  played it is in the dealer's hand or among his discards (A-8: a discard is not announced).

So the sampler deals the hidden cards into zones of the known sizes: cards of a suit someone
lacks first, each to a zone that may hold it, and the rest where room is left. When that
random fill runs into a dead end it tries again, and after a few tries it solves the deal
exactly as a flow of suits into zones (always possible: the true deal is one solution); both
are the shared ``cardsuite.dealing``.
What depends only on the position (the pool, the sizes, the voids) is worked out once and
kept until the next move, since a search samples the same position a thousand times.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from ... import dealing
from ...cards import Card
from ...shuffle import shuffle

if TYPE_CHECKING:
    from .rules import MannState

#: Random fills tried before the exact solution.
TRIES = 8


class _Facts(NamedTuple):
    pool: list[Card]  # the hidden cards, in a fixed order
    zones: list[tuple[str, int, int]]  # (kind, seat, size): "hand"/"discards"/"manni"
    forbidden: list[frozenset[str]]  # suits each zone may not hold
    special: Card | None  # the contract card, if its place is constrained
    special_zones: tuple[int, ...]  # the zones it may be in


def facts(st: MannState, observer: int) -> _Facts:
    # valid for this position only: every move logs at least one event
    logged = len(st.events)
    entry = st._samples
    if entry is None or entry[0] != logged:
        entry = st._samples = (logged, {})
    cache = entry[1]
    got = cache.get(observer)
    if got is None:
        got = cache[observer] = _work_out(st, observer)
    return got


def _work_out(st: MannState, observer: int) -> _Facts:
    voids = st.voids()
    zones: list[tuple[str, int, int]] = []
    forbidden: list[frozenset[str]] = []
    pool: list[Card] = []
    for s in range(3):
        if s == observer:
            continue
        zones.append(("hand", s, len(st.hands[s])))
        forbidden.append(frozenset(voids[s]))
        pool += st.hands[s]
        zones.append(("discards", s, len(st.discards[s])))
        forbidden.append(frozenset())
        pool += st.discards[s]
    zones.append(("manni", -1, len(st.manni)))
    forbidden.append(frozenset())
    pool += st.manni
    pool.sort(key=lambda c: c.ordinal)
    special = None
    special_zones: tuple[int, ...] = ()
    card = st.contract_card
    if card is not None and st.dealer != observer and card in pool:
        special = card
        special_zones = tuple(
            i
            for i, (kind, seat, _) in enumerate(zones)
            if seat == st.dealer and (kind == "discards" or card.suit not in forbidden[i])
        )
    return _Facts(pool, zones, forbidden, special, special_zones)


def sample_hidden(
    st: MannState, observer: int, rng: random.Random, *, events: bool = True
) -> MannState:
    f = facts(st, observer)
    copy = st.clone(random.Random(rng.getrandbits(63)), events=events)
    filled = _deal(f, rng)
    for (kind, seat, _), cards in zip(f.zones, filled, strict=True):
        if kind == "hand":
            cards.sort(key=st.hand_key)
            copy.hands[seat] = cards
        elif kind == "discards":
            copy.discards[seat] = cards
        else:
            copy.manni = cards
    for s in range(3):
        if s != observer:
            copy.drawn[s] = []  # private to them, and not what this deal would say
    return copy


def _deal(f: _Facts, rng: random.Random) -> list[list[Card]]:
    cards = f.pool[:]
    sizes = [z[2] for z in f.zones]
    if f.special is None and not any(f.forbidden):
        shuffle(rng, cards)
        out, i = [], 0
        for n in sizes:
            out.append(cards[i : i + n])
            i += n
        return out
    return _try_fills(f, cards, sizes, rng)


def _try_fills(
    f: _Facts, cards: list[Card], sizes: list[int], rng: random.Random
) -> list[list[Card]]:
    """``TRIES`` random fills (``dealing.fill``), then the exact deal (``_solve``)."""
    shuffle(rng, cards)
    for _ in range(TRIES):
        got = dealing.fill(cards, sizes, lambda c: _eligible(f, c), rng)
        if got is not None:
            return got
        shuffle(rng, cards)
    return _solve(f, cards, sizes)


def _eligible(f: _Facts, card: Card) -> list[int]:
    if card is f.special:
        return list(f.special_zones)
    return [i for i, fb in enumerate(f.forbidden) if card.suit not in fb]


def _solve(f: _Facts, cards: list[Card], sizes: list[int]) -> list[list[Card]]:
    """The exact deal of these facts (``dealing.solve``)."""
    return dealing.solve(cards, sizes, lambda c: _eligible(f, c))


def seeing_hands(st: MannState, observer: int, rng: random.Random) -> MannState:
    """``clone_seeing_hands``: the true position as a search copy, every hand as it is,
    and dealt again among their zones the cards nobody has seen or that ``observer`` may
    not see outside a hand: what is left of the manni (face down, in an order nobody
    sees: GEN-4, whatever the variant) and the other players' discards (face down, known
    only to who discarded them: GEN-5, a swap's dead pile too). ``observer``'s own
    discards are his to know, and so is what each player drew (in his hand, or played).
    Hornafjarðarmanni's contract card, known to be the dealer's until played
    (HORN-DEAL-1), stays among the dealer's discards if it lies there. In basic Manni this
    moves no card to another zone (the manni is what no hand holds, and a swap takes it
    whole, MANNI-EXCH-2): only the order of what is drawn from the top matters, in
    Trjámann and Hornafjarðarmanni."""
    new: MannState = st.clone_for_search(rng)
    others = [s for s in range(3) if s != observer]
    special = st.contract_card
    pool = list(st.manni)
    for s in others:
        pool += [c for c in st.discards[s] if c is not special]
    shuffle(rng, pool)
    i = 0
    for s in others:
        old = st.discards[s]
        kept = special if special is not None and special in old else None
        k = len(old) - (kept is not None)
        cards = pool[i : i + k]
        i += k
        if kept is not None:
            cards.insert(old.index(kept), kept)
        new.discards[s] = cards
    new.manni = pool[i:]
    return new
