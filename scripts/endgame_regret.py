"""Twenty-Two's late decisions, judged exactly: the hard bot's regret with each setting.

Positions come from medium bots' games (4 players), taken at random (``--take``) among the
decisions in the play with a choice once at most ``--most`` (16) cards are left in hands
(and at least ``--least``).
Each is judged by solving its true deal exactly (the game's own solver, ``solve.py``, whose
values are ``endgame.Solver``'s: every choice's value for the seat to move, every seat
playing its best with every hand seen); a choice's regret is the best value less its own,
in reward units. Each variant is the hard bot at a fixed iteration count searching its own
samples: ``NAME:ENDGAME_CARDS:ITERATIONS_PER_SAMPLE:NOISE``; with ``--budget`` it also
stops at that many seconds (the default bot: ``--iterations 1000 --budget 0.8``, then the
figures hang on the machine's speed and load). Regrets are shown by cards left, and each
variant's paired against the first's (the same positions: mean difference, 95% interval).
Cheap and far less noisy than whole games for what it measures (the last tricks); it says
nothing of the exchange or the early play, whose worth only whole games show.

    nice -n 10 python scripts/endgame_regret.py --positions 100 \\
        base:12:25:0 per10:12:10:0 n10:12:25:0.1 eg16:16:25:0
    nice -n 10 python scripts/endgame_regret.py --positions 200 --most 20 \\
        base:12:25:0 eg16:16:25:0 eg20:20:25:0
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time

from cardsuite.bots import endgame, make_bot
from cardsuite.bots.ismcts import ISMCTSBot
from cardsuite.games import get_game
from cardsuite.games.twenty_two import bots as t22
from cardsuite.games.twenty_two.solve import T22Solver


def positions(  # type: ignore[type-arg]
    count: int, take: float, seed: int, most: int = 16, least: int = 0
) -> list:
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
            choice = st.phase == "play" and least <= cards <= most
            choice = choice and len(st.legal_actions()) > 1
            if choice and rng.random() < take:
                found.append((st.clone_for_search(random.Random(1)), seat))
            st.apply(medium.choose(st, seat))
    return found


#: Regrets are shown for the positions with at most this many cards left, by bucket.
BUCKETS = ((0, 12), (13, 16), (17, 20), (21, 24))


def paired(diffs: list[float]) -> str:
    """Mean and 95% half-interval of paired differences."""
    if len(diffs) < 2:
        return "-"
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    return f"{statistics.mean(diffs):+.4f} +-{half:.4f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="+")
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--take", type=float, default=0.35)
    parser.add_argument("--most", type=int, default=16, help="cards left at most")
    parser.add_argument("--least", type=int, default=0, help="cards left at least")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--budget", type=float, default=1e9, help="seconds a decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    found = positions(args.positions, args.take, args.seed, args.most, args.least)
    spec = t22.search_hooks().endgame
    assert spec is not None
    judged = []
    for st, seat in found:
        legal = st.legal_actions()
        judge = T22Solver(st, seat, spec)
        judged.append(judge.values(st.clone_for_search(random.Random(2)), legal))
    sizes = [sum(len(h) for h in st.hands) for st, _ in found]
    print(f"{len(found)} positions")
    first: list[float] = []
    for text in args.variants:
        name, cards, per, noise = text.split(":")
        t22.ENDGAME_CARDS = int(cards)
        endgame.ITERATIONS_PER_SAMPLE = int(per)
        hooks = dataclasses.replace(t22.search_hooks(), noise=float(noise))
        regrets: list[float] = []
        cpu: list[float] = []
        solved: list[int] = []
        for i, (st, seat) in enumerate(found):
            bot = ISMCTSBot(hooks, seed=i, iterations=args.iterations, time_budget=args.budget)
            t = time.process_time()
            action = bot.choose(st.clone_for_search(random.Random(3)), seat)
            cpu.append(time.process_time() - t)
            if bot.last.endgame:
                solved.append(bot.last.solved)
            values = judged[i]
            regrets.append(max(values.values()) - values[action.key])
        first = first or regrets
        parts = []
        for lo, hi in BUCKETS:
            at = [i for i, c in enumerate(sizes) if lo <= c <= hi]
            if at:
                mean = statistics.mean(regrets[i] for i in at)
                vs = paired([regrets[i] - first[i] for i in at])
                parts.append(f"{lo}-{hi} {mean:.4f} (n={len(at)}, vs first {vs})")
        print(
            f"{name:10s} regret {statistics.mean(regrets):.4f}"
            f" (vs first {paired([a - b for a, b in zip(regrets, first, strict=True)])})"
            f"; {'; '.join(parts)}"
            f"; cpu a decision mean {statistics.mean(cpu):.3f} s, max {max(cpu):.3f} s"
            + (f"; samples solved mean {statistics.mean(solved):.1f}" if solved else ""),
            flush=True,
        )


if __name__ == "__main__":
    main()
