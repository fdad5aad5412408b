"""Ratings in the store and on the command line (issue 39 #4): a rated result is kept with
its teams and ranks, through the pending journal when the statistics cannot take it (a
damaged database is left as it is), and ratings survive a restart; ``cardsuite ratings``
and ``bench --ratings``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardsuite.cli import main
from cardsuite.ratings import from_store, shipped_anchors
from cardsuite.store import PlayerResult, Store, StoreError

WIN = {"teams": [[0], [1]], "ranks": [1, 2]}


def results(won: bool) -> list[PlayerResult]:
    return [PlayerResult(0, "Ada", "human", won, 5), PlayerResult(1, "Bo", "remote", not won, 3)]


def keep(store: Store, at: float, rating: dict | None = WIN) -> str | None:  # type: ignore[type-arg]
    record = store.game_record("money", "jordanian", 2, 7, results(True), at, rating)
    return store.record_or_keep(record)


def test_a_rated_result_is_kept_and_survives_a_restart(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert keep(store, 1.0) is None
    assert keep(store, 2.0, None) is None  # not rated: in the statistics, not the ratings
    found, problem = from_store(Store(tmp_path))  # a new store: as after a restart
    assert problem is None
    rows = {r.name: r for r in found["money"]}
    assert rows["Ada"].mu > 25 > rows["Bo"].mu  # the remote player is rated by name
    assert rows["Ada"].games == 1
    assert [g.finished_at for g in store.rated_games("money")] == [1.0]
    assert store.rated_games("manni") == []


def test_a_damaged_database_keeps_the_result_in_the_journal(tmp_path: Path) -> None:
    store = Store(tmp_path)
    tmp_path.mkdir(exist_ok=True)
    junk = b"this is not a database" * 100
    store.stats_path.write_bytes(junk)
    reason = keep(store, 1.0)
    assert reason is not None and "damaged" in reason
    assert store.stats_path.read_bytes() == junk  # left as it is
    line = json.loads(store.pending_path.read_text().splitlines()[0])
    assert line["rating"] == WIN
    with pytest.raises(StoreError, match="damaged"):
        from_store(store)  # reported, as the statistics are
    store.stats_path.unlink()  # moved aside by the player: the journal's result counts
    rows = {r.name: r for r in from_store(store)[0]["money"]}
    assert rows["Ada"].mu > 25
    assert store.flush_pending().recorded == 1
    assert [g.finished_at for g in store.rated_games()] == [1.0]  # once, not twice


def test_a_bad_rating_in_the_journal_is_set_aside(tmp_path: Path) -> None:
    store = Store(tmp_path)
    record = store.game_record("money", "jordanian", 2, 7, results(True), 1.0, WIN)
    record["rating"] = {"teams": [[0], [0]], "ranks": [1, 2]}
    tmp_path.mkdir(exist_ok=True)
    store.pending_path.write_text(json.dumps(record) + "\n")
    assert store.flush_pending().set_aside == 1
    assert store.rated_games() == []


def test_a_damaged_anchors_file_is_reported_and_left(tmp_path: Path) -> None:
    store = Store(tmp_path)
    tmp_path.mkdir(exist_ok=True)
    store.bot_ratings_path.write_text("{nope")
    anchors, problem = store.bot_anchors()
    assert problem is not None and "damaged" in problem
    assert anchors == shipped_anchors()  # the shipped ones still stand
    with pytest.raises(StoreError, match="left untouched"):
        store.keep_bot_anchors({"money": {"easy": {"mu": 1.0, "sigma": 1.0, "games": 1}}})
    assert store.bot_ratings_path.read_text() == "{nope"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    return tmp_path


def test_the_ratings_command(home: Path) -> None:
    runner = CliRunner()
    keep(Store(home), 1.0)
    out = runner.invoke(main, ["ratings", "money"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0] == "Money" and lines[1].split() == [
        "player",
        "rating",
        "mu",
        "±",
        "sigma",
        "games",
    ]
    assert any(line.startswith("Ada ") for line in lines)
    data = json.loads(runner.invoke(main, ["ratings", "money", "--json"]).output)
    ada = next(r for r in data["money"] if r["name"] == "Ada")
    assert ada["games"] == 1 and ada["rating"] == pytest.approx(
        ada["mu"] - 3 * ada["sigma"], abs=0.01
    )
    bad = runner.invoke(main, ["ratings", "poker"])
    assert bad.exit_code == 2 and "games: money, twenty-two" in bad.output


def test_bench_ratings_writes_anchors(home: Path) -> None:
    runner = CliRunner()
    args = ["bench", "--ratings", "money", "--games", "2", "--levels", "random,easy"]
    out = runner.invoke(main, args)
    assert out.exit_code == 0, out.output
    written = json.loads((home / "bot-ratings.json").read_text())
    assert set(written["money"]) == {"random", "easy"}
    rows = json.loads(runner.invoke(main, ["ratings", "money", "--json"]).output)["money"]
    assert {r["name"] for r in rows if r["anchor"]} >= {"random", "easy"}
    bad = runner.invoke(main, ["bench", "--ratings", "--levels", "easy,genius"])
    assert bad.exit_code == 2 and "random, easy, medium, hard" in bad.output
    both = runner.invoke(main, ["bench", "--ratings", "--strength"])
    assert both.exit_code == 2 and "leave out --strength" in both.output
