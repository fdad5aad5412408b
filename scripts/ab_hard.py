"""A/B the hard bot's search settings on the same duplicate deals (issue 36's levers).

Every variant plays the same sets as the ladder's hard rung (``ladder.play_rung``: one hard
seat among medium ones, each deal once from every rotation of the seats, the hard bot at a
fixed iteration count), so a variant's edge over medium can be compared set by set with
another's: a paired difference tells far more than two separate ladders. A variant is
``NAME:key=value,...``: a ``SearchHooks`` field (``noise``, ``temper``, ``exploration``,
``pool``), an upper-case constant of the game's bots module (``ENDGAME_CARDS=16``),
``PER_SAMPLE=N`` (``endgame.ITERATIONS_PER_SAMPLE``: how many iterations one exact solve
stands for, so the endgame's samples at the ladder's count can be the app's), or
``all_seeing=hands`` (the fair yardstick, for the share of the gap closed), or a hybrid of
the two: ``seeing=PHASE+PHASE`` makes the hard seat's choices in those phases (the state's
``phase``) the yardstick's and the rest its own, ``cards=LO-HI`` narrows that to positions
with LO to HI cards left in the hands (where the paired difference from ``base:`` and the
yardstick's lies: the gap split by phase). Each finished
set is appended to ``--out`` as a JSON line, so a run stopped early still reports every
set all its variants finished; ``--report`` only reads that file.

``--ladder FILE --hard NAME --yardstick NAME`` writes the game's ladder as ``cardsuite
bench --strength --json`` would (``scripts/save_strength.py`` takes it): its hard and
yardstick rungs from those variants' sets (the very games the ladder plays: the same
seeds, sets and seats), the rungs below hard played here, on sets 0 to ``--sets``; with
``--omniscient NAME`` the omniscient yardstick's rung and gap too, from that variant's sets
(in Mensch every card is in a hand, so the fair yardstick's sets are the omniscient one's).

    nice -n 10 python scripts/ab_hard.py --sets 20 -j 2 --out ab.jsonl \\
        base: noise:noise=0.1 eg16:ENDGAME_CARDS=16 seeing:all_seeing=hands
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from cardsuite import simulate
from cardsuite.bots import Bot, _game_bots, endgame
from cardsuite.engine import Action, State
from cardsuite.games import get_game
from cardsuite.ladder import (
    ITERATIONS,
    OMNISCIENT,
    PLAYERS,
    RUNGS,
    YARDSTICK,
    GameLadder,
    Sets,
    gap,
    mean_ci,
    play_rung,
    ratio_ci,
    rung,
)
from cardsuite.simulate import GameSpec, play_one


def pending_sets(
    out: str, sets: range, variants: list[tuple[str, dict[str, Any]]]
) -> list[tuple[str, int, dict[str, Any]]]:
    """(variant, set, settings) for each set of each variant that ``out`` (JSON lines with
    ``variant`` and ``set``) holds no row for yet: a stopped run goes on where it was."""
    done: set[tuple[str, int]] = set()
    try:
        with open(out) as f:
            done = {(r["variant"], r["set"]) for r in map(json.loads, f)}
    except FileNotFoundError:
        pass
    return [
        (name, index, settings)
        for index in sets
        for name, settings in variants
        if (name, index) not in done
    ]


def parse_variant(text: str) -> tuple[str, dict[str, Any]]:
    """``NAME:key=value,...`` as (name, settings); values read as JSON where they can be."""
    name, _, rest = text.partition(":")
    settings: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, _, value = part.partition("=")
        try:
            settings[key] = json.loads(value)
        except json.JSONDecodeError:
            settings[key] = value
    return name, settings


def apply_settings(
    game_id: str, settings: dict[str, Any], iterations: int = ITERATIONS
) -> dict[str, Any]:
    """Put the game's bots module back to its constants as imported, then set the variant's
    constants and hook fields in this process; return the hard bot's options (``iterations``
    unless the variant names its own, no time limit, the yardstick where asked). The Manni
    regret scripts set their variants up the same way."""
    module = _game_bots(game_id)
    defaults = _DEFAULTS.setdefault(game_id, {k: v for k, v in vars(module).items() if k.isupper()})
    for key, value in defaults.items():
        setattr(module, key, value)
    if not hasattr(module, "_ab_search_hooks"):
        module._ab_search_hooks = module.search_hooks
    base = module._ab_search_hooks
    fields = {f.name for f in dataclasses.fields(base())}
    hook_fields = {k: v for k, v in settings.items() if k in fields}
    endgame.ITERATIONS_PER_SAMPLE = settings.get("PER_SAMPLE", PER_SAMPLE)
    for key, value in settings.items():
        if key.isupper() and key != "PER_SAMPLE":
            setattr(module, key, value)
    module.search_hooks = lambda: dataclasses.replace(base(), **hook_fields)
    options: dict[str, Any] = {"iterations": settings.get("iterations", iterations)}
    options["time_budget"] = 1e9
    if "all_seeing" in settings:
        options["all_seeing"] = settings["all_seeing"]
    return options


class HybridBot:
    """The hard bot, but the all-seeing yardstick where ``seeing`` says (a phase, and a
    range of cards left in the hands): which decisions the gap to the yardstick lies in."""

    level = "hard"

    def __init__(self, own: Bot, seeing: Bot, phases: set[str], cards: tuple[int, int]) -> None:
        self.own, self.seeing, self.phases, self.cards = own, seeing, phases, cards

    def sees(self, state: State) -> bool:
        if getattr(state, "phase", None) not in self.phases:
            return False
        hands = getattr(state, "hands", None)
        if hands is None:
            return True
        left = sum(len(h) for h in hands)
        return self.cards[0] <= left <= self.cards[1]

    def choose(self, state: State, seat: int) -> Action:
        return (self.seeing if self.sees(state) else self.own).choose(state, seat)


def _hybrid_maker(settings: dict[str, Any]) -> Any:
    """``simulate.make_bot``, making the hard seat a ``HybridBot`` as ``settings`` say."""
    phases = set(str(settings["seeing"]).split("+"))
    lo, _, hi = str(settings.get("cards", "0-1000")).partition("-")
    cards = (int(lo), int(hi))
    make = simulate.make_bot

    def make_bot(game_id: str, level: str, seed: int | None = None, **options: Any) -> Bot:
        own = make(game_id, level, seed=seed, **options)
        if level != "hard":
            return own
        seeing = make(game_id, level, seed=seed, **options, all_seeing="hands")
        return HybridBot(own, seeing, phases, cards)

    return make_bot


#: Each game's bots module's constants as imported, restored between variants.
_DEFAULTS: dict[str, dict[str, Any]] = {}
#: One exact solve's worth in iterations as imported (``PER_SAMPLE`` sets it).
PER_SAMPLE = endgame.ITERATIONS_PER_SAMPLE


def hard_spec(game_id: str, options: dict[str, Any], records: str | None = None) -> GameSpec:
    """The ladder's duplicate games of ``game_id``: the hard seat (bot ``options``) at entry
    0 against medium seats, the default variant at the ladder's size."""
    game = get_game(game_id)
    n = PLAYERS[game_id]
    return GameSpec(
        game.id,
        n,
        game.default_variant,
        game.variants[game.default_variant].defaults(),
        ("hard", *["medium"] * (n - 1)),
        {"hard": options},
        duplicate=True,
        records=records,
    )


def play_set(game_id: str, seed: int, index: int, settings: dict[str, Any]) -> dict[str, Any]:
    """One set (every rotation of one deal) with the hard seat set up by ``settings``."""
    game = get_game(game_id)
    n = PLAYERS[game_id]
    spec = hard_spec(game_id, apply_settings(game_id, settings))
    sign = -1.0 if game.low_score_wins else 1.0
    make = simulate.make_bot
    if "seeing" in settings:
        simulate.make_bot = _hybrid_maker(settings)
    try:
        results = [play_one(spec, seed, index * n + k) for k in range(n)]
    finally:
        simulate.make_bot = make
    share = sum(1.0 / len(r.winners) for r in results if 0 in r.winners) / n
    edge = sign * sum(r.scores[0] - sum(r.scores[1:]) / (n - 1) for r in results) / n
    return {"set": index, "share": share, "edge": edge, "seconds": sum(r.seconds for r in results)}


def report(
    path: str, names: Sequence[str] | None = None, base: str | None = None, players: int = 4
) -> str:
    """Each variant's mean edge and share over the sets every named variant finished, the
    paired difference from ``base``, and the gap closed to ``seeing`` when it ran."""
    rows: dict[str, dict[int, dict[str, Any]]] = {}
    with open(path) as f:
        for line in f:
            row = json.loads(line)
            rows.setdefault(row["variant"], {})[row["set"]] = row
    names = list(names or rows)
    common = sorted(set.intersection(*(set(rows.get(v, {})) for v in names)))
    if not common:
        return "no set finished by every variant"
    base = base or names[0]
    game_even = 1.0 / players
    lines = [f"{len(common)} sets each ({path})"]
    seeing = next((v for v in names if v.startswith("seeing")), None)
    for v in names:
        edges = [rows[v][s]["edge"] for s in common]
        shares = [rows[v][s]["share"] for s in common]
        e, eci = mean_ci(edges)
        w, wci = mean_ci(shares)
        line = f"{v:14s} edge {e:+6.2f} ±{eci:4.2f}  wins {w:.3f} ±{wci:.3f}"
        if v != base:
            based = [rows[base][s]["edge"] for s in common]
            d, dci = mean_ci([a - b for a, b in zip(edges, based, strict=True)])
            line += f"  paired vs {base} {d:+5.2f} ±{dci:4.2f}"
        if seeing and v != seeing:
            g, gci = ratio_ci(edges, [rows[seeing][s]["edge"] for s in common])
            gw, gwci = ratio_ci(
                [x - game_even for x in shares],
                [rows[seeing][s]["share"] - game_even for s in common],
            )
            line += f"  gap by points {g:.3f} ±{gci:.3f} (wins {gw:.2f} ±{gwci:.2f})"
        lines.append(line)
    return "\n".join(lines)


def ladder_json(
    path: str,
    game_id: str,
    sets: int,
    seed: int,
    jobs: int,
    hard: str,
    yardstick: str,
    omniscient: str | None = None,
) -> list[dict[str, Any]]:
    """The game's ladder over sets 0 to ``sets``: the rungs below hard played now, hard's
    and the yardstick's (and the omniscient one's, when named) read from ``path`` (every
    one of those sets must be there)."""
    rows: dict[str, dict[int, dict[str, Any]]] = {}
    with open(path) as f:
        for line in f:
            row = json.loads(line)
            rows.setdefault(row["variant"], {})[row["set"]] = row
    played: dict[tuple[str, str], Sets] = {}
    for high, low in RUNGS:
        if high != "hard":
            played[(high, low)] = play_rung(game_id, high, low, sets, seed, jobs)
    sticks = [(hard, ("hard", "medium")), (yardstick, (YARDSTICK, "medium"))]
    if omniscient:
        sticks.append((omniscient, (OMNISCIENT, "medium")))
    for name, key in sticks:
        missing = [i for i in range(sets) if i not in rows.get(name, {})]
        if missing:
            raise SystemExit(f"{name}: sets {missing} are not in {path}")
        got = [rows[name][i] for i in range(sets)]
        played[key] = Sets([r["share"] for r in got], [r["edge"] for r in got])
    game = get_game(game_id)
    out = GameLadder(
        game.id,
        game.name,
        PLAYERS[game_id],
        game.score_label,
        [rung(game_id, h, lo, d) for (h, lo), d in played.items()],
        gap(game_id, played[("hard", "medium")], played[(YARDSTICK, "medium")]),
        gap(game_id, played[("hard", "medium")], played[(OMNISCIENT, "medium")])
        if omniscient
        else None,
    )
    return [out.to_json()]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", help="NAME:key=value,... (first: the base)")
    parser.add_argument("--game", default="twenty-two")
    parser.add_argument("--sets", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="the first set's index")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--out", required=True)
    parser.add_argument("--report", action="store_true", help="only report --out")
    parser.add_argument("--ladder", help="write the ladder's JSON here (see above)")
    parser.add_argument("--hard", default="base", help="with --ladder: hard's variant")
    parser.add_argument("--yardstick", default="seeing", help="with --ladder: the yardstick's")
    parser.add_argument("--omniscient", help="with --ladder: the omniscient yardstick's")
    args = parser.parse_args(argv)
    if args.ladder:
        data = ladder_json(
            args.out,
            args.game,
            args.sets,
            args.seed,
            args.jobs,
            args.hard,
            args.yardstick,
            args.omniscient,
        )
        with open(args.ladder, "w") as f:
            f.write(json.dumps(data) + "\n")
        print(json.dumps(data[0]["gap"]))
        return
    variants = [parse_variant(v) for v in args.variants]
    names = [name for name, _ in variants] or None
    if not args.report:
        tasks = pending_sets(args.out, range(args.first, args.first + args.sets), variants)
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            futures = {
                pool.submit(play_set, args.game, args.seed, index, settings): name
                for name, index, settings in tasks
            }
            for fut in as_completed(futures):
                row = {"variant": futures[fut], **fut.result()}
                with open(args.out, "a") as f:
                    f.write(json.dumps(row) + "\n")
                print(json.dumps(row), file=sys.stderr, flush=True)
    print(report(args.out, names, players=PLAYERS[args.game]))


if __name__ == "__main__":
    main()
