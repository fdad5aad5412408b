"""Basic Manni's swap-or-keep, judged on the true deal: each setting's regret there.

The swap is one decision a hand, and the all-seeing yardstick makes it knowing the manni
(it sees every hand, so the manni is the twelve cards nobody holds): whole games measure it
only through the noise of the play. Here positions are the swap decisions of medium bots'
deals (every seat in turn: eldest, then middle after a keep, then the dealer, as a table of
medium players reaches them). Each is judged on its true deal by playing both choices out
with medium players to the end of the hand (the later seats deciding by medium's rule too):
a choice's value is the seat's points less the others' mean (MANNI-SCORE-1), and its
regret the better choice's value less its own. Each variant is a bot deciding there:
``medium``, or the hard bot at a fixed iteration count set as ``scripts/ab_hard.py``'s
variants are (``NAME:key=value,...``: a ``SearchHooks`` field, a constant of the bots
module, ``all_seeing=hands``, ``iterations=N``). Cheap and paired (a setting that decides
as another does scores the same there), but the play after the swap is medium's, not the
hard bot's.

    nice -n 10 python scripts/manni_swap_regret.py --deals 300 \\
        base: seeing:all_seeing=hands flat:FLAT_PHASES='["swap"]'
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Sequence
from typing import Any

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from ab_hard import apply_settings, parse_variant

from cardsuite.bots import make_bot
from cardsuite.games import get_game
from cardsuite.games.manni import bots as mb
from cardsuite.games.manni.actions import KEEP, SWAP
from cardsuite.games.manni.rules import MannState
from cardsuite.ladder import mean_ci


def _mover(st: MannState) -> int:
    seat = st.to_move()
    assert seat is not None
    return seat


def positions(deals: int, seed: int) -> list[tuple[MannState, int]]:
    """Every swap decision a table of medium players reaches in ``deals`` basic deals (the
    trumps of the game's first four hands in turn)."""
    game = get_game("manni")
    medium = mb.MediumBot()
    found = []
    for d in range(deals):
        st = game.new_state(players=3, variant="basic", seed=seed * 100_000 + d)
        assert isinstance(st, MannState)
        for _ in range(d % 4):  # hands 2-4: the other trumps (MANNI-TRUMP-1)
            while st.hand_no == 1 + _ and not st.is_over():
                st.apply(medium.choose(st, _mover(st)))
        while st.phase == "swap":
            seat = st.to_move()
            assert seat is not None
            found.append((st.clone_for_search(random.Random(1)), seat))
            st.apply(medium.choose(st, seat))
    return found


def value(st: MannState, seat: int, choice: Any) -> float:
    """``seat``'s points less the others' mean this hand, ``choice`` made and the rest
    played by medium players."""
    medium = mb.MediumBot()
    st = st.clone_for_search(random.Random(2))
    hand = st.hand_no
    st.apply(choice)
    while not st.is_over() and st.hand_no == hand:
        st.apply(medium.choose(st, _mover(st)))
    gains = st.history[-1]["gains"]
    return gains[seat] - sum(gains[s] for s in range(3) if s != seat) / 2


def decide(settings: dict[str, Any] | None, st: MannState, seat: int, iterations: int) -> Any:
    if settings is None:
        return mb.MediumBot().choose(st, seat)
    options = apply_settings("manni", settings, iterations)
    return make_bot("manni", "hard", seed=7, **options).choose(st, seat)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="+", help="medium, or NAME:key=value,...")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=200)
    args = parser.parse_args(argv)
    found = positions(args.deals, args.seed)
    values = [(value(st, s, SWAP), value(st, s, KEEP)) for st, s in found]
    scores: dict[str, list[float]] = {}
    swaps: dict[str, int] = {}
    for text in args.variants:
        name, settings = ("medium", None) if text == "medium" else parse_variant(text)
        got = []
        n_swap = 0
        for (st, s), (vs, vk) in zip(found, values, strict=True):
            choice = decide(settings, st, s, args.iterations)
            n_swap += choice == SWAP
            got.append(vs if choice == SWAP else vk)
        scores[name], swaps[name] = got, n_swap
        print(name, "done", file=sys.stderr, flush=True)
    best = [max(v) for v in values]
    first = next(iter(scores))
    print(
        f"{len(found)} swap decisions in {args.deals} deals; the better choice is worth "
        f"{statistics.mean(best):+.3f} points a decision"
    )
    for name, got in scores.items():
        regret, rci = mean_ci([b - g for b, g in zip(best, got, strict=True)])
        line = f"{name:12s} swaps {swaps[name] / len(found):.2f}  regret {regret:.3f} ±{rci:.3f}"
        if name != first:
            d, dci = mean_ci([g - f for g, f in zip(got, scores[first], strict=True)])
            line += f"  vs {first} {d:+.3f} ±{dci:.3f}"
        print(line)


if __name__ == "__main__":
    main()
