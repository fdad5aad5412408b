"""The end of a lesson, on one screen: each rule covered with its line (and any that did
not come up), what the learner did, the scores so far, and the help's sections that say
more (enter opens the rules there). It answers what next: ``"again"`` (the same lesson
from the start), ``"play_on"`` (the game goes on without the lesson) or ``"menu"``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..learn.lesson import LessonRule
from ..learn.tracker import LessonTracker
from .closing import close_once
from .lesson_help import open_help_at
from .lesson_panel import in_card_style


def covered_text(tracker: LessonTracker) -> Text:
    """The rules the lesson covered, a line each, then those that did not come up."""
    out = Text()
    out.append("What you met\n", style="bold underline")
    for rule in tracker.met:
        _rule_line(out, "✓", rule, rule.summary)
    for rule in tracker.missed():
        _rule_line(out, "·", rule, "did not come up this time (the rules screen has it).")
    out.rstrip()
    return out


def _rule_line(out: Text, mark: str, rule: LessonRule, words: str) -> None:
    out.append(f"{mark} ", style="bold")
    out.append(rule.title, style="bold")
    out.append(f" {rule.rule_id}", style="dim")
    out.append(f": {words}\n")


def did_text(tracker: LessonTracker, standing: str, score_label: str) -> Text:
    out = Text()
    out.append("What you did\n", style="bold underline")
    out.append(tracker.did() + "\n")
    out.append(f"{score_label.capitalize()} so far: {standing}.")
    return out


class LessonSummaryScreen(Screen[str | None]):
    """See the module docstring."""

    CSS_PATH = "lesson.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "read", "Read the rules", priority=True),
        Binding("c", "done('play_on')", "Play on"),
        Binding("r", "done('again')", "Again"),
        Binding("q,escape", "done('menu')", "Menu"),
    ]

    def __init__(
        self,
        tracker: LessonTracker,
        game_name: str,
        standing: str,
        score_label: str,
        sections: Sequence[str],
        can_play_on: bool = True,
    ) -> None:
        super().__init__()
        self.tracker = tracker
        self.game_name = game_name
        self.standing = standing
        self.score_label = score_label
        self.sections = list(sections)
        self.can_play_on = can_play_on

    def compose(self) -> ComposeResult:
        lesson = self.tracker.lesson
        ascii = bool(getattr(getattr(self.app, "settings", None), "ascii", False))
        did = did_text(self.tracker, self.standing, self.score_label)
        yield Static(f"Lesson complete · {lesson.title}", classes="table-header")
        with VerticalScroll(id="lesson-summary"):
            yield Static(in_card_style(covered_text(self.tracker), ascii), id="lesson-covered")
            yield Static(in_card_style(did, ascii), id="lesson-did")
            yield Static(Text("Read more (enter opens the rules there)", style="bold underline"))
            yield OptionList(
                *[Option(name, id=f"section-{i}") for i, name in enumerate(self.sections)],
                id="lesson-sections",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#lesson-sections", OptionList).focus()
        if self.sections:
            self.query_one("#lesson-sections", OptionList).highlighted = 0

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "done" and parameters == ("play_on",):
            return self.can_play_on
        return True

    def action_read(self) -> None:
        """The rules, scrolled to the highlighted section."""
        sections = self.query_one("#lesson-sections", OptionList)
        index = sections.highlighted if sections.highlighted is not None else 0
        heading = self.sections[index] if self.sections else None
        open_help_at(self.app, self.tracker.lesson.game_id, heading)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_read()

    def action_done(self, choice: str) -> None:
        if choice == "play_on" and not self.can_play_on:
            self.notify("The game is over: r plays the lesson again.", severity="warning")
            return
        close_once(self, choice)


__all__ = ["LessonSummaryScreen", "covered_text", "did_text"]
