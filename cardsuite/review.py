"""Review: where a game was lost. The hard bot goes through every decision one seat made in a
record and says where it would have chosen otherwise, and what that choice cost.

For each move of the seat with more than one choice (``Game.choices``: Money's snaps are a
matter of speed and left out), the position is searched from that seat's information only
(the same IS-MCTS as the ``hard`` level, ``bots/ismcts.py``, with a larger budget than in
play), the move played included at the root even where the game's candidates would prune it.
Each root choice ends with a mean reward over its visits. Where the most visited choice is
not the one played, the cost is the difference of the two means, turned into the game's own
units by ``Game.reward_units`` (points, chips, penalty points...), and how sure that is: the
difference over its standard error (rewards lie in [0, 1], so a choice's spread is at most
``sqrt(m (1 - m))``). The worst three come first.

A game may add notes of its own (``bots.review_notes(record, seat)``): Money compares the
seat's reaction times, from the record's claims, with the bot levels' ranges.

Pure Python over the engine contract; a search is bounded by iterations and time, and the
review can be cancelled between searches and reports its progress.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from .bots.ismcts import ISMCTSBot
from .engine import Action, State
from .games import entry
from .records import Record, replay

#: A review's default budget per decision: several times what the hard bot has in play.
ITERATIONS = 3000
TIME_BUDGET = 3.0
#: The fewest play-outs a reviewed move gets (``_measure_played``).
MIN_VISITS = 30
#: Differences smaller than this share of a reward are noise, not mistakes.
MIN_COST = 0.005


@dataclass
class Decision:
    """One decision where the review would have chosen otherwise."""

    index: int  # the move's index in the record
    line: int  # its line in the record file (0 when the record was not read from text)
    played: str
    best: str
    cost: float  # in the game's units (below), the estimated loss of the move played
    unit: str
    sure: float  # the difference in standard errors
    played_visits: int
    best_visits: int

    @property
    def confidence(self) -> str:
        if self.sure >= 2.0:
            return "sure"
        if self.sure >= 1.0:
            return "likely"
        return "unsure"


@dataclass
class Review:
    record: Record
    seat: int
    reviewed: int = 0  # decisions searched
    seconds: float = 0.0
    iterations: int = 0  # in all searches
    differs: list[Decision] = field(default_factory=list)  # in game order
    notes: list[str] = field(default_factory=list)
    stopped: bool = False  # cancelled before the end

    def worst(self, k: int = 3) -> list[Decision]:
        return sorted(self.differs, key=lambda d: (-d.cost, d.index))[:k]

    def to_json(self) -> dict[str, Any]:
        seat = self.record.seats[self.seat]
        return {
            "game": self.record.game,
            "variant": self.record.variant,
            "seat": self.seat + 1,
            "name": seat.name,
            "kind": seat.kind,
            "reviewed": self.reviewed,
            "seconds": round(self.seconds, 2),
            "iterations": self.iterations,
            "worst": [d.index for d in self.worst()],
            "decisions": [{**asdict(d), "confidence": d.confidence} for d in self.differs],
            "notes": self.notes,
            "complete": not self.stopped,
        }

    def to_text(self) -> str:
        rec = self.record
        seat = rec.seats[self.seat]
        who = seat.name if seat.kind == "human" else f"{seat.name} ({seat.kind})"
        per = self.seconds / self.reviewed if self.reviewed else 0.0
        out = [
            f"Review of seat {self.seat + 1}, {who}: {self.reviewed} decisions searched"
            f" in {self.seconds:.1f} s ({per:.2f} s each, {self.iterations:,} iterations)",
        ]
        if self.stopped:
            out.append("(stopped before the end)")
        if not self.differs:
            out.append("The hard bot agrees with every decision it could tell apart.")
        else:
            out.append("")
            out.append("Worst decisions:")
            for n, d in enumerate(self.worst(), 1):
                out.append(f"  {n}. {describe(d)}")
            if len(self.differs) > 3:
                out.append("")
                out.append("Every difference, in game order:")
                for d in self.differs:
                    out.append(f"  - {describe(d)}")
        if self.notes:
            out.append("")
            out.extend(self.notes)
        return "\n".join(out)


def describe(d: Decision) -> str:
    where = f"move {d.index + 1}" + (f" (line {d.line})" if d.line else "")
    return (
        f"{where}: played `{d.played}`, the bot prefers `{d.best}`:"
        f" about {d.cost:.2f} {d.unit} ({d.confidence}, {d.sure:.1f} standard errors;"
        f" {d.played_visits} and {d.best_visits} visits)"
    )


def decisions(rec: Record, seat: int) -> list[int]:
    """The indices of ``seat``'s moves in ``rec`` that were choices (more than one distinct
    decision open to it)."""
    out = []
    st = rec.initial_state()
    game = st.game
    for index, state in _before_each(rec, st):
        if (
            rec.moves[index].seat == seat
            and state.to_move() == seat
            and _is_choice(game, state, seat)
        ):
            out.append(index)
    return out


def _is_choice(game: Any, state: State, seat: int) -> bool:
    return len({a.key for a in game.choices(state, seat)}) > 1


def _played(state: State, seat: int, text: str) -> Action | None:
    """The legal action a move's text stands for (by its decision key)."""
    legal = state.legal_actions(seat)
    for a in legal:
        if str(a) == text:
            return a
    try:
        key = state.game.parse_action(text).key
    except ValueError:
        return None
    return next((a for a in legal if a.key == key), None)


def review(
    rec: Record,
    seat: int,
    *,
    iterations: int = ITERATIONS,
    time_budget: float = TIME_BUDGET,
    seed: int = 1,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Review:
    """Review ``seat``'s decisions in ``rec`` (replayed, so a record that no longer replays
    raises ``records.RecordError``). ``progress(done, total)`` after each decision."""
    if not 0 <= seat < rec.players:
        raise ValueError(f"there is no seat {seat + 1} in a {rec.players}-player game")
    asked = set(decisions(rec, seat))
    out = Review(rec, seat)
    game_entry = entry(rec.game)
    bots = game_entry.bots_module()
    hooks = bots.search_hooks()
    start = clock()
    done = 0
    for index, state in _before_each(rec, rec.initial_state()):
        if index not in asked:
            continue
        if cancelled is not None and cancelled():
            out.stopped = True
            break
        move = rec.moves[index]
        played = _played(state, seat, move.text)
        if played is not None:
            bot = ISMCTSBot(
                hooks, seed=seed + index, iterations=iterations, time_budget=time_budget
            )
            root = bot.search_tree(state.clone(), seat, include=[played])
            out.iterations += bot.last.iterations
            chosen = _choice(root)
            _measure_played(bot, root, state, seat, played)
            out.iterations += bot.last.iterations
            out.reviewed += 1
            found = _compare(root, chosen, played, state, seat, index, rec)
            if found is not None:
                out.differs.append(found)
        done += 1
        if progress is not None:
            progress(done, len(asked))
    out.seconds = clock() - start
    notes = getattr(bots, "review_notes", None)
    if notes is not None:
        out.notes = list(notes(rec, seat))
    return out


def _before_each(rec: Record, state: State) -> Iterator[tuple[int, State]]:
    """``(index, state before move index)`` for every move, replaying as it goes (so a
    line that no longer applies raises ``RecordError``)."""
    steps = replay(rec, state)
    for k in range(len(rec.moves)):
        yield k, state
        next(steps)
    for _ in steps:  # the end checks (a finished record that stops early)
        pass


def _measure_played(bot: ISMCTSBot, root: Any, state: State, seat: int, played: Action) -> None:
    """The search visits a poor choice little (that is what makes it good at choosing), so
    the move played gets iterations of its own until its mean is measured about as well as a
    third of the best choice's."""
    best = _choice(root)
    mine = root.children.get(played.key)
    have = mine.visits if mine is not None else 0
    want = min(bot.iterations, max(MIN_VISITS, (best.visits if best is not None else 0) // 3))
    bot.last.iterations = 0
    if have < want:
        bot.search_tree(state.clone(), seat, root=root, force=played, iterations=want - have)


def _choice(root: Any) -> Any:
    """The search's choice: the most visited root child, as the hard bot plays."""
    return max(
        (c for c in root.children.values() if c.visits),
        key=lambda c: (c.visits, c.reward),
        default=None,
    )


def _compare(
    root: Any, best: Any, played: Action, state: State, seat: int, index: int, rec: Record
) -> Decision | None:
    """The decision, if the search's choice ``best`` is not the move played and beats it."""
    if best is None:
        return None
    mine = root.children.get(played.key)
    if mine is None or mine is best or not mine.visits:
        return None
    m_best = best.reward / best.visits
    m_mine = mine.reward / mine.visits
    diff = m_best - m_mine
    if diff < MIN_COST:
        return None
    spread = math.sqrt(
        max(m_best * (1 - m_best), 1e-4) / best.visits
        + max(m_mine * (1 - m_mine), 1e-4) / mine.visits
    )
    scale, unit = state.game.reward_units(state, seat)
    legal = {a.key: a for a in state.legal_actions(seat)}
    best_action = legal.get(best.action)
    return Decision(
        index=index,
        line=rec.lines[index] if index < len(rec.lines) else 0,
        played=str(played),
        best=str(best_action) if best_action is not None else str(best.action),
        cost=diff * scale,
        unit=unit,
        sure=diff / spread,
        played_visits=mine.visits,
        best_visits=best.visits,
    )


__all__ = ["ITERATIONS", "TIME_BUDGET", "Decision", "Review", "decisions", "describe", "review"]
