"""Game records (``cardsuite/records.py``, issue 14): written, read back, replayed exactly,
kept by the store, listed and checked by the CLI; bad records refused with the line at fault
and left untouched."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardsuite.bots import make_bot
from cardsuite.cli import main
from cardsuite.games import all_games, get_game
from cardsuite.games.money.selfplay import play as money_selfplay
from cardsuite.match import Match, SeatSpec
from cardsuite.records import (
    Move,
    Record,
    RecordError,
    RecordSeat,
    final_state,
    from_match,
    parse,
    replay,
    result_text,
)
from cardsuite.store import Store

CASES = [(g.id, v) for g in all_games() for v in g.variants]
#: enough moves to cross deals in every game, few enough to keep the default run short
MAX_MOVES = 400


def _events(state):  # type: ignore[no-untyped-def]
    return [(e.kind, e.seat, e.data) for e in state.events]


def random_record(game_id: str, variant: str, seed: int) -> tuple[Record, object]:
    game = get_game(game_id)
    n = game.players[-1] if len(game.players) < 4 else 4
    st = game.new_state(players=n, variant=variant, seed=seed)
    rng = random.Random(seed)
    moves = []
    while not st.is_over() and len(moves) < MAX_MOVES:
        seat = st.to_move()
        action = rng.choice(st.legal_actions())
        st.apply(action)
        moves.append(Move(seat if seat is not None else -1, str(action)))
    names = [f"P{i + 1}" for i in range(n)]
    rec = Record(
        game.id,
        st.variant,
        dict(st.options),
        [RecordSeat(x, "random") for x in names],
        seed=seed,
        started=1_764_600_000.0,
        result=result_text(st, names),
        moves=moves,
    )
    return rec, st


@pytest.mark.parametrize(("game_id", "variant"), CASES)
def test_a_record_replays_event_for_event(game_id: str, variant: str) -> None:
    """Issue 14: a random game written as text and replayed gives the same events and the
    same final state, for every game and variant."""
    rec, played = random_record(game_id, variant, seed=3)
    text = rec.to_text()
    back = parse(text)
    assert back.to_text() == text
    st = final_state(back)
    assert _events(st) == _events(played)  # type: ignore[arg-type]
    assert st.to_json() == played.to_json()  # type: ignore[attr-defined]


def test_a_stacked_deal_and_dealer_are_in_the_header() -> None:
    game = get_game("twenty-two")
    deck = [c.code for c in game.full_pack(3, game.variants["standard"].defaults())]
    rec = Record(
        "twenty-two", "standard", {}, [RecordSeat("A", "human")] * 3, seed=5, deck=deck, dealer=1
    )
    st = rec.initial_state()
    back = parse(rec.to_text())
    assert (back.deck, back.dealer) == (deck, 1)
    assert back.initial_state().to_json() == st.to_json()


def test_money_records_carry_each_claims_reaction_time() -> None:
    """Issue 14: Money's lines carry the reaction time of each claim."""
    game = get_game("money")
    st = game.new_state(players=2, seed=4)
    bots = {s: make_bot("money", "medium", seed=s) for s in (0, 1)}
    moves: list[Move] = []
    money_selfplay(st, bots, record=moves)  # type: ignore[arg-type]
    claims = [m for m in moves if m.text == "claim"]
    assert claims and all(m.note and m.note.endswith(" ms") for m in claims)
    rec = Record("money", st.variant, dict(st.options), [RecordSeat("L", "medium")] * 2, seed=4)
    rec.moves = moves
    rec.result = result_text(st, ["L", "R"])
    text = rec.to_text()
    assert f"claim # {claims[0].note}" in text
    assert final_state(parse(text)).to_json() == st.to_json()


def test_a_saved_games_record_replays_to_the_saved_position() -> None:
    match = Match.new("mensch", [SeatSpec("medium", f"B{i}") for i in range(4)], seed=8)
    match.started = 1_764_600_000.0
    for _ in range(25):
        seat = match.to_move()
        assert seat is not None
        match.apply(match.choose_bot(seat))
    resumed = Match.from_save(json.loads(json.dumps(match.to_save())))
    rec = parse(from_match(resumed).to_text())
    assert rec.result == "unfinished" and len(rec.moves) == 25
    assert final_state(rec).to_json() == match.state.to_json()


def test_a_game_begun_from_a_position_records_the_position() -> None:
    game = get_game("twenty-two")
    st = game.new_state(players=3, seed=2)
    st.apply(st.legal_actions()[0])
    match = Match(game, st, [SeatSpec("human", "A"), SeatSpec("easy", "B"), SeatSpec("easy", "C")])
    match.apply(match.state.legal_actions()[0])
    rec = parse(from_match(match).to_text())
    assert rec.start is not None and rec.seed is None
    assert final_state(rec).to_json() == match.state.to_json()


def test_an_old_save_without_its_origin_is_taken_as_dealt_from_its_seed() -> None:
    match = Match.new("twenty-two", [SeatSpec("easy", "A"), SeatSpec("easy", "B")], seed=9)
    match.apply(match.choose_bot(match.to_move() or 0))
    data = match.to_save()
    del data["origin"]
    del data["started"]
    rec = from_match(Match.from_save(data))
    assert rec.seed == 9 and final_state(rec).to_json() == match.state.to_json()
    data["seed"] = None
    with pytest.raises(ValueError, match="does not say how it began"):
        from_match(Match.from_save(data))


# --- bad records ----------------------------------------------------------------------------


def good_text() -> str:
    rec, _ = random_record("twenty-two", "standard", seed=1)
    return rec.to_text()


def _edit(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


def _move_line(text: str, k: int) -> int:
    """The 1-based line number of the record's ``k``-th move."""
    lines = text.split("\n")
    blank = lines.index("")
    return blank + 2 + k


BAD = [
    ("not a record", lambda t: "hello\n" + t, 1, "not a cardsuite record"),
    ("newer", lambda t: _edit(t, "cardsuite record 1", "cardsuite record 9"), 1, "newer"),
    ("unknown game", lambda t: _edit(t, "game: twenty-two", "game: bridge"), 2, "bridge"),
    ("bad variant", lambda t: _edit(t, "variant: standard", "variant: nope"), 3, "no variant"),
    ("bad options", lambda t: _edit(t, "options: {", "options: ["), 4, "not valid JSON"),
    ("an unknown option", lambda t: _edit(t, "options: {", 'options: {"x": 1, '), 4, "'x'"),
    ("bad players", lambda t: _edit(t, "players: 4", "players: 40"), 5, "players"),
    ("no result", lambda t: t.replace("result: ", "outcome: ", 1), 0, "'result'"),
    ("a seat kind", lambda t: _edit(t, "P1, random", "P1, wizard"), 6, "kind"),
    ("a seat line missing", lambda t: _edit(t, "seat 2: P2, random\n", ""), 5, "'seat 2"),
    ("a header twice", lambda t: _edit(t, "seed: 1\n", "seed: 1\nseed: 2\n"), 11, "twice"),
    ("a bad seed", lambda t: _edit(t, "seed: 1\n", "seed: one\n"), 10, "whole number"),
    ("a bad deck", lambda t: _edit(t, "seed: 1\n", "seed: 1\ndeck: 2H 2H\n"), 11, "first deal"),
]


@pytest.mark.parametrize(("case", "change", "line", "words"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_header_is_refused_with_its_line(case, change, line, words) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RecordError) as e:
        parse(change(good_text()))
    assert e.value.line == line and words in e.value.reason, (case, str(e.value))


def test_a_move_that_no_longer_replays_names_its_line_and_the_reason() -> None:
    text = good_text()
    lines = text.split("\n")
    k = 7
    no = _move_line(text, k)
    seat, _, _ = lines[no - 1].partition(" ")
    lines[no - 1] = f"{seat} play 9Z"
    with pytest.raises(RecordError) as e:
        list(replay(parse("\n".join(lines))))
    assert e.value.line == no and "9Z" in e.value.reason
    lines[no - 1] = f"{seat} play KS KS KS"  # well formed, but not what that seat holds
    with pytest.raises(RecordError) as e:
        final_state(parse("\n".join(lines)))
    assert e.value.line == no and "refused" in e.value.reason


def test_a_truncated_record_of_a_finished_game_is_reported() -> None:
    rec, played = random_record("african-casino", "south-african", seed=2)
    assert played.is_over()  # type: ignore[attr-defined]
    text = rec.to_text()
    cut = "\n".join(text.split("\n")[:-5]) + "\n"
    with pytest.raises(RecordError, match="stop before the end"):
        final_state(parse(cut))
    extra = text + "1 trail 2S\n"
    with pytest.raises(RecordError, match="over before"):
        final_state(parse(extra))


def test_a_move_line_that_is_not_seat_and_action_is_refused() -> None:
    text = good_text() + "seven play 7H\n"
    with pytest.raises(RecordError) as e:
        parse(text)
    assert e.value.line == text.count("\n") and "seat action" in e.value.reason
    with pytest.raises(RecordError, match="no seat 9"):
        parse(good_text() + "9 play 7H\n")


def test_the_store_reports_bad_files_and_never_touches_them(tmp_path: Path) -> None:
    store = Store(tmp_path)
    good = store.save_record(good_text(), "good")
    folder = store.records_dir
    files = {
        "foreign.txt": b"just some notes\n",
        "binary.txt": b"cardsuite record 1\n\x00\x01",
        "latin1.txt": good_text().encode() + "1 play caf\xe9\n".encode("latin-1"),
        "empty.txt": b"",
    }
    for name, data in files.items():
        (folder / name).write_bytes(data)
    infos = {i.path.name: i for i in store.list_records()}
    assert infos["good.txt"].error is None and infos["good.txt"].game == "twenty-two"
    assert infos["good.txt"].moves == len(parse(good.read_text()).moves)
    assert "not a cardsuite record" in (infos["foreign.txt"].error or "")
    assert "binary" in (infos["binary.txt"].error or "")
    assert "UTF-8" in (infos["latin1.txt"].error or "")
    assert "line 1" in (infos["empty.txt"].error or "")
    for name, data in files.items():
        assert (folder / name).read_bytes() == data


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "home"))
    runner = CliRunner()

    def invoke(*args: str):  # type: ignore[no-untyped-def]
        return runner.invoke(main, list(args), catch_exceptions=False)

    return invoke


def test_cli_simulate_writes_records_that_records_lists_and_checks(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "recs"
    r = cli("simulate", "african-casino", "-n", "2", "-s", "easy", "--records", str(out))
    assert r.exit_code == 0, r.output
    files = sorted(out.glob("*.txt"))
    assert [f.name for f in files] == ["african-casino-00001.txt", "african-casino-00002.txt"]
    r = cli("records", str(files[0]))
    assert r.exit_code == 0 and "moves replayed" in r.output and "won by" in r.output
    data = json.loads(cli("records", str(files[1]), "--json").output)
    assert data["replays"] and data["over"] and data["game"] == "african-casino"
    home = Store(tmp_path / "home")
    home.save_record(files[0].read_text(), "mine")
    listed = json.loads(cli("records", "--json").output)
    assert [x["game"] for x in listed] == ["african-casino"] and listed[0]["error"] is None
    assert "African Casino" in cli("records").output


def test_cli_records_says_which_line_is_wrong(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.txt"
    text = good_text()
    no = _move_line(text, 3)
    lines = text.split("\n")
    lines[no - 1] = "1 play 9Z"
    bad.write_text("\n".join(lines))
    before = bad.read_bytes()
    r = cli("records", str(bad))
    assert r.exit_code == 1 and f"line {no}" in r.output and "9Z" in r.output
    assert bad.read_bytes() == before
    r = cli("records", str(tmp_path / "missing.txt"))
    assert r.exit_code == 1 and "no file" in r.output
    assert "No game records yet" in cli("records").output


def test_only_an_unfinished_hot_seat_record_is_private() -> None:
    """Issue 32: the hidden cards of a game that two or more people played at one keyboard
    stay hidden while it can be resumed; a finished one, one person's, a remote table's or a
    game without secret hands (Money) is not private."""

    def record(game: str, kinds: list[str], result: str = "unfinished") -> Record:
        g = get_game(game)
        seats = [RecordSeat(f"P{i + 1}", k) for i, k in enumerate(kinds)]
        return Record(g.id, g.default_variant, {}, seats, seed=1, result=result)

    hot = record("twenty-two", ["human", "human", "easy"])
    assert hot.private and hot.people == [0, 1]
    assert "P1 and P2 played this game at one keyboard" in hot.private_why()
    assert not record("twenty-two", ["human", "human", "easy"], "P1 3; won by P1").private
    assert not record("twenty-two", ["human", "easy", "easy"]).private
    assert not record("twenty-two", ["human", "remote", "easy"]).private
    assert not record("money", ["human", "human"]).private
    # read back from its text, it is still private (the header's seats and result say it)
    assert parse(record("manni", ["human", "human", "human"]).to_text()).private
