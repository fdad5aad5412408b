"""Samples that explain the bids: the hard facts' deals moved toward what the auction said.

Weighing samples dealt by the hard facts alone (``inference``, importance resampling) finds
little for a strong bid: a hand that makes a Seven is a deal in hundreds, so a pool of 128
seldom holds one, and the weights end on a few samples or on the model's floor (a bid it
did not expect). Here every sample is dealt by the hard facts (``sampling``) and then moved
(Metropolis-Hastings, resample-move): a card of one hidden hand is swapped with a card of
another, the swap kept with the bids' likelihood ratio, so a Seven bidder's hand climbs
toward a Seven hand while every fact the sampler keeps still holds (a swap that breaks one,
a void shown or where the called card may lie, is never made).

The model of a bid is medium's (``bots.bid_margins``) made gradual, as in ``inference``:
each trick by which a bidder's hand misses the bid it made, or would have made a higher one,
costs ``SHARPNESS``; a pass that three clubs forbade (MENSCH-BID-4) rules the hand out. The
trump another declarer named is read the same way: each trick by which the hand is weaker
in it than in its best suit (medium names its best, ``bots.best_trump``) costs as much.
There is no floor for a surprise here (``inference.BID_NOISE``): the floor keeps a weighed
pool alive when no sample fits, but under it a Seven bid is believed less than not, since
hands that make one are so rare. A seat's bid depends on its own hand alone, so a swap is
judged by the two hands it changes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ...cards import Card
from .bots import bid_margins, strength
from .rules import CLUBS_CONTRACTS, LEGAL_OVER, QC, MenschState, effective_suit

#: Swaps proposed per sample.
STEPS = 40
#: A trick by which a hand misses medium's reason for its bid costs e^-SHARPNESS.
SHARPNESS = 3.0


class BidPosterior:
    """The bids of the seats other than ``observer`` in ``root``'s deal, and what a hidden
    hand may hold: the sampler's hard facts, checked card by card before a swap."""

    def __init__(self, root: MenschState, observer: int) -> None:
        from .sampling import _voids

        self.observer = observer
        self.seats = [s for s in range(4) if s != observer]
        played: list[list[Card]] = [[], [], [], []]
        for plays in root.hand_plays():
            for seat, card in plays:
                played[seat].append(card)
        self.played = played
        #: per seat, (the legal bids over the highest before its turn, its bid)
        self.terms: dict[int, tuple[str | None, str]] = {}
        high: str | None = None
        for seat, bid in root.bids:
            if seat != observer:
                self.terms[seat] = (high, bid)
            if bid != "pass":
                high = bid
        self.voids = _voids(root)
        self.trump = root.trump
        called = root.called
        self.declarer = root.declarer
        pool = {c for s in self.seats for c in root.hands[s]}
        self.live_call = called is not None and not root.partner_known and called in pool
        self.called = called
        #: the declarer of a partner contract held a plain card of the called suit
        self.call_suit = (
            called.suit
            if called is not None and root.contract in ("half", "after", "passed")
            else None
        )
        self.passed = root.contract == "passed"
        #: the trump the declarer named, when another seat named it (TRUMP-1)
        self.named = (
            root.trump
            if root.declarer not in (None, observer) and root.contract not in CLUBS_CONTRACTS
            else None
        )
        self._cache: dict[tuple[int, frozenset[Card]], float] = {}

    def may_hold(self, seat: int, card: Card) -> bool:
        """A void shown, or the called card with the declarer (CALL-2), rules it out."""
        if effective_suit(card, self.trump) in self.voids[seat]:
            return False
        return not (self.live_call and card is self.called and seat == self.declarer)

    def hand_fits(self, seat: int, hand: Sequence[Card]) -> bool:
        """The declarer's facts: a plain card of the called suit (CALL-2), the queen of
        clubs in a passed game (BID-6); the rest is each card's (``may_hold``)."""
        if seat != self.declarer:
            return True
        start = [*hand, *self.played[seat]]
        if self.passed and QC not in start:
            return False
        suit = self.call_suit
        return suit is None or any(c.suit == suit and c is not QC for c in start)

    def log_likelihood(self, seat: int, hand: Sequence[Card]) -> float:
        """How likely ``seat``'s bid was with ``hand`` (and the cards it has played)."""
        term = self.terms.get(seat)
        if term is None:
            return 0.0
        key = (seat, frozenset(hand))
        cached = self._cache.get(key)
        if cached is None:
            start = [*hand, *self.played[seat]]
            each = {t: strength(start, t) for t in "SHDC"}
            cached = bid_log_likelihood(start, *term, each)
            if seat == self.declarer and self.named is not None:
                cached -= SHARPNESS * (max(each.values()) - each[self.named])
            self._cache[key] = cached
        return cached

    def move(self, sample: MenschState, rng: random.Random, steps: int = STEPS) -> int:
        """``steps`` swaps proposed between the hidden hands of ``sample`` (in place); the
        number kept. The sample's partner follows the called card."""
        hands = sample.hands
        seats = [s for s in self.seats if hands[s]]
        if len(seats) < 2:
            return 0
        ll = {s: self.log_likelihood(s, hands[s]) for s in seats}
        kept = 0
        for _ in range(steps):
            a, b = rng.sample(seats, 2)
            ha, hb = hands[a], hands[b]
            i, j = int(rng.random() * len(ha)), int(rng.random() * len(hb))
            x, y = ha[i], hb[j]
            if not (self.may_hold(b, x) and self.may_hold(a, y)):
                continue
            ha[i], hb[j] = y, x
            if not (self.hand_fits(a, ha) and self.hand_fits(b, hb)):
                ha[i], hb[j] = x, y
                continue
            la, lb = self.log_likelihood(a, ha), self.log_likelihood(b, hb)
            delta = la + lb - ll[a] - ll[b]
            if delta >= 0 or rng.random() < math.exp(delta):
                ll[a], ll[b] = la, lb
                kept += 1
            else:
                ha[i], hb[j] = x, y
        if kept:
            for s in seats:
                hands[s].sort(key=sample.hand_key)
            if self.live_call:
                sample.partner = next(s for s in range(4) if self.called in hands[s])
            sample._legal = None
        return kept


def bid_log_likelihood(
    hand: Sequence[Card], high: str | None, made: str, each: dict[str, float] | None = None
) -> float:
    """The log-likelihood of bid ``made`` (or "pass") from ``hand`` when ``high`` was the
    highest bid before it, under medium's bidding made gradual (``bots.choose_bid``);
    ``each``: the hand's strength by trump suit, when known."""
    compelled = high in (None, "half") and sum(1 for c in hand if c.suit == "C") >= 3
    if made == "pass" and compelled:
        return -math.inf  # MENSCH-BID-4
    names = list(LEGAL_OVER[high])
    margins = bid_margins(hand, names, each)
    above = names[names.index(made) + 1 :] if made != "pass" else names
    miss = max(0.0, max((margins[b] for b in above), default=0.0))
    if made != "pass" and not (compelled and made == names[0]):
        miss += max(0.0, -margins[made])
    return -SHARPNESS * miss
