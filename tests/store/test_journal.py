"""The journal of results kept for later (``pending-results.jsonl``): a damaged line is set
aside beside it, byte for byte, and never stops the others or the app (issue 33 #16)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from cardsuite.store import PlayerResult, Store


def make(tmp_path: Path, **kw) -> Store:  # type: ignore[no-untyped-def]
    return Store(tmp_path / "home", clock=lambda: 1_700_000_000.0, **kw)


def good(store: Store, seed: int = 1) -> bytes:
    players = [PlayerResult(0, "Ada", "human", True, 3), PlayerResult(1, "Bo", "easy", False, 9)]
    record = store.game_record("twenty-two", "standard", 2, seed, players, 5.0)
    return json.dumps(record).encode()


def write_journal(store: Store, lines: list[bytes]) -> None:
    store.home.mkdir(parents=True, exist_ok=True)
    store.pending_path.write_bytes(b"\n".join(lines) + b"\n")


METRIC = (
    b'{"kind": "metric", "game": "money", "name": "Ada", "metric": "snap_ms", "value": 1, "at": 2}'
)

#: Each of these once crashed the app at every start (OverflowError, UnicodeEncodeError) or
#: stayed in the journal for ever.
DAMAGED = {
    "infinite players": b'{"kind":"game","game":"money","variant":"x","players":1e999,'
    b'"finished_at":1,"results":[]}',
    "infinite score": b'{"kind":"game","game":"money","variant":"x","players":2,"finished_at":1,'
    b'"results":[{"seat":0,"name":"A","kind":"human","won":true,"score":-1e999}]}',
    "huge score": b'{"kind":"game","game":"money","variant":"x","players":2,"finished_at":1,'
    b'"results":[{"seat":0,"name":"A","kind":"human","won":true,"score":' + b"9" * 30 + b"}]}",
    "lone surrogate": b'{"kind":"game","game":"money","variant":"x","players":2,"finished_at":1,'
    b'"results":[{"seat":0,"name":"\\ud800","kind":"human","won":true,"score":1}]}',
    "two results for a seat": b'{"kind":"game","game":"money","variant":"x","players":2,'
    b'"finished_at":1,"results":[{"seat":0,"name":"A","kind":"human","won":true,"score":1},'
    b'{"seat":0,"name":"B","kind":"human","won":false,"score":1}]}',
    "a seat past the players": b'{"kind":"game","game":"money","variant":"x","players":2,'
    b'"finished_at":1,"results":[{"seat":7,"name":"A","kind":"human","won":true,"score":1}]}',
    "NaN metric": METRIC.replace(b'"value": 1', b'"value": NaN'),
    "not JSON": b'{"kind": "game", ',
    "bad UTF-8": b'{"kind": "metric", "name": "\xff\xfe"}',
    "a list": b"[1, 2, 3]",
    "unknown kind": b'{"kind": "bet"}',
    "deep": b"[" * 5000 + b"]" * 5000,
}


@pytest.mark.parametrize("damage", list(DAMAGED), ids=list(DAMAGED))
def test_a_damaged_line_is_set_aside_and_the_others_recorded(tmp_path: Path, damage: str) -> None:
    store = make(tmp_path)
    first, bad, last = good(store, 1), DAMAGED[damage], good(store, 2)
    write_journal(store, [first, bad, METRIC, last])
    assert store.flush_pending() == (3, 0, 1)
    assert not store.pending_path.exists()
    assert store.pending_damaged_path.read_bytes() == bad + b"\n"  # byte for byte
    assert [r.played for r in store.game_stats("twenty-two") if r.name == "Ada"] == [2]
    assert store.metric_summary("money", "Ada", "snap_ms") is not None
    # a second damaged journal adds to what was set aside, it never replaces it
    write_journal(store, [b"{oops"])
    assert store.flush_pending() == (0, 0, 1)
    assert store.pending_damaged_path.read_bytes() == bad + b"\n{oops\n"


def test_a_locked_database_keeps_the_good_lines_and_sets_aside_the_damaged(
    tmp_path: Path,
) -> None:
    store = make(tmp_path, db_timeout=0.1)
    store.record_game("money", "jordanian", 2, 1, [PlayerResult(0, "A", "human", True, 1)])
    bad = DAMAGED["infinite players"]
    write_journal(store, [good(store, 1), bad, good(store, 2)])
    locker = sqlite3.connect(store.stats_path)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        assert store.flush_pending() == (0, 2, 1)
    finally:
        locker.rollback()
        locker.close()
    assert store.pending_path.read_bytes() == good(store, 1) + b"\n" + good(store, 2) + b"\n"
    assert store.pending_damaged_path.read_bytes() == bad + b"\n"
    assert store.flush_pending() == (2, 0, 0)


def test_a_damaged_result_offered_now_is_kept_and_set_aside_at_the_next_start(
    tmp_path: Path,
) -> None:
    store = make(tmp_path)
    record = json.loads(good(store))
    record["results"][0]["score"] = float("inf")
    record["results"][1]["name"] = "\ud800"
    assert store.record_or_keep(record) is not None  # no OverflowError in the worker
    assert store.flush_pending() == (0, 0, 1)
    assert store.game_stats() == []


def test_results_kept_beside_an_unreadable_journal_are_recorded_later(tmp_path: Path) -> None:
    """A session that cannot read the journal (grown past its bound, say) keeps its results
    in a journal of its own beside it; the next start records those too (they waited in
    ``pending-results-<time>.jsonl`` for ever, never read)."""
    store = make(tmp_path)
    store.home.mkdir(parents=True)
    store.pending_path.mkdir()  # a journal no start can read
    db = sqlite3.connect(store.stats_path)
    db.execute("BEGIN EXCLUSIVE")  # the statistics locked: the result must wait
    try:
        record = json.loads(good(store))
        locked = make(tmp_path, db_timeout=0.05)
        assert locked.record_or_keep(record) is not None
    finally:
        db.rollback()
        db.close()
    [side] = store.home.glob("pending-results-*.jsonl")
    assert store.flush_pending() == (1, -1, 0)  # recorded; the unreadable journal is said
    assert not side.exists()
    assert len(store.game_stats()) == 1
