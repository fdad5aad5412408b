"""How much of the long runs the test suite plays.

The default run samples them so it stays well under 8 minutes on an idle two-core machine;
``CARDSUITE_FULL=1`` plays them whole; ``CARDSUITE_PROPERTY_GAMES=N`` multiplies the random
property games either way.
"""

from __future__ import annotations

import os

FULL = os.environ.get("CARDSUITE_FULL") == "1"
PROPERTY_GAMES = max(1, int(os.environ.get("CARDSUITE_PROPERTY_GAMES", "1")))


def games(n: int) -> int:
    """How many of ``n`` random games to play: all in the full run, a third by default."""
    return n * PROPERTY_GAMES if FULL else max(1, n * PROPERTY_GAMES // 3)


def sample(items: list, every: int = 3) -> list:  # type: ignore[type-arg]
    """All of ``items`` in the full run, else every ``every``-th (the first always)."""
    return list(items) if FULL else list(items[::every])
