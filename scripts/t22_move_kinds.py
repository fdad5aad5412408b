"""Twenty-Two's steady move split by kind: instructions a move of each kind, and its part.

``count_instructions.py --warm`` gives the average steady move; a speed-up needs to know
which kind of move holds the instructions (the exchange, a lead, a one-card follow with the
deal's end, the general enumeration of several-card follows ...). This plays the same
steady window (WARM games from seed 0 uncounted, then GAMES games from seed 1000, the moves
picked by ``random.Random(0)``) once per kind under callgrind, collecting only while a move
of that kind runs (``--toggle-collect`` on the ``methodcaller`` that makes it), so each
kind's figure is exact and the kinds add up to the average move less the driver's
``is_over``. ``--part list|pick|apply`` collects only the listing, the driver's pick or
``apply``.

    python scripts/t22_move_kinds.py [--variant twenty-six] [--players 4] [--warm 150]
        [--games 40] [--part all] [KIND ...]

Kinds: ``exch``; ``lead`` and ``f1`` ``f2`` ``f3`` (a follow of one, two or three cards),
the first three also with ``w`` for a hand holding jokers; ``pc`` (what goes through the
general enumeration, ``cover_sets``: a joker hand's follow of three or more cards, any
follow of four or more) and ``jonly`` (a hand of jokers alone).
Needs ``valgrind``; hash seed 0 (dict layouts move a count by 1-2%).
"""

from __future__ import annotations

import argparse
import json
import sys

from count_instructions import count_run

KINDS = ("exch", "lead", "leadw", "f1", "f1w", "f2", "f2w", "f3", "pc", "jonly")

LOOP = """
import json, operator, random, sys
from cardsuite.cards import JOKER_RANK
from cardsuite.games import get_game
variant, players, warm, games, target, part = sys.argv[1:7]
game = get_game("twenty-two"); rng = random.Random(0)
def kind(s):
    if s.phase == "exchange":
        return "exch"
    hand = s.hands[s.turn]
    wild = hand[-1].rank == JOKER_RANK
    size = len(s.trick_best_eff) if s.trick else 0
    if wild and all(c.rank == JOKER_RANK for c in hand):
        return "jonly"
    if (size >= 4 or (wild and size >= 3)):
        return "pc"
    return ("f%d" % min(size, 3) if size else "lead") + ("w" if wild else "")
class Counted:
    def run(self, s):
        s.apply(rng.choice(s.legal_actions()))
    def listing(self, s):
        return s.legal_actions()
    def pick(self, legal):
        return rng.choice(legal)
    def apply(self, s, action):
        s.apply(action)
counted = Counted()
def play(seeds, measure):
    moves = n = 0
    for g in seeds:
        s = game.new_state(players=int(players), variant=variant, seed=g)
        while not s.is_over():
            moves += 1
            if not measure or kind(s) != target:
                s.apply(rng.choice(s.legal_actions()))
                continue
            n += 1
            if part == "all":
                operator.methodcaller("run", s)(counted)
                continue
            if part == "list":
                legal = operator.methodcaller("listing", s)(counted)
            else:
                legal = s.legal_actions()
            if part == "pick":
                action = operator.methodcaller("pick", legal)(counted)
            else:
                action = rng.choice(legal)
            if part == "apply":
                operator.methodcaller("apply", s, action)(counted)
            else:
                s.apply(action)
    return moves, n
play(range(int(warm)), False)
moves, n = play(range(1000, 1000 + int(games)), True)
print(json.dumps({"moves": moves, "n": n}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kinds", nargs="*", default=list(KINDS), choices=KINDS)
    parser.add_argument("--variant", default="twenty-six")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--warm", type=int, default=150)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--part", default="all", choices=("all", "list", "pick", "apply"))
    args = parser.parse_args()
    for kind in args.kinds:
        total, got = count_run(
            sys.executable,
            LOOP,
            [
                args.variant,
                str(args.players),
                str(args.warm),
                str(args.games),
                kind,
                args.part,
            ],
            toggle=True,
        )
        n, moves = got["n"], got["moves"]
        print(
            json.dumps(
                {
                    "kind": kind,
                    "part": args.part,
                    "moves": n,
                    "share": round(n / moves, 4),
                    "instructions_per_move_of_kind": round(total / max(n, 1)),
                    "instructions_per_average_move": round(total / moves),
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
