"""A record replayed once, every position kept: what the replay screen steps through.

``Replay.of(record)`` applies the record's moves one by one (``records.replay``) and keeps a
copy of the state after each (without its log: the log of position ``k`` is the first
``counts[k]`` events of the whole game's log, so a game of a few thousand moves costs a few
thousand small copies, not a few million log entries). A record whose later line is refused
replays up to the last good move and keeps the ``RecordError`` to show.

Positions are numbered 0 (before the first move) to ``len(moves)``; position ``k`` is the
table after move ``k`` (1-based), so stepping back is instant.

The units the screen jumps by, from the events and the contract alone (nothing here knows a
game by name):

- a *round*: a trick where the game has tricks; else a capture (Money's piles, African
  Casino's captures); else a turn (the seat to move changes); the end of a deal is one too;
- a *deal*: a move whose events deal, show down or score a hand, or that changes
  ``deals_played()``; where a game is one deal (Money), its captures.

``ReplayMatch`` is the table source a replay screen draws (``table_source.TableSource``): the
position at the cursor, one of these kept ones.

No terminal library here: the pure part is tested without a screen.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import Action, Event, IllegalAction, State
from ..games import get_game
from ..match import HeldPosition, PlayedElsewhere, SeatSpec
from ..one_deal import deal_view
from ..records import Move, Record, RecordError, replay

if TYPE_CHECKING:
    from ..bots import Bot


#: Event kinds that end (or begin) a deal: the declared ``deal`` and ``showdown``, and the
#: games' own scoring kinds.
DEAL_KINDS = frozenset({"deal", "showdown", "score", "settle", "gameover"})
TRICK_KINDS = frozenset({"trick"})
CAPTURE_KINDS = frozenset({"capture"})


def _copy(state: State) -> State:
    """A copy without the log (every game's ``clone`` takes ``events=False``; a game
    whose clone does not is copied whole)."""
    try:
        # (``State.clone`` declares no arguments; the games' own take ``events``)
        return state.clone(events=False)  # type: ignore[call-arg]
    except TypeError:
        copy = state.clone()
        copy.events = []
        return copy


@dataclass
class Units:
    """Where one kind of jump stops: sorted positions, 0 and the end always among them."""

    name: str
    stops: list[int]

    def after(self, k: int) -> int:
        i = bisect_right(self.stops, k)
        return self.stops[i] if i < len(self.stops) else self.stops[-1]

    def before(self, k: int) -> int:
        i = bisect_left(self.stops, k)
        return self.stops[i - 1] if i > 0 else 0


@dataclass
class Replay:
    record: Record
    #: the state at every position (no log; ``log_at`` gives it)
    states: list[State]
    #: the events of each move (``events[0]``: those of the first deal, before any move)
    events: list[list[Event]]
    #: how many events of ``log`` had been written at each position
    counts: list[int]
    #: the whole game's log, as far as it replayed
    log: list[Event]
    #: the line that is wrong, when a move would not replay
    error: RecordError | None = None
    rounds: Units = field(default_factory=lambda: Units("move", [0]))
    deals: Units = field(default_factory=lambda: Units("deal", [0]))

    @classmethod
    def of(cls, record: Record) -> Replay:
        """Replay ``record`` once, keeping every position. Raises ``RecordError`` only when
        the first state cannot be made (``parse`` already checked that it can)."""
        state = record.initial_state()
        states = [_copy(state)]
        events: list[list[Event]] = [list(state.events)]
        counts = [len(state.events)]
        error = None
        try:
            for step in replay(record, state):
                states.append(_copy(step.state))
                events.append(list(step.events))
                counts.append(len(step.state.events))
        except RecordError as e:
            error = e
        out = cls(record, states, events, counts, list(state.events), error)
        out.rounds, out.deals = out._units()
        return out

    # --- reading --------------------------------------------------------------------------

    @property
    def last(self) -> int:
        """The last position (the number of moves that replayed)."""
        return len(self.states) - 1

    @property
    def moves(self) -> list[Move]:
        """The moves that replayed (a refused one and those after it are not among them)."""
        return self.record.moves[: self.last]

    def move(self, k: int) -> Move | None:
        """The move that led to position ``k`` (None at the start)."""
        return self.record.moves[k - 1] if 0 < k <= self.last else None

    def log_at(self, k: int) -> list[Event]:
        return self.log[: self.counts[k]]

    def events_of(self, k: int) -> list[Event]:
        return self.events[k] if k > 0 else []

    def names(self) -> list[str]:
        return [s.name for s in self.record.seats]

    # --- units ----------------------------------------------------------------------------

    def _units(self) -> tuple[Units, Units]:
        n = self.last
        kinds = [{e.kind for e in evs} for evs in self.events]
        deals_played = [s.deals_played() for s in self.states]
        ends = {0, n}

        def where(wanted: frozenset[str]) -> set[int]:
            return {k for k in range(1, n + 1) if kinds[k] & wanted}

        deal = where(DEAL_KINDS) | {
            k for k in range(1, n + 1) if deals_played[k] != deals_played[k - 1]
        }
        deal_name = "deal"
        tricks, captures = where(TRICK_KINDS), where(CAPTURE_KINDS)
        if not deal - ends and captures:  # one deal all game long (Money): its captures
            deal, deal_name = captures, "capture"
        if tricks:
            rounds, round_name = tricks, "trick"
        elif captures:
            rounds, round_name = captures, "capture"
        else:  # the seat to move changes
            moves = self.record.moves
            rounds = {k for k in range(1, n) if moves[k].seat != moves[k - 1].seat}
            round_name = "turn"
        return (
            Units(round_name, sorted(rounds | deal | ends)),
            Units(deal_name, sorted(deal | ends)),
        )


class ReplayMatch(PlayedElsewhere, HeldPosition):
    """The table source a replay table draws (``table_source.TableSource``): the record's
    seats (names and kinds), the position at the cursor, a real one from the ``Replay``. It
    takes no moves: no bot plays, nothing is undone, hinted or saved."""

    NO_BOTS = "a replay takes no moves"
    NO_HINTS = "a replay gives no hints"
    NO_SAVE = NO_RECORD = "a replay is a record already"

    def __init__(self, replay: Replay) -> None:
        rec = replay.record
        self.game = get_game(rec.game)
        self.seats = [SeatSpec(s.kind, s.name) for s in rec.seats]
        self.replay = replay
        self.record: list[Move] = []  # (the replay's moves are its record's)
        self.bots: dict[int, Bot] = {}
        self.seed: int | None = None
        self.started: float | None = None
        self.save_path: Path | None = None
        self.state = replay.states[0]
        self._revision = 0
        self.at = -1
        self.show(0)

    def show(self, k: int) -> None:
        """Put position ``k`` on the table: its state, with the log as it was then (a kept
        position has no log of its own; the last one shown gives its copy back)."""
        r = self.replay
        if 0 <= self.at <= r.last and self.at != k:
            r.states[self.at].events = []
        self.at = k
        self.state = r.states[k]
        self.state.events = r.log_at(k)
        self._revision += 1

    def is_over(self) -> bool:
        """Play ended here: the game's end, or the deal's for a record of one deal."""
        return self.replay.record.over(self.state)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The position's view; a record of one deal (the daily deal) reads as its table
        did (``one_deal.deal_view``)."""
        view = super().view(seat)
        return deal_view(view, self.state) if self.replay.record.one_deal else view

    def apply(
        self, action: Action | str, seat: int | None = None, note: str | None = None
    ) -> list[Event]:
        raise IllegalAction(self.NO_BOTS)


__all__ = ["Replay", "ReplayMatch", "Units"]
