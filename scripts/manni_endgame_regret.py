"""Basic Manni's late play, judged exactly: the hard bot's regret with each setting.

Positions come from medium bots' basic hands (the swaps made by medium's rule), taken at
random (``--take``) among the play's decisions with a choice once ``--least`` to
``--cards`` cards are left in the hands (past 21 the exact judge takes seconds a position).
Each is judged by solving its true deal exactly (``solve.MannSolver``, the reference
``endgame.Solver``'s values fast, with Manni's ``Endgame``: every choice's value for the
seat to move, every seat playing its best with every hand seen); a choice's regret is the
best value less its own, in points (the reward's 16ths). Each variant is the hard bot at
a fixed iteration count set as ``scripts/ab_hard.py``'s are (``NAME:key=value,...``: a
``SearchHooks`` field, a constant of the bots module such as ``READING=true``,
``ENDGAME_CARDS=15``; ``PER_SAMPLE=10`` sets ``endgame.ITERATIONS_PER_SAMPLE``). Where the
all-seeing yardstick gains in the last tricks is what the hard bot does not know of the
hands; this measures it without the noise of whole games (but against a judge that plays
every seat perfectly, not medium's way).

    nice -n 10 python scripts/manni_endgame_regret.py --positions 150 \\
        base: read:READING=true
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from ab_hard import apply_settings, parse_variant

from cardsuite.bots import endgame, make_bot
from cardsuite.games import get_game
from cardsuite.games.manni import bots as mb
from cardsuite.games.manni.rules import MannState
from cardsuite.games.manni.solve import MannSolver
from cardsuite.ladder import mean_ci

BASE_HOOKS = mb.search_hooks
PER_SAMPLE = endgame.ITERATIONS_PER_SAMPLE


def positions(
    count: int, take: float, cards: int, seed: int, least: int = 0
) -> list[tuple[MannState, int]]:
    game = get_game("manni")
    rng = random.Random(seed)
    medium = mb.MediumBot()
    found: list[tuple[MannState, int]] = []
    g = 0
    while len(found) < count:
        st = game.new_state(players=3, variant="basic", seed=seed * 100_000 + g)
        assert isinstance(st, MannState)
        g += 1
        while st.hand_no == 1 and not st.is_over() and len(found) < count:
            seat = st.to_move()
            assert seat is not None
            left = sum(len(h) for h in st.hands)
            choice = st.phase == "play" and least <= left <= cards and len(st.legal_actions()) > 1
            if choice and rng.random() < take:
                found.append((st.clone_for_search(random.Random(1)), seat))
            st.apply(medium.choose(st, seat))
    return found


def setup(settings: dict[str, Any], iterations: int) -> dict[str, Any]:
    """Set a variant up (``ab_hard.apply_settings``, and the endgame's iterations a solved
    sample); return the hard bot's options."""
    endgame.ITERATIONS_PER_SAMPLE = settings.get("PER_SAMPLE", PER_SAMPLE)
    rest = {k: v for k, v in settings.items() if k != "PER_SAMPLE"}
    return apply_settings("manni", rest, iterations)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="+", help="NAME:key=value,...")
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--take", type=float, default=0.3)
    parser.add_argument("--cards", type=int, default=12)
    parser.add_argument("--least", type=int, default=0, help="cards left at least")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    found = positions(args.positions, args.take, args.cards, args.seed, args.least)
    spec = BASE_HOOKS().endgame
    assert spec is not None
    judged = []
    for st, seat in found:
        legal = st.legal_actions()
        exact = MannSolver(st, seat, spec, lambda: False)
        judged.append(exact.values(st.clone_for_search(random.Random(2)), legal))
    print(f"{len(found)} positions, {args.least}-{args.cards} cards left", flush=True)
    first: list[float] | None = None
    for text in args.variants:
        name, settings = parse_variant(text)
        options = setup(settings, args.iterations)
        regrets: list[float] = []
        cpu: list[float] = []
        for i, (st, seat) in enumerate(found):
            bot = make_bot("manni", "hard", seed=i, **options)
            t = time.process_time()
            action = bot.choose(st.clone_for_search(random.Random(3)), seat)
            cpu.append(time.process_time() - t)
            values = judged[i]
            regrets.append(16 * (max(values.values()) - values[action.key]))
        r, rci = mean_ci(regrets)
        line = f"{name:10s} regret {r:.4f} ±{rci:.4f} points a decision"
        if first is not None:
            d, dci = mean_ci([a - b for a, b in zip(regrets, first, strict=True)])
            line += f"  vs first {d:+.4f} ±{dci:.4f}"
        else:
            first = regrets
        line += f"  cpu mean {statistics.mean(cpu):.3f} s, max {max(cpu):.3f} s"
        print(line, flush=True)


if __name__ == "__main__":
    main()
