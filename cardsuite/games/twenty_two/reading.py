"""Reading the table: what a sensible player's plays and exchange say about their cards.

The rules alone say little (``sampling.follow_constraints``: a follow that did not cover was
the player's lowest cards). A player who plays sensibly says much more, and the hard bot's
search reads it the way a good player does (issue 10: "use of what play revealed"):

- **A lead** is the leader's top rank (high cards are what a hand wants to shed), so nothing
  they still hold ranks above it.
- **A follow that covers** is played with the follower's top cards, so nothing they still
  hold ranks above the lowest of them.
- **A one-card follow that does not cover** means nothing they held covered: everything
  they still hold ranks below the card to beat.
- **An exchange** puts high cards aside (from ``HIGH`` up), so a player's discards are high.

These are beliefs, not facts: a player may lead low on purpose. The sampler therefore deals
by them only where some deal fits them all; where none does (the player did something else),
it falls back to the rules' facts alone, which the true deal always satisfies. Twenty-Six's
jokers make every reading ambiguous, so there the beliefs are not used.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...cards import JOKER_RANK
from .sets import covers, effective

if TYPE_CHECKING:
    from .rules import TwentyTwoState

#: A sensible exchange discards cards from this rank up (the medium heuristic's own rule).
HIGH = 10
#: No ceiling: every rank allowed.
OPEN = JOKER_RANK


def hand_plays(
    st: TwentyTwoState,
) -> Iterator[tuple[int, int, tuple[int, ...], list[int], list[int]]]:
    """Every play of this hand so far, in order: (its place in the trick, 0 for the lead;
    the seat; raw ranks; effective ranks; the set it had to cover: the lead under the
    beat-the-leader rules, else the best so far). What the rules' facts and the beliefs
    below are both read from."""
    for plays in st.hand_plays():
        if not plays:
            continue
        lead = effective([c.rank for c in plays[0][1]])
        best = lead
        for i, (s, cards) in enumerate(plays):
            ranks = tuple(c.rank for c in cards)
            eff = effective(ranks)
            yield i, s, ranks, eff, (lead if st.beat_leader else best)
            if i and st._takes_over(eff, best):
                best = eff


def ceiling(st: TwentyTwoState, seat: int) -> int:
    """The highest rank ``seat`` is believed to still hold, from its plays this hand."""
    top = OPEN
    for i, s, ranks, eff, target in hand_plays(st):
        if s != seat:
            continue
        if i == 0 or covers(eff, target):
            top = min(top, min(ranks))  # led its top rank, or covered with its top cards
        elif len(ranks) == 1:
            top = min(top, target[0] - 1)  # nothing it held covered
    return top


def discard_floor(st: TwentyTwoState, seat: int) -> int:
    """The lowest rank ``seat``'s exchange discards are believed to have (2: any)."""
    return HIGH if st.discards[seat] else 2
