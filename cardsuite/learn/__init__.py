"""Guided first games (``cardsuite learn GAME``): a chosen deal against gentle bots in which
the table explains each rule the moment it first matters, suggests a move with a reason,
and ends with a summary of what was covered.

A game's lesson is data beside its ``help.md``: ``lessons/<variant>.md`` (the deal, the
bots' level, each rule's trigger, reason and panel text; ``lesson.py``) and the trigger
predicates in the game's ``lesson.py`` (``TRIGGERS``: each reads a ``Moment``, the learner's
view, legal actions and the last events, never hidden state). This package names no game
and imports no terminal library: the table's part is ``ui/lesson*.py``.
"""

from __future__ import annotations

from .lesson import (
    Lesson,
    LessonError,
    LessonRule,
    Moment,
    lesson_variants,
    load_lesson,
    parse_lesson,
)
from .tracker import LessonTracker

__all__ = [
    "Lesson",
    "LessonError",
    "LessonRule",
    "LessonTracker",
    "Moment",
    "lesson_variants",
    "load_lesson",
    "parse_lesson",
]
