"""Manni's lesson triggers (``lessons/*.md`` name them): each reads only a
``learn.Moment``, the learner's view, legal actions and the last public events."""

from __future__ import annotations

from ...learn.lesson import Moment, Trigger
from ...learn.triggers import dealt, must_follow, trick_won


def my_swap(m: Moment) -> bool:
    """MANNI-EXCH-1: the learner decides to swap with the manni or keep."""
    return m.my_turn and m.phase == "swap"


def swapped(m: Moment) -> bool:
    """MANNI-EXCH-3: somebody swapped: nobody after them may."""
    return bool(m.happened("swap"))


def my_contract(m: Moment) -> bool:
    """TRJ-DECL-1 / HORN-CONTRACT-1: the learner announces the hand's contract."""
    return m.my_turn and m.phase == "contract"


def declared(m: Moment) -> bool:
    """TRJ-CONTRACT-2, TRJ-SCORE-1: a contract was announced (crossed off its declarer's
    list; it sets the targets)."""
    return bool(m.happened("contract"))


def my_exchange(m: Moment) -> bool:
    """TRJ-EXCH-1 / HORN-EXCH-1: the learner may discard and draw from the manni."""
    return m.my_turn and m.phase == "exchange"


def aces_low(m: Moment) -> bool:
    """HORN-RANK-1: a Nullo hand of Hornafjarðarmanni, aces low, at the learner's turn."""
    return m.my_turn and bool(m.view.get("low_aces"))


def they_exchanged(m: Moment) -> bool:
    """HORN-EXCH-2: another player finished their exchange (its count is public)."""
    return any(e.seat != m.seat for e in m.happened("exchange"))


def opening_lead(m: Moment) -> bool:
    """TRJ-PLAY-1, HORN-PLAY-1: the exchange is over and the first trick waits for its
    lead (eldest's: the panel comes before the lead, whoever makes it)."""
    return m.phase == "play" and not m.view["tricks"] and not m.view["trick"]["plays"]


def first_trick_won(m: Moment) -> bool:
    """TRJ-SCORE-1, HORN-SCORE-1: the hand's first trick was won: the seat lines count
    tricks against each target from now."""
    return trick_won(m) and len(m.view["tricks"]) == 1


def first_lead(m: Moment) -> bool:
    """MANNI-PLAY-1: the first trick of the hand was led (by eldest)."""
    return bool(m.happened("lead")) and not m.view["tricks"]


def scored(m: Moment) -> bool:
    """MANNI-SCORE-1, TRJ-SCORE-4, HORN-SCORE-2: the hand was scored."""
    return bool(m.happened("score"))


TRIGGERS: dict[str, Trigger] = {
    f.__name__: f
    for f in (
        dealt,
        my_swap,
        swapped,
        my_contract,
        declared,
        my_exchange,
        aces_low,
        they_exchanged,
        opening_lead,
        first_trick_won,
        first_lead,
        must_follow,
        trick_won,
        scored,
    )
}
