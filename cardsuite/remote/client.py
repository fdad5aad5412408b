"""The client's end of a remote table: one connection to a ``TableServer``, kept up.

``TableClient.run`` connects (aiohttp's WebSocket client), says hello with the secret (and,
after the first time, the seat's token, so a dropped connection takes the same seat back),
answers the server's pings with its own clock, and hands every other message to
``on_message``. When the connection drops it says so (``status``) and tries again, a little
later each time, until the table answers or refuses for good (a wrong secret, a full table,
a seat that is no longer ours). Asking for a seat kept for a player who dropped, the client
waits while the host is asked (``asking``), as long as the server lets the host think.
A table never reached is not tried again: nothing listening
at the address, no such machine, or something there that is not a table is said at once
(``fatal``, with ``unreached`` set), since waiting would not mend it. Nothing here draws:
the table screen's ``RemoteMatch`` and the tests' scripted players both sit on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import Callable
from typing import Any

import aiohttp

from ..fair import new_salt
from . import protocol as P
from .lobby import FairWatch

#: Seconds between reconnection attempts: doubling from the first, never beyond the last.
RETRY_FIRST = 0.25
RETRY_MOST = 4.0


class TableClient:
    """A connection to the table at ``address``, for a seat (or to watch)."""

    def __init__(
        self,
        address: P.Address,
        *,
        name: str = "",
        watch: bool = False,
        seat: int | None = None,
        token: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        on_message: Callable[[dict[str, Any]], None] | None = None,
        on_status: Callable[[str], None] | None = None,
        retry_first: float = RETRY_FIRST,
    ) -> None:
        self.address = address
        self.name = name
        self.watch = watch
        self.seat_wanted = seat
        self.token = token
        self.clock = clock
        self.on_message = on_message
        self.on_status = on_status
        self.retry_first = retry_first
        self.status = "connecting"
        self.welcome: dict[str, Any] | None = None
        self.fatal: str | None = None  # why the table will not have us (no more retries)
        self.fatal_code: str | None = None  # ...in a word, where the table gives one
        #: the table is asking its host whether to let us into a kept seat (what it said)
        self.asking: str | None = None
        self._asked_at: float | None = None
        self.unreached = False  # ...because no table was ever reached at the address
        self.ended: str | None = None  # why the table closed for good (the host left)
        self.rtt: float | None = None  # the last round trip the server measured, seconds
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._stop = False
        self._welcomed = asyncio.Event()
        self.connections = 0  # how many times a connection was made (1: never dropped)
        self._sending: set[asyncio.Future[bool]] = set()
        #: each deal's fair facts as this client saw them, by the table's round number
        self.fair: dict[int, FairWatch] = {}
        self.dealt_round: int | None = None  # the round of the game on the table
        self._salted: set[tuple[int, int]] = set()  # (connection, round) a salt went on

    # --- life -----------------------------------------------------------------------------

    async def run(self) -> None:
        """Connect and keep connected until ``close`` or a refusal for good."""
        delay = self.retry_first
        async with aiohttp.ClientSession() as session:
            while not self._stop and self.fatal is None:
                try:
                    async with session.ws_connect(
                        self.address.url, max_msg_size=P.MAX_SERVER_BYTES, heartbeat=20.0
                    ) as ws:
                        self._ws = ws
                        await self._session(ws)
                    if self._welcomed.is_set():
                        delay = self.retry_first  # it was up: try again soon
                except (TimeoutError, aiohttp.ClientError, OSError, UnicodeError) as e:
                    # (UnicodeError: a host name IDNA cannot spell, e.g. a label over 63)
                    if self.welcome is None:  # never at this table: nothing to come back to
                        self.fatal = unreached(self.address, e)
                        self.unreached = True
                    else:
                        self._say(f"no connection ({_short(e)}); trying again")
                finally:
                    self._ws = None
                if self._stop or self.fatal is not None:
                    break
                if self.welcome is not None:
                    self._say("connection lost; reconnecting…")
                await asyncio.sleep(delay)
                delay = min(RETRY_MOST, delay * 2)
        if self.fatal is not None:
            self._say(self.fatal if self.unreached else f"refused: {self.fatal}")
        elif self.ended is not None:
            self._say(self.ended)
        elif self._stop:
            self._say("left the table")

    async def wait_welcome(self, within: float = 10.0) -> dict[str, Any]:
        """The welcome (seat, token, game), once the table has admitted us. Else
        ``ConnectionRefusedError`` (the table refused us), ``ConnectionError`` (no table
        there) or ``TimeoutError`` (no answer within ``within`` seconds), saying why."""
        waiter = asyncio.ensure_future(self._welcomed.wait())
        end = self.clock() + within
        try:
            while not waiter.done():
                if self.fatal is not None:
                    raise (ConnectionError if self.unreached else ConnectionRefusedError)(
                        self.fatal
                    )
                if self._asked_at is not None:  # the host decides: as long as the server waits
                    end = max(end, self._asked_at + P.ASK_TIMEOUT + within)
                if self.clock() > end:
                    raise TimeoutError(
                        f"no answer from {self.address.where} within {within:g} seconds"
                    )
                await asyncio.sleep(0.02)
        finally:
            waiter.cancel()
        assert self.welcome is not None
        return self.welcome

    async def close(self, bye: bool = True) -> None:
        """Leave: ``bye`` gives the seat up for good (else it is kept, as after a drop)."""
        self._stop = True
        ws = self._ws
        if ws is not None and not ws.closed:
            if bye:
                with contextlib.suppress(Exception):
                    await ws.send_str(P.encode("bye"))
            with contextlib.suppress(Exception):
                await ws.close()

    async def drop(self) -> None:
        """Cut the connection as a network failure would (tests; the client reconnects)."""
        ws = self._ws
        if ws is not None:
            with contextlib.suppress(Exception):
                await ws.close()

    # --- messages -------------------------------------------------------------------------

    async def _session(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        hello: dict[str, Any] = {"secret": self.address.secret}
        if self.name:
            hello["name"] = self.name
        if self.watch:
            hello["watch"] = True
        if self.token:  # (a watching host's token: its own table never turns it away)
            hello["token"] = self.token
        elif self.seat_wanted is not None and not self.watch:
            hello["seat"] = self.seat_wanted
        await ws.send_str(P.encode("hello", **hello))
        admitted = False
        async for msg in ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            try:
                data = P.decode_server(msg.data)
            except P.ProtocolError as e:
                self._say(f"the table sent something unreadable ({e.reason})")
                break
            kind = data["type"]
            if kind == "ping":
                c1 = self.clock()
                rtt = data.get("rtt")
                self.rtt = rtt if isinstance(rtt, (int, float)) else self.rtt
                await ws.send_str(P.encode("pong", id=data["id"], c1=c1, c2=self.clock()))
                continue
            if kind == "asking" and not admitted:
                self.asking = str(data.get("reason") or "asking the host to let you in")
                self._asked_at = self.clock()
                self._say(self.asking)
            if kind == "error":
                reason = str(data.get("reason", "closed"))
                if not admitted:
                    self.fatal = reason
                    code = data.get("code")
                    self.fatal_code = code if isinstance(code, str) else None
                elif data.get("final"):
                    self.ended = reason  # the table is gone: nothing to come back to
                    self._stop = True
                    self._say(reason)
                else:
                    self._say(f"the table closed the connection: {reason}")
                break
            if kind in ("welcome", "lobby", "dealt", "reveal"):
                await self._fairness(ws, data)
            if kind == "welcome":
                admitted = True
                self.asking = self._asked_at = None
                self.connections += 1
                self.welcome = data
                if data.get("token"):
                    self.token = data["token"]
                self._welcomed.set()
                self._say("connected")
            if self.on_message is not None:
                self.on_message(data)

    def fair_watch(self, round_: int | None = None) -> FairWatch | None:
        """The fair facts of a round (default: the game on the table, else the next)."""
        if round_ is None:
            round_ = (
                self.dealt_round if self.dealt_round is not None else max(self.fair, default=-1)
            )
        return self.fair.get(round_)

    async def _fairness(self, ws: aiohttp.ClientWebSocketResponse, data: dict[str, Any]) -> None:
        """The fair deal, as this client sees it: the commitment first (kept as first
        seen), then its own salt once the table says this seat owes one (once a round on
        each connection: a repeat would be refused), the salts shown at the deal, and the
        check of the host's seed when it is revealed at the end."""
        kind = data["type"]
        players = data.get("players")
        seats = data.get("seats")
        count = players if type(players) is int else len(seats) if isinstance(seats, list) else 0
        if kind == "reveal":
            watch = self.fair_watch()
            if watch is not None and self.dealt_round is not None:
                watch.reveal(data.get("host_seed"), data.get("seed"))
            return
        fair = data.get("fair")
        if not isinstance(fair, dict) or type(fair.get("round")) is not int:
            return
        round_ = fair["round"]
        watch = self.fair.setdefault(round_, FairWatch())
        if kind == "dealt":
            self.dealt_round = round_
            watch.deal(fair, count)
            return
        if kind == "welcome" and data.get("phase") == "playing":
            self.dealt_round = round_
            if not watch.dealt:  # (joined during the game: what the table says now)
                watch.saw(fair, count)
                watch.deal(fair, count)
            return
        watch.saw(fair, count)
        if data.get("need_salt") and watch.commitment is not None and not watch.dealt:
            key = (self.connections + (kind == "welcome"), round_)
            if key not in self._salted:
                self._salted.add(key)
                if watch.my_salt is None:
                    watch.my_salt = new_salt()
                with contextlib.suppress(ConnectionError, RuntimeError, aiohttp.ClientError):
                    await ws.send_str(P.encode("salt", salt=watch.my_salt))

    async def send(self, kind: str, /, **fields: Any) -> bool:
        """Send a message; False when there is no connection just now."""
        ws = self._ws
        if ws is None or ws.closed:
            return False
        try:
            await ws.send_str(P.encode(kind, **fields))
        except (ConnectionError, RuntimeError, aiohttp.ClientError):
            return False
        return True

    def send_soon(self, kind: str, /, **fields: Any) -> bool:
        """Send from synchronous code on the event loop (a key handler); False when there
        is no connection just now."""
        ws = self._ws
        if ws is None or ws.closed:
            return False
        task = asyncio.ensure_future(self.send(kind, **fields))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)
        return True

    @property
    def connected(self) -> bool:
        return self._ws is not None and not self._ws.closed and self._welcomed.is_set()

    def _say(self, status: str) -> None:
        self.status = status
        if self.on_status is not None:
            self.on_status(status)


def unreached(address: P.Address, e: BaseException) -> str:
    """Why no table was reached at ``address``, in a player's words."""
    where = address.where
    if isinstance(e, aiohttp.WSServerHandshakeError):
        return f"something answers at {where}, but it is not a cardsuite table"
    cause = e.os_error if isinstance(e, aiohttp.ClientConnectorError) else e
    if isinstance(cause, socket.gaierror):
        return f"no machine called {address.host} was found"
    if isinstance(cause, ConnectionRefusedError):
        return f"nothing answers at {where}: no table is open there"
    return f"cannot reach {where} ({_short(e)})"


def _short(e: BaseException) -> str:
    text = str(e) or type(e).__name__
    return text if len(text) < 80 else text[:77] + "…"


__all__ = ["TableClient", "unreached"]
