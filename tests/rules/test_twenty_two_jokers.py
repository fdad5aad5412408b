"""Twenty-Six's joker hands on the kernel's own paths (issue 35): a hand holding jokers is
listed as leads read by position (``WildLeadChoices``), one-card and pair follows as plain
lists of shared plays, and its plays are taken inline. The lockstep test holds the kernel
to the reference over whole games; these games stop only at joker hands, and many of them,
with every follow rule, so each of those paths meets the reference's listing and play
often (a default lockstep run meets a few hundred joker hands)."""

from __future__ import annotations

import random

import pytest

from cardsuite.cards import JOKER_RANK
from cardsuite.games import get_game

RULES = [{}, {"beat_leader": True}, {"equal_sets": True}]


@pytest.mark.parametrize("rules", RULES, ids=["standard", "beat-leader", "equal-cards"])
def test_joker_hands_list_and_play_as_the_reference(rules: dict[str, bool]) -> None:
    game = get_game("twenty-two")
    assert game.uses_kernel()
    ref = game.reference()
    options = {"twenty_six": True, **rules}
    seen = 0
    for g in range(12):
        players = 3 + g % 4
        fast = game.new_state(players=players, variant="twenty-six", options=options, seed=g)
        slow = ref.new_state(players=players, variant="twenty-six", options=options, seed=g)
        rng = random.Random(g)
        while not fast.is_over():
            listed = fast.legal_actions()
            turn = fast.turn
            assert turn is not None
            wild = fast.phase == "play" and fast.hands[turn][-1].rank == JOKER_RANK
            if wild:
                seen += 1
                assert [str(a) for a in listed] == [str(a) for a in slow.legal_actions()]
            action = rng.choice(listed)
            assert fast.apply(action) == slow.apply(str(action))
            if wild:
                assert fast.to_json() == slow.to_json()
        assert slow.is_over()
    assert seen > 300
