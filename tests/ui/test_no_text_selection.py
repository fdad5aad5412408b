"""A double-click on a card (or a drag across the table) selects no text (issue 32 #19):
Textual's text selection is off on every table screen."""

from __future__ import annotations

from helpers import start, wait_for

from cardsuite.ui.table import TableScreen
from cardsuite.ui.widgets import HandView


async def test_a_double_click_on_a_card_selects_no_text(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start("human,easy"))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        await wait_for(pilot, lambda: table.human_to_move() is not None)
        hand = table.query_one(HandView)
        await pilot.click(hand, offset=(2, 2), times=2)
        await pilot.pause()
        log = table.query("LogView").first()
        await pilot.click(log, offset=(2, 1), times=2)
        await pilot.pause()
        assert not table.selections
        assert app.screen.get_selected_text() is None
