"""Snapshots of the African Casino table with a full layout (ten loose cards, three builds,
both piles) at 80x24 and 120x36, a capture being composed; and of the list of every step.
Refresh deliberately with ``pytest --snapshot-update``."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import wait_for

from cardsuite.games.african_casino.rules import FULL, GAME, CasinoState
from cardsuite.games.african_casino.screen import CasinoScreen
from cardsuite.games.african_casino.screen_moves import CasinoMovesScreen
from cardsuite.match import Match, SeatSpec
from cardsuite.ui.picker import PickerScreen

LOOSE = ["2C", "3H", "4S", "5D", "6C", "7H", "8S", "10D", "AS", "JH"]
BUILDS = [
    {"value": 6, "owner": 1, "units": [["3C", "3D"]]},
    {"value": 9, "owner": 1, "units": [["5C", "4D"]]},
    {"value": 12, "owner": 0, "units": [["QS"], ["8H", "4H"]]},
]
HANDS = [
    ["9D", "QD", "6H", "2D", "KC", "7S", "10C", "AH"],
    ["9C", "6S", "KH", "JC", "2H", "5S", "7D", "3S"],
]


def full_table() -> CasinoState:
    """The second half of a two-player deal (no restrictions), the person to move."""
    data = GAME.new_state(players=2, seed=1, dealer=1).to_json()
    used = set(LOOSE) | {c for b in BUILDS for u in b["units"] for c in u}
    used |= {c for h in HANDS for c in h}
    rest = [c.code for c in FULL if c.code not in used]
    data.update(
        half=2,
        loose=LOOSE,
        builds=BUILDS,
        hands=HANDS,
        stock=[],
        piles=[rest[:10], rest[10:]],
        last_capturer=1,
        events=[],
    )
    return GAME.from_json(data)


async def open_full(app: Any, pilot: Any) -> CasinoScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
    app.open_table(Match(GAME, full_table(), [SeatSpec("human", "You"), SeatSpec("medium", "Bot")]))
    await wait_for(pilot, lambda: isinstance(app.screen, CasinoScreen))
    screen = app.screen
    await wait_for(pilot, lambda: screen.mine() == 0 and screen._picture_key is not None)
    return screen


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_african_casino_table(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    app = make_app()

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        screen = await open_full(app, pilot)
        # 9♦ (the fifth card, sorted) takes the build of 9 and 2♣+7♥: k is B6, l B9, m B12,
        # a the 2♣, f the 7♥
        await pilot.press("home", *["right"] * 4, "c", "l", "a", "f")
        assert screen._resolved is not None and screen._resolved[0].text == ("capture 9D: B9 2C+7H")
        assert screen._resolved is not None and screen._resolved[1] is None
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_african_casino_every_step(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await open_full(app, pilot)
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, CasinoMovesScreen))
        await pilot.pause()
        await pilot.press("c", "a", "p")
        await wait_for(pilot, lambda: app.screen.filter == "cap")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
