"""What a refused action must leave as it was, cheaply: a position's JSON with its log cut
to its length and last entry.

A log only grows, so its length and last entry say whether a refusal touched it; the rest
of the position is compared whole. Writing the whole log out before and after every refused
text made a long game's checks cost the square of its length (two fifths of the contract
and random-play tests' time)."""

from __future__ import annotations

import json

from cardsuite.engine import State


def unchanged(state: State) -> str:
    """``state.to_json()`` (keys sorted) with ``events`` as ``[count, [last entry]]``."""
    events = state.events
    state.events = events[-1:]
    try:
        data = state.to_json()
    finally:
        state.events = events
    data["events"] = [len(events), data.get("events")]
    return json.dumps(data, sort_keys=True)
