"""Damaged files in the data folder never stop the app (issue 33 #16-#19)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import wait_for
from textual.widgets import Input, Select
from textual.worker import WorkerFailed

from cardsuite.games import get_game
from cardsuite.store import Store, StoreError
from cardsuite.ui.app import crash_report, write_crash_log
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.setup import SetupScreen
from cardsuite.ui.table import TableScreen

INFINITE = (
    b'{"kind":"game","game":"money","variant":"x","players":1e999,"finished_at":1,"results":[]}'
)


def put(store: Store, name: str, data: bytes) -> Store:
    store.home.mkdir(parents=True, exist_ok=True)
    (store.home / name).write_bytes(data)
    return store


async def test_a_damaged_journal_line_is_set_aside_with_a_message(  # type: ignore[no-untyped-def]
    make_app, private_home: Path
) -> None:
    """``"players": 1e999`` in the journal crashed the app at every start (OverflowError in
    the start-up worker)."""
    store = put(Store(private_home), "pending-results.jsonl", INFINITE + b"\n")
    app = make_app(store=store)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_for(pilot, lambda: any("set aside" in n.message for n in app._notifications))
        assert isinstance(app.screen, PickerScreen)
        [told] = [n.message for n in app._notifications if "set aside" in n.message]
        assert "1 result kept from before is damaged" in told
        assert str(store.pending_damaged_path) in told
    assert app.return_code in (None, 0)
    assert put_back(store) == (INFINITE + b"\n", False)


def put_back(store: Store) -> tuple[bytes, bool]:
    """What was set aside, and whether the journal is still there."""
    return store.pending_damaged_path.read_bytes(), store.pending_path.exists()


#: The shapes of a remembered setup that crashed the setup screen (issue 33 #17).
BROKEN_SETUPS = {
    "seats [{}]": {"seats": [{}]},
    "seats [1,2,3]": {"seats": [1, 2, 3]},
    "seats 'xyz'": {"seats": "xyz"},
    "a seat's name 5": {"seats": [{"name": 5}]},
    "options [1,2]": {"options": [1, 2]},
    "variant ['x']": {"variant": ["x"]},
    "variant {}": {"variant": {}},
}


@pytest.mark.parametrize("broken", list(BROKEN_SETUPS), ids=list(BROKEN_SETUPS))
def test_the_setup_screen_makes_its_rows_from_checked_values(broken: str) -> None:
    """What the screen's rows are made from (``[1, 2, 3]`` as seats raised in its mount)."""
    manni = get_game("manni")
    setup = SetupScreen(manni, BROKEN_SETUPS[broken])
    assert setup.players == 3 and setup.variant == manni.default_variant
    assert setup.options == manni.variants[manni.default_variant].defaults()
    assert [setup._seat(i)["kind"] for i in range(3)] == ["human", "medium", "medium"]
    assert all(isinstance(setup._seat(i)["name"], str) for i in range(3))


async def test_a_damaged_last_setup_opens_the_setup_with_defaults(  # type: ignore[no-untyped-def]
    make_app, private_home: Path
) -> None:
    text = json.dumps({"last_setup": {"manni": BROKEN_SETUPS["seats [1,2,3]"]}}).encode()
    store = put(Store(private_home), "settings.json", text)
    app = make_app(store=store)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        [told] = [n.message for n in app._notifications if "last_setup.manni" in n.message]
        assert "using the defaults" in told
        app.open_setup("manni")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.ready)
        kinds = [app.screen.query_one(f"#kind-{i}", Select).value for i in range(3)]
        assert kinds == ["human", "medium", "medium"]
    assert app.return_code in (None, 0)
    assert store.settings_path.read_bytes() == text  # reading never rewrites the file


async def test_the_setup_survives_a_setup_of_things_since_gone(make_app) -> None:  # type: ignore[no-untyped-def]
    """Well-formed, but naming a variant, an option and a bot level this version has not
    (given to the screen directly: the screen checks what it is given, whoever gives it)."""
    app = make_app()
    stale = {
        "players": 9,
        "variant": "hornafjardarmanni-deluxe",
        "options": {"gone": 1, "kitty": "sideways"},
        "seats": [{"kind": "expert", "name": "Ada"}, {"kind": "human", "name": "Bo"}],
        "seed": 12,
    }
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        app.push_screen(SetupScreen(get_game("manni"), stale))
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.ready)
        setup = app.screen
        assert setup.query_one("#kind-0", Select).value == "human"  # the default, not expert
        assert setup.query_one("#name-1", Input).value == "Bo"  # the good seat is kept
        assert setup.query_one("#seed", Input).value == "12"
        await pilot.press("f5")  # it starts (two people: the curtain over the table)
        await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
    assert app.return_code in (None, 0)


async def test_a_settings_file_that_cannot_be_written_is_said_never_fatal(  # type: ignore[no-untyped-def]
    make_app, monkeypatch
) -> None:
    app = make_app()

    def refuse(settings: object) -> bool:
        raise StoreError("Could not write the settings to x: No space left on device.")

    monkeypatch.setattr(app.store, "save_settings", refuse)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        app.set_pace("fast")  # as the palette's command does
        await pilot.pause()
        assert any(n.title == "Settings not saved" for n in app._notifications)
    assert app.return_code in (None, 0) and app.settings.pace == "fast"


async def test_a_crash_in_a_worker_logs_the_original_traceback(  # type: ignore[no-untyped-def]
    make_app, private_home: Path
) -> None:
    """Issue 33 #19: the log held one line, ``WorkerFailed: ... IndexError(...)``."""

    def count_the_tricks() -> int:
        return [][1]  # type: ignore[no-any-return]

    app = make_app()
    with pytest.raises(WorkerFailed):
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
            app.run_worker(count_the_tricks, thread=True)
            await wait_for(pilot, lambda: app._exception is not None)
    log = write_crash_log(private_home, app._exception)
    assert isinstance(log, Path)
    text = log.read_text("utf-8")
    assert "WorkerFailed: Worker raised exception: IndexError(" in text
    assert "The error it wraps, where it was raised" in text
    assert "in count_the_tricks" in text and "return [][1]" in text
    assert text.rstrip().endswith("IndexError: list index out of range")
    # as after ``App.run``, where the app's error is never raised: its line, then the same
    original = text[text.index("The error it wraps") :]
    bare = crash_report(WorkerFailed(app._exception.error))  # type: ignore[union-attr]
    assert bare.startswith("WorkerFailed: Worker raised exception: IndexError(")
    assert bare.endswith(original) and bare.count("Traceback") == 1
