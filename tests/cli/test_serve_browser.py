"""``cardsuite serve`` in a real browser (issue 32 #2, #19): the keyboard reaches the app
without a click, and the page asks nothing of any machine but the server's; a page on
another site starts no cardsuite, and a tab over ``--max-sessions`` says why (issue 33 #3;
the server's checks themselves: ``test_serve_guard.py``).

Needs the ``playwright`` Python package (the ``browser-test`` extra) and a Chromium already on
the machine (``$CARDSUITE_CHROMIUM``, else ``chromium``, ``chromium-browser`` or
``google-chrome`` on PATH; playwright's own browser download is never used). Skipped, with
the reason, where either is missing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import cardsuite

playwright_api = pytest.importorskip(
    "playwright.async_api",
    reason="the playwright package is not installed (the browser-test extra)",
    exc_type=ImportError,
)

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _chromium() -> str | None:
    given = os.environ.get("CARDSUITE_CHROMIUM")
    if given:
        return given
    names = ("chromium", "chromium-browser", "google-chrome")
    return next((found for name in names if (found := shutil.which(name))), None)


CHROMIUM = _chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium here (set CARDSUITE_CHROMIUM, or install chromium)",
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``cardsuite serve`` of this checkout on a free port: its URL and its process (whose
    output is the server's request log)."""
    with serving(tmp_path) as it:
        yield it


@contextlib.contextmanager
def serving(tmp_path: Path, *options: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``cardsuite serve [options]`` (see ``served``)."""
    port = _free_port()
    checkout = str(Path(cardsuite.__file__).resolve().parents[1])
    env = {
        **os.environ,
        "CARDSUITE_HOME": str(tmp_path / "home"),
        "PYTHONPATH": os.pathsep.join([checkout, os.environ.get("PYTHONPATH", "")]),
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "cardsuite", "serve", "--port", str(port), *options],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    out = server.communicate()[0]
                    raise AssertionError(f"serve did not start: {out}") from None
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}/", server
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


async def test_the_keyboard_reaches_the_app_at_once_and_nothing_leaves_the_machine(
    served: tuple[str, subprocess.Popen[str]], tmp_path: Path
) -> None:
    url, server = served
    requested: list[str] = []
    down_sent = asyncio.Event()  # the page sent the server the key ↓ as the app's input

    def sent(frame: str | bytes) -> None:
        if json.loads(frame) == ["stdin", "\x1b[B"]:
            down_sent.set()

    async with playwright_api.async_playwright() as pw:
        browser = await pw.chromium.launch_persistent_context(
            str(tmp_path / "profile"),
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
        )
        try:
            page = await browser.new_page()
            page.on("request", lambda r: requested.append(r.url))
            page.on("websocket", lambda ws: ws.on("framesent", sent))
            await page.goto(url)
            # The app has drawn (textual.js marks the body on its first screenful).
            await page.wait_for_selector("body.-first-byte", timeout=60_000)
            # The terminal holds the keyboard, with no click: xterm reads its textarea.
            await page.wait_for_function(
                "document.activeElement && document.activeElement.classList"
                ".contains('xterm-helper-textarea')",
                timeout=10_000,
            )
            await page.keyboard.press("ArrowDown")
            await asyncio.wait_for(down_sent.wait(), 10)
            # ...and it reaches the app: ctrl+q quits it, which ends the session.
            await page.keyboard.press("Control+q")
            await page.wait_for_selector("body.-closed", state="attached", timeout=30_000)
            icon = await page.get_attribute("link[rel=icon]", "href")
        finally:
            await browser.close()
    assert icon and icon.startswith("data:image/svg+xml,")  # inline: no /favicon.ico asked
    away = [u for u in requested if urlsplit(u).hostname not in ("127.0.0.1", None)]
    assert away == [], f"the page asked other machines: {away}"
    server.terminate()
    log = server.communicate(timeout=10)[0]
    assert "favicon" not in log and " 404 " not in log


@contextlib.asynccontextmanager
async def elsewhere_serving(page: str) -> AsyncIterator[str]:
    """Another web server on this machine, serving ``page`` at its root: its origin."""
    from aiohttp import web

    async def index(_: web.Request) -> web.Response:
        return web.Response(text=page, content_type="text/html")

    app = web.Application()
    app.router.add_get("/", index)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


async def test_a_tab_over_the_cap_says_why_and_a_page_elsewhere_starts_nothing(
    tmp_path: Path,
) -> None:
    with serving(tmp_path, "--max-sessions", "1") as (url, server):
        port = urlsplit(url).port
        async with playwright_api.async_playwright() as pw:
            browser = await pw.chromium.launch_persistent_context(
                str(tmp_path / "profile"),
                executable_path=CHROMIUM,
                headless=True,
                args=CHROMIUM_ARGS,
            )
            try:
                first = await browser.new_page()
                await first.goto(url)
                await first.wait_for_selector("body.-first-byte", timeout=60_000)
                # a second tab: the server takes one at a time, and the page says so
                second = await browser.new_page()
                await second.goto(url)
                await second.wait_for_selector("body.-closed", state="attached", timeout=30_000)
                said = await second.text_content(".closed-dialog .message")
                assert said == (
                    "1 cardsuite tab is open here, the most allowed (--max-sessions):"
                    " close one, then Restart."
                )
                # the first tab's app ends (ctrl+q): its place is free
                await first.keyboard.press("Control+q")
                await first.wait_for_selector("body.-closed", state="attached", timeout=30_000)
                await first.close()
                # a page elsewhere (another port of this machine) opens a WebSocket to
                # cardsuite: refused. (A page of a public site would be stopped by Chromium
                # itself, whose local network rules keep it from 127.0.0.1 at all.)
                script = (
                    f"const ws = new WebSocket('ws://127.0.0.1:{port}/ws');"
                    "ws.onopen = () => { document.title = 'opened'; };"
                    "ws.onclose = () => { if (document.title !== 'opened')"
                    " document.title = 'refused'; };"
                )
                page = f"<html><head><title>waiting</title></head><body><script>{script}</script>"
                async with elsewhere_serving(page) as evil:
                    elsewhere = await browser.new_page()
                    await elsewhere.goto(evil)
                    await elsewhere.wait_for_function(
                        "document.title !== 'waiting'", timeout=10_000
                    )
                    assert await elsewhere.title() == "refused"
            finally:
                await browser.close()
        server.terminate()
        log = " ".join(server.communicate(timeout=10)[0].split())
    assert f"a page from {evil} may not start cardsuite here" in log
    # two sessions began (the first tab's, and the second's, only to be told why); the page
    # elsewhere was refused before any
    assert log.count('HTTP/1.1" 101') == 2 and log.count('HTTP/1.1" 403') == 1
