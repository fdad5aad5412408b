"""Card-set arithmetic for Twenty-Two: effective ranks, covering, lowest cards, enumeration.

Pure functions over rank lists, shared by the rules, the bots and ``sample_hidden``. A *rank
multiset* is a tuple of raw ranks sorted high to low, with jokers as 15 (``JOKER_RANK``); the
*effective* ranks of a play are what the cover test compares (T26-3/T26-4: jokers take the
highest non-joker rank in the play, or count as aces in an all-joker play).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate, combinations

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
) -> list[tuple[int, ...]]:
    """Every raw-rank multiset of ``len(target)`` cards that covers ``target``.

    ``counts``: (rank, how many held) for the non-joker ranks, high to low; ``jokers``: jokers
    held. Sets come high to low, jokers first (as 15s). Built into one list by plain
    recursion (a generator per level cost more than the sets themselves).
    """
    n = len(target)
    out: list[tuple[int, ...]] = []
    if not counts:
        if jokers >= n and covers([ACE] * n, target):
            out.append((JOKER_RANK,) * n)
        return out
    if n == 2 and not jokers:  # pairs, the commonest several-card trick: two plain loops
        t0, t1 = target
        for i, (rank, have) in enumerate(counts):
            if rank < t0:
                break
            for k in range(i + 1, len(counts)):
                lower = counts[k][0]
                if lower < t1:
                    break
                out.append((rank, lower))
            if have > 1:
                out.append((rank, rank))
        return out
    if n == 3 and not jokers:  # triples: three plain loops, in ``_cover_into``'s order
        t0, t1, t2 = target
        m = len(counts)
        for i in range(m):
            top, have = counts[i]
            if top < t0:
                break
            for j in range(i + 1, m):  # one of ``top``, then two lower
                mid, two = counts[j]
                if mid < t1:
                    break
                for k in range(j + 1, m):
                    low = counts[k][0]
                    if low < t2:
                        break
                    out.append((top, mid, low))
                if two > 1:
                    out.append((top, mid, mid))
            if have > 1:  # two of ``top``, then one lower; then three of it
                for j in range(i + 1, m):
                    low = counts[j][0]
                    if low < t2:
                        break
                    out.append((top, top, low))
                if have > 2:
                    out.append((top, top, top))
        return out
    for j in range(min(jokers, n - 1) + 1):
        _cover_into(counts, 0, n - j, target, j, (JOKER_RANK,) * j, out)
    return out


def _cover_into(
    counts: Sequence[tuple[int, int]],
    start: int,
    need: int,
    target: Sequence[int],
    jokers: int,
    chosen: tuple[int, ...],
    out: list[tuple[int, ...]],
) -> None:
    """Append the ways to choose ``need`` more non-jokers from ``counts[start:]``.

    With ``jokers`` jokers and non-jokers r1 >= r2 >= ..., the effective play is
    [r1] * (jokers + 1) + [r2, ...], so r1 must meet target[0] and r_k target[jokers + k - 1].
    Copies of one rank only meet lower targets than the first copy, so checking the first is
    enough; and once a rank misses its bound every lower rank does too. The last card is
    chosen in place, not by a call (the calls were most of a four-card or joker listing).
    """
    placed = len(chosen) - jokers
    bound = target[0] if placed == 0 else target[jokers + placed]
    end = len(counts)
    for i in range(start, end):
        rank, have = counts[i]
        if rank < bound:
            return
        more = chosen
        for take in range(1, (have if have < need else need) + 1):
            more += (rank,)
            left = need - take
            if not left:
                out.append(more)
            elif left == 1:  # the last card, inline: any lower rank that meets its bound
                last = target[jokers + placed + take]
                for k in range(i + 1, end):
                    low = counts[k][0]
                    if low < last:
                        break
                    out.append(more + (low,))  # noqa: RUF005 - no list made on the way
            else:
                _cover_into(counts, i + 1, left, target, jokers, more, out)


class ExchangeTable:
    """Every way to take at most ``limit`` cards from groups of ``counts`` cards (one group
    per rank), counted and indexed without listing them: how many of each group, ordered by
    total (0 first), then lexicographically. A random player picks one of a 13-card hand's
    8,192 exchanges by index; nothing builds the other 8,191.

    ``ways[i][t]`` is how many ways groups ``i`` on take exactly ``t`` cards (up to all of
    theirs: rows shared by every table with the same groups from ``i`` on, ``_rows``),
    from which ``take(index)`` reads one choice off in a pass over the groups (the
    combinatorial number system, by size)."""

    __slots__ = (
        "_cum",
        "_head",
        "_memo",
        "_tail_at",
        "_tails",
        "counts",
        "limit",
        "starts",
        "total",
        "ways",
    )

    def __init__(self, counts: tuple[int, ...], limit: int) -> None:
        self.counts = counts
        limit = min(limit, sum(counts))
        self.limit = limit
        m = len(counts)
        # Each group's rows depend only on the groups from it on (``_rows``, shared by every
        # table with that tail: made once, not once a table, most of a short play-out's
        # warming up); each as long as those groups' cards, so a row is read only at a total
        # they can take.
        ways: list[list[int]] = []
        cum: list[list[list[int]]] = []
        for i in range(m):
            row, sums = _rows(counts[i:])
            ways.append(row)
            cum.append(sums)
        ways.append(_NONE)
        self.ways = ways
        self._cum = cum
        starts = [0]  # index of the first choice of each total
        for t in range(limit + 1):
            starts.append(starts[-1] + ways[0][t])
        self.starts = starts
        self.total = starts[-1]
        # The groups of one card come last (largest first): ``positions_of`` walks the others
        # (``_head``) and reads the ones' choice whole from a shared list (``_tail``).
        ones = m
        while ones and counts[ones - 1] == 1:
            ones -= 1
        self._head = tuple(zip(counts[:ones], cum[:ones], strict=True))
        self._tail_at = (sum(counts[:ones]), m - ones)
        #: ``_tail(*_tail_at, t)`` by ``t``, looked up once per table.
        self._tails: dict[int, list[tuple[int, ...]]] = {}
        # Choices read so far, by index (``take``).
        self._memo: dict[int, tuple[int, ...]] = {}

    def __len__(self) -> int:
        return self.total

    def take(self, index: int) -> tuple[int, ...]:
        """The ``index``-th choice (negative counts from the end): how many of each group.
        (Bounds first: a limit's view shares the full table's memo, which holds more.)"""
        if 0 <= index < self.total:
            got = self._memo.get(index)
            if got is None:
                got = self._memo[index] = self._read(index)
            return got
        if -self.total <= index < 0:
            return self.take(index + self.total)
        raise IndexError(index)

    def positions_of(self, index: int) -> tuple[int, ...]:
        """The ``index``-th choice (0 < index < total) as positions in the groups laid end to
        end, largest first: each group's first ``take`` cards. (A pick from a table too
        large to list whole, ``masks.mask_of``; the listing is held to it by the tests.)"""
        # ``_read``'s walk, writing positions as it goes, over the groups of several cards;
        # the groups of one card that remain to take ``t`` are one read of a shared list (a
        # 13-card hand has five or so: half the walk).
        starts = self.starts
        t = bisect_right(starts, index) - 1
        rest = index - starts[t]
        out: list[int] = []
        start = 0
        for size, sums in self._head:
            if not t:  # the rest take none
                break
            thr = sums[t]
            x = bisect_right(thr, rest)
            if x:
                rest -= thr[x - 1]
                out += range(start, start + x)
                t -= x
            start += size
        else:
            if t:
                tail = self._tails.get(t)
                if tail is None:
                    tail = self._tails[t] = _tail(*self._tail_at, t)
                out += tail[~rest]  # (``_tail`` lists them in the reverse order)
        return tuple(out)

    def _read(self, index: int) -> tuple[int, ...]:
        t = bisect_right(self.starts, index) - 1
        index -= self.starts[t]
        out = []
        m = len(self.counts)
        cum = self._cum
        for i in range(m):
            if not t:  # the rest take none
                out += [0] * (m - i)
                break
            thr = cum[i][t]
            x = bisect_right(thr, index)
            if x:
                index -= thr[x - 1]
            out.append(x)
            t -= x
        return tuple(out)


#: The rows of ``ExchangeTable`` for groups of these sizes (``_rows``), by the sizes.
_ROWS: dict[tuple[int, ...], tuple[list[int], list[list[int]]]] = {}
#: The ways no groups take each total: none, one way.
_NONE = [1]


def _rows(counts: tuple[int, ...]) -> tuple[list[int], list[list[int]]]:
    """For groups of ``counts`` cards (at least one group): how many ways they take each
    total 0..all their cards (``ways[i]``), and for each total the running totals of the
    ways the groups after the first take it less 0, 1, ... of the first (``_cum[i][t]``:
    where an index falls among them says how many the first takes, a bisect). Made once
    for each ``counts``, from the rows of ``counts[1:]``; shared, never changed."""
    got = _ROWS.get(counts)
    if got is None:
        c = counts[0]
        below = _rows(counts[1:])[0] if len(counts) > 1 else _NONE
        padded = below + [0] * c  # (none of the groups after take more than all theirs)
        row: list[int] = []
        sums: list[list[int]] = []
        for t in range(len(padded)):
            # below[t], below[t - 1], ... below[t - min(c, t)], summed as they come (in C)
            acc = list(accumulate(padded[t : (t - c - 1 if t > c else None) : -1]))
            row.append(acc[-1])
            sums.append(acc)
        got = _ROWS[counts] = (row, sums)
    return got


@lru_cache(maxsize=1024)
def _tail(at: int, ones: int, t: int) -> list[tuple[int, ...]]:
    """Every way to take ``t`` of ``ones`` groups of one card at positions ``at`` on, in
    the reverse of a table's order: a table takes none of a group first, the first group
    slowest, which is ``combinations``' order read from the end (made in C, once)."""
    return list(combinations(range(at, at + ones), t))


@lru_cache(maxsize=4096)
def _table(counts: tuple[int, ...]) -> ExchangeTable:
    return ExchangeTable(counts, sum(counts))


@lru_cache(maxsize=8192)
def exchange_table(counts: tuple[int, ...], limit: int) -> ExchangeTable:
    """The shared table for a hand's shape (its group sizes) and exchange limit. Choices
    are ordered by size first, so the table of a lower limit is the start of the full one:
    one table per shape serves every limit (hands repeat these shapes endlessly), and each
    limit's view of it is made once."""
    full = _table(counts)
    if limit >= full.limit:
        return full
    return _Prefix(full, limit)


class _Prefix(ExchangeTable):
    """The first choices of a shared table: those of at most ``limit`` cards."""

    __slots__ = ()

    def __init__(self, full: ExchangeTable, limit: int) -> None:
        for name in ExchangeTable.__slots__:
            if name in ("limit", "total"):
                continue
            object.__setattr__(self, name, getattr(full, name))
        self.limit = limit
        self.total = full.starts[limit + 1]
