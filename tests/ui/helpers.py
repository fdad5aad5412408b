"""Small async helpers for Pilot tests: poll instead of sleeping."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from cardsuite.match import SeatSpec
from cardsuite.ui.app import StartRequest


async def wait_for(
    pilot: Pilot,
    test: Callable[[], bool],
    timeout: float = 10.0,
    why: Callable[[], str] | None = None,
) -> None:
    """Pause until ``test()`` holds; fail with a clear message after ``timeout`` seconds
    (with ``why()``'s account of the table, for a failure seen once in a loaded run)."""
    waited = 0.0
    while not test():
        if waited >= timeout:
            told = f": {why()}" if why is not None else ""
            raise AssertionError(f"condition not met after {timeout} s{told}")
        await pilot.pause(0.01)
        waited += 0.01 + 0.005


async def workers_settled(app: App[Any]) -> None:
    """Every worker has ended, however it ended. A screen left midway cancels its own workers
    (the daily's comparison with the hard bot, still running on a loaded machine), and
    ``wait_for_complete`` calls a cancelled worker an error; a worker that failed still is."""
    ended = await asyncio.gather(*(w.wait() for w in list(app.workers)), return_exceptions=True)
    for outcome in ended:
        if isinstance(outcome, BaseException) and not isinstance(outcome, WorkerCancelled):
            raise outcome


async def game_over(pilot: Pilot) -> Any:
    """The game-over dialog once it is on top *and composed*: it is pushed a moment before its
    widgets exist, and a query in between fails (a flaky CI run, 2026-12-06)."""
    from cardsuite.ui.gameover import GameOverScreen

    app = pilot.app
    await wait_for(
        pilot, lambda: isinstance(app.screen, GameOverScreen) and bool(app.screen.query("#view"))
    )
    return app.screen


#: The longest names a seat may have (16 letters), all different, as the setup screen allows:
#: the 80x24 fit tests seat them.
LONG_NAMES = [f"Abcdefghijklmn{i:02d}" for i in range(12)]


async def screen_of(pilot: Pilot, kind: type[Any]) -> Any:
    """The first screen of ``kind`` in the stack, once there and settled (a table may open
    under a hot-seat curtain)."""
    app = pilot.app
    found = lambda: [s for s in app.screen_stack if isinstance(s, kind)]  # noqa: E731
    await wait_for(pilot, lambda: bool(found()))
    await pilot.pause()
    return found()[0]


def start(
    seats: str = "human,medium,medium,medium",
    seed: int = 7,
    variant: str = "standard",
    options: dict | None = None,
) -> StartRequest:
    kinds = seats.split(",")
    names = ["South", "West", "North", "East", "Northeast", "Southeast"]
    return StartRequest(
        "twenty-two",
        [SeatSpec(k, names[i]) for i, k in enumerate(kinds)],
        variant,
        options or {},
        seed,
    )


async def lift_curtain(pilot: Pilot) -> None:
    """Press enter on the hot-seat curtain, then end the table's key guard (the moment after a
    curtain lifts in which the table takes no keys) so the test can type at once."""
    table = pilot.app.screen_stack[-2]
    table._guard_until = float("-inf")
    await pilot.press("enter")
    await wait_for(pilot, lambda: pilot.app.screen is table and not table._curtain_up)
    table._guard_until = float("-inf")


#: What a terminal may send: stray bytes, cut and whole escape sequences, mouse reports,
#: pastes (the input-bytes and monkey tests).
INPUT_PIECES: list[bytes] = [
    b"\xff",
    b"\xfe",
    b"\xc3",
    b"\x1b",
    b"\x1b[",
    b"\x1b[A",
    b"\x1b[D",
    b"\x1b[<0;5;5M",
    b"\x1b[<0;5;5m",
    b"\x1b[<0;40;12M\x1b[<0;40;12m",
    b"\x1b[<64;10;10M",
    b"\r",
    b"\x7f",
    b" ",
    b"a",
    "♥".encode(),
    b"\x00",
    b"\x1b[200~q\x1b[201~",
    b"\x1b[200~",
    b"\x1b[201~",
]
