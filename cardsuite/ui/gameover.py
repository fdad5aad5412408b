"""The end of a game: who won, the final scores, and what next (rematch or the picker).

It must fit the smallest terminal the app plays at (80x24) with 16-letter names, however
long the game was: the dialog takes the terminal's width (up to a limit), lays the game's
final sheet out at that width (``ui/sheet.py``), and when it would be taller than the
screen it takes the screen's height (the ``-full`` class) and lets the scores and the
sheet's rows scroll (to their last rows at first), the sheet's header and totals and the
buttons always in sight."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..table_source import TableSource
from .closing import close_once
from .sheet import Sheet, sheet_lines


class Resized(Message):
    """A part of the dialog changed its size (or its content's): the screen fits the
    dialog again. Textual's own Resize does not bubble, and comes only after the layout
    that a new content asks for, which a callback after the next refresh may precede."""


class _Box(Vertical):
    def on_resize(self) -> None:
        self.post_message(Resized())


class _Scroll(VerticalScroll):
    def on_resize(self) -> None:
        self.post_message(Resized())


class GameOverScreen(ModalScreen[str | None]):
    """Dismisses with ``"rematch"``, ``"picker"`` or None (look at the table).

    "View table" has the focus, so a stray enter only closes the dialog; the result names
    the players as the table does ("South (you)")."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "choose('rematch')", "Rematch"),
        Binding("p", "choose('picker')", "Picker"),
        Binding("v,escape", "choose(None)", "View table"),
        Binding("c", "copy_daily", "Copy result", show=False),  # the daily deal's line
        Binding("l", "learn", "Learn from this game"),
    ]

    def __init__(
        self, match: TableSource, sheet: Sheet | None = None, rating_note: str | None = None
    ) -> None:
        super().__init__()
        self.match = match
        self.sheet = sheet  # the game's final score sheet, when it keeps one
        self.rating_note = rating_note  # "Not rated: undo was used" (``ratings.py``)

    def _label(self, seat: int) -> str:
        m = self.match
        if len(m.humans) == 1 and seat == m.humans[0]:
            return f"{m.seats[seat].name} (you)"
        return m.seats[seat].label()

    def compose(self) -> ComposeResult:
        m = self.match
        winners = m.winners()
        names = [m.seats[w].name for w in winners]
        if len(names) == 1:
            headline = f"{names[0]} wins!"
        else:
            headline = " and ".join(names) + " share the win!"
        humans = m.humans
        if len(humans) == 1:
            headline += "  You won." if humans[0] in winners else "  Better luck next time."
        with _Box(id="dialog", classes="gameover"):
            yield Static(Text(headline, style="bold"), id="gameover-title")
            yield Static(
                self._keys_line(),
                id="gameover-keys",
                classes="dim-note",
            )
            with _Scroll(id="gameover-scores"):
                yield Static(self._scores())
            if self.rating_note is not None:
                yield Static(Text(self.rating_note), id="gameover-rating", classes="dim-note")
            yield from self._daily_parts()
            if self.sheet is not None:
                with Vertical(id="gameover-sheet", classes="panel") as panel:
                    panel.border_title = self.sheet.title
                    yield Static(id="gameover-sheet-head")
                    with _Scroll(id="gameover-sheet-body"):
                        yield Static(id="gameover-sheet-rows")
                    yield Static(id="gameover-sheet-foot")
            with Horizontal(id="dialog-buttons"):
                yield Button("Rematch (r)", id="rematch", variant="success")
                yield Button("Picker (p)", id="picker", variant="primary")
                yield Button("View table (v)", id="view")
                if self._learners():
                    yield Button("Learn (l)", id="learn")

    # --- the daily deal (ui/daily_panel.py) --------------------------------------------------

    def _daily_parts(self) -> ComposeResult:
        """A daily deal's comparison with the hard bot, and its line to paste."""
        from ..daily import DailyMatch

        if isinstance(self.match, DailyMatch):
            from .daily_panel import DailyPanel

            yield DailyPanel(self.match)

    def action_copy_daily(self) -> None:
        from .daily_panel import DailyPanel

        for panel in self.query(DailyPanel):
            panel.copy()
            self.notify(panel.line, title="Copied", markup=False)

    def _scores(self) -> Table:
        m = self.match
        scores = m.scores()
        winners = set(m.winners())
        low = m.game.low_score_wins
        order = sorted(
            range(m.players), key=lambda s: (s not in winners, scores[s] * (1 if low else -1))
        )
        table = Table(box=None, padding=(0, 2))
        table.add_column("player")
        table.add_column(m.game.score_label, justify="right")
        for s in order:
            mark = "★ " if s in winners else "  "
            table.add_row(Text(mark + self._label(s)), str(scores[s]))  # names: never markup
        return table

    def on_mount(self) -> None:
        self.query_one("#view", Button).focus()
        self.call_after_refresh(self._lay_out)

    def on_resize(self) -> None:
        self.call_after_refresh(self._lay_out)

    def _lay_out(self) -> None:
        """The sheet at the panel's width (less a column for the rows' scroll bar); the
        height is fitted when the parts' new sizes are known (``Resized``)."""
        if not self.is_attached:
            return
        if self.sheet is not None:
            panel = self.query_one("#gameover-sheet")
            lines = sheet_lines(self.sheet, max(8, panel.content_size.width - 1))
            self.query_one("#gameover-sheet-head", Static).update(lines.head)
            self.query_one("#gameover-sheet-rows", Static).update(Text("\n").join(lines.body))
            foot = self.query_one("#gameover-sheet-foot", Static)
            foot.update(lines.foot or "")
            foot.display = lines.foot is not None

    def on_resized(self, event: Resized) -> None:
        event.stop()
        self._fit()

    def _fit(self) -> None:
        """Taller than the screen: take its height and let the scroll areas share what the
        rest leaves (``-full``); short enough again: back to the dialog's own height.

        The height it needs is its parts' heights, with each scroll area's content in
        place of its own height: the same sum from the sizes of either form, so a late
        ``Resized`` from the form just left cannot flip it back. (The two forms differ
        only in those heights: a form that saved rows elsewhere would flip back and
        forth.)"""
        if not self.is_attached:
            return
        dialog = self.query_one("#dialog")
        natural = dialog.styles.gutter.height
        natural += sum(c.outer_size.height for c in dialog.children if c.display)
        natural += sum(s.virtual_size.height - s.size.height for s in self.query(_Scroll))
        full = natural > self.size.height
        self.set_class(full, "-full")
        self.call_after_refresh(self._to_the_end)

    def _to_the_end(self) -> None:
        """The last deals in sight: they decided the game. (A sheet with a row per seat
        shows its last deals already, and its first seats first.)"""
        if self.is_attached and self.sheet is not None and len(self.sheet.columns) <= 4:
            self.query_one("#gameover-sheet-body", _Scroll).scroll_end(
                animate=False, immediate=True
            )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "learn":
            self.action_learn()
            return
        self.action_choose(None if event.button.id == "view" else event.button.id)

    # --- learn from this game (issue 37: ``ui/quiz.py``) -------------------------------------

    def _keys_line(self) -> str:
        """The keys, in one line at 80 columns (shorter where ``l`` learns)."""
        from ..daily import DailyMatch

        again = "r replay" if isinstance(self.match, DailyMatch) else "r rematch"  # (its button)
        if not self._learners():
            return f"{again} · p picker · v or esc: look at the table (g brings this back)"
        return f"{again} · p picker · l learn · v or esc: the table (g brings this back)"

    def _learners(self) -> list[int]:
        """The seats a quiz may be for: the people at this keyboard, in a game that has a
        record (a remote table keeps none here); none: no ``l``."""
        if not self.match.humans:
            return []
        try:
            self.match.to_record()
        except ValueError:
            return []
        return list(self.match.humans)

    def action_learn(self) -> None:
        """The quiz of the person's clear mistakes (whose, when several shared the
        keyboard), over this dialog: escape comes back to it."""
        from .quiz import open_quiz

        seats = self._learners()
        if not seats:
            self.notify("There is no record of this game here to learn from.", title="No quiz")
            return
        open_quiz(self.app, self.match.to_record(), seats)

    def action_choose(self, choice: str | None) -> None:
        if choice is not None:  # a rematch or the picker: a quiz being prepared stops
            from .quiz_job import drop_quiz

            drop_quiz(self.app)
        close_once(self, choice)
