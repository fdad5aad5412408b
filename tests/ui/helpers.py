"""Small async helpers for Pilot tests: poll instead of sleeping."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from cardsuite.match import SeatSpec
from cardsuite.ui.app import StartRequest


async def wait_for(pilot: Pilot, test: Callable[[], bool], timeout: float = 10.0) -> None:
    """Pause until ``test()`` holds; fail with a clear message after ``timeout`` seconds."""
    waited = 0.0
    while not test():
        if waited >= timeout:
            raise AssertionError(f"condition not met after {timeout} s")
        await pilot.pause(0.01)
        waited += 0.01 + 0.005


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
