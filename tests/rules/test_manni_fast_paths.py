"""Manni's fast paths give exactly what the general ones give.

The speed work (tabled discards, discards applied without re-checking when the state offered
them, hands sorted as numbers) must change no game: the contract test's
digests prove it over whole games; these pin each path against its plain counterpart.
"""

from __future__ import annotations

import random

import pytest

from cardsuite.cards import pack
from cardsuite.engine import IllegalAction
from cardsuite.games.manni import actions, rules
from cardsuite.games.manni.actions import Discard, DiscardChoices
from cardsuite.games.manni.rules import GAME


@pytest.mark.parametrize(
    "n,sizes", [(12, tuple(range(8))), (12, tuple(range(13))), (16, (0, 4)), (16, range(5))]
)
def test_the_discard_table_reads_as_the_unranking(n: int, sizes: tuple[int, ...]) -> None:
    hand = pack()[:n]
    listing = DiscardChoices(hand, sizes)
    assert listing._table is not None
    for i in range(len(listing)):
        assert listing._table[i] == listing._unranked(i)
    assert listing[-1] == listing[len(listing) - 1]
    with pytest.raises(IndexError):
        listing[len(listing)]


def test_a_big_exchange_is_unranked_not_tabled() -> None:
    assert actions._positions(16, tuple(range(17))) is None
    listing = DiscardChoices(pack()[:16], tuple(range(17)))
    assert len(listing) == 2**16
    assert listing[2**16 - 1].cards == tuple(pack()[:16])
    assert listing[-(2**16)] is actions.NO_DISCARD
    assert listing[17].cards == tuple(pack()[:2])


@pytest.mark.parametrize("variant", ["trjamann", "hornafjardarmanni"])
def test_an_offered_discard_does_what_the_same_discard_in_words_does(variant: str) -> None:
    for seed in range(30):
        st = GAME.new_state(variant=variant, seed=seed)
        rng = random.Random(seed)
        while st.phase != "exchange":
            st.apply(rng.choice(st.legal_actions()))
        while st.phase == "exchange":
            legal = st.legal_actions()
            pick = legal[rng.randrange(len(legal))]
            twin = st.clone()
            st.apply(pick)  # offered: not checked again
            twin.apply(Discard(tuple(reversed(pick.cards))) if pick.cards else "keep")
            assert st.to_json()["hands"] == twin.to_json()["hands"]
            assert st.manni == twin.manni and st.drawn == twin.drawn
            assert list(st.legal_actions()) == list(twin.legal_actions())


def test_hands_stay_sorted_with_their_index_through_play() -> None:
    for variant in ("basic", "trjamann", "hornafjardarmanni"):
        st = GAME.new_state(variant=variant, seed=7)
        rng = random.Random(7)
        while not st.is_over() and st.hand_no < 4:
            for s in range(3):
                key = rules._KEY_LOW if st._low_aces else rules._KEY_HIGH
                assert st.hands[s] == sorted(st.hands[s], key=key.__getitem__)
                ent = st._idx[s]
                if ent is not None and ent[0] is st.hands[s]:
                    if ent[1] is None:  # listed by the exchange still to come (_EXCHANGERS)
                        assert st.phase in ("contract", "exchange")
                        assert s in st.exchange_queue or st.phase == "contract"
                    else:
                        assert [p.card for p in ent[1]] == st.hands[s]
                    assert ent[2] == [key[c] for c in st.hands[s]]
            st.apply(rng.choice(st.legal_actions()))


def test_the_play_path_finds_a_card_its_index_does_not_place() -> None:
    """A hand given as a new list in another order (a test's, a sample's) is indexed anew,
    and a card that is not where its sort key says is still found and played."""
    st = GAME.new_state(variant="basic", seed=3)
    while st.phase != "play":
        st.apply("keep")
    seat = st.turn
    assert seat is not None
    hand = st.hands[seat][:]
    st.hands[seat] = list(reversed(hand))  # a new list, not sorted
    card = hand[0]
    st.apply(f"play {card.code}")
    assert card not in st.hands[seat] and len(st.hands[seat]) == len(hand) - 1
    assert st.trick == [(seat, card)]
    with pytest.raises(IllegalAction):
        st.apply(f"play {card.code}")  # no longer held
