"""Which contracts Mensch's hard seat declares on the ladder's duplicate deals, and how often
it makes them: the hard bot against the all-seeing yardstick (issue 36: why hard overbids).

Each variant (as ``scripts/ab_hard.py`` names them: ``base:``, ``seeing:all_seeing=hands``,
or any constant) plays the ladder's hard rung on the given sets (the same seeds, seats and
rotations as ``ab_hard.play_set``), each game's record written to a scratch folder and read
back (``records.replay``): every bid the hard seat made (what was bid before it, its clubs,
whether MENSCH-BID-4 compelled it) and every deal's settlement (MENSCH-SCORE). One JSON line
a deal goes to ``--out`` (a run stopped early keeps
what it finished); ``--report`` sums them by variant: for each contract the hard seat
declared, how many, made, and its chips a contract (95% intervals), After split by whether
it was compelled, and how often the hard seat said After when it could have passed.

    nice -n 10 python scripts/mensch_contracts.py --sets 10 -j 2 --out contracts.jsonl \\
        base: seeing:all_seeing=hands
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from ab_hard import apply_settings, hard_spec, parse_variant, pending_sets

from cardsuite import records
from cardsuite.games.mensch.rules import REWARD_SCALE, MenschState
from cardsuite.ladder import PLAYERS, mean_ci
from cardsuite.simulate import play_one

GAME = "mensch"


def play_set(
    seed: int, index: int, name: str, settings: dict[str, Any], keep: str | None = None
) -> list[dict[str, Any]]:
    """The set's games (the hard seat at entry 0, seat ``k`` in game ``k``), one row a deal
    (the records kept under ``keep``/NAME/SET when given)."""
    options = apply_settings(GAME, settings)
    n = PLAYERS[GAME]
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = scratch
        if keep:
            folder = str(Path(keep) / name / str(index))
            Path(folder).mkdir(parents=True, exist_ok=True)
        spec = hard_spec(GAME, options, records=folder)
        for k in range(n):
            play_one(spec, seed, index * n + k)
            hard = k  # ``play_one`` seats entry 0 at seat ``index % n``
            rec = records.parse(
                next(Path(folder).glob(f"*-{index * n + k + 1:05d}.txt")).read_text()
            )
            rows += _deals(rec, hard, name, index, k)
    return rows


def _deals(rec: records.Record, hard: int, name: str, index: int, k: int) -> list[dict[str, Any]]:
    """The record's deals as rows, seen from the hard seat: its bids (what was bid before
    it, its clubs, whether it was compelled), the contract, its side and its chips."""
    rows: list[dict[str, Any]] = []
    bids: list[dict[str, Any]] = []
    st = rec.initial_state()
    facing = _facing(st, hard)
    auction: list[tuple[int, str]] = []
    for step in records.replay(rec, st):
        if facing is not None and step.move.seat == hard:
            bids.append({**facing, "bid": step.move.text})
        if any(e.kind == "bid" for e in step.events):
            auction.append(((step.move.seat - hard) % 4, step.move.text))
        for event in step.events:
            if event.kind != "settle":
                continue
            deal = event.data
            rows.append(
                {
                    "variant": name,
                    "set": index,
                    "game": k,
                    "deal": deal["deal"],
                    "bids": bids,
                    "contract": deal["contract"],
                    "declarer": deal["declarer"] == hard,
                    "partner": deal["partner"] == hard,
                    "made": deal["made"],
                    "tricks": deal["side_tricks"],
                    "chips": deal["changes"][hard],
                    # every bid and pass, each seat counted from the hard seat's
                    "auction": auction,
                    "called": deal["called"],
                    "partner_at": None if deal["partner"] is None else (deal["partner"] - hard) % 4,
                }
            )
            bids, auction = [], []
        facing = _facing(step.state, hard)
    return rows


def _facing(st: Any, hard: int) -> dict[str, Any] | None:
    """What the hard seat's bid faces, when the next move is its bid."""
    assert isinstance(st, MenschState)
    if st.is_over() or st.phase != "bid" or st.to_move() != hard:
        return None
    return {"high": st.high_bid, "clubs": st.clubs_held(hard), "compelled": st.compelled(hard)}


def report(path: str) -> str:
    """Per variant: the contracts the hard seat declared (made share, chips a contract);
    After split by compulsion; its choices where After was open and a pass allowed."""
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    with open(path) as f:
        for line in f:
            row = json.loads(line)
            rows[row["variant"]].append(row)
    sets = {v: len({(r["set"]) for r in rs}) for v, rs in rows.items()}
    common = set.intersection(*({r["set"] for r in rs} for rs in rows.values()))
    lines = [f"sets: {sets}; every variant's figures over the {len(common)} sets all finished"]
    for v, rs in rows.items():
        rs = [r for r in rs if r["set"] in common]
        games = len({(r["set"], r["game"]) for r in rs})
        lines.append(f"== {v}: {games} games")
        kinds: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in rs:
            if r["declarer"]:
                kinds[r["contract"]].append(r)
                if r["contract"] == "after":
                    compelled = any(b["compelled"] for b in r["bids"] if b["bid"] == "after")
                    kinds["after compelled" if compelled else "after by choice"].append(r)
            elif r["partner"]:
                kinds[f"partner in {r['contract']}"].append(r)
        for kind in sorted(kinds):
            got = kinds[kind]
            made, made_ci = mean_ci([float(r["made"]) for r in got])
            chips, chips_ci = mean_ci([float(r["chips"]) for r in got])
            lines.append(
                f"  {kind:22s} {len(got):4d}  made {made:.2f} ±{made_ci:.2f}"
                f"  chips {chips:+.2f} ±{chips_ci:.2f}"
            )
        open_after = [
            (b, r) for r in rs for b in r["bids"] if b["high"] == "half" and not b["compelled"]
        ]
        said: dict[str, int] = defaultdict(int)
        for b, _ in open_after:
            said[b["bid"]] += 1
        lines.append(
            f"  over Half, free to pass: {len(open_after)} times: "
            + ", ".join(f"{k} {n}" for k, n in sorted(said.items()))
        )
        afters = [r for r in rs if r["declarer"] and r["contract"] == "after"]
        for what, pick in (
            ("the Half bidder", lambda r: _half_bidder(r) == r["partner_at"]),
            ("another seat", lambda r: _half_bidder(r) != r["partner_at"]),
        ):
            got = [r for r in afters if pick(r)]
            if got:
                made, made_ci = mean_ci([float(r["made"]) for r in got])
                chips, chips_ci = mean_ci([float(r["chips"]) for r in got])
                lines.append(
                    f"  after, its call finding {what}: {len(got)}, made {made:.2f} ±{made_ci:.2f},"
                    f" chips {chips:+.2f} ±{chips_ci:.2f}"
                )
        by_clubs: dict[int, list[int]] = defaultdict(lambda: [0, 0])
        for b, _ in open_after:
            by_clubs[b["clubs"]][0] += 1
            by_clubs[b["clubs"]][1] += b["bid"] == "after"
        lines.append(
            "    After by clubs held: "
            + ", ".join(f"{c} clubs {a}/{n}" for c, (n, a) in sorted(by_clubs.items()))
        )
    return "\n".join(lines)


def _half_bidder(row: dict[str, Any]) -> int | None:
    """The seat (counted from the hard seat's) that bid Half in the row's deal."""
    return next((seat for seat, bid in row.get("auction", []) if bid == "half"), None)


def reread(keep: str, out: str) -> None:
    """``--out`` rebuilt from the records kept under ``keep`` (every variant and set whose
    games are all there)."""
    rows: list[dict[str, Any]] = []
    for folder in sorted(Path(keep).glob("*/*")):
        name, index = folder.parent.name, int(folder.name)
        paths = sorted(folder.glob("*.txt"))
        if len(paths) < PLAYERS[GAME]:  # a set still being played
            continue
        for path in paths:
            k = (int(path.stem.rsplit("-", 1)[1]) - 1) % PLAYERS[GAME]
            rows += _deals(records.parse(path.read_text()), k, name, index, k)
    with open(out, "w") as f:
        f.writelines(json.dumps(r) + "\n" for r in rows)


def judge(keep: str, name: str, sets: Sequence[int], seed: int) -> list[dict[str, Any]]:
    """At each of the hard seat's bids over a Half in ``name``'s kept records, what its flat
    auction expected of each choice (a fresh hard bot at the ladder's 200 iterations), what
    the all-seeing yardstick's auction expected on the true deal (its play-out by the medium
    policy), and what the deal paid the hard seat: where the auction's values and the table
    part is what it misjudges."""
    from cardsuite.bots import make_bot
    from cardsuite.bots.ismcts import ISMCTSBot

    out: list[dict[str, Any]] = []
    for index in sets:
        for path in sorted(Path(keep, name, str(index)).glob("*.txt")):
            rec = records.parse(path.read_text())
            k = (int(path.stem.rsplit("-", 1)[1]) - 1) % PLAYERS[GAME]
            rows = _deals(rec, k, name, index, k)
            paid = {r["deal"]: r for r in rows}
            st = rec.initial_state()
            facing = _facing(st, k)
            for step in records.replay(rec, st):
                facing = _facing(step.state, k)
                if facing is None or facing["high"] != "half":
                    continue
                assert isinstance(step.state, MenschState)
                deal = paid[step.state.deal_no]
                said = next(b["bid"] for b in deal["bids"] if b["high"] == "half")
                got: dict[str, Any] = {
                    **facing,
                    "set": index,
                    "game": k,
                    "deal": deal["deal"],
                    "table": said,
                }
                for who, extra in (("hard", {}), ("seeing", {"all_seeing": "hands"})):
                    bot = make_bot(
                        GAME, "hard", seed=seed, iterations=200, time_budget=1e9, **extra
                    )
                    assert isinstance(bot, ISMCTSBot)
                    got[who] = str(bot.choose(step.state.clone_for_search(bot.rng), k))
                    got[f"{who}_values"] = bot.last.values
                got.update(
                    contract=deal["contract"],
                    declarer=deal["declarer"],
                    made=deal["made"],
                    chips=deal["chips"],
                )
                out.append(got)
    return out


def judge_report(path: str) -> str:
    """The judged bids summed: by whether MENSCH-BID-4 compelled it and what the hard seat
    bid at the table, how many, a fresh hard bot's expectation of that bid, the yardstick's
    on the true deal, and what the table paid (chips a deal, 95% intervals); then After
    against a pass where the hard seat was free, by each one's values."""
    with open(path) as f:
        rows: list[dict[str, Any]] = [json.loads(line) for line in f]

    def chips(v: float) -> float:
        return (v - 0.5) * REWARD_SCALE

    lines = [f"{len(rows)} bids over Half judged ({path})"]
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        how = "compelled" if r["compelled"] else "free"
        groups[f"{how}, hard {r['table']}"].append(r)
    for key in sorted(groups):
        got = groups[key]
        own, own_ci = mean_ci([chips(r["hard_values"][r["table"]]) for r in got])
        seen, seen_ci = mean_ci([chips(r["seeing_values"][r["table"]]) for r in got])
        paid, paid_ci = mean_ci([float(r["chips"]) for r in got])
        agree = sum(r["seeing"] == r["table"] for r in got)
        lines.append(
            f"  {key:26s} {len(got):4d}  hard expects {own:+.2f} ±{own_ci:.2f}"
            f"  true deal's play-out {seen:+.2f} ±{seen_ci:.2f}  paid {paid:+.2f} ±{paid_ci:.2f}"
            f"  yardstick chose the same {agree}"
        )
    free = [r for r in rows if not r["compelled"]]
    if free:
        own, own_ci = mean_ci(
            [chips(r["hard_values"]["after"]) - chips(r["hard_values"]["pass"]) for r in free]
        )
        seen, seen_ci = mean_ci(
            [chips(r["seeing_values"]["after"]) - chips(r["seeing_values"]["pass"]) for r in free]
        )
        lines.append(
            f"  free: After minus pass, hard's values {own:+.2f} ±{own_ci:.2f},"
            f" the true deal's {seen:+.2f} ±{seen_ci:.2f} ({len(free)} bids)"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", help="NAME:key=value,... as ab_hard.py takes")
    parser.add_argument("--sets", type=int, default=10)
    parser.add_argument("--first", type=int, default=0, help="the first set's index")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--out", required=True)
    parser.add_argument("--report", action="store_true", help="only report --out")
    parser.add_argument("--records", help="keep each game's record under this folder")
    parser.add_argument("--judge", help="judge this variant's kept bids over Half (see judge)")
    parser.add_argument("--judge-report", help="only sum a --judge run's output (this file)")
    parser.add_argument("--reread", action="store_true", help="rebuild --out from --records")
    args = parser.parse_args(argv)
    if args.reread:
        reread(args.records, args.out)
        print(report(args.out))
        return
    if args.judge_report:
        print(judge_report(args.judge_report))
        return
    if args.judge:
        sets = range(args.first, args.first + args.sets)
        for row in judge(args.records, args.judge, sets, args.seed):
            print(json.dumps(row), flush=True)
        return
    if not args.report:
        variants = [parse_variant(v) for v in args.variants]
        tasks = pending_sets(args.out, range(args.first, args.first + args.sets), variants)
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            futures = [pool.submit(play_set, args.seed, i, n, s, args.records) for n, i, s in tasks]
            for fut in as_completed(futures):
                got = fut.result()
                with open(args.out, "a") as f:
                    f.writelines(json.dumps(r) + "\n" for r in got)
                print(f"{len(got)} deals", file=sys.stderr, flush=True)
    print(report(args.out))


if __name__ == "__main__":
    main()
