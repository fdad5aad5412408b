"""Money's real-time driver: who may press and when, when the bots press, and in what order
the referee judges it all. Pure: no clock is read here; every caller passes its time in.

Money is a race (money.md §12, ``docs/remote-snap.md``). Three tables run it, each on its own
clock and with its own way of waiting:

- the table screen (``screen.py``): a terminal's keys, stamped with their time, and Textual
  timers for the bots;
- the table server (``remote.py``): presses from other machines, judged by their reactions
  (``netreferee.py``), and an asyncio loop;
- self-play (``selfplay.py``: ``cardsuite simulate`` and ``bench``): bots only, on a virtual
  clock that jumps from one press to the next.

A ``Race`` decides the rest, alike for all three:

- **when the bots press**: each bot plans its presses for the card on the table from the
  moment it was revealed (``MoneyBot.plan``, which draws each delay once per card); a press
  once made is not made again for that card, and a plan that no longer holds (the pile was
  captured meanwhile) is dropped (``presses``);
- **in what order**: the bots' presses and the referee's own deadline (a held turn, or the
  network referee's wait for a far player), earliest first; at one instant a snap, then the
  deadline, then a turn (``next``, ``make``, ``step``). A bot's press is made at its planned
  time, or at the race's own time (``clock``: the latest it has judged) if that is later: a
  plan that came late is made at once, and time never runs back;
- **who may press**: a person's press counts only at a seat no bot plays, and only after
  every bot press due before it (``press``);
- **who decides**: the mover may face a money decision instead of a race (a forced purchase,
  a sale's split, a shop a bot wants when buying at will: ``decision``); its presses wait
  meanwhile. The caller makes the decision at its own pace (a menu, a bot's thread, at once)
  and applies it; a decision to turn without buying is a turn, made through the referee
  (``turn``).

The judging is the referee's (a ``Judge``): ``Referee`` on one clock (the screen, self-play),
``NetReferee`` across a network (the server). Both apply the turns and claims to the state
themselves and answer with ``Outcome`` records, which the caller shows and records.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, Protocol, TypeVar

from .bots import MoneyBot
from .referee import Outcome, Referee
from .rules import MoneyState

#: Something due, as ``(time, order, seat, kind)``: a bot's press (``kind`` "snap" or "turn")
#: or the judge's deadline (``seat`` -1, ``kind`` "due"). Tuples sort as the race goes.
Due = tuple[float, int, int, str]

#: At one instant a snap goes first (the local rule), then the judge's deadline, then a turn.
ORDER = {"snap": 0, "due": 1, "turn": 2}


class Judge(Protocol):
    """The referee a race feeds: ``Referee`` on one clock, ``NetReferee`` across a network."""

    @property
    def reveal_time(self) -> float:
        """When the card on the table was revealed (the network's: sent): bots plan from it."""
        ...

    def next_deadline(self) -> float | None:
        """When the judge has something of its own to do (``due``); None: nothing."""
        ...

    def due(self, now: float) -> list[Outcome]:
        """Do what has fallen due by ``now`` (a held turn, a press that waited its turn)."""
        ...

    def receive(
        self,
        seat: int,
        kind: str,
        at: float,
        key: str | None = None,
        stamp: float | None = None,
        card: int | None = None,
    ) -> list[Outcome]:
        """A ``"turn"`` or ``"snap"`` press at ``at`` (the judge's time); ``key`` names the
        physical key (auto-repeat); ``stamp`` and ``card``: a remote client's own time stamp
        and the card it showed (a bot's press has neither)."""
        ...

    def turn(self, seat: int, at: float) -> list[Outcome]:
        """The mover's decision to turn without buying, at ``at``."""
        ...


J = TypeVar("J", bound=Judge)


class Race(Generic[J]):
    """The race on ``state``, judged by ``judge``. ``bots``: the bots by seat, the same all
    game (a table's, self-play's); or a function giving the bot playing a seat now (None: a
    person, or nobody yet), asked every time, since a stand-in may come and go (a server's)."""

    def __init__(
        self,
        state: MoneyState,
        judge: J,
        bots: Mapping[int, MoneyBot] | Callable[[int], MoneyBot | None],
        start: float = 0.0,
    ) -> None:
        self.state = state
        self.judge = judge
        seats = range(len(state.hands))
        #: each seat's bot, when they are fixed (else ``_bot_now`` asks)
        self._fixed: tuple[MoneyBot | None, ...] | None = None
        if isinstance(bots, Mapping):
            self._fixed = tuple(bots.get(s) for s in seats)
        else:
            self._bot_now = bots
        #: the race's own time: the latest moment it has judged (see the module docstring)
        self.clock = start
        self._made: set[tuple[int, int, str]] = set()  # (card, seat, kind) of bots' presses

    def bot(self, seat: int) -> MoneyBot | None:
        """The bot playing ``seat`` now; None: a person (or nobody yet)."""
        return self._fixed[seat] if self._fixed is not None else self._bot_now(seat)

    # --- who acts -------------------------------------------------------------------------

    def decision(self, seat: int | None) -> bool:
        """Does ``seat``, to move, face a money decision rather than a press? A forced
        purchase (MONEY-BUY-1) or a sale's split (MONEY-BUY-10) for anyone; under buying at
        will (MONEY-EG-2) a shop before the turn, for a bot that means to (asked once per
        position: ``MoneyBot.wants_to_shop``). A person's shopping at will is their own key."""
        if seat is None:
            return False
        st = self.state
        if st.phase == "sell" or st.must_buy():
            return True
        bot = self._fixed[seat] if self._fixed is not None else self._bot_now(seat)
        return bot is not None and st.can_shop() and bot.wants_to_shop(st, seat)

    def presses(self, deciding: bool = True) -> list[Due]:
        """The bots' presses planned for the card on the table and not made yet, earliest
        first. ``deciding``: leave out the mover's while it faces a money decision (False:
        the caller has just found it faces none, and the bots are asked nothing more)."""
        return sorted(self._planned(deciding))

    def _planned(self, deciding: bool) -> list[Due]:
        # (self-play's hot path: asked once for every press of a game)
        st = self.state
        turns = st.turns
        mover = st.to_move() if deciding else -1
        reveal = self.judge.reveal_time
        made = self._made
        bots = self._fixed
        if bots is None:
            bots = tuple(self._bot_now(s) for s in range(len(st.hands)))
        out: list[Due] = []
        for seat, bot in enumerate(bots):
            if bot is None or (seat == mover and self.decision(seat)):
                continue
            for t, kind in bot.plan(st, seat, reveal):
                if (turns, seat, kind) not in made:
                    out.append((t, 0 if kind == "snap" else 2, seat, kind))  # (ORDER)
        return out

    # --- what is due ----------------------------------------------------------------------

    def next(self, deciding: bool = True) -> Due | None:
        """The earliest thing due: a bot's press, or the judge's deadline; None: nothing
        will happen until somebody presses or decides (``deciding``: as ``presses``)."""
        items = self._planned(deciding)
        due = self.judge.next_deadline()
        if due is not None:
            items.append((due, ORDER["due"], -1, "due"))
        return min(items) if items else None

    def make(self, item: Due, now: float) -> list[Outcome]:
        """Make ``item`` (from ``next``): a bot's press at its time, or at the race's time if
        that is later; the judge's deadline with the caller's ``now`` (at least its time)."""
        t, _, seat, kind = item
        if t > self.clock:
            self.clock = t
        if kind == "due":
            return self.judge.due(now)
        made = self._made
        if len(made) > 64:  # the old cards' presses are history
            turns = self.state.turns
            made = self._made = {m for m in made if m[0] >= turns}
        made.add((self.state.turns, seat, kind))
        return self.judge.receive(seat, kind, self.clock)

    def step(self, now: float, strict: bool = False) -> list[Outcome] | None:
        """Make the earliest thing due by ``now`` (before it, if ``strict``: a press made at
        ``now`` may still go first); None when nothing is, or the game is over."""
        if self.state.is_over():
            return None
        item = self.next()
        if item is None or item[0] > now or (strict and item[0] >= now):
            return None
        return self.make(item, now)

    def run(self, now: float, strict: bool = False) -> list[Outcome]:
        """Make everything due by ``now`` (``step`` after ``step``)."""
        out: list[Outcome] = []
        while (outcomes := self.step(now, strict)) is not None:
            out += outcomes
        return out

    # --- what people do -------------------------------------------------------------------

    def press(
        self,
        seat: int,
        kind: str,
        at: float,
        key: str | None = None,
        stamp: float | None = None,
        card: int | None = None,
    ) -> list[Outcome]:
        """A person's ``"turn"`` or ``"snap"`` press at ``at`` (the judge's time: the key's own
        stamp at one table, the arrival at the server; ``key``, ``stamp``, ``card``: as
        ``Judge.receive``). The bots' presses due before it go first; at a seat a bot plays
        (a stand-in's, at the server) a person's press does not count."""
        if self.bot(seat) is not None:
            return [Outcome("ignored", seat, at, reason="a bot plays this seat")]
        out = self.run(at, strict=True)
        if at > self.clock:
            self.clock = at
        return out + self.judge.receive(seat, kind, at, key, stamp, card)

    def turn(self, seat: int, at: float | None = None) -> list[Outcome]:
        """The mover's money decision was to turn without buying (a bot's choice, a menu's):
        a turn, at ``at`` (default: the race's time), made through the judge."""
        if at is None:
            at = self.clock
        elif at > self.clock:
            self.clock = at
        return self.judge.turn(seat, at)


def local_race(
    state: MoneyState, bots: Mapping[int, object], throw_time: float, start: float = 0.0
) -> Race[Referee]:
    """The race at one table (a screen, self-play): one clock, judged by a ``Referee``;
    ``bots`` by seat (anything but a ``MoneyBot`` plays no race)."""
    money = {s: b for s, b in bots.items() if isinstance(b, MoneyBot)}
    return Race(state, Referee(state, throw_time=throw_time, start=start), money)


__all__ = ["ORDER", "Due", "Judge", "Race", "local_race"]
