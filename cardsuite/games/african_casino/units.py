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
from functools import lru_cache

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
    loose = tuple(c for c, s in items if s is None)
    extras = tuple(it for it in items if it[1] is not None)
    return units(loose, value, ace_high, extras)


@lru_cache(maxsize=8192)
def sums(loose: tuple[Card, ...]) -> dict[int, tuple[tuple[Card, ...], ...]]:
    """Every non-empty set of ``loose`` cards worth at most 14 in all, by its sum (aces 1).
    A layout changes a card or two a step and the same one is asked about for every hand
    card and value, so the tables are kept."""
    table: dict[int, list[tuple[Card, ...]]] = {}
    ordered = sorted(loose, key=lambda c: -set_value(c))
    vals = [set_value(c) for c in ordered]
    n = len(ordered)
    chosen: list[Card] = []

    def walk(start: int, total: int) -> None:
        for i in range(start, n):
            t = total + vals[i]
            if t > 14:
                continue
            chosen.append(ordered[i])
            table.setdefault(t, []).append(tuple(chosen))
            walk(i + 1, t)
            chosen.pop()

    walk(0, 0)
    return {t: tuple(sets) for t, sets in table.items()}


def units(
    loose: tuple[Card, ...], value: int, ace_high: bool = True, extras: tuple[Item, ...] = ()
) -> list[tuple[Item, ...]]:
    """The units of ``value`` from ``loose`` cards and ``extras`` (a hand card, pile tops:
    any of them, with loose cards or alone): one card worth the value, or two or more
    cards adding up to it."""
    table = sums(loose)
    out: list[tuple[Item, ...]] = [((c, None),) for c in loose if worth(c, value, ace_high)]
    for s in table.get(value, ()):
        if len(s) >= 2:
            out.append(tuple((c, None) for c in s))
    k = len(extras)
    for mask in range(1, 1 << k):
        picked = tuple(extras[i] for i in range(k) if mask >> i & 1)
        if sum(1 for _, src in picked if src == HAND) > 1:
            continue
        need = value - sum(set_value(c) for c, _ in picked)
        if (need == 0 and len(picked) >= 2) or (
            len(picked) == 1 and worth(picked[0][0], value, ace_high)
        ):
            out.append(picked)
        if need > 0:
            for s in table.get(need, ()):
                out.append((*((c, None) for c in s), *picked))
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
