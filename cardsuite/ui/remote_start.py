"""Starting a remote table from the app: hosting one (``cardsuite host``, or the setup
screen's Host button) and joining one (``cardsuite join``).

Both end at the same place: a ``RemoteMatch`` on a ``TableClient`` and the game's table
screen behind ``RemoteTable``. The host's own seat joins its own server over loopback with
the token only this process knows, so the host plays exactly as the others do; with no
seat of their own, the host watches. The server lives as long as the app's worker that
started it: leaving the table (or quitting) closes it, and every client is told.

A joining player's seat token is kept in the data folder (``Store.keep_seat_token``, by
``seat_key``: the table and the name joined with), and sent with every later hello to that
table: a client that crashed, or was closed, takes its seat back by joining again the same
way. Someone who asks for a dropped player's seat without its token is let in only if the
host says yes (``ask_host``: a dialog on the host's table).
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..match import HUMAN
from ..remote.client import TableClient
from ..remote.keeper import RecordKeeper
from ..remote.lobby import Setting
from ..remote.protocol import Address, name_key
from ..remote.remote_match import RemoteMatch

if TYPE_CHECKING:
    from ..remote.server import SeatAsk
    from .app import CardSuiteApp, StartRequest


#: Seconds a join waits for a table that does not answer (a connection that hangs).
JOIN_WAIT = 15.0


@dataclass
class JoinRequest:
    """``cardsuite join ADDRESS``: sit at a table someone hosts (or watch it)."""

    address: Address
    name: str = ""
    watch: bool = False
    seat: int | None = None


@dataclass
class HostRequest:
    """``cardsuite host GAME ...``: hold the table here and sit at its host seat. ``table``
    is the game as ``play`` would start it (its seats may be ``remote``)."""

    table: StartRequest
    host: str = "127.0.0.1"
    port: int = 8765
    #: the address the others are given (``host`` when it is one they can reach)
    shown_host: str | None = None
    standin_after: float = 60.0
    #: the setup screen's table: if the port is taken, any free one (the invite says which)
    fallback_port: bool = False
    #: spectators the table takes at most (the host's own client aside)
    max_watchers: int = 20


def seat_key(address: Address, name: str) -> str:
    """Which kept token a join sends: one per table (its address and secret) and name, so
    two players joining one table from one data folder under their own names keep their
    own seats."""
    return f"{address.host.lower()}:{address.port}/{address.secret}#{name_key(name)}"


async def join(app: CardSuiteApp, req: JoinRequest) -> None:
    """Connect, wait to be seated, open the table; a refusal is said, and the picker stays.
    The seat's token this data folder keeps for the table goes with the hello; a token the
    table no longer knows is forgotten, and the join tried once more without it."""
    key = None if req.watch else seat_key(req.address, req.name)
    token = app.store.seat_token(key) if key is not None else None
    joining = f"Joining {req.address.where}…"
    notices = [joining]  # taken down once the join is over (the table says the rest itself)
    app.notify(joining, title="Remote table")
    while True:
        early: list[dict[str, Any]] = []  # what comes before the table is open
        client = TableClient(
            req.address,
            name=req.name,
            watch=req.watch,
            seat=req.seat,
            token=token,
            on_message=early.append,
        )
        client.on_status = lambda status, c=client: _asking(app, c, status, notices)
        runner = asyncio.ensure_future(client.run())
        try:
            welcome = await client.wait_welcome(within=JOIN_WAIT)
        except (ConnectionError, TimeoutError) as e:  # (a refusal is a ConnectionError too)
            await client.close(bye=False)
            runner.cancel()
            stale = client.fatal_code in ("unknown-token", "seat-given")
            if key is not None and token is not None and stale:
                app.store.keep_seat_token(key, None)  # a key to a seat that is not ours now
                if client.fatal_code == "unknown-token":
                    token = None
                    continue  # (the table restarted, or the seat was given up): join anew
            for notice in notices:
                app.withdraw_notice(notice)
            say = f"Could not join: {e}."
            if not isinstance(e, ConnectionRefusedError):  # no table reached: the player's move
                say += (
                    " Not trying again: check the address, and join again once the table is open."
                )
            app.notify(say, title="Remote table", severity="error", timeout=12)
            return
        break
    for notice in notices:
        app.withdraw_notice(notice)  # joined: the table says so itself
    if key is not None and client.token and client.token != token:
        problem = app.store.keep_seat_token(key, client.token)
        if problem is not None:  # the game goes on; only a crash would need the key
            app.notify(problem, title="Remote table", severity="warning", timeout=8)
    await _open(app, client, welcome, early, invite=None)
    with contextlib.suppress(asyncio.CancelledError):
        await runner


def _asking(app: CardSuiteApp, client: TableClient, status: str, notices: list[str]) -> None:
    """Before the table opens: the table is asking its host to let this player in."""
    if client.asking is not None and status == client.asking:
        notices.append(f"{status}…")
        app.notify(notices[-1], title="Remote table", timeout=30)


def ask_host(app: CardSuiteApp, ask: SeatAsk) -> None:
    """The host's question (``TableServer.on_ask``): a dialog over whatever the host sees;
    the answer goes back to the table. A question that ends first (the asker left, the time
    ran out, the seat's player came back) closes its dialog and says why."""
    from .closing import close_once
    from .confirm import ConfirmScreen

    dialog = ConfirmScreen(ask.question, yes="Let them in", no="Refuse")

    def answered(yes: bool | None) -> None:
        if not ask.answer(bool(yes)) and ask.why:
            app.notify(f"No one let in: {ask.why}.", title="Your table", timeout=8)

    def ended(_: Any) -> None:
        if dialog.is_attached:
            close_once(dialog, None)

    app.push_screen(dialog, answered)
    ask.future.add_done_callback(ended)


async def host(app: CardSuiteApp, req: HostRequest) -> None:
    """Hold the table: the server, then the host's own seat (or the watcher's) on it."""
    from ..remote.server import TableServer

    t = req.table
    # A waiting room: the game is dealt once the seats are taken, from the seed the host's
    # commitment and the joiners' salts give (so ``t.seed`` cannot choose it).
    setting = Setting(t.game, list(t.seats), t.variant, dict(t.options), app.bot_options)
    delay, hold = app.pace_delays()
    server = TableServer(
        setting,
        host=req.host,
        port=req.port,
        standin_after=req.standin_after,
        bot_delay=delay,
        hold=hold if hold is not None else 2.0,
        store=app.store,
        max_watchers=req.max_watchers,
    )
    server.on_ask = lambda ask: ask_host(app, ask)
    try:
        try:
            await server.start()
        except OSError:
            if not req.fallback_port:
                raise
            server.port = 0
            await server.start()
    except OSError as e:
        app.notify(
            f"Could not host on {req.host}:{req.port}: {e.strerror or e}",
            title="Remote table",
            severity="error",
            timeout=12,
        )
        return
    shown = Address(req.shown_host or server.host, server.port, server.secret)
    invite = f"cardsuite join {shown}"
    mine = [i for i, s in enumerate(t.seats) if s.kind == HUMAN]
    early: list[dict[str, Any]] = []
    client = TableClient(
        Address("127.0.0.1" if ":" not in server.host else "::1", server.port, server.secret),
        name=t.seats[mine[0]].name if mine else "host",
        watch=not mine,
        token=server.host_token,  # (watching, too: the host's own table is never full)
        on_message=early.append,
    )
    runner = asyncio.ensure_future(client.run())
    try:
        welcome = await client.wait_welcome(within=15.0)
        await _open(app, client, welcome, early, invite=invite, server=server)
        app.notify(
            f"Give the others:\n{invite}",
            title="Your table is open",
            timeout=30,
        )
        await runner
    finally:
        await client.close(bye=False)
        await server.close()


async def _open(
    app: CardSuiteApp,
    client: TableClient,
    welcome: dict[str, Any],
    early: list[dict[str, Any]],
    invite: str | None,
    server: Any = None,
) -> None:
    """The waiting room (a table not dealt yet, or between games), or the table once the
    first update is in (a screen is built from a view). A ``RemoteSession`` routes the
    messages from then on."""
    from .remote_session import RemoteSession

    session = RemoteSession(app, client, welcome, invite=invite, server=server)
    if welcome.get("phase", "playing") != "playing":
        for msg in early:
            session.receive(msg)
        client.on_message = session.receive
        app.push_screen(session.room())
        return
    match = RemoteMatch(client, welcome)
    match.invite = invite
    match.server = server
    match.session = session
    session.match = match
    if server is None and match.seat is not None:  # a joined player keeps the record too
        match.keeper = RecordKeeper(app.store)
        match.keeper.seen = session.seen()  # (joined during a fairly dealt game)
    for msg in early:
        session.receive(msg)
    client.on_message = session.receive
    await match.arrived.wait()
    match.take_update()
    app.push_screen(session.table_screen(match))


__all__ = ["HostRequest", "JoinRequest", "ask_host", "host", "join", "seat_key"]
