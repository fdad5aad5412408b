"""A numbered menu as a modal dialog: digits pick, arrows and enter pick, escape cancels.

Games use it for decisions that are lists (Money's purchases, exchanges and the seller's
split; the trick games' bids, contracts and calls). ``passthrough`` sees every key first: a
table whose other keys must keep working while the menu is open (Money's snap keys) handles
them there and returns True. ``keep_clear`` keeps that many rows at the bottom of the screen
uncovered (a trick table's hand: a player chooses a contract or a bid seeing their cards);
the dialog then sits, compact, in the rows above, its list scrolling if it must.
``hint``, when given, is what ``h`` asks: the index of the choice to suggest and the words
that say why (the medium bot's, ``hints``); the dialog moves to it and says them.
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

#: The fewest rows a dialog above the hand takes, however little room the hand leaves.
_MIN_ROOM = 10

#: Choices on one page: each has a digit.
PAGE = 9


class ChoiceScreen(ModalScreen[Any]):
    """Dismisses with the chosen value, or None when cancelled (if ``cancel`` is allowed).

    Nine choices a page, each with its digit; ``0`` (or page down) turns to the next page,
    from the last back to the first. ``update`` rebuilds the menu when the position under it
    changes, so it never offers what is no longer there."""

    CSS_PATH = "choice.tcss"

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
        keep_clear: int = 0,
        hint: Callable[[], tuple[int, str] | None] | None = None,
    ) -> None:
        super().__init__()
        self.hint = hint
        self._said: str | None = None  # the hint said under the list, until a page turns
        self.keep_clear = keep_clear
        self.placed = not keep_clear  # laid out above what it keeps clear (tests wait for it)
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
        self.set_class(self.keep_clear > 0, "-above")
        self._fill()
        self.query_one(OptionList).focus()
        self._place()

    def on_resize(self) -> None:
        self._place()

    def _room(self) -> int:
        """The rows above what must stay uncovered."""
        return max(_MIN_ROOM, self.app.size.height - self.keep_clear)

    def _place(self) -> None:
        """Above the hand: the dialog no taller than the rows above it, its list as long as
        they allow once the dialog's other parts are laid out, then the dialog centred in
        them (by its top margin: the table shows through a margin, not through a widget)."""
        if not self.keep_clear:
            return
        self.query_one("#choice").styles.max_height = self._room()
        self.call_after_refresh(self._fit_list)

    def _fit_list(self) -> None:
        if not self.is_attached:
            return
        dialog = self.query_one("#choice")
        others = sum(
            w.outer_size.height
            for w in (self.query_one(f"#choice-{part}") for part in ("title", "info", "hint"))
        )
        chrome = dialog.styles.gutter.height  # its border and padding
        self.query_one(OptionList).styles.max_height = max(3, self._room() - chrome - others)
        self.call_after_refresh(self._centre)

    def _centre(self) -> None:
        if self.is_attached:
            dialog = self.query_one("#choice")
            top = max(0, (self._room() - dialog.outer_size.height) // 2)
            dialog.styles.margin = (top, 0, 0, 0)
            self.placed = True

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
            more = "back to the first" if self.page == self.pages - 1 else "for more"
            hint += f" · page {self.page + 1} of {self.pages}: 0 or page down {more}"
        if self.hint is not None:
            hint += " · h hint"
        if self.cancellable:
            hint += " · esc cancels"
        self.query_one("#choice-hint", Static).update(self._said or hint)

    def update(self, title: str, info: Text | str, choices: Sequence[tuple[str, Any]]) -> None:
        """The position changed under the menu: show its choices now."""
        self.heading, self.info, self.choices = title, info, list(choices)
        self.page = min(self.page, self.pages - 1)
        self._said = None
        self.query_one("#choice-title", Static).update(Text(title, style="bold"))
        self.query_one("#choice-info", Static).update(info)
        self._fill()

    def action_page(self, step: int) -> None:
        self.page = (self.page + step) % self.pages
        self._said = None
        self._fill()

    def action_hint(self) -> None:
        """``h``: the suggested choice highlighted (on its page) and why, under the list;
        enter takes it."""
        got = self.hint() if self.hint is not None else None
        if got is None or not 0 <= got[0] < len(self.choices):
            return
        index, why = got
        self.page = index // PAGE
        self._said = f"Hint: {why} · enter takes it"
        self._fill()
        self.query_one(OptionList).highlighted = index % PAGE

    def on_key(self, event: events.Key) -> None:
        if self.passthrough is not None and self.passthrough(event):
            event.stop()
            event.prevent_default()
            return
        if event.character == "h" and self.hint is not None:  # (after the passthrough's keys)
            event.stop()
            self.action_hint()
        elif event.character == "0" and self.pages > 1:
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
