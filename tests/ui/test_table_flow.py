"""Pacing with an injected clock, the pause after a trick, rematch, statistics, themes,
deleting a save."""

from __future__ import annotations

from fakes import FakeClock
from helpers import start, wait_for

from cardsuite.games.twenty_two.screen import TwentyTwoScreen
from cardsuite.store import PlayerResult, Store
from cardsuite.ui.app import PACE_DELAYS
from cardsuite.ui.confirm import ConfirmScreen
from cardsuite.ui.gameover import GameOverScreen
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.stats import StatsScreen


async def test_bot_waits_out_the_pace_minus_its_thinking_time(make_app) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock(step=0.25)  # every reading: a quarter of a second later
    app = make_app(start=start("medium,medium,human", seed=1), pace="normal", clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen._bot_timer is not None)
        delay, _ = PACE_DELAYS["normal"]
        assert abs(screen._bot_timer._interval - (delay - 0.25)) < 1e-9
        assert screen.match.record == []  # the bot has chosen, but waits before playing
        assert "thinking" in str(screen.query_one("#status").render())


async def test_a_finished_trick_stays_until_a_key(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start("human,medium,medium", seed=6), pace="normal")
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        screen = app.screen
        app.settings.pace = "instant"  # get to the first trick quickly ...
        while (
            screen.match.state.phase != "play"
            or screen.match.state.trick
            or screen.human_to_move() is None
        ):
            await wait_for(pilot, lambda: screen.human_to_move() is not None)
            if screen.match.state.phase == "play" and not screen.match.state.trick:
                break
            await pilot.press("h", "enter")
        app.settings.pace = "normal"  # ... then play it at normal pace
        tricks = len(screen.match.state.tricks)
        await pilot.press("h", "enter")
        await wait_for(pilot, lambda: bool(screen.holding), timeout=20)
        assert len(screen.match.state.tricks) == tricks + 1
        _, hold = PACE_DELAYS["normal"]
        assert screen._hold_timer is not None and screen._hold_timer._interval == hold
        felt = str(screen.query_one("#felt").render())
        finished = screen.match.state.tricks[-1]
        winner = screen.match.names()[finished[1]]
        assert f"The trick goes to {winner}" in felt
        # every play of the finished trick lies on the table, not only the last one
        for _, cards in finished[0]:
            for card in cards:
                assert card.pretty() in felt, f"{card.pretty()} is not on the table"
        await pilot.press("x")
        await wait_for(pilot, lambda: not screen.holding)


async def test_rematch_and_statistics(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start("human,medium", seed=2))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        first = app.screen
        while not isinstance(app.screen, GameOverScreen):
            await wait_for(
                pilot,
                lambda: isinstance(app.screen, GameOverScreen) or first.human_to_move() is not None,
                timeout=20,
            )
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.press("h", "enter")
        await pilot.press("r")
        await wait_for(
            pilot, lambda: isinstance(app.screen, TwentyTwoScreen) and app.screen is not first
        )
        assert app.screen.match.seats == first.match.seats
        assert app.screen.match.seed != first.match.seed
        app.back_to_picker()
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        rows = app.screen.query_one("#stats-twenty-two").row_count
        assert rows == 1
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))


async def test_statistics_screen_lists_players(make_app, private_home) -> None:  # type: ignore[no-untyped-def]
    store = Store(private_home)
    for won in (True, True, False, True):
        store.record_game(
            "twenty-two",
            "standard",
            2,
            1,
            [PlayerResult(0, "Ada", "human", won, 3), PlayerResult(1, "Bot", "hard", not won, 9)],
        )
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        table = app.screen.query_one("#stats-twenty-two")
        assert table.border_title == "Twenty-Two"
        row = [str(cell) for cell in table.get_row_at(0)]  # names are Text (never markup)
        assert row == ["Ada", "4", "3", "75%", "1", "2"]  # no snap columns in Twenty-Two


async def test_statistics_show_snap_times(make_app, private_home) -> None:  # type: ignore[no-untyped-def]
    store = Store(private_home)
    store.record_game(
        "money",
        "jordanian",
        2,
        1,
        [PlayerResult(0, "Ada", "human", True, 120), PlayerResult(1, "Bot", "hard", False, 0)],
    )
    for ms in (412.0, 287.0, 350.0):
        store.record_metric("money", "Ada", "snap_ms", ms)
    app = make_app(store=store)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        row = app.screen.query_one("#stats-money").get_row_at(0)
        assert row[6:] == ["287 ms", "350 ms"]


async def test_theme_choice_is_remembered(make_app, private_home) -> None:  # type: ignore[no-untyped-def]
    app = make_app(theme=None)
    async with app.run_test(size=(100, 30)) as pilot:
        app.theme = "four-colour"
        await pilot.pause()
    assert Store(private_home).load_settings()[0].theme == "four-colour"
    again = make_app(theme=None)
    async with again.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert again.theme == "four-colour"
        assert again.card_style.diamonds.lower() == "#0068a3"  # four colours: blue diamonds


async def test_ascii_mode_from_the_command(make_app, private_home) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start(seed=3))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        app.set_ascii(True)
        await pilot.pause()
        hand = str(app.screen.query_one("#hand").render())
        assert "♠" not in hand and "♥" not in hand and "|" in hand
    assert Store(private_home).load_settings()[0].ascii is True


async def test_delete_a_save_asks_first(make_app, private_home) -> None:  # type: ignore[no-untyped-def]
    store = Store(private_home)
    store.save_game({"game": "twenty-two", "match_schema": 1, "title": "old game"}, "old")
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("d")  # the highlighted save, whatever has the focus
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        assert len(store.list_saves()) == 1
        await pilot.press("d", "y")
        await wait_for(pilot, lambda: not store.list_saves())
