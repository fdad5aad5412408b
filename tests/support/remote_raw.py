"""A raw WebSocket connection to a table server for remote-table tests: it sends whatever it
is given (no client library between) and reads what comes back, so a test can say exactly
what a hostile or careless client sends (``test_hostile.py``, ``test_lobby_room.py``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from typing import Any

import aiohttp
from aiohttp import WSCloseCode, WSMsgType

from cardsuite.remote import protocol as P
from cardsuite.remote.server import TableServer

_ENDS = (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR)


class Raw:
    """A WebSocket connection that sends whatever it is given: no client library between."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.got: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, session: aiohttp.ClientSession, server: TableServer, **hello: Any) -> Raw:
        """Connected; with ``hello`` fields, said hello with the table's secret and been
        welcomed."""
        raw = cls(await session.ws_connect(server.address.url))
        if hello:
            await raw.send(P.encode("hello", secret=server.secret, **hello))
            raw.welcome = await raw.next("welcome")
        return raw

    welcome: dict[str, Any] | None = None
    token: str | None = None  # a seat's, when it took one

    async def send(self, *frames: str | bytes) -> None:
        for frame in frames:
            with contextlib.suppress(ConnectionResetError):  # the server may have cut it
                if isinstance(frame, bytes):
                    await self.ws.send_bytes(frame)
                else:
                    await self.ws.send_str(frame)

    async def read(self, within: float = 3.0) -> dict[str, Any] | None:
        """The next message; None once the connection is closed."""
        loop = asyncio.get_running_loop()
        end = loop.time() + within
        while True:  # (pongs and pings are not messages: past them, to the next one)
            try:
                m = await self.ws.receive(timeout=max(0.001, end - loop.time()))
            except TimeoutError:
                raise AssertionError(f"nothing from the server in {within} s") from None
            if m.type == WSMsgType.TEXT:
                msg = json.loads(m.data)
                self.got.append(msg)
                return msg
            if m.type in _ENDS:
                return None

    async def next(self, kind: str, within: float = 3.0) -> dict[str, Any]:
        """The next message of ``kind`` within ``within`` seconds (others are kept in
        ``got``)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + within
        while True:
            try:
                msg = await self.read(max(0.001, end - loop.time()))
            except AssertionError:
                kinds = [m["type"] for m in self.got]
                raise AssertionError(f"no {kind} in {within} s, only {kinds}") from None
            if msg is None:
                raise AssertionError(
                    f"closed ({self.ws.close_code}, {self.error!r}) while waiting for {kind}"
                )
            if msg["type"] == kind:
                return msg

    async def refused(self, action: str, seq: int) -> str:
        """Send ``action`` answering ``seq``; the reason it was refused (for that action)."""
        await self.send(P.encode("act", action=action, seq=seq))
        refused = await self.next("refused")
        assert refused["action"] == action
        return str(refused["reason"])

    async def closed(self, within: float = 3.0) -> tuple[str | None, int | None]:
        """Read to the end (within ``within`` seconds in all: a connection the server keeps
        pinging is not closed): the reason the server gave and the close code."""
        loop = asyncio.get_running_loop()
        end = loop.time() + within
        try:
            while await self.read(max(0.001, end - loop.time())) is not None:
                pass
        except AssertionError:
            kinds = [m["type"] for m in self.got]
            raise AssertionError(f"still open after {within} s, having sent {kinds}") from None
        return self.error, self.ws.close_code

    @property
    def error(self) -> str | None:
        errors = [m["reason"] for m in self.got if m["type"] == "error"]
        return errors[-1] if errors else None

    async def close(self) -> None:
        await self.ws.close()


async def assert_closed_with(raw: Raw, reason: str | re.Pattern[str], what: str) -> None:
    """(a) the server closed the connection after an ``error`` with ``reason``."""
    why, code = await raw.closed()
    if isinstance(reason, str):
        assert why == reason, f"{what}: closed with {why!r}, not {reason!r}"
    else:
        assert why is not None and reason.fullmatch(why), f"{what}: closed with {why!r}"
    assert code == WSCloseCode.POLICY_VIOLATION, f"{what}: close code {code}"
    assert raw.ws.closed
