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


def test_every_size_the_fast_walk_takes_is_rng_shuffle_and_leaves_its_state() -> None:
    """Every pack size from none to 256 (the walk's own limit) and the first past it (the
    fallback), over seeds whose generators stand at different points of their 624-word
    block (a draw that twists the block mid-shuffle included): the same permutation and
    the same generator state after, so every game dealt through it keeps its seeds' deals."""
    for n in range(258):
        for seed in range(6):
            ra, rb = random.Random(seed), random.Random(seed)
            ra.getrandbits(32 * (seed * 97 % 624))  # (move into the block, the same in both)
            rb.getrandbits(32 * (seed * 97 % 624))
            a, b = list(range(n)), list(range(n))
            ra.shuffle(a)
            shuffle(rb, b)
            assert a == b, n
            assert ra.getstate() == rb.getstate(), n
            assert ra.getrandbits(32) == rb.getrandbits(32)


def test_a_subclass_that_keeps_the_standard_shuffle_is_left_to_it() -> None:
    """A generator of another class takes its own ``shuffle`` (here the standard one, so
    the same permutation and state as a plain generator's)."""

    class Mine(random.Random):
        pass

    for n in (0, 5, 52, 108):
        a, b = list(range(n)), list(range(n))
        ra, rb = random.Random(3), Mine(3)
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
