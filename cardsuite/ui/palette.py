"""The command palette (ctrl+p): its provider, and the commands of cardsuite's own settings.

Textual's own provider lists the commands sorted as text (Money's throw times came out
0, 1000, 1500, 250 ms) and searches titles only. ``CardSuiteCommands`` lists them by group
('Pace', 'Money'), each group in its own order (paces from instant to wait, numbers from
the least), and finds a command by the words of its description too, after the commands
whose title matches. A game's preferences are offered on that game's screens;
on screens of no game (the picker, statistics, history) every game's, named with the game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import ModalScreen, Screen

from ..engine import Game
from ..games import all_games
from ..paces import PACES, describe

if TYPE_CHECKING:
    from .app import CardSuiteApp

#: A command found only by its description ranks after every title match (a fuzzy title
#: score is at least 1: one point per letter matched).
DESCRIPTION_SCORE = 0.5

_NUMBER = re.compile(r"(\d+)")
_WORD = re.compile(r"\w+")


def natural_key(title: str) -> tuple[Any, ...]:
    """Sort key that reads runs of digits as numbers: 'throw time 250 ms' before '1000 ms'."""
    parts = _NUMBER.split(title.casefold())
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts)


def in_order(commands: Iterable[SystemCommand]) -> list[SystemCommand]:
    """The commands by their group (the title up to its colon: 'Pace', 'Money'), groups in
    natural order, and within a group as they were made: paces from instant to wait, a
    preference's presets from the least."""
    listed = list(commands)

    def key(i: int) -> tuple[Any, ...]:
        return (natural_key(listed[i].title.split(":", 1)[0]), i)

    return [listed[i] for i in sorted(range(len(listed)), key=key)]


def matches_words(query: str, text: str) -> bool:
    """Every word of ``query`` begins a word of ``text`` (case-insensitive): 'suits' finds
    'Draw suits as symbols', 'sym let' finds it too, 'its' does not."""
    words = [w.casefold() for w in _WORD.findall(text)]
    wanted = [w.casefold() for w in _WORD.findall(query)]
    return bool(wanted) and all(any(w.startswith(q) for w in words) for q in wanted)


def screen_game(screen: Screen[Any]) -> Game | None:
    """The game a screen shows: its own (setup, rules), its match's (a table, a replay), or
    under a dialog the screen beneath's. None for a screen of no game (the picker)."""
    stack = list(screen.app.screen_stack)
    at = stack.index(screen) if screen in stack else 0
    for s in [screen, *reversed(stack[:at])]:
        game = getattr(s, "game", None)
        if not isinstance(game, Game):
            game = getattr(getattr(s, "match", None), "game", None)
        if isinstance(game, Game):
            return game
        if not isinstance(s, ModalScreen):
            return None
    return None


def pace_commands(app: CardSuiteApp) -> Iterator[SystemCommand]:
    """One command a pace, each saying what it does (the one in use says so)."""
    for pace in PACES:
        words = describe(pace)
        now = " (the pace now)" if pace == app.settings.pace else ""
        yield SystemCommand(
            f"Pace: {pace}",
            words[0].upper() + words[1:] + now,
            lambda pace=pace: app.set_pace(pace),
        )


def preference_commands(app: CardSuiteApp, screen: Screen[Any]) -> Iterator[SystemCommand]:
    """The presets of every int preference of the screen's game (of every game on a screen
    of none), each named with its game."""
    game = screen_game(screen)
    for g in [game] if game is not None else all_games():
        for option in g.preferences:
            for value in sorted(option.presets):
                yield SystemCommand(
                    f"{g.name}: {option.name.lower()} {option.show(value)}",
                    option.help,
                    lambda g=g.id, o=option.id, v=value: app.set_preference(g, o, v),
                )


class CardSuiteCommands(Provider):
    """The app's commands (``App.get_system_commands``) in natural order, found by title or
    by the words of their description."""

    def _commands(self) -> list[SystemCommand]:
        return in_order(self.app.get_system_commands(self.screen))

    async def discover(self) -> Hits:
        for title, help_text, callback, discover in self._commands():
            if discover:
                yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback, _ in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_text)
            elif matches_words(query, help_text):
                yield Hit(DESCRIPTION_SCORE, title, callback, help=help_text)
