"""Game records: a whole game as plain text, that replays exactly.

A record is what a player would write down at the table: a header of ``key: value`` lines
(which game, variant and options, who sat where, the seed or the stacked deck or the position
it started from, when it started and how it ended), a blank line, then one line per action,
``seat action-text``, in the game's own notation (``str(action)``, read back by
``Game.parse_action``). Seats are numbered from 1. A line may end in a note after `` # ``:
Money's claims carry their reaction time there (``2 claim # 412 ms``). Lines that start with
``#`` are comments.

Applying the lines in order to the state the header makes (``initial_state``) gives the same
game, event for event, because the rules are deterministic given the seed. ``replay`` does it
and says which line is wrong, and why, when one no longer applies. ``parse`` reads a record
and refuses a foreign, damaged or newer one with the line that is wrong.

Pure standard library and the engine contract: nothing here imports a terminal library.
"""

from __future__ import annotations

import calendar
import json
import re
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from .engine import Event, Game, IllegalAction, State
from .fair import Fairness, FairnessError, check_commitment, check_host_seed
from .files import BadJSON, parse_json
from .games import UnknownGame, get_game
from .one_deal import best_seats, can_stop_after_deal, deal_over, stop_after_deal

if TYPE_CHECKING:
    from .match import Match

#: The first line of every record, then its format version.
MAGIC = "cardsuite record"
VERSION = 1
#: A record is a few thousand lines at most; anything far bigger is not one of ours.
MAX_RECORD_BYTES = 8 * 1024 * 1024
#: The kinds a seat may be (``match.SEAT_KINDS``), repeated so reading needs no bots.
SEAT_KINDS = ("human", "random", "easy", "medium", "hard", "remote")
UNFINISHED = "unfinished"
#: The ``ends`` line of a game played for one deal of a longer one (the daily deal).
ENDS_AFTER_DEAL = "after the deal"

#: A seat line's key; its number is read by ``_whole``, as every number in a record is.
_SEAT_LINE = re.compile(r"^seat (\S*)$")
#: ASCII digits (``\d`` alone would take any script's digits).
_MOVE_LINE = re.compile(r"^([0-9]{1,2}|-) (\S.*)$", re.ASCII)
_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z", re.ASCII)
_NAME_JUNK = re.compile(r"[\x00-\x1f\x7f-\x9f,#]+")
#: Control characters (C0, DEL, C1): never shown to a terminal from a file.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]+")
#: The most digits a seed may have (Python takes any whole number; no seed of ours comes
#: near this), so a 5,000-digit one is refused by its length, never handed to ``int``.
SEED_DIGITS = 100
#: A reason quoted from the game (an option's or a position's refusal) is cut to this.
_REASON_CHARS = 400


class RecordError(ValueError):
    """A record that cannot be read or replayed: ``line`` is the 1-based line at fault (0
    when the fault is the record as a whole), ``reason`` says what is wrong in words."""

    def __init__(self, line: int, reason: str) -> None:
        self.line = line
        self.reason = reason if len(reason) <= _REASON_CHARS else reason[: _REASON_CHARS - 1] + "…"
        super().__init__(f"line {line}: {self.reason}" if line else self.reason)


class Move(NamedTuple):
    """One action of a record: ``seat`` (0-based; -1 when none was to move), its text, and a
    note (Money's reaction time of a claim, in words) or None."""

    seat: int
    text: str
    note: str | None = None


@dataclass
class RecordSeat:
    name: str
    kind: str


@dataclass
class Record:
    """A parsed record. ``start`` is a position's JSON when the game began from one (a
    hand-written position); otherwise ``seed`` (with ``deck`` and ``dealer`` when the first
    deal was stacked) makes the first state."""

    game: str
    variant: str
    options: dict[str, Any]
    seats: list[RecordSeat]
    seed: int | None = None
    deck: list[str] | None = None
    dealer: int | None = None
    start: dict[str, Any] | None = None
    started: float | None = None
    result: str = UNFINISHED
    moves: list[Move] = field(default_factory=list)
    #: the line of the file each move was read from (for messages); empty when built
    lines: list[int] = field(default_factory=list)
    #: the line of each header field read (``"result"``: 11), for messages; empty when built
    fields: dict[str, int] = field(default_factory=dict)
    #: a hosted table's fair-dealing facts (``fair.py``): the commitment, the salts, the
    #: host's seed once revealed; None for a game dealt at one table
    fair: Fairness | None = None
    #: what this record lacks to be replayed, in words (a player who left a hosted table
    #: before the end keeps only what they saw: the deal and the moves stay the host's);
    #: None for a record that has its deal and moves
    lacks: str | None = None
    #: the game was played for its first deal alone (the daily deal of a game of several
    #: deals: ``ends: after the deal``): it replays to that deal's end, and its result is
    #: the deal's
    one_deal: bool = False

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def finished(self) -> bool:
        return self.result != UNFINISHED

    def over(self, state: State) -> bool:
        """Whether play ended at ``state``: the game's end, or the deal's for ``one_deal``."""
        return deal_over(state) if self.one_deal else state.is_over()

    def result_of(self, state: State) -> str:
        """How the game this record holds ended at ``state``, in words (``unfinished``)."""
        one_deal = get_game(self.game) if self.one_deal else None
        return result_text(state, [s.name for s in self.seats], one_deal)

    @property
    def replayable(self) -> bool:
        """It has what replaying needs (its deal or position); ``lacks`` says what not."""
        return self.lacks is None

    def lacks_why(self) -> str:
        """Why this record cannot be replayed, in words (``lacks``)."""
        return f"this record cannot be replayed: it lacks {self.lacks}"

    @property
    def people(self) -> list[int]:
        """The seats a person played at this keyboard (kind ``human``; ``remote`` seats
        played elsewhere)."""
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    @property
    def private(self) -> bool:
        """The hidden cards of this record must stay hidden: the game is not finished (it
        may still be resumed) and two or more people shared the keyboard in a game whose
        hands are secret (``Match.hot_seat``). Whoever looks at its replay or review is one
        of them, so any hand shown, or any move whose text names hidden cards (an exchange's
        discards), would show someone the others' cards. Only the public table and log may
        show, until the game ends or every player agrees (``replay --reveal``, or the
        replay's confirmation)."""
        return not self.finished and len(self.people) > 1 and get_game(self.game).hidden_hands

    def private_why(self) -> str:
        """Why a private record's hands stay hidden, in words: who played at the keyboard and
        that the game is not over."""
        names = [self.seats[i].name for i in self.people]
        who = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)
        return (
            f"{who} played this game at one keyboard and it is not finished (it may still be "
            "resumed)"
        )

    # --- writing --------------------------------------------------------------------------

    def to_text(self, notes: Sequence[str] = ()) -> str:
        """The record as a file holds it; ``notes`` go after the moves as ``#`` comment
        lines (each one line, no control character), which reading skips."""
        out = [f"{MAGIC} {VERSION}", f"game: {self.game}", f"variant: {self.variant}"]
        out.append(f"options: {json.dumps(self.options, sort_keys=True, ensure_ascii=False)}")
        out.append(f"players: {self.players}")
        for i, s in enumerate(self.seats):
            out.append(f"seat {i + 1}: {clean_name(s.name)}, {s.kind}")
        if self.start is not None:
            out.append(f"position: {json.dumps(self.start, separators=(',', ':'))}")
        elif self.lacks is None or self.seed is not None:
            out.append(f"seed: {self.seed}")
            if self.dealer is not None:
                out.append(f"dealer: {self.dealer + 1}")
            if self.deck is not None:
                out.append(f"deck: {' '.join(self.deck)}")
        if self.fair is not None:
            out.append(f"commitment: {self.fair.commitment}")
            out.append(f"salts: {self.fair.salts_text()}".rstrip())
            if self.fair.host_seed is not None:
                out.append(f"host-seed: {self.fair.host_seed}")
        if self.started is not None:
            out.append(f"started: {iso_time(self.started)}")
        if self.one_deal:
            out.append(f"ends: {ENDS_AFTER_DEAL}")
        out.append(f"result: {self.result}")
        if self.lacks is not None:
            out.append(f"lacks: {_shown(self.lacks)}")
        out.append("")
        for m in self.moves:
            seat = "-" if m.seat < 0 else str(m.seat + 1)
            note = f" # {m.note}" if m.note else ""
            out.append(f"{seat} {m.text}{note}")
        out.extend(f"# {_shown(n)}".rstrip() for n in notes)
        return "\n".join(out) + "\n"

    def initial_state(self) -> State:
        """The state the header makes: the game before its first action (``RecordError``
        for a record that ``lacks`` it)."""
        if self.lacks is not None:
            raise RecordError(self.fields.get("lacks", 0), self.lacks_why())
        game = get_game(self.game)
        if self.start is not None:
            state = game.from_json(self.start)
        else:
            state = game.new_state(
                players=self.players,
                variant=self.variant,
                options=self.options,
                seed=self.seed,
                deck=self.deck,
                dealer=self.dealer,
            )
        if self.one_deal:
            if not can_stop_after_deal(state):
                raise RecordError(
                    self.fields.get("ends", 0), f"{game.name} is not played a deal at a time"
                )
            stop_after_deal(state)
        return state


def clean_name(name: str) -> str:
    """A seat name as a record line can hold it: no commas, hashes or control characters."""
    return _NAME_JUNK.sub(" ", name).strip()[:64] or "?"


def iso_time(t: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


def _read_time(text: str) -> float:
    if _TIME.fullmatch(text):
        try:
            return float(calendar.timegm(time.strptime(text, "%Y-%m-%dT%H:%M:%SZ")))
        except (ValueError, OverflowError):
            pass
    raise ValueError(f"{_quote(text)} is not a time like 2026-12-01T20:15:00Z")


def _quote(text: str, most: int = 40) -> str:
    """A value from the file, quoted for a message and cut short."""
    return repr(text if len(text) <= most else text[: most - 1] + "…")


def _whole(
    text: str,
    line: int,
    what: str,
    lo: int | None = None,
    hi: int | None = None,
    digits: int = 9,
    wanted: str | None = None,
) -> int:
    """The one reader of a whole number in a record: ASCII digits only (``int`` would take
    ``٣``, and ``str.isdigit`` takes ``²``, which ``int`` refuses), at most ``digits`` of them
    (``int`` refuses more than 4,300, and a seed of thousands is not ours), a minus sign only
    where ``lo`` allows a negative number, within ``lo..hi``. ``RecordError`` at ``line``
    names ``what`` and the range (or ``wanted``)."""
    if wanted is None:
        if lo is not None and hi is not None:
            wanted = f"a number from {lo} to {hi}"
        elif lo is not None:
            wanted = f"a whole number from {lo} up"
        else:
            wanted = f"a whole number of at most {digits} digits"
    body = text[1:] if text.startswith("-") and (lo is None or lo < 0) else text
    if not (0 < len(body) <= digits and body.isascii() and body.isdigit()):
        raise RecordError(line, f"{what} {_quote(text)} is not {wanted}")
    n = int(text)
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        raise RecordError(line, f"{what} {n} is not {wanted}")
    return n


def _json_value(text: str, line: int, what: str) -> Any:
    """A header field's JSON (``options``, ``position``), of bounded depth and size of
    number; ``RecordError`` at ``line`` says why not (``what``: "the options are")."""
    try:
        return parse_json(text)
    except BadJSON as e:
        raise RecordError(line, f"{what} {e}") from None


def _shown(text: str) -> str:
    """Free text from a file (the result) with no control character a terminal would obey."""
    return _CONTROL.sub(" ", text).strip()


# --- reading --------------------------------------------------------------------------------

_REQUIRED = ("game", "variant", "options", "players", "result")
#: The header fields a game begun from a position has no use for.
_DEALT = ("seed", "dealer", "deck")
#: A hosted table's fair-dealing header fields (``fair.py``), in the order they are written.
_FAIR = ("commitment", "salts", "host-seed")


def parse(text: str) -> Record:
    """Read a record; ``RecordError`` names the line that is wrong (or, for a header field
    that is missing, the field). Reading checks the header against the game (variant,
    options, players, seats, how it began); whether the moves replay is ``replay``'s to
    say."""
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    first = lines[0].strip() if lines else ""
    if not first.startswith(MAGIC):
        raise RecordError(1, f"this is not a cardsuite record (it should start {MAGIC!r})")
    version = _whole(
        first[len(MAGIC) :].strip(), 1, "the record's version", 1, wanted="a version number"
    )
    if version > VERSION:
        raise RecordError(
            1, f"the record is of version {version}, newer than this cardsuite reads ({VERSION})"
        )
    head: dict[str, tuple[int, str]] = {}
    seats: dict[int, tuple[int, str]] = {}
    i = 1
    while i < len(lines) and lines[i].strip():
        raw = lines[i]
        no = i + 1
        i += 1
        if raw.startswith("#"):
            continue
        key, sep, value = raw.partition(":")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise RecordError(no, f"a header line is 'key: value', not {_quote(raw, 60)}")
        m = _SEAT_LINE.match(key)
        if m:
            n = _whole(m.group(1), no, "the seat", 1, 99, digits=2)
            if n in seats:
                raise RecordError(no, f"seat {n} is given twice (line {seats[n][0]} too)")
            seats[n] = (no, value)
        elif key in head:
            raise RecordError(no, f"{_quote(key)} is given twice (line {head[key][0]} too)")
        else:
            head[key] = (no, value)
    for key in _REQUIRED:
        if key not in head:
            raise RecordError(0, f"the record's header has no {key!r} line")
    rec = _header(head, seats)
    for j in range(i + 1, len(lines)):
        raw = lines[j].rstrip("\r")
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        body, _, note = raw.partition(" # ")
        m = _MOVE_LINE.match(body.strip())
        if not m:
            raise RecordError(j + 1, f"a move is 'seat action', not {_quote(raw, 60)}")
        seat = -1 if m.group(1) == "-" else int(m.group(1)) - 1
        if not -1 <= seat < rec.players:
            raise RecordError(
                j + 1, f"there is no seat {m.group(1)} in a {rec.players}-player game"
            )
        rec.moves.append(Move(seat, m.group(2).strip(), note.strip() or None))
        rec.lines.append(j + 1)
    return rec


def _header(head: Mapping[str, tuple[int, str]], seats: Mapping[int, tuple[int, str]]) -> Record:
    def value(key: str) -> str:
        return head[key][1]

    def line(key: str) -> int:
        return head[key][0]

    try:
        game = get_game(value("game"))
    except UnknownGame as e:
        raise RecordError(line("game"), str(e)) from None
    options = _json_value(value("options"), line("options"), "the options are")
    if not isinstance(options, dict):
        raise RecordError(line("options"), "the options are not a JSON object")
    try:
        variant, _ = game.resolve_options(value("variant"), {})
    except ValueError as e:
        raise RecordError(line("variant"), str(e)) from None
    try:
        variant, options = game.resolve_options(variant, options)
    except ValueError as e:
        raise RecordError(line("options"), str(e)) from None
    players = _whole(value("players"), line("players"), "the number of players", 1, 99, 2)
    try:
        game.check_players(players)
    except ValueError as e:
        raise RecordError(line("players"), str(e)) from None
    for n, (no, _) in sorted(seats.items()):
        if n > players:
            raise RecordError(
                no, f"there is no seat {n} in a {players}-player record (line {line('players')})"
            )
    seat_list = []
    for n in range(1, players + 1):
        if n not in seats:
            raise RecordError(
                line("players"),
                f"a {players}-player record needs a line for each seat: "
                f"'seat {n}: name, kind' is missing",
            )
        no, text = seats[n]
        name, sep, kind = text.rpartition(",")
        if not sep or kind.strip() not in SEAT_KINDS:
            raise RecordError(
                no, f"a seat is 'name, kind' with kind one of {', '.join(SEAT_KINDS)}"
            )
        seat_list.append(RecordSeat(clean_name(name) if name.strip() else f"P{n}", kind.strip()))
    rec = Record(game.id, variant, options, seat_list, result=_shown(value("result")) or UNFINISHED)
    rec.fields = {key: no for key, (no, _) in head.items()}
    if "lacks" in head:
        rec.lacks = _shown(value("lacks")) or "its deal and its moves"
    if "ends" in head:
        if value("ends") != ENDS_AFTER_DEAL:
            raise RecordError(
                line("ends"),
                f"a game ends {ENDS_AFTER_DEAL!r} or has no 'ends' line, "
                f"not {_quote(value('ends'))}",
            )
        rec.one_deal = True
    if "position" in head:
        dealt = [key for key in (*_DEALT, *_FAIR) if key in head]
        if dealt:
            raise RecordError(
                line(dealt[0]),
                f"a game begun from a position (line {line('position')}) has no {dealt[0]!r}",
            )
        rec.start = _position(game, head, players, variant, options)
    elif "seed" not in head:
        if rec.lacks is None:
            raise RecordError(0, "the record's header has neither a 'seed' nor a 'position' line")
    else:
        seed = value("seed")
        if seed != "None":
            rec.seed = _whole(seed, line("seed"), "the seed", digits=SEED_DIGITS)
    if "dealer" in head:
        rec.dealer = _whole(value("dealer"), line("dealer"), "the dealer", 1, players, 2) - 1
    if "deck" in head:
        rec.deck = value("deck").split()
    if "started" in head:
        try:
            rec.started = _read_time(value("started"))
        except ValueError as e:
            raise RecordError(line("started"), str(e)) from None
    rec.fair = _fairness(head, players)
    if rec.start is None and rec.lacks is None:
        try:
            rec.initial_state()
        except RecordError:
            raise
        except ValueError as e:
            where = next((line(k) for k in ("deck", "dealer", "seed") if k in head), 0)
            raise RecordError(where, f"the first deal cannot be made: {e}") from None
    return rec


def _fairness(head: Mapping[str, tuple[int, str]], players: int) -> Fairness | None:
    """The fair-dealing lines (``commitment``, ``salts``, ``host-seed``), each checked by
    ``fair.py``'s own checkers; None when the record has none (a game dealt at one table).
    A commitment needs its salts line (empty when no joiner gave a salt), so a removed one is
    named rather than read as "no salts"; salts or a host seed need the commitment."""
    if not any(key in head for key in _FAIR):
        return None
    if "commitment" not in head:
        key = next(key for key in _FAIR if key in head)
        raise RecordError(head[key][0], f"a {key!r} line needs the 'commitment' line it goes with")
    if "salts" not in head:
        raise RecordError(
            head["commitment"][0],
            "a record with a commitment has a 'salts' line too (empty when no joiner gave one)",
        )
    facts: dict[str, str | None] = {"commitment": None, "host-seed": None}
    for key, check in (("commitment", check_commitment), ("host-seed", check_host_seed)):
        if key in head:
            no, text = head[key]
            try:
                facts[key] = check(text)
            except FairnessError as e:
                raise RecordError(no, f"the {key} {_quote(text)} is wrong: {e}") from None
    no, text = head["salts"]
    try:
        salts = Fairness.read_salts(text, players)
    except FairnessError as e:
        raise RecordError(no, f"the salts are wrong: {e}") from None
    return Fairness(check_commitment(facts["commitment"]), salts, facts["host-seed"])


def _position(
    game: Game,
    head: Mapping[str, tuple[int, str]],
    players: int,
    variant: str,
    options: Mapping[str, Any],
) -> dict[str, Any]:
    """The ``position`` field: a position the game loads, for the players, variant and
    options the header gives (else the header line that disagrees with it)."""
    no, text = head["position"]
    start = _json_value(text, no, "the starting position is")
    try:
        state = game.from_json(start)
    except (ValueError, RecursionError) as e:
        raise RecordError(no, f"the starting position is refused: {e}") from None
    n = len(state.scores())
    if n != players:
        raise RecordError(
            head["players"][0],
            f"the record is for {players} players, but its position (line {no}) is for {n}",
        )
    if state.variant != variant:
        raise RecordError(
            head["variant"][0],
            f"the record's variant is {variant!r}, but its position's (line {no}) is "
            f"{state.variant!r}",
        )
    if dict(state.options) != dict(options):
        differ = sorted(
            k for k in {**options, **state.options} if options.get(k) != state.options.get(k)
        )
        raise RecordError(
            head["options"][0],
            f"the record's options are not its position's (line {no}): "
            + ", ".join(
                f"{k} {options.get(k)!r} here, {state.options.get(k)!r} there" for k in differ[:4]
            ),
        )
    return start


# --- replaying ------------------------------------------------------------------------------


class Step(NamedTuple):
    """One move replayed: its index in the record, the move, the state after it (shared:
    copy it to keep it) and the events it made."""

    # The field hides tuple.index, which nothing calls on a Step; the name reads best.
    index: int  # type: ignore[assignment]
    move: Move
    state: State
    events: list[Event]


def replay(rec: Record, state: State | None = None) -> Iterator[Step]:
    """Apply the record's moves one by one to its first state (or ``state``), yielding each
    step. A move that the game refuses raises ``RecordError`` with its line and the game's
    reason; so does a move after the end, and a finished record whose moves stop early."""
    st = rec.initial_state() if state is None else state
    for k, move in enumerate(rec.moves):
        no = rec.lines[k] if k < len(rec.lines) else 0
        if rec.over(st):
            raise RecordError(no, f"the game was over before {move.text!r}")
        seat = None if move.seat < 0 else move.seat
        try:
            events = st.apply(move.text, seat)
        except IllegalAction as e:
            raise RecordError(no, f"{move.text!r} is refused: {e.reason}") from None
        except ValueError as e:
            raise RecordError(no, f"{move.text!r} is not a move of this game: {e}") from None
        yield Step(k, move, st, events)
    if rec.finished and not rec.over(st):
        result = rec.fields.get("result", 0)
        if rec.moves:  # the line after which a move is missing, and the line that says so
            said = f" (line {result})" if result else ""
            raise RecordError(
                rec.lines[-1] if rec.lines else 0,
                f"the record's result{said} says the game ended, but its moves stop before the "
                "end, after this line",
            )
        raise RecordError(
            result, "the record's result says the game ended, but it has no moves at all"
        )


def final_state(rec: Record) -> State:
    """The state after every move (checked as ``replay`` checks)."""
    st = rec.initial_state()
    for _ in replay(rec, st):
        pass
    return st


def result_text(state: State, names: Sequence[str], one_deal: Game | None = None) -> str:
    """How a game ended, in words: each seat's score, then who won; ``unfinished``.
    ``one_deal``: the game, when it was played for its first deal alone (the deal's end is
    then the end, and the best scores win)."""
    if state.is_over():
        return result_words(names, state.scores(), state.winners())
    if one_deal is not None and deal_over(state):
        scores = state.scores()
        return result_words(names, scores, best_seats(one_deal, scores))
    return UNFINISHED


def result_words(names: Sequence[str], scores: Sequence[int], winners: Sequence[int]) -> str:
    """A finished game's result line from its scores and winners (``result_text``; a
    joined player's record that lacks the moves takes them from the table's last view)."""
    won = [names[s] for s in winners if 0 <= s < len(names)]
    parts = ", ".join(f"{clean_name(n)} {sc}" for n, sc in zip(names, scores, strict=True))
    return f"{parts}; won by {' and '.join(clean_name(w) for w in won) or 'nobody'}"


def from_match(match: Match) -> Record:
    """The record of a match so far (finished or not). ``ValueError`` when the match does
    not know how it began (a save from before records)."""
    from .match import saved_kind

    origin = match.origin
    if origin is None:
        raise ValueError("this game does not say how it began, so it has no record")
    st = match.state
    rec = Record(
        game=match.game.id,
        variant=st.variant,
        options=dict(st.options),
        seats=[RecordSeat(clean_name(s.name), saved_kind(s.kind)) for s in match.seats],
        started=match.started,
        result=result_text(st, match.names(), match.game if origin.get("ends") == "deal" else None),
        moves=list(match.record),
        one_deal=origin.get("ends") == "deal",
    )
    if "position" in origin:
        rec.start = origin["position"]
    else:
        rec.seed = origin.get("seed")
        rec.deck = origin.get("deck")
        rec.dealer = origin.get("dealer")
    rec.fair = _fair_of(origin.get("fair"), rec.players)
    return rec


def _fair_of(facts: Any, players: int) -> Fairness | None:
    """A hosted table's fair-dealing facts as the server keeps them in ``Match.origin``
    (``{"commitment": hex, "salts": salts_text, "host_seed": hex or None}``), checked as a
    record's are; ``ValueError`` says what is wrong."""
    if facts is None:
        return None
    if not isinstance(facts, Mapping):
        raise ValueError("the table's fair-dealing facts are not an object")
    try:
        host_seed = facts.get("host_seed")
        return Fairness(
            check_commitment(facts.get("commitment")),
            Fairness.read_salts(str(facts.get("salts") or ""), players),
            None if host_seed is None else check_host_seed(host_seed),
        )
    except FairnessError as e:
        raise ValueError(f"the table's fair-dealing facts are wrong: {e}") from None


def as_seen_by(rec: Record, seat: int) -> Record:
    """The record as one player at a hosted table keeps it: their own seat ``human`` (the
    person at this keyboard, whose quiz and review it is), every other person's seat
    ``remote`` (played at another keyboard), bots as they were. ``people`` is then this
    player alone, so ``private`` (a game shared at one keyboard) never applies to it."""
    if not 0 <= seat < rec.players:
        raise ValueError(f"there is no seat {seat + 1} in a {rec.players}-player record")
    seats = [
        RecordSeat(s.name, "human" if i == seat else "remote" if s.kind == "human" else s.kind)
        for i, s in enumerate(rec.seats)
    ]
    return replace(rec, seats=seats, moves=list(rec.moves), lines=list(rec.lines))


def record_name(game: str, started: float | None, seed: int | None) -> str:
    """The file stem of a match's record, the same at every save and at the end, so the
    finished record replaces the one written when it was saved."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(started or 0))
    return f"{game}-{stamp}-{seed if seed is not None else 'position'}"


def joined_record_name(game: str, started: float | None, seat: int) -> str:
    """The file stem of the record a player keeps of a table they joined: the same whether
    they left before the end (the record that lacks the deal) or stayed (the whole one, from
    the host), so coming back and finishing replaces the first; apart from the host's
    (``record_name``), so a host and a joiner sharing one data folder keep both."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(started or 0))
    return f"{game}-{stamp}-joined-seat{seat + 1}"


def summary(rec: Record) -> dict[str, Any]:
    """What a list of records shows: game, variant, date, players, result, moves."""
    return {
        "game": rec.game,
        "variant": rec.variant,
        "started": iso_time(rec.started) if rec.started is not None else None,
        "players": [f"{s.name} ({s.kind})" if s.kind != "human" else s.name for s in rec.seats],
        "result": rec.result,
        "moves": len(rec.moves),
        "lacks": rec.lacks,
    }


__all__ = [
    "MAGIC",
    "UNFINISHED",
    "VERSION",
    "Move",
    "Record",
    "RecordError",
    "RecordSeat",
    "Step",
    "as_seen_by",
    "final_state",
    "from_match",
    "joined_record_name",
    "parse",
    "record_name",
    "replay",
    "result_text",
    "result_words",
    "summary",
]
