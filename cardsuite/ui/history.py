"""The history: every game record kept (``Store.list_records``), newest first; enter opens
the replay of the chosen one.

A row says when the game began, which game, who played and how it ended. A file that cannot
be read is listed with the reason (and the line at fault) and is never touched: enter on it
says why it cannot be replayed."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ..games import UnknownGame, get_game
from ..records import RecordError
from ..store import RecordInfo, StoreError
from .closing import close_once

if TYPE_CHECKING:
    from .app import CardSuiteApp


def _when(t: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(t))


def _game_name(game_id: str | None) -> str:
    if game_id is None:
        return "?"
    try:
        return get_game(game_id).name
    except UnknownGame:
        return game_id


_SEAT = re.compile(r"^(.*) \((\w+)\)$")


def _players(players: tuple[str, ...]) -> str:
    """The seats, shorter when every one is a bot of one level: ``A, B, C (all medium)``."""
    parts = [_SEAT.match(p) for p in players]
    kinds = {m.group(2) for m in parts if m is not None}
    if players and all(parts) and len(kinds) == 1:
        names = ", ".join(m.group(1) for m in parts if m is not None)
        return f"{names} (all {kinds.pop()})"
    return ", ".join(players)


class HistoryScreen(Screen[None]):
    CSS_PATH = "history.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "replay", "Replay", priority=True),
        Binding("a", "replay_all", "Replay, all hands"),
        Binding("l", "learn", "Learn from it"),
        Binding("escape,q", "close", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.records: list[RecordInfo] = []
        #: each column's width (``_columns``), to cut cells to with "…"
        self.widths: dict[str, int] = {}

    @property
    def cs_app(self) -> CardSuiteApp:
        return cast("CardSuiteApp", self.app)

    def compose(self) -> ComposeResult:
        yield Static("History: the games kept as records", classes="table-header")
        yield DataTable(id="history", cursor_type="row", zebra_stripes=True)
        yield Static(id="history-detail", classes="panel")
        yield Static(id="history-note", classes="dim-note")
        yield Footer()

    def on_mount(self) -> None:
        self.reload()
        self.query_one(DataTable).focus()

    def on_resize(self) -> None:
        self.reload()

    def _columns(self, table: DataTable[Any]) -> None:
        """The players and the result share what the date, game and moves leave."""
        room = max(30, self.size.width - 16 - 14 - 5 - 2 * 5 - 2)
        self.widths = {
            "started": 16,
            "game": 14,
            "moves": 5,
            "players": room * 9 // 20,
            "result": room - room * 9 // 20,
        }
        for name, width in self.widths.items():
            table.add_column(name, width=width)

    def _fit(self, text: Text | str, column: str) -> Text:
        """A cell cut to its column with "…" (the table itself cuts without a mark), so a
        cut name shows that it is cut, as everywhere else."""
        out = text.copy() if isinstance(text, Text) else Text(text)
        out.truncate(self.widths[column], overflow="ellipsis")
        return out

    def reload(self) -> None:
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        self._columns(table)
        note = self.query_one("#history-note", Static)
        store = self.cs_app.store
        try:
            self.records = store.list_records()
        except (OSError, StoreError) as e:
            self.records = []
            note.update(Text(str(e)))
            return
        for i, info in enumerate(self.records):
            if info.error is not None:
                table.add_row(
                    _when(info.started),
                    Text("?", style="dim"),
                    "",
                    # names and reasons: text, not markup
                    self._fit(Text(info.path.name, style="dim"), "players"),
                    self._fit(
                        Text(f"cannot be replayed: {info.error}", style="dim italic"), "result"
                    ),
                    key=str(i),
                )
                continue
            table.add_row(
                _when(info.started),
                self._fit(_game_name(info.game), "game"),
                Text(str(info.moves), justify="right"),
                self._fit(_players(info.players), "players"),
                self._fit(_result_cell(info), "result"),
                key=str(i),
            )
        if row and self.records:
            table.move_cursor(row=min(row, len(self.records) - 1))
        self.query_one("#history-detail", Static).display = bool(self.records)
        if self.records:
            note.update(
                f"{len(self.records)} record{'s' * (len(self.records) != 1)} in "
                f"{store.records_dir}. enter replays one, l makes a quiz of its mistakes."
            )
        else:
            note.update(
                f"No game records yet: every finished and every saved game is kept in "
                f"{store.records_dir}."
            )

    def _chosen(self) -> RecordInfo | None:
        table = self.query_one(DataTable)
        if not self.records or table.cursor_row is None:
            return None
        return self.records[min(max(table.cursor_row, 0), len(self.records) - 1)]

    def action_replay(self, every_hand: bool = False) -> None:
        info = self._chosen()
        if info is None:
            self.notify("There are no game records yet.", severity="warning")
            return
        if info.error is not None:
            self.notify(
                f"{info.path.name}: {info.error}. The file is left as it is.",
                title="Cannot replay",
                severity="error",
            )
            return
        try:
            rec = self.cs_app.store.load_record(info.path)
        except (StoreError, RecordError) as e:
            self.notify(f"{e}. The file is left as it is.", title="Cannot replay", severity="error")
            self.reload()
            return
        if not rec.replayable:
            self.notify(f"{rec.lacks_why()}.", title="Cannot replay", severity="warning")
            return
        self.cs_app.open_replay(rec, "all" if every_hand else None)

    def action_replay_all(self) -> None:
        self.action_replay(every_hand=True)

    # --- learn from a game (issue 37: ``ui/quiz.py``) ----------------------------------------

    def action_learn(self) -> None:
        """The quiz of the clear mistakes of the record's person (which one, when several
        shared the keyboard; none for a private record, whose hands stay hidden)."""
        from .quiz import open_quiz

        info = self._chosen()
        if info is None or info.error is not None:
            self.action_replay()  # (says why there is nothing to open)
            return
        try:
            rec = self.cs_app.store.load_record(info.path)
        except (StoreError, RecordError) as e:
            self.notify(f"{e}. The file is left as it is.", title="No quiz", severity="error")
            return
        if not rec.replayable:
            self.notify(f"{rec.lacks_why()}.", title="No quiz", severity="warning")
            return
        if not rec.people:
            self.notify("Only bots played this game: there is nobody's quiz to take.")
            return
        if rec.private:
            self.notify(
                f"{rec.private_why()}: the quiz would show one player's cards to the others.",
                title="No quiz",
                severity="warning",
            )
            return
        open_quiz(self.app, rec, rec.people)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The highlighted record in full, under the table (its cells are cut to fit)."""
        event.stop()
        detail = self.query_one("#history-detail", Static)
        info = self._chosen()
        if info is None:
            detail.display = False
            return
        detail.display = True
        detail.border_title = info.path.name
        out = Text()
        if info.error is not None:
            out.append("Cannot be replayed: ", style="bold")
            out.append(info.error)
        else:
            out.append(f"{_game_name(info.game)}", style="bold")
            out.append(f" ({info.variant}), {info.moves} moves, started {_when(info.started)}\n")
            out.append(", ".join(info.players))
            out.append("\n")
            out.append("Result: ", style="bold")
            out.append(info.result)
            if info.lacks is not None:
                out.append(f"\nNot replayable: it lacks {info.lacks}", style="italic")
            if info.private:
                out.append(
                    "\nPlayed by two or more people at this keyboard and not finished: its"
                    " replay shows only what everyone saw, until every player agrees to show"
                    " the hands (a or s asks).",
                    style="italic",
                )
        detail.update(out)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_replay()

    def action_close(self) -> None:
        from .quiz_job import drop_quiz

        drop_quiz(self.app)  # (a quiz of one of its records being prepared)
        close_once(self)


def _result_cell(info: RecordInfo) -> str:
    """The result column: the result, and why the record shows less than a whole game."""
    if info.lacks is not None:
        return f"{info.result} · not replayable"
    return f"{info.result} · hands hidden" if info.private else info.result


__all__ = ["HistoryScreen"]
