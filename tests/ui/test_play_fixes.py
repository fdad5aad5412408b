"""What play-testing found (issue 8), each pinned by a test that fails without its fix."""

from __future__ import annotations

from collections import Counter

from helpers import game_over, lift_curtain, start, wait_for
from rich.console import Console
from textual.widgets import Button, Footer, Static

from cardsuite.games import get_game
from cardsuite.games.twenty_two.screen import TwentyTwoScreen
from cardsuite.match import Match, SeatSpec
from cardsuite.ui.curtain import CurtainScreen
from cardsuite.ui.gameover import GameOverScreen
from cardsuite.ui.table import TableScreen


def last_trick_match(kinds: tuple[str, str] = ("human", "medium")) -> Match:
    """Two players on 21 penalty points each, two cards each, South to lead: the trick and
    the showdown after it end the game (T22-ELIM-1)."""
    game = get_game("twenty-two")
    data = game.new_state(players=2, seed=5, dealer=1).to_json()
    data.update(phase="play", exchange_queue=[], turn=0, scores=[21, 21], deal_size=2)
    for s in (0, 1):
        data["played"] += data["hands"][s][2:]
        data["hands"][s] = data["hands"][s][:2]
    data["played"] += data["stock"]
    data["stock"] = []
    state = game.from_json(data)
    return Match(game, state, [SeatSpec(kinds[0], "South"), SeatSpec(kinds[1], "North")], 5)


async def lead_the_last_trick(app, pilot) -> TwentyTwoScreen:  # type: ignore[no-untyped-def]
    """Open ``last_trick_match`` and lead South's first card."""
    await pilot.pause()
    app.open_table(last_trick_match())
    await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
    screen = app.screen
    await wait_for(pilot, lambda: screen.human_to_move() is not None)
    await pilot.press("enter")
    return screen


def status(screen: TableScreen) -> str:
    return str(screen.query_one("#status", Static).render())


async def test_the_last_showdown_shows_then_the_result_then_view_table_stays(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(pace="normal")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await lead_the_last_trick(app, pilot)  # North follows; the showdown ends it
        await wait_for(pilot, lambda: screen.match.is_over(), timeout=20)
        await wait_for(pilot, lambda: any(e.kind == "showdown" for e in screen.holding))
        # the deciding showdown is on the table, and the result waits for it
        assert "Showdown" in str(screen.query_one("#felt").render())
        assert not isinstance(app.screen, GameOverScreen)
        await pilot.press("x")
        over = await game_over(pilot)
        assert over.query_one("#view", Button).has_focus  # a stray enter only closes it
        console = Console(width=80, record=True)
        console.print(over._scores())
        assert "South (you)" in console.export_text()
        await pilot.press("v")
        await wait_for(pilot, lambda: app.screen is screen)
        for _ in range(10):  # it stays closed: nothing brings it back by itself
            await pilot.pause(0.05)
            assert app.screen is screen
        screen.advance()
        await pilot.pause()
        assert app.screen is screen
        assert "Result" in str(app.screen.query_one(Footer).render()) or screen.check_action(
            "result", ()
        )
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))


async def test_keys_after_the_end_say_so_once(make_app) -> None:  # type: ignore[no-untyped-def]
    """Play-tested: enter pressed on after the end stacked "It is not your turn." toasts
    over the whole table. It says the game is over, and once however often it is pressed."""
    app = make_app(pace="normal")
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        screen = await lead_the_last_trick(app, pilot)
        await wait_for(pilot, lambda: screen.match.is_over(), timeout=20)
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("v")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press(*["enter"] * 6)
        said = [n.message for n in app._notifications]
        assert said.count("The game is over: g shows the result, q the menu.") == 1
        assert "It is not your turn." not in said


async def test_the_wait_pace_waits_for_a_key_and_the_others_say_they_go_on(make_app) -> None:  # type: ignore[no-untyped-def]
    for pace, words, timer in (("wait", "Press any key", False), ("normal", "by itself", True)):
        app = make_app(pace=pace)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await lead_the_last_trick(app, pilot)  # North's answer ends the trick
            await wait_for(pilot, lambda: bool(screen.holding), timeout=20)
            assert words in status(screen)
            assert (screen._hold_timer is not None) is timer


async def test_the_curtain_lifts_only_on_enter_and_swallows_the_next_key(make_app) -> None:  # type: ignore[no-untyped-def]
    now = [1000.0]  # the app's clock stands still: the guard holds however slow the machine
    app = make_app(start=start("human,human", seed=3), clock=lambda: now[0])
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("space")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen), "space lifted the curtain"
        table = app.screen_stack[-2]
        before = len(table.match.record)
        table._guard_until = float("-inf")
        await pilot.press("enter", "enter")  # a double tap: the second must not play
        await wait_for(pilot, lambda: app.screen is table and not table._curtain_up)  # lifted
        await pilot.pause()
        assert app.screen is table and len(table.match.record) == before
        now[0] += table.CURTAIN_GUARD  # the moment has passed
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(table.match.record) > before)


async def test_hot_seat_offers_no_hint_or_undo_keys(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start("human,medium,human", seed=3))
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await lift_curtain(pilot)
        screen = app.screen
        assert screen.check_action("hint", ()) is False
        assert screen.check_action("undo", ()) is False
        await pilot.pause()
        footer = " ".join(str(w.render()) for w in screen.query_one(Footer).query("*"))
        # (the hand's key in the exchange is enter's "Exchange")
        assert "Hint" not in footer and "Undo" not in footer and "Exchange" in footer


#: How the status line starts while it says a hint (its fuller and shorter forms).
HINTED = ("Medium bot's hint: ", "Hint: ")


async def test_the_hint_speaks_in_symbols_in_the_status_line_until_the_move(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start(seed=9))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.human_to_move() is not None)
        await pilot.press("h")
        await pilot.pause()
        said = status(screen)
        assert said.startswith(HINTED)
        assert any(s in said for s in "♠♥♦♣") or "keep" in said
        assert not any("Hint" in (n.title or "") for n in app._notifications)  # no toast
        before = len(screen.match.record)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(screen.match.record) > before)
        await pilot.pause()
        assert not status(screen).startswith(HINTED)


async def test_after_an_exchange_the_drawn_cards_show_before_the_curtain(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start("human,human", seed=3))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await lift_curtain(pilot)
        screen = app.screen
        before = list(screen.view()["hand"])
        await pilot.press("space", "right", "space", "enter")  # throw two cards away
        await wait_for(pilot, lambda: bool(screen.holding))
        assert not isinstance(app.screen, CurtainScreen)  # the curtain waits ...
        hand = screen.view()["hand"]
        drawn = [c for i, c in enumerate(hand) if i in screen.hinted]
        assert len(drawn) == 2 and Counter(hand) - Counter(before) == Counter(drawn)
        assert "You drew" in status(screen)
        await pilot.press("x")  # ... for a key
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))


async def test_the_picker_fits_80x24_and_r_resumes_at_once(make_app, private_home) -> None:  # type: ignore[no-untyped-def]
    from textual.widgets import OptionList

    from cardsuite.store import Store
    from cardsuite.ui.picker import PickerScreen

    store = Store(private_home)
    saved = Match.new("twenty-two", [SeatSpec("human", "S"), SeatSpec("easy", "N")], seed=4)
    store.save_game(saved.to_save())
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.pause()
        picker = app.screen
        games = picker.query_one("#games", OptionList)
        assert games.option_count == len(picker.games)
        # one line a game (the highlighted one's summary whole), all inside their box, and
        # the saves on screen
        assert games.virtual_size.height <= games.scrollable_content_region.height
        assert games.region.bottom <= picker.query_one("#saves").region.y
        saves = picker.query_one("#saves", OptionList)
        assert saves.region.bottom <= 23 and saves.region.height >= 3
        await pilot.press("r")  # the first r resumes
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))


async def test_ascii_mode_reaches_the_picker_banner(make_app) -> None:  # type: ignore[no-untyped-def]
    from cardsuite.ui.picker import PickerScreen

    app = make_app(ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        banner = str(app.screen.query_one("#picker-banner").render())
        assert "S H" in banner and not set("♠♥♦♣") & set(banner)
        app.set_ascii(False)
        await pilot.pause()
        assert "♠" in str(app.screen.query_one("#picker-banner").render())


def test_the_cursor_never_looks_like_a_selected_card() -> None:
    """The cursor's frame is heavy (``#`` in ASCII), a selection only raised and tinted: on a
    selected card the cursor still shows, in every card style."""
    from cardsuite.cards import Card
    from cardsuite.ui.cardart import Canvas, CardStyle, draw_fan

    cards = [Card.parse(c) for c in ("2H", "7S", "9D")]
    for ascii_cards in (False, True):
        cs = CardStyle(ascii=ascii_cards)
        pictures = []
        for cursor in (1, None):
            canvas = Canvas(20, 5)
            draw_fan(canvas, 0, 0, cards, cs, cursor=cursor, selected={1})
            pictures.append(canvas.text().plain)
        with_cursor, selected_only = pictures
        assert with_cursor != selected_only
        assert ("#" if ascii_cards else "┏") in with_cursor
        assert ("#" if ascii_cards else "┏") not in selected_only


async def test_the_browser_splash_click_does_not_take_the_focus(make_app) -> None:  # type: ignore[no-untyped-def]
    """In a browser the click that starts the app reached it at a random place (the saves
    list), and the first keys went there. Clicks are ignored for a moment after start, and
    an empty saves list takes no focus at all."""
    from fakes import FakeClock
    from textual import events
    from textual.widgets import OptionList

    from cardsuite.ui.picker import PickerScreen
    from cardsuite.ui.setup import SetupScreen

    clock = FakeClock(now=10.0)
    app = make_app(clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        games = app.screen.query_one("#games", OptionList)
        saves = app.screen.query_one("#saves", OptionList)
        assert games.has_focus and not saves.can_focus

        async def click_as_a_terminal_would(x: int, y: int) -> None:
            """Through the app's own event handling, as the driver delivers a click (Pilot's
            click goes straight to the screen)."""
            for cls in (events.MouseDown, events.MouseUp):
                event = cls(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y)
                event.set_sender(app)
                app._driver.send_message(event)  # type: ignore[union-attr]
                await pilot.pause()

        row = games.region.y + 2  # a row of the list
        app.click_guard_until = clock.now + app.WEB_CLICK_GUARD  # as in a browser
        await click_as_a_terminal_would(games.region.x + 5, row)  # the splash's click
        assert isinstance(app.screen, PickerScreen) and games.highlighted == 0
        await pilot.press("down")  # the first key goes to the games
        assert games.highlighted == 1
        clock.now += 2  # later clicks are the player's: a click on a game chooses it
        await click_as_a_terminal_would(games.region.x + 5, games.region.y + 1)
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert app.screen.game.id == "money"


async def test_the_rules_open_twice_from_one_screen_and_the_contents_scroll(make_app) -> None:  # type: ignore[no-untyped-def]
    """Issue 8: the rules took 0.8-1.5 s to open. The screen is built once per game and kept;
    its contents list scrolls to a section."""
    from textual.containers import VerticalScroll
    from textual.widgets import OptionList

    from cardsuite.ui.help import HelpScreen, sections

    assert [t for _, t, _ in sections("intro\n# A\ntext\n```\n# not a heading\n```\n## B\n")] == [
        "",
        "A",
        "B",
    ]
    app = make_app(start=start(seed=7))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        table = app.screen
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        first = app.screen
        toc = first.query_one("#help-toc", OptionList)
        await pilot.click("#help-toc")
        toc.highlighted = [
            str(toc.get_option_at_index(i).prompt) for i in range(toc.option_count)
        ].index("Variants")
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert first.query_one("#help", VerticalScroll).scroll_y > 0
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table)
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert app.screen is first  # the same screen, not built again
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table)
