"""Flat Monte Carlo over common samples: each choice played out on the very same deals.

Where a game says so (``SearchHooks.flat``), the hard bot values each of its choices by
playing it out, with the play-out policy, on the same samples as every other choice and
takes the best mean, instead of growing a tree. At a small budget the tree gives each choice
its own deals, so the luck of the cards (which is far larger than the difference between two
choices) falls unevenly on them; on common samples it cancels out of the comparison. Mensch's
auction gained from it first (``mensch/auction.py``); this is the same idea for any game's
``ISMCTSBot``, through its sampler (the pool weighed by a reading, or the yardstick's
all-seeing copies alike).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine import Action, State
from .endgame import turn_copy

if TYPE_CHECKING:
    from .ismcts import ISMCTSBot, SearchStats


def flat_choice(
    bot: ISMCTSBot, state: State, seat: int, legal: Sequence[Action]
) -> tuple[Action, SearchStats]:
    """The choice of ``legal`` with the best mean reward for ``seat`` over common samples
    (as many as the iteration cap allows play-outs, at least one, or as the time budget and
    the cancel flag allow), and what the search did."""
    from .ismcts import SearchStats, _random_rollout

    hooks = bot.hooks
    clock = bot.clock
    start = clock()
    deadline = start + bot.time_budget
    horizon, reward, rollout = hooks.policies(state.game)
    noise = hooks.noise
    rng = bot.rng
    draw, weighed = bot._sampler(state, seat, start, bot.iterations)
    samples = max(1, bot.iterations // len(legal))
    totals = [0.0] * len(legal)
    done = 0
    while done < samples:
        if done and (clock() >= deadline or (bot.cancelled is not None and bot.cancelled())):
            break
        sample = draw()
        for i, action in enumerate(legal):
            st = turn_copy(sample) if i < len(legal) - 1 else sample
            st.apply(action)
            while not horizon(state, st) and st.to_move() is not None:
                if noise and rng.random() < noise:
                    st.apply(_random_rollout(st, rng))
                else:
                    st.apply(rollout(st, rng))
            totals[i] += reward(state, st)[seat]
        done += 1
    values = [t / done for t in totals]
    best = max(range(len(legal)), key=lambda i: values[i])
    stats = SearchStats(
        iterations=done * len(legal),
        seconds=clock() - start,
        visits={str(a.key): done for a in legal},
        values={str(a.key): v for a, v in zip(legal, values, strict=True)},
        **weighed,
    )
    return legal[best], stats
