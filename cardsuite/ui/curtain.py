"""Hot-seat curtain: hides the table while the keyboard passes to the next person."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from .closing import close_once


class CurtainScreen(Screen[None]):
    """An opaque screen (not a modal: nothing of the table shows through). It lifts only on
    the key it names, enter; the table then ignores keys for a moment (``TableScreen``), so
    a double tap or a key repeat cannot play a card."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "I am ready"),
    ]

    def __init__(self, name: str, lifted: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.player = name
        self.lifted = lifted  # told at once, before the table is back (its key guard)

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                Text.assemble(
                    "Pass the keyboard to ",
                    (self.player, "bold"),
                    ".\n\nHands are hidden. Press ",
                    ("enter", "bold"),
                    f" when you are ready, {self.player}.",
                ),
                id="curtain-card",
            )

    def action_ready(self) -> None:
        if self.app.screen is self and self.lifted is not None:
            self.lifted()
        close_once(self)
