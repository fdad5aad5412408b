"""The lesson's suggestion at the learner's turn: a move, the bot's reason for it, and the
lesson's own words for the rule at hand.

One function, so the source of the move can change in one place: the move and its reason
are ``hint_with_reason`` (the medium bot's choice and its rule of thumb, ``hints``), as
``h`` gives them at any table; the lesson adds its words for the rule at hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from .lesson import LessonRule

if TYPE_CHECKING:
    from ..engine import Action
    from ..hints import Hint


class _Hinting(Protocol):
    def hint_with_reason(self, seat: int) -> Hint: ...


@dataclass(frozen=True)
class Suggestion:
    """The medium bot's ``hint`` (its move and why) and the lesson's ``why`` for the rule
    at hand ("" when the lesson has none for this moment)."""

    hint: Hint
    why: str

    @property
    def action(self) -> Action:
        return self.hint.action


def lesson_suggestion(
    source: _Hinting,
    seat: int,
    rule: LessonRule | None,
    fallback: str = "",
    own: Action | None = None,
) -> Suggestion:
    """The move suggested to the learner at ``seat``, the bot's reason, and the lesson's
    words: the rule at hand's ``why``, else the lesson's own (``fallback``). ``own``: the
    lesson's own move here (``Lesson.own_suggestion``, a move no bot makes: a snap), with
    the lesson's words as its reason."""
    why = (rule.why if rule is not None else "") or fallback
    if own is not None:
        from ..hints import Hint

        return Suggestion(Hint(own, why or OWN_REASON), why)
    hint = source.hint_with_reason(seat)
    return Suggestion(hint, why)


#: The reason for the lesson's own move when it has no words for the moment.
OWN_REASON = "the lesson's move here"


__all__ = ["OWN_REASON", "Suggestion", "lesson_suggestion"]
