"""Statistics per game and player: played, won, win rate, streaks (and Money's snap times),
then the ratings of the games played rated (``ui/ratings_panel.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ..daily import DailyStats, stats_of
from ..games import get_game
from ..store import StatRow, StoreError
from .closing import close_once
from .daily_panel import daily_stats_table
from .ratings_panel import ratings_parts

if TYPE_CHECKING:
    from .app import CardSuiteApp


#: The columns every game has; two-line headings keep them narrow (80 columns hold a table
#: with a 16-letter name and both snap columns).
COLUMNS = ("player", "played", "won", "win\nrate", "streak\nnow", "best\nstreak")
#: Money's own: reaction times of the snaps, only in a game that has any.
SNAP_COLUMNS = ("best\nsnap", "median\nsnap")


class StatsScreen(Screen[None]):
    """One table a game (its name on the border): no game column, and a game's own columns
    (Money's snap times) only in its table, so every table fits 80 columns."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "close", "Back")]

    def compose(self) -> ComposeResult:
        app = cast("CardSuiteApp", self.app)
        by_game: dict[str, list[StatRow]] = {}
        note: str | Text = "No finished games yet: play one from the picker."
        try:
            for r in app.store.game_stats():
                by_game.setdefault(r.game, []).append(r)
        except StoreError as e:
            note = Text(str(e))  # a path, perhaps with brackets: never markup
        dailies = self._dailies(app)
        yield Static("Statistics", classes="table-header")
        with VerticalScroll(id="stats"):
            if dailies:
                yield daily_stats_table(dailies)
            for game, rows in by_game.items():
                yield self._table(app, game, rows)
            yield from ratings_parts(app.store)
        yield Static("" if by_game or dailies else note, id="stats-note", classes="dim-note")
        yield Footer()

    def _dailies(self, app: CardSuiteApp) -> list[DailyStats]:
        """The daily deals' days and streaks (``ui/daily_panel.py``); none when the
        statistics cannot be read (the games' table says why)."""
        try:
            return stats_of(app.store, app.store.now())
        except StoreError:
            return []

    def on_mount(self) -> None:
        self.query_one("#stats", VerticalScroll).focus()  # the arrows and page keys scroll

    def _table(self, app: CardSuiteApp, game_id: str, rows: list[StatRow]) -> DataTable[Any]:
        snaps = [app.store.metric_summary(game_id, r.name, "snap_ms") for r in rows]
        table: DataTable[Any] = DataTable(
            id=f"stats-{game_id}",
            classes="stats-table",
            cursor_type="none",
            zebra_stripes=True,
            header_height=2,
        )
        table.can_focus = False
        try:
            table.border_title = get_game(game_id).name
        except KeyError:  # a game of a later version, in a shared data folder
            table.border_title = game_id
        with_snaps = any(snaps)
        table.add_columns(*COLUMNS, *(SNAP_COLUMNS if with_snaps else ()))
        for r, snap in zip(rows, snaps, strict=True):
            cells: list[Any] = [
                Text(r.name),  # a player's own words: text, never markup
                str(r.played),
                str(r.won),
                f"{r.win_rate * 100:.0f}%",
                str(r.current_streak),
                str(r.best_streak),
            ]
            if with_snaps:
                cells += (
                    [f"{snap['best']:.0f} ms", f"{snap['median']:.0f} ms"] if snap else ["", ""]
                )
            table.add_row(*cells)
        return table

    def action_close(self) -> None:
        close_once(self)
