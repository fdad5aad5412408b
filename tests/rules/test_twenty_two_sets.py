"""Twenty-Two's set arithmetic, issue 10: the fast forms list exactly what the plain ones do.

Exchanges (T22-EXCH-1/2) are counted and indexed without being listed (``ExchangeTable``);
pair follows (T22-PLAY-4/6) have a shortcut beside the general recursion. Both must give the
same choices in the same order as the plain definitions, or same seeds would stop giving
the same games.
"""

from __future__ import annotations

import random
from itertools import pairwise, product

import pytest

from cardsuite.cards import by_rank, pack
from cardsuite.games.twenty_two import sets
from cardsuite.games.twenty_two.actions import leads
from cardsuite.games.twenty_two.kernel import _small_leads


def test_exchange_choices_are_every_take_by_size_then_in_order() -> None:
    rng = random.Random(1)
    for _ in range(600):
        counts = tuple(sorted((rng.randint(1, 4) for _ in range(rng.randint(0, 6))), reverse=True))
        limit = rng.randint(0, 14)
        plain = [t for t in product(*(range(c + 1) for c in counts)) if sum(t) <= limit]
        plain.sort(key=sum)  # T22-EXCH-1: keep first, then by how many are exchanged
        table = sets.ExchangeTable(counts, limit)
        assert len(table) == len(plain)
        assert [table.take(i) for i in range(len(table))] == plain
        assert table.take(-1) == plain[-1]
        with pytest.raises(IndexError):
            table.take(len(plain))
        with pytest.raises(IndexError):
            table.take(-len(plain) - 1)


def test_a_thirteen_card_hand_has_8192_exchanges_and_none_is_listed() -> None:
    table = sets.ExchangeTable((1,) * 13, 13)
    assert len(table) == 2**13
    assert table.take(0) == (0,) * 13 and table.take(2**13 - 1) == (1,) * 13
    assert len(table._memo) == 2  # only what was asked for was worked out


def test_the_pair_shortcut_lists_what_the_general_recursion_does() -> None:
    rng = random.Random(2)
    for _ in range(5000):
        ranks = sorted({rng.randint(2, 14) for _ in range(rng.randint(1, 9))}, reverse=True)
        counts = [(r, rng.randint(1, 4)) for r in ranks]
        target = sorted([rng.randint(2, 14), rng.randint(2, 14)], reverse=True)
        general: list[tuple[int, ...]] = []
        sets._cover_into(counts, 0, 2, target, 0, (), general)
        assert sets.cover_sets(counts, 0, target) == general
        for pair in general:  # and each covers (T22-PLAY-4)
            assert sets.covers(list(pair), target)


def test_the_triple_shortcut_lists_what_the_general_recursion_does() -> None:
    """T22-PLAY-4: three cards without jokers, every hand shape (runs of up to four of a
    rank, two packs' eight), in the recursion's order."""
    rng = random.Random(3)
    for _ in range(5000):
        ranks = sorted({rng.randint(2, 14) for _ in range(rng.randint(1, 10))}, reverse=True)
        counts = [(r, rng.randint(1, 8 if rng.random() < 0.1 else 4)) for r in ranks]
        target = sorted((rng.randint(2, 14) for _ in range(3)), reverse=True)
        general: list[tuple[int, ...]] = []
        sets._cover_into(counts, 0, 3, target, 0, (), general)
        assert sets.cover_sets(counts, 0, target) == general
        for triple in general:
            assert sets.covers(list(triple), target)


def _plain_cover(
    counts: list[tuple[int, int]],
    start: int,
    need: int,
    target: list[int],
    jokers: int,
    chosen: tuple[int, ...],
    out: list[tuple[int, ...]],
) -> None:
    """The covering sets by plain recursion, a call for every card (``_cover_into`` as it
    was written first): the order every listing of them has always had."""
    placed = len(chosen) - jokers
    bound = target[0] if placed == 0 else target[jokers + placed]
    for i in range(start, len(counts)):
        rank, have = counts[i]
        if rank < bound:
            return
        for take in range(1, min(have, need) + 1):
            more = chosen + (rank,) * take
            if take == need:
                out.append(more)
            else:
                _plain_cover(counts, i + 1, need - take, target, jokers, more, out)


def test_covers_with_the_last_card_chosen_in_place_are_the_plain_recursion_s() -> None:
    """T22-PLAY-4, T26-3: one to five cards, none to three jokers, every hand shape: the
    sets ``cover_sets`` lists (its shortcuts and the recursion) in the plain order."""
    rng = random.Random(4)
    for _ in range(3000):
        ranks = sorted({rng.randint(2, 14) for _ in range(rng.randint(0, 10))}, reverse=True)
        counts = [(r, rng.randint(1, 8 if rng.random() < 0.1 else 4)) for r in ranks]
        n = rng.randint(1, 5)
        jokers = rng.choice((0, 0, 1, 2, 3))
        target = sorted((rng.randint(2, 14) for _ in range(n)), reverse=True)
        plain: list[tuple[int, ...]] = []
        if counts:
            for j in range(min(jokers, n - 1) + 1):
                _plain_cover(counts, 0, n - j, target, j, (15,) * j, plain)
        elif jokers >= n and sets.covers([14] * n, target):
            plain.append((15,) * n)
        assert sets.cover_sets(counts, jokers, target) == plain


def test_a_small_hand_s_leads_are_the_lead_choices_plays() -> None:
    """The kernel lists the leads of a hand of two to four cards as a plain list written out
    by the shape of its runs (``kernel._small_leads``): the very plays ``LeadChoices`` hands
    out, in its order, for hands from two packs (so the same card twice) of every shape."""
    rng = random.Random(17)
    cards = sorted(pack(decks=2), key=by_rank)  # (a prefix holds runs of up to eight)
    shapes: set[tuple[bool, ...]] = set()
    for trial in range(3000):
        n = 2 + trial % 3
        hand = sorted(rng.sample(cards[: 8 * (1 + trial % 13)], n), key=by_rank)
        shapes.add(tuple(a.rank == b.rank for a, b in pairwise(hand)))
        listed = _small_leads(hand, n)
        want = list(leads(hand))
        assert len(listed) == len(want)
        assert all(a is b for a, b in zip(listed, want, strict=True))
    assert len(shapes) == 2 + 4 + 8  # every shape of runs of two to four cards
