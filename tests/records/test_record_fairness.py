"""A record's fair-dealing facts (issue 39): ``commitment``, ``salts`` and ``host-seed`` header
lines written by ``to_text`` and read back by ``parse`` (``fair.py``'s checkers, a bad one
refused with its line); a record that ``lacks`` its deal (a player who left a hosted table)
is read, listed and refused replay in words; old records read as before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fair_records import HOST_SEED, SALTS, fair_match, fair_text, lacking_text

from cardsuite.fair import Fairness, commitment
from cardsuite.match import SeatSpec
from cardsuite.records import (
    Record,
    RecordError,
    RecordSeat,
    as_seen_by,
    final_state,
    from_match,
    joined_record_name,
    parse,
    record_name,
    replay,
)
from cardsuite.store import Store


def _set(text: str, key: str, value: str | None) -> str:
    """The record with header line ``key`` set to ``value`` (None: removed)."""
    if value is None:
        return re.sub(rf"^{key}:.*\n", "", text, count=1, flags=re.M)
    return re.sub(rf"^{key}:.*$", f"{key}: {value}", text, count=1, flags=re.M)


def test_the_fair_facts_round_trip() -> None:
    match, _ = fair_match(salted=(1,))
    rec = from_match(match)
    assert rec.fair == Fairness(commitment(HOST_SEED), {1: SALTS[1]}, HOST_SEED)
    text = rec.to_text()
    assert f"commitment: {commitment(HOST_SEED)}\n" in text
    assert f"salts: 2:{SALTS[1]}\n" in text
    assert f"host-seed: {HOST_SEED}\n" in text
    again = parse(text)
    assert again.fair == rec.fair
    assert again.to_text() == text
    assert again.fields["commitment"] < again.fields["salts"] < again.fields["host-seed"]


def test_no_salts_and_an_unrevealed_seed_round_trip() -> None:
    """A table no joiner salted (the host alone with bots) writes an empty ``salts:``; a
    game not yet over has no ``host-seed`` line (revealed only at the end)."""
    match, _ = fair_match(reveal=False, salted=())
    text = from_match(match).to_text()
    assert "\nsalts:\n" in text and "host-seed" not in text
    rec = parse(text)
    assert rec.fair is not None and rec.fair.salts == {} and rec.fair.host_seed is None
    assert rec.to_text() == text


def test_several_salts_are_read_by_seat() -> None:
    seats = [SeatSpec("random", n) for n in ("Ann", "Bob", "Cy", "Dee")]
    match, _ = fair_match(seats=seats, salted=(1, 3))
    rec = parse(from_match(match).to_text())
    assert rec.fair is not None and rec.fair.salts == {1: SALTS[1], 3: SALTS[3]}
    assert final_state(rec).is_over()


def test_an_old_record_without_the_lines_reads_as_before() -> None:
    text = fair_text()
    old = _set(_set(_set(text, "commitment", None), "salts", None), "host-seed", None)
    rec = parse(old)
    assert rec.fair is None
    assert rec.to_text() == old
    assert final_state(rec).is_over()


BAD = [
    ("commitment", "abc", 9, "the commitment 'abc' is wrong: a commitment is 64 lowercase"),
    ("commitment", "A" * 64, 9, "a commitment is 64 lowercase hexadecimal digits"),
    ("host-seed", "5eed", 11, "the host-seed '5eed' is wrong: a host seed is 64 lowercase"),
    ("host-seed", "g" * 64, 11, "a host seed is 64"),
    ("salts", f"2:{SALTS[1]} 2:{SALTS[2]}", 10, "seat 2 has two salts"),
    ("salts", f"3:{SALTS[1]}", 10, "there is no seat 3 for a salt"),
    ("salts", "2-" + SALTS[1], 10, "a salt is written 'seat:salt'"),
    ("salts", "2:" + SALTS[1][:-2], 10, "a salt is 32 lowercase hexadecimal digits"),
    ("salts", "٢:" + SALTS[1], 10, "a salt is written 'seat:salt'"),
    ("salts", None, 9, "a record with a commitment has a 'salts' line too"),
    ("commitment", None, 9, "a 'salts' line needs the 'commitment' line it goes with"),
]


@pytest.mark.parametrize(("key", "value", "line", "words"), BAD)
def test_a_bad_fair_field_is_refused_with_its_line(
    key: str, value: str | None, line: int, words: str
) -> None:
    with pytest.raises(RecordError) as e:
        parse(_set(fair_text(), key, value))
    assert e.value.line == line
    assert words in e.value.reason


def test_a_game_from_a_position_has_no_fair_facts() -> None:
    from cardsuite.games import get_game

    state = get_game("african-casino").new_state(players=2, variant="south-african", seed=3)
    rec = Record(
        "african-casino",
        "south-african",
        dict(state.options),
        [RecordSeat("A", "human"), RecordSeat("B", "easy")],
    )
    rec.start = state.to_json()
    text = rec.to_text().replace("result:", f"commitment: {commitment(HOST_SEED)}\nsalts:\nresult:")
    with pytest.raises(RecordError) as e:
        parse(text)
    assert "a game begun from a position" in e.value.reason and "'commitment'" in e.value.reason


def test_from_match_refuses_damaged_facts() -> None:
    match, _ = fair_match()
    assert match.origin is not None
    match.origin["fair"]["salts"] = "2:zz"
    with pytest.raises(ValueError, match="fair-dealing facts are wrong"):
        from_match(match)


def test_a_joiners_record_is_from_their_seat() -> None:
    """The host's record calls the host's seat ``human`` and the joiners ``remote``; a
    joiner's copy calls their own seat ``human``, the host's ``remote``, bots as they were:
    ``people`` is that joiner, so a quiz or review is theirs and nothing is private."""
    seats = [SeatSpec("human", "Host"), SeatSpec("remote", "Joy"), SeatSpec("random", "Bot")]
    rec = Record("mensch", "standard", {}, [RecordSeat(s.name, s.kind) for s in seats], seed=1)
    mine = as_seen_by(rec, 1)
    assert [s.kind for s in mine.seats] == ["remote", "human", "random"]
    assert mine.people == [1] and not mine.private
    assert [s.kind for s in rec.seats] == ["human", "remote", "random"]  # (a copy)
    with pytest.raises(ValueError):
        as_seen_by(rec, 3)


def test_a_record_that_lacks_its_deal_is_read_but_not_replayed() -> None:
    text = lacking_text()
    assert "seed:" not in text and "lacks: the deal and the moves" in text
    assert text.endswith("\n\n# What Bob saw of the table:\n# Ann trails 8H\n")
    rec = parse(text)
    assert not rec.replayable and not rec.finished and rec.moves == []
    assert rec.to_text(["What Bob saw of the table:", "Ann trails 8H"]) == text
    with pytest.raises(RecordError) as e:
        list(replay(rec))
    assert e.value.line == rec.fields["lacks"]
    assert "cannot be replayed: it lacks the deal and the moves" in e.value.reason


def test_a_record_that_lacks_its_deal_is_listed(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_record(lacking_text(), "partial")
    (info,) = store.list_records()
    assert info.error is None and info.result == "unfinished" and info.moves == 0


def test_a_joiners_record_name_is_the_same_before_and_after_the_end() -> None:
    name = joined_record_name("mensch", 1_800_000_000.0, 1)
    assert name == "mensch-20270115-080000-joined-seat2"
    assert name != record_name("mensch", 1_800_000_000.0, 5)
