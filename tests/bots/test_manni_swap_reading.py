"""Basic Manni's reading of the swaps and keeps (``manni/inference.py``,
``swap_log_likelihood``): a keeper's hand and a swapper's dead pile weighed by medium's rule
(MANNI-EXCH-1..3), the true deal of medium players never below a sample (issue 36)."""

from __future__ import annotations

import math
import random

from cardsuite.bots.evidence import NOISE
from cardsuite.games import get_game
from cardsuite.games.manni import bots as manni_bots
from cardsuite.games.manni import inference
from cardsuite.games.manni.rules import MannState

GAME = get_game("manni")


def _medium(variant: str, seed: int, plays: int) -> MannState:
    """A hand of ``variant`` played by medium bots past its exchanges and ``plays`` cards."""
    state = GAME.new_state(players=3, variant=variant, seed=seed)
    medium = manni_bots.MediumBot()
    while state.phase != "play" or len(state.played) + len(state.trick) < plays:
        state.apply(medium.choose(state, state.to_move()))
    assert isinstance(state, MannState)
    return state


def test_the_true_deal_of_medium_players_is_read_as_likely_as_can_be() -> None:
    """Each other seat's swap or keep scores ``log(1 - NOISE)`` on the true deal; a sample
    scores that or ``log(NOISE)`` a decision, and some samples score lower."""
    own, other = math.log(1 - NOISE), math.log(NOISE)
    lower = 0
    for seed in range(12):
        state = _medium("basic", seed, 4 + seed)
        me = state.to_move()
        assert me is not None
        decided = sum(1 for s, d in enumerate(state.decisions) if s != me and d in ("swap", "keep"))
        assert inference.swap_log_likelihood(state, state, me) == decided * own
        rng = random.Random(seed)
        for _ in range(20):
            sample = state.search_copy(me, rng)
            got = inference.swap_log_likelihood(state, sample, me)
            ok = [
                k for k in range(decided + 1) if math.isclose(got, k * own + (decided - k) * other)
            ]
            assert ok, got
            lower += got < decided * own
    assert lower > 0


def test_a_keeper_dealt_a_hand_medium_would_swap_is_unlikely() -> None:
    """A sample giving a keeper his hand but the strongest cards taken out of it (swapped
    with another hidden hand's weakest) is read as a surprise, ``log(NOISE)``."""
    for seed in range(80):
        state = _medium("basic", seed, 1 + seed % 2)
        keepers = [s for s, d in enumerate(state.decisions) if d == "keep"]
        me = state.to_move()
        keepers = [s for s in keepers if s != me]
        if keepers:
            break
    else:
        raise AssertionError("no deal with another seat keeping")
    keeper = keepers[0]
    other = next(s for s in range(3) if s not in (me, keeper))
    sample = state.search_copy(me, random.Random(0))
    sample.hands[keeper] = sorted(state.hands[keeper], key=lambda c: c.rank)
    sample.hands[other] = sorted(state.hands[other], key=lambda c: c.rank)
    weak = state.discards[other] or state.manni or sample.hands[other]
    pool = sorted([*sample.hands[keeper], *weak], key=lambda c: c.rank)
    sample.hands[keeper] = pool[:12]
    trump = state.trump
    assert manni_bots.strength(sample.hands[keeper], trump) < manni_bots.SWAP_BELOW
    assert inference.swap_log_likelihood(state, sample, me) <= math.log(NOISE)


def test_only_basic_manni_reads_the_exchanges() -> None:
    state = _medium("trjamann", 3, 5)
    me = state.to_move()
    assert me is not None
    assert inference.swap_log_likelihood(state, state.search_copy(me, random.Random(1)), me) == 0


def test_the_reading_switches(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Off (the default) the hard bot lends no evidence; ``SWAP_READING`` on, it does."""
    monkeypatch.setattr(manni_bots, "READING", False)
    monkeypatch.setattr(manni_bots, "SWAP_READING", False)
    assert manni_bots.search_hooks().evidence is None
    monkeypatch.setattr(manni_bots, "SWAP_READING", True)
    hooks = manni_bots.search_hooks()
    assert hooks.evidence is inference.reading
