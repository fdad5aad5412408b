"""``cardsuite bench``: play-out throughput and bot thinking time, measured, never asserted.

Throughput is random play through the public contract only (``legal_actions`` then
``apply``), as a search or a simulation would drive it. Thinking time is the wall time of
``bot.choose`` for decisions with more than one legal choice (a forced move costs nothing and
would flatter the figures), in games where every seat plays that level.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from .bots import LEVELS, make_bot
from .engine import Game
from .games import entry


@dataclass
class SearchFigures:
    """How a searching bot (hard) spent its decisions: its speed, and what stopped it."""

    searches: int
    iterations_per_second: float
    median_iterations: float
    on_time: float  # share of searches stopped by the time budget, not the iteration cap

    def to_json(self) -> dict[str, Any]:
        return {
            "searches": self.searches,
            "iterations_per_second": round(self.iterations_per_second, 1),
            "median_iterations": self.median_iterations,
            "stopped_on_time": round(self.on_time, 3),
        }


@dataclass
class LevelTiming:
    level: str
    decisions: int
    p50_ms: float
    p95_ms: float
    max_ms: float
    search: SearchFigures | None = None


@dataclass
class BenchReport:
    game: str
    name: str
    players: int
    seconds: float
    games: int
    deals: int
    moves: int
    levels: list[LevelTiming] = field(default_factory=list)
    variant: str | None = None

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds

    def text(self) -> str:
        lines = [
            f"{self.name}{f' ({self.variant})' if self.variant else ''}, {self.players} players",
            f"  random play-outs: {self.deals_per_second:,.0f} deals/s,"
            f" {self.moves_per_second:,.0f} moves/s ({self.games} games, {self.deals} deals"
            f" in {self.seconds:.1f} s)",
            "  thinking time per decision (decisions with a choice):",
        ]
        for t in self.levels:
            lines.append(
                f"    {t.level:<7} p50 {t.p50_ms:8.2f} ms   p95 {t.p95_ms:8.2f} ms"
                f"   max {t.max_ms:8.2f} ms   ({t.decisions} decisions)"
            )
            if t.search is not None:
                s = t.search
                lines.append(
                    f"            search: {s.iterations_per_second:,.0f} iterations/s,"
                    f" median {s.median_iterations:,.0f} a decision,"
                    f" {s.on_time * 100:.0f}% stopped by the time budget"
                    f" ({s.searches} searches)"
                )
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "playouts": {
                "seconds": round(self.seconds, 3),
                "games": self.games,
                "deals": self.deals,
                "moves": self.moves,
                "deals_per_second": round(self.deals_per_second, 1),
                "moves_per_second": round(self.moves_per_second, 1),
            },
            "thinking": {
                t.level: {
                    "decisions": t.decisions,
                    "p50_ms": round(t.p50_ms, 3),
                    "p95_ms": round(t.p95_ms, 3),
                    "max_ms": round(t.max_ms, 3),
                    **({"search": t.search.to_json()} if t.search is not None else {}),
                }
                for t in self.levels
            },
        }


def playouts(
    game: Game, players: int, seconds: float, variant: str | None = None
) -> tuple[float, int, int, int]:
    """Random games for about ``seconds``: (elapsed, games, deals, moves), after a short
    untimed warm-up so that one-off costs (imports, caches) do not count."""
    _random_games(game, players, 20, random.Random(0), variant)
    rng = random.Random(12345)
    clock = time.perf_counter
    start = clock()
    games = deals = moves = 0
    while clock() - start < seconds:
        state = game.new_state(players=players, variant=variant, seed=games)
        while not state.is_over():
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            moves += 1
        games += 1
        deals += state.deals_played()
    return clock() - start, games, deals, moves


def _random_games(
    game: Game, players: int, count: int, rng: random.Random, variant: str | None = None
) -> None:
    for i in range(count):
        state = game.new_state(players=players, variant=variant, seed=-1 - i)
        while not state.is_over():
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    if len(xs) == 1:
        return xs[0]
    return statistics.quantiles(xs, n=100, method="inclusive")[int(q) - 1]


def think_times(
    game: Game, players: int, level: str, decisions: int, variant: str | None = None
) -> LevelTiming:
    """Wall time of ``choose`` where the bot had a real choice, in games where every seat is
    this level (real-time games run through their own referee, as in ``simulate``)."""
    times: list[float] = []
    searches: list[tuple[int, float, bool]] = []
    seed = 0
    while len(times) < decisions and seed < 200:
        bots = [make_bot(game.id, level, seed=seed * 10 + s) for s in range(players)]
        for bot in bots:
            _time_choices(game, bot, times, searches)
        state = game.new_state(players=players, variant=variant, seed=1000 + seed)
        driver = entry(game.id).selfplay_driver()
        if driver is not None:
            driver(state, dict(enumerate(bots)), stop=lambda: len(times) >= decisions)
        while not state.is_over() and len(times) < decisions:
            seat = state.to_move()
            assert seat is not None
            state.apply(bots[seat].choose(state, seat))
        seed += 1
    times = sorted(times[:decisions]) or [0.0]
    timing = LevelTiming(level, len(times), percentile(times, 50), percentile(times, 95), times[-1])
    if searches:
        total = sum(s for _, s, _ in searches)
        timing.search = SearchFigures(
            len(searches),
            sum(i for i, _, _ in searches) / total if total else 0.0,
            statistics.median(i for i, _, _ in searches),
            sum(on_time for _, _, on_time in searches) / len(searches),
        )
    return timing


def _time_choices(
    game: Game, bot: Any, times: list[float], searches: list[tuple[int, float, bool]]
) -> None:
    """Wrap ``bot.choose`` to record how long it takes when there is a choice to make, and
    for a searching bot how many iterations it ran and whether its time budget stopped it."""
    choose = bot.choose
    search = getattr(bot, "search", bot)  # Money's hard bot searches through its ``search``

    def timed(state: Any, seat: int) -> Any:
        real = len(game.choices(state, seat)) > 1
        t = time.perf_counter()
        action = choose(state, seat)
        if real:
            times.append((time.perf_counter() - t) * 1000)
            stats = getattr(search, "last", None)
            if stats is not None and stats.iterations:
                searches.append(
                    (stats.iterations, stats.seconds, stats.iterations < search.iterations)
                )
        return action

    bot.choose = timed


def bench_game(
    game: Game,
    players: int,
    seconds: float = 3.0,
    decisions: int = 200,
    variant: str | None = None,
) -> BenchReport:
    """``variant`` None: the game's default variant."""
    elapsed, games, deals, moves = playouts(game, players, seconds, variant)
    report = BenchReport(game.id, game.name, players, elapsed, games, deals, moves)
    report.variant = variant
    for level in LEVELS:
        n = max(1, decisions // 4) if level == "hard" else decisions
        report.levels.append(think_times(game, players, level, n, variant))
    return report
