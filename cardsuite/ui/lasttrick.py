"""A modal showing some cards (the last trick) until any key."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from .closing import close_once
from .widgets import CardGroup, CardRowView


class LastTrickScreen(ModalScreen[None]):
    def __init__(self, title: str, groups: Sequence[CardGroup]) -> None:
        super().__init__()
        self.heading = title
        self.groups = list(groups)

    def compose(self) -> ComposeResult:
        with Vertical(id="last-trick"):
            yield CardRowView(classes="felt")
            yield Static("any key to close", classes="dim-note")

    def on_mount(self) -> None:
        self.query_one(CardRowView).show(self.heading, self.groups)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        close_once(self)

    def on_click(self) -> None:
        close_once(self)
