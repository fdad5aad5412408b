"""What the games' solver tests share: the hard bot's choice with each solver lent to its
exact endgame, so a test can hold a game's own solver to the reference's choices."""

from __future__ import annotations

import dataclasses
from typing import Any

from cardsuite.bots.ismcts import ISMCTSBot, SearchHooks
from cardsuite.engine import State


def choices_by_solver(
    hooks: SearchHooks, st: State, seat: int, solvers: tuple[Any, ...], solved: int = 8
) -> list[tuple[str, Any]]:
    """For each of ``solvers``, the bot's (choice, values) at ``st`` from 200 iterations,
    every one of its ``solved`` samples solved exactly."""
    assert hooks.endgame is not None
    out = []
    for solver in solvers:
        endgame = dataclasses.replace(hooks.endgame, solver=solver)
        h = dataclasses.replace(hooks, endgame=endgame)
        bot = ISMCTSBot(h, seed=2, iterations=200, time_budget=1e9)
        out.append((str(bot.choose(st, seat)), bot.last.values))
        assert bot.last.endgame and bot.last.solved == solved
    return out
