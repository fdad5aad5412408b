"""How likely the others' choices were in a sampled deal: what every game's reading shares.

A game's reading (``SearchHooks.evidence``) puts a sample back where the choices it weighs
began (the deal, or the first card of the play) and makes them again in order with
``replay_likelihood``: before each choice made by a seat other than the observer, a model of
that player (the game's medium policy) says what it would have done there with the sample's
cards. The model's own choice gets ``1 - noise``, any other legal one a share of ``noise``
(players are not our medium bot, and a model too sure of itself throws every sample away
at the first surprise); a game may weigh a kind of choice its own way (Mensch's bids). A
choice the sample makes illegal (a void broken, a duty not met) rules the sample out.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from ..engine import Action, IllegalAction, State

#: What the model leaves to choices other than its own.
NOISE = 0.1

#: The model: (the replay, the seat to choose, its legal choices) -> its choice.
Model = Callable[[State, int, Sequence[Action]], Action]
#: A game's own weighing of some choices: (replay, seat, legal, the choice made) -> a
#: log-likelihood, or None to leave it to the model.
Weigh = Callable[[State, int, Sequence[Action], Action], float | None]


def replay_likelihood(
    replay: State,
    choices: Iterable[Action],
    observer: int,
    model: Model,
    noise: float = NOISE,
    weigh: Weigh | None = None,
) -> float:
    """Make ``choices`` on ``replay`` in order, and return the log-likelihood of those made
    by seats other than ``observer`` (``-inf``: one was illegal, or nobody was to move)."""
    total = 0.0
    own = math.log(1.0 - noise)
    for action in choices:
        seat = replay.to_move()
        if seat is None:
            return -math.inf
        if seat != observer:
            legal = replay.legal_actions()
            n = len(legal)
            special = weigh(replay, seat, legal, action) if weigh is not None else None
            if special is not None:
                total += special
            elif n > 1:
                total += own if model(replay, seat, legal) == action else math.log(noise / (n - 1))
        try:
            replay.apply(action)
        except IllegalAction:
            return -math.inf
    return total
