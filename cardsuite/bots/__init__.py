"""Bots: ``make_bot(game_id, level, seed=...)`` gives an object with ``choose(state, seat)``.

Levels: ``random`` (uniform over legal actions), ``easy`` and ``medium`` (each game's own
heuristics, in ``games/<game>/bots.py``) and ``hard`` (Information-Set MCTS over the engine
contract, ``bots/ismcts.py``, with the game's medium heuristic for play-outs).

Bots see only ``state.view(seat)``, ``state.legal_actions(seat)`` and what
``state.sample_hidden(seat, rng)`` gives them; they never read hidden cards.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # the CLI's --help reads LEVELS: the engine is not needed for that
    from ..engine import Action, State

LEVELS = ("random", "easy", "medium", "hard")


class Bot(Protocol):
    level: str

    def choose(self, state: State, seat: int) -> Action: ...


class RandomBot:
    """Uniformly random legal actions: the floor every other level must beat."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to do")
        return legal[int(self.rng.random() * len(legal))]


def _game_bots(game_id: str) -> Any:
    from ..games import entry

    return entry(game_id).bots_module()


def make_bot(game_id: str, level: str, seed: int | None = None, **options: Any) -> Bot:
    """A bot for ``game_id`` at ``level``; ``options`` go to the bot (``time_budget``,
    ``iterations`` for ``hard``). Unknown levels raise ``ValueError`` listing the allowed."""
    if level not in LEVELS:
        raise ValueError(f"no bot level {level!r}; levels: {', '.join(LEVELS)}")
    module = _game_bots(game_id)
    if hasattr(module, "make"):  # games whose bots need more than choose() (Money's timing)
        made: Bot = module.make(level, seed, **options)
        return made
    if level == "random":
        return RandomBot(seed)
    if level == "hard":
        from .ismcts import ISMCTSBot

        return ISMCTSBot(module.search_hooks(), seed=seed, **options)
    bot: Bot = module.BOTS[level](seed=seed, **options)
    return bot
