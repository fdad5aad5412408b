"""A match: one game's state plus who sits where, and the bookkeeping round the table.

Everything a table screen needs that is not drawing: which seats are people and which are
bots, asking a bot for its move, undo back to a person's previous decision, the medium bot's
hint, whose cards the screen may show (hot-seat privacy), and saving and resuming a game so
that it continues exactly as it would have. No terminal library is imported here, so all of
it is tested without a screen.

A ``Match`` is one of the three table sources (``table_source.TableSource``). Its seat half
(``Seating``) is shared with the others, and its reads of a position held here
(``HeldPosition``) with the replay's ``ReplayMatch``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from . import positions
from .bots import LEVELS, Bot, make_bot
from .engine import Action, Event, Game, IllegalAction, State, rng_from_json, rng_to_json
from .games import UnknownGame, get_game
from .hints import Hint, medium_hint
from .records import Move

if TYPE_CHECKING:
    from .records import Record

D = TypeVar("D")

MATCH_SCHEMA = 1
_FROM_STATE = object()  # Match's default origin: the state it is given is the start
HUMAN = "human"
#: A seat played from another terminal through a table server (``remote/server.py``).
REMOTE = "remote"
SEAT_KINDS = (HUMAN, *LEVELS, REMOTE)
#: A seat played by another program over JSON lines: ``program:CMD`` (``plain/program.py``).
PROGRAM = "program:"


def is_program(kind: str) -> bool:
    return kind.startswith(PROGRAM)


def saved_kind(kind: str) -> str:
    """A seat's kind as a save or a record keeps it: a program's seat as the medium bot
    that stands in for a program, so that opening a file never starts a command."""
    return "medium" if is_program(kind) else kind


@dataclass(frozen=True)
class SeatSpec:
    """Who plays a seat: ``kind`` is ``"human"`` or a bot level; ``name`` is shown on screen."""

    kind: str
    name: str

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def label(self) -> str:
        return self.name if self.is_human else f"{self.name} ({self.kind})"


@dataclass
class _Snapshot:
    state: State
    bot_rngs: dict[int, Any]
    record_len: int


class Seating:
    """Who sits where, and what follows from that alone: the seat half of a table source
    (``table_source.TableSource``), shared by a match, a replay and a joined table."""

    game: Game
    seats: list[SeatSpec]

    def to_move(self) -> int | None:
        raise NotImplementedError

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].is_human

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    # --- privacy --------------------------------------------------------------------------

    @property
    def hot_seat(self) -> bool:
        """Several people share the screen and hands are secret: a curtain goes between."""
        return len(self.humans) > 1 and self.game.hidden_hands

    def viewer_after(self, shown: int | None) -> int | None:
        """Whose cards the table shows next, given it showed ``shown``'s so far.

        One person: always theirs. Several (hot-seat): the person to move, once a curtain has
        passed the keyboard (the caller puts it up when this differs from ``shown``); while a
        bot moves, whoever was shown stays shown, and before the first curtain nobody's are.
        Nobody at all: the first seat's, for watching."""
        humans = self.humans
        if not humans:
            return 0
        if len(humans) == 1:
            return humans[0]
        mover = self.to_move()
        if self.is_human(mover) and not self.needs_curtain(shown):
            return mover
        return shown

    def needs_curtain(self, shown: int | None) -> bool:
        """True when the next person to act is not the one whose cards are showing."""
        if not self.hot_seat:
            return False
        mover = self.to_move()
        return self.is_human(mover) and mover != shown


class PlayedElsewhere:
    """The part of a table source whose game is not played here (a replay, a table joined
    from another terminal): no bot thinks here, and nothing is undone, hinted or saved. Each
    says in its own words why a request is refused (``NO_BOTS`` ... ``NO_RECORD``)."""

    NO_BOTS: str
    NO_HINTS: str
    NO_SAVE: str
    NO_RECORD: str

    def choose_bot(self, seat: int, cancelled: Callable[[], bool] | None = None) -> Action:
        raise IllegalAction(self.NO_BOTS)

    def think_floor(self, seat: int) -> float:
        return 0.0

    def drive(self, driver: Callable[[State, Mapping[int, Bot]], D]) -> D | None:
        return None  # nothing is played here

    @property
    def offers_undo(self) -> bool:
        return False

    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    @property
    def offers_hint(self) -> bool:
        return False

    def hint(self, seat: int) -> Action:
        raise IllegalAction(self.NO_HINTS)

    def hint_with_reason(self, seat: int) -> Hint:
        raise IllegalAction(self.NO_HINTS)

    @property
    def offers_save(self) -> bool:
        return False

    def to_save(self) -> dict[str, Any]:
        raise ValueError(self.NO_SAVE)

    def to_record(self) -> Record:
        raise ValueError(self.NO_RECORD)


class HeldPosition(Seating):
    """A table source whose position is held here (``state``, a real one): what a screen
    reads of it. A ``Match`` plays on it; a ``ReplayMatch`` moves it to the replay's cursor."""

    state: State
    _revision: int

    def to_move(self) -> int | None:
        return self.state.to_move()

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator): all a table screen draws from."""
        return self.state.view(seat)

    def legal_actions(self, seat: int) -> Sequence[Action]:
        """``seat``'s legal actions: a screen asks only for the seat it shows."""
        return self.state.legal_actions(seat)

    def public_log(self) -> list[Event]:
        """The game's log: public, the same for every seat."""
        return self.state.events

    def is_over(self) -> bool:
        return self.state.is_over()

    def winners(self) -> list[int]:
        return self.state.winners()

    def scores(self) -> list[int]:
        return self.state.scores()

    @property
    def variant(self) -> str:
        return self.state.variant

    @property
    def options(self) -> Mapping[str, Any]:
        return self.state.options

    @property
    def revision(self) -> int:
        """Bumped when the position changes other than through its log (see the protocol)."""
        return self._revision

    def explain(self, action: Action | str, seat: int | None = None) -> str | None:
        """Why the game would refuse ``action`` now (its reason in words), or None when it
        would take it; tried on a copy, so nothing changes (a move composer's live
        preview)."""
        try:
            self.state.clone().apply(action, seat)
        except IllegalAction as e:
            return e.reason
        except ValueError as e:  # text that does not read as an action
            return str(e)
        return None

    def progress(self) -> str:
        """How far the game got, in its table's words (``progress_of`` the public view)."""
        return progress_of(self.state.view(None))

    def standing(self) -> str:
        """The saved-games list's second line: each player and their score so far."""
        return standing_of(self.seats, self.state.scores())


def progress_of(view: Mapping[str, Any]) -> str:
    """How far a game got, in its table's words: the hand or deal under way (a view's
    ``hand_no`` or ``deal_no``), of how many where that is fixed; "" for a game of one deal
    (Money)."""
    for key, total, word in (
        ("hand_no", "hands_in_game", "hand"),
        ("deal_no", "deals", "deal"),
    ):
        n = view.get(key)
        if isinstance(n, int) and not isinstance(n, bool):
            of = view.get(total)
            return f"{word} {n} of {of}" if isinstance(of, int) else f"{word} {n}"
    return ""


def standing_of(seats: Sequence[SeatSpec], scores: Sequence[int]) -> str:
    """Each player and their score so far: "Ann 12, Bob 7"."""
    return ", ".join(f"{s.name} {sc}" for s, sc in zip(seats, scores, strict=True))


class Match(HeldPosition):
    """A game in progress at a table of people and bots."""

    def __init__(
        self,
        game: Game,
        state: State,
        seats: Sequence[SeatSpec],
        seed: int | None = None,
        bot_options: Mapping[str, Mapping[str, Any]] | None = None,
        origin: Mapping[str, Any] | object | None = _FROM_STATE,
        started: float | None = None,
    ) -> None:
        if len(seats) != len(state.scores()):
            raise ValueError(f"{len(seats)} seats for a {len(state.scores())}-player game")
        for s in seats:
            if s.kind not in SEAT_KINDS and not is_program(s.kind):
                raise ValueError(f"unknown seat kind {s.kind!r}; kinds: {', '.join(SEAT_KINDS)}")
        self.game = game
        self.state = state
        self.seats = list(seats)
        self.seed = seed
        self.bot_options = {k: dict(v) for k, v in (bot_options or {}).items()}
        base = seed if seed is not None else 0
        self.bots: dict[int, Bot] = {
            i: make_bot(
                game.id, s.kind, seed=base * 100 + 17 + i, **self.bot_options.get(s.kind, {})
            )
            for i, s in enumerate(self.seats)
            if s.kind in LEVELS
        }
        self.bots.update(self._programs(base))
        self.record: list[Move] = []
        #: how the game began, for its record: ``{"seed": s}`` (a fresh deal of that seed),
        #: or ``{"position": json}``; None when unknown (a save from before records)
        self.origin: dict[str, Any] | None = (
            {"position": state.to_json()}
            if origin is _FROM_STATE
            # (a Mapping: the sentinel and None are the other branches, and mypy does not
            # narrow ``object`` by identity)
            else dict(origin)  # type: ignore[call-overload]
            if origin is not None
            else None
        )
        #: when the game began (the store's clock), set by the table that first shows it
        self.started = started
        #: the saved game this match continues or was last saved to (set by whoever reads or
        #: writes it): saving again replaces it, and the end of the game removes it
        self.save_path: Path | None = None
        self._undo: list[_Snapshot] = []
        self._revision = 0
        #: a move was taken back: the game is not rated (``ratings.py``); kept in the save
        self.undo_used = False

    def _programs(self, base: int) -> dict[int, Bot]:
        """The seats a program plays (``program:CMD``, ``plain/program.py``): bots to the
        match, started at their first turn."""
        kinds = {i: s.kind for i, s in enumerate(self.seats) if is_program(s.kind)}
        if not kinds:
            return {}
        from .plain.program import ProgramBot

        names = self.names()
        return {
            i: ProgramBot(self.game.id, k, names, base * 100 + 17 + i) for i, k in kinds.items()
        }

    @classmethod
    def new(
        cls,
        game_id: str,
        seats: Sequence[SeatSpec],
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        bot_options: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> Match:
        """A fresh game; ``seed`` None draws one (and remembers it, for the record)."""
        game = get_game(game_id)
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        state = game.new_state(players=len(seats), variant=variant, options=options, seed=seed)
        return cls(game, state, seats, seed, bot_options, origin={"seed": seed})

    # --- what this table offers (``table_source.TableSource``) -------------------------------

    @property
    def offers_undo(self) -> bool:
        """Undo is for one person against bots: with several, it would show hidden cards."""
        return len(self.humans) == 1

    @property
    def offers_hint(self) -> bool:
        return True

    @property
    def offers_save(self) -> bool:
        return True

    # --- moves ----------------------------------------------------------------------------

    def apply(
        self, action: Action | str, seat: int | None = None, note: str | None = None
    ) -> list[Event]:
        """Play ``action`` for ``seat`` (default: the seat to move); a person's decision is
        remembered for undo first. Illegal actions raise ``IllegalAction``, changing nothing.
        ``note`` goes into the game's record beside the move (Money: a claim's reaction
        time)."""
        mover = self.to_move() if seat is None else seat
        snapshot = None
        if self.is_human(mover):
            snapshot = _Snapshot(self.state.clone(), self._bot_rngs(), len(self.record))
        events = self.state.apply(action, seat)
        self._revision += 1
        if snapshot is not None:
            self._undo.append(snapshot)
        act = action if isinstance(action, str) else str(action)
        self.record.append(Move(mover if mover is not None else -1, act, note))
        return events

    def choose_bot(self, seat: int, cancelled: Callable[[], bool] | None = None) -> Action:
        """The bot's move for ``seat``, thought out on a copy so the table can go on drawing
        the real state while it thinks (in a thread)."""
        bot = self.bots[seat]
        if cancelled is not None and hasattr(bot, "cancelled"):
            bot.cancelled = cancelled
        return bot.choose(self.state.clone(), seat)

    def drive(self, driver: Callable[[State, Mapping[int, Bot]], D]) -> D:
        """A real-time game's driver made on this match's own position and bots (Money's race,
        which judges the timed presses on it and makes the bots' presses): the one way a
        screen's driver reaches the position the screen itself sees only through views.
        (Made again after anything that replaces the position: an undo, which a race has
        none of.)"""
        return driver(self.state, self.bots)

    def think_floor(self, seat: int) -> float:
        """The least time the table lets the bot at ``seat`` take over a move.

        Where sides are secret a search bot's time would tell them: the called card's
        holder has fewer legal plays (sometimes one, answered at once) and another deal of
        the unseen cards to search. So every move of such a bot takes its whole budget."""
        bot = self.bots.get(seat)
        if not self.game.secret_sides or bot is None:
            return 0.0
        return float(getattr(bot, "time_budget", 0.0))

    def hint(self, seat: int) -> Action:
        """What the medium bot would do here (a fixed seed: the same hint every time)."""
        return make_bot(self.game.id, "medium", seed=1).choose(self.state.clone(), seat)

    def hint_with_reason(self, seat: int) -> Hint:
        """``hint``'s action and one line of why, in the player's words (``hints``)."""
        return medium_hint(self.game.id, self.state, seat)

    # --- undo -----------------------------------------------------------------------------

    def can_undo(self) -> bool:
        """Undo is for one person against bots: with several, it would show hidden cards."""
        return len(self.humans) == 1 and bool(self._undo)

    def undo(self) -> bool:
        """Back to just before the person's previous decision; False when there is none."""
        if not self.can_undo():
            return False
        snap = self._undo.pop()
        self.state = snap.state
        self._revision += 1
        self._set_bot_rngs(snap.bot_rngs)
        del self.record[snap.record_len :]
        self.undo_used = True
        return True

    def _bot_rngs(self) -> dict[int, Any]:
        return {s: rng_to_json(b.rng) for s, b in self.bots.items() if hasattr(b, "rng")}

    def _set_bot_rngs(self, states: Mapping[int, Any]) -> None:
        for s, data in states.items():
            # (``Bot`` declares no rng; only bots that have one were saved: ``_bot_rngs``)
            self.bots[int(s)].rng = rng_from_json(data)  # type: ignore[attr-defined]

    # --- results --------------------------------------------------------------------------

    def describe(self) -> str:
        """The saved-games list's first line: the game, its variant (unless it is the game's
        own name, as Mensch's) and how far it got: "Manni · Trjámann · hand 3 of 12"."""
        parts = [self.game.name]
        variant = self.game.variants.get(self.state.variant)
        if variant is not None and variant.name != self.game.name:
            parts.append(variant.name)
        where = self.progress()
        if where:
            parts.append(where)
        return " · ".join(parts)

    # --- saving ---------------------------------------------------------------------------

    def to_save(self) -> dict[str, Any]:
        """Everything needed to continue exactly: state, seats, bots' generators, record."""
        return {
            "match_schema": MATCH_SCHEMA,
            "game": self.game.id,
            "title": self.describe(),
            "subtitle": self.standing(),
            "seed": self.seed,
            "seats": [{"kind": saved_kind(s.kind), "name": s.name} for s in self.seats],
            "bot_options": self.bot_options,
            "bots": {str(k): v for k, v in self._bot_rngs().items()},
            "record": [[s, a] if n is None else [s, a, n] for s, a, n in self.record],
            "origin": self.origin,
            "started": self.started,
            "undo_used": self.undo_used,
            "state": self.state.to_json(),
        }

    def to_record(self) -> Record:
        """The game's record so far (``records.from_match``); ``ValueError`` when how it began
        is unknown (a save from before records)."""
        from .records import from_match

        return from_match(self)

    @classmethod
    def from_save(cls, data: Mapping[str, Any]) -> Match:
        """Rebuild a match; ``ValueError`` says what is wrong and nothing is half-made."""
        try:
            if not isinstance(data, Mapping):
                raise ValueError("this save is damaged (not a JSON object)")
            # before anything reads it: its origin and bots too, not only its state, are
            # written back by the next save (a file 900 deep made that recurse too far)
            positions.check_depth(data, "this save")
            if data.get("match_schema") != MATCH_SCHEMA:
                raise ValueError("this save comes from an unknown version of cardsuite")
            game = get_game(str(data["game"]))
            seats = [SeatSpec(str(s["kind"]), str(s["name"])[:64]) for s in data["seats"]]
            state = game.from_json(data["state"])
            seed = data.get("seed")
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
                raise ValueError("this save is damaged (its seed is not a whole number)")
            bot_options = _bot_options(data.get("bot_options") or {})
            started = data.get("started")
            if started is not None and (
                isinstance(started, bool)
                or not isinstance(started, (int, float))
                or not 0 <= started < 1e11  # a time this side of the year 5000
            ):
                raise ValueError("this save is damaged (its start time is not a number)")
            match = cls(game, state, seats, seed, bot_options, _saved_origin(data, seed), started)
            bots = data.get("bots") or {}
            if set(map(int, bots)) - set(match.bots):
                raise ValueError("this save is damaged (a bot's generator for a seat with no bot)")
            match._set_bot_rngs({int(k): v for k, v in bots.items()})
            match.record = [_saved_move(m) for m in data.get("record", [])]
            undo_used = data.get("undo_used", False)  # (saves from before ratings: False)
            if not isinstance(undo_used, bool):
                raise ValueError("this save is damaged (undo_used is not true or false)")
            match.undo_used = undo_used
        except UnknownGame as e:
            raise ValueError(f"this save is for a game cardsuite does not have ({e})") from None
        except (KeyError, TypeError, IndexError, AttributeError) as e:
            raise ValueError(f"this save is damaged (missing or bad {e})") from None
        except (OverflowError, RecursionError) as e:
            raise ValueError(f"this save is damaged ({type(e).__name__})") from None
        return match


def _saved_origin(data: Mapping[str, Any], seed: int | None) -> dict[str, Any] | None:
    """How a saved game began. A save from before records has none: it was dealt fresh
    from its seed (``Match.new`` is the only way the app starts a game)."""
    origin = data.get("origin", {"seed": seed} if seed is not None else None)
    if origin is None:
        return None
    if not isinstance(origin, Mapping) or not (
        ("position" in origin and isinstance(origin["position"], Mapping))
        or (
            "seed" in origin
            and (origin["seed"] is None or type(origin["seed"]) is int)
            and set(origin) <= {"seed", "deck", "dealer"}
        )
    ):
        raise ValueError("this save is damaged (how the game began)")
    return dict(origin)


def _saved_move(entry: object) -> Move:
    if not isinstance(entry, (list, tuple)) or len(entry) not in (2, 3):
        raise ValueError("this save is damaged (a move of its record)")
    note = entry[2] if len(entry) == 3 else None
    return Move(int(entry[0]), str(entry[1]), None if note is None else str(note))


#: What a save may ask of its bots: the hard bot's budget, within sane bounds.
_BOT_OPTIONS = {"iterations": (1, 100_000), "time_budget": (0.01, 60.0)}


def _bot_options(value: object) -> dict[str, dict[str, Any]]:
    """A save's bot options, checked: a hostile file must not make a bot think for ever."""
    if not isinstance(value, Mapping):
        raise ValueError("this save is damaged (bot options)")
    out: dict[str, dict[str, Any]] = {}
    for level, opts in value.items():
        if level not in LEVELS or not isinstance(opts, Mapping):
            raise ValueError(f"this save is damaged (options for a bot level {level!r})")
        for key, number in opts.items():
            if key not in _BOT_OPTIONS or isinstance(number, bool):
                raise ValueError(f"this save is damaged (a bot option {key!r})")
            lo, hi = _BOT_OPTIONS[key]
            if not isinstance(number, (int, float)) or not lo <= number <= hi:
                raise ValueError(f"this save is damaged ({key} must be from {lo} to {hi})")
        out[str(level)] = dict(opts)
    return out


__all__ = [
    "HUMAN",
    "PROGRAM",
    "REMOTE",
    "SEAT_KINDS",
    "HeldPosition",
    "IllegalAction",
    "Match",
    "SeatSpec",
    "Seating",
    "is_program",
    "progress_of",
    "saved_kind",
    "standing_of",
]
