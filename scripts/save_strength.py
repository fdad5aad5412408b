"""Merge strength-ladder runs into the shipped results, ``cardsuite/strength.json``.

The ladder is slow (an hour or more for a game at 25 sets), so each game is run on its own
and its result merged here; a game's entry replaces the one shipped, the others stay, and
the games keep the registry's order. What ``cardsuite list`` and the setup screen say about
each bot level is read from that file (``cardsuite/strength.py``).

    cardsuite bench --strength mensch --sets 25 --json > mensch.json
    python scripts/save_strength.py mensch.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from cardsuite.games import game_ids
from cardsuite.strength import parse

SHIPPED = Path(__file__).resolve().parent.parent / "cardsuite" / "strength.json"


def merge(shipped: list[dict], runs: list[list[dict]]) -> list[dict]:
    """``shipped`` with each run's games put in (a game run again replaces its entry)."""
    by_game = {entry["game"]: entry for entry in shipped}
    for run in runs:
        for entry in run:
            by_game[entry["game"]] = entry
    order = {g: i for i, g in enumerate(game_ids())}
    return sorted(by_game.values(), key=lambda e: order.get(e["game"], len(order)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", nargs="+", type=Path, help="`cardsuite bench --strength --json` files")
    ap.add_argument("--to", type=Path, default=SHIPPED, help="the file to merge into")
    args = ap.parse_args()
    runs = []
    for path in args.runs:
        data = json.loads(path.read_text("utf-8"))
        if not isinstance(data, list) or len(parse(data)) != len(data):
            print(
                f"{path}: not the ladder's JSON (cardsuite bench --strength --json)",
                file=sys.stderr,
            )
            return 2
        runs.append(data)
    shipped = json.loads(args.to.read_text("utf-8")) if args.to.exists() else []
    merged = merge(shipped, runs)
    args.to.write_text(json.dumps(merged, indent=1) + "\n", "utf-8")
    print(f"{args.to}: {', '.join(e['game'] for e in merged)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
