"""A seat's line made of parts (its name, its counts, its notes) laid into a width.

The trick felt's bottom seat and African Casino's shown seat both put their parts on one
row, spaced wide where it fits, then closer together; where even that is too wide (80
columns, a 16-letter name, many notes) they take as many rows as it needs, each filled in
turn, rather than cut the end off. Each row comes with the column where each of its parts
starts, for a part that is also a click target (Casino's pile top)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

#: A row, and the column (in characters) where each of its parts starts.
Row = tuple[Text, list[int]]


def one_row(parts: Sequence[Text], sep: str, sep_style: Style | None = None) -> Row:
    """``parts`` joined by ``sep`` (in ``sep_style``) on one row, however wide."""
    line, starts = Text(), []
    for i, part in enumerate(parts):
        if i:
            line.append(sep, sep_style)
        starts.append(len(line.plain))
        line.append_text(part)
    return line, starts


def fill_rows(
    parts: Sequence[Text], room: int, seps: Sequence[str], sep_style: Style | None = None
) -> list[Row]:
    """``parts`` on one row joined by the first of ``seps`` (widest first) that fits in
    ``room`` cells; else on as many rows as they need, each filled in turn, joined by the
    last of ``seps``. Separators are drawn in ``sep_style``."""
    for sep in seps:
        row = one_row(parts, sep, sep_style)
        if row[0].cell_len <= room:
            return [row]
    sep = seps[-1]
    rows: list[Row] = []
    for part in parts:
        if rows and rows[-1][0].cell_len + len(sep) + part.cell_len <= room:
            line, starts = rows[-1]
            line.append(sep, sep_style)
        else:
            line, starts = Text(), []
            rows.append((line, starts))
        starts.append(len(line.plain))
        line.append_text(part)
    return rows
