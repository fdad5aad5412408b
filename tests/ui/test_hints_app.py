"""Hints that say why, at every game's table (issue 37, item 2): ``h`` selects the medium
bot's move (the hand's cards raised and selected, Casino's step picked in its list, or a
bid, contract or call that enter takes) and the status line says it with the bot's reason;
enter then plays exactly that move. In a dialog of choices (a bid, Money's purchases) ``h``
moves to the suggested one and says why. Money's race gives no hints, and says so."""

from __future__ import annotations

from typing import Any

from helpers import start, wait_for
from textual.widgets import OptionList, Static

from cardsuite.games.african_casino.screen import CasinoScreen
from cardsuite.games.african_casino.screen_composer import hand_card
from cardsuite.games.manni.screen import ManniScreen
from cardsuite.games.mensch.screen import MenschScreen
from cardsuite.games.money.screen import MoneyScreen
from cardsuite.games.twenty_two.screen import TwentyTwoScreen
from cardsuite.hints import Hint
from cardsuite.match import SeatSpec
from cardsuite.ui.app import StartRequest
from cardsuite.ui.cardart import suit_text
from cardsuite.ui.choice import PAGE, ChoiceScreen
from cardsuite.ui.trick_table import TrickTableScreen


def _said(screen: Any, selector: str) -> str:
    """The status line's words, its lines joined (Mensch breaks them between phrases)."""
    return " ".join(str(screen.query_one(selector, Static).render()).split())


def _one_line(text: str) -> str:
    return " ".join(text.split())


async def _hint_then_play(pilot: Any, screen: TrickTableScreen, ascii: bool = False) -> Hint:
    """On the person's turn: ``h`` shows the medium bot's move with its reason and selects
    it; enter plays that very move."""
    await wait_for(pilot, lambda: screen.human_to_move() is not None)
    seat = screen.human_to_move()
    assert seat is not None
    want = screen.match.hint_with_reason(seat)
    await pilot.press("h")
    await pilot.pause()
    said = _said(screen, "#status")
    assert _one_line(suit_text(want.reason, ascii)) in said, (want, said)
    cards = getattr(want.action, "cards", None)
    if cards is not None:  # the hand shows the move: its cards raised and selected
        hand = screen._hand_cards()
        assert sorted(hand[i].code for i in screen.selected) == sorted(c.code for c in cards)
        assert screen.hinted == screen.selected
    before = len(screen.match.record)
    await pilot.press("enter")
    await wait_for(pilot, lambda: len(screen.match.record) > before)
    mover, text = screen.match.record[before][:2]
    assert mover == seat and screen.match.game.parse_action(text).key == want.action.key
    return want


def _table(game_id: str, variant: str, kinds: str, seed: int, **options: Any) -> StartRequest:
    names = ["You", "Ann", "Bob", "Cy"]
    seats = [SeatSpec(k, names[i]) for i, k in enumerate(kinds.split(","))]
    return StartRequest(game_id, seats, variant, options, seed)


async def test_twenty_two_hint_selects_the_cards_and_says_why(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start(seed=9))
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        screen = app.screen
        first = await _hint_then_play(pilot, screen)
        assert str(first.action).startswith(("discard", "keep"))  # T22-EXCH-1 first
        for _ in range(3):  # then the tricks (T22-PLAY)
            await _hint_then_play(pilot, screen)


async def test_manni_hint_takes_the_swap_then_selects_the_card(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=_table("manni", "basic", "human,medium,medium", 4))
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ManniScreen))
        screen = app.screen
        phases = set()
        for _ in range(4):
            await wait_for(pilot, lambda: screen.human_to_move() is not None)
            phases.add(screen.view()["phase"])
            await _hint_then_play(pilot, screen)
        assert "play" in phases


async def test_mensch_hint_takes_the_bid_and_says_why_in_phrases(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=_table("mensch", "standard", "human,medium,medium,medium", 2, deals=4))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenschScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.human_to_move() is not None)
        assert screen.view()["phase"] == "bid"  # MENSCH-BID: a bid is no card to select
        hint = await _hint_then_play(pilot, screen)
        assert not hasattr(hint.action, "cards")


async def test_ascii_tables_write_the_reason_with_suit_letters(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=_table("manni", "basic", "human,medium,medium", 4), ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ManniScreen))
        screen = app.screen
        for _ in range(4):
            await _hint_then_play(pilot, screen, ascii=True)
            assert not any(s in _said(screen, "#status") for s in "♠♥♦♣")


async def test_casino_hint_picks_the_step_and_says_why(make_app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSpec("human", "You"), SeatSpec("medium", "Bot")]
    app = make_app(start=StartRequest("african-casino", seats, "swazi", {}, 3))
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CasinoScreen))
        screen = app.screen
        for _ in range(3):
            await wait_for(pilot, lambda: screen.mine() is not None)
            seat = screen.mine()
            want = screen.match.hint_with_reason(seat)
            await pilot.press("h")
            await pilot.pause()
            said = _said(screen, "#ac-status")
            assert said.startswith(("Medium bot's hint, below: ", "Hint")), said
            assert want.reason in said
            assert str(screen._plays[screen.pick]) == str(want.action)  # picked below
            card = hand_card(want.action)
            if card is not None:
                assert screen._hand()[screen.cursor] == card
            before = len(screen.match.record)
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(screen.match.record) > before)
            assert screen.match.record[before][1] == str(want.action)


async def test_money_race_gives_no_hints_and_says_so(make_app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSpec("human", "You"), SeatSpec("medium", "Bot")]
    app = make_app(start=StartRequest("money", seats, "jordanian", {}, 3))
    async with app.run_test(size=(120, 36), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MoneyScreen))
        screen = app.screen
        assert screen.check_action("hint", ()) is False  # not in the footer
        await pilot.press("h")
        await pilot.pause()
        assert any("No hints in a race" in str(n.message) for n in app._notifications)


async def test_money_menu_hint_highlights_the_purchase_and_says_why(make_app) -> None:  # type: ignore[no-untyped-def]
    """The race gives no hints, but a money decision is a choice: ``h`` in its menu
    highlights the medium bot's purchase and says why; enter takes it (MONEY-BUY-4)."""
    from fakes import FakeClock
    from test_money_app import make_match, money_position, open_table

    clock = FakeClock()
    app = make_app(clock=clock, key_time=lambda e: clock.now)
    # Right turns 6D onto the 6C pile; Left has no cards and must buy from Right (pile < 5)
    st = money_position([], ["6D", "3S"], pile=["4S", "6C"], bank_a=["QS", "KS"])
    st.mover = 1
    async with app.run_test(size=(110, 32)) as pilot:
        screen = await open_table(app, pilot, make_match(st, ("human", "medium")))
        clock.now = 500.0
        await pilot.press("l")  # Right's 6D matches; now Left must buy
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        menu = app.screen
        want = screen.match.hint_with_reason(0)
        await pilot.press("h")
        await pilot.pause()
        note = str(menu.query_one("#choice-hint", Static).render())
        assert note == f"Hint: {want.reason} · enter takes it", note
        at = menu.query_one(OptionList).highlighted
        assert menu.choices[menu.page * PAGE + at][1] == want.action
        before = len(screen.match.record)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(screen.match.record) > before)
        assert screen.match.record[before][:2] == (0, str(want.action))


async def test_h_in_a_bid_dialog_moves_to_the_hinted_bid(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=_table("mensch", "standard", "human,medium,medium,medium", 2, deals=4))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenschScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.human_to_move() is not None)
        want = screen.match.hint_with_reason(0)
        await pilot.press("b")  # the bidding dialog (MENSCH-BID)
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        dialog = app.screen
        await pilot.press("h")
        await pilot.pause()
        note = str(dialog.query_one("#choice-hint", Static).render())
        assert note == f"Hint: {want.reason} · enter takes it", note
        at = dialog.query_one(OptionList).highlighted
        assert dialog.choices[dialog.page * PAGE + at][1] == want.action
