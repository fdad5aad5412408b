"""A lesson's table as the learner sees it at 80x24 and 120x36: Twenty-Two's exchange with
its rule in the panel beside the table (no card hidden) and the suggestion, with its
reason, in the status line. Refresh deliberately with ``pytest --snapshot-update``."""

from __future__ import annotations

import pytest
from helpers import screen_of, wait_for

from cardsuite.ui.app import LessonRequest
from cardsuite.ui.lesson import LessonTable


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_lesson_exchange(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=LessonRequest("twenty-two"))

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        table = await screen_of(pilot, LessonTable)
        await pilot.press("x")  # past the opening words
        await wait_for(pilot, lambda: table._suggestion is not None and not table._reading)
        app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
