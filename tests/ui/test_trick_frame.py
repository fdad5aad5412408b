"""The trick-table frame driven by keys and the mouse (Twenty-Two is the game on it)."""

from __future__ import annotations

from helpers import start, wait_for
from textual.widgets import Static

from cardsuite.games.twenty_two.screen import TwentyTwoScreen
from cardsuite.ui.lasttrick import LastTrickScreen
from cardsuite.ui.widgets import HandView


async def to_table(app, pilot) -> TwentyTwoScreen:  # type: ignore[no-untyped-def]
    await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
    screen = app.screen
    await wait_for(pilot, lambda: screen.human_to_move() is not None)
    return screen


async def test_cursor_keys_home_end_and_a_click_select(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start(seed=7))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await to_table(app, pilot)
        hand = screen.query_one(HandView)
        n = len(hand.cards)
        await pilot.press("end")
        assert screen.cursor == n - 1 and hand.cursor == n - 1
        await pilot.press("right")  # wraps round
        assert screen.cursor == 0
        await pilot.press("home", "right", "right")
        assert screen.cursor == 2
        # a click on the fourth card's visible edge moves the cursor there and selects it
        x = hand._left() + 3 * hand._step() + 1
        await pilot.click(HandView, offset=(x, 2))
        assert screen.cursor == 3 and screen.selected == {3} and hand.selected == {3}
        await pilot.click(HandView, offset=(x, 2))
        assert screen.selected == set()


async def test_last_trick_shows_every_play(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start("human,medium,medium", seed=6))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await to_table(app, pilot)
        await pilot.press("l")
        await pilot.pause()
        assert not isinstance(app.screen, LastTrickScreen)  # none played yet: a word, no dialog
        while not screen.match.state.tricks:
            await wait_for(pilot, lambda: screen.human_to_move() is not None)
            before = len(screen.match.record)
            await pilot.press("h", "enter")
            await wait_for(pilot, lambda: len(screen.match.record) > before)
        await wait_for(pilot, lambda: screen.human_to_move() is not None)
        finished = screen.match.state.tricks[-1]
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LastTrickScreen))
        names = [g.label for g in app.screen.groups]
        assert names == [screen.match.names()[s] for s, _ in finished[0]]
        await pilot.press("x")
        await wait_for(pilot, lambda: app.screen is screen)


async def test_faces_grow_with_the_terminal(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start(seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_table(app, pilot)
        assert screen.has_class("-cards-small") and screen.card_size.name == "small"
        await pilot.resize_terminal(120, 36)
        await wait_for(pilot, lambda: screen.has_class("-cards-medium"))
        await pilot.pause()
        assert screen.query_one(HandView).size.height == 6
        await pilot.resize_terminal(160, 48)
        await wait_for(pilot, lambda: screen.has_class("-cards-large"))
        await pilot.pause()
        hand = screen.query_one(HandView)
        assert hand.size.height == 8 and hand.card_size.name == "large"


async def test_a_pause_shows_the_moment_it_holds_not_the_next_deal(make_app) -> None:  # type: ignore[no-untyped-def]
    """At the showdown that ends hand 1, the table shows hand 1 (its header, its last cards
    in front of the seats), not the deal of hand 2 that has already happened in the rules."""
    app = make_app(start=start("human,medium,medium,medium", seed=7))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await to_table(app, pilot)
        state = screen.match.state
        while not (state.phase == "play" and len(state.hands[0]) == 2):
            await wait_for(pilot, lambda: screen.human_to_move() is not None)
            before = len(screen.match.record)
            await pilot.press("h", "enter")
            await wait_for(pilot, lambda: len(screen.match.record) > before)
            state = screen.match.state
            if state.hand_no > 1:
                raise AssertionError("hand 1 ended before South played its last trick")
        app.settings.pace = "normal"  # the showdown is held for a while, or until a key
        await pilot.press("h", "enter")
        await wait_for(pilot, lambda: any(e.kind == "showdown" for e in screen.holding), timeout=20)
        assert screen.match.state.hand_no == 2  # the rules have moved on ...
        header = str(screen.query_one("#table-header", Static).render())
        assert "hand 1" in header  # ... the table has not
        felt = str(screen.query_one("#felt").render())
        assert "Showdown" in felt
        shown = screen.holding[[e.kind for e in screen.holding].index("showdown")]
        for code in shown.data["cards"].values():
            assert (
                screen.cs_app.card_style.label(
                    screen.match.state.parse_action(f"play {code}").cards[0]
                )
                in felt
            )
        assert screen.query_one(HandView).cards == []  # South's last card is on the table
        await pilot.press("x")
        await wait_for(pilot, lambda: not screen.holding)
        assert "hand 2" in str(screen.query_one("#table-header", Static).render())
