"""The Manni table driven by keys: a whole hand of each variant against instant bots, the
swap and contract decisions, the contract dialog offering only what is owed, and a hot-seat
exchange behind the curtain (the cards drawn shown to their owner only)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import lift_curtain, wait_for
from rich.console import Console

from cardsuite.games.manni.screen import ManniScreen
from cardsuite.ui.app import StartRequest
from cardsuite.ui.choice import ChoiceScreen
from cardsuite.ui.curtain import CurtainScreen
from cardsuite.ui.setup import SeatSpec

#: Seeds whose first dealer is seat 2 (South, seat 0, is eldest) and seat 0 (South deals).
SOUTH_ELDEST, SOUTH_DEALS = 5, 1


def manni(seats: str, seed: int, variant: str, options: dict[str, Any] | None = None) -> Any:
    names = ["South", "West", "East"]
    return StartRequest(
        "manni",
        [SeatSpec(k, names[i]) for i, k in enumerate(seats.split(","))],
        variant,
        options or {},
        seed,
    )


def table(app: Any) -> ManniScreen:
    screen = app.screen
    assert isinstance(screen, ManniScreen), type(screen)
    return screen


async def _take_hints(pilot: Any, screen: ManniScreen, until: Any, most: int = 80) -> None:
    """South takes the hint (h, enter) at each turn until ``until()`` holds."""
    for _ in range(most):
        await wait_for(pilot, lambda: until() or screen.human_to_move() is not None)
        if until():
            return
        before = len(screen.match.record)
        await pilot.press("h", "enter")
        await wait_for(pilot, lambda: len(screen.match.record) > before)
    raise AssertionError("did not get there")


@pytest.mark.parametrize("variant", ["basic", "trjamann", "hornafjardarmanni"])
async def test_a_whole_hand_of_each_variant_by_keys(make_app, variant) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=manni("human,medium,medium", SOUTH_ELDEST, variant))
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ManniScreen))
        screen = table(app)
        await _take_hints(pilot, screen, lambda: bool(screen.match.view(None)["history"]))
        view = screen.match.view(None)
        rec = view["history"][0]
        assert sum(rec["tricks"]) == {"basic": 12, "trjamann": 16}.get(variant, 12)
        if variant != "basic":
            assert sum(rec["results"]) == 0  # TRJ-SCORE-4, HORN-SCORE-1
        console = Console(width=34, record=True)
        console.print(screen._sheet_table(screen.sheet(view, screen.match.names())))
        sheet = console.export_text()
        assert sheet.splitlines()[1].split()[0].startswith("1")  # hand 1's row
        if variant != "basic":
            assert "plus" in sheet and "minus" in sheet


async def test_swap_key_takes_the_manni_and_raises_what_was_drawn(make_app) -> None:  # type: ignore[no-untyped-def]
    """MANNI-EXCH-2 at the table: s swaps; the new hand is the manni's cards, raised."""
    app = make_app(start=manni("human,medium,medium", SOUTH_ELDEST, "basic"))
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ManniScreen))
        screen = table(app)
        await wait_for(pilot, lambda: screen.human_to_move() == 0)
        assert screen.match.view(0)["phase"] == "swap"
        assert "swaps your whole hand" in str(screen.query_one("#status").render())
        await pilot.press("s")
        await wait_for(pilot, lambda: screen.match.view(0)["decisions"][0] == "swap")
        view = screen.match.view(0)
        assert sorted(view["my_drawn"]) == sorted(view["hand"])
        assert screen.hinted == set(range(12))  # the drawn cards are raised
        assert view["phase"] == "play"  # MANNI-EXCH-3: nobody after a swap decides


async def test_contract_dialog_offers_only_what_is_owed(make_app) -> None:  # type: ignore[no-untyped-def]
    """TRJ-CONTRACT-2, TRJ-OPT-1 at the table: c opens the dialog; every choice is owed.
    TRJ-OPT-3: with Grand's trumps hearts, the dialog says so (it said no trumps)."""
    opts = {"no_spades_in_other": True, "grand_hearts": True}
    app = make_app(start=manni("human,medium,medium", SOUTH_ELDEST, "trjamann", opts))
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ManniScreen))
        screen = table(app)
        await wait_for(pilot, lambda: screen.human_to_move() == 0)
        assert screen.match.view(0)["phase"] == "contract"
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        labels = [label for label, _ in app.screen.choices]
        assert len(labels) == 6  # nullo, grand, spades, other hearts / diamonds / clubs
        assert not any("Other: ♠" in x for x in labels)
        assert labels[1].startswith("Grand: ♥ hearts are trumps") and "no trumps" not in labels[1]
        assert screen.say(app.screen.choices[1][1]) == "declare Grand (hearts trumps)"  # a hint
        await pilot.press("2")  # Grand
        await wait_for(pilot, lambda: screen.match.view(0)["phase"] == "exchange")
        view = screen.match.view(0)
        assert view["contract"] == "grand" and view["owed"][0] == ["nullo", "spades", "other"]
        assert "Grand (hearts trumps)" in str(screen.query_one("#table-header").render())
        # four or none is off: up to four cards; two selected, enter exchanges them
        await pilot.press("space", "right", "space", "enter")
        await wait_for(pilot, lambda: screen.match.view(0)["decisions"][0] == 2)
        assert len(screen.match.view(0)["my_drawn"]) == 2


async def test_hot_seat_exchange_is_private_behind_the_curtain(make_app) -> None:  # type: ignore[no-untyped-def]
    """HORN-EXCH-2 in hot-seat: the exchanger sees his draw (raised, the table waits for a
    key), then the curtain; the next person never sees it."""
    app = make_app(start=manni("human,human,medium", SOUTH_ELDEST, "hornafjardarmanni"))
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        first = app.screen_stack[-2]
        assert isinstance(first, ManniScreen)
        assert first.shown is None  # nobody's cards behind the curtain
        await lift_curtain(pilot)
        screen = table(app)
        assert screen.shown == 0 and screen.human_to_move() == 0
        await pilot.press("space", "right", "space", "right", "space", "enter")  # three cards
        await wait_for(pilot, lambda: screen.match.view(0)["decisions"][0] == 3)
        drawn = screen.match.view(0)["my_drawn"]
        assert len(drawn) == 3
        await wait_for(pilot, lambda: bool(screen.holding))
        assert "You drew" in str(screen.query_one("#status").render())
        assert len(screen.hinted) == 3
        await pilot.press("x")  # any key: the curtain for West
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert screen.shown is None
        await lift_curtain(pilot)
        assert screen.shown == 1
        # nothing of South's selection, raised draw or cursor carries over to West's hand
        assert screen.hinted == set() and screen.selected == set() and screen.cursor == 0
        west = screen.match.view(1)
        assert not set(drawn) & set(west["hand"])  # South's draw is nowhere in West's view
        assert west["decisions"][0] == 3  # only the count is public
        assert west["my_drawn"] == []


async def test_the_dealers_draw_stays_raised_into_the_first_trick(make_app) -> None:  # type: ignore[no-untyped-def]
    """HORN-EXCH-1/2: the dealer exchanges last and play starts at once; the cards drawn
    stay raised until the dealer plays (they were lowered by the first bot's lead)."""
    app = make_app(start=manni("human,medium,medium", SOUTH_DEALS, "hornafjardarmanni"))
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ManniScreen))
        screen = table(app)
        await wait_for(pilot, lambda: screen.human_to_move() == 0)
        assert screen.match.view(0)["phase"] == "exchange"
        await pilot.press("space", "right", "space", "enter")  # two cards
        await wait_for(pilot, lambda: screen.match.view(0)["decisions"][0] == 2)
        drawn = set(screen.match.view(0)["my_drawn"])
        await wait_for(pilot, lambda: screen.human_to_move() == 0)  # the bots led and played
        view = screen.match.view(0)
        assert view["phase"] == "play" and view["trick"]["plays"]
        assert {view["hand"][i] for i in screen.hinted} == drawn
        await pilot.press("h", "enter")  # the dealer plays: the marks go down
        await wait_for(pilot, lambda: screen.match.view(0)["hand"] != view["hand"])
        assert not screen.hinted


async def test_hot_seat_draw_is_held_when_a_bot_moves_next(make_app) -> None:  # type: ignore[no-untyped-def]
    """HORN-EXCH-2 in hot-seat with a bot between the people: the table holds on the draw
    until a key (the bot's move, then the next person's curtain, came at once)."""
    app = make_app(start=manni("human,medium,human", SOUTH_ELDEST, "hornafjardarmanni"))
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await lift_curtain(pilot)
        screen = table(app)
        assert screen.shown == 0 and screen.human_to_move() == 0
        await pilot.press("space", "enter")  # one card; West, a bot, exchanges next
        await wait_for(pilot, lambda: bool(screen.holding))
        assert screen.match.to_move() == 1  # the bot waits for the key
        status = str(screen.query_one("#status").render())
        assert "You drew" in status and "go on" in status
        assert len(screen.hinted) == 1
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert screen.shown is None
