"""One deal of a longer game, played and scored on its own.

The daily deal plays the first deal of a game that runs over several (Twenty-Two, Manni,
Mensch) and stops when it is scored; its record says so (``ends: after the deal``), so a
replay stops where the play did and the result is the deal's. What "stopped" and "won" mean
then is written here once, for the daily's table (``daily.py``) and for records
(``records.py``), without either importing the other.

Pure: the engine contract only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .engine import Game, State


def stop_after_deal(state: State) -> None:
    """Make ``state`` end its play when its deal is scored (the search copy's horizon: a
    turn game's ``_search_copy``, which ``clone`` does not carry over)."""
    state._search_copy = True  # type: ignore[attr-defined]  # (TurnState's slot: see turns.py)


def can_stop_after_deal(state: State) -> bool:
    """Whether ``state``'s game can stop after a deal (its state has the search copy's
    horizon; Money, one long race, has none)."""
    return hasattr(state, "_search_copy")


def deal_over(state: State) -> bool:
    """The end of play: the game's, or (stopped after its deal) nobody left to move."""
    return state.is_over() or state.to_move() is None


def best_seats(game: Game, scores: Sequence[int]) -> list[int]:
    """The seats with the best score (the lowest where the game's low score wins): the
    winners of a deal played on its own."""
    best = min(scores) if game.low_score_wins else max(scores)
    return [s for s, sc in enumerate(scores) if sc == best]


def deal_view(view: dict[str, Any], state: State) -> dict[str, Any]:
    """``view`` of ``state`` (stopped after its deal) as a table shows one deal played on its
    own: once the deal is scored, over, and numbered as the deal just played (the search
    copy's horizon counts on to the next, which is never dealt); a match of one deal (Mensch's
    header: "deal 1 of 1", not of the match's eight)."""
    if deal_over(state) and not state.is_over():
        view["phase"] = "over"
        for key in ("hand_no", "deal_no"):
            if isinstance(view.get(key), int) and not isinstance(view[key], bool):
                view[key] -= 1
    if isinstance(view.get("deals"), int):
        view["deals"] = 1
    return view
