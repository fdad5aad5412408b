"""Narrow guards for Textual 8 defects that random key presses (tests/ui/test_monkey.py) hit.

**Invalid UTF-8 on input** (Textual issue #6456, open in 8.2.8): the terminal and web
drivers decode input with a strict UTF-8 decoder, so one stray byte (``tmux send-keys -H ff``,
a paste in another encoding) raised ``UnicodeDecodeError`` in the input thread and the app
died. The drivers look their decoder up through the module-level ``getincrementaldecoder``;
here that name is given a lookup whose UTF-8 decoder replaces bad bytes with U+FFFD, which
arrives as an ordinary key that nothing is bound to. Remove when Textual decodes leniently.

``OptionList._move_page`` (page up/down) looks the highlighted option up in a line table that
is only built once the list has a size; a ``Select`` whose overlay is opening has none yet, so
the lookup raises ``KeyError`` and the app dies. ``scroll_to_highlight`` in the same class
already guards the same lookup; this applies that guard to paging too: with no lines laid
out, page up/down does nothing.
"""

from __future__ import annotations

import codecs
import functools
from typing import Any

from textual.drivers import linux_driver, linux_inline_driver, web_driver
from textual.widgets import OptionList

_original_move_page = OptionList._move_page


def _safe_move_page(self: OptionList, direction: Any) -> None:
    try:
        _original_move_page(self, direction)
    except KeyError:
        return


def lenient_decoder(encoding: str) -> Any:
    """``codecs.getincrementaldecoder``, but UTF-8 replaces invalid bytes instead of raising."""
    decoder = codecs.getincrementaldecoder(encoding)
    if codecs.lookup(encoding).name == "utf-8":
        return functools.partial(decoder, errors="replace")
    return decoder


def apply() -> None:
    if OptionList._move_page is not _safe_move_page:
        OptionList._move_page = _safe_move_page  # type: ignore[method-assign]
    for driver in (linux_driver, linux_inline_driver, web_driver):
        driver.getincrementaldecoder = lenient_decoder  # type: ignore[attr-defined]
