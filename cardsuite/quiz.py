"""Learn from this game: the review's clear mistakes as a quiz.

``prepare(record, seat)`` reviews the seat's decisions (``review.py``) and keeps the clear
mistakes only: those the search is sure of (``Decision.sure_enough``) that cost at least
``CLEAR_MISTAKE`` of the reward. Each becomes a ``Question``: the position as the seat saw
it (the state before the move, replayed from the record; a screen draws it through
``view(seat)`` and the public log only), the move played, the bot's choice and what the
move played cost in the game's units.

Mistake or bad luck
-------------------

The review judges a move from what the player could know: over the deals that fit their
view, it did worse. That makes it a poor choice; it does not say that it is what cost them
in this game. So each question's two choices (the move played, the bot's) are searched
again on the cards that really lay: the true deal from the record, every hand and the stock
as they were (the all-seeing search, ``ISMCTSBot(all_seeing="cards")``). Then (``Verdict``):

- the move played did worse with the real cards too (by at least ``review.MIN_COST`` of
  the reward, and by more than the search's chance, a standard error): a **mistake**. The
  bot's choice would have done better in this very game, by about the cost the verdict
  names;
- the move played did no worse with the real cards: **bad luck**. The choice was still the
  poorer bet on what the player could know (the review is sure of it), but the cards lay
  so that the better bet would not have saved anything here: whatever was lost in this
  game came from the cards, not from this choice.

Pure Python over the engine contract (no terminal library); the searches are bounded by
iterations and time, report progress, and stop between searches when cancelled.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from .bots.ismcts import OMNISCIENT, ISMCTSBot
from .engine import Action, Event, IllegalAction, State
from .games import entry
from .records import Record
from .review import (
    ITERATIONS,
    MIN_COST,
    MIN_VISITS,
    TIME_BUDGET,
    Decision,
    Review,
    _before_each,
    _played,
    cost_words,
    describe,
    in_hand_order,
    review,
    where_in_game,
)

#: A clear mistake costs at least this share of the search's reward (0 to 1, the same
#: measure in every game: ``Decision.reward``), besides being sure. Smaller sure differences
#: are real but slight: a quiz about them would teach little and feel like nitpicking.
CLEAR_MISTAKE = 0.03
#: The fewest play-outs a choice needs in the review's search to be rated (``Question.rate``).
RATED_VISITS = 8
#: The recent log a question shows: the last events before the decision.
LOG_LINES = 8
#: The most choices a question lists (an exchange of several cards has hundreds; the rest
#: can be typed).
LISTED = 40

#: ``progress(stage, done, total)``: ``stage`` is "review" (each decision searched from the
#: player's information) or "verdict" (each clear mistake searched on the real cards).
Progress = Callable[[str, int, int], None]


@dataclass
class Verdict:
    """The move played and the bot's choice, searched on the cards that really lay."""

    played: float  # the move played's mean reward with the real cards
    best: float  # the bot's choice's
    scale: float  # the game's units per 1 of reward (``Game.reward_units``)
    unit: str
    #: the standard error of the difference (the real cards' search has its play-outs'
    #: chance too): a smaller difference is no evidence of worse
    spread: float = 0.0

    @property
    def cost(self) -> float:
        """What the move played cost in this very game, in the game's units (0 or less:
        nothing)."""
        return (self.best - self.played) * self.scale

    @property
    def bad_luck(self) -> bool:
        """The move played did no worse with the real cards (see the module docstring):
        not by ``review.MIN_COST`` of the reward, nor by more than the search's chance
        (a standard error)."""
        return self.best - self.played < max(MIN_COST, self.spread)

    def words(self, played: str, best: str) -> str:
        """The verdict in a player's words."""
        if self.bad_luck:
            return (
                f"Bad luck, not this choice: with the cards as they really lay, `{played}` "
                f"did as well as `{best}`. It was still the poorer bet on what you could "
                "know, but the better one would not have saved anything in this game."
            )
        return (
            f"A mistake: with the cards as they really lay, `{best}` would have done "
            f"better too, by {cost_words(self.cost, self.unit)} in this game."
        )


@dataclass
class Question:
    """One clear mistake, set up as the seat saw it."""

    decision: Decision
    #: the position before the move (with its public log): drawn through ``view(seat)``
    state: State
    seat: int
    names: list[str]
    verdict: Verdict
    #: the review's search of this position (the player's information): each choice's
    #: mean reward and visits, by its key (``rate``)
    ratings: dict[object, tuple[float, int]] = field(default_factory=dict)

    def view(self) -> dict[str, Any]:
        """The position as the seat saw it: its own view, never another's hidden cards
        (what a screen draws; a screen never reads ``state``)."""
        return self.state.view(self.seat)

    @property
    def where(self) -> str:
        """Where in the game, in the table's words (``where_in_game``), else the move."""
        return where_in_game(self.state, self.seat) or f"move {self.decision.index + 1}"

    @property
    def recent(self) -> list[Event]:
        """The last events of the public log before the decision."""
        return list(self.state.events[-LOG_LINES:])

    def choices(self) -> list[str]:
        """The seat's distinct choices, as the table writes them (cards in the hand's
        order), at most ``LISTED``."""
        seen: set[object] = set()
        out = []
        for a in self.state.legal_actions(self.seat):
            if a.key not in seen:
                seen.add(a.key)
                out.append(in_hand_order(str(a), self.state, self.seat))
        return out[:LISTED]

    def judge(self, text: str) -> Action:
        """The legal action ``text`` stands for; ``IllegalAction`` with the rules' reason
        (as the table gives it) when it is not one. Nothing legal is refused."""
        text = " ".join(text.split())
        st, seat = self.state, self.seat
        for a in st.legal_actions(seat):
            if text in (str(a), in_hand_order(str(a), st, seat)):
                return a
        try:
            action = st.game.parse_action(text)
        except ValueError as e:
            raise IllegalAction(str(e) or f"{text!r} is not a move") from None
        legal = {a.key: a for a in st.legal_actions(seat)}
        if action.key in legal:
            return legal[action.key]
        st.clone().apply(action, seat)  # raises with the rules' reason
        raise IllegalAction("that is not one of your choices here")

    def rate(self, action: Action) -> str:
        """How the review's search (from what the player could know) rated ``action``
        beside the bot's choice, in words and the game's units, as sure as the review is
        of its own differences (a rating within chance is no difference)."""
        best = self.ratings.get(self.judge(self.decision.best).key)
        mine = self.ratings.get(action.key)
        if best is None or mine is None or mine[1] < RATED_VISITS:
            return "The bot tried this choice too rarely in its search to say what it costs."
        diff = best[0] - mine[0]
        spread = math.sqrt(sum(max(m * (1 - m), 1e-4) / visits for m, visits in (best, mine)))
        if diff < max(MIN_COST, spread):
            return "As far as the bot's search can tell, it is about as good as its own choice."
        cost = cost_words(diff * self.verdict.scale, self.decision.unit)
        how = "sure" if diff >= 2 * spread else "likely"
        return f"The bot's search rates it {cost} worse than its own choice ({how})."

    def is_best(self, action: Action) -> bool:
        return self._same(self.decision.best, action)

    def is_played(self, action: Action) -> bool:
        return self._same(self.decision.played, action)

    def _same(self, text: str, action: Action) -> bool:
        try:
            return self.judge(text).key == action.key
        except IllegalAction:
            return False


@dataclass
class Quiz:
    record: Record
    seat: int
    review: Review
    questions: list[Question] = field(default_factory=list)
    seconds: float = 0.0
    stopped: bool = False

    def to_text(self) -> str:
        """The quiz as text (``cardsuite review --quiz``): each clear mistake as the review
        words it, with what the seat saw, then the verdict; or why there is none."""
        name = self.record.seats[self.seat].name
        n = len(self.questions)
        head = f"Learn from this game: seat {self.seat + 1}, {name}: "
        head += f"{n} clear mistake{'s' * (n != 1)}" if n else "no clear mistake"
        out = [f"{head} (prepared in {self.seconds:.1f} s)"]
        if self.stopped:
            out.append("(stopped before the end)")
        if not n:
            out.append(self.none_words())
        for k, q in enumerate(self.questions, 1):
            d = q.decision
            out.append(f"  {k}. {describe(d, name)}")
            if d.seen:
                out.append(f"     {d.seen}")
            out.append(f"     {q.verdict.words(d.played, d.best)}")
        return "\n".join(out)

    def to_json(self) -> dict[str, Any]:
        """The numbers: each question's decision (as the review's JSON has it) and its
        verdict, with the review whole."""
        return {
            "seconds": round(self.seconds, 2),
            "complete": not self.stopped,
            "clear_mistake": CLEAR_MISTAKE,
            "questions": [
                {
                    **asdict(q.decision),
                    "confidence": q.decision.confidence,
                    "verdict": {
                        "played": q.verdict.played,
                        "best": q.verdict.best,
                        "cost": q.verdict.cost,
                        "unit": q.verdict.unit,
                        "spread": q.verdict.spread,
                        "bad_luck": q.verdict.bad_luck,
                    },
                }
                for q in self.questions
            ],
            "review": self.review.to_json(),
        }

    def none_words(self) -> str:
        """What a game with no clear mistake says, kindly and truly."""
        name = self.record.seats[self.seat].name
        rv = self.review
        if not rv.reviewed:
            return f"Nothing to learn here, {name}: each of your moves was the only one."
        if not rv.differs:
            return (
                f"No mistake to learn from, {name}: the hard bot agrees with every choice."
                " Well played."
            )
        sure = [d for d in rv.differs if d.sure_enough]
        if sure:
            return (
                f"No clear mistake, {name}: the bot is sure of {len(sure)} small one"
                f"{'s' * (len(sure) != 1)}, none costing enough to be worth a quiz. Well played."
            )
        return (
            f"No clear mistake, {name}: the bot would choose otherwise now and then, but the "
            "differences are small enough to be chance. Well played."
        )


def clear(d: Decision) -> bool:
    """A clear mistake: sure, and costing at least ``CLEAR_MISTAKE`` of the reward."""
    return d.sure_enough and d.reward >= CLEAR_MISTAKE


def prepare(
    rec: Record,
    seat: int,
    *,
    iterations: int = ITERATIONS,
    time_budget: float = TIME_BUDGET,
    seed: int = 1,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Quiz:
    """The quiz of ``seat``'s clear mistakes in ``rec`` (see the module docstring)."""
    start = clock()

    def reviewed(done: int, total: int) -> None:
        if progress is not None:
            progress("review", done, total)

    ratings: dict[int, dict[object, tuple[float, int]]] = {}

    def searched(index: int, state: State, root: Any) -> None:
        ratings[index] = {
            key: (child.reward / child.visits, child.visits)
            for key, child in root.children.items()
            if child.visits
        }

    rv = review(
        rec,
        seat,
        iterations=iterations,
        time_budget=time_budget,
        seed=seed,
        progress=reviewed,
        cancelled=cancelled,
        clock=clock,
        searched=searched,
    )
    quiz = Quiz(rec, seat, rv, stopped=rv.stopped)
    _ask(quiz, ratings, iterations, time_budget, seed, progress, cancelled)
    quiz.seconds = clock() - start
    return quiz


def _ask(
    quiz: Quiz,
    ratings: dict[int, dict[object, tuple[float, int]]],
    iterations: int,
    time_budget: float,
    seed: int,
    progress: Progress | None,
    cancelled: Callable[[], bool] | None,
) -> None:
    """The questions: each clear mistake of the review, searched on the real cards."""
    rec, seat = quiz.record, quiz.seat
    wanted = {d.index: d for d in quiz.review.differs if clear(d)}
    names = [s.name for s in rec.seats]
    done = 0
    for index, state in _before_each(rec, rec.initial_state()):
        if index not in wanted or quiz.stopped:
            continue
        if cancelled is not None and cancelled():
            quiz.stopped = True
            continue
        d = wanted[index]
        verdict = _verdict(state, seat, d, iterations, time_budget, seed + index)
        if verdict is not None:
            question = Question(d, state.clone(), seat, names, verdict, ratings.get(index, {}))
            quiz.questions.append(question)
        done += 1
        if progress is not None:
            progress("verdict", done, len(wanted))


def _verdict(
    state: State, seat: int, d: Decision, iterations: int, time_budget: float, seed: int
) -> Verdict | None:
    """Both choices searched on the true deal (each measured with at least a third of the
    budget's iterations, as the review measures the move played)."""
    played = _played(state, seat, d.played)
    best = _played(state, seat, d.best)
    if played is None or best is None:
        return None
    hooks = entry(state.game.id).bots_module().search_hooks()
    bot = ISMCTSBot(
        hooks, seed=seed, iterations=iterations, time_budget=time_budget, all_seeing=OMNISCIENT
    )
    root = bot.search_tree(state.clone(), seat, include=[played, best])
    want = max(MIN_VISITS, iterations // 3)
    means, variance = [], 0.0
    for action in (played, best):
        node = root.children.get(action.key)
        have = node.visits if node is not None else 0
        if have < want:
            bot.search_tree(state.clone(), seat, root=root, force=action, iterations=want - have)
        node = root.children.get(action.key)
        if node is None or not node.visits:
            return None
        m = node.reward / node.visits
        means.append(m)
        variance += max(m * (1 - m), 1e-4) / node.visits  # rewards lie in [0, 1]
    scale, unit = state.game.reward_units(state, seat)
    return Verdict(means[0], means[1], scale, unit, math.sqrt(variance))


__all__ = ["CLEAR_MISTAKE", "Question", "Quiz", "Verdict", "clear", "prepare"]
