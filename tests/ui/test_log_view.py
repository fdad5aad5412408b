"""The game log panel (``widgets.LogView``): every line drawn once, in order, in the players'
names; a new event draws only its own line, and new names or a new card style draw them all
again."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

import cardsuite.ui.widgets as widgets
from cardsuite.engine import Event
from cardsuite.ui.widgets import LogView


class _LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield LogView()


def _event(n: int) -> Event:
    return Event("note", 0, f"{{P0}} says {n} with [QS]", {})


def _shown(app: App[Any]) -> list[str]:
    return str(app.query_one(LogView).query_one(Static).render()).split("\n")


async def test_a_new_event_draws_only_its_own_line(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    real = widgets.event_text

    def counting(event: Event, names: Any, cs: Any) -> Any:
        drawn.append(event.text)
        return real(event, names, cs)

    monkeypatch.setattr(widgets, "event_text", counting)
    app = _LogApp()
    async with app.run_test() as pilot:
        log = app.query_one(LogView)
        log.add_events([_event(1), _event(2)], ["Ann"])
        await pilot.pause()
        log.add_events([_event(3)], ["Ann"])
        await pilot.pause()
        assert drawn == [_event(n).text for n in (1, 2, 3)]  # each line once
        assert [line.split(" with ")[0] for line in _shown(app)] == [
            "Ann says 1",
            "Ann says 2",
            "Ann says 3",
        ]
        drawn.clear()
        log.add_events([], ["Bea"])  # a new name: every line again, in it
        await pilot.pause()
        assert len(drawn) == 3 and all(line.startswith("Bea says") for line in _shown(app))
        drawn.clear()
        log.cards_changed()  # the same names and card style: nothing to draw again
        await pilot.pause()
        assert drawn == []
        log.clear()
        await pilot.pause()
        assert _shown(app) == [""]


async def test_the_log_keeps_its_last_lines_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(LogView, "MAX_LINES", 5)
    app = _LogApp()
    async with app.run_test() as pilot:
        log = app.query_one(LogView)
        for n in range(1, 9):  # one at a time, then several past the limit at once
            log.add_events([_event(n)], ["Ann"])
            await pilot.pause()
        log.add_events([_event(9), _event(10), _event(11)], ["Ann"])
        await pilot.pause()
        said = [line.split(" with ")[0] for line in _shown(app)]
        assert said == [f"Ann says {n}" for n in range(7, 12)]
