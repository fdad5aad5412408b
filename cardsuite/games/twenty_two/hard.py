"""Twenty-Two's hard bot: the shared ISMCTS, with the exchange chosen over common deals.

An exchange decides more of a hand than any play: what is drawn from the stock is most of
what the hand ends with. The tree search weighs the candidate exchanges (``bots.candidates``:
the k highest cards, for each k) each on deals of its own, so a candidate's score is as much
the luck of its deals as its worth: at 200 iterations and up to eight candidates, about 25
deals each, the spread of a hand's penalty swamps the difference between two exchanges.

Here every candidate is played out on the *same* deals (common random numbers): a deal is
drawn (the weighed pool when the game reads the table, as the search's), each candidate is
made on a copy of it and played to the hand's end by the play-out policy, and the candidate
with the best total reward over the deals is chosen. The luck of a deal falls on every
candidate alike, so what is left between them is their own difference. The budget is the
search's: one play-out per iteration, the time budget and the cancel flag checked between
deals. Plays are left to the tree search (``ISMCTSBot.choose``), and so is the all-seeing
yardstick (which sees the stock, so every deal of its would be the same one).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...bots.ismcts import ISMCTSBot, SearchStats, _random_rollout
from ...engine import Action, State
from .rules import TwentyTwoState

#: Whether the exchange is chosen over common deals (else by the tree search).
EXCHANGE_BY_DEALS = False


class TwentyTwoHard(ISMCTSBot):
    """The hard level of Twenty-Two (``bots.make``)."""

    def choose(self, state: State, seat: int) -> Action:
        if (
            not EXCHANGE_BY_DEALS
            or self.all_seeing
            or not isinstance(state, TwentyTwoState)
            or state.phase != "exchange"
            or state.to_move() != seat
        ):
            return super().choose(state, seat)
        legal = list(self.hooks.candidates(state))
        if len(legal) == 1:
            self.last = SearchStats()
            return legal[0]
        return self._exchange_by_deals(state, seat, legal)

    def _exchange_by_deals(self, state: State, seat: int, legal: Sequence[Action]) -> Action:
        """The candidate with the best total reward over common deals (ties: the earlier
        listed, the fewer cards exchanged)."""
        start = self.clock()
        deadline = start + self.time_budget
        draw, weighed = self._sampler(state, seat, start, self.iterations)
        totals = [0.0] * len(legal)
        deals = 0
        while not deals or (deals + 1) * len(legal) <= self.iterations:
            if deals and (self.clock() >= deadline or (self.cancelled and self.cancelled())):
                break
            deal = draw()
            for i, action in enumerate(legal):
                st = deal.clone_for_search(self.rng) if i < len(legal) - 1 else deal
                st.apply(action)
                totals[i] += self._play_out(state, st)[seat]
            deals += 1
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        self.last = SearchStats(
            iterations=deals * len(legal),
            seconds=self.clock() - start,
            visits={str(a.key): deals for a in legal},
            values={str(a.key): totals[i] / deals for i, a in enumerate(legal)},
            **weighed,
        )
        return legal[best]

    def _play_out(self, root: State, st: State) -> list[float]:
        """Play ``st`` to the search's horizon by the play-out policy (with the hooks' noise)
        and score it as the search does."""
        hooks = self.hooks
        game = root.game
        horizon = hooks.horizon or game.search_horizon
        rollout = hooks.rollout or _random_rollout
        noise = hooks.noise
        rng: random.Random = self.rng
        while not horizon(root, st) and st.to_move() is not None:
            if noise and rng.random() < noise:
                st.apply(_random_rollout(st, rng))
            else:
                st.apply(rollout(st, rng))
        return (hooks.reward or game.search_reward)(root, st)
