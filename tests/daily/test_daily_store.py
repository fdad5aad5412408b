"""The daily deal's lines in the store: kept beside the games (never counted as games),
crash-safe through the pending journal like every result, and the store's corrupt-file
rules hold (a damaged database is reported and left as it was)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardsuite.store import DailyRow, Store, StoreError


def make(tmp_path: Path) -> Store:
    return Store(tmp_path / "home", clock=lambda: 1_700_000_000.0)


def line(store: Store, status: str = "finished", score: int | None = 4, bot=None) -> dict:  # type: ignore[no-untyped-def]
    return store.daily_record("mensch", "2026-12-06", "South", status, score, bot, 5.0)


def test_daily_lines_are_kept_and_read_back_in_order(tmp_path: Path) -> None:
    store = make(tmp_path)
    assert store.daily_rows() == []  # nothing yet, and nothing created by looking
    assert not store.home.exists()
    assert store.record_or_keep(line(store, "started", None)) is None
    assert store.record_or_keep(line(store, "finished", 4, 2)) is None
    store.record_daily("manni", "2026-12-06", "South", "bot", bot=1, at=6.0)
    rows = store.daily_rows()
    assert [(r.game, r.status, r.score, r.bot) for r in rows] == [
        ("mensch", "started", None, None),
        ("mensch", "finished", 4, 2),
        ("manni", "bot", None, 1),
    ]
    assert [r.game for r in store.daily_rows("manni")] == ["manni"]
    assert store.game_stats() == []  # a deal is not a game: no win or loss counted


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"day": "06.12.2026"}, "YYYY-MM-DD"),
        ({"status": "won"}, "status"),
        ({"score": 1.5}, "score"),
        ({"bot": True}, "bot"),
        ({"at": float("inf")}, "time"),
    ],
)
def test_a_bad_daily_line_is_refused_whole(tmp_path: Path, change: dict, problem: str) -> None:  # type: ignore[type-arg]
    store = make(tmp_path)
    with pytest.raises(ValueError, match=problem):
        store.record_daily(**{k: v for k, v in {**line(store), **change}.items() if k != "kind"})
    assert store.daily_rows() == []  # nothing half-written


def test_a_locked_out_result_waits_in_the_journal_and_still_counts(tmp_path: Path) -> None:
    store = make(tmp_path)
    store.home.mkdir(parents=True)
    store.stats_path.write_bytes(b"not a database at all, but the player's file" * 10)
    before = store.stats_path.read_bytes()
    reason = store.record_or_keep(line(store, "finished", 4, 2))
    assert reason is not None and "damaged" in reason
    assert store.stats_path.read_bytes() == before  # reported, left as it was
    with pytest.raises(StoreError, match="damaged"):
        store.daily_rows()  # the statistics cannot be read: said, never guessed
    # the journal keeps it, and the day's try is seen from there
    kept = store.pending_daily_rows()
    assert kept == [DailyRow("mensch", "2026-12-06", "South", "finished", 4, 2, 5.0)]
    # once the database is moved aside, the next start records it
    store.stats_path.unlink()
    flushed = store.flush_pending()
    assert (flushed.recorded, flushed.kept, flushed.set_aside) == (1, 0, 0)
    assert [r.score for r in store.daily_rows()] == [4]


def test_a_damaged_daily_line_is_set_aside_byte_for_byte(tmp_path: Path) -> None:
    store = make(tmp_path)
    store.home.mkdir(parents=True)
    bad = json.dumps({**line(store), "day": "yesterday"}).encode()
    good = json.dumps(line(store)).encode()
    store.pending_path.write_bytes(bad + b"\n" + good + b"\n")
    assert [r.day for r in store.daily_rows()] == ["2026-12-06"]  # the bad line unread
    flushed = store.flush_pending()
    assert (flushed.recorded, flushed.set_aside) == (1, 1)
    assert store.pending_damaged_path.read_bytes() == bad + b"\n"
