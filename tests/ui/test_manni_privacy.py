"""Manni's table shows nothing hidden from its seat, in every variant and with Trjámann's
options, at the moments its secrets are made: basic Manni's swap (the dead pile, the manni
taken), an exchange just made (the cards drawn, raised for their owner), and in the tricks.

The picture of the table for a seat (and for nobody, behind a curtain) must not change when
the cards hidden from that seat are re-dealt among their zones (``test_privacy.redeal``)."""

from __future__ import annotations

import random

import pytest
import scale
from test_privacy import table_hides

from cardsuite.games.manni.rules import GAME

CASES = [
    ("basic", {}),
    ("trjamann", {}),
    ("trjamann", {"no_spades_in_other": True, "four_or_none": True, "grand_hearts": True}),
    ("hornafjardarmanni", {}),
]


def moments(variant: str, options: dict, rng: random.Random):  # type: ignore[no-untyped-def]
    """Positions where secrets are fresh: the exchange once a seat has decided (the next to
    decide must not see what it drew), the first lead (eldest swapped or drew, and leads),
    and the tricks. Eldest always swaps in basic Manni, so the swap is among them."""
    for want in ("exchanged", "first lead", "play"):
        for _ in range(200):
            st = GAME.new_state(variant=variant, options=options, seed=rng.getrandbits(32))
            found = None
            for _ in range(80):
                if st.is_over():
                    break
                legal = st.legal_actions()
                if st.phase == "swap":
                    st.apply("swap")
                elif st.phase == "exchange" and st.turn == st.eldest:
                    st.apply(legal[-1])  # eldest discards as many as allowed, and draws
                else:
                    st.apply(legal[int(rng.random() * len(legal))])
                decided = any(d not in (None, "keep") for d in st.decisions)
                if want == "exchanged" and decided and st.phase == "exchange":
                    found = st
                elif want == "first lead" and st.phase == "play" and not st.tricks:
                    found = st if not st.trick else None
                elif want == "play" and st.phase == "play" and st.trick and len(st.tricks) >= 2:
                    found = st
                if found is not None:
                    break
            if found is not None:
                yield found
                break


@pytest.mark.parametrize("variant,options", CASES, ids=lambda x: str(x))
async def test_manni_table_shows_nothing_hidden(make_app, variant, options) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(scale.seed(f"manni-privacy:{variant}:{sorted(options)}"))
    checked = moved = 0
    for state in moments(variant, options, rng):
        assert state.to_move() is not None
        c, m = await table_hides(make_app, state, rng, f"{variant} {options}")
        checked += c
        moved += m
    assert checked >= 4  # Trjámann has no exchange after a first one
    assert moved >= checked // 2, "the re-deals hardly moved a card: the test proved nothing"
