"""The strength ladder (``cardsuite bench --strength``): how strong each bot level is.

Every rung is a duplicate run (``simulate.py``): one seat of the higher level among seats of
the lower one, every deal played once from each rotation of the seats, so the cards' luck
falls on both alike. A rung reports the higher seat's **win share** (even is 1/N) and its
**edge**: its score less the mean of the others' in the game's own units (chips, penalty
points the right way round), each a mean over sets of the same cards with its 95% interval.

Beside the ladder (random < easy < medium < hard) runs the yardstick: the hard bot
all-seeing (never at a table) against medium on the same deals. It sees every hand as it
is, but what nobody at the table has seen (a stock's order, the deals to come, face-down
stacks, an undrawn manni) is dealt again in each of its searches (``"hands"``,
``State.clone_seeing_hands``): it is what a perfect reader of the table could know. How
much of the gap between medium and that yardstick the hard bot closes, by wins and by
points, is each game's measure of how well the hard bot reads the table: a ratio of two
means over the same sets, its interval by the delta method. With ``omniscient`` the old
yardstick runs as well, searching the true deal itself (``"cards"``): its larger gap also
holds the luck of the stock, which no reading wins.

The hard bot plays at a fixed iteration count (its time budget set out of reach), so a run
is the same on any machine and at any load.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import ismcts
from .bots.ismcts import SEEING_HANDS
from .games import get_game
from .simulate import GameResult, GameSpec, run

#: The rungs, each (higher level, lower level).
RUNGS = (("easy", "random"), ("medium", "easy"), ("hard", "medium"))
#: What the hard bot is measured against: itself seeing every hand, with what nobody has
#: seen dealt again (``State.clone_seeing_hands``): a perfect reader of the table.
YARDSTICK = "all-seeing"
#: The second yardstick (``--omniscient``): itself seeing every card where it lies, the
#: stock's order and the deals to come as well, which no reading could know.
OMNISCIENT = "omniscient"
#: Each yardstick's ``ISMCTSBot.all_seeing``.
YARDSTICKS = {YARDSTICK: SEEING_HANDS, OMNISCIENT: ismcts.OMNISCIENT}
#: Players at each game's ladder: the count its rules are written around.
PLAYERS = {"twenty-two": 4, "mensch": 4, "manni": 3, "african-casino": 2, "money": 2}
#: The hard bot's iterations a search in a ladder run (fixed: the time budget never binds).
ITERATIONS = 200
#: Z of a two-sided 95% interval.
Z95 = 1.96


@dataclass
class Sets:
    """Per set of the same cards, the higher seat's win share and edge."""

    shares: list[float] = field(default_factory=list)
    edges: list[float] = field(default_factory=list)


@dataclass
class Rung:
    game: str
    players: int
    high: str
    low: str
    games: int
    share: float
    share_ci: float
    edge: float
    edge_ci: float

    def to_json(self) -> dict[str, Any]:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in self.__dict__.items()}


@dataclass
class Gap:
    """The share of the gap between medium and the yardstick that hard closes."""

    by_wins: float
    by_wins_ci: float
    by_points: float
    by_points_ci: float

    def to_json(self) -> dict[str, float]:
        return {k: round(v, 4) for k, v in self.__dict__.items()}


@dataclass
class GameLadder:
    game: str
    name: str
    players: int
    unit: str
    rungs: list[Rung]
    gap: Gap | None
    #: the gap to the omniscient yardstick, when it was played
    gap_omniscient: Gap | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "unit": self.unit,
            "rungs": [r.to_json() for r in self.rungs],
            "yardstick": SEEING_HANDS,
            "gap": self.gap.to_json() if self.gap else None,
        }
        if self.gap_omniscient is not None:
            out["gap_omniscient"] = self.gap_omniscient.to_json()
        return out


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, Z95 * math.sqrt(var / n)


def ratio_ci(num: Sequence[float], den: Sequence[float]) -> tuple[float, float]:
    """mean(num) / mean(den) over paired sets, and its 95% half-width (delta method); NaN
    when the denominator's mean is 0."""
    n = len(num)
    a = sum(num) / n
    b = sum(den) / n
    if b == 0:
        return math.nan, math.nan
    r = a / b
    if n < 2:
        return r, 0.0
    va = sum((x - a) ** 2 for x in num) / (n - 1)
    vb = sum((y - b) ** 2 for y in den) / (n - 1)
    cov = sum((x - a) * (y - b) for x, y in zip(num, den, strict=True)) / (n - 1)
    var = (va - 2 * r * cov + r * r * vb) / (b * b) / n
    return r, Z95 * math.sqrt(max(var, 0.0))


def play_rung(
    game_id: str,
    high: str,
    low: str,
    sets: int,
    seed: int,
    jobs: int = 1,
    iterations: int = ITERATIONS,
    progress: Callable[[int], None] | None = None,
) -> Sets:
    """``sets`` sets of duplicate games: one ``high`` seat (or the hard bot as a yardstick,
    ``YARDSTICKS``) among ``low`` ones. Returns each set's win share and edge of the high
    seat."""
    game = get_game(game_id)
    n = PLAYERS[game_id]
    seeing = YARDSTICKS.get(high)
    level = "hard" if seeing else high
    hard: dict[str, Any] = {"iterations": iterations, "time_budget": 1e9}
    options: dict[str, dict[str, Any]] = {"hard": hard}
    if seeing:
        if low == "hard":
            raise ValueError("the yardstick is measured against a level below hard")
        hard["all_seeing"] = seeing
    spec = GameSpec(
        game.id,
        n,
        game.default_variant,
        game.variants[game.default_variant].defaults(),
        (level, *[low] * (n - 1)),
        options,
        duplicate=True,
    )
    sign = -1.0 if game.low_score_wins else 1.0
    out = Sets()
    group: list[GameResult] = []
    for result in run(spec, sets * n, seed, jobs):
        group.append(result)
        if progress:
            progress(1)
        if len(group) < n:
            continue
        out.shares.append(sum(1.0 / len(r.winners) for r in group if 0 in r.winners) / n)
        out.edges.append(sign * sum(r.scores[0] - sum(r.scores[1:]) / (n - 1) for r in group) / n)
        group = []
    return out


def rung(game_id: str, high: str, low: str, data: Sets) -> Rung:
    share, share_ci = mean_ci(data.shares)
    edge, edge_ci = mean_ci(data.edges)
    n = PLAYERS[game_id]
    return Rung(game_id, n, high, low, len(data.shares) * n, share, share_ci, edge, edge_ci)


def gap(game_id: str, hard: Sets, seeing: Sets) -> Gap:
    """How much of medium's gap to the yardstick hard closes: by wins (share above even)
    and by points (edge), over the same sets."""
    even = 1.0 / PLAYERS[game_id]
    wins, wins_ci = ratio_ci([s - even for s in hard.shares], [s - even for s in seeing.shares])
    points, points_ci = ratio_ci(hard.edges, seeing.edges)
    return Gap(wins, wins_ci, points, points_ci)


def ladder(
    game_id: str,
    sets: int,
    seed: int,
    jobs: int = 1,
    iterations: int = ITERATIONS,
    progress: Callable[[int], None] | None = None,
    omniscient: bool = False,
) -> GameLadder:
    """Every rung of one game, and the yardstick (and the omniscient one), on the same
    ``sets`` deals."""
    game = get_game(game_id)
    sticks = (YARDSTICK, OMNISCIENT) if omniscient else (YARDSTICK,)
    played = {
        (high, low): play_rung(game_id, high, low, sets, seed, jobs, iterations, progress)
        for high, low in (*RUNGS, *((y, "medium") for y in sticks))
    }
    rungs = [rung(game_id, h, lo, d) for (h, lo), d in played.items()]
    hard = played[("hard", "medium")]
    return GameLadder(
        game.id,
        game.name,
        PLAYERS[game_id],
        game.score_label,
        rungs,
        gap(game_id, hard, played[(YARDSTICK, "medium")]),
        gap(game_id, hard, played[(OMNISCIENT, "medium")]) if omniscient else None,
    )


def text(ladders: Sequence[GameLadder]) -> str:
    """The ladder as a table: each rung's win share (even = 1/N) and edge, with intervals,
    then the share of the gap to the all-seeing yardstick that hard closes (and to the
    omniscient one), and a note saying what each yardstick sees."""
    lines = [
        f"{'game':<16}{'rung':<22}{'games':>6}{'win share':>18}{'edge a game':>30}",
    ]
    for lad in ladders:
        for r in lad.rungs:
            label = f"{r.high} vs {r.low}"
            share = f"{r.share:.2f} ±{r.share_ci:.2f} (1/{r.players})"
            edge = f"{r.edge:+.2f} ±{r.edge_ci:.2f} {lad.unit}"
            lines.append(f"{lad.name:<16}{label:<22}{r.games:>6}{share:>18}{edge:>30}")
        for label, g in (
            ("gap closed by hard", lad.gap),
            ("gap to omniscient", lad.gap_omniscient),
        ):
            if g is not None:
                lines.append(
                    f"{lad.name:<16}{label:<22}{'':>6}"
                    f"{'wins ' + _ratio(g.by_wins, g.by_wins_ci):>18}"
                    f"{'points ' + _ratio(g.by_points, g.by_points_ci):>30}"
                )
    lines.append(
        f"{YARDSTICK}: the hard bot seeing every hand, what nobody has seen dealt again"
        " (the gap hard closes is measured to it)"
    )
    if any(lad.gap_omniscient is not None for lad in ladders):
        lines.append(f"{OMNISCIENT}: the hard bot seeing every card where it lies")
    return "\n".join(lines)


def _ratio(value: float, ci: float) -> str:
    return "n/a" if math.isnan(value) else f"{value:.2f} ±{ci:.2f}"
