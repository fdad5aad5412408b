"""The daily deal's look: the game-over dialog with the comparison and the line to paste,
at the smallest terminal (80x24). Today is pinned by the store's clock."""

from __future__ import annotations

from pathlib import Path

from helpers import game_over, wait_for

from cardsuite.store import Store
from cardsuite.ui.daily import DailyRequest
from cardsuite.ui.table import TableScreen

NOON = 1_796_558_400.0  # 2026-12-06 12:00 UTC


def test_daily_game_over(snap_compare, make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    app = make_app(store=Store(private_home, clock=lambda: NOON), start=DailyRequest("twenty-two"))

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        while table.match.is_over() is False:
            await wait_for(
                pilot, lambda: table.match.is_over() or table.human_to_move() is not None
            )
            if table.match.is_over():
                break
            before = len(table.match.record)
            await pilot.press("h", "enter")
            await wait_for(pilot, lambda: len(table.match.record) > before)
        await game_over(pilot)
        await wait_for(pilot, lambda: table.match.bot_result is not None)
        await pilot.pause(0.3)  # the panel's next look at the comparison

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
