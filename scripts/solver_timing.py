"""What the solver-speed scripts share (``measure_manni_solver.py``,
``mensch_solver_speed.py``): one exact-endgame decision timed with a given solver."""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Any

from cardsuite.bots import endgame
from cardsuite.bots.ismcts import ISMCTSBot, SearchHooks
from cardsuite.engine import State


def decide(
    hooks: SearchHooks, st: State, seat: int, solver: Any, samples: int
) -> tuple[str, dict[str, Any], float, int]:
    """The exact endgame's choice at ``st`` with ``solver`` over the game's ``hooks``, every
    one of ``samples`` samples solved: (choice, values, CPU seconds, nodes)."""
    assert hooks.endgame is not None
    spec = dataclasses.replace(hooks.endgame, when=lambda s, seat: True, solver=solver)
    bot = ISMCTSBot(
        SearchHooks(**{**hooks.__dict__, "endgame": spec}),
        seed=seat,
        iterations=samples * endgame.ITERATIONS_PER_SAMPLE,
        time_budget=1e9,
    )
    t = time.process_time()
    choice = bot.choose(st.clone_for_search(random.Random(3)), seat)
    cpu = time.process_time() - t
    assert bot.last.endgame and bot.last.solved == samples
    return str(choice), dict(bot.last.values or {}), cpu, bot.last.nodes
