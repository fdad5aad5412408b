"""Twenty-Two's lesson triggers (``lessons/*.md`` name them): each reads only a
``learn.Moment``, the learner's view, legal actions and the last public events."""

from __future__ import annotations

from ...learn.lesson import Moment, Trigger
from ...learn.triggers import dealt, my_trick_turn, trick_won


def my_exchange(m: Moment) -> bool:
    """T22-EXCH-1: the learner's one chance to exchange."""
    return m.my_turn and m.phase == "exchange"


def my_lead(m: Moment) -> bool:
    """T22-PLAY-2: the learner leads a trick."""
    return m.my_turn and m.phase == "play" and not m.view["trick"]["plays"]


def my_follow(m: Moment) -> bool:
    """T22-PLAY-6: the learner follows: cover the best, or play the lowest cards."""
    return my_trick_turn(m)


def follow_a_set(m: Moment) -> bool:
    """T22-PLAY-3: the learner follows a lead of two or more cards."""
    return my_follow(m) and (m.view["trick"]["count"] or 0) >= 2


def a_set(m: Moment) -> bool:
    """T22-PLAY-2/3: sets come up: the learner follows a lead of several cards, or leads
    holding two or more of a rank."""
    if my_lead(m):
        return any(len(getattr(a, "cards", ())) >= 2 for a in m.legal)
    return follow_a_set(m)


def cannot_cover(m: Moment) -> bool:
    """T22-PLAY-4/6: the learner follows and nothing covers: one choice, the lowest cards."""
    return my_follow(m) and len({a.key for a in m.legal}) == 1


def taken_over(m: Moment) -> bool:
    """T22-PLAY-5: a follower's play covered the best and became the new best."""
    return any(e.data.get("best") for e in m.happened("play"))


def showdown(m: Moment) -> bool:
    """T22-SCORE-1: the last cards were shown."""
    return bool(m.happened("showdown"))


def jokers_matter(m: Moment) -> bool:
    """T26-3: the learner holds a joker at a trick, or a joker was played."""
    return joker_in_hand(m) or joker_played(m)


def joker_in_hand(m: Moment) -> bool:
    """T26-3: the learner, to move in a trick, holds a joker (wild in a set)."""
    hand = m.view.get("hand")
    if not isinstance(hand, list) or "JK" not in hand:
        return False
    return my_lead(m) or my_follow(m)


def joker_played(m: Moment) -> bool:
    """T26-3: somebody played a joker with ordinary cards."""
    return any("JK" in e.data.get("cards", ()) for e in m.events if e.kind in ("lead", "play"))


TRIGGERS: dict[str, Trigger] = {
    f.__name__: f
    for f in (
        my_exchange,
        my_lead,
        my_follow,
        follow_a_set,
        a_set,
        cannot_cover,
        taken_over,
        trick_won,
        showdown,
        dealt,
        jokers_matter,
        joker_in_hand,
        joker_played,
    )
}
