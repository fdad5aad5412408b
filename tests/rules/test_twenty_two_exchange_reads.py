"""The exchange listing's shortcuts name the same choices as the plain reading: a hand's
grouping looked up by where its rank runs start (a key that stands for one shape), a choice
read straight to positions, and a shape's choices listed whole as bit masks (``masks.py``).
(What the game lists is held to the reference rules by ``tests/contract/test_lockstep.py``.)"""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from ranks import rank_groups

from cardsuite.cards import Card, by_rank, pack
from cardsuite.games.twenty_two.actions import KEEP, ExchangeChoices, _grouping, layout_key
from cardsuite.games.twenty_two.masks import (
    GETTERS,
    WHOLE,
    choice_masks,
    choice_starts,
    getter,
    mask_of,
)
from cardsuite.games.twenty_two.sets import ExchangeTable, exchange_table


def _by_take(table: ExchangeTable, index: int) -> tuple[int, ...]:
    out: list[int] = []
    start = 0
    for size, take in zip(table.counts, table.take(index), strict=True):
        out += range(start, start + take)
        start += size
    return tuple(out)


@pytest.mark.parametrize(
    "counts",
    [
        (1,) * 7,
        (2, 1, 1, 1, 1, 1),
        (4, 3, 2, 2, 1),
        (3, 3, 1),
        (2, 2, 2),
        (8, 4, 1),
        (1,),
        (3, 2, 2, 1, 1, 1, 1, 1),
    ],
)
def test_positions_read_directly_are_the_takes(counts: tuple[int, ...]) -> None:
    """T22-EXCH-1/2: every choice of every limit, fresh tables and shared prefixes alike."""
    for limit in range(sum(counts) + 1):
        for table in (ExchangeTable(counts, limit), exchange_table(counts, limit)):
            for i in range(1, table.total):
                assert table.positions_of(i) == _by_take(table, i)


def test_grouping_looked_up_by_runs_is_the_hand_s_groups() -> None:
    """Hands of every size (none, one card, runs of up to four): the choices name each
    group's first cards, groups largest first (ties in hand order), ``keep`` first; twice
    over, so the second reading comes from the shared lookup."""
    rng = random.Random(7)
    cards = list(pack())
    for trial in range(400):
        hand = sorted(rng.sample(cards, trial % 14), key=by_rank)
        groups = rank_groups(hand)
        limit = rng.randint(0, len(hand))
        table = ExchangeTable(tuple(len(g) for g in groups), limit)
        for _ in range(2):
            choices = ExchangeChoices(hand, limit)
            assert len(choices) == table.total
            assert choices[0] is KEEP
            for i in rng.sample(range(table.total), min(table.total, 20)):
                want = [c for g, t in zip(groups, table.take(i), strict=True) for c in g[:t]]
                assert list(choices[i].cards) == want


def test_a_grouping_read_off_the_key_s_bits_is_the_hand_s_runs() -> None:
    """``_grouping`` reads a hand's runs of a rank from its layout key's bits (no hand): the
    group sizes largest first (ties in hand order) and a getter that lays those groups end
    to end; for hands of every size from Twenty-Six's pack (two packs and four jokers: runs
    of up to eight and the jokers' run of four)."""
    rng = random.Random(11)
    cards = list(pack(decks=2, jokers=4))
    for trial in range(2000):
        n = trial % 14
        hand = sorted(rng.sample(cards, n), key=by_rank)
        groups = sorted(rank_groups(hand), key=len, reverse=True)  # (stable: hand order)
        runs_key = layout_key(hand, 0) & ((1 << n) - 1) | 1 << n
        sizes, getter = _grouping(runs_key)
        if not hand:  # (the layout of one card serves an empty hand: only keep)
            assert (sizes, getter) == ((1,), None)
            continue
        assert sizes == tuple(len(g) for g in groups)
        laid = [c for g in groups for c in g]
        assert (hand if getter is None else list(getter(hand))) == laid


def test_a_listing_keeps_its_cards_when_the_hand_changes() -> None:
    """The listing names the cards the hand held when it was made."""
    hand = sorted(pack()[:7], key=by_rank)
    choices = ExchangeChoices(hand, 7)
    before = [choices[i].cards for i in range(len(choices))]
    hand.pop()
    assert [choices[i].cards for i in range(len(choices))] == before


def _runs(hand: list) -> tuple[bool, ...]:  # type: ignore[type-arg]
    return tuple(a.rank == b.rank for a, b in pairwise(hand))


def test_a_layout_key_stands_for_one_shape_of_runs_and_one_limit() -> None:
    """Two (hand, limit) with one key have the same runs of a rank and the same limit, so
    one shared layout serves them both; hands of every size up to 26 cards."""
    rng = random.Random(3)
    cards = list(pack(decks=2))
    seen: dict[int, tuple[tuple[bool, ...], int]] = {}
    for trial in range(3000):
        hand = sorted(rng.sample(cards, trial % 27), key=by_rank)
        limit = rng.randint(0, len(hand))
        got = seen.setdefault(layout_key(hand, limit), (_runs(hand), limit))
        assert got == (_runs(hand), limit)
    assert len(seen) > 1000


@pytest.mark.parametrize(
    "counts",
    [
        (1,) * 7,
        (1,) * 13,
        (2, 1, 1, 1, 1, 1),
        (4, 3, 2, 2, 1),
        (3, 3, 1),
        (8, 4, 1),
        (15,),
        (1,),
        (3, 2, 2, 1, 1, 1, 1, 1),
        (2, 2, 2, 2, 2, 2, 1),
    ],
)
def test_a_shape_s_masks_are_its_table_s_choices_in_order(counts: tuple[int, ...]) -> None:
    """T22-EXCH-1/2: ``choice_masks(counts)[i]``, read by its shared getter off the groups
    laid end to end, is the table's ``i``-th choice for every limit (a prefix of the full
    table), keep (index 0) included; shapes up to a whole 13-card hand."""
    size = sum(counts)
    flat = tuple(range(100, 100 + size))
    masks = choice_masks(counts)
    assert masks is not None and len(masks) == ExchangeTable(counts, size).total
    for limit in range(size + 1):
        table = ExchangeTable(counts, limit)
        for i in range(table.total):
            want = tuple(flat[p] for p in _by_take(table, i))
            got = GETTERS.get(masks[i]) or getter(masks[i])
            assert got(flat) == want
            if i:
                assert mask_of(table, i) == masks[i]


@pytest.mark.parametrize(
    "counts", [(1,) * 13, (2, 1, 1, 1, 1, 1), (4, 3, 2, 2, 1), (8, 4, 1), (1,)]
)
def test_a_listed_shape_s_length_for_each_limit_is_its_table_s(counts: tuple[int, ...]) -> None:
    """T22-EXCH-2: a shape listed whole makes no ``ExchangeTable``; its listing's length for
    each limit (``choice_starts``: the choices of at most that many cards) is the table's
    total, and a listing of that limit is as long and ends with the last such choice."""
    size = sum(counts)
    starts = choice_starts(counts)
    assert len(starts) == size + 1
    for limit in range(size + 1):
        assert starts[limit] == ExchangeTable(counts, limit).total
    two = sorted(pack(decks=2), key=by_rank)  # (up to eight of a rank)
    hand: list[Card] = []
    for r, n in zip(range(14, 1, -1), counts, strict=False):
        hand += [c for c in two if c.rank == r][:n]
    hand.sort(key=by_rank)
    assert sorted(len(g) for g in rank_groups(hand)) == sorted(counts)
    for limit in range(size + 1):
        choices = ExchangeChoices(hand, limit)
        assert len(choices) == starts[limit]
        assert len(choices[-1].cards) == min(limit, size)


def test_a_mask_s_getter_reads_its_places_from_the_end() -> None:
    """A getter gives a tuple (one card too, and none for keep) of the places its bits name
    from the end, the highest bit first, in a layout of any length; past 14 cards too."""
    for mask in [0, 1, 2, 3, 0b1010101010101, (1 << 14) - 1, 1 << 14, 1 << 20 | 5]:
        for length in (mask.bit_length(), 30):
            flat = tuple(range(length))
            want = tuple(flat[~b] for b in range(mask.bit_length() - 1, -1, -1) if mask >> b & 1)
            got = getter(mask)(flat)
            assert type(got) is tuple and got == want
            assert GETTERS[mask] is getter(mask) or GETTERS[mask](flat) == want


def test_a_table_too_large_to_list_is_read_a_pick_at_a_time() -> None:
    """Past ``WHOLE`` choices nothing is listed: a listing reads each pick by the table's
    walk (``mask_of``), the same choices in the same order."""
    counts = (1,) * 14
    assert WHOLE < 2**14 and choice_masks(counts) is None
    # one card of each rank and a joker: no two of a rank, so laid out in hand order
    hand = sorted({c.rank: c for c in pack(jokers=1)}.values(), key=by_rank)
    assert len(hand) == 14
    choices = ExchangeChoices(hand, 14)
    table = exchange_table(counts, 14)
    rng = random.Random(2)
    for i in rng.sample(range(1, table.total), 50):
        assert choices[i].cards == tuple(hand[p] for p in _by_take(table, i))
