"""Every settings value is checked when the file is read (issue 33 #17): each one that cannot
be used falls back to its default and is named in one message; the file is never rewritten by
the read, and the first save keeps a copy of it beside the new one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardsuite.games import get_game
from cardsuite.settings_check import clean_preferences, clean_setup
from cardsuite.store import Settings, Store, StoreError
from cardsuite.ui.setup import SEAT_CHOICES


def load(tmp_path: Path, data: object) -> tuple[Store, Settings, str | None]:
    store = Store(tmp_path / "home")
    store.home.mkdir(parents=True, exist_ok=True)
    store.settings_path.write_text(json.dumps(data), "utf-8")
    settings, warning = store.load_settings()
    return store, settings, warning


def test_the_setup_screens_seat_kinds_are_the_ones_checked() -> None:
    from cardsuite.settings_check import SETUP_SEAT_KINDS

    assert [kind for _, kind in SEAT_CHOICES] == list(SETUP_SEAT_KINDS)


def test_a_setup_keeps_what_the_game_accepts_and_names_the_rest() -> None:
    manni = get_game("manni")
    variant = "trjamann"
    option = manni.variants[variant].options[0]
    good = {
        "players": 3,
        "variant": variant,
        "options": {option.id: option.default},
        "seats": [{"kind": "human", "name": "Ada"}],
        "seed": 7,
    }
    assert clean_setup(manni, good, "s") == (good, [])
    bad = {
        "players": True,
        "variant": "gone",
        "options": {option.id: "maybe", "gone": 1},
        "seats": [{"kind": "expert", "name": "Ada"}, {"kind": "easy", "name": "x" * 17}, "Bo"],
        "seed": 1.5,
    }
    cleaned, problems = clean_setup(manni, bad, "s")
    assert cleaned is not None
    assert cleaned["options"] == {} and "players" not in cleaned and "variant" not in cleaned
    assert "seed" not in cleaned
    # each bad seat is the default seat of its place; the list keeps its length
    assert [s["kind"] for s in cleaned["seats"]] == ["human", "medium", "medium"]
    assert len(problems) == 8
    assert any(p.startswith("s.seats[0]: 'expert' is not one of human") for p in problems)
    assert clean_setup(manni, "xyz", "s") == (None, ["s: 'xyz' is not a setup"])


def test_preferences_are_checked_against_the_game_and_keys_never_clash() -> None:
    money = get_game("money")
    prefs = {"throw_ms": 250, "keys.0.turn": "z", "keys.1.snap": "j", "later": "kept"}
    assert clean_preferences(money, prefs, "g") == (prefs, [])
    cleaned, problems = clean_preferences(
        money,
        {"throw_ms": 1e999, "keys.0.turn": ["a"], "keys.0.snap": "l", "keys.1.turn": " "},
        "g",
    )
    # keys.0.snap 'l' is the right player's turn key (its default): it goes back to 's'
    assert cleaned == {}
    assert [p.split(":")[0] for p in problems] == [
        "g.throw_ms",
        "g.keys.0.turn",
        "g.keys.1.turn",
        "g.keys.0.snap",
    ]
    assert "already another key" in problems[-1]


def test_the_message_names_the_values_and_the_file_is_kept_when_next_saved(
    tmp_path: Path,
) -> None:
    data = {
        "pace": "warp",
        "theme": "x" * 500_000,
        "last_setup": {"manni": {"seats": [{}]}, "later-game": {"a": [[[1]]]}},
        "games": {"money": {"throw_ms": -5, "keys.0.turn": "k"}},
    }
    store, settings, warning = load(tmp_path, data)
    raw = store.settings_path.read_bytes()
    assert warning is not None and len(warning) < 1000  # a 500 KB theme is not repeated
    assert "pace: 'warp' is not one of" in warning and "and 1 more" in warning
    assert "settings.damaged.json" in warning
    assert settings.pace == "normal" and settings.theme == "felt"
    assert settings.last_setup["later-game"] == {"a": [[[1]]]}  # a later version's, kept
    assert settings.games["money"] == {}  # k is the right player's snap key
    assert store.settings_path.read_bytes() == raw  # the read never writes
    settings.pace = "fast"
    assert store.save_settings(settings)
    assert (store.home / "settings.damaged.json").read_bytes() == raw
    assert Store(store.home).load_settings() == (settings, None)
    assert store.save_settings(settings)  # the copy is made once
    assert (store.home / "settings.damaged.json").read_bytes() == raw


def test_a_foreign_setup_nested_too_deep_to_write_back_is_dropped(tmp_path: Path) -> None:
    deep: object = 1
    for _ in range(40):  # (the file itself may nest 64 deep: files.MAX_JSON_DEPTH)
        deep = [deep]
    _, settings, warning = load(tmp_path, {"last_setup": {"later-game": {"x": deep}}})
    assert warning is not None and "last_setup.later-game" in warning
    assert settings.last_setup == {}


def test_a_lone_surrogate_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    """It passed ``json.dumps`` and then failed the UTF-8 write (UnicodeEncodeError, not a
    ``StoreError``: the app had no message for it)."""
    store = Store(tmp_path / "home")
    with pytest.raises(StoreError, match="lone surrogate"):
        store.save_settings(Settings(games={"later": {"\ud800": 1}}))
    with pytest.raises(StoreError, match="lone surrogate"):
        store.save_game({"game": "money", "title": "x\udfff"})
    assert not store.home.exists()  # nothing written, not even the folder


def test_what_the_app_itself_writes_reads_back_without_a_word(tmp_path: Path) -> None:
    """Any seed the setup takes, a theme file's long name: never named as damage."""
    manni = get_game("manni")
    setup = {"players": 3, "variant": "basic", "options": {}, "seed": -(10**80)}
    store = Store(tmp_path / "home")
    settings = Settings(theme="A theme " * 20, last_setup={"manni": setup})
    assert clean_setup(manni, setup, "s") == (setup, [])
    assert store.save_settings(settings)
    assert Store(store.home).load_settings() == (settings, None)
