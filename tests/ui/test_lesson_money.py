"""Money's guided first games (Jordanian, Egyptian), driven by keys on a fake clock: the
race stands still while a panel is up and, when the learner may act, until their press (so
reading never costs a snap); the lesson followed to its summary (each rule's panel when it
first applies, checked against the walk without a screen, the snap included); a bot's
match missed because the learner turned at once; Egyptian buying at will by b and the
shop; no snap time kept in the statistics."""

from __future__ import annotations

from typing import Any

import pytest
from fakes import FakeClock
from helpers import screen_of, wait_for
from textual.widgets import Static

from cardsuite.games.money.actions import Buy
from cardsuite.learn.lesson import load_lesson
from cardsuite.learn.walk import walk
from cardsuite.ui.app import LessonRequest
from cardsuite.ui.choice import ChoiceScreen
from cardsuite.ui.lesson import LessonTable
from cardsuite.ui.lesson_panel import LessonPanel
from cardsuite.ui.lesson_summary import LessonSummaryScreen


def _panel(table: Any) -> LessonPanel:
    panel: LessonPanel = table.query_one("#lesson-panel", LessonPanel)
    return panel


def _waiting_on(app: Any, table: Any) -> str | None:
    """What the lesson waits for from the learner, if anything: its summary, a money
    menu, the panel, the held race's press, or their turn with its suggestion made."""
    if isinstance(app.screen, LessonSummaryScreen):
        return "summary"
    if isinstance(app.screen, ChoiceScreen):
        return "menu"
    if app.screen is not table:
        return None
    if table._reading:
        return "read"
    if table._held_since is not None:
        return "press" if table._held_for_press else None
    if table.referee.held is not None:  # a turn press waits for the throw time
        return None
    view = table.match.view(0)
    here = (table.match.revision, len(table.match.public_log()))
    turn = view["to_move"] == 0 and view["phase"] == "play" and not view["must_buy"]
    return "turn" if turn and table._suggested_at == here else None


async def _settle(pilot: Any, table: Any, clock: FakeClock) -> str:
    """Let the race run on the fake clock until the lesson waits on the learner."""
    for _ in range(400):
        await pilot.pause()
        what = _waiting_on(pilot.app, table)
        if what is not None:
            return what
        if table._held_since is None and not table._thinking:
            clock.now += 0.1
            table.pump(clock.now)
    raise AssertionError("the lesson never waited on the learner")


async def _choose(pilot: Any, suggested: Any) -> None:
    """In the open money menu, the suggested choice by its digit."""
    menu = pilot.app.screen
    index = [str(a) for _, a in menu.choices].index(str(suggested))
    assert index < 9
    await pilot.press(str(index + 1))


@pytest.mark.parametrize("variant", ["jordanian", "egyptian"])
async def test_a_money_lesson_followed_by_keys_to_its_summary(make_app, variant) -> None:  # type: ignore[no-untyped-def]
    lesson = load_lesson("money", variant)
    expected = walk(lesson)
    clock = FakeClock(now=100.0)
    app = make_app(start=LessonRequest("money", variant), clock=clock, key_time=lambda e: clock.now)
    async with app.run_test(size=(120, 36)) as pilot:
        table = await screen_of(pilot, LessonTable)
        assert lesson.intro in str(_panel(table).render())
        moves, shown, snapped = 0, [], False
        for _ in range(120):
            what = await _settle(pilot, table, clock)
            if what == "summary":
                break
            for rule in _panel(table).rules:
                if rule.rule_id not in shown:  # new in the panel: it has just come up
                    assert expected.first_at[rule.rule_id] == moves, rule.rule_id
                    shown.append(rule.rule_id)
            if what == "read":
                before = (table.match.revision, clock.now)
                clock.now += 5.0  # a slow reader: the race stands still meanwhile
                table.pump(clock.now)
                await pilot.pause()
                assert table.match.revision == before[0]
                await pilot.press("x")
                continue
            view = table.match.view(0)
            suggested = table._suggestion.action if table._suggestion else None
            if what == "press" and view["last"] and view["last"][0] == 0 and view["last"][2]:
                clock.now += 3.0  # the race waits for the learner's press, however late
                await pilot.press("enter")  # the snap the panel asks for
                await wait_for(pilot, lambda: table.match.view(0)["pile"] == [])
                snapped = True
            elif what == "menu":  # a forced purchase's or a sale's
                await _choose(pilot, suggested)
            elif isinstance(suggested, Buy):  # buying at will: b opens the shop
                flash = str(table.query_one("#mn-flash", Static).render())
                assert flash.startswith("Suggested (b, then the menu) · ")
                await pilot.press("b")
                await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
                await _choose(pilot, suggested)
            else:
                flash = str(table.query_one("#mn-flash", Static).render())
                assert flash.startswith("Suggested (space) · ") and flash.split(" · ", 1)[1]
                await pilot.press("space")
            moves += 1
        assert isinstance(app.screen, LessonSummaryScreen)
        assert moves == expected.learner_moves
        assert snapped == (variant == "jordanian")  # (Egyptian captures with no snap)
        assert sorted(shown) == sorted(r.rule_id for r in lesson.rules)
        assert table.match.winners() == [0]
        did = str(app.screen.query_one("#lesson-did", Static).render())
        assert f"You made {moves} moves: {moves} as suggested." in did
        metric = {"kind": "metric", "game": "money", "name": "You", "metric": "snap_ms"}
        table.keep_metric({**metric, "value": 300.0, "at": app.store.now()})
        await app.workers.wait_for_complete()
        assert app.store.metric_summary("money", "You", "snap_ms") is None  # a lesson's: not kept
