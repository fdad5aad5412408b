"""African Casino's lesson triggers (``lessons/*.md`` name them): each reads only a
``learn.Moment``, the learner's view, legal steps and the last public events."""

from __future__ import annotations

from ...learn.lesson import Moment, Trigger
from ...learn.triggers import dealt


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
        scored,
    )
}
