"""Remapping keys: pick an action, press the key you want for it.

The screen knows nothing of games: it is given the actions' labels, their current keys and
a ``save`` callback (a game keeps its keys among its own preferences)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from .closing import close_once

#: Keys that cannot be given to a game action (they run the app).
RESERVED = {"escape", "ctrl+q", "ctrl+p", "ctrl+s", "question_mark", "f1", "q", "m", "b", "tab"}


class KeysScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Done")]

    def __init__(
        self,
        labels: dict[str, str],
        current: dict[str, str],
        save: Callable[[str, str], None],
    ) -> None:
        super().__init__()
        self.labels = labels
        self.current = dict(current)
        self.save = save
        self.waiting: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="choice"):
            yield Static(Text("Keys", style="bold"), id="choice-title")
            yield OptionList(*self._options(), id="keys-list")
            yield Static(
                "enter: choose an action, then press its new key · esc: done",
                id="keys-note",
                classes="dim-note",
            )

    def _options(self) -> list[Option]:
        return [
            Option(Text.assemble((f"{label:<24}", "bold"), self.current[k].upper()), id=k)
            for k, label in self.labels.items()
        ]

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.waiting = str(event.option.id)
        self.query_one("#keys-note", Static).update(
            Text(f"Press the new key for {self.labels[self.waiting]} (esc: keep it)")
        )

    def on_key(self, event: events.Key) -> None:
        if self.waiting is None:
            return
        event.stop()
        event.prevent_default()
        target, self.waiting = self.waiting, None
        note = self.query_one("#keys-note", Static)
        if event.key == "escape":
            note.update(Text("Unchanged."))
            return
        if event.key in RESERVED or len(event.key) != 1:
            note.update(Text(f"{event.key} is taken by the app: choose a letter or a digit."))
            return
        clash = [k for k, v in self.current.items() if v == event.key and k != target]
        if clash:
            note.update(Text(f"{event.key.upper()} is already {self.labels[clash[0]]}."))
            return
        self.current[target] = event.key
        self.save(target, event.key)
        lst = self.query_one(OptionList)
        lst.clear_options()
        lst.add_options(self._options())
        note.update(Text(f"{self.labels[target]} is now {event.key.upper()}."))

    def action_close(self) -> None:
        close_once(self)
