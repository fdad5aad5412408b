"""CPU time of the same fixed play-outs in two checkouts, alternated: a clock A/B that
compares equal work.

``compare_checkouts.py`` and ``ab_wall.py`` time as many play-outs as fit in a few seconds,
so each side and each chunk plays other games, and at three players (hands of 13-16 cards,
games of very different lengths) their ratios scatter by more than the one or two per cent
a kernel step is worth. Here every run plays the very same games (``cardsuite_rate.py``'s
loop, seeds FIRST..FIRST+GAMES-1, the move picked by ``random.Random(0)``), so both sides do
the same moves in the same order, and only the code and the machine differ; the machine's
drift is cancelled by alternating the two sides (A B, B A, A B, ...), each run a fresh
process, timed by its own CPU clock (``time.process_time``, so time taken by other jobs on a
shared core is not counted) over the loop alone (after imports and one warm-up game).

    python scripts/cpu_ab.py BEFORE AFTER "GAME VARIANT PLAYERS [K=V ...]" ... [--games N]
        [--first SEED] [--rounds R]

Game options are written as ``compare_checkouts.py`` reads them (``aces_money=true``).

Prints, per configuration, each side's CPU seconds (min/median/max of the rounds) and
the median of the rounds' AFTER/BEFORE ratios (below 1: AFTER is faster), with their
range. It checks that both sides played the same number of moves (a speed-up must not
change a game).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from compare_checkouts import _option  # (beside this script)

LOOP = """
import json, random, sys, time
from cardsuite.games import get_game
name, variant, players = sys.argv[1], sys.argv[2], int(sys.argv[3])
first, count = int(sys.argv[4]), int(sys.argv[5])
options = json.loads(sys.argv[6])
game = get_game(name)
s = game.new_state(players=players, variant=variant, seed=10**6, options=dict(options))
while not s.is_over():
    s.apply(s.legal_actions()[0])
rng = random.Random(0); moves = 0
t0 = time.process_time()
for g in range(first, first + count):
    s = game.new_state(players=players, variant=variant, seed=g, options=dict(options))
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions())); moves += 1
print(json.dumps({"cpu": time.process_time() - t0, "moves": moves}))
"""


def _run(checkout: str, config: list[str], first: int, games: int) -> dict[str, float]:
    game, variant, players, *opts = config
    options = json.dumps(dict(_option(o) for o in opts))
    env = dict(os.environ, PYTHONPATH=os.path.abspath(checkout), PYTHONHASHSEED="0")
    args = [sys.executable, "-P", "-c", LOOP, game, variant, players, str(first), str(games)]
    args.append(options)
    out = subprocess.run(args, env=env, capture_output=True, text=True, check=True).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("configs", nargs="+", help='"GAME VARIANT PLAYERS"')
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for text in args.configs:
        config = text.split()
        times: dict[str, list[float]] = {"before": [], "after": []}
        ratios: list[float] = []
        moves: set[float] = set()
        for r in range(args.rounds):
            order = ("before", "after") if r % 2 == 0 else ("after", "before")
            got = {}
            for side in order:
                res = _run(getattr(args, side), config, args.first, args.games)
                got[side] = res["cpu"]
                times[side].append(res["cpu"])
                moves.add(res["moves"])
            ratios.append(got["after"] / got["before"])
        if len(moves) != 1:
            raise SystemExit(f"{text}: the sides played different games ({sorted(moves)} moves)")

        def mmm(xs: list[float]) -> list[float]:
            return [round(min(xs), 3), round(statistics.median(xs), 3), round(max(xs), 3)]

        print(
            json.dumps(
                {
                    "config": text,
                    "games": args.games,
                    "moves": moves.pop(),
                    "before_cpu": mmm(times["before"]),
                    "after_cpu": mmm(times["after"]),
                    "after_over_before": mmm(ratios),
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
