"""What the other players' cards played say about their hands: the hard bot's reading.

The sampler (``sampling.py``) keeps the hard facts: voids shown, where the contract card may
be. A player reads more from the play: a player who did not take a trick cheaply when a
sensible player would have has no card to do it with, one who threw a king keeps no small
card of that suit. This module scores a sample by how likely the others' cards played this
hand would have been had they held the sample's cards, under our medium bot's play
(``bots.rollout_action``, which is the medium move), through the shared
``cardsuite/bots/evidence.py``: the sample is put back to the hand's first lead (each hand
with the cards it has played, the tricks cleared) by way of its JSON, so the kernel's own
fields are made as a loaded position's are, and the plays are made again in order.

The play is read, and in basic Manni the swaps and keeps too (``swap_log_likelihood``):
there a choice was made on a hand the sample still shows whole, a keeper's (what he holds
and has played) or a swapper's (his dead pile), so medium's rule (swap a hand weaker than
the manni is on average) says how likely it was. Trjámann's and Hornafjarðarmanni's
exchanges were chosen from hands changed since by cards the observer never sees drawn;
the sampler keeps what is certain of them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ...bots.evidence import NOISE, replay_likelihood
from ...cards import Card
from ...engine import Action, State
from .actions import PLAY
from .rules import MannState

#: The model's generator: the medium play reads none of it, the signature asks for one.
_RNG = random.Random(0)


def log_likelihood(root: MannState, sample: MannState, observer: int) -> float:
    """The log-likelihood of this hand's cards played by the seats other than ``observer``,
    had they held ``sample``'s cards (0 before the first card: nothing to read)."""
    plays = [play for trick in root.hand_plays() for play in trick]
    if not plays:
        return 0.0
    return replay_likelihood(
        _first_lead(root, sample), (PLAY[c] for _, c in plays), observer, _medium
    )


def swap_log_likelihood(root: MannState, sample: MannState, observer: int) -> float:
    """The log-likelihood of the other seats' swaps and keeps this hand (basic Manni), had
    they held ``sample``'s cards, under medium's rule: its own choice ``1 - NOISE``, the
    other ``NOISE`` (MANNI-EXCH-1..3)."""
    from .bots import SWAP_BELOW, strength

    if root.variant != "basic":
        return 0.0
    played: dict[int, list[Card]] = {0: [], 1: [], 2: []}
    for trick in root.hand_plays():
        for seat, card in trick:
            played[seat].append(card)
    total = 0.0
    for seat, decision in enumerate(root.decisions):
        if seat == observer or decision not in ("swap", "keep"):
            continue
        if decision == "swap":
            hand = list(sample.discards[seat])
        else:
            hand = [*sample.hands[seat], *played[seat]]
        medium = "swap" if strength(hand, root.trump) < SWAP_BELOW else "keep"
        total += _OWN if medium == decision else _OTHER
    return total


def reading(root: MannState, sample: MannState, observer: int) -> float:
    """What the hard bot reads, as ``bots.READING`` and ``bots.SWAP_READING`` say."""
    from . import bots

    total = swap_log_likelihood(root, sample, observer) if bots.SWAP_READING else 0.0
    if bots.READING:
        total += log_likelihood(root, sample, observer)
    return total


_OWN = math.log(1.0 - NOISE)
_OTHER = math.log(NOISE)


def _medium(replay: State, seat: int, legal: Sequence[Action]) -> Action:
    from .bots import rollout_action

    return rollout_action(replay, _RNG)


def _first_lead(root: MannState, sample: MannState) -> MannState:
    """``sample`` at this hand's first lead: every card played back in its player's hand."""
    data = sample.to_json()
    leader = root.tricks[0][0][0][0] if root.tricks else root.trick_leader
    for trick in root.hand_plays():
        for seat, card in trick:
            data["hands"][seat].append(card.code)
    data["tricks"] = []
    data["trick"] = {"leader": leader, "plays": []}
    data["played"] = []
    data["turn"] = leader
    data["events"] = []
    replay = sample.game.from_json(data)
    assert isinstance(replay, MannState)
    return replay
