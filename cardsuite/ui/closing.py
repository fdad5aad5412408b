"""Closing a screen exactly once.

``Screen.dismiss`` pops whatever screen is on top. Keys typed quickly can reach a screen after
its first close was asked for and before it is gone; a second ``dismiss`` would then pop the
screen underneath. Every screen that closes itself goes through ``close_once``.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen


def close_once(screen: Screen[Any], result: Any = None) -> bool:
    """Dismiss ``screen`` with ``result`` if it is on top and not already closing."""
    if getattr(screen, "_cardsuite_closing", False) or screen.app.screen is not screen:
        return False
    # our own mark on any Textual screen (ours or Textual's own), which declares no such field
    screen._cardsuite_closing = True  # type: ignore[attr-defined]
    screen.dismiss(result)
    return True
