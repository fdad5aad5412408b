"""Starting a plain game: from ``cardsuite play GAME --plain``, or the plain picker
(``cardsuite plain``: numbered games, the setup asked line by line with defaults, or a saved
game resumed). No terminal library is imported: the game runs on standard input and output.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from ..bots import LEVELS
from ..engine import Game
from ..games import all_games, entry, get_game
from ..match import HUMAN, Match, SeatSpec
from ..paces import PACE_DELAYS
from .program import finish_all, programs
from .render import TextRenderer, isatty
from .session import PlainSession
from .speech import Words, game_speech


def plain_games() -> list[Game]:
    """The games plain mode plays: every one (Money's race through ``race.py``)."""
    return list(all_games())


@dataclass
class Look:
    """How the lines look and move: cards in words or symbols, colour, the bots' pace."""

    symbols: bool = False
    ascii: bool = False
    color: bool = False
    pace: str | None = None


@dataclass
class Streams:
    inp: TextIO
    out: TextIO
    err: TextIO

    @classmethod
    def standard(cls) -> Streams:
        """Standard input and output; bytes that are not text in the input are read as
        replacement characters (then refused as any nonsense is), never a traceback."""
        for stream in (sys.stdin, sys.stdout):
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                reconfigure(errors="replace")
        return cls(sys.stdin, sys.stdout, sys.stderr)


def play_match(
    match: Match, look: Look, streams: Streams, store: Any, resumed: bool = False
) -> int:
    """Play ``match`` in plain text to its end or until the player leaves."""
    if look.pace is None:
        look.pace = store.load_settings()[0].pace
    think, hold = PACE_DELAYS.get(look.pace or "normal", PACE_DELAYS["normal"])
    words = Words(symbols=look.symbols, ascii=look.ascii, color=look.color)
    if match.game.realtime:  # Money's race: lines read against its clock
        from .race import race_session

        return race_session(match, store, words, streams, think).run(resumed=resumed)
    speech = game_speech(entry(match.game.id).package)
    io = TextRenderer(streams.out, streams.inp, streams.err, words, match.names(), speech.phrases)
    session = PlainSession(match, store, io, think=think, hold=hold)
    session.counts_tricks = speech.counts_tricks
    seated = programs(match.bots)
    for bot in seated.values():  # a program replaced is said apart from the game's lines
        bot.notify = io.warn
    try:
        return session.run(resumed=resumed)
    finally:
        finish_all(seated, match.state)


def new_match(
    game_id: str,
    seats: Sequence[SeatSpec],
    variant: str | None,
    options: Mapping[str, Any],
    seed: int | None,
    position: Mapping[str, Any] | None = None,
) -> Match:
    """The match ``play`` asks for: a fresh deal, or a checked position."""
    if position is not None:
        game = get_game(game_id)
        return Match(game, game.from_json(position), seats, origin={"position": dict(position)})
    return Match.new(game_id, seats, variant, options, seed)


# --- the plain picker ------------------------------------------------------------------------


class _EndOfInput(Exception):
    pass


class Picker:
    """``cardsuite plain``: a game chosen by number, its setup asked line by line (enter
    keeps the default in brackets), or a saved game resumed."""

    def __init__(self, streams: Streams, store: Any) -> None:
        self.s = streams
        self.store = store

    def say(self, text: str) -> None:
        self.s.out.write(text + "\n")
        self.s.out.flush()

    def ask(self, prompt: str) -> str:
        self.s.out.write(prompt)
        self.s.out.flush()
        text = self.s.inp.readline()
        if not text:
            self.s.out.write("\n")
            raise _EndOfInput
        if not isatty(self.s.inp):  # no terminal echoes it: the transcript shows the answer
            self.say(text.rstrip("\n"))
        return text.strip()

    def choose(self) -> Match | None:
        """The match chosen, or None at the end of input (said on standard error)."""
        try:
            return self._choose()
        except _EndOfInput:
            self.s.err.write("End of input: no game started.\n")
            return None

    def _choose(self) -> Match:
        games = plain_games()
        saves = [
            s
            for s in self.store.list_saves()
            if s.error is None and s.game in {g.id for g in games}
        ]
        self.say("cardsuite in plain text. Games:")
        for i, g in enumerate(games):
            self.say(f"{i + 1}. {g.name}: {g.summary}")
        if saves:
            self.say(f"r. Resume one of {len(saves)} saved games.")
        while True:
            answer = self.ask(f"Choose a game, 1 to {len(games)}{', or r' if saves else ''}: ")
            if answer.lower() == "r" and saves:
                match = self._resume(saves)
                if match is not None:
                    return match
            elif answer.isdigit() and 1 <= int(answer) <= len(games):
                return self._setup(games[int(answer) - 1])
            else:
                self.say(f"Type a number from 1 to {len(games)}{' or r' if saves else ''}.")

    def _resume(self, saves: Sequence[Any]) -> Match | None:
        for i, info in enumerate(saves):
            self.say(f"{i + 1}. {info.title}{': ' + info.subtitle if info.subtitle else ''}")
        while True:
            answer = self.ask(f"Which save, 1 to {len(saves)} (enter: back)? ")
            if not answer:
                return None
            if answer.isdigit() and 1 <= int(answer) <= len(saves):
                path = saves[int(answer) - 1].path
                try:
                    match = Match.from_save(self.store.load_save(path))
                except Exception as e:  # a StoreError or ValueError: said, file left alone
                    self.say(f"That save cannot be resumed: {e}")
                    continue
                match.save_path = path
                self.say("Resuming the saved game.")
                return match
            self.say(f"Type a number from 1 to {len(saves)}, or enter to go back.")

    def _pick(self, prompt: str, default: str, check: Any) -> Any:
        """Ask until ``check`` takes the answer (enter: ``default``); it raises ValueError."""
        while True:
            answer = self.ask(f"{prompt} [{default}]: ") or default
            try:
                return check(answer)
            except ValueError as e:
                self.say(str(e))

    def _setup(self, g: Game) -> Match:
        lo, hi = min(g.players), max(g.players)
        players = lo
        if lo != hi:
            usual = 4 if 4 in g.players else lo
            players = self._pick(f"Players, {lo} to {hi}", str(usual), _players_check(g))
        variants = list(g.variants)
        variant = variants[0]
        if len(variants) > 1:
            for i, v in enumerate(variants):
                self.say(f"{i + 1}. {g.variants[v].name}: {g.variants[v].summary}")
            first = str(variants.index(g.default_variant) + 1)
            variant = self._pick(f"Variant, 1 to {len(variants)}", first, _index_check(variants))
        kinds = self._pick(
            f"Seats: human or a bot level ({', '.join(LEVELS)}), comma-separated",
            ",".join([HUMAN] + ["medium"] * (players - 1)),
            _seats_check(players),
        )
        seed = self._pick("Seed (random: a new deal)", "random", _seed_check)
        names = g.names_for(players)
        seats = [SeatSpec(k, n) for k, n in zip(kinds, names, strict=True)]
        return Match.new(g.id, seats, variant, None, seed)


def _players_check(g: Game) -> Any:
    def check(text: str) -> int:
        if not text.isdigit():
            raise ValueError(f"Type a number of players: {', '.join(map(str, g.players))}.")
        return g.check_players(int(text))

    return check


def _index_check(items: Sequence[str]) -> Any:
    def check(text: str) -> str:
        if text.isdigit() and 1 <= int(text) <= len(items):
            return items[int(text) - 1]
        if text in items:
            return text
        raise ValueError(f"Type a number from 1 to {len(items)}.")

    return check


def _seats_check(players: int) -> Any:
    def check(text: str) -> list[str]:
        kinds = [k.strip().lower() for k in text.split(",")]
        if len(kinds) == 1:
            kinds = kinds * players
        bad = [k for k in kinds if k not in (HUMAN, *LEVELS)]
        if bad:
            raise ValueError(f"{bad[0]!r} is not a seat kind: human, {', '.join(LEVELS)}.")
        if len(kinds) != players:
            raise ValueError(f"Give {players} seat kinds, one per player (or one for all).")
        return kinds

    return check


def _seed_check(text: str) -> int | None:
    if text == "random":
        return None
    try:
        return int(text)
    except ValueError:
        raise ValueError("A seed is a whole number (or enter for a random deal).") from None


def run_picker(look: Look, streams: Streams | None = None, store: Any = None) -> int:
    """``cardsuite plain``: choose, then play; 0 when the player leaves or the game ends."""
    from ..store import Store

    streams = streams or Streams.standard()
    store = store or Store()

    def run() -> int:
        match = Picker(streams, store).choose()
        if match is None:
            return 0
        return play_match(match, look, streams, store, resumed=match.save_path is not None)

    return guarded(run, streams)


def run_play(match: Match, look: Look, streams: Streams | None = None, store: Any = None) -> int:
    """``cardsuite play GAME --plain``."""
    from ..store import Store

    streams = streams or Streams.standard()
    store = store or Store()
    return guarded(lambda: play_match(match, look, streams, store), streams)


def guarded(run: Callable[[], int], streams: Streams) -> int:
    """``run``'s status; ctrl+c leaves with a word on standard error (130, as a shell says
    for it), and a reader that stops reading (``| head``) ends the game quietly (1): never
    a traceback. Nothing is saved that the player did not save."""
    try:
        return run()
    except KeyboardInterrupt:
        streams.err.write("\nInterrupted: leaving the game (nothing was saved unasked).\n")
        return 130
    except BrokenPipeError:
        # the reader is gone: Python would report the pipe again when it flushes at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        with contextlib.suppress(OSError, ValueError):
            os.dup2(devnull, streams.out.fileno())
        return 1


__all__ = ["Look", "Picker", "Streams", "new_match", "plain_games", "run_picker", "run_play"]
