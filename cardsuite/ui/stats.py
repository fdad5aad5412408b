"""Statistics per game and player: played, won, win rate, streaks."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ..games import get_game
from ..store import StoreError
from .closing import close_once

if TYPE_CHECKING:
    from .app import CardSuiteApp


class StatsScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "close", "Back")]

    def compose(self) -> ComposeResult:
        yield Static("Statistics", classes="table-header")
        yield DataTable(id="stats", cursor_type="row", zebra_stripes=True)
        yield Static(id="stats-note", classes="dim-note")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(
            "game",
            "player",
            "played",
            "won",
            "win rate",
            "streak",
            "best streak",
            "best snap",
            "median snap",
        )
        app = cast("CardSuiteApp", self.app)
        note = self.query_one("#stats-note", Static)
        try:
            rows = app.store.game_stats()
        except StoreError as e:
            note.update(Text(str(e)))
            return
        for r in rows:
            try:
                game = get_game(r.game).name
            except KeyError:
                game = r.game
            snap = app.store.metric_summary(r.game, r.name, "snap_ms")
            table.add_row(
                game,
                Text(r.name),  # a player's own words: text, never markup
                str(r.played),
                str(r.won),
                f"{r.win_rate * 100:.0f}%",
                str(r.current_streak),
                str(r.best_streak),
                f"{snap['best']:.0f} ms" if snap else "",
                f"{snap['median']:.0f} ms" if snap else "",
            )
        note.update("" if rows else "No finished games yet: play one from the picker.")

    def action_close(self) -> None:
        close_once(self)
