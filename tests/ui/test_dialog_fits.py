"""The trick games' choice dialogs at 80x24 leave the hand in sight (issue 32: Trjámann's
contract dialog left only the suit row, Mensch's bid and call dialogs two rows), and a
list of several pages says where 0 and page down go."""

from __future__ import annotations

from typing import Any

from helpers import LONG_NAMES, screen_of, wait_for
from textual.widgets import OptionList, Static

from cardsuite.match import SeatSpec
from cardsuite.ui.app import StartRequest
from cardsuite.ui.choice import ChoiceScreen
from cardsuite.ui.trick_table import TrickTableScreen
from cardsuite.ui.widgets import HandView


def _hint(screen: ChoiceScreen) -> str:
    return str(screen.query_one("#choice-hint", Static).render())


async def _dialog_over(pilot: Any, table: TrickTableScreen, key: str) -> ChoiceScreen:
    await wait_for(pilot, lambda: table.human_to_move() == 0)
    await pilot.press(key)
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen))
    dialog = pilot.app.screen
    await wait_for(pilot, lambda: getattr(dialog, "placed", True))
    await pilot.pause()
    return dialog


def _clear_of_the_hand(table: TrickTableScreen, dialog: ChoiceScreen) -> None:
    box = dialog.query_one("#choice").region
    hand = table.query_one(HandView).region
    assert box.bottom <= hand.y, (box, hand)  # the whole hand shows under the dialog
    lst = dialog.query_one(OptionList)
    assert lst.max_scroll_y == 0  # and every choice of the page in the dialog


async def test_trjamann_contract_dialog_leaves_the_hand_in_sight(make_app) -> None:  # type: ignore[no-untyped-def]
    """TRJ-CONTRACT-2's dialog with the longest names (its "still owed" on three lines)."""
    seats = [SeatSpec("human", LONG_NAMES[0])] + [SeatSpec("medium", n) for n in LONG_NAMES[1:3]]
    app = make_app(start=StartRequest("manni", seats, "trjamann", {}, 5))  # South declares
    async with app.run_test(size=(80, 24)) as pilot:
        table = await screen_of(pilot, TrickTableScreen)
        dialog = await _dialog_over(pilot, table, "c")
        assert len(dialog.choices) == 7
        _clear_of_the_hand(table, dialog)


async def test_mensch_bid_dialog_leaves_the_hand_in_sight(make_app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSpec("human", "South")] + [SeatSpec("medium", n) for n in ("W", "N", "E")]
    app = make_app(start=StartRequest("mensch", seats, None, {}, 5))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await screen_of(pilot, TrickTableScreen)
        dialog = await _dialog_over(pilot, table, "b")
        _clear_of_the_hand(table, dialog)


async def test_a_full_page_above_the_hand_and_the_last_page_says_where_next(make_app) -> None:  # type: ignore[no-untyped-def]
    """Nine choices a page (Mensch's call list) above a hand's six rows at 80x24; the last
    page no longer offers "page down for more": 0 goes back to the first."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        choices = [(f"Call the card number {i}", i) for i in range(12)]
        dialog = ChoiceScreen(
            "Call a partner", "Its holder is your partner.", choices, keep_clear=6
        )
        await app.push_screen(dialog)
        await wait_for(pilot, lambda: getattr(dialog, "placed", True))
        await pilot.pause()
        assert dialog.query_one("#choice").region.bottom <= 24 - 6
        assert dialog.query_one(OptionList).max_scroll_y == 0
        assert "page 1 of 2: 0 or page down for more" in _hint(dialog)
        await pilot.press("0")
        assert "page 2 of 2: 0 or page down back to the first" in _hint(dialog)
        assert "for more" not in _hint(dialog)
        await pilot.press("0")
        assert "page 1 of 2" in _hint(dialog)
