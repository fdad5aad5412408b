"""The daily deal at the table (``cardsuite/daily.py`` is what it plays).

``open_daily`` is the one way in (``cardsuite daily GAME``, the picker's key): it decides
whether this play is the day's try (today's deal, not started before: a "started" line goes
into the store at once, so leaving counts as played), or offers a replay of the same cards
that does not count. The table is the game's own screen with ``DailyTable`` in front of it:
the hard bot's comparison is worked out in a process of its own from the moment the table
opens (never blocking the table), the result goes into the store as a daily line (never as
a game: one deal is not a match), and "rematch" plays the same cards again, not counted.
"""

from __future__ import annotations

import asyncio
import os
import sys
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..daily import DailyDeal, DailyMatch, amount, day_results, local_day
from ..games import get_game
from ..store import StoreError

if TYPE_CHECKING:
    from ..store import DailyRow
    from .app import CardSuiteApp
    from .table import TableScreen


@dataclass(frozen=True)
class DailyRequest:
    """``cardsuite daily GAME [--date DAY]``: go straight to the day's deal (None: today)."""

    game: str
    day: date | None = None


def open_daily(
    app: CardSuiteApp, game_id: str, day: date | None = None, replace: bool = False
) -> None:
    """Open ``game_id``'s deal of ``day`` (default: today, the player's local date)."""
    today = local_day(app.store.now())
    day = day or today
    if day != today:
        app.notify(
            f"The deal of {day}: played for practice, not counted (only today's counts).",
            title="Daily deal",
        )
        _open(app, DailyDeal(game_id, day, counted=False), replace)
        return
    before = day_results(_rows(app, game_id)).get((game_id, day))
    if before is None:
        deal = DailyDeal(game_id, day)
        app.keep_result(_line(app, deal, "started"))
        _open(app, deal, replace)
        return
    _offer_replay(app, DailyDeal(game_id, day, counted=False), before.score, replace)


def _rows(app: CardSuiteApp, game_id: str) -> list[DailyRow]:
    """The store's daily lines of a game; when the statistics cannot be read (said), those
    the pending journal keeps."""
    try:
        return app.store.daily_rows(game_id)
    except StoreError as e:
        app.notify(str(e), title="Statistics", severity="error", markup=False)
        return [r for r in app.store.pending_daily_rows() if r.game == game_id]


def _offer_replay(app: CardSuiteApp, deal: DailyDeal, score: int | None, replace: bool) -> None:
    from .confirm import ConfirmScreen

    name = get_game(deal.game).name
    result = "left unfinished" if score is None else amount(deal.game, score)
    question = (
        f"You have played today's {name} deal ({result}). Play the same cards again?"
        " The replay does not count."
    )

    def answer(yes: bool | None) -> None:
        if yes:
            _open(app, deal, replace)

    app.push_screen(ConfirmScreen(question, yes="Replay", no="Back"), answer)


def _line(app: CardSuiteApp, deal: DailyDeal, status: str, **values: Any) -> dict[str, Any]:
    name = get_game(deal.game).names_for(deal.spec.players)[0]
    score, bot = values.get("score"), values.get("bot")
    return app.store.daily_record(
        deal.game, deal.day.isoformat(), name, status, score, bot, app.store.now()
    )


def _open(app: CardSuiteApp, deal: DailyDeal, replace: bool, bot: int | None = None) -> None:
    match = DailyMatch.for_deal(deal)
    match.bot_result = bot
    screen = daily_table_class(app.table_screen_class(match.game))(match)
    if replace:
        app.switch_screen(screen)
    else:
        app.push_screen(screen)


class ComparisonFailed(Exception):
    """The hard bot's result could not be worked out (the words say why)."""


#: Where this ``cardsuite`` is imported from: the comparison's process imports the same.
_SOURCE = str(Path(__file__).resolve().parents[2])
#: The comparison's process: ``daily.compare_main`` in a fresh interpreter.
_COMPARE = (
    "import sys; from cardsuite.daily import compare_main; sys.exit(compare_main(sys.argv[1:]))"
)


async def compare_elsewhere(deal: DailyDeal) -> int:
    """``daily.hard_bot_result`` in a process of its own (``daily.compare_main`` says why),
    awaited without blocking the table. A fresh interpreter, started as any subprocess:
    a fork of a process with threads may inherit a lock held for ever, and
    ``multiprocessing`` wants the real standard error, which the app has taken. It imports
    the very ``cardsuite`` this one runs. Cancelled (the table closed), it is ended."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (_SOURCE, env.get("PYTHONPATH")) if p)
    try:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            _COMPARE,
            deal.game,
            deal.day.isoformat(),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
        )
    except OSError as e:
        raise ComparisonFailed(f"no process for the comparison ({e})") from None
    try:
        out, err = await proc.communicate()
    finally:
        if proc.returncode is None:  # cancelled: our own process, by its handle
            proc.kill()
            await asyncio.shield(proc.wait())
    text = out.decode("utf-8", "replace").strip()
    if proc.returncode != 0 or not text.lstrip("-").isdigit():
        last = (err.decode("utf-8", "replace").strip().splitlines() or ["no answer"])[-1]
        raise ComparisonFailed(f"the comparison stopped: {last[:200]}")
    return int(text)


@cache
def daily_table_class(base: type[TableScreen]) -> type[TableScreen]:
    """The game's table screen with the daily's parts in front (made once a game)."""
    return cast("type[TableScreen]", type(f"Daily{base.__name__}", (DailyTable, base), {}))


class DailyTable:
    """Mixed in front of a game's ``TableScreen`` (``daily_table_class``): the comparison
    in a process, the result as a daily line, leaving said to count, rematch as a replay."""

    match: DailyMatch
    app: Any

    def on_mount(self) -> None:
        """(Textual calls every class's own ``on_mount`` along the MRO: the table's too.)"""
        if self.match.bot_result is None:
            self.run_worker(  # type: ignore[attr-defined]  # (the screen's)
                self._daily_compare(), group="daily", exit_on_error=False
            )

    @property
    def _daily_app(self) -> CardSuiteApp:
        return cast("CardSuiteApp", self.app)

    async def _daily_compare(self) -> None:
        """The hard bot's result, from a process of its own (``compare_elsewhere``)."""
        try:
            result = await compare_elsewhere(self.match.daily)
        except ComparisonFailed as e:
            self.match.bot_error = str(e)
            return
        self._daily_compared(result)

    def _daily_compared(self, result: int) -> None:
        """The hard bot's result is known: kept with the day's try when that is over."""
        m = self.match
        m.bot_result = result
        if m.daily.counted and m.result_kept:
            self._daily_app.keep_result(_line(self._daily_app, m.daily, "bot", bot=result))

    def _record_result(self) -> None:
        """The deal is over: the day's try into the store (never as a game)."""
        m = self.match
        if not m.daily.counted or m.result_kept:
            return
        m.result_kept = True
        line = _line(self._daily_app, m.daily, "finished", score=m.result(), bot=m.bot_result)
        self._daily_app.keep_result(line)

    def _rematch(self) -> None:
        """The same cards again, not counted (the comparison is known already)."""
        self._stop_bot()  # type: ignore[attr-defined]  # (the table screen's)
        _open(self._daily_app, self.match.daily.replay(), True, self.match.bot_result)

    def action_leave(self) -> None:
        from .confirm import ConfirmScreen

        m = self.match
        if m.is_over():
            super().action_leave()  # type: ignore[misc]
            return
        question = (
            "Leave today's deal? It counts as played: you have seen its cards."
            if m.daily.counted
            else "Leave this deal? It was not counted."
        )

        def answer(yes: bool | None) -> None:
            if yes:
                self._leave()  # type: ignore[attr-defined]  # (the table screen's)

        self.app.push_screen(
            ConfirmScreen(question, yes="Leave", no="Stay"),
            answer,
        )
