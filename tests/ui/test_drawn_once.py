"""What the screens measure or draw again and again is worked out once: the rules' sections
(``help.ThemedMarkdown``) and the picker's room for the longest summary (``picker.GameList``)
once for each width (and colours), where each layout and scroll worked them out again; the
hand and the trick table's felt once for what they show, where a table drew them again after
every event."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import wait_for
from rich.console import Console
from textual.geometry import Size

import cardsuite.ui.picker as picker
from cardsuite.ui.help import ThemedMarkdown


def _lines(console: Console, section: ThemedMarkdown, width: int) -> list[Any]:
    return console.render_lines(section, console.options.update_width(width))


def test_a_rules_section_is_drawn_once_for_each_width_and_colours() -> None:
    colours = {"felt-title": "#ff0000"}
    section = ThemedMarkdown(
        "## Dealing\n\nEach player gets " + "five cards " * 20, lambda: colours
    )
    drawings = 0
    real = section.markdown.__rich_console__

    def counting(console: Console, options: Any) -> Any:
        nonlocal drawings
        drawings += 1
        return real(console, options)

    section.markdown.__rich_console__ = counting  # type: ignore[method-assign]
    console = Console(width=100, color_system="truecolor")
    first = _lines(console, section, 60)
    assert _lines(console, section, 60) == first and drawings == 1
    narrow = _lines(console, section, 30)
    assert drawings == 2 and len(narrow) > len(first)  # wrapped to the width asked
    colours["felt-title"] = "#0000ff"  # a new theme: drawn again, in its colours
    blue = _lines(console, section, 60)
    assert drawings == 3
    assert any(s.style and s.style.color and s.style.color.name == "#0000ff" for s in blue[0])
    assert not any(s.style and s.style.color and s.style.color.name == "#0000ff" for s in first[0])


async def test_the_pickers_list_measures_its_summaries_once_for_each_width(
    make_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    measured: list[str] = []
    real = picker.game_row

    def counting(game: Any, whole: bool) -> Any:
        if whole:
            measured.append(game.id)
        return real(game, whole)

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, picker.PickerScreen))
        games = app.screen.query_one(picker.GameList)
        monkeypatch.setattr(picker, "game_row", counting)
        wide = games.get_content_height(Size(100, 30), Size(100, 30), 90)
        assert len(measured) == len(games.games)
        assert games.get_content_height(Size(100, 30), Size(100, 30), 90) == wide
        assert len(measured) == len(games.games)  # not measured again
        narrow = games.get_content_height(Size(60, 30), Size(60, 30), 56)
        assert len(measured) == 2 * len(games.games) and narrow > wide


async def test_the_hand_and_the_felt_draw_again_only_when_what_they_show_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table shows its hand and its felt again after every event; most often they are what
    is already drawn (four felts in ten in a trick game's play)."""
    from textual.app import App, ComposeResult

    from cardsuite.cards import Card
    from cardsuite.ui.cardart import SMALL
    from cardsuite.ui.felt import FeltScene, Play, SeatSpot, TrickFelt
    from cardsuite.ui.widgets import HandView

    drawn: list[str] = []
    for cls in (HandView, TrickFelt):
        real = cls.render

        def counting(self: Any, _real: Any = real) -> Any:
            drawn.append(type(self).__name__)
            return _real(self)

        monkeypatch.setattr(cls, "render", counting)

    class _Table(App[None]):
        def compose(self) -> ComposeResult:
            yield TrickFelt()
            yield HandView()

    def scene(*cards: str) -> FeltScene:
        from rich.text import Text

        seats = [SeatSpot(s, Text(f"Seat {s}"), backs=5) for s in range(4)]
        return FeltScene("Trick", seats, [Play(0, [Card.parse(c) for c in cards])])

    app = _Table()
    async with app.run_test(size=(100, 30)) as pilot:
        hand, felt = app.query_one(HandView), app.query_one(TrickFelt)
        cards = [Card.parse(c) for c in ("AS", "KH", "7C")]
        hand.show(cards, cursor=0, size=SMALL)
        felt.show(scene("QS"), SMALL)
        await pilot.pause()
        drawn.clear()
        hand.show(list(cards), cursor=0, selected=set(), size=SMALL)  # the same, made anew
        felt.show(scene("QS"), SMALL)
        await pilot.pause()
        assert drawn == []
        hand.show(cards, cursor=1, size=SMALL)  # the cursor moved
        await pilot.pause()
        assert drawn == ["HandView"]
        felt.show(scene("QS", "JS"), SMALL)  # a card played
        hand.show_backs(3, SMALL)
        await pilot.pause()
        assert sorted(drawn) == ["HandView", "HandView", "TrickFelt"]
