"""Narrow guards for Textual 8 defects that random key presses (tests/ui/test_monkey.py) hit.

``OptionList._move_page`` (page up/down) looks the highlighted option up in a line table that
is only built once the list has a size; a ``Select`` whose overlay is opening has none yet, so
the lookup raises ``KeyError`` and the app dies. ``scroll_to_highlight`` in the same class
already guards the same lookup; this applies that guard to paging too: with no lines laid
out, page up/down does nothing.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import OptionList

_original_move_page = OptionList._move_page


def _safe_move_page(self: OptionList, direction: Any) -> None:
    try:
        _original_move_page(self, direction)
    except KeyError:
        return


def apply() -> None:
    if OptionList._move_page is not _safe_move_page:
        OptionList._move_page = _safe_move_page  # type: ignore[method-assign]
