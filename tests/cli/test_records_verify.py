"""``cardsuite records FILE --verify`` (issue 39): a fair-dealt record passes; one whose seed,
a salt, the commitment, the host's seed, a move or the result was changed fails, exit 1,
naming what does not match. The records are built with ``fair.py`` directly
(``tests/support/fair_records.py``), independent of the table's protocol."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from fair_records import fair_text, lacking_text

from cardsuite.cli import main
from cardsuite.records import parse
from cardsuite.verify import verify


@pytest.fixture(scope="module")
def text() -> str:
    return fair_text()


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., object]:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "home"))

    def run(record: str, *args: str) -> object:
        path = tmp_path / "game.txt"
        path.write_text(record, encoding="utf-8")
        return CliRunner().invoke(main, ["records", str(path), "--verify", *args])

    return run


def _flip_hex(value: str) -> str:
    """The same hex text with its last digit changed."""
    return value[:-1] + ("0" if value[-1] != "0" else "1")


def _field(text: str, key: str, change: Callable[[str], str]) -> str:
    return re.sub(
        rf"^{key}: (.*)$", lambda m: f"{key}: {change(m.group(1))}", text, count=1, flags=re.M
    )


def _moves(text: str, change: Callable[[list[str]], list[str]]) -> str:
    head, _, body = text.partition("\n\n")
    return head + "\n\n" + "\n".join(change(body.splitlines())) + "\n"


def test_the_untouched_record_is_verified(run, text: str) -> None:  # type: ignore[no-untyped-def]
    result = run(text)
    assert result.exit_code == 0, result.output
    assert "hashes to the commitment (line 9) shown before the deal" in result.output
    assert "the seed the game was dealt from (line 8)" in result.output
    assert "moves replay" in result.output
    assert "is the replayed game's" in result.output
    assert "DOES NOT MATCH" not in result.output
    assert result.output.rstrip().splitlines()[-1].startswith("Verified: the deal is the one")


# (what is changed, how, the finding that names it, words it says)
TAMPERED = [
    (
        "seed",
        lambda t: _field(t, "seed", lambda v: str(int(v) + 1)),
        "deal",
        "the seed line was changed",
    ),
    ("salt", lambda t: _field(t, "salts", _flip_hex), "deal", "a salt was changed"),
    (
        "commitment",
        lambda t: _field(t, "commitment", _flip_hex),
        "commitment",
        "the commitment was changed",
    ),
    (
        "host seed",
        lambda t: _field(t, "host-seed", _flip_hex),
        "commitment",
        "the host's seed was changed",
    ),
    (
        "result",
        lambda t: _field(t, "result", lambda v: v.replace("won by", "won by nobody but")),
        "result",
        "the result line was changed",
    ),
    ("removed move", lambda t: _moves(t, lambda ms: ms[:-1]), "moves", "moves stop before the end"),
    (
        "added move",
        lambda t: _moves(t, lambda ms: [*ms, ms[-2]]),
        "moves",
        "the game was over before",
    ),
]


@pytest.mark.parametrize(
    ("what", "change", "about", "words"), TAMPERED, ids=[t[0] for t in TAMPERED]
)
def test_a_changed_record_fails_naming_what(run, text: str, what, change, about, words) -> None:  # type: ignore[no-untyped-def]
    changed = change(text)
    assert changed != text
    result = run(changed)
    assert result.exit_code == 1, result.output
    bad = [line for line in result.output.splitlines() if line.startswith("DOES NOT MATCH")]
    assert bad and any(words in line for line in bad), result.output
    assert result.output.rstrip().splitlines()[-1].startswith("Not verified")
    found = verify(parse(changed))
    assert about in {f.about for f in found.problems}
    # only what was changed fails: a salt or the commitment leaves the replay whole
    if what in ("salt", "commitment", "host seed", "result"):
        assert "moves" not in {f.about for f in found.problems}


def test_a_changed_move_fails_at_its_line(run, text: str) -> None:  # type: ignore[no-untyped-def]
    """A move changed to one that was never legal there is named by its line; the deal's
    facts still match (the move, not the deal, was changed)."""
    lines = text.splitlines()
    first = lines.index("") + 1
    seat = lines[first + 2].split(" ")[0]
    lines[first + 2] = f"{seat} trail 2Z"  # (no such card)
    result = run("\n".join(lines) + "\n")
    assert result.exit_code == 1
    assert f"the moves do not replay: line {first + 3}:" in result.output
    assert "matches: the host's seed and the 1 salt" in result.output


def test_verify_as_json_lists_every_finding(run, text: str) -> None:  # type: ignore[no-untyped-def]
    result = run(_field(text, "salts", _flip_hex), "--json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["verified"] is False and data["fair"] is True
    statuses = {f["about"]: f["status"] for f in data["findings"]}
    assert statuses == {"commitment": "ok", "deal": "bad", "moves": "ok", "result": "ok"}


def test_a_local_record_is_not_fair_dealt_but_its_replay_is_checked(run, text: str) -> None:  # type: ignore[no-untyped-def]
    local = (
        "\n".join(
            line
            for line in text.splitlines()
            if not line.startswith(("commitment:", "salts:", "host-seed:"))
        )
        + "\n"
    )
    result = run(local)
    assert result.exit_code == 0, result.output
    assert "not a fair-dealt table record" in result.output
    assert "moves replay" in result.output
    broken = run(_field(local, "result", lambda v: "Ann 99; won by Ann"))
    assert broken.exit_code == 1
    assert "not a fair-dealt table record" in broken.output


def test_a_host_seed_never_revealed_cannot_be_checked(run) -> None:  # type: ignore[no-untyped-def]
    result = run(fair_text(reveal=False))
    assert result.exit_code == 1
    assert "CANNOT CHECK: the host's seed was never revealed" in result.output


def test_verify_needs_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    result = CliRunner().invoke(main, ["records", "--verify"])
    assert result.exit_code == 2
    assert "--verify checks one record" in result.output


def test_an_unreadable_record_is_refused_with_its_line(run, text: str) -> None:  # type: ignore[no-untyped-def]
    result = run(_field(text, "salts", lambda v: "2:nothex"))
    assert result.exit_code == 1
    assert "line 10: the salts are wrong" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", ["replay", "review", "records", "verify"])
def test_a_record_that_lacks_its_deal_is_refused_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """A joined player's record of a game they left (``remote/keeper.py``): every command
    that would replay it says why it cannot, exit 1, and no traceback."""
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "home"))
    path = tmp_path / "left.txt"
    path.write_text(lacking_text(), encoding="utf-8")
    args = {
        "replay": ["replay", str(path)],
        "review": ["review", str(path), "--seat", "2"],
        "records": ["records", str(path)],
        "verify": ["records", str(path), "--verify"],
    }[command]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1, result.output
    assert (
        "cannot be replayed: it lacks the deal and the moves: Bob left the table" in result.output
    )
    assert result.exception is None or isinstance(result.exception, SystemExit)
