"""Snapshots of the picker, setup, table and help at 80x24 and 120x36 (the trick table also
at 160x48, where its faces are large).

Plain ``def`` tests: ``snap_compare`` runs the app itself. Seeded deals, instant bots, a
private settings folder and an explicit theme keep every picture exactly repeatable.
Refresh deliberately with ``pytest --snapshot-update`` after a visual change.
"""

from __future__ import annotations

import pytest
from helpers import start, wait_for

from cardsuite.games.twenty_two.screen import TwentyTwoScreen
from cardsuite.ui.help import HelpScreen
from cardsuite.ui.setup import SetupScreen

SIZES = [(80, 24), (120, 36)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_picker(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("keys", [("enter",), ("down", "enter")], ids=["money", "twenty-two"])
def test_setup(snap_compare, make_app, size, keys) -> None:  # type: ignore[no-untyped-def]
    app = make_app()

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.press(*keys)
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def _to_a_trick(app, pilot) -> None:  # type: ignore[no-untyped-def]
    """Play on with hints until South has to follow in a trick of the second hand."""
    await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
    screen = app.screen
    for _ in range(60):
        await wait_for(pilot, lambda: screen.human_to_move() is not None)
        st = screen.match.state
        if st.phase == "play" and st.trick and st.hand_no >= 2:
            break
        before = len(screen.match.record)
        await pilot.press("h", "enter")
        await wait_for(pilot, lambda: len(screen.match.record) > before)
    await pilot.press("right", "space")
    app.clear_notifications()
    await pilot.pause()


@pytest.mark.parametrize("size", [*SIZES, (160, 48)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_twenty_two_table(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start("human,hard,medium,easy", seed=7))

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await _to_a_trick(app, pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_table_of_six_lists_the_seats(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    """Bigger tables list the seats beside the felt, and the sheet turns to a row a seat."""
    app = make_app(start=start("human,medium,easy,medium,easy,medium", seed=5))

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await _to_a_trick(app, pilot)

    assert snap_compare(app, terminal_size=(100, 30), run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_exchange_ascii_high_contrast(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start("human,medium,medium", seed=2), ascii=True, theme="high-contrast")

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        await wait_for(pilot, lambda: app.screen.human_to_move() is not None)
        await pilot.press("space", "right", "right", "space")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_help(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start(seed=7))

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=size, run_before=run_before)
