"""Twenty-Two's exchange tests read a hand as its groups of a rank, the way
``ExchangeChoices`` lays them out: written once here, as the tests' own reference."""

from __future__ import annotations

from collections.abc import Sequence

from cardsuite.cards import Card


def rank_groups(hand: Sequence[Card]) -> list[list[Card]]:
    """The sorted hand's runs of one rank, largest first (ties in hand order)."""
    groups: list[list[Card]] = []
    for c in hand:
        if groups and groups[-1][0].rank == c.rank:
            groups[-1].append(c)
        else:
            groups.append([c])
    groups.sort(key=len, reverse=True)
    return groups
