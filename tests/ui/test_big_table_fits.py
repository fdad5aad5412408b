"""Twelve players at 80x24 (issue 32: the table panel listed P1-P6 and the scores P1-P11,
with nothing saying there was more, and the trick's line touched the edge): every seat can
be reached, the scores all show, and the trick keeps a column from each edge."""

from __future__ import annotations

from helpers import screen_of, wait_for
from rich.text import Text
from textual.containers import VerticalScroll

from cardsuite.cards import Card
from cardsuite.match import SeatSpec
from cardsuite.ui.app import StartRequest
from cardsuite.ui.cardart import CardStyle
from cardsuite.ui.felt import FeltScene, Play, SeatSpot, TrickFelt
from cardsuite.ui.trick_table import TrickTableScreen


async def test_twelve_seats_are_all_reachable_at_80x24(make_app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSpec("human", "P1")] + [SeatSpec("easy", f"P{i + 1}") for i in range(1, 12)]
    app = make_app(start=StartRequest("twenty-two", seats, None, {}, 3))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await screen_of(pilot, TrickTableScreen)
        await wait_for(pilot, lambda: table.human_to_move() == 0)
        await pilot.pause()
        box = table.query_one("#seat-list-box", VerticalScroll)
        assert box.max_scroll_y > 0  # twelve rows do not fit: the list scrolls ...
        assert box.scroll_y == 0  # ... to the seat to move (P1, the first row)
        assert "▼" in str(box.border_subtitle) and "more" in str(box.border_subtitle)
        while box.scroll_y < box.max_scroll_y:  # PgDn reaches the last seat
            before = box.scroll_y
            await pilot.press("pagedown")
            await wait_for(pilot, lambda: box.scroll_y > before)
        assert "▲" in str(box.border_subtitle) and "▼" not in str(box.border_subtitle)
        sheet = table.query_one("#sheet")
        assert sheet.size.height >= 1 + 12  # every seat's score in sight, under the heads


def test_a_big_trick_in_words_keeps_off_the_edges() -> None:
    """Twelve plays are too many for faces in the felt's 53 columns: the title and the plays
    (whole ones to a row) start a column in, as everything else on the felt does."""
    names = [f"P{i + 1}" for i in range(12)]
    cards = ["2S", "2H", "5H", "5S", "3S", "5D", "KD", "KH", "3D", "3H", "2C", "2D"]
    scene = FeltScene(
        title="Trick 1 · singles",
        seats=[SeatSpot(s, Text(names[s])) for s in range(12)],
        plays=[Play(s, [Card.parse(c)], highlight=s == 7) for s, c in enumerate(cards)],
        names=names,
    )
    felt = TrickFelt()
    felt.scene = scene
    text = felt._row(53, 7, CardStyle())
    lines = text.plain.split("\n")
    assert lines[0] == " Trick 1 · singles"
    assert len(lines) > 2 and all(line.startswith(" P") for line in lines[1:])
    assert all(len(line) <= 52 for line in lines)  # a column from the right edge too
    plays = " ".join(lines[1:]).split()
    assert plays[plays.index("P12:") + 1] == "2♦"  # no play split over two rows
