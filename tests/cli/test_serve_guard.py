"""``cardsuite serve``'s doors (issue 33 #3): it accepted a WebSocket from any Origin or Host
and started a process per connection without limit (10 connections, 478 MB), and a
half-open request was held for ever. Each session here runs a stand-in for the app (``head``
reading one byte: textual-serve's quit ends it), so the tests start no cardsuite; the real
page in a real browser is ``test_serve_browser.py``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import shutil
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from textual_serve.app_service import AppService

from cardsuite.web.serve import MAX_COLUMNS, MAX_ROWS, CardsuiteServer

pytestmark = pytest.mark.skipif(shutil.which("head") is None, reason="no head command here")

#: A session's process: it waits for the first byte on its input (textual-serve's "quit").
COMMAND = "head -c 1 > /dev/null"


@pytest.fixture
async def server() -> AsyncIterator[CardsuiteServer]:
    srv = CardsuiteServer(COMMAND, host="127.0.0.1", port=0, max_sessions=2, header_timeout=0.5)
    started = asyncio.Event()
    task = asyncio.ensure_future(srv.run(started))
    await asyncio.wait_for(started.wait(), 10)
    try:
        yield srv
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as s:
        yield s


def here(server: CardsuiteServer) -> str:
    return f"127.0.0.1:{server.port}"


async def until(cond: Any, within: float = 5.0, what: str = "") -> None:
    end = time.monotonic() + within
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what or cond}")
        await asyncio.sleep(0.01)


# --- Host and Origin ---------------------------------------------------------------------------


def test_who_may_ask() -> None:
    s = CardsuiteServer(COMMAND, host="127.0.0.1", port=8000)
    public = CardsuiteServer(COMMAND, host="0.0.0.0", port=8000, names=["MyPC", "mypc.lan"])
    ok = [
        (s, "127.0.0.1:8000", None),  # a program (no Origin): its own rights anyway
        (s, "127.0.0.1:8000", "http://127.0.0.1:8000"),  # our page
        (s, "localhost:8000", "http://localhost:8000"),
        (s, "LocalHost:8000", "http://localhost:8000"),
        (s, "[::1]:8000", "http://[::1]:8000"),
        (public, "192.168.1.20:8000", "http://192.168.1.20:8000"),
        (public, "mypc:8000", "http://MyPC:8000"),
        (public, "mypc.lan.:8000", None),
    ]
    for server, host, origin in ok:
        assert server.refusal(host, origin) is None, (host, origin)
    refused = [
        (s, None, None, "a request names the server it asks (Host)"),
        (s, "", None, "a request names the server it asks (Host)"),
        (s, "127.0.0.1:9", None, "this server is at port 8000, not 9"),
        (s, "127.0.0.1", None, "this server is at port 8000, not 80"),
        (s, "127.0.0.1:x", None, "'127.0.0.1:x' is not a host"),
        (s, "[::1:8000", None, "'[::1:8000' is not a host"),
        (s, '"><script>@127.0.0.1:8000', None, "is not a host"),  # the page is built from it
        (s, "127.0.0.1:80000", None, "this server is at port 8000, not 80000"),
        (s, "127.0.0.1:8000/x", None, "'127.0.0.1:8000/x' is not a host"),
        # DNS rebinding: a site's name that resolves to this machine
        (s, "evil.example:8000", None, "this cardsuite does not answer to 'evil.example'"),
        (s, "localhost.evil.example:8000", None, "does not answer to 'localhost.evil.example'"),
        (s, "mypc:8000", None, "does not answer to 'mypc'"),
        # a page elsewhere (another site, another port, a file, a sandbox)
        (s, "127.0.0.1:8000", "http://evil.example", "a page from http://evil.example may not"),
        (s, "127.0.0.1:8000", "http://127.0.0.1:8001", "a page from http://127.0.0.1:8001"),
        (s, "127.0.0.1:8000", "http://localhost:8000", "a page from http://localhost:8000"),
        (s, "127.0.0.1:8000", "null", "a page from null may not start cardsuite here"),
        (s, "127.0.0.1:8000", "file://", "a page from file:// may not"),
        (s, "127.0.0.1:8000", "chrome-extension://abc", "a page from chrome-extension://abc"),
        (public, "evil.example:8000", "http://evil.example:8000", "does not answer to 'evil"),
    ]
    for server, host, origin, says in refused:
        why = server.refusal(host, origin)
        assert why is not None and says in why, (host, origin, why)


async def test_a_page_elsewhere_gets_no_session(
    server: CardsuiteServer, session: aiohttp.ClientSession
) -> None:
    url = f"http://{here(server)}"
    for headers in (
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Origin": f"http://localhost:{server.port}"},  # not the Host it asks
        {"Host": f"evil.example:{server.port}"},  # rebinding: the name is a site's
        {"Host": f"evil.example:{server.port}", "Origin": f"http://evil.example:{server.port}"},
    ):
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(f"{url}/ws", headers=headers)
        assert refused.value.status == 403, headers
        async with session.get(url, headers=headers) as r:
            assert r.status == 403, headers
            assert re.search("does not answer to|may not start cardsuite", await r.text())
    assert server.sessions == 0


async def test_the_page_is_built_from_the_address_it_was_opened_at(
    server: CardsuiteServer, session: aiohttp.ClientSession
) -> None:
    for name in ("127.0.0.1", "localhost"):
        where = f"{name}:{server.port}"
        async with session.get(f"http://{here(server)}/", headers={"Host": where}) as r:
            assert r.status == 200
            page = await r.text()
        assert f'data-session-websocket-url="ws://{where}/ws"' in page
        assert f"http://{where}/static/js/textual.js" in page
        hosts = set(re.findall(r"(?:https?|wss?)://([^/\"']+)/", page)) - {"www.w3.org"}
        assert hosts == {where}, hosts  # (the favicon's SVG names its namespace only)


# --- sessions ------------------------------------------------------------------------------------


async def open_session(
    server: CardsuiteServer, session: aiohttp.ClientSession, **query: int
) -> aiohttp.ClientWebSocketResponse:
    url = f"http://{here(server)}/ws"
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return await session.ws_connect(url, headers={"Origin": f"http://{here(server)}"})


async def test_sessions_are_capped_and_the_one_over_is_told_why(
    server: CardsuiteServer, session: aiohttp.ClientSession
) -> None:
    first = [await open_session(server, session) for _ in range(2)]
    await until(lambda: server.sessions == 2, what="two sessions")
    for _ in range(8):  # the 10 connections
        over = await open_session(server, session)
        msg = await over.receive(timeout=5)
        assert msg.type == aiohttp.WSMsgType.CLOSE and over.close_code == 1013  # try again later
        assert msg.extra == (
            "2 cardsuite tabs are open here, the most allowed (--max-sessions):"
            " close one, then Restart."
        )
        assert len(msg.extra.encode()) <= 123  # (a close frame's reason)
    assert server.sessions == 2
    await first[0].close()
    await until(lambda: server.sessions == 1, what="a session to end")
    again = await open_session(server, session)  # a place is free again
    await until(lambda: server.sessions == 2, what="the new session")
    assert not again.closed
    for ws in (first[1], again):
        await ws.close()
    await until(lambda: server.sessions == 0, what="every session to end")


async def test_a_session_outlives_the_head_deadline(
    server: CardsuiteServer, session: aiohttp.ClientSession
) -> None:
    ws = await open_session(server, session)
    await asyncio.sleep(server.header_timeout * 2)  # the deadline is for the head only
    assert not ws.closed and server.sessions == 1
    await ws.send_str(json.dumps(["ping", "x"]))
    assert json.loads((await ws.receive(timeout=5)).data) == ["pong", "x"]
    await ws.close()


async def test_the_pages_messages_are_read_with_care(
    server: CardsuiteServer, session: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    sizes: list[tuple[int, int]] = []
    keys: list[bytes] = []
    start, resize = AppService.start, AppService.set_terminal_size

    async def record_start(self: AppService, width: int, height: int) -> None:
        sizes.append((width, height))
        await start(self, width, height)

    async def record_resize(self: AppService, width: int, height: int) -> None:
        sizes.append((width, height))
        await resize(self, width, height)

    async def record_keys(self: AppService, data: bytes) -> bool:
        keys.append(data)
        return True

    monkeypatch.setattr(AppService, "start", record_start)
    monkeypatch.setattr(AppService, "set_terminal_size", record_resize)
    monkeypatch.setattr(AppService, "send_bytes", record_keys)
    ws = await open_session(server, session, width=10**9, height=-5)
    for junk in [
        "not json",
        "[" * 5000,
        "{}",
        "[]",
        '["stdin", 5]',
        '["resize", {"width": "80", "height": 24}]',
        '["resize", [1, 2]]',
        '["stdin", "\\ud800a"]',  # a lone surrogate: replaced, not a crash
        json.dumps(["resize", {"width": 10**12, "height": 10**12}]),
        json.dumps(["ping", 1]),
    ]:
        await ws.send_str(junk)
    assert json.loads((await ws.receive(timeout=5)).data) == ["pong", 1]
    assert not ws.closed and server.sessions == 1  # the session lives on
    assert sizes == [(MAX_COLUMNS, 1), (MAX_COLUMNS, MAX_ROWS)]
    assert keys == [b"?a"]
    await ws.close()


# --- a request's head ----------------------------------------------------------------------------


async def test_a_half_open_request_is_closed_after_the_head_deadline(
    server: CardsuiteServer,
) -> None:
    async def held_for(*parts: bytes, every: float = 0.0) -> float:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        began = time.monotonic()
        try:
            for part in parts:
                if writer.is_closing() or reader.at_eof():
                    break
                with contextlib.suppress(ConnectionError):  # (closed while it trickles)
                    writer.write(part)
                    await writer.drain()
                if every:
                    await asyncio.sleep(every)
            try:
                answer = await asyncio.wait_for(reader.read(), 5)  # until the server hangs up
            except ConnectionError:  # (it hung up while we wrote)
                answer = b""
        finally:
            writer.close()
        assert answer == b"" or answer.startswith(b"HTTP/1.1 408"), answer
        return time.monotonic() - began

    limit = server.header_timeout
    assert await held_for() < limit + 1.5  # nothing at all
    assert await held_for(f"GET / HTTP/1.1\r\nHost: {here(server)}\r\n".encode()) < limit + 1.5
    trickle = [bytes([c]) for c in f"GET / HTTP/1.1\r\nHost: {here(server)}\r\n".encode()]
    assert await held_for(*trickle, every=0.05) < limit + 1.5  # a byte at a time: no more time
    # a whole request, slower than nothing but within the deadline, is answered; a second
    # one on the same connection, half sent, is held no longer than the first
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    head = f"GET / HTTP/1.1\r\nHost: {here(server)}\r\n\r\n".encode()
    writer.write(head[:10])
    await asyncio.sleep(limit / 2)
    writer.write(head[10:])
    status = await asyncio.wait_for(reader.readline(), 5)
    assert status.startswith(b"HTTP/1.1 200"), status
    length = 0
    while (line := await asyncio.wait_for(reader.readline(), 5)) != b"\r\n":
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    await reader.readexactly(length)
    began = time.monotonic()
    writer.write(head[:10])
    assert await asyncio.wait_for(reader.read(), 5) == b""
    assert time.monotonic() - began < limit + 1.5
    writer.close()
