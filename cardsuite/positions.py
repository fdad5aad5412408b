"""Saving, loading and copying positions: the parts every rules module shares.

Each game's ``to_json`` starts with the same header (game id, schema, players, variant,
options, the random generator) and its ``from_json`` makes the same checks before reading its
own fields: the right game and schema, a known variant with valid options, a player count the
game allows, a random generator state that Python's Mersenne Twister can really continue, and,
at the end, a card set that is exactly the pack. ``reading`` turns whatever a damaged or
hand-edited file makes the game's own code trip over (a missing key, a string where a list
should be, a number too big for a float) into a ``ValueError`` that says what is wrong, so a
load either gives a whole position or nothing.

Pure standard library: rules modules import this, never the other way round.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import Card
from .files import json_depth

if TYPE_CHECKING:
    from .engine import Event, Game, State

_MT_WORDS = 624  # the Mersenne Twister's state: 624 words and a position
_MT_UPPER = 0x80000000  # of the first word only this bit is ever read (the other 31 never are)
#: How deeply a position's JSON may nest. The games' own positions reach 9 (a save, with its
#: state inside, one more); a hand-edited file 900 deep loads, but saving it again or
#: drawing its crash report recurses past Python's limit (issue 33).
MAX_DEPTH = 32


@dataclass(frozen=True)
class Header:
    """What ``read_header`` checked: the common part of a position."""

    players: int
    variant: str
    options: dict[str, Any]
    rng: random.Random


def header(state: State, schema: int, players: int) -> dict[str, Any]:
    """The common first fields of a position's JSON."""
    return {
        "game": state.game.id,
        "schema": schema,
        "players": players,
        "variant": state.variant,
        "options": dict(state.options),
        "rng": rng_to_json(state.rng),
    }


def read_header(game: Game, data: object, schema: int) -> Header:
    """Check the common fields of ``data``; ``ValueError`` says what is wrong.

    ``players`` may be left out for a game with one player count (older Money saves)."""
    if not isinstance(data, Mapping):
        raise ValueError(f"a {game.name} position must be a JSON object")
    check_depth(data, f"this {game.name} position")
    if data.get("game") != game.id:
        raise ValueError(f"this is not a {game.name} position")
    if data.get("schema") != schema:
        raise ValueError(f"unknown {game.name} schema {text(data.get('schema'))}")
    if "players" in data or len(game.players) != 1:
        players = whole(data.get("players"), "players")
    else:
        players = game.players[0]
    players = game.check_players(players)
    options = data.get("options")
    if not isinstance(options, Mapping):
        raise ValueError("options must be a JSON object")
    variant = data.get("variant")
    if not isinstance(variant, str):
        raise ValueError("variant must be a string")
    variant, opts = game.resolve_options(variant, options)
    raw = data.get("rng")
    rng = rng_from_json(raw) if raw is not None else random.Random(0)
    return Header(players, variant, opts, rng)


def check_pack(state: State, players: int) -> None:
    """Refuse a position whose cards are not exactly the pack (none lost, none invented)."""
    want = Counter(state.game.full_pack(players, state.options, state.variant))
    have = Counter(state.all_cards())
    if have != want:
        extra = sorted(c.code for c in (have - want).elements())
        missing = sorted(c.code for c in (want - have).elements())
        parts = []
        if extra:
            parts.append("extra " + " ".join(extra[:8]))
        if missing:
            parts.append("missing " + " ".join(missing[:8]))
        raise ValueError("the cards in this position are not exactly the pack: " + "; ".join(parts))


def check_depth(data: object, what: str, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON nested deeper than ``limit`` (lists and objects in one another), measured
    by ``files.json_depth``, which never recurses."""
    if json_depth(data) > limit:
        raise ValueError(f"{what} is nested too deeply (more than {limit} levels)")


@contextmanager
def reading(game: Game) -> Iterator[None]:
    """Run a ``from_json`` body: any slip on bad data becomes a ``ValueError``."""
    try:
        yield
    except ValueError:
        raise
    except (KeyError, TypeError, IndexError, AttributeError) as e:
        raise ValueError(f"damaged {game.name} position: missing or bad {e}") from None
    except (OverflowError, RecursionError, MemoryError) as e:
        raise ValueError(f"damaged {game.name} position: {type(e).__name__}") from None


# --- small readers, for each game's own fields -----------------------------------------------


def text(value: object) -> str:
    """A value from a file, quoted for a message and cut short."""
    s = repr(value)
    return s if len(s) <= 40 else s[:37] + "..."


def whole(value: object, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """A whole number from JSON (never a bool or a float), within ``lo..hi``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {text(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ValueError(f"{what} must be from {lo} to {hi}, not {text(value)}")
    return value


def seat(value: object, players: int, what: str) -> int:
    return whole(value, what, 0, players - 1)


def cards(value: object, what: str) -> list[Card]:
    """A list of card codes."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of cards")
    out = []
    for c in value:
        if not isinstance(c, str):
            raise ValueError(f"{what} holds {text(c)}, not a card code")
        out.append(Card.parse(c))
    return out


def per_seat(value: object, players: int, what: str) -> list[list[Card]]:
    """One list of cards per seat."""
    if not isinstance(value, list) or len(value) != players:
        raise ValueError(f"{what} needs one list per seat")
    return [cards(v, what) for v in value]


# --- a game's sheet: its ``history`` ------------------------------------------------------

#: Reads one field of a record: (value, what it is, players) -> the value, checked.
Reader = Callable[[object, str, int], object]


def records(
    value: object, what: str, fields: Mapping[str, Reader], players: int
) -> list[dict[str, Any]]:
    """A game's ``history``: one record a hand (``what``), each a JSON object with exactly
    the fields ``fields`` names (a name ending in ``?``: one older saves may lack), each
    checked by its reader. The tables draw their score sheets from these records, and a
    bad one (``[{}]``) opened a table only to crash it."""
    if not isinstance(value, list):
        raise ValueError("history must be a list")
    return [
        record(rec, f"the record of {what} {i}", fields, players) for i, rec in enumerate(value, 1)
    ]


def record(value: object, what: str, fields: Mapping[str, Reader], players: int) -> dict[str, Any]:
    """One record of ``records`` (``what`` names it in a message)."""
    if not isinstance(value, Mapping):
        raise ValueError(f"{what} is not a JSON object")
    known = {name.rstrip("?"): (read, not name.endswith("?")) for name, read in fields.items()}
    for name in value:
        if name not in known:
            raise ValueError(f"{what} has an unknown field {text(name)}")
    for name, (read, required) in known.items():
        if name in value:
            read(value[name], f"the {name} in {what}", players)
        elif required:
            raise ValueError(f"{what} has no {name}")
    return dict(value)


def numbered(history: Sequence[Mapping[str, Any]], key: str, last: int) -> None:
    """The records of ``history`` are of hands one after another (their ``key``), the last
    of them hand ``last``, the one finished last. (A position written by hand may start its
    sheet later than hand 1, or leave it empty: play goes on writing it from there.)"""
    first = last - len(history) + 1
    for i, rec in enumerate(history):
        if rec[key] != first + i:
            raise ValueError(
                f"the history's record {i + 1} is of {key} {text(rec[key])}, not {first + i}"
                f" (the last {key} finished is {last})"
            )


# --- a turn game's dealer, phase and seat to move ---------------------------------------


def turn_fields(
    data: Mapping[str, Any], players: int, phases: Sequence[str]
) -> tuple[int, str, int | None]:
    """A turn game's ``dealer``, ``phase`` (one of ``phases``) and ``turn`` (the seat to
    move, None when nobody is), each checked."""
    dealer = seat(data["dealer"], players, "dealer")
    phase = str(data["phase"])
    if phase not in phases:
        raise ValueError(f"unknown phase {text(phase)}")
    turn = data["turn"]
    return dealer, phase, None if turn is None else seat(turn, players, "turn")


def sheet_and_turn(state: Any, key: str, number: int, *, game: str = "game") -> bool:
    """A loaded turn game's sheet and seat to move: ``history`` holds one record (numbered
    by ``key``) of each deal before ``number``, the one in hand (and that one too once the
    ``game`` is over); nobody moves once it is over, somebody before. True: it is over."""
    over = state.phase == "over"
    numbered(state.history, key, number if over else number - 1)
    if over:
        if state.turn is not None:
            raise ValueError(f"a finished {game} has no seat to move")
        return True
    if state.turn is None:
        raise ValueError(f"the {state.phase} needs a seat to move")
    return False


def r_whole(lo: int | None = None, hi: int | None = None) -> Reader:
    return lambda value, what, players: whole(value, what, lo, hi)


def r_number(lo: float, hi: float) -> Reader:
    """A number, whole or not (never a bool, infinity or NaN), from ``lo`` to ``hi``."""

    def read(value: object, what: str, players: int) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
            raise ValueError(f"{what} must be a number from {lo} to {hi}, not {text(value)}")
        return value

    return read


def r_seat(value: object, what: str, players: int) -> int:
    return seat(value, players, what)


def r_bool(value: object, what: str, players: int) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false, not {text(value)}")
    return value


def r_card(value: object, what: str, players: int) -> str:
    """A card's code (kept as the code: the records hold codes)."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be a card code, not {text(value)}")
    Card.parse(value)
    return value


def r_cards(value: object, what: str, players: int) -> list[str]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of cards")
    return [r_card(c, what, players) for c in value]


def r_choice(*allowed: object) -> Reader:
    def read(value: object, what: str, players: int) -> object:
        if isinstance(value, bool) or value not in allowed:
            raise ValueError(f"{what} is not one of {', '.join(map(str, allowed))}")
        return value

    return read


def r_maybe(read: Reader) -> Reader:
    """``read``, or null."""
    return lambda value, what, players: None if value is None else read(value, what, players)


def r_per_seat(read: Reader) -> Reader:
    """One value per seat, each read by ``read``."""

    def per(value: object, what: str, players: int) -> list[object]:
        if not isinstance(value, list) or len(value) != players:
            raise ValueError(f"{what} needs one entry per seat")
        return [read(v, what, players) for v in value]

    return per


def r_seats(value: object, what: str, players: int) -> list[int]:
    """A list of seats, none twice."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of seats")
    out = [seat(v, players, what) for v in value]
    if len(set(out)) != len(out):
        raise ValueError(f"{what} names a seat twice")
    return out


def events(value: object, players: int) -> list[Event]:
    """The log: each event ``[kind, seat, text, data]`` well formed, and the kinds the shell
    reacts to carrying the data their kind declares (the table reads them)."""
    from .engine import Event, check_event

    if not isinstance(value, list):
        raise ValueError("events must be a list")
    out = []
    for item in value:
        if not isinstance(item, list) or len(item) != 4:
            raise ValueError("an event is [kind, seat, text, data]")
        kind, who, said, data = item
        if not isinstance(kind, str) or not isinstance(said, str) or not isinstance(data, dict):
            raise ValueError(f"a damaged event: {text(item)}")
        if who is not None:
            who = seat(who, players, "an event's seat")
        event = Event(kind, who, said, data)
        problem = check_event(event, players)
        if problem:
            raise ValueError(f"a damaged event ({problem})")
        out.append(event)
    return out


# --- the random generator --------------------------------------------------------------------


def rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: object) -> random.Random:
    """A generator from its saved state; ``ValueError`` unless it is one Python could have
    written. The Mersenne Twister's state is 19,937 bits: the top bit of the first word and
    all of the other 623 (the twist never reads the first word's low 31 bits). Every state
    but one runs through the same cycle of 2**19937 - 1; the one left out, those bits all
    zero, gives zeros for ever (Twenty-Two's first draw never ends, and the others' saves
    end up with the all-zero state). Python never writes it (seeding sets that top bit)."""
    if not isinstance(data, Sequence) or isinstance(data, str) or len(data) != 3:
        raise ValueError("the random generator's state is damaged")
    version, internal, gauss = data
    if version != 3 or not isinstance(internal, Sequence) or len(internal) != _MT_WORDS + 1:
        raise ValueError("the random generator's state is damaged")
    # (624 words: their types gathered and their range taken by builtins, not word by word)
    if set(map(type, internal)) != {int} and not all(
        isinstance(w, int) and not isinstance(w, bool) for w in internal
    ):
        raise ValueError("the random generator's state is damaged")
    if min(internal) < 0 or max(internal) >= 2**32:
        raise ValueError("the random generator's state is damaged")
    if not 0 <= internal[-1] <= _MT_WORDS:
        raise ValueError("the random generator's state is damaged")
    if not internal[0] & _MT_UPPER and not any(internal[1:_MT_WORDS]):
        raise ValueError("the random generator's state is degenerate (it gives only zeros)")
    if gauss is not None and not isinstance(gauss, float):
        raise ValueError("the random generator's state is damaged")
    rng = random.Random()
    rng.setstate((3, tuple(internal), gauss))
    return rng


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator with the same future."""
    new = random.Random()
    new.setstate(rng.getstate())
    return new


def playable(state: State) -> str | None:
    """Why a loaded position cannot be played from (the game is over, or the player to move
    has nothing legal to do), or None."""
    if state.is_over():
        return "the game is already over in this position"
    seat = state.to_move()
    if seat is None:
        return "nobody is to move in this position"
    if not state.legal_actions(seat):
        return f"the player to move (seat {seat + 1}) has no legal move"
    return None
