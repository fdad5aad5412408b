"""The flat search over common samples (``bots/flat.py``, ``SearchHooks.flat``): where a
game asks for it, every choice is played out on the very same deals and the best mean
wins; elsewhere the tree decides as before (issue 36)."""

from __future__ import annotations

import dataclasses

from cardsuite.bots.flat import flat_choice
from cardsuite.bots.ismcts import ISMCTSBot
from cardsuite.games import get_game
from cardsuite.games.manni import bots as manni_bots
from cardsuite.games.manni.rules import MannState


def _basic_play(seed: int, plays: int) -> MannState:
    """A basic Manni hand, the swaps made and ``plays`` cards played by medium bots."""
    state = get_game("manni").new_state(players=3, variant="basic", seed=seed)
    medium = manni_bots.MediumBot()
    while state.phase == "swap" or len(state.played) + len(state.trick) < plays:
        state.apply(medium.choose(state, state.to_move()))
    assert isinstance(state, MannState)
    return state


def _bot(flat: bool, seed: int = 3, iterations: int = 60) -> ISMCTSBot:
    hooks = manni_bots.search_hooks()
    hooks = dataclasses.replace(hooks, flat=(lambda st, seat: True) if flat else None)
    return ISMCTSBot(hooks, seed=seed, iterations=iterations, time_budget=60)


def test_every_choice_is_played_out_on_the_same_samples() -> None:
    state = _basic_play(4, 0)  # a lead: any of twelve cards
    seat = state.to_move()
    legal = list(state.legal_actions(seat))
    assert len(legal) > 2
    action, stats = flat_choice(_bot(True), state, seat, legal)
    samples = 60 // len(legal)
    assert stats.iterations == samples * len(legal)
    assert set(stats.visits.values()) == {samples}
    assert set(stats.values) == {str(a.key) for a in legal}
    assert all(0.0 <= v <= 1.0 for v in stats.values.values())
    assert stats.values[str(action.key)] == max(stats.values.values())


def test_the_bot_values_flat_only_where_the_game_says() -> None:
    state = _basic_play(5, 3)
    seat = state.to_move()
    flat, tree = _bot(True), _bot(False)
    flat.choose(state, seat)
    tree.choose(state, seat)
    assert flat.last.values and not tree.last.values
    assert tree.last.iterations == 60


def test_the_flat_choice_is_the_same_for_the_same_seed() -> None:
    state = _basic_play(6, 6)
    seat = state.to_move()
    first, second = _bot(True, seed=9), _bot(True, seed=9)
    assert first.choose(state, seat) == second.choose(state, seat)
    assert first.last.values == second.last.values


def test_manni_values_flat_in_the_phases_named(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """``FLAT_PHASES``: empty lends no flat hook (the tree everywhere, as pinned); a phase
    named is valued flat, another is not."""
    assert manni_bots.search_hooks().flat is None or manni_bots.FLAT_PHASES
    monkeypatch.setattr(manni_bots, "FLAT_PHASES", ("swap",))
    hook = manni_bots.search_hooks().flat
    assert hook is not None
    swap = get_game("manni").new_state(players=3, variant="basic", seed=2)
    assert swap.phase == "swap" and hook(swap, swap.to_move())
    play = _basic_play(2, 0)
    assert not hook(play, play.to_move())
