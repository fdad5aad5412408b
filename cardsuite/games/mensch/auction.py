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
weighed pool when the table is read, the true deal for the all-seeing yardstick.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ...bots.endgame import turn_copy
from ...bots.ismcts import ISMCTSBot, SearchHooks, SearchStats
from ...engine import Action, State

#: The phases valued flat over common samples (the rest goes to the tree search).
PHASES = ("bid", "trump", "call")


class HardBot(ISMCTSBot):
    """Mensch's hard bot: the auction by ``flat_values``, the play by the tree search.
    ``auction_hooks``: what the auction's samples are drawn with, when not the search's own
    (``bots.search_hooks`` lends it the reading of the bids made before this seat's turn)."""

    #: the phases valued flat (empty: the tree search decides everything)
    phases: tuple[str, ...] = PHASES

    def __init__(
        self,
        hooks: SearchHooks | None = None,
        *,
        auction_hooks: SearchHooks | None = None,
        **options: Any,
    ) -> None:
        super().__init__(hooks, **options)
        self.auction_hooks = auction_hooks or self.hooks

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
        if len(legal) == 1:
            self.last = SearchStats()
            return legal[0]
        values, stats = flat_values(self, state, seat, legal)
        self.last = stats
        best = max(range(len(legal)), key=lambda i: values[i])  # ties: the first listed
        return legal[best]


def flat_values(
    bot: HardBot, state: State, seat: int, legal: Sequence[Action]
) -> tuple[list[float], SearchStats]:
    """Each of ``legal``'s mean reward for ``seat`` over the same samples, every choice
    played out on each; as many samples as the iteration cap allows play-outs (at least
    one), or as the time budget and the cancel flag allow."""
    clock = bot.clock
    start = clock()
    deadline = start + bot.time_budget
    horizon = state.game.search_horizon
    reward = state.game.search_reward
    rollout: Callable[[State, random.Random], Action] | None = bot.hooks.rollout
    assert rollout is not None
    draw, weighed = bot.auction_sampler(state, seat, start)
    samples = 1 if bot.all_seeing else max(1, bot.iterations // len(legal))
    totals = [0.0] * len(legal)
    done = 0
    while done < samples:
        if done and (clock() >= deadline or (bot.cancelled is not None and bot.cancelled())):
            break
        sample = draw()
        for i, action in enumerate(legal):
            st = turn_copy(sample)
            st.apply(action)
            while not horizon(state, st) and st.to_move() is not None:
                st.apply(rollout(st, bot.rng))
            totals[i] += reward(state, st)[seat]
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
