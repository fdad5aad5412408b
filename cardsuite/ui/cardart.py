"""Drawing cards with Rich: faces, backs, fanned hands, on a small character canvas.

A card face comes in three sizes (``CardSize``): 5 columns by 4 rows on an 80x24 terminal,
7 by 5 from about 120x36 and 9 by 7 from about 160x48, so a big terminal is a big table. In a
fanned hand each card but the last shows its left columns (border, rank and suit), so 13
small cards take 53 columns. Colours come from the theme's
variables (``CardStyle.from_variables``), so every theme, and ASCII mode for terminals
without suit symbols, draws the same shapes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.color import Color, ColorParseError

from ..cards import RANK_CODES, SUIT_SYMBOLS, Card

#: A card back's pattern, as a cell of a seat's strip or a fan of backs (``#`` in ASCII).
BACK_GLYPH, ASCII_BACK_GLYPH = "▚", "#"
#: Every suit glyph a text may hold (the white ones too), and its letter in ASCII mode.
SUIT_LETTERS = {
    **{sym: suit for suit, sym in SUIT_SYMBOLS.items()},
    **{"♤": "S", "♡": "H", "♢": "D", "♧": "C"},
}
_TO_ASCII = str.maketrans({**SUIT_LETTERS, BACK_GLYPH: ASCII_BACK_GLYPH})


def suit_text(text: str, ascii: bool) -> str:
    """Words as the card style writes them: in ASCII mode each suit symbol becomes its letter
    (``trumps ♥ hearts`` → ``trumps H hearts``, ``Al-kommi 7♦`` → ``Al-kommi 7D``) and a card
    back's glyph ``#``. Every text on screen that may hold a suit symbol and is not card art
    (headers, option names, the rules, messages) goes through here or ``CardStyle.text``."""
    return text.translate(_TO_ASCII) if ascii else text


@dataclass(frozen=True)
class CardStyle:
    """Resolved colours and glyphs for drawing cards."""

    face: str = "#f7f1e1"
    edge: str = "#9b9077"
    back: str = "#7a1f2b"
    back_pattern: str = "#b8505e"
    cursor: str = "#f2d479"
    select: str = "#ffe59a"
    hearts: str = "#c0262d"
    diamonds: str = "#c0262d"
    spades: str = "#1e1e24"
    clubs: str = "#1e1e24"
    felt: str = "#14502f"
    ascii: bool = False

    @classmethod
    def from_variables(cls, v: dict[str, str], ascii: bool = False) -> CardStyle:
        """The theme's card colours, each in Rich's notation (``rich_colour``): a theme may
        write them as Textual reads them (``ansi_red``, ``hsl(...)``), and Rich draws them."""
        d = cls()

        def get(name: str, default: str) -> str:
            return rich_colour(v.get(name, default), default)

        return cls(
            face=get("card-face", d.face),
            edge=get("card-edge", d.edge),
            back=get("card-back", d.back),
            back_pattern=get("card-back-pattern", d.back_pattern),
            cursor=get("card-cursor", d.cursor),
            select=get("card-select", d.select),
            hearts=get("suit-hearts", d.hearts),
            diamonds=get("suit-diamonds", d.diamonds),
            spades=get("suit-spades", d.spades),
            clubs=get("suit-clubs", d.clubs),
            felt=get("felt", d.felt),
            ascii=ascii,
        )

    def suit_colour(self, card: Card) -> str:
        return {
            "H": self.hearts,
            "D": self.diamonds,
            "S": self.spades,
            "C": self.clubs,
        }.get(card.suit, "#7b2d8e")

    def suit(self, suit: str) -> str:
        """A suit (``H``) as this style draws it: ``♥``, or ``H`` in ASCII mode."""
        return suit if self.ascii else SUIT_SYMBOLS[suit]

    def text(self, text: str) -> str:
        """Words with suit symbols in them, in this style (``suit_text``)."""
        return suit_text(text, self.ascii)

    @property
    def back_glyph(self) -> str:
        return ASCII_BACK_GLYPH if self.ascii else BACK_GLYPH

    def label(self, card: Card) -> str:
        """Rank and suit as drawn on a face: ``10♥``, ``Q♠``, ``JK``."""
        if card.is_joker:
            return "JK"
        return RANK_CODES[card.rank] + self.suit(card.suit)

    def pip(self, card: Card) -> str:
        if card.is_joker:
            return "*"
        return self.suit(card.suit)

    def inline(self, card: Card, on: str | None = None) -> Text:
        """A card as a short coloured label for text lines (log, scores): `` Q♠ ``."""
        return Text(
            f"{self.label(card)}",
            style=Style(color=self.suit_colour(card), bgcolor=self.face, bold=True),
        )


def rich_colour(value: str, fallback: str) -> str:
    """A theme's colour in Rich's notation, or ``fallback`` for one that cannot be drawn.

    Theme variables are written as Textual reads them, and Rich reads colours differently:
    the ansi themes (``ansi-dark``, ``ansi-light``) give ``ansi_green`` and ``ansi_default``,
    which Rich refuses (``ColorParseError`` inside ``Style()``: the app died); ``hsl(...)``
    is Textual's alone; and a plain name is another colour in each (Textual's ``red`` is
    #ff0000, Rich's the terminal's own red). So the value is read as Textual reads it and
    written as Rich writes it: ``#rrggbb``, ``color(n)`` for a terminal colour, ``default``.
    ``transparent``, and what Textual cannot read either, give ``fallback``."""
    try:
        colour = Color.parse(value)
    except ColorParseError:
        return fallback
    if colour.a == 0 and colour.ansi is None:
        return fallback  # transparent: Rich would draw it black
    return colour.rich_color.name


BOX = {"tl": "╭", "tr": "╮", "bl": "╰", "br": "╯", "h": "─", "v": "│"}
ASCII_BOX = {"tl": "+", "tr": "+", "bl": "+", "br": "+", "h": "-", "v": "|"}
#: The cursor card's frame: heavy lines, so it never looks like a merely selected card.
CURSOR_BOX = {"tl": "┏", "tr": "┓", "bl": "┗", "br": "┛", "h": "━", "v": "┃"}
ASCII_CURSOR_BOX = {"tl": "#", "tr": "#", "bl": "#", "br": "#", "h": "=", "v": "#"}


@dataclass(frozen=True)
class CardSize:
    """A card face's size in cells and how far apart a fanned hand puts the cards.

    ``step`` columns of each card but the last show in a fan: enough for the border, the rank
    and the suit (``│10♥``)."""

    name: str
    w: int
    h: int
    step: int

    def fan_width(self, count: int, step: int | None = None) -> int:
        return 0 if count == 0 else (count - 1) * (self.step if step is None else step) + self.w


SMALL = CardSize("small", 5, 4, 4)
MEDIUM = CardSize("medium", 7, 5, 5)
LARGE = CardSize("large", 9, 7, 5)
SIZES = (SMALL, MEDIUM, LARGE)

CARD_W, CARD_H = SMALL.w, SMALL.h


def size_for(width: int, height: int) -> CardSize:
    """Bigger faces on a bigger terminal: medium from about 120x36, large from 160x48."""
    if width >= 160 and height >= 48:
        return LARGE
    if width >= 118 and height >= 34:
        return MEDIUM
    return SMALL


class Canvas:
    """A grid of styled characters, turned into Rich ``Text`` line by line."""

    def __init__(self, width: int, height: int, background: str | None = None) -> None:
        self.width = width
        self.height = height
        blank = Style(bgcolor=background) if background else Style()
        self.cells: list[list[tuple[str, Style]]] = [
            [(" ", blank) for _ in range(width)] for _ in range(height)
        ]

    def put(self, x: int, y: int, text: str, style: Style) -> None:
        if not 0 <= y < self.height:
            return
        row = self.cells[y]
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                row[x + i] = (ch, style)

    def put_text(self, x: int, y: int, text: Text, width: int | None = None) -> int:
        """Rich text at (x, y), cut to ``width`` cells; returns the cells written."""
        if not 0 <= y < self.height:
            return 0
        room = self.width - x if width is None else min(width, self.width - x)
        done = 0
        for span_text, style in _runs(text):
            for ch in span_text:
                if done >= room:
                    return done
                self.put(x + done, y, ch, style)
                done += 1
        return done

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for y, row in enumerate(self.cells):
            if y:
                out.append("\n")
            run, style = "", row[0][1] if row else Style()
            for ch, st in row:
                if st == style:
                    run += ch
                else:
                    out.append(run, style)
                    run, style = ch, st
            out.append(run, style)
        return out


def _runs(text: Text) -> list[tuple[str, Style]]:
    """A Rich ``Text`` as (characters, style) runs, base style included."""
    plain = text.plain
    base = text.style if isinstance(text.style, Style) else Style.parse(str(text.style or ""))
    styles = [base] * len(plain)
    for span in text.spans:
        st = span.style if isinstance(span.style, Style) else Style.parse(str(span.style))
        for i in range(max(0, span.start), min(len(plain), span.end)):
            styles[i] = styles[i] + st
    out: list[tuple[str, Style]] = []
    for ch, st in zip(plain, styles, strict=True):
        if out and out[-1][1] == st:
            out[-1] = (out[-1][0] + ch, st)
        else:
            out.append((ch, st))
    return out


def _face_rows(label: str, pip: str, size: CardSize) -> list[str]:
    """The inside of a face, row by row (``size.w - 2`` wide): rank and suit in the corners,
    the suit in the middle."""
    inner = size.w - 2
    if size is SMALL:
        return [f"{label:<3}", f" {pip} "]
    rows = [" " * inner for _ in range(size.h - 2)]
    rows[0] = f"{label:<{inner}}"
    rows[-1] = f"{label:>{inner}}"
    rows[len(rows) // 2] = f"{pip:^{inner}}"
    return rows


def draw_face(
    canvas: Canvas,
    x: int,
    y: int,
    card: Card,
    cs: CardStyle,
    *,
    size: CardSize = SMALL,
    visible: int | None = None,
    edge: str | None = None,
    face: str | None = None,
    dim: bool = False,
    cursor: bool = False,
) -> None:
    """A face-up card at (x, y), cut to its left ``visible`` columns (fans overlap).
    ``cursor`` draws the heavy frame of the card under the hand's cursor."""
    if cursor:
        box = ASCII_CURSOR_BOX if cs.ascii else CURSOR_BOX
    else:
        box = ASCII_BOX if cs.ascii else BOX
    bg = face or cs.face
    border = Style(color=edge or cs.edge, bgcolor=bg, bold=edge is not None)
    ink = Style(color=cs.suit_colour(card), bgcolor=bg, bold=True, dim=dim)
    inner = size.w - 2
    rows = [box["tl"] + box["h"] * inner + box["tr"]]
    rows += [box["v"] + r + box["v"] for r in _face_rows(cs.label(card), cs.pip(card), size)]
    rows.append(box["bl"] + box["h"] * inner + box["br"])
    cut = size.w if visible is None else visible
    last_row = size.h - 1
    for dy, line in enumerate(rows):
        for dx, ch in enumerate(line[:cut]):
            is_border = dx == 0 or dx == size.w - 1 or dy in (0, last_row)
            canvas.put(x + dx, y + dy, ch, border if is_border else ink)


def draw_back(
    canvas: Canvas,
    x: int,
    y: int,
    cs: CardStyle,
    *,
    size: CardSize = SMALL,
    visible: int | None = None,
) -> None:
    box = ASCII_BOX if cs.ascii else BOX
    style = Style(color=cs.back_pattern, bgcolor=cs.back)
    inner = size.w - 2
    fill = cs.back_glyph * inner
    rows = [box["tl"] + box["h"] * inner + box["tr"]]
    rows += [box["v"] + fill + box["v"] for _ in range(size.h - 2)]
    rows.append(box["bl"] + box["h"] * inner + box["br"])
    cut = size.w if visible is None else visible
    for dy, line in enumerate(rows):
        canvas.put(x, y + dy, line[:cut], style)


def fan_width(count: int, step: int | None = None, size: CardSize = SMALL) -> int:
    return size.fan_width(count, step)


def draw_fan(
    canvas: Canvas,
    x: int,
    y: int,
    cards: Sequence[Card],
    cs: CardStyle,
    *,
    cursor: int | None = None,
    selected: Iterable[int] = (),
    raised: Iterable[int] = (),
    dimmed: Iterable[int] = (),
    highlight: str | None = None,
    step: int | None = None,
    size: CardSize = SMALL,
) -> None:
    """A fanned row of faces. ``y`` is the raised row: unraised cards sit one row lower."""
    step = size.step if step is None else step
    chosen = set(selected)
    up = set(raised) | chosen | ({cursor} if cursor is not None else set())
    low = set(dimmed)
    for i, card in enumerate(cards):
        last = i == len(cards) - 1
        draw_face(
            canvas,
            x + i * step,
            y if i in up else y + 1,
            card,
            cs,
            size=size,
            visible=None if last else step,
            edge=cs.cursor if i == cursor else highlight,
            face=cs.select if i in chosen else None,
            dim=i in low,
            cursor=i == cursor,
        )


def draw_backs(
    canvas: Canvas,
    x: int,
    y: int,
    count: int,
    cs: CardStyle,
    step: int = 2,
    most: int = 3,
    size: CardSize = SMALL,
) -> None:
    """A pile of ``count`` backs, drawn as a short fan of at most ``most``."""
    shown = min(count, most)
    for i in range(shown):
        draw_back(canvas, x + i * step, y, cs, size=size, visible=None if i == shown - 1 else step)


def back_strip(count: int, cs: CardStyle, most: int = 8) -> Text:
    """A seat's cards as a short strip of card-back cells and the count: ``▚▚▚▚ 6``."""
    out = Text()
    if count:
        out.append(
            cs.back_glyph * min(count, most),
            Style(color=cs.back_pattern, bgcolor=cs.back),
        )
    out.append(f" {count}", Style(bold=True))
    return out


def cards_line(cards: Iterable[Card], cs: CardStyle, sep: str = " ") -> Text:
    """Cards as inline coloured labels on one line."""
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(cs.inline(c))
    return out
