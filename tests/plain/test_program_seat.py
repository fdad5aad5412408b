"""A program at the table (``plain/program.py``, ``docs/program-seat.md``): whole games with
the example program, each way a program fails (late, nonsense, an illegal action, an exit)
replaced by the medium bot with its message while the game goes on, every message sent
checked against the documented schema, privacy by re-dealing the others' hidden cards, and
``simulate`` with a program seat."""

from __future__ import annotations

import json
import random
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hidden import redeal
from plainkit import ROOT, play, seats

from cardsuite.cli import main
from cardsuite.games import get_game
from cardsuite.match import Match, saved_kind
from cardsuite.plain.program import ProgramBot, programs
from cardsuite.simulate import GameSpec, simulate
from cardsuite.store import Store

EXAMPLE = ROOT / "scripts" / "example_program_seat.py"
SCHEMA = json.loads((ROOT / "docs" / "program-seat.schema.json").read_text(encoding="utf-8"))


def program(*args: str) -> str:
    return "program:" + shlex.join([sys.executable, str(EXAMPLE), *args])


def inline(code: str) -> str:
    """A program of a few lines of Python, given on its command line."""
    return "program:" + shlex.join([sys.executable, "-c", code])


#: Reads the decisions and answers the first ``n`` with the first legal action, then ...
def first_then(n: int, then: str) -> str:
    return inline(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] != 'decide':\n"
        "        continue\n"
        f"    if m['id'] > {n}:\n"
        f"        {then}\n"
        "    print(json.dumps({'id': m['id'], 'action': m['legal'][0]}), flush=True)\n"
    )


# --- the schema, checked by a small validator of the keywords it uses -------------------------


def check(value: Any, schema: dict[str, Any], where: str = "$") -> None:
    """Raise AssertionError where ``value`` breaks ``schema`` (the keywords
    ``program-seat.schema.json`` uses: $ref, oneOf, type, const, enum, required, properties,
    additionalProperties false, items, minItems, minLength, minimum, exclusiveMinimum,
    pattern)."""
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        check(value, SCHEMA["$defs"][name], where)
    if "oneOf" in schema:
        fits = sum(_fits(value, s) for s in schema["oneOf"])
        assert fits == 1, f"{where}: {value!r} fits {fits} of oneOf's schemas"
    kinds = schema.get("type")
    if kinds is not None:
        kinds = [kinds] if isinstance(kinds, str) else kinds
        assert any(_is(value, k) for k in kinds), f"{where}: {value!r} is not {kinds}"
    if "const" in schema:
        assert value == schema["const"] and type(value) is type(schema["const"]), where
    if "enum" in schema:
        assert value in schema["enum"], f"{where}: {value!r} not in {schema['enum']}"
    if isinstance(value, dict):
        for key in schema.get("required", ()):
            assert key in value, f"{where}: {key} missing"
        props = schema.get("properties", {})
        if schema.get("additionalProperties") is False:
            extra = set(value) - set(props)
            assert not extra, f"{where}: unexpected {extra}"
        for key, sub in props.items():
            if key in value:
                check(value[key], sub, f"{where}.{key}")
    if isinstance(value, list):
        assert len(value) >= schema.get("minItems", 0), f"{where}: too few items"
        for i, item in enumerate(value):
            if "items" in schema:
                check(item, schema["items"], f"{where}[{i}]")
    if isinstance(value, str):
        assert len(value) >= schema.get("minLength", 0), f"{where}: too short"
        if "pattern" in schema:
            import re

            assert re.search(schema["pattern"], value), f"{where}: {value!r}"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        assert value >= schema.get("minimum", value), f"{where}: {value} too small"
        if "exclusiveMinimum" in schema:
            assert value > schema["exclusiveMinimum"], f"{where}: {value} too small"


def _fits(value: Any, schema: dict[str, Any]) -> bool:
    try:
        check(value, schema)
    except AssertionError:
        return False
    return True


def _is(value: Any, kind: str) -> bool:
    return {
        "object": isinstance(value, dict),
        "array": isinstance(value, list),
        "string": isinstance(value, str),
        "integer": type(value) is int,
        "number": type(value) in (int, float),
        "boolean": type(value) is bool,
        "null": value is None,
    }[kind]


def valid(messages: Sequence[dict[str, Any]]) -> None:
    """Each message as the program read it (through JSON) fits the schema's root."""
    for message in messages:
        check(json.loads(json.dumps(message)), SCHEMA)


def test_the_validator_refuses_what_the_schema_forbids() -> None:
    good = {"type": "undo", "events": 3}
    valid([good])
    for bad in (
        {"type": "undo"},
        {"type": "undo", "events": -1},
        {"type": "undo", "events": 3, "extra": 1},
        {"type": "hello", "protocol": 2},
        {"type": "decide", "id": 1, "seat": 0, "view": {}, "legal": []},
        {"type": "nothing"},
    ):
        with pytest.raises(AssertionError):
            valid([bad])
    check({"id": 1, "action": "keep"}, SCHEMA["$defs"]["answer"])
    check({"id": 1, "index": 0, "note": "mine"}, SCHEMA["$defs"]["answer"])
    with pytest.raises(AssertionError):  # both, or neither
        check({"id": 1, "action": "keep", "index": 0}, SCHEMA["$defs"]["answer"])


# --- whole games ------------------------------------------------------------------------------


def table(gid: str, kinds: Sequence[str], seed: int, **opts: str) -> Match:
    return Match.new(gid, seats(gid, kinds), None, opts or None, seed=seed)


def kinds_of(message: dict[str, Any]) -> str:
    return str(message["type"])


@pytest.mark.parametrize(
    ("gid", "kinds", "opts"),
    [
        ("manni", ["medium", program(), "medium"], {}),
        ("african-casino", [program("--random", "--seed", "3"), "medium"], {"target": "5"}),
    ],
)
def test_the_example_plays_whole_games(
    gid: str, kinds: list[str], opts: dict[str, str], store: Store
) -> None:
    match = table(gid, kinds, 5, **opts)
    played = play(match, [], store)
    assert match.is_over()
    assert "Game over" in played.out and played.err == ""
    (seat, bot), *_ = programs(match.bots).items()
    assert bot.replaced is None and bot.standin is None
    assert "a program, " in played.lines[0]  # the introduction says who plays the seat
    valid(bot.sent)
    said = [kinds_of(m) for m in bot.sent]
    assert said[0] == "hello" and said[-1] == "result" and said.count("hello") == 1
    decides = [m for m in bot.sent if m["type"] == "decide"]
    assert [m["id"] for m in decides] == list(range(1, len(decides) + 1))
    assert all(m["view"]["seat"] == seat for m in decides)
    # every event of the public log, once, in order
    events = [m for m in bot.sent if m["type"] == "event"]
    assert [e["kind"] for e in events] == [e.kind for e in match.public_log()]
    assert bot.sent[-1] == {
        "type": "result",
        "winners": match.winners(),
        "scores": match.scores(),
    }
    assert bot._proc is None  # the program was ended


# --- each way a program fails -------------------------------------------------------------------

FAILURES = [
    # (the program, what the message says)
    (inline("import sys\nfor line in sys.stdin: pass"), "did not answer within 0.05 seconds"),
    (first_then(2, "print('hello', flush=True)"), "answered 'hello', which is not JSON"),
    (first_then(2, "print('[1]', flush=True)"), "which is not a JSON object"),
    (first_then(1, "print(json.dumps({'id': 99, 'action': 'x'}), flush=True)"), "with id 99"),
    (first_then(1, "print(json.dumps({'id': 2.0, 'index': 0}), flush=True)"), "with id 2.0"),
    (inline("print('ready', flush=True)\nimport time; time.sleep(5)"), "answered 'ready'"),
    (
        first_then(3, "print(json.dumps({'id': m['id'], 'action': 'play ZZ'}), flush=True)"),
        "answered 'play ZZ', which is not a legal action here",
    ),
    (first_then(2, "print(json.dumps({'id': m['id'], 'index': 99}), flush=True)"), "index 99"),
    (first_then(4, "sys.exit(3)"), "exited with status 3"),
]


@pytest.mark.parametrize(("kind", "words"), FAILURES)
def test_a_failing_program_is_replaced_and_the_game_goes_on(
    kind: str, words: str, store: Store
) -> None:
    match = table("manni", ["human", kind, "medium"], 7)
    bot = programs(match.bots)[1]
    if "did not answer" in words:  # only here: the others answer in time on a busy machine
        bot.limit = 0.05
    played = play(match, ["1"] * 400, store)
    assert match.is_over() and "Game over" in played.out
    assert bot.replaced is not None and words in bot.replaced
    (line,) = played.err.splitlines()  # once, on standard error, apart from the game
    assert line.startswith("West's program (") and words in line
    assert line.endswith("the medium bot plays for West from now on.")
    assert bot._proc is None
    valid(bot.sent)
    decides = [m for m in bot.sent if m["type"] == "decide"]
    assert "result" not in [m["type"] for m in bot.sent]  # nothing more once replaced
    assert len(decides) <= 5


def test_a_program_that_cannot_start_is_replaced(store: Store) -> None:
    match = table("manni", ["medium", "program:/no/such/program", "medium"], 7)
    played = play(match, [], store)
    assert match.is_over()
    assert "could not be started" in played.err and "Game over" in played.out


def test_an_answer_by_index_and_an_undo(store: Store) -> None:
    """The index answers; a person's undo is told as ``undo`` with the events that stand."""
    by_index = inline(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'decide':\n"
        "        print(json.dumps({'id': m['id'], 'index': len(m['legal']) - 1}), flush=True)\n"
    )
    match = table("manni", ["human", by_index, "medium"], 7)
    played = play(match, ["1", "1", "undo", "2", "2"], store)  # then the end of input
    bot = programs(match.bots)[1]
    assert bot.replaced is None and played.err.startswith("End of input")
    valid(bot.sent)
    undos = [m for m in bot.sent if m["type"] == "undo"]
    assert undos and all(m["events"] < len(match.public_log()) for m in undos)
    assert bot._proc is None  # the game left unfinished: the program was ended, no result
    assert bot.sent[-1]["type"] != "result"


def test_a_save_keeps_a_program_seat_as_the_medium_bot(store: Store) -> None:
    match = table("manni", ["human", program(), "medium"], 7)
    data = match.to_save()
    assert [s["kind"] for s in data["seats"]] == ["human", "medium", "medium"]
    assert saved_kind(program()) == "medium"
    assert [s.kind for s in match.to_record().seats] == ["human", "medium", "medium"]
    programs(match.bots)[1].finish(match.state, 1)


# --- privacy ------------------------------------------------------------------------------------


def first_lines(state: Any, seat: int) -> list[str]:
    """What a program at ``seat`` reads before its first answer here."""
    kinds = ["easy"] * len(state.scores())
    kinds[seat] = program()
    match = Match(state.game, state, seats(state.game.id, kinds))
    bot = programs(match.bots)[seat]
    try:
        match.choose_bot(seat)
    finally:
        bot.finish(match.state, seat)
    return [json.dumps(m) for m in bot.sent]


@pytest.mark.parametrize("gid", ["twenty-two", "manni", "mensch", "african-casino"])
def test_a_program_never_receives_another_seats_hidden_cards(gid: str) -> None:
    rng = random.Random(f"program privacy {gid}")
    game = get_game(gid)
    players = {"twenty-two": 4, "manni": 3, "mensch": 4, "african-casino": 4}[gid]
    changed = 0
    for _ in range(3):
        state = game.new_state(players=players, seed=rng.getrandbits(32))
        for _ in range(rng.randrange(0, 40)):
            if state.is_over():
                break
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        if state.is_over():
            continue
        mover = state.to_move()
        before = first_lines(state.clone(), mover)
        other = state.clone()
        changed += redeal(other, mover, rng)
        assert first_lines(other, mover) == before
    assert changed  # the re-deals did change hidden cards


# --- simulate -----------------------------------------------------------------------------------


def test_simulate_with_a_program_seat() -> None:
    spec = GameSpec("mensch", 4, "standard", {"deals": 4}, (program(), "medium", "easy", "easy"))
    summary = simulate(spec, 2, 1)
    assert summary.games == 2 and summary.entries[0].replaced == 0


def test_simulate_records_a_program_seat_as_the_medium_bot(tmp_path: Path) -> None:
    from cardsuite.records import parse

    spec = GameSpec("manni", 3, "basic", {}, (program(), "medium", "easy"), records=str(tmp_path))
    simulate(spec, 1, 1)
    (path,) = tmp_path.iterdir()
    assert [s.kind for s in parse(path.read_text(encoding="utf-8")).seats] == [
        "medium",
        "medium",
        "easy",
    ]


def test_simulate_counts_and_says_a_replaced_program(tmp_path: Path) -> None:
    late = inline("import sys\nfor line in sys.stdin: pass")
    result = CliRunner().invoke(
        main,
        [
            "simulate",
            "manni",
            "-n",
            "2",
            "--seats",
            f"{late},medium,medium",
            "--program-time",
            "0.05",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "1. program " in result.output  # the table's label
    assert "replaced by the medium bot in 2 of 2 games" in result.output
    assert "did not answer within 0.05 seconds" in result.output
    ok = CliRunner().invoke(
        main, ["simulate", "manni", "-n", "2", "--json", "--seats", f"{program()},medium,easy"]
    )
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.output)["entries"][0]["replaced"] == 0


def test_the_cli_refuses_what_cannot_be_played() -> None:
    runner = CliRunner()
    for args, words in (
        (["play", "manni", "--seats", f"human,{program()},medium"], "add --plain"),
        (["play", "manni", "--plain", "--seats", "human,program:,medium"], "name the program"),
        (["play", "manni", "--plain", "--seats", "human,program:'x,medium"], "cannot be read"),
        (["simulate", "money", "--seats", f"{program()},medium"], "cannot play it"),
        (["simulate", "manni", "--seats", "nobody,medium,medium"], "program:CMD"),
    ):
        result = runner.invoke(main, args)
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output, (args, result.output)


def test_a_command_keeps_its_case_and_the_others_are_lowered() -> None:
    from cardsuite.cli import _seat_kinds

    assert _seat_kinds("Human,program: python X.py ,MEDIUM", "x") == [
        "human",
        "program:python X.py",
        "medium",
    ]
    assert isinstance(ProgramBot("manni", "program:x", ["a", "b", "c"]), ProgramBot)


def test_play_plain_with_a_program_through_pipes(tmp_path: Path) -> None:
    """The command a player types: a person and the example program, over real pipes."""
    from plainkit import cli

    seated = ["--option", "target=5", "--seats", f"human,{program('--random')}"]
    done = cli(
        ["play", "african-casino", "--plain", "--pace", "instant", "--seed", "4", *seated],
        ["1"] * 300,
        tmp_path / "home",
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # the program played every decision itself
    lines = done.stdout.splitlines()
    assert lines[0].startswith("African Casino") and "a program, " in lines[0]
    assert any(line.startswith("Game over") for line in lines)
