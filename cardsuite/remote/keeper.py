"""A joined player's own record of a hosted table: everyone keeps the record, not only the host.

The host holds the game, so only the host can write its whole record; at the end the table
server sends it to every seated player (a ``record`` message, never before the game is
over: a record names every card dealt). ``RecordKeeper`` sits on a client's messages
(``receive``) and writes that record into the player's own store, from their seat
(``records.as_seen_by``: their seat ``human``, the others as they were), under
``records.joined_record_name``. ``cardsuite replay``, ``review``, ``records --verify`` and
the history then work on it as on any record.

A player who leaves before the end cannot have the whole record: the seed the cards were
dealt from, and the moves of the others (an exchange names the cards it discards), are the
hidden part of the game, and the host reveals its seed only at the end. ``left`` writes
what they did see instead: the table (game, variant, options, seats, when it began), the
fair-dealing commitment and salts if their table showed them (``seen``), ``result:
unfinished``, a ``lacks`` line saying plainly what is missing and why, and the public log
as comment lines. It is listed in the history, and replaying or verifying it says why not.
It has the same name as the whole record, so a player who comes back (their seat is kept
for their token) and stays to the end has it replaced by the whole one.

Nothing here draws or talks to the network: the table screen and the tests feed it
messages. A record that cannot be read or written is said (``said``), never raised.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import Event
from ..records import (
    MAX_RECORD_BYTES,
    SEAT_KINDS,
    UNFINISHED,
    Record,
    RecordError,
    RecordSeat,
    as_seen_by,
    final_state,
    joined_record_name,
    parse,
    result_words,
)

if TYPE_CHECKING:
    from ..fair import Fairness
    from ..store import Store


class RecordKeeper:
    """Keeps a joined player's record (see the module docstring). ``path`` is where it went
    (None until written), ``whole`` whether it is the host's whole record, ``said`` the last
    thing the player should be told about it."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.welcome: dict[str, Any] | None = None
        #: the table's seats as the last update gave them (names change as players join)
        self.seats: list[dict[str, Any]] = []
        #: the public log so far, as the server sends it (``[kind, seat, text, data]``)
        self.events: list[list[Any]] = []
        self._fresh = False  # a welcome again: the next update's log starts afresh
        self.over = False
        self.last: dict[str, Any] = {}  # the latest update (its view's scores, the winners)
        self.gone = False  # ``left`` has written what this player saw
        #: the fair-dealing commitment and salts this client was shown before the deal
        #: (set by the table's fair-dealing messages): the host's record must carry the same
        self.seen: Fairness | None = None
        self.path: Path | None = None
        self.whole = False
        self.kept: Record | None = None  # the whole record, as kept
        self.said: str | None = None

    @property
    def seat(self) -> int | None:
        seat = (self.welcome or {}).get("seat")
        return seat if isinstance(seat, int) else None

    # --- what the server says ---------------------------------------------------------------

    def receive(self, msg: Mapping[str, Any]) -> str | None:
        """Every message from the server; what to tell the player when a record was kept
        (or could not be), else None."""
        kind = msg.get("type")
        if kind == "welcome":
            self.welcome = dict(msg)
            self.seats = list(msg.get("seats") or [])
            self._fresh = True
        elif kind == "update":
            if self._fresh:
                self._fresh = False
                self.events = []
            self.events.extend(e for e in msg.get("events") or [] if isinstance(e, list))
            self.seats = list(msg.get("seats") or self.seats)
            self.over = bool(msg.get("over"))
            self.last = dict(msg)
        elif kind == "record":
            return self.keep(msg.get("text"))
        return None

    def keep(self, text: object) -> str:
        """The host's whole record, from this player's seat, into their store."""
        seat, welcome = self.seat, self.welcome
        if seat is None or welcome is None:
            return self._say("A record came from the table, but you have no seat at it.")
        if not isinstance(text, str) or len(text.encode("utf-8", "replace")) > MAX_RECORD_BYTES:
            return self._say("The host sent a record that is not one; nothing was kept.")
        try:
            rec = as_seen_by(parse(text), seat)
        except (RecordError, ValueError) as e:
            return self._say(f"The host's record cannot be read ({e}); nothing was kept.")
        if rec.game != welcome.get("game") or rec.players != welcome.get("players"):
            return self._say("The host sent the record of another game; nothing was kept.")
        doubts = self._doubts(rec)
        stem = joined_record_name(rec.game, welcome.get("started"), seat)
        if not self._write(rec.to_text(), stem):
            return self.said or ""
        self.whole = True
        self.kept = rec
        said = f"The game's record is kept in {self.path}."
        if doubts:
            said += f" But {doubts}: cardsuite records FILE --verify says more."
        return self._say(said)

    def _doubts(self, rec: Record) -> str:
        """What in the host's record disagrees with what this client saw, in words."""
        try:
            final_state(rec)
        except RecordError as e:
            return f"it does not replay ({e})"
        seen = self.seen
        if seen is None:
            return ""
        if rec.fair is None:
            return "it has none of the fair-dealing facts your table showed you"
        if rec.fair.commitment != seen.commitment:
            return "its commitment is not the one your table showed you before the deal"
        if rec.fair.salts != seen.salts:
            return "its salts are not the ones your table showed you before the deal"
        return ""

    # --- leaving before the end ---------------------------------------------------------------

    def left(self, why: str, names: Sequence[str] | None = None) -> str | None:
        """This player leaves before the end (``why``, a clause: "{me} left the table", "the
        host closed the table"; ``{me}`` is their name), or the game ended and the host's
        record did not come: the
        record of what they saw, which says what it lacks (see the module docstring). None
        when there is nothing to write: the whole record is kept, this was written already,
        or no seat was had."""
        seat, welcome = self.seat, self.welcome
        if self.whole or self.gone or seat is None or welcome is None:
            return None
        self.gone = True
        names = list(names or [str(s.get("name", f"P{i + 1}")) for i, s in enumerate(self.seats)])
        seats = [
            RecordSeat(names[i] if i < len(names) else f"P{i + 1}", _kind(s, i == seat))
            for i, s in enumerate(self.seats)
        ]
        me = seats[seat].name if seat < len(seats) else "you"
        why = why.replace("{me}", me)
        if self.over:
            lacks = (
                f"the deal and the moves: the game ended, but the host's record of it did not "
                f"reach {me} ({why}), and only the host's record replays the game"
            )
        else:
            lacks = (
                f"the deal and the moves: {why} before the end. The host reveals the seed the "
                "cards were dealt from only at the end, and the moves of the others name cards "
                f"{me} never saw, so only the host's record replays this game; coming back to "
                "the table and staying to the end brings it"
            )
        rec = Record(
            str(welcome.get("game")),
            str(welcome.get("variant")),
            dict(welcome.get("options") or {}),
            seats,
            started=_number(welcome.get("started")),
            result=self._result([s.name for s in seats]),
            lacks=lacks,
        )
        if self.seen is not None:
            rec.fair = self.seen
        notes = [f"What {me} saw of the table, as its log showed it:"]
        notes += [_event_line(e, names) for e in self.events]
        stem = joined_record_name(rec.game, rec.started, seat)
        if self._write(rec.to_text(notes), stem):
            self._say(
                f"What you saw of this game is kept in {self.path} (the whole record comes "
                "only to the players at the table at its end)."
            )
        return self.said

    def _result(self, names: Sequence[str]) -> str:
        """How the game ended, from the table's last view, when it did; else unfinished."""
        view = self.last.get("view")
        scores = view.get("scores") if isinstance(view, dict) else None
        winners = self.last.get("winners")
        if not (self.over and isinstance(scores, list) and isinstance(winners, list)):
            return UNFINISHED
        if len(scores) != len(names) or not all(type(x) is int for x in scores):
            return UNFINISHED
        return result_words(names, scores, [w for w in winners if type(w) is int])

    # --- the store ---------------------------------------------------------------------------

    def _write(self, text: str, stem: str) -> bool:
        from ..store import StoreError

        try:
            self.path = self.store.save_record(text, stem)
        except StoreError as e:
            self._say(f"No record kept: {e}")
            return False
        return True

    def _say(self, text: str) -> str:
        self.said = text
        return text


def _kind(seat: Mapping[str, Any], mine: bool) -> str:
    """A seat's kind in a joined player's record: their own ``human``; a person's elsewhere
    (the host's seat too) ``remote``; a bot's its level."""
    kind = str(seat.get("kind"))
    if mine:
        return "human"
    return kind if kind in SEAT_KINDS and kind != "human" else "remote"


def _number(value: object) -> float | None:
    return float(value) if type(value) in (int, float) else None  # type: ignore[arg-type]


def _event_line(data: Sequence[Any], names: Sequence[str]) -> str:
    """One public event in words, with the players' names (a damaged one as its text)."""
    try:
        return Event.from_json([*data, None, None, "", {}][:4]).render(names)
    except (ValueError, TypeError, KeyError):
        return str(data[2] if len(data) > 2 else "")


__all__ = ["RecordKeeper"]
