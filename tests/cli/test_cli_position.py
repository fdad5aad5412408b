"""``cardsuite play GAME --position FILE.json`` (issue 14, part 4): a hand-written position
starts the table; a bad one is refused with what is wrong in it, and nothing starts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardsuite.cli import main
from cardsuite.games import get_game


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def hand_written() -> dict[str, Any]:
    """A Twenty-Two position as a person would write it: no generator state, no log."""
    data = get_game("twenty-two").new_state(players=3, seed=3).to_json()
    del data["rng"], data["events"]
    return data


def write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return str(path)


def test_a_hand_written_position_starts_the_table(launched, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    data = hand_written()
    r = invoke("play", "twenty-two", "--position", write(tmp_path, data), "-s", "human,easy,hard")
    assert r.exit_code == 0, r.output
    start = launched[0]["start"]
    assert start.position == data and start.variant == "standard"
    assert [s.kind for s in start.seats] == ["human", "easy", "hard"]


def _twice(d: dict[str, Any]) -> None:
    d["hands"][0][0] = d["hands"][1][0]


def _missing(d: dict[str, Any]) -> None:
    d["stock"].pop()


def _nobody_can_move(d: dict[str, Any]) -> None:
    d["phase"] = "over"


BAD = [
    ("a card twice", _twice, "2D"),
    ("a card missing", _missing, "4H"),
    ("the wrong game", lambda d: d.update(game="money"), "not a Twenty-Two position"),
    ("a seat out of range", lambda d: d.update(turn=7), "turn"),
]


@pytest.mark.parametrize(("case", "change", "words"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_position_is_refused_with_what_is_wrong(
    launched, tmp_path: Path, case, change, words
) -> None:  # type: ignore[no-untyped-def]
    data = hand_written()
    change(data)
    r = invoke("play", "twenty-two", "--position", write(tmp_path, data))
    assert r.exit_code == 2, (case, r.output)
    assert "--position" in r.output and words in r.output, (case, r.output)
    assert launched == []


def test_a_position_that_is_not_json_or_not_playable_is_refused(launched, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    r = invoke("play", "twenty-two", "--position", write(tmp_path, '{"game": "twenty-two",\n  x'))
    assert r.exit_code == 2 and "not valid JSON at line 2" in r.output
    r = invoke("play", "twenty-two", "--position", str(tmp_path / "nowhere.json"))
    assert r.exit_code == 2 and "no such file" in r.output
    money = get_game("money").new_state(seed=1).to_json()
    money["hands"] = [[], money["hands"][0] + money["hands"][1]]  # the mover has no card
    money["banks"] = [[], money["banks"][0] + money["banks"][1]]  # and nothing to buy with
    r = invoke("play", "money", "--position", write(tmp_path, money))
    assert r.exit_code == 2 and "already over" in r.output, r.output
    casino = get_game("african-casino").new_state(players=2, seed=3).to_json()
    mover = casino["turn"]
    casino["stock"] += casino["hands"][mover]  # the player to move has nothing to play
    casino["hands"][mover] = []
    r = invoke("play", "african-casino", "--position", write(tmp_path, casino))
    assert r.exit_code == 2 and "the player to move has no card to play" in r.output, r.output
    r = invoke("play", "twenty-two", "--position", write(tmp_path, hand_written()), "--seed", "3")
    assert r.exit_code == 2 and "leave out" in r.output
    r = invoke("play", "twenty-two", "--position", write(tmp_path, hand_written()), "-p", "4")
    assert r.exit_code == 2 and "for 3 players" in r.output
    assert launched == []
