"""Mutated records: each is accepted, or refused naming its line or its field (issue 33).

For every game, real records (games of random seats, dealt from a seed, from a seed with a
stacked dealer, and from a position) are mutated one way at a time: a number made a unicode
digit, 5,000 digits or out of range; JSON nested deep or holding a huge number; a value or a
line made huge; lines dropped, doubled, swapped or moved; a header that disagrees with its
position; control characters, CRLF, a byte-order mark, bytes that are not UTF-8; moves
changed, moved to another seat, or added after the end. Each mutated file must be, in every
place that reads records:

- ``Store.load_record`` (``parse``) and ``replay`` (through ``replay_data.Replay``, what the
  replay screen steps through): accepted, or refused with a ``RecordError`` that names its
  line or its header field, and nothing else;
- ``cardsuite records FILE``: exit 0, or 1 with the file and the reason, never a traceback;
- the history's listing (``Store.list_records``): every file listed, read or with its reason.

An accepted record writes itself back (``to_text``) to a record that reads the same.
``CARDSUITE_FULL=1`` tries ten times as many, from seeds salted through
``support/scale.py``; the counts are printed (``pytest -s``).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from scale import FULL, int_seed, seed

from cardsuite.cli import main
from cardsuite.engine import Game
from cardsuite.games import all_games
from cardsuite.match import Match, SeatSpec
from cardsuite.records import Record, RecordError, RecordSeat, from_match, parse, summary
from cardsuite.store import Store
from cardsuite.ui.replay_data import Replay

MUTATIONS = 1500 if FULL else 150
#: moves a record's game is played for (enough to cross a deal in most games)
MOVES = 160

FIELDS = ("game", "variant", "options", "players", "result", "seed", "position", "seat")
NAMED = re.compile(r"'(?:" + "|".join(FIELDS) + r")\b")

ODD_NUMBERS = [
    "²",
    "\u0663",  # Arabic-Indic three
    "\uff13",  # full-width three
    "\U0001d7d9",  # mathematical double-struck one
    "1" * 5000,
    "9" * 30,
    "-1",
    "0",
    "99",
    "+1",
    " 1 ",
    "1.0",
    "1e3",
    "0x1",
    "1_0",
    "",
    "None",
    "nan",
    "\u0661\u0662",
]


def deep(k: int) -> str:
    return "[" * k + "]" * k


ODD_JSON = [
    deep(65),
    deep(900),
    deep(5000),
    '{"a": ' * 900 + "1" + "}" * 900,
    "9" * 5000,
    "1e999",
    "-1e999",
    "NaN",
    "Infinity",
    '"\\ud800"',
    "{}",
    "[]",
    "null",
    '"x"',
    "true",
    "",
    "{",
    '{"a": 1, "a": 2}',
]


# --- real records ----------------------------------------------------------------------------


def play(match: Match, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if match.is_over():
            return
        seat = match.to_move()
        if seat is None:
            return
        legal = match.legal_actions(seat)
        match.apply(legal[int(rng.random() * len(legal))], seat)


def originals(game: Game, rng: random.Random) -> list[str]:
    """A few real records of ``game``: dealt from a seed (one played to its end where that
    comes soon), from a seed with a stacked dealer, from a position."""
    out = []
    players = [game.players[0], game.players[-1]]
    for k, n in enumerate(players):
        seats = [SeatSpec("random", f"P{i + 1}") for i in range(n)]
        variant = list(game.variants)[k % len(game.variants)]
        match = Match.new(game.id, seats, variant=variant, seed=int_seed(rng.getrandbits(31)))
        match.started = 1_764_600_000.0 + k
        play(match, rng, MOVES * (3 if k == 0 else 1))
        out.append(from_match(match).to_text())
    # a stacked dealer
    n = players[0]
    base = int_seed(rng.getrandbits(31))
    st = game.new_state(players=n, seed=base, dealer=n - 1)
    rec = Record(
        game.id,
        st.variant,
        dict(st.options),
        [RecordSeat(f"D{i + 1}", "easy") for i in range(n)],
        seed=base,
        dealer=n - 1,
        started=1_764_600_100.0,
    )
    match = Match(game, st, [SeatSpec("random", s.name) for s in rec.seats])
    play(match, rng, 40)
    rec.moves = list(match.record)
    out.append(rec.to_text())
    # from a position
    n = players[-1]
    st = game.new_state(players=n, seed=int_seed(rng.getrandbits(31)))
    for _ in range(rng.randrange(1, 30)):
        if st.is_over():
            break
        legal = st.legal_actions()
        st.apply(legal[int(rng.random() * len(legal))])
    match = Match(game, st, [SeatSpec("random", f"Q{i + 1}") for i in range(n)])
    match.started = 1_764_600_200.0
    play(match, rng, 40)
    out.append(from_match(match).to_text())
    return out


# --- mutations --------------------------------------------------------------------------------


def split(text: str) -> tuple[list[str], int]:
    """The lines of ``text`` and the index of the blank line after the header."""
    lines = text.split("\n")
    return lines, lines.index("")


def header_index(lines: list[str], key: str) -> int | None:
    return next((i for i, x in enumerate(lines) if x.startswith(f"{key}:")), None)


def m_number(text: str, rng: random.Random) -> tuple[str, str]:
    lines, blank = split(text)
    odd = rng.choice(ODD_NUMBERS)
    spots: list[tuple[int, re.Pattern[str]]] = [(0, re.compile(r"(?<=record )\S+"))]
    for key in ("players", "dealer", "seed"):
        i = header_index(lines, key)
        if i is not None:
            spots.append((i, re.compile(r"(?<=: ).*")))
    spots += [
        (i, re.compile(r"(?<=^seat )\d+")) for i in range(1, blank) if lines[i][:5] == "seat "
    ]
    moves = [(i, re.compile(r"^\S+")) for i in range(blank + 1, len(lines)) if lines[i]]
    # the header's numbers most often: a record has far more moves than header fields
    i, pattern = rng.choice(moves if moves and rng.random() < 0.25 else spots)
    lines[i] = pattern.sub(lambda m: odd, lines[i], count=1)
    return "\n".join(lines), f"number {odd[:12]!r} on line {i + 1}"


def m_json(text: str, rng: random.Random) -> tuple[str, str]:
    lines, _ = split(text)
    key = rng.choice(["options", "position"])
    i = header_index(lines, key) or header_index(lines, "options")
    assert i is not None
    field, _, value = lines[i].partition(": ")
    odd = rng.choice(ODD_JSON)
    data = json.loads(value)
    how = rng.choice(["whole", "inside", "inside"])
    if how == "whole" or not isinstance(data, dict) or not data:
        lines[i] = f"{field}: {odd}"
    else:  # one value inside, anywhere in the tree
        places: list[tuple[Any, Any]] = []
        stack: list[Any] = [data]
        while stack:
            node = stack.pop()
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            for k in keys[:30]:
                places.append((node, k))
                if isinstance(node[k], (dict, list)):
                    stack.append(node[k])
        node, k = rng.choice(places)
        marker = "\x00MARK\x00"
        node[k] = marker
        lines[i] = f"{field}: " + json.dumps(data).replace(json.dumps(marker), odd or "0", 1)
    return "\n".join(lines), f"{key} JSON {how}: {odd[:12]!r}"


def m_huge(text: str, rng: random.Random) -> tuple[str, str]:
    lines = text.split("\n")
    i = rng.randrange(len(lines) - 1)
    big = rng.choice(["x", "9", "é", ",", " #", "\u202e"]) * rng.choice([10_000, 200_000])
    lines[i] = lines[i] + big if rng.random() < 0.5 else big + lines[i]
    return "\n".join(lines), f"line {i + 1} made huge"


def m_lines(text: str, rng: random.Random) -> tuple[str, str]:
    lines = text.split("\n")
    n = len(lines) - 1  # the last is the empty rest after the final newline
    i, j = rng.randrange(n), rng.randrange(n)
    how = rng.choice(["drop", "double", "swap", "move", "blank", "unblank"])
    if how == "drop":
        del lines[i]
    elif how == "double":
        lines.insert(i, lines[i])
    elif how == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    elif how == "move":
        lines.insert(j, lines.pop(i))
    elif how == "blank":
        lines.insert(i, "")
    else:
        blank = lines.index("")
        del lines[blank]
    return "\n".join(lines), f"{how} line {i + 1} ({j + 1})"


def m_disagree(text: str, rng: random.Random, game: Game) -> tuple[str, str]:
    """A header that disagrees with its position (or with its game, where dealt)."""
    lines, blank = split(text)
    how = rng.choice(["players", "variant", "option", "game"])
    if how == "players":
        i = header_index(lines, "players")
        assert i is not None
        old = int(lines[i].split(": ")[1])
        new = rng.choice([p for p in (*game.players, old + 1, old - 1) if p != old] or [old + 1])
        lines[i] = f"players: {new}"
        seats = [k for k in range(1, blank) if lines[k].startswith("seat ")]
        if new < old:
            for k in reversed(seats[new:]):
                del lines[k]
        else:
            for s in range(old + 1, new + 1):
                lines.insert(seats[-1] + s - old, f"seat {s}: X{s}, easy")
    elif how == "variant":
        i = header_index(lines, "variant")
        assert i is not None
        lines[i] = f"variant: {rng.choice([*game.variants, 'nope'])}"
    elif how == "option":
        i = header_index(lines, "options")
        assert i is not None
        options = json.loads(lines[i].partition(": ")[2])
        if options:
            k = rng.choice(sorted(options))
            v = options[k]
            options[k] = (not v) if isinstance(v, bool) else v + 1 if isinstance(v, int) else "x"
        else:
            options["x"] = 1
        lines[i] = "options: " + json.dumps(options)
    else:
        i = header_index(lines, "game")
        assert i is not None
        lines[i] = f"game: {rng.choice([g.id for g in all_games()] + ['bridge', ''])}"
    return "\n".join(lines), f"header disagrees: {how}"


def m_bytes(text: str, rng: random.Random) -> tuple[bytes, str]:
    raw = text.encode("utf-8")
    how = rng.choice(["crlf", "bom", "control", "nul", "latin1", "cut", "tabs", "empty"])
    if how == "crlf":
        raw = raw.replace(b"\n", b"\r\n")
    elif how == "bom":
        raw = b"\xef\xbb\xbf" + raw
    elif how == "control":
        at = rng.randrange(len(raw))
        raw = raw[:at] + rng.choice([b"\x1b[2J", b"\x1b]0;x\x07", b"\x7f", b"\xc2\x9b"]) + raw[at:]
    elif how == "nul":
        at = rng.randrange(len(raw))
        raw = raw[:at] + b"\x00" + raw[at:]
    elif how == "latin1":
        at = rng.randrange(len(raw))
        raw = raw[:at] + b"\xe9\xff" + raw[at:]
    elif how == "cut":
        raw = raw[: rng.randrange(len(raw))]
    elif how == "tabs":
        raw = raw.replace(b": ", b":\t", rng.randrange(1, 6))
    else:
        raw = b""
    return raw, f"bytes: {how}"


def m_moves(text: str, rng: random.Random, others: list[str]) -> tuple[str, str]:
    lines, blank = split(text)
    moves = [i for i in range(blank + 1, len(lines)) if lines[i]]
    how = rng.choice(["text", "seat", "after", "result", "foreign", "note"])
    if how == "after" or not moves:
        lines.insert(len(lines) - 1, rng.choice(["1 pass", "- deal", "2 stand", "1 play 2S"]))
    elif how == "result":
        i = header_index(lines, "result")
        assert i is not None
        finished = lines[i] != "result: unfinished"
        lines[i] = "result: unfinished" if finished else "result: A 1, B 2; won by B"
    else:
        i = rng.choice(moves)
        seat, _, action = lines[i].partition(" ")
        if how == "text":
            action = rng.choice(
                ["", "x", "play", "play 9Z", "\u0663", "play " + "2S " * 60, action[::-1]]
            )
        elif how == "seat":
            seat = rng.choice(["-", "1", "2", "3", "4", "5", "12"])
        elif how == "note":
            action += " # " + rng.choice(["", "x" * 1000, "\x1b[2J", "# #"])
        else:  # a move of another record, perhaps of another game
            other, _ = split(rng.choice(others))
            pick = [x for x in other[other.index("") + 1 :] if x]
            action = rng.choice(pick).partition(" ")[2] if pick else "pass"
        lines[i] = f"{seat} {action}".rstrip()
    return "\n".join(lines), f"moves: {how}"


# --- the checks -----------------------------------------------------------------------------


def named(e: RecordError) -> bool:
    """A refusal names its line, or the header field it is about."""
    return e.line > 0 or bool(NAMED.search(e.reason))


@pytest.fixture(scope="module")
def every_original() -> dict[str, list[str]]:
    rng = random.Random(seed("record-fuzz:originals"))
    return {game.id: originals(game, rng) for game in all_games()}


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_mutated_record_is_read_or_refused_with_its_line(
    game: Game,
    every_original: dict[str, list[str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(seed(f"record-fuzz:{game.id}"))
    mine = every_original[game.id]
    others = [t for texts in every_original.values() for t in texts]
    for text in mine:  # the originals themselves read and replay
        rp = Replay.of(parse(text))
        assert rp.error is None and rp.last == len(rp.record.moves)
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "home"))
    store = Store(tmp_path / "home")
    store.records_dir.mkdir(parents=True)
    runner = CliRunner()
    kinds: list[Callable[[str, random.Random], tuple[str | bytes, str]]] = [
        m_number,
        m_number,
        m_json,
        m_json,
        m_huge,
        m_lines,
        m_lines,
        lambda t, r: m_disagree(t, r, game),
        m_bytes,
        lambda t, r: m_moves(t, r, others),
        lambda t, r: m_moves(t, r, others),
    ]
    outcomes: Counter[str] = Counter()
    for n in range(MUTATIONS):
        data, what = rng.choice(kinds)(rng.choice(mine), rng)
        path = store.records_dir / f"m{n:05d}.txt"
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8", newline="")
        else:
            path.write_bytes(data)
        try:
            rec = store.load_record(path)
        except RecordError as e:
            assert named(e), f"{what}: a refusal names no line or field: {e}"
            outcomes["refused when read"] += 1
            rec = None
        except Exception as e:
            raise AssertionError(f"{what}: reading raised {type(e).__name__}: {e}") from e
        if rec is not None:
            try:
                rp = Replay.of(rec)
                summary(rec)
                assert rec.private in (True, False)
                again = parse(rec.to_text())
            except Exception as e:
                raise AssertionError(f"{what}: replaying raised {type(e).__name__}: {e}") from e
            assert again.to_text() == rec.to_text(), what
            if rp.error is not None:
                assert named(rp.error), f"{what}: a refusal names no line or field: {rp.error}"
                outcomes["refused when replayed"] += 1
            else:
                outcomes["accepted"] += 1
        if FULL or n % 3 == 0:  # the command reads and replays it all again
            r = runner.invoke(main, ["records", str(path)])
            assert r.exception is None or isinstance(r.exception, SystemExit), (
                f"{what}: `records FILE` raised {r.exception!r}"
            )
            assert r.exit_code in (0, 1), (what, r.output)
            if r.exit_code == 1:
                assert f"{path.name}, " in r.output, (what, r.output)
    try:
        infos = store.list_records()
    except Exception as e:
        raise AssertionError(f"the history's listing raised {type(e).__name__}: {e}") from e
    assert len(infos) == MUTATIONS
    for info in infos:
        assert (info.error is None) == (info.game is not None), info
    print(f"{game.id}: {MUTATIONS} mutated records: {dict(outcomes)}")
    assert outcomes["refused when read"] and outcomes["accepted"]
    assert sum(outcomes.values()) == MUTATIONS
