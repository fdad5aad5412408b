"""The felt of a trick table: the seats round it and each play in front of its seat.

For two to four players the seats sit round the table as at a real one: the seat being shown
at the bottom (South), the next seat in play order on the left (West), then across (North),
then on the right (East). Each shows its name, kind, a strip of card backs with the count and
the game's own lines; each seat's play lies between it and the middle. For bigger tables the
seats are a list beside the felt (``SeatList``) and the trick is a row of labelled plays.

The widget only draws what it is given (``FeltScene``): the table screen builds the scene
from the view of the seat being shown, so nothing here can see a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from ..cards import Card
from .cardart import (
    SIZES,
    SMALL,
    Canvas,
    CardSize,
    CardStyle,
    back_strip,
    draw_backs,
    draw_fan,
    fan_width,
)
from .fill import fill_rows, one_row
from .widgets import CardGroup, card_style, render_groups

#: South's parts joined, spaced wide where they fit, else closer together (``fill_rows``).
_SEPS = ("  ·  ", " · ")
_DIM = Style(dim=True)
#: Where seats sit, by how many there are, starting from the bottom and going round in
#: play order: the next seat to play after South is on its left.
POSITIONS: dict[int, tuple[str, ...]] = {
    2: ("S", "N"),
    3: ("S", "W", "E"),
    4: ("S", "W", "N", "E"),
}


@dataclass
class SeatSpot:
    """One seat as the felt shows it: a title line (name, marks), how many cards it holds
    face down (None: not shown, as for the seat whose hand is below the felt) and the
    game's lines under it."""

    seat: int
    title: Text
    lines: list[Text] = field(default_factory=list)
    backs: int | None = None
    #: Shorter forms of the title, for a narrow place (a side seat at 80 columns): the
    #: first that fits is shown, else the last, cut.
    shorter: list[Text] = field(default_factory=list)

    def title_in(self, width: int) -> Text:
        """The fullest form of the title that fits ``width`` cells."""
        forms = [self.title, *self.shorter]
        return next((t for t in forms if t.cell_len <= width), forms[-1])


@dataclass
class Play:
    """Cards lying in front of a seat (a play to the trick, a card shown at a showdown)."""

    seat: int
    cards: list[Card]
    highlight: bool = False


@dataclass
class FeltScene:
    """Everything the felt draws: the seats (bottom first, in play order), the plays, an
    optional group for the middle (a stock), and a title for the corner."""

    title: str = ""
    seats: list[SeatSpot] = field(default_factory=list)
    plays: list[Play] = field(default_factory=list)
    center: CardGroup | None = None
    #: Names for labelling plays when the seats are a list (bigger tables).
    names: Sequence[str] = ()


class TrickFelt(Widget):
    """The middle of a trick table (see the module docstring)."""

    #: no wrapping: the text list's long lines end in "…" rather than run onto the next
    DEFAULT_CSS = """
    TrickFelt { width: 1fr; height: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.scene = FeltScene()
        self.card_size: CardSize = SMALL

    def show(self, scene: FeltScene, size: CardSize) -> None:
        """Draw ``scene``: again only when it changed (a table shows it after every event,
        and four times in ten it is the scene already drawn)."""
        if scene == self.scene and size is self.card_size:
            return
        self.scene = scene
        self.card_size = size
        self.refresh()

    def cards_changed(self) -> None:
        self.refresh()

    def render(self) -> Text:
        cs = card_style(self)
        width, height = max(self.size.width, 1), max(self.size.height, 1)
        scene = self.scene
        if len(scene.seats) not in POSITIONS:
            return self._row(width, height, cs)
        for size in _sizes_from(self.card_size):
            # hands as fans of backs where the faces are big enough to have the room
            for fans in (True, False) if size is not SMALL else (False,):
                canvas = _Around(width, height, size, cs, fans).draw(scene)
                if canvas is not None:
                    return canvas.text()
        return _compact(scene, cs, width)

    def _row(self, width: int, height: int, cs: CardStyle) -> Text:
        """Bigger tables: the plays as a row of groups labelled with the players' names."""
        scene = self.scene
        names = scene.names
        groups = [
            CardGroup(
                names[p.seat] if p.seat < len(names) else f"P{p.seat + 1}",
                p.cards,
                highlight=p.highlight,
            )
            for p in scene.plays
        ]
        if scene.center is not None and not groups:
            groups = [scene.center]
        if _groups_width(groups) <= width - 2:
            return render_groups(width, max(height, 7), scene.title, groups, cs)
        return _plays_text(scene.title, groups, width, cs)


def backs_text(count: int, cs: CardStyle, most: int = 8) -> Text:
    """A seat's cards face down: a strip of backs and the count, or "no cards" (a bare
    " 0" read as a stray number at the end of a hand)."""
    if not count:
        return Text("no cards", style="dim")
    return back_strip(count, cs, most)


def _sizes_from(size: CardSize) -> list[CardSize]:
    """The given face size, then smaller ones, for a felt that is short of room."""
    return [s for s in reversed(SIZES) if s.w <= size.w]


class _Around:
    """Lays out a two- to four-seat table on a canvas; ``draw`` gives None if it cannot fit.

    ``fans``: the other seats' hands as small fanned backs (else a strip of back cells)."""

    def __init__(self, width: int, height: int, size: CardSize, cs: CardStyle, fans: bool) -> None:
        self.w, self.h = width, height
        self.size = size
        self.cs = cs
        self.fans = fans

    def _rows(self, spot: SeatSpot) -> list[Text]:
        """A seat's lines under its title: its backs as a strip when not fanned."""
        if spot.backs is None:
            return list(spot.lines)
        if self.fans:
            n = spot.backs
            count = f"{n} card{'s' * (n != 1)}" if n else "no cards"
            return [Text(count, style="dim"), *spot.lines]
        return [backs_text(spot.backs, self.cs), *spot.lines]

    def _south_parts(self, spot: SeatSpot) -> list[Text]:
        """South's title and lines; when nobody's hand is showing, its backs first, as a
        strip. They go on one row, or on as many as it takes (``fill_rows``)."""
        parts = [spot.title, *spot.lines]
        if spot.backs is not None:
            parts.insert(1, backs_text(spot.backs, self.cs))
        return parts

    def _north_rows(self, spot: SeatSpot) -> tuple[Text, Text]:
        """North's name row and lines row. Lines too wide for their row (Mensch's declarer,
        best so far and thinking at 80x24) share both rows with the name, each part whole,
        rather than lose the end of a part at the edge."""
        rows = self._rows(spot)
        one = fill_rows(rows, self.w - 2, _SEPS, _DIM)
        if len(one) == 1:
            return spot.title, one[0][0]
        if not self._fan_rows(spot):  # with fanned backs between them, the name stays alone
            both = fill_rows([spot.title, *rows], self.w - 2, _SEPS[-1:], _DIM)
            if len(both) == 2:
                return both[0][0], both[1][0]
        return spot.title, one_row(rows, _SEPS[-1], _DIM)[0]

    def _fan_rows(self, spot: SeatSpot) -> int:
        return SMALL.h if self.fans and spot.backs else 0

    def draw(self, scene: FeltScene) -> Canvas | None:
        size, cs = self.size, self.cs
        where = dict(zip(POSITIONS[len(scene.seats)], scene.seats, strict=True))
        sides = [where[p] for p in "WE" if p in where]
        side_lines = max((1 + len(self._rows(s)) + self._fan_rows(s) for s in sides), default=0)
        north = "N" in where
        bands: list[tuple[str, int]] = []
        if north:
            n_fan = self._fan_rows(where["N"])
            bands += [("n_info", 2 + n_fan), ("n_play", size.h)]
        parts = self._south_parts(where["S"])
        south = [row for row, _ in fill_rows(parts, self.w - 2, _SEPS, _DIM)]
        band = max(size.h, side_lines)
        bands += [("mid", band), ("s_play", size.h), ("s_info", len(south))]
        need = sum(h for _, h in bands)
        if need > self.h and len(south) > 1:  # no room for more rows: one, cut at the edge
            need -= len(south) - 1
            south = [_one_row_whole(parts, self.w - 2)]
            bands[-1] = ("s_info", 1)
        if need > self.h:
            # the side seats' lines run on beside North's and South's plays, which lie in the
            # middle columns, rather than the table giving up its seats round it (Mensch's
            # four seats at 80x24 have room for three lines under a side seat's name)
            reach = size.h * (2 if north else 1)
            short = min(need - self.h, band - max(size.h, side_lines - reach))
            band -= short
            need -= short
            bands[-3] = ("mid", band)
        if need > self.h:
            return None
        each, extra = divmod(self.h - need, len(bands) + 1)  # spare rows, spread evenly
        top: dict[str, int] = {}
        y = each + extra // 2
        for name, h in bands:
            top[name] = y
            y += h + each
        canvas = Canvas(self.w, self.h)
        cx = self.w // 2
        info_w = max(10, min(24, self.w // 4))  # the most a side seat's lines may take
        used = {  # what each side seat's lines really take, for its play to come close
            pos: min(
                info_w,
                max(r.cell_len for r in [where[pos].title_in(info_w), *self._rows(where[pos])]),
            )
            for pos in "WE"
            if pos in where
        }
        plays = {p.seat: p for p in scene.plays}

        # North: its title, its backs fanned, its lines; its play below
        free_top = self.w - 2
        if north:
            spot = where["N"]
            y = top["n_info"]
            title_row, line = self._north_rows(spot)
            starts = [self._centre(canvas, y, title_row)]
            if self._fan_rows(spot):
                assert spot.backs is not None
                width = SMALL.fan_width(spot.backs, 2)
                draw_backs(canvas, cx - width // 2, y + 1, spot.backs, cs, 2, spot.backs)
                y += SMALL.h
            starts.append(self._centre(canvas, y + 1, line))
            if top["n_info"] == 0:
                free_top = min(starts) - 1
        # South: its line(s) at the bottom (its cards are the hand below the felt)
        for i, line in enumerate(south):
            free_bottom = self._centre(canvas, top["s_info"] + i, line) - 2
        if top["s_info"] + len(south) != self.h:
            free_bottom = self.w - 2
        # the side seats' blocks: centred on the middle band, running on beside North's and
        # South's plays where the band is shorter than they are
        mid = top["mid"]
        lo, hi = (top["n_play"] if north else mid), top["s_play"] + size.h
        blocks: dict[str, tuple[int, int]] = {}  # each side seat's first row and row count
        for pos in "WE":
            if pos in where:
                tall = 1 + self._fan_rows(where[pos]) + len(self._rows(where[pos]))
                blocks[pos] = (max(lo, min(mid + (band - tall) // 2, hi - tall)), tall)

        def clear(pos: str, y: int, h: int) -> bool:
            """Whether rows ``y`` to ``y + h`` are free of side seat ``pos``'s block."""
            if pos not in blocks:
                return True
            y0, tall = blocks[pos]
            return y + h <= y0 or y >= y0 + tall

        # the title where it has room: top left, beside North's play, else bottom left
        title = scene.title
        if title:
            style = Style(bold=True, italic=True)
            spots = [(0, free_top)]
            if north and clear("W", top["n_play"], 1):
                spots.append((top["n_play"], cx - size.w // 2 - 3))
            spots.append((self.h - 1, free_bottom))
            for y, room in spots:
                if len(title) <= room:
                    canvas.put(1, y, title, style)
                    break
            else:
                y, room = max(spots, key=lambda spot: spot[1])
                if room > 3:
                    canvas.put(1, y, title[: room - 1] + "…", style)

        # the sides: the seat's title, backs and lines in its corner of the table
        for pos, side in (("W", where.get("W")), ("E", where.get("E"))):
            if side is None:
                continue
            rows = self._rows(side)
            fan = self._fan_rows(side)
            y0 = blocks[pos][0]
            self._side(canvas, pos, y0, side.title_in(info_w), info_w)
            if fan:
                assert side.backs is not None
                step = max(1, min(2, (info_w - SMALL.w) // max(1, side.backs - 1)))
                width = SMALL.fan_width(side.backs, step)
                x = 1 if pos == "W" else self.w - 1 - width
                draw_backs(canvas, x, y0 + 1, side.backs, cs, step, side.backs)
            for i, row in enumerate(rows):
                self._side(canvas, pos, y0 + 1 + fan + i, row, info_w)

        # the plays, each between its seat and the middle
        half = size.w // 2
        for pos, spot in where.items():
            play = plays.get(spot.seat)
            if play is None or not play.cards:
                continue
            if pos in "WE":
                y = mid + (band - size.h) // 2
            else:
                y = top["n_play"] if pos == "N" else top["s_play"]
            # North's and South's plays keep off a side seat's lines running on beside them
            left = 1 if clear("W", y, size.h) else used["W"] + 2
            right = self.w - 1 if clear("E", y, size.h) else self.w - used["E"] - 2
            fitted = self._fit(play.cards, used.get(pos, info_w), pos, cx, half, left, right)
            if fitted is None:
                return None
            x, step = fitted
            draw_fan(
                canvas,
                x,
                y,
                play.cards,
                cs,
                raised=range(len(play.cards)),
                highlight=cs.cursor if play.highlight else None,
                step=step,
                size=size,
            )
        if scene.center is not None and not scene.plays:
            # between the side seats' lines, which it must not draw over
            lo = 1 + (used["W"] + 1 if "W" in used else 0)
            hi = self.w - 1 - (used["E"] + 1 if "E" in used else 0)
            self._center(canvas, scene.center, mid + (band - size.h) // 2, cx, lo, hi)
        return canvas

    def _side(self, canvas: Canvas, pos: str, y: int, row: Text, info_w: int) -> None:
        if pos == "W":
            canvas.put_text(1, y, row, info_w)
        else:
            canvas.put_text(self.w - 1 - min(info_w, row.cell_len), y, row, info_w)

    def _fit(
        self,
        cards: list[Card],
        info_w: int,
        pos: str,
        cx: int,
        half: int,
        left: int = 1,
        right: int | None = None,
    ) -> tuple[int, int] | None:
        """Where a play's fan starts and its step: N and S centred, between columns ``left``
        and ``right``; W and E beside the middle column, or up to it for a wide play (N and S
        are in rows of their own), closing up (down to three columns a card) if they must.
        ``info_w``: the side seat's lines."""
        size = self.size
        right = self.w - 1 if right is None else right
        for step in range(size.step, 2, -1):
            width = size.fan_width(len(cards), step)
            if pos in "NS":
                x = cx - width // 2
                if x >= left and x + width <= right:
                    return x, step
                continue
            if pos == "W":
                for right in (cx - half - 2, cx - 1):
                    if right - width >= info_w + 2:
                        return right - width, step
            else:
                for left in (cx + half + 2 + (size.w % 2 == 0), cx + 1):
                    if left + width <= self.w - info_w - 2:
                        return left, step
        return None

    def _center(self, canvas: Canvas, group: CardGroup, y: int, cx: int, lo: int, hi: int) -> None:
        """A group in the middle of the table (a stock, Manni's manni): backs, then any
        face-up cards of the group (a turned cut card), its label beside them, all between
        columns ``lo`` and ``hi`` (the side seats' lines). Where the label does not fit on
        one row there, its parts go one under another ("manni" / "16 cards" / "cut
        card")."""
        size = self.size
        label = f"{group.label} {group.note}".strip()
        backs = min(group.backs, 3)
        width = size.fan_width(backs, 2) if backs else 0
        faces = size.fan_width(len(group.cards)) if group.cards else 0
        gap = 2 if backs and faces else 0
        lines = [label]
        if width + gap + faces + 1 + len(label) > hi - lo:
            parts = [group.label, *group.note.split(" · ")]
            lines = [p for p in parts if p][: size.h]
        total = width + gap + faces + 1 + max(map(len, lines))
        x = max(lo, min(cx - total // 2, hi - total))
        if backs:
            draw_backs(canvas, x, y, group.backs, self.cs, step=2, size=size)
        if faces:
            draw_fan(canvas, x + width + gap, y, group.cards, self.cs, size=size)
        top = y + size.h // 2 if len(lines) == 1 else y + (size.h - len(lines)) // 2
        for i, line in enumerate(lines):
            canvas.put(x + width + gap + faces + 1, top + i, line, Style(italic=True))

    def _centre(self, canvas: Canvas, y: int, text: Text) -> int:
        """Text centred on row ``y``; returns the column it starts at."""
        x = max(1, (self.w - text.cell_len) // 2)
        canvas.put_text(x, y, text, self.w - 2)
        return x


def _one_row_whole(parts: Sequence[Text], room: int) -> Text:
    """``parts`` on one row of ``room`` cells: the first (the seat's name) cut with "…"
    so that the others (its marks: "declarer") stay whole; cut at the edge only when even
    a short name would not leave them room."""
    sep = _SEPS[-1]
    line = one_row(parts, sep, _DIM)[0]
    if line.cell_len <= room or len(parts) < 2:
        return line
    keep = room - one_row(parts[1:], sep, _DIM)[0].cell_len - len(sep)
    if keep < 6:
        return line
    name = parts[0].copy()
    name.truncate(keep, overflow="ellipsis")
    return one_row([name, *parts[1:]], sep, _DIM)[0]


def _groups_width(groups: Sequence[CardGroup]) -> int:
    """How wide ``render_groups`` lays the groups out as faces, side by side."""
    widths = []
    for g in groups:
        if g.cards:
            cards = fan_width(len(g.cards))
        else:
            cards = fan_width(min(g.backs, 3), 2) if g.backs else 0
        widths.append(max(len(g.label), len(g.note), cards))
    return sum(widths) + 3 * max(0, len(widths) - 1)


def _plays_text(title: str, groups: Sequence[CardGroup], width: int, cs: CardStyle) -> Text:
    """Plays too many for faces (a big table's trick): the title, then each play as its
    player's name and inline cards, whole plays to a row, a column in from each edge as
    everything on the felt is."""
    parts = []
    for g in groups:
        part = Text()
        part.append(f"{g.label}:", Style(bold=True, reverse=g.highlight))
        for c in g.cards:
            part.append(" ")
            part.append_text(cs.inline(c))
        if g.note:
            part.append(f" ({g.note})", Style(italic=True))
        parts.append(part)
    out = Text(no_wrap=True, overflow="ellipsis")
    if title:
        out.append(" ")
        out.append(title[: max(0, width - 2)], Style(bold=True, italic=True))
    for row, _ in fill_rows(parts, width - 2, ("   ", "  ")):
        out.append("\n ")
        out.append_text(row)
    return out


def _join(lines: Sequence[Text], sep: str = "  ·  ") -> Text:
    out = Text()
    for i, t in enumerate(lines):
        if i:
            out.append(sep, _DIM)
        out.append_text(t)
    return out


def _compact(scene: FeltScene, cs: CardStyle, width: int | None = None) -> Text:
    """When even small faces do not fit: every seat on a line (with its card count, as its
    backs say round the table), its parts closer together where the line is wider than
    ``width``; plays as inline cards."""
    plays = {p.seat: p for p in scene.plays}
    out = Text(no_wrap=True, overflow="ellipsis")
    if scene.title:
        out.append(scene.title + "\n", Style(bold=True, italic=True))
    for spot in reversed(scene.seats):
        out.append_text(spot.title)
        lines = list(spot.lines)
        if spot.backs is not None:
            lines.insert(0, Text(f"{spot.backs} card{'s' * (spot.backs != 1)}", style="dim"))
        if lines:
            out.append("  ")
            joined = _join(lines)
            if width is not None and spot.title.cell_len + 2 + joined.cell_len > width:
                joined = _join(lines, _SEPS[-1])
            out.append_text(joined)
        play = plays.get(spot.seat)
        if play is not None:
            out.append("  ▸ ")
            for c in play.cards:
                out.append_text(cs.inline(c))
                out.append(" ")
        out.append("\n")
    return out


__all__ = ["POSITIONS", "FeltScene", "Play", "SeatSpot", "TrickFelt"]
