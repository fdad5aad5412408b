"""Manni's exact endgame, reference against fast: the speed of a decision by cards left.

For each count of cards left in the three hands (``--cards``), positions from medium play
of a variant (``--variant``; every hand of a game, so Trjámann and Hornafjarðarmanni give
every contract) with exactly that many cards left and a choice to make; each decided by the
hard bot's exact endgame (``endgame.choose_exactly``, forced to solve whatever the cards
left) with ``--samples`` samples, once with the reference ``endgame.Solver`` and once with
``solve.MannSolver`` (``--fast-only``: the fast one alone, for counts the reference takes
minutes over). Prints, per count, CPU seconds a decision (mean, p95, max), positions searched
a second, and whether the two chose alike with the same values (they must: the lockstep).
``--as-shipped``: instead, the hard bot as the app makes it (its default iterations and time
budget, ``ENDGAME_CARDS``), on the same positions: wall seconds a decision (p50, p95, max;
under load, upper bounds), how many samples its endgame solved (mean, least), and its
regret in points a decision, judged by the exact solve of the true deal (as
``manni_endgame_regret.py`` judges); with
``--reference`` the same bot with the reference solver instead (as before issue 36's own
solver).

    nice -n 10 python scripts/measure_manni_solver.py --cards 12,15,18 --positions 20
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from solver_timing import decide

from cardsuite.bots import make_bot
from cardsuite.bots.endgame import Solver
from cardsuite.bots.ismcts import ISMCTSBot
from cardsuite.games import get_game
from cardsuite.games.manni import bots as mb
from cardsuite.games.manni.rules import MannState
from cardsuite.games.manni.solve import MannSolver


def positions(variant: str, cards: int, count: int, seed: int) -> list[tuple[MannState, int]]:
    """``count`` positions of ``variant`` with exactly ``cards`` in the hands, a choice to
    make, from medium bots' games (one a hand at most)."""
    game = get_game("manni")
    found: list[tuple[MannState, int]] = []
    g = 0
    while len(found) < count:
        st = game.new_state(players=3, variant=variant, seed=seed * 100_000 + g)
        assert isinstance(st, MannState)
        g += 1
        bots = [make_bot("manni", "medium", seed=g * 3 + s) for s in range(3)]
        taken = 0
        while not st.is_over() and len(found) < count:
            seat = st.to_move()
            assert seat is not None
            if st.hand_no != taken and st.phase == "play":
                left = sum(len(h) for h in st.hands)
                if left == cards and len(st.legal_actions()) > 1:
                    found.append((st.clone_for_search(random.Random(g)), seat))
                    taken = st.hand_no
            st.apply(bots[seat].choose(st, seat))
    return found


def summary(cpu: Sequence[float], nodes: int) -> dict[str, float]:
    ordered = sorted(cpu)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "mean_s": round(statistics.mean(cpu), 4),
        "p95_s": round(p95, 4),
        "max_s": round(max(cpu), 4),
        "nodes_per_s": round(nodes / max(sum(cpu), 1e-9)),
    }


def shipped(found: Sequence[tuple[MannState, int]], reference: bool) -> dict[str, Any]:
    """The hard bot with the app's settings on ``found`` (``reference``: its endgame by the
    reference solver): wall seconds and samples solved."""
    wall: list[float] = []
    solved: list[int] = []
    regrets: list[float] = []
    spec = mb.search_hooks().endgame
    assert spec is not None
    for i, (st, seat) in enumerate(found):
        bot = make_bot("manni", "hard", seed=i)
        assert isinstance(bot, ISMCTSBot)
        if reference:
            reference_spec = dataclasses.replace(spec, solver=None)
            bot.hooks = dataclasses.replace(bot.hooks, endgame=reference_spec)
        t = time.perf_counter()
        choice = bot.choose(st.clone_for_search(random.Random(3)), seat)
        wall.append(time.perf_counter() - t)
        solved.append(bot.last.solved if bot.last.endgame else 0)
        exact = MannSolver(st, seat, spec).values(st, st.legal_actions())
        regrets.append(16 * (max(exact.values()) - exact[choice.key]))
    ordered = sorted(wall)
    pick = lambda q: round(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))], 4)  # noqa: E731
    return {
        "endgame": mb.endgame_when(found[0][0], found[0][1]),
        "p50_s": pick(0.5),
        "p95_s": pick(0.95),
        "max_s": round(max(wall), 4),
        "solved_mean": round(statistics.mean(solved), 1),
        "solved_least": min(solved),
        "regret": round(statistics.mean(regrets), 4),
        "regret_ci": round(1.96 * statistics.stdev(regrets) / len(regrets) ** 0.5, 4),
        "regrets": [round(r, 4) for r in regrets],
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", default="12,15", help="cards left, comma-separated")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--samples", type=int, default=8, help="8: 200 iterations; 40: 1000")
    parser.add_argument("--variant", default="basic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fast-only", action="store_true")
    parser.add_argument("--as-shipped", action="store_true")
    parser.add_argument("--reference", action="store_true", help="with --as-shipped")
    args = parser.parse_args(argv)
    for cards in (int(c) for c in args.cards.split(",")):
        found = positions(args.variant, cards, args.positions, args.seed)
        if args.as_shipped:
            got = shipped(found, args.reference)
            solver = "reference" if args.reference else "fast"
            print(json.dumps({"variant": args.variant, "cards": cards, "solver": solver, **got}))
            continue
        out: dict[str, Any] = {"variant": args.variant, "cards": cards, "positions": len(found)}
        runs = [("fast", MannSolver)] if args.fast_only else [("ref", Solver), ("fast", MannSolver)]
        picks: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        for name, solver in runs:
            cpu: list[float] = []
            nodes = 0
            picks[name] = []
            for st, seat in found:
                choice, values, t, n = decide(mb.search_hooks(), st, seat, solver, args.samples)
                cpu.append(t)
                nodes += n
                picks[name].append((choice, values))
            out[name] = summary(cpu, nodes)
        if not args.fast_only:
            out["same"] = picks["ref"] == picks["fast"]
            out["speedup"] = round(out["ref"]["mean_s"] / max(out["fast"]["mean_s"], 1e-9), 1)
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
