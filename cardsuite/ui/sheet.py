"""A score sheet as a game gives it, and the sheet laid out in lines for a given width.

The game-over dialog shows the final sheet in three parts: the header, the rows (which
scroll, so a long game's early deals stay readable) and the totals (which never scroll
away). Rich would size each part's columns on its own, so the parts would not line up;
here every column gets one width for all three, and the names give way to the numbers
when the width is short (at 80 columns four 16-letter names barely fit)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text

#: The gaps between columns, widest first: the first that fits is used.
_GAPS = (2, 1)


@dataclass
class Sheet:
    """A score sheet as a game gives it: a column per seat, a row per deal, the totals."""

    title: str
    columns: list[str]
    rows: list[tuple[str, list[str]]] = field(default_factory=list)
    totals: list[str] = field(default_factory=list)
    #: Seats whose total is marked (out of the game, say) with ``mark``.
    marked: set[int] = field(default_factory=set)
    mark: str = "✗"
    #: The header of the rows' labels ("#", "deal").
    label: str = "#"
    #: Shorter headers for the columns, where the game has them (African Casino's sides,
    #: "X's side"): used before the names are cut.
    short_columns: list[str] | None = None


@dataclass
class SheetLines:
    """A sheet in lines of one width: ``body`` scrolls; ``foot`` (the totals) is None when
    the totals are a column (a row per seat, for more than four)."""

    head: Text
    body: list[Text]
    foot: Text | None


def shorten(name: str, width: int) -> str:
    """``name`` in ``width`` cells, cut in the middle (``Abcdef…n00``): seat names often
    differ only at their ends."""
    if len(name) <= width:
        return name
    if width <= 1:
        return name[:width]
    tail = min(3, (width - 1) // 2)
    return name[: width - 1 - tail] + "…" + (name[-tail:] if tail else "")


def column_heads(names: list[str]) -> list[str]:
    """Short heads for a narrow sheet's columns: the names' first three letters, or, where
    two would read alike ("Abcdefghijklmn00", "...01"), the names cut in the middle to the
    fewest cells that tell them apart ("Ab…0", "Ab…1")."""
    heads = [name[:3] for name in names]
    for width in (4, 5, 6):
        if len(set(heads)) == len(heads):
            break
        heads = [shorten(name, width) for name in names]
    return heads


def marked_totals(sheet: Sheet) -> list[str]:
    """The totals, each marked seat's with the sheet's mark (out of the game: ``✗``)."""
    return [t + (sheet.mark if s in sheet.marked else "") for s, t in enumerate(sheet.totals)]


def _cell(text: str, width: int, style: str = "", left: bool = False) -> Text:
    out = Text(text, style=style, no_wrap=True)
    out.truncate(width)
    pad = " " * (width - out.cell_len)
    return Text(pad, no_wrap=True) + out if not left else out + Text(pad)


def _line(cells: list[Text], gap: int) -> Text:
    return Text(" " * gap, no_wrap=True).join(cells)


def sheet_lines(sheet: Sheet, width: int) -> SheetLines:
    """The sheet in ``width`` cells: a column per seat up to four, else a row per seat."""
    if len(sheet.columns) <= 4:
        return _by_columns(sheet, width)
    return _by_rows(sheet, width)


def _by_columns(sheet: Sheet, width: int) -> SheetLines:
    """A column per seat, a row per deal, the totals under them. The headers are the
    names, then the game's shorter headers, each with wide gaps and then narrow ones; then
    the names cut to share what is left."""
    totals = marked_totals(sheet)
    n = len(sheet.columns)
    label_w = max([len(sheet.label), 1] + [Text(lb).cell_len for lb, _ in sheet.rows])
    values = [
        max([len(totals[i]) if totals else 0] + [len(cells[i]) for _, cells in sheet.rows])
        for i in range(n)
    ]
    choices = [(list(sheet.columns), gap) for gap in _GAPS]
    if sheet.short_columns:
        choices.insert(1, (list(sheet.short_columns), _GAPS[0]))
        choices.append((list(sheet.short_columns), _GAPS[-1]))
    heads, widths, gap = None, values, _GAPS[-1]
    for names, gap in choices:
        widths = [max(v, len(h)) for v, h in zip(values, names, strict=True)]
        if label_w + sum(widths) + gap * n <= width:
            heads = names
            break
    if heads is None:  # the names cut to an equal share of the room
        gap = _GAPS[-1]
        share = max(1, (width - label_w - gap * n) // max(1, n))
        widths = [max(v, share) for v in values]
        heads = [shorten(h, w) for h, w in zip(sheet.columns, widths, strict=True)]
    spare = width - label_w - sum(widths) - gap * n
    widths = [w + max(0, spare) // n for w in widths]  # the room shared, as Rich's expand
    head = _line(
        [_cell(sheet.label, label_w, "dim")]
        + [_cell(h, w, "bold") for h, w in zip(heads, widths, strict=True)],
        gap,
    )
    body = [
        _line(
            [_cell(lb, label_w, "dim")] + [_cell(c, w) for c, w in zip(cells, widths, strict=True)],
            gap,
        )
        for lb, cells in sheet.rows
    ]
    foot = None
    if totals:
        foot = _line(
            [_cell("Σ", label_w, "bold")]
            + [_cell(t, w, "bold") for t, w in zip(totals, widths, strict=True)],
            gap,
        )
    return SheetLines(head, body, foot)


def _by_rows(sheet: Sheet, width: int) -> SheetLines:
    """A row per seat: its name, the last deals that fit, its total last (so the totals
    are in every row, and always in sight)."""
    totals = marked_totals(sheet)
    gap = _GAPS[-1]
    name_w = max(len(c) for c in sheet.columns)
    total_w = max([1] + [len(t) for t in totals])
    name_w = min(name_w, max(6, width - total_w - gap))
    room = width - name_w - gap - total_w
    deals: list[int] = []  # the rows' indexes shown, newest first
    for i in range(len(sheet.rows) - 1, -1, -1):
        label, cells = sheet.rows[i]
        w = max([Text(label).cell_len] + [len(c) for c in cells])
        if w + gap > room:
            break
        room -= w + gap
        deals.append(i)
    deals.reverse()
    deal_w = [
        max([Text(sheet.rows[i][0]).cell_len] + [len(c) for c in sheet.rows[i][1]]) for i in deals
    ]
    head = _line(
        [_cell("", name_w)]
        + [_cell(sheet.rows[i][0], w, "dim") for i, w in zip(deals, deal_w, strict=True)]
        + [_cell("Σ", total_w, "bold")],
        gap,
    )
    body = []
    for s, name in enumerate(sheet.columns):
        row_cells = [_cell(sheet.rows[i][1][s], w) for i, w in zip(deals, deal_w, strict=True)]
        total = totals[s] if totals else ""
        body.append(
            _line(
                [
                    _cell(shorten(name, name_w), name_w, left=True),
                    *row_cells,
                    _cell(total, total_w, "bold"),
                ],
                gap,
            )
        )
    return SheetLines(head, body, None)
