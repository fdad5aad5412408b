"""Mensch's exact endgame, reference against fast: the speed of a decision by cards left.

For each count of cards left in the four hands (``--cards``), positions from medium bots'
games with exactly that many cards left and a choice to make (one a deal at most); each
decided by the hard bot's exact endgame (``endgame.choose_exactly``, forced to solve
whatever the cards left) with ``--samples`` samples (8: the ladder's 200 iterations), once
with the reference ``endgame.Solver`` and once with ``solve.MenschSolver`` (``--fast-only``:
the fast one alone, for counts the reference takes minutes over). Prints, per count, CPU
seconds a decision (mean, p95, max), positions searched a second, and whether the two chose
alike with the same values (they must: the lockstep). ``--as-shipped``: instead, the hard
bot as the app makes it (its default iterations and time budget) on the same positions,
its endgame forced on whatever the cards left: wall seconds a decision (p50, p95, max;
under load, upper bounds) and how many of its samples it solved in time (mean, least),
with the fast solver and with the reference (as before issue 36's own solver).

    nice -n 10 python scripts/mensch_solver_speed.py --cards 12,16,20,24 --positions 20
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import time
from typing import Any

from measure_manni_solver import summary
from solver_timing import decide

from cardsuite.bots import make_bot
from cardsuite.bots.endgame import Solver
from cardsuite.bots.ismcts import ISMCTSBot
from cardsuite.games import get_game
from cardsuite.games.mensch import bots as mb
from cardsuite.games.mensch.rules import MenschState
from cardsuite.games.mensch.solve import MenschSolver


def positions(cards: int, count: int, seed: int) -> list[tuple[MenschState, int]]:
    """``count`` positions with exactly ``cards`` in the hands and a choice to make, from
    medium bots' eight-deal matches (one a deal at most)."""
    game = get_game("mensch")
    found: list[tuple[MenschState, int]] = []
    g = 0
    while len(found) < count:
        st = game.new_state(seed=seed * 100_000 + g)
        assert isinstance(st, MenschState)
        g += 1
        bots = [make_bot("mensch", "medium", seed=g * 4 + s) for s in range(4)]
        taken = 0
        while not st.is_over() and len(found) < count:
            seat = st.to_move()
            assert seat is not None
            if st.deal_no != taken and st.phase == "play":
                left = sum(len(h) for h in st.hands)
                if left == cards and len(st.legal_actions()) > 1:
                    found.append((st.clone_for_search(random.Random(g)), seat))
                    taken = st.deal_no
            st.apply(bots[seat].choose(st, seat))
    return found


def shipped(found: list[tuple[MenschState, int]], reference: bool) -> dict[str, Any]:
    """The app's hard bot on ``found``, its endgame forced (``reference``: by the reference
    solver): wall seconds a decision and samples solved."""
    wall: list[float] = []
    solved: list[int] = []
    for i, (st, seat) in enumerate(found):
        bot = make_bot("mensch", "hard", seed=i)
        assert isinstance(bot, ISMCTSBot) and bot.hooks.endgame is not None
        spec = dataclasses.replace(
            bot.hooks.endgame, when=lambda s, seat: True, solver=Solver if reference else None
        )
        if not reference:
            spec = dataclasses.replace(spec, solver=MenschSolver)
        bot.hooks = dataclasses.replace(bot.hooks, endgame=spec)
        t = time.perf_counter()
        bot.choose(st.clone_for_search(random.Random(3)), seat)
        wall.append(time.perf_counter() - t)
        assert bot.last.endgame
        solved.append(bot.last.solved)
    ordered = sorted(wall)

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))], 4)

    return {
        "p50_s": pick(0.5),
        "p95_s": pick(0.95),
        "max_s": round(max(wall), 4),
        "solved_mean": round(sum(solved) / len(solved), 1),
        "solved_least": min(solved),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", default="8,12,16,20")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fast-only", action="store_true")
    parser.add_argument("--as-shipped", action="store_true")
    args = parser.parse_args()
    for cards in (int(c) for c in args.cards.split(",")):
        found = positions(cards, args.positions, args.seed)
        row: dict[str, Any] = {"cards": cards, "positions": len(found)}
        if args.as_shipped:
            row["fast"] = shipped(found, reference=False)
            if not args.fast_only:
                row["reference"] = shipped(found, reference=True)
            print(json.dumps(row), flush=True)
            continue
        kinds = [("fast", MenschSolver)] + ([] if args.fast_only else [("reference", Solver)])
        choices: dict[str, list[Any]] = {}
        for name, solver in kinds:
            cpu, nodes, got = [], 0, []
            for st, seat in found:
                choice, values, sec, n = decide(mb.search_hooks(), st, seat, solver, args.samples)
                cpu.append(sec)
                nodes += n
                got.append((choice, values))
            row[name] = {**summary(cpu, nodes), "nodes": nodes}
            choices[name] = got
        if not args.fast_only:
            row["same"] = choices["fast"] == choices["reference"]
            row["speedup"] = round(row["reference"]["mean_s"] / row["fast"]["mean_s"], 1)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
