"""The daily deal by keys (issue 37, item 4): the picker's t opens today's deal of the
highlighted game, played to its end; the game-over dialog shows the hard bot's result on
the same cards and the line to paste; the day's try is kept, a second start offers a
replay that does not count, and leaving midway counts as played."""

from __future__ import annotations

from pathlib import Path

from helpers import game_over, wait_for, workers_settled
from textual.widgets import Static

from cardsuite.daily import DailyDeal, DailyMatch, hard_bot_result, local_day, share_line
from cardsuite.records import parse, result_words
from cardsuite.store import Store
from cardsuite.ui.confirm import ConfirmScreen
from cardsuite.ui.gameover import GameOverScreen
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.stats import StatsScreen
from cardsuite.ui.table import TableScreen
from cardsuite.verify import verify

NOON = 1_796_558_400.0  # 2026-12-06 12:00 UTC: the same local day in every time zone but ±12
TODAY = local_day(NOON)


def store(home: Path) -> Store:
    return Store(home, clock=lambda: NOON)


async def open_daily_of_twenty_two(pilot) -> TableScreen:  # type: ignore[no-untyped-def]
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
    await pilot.press("down", "t")  # Money is first; Twenty-Two next
    await wait_for(pilot, lambda: isinstance(app.screen, (TableScreen, ConfirmScreen)), timeout=10)
    return app.screen  # type: ignore[no-any-return]


async def play_to_the_end(pilot, table: TableScreen) -> None:  # type: ignore[no-untyped-def]
    app = pilot.app
    moves = 0
    while not isinstance(app.screen, GameOverScreen):
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, GameOverScreen) or table.human_to_move() is not None,
        )
        if isinstance(app.screen, GameOverScreen):
            break
        before = len(table.match.record)
        await pilot.press("h", "enter")  # the hint, played
        await wait_for(pilot, lambda: len(table.match.record) > before)
        moves += 1
        assert moves < 100


async def test_a_daily_played_to_its_end_by_keys(make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    app = make_app(store=store(private_home))
    async with app.run_test(size=(100, 36)) as pilot:
        table = await open_daily_of_twenty_two(pilot)
        m = table.match
        assert isinstance(m, DailyMatch) and m.daily == DailyDeal("twenty-two", TODAY)
        assert m.seed == DailyDeal("twenty-two", TODAY).seed and not m.offers_undo
        await play_to_the_end(pilot, table)
        assert not m.state.is_over()  # one hand of the game, not the game
        over = await game_over(pilot)
        line = share_line("twenty-two", TODAY, m.result(), hard_bot_result(m.daily))
        await wait_for(pilot, lambda: m.bot_result is not None or m.bot_error is not None)
        assert m.bot_error is None, m.bot_error
        await wait_for(pilot, lambda: str(over.query_one("#daily-share", Static).render()) == line)
        assert "hard bot" in line and "penalty point" in line
        assert app.clipboard == line  # copied once whole
        await app.workers.wait_for_complete()
        rows = app.store.daily_rows()
        assert [(r.game, r.day, r.status) for r in rows[:2]] == [
            ("twenty-two", TODAY.isoformat(), "started"),
            ("twenty-two", TODAY.isoformat(), "finished"),
        ]
        assert rows[1].score == m.result()
        assert app.store.game_stats() == []  # a deal is not a game
        # its record is the deal's: finished, its result the deal's, replaying to it
        (kept,) = app.store.records_dir.glob("*.txt")
        rec = parse(kept.read_text())
        assert rec.one_deal and rec.result == result_words(m.names(), m.scores(), m.winners())
        assert verify(rec).verified
        # r: the same cards again, not counted
        await pilot.press("r")
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, TableScreen) and app.screen.match is not m,
        )
        replay = app.screen.match
        assert isinstance(replay, DailyMatch) and not replay.daily.counted
        assert replay.view(0)["hand"] == DailyMatch.for_deal(m.daily).view(0)["hand"]


async def test_the_second_try_offers_a_replay_that_does_not_count(
    make_app, private_home: Path
) -> None:  # type: ignore[no-untyped-def]
    home = store(private_home)
    home.record_daily("twenty-two", TODAY.isoformat(), "South", "started", at=NOON - 60)
    home.record_daily("twenty-two", TODAY.isoformat(), "South", "finished", 3, 0, at=NOON - 30)
    app = make_app(store=home)
    async with app.run_test(size=(100, 36)) as pilot:
        dialog = await open_daily_of_twenty_two(pilot)
        assert isinstance(dialog, ConfirmScreen)
        assert "You have played today's Twenty-Two deal (3 penalty points)" in dialog.question
        await pilot.press("n")  # back: nothing opens
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("t")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert isinstance(table.match, DailyMatch) and not table.match.daily.counted
        assert table.match.offers_undo  # a replay may take moves back
        await play_to_the_end(pilot, table)
        over = await game_over(pilot)
        assert "replay, not counted" in str(over.query_one("#daily-title", Static).render())
        await app.workers.wait_for_complete()
        assert [r.status for r in app.store.daily_rows()] == ["started", "finished"]  # as before


async def test_leaving_midway_counts_as_played(make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    app = make_app(store=store(private_home))
    async with app.run_test(size=(100, 36)) as pilot:
        table = await open_daily_of_twenty_two(pilot)
        await wait_for(pilot, lambda: table.human_to_move() is not None)
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "counts as played" in app.screen.question
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await workers_settled(app)  # leaving midway cancelled the comparison, if still running
        await pilot.press("t")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "(left unfinished)" in app.screen.question
        await pilot.press("n", "s")  # the statistics show the day and its streak
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.pause()
        cells = app.screen.query_one("#stats-daily").get_row_at(0)
        assert cells == ["Twenty-Two", "1", "1", "1", "left", ""]


async def test_the_dailies_table_fits_80_columns(make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    home = store(private_home)
    for game, score, bot in (
        ("twenty-two", 12, 10),
        ("african-casino", 11, 10),
        ("mensch", -10, 12),
    ):
        home.record_daily(game, TODAY.isoformat(), "South", "finished", score, bot, at=NOON - 9)
    app = make_app(store=home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.pause()
        table = app.screen.query_one("#stats-daily")
        assert table.region.right <= 80
        assert table.virtual_size.width <= table.scrollable_content_region.width
        assert table.get_row_at(0) == [
            "Twenty-Two",
            "1",
            "1",
            "1",
            "12 penalty points",
            "10 penalty points",
        ]


def finished_daily() -> DailyMatch:
    """Today's Twenty-Two deal played to its end by medium bots in every seat."""
    from cardsuite.bots import make_bot

    m = DailyMatch.for_deal(DailyDeal("twenty-two", TODAY))
    bots = {s: make_bot("twenty-two", "medium", seed=s) for s in range(4)}
    while not m.is_over():
        seat = m.to_move()
        assert seat is not None
        m.apply(bots[seat].choose(m.state.clone(), seat), seat)
    return m


async def test_the_comparison_may_come_after_the_dialog_or_not_at_all(make_app) -> None:  # type: ignore[no-untyped-def]
    late, failed = finished_daily(), finished_daily()
    failed.bot_error = "the comparison stopped: MemoryError"
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameOverScreen(late))
        over = await game_over(pilot)
        versus = over.query_one("#daily-versus", Static)
        assert "The hard bot is playing your cards…" in str(versus.render())
        assert "hard bot" not in str(over.query_one("#daily-share", Static).render())
        assert app.clipboard == ""  # nothing copied before the line is whole
        late.bot_result = late.result() + 1  # the process answers
        line = share_line("twenty-two", TODAY, late.result(), late.result() + 1)
        await wait_for(pilot, lambda: str(over.query_one("#daily-share", Static).render()) == line)
        assert "better than the hard bot" in str(versus.render())
        assert app.clipboard == line
        await pilot.press("v")
        app.push_screen(GameOverScreen(failed))
        over = await game_over(pilot)
        assert "No comparison: the comparison stopped: MemoryError" in str(
            over.query_one("#daily-versus", Static).render()
        )
