"""African Casino's lesson triggers (``lessons/*.md`` name them): each reads only a
``learn.Moment``, the learner's view, legal steps and the last public events.

A rule comes up the moment it first matters to the learner: some when their own turn
offers it (a capture among their steps), some when the table first sees it done, by the
learner following a suggestion or by a bot (a sum, a build, an addition, a pile top), so
the panel explains the move just made on the cards still in front of them, one rule a
move rather than all at the first turn (where most are already possible)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...engine import Action
from ...learn.lesson import Moment, Trigger
from ...learn.triggers import dealt
from .actions import Capture


def _steps(m: Moment, word: str) -> bool:
    return m.my_turn and any(str(a).split(" ", 1)[0] == word for a in m.legal)


def my_turn_begins(m: Moment) -> bool:
    """CASINO-TURN-1: the learner's turn, no card played yet."""
    return m.my_turn and m.phase == "play" and not m.view.get("played")


def can_capture(m: Moment) -> bool:
    """CASINO-CAP-1: the learner may capture."""
    return _steps(m, "capture")


def builds_matter(m: Moment) -> bool:
    """CASINO-BUILD-1: the learner may build, or a build was made."""
    return _steps(m, "build") or bool(m.happened("build"))


def pile_top_offered(m: Moment) -> bool:
    """CASINO-PILE-1: a step of the learner's may take a pile's top card."""
    return m.my_turn and any("top" in str(a) for a in m.legal)


def trailed(m: Moment) -> bool:
    """CASINO-TRAIL-1: a card was trailed."""
    return bool(m.happened("trail"))


def captured(m: Moment) -> bool:
    """CASINO-TAB-1: cards were captured onto a pile."""
    return bool(m.happened("capture"))


def may_end(m: Moment) -> bool:
    """CASINO-TURN-4: the learner has played a card and may end the turn (or step on)."""
    return _steps(m, "end")


def _mine(m: Moment) -> list[Action]:
    """The learner's legal actions at their own turn of play (none at another's)."""
    return list(m.legal) if m.my_turn and m.phase == "play" else []


def _groups(actions: Iterable[Action]) -> list[tuple[Any, ...]]:
    """The loose-card groups of the learner's legal captures (of loose cards, not builds)."""
    return [cs for a in actions if isinstance(a, Capture) for cs, _ in a.groups]


def my_turn(m: Moment) -> bool:
    """CASINO-TURN-1: the learner's first turn of play."""
    return m.my_turn and m.phase == "play"


def a_trail(m: Moment) -> bool:
    """CASINO-TRAIL-1: somebody laid a card on the layout, taking nothing."""
    return bool(m.happened("trail"))


def capture_by_value(m: Moment) -> bool:
    """CASINO-CAP-1: the learner may take a loose card of their card's value."""
    return any(len(cs) == 1 for cs in _groups(_mine(m)))


#: Capture values by rank (CASINO-DECK-2; an ace counts 1 in a sum).
_VALUES = {"A": 1, "J": 11, "Q": 12, "K": 13}


def _value(code: str) -> int:
    rank = code[:-1]
    return _VALUES.get(rank) or int(rank)


def capture_by_sum(m: Moment) -> bool:
    """CASINO-DECK-2: somebody took loose cards adding up to their card's value (a loose
    capture that took a card of another value)."""
    for e in _captures(m):
        value, taken = e.data.get("value"), e.data.get("cards", [])[1:]
        if not e.data.get("build") and any(not _alike(c, value) for c in taken):
            return True
    return False


def _alike(code: str, value: object) -> bool:
    """Is the card ``code`` worth ``value`` by itself (an ace: 1 or 14)?"""
    worth = _value(code)
    return worth == value or (worth == 1 and value == 14)


def _captures(m: Moment) -> list[Any]:
    return m.happened("capture")


def a_build(m: Moment) -> bool:
    """CASINO-BUILD-1: somebody made a build."""
    return any(e.data.get("verb") == "builds" for e in m.happened("build"))


def an_addition(m: Moment) -> bool:
    """CASINO-AUG-1: somebody added a unit to a build or a base."""
    return any(e.data.get("verb") != "builds" for e in m.happened("build"))


def a_pile_top(m: Moment) -> bool:
    """CASINO-PILE-1/2: somebody used an opponent's pile top in an addition."""
    return any(e.data.get("tops") for e in m.happened("build"))


def a_top_captured(m: Moment) -> bool:
    """CASINO-VAR-SA 4: the learner may capture an opponent's pile top (South African),
    or somebody did."""
    if any(isinstance(a, Capture) and a.tops for a in _mine(m)):
        return True
    return any(e.data.get("tops") for e in _captures(m))


def my_build_held(m: Moment) -> bool:
    """CASINO-TAB-5: the learner owns a build at their turn: they must keep its capturer."""
    builds = m.view.get("builds") or []
    return my_turn(m) and any(b.get("owner") == m.seat for b in builds)


def my_build_taken(m: Moment) -> bool:
    """CASINO-BUILD-4: the learner captured a build (theirs or another's)."""
    return any(e.seat == m.seat and e.data.get("build") for e in _captures(m))


def partner_moved(m: Moment) -> bool:
    """CASINO-PART-1: the learner's partner (opposite, with four players) has played."""
    players = m.view.get("players", 2)
    partner = (m.seat + 2) % 4 if players == 4 else None
    return partner is not None and any(e.seat == partner for e in m.events)


def scored(m: Moment) -> bool:
    """CASINO-SCORE-1: the deal was scored."""
    return bool(m.happened("score"))


TRIGGERS: dict[str, Trigger] = {
    f.__name__: f
    for f in (
        dealt,
        my_turn_begins,
        can_capture,
        builds_matter,
        pile_top_offered,
        trailed,
        captured,
        may_end,
        my_turn,
        a_trail,
        capture_by_value,
        capture_by_sum,
        a_build,
        an_addition,
        a_pile_top,
        a_top_captured,
        my_build_held,
        my_build_taken,
        partner_moved,
        scored,
    )
}
