"""The statistics at 80x24 (issue 32 #16): no column is cut, with 16-letter names and Money's
snap times; a game's own columns only in its own table."""

from __future__ import annotations

from pathlib import Path

from helpers import LONG_NAMES, wait_for
from textual.widgets import DataTable

from cardsuite.store import PlayerResult, Store
from cardsuite.ui.stats import StatsScreen


async def test_every_table_fits_80_columns(make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    store = Store(private_home)
    name = LONG_NAMES[0]
    for game, variant in (("money", "jordanian"), ("african-casino", "swazi")):
        for won in (True, False):
            store.record_game(
                game,
                variant,
                2,
                1,
                [
                    PlayerResult(0, name, "human", won, 3),
                    PlayerResult(1, LONG_NAMES[1], "human", not won, 9),
                ],
            )
    for ms in (1412.0, 287.0):
        store.record_metric("money", name, "snap_ms", ms)
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.pause()
        tables = list(app.screen.query(DataTable))
        assert tables
        for table in tables:
            assert table.region.right <= 80
            # the columns' widths: nothing to scroll sideways to, nothing cut
            assert table.virtual_size.width <= table.scrollable_content_region.width
        money = app.screen.query_one("#stats-money", DataTable)
        casino = app.screen.query_one("#stats-african-casino", DataTable)
        assert [str(c.label) for c in money.columns.values()][-2:] == [
            "best\nsnap",
            "median\nsnap",
        ]
        assert len(casino.columns) == len(money.columns) - 2  # no snaps in Casino
