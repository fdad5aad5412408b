"""Where a lesson stands: which rules have come up, which one the table shows now, whether
the lesson is over, and what the learner did. Pure (no terminal library), so the table, the
deal-finding script and the tests share it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..engine import Action, Event
from .lesson import Lesson, LessonRule, Moment


class _Source(Protocol):
    """The little of a table source (``table_source.TableSource``) a moment is made from."""

    def view(self, seat: int | None) -> dict[str, Any]: ...
    def legal_actions(self, seat: int) -> Sequence[Action]: ...


def moment_of(source: _Source, seat: int, events: Sequence[Event] = ()) -> Moment:
    """The learner's moment at ``source``: its view, its legal actions when it is to move,
    and ``events``. Only what the learner's own table may read."""
    view = source.view(seat)
    legal = source.legal_actions(seat) if view.get("to_move") == seat else ()
    return Moment(seat, view, legal, tuple(events))


@dataclass
class LessonTracker:
    """A lesson under way for the learner at ``seat``."""

    lesson: Lesson
    seat: int = 0
    #: the rules met so far, in the order they came up
    met: list[LessonRule] = field(default_factory=list)
    #: the rules the panel shows: those the latest moment brought up
    current: list[LessonRule] = field(default_factory=list)
    ended: bool = False
    #: the learner's moves: as suggested, their own choice, refused by the rules
    followed: int = 0
    own: int = 0
    refused: int = 0

    def observe(self, moment: Moment) -> list[LessonRule]:
        """Note the rules that first matter at ``moment`` (in the lesson's order) and
        whether the lesson has ended; the new rules become the panel's."""
        new = [
            r
            for r in self.lesson.rules
            if r not in self.met and self.lesson.holds(r.trigger, moment)
        ]
        self.met += new
        if new:
            self.current = new
        if not self.ended and self.lesson.holds(self.lesson.ends, moment):
            self.ended = True
        return new

    def at_hand(self, moment: Moment) -> LessonRule | None:
        """The rule a suggestion's reason speaks of now: of the rules with a reason whose
        trigger holds at ``moment``, the last in the lesson's order (the most particular)."""
        here = [r for r in self.lesson.rules if r.why and self.lesson.holds(r.trigger, moment)]
        return here[-1] if here else None

    def missed(self) -> list[LessonRule]:
        """The lesson's rules that did not come up (a learner who played their own way)."""
        return [r for r in self.lesson.rules if r not in self.met]

    def note_move(self, played: Action, suggested: Action | None) -> None:
        """A move of the learner's, as suggested (the same choice: ``Action.key``) or not."""
        if suggested is not None and played.key == suggested.key:
            self.followed += 1
        else:
            self.own += 1

    def note_text(self, played: str, suggested: str | None) -> None:
        """A move of the learner's known by its words only (a table's record): as
        suggested when the words are the suggestion's."""
        if suggested is not None and played == suggested:
            self.followed += 1
        else:
            self.own += 1

    def did(self) -> str:
        """What the learner did, in a sentence for the summary."""
        moves = self.followed + self.own
        parts = [f"You made {moves} move{'s' * (moves != 1)}: {self.followed} as suggested"]
        parts.append(f", {self.own} your own way" if self.own else "")
        if self.refused:
            n = self.refused
            parts.append(f"; the rules refused {n} tr{'ies' if n != 1 else 'y'}, each with why")
        return "".join(parts) + "."


__all__ = ["LessonTracker", "moment_of"]
