"""What each Trjámann contract is worth to its declarer on average (``rules.CONTRACT_VALUE``).

Deals random Trjámann hands; for each, the declarer declares each contract in turn (Other:
the suit the medium bot's estimate likes best) on copies of the same deal, and medium bots
play the exchange and the tricks out. Prints the mean declarer result per contract with its
95% interval.

    python scripts/measure_manni_contracts.py [DEALS] [--calibrate]

With ``--calibrate`` it also prints, per contract, the mean of the bots' raw estimate, the
mean result and the slope of the result on the estimate (``bots.CALIBRATION``).
"""

from __future__ import annotations

import math
import random
import sys

from cardsuite.games.manni.actions import PLAY
from cardsuite.games.manni.bots import (
    Situation,
    choose_play,
    contract_estimate,
    medium_action,
    raw_estimate,
)
from cardsuite.games.manni.rules import CONTRACTS, GAME


def play_out(st) -> list[int]:  # type: ignore[no-untyped-def]
    hand = st.hand_no
    while st.hand_no == hand and not st.is_over():
        seat = st.to_move()
        sit = Situation.from_state(st, seat)
        if st.phase == "play":
            st.apply(PLAY[choose_play(sit)])
        else:
            st.apply(medium_action(sit, st.legal_actions(), False))
    return st.history[-1]["results"]


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    calibrate = "--calibrate" in sys.argv
    deals = int(args[0]) if args else 400
    raw: dict[str, list[float]] = {"nullo": [], "grand": [], "spades": [], "other": []}
    rng = random.Random(1)
    results: dict[str, list[int]] = {"nullo": [], "grand": [], "spades": [], "other": []}
    for _ in range(deals):
        st = GAME.new_state(variant="trjamann", seed=rng.getrandbits(32))
        d = st.declarer
        sit = Situation.from_state(st, d)
        other = max(
            (CONTRACTS[("other", s)] for s in "SHDC"),
            key=lambda c: contract_estimate(sit, c, False),
        )
        kinds = [CONTRACTS[("nullo", None)], CONTRACTS[("grand", None)]]
        for c in (*kinds, CONTRACTS[("spades", None)], other):
            copy = st.clone()
            copy.apply(c)
            results[c.kind].append(play_out(copy)[d])
            raw[c.kind].append(raw_estimate(sit, c, False))
    for kind, xs in results.items():
        m = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
        print(f"{kind:7s} mean {m:+.2f}  ±{1.96 * sd / math.sqrt(len(xs)):.2f}  (n={len(xs)})")
        if calibrate:
            es = raw[kind]
            me = sum(es) / len(es)
            var = sum((e - me) ** 2 for e in es)
            slope = sum((e - me) * (x - m) for e, x in zip(es, xs, strict=True)) / var
            print(f"        calibration ({me:.2f}, {m:.2f}, {slope:.2f})")


if __name__ == "__main__":
    main()
