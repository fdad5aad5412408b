"""Footer keys styled once when the footer is recomposed, not twice, and kept when they
only dim or light up.

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

Most of those changes are not new keys at all: a hint works on your own turn only, so the
table's keys dim while the bots play and light up again at every turn. Textual's footer
removes every key and mounts them all again for that (styles, layout and drawing of some ten
widgets, twice a turn: a fifth of what a hinted game's table spent). Here the footer first
makes its keys as ``compose`` would, unmounted, and compares them with the ones it shows: the
same keys in the same places (key, label, action, tooltip) only take their new dimming
(``-disabled``, what Textual's key draws dim); anything else is mounted afresh, as before.
The README's screenshots come out byte for byte the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual.compose import compose
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

_original_compose = Footer.compose


def _compose_styled_once(self: Footer) -> Iterable[Widget]:
    for widget in _original_compose(self):
        if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
            widget.set_reactive(FooterKey.compact, self.compact)
            widget.set_class(self.compact, "-compact", update=False)
        yield widget


def _bindings_changed(self: Footer, screen: Screen[object]) -> None:
    """Textual's ``Footer.bindings_changed``, with ``_recompose_if_changed`` for its
    ``recompose``."""
    self._bindings_ready = True
    if not screen.app.app_focus:
        return
    if self.is_attached and screen is self.screen:
        self.call_after_refresh(_recompose_if_changed, self)


#: The classes a shown key keeps up to date itself (its ``compact``, bound to the footer's)
#: or that ``_recompose_if_changed`` sets (dimmed).
_OWN = frozenset({"-disabled", "-compact"})


def _same(shown: Sequence[Widget], fresh: Sequence[Widget]) -> bool:
    """Whether ``fresh`` (made by ``compose``, not mounted) shows the keys ``shown`` does, in
    the same places, dimmed or not aside."""
    if len(shown) != len(fresh):
        return False
    for old, new in zip(shown, fresh, strict=True):
        if type(old) is not type(new):
            return False
        if isinstance(old, FooterKey):
            assert isinstance(new, FooterKey)
            if (old.key, old.key_display, old.description, old.action, old.tooltip) != (
                new.key,
                new.key_display,
                new.description,
                new.action,
                new.tooltip,
            ) or (old.classes - _OWN) != (new.classes - _OWN):
                return False
        elif isinstance(old, Static):  # (a group's label)
            assert isinstance(new, Static)
            if str(old.content) != str(new.content):
                return False
        elif old.classes != new.classes or not _same(old.children, new._pending_children):
            return False
    return True


def _take_dimming(shown: Sequence[Widget], fresh: Sequence[Widget]) -> None:
    """Dim the keys shown as their fresh twins are (``_same`` said they match)."""
    for old, new in zip(shown, fresh, strict=True):
        if isinstance(old, FooterKey):
            assert isinstance(new, FooterKey)
            if old._disabled != new._disabled:
                old._disabled = new._disabled
                old.set_class(new._disabled, "-disabled")
        else:
            _take_dimming(old.children, new._pending_children)


async def _recompose_if_changed(footer: Footer) -> None:
    """Textual's ``Widget.recompose`` for the footer, except where only the dimming
    changed."""
    if not footer.is_attached or footer._pruning:
        return
    fresh = compose(footer)
    shown = list(footer.query_children("*").exclude(".-textual-system"))
    if _same(shown, fresh):
        _take_dimming(shown, fresh)
        return
    async with footer.batch():
        await footer.query_children("*").exclude(".-textual-system").remove()
        if footer.is_attached:
            await footer.mount_all(fresh)


def apply() -> None:
    """Install it (idempotent). Textual's own methods, replaced on purpose (mypy:
    ``method-assign``)."""
    if Footer.compose is not _compose_styled_once:
        Footer.compose = _compose_styled_once  # type: ignore[method-assign]
        Footer.bindings_changed = _bindings_changed  # type: ignore[method-assign]


__all__ = ["apply"]
