"""The combinatorics of sums: which sets of cards make a value (``african-casino.md`` §18).

A *unit* of value v is one card worth v (an ace worth 1 or 14) or two or more cards adding up
to v, aces counting 1 (CASINO-DECK-3). Values are at most 14, so the sets are found by a
depth-first walk over the cards, largest first, that stops as soon as the sum passes v: with
fifteen loose cards it still visits only a few hundred nodes.

Items are ``(card, source)`` pairs: ``source`` is ``None`` for a loose card, ``-1`` for the
hand card, or the seat whose pile top it is. A unit holds at most one hand card and at most
one card of each pile (CASINO-PILE-3).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import ACE, Card
from .actions import set_value

Item = tuple[Card, int | None]
HAND = -1


def worth(card: Card, value: int, ace_high: bool = True) -> bool:
    """CASINO-DECK-2/3: does ``card`` alone count ``value``? (A card that captures it.)"""
    if card.rank == ACE:
        return value == 1 or (ace_high and value == 14)
    return card.rank == value


def units_of(items: Sequence[Item], value: int, ace_high: bool = True) -> list[tuple[Item, ...]]:
    """Every unit of ``value`` among ``items``: single cards worth it, then the sets of two
    or more adding up to it (each set once, whatever order its cards came in)."""
    out: list[tuple[Item, ...]] = [(it,) for it in items if worth(it[0], value, ace_high)]
    ordered = sorted(items, key=lambda it: -set_value(it[0]))
    n = len(ordered)
    vals = [set_value(it[0]) for it in ordered]
    chosen: list[Item] = []

    def walk(start: int, left: int, hand: bool, piles: frozenset[int]) -> None:
        for i in range(start, n):
            v = vals[i]
            if v > left:
                continue
            source = ordered[i][1]
            if source == HAND:
                if hand:
                    continue
            elif source is not None and source in piles:
                continue
            chosen.append(ordered[i])
            if v == left:
                if len(chosen) >= 2:
                    out.append(tuple(chosen))
            else:
                walk(
                    i + 1,
                    left - v,
                    hand or source == HAND,
                    piles | {source} if source is not None and source >= 0 else piles,
                )
            chosen.pop()

    walk(0, value, False, frozenset())
    return out


def coverings(
    units: Sequence[tuple[Item, ...]], limit: int = 4096
) -> list[tuple[tuple[Item, ...], ...]]:
    """Collections of pairwise disjoint ``units``, one per distinct set of cards covered
    (two packings of the same cards leave the same position), at most ``limit`` of them;
    the empty collection is not included."""
    keyed = [(frozenset(it for it in u), u) for u in units]
    seen: dict[frozenset[Item], tuple[tuple[Item, ...], ...]] = {}
    picked: list[tuple[Item, ...]] = []

    def walk(start: int, used: frozenset[Item]) -> None:
        if len(seen) >= limit:
            return
        for i in range(start, len(keyed)):
            cover, unit = keyed[i]
            if used & cover:
                continue
            now = used | cover
            picked.append(unit)
            if now not in seen:
                seen[now] = tuple(picked)
            walk(i + 1, now)
            picked.pop()

    walk(0, frozenset())
    return list(seen.values())


def is_maximal(
    covered: frozenset[Item], units: Sequence[tuple[Item, ...]], build_left: bool
) -> bool:
    """CASINO-INSIST-2/3: nothing worth the value is left to take beside ``covered`` (no
    unit disjoint from it, and the build taken if there is one)."""
    if build_left:
        return False
    return all(covered & frozenset(u) for u in units)


def partition(
    cards: Sequence[Item], value: int, ace_high: bool = True
) -> tuple[tuple[Item, ...], ...] | None:
    """A split of ``cards`` into units of ``value``, or None when there is none."""
    units = units_of(cards, value, ace_high)
    whole = frozenset(cards)
    picked: list[tuple[Item, ...]] = []

    def walk(left: frozenset[Item]) -> bool:
        if not left:
            return True
        first = min(left, key=lambda it: (set_value(it[0]), it[0].ordinal, it[1] or 0))
        for u in units:
            cover = frozenset(u)
            if first in cover and cover <= left:
                picked.append(u)
                if walk(left - cover):
                    return True
                picked.pop()
        return False

    return tuple(picked) if walk(whole) else None
