"""``cardsuite serve``: textual-serve's server with the doors a web page could use shut.

Every WebSocket session on ``/ws`` starts a cardsuite process with the rights of the user
who ran ``cardsuite serve``. Stock textual-serve opened one for any page, from any site, as
often as asked. ``CardsuiteServer`` adds:

- **Host and Origin** (``refusal``). A request's ``Host`` must be a name this server answers
  to: an IP address, ``localhost``, the ``--host`` served, or (serving beyond this machine)
  this machine's own name. A page on another site whose name resolves to this machine (DNS
  rebinding) is refused with 403. A request that carries an ``Origin`` (a browser's
  WebSocket always does) must come from this server's own page: the same scheme, host and
  port as its ``Host``; a page elsewhere cannot drive a cardsuite here. The page is built
  from the address it was opened at (its WebSocket too), so it is same-origin however it
  was reached.
- **A cap on sessions** (``max_sessions``, ``--max-sessions``). One session more is
  accepted only to be closed at once with the reason (code 1013, "try again later"), which
  the page's "Session ended" box shows.
- **A deadline for a request's head** (``HeadDeadline``). A connection must send its
  request line and headers within ``header_timeout`` seconds of connecting: a half-open
  request holds a socket that long, no longer (aiohttp's own idle timeout counted only
  between requests until recently, and stood at an hour); a later request on the same
  connection, within aiohttp's idle timeout, set to the same.
- **The browser's messages read with care**: a terminal size is clamped (a page asking for
  a million columns would have the app allocate them), a message that is not ours is
  ignored, keys that are not Unicode are replaced.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import re
import signal
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

log = logging.getLogger("cardsuite.serve")

#: Sessions (browser tabs, each a cardsuite process) at once, unless told otherwise.
MAX_SESSIONS = 4
#: Seconds a connection has to send its request's head.
HEADER_TIMEOUT = 10.0
#: The largest terminal a page may ask for (cells).
MAX_COLUMNS, MAX_ROWS = 1000, 500

PAGE = Path(__file__).parent  # our app_index.html; textual-serve's static files as they are


#: A Host header: a name or an IPv4 address, or an IPv6 one in brackets, and a port.
_HOST = re.compile(r"(?P<name>[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::(?P<port>[0-9]{1,5}))?")


def _split_host(value: str) -> tuple[str, int | None] | None:
    """A ``Host`` header's name (lower case, no brackets) and port; None if it is not one
    (nothing else gets through: the page is built from it)."""
    found = _HOST.fullmatch(value)
    if found is None:
        return None
    name = found["name"].strip("[]").lower().rstrip(".")
    return (name, int(found["port"]) if found["port"] else None) if name else None


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name.split("%")[0])
    except ValueError:
        return False
    return True


class HeadDeadline(asyncio.Protocol):
    """One connection's protocol, wrapped: its request's head (the request line and headers,
    up to the blank line) must arrive within ``timeout`` seconds, else the connection is
    closed. Everything is handed on to aiohttp's own protocol as it comes. Once a head is in
    the clock stops; bytes after it (a WebSocket's frames) are not watched."""

    def __init__(self, inner: asyncio.Protocol, timeout: float) -> None:
        self.inner = inner
        self.timeout = timeout
        self._timer: asyncio.TimerHandle | None = None
        self._tail = b""  # the last bytes seen, for a blank line split between reads
        self._transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # a stream server's protocol is given a Transport (asyncio types the hook for all)
        self._transport = transport  # type: ignore[assignment]
        self._timer = asyncio.get_running_loop().call_later(self.timeout, self._late)
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self._timer is not None:
            seen = self._tail + data
            if b"\r\n\r\n" in seen or b"\n\n" in seen:
                self._timer.cancel()
                self._timer = None
            else:
                self._tail = seen[-3:]
        self.inner.data_received(data)

    def _late(self) -> None:
        self._timer = None
        log.info("a request's head did not come within %g s: closed", self.timeout)
        if self._transport is not None and not self._transport.is_closing():
            with contextlib.suppress(Exception):
                self._transport.write(
                    b"HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n"
                    b"Content-Length: 0\r\n\r\n"
                )
            self._transport.close()

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()


class CardsuiteServer(Server):
    """textual-serve's ``Server`` with the checks above (see the module docstring)."""

    def __init__(
        self,
        command: str,
        *,
        host: str,
        port: int,
        names: Iterable[str] = (),
        max_sessions: int = MAX_SESSIONS,
        header_timeout: float = HEADER_TIMEOUT,
        title: str = "cardsuite",
    ) -> None:
        super().__init__(command, host=host, port=port, title=title, templates_path=PAGE)
        #: names (beyond IP addresses and localhost) a request's Host may give
        self.names = {n.lower().rstrip(".") for n in (host, *names) if n}
        self.max_sessions = max_sessions
        self.header_timeout = header_timeout
        self.sessions = 0  # open now

    # --- who may ask ----------------------------------------------------------------------

    def answers_to(self, name: str) -> bool:
        return name == "localhost" or _is_ip(name) or name in self.names

    def refusal(self, host: str | None, origin: str | None) -> str | None:
        """Why a request with these ``Host`` and ``Origin`` headers is refused; None if it
        is not."""
        if not host:
            return "a request names the server it asks (Host)"
        where = _split_host(host)
        if where is None:
            return f"{host!r} is not a host"
        name, port = where
        if (port or 80) != self.port:
            return f"this server is at port {self.port}, not {port or 80}"
        if not self.answers_to(name):
            return (
                f"this cardsuite does not answer to {name!r}: open it at"
                f" http://127.0.0.1:{self.port}/ (or serve with --host {name})"
            )
        if origin is not None:
            parts = urlsplit(origin)
            if parts.scheme not in ("http", "https") or parts.netloc.lower() != host.lower():
                return f"a page from {origin} may not start cardsuite here"
        return None

    @web.middleware
    async def _guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        why = self.refusal(request.headers.get("Host"), request.headers.get("Origin"))
        if why is not None:
            log.warning("refused %s %s: %s", request.method, request.path, why)
            return web.Response(status=403, text=f"{why}\n")
        response: web.StreamResponse = await handler(request)
        return response

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._guard)
        return app

    # --- the page -------------------------------------------------------------------------

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        """The page, its static files and its WebSocket at the address it was opened at
        (the Host checked): stock, all were at ``--host``, another origin than the page's
        when it was opened as localhost."""
        base = f"{request.scheme}://{request.host}"
        router = request.app.router
        static = f"{base}{router['static'].url_for(filename='/')}".rstrip("/") + "/"
        socket_url = f"{base}{router['websocket'].url_for()}"
        socket_url = ("wss:" if base.startswith("https") else "ws:") + socket_url.split(":", 1)[1]
        return {
            "font_size": max(6, min(to_int(request.query.get("fontsize", "16"), 16), 64)),
            "app_websocket_url": socket_url,
            "config": {"static": {"url": static}},
            "application": {"name": self.title},
        }

    # --- sessions -------------------------------------------------------------------------

    def too_many(self) -> str:
        """The reason a session over the cap is refused (a WebSocket close reason: at most
        123 bytes)."""
        n = self.max_sessions
        tabs = f"{n} cardsuite tab{'s are' if n != 1 else ' is'}"
        return f"{tabs} open here, the most allowed (--max-sessions): close one, then Restart."

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if self.sessions >= self.max_sessions:
            websocket = web.WebSocketResponse()
            await websocket.prepare(request)
            why = self.too_many()
            log.warning("a session refused: %s", why)
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=why.encode()[:123])
            return websocket
        self.sessions += 1
        try:
            return await self._session(request)
        finally:
            self.sessions -= 1

    async def _session(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's session (``Server.handle_websocket``), the terminal's size
        clamped."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width = max(1, min(to_int(request.query.get("width", "80"), 80), MAX_COLUMNS))
        height = max(1, min(to_int(request.query.get("height", "24"), 24), MAX_ROWS))
        app_service: AppService | None = None
        try:
            await websocket.prepare(request)

            async def close() -> None:  # AppService awaits a close that returns nothing
                await websocket.close()

            app_service = AppService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            await app_service.start(width, height)
            try:
                await self._process_messages(websocket, app_service)
            finally:
                await app_service.stop()
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:
            log.exception(error)
        finally:
            if app_service is not None:
                await app_service.stop()
        return websocket

    async def _process_messages(
        self, websocket: web.WebSocketResponse, app_service: AppService
    ) -> None:
        """The page's messages (textual-serve's, read with care: what is not one is
        ignored, not a crash of the session)."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except (ValueError, RecursionError):
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                width, height = data.get("width"), data.get("height")
                if type(width) is int and type(height) is int:
                    await app_service.set_terminal_size(
                        max(1, min(width, MAX_COLUMNS)), max(1, min(height, MAX_ROWS))
                    )
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()

    # --- running --------------------------------------------------------------------------

    def serve(self, debug: bool = False) -> None:
        """Serve until ctrl+c (or SIGTERM)."""
        self.debug = debug
        self.initialize_logging()
        asyncio.run(self.run(signals=True))

    async def run(self, started: asyncio.Event | None = None, signals: bool = False) -> None:
        """Listen, every connection under ``HeadDeadline``, until SIGINT or SIGTERM (with
        ``signals``) or the task is cancelled; ``started`` is set once listening (``port``
        then says where, if it was 0)."""
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM) if signals else ():
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, stop.set)
        # (aiohttp's idle timeout closes a connection idle between requests: a request's
        # head after the first is held no longer than the first's)
        runner = web.AppRunner(
            await self._make_app(), handle_signals=False, keepalive_timeout=self.header_timeout
        )
        await runner.setup()
        handlers = runner.server
        assert handlers is not None
        listener = await loop.create_server(
            lambda: HeadDeadline(handlers(), self.header_timeout),
            self.host,
            self.port,
            reuse_address=True,
        )
        if self.port == 0:
            self.port = listener.sockets[0].getsockname()[1]
        if started is not None:
            started.set()
        try:
            await stop.wait()
        finally:
            listener.close()
            await runner.cleanup()
            for sig in (signal.SIGINT, signal.SIGTERM) if signals else ():
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    loop.remove_signal_handler(sig)


__all__ = ["HEADER_TIMEOUT", "MAX_SESSIONS", "CardsuiteServer", "HeadDeadline"]
