"""The game registry: one ``GameEntry`` per game, naming where each of its parts lives.

``get_game(id)`` and ``all_games()`` give the games' ``Game`` objects; ``entry(id)`` gives
the rest (bots, table screen, self-play driver, rules help). Parts are imported only when
asked for, so listing games, simulating or running the rules never loads a terminal library
(only ``screen`` imports Textual).

Adding a game is one entry here plus the game's own folder (``docs/architecture.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the CLI's --help imports this registry: nothing it does not use
    from collections.abc import Callable

    from ..engine import Game


@dataclass(frozen=True)
class GameEntry:
    """Where a game's parts are, as module paths within ``package``.

    - ``rules``: the pure rules, exposing ``GAME`` (a ``Game``);
    - ``bots``: ``BOTS`` (level -> class) and ``search_hooks()`` for the hard bot, or
      ``make(level, seed, **options)`` when the game's bots need more than ``choose``;
    - ``screen``: the table screen class, ``module:Class`` (the only part importing Textual);
    - ``selfplay``: for real-time games, ``module:function`` playing bots to the end;
    - ``help``: the rules help for players, a Markdown file in the package;
    - ``remote_table``: for real-time games, ``module:Class`` running the race at a table
      server (``remote/server.py`` hands it the turn loop and the timed presses);
    - ``remote_screen``: for real-time games, the joined table's screen class (others put
      ``ui/remote_table.RemoteTable`` in front of their own screen);
    - ``kernel``: ``module:Class``, the fast subclass of the reference state that the game
      builds (``Game.state_type``); None while the reference is fast enough.
    """

    id: str
    package: str
    rules: str
    bots: str
    screen: str
    help: str
    selfplay: str | None = None
    remote_table: str | None = None
    remote_screen: str | None = None
    kernel: str | None = None

    def _module(self, name: str) -> ModuleType:
        return import_module(f"{self.package}.{name}")

    def _attr(self, spec: str) -> Any:
        module, _, attr = spec.partition(":")
        return getattr(self._module(module), attr)

    @property
    def game(self) -> Game:
        game: Game = self._module(self.rules).GAME
        return game

    def bots_module(self) -> ModuleType:
        return self._module(self.bots)

    def screen_class(self) -> type[Any]:
        cls: type[Any] = self._attr(self.screen)
        return cls

    def remote_table_class(self) -> type[Any] | None:
        return None if self.remote_table is None else self._attr(self.remote_table)

    def kernel_class(self) -> type[Any] | None:
        return None if self.kernel is None else self._attr(self.kernel)

    def remote_screen_class(self) -> type[Any] | None:
        return None if self.remote_screen is None else self._attr(self.remote_screen)

    def selfplay_driver(self) -> Callable[..., int] | None:
        if self.selfplay is None:
            return None
        fn: Callable[..., int] = self._attr(self.selfplay)
        return fn

    def help_text(self) -> str:
        from importlib import resources

        return resources.files(self.package).joinpath(self.help).read_text("utf-8")


#: In the order the picker shows them.
REGISTRY: dict[str, GameEntry] = {
    e.id: e
    for e in (
        GameEntry(
            "money",
            "cardsuite.games.money",
            rules="rules",
            bots="bots",
            screen="screen:MoneyScreen",
            help="help.md",
            selfplay="selfplay:play",
            remote_table="remote:MoneyTable",
            remote_screen="screen_remote:RemoteMoneyScreen",
            kernel="kernel:MoneyKernel",
        ),
        GameEntry(
            "twenty-two",
            "cardsuite.games.twenty_two",
            rules="rules",
            bots="bots",
            screen="screen:TwentyTwoScreen",
            help="help.md",
            kernel="kernel:TwentyTwoKernel",
        ),
        GameEntry(
            "manni",
            "cardsuite.games.manni",
            rules="rules",
            bots="bots",
            screen="screen:ManniScreen",
            help="help.md",
            kernel="kernel:MannKernel",
        ),
        GameEntry(
            "mensch",
            "cardsuite.games.mensch",
            rules="rules",
            bots="bots",
            screen="screen:MenschScreen",
            help="help.md",
            kernel="kernel:MenschKernel",
        ),
        GameEntry(
            "african-casino",
            "cardsuite.games.african_casino",
            rules="rules",
            bots="bots",
            screen="screen:CasinoScreen",
            help="help.md",
            kernel="kernel:CasinoKernel",
        ),
    )
}


class UnknownGame(KeyError):
    """A game id that is not registered; the message lists the ones that are."""

    def __init__(self, game_id: str) -> None:
        super().__init__(game_id)
        self.game_id = game_id

    def __str__(self) -> str:
        return f"no game {self.game_id!r}; games: {', '.join(REGISTRY)}"


def game_ids() -> list[str]:
    return list(REGISTRY)


def entry(game_id: str) -> GameEntry:
    key = game_id.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in REGISTRY:
        raise UnknownGame(game_id)
    return REGISTRY[key]


def get_game(game_id: str) -> Game:
    return entry(game_id).game


def all_games() -> list[Game]:
    return [e.game for e in REGISTRY.values()]
