"""Snapshots of the Mensch table at 80x24 and 120x36 in the middle of a trick, and of the
bidding panel. Refresh deliberately with ``pytest --snapshot-update``."""

from __future__ import annotations

import itertools

import pytest
from helpers import wait_for
from test_mensch_app import mensch

from cardsuite.games.mensch.screen import MenschScreen
from cardsuite.ui.choice import ChoiceScreen


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_mensch_table(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    # The hard bot's moves each take its whole budget (Mensch's secret sides). Its budget is
    # long enough that its 30 iterations always finish (a short one cut the search on a busy
    # machine, and the bot chose another card), and the table's clock leaps a minute at
    # each reading, so the wait for the budget is already over.
    ticks = itertools.count(step=60.0)
    app = make_app(
        start=mensch("human,medium,hard,easy", 5),
        bot_options={"hard": {"iterations": 30, "time_budget": 30.0}},
        clock=lambda: next(ticks),
    )

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await wait_for(pilot, lambda: isinstance(app.screen, MenschScreen))
        screen = app.screen
        for _ in range(40):
            await wait_for(pilot, lambda: screen.human_to_move() is not None)
            view = screen.match.view(0)
            if view["phase"] == "play" and view["trick"]["plays"] and len(view["tricks"]) >= 2:
                break
            before = len(screen.match.record)
            await pilot.press("h", "enter")
            await wait_for(pilot, lambda: len(screen.match.record) > before)
        await pilot.press("right")
        app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_mensch_bidding_panel(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=mensch("human,medium,medium,medium", 5))

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await wait_for(pilot, lambda: isinstance(app.screen, MenschScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.human_to_move() == 0)
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await wait_for(pilot, lambda: app.screen.placed)  # above the hand
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
