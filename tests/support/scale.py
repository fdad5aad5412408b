"""How much of the long runs the test suite plays, and from which seeds.

The default run samples them so it stays well under 8 minutes on an idle two-core machine;
``CARDSUITE_FULL=1`` plays them whole; ``CARDSUITE_PROPERTY_GAMES=N`` multiplies the random
property games either way.

The random-input tests (the contract's random games, mutated positions and saves, the
privacy walks, the monkey) draw from seeds salted by ``CARDSUITE_SEED``. Unset, the default
run keeps its fixed seeds (the same inputs every time, as CI needs), and the full run draws
a fresh salt (``conftest.pytest_configure``), so each long run tries inputs no run tried
before. Pytest's header prints the salt, and so does every failed test's report:
``CARDSUITE_SEED=<salt>`` runs the same inputs again.
"""

from __future__ import annotations

import hashlib
import os

FULL = os.environ.get("CARDSUITE_FULL") == "1"
#: The salt of this run's seeds ("" in a default run: its seeds are the fixed ones).
SALT = os.environ.get("CARDSUITE_SEED", "")
PROPERTY_GAMES = max(1, int(os.environ.get("CARDSUITE_PROPERTY_GAMES", "1")))


def games(n: int) -> int:
    """How many of ``n`` random games to play: all in the full run, a sixth by default."""
    return n * PROPERTY_GAMES if FULL else max(1, n * PROPERTY_GAMES // 6)


def sample(items: list, every: int = 3) -> list:  # type: ignore[type-arg]
    """All of ``items`` in the full run, else every ``every``-th (the first always)."""
    return list(items) if FULL else list(items[::every])


def seed(base: object) -> object:
    """``base`` as a seed salted for this run; ``base`` itself when there is no salt, so the
    default run's inputs never change."""
    return f"{base}:{SALT}" if SALT else base


def int_seed(base: int) -> int:
    """``seed`` for what takes an int (a game's ``new_state``, a property test's driver):
    ``base`` itself when there is no salt, else a 63-bit number made from ``base`` and the
    salt, the same on every run with that salt."""
    if not SALT:
        return base
    digest = hashlib.sha256(f"{base}:{SALT}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
