"""Manni's lesson triggers (``lessons/*.md`` name them): each reads only a
``learn.Moment``, the learner's view, legal actions and the last public events."""

from __future__ import annotations

from ...learn.lesson import Moment, Trigger


def dealt(m: Moment) -> bool:
    """MANNI-TRUMP-1: a hand was dealt (its trump suit fixed by the hand's number)."""
    return bool(m.happened("deal"))


def my_swap(m: Moment) -> bool:
    """MANNI-EXCH-1: the learner decides to swap with the manni or keep."""
    return m.my_turn and m.phase == "swap"


def swapped(m: Moment) -> bool:
    """MANNI-EXCH-3: somebody swapped: nobody after them may."""
    return bool(m.happened("swap"))


def first_lead(m: Moment) -> bool:
    """MANNI-PLAY-1: the first trick of the hand was led (by eldest)."""
    return bool(m.happened("lead")) and not m.view["tricks"]


def must_follow(m: Moment) -> bool:
    """MANNI-GEN-6: the learner follows and holds the suit led: only some cards may go."""
    hand = m.view.get("hand")
    if not (m.my_turn and m.phase == "play" and m.view["trick"]["plays"]):
        return False
    return isinstance(hand, list) and 0 < len(m.legal) < len(hand)


def trick_won(m: Moment) -> bool:
    """MANNI-GEN-8: a trick was won; only the number of tricks counts."""
    return bool(m.happened("trick"))


def scored(m: Moment) -> bool:
    """MANNI-SCORE-1: the hand was scored."""
    return bool(m.happened("score"))


TRIGGERS: dict[str, Trigger] = {
    f.__name__: f for f in (dealt, my_swap, swapped, first_lead, must_follow, trick_won, scored)
}
