"""Footer keys styled once when the footer is recomposed, not twice.

A table recomposes its footer whenever the keys it offers change (``TableScreen.
refresh_keys``: whose turn it is, a new phase), dozens of times a game. Textual's
``Footer.compose`` makes each ``FooterKey`` and binds its ``compact`` to the footer's; the
key learns its value only once mounted, after its styles were worked out, and its watcher
then sets the class ``-compact``, which works the key's styles out again (a key is compact
by default, so even a footer that is not compact changes each key's class at least once).
Those second stylings were 8% of what a Pilot test playing a whole Twenty-Two game spent.

Here each key made by ``compose`` starts with the value and class it is about to be bound to
(the command palette's key, which is not bound, keeps its own), so the binding finds nothing
to change. The footer looks exactly as before (``tests/ui/test_footer_keys.py``).
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

_original_compose = Footer.compose


def _compose_styled_once(self: Footer) -> Iterable[Widget]:
    for widget in _original_compose(self):
        if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
            widget.set_reactive(FooterKey.compact, self.compact)
            widget.set_class(self.compact, "-compact", update=False)
        yield widget


def apply() -> None:
    """Install it (idempotent). Textual's own method, replaced on purpose (mypy:
    ``method-assign``)."""
    if Footer.compose is not _compose_styled_once:
        Footer.compose = _compose_styled_once  # type: ignore[method-assign]


__all__ = ["apply"]
