"""``cardsuite.shuffle.shuffle`` is ``random.Random.shuffle``, faster: the same permutation
and the same draws, so a game dealt with it is the game its seed always gave."""

from __future__ import annotations

import random

import pytest

from cardsuite.shuffle import shuffle


@pytest.mark.parametrize("n", [0, 1, 2, 3, 12, 32, 36, 48, 52, 54, 104, 200, 256, 300])
def test_the_shuffle_is_rng_shuffle(n: int) -> None:
    for seed in range(50):
        a, b = list(range(n)), list(range(n))
        ra, rb = random.Random(seed), random.Random(seed)
        ra.shuffle(a)
        shuffle(rb, b)
        assert a == b and ra.getstate() == rb.getstate()


def test_a_generator_of_its_own_kind_shuffles_its_own_way() -> None:
    class Backwards(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle(Backwards(1), cards)
    assert cards == [3, 2, 1]
