"""Hostile ``settings.json`` files and ``pending-results.jsonl`` journals, for the fuzz tests
of the store (``tests/store/test_store_fuzz.py``) and of the app opened over them
(``tests/ui/test_store_fuzz_app.py``), issue 33.

A case is one change to a good file: at every path of a full settings file (each field,
each game's remembered setup and preferences, and the containers themselves), a value of
every wrong type, shape and size (huge and non-finite numbers, a lone surrogate, 100,000
and ten million letters, nesting 40, 900 and 100,000 deep), a deleted key or an unknown
one; in a journal, the same at every field of every line, and bytes cut, broken or added in
its text. The full run (``CARDSUITE_FULL=1``) also makes random cases of several changes at
once, from seeds salted afresh (``scale.seed``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from scale import FULL, seed

from cardsuite.games import all_games


@dataclass(frozen=True)
class Raw:
    """A value written as this JSON text (what ``json.dumps`` cannot make: 1e999, a lone
    surrogate, nesting deeper than its own limit)."""

    text: str


#: Every kind of wrong value, by name.
HOSTILE: dict[str, Any] = {
    "null": None,
    "true": True,
    "false": False,
    "0": 0,
    "-1": -1,
    "2**63": 2**63,
    "100 digits": 10**100,
    "5000 digits": Raw("9" * 5000),
    "1.5": 1.5,
    "-0.0": -0.0,
    "1e999": Raw("1e999"),
    "-1e999": Raw("-1e999"),
    "NaN": Raw("NaN"),
    "empty text": "",
    "space": " ",
    "x": "x",
    "lone surrogate": Raw('"\\ud800"'),
    "NUL": "\x00",
    "escape": "\x1b[31m",
    "markup": "[b]x[/b]",
    "100K letters": "x" * 100_000,
    "10M letters": "x" * 10_000_000,
    "[]": [],
    "[1,2,3]": [1, 2, 3],
    "[{}]": [{}],
    "{}": {},
    '{"name": 5}': {"name": 5},
    "10,000 items": [0] * 10_000,
    "40 deep": Raw("[" * 40 + "]" * 40),
    "900 deep": Raw("[" * 900 + "]" * 900),
    "100,000 deep": Raw("[" * 100_000 + "]" * 100_000),
}
#: The wrong values that make the whole file unreadable (past what ``files`` reads: 1 MiB of
#: settings, 64 levels of nesting, Python's digits of a number).
WHOLE_FILE = ("5000 digits", "10M letters", "900 deep", "100,000 deep")
#: Most of the wrong values in a default run (the biggest are the slow ones).
DEFAULT_HOSTILE = [k for k in HOSTILE if k not in ("10M letters", "100,000 deep")]


def _placeholder(i: int) -> str:
    return f"\x00raw{i}\x00"


def dumps(data: Any, raws: tuple[str, ...] = ()) -> bytes:
    """``data`` as JSON, the placeholders ``changed`` put for ``Raw`` values as their text."""
    text = json.dumps(data, ensure_ascii=False)
    for i, raw in enumerate(raws):
        text = text.replace(json.dumps(_placeholder(i)), raw)
    return text.encode("utf-8", "surrogatepass")


def good_settings() -> dict[str, Any]:
    """A settings file that uses everything: each game's setup (a variant other than the
    first, all its options, a seat of each kind), Money's preferences, and a game and a
    preference of a later version."""
    last_setup: dict[str, Any] = {}
    for game in all_games():
        vid = list(game.variants)[-1]
        players = max(game.players) if max(game.players) <= 4 else 4
        last_setup[game.id] = {
            "players": players,
            "variant": vid,
            "options": game.variants[vid].defaults(),
            "seats": [
                {"kind": kind, "name": f"P{i}"}
                for i, kind in enumerate(["human", "easy", "hard", "medium"][:players])
            ],
            "seed": 42,
        }
    last_setup["later-game"] = {"board": [1, 2], "mode": "x"}
    return {
        "schema_version": 1,
        "theme": "felt",
        "ascii": True,
        "pace": "fast",
        "assist": False,
        "last_setup": last_setup,
        "games": {
            "money": {
                "throw_ms": 250,
                "keys.0.turn": "z",
                "keys.0.snap": "x",
                "keys.1.turn": "n",
                "keys.1.snap": "m",
                "later": "kept",
            },
            "later-game": {"speed": 3},
        },
    }


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path in ``node``, containers first."""
    if prefix:
        yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from paths(value, (*prefix, i))


def changed(data: Any, path: tuple[Any, ...], value: Any, delete: bool = False) -> Any:
    """``data`` with the value at ``path`` replaced (or deleted), copying only the
    containers on the way (the rest is shared: nothing here changes it)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    out = dict(data) if isinstance(data, dict) else list(data)
    if not rest:
        if delete:
            del out[head]
        else:
            out[head] = value  # (a key the object had not: added)
    else:
        out[head] = changed(data[head], rest, value, delete)
    return out


def mutated(data: Any, path: tuple[Any, ...], name: str) -> bytes:
    """The JSON of ``data`` with the wrong value ``name`` at ``path``."""
    value = HOSTILE[name]
    if isinstance(value, Raw):
        return dumps(changed(data, path, _placeholder(0)), (value.text,))
    return dumps(changed(data, path, value))


@dataclass(frozen=True)
class Case:
    name: str
    data: bytes


def settings_cases() -> list[Case]:
    """Every path of the good settings with every wrong value (a quarter of them, in turn,
    in a default run), each key deleted, an unknown key in each object; and in a full run
    400 random cases of two to five changes at once."""
    base = good_settings()
    hostile = list(HOSTILE) if FULL else DEFAULT_HOSTILE
    every = 1 if FULL else 4
    cases: list[Case] = [Case("unchanged", dumps(base))]
    for n, path in enumerate(paths(base)):
        where = ".".join(map(str, path))
        for name in hostile[n % every :: every]:
            cases.append(Case(f"{where} = {name}", mutated(base, path, name)))
        if isinstance(path[-1], str):
            cases.append(Case(f"{where} deleted", dumps(changed(base, path, None, delete=True))))
        node = base
        for key in path:
            node = node[key]
        if isinstance(node, dict):
            name = hostile[n % len(hostile)]
            cases.append(Case(f"{where} + unknown = {name}", mutated(base, (*path, "zz"), name)))
    if FULL:
        rng = random.Random(str(seed("settings-fuzz")))
        for i in range(400):
            data, raws, names = base, [], []
            for _ in range(rng.randint(2, 5)):
                path = rng.choice(list(paths(data)))
                name = rng.choice(hostile)
                value = HOSTILE[name]
                if isinstance(value, Raw):
                    raws.append(value.text)
                    value = _placeholder(len(raws) - 1)
                data = changed(data, path, value)
                names.append(f"{'.'.join(map(str, path))} = {name}")
            cases.append(Case(f"random {i}: " + "; ".join(names), dumps(data, tuple(raws))))
    return cases


def good_journal() -> list[dict[str, Any]]:
    """Four results kept for later: two games (two and four players) and two measurements."""
    from cardsuite.store import PlayerResult, Store

    game = Store.game_record
    return [
        game(
            "twenty-two",
            "standard",
            4,
            2**70,
            [
                PlayerResult(i, f"P{i}", "human" if i == 0 else "hard", i == 0, 10 - i)
                for i in range(4)
            ],
            1000.0,
        ),
        {
            "kind": "metric",
            "game": "money",
            "name": "Ada",
            "metric": "snap_ms",
            "value": 287.5,
            "at": 5.0,
        },
        game("money", "jordanian", 2, None, [PlayerResult(0, "Ada", "human", False, -3)], 2000.0),
        {
            "kind": "metric",
            "game": "money",
            "name": "Bo",
            "metric": "snap_ms",
            "value": 301,
            "at": 6,
        },
    ]


def journal_cases() -> list[tuple[str, list[bytes]]]:
    """Journals of a good line and a changed one after it: each field of each line given
    every wrong value (a fifth of them, in turn, in a default run) or deleted; each line's
    bytes cut, broken (a byte that is not UTF-8, a quote, a newline) at every place (every
    37th by default); a line doubled. A full run adds 300 random journals of all four lines
    with several changes."""
    base = good_journal()
    hostile = list(HOSTILE) if FULL else DEFAULT_HOSTILE
    every = 1 if FULL else 5
    good = [dumps(r) for r in base]
    cases: list[tuple[str, list[bytes]]] = [("unchanged", good)]
    for li, record in enumerate(base):
        before = good[li - 1]  # another good line, which must go in whatever follows it
        for n, path in enumerate(paths(record)):
            where = f"line {li + 1} " + ".".join(map(str, path))
            for name in hostile[n % every :: every]:
                cases.append((f"{where} = {name}", [before, mutated(record, path, name)]))
            if isinstance(path[-1], str):
                line = dumps(changed(record, path, None, delete=True))
                cases.append((f"{where} deleted", [before, line]))
        line = good[li]
        step = 1 if FULL else 37
        for at in range(li, len(line), step):
            for what, new in (
                ("cut", line[:at]),
                ("not UTF-8", line[:at] + b"\xff" + line[at:]),
                ("a quote", line[:at] + b'"' + line[at + 1 :]),
                ("a newline", line[:at] + b"\n" + line[at:]),
            ):
                cases.append((f"line {li + 1} {what} at {at}", [before, new]))
        cases.append((f"line {li + 1} twice", [before, line, line]))
    if FULL:
        rng = random.Random(str(seed("journal-fuzz")))
        for i in range(300):
            lines = list(good)
            for _ in range(rng.randint(2, 4)):
                li = rng.randrange(len(lines))
                try:
                    record = json.loads(lines[li])
                except (ValueError, RecursionError):  # (already broken, or 100,000 deep)
                    record = None
                if isinstance(record, dict) and rng.random() < 0.6:
                    path = rng.choice(list(paths(record)))
                    lines[li] = mutated(record, path, rng.choice(hostile))
                else:
                    at = rng.randrange(len(lines[li]) + 1)
                    lines[li] = lines[li][:at] + bytes([rng.randrange(256)]) + lines[li][at:]
            cases.append((f"random {i}", lines))
    return cases


def app_cases(count: int) -> list[tuple[str, bytes, list[bytes]]]:
    """Settings files and journals for the app to open: in each file every game's setup,
    Money's preferences and one plain field are damaged at once, each in its own way (so
    one app run opens five damaged setups), with a damaged journal beside it."""
    base = good_settings()
    # (not the values that make the whole file unreadable: they would hide the others)
    hostile = [k for k in (HOSTILE if FULL else DEFAULT_HOSTILE) if k not in WHOLE_FILE]
    rng = random.Random(str(seed("settings-app-fuzz")))
    journals = journal_cases()
    out: list[tuple[str, bytes, list[bytes]]] = []
    for i in range(count):
        data, raws, names = base, [], []
        roots = [("last_setup", g.id) for g in all_games()]
        roots += [("games", "money"), (rng.choice(["theme", "pace", "ascii", "assist"]),)]
        for root in roots:
            node = base
            for key in root:
                node = node[key]
            path = rng.choice([root, *((*root, *p) for p in paths(node))])
            name = rng.choice(hostile)
            value = HOSTILE[name]
            if isinstance(value, Raw):
                raws.append(value.text)
                value = _placeholder(len(raws) - 1)
            data = changed(data, path, value)
            names.append(f"{'.'.join(map(str, path))} = {name}")
        journal_name, lines = journals[rng.randrange(1, len(journals))]
        out.append(
            (f"app {i}: " + "; ".join(names) + f"; {journal_name}", dumps(data, tuple(raws)), lines)
        )
    return out
