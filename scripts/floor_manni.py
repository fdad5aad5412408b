"""How fast could a pure-Python Manni engine run ``compare.sh``'s loop? A floor on the time
a move takes, to read issue 11's targets against.

The engines here are the bare shape of each variant's hand: the pack shuffled by the state's
generator (``cardsuite.shuffle``), the deal of the variant's sizes, the same number of moves a
hand as the real engine (the contract, the exchanges, every card played), follow suit and the
trick's winner by trump, each step written the quickest plain way we know. Everything else a
real engine owes is left out: no refusal of an illegal move (the driver only picks listed
ones), no event, no record of the tricks, no history, no view, no save, no search hooks, a
discard that always drops the lowest cards. A real engine does all of this work and more;
the floor lists a follow by a plain loop over the hand, which Manni's engine does not (it
keeps each hand's plays by suit), and Manni's Trjámann comes to about the ``cards`` floor
(``docs/performance.md``, "Know the floor").

Three card models, one engine: ``ints`` (cards and actions are numbers), ``ints, Play
actions`` (the contract's ``Play`` objects outside, holding numbers) and ``cards``
(cardsuite's ``Card`` objects in the hands, suits, sort keys and strengths looked up by
card, and ``Play`` actions): what the objects cost, apart from the rules.

    python scripts/floor_manni.py [--pairs N] [--chunk SECONDS]

Runs each floor engine and OpenSpiel's Skat in one process, alternating (``ab_wall.py``'s
method), and prints per model and variant the medians and quartiles of deals and moves per
second as ratios to Skat. Needs OpenSpiel's virtualenv (``compare.sh`` builds it).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from itertools import product
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from ab_wall import Runner, skat_runner  # noqa: E402

from cardsuite.shuffle import shuffle  # noqa: E402

NEXT = (1, 2, 0)


class Model:
    """How a floor engine holds cards: ``pack`` (52 cards), ``suit[card]`` (0-3),
    ``key[card]`` (the hand's sort key: by suit, then rank), ``play[card]`` (the action that
    plays it, or None: the card is its own action) and ``power[trump][led][card]`` (the
    card's strength in a trick of that suit led; trump 4 is none). Every look-up is one
    subscript in both models, so they differ only by what a card is."""

    def __init__(self, pack: list[Any], suit: Any, rank: Any, play: Any) -> None:
        self.pack = pack
        self.suit = {c: suit(c) for c in pack}
        self.key = {c: suit(c) * 16 + rank(c) for c in pack}
        self.play = play
        self.power = [
            [
                {
                    c: 100 + rank(c) if suit(c) == trump else (rank(c) if suit(c) == led else -1)
                    for c in pack
                }
                for led in range(4)
            ]
            for trump in range(5)
        ]
        if isinstance(pack[0], int):  # ints: lists indexed by the card, as an engine would
            self.suit = [self.suit[c] for c in range(52)]
            self.power = [[[t[c] for c in range(52)] for t in row] for row in self.power]


def _models() -> dict[str, Model]:
    from cardsuite.games.manni.actions import PLAY, Play

    cards = sorted(PLAY, key=lambda c: (c.suit, c.rank))
    suits = sorted({c.suit for c in cards})
    return {
        "ints": Model(list(range(52)), lambda c: c // 13, lambda c: c % 13, None),
        # int cards inside, the contract's actions outside: Manni's own ``Play``, holding an int
        "ints, Play actions": Model(
            list(range(52)), lambda c: c // 13, lambda c: c % 13, [Play(c) for c in range(52)]
        ),
        "cards": Model(cards, lambda c: suits.index(c.suit), lambda c: c.rank, PLAY),
    }


class Floor:
    """One bare game: ``hands`` of ``size`` cards, a manni of the rest, ``exchanges`` seats
    exchanging before the play (Hornafjarðarmanni: three, up to 7, 5 and the rest;
    Trjámann: the declarer, up to 4, after a contract move)."""

    __slots__ = (
        "best",
        "contract_move",
        "dealer",
        "exch",
        "hand_no",
        "hands",
        "hands_per_game",
        "leader",
        "legal",
        "limits",
        "manni",
        "model",
        "pack",
        "phase",
        "play",
        "plus",
        "power",
        "power_table",
        "rng",
        "size",
        "suit",
        "trick",
        "trump",
        "turn",
        "won",
    )

    def __init__(
        self, model: Model, seed: int, size: int, contract_move: bool, limits: tuple[int, ...]
    ) -> None:
        self.model = model
        self.suit = model.suit  # (read every move: an attribute of its own)
        self.play = model.play
        self.rng = random.Random(seed)
        self.size = size
        self.contract_move = contract_move
        self.limits = limits
        self.hand_no = 0
        self.dealer = 0
        self.plus = [0, 0, 0]
        self.pack = list(model.pack)
        self.hands_per_game = 12 if contract_move else 0  # Trjámann: 12 hands; else to 10 plus
        self.deal()

    def deal(self) -> None:
        self.hand_no += 1
        p = self.pack
        shuffle(self.rng, p)
        n = self.size
        key = self.model.key.__getitem__
        self.hands = [
            sorted(p[0:n], key=key),
            sorted(p[n : 2 * n], key=key),
            sorted(p[2 * n : 3 * n], key=key),
        ]
        self.manni = p[3 * n :]
        self.trick = []
        self.won = [0, 0, 0]
        self.legal = None
        e = NEXT[self.dealer]
        self.turn = e
        if self.contract_move:
            self.phase = 0
            self.exch = [e]
        else:
            # the bottom card's suit (the floor ignores Grand and Nullo)
            self.trump = self.suit[p[-1]]
            self.phase = 1
            self.exch = [e, NEXT[e], NEXT[NEXT[e]]]

    def is_over(self) -> bool:
        return self.phase == 9

    def legal_actions(self, seat: int | None = None) -> Any:
        legal = self.legal
        if legal is not None:
            return legal
        phase = self.phase
        if phase == 2:  # follow suit: one plain loop (the quickest over a short hand)
            hand = self.hands[self.turn]
            play = self.play
            legal = []
            if self.trick:
                suit = self.suit
                led = suit[self.trick[0]]
                if play is None:
                    for c in hand:
                        if suit[c] == led:
                            legal.append(c)
                else:
                    for c in hand:
                        if suit[c] == led:
                            legal.append(play[c])
            if not legal:
                legal = hand.copy() if play is None else [play[c] for c in hand]
        elif phase == 0:
            legal = (0, 1, 2, 3)
        else:
            k = len(self.limits) - len(self.exch)
            legal = range(min(self.limits[k], len(self.manni), self.size) + 1)
        self.legal = legal
        return legal

    def apply(self, a: Any, seat: int | None = None) -> list[Any]:
        phase = self.phase
        t = self.turn
        self.legal = None
        if phase == 2:
            if self.play is not None:
                a = a.card
            hand = self.hands[t]
            hand.remove(a)
            trick = self.trick
            trick.append(a)
            if len(trick) == 1:
                self.leader = t
                self.power = self.power_table[self.suit[a]]
                self.best = 0
                self.turn = NEXT[t]
                return []
            power = self.power
            if power[a] > power[trick[self.best]]:
                self.best = len(trick) - 1
            if len(trick) < 3:
                self.turn = NEXT[t]
                return []
            w = self.leader
            for _ in range(self.best):
                w = NEXT[w]
            self.won[w] += 1
            self.trick = []
            self.turn = self.leader = w
            if not hand:
                self.score()
            return []
        if phase == 0:
            self.trump = (4, 4, 0, 1)[a]  # Nullo, Grand, Spades, Other (hearts)
            self.phase = 1
            return []
        hand = self.hands[t]
        if a:
            del hand[:a]
            hand += self.manni[:a]
            del self.manni[:a]
            hand.sort(key=self.model.key.__getitem__)
        del self.exch[0]
        if self.exch:
            self.turn = self.exch[0]
        else:
            self.phase = 2
            self.power_table = self.model.power[self.trump]
            self.turn = self.leader = NEXT[self.dealer]
        return []

    def score(self) -> None:
        plus = self.plus
        for s in range(3):
            if self.won[s] > 4:
                plus[s] += self.won[s] - 4
        if (self.hands_per_game and self.hand_no >= self.hands_per_game) or (
            not self.hands_per_game and max(plus) >= 10
        ):
            self.phase = 9
            self.turn = None
            return
        # (the pack is the same 52 cards, reshuffled in place by ``deal``)
        self.dealer = NEXT[self.dealer]
        self.deal()

    def deals_played(self) -> int:
        return self.hand_no


SHAPES = {
    "trjamann": dict(size=16, contract_move=True, limits=(4,)),
    "hornafjardarmanni": dict(size=12, contract_move=False, limits=(7, 5, 16)),
}


def floor_runner(model: Model, shape: dict[str, Any]) -> Runner:
    choice = random.Random(0).choice
    seed = [0]

    def run(secs: float) -> tuple[float, float]:
        deals = moves = 0
        t0 = time.perf_counter()
        while True:
            s = Floor(model, seed[0], **shape)
            seed[0] += 1
            while not s.is_over():
                s.apply(choice(s.legal_actions()))
                moves += 1
            deals += s.deals_played()
            t = time.perf_counter() - t0
            if t >= secs:
                return deals / t, moves / t

    return run


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=20)
    ap.add_argument("--chunk", type=float, default=0.3)
    args = ap.parse_args(argv)
    skat = skat_runner()
    for (kind, model), (name, shape) in product(_models().items(), SHAPES.items()):
        mine = floor_runner(model, shape)
        mine(1.0)
        skat(1.0)
        deals, moves = [], []
        for i in range(args.pairs):
            if i % 2:
                a, b = skat(args.chunk), mine(args.chunk)
            else:
                b, a = mine(args.chunk), skat(args.chunk)
            deals.append(b[0] / a[0])
            moves.append(b[1] / a[1])
        q = statistics.quantiles
        print(
            json.dumps(
                {
                    "floor": name,
                    "cards": kind,
                    "pairs": args.pairs,
                    "deals_ratio_quartiles": [round(x, 3) for x in q(deals, n=4)],
                    "moves_ratio_quartiles": [round(x, 3) for x in q(moves, n=4)],
                }
            )
        )


if __name__ == "__main__":
    main(sys.argv[1:])
