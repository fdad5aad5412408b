"""Privacy by construction: a table screen draws only what its seat may see.

For every registered game, at random positions: open the game's own table screen for the
seat to move (and again for nobody, the spectator's view of a hot-seat table behind its
curtain), take the screen's picture, re-deal every card hidden from that seat among the zones
that hide it, redraw, and take the picture again. The two must be the same, character for
character and colour for colour: if the screen read a hidden card anywhere (a hand, a
partner, a count that the view does not give), some re-deal would show it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
import scale
from helpers import wait_for

sys.path.insert(0, str(Path(__file__).parents[1] / "contract"))
from test_contract import redeal
from walks import midgame_positions

from cardsuite.games import all_games
from cardsuite.match import Match, SeatSpec
from cardsuite.ui.table import TableScreen


def player_counts(game) -> list[int]:  # type: ignore[no-untyped-def]
    wanted = {min(game.players), *(p for p in (3, 4, 6) if p in game.players)}
    return sorted(wanted)


def positions(game, players: int, count: int, rng: random.Random):  # type: ignore[no-untyped-def]
    """Random positions part-way through random games, each with a seat to move."""
    return midgame_positions(game, players, count, rng, most_moves=120)


Picture = tuple[tuple[tuple[str, object], ...], ...]


def picture(app) -> Picture:  # type: ignore[no-untyped-def]
    """Every row the terminal gets, each run of text with its style (character and colour,
    as a screenshot holds them, without making one: an SVG took 0.13 s)."""
    return tuple(
        tuple((seg.text, seg.style) for seg in strip)
        for strip in app.screen._compositor.render_strips()
    )


async def settled_picture(app, pilot) -> Picture:  # type: ignore[no-untyped-def]
    """The screen once it has stopped changing (a loaded machine may deliver a refresh late):
    two pictures in a row alike."""
    last = picture(app)
    for _ in range(10):
        await pilot.pause()
        now = picture(app)
        if now == last:
            return now
        last = now
    return last


async def table_hides(make_app, state, rng: random.Random, what: str) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Open ``state``'s table with the seat to move as its person (the others bots that wait)
    and, for that seat and for nobody (a curtain), check that re-dealing the cards hidden
    from it changes nothing on the screen. Returns (pictures compared, re-deals that moved)."""
    game = state.game
    players = len(state.scores())
    mover = state.to_move()
    kinds = ["human" if s == mover or not game.hidden_hands else "random" for s in range(players)]
    names = game.names_for(players)
    match = Match(game, state, [SeatSpec(k, names[s]) for s, k in enumerate(kinds)])
    checked = moved = 0
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        app.open_table(match)
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        for shown in (mover, None):
            screen.shown = shown
            screen.match.state = state
            screen.refresh_table()
            await pilot.pause()
            before = await settled_picture(app, pilot)
            copy = state.clone()
            moved += redeal(copy, shown, rng)
            screen.match.state = copy
            screen.refresh_table()
            await pilot.pause()
            assert await settled_picture(app, pilot) == before, (
                f"{what}: the table for seat {shown} changed when cards hidden from it"
                " were re-dealt"
            )
            checked += 1
        screen.match.state = state
    return checked, moved


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
async def test_the_table_shows_nothing_hidden_from_its_seat(make_app, game) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(scale.seed(f"privacy:{game.id}"))
    checked = moved = 0
    for i, players in enumerate(player_counts(game)):
        # three positions at the smallest table, one at each larger by default (each an
        # app of its own); the full run three at every size
        count = 3 if scale.FULL or i == 0 else 1
        for state in positions(game, players, count, rng):
            c, m = await table_hides(make_app, state, rng, f"{game.id}, {players} players")
            checked += c
            moved += m
    assert checked >= 6
    assert moved >= checked // 2, "the re-deals hardly moved a card: the test proved nothing"
