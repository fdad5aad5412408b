"""The daily deal: each day, each game has one deal, the same for every player.

**The seed** is ``daily_seed(game, day)``: the first six bytes of the SHA-256 of
``"cardsuite daily|GAME|YYYY-MM-DD"`` read as a big-endian number (never Python's ``hash``,
which changes from run to run). The day is the player's local date, as in the word games:
everyone who plays "2026-12-06" gets the same cards. The table's bots are seeded from it as
at any table (``Match``: ``seed * 100 + 17 + seat``), so the whole daily is reproducible.

**What is played** is fixed per game (``SPECS``): the default variant and player count, the
player in the first seat, medium bots in the others, and the game's smallest whole unit that
has a result in its own units (each spec's ``why`` says which and why). Where that unit is
one deal of a longer game, the state stops at the end of its first deal: the rules' own
horizon for a search copy (``turns.TurnState``, ``_search_copy``: the deal is scored, the
next one is not dealt), so the last table shows the deal just played.

**The duplicate comparison** (``hard_bot_result``): the hard bot plays the player's seat on
the same cards against the same opponents with the same seeds. Its search runs a fixed
number of iterations on a clock that never moves, so its result is the same on every machine
however fast, and can be worked out again at any time.

**One try a day**: only today's deal, played for the first time, counts (``DailyDeal.counted``).
Starting it counts as played (the player has seen the cards: leaving and starting again
would be a second look at the same deal); a replay, or a past day's deal, is never counted.
Undo is offered only when the try does not count (it would let the player see the bots'
answers and choose again); the hint (the medium bot's) is offered always, as at any table.

No terminal library is imported here: the CLI, the store's tests and the worker that plays
the comparison use it as it is.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from .bots import make_bot
from .engine import Game, State
from .games import entry, get_game
from .match import HUMAN, Match, SeatSpec
from .one_deal import best_seats, deal_over, deal_view, stop_after_deal

#: What the comparison's hard bot runs: its default iterations, on a clock that never moves.
OPPONENTS = "medium"


@dataclass(frozen=True)
class DailySpec:
    """What a game's daily plays, and how its result is said."""

    players: int
    variant: str
    #: the result's unit, singular and plural ("chip", "chips")
    unit: tuple[str, str]
    #: results are gains and losses (+4 chips, -2 chips), not totals from nothing
    signed: bool
    #: True: the state stops at the end of its first deal (the game is longer)
    one_deal: bool
    #: why this is the daily's unit, for ``cardsuite daily --help`` and the docs
    why: str


SPECS: dict[str, DailySpec] = {
    "money": DailySpec(
        2,
        "jordanian",
        ("worth", "worth"),
        False,
        False,
        "one whole game: Money is a single deal, settled by the money each player holds.",
    ),
    "twenty-two": DailySpec(
        4,
        "standard",
        ("penalty point", "penalty points"),
        False,
        True,
        "one hand of four players: a hand is what scores penalty points (fewer is better);"
        " the game is many hands until one player is left.",
    ),
    "manni": DailySpec(
        3,
        "basic",
        ("point", "points"),
        False,
        True,
        "one hand: each hand scores a point for each trick above four; a game is many.",
    ),
    "mensch": DailySpec(
        4,
        "standard",
        ("chip", "chips"),
        True,
        True,
        "one deal: each deal is settled in chips, won or lost; a match is many deals.",
    ),
    "african-casino": DailySpec(
        2,
        "south-african",
        ("point", "points"),
        False,
        False,
        "one whole game of South African Casino, which is a single deal scored in points"
        " (Swazi and Sotho play deals to a target, and their first deal alone is no game).",
    ),
}

_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def daily_seed(game_id: str, day: date) -> int:
    """The day's deal of ``game_id``: stable on every run and machine (see the module)."""
    text = f"cardsuite daily|{game_id}|{day.isoformat()}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:6], "big")


def local_day(timestamp: float) -> date:
    """The player's local date at ``timestamp`` (seconds since the epoch)."""
    return datetime.fromtimestamp(timestamp).date()


def parse_day(text: str, today: date) -> date:
    """A day written ``YYYY-MM-DD``, not after ``today`` (no look at tomorrow's cards);
    ``ValueError`` says what is allowed."""
    if not _DAY.fullmatch(text.strip()):
        raise ValueError(f"{text!r} is not a date written YYYY-MM-DD")
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"{text!r} is not a day of the calendar") from None
    if day > today:
        raise ValueError(f"{day} has not come yet: today is {today}")
    return day


@dataclass(frozen=True)
class DailyDeal:
    """One game's deal of one day; ``counted``: this play is the day's try."""

    game: str
    day: date
    counted: bool = True

    @property
    def spec(self) -> DailySpec:
        return SPECS[self.game]

    @property
    def seed(self) -> int:
        return daily_seed(self.game, self.day)

    def replay(self) -> DailyDeal:
        """The same cards again, not counted."""
        return DailyDeal(self.game, self.day, counted=False)


def seats(game: Game, players: int) -> list[SeatSpec]:
    """The player in the first seat, the default bots in the others, named as the game
    names its seats."""
    names = game.names_for(players)
    return [SeatSpec(HUMAN if i == 0 else OPPONENTS, names[i]) for i in range(players)]


def origin(deal: DailyDeal) -> dict[str, Any]:
    """How the day's game began, for its record: the seed, and where the spec stops it after
    its deal, ``ends`` (the record's ``ends: after the deal`` line: replays stop there too)."""
    if deal.spec.one_deal:
        return {"seed": deal.seed, "ends": "deal"}
    return {"seed": deal.seed}


def new_state(deal: DailyDeal) -> State:
    """The day's first position, stopping at the end of its deal where the spec says so."""
    spec = deal.spec
    state = get_game(deal.game).new_state(
        players=spec.players, variant=spec.variant, seed=deal.seed
    )
    if spec.one_deal:
        stop_after_deal(state)
    return state


class DailyMatch(Match):
    """A daily deal at the table: over when its deal is, never saved (a try is played in
    one sitting), undo only when the try does not count."""

    daily: DailyDeal
    #: the hard bot's result in the player's seat, once worked out (``hard_bot_result``)
    bot_result: int | None = None
    #: the day's try is in the store (so the bot's result, known later, goes in on its own)
    result_kept: bool = False
    #: why the hard bot's result could not be worked out (None: it is, or will be)
    bot_error: str | None = None

    @classmethod
    def for_deal(cls, deal: DailyDeal) -> DailyMatch:
        game = get_game(deal.game)
        state = new_state(deal)
        match = cls(game, state, seats(game, deal.spec.players), deal.seed, origin=origin(deal))
        match.daily = deal
        return match

    def is_over(self) -> bool:
        return deal_over(self.state)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The state's view; once stopped after its deal, as ``one_deal.deal_view`` shows
        it (over: the tables then read as at a game's end)."""
        view = super().view(seat)
        return deal_view(view, self.state) if self.daily.spec.one_deal else view

    def winners(self) -> list[int]:
        """The game's winners, or the deal's best scores when it stopped after its deal."""
        if self.state.is_over():
            return self.state.winners()
        return best_seats(self.game, self.state.scores())

    @property
    def offers_save(self) -> bool:
        return False

    @property
    def offers_undo(self) -> bool:
        return not self.daily.counted and super().offers_undo

    def undo(self) -> bool:
        done = super().undo()
        if done and self.daily.spec.one_deal:
            stop_after_deal(self.state)  # (the snapshot is a clone, which forgets it)
        return done

    def result(self) -> int:
        """The player's result in the game's units (the first seat's score)."""
        return self.state.scores()[0]


def _still_clock() -> float:
    return 0.0


def hard_bot_result(deal: DailyDeal, cancelled: Any = None) -> int:
    """The hard bot's result in the player's seat on the day's cards, against the same
    opponents with the same seeds (``Match``'s bot seeds): reproducible (see the module).
    ``cancelled``: a function that says to stop (then ``InterruptedError``)."""
    state = new_state(deal)
    players = deal.spec.players
    bots = {
        i: make_bot(deal.game, "hard", seed=deal.seed * 100 + 17, clock=_still_clock)
        if i == 0
        else make_bot(deal.game, OPPONENTS, seed=deal.seed * 100 + 17 + i)
        for i in range(players)
    }
    driver = entry(deal.game).selfplay_driver()
    if driver is not None:  # a real-time game: its race on a virtual clock
        driver(state, bots)
    while not deal_over(state):
        if cancelled is not None and cancelled():
            raise InterruptedError("the comparison was stopped")
        seat = state.to_move()
        assert seat is not None
        state.apply(bots[seat].choose(state, seat))
    return state.scores()[0]


def compare_main(argv: Sequence[str]) -> int:
    """``python -c "...compare_main(sys.argv[1:])" GAME YYYY-MM-DD``: the hard bot's result
    printed on a line of its own (``ui/daily.py`` runs it). A process, not a thread: the
    search would hold the interpreter's lock from the table's keys and frames (Money's snap
    is timed in milliseconds)."""
    game_id, day = argv
    print(hard_bot_result(DailyDeal(game_id, date.fromisoformat(day))), flush=True)
    return 0


def amount(game_id: str, value: int) -> str:
    """A result in the game's words: "+4 chips", "7 penalty points", "worth 160"."""
    spec = SPECS[game_id]
    one, many = spec.unit
    number = f"{value:+d}" if spec.signed else str(value)
    if one == many:  # Money's worth: a word before the number
        return f"{one} {number}"
    return f"{number} {one if abs(value) == 1 else many}"


def share_line(game_id: str, day: date, score: int | None, bot: int | None) -> str:
    """The line to paste to a friend:
    ``cardsuite daily · Mensch · 2026-12-06 · +4 chips · hard bot +2``."""
    spec = SPECS[game_id]
    mine = "not finished" if score is None else amount(game_id, score)
    parts = ["cardsuite daily", get_game(game_id).name, day.isoformat(), mine]
    if bot is not None:
        parts.append(f"hard bot {bot:+d}" if spec.signed else f"hard bot {bot}")
    return " · ".join(parts)


def verdict(game_id: str, score: int, bot: int) -> str:
    """The comparison in words: who did better on the same cards."""
    low = get_game(game_id).low_score_wins
    if score == bot:
        return "The same as the hard bot on these cards."
    better = score < bot if low else score > bot
    diff = amount(game_id, abs(score - bot)).lstrip("+")
    return f"{diff} {'better' if better else 'worse'} than the hard bot on these cards."


def streaks(days: Iterable[date], today: date) -> tuple[int, int]:
    """``(current, best)``: runs of consecutive days played. The current run ends today,
    or yesterday while today's deal waits (a day not over breaks nothing)."""
    played = sorted(set(days))
    best = run = 0
    previous: date | None = None
    for d in played:
        run = run + 1 if previous is not None and d - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = d
    current = run if previous is not None and today - previous <= timedelta(days=1) else 0
    if previous is not None and previous > today:  # a clock set back: count none ahead
        current = 0
    return current, best


@dataclass
class DayResult:
    """One game's day, from the store's lines: the try (``score`` of the first finished
    one; None: started and left, or not over yet) and the hard bot's result when known."""

    game: str
    day: date
    score: int | None = None
    bot: int | None = None


def day_results(rows: Iterable[Any]) -> dict[tuple[str, date], DayResult]:
    """The store's daily lines (``store.DailyRow``: game, day, status, score, bot) by game
    and day; a line whose day does not read is left out."""
    out: dict[tuple[str, date], DayResult] = {}
    for row in rows:
        try:
            day = date.fromisoformat(row.day)
        except ValueError:
            continue
        result = out.setdefault((row.game, day), DayResult(row.game, day))
        if row.status == "finished" and result.score is None:
            result.score = row.score
        if row.bot is not None and result.bot is None:
            result.bot = row.bot
    return out


@dataclass(frozen=True)
class DailyStats:
    """A game's dailies (``game`` None: over all games): days played, streaks, today."""

    game: str | None
    played: int
    current_streak: int
    best_streak: int
    today: DayResult | None


def daily_stats(rows: Iterable[Any], today: date) -> list[DailyStats]:
    """Per game that has dailies (in the registry's order), then over all games."""
    results = day_results(rows)
    out: list[DailyStats] = []
    for game_id in [g for g in SPECS if any(k[0] == g for k in results)]:
        days = [d for g, d in results if g == game_id]
        current, best = streaks(days, today)
        out.append(DailyStats(game_id, len(days), current, best, results.get((game_id, today))))
    if out:
        every = {d for _, d in results}
        current, best = streaks(every, today)
        out.append(DailyStats(None, len(every), current, best, None))
    return out


def stats_of(store: Any, now: float) -> list[DailyStats]:
    """The dailies' statistics from a ``store.Store`` as of ``now`` (its clock);
    ``StoreError`` as the store says."""
    return daily_stats(store.daily_rows(), local_day(now))


def stats_cells(s: DailyStats) -> list[str]:
    """A statistics row: the game, days played, the streaks, today's try and the hard
    bot's (the statistics screen and ``cardsuite stats`` show the same)."""
    name = "all games" if s.game is None else get_game(s.game).name
    today = bot = ""
    if s.game is not None and s.today is not None:
        today = "left" if s.today.score is None else amount(s.game, s.today.score)
        bot = "" if s.today.bot is None else amount(s.game, s.today.bot)
    return [name, str(s.played), str(s.current_streak), str(s.best_streak), today, bot]


__all__ = [
    "SPECS",
    "DailyDeal",
    "DailyMatch",
    "DailySpec",
    "DailyStats",
    "DayResult",
    "amount",
    "compare_main",
    "daily_seed",
    "daily_stats",
    "day_results",
    "hard_bot_result",
    "local_day",
    "parse_day",
    "share_line",
    "stats_cells",
    "stats_of",
    "streaks",
    "verdict",
]
