"""Money's snap judged across a network: the server's referee for turns and claims. Pure.

The local ``Referee`` (``games/money/referee.py``) judges key presses on one clock. Here the
two players sit at different machines, each seeing every card some time after the server sent
it and each press reaching the server some time after it was made; a near player would win
every race on distance alone if the server judged by arrival. So it judges by *reaction*.
No clock is read here: the server passes every time in (seconds), the clients' stamps come
on their own clocks, and ``ClockSync`` (``remote/clock.py``) says how those map onto the server's.

**The judging rule.**

1. *Reaction on one clock.* For each card the client reports when it appeared on its screen
   (``seen``), and every press carries its stamp and the card it was made on (the client's
   ``turns`` count). The press's reaction is press stamp − sight stamp, both on that
   client's clock: the clock offset cancels and the network plays no part.
2. *Clamped to what the network allows* (server time, ``ow`` = one-way delay, ``u`` = the
   seat's uncertainty, both from its ``ClockSync``; ``sent`` = when the server sent the card,
   ``arrival`` = when the press reached the server)::

       sight ∈ [sent, sent + ow + u + FRAME_ALLOWANCE]     (a missing report: sent + ow)
       press ∈ [arrival − ow − u, arrival]

   A stamp outside is moved to the nearest bound (done on the client's clock, so an
   unclamped reaction stays exactly press − sight): a press stamped long before it arrived
   counts as made as late as it could have been; a sight reported late counts as early as
   allowed. A reaction is never below 0.
3. *One timeline.* Every press is placed at ``sent + reaction`` of the card it was made on,
   as if both players had seen the card at the same instant, and the presses are applied in
   that order, as the local referee would apply presses made at those times. A turn takes
   effect at ``sent + max(reaction, throw_time)`` (the throw time counts from the mover's
   own sight of the card on the table; before the first reveal there is none), so an early
   turn press is held, never dropped.
4. *Ties.* A snap goes before a turn if it falls no later than the turn's time plus the two
   seats' combined uncertainty (one seat's own presses compare exactly: one clock). So a
   claim and a turn at the same instant: the claim first, as locally. (That uncertainty is
   ``ClockSync.uncertainty``: the jitter, 2 ms at least; not half the RTT, which would let
   a far player's distance buy him a margin, see ``remote/clock.py``.)
5. *Waiting for the far player.* A press is applied only when no press still on its way can
   fall before it: for every other seat ``q`` the server waits until
   ``time + tie + 2·ow(q) + 2·u(q) + FRAME_ALLOWANCE`` (``tie`` is the combined uncertainty
   for a turn, 0 for a snap). That is exactly the latest arrival of a press of ``q`` whose
   clamped reaction puts it earlier (its sight credited at most ``ow + u + FRAME`` after the
   send, its press at most ``ow + u`` before its arrival), so nothing is ever applied out of
   order for a client inside the bounds (a shorter wait, say ``2·ow + u``, would apply an
   honest near player's turn before a far player's earlier snap that spent the allowance
   on drawing its frame). A held turn also waits that long for its own
   seat's snaps. A bot (a seat with no ``ClockSync``: local, its times are server times) has
   ``ow = u = FRAME = 0``: no wait beyond the time itself, no tie margin.
6. *Per card, as locally.* A key pressed again within ``repeat_gap`` of the same key (on the
   client's clock) is a repeat and never counts; a player's snap counts once per revealed
   card; a second turn press while one is pending is ignored.
7. *A press made on an older card* (the client had not yet seen the next one) is still placed
   on the timeline: each card's timeline continues the previous one from the turn that
   replaced it, so a snap made 80 ms after the opponent's turn (by the two reactions) lands
   80 ms after the new card's reveal and is judged against it — as a local referee would
   judge a press at that moment: a late claim is false (MONEY-CLAIM-4), a turn press is held
   by the throw time. Judging it against the card it was made on instead would change the
   result only by reopening a window that had already closed. A press that arrives after
   the wait of rule 5 (only a client outside the bounds, or a card turned outside the
   referee) can no longer be put in order: it is applied as it comes, against the position
   as it stands, which is how a local referee judges a press arriving now. Presses made
   more than ``MAX_STALE`` cards back are dropped.

A seat whose ``ClockSync`` has no sample yet is judged on arrival: sight at the send, press
at its arrival (its whole round trip counts against it; never for it).

The API mirrors ``Referee``: ``press`` and ``due`` return ``Outcome`` records, here
``NetOutcome`` (an ``Outcome`` with the network figures a screen shows: "412 ms (net 35 ±
4 ms)"); ``next_deadline`` says when to call ``due``; ``card_sent`` tells it when each card
went out (call it for the opening table too, and for a turn made outside the referee, which
then closes the window at once: better route every turn through ``press``). It is the
``race.Judge`` of the table server's ``race.Race``, which feeds it the bots' presses at their
times (``receive``, ``due``, ``turn``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ...engine import IllegalAction
from ...remote.clock import ClockSync
from .actions import Claim, Turn
from .referee import DEFAULT_THROW, REPEAT_GAP, Outcome, checked_throw
from .rules import MoneyState

#: Time a client may take from receiving a card to having it on screen (the sight's margin).
FRAME_ALLOWANCE = 0.05
#: Presses made on a card more than this many cards behind the top are dropped.
MAX_STALE = 2

__all__ = [
    "DEFAULT_THROW",
    "FRAME_ALLOWANCE",
    "MAX_STALE",
    "NetFigures",
    "NetOutcome",
    "NetReferee",
]


@dataclass(frozen=True)
class NetFigures:
    """The network figures a press was judged with, for the screens and the record."""

    one_way: float  # the seat's one-way delay (s), 0 for a bot
    uncertainty: float  # its uncertainty (s), 0 for a bot
    made_on: int  # the card (turn count) the client was looking at
    own_reaction: float  # press − sight on the client's clock, after clamping (s)
    adjusted: str = ""  # what the bounds changed: "sight", "press", "no sight", "late", ...

    def text(self) -> str:
        """``net 35 ± 4 ms``; ``local`` for a seat on the server."""
        if self.one_way == 0 and self.uncertainty == 0:
            return "local"
        return f"net {self.one_way * 1000:.0f} ± {self.uncertainty * 1000:.0f} ms"


@dataclass
class NetOutcome(Outcome):
    """An ``Outcome`` with the figures behind it (``reaction`` is on the shared timeline:
    seconds from the reveal of the card it was judged against)."""

    net: NetFigures | None = None


@dataclass(frozen=True)
class _Link:
    """How far a seat's stamps can be trusted, at one moment."""

    offset: float
    one_way: float
    uncertainty: float
    frame: float
    stamps: bool  # are its stamps used at all (a synced remote seat)?

    @property
    def wait(self) -> float:
        """How long after a time a press of this seat judged before it may still arrive."""
        return 2 * self.one_way + 2 * self.uncertainty + self.frame


_LOCAL = _Link(0.0, 0.0, 0.0, 0.0, stamps=False)
_UNSYNCED = _Link(0.0, 0.0, 0.0, 0.0, stamps=False)


@dataclass
class _Card:
    sent: float  # when the server sent it (its timeline starts here)
    closed: float | None = None  # the time, on its timeline, of the turn that replaced it


@dataclass
class _Press:
    seq: int
    seat: int
    kind: str
    made_on: int
    reaction: float  # on the client's clock, clamped, from its sight of ``made_on``
    figures: NetFigures


@dataclass(frozen=True)
class _Next:
    """The press to apply next, its time on the current card's timeline and its due time."""

    press: _Press
    time: float
    at: float  # its time before the throw time held it (== time for snaps)
    due: float


class NetReferee:
    """Judges the presses of both seats of one ``MoneyState`` (mutated through ``apply``)."""

    def __init__(
        self,
        state: MoneyState,
        throw_time: float = DEFAULT_THROW,
        seats_sync: Mapping[int, ClockSync | None] | None = None,
        repeat_gap: float = REPEAT_GAP,
        start: float = 0.0,
    ) -> None:
        self.state = state
        self.throw_time = checked_throw(throw_time)
        self.repeat_gap = repeat_gap
        self.seats_sync: dict[int, ClockSync | None] = dict(seats_sync or {})
        self._top = state.turns  # the card on the table (its turn count)
        self._cards: dict[int, _Card] = {self._top: _Card(start)}
        self._revealed = False  # before the first reveal, no throw time
        self._pending: list[_Press] = []
        self._seq = 0
        self._seen: dict[tuple[int, int], float] = {}
        self._last_key: dict[tuple[int, str], float] = {}
        self._snapped: set[int] = set()  # seats that snapped at the card on the table
        self._last_rel = 0.0  # the last applied press, in seconds after the top's send

    # --- what the server tells it ---------------------------------------------------------

    @property
    def reveal_turn(self) -> int:
        """The card on the table, as a turn count (``state.turns`` when it was turned)."""
        return self._top

    @property
    def reveal_time(self) -> float:
        """When the server sent it: where its timeline starts (bots plan from here)."""
        return self._cards[self._top].sent

    @property
    def pending(self) -> int:
        """Presses received and not yet judged."""
        return len(self._pending)

    def card_sent(self, turn_no: int, at: float) -> None:
        """The server sent card ``turn_no`` (``state.turns`` after it was turned) at ``at``.
        For a turn the referee applied, this corrects the time it noted when applying it;
        for a turn made outside it (after a purchase), it also closes the old card there."""
        if not math.isfinite(at):
            return
        self._catch_up(at)
        card = self._cards.get(turn_no)
        if turn_no != self._top or card is None:
            return  # an older card's send time is history: its timeline is fixed
        card.sent = at
        prev = self._cards.get(turn_no - 1)
        if prev is not None and prev.closed is not None and prev.closed > at:
            prev.closed = at  # a card is never sent before the turn that revealed it

    def seen(self, seat: int, turn_no: int, client_time: float) -> bool:
        """A client's report of when card ``turn_no`` appeared on its screen (its clock). The
        first report for a card counts; False if it is not taken (unknown card, bad time)."""
        if not math.isfinite(client_time) or turn_no not in self._cards:
            return False
        self._seen.setdefault((seat, turn_no), client_time)
        return True

    def press(
        self,
        seat: int,
        kind: str,
        client_time: float,
        turn_no: int,
        received_at: float,
        key: str | None = None,
    ) -> list[Outcome]:
        """A key press: ``kind`` "turn" or "snap", stamped ``client_time`` on the seat's clock,
        made on card ``turn_no``, received at server time ``received_at``; ``key`` names the
        physical key (for auto-repeat; defaults to the kind). A bot passes its server time as
        both times. Returns what happened by ``received_at``, in order: presses already due
        go first (so the result never depends on how late the server's timer fired); this
        one is usually judged later, by ``due``."""
        out = self._run(received_at, strict=True)
        out += self._receive(seat, kind, client_time, turn_no, received_at, key)
        return out + self._run(received_at, strict=False)

    def due(self, now: float) -> list[Outcome]:
        """Apply every pending press whose time has come (the server's timer calls this)."""
        return self._run(now, strict=False)

    def next_deadline(self) -> float | None:
        """When ``due`` has something to do next; None while nothing is pending."""
        if self.state.turns != self._top:
            return self._cards[self._top].sent  # a turn made outside: catch up at once
        if not self._pending:
            return None
        if self.state.is_over():
            return self._cards[self._top].sent
        return self._next().due

    # --- as the race's judge (``race.Judge``) ---------------------------------------------

    def receive(
        self,
        seat: int,
        kind: str,
        at: float,
        key: str | None = None,
        stamp: float | None = None,
        card: int | None = None,
    ) -> list[Outcome]:
        """A press that reached the server at ``at``: stamped ``stamp`` on its seat's clock
        and made on ``card`` (``press``). A bot's press has neither: its stamp is its server
        time and its card the one on the table."""
        return self.press(
            seat,
            kind,
            at if stamp is None else stamp,
            self.reveal_turn if card is None else card,
            at,
            key,
        )

    def turn(self, seat: int, at: float) -> list[Outcome]:
        """The mover's decision to turn without buying (a bot's, at ``at``): a timed press like
        any other, so that it waits for the far player's snap on the card it closes."""
        return self.press(seat, "turn", at, self.state.turns, at)

    def reset_after(self, at: float) -> list[Outcome]:
        """The state changed outside the referee (a purchase, a sale): drop pending turn
        presses, as ``Referee`` drops a held turn. Snaps stay: a claim during a purchase is
        allowed (MONEY-BUY-15)."""
        self._catch_up(at)
        dropped = [p for p in self._pending if p.kind == "turn"]
        self._pending = [p for p in self._pending if p.kind != "turn"]
        return [self._ignored(p, at, "the position changed") for p in dropped]

    # --- receiving ------------------------------------------------------------------------

    def _link(self, seat: int) -> _Link:
        sync = self.seats_sync.get(seat)
        if sync is None:
            return _LOCAL
        if not sync.ready:
            return _UNSYNCED
        return _Link(sync.offset, sync.one_way, sync.uncertainty, FRAME_ALLOWANCE, stamps=True)

    def _receive(
        self,
        seat: int,
        kind: str,
        client_time: float,
        turn_no: int,
        received_at: float,
        key: str | None,
    ) -> list[Outcome]:
        def no(kind_: str, reason: str) -> list[Outcome]:
            return [NetOutcome(kind_, seat, received_at, reason=reason)]

        if kind not in ("turn", "snap"):
            return no("refused", f"unknown press {kind!r}")
        if not (math.isfinite(client_time) and math.isfinite(received_at)):
            return no("refused", "a time stamp that is not a time")
        if self.state.is_over():
            return no("ignored", "the game is over")
        name = (seat, key or kind)
        last = self._last_key.get(name)
        self._last_key[name] = client_time
        if last is not None and 0 <= client_time - last < self.repeat_gap:
            return no("ignored", "key repeat")
        if turn_no > self._top:
            return no("refused", "no such card yet")
        card = self._cards.get(turn_no)
        if card is None or turn_no < self._top - MAX_STALE:
            return no("ignored", "made on a card long gone")
        if kind == "turn" and any(p.seat == seat and p.kind == "turn" for p in self._pending):
            return no("ignored", "already waiting to turn")
        reaction, figures = self._judge_stamps(seat, turn_no, card, client_time, received_at)
        self._seq += 1
        self._pending.append(_Press(self._seq, seat, kind, turn_no, reaction, figures))
        return []

    def _judge_stamps(
        self, seat: int, turn_no: int, card: _Card, client_time: float, received_at: float
    ) -> tuple[float, NetFigures]:
        """Rule 2: the reaction from the seat's own stamps, clamped into what the network
        allows. Done on the client's clock, so that an unclamped reaction is exactly
        press − sight (the offset never enters it)."""
        link = self._link(seat)
        notes: list[str] = []
        if link.stamps:
            off, ow, u = link.offset, link.one_way, link.uncertainty
            sight = self._seen.get((seat, turn_no))
            if sight is None:
                sight = card.sent + ow - off
                notes.append("no sight")
            lo, hi = card.sent - off, card.sent + ow + u + link.frame - off
            clamped = min(max(sight, lo), hi)
            if clamped != sight:
                notes.append("sight")
            lo, hi = received_at - ow - u - off, received_at - off
            pressed = min(max(client_time, lo), hi)
            if pressed != client_time:
                notes.append("press")
            reaction = pressed - clamped
        else:
            # a bot: server times, trusted within [sent, arrival]; unsynced: arrival only
            if link is _UNSYNCED:
                pressed = received_at
                notes.append("unsynced")
            else:
                pressed = min(max(client_time, card.sent), received_at)
            reaction = pressed - card.sent
        reaction = max(0.0, reaction)
        figures = NetFigures(link.one_way, link.uncertainty, turn_no, reaction, ", ".join(notes))
        return reaction, figures

    # --- judging --------------------------------------------------------------------------

    def _time_of(self, p: _Press) -> float:
        """Rule 3 and 7: the press on the current card's timeline. Each card's timeline
        continues the previous one from the turn that replaced it."""
        t = self._cards[p.made_on].sent + p.reaction
        for j in range(p.made_on, self._top):
            closed = self._cards[j].closed
            assert closed is not None
            t += self._cards[j + 1].sent - closed
        return t

    def _tie(self, a: _Press | int, b: _Press) -> float:
        """Rule 4: the combined uncertainty of two seats; 0 within one seat (one clock)."""
        seat_a = a if isinstance(a, int) else a.seat
        if seat_a == b.seat:
            return 0.0
        u_a = self._link(a).uncertainty if isinstance(a, int) else a.figures.uncertainty
        return u_a + b.figures.uncertainty

    def _others(self, seat: int) -> Iterable[int]:
        return (q for q in range(len(self.state.hands)) if q != seat)

    def _next(self) -> _Next:
        """The press that goes next on the timeline (rules 3-5), with its due time."""
        assert self._pending
        top_sent = self._cards[self._top].sent
        turn: tuple[float, float, _Press] | None = None
        snaps: list[tuple[float, _Press]] = []
        for p in self._pending:
            t = self._time_of(p)
            if p.kind == "snap":
                snaps.append((t, p))
                continue
            held = max(t, top_sent + self.throw_time) if self._revealed else t
            if turn is None or (held, p.seq) < (turn[0], turn[2].seq):
                turn = (held, t, p)
        first = [
            (t, p)
            for t, p in snaps
            if turn is None or t <= turn[0] + self._tie(p, turn[2])  # rule 4: snap first
        ]
        if first:
            t, p = min(first, key=lambda x: (x[0], x[1].seq))
            due = max([t] + [t + self._link(q).wait for q in self._others(p.seat)])
            return _Next(p, t, t, due)
        assert turn is not None
        time, at, p = turn
        waits = [time] + [time + self._tie(q, p) + self._link(q).wait for q in self._others(p.seat)]
        if time > at:  # held: its own seat's snaps during the hold go first
            waits.append(time + self._link(p.seat).wait)
        return _Next(p, time, at, max(waits))

    def _run(self, now: float, strict: bool) -> list[Outcome]:
        """Apply, in timeline order, every pending press due by ``now`` (before it, if
        ``strict``: a press arriving at ``now`` may still go first)."""
        out: list[Outcome] = []
        if not math.isfinite(now):
            return out
        self._catch_up(now)
        while self._pending:
            if self.state.is_over():
                out += [self._ignored(p, now, "the game is over") for p in self._pending]
                self._pending.clear()
                break
            nxt = self._next()
            if nxt.due > now or (strict and nxt.due == now):
                break
            self._pending.remove(nxt.press)
            out += self._apply(nxt, now)
        self._prune()
        return out

    def _apply(self, nxt: _Next, now: float) -> list[Outcome]:
        p, st = nxt.press, self.state
        figures = p.figures
        time = nxt.time
        top_sent = self._cards[self._top].sent
        if time < top_sent + self._last_rel:  # arrived too late to be put in order (rule 7)
            figures = _note(figures, "late")
            time = top_sent + self._last_rel
        reaction = max(0.0, nxt.at - top_sent)

        def result(kind: str, events: list | None = None, reason: str = "") -> list[Outcome]:
            return [NetOutcome(kind, p.seat, time, events or [], reaction, reason, figures)]

        if p.kind == "snap":
            if p.seat in self._snapped:
                return result("ignored", reason="one snap per card")
            try:
                events = st.apply(Claim(p.seat))
            except IllegalAction as e:
                return result("refused", reason=e.reason)
            self._snapped.add(p.seat)
            self._last_rel = time - top_sent
            return result("claim", events)
        if st.to_move() != p.seat or st.phase != "play" or not st.hands[p.seat] or st.must_buy():
            return result("ignored", reason="not your turn to turn")
        try:
            events = st.apply(Turn())
        except IllegalAction as e:
            return result("refused", reason=e.reason)
        self._cards[self._top].closed = time
        self._top = st.turns
        self._cards[self._top] = _Card(now)  # until card_sent says when it really went out
        self._revealed = True
        self._snapped.clear()
        self._last_rel = 0.0
        return result("turn", events)

    def _catch_up(self, at: float) -> None:
        """The state was turned outside the referee: the old card closes at ``at`` and the new
        one starts there. (An undo, turning back: start afresh, dropping what is pending.)"""
        turns = self.state.turns
        if turns == self._top:
            return
        if turns < self._top:
            self._cards = {turns: _Card(at)}
            self._pending.clear()
        else:
            for j in range(self._top, turns):
                self._cards[j].closed = at
                self._cards[j + 1] = _Card(at)
        self._top = turns
        self._revealed = True
        self._snapped.clear()
        self._last_rel = 0.0

    def _prune(self) -> None:
        """Forget cards no press can refer to any more."""
        keep = min([self._top - MAX_STALE] + [p.made_on for p in self._pending])
        for j in [j for j in self._cards if j < keep]:
            del self._cards[j]
        for k in [k for k in self._seen if k[1] < keep]:
            del self._seen[k]

    def _ignored(self, p: _Press, at: float, reason: str) -> Outcome:
        return NetOutcome("ignored", p.seat, at, reason=reason, net=p.figures)


def _note(figures: NetFigures, note: str) -> NetFigures:
    adjusted = f"{figures.adjusted}, {note}" if figures.adjusted else note
    return NetFigures(
        figures.one_way, figures.uncertainty, figures.made_on, figures.own_reaction, adjusted
    )
