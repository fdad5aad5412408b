"""The command palette (issue 32 #17): a game's preferences only where that game is shown,
numbers in numeric order, found by the words of a description, every pace explained."""

from __future__ import annotations

from typing import Any

from helpers import wait_for
from textual.command import CommandList, CommandPalette

from cardsuite.paces import PACES
from cardsuite.ui.confirm import ConfirmScreen
from cardsuite.ui.palette import CardSuiteCommands, matches_words, natural_key
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.setup import SetupScreen


def test_natural_order_reads_numbers_as_numbers() -> None:
    times = [f"Money: throw time {t} ms" for t in (0, 1000, 1500, 250, 500, 750)]
    assert sorted(times, key=natural_key) == [
        f"Money: throw time {t} ms" for t in (0, 250, 500, 750, 1000, 1500)
    ]


def test_description_words() -> None:
    text = "Draw suits as symbols or as letters"
    assert matches_words("suits", text) and matches_words("SYM let", text)
    assert not matches_words("its", text) and not matches_words("", text)


async def _hits(screen: Any, query: str = "") -> list[tuple[str, str]]:
    """(title, help) of what the palette lists for ``query`` on ``screen``, in its order."""
    provider = CardSuiteCommands(screen)
    hits = provider.discover() if not query else provider.search(query)
    found = [hit async for hit in hits]
    found.sort(key=lambda h: h.score, reverse=True)  # as the palette does (stable)
    return [(str(h.text), str(h.help)) for h in found]


async def test_preferences_of_the_game_shown_in_numeric_order(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        titles = [t for t, _ in await _hits(app.screen)]
        throws = [t for t in titles if t.startswith("Money: throw time")]
        # the picker shows no one game: every game's, named with the game, in number order
        assert throws == [f"Money: throw time {t} ms" for t in (0, 250, 500, 750, 1000, 1500)]
        paces = [t for t in titles if t.startswith("Pace: ")]
        assert paces == [f"Pace: {p}" for p in PACES]  # from instant to wait

        app.open_setup("twenty-two")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert not [t for t, _ in await _hits(app.screen) if t.startswith("Money")]

        app.pop_screen()
        app.open_setup("money")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.push_screen(ConfirmScreen("Really?"))  # a dialog over Money's screen
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        titles = [t for t, _ in await _hits(app.screen)]
        assert "Money: throw time 250 ms" in titles
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))


async def test_search_finds_descriptions_and_paces_say_what_they_do(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(ascii=True)  # the card command's title: "Cards: suit symbols instead of ..."
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        found = await _hits(app.screen, "draw")  # in its description only
        assert found and found[0][0].startswith("Cards: suit symbols")
        helps = dict(await _hits(app.screen))
        for pace in PACES:
            assert helps[f"Pace: {pace}"].startswith("Bots move")
        assert "until you press a key" in helps["Pace: wait"]
        assert helps["Pace: instant"].endswith("(the pace now)")  # the tests' pace

        # and through the palette itself, as a player types it
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: CommandPalette.is_open(app))
        await pilot.press(*"letters")
        options = app.screen.query_one(CommandList)
        await wait_for(
            pilot,
            lambda: (
                options.option_count > 0
                and "Cards: suit symbols" in str(options.get_option_at_index(0).prompt)
            ),
        )
        await pilot.press("escape")
        await wait_for(pilot, lambda: not CommandPalette.is_open(app))
