"""Do exact endgames (``bots/endgame.py``) beat play-outs? Two measures, per trick game.

``games``: whole games, hard x 1 against medium, duplicate deals (every deal from every
seat), at a fixed iteration count, once with the exact endgames and once without (each
game's ``bots.ENDGAME_CARDS`` set to 0) on the same deals; hard's win share and mean score
each way, and the paired difference (with endgames less without) with its 95% interval.

``positions``: a decision-level proxy. Positions from medium play where the endgame would
be solved; each legal choice valued by an all-seeing search of the true deal
(``search_tree(force=a)``, many iterations) and by the exact solve of the true deal;
the regret of a choice is the best value less its value (in reward units, [0, 1]). Mean
regret over the positions of: hard with exact endgames, hard with play-outs, medium.

    python scripts/measure_endgame.py positions manni --positions 150
    python scripts/measure_endgame.py games mensch --games 40 -o deals=4

Runs in this process (one core), so the switch holds; the results do not depend on load.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import random
from collections.abc import Iterator
from typing import Any

from cardsuite.bots import make_bot
from cardsuite.bots.endgame import Solver
from cardsuite.bots.ismcts import ISMCTSBot
from cardsuite.games import entry, get_game
from cardsuite.simulate import GameSpec, run

PLAYERS = {"twenty-two": 4, "manni": 3, "mensch": 4}


@contextlib.contextmanager
def endgames(game_id: str, on: bool) -> Iterator[None]:
    module = entry(game_id).bots_module()
    old = module.ENDGAME_CARDS
    if not on:
        module.ENDGAME_CARDS = 0
    try:
        yield
    finally:
        module.ENDGAME_CARDS = old


def mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, math.inf
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def games(args: argparse.Namespace) -> dict[str, Any]:
    n = args.players or PLAYERS[args.game]
    seats = ("hard",) + ("medium",) * (n - 1)
    hard = {"iterations": args.iterations, "time_budget": 1e9}
    spec = GameSpec(
        args.game, n, args.variant, dict(args.option), seats, {"hard": hard}, duplicate=True
    )
    out: dict[str, Any] = {}
    per: dict[bool, dict[int, tuple[float, float]]] = {}
    for on in (True, False):
        with endgames(args.game, on):
            rows = {}
            for r in run(spec, args.games, args.seed, 1):
                rows[r.index] = ((1.0 / len(r.winners)) if 0 in r.winners else 0.0, r.scores[0])
            per[on] = rows
        wins = [w for w, _ in per[on].values()]
        scores = [float(s) for _, s in per[on].values()]
        out["with" if on else "without"] = {
            "win_share": mean_ci(wins),
            "mean_score": mean_ci(scores),
        }
    idx = sorted(per[True])
    out["difference"] = {
        "win_share": mean_ci([per[True][i][0] - per[False][i][0] for i in idx]),
        "score": mean_ci([float(per[True][i][1] - per[False][i][1]) for i in idx]),
    }
    out["games"] = len(idx)
    return out


def endgame_positions(args: argparse.Namespace) -> list[Any]:
    """Positions from medium play in which the hard bot would solve the endgame."""
    game = get_game(args.game)
    module = entry(args.game).bots_module()
    when = module.search_hooks().endgame.when
    n = args.players or PLAYERS[args.game]
    options = dict(args.option)
    found: list[Any] = []
    seed = args.seed
    rng = random.Random(args.seed)
    while len(found) < args.positions:
        st = game.new_state(players=n, seed=seed, variant=args.variant, options=options)
        bots = [make_bot(args.game, "medium", seed=seed * 10 + s) for s in range(n)]
        seed += 1
        for _ in range(3000):
            seat = st.to_move()
            if seat is None:
                break
            if when(st, seat) and len(st.legal_actions()) > 1 and rng.random() < args.take:
                found.append(st.clone())
                if len(found) >= args.positions:
                    break
            st.apply(bots[seat].choose(st, seat))
    return found


def positions(args: argparse.Namespace) -> dict[str, Any]:
    """Regret by two judges of the true deal: an all-seeing search (play-outs by the
    game's medium policy: the judge the issue names, which shares the play-out bot's
    policy) and the all-seeing exact solve (best play by every seat: the exact bot's own
    model). Each favours one side, so both are given."""
    module = entry(args.game).bots_module()
    spec = module.search_hooks().endgame
    found = endgame_positions(args)
    bots = ("exact", "playouts", "medium")
    regrets: dict[str, dict[str, list[float]]] = {j: {b: [] for b in bots} for j in JUDGES}
    solved = []
    for i, st in enumerate(found):
        me = st.to_move()
        legal = list(st.legal_actions())
        judge = ISMCTSBot(
            module.search_hooks(),
            seed=i,
            iterations=args.judge,
            time_budget=1e9,
            all_seeing="cards",  # the true deal itself
        )
        value: dict[str, dict[object, float]] = {"search": {}}
        for a in legal:
            root = judge.search_tree(st, me, force=a, iterations=args.judge)
            child = root.children[a.key]
            value["search"][a.key] = child.reward / child.visits
        true = st.clone_for_search(random.Random(i))
        value["solve"] = Solver(true, me, spec).values(true, legal)
        hard = ISMCTSBot(module.search_hooks(), seed=i, iterations=args.iterations, time_budget=1e9)
        chosen = {"exact": hard.choose(st, me).key}
        solved.append(hard.last.solved)
        with endgames(args.game, False):
            plain = ISMCTSBot(
                module.search_hooks(), seed=i, iterations=args.iterations, time_budget=1e9
            )
            chosen["playouts"] = plain.choose(st, me).key
        chosen["medium"] = make_bot(args.game, "medium", seed=i).choose(st, me).key
        for j in JUDGES:
            best = max(value[j].values())
            for b in bots:
                regrets[j][b].append(best - value[j][chosen[b]])
    out: dict[str, Any] = {"positions": len(found)}
    for j in JUDGES:
        out[f"judge {j}"] = {b: mean_ci(xs) for b, xs in regrets[j].items()}
        out[f"judge {j}"]["exact_less_playouts"] = mean_ci(
            [a - b for a, b in zip(regrets[j]["exact"], regrets[j]["playouts"], strict=True)]
        )
    out["samples_solved_mean"] = sum(solved) / len(solved)
    return out


JUDGES = ("search", "solve")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("games", "positions"))
    parser.add_argument("game", choices=sorted(PLAYERS))
    parser.add_argument("-p", "--players", type=int, default=0)
    parser.add_argument("-v", "--variant", default="")
    parser.add_argument(
        "-o", "--option", action="append", default=[], type=lambda s: tuple(s.split("=", 1))
    )
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--take", type=float, default=0.3, help="share of endgame moves taken")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--judge", type=int, default=400, help="all-seeing iterations a choice")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not args.variant:
        args.variant = get_game(args.game).default_variant
    result = games(args) if args.mode == "games" else positions(args)
    print(json.dumps({"game": args.game, "mode": args.mode, **result}, indent=1))


if __name__ == "__main__":
    main()
