"""What the other players' choices say about their cards: the hard bot's reading of a deal.

The sampler (``sampling.py``) keeps the hard facts: voids shown, clubs a pass allows, where
the called card may lie. A player reads far more from the table: a Solo bid means a great
hand, a pass over Half a poor one, a partner who let the declarer's king win holds no ace,
a player who did not cash a master may not have it. This module scores a sampled deal by
how likely the others' choices this deal would have been had they held the sample's cards,
under a model of a sensible player: our medium bot (``bots.medium_action``), which makes its
choice with probability ``1 - evidence.NOISE`` and any other legal choice with the rest
shared evenly (``cardsuite/bots/evidence.py``); a bid is weighed by how far the hand is from
medium's reason for it. The search (``bots/ismcts.py``) deals a pool of samples, weighs each by this
likelihood and plays its iterations on them by weight.

How a sample is read: each seat's hand at the deal's start is its sampled hand and the
cards it has played; the deal is dealt again from those hands (``_deal``) and the deal's
public choices (the bids, the trump named, the called card, every card played) are made
again in order, the model asked before each one a seat other than the observer made. A
choice the sample makes illegal (the called card's holder not playing it when it had to)
rules the sample out.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from ...bots.evidence import replay_likelihood
from ...cards import Card
from ...engine import Action, State
from .actions import BID, CALL, PASS, PLAY, TRUMP
from .rules import CLUBS_CONTRACTS, MenschState

#: How fast a bid's likelihood falls with the tricks by which the hand misses medium's reason
#: for it (a Six bid on a hand a trick short of Six is e^-SHARPNESS as likely as on one that
#: makes it): a graded threshold, so a sample nearly right counts for more than one far off.
SHARPNESS = 3.0
#: ``evidence.NOISE`` for a bid: a bid says more than a card played (an auction is few
#: choices, each made from the whole hand), and a weaker model lets through samples that a
#: table of players would laugh at (a Six bid on a hand of two tricks).
BID_NOISE = 0.03


def log_likelihood(root: MenschState, sample: MenschState, observer: int) -> float:
    """The log-likelihood of this deal's public choices by the seats other than
    ``observer``, had they held ``sample``'s cards (``-inf``: the sample cannot have been)."""
    return replay_likelihood(
        _deal_again(root, sample), public_choices(root), observer, _medium, weigh=_bid_weigh
    )


def _medium(replay: State, seat: int, legal: Sequence[Action]) -> Action:
    """Medium's choice at a trump, call or card (the bids are weighed by ``_bid_weigh``)."""
    from .bots import Situation, medium_action

    assert isinstance(replay, MenschState)
    return medium_action(Situation.from_state(replay, seat), legal, False)


def _bid_weigh(replay: State, seat: int, legal: Sequence[Action], action: Action) -> float | None:
    assert isinstance(replay, MenschState)
    if replay.phase != "bid":
        return None
    return _bid_likelihood(replay.hands[seat], legal, action)


def _bid_likelihood(hand: list[Card], legal: Sequence[Action], action: Action) -> float:
    """The log-likelihood of a bid or pass from ``hand`` under medium's bidding
    (``bots.choose_bid``: the highest bid whose margin holds) made gradual: the tricks by
    which the hand misses the bid made, or would have made a higher one, each cost
    ``SHARPNESS``; any bid keeps a floor of ``BID_NOISE`` shared among the choices."""
    from .bots import bid_margins

    margins = bid_margins(hand, [b.name for b in legal if b is not PASS])  # type: ignore[attr-defined]
    made = action.name  # type: ignore[attr-defined]
    compelled = PASS not in legal
    names = list(margins)
    above = names[names.index(made) + 1 :] if made != "pass" else names
    miss = max((margins[b] for b in above), default=0.0)
    miss = max(miss, 0.0)
    if made != "pass" and not (compelled and made == names[0]):
        miss += max(0.0, -margins[made])
    return math.log((1.0 - BID_NOISE) * math.exp(-SHARPNESS * miss) + BID_NOISE / len(legal))


def public_choices(st: MenschState) -> Iterator[Action]:
    """This deal's choices so far, in order: bids, the trump named, the call, the plays."""
    for _, bid in st.bids:
        yield PASS if bid == "pass" else BID[bid]
    if st.trump is not None and st.contract not in CLUBS_CONTRACTS:
        yield TRUMP[st.trump]
    if st.called is not None:
        yield CALL[st.called]
    for plays in st.hand_plays():
        for _, card in plays:
            yield PLAY[card]


def _deal_again(root: MenschState, sample: MenschState) -> MenschState:
    """``sample`` as it was dealt: every hand with the cards it has played this deal, the
    auction about to start (MENSCH-DEAL-1's packets, so each hand is the one it was)."""
    start = [h[:] for h in sample.hands]
    for plays in root.hand_plays():
        for seat, card in plays:
            start[seat].append(card)
    replay = sample.clone(events=False)
    eldest = replay.eldest
    order = []
    for packet in range(8):
        seat = (eldest + packet) % 4
        half = 4 * (packet // 4)
        order += start[seat][half : half + 4]
    replay.deal_no -= 1
    replay._deal(order)
    return replay
