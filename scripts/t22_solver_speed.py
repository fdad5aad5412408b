"""Twenty-Two's exact endgame: the reference ``Solver`` against the game's own
(``games/twenty_two/solve.py``), and the hard bot's decisions once it solves, by cards left.

Positions are medium bots' decisions with a choice in a hand's play (``--players``), taken
at random (``--take``) once at most ``--most`` cards are left in the hands, any hand of a
game. For each number of cards left: both solvers on the true deal (the reference only up
to ``--reference`` cards: it takes minutes past 20), positions a second and seconds a solve,
the same values checked; then (``--bot``) the hard bot at its default budget with the
endgame from that many cards: its seconds a decision (p50, p95) and how many samples it
solved in them (of the 40 its 1000 iterations stand for; under 8, the ladder's 200
iterations' worth, is counted). Times are this process's CPU
seconds (the bot's clock too, unless ``--wall``): on a loaded machine they are what an
idle one would take, which the wall clock is not.

    nice -n 10 python scripts/t22_solver_speed.py --players 4 --most 24 --positions 120 --bot
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time
from collections import defaultdict
from typing import Any

from cardsuite.bots import make_bot
from cardsuite.bots.endgame import Solver
from cardsuite.bots.ismcts import ISMCTSBot
from cardsuite.games import get_game
from cardsuite.games.twenty_two import bots as t22
from cardsuite.games.twenty_two.solve import T22Solver


def positions(players: int, most: int, count: int, take: float, seed: int) -> list[Any]:
    game = get_game("twenty-two")
    rng = random.Random(seed)
    found: list[Any] = []
    g = 0
    while len(found) < count:
        st: Any = game.new_state(players=players, seed=seed * 1000 + g)
        bots = [make_bot("twenty-two", "medium", seed=g + s) for s in range(players)]
        g += 1
        while st.to_move() is not None and len(found) < count:
            seat = st.to_move()
            cards = sum(len(h) for h in st.hands)
            choice = st.phase == "play" and cards <= most and len(st.legal_actions()) > 1
            if choice and rng.random() < take:
                found.append(st.clone_for_search(random.Random(1)))
            st.apply(bots[seat].choose(st, seat))
    return found


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--most", type=int, default=24)
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--take", type=float, default=0.3)
    parser.add_argument("--reference", type=int, default=16, help="reference up to this")
    parser.add_argument("--bot", action="store_true", help="time the hard bot too")
    parser.add_argument("--wall", action="store_true", help="the bot's budget by the wall clock")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    clock = time.perf_counter if args.wall else time.process_time
    spec = t22.search_hooks().endgame
    assert spec is not None
    found = positions(args.players, args.most, args.positions, args.take, args.seed)
    rows: dict[int, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    t22.ENDGAME_CARDS = args.most
    for st in found:
        cards = sum(len(h) for h in st.hands)
        me = st.to_move()
        legal = st.legal_actions()
        row = rows[cards]
        makers: list[tuple[str, Any]] = [("fast", T22Solver)]
        if cards <= args.reference:
            makers.append(("ref", Solver))
        got = []
        for name, maker in makers:
            solver = maker(st, me, dataclasses.replace(spec, solver=None))
            t = time.process_time()
            got.append(solver.values(st, legal))
            row[name + "_s"].append(time.process_time() - t)
            row[name + "_nodes"].append(solver.nodes)
        assert all(g == got[0] for g in got), "the solvers disagree"
        if args.bot:
            bot = make_bot("twenty-two", "hard", seed=cards, clock=clock)
            assert isinstance(bot, ISMCTSBot)
            t = clock()
            bot.choose(st, me)
            row["bot_s"].append(clock() - t)
            if bot.last.endgame:  # (else a search: two seats left, deep hands)
                row["solved"].append(bot.last.solved)
    print(f"{args.players} players, {len(found)} positions (endgame from {args.most} cards)")
    head = "cards  n   ref nodes/s  ref s/solve  fast nodes/s  fast s/solve (mean, max)"
    if args.bot:
        head += "   bot s p50 p95   solved of 40: mean min, decisions under 8"
    print(head)
    for cards in sorted(rows):
        r = rows[cards]
        line = f"{cards:5d} {len(r['fast_s']):3d}"
        if r["ref_s"]:
            rate = sum(r["ref_nodes"]) / sum(r["ref_s"])
            line += f"  {rate:11.0f}  {statistics.mean(r['ref_s']):11.4f}"
        else:
            line += f"  {'-':>11}  {'-':>11}"
        rate = sum(r["fast_nodes"]) / sum(r["fast_s"])
        line += f"  {rate:12.0f}  {statistics.mean(r['fast_s']):7.4f} {max(r['fast_s']):7.3f}"
        if args.bot:
            line += f"   {pct(r['bot_s'], 0.5):5.3f} {pct(r['bot_s'], 0.95):5.3f}"
            if r["solved"]:
                few = sum(x < 8 for x in r["solved"])
                line += f"   {statistics.mean(r['solved']):5.1f} {min(r['solved']):3d}"
                line += f"   {few}/{len(r['solved'])}"
            else:
                line += "   (searched)"
        print(line)


if __name__ == "__main__":
    main()
