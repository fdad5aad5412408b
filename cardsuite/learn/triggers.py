"""Triggers every trick game's lesson may share: they read what a trick game's view has
for every game (``VIEW_KEYS`` plus ``trick``) and the public events, nothing of one game."""

from __future__ import annotations

from .lesson import Moment


def my_trick_turn(m: Moment) -> bool:
    """The learner is to play to a trick already led."""
    return m.my_turn and m.phase == "play" and bool(m.view["trick"]["plays"])


def must_follow(m: Moment) -> bool:
    """The learner follows and only some of their cards may go (they hold the suit led)."""
    hand = m.view.get("hand")
    return my_trick_turn(m) and isinstance(hand, list) and 0 < len(m.legal) < len(hand)


def dealt(m: Moment) -> bool:
    """A hand was dealt."""
    return bool(m.happened("deal"))


def trick_won(m: Moment) -> bool:
    """A trick was won (its winner leads the next)."""
    return bool(m.happened("trick"))


__all__ = ["dealt", "must_follow", "my_trick_turn", "trick_won"]
