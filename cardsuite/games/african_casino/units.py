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
            walk(i + 1, t)  # noqa: F821 (deleted once done, see below)
            chosen.pop()

    walk(0, 0)
    del walk  # (the walk refers to itself: a cycle that only the garbage collector frees;
    # a random play-out left it some twenty objects a move)
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


#: CASINO-INSIST-3, §18: packings listed per card and value, the maximal ones and the others
#: (any other valid capture is still accepted as text).
MAXIMAL_CAP = 128
OTHER_CAP = 64
#: Nodes one walk may visit before it settles for what it has (pathological layouts only).
WORK = 20000


def packings(
    units: Sequence[tuple[Item, ...]], maximal_cap: int = MAXIMAL_CAP, other_cap: int = OTHER_CAP
) -> tuple[list[tuple[tuple[Item, ...], ...]], list[tuple[tuple[Item, ...], ...]]]:
    """Collections of pairwise disjoint ``units``, one per distinct set of cards covered
    (two packings of the same cards leave the same position): the maximal ones (no unit
    left that could still be taken) and the others, non-empty, at most the caps of each.

    Items and units are bit masks (each item numbered where it first appears), and the
    walk over them (``mask_packings``) depends on nothing else, so it is kept by the masks:
    the layouts of a play-out are new, but how their units overlap recurs (about 200
    shapes over 600 South African games, against 3,300 walks)."""
    index: dict[Item, int] = {}
    masks = []
    for u in units:
        m = 0
        for it in u:
            m |= 1 << index.setdefault(it, len(index))
        masks.append(m)
    maximal, other = mask_packings(tuple(masks), maximal_cap, other_cap)
    return (
        [tuple([units[k] for k in picked]) for picked in maximal],
        [tuple([units[k] for k in picked]) for picked in other],
    )


@lru_cache(maxsize=1024)
def mask_packings(
    masks: tuple[int, ...], maximal_cap: int = MAXIMAL_CAP, other_cap: int = OTHER_CAP
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """``packings`` of units given as bit masks of their items (numbered 0 to n - 1), as
    the positions of the units each packing takes.

    §18's walk: the lowest item not yet decided is either left or taken in one of the units
    it is the lowest item of. Items and units are bit masks, so a step is a few integer
    operations. (Only ints: the garbage collector leaves the cached answers alone.)"""
    lowest: dict[int, list[int]] = {}
    highest: dict[int, list[int]] = {}  # the masks of the units whose highest item is i
    every = 0
    for k, m in enumerate(masks):
        lowest.setdefault((m & -m).bit_length() - 1, []).append(k)
        highest.setdefault(m.bit_length() - 1, []).append(m)
        every |= m
    n = every.bit_length()
    seen: set[int] = set()
    maximal: list[tuple[int, ...]] = []
    other: list[tuple[int, ...]] = []
    picked: list[int] = []
    budget = [WORK]

    def walk(i: int, used: int, left: int) -> None:
        budget[0] -= 1
        if budget[0] < 0 or (len(maximal) >= maximal_cap and len(other) >= other_cap):
            return
        while i < n and (used >> i) & 1:
            i += 1
        if i >= n:
            if used and used not in seen:
                seen.add(used)
                whole = True  # every unit meets the packing (a plain loop: no generator)
                for m in masks:
                    if not m & used:
                        whole = False
                        break
                if whole:
                    if len(maximal) < maximal_cap:
                        maximal.append(tuple(picked))
                elif len(other) < other_cap:
                    other.append(tuple(picked))
            return
        for k in lowest.get(i, ()):
            if not masks[k] & used:
                picked.append(k)
                walk(i + 1, used | masks[k], left)  # noqa: F821 (deleted once done, see below)
                picked.pop()
        now_left = left | (1 << i)
        if len(other) >= other_cap:
            for m in highest.get(i, ()):
                if not m & ~now_left:
                    return  # a unit all of whose cards are left: only non-maximal packings below
        walk(i + 1, used, now_left)  # noqa: F821 (deleted once done, see below)

    walk(0, 0, 0)
    del walk  # (a cycle otherwise: see ``sums``)
    return tuple(maximal), tuple(other)


def leaves_nothing(taken: frozenset[Item], units: Sequence[tuple[Item, ...]]) -> bool:
    """CASINO-INSIST-2/3: no unit of the value is left that avoids the ``taken`` cards."""
    return all(taken.intersection(u) for u in units)


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
                if walk(left - cover):  # noqa: F821 (deleted once done, see below)
                    return True
                picked.pop()
        return False

    found = walk(whole)
    del walk  # (a cycle otherwise: see ``sums``)
    return tuple(picked) if found else None
