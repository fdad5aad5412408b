"""The snap's timing: timestamped key presses in, engine actions out. Pure: no clock.

The engine is turn-based (``rules.py``); speed lives here, and every time is given to the
referee by its caller (the screen passes ``events.Key.time``, a simulation its virtual clock,
tests any number they like). Rules of timing (money.md §12):

- A ``turn`` takes effect no earlier than the *throw time* after the previous reveal; an
  earlier press is held until then, not dropped. So every claim window lasts at least that.
- A ``snap`` (claim) takes effect at once. If a claim and the opponent's turn fall at the same
  instant, the claim goes first. Events are handled in the order of their times.
- Auto-repeat: terminals send a held key as a stream of presses; a press of the same key less
  than ``repeat_gap`` after the previous one is a repeat and never counts. And each player's
  snap counts at most once per revealed card.
- Reaction time: a claim reports the time from the reveal of the card it claims.

``Referee.press`` returns ``Outcome`` records (what happened, with times) for the screen.
It is the ``race.Judge`` of a table on one clock (the screen, self-play): ``race.Race`` feeds it
the bots' presses and its own deadline in time order (``receive``, ``due``, ``turn``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine import Event, IllegalAction
from .actions import Claim, Turn
from .rules import MoneyState

DEFAULT_THROW = 0.5
MAX_THROW = 1.5
REPEAT_GAP = 0.1


def checked_throw(throw_time: float) -> float:
    """The throw time, if it is one the table allows (0 to ``MAX_THROW`` seconds)."""
    if not 0.0 <= throw_time <= MAX_THROW:
        raise ValueError(f"throw time must be between 0 and {MAX_THROW} seconds")
    return throw_time


@dataclass
class Outcome:
    """What a press led to: ``kind`` is turn, claim, held, ignored or refused."""

    kind: str
    seat: int
    time: float
    events: list[Event] = field(default_factory=list)
    reaction: float | None = None  # seconds from the reveal, for claims
    reason: str = ""


@dataclass
class _Held:
    seat: int
    pressed: float


class Referee:
    """Resolves presses against one game state (which it mutates through ``apply``)."""

    def __init__(
        self,
        state: MoneyState,
        throw_time: float = DEFAULT_THROW,
        repeat_gap: float = REPEAT_GAP,
        start: float = 0.0,
    ) -> None:
        self.state = state
        self.throw_time = checked_throw(throw_time)
        self.repeat_gap = repeat_gap
        self.reveal_time = start  # when the most recent card was revealed (or the start)
        self.reveal_turn = state.turns  # which card that was (its turn number)
        self._started = start  # before any card is revealed, the first may be turned at once
        self._revealed = False
        self.held: _Held | None = None  # a turn press waiting for the throw time
        self._last_key: dict[tuple[int, str], float] = {}
        self._snapped: set[int] = set()  # seats that snapped at the current card

    # --- time -----------------------------------------------------------------------------

    def turn_ready_at(self) -> float:
        """The earliest time the next card may be revealed."""
        if not self._revealed:
            return self._started
        return self.reveal_time + self.throw_time

    def next_deadline(self) -> float | None:
        """When a held turn press will take effect (the caller sets a timer for it)."""
        if self.held is None:
            return None
        return max(self.held.pressed, self.turn_ready_at())

    def advance(self, now: float, inclusive: bool = True) -> list[Outcome]:
        """Let a held turn press take effect if its time has come (``inclusive``: also one
        due exactly ``now``; a snap at the same instant passes ``False`` so it goes first)."""
        due = self.next_deadline()
        if due is None or due > now or (due == now and not inclusive):
            return []
        held = self.held
        assert held is not None
        self.held = None
        return self._do_turn(held.seat, due)

    # --- presses --------------------------------------------------------------------------

    def press(
        self,
        seat: int,
        kind: str,
        at: float,
        key: str | None = None,
        stamp: float | None = None,
        card: int | None = None,
    ) -> list[Outcome]:
        """A key press: ``kind`` is ``"turn"`` or ``"snap"``; ``key`` names the physical key
        (for auto-repeat; defaults to the kind). Returns what happened, in time order.
        (``stamp`` and ``card`` are for the network's judge: on one clock there is no other
        stamp to weigh, and every press is made on the card on the table.)"""
        # a held turn that falls due before this press happens first (a snap wins a tie)
        out = self.advance(at, inclusive=kind != "snap") if self.held is not None else []
        name = (seat, key or kind)
        last = self._last_key.get(name)
        self._last_key[name] = at
        if last is not None and 0 <= at - last < self.repeat_gap:
            return [*out, Outcome("ignored", seat, at, reason="key repeat")]
        if kind == "snap":
            return out + self._snap(seat, at)
        if kind == "turn":
            return out + self._turn_press(seat, at)
        raise ValueError(f"unknown press {kind!r}")

    def _snap(self, seat: int, at: float) -> list[Outcome]:
        st = self.state
        if st.is_over():
            return [Outcome("ignored", seat, at, reason="the game is over")]
        if seat in self._snapped:
            return [Outcome("ignored", seat, at, reason="one snap per card")]
        try:
            events = st.apply(Claim(seat))
        except IllegalAction as e:
            return [Outcome("refused", seat, at, reason=e.reason)]
        self._snapped.add(seat)
        return [Outcome("claim", seat, at, events, reaction=at - self.reveal_time)]

    def _turn_press(self, seat: int, at: float) -> list[Outcome]:
        st = self.state
        if st.is_over():
            return [Outcome("ignored", seat, at, reason="the game is over")]
        if st.to_move() != seat or st.phase != "play" or not st.hands[seat] or st.must_buy():
            return [Outcome("ignored", seat, at, reason="not your turn to turn")]
        if self.held is not None:
            return [Outcome("ignored", seat, at, reason="already waiting to turn")]
        if at >= self.turn_ready_at():
            return self._do_turn(seat, at)
        self.held = _Held(seat, at)
        return [Outcome("held", seat, at, reason="waiting for the throw time")]

    def _do_turn(self, seat: int, at: float) -> list[Outcome]:
        st = self.state
        if st.to_move() != seat or st.phase != "play" or not st.hands[seat] or st.must_buy():
            return [Outcome("ignored", seat, at, reason="the turn passed meanwhile")]
        events = st.apply(Turn())
        self.card_revealed(at)
        return [Outcome("turn", seat, at, events)]

    def card_revealed(self, at: float) -> None:
        """A new card is face up at ``at``: a new round for snaps and the throw time."""
        self.reveal_time = at
        self.reveal_turn = self.state.turns
        self._revealed = True
        self._snapped.clear()

    # --- as the race's judge (``race.Judge``) ---------------------------------------------

    #: The held turn, if it has fallen due by ``now``.
    due = advance

    #: A press, as the race hands it over (``press``).
    receive = press

    def turn(self, seat: int, at: float) -> list[Outcome]:
        """The mover's decision to turn without buying (a menu's choice, a bot's): made at
        once, at ``at``, as any money decision is, and a new card's round begins."""
        events = self.state.apply(Turn(), seat)
        self.card_revealed(at)
        return [Outcome("turn", seat, at, events)]

    def reset_after(self, at: float) -> None:
        """The state changed outside the referee (a purchase, an undo): drop a held turn."""
        self.held = None
        self.reveal_time = min(self.reveal_time, at)
