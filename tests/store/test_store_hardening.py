"""Files a hostile (or unlucky) user leaves behind: nothing crashes, nothing is lost (issue 9)."""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path

import pytest

from cardsuite import store as store_module
from cardsuite.store import SAVE_KIND, SCHEMA_VERSION, PlayerResult, Store, StoreError

DEEP = b"[" * 100_000 + b"]" * 100_000


def make(tmp_path: Path, **kw) -> Store:  # type: ignore[no-untyped-def]
    return Store(tmp_path / "home", clock=lambda: 1_700_000_000.0, **kw)


def put(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def test_deeply_nested_json_is_reported_never_raised(tmp_path: Path) -> None:
    store = make(tmp_path)
    bad = put(store.saves_dir / "deep.json", DEEP)
    [info] = store.list_saves()
    assert info.error is not None and "nested too deeply" in info.error
    with pytest.raises(StoreError, match="nested too deeply"):
        store.load_save(bad)
    put(store.settings_path, DEEP)
    settings, warning = Store(store.home).load_settings()
    assert warning is not None and "nested too deeply" in warning
    assert settings.theme == "felt"
    assert bad.read_bytes() == DEEP and store.settings_path.read_bytes() == DEEP  # left alone


def test_a_huge_number_in_settings_is_called_what_it_is(tmp_path: Path) -> None:
    store = make(tmp_path)
    put(store.settings_path, b'{"theme": "felt", "x": ' + b"9" * 5000 + b"}")
    _, warning = store.load_settings()
    assert warning is not None and "UTF-8" not in warning and "digits" in warning


def test_a_link_out_of_the_saves_folder_is_listed_not_followed(tmp_path: Path) -> None:
    store = make(tmp_path)
    secret = put(tmp_path / "elsewhere" / "secret.json", b'{"kind": "cardsuite-save"}')
    store.saves_dir.mkdir(parents=True)
    (store.saves_dir / "link.json").symlink_to(secret)
    [info] = store.list_saves()
    assert info.error is not None and "outside the saves folder" in info.error
    with pytest.raises(StoreError, match="outside the saves folder"):
        store.load_save(store.saves_dir / "link.json")


def test_the_list_reads_only_a_saves_head_and_refuses_monsters(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    store = make(tmp_path)
    path = store.save_game({"game": "money", "title": "Money (A, B)", "state": {"x": 1}}, "a")
    text = path.read_text("utf-8")
    assert text.index('"title"') < text.index('"state"')  # the listing fields come first
    # a body that would take long to parse is never parsed by the list
    put(path, text.encode()[: text.index('"state"')] + b'"state": [' + b"1," * 100_000)
    [info] = store.list_saves()
    assert info.error is None and info.title == "Money (A, B)" and info.game == "money"
    with pytest.raises(StoreError, match="damaged"):
        store.load_save(path)  # the resume reads it all, and says so
    monkeypatch.setattr(store_module, "MAX_SAVE_BYTES", 1000)
    [info] = store.list_saves()
    assert info.error is not None and "not read" in info.error
    with pytest.raises(StoreError, match="not read"):
        store.load_save(path)


def test_older_saves_with_the_fields_at_the_end_still_list(tmp_path: Path) -> None:
    store = make(tmp_path)
    old = {
        "state": {},
        "game": "money",
        "title": "old one",
        "kind": SAVE_KIND,
        "schema": SCHEMA_VERSION,
        "saved_at": 5.0,
    }
    put(store.saves_dir / "old.json", json.dumps(old).encode())
    [info] = store.list_saves()
    assert info.error is None and info.title == "old one" and info.saved_at == 5.0


def test_killed_writes_leave_nothing_for_long(tmp_path: Path) -> None:
    store = make(tmp_path)
    stale = put(store.saves_dir / ".money-1.json.abc.tmp", b"x" * 100)
    fresh = put(store.saves_dir / ".money-2.json.def.tmp", b"x")
    settings_tmp = put(store.home / ".settings.json.ghi.tmp", b"{")
    keep = put(store.saves_dir / "real.json", b"{}")
    hour_ago = time.time() - 3600
    os.utime(stale, (hour_ago, hour_ago))
    os.utime(settings_tmp, (hour_ago, hour_ago))
    assert store.clean_temporaries() == 2
    assert not stale.exists() and not settings_tmp.exists()
    assert fresh.exists() and keep.exists()  # another window may be writing that one


def result(store: Store) -> dict:  # type: ignore[type-arg]
    players = [PlayerResult(0, "Ada", "human", True, 3), PlayerResult(1, "Bot", "hard", False, 9)]
    return store.game_record("twenty-two", "standard", 2, 12345678901234567890, players, 5.0)


def test_a_locked_database_keeps_the_result_for_later(tmp_path: Path) -> None:
    store = make(tmp_path, db_timeout=0.1)
    store.record_game("money", "jordanian", 2, 1, [PlayerResult(0, "A", "human", True, 1)])
    locker = sqlite3.connect(store.stats_path)
    locker.execute("BEGIN EXCLUSIVE")  # another cardsuite window in the middle of a write
    t = time.perf_counter()
    reason = store.record_or_keep(result(store))
    assert time.perf_counter() - t < 2  # waits only the store's timeout
    assert reason is not None and "locked" in reason
    assert store.pending_path.is_file()
    assert store.flush_pending() == (0, 1, 0)  # still locked: kept
    locker.rollback()
    locker.close()
    assert store.flush_pending() == (1, 0, 0)
    assert not store.pending_path.exists()
    names = {(r.game, r.name) for r in store.game_stats()}
    assert ("twenty-two", "Ada") in names


def test_a_damaged_database_loses_no_result(tmp_path: Path) -> None:
    store = make(tmp_path)
    put(store.stats_path, b"this is not a database" * 100)
    metric = {
        "kind": "metric",
        "game": "money",
        "name": "Ada",
        "metric": "snap_ms",
        "value": 287.0,
        "at": 3.0,
    }
    assert store.record_or_keep(result(store)) is not None
    assert store.record_or_keep(metric) is not None
    lines = store.pending_path.read_text("utf-8").splitlines()
    assert len(lines) == 2 and json.loads(lines[1])["value"] == 287.0
    store.stats_path.unlink()  # the player moves the damaged file aside
    assert store.flush_pending() == (2, 0, 0)
    assert store.metric_summary("money", "Ada", "snap_ms")["best"] == 287.0  # type: ignore[index]
