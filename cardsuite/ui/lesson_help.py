"""The rules help opened at a section (a lesson's "more on this rule"): the app's help
screen for the game, scrolled so the section's heading is at the top."""

from __future__ import annotations

from typing import Any

from textual.containers import VerticalScroll
from textual.widgets import Static

from .help import HelpScreen


def open_help_at(app: Any, game_id: str, heading: str | None) -> None:
    """Open ``game_id``'s rules (``CardSuiteApp.open_help``) at the section titled
    ``heading`` (its top when None or when the help has no such section)."""
    app.open_help(game_id)
    screen = app.screen
    if not isinstance(screen, HelpScreen) or not heading:
        return
    index = next((i for i, (_, title, _) in enumerate(screen.parts) if title == heading), None)
    if index is None:
        return

    def scroll() -> None:
        if app.screen is not screen:
            return
        body = screen.query_one("#help", VerticalScroll)
        body.scroll_to_widget(screen.query_one(f"#sec-{index}", Static), top=True, animate=False)

    screen.call_after_refresh(scroll)


__all__ = ["open_help_at"]
