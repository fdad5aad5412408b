"""Learn from this game, by keys (``ui/quiz.py``, issue 37 item 3): from the history and from
the game-over dialog, the quiz is prepared in a worker, sets the position up as the player
saw it (no other seat's hidden card on screen), refuses an illegal choice with its reason and
reveals the bot's choice, the cost and the verdict."""

from __future__ import annotations

from casino_records import casino_record
from helpers import game_over, wait_for
from textual.geometry import Region
from textual.widgets import Input, OptionList

from cardsuite.games import get_game
from cardsuite.games.twenty_two.screen import TwentyTwoScreen
from cardsuite.match import Match, SeatSpec
from cardsuite.ui.gameover import GameOverScreen
from cardsuite.ui.history import HistoryScreen
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.quiz import QuizScreen
from cardsuite.ui.replay import move_text
from cardsuite.ui.widgets import card_style

#: The quiz searches with three times the hard bot's budget: 300 iterations here (the cap
#: binds long before the time), as ``tests/records/test_quiz.py`` does.
QUIZ_BOTS = {"hard": {"iterations": 100, "time_budget": 20.0}}


def screen_text(app) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_the_quiz_from_the_history(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(bot_options=QUIZ_BOTS)
    app.store.save_record(casino_record("trail 10H").to_text(), "african-casino-quiz.txt")
    async with app.run_test(size=(120, 36), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        history = app.screen
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, QuizScreen))
        quiz = app.screen
        await wait_for(pilot, lambda: quiz.quiz is not None, timeout=60)
        await pilot.pause()
        (q,) = quiz.quiz.questions
        text = screen_text(app)
        assert "clear mistake 1 of 1" in text and "Your hand" in text
        cs = card_style(quiz)
        assert move_text("10H", cs).plain in text and move_text("JC", cs).plain in text
        # the other seat's hidden cards never show (its 10S above all)
        hidden = [c for c in q.state.view(1)["hand"] if c not in q.state.view(0)["hand"]]
        assert "10S" in hidden
        for code in hidden:
            assert move_text(code, cs).plain not in text, code
        # an illegal choice, typed: refused with the rules' reason, nothing answered
        quiz.query_one(Input).focus()
        await pilot.press(*"trail 10S", "enter")
        await pilot.pause()
        assert any("you do not hold 10S" in n.message for n in app._notifications)
        assert quiz.answers == {}
        # the bot's choice, from the list by keys: taken, and the answer revealed
        choices = quiz.query_one(OptionList)
        choices.focus()
        for _ in range(q.choices().index(q.decision.best)):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert quiz.answers and q.is_best(quiz.answers[0])
        text = screen_text(app)
        assert "Right: that is the bot's choice" in text and "Mistake or bad luck?" in text
        assert "clear mistake 1 of 1 · 1 of 1 right" in text
        assert "A mistake" in text and "points" in text
        assert "visits" not in text and "standard error" not in text
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is history)
        # the preparation belongs to the app: l again finds it done, not started anew
        job = quiz.job
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, QuizScreen))
        again = app.screen
        assert again is not quiz and again.job is job
        await wait_for(pilot, lambda: again.quiz is not None)
        assert "clear mistake 1 of 1" in screen_text(app)


def last_trick_match() -> Match:
    """Twenty-Two, two players on 21 penalty points each, two cards each, South (the
    person) to lead: the trick and the showdown after it end the game (T22-ELIM-1)."""
    game = get_game("twenty-two")
    data = game.new_state(players=2, seed=5, dealer=1).to_json()
    data.update(phase="play", exchange_queue=[], turn=0, scores=[21, 21], deal_size=2)
    for s in (0, 1):
        data["played"] += data["hands"][s][2:]
        data["hands"][s] = data["hands"][s][:2]
    data["played"] += data["stock"]
    data["stock"] = []
    state = game.from_json(data)
    return Match(game, state, [SeatSpec("human", "South"), SeatSpec("medium", "North")], 5)


async def test_the_quiz_from_the_game_over_dialog(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(bot_options=QUIZ_BOTS)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.open_table(last_trick_match())
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        table = app.screen
        await wait_for(pilot, lambda: table.human_to_move() is not None)
        await pilot.press("enter")  # South leads; the game ends
        over = await game_over(pilot)
        for button in ("#rematch", "#picker", "#view", "#learn"):  # all four fit at 80x24
            region = over.query_one(button).region
            assert Region(0, 0, 80, 24).contains_region(region), button
        assert "l learn · v or esc" in screen_text(app)
        assert over.query_one("#gameover-keys").region.height == 1  # one line at 80x24
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, QuizScreen))
        quiz = app.screen
        await wait_for(pilot, lambda: quiz.quiz is not None, timeout=60)
        await pilot.pause()
        assert quiz.quiz.review.reviewed >= 1
        text = screen_text(app)
        if quiz.quiz.questions:
            assert "clear mistake 1 of" in text
        else:  # kindly, never an empty quiz
            assert quiz.quiz.none_words()[:30] in text
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is over)
        await pilot.press("v")
        await wait_for(pilot, lambda: app.screen is table)


async def test_the_dialog_asks_whose_quiz_when_several_people_played(make_app) -> None:  # type: ignore[no-untyped-def]
    from cardsuite.ui.choice import ChoiceScreen

    app = make_app(bot_options=QUIZ_BOTS)
    match = last_trick_match()
    match.seats = [SeatSpec("human", "South"), SeatSpec("human", "North")]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        over = GameOverScreen(match)
        app.push_screen(over)
        await wait_for(pilot, lambda: bool(over.query("#view")))
        assert over.query("#learn")
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert "Whose quiz?" in screen_text(app) and "North" in screen_text(app)
        await pilot.press("2")
        await wait_for(pilot, lambda: isinstance(app.screen, QuizScreen))
        assert app.screen.seat == 1
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is over)


async def test_the_dialog_offers_no_quiz_without_a_person(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(bot_options=QUIZ_BOTS)
    match = last_trick_match()
    match.seats = [SeatSpec("medium", "South"), SeatSpec("medium", "North")]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        over = GameOverScreen(match)
        app.push_screen(over)
        await wait_for(pilot, lambda: bool(over.query("#view")))
        assert not over.query("#learn") and "learn" not in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        assert app.screen is over


async def test_a_record_that_stops_replaying_says_why(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(bot_options=QUIZ_BOTS)
    rec = casino_record("trail 10H", "trail 10S")  # Ann never held the 10S
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        quiz = QuizScreen(rec, 0)
        app.push_screen(quiz)
        shown = lambda: any(w.display for w in quiz.query("#quiz-none"))  # noqa: E731
        await wait_for(pilot, shown, timeout=60)
        await pilot.pause()
        text = screen_text(app)
        assert "No quiz: line 14" in text and "10S" in text
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is not quiz)


async def test_moving_on_stops_a_quiz_being_prepared(make_app) -> None:  # type: ignore[no-untyped-def]
    """A rematch or the picker from the dialog, or leaving the history, stops the app's
    preparation (a new game's hard bot needs the cores); the table's view keeps it going."""
    from cardsuite.ui.quiz_job import quiz_job

    app = make_app(bot_options=QUIZ_BOTS)
    slow = (10**6, 2.0)  # the time binds: a search long enough to be under way
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("v", "p"):
            over = GameOverScreen(last_trick_match())
            app.push_screen(over)
            await wait_for(pilot, lambda: bool(over.query("#view")))
            job = quiz_job(app, casino_record("trail 10H"), 0, slow)
            await pilot.press(key)
            await wait_for(pilot, lambda: app.screen is not over)
            assert job.worker is not None and job.worker.is_cancelled == (key == "p")
            job.worker.cancel()
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        job = quiz_job(app, casino_record("trail 10H"), 0, slow)
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, HistoryScreen))
        assert job.worker is not None and job.worker.is_cancelled


async def test_the_quiz_draws_no_suit_symbol_in_ascii_mode(make_app) -> None:  # type: ignore[no-untyped-def]
    """Its hand, table, log, choices and answer all go through the card style."""
    app = make_app(bot_options=QUIZ_BOTS, ascii=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        quiz = QuizScreen(casino_record("trail 10H"), 0)
        app.push_screen(quiz)
        await wait_for(pilot, lambda: quiz.quiz is not None, timeout=60)
        await pilot.pause()
        assert quiz.choose(quiz.quiz.questions[0].decision.best)
        await pilot.pause()
        text = screen_text(app)
        assert "10H" in text and "Right: that is the bot's choice" in text
        assert not set("♠♥♦♣") & set(text)


def test_quiz_snapshot(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    """The look of a question answered at 80x24: the position as the player saw it, the
    choices, and the answer in place of the log (the iteration cap binds: repeatable)."""
    app = make_app(bot_options=QUIZ_BOTS)

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.pause()
        quiz = QuizScreen(casino_record("trail 10H"), 0)
        app.push_screen(quiz)
        await wait_for(pilot, lambda: quiz.quiz is not None, timeout=60)
        await pilot.pause()
        q = quiz.quiz.questions[0]
        for _ in range(q.choices().index(q.decision.best)):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
