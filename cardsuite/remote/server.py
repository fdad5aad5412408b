"""The table server: one ``Match`` held here, its seats played from other terminals.

``cardsuite host`` runs one in the host's own process, beside the host's table screen (which
joins it over loopback like anyone else, with a token only the host process knows). The
server

- admits a connection only with the table's secret (``protocol.new_secret``), then gives it
  a seat (the one it asks for, the free remote seat the host named for it, or the first free
  remote seat), the seat it held before (its reconnect token: the only way back to a seat
  once it has been taken), the host's seat (the host's token) or, with ``watch``, a
  spectator's place (at most ``max_watchers``). A name is a label, never a credential: a
  name that reads as another seat's (``protocol.name_key``: case and look-alike letters
  folded) is refused as taken, and a hello that names a dropped seat (or asks for it by
  number) without its token is given it only if the host agrees (``on_ask``, a
  ``SeatAsk``), then with a new token, the old one void. A token is sent to its seat's
  player alone, in its welcome;
- sends every connection, after every move, an ``update`` built from ``view(seat)`` of its
  own seat (``view(None)`` for spectators), its legal actions as text and the public events
  it has not had: nothing else of the state ever leaves this module;
- applies a client's action through the rules for that client's seat only (an action names
  no seat): an illegal, out-of-turn or stale one is refused with its reason to that client
  alone; a message that is not ours (not JSON, oversized, binary, too many too fast, a bad
  field) closes that connection with the reason; the table plays on;
- plays the bots' seats (each thinks in a thread on a copy, then waits out the host's pace)
  and, for a seat whose player has gone, keeps the seat for ``standin_after`` seconds, then
  lets a stand-in bot move for it until the player is back (with its token);
- hands a real-time game's turn loop to the game's own ``remote_table`` (Money's
  ``games/money/remote.py``, judging each client's presses with ``NetReferee`` by reaction
  time from its own sight of the card), every client's clock measured by a repeated ping
  (``clock.ClockSync``);
- writes the game's record into the host's store at the end, like any other game, and
  sends it to every seated player (``record``, only once the game is over), whose own
  cardsuite keeps it (``keeper.py``);
- given a ``lobby.Setting`` instead of a ``Match`` (``cardsuite host``), opens as a waiting
  room: no game exists until every remote seat is taken and has sent its salt (or the host
  starts early, bots of the host's level in the empty seats). The host's commitment
  (``fair.Fairness.new``) is in every welcome and room message before anything that shapes
  the deal; the game is dealt from ``fair.deal_seed`` of the host's secret seed and the
  salts, which never leaves this module before the game is over; then a ``reveal`` gives it
  to everyone, a new fair round opens for a rematch, and the same seats are dealt again once
  every player still here agrees. A seat whose player dropped mid-game carries
  ``standin_in`` (seconds, on ``clock``) in every seat list, and ``news`` lines say who
  came, left, started early, was stood in for or came back.

aiohttp's WebSocket server does the transport; messages are ``protocol``'s JSON.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSCloseCode, WSMsgType, web

from ..bots import LEVELS, Bot, make_bot
from ..engine import Action, IllegalAction
from ..fair import Fairness, FairnessError, check_salt, deal_seed
from ..games import entry
from ..hints import medium_hint
from ..match import HUMAN, REMOTE, Match, SeatSpec
from . import protocol as P
from .clock import ClockSync
from .lobby import OVER, PLAYING, WAITING, Setting, salts_json, started_early

if TYPE_CHECKING:
    from ..store import Store

log = logging.getLogger("cardsuite.remote")

#: At most this many legal actions go out in one update (a pathological Casino layout can
#: offer more; the composer's text line still reaches the rest).
MAX_LEGAL = 50_000
#: A connection whose outgoing queue grows beyond this is not reading: it is dropped.
MAX_QUEUE = 2_000
#: How often the server pings each client to measure its clock and round trip.
PING_EVERY = 2.0
#: Refusals a client acts on (``join`` forgets a kept token the table no longer takes), with
#: the ``code`` their ``error`` carries.
UNKNOWN_TOKEN = "that seat's token is not known here (the table may have restarted)"
SEAT_GIVEN = "the host gave your seat to another player"
REFUSAL_CODES = {UNKNOWN_TOKEN: "unknown-token", SEAT_GIVEN: "seat-given"}
#: Spectators a table takes at most, unless told otherwise (``cardsuite host --max-watchers``).
MAX_WATCHERS = 20
#: After the host refuses someone a seat, more asks for that seat are refused for this long
#: (a refused asker cannot keep the host's screen full of questions).
ASK_COOLDOWN = 30.0


@dataclass
class Conn:
    """One WebSocket client: a seated player or a spectator (``seat`` None)."""

    ws: web.WebSocketResponse
    seat: int | None
    name: str
    limiter: P.RateLimiter
    sync: ClockSync = field(default_factory=ClockSync)
    sent: int = 0  # how many events of the public log it has had
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    pings: dict[int, float] = field(default_factory=dict)  # ping id -> server send time
    closed: bool = False
    hinting: bool = False  # a hint is being worked out for it
    host: bool = False  # the host's own client (the host's token): never turned away
    #: the game whose record was sent to it (at the end only; a rematch is another game)
    record_of: object = None


@dataclass
class Slot:
    """A seat of the table: who may hold it and who does."""

    seat: int
    kind: str  # human (the host's own seat), remote, or a bot level
    token: str | None = None
    conn: Conn | None = None
    away_since: float | None = None
    standin: Bot | None = None

    @property
    def played_remotely(self) -> bool:
        return self.kind in (HUMAN, REMOTE)

    @property
    def dropped(self) -> bool:
        """Taken by a player who is not connected now: kept for their token."""
        return self.kind == REMOTE and self.token is not None and self.conn is None


@dataclass(eq=False)
class SeatAsk:
    """Someone asks for a seat kept for a player who dropped, without that seat's token (the
    same player whose cardsuite lost it, or anyone else who has the secret). Only the host
    can let them in: ``answer(True)`` gives them the seat (with a new token: the old one no
    longer counts), ``answer(False)`` refuses. The server refuses by itself when the host
    does not answer within ``protocol.ASK_TIMEOUT``, when the asker leaves, or when the
    seat's player comes back with the token meanwhile; ``done`` then, and ``why`` says so."""

    seat: int
    name: str  # the name the asker gave ("" for none)
    held_by: str  # the seat's name
    future: asyncio.Future[bool]
    why: str = ""  # why it ended without the host's answer, or the host's no

    @property
    def done(self) -> bool:
        return self.future.done()

    @property
    def question(self) -> str:
        """The question for the host, in a player's words."""
        who = repr(self.name) if self.name else "Someone without a name"
        return (
            f"{who} asks for {self.held_by}'s seat, without the key {self.held_by}'s"
            " cardsuite keeps for it: it may be them, on another machine, or someone else"
            f" with the table's secret. Let them in? They will see that seat's cards and"
            f" play it; {self.held_by}'s key no longer counts."
        )

    def answer(self, yes: bool) -> bool:
        """The host's answer; False if it came too late (the ask had ended: ``why``)."""
        if self.future.done():
            return False
        if not yes:
            self.why = f"the host did not let you into {self.held_by}'s seat"
        self.future.set_result(bool(yes))
        return True

    def end(self, why: str) -> None:
        """Ended without the host's answer: refused, for ``why``."""
        if not self.future.done():
            self.why = why
            self.future.set_result(False)


class TableServer:
    """Holds ``match`` and serves its seats; ``start`` binds, ``close`` stops."""

    def __init__(
        self,
        match: Match | Setting,
        *,
        secret: str | None = None,
        host: str = "127.0.0.1",
        port: int = P.DEFAULT_PORT,
        standin_after: float = 60.0,
        standin_level: str = "medium",
        bot_delay: float = 0.6,
        hold: float = 1.2,
        clock: Callable[[], float] = time.monotonic,
        store: Store | None = None,
        ping_every: float = PING_EVERY,
        throw_time: float | None = None,
        rate: float = P.RATE,
        burst: float = P.BURST,
        max_watchers: int = MAX_WATCHERS,
    ) -> None:
        if standin_level not in LEVELS:
            raise ValueError(f"stand-in level {standin_level!r}; levels: {', '.join(LEVELS)}")
        for what, number in (("standin_after", standin_after), ("bot_delay", bot_delay)):
            if not (math.isfinite(number) and number >= 0):  # nan: no stand-in would ever come
                raise ValueError(f"{what} must be a finite number of seconds, not {number}")
        if max_watchers < 0:
            raise ValueError(f"max_watchers must be 0 or more, not {max_watchers}")
        #: A ``Setting``: the table opens as a waiting room and deals fairly once its seats
        #: are taken (``cardsuite host``); a ``Match``: it is dealt already (no fair round).
        self.setting = match if isinstance(match, Setting) else None
        self._match = match if isinstance(match, Match) else None
        #: the seats' names and kinds; the match's own list once dealt
        self.seats: list[SeatSpec] = (
            self._match.seats if self._match is not None else list(match.seats)
        )
        self._names = [s.name for s in self.seats]  # the host's names, back when a seat frees
        self.phase = PLAYING if self._match is not None else WAITING
        #: this deal's public fair facts (commitment, salts) and the host's secret seed, which
        #: never leaves the server before the game is over
        self.fair: Fairness | None = None
        self._host_seed: str | None = None
        #: the fair round whose commitment is shown now (0 for the first game, 1 for the first
        #: rematch...): the same number from the room through its game, so a client's
        #: account of a deal (``FairWatch``) is found again after a reconnection
        self.round = -1
        self.agreed: set[int] = set()  # after a game: the seats that want another
        self.secret = secret or P.new_secret()
        self.host = host
        self.port = port
        self.standin_after = standin_after
        self.standin_level = standin_level
        self.bot_delay = bot_delay
        self.hold = hold
        self.clock = clock
        self.store = store
        self.ping_every = ping_every
        self.rate, self.burst = rate, burst  # each client's message allowance
        self.max_watchers = max_watchers
        #: The host's question when someone asks for a dropped seat without its token (the
        #: host's table shows a dialog); None: nobody to ask, such a hello is refused.
        self.on_ask: Callable[[SeatAsk], None] | None = None
        self.asks: dict[int, SeatAsk] = {}  # seat -> the ask waiting for the host
        self._refused_at: dict[int, float] = {}  # seat -> when the host last said no
        self._void: set[str] = set()  # tokens of seats the host gave to someone else
        self.slots = [Slot(i, s.kind) for i, s in enumerate(self.seats)]
        #: the host's own seat is taken only with this token (the host's table holds it)
        self.host_token = P.new_token()
        for slot in self.slots:
            if slot.kind == HUMAN:
                slot.token = self.host_token
        self.conns: list[Conn] = []
        self.version = 0  # moves applied so far: an action answers one version
        self.opened = clock()  # when the table opened (``start`` sets it again)
        self._events_json: list[list[Any]] = []
        self._wake = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closing = False  # close() has begun: nothing new starts
        self.failed: BaseException | None = None  # a task of the table broke (a bug)
        self._recorded = False
        self._last_pause = float("-inf")  # when a trick or showdown last ended
        self.realtime: Any = None  # a race's own loop (Money's), from its registry entry
        self.throw_time = throw_time
        if self._match is not None:
            self._began(self._match)
        else:
            self._new_round()

    @property
    def match(self) -> Match:
        """The game being played (or just over); a waiting room has none yet."""
        if self._match is None:
            raise RuntimeError("the table has not been dealt yet")
        return self._match

    @property
    def dealt(self) -> bool:
        return self._match is not None

    @property
    def game_id(self) -> str:
        return self._match.game.id if self._match is not None else self.setting_game

    @property
    def setting_game(self) -> str:
        assert self.setting is not None
        return self.setting.game

    def _began(self, match: Match) -> None:
        """A game is on: its real-time loop (Money's) and its start time."""
        self.realtime = None
        table = entry(match.game.id).remote_table_class()
        if table is not None:
            self.realtime = table(self, self.throw_time)
        if match.started is None:
            match.started = self.store.now() if self.store is not None else time.time()

    # --- life -----------------------------------------------------------------------------

    @property
    def address(self) -> P.Address:
        return P.Address(self.host, self.port, self.secret)

    async def start(self) -> P.Address:
        """Bind and begin; with ``port`` 0 the system picks one (``address`` tells)."""
        app = web.Application()
        app.router.add_get("/table", self._handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        server = getattr(site, "_server", None)
        if server is not None and server.sockets:
            self.port = server.sockets[0].getsockname()[1]
        self.opened = self.clock()
        if self.dealt:
            self._spawn(self._drive())
        self._spawn(self._pinger())
        return self.address

    async def close(self) -> None:
        """Stop: every client told, the record written if the game got under way."""
        self.closing = True
        for ask in list(self.asks.values()):
            ask.end("the host closed the table")
        self._write_record()
        for conn in list(self.conns):
            await self._drop(conn, "the host closed the table", WSCloseCode.GOING_AWAY, final=True)
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a table task failed", exc_info=task.exception())
            self.failed = task.exception()

    def wake(self) -> None:
        """Something changed (a move, a seat came or went): the turn loop looks again."""
        self._wake.set()

    # --- connections ----------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        # aiohttp refuses a message of max_msg_size bytes itself: the +1 lets in MAX_CLIENT_BYTES
        ws = web.WebSocketResponse(max_msg_size=P.MAX_CLIENT_BYTES + 1, heartbeat=20.0)
        if not ws.can_prepare(request).ok:
            return web.Response(
                status=400,
                text="This is a cardsuite table: join it with `cardsuite join ADDRESS`.\n",
            )
        await ws.prepare(request)
        conn: Conn | None = None
        try:
            conn = await self._admit(ws)
            if conn is None:
                return ws
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    why = self._receive(conn, msg.data)
                elif msg.type == WSMsgType.BINARY:
                    why = "messages are JSON text, not binary"
                elif msg.type == WSMsgType.ERROR:
                    why = "the connection failed"
                else:
                    why = None
                if why is not None:
                    await self._drop(conn, why, WSCloseCode.POLICY_VIOLATION)
                    break
                if conn.closed:
                    break
        except (TimeoutError, ConnectionError):
            pass
        finally:
            if conn is not None:
                self._gone(conn)
            if not ws.closed:
                with contextlib.suppress(Exception):
                    await ws.close()
        return ws

    async def _admit(self, ws: web.WebSocketResponse) -> Conn | None:
        """Read the hello (within ``HELLO_TIMEOUT``) and seat the connection, or close it
        with the reason."""

        async def refuse(why: str, code: str | None = None) -> None:
            fields = {"code": code} if code else {}
            with contextlib.suppress(Exception):
                await ws.send_str(P.encode("error", reason=why, **fields))
                await ws.close(code=WSCloseCode.POLICY_VIOLATION, message=close_reason(why))

        try:
            first = await asyncio.wait_for(ws.receive(), P.HELLO_TIMEOUT)  # pings do not extend it
        except TimeoutError:
            await refuse("no hello in time")
            return None
        if first.type != WSMsgType.TEXT:
            await refuse("a connection starts with a hello message")
            return None
        try:
            hello = P.decode_client(first.data)
        except P.ProtocolError as e:
            await refuse(e.reason)
            return None
        if hello["type"] != "hello":
            await refuse("a connection starts with a hello message")
            return None
        if not P.same_secret(hello["secret"], self.secret):
            await refuse("wrong table secret")
            return None
        name = clean_name(hello.get("name") or "")
        limiter = P.RateLimiter(self.clock, self.rate, self.burst)
        if hello.get("watch"):
            token: str | None = hello.get("token")  # (text, checked by decode_client)
            host = bool(token and P.same_secret(token, self.host_token))  # the host looks on
            watching = sum(c.seat is None and not c.host for c in self.conns)
            if watching >= self.max_watchers and not host:
                await refuse(f"the table has all the spectators it takes ({self.max_watchers})")
                return None
            conn = Conn(ws, None, name or "spectator", limiter, host=host)
            self._attach(conn)
            self._send(conn, self._welcome(conn, None))
            if self.phase == PLAYING:
                self._send_update(conn)
            else:
                self._send_lobby(conn)
            return conn
        slot, why, ask = self._seat_for(hello, name)
        if slot is not None and ask:
            refused = await self._ask_host(ws, slot, name)
            if refused is None:  # the host let them in: a new token, the old one void
                if slot.token is not None:
                    self._void.add(slot.token)
                slot.token = None
            else:
                why, slot = refused, None
        if slot is None:
            await refuse(why, REFUSAL_CODES.get(why))
            return None
        asked = self.asks.get(slot.seat)
        if asked is not None:  # its player is back: whoever was asking for it is not let in
            asked.end(f"{self.seats[slot.seat].name} came back to their seat")
        if slot.conn is not None:  # the same player again (a new connection): the old goes
            await self._drop(slot.conn, "replaced by a new connection", WSCloseCode.GOING_AWAY)
        back = self.phase == PLAYING and slot.token is not None and slot.away_since is not None
        if slot.token is None:
            slot.token = P.new_token()
        spec = self.seats[slot.seat]
        others = {P.name_key(s.name) for i, s in enumerate(self.seats) if i != slot.seat}
        key = P.name_key(name)
        if name and slot.kind == REMOTE and key != P.name_key(spec.name) and key not in others:
            self.seats[slot.seat] = SeatSpec(spec.kind, name)  # the player's own name
        seated_as = self.seats[slot.seat].name
        conn = Conn(ws, slot.seat, seated_as, limiter, host=slot.kind == HUMAN)
        slot.conn = conn
        slot.away_since = None
        had_standin = slot.standin is not None
        slot.standin = None  # back: the stand-in hands the seat over
        self._attach(conn)
        if self.realtime is not None and self.phase == PLAYING:
            self.realtime.seated(conn)
        self._send(conn, self._welcome(conn, slot.token))  # the token: to its player alone
        if self.phase == PLAYING:
            if back:
                took = ", and takes their seat back from the stand-in" if had_standin else ""
                self.send_all("news", text=f"{seated_as} is back{took}")
            self._broadcast()
        else:
            if self.phase == OVER:
                self.agreed.add(slot.seat)  # joining after a game is joining the next one
            self.send_all("news", text=f"{seated_as} sat down in seat {slot.seat + 1}")
            self._seats_changed()
        self.wake()
        return conn

    def _seat_for(self, hello: dict[str, Any], name: str) -> tuple[Slot | None, str, bool]:
        """The seat a hello gets: ``(slot, "", False)``; ``(slot, "", True)`` when it is a
        dropped player's and only the host can give it; else ``(None, the reason, False)``.

        A token gives back its own seat and nothing else. Without one, a name (compared by
        ``name_key``) takes the free seat the host named for it, and may not be another
        seat's; a seat asked for by number must be free."""
        token = hello.get("token")
        if token:
            for slot in self.slots:
                if slot.token is not None and P.same_secret(token, slot.token):
                    return slot, "", False
            if any(P.same_secret(token, void) for void in self._void):
                return None, SEAT_GIVEN, False
            return None, UNKNOWN_TOKEN, False
        key = P.name_key(name)
        named = [s for s in self.slots if key and P.name_key(self.seats[s.seat].name) == key]
        want = hello.get("seat")
        if want is not None:
            if want >= len(self.slots):
                return None, f"there is no seat {want + 1} (seats 1 to {len(self.slots)})", False
            slot = self.slots[want]
        elif named:
            slot = named[0]
        else:
            free = [s for s in self.slots if s.kind == REMOTE and s.token is None]
            if not free:
                return None, "the table is full: join with --watch to look on", False
            slot = free[0]
        if any(s is not slot for s in named):
            taken = self.seats[named[0].seat].name
            return None, f"the name {taken} is taken at this table: join with another --name", False
        if slot.kind == REMOTE and slot.token is None:
            return slot, "", False
        if slot.dropped:
            return slot, "", True
        if want is not None:
            return None, f"seat {want + 1} is not free", False
        taken = self.seats[slot.seat].name
        return None, f"the name {taken} is taken at this table: join with another --name", False

    async def _ask_host(self, ws: web.WebSocketResponse, slot: Slot, name: str) -> str | None:
        """Ask the host whether this connection may have ``slot``, a dropped player's seat;
        None if it may, else the reason it may not. The asker is told it waits; leaving
        withdraws the ask."""
        held = self.seats[slot.seat].name
        kept = f"{held}'s seat is kept for its player"
        if self.on_ask is None:
            return f"{kept}: only their own cardsuite (which keeps its key) takes it back"
        if slot.seat in self.asks:
            return f"{kept}, and someone is already asking the host for it"
        said_no = self._refused_at.get(slot.seat)
        if said_no is not None and self.clock() - said_no < ASK_COOLDOWN:
            return f"{kept}, and the host has just refused it to someone: try again later"
        ask = SeatAsk(slot.seat, name, held, asyncio.get_running_loop().create_future())
        self.asks[slot.seat] = ask
        left = asyncio.ensure_future(ws.receive())  # the asker leaving (or talking) ends it
        try:
            await ws.send_str(P.encode("asking", reason=f"{kept}: asking the host to let you in"))
            try:
                self.on_ask(ask)
            except Exception:  # (the host's screen failed to ask: a bug, said in the log)
                log.exception("the host could not be asked for a seat")
                ask.end(f"{kept}: the host could not be asked")
            either: set[asyncio.Future[Any]] = {ask.future, left}
            await asyncio.wait(either, timeout=P.ASK_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
        except (ConnectionError, RuntimeError):
            ask.end("they stopped asking")
        finally:
            if self.asks.get(slot.seat) is ask:
                del self.asks[slot.seat]
            if left.done():
                if not left.cancelled():
                    left.exception()  # (retrieved: a closed socket's error is not news)
                ask.end("they stopped asking")
            else:  # (and wait for it: one receive at a time, and the seated loop reads next)
                left.cancel()
                try:
                    await left
                except asyncio.CancelledError:
                    task = asyncio.current_task()
                    if task is not None and task.cancelling():
                        raise
            ask.end("the host did not answer in time")
        if ask.future.result() and slot.dropped and not self.closing:
            return None
        if ask.why.startswith("the host did not let you"):
            self._refused_at[slot.seat] = self.clock()
        return ask.why or f"{kept}"

    def _attach(self, conn: Conn) -> None:
        self.conns.append(conn)
        self._spawn(self._writer(conn))

    def _gone(self, conn: Conn) -> None:
        """A connection ended: its seat is kept for its token, a stand-in later."""
        conn.closed = True
        conn.queue.put_nowait(None)
        if conn in self.conns:
            self.conns.remove(conn)
        if conn.seat is not None:
            slot = self.slots[conn.seat]
            if slot.conn is conn:
                slot.conn = None
                slot.away_since = self.clock()
                if self.phase == PLAYING:
                    if self.realtime is not None:
                        self.realtime.left(conn.seat)
                    self._broadcast()
                else:
                    self._left_room(slot, conn.name)
        self.wake()

    # --- the waiting room: seats, salts, starting early, the rematch -------------------------

    def _left_room(self, slot: Slot, name: str) -> None:
        """A player's connection ended before a deal. Leaving (``bye``) frees the seat, and
        so does any leaving after a game (it counts as gone for the rematch); a connection
        that drops in the waiting room keeps its seat for its token, awaited again."""
        if self.phase == OVER or slot.token is None:
            if slot.kind == REMOTE:
                self._free(slot)
            where = "the table" if self.phase == OVER else "the waiting room"
            self.send_all("news", text=f"{name} left {where}")
        else:
            self.send_all("news", text=f"{name} lost their connection; the seat is kept for them")
        self._seats_changed()

    def _free(self, slot: Slot) -> None:
        """A remote seat nobody holds any more: its host-given name back, its salt and its
        rematch answer forgotten (the token then counts for nothing)."""
        slot.token = None
        slot.standin = None
        self.seats[slot.seat] = SeatSpec(self.seats[slot.seat].kind, self._names[slot.seat])
        if self.fair is not None:
            self.fair.salts.pop(slot.seat, None)
        self.agreed.discard(slot.seat)

    def _new_round(self) -> None:
        """A new fair round for the next deal: a fresh commitment, no salts yet."""
        self.fair, self._host_seed = Fairness.new()
        self.round += 1

    def fair_json(self) -> dict[str, Any] | None:
        """The public facts of this deal's fair round (never the host's seed)."""
        if self.fair is None:
            return None
        return {
            "round": self.round,
            "commitment": self.fair.commitment,
            "salts": salts_json(self.fair.salts),
        }

    def awaited(self) -> list[int]:
        """The seats the next deal waits for: remote seats nobody is connected at."""
        return [s.seat for s in self.slots if s.kind == REMOTE and s.conn is None]

    def unanswered(self) -> list[int]:
        """After a game: the seats of connected players who have not said yes to another."""
        return [
            s.seat
            for s in self.slots
            if s.played_remotely and s.conn is not None and s.seat not in self.agreed
        ]

    def needs_salt(self, conn: Conn) -> bool:
        """Whether this connection's seat still owes the next deal its salt."""
        if self.fair is None or self.phase == PLAYING or conn.seat is None:
            return False
        slot = self.slots[conn.seat]
        if slot.kind != REMOTE or conn.seat in self.fair.salts:
            return False
        return self.phase == WAITING or conn.seat in self.agreed

    def host_name(self) -> str:
        mine = [s for s in self.slots if s.kind == HUMAN]
        return self.seats[mine[0].seat].name if mine else "The host"

    def lobby_for(self, conn: Conn) -> str:
        """The waiting room as one connection sees it: every seat and who is awaited, the
        commitment and the salts so far, whether this seat still owes its salt, and after a
        game who has agreed to another and who is still to answer."""
        fields: dict[str, Any] = {
            "phase": self.phase,
            "seats": self.seats_json(),
            "awaited": self.awaited(),
            "host": self.host_name(),
            "fair": self.fair_json(),
            "need_salt": self.needs_salt(conn),
        }
        if self.phase == OVER:
            fields["rematch"] = {"agreed": sorted(self.agreed), "awaiting": self.unanswered()}
        return P.encode("lobby", **fields)

    def _send_lobby(self, conn: Conn) -> None:
        self._send(conn, self.lobby_for(conn))

    def _seats_changed(self) -> None:
        """Before a deal, after a seat, salt or answer changed: everyone's waiting room
        again, and the deal if nothing is awaited any more."""
        if self.phase == PLAYING or self.closing:
            return
        for conn in list(self.conns):
            self._send_lobby(conn)
        self._maybe_deal()

    def _maybe_deal(self) -> None:
        """Deal once every seat played from a terminal is here, every joiner's salt is in
        and, after a game, every player has agreed to the next."""
        if self.phase == PLAYING or self.setting is None or self.fair is None or self.closing:
            return
        for slot in self.slots:
            if not slot.played_remotely:
                continue
            if slot.conn is None:
                return
            if slot.kind == REMOTE and slot.seat not in self.fair.salts:
                return
            if self.phase == OVER and slot.seat not in self.agreed:
                return
        self._deal()

    def _deal(self) -> None:
        """The game, dealt from the seed the host's committed seed and the salts give; its
        public fair facts go to everyone (and into the match's origin, for its record)
        before its first update."""
        assert self.setting is not None and self.fair is not None and self._host_seed
        fair = self.fair
        fair.salts = {s: v for s, v in fair.salts.items() if self.slots[s].kind == REMOTE}
        seed = deal_seed(self._host_seed, fair.salts)
        match = self.setting.deal(self.seats, seed)
        # (R2's records.py writes and checks these; the host seed is filled in at the end)
        match.origin = {
            **(match.origin or {}),
            "fair": {"commitment": fair.commitment, "salts": fair.salts_text(), "host_seed": None},
        }
        self._match = match
        self.seats = match.seats
        self.phase = PLAYING
        self.agreed = set()
        self._events_json = []
        self._recorded = False
        self._last_pause = float("-inf")
        self.opened = self.clock()  # (a seat left empty from now counts as away from now)
        for slot in self.slots:
            slot.standin = None
            slot.away_since = None if slot.conn is not None else self.opened
        self._began(match)
        extra = self.realtime.welcome() if self.realtime is not None else {}
        for conn in list(self.conns):
            conn.sent = 0
            if self.realtime is not None and conn.seat is not None:
                self.realtime.seated(conn)
        self.send_all(
            "dealt",
            game=match.game.id,
            variant=match.state.variant,
            options=dict(match.state.options),
            players=match.players,
            seats=self.seats_json(),
            started=match.started,
            fair=self.fair_json(),
            **extra,
        )
        self._broadcast()
        self._spawn(self._drive())
        self.wake()

    def _game_over(self) -> None:
        """The end of a fairly dealt game: the host's seed revealed to everyone (and into the
        record's origin), then a new fair round for a rematch, its commitment shown first."""
        if self.setting is None or self.phase != PLAYING or self.fair is None:
            return
        m = self.match
        self.fair.host_seed = self._host_seed
        if m.origin is not None and isinstance(m.origin.get("fair"), dict):
            m.origin["fair"]["host_seed"] = self._host_seed
        self.send_all(
            "reveal",
            host_seed=self._host_seed,
            seed=m.seed,
            commitment=self.fair.commitment,
            salts=salts_json(self.fair.salts),
        )
        self._write_record()  # (with the revealed seed, and the names the game was played by)
        self.phase = OVER
        self._new_round()
        self.agreed = {s.seat for s in self.slots if not s.played_remotely}  # bots agree
        for slot in self.slots:
            if slot.kind == REMOTE and slot.conn is None:
                self._free(slot)  # gone by the end: a seat for someone else (or a bot)
        self._seats_changed()

    def _salt(self, conn: Conn, salt: str) -> str | None:
        """A joiner's salt for the next deal; a reason closes the connection."""
        if conn.seat is None:
            return "salt: a spectator gives no salt"
        slot = self.slots[conn.seat]
        if slot.kind == HUMAN:
            return "salt: the host's seat gives no salt (the host chose the seed)"
        if self.phase == PLAYING or self.fair is None:
            return "salt: the deal is made; a salt comes before it, not after"
        try:
            check_salt(salt)
        except FairnessError as e:
            return f"salt: {e}"
        if conn.seat in self.fair.salts:
            return "salt: a second salt; a seat gives one salt a deal"
        self.fair.salts[conn.seat] = salt
        self._seats_changed()
        return None

    def _start_early(self, conn: Conn, level: str) -> str | None:
        """The host deals now: bots of ``level`` in the seats nobody is at."""
        if level not in LEVELS:
            return f"start: a bot level is one of {', '.join(LEVELS)}"
        if not conn.host:
            self._refuse(conn, "start", "only the host starts the game")
            return None
        if self.phase == PLAYING or self.setting is None or self.fair is None:
            self._refuse(conn, "start", "the game is on already")
            return None
        if self.phase == OVER and conn.seat is not None:
            self.agreed.add(conn.seat)  # the host starting the next game agrees to it
        waiting = [self.seats[s].name for s in self.unanswered()] if self.phase == OVER else []
        if waiting:
            self._refuse(conn, "start", f"waiting for {', '.join(waiting)} to answer the rematch")
            self._seats_changed()
            return None
        salting = [
            self.seats[s.seat].name
            for s in self.slots
            if s.kind == REMOTE and s.conn is not None and s.seat not in self.fair.salts
        ]
        if salting:
            self._refuse(conn, "start", f"{', '.join(salting)}'s salt is on its way: try again")
            return None
        empty = self.awaited()
        for seat in empty:
            slot = self.slots[seat]
            if slot.token is not None:
                self._void.add(slot.token)  # a dropped joiner's seat is a bot's now
            self._free(slot)
            slot.kind = level
            self.seats[seat] = SeatSpec(level, self._names[seat])
        self.send_all("news", text=started_early(self.host_name(), level, empty))
        self._seats_changed()
        return None

    def _rematch(self, conn: Conn, yes: bool) -> str | None:
        """A player's answer after a game: yes waits for the others; no leaves the table."""
        if conn.seat is None:
            self._refuse(conn, "rematch", "a spectator has no seat to play again")
            return None
        if self.setting is None or self.phase != OVER:
            why = "this table deals one game" if self.setting is None else "the game is not over"
            self._refuse(conn, "rematch", why)
            return None
        name = self.seats[conn.seat].name
        if yes:
            if conn.seat not in self.agreed:
                self.agreed.add(conn.seat)
                self.send_all("news", text=f"{name} wants a rematch")
            self._seats_changed()
            return None
        if conn.host:
            self._refuse(conn, "rematch", "the host closes the table by leaving it")
            return None
        slot = self.slots[conn.seat]
        slot.conn = None  # (so its leaving is not said twice)
        self._free(slot)
        self.send_all("news", text=f"{name} declined the rematch and left")
        self._spawn(self._drop(conn, "you declined the rematch", WSCloseCode.OK, final=True))
        self._seats_changed()
        return None

    async def _drop(self, conn: Conn, why: str, code: int, final: bool = False) -> None:
        """Close one connection with the reason (it hears it first); the table goes on.
        ``final``: the table itself is closing, so the client should not come back."""
        if conn.closed:
            return
        conn.closed = True
        with contextlib.suppress(Exception):
            await conn.ws.send_str(P.encode("error", reason=why, final=final))
            await conn.ws.close(code=code, message=close_reason(why))
        self._gone(conn)

    async def _writer(self, conn: Conn) -> None:
        """Each connection's messages go out in order from its own queue, so one slow
        client never holds up the table or the others."""
        while True:
            text = await conn.queue.get()
            if text is None:
                return
            try:
                await conn.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return

    def _send(self, conn: Conn, text: str) -> None:
        if conn.closed:
            return
        if conn.queue.qsize() > MAX_QUEUE:
            self._spawn(self._drop(conn, "not reading its messages", WSCloseCode.GOING_AWAY))
            return
        conn.queue.put_nowait(text)
        if self.on_send is not None:
            self.on_send(conn, text)

    #: Tests watch every message sent (the privacy test): ``on_send(conn, text)``.
    on_send: Callable[[Conn, str], None] | None = None

    # --- messages in ----------------------------------------------------------------------

    def _receive(self, conn: Conn, text: str) -> str | None:
        """Handle one message; a reason string closes the connection."""
        if not conn.limiter.allow():
            return "too many messages"
        try:
            msg = P.decode_client(text)
        except P.ProtocolError as e:
            return e.reason
        kind = msg["type"]
        if kind == "hello":
            return "already seated: one hello per connection"
        if kind == "pong":
            sent = conn.pings.pop(msg["id"], None)
            if sent is not None:
                conn.sync.add(sent, msg["c1"], msg["c2"], self.clock())
            return None
        if kind == "bye":
            if conn.seat is not None:
                self.slots[conn.seat].token = None  # gone for good: the seat is free again
            return "goodbye"
        if kind == "salt":
            return self._salt(conn, msg["salt"])
        if kind == "start":
            return self._start_early(conn, msg["level"])
        if kind == "rematch":
            return self._rematch(conn, msg["yes"])
        if not self.dealt:
            if kind in ("act", "press", "hint", "explain", "seen"):
                action = msg.get("action", "") if kind in ("act", "explain") else kind
                self._refuse(conn, action, "the game has not been dealt yet")
            return None
        if conn.seat is None:
            if kind in ("act", "press", "hint", "explain", "seen"):
                action = msg.get("action", "") if kind in ("act", "explain") else kind
                self._refuse(conn, action, "a spectator does not play")
            return None
        if kind == "act":
            self._act(conn, msg["action"], msg["seq"])
        elif kind == "hint":
            self._hint(conn)
        elif kind == "explain":
            why = self._explain(conn.seat, msg["action"])
            self._send(conn, P.encode("explained", action=msg["action"], reason=why))
        elif kind in ("seen", "press"):
            if self.realtime is None:
                self._send(conn, P.encode("refused", reason="this game has no snap"))
            else:
                self.realtime.receive(conn, msg)
        return None

    def _act(self, conn: Conn, text: str, seq: int) -> None:
        seat = conn.seat
        assert seat is not None
        if self.match.is_over():
            self._refuse(conn, text, "the game is over")
            return
        if seq != self.version:
            self._refuse(conn, text, "the table moved on before that arrived: look again")
            return
        if self.realtime is not None and not self.realtime.may_act(seat, text):
            self._refuse(conn, text, self.realtime.why_not(seat, text))
            return
        why = self.apply(text, seat)
        if why is not None:
            self._refuse(conn, text, why)

    def _refuse(self, conn: Conn, action: str, why: str) -> None:
        self._send(conn, P.encode("refused", action=action, reason=why))

    def apply(self, action: Action | str, seat: int, note: str | None = None) -> str | None:
        """Apply a move through the rules; the reason when refused (nothing changes). A move
        that breaks the rules module itself is refused too, and the table is put back as
        it was: no message can leave a half-made position."""
        before = self.match.state.clone()
        record_len = len(self.match.record)
        try:
            events = self.match.apply(action, seat, note)
        except IllegalAction as e:
            return e.reason
        except ValueError as e:  # text that is not an action
            return str(e)
        except Exception:
            log.exception("a move broke the rules module; the table is put back")
            self.match.state = before
            del self.match.record[record_len:]
            return "the table could not take that move"
        self.moved(events)
        if self.realtime is not None:
            self.realtime.after_act()
        return None

    def moved(self, events: list[Any]) -> None:
        """After every applied move: a new version, everyone's update, the loop woken."""
        self.version += 1
        if any(e.kind in ("trick", "showdown") for e in events):
            self._last_pause = self.clock()
        self._broadcast()
        if self.match.is_over():
            self._game_over()  # (before the record: the revealed seed goes into it)
            self._write_record()
        self.wake()

    def _hint(self, conn: Conn) -> None:
        seat = conn.seat
        assert seat is not None
        if self.phase != PLAYING or self.match.to_move() != seat or self.match.is_over():
            self._send(conn, P.encode("hint", action=None, reason="a hint is for your own turn"))
            return
        if self.realtime is not None:
            self._send(conn, P.encode("hint", action=None, reason="no hints in a race"))
            return
        if conn.hinting:  # one search at a time per player: a flood of asks costs one
            return
        version = self.version
        conn.hinting = True
        # The copy is made here, on the loop: made in the thread, it could catch the state
        # half-way through a move the loop is applying (the fuzz test found a hint bot
        # crashing on such a copy). The same medium bot and seed as ``Match.hint``, and
        # its reason as ``Match.hint_with_reason`` gives it (``hints``).
        state = self.match.state.clone()
        game_id = self.match.game.id

        async def think() -> None:
            try:
                hint = await asyncio.to_thread(medium_hint, game_id, state, seat)
            finally:
                conn.hinting = False
            if self.version == version:
                said = P.encode("hint", action=str(hint.action), why=hint.reason, reason=None)
                self._send(conn, said)

        self._spawn(think())

    def _explain(self, seat: int, text: str) -> str | None:
        try:
            return self.match.explain(text, seat)
        except Exception:
            return "the table could not read that move"

    # --- messages out ---------------------------------------------------------------------

    def seats_json(self) -> list[dict[str, Any]]:
        """Every seat: its name, kind and who is there. A seat whose player dropped during a
        game also says ``standin_in``: the seconds left before a stand-in may move for it
        (each client counts them down on its own clock)."""
        out = []
        now = self.clock()
        for slot, spec in zip(self.slots, self.seats, strict=True):
            # (in a game, a seat nobody holds is away: a stand-in comes for it)
            taken = self.phase == PLAYING or slot.token is not None or slot.kind == HUMAN
            seat: dict[str, Any] = {
                "name": spec.name,
                "kind": slot.kind,
                "status": P.seat_status(
                    slot.kind, slot.conn is not None, bool(slot.standin), taken=taken
                ),
            }
            away = slot.away_since  # (None: nobody ever took the seat; no one to count for)
            counting = self.phase == PLAYING and slot.played_remotely and slot.conn is None
            if counting and away is not None and slot.standin is None:
                seat["standin_in"] = round(max(0.0, away + self.standin_after - now), 1)
            out.append(seat)
        return out

    def _welcome(self, conn: Conn, token: str | None) -> str:
        fields: dict[str, Any] = {
            "seat": conn.seat,
            "token": token,
            "phase": self.phase,
            "seats": self.seats_json(),
            "fair": self.fair_json(),
            "host": self.host_name(),
        }
        if self.phase == PLAYING:
            m = self.match
            extra = self.realtime.welcome() if self.realtime is not None else {}
            fields.update(
                game=m.game.id,
                variant=m.state.variant,
                options=dict(m.state.options),
                players=m.players,
                started=m.started,
                **extra,
            )
        else:
            assert self.setting is not None
            fields.update(
                game=self.setting.game,
                variant=self.setting.variant,
                options=dict(self.setting.options),
                players=len(self.seats),
                started=None,
            )
        return P.encode("welcome", **fields)

    def _new_events(self, conn: Conn) -> list[list[Any]]:
        log_ = self.match.public_log()
        cache = self._events_json
        while len(cache) < len(log_):
            cache.append(P.event_json(log_[len(cache)]))
        out = cache[conn.sent : len(log_)]
        conn.sent = len(log_)
        return out

    def update_for(self, conn: Conn) -> str:
        """The one message a connection gets after a move: its seat's view, its legal
        actions as text, the new public events; nothing else of the state."""
        m = self.match
        seat = conn.seat
        legal: list[str] = []
        if seat is not None and not m.is_over():
            acts = m.legal_actions(seat)
            legal = [str(acts[i]) for i in range(min(len(acts), MAX_LEGAL))]
        return P.encode(
            "update",
            seq=self.version,
            view=m.view(seat),
            legal=legal,
            events=self._new_events(conn),
            seats=self.seats_json(),
            over=m.is_over(),
            winners=m.winners() if m.is_over() else [],
            deals=m.state.deals_played(),
        )

    def send_to(self, conn: Conn, kind: str, /, **fields: Any) -> None:
        self._send(conn, P.encode(kind, **fields))

    def send_all(self, kind: str, /, **fields: Any) -> None:
        text = P.encode(kind, **fields)
        for conn in list(self.conns):
            self._send(conn, text)

    def _send_update(self, conn: Conn) -> None:
        self._send(conn, self.update_for(conn))
        if self.match.is_over() and conn.record_of is not self.match:
            self._record_soon(conn)

    def _broadcast(self) -> None:
        for conn in list(self.conns):
            self._send_update(conn)

    async def _pinger(self) -> None:
        """The clock exchange, every ``ping_every`` seconds for each client."""
        n = 0
        while True:
            for conn in list(self.conns):
                n += 1
                conn.pings[n] = self.clock()
                if len(conn.pings) > 8:  # unanswered ones are forgotten
                    del conn.pings[min(conn.pings)]
                rtt = conn.sync.rtt if conn.sync.ready else None
                self._send(conn, P.encode("ping", id=n, rtt=rtt))
            await asyncio.sleep(self.ping_every)

    # --- the turn loop --------------------------------------------------------------------

    async def _drive(self) -> None:
        """Bots' and stand-ins' moves, in turn, at the host's pace; remote seats are waited
        for. A real-time game's race is driven by its own loop (``remote_table``)."""
        if self.realtime is not None:
            await self.realtime.drive()
            return
        while not self.match.is_over() and not self.closing:
            self._wake.clear()
            mover = self.match.to_move()
            if mover is None:
                return
            bot, wait = self._who_plays(mover)
            if bot is None:
                await self._sleep_until_woken(wait)
                continue
            await self._bot_move(mover, bot)

    def _who_plays(self, seat: int) -> tuple[Bot | None, float | None]:
        """The bot to move for ``seat`` now (its own, or the stand-in for a player who has
        been away long enough), else None and how long until a stand-in would."""
        slot = self.slots[seat]
        if not slot.played_remotely:
            return self.match.bots[seat], None
        if slot.conn is not None:
            return None, None
        if slot.standin is not None:
            return slot.standin, None
        # a seat nobody has taken yet counts as away from when the table opened
        away = slot.away_since if slot.away_since is not None else self.opened
        left = away + self.standin_after - self.clock()
        if left <= 0:
            slot.standin = make_bot(self.match.game.id, self.standin_level, seed=1000 + seat)
            name = self.seats[seat].name
            self.send_all("news", text=f"A {self.standin_level} bot now plays for {name}")
            self._broadcast()
            return slot.standin, None
        return None, left

    async def _sleep_until_woken(self, limit: float | None) -> None:
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._wake.wait(), limit)

    async def _bot_move(self, seat: int, bot: Bot) -> None:
        version = self.version
        started = self.clock()
        self.send_all("thinking", seat=seat)  # the tables say so, as at home
        state = self.match.state.clone()
        if hasattr(bot, "cancelled"):
            bot.cancelled = lambda: self.closing
        action = await asyncio.to_thread(bot.choose, state, seat)
        delay = max(self.bot_delay, self.match.think_floor(seat))
        pause_left = self._last_pause + self.hold - self.clock()
        wait = max(delay - (self.clock() - started), pause_left)
        if wait > 0:
            await asyncio.sleep(wait)
        if self.version != version or self.closing or self._who_plays(seat)[0] is not bot:
            return  # the table moved meanwhile (a player came back): think again
        why = self.apply(action, seat)
        if why is not None:
            log.warning("bot move %s refused at seat %s: %s", action, seat, why)

    # --- the record -----------------------------------------------------------------------

    def _write_record(self) -> None:
        if self.store is None or self._recorded or self._match is None or not self.match.record:
            return
        from ..records import from_match, record_name

        m = self.match
        try:
            text = from_match(m).to_text()
            self.store.save_record(text, record_name(m.game.id, m.started, m.seed))
        except Exception:  # a record is a nicety: never stop the table for it
            log.exception("the record could not be written")
            return
        self._recorded = m.is_over()

    def _record_soon(self, conn: Conn) -> None:
        """Once the game is over, its record goes to each player (``_send_record``) just
        after the move that ended it has been fully handled (anything the end fills in, as
        the host's revealed seed, is in it); after a welcome when a player comes back."""
        with contextlib.suppress(RuntimeError):  # (no loop: a test applying moves by hand)
            asyncio.get_running_loop().call_soon(self._send_record, conn)

    def _send_record(self, conn: Conn) -> None:
        """The whole record (``records.from_match``: the deal's seed and every move, so
        never before the end) to a seated player's own cardsuite, which keeps it
        (``remote/keeper.py``); not to spectators, nor to the host's own seat (the host's
        store has it: ``_write_record``)."""
        if conn.closed or conn.record_of is self.match or conn.seat is None:
            return
        if not self.match.is_over():
            return
        if self.slots[conn.seat].kind == HUMAN:
            return
        from ..records import from_match

        try:
            text = from_match(self.match).to_text()
        except Exception:  # (as the host's own: never stop the table for a record)
            log.exception("the record could not be sent")
            return
        conn.record_of = self.match
        self._send(conn, P.encode("record", text=text))


#: Characters that draw nothing but are not format characters (which ``clean_name`` drops
#: anyway): combining grapheme joiner, variation selectors, Hangul fillers, Khmer and
#: Mongolian invisibles, the braille blank. A name holding one would look like another.
_INVISIBLE = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0"
    + "".join(map(chr, range(0xFE00, 0xFE10)))
    + "".join(map(chr, range(0xE0100, 0xE01F0)))
)


def clean_name(text: str) -> str:
    """A player's name as others will see it: printable, one line, at most 24 characters,
    nothing invisible in it (no control or format character, no lone surrogate)."""
    kept = "".join(c for c in text if unicodedata.category(c)[0] != "C" and c not in _INVISIBLE)
    return " ".join(kept.split())[:24]


def close_reason(why: str) -> bytes:
    """A WebSocket close frame's reason: at most 123 bytes of UTF-8, cut between
    characters (the reason itself goes first in an ``error`` message, whole)."""
    data = why.encode("utf-8", "replace")[:123]
    return data.decode("utf-8", "ignore").encode("utf-8")


__all__ = ["Conn", "SeatAsk", "Slot", "TableServer", "clean_name", "close_reason"]
