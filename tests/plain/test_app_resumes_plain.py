"""A game saved in plain text resumes at the app's table (the same save files): the app's
picker offers it under r and its table plays on from the very position."""

from __future__ import annotations

from pathlib import Path

import pytest
from plainkit import play, seats

from cardsuite.match import Match
from cardsuite.store import Store
from cardsuite.ui.app import CardSuiteApp
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.table import TableScreen


async def test_saved_in_plain_resumes_in_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("CARDSUITE_HOME", str(home))
    store = Store(home)
    match = Match.new("manni", seats("manni", ["human", "easy", "easy"]), seed=5)
    lines = play(match, ["1", "save", "quit"], store).lines
    assert lines[-1] == "Left the game; it is saved."
    app = CardSuiteApp(store=store, pace="instant", theme="felt")
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(50):
            if isinstance(app.screen, PickerScreen):
                break
            await pilot.pause()
        await pilot.press("r")
        for _ in range(50):
            if isinstance(app.screen, TableScreen):
                break
            await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.match.record == match.record
        assert table.match.state.to_json() == match.state.to_json()
        assert table.match.save_path == store.list_saves()[0].path
