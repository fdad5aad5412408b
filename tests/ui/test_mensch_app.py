"""The Mensch table driven by keys: a whole deal against instant bots through the auction,
trumps, the call and the tricks; the bidding panel offering only legal bids and saying why a
bid is forced; a hot-seat deal behind the curtain."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import lift_curtain, wait_for

from cardsuite.games.mensch.screen import MenschScreen
from cardsuite.ui.app import StartRequest
from cardsuite.ui.choice import ChoiceScreen
from cardsuite.ui.curtain import CurtainScreen
from cardsuite.ui.setup import SeatSpec

NAMES = ["South", "West", "North", "East"]


def mensch(seats: str, seed: int, variant: str = "standard") -> Any:
    kinds = seats.split(",")
    return StartRequest(
        "mensch", [SeatSpec(k, NAMES[i]) for i, k in enumerate(kinds)], variant, {"deals": 4}, seed
    )


async def _take_hints(pilot: Any, screen: MenschScreen, until: Any, most: int = 60) -> None:
    for _ in range(most):
        await wait_for(pilot, lambda: until() or screen.human_to_move() is not None)
        if until():
            return
        before = len(screen.match.record)
        await pilot.press("h", "enter")
        await wait_for(pilot, lambda: len(screen.match.record) > before)
    raise AssertionError("did not get there")


async def test_a_whole_deal_by_keys(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=mensch("human,medium,medium,medium", 5))
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenschScreen))
        screen = app.screen
        await _take_hints(pilot, screen, lambda: bool(screen.match.view(None)["history"]))
        rec = screen.match.view(None)["history"][0]
        assert sum(rec["changes"]) == 0  # MENSCH-SCORE-3
        assert sum(screen.match.view(None)["tricks_won"]) in (0, 8) or rec


async def test_bidding_panel_offers_only_legal_bids(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=mensch("human,medium,medium,medium", 5))
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenschScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.human_to_move() == 0)
        view = screen.match.view(0)
        assert view["phase"] == "bid"
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        offered = [str(a) for _, a in app.screen.choices]
        assert offered == [str(a) for a in screen.match.legal_actions(0)]
        clubs = sum(1 for c in view["hand"] if c.endswith("C"))
        assert ("pass" in offered) == (not (clubs >= 3 and view["high_bid"] in (None, "half")))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        status = str(screen.query_one("#status").render())
        if "pass" not in offered:
            assert "you must bid" in status


async def test_hot_seat_deal_behind_the_curtain(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=mensch("human,human,medium,medium", 5))

    def ready() -> bool:
        screen = app.screen
        if isinstance(screen, CurtainScreen):
            return True
        if not isinstance(screen, MenschScreen):
            return False
        return screen.human_to_move() is not None or bool(screen.match.view(None)["history"])

    async with app.run_test(size=(120, 36)) as pilot:
        curtains = 0
        for _ in range(60):
            await wait_for(pilot, ready)
            if isinstance(app.screen, CurtainScreen):
                table = app.screen_stack[-2]
                assert table.shown is None  # nobody's cards while the keyboard changes hands
                curtains += 1
                await lift_curtain(pilot)
                continue
            screen = app.screen
            if screen.match.view(None)["history"]:
                break
            mover = screen.human_to_move()
            assert screen.shown == mover  # only the person to move sees their hand
            before = len(screen.match.record)
            view = screen.match.view(mover)
            if view["phase"] == "play":  # no hints in hot-seat: the first legal card, by keys
                legal = {str(a).split()[1] for a in screen.match.legal_actions(mover)}
                at = next(i for i, c in enumerate(view["hand"]) if c in legal)
                await pilot.press("home", *["right"] * at, "enter")
            else:  # the phase's dialog, and its first choice
                await pilot.press({"bid": "b", "trump": "t", "call": "c"}[view["phase"]])
                await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
                await pilot.press("1")
            await wait_for(pilot, lambda: len(screen.match.record) > before)
        assert curtains >= 2
        assert screen.match.view(None)["history"]  # the deal was played to its settlement


@pytest.fixture
def table_waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Every delay the table screen sets a timer for, in order."""
    from cardsuite.ui.table import TableScreen

    waits: list[float] = []
    original = TableScreen.set_timer

    def timed(self, delay, callback=None, **kwargs):  # type: ignore[no-untyped-def]
        waits.append(delay)
        return original(self, delay, callback, **kwargs)

    monkeypatch.setattr(TableScreen, "set_timer", timed)
    return waits


async def test_a_search_bot_takes_its_whole_budget_over_every_move(make_app, table_waits) -> None:  # type: ignore[no-untyped-def]
    """MENSCH spec, the partner's secrecy: a hard bot's time must not tell that it holds the
    called card (fewer legal plays, sometimes one, answered at once). On a clock that stands
    still, the table waits out the bot's whole budget over each of its moves, even at the
    instant pace, single legal ones included; the medium bots wait for nothing."""
    from support.fakes import FakeClock

    budget = 0.05
    app = make_app(
        start=mensch("hard,medium,medium,medium", 5),
        clock=FakeClock(),
        bot_options={"hard": {"iterations": 3, "time_budget": budget}},
    )
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenschScreen))
        screen = app.screen
        match = screen.match
        assert match.think_floor(0) == budget and match.think_floor(1) == 0.0
        await wait_for(pilot, lambda: sum(1 for m in match.record if m.seat == 0) >= 6)
        hard_moves = sum(1 for m in match.record if m.seat == 0)
        padded = sum(1 for w in table_waits if w == budget)
        assert hard_moves <= padded <= hard_moves + 1  # one may be waiting now
        assert all(w in (budget, 0.0) for w in table_waits)  # nothing else is delayed


async def test_without_the_timing_floor_a_search_bot_moves_when_it_has_chosen(  # type: ignore[no-untyped-def]
    make_app, table_waits
) -> None:
    """The screenshots' scripted scenes (no person plays against the bots' timing) turn the
    floor off: their hard bots have a long budget, only so their searches finish alike on any
    machine, and the table must not wait it out at each move. The same table as above, the
    floor off: at the instant pace no move of any bot is delayed."""
    from support.fakes import FakeClock

    app = make_app(
        start=mensch("hard,medium,medium,medium", 5),
        clock=FakeClock(),
        bot_options={"hard": {"iterations": 3, "time_budget": 30.0}},
        bot_timing_floor=False,
    )
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenschScreen))
        match = app.screen.match
        assert match.think_floor(0) == 30.0  # the match still says what the floor would be
        await wait_for(pilot, lambda: sum(1 for m in match.record if m.seat == 0) >= 6)
        assert all(w == 0.0 for w in table_waits)
