"""Drawing cards with Rich: faces, backs, fanned hands, on a small character canvas.

A card face is 5 columns by 4 rows. In a fanned hand each card but the last shows its left
4 columns (border, rank and suit), so 13 cards take 53 columns. Colours come from the theme's
variables (``CardStyle.from_variables``), so every theme, and ASCII mode for terminals
without suit symbols, draws the same shapes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from ..cards import RANK_CODES, SUIT_SYMBOLS, Card

CARD_W, CARD_H = 5, 4
FAN_STEP = 4


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
        d = cls()
        return cls(
            face=v.get("card-face", d.face),
            edge=v.get("card-edge", d.edge),
            back=v.get("card-back", d.back),
            back_pattern=v.get("card-back-pattern", d.back_pattern),
            cursor=v.get("card-cursor", d.cursor),
            select=v.get("card-select", d.select),
            hearts=v.get("suit-hearts", d.hearts),
            diamonds=v.get("suit-diamonds", d.diamonds),
            spades=v.get("suit-spades", d.spades),
            clubs=v.get("suit-clubs", d.clubs),
            felt=v.get("felt", d.felt),
            ascii=ascii,
        )

    def suit_colour(self, card: Card) -> str:
        return {
            "H": self.hearts,
            "D": self.diamonds,
            "S": self.spades,
            "C": self.clubs,
        }.get(card.suit, "#7b2d8e")

    def label(self, card: Card) -> str:
        """Rank and suit as drawn on a face: ``10♥``, ``Q♠``, ``JK``."""
        if card.is_joker:
            return "JK"
        suit = card.suit if self.ascii else SUIT_SYMBOLS[card.suit]
        return RANK_CODES[card.rank] + suit

    def pip(self, card: Card) -> str:
        if card.is_joker:
            return "*"
        return card.suit if self.ascii else SUIT_SYMBOLS[card.suit]

    def inline(self, card: Card, on: str | None = None) -> Text:
        """A card as a short coloured label for text lines (log, scores): `` Q♠ ``."""
        return Text(
            f"{self.label(card)}",
            style=Style(color=self.suit_colour(card), bgcolor=self.face, bold=True),
        )


BOX = {
    "tl": "╭",
    "tr": "╮",
    "bl": "╰",
    "br": "╯",
    "h": "─",
    "v": "│",
}
ASCII_BOX = {"tl": "+", "tr": "+", "bl": "+", "br": "+", "h": "-", "v": "|"}


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


def draw_face(
    canvas: Canvas,
    x: int,
    y: int,
    card: Card,
    cs: CardStyle,
    *,
    visible: int = CARD_W,
    edge: str | None = None,
    face: str | None = None,
    dim: bool = False,
) -> None:
    """A face-up card at (x, y), cut to its left ``visible`` columns (fans overlap)."""
    box = ASCII_BOX if cs.ascii else BOX
    bg = face or cs.face
    border = Style(color=edge or cs.edge, bgcolor=bg, bold=edge is not None)
    ink = Style(color=cs.suit_colour(card), bgcolor=bg, bold=True, dim=dim)
    label = cs.label(card)
    rows = [
        (box["tl"] + box["h"] * 3 + box["tr"], None),
        (box["v"] + f"{label:<3}" + box["v"], label),
        (box["v"] + f" {cs.pip(card)} " + box["v"], None),
        (box["bl"] + box["h"] * 3 + box["br"], None),
    ]
    for dy, (line, _) in enumerate(rows):
        line = line[:visible]
        for dx, ch in enumerate(line):
            is_border = dx == 0 or dx == CARD_W - 1 or dy in (0, CARD_H - 1)
            canvas.put(x + dx, y + dy, ch, border if is_border else ink)


def draw_back(canvas: Canvas, x: int, y: int, cs: CardStyle, *, visible: int = CARD_W) -> None:
    box = ASCII_BOX if cs.ascii else BOX
    border = Style(color=cs.back_pattern, bgcolor=cs.back)
    fill = Style(color=cs.back_pattern, bgcolor=cs.back)
    pattern = "###" if cs.ascii else "▚▚▚"
    rows = [
        box["tl"] + box["h"] * 3 + box["tr"],
        box["v"] + pattern + box["v"],
        box["v"] + pattern + box["v"],
        box["bl"] + box["h"] * 3 + box["br"],
    ]
    for dy, line in enumerate(rows):
        for dx, ch in enumerate(line[:visible]):
            canvas.put(x + dx, y + dy, ch, border if dx in (0, 4) or dy in (0, 3) else fill)


def fan_width(count: int, step: int = FAN_STEP) -> int:
    return 0 if count == 0 else (count - 1) * step + CARD_W


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
    step: int = FAN_STEP,
) -> None:
    """A fanned row of faces. ``y`` is the raised row: unraised cards sit one row lower."""
    chosen = set(selected)
    up = set(raised) | chosen | ({cursor} if cursor is not None else set())
    low = set(dimmed)
    for i, card in enumerate(cards):
        last = i == len(cards) - 1
        edge = cs.cursor if i == cursor else highlight
        face = cs.select if i in chosen else None
        draw_face(
            canvas,
            x + i * step,
            y if i in up else y + 1,
            card,
            cs,
            visible=CARD_W if last else step,
            edge=edge,
            face=face,
            dim=i in low,
        )


def draw_backs(
    canvas: Canvas, x: int, y: int, count: int, cs: CardStyle, step: int = 2, most: int = 3
) -> None:
    """A pile of ``count`` backs, drawn as a short fan of at most ``most``."""
    shown = min(count, most)
    for i in range(shown):
        draw_back(canvas, x + i * step, y, cs, visible=CARD_W if i == shown - 1 else step)


def cards_line(cards: Iterable[Card], cs: CardStyle, sep: str = " ") -> Text:
    """Cards as inline coloured labels on one line."""
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(cs.inline(c))
    return out
