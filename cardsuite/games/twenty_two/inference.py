"""What an exchange's size says about a hand: the hard bot's reading of the exchange.

The beliefs of ``reading.py`` read the play (a lead is the top rank, a cover the top cards)
and that discards are high. The number of cards a player exchanged says more: a sensible
player (our medium bot, ``bots.medium_exchange``) puts aside every card from ``HIGH`` up, as
many as the stock allows. So a player who exchanged fewer cards than the stock allowed held
no other high card: what it kept is low, and its hand (with the cards it has played this
hand) holds no more high cards than it drew. A sample that gives it more is scored down by
``evidence.NOISE`` (players are not our medium bot), through ``SearchHooks.evidence``, so
the search draws it seldom.

The play can be read the same way (``READ_PLAY``, ``play_log_likelihood``): each of the
others' plays this hand is replayed under the medium model (a lead of the top rank with
every copy, a cover with the top cards, else the lowest), a play it would not have made
scored down, so a sample where a seat's plays look unlike a sensible player's is drawn
seldom. This is softer and reads more than ``reading.py``'s beliefs (how many copies a
lead held back, a several-card follow that did not cover), which still decide the deals
dealt; the evidence only weighs them.

Twenty-Six's jokers make every reading ambiguous, so there nothing is read (as in
``reading.py``).
"""

from __future__ import annotations

import math

from ...bots.evidence import NOISE
from . import reading
from .reading import HIGH
from .rules import TwentyTwoState
from .sets import best_set, cover_sets, covers, effective, lowest

#: Whether the play is read too (``play_log_likelihood``), beside the exchange sizes. Off:
#: measured level by points (hard against three medium, the ladder's 25 sets, seed 1, 200
#: iterations: +0.07 ±2.87 penalty points a set against without; wins 0.94 against 0.85,
#: +0.09 ±0.09, short of its interval); the beliefs of ``reading.py`` already deal by most
#: of what it reads.
READ_PLAY = False


def exchanges(st: TwentyTwoState) -> list[tuple[int, int, int]]:
    """This hand's exchanges so far from the log: (seat, cards exchanged, the most the stock
    and the hand allowed)."""
    out: list[tuple[int, int, int]] = []
    stock = size = 0
    for e in st.events:
        if e.kind == "deal":
            out, stock, size = [], e.data["stock"], e.data["size"]
        elif e.kind == "exchange" and e.seat is not None:
            k = e.data["count"]
            out.append((e.seat, k, min(size, stock)))
            stock -= k
    return out


def log_likelihood(root: TwentyTwoState, sample: TwentyTwoState, observer: int) -> float:
    """The log-likelihood of the others' exchange sizes with ``sample``'s cards: ``NOISE``
    for each player who kept a high card a sensible player would have exchanged."""
    if root.twenty_six:
        return 0.0
    played: dict[int, int] = {}
    for plays in root.hand_plays():
        for seat, cards in plays:
            played[seat] = played.get(seat, 0) + sum(1 for c in cards if c.rank >= HIGH)
    total = 0.0
    for seat, k, most in exchanges(root):
        if seat == observer or k >= most:
            continue
        high = played.get(seat, 0) + sum(1 for c in sample.hands[seat] if c.rank >= HIGH)
        if high > k:
            total += math.log(NOISE)
    if READ_PLAY:
        total += play_log_likelihood(root, sample, observer)
    return total


def play_log_likelihood(root: TwentyTwoState, sample: TwentyTwoState, observer: int) -> float:
    """The log-likelihood of the others' plays this hand had they held ``sample``'s cards,
    under the medium model (``bots.medium_lead``, ``bots.medium_follow``): its own play
    ``1 - NOISE``, any other legal one a share of ``NOISE``. Each seat's hand at a play is
    what it holds in the sample and what it played from then on (walked back from the
    last play). The sample keeps every fact (``sampling``), so every play was legal."""
    if root.twenty_six:
        return 0.0
    held = {s: [c.rank for c in sample.hands[s]] for s in range(root.n) if s != observer}
    total = 0.0
    for i, seat, ranks, _eff, target in reversed(list(reading.hand_plays(root))):
        hand = held.get(seat)
        if hand is None:
            continue
        hand.extend(ranks)
        hand.sort()
        total += _play_log(hand, i, ranks, target, root.beat_leader or root.equal_sets)
    return total


_OWN = math.log(1.0 - NOISE)


def _play_log(
    asc: list[int], place: int, ranks: tuple[int, ...], target: list[int], must: bool
) -> float:
    """The model's log-likelihood of ``ranks`` played from the hand ``asc`` (ranks low to
    high): a lead (``place`` 0) of the top rank, every copy but one card kept; a follow of
    the top cards if they cover ``target``, else the lowest. ``must``: only a seat without
    a covering set may play its lowest cards (T22-LEADER-1)."""
    played = tuple(sorted(ranks, reverse=True))
    if not place:
        room = len(asc) - 1
        top = asc[-1]
        model: tuple[int, ...] = (top,) * min(asc.count(top), room)
        options = sum(min(asc.count(r), room) for r in set(asc))
    else:
        n = len(ranks)
        top_set = best_set(asc[::-1], n)
        low = lowest(asc, n)
        if covers(effective(list(top_set)), target):
            model = tuple(sorted(top_set, reverse=True))
        else:
            model = low
        counts: dict[int, int] = {}
        for r in reversed(asc):
            counts[r] = counts.get(r, 0) + 1
        sets = cover_sets(list(counts.items()), 0, target)
        options = len(sets) if must and sets else len(sets) + (low not in sets)
    if options <= 1:
        return 0.0
    return _OWN if played == model else math.log(NOISE / (options - 1))
