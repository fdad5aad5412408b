"""The lesson's panel beside the table: the rule that has just come up, by its name and
ID, in plain words (``learn.LessonRule``); before any, the lesson's opening words. It sits
in the table's side column, in place of part of the log, so no card is hidden."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from ..learn.lesson import Lesson, LessonRule
from .cardart import suit_text


def in_card_style(text: Text, ascii: bool) -> Text:
    """``text`` with its suit symbols as letters in ASCII mode (``cardart.suit_text``, one
    character for one, so its styles stay where they were): a lesson's words name cards."""
    if not ascii:
        return text
    return Text(suit_text(text.plain, True), spans=list(text.spans), end=text.end)


def panel_text(
    lesson: Lesson, rules: Sequence[LessonRule], more: int = 0, waiting: bool = False
) -> Text:
    """The panel's words: each rule's name and ID, then its text; before any rule has come
    up, the lesson's opening words. ``waiting``: the table waits for a key, and says so
    (``more``: how many rules come next)."""
    out = Text()
    if not rules:
        out.append(lesson.intro, style="italic")
    for i, rule in enumerate(rules):
        if i:
            out.append("\n\n")
        out.append(rule.title, style="bold")
        out.append(f"  {rule.rule_id}\n", style="dim")
        out.append(rule.text)
    if waiting:
        out.append("\n▸ ", style="bold")
        if more:
            what = "the first rule" if not rules else f"the next rule ({more} more)"
            out.append(f"Any key: {what}.", style="bold")
        else:
            out.append("Any key goes on.", style="bold")
    return out


class LessonPanel(Static):
    """The panel (see the module docstring); ``show`` puts rules in it."""

    def __init__(self, lesson: Lesson) -> None:
        super().__init__(id="lesson-panel", classes="panel")
        self.lesson = lesson
        self.rules: tuple[LessonRule, ...] = ()
        self._shown: tuple[tuple[LessonRule, ...], int, int, bool] = ((), 0, 0, False)

    def on_mount(self) -> None:
        self.show((), 0)

    def cards_changed(self) -> None:
        """ASCII mode or the theme changed (``app.refresh_cards``): the words again."""
        self.show(*self._shown)

    def show(
        self, rules: Sequence[LessonRule], number: int, more: int = 0, waiting: bool = False
    ) -> None:
        """``rules`` in the panel; ``number``: how many rules have come up by the last of
        them."""
        self.rules = tuple(rules)
        self._shown = (self.rules, number, more, waiting)
        total = len(self.lesson.rules)
        self.border_title = f"Lesson · rule {number} of {total}" if rules else "Lesson"
        self.border_subtitle = "? more on this rule" if rules else ""
        ascii = bool(getattr(getattr(self.app, "settings", None), "ascii", False))
        self.update(in_card_style(panel_text(self.lesson, rules, more, waiting), ascii))


__all__ = ["LessonPanel", "in_card_style", "panel_text"]
