"""Money at a table server: the race run by ``NetReferee`` on the server's clock.

The generic server (``remote/server.py``) moves turn-based games one action at a time. Money
is a race, so its registry entry names this adapter (``remote_table``), which the server
hands the turn loop and every ``seen`` and ``press`` message:

- a client's ``seen`` (when a card appeared on its screen, its clock) and ``press`` (a turn
  or snap key, its clock, the card it was looking at) go to the referee with the time they
  arrived; each connection's ``ClockSync`` (the server's pings) maps its clock;
- the race is the one every Money table runs (``race.Race``, judged here by the referee):
  the bots' presses are planned from each card's send time, as at a local table
  (``MoneyBot.plan``), and fed in at their times, in order with the referee's own deadlines;
  a person's press counts only at a seat no bot (or stand-in) plays;
- money decisions (a forced purchase, a sale's split, an Egyptian shop a bot wants) are
  ordinary actions: a person's arrive as ``act`` messages, a bot's are thought out in a
  thread; after one, the referee drops held turns (``reset_after``);
- every turn or claim the referee applies goes into the match's record with the reaction
  (``412 ms``), out to every screen as an update, and as an ``outcome`` message with the
  figures each screen shows (reaction, and the presser's network delay and uncertainty);
- a turn's card is stamped as sent (``card_sent``) when its update has been handed to the
  connections.

Turns and snaps never arrive as ``act``: they are timed, so they come as presses.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from ...engine import Action
from ...records import Move
from .bots import MoneyBot
from .netreferee import NetOutcome, NetReferee
from .race import Race
from .referee import DEFAULT_THROW, Outcome
from .rules import MoneyState

if TYPE_CHECKING:
    from ...remote.server import Conn, TableServer


class MoneyTable:
    """The race at one server's Money table."""

    def __init__(self, server: TableServer, throw_time: float | None = None) -> None:
        state = server.match.state
        assert isinstance(state, MoneyState)
        self.server = server
        self.state = state
        self.throw_time = DEFAULT_THROW if throw_time is None else throw_time
        self.referee = NetReferee(
            state, self.throw_time, {s.seat: None for s in server.slots}, start=server.clock()
        )
        self.race = Race(state, self.referee, self._bot_for)

    # --- what the server asks -------------------------------------------------------------

    def welcome(self) -> dict[str, Any]:
        return {"throw_ms": round(self.throw_time * 1000)}

    def may_act(self, seat: int, text: str) -> bool:
        return text.split()[:1] not in (["turn"], ["claim"], ["snap"])

    def why_not(self, seat: int, text: str) -> str:
        return "turns and snaps are timed: press your turn or snap key"

    def seated(self, conn: Conn) -> None:
        """A player (re)connected: the referee maps that seat's clock with its pings."""
        if conn.seat is not None:
            self.referee.seats_sync[conn.seat] = conn.sync

    def left(self, seat: int) -> None:
        """Nobody at the seat: a stand-in's presses are server times."""
        self.referee.seats_sync[seat] = None

    def after_act(self) -> None:
        """A purchase, exchange or sale changed the table outside the referee."""
        self._handle(self.referee.reset_after(self.server.clock()))

    def receive(self, conn: Conn, msg: dict[str, Any]) -> None:
        seat = conn.seat
        assert seat is not None
        now = self.server.clock()
        if msg["type"] == "seen":
            self.referee.seen(seat, msg["card"], msg["at"])
            return
        # (a stand-in plays the seat until its player is back: the race ignores the press)
        outcomes = self.race.press(
            seat,
            msg["kind"],
            now,
            msg.get("key") or msg["kind"],
            stamp=msg["at"],
            card=msg["card"],
        )
        self._handle(outcomes, to=conn)
        self.server.wake()

    # --- the loop -------------------------------------------------------------------------

    async def drive(self) -> None:
        server = self.server
        self.referee.card_sent(self.state.turns, server.clock())
        while not self.state.is_over() and not server.closing:
            server._wake.clear()
            now = server.clock()
            while (outcomes := self.race.step(now)) is not None:  # in time order
                self._handle(outcomes)
            if self.state.is_over():
                break
            mover = self.state.to_move()
            bot = self._bot_for(mover) if mover is not None else None
            if bot is not None and mover is not None and self.race.decision(mover):
                await self._bot_decides(mover, bot)
                continue
            await server._sleep_until_woken(self._next_wake(now))

    def _bot_for(self, seat: int) -> MoneyBot | None:
        """The bot playing ``seat`` now: its own, or a stand-in for a player away."""
        bot, _ = self.server._who_plays(seat)
        return bot if isinstance(bot, MoneyBot) else None

    async def _bot_decides(self, seat: int, bot: MoneyBot) -> None:
        server = self.server
        version = server.version
        action: Action = await asyncio.to_thread(bot.choose, self.state.clone(), seat)
        await asyncio.sleep(server.bot_delay)
        if server.version != version or server.closing:
            return
        if str(action) == "turn":  # done shopping: the turn goes through the race
            self._handle(self.race.turn(seat, server.clock()))
            return
        server.apply(action, seat)

    def _next_wake(self, now: float) -> float | None:
        item = self.race.next()
        times = [] if item is None else [item[0]]
        for slot in self.server.slots:  # a stand-in's time may come
            if slot.played_remotely and slot.conn is None and slot.standin is None:
                away = slot.away_since if slot.away_since is not None else now
                times.append(away + self.server.standin_after)
        return None if not times else max(0.0, min(times) - now)

    # --- outcomes -------------------------------------------------------------------------

    def _handle(self, outcomes: list[Outcome], to: Conn | None = None) -> None:
        server = self.server
        for o in outcomes:
            ms = None if o.reaction is None else round(o.reaction * 1000)
            net = o.net.text() if isinstance(o, NetOutcome) and o.net is not None else None
            if o.kind in ("turn", "claim"):
                note = f"{ms} ms" if o.kind == "claim" and ms is not None else None
                server.match.record.append(Move(o.seat, o.kind, note))
                server.moved(o.events)
                if o.kind == "turn":
                    self.referee.card_sent(self.state.turns, server.clock())
                captured = [e for e in o.events if e.kind == "capture"]
                server.send_all(
                    "outcome",
                    kind=o.kind,
                    seat=o.seat,
                    reaction_ms=ms,
                    net=net,
                    false=any(e.kind == "false" for e in o.events),
                    taker=captured[0].seat if captured else None,
                    cards=captured[0].data.get("cards", 0) if captured else 0,
                )
            elif to is not None and o.seat == to.seat and o.kind in ("refused", "held"):
                server.send_to(
                    to,
                    "outcome",
                    kind=o.kind,
                    seat=o.seat,
                    reaction_ms=ms,
                    net=net,
                    reason=o.reason,
                )


__all__ = ["MoneyTable"]
