"""Two checkouts against OpenSpiel's C++ Skat, alternated in one run, with game options.

``../shared/bench/compare.sh`` measures one checkout; a before/after needs both in one run
on this shared machine (only side-by-side ratios are stable). Each round runs BEFORE's
play-outs, Skat, AFTER's play-outs, Skat (``cardsuite_rate.py``'s loop: ``apply(rng.choice(
legal_actions()))`` from seeds 0, 1, ..., with the options given), and prints per
configuration the min/median/max of the moves and deals ratios to Skat.

    python scripts/compare_checkouts.py BEFORE AFTER "GAME VARIANT PLAYERS [K=V ...]" ...
        [--rounds 3] [--seconds 3]

BEFORE and AFTER are checkout folders (put first on ``PYTHONPATH``); ``-`` skips a side.
Needs OpenSpiel's virtualenv as ``compare.sh`` makes it (``OPENSPIEL_VENV``, default
``~/.cache/cardsuite-openspiel-venv``) and the shared bench folder (``CARDSUITE_SHARED``,
default ``../shared``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

LOOP = """
import json, random, sys, time
from cardsuite.games import get_game
name, variant, players, secs = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
options = json.loads(sys.argv[5])
game = get_game(name); rng = random.Random(0)
games = deals = moves = 0
t0 = time.perf_counter()
while time.perf_counter() - t0 < secs:
    s = game.new_state(players=players, variant=variant, seed=games, options=dict(options))
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions())); moves += 1
    games += 1; deals += s.deals_played()
wall = time.perf_counter() - t0
print(json.dumps({"deals_s": deals / wall, "moves_s": moves / wall}))
"""


def _option(text: str) -> tuple[str, object]:
    key, _, raw = text.partition("=")
    value: object = {"true": True, "false": False}.get(raw, raw)
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    return key, value


def _rate(checkout: str, config: list[str], seconds: str) -> dict[str, float]:
    game, variant, players, *opts = config
    options = json.dumps(dict(_option(o) for o in opts))
    env = dict(os.environ, PYTHONPATH=os.path.abspath(checkout))
    # -P: ``python -c`` would put the current folder first on the path, so a run started
    # inside a checkout would measure that checkout on both sides
    args = [sys.executable, "-P", "-c", LOOP, game, variant, players, seconds, options]
    out = subprocess.run(args, env=env, capture_output=True, text=True, check=True).stdout
    return dict(json.loads(out))


def _skat(seconds: str) -> dict[str, float]:
    venv = os.environ.get("OPENSPIEL_VENV", str(Path.home() / ".cache/cardsuite-openspiel-venv"))
    default = Path(__file__).resolve().parents[2] / "shared"  # the project's ../shared
    shared = Path(os.environ.get("CARDSUITE_SHARED", default))
    args = [f"{venv}/bin/python", str(shared / "bench/openspiel_rate.py"), "skat", seconds]
    return dict(json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout))


def _spread(xs: list[float]) -> str:
    xs = sorted(xs)
    return f"{xs[0]:.3f}/{statistics.median(xs):.3f}/{xs[-1]:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("configs", nargs="+", help='"GAME VARIANT PLAYERS [K=V ...]"')
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", default="3")
    args = parser.parse_args()
    sides = [("before", args.before), ("after", args.after)]
    for text in args.configs:
        config = text.split()
        ratios: dict[str, tuple[list[float], list[float]]] = {n: ([], []) for n, _ in sides}
        for _ in range(args.rounds):
            for name, path in sides:
                if path == "-":
                    continue
                mine, skat = _rate(path, config, args.seconds), _skat(args.seconds)
                ratios[name][0].append(mine["moves_s"] / skat["moves_s"])
                ratios[name][1].append(mine["deals_s"] / skat["deals_s"])
        line = f"{text:45s}"
        for name, (moves, deals) in ratios.items():
            if moves:
                line += f" | {name} moves {_spread(moves)} deals {_spread(deals)}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
