"""The comparison's own process (``ui/daily.compare_elsewhere``): the same result as in this
process, a failure said in words, and a cancelled comparison's process ended."""

from __future__ import annotations

import asyncio
from datetime import date
from typing import Any

import pytest

from cardsuite.daily import DailyDeal, hard_bot_result
from cardsuite.ui import daily as ui_daily
from cardsuite.ui.daily import ComparisonFailed, compare_elsewhere

DAY = date(2026, 12, 6)


async def test_another_process_finds_the_same_result() -> None:
    deal = DailyDeal("twenty-two", DAY)
    assert await compare_elsewhere(deal) == hard_bot_result(deal)


async def test_a_failure_is_said_in_words() -> None:
    with pytest.raises(ComparisonFailed, match=r"^the comparison stopped: KeyError: 'poker'$"):
        await compare_elsewhere(DailyDeal("poker", DAY))


async def test_a_cancelled_comparison_ends_its_process(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[Any] = []
    real = asyncio.create_subprocess_exec

    async def spy(*args: Any, **kwargs: Any) -> Any:
        started.append(await real(*args, **kwargs))
        return started[-1]

    monkeypatch.setattr(ui_daily.asyncio, "create_subprocess_exec", spy)
    task = asyncio.ensure_future(compare_elsewhere(DailyDeal("african-casino", DAY)))
    for _ in range(500):  # (the process starts within a few milliseconds)
        if started:
            break
        await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert started[0].returncode is not None  # ended, and waited for
