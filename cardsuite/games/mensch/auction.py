"""The hard bot's auction: each bid (and then the trump named and the card called) valued
over the same sampled deals, by playing each deal out from every choice.

The tree search (``bots/ismcts.py``) is a poor bidder at the ladder's budget. At a bid the
tree also branches on every later bidder's choice, and it tries each of those once before it
knows better (a neighbour's Solo on a hand of nothing, which hands this seat chips it never
wins at a table); every choice gets its own deals, so a bid's value carries the luck of the
cards it happened to be tried on. The auction needs neither: it is three or four choices
made once, from the whole hand, on a value that is the deal's chips. So each choice is
valued on the same deals (common random numbers: the difference between two bids is then
what the bids do, not what the cards were), the rest of the deal played by the medium
policy for every seat (the later bids included), which is also how the tree's play-outs
play it. The samples are the search's own (``ISMCTSBot._sampler``): the hard facts, the
weighed pool when the table is read, the true deal for the all-seeing yardstick; or, in the
phases ``POSTERIOR_PHASES`` names, hard facts' samples moved toward the bids (``posterior``).

Where the hard bot's chips are lost (duplicate games against three medium bots, 160 of four
deals, seed 21, 200 iterations; chips a match of the hard seat): hard +0.71 ±0.55, the
all-seeing yardstick +1.98 ±0.60; the all-seeing auction with the hard play +1.46 ±0.47, the
hard auction with the all-seeing play +1.48 ±0.53. So the gap (1.27) is about half the
auction's and half the play's (0.75 and 0.52, or 0.50 and 0.77, by which is seen first).

The play is valued the same way (``flat_play``, ``bots.FLAT_PLAY``): each legal card played
out on the same samples, the rest by the medium policy (optionally finished by the exact
solve, ``play_solve``), instead of by the tree, which at the ladder's 200 iterations spreads
its play-outs over a four-seat tree and tries each card on its own deals. The last tricks
are still solved exactly (``bots.ENDGAME_CARDS``), and the all-seeing yardstick keeps the
tree. In the auction, the chips the hard bot loses to the all-seeing one are mostly a pass
over Half where After paid (After on one or two clubs, calling the card the Half bidder
holds: a call only a seer aims) and the call itself; little there is in reach of a reading.

The call alone is about four tenths of the gap (issue 36, the ladder's duplicate sets, seed 1, 200
iterations, ``scripts/ab_hard.py`` hybrid ``seeing=call``): the yardstick's call alone, every
other choice the hard bot's, made +2.02 ±1.34 chips a game over the hard bot on 17 sets,
where the whole yardstick made +4.67 ±1.98. The hard bot does not overbid After by choice:
over a Half, free to pass, it said After 3 times in 104 (14 sets,
``scripts/mensch_contracts.py``); 30 of its 32 After contracts were forced (MENSCH-BID-4,
three clubs), and at its 32 forced Afters its flat value (-0.11 ±0.22 chips) was what the
true deal's play-out gave (-0.12 ±0.53), far above Five's. It made 0.47 of them, the yardstick
0.97 of its 38: the yardstick's call found the Half bidder (the other long clubs) in 30,
the hard bot's in 5 (all made). The yardstick calls the low card that player holds (a 7, 8
or 9 in 66 of its 102 calls), the hard bot (before the narrowing below) an ace (53 of 85),
and little the table shows says which card the Half bidder holds: the bid is not misjudged,
the partner is not seen.

So the call is narrowed instead (``call_candidates``, ``bots.CALL_CANDIDATES``, whose
comment has the figures): the highest card it lacks of each plain suit, two to four calls
where MENSCH-CALL-2 allows about 16, so each is valued on several times the samples. Valued
all together, the best of 16 noisy means was often a low card some samples happened to give
a strong partner. Nothing fair finds the Half bidder's cards (``scripts/mensch_call.py``),
but an ace called brings a partner with a winner, whoever he is.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ...bots.endgame import ITERATIONS_PER_SAMPLE, OutOfTime, Solver, make_solver, turn_copy
from ...bots.ismcts import ISMCTSBot, SearchHooks, SearchStats
from ...engine import Action, State
from .actions import Call
from .rules import MenschState

#: The phases valued flat over common samples (the rest goes to the tree search).
PHASES = ("bid", "trump", "call")
#: The phases whose samples are moved toward the bids (``posterior``) instead of weighed
#: (``inference``) or dealt by the hard facts alone. None by default: measured in duplicate
#: games (160, four deals each, seed 21, 200 iterations, against three medium bots, chips a
#: match of the hard seat, paired with today's hard bot on the same deals), moved samples
#: in the auction +0.38 ±0.48 against +0.71 ±0.55 (paired -0.33 ±0.52); in the play (a
#: pool of 24) +0.91 ±0.41 (paired +0.21 ±0.68): neither separates from the noise.
POSTERIOR_PHASES: tuple[str, ...] = ()
#: Samples dealt and moved per search in those phases (each iteration draws one of them).
POSTERIOR_POOL = 64


class HardBot(ISMCTSBot):
    """Mensch's hard bot: the auction by ``flat_values``, the play too with ``flat_play``
    (else by the tree search), the last tricks solved exactly.
    ``auction_hooks``: what the auction's samples are drawn with, when not the search's own
    (``bots.search_hooks`` lends it the reading of the bids made before this seat's turn)."""

    #: the phases valued flat (empty: the tree search decides everything)
    phases: tuple[str, ...] = PHASES

    def __init__(
        self,
        hooks: SearchHooks | None = None,
        *,
        auction_hooks: SearchHooks | None = None,
        flat_play: bool = False,
        play_solve: int = 0,
        auction_solve: int = 0,
        auction_solve_phases: Sequence[str] = PHASES,
        call_candidates: str = "all",
        **options: Any,
    ) -> None:
        super().__init__(hooks, **options)
        self.auction_hooks = auction_hooks or self.hooks
        self.posterior_phases = POSTERIOR_PHASES
        if flat_play and not self.all_seeing:  # (the yardstick keeps the tree)
            self.phases = (*self.phases, "play")
        #: in the flat play, a play-out reaching this many cards in hands is solved
        #: exactly from there (0: played out to the end by the medium policy)
        self.play_solve = play_solve
        #: in the auction's phases ``auction_solve_phases``, a choice's play-out is solved
        #: exactly once this many cards or fewer are in the hands (double-dummy bidding,
        #: ``bots.AUCTION_SOLVE``); 0: played out to the end. Not for the yardstick, whose
        #: auction stays the medium play-out of the true deal it is measured by.
        self.auction_solve = 0 if self.all_seeing else auction_solve
        self.auction_solve_phases = tuple(auction_solve_phases)
        #: which calls the flat auction values (``call_candidates``; the yardstick all)
        self.call_candidates = "all" if self.all_seeing else call_candidates

    def _sampler(
        self, state: State, me: int, start: float, limit: int
    ) -> tuple[Callable[[], State], dict[str, Any]]:
        """In ``posterior_phases``, samples moved toward the bids (``posterior``); else the
        search's own (the true deal when all-seeing)."""
        if self.all_seeing or getattr(state, "phase", None) not in self.posterior_phases:
            return super()._sampler(state, me, start, limit)
        return posterior_sampler(self, state, me, min(POSTERIOR_POOL, limit))

    def auction_sampler(
        self, state: State, seat: int, start: float
    ) -> tuple[Callable[[], State], dict[str, Any]]:
        """``ISMCTSBot._sampler`` with the auction's hooks: the pool is dealt and weighed
        here, so the play's hooks are back before anything else reads them."""
        play_hooks, self.hooks = self.hooks, self.auction_hooks
        try:
            return self._sampler(state, seat, start, self.iterations)
        finally:
            self.hooks = play_hooks

    def choose(self, state: State, seat: int) -> Action:
        phase = getattr(state, "phase", None)
        if phase not in self.phases or state.to_move() != seat:
            return super().choose(state, seat)
        endgame = self.hooks.endgame
        if endgame is not None and endgame.when(state, seat):
            return super().choose(state, seat)
        legal = list(state.legal_actions(seat))
        if phase == "call":
            legal = call_candidates(state, legal, self.call_candidates)
        if len(legal) == 1:
            self.last = SearchStats()
            return legal[0]
        values, stats = flat_values(self, state, seat, legal)
        self.last = stats
        best = max(range(len(legal)), key=lambda i: values[i])  # ties: the first listed
        return legal[best]


def call_candidates(state: State, legal: Sequence[Action], how: str) -> list[Action]:
    """The calls the flat auction values (MENSCH-CALL-2/3 allow them all): ``"all"``;
    ``"top"``, the highest card the declarer lacks in each plain suit (the ace, else the
    king, as MENSCH-CALL-4 advises); ``"top+low"``, that and the lowest such card of each
    suit. Fewer calls, more samples each at the same iterations: the calls of one suit
    differ by which seat the samples put the card with, a chance the hard facts and the
    bids hardly tell apart (``scripts/mensch_call.py``)."""
    if how == "all":
        return list(legal)
    calls = [a for a in legal if isinstance(a, Call)]
    keep: dict[str, list[Call]] = {}
    for call in sorted(calls, key=lambda a: -a.card.rank):
        keep.setdefault(call.card.suit, []).append(call)
    out: set[Call] = set()
    for suit_calls in keep.values():
        out.add(suit_calls[0])
        if how == "top+low":
            out.add(suit_calls[-1])
    return [a for a in legal if a in out]


def posterior_sampler(
    bot: ISMCTSBot, state: State, me: int, size: int
) -> tuple[Callable[[], State], dict[str, Any]]:
    """Draws from a pool of ``size`` samples, each dealt by the hard facts and moved toward
    the bids as it is first drawn (so a search the clock stops early deals no more)."""
    from .posterior import BidPosterior

    assert isinstance(state, MenschState)
    reading = BidPosterior(state, me)
    rng = bot.rng
    pool: list[State] = []

    def draw() -> State:
        if len(pool) < size:
            sample = state.search_copy(me, rng)
            assert isinstance(sample, MenschState)
            reading.move(sample, rng)
            pool.append(sample)
            return sample.clone_for_search(rng)
        return pool[int(rng.random() * size)].clone_for_search(rng)

    return draw, {"pool": size, "effective": float(size)}


def flat_values(
    bot: HardBot, state: State, seat: int, legal: Sequence[Action]
) -> tuple[list[float], SearchStats]:
    """Each of ``legal``'s mean reward for ``seat`` over the same samples, every choice
    played out on each; as many samples as the iteration cap allows play-outs (at least
    one), or as the time budget and the cancel flag allow."""
    clock = bot.clock
    start = clock()
    deadline = start + bot.time_budget
    rollout: Callable[[State, random.Random], Action] | None = bot.hooks.rollout
    assert rollout is not None
    if getattr(state, "phase", None) == "play":
        draw, weighed = bot._sampler(state, seat, start, bot.iterations)
    else:
        draw, weighed = bot.auction_sampler(state, seat, start)

    def stop() -> bool:
        return clock() >= deadline or (bot.cancelled is not None and bot.cancelled())

    solver = None
    spec = bot.hooks.endgame
    phase = getattr(state, "phase", None)
    solve_at = bot.play_solve if phase == "play" else 0
    if phase in bot.auction_solve_phases:
        solve_at = bot.auction_solve
    if solve_at and spec is not None:
        solver = make_solver(state, seat, spec, stop)
    samples = 1 if bot.all_seeing else max(1, bot.iterations // len(legal))
    if solver is not None and phase != "play":
        # a solved sample values every choice and stands for ``ITERATIONS_PER_SAMPLE``
        # play-outs, as in the exact endgame (8 samples at the ladder's 200 iterations)
        samples = max(1, bot.iterations // ITERATIONS_PER_SAMPLE)
    totals = [0.0] * len(legal)
    done = 0
    while done < samples:
        if done and stop():
            break
        sample = draw()
        try:
            got = [_play_out(bot, state, sample, a, seat, rollout, solver, solve_at) for a in legal]
        except OutOfTime:
            if done:
                break
            solver = None  # not even one sample solved in time: play-outs alone
            got = [_play_out(bot, state, sample, a, seat, rollout, None, 0) for a in legal]
        for i, v in enumerate(got):
            totals[i] += v
        done += 1
    values = [t / done for t in totals]
    extra: dict[str, Any] = dict(weighed)
    stats = SearchStats(
        iterations=done * len(legal),
        seconds=clock() - start,
        visits={str(a.key): done for a in legal},
        values={str(a.key): v for a, v in zip(legal, values, strict=True)},
        **extra,
    )
    return values, stats


def _play_out(
    bot: HardBot,
    root: State,
    sample: State,
    action: Action,
    seat: int,
    rollout: Callable[[State, random.Random], Action],
    solver: Solver | None,
    solve_at: int,
) -> float:
    """``seat``'s reward for ``action`` in ``sample``, the rest played by ``rollout`` (with
    ``solver``: solved exactly once in the play with ``solve_at`` cards or fewer left).

    ``SearchHooks.noise`` makes that share of the play-out's cards random, from a bid as
    from a card: the bias it repairs (a choice valued by how well the deterministic policy
    happens to follow it up) is the card play's, so the auction's play-outs have it as
    much as the play's. The other seats' bids, the trump and the call in a play-out stay
    the policy's: a random bid is a different contract, not a slip in playing one."""
    horizon = root.game.search_horizon
    noise = bot.hooks.noise
    st = turn_copy(sample)
    st.apply(action)
    while not horizon(root, st) and st.to_move() is not None:
        if solver is not None and _cards_left(st) <= solve_at and _in_play(st):
            return solver.value(st)
        if noise and _in_play(st) and bot.rng.random() < noise:
            legal = st.legal_actions()
            st.apply(legal[int(bot.rng.random() * len(legal))])
        else:
            st.apply(rollout(st, bot.rng))
    return root.game.search_reward(root, st)[seat]


def _in_play(st: State) -> bool:
    """In the play (the auction's play-outs pass through the bids, trump and call first)."""
    return getattr(st, "phase", None) == "play"


def _cards_left(st: State) -> int:
    assert isinstance(st, MenschState)
    return sum(len(h) for h in st.hands)
