"""Hot-seat curtain: hides the table while the keyboard passes to the next person."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from .closing import close_once


class CurtainScreen(Screen[None]):
    """An opaque screen (not a modal: nothing of the table shows through)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", "I am ready"),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                f"Pass the keyboard to [b]{self.player}[/b].\n\n"
                f"Hands are hidden. Press [b]enter[/b] when you are ready, {self.player}.",
                id="curtain-card",
            )

    def action_ready(self) -> None:
        close_once(self)
