"""The picker at 80x24 and 120x36 (issue 32 #14): the footer says that enter plays, and the
highlighted game's summary shows whole, without moving what lies under the list."""

from __future__ import annotations

import pytest
from helpers import wait_for
from textual.geometry import Region
from textual.widgets import OptionList

from cardsuite.games import all_games
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.setup import SetupScreen


def list_text(games: OptionList) -> str:
    """The list as drawn, its border left out and its lines joined into words."""
    size = games.outer_size
    strips = games.render_lines(Region(0, 0, size.width, size.height))
    text = " ".join(strip.text for strip in strips)
    return " ".join(text.translate({ord(c): " " for c in "│╭╮╰╯─"}).split())


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
async def test_the_highlighted_game_shows_its_whole_summary(make_app, size) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        games = app.screen.query_one("#games", OptionList)
        saves = app.screen.query_one("#saves")
        where = (games.region, saves.region)
        for i, game in enumerate(all_games()):
            games.highlighted = i
            await pilot.pause()
            assert game.summary in list_text(games), game.id
            assert "…" in list_text(games)  # the others stay on one line each
            assert (games.region, saves.region) == where  # nothing moves


async def test_the_footer_says_enter_plays(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        shown = {
            key: b.binding.description
            for key, b in app.screen.active_bindings.items()
            if b.binding.show
        }
        assert shown.get("enter") == "Play"
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert app.screen.game.id == all_games()[1].id


async def test_q_quits_from_the_picker(make_app) -> None:  # type: ignore[no-untyped-def]
    """The footer's "q Quit" quits (its binding named an action the picker did not have, so
    q did nothing and only ctrl+q worked)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running)
