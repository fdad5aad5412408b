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
        log.set_events([], ["Bea"])  # emptied
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


async def test_setting_the_events_draws_only_the_lines_that_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A replay's step or a move taken back sets the whole log again: the lines it already
    shows are kept as drawn (stepping a replay drew and wrapped every line at every step)."""
    drawn: list[str] = []
    real = widgets.event_text

    def counting(event: Event, names: Any, cs: Any) -> Any:
        drawn.append(event.text.split(" with ")[0])
        return real(event, names, cs)

    monkeypatch.setattr(widgets, "event_text", counting)
    monkeypatch.setattr(LogView, "MAX_LINES", 6)
    app = _LogApp()
    async with app.run_test() as pilot:
        log = app.query_one(LogView)
        log.set_events([_event(n) for n in range(1, 5)], ["Ann"])
        await pilot.pause()
        assert len(drawn) == 4
        drawn.clear()
        log.set_events([_event(n) for n in range(1, 6)], ["Ann"])  # a step on: equal copies
        await pilot.pause()
        assert drawn == ["{P0} says 5"]
        drawn.clear()
        log.set_events([_event(n) for n in range(1, 3)], ["Ann"])  # two moves back
        await pilot.pause()
        assert drawn == [] and _said(app) == [1, 2]
        log.set_events([_event(1), _event(7), _event(8)], ["Ann"])  # another line of play
        await pilot.pause()
        assert drawn == ["{P0} says 7", "{P0} says 8"] and _said(app) == [1, 7, 8]
        drawn.clear()
        # past the limit: the first lines go, the rest are kept, in order
        log.set_events([_event(n) for n in (1, 7, 8, 9, 10, 11, 12)], ["Ann"])
        await pilot.pause()
        assert _said(app) == [7, 8, 9, 10, 11, 12]
        assert drawn == [f"{{P0}} says {n}" for n in (9, 10, 11, 12)]
        assert log.virtual_size.height == 6
        rows = [log.render_line(y).text for y in range(log.virtual_size.height)]
        assert [int(r.split()[2]) for r in rows] == [7, 8, 9, 10, 11, 12]
        drawn.clear()
        log.set_events([_event(n) for n in (7, 8, 9, 10, 11, 12)], ["Bea"])  # new names
        await pilot.pause()
        assert len(drawn) == 6 and all(line.startswith("Bea") for line in log.lines())


def _said(app: App[Any]) -> list[int]:
    return [int(line.split()[2]) for line in _shown(app)]


async def test_a_restyle_in_the_same_colours_wraps_nothing_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Textual restyles the panel whenever focus moves or a class changes above it: the
    rows are wrapped again only when their colours changed (a new theme)."""
    app = _LogApp()
    async with app.run_test() as pilot:
        log = app.query_one(LogView)
        log.add_events([_event(n) for n in range(1, 4)], ["Ann"])
        await pilot.pause()
        wrapped: list[bool] = []
        real = LogView._wrap

        def counting(self: LogView, again: bool = False) -> None:
            wrapped.append(again)
            real(self, again)

        monkeypatch.setattr(LogView, "_wrap", counting)
        app.screen.add_class("elsewhere")
        await pilot.pause()
        assert True not in wrapped
        before = log.render_line(0)
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        assert True in wrapped
        assert log.render_line(0).text == before.text
        assert log.render_line(0)._segments != before._segments  # the new theme's colours


async def test_a_scroll_bar_that_comes_wraps_each_line_once_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The log outgrowing the panel brings a scroll bar, a narrower panel: every line is
    wrapped again for it once (the rows drawn asked for a wrap each, and each wrap drew
    the panel again), and a log that has nothing new to wrap draws nothing again."""
    app = _LogApp()
    async with app.run_test(size=(60, 12)) as pilot:
        log = app.query_one(LogView)
        log.add_events([_event(n) for n in range(1, 4)], ["Ann"])
        await pilot.pause()
        wide = log.scrollable_content_region.width
        wrapped: list[int] = []
        real = widgets.Visual.to_strips

        def counting(widget: Any, visual: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(widget, LogView):
                wrapped.append(args[0])  # the width wrapped at
            return real(widget, visual, *args, **kwargs)

        monkeypatch.setattr(widgets.Visual, "to_strips", staticmethod(counting))
        log.add_events([_event(n) for n in range(4, 31)], ["Ann"])
        await pilot.pause()
        await pilot.pause()
        narrow = log.scrollable_content_region.width
        assert narrow < wide  # the scroll bar came
        assert wrapped.count(narrow) == 30  # each line once at the narrower width
        wrapped.clear()
        refreshed: list[int] = []
        monkeypatch.setattr(log, "refresh", lambda *a, **k: refreshed.append(1))
        log._wrap()
        assert wrapped == [] and refreshed == []
