"""Ratings on screen (issue 39 #4): the game-over dialog says when a game is not rated and
why, a rated game's result carries its ranks into the store, and the statistics screen
lists the ratings."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from helpers import game_over, wait_for
from textual.widgets import DataTable, Static

from cardsuite.games import get_game
from cardsuite.match import Match, SeatSpec
from cardsuite.store import PlayerResult, Store
from cardsuite.ui.stats import StatsScreen


def finished(origin: dict | None = None) -> Match:  # type: ignore[type-arg]
    """A Money game played to its end by random legal moves (seed 1: a short one)."""
    game = get_game("money")
    rng = random.Random(1)
    state = game.new_state(players=2, seed=1)
    while not state.is_over():
        state.apply(rng.choice(list(state.legal_actions())))
    seats = [SeatSpec("human", "Ada"), SeatSpec("easy", "Easy")]
    if origin is None:
        return Match(game, state, seats, 1)  # its origin: the position it is given
    return Match(game, state, seats, 1, origin=origin)


async def note_of(make_app, match: Match) -> str | None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.open_table(match)
        screen = await game_over(pilot)
        found = screen.query("#gameover-rating")
        note = str(found.first(Static).render()) if found else None
        await wait_for(pilot, lambda: not app.workers or all(w.is_finished for w in app.workers))
    return note


async def test_undo_used_says_not_rated(make_app) -> None:  # type: ignore[no-untyped-def]
    match = finished({"seed": 1})
    match.undo_used = True
    assert await note_of(make_app, match) == "Not rated: undo was used"


async def test_a_position_says_not_rated(make_app) -> None:  # type: ignore[no-untyped-def]
    assert await note_of(make_app, finished()) == "Not rated: it began from a position"


async def test_a_rated_game_shows_the_new_rating(make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    match = finished({"seed": 1})
    won = 0 in match.winners()
    note = await note_of(make_app, match)
    games = Store(private_home).rated_games("money")
    assert len(games) == 1 and sorted(games[0].ranks) == [1, 2]
    found = re.fullmatch(r"Rated: Ada (-?\d+\.\d) \(([+-]\d+\.\d)\)", str(note))
    assert found, note
    rating, change = map(float, found.groups())
    assert rating == change  # a newcomer's change is from 0 (mu - 3 sigma)
    assert (change > 0) == won  # against the easy bot's anchor
    # the same again: the line counts the game once, whether or not it is written yet
    again = await note_of(make_app, finished({"seed": 1}))
    second = re.fullmatch(r"Rated: Ada (-?\d+\.\d) \(([+-]\d+\.\d)\)", str(again))
    assert second and float(second.group(1)) == pytest.approx(
        rating + float(second.group(2)), abs=0.11
    )


async def test_the_statistics_show_the_ratings(make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    store = Store(private_home)
    for at in (1.0, 2.0):
        rows = [PlayerResult(0, "Ada", "human", True, 9), PlayerResult(1, "Bo", "human", False, 1)]
        rating = {"teams": [[0], [1]], "ranks": [1, 2]}
        store.record_or_keep(store.game_record("money", "jordanian", 2, 1, rows, at, rating))
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.pause()
        table = app.screen.query_one("#ratings-money", DataTable)
        assert [str(c.label) for c in table.columns.values()][:2] == ["player", "rating"]
        names = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        assert names.index("Ada") < names.index("Bo")  # best first
        assert table.region.right <= 80
        assert not app.screen.query("#ratings-manni")  # nobody's rated game: not shown
