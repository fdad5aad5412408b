"""Issue 35: African Casino's play-outs settle a turn's start from its captures alone.

``bots._capture_pick`` picks the best capture without the rest of the listing when no
other step could score more (``CasinoKernel.play_captures``: the listing's first steps);
the step must be the medium bot's, carried out as the listed one would be, and a listing
made after it must be the listing made without it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardsuite.games import get_game
from cardsuite.games.african_casino import bots
from cardsuite.games.african_casino.actions import Add, Capture


def _policy_walk(variant: str, seed: int, players: int, moves: int) -> Any:
    """Positions of a game played by the play-out policy (so the turns it settles, and
    PART-4's requests, come up as in a search), a random step one time in four."""
    game = get_game("african-casino")
    state = game.new_state(players=players, variant=variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over() or state.deals_played() > 1:
            return
        yield state
        legal = state.legal_actions()
        if rng.random() < 0.25:
            act = legal[int(rng.random() * len(legal))]
        else:
            act = bots.medium_choice(state.view(state.to_move()), legal)
        state.apply(act)


@pytest.mark.parametrize("variant", sorted(get_game("african-casino").variants))
def test_capture_pick_is_the_medium_step_carried_out_as_listed(variant: str) -> None:
    """At every position of policy-played games at 2, 3 and 4 players: where the captures
    settle the turn, the pick is the medium bot's step on the whole listing, applying it
    gives the events and the position that applying the listed step gives (a capture put to
    the partner included, and what follows it: the partner's word, the capture let go or
    held), and a listing asked for after the captures is the whole listing, in order."""
    picked = partner = unsettled = 0
    for seed in range(9):
        players = 2 + seed % 3
        for state in _policy_walk(variant, seed, players, 400):
            # the play-out's step from a fresh position (settled, or scored from the
            # captures the listing starts from) is the medium bot's on the whole listing
            fresh, whole = state.clone(), state.clone()
            caps = fresh.play_captures()
            fresh._pick_from = fresh._pick_ctx = None  # (asked again by the play-out)
            step = bots.rollout_action(fresh, random.Random(seed))
            legal_whole = whole.legal_actions()
            assert str(step) == str(bots.medium_choice(whole.view(whole.to_move()), legal_whole))
            unsettled += bool(caps) and fresh._legal is not None
            lean = state.clone()
            pick = bots._capture_pick(lean)
            if pick is None:
                continue
            picked += 1
            listed = state.clone()
            legal = listed.legal_actions()
            slow = bots.medium_choice(listed.view(listed.to_move()), legal)
            assert type(pick) is Capture and pick == slow, (variant, str(pick), str(slow))
            # a listing asked for after the captures is the listing (and holds the pick)
            again = state.clone()
            assert bots._capture_pick(again) == pick
            relisted = again.legal_actions()
            assert [str(a) for a in relisted] == [str(a) for a in legal]
            assert any(a is bots._capture_pick(again) or a == pick for a in relisted)
            # applied: the same events and position, then the same replies
            same = next(a for a in legal if a is slow)
            assert lean.apply(pick) == listed.apply(same)
            partner += lean.phase == "hold"
            for _ in range(6):
                assert lean.to_json() == listed.to_json()
                assert [str(a) for a in lean.legal_actions()] == [
                    str(a) for a in listed.legal_actions()
                ]
                if lean.is_over():
                    break
                k = 0 if lean.phase == "hold" else len(lean.legal_actions()) - 1
                assert lean.apply(lean.legal_actions()[k]) == listed.apply(
                    listed.legal_actions()[k]
                )
    assert picked > 50 and unsettled > 20, (picked, unsettled)
    if variant != "south-african":  # (its four players ask the partner too, more seldom)
        assert partner > 0


def test_capture_pick_is_for_the_state_asked_only() -> None:
    """The captures handed out are good for the next step of that state alone: a copy made
    after does not take them as listed (its own listing judges them), and once another step
    is applied they are forgotten."""
    found = 0
    for seed in range(4):
        for position in _policy_walk("south-african", seed, 2, 200):
            state = position.clone()
            caps = state.play_captures()
            if not caps:
                continue
            found += 1
            copy = state.clone()
            assert copy._pick_from is caps and copy._pick_events is not copy.events
            listing = copy.legal_actions()
            assert [str(a) for a in listing] == [str(a) for a in position.clone().legal_actions()]
            assert not any(a is c for a in listing for c in caps)
            others = [a for a in state.clone().legal_actions() if a not in caps]
            if others:
                state.apply(others[0])
                assert state._pick_from is None
    assert found > 20, found


@pytest.mark.parametrize("variant", sorted(get_game("african-casino").variants))
def test_tops_may_join_is_sound(variant: str) -> None:
    """``tops_may_join`` says no only where no listed addition (the play's or a free one)
    holds a pile top, at the start of every turn of policy-played games at 2, 3 and 4
    players; and it does say no, and yes, where there are usable tops."""
    said = {True: 0, False: 0}
    for seed in range(9):
        for state in _policy_walk(variant, seed, 2 + seed % 3, 400):
            lean = state.clone()
            if lean.play_captures() is None or not lean.usable_tops(lean.turn):
                continue
            may = lean.tops_may_join()
            said[may] += 1
            if not may:
                for act in lean.legal_actions():
                    if type(act) is Add:
                        assert not any(u.tops for u in act.units), (variant, str(act))
    assert said[True] > 10 and said[False] > 10, said
