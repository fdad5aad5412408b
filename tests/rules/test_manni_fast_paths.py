"""Manni's fast paths give exactly what the general ones give.

The speed work (tabled discards, discards applied without re-checking when the state offered
them, hands sorted as numbers) must change no game: the contract test's
digests prove it over whole games; these pin each path against its plain counterpart.
"""

from __future__ import annotations

import random

import pytest

from cardsuite.cards import JOKER_RANK, Card, pack
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
                if ent[0] is st.hands[s]:
                    if ent[1] is None:  # listed by the exchange still to come (_EXCHANGERS)
                        assert st.phase in ("contract", "exchange")
                        assert s in st.exchange_queue or st.phase == "contract"
                        assert ent[2] == [key[c] for c in st.hands[s]]  # the deal's keys
                    else:  # the hand's plays, suit by suit in SUIT_ORDER
                        assert [p.card for run in ent[1] for p in run] == st.hands[s]
                        for suit, run in zip(rules.SUIT_ORDER, ent[1], strict=True):
                            assert all(p.card.suit == suit for p in run)
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


@pytest.mark.parametrize("variant", ["basic", "trjamann", "hornafjardarmanni"])
def test_a_play_before_the_tricks_is_refused_by_the_phase_and_changes_nothing(
    variant: str,
) -> None:
    """The play path has no phase test of its own: its look-up table is empty until the
    play (``_NO_RECORDS``), so a held card played in the swap, the contract or the exchange
    reaches the general path and its reason, as it did when the phase was tested."""
    reasons = {
        "swap": "swap your hand for the manni",
        "contract": "announce a contract first",
        "exchange": "it is the exchange",
    }
    rng = random.Random(5)
    st = GAME.new_state(variant=variant, seed=5)
    seen = set()
    while st.phase != "play":
        seat = st.turn
        assert seat is not None
        before = st.to_json()
        with pytest.raises(IllegalAction, match=reasons[st.phase]):
            st.apply(actions.PLAY[st.hands[seat][0]])
        assert st.to_json() == before
        seen.add(st.phase)
        st.apply(rng.choice(st.legal_actions()))
    assert seen == {"basic": {"swap"}, "trjamann": {"contract", "exchange"}}.get(
        variant, {"exchange"}
    )
    # in the play: a card of no pack is refused as one not held; after the end, the game's
    while not st.is_over():
        if st.phase == "play":
            before = st.to_json()
            with pytest.raises(IllegalAction, match="you do not hold JK"):
                st.apply(actions.Play(Card(JOKER_RANK)))
            assert st.to_json() == before
        st.apply(rng.choice(st.legal_actions()))
    with pytest.raises(IllegalAction, match="the game is over"):
        st.apply(actions.PLAY[pack()[0]])


def test_a_search_copy_refuses_a_play_past_its_horizon() -> None:
    st = GAME.new_state(variant="trjamann", seed=2)
    rng = random.Random(2)
    while st.phase != "play":
        st.apply(rng.choice(st.legal_actions()))
    copy = st.search_copy(st.turn or 0, random.Random(1))
    while copy.turn is not None:
        copy.apply(rng.choice(copy.legal_actions()))
    with pytest.raises(IllegalAction, match="the game is over"):
        copy.apply(actions.PLAY[pack()[0]])


def test_the_deal_lists_plays_only_for_seats_that_keep_their_cards() -> None:
    """``_EXCHANGERS``: the exchange lists an exchanging seat's plays anew, so the deal lists
    none for it; every other seat's plays are the deal's own."""
    for variant, later in (("basic", ()), ("trjamann", (0,)), ("hornafjardarmanni", (0, 1, 2))):
        for seed in range(6):
            st = GAME.new_state(variant=variant, seed=seed)
            order = [(st.dealer + 1 + i) % 3 for i in range(3)]  # eldest, middle, dealer
            for pos, seat in enumerate(order):
                ent = st._idx[seat]
                assert ent[0] is st.hands[seat]
                if pos in later:
                    assert ent[1] is None
                else:
                    assert [p.card for run in ent[1] for p in run] == st.hands[seat]


def test_the_sampling_facts_are_worked_out_anew_after_every_move() -> None:
    """``sampling.facts`` is cached per position without a write per move: keyed by the
    log's length, which every move makes longer. A move's facts are never the last ones."""
    from cardsuite.games.manni import sampling

    for variant in ("basic", "trjamann", "hornafjardarmanni"):
        st = GAME.new_state(variant=variant, seed=11)
        rng = random.Random(11)
        moves = 0
        while not st.is_over() and moves < 120:
            observer = st.turn
            assert observer is not None
            first = sampling.facts(st, observer)
            assert sampling.facts(st, observer) is first  # the same position: reused
            assert first == sampling._work_out(st, observer)
            st.apply(rng.choice(st.legal_actions()))
            moves += 1
            if st.turn is not None:
                assert sampling.facts(st, observer) == sampling._work_out(st, observer)


def test_a_card_gone_from_a_hand_changed_in_place_is_refused_and_changes_nothing() -> None:
    """Only the rules change a hand in place; should anything else take a card out of the
    hand list itself, the index (which still lists it) is made anew from the hand and the
    play is refused as of a card not held, the position as it was."""
    st = GAME.new_state(variant="basic", seed=3)
    while st.phase != "play":
        st.apply("keep")
    seat = st.turn
    assert seat is not None
    hand = st.hands[seat]
    card = hand.pop(0)  # the same list: its index still lists the card
    before = st.to_json()
    with pytest.raises(IllegalAction, match=f"you do not hold {card.code}"):
        st.apply(actions.PLAY[card])
    assert st.to_json() == before
    assert [p.card for run in st._idx[seat][1] for p in run] == hand
    st._legal = None
    st.apply(st.legal_actions()[0])  # and play goes on from the hand it holds
    assert len(st.hands[seat]) == len(before["hands"][seat]) - 1
