"""African Casino, random play in every version and player count: every card stays in
exactly one place at every step, every listed step is accepted, every game ends.

Small by design while the engine checks each step on a copy; ``CARDSUITE_LONG=1`` plays more."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from roundtrip import check_round_trip
from scale import int_seed

from cardsuite.games.african_casino.rules import GAME

GAMES = 40 if os.environ.get("CARDSUITE_LONG") else 2
CONFIGS = [
    (2, "swazi", {}),
    (3, "swazi", {"insist": "always"}),
    (4, "swazi", {}),
    (4, "sotho", {"insist": "off"}),
    (2, "sotho", {"deck40": True}),
    (2, "south-african", {}),
    (3, "south-african", {"insist": "ask"}),
    (4, "south-african", {"spades": "five"}),
]


@pytest.mark.parametrize(("players", "variant", "options"), CONFIGS, ids=lambda c: str(c))
def test_random_games_keep_every_card_and_end(players, variant, options) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(int_seed(7))
    for g in range(GAMES):
        st = GAME.new_state(players=players, variant=variant, options=options, seed=int_seed(g))
        pack = Counter(GAME.full_pack(players, st.options, variant))
        steps = 0
        while not st.is_over():
            legal = st.legal_actions()
            assert legal, f"no step in game {g} at step {steps}"
            st.apply(rng.choice(list(legal)))  # a listed step is never refused
            assert Counter(st.all_cards()) == pack
            steps += 1
            if steps % 40 == 0:  # saved and loaded, it plays on exactly the same
                check_round_trip(st, rng, steps=8, by_text=True)
            assert steps < 5000, "the game did not end"
        assert st.winners() and st.deals_played() >= 1
        for rec in st.history:  # CASINO-SCORE-1: 11 a deal, or nothing when nobody captured
            if options.get("spades") != "five":
                assert sum(rec["points"]) in (0, 11)
