"""``TableClient`` where no table is (issue 32 #8): said at once, in a player's words, and
not tried again (a dropped connection to a table it has sat at still is: see
``test_remote_seats.py``)."""

from __future__ import annotations

import asyncio
import socket

import pytest
from aiohttp import web

from cardsuite.remote.client import TableClient, unreached
from cardsuite.remote.protocol import Address


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_nothing_listening_is_said_at_once_and_not_tried_again() -> None:
    port = _free_port()
    client = TableClient(Address("127.0.0.1", port, "abcd-efgh"), name="Ann")
    runner = asyncio.ensure_future(client.run())
    with pytest.raises(ConnectionError) as raised:
        await client.wait_welcome(within=15)
    assert not isinstance(raised.value, ConnectionRefusedError)  # (that is the table's "no")
    await asyncio.wait_for(runner, 2)  # it stopped by itself: no more tries
    says = f"nothing answers at 127.0.0.1:{port}: no table is open there"
    assert str(raised.value) == says and client.status == says and client.unreached


async def test_something_there_that_is_not_a_table_is_said() -> None:
    site_runner = web.AppRunner(web.Application())  # answers every path with 404
    await site_runner.setup()
    site = web.TCPSite(site_runner, "127.0.0.1", 0)
    await site.start()
    port = site_runner.addresses[0][1]
    try:
        client = TableClient(Address("127.0.0.1", port, "abcd-efgh"))
        runner = asyncio.ensure_future(client.run())
        await asyncio.wait_for(runner, 5)
        assert (
            client.fatal
            == f"something answers at 127.0.0.1:{port}, but it is not a cardsuite table"
        )
    finally:
        await site_runner.cleanup()


def test_a_name_that_names_no_machine_is_said() -> None:
    address = Address("tabel.example", 8765, "abcd-efgh")
    error = socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    assert unreached(address, error) == "no machine called tabel.example was found"
    timed_out = unreached(address, TimeoutError("timed out"))
    assert timed_out == "cannot reach tabel.example:8765 (timed out)"


async def test_a_host_name_no_connection_can_spell_is_said_not_raised() -> None:
    """A label over 63 letters raised UnicodeError from inside aiohttp (IDNA); ``cardsuite
    join`` refuses such an address before, and the client says it if given one."""
    client = TableClient(Address("a" * 64 + ".example", 8765, "abcd-efgh"))
    await asyncio.wait_for(client.run(), 5)
    assert client.unreached and client.fatal is not None
    assert client.fatal.startswith("cannot reach " + "a" * 64 + ".example:8765")


async def test_a_join_waits_while_the_host_is_asked() -> None:
    """Asking for a dropped player's seat, the client waits as long as the host may think
    (``protocol.ASK_TIMEOUT``), not its own short wait for a welcome; it says it is asking."""
    from remote_players import ScriptedPlayer, hosted, wait_for

    from cardsuite.match import SeatSpec

    seats = [SeatSpec("remote", "Ann"), SeatSpec("medium", "B"), SeatSpec("medium", "C")]
    server = await hosted("manni", seats, seed=1, variant="basic")
    asks: list = []
    server.on_ask = asks.append
    ann = ScriptedPlayer(server.address, "Ann").start()
    statuses: list[str] = []
    client = TableClient(server.address, name="ann", on_status=statuses.append)
    runner: asyncio.Future[None] | None = None
    try:
        await wait_for(lambda: ann.seat == 0, 5, "Ann")
        await ann.close(bye=False)
        await wait_for(lambda: server.slots[0].dropped, 5, "Ann to be gone")
        runner = asyncio.ensure_future(client.run())
        waiting = asyncio.ensure_future(client.wait_welcome(within=0.2))
        await wait_for(lambda: asks, 5, "the host's question")
        await asyncio.sleep(0.5)  # longer than the join's own wait
        assert not waiting.done() and client.asking is not None
        assert statuses[-1] == "Ann's seat is kept for its player: asking the host to let you in"
        asks[0].answer(True)
        welcome = await asyncio.wait_for(waiting, 5)
        assert welcome["seat"] == 0 and client.asking is None
    finally:
        await client.close(bye=False)
        if runner is not None:
            await asyncio.wait_for(runner, 5)
        await server.close()
