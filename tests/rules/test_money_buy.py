"""Money rule tests, part 3: buying (``money.md`` §7; worked examples M-5 ... M-13).

Seat 0 is A, the buyer (to move, empty-handed unless stated); seat 1 is B. Unlisted number
cards lie at the bottom of B's hand and unlisted money is in B's bank (``money_helpers``).
"""

from __future__ import annotations

from money_helpers import A, B, M, R, buys, position, random_game, refused

from cardsuite.games.money.rules import Buy, Claim, Exchange, Sell

SEVEN = ["2", "5", "8", "3", "10", "6", "4"]


def n_cards(k):
    """k pile cards, no two neighbours equal (so no accidental matches)."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "A"]
    return [ranks[i % 10] for i in range(k)]


def clone(st):
    return st.clone()


# --- BUY-1 .. BUY-6 ------------------------------------------------------------------------


def test_MONEY_BUY_1_buy_only_when_holding_no_number_card():
    """MONEY-BUY-1: an empty-handed player must buy before turning; one holding number cards
    may neither buy nor exchange."""
    st = position(hands=[["7"], []], banks=[["Q", "K"], []], pile=n_cards(6))
    assert buys(st) == set()
    refused(st, "buy K from ground")
    refused(st, "buy Q from opponent")
    refused(st, "exchange Q for K J with opponent")
    refused(st, "exchange Q for K K K with opponent")
    st = position(banks=[["Q", "K"], []], pile=n_cards(6))
    assert st.must_buy()
    assert buys(st) == {"buy K from ground"}
    refused(st, "turn")


def test_MONEY_BUY_2_source_five_or_more_ground_four_or_fewer_opponent():
    """MONEY-BUY-2 (D20): 5 or more number cards on the ground: buy from the ground (exactly
    5 included); 4 or fewer: from the opponent."""
    st = position(banks=[["K"], []], pile=n_cards(5))
    assert buys(st) == {"buy K from ground"}
    assert "ground" in refused(st, "buy K from opponent")
    st.apply("buy K from ground")
    assert len(st.hands[A]) == 5 and st.pile == []
    st = position(banks=[["K"], []], pile=n_cards(4))
    assert buys(st) == {"buy K from opponent"}
    assert "opponent" in refused(st, "buy K from ground")
    st.apply("buy K from opponent")
    assert st.phase == "sell"
    st = position(banks=[["K"], []], pile=[])
    assert buys(st) == {"buy K from opponent"}


def test_MONEY_BUY_3_all_cards_of_a_purchase_come_from_one_source():
    """MONEY-BUY-3: never some cards from the ground and some from the opponent: with 7 on the
    ground a Queen (15) cannot be spent as 7 + 8; every offer names a single source and a
    ground purchase leaves the opponent's hand alone."""
    st = position(banks=[["Q", "K"], []], pile=SEVEN)
    offers = [a for a in st.legal_actions() if isinstance(a, Buy)]
    assert offers and all(a.source == "ground" for a in offers)
    assert not any(a.pay == 12 for a in offers)
    refused(st, "buy Q from ground")
    refused(st, "buy Q from opponent")
    hand_b = list(st.hands[B])
    st.apply("buy K from ground")
    assert st.hands[B] == hand_b
    assert len(st.hands[A]) == 5 and len(st.pile) == 2


def test_MONEY_BUY_4_one_payment_card_from_the_buyers_bank():
    """MONEY-BUY-4: exactly one money card pays; it must be in the buyer's bank."""
    st = position(banks=[["K", "J"], []], pile=n_cards(12))
    refused(st, "buy Q from ground")  # A has no Queen
    refused(st, "buy K J from ground")
    refused(st, "buy A from ground")  # not money in this game
    st.apply("buy J from ground")
    assert M(st.banks[A]) == ["K"]
    assert M(st.under) == ["J"]
    assert len(st.hands[A]) == 10
    refused(st, "buy K from ground")  # one purchase, and A now holds cards


def test_MONEY_BUY_5_full_value_never_less():
    """MONEY-BUY-5: the buyer gets exactly v: N >= 1 cards plus change worth v - N. A Jack
    cannot buy 8 cards; with change K it buys exactly 5."""
    st = position(banks=[["J"], []], pile=n_cards(8), under=[])
    refused(st, "buy J from ground")
    st = position(banks=[["J"], []], pile=n_cards(8), under=["K"])
    assert buys(st) == {"buy J from ground change K"}
    refused(st, "buy J from ground")
    st.apply("buy J from ground change K")
    assert len(st.hands[A]) == 5 and M(st.banks[A]) == ["K"]
    # change worth the whole payment (N = 0) is refused
    st = position(banks=[["J"], []], pile=n_cards(8), under=["K", "K"])
    refused(st, "buy J from ground change K K")


def test_M_12_full_value():
    """M-12 (BUY-5): A ``[]``, bank {J, K}; pile of 8; under {}: ``buy J from ground`` is
    refused, ``buy K from ground`` legal (5 cards)."""
    st = position(banks=[["J", "K"], []], pile=n_cards(8))
    refused(st, "buy J from ground")
    assert "buy K from ground" in buys(st)
    assert not any(b.startswith("buy J") for b in buys(st))
    st.apply("buy K from ground")
    assert len(st.hands[A]) == 5 and len(st.pile) == 3 and M(st.banks[A]) == ["J"]


def test_MONEY_BUY_6_change_comes_from_where_the_payment_goes():
    """MONEY-BUY-6: ground purchase: change from under the pile only; opponent purchase:
    change from the seller's bank; never the payment card itself."""
    # the K is in B's bank, not under the pile: no ground change with it
    st = position(banks=[["J"], ["K"]], pile=n_cards(8), under=[])
    refused(st, "buy J from ground change K")
    # opponent purchase: the change leaves the seller's bank
    st = position(banks=[["Q"], ["K", "J", "K"]], pile=n_cards(3), rest_money=B)
    kb = M(st.banks[B]).count("K")
    st.apply("buy Q from opponent")
    st.apply("sell 10 change K")
    assert M(st.banks[A]) == ["K"] and M(st.banks[B]).count("K") == kb - 1
    # the payment card is never change: a seller with nothing else can only pay in cards
    st = position(banks=[["Q"], []], pile=n_cards(3), rest_money=A)
    assert M(st.banks[B]) == []
    st.apply("buy Q from opponent")
    assert [str(a) for a in st.legal_actions() if isinstance(a, Sell)] == ["sell 15"]
    refused(st, "sell 0 change Q")
    refused(st, "sell 5 change Q")


# --- BUY-7: exchanges ----------------------------------------------------------------------


def test_MONEY_BUY_7_exchanges_of_equal_value_with_one_place():
    """MONEY-BUY-7 (D12): before paying, swap money of exactly equal value, all taken from the
    opponent's bank or all from under the pile, the given cards going to that same place
    (Q <-> K+J, Q <-> K+K+K, J <-> K+K, K+J <-> Q); at most 3 exchanges a turn."""
    base = position(banks=[["Q", "J", "K"], []], pile=n_cards(3))
    for text, after in (
        ("exchange Q for K J with opponent", "J J K K"),
        ("exchange Q for K K K with opponent", "J K K K K"),
        ("exchange J for K K with opponent", "K K K Q"),
        ("exchange K J for Q with opponent", "Q Q"),
    ):
        st = clone(base)
        bank_b = M(st.banks[B])
        assert any(str(a) == text for a in st.legal_actions()), text
        st.apply(text)
        assert M(st.banks[A]) == M(after.split()), text
        give, take = text.split(" for ")[0].split()[1:], text.split(" for ")[1].split()[:-2]
        expect_b = list(bank_b)
        for r in take:
            expect_b.remove(r)
        assert M(st.banks[B]) == M(expect_b + give), text
    # with the ground: the given card goes under the pile
    st = position(banks=[["Q"], []], pile=n_cards(7), under=["K", "J"])
    st.apply("exchange Q for K J with ground")
    assert M(st.banks[A]) == ["J", "K"] and M(st.under) == ["Q"]
    # unequal value, or cards the place does not have, are refused
    st = position(banks=[["Q"], ["J"]], pile=n_cards(3), rest_money=A)
    refused(st, "exchange Q for J with opponent")
    refused(st, "exchange Q for K J with ground")  # nothing under the pile
    # the cap: three exchanges a turn
    st = position(banks=[["Q"], []], pile=n_cards(3))
    st.apply("exchange Q for K J with opponent")
    st.apply("exchange K J for Q with opponent")
    st.apply("exchange Q for K K K with opponent")
    assert st.exchanges == 3
    assert not any(isinstance(a, Exchange) for a in st.legal_actions())
    assert "3" in refused(st, "exchange K K K for Q with opponent")
    st.apply("buy K from opponent")
    st.apply("sell 5")
    st.apply("turn")
    assert st.exchanges == 0


def test_M_13_exchange_values():
    """M-13 (BUY-7): Q <-> K+J and Q <-> K+K+K legal; Q <-> J alone refused (unequal)."""
    base = position(banks=[["Q"], []], pile=n_cards(3))
    for text in ("exchange Q for K J with opponent", "exchange Q for K K K with opponent"):
        st = clone(base)
        st.apply(text)
        assert sum(st.values[c.rank] for c in st.banks[A]) == 15
    reason = refused(base, "exchange Q for J with opponent")
    assert "equal" in reason


def test_M_8_fewer_than_ten_and_no_king_exchange():
    """M-8 (BUY-7, D11): A ``[]``, bank {Q}; pile n1..n7; under {}. ``exchange Q for K J with
    opponent``: A {K, J}, B gives K J and gains the Q; ``buy K from ground``: A ``[n1..n5]``,
    pile ``n6 n7``, under {K}, A bank {J}. ``exchange Q for K K K`` is also legal first;
    ``buy Q from ground`` (15 of 7) and buying from B are illegal."""
    st = position(banks=[["Q"], []], pile=SEVEN)
    pile = list(st.pile)
    refused(st, "buy Q from ground")
    refused(st, "buy Q from opponent")
    other = clone(st)
    other.apply("exchange Q for K K K with opponent")
    assert M(other.banks[A]) == ["K", "K", "K"]
    bank_b = M(st.banks[B])
    st.apply("exchange Q for K J with opponent")
    assert M(st.banks[A]) == ["J", "K"]
    expect = list(bank_b)
    expect.remove("K")
    expect.remove("J")
    assert M(st.banks[B]) == M([*expect, "Q"])
    st.apply("buy K from ground")
    assert st.hands[A] == pile[:5]
    assert st.pile == pile[5:]
    assert M(st.under) == ["K"] and M(st.banks[A]) == ["J"]


# --- BUY-8, BUY-9: ground purchases --------------------------------------------------------


def test_MONEY_BUY_8_ground_purchase_takes_the_bottom_cards_payment_goes_lowest():
    """MONEY-BUY-8: the payment goes under the pile below any money there; the buyer takes the
    N bottom cards, the lowest becoming the top card; the rest of the pile (and its top) stay.
    A claim on the pile's top card is judged on its id, which survives the purchase."""
    st = position(banks=[["K"], []], pile=n_cards(7), under=["J", "Q"])
    pile, ids = list(st.pile), list(st.pile_ids)
    st.apply("buy K from ground")
    assert st.hands[A] == pile[:5]
    assert st.pile == pile[5:] and st.pile_ids == ids[5:]
    assert R(st.under[:1]) == ["K"] and M(st.under) == ["J", "K", "Q"]
    assert st.view(B)["under"][0] == st.under[0].code


def test_M_5_buy_with_a_king_from_the_ground():
    """M-5 (BUY-2, -8, -12): A ``[]``, bank {K, Q, J}; pile ``2 5 8 3 10 6 4``; under {}.
    ``buy K from ground``: A ``[2, 5, 8, 3, 10]``, pile ``6 4``, under {K}. A turns: the 2
    on the 4, pile ``6 4 2``, no match."""
    st = position(banks=[["K", "Q", "J"], []], pile=SEVEN)
    assert buys(st) == {"buy K from ground"}
    st.apply("buy K from ground")
    assert R(st.hands[A]) == ["2", "5", "8", "3", "10"]
    assert R(st.pile) == ["6", "4"] and M(st.under) == ["K"]
    assert M(st.banks[A]) == ["J", "Q"]
    st.apply("turn")
    assert R(st.pile) == ["6", "4", "2"] and st.last[2] is False
    assert st.to_move() == B


def test_M_6_money_already_under_the_pile():
    """M-6 (BUY-8): A ``[]``, bank {J}; pile n1..n11; under {K}. ``buy J from ground``: A
    ``[n1..n10]``, pile ``n11``, under {K, J} with the J lowest."""
    st = position(banks=[["J"], []], pile=n_cards(11), under=["K"])
    pile = list(st.pile)
    st.apply("buy J from ground")
    assert st.hands[A] == pile[:10]
    assert st.pile == pile[10:]
    assert R(st.under) == ["J", "K"]
    assert st.banks[A] == []


def test_MONEY_BUY_9_ground_change_is_the_buyers_choice():
    """MONEY-BUY-9: any change split from under the pile that satisfies BUY-5/6 is offered."""
    st = position(banks=[["Q"], []], pile=n_cards(14), under=["K", "J"])
    assert buys(st) == {
        "buy Q from ground change K",  # 10 cards
        "buy Q from ground change J",  # 5 cards
    }
    st = position(banks=[["Q"], []], pile=n_cards(15), under=["K", "K"])
    assert buys(st) == {
        "buy Q from ground",
        "buy Q from ground change K",
        "buy Q from ground change K K",
    }
    for text, n in (("buy Q from ground", 15), ("buy Q from ground change K K", 5)):
        s2 = clone(st)
        s2.apply(text)
        assert len(s2.hands[A]) == n


def test_M_7_twelve_cards_king_under_paying_a_jack():
    """M-7 (BUY-9): A ``[]``, bank {J}; pile n1..n12; under {K}. (a) ``buy J from ground``:
    hand ``[n1..n10]``, pile ``n11 n12``, under {K, J}, bank {}. (b) ``... change K``: hand
    ``[n1..n5]``, pile ``n6..n12``, under {J}, bank {K}."""
    base = position(banks=[["J"], []], pile=n_cards(12), under=["K"])
    pile = list(base.pile)
    assert buys(base) == {"buy J from ground", "buy J from ground change K"}
    st = clone(base)
    st.apply("buy J from ground")
    assert st.hands[A] == pile[:10] and st.pile == pile[10:]
    assert R(st.under) == ["J", "K"] and st.banks[A] == []
    st = clone(base)
    st.apply("buy J from ground change K")
    assert st.hands[A] == pile[:5] and st.pile == pile[5:]
    assert R(st.under) == ["J"] and M(st.banks[A]) == ["K"]


def test_M_9_change_from_under_the_pile():
    """M-9 (BUY-6, -9): A ``[]``, bank {Q}; pile n1..n7; under {J}: ``buy Q from ground change
    J``: A ``[n1..n5]``, pile ``n6 n7``, under {Q}, bank {J}. With under {K, K}: ``change K K``
    gives ``[n1..n5]`` and bank {K, K}; the Q stays under the pile."""
    st = position(banks=[["Q"], []], pile=n_cards(7), under=["J"])
    pile = list(st.pile)
    st.apply("buy Q from ground change J")
    assert st.hands[A] == pile[:5] and st.pile == pile[5:]
    assert R(st.under) == ["Q"] and M(st.banks[A]) == ["J"]
    st = position(banks=[["Q"], []], pile=n_cards(7), under=["K", "K"])
    st.apply("buy Q from ground change K K")
    assert st.hands[A] == pile[:5]
    assert M(st.banks[A]) == ["K", "K"] and R(st.under) == ["Q"]


# --- BUY-10: opponent purchases ------------------------------------------------------------


def test_MONEY_BUY_10_seller_chooses_a_split_it_can_supply_top_cards_in_order():
    """MONEY-BUY-10: the payment goes to the seller's bank; the seller picks N >= 1 and change
    from its own bank with N + change = v, and hands over its top N cards in order. Splits
    that do not add up, or that the seller cannot supply, are refused."""
    st = position(banks=[["Q"], []], pile=n_cards(3))
    qb = M(st.banks[B]).count("Q")
    st.apply("buy Q from opponent")
    assert st.phase == "sell" and st.to_move() == B and st.sale is not None
    assert M(st.banks[B]).count("Q") == qb + 1 and st.banks[A] == []
    offered = {str(a) for a in st.legal_actions() if isinstance(a, Sell)}
    assert offered == {"sell 15", "sell 10 change K", "sell 5 change J", "sell 5 change K K"}
    for bad in (
        "sell 14",
        "sell 10 change J",
        "sell 5 change K",
        "sell 0 change Q",
        "sell 16",
        "sell 5 change K K K",
    ):
        refused(st, bad)
    refused(st, "turn")
    refused(st, "sell 15", seat=A)  # the buyer does not choose
    # a seller holding only 7 cards (EG-2 makes that reachable) cannot offer 15 or 10
    st = position(
        hands=[["9"], ["2", "6", "8", "3", "A", "10", "7"]],
        banks=[["Q"], []],
        pile=n_cards(3),
        rest=A,
        rest_money=B,
        options={"buy_at_will": True},
    )
    st.apply("buy Q from opponent")
    offered = {str(a) for a in st.legal_actions() if isinstance(a, Sell)}
    assert offered == {"sell 5 change J", "sell 5 change K K"}
    refused(st, "sell 15")
    refused(st, "sell 10 change K")


def test_M_10_buying_from_the_opponent():
    """M-10 (BUY-2, -10): A ``[]``, bank {Q}; pile of 3; B ``[b1..b37]``. ``buy Q from
    opponent``: B's bank gains the Q; ``sell 15``: A ``[b1..b15]``, B ``[b16..b37]``; or ``sell
    10 change K``: A ``[b1..b10]``, bank {K}. A then turns b1."""
    base = position(banks=[["Q"], []], pile=["2", "5", "8"])
    hand_b = list(base.hands[B])
    assert len(hand_b) == 37
    base.apply("buy Q from opponent")
    assert "Q" in M(base.banks[B]) and M(base.banks[B]).count("Q") == 4
    st = clone(base)
    st.apply("sell 15")
    assert st.hands[A] == hand_b[:15] and st.hands[B] == hand_b[15:]
    assert st.banks[A] == [] and st.to_move() == A
    st = clone(base)
    st.apply("sell 10 change K")
    assert st.hands[A] == hand_b[:10] and st.hands[B] == hand_b[10:]
    assert M(st.banks[A]) == ["K"]
    st.apply("turn")
    assert st.pile[-1] is hand_b[0] and st.to_move() == B


# --- BUY-11 .. BUY-15 ----------------------------------------------------------------------


def test_MONEY_BUY_11_purchased_cards_go_under_held_cards():
    """MONEY-BUY-11 (D15): bought cards go under any the buyer still holds (EG-2 lets a player
    with cards buy; from the ground and from the opponent)."""
    st = position(
        hands=[["9", "4"], []], banks=[["K"], []], pile=n_cards(6), options={"buy_at_will": True}
    )
    pile = list(st.pile)
    st.apply("buy K from ground")
    assert R(st.hands[A][:2]) == ["9", "4"] and st.hands[A][2:] == pile[:5]
    st = position(
        hands=[["9", "4"], []], banks=[["K"], []], pile=n_cards(2), options={"buy_at_will": True}
    )
    hand_b = list(st.hands[B])
    st.apply("buy K from opponent")
    st.apply("sell 5")
    assert R(st.hands[A][:2]) == ["9", "4"] and st.hands[A][2:] == hand_b[:5]


def test_MONEY_BUY_12_buy_then_turn_in_the_same_turn():
    """MONEY-BUY-12 (D8): after buying, the buyer turns the new top card in the same turn."""
    st = position(banks=[["K", "K"], []], pile=n_cards(3))
    st.apply("buy K from opponent")
    st.apply("sell 5")
    assert st.to_move() == A
    assert [str(a) for a in st.legal_actions()] == ["turn", "claim"]
    refused(st, "buy K from opponent")  # no second purchase: A holds cards now
    top = st.hands[A][0]
    st.apply("turn")
    assert st.pile[-1] is top and st.to_move() == B and st.turns == 4


def test_MONEY_BUY_13_fallback_to_the_other_source():
    """MONEY-BUY-13 (D9): no legal purchase from the required source even after exchanges:
    buy from the other one. EG-4(b) (Q10 K15 J20): bank {J}, 7 on the ground, nothing under
    it: the Jack buys 20, J <-> Q+Q still needs 10, so the ground is impossible and the buyer
    must buy from the opponent despite 7 >= 5."""
    st = position(banks=[["J"], []], pile=n_cards(7), options={"scale": "b"})
    assert buys(st) == {"buy J from opponent"}
    refused(st, "buy J from ground")
    st.apply("buy J from opponent")
    assert st.phase == "sell"
    st.apply("sell 20")
    assert len(st.hands[A]) == 20
    # when neither source can work (here: an empty bank) the buyer loses (END-1)
    st = position(hands=[[], ["5"]], banks=[[], []], pile=n_cards(7), mover=B)
    st.apply("turn")
    assert st.is_over() and st.winners() == [B]


def _forced_opponent_sales(variant, options, seeds):
    seen = []

    def watch(st):
        if st.must_buy() and len(st.pile) <= 4:
            seller = 1 - st.mover
            seen.append(len(st.hands[seller]))
            for act in st.legal_actions():
                if isinstance(act, Buy):
                    assert act.source == "opponent"
                    s2 = st.clone()
                    s2.apply(act)
                    if s2.phase == "sell":
                        v = s2.values[act.pay]
                        assert Sell(v) in s2.legal_actions(), "seller cannot pay in cards"

    for seed in seeds:
        random_game(variant, dict(options, turn_limit=400), seed, on_step=watch)
    return seen


def test_MONEY_BUY_14_forced_opponent_purchase_seller_holds_at_least_36():
    """MONEY-BUY-14: whenever the standard game forces an opponent purchase the seller holds
    >= 36 number cards and can pay the full value in number cards (random games)."""
    seen = _forced_opponent_sales("jordanian", {}, range(10))
    assert len(seen) >= 20
    assert min(seen) >= 36


def test_M_11_at_least_36_38_with_jokers_32_with_aces_money():
    """M-11 (BUY-14): seller's hand in a forced opponent purchase: >= 36 standard, >= 38 with
    jokers, >= 32 with EG-5 (random games)."""
    for variant, options, bound in (
        ("jordanian", {}, 36),
        ("jokers", {}, 38),
        ("jordanian", {"aces_money": True}, 32),
    ):
        seen = _forced_opponent_sales(variant, options, range(10, 16))
        assert len(seen) >= 10, variant
        assert min(seen) >= bound, (variant, options, min(seen))


def test_MONEY_BUY_15_claims_during_a_purchase():
    """MONEY-BUY-15 (D22): the source is judged at payment; a false claim that gives the buyer
    number cards before paying ends the buying step (exchanges stand; the buyer turns); a paid
    purchase completes, its cards under those gained meanwhile."""
    # source judged at payment: B's valid claim empties the ground; A now buys from B
    st = position(banks=[["K", "K"], []], pile=["2", "5", "8", "3", "10", "6", "6"], last=(B, True))
    assert buys(st) == {"buy K from ground"}
    st.apply("claim", seat=B)
    assert st.pile == []
    refused(st, "buy K from ground")
    st.apply("buy K from opponent")
    assert st.phase == "sell"
    # a false claim by B before A pays: A gets cards, the step ends, A's exchange stands
    st = position(banks=[["Q"], []], pile=["2", "5", "8"], last=(A, False))
    st.apply("exchange Q for K J with opponent")
    pile = list(st.pile)
    st.apply("claim", seat=B)
    assert st.hands[A] == pile and M(st.banks[A]) == ["J", "K"]
    assert not st.must_buy()
    refused(st, "buy K from opponent")
    refused(st, "exchange K J for Q with opponent")
    st.apply("turn")
    assert st.pile == [pile[0]] and st.to_move() == B
    # a paid purchase completes: B's false claim during its own choice gives A the ground
    # first; the bought cards go under them
    st = position(banks=[["Q"], []], pile=["2", "5", "8"], last=(A, False))
    pile, hand_b = list(st.pile), list(st.hands[B])
    st.apply("buy Q from opponent")
    st.apply(Claim(B))
    assert st.hands[A] == pile and st.phase == "sell"
    st.apply("sell 15")
    assert st.hands[A] == pile + hand_b[:15]
    assert st.to_move() == A and [str(a) for a in st.legal_actions()] == ["turn"]
    # under EG-2 the buyer who gained cards may still buy
    st = position(
        banks=[["Q"], []], pile=["2", "5", "8"], last=(A, False), options={"buy_at_will": True}
    )
    st.apply("claim", seat=B)
    assert st.hands[A] == pile
    st.apply("buy Q from opponent")
    st.apply("sell 15")
    assert len(st.hands[A]) == 18


# --- refusals ------------------------------------------------------------------------------


def test_refused_buying_while_holding_cards_and_from_the_wrong_source():
    """MONEY-BUY-1, -2: refused purchases leave the state unchanged and say why."""
    st = position(hands=[["7"], []], banks=[["K"], []], pile=n_cards(6))
    assert "MONEY-BUY-1" in refused(st, "buy K from ground")
    st = position(banks=[["K"], []], pile=n_cards(6))
    assert "ground" in refused(st, "buy K from opponent")


def test_refused_paying_with_money_you_do_not_have_and_bad_change():
    """MONEY-BUY-4..6: a payment card not in the bank, change not under the pile, change
    that leaves no card to buy, or more cards than the ground holds."""
    st = position(banks=[["K", "J"], ["Q"]], pile=n_cards(8), under=["K"])
    refused(st, "buy Q from ground")
    refused(st, "buy JK from ground")
    refused(st, "buy J from ground change Q")  # no Q under the pile
    refused(st, "buy J from ground change J")  # no J under the pile (and N = 0)
    refused(st, "buy K from ground change K")  # N = 0
    refused(st, "buy J from ground")  # 10 of 8
    refused(st, "exchange Q for K J with opponent")  # A has no Queen
    refused(st, "exchange J for K K with ground")  # only one K under the pile
    refused(st, "sell 5")  # nothing is being sold


def test_refused_buyer_naming_change_in_an_opponent_purchase():
    """MONEY-BUY-10: in an opponent purchase the seller chooses the split; a buyer who names
    change (``buy Q from opponent change K``) is refused, not silently ignored."""
    st = position(banks=[["Q"], []], pile=n_cards(3))
    assert Buy(12, "opponent", (13,)) not in st.legal_actions()
    refused(st, "buy Q from opponent change K")


def test_MONEY_BUY_15_paid_purchase_with_the_last_coin_completes():
    """MONEY-BUY-15, -10 vs END-2: A, empty-handed, pays its only money card (a King) to B with
    nothing on the ground. For a moment B holds every card, but the purchase is paid and must
    complete: B hands over 5 cards and the game goes on."""
    st = position(banks=[["K"], []], pile=[])
    hand_b = list(st.hands[B])
    st.apply("buy K from opponent")
    assert not st.is_over()
    assert st.phase == "sell" and st.to_move() == B
    st.apply("sell 5")
    assert st.hands[A] == hand_b[:5] and not st.is_over()
    st.apply("turn")
    assert st.to_move() == B


def test_exchange_offered_only_if_the_required_purchase_stays_possible():
    """§12 (BUY-7, -13, D12): a forced buyer is offered (and allowed) an exchange only if the
    required purchase stays possible with the exchanges left. Bank {K, J}, 5 on the ground:
    K+J -> Q is fine with exchanges to spare (Q -> K+J again), but as the third exchange of the
    turn it would strand the buyer with a Queen that cannot buy from 5 cards."""
    text = "exchange K J for Q with opponent"
    st = position(banks=[["K", "J"], []], pile=n_cards(5))
    assert text in {str(a) for a in st.legal_actions()}
    st = position(banks=[["K", "J"], []], pile=n_cards(5), exchanges=2)
    offers = {str(a) for a in st.legal_actions()}
    assert text not in offers
    assert "exchange J for K K with opponent" in offers
    refused(st, text)
    st.apply("exchange J for K K with opponent")
    assert st.exchanges == 3
    st.apply("buy K from ground")
    assert len(st.hands[A]) == 5
