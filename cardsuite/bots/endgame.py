"""Exact endgames for the hard bot (issue 36, item 2): in a deal's last tricks, solve each
sampled deal instead of estimating it by play-outs.

Sampling bots for trick games gain most where a deal is nearly over (Long et al., "Understanding
the success of perfect information Monte Carlo sampling in game tree search", 2010; the Skat
and Bridge programs): few cards are left, so every sample of the hidden cards can be searched
to the deal's end with perfect information, and play-outs (a heuristic's guesses of how the
others go on) are no longer needed. ``choose_exactly`` draws samples the way the search does
(``ISMCTSBot._sampler``: the pool weighed by the evidence when the game reads the table),
solves each (``Solver``) and plays the choice with the best value averaged over them.

The solver sees only the engine contract (``legal_actions``, ``apply``, ``to_move``, the
game's ``search_horizon`` and ``search_reward``) and what a game lends in an ``Endgame``:

- ``when``: whether the position is small enough to solve (cards left in hands, say);
- ``key``: a transposition-table key: everything the rest of the deal and its reward depend
  on (hands, the trick on the table, tricks won ...). The table is shared by the samples of
  one decision, which is sound because the key names every hand;
- ``groups``: equivalent moves, of which one is searched (cards adjacent in rank in one suit
  with nothing between them left in play: whichever is played, the deal goes the same);
- ``sides``: each seat's side, when the sides are known in a sample (Mensch's declarer and
  partner): then the search is alpha-beta over the deciding seat's reward, its side
  maximising and the other minimising (exact when the sides' rewards are opposed, as a
  deal's chips are). Without ``sides`` it is max^n: every seat maximises its own reward,
  ties going to the move listed first, or with ``paranoid_ties`` to the move worst for the
  deciding seat (the sides of Twenty-Two and Manni are every seat for itself; in
  Twenty-Two a seat safe from the showdown is indifferent to much, and what it is assumed
  to do then matters).

Perfect-information solving of samples has known faults (Frank and Basin's strategy
fusion: the solve assumes each seat will know the deal later on; every seat is assumed to
know the decider's cards), so the gain over play-outs is measured, not assumed:
``scripts/measure_endgame.py``.

Pure: no clock but the one passed in, no randomness but the samples given.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine import Action, State

if TYPE_CHECKING:
    from .ismcts import ISMCTSBot

#: How many of the search's iterations one solved sample stands for: a bot capped at 200
#: iterations solves 8 samples, the default 1000 up to 40 (the time budget binds first in
#: larger endgames). A solved sample is worth far more than a play-out; a few dozen give the
#: spread of the hidden cards.
ITERATIONS_PER_SAMPLE = 25
#: The solver reads the clock and the cancel flag once per this many positions searched.
CHECK_EVERY = 64


@dataclass
class Endgame:
    """What a game lends the exact endgame (see the module docstring)."""

    #: (state, seat to decide) -> True where the position is to be solved exactly
    when: Callable[[State, int], bool]
    #: state -> a key for the transposition table (everything the rest of the deal reads)
    key: Callable[[State], Hashable]
    #: (state, its mover's legal actions) -> those actions in groups of equivalent ones
    #: (default: each alone)
    groups: Callable[[State, Sequence[Action]], Sequence[Sequence[Action]]] | None = None
    #: state -> each seat's side (alpha-beta over the decider's reward); None: max^n
    sides: Callable[[State], Sequence[int]] | None = None
    #: a state's copy to search on (default: ``clone()``; a game may skip its log)
    copy: Callable[[State], State] | None = None
    #: max^n: a seat indifferent between moves takes the one worst for the decider (else
    #: the first listed)
    paranoid_ties: bool = False
    #: a game's own solver, built like ``Solver`` (root, decider, this spec, stop) and
    #: answering ``values``/``value``/``nodes`` alike, value for value: its speed (a
    #: position as bit masks, say) lives in the game's folder, and a lockstep test holds it
    #: equal to ``Solver``, which stays the readable reference. None: ``Solver``
    solver: Callable[..., Solver] | None = None


def turn_copy(state: State) -> State:
    """A position's copy for the solver, for the turn games (``turns.py``: the three trick
    games): no log, and still a search copy when the position is one (``clone`` makes a
    true position, which would shuffle and deal the next hand once this one is scored:
    wasted time past the horizon); the generator shared, as nothing in a deal's play
    draws from it."""
    new = state.clone(state.rng, events=False)  # type: ignore[call-arg]
    new._search_copy = state._search_copy  # type: ignore[attr-defined]
    return new


class OutOfTime(Exception):
    """The clock or the cancel flag stopped a solve part-way."""


class Solver:
    """Solves sampled deals of one decision exactly. ``values(sample, actions)``: the
    deciding seat's reward for each action (by key), each action followed by best play of
    every seat in that sample. ``nodes`` counts the positions searched."""

    def __init__(
        self,
        root: State,
        me: int,
        spec: Endgame,
        stop: Callable[[], bool] | None = None,
        *,
        table: bool = True,
    ) -> None:
        game = root.game
        self.root = root
        self.me = me
        self.spec = spec
        self.horizon = game.search_horizon
        self.reward = game.search_reward
        self.stop = stop
        self.use_table = table
        self.copy = spec.copy or (lambda s: s.clone())
        self.groups = spec.groups or (lambda s, acts: [(a,) for a in acts])
        self.maxn_table: dict[Hashable, tuple[float, ...]] = {}
        self.ab_table: dict[Hashable, tuple[float, float]] = {}
        self.nodes = 0
        self.paranoid = spec.paranoid_ties

    def values(self, sample: State, actions: Sequence[Action]) -> dict[object, float]:
        """Each of ``actions`` (the decider's, legal in ``sample``) by key: its exact value
        for the decider in ``sample``. Raises ``OutOfTime`` when stopped."""
        out: dict[object, float] = {}
        sides = self.spec.sides(sample) if self.spec.sides is not None else None
        for group in self.groups(sample, actions):
            child = self.copy(sample)
            child.apply(group[0])
            if sides is None:
                value = self._maxn(child)[self.me]
            else:
                value = self._alphabeta(child, sides, 0.0, 1.0)
            for a in group:
                out[a.key] = value
        return out

    def value(self, st: State) -> float:
        """The deciding seat's exact value of the position ``st`` (any seat to move), every
        seat playing best from there: a play-out finished exactly. Raises ``OutOfTime``
        when stopped."""
        sides = self.spec.sides(st) if self.spec.sides is not None else None
        if sides is None:
            return self._maxn(st)[self.me]
        return self._alphabeta(st, sides, 0.0, 1.0)

    def _tick(self) -> None:
        self.nodes += 1
        if self.stop is not None and self.nodes % CHECK_EVERY == 0 and self.stop():
            raise OutOfTime

    def _better(self, v: tuple[float, ...], best: tuple[float, ...], mover: int) -> bool:
        """Is ``v`` the mover's choice over ``best``: better for it, or (``paranoid``) as
        good for it and worse for the decider."""
        if v[mover] != best[mover]:
            return v[mover] > best[mover]
        return self.paranoid and v[self.me] < best[self.me]

    def _maxn(self, st: State) -> tuple[float, ...]:
        """Every seat's reward under max^n: the mover takes the child best for itself."""
        mover = st.to_move()
        if mover is None or self.horizon(self.root, st):
            return tuple(self.reward(self.root, st))
        key = self.spec.key(st) if self.use_table else None
        if key is not None:
            hit = self.maxn_table.get(key)
            if hit is not None:
                return hit
        self._tick()
        best: tuple[float, ...] | None = None
        for group in self.groups(st, st.legal_actions()):
            child = self.copy(st)
            child.apply(group[0])
            v = self._maxn(child)
            if best is None or self._better(v, best, mover):
                best = v
        assert best is not None
        if key is not None:
            self.maxn_table[key] = best
        return best

    def _alphabeta(self, st: State, sides: Sequence[int], alpha: float, beta: float) -> float:
        """The decider's reward, its side maximising and the other side minimising, within
        (``alpha``, ``beta``): a value at or below ``alpha`` is an upper bound, at or above
        ``beta`` a lower one. The table keeps each position's bounds."""
        mover = st.to_move()
        if mover is None or self.horizon(self.root, st):
            return self.reward(self.root, st)[self.me]
        key = self.spec.key(st) if self.use_table else None
        lo, hi = 0.0, 1.0
        if key is not None:
            hit = self.ab_table.get(key)
            if hit is not None:
                lo, hi = hit
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
        self._tick()
        a0, b0 = alpha, beta
        maximise = sides[mover] == sides[self.me]
        best = -math.inf if maximise else math.inf
        for group in self.groups(st, st.legal_actions()):
            child = self.copy(st)
            child.apply(group[0])
            v = self._alphabeta(child, sides, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                alpha = max(alpha, v)
            else:
                if v < best:
                    best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None:
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.ab_table[key] = (lo, hi)
        return best


def make_solver(
    root: State, me: int, spec: Endgame, stop: Callable[[], bool] | None = None
) -> Solver:
    """The solver a decision uses: the game's own (``Endgame.solver``) if it lends one,
    else the reference ``Solver``."""
    factory = spec.solver or Solver
    return factory(root, me, spec, stop)


#: Four bands of 16 bits: a game's own solver (Manni's, Mensch's) gives each suit (or the
#: trumps) a band, highest card at the band's lowest bit.
_BANDS = tuple(0xFFFF << (16 * b) for b in range(4))


def band_plays(mask: int, live: int) -> list[int]:
    """``adjacent_runs`` for a solver whose cards are bits in bands of 16 (a suit, or the
    trumps, each a band, highest card lowest): the one-bit masks of the cards to search among
    ``mask`` (a seat's legal plays), lowest bit first, the first of each run of adjacent
    cards in a band with no other ``live`` card (in a hand or on the table) between them."""
    out = []
    others = live & ~mask
    while mask:
        low = mask & -mask
        out.append(low)
        band = _BANDS[(low.bit_length() - 1) >> 4]
        rest = others & band & ~(low - 1)  # live cards not the mover's, from this one down
        end = (rest & -rest) if rest else (band & -band) << 16
        mask &= ~((end - 1) & ~(low - 1))
    return out


def adjacent_runs(
    actions: Sequence[Action],
    card_of: Callable[[Action], Any],
    order: Callable[[Any], tuple[object, int]],
    live: Sequence[Any],
    keep_apart: Callable[[Any], bool] = lambda c: False,
) -> list[list[Action]]:
    """One-card plays in groups of equivalent ones, for games where only who wins each
    trick counts (Manni, Mensch): cards of one class (a suit, or the trumps) next to each
    other in ``order`` (``(class, power)``) with no card of ``live`` (every card still in a
    hand or on the table) between them. Whichever of a group is played, every trick goes to
    the same seat, so one is searched. Groups come in the order of ``actions``, each led
    by its member listed first. ``keep_apart``: cards that are never grouped (one
    whose play says something, such as Mensch's called card)."""
    by_card = {id(card_of(a)): a for a in actions}
    groups: list[list[Action]] = []
    run: list[Action] = []
    last: object = None
    for (cls, _), card in sorted(((order(c), c) for c in live), key=lambda t: t[0]):
        action = by_card.get(id(card))
        apart = action is None or keep_apart(card)
        if apart or cls != last:
            if run:
                groups.append(run)
            run = []
        if action is not None:
            if apart:
                groups.append([action])
            else:
                run.append(action)
        last = cls
    if run:
        groups.append(run)
    # in the order the actions were listed, each group led by its first listed: max^n
    # breaks ties by that order, so grouping changes no value
    place = {id(a): i for i, a in enumerate(actions)}
    for g in groups:
        g.sort(key=lambda a: place[id(a)])
    groups.sort(key=lambda g: place[id(g[0])])
    return groups


def choose_exactly(
    bot: ISMCTSBot, state: State, seat: int, legal: Sequence[Action]
) -> tuple[Action, dict[str, Any]] | None:
    """The hard bot's choice by exact endgames, and what ``SearchStats`` should say; None
    when the game lends no ``Endgame`` or says this position is not one to solve.

    Samples come from ``bot._sampler`` (the weighed pool when the game reads the table), as
    many as the iteration cap stands for (``ITERATIONS_PER_SAMPLE``) or as the time budget
    and the cancel flag allow: a sample the clock interrupts is dropped. If not even one
    sample was solved in time, the choice is the game's play-out move in the last sample
    (the seat's own hand is the same in every sample): a quick answer within the budget."""
    spec = bot.hooks.endgame
    if spec is None or not spec.when(state, seat):
        return None
    clock, cancelled = bot.clock, bot.cancelled
    start = clock()
    deadline = start + bot.time_budget
    # The all-seeing yardstick's every sample is the true deal, or (``"hands"``) the true
    # hands with what nobody has seen dealt again: in the trick games' endgames (their play,
    # ``when``) that is only what the rest of the deal never reads (Twenty-Two's stock and
    # face-down discards, Manni's manni and dead piles), so one solve is all of them.
    samples = 1 if bot.all_seeing else max(1, -(-bot.iterations // ITERATIONS_PER_SAMPLE))
    draw, weighed = bot._sampler(state, seat, start, bot.iterations)

    def stop() -> bool:
        return clock() >= deadline or (cancelled is not None and cancelled())

    solver = make_solver(state, seat, spec, stop)
    totals = {a.key: 0.0 for a in legal}
    solved = 0
    sample: State | None = None
    while solved < samples:
        if solved and stop():
            break
        sample = draw()
        try:
            values = solver.values(sample, legal)
        except OutOfTime:
            break
        for k in totals:
            totals[k] += values[k]
        solved += 1
    stats = {"endgame": True, "solved": solved, "nodes": solver.nodes, **weighed}
    if not solved:
        rollout = bot.hooks.rollout
        if sample is not None and rollout is not None:
            key = rollout(sample, bot.rng).key
            chosen = next((a for a in legal if a.key == key), legal[0])
        else:
            chosen = legal[0]
        return chosen, {**stats, "seconds": clock() - start}
    best = max(legal, key=lambda a: totals[a.key])  # ties: the first listed
    values = {str(k): v / solved for k, v in totals.items()}
    return best, {**stats, "seconds": clock() - start, "values": values}


__all__ = [
    "CHECK_EVERY",
    "ITERATIONS_PER_SAMPLE",
    "Endgame",
    "OutOfTime",
    "Solver",
    "adjacent_runs",
    "band_plays",
    "choose_exactly",
    "make_solver",
]
