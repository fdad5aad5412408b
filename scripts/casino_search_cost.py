"""Casino's hard bot on fixed positions: CPU time of capped searches, and a digest of what
they chose, so two checkouts can be compared on equal work.

``cardsuite bench african-casino -p 4`` times searches against the clock (0.8 s), so a faster
bot plays other games and its figures move with the machine's load. Here each search is
capped by iterations (no time budget) on the same positions (random play from fixed seeds
to a position where the mover has a choice), so both checkouts do the same searches, which
the digest of each root's choice and visits proves; only the CPU time differs. Run it with
``PYTHONPATH`` on each checkout in turn (alternate them: the machine drifts), or under
callgrind for instructions.

    python scripts/casino_search_cost.py [--players 4] [--variant swazi] [--positions 5]
        [--iterations 200]

Prints one JSON line: CPU seconds of the searches (``time.process_time``), milliseconds an
iteration, and the digest.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from typing import Any

from measure_search import positions as search_positions

from cardsuite.bots.ismcts import ISMCTSBot
from cardsuite.games import entry as game_entry

GAME = "african-casino"


def positions(variant: str, players: int, count: int) -> list[Any]:
    """``count`` positions from random play, each with a choice for the seat to move."""
    return search_positions(GAME, count, variant, players)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="swazi")
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=200)
    args = parser.parse_args()
    hooks = game_entry(GAME).bots_module().search_hooks()
    found = positions(args.variant, args.players, args.positions)
    digest = hashlib.sha256()
    cpu = 0.0
    done = 0
    for i, state in enumerate(found):
        seat = state.to_move()
        bot = ISMCTSBot(hooks, seed=i, iterations=args.iterations, time_budget=1e9)
        t = time.process_time()
        choice = bot.choose(state.clone(), seat)
        cpu += time.process_time() - t
        done += bot.last.iterations
        # (the visits' keys may name objects by address: their counts, in order, are the digest)
        visits = sorted(bot.last.visits.values())
        digest.update(f"{choice}|{bot.last.iterations}|{visits}".encode())
    print(
        json.dumps(
            {
                "variant": args.variant,
                "players": args.players,
                "positions": len(found),
                "iterations": done,
                "cpu_s": round(cpu, 3),
                "ms_per_iteration": round(1000 * cpu / max(done, 1), 4),
                "digest": digest.hexdigest()[:16],
            }
        )
    )


if __name__ == "__main__":
    main()
