"""African Casino's legal-step generation on the hardest positions we could construct: how
long ``legal_actions()`` takes and how many steps it lists.

The positions (laid out by hand; the rest of the pack is left out, which the generator never
looks at):

- ``many-small``: 2 players, sixteen loose low cards (aces to fives, the most sums of 14 and
  under a layout can have), a twelve-card hand of every rank, no builds;
- ``builds-and-tops``: 4 players, ten loose cards, three builds (the mover's, the partner's,
  an opponent's single build to raise or augment), both opponents' pile tops usable, a proven
  partner (builds for him listed too);
- ``south-african``: 3 players, the 40-card pack, twelve loose cards, pile tops capturable
  directly (each opponent's top may join any sum);
- ``opening``: a real opening deal, 2 players, Swazi (the common case, for scale).

    python scripts/measure_casino_moves.py [--repeat 20]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from cardsuite.cards import Card
from cardsuite.games.african_casino.builds import Pile
from cardsuite.games.african_casino.rules import GAME, CasinoState


def _cards(text: str) -> list[Card]:
    return [Card.parse(w) for w in text.split()]


def _laid_out(
    players: int,
    variant: str,
    hand: str,
    loose: str,
    builds: tuple[tuple[int, int, list[str]], ...] = (),
    piles: dict[int, str] | None = None,
    proofs: tuple[tuple[int, int], ...] = (),
) -> CasinoState:
    st = GAME.new_state(players=players, variant=variant, options={"insist": "off"}, seed=1)
    st.hands = [_cards(hand)] + [_cards("KH") for _ in range(players - 1)]
    st.stock = []
    st.loose = _cards(loose)
    st.builds = {v: Pile(v, o, [tuple(_cards(u)) for u in us]) for v, o, us in builds}
    for p in range(len(st.piles)):
        st.piles[p] = _cards((piles or {}).get(p, ""))
    st.proofs = set(proofs)
    st.turn = st.mover = 0
    st._new_turn()
    st._legal = None
    return st


def positions() -> dict[str, CasinoState]:
    return {
        "many-small": _laid_out(
            2,
            "swazi",
            "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS",
            "AH AD AC 2H 2D 2C 3H 3D 3C 4H 4D 4C 5H 5D 5C 6H",
        ),
        "builds-and-tops": _laid_out(
            4,
            "swazi",
            "9D 8C 7H KS QS 10H 2C 3C 4C 5C",
            "AH 2H 3H 4H 5S 6S AD 2D 3D 4D",
            builds=((9, 0, ["5C 4S"]), (12, 2, ["7C 5D"]), (7, 1, ["4S 3S"])),
            piles={1: "2S 6D"},
            proofs=((2, 8),),
        ),
        "south-african": _laid_out(
            3,
            "south-african",
            "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
            "AH 2H 3H 4H 5H AD 2D 3D 4D 5D AC 2C",
            piles={1: "3C", 2: "4C"},
        ),
        "opening": GAME.new_state(players=2, variant="swazi", seed=5),
    }


def measure(st: CasinoState, repeat: int) -> dict[str, object]:
    times = []
    count = 0
    for _ in range(repeat):
        st._legal = None
        t0 = time.perf_counter()
        count = len(st.legal_actions())
        times.append(time.perf_counter() - t0)
    return {
        "steps": count,
        "median_ms": round(statistics.median(times) * 1000, 2),
        "max_ms": round(max(times) * 1000, 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    for name, st in positions().items():
        print(json.dumps({"position": name, **measure(st, args.repeat)}))


if __name__ == "__main__":
    main()
