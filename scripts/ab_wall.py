"""Wall-clock speed of an engine as a ratio, measured so that a shared machine's drift cancels.

``compare.sh`` runs a cardsuite game and OpenSpiel's Skat for seconds each, one process after
the other, and on this shared two-core machine its ratios scatter by 10-20% between runs.
Here both sides run in *one* process, in short alternating chunks (B A, A B, ...), and the
figure is the median of the per-pair ratios with its quartiles: slow drift (another job, the
clock of a shared core) hits both sides of a pair alike. Instruction counts
(``count_instructions.py``) are exact but are not the target: Python's interpreter runs fewer
instructions a cycle than Skat's C++, and a change can cut instructions and not time (a loop
over a short hand moved into ``map``) or the other way round (a comprehension, which Python
3.11 makes and calls as a function of its own).

    python scripts/ab_wall.py GAME VARIANT PLAYERS               the game against Skat
    python scripts/ab_wall.py GAME VARIANT PLAYERS --against DIR  this checkout (B) against
                                                                   the one in DIR (A)
    options: --pairs N (default 30), --chunk SECONDS (default 0.3)

Against Skat it needs OpenSpiel's virtualenv (``compare.sh`` builds it; ``OPENSPIEL_VENV``
overrides where). Prints one JSON line: the medians and quartiles of deals and moves per
second as ratios (the game over Skat, or B over A).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent

Runner = Callable[[float], tuple[float, float]]


def cardsuite_runner(games_module: Any, name: str, variant: str, players: int) -> Runner:
    """``compare.sh``'s cardsuite loop (seeds 0, 1, 2, ...), run for at least ``secs``."""
    game = games_module.get_game(name)
    choice = random.Random(0).choice
    seed = [0]

    def run(secs: float) -> tuple[float, float]:
        deals = moves = 0
        t0 = time.perf_counter()
        while True:
            s = game.new_state(players=players, variant=variant, seed=seed[0])
            seed[0] += 1
            while not s.is_over():
                s.apply(choice(s.legal_actions()))
                moves += 1
            deals += s.deals_played()
            t = time.perf_counter() - t0
            if t >= secs:
                return deals / t, moves / t

    return run


def skat_runner() -> Runner:
    """``compare.sh``'s OpenSpiel loop (chance nodes included, moves counted without them)."""
    venv = os.environ.get("OPENSPIEL_VENV", str(Path.home() / ".cache/cardsuite-openspiel-venv"))
    found = sorted(Path(venv).glob("lib/python3*/site-packages"))
    if not found:
        raise SystemExit(f"no OpenSpiel virtualenv at {venv} (run ../shared/bench/compare.sh)")
    sys.path.append(str(found[0]))
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("skat")
    choice = random.Random(0).choice

    def run(secs: float) -> tuple[float, float]:
        deals = moves = 0
        t0 = time.perf_counter()
        while True:
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply_action(choice(s.chance_outcomes())[0])
                else:
                    s.apply_action(choice(s.legal_actions()))
                    moves += 1
            deals += 1
            t = time.perf_counter() - t0
            if t >= secs:
                return deals / t, moves / t

    return run


def other_checkout(directory: str) -> Any:
    """The ``cardsuite.games`` of another checkout, imported beside this one: its package is
    copied under another name (its imports are relative; the registry's paths are renamed)."""
    root = tempfile.mkdtemp(prefix="ab_wall")
    pkg = Path(root) / "cardsuite_a"
    shutil.copytree(
        Path(directory) / "cardsuite", pkg, ignore=shutil.ignore_patterns("__pycache__")
    )
    registry = pkg / "games" / "__init__.py"
    registry.write_text(registry.read_text().replace('"cardsuite.games.', '"cardsuite_a.games.'))
    sys.path.insert(0, root)
    return importlib.import_module("cardsuite_a.games")


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("variant")
    ap.add_argument("players", type=int)
    ap.add_argument("--against", metavar="DIR", help="another checkout: this one over it")
    ap.add_argument("--pairs", type=int, default=30)
    ap.add_argument("--chunk", type=float, default=0.3)
    args = ap.parse_args(argv)
    sys.path.insert(0, str(HERE))
    mine = cardsuite_runner(
        importlib.import_module("cardsuite.games"), args.game, args.variant, args.players
    )
    if args.against:
        base = cardsuite_runner(other_checkout(args.against), args.game, args.variant, args.players)
        who = f"{HERE} over {args.against}"
    else:
        base, who = skat_runner(), "over OpenSpiel skat"
    mine(1.0)  # warm both: first-use tables, the interpreter's specialisation
    base(1.0)
    deals, moves = [], []
    for i in range(args.pairs):
        if i % 2:
            a, b = base(args.chunk), mine(args.chunk)
        else:
            b, a = mine(args.chunk), base(args.chunk)
        deals.append(b[0] / a[0])
        moves.append(b[1] / a[1])

    def summary(xs: list[float]) -> list[float]:
        return [round(x, 3) for x in statistics.quantiles(xs, n=4)]

    print(
        json.dumps(
            {
                "who": f"cardsuite {args.game}/{args.variant} {args.players}p, {who}",
                "pairs": args.pairs,
                "deals_ratio_quartiles": summary(deals),
                "moves_ratio_quartiles": summary(moves),
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1:])
