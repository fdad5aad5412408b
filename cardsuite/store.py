"""Everything cardsuite keeps on disk: settings, saved games and statistics.

Pure standard library plus ``platformdirs`` (no terminal library), so the CLI, the bots'
self-play and the tests can use it without starting Textual.

The guiding rule is that the player's files are never lost by accident:

* every write goes to a temporary file in the same folder and is moved into place with
  ``os.replace``, so a crash or a full disk leaves either the old file or the new one, never
  half of one;
* a settings file that is damaged, or was written by a newer cardsuite, is read as defaults and
  then left alone for the rest of the session (``save_settings`` refuses to overwrite it), so a
  downgrade or a typo in a hand-edited file never silently wipes the player's choices;
* saved games are plain JSON (never pickle: a save is data, not code) and reading, listing or
  failing to load one never modifies, renames or deletes it;
* statistics live in a stdlib ``sqlite3`` file, whose transactions make appends safe even with
  two cardsuite windows open; a damaged database is reported, never recreated over.

Folders are created only on the first write, never on import or construction, so that merely
running ``cardsuite --help`` leaves no trace. ``$CARDSUITE_HOME`` moves everything (tests point
it at a temporary folder).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import sqlite3
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, TypeGuard

import platformdirs

from .files import BadJSON as _BadJSON
from .files import TooLarge, read_file, read_head
from .files import parse_json as _parse_json
from .paces import PACES
from .ratings import RatedGame

__all__ = [
    "DAILY_STATUSES",
    "PACES",
    "SAVE_KIND",
    "SCHEMA_VERSION",
    "DailyRow",
    "PendingFlush",
    "PlayerResult",
    "SaveInfo",
    "Settings",
    "StatRow",
    "Store",
    "StoreError",
    "default_home",
]

SCHEMA_VERSION = 1  # settings and saves
SAVE_KIND = "cardsuite-save"

# The statistics database has its own format number (``PRAGMA user_version``): it may need to
# change independently of settings and saves.
_STATS_VERSION = 1

_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9_-]+")
_MAX_NAME = 64
# Names Windows refuses for files whatever the extension; prefixing keeps saves portable.
_RESERVED_NAMES = frozenset(
    {"CON", "PRN", "AUX", "NUL"}
    | {f"COM{i}" for i in range(1, 10)}
    | {f"LPT{i}" for i in range(1, 10)}
)


class StoreError(Exception):
    """A problem for the user, with a clear message (``str(e)``).

    Raised for things the player can act on (a damaged or foreign file, a save from a newer
    version, a disk that refuses a write), so the UI can show the message as it is instead of a
    traceback. Mistakes by the calling code (a negative seat, a NaN metric) raise ``ValueError``.
    """


def default_home() -> Path:
    """Where cardsuite keeps its files: ``$CARDSUITE_HOME`` if set, else the user data folder.

    The environment variable exists so tests (and players who want a portable install) can move
    everything at once; the folder is not created here.
    """
    env = os.environ.get("CARDSUITE_HOME")
    if env:
        return Path(env).expanduser()
    return platformdirs.user_data_path("cardsuite", appauthor=False)


@dataclass
class Settings:
    """The player's preferences, stored as ``settings.json``.

    ``last_setup`` remembers each game's setup screen (opaque JSON-able dict per game id) so a
    rematch starts from the same choices. ``games`` holds each game's own preferences (game id
    -> preference id -> value), as the game describes them in ``Game.preferences``; the store
    keeps any JSON scalar there and the app checks each against the game's description.
    """

    schema_version: int = SCHEMA_VERSION
    theme: str = "felt"
    ascii: bool = False
    pace: str = "normal"  # one of PACES
    assist: bool = True  # highlight legal plays
    last_setup: dict[str, dict[str, Any]] = field(default_factory=dict)
    games: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class SaveInfo:
    """One entry of the "resume a game" list; damaged files are listed too, with ``error`` set,
    so the player sees why a save they remember cannot be resumed instead of it vanishing."""

    path: Path
    game: str | None  # game id from the file, None if unreadable
    title: str  # the file's "title" field, or the file name without ".json"
    saved_at: float  # the file's "saved_at" (epoch seconds), else the file's mtime
    error: str | None = None  # why the file cannot be resumed, else None
    #: the list's second line (the players and their scores; ``Match.standing``), None for
    #: a save from before it was written
    subtitle: str | None = None


@dataclass(frozen=True)
class RecordInfo:
    """One entry of the list of game records; one that cannot be read is listed with
    ``error`` saying why (and the line at fault), and is never touched."""

    path: Path
    game: str | None
    variant: str | None
    started: float  # the record's start time, else the file's mtime
    players: tuple[str, ...]
    result: str
    moves: int
    error: str | None = None
    #: an unfinished game of two or more people at one keyboard (``Record.private``): its
    #: hidden cards stay hidden until it ends or its players agree
    private: bool = False
    #: what a record lacks to be replayed (``Record.lacks``: a hosted table left before the
    #: end), else None
    lacks: str | None = None


@dataclass(frozen=True)
class PlayerResult:
    """How one seat did in a finished game."""

    seat: int
    name: str
    kind: str  # "human" or a bot level ("random", "easy", "medium", "hard")
    won: bool
    score: int


@dataclass(frozen=True)
class StatRow:
    """Aggregated results of one player name in one game."""

    game: str
    name: str
    played: int
    won: int
    win_rate: float  # 0..1, 0 when played == 0
    current_streak: int  # consecutive wins up to the most recent game (0 if the last was a loss)
    best_streak: int  # longest run of consecutive wins
    mean_score: float


@dataclass(frozen=True)
class DailyRow:
    """One line of the daily deal's results (``cardsuite/daily.py``): a try ``started``, a
    try ``finished`` with the player's ``score``, or the hard bot's result (``bot``) on
    that day's cards, whichever was known when it was written."""

    game: str
    day: str  # YYYY-MM-DD, the player's local date
    name: str
    status: str  # one of DAILY_STATUSES
    score: int | None
    bot: int | None
    at: float


DAILY_STATUSES = ("started", "finished", "bot")
_DAY_TEXT = re.compile(r"\d{4}-\d{2}-\d{2}")


# --------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------


def _describe_type(value: object) -> str:
    """A player-readable name for a JSON value's type, for error messages."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if value is None:
        return "null"
    return type(value).__name__


def _check_json(value: object, where: str, _active: set[int] | None = None) -> None:
    """Refuse anything that would not come back from JSON unchanged.

    ``json.dumps`` alone is not enough: it silently turns int keys into strings and writes NaN,
    which is not JSON, so a resumed game would differ from the saved one; and a lone surrogate
    in a string passes it, then fails the UTF-8 write half-way. Tuples are accepted
    (they come back as lists) because ``random.Random.getstate()`` is made of them.
    """
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise StoreError(f"{where} holds a lone surrogate, which UTF-8 cannot store.") from None
        return
    if value is None or isinstance(value, (bool, int)):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise StoreError(f"{where} is {value}, which JSON cannot store.")
        return
    if isinstance(value, (dict, list, tuple)):
        active = set() if _active is None else _active
        if id(value) in active:
            raise StoreError(f"{where} contains itself, which JSON cannot store.")
        active.add(id(value))
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise StoreError(
                        f"{where} has the key {key!r}; JSON keys must be strings "
                        "(it would come back as a string)."
                    )
                _check_json(key, f"a key of {where}", active)
                _check_json(item, f"{where}[{key!r}]", active)
        else:
            for index, item in enumerate(value):
                _check_json(item, f"{where}[{index}]", active)
        active.discard(id(value))
        return
    raise StoreError(f"{where} is a {type(value).__name__}, which JSON cannot store.")


def _atomic_write(path: Path, text: str | bytes) -> None:
    """Write ``text`` (UTF-8 if it is a string) to ``path`` so that readers see the old file
    or the new one, never a mix.

    The temporary file sits in the same folder (``os.replace`` is only atomic within one file
    system) and is fsynced before the rename, so a power cut cannot leave an empty file in place
    of a good one. The temporary name ends in ``.tmp`` so ``*.json`` listings never see it.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8") if isinstance(text, str) else text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable where the OS allows it (POSIX); harmless elsewhere."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _os_reason(exc: OSError) -> str:
    """The human part of an OSError ("Permission denied"), without Python's decoration."""
    return exc.strerror or str(exc)


#: How many remote tables' seat keys are kept, and for how many days (a table lasts an
#: evening; a key kept longer would only wait for a table that is gone).
SEAT_KEYS_KEPT = 50
SEAT_KEYS_DAYS = 30


def _table_id(table: str) -> str:
    """A remote table's entry in ``seat-keys.json``: a hash, so the file names no address
    and no table secret."""
    import hashlib

    return hashlib.sha256(table.encode("utf-8", "surrogatepass")).hexdigest()


def _sanitise_name(name: str) -> str:
    """Reduce a save name to ``[A-Za-z0-9_-]`` so it can never leave the saves folder
    (no ``/``, ``..`` or drive letters) and is a valid file name on every OS."""
    clean = _UNSAFE_NAME.sub("_", name).strip("_")[:_MAX_NAME]
    if clean.upper() in _RESERVED_NAMES:
        clean = f"_{clean}"
    return clean


def _is_number(value: object) -> TypeGuard[int | float]:
    """A finite JSON number (``bool`` is an ``int`` in Python but not a number in JSON)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


class PendingFlush(NamedTuple):
    """What ``flush_pending`` did with the journal of results kept for later."""

    recorded: int  # now in the statistics
    kept: int  # still waiting for the statistics (-1: the journal cannot be read)
    set_aside: int  # damaged, moved to ``pending_damaged_path``


#: Bounds of a journal line's values: far beyond any game of ours, and within what SQLite's
#: columns hold (a score must fit its 64-bit integers).
_MAX_TEXT = 200
_MAX_PLAYERS = 64
_MAX_SCORE = 2**63 - 1


def _text_field(value: object, what: str, *, empty: bool = False) -> str:
    """A string the database can store (UTF-8, so no lone surrogate), of a sane length."""
    if not isinstance(value, str) or (not value and not empty) or len(value) > _MAX_TEXT:
        raise ValueError(f"{what} is not a name of up to {_MAX_TEXT} letters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"{what} is not valid text") from None
    return value


def _whole_field(value: object, what: str, low: int, high: int) -> int:
    """A whole number in ``low..high`` (a float only when it is a whole one, as 3.0)."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{what} is not a whole number from {low} to {high}")
    return value


def _finite_field(value: object, what: str) -> float:
    if not _is_number(value):
        raise ValueError(f"{what} is not a finite number")
    return float(value)


def _checked_record(record: object) -> tuple[str, dict[str, Any]]:
    """A journal entry checked whole, as ``(kind, arguments)`` for ``record_metric`` or
    ``record_game``: ``ValueError`` says what is wrong with one that can never be recorded
    (whatever it holds: a wrong type, an infinite or huge number, a missing field)."""
    if not isinstance(record, Mapping):
        raise ValueError(f"a kept result is {_describe_type(record)}, not an object")
    kind = record.get("kind")
    if kind == "metric":
        return "metric", {
            "game": _text_field(record.get("game"), "its game"),
            "name": _text_field(record.get("name"), "its player", empty=True),
            "metric": _text_field(record.get("metric"), "its measure"),
            "value": _finite_field(record.get("value"), "its value"),
            "at": _finite_field(record.get("at"), "its time"),
        }
    if kind == "daily":
        return "daily", _checked_daily(record)
    if kind != "game":
        raise ValueError(f"unknown kind of record {str(kind)[:40]!r}")
    players = _whole_field(record.get("players"), "its number of players", 1, _MAX_PLAYERS)
    seed = record.get("seed")
    if isinstance(seed, int) and not isinstance(seed, bool):
        seed = str(seed)
    if seed is not None:
        seed = _text_field(seed, "its seed")
    rows = record.get("results")
    if not isinstance(rows, list) or len(rows) > players:
        raise ValueError("its results are not a list of at most one result a player")
    results: list[PlayerResult] = []
    for row in rows:
        if not isinstance(row, Mapping):
            raise ValueError("a player's result is not an object")
        won = row.get("won")
        if won not in (True, False) or isinstance(won, float):
            raise ValueError("a player's result does not say true or false for won")
        result = PlayerResult(
            _whole_field(row.get("seat"), "a seat", 0, players - 1),
            _text_field(row.get("name"), "a player's name", empty=True),
            _text_field(row.get("kind"), "a player's kind"),
            bool(won),
            _whole_field(row.get("score"), "a score", -_MAX_SCORE, _MAX_SCORE),
        )
        if any(r.seat == result.seat for r in results):
            raise ValueError(f"seat {result.seat} has two results")
        results.append(result)
    values: dict[str, Any] = {
        "game": _text_field(record.get("game"), "its game"),
        "variant": _text_field(record.get("variant"), "its variant", empty=True),
        "players": players,
        "seed": seed,
        "results": results,
        "finished_at": _finite_field(record.get("finished_at"), "its time"),
    }
    if record.get("rating") is not None:  # a rated game (``ratings.py``): its teams, ranks
        values["extra"] = {"rating": _checked_rating(record["rating"], players)}
    return "game", values


def _checked_rating(value: object, players: int) -> dict[str, Any]:
    from .ratings import check_fields

    return check_fields(value, players)


def _checked_daily(record: Mapping[str, Any]) -> dict[str, Any]:
    """A daily deal's journal line checked whole, as ``record_daily``'s arguments."""
    day = _text_field(record.get("day"), "its day")
    if not _DAY_TEXT.fullmatch(day):
        raise ValueError("its day is not written YYYY-MM-DD")
    status = record.get("status")
    if status not in DAILY_STATUSES:
        raise ValueError(f"its status is not one of {', '.join(DAILY_STATUSES)}")
    values: dict[str, Any] = {
        "game": _text_field(record.get("game"), "its game"),
        "day": day,
        "name": _text_field(record.get("name"), "its player", empty=True),
        "status": status,
        "at": _finite_field(record.get("at"), "its time"),
    }
    for key in ("score", "bot"):
        value = record.get(key)
        values[key] = (
            None if value is None else _whole_field(value, f"its {key}", -_MAX_SCORE, _MAX_SCORE)
        )
    return values


def _seats_of(players: int, results: Sequence[PlayerResult]) -> list[tuple[str, str]]:
    """Each seat's (kind, name) for the ratings; a seat with no result is a nameless one."""
    seats = [("", "")] * players
    for r in results:
        seats[r.seat] = (r.kind, r.name)
    return seats


def _rated_game(rows: Sequence[Any]) -> RatedGame | None:
    """A rated game from its statistics rows (None: its rating is not one we can read)."""
    _, game, players, finished_at, extra, *_ = rows[0]
    try:
        from .ratings import check_fields

        fields = check_fields(json.loads(extra).get("rating"), players)
    except (ValueError, AttributeError):
        return None
    seats = [("", "")] * players
    for *_, seat, kind, name in rows:
        if 0 <= seat < players:
            seats[seat] = (kind, name)
    return RatedGame(game, finished_at, seats, fields["teams"], fields["ranks"])


#: The daily deal's lines (``Store.record_daily``), made on the first one.
_DAILY_TABLE = """
    CREATE TABLE IF NOT EXISTS daily (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game TEXT NOT NULL,
        day TEXT NOT NULL,
        name TEXT NOT NULL,
        status TEXT NOT NULL,
        score INTEGER,
        bot INTEGER,
        at REAL NOT NULL
    )"""


def _daily_table_rows(conn: sqlite3.Connection) -> list[DailyRow]:
    """The ``daily`` table's rows in the order written; none before its first line."""
    if not conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'daily'"
    ).fetchone():
        return []
    query = "SELECT game, day, name, status, score, bot, at FROM daily ORDER BY at, id"
    return [DailyRow(*r) for r in conn.execute(query).fetchall()]


#: No save of ours comes near this; a bigger file is refused, never read into memory.
MAX_SAVE_BYTES = 32 * 1024 * 1024
#: The settings are a few kilobytes; the pending results a few hundred bytes a game.
MAX_SETTINGS_BYTES = 1024 * 1024
MAX_PENDING_BYTES = 32 * 1024 * 1024
#: How much of a save the saves list reads: its listing fields are written first.
_HEAD_BYTES = 4096
_HEAD_FIELD = re.compile(
    r'"(kind|game|title|subtitle)"\s*:\s*("(?:[^"\\\n]|\\.)*")'
    r'|"(schema|saved_at)"\s*:\s*([0-9.eE+-]+)'
)


def _head_fields(head: bytes) -> dict[str, Any]:
    """The listing fields found in the first bytes of a save written by this version:
    ``{"kind": ..., "game": ..., "title": ..., "subtitle": ..., "saved_at": ...}`` (the ones
    present)."""
    text = head.decode("utf-8", errors="replace")
    out: dict[str, Any] = {}
    for m in _HEAD_FIELD.finditer(text[: text.find('"state"') if '"state"' in text else None]):
        key, raw = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if key in out:
            continue
        try:
            out[key] = json.loads(raw)
        except ValueError:
            continue
    return out


def _check_schema(path: Path, schema: object) -> None:
    """Refuse a save whose format number is missing, invalid, or newer than this version's."""
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise StoreError(
            f"Saved game {path} is damaged (its save format number is missing or invalid)."
        )
    if schema > SCHEMA_VERSION:
        raise StoreError(
            f"Saved game {path} was saved by a newer version of cardsuite (save format "
            f"{schema}, this version reads up to {SCHEMA_VERSION}); update cardsuite to "
            "resume it."
        )


def _too_large(path: Path, size: int) -> str:
    return f"{path.name} is {size / 1e6:.0f} MB, far more than any saved game; it is not read"


# Settings field checks: each returns the cleaned value, or None to use the default (and say
# so); the games' own values are checked against the games (``settings_check``).

_MAX_THEME_NAME = 200  # (a theme file may name its theme at length)


def _clean_theme(value: object) -> str | None:
    if isinstance(value, str) and 0 < len(value) <= _MAX_THEME_NAME and value.isprintable():
        return value
    return None


def _clean_bool(value: object) -> bool | None:
    return value if isinstance(value, bool) else None


def _clean_pace(value: object) -> str | None:
    return value if isinstance(value, str) and value in PACES else None


#: The settings' plain fields: the check, and what the value should be (for the message).
_SETTINGS_CHECKS: dict[str, tuple[Callable[[object], Any], str]] = {
    "theme": (_clean_theme, f"a theme's name (up to {_MAX_THEME_NAME} letters)"),
    "ascii": (_clean_bool, "true or false"),
    "pace": (_clean_pace, f"one of {', '.join(PACES)}"),
    "assist": (_clean_bool, "true or false"),
}
#: How many of the values that could not be used the message names (then "and N more").
_PROBLEMS_NAMED = 4


def _clean_last_setup(value: object, problems: list[str]) -> dict[str, dict[str, Any]]:
    """Each game's remembered setup, checked against the game (``settings_check``); a game
    this version does not know keeps its own, if it is an object of sane depth."""
    from .games import REGISTRY, get_game
    from .settings_check import clean_setup, label, show, text, writable

    if not isinstance(value, dict):
        problems.append(f"last_setup: {show(value)} is not a setup for each game")
        return {}
    out: dict[str, dict[str, Any]] = {}
    for game_id, setup in value.items():
        where = f"last_setup.{label(game_id)}"
        if game_id in REGISTRY:
            cleaned, found = clean_setup(get_game(game_id), setup, where)
            problems += found
            if cleaned is not None:
                out[game_id] = cleaned
        elif isinstance(setup, dict) and text(game_id) and writable(setup):
            out[game_id] = setup  # a later version's game, in a shared data folder
        else:
            problems.append(f"{where}: {show(setup)} is not a setup")
    return out


def _games_shape(value: object, problems: list[str]) -> dict[str, dict[str, Any]]:
    """The ``games`` field as game id -> preferences objects (what is not, is named)."""
    from .settings_check import label, show, text

    if not isinstance(value, dict):
        problems.append(f"games: {show(value)} is not the preferences of each game")
        return {}
    out: dict[str, dict[str, Any]] = {}
    for game_id, prefs in value.items():
        if isinstance(prefs, dict) and text(game_id):
            out[game_id] = prefs
        else:
            problems.append(f"games.{label(game_id)}: {show(prefs)} is not a set of preferences")
    return out


def _clean_games(value: dict[str, dict[str, Any]], problems: list[str]) -> dict[str, Any]:
    """Each game's preferences checked against its description (``Game.preferences``);
    a game this version does not know keeps its plain values."""
    from .games import REGISTRY, get_game
    from .settings_check import clean_preferences, label, plain, show, text

    out: dict[str, dict[str, Any]] = {}
    for game_id, prefs in value.items():
        if game_id in REGISTRY:
            out[game_id], found = clean_preferences(get_game(game_id), prefs, f"games.{game_id}")
            problems += found
            continue
        out[game_id] = {}
        for key, pref in prefs.items():
            if plain(pref) and text(key):
                out[game_id][key] = pref
            else:
                where = f"games.{label(game_id)}.{label(key)}"
                problems.append(f"{where}: {show(pref)} is not a preference's value")
    return out


def _legacy_games(data: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Preferences that older settings files kept at the top level, moved under their game:
    Money's ``throw_ms`` and ``keymap`` (``"money.0.turn": "a"``)."""
    out: dict[str, dict[str, Any]] = {}
    throw = data.get("throw_ms")
    if isinstance(throw, int) and not isinstance(throw, bool) and 0 <= throw <= 1500:
        out.setdefault("money", {})["throw_ms"] = throw
    keymap = data.get("keymap")
    if isinstance(keymap, dict):
        for key, bound in keymap.items():
            game, _, rest = str(key).partition(".")
            if rest and isinstance(bound, str) and bound:
                out.setdefault(game, {})[f"keys.{rest}"] = bound
    return out


# --------------------------------------------------------------------------------------------
# The store
# --------------------------------------------------------------------------------------------


def _listed(folder: Path, pattern: str) -> Iterator[tuple[Path, float]]:
    """The files of ``folder`` matching ``pattern``, with their modification times; none
    when the folder does not exist, and not one that vanishes while listing."""
    if not folder.is_dir():
        return
    for path in folder.glob(pattern):
        try:
            if not path.is_file():
                continue
            mtime = path.stat().st_mtime
        except OSError:
            continue  # vanished while listing
        yield path, mtime


class Store:
    """One cardsuite home folder: ``settings.json``, ``saves/*.json`` and ``stats.sqlite3``.

    Cheap to construct and touches nothing until the first write. ``clock`` is injectable so
    tests get deterministic ``saved_at`` / ``finished_at`` values and save names.
    """

    def __init__(
        self,
        home: Path | None = None,
        *,
        clock: Callable[[], float] = time.time,
        db_timeout: float = 10.0,
    ) -> None:
        self.home: Path = Path(home) if home is not None else default_home()
        self.settings_path: Path = self.home / "settings.json"
        self.stats_path: Path = self.home / "stats.sqlite3"
        self.saves_dir: Path = self.home / "saves"
        #: every finished and every saved game, as a plain-text record (``records.py``)
        self.records_dir: Path = self.home / "records"
        #: Results the statistics could not take yet (JSON lines), added on a later start.
        self.pending_path: Path = self.home / "pending-results.jsonl"
        #: Journal lines that can never be recorded (damaged), set aside for the player.
        self.pending_damaged_path: Path = self.home / "pending-results.damaged.jsonl"
        self._clock = clock
        self._db_timeout = db_timeout  # how long a write waits for another process's lock
        self._pending_lock = threading.Lock()
        # Set once the settings file is found damaged or too new; never cleared, so the file
        # survives this whole session untouched.
        self._settings_read_only = False
        #: Where the settings file as it was goes before the first save replaces it, when some
        #: of its values could not be used (``load_settings``); None once it is there.
        self.settings_copy_path: Path | None = None

    # ---- settings ------------------------------------------------------------------------

    def load_settings(self) -> tuple[Settings, str | None]:
        """Read the settings, returning ``(settings, warning)``.

        A missing file gives the defaults silently. Unknown keys are ignored, so older files
        keep working. Every value is checked (its type and range, and each game's setup and
        preferences against the game: ``settings_check``); one that cannot be used is left
        at its default and named in the warning, and the file is not touched by reading it
        (before the next save replaces it, a copy is kept beside it: ``settings_copy_path``).
        A damaged file or one from a newer version gives the defaults plus a warning for the
        UI to show, and makes the settings read-only for this store's lifetime.
        """
        data, warning = self._read_settings_file()
        if data is None:
            return Settings(), warning
        from .settings_check import show

        problems: list[str] = []
        values: dict[str, Any] = {}
        for key, (check, expected) in _SETTINGS_CHECKS.items():
            if key in data:
                cleaned = check(data[key])
                if cleaned is None:
                    problems.append(f"{key}: {show(data[key])} is not {expected}")
                else:
                    values[key] = cleaned
        if "last_setup" in data:
            values["last_setup"] = _clean_last_setup(data["last_setup"], problems)
        games = _games_shape(data["games"], problems) if "games" in data else {}
        for game, prefs in _legacy_games(data).items():
            games[game] = {**prefs, **games.get(game, {})}
        values["games"] = _clean_games(games, problems)
        # Older files are upgraded in memory; the next save writes the current version.
        settings = Settings(schema_version=SCHEMA_VERSION, **values)
        if not problems:
            return settings, None
        self.settings_copy_path = self._free_copy_path()
        named = "; ".join(problems[:_PROBLEMS_NAMED])
        more = len(problems) - _PROBLEMS_NAMED
        if more > 0:
            named += f"; and {more} more"
        return settings, (
            f"Settings file {self.settings_path}: using the defaults for what cannot be used"
            f" ({named}). The file is unchanged; it is kept as {self.settings_copy_path.name}"
            " when settings are next saved."
        )

    def _free_copy_path(self) -> Path:
        """A name beside the settings for the copy of a file whose values were repaired."""
        path = self.home / "settings.damaged.json"
        counter = 2
        while path.exists():
            path = self.home / f"settings.damaged-{counter}.json"
            counter += 1
        return path

    def save_settings(self, settings: Settings) -> bool:
        """Write the settings atomically; ``True`` if written.

        Returns ``False`` (writing nothing) when the file on disk is damaged or from a newer
        version, whether that was noticed by ``load_settings`` or is found now: the file may
        hold choices the player wants back. Raises ``StoreError`` if the disk refuses the write
        or ``last_setup`` holds something JSON cannot store (nothing is written then).
        """
        if self._settings_read_only:
            return False
        # Look again right before writing: another window (perhaps a newer cardsuite) may have
        # written the file since it was loaded, or it may never have been loaded at all.
        self._read_settings_file()
        if self._settings_read_only:
            return False
        payload = asdict(settings)
        payload["schema_version"] = SCHEMA_VERSION
        _check_json(payload, "the settings")
        text = json.dumps(payload, indent=2, ensure_ascii=False) + "\n"
        try:
            if self.settings_copy_path is not None:
                # the values the player could not use are kept, for them to look at
                with contextlib.suppress(FileNotFoundError):
                    copy = read_file(self.settings_path, MAX_SETTINGS_BYTES)
                    _atomic_write(self.settings_copy_path, copy)
                self.settings_copy_path = None
            _atomic_write(self.settings_path, text)
        except OSError as exc:
            raise StoreError(
                f"Could not write the settings to {self.settings_path}: {_os_reason(exc)}."
            ) from exc
        return True

    def _read_settings_file(self) -> tuple[dict[str, Any] | None, str | None]:
        """Parse ``settings.json``: ``(data, None)``, ``(None, None)`` if missing, or
        ``(None, warning)`` after marking the settings read-only."""
        path = self.settings_path
        try:
            raw = read_file(path, MAX_SETTINGS_BYTES)  # a regular file only, bounded
        except FileNotFoundError:
            return None, None
        except OSError as exc:
            return None, self._refuse_settings(f"could not be read ({_os_reason(exc)})")
        try:
            data = _parse_json(raw)
        except _BadJSON as exc:
            return None, self._refuse_settings(f"is damaged ({exc})")
        if not isinstance(data, dict):
            return None, self._refuse_settings(
                f"is damaged (expected a JSON object, found {_describe_type(data)})"
            )
        version = data.get("schema_version")
        if isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION:
            return None, self._refuse_settings(
                f"was written by a newer version of cardsuite (settings version {version}, "
                f"this version understands up to {SCHEMA_VERSION})"
            )
        return data, None

    def _refuse_settings(self, problem: str) -> str:
        """Mark the settings read-only and phrase the warning the player will see."""
        self._settings_read_only = True
        return (
            f"Settings file {self.settings_path} {problem}. Using the default settings; "
            "the file is left alone and changes will not be saved this session."
        )

    # ---- saved games ---------------------------------------------------------------------

    def save_game(self, data: dict[str, Any], name: str | None = None) -> Path:
        """Write one saved game and return its path.

        ``data`` must say which game it is (``data["game"]``) and be plain JSON; the store adds
        ``kind``, ``schema`` and ``saved_at``. An explicit ``name`` is a slot: saving under it
        again replaces that save. Without a name the file is named after the game and the time,
        with a numeric suffix rather than ever replacing an existing save.
        """
        if not isinstance(data, dict):
            raise StoreError(f"A saved game must be a JSON object, not {_describe_type(data)}.")
        game = data.get("game")
        if not isinstance(game, str) or not game:
            raise StoreError("A saved game must say which game it is (a 'game' string).")
        now = self._clock()
        # What the saves list needs comes first, so listing reads only a file's head.
        head = {"kind": SAVE_KIND, "schema": SCHEMA_VERSION, "saved_at": now, "game": game}
        for key in ("title", "subtitle"):
            if isinstance(data.get(key), str):
                head[key] = data[key]
        payload = {**head, **{k: v for k, v in data.items() if k not in head}}
        # Check everything before touching the disk, so a bad save writes nothing at all.
        _check_json(payload, "the saved game")
        text = json.dumps(payload, ensure_ascii=False, indent=1) + "\n"

        stem = _sanitise_name(name) if name is not None else ""
        if stem:
            path = self.saves_dir / f"{stem}.json"
        else:
            stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
            base = f"{_sanitise_name(game) or 'game'}-{stamp}"
            path = self.saves_dir / f"{base}.json"
            counter = 2
            while path.exists():
                path = self.saves_dir / f"{base}-{counter}.json"
                counter += 1
        try:
            _atomic_write(path, text)
        except OSError as exc:
            raise StoreError(f"Could not save the game to {path}: {_os_reason(exc)}.") from exc
        return path

    def list_saves(self) -> list[SaveInfo]:
        """Every ``*.json`` in the saves folder, newest first (ties by file name).

        Only what the list shows is read: a save's first few kilobytes, where cardsuite writes
        its game, title and time (older saves, which keep them at the end, are read whole if
        they are of a sane size). Files that cannot be resumed are included with ``error``
        saying why, so the player can decide what to do with them; a link to a file outside
        the saves folder is listed, not followed. Nothing is ever modified, moved or deleted.
        """
        infos: list[SaveInfo] = []
        for path, mtime in _listed(self.saves_dir, "*.json"):
            fields: dict[str, Any] = {}
            error = self._outside(path)
            if error is None:
                fields, error = self._head(path)
            game = fields.get("game")
            title = fields.get("title")
            subtitle = fields.get("subtitle")
            saved_at = fields.get("saved_at")
            infos.append(
                SaveInfo(
                    path=path,
                    game=game if isinstance(game, str) and game else None,
                    title=title if isinstance(title, str) and title else path.stem,
                    saved_at=float(saved_at) if _is_number(saved_at) else mtime,
                    error=error,
                    subtitle=subtitle if isinstance(subtitle, str) and subtitle else None,
                )
            )
        infos.sort(key=lambda info: info.path.name)
        infos.sort(key=lambda info: info.saved_at, reverse=True)
        return infos

    def _outside(self, path: Path) -> str | None:
        """Why a save is not read: a link that leads out of the saves folder."""
        if not path.is_symlink():
            return None
        try:
            inside = path.resolve().parent == self.saves_dir.resolve()
        except OSError:
            inside = False
        return None if inside else "a link to a file outside the saves folder; not followed"

    def _head(self, path: Path) -> tuple[dict[str, Any], str | None]:
        """The listing fields of a save, from its first bytes (the whole file only for an
        older save that keeps them at its end, if it is of a sane size), and why it cannot
        be resumed, if it cannot."""
        try:
            head, size = read_head(path, _HEAD_BYTES)  # a regular file only
        except OSError as exc:
            return {}, f"Could not read saved game {path}: {_os_reason(exc)}."
        fields = _head_fields(head)
        if fields.get("kind") == SAVE_KIND and isinstance(fields.get("game"), str):
            try:
                if size > MAX_SAVE_BYTES:
                    raise StoreError(_too_large(path, size))
                _check_schema(path, fields.get("schema"))
            except StoreError as exc:
                return fields, str(exc)
            return fields, None
        try:  # an older layout, or not a save at all: say which
            data: Any = self._parse_save(path)
            error = None
        except StoreError as exc:
            data, error = (self._peek(path) if size <= MAX_SAVE_BYTES else None), str(exc)
        data = data if isinstance(data, dict) else {}
        return {k: data.get(k) for k in ("game", "title", "subtitle", "saved_at")}, error

    def load_save(self, path: Path | str) -> dict[str, Any]:
        """Read and check a whole saved game; ``StoreError`` with a clear message if it cannot
        be resumed. The file is never modified, renamed or deleted, even when it is damaged."""
        return self._parse_save(Path(path))

    def delete_save(self, path: Path | str) -> None:
        """Delete one save. Only ``.json`` files directly inside the saves folder may be deleted
        (a wrong path must never cost the player their settings or anything else); deleting a
        save that is already gone is not an error."""
        target = Path(path)
        if not target.is_absolute() and target.parent == Path("."):
            target = self.saves_dir / target
        try:
            inside = target.resolve().parent == self.saves_dir.resolve()
        except OSError:
            inside = False
        if not inside or target.suffix != ".json":
            raise StoreError(f"{target} is not a saved game in {self.saves_dir}; not deleting it.")
        try:
            target.unlink(missing_ok=True)
        except OSError as exc:
            raise StoreError(f"Could not delete {target}: {_os_reason(exc)}.") from exc

    def _parse_save(self, path: Path) -> dict[str, Any]:
        """Read ``path`` and check it is a cardsuite save this version can resume."""
        outside = self._outside(path)
        if outside is not None:
            raise StoreError(f"{path.name} is {outside}.")
        try:
            raw = read_file(path, MAX_SAVE_BYTES)  # a regular file only, bounded
        except TooLarge as exc:
            raise StoreError(_too_large(path, exc.size)) from None
        except FileNotFoundError:
            raise StoreError(f"Saved game {path} does not exist.") from None
        except IsADirectoryError:
            raise StoreError(f"{path} is a folder, not a saved game.") from None
        except OSError as exc:
            raise StoreError(f"Could not read saved game {path}: {_os_reason(exc)}.") from exc
        try:
            data = _parse_json(raw)
        except _BadJSON as exc:
            raise StoreError(f"Saved game {path} is damaged ({exc}).") from None
        if not isinstance(data, dict):
            raise StoreError(
                f"Saved game {path} is damaged (expected a JSON object, "
                f"found {_describe_type(data)})."
            )
        if data.get("kind") != SAVE_KIND:
            raise StoreError(f"{path} is not a cardsuite save (no kind {SAVE_KIND!r}).")
        _check_schema(path, data.get("schema"))
        game = data.get("game")
        if not isinstance(game, str) or not game:
            raise StoreError(f"Saved game {path} is damaged (it does not say which game it is).")
        return data

    @staticmethod
    def _peek(path: Path) -> object:
        """Best-effort parse of a file that failed the checks, to show what can be shown."""
        try:
            return _parse_json(read_file(path, MAX_SAVE_BYTES))
        except (OSError, _BadJSON):
            return None

    # ---- game records --------------------------------------------------------------------

    def save_record(self, text: str, stem: str) -> Path:
        """Write (or replace: a saved game's record is rewritten at each save and at the
        end) the record ``stem``.txt, atomically."""
        name = _sanitise_name(stem) or "record"
        path = self.records_dir / f"{name}.txt"
        try:
            _atomic_write(path, text)
        except OSError as exc:
            raise StoreError(
                f"Could not write the game's record {path}: {_os_reason(exc)}."
            ) from exc
        return path

    def list_records(self) -> list[RecordInfo]:
        """Every ``*.txt`` in the records folder, newest first; each one is read and its
        header checked (not replayed). Nothing is ever modified."""
        from .records import summary

        infos: list[RecordInfo] = []
        for path, mtime in _listed(self.records_dir, "*.txt"):
            try:
                rec = self.load_record(path)
            except (StoreError, ValueError) as exc:
                infos.append(RecordInfo(path, None, None, mtime, (), "", 0, str(exc)))
                continue
            info = summary(rec)
            infos.append(
                RecordInfo(
                    path,
                    rec.game,
                    rec.variant,
                    rec.started if rec.started is not None else mtime,
                    tuple(info["players"]),
                    rec.result,
                    len(rec.moves),
                    private=rec.private,
                    lacks=rec.lacks,
                )
            )
        infos.sort(key=lambda info: info.path.name)
        infos.sort(key=lambda info: info.started, reverse=True)
        return infos

    def load_record(self, path: Path | str) -> Any:
        """Read one record file (anywhere: a record can come from another machine).
        ``StoreError`` when the file cannot be read; ``records.RecordError`` (with the line)
        when it is not a record this version can read. The file is never modified."""
        from .records import MAX_RECORD_BYTES, RecordError, parse

        target = Path(path)
        try:
            raw = read_file(target, MAX_RECORD_BYTES)  # a regular file only, bounded
        except TooLarge as exc:
            raise StoreError(
                f"{target} is {exc.size // (1024 * 1024)} MiB, too large for a game record."
            ) from None
        except FileNotFoundError:
            raise StoreError(f"There is no file {target}.") from None
        except IsADirectoryError:
            raise StoreError(f"{target} is a folder, not a game record.") from None
        except OSError as exc:
            raise StoreError(f"Could not read {target}: {_os_reason(exc)}.") from exc
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            raise RecordError(line, "the file is not UTF-8 text") from None
        if "\x00" in text:
            raise RecordError(text[: text.index("\x00")].count("\n") + 1, "the file is binary")
        return parse(text)

    # ---- statistics ----------------------------------------------------------------------

    def record_game(
        self,
        game: str,
        variant: str,
        players: int,
        seed: int | str | None,
        results: Sequence[PlayerResult],
        finished_at: float | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        """Append one finished game (a ``games`` row and a ``results`` row per seat).

        Both go in one transaction, so statistics never show half a game. ``extra`` is kept as
        JSON text for details that do not deserve a column yet (e.g. reaction times). The seed
        is kept as text because Python seeds may exceed SQLite's 64-bit integers.
        """
        if players < 1:
            raise ValueError(f"players must be at least 1, not {players}")
        seats = [r.seat for r in results]
        if len(set(seats)) != len(seats):
            raise ValueError(f"each seat may appear only once in results, got {seats}")
        extra_text: str | None = None
        if extra is not None:
            extra_dict = dict(extra)
            _check_json(extra_dict, "the game's extra details")
            extra_text = json.dumps(extra_dict, ensure_ascii=False)
        when = self._clock() if finished_at is None else float(finished_at)
        seed_text = None if seed is None else str(seed)
        rows = [(r.seat, r.name, r.kind, int(r.won), int(r.score)) for r in results]
        with self._connect(write=True) as conn:

            def insert() -> None:
                with conn:  # one transaction: the game and all its seats, or nothing
                    cursor = conn.execute(
                        "INSERT INTO games (game, variant, players, seed, finished_at, extra)"
                        " VALUES (?, ?, ?, ?, ?, ?)",
                        (game, variant, players, seed_text, when, extra_text),
                    )
                    conn.executemany(
                        "INSERT INTO results (game_id, seat, name, kind, won, score)"
                        " VALUES (?, ?, ?, ?, ?, ?)",
                        [(cursor.lastrowid, *row) for row in rows],
                    )

            self._run(insert)

    def game_stats(self, game: str | None = None, humans_only: bool = True) -> list[StatRow]:
        """Per (game, player name) totals, ordered by game then name.

        Only human seats count unless ``humans_only`` is False (bots' records are for
        ``simulate``, not the player's statistics screen). Streaks follow ``finished_at``,
        ties broken by the order the games were recorded. No database yet means no rows.
        """
        query = (
            "SELECT g.game, r.name, r.won, r.score FROM results AS r"
            " JOIN games AS g ON g.id = r.game_id"
        )
        conditions: list[str] = []
        params: list[Any] = []
        if game is not None:
            conditions.append("g.game = ?")
            params.append(game)
        if humans_only:
            conditions.append("r.kind = 'human'")
        if conditions:
            query += " WHERE " + " AND ".join(conditions)
        query += " ORDER BY g.finished_at, g.id, r.seat"
        with self._connect(write=False) as conn:
            if conn is None:
                return []
            rows = self._run(lambda: conn.execute(query, params).fetchall())

        totals: dict[tuple[str, str], list[int]] = {}  # played, won, current, best, score sum
        for game_id, name, won, score in rows:
            entry = totals.setdefault((game_id, name), [0, 0, 0, 0, 0])
            entry[0] += 1
            entry[4] += score
            if won:
                entry[1] += 1
                entry[2] += 1
                entry[3] = max(entry[3], entry[2])
            else:
                entry[2] = 0
        return [
            StatRow(
                game=key[0],
                name=key[1],
                played=played,
                won=won,
                win_rate=won / played if played else 0.0,
                current_streak=current,
                best_streak=best,
                mean_score=score_sum / played if played else 0.0,
            )
            for key, (played, won, current, best, score_sum) in sorted(totals.items())
        ]

    def record_metric(
        self, game: str, name: str, metric: str, value: float, at: float | None = None
    ) -> None:
        """Append one measurement (e.g. a snap reaction time in ms) for a player in a game."""
        if not _is_number(value):
            raise ValueError(f"metric value must be a finite number, not {value!r}")
        when = self._clock() if at is None else float(at)
        with self._connect(write=True) as conn:

            def insert() -> None:
                with conn:
                    conn.execute(
                        "INSERT INTO metrics (game, name, metric, value, at)"
                        " VALUES (?, ?, ?, ?, ?)",
                        (game, name, metric, float(value), when),
                    )

            self._run(insert)

    def metric_summary(self, game: str, name: str, metric: str) -> dict[str, float] | None:
        """``{"count", "best", "median", "mean"}`` of a metric, or None if nothing is recorded.

        "best" is the minimum because the metrics kept so far (reaction times) are better low.
        """
        with self._connect(write=False) as conn:
            if conn is None:
                return None
            rows = self._run(
                lambda: conn.execute(
                    "SELECT value FROM metrics WHERE game = ? AND name = ? AND metric = ?",
                    (game, name, metric),
                ).fetchall(),
            )
        values = [row[0] for row in rows]
        if not values:
            return None
        return {
            "count": len(values),
            "best": min(values),
            "median": float(statistics.median(values)),
            "mean": float(statistics.fmean(values)),
        }

    # ---- the daily deal ----------------------------------------------------------------------

    @staticmethod
    def daily_record(
        game: str, day: str, name: str, status: str, score: int | None, bot: int | None, at: float
    ) -> dict[str, Any]:
        """A daily deal's line as ``record_or_keep`` takes it (``DailyRow``'s fields)."""
        return {
            "kind": "daily",
            "game": game,
            "day": day,
            "name": name,
            "status": status,
            "score": score,
            "bot": bot,
            "at": at,
        }

    def record_daily(
        self,
        game: str,
        day: str,
        name: str,
        status: str,
        score: int | None = None,
        bot: int | None = None,
        at: float | None = None,
    ) -> None:
        """Append one daily line (a ``daily`` table beside the games: a deal is not a
        game, and must not count in its wins). The table is added to a database of this
        format on its first daily line; a cardsuite without dailies never reads it."""
        values = _checked_daily(
            self.daily_record(
                game, day, name, status, score, bot, self._clock() if at is None else at
            )
        )
        with self._connect(write=True) as conn:

            def insert() -> None:
                with conn:
                    conn.execute(_DAILY_TABLE)
                    conn.execute(
                        "INSERT INTO daily (game, day, name, status, score, bot, at)"
                        " VALUES (:game, :day, :name, :status, :score, :bot, :at)",
                        values,
                    )

            self._run(insert)

    def daily_rows(self, game: str | None = None) -> list[DailyRow]:
        """Every daily line, in the order written: the statistics' and those the pending
        journal still keeps (so a try kept there still counts as the day's)."""
        rows: list[DailyRow] = []
        with self._connect(write=False) as conn:
            if conn is not None:
                rows += self._run(lambda: _daily_table_rows(conn))
        rows += self.pending_daily_rows()
        return [r for r in rows if game is None or r.game == game]

    def pending_daily_rows(self) -> list[DailyRow]:
        """The daily lines the pending journal keeps (read only; damaged lines skipped)."""
        try:
            raw = read_file(self.pending_path, MAX_PENDING_BYTES)
        except OSError:
            return []
        out: list[DailyRow] = []
        for line in raw.split(b"\n"):
            if b'"daily"' not in line:
                continue
            try:
                kind, values = _checked_record(_parse_json(line))
            except (_BadJSON, ValueError):
                continue
            if kind == "daily":
                out.append(DailyRow(**values))
        return out

    # ---- results that must not be lost ------------------------------------------------------

    def record_or_keep(self, record: Mapping[str, Any]) -> str | None:
        """Record a finished game (``{"kind": "game", ...}``, ``record_game``'s arguments) or a
        measurement (``{"kind": "metric", ...}``); if the statistics cannot take it now
        (locked by another window, damaged, a full disk), keep it in the pending journal for
        ``flush_pending`` and return why. None when it is in the statistics.

        Slow when the database is locked (up to the write timeout): call it off the UI thread.
        """
        try:
            self._record(record)
            return None
        except (StoreError, ValueError) as exc:
            reason = str(exc)
        self._keep([dict(record)])
        return reason

    def flush_pending(self) -> PendingFlush:
        """Record what the pending journals keep: ``(recorded, kept, set_aside)``.

        The journal is ``pending_path``; a session that found it unreadable kept its results
        in a journal of its own beside it (``pending-results-<time>.jsonl``), read here too,
        so those are not left behind for ever. A line the statistics cannot take now (a
        locked or damaged database) stays in its journal for a later start; once the
        database refuses one, the rest wait too (each try would wait the whole write
        timeout). A line that can never be recorded (not JSON, bad UTF-8, a result of the
        wrong shape, an infinite score) is set aside, byte for byte, in
        ``pending_damaged_path`` beside the journal, so it neither stops the others nor is
        lost. ``kept`` is -1 when a journal itself cannot be read.
        """
        journals = [self.pending_path, *sorted(self.home.glob("pending-results-*.jsonl"))]
        done = kept = aside = 0
        refused = False
        unreadable = False
        with self._pending_lock:
            for path in dict.fromkeys(journals):  # (the session's own may be one of them)
                flushed = self._flush_journal(path, refused)
                if flushed is None:
                    unreadable = True
                    continue
                done, kept, aside = done + flushed[0], kept + flushed[1], aside + flushed[2]
                refused = refused or flushed[1] > 0
        return PendingFlush(done, -1 if unreadable else kept, aside)

    def _flush_journal(self, path: Path, refused: bool) -> PendingFlush | None:
        """One journal's lines into the statistics (``refused``: the database has refused
        one already, so these wait); None when the journal cannot be read."""
        try:
            raw = read_file(path, MAX_PENDING_BYTES)  # a regular file, bounded
        except FileNotFoundError:
            return PendingFlush(0, 0, 0)
        except OSError:
            return None
        kept: list[bytes] = []
        aside: list[bytes] = []
        done = 0
        for line in raw.split(b"\n"):
            if not line.strip():
                continue
            try:
                kind, values = _checked_record(_parse_json(line))
            except (_BadJSON, ValueError):
                aside.append(line)
                continue
            if refused:
                kept.append(line)
                continue
            try:
                self._record_checked(kind, values)
                done += 1
            except StoreError:
                refused = True
                kept.append(line)
        if aside:
            # set aside first: killed between the two writes, a line is in both files,
            # never in neither
            self._set_aside(aside)
        if done or aside:
            if kept:
                _atomic_write(path, b"\n".join(kept) + b"\n")
            else:
                path.unlink(missing_ok=True)
        return PendingFlush(done, len(kept), len(aside))

    def _set_aside(self, lines: list[bytes]) -> None:
        """Add lines to the file of damaged ones, atomically (the old file or the new one,
        never a mix); one that cannot be read (grown past its bound) is left as it is and
        the lines start a file of their own beside it."""
        path = self.pending_damaged_path
        try:
            old = read_file(path, MAX_PENDING_BYTES)
        except FileNotFoundError:
            old = b""
        except OSError:
            old = b""
            path = path.with_name(f"pending-results.damaged-{int(self._clock())}.jsonl")
        if old and not old.endswith(b"\n"):
            old += b"\n"
        _atomic_write(path, old + b"\n".join(lines) + b"\n")

    def _record(self, record: Mapping[str, Any]) -> None:
        """Record one journal entry; ``ValueError`` (saying what is wrong) for one that can
        never be recorded, ``StoreError`` when the database cannot take it now."""
        self._record_checked(*_checked_record(record))

    def _record_checked(self, kind: str, values: dict[str, Any]) -> None:
        if kind == "metric":
            self.record_metric(**values)
        elif kind == "daily":
            self.record_daily(**values)
        else:
            self.record_game(**values)

    def _keep(self, records: list[dict[str, Any]]) -> None:
        """Append to the pending journal, atomically (the old journal or the new one)."""
        with self._pending_lock:
            try:
                old = read_file(self.pending_path, MAX_PENDING_BYTES)
            except FileNotFoundError:
                old = b""
            except OSError:
                old = b""  # unreadable: the new lines go to a journal of their own
                self.pending_path = self.pending_path.with_name(
                    f"pending-results-{int(self._clock())}.jsonl"
                )
            # (a lone surrogate in a name is written escaped: the line stays UTF-8)
            lines = [
                json.dumps(r, ensure_ascii=False, sort_keys=True, default=repr).encode(
                    "utf-8", "backslashreplace"
                )
                for r in records
            ]
            if old and not old.endswith(b"\n"):
                old += b"\n"
            try:
                _atomic_write(self.pending_path, old + b"\n".join(lines) + b"\n")
            except OSError as exc:
                raise StoreError(
                    f"Could not keep the result in {self.pending_path}: {_os_reason(exc)}."
                ) from exc

    @staticmethod
    def game_record(
        game: str,
        variant: str,
        players: int,
        seed: int | None,
        results: Sequence[PlayerResult],
        finished_at: float,
        rating: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A finished game as ``record_or_keep`` takes it; ``rating`` (teams and ranks,
        ``ratings.rating_fields``) only for a rated game."""
        record = {
            "kind": "game",
            "game": game,
            "variant": variant,
            "players": players,
            "seed": None if seed is None else str(seed),
            "finished_at": finished_at,
            "results": [asdict(r) for r in results],
        }
        if rating is not None:
            record["rating"] = dict(rating)
        return record

    # ---- ratings (``ratings.py``): replayed from the rated results ----------------------

    def rated_games(self, game: str | None = None) -> list[RatedGame]:
        """The rated results, the statistics' and those the pending journal still keeps (a
        result waiting there still counts), in the order they finished."""
        query = (
            "SELECT g.id, g.game, g.players, g.finished_at, g.extra, r.seat, r.kind, r.name"
            " FROM games AS g JOIN results AS r ON r.game_id = g.id"
            " WHERE g.extra LIKE '%\"rating\"%'"
            + (" AND g.game = ?" if game is not None else "")
            + " ORDER BY g.finished_at, g.id, r.seat"
        )
        params = [] if game is None else [game]
        rows: list[Any] = []
        with self._connect(write=False) as conn:
            if conn is not None:
                rows = self._run(lambda: conn.execute(query, params).fetchall())
        by_game: dict[int, list[Any]] = {}
        for row in rows:
            by_game.setdefault(row[0], []).append(row)
        out = [g for g in map(_rated_game, by_game.values()) if g is not None]
        out += [g for g in self._pending_rated() if game is None or g.game == game]
        return sorted(out, key=lambda g: g.finished_at)

    def _pending_rated(self) -> list[RatedGame]:
        try:
            raw = read_file(self.pending_path, MAX_PENDING_BYTES)
        except OSError:
            return []
        out: list[RatedGame] = []
        for line in raw.split(b"\n"):
            if b'"rating"' not in line:
                continue
            try:
                kind, values = _checked_record(_parse_json(line))
            except (_BadJSON, ValueError):
                continue
            if kind == "game" and "extra" in values:
                seats = _seats_of(values["players"], values["results"])
                fields = values["extra"]["rating"]
                out.append(
                    RatedGame(
                        values["game"],
                        values["finished_at"],
                        seats,
                        fields["teams"],
                        fields["ranks"],
                    )
                )
        return out

    @property
    def bot_ratings_path(self) -> Path:
        """This machine's calibration (``bench --ratings``), over the shipped one."""
        return self.home / "bot-ratings.json"

    def bot_anchors(self) -> tuple[dict[str, dict[str, dict[str, Any]]], str | None]:
        """The bot levels' anchors: the shipped ones, each game's replaced by this
        machine's calibration where it has one; and what is wrong with that file (left as
        it is), if anything."""
        from .ratings import check_anchors, shipped_anchors

        anchors = shipped_anchors()
        try:
            raw = read_file(self.bot_ratings_path, MAX_SETTINGS_BYTES)
        except FileNotFoundError:
            return anchors, None
        except OSError as exc:
            return anchors, f"Could not read {self.bot_ratings_path}: {_os_reason(exc)}."
        try:
            anchors.update(check_anchors(_parse_json(raw)))
        except (_BadJSON, ValueError) as exc:
            return anchors, f"{self.bot_ratings_path} is damaged ({exc}); it is left untouched."
        return anchors, None

    def keep_bot_anchors(
        self, found: Mapping[str, Mapping[str, Any]], path: Path | None = None
    ) -> Path:
        """Merge a calibration run's ``{game: {level: rating}}`` into ``path`` (this
        machine's file by default); a damaged file is refused, never overwritten."""
        from .ratings import check_anchors

        path = path or self.bot_ratings_path
        try:
            old = check_anchors(_parse_json(read_file(path, MAX_SETTINGS_BYTES)))
        except FileNotFoundError:
            old = {}
        except OSError as exc:
            raise StoreError(f"Could not read {path}: {_os_reason(exc)}.") from exc
        except (_BadJSON, ValueError) as exc:
            raise StoreError(f"{path} is damaged ({exc}); it is left untouched.") from exc
        old.update(check_anchors(dict(found)))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            _atomic_write(path, json.dumps(old, indent=2, sort_keys=True) + "\n")
        except OSError as exc:
            raise StoreError(f"Could not write {path}: {_os_reason(exc)}.") from exc
        return path

    def now(self) -> float:
        """The store's clock (injected in tests): when a result is finished."""
        return self._clock()

    def clean_temporaries(self, older_than: float = 600.0) -> int:
        """Remove the temporary files of writes that were killed half-way (``kill -9`` during
        a save leaves ``.name.json.*.tmp``); only old ones, so another window's write in
        progress is never touched. Returns how many were removed."""
        removed = 0
        now = time.time()
        for folder in (self.home, self.saves_dir):
            if not folder.is_dir():
                continue
            for tmp in folder.glob(".*.tmp"):
                try:
                    if (
                        tmp.is_file()
                        and not tmp.is_symlink()
                        and now - tmp.stat().st_mtime > older_than
                    ):
                        tmp.unlink()
                        removed += 1
                except OSError:
                    continue
        return removed

    # ---- the keys to seats at remote tables ------------------------------------------------

    @property
    def seat_keys_path(self) -> Path:
        """``seat-keys.json``: the tokens of the seats this player holds at remote tables."""
        return self.home / "seat-keys.json"

    def seat_token(self, table: str) -> str | None:
        """The reconnect token this player was given at the remote ``table`` (an id of the
        table and the name joined with, ``remote_start.seat_key``), if one is kept:
        ``cardsuite join`` sends it, so a client that crashed or was closed takes its seat
        back. None when there is none, or the file cannot be read (a key is a convenience:
        without it the host is asked)."""
        entry = self._seat_keys().get(_table_id(table))
        return entry["token"] if entry is not None else None

    def keep_seat_token(self, table: str, token: str | None) -> str | None:
        """Keep ``token`` for ``table`` (None: forget it) in ``seat-keys.json``, which only
        this user can read (a token takes a seat, with its hand). The newest
        ``SEAT_KEYS_KEPT`` tables are kept, none older than ``SEAT_KEYS_DAYS``. The
        reason, in words, if the file could not be written."""
        keys = self._seat_keys()
        now = self._clock()
        keys.pop(_table_id(table), None)
        if token is not None:
            keys[_table_id(table)] = {"token": token, "at": now}
        fresh = [(k, v) for k, v in keys.items() if now - v["at"] < SEAT_KEYS_DAYS * 86400]
        fresh.sort(key=lambda kv: kv[1]["at"], reverse=True)
        data = {"version": 1, "tables": dict(fresh[:SEAT_KEYS_KEPT])}
        try:
            _atomic_write(self.seat_keys_path, json.dumps(data, indent=1) + "\n")
        except OSError as exc:
            return f"Could not keep the seat's key in {self.seat_keys_path}: {_os_reason(exc)}."
        return None

    def _seat_keys(self) -> dict[str, dict[str, Any]]:
        """The kept keys, by table id; entries that are not ours are left out."""
        try:  # a regular file of a sensible size only (not a FIFO, not /dev/zero)
            data = _parse_json(read_file(self.seat_keys_path, 1 << 20))
        except (OSError, _BadJSON):
            return {}
        tables = data.get("tables") if isinstance(data, dict) and data.get("version") == 1 else {}
        if not isinstance(tables, dict):
            return {}
        return {
            k: {"token": v["token"], "at": float(v["at"])}
            for k, v in tables.items()
            if isinstance(v, dict)
            and isinstance(v.get("token"), str)
            and 0 < len(v["token"]) <= 64
            and v["token"].isascii()
            and _is_number(v.get("at"))
        }

    # ---- database plumbing ---------------------------------------------------------------

    @contextlib.contextmanager
    def _connect(self, *, write: bool) -> Iterator[Any]:
        """Open the statistics database and check it is ours, closing it afterwards.

        Readers get ``None`` while there are no statistics yet, so looking at them never
        creates files (they open an existing file read-write, so SQLite can roll back what a
        killed write left, but never create one). Writers create the folder and the tables
        on first use. A file that is not a SQLite database, belongs to something else or to
        a newer version raises ``StoreError`` before anything is written to it.
        """
        path = self.stats_path
        if not write and not path.is_file():
            yield None
            return
        try:
            if write:
                path.parent.mkdir(parents=True, exist_ok=True)
                conn = sqlite3.connect(path, timeout=self._db_timeout)
            else:
                # Read-write, never create: a write killed half-way (``kill -9``) leaves a
                # hot journal, which SQLite rolls back on the first read, and that needs
                # write access (read-only, every read said "attempt to write a readonly
                # database" until a later write). A file the OS protects opens read-only.
                uri = path.absolute().as_uri() + "?mode=rw"
                conn = sqlite3.connect(uri, uri=True, timeout=min(1.0, self._db_timeout))
        except (OSError, sqlite3.Error) as exc:
            raise self._db_error(exc) from exc
        try:
            ready = self._run(lambda: self._prepare(conn, write))
            yield conn if ready else None
        finally:
            conn.close()

    def _prepare(self, conn: sqlite3.Connection, write: bool) -> bool:
        """Check the database's format number, creating the tables on first write.

        Returns whether the tables exist (an empty file opened for reading has none).
        """
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > _STATS_VERSION:
            raise StoreError(
                f"Statistics file {self.stats_path} was written by a newer version of cardsuite "
                f"(format {version}, this version understands up to {_STATS_VERSION}); "
                "it is left untouched."
            )
        if version == _STATS_VERSION:
            return True
        tables = {
            row[0]
            for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if not row[0].startswith("sqlite_")
        }
        if tables:  # our tables always come with a version number, so these are not ours
            raise StoreError(
                f"{self.stats_path} is a database, but not cardsuite statistics; "
                "it is left untouched."
            )
        if not write:
            return False
        self._create_schema(conn)
        return True

    @staticmethod
    def _create_schema(conn: sqlite3.Connection) -> None:
        """Create the tables in one transaction, setting the format number with them, so a
        crash half-way leaves an empty database that is simply set up again next time."""
        conn.executescript(
            f"""
            BEGIN;
            CREATE TABLE IF NOT EXISTS games (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                game TEXT NOT NULL,
                variant TEXT NOT NULL,
                players INTEGER NOT NULL,
                seed TEXT,
                finished_at REAL NOT NULL,
                extra TEXT
            );
            CREATE TABLE IF NOT EXISTS results (
                game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                seat INTEGER NOT NULL,
                name TEXT NOT NULL,
                kind TEXT NOT NULL,
                won INTEGER NOT NULL,
                score INTEGER NOT NULL,
                PRIMARY KEY (game_id, seat)
            );
            CREATE TABLE IF NOT EXISTS metrics (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                game TEXT NOT NULL,
                name TEXT NOT NULL,
                metric TEXT NOT NULL,
                value REAL NOT NULL,
                at REAL NOT NULL
            );
            CREATE INDEX IF NOT EXISTS games_by_game ON games (game, finished_at);
            CREATE INDEX IF NOT EXISTS metrics_by_key ON metrics (game, name, metric);
            PRAGMA user_version = {_STATS_VERSION};
            COMMIT;
            """
        )

    def _run(self, action: Callable[[], Any]) -> Any:
        """Run a database action, turning SQLite failures into a message for the player."""
        try:
            return action()
        except sqlite3.Error as exc:
            raise self._db_error(exc) from exc

    def _db_error(self, exc: Exception) -> StoreError:
        """Phrase a database failure for the player; a damaged file gets its own advice."""
        not_a_db = getattr(exc, "sqlite_errorcode", None) == getattr(sqlite3, "SQLITE_NOTADB", 26)
        if not_a_db or "not a database" in str(exc):
            return StoreError(
                f"Statistics file {self.stats_path} is damaged (not a SQLite database); "
                "it is left untouched. Move it aside to start new statistics."
            )
        return StoreError(f"Could not use the statistics file {self.stats_path}: {exc}.")
