"""The end of a game: who won, the final scores, and what next (rematch or the picker)."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..match import Match
from .closing import close_once


class GameOverScreen(ModalScreen[str | None]):
    """Dismisses with ``"rematch"``, ``"picker"`` or None (look at the table).

    "View table" has the focus, so a stray enter only closes the dialog; the result names
    the players as the table does ("South (you)")."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "choose('rematch')", "Rematch"),
        Binding("p", "choose('picker')", "Picker"),
        Binding("v,escape", "choose(None)", "View table"),
    ]

    def __init__(self, match: Match, sheet: RenderableType | None = None) -> None:
        super().__init__()
        self.match = match
        self.sheet = sheet  # the game's final score sheet, when it keeps one

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
        with Vertical(id="dialog", classes="gameover"):
            yield Static(Text(headline, style="bold"), id="gameover-title")
            yield Static(
                "r rematch · p picker · v or esc: look at the table (g brings this back)",
                id="gameover-keys",
                classes="dim-note",
            )
            yield Static(self._scores(), id="gameover-scores")
            if self.sheet is not None:
                yield Static(self.sheet, id="gameover-sheet", classes="panel")
            with Horizontal(id="dialog-buttons"):
                yield Button("Rematch (r)", id="rematch", variant="success")
                yield Button("Picker (p)", id="picker", variant="primary")
                yield Button("View table (v)", id="view")

    def _scores(self) -> Table:
        m = self.match
        scores = m.state.scores()
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

    def on_button_pressed(self, event: Button.Pressed) -> None:
        close_once(self, None if event.button.id == "view" else event.button.id)

    def action_choose(self, choice: str | None) -> None:
        close_once(self, choice)
