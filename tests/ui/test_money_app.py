"""Money at the table, driven by keys on a fake clock: hot-seat with both players' keys,
a bot's timing, reaction times on screen, the buying and selling menus, a snapshot."""

from __future__ import annotations

import money_helpers
import pytest
from fakes import FakeClock
from helpers import wait_for

from cardsuite.games import get_game
from cardsuite.games.money.rules import MoneyState
from cardsuite.games.money.screen import MoneyScreen
from cardsuite.match import Match, SeatSpec
from cardsuite.ui.choice import ChoiceScreen

GAME = get_game("money")


def money_position(
    hand_a: list[str],
    hand_b: list[str],
    pile: list[str] | None = None,
    bank_a: list[str] | None = None,
) -> MoneyState:
    """Seat 0 to move; hands top first; the other number cards under seat 1's hand."""
    banks = (bank_a, ()) if bank_a is not None else ((), ())
    st = money_helpers.position(hands=(hand_a, hand_b), pile=pile or (), banks=banks)
    if bank_a is None:  # the usual starting banks
        st.banks = [
            [c for c in st.banks[1] if c.suit in "SH"],
            [c for c in st.banks[1] if c.suit in "DC"],
        ]
    return st


def make_match(state: MoneyState, kinds: tuple[str, str]) -> Match:
    seats = [SeatSpec(kinds[0], "Left"), SeatSpec(kinds[1], "Right")]
    return Match(GAME, state, seats, seed=5)


async def open_table(app, pilot, match: Match) -> MoneyScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    app.open_table(match)
    await wait_for(pilot, lambda: isinstance(app.screen, MoneyScreen))
    await pilot.pause()
    return app.screen


async def test_hot_seat_snap_with_both_players_keys(make_app) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()
    app = make_app(clock=clock, key_time=lambda e: clock.now)
    st = money_position(["9H", "2C", "3D"], ["5D", "3S", "4H"], pile=["4S", "9D"])
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await open_table(app, pilot, make_match(st, ("human", "human")))
        clock.now = 200.0
        await pilot.press("a")  # Left turns 9H onto 9D: a match, drawn at 200.0
        await pilot.pause()
        assert st.pile[-1].code == "9H" and st.last == (0, 2, True)
        clock.now = 200.284
        await pilot.press("s")  # Left snaps 284 ms later
        await pilot.pause()
        assert st.pile == [] and [c.code for c in st.hands[0]] == ["2C", "3D", "4S", "9D", "9H"]
        assert screen.reactions[0] == [284.0] or abs(screen.reactions[0][0] - 284) < 1e-6
        assert "SNAP" in str(screen.query_one("#mn-flash").render())
        assert str(screen.query_one("#mn-ms").render()).strip()  # the big digits
        # the right player turns with L; a snap by the wrong player is a false snap
        clock.now = 201.0
        await pilot.press("l")  # Right turns 5D: a new pile
        clock.now = 201.6
        await pilot.press("a")  # Left turns 2C: no match
        clock.now = 201.9
        await pilot.press("k")  # Right snaps Left's card: false, Left takes the ground
        await pilot.pause()
        assert st.pile == [] and st.hands[0][-2:] and st.hands[0][-1].code == "2C"
        assert "False snap" in str(screen.query_one("#mn-flash").render())
        # the game's record has every turn and claim, a claim with its reaction time
        record = screen.match.record
        assert [(m.seat, m.text) for m in record] == [
            (0, "turn"),
            (0, "claim"),
            (1, "turn"),
            (0, "turn"),
            (1, "claim"),
        ]
        assert record[1].note == "284 ms"
        # the best reaction went into the statistics (written off the UI thread)
        await app.workers.wait_for_complete()
        summary = app.store.metric_summary("money", "Left", "snap_ms")
        assert summary is not None and round(summary["best"]) == 284


async def test_a_turn_pressed_too_early_waits_for_the_throw_time(make_app) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()
    app = make_app(clock=clock, key_time=lambda e: clock.now)
    st = money_position(["9H", "2C"], ["5D", "3S"], pile=["4S", "9D"])
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(app, pilot, make_match(st, ("human", "human")))
        clock.now = 300.0
        await pilot.press("a")  # Left's match at 300.0
        clock.now = 300.1
        await pilot.press("l")  # Right presses at once: held until 300.5
        await pilot.pause()
        assert st.turns == 3 and screen.referee.next_deadline() == 300.5
        clock.now = 300.45
        await pilot.press("s")  # Left snaps inside the window that the throw time keeps open
        await pilot.pause()
        assert st.pile == [] and len(st.hands[0]) == 4
        clock.now = 300.5
        screen.pump(clock.now)  # the held turn falls due
        await pilot.pause()
        assert st.turns == 4 and st.pile[-1].code == "5D"


async def test_against_a_bot_on_the_fake_clock(make_app) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()
    app = make_app(clock=clock, key_time=lambda e: clock.now)
    # Right (a hard bot) will match: its 9C lands on Left's 9S
    st = money_position(["9S", "2C", "7H"], ["9C", "3S", "4D"], pile=["4S"])
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(app, pilot, make_match(st, ("human", "hard")))
        bot = screen.match.bots[1]
        clock.now = 400.0
        await pilot.press("space")  # Left turns 9S onto 4S
        await pilot.pause()
        reveal = screen.referee.reveal_time
        assert reveal == 400.0
        (turn_at,) = [t for t, _, _, k in screen._queue if k == "turn"]
        assert 0.28 <= turn_at - reveal <= 0.5  # its tempo, within the hard range or the throw
        clock.now = turn_at
        screen.pump(clock.now)  # the bot's timer fires: its press waits for the throw time
        assert screen.referee.next_deadline() == 400.5 and st.last[0] == 0
        clock.now = 400.5
        screen.pump(clock.now)  # it turns 9C onto 9S, a match
        await pilot.pause()
        assert st.last is not None and st.last[0] == 1 and st.last[2]
        (snap_at,) = [t for t, _, _, k in screen._queue if k == "snap"]
        assert 0.28 <= snap_at - screen.referee.reveal_time <= 0.35
        # Left tries to close the window by turning right after the throw time, too late
        clock.now = screen.referee.reveal_time + 0.5
        await pilot.press("space")
        await pilot.pause()
        assert st.pile == [st.hands[0][-1]] or st.pile[-1].code == "2C"
        assert len(st.hands[1]) > 20  # the bot's earlier snap was played first and captured
        assert bot.level == "hard"


async def test_buying_menu_and_a_snap_while_it_is_open(make_app) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()
    app = make_app(clock=clock, key_time=lambda e: clock.now)
    # Right turns 6D onto the 6C pile; Left has no cards and must buy from Right (pile < 5)
    st = money_position([], ["6D", "3S"], pile=["4S", "6C"], bank_a=["QS", "KS"])
    st.mover = 1
    async with app.run_test(size=(110, 32)) as pilot:
        screen = await open_table(app, pilot, make_match(st, ("human", "human")))
        clock.now = 500.0
        await pilot.press("l")  # Right's 6D matches; now Left must buy
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        menu = app.screen
        labels = [label for label, _ in menu.choices]
        assert any("pay Q (15) to the opponent" in x for x in labels)
        clock.now = 500.3
        await pilot.press("k")  # Right snaps while Left's menu is open: it still works
        await pilot.pause()
        assert st.pile == [] and isinstance(app.screen, ChoiceScreen)
        index = next(i for i, x in enumerate(labels) if x.startswith("pay Q"))
        await pilot.press(str(index + 1))
        # Right is a person too, so the seller's split is a menu as well
        await wait_for(
            pilot, lambda: isinstance(app.screen, ChoiceScreen) and app.screen is not menu
        )
        sell = app.screen
        assert all("hand over" in label for label, _ in sell.choices)
        await pilot.press("1")  # the first split: 15 cards
        await wait_for(pilot, lambda: app.screen is screen)
        assert len(st.hands[0]) == 15 and st.phase == "play" and st.mover == 0


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_money_table_snapshot(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()
    app = make_app(clock=clock, key_time=lambda e: clock.now)
    st = money_position(["9H", "2C", "3D"], ["5D", "3S", "4H"], pile=["4S", "7C", "9D"])

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        screen = await open_table(app, pilot, make_match(st, ("human", "medium")))
        clock.now = 200.0
        await pilot.press("a")
        clock.now = 200.312
        await pilot.press("s")
        await pilot.pause()
        screen._clear_queue()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_keys_can_be_remapped_and_are_remembered(make_app, private_home) -> None:  # type: ignore[no-untyped-def]
    from cardsuite.store import Store
    from cardsuite.ui.keys import KeysScreen

    clock = FakeClock()
    app = make_app(clock=clock, key_time=lambda e: clock.now)
    st = money_position(["9H", "2C"], ["5D", "3S"], pile=["4S"])
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(app, pilot, make_match(st, ("human", "human")))
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, KeysScreen))
        await pilot.press("enter", "z")  # Left's turn key becomes Z
        await pilot.press("down", "enter", "q")  # q is the app's: refused
        assert "taken by the app" in str(app.screen.query_one("#keys-note").render())
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        clock.now = 10.0
        await pilot.press("a")  # no longer Left's key
        await pilot.pause()
        assert st.turns == 1
        await pilot.press("z")
        await pilot.pause()
        assert st.turns == 2 and st.pile[-1].code == "9H"
    assert Store(private_home).load_settings()[0].games["money"]["keys.0.turn"] == "z"


async def test_buy_at_will_shop_opens_with_b(make_app) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()
    app = make_app(clock=clock, key_time=lambda e: clock.now)
    state = GAME.new_state(variant="egyptian", seed=4, dealer=1)
    async with app.run_test(size=(110, 32)) as pilot:
        screen = await open_table(app, pilot, make_match(state, ("human", "human")))
        for i in range(12):  # build a pile first
            clock.now = 20.0 + i
            await pilot.press("a" if state.mover == 0 else "l")
        await pilot.pause()
        mover = state.mover
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        labels = [label for label, _ in app.screen.choices]
        assert any(x.startswith("exchange") for x in labels) or any(
            x.startswith("pay") for x in labels
        )
        assert "turn without buying" in labels
        await pilot.press("escape")  # shopping is optional here
        await wait_for(pilot, lambda: app.screen is screen)
        assert state.mover == mover and not state.bought


async def test_a_bot_out_of_cards_buys_and_plays_on(make_app) -> None:  # type: ignore[no-untyped-def]
    """Regression: a press already due used to arm a zero-length timer, which Textual's Timer
    cannot run (it divides by the interval), and the table stalled after the purchase."""
    base = GAME.new_state(seed=1, dealer=1)
    data = base.to_json()
    cards = data["hands"][0] + data["hands"][1]
    data.update(
        hands=[cards[:20], []], pile=cards[20:], pile_ids=list(range(20)), turns=20, mover=1
    )
    st = GAME.from_json(data)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_table(app, pilot, make_match(st, ("human", "hard")))
        await wait_for(pilot, lambda: st.turns == 21, timeout=10)  # bought, then turned
        assert any(e.kind == "buy" for e in st.events)
        assert st.mover == 0


async def test_a_held_turn_that_leaves_the_bot_to_buy(make_app) -> None:  # type: ignore[no-untyped-def]
    """Regression: when a person's early turn press fell due on the timer, the table planned
    the bots' presses but never asked a bot left without cards to buy, and stalled."""
    base = GAME.new_state(seed=2, dealer=1)
    data = base.to_json()
    cards = data["hands"][0] + data["hands"][1]
    data.update(
        hands=[cards[:10], cards[10:11]],
        pile=cards[11:],
        pile_ids=list(range(29)),
        turns=29,
        mover=1,
    )
    st = GAME.from_json(data)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(app, pilot, make_match(st, ("human", "medium")))
        await wait_for(pilot, lambda: st.turns >= 30, timeout=10)  # the bot's last card
        await pilot.press("space")  # Left presses at once: held for the throw time
        assert screen.referee.held is not None or st.turns == 31

        def why() -> str:  # (it failed once in a loaded CI run: say where the table stood)
            race = screen.race
            return (
                f"turns={st.turns} mover={st.mover} must_buy={st.must_buy()} "
                f"held={screen.referee.held} next={race.next() if race else None} "
                f"thinking={screen._thinking} holding={bool(screen.holding)} "
                f"events={[(e.kind, e.seat) for e in st.events[-8:]]}"
            )

        await wait_for(pilot, lambda: any(e.kind == "buy" for e in st.events), 10, why)
        await wait_for(pilot, lambda: st.turns == 32, timeout=10, why=why)  # and it turns again


async def test_save_and_resume_a_money_game(make_app) -> None:  # type: ignore[no-untyped-def]
    from cardsuite.ui.picker import PickerScreen

    clock = FakeClock()
    app = make_app(clock=clock, key_time=lambda e: clock.now)
    st = money_position(["9H", "2C", "3D"], ["5D", "3S", "4H"], pile=["4S", "9D"])
    async with app.run_test(size=(100, 30)) as pilot:
        await open_table(app, pilot, make_match(st, ("human", "human")))
        await pilot.press("a")
        clock.now += 1
        await pilot.press("s")  # a capture
        await pilot.press("ctrl+s")
        saved = st.to_json()
    again = make_app()
    async with again.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, PickerScreen))
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(again.screen, MoneyScreen))
        assert again.screen.match.state.to_json() == saved
        await pilot.press("l")  # and play goes on: Right turns
        await pilot.pause()
        assert again.screen.match.state.turns == saved["turns"] + 1


async def test_a_menu_follows_the_table_when_a_snap_changes_it(make_app) -> None:  # type: ignore[no-untyped-def]
    """Issue 8: a ground purchase stayed on offer after the ground was captured."""
    clock = FakeClock()
    app = make_app(clock=clock, key_time=lambda e: clock.now)
    st = money_position([], ["6D", "3S"], pile=["2S", "3H", "4S", "5H", "6C"], bank_a=["QS", "KS"])
    st.mover = 1
    async with app.run_test(size=(110, 32)) as pilot:
        await open_table(app, pilot, make_match(st, ("human", "human")))
        clock.now = 500.0
        await pilot.press("l")  # Right's 6D matches; Left must buy, from the ground (6 cards)
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        menu = app.screen
        assert any("to the ground" in label for label, _ in menu.choices)
        clock.now = 500.3
        await pilot.press("k")  # Right snaps: the ground is Right's now
        await pilot.pause()
        assert st.pile == []
        assert app.screen is menu  # the same menu, rebuilt for the table as it is
        labels = [label for label, _ in menu.choices]
        assert labels and not any("to the ground" in x for x in labels)
        assert any("to the opponent" in x for x in labels)


def test_long_menus_page_and_equal_exchanges_are_offered_once() -> None:
    from cardsuite.games.money.rules import Exchange
    from cardsuite.games.money.speech import simplest as _simplest

    a = Exchange((13, 12), (13, 13, 11), "opponent")  # K Q for K K J: it is Q for K J
    b = Exchange((12,), (13, 11), "opponent")
    assert _simplest([a, b]) == [b] and _simplest([b, a]) == [b]


async def test_a_menu_of_more_than_nine_has_pages(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        chosen: list[object] = []
        menu = ChoiceScreen("t", "i", [(f"choice {i}", i) for i in range(14)])
        app.push_screen(menu, chosen.append)
        await pilot.pause()
        assert "page 1 of 2" in str(menu.query_one("#choice-hint").render())
        await pilot.press("0")  # the next page
        await pilot.pause()
        await pilot.press("3")  # its third: choice 11
        await pilot.pause()
        assert chosen == [11]


@pytest.mark.parametrize(("variant", "snaps"), [("jordanian", True), ("egyptian", False)])
async def test_the_snap_key_and_throw_time_only_where_there_is_a_snap(  # type: ignore[no-untyped-def]
    make_app, variant: str, snaps: bool
) -> None:
    """MONEY-EG-1: under automatic capture a match is taken as it is turned, so the table
    shows no snap key and no throw time (they read as if a snap were to be made)."""
    from textual.widgets import Static

    state = GAME.new_state(variant=variant, seed=4, dealer=1)
    app = make_app()
    async with app.run_test(size=(110, 32)) as pilot:
        screen = await open_table(app, pilot, make_match(state, ("human", "human")))
        await pilot.pause()
        header = str(screen.query_one("#mn-header", Static).render())
        seats = str(screen.query_one("#mn-bottom", Static).render())
        assert ("throw" in header) is snaps, header
        assert ("snap" in seats) is snaps, seats
        assert "turn" in seats
