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

#: Choices on one page: each has a digit.
PAGE = 9


class ChoiceScreen(ModalScreen[Any]):
    """Dismisses with the chosen value, or None when cancelled (if ``cancel`` is allowed).

    Nine choices a page, each with its digit; ``0`` (or page down) turns to the next page.
    ``update`` rebuilds the menu when the position under it changes, so it never offers what
    is no longer there."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("pagedown", "page(1)", "More", show=False),
        Binding("pageup", "page(-1)", "Back", show=False),
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
        self.page = 0

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.choices) // PAGE))

    def compose(self) -> ComposeResult:
        with Vertical(id="choice"):
            yield Static(Text(self.heading, style="bold"), id="choice-title")
            yield Static(self.info, id="choice-info")
            yield OptionList(id="choice-list")
            yield Static(id="choice-hint", classes="dim-note")

    def on_mount(self) -> None:
        self._fill()
        self.query_one(OptionList).focus()

    def _fill(self) -> None:
        lst = self.query_one(OptionList)
        lst.clear_options()
        first = self.page * PAGE
        for i, (label, _) in enumerate(self.choices[first : first + PAGE]):
            lst.add_option(Option(Text.assemble((f"{i + 1} ", "bold"), label), id=f"c{first + i}"))
        if self.choices:
            lst.highlighted = 0
        hint = "digits or ↑↓ and enter choose"
        if self.pages > 1:
            hint += f" · page {self.page + 1} of {self.pages}: 0 or page down for more"
        if self.cancellable:
            hint += " · esc cancels"
        self.query_one("#choice-hint", Static).update(hint)

    def update(self, title: str, info: Text | str, choices: Sequence[tuple[str, Any]]) -> None:
        """The position changed under the menu: show its choices now."""
        self.heading, self.info, self.choices = title, info, list(choices)
        self.page = min(self.page, self.pages - 1)
        self.query_one("#choice-title", Static).update(Text(title, style="bold"))
        self.query_one("#choice-info", Static).update(info)
        self._fill()

    def action_page(self, step: int) -> None:
        self.page = (self.page + step) % self.pages
        self._fill()

    def on_key(self, event: events.Key) -> None:
        if self.passthrough is not None and self.passthrough(event):
            event.stop()
            event.prevent_default()
            return
        if event.character == "0" and self.pages > 1:
            event.stop()
            self.action_page(1)
        elif event.character and event.character.isdigit() and event.character != "0":
            index = self.page * PAGE + int(event.character) - 1
            if index < min(len(self.choices), (self.page + 1) * PAGE):
                event.stop()
                close_once(self, self.choices[index][1])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = int(str(event.option.id)[1:])
        close_once(self, self.choices[index][1])

    def action_cancel(self) -> None:
        if self.cancellable:
            close_once(self, None)

    def close(self) -> None:
        """Close without a choice, whatever ``cancel`` says (the choice is gone)."""
        close_once(self, None)
