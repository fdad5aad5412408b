"""The hard bot's search speed on fixed positions: iterations per second, and how its default
settings stop (on the time budget or on the iteration cap).

The positions are the same for every version of the code (random play from fixed seeds, the
seat to move having a real choice), so two checkouts can be compared side by side on one
noisy machine: run the old one with ``PYTHONPATH=/path/to/old`` and the new one, alternately,
and compare the ratios. Prints one JSON line per game.

    python scripts/measure_search.py [--positions 12] [--iterations 200] [--games twenty-two,money]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from cardsuite.bots.ismcts import ISMCTSBot
from cardsuite.games import entry as game_entry
from cardsuite.games import get_game

PLAYERS = {"twenty-two": 4, "money": 2}
#: The hard bot's own defaults per game (the app's settings).
DEFAULTS = {
    "twenty-two": {"iterations": 1000, "time_budget": 0.8},
    "money": {"iterations": 300, "time_budget": 0.5},
}


def positions(
    game_id: str, count: int, variant: str | None = None, players: int | None = None
) -> list[Any]:
    """``count`` positions from random play, each with a choice for the seat to move (the
    game's default variant and table unless named; each named one draws its own)."""
    game = get_game(game_id)
    hooks = game_entry(game_id).bots_module().search_hooks()
    found: list[Any] = []
    seed = 0
    named = "" if variant is None and players is None else f"{variant}:{players}:"
    while len(found) < count:
        rng = random.Random(f"search:{game_id}:{named}{seed}")
        state = game.new_state(players=players or PLAYERS[game_id], variant=variant, seed=seed)
        stop = rng.randrange(2, 40)
        for step in range(400):
            if state.is_over():
                break
            mover = state.to_move()
            if step >= stop and mover is not None and len(hooks.candidates(state)) > 1:
                found.append(state.clone())
                break
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        seed += 1
    return found


def measure(game_id: str, count: int, iterations: int) -> dict[str, Any]:
    hooks = game_entry(game_id).bots_module().search_hooks()
    rates: list[float] = []
    think: list[float] = []
    on_time = 0
    for i, state in enumerate(positions(game_id, count)):
        seat = state.to_move()
        capped = ISMCTSBot(hooks, seed=i, iterations=iterations, time_budget=1e9)
        t = time.perf_counter()
        capped.choose(state.clone(), seat)
        rates.append(capped.last.iterations / (time.perf_counter() - t))
        default = ISMCTSBot(hooks, seed=i, **DEFAULTS[game_id])
        t = time.perf_counter()
        default.choose(state.clone(), seat)
        think.append(time.perf_counter() - t)
        on_time += default.last.iterations < DEFAULTS[game_id]["iterations"]
    think.sort()
    return {
        "game": game_id,
        "positions": count,
        "iterations_s_median": round(statistics.median(rates), 1),
        "iterations_s_mean": round(statistics.fmean(rates), 1),
        "stopped_on_time": round(on_time / count, 2),
        "think_p95_s": round(think[min(len(think) - 1, int(0.95 * len(think)))], 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--games", default="twenty-two,money")
    args = parser.parse_args()
    for game_id in args.games.split(","):
        print(json.dumps(measure(game_id, args.positions, args.iterations)), flush=True)


if __name__ == "__main__":
    main()
