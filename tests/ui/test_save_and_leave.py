"""Saving and leaving (issue 32 #19, #33): ctrl+s behind the hot-seat curtain saves the game,
and leaving right after a save goes at once (the question about saving is for unsaved play)."""

from __future__ import annotations

from pathlib import Path

from helpers import lift_curtain, start, wait_for

from cardsuite.ui.confirm import ConfirmScreen
from cardsuite.ui.curtain import CurtainScreen
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.table import TableScreen


def saves(home: Path) -> list[Path]:
    return sorted((home / "saves").glob("*.json")) if (home / "saves").exists() else []


async def test_ctrl_s_behind_the_curtain_saves(make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start("human,human,easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        curtain = app.screen
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: bool(saves(private_home)))
        assert app.screen is curtain  # still hidden: saving shows no cards
        assert any(n.title == "Saved" for n in app._notifications)
        await lift_curtain(pilot)
        await pilot.press("q")  # nothing played since the save: no question
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))


async def test_leave_asks_only_when_play_went_on_after_the_save(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start("human,easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        await wait_for(pilot, lambda: table.human_to_move() is not None)
        await pilot.press("q")  # not saved: asked, with the hint
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "ctrl+s" in app.screen.question
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is table)
        await pilot.press("ctrl+s")
        before = len(table.match.record)
        await pilot.press("h", "enter")  # a move after the save
        await wait_for(pilot, lambda: len(table.match.record) > before)
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is table)
        await wait_for(pilot, lambda: table.human_to_move() is not None)
        await pilot.press("ctrl+s", "q")  # saved just now: straight to the picker
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
