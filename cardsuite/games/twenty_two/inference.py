"""What an exchange's size says about a hand: the hard bot's reading of the exchange.

The beliefs of ``reading.py`` read the play (a lead is the top rank, a cover the top cards)
and that discards are high. The number of cards a player exchanged says more: a sensible
player (our medium bot, ``bots.medium_exchange``) puts aside every card from ``HIGH`` up, as
many as the stock allows. So a player who exchanged fewer cards than the stock allowed held
no other high card: what it kept is low, and its hand (with the cards it has played this
hand) holds no more high cards than it drew. A sample that gives it more is scored down by
``evidence.NOISE`` (players are not our medium bot), through ``SearchHooks.evidence``, so
the search draws it seldom.

Twenty-Six's jokers make every reading ambiguous, so there nothing is read (as in
``reading.py``).
"""

from __future__ import annotations

import math

from ...bots.evidence import NOISE
from .reading import HIGH
from .rules import TwentyTwoState


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
    return total
