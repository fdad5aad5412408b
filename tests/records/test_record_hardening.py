"""Hostile record headers (issue 33, items 12, 14 and 15): every header field is read by one
checked reader (ASCII digits, a bounded length, a range; JSON of bounded depth), a header
that disagrees with its position is refused, and every refusal names its line or its field.
``records``, ``replay``, ``review`` and the history refuse such a record with the line,
never with a traceback."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardsuite.cli import main
from cardsuite.games import get_game
from cardsuite.match import Match, SeatSpec
from cardsuite.records import (
    Move,
    Record,
    RecordError,
    RecordSeat,
    final_state,
    from_match,
    parse,
    result_text,
)
from cardsuite.store import Store

DEEP = "[" * 5000 + "]" * 5000


def dealt() -> str:
    """A short finished-looking Twenty-Two record begun from a seed, with a dealer line."""
    game = get_game("twenty-two")
    st = game.new_state(players=3, seed=5, dealer=1)
    moves = []
    for _ in range(6):
        seat = st.to_move()
        action = st.legal_actions()[0]
        st.apply(action)
        moves.append(Move(seat if seat is not None else -1, str(action)))
    seats = [RecordSeat(n, "easy") for n in ("A", "B", "C")]
    rec = Record(game.id, st.variant, dict(st.options), seats, seed=5, dealer=1, moves=moves)
    rec.started = 1_764_600_000.0
    return rec.to_text()


def from_position(game_id: str = "twenty-two", players: int = 3, variant: str = "") -> str:
    """The record of a game begun from a position (``Match`` given a state)."""
    game = get_game(game_id)
    st = game.new_state(players=players, variant=variant or None, seed=2)
    st.apply(st.legal_actions()[0])
    seats = [SeatSpec("easy", f"S{i}") for i in range(players)]
    match = Match(game, st, seats)
    match.apply(match.state.legal_actions()[0])
    return from_match(match).to_text()


def edit(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def line_of(text: str, start: str) -> int:
    return next(i for i, x in enumerate(text.split("\n"), 1) if x.startswith(start))


# what is changed, how, the line the refusal names, words it says
NUMBERS: list[tuple[str, Callable[[str], str], Callable[[str], int], str]] = [
    (
        "a unicode digit as the version",
        lambda t: edit(t, "cardsuite record 1", "cardsuite record ²"),
        lambda t: 1,
        "version '²' is not a version number",
    ),
    (
        "a 5,000-digit version",
        lambda t: edit(t, "cardsuite record 1", "cardsuite record " + "1" * 5000),
        lambda t: 1,
        "is not a version number",
    ),
    (
        "version 0",
        lambda t: edit(t, "cardsuite record 1", "cardsuite record 0"),
        lambda t: 1,
        "version 0",
    ),
    (
        "an Arabic-Indic digit as the version",
        lambda t: edit(t, "cardsuite record 1", "cardsuite record \u0661"),
        lambda t: 1,
        "version",
    ),
    (
        "a unicode digit as the dealer",
        lambda t: edit(t, "dealer: 2", "dealer: ²"),
        lambda t: line_of(t, "dealer:"),
        "the dealer '²' is not a number from 1 to 3",
    ),
    (
        "a 5,000-digit dealer",
        lambda t: edit(t, "dealer: 2", "dealer: " + "2" * 5000),
        lambda t: line_of(t, "dealer:"),
        "the dealer",
    ),
    (
        "a full-width digit as the players",
        lambda t: edit(t, "players: 3", "players: \uff13"),
        lambda t: 5,
        "the number of players",
    ),
    (
        "a 5,000-digit seed",
        lambda t: edit(t, "seed: 5", "seed: " + "5" * 5000),
        lambda t: line_of(t, "seed:"),
        "the seed",
    ),
    (
        "a unicode digit as a seat number",
        lambda t: edit(t, "seat 3:", "seat ³:"),
        lambda t: 8,
        "the seat '³'",
    ),
    (
        "a seat given twice",
        lambda t: edit(t, "seat 3: C", "seat 2: C"),
        lambda t: 8,
        "seat 2 is given twice (line 7",
    ),
    (
        "a seat beyond the players",
        lambda t: edit(t, "seat 3: C", "seat 4: C"),
        lambda t: 8,
        "no seat 4 in a 3-player record",
    ),
    (
        "options 5,000 deep",
        lambda t: edit(t, "options: {", 'options: {"x": ' + DEEP + ", "),
        lambda t: 4,
        "nested too deeply",
    ),
    (
        "options 900 deep (Python reads it, then whatever walks it breaks)",
        lambda t: edit(t, "options: {", 'options: {"x": ' + "[" * 900 + "]" * 900 + ", "),
        lambda t: 4,
        "nested too deeply",
    ),
    (
        "an option of 5,000 digits",
        lambda t: edit(t, "options: {", 'options: {"x": ' + "9" * 5000 + ", "),
        lambda t: 4,
        "digits",
    ),
    (
        "a move by a seat in unicode digits",
        lambda t: t + "\u0662 stand\n",
        lambda t: t.count("\n"),
        "a move is 'seat action'",
    ),
    (
        "a start time in full-width digits",
        lambda t: edit(t, "started: 2025", "started: \uff12025"),
        lambda t: line_of(t, "started:"),
        "is not a time",
    ),
]


@pytest.mark.parametrize(("case", "change", "line", "words"), NUMBERS, ids=[n[0] for n in NUMBERS])
def test_a_header_number_is_read_by_one_checked_reader(case, change, line, words) -> None:  # type: ignore[no-untyped-def]
    """Item 12: unicode digits, 5,000 digits and deep JSON were tracebacks (ValueError from
    ``int``, RecursionError from ``json``); each is a ``RecordError`` at its line."""
    text = change(dealt())
    with pytest.raises(RecordError) as e:
        parse(text)
    assert e.value.line == line(text) and words in e.value.reason, (case, str(e.value))
    assert len(str(e.value)) < 500  # a 5,000-digit value is quoted cut short


def _runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Any]:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "home"))
    runner = CliRunner()
    return lambda *args: runner.invoke(main, list(args))


@pytest.mark.parametrize(
    "change",
    [
        lambda t: edit(t, "cardsuite record 1", "cardsuite record ²"),
        lambda t: edit(t, "dealer: 2", "dealer: ²"),
        lambda t: edit(t, "options: {", 'options: {"x": ' + DEEP + ", "),
    ],
    ids=["version ²", "dealer ²", "options 5,000 deep"],
)
def test_records_replay_review_and_the_history_refuse_with_the_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    launched,
    change,  # type: ignore[no-untyped-def]
) -> None:
    """Item 12: the commands say the file and the line; the history lists the file with
    its reason (the deep one crashed ``cardsuite records`` and the history screen)."""
    cli = _runner(tmp_path, monkeypatch)
    text = change(dealt())
    bad = tmp_path / "bad.txt"
    bad.write_text(text)
    no = parse_line(text)
    for args in (["records", str(bad)], ["replay", str(bad)], ["review", str(bad), "-s", "1"]):
        r = cli(*args)
        assert r.exit_code == 1 and f"bad.txt, line {no}:" in r.output, (args, r.output)
        assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert launched == []
    store = Store(tmp_path / "home")
    store.save_record(text, "bad")
    [info] = store.list_records()
    assert info.error is not None and info.error.startswith(f"line {no}:")
    r = cli("records")
    assert r.exit_code == 0 and "bad.txt: cannot be read: line" in r.output


def parse_line(text: str) -> int:
    with pytest.raises(RecordError) as e:
        parse(text)
    return e.value.line


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []
    import cardsuite.ui.app as ui_app

    monkeypatch.setattr(ui_app, "run_app", lambda **kw: calls.append(kw))
    return calls


# --- item 14: a header that disagrees with its position -----------------------------------


def test_a_record_begun_from_a_position_reads_and_replays() -> None:
    rec = parse(from_position())
    assert rec.start is not None and rec.players == 3 and len(rec.moves) == 1
    final_state(rec)


def test_players_that_disagree_with_the_position_are_refused_at_the_players_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, launched
) -> None:  # type: ignore[no-untyped-def]
    """Item 14: ``players: 4`` over a 3-player position was accepted by ``records`` and
    crashed ``replay``."""
    text = from_position()
    four = edit(
        edit(text, "players: 3", "players: 4"),
        "seat 3: S2, easy",
        "seat 3: S2, easy\nseat 4: S3, easy",
    )
    with pytest.raises(RecordError) as e:
        parse(four)
    position = line_of(four, "position:")
    assert e.value.line == 5
    assert e.value.reason == (
        f"the record is for 4 players, but its position (line {position}) is for 3"
    )
    two = edit(edit(text, "players: 3", "players: 2"), "seat 3: S2, easy\n", "")
    with pytest.raises(RecordError, match="for 2 players, but its position") as e:
        parse(two)
    assert e.value.line == 5
    cli = _runner(tmp_path, monkeypatch)
    bad = tmp_path / "four.txt"
    bad.write_text(four)
    for args in (["records", str(bad)], ["replay", str(bad)]):
        r = cli(*args)
        assert r.exit_code == 1 and "line 5: the record is for 4 players" in r.output
    assert launched == []


def test_a_variant_or_options_that_disagree_with_the_position_are_refused() -> None:
    """Item 14: the variant and the options too, each at its own line."""
    game = get_game("money")
    variants = list(game.variants)
    text = from_position("money", 2, variants[0])
    other = edit(text, f"variant: {variants[0]}", f"variant: {variants[1]}")
    with pytest.raises(RecordError, match="the record's variant is") as e:
        parse(other)
    assert e.value.line == 3 and f"line {line_of(text, 'position:')}" in e.value.reason
    flipped = edit(text, '"jokers": false', '"jokers": true')
    with pytest.raises(RecordError, match="options are not its position's") as e:
        parse(flipped)
    assert e.value.line == 4 and "jokers True here, False there" in e.value.reason


def test_a_position_record_with_a_seed_is_refused_at_the_seed() -> None:
    text = from_position()
    both = edit(text, "position:", "seed: 4\nposition:")
    with pytest.raises(RecordError, match="begun from a position") as e:
        parse(both)
    assert e.value.line == line_of(both, "seed:")


# --- item 15: every refusal names its line or its field --------------------------------------


def finished() -> str:
    game = get_game("twenty-two")
    st = game.new_state(players=2, seed=7)
    moves = []
    while not st.is_over():
        seat = st.to_move()
        action = st.legal_actions()[0]
        st.apply(action)
        moves.append(Move(seat if seat is not None else -1, str(action)))
    seats = [RecordSeat("A", "easy"), RecordSeat("B", "easy")]
    rec = Record(game.id, st.variant, dict(st.options), seats, seed=7, moves=moves)
    rec.result = result_text(st, ["A", "B"])
    return rec.to_text()


def test_moves_that_stop_before_the_end_name_the_last_line_and_the_result() -> None:
    """Item 15: "the game ended, but its moves stop before the end" named no line when
    the record had no moves; now it names the last move's line and the result line, or the
    result line itself."""
    text = finished()
    result = line_of(text, "result:")
    lines = text.split("\n")
    cut = "\n".join(lines[:-4]) + "\n"
    with pytest.raises(RecordError) as e:
        final_state(parse(cut))
    assert e.value.line == cut.count("\n")
    assert f"result (line {result}) says the game ended" in e.value.reason
    assert "stop before the end" in e.value.reason
    head = text[: text.index("\n\n") + 2]
    with pytest.raises(RecordError) as e:
        final_state(parse(head))
    assert e.value.line == result and "no moves at all" in e.value.reason
    built = parse(cut)  # a record built in code has no lines to name
    built.lines, built.fields = [], {}
    with pytest.raises(RecordError, match="stop before the end"):
        final_state(built)


def test_a_missing_seat_line_names_the_players_line() -> None:
    text = dealt()
    with pytest.raises(RecordError) as e:
        parse(edit(text, "seat 2: B, easy\n", ""))
    assert e.value.line == 5 and "'seat 2: name, kind' is missing" in e.value.reason


def test_a_missing_field_is_named() -> None:
    for key in ("game", "variant", "options", "players", "result"):
        text = "\n".join(x for x in dealt().split("\n") if not x.startswith(f"{key}:"))
        with pytest.raises(RecordError) as e:
            parse(text)
        assert e.value.line == 0 and f"no {key!r} line" in e.value.reason
    text = "\n".join(x for x in dealt().split("\n") if not x.startswith(("seed:", "dealer:")))
    with pytest.raises(RecordError, match="neither a 'seed' nor a 'position'"):
        parse(text)


def test_names_and_results_lose_their_control_characters() -> None:
    """A shared record is shown by ``cardsuite records`` and the history: a name or a
    result holding terminal escapes (``ESC ]``, a C1 ``CSI``) is shown without them."""
    text = edit(dealt(), "seat 1: A,", "seat 1: A\x1b]0;owned\x07\x9b2J,")
    text = edit(text, "result: unfinished", "result: B 3\x1b[2J, C 1\x85; won by B")
    rec = parse(text)
    assert rec.seats[0].name == "A ]0;owned 2J"
    assert rec.result == "B 3 [2J, C 1 ; won by B"
    assert parse(rec.to_text()).to_text() == rec.to_text()
