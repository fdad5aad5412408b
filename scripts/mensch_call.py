"""Why Mensch's hard bot calls the wrong partner in a compelled After (issue 36), and what a
call rule would gain, judged on the true deal.

Positions: fresh deals (seeds from ``--seed``) bid by medium for every seat, kept when the
contract is After over a Half and the After bidder was compelled (MENSCH-BID-4): the call
the hard seat makes in 30 of its 32 After contracts on the ladder (``mensch_contracts.py``).
At each, the declarer's call is made by each rule named (``--rules``), and every candidate
call is judged by the true deal played out from it by the medium policy (deterministic: the
yardstick's own measure of a call, ``all_seeing`` with one sample): what a rule's call is
worth, and how often it finds the Half bidder (the other long clubs). Also, per position,
what the samples the hard bot calls on (its auction sampler: hard facts weighed by the
bids) say: the Half bidder's clubs in them against the truth, and the chance they give the
card the rule called of lying with the Half bidder.

    nice -n 10 python scripts/mensch_call.py --positions 60 --rules hard,seer,likely

What it found (issue 36): the Half bidder holds 0.27 of the calls at a compelled After, and
the samples' chance of a card being his does not predict it (0.26-0.29 of cards are his
whether the samples say 0.1 or 0.5; his clubs 2.72 in them, 2.87 in truth): the seer's
call (+0.96 chips, the Half bidder found 98 times in 163) is out of fair reach, the
likeliest card gains nothing (-0.11 ±0.27 paired with ``hard``), nor do samples moved
toward the bids (+0.05 ±0.34, 80). What did pay: the same valuation on fewer calls, each on
more samples (``hard-top`` +0.33 ±0.17 chips a call, 280, the Half bidder found as often):
with all ~16 calls the best mean is often a low card by luck (at 2000 iterations the hard
bot calls an ace 9 times in 10; at 200, 6).

A rule is ``seer`` (the best call on the true deal), ``likely`` (the card the samples most
often put with the Half bidder), or a hard bot's own call: ``hard``, ``hard-top`` or
``hard-top+low`` (its calls narrowed, ``auction.call_candidates``), ``posterior`` (its
call's samples moved toward the bids, ``posterior.py``), ``seeing`` (the yardstick), each
optionally ``@ITERATIONS`` (200 by default).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from cardsuite.bots import make_bot
from cardsuite.games import get_game
from cardsuite.games.mensch import bots as mbots
from cardsuite.games.mensch.actions import Call
from cardsuite.games.mensch.auction import HardBot
from cardsuite.games.mensch.rules import REWARD_SCALE, MenschState
from cardsuite.ladder import mean_ci


def positions(seed: int, count: int) -> list[MenschState]:
    """``count`` call positions of compelled After over Half, from deals bid by medium."""
    game = get_game("mensch")
    out: list[MenschState] = []
    n = 0
    while len(out) < count:
        n += 1
        st = game.new_state(seed=seed * 100003 + n)
        assert isinstance(st, MenschState)
        while st.phase == "bid":
            seat = st.to_move()
            assert seat is not None
            st.apply(mbots.rollout_action(st, None), seat)  # type: ignore[arg-type]
        if st.phase != "call" or st.contract != "after":
            continue
        half = next(s for s, b in st.bids if b == "half")
        assert st.declarer is not None
        if st.clubs_held(st.declarer) < 3 or half == st.declarer:
            continue
        out.append(st)
    return out


def true_value(st: MenschState, call: Call) -> float:
    """The declarer's chips from ``call`` on the true deal, the rest played by medium."""
    seat = st.declarer
    assert seat is not None
    copy = st.clone(events=False)
    copy.apply(call, seat)
    game = st.game
    while not game.search_horizon(st, copy) and copy.to_move() is not None:
        copy.apply(mbots.rollout_action(copy, None))  # type: ignore[arg-type]
    return (game.search_reward(st, copy)[seat] - 0.5) * REWARD_SCALE


def sample_view(st: MenschState, seat: int, half: int, draws: int) -> dict[str, Any]:
    """What the hard bot's auction samples say: the Half bidder's mean clubs, and per card
    the share of samples putting it in the Half bidder's hand."""
    bot = make_bot("mensch", "hard", seed=7, iterations=200, time_budget=1e9)
    assert isinstance(bot, HardBot)
    draw, weighed = bot.auction_sampler(st, seat, bot.clock())
    with_half: dict[str, float] = defaultdict(float)
    clubs = 0.0
    for _ in range(draws):
        sample = draw()
        assert isinstance(sample, MenschState)
        clubs += sample.clubs_held(half)
        for c in sample.hands[half]:
            with_half[c.code] += 1.0 / draws
    return {"half_clubs": clubs / draws, "with_half": dict(with_half), **weighed}


def judge(st: MenschState, rules: Sequence[str], draws: int) -> dict[str, Any]:
    seat = st.declarer
    assert seat is not None
    half = next(s for s, b in st.bids if b == "half")
    legal = [a for a in st.legal_actions(seat) if isinstance(a, Call)]
    values = {a.card.code: true_value(st, a) for a in legal}
    holder = {a.card.code: next(s for s in range(4) if a.card in st.hands[s]) for a in legal}
    view = sample_view(st, seat, half, draws)
    row: dict[str, Any] = {
        "candidates": len(legal),
        "half_clubs": st.clubs_held(half),
        "sample_half_clubs": view["half_clubs"],
        "effective": view.get("effective"),
        "best": max(values.values()),
        "any_half": any(holder[c] == half for c in values),
        "mean": sum(values.values()) / len(values),
        "hand": [c.code for c in st.hands[seat]],
        "cands": {
            c: {"value": v, "half": holder[c] == half, "p_half": view["with_half"].get(c, 0.0)}
            for c, v in values.items()
        },
    }
    for rule in rules:
        if rule == "seer":
            code = max(values, key=lambda c: values[c])
        elif rule == "likely":
            code = max(values, key=lambda c: view["with_half"].get(c, 0.0))
        else:
            name, _, rest = rule.partition("@")
            iterations = int(rest or 200)
            options: dict[str, Any] = {"iterations": iterations, "time_budget": 1e9}
            if name == "seeing":
                options["all_seeing"] = "hands"
            narrowed = name.removeprefix("hard-") if name.startswith("hard-") else "all"
            mbots.CALL_CANDIDATES = narrowed  # (``auction.call_candidates``)
            bot = make_bot("mensch", "hard", seed=11, **options)
            mbots.CALL_CANDIDATES = "all"
            assert isinstance(bot, HardBot)
            if name == "posterior":  # the call's samples moved toward the bids
                bot.posterior_phases = ("call",)
            got = bot.choose(st.clone_for_search(bot.rng), seat)
            assert isinstance(got, Call)
            code = got.card.code
            flat = {k.split()[-1]: v for k, v in bot.last.values.items()}
            row.setdefault("flat", {})[rule] = flat
        row[rule] = {
            "call": code,
            "value": values[code],
            "found": holder[code] == half,
            "p_half": view["with_half"].get(code, 0.0),
        }
    return row


def report(rows: list[dict[str, Any]], rules: Sequence[str]) -> str:
    lines = [f"{len(rows)} compelled-After calls"]
    hc = [r["half_clubs"] for r in rows]
    sc = [r["sample_half_clubs"] for r in rows]
    lines.append(
        f"  Half bidder's clubs: true {sum(hc) / len(hc):.2f},"
        f" in the samples {sum(sc) / len(sc):.2f};"
        f" candidates {sum(r['candidates'] for r in rows) / len(rows):.1f};"
        f" a candidate with the Half bidder in {sum(r['any_half'] for r in rows)}"
    )
    for key in ("best", "mean"):
        m, ci = mean_ci([r[key] for r in rows])
        lines.append(f"  {key:10s} {m:+.2f} ±{ci:.2f}")
    for rule in rules:
        m, ci = mean_ci([r[rule]["value"] for r in rows])
        f = sum(r[rule]["found"] for r in rows)
        p = sum(r[rule]["p_half"] for r in rows) / len(rows)
        lines.append(
            f"  {rule:10s} {m:+.2f} ±{ci:.2f} chips; finds the Half bidder {f}/{len(rows)};"
            f" samples' chance it is his {p:.2f}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="hard,seer,likely")
    parser.add_argument("--draws", type=int, default=400)
    parser.add_argument("--out")
    args = parser.parse_args(argv)
    rules = args.rules.split(",")
    rows = []
    for st in positions(args.seed, args.positions):
        row = judge(st, rules, args.draws)
        rows.append(row)
        if args.out:
            with open(args.out, "a") as f:
                f.write(json.dumps(row) + "\n")
        print(len(rows), file=sys.stderr, flush=True)
    print(report(rows, rules))


if __name__ == "__main__":
    main()
