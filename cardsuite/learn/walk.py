"""A lesson played through without a screen, the learner taking every suggestion: what the
deal-finding script scores a seed by (``scripts/find_lesson_deals.py``), and what a test
expects of the table (which rules come up, at which of the learner's moves)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..engine import Event
from ..match import Match
from .lesson import Lesson
from .start import lesson_match
from .tracker import LessonTracker, moment_of

#: A lesson longer than this many moves (everyone's) is not one.
MOVE_CAP = 400


@dataclass
class Walk:
    """Where each rule first came up (the number of learner moves made before it, keyed by
    rule ID), how many moves the learner and everyone made, and whether the lesson ended."""

    first_at: dict[str, int] = field(default_factory=dict)
    learner_moves: int = 0
    moves: int = 0
    ended: bool = False
    missed: list[str] = field(default_factory=list)
    #: how many seats stand better than the learner at the end (0: none)
    behind: int = 0
    #: the learner's lead over the best of the others at the end, in the game's units
    margin: int = 0

    def score(self) -> tuple[int, int, int, int, int]:
        """Smaller is better: fewest rules missed, then the rules soonest (their learner
        move numbers summed), then the shortest lesson, then the learner best placed (a
        lesson should not crush the learner)."""
        late = sum(self.first_at.values())
        return (len(self.missed), late, self.learner_moves, self.behind, -self.margin)


def walk(lesson: Lesson, seed: int | None = None) -> Walk:
    """Play ``lesson`` (its deal, or ``seed``'s) to its end with the learner following the
    suggestions, as the table does: the rules observed after every move. The lesson's own
    suggestion goes first, even out of turn (a snap); then the mover's bot, or the hint."""
    if seed is not None:
        lesson = replace(lesson, seed=seed, position=None)
    match = lesson_match(lesson)
    tracker = LessonTracker(lesson, 0)
    out = Walk()
    _observe(tracker, match, out, list(match.public_log()))
    while not tracker.ended and not match.is_over() and out.moves < MOVE_CAP:
        mover = match.to_move()
        assert mover is not None
        own = lesson.own_suggestion(moment_of(match, 0))
        if own is not None:  # the lesson's own move, in turn or not (a snap)
            action, mover = own, 0
            out.learner_moves += 1
        elif mover == 0:
            action = match.hint(0)
            out.learner_moves += 1
        else:
            action = match.choose_bot(mover)
        events = match.apply(action, mover)
        out.moves += 1
        _observe(tracker, match, out, events)
    out.ended = tracker.ended or match.is_over()
    out.missed = [r.rule_id for r in tracker.missed()]
    scores = match.scores()
    sign = -1 if match.game.low_score_wins else 1
    out.behind = sum(1 for s in scores if sign * s > sign * scores[0])
    out.margin = sign * scores[0] - max(sign * s for s in scores[1:])
    return out


def _observe(tracker: LessonTracker, match: Match, out: Walk, events: list[Event]) -> None:
    for rule in tracker.observe(moment_of(match, tracker.seat, events)):
        out.first_at.setdefault(rule.rule_id, out.learner_moves)


__all__ = ["MOVE_CAP", "Walk", "walk"]
