"""Random keys, raw bytes and resizes on a lesson raise nothing: the panel's waits, the
suggestions, the bids' dialogs, the summary and its keys among them (``test_monkey.py``'s
monkey; ``CARDSUITE_FULL=1`` runs more bursts)."""

from __future__ import annotations

from helpers import wait_for
from test_monkey import BURSTS, KEYS, Monkey

from cardsuite.ui.app import LessonRequest
from cardsuite.ui.lesson import LessonTable


async def test_monkey_on_a_lesson(make_app) -> None:  # type: ignore[no-untyped-def]
    """Mensch's: cards, bids and calls in dialogs, the panel's waits."""
    game = "mensch"
    app = make_app(start=LessonRequest(game))
    async with app.run_test(size=(90, 28)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LessonTable))
        monkey = Monkey(app, pilot, 11, [*KEYS, "c", "x", "x", "enter", "enter"])
        for _ in range(BURSTS):
            await monkey.burst()
            if monkey.quit:
                break
            if not any(isinstance(s, LessonTable) for s in app.screen_stack):
                app.back_to_picker()  # the keys left the lesson: into it again
                await pilot.pause()
                app.open_lesson(game)
                await wait_for(pilot, lambda: isinstance(app.screen, LessonTable))
        assert app.is_running or monkey.quit
        monkey.report(f"lesson {game}")
        assert monkey.counts["LessonScreen"] > 0
