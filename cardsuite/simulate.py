"""Self-play: many seeded games between bot levels, with win rates and confidence intervals.

Pure Python (no terminal library): ``cardsuite simulate`` prints what ``run`` returns. Seat
kinds rotate round the table from game to game, so no level profits from a seat; every game
has its own seed derived from the run's seed, so a run is repeatable and can be split across
processes without changing a single result.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from .bots import make_bot
from .games import entry, get_game


@dataclass(frozen=True)
class GameSpec:
    game: str
    players: int
    variant: str
    options: Mapping[str, Any]
    seats: tuple[str, ...]  # one bot level per entry; entry i sits at seat (i + g) % players
    bot_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    rotate: bool = True


@dataclass
class GameResult:
    index: int
    seed: int
    winners: list[int]  # entries (not seats) that won
    scores: list[int]  # per entry
    hands: int
    decisions: int
    seconds: float


def game_seed(seed: int, index: int) -> int:
    return random.Random(f"{seed}:{index}").getrandbits(48)


def play_one(spec: GameSpec, seed: int, index: int) -> GameResult:
    """One game of ``spec``; entry ``i`` of ``spec.seats`` plays seat ``(i + index) % n``."""
    game = get_game(spec.game)
    gseed = game_seed(seed, index)
    n = spec.players
    shift = index % n if spec.rotate else 0
    seat_of = [(i + shift) % n for i in range(n)]
    entry_at = {s: i for i, s in enumerate(seat_of)}
    bots = {
        seat_of[i]: make_bot(
            spec.game, level, seed=gseed + 1 + i, **dict(spec.bot_options.get(level, {}))
        )
        for i, level in enumerate(spec.seats)
    }
    state = game.new_state(players=n, variant=spec.variant, options=dict(spec.options), seed=gseed)
    start = time.perf_counter()
    decisions = 0
    driver = entry(spec.game).selfplay_driver()
    if driver is not None:  # speed matters: the game's own referee runs the bots' timing
        decisions = driver(state, bots)
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        state.apply(bots[seat].choose(state, seat))
        decisions += 1
    seconds = time.perf_counter() - start
    scores = state.scores()
    return GameResult(
        index=index,
        seed=gseed,
        winners=sorted(entry_at[s] for s in state.winners()),
        scores=[scores[seat_of[i]] for i in range(n)],
        hands=state.deals_played(),
        decisions=decisions,
        seconds=seconds,
    )


def _play_chunk(args: tuple[GameSpec, int, list[int]]) -> list[GameResult]:
    spec, seed, indices = args
    return [play_one(spec, seed, i) for i in indices]


def run(spec: GameSpec, games: int, seed: int, jobs: int = 1) -> Iterator[GameResult]:
    """Yield results as games finish (in order with one job; in chunks with several)."""
    if jobs <= 1:
        for i in range(games):
            yield play_one(spec, seed, i)
        return
    chunk = max(1, min(25, games // (jobs * 4) or 1))
    work = [(spec, seed, list(range(i, min(i + chunk, games)))) for i in range(0, games, chunk)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for results in pool.map(_play_chunk, work):
            yield from results


@dataclass
class EntrySummary:
    entry: int
    level: str
    games: int
    wins: float  # shared wins count as a fraction
    win_rate: float
    win_ci: float  # half-width of the 95% interval
    mean_score: float
    score_ci: float


@dataclass
class Summary:
    spec: GameSpec
    games: int
    seconds: float
    hands: int
    entries: list[EntrySummary]

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.spec.game,
            "players": self.spec.players,
            "variant": self.spec.variant,
            "options": dict(self.spec.options),
            "seats": list(self.spec.seats),
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "hands": self.hands,
            "hands_per_second": round(self.hands_per_second, 1),
            "entries": [e.__dict__ for e in self.entries],
        }


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n == 1:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def summarize(spec: GameSpec, results: Sequence[GameResult], seconds: float) -> Summary:
    entries = []
    for i, level in enumerate(spec.seats):
        wins = [1.0 / len(r.winners) if i in r.winners else 0.0 for r in results]
        rate, rate_ci = mean_ci(wins)
        score, score_ci = mean_ci([float(r.scores[i]) for r in results])
        entries.append(
            EntrySummary(i, level, len(results), sum(wins), rate, rate_ci, score, score_ci)
        )
    return Summary(spec, len(results), seconds, sum(r.hands for r in results), entries)


def simulate(
    spec: GameSpec,
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    start = time.perf_counter()
    results = []
    for r in run(spec, games, seed, jobs):
        results.append(r)
        if progress:
            progress(1)
    results.sort(key=lambda r: r.index)
    return summarize(spec, results, time.perf_counter() - start)
