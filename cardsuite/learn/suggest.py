"""The lesson's suggestion at the learner's turn: a move and why.

One function, so the source of the move can change in one place: today the move is
``Match.hint`` (the medium bot's choice) and the reason the lesson's words for the rule at
hand; ``Match.hint_with_reason`` (the bot's own one-line reason) can take its place."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..engine import Action
from .lesson import LessonRule

#: The reason given when neither the lesson nor the bot has words for this moment.
PLAIN_REASON = "the medium bot's choice here"


class _Hinting(Protocol):
    def hint(self, seat: int) -> Action: ...


@dataclass(frozen=True)
class Suggestion:
    action: Action
    reason: str


def lesson_suggestion(
    source: _Hinting, seat: int, rule: LessonRule | None, fallback: str = ""
) -> Suggestion:
    """The move suggested to the learner at ``seat`` and its reason: the rule at hand's
    ``why``, else the lesson's own (``fallback``), else ``PLAIN_REASON``."""
    action = source.hint(seat)
    reason = (rule.why if rule is not None else "") or fallback or PLAIN_REASON
    return Suggestion(action, reason)


__all__ = ["PLAIN_REASON", "Suggestion", "lesson_suggestion"]
