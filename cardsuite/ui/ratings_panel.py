"""The statistics screen's ratings (``ratings.py``): one table a game someone has played
rated games of, its players and the bot levels best first, as ``cardsuite ratings`` lists
them. Games only the bots have a rating in are left to the command: the screen is the
player's own."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text
from textual.widgets import DataTable, Static

from ..games import get_game
from ..ratings import COLUMNS, Rating, cells, from_store
from ..store import Store, StoreError


def ratings_parts(store: Store) -> Iterator[Static | DataTable[Any]]:
    """The section's heading, a table a game, and a word on a damaged anchors file or
    statistics that cannot be read (nothing at all when nobody has a rated game)."""
    try:
        found, problem = from_store(store)
    except StoreError as e:
        yield Static(Text(f"Ratings: {e}"), classes="dim-note")
        return
    played = {g: rows for g, rows in found.items() if any(not r.anchor for r in rows)}
    if not played:
        return
    yield Static(
        "Ratings (rating = mu - 3 sigma; bots fixed at their calibration)", id="ratings-head"
    )
    for game_id, rows in played.items():
        yield _table(game_id, rows)
    if problem is not None:
        yield Static(Text(problem), classes="dim-note")


def _table(game_id: str, rows: list[Rating]) -> DataTable[Any]:
    table: DataTable[Any] = DataTable(
        id=f"ratings-{game_id}", classes="stats-table", cursor_type="none", zebra_stripes=True
    )
    table.can_focus = False
    try:
        table.border_title = f"{get_game(game_id).name} ratings"
    except KeyError:  # a game of a later version, in a shared data folder
        table.border_title = f"{game_id} ratings"
    table.add_columns(*COLUMNS)
    for r in rows:
        first, *rest = cells(r)
        table.add_row(Text(first), *rest)  # a player's own words: text, never markup
    return table


__all__ = ["ratings_parts"]
