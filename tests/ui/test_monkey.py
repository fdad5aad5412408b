"""Thousands of random key presses on every screen raise nothing.

``CARDSUITE_FULL=1`` runs 2,100 presses per test instead of a sample of 480. Keys go
straight to the driver, as a terminal would deliver them from a very fast typist,
with a pause every few keys so bots, timers and screens catch up; any exception inside the
app fails the test (``run_test`` re-raises it).
"""

from __future__ import annotations

import asyncio
import random

import pytest
from helpers import start, wait_for
from scale import FULL
from textual import events

from cardsuite.games.twenty_two.screen import TwentyTwoScreen
from cardsuite.ui.picker import PickerScreen

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
    "h",
    "u",
    "l",
    "q",
    "r",
    "s",
    "d",
    "y",
    "n",
    "p",
    "v",
    "t",
    "question_mark",
    "f1",
    "ctrl+s",
    "1",
    "2",
    "3",
    "x",
    "k",
    "home",
    "end",
    "pageup",
    "pagedown",
    "backspace",
    "ctrl+enter",
]
#: Bursts of 60 keys per test: a sample by default, the whole run with CARDSUITE_FULL=1.
BURSTS = 35 if FULL else 8

CHARS = {"space": " ", "question_mark": "?", "enter": "\r", "tab": "\t", "backspace": "\x7f"}


async def press_fast(app, pilot, keys: list[str], every: int = 30) -> None:  # type: ignore[no-untyped-def]
    for i, key in enumerate(keys):
        char = CHARS.get(key, key if len(key) == 1 else None)
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)
        await asyncio.sleep(0)
        if i % every == every - 1:
            await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("seed", [1, 2])
async def test_monkey_on_the_table(make_app, seed: int) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=start("human,medium,hard,human", seed=seed))
    rng = random.Random(seed)
    async with app.run_test(size=(90, 28)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        table = app.screen
        for _ in range(BURSTS):  # 60 keys a burst: 2,100 presses in the full run
            await press_fast(app, pilot, [rng.choice(KEYS) for _ in range(60)])
            if isinstance(app.screen, PickerScreen):  # left the game: sit down again
                app.open_table(table.match)
                await pilot.pause()
        assert app.is_running


async def test_monkey_on_picker_setup_and_help(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    rng = random.Random(7)
    safe = [k for k in KEYS if k != "q"]  # q on the picker quits, as it should
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        for _ in range(BURSTS):
            await press_fast(app, pilot, [rng.choice(safe) for _ in range(60)])
            assert app.is_running
