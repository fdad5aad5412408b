"""The lesson's panel beside the table: the rule that has just come up, by its name and
ID, in plain words (``learn.LessonRule``); before any, the lesson's opening words. It sits
in the table's side column, in place of part of the log, so no card is hidden."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from ..learn.lesson import Lesson, LessonRule


def panel_text(lesson: Lesson, rules: Sequence[LessonRule]) -> Text:
    """The panel's words: each rule's name and ID, then its text; before any rule has come
    up, the lesson's opening words."""
    out = Text()
    if not rules:
        out.append(lesson.intro, style="italic")
    for i, rule in enumerate(rules):
        if i:
            out.append("\n\n")
        out.append(rule.title, style="bold")
        out.append(f"  {rule.rule_id}\n", style="dim")
        out.append(rule.text)
    return out


class LessonPanel(Static):
    """The panel (see the module docstring); ``show`` puts rules in it."""

    def __init__(self, lesson: Lesson) -> None:
        super().__init__(id="lesson-panel", classes="panel")
        self.lesson = lesson
        self.rules: tuple[LessonRule, ...] = ()

    def on_mount(self) -> None:
        self.show((), 0)

    def show(self, rules: Sequence[LessonRule], met: int) -> None:
        self.rules = tuple(rules)
        total = len(self.lesson.rules)
        self.border_title = f"Lesson · {met} of {total} rules"
        self.border_subtitle = "? more on this rule"
        self.update(panel_text(self.lesson, rules))


__all__ = ["LessonPanel", "panel_text"]
