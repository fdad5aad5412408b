"""Snapshots of the Manni table at 80x24 and 120x36, one per variant, in the middle of a
trick of the first hand (seeded deals, instant bots), and of the Trjámann contract dialog.

Refresh deliberately with ``pytest --snapshot-update`` after a visual change."""

from __future__ import annotations

import pytest
from helpers import wait_for
from test_manni_app import SOUTH_DEALS, SOUTH_ELDEST, manni

from cardsuite.games.manni.screen import ManniScreen
from cardsuite.ui.choice import ChoiceScreen

SIZES = [(80, 24), (120, 36)]
VARIANTS = ["basic", "trjamann", "hornafjardarmanni"]


async def _to_trick(app, pilot, tricks: int) -> None:  # type: ignore[no-untyped-def]
    """Take hints until South must follow in the trick after ``tricks`` finished ones."""
    await wait_for(pilot, lambda: isinstance(app.screen, ManniScreen))
    screen = app.screen
    for _ in range(60):
        await wait_for(pilot, lambda: screen.human_to_move() is not None)
        view = screen.match.view(0)
        if view["phase"] == "play" and view["trick"]["plays"] and len(view["tricks"]) >= tricks:
            break
        before = len(screen.match.record)
        await pilot.press("h", "enter")
        await wait_for(pilot, lambda: len(screen.match.record) > before)
    await pilot.press("right")
    app.clear_notifications()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", VARIANTS)
def test_manni_table(snap_compare, make_app, size, variant) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=manni("human,medium,hard", SOUTH_DEALS, variant))

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await _to_trick(app, pilot, 2)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_manni_contract_dialog(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=manni("human,medium,medium", SOUTH_ELDEST, "trjamann"))

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await wait_for(pilot, lambda: isinstance(app.screen, ManniScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.human_to_move() == 0)
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await wait_for(pilot, lambda: app.screen.placed)  # above the hand
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
