"""The app opened over damaged settings and a damaged journal (issue 33 #16, #17): the
picker, each game's setup and the palette open, the damage is told, and nothing crashes or is
lost. Each run damages every game's setup at once (``support/store_fuzz.py``); one run by
default, 24 with ``CARDSUITE_FULL=1`` (salted)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from helpers import wait_for
from scale import FULL
from store_fuzz import app_cases
from textual.command import CommandPalette
from textual.widgets import Input, Select

from cardsuite.games import all_games
from cardsuite.settings_check import MAX_SEAT_NAME, SETUP_SEAT_KINDS
from cardsuite.store import Store
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.setup import SetupScreen

RUNS = 24 if FULL else 1


def prepare(home: Path, settings: bytes, journal: list[bytes]) -> tuple[str | None, int]:
    """Write the files; what the settings' warning will be, and the journal's lines."""
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_bytes(settings)
    text = b"\n".join(journal) + b"\n"
    (home / "pending-results.jsonl").write_bytes(text)
    _, warning = Store(home).load_settings()  # (a store of its own: reading writes nothing)
    return warning, len([line for line in text.split(b"\n") if line.strip()])


def accounted(store: Store) -> int:
    """The journal's lines now in the statistics or set aside (none may be anywhere else)."""
    recorded = 0
    if store.stats_path.exists():
        with sqlite3.connect(store.stats_path) as conn:
            recorded = sum(
                conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                for table in ("games", "metrics")
            )
    aside = store.pending_damaged_path
    kept = store.pending_path
    lines = (aside.read_bytes().count(b"\n") if aside.exists() else 0) + (
        kept.read_bytes().count(b"\n") if kept.exists() else 0
    )
    return recorded + lines


@pytest.mark.parametrize("case", range(RUNS))
async def test_the_app_opens_over_damaged_settings_and_journal(  # type: ignore[no-untyped-def]
    make_app, private_home: Path, case: int
) -> None:
    name, settings, journal = app_cases(RUNS)[case]
    warning, lines = prepare(private_home, settings, journal)
    app = make_app(store=Store(private_home))
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
            if warning is not None:
                assert any(n.message == warning for n in app._notifications)
            for game in all_games():
                app.open_setup(game.id)
                await wait_for(
                    pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.ready
                )
                setup = app.screen
                assert setup.query_one("#players", Select).value in game.players
                assert setup.query_one("#variant", Select).value in game.variants
                for i in range(setup.players):
                    assert setup.query_one(f"#kind-{i}", Select).value in SETUP_SEAT_KINDS
                    assert len(setup.query_one(f"#name-{i}", Input).value) <= MAX_SEAT_NAME
                if game.preferences:  # its preferences in the palette, over its setup
                    await pilot.press("ctrl+p")
                    await wait_for(pilot, lambda: CommandPalette.is_open(app))
                    await pilot.press("t", "escape")
                    await wait_for(pilot, lambda: not CommandPalette.is_open(app))
                await pilot.press("escape")
                await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
            await app.workers.wait_for_complete()
        assert app.return_code in (None, 0)
        assert accounted(app.store) == lines  # every journal line recorded or set aside
    except Exception as e:
        raise AssertionError(f"{name}: {e!r}") from e
