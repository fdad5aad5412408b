"""Shown instead of a squashed table when the terminal is smaller than 80 x 24."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static


class TooSmallScreen(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self._update()

    def on_resize(self) -> None:
        self._update()

    def _update(self) -> None:
        w, h = self.app.size
        self.query_one("#too-small", Static).update(
            f"Please enlarge the terminal to at least 80 × 24.\n(It is {w} × {h} now.)"
        )
