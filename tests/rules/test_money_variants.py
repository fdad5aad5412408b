"""Money rule tests, part 4: variants (``money.md`` §9-§11; worked examples M-14 ... M-19).

Seat 0 is A (to move), seat 1 is B; positions via ``money_helpers.position``.
"""

from __future__ import annotations

from collections import Counter

import pytest
from money_helpers import A, B, G, M, R, buys, fresh, position, refused

from cardsuite.cards import JOKER
from cardsuite.games.money.rules import Claim

# --- §9 jokers -----------------------------------------------------------------------------


def test_MONEY_JOKERS_1_two_jokers_as_number_cards_21_each():
    """MONEY-JOKERS-1: two jokers join the number cards: 42, 21 per hand; banks unchanged."""
    for st in (fresh("jokers"), fresh(options={"jokers": True})):
        numbers = [c for c in st.all_cards() if c.rank not in st.values]
        assert len(numbers) == 42 and numbers.count(JOKER) == 2
        assert [len(h) for h in st.hands] == [21, 21]
        assert [M(b) for b in st.banks] == [M(["K", "K", "Q", "Q", "J", "J"])] * 2
        assert JOKER.rank not in st.values


def test_MONEY_JOKERS_2_a_joker_matches_only_the_other_joker():
    """MONEY-JOKERS-2: joker on joker is a match; a joker on anything else, or anything on a
    joker, is not."""
    st = position(hands=[["JK", "5"], ["JK", "7"]], pile=["5"], variant="jokers")
    st.apply("turn")  # JK on 5
    assert st.last[2] is False
    st.apply("turn")  # JK on JK
    assert st.last[2] is True and st.claim_is_valid(B)
    st.apply("claim", seat=B)
    assert R(st.hands[B][-3:]) == ["5", "JK", "JK"]
    st = position(hands=[["7", "2"], ["5"]], pile=["7", "JK"], variant="jokers")
    st.apply("turn")  # 7 on JK (a 7 lies beneath: irrelevant)
    assert st.last[2] is False


def test_M_14_jokers():
    """M-14 (JOKERS-2): pile ``7 JK``: turning JK is a match; pile ``5``: turning JK is not;
    pile ``JK``: turning a 7 is not."""
    st = position(hands=[["JK", "2"], ["3"]], pile=["7", "JK"], variant="jokers")
    st.apply("turn")
    assert st.last[2] is True
    st = position(hands=[["JK", "2"], ["3"]], pile=["5"], variant="jokers")
    st.apply("turn")
    assert st.last[2] is False
    st = position(hands=[["7", "2"], ["3"]], pile=["JK"], variant="jokers")
    st.apply("turn")
    assert st.last[2] is False


def test_MONEY_JOKERS_3_jokers_combine_with_egyptian_not_with_syrian():
    """MONEY-JOKERS-3 (D21): the jokers toggle works with the Egyptian toggles, not with the
    Syrian variant (where jokers are money)."""
    st = G.new_state(
        variant="egyptian", options={"jokers": True, "aces_money": True, "kommi": True}, seed=1
    )
    assert [len(h) for h in st.hands] == [19, 19]
    with pytest.raises(ValueError):
        G.new_state(variant="syrian", options={"jokers": True}, seed=1)
    with pytest.raises(ValueError):
        G.new_state(variant="jokers", options={"syrian": True}, seed=1)


# --- §10 Egyptian --------------------------------------------------------------------------


def test_egyptian_preset_switches_on_eg1_eg2_eg3_and_scale_a():
    """§10 preset: ``egyptian`` = EG-1, EG-2, EG-3 on, EG-4 scale (a); EG-5 and EG-6 off.
    Each toggle can also be switched on alone on top of the Jordanian rules."""
    st = fresh("egyptian")
    o = st.options
    assert (o["auto_capture"], o["buy_at_will"], o["sell_bottom"], o["scale"]) == (
        True,
        True,
        True,
        "a",
    )
    assert (o["aces_money"], o["kommi"], o["jokers"], o["syrian"]) == (False, False, False, False)
    assert st.values == {12: 5, 13: 10, 11: 15}
    for toggle in ("auto_capture", "buy_at_will", "sell_bottom", "aces_money", "kommi"):
        alone = fresh(options={toggle: True}).options
        assert alone[toggle] is True
        assert (
            sum(
                bool(alone[k])
                for k in ("auto_capture", "buy_at_will", "sell_bottom", "aces_money", "kommi")
            )
            == 1
        )


def test_MONEY_EG_1_automatic_capture_no_claims():
    """MONEY-EG-1: a match is captured at once as part of the turn; no claims at all (none
    offered, any refused, so no false claims)."""
    st = position(
        hands=[["9", "6"], ["5", "3"]], pile=["4", "9"], under=["K"], options={"auto_capture": True}
    )
    assert not any(isinstance(a, Claim) for s in (A, B) for a in st.legal_actions(s))
    refused(st, "claim", seat=B)  # not a false claim: nothing happens
    st.apply("turn")
    assert R(st.hands[A]) == ["6", "4", "9", "9"] and "K" in M(st.banks[A])
    assert st.pile == [] and st.to_move() == B
    st.apply("turn")  # B's 5 on the empty ground
    refused(st, "claim", seat=A)
    refused(st, "claim", seat=B)


def test_M_15_egyptian_automatic_capture():
    """M-15 (EG-1): pile ``4 9``; A turns 9: captured at once, A's hand gains ``4 9 9``, no
    claim exists."""
    st = position(hands=[["9", "2"], ["5"]], pile=["4", "9"], variant="egyptian")
    st.apply("turn")
    assert R(st.hands[A]) == ["2", "4", "9", "9"]
    assert st.pile == []
    assert st.legal_actions(A) == [] and Claim(B) not in st.legal_actions(B)


def test_MONEY_EG_2_buying_at_will_from_either_source():
    """MONEY-EG-2 (D14): before turning, any player may exchange and make at most one purchase,
    from the source of their choice provided it can deliver; purchase optional; exchange
    without purchase allowed; bought cards under the hand; empty-handed must still buy."""
    opts = {"buy_at_will": True}
    st = position(
        hands=[["9", "4"], []], banks=[["K", "K"], []], pile=["2", "3", "5"], options=opts
    )
    assert "turn" in {str(a) for a in st.legal_actions()}
    # 3 on the ground: the ground cannot deliver 5; the opponent can (BUY-2 does not apply)
    assert buys(st) == {"buy K from opponent"}
    refused(st, "buy K from ground")
    st = position(
        hands=[["9", "4"], []],
        banks=[["K", "K"], []],
        pile=["2", "3", "5", "6", "7", "8"],
        options=opts,
    )
    assert buys(st) == {"buy K from ground", "buy K from opponent"}  # 6 >= 5, still a choice
    st.apply("buy K from opponent")
    st.apply("sell 5")
    assert len(st.hands[A]) == 7 and R(st.hands[A][:2]) == ["9", "4"]
    refused(st, "buy K from ground")  # one purchase a turn
    refused(st, "exchange K for K with opponent")
    st.apply("turn")
    st.apply("turn")  # B
    assert buys(st)  # a new turn: A may buy again
    # an exchange without a purchase, then turn
    st = position(hands=[["9", "4"], []], banks=[["Q"], []], pile=["2"], options=opts)
    st.apply("exchange Q for K J with opponent")
    st.apply("turn")
    assert M(st.banks[A]) == ["J", "K"] and st.to_move() == B
    # empty-handed: must still buy
    st = position(banks=[["K"], []], pile=["2"], options=opts)
    refused(st, "turn")
    assert buys(st) == {"buy K from opponent"}


def test_MONEY_EG_3_sold_from_the_bottom():
    """MONEY-EG-3: in an opponent purchase the seller hands over the bottom N cards in one
    piece, order unchanged (here EG-3 alone, with EG-2 so that the seller's hand is short)."""
    st = position(
        hands=[["9"], ["2", "6", "8", "3", "A", "10", "4"]],
        banks=[["K"], []],
        pile=["5"],
        rest=A,
        rest_money=B,
        options={"sell_bottom": True, "buy_at_will": True},
    )
    hand_b = list(st.hands[B])
    st.apply("buy K from opponent")
    st.apply("sell 5")
    assert st.hands[A][-5:] == hand_b[-5:] and st.hands[B] == hand_b[:2]


def test_M_16_egyptian_sold_from_the_bottom():
    """M-16 (EG-3): B ``[2, 6, 8, 3, 1, 10]``; A pays a 5-value card (a Q on scale (a)): A
    receives ``[6, 8, 3, 1, 10]`` under its own cards; B keeps ``[2]``."""
    st = position(
        hands=[["9", "7"], ["2", "6", "8", "3", "A", "10"]],
        banks=[["Q"], []],
        pile=["5"],
        rest=A,
        rest_money=B,
        variant="egyptian",
    )
    own = list(st.hands[A])
    assert st.values[12] == 5
    st.apply("buy Q from opponent")
    assert [str(a) for a in st.legal_actions()] == ["sell 5"]
    st.apply("sell 5")
    assert R(st.hands[B]) == ["2"]
    assert st.hands[A][: len(own)] == own
    assert R(st.hands[A][len(own) :]) == ["6", "8", "3", "A", "10"]


def test_MONEY_EG_4_other_money_values():
    """MONEY-EG-4 (D16): scale (a) Q5 K10 J15; scale (b) Q10 K15 J20; worth follows."""
    assert fresh(options={"scale": "a"}).values == {12: 5, 13: 10, 11: 15}
    assert fresh(options={"scale": "b"}).values == {12: 10, 13: 15, 11: 20}
    assert fresh(options={"scale": "a"}).scores() == [20 + 60, 20 + 60]
    assert fresh(options={"scale": "b"}).scores() == [20 + 90, 20 + 90]


def test_M_17_egyptian_money_values_in_purchases():
    """M-17 (EG-4): scale (a): ``buy Q from ground`` takes 5, K 10, J 15; scale (b): Q 10,
    K 15, J 20."""
    pile = [str(2 + i % 9) for i in range(22)]
    for scale, expect in (("a", {"Q": 5, "K": 10, "J": 15}), ("b", {"Q": 10, "K": 15, "J": 20})):
        for rank, n in expect.items():
            st = position(banks=[["Q", "K", "J"], []], pile=pile, options={"scale": scale})
            st.apply(f"buy {rank} from ground")
            assert len(st.hands[A]) == n, (scale, rank)
            assert len(st.pile) == 22 - n


def test_MONEY_EG_5_aces_are_money_worth_30():
    """MONEY-EG-5: aces are money worth 30; banks 2 A 2 K 2 Q 2 J; number cards 2-10 (36),
    18 a hand (19 with jokers); K, Q, J keep the active scale."""
    st = fresh(options={"aces_money": True})
    assert st.values == {13: 5, 12: 15, 11: 10, 14: 30}
    numbers = [c for c in st.all_cards() if c.rank not in st.values]
    assert len(numbers) == 36 and not any(c.rank == 14 for c in numbers)
    assert [len(h) for h in st.hands] == [18, 18]
    assert st.scores() == [18 + 120, 18 + 120]
    assert fresh(options={"aces_money": True, "scale": "a"}).values == {
        12: 5,
        13: 10,
        11: 15,
        14: 30,
    }
    assert [len(h) for h in fresh(options={"aces_money": True, "jokers": True}).hands] == [19, 19]
    # an ace buys 30
    st = position(
        banks=[["A"], []], pile=[str(2 + i % 9) for i in range(31)], options={"aces_money": True}
    )
    assert buys(st) == {"buy A from ground"}
    st.apply("buy A from ground")
    assert len(st.hands[A]) == 30 and R(st.under) == ["A"]
    # aces in a stacked deck are skipped like other money
    st = G.new_state(deck=["AS", "5H", "6H"], dealer=1, seed=0, options={"aces_money": True})
    assert R(st.hands[A][:1]) == ["5"] and R(st.hands[B][:1]) == ["6"]


def test_MONEY_EG_6_al_kommi_seven_of_diamonds_takes_any_pile():
    """MONEY-EG-6 (D17): the 7♦ matches whenever turned onto a pile with at least one number
    card, whatever its top; claimed as usual (automatic under EG-1); a 7 on the 7♦ matches
    normally; a 7♦ onto an empty pile just starts it; without the toggle it is a plain 7."""
    kommi = {"kommi": True}
    st = position(hands=[["7D", "2"], ["5"]], options=kommi)
    st.apply("turn")
    assert R(st.pile) == ["7"] and st.last[2] is False
    st = position(hands=[["2"], ["7S", "5"]], pile=["7D"], options=kommi, mover=B)
    st.apply("turn")
    assert st.last[2] is True
    st = position(hands=[["7D", "2"], ["5"]], pile=["4", "3"])
    st.apply("turn")
    assert st.last[2] is False  # the toggle is off
    st = position(
        hands=[["7D", "2"], ["5"]], pile=["4", "3"], options={"kommi": True, "auto_capture": True}
    )
    st.apply("turn")
    assert st.pile == [] and R(st.hands[A]) == ["2", "4", "3", "7"]


def test_M_18_al_kommi():
    """M-18 (EG-6): pile ``4 9 3``; A turns 7♦: a match; ``claim`` captures ``4 9 3 7♦``."""
    st = position(hands=[["7D", "5"], ["2"]], pile=["4", "9", "3"], options={"kommi": True})
    st.apply("turn")
    assert st.last[2] is True and st.claim_is_valid(A)
    st.apply("claim", seat=A)
    assert R(st.hands[A]) == ["5", "4", "9", "3", "7"]
    assert st.hands[A][-1].code == "7D"


# --- §11 Syrian ----------------------------------------------------------------------------


def test_MONEY_SY_1_54_cards_jokers_are_money_values():
    """MONEY-SY-1: 54 cards; the two jokers are money; Joker 5, J 10, Q 15, K 20."""
    st = fresh("syrian")
    cards = st.all_cards()
    assert len(cards) == 54 and cards.count(JOKER) == 2
    assert st.values == {15: 5, 11: 10, 12: 15, 13: 20}
    assert JOKER not in st.hands[A] + st.hands[B]
    st = G.new_state(variant="syrian", deck=["JK", "5H", "6H"], dealer=1, seed=0)
    assert R(st.hands[A][:1]) == ["5"]


def test_MONEY_SY_2_banks_and_hands():
    """MONEY-SY-2: banks 1 joker, 2 J, 2 Q, 2 K (95); 20 number cards a hand, A-10."""
    st = fresh("syrian")
    for s in (A, B):
        assert M(st.banks[s]) == M(["JK", "J", "J", "Q", "Q", "K", "K"])
        assert st.scores()[s] == 20 + 95
        assert len(st.hands[s]) == 20
    numbers = st.hands[A] + st.hands[B]
    assert Counter(R(numbers)) == {
        r: 4 for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    }


def test_MONEY_SY_3_ground_purchase_takes_the_top_cards():
    """MONEY-SY-3 (D6, D19): the top N cards, turned over so the oldest of them is the buyer's
    top card; the card beneath becomes the pile's top. A pending match bought away can no
    longer be claimed: the claim is judged when made, so it is false."""
    st = position(
        hands=[[], []],
        banks=[[], ["JK"]],
        pile=["2", "5", "8", "3", "10", "6", "6"],
        last=(A, True),
        mover=B,
        variant="syrian",
        rest=A,
        rest_money=A,
    )
    pile, ids = list(st.pile), list(st.pile_ids)
    assert st.claim_is_valid(A)
    st.apply("buy JK from ground")
    assert st.hands[B] == pile[2:]
    assert st.pile == pile[:2] and st.pile_ids == ids[:2]
    assert R(st.under) == ["JK"]
    assert not st.claim_is_valid(A)
    n_a = len(st.hands[A])
    st.apply("claim", seat=A)  # false: B takes the rest of the ground
    assert len(st.hands[A]) == n_a
    assert st.hands[B] == pile[2:] + pile[:2] and "JK" in M(st.banks[B])
    st.apply("turn")
    assert st.pile == [pile[2]]


def test_M_19_syrian_top_purchase():
    """M-19 (SY-3): A ``[]``, bank {JK}; pile ``2 5 8 3 10 6 4``; under {}. ``buy JK from
    ground``: A ``[8, 3, 10, 6, 4]``, pile ``2 5``, under {JK}. A then turns 8 onto the 5."""
    st = position(banks=[["JK"], []], pile=["2", "5", "8", "3", "10", "6", "4"], variant="syrian")
    assert buys(st) == {"buy JK from ground"}
    st.apply("buy JK from ground")
    assert R(st.hands[A]) == ["8", "3", "10", "6", "4"]
    assert R(st.pile) == ["2", "5"] and R(st.under) == ["JK"] and st.banks[A] == []
    st.apply("turn")
    assert R(st.pile) == ["2", "5", "8"] and st.last[2] is False


def test_MONEY_SY_4_otherwise_jordanian_and_no_egyptian_toggles():
    """MONEY-SY-4: claims, the 5-card source rule, exchanges and change are Jordanian; the
    Egyptian toggles and jokers are not offered with Syrian."""
    # claims and false claims
    st = position(hands=[["9", "6"], ["5"]], pile=["4", "9"], variant="syrian")
    st.apply("turn")
    st.apply("claim", seat=A)
    assert R(st.hands[A]) == ["6", "4", "9", "9"]
    st = position(hands=[["7", "6"], ["5"]], pile=["4", "9"], variant="syrian")
    st.apply("turn")
    st.apply("claim", seat=A)
    assert R(st.hands[B][-3:]) == ["4", "9", "7"]
    # the source rule: 4 on the ground -> opponent; 5 -> ground
    st = position(banks=[["JK"], []], pile=["2", "3", "4", "5"], variant="syrian")
    assert buys(st) == {"buy JK from opponent"}
    st = position(banks=[["JK"], []], pile=["2", "3", "4", "5", "6"], variant="syrian")
    assert buys(st) == {"buy JK from ground"}
    # exchanges (K 20 <-> J J) and change from under the pile (J 10 - JK 5 = 5 cards)
    st = position(
        banks=[["K"], []], pile=["2", "3", "4", "5", "6", "7", "8"], variant="syrian", under=["JK"]
    )
    st.apply("exchange K for J J with opponent")
    assert M(st.banks[A]) == ["J", "J"]
    st.apply("buy J from ground change JK")
    assert R(st.hands[A]) == ["4", "5", "6", "7", "8"]  # the top five (SY-3)
    assert M(st.banks[A]) == ["J", "JK"] and R(st.under) == ["J"]
    for toggle in ("auto_capture", "buy_at_will", "sell_bottom", "aces_money", "kommi", "jokers"):
        with pytest.raises(ValueError):
            G.new_state(variant="syrian", options={toggle: True}, seed=0)
    with pytest.raises(ValueError):
        G.new_state(variant="syrian", options={"scale": "a"}, seed=0)
    with pytest.raises(ValueError):
        G.new_state(variant="egyptian", options={"syrian": True}, seed=0)
