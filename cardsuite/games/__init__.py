"""The game registry: ``get_game(id)`` and ``all_games()``.

Each game package exposes ``GAME`` (a ``Game`` instance) from its ``rules`` module. Only the
pure rules are imported here, so listing games never loads a terminal library.
"""

from __future__ import annotations

from importlib import import_module

from ..engine import Game

#: game id -> module holding ``GAME``, in the order the picker shows them.
_MODULES = {
    "money": "cardsuite.games.money.rules",
    "twenty-two": "cardsuite.games.twenty_two.rules",
}


class UnknownGame(KeyError):
    """A game id that is not registered; the message lists the ones that are."""

    def __init__(self, game_id: str) -> None:
        super().__init__(game_id)
        self.game_id = game_id

    def __str__(self) -> str:
        return f"no game {self.game_id!r}; games: {', '.join(_MODULES)}"


def game_ids() -> list[str]:
    return list(_MODULES)


def get_game(game_id: str) -> Game:
    key = game_id.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in _MODULES:
        raise UnknownGame(game_id)
    game: Game = import_module(_MODULES[key]).GAME
    return game


def all_games() -> list[Game]:
    return [get_game(g) for g in _MODULES]
