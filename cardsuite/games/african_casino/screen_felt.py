"""The African Casino table's widgets: the felt (the other seats, the layout and the builds,
every target with its letter, and the shown seat's own line), the list of plays, and the
clickable preview line.

The widgets only draw the scene they are given (``CasinoScene``): the table screen builds it
from the view of the seat being shown, so nothing here can see a hidden card. The felt
remembers where it drew each target, so a click on a card, a build or a pile top says which
one it was.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from ...cards import Card
from ...ui.cardart import MEDIUM, SMALL, Canvas, CardSize, CardStyle, back_strip, draw_face
from ...ui.fill import fill_rows, one_row
from ...ui.sheet import shorten
from ...ui.widgets import card_style
from .screen_composer import Key

#: The shown seat's parts joined, spaced wide where they fit, else closer (``fill_rows``).
_ME_SEPS = ("   ", "  ")
_TOKEN = re.compile(r"\{P(\d+)\}|\[(JK|(?:10|[2-9AJQKT])[SHDC])\]")


def template_text(template: str, names: Sequence[str], cs: CardStyle, style: str = "") -> Text:
    """Words with ``[9C]`` cards (coloured labels) and ``{P1}`` players (bold names)."""
    out = Text(style=style)
    pos = 0
    for m in _TOKEN.finditer(template):
        out.append(template[pos : m.start()])
        if m.group(1) is not None:
            i = int(m.group(1))
            out.append(names[i] if i < len(names) else f"P{i + 1}", Style(bold=True))
        else:
            out.append_text(cs.inline(Card.parse(m.group(2))))
        pos = m.end()
    out.append(template[pos:])
    return out


def label_style(cs: CardStyle, picked: bool) -> Style:
    """A target's letter: a gold chip; reversed once it is picked."""
    if picked:
        return Style(bold=True, color=cs.cursor, bgcolor=cs.spades)
    return Style(bold=True, color=cs.spades, bgcolor=cs.cursor)


@dataclass
class SeatBox:
    """A seat as the felt shows it: its title line (marker, name, kind, dealer, partner),
    a line of what it holds (backs and count, proofs, thinking), its pile (size and top,
    the top's key and letter when the shown seat may use it)."""

    seat: int
    title: Text
    info: Text
    pile_size: int
    pile_top: Card | None
    top_key: Key | None = None
    label: str = ""
    pile_note: str = ""
    #: The title and holding line for a narrow block (three seats across a small felt).
    short_title: Text | None = None
    short_info: Text | None = None
    #: The short title as (marker, name, marks): narrower still, the name is cut in the
    #: middle (``Abc…n02 partner``) so the dealer and partner marks always show.
    title_parts: tuple[Text, str, Text] | None = None

    def fit_title(self, room: int) -> Text:
        """The title in ``room`` cells: whole, or short, or with the name cut."""
        title = self.title
        if title.cell_len > room and self.short_title is not None:
            title = self.short_title
        if title.cell_len > room and self.title_parts is not None:
            before, name, after = self.title_parts
            keep = max(2, room - before.cell_len - after.cell_len)
            title = before + Text(shorten(name, keep), Style(bold=True)) + after
        return title


@dataclass
class BuildBox:
    value: int
    owner: str  # "yours", or the owner's name
    kind: str  # "single" | "augmented"
    units: list[list[Card]]
    key: Key
    label: str
    ours: bool  # the shown seat's side owns it


@dataclass
class CasinoScene:
    opponents: list[SeatBox] = field(default_factory=list)
    me: SeatBox | None = None
    loose: list[tuple[Card, Key, str]] = field(default_factory=list)
    builds: list[BuildBox] = field(default_factory=list)
    picked: dict[Key, int] = field(default_factory=dict)  # key -> unit (one-based)
    marked: set[Key] = field(default_factory=set)  # the highlighted play's material
    title: Text = field(default_factory=Text)
    #: Shorter forms of the title, tried in turn where it is too wide for the felt.
    titles: tuple[Text, ...] = ()


class CasinoFelt(Widget):
    """The middle of the table (see the module docstring); posts ``Target`` on a click."""

    DEFAULT_CSS = """
    CasinoFelt { width: 1fr; height: 1fr; }
    """

    class Target(Message):
        def __init__(self, key: Key) -> None:
            super().__init__()
            self.key = key

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.scene = CasinoScene()
        self.card_size: CardSize = SMALL
        self.regions: list[tuple[int, int, int, int, Key]] = []

    def show(self, scene: CasinoScene, size: CardSize) -> None:
        if scene == self.scene and size is self.card_size:
            return  # nothing changed: no repaint
        self.scene = scene
        self.card_size = size
        self.refresh()

    def cards_changed(self) -> None:
        self.refresh()

    def render(self) -> Text:
        cs = card_style(self)
        width, height = max(self.size.width, 1), max(self.size.height, 1)
        sizes = [self.card_size] if self.card_size is SMALL else [self.card_size, SMALL]
        for size in sizes:
            for faces in (True, False) if size is not SMALL else (False,):
                for boxes in (True, False):
                    drawn = _Drawing(self.scene, width, height, size, cs).draw(faces, boxes)
                    if drawn is not None:
                        canvas, self.regions = drawn
                        return canvas.text()
        canvas, self.regions = _Drawing(self.scene, width, height, SMALL, cs).draw(
            False, False, squeeze=True
        ) or (Canvas(width, height), [])
        return canvas.text()

    def on_click(self, event: events.Click) -> None:
        for x0, y0, x1, y1, key in reversed(self.regions):
            if x0 <= event.x < x1 and y0 <= event.y < y1:
                event.stop()
                self.post_message(self.Target(key))
                return


class _Drawing:
    """One attempt at laying out the scene in a size; None when it does not fit."""

    def __init__(
        self, scene: CasinoScene, width: int, height: int, size: CardSize, cs: CardStyle
    ) -> None:
        self.scene, self.w, self.h, self.size, self.cs = scene, width, height, size, cs
        self.canvas = Canvas(width, height)
        self.regions: list[tuple[int, int, int, int, Key]] = []

    def draw(
        self, faces: bool, boxes: bool, squeeze: bool = False
    ) -> tuple[Canvas, list[tuple[int, int, int, int, Key]]] | None:
        sc, size = self.scene, self.size
        opp_h = (max(3, size.h) if faces else 3) if sc.opponents else 0
        step, rows = self._loose_plan()
        loose_h = rows * (size.h + 1) if rows else 1
        if step is None:
            loose_h = self._text_rows()
        build_rows = self._build_rows(boxes)
        if build_rows is None:
            return None
        me_rows = self._me_rows() if sc.me is not None else []
        need = opp_h + 1 + loose_h + build_rows + len(me_rows)
        if need > self.h and len(me_rows) > 1 and not squeeze:
            return None  # a layout with room for them all (builds as lines), if there is one
        if need > self.h and len(me_rows) > 1:  # no room for more rows: one, cut at the edge
            need -= len(me_rows) - 1
            me_rows = self._me_rows(one=True)
        spare = self.h - need
        if spare < 0 and not squeeze:
            return None
        # the layout in the middle: a row or two under its cards, the rest shared out
        # above it and below the builds
        spare = max(0, spare)
        under = min(2, spare // 3)
        above = (spare - under) // 2 if sc.opponents else 0
        gaps = [above, under, spare - under - above]
        y = 0
        if sc.opponents:
            self._opponents(y, opp_h, faces)
            y += opp_h + gaps[0]
        title = sc.title
        for t in sc.titles:
            if title.cell_len <= self.w - 2:
                break
            title = t
        self.canvas.put_text(1, y, title, self.w - 2)
        y += 1
        if step is None:
            self._loose_text(y)
        else:
            self._loose_cards(y, step, rows)
        y += loose_h + gaps[1]
        if boxes and sc.builds:
            self._build_boxes(y)
        else:
            self._build_lines(y)
        if me_rows:
            bottom = self.h - len(me_rows)
            if squeeze:
                bottom = min(bottom, y + build_rows + gaps[2])
            self._me(bottom, me_rows)
        return self.canvas, self.regions

    # --- the other seats ------------------------------------------------------------------

    def _opponents(self, y: int, height: int, faces: bool) -> None:
        opps = self.scene.opponents
        block = self.w // len(opps)
        for i, box in enumerate(opps):
            x = i * block + 1
            room = block - 2
            face_x = None
            if faces and box.pile_top is not None and room >= 24:
                text_w = min(room - self.size.w - 2, 30)
                face_x = x + text_w + 1
                room = text_w
            title, info = box.fit_title(room), box.info
            if len(info.plain) > room and box.short_info is not None:
                info = box.short_info
            line, _ = self._pile_text(box)
            narrow = len(line.plain) > room
            self.canvas.put_text(x, y, title, room)
            self.canvas.put_text(x, y + 1, info, room)
            if face_x is not None and box.pile_top is not None:
                pile = Text(f"pile {box.pile_size}", style="dim")
                if box.pile_note:
                    pile.append(f" ({box.pile_note})", style="dim")
                self.canvas.put_text(x, y + 2, pile, room)
                picked = box.top_key in self.scene.picked if box.top_key else False
                marked = box.top_key in self.scene.marked if box.top_key else False
                self._face(face_x, y, box.pile_top, box.label, box.top_key, picked, marked)
            else:
                self._pile_line(x, y + 2, box, room, narrow)

    def _pile_text(self, box: SeatBox, narrow: bool = False) -> tuple[Text, tuple[int, int] | None]:
        """``pile 14 · top [x] 5♦``, and where its letter and card are (clickable when the
        shown seat may use that top)."""
        cs = self.cs
        if box.pile_size == 0:
            return Text("pile empty", style="dim"), None
        line = Text()  # (no dim base style: the top's letter and card must not be dimmed)
        line.append(f"pile {box.pile_size}", style="dim")
        if box.pile_note and not narrow:
            line.append(f" ({box.pile_note})", style="dim")
        span = None
        if box.pile_top is not None:
            line.append(" · top " if not narrow else " ", style="dim")
            start = len(line.plain)
            if box.label and box.top_key is not None:
                line.append(box.label, label_style(cs, box.top_key in self.scene.picked))
                line.append(" ")
            line.append_text(cs.inline(box.pile_top))
            if box.top_key is not None:
                span = (start, len(line.plain))
                if box.top_key in self.scene.marked:
                    line.append(" ◀", style="bold")
        return line, span

    def _pile_line(self, x: int, y: int, box: SeatBox, room: int, narrow: bool = False) -> None:
        line, span = self._pile_text(box, narrow)
        self.canvas.put_text(x, y, line, room)
        if span is not None and box.top_key is not None:
            self.regions.append((x + span[0], y, x + min(span[1], room), y + 1, box.top_key))

    # --- the layout -----------------------------------------------------------------------

    def _loose_plan(self) -> tuple[int | None, int]:
        """The step between loose cards and how many rows of them, or (None, 0): as text."""
        n = len(self.scene.loose)
        size = self.size
        if n == 0:
            return size.w + 1, 0
        least = 4 if size is SMALL else 5
        room = self.w - 2
        for rows in (1, 2):
            per = -(-n // rows)
            for step in range(size.w + 1, least - 1, -1):
                if (per - 1) * step + size.w <= room:
                    return step, rows
        return None, 0

    def _text_rows(self) -> int:
        return max(1, -(-len(self.scene.loose) * 7 // max(1, self.w - 2)))

    def _loose_cards(self, y: int, step: int, rows: int) -> None:
        sc, size = self.scene, self.size
        n = len(sc.loose)
        if n == 0:
            self.canvas.put_text(2, y, Text("no loose cards", style="dim italic"))
            return
        per = -(-n // rows)
        for i, (card, key, label) in enumerate(sc.loose):
            row, col = divmod(i, per)
            x = 1 + col * step
            top = y + row * (size.h + 1)
            last = col == per - 1 or i == n - 1
            picked, marked = key in sc.picked, key in sc.marked
            raised = picked or marked
            cy = top if raised else top + 1
            draw_face(
                self.canvas,
                x,
                cy,
                card,
                self.cs,
                size=size,
                visible=None if last or step >= size.w else step,
                edge=self.cs.cursor if marked else None,
                face=self.cs.select if picked else None,
            )
            if label:
                self.canvas.put(x + 1, cy, label, label_style(self.cs, picked))
            if picked and sc.picked[key] > 1:
                self.canvas.put(x + 2, cy, str(sc.picked[key]), label_style(self.cs, True))
            width = size.w if last or step >= size.w else step
            self.regions.append((x, top, x + width, top + size.h + 1, key))

    def _loose_text(self, y: int) -> None:
        x, row = 1, y
        for card, key, label in self.scene.loose:
            piece = Text()
            if label:
                piece.append(label, label_style(self.cs, key in self.scene.picked))
                piece.append(" ")
            piece.append_text(self.cs.inline(card))
            if x + len(piece.plain) > self.w - 1:
                x, row = 1, row + 1
            self.canvas.put_text(x, row, piece)
            self.regions.append((x, row, x + len(piece.plain), row + 1, key))
            x += len(piece.plain) + 2

    def _face(
        self,
        x: int,
        y: int,
        card: Card,
        label: str,
        key: Key | None,
        picked: bool,
        marked: bool,
    ) -> None:
        draw_face(
            self.canvas,
            x,
            y,
            card,
            self.cs,
            size=self.size,
            edge=self.cs.cursor if marked else None,
            face=self.cs.select if picked else None,
        )
        if label:
            self.canvas.put(x + 1, y, label, label_style(self.cs, picked))
        if key is not None:
            self.regions.append((x, y, x + self.size.w, y + self.size.h, key))

    # --- builds ---------------------------------------------------------------------------

    def _box_parts(self, b: BuildBox) -> tuple[Text, Text]:
        head = Text(f" {b.value} {b.kind} · {b.owner} ", style="bold")
        return head, self._units(b)

    def _units(self, b: BuildBox) -> Text:
        out = Text()
        for i, unit in enumerate(b.units):
            if i:
                out.append(" | ", style="bold")
            for j, c in enumerate(unit):
                if j:
                    out.append("+")
                out.append_text(self.cs.inline(c))
        return out

    def _box_width(self, b: BuildBox) -> int:
        head, units = self._box_parts(b)
        return max(len(head.plain) + 4, len(units.plain) + 4)

    def _build_rows(self, boxes: bool) -> int | None:
        builds = self.scene.builds
        if not builds:
            return 1
        if boxes:
            total = sum(self._box_width(b) + 1 for b in builds)
            return 3 if total <= self.w - 1 else None
        return len(builds)

    def _build_boxes(self, y: int) -> None:
        x = 1
        cs = self.cs
        for b in self.scene.builds:
            w = self._box_width(b)
            picked, marked = b.key in self.scene.picked, b.key in self.scene.marked
            colour = cs.cursor if (picked or marked) else (cs.face if b.ours else cs.edge)
            edge = Style(color=colour, bold=picked or marked)
            heavy = picked or marked
            tl, tr, bl, br, h, v = (
                ("┏", "┓", "┗", "┛", "━", "┃") if heavy else ("╭", "╮", "╰", "╯", "─", "│")
            )
            if cs.ascii:
                tl = tr = bl = br = "+"
                h, v = ("=", "#") if heavy else ("-", "|")
            head, units = self._box_parts(b)
            self.canvas.put(x, y, tl + h * (w - 2) + tr, edge)
            self.canvas.put(x, y + 1, v, edge)
            self.canvas.put(x + w - 1, y + 1, v, edge)
            self.canvas.put(x, y + 2, bl + h * (w - 2) + br, edge)
            if b.label:
                self.canvas.put(x + 1, y, b.label, label_style(cs, picked))
            self.canvas.put_text(x + 2, y, head, w - 3)
            self.canvas.put_text(x + 2, y + 1, units, w - 4)
            self.regions.append((x, y, x + w, y + 3, b.key))
            x += w + 1

    def _build_lines(self, y: int) -> None:
        cs = self.cs
        if not self.scene.builds:
            self.canvas.put_text(2, y, Text("no builds", style="dim italic"))
            return
        for i, b in enumerate(self.scene.builds):
            picked, marked = b.key in self.scene.picked, b.key in self.scene.marked
            line = Text()
            if b.label:
                line.append(b.label, label_style(cs, picked))
                line.append(" ")
            kind = "S" if b.kind == "single" else "A"
            line.append(f"[{b.value}{kind} {b.owner}]", style="bold reverse" if marked else "bold")
            line.append(" ")
            line.append_text(self._units(b))
            self.canvas.put_text(1, y + i, line, self.w - 2)
            self.regions.append((1, y + i, 1 + min(len(line.plain), self.w - 2), y + i + 1, b.key))

    # --- the shown seat -------------------------------------------------------------------

    def _me_parts(self) -> list[tuple[Text, tuple[int, int] | None]]:
        """The shown seat's title, pile and holding, each with where its pile top is."""
        me = self.scene.me
        assert me is not None
        parts: list[tuple[Text, tuple[int, int] | None]] = [(me.title.copy(), None)]
        parts.append(self._pile_text(me))
        if me.info.plain:
            parts.append((me.info.copy(), None))
        return parts

    def _me_rows(self, one: bool = False) -> list[tuple[Text, tuple[int, int] | None]]:
        """The shown seat's line: one row where it fits, else (a narrow felt, a long name, a
        shared pile, a proof) as many rows as it takes, each filled in turn, so its end is
        not cut off (``fill_rows``); ``one``: one row, closer together, however wide. Each
        row with where its pile top is, if it is there."""
        parts = self._me_parts()
        texts = [part for part, _ in parts]
        rows = [one_row(texts, _ME_SEPS[-1])] if one else fill_rows(texts, self.w - 2, _ME_SEPS)
        out: list[tuple[Text, tuple[int, int] | None]] = []
        spans = iter(span for _, span in parts)
        for line, starts in rows:
            where = None
            for start in starts:
                span = next(spans)
                if span is not None:
                    where = (start + span[0], start + span[1])
            out.append((line, where))
        return out

    def _me(self, y: int, rows: list[tuple[Text, tuple[int, int] | None]]) -> None:
        me = self.scene.me
        assert me is not None
        for i, (line, span) in enumerate(rows):
            self.canvas.put_text(1, y + i, line, self.w - 2)
            if span is not None and me.top_key is not None:
                self.regions.append((1 + span[0], y + i, 1 + span[1], y + i + 1, me.top_key))


def hang(text: Text, width: int, indent: int = 2) -> list[Text]:
    """``text`` wrapped at word boundaries to ``width`` cells, the rows after the first
    indented by ``indent`` (a paragraph of a list); a word longer than a row is cut."""
    plain = text.plain
    rows: list[Text] = []
    start, room = 0, max(1, width)
    while start < len(plain):
        end, used, last_space = start, 0, -1
        while end < len(plain):
            cells = cell_len(plain[end])
            if used + cells > room:
                break
            if plain[end] == " ":
                last_space = end
            used += cells
            end += 1
        if end < len(plain) and last_space > start:
            end = last_space  # break at the last space that fits
        piece = text[start:end]
        piece.rstrip()
        if rows:
            piece = Text(" " * indent) + piece
        rows.append(piece)
        start = end
        while start < len(plain) and plain[start] == " ":
            start += 1
        room = max(1, width - indent)
    return rows or [Text()]


class PlaysView(Widget):
    """The plays on offer, each whole (wrapped at word boundaries, the rows after its first
    indented: a long capture was cut to "c capture A♠ J♥+3♥ 7♥+…"), the highlighted one
    reversed; a window round it when they do not all fit. Above them, a note: one line, or
    paragraphs wrapped to the width (why the card picked has no play), itself a window that
    ``scroll_note`` (↑↓ while there is no play to pick, or the mouse wheel) moves when it is
    longer than its room. A click on any row of a play posts ``Chosen``."""

    DEFAULT_CSS = """
    PlaysView { height: 1fr; width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    class Chosen(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lines: list[Text] = []
        self.cursor: int | None = None
        self.note: Text | list[Text] | None = None
        self.note_first = 0  # the first row of the note shown
        self._rows: list[int | None] = []  # what each drawn row is (a line's index)

    def show(
        self, lines: list[Text], cursor: int | None, note: Text | list[Text] | None = None
    ) -> None:
        if (lines, cursor, note) == (self.lines, self.cursor, self.note):
            return
        if note != self.note:
            self.note_first = 0
        self.lines, self.cursor, self.note = lines, cursor, note
        self.refresh()

    def note_rows(self, width: int | None = None) -> list[Text]:
        """The note as drawn: a line as it is; paragraphs wrapped to the width."""
        if self.note is None:
            return []
        if isinstance(self.note, Text):
            return [self.note]
        width = self.size.width if width is None else width
        return [row for para in self.note for row in hang(para, width)]

    def _note_room(self, height: int) -> int:
        """Rows for the note: all of them with no plays below it, else room is left for
        up to three plays (and the row that says how many more)."""
        n = len(self.lines)
        return height if n == 0 else max(1, height - min(n, 3) - (1 if n > 3 else 0))

    def note_hidden(self) -> int:
        """How many rows of the note the window does not show."""
        rows = len(self.note_rows())
        room = self._note_room(self._room())
        return 0 if rows <= room else rows - max(1, room - 1)

    def scroll_note(self, step: int) -> bool:
        """Move the note's window by ``step`` rows; False when it cannot move."""
        first = max(0, min(self.note_first + step, self.note_hidden()))
        if first == self.note_first:
            return False
        self.note_first = first
        self.refresh()
        return True

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        if self.scroll_note(1):
            event.stop()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        if self.scroll_note(-1):
            event.stop()

    def _room(self) -> int:
        """The rows that show: the view's own, or fewer where its box holds it shorter (a
        box as tall as the view's content up to a limit, the reasons' ``-why``)."""
        height = self.size.height
        box = self.parent
        if isinstance(box, Widget) and box.content_region.height:
            height = min(height, box.content_region.height)
        return max(1, height)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """All its rows (asked only where its height is ``auto``)."""
        rows = len(self.note_rows(width))
        return rows + sum(len(hang(line, width)) for line in self.lines)

    def render(self) -> Text:
        height = self._room()
        out = Text(no_wrap=True, overflow="ellipsis")
        rows: list[int | None] = []
        note = self.note_rows()
        room = self._note_room(height)
        shown, more = note, ""
        if len(note) > room:
            window = max(1, room - 1)  # one row says how many more
            first = self.note_first = min(self.note_first, len(note) - window)
            shown = note[first : first + window]
            more = f"  ▲ {first} more · ▼ {len(note) - first - window} more"
        for row in shown:
            if rows:
                out.append("\n")
            out.append_text(row)
            rows.append(None)
        if more:
            if rows:
                out.append("\n")
            out.append(more, style="dim italic")
            rows.append(None)
        height = max(1, height - len(rows))
        n = len(self.lines)
        wrapped = [hang(line, self.size.width) for line in self.lines]
        first, last = self._window(wrapped, height)
        for i in range(first, last):
            for row in wrapped[i]:
                if rows:
                    out.append("\n")
                row = row.copy()
                if i == self.cursor:
                    row.stylize("reverse")
                out.append_text(row)
                rows.append(i)
        if first > 0 or last < n:
            if rows:
                out.append("\n")
            out.append(f"  ▲ {first} more · ▼ {n - last} more", style="dim italic")
            rows.append(None)
        self._rows = rows
        return out

    def _window(self, wrapped: list[list[Text]], height: int) -> tuple[int, int]:
        """Which plays show, ``first`` to ``last`` (excluded), each whole in its rows: all
        of them where they fit, else the highlighted one with as many before it as half the
        room holds and after it what is left (one row says how many more)."""
        n = len(wrapped)
        if sum(len(w) for w in wrapped) <= height:
            return 0, n
        room = max(1, height - 1)
        at = min(self.cursor or 0, n - 1) if n else 0
        first, last, used = at, at + 1, len(wrapped[at]) if n else 0
        while first > 0 and used + len(wrapped[first - 1]) <= room // 2:
            first -= 1
            used += len(wrapped[first])
        while last < n and used + len(wrapped[last]) <= room:
            used += len(wrapped[last])
            last += 1
        while first > 0 and used + len(wrapped[first - 1]) <= room:
            first -= 1
            used += len(wrapped[first])
        return first, last

    def on_click(self, event: events.Click) -> None:
        if 0 <= event.y < len(self._rows):
            index = self._rows[event.y]
            if index is not None:
                event.stop()
                self.post_message(self.Chosen(index))


class PreviewLine(Static):
    """The composed step (or the highlighted play) in words; a click commits it."""

    class Pressed(Message):
        pass

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Pressed())


__all__ = [
    "MEDIUM",
    "BuildBox",
    "CasinoFelt",
    "CasinoScene",
    "PlaysView",
    "PreviewLine",
    "SeatBox",
    "back_strip",
    "hang",
    "label_style",
    "template_text",
]
