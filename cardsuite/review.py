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
``sqrt(m (1 - m))``). The worst three of those at least two standard errors apart (sure:
a smaller difference may be the search's chance) come first; every difference follows, in
game order, each with where it was (the hand and trick, in the table's words) and the move
as the record has it.

A game may add notes of its own (``bots.review_notes(record, seat)``): Money compares the
seat's reaction times, from the record's claims, with the bot levels' ranges.

Pure Python over the engine contract; a search is bounded by iterations and time, and the
review can be cancelled between searches and reports its progress.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
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
    #: where in the game, in the game's own words: "hand 2, trick 3", "deal 1, bid" ("" when
    #: the game has neither hands nor tricks to tell, as Money)
    where: str = ""
    #: the difference of the two choices in the search's reward (a share of its range, 0 to
    #: 1): the same measure in every game, which ``quiz.CLEAR_MISTAKE`` is a threshold of
    reward: float = 0.0
    #: what the seat saw when it chose (``seen_words``: its hand, then the table), from its
    #: own view: never another seat's hidden cards
    seen: str = ""

    @property
    def sure_enough(self) -> bool:
        """The difference is at least two standard errors: a mistake, not noise."""
        return self.sure >= 2.0

    @property
    def likely(self) -> bool:
        """At least one standard error: more often worse than not, but chance may say so."""
        return 1.0 <= self.sure < 2.0

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
        """The costliest ``k`` differences the search is sure of (an unsure one may be
        noise: it is listed with every difference, never among the worst)."""
        sure = [d for d in self.differs if d.sure_enough]
        return sorted(sure, key=lambda d: (-d.cost, d.index))[:k]

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

    def likely(self) -> list[Decision]:
        """The differences the search found more often worse than not, but not by enough
        to be sure (listed apart from the worst, in game order)."""
        return [d for d in self.differs if d.likely]

    def to_text(self) -> str:
        """The review in a player's words: the clear mistakes (sure), then the likely ones,
        each with where it was, what the seat held and saw, the move played as the record
        has it, the bot's choice and the cost in the game's units; the differences too
        small to tell from chance are only counted."""
        rec = self.record
        seat = rec.seats[self.seat]
        who = seat.name if seat.kind == "human" else f"{seat.name} ({seat.kind})"
        head = f"Review of seat {self.seat + 1}, {who}: {plural(self.reviewed, 'decision')}"
        if self.reviewed:
            head += f" looked at in {self.seconds:.1f} s"
        out = [head]
        if self.stopped:
            out.append("(stopped before the end)")
        if not self.reviewed:
            out.append(
                "There was nothing to review: each move of this seat was its only choice."
                if not self.stopped
                else "Nothing was reviewed."
            )
        elif not self.differs:
            out.append(agrees(who, self.reviewed))
        else:
            out.extend(self._found_text(seat.name))
        if self.notes:
            out.append("")
            out.extend(self.notes)
        return "\n".join(out)

    def _found_text(self, name: str) -> list[str]:
        worst, likely = self.worst(), self.likely()
        out = []
        if worst:
            out += ["", "Worst decisions (sure ones):", f"  ({SURE_WORDS}.)"]
            for n, d in enumerate(worst, 1):
                out += [f"  {n}. {describe(d, name)}", *_seen_lines(d)]
            more = [d for d in self.differs if d.sure_enough and d not in worst]
            if more:
                out.append(f"  ({plural(len(more), 'more sure one')}, costing less.)")
        if likely:
            out += ["", "Likely mistakes:", f"  ({LIKELY_WORDS}.)"]
            for d in likely:
                out += [f"  - {describe(d, name)}", *_seen_lines(d)]
        small = sum(d.sure < 1.0 for d in self.differs)
        if small and (worst or likely):
            out += ["", f"{plural(small, 'other difference')}: too small to tell from chance."]
        elif small:
            out += [
                "",
                f"The hard bot would choose otherwise {plural(small, 'time')}, but is sure of"
                " none: the differences are small enough to be chance.",
            ]
        return out


#: What "sure" and "likely" mean, in words (the CLI and the screens say it once).
SURE_WORDS = (
    "Sure: over the deals the bot tried, the move played did worse by more than chance explains"
)
LIKELY_WORDS = "Likely: it did worse more often than not, but chance could explain it"


def _seen_lines(d: Decision) -> list[str]:
    return [f"     {d.seen}"] if d.seen else []


def plural(n: int, word: str) -> str:
    """``1 decision``, ``2 decisions``, ``no decision``."""
    if n == 0:
        return f"no {word}"
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def agrees(who: str, reviewed: int) -> str:
    """The review found nothing to change, in words that fit how much there was."""
    if reviewed == 1:
        return f"The hard bot agrees with {who}'s one decision."
    return f"The hard bot agrees with each of {who}'s {reviewed} decisions."


def describe(d: Decision, name: str = "") -> str:
    """One difference: where it was (the hand and trick, then the move's number in the
    replay's list), the move played as the record has it, the bot's choice, what it cost
    in the game's units and how sure that is."""
    where = f"{d.where} (move {d.index + 1})" if d.where else f"move {d.index + 1}"
    who = f"{name} played" if name else "played"
    return (
        f"{where[0].upper()}{where[1:]}: {who} `{d.played}`, the bot prefers `{d.best}`:"
        f" {cost_words(d.cost, d.unit)} ({d.confidence})"
    )


def cost_words(cost: float, unit: str) -> str:
    """What a choice cost, in the game's units: ``about 1.4 chips``; where the game counts
    no units of its own (``Game.reward_units``'s default), a share of games won."""
    if unit == "games won":
        return f"about {cost * 100:.0f} games won in 100 (a share of games won)"
    return f"about {cost:.1f} {unit}"


def confidence_words(d: Decision) -> str:
    """How sure the review is of a difference, said in words (no standard errors)."""
    return {
        "sure": "sure: worse by more than chance explains",
        "likely": "likely: worse more often than not",
        "unsure": "unsure: it may be chance",
    }[d.confidence]


def seen_words(state: State, seat: int, names: Sequence[str] = ()) -> str:
    """What ``seat`` saw when it chose, from its own view only (never another seat's hidden
    cards): its hand in the order it held it, the trick under way (who played what), the
    loose cards of a layout, the top of a pile. Empty when the view has none of these."""
    view = state.view(seat)
    parts = []
    hand = view.get("hand")
    if isinstance(hand, list):
        parts.append(f"held {' '.join(hand) if hand else 'no card'}")
    trick = view.get("trick")
    if isinstance(trick, dict) and view.get("phase") == "play":
        plays = trick.get("plays") or []
        shown = ", ".join(f"{_name(names, p[0])} {' '.join(p[1])}" for p in plays)
        parts.append(f"trick so far {shown}" if shown else "nothing played to the trick yet")
    loose = view.get("loose")
    if isinstance(loose, list) and loose:
        parts.append(f"loose on the table {' '.join(loose)}")
    pile = view.get("pile")
    if isinstance(pile, list) and pile:
        parts.append(f"pile top {pile[-1]}")
    return "; ".join(parts)


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


def in_hand_order(text: str, state: State, seat: int) -> str:
    """A move's text with its cards in the order of the seat's hand, as a player would
    write it and as the record writes moves made at the table (``discard 10D 10C 6S`` became
    ``discard 6S 10C 10D``): only a run of cards all from the hand, and only when the
    reordered text is the same decision."""
    words = text.split(" ")
    hand = state.view(seat).get("hand")
    if not isinstance(hand, list) or len(words) < 3:
        return text
    place = {code: i for i, code in enumerate(hand)}
    cards = [i for i, w in enumerate(words) if w in place]
    if len(cards) < 2 or cards != list(range(cards[0], cards[-1] + 1)):
        return text  # not one run of hand cards (a build of layout cards, a pile top ...)
    run = sorted((words[i] for i in cards), key=place.__getitem__)
    out = " ".join([*words[: cards[0]], *run, *words[cards[-1] + 1 :]])
    try:
        same = state.game.parse_action(out).key == state.game.parse_action(text).key
    except ValueError:
        same = False
    return out if same else text


def where_in_game(state: State, seat: int) -> str:
    """Where ``state`` is in its game, in the words its table uses: the hand or deal
    (``hand_no``/``deal_no`` of the view), then the trick under way while cards are played
    (the game's ``trick`` events since the hand's ``deal``), else the phase (``exchange``,
    ``bid`` ...). Empty for a game that has none of these (Money)."""
    view = state.view(seat)
    parts = []
    for key, word in (("hand_no", "hand"), ("deal_no", "deal")):
        if isinstance(view.get(key), int):
            parts.append(f"{word} {view[key]}")
            break
    phase = view.get("phase")
    if "trick" in view and phase == "play":
        tricks = 0
        for e in reversed(state.events):
            if e.kind == "deal":
                break
            tricks += e.kind == "trick"
        parts.append(f"trick {tricks + 1}")
    elif parts and isinstance(phase, str) and phase not in ("play", "over"):
        parts.append(phase)
    return ", ".join(parts)


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
    searched: Callable[[int, State, Any], None] | None = None,
) -> Review:
    """Review ``seat``'s decisions in ``rec`` (replayed, so a record that no longer replays
    raises ``records.RecordError``). ``progress(done, total)`` after each decision;
    ``searched(index, state, root)`` with each decision's search tree (the quiz rates a
    choice from it); ``cancelled`` stops the search under way too (its decision is left
    out, as the search did not finish)."""
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
        played = _played(state, seat, rec.moves[index].text)
        if played is not None:
            bot = ISMCTSBot(
                hooks,
                seed=seed + index,
                iterations=iterations,
                time_budget=time_budget,
                cancelled=cancelled,
            )
            root, chosen = _search(bot, state, seat, played, out)
            if cancelled is not None and cancelled():
                out.stopped = True
                break
            if searched is not None:
                searched(index, state, root)
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


def _search(bot: ISMCTSBot, state: State, seat: int, played: Action, out: Review) -> Any:
    """One decision searched: the tree (the move played measured too) and the search's
    own choice; the iterations counted into ``out``."""
    root = bot.search_tree(state.clone(), seat, include=[played])
    out.iterations += bot.last.iterations
    chosen = _choice(root)
    _measure_played(bot, root, state, seat, played)
    out.iterations += bot.last.iterations
    return root, chosen


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
    best_text = str(best_action) if best_action is not None else str(best.action)
    return Decision(
        index=index,
        line=rec.lines[index] if index < len(rec.lines) else 0,
        played=rec.moves[index].text,  # as the record has it (its cards in its order)
        best=in_hand_order(best_text, state, seat),
        cost=diff * scale,
        unit=unit,
        sure=diff / spread,
        played_visits=mine.visits,
        best_visits=best.visits,
        where=where_in_game(state, seat),
        reward=diff,
        seen=seen_words(state, seat, [s.name for s in rec.seats]),
    )


__all__ = [
    "ITERATIONS",
    "LIKELY_WORDS",
    "SURE_WORDS",
    "TIME_BUDGET",
    "Decision",
    "Review",
    "agrees",
    "confidence_words",
    "cost_words",
    "decisions",
    "describe",
    "in_hand_order",
    "plural",
    "review",
    "seen_words",
    "where_in_game",
]
