"""The store never loses the player's files: settings, saves and statistics round-trip, and
damaged, foreign or newer files are reported clearly and left byte-for-byte untouched."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardsuite.store import (
    SAVE_KIND,
    SCHEMA_VERSION,
    PlayerResult,
    Settings,
    Store,
    StoreError,
    default_home,
)


class FakeClock:
    """A clock the test moves by hand, so saved_at / finished_at are exact."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def make_store(tmp_path: Path, clock: FakeClock | None = None) -> Store:
    return Store(tmp_path / "home", clock=clock or FakeClock())


def write_bytes(path: Path, data: bytes) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return data


def all_files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


# ---- home and defaults ------------------------------------------------------------------------


def test_cardsuite_home_is_honoured(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "elsewhere"))
    assert default_home() == tmp_path / "elsewhere"
    store = Store()
    assert store.home == tmp_path / "elsewhere"
    assert store.settings_path == tmp_path / "elsewhere" / "settings.json"
    assert store.stats_path == tmp_path / "elsewhere" / "stats.sqlite3"
    assert store.saves_dir == tmp_path / "elsewhere" / "saves"


def test_default_home_without_env_is_the_user_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARDSUITE_HOME", raising=False)
    import platformdirs

    assert default_home() == platformdirs.user_data_path("cardsuite", appauthor=False)


def test_defaults_when_nothing_exists_and_nothing_is_created(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    settings, warning = store.load_settings()
    assert warning is None
    assert settings == Settings()
    assert settings.schema_version == SCHEMA_VERSION
    assert (settings.theme, settings.ascii, settings.pace, settings.assist) == (
        "felt",
        False,
        "normal",
        True,
    )
    assert store.list_saves() == []
    assert store.game_stats() == []
    assert store.metric_summary("snap", "You", "reaction_ms") is None
    assert not store.home.exists(), "reading must never create folders or files"


# ---- settings ---------------------------------------------------------------------------------


def test_settings_round_trip(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    settings = Settings(
        theme="midnight",
        ascii=True,
        pace="fast",
        assist=False,
        last_setup={"twenty_two": {"players": 3, "seats": ["human", "hard", "easy"]}},
        games={"money": {"throw_ms": 750, "keys.0.turn": "z"}},
    )
    assert store.save_settings(settings) is True
    loaded, warning = Store(store.home).load_settings()
    assert warning is None
    assert loaded == settings
    assert json.loads(store.settings_path.read_text("utf-8"))["schema_version"] == SCHEMA_VERSION


def test_unknown_keys_ignored_and_wrong_types_defaulted(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    raw = {
        "schema_version": SCHEMA_VERSION,
        "theme": 7,  # wrong type
        "ascii": "yes",  # a string is not a bool
        "pace": "ludicrous",  # not one of PACES
        "assist": False,  # fine
        "last_setup": {"money": {"players": 4}, "manni": "broken"},  # one bad entry
        "games": {"money": {"throw_ms": 250, "bad": [1]}, "manni": "broken"},
        "future_option": {"nested": True},  # unknown
    }
    write_bytes(store.settings_path, json.dumps(raw).encode())
    settings, warning = store.load_settings()
    # each value that cannot be used is named, in one message (issue 33 #17)
    assert warning is not None
    assert "theme: 7 is not a theme's name" in warning
    assert "ascii: 'yes' is not true or false" in warning
    assert "pace: 'ludicrous' is not one of" in warning
    assert "last_setup.money.players: 4 is not one of 2" in warning
    assert "and 3 more" in warning  # last_setup.manni, games.money.bad and games.manni
    assert settings.theme == "felt"
    assert settings.ascii is False
    assert settings.pace == "normal"
    assert settings.assist is False
    assert settings.last_setup == {"money": {}}  # Money is for two
    assert settings.games == {"money": {"throw_ms": 250}}
    assert not hasattr(settings, "future_option")
    # A missing key is simply the default.
    write_bytes(store.settings_path, b'{"pace": "slow"}')
    assert store.load_settings() == (Settings(pace="slow"), None)


def test_preferences_of_older_files_move_under_their_game(tmp_path: Path) -> None:
    """Files from before per-game preferences kept Money's throw time and keys at the top."""
    store = make_store(tmp_path)
    raw = {"throw_ms": 750, "keymap": {"money.0.turn": "z", "money.1.snap": "j"}}
    write_bytes(store.settings_path, json.dumps(raw).encode())
    settings, warning = store.load_settings()
    assert warning is None
    assert settings.games == {"money": {"throw_ms": 750, "keys.0.turn": "z", "keys.1.snap": "j"}}
    assert store.save_settings(settings)
    written = json.loads(store.settings_path.read_text("utf-8"))
    assert "keymap" not in written and "throw_ms" not in written
    assert written["games"]["money"]["throw_ms"] == 750


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"[1, 2, 3]", b'"just a string"', b"\xff\xfe garbage", b""],
    ids=["not-json", "list", "string", "not-utf8", "empty"],
)
def test_corrupt_settings_warn_use_defaults_and_are_never_overwritten(
    tmp_path: Path, content: bytes
) -> None:
    store = make_store(tmp_path)
    original = write_bytes(store.settings_path, content)
    settings, warning = store.load_settings()
    assert settings == Settings()
    assert warning is not None
    assert str(store.settings_path) in warning
    assert "default" in warning and "left alone" in warning
    assert store.save_settings(Settings(theme="changed")) is False
    assert store.settings_path.read_bytes() == original
    assert all_files(store.home) == ["settings.json"]


def test_newer_settings_warn_and_are_never_overwritten(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    newer = {"schema_version": SCHEMA_VERSION + 1, "theme": "from-the-future", "ascii": True}
    original = write_bytes(store.settings_path, json.dumps(newer).encode())
    settings, warning = store.load_settings()
    assert settings == Settings()
    assert warning is not None and "newer version" in warning
    assert str(store.settings_path) in warning
    assert store.save_settings(Settings()) is False
    assert store.settings_path.read_bytes() == original


def test_read_only_lasts_for_the_store_lifetime_even_after_the_file_is_fixed(
    tmp_path: Path,
) -> None:
    store = make_store(tmp_path)
    write_bytes(store.settings_path, b"{oops")
    assert store.load_settings()[1] is not None
    fixed = write_bytes(store.settings_path, b'{"theme": "felt"}')
    assert store.save_settings(Settings(theme="other")) is False
    assert store.settings_path.read_bytes() == fixed
    # A new session (a new store) may write again.
    assert Store(store.home).save_settings(Settings(theme="other")) is True


def test_save_settings_without_loading_still_protects_a_damaged_file(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    original = write_bytes(store.settings_path, b"\x00\x01 not settings")
    assert store.save_settings(Settings()) is False
    assert store.settings_path.read_bytes() == original


def test_atomic_writes_leave_no_temp_files(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    for pace in ("fast", "slow", "instant"):
        assert store.save_settings(Settings(pace=pace))
    store.save_game({"game": "money", "state": {}}, name="slot")
    store.save_game({"game": "money", "state": {"x": 1}}, name="slot")
    assert all_files(store.home) == ["saves/slot.json", "settings.json"]
    assert store.load_settings()[0].pace == "instant"


def test_a_failed_write_leaves_the_old_file_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = make_store(tmp_path)
    store.save_settings(Settings(theme="old"))
    before = store.settings_path.read_bytes()

    def broken_replace(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(StoreError, match="No space left"):
        store.save_settings(Settings(theme="new"))
    assert store.settings_path.read_bytes() == before
    assert all_files(store.home) == ["settings.json"]


# ---- saved games ------------------------------------------------------------------------------


def test_save_list_load_round_trip(tmp_path: Path) -> None:
    clock = FakeClock(1_700_000_000.0)
    store = make_store(tmp_path, clock)
    data = {
        "game": "twenty_two",
        "title": "Twenty-Two, 3 players, round 2",
        "state": {"hands": [[1, 2], [3]], "rng": [3, [1, 2, 3], None]},
    }
    path = store.save_game(data, name="my game/../evil")
    assert path.parent == store.saves_dir
    assert path.name == "my_game_evil.json"
    assert "kind" not in data, "the caller's dict is not modified"

    loaded = store.load_save(path)
    assert loaded["kind"] == SAVE_KIND
    assert loaded["schema"] == SCHEMA_VERSION
    assert loaded["saved_at"] == 1_700_000_000.0
    assert loaded["game"] == "twenty_two"
    assert loaded["state"] == data["state"]
    assert store.load_save(str(path)) == loaded

    [info] = store.list_saves()
    assert info.path == path
    assert info.game == "twenty_two"
    assert info.title == "Twenty-Two, 3 players, round 2"
    assert info.saved_at == 1_700_000_000.0
    assert info.error is None


def test_default_save_names_never_overwrite(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    first = store.save_game({"game": "money"})
    second = store.save_game({"game": "money"})  # same clock second
    assert first != second
    assert first.name.startswith("money-") and second.name.startswith("money-")
    assert len(store.list_saves()) == 2


def test_list_saves_newest_first_and_includes_damaged_files_untouched(tmp_path: Path) -> None:
    clock = FakeClock(1000.0)
    store = make_store(tmp_path, clock)
    old = store.save_game({"game": "money", "title": "old"}, name="old")
    clock.now = 3000.0
    new = store.save_game({"game": "manni", "title": "new"}, name="new")
    clock.now = 2000.0
    middle = store.save_game({"game": "mensch"}, name="middle")
    damaged = store.saves_dir / "damaged.json"
    damaged_bytes = write_bytes(damaged, b'{"kind": "cardsuite-save", "sch')
    os.utime(damaged, (1500.0, 1500.0))
    (store.saves_dir / "notes.txt").write_text("not a save")

    infos = store.list_saves()
    assert [i.path for i in infos] == [new, middle, damaged, old]
    assert [i.saved_at for i in infos] == [3000.0, 2000.0, 1500.0, 1000.0]
    assert infos[1].title == "middle"  # no title: the file name
    bad = infos[2]
    assert bad.game is None and bad.title == "damaged"
    assert bad.error is not None and "damaged" in bad.error
    assert all(i.error is None for i in infos if i is not bad)
    assert damaged.read_bytes() == damaged_bytes


def test_list_saves_reports_foreign_and_newer_files(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    write_bytes(store.saves_dir / "foreign.json", b'{"game": "chess", "saved_at": 5}')
    newer = {"kind": SAVE_KIND, "schema": SCHEMA_VERSION + 1, "game": "money", "saved_at": 9}
    write_bytes(store.saves_dir / "newer.json", json.dumps(newer).encode())
    infos = {i.path.stem: i for i in store.list_saves()}
    assert infos["foreign"].error is not None and "not a cardsuite save" in infos["foreign"].error
    assert infos["newer"].error is not None and "newer version" in infos["newer"].error
    assert infos["newer"].game == "money"
    assert [i.path.stem for i in store.list_saves()] == ["newer", "foreign"]


GOOD = {"kind": SAVE_KIND, "schema": SCHEMA_VERSION, "game": "money", "saved_at": 1.0}


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"{this is not json", "is damaged"),
        (b"\xff\xd8\xff binary", "is damaged"),
        (b"[1, 2, 3]", "is damaged (expected a JSON object, found a list)"),
        (json.dumps({**GOOD, "kind": "other-app"}).encode(), "is not a cardsuite save"),
        (json.dumps({k: v for k, v in GOOD.items() if k != "kind"}).encode(), "not a cardsuite"),
        (json.dumps({**GOOD, "schema": SCHEMA_VERSION + 1}).encode(), "saved by a newer version"),
        (json.dumps({**GOOD, "schema": "1"}).encode(), "save format number"),
        (json.dumps({k: v for k, v in GOOD.items() if k != "schema"}).encode(), "save format"),
        (json.dumps({k: v for k, v in GOOD.items() if k != "game"}).encode(), "which game"),
        (json.dumps({**GOOD, "game": 3}).encode(), "which game"),
    ],
    ids=[
        "not-json",
        "not-utf8",
        "json-list",
        "foreign-kind",
        "no-kind",
        "newer-schema",
        "schema-not-int",
        "no-schema",
        "no-game",
        "game-not-str",
    ],
)
def test_load_save_errors_are_clear_and_leave_the_file(
    tmp_path: Path, content: bytes, expected: str
) -> None:
    store = make_store(tmp_path)
    path = store.saves_dir / "bad.json"
    original = write_bytes(path, content)
    with pytest.raises(StoreError) as info:
        store.load_save(path)
    message = str(info.value)
    assert expected in message
    assert str(path) in message
    assert path.read_bytes() == original
    assert all_files(store.home) == ["saves/bad.json"]


def test_load_save_missing_file(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    with pytest.raises(StoreError, match="does not exist"):
        store.load_save(store.saves_dir / "nope.json")


def test_delete_save(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    keep = store.save_game({"game": "money"}, name="keep")
    gone = store.save_game({"game": "money"}, name="gone")
    store.delete_save(gone)
    assert [i.path for i in store.list_saves()] == [keep]
    store.delete_save(str(gone))  # already gone: not an error
    assert keep.exists()


def test_delete_save_refuses_files_outside_the_saves_folder(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    store.save_settings(Settings())
    with pytest.raises(StoreError, match="not a saved game"):
        store.delete_save(store.settings_path)
    with pytest.raises(StoreError, match="not a saved game"):
        store.delete_save(store.saves_dir / ".." / "settings.json")
    assert store.settings_path.exists()


@pytest.mark.parametrize(
    "data",
    [
        {"game": "money", "state": {1, 2, 3}},
        {"game": "money", "state": object()},
        {"game": "money", "score": float("nan")},
        {"game": "money", "by_seat": {0: "int keys would come back as strings"}},
        {"state": {}},  # no game id: it could never be loaded
    ],
    ids=["set", "object", "nan", "int-key", "no-game"],
)
def test_save_game_refuses_bad_data_and_writes_nothing(tmp_path: Path, data: dict) -> None:
    store = make_store(tmp_path)
    with pytest.raises(StoreError):
        store.save_game(data, name="bad")
    assert not store.home.exists() or all_files(store.home) == []


def test_save_game_refuses_self_containing_data(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    data: dict = {"game": "money"}
    data["loop"] = [data]
    with pytest.raises(StoreError, match="contains itself"):
        store.save_game(data)
    assert not store.home.exists()


# ---- statistics -------------------------------------------------------------------------------


def duel(human_won: bool, human_score: int = 0) -> list[PlayerResult]:
    return [
        PlayerResult(0, "You", "human", human_won, human_score),
        PlayerResult(1, "Bot", "hard", not human_won, 10),
    ]


def test_record_game_and_game_stats(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    pattern = [True, True, False, True, True, True]  # W W L W W W
    for i, won in enumerate(pattern):
        store.record_game("money", "classic", 2, seed=i, results=duel(won, i), finished_at=100 + i)
    [row] = store.game_stats()
    assert (row.game, row.name) == ("money", "You")
    assert (row.played, row.won) == (6, 5)
    assert row.win_rate == pytest.approx(5 / 6)
    assert (row.current_streak, row.best_streak) == (3, 3)
    assert row.mean_score == pytest.approx(sum(range(6)) / 6)


def test_streaks_follow_finished_at_not_recording_order(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    # Recorded out of order: by finished_at the sequence is W W W L, so the streak is broken.
    store.record_game("money", "classic", 2, None, duel(False), finished_at=400)
    for t in (100, 200, 300):
        store.record_game("money", "classic", 2, None, duel(True), finished_at=t)
    [row] = store.game_stats()
    assert (row.current_streak, row.best_streak) == (0, 3)
    # Equal times: insertion order decides, so the last recorded (a win) is the most recent.
    store.record_game("money", "classic", 2, None, duel(True), finished_at=400)
    [row] = store.game_stats()
    assert row.current_streak == 1


def test_game_stats_humans_only_and_per_game(tmp_path: Path) -> None:
    clock = FakeClock(50.0)
    store = make_store(tmp_path, clock)
    store.record_game("money", "classic", 2, 1, duel(True))
    store.record_game("money", "classic", 2, 2, duel(False))
    store.record_game(
        "manni",
        "standard",
        3,
        2**80,  # bigger than SQLite's integers
        [
            PlayerResult(0, "Ann", "human", False, 1),
            PlayerResult(1, "Bob", "human", True, 5),
            PlayerResult(2, "Bot", "easy", False, 0),
        ],
        extra={"reaction_ms": [312.5, 280.0]},
    )
    rows = store.game_stats()
    assert [(r.game, r.name, r.played, r.won) for r in rows] == [
        ("manni", "Ann", 1, 0),
        ("manni", "Bob", 1, 1),
        ("money", "You", 2, 1),
    ]
    assert store.game_stats("money") == [rows[2]]
    assert store.game_stats("snap") == []
    with_bots = store.game_stats(humans_only=False)
    assert [(r.game, r.name) for r in with_bots] == [
        ("manni", "Ann"),
        ("manni", "Bob"),
        ("manni", "Bot"),
        ("money", "Bot"),
        ("money", "You"),
    ]
    money_bot = with_bots[3]
    assert (money_bot.played, money_bot.won, money_bot.win_rate) == (2, 1, 0.5)
    assert money_bot.mean_score == 10.0


def test_record_game_rejects_duplicate_seats(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    twice = [PlayerResult(0, "A", "human", True, 1), PlayerResult(0, "B", "human", False, 0)]
    with pytest.raises(ValueError, match="seat"):
        store.record_game("money", "classic", 2, None, twice)
    assert store.game_stats() == []


def test_corrupt_stats_file_raises_and_is_left_untouched(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    original = write_bytes(store.stats_path, b"this is definitely not sqlite\n" * 200)
    with pytest.raises(StoreError, match="damaged") as info:
        store.game_stats()
    assert str(store.stats_path) in str(info.value)
    with pytest.raises(StoreError, match="damaged"):
        store.record_game("money", "classic", 2, None, duel(True))
    with pytest.raises(StoreError, match="damaged"):
        store.record_metric("snap", "You", "reaction_ms", 250.0)
    with pytest.raises(StoreError, match="damaged"):
        store.metric_summary("snap", "You", "reaction_ms")
    assert store.stats_path.read_bytes() == original
    assert all_files(store.home) == ["stats.sqlite3"]


def test_foreign_sqlite_database_is_refused(tmp_path: Path) -> None:
    import sqlite3

    store = make_store(tmp_path)
    store.home.mkdir()
    conn = sqlite3.connect(store.stats_path)
    conn.execute("CREATE TABLE games (title TEXT)")
    conn.commit()
    conn.close()
    original = store.stats_path.read_bytes()
    with pytest.raises(StoreError, match="not cardsuite statistics"):
        store.record_game("money", "classic", 2, None, duel(True))
    assert store.stats_path.read_bytes() == original


def test_record_metric_and_metric_summary(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    assert store.metric_summary("snap", "You", "reaction_ms") is None
    for value in (300.0, 250.0, 410.0, 280.0):
        store.record_metric("snap", "You", "reaction_ms", value)
    store.record_metric("snap", "Ann", "reaction_ms", 100.0)  # someone else
    store.record_metric("snap", "You", "other", 1.0)  # another metric
    summary = store.metric_summary("snap", "You", "reaction_ms")
    assert summary == {"count": 4, "best": 250.0, "median": 290.0, "mean": 310.0}
    assert store.metric_summary("snap", "Nobody", "reaction_ms") is None
    with pytest.raises(ValueError):
        store.record_metric("snap", "You", "reaction_ms", float("nan"))


# ---- hygiene ----------------------------------------------------------------------------------


def test_store_imports_no_terminal_library() -> None:
    code = (
        "import sys, cardsuite.store\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
        " or m.startswith('cardsuite.ui'))\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
