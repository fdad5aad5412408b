"""Information-Set Monte Carlo Tree Search (SO-ISMCTS), over the engine contract only.

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (2012): each
iteration deals the unseen cards anew (``state.sample_hidden(me, rng)``), walks one shared tree
in which a node is a sequence of *choices* (``action.key``: the same decision in every deal),
and scores the play-out. A child is only eligible where its action is legal in the current
deal, and UCB uses how often it was *available* rather than the parent's visits, so choices
that exist only in some deals are not favoured or starved. Every seat picks by its own
reward (max^n), which suits games with more than two sides.

Nothing here knows a game. A game helps through ``SearchHooks``: which actions are worth
considering (Twenty-Two prunes its thousands of possible exchanges), a fast play-out policy
(its medium heuristic), where a play-out may stop and how it is scored (end of the hand).
A game that can say how likely the other seats' choices were for a deal (``evidence``: the
bids, calls and plays made so far, under a model of a sensible player) gets its deals drawn
from a pool weighed by it (importance resampling), so the search believes what the table
says as well as the hard facts; a little noise in the play-outs (``noise``) keeps them from
favouring what the play-out policy itself can follow up. The search is bounded by an
iteration cap and a time budget, checks a cancel flag between iterations so a UI thread can
stop it, and is deterministic for a seed when the cap binds.
"""

from __future__ import annotations

import math
import random
import time
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from ..engine import Action, State
from .endgame import Endgame, choose_exactly
from .flat import flat_choice

Clock = Callable[[], float]
Sampler = Callable[[], State]

#: ``ISMCTSBot.all_seeing``: every hand seen, what nobody has seen dealt again (the fair
#: yardstick), or every card where it lies (the omniscient one).
SEEING_HANDS = "hands"
OMNISCIENT = "cards"
ALL_SEEING = (SEEING_HANDS, OMNISCIENT)

#: The share of a search's time budget that weighing samples may take, once it has this many.
POOL_SHARE = 0.25
POOL_LEAST = 8


@dataclass
class SearchHooks:
    """What a game lends the search. Every field has a game-independent default."""

    #: actions to consider in ``state`` for its seat to move (default: all legal ones)
    candidates: Callable[[State], Sequence[Action]] = lambda s: s.legal_actions()
    #: the play-out move for the seat to move (default: uniformly random)
    rollout: Callable[[State, random.Random], Action] | None = None
    #: True where a play-out may stop: (root, state) -> bool (default: game over)
    horizon: Callable[[State, State], bool] | None = None
    #: each seat's reward in [0, 1] at a horizon: (root, state) -> list (default: wins)
    reward: Callable[[State, State], list[float]] | None = None
    #: UCB exploration constant
    exploration: float = 0.7
    #: How likely the other seats' public choices so far were had they held a sample's
    #: cards: (root, sample, me) -> a log-likelihood (``-inf``: impossible). When set, a
    #: search first deals ``pool`` samples, weighs them, and draws each iteration's deal
    #: from them by weight (importance resampling): the search reads the table.
    evidence: Callable[[State, State, int], float] | None = None
    #: samples dealt and weighed per search when ``evidence`` is set
    pool: int = 64
    #: how far the weights follow the evidence: each sample weighs likelihood ** temper
    #: (1: fully; less keeps more samples in play when the model of the others is rough)
    temper: float = 1.0
    #: the chance that a play-out move is a random legal one instead of ``rollout``'s: a
    #: deterministic play-out favours moves its own policy knows how to follow up, and a
    #: little noise repairs that bias (0: none)
    noise: float = 0.0
    #: In a deal's last tricks, solve each sample exactly instead of playing it out
    #: (``endgame.py``); None: always play out
    endgame: Endgame | None = None
    #: Where to value the choices flat over common samples instead of growing a tree
    #: (``flat.py``; the turn games): (state, seat) -> bool; None: the tree everywhere
    flat: Callable[[State, int], bool] | None = None

    def policies(
        self, game: Any
    ) -> tuple[
        Callable[[State, State], bool],
        Callable[[State, State], list[float]],
        Callable[[State, random.Random], Action],
    ]:
        """The horizon, reward and play-out move a search uses, the tree's and the flat
        search's alike: these hooks' where they name one, else the game's own horizon and
        reward and a random legal move."""
        return (
            self.horizon or game.search_horizon,
            self.reward or game.search_reward,
            self.rollout or _random_rollout,
        )


@dataclass(eq=False)
class _Node:
    parent: _Node | None
    action: object  # the choice (action.key) that led here
    player: int | None  # the seat that made that choice
    children: dict[object, _Node] = field(default_factory=dict)
    visits: int = 0
    available: int = 0
    reward: float = 0.0


@dataclass
class SearchStats:
    iterations: int = 0
    seconds: float = 0.0
    visits: dict[str, int] = field(default_factory=dict)
    #: samples weighed by the evidence (0: none), and their effective number
    #: (``(sum w)^2 / sum w^2``: 1 when one sample carries all the weight)
    pool: int = 0
    effective: float = 0.0
    #: True when no weighed sample was possible and the hard facts alone were searched
    fallback: bool = False
    #: True when the choice was made by exact endgames (``endgame.py``), over ``solved``
    #: samples (0: none was solved in time) and ``nodes`` positions searched; ``values``:
    #: each choice's mean exact value over the samples
    endgame: bool = False
    solved: int = 0
    nodes: int = 0
    values: dict[str, float] = field(default_factory=dict)


class ISMCTSBot:
    """The ``hard`` level of every game."""

    level = "hard"

    def __init__(
        self,
        hooks: SearchHooks | None = None,
        seed: int | None = None,
        iterations: int = 1000,
        time_budget: float = 0.8,
        clock: Clock = time.perf_counter,
        cancelled: Callable[[], bool] | None = None,
        all_seeing: bool | str = False,
    ) -> None:
        self.hooks = hooks or SearchHooks()
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.time_budget = time_budget
        self.clock = clock
        self.cancelled = cancelled
        #: The yardstick for how much a bot loses to not seeing (``cardsuite simulate
        #: --all-seeing``), never at a table: ``"hands"`` searches every hand as it is and
        #: what nobody has seen dealt again (``State.clone_seeing_hands``: a perfect reader
        #: of the table), ``"cards"`` the true deal, stock order and all (omniscient); ""
        #: (off) samples of what the bot may see. True means ``"hands"``.
        self.all_seeing = all_seeing_mode(all_seeing)
        self.last = SearchStats()

    def choose(self, state: State, seat: int) -> Action:
        legal = list(self.hooks.candidates(state)) if state.to_move() == seat else []
        if not legal:
            legal = list(state.legal_actions(seat))
        if not legal:
            raise ValueError(f"seat {seat} has nothing to do")
        if len(legal) == 1:
            self.last = SearchStats()
            return legal[0]
        exact = choose_exactly(self, state, seat, legal)
        if exact is not None:
            self.last = SearchStats(iterations=exact[1]["solved"], **exact[1])
            return exact[0]
        flat = self.hooks.flat
        if flat is not None and flat(state, seat):
            action, self.last = flat_choice(self, state, seat, legal)
            return action
        root = self._search(state, seat)
        by_key = {a.key: a for a in legal}
        best = max(
            (c for c in root.children.values() if c.action in by_key),
            key=lambda c: (c.visits, c.reward),
            default=None,
        )
        return by_key[best.action] if best is not None else legal[0]

    def search_tree(
        self,
        state: State,
        me: int,
        include: Sequence[Action] = (),
        root: _Node | None = None,
        force: Action | None = None,
        iterations: int | None = None,
    ) -> _Node:
        """Search ``state`` for ``me`` and return the root, whose children hold each choice's
        visits and summed reward (what ``review.py`` reads). ``include``: actions considered
        at the root even where the game's candidates prune them (a move being reviewed);
        ``root`` and ``force``: go on with an earlier search's tree, every iteration making
        ``force`` at the root (to measure a choice the search itself would starve);
        ``iterations``: a cap for this call."""
        return self._search(state, me, include, root, force, iterations)

    def _search(
        self,
        state: State,
        me: int,
        include: Sequence[Action] = (),
        tree: _Node | None = None,
        force: Action | None = None,
        cap: int | None = None,
    ) -> _Node:
        hooks = self.hooks
        game = state.game
        horizon, reward, rollout = hooks.policies(game)
        candidates = hooks.candidates
        c = hooks.exploration
        noise = hooks.noise
        rng = self.rng
        root = _Node(None, None, None) if tree is None else tree
        if force is not None:
            include = [*include, force]
        start = self.clock()
        deadline = start + self.time_budget
        limit = self.iterations if cap is None else cap
        draw, weighed = self._sampler(state, me, start, limit)
        done = 0
        # The root's choices by key, kept while the samples hand out the very same listing
        # (a game may share its mover's listing across samples: Casino's ``sampling``).
        root_listed: Sequence[Action] | None = None
        root_options: dict[object, Action] = {}
        while done < limit:
            if done and (self.clock() >= deadline or (self.cancelled and self.cancelled())):
                break
            done += 1
            st = draw()
            node = root
            # selection and expansion
            while not horizon(state, st):
                mover = st.to_move()
                if mover is None:
                    break
                listed = candidates(st)
                if node is not root:
                    options = _options(listed, (), None)
                elif listed is not root_listed:
                    options = root_options = _options(listed, include, force)
                    root_listed = listed
                else:
                    options = root_options
                untried = []
                for key in options:
                    child = node.children.get(key)
                    if child is None:
                        untried.append(key)
                    else:
                        child.available += 1
                if untried:
                    key = untried[int(rng.random() * len(untried))]
                    child = _Node(node, key, mover, available=1)
                    node.children[key] = child
                    st.apply(options[key])
                    node = child
                    break
                best_score = -1.0
                best_child = None
                for key in options:
                    child = node.children[key]
                    # UCB with availability in place of the parent's visits (ISMCTS)
                    score = child.reward / child.visits + c * math.sqrt(
                        math.log(child.available) / child.visits
                    )
                    if score > best_score:
                        best_score, best_child = score, child
                assert best_child is not None
                st.apply(options[best_child.action])
                node = best_child
            # play-out
            if noise:
                while not horizon(state, st) and st.to_move() is not None:
                    if rng.random() < noise:
                        st.apply(_random_rollout(st, rng))
                    else:
                        st.apply(rollout(st, rng))
            else:
                while not horizon(state, st) and st.to_move() is not None:
                    st.apply(rollout(st, rng))
            rewards = reward(state, st)
            # back-propagation: each node scores the reward of the seat that chose it
            up: _Node | None = node
            while up is not None:
                up.visits += 1
                if up.player is not None:
                    up.reward += rewards[up.player]
                up = up.parent
        self.last = SearchStats(
            iterations=done,
            seconds=self.clock() - start,
            visits={str(k): ch.visits for k, ch in root.children.items()},
            **weighed,
        )
        return root

    def _sampler(
        self, state: State, me: int, start: float, limit: int
    ) -> tuple[Sampler, dict[str, Any]]:
        """Where each iteration's deal comes from: the true one (all-seeing: every hand,
        and what nobody saw dealt again unless omniscient), the pool of samples weighed by
        the evidence, or a fresh sample of the hard facts."""
        rng = self.rng
        if self.all_seeing == OMNISCIENT:
            return (lambda: state.clone_for_search(rng)), {}
        if self.all_seeing:
            return (lambda: state.clone_seeing_hands(me, rng)), {}
        evidence = self.hooks.evidence
        if evidence is None:
            return state.search_sampler(me, rng), {}
        pool, weights = self._weigh(state, me, evidence, start, min(self.hooks.pool, limit))
        if not weights:
            return (lambda: state.search_copy(me, rng)), {"pool": len(pool), "fallback": True}
        total = sum(weights)
        effective = total * total / sum(w * w for w in weights)
        cumulative = list(accumulate(weights))
        last = len(pool) - 1

        def draw() -> State:
            at = bisect_right(cumulative, rng.random() * total)
            return pool[min(at, last)].clone_for_search(rng)

        return draw, {"pool": len(pool), "effective": effective}

    def _weigh(
        self,
        state: State,
        me: int,
        evidence: Callable[[State, State, int], float],
        start: float,
        size: int,
    ) -> tuple[list[State], list[float]]:
        """Deal the pool and weigh it (weights relative to the likeliest sample; none when
        every sample is impossible). The pool stops growing past ``POOL_SHARE`` of the
        budget once it holds ``POOL_LEAST`` samples."""
        stop = start + self.time_budget * POOL_SHARE
        pool: list[State] = []
        logs: list[float] = []
        while len(pool) < size:
            if len(pool) >= POOL_LEAST and self.clock() >= stop:
                break
            sample = state.search_copy(me, self.rng)
            pool.append(sample)
            logs.append(evidence(state, sample, me))
        top = max(logs)
        if top == -math.inf:
            return pool, []
        temper = self.hooks.temper
        return pool, [math.exp(temper * (x - top)) for x in logs]


def all_seeing_mode(value: bool | str) -> str:
    """``all_seeing`` as given to a bot (an option from the command line, a record's bot
    options): "" (off), ``"hands"`` (also True) or ``"cards"``."""
    if value is True:
        return SEEING_HANDS
    if value is False or value == "":
        return ""
    if value not in ALL_SEEING:
        raise ValueError(f"all_seeing is one of {', '.join(ALL_SEEING)}, not {value!r}")
    return str(value)


def _options(
    listed: Sequence[Action], include: Sequence[Action], force: Action | None
) -> dict[object, Action]:
    """A node's choices by key: the listed ones, and at the root the moves ``include``
    names (the seat's own: legal in every sample), or only the one to ``force``."""
    options = {a.key: a for a in listed}
    for a in include:
        options.setdefault(a.key, a)
    if force is not None:
        return {force.key: options[force.key]}
    return options


def _random_rollout(state: State, rng: random.Random) -> Action:
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))]
