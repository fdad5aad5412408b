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
    a double tap or a key repeat cannot play a card. ctrl+s saves the game from here: the
    table's save, which shows no cards."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "I am ready"),
        Binding("ctrl+s", "save", "Save"),
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
                    f" when you are ready, {self.player}.\n\n",
                    ("ctrl+s", "bold"),
                    " saves the game, to go on later.",
                ),
                id="curtain-card",
            )

    def action_save(self) -> None:
        """The table's save: the nearest screen under this one that can save."""
        stack = self.app.screen_stack
        below = stack[: stack.index(self)] if self in stack else []
        table = next((s for s in reversed(below) if hasattr(s, "action_save")), None)
        if table is None:
            self.notify("There is no game here to save.", severity="warning")
            return
        table.action_save()

    def action_ready(self) -> None:
        if self.app.screen is self and self.lifted is not None:
            self.lifted()
        close_once(self)
