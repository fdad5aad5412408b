"""The daily deal's parts of other screens: the comparison in the game-over dialog
(``DailyPanel``) and the dailies' table in the statistics (``daily_stats_table``)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.timer import Timer
from textual.widgets import Button, DataTable, Static

from ..daily import DailyMatch, DailyStats, amount, share_line, stats_cells, verdict


class DailyPanel(Vertical):
    """The player's result beside the hard bot's on the same cards, and the line to paste
    (copied to the clipboard once it is whole, where the terminal lets Textual; ``c``
    copies it again). The bot's result may come after the dialog: the panel looks for it
    until it is there."""

    #: No border: the line to paste has the dialog's whole width (at 80 columns the longest,
    #: Twenty-Two's, stays on one line, where a terminal's selection takes it whole).
    DEFAULT_CSS = """
    DailyPanel { height: auto; padding: 0; }
    DailyPanel #daily-title { text-style: bold; color: $felt-title; padding: 0 1; }
    DailyPanel #daily-versus { padding: 0 1; }
    DailyPanel #daily-share { text-style: bold; }
    """
    POLL: ClassVar[float] = 0.2

    def __init__(self, match: DailyMatch) -> None:
        super().__init__(id="daily-panel")
        self.match = match
        self._timer: Timer | None = None
        self.copied = False

    def compose(self) -> ComposeResult:
        deal = self.match.daily
        title = f"Daily deal · {deal.day.isoformat()}"
        if not deal.counted:
            title += " · replay, not counted"
        yield Static(title, id="daily-title")
        yield Static(id="daily-versus")
        yield Static(id="daily-share")
        yield Static(
            "c copies this line · r plays the same cards again (not counted)",
            id="daily-note",
            classes="dim-note",
        )

    def on_mount(self) -> None:
        for button in self.screen.query("#rematch").results(Button):
            button.label = "Replay (r)"  # the same cards, not counted
        self._show()
        if self.match.bot_result is None:
            self._timer = self.set_interval(self.POLL, self._poll)

    def _poll(self) -> None:
        if self.match.bot_result is not None or self.match.bot_error is not None:
            if self._timer is not None:
                self._timer.stop()
            self._show()

    @property
    def line(self) -> str:
        m = self.match
        return share_line(m.game.id, m.daily.day, m.result(), m.bot_result)

    def _show(self) -> None:
        m = self.match
        game_id, mine, bot = m.game.id, m.result(), m.bot_result
        versus = Text(f"You: {amount(game_id, mine)}   ")
        if bot is None and m.bot_error is not None:
            versus.append(f"No comparison: {m.bot_error}", style="italic")
        elif bot is None:
            versus.append("The hard bot is playing your cards…", style="italic")
        else:
            versus.append(f"The hard bot in your seat: {amount(game_id, bot)}\n")
            versus.append(verdict(game_id, mine, bot))
        self.query_one("#daily-versus", Static).update(versus)
        self.query_one("#daily-share", Static).update(Text(self.line))
        if bot is not None and not self.copied:
            self.copy()

    def copy(self) -> None:
        """The line to the clipboard (OSC 52: where the terminal takes it)."""
        self.copied = True
        self.app.copy_to_clipboard(self.line)


#: The dailies' columns in the statistics: short headings, so that two results in their
#: units ("12 penalty points") fit 80 columns.
DAILY_COLUMNS = ("game", "days", "streak\nnow", "best", "today", "hard bot\ntoday")


def daily_stats_table(stats: list[DailyStats]) -> DataTable[Any]:
    """One row a game with dailies, then all games together (the streak over all)."""
    table: DataTable[Any] = DataTable(
        id="stats-daily",
        classes="stats-table",
        cursor_type="none",
        zebra_stripes=True,
        header_height=2,
    )
    table.can_focus = False
    table.border_title = "Daily deal"
    table.add_columns(*DAILY_COLUMNS)
    for s in stats:
        table.add_row(*stats_cells(s))
    return table
