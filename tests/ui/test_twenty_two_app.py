"""The app driven by keys: picker -> setup -> a whole game, hot-seat privacy, help, undo,
hint, save and resume, the small-terminal message."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import game_over, lift_curtain, start, wait_for
from textual.widgets import Input

from cardsuite.games.twenty_two.screen import TwentyTwoScreen
from cardsuite.match import Match
from cardsuite.records import final_state
from cardsuite.store import Store
from cardsuite.ui.curtain import CurtainScreen
from cardsuite.ui.gameover import GameOverScreen
from cardsuite.ui.help import HelpScreen
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.setup import SetupScreen
from cardsuite.ui.small import TooSmallScreen
from cardsuite.ui.widgets import HandView


def table(app) -> TwentyTwoScreen:  # type: ignore[no-untyped-def]
    screen = app.screen
    assert isinstance(screen, TwentyTwoScreen), type(screen)
    return screen


async def test_picker_setup_and_a_whole_game_to_the_end(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("down", "enter")  # Money is first; Twenty-Two next
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert app.screen.game.id == "twenty-two"
        app.screen.query_one("#seed", Input).value = "29"  # a short game
        await pilot.press("f5")
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        screen = table(app)
        assert screen.match.seed == 29
        assert [s.kind for s in screen.match.seats] == ["human", "medium", "medium", "medium"]
        moves = 0
        while not isinstance(app.screen, GameOverScreen):
            await wait_for(
                pilot,
                lambda: (
                    isinstance(app.screen, GameOverScreen) or screen.human_to_move() is not None
                ),
            )
            if isinstance(app.screen, GameOverScreen):
                break
            before = len(screen.match.record)
            await pilot.press("h", "enter")  # take the hint, and play it
            await wait_for(pilot, lambda: len(screen.match.record) > before)
            moves += 1
            assert moves < 400
        assert screen.match.is_over()
        over = await game_over(pilot)
        assert over.query_one("#gameover-title").render()  # the result is on screen
        # the result went into the statistics (written off the UI thread)
        await app.workers.wait_for_complete()
        stats = app.store.game_stats("twenty-two")
        assert [r.played for r in stats] == [1]
        # and its record, which replays to the final table (issue 14)
        (rec,) = app.store.list_records()
        assert rec.error is None and rec.game == "twenty-two" and "won by" in rec.result
        replayed = final_state(app.store.load_record(rec.path))
        assert replayed.to_json() == screen.match.state.to_json()
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
    # the setup was remembered
    remembered = Store(app.store.home).load_settings()[0].last_setup["twenty-two"]
    assert remembered["seed"] == 29 and remembered["players"] == 4


async def test_hot_seat_curtain_never_shows_the_wrong_hand(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start("human,medium,human", seed=3))
    async with app.run_test(size=(100, 30)) as pilot:
        at_keyboard: int | None = None
        curtains = 0
        for _ in range(50):
            await wait_for(
                pilot,
                lambda: (
                    isinstance(app.screen, (CurtainScreen, GameOverScreen))
                    or (
                        isinstance(app.screen, TwentyTwoScreen)
                        and app.screen.human_to_move() is not None
                    )
                ),
            )
            if isinstance(app.screen, GameOverScreen):
                break
            if isinstance(app.screen, CurtainScreen):
                curtains += 1
                # behind the curtain the table shows nobody's cards
                below = app.screen_stack[-2]
                assert isinstance(below, TwentyTwoScreen)
                assert below.query_one(HandView).face_down
                mover = below.match.to_move()
                await lift_curtain(pilot)
                at_keyboard = mover
                continue
            screen = table(app)
            hand = screen.query_one(HandView)
            seat = screen.human_to_move()
            assert seat == at_keyboard, "a person's turn came without the curtain"
            assert not hand.face_down
            assert [c.code for c in hand.cards] == [c.code for c in screen.match.state.hands[seat]]
            before = len(screen.match.record)
            # keep, lead the lowest card, or follow with the lowest cards: always legal here
            count = len(screen.match.state.trick[0][1]) if screen.match.state.trick else 1
            screen.cursor = 0
            if count > 1:
                await pilot.press(*["space", "right"] * count)
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(screen.match.record) > before)
        assert curtains >= 3


async def test_help_opens_and_closes_back_to_the_same_place(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start())
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        screen = table(app)
        await wait_for(pilot, lambda: screen.human_to_move() is not None)
        await pilot.press("right", "space")
        state = json.dumps(screen.match.state.to_json())
        selected = set(screen.selected)
        for key in ("question_mark", "f1"):
            await pilot.press(key)
            await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
            assert "Twenty-Two" in app.screen.source and app.screen.query(".help-section")
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is screen)
            assert json.dumps(screen.match.state.to_json()) == state
            assert screen.selected == selected and screen.cursor == 1
        # and from the picker
        app.pop_screen()
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))


async def test_undo_goes_back_to_the_previous_decision(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start(seed=5))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        screen = table(app)
        await wait_for(pilot, lambda: screen.human_to_move() is not None)
        first = json.dumps(screen.match.state.to_json())
        await pilot.press("h", "enter")
        await wait_for(
            pilot,
            lambda: (
                screen.human_to_move() is not None
                and json.dumps(screen.match.state.to_json()) != first
            ),
        )
        assert len(screen.match.record) > 1  # the bots moved too
        await pilot.press("u")
        await wait_for(pilot, lambda: json.dumps(screen.match.state.to_json()) == first)
        assert screen.human_to_move() is not None


async def test_hint_selects_the_medium_bots_choice(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start(seed=9))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        screen = table(app)
        for _ in range(6):
            await wait_for(pilot, lambda: screen.human_to_move() is not None)
            seat = screen.human_to_move()
            want = screen.match.hint(seat)
            await pilot.press("h")
            hand = screen.match.state.hands[seat]
            picked = sorted(hand[i].rank for i in screen.selected)
            assert picked == sorted(c.rank for c in want.cards)
            before = len(screen.match.record)
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(screen.match.record) > before)
            assert screen.match.record[before][:2] == (seat, str(want)) or (
                screen.match.record[before][1].split()[0] == str(want).split()[0]
            )


async def test_illegal_choice_is_refused_and_changes_nothing(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start(seed=4))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        screen = table(app)
        # get to a trick where South must follow
        for _ in range(40):
            await wait_for(pilot, lambda: screen.human_to_move() is not None)
            st = screen.match.state
            if st.phase == "play" and st.trick:
                break
            before = len(screen.match.record)
            await pilot.press("h", "enter")
            await wait_for(pilot, lambda: len(screen.match.record) > before)
        before = json.dumps(screen.match.state.to_json())
        n = len(screen.match.state.hands[0])
        await pilot.press(*["space", "right"] * min(n, 3))  # too many cards, or the wrong ones
        await pilot.press("enter")
        await pilot.pause()
        if len(screen.selected) != len(screen.match.state.trick[0][1]):
            assert json.dumps(screen.match.state.to_json()) == before
            assert any("Not allowed" in (n.title or "") for n in app._notifications)


async def test_save_and_resume_continue_identically(make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    request = start("human,medium,easy,hard", seed=21)

    async def play_moves(app, pilot, count: int) -> None:  # type: ignore[no-untyped-def]
        screen = table(app)
        for _ in range(count):
            await wait_for(pilot, lambda: screen.human_to_move() is not None)
            before = len(screen.match.record)
            await pilot.press("h", "enter")
            await wait_for(pilot, lambda: len(screen.match.record) > before)
        await wait_for(pilot, lambda: screen.human_to_move() is not None)

    app = make_app(start=request)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        await play_moves(app, pilot, 3)
        await pilot.press("ctrl+s")
        saves = app.store.list_saves()
        assert len(saves) == 1 and saves[0].error is None
        (rec,) = app.store.list_records()  # a saved game's record, up to the save
        assert rec.result == "unfinished"
        saved = app.store.load_save(saves[0].path)["state"]
        assert final_state(app.store.load_record(rec.path)).to_json() == saved
        await play_moves(app, pilot, 6)
        reference = table(app).match.state.to_json()

    resumed = make_app()
    async with resumed.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(resumed.screen, PickerScreen))
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(resumed.screen, TwentyTwoScreen))
        await play_moves(resumed, pilot, 6)
        assert table(resumed).match.state.to_json() == reference


async def test_damaged_save_is_reported_and_left_alone(make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    saves = private_home / "saves"
    saves.mkdir(parents=True)
    bad = saves / "broken.json"
    bad.write_text('{"kind": "cardsuite-save", "schema": 1, "game": "twenty-two", "state": {}}')
    data = bad.read_bytes()
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert any("Cannot resume" in (n.title or "") for n in app._notifications)
    assert bad.read_bytes() == data


async def test_small_terminal_says_so(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start())
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        await pilot.resize_terminal(60, 20)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert "80 × 24" in str(app.screen.query_one("#too-small").render())
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))


async def test_resumed_match_from_save_data_matches(make_app) -> None:  # type: ignore[no-untyped-def]
    """Match.to_save/from_save alone (no screen) also continue identically."""
    from cardsuite.match import SeatSpec

    seats = [SeatSpec("human", "A"), SeatSpec("medium", "B"), SeatSpec("easy", "C")]
    m = Match.new("twenty-two", seats, seed=8)
    for _ in range(5):
        seat = m.to_move()
        m.apply(m.hint(seat) if m.is_human(seat) else m.choose_bot(seat))
    copy = Match.from_save(json.loads(json.dumps(m.to_save())))
    for _ in range(30):
        if m.is_over():
            break
        seat = m.to_move()
        a = m.hint(seat) if m.is_human(seat) else m.choose_bot(seat)
        b = copy.hint(seat) if copy.is_human(seat) else copy.choose_bot(seat)
        assert str(a) == str(b)
        m.apply(a)
        copy.apply(b)
    assert m.state.to_json() == copy.state.to_json()
