"""What a screen may read (``table_source.TableSource``), as a type and in fact: no table
screen reads a game's position itself (``.state``), and the three sources implement the
protocol without being built on one another.

- Statically: no screen module (``ui/`` and every game's ``screen*.py``) names ``.state``.
- In fact: for every game, a table source that is a ``Match`` in all but its position
  (reading or setting ``state`` fails the test) drives the game's table through moves, and
  a finished game's table through its end: the result, the statistics and the game-over
  dialog.
"""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path
from typing import Any

import pytest
from helpers import wait_for

import cardsuite
from cardsuite.bots import make_bot
from cardsuite.engine import Game
from cardsuite.games import all_games
from cardsuite.games.money.referee import REPEAT_GAP
from cardsuite.match import Match, SeatSpec
from cardsuite.remote.remote_match import RemoteMatch
from cardsuite.table_source import TableSource
from cardsuite.ui.gameover import GameOverScreen
from cardsuite.ui.replay_data import Replay, ReplayMatch
from cardsuite.ui.table import TableScreen

PACKAGE = Path(cardsuite.__file__).parent
SCREEN_MODULES = sorted(
    [
        *(PACKAGE / "ui").glob("*.py"),
        *(PACKAGE / "games").glob("*/screen*.py"),
    ]
)
#: Modules of ``ui/`` that are no screen: the replay's data (its source holds a position).
NOT_SCREENS = {"replay_data.py"}


@pytest.mark.parametrize("path", SCREEN_MODULES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_screen_names_a_position(path: Path) -> None:
    if path.name in NOT_SCREENS:
        return
    tree = ast.parse(path.read_text("utf-8"))
    reads = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == "state"]
    assert not reads, f"{path.name} reads .state at lines {reads}"


def _members() -> set[str]:
    """The protocol's members: its methods and properties, and its plain attributes."""
    own = {n for n in vars(TableSource) if not n.startswith("_")}
    return own | set(TableSource.__annotations__)


def test_the_three_sources_have_every_member_and_none_is_a_match() -> None:
    game = next(g for g in all_games() if g.id == "twenty-two")
    match = Match.new(game.id, [SeatSpec("human", "A"), SeatSpec("easy", "B")], seed=3)
    for _ in range(3):
        seat = match.to_move()
        assert seat is not None
        match.apply(match.legal_actions(seat)[0], seat)
    replay = ReplayMatch(Replay.of(match.to_record()))
    welcome = {"game": game.id, "variant": "standard", "seat": 0, "seats": []}
    remote = RemoteMatch(object(), welcome)  # type: ignore[arg-type]  # (never sends here)
    for source in (match, replay, remote):
        missing = sorted(n for n in _members() if not hasattr(source, n))
        assert not missing, f"{type(source).__name__} lacks {missing}"
    assert not isinstance(replay, Match) and not isinstance(remote, Match)
    assert replay.drive(lambda state, bots: state) is None
    assert remote.drive(lambda state, bots: state) is None
    assert not (replay.offers_undo or replay.offers_hint or replay.offers_save)
    assert not (remote.offers_undo or remote.offers_hint or remote.offers_save)


class Positionless:
    """A ``Match`` in all but its position: a screen that reads or sets ``state`` fails."""

    def __init__(self, match: Match) -> None:
        object.__setattr__(self, "_match", match)

    def __getattr__(self, name: str) -> Any:
        if name == "state":
            raise AssertionError("a screen read the position itself (.state)")
        return getattr(self._match, name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "state":
            raise AssertionError("a screen set the position itself (.state)")
        setattr(self._match, name, value)


def seats(game: Game) -> list[SeatSpec]:
    players = min(game.players)
    return [SeatSpec("human", "Ann")] + [SeatSpec("easy", f"Bot{i}") for i in range(1, players)]


def finished(game: Game, seed: int) -> Match:
    """A game played to its end by random bots (the person's seat too)."""
    match = Match.new(game.id, seats(game), seed=seed)
    if game.realtime:
        from cardsuite.games.money.selfplay import play

        bots = {s: make_bot(game.id, "random", seed=s) for s in range(match.players)}
        play(match.state, bots)  # type: ignore[arg-type]  # (Money's bots)
        return match
    bot = make_bot(game.id, "random", seed=seed)
    while not match.is_over():
        seat = match.to_move()
        assert seat is not None
        match.apply(bot.choose(match.state.clone(), seat), seat)
    return match


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
async def test_a_table_plays_and_ends_without_reading_the_position(make_app, game) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        source = Positionless(Match.new(game.id, seats(game), seed=5))
        app.open_table(source)  # type: ignore[arg-type]  # (a Match in all but its position)
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert isinstance(table, TableScreen) and table.match is source
        await wait_for(pilot, lambda: table.is_mounted)
        await pilot.pause()
        moves = 0
        for _ in range(400):  # some moves of the person's, and the bots' in between
            if moves >= 3 or source.is_over():
                break
            if game.realtime:
                await pilot.press("space")  # the person's turn key against a bot
                moves = sum(1 for m in source.record if m.seat == 0)
                # presses closer than REPEAT_GAP are a held key's auto-repeat, all ignored
                # after the first (pressed while the bot turned, it was refused)
                await pilot.pause(REPEAT_GAP)
            else:
                seat = table.human_to_move()
                if seat is not None and not table.holding:
                    assert table.play_action(source.hint(seat), seat)
                    moves += 1
                elif table.holding:
                    table.release_hold()
            await pilot.pause(0.02)
        assert moves >= 1
        await asyncio.sleep(0)

        ended = Positionless(finished(game, seed=7))
        app.open_table(ended, replace=True)  # type: ignore[arg-type]
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), timeout=20)
        over = app.screen
        assert isinstance(over, GameOverScreen) and over.match is ended
        await app.workers.wait_for_complete()  # the result, into the statistics
