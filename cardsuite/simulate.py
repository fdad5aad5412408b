"""Self-play: many seeded games between bot levels, with win rates and confidence intervals.

Pure Python (no terminal library): ``cardsuite simulate`` prints what ``run`` returns. Seat
kinds rotate round the table from game to game, so no level profits from a seat; every game
has its own seed derived from the run's seed, so a run is repeatable and can be split across
processes without changing a single result.

``duplicate`` (as in duplicate bridge) plays every deal once from each rotation of the seats,
so the luck of the cards falls on every level alike: the figures are then means over those
sets, whose spread is only what the levels' play makes of the same cards. A small edge (a few
tenths of a chip a deal in Mensch) shows in a few hundred games where, dealt afresh, it would
take thousands.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from .bots import Bot, make_bot
from .engine import State
from .games import entry, get_game
from .match import is_program, saved_kind
from .plain.program import ProgramBot, finish_all, programs
from .records import Move, Record, RecordSeat, result_text


@dataclass(frozen=True)
class GameSpec:
    game: str
    players: int
    variant: str
    options: Mapping[str, Any]
    seats: tuple[str, ...]  # one bot level per entry; entry i sits at seat (i + g) % players
    bot_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    rotate: bool = True
    #: each seed is played ``players`` times in a row, once from every rotation of the seats
    duplicate: bool = False
    #: a folder: each game's record is written there (``records.py``), to study the bots
    records: str | None = None
    #: how long a program seat (``program:CMD``) may take over a decision, in seconds
    program_time: float = 10.0

    def deal_index(self, index: int) -> int:
        """Which seed game ``index`` plays: its own, or its set's in a duplicate run."""
        return index // self.players if self.duplicate else index


@dataclass
class GameResult:
    index: int
    seed: int
    winners: list[int]  # entries (not seats) that won
    scores: list[int]  # per entry
    hands: int
    decisions: int
    seconds: float
    #: entries whose program failed and was replaced by the medium bot, with the reason
    replaced: dict[int, str] = field(default_factory=dict)


def game_seed(seed: int, index: int) -> int:
    return random.Random(f"{seed}:{index}").getrandbits(48)


def play_one(spec: GameSpec, seed: int, index: int) -> GameResult:
    """One game of ``spec``; entry ``i`` of ``spec.seats`` plays seat ``(i + index) % n``."""
    game = get_game(spec.game)
    gseed = game_seed(seed, spec.deal_index(index))
    n = spec.players
    shift = index % n if spec.rotate else 0
    seat_of = [(i + shift) % n for i in range(n)]
    entry_at = {s: i for i, s in enumerate(seat_of)}
    bots = {
        seat_of[i]: _bot(spec, level, gseed + 1 + i, game.names_for(n))
        for i, level in enumerate(spec.seats)
    }
    state = game.new_state(players=n, variant=spec.variant, options=dict(spec.options), seed=gseed)
    start = time.perf_counter()
    began = time.time()
    decisions = 0
    moves: list[Move] | None = [] if spec.records is not None else None
    driver = entry(spec.game).selfplay_driver()
    if driver is not None:  # speed matters: the game's own referee runs the bots' timing
        decisions = driver(state, bots) if moves is None else driver(state, bots, record=moves)
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        action = bots[seat].choose(state, seat)
        state.apply(action)
        decisions += 1
        if moves is not None:
            moves.append(Move(seat, str(action)))
    seconds = time.perf_counter() - start
    seated = programs(bots)
    finish_all(seated, state)
    if moves is not None:
        assert spec.records is not None
        write_record(
            spec,
            game.id,
            gseed,
            index,
            [spec.seats[entry_at[s]] for s in range(n)],
            state,
            moves,
            began,
        )
    scores = state.scores()
    return GameResult(
        index=index,
        seed=gseed,
        winners=sorted(entry_at[s] for s in state.winners()),
        scores=[scores[seat_of[i]] for i in range(n)],
        hands=state.deals_played(),
        decisions=decisions,
        seconds=seconds,
        replaced={entry_at[s]: b.replaced for s, b in seated.items() if b.replaced is not None},
    )


def _bot(spec: GameSpec, level: str, seed: int, names: Sequence[str]) -> Bot:
    """A bot of ``level``, or a program's seat (``program:CMD``): a failure of the program
    is counted in the results (``GameResult.replaced``), not said on the way."""
    if is_program(level):
        return ProgramBot(spec.game, level, names, seed, spec.program_time, notify=_quiet)
    return make_bot(spec.game, level, seed=seed, **dict(spec.bot_options.get(level, {})))


def _quiet(text: str) -> None:
    """A replaced program in self-play: the summary says it, once for the run."""


def write_record(
    spec: GameSpec,
    game_id: str,
    seed: int,
    index: int,
    levels: list[str],
    state: State,
    moves: list[Move],
    began: float,
) -> Path:
    """One self-play game's record, named by the game's place in the run."""
    names = [f"{get_game(game_id).names_for(spec.players)[s]}" for s in range(spec.players)]
    rec = Record(
        game=game_id,
        variant=spec.variant,
        options=dict(spec.options),
        seats=[RecordSeat(names[s], saved_kind(levels[s])) for s in range(spec.players)],
        seed=seed,
        started=began,
        result=result_text(state, names),
        moves=moves,
    )
    assert spec.records is not None
    path = Path(spec.records) / f"{game_id}-{index + 1:05d}.txt"
    path.write_text(rec.to_text(), encoding="utf-8")
    return path


def _play_chunk(args: tuple[GameSpec, int, list[int]]) -> list[GameResult]:
    spec, seed, indices = args
    return [play_one(spec, seed, i) for i in indices]


def available_cores() -> int:
    """The cores this process may run on (its affinity, not the machine's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not Linux
        return max(1, os.cpu_count() or 1)


def run(spec: GameSpec, games: int, seed: int, jobs: int = 1) -> Iterator[GameResult]:
    """Yield results in game order, as they finish.

    The work is streamed: with several jobs only a few chunks per worker are ever queued, so
    a run of any length uses the same memory (``Executor.map`` would submit every chunk
    first)."""
    if jobs <= 1:
        for i in range(games):
            yield play_one(spec, seed, i)
        return
    chunk = max(1, min(25, games // (jobs * 4) or 1))
    starts = iter(range(0, games, chunk))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        queued: deque[Future[list[GameResult]]] = deque()

        def submit() -> None:
            for start in islice(starts, 1):
                indices = list(range(start, min(start + chunk, games)))
                queued.append(pool.submit(_play_chunk, (spec, seed, indices)))

        for _ in range(jobs * 2):
            submit()
        while queued:
            results = queued.popleft().result()
            submit()
            yield from results


class Running:
    """Mean and spread of a stream of numbers, kept in constant memory (Welford's method)."""

    __slots__ = ("m2", "mean", "n", "total")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0
        self.total = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    def ci(self) -> float:
        """Half-width of the 95% confidence interval of the mean (normal approximation)."""
        if self.n < 2:
            return 0.0
        return 1.96 * math.sqrt(self.m2 / (self.n - 1) / self.n)


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
    #: a program's entry: in how many games the medium bot took its seat, and the first why
    replaced: int = 0
    replaced_why: str | None = None


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
            "duplicate": self.spec.duplicate,
            "bot_options": {k: dict(v) for k, v in self.spec.bot_options.items() if v},
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "hands": self.hands,
            "hands_per_second": round(self.hands_per_second, 1),
            "entries": [e.__dict__ for e in self.entries],
        }


class Tally:
    """What a run has shown so far: per entry, wins (shared wins as fractions) and scores.

    In a duplicate run one observation is a whole set (the same seed from every rotation):
    the set's mean per entry, so the intervals are over independent sets, not games that
    share their cards."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.games = 0
        self.hands = 0
        self.wins = [Running() for _ in spec.seats]
        self.scores = [Running() for _ in spec.seats]
        self.won = [0.0 for _ in spec.seats]  # wins, shared ones as fractions
        self.replaced = [0 for _ in spec.seats]
        self.replaced_why: list[str | None] = [None for _ in spec.seats]
        self._set: list[GameResult] = []

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.hands += result.hands
        for i, why in result.replaced.items():
            self.replaced[i] += 1
            self.replaced_why[i] = self.replaced_why[i] or why
        self._set.append(result)
        if self.spec.duplicate and len(self._set) < self.spec.players:
            return
        group, self._set = self._set, []
        for i in range(len(self.spec.seats)):
            won = sum(1.0 / len(r.winners) for r in group if i in r.winners)
            self.won[i] += won
            self.wins[i].add(won / len(group))
            self.scores[i].add(sum(float(r.scores[i]) for r in group) / len(group))

    def summary(self, seconds: float) -> Summary:
        entries = [
            EntrySummary(
                i,
                level,
                self.games,
                self.won[i],
                self.wins[i].mean,
                self.wins[i].ci(),
                self.scores[i].mean,
                self.scores[i].ci(),
                self.replaced[i],
                self.replaced_why[i],
            )
            for i, level in enumerate(self.spec.seats)
        ]
        return Summary(self.spec, self.games, seconds, self.hands, entries)


def simulate(
    spec: GameSpec,
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``games`` games and summarise them; memory does not grow with ``games``."""
    start = time.perf_counter()
    tally = Tally(spec)
    for r in run(spec, games, seed, jobs):
        tally.add(r)
        if progress:
            progress(1)
    return tally.summary(time.perf_counter() - start)
