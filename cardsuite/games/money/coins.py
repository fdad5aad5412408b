"""Money arithmetic for Money: values, sub-multisets of a bank, what a purchase can pay.

A *purse* is a tuple of money ranks sorted high to low (suits never matter), e.g.
``(13, 13, 12, 11)`` for K K Q J. Everything here is pure and memoised: banks are small (at
most 16 cards) and the same purses recur all game long.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import lru_cache

Purse = tuple[int, ...]


def purse(ranks: Iterable[int]) -> Purse:
    return tuple(sorted(ranks, reverse=True))


def value(p: Iterable[int], values: Mapping[int, int]) -> int:
    return sum(map(values.__getitem__, p))  # (in C: asked for every purse a listing weighs)


@lru_cache(maxsize=4096)
def sub_purses(p: Purse) -> tuple[Purse, ...]:
    """Every sub-multiset of ``p`` (the empty one first), each once."""
    out: list[Purse] = [()]
    for r, c in sorted(Counter(p).items(), reverse=True):
        # each way of taking the ranks before, then 0..c of this one (the order of
        # ``itertools.product`` over the ranks' counts, built a rank at a time)
        out = [s + (r,) * t for s in out for t in range(c + 1)]
    out.sort(key=len)
    return tuple(out)


def remove(p: Purse, part: Iterable[int]) -> Purse:
    rest = list(p)
    for r in part:
        rest.remove(r)
    return tuple(rest)


def add(p: Purse, part: Iterable[int]) -> Purse:
    return purse([*p, *part])


def contains(p: Purse, part: Iterable[int]) -> bool:
    """Is ``part`` a sub-multiset of ``p``? (Purses are a few cards: taking each out of a
    copy is cheaper than counting both.)"""
    rest = list(p)
    for r in part:
        try:
            rest.remove(r)
        except ValueError:
            return False
    return True
