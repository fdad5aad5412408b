"""A game's rules: its ``help.md`` with a list of contents beside it.

Escape (or q) closes it and returns to exactly where you were: it is pushed on top of the
picker or the table and popped, so nothing underneath is rebuilt. The app keeps one installed
help screen per game, so it is built only the first time.

The Markdown is drawn by Rich, one section (a heading and what follows it) per widget: a
dozen widgets instead of the hundreds of Textual's ``MarkdownViewer``, whose building and
restyling made the screen take half a second to open and close. Choosing a heading in the
contents scrolls to its section.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown
from rich.segment import Segment
from rich.style import Style
from rich.theme import Theme
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..engine import Game
from .cardart import rich_colour, suit_text
from .closing import close_once

_HEADING = re.compile(r"^(#{1,3})\s+(.*)$")


def sections(text: str) -> list[tuple[int, str, str]]:
    """The help split at its headings: (level, heading, Markdown of the section). Text
    before the first heading, if any, is a section of its own without a heading."""
    out: list[tuple[int, str, list[str]]] = []
    fence = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fence = not fence
        m = None if fence else _HEADING.match(line)
        if m:
            out.append((len(m.group(1)), m.group(2).strip(), [line]))
        elif out:
            out[-1][2].append(line)
        else:
            out.append((0, "", [line]))
    return [(level, title, "\n".join(lines).strip()) for level, title, lines in out]


def markdown_theme(colours: Mapping[str, str]) -> Theme:
    """Rich's Markdown styles in the table's colours (``themes.table_variables``: readable on
    the felt in every theme). Rich's own are the terminal's magenta and cyan, which Textual
    draws as #f4005f and the like: headings at 2.3 to 1 on the felt."""
    title = rich_colour(colours.get("felt-title", ""), "default")
    accent = rich_colour(colours.get("felt-accent", ""), title)
    text = rich_colour(colours.get("felt-text", ""), "default")
    return Theme(
        {
            "markdown.h2": Style(color=title, bold=True, underline=True),
            "markdown.h3": Style(color=title, bold=True),
            "markdown.h4": Style(color=title, italic=True),
            "markdown.code": Style(color=accent, bold=True),
            "markdown.code_block": Style(color=accent),
            "markdown.block_quote": Style(color=text, italic=True),
            "markdown.list": Style(color=title),
            "markdown.item.number": Style(color=title),
            "markdown.link": Style(color=accent, underline=True),
            "markdown.link_url": Style(color=accent, underline=True),
            "markdown.table.border": Style(color=title),
            "markdown.table.header": Style(color=title, bold=True),
            "markdown.kbd": Style(color=accent, bold=True),
        }
    )


class ThemedMarkdown:
    """Markdown drawn with ``markdown_theme`` of the app's colours as they are when it is
    drawn (a theme chosen in the palette restyles it)."""

    #: drawings kept, by width and colours (a resize, a theme, and back)
    KEPT = 4

    def __init__(self, text: str, colours: Callable[[], Mapping[str, str]]) -> None:
        self.markdown = Markdown(text)
        self.colours = colours
        self._drawn: dict[tuple[object, ...], list[Segment]] = {}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """The section's segments, drawn once for each width and colours: Textual asks for
        them at every layout of the screen and every scroll (44,000 drawings of the rules'
        sections in four Pilot test files, 4% of what they spent)."""
        colours = self.colours()
        key = (
            options.max_width,
            options.min_width,
            options.height,
            options.max_height,
            options.justify,
            options.overflow,
            options.no_wrap,
            options.encoding,
            options.legacy_windows,
            tuple(colours.items()),
        )
        segments = self._drawn.get(key)
        if segments is None:
            with console.use_theme(markdown_theme(colours)):
                # every segment made while the theme is in use (Rich looks styles up lazily)
                segments = list(console.render(self.markdown, options))
            if len(self._drawn) >= self.KEPT:
                del self._drawn[next(iter(self._drawn))]
            self._drawn[key] = segments
        yield from segments


class HelpScreen(Screen[None]):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Back"),
        Binding("t", "toggle_toc", "Contents"),
    ]

    def __init__(self, game: Game, ascii: bool = False) -> None:
        """``ascii``: the rules' suit symbols (``10♦``) drawn as letters, as the cards are."""
        super().__init__()
        self.game = game
        self.source = suit_text(game.help_text(), ascii)
        self.parts = sections(self.source)

    def compose(self) -> ComposeResult:
        yield Static(f"{self.game.name}: rules", classes="table-header")
        with Horizontal(id="help-body"):
            yield OptionList(
                *[
                    Option(("  " * max(0, level - 2)) + title, id=f"toc-{i}")
                    for i, (level, title, _) in enumerate(self.parts)
                    if title
                ],
                id="help-toc",
            )
            with VerticalScroll(id="help"):
                for i, (_, _, text) in enumerate(self.parts):
                    yield Static(
                        ThemedMarkdown(text, self._colours), id=f"sec-{i}", classes="help-section"
                    )
        yield Footer()

    def _colours(self) -> Mapping[str, str]:
        return getattr(self.app, "theme_variables", None) or self.app.get_css_variables()

    def on_mount(self) -> None:
        self.query_one("#help", VerticalScroll).focus()

    def on_screen_resume(self) -> None:
        self._cardsuite_closing = False  # kept between visits: it may close again

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = str(event.option.id).removeprefix("toc-")
        section = self.query_one(f"#sec-{index}", Static)
        self.query_one("#help", VerticalScroll).scroll_to_widget(section, top=True)

    def action_close(self) -> None:
        close_once(self)

    def action_toggle_toc(self) -> None:
        toc = self.query_one("#help-toc", OptionList)
        toc.display = not toc.display
