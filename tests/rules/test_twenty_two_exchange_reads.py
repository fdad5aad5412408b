"""The exchange listing's shortcuts name the same choices as the plain reading: a hand's
grouping looked up by where its rank runs start, and a choice read straight to positions."""

from __future__ import annotations

import random

import pytest
from ranks import rank_groups

from cardsuite.cards import by_rank, pack
from cardsuite.games.twenty_two.actions import KEEP, ExchangeChoices
from cardsuite.games.twenty_two.sets import ExchangeTable, exchange_table


def _by_take(table: ExchangeTable, index: int) -> tuple[int, ...]:
    out: list[int] = []
    start = 0
    for size, take in zip(table.counts, table.take(index), strict=True):
        out += range(start, start + take)
        start += size
    return tuple(out)


@pytest.mark.parametrize(
    "counts", [(1,) * 7, (2, 1, 1, 1, 1, 1), (4, 3, 2, 2, 1), (3, 3, 1), (2, 2, 2), (8, 4, 1), (1,)]
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


def test_a_listing_keeps_its_cards_when_the_hand_changes() -> None:
    """The listing names the cards the hand held when it was made."""
    hand = sorted(pack()[:7], key=by_rank)
    choices = ExchangeChoices(hand, 7)
    before = [choices[i].cards for i in range(len(choices))]
    hand.pop()
    assert [choices[i].cards for i in range(len(choices))] == before
