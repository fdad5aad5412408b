"""A game's rules as a Markdown screen with a table of contents.

Escape (or q) closes it and returns to exactly where you were: it is pushed on top of the
picker or the table and popped, so nothing underneath is rebuilt. The app keeps one installed
help screen per game, so the Markdown is parsed and laid out only the first time.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, MarkdownViewer, Static

from ..engine import Game
from .closing import close_once


class HelpScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Back"),
        Binding("t", "toggle_toc", "Contents"),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        yield Static(f"{self.game.name}: rules", classes="table-header")
        yield MarkdownViewer(self.game.help_text(), show_table_of_contents=True, id="help")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).focus()

    def on_screen_resume(self) -> None:
        self._cardsuite_closing = False  # kept between visits: it may close again

    def action_close(self) -> None:
        close_once(self)

    def action_toggle_toc(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents
