"""A numbered menu as a modal dialog: digits pick, arrows and enter pick, escape cancels.

Games use it for decisions that are lists (Money's purchases, exchanges and the seller's
split). ``passthrough`` sees every key first: a table whose other keys must keep working
while the menu is open (Money's snap keys) handles them there and returns True.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from .closing import close_once


class ChoiceScreen(ModalScreen[Any]):
    """Dismisses with the chosen value, or None when cancelled (if ``cancel`` is allowed)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(
        self,
        title: str,
        info: Text | str,
        choices: Sequence[tuple[str, Any]],
        *,
        cancel: bool = True,
        passthrough: Callable[[events.Key], bool] | None = None,
    ) -> None:
        super().__init__()
        self.heading = title
        self.info = info
        self.choices = list(choices)
        self.cancellable = cancel
        self.passthrough = passthrough

    def compose(self) -> ComposeResult:
        options = []
        for i, (label, _) in enumerate(self.choices):
            key = str(i + 1) if i < 9 else " "
            options.append(Option(Text.assemble((f"{key} ", "bold"), label), id=f"c{i}"))
        with Vertical(id="choice"):
            yield Static(Text(self.heading, style="bold"), id="choice-title")
            yield Static(self.info, id="choice-info")
            yield OptionList(*options, id="choice-list")
            hint = "digits or ↑↓ and enter choose" + (" · esc cancels" if self.cancellable else "")
            yield Static(hint, classes="dim-note")

    def on_mount(self) -> None:
        lst = self.query_one(OptionList)
        lst.highlighted = 0
        lst.focus()

    def on_key(self, event: events.Key) -> None:
        if self.passthrough is not None and self.passthrough(event):
            event.stop()
            event.prevent_default()
            return
        if event.character and event.character.isdigit() and event.character != "0":
            index = int(event.character) - 1
            if index < len(self.choices):
                event.stop()
                close_once(self, self.choices[index][1])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = int(str(event.option.id)[1:])
        close_once(self, self.choices[index][1])

    def action_cancel(self) -> None:
        if self.cancellable:
            close_once(self, None)

    def refresh_info(self, info: Text | str) -> None:
        """Update the facts shown (the ground may change under an open menu)."""
        self.info = info
        self.query_one("#choice-info", Static).update(info)
