"""The game log panel (``widgets.LogView``): every line drawn once, in order, in the players'
names; a new event draws only its own line, and new names or a new card style draw them all
again."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult

import cardsuite.ui.widgets as widgets
from cardsuite.engine import Event
from cardsuite.ui.widgets import LogView


class _LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield LogView()


def _event(n: int) -> Event:
    return Event("note", 0, f"{{P0}} says {n} with [QS]", {})


def _shown(app: App[Any]) -> list[str]:
    return app.query_one(LogView).lines()


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
        assert _shown(app) == []


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


async def test_the_panel_shows_the_newest_lines_and_draws_only_those() -> None:
    """A long log scrolls to its end, and a frame draws the rows in sight, not the whole log
    (the log was one text drawn whole at every move: a long game's moves slowed with it)."""
    app = _LogApp()
    async with app.run_test(size=(60, 12)) as pilot:
        log = app.query_one(LogView)
        log.add_events([_event(n) for n in range(1, 101)], ["Ann"])
        await pilot.pause()
        await pilot.pause()
        rows = [log.render_line(y).text for y in range(log.scrollable_content_region.height)]
        assert rows[-1].startswith("Ann says 100 with")
        assert rows[0].startswith(f"Ann says {101 - len(rows)} with")
        assert log.virtual_size.height == 100


async def test_lines_wrap_to_the_panel_and_again_when_it_is_resized() -> None:
    long = Event("note", 0, "{P0} " + " ".join(["plays"] * 20) + " [QS]", {})
    app = _LogApp()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(LogView)
        log.add_events([long, _event(2)], ["Ann"])
        await pilot.pause()
        narrow = log.virtual_size.height
        assert narrow >= 4  # the long line takes three rows or more at 40 columns
        rows = [log.render_line(y).text.rstrip() for y in range(narrow)]
        assert rows[0].startswith("Ann plays") and rows[-1].startswith("Ann says 2")
        assert all(len(r) <= log.scrollable_content_region.width for r in rows)
        await pilot.resize_terminal(140, 12)
        await pilot.pause()
        await pilot.pause()
        assert log.virtual_size.height == 2  # one row each at 140 columns
        assert log.render_line(0).text.startswith("Ann plays")
