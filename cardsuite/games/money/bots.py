"""Money bots: a human-like reaction model per level, buying and selling decisions.

Two kinds of decision (money.md §12, "Decision space"):

- *Timing* (when to turn, whether and when to snap). ``plan(state, seat, reveal)`` gives the
  presses a bot means to make for the card revealed at ``reveal``: each a (time, "turn" or
  "snap"). Delays come from the level's reaction model: right-skewed like human reactions,
  within the level's range and never under 200 ms; easy bots sometimes miss a match and,
  rarely, snap at nothing. A hard bot turns as soon as the throw time allows when the
  opponent's card has just matched, closing the window on it. Bots only react to revealed
  cards: they never know what is coming.
- *Money* (which coin to pay, exchanges, change, the seller's split, and under the Egyptian
  rules whether to shop at all). ``choose(state, seat)`` decides at once: medium by a club
  player's rules of thumb, hard by the shared IS-MCTS with medium play-outs.

Each decision about a given card is drawn once and remembered, so asking a bot to re-plan
after something else happened never gives it a second roll of the dice.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...bots.ismcts import SearchHooks
from ...engine import Action, State
from ...hints import Hint
from .actions import CLAIMS, TURN
from .coins import value
from .referee import DEFAULT_THROW
from .rules import GROUND, Buy, Claim, Exchange, MoneyState, Sell, Turn

MIN_DELAY = 0.2


@dataclass(frozen=True)
class Reaction:
    """A level's reaction model (seconds)."""

    low: float
    high: float
    miss: float  # chance of missing an own match
    false_snap: float  # chance of snapping at a card that did not match
    tempo_low: float
    tempo_high: float

    def delay(self, rng: random.Random) -> float:
        """A reaction: low + (high - low) * Beta(2, 3): skewed right, mode near a third."""
        return max(MIN_DELAY, self.low + (self.high - self.low) * rng.betavariate(2, 3))

    def tempo(self, rng: random.Random) -> float:
        return max(
            MIN_DELAY, self.tempo_low + (self.tempo_high - self.tempo_low) * rng.betavariate(2, 3)
        )


REACTIONS = {
    "random": Reaction(0.45, 0.9, 0.5, 0.05, 0.45, 0.9),
    "easy": Reaction(0.6, 0.9, 0.2, 0.01, 0.6, 0.9),
    "medium": Reaction(0.4, 0.55, 0.05, 0.0, 0.4, 0.55),
    "hard": Reaction(0.28, 0.35, 0.0, 0.0, 0.28, 0.35),
}


class MoneyBot:
    """Timing for every level; decisions by ``decide`` (overridden per level)."""

    level = "medium"
    #: Its money decisions take a search's time (the hard bot's): ``wants_to_shop`` does
    #: not make one to answer.
    decides_slowly = False

    def __init__(self, seed: int | None = None, throw_time: float = DEFAULT_THROW) -> None:
        self.rng = random.Random(seed)
        self.reaction = REACTIONS[self.level]
        self.throw_time = throw_time
        self._memo: dict[tuple[int, str, int], float | bool | None] = {}

    # --- timing ---------------------------------------------------------------------------

    def plan(self, state: MoneyState, seat: int, reveal: float) -> list[tuple[float, str]]:
        """Presses this bot means to make for the card revealed at ``reveal``."""
        # (asked for every press of a self-play game: a delay drawn already is looked up here)
        out: list[tuple[float, str]] = []
        key = state.turns
        memo = self._memo
        if state.pile and not state._auto and state.last is not None:  # (auto_capture)
            k = (key, "snap", seat)
            snap = memo[k] if k in memo else self._once(k, lambda: self._snap_delay(state, seat))
            if snap is not None:
                out.append((reveal + snap, "snap"))
        if (
            state.phase == "play"
            and state.to_move() == seat
            and state.hands[seat]
            and not state.must_buy()
            and not self.wants_to_shop(state, seat)
        ):
            k = (key, "turn", seat)
            tempo = memo[k] if k in memo else self._once(k, lambda: self._turn_delay(state, seat))
            assert tempo is not None
            out.append((reveal + tempo, "turn"))
        return out

    def _once(self, key: tuple[int, str, int], draw: Any) -> float | None:
        memo = self._memo
        if key not in memo:
            if len(memo) > 64:
                # The earlier cards' answers are history; this card's stay (its shop answer
                # wiped between two questions came out the other way: a bot that had pressed
                # to turn went shopping, and then no one had anything to do).
                kept = {k: v for k, v in memo.items() if k[0] >= key[0]}
                memo.clear()
                memo.update(kept)
            memo[key] = draw()
        return memo[key]

    def _snap_delay(self, state: MoneyState, seat: int) -> float | None:
        r = self.reaction
        if state.claim_is_valid(seat):
            return None if self.rng.random() < r.miss else r.delay(self.rng)
        last = state.last
        if last is not None and last[0] == seat and self.rng.random() < r.false_snap:
            return r.delay(self.rng)  # an easy bot's rare false snap at its own card
        return None

    def _turn_delay(self, state: MoneyState, seat: int) -> float:
        last = state.last
        if self.level == "hard" and last is not None and last[0] != seat and last[2]:
            return self.throw_time  # the opponent's match: close its window at once
        return self.reaction.tempo(self.rng)

    # --- decisions ------------------------------------------------------------------------

    def wants_to_shop(self, state: MoneyState, seat: int) -> bool:
        """Under buy-at-will, does the bot mean to exchange or buy before turning?"""
        if not state.can_shop() or state.must_buy():
            return False
        if self.decides_slowly:
            # Its answer is a search of its whole budget, and the race asks on the table's
            # own thread (a server's event loop): the table would freeze while it thought,
            # then think again for the decision itself. So it always takes the decision,
            # where turning is one of its choices (made as the race's ``turn``).
            return True
        # One answer per position: the driver asks, then plans the turn by asking again, and
        # a bot that decides by chance must not say both yes and no (no one would act).
        key = (state.turns, f"shop {state.exchanges} {len(state.banks[seat])}", seat)
        return bool(self._once(key, lambda: not isinstance(self.choose(state, seat), Turn)))

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, MoneyState)
        legal = [a for a in state.legal_actions(seat) if not isinstance(a, Claim)]
        if not legal:
            raise ValueError(f"seat {seat} has nothing to decide")
        if len(legal) == 1:
            return legal[0]
        return self.decide(state, seat, legal)

    def decide(self, state: MoneyState, seat: int, legal: Sequence[Action]) -> Action:
        return medium_decision(state, seat, legal, self.rng)


def medium_decision(
    state: MoneyState, seat: int, legal: Sequence[Action], rng: random.Random
) -> Action:
    """A club player's rules of thumb.

    Buying: take as many cards as possible (fewer forced purchases later), from the ground
    when the rules allow (those cards are out of the opponent's reach), paying with the
    larger coin and keeping the small ones, which can always buy from a short pile. Take
    change rather than leave money lying under the pile. Exchange only when no purchase is
    possible yet. Under buy-at-will, never shop by choice: money spent on the ground's cards
    is money the next forced purchase lacks. (It used to buy a ground of ten cards or more;
    against the same bot that turns instead it won 0.49 of 300 duplicate games of the
    Egyptian preset, 0.45 at scale (b), 0.44 of 200 with aces as money and 0.04 with
    al-kommi, where it lost 95 in 100 to the easy bot.)
    Selling: hand over cards and keep the money (coins keep you in the game).
    """
    buys = [a for a in legal if isinstance(a, Buy)]
    sells = [a for a in legal if isinstance(a, Sell)]
    exchanges = [a for a in legal if isinstance(a, Exchange)]
    if sells:
        return max(sells, key=lambda a: (a.count, -len(a.change)))
    vals = state.values
    if buys:
        if not state.must_buy() and any(isinstance(a, Turn) for a in legal):
            return Turn()  # buying at will (MONEY-EG-2): never by choice

        def score(a: Buy) -> tuple[int, int, int, int]:
            n = vals[a.pay] - value(a.change, vals) if a.source == GROUND else vals[a.pay]
            return (n, a.source == GROUND, vals[a.pay], len(a.change))

        return max(buys, key=score)
    if exchanges and state.must_buy():
        # prefer exchanges that break a big coin into small ones
        return max(exchanges, key=lambda x: (len(x.take) - len(x.give), x.place == GROUND))
    turns = [a for a in legal if isinstance(a, Turn)]
    return turns[0] if turns else legal[0]


class EasyBot(MoneyBot):
    """Slow and careless: random purchases and splits."""

    level = "easy"

    def decide(self, state: MoneyState, seat: int, legal: Sequence[Action]) -> Action:
        turns = [a for a in legal if isinstance(a, Turn)]
        if turns and not state.must_buy():
            return turns[0]  # never shops at will
        return self.rng.choice(list(legal))


class MediumBot(MoneyBot):
    level = "medium"

    def hint(self, state: State, seat: int) -> Hint:
        """``choose``'s money decision and the rule of thumb that chose it (``reasons``)."""
        from .reasons import medium_hint

        assert isinstance(state, MoneyState)
        legal = [a for a in state.legal_actions(seat) if not isinstance(a, Claim)]
        if not legal:
            raise ValueError(f"seat {seat} has nothing to decide")
        return medium_hint(state, seat, legal)


class RandomMoneyBot(MoneyBot):
    """Timing of a distracted beginner, decisions at random (the ``random`` level)."""

    level = "random"

    def decide(self, state: MoneyState, seat: int, legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))


class HardBot(MoneyBot):
    """Fast hands (280-350 ms, never misses) and money decisions by IS-MCTS."""

    level = "hard"
    decides_slowly = True

    def __init__(
        self, seed: int | None = None, throw_time: float = DEFAULT_THROW, **search: Any
    ) -> None:
        super().__init__(seed, throw_time)
        from ...bots.ismcts import ISMCTSBot

        search.setdefault("iterations", 300)
        search.setdefault("time_budget", 0.5)
        self.search = ISMCTSBot(search_hooks(), seed=seed, **search)

    @property
    def cancelled(self) -> Any:
        return self.search.cancelled

    @cancelled.setter
    def cancelled(self, value: Any) -> None:
        self.search.cancelled = value

    def decide(self, state: MoneyState, seat: int, legal: Sequence[Action]) -> Action:
        return self.search.choose(state, seat)


BOTS = {"easy": EasyBot, "medium": MediumBot}


# --- search hooks --------------------------------------------------------------------------


#: Whether the hard bot weighs exchanges made at will (MONEY-EG-2) at all. Off: with
#: turning still open it weighs turning and the purchases, and exchanges only where it must
#: buy. An exchange keeps a purse's value, so at will each came out as good as turning
#: (within its samples' noise), and there are dozens of them (42 at the Egyptian game's
#: first card, 233 with aces as money): the search spread its budget over them, about 8
#: play-outs each (1 with aces), and the most visited won by chance, an exchange nearly
#: every time, two or three a turn.
EXCHANGES_AT_WILL = False


def candidates(st: State) -> Sequence[Action]:
    """The mover's decisions; claims are a matter of speed, left to the play-outs; and
    exchanges only where the mover cannot turn instead (``EXCHANGES_AT_WILL``)."""
    legal = [a for a in st.legal_actions() if not isinstance(a, Claim)]
    if EXCHANGES_AT_WILL or not any(type(a) is Turn for a in legal):
        return legal
    return [a for a in legal if type(a) is not Exchange]


def rollout_action(st: State, rng: random.Random) -> Action:
    """Medium decisions, and snaps as a race: a player whose card just matched wins the race
    to the claim seven times in ten (the opponent's turn closes it otherwise)."""
    assert isinstance(st, MoneyState)
    if st.pile and not st._auto and st.last is not None:
        turner = st.last[0]
        if st.claim_is_valid(turner) and rng.random() < 0.7:
            return CLAIMS[turner]
    seat = st.to_move()
    assert seat is not None
    offered = st.legal_actions(seat)
    if type(offered) is tuple and offered[0] is TURN:  # the constant "turn (or claim)"
        return TURN
    legal = [a for a in offered if not isinstance(a, Claim)]
    if len(legal) == 1:
        return legal[0]
    return medium_decision(st, seat, legal, rng)


def search_hooks() -> SearchHooks:
    return SearchHooks(candidates=candidates, rollout=rollout_action)


def make(level: str, seed: int | None = None, **options: Any) -> MoneyBot:
    """Any level, including random and hard (the generic ``make_bot`` routes here)."""
    if level == "hard":
        return HardBot(seed, **options)
    if level == "random":
        return RandomMoneyBot(seed, **options)
    return BOTS[level](seed, **options)


# --- review (cardsuite/review.py) ----------------------------------------------------------


def review_notes(record: Any, seat: int) -> list[str]:
    """The seat's reaction times, read from the record's claims (``2 claim # 412 ms``),
    against each bot level's range: how fast a hand this player has."""
    times = []
    for m in record.moves:
        if m.seat == seat and m.text == "claim" and m.note and m.note.endswith(" ms"):
            try:
                times.append(float(m.note[:-3]))
            except ValueError:
                continue
    if not times:
        return ["Reaction times: no timed claims by this seat in the record."]
    times.sort()
    median = statistics.median(times)
    out = [
        f"Reaction times of {len(times)} claims: median {median:.0f} ms,"
        f" fastest {times[0]:.0f} ms, slowest {times[-1]:.0f} ms."
    ]
    ranges = ", ".join(
        f"{level} {r.low * 1000:.0f}-{r.high * 1000:.0f} ms" for level, r in _LEVEL_RANGES
    )
    out.append(f"The bots' ranges: {ranges}.")
    within = [level for level, r in _LEVEL_RANGES if r.low * 1000 <= median <= r.high * 1000]
    if median < REACTIONS["hard"].low * 1000:
        out.append("That is faster than the hard bot.")
    elif within:
        out.append(f"That is the pace of the {' and '.join(within)} level.")
    elif median > REACTIONS["easy"].high * 1000:
        out.append("That is slower than the easy bot: every level snaps first.")
    else:
        out.append("That lies between the levels' ranges.")
    return out


_LEVEL_RANGES = [(level, REACTIONS[level]) for level in ("hard", "medium", "easy")]
