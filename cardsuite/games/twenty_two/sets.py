"""Card-set arithmetic for Twenty-Two: effective ranks, covering, lowest cards, enumeration.

Pure functions over rank lists, shared by the rules, the bots and ``sample_hidden``. A *rank
multiset* is a tuple of raw ranks sorted high to low, with jokers as 15 (``JOKER_RANK``); the
*effective* ranks of a play are what the cover test compares (T26-3/T26-4: jokers take the
highest non-joker rank in the play, or count as aces in an all-joker play).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import product

from ...cards import ACE, JOKER_RANK

#: Point values (T22-DECK-2, T26-2).
VALUES = {**{r: r for r in range(2, 11)}, 11: 10, 12: 10, 13: 10, ACE: 11, JOKER_RANK: 13}


def effective(ranks: Sequence[int]) -> list[int]:
    """Effective ranks of a play, high to low (T26-3, T26-4). ``ranks`` are raw ranks."""
    nj = sorted((r for r in ranks if r != JOKER_RANK), reverse=True)
    jokers = len(ranks) - len(nj)
    if not nj:
        return [ACE] * jokers
    if jokers:
        return [nj[0]] * jokers + nj
    return nj


def covers(x: Sequence[int], y: Sequence[int]) -> bool:
    """T22-PLAY-4: effective ranks ``x`` cover ``y`` (both high to low, same length)."""
    for a, b in zip(x, y, strict=True):  # noqa: SIM110 - a plain loop is faster than all()
        if a < b:
            return False
    return True


def is_matched(eff: Sequence[int]) -> bool:
    """T22-EQUAL-2: all cards of one (effective) rank."""
    return eff[0] == eff[-1]


def best_set(hand_desc: Sequence[int], n: int) -> tuple[int, ...]:
    """The raw-rank multiset of ``n`` cards from ``hand_desc`` (raw ranks, high to low) whose
    effective ranks dominate every other choice position by position: the top non-jokers with
    as many jokers as a play may carry. A set covers a target iff this one does."""
    jokers = 0
    for r in hand_desc:
        if r != JOKER_RANK:
            break
        jokers += 1
    if jokers == len(hand_desc):
        return (JOKER_RANK,) * n
    j = min(jokers, n - 1)
    return (JOKER_RANK,) * j + tuple(hand_desc[jokers : jokers + n - j])


def lowest(hand_asc: Sequence[int], n: int) -> tuple[int, ...]:
    """T22-PLAY-6(b), T26-5: the ``n`` lowest cards (jokers only to make up the number)."""
    return tuple(sorted(hand_asc[:n], reverse=True))


def is_lead_set(ranks: Sequence[int], hand_size: int) -> str | None:
    """Why ``ranks`` is not a legal lead from a hand of ``hand_size``, or None (T22-PLAY-2,
    T26-3/T26-4). ``all_jokers`` is checked by the caller (a hand of only jokers)."""
    if not ranks:
        return "a lead needs at least one card"
    if len(ranks) >= hand_size:
        return "the leader must keep at least one card"
    nj = {r for r in ranks if r != JOKER_RANK}
    if len(nj) > 1:
        return "a lead must be one card or several cards of the same rank"
    return None


def cover_sets(
    counts: Sequence[tuple[int, int]], jokers: int, target: Sequence[int]
) -> Iterator[tuple[int, ...]]:
    """Every raw-rank multiset of ``len(target)`` cards that covers ``target``.

    ``counts``: (rank, how many held) for the non-joker ranks, high to low; ``jokers``: jokers
    held. Sets are yielded high to low, jokers first (as 15s).
    """
    n = len(target)
    if not counts:
        if jokers >= n and covers([ACE] * n, target):
            yield (JOKER_RANK,) * n
        return
    for j in range(min(jokers, n - 1) + 1):
        need = n - j
        yield from _cover_rest(counts, 0, need, target, j, (JOKER_RANK,) * j)


def _cover_rest(
    counts: Sequence[tuple[int, int]],
    start: int,
    need: int,
    target: Sequence[int],
    jokers: int,
    chosen: tuple[int, ...],
) -> Iterator[tuple[int, ...]]:
    """Choose ``need`` more non-jokers from ``counts[start:]`` (high to low).

    With ``jokers`` jokers and non-jokers r1 >= r2 >= ..., the effective play is
    [r1] * (jokers + 1) + [r2, ...], so r1 must meet target[0] and r_k target[jokers + k - 1].
    Copies of one rank only meet lower targets than the first copy, so checking the first is
    enough; and once a rank misses its bound every lower rank does too.
    """
    if need == 0:
        yield chosen
        return
    placed = len(chosen) - jokers
    bound = target[0] if placed == 0 else target[jokers + placed]
    for i in range(start, len(counts)):
        rank, have = counts[i]
        if rank < bound:
            return
        for take in range(1, min(have, need) + 1):
            yield from _cover_rest(
                counts, i + 1, need - take, target, jokers, chosen + (rank,) * take
            )


@lru_cache(maxsize=512)
def exchange_takes(counts: tuple[int, ...], limit: int) -> tuple[tuple[int, ...], ...]:
    """Every way to take at most ``limit`` cards from groups of ``counts`` cards (one group per
    rank): how many of each group, smallest total first. Hands repeat these shapes endlessly
    (seven different ranks, exchange up to seven), so each shape is worked out once."""
    takes = [t for t in product(*(range(c + 1) for c in counts)) if sum(t) <= limit]
    takes.sort(key=sum)
    return tuple(takes)
