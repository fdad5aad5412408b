"""The daily deal at the table (``cardsuite/daily.py`` is what it plays).

``open_daily`` is the one way in (``cardsuite daily GAME``, the picker's key): it decides
whether this play is the day's try (today's deal, not started before: a "started" line goes
into the store at once, so leaving counts as played), or offers a replay of the same cards
that does not count. The table is the game's own screen with ``DailyTable`` in front of it:
the hard bot's comparison is worked out in a thread from the moment the table opens (never
blocking the table), the result goes into the store as a daily line (never as a game: one
deal is not a match), and "rematch" plays the same cards again, not counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from textual.worker import get_current_worker

from ..daily import DailyDeal, DailyMatch, amount, day_results, hard_bot_result, local_day
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


@cache
def daily_table_class(base: type[TableScreen]) -> type[TableScreen]:
    """The game's table screen with the daily's parts in front (made once a game)."""
    return cast("type[TableScreen]", type(f"Daily{base.__name__}", (DailyTable, base), {}))


class DailyTable:
    """Mixed in front of a game's ``TableScreen`` (``daily_table_class``): the comparison
    in a thread, the result as a daily line, leaving said to count, rematch as a replay."""

    match: DailyMatch
    app: Any

    def on_mount(self) -> None:
        super().on_mount()  # type: ignore[misc]  # (the table screen's, behind this one)
        if self.match.bot_result is None:
            self.run_worker(  # type: ignore[attr-defined]  # (the screen's)
                self._daily_compare, thread=True, group="daily", exit_on_error=False
            )

    @property
    def _daily_app(self) -> CardSuiteApp:
        return cast("CardSuiteApp", self.app)

    def _daily_compare(self) -> None:
        worker = get_current_worker()
        try:
            result = hard_bot_result(self.match.daily, lambda: worker.is_cancelled)
        except InterruptedError:
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._daily_compared, result)

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
