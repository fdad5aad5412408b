"""The quick step check against the slow one: for every step African Casino generates in
random positions of every version, ``_quick_why_not`` (worked out from the facts a step
changes) gives the same verdict as ``_why_not`` (the step carried out on a copy)."""

from __future__ import annotations

import random

import pytest

from cardsuite.games.african_casino.rules import GAME

CONFIGS = [
    (2, "swazi", {"insist": "off"}),
    (3, "swazi", {"insist": "always"}),
    (4, "swazi", {"insist": "ask"}),
    (4, "sotho", {"insist": "off"}),
    (2, "south-african", {}),
    (4, "south-african", {}),
]


@pytest.mark.parametrize(("players", "variant", "options"), CONFIGS, ids=lambda c: str(c))
def test_quick_check_agrees_with_the_copy(players, variant, options) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(3)
    checked = refused = 0
    for g in range(2):
        st = GAME.new_state(players=players, variant=variant, options=options, seed=g)
        while not st.is_over():
            if st.phase == "play" and st.held is None and st.comply == "":
                seat = st.turn
                assert seat is not None
                for act in st._candidates(seat):
                    slow = st._why_not(act)
                    quick = st._quick_why_not(act, seat)
                    assert (slow is None) == (quick is None), (str(act), slow, quick)
                    checked += 1
                    refused += slow is not None
            st.apply(rng.choice(list(st.legal_actions())))
    assert checked > 200 and refused > 20  # both verdicts were really compared
