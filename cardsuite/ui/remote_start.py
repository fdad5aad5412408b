"""Starting a remote table from the app: hosting one (``cardsuite host``, or the setup
screen's Host button) and joining one (``cardsuite join``).

Both end at the same place: a ``RemoteMatch`` on a ``TableClient`` and the game's table
screen behind ``RemoteTable``. The host's own seat joins its own server over loopback with
the token only this process knows, so the host plays exactly as the others do; with no
seat of their own, the host watches. The server lives as long as the app's worker that
started it: leaving the table (or quitting) closes it, and every client is told.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..match import HUMAN, Match
from ..remote.client import TableClient
from ..remote.protocol import Address
from ..remote.remote_match import RemoteMatch

if TYPE_CHECKING:
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


async def join(app: CardSuiteApp, req: JoinRequest) -> None:
    """Connect, wait to be seated, open the table; a refusal is said, and the picker stays."""
    early: list[dict[str, Any]] = []  # what comes before the table is open
    client = TableClient(
        req.address, name=req.name, watch=req.watch, seat=req.seat, on_message=early.append
    )
    runner = asyncio.ensure_future(client.run())
    joining = f"Joining {req.address.where}…"
    app.notify(joining, title="Remote table")
    try:
        welcome = await client.wait_welcome(within=JOIN_WAIT)
    except (ConnectionError, TimeoutError) as e:  # (a refusal is a ConnectionError too)
        await client.close(bye=False)
        runner.cancel()
        app.withdraw_notice(joining)
        say = f"Could not join: {e}."
        if not isinstance(e, ConnectionRefusedError):  # no table reached: the player's move
            say += " Not trying again: check the address, and join again once the table is open."
        app.notify(say, title="Remote table", severity="error", timeout=12)
        return
    app.withdraw_notice(joining)  # joined: the table says so itself
    await _open(app, client, welcome, early, invite=None)
    with contextlib.suppress(asyncio.CancelledError):
        await runner


async def host(app: CardSuiteApp, req: HostRequest) -> None:
    """Hold the table: the server, then the host's own seat (or the watcher's) on it."""
    from ..remote.server import TableServer

    t = req.table
    match = Match.new(t.game, t.seats, t.variant, t.options, t.seed, app.bot_options)
    delay, hold = app.pace_delays()
    server = TableServer(
        match,
        host=req.host,
        port=req.port,
        standin_after=req.standin_after,
        bot_delay=delay,
        hold=hold if hold is not None else 2.0,
        store=app.store,
    )
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
        token=server.host_token if mine else None,
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
    """The table, once the first update is in (a screen is built from a view)."""
    from .remote_table import remote_screen_class

    match = RemoteMatch(client, welcome)
    match.invite = invite
    match.server = server
    for msg in early:
        match.receive(msg)
    client.on_message = match.receive
    await match.arrived.wait()
    match.take_update()
    from ..games import entry

    cls = entry(match.game.id).remote_screen_class() or remote_screen_class(
        app.table_screen_class(match.game)
    )
    app.push_screen(cls(match))


__all__ = ["HostRequest", "JoinRequest", "host", "join"]
