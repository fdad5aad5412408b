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
out, page up/down does nothing. Its ``_on_click`` takes the option's index from the picture
the mouse was over; a click that arrives after the list changed (the palette refiltered as
you type) indexed past the end (``IndexError``). A click on an option that is gone does
nothing.

**A command palette closed while it searches** (found by tests/ui/test_monkey.py): its search
worker goes on and sets ``_list_visible`` / ``_show_busy``, whose watchers look up the
palette's list and input, which were removed with it: ``NoMatches`` from the worker, and the
app died. The watchers do nothing once those widgets are gone.

Its search worker (``_gather_commands``) starts by looking its list up; a palette opened
and closed in one read (ctrl+p then escape) can start it after the close took the list away
(``NoMatches`` in a worker: ``WorkerFailed``, the app died). A search begun on a palette
without its list does nothing.

**A screen dismissed twice** (found by tests/ui/test_monkey.py): ``Screen.dismiss`` pops
whatever screen is on top, without checking that it is itself. Two clicks queued on the
command palette's backdrop: the first closes the palette, the second, delivered to the closed
palette, popped the table under it, and then the picker (``ScreenStackError``, the app died).
Or the small-terminal notice went over the palette and the palette's enter popped the
notice, leaving the palette with its result set; its escape set it twice
(``InvalidStateError``). As ``ui/closing.py`` does for our own screens: a screen dismisses
only when it is on top and not already dismissed since it was pushed; else nothing happens.

**Quitting while a screen is still mounting** (found by tests/ui/test_monkey.py): open a
table and quit at once (enter then ctrl+q in one read). Shutdown removes the new screen's
widgets while its task is still on its way to ``on_mount``, whose ``query_one`` then raises
``NoMatches``: a clean quit became a crash (exit 1, a traceback). Once the app has stopped
running, a ``NoMatches`` is only the DOM being taken down, and is not an error.

**A screen closed before it mounts** (found by a salted monkey run, ``CARDSUITE_SEED=dd20201b``):
open a modal (the keys dialog) and close it in the same read (escape right behind the key
that opened it). The pop takes the screen's widgets while its ``Mount`` is still queued; its
``on_mount`` then runs on an empty screen, and ``query_one`` raises ``NoMatches``. A
``NoMatches`` raised by the ``on_mount`` of a screen that has already left the stack is only
that, and is not an error (the screen's message loop ends with it, as it would have).

**A crash report that crashes** (found by a salted monkey run, ``CARDSUITE_SEED=b16a9668``):
Textual reports an unhandled error with Rich's ``Traceback(show_locals=True)``, which shows
every frame's variables. An error raised inside an ``__init__`` leaves its object half made
in that frame (``Style(color="ansi_green")`` raised before ``_color`` was set), and Rich's
pretty printer, asking that object for its fields, raised in turn (Rich issue #3339, open).
That error took the real one's place: the app died with a traceback about ``_color`` and
wrote no crash log. When the report fails, the same report is made without the variables,
with a line that says why.

**An expired notification left painted for good** (issue 32: "It is not your turn." over the
log and the hand). After a scroll the compositor lays out only what is visible
(``reflow_visible``) and marks its full map stale; the next lookup of a widget outside the
visible map rebuilds the full map from the DOM as it is *now* (``Compositor.full_map``). A
toast's removal asks for its rack's size (the rack is ``visibility: hidden``, never in the
visible map) after the toast has left the DOM: the rebuilt map already lacks the toast, so
the layout that follows compares that map with itself, finds nothing changed and never
repaints where the toast was. (A toast shown the same way was never painted.) A rebuild of
the full map now marks what it changed as needing a repaint, as ``reflow`` does;
``tests/ui/test_toasts.py`` watches the frames sent to the terminal.
"""

from __future__ import annotations

import codecs
import functools
import sys
from typing import Any

import rich
from rich.console import Group
from rich.segment import Segments
from rich.text import Text
from textual import work
from textual._compositor import Compositor, CompositorMap
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.command import CommandPalette
from textual.css.query import NoMatches
from textual.drivers import linux_driver, linux_inline_driver, web_driver
from textual.screen import Screen
from textual.widgets import OptionList

_original_move_page = OptionList._move_page
_original_option_click = OptionList._on_click


async def _safe_option_click(self: OptionList, event: Any) -> None:
    clicked = event.style.meta.get("option")
    if isinstance(clicked, int) and not 0 <= clicked < self.option_count:
        return  # the list changed under the mouse
    await _original_option_click(self, event)


_original_list_visible = CommandPalette._watch__list_visible
_original_show_busy = CommandPalette._watch__show_busy
_original_dismiss = Screen.dismiss
_original_handle_exception = App._handle_exception
_original_fatal_error = App._fatal_error


def _handle_exception(self: App[Any], error: Exception) -> None:
    if isinstance(error, NoMatches) and (not self._running or _mount_of_a_gone_screen(self, error)):
        return  # shutting down (widgets go first), or a screen closed before it mounted
    _original_handle_exception(self, error)


def _safe_fatal_error(self: App[Any]) -> None:
    """Textual's crash report; if that report fails, the same report without the locals."""
    error = sys.exc_info()[1]  # Textual reports the exception being handled
    try:
        _original_fatal_error(self)
    except Exception as failed:
        if error is None:
            raise
        from rich.traceback import Traceback  # (as Textual does: only on a crash)

        report = Traceback.from_exception(
            type(error), error, error.__traceback__, width=None, suppress=[rich]
        )
        note = Text(f"(the variables of these frames could not be shown: {failed!r})", style="dim")
        self._exit_renderables.append(
            Segments(self.console.render(Group(report, note), self.console.options))
        )
        self._close_messages_no_wait()


def _mount_of_a_gone_screen(app: App[Any], error: Exception) -> bool:
    """Was ``error`` raised inside the ``on_mount`` of a screen no longer in the stack?"""
    tb = error.__traceback__
    while tb is not None:
        frame = tb.tb_frame
        if frame.f_code.co_name == "on_mount":
            owner = frame.f_locals.get("self")
            if isinstance(owner, Screen) and owner not in app.screen_stack:
                return True
        tb = tb.tb_next
    return False


def _safe_dismiss(self: Screen[Any], result: Any = None) -> AwaitComplete:
    if self.app.screen is not self:  # closed already, or another screen went over it
        return AwaitComplete.nothing()
    pushed = self._result_callbacks[-1] if self._result_callbacks else None
    if pushed is not None and pushed.future is not None and pushed.future.done():
        return AwaitComplete.nothing()  # dismissed already, its pop still on the way
    return _original_dismiss(self, result)


def _safe_list_visible(self: CommandPalette) -> None:
    try:
        _original_list_visible(self)
    except NoMatches:  # the palette closed under its own search
        return


# (under its @work, which keeps the coroutine function it wraps but types as a plain one)
_original_gather = CommandPalette._gather_commands.__wrapped__  # type: ignore[attr-defined]


@work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
async def _safe_gather_commands(self: CommandPalette, search_value: str) -> None:
    try:
        await _original_gather(self, search_value)
    except NoMatches:  # the palette closed before its search began
        return


_original_no_matches_countdown = CommandPalette._start_no_matches_countdown


def _safe_no_matches_countdown(self: CommandPalette, search_value: str) -> None:
    """The countdown's "No matches found" line, skipped when the list is gone: a palette
    closing takes its list down first, and the timer outlives it (found by the monkey)."""
    _original_no_matches_countdown(self, search_value)
    timer = self._no_matches_timer
    if timer is None:
        return
    # ``set_timer`` hands the timer ``partial(call_next, callback)``: the guard goes inside
    queued = timer._callback
    if not (isinstance(queued, functools.partial) and queued.args):
        return
    show = queued.args[0]

    def guarded() -> None:
        try:
            show()
        except NoMatches:
            return

    timer._callback = functools.partial(queued.func, guarded)


async def _safe_show_busy(self: CommandPalette) -> None:
    try:
        await _original_show_busy(self)
    except NoMatches:
        return


def _safe_move_page(self: OptionList, direction: Any) -> None:
    try:
        _original_move_page(self, direction)
    except KeyError:
        return


_original_full_map = vars(Compositor)["full_map"].fget  # the property itself, not its value


def _full_map_repainting_changes(self: Compositor) -> CompositorMap:
    """``Compositor.full_map``; a rebuild of a stale map marks the regions of the widgets it
    added, moved or dropped as dirty (what ``reflow`` does with the map it replaces)."""
    if self.root is None or not self._full_map_invalidated:
        return _original_full_map(self)
    old = self._full_map
    new: CompositorMap = _original_full_map(self)
    if self.size.region not in self._dirty_regions:
        changed = (
            geometry.clip.intersection(geometry.region) for _, geometry in old.items() ^ new.items()
        )
        self._dirty_regions.update(region for region in changed if region)
    return new


def lenient_decoder(encoding: str) -> Any:
    """``codecs.getincrementaldecoder``, but UTF-8 replaces invalid bytes instead of raising."""
    decoder = codecs.getincrementaldecoder(encoding)
    if codecs.lookup(encoding).name == "utf-8":
        return functools.partial(decoder, errors="replace")
    return decoder


def apply() -> None:
    """Install the guards (idempotent). Each replaces a Textual method on purpose, which mypy
    reports (``method-assign``): the comment above each says which guard it is."""
    if OptionList._move_page is not _safe_move_page:
        # Textual's own, replaced on purpose: paging a list not laid out, a stale click
        OptionList._move_page = _safe_move_page  # type: ignore[method-assign]
        OptionList._on_click = _safe_option_click  # type: ignore[method-assign]
    if App._handle_exception is not _handle_exception:
        # Textual's own, replaced on purpose: NoMatches at quit, a crash report that fails
        App._handle_exception = _handle_exception  # type: ignore[method-assign]
        App._fatal_error = _safe_fatal_error  # type: ignore[method-assign]
    if Screen.dismiss is not _safe_dismiss:
        # Textual's own, replaced on purpose: a screen dismisses only on top, and once
        Screen.dismiss = _safe_dismiss  # type: ignore[method-assign]
    if CommandPalette._watch__list_visible is not _safe_list_visible:
        # Textual's own, replaced on purpose: a palette closed while it searches
        CommandPalette._watch__list_visible = _safe_list_visible  # type: ignore[method-assign]
        CommandPalette._watch__show_busy = _safe_show_busy  # type: ignore[method-assign]
        CommandPalette._gather_commands = _safe_gather_commands  # type: ignore[method-assign]
        CommandPalette._start_no_matches_countdown = _safe_no_matches_countdown  # type: ignore[method-assign]
    if vars(Compositor)["full_map"].fget is not _full_map_repainting_changes:
        # Textual's property, replaced on purpose (a property over a property: mypy also
        # calls it an assignment): a rebuilt full map repaints what it changed
        Compositor.full_map = property(_full_map_repainting_changes)  # type: ignore[method-assign,assignment]
    for driver in (linux_driver, linux_inline_driver, web_driver):
        # the drivers' import of codecs' function (not exported, so attr-defined), replaced
        # on purpose: lenient UTF-8 input
        driver.getincrementaldecoder = lenient_decoder  # type: ignore[attr-defined]
