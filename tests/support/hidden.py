"""Re-dealing the cards hidden from a seat: the contract's privacy test, and the remote
table's (a message must not change when they are re-dealt)."""

from __future__ import annotations

import random
from collections import Counter

from cardsuite.engine import State


def redeal(state: State, seat: int | None, rng: random.Random) -> bool:
    """Shuffle the cards hidden from ``seat`` among their zones, in place, keeping each
    zone's size; True when some zone now holds other cards than before."""
    zones = state.zones()
    hidden = state.hidden_zones(seat)
    before = [Counter(zones[z]) for z in hidden]
    pool = [c for z in hidden for c in zones[z]]
    rng.shuffle(pool)
    i = 0
    for z in hidden:
        cards = zones[z]
        assert isinstance(cards, list), f"hidden zone {z!r} must be the state's own list"
        n = len(cards)
        cards[:] = pool[i : i + n]
        i += n
    return any(Counter(zones[z]) != b for z, b in zip(hidden, before, strict=True))
