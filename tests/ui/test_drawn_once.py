"""What the screens measure or draw at every layout is worked out once for each width (and
colours): the rules' sections (``help.ThemedMarkdown``) and the picker's room for the longest
summary (``picker.GameList``). Each was worked out again at every layout and scroll."""

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
