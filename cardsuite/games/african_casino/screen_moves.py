"""Two dialogs of the African Casino table: every legal step as a list that typing filters
(``m``), and the command line that takes a step in the action notation (``:``), saying as
you type whether the game would take it and, if not, why.

Both are given what to show by the table (the legal steps of the seat being shown, and a
function that asks the game about a text); neither sees the position itself.
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
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ...ui.closing import close_once

#: A list entry: its label, the words it is found by, and the step.
Entry = tuple[Text, str, Any]


class CasinoMovesScreen(ModalScreen[Any]):
    """Dismisses with the chosen step, or None. Typing filters (every word typed must be in
    the step's words or its notation); tab switches between the picked card's steps and all
    of them; backspace takes back a letter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("tab", "scope", "This card / all", show=False),
    ]

    def __init__(
        self,
        titles: tuple[str, str],
        card_entries: Sequence[Entry] | None,
        all_entries: Sequence[Entry],
    ) -> None:
        super().__init__()
        self.titles = titles
        self.card_entries = list(card_entries) if card_entries is not None else None
        self.all_entries = list(all_entries)
        self.scope_all = card_entries is None
        self.filter = ""
        self.shown: list[Entry] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="ac-moves"):
            yield Static(id="ac-moves-title")
            yield Static(id="ac-moves-filter")
            yield OptionList(id="ac-moves-list")
            yield Static(id="ac-moves-hint", classes="dim-note")

    def on_mount(self) -> None:
        self._fill()
        self.query_one(OptionList).focus()

    def _entries(self) -> list[Entry]:
        if self.scope_all or self.card_entries is None:
            return self.all_entries
        return self.card_entries

    def _fill(self) -> None:
        words = self.filter.lower().split()
        self.shown = [e for e in self._entries() if all(w in e[1] for w in words)]
        title = self.titles[1] if self.scope_all or self.card_entries is None else self.titles[0]
        self.query_one("#ac-moves-title", Static).update(
            Text(f"{title} ({len(self.shown)})", style="bold")
        )
        shown = Text("filter: ", style="dim")
        shown.append(self.filter or "type to filter", style="bold" if self.filter else "dim")
        self.query_one("#ac-moves-filter", Static).update(shown)
        lst = self.query_one(OptionList)
        lst.clear_options()
        for i, (label, _, _) in enumerate(self.shown):
            lst.add_option(Option(label, id=f"m{i}"))
        if self.shown:
            lst.highlighted = 0
        hint = "↑↓ enter choose · type to filter · backspace"
        if self.card_entries is not None:
            hint += " · tab this card / all"
        self.query_one("#ac-moves-hint", Static).update(hint + " · esc cancels")

    def on_key(self, event: events.Key) -> None:
        if event.key == "backspace":
            event.stop()
            self.filter = self.filter[:-1]
            self._fill()
        elif event.character and event.is_printable and event.key not in ("tab",):
            event.stop()
            self.filter += event.character
            self._fill()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = int(str(event.option.id)[1:])
        if index < len(self.shown):
            close_once(self, self.shown[index][2])

    def action_scope(self) -> None:
        if self.card_entries is not None:
            self.scope_all = not self.scope_all
            self._fill()

    def action_cancel(self) -> None:
        close_once(self, None)


class CasinoCommandScreen(ModalScreen[str | None]):
    """A step typed in the action notation; as you type, the game's verdict (tried on a
    copy). Enter sends it to the table, escape cancels."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self,
        explain: Callable[[str], str | None],
        example: str,
        value: str = "",
        heading: str = "Type a step",
    ) -> None:
        """``value`` is the step already written (``o``: a capture and its order, to
        rearrange); ``example`` the placeholder."""
        super().__init__()
        self.explain = explain
        self.example = example
        self.value = value
        self.heading = heading

    def compose(self) -> ComposeResult:
        with Vertical(id="ac-command"):
            yield Static(Text(self.heading, style="bold"), id="ac-command-title")
            yield Input(self.value, placeholder=self.example, id="ac-command-input")
            yield Static(id="ac-command-verdict")
            yield Static(
                "capture 9S: B9 5H+4C · build 10: 5H 3C 2D · add B9: 5H+4C | 9D · raise B9: 2H"
                " · trail KC · end · capture 9S: 5H+4C order 4C 5H (the pile, bottom to top)"
                " · enter sends · esc cancels",
                id="ac-command-hint",
                classes="dim-note",
            )

    def on_mount(self) -> None:
        line = self.query_one(Input)
        line.focus()
        line.cursor_position = len(line.value)  # (a step written already: edit its end)

    def on_input_changed(self, event: Input.Changed) -> None:
        text = event.value.strip()
        verdict = self.query_one("#ac-command-verdict", Static)
        reason = self.explain(text) if text else None
        verdict.set_class(bool(text) and reason is None, "-ok")
        verdict.set_class(reason is not None, "-bad")
        if not text:
            verdict.update("")
        elif reason is None:
            verdict.update(Text("✓ the game takes it: enter sends it", style="bold"))
        else:
            verdict.update(Text(f"✗ {reason}", style="bold"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            close_once(self, event.value.strip())

    def action_cancel(self) -> None:
        close_once(self, None)


__all__ = ["CasinoCommandScreen", "CasinoMovesScreen", "Entry"]
