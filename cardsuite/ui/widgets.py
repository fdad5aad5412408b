"""Widgets every table uses: a fanned hand, rows of labelled card groups, the log.

Cards are drawn by ``cardart`` with the app's ``CardStyle``; widgets with cards implement
``cards_changed`` so a theme or ASCII switch redraws them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast
from weakref import WeakKeyDictionary

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Visual, VisualType, visualize
from textual.widget import Widget
from textual.widgets import Static

from ..cards import Card
from ..engine import Event
from .cardart import (
    CARD_H,
    CARD_W,
    SMALL,
    Canvas,
    CardSize,
    CardStyle,
    draw_backs,
    draw_fan,
    fan_width,
)

if TYPE_CHECKING:
    from .app import CardSuiteApp


class InApp(Protocol):
    """What ``card_style`` reads: a widget or screen, or a screen's mixin that declares the
    screen's ``app`` (``CasinoDrawing``)."""

    @property
    def app(self) -> Any: ...


def card_style(widget: InApp) -> CardStyle:
    app = widget.app
    return cast("CardSuiteApp", app).card_style if hasattr(app, "card_style") else CardStyle()


class HandView(Widget):
    """A fanned hand: the cursor card is raised in a heavy frame; selected cards are raised
    and tinted; hinted ones raised. Faces take the ``card_size`` the table gives; a hand too
    wide for the widget fans closer (down to three columns a card).

    ``show_backs`` shows only backs (someone else's hand in hot-seat, or nobody's turn)."""

    DEFAULT_CSS = """
    HandView { height: 5; width: 1fr; }
    """

    class Clicked(Message):
        def __init__(self, hand: HandView, index: int) -> None:
            super().__init__()
            self.hand = hand
            self.index = index

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cards: list[Card] = []
        self.cursor: int | None = None
        self.selected: set[int] = set()
        self.dimmed: set[int] = set()
        self.hinted: set[int] = set()
        self.face_down = False
        self.count = 0
        self.card_size: CardSize = SMALL
        self._drawn: tuple[object, ...] | None = None

    def show(
        self,
        cards: Sequence[Card],
        *,
        cursor: int | None = None,
        selected: set[int] | None = None,
        dimmed: set[int] | None = None,
        hinted: set[int] | None = None,
        size: CardSize | None = None,
    ) -> None:
        self.cards = list(cards)
        self.count = len(self.cards)
        self.face_down = False
        self.cursor = cursor
        self.selected = set(selected or ())
        self.dimmed = set(dimmed or ())
        self.hinted = set(hinted or ())
        if size is not None:
            self.card_size = size
        self._refresh_if_changed()

    def show_backs(self, count: int, size: CardSize | None = None) -> None:
        self.cards = []
        self.count = count
        self.face_down = True
        self.cursor = None
        self.selected = set()
        if size is not None:
            self.card_size = size
        self._refresh_if_changed()

    def _refresh_if_changed(self) -> None:
        """Draw again only when what is shown changed: a table shows its hand again after
        every event, most often as it was (``widgets.show`` does the same for panels)."""
        drawn = (
            tuple(self.cards),
            self.count,
            self.face_down,
            self.cursor,
            frozenset(self.selected),
            frozenset(self.dimmed),
            frozenset(self.hinted),
            self.card_size,
        )
        if drawn != self._drawn:
            self._drawn = drawn
            self.refresh()

    def cards_changed(self) -> None:
        self.refresh()

    def _step(self) -> int:
        """The fan's step: the size's own, closer when the hand would not fit."""
        size, width = self.card_size, max(self.size.width - 2, 1)
        step = size.step
        while step > 3 and size.fan_width(self.count, step) > width:
            step -= 1
        return step

    def _left(self) -> int:
        width = self.card_size.fan_width(self.count, self._step())
        return max(0, (self.size.width - width) // 2)

    def render(self) -> Text:
        cs = card_style(self)
        size = self.card_size
        canvas = Canvas(max(self.size.width, 1), max(self.size.height, size.h + 1))
        step = self._step()
        if self.face_down:
            draw_backs(
                canvas, self._left(), 1, self.count, cs, step=step, most=self.count, size=size
            )
        else:
            draw_fan(
                canvas,
                self._left(),
                0,
                self.cards,
                cs,
                cursor=self.cursor,
                selected=self.selected,
                dimmed=self.dimmed,
                raised=self.hinted,
                step=step,
                size=size,
            )
        return canvas.text()

    def on_click(self, event: events.Click) -> None:
        if self.face_down or not self.cards:
            return
        x = event.x - self._left()
        if x < 0:
            return
        step = self._step()
        index = min(x // step, len(self.cards) - 1)
        if x < self.card_size.fan_width(len(self.cards), step):
            self.post_message(self.Clicked(self, index))


@dataclass
class CardGroup:
    """Some cards with a label above and a note below (a play in a trick, a last card)."""

    label: str
    cards: list[Card] = field(default_factory=list)
    note: str = ""
    highlight: bool = False
    backs: int = 0  # face-down cards instead of faces


class CardRowView(Widget):
    """Card groups side by side, each with its label and note: a trick, a showdown.

    When they do not fit the width as card faces, they are drawn as compact text instead."""

    DEFAULT_CSS = """
    CardRowView { height: 7; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.title = ""
        self.groups: list[CardGroup] = []

    def show(self, title: str, groups: Sequence[CardGroup]) -> None:
        self.title = title
        self.groups = list(groups)
        self.refresh()

    def cards_changed(self) -> None:
        self.refresh()

    def render(self) -> Text:
        return render_groups(
            max(self.size.width, 1),
            max(self.size.height, 7),
            self.title,
            self.groups,
            card_style(self),
        )


def render_groups(
    width: int, height: int, title: str, groups: Sequence[CardGroup], cs: CardStyle
) -> Text:
    """Card groups side by side under a title, each labelled and noted; as compact text
    when they do not fit the width as faces."""
    widths = [
        max(
            len(g.label),
            len(g.note),
            fan_width(len(g.cards))
            if g.cards
            else (fan_width(min(g.backs, 3), 2) if g.backs else 0),
        )
        for g in groups
    ]
    total = sum(widths) + 3 * max(0, len(widths) - 1)
    canvas = Canvas(width, height)
    canvas.put(1, 0, title[: width - 2], Style(bold=True))
    if total > width - 2:
        return _compact(title, groups, cs)
    x = max(1, (width - total) // 2)
    top = max(1, (height - 6) // 2)
    for g, w in zip(groups, widths, strict=True):
        label_style = Style(bold=True, reverse=g.highlight)
        canvas.put(x, top, g.label[:w], label_style)
        if g.backs:
            draw_backs(canvas, x, top + 1, g.backs, cs, step=2)
        elif g.cards:
            draw_fan(
                canvas,
                x,
                top + 1,
                g.cards,
                cs,
                raised=range(len(g.cards)),
                highlight=cs.cursor if g.highlight else None,
            )
        canvas.put(x, top + 1 + CARD_H, g.note[:w], Style(italic=True, bold=g.highlight))
        x += w + 3
    return canvas.text()


def _compact(title: str, groups: Sequence[CardGroup], cs: CardStyle) -> Text:
    out = Text(no_wrap=False)
    out.append(title + "\n", Style(bold=True))
    for i, g in enumerate(groups):
        if i:
            out.append("  ")
        out.append(f"{g.label}: ", Style(bold=True, reverse=g.highlight))
        for c in g.cards:
            out.append_text(cs.inline(c))
            out.append(" ")
        if g.note:
            out.append(f"({g.note})", Style(italic=True))
    return out


_TOKEN = re.compile(r"\{P(\d+)\}|\[(JK|(?:10|[2-9AJQKT])[SHDC])\]")


def event_text(event: Event, names: Sequence[str], cs: CardStyle) -> Text:
    """An event's template as Rich text: players' names in bold, cards as coloured labels."""
    out = Text()
    pos = 0
    for m in _TOKEN.finditer(event.text):
        out.append(event.text[pos : m.start()])
        if m.group(1) is not None:
            i = int(m.group(1))
            out.append(names[i] if i < len(names) else f"P{i + 1}", Style(bold=True))
        else:
            out.append_text(cs.inline(Card.parse(m.group(2))))
        pos = m.end()
    out.append(event.text[pos:])
    return out


#: What each panel shows now, by what it looks like (``show``): not the widget's own
#: content, which Textual keeps as given (a Rich table is equal only to itself).
_SHOWN: WeakKeyDictionary[Static, object] = WeakKeyDictionary()


def _look(content: object) -> object:
    """What ``content`` looks like when drawn: a text's characters, styles and layout (Rich's
    ``Text.__eq__`` leaves out its style, justification and overflow); anything else is
    itself."""
    if isinstance(content, Text):
        return (
            content.plain,
            tuple(content.spans),
            str(content.style),
            content.justify,
            content.overflow,
            content.no_wrap,
        )
    return content


def show(
    widget: Static,
    content: VisualType | Callable[[], VisualType],
    key: object = None,
    *,
    layout: bool = True,
) -> None:
    """``widget.update(content)``, unless the widget already shows that.

    A table redraws its panels after every move and bot step, though most of them show what
    they showed; ``Static.update`` always draws the widget again and lays the whole screen
    out again. ``key`` stands for the content where comparing it is cheaper or possible at
    all (a score sheet's rows for the Rich table made from them); ``content`` may then be a
    function, called only when the key changed."""
    if key is None:
        made = content() if callable(content) else content
        key = _look(made)
    else:
        made = None
    if widget in _SHOWN and _SHOWN[widget] == key:
        return
    if made is None:
        made = content() if callable(content) else content
    _SHOWN[widget] = key
    widget.update(made, layout=layout)


class LogView(ScrollView, can_focus=False):
    """The game's log in words, newest at the bottom.

    Lines are kept as events and wrapped when drawn (not when written, as ``RichLog`` does),
    so lines written before the layout settles, or before a resize, still fit the panel.

    A line-API widget: each event's line is drawn and wrapped once for the panel's width,
    and a frame draws only the rows in sight. (One ``Static`` holding the whole log drew
    all of it again at every move: 27 ms a move at 150 lines on a slow machine, growing with
    the game, a fifth of what a Pilot test that plays a whole game spent.)"""

    DEFAULT_CSS = """
    LogView { height: 1fr; overflow-x: hidden; overflow-y: auto; }
    """
    ALLOW_SELECT = False

    MAX_LINES = 400

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._events: list[Event] = []
        self._names: Sequence[str] = ()
        #: the first events' lines as drawn, for these names and this card style: a new
        #: event draws only its own line (drawing them all at each move cost a game's log
        #: the square of its length: 16,033 lines drawn for 148 moves of a Twenty-Two game)
        self._texts: list[Text] = []
        self._drawn_for: tuple[tuple[str, ...], CardStyle] | None = None
        #: the first texts' rows, wrapped at ``_width`` in the panel's style, and how many
        #: rows each text took (so the oldest can be let go)
        self._rows: list[Strip] = []
        self._counts: list[int] = []
        self._width = 0
        self._style: VisualStyle | None = None
        #: the width a wrap has been asked for by ``render_line`` (asked once per width)
        self._wrapping_for = 0

    def add_events(self, events_: Sequence[Event], names: Sequence[str]) -> None:
        self._events.extend(events_)
        excess = len(self._events) - self.MAX_LINES
        if excess > 0:
            del self._events[:excess]
            drop = min(excess, len(self._texts))
            del self._texts[:drop]
            del self._rows[: sum(self._counts[:drop])]
            del self._counts[:drop]
        self._names = names
        self._redraw()

    def set_events(self, events_: Sequence[Event], names: Sequence[str]) -> None:
        """Show these events (their last ``MAX_LINES``) in place of the log's. The lines of
        the events the log already shows in the same order are kept as drawn, so stepping a
        replay or taking a move back draws only the lines that changed. (Clearing the log and
        adding the whole game again drew and wrapped every line at every step: a fifth of
        what the Pilot tests that step through replays spent.)"""
        new = list(events_[-self.MAX_LINES :])
        old = self._events
        start = _start_of(new, old)
        end = start
        while end < len(old) and end - start < len(new) and _same(old[end], new[end - start]):
            end += 1
        first_row = sum(self._counts[:start])
        self._rows = self._rows[first_row : first_row + sum(self._counts[start:end])]
        self._counts = self._counts[start:end]
        self._texts = self._texts[start:end]
        self._events = new
        self._names = names
        self._redraw()

    def _unwrap(self) -> None:
        self._rows.clear()
        self._counts.clear()

    def cards_changed(self) -> None:
        self._redraw()

    def lines(self) -> list[str]:
        """The log's lines as plain text, one an event (for tests and screen readers)."""
        return [t.plain for t in self._texts]

    def _redraw(self) -> None:
        if not self.is_mounted:
            self.call_after_refresh(self._redraw)
            return
        cs = card_style(self)
        drawn_for = (tuple(self._names), cs)
        if drawn_for != self._drawn_for:  # new names or card style: every line again
            self._texts.clear()
            self._unwrap()
            self._drawn_for = drawn_for
        new = self._events[len(self._texts) :]
        self._texts.extend(event_text(e, self._names, cs) for e in new)
        self._wrap()
        self.call_after_refresh(self.scroll_end, animate=False)

    def _wrap(self, again: bool = False) -> None:
        """Wrap the texts not yet wrapped (all of them when the width or ``again`` says)."""
        width = self.scrollable_content_region.width
        if width <= 0:
            return  # not laid out yet: ``on_resize`` wraps them
        if again or width != self._width:
            self._unwrap()
            self._width = width
        elif len(self._counts) == len(self._texts) and self.virtual_size.height == len(self._rows):
            return  # every line wrapped at this width already: nothing to draw again
        style = self._style = self.visual_style
        for text in self._texts[len(self._counts) :]:
            rows = Visual.to_strips(self, visualize(self, text), width, None, style)
            self._rows.extend(rows)
            self._counts.append(len(rows))
        self.virtual_size = Size(width, len(self._rows))
        self.refresh()

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._width:
            self._wrap()
            self.scroll_end(animate=False, immediate=True)

    def notify_style_update(self) -> None:
        """A new theme: the rows were drawn in the old one's colours. (Textual calls this at
        every restyle of the panel or a screen above it, focus moving, a class changed,
        a screen coming back: the colours, all that the rows take from the panel's style,
        are most often the same.)"""
        super().notify_style_update()
        if self._counts and self.visual_style != self._style:
            self._wrap(again=True)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        if width != self._width and self._width and width != self._wrapping_for:
            # a scroll bar came or went: wrap for the new width (once, not for every row)
            self._wrapping_for = width
            self.call_later(self._wrap)
        style = self.visual_style.rich_style
        row = self.scroll_offset.y + y
        if 0 <= row < len(self._rows):
            return self._rows[row].crop_extend(0, width, style)
        return Strip.blank(width, style)


def _same(a: Event, b: Event) -> bool:
    return a is b or a == b


def _start_of(new: Sequence[Event], old: Sequence[Event]) -> int:
    """Where in ``old`` the events ``new`` begins with stand (``len(old)``: nowhere): at the
    start, unless the log had reached its limit and its first lines have gone since."""
    if not new or not old or _same(old[0], new[0]):
        return 0
    return next((i for i in range(1, len(old)) if _same(old[i], new[0])), len(old))


__all__ = [
    "CARD_H",
    "CARD_W",
    "CardGroup",
    "CardRowView",
    "HandView",
    "LogView",
    "card_style",
    "event_text",
    "render_groups",
    "show",
]
