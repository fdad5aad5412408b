"""The guard for places that must name every registered game by hand.

Most of the suite takes its games from the registry (``cardsuite.games``), so a new game is
covered by its entry alone. A few places are right to list the games by hand, because each
game needs its own data there (its zones in the mutation test, a position to draw in ASCII,
a screenshot scene, a snapshot). Each such place calls ``check`` in a test of its own, so
that a game added to the registry and forgotten there fails naming the game and the place
(``docs/architecture.md``, "Adding a game", lists them all).
"""

from __future__ import annotations

from collections.abc import Iterable

from cardsuite import games


def missing(listed: Iterable[str]) -> list[str]:
    """The registered game ids that ``listed`` does not name, in the registry's order.

    The registry is read when called (not imported by name), so a test may put a fake game
    into ``cardsuite.games.REGISTRY`` to show that a guard fails."""
    named = set(listed)
    return [game_id for game_id in games.REGISTRY if game_id not in named]


def check(listed: Iterable[str], place: str) -> None:
    """Fail, naming the games and ``place``, when a registered game is not in ``listed``."""
    absent = missing(listed)
    assert not absent, f"{place} names no {', '.join(absent)}: add each game there"
