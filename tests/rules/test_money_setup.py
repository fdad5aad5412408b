"""Money rule tests, part 1: cards, setup, zones (``shared/rules/money.md`` §1-§3, M-1).

Each test names the rule ID (or worked example M-n) it shows. Positions are stacked first deals
(``deck=`` with ``dealer=1``, so seat 0 gets the first card and turns first) or exact positions
written through the documented JSON layout (see ``money_helpers.position``).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from money_helpers import A, B, G, M, R, check_invariants, fresh, position, random_game, refused

from cardsuite.cards import Card

NUMBER_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]


def codes(cards):
    return [c.code for c in cards]


# --- §1 cards ------------------------------------------------------------------------------


def test_MONEY_DECK_1_one_52_card_pack_suits_never_matter():
    """MONEY-DECK-1: one standard 52-card pack without jokers; suits never matter."""
    st = fresh()
    cards = st.all_cards()
    assert len(cards) == 52
    assert len(set(cards)) == 52
    assert not any(c.is_joker for c in cards)
    assert Counter(c.suit for c in cards) == {"S": 13, "H": 13, "D": 13, "C": 13}
    # a 9 of another suit matches: only the number counts
    st = position(hands=[["9H", "5"], []], pile=["4", "9S"])
    st.apply("turn")
    assert st.last[2] is True
    assert st.claim_is_valid(A)


def test_MONEY_DECK_2_money_values_king_5_queen_15_jack_10():
    """MONEY-DECK-2: K, Q, J are money: King 5, Queen 15, Jack 10 (Queen most, King least)."""
    st = fresh()
    assert st.values == {13: 5, 12: 15, 11: 10}
    # the value is the number of cards a payment buys (no change: exactly v cards)
    for rank, n in (("K", 5), ("Q", 15), ("J", 10)):
        st = position(banks=[[rank], []], pile=[str(2 + i % 9) for i in range(16)])
        st.apply(f"buy {rank} from ground")
        assert len(st.hands[A]) == n
    assert fresh().scores() == [20 + 60, 20 + 60]


def test_MONEY_DECK_3_forty_number_cards_that_only_match_or_not():
    """MONEY-DECK-3: Ace (1) and 2-10 are the 40 number cards; they match or they don't
    (no rank order: a 10 on a 9 is nothing, an ace on an ace matches)."""
    st = fresh()
    numbers = [c for c in st.all_cards() if c.rank not in st.values]
    assert len(numbers) == 40
    assert Counter(R(numbers)) == {r: 4 for r in NUMBER_RANKS}
    assert sorted(st.hands[A] + st.hands[B], key=lambda c: c.ordinal) == sorted(
        numbers, key=lambda c: c.ordinal
    )
    st = position(hands=[["10", "A"], ["A", "5"]], pile=["9"])
    st.apply("turn")  # 10 on 9
    assert st.last[2] is False
    st.apply("turn")  # B's ace on the 10
    assert st.last[2] is False
    st.apply("turn")  # A's ace on B's ace
    assert st.last[2] is True


def test_MONEY_DECK_4_money_never_in_hands_or_pile_numbers_never_in_banks():
    """MONEY-DECK-4: money is never held or turned; number cards never reach a bank. Checked at
    every step of random games in several variants, with conservation of the pack."""
    for variant, options in (
        ("jordanian", {}),
        ("jokers", {}),
        ("syrian", {}),
        ("jordanian", {"aces_money": True, "scale": "b"}),
    ):
        for seed in range(3):
            st = random_game(variant, dict(options, turn_limit=250), seed)
            check_invariants(st)


# --- §2 setup ------------------------------------------------------------------------------


def test_MONEY_DEAL_1_dealer_chosen_at_random_from_the_seed():
    """MONEY-DEAL-1: without ``dealer`` the dealer is drawn (from the seed: same seed, same
    dealer); both seats get to deal over a range of seeds. ``dealer=`` fixes it."""
    dealers = [G.new_state(seed=s).dealer for s in range(30)]
    assert set(dealers) == {0, 1}
    assert dealers == [G.new_state(seed=s).dealer for s in range(30)]
    assert G.new_state(seed=3, dealer=0).dealer == 0
    assert G.new_state(seed=3, dealer=1).dealer == 1


def test_MONEY_DEAL_2_banks_two_of_each_money_rank_face_up():
    """MONEY-DEAL-2: each bank is 2 K, 2 Q, 2 J (value 60), public."""
    st = fresh()
    for s in (A, B):
        assert M(st.banks[s]) == M(["K", "K", "Q", "Q", "J", "J"])
        assert sum(st.values[c.rank] for c in st.banks[s]) == 60
        assert st.view(1 - s)["banks"][s] == codes(st.banks[s])


def test_MONEY_DEAL_3_twenty_number_cards_dealt_alternately():
    """MONEY-DEAL-3 (and the stacked-deck note): 20 each; dealt one at a time, non-dealer
    first, first card received on top; money cards in ``deck`` are skipped."""
    deck = ["7H", "KS", "2C", "3D", "QH", "9S", "10H", "AD", "JC", "5S"]
    numbers = [c for c in deck if Card.parse(c).rank not in (11, 12, 13)]
    st = G.new_state(deck=deck, dealer=1, seed=4)
    assert len(st.hands[A]) == len(st.hands[B]) == 20
    assert codes(st.hands[A][:4]) == numbers[0::2]
    assert codes(st.hands[B][:3]) == numbers[1::2]
    st = G.new_state(deck=deck, dealer=0, seed=4)
    assert codes(st.hands[B][:4]) == numbers[0::2]
    assert codes(st.hands[A][:3]) == numbers[1::2]
    # shuffled deals depend on the seed and always split the 40 number cards
    a, b = fresh(seed=1), fresh(seed=2)
    assert codes(a.hands[A]) != codes(b.hands[A])
    assert fresh(seed=1).to_json() == a.to_json()
    assert not set(a.hands[A]) & set(a.hands[B])


def test_MONEY_DEAL_4_non_dealer_turns_first():
    """MONEY-DEAL-4 (D1): the non-dealer takes the first turn."""
    for dealer in (0, 1):
        st = G.new_state(seed=9, dealer=dealer)
        assert st.to_move() == 1 - dealer
        first = st.hands[1 - dealer][0]
        st.apply("turn")
        assert st.pile == [first]
        assert st.last[0] == 1 - dealer


@pytest.mark.parametrize(
    ("variant", "options", "bank", "per_hand"),
    [
        ("jordanian", {}, "K K Q Q J J", 20),
        ("jokers", {}, "K K Q Q J J", 21),
        ("jordanian", {"jokers": True}, "K K Q Q J J", 21),
        ("egyptian", {}, "K K Q Q J J", 20),
        ("jordanian", {"aces_money": True}, "A A K K Q Q J J", 18),
        ("egyptian", {"aces_money": True, "jokers": True}, "A A K K Q Q J J", 19),
        ("syrian", {}, "JK K K Q Q J J", 20),
    ],
)
def test_M_1_setup_in_every_variant(variant, options, bank, per_hand):
    """M-1 (DEAL-2/3, JOKERS-1, EG-5, SY-2): banks and hand sizes, empty ground, the
    non-dealer to move."""
    for dealer in (0, 1):
        st = G.new_state(variant=variant, options=options, seed=5, dealer=dealer)
        assert [M(b) for b in st.banks] == [M(bank.split())] * 2
        assert [len(h) for h in st.hands] == [per_hand, per_hand]
        assert st.pile == [] and st.under == [] and st.pile_ids == []
        assert st.to_move() == 1 - dealer
        assert st.phase == "play" and st.turns == 0
        check_invariants(st)


# --- §3 zones ------------------------------------------------------------------------------


def _strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            yield from _strings(v)


def test_MONEY_ZONE_1_hands_are_hidden_from_everyone_only_sizes_public():
    """MONEY-ZONE-1: a hand's size is public, its contents hidden from both players
    (including the owner); only the top card is played; cards join at the bottom."""
    st = position(hands=[["9", "6", "2"], ["5"]], pile=["4", "9"], under=["K"])
    for seat in (A, B):
        view = st.view(seat)
        json.dumps(view)
        assert view["hand"] == len(st.hands[seat])
        assert view["hand_sizes"] == [len(st.hands[A]), len(st.hands[B])]
        shown = set(_strings(view))
        hidden = {c.code for h in st.hands for c in h}
        assert not shown & hidden, f"seat {seat} sees hand cards {shown & hidden}"
    top = st.hands[A][0]
    st.apply("turn")
    assert st.pile[-1] is top
    st.apply("claim", seat=A)
    assert R(st.hands[A][:2]) == ["6", "2"]
    assert R(st.hands[A][2:]) == ["4", "9", "9"]


def test_MONEY_ZONE_2_banks_are_public():
    """MONEY-ZONE-2: banks are face up: both seats see both banks."""
    st = position(banks=[["K", "Q"], ["J"]], pile=["3"], under=["K"], rest_money=B)
    for seat in (A, B):
        assert st.view(seat)["banks"] == [codes(st.banks[A]), codes(st.banks[B])]
    assert (
        st.view(A)["scores"]
        == st.scores()
        == [
            len(st.hands[A]) + 20,
            len(st.hands[B]) + sum(st.values[c.rank] for c in st.banks[B]),
        ]
    )


def test_MONEY_ZONE_3_pile_and_money_under_it_are_public():
    """MONEY-ZONE-3: the pile (oldest first) and the money under it are visible to both."""
    st = position(hands=[["5"], ["8"]], pile=["4", "9"], under=["K", "J"])
    for seat in (A, B):
        v = st.view(seat)
        assert v["pile"] == codes(st.pile)
        assert v["under"] == codes(st.under)
    st.apply("turn")
    assert st.view(B)["pile"][-1] == st.pile[-1].code == st.view(A)["pile"][-1]


def test_MONEY_ZONE_4_money_under_the_pile_is_never_counted():
    """MONEY-ZONE-4: "cards on the ground" are the number cards of the pile only: 4 number
    cards with money under them still send a buyer to the opponent (BUY-2)."""
    st = position(banks=[["K"], []], pile=["2", "3", "4", "5"], under=["K", "J", "Q"])
    assert [str(a) for a in st.legal_actions() if str(a).startswith("buy")] == [
        "buy K from opponent"
    ]
    # and money alone on the ground cannot be claimed (CLAIM-5)
    st = position(hands=[["5"], ["8"]], under=["K"])
    refused(st, "claim", seat=A)
