"""Twenty-Two's late decisions, judged exactly: the hard bot's regret with each setting.

Positions come from medium bots' games (4 players), taken at random (``--take``) among the
decisions in the play with a choice once at most 16 cards are left in hands. Each is judged
by solving its true deal exactly (``endgame.Solver``: every choice's value for the seat to
move, every seat playing its best with every hand seen); a choice's regret is the best
value less its own, in reward units. Each variant is the hard bot at a fixed iteration
count searching its own samples: ``NAME:ENDGAME_CARDS:ITERATIONS_PER_SAMPLE:NOISE``.
Cheap and far less noisy than whole games for what it measures (the last tricks); it says
nothing of the exchange or the early play, whose worth only whole games show.

    nice -n 10 python scripts/endgame_regret.py --positions 100 \\
        base:12:25:0 per10:12:10:0 n10:12:25:0.1 eg16:16:25:0
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time

from cardsuite.bots import endgame, make_bot
from cardsuite.bots.endgame import Solver
from cardsuite.bots.ismcts import ISMCTSBot
from cardsuite.games import get_game
from cardsuite.games.twenty_two import bots as t22


def positions(count: int, take: float, seed: int) -> list:  # type: ignore[type-arg]
    game = get_game("twenty-two")
    rng = random.Random(seed)
    found = []
    g = 0
    while len(found) < count:
        st = game.new_state(players=4, seed=seed * 1000 + g)
        medium = make_bot("twenty-two", "medium", seed=g)
        g += 1
        while not st.is_over() and len(found) < count:
            seat = st.to_move()
            cards = sum(len(h) for h in st.hands)
            choice = st.phase == "play" and cards <= 16 and len(st.legal_actions()) > 1
            if choice and rng.random() < take:
                found.append((st.clone_for_search(random.Random(1)), seat))
            st.apply(medium.choose(st, seat))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="+")
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--take", type=float, default=0.35)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    found = positions(args.positions, args.take, args.seed)
    spec = t22.search_hooks().endgame
    assert spec is not None
    judged = []
    for st, seat in found:
        legal = st.legal_actions()
        judged.append(Solver(st, seat, spec).values(st.clone_for_search(random.Random(2)), legal))
    print(f"{len(found)} positions")
    for text in args.variants:
        name, cards, per, noise = text.split(":")
        t22.ENDGAME_CARDS = int(cards)
        endgame.ITERATIONS_PER_SAMPLE = int(per)
        hooks = dataclasses.replace(t22.search_hooks(), noise=float(noise))
        late: list[float] = []
        early: list[float] = []
        cpu: list[float] = []
        for i, (st, seat) in enumerate(found):
            bot = ISMCTSBot(hooks, seed=i, iterations=args.iterations, time_budget=1e9)
            t = time.process_time()
            action = bot.choose(st.clone_for_search(random.Random(3)), seat)
            cpu.append(time.process_time() - t)
            values = judged[i]
            regret = max(values.values()) - values[action.key]
            (late if sum(len(h) for h in st.hands) <= 12 else early).append(regret)
        print(
            f"{name:10s} regret {statistics.mean(late + early):.4f}"
            f" (<=12 cards {statistics.mean(late):.4f}, n={len(late)};"
            f" 13-16 {statistics.mean(early):.4f}, n={len(early)})"
            f"  cpu a decision mean {statistics.mean(cpu):.3f} s, max {max(cpu):.3f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
