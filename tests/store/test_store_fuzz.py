"""Fuzz of the settings and of the journal of results kept for later (issue 33 #16, #17):
whatever a settings file or a journal holds, reading it raises nothing, every value the
screens are given is one the game accepts, anything left out is named in a message, the file
read is never changed by the read, and no result is lost. The cases are in
``support/store_fuzz.py``; the counts are printed (``pytest -s``)."""

from __future__ import annotations

import json
import math
import os
import sqlite3
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
from store_fuzz import good_settings, journal_cases, settings_cases

from cardsuite.games import REGISTRY, get_game
from cardsuite.paces import PACES
from cardsuite.settings_check import clean_preferences, clean_setup
from cardsuite.store import Settings, Store


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thousands of small writes and commits: what is tested is what is written, not the
    disk's speed (the database's commits would wait for the disk each time)."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    connect = sqlite3.connect

    def unsynced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = connect(*args, **kwargs)
        conn.execute("PRAGMA synchronous = OFF")
        return conn

    monkeypatch.setattr(sqlite3, "connect", unsynced)


def check_settings(settings: Settings) -> None:
    """Every value is of its kind, and each game's is one the game accepts."""
    assert isinstance(settings.theme, str) and settings.theme
    assert isinstance(settings.ascii, bool) and isinstance(settings.assist, bool)
    assert settings.pace in PACES
    assert isinstance(settings.last_setup, dict) and isinstance(settings.games, dict)
    for game_id, setup in settings.last_setup.items():
        assert isinstance(setup, dict)
        if game_id in REGISTRY:
            assert clean_setup(get_game(game_id), setup, "s") == (setup, [])
    for game_id, prefs in settings.games.items():
        assert isinstance(prefs, dict)
        if game_id in REGISTRY:
            assert clean_preferences(get_game(game_id), prefs, "g") == (prefs, [])


def test_any_settings_file_reads_as_settings_the_screens_can_use(tmp_path: Path) -> None:
    cases = settings_cases()
    defaults = asdict(Settings())
    counts = {"kept whole": 0, "values named and defaulted": 0, "file refused": 0}
    for n, case in enumerate(cases):
        store = Store(tmp_path / f"h{n % 50}")
        store.home.mkdir(exist_ok=True)
        for old in store.home.iterdir():
            old.unlink()
        store.settings_path.write_bytes(case.data)
        try:
            settings, warning = store.load_settings()
            check_settings(settings)
            assert store.settings_path.read_bytes() == case.data  # the read never writes
            if store._settings_read_only:
                assert warning is not None and settings == Settings()
                assert store.save_settings(settings) is False
                assert store.settings_path.read_bytes() == case.data
                counts["file refused"] += 1
                continue
            if warning is None:
                # nothing named: everything the file says is what the settings hold
                data = json.loads(case.data)
                got = asdict(settings)
                for key in ("theme", "ascii", "pace", "assist", "last_setup", "games"):
                    assert got[key] == data.get(key, defaults[key]), key
                counts["kept whole"] += 1
            else:
                assert len(warning) < 2000
                counts["values named and defaulted"] += 1
            assert store.save_settings(settings) is True
            if warning is not None:  # the file as it was is kept beside the new one
                assert (store.home / "settings.damaged.json").read_bytes() == case.data
            assert Store(store.home).load_settings() == (settings, None)
        except Exception as e:
            raise AssertionError(f"settings case {case.name!r}: {e!r}") from e
    print(
        f"\nsettings fuzz: {len(cases)} files, " + ", ".join(f"{v} {k}" for k, v in counts.items())
    )
    assert counts["kept whole"] >= 1 and counts["values named and defaulted"] > len(cases) // 2


def rows(store: Store) -> int:
    if not store.stats_path.exists():
        return 0
    with sqlite3.connect(store.stats_path) as conn:
        games = conn.execute("SELECT count(*) FROM games").fetchone()[0]
        metrics = conn.execute("SELECT count(*) FROM metrics").fetchone()[0]
    return int(games + metrics)


def test_any_journal_is_recorded_or_set_aside_never_lost(tmp_path: Path) -> None:
    cases = journal_cases()
    store = Store(tmp_path / "home")
    store.home.mkdir()
    recorded = aside = 0
    for name, lines in cases:
        text = b"\n".join(lines) + b"\n"
        given = [line for line in text.split(b"\n") if line.strip()]
        store.pending_path.write_bytes(text)
        store.pending_damaged_path.unlink(missing_ok=True)
        before = rows(store)
        try:
            done, kept, set_aside = store.flush_pending()
            assert kept == 0 and done + set_aside == len(given)
            assert rows(store) - before == done  # each recorded line is one row
            assert not store.pending_path.exists()
            put_aside = (
                store.pending_damaged_path.read_bytes().split(b"\n")[:-1] if set_aside else []
            )
            assert len(put_aside) == set_aside
            # set aside byte for byte, in order: a sub-sequence of the lines given
            it = iter(given)
            assert all(any(line == g for g in it) for line in put_aside)
            # what was recorded reads back
            for row in store.game_stats(humans_only=False):
                assert math.isfinite(row.mean_score) and 0 <= row.win_rate <= 1
            summary = store.metric_summary("money", "Ada", "snap_ms")
            assert summary is None or all(math.isfinite(v) for v in summary.values())
        except Exception as e:
            raise AssertionError(f"journal case {name!r}: {e!r}") from e
        recorded += done
        aside += set_aside
    print(f"\njournal fuzz: {len(cases)} journals, {recorded} lines recorded, {aside} set aside")
    assert aside > len(cases) // 2


def test_the_good_settings_of_the_fuzz_are_good() -> None:
    """The cases change one thing of a file that is wholly good (else a case could pass
    for the wrong reason)."""
    settings, problems = Settings(), []
    data = good_settings()
    for game_id, setup in data["last_setup"].items():
        if game_id in REGISTRY:
            problems += clean_setup(get_game(game_id), setup, game_id)[1]
    problems += clean_preferences(get_game("money"), data["games"]["money"], "money")[1]
    assert problems == [] and settings.pace != data["pace"]
