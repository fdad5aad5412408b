"""The hard bot's strength as issue 10 measures it, in one command.

Hard x 1 against medium x 3 in four-player Twenty-Two at a fixed iteration count (so the
figure does not depend on the machine's load), then an all-seeing hard (its search sees
every hand, what nobody has seen dealt again: ``simulate --all-seeing``) against medium x 3
on the same deals. Prints each hard
share with its 95% interval, and how much of the gap between medium's share (a quarter, one
seat in four) and the all-seeing share the real hard bot closes.

    python scripts/measure_strength.py [--games 300] [--iterations 300] [--jobs 2] [--json]
"""

from __future__ import annotations

import argparse
import json

from cardsuite.simulate import GameSpec, available_cores, simulate

MEDIUM_SHARE = 0.25  # one seat in four, when all four play alike


def share(games: int, iterations: int, jobs: int, seed: int, all_seeing: bool) -> dict:  # type: ignore[type-arg]
    hard = {"iterations": iterations, "time_budget": 60.0}
    if all_seeing:
        hard["all_seeing"] = True
    spec = GameSpec(
        "twenty-two", 4, "standard", {}, ("hard", "medium", "medium", "medium"), {"hard": hard}
    )
    summary = simulate(spec, games, seed, jobs)
    e = summary.entries[0]
    return {"win_rate": e.win_rate, "win_ci": e.win_ci, "wins": e.wins, "seconds": summary.seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=available_cores())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    real = share(args.games, args.iterations, args.jobs, args.seed, all_seeing=False)
    seeing = share(args.games, args.iterations, args.jobs, args.seed, all_seeing=True)
    gap = seeing["win_rate"] - MEDIUM_SHARE
    closed = (real["win_rate"] - MEDIUM_SHARE) / gap if gap > 0 else float("nan")
    out = {
        "games": args.games,
        "iterations": args.iterations,
        "hard": real,
        "all_seeing": seeing,
        "medium_share": MEDIUM_SHARE,
        "gap_closed": closed,
    }
    if args.json:
        print(json.dumps(out))
        return
    for name, r in (("hard", real), ("all-seeing hard", seeing)):
        print(
            f"{name:16s} {r['win_rate']:6.1%} ±{r['win_ci']:.1%}"
            f"  ({r['wins']:g} of {args.games} games, {r['seconds']:.0f} s)"
        )
    print(f"gap closed: {closed:.0%} of the way from medium's {MEDIUM_SHARE:.0%} to all-seeing")


if __name__ == "__main__":
    main()
