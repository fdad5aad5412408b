"""Thousands of random key presses, raw input bytes and resizes on every screen raise nothing.

Keys go straight to the driver, as a terminal would deliver them from a very fast typist,
with a pause every few keys so bots, timers and screens catch up. Raw bytes (stray 0xFF, cut
escape sequences, mouse reports, pastes) go through the drivers' decoder and Textual's own
input parser, and whatever events come out are delivered the same way. Now and then the
terminal is resized, down to sizes too small to play. Any exception inside the app fails
the test (``run_test`` re-raises it). Each test prints how many inputs reached each screen
(``pytest -s``); ``CARDSUITE_FULL=1`` runs 35 bursts of 60 per test instead of 4.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from typing import Any

import pytest
from helpers import INPUT_PIECES, start, wait_for
from scale import FULL
from scale import seed as salted
from textual import events
from textual._xterm_parser import XTermParser
from textual.drivers import linux_driver

from cardsuite.games.twenty_two.screen import TwentyTwoScreen
from cardsuite.match import SeatSpec
from cardsuite.ui.app import StartRequest
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.table import TableScreen

KEYS = [
    "left",
    "right",
    "up",
    "down",
    "space",
    "enter",
    "tab",
    "shift+tab",
    "escape",
    "a",
    "b",
    "g",
    "h",
    "k",
    "l",
    "m",
    "s",
    "u",
    "q",
    "r",
    "d",
    "y",
    "n",
    "p",
    "v",
    "t",
    "question_mark",
    "f1",
    "f5",
    "ctrl+s",
    "ctrl+p",
    "0",
    "1",
    "2",
    "3",
    "9",
    "x",
    "home",
    "end",
    "pageup",
    "pagedown",
    "backspace",
    "ctrl+enter",
]
#: Bursts of 60 inputs per test: a sample by default, the whole run with CARDSUITE_FULL=1.
BURSTS = 35 if FULL else 4
CHARS = {"space": " ", "question_mark": "?", "enter": "\r", "tab": "\t", "backspace": "\x7f"}
#: Sizes to resize to: roomy, the smallest the app plays at, and too small to play.
SIZES = [(80, 24), (100, 30), (120, 36), (160, 48), (60, 18), (40, 12), (200, 60)]


class Monkey:
    """Random input for ``app``; counts what reached each screen."""

    def __init__(self, app: Any, pilot: Any, seed: int, keys: list[str]) -> None:
        self.app, self.pilot = app, pilot
        self.rng = random.Random(salted(seed))
        self.keys = keys
        self.counts: Counter[str] = Counter()
        self.size = app.size
        self.decode = linux_driver.getincrementaldecoder("utf-8")().decode
        self.parser = XTermParser()

    def _send(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and (
            event.key == "ctrl+q"
            or (event.key == "q" and isinstance(self.app.screen, PickerScreen))
        ):
            return  # these quit, as they should
        self.counts[type(self.app.screen).__name__] += 1
        event.set_sender(self.app)
        self.app._driver.send_message(event)

    def _raw(self) -> None:
        rng = self.rng
        data = b"".join(
            rng.choice(INPUT_PIECES) if rng.random() < 0.8 else bytes([rng.randrange(256)])
            for _ in range(rng.randrange(1, 6))
        )
        text = self.decode(data, final=False)
        for event in self.parser.feed(text) if text else ():
            self.counts["bytes"] += 1
            self._send(event)

    @property
    def quit(self) -> bool:
        """The app ended cleanly (the palette offers Quit, and the keys may find it)."""
        return not self.app.is_running and self.app._exception is None

    async def burst(self, size: int = 60, every: int = 30) -> None:
        for i in range(size):
            if self.quit:
                return
            roll = self.rng.random()
            if roll < 0.02:
                self.counts["resizes"] += 1
                await self.pilot.resize_terminal(*self.rng.choice(SIZES))
            elif roll < 0.15:
                self._raw()
            else:
                key = self.rng.choice(self.keys)
                self._send(events.Key(key, CHARS.get(key, key if len(key) == 1 else None)))
            await asyncio.sleep(0)
            if i % every == every - 1:
                await self.pilot.pause()
        if self.quit:
            return
        if self.app.size != self.size:  # most input at a size that plays
            await self.pilot.resize_terminal(*self.size)
        await self.pilot.pause()

    def report(self, name: str) -> None:
        print(f"\nmonkey {name}: {dict(sorted(self.counts.items()))}")


async def sit_down_again(app: Any, pilot: Any, table: TableScreen) -> TableScreen:
    """The keys left the game (for the picker, setup, another game): back to the same game,
    so most of the input lands on its table. Returns the table now in the stack."""
    if table in app.screen_stack or not app.is_running:
        return table
    app.back_to_picker()
    await pilot.pause()
    app.open_table(table.match)
    await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


@pytest.mark.parametrize("seed", [1, 2])
async def test_monkey_on_the_table(make_app, seed: int) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start("human,medium,hard,human", seed=seed))
    async with app.run_test(size=(90, 28)) as pilot:
        tables = lambda: [s for s in app.screen_stack if isinstance(s, TwentyTwoScreen)]  # noqa: E731
        await wait_for(pilot, lambda: bool(tables()))  # under a curtain, if a human leads
        table = tables()[0]
        monkey = Monkey(app, pilot, seed, KEYS)
        for _ in range(BURSTS):
            await monkey.burst()
            table = await sit_down_again(app, pilot, table)
        assert app.is_running or monkey.quit
        monkey.report(f"twenty-two seed {seed}")
        assert monkey.counts["TwentyTwoScreen"] > 0 and monkey.counts["bytes"] > 0


async def test_monkey_on_the_money_table(make_app) -> None:  # type: ignore[no-untyped-def]
    """Two humans at one keyboard: the turn and snap keys among the rest, timers running."""
    seats = [SeatSpec("human", "Left"), SeatSpec("human", "Right")]
    app = make_app(start=StartRequest("money", seats, "jokers", {}, 5))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MoneyScreen")
        table = app.screen
        monkey = Monkey(app, pilot, 3, [*KEYS, "a", "s", "l", "k"])
        for _ in range(BURSTS):
            await monkey.burst()
            table = await sit_down_again(app, pilot, table)
        assert app.is_running or monkey.quit
        monkey.report("money")
        assert monkey.counts["MoneyScreen"] > 0


@pytest.mark.parametrize("variant", ["basic", "trjamann", "hornafjardarmanni"])
async def test_monkey_on_the_manni_table(make_app, variant: str) -> None:  # type: ignore[no-untyped-def]
    """Hot-seat Manni: swap, keep, the contract dialog and exchanges among the other keys."""
    seats = [SeatSpec("human", "South"), SeatSpec("human", "West"), SeatSpec("medium", "East")]
    app = make_app(start=StartRequest("manni", seats, variant, {}, 6))
    async with app.run_test(size=(90, 28)) as pilot:
        tables = lambda: [s for s in app.screen_stack if type(s).__name__ == "ManniScreen"]  # noqa: E731
        await wait_for(pilot, lambda: bool(tables()))
        table = tables()[0]
        monkey = Monkey(app, pilot, 11, [*KEYS, "s", "k", "c", "1", "2", "3"])
        for _ in range(BURSTS):
            await monkey.burst()
            table = await sit_down_again(app, pilot, table)
        assert app.is_running or monkey.quit
        monkey.report(f"manni {variant}")
        assert monkey.counts["ManniScreen"] > 0


async def test_monkey_on_picker_setup_and_help(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        monkey = Monkey(app, pilot, 7, KEYS)
        for _ in range(BURSTS):
            await monkey.burst()
            assert app.is_running or monkey.quit
        monkey.report("picker, setup, help")
        assert monkey.counts["PickerScreen"] > 0
