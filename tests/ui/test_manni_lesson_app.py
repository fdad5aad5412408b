"""Trjámann's lesson by keys, off the suggested path: the learner declares a contract of
their own from the dialog (c) instead of the suggested Other, the lesson goes on with the
contract's panel and counts the move as their own; an exchange of five cards is refused
with the rules' reason (TRJ-EXCH-1: at most four) and changes nothing."""

from __future__ import annotations

from typing import Any

from helpers import screen_of, wait_for

from cardsuite.games.manni.actions import Contract
from cardsuite.learn.lesson import load_lesson
from cardsuite.ui.app import LessonRequest
from cardsuite.ui.choice import ChoiceScreen
from cardsuite.ui.lesson import LessonTable
from cardsuite.ui.lesson_panel import LessonPanel


def _panel_ids(table: Any) -> list[str]:
    return [r.rule_id for r in table.query_one("#lesson-panel", LessonPanel).rules]


async def _read_panels(pilot: Any, table: Any) -> None:
    """Any key while the table waits on the panel, until the learner's turn is suggested."""
    await wait_for(pilot, lambda: table._reading or table._suggestion is not None)
    while table._reading:
        await pilot.press("x")
        await pilot.pause()


async def test_trjamann_own_contract_then_a_refused_exchange(make_app) -> None:  # type: ignore[no-untyped-def]
    lesson = load_lesson("manni", "trjamann")
    app = make_app(start=LessonRequest("manni", "trjamann"))
    async with app.run_test(size=(120, 36)) as pilot:
        table = await screen_of(pilot, LessonTable)
        assert table.lesson == lesson
        await _read_panels(pilot, table)
        assert _panel_ids(table) == ["TRJ-CONTRACT-1"]
        suggested = table._suggestion.action
        assert isinstance(suggested, Contract) and suggested.kind == "other"
        await pilot.press("c")  # the dialog, not the suggestion
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        labels = [label for label, _ in app.screen.choices]
        assert labels[2].startswith("Spades")
        await pilot.press("3")
        await wait_for(pilot, lambda: table.match.view(0)["phase"] == "exchange")
        assert table.match.view(0)["contract"] == "spades"
        assert table.tracker.own == 1 and table.tracker.followed == 0
        await _read_panels(pilot, table)  # each contract once, then the exchange
        assert [r.rule_id for r in table.tracker.met][2:] == ["TRJ-CONTRACT-2", "TRJ-EXCH-1"]
        assert _panel_ids(table) == ["TRJ-EXCH-1"]
        await wait_for(pilot, lambda: len(table.selected) == 4)  # the suggestion, selected
        fifth = min(set(range(16)) - table.selected)
        await pilot.press("home", *["right"] * fifth, "space")
        assert len(table.selected) == 5
        before = table.match.revision
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.tracker.refused == 1)
        assert table.match.revision == before and table.match.view(0)["phase"] == "exchange"
        why = "you may exchange at most 4 cards"
        assert any(n.message == why and n.title == "Not allowed" for n in app._notifications)
