"""Money rule tests, part 2: turns, captures, claims, the end, refusals (``money.md`` §4-§6,
§8; worked examples M-2, M-3, M-4).

Seat 0 is A (to move unless stated), seat 1 is B. Positions: ``money_helpers.position``
(hands top first, pile oldest first; unlisted cards at the bottom of B's hand / in B's bank).
"""

from __future__ import annotations

import itertools

from money_helpers import A, B, G, M, R, fresh, position, random_game, refused

from cardsuite.games.money.rules import Claim, Turn

# --- §4 turns ------------------------------------------------------------------------------


def test_MONEY_TURN_1_strict_alternation_through_captures_claims_penalties_purchases():
    """MONEY-TURN-1: turns alternate strictly; captures, claims, penalties and purchases never
    change whose turn it is."""
    # a capture by claim: B still to move
    st = position(hands=[["9", "6"], ["5", "3"]], pile=["4", "9"])
    st.apply("turn")
    st.apply("claim", seat=A)
    assert st.to_move() == B
    # a false claim by the player to move: still their turn
    st = position(hands=[["6", "2"], ["5", "3"]], pile=["4", "9"], last=(B, False))
    st.apply("claim", seat=A)
    assert st.to_move() == A
    # a false claim by the other player: still A's turn
    st = position(hands=[["6", "2"], ["5", "3"]], pile=["4", "9"], last=(A, False))
    st.apply("claim", seat=B)
    assert st.to_move() == A
    # a purchase: the buyer keeps the turn and turns
    st = position(banks=[["K"], []], pile=["2", "3", "4", "5", "6", "7"])
    st.apply("buy K from ground")
    assert st.to_move() == A
    st.apply("turn")
    assert st.to_move() == B
    # and over whole random games: the seats of turned cards alternate
    for seed in range(4):
        st = random_game("jordanian", {"turn_limit": 300}, seed)
        seats = [e.seat for e in st.events if e.kind == "turn"]
        assert len(seats) > 20
        assert all(x != y for x, y in itertools.pairwise(seats)), seed


def test_MONEY_TURN_2_buying_step_only_when_empty_handed_then_turning():
    """MONEY-TURN-2: a turn is (1) a buying step only if the player holds no number card,
    then (2) turning the top card onto the pile; the turn ends when it is visible."""
    st = position(hands=[["7", "2"], ["5"]], banks=[["K"], []], pile=["2", "3", "4", "5", "6"])
    assert [str(a) for a in st.legal_actions()] == ["turn", "claim"]
    refused(st, "buy K from ground")
    refused(st, "exchange K for K with ground")
    st = position(banks=[["K"], []], pile=["2", "3", "4", "5", "6", "7"])
    assert "turn" not in {str(a) for a in st.legal_actions()}
    refused(st, "turn")
    st.apply("buy K from ground")
    assert {str(a) for a in st.legal_actions()} == {"turn", "claim"}
    top = st.hands[A][0]
    st.apply("turn")
    assert st.pile[-1] is top and st.to_move() == B


def test_MONEY_TURN_3_the_turned_card_is_revealed_in_one_step():
    """MONEY-TURN-3: the card is revealed to both in a single step: no intermediate state in
    which only the mover knows it; the same ``turn`` both plays and shows it."""
    st = position(hands=[["8", "2"], ["5"]], pile=["4"])
    card = st.hands[A][0]
    events = st.apply("turn")
    assert [e.kind for e in events] == ["turn"]
    assert events[0].data["card"] == card.code
    assert st.phase == "play" and st.to_move() == B
    assert st.view(A)["pile"][-1] == st.view(B)["pile"][-1] == card.code


def test_MONEY_TURN_4_turn_onto_empty_pile_starts_it_over_money_on_the_ground():
    """MONEY-TURN-4: with no number card on the ground, the turned card starts a new pile on
    top of the money already lying there (never a match)."""
    st = position(hands=[["8", "2"], ["8", "5"]], under=["K", "J"])
    bank_b = M(st.banks[B])
    st.apply("turn")
    assert R(st.pile) == ["8"] and M(st.under) == ["J", "K"]
    assert st.last[2] is False
    st.apply("turn")  # B's 8 matches
    assert st.last == (B, st.pile_ids[-1], True)
    st.apply("claim", seat=B)
    assert R(st.hands[B][-2:]) == ["8", "8"]
    assert M(st.banks[B]) == M([*bank_b, "K", "J"])


def test_MONEY_TURN_5_no_pass_no_choice_only_turn():
    """MONEY-TURN-5: holding cards, the player to move can only turn (claims aside): no pass,
    no choice of card, no playing money."""
    st = position(hands=[["8", "2", "3"], ["5"]], banks=[["K", "Q"], []], pile=["4"])
    assert [a for a in st.legal_actions() if not isinstance(a, Claim)] == [Turn()]
    refused(st, "pass")
    refused(st, "play 2")
    refused(st, "buy K from opponent")
    st.apply("turn")
    assert R(st.pile) == ["4", "8"]


# --- §5 captures ---------------------------------------------------------------------------


def test_MONEY_CAPTURE_1_match_is_same_number_as_the_previous_top_card():
    """MONEY-CAPTURE-1: a match needs at least one card already on the pile, and the same
    number as the card it lands on (only the top card counts)."""
    st = position(hands=[["9", "4", "4"], ["5", "9"]])
    st.apply("turn")  # 9 onto an empty pile
    assert st.last[2] is False
    st.apply("turn")  # B's 5 on the 9
    assert st.last[2] is False
    st.apply("turn")  # A's 4 on the 5 (a 9 lies deeper: irrelevant)
    assert st.last[2] is False
    st.apply("turn")  # B's 9 on the 4: the 9 deeper down does not count
    assert st.last[2] is False
    st.apply("turn")  # A's 4 on the 9
    assert st.last[2] is False
    st = position(hands=[["4", "2"], ["5"]], pile=["9", "4"])
    st.apply("turn")
    assert st.last[2] is True


def test_MONEY_CAPTURE_2_capture_takes_every_pile_card_and_all_money_under():
    """MONEY-CAPTURE-2: the whole ground: every number card, the capturing card and all money
    under the pile."""
    st = position(
        hands=[["3", "7"], ["5"]], banks=[[], []], pile=["6", "10", "2", "3"], under=["Q", "K"]
    )
    pile = list(st.pile)
    card = st.hands[A][0]
    st.apply("turn")
    st.apply("claim", seat=A)
    assert st.hands[A][1:] == [*pile, card]
    assert M(st.banks[A]) == ["K", "Q"]
    assert st.pile == [] and st.under == [] and st.pile_ids == []


def test_MONEY_CAPTURE_3_captured_pile_goes_under_the_hand_in_pile_order():
    """MONEY-CAPTURE-3: the pile turned over in one piece, under the hand: a player holding
    ``[6]`` captures ``4 9 9`` and holds ``[6, 4, 9, 9]`` (bottom card first, capturing card
    last)."""
    st = position(hands=[["9", "6"], ["5"]], pile=["4", "9"], rest=B)
    st.apply("turn")
    pile = list(st.pile)
    st.apply("claim", seat=A)
    assert R(st.hands[A]) == ["6", "4", "9", "9"]
    assert st.hands[A][1:] == pile


def test_MONEY_CAPTURE_4_captured_money_goes_to_the_bank_and_can_pay():
    """MONEY-CAPTURE-4: captured money joins the capturer's bank, ready for purchases."""
    st = position(hands=[["9"], ["5", "2"]], banks=[[], []], pile=["4", "9"], under=["J"])
    st.apply("turn")
    st.apply("claim", seat=A)
    assert M(st.banks[A]) == ["J"]
    st.apply("turn")  # B
    st.apply("turn")  # A's last card (the 4)
    st.apply("turn")  # B
    st.apply("turn")  # A's 9
    st.apply("turn")  # B
    st.apply("turn")  # A's 9
    st.apply("turn")  # B: now A holds nothing and must buy with the captured Jack
    assert st.hands[A] == [] and st.to_move() == A
    assert M(st.banks[A]) == ["J"]
    assert any(str(a).startswith(("buy J", "exchange J")) for a in st.legal_actions())


def test_MONEY_CAPTURE_5_after_a_capture_the_next_card_starts_a_new_pile():
    """MONEY-CAPTURE-5: the ground is empty after a capture; the next card starts a new pile
    (it cannot match the captured cards)."""
    st = position(hands=[["9", "6"], ["9", "5"]], pile=["4", "9"])
    st.apply("turn")
    st.apply("claim", seat=A)
    assert st.pile == [] and st.under == []
    st.apply("turn")  # B's 9: same number as the captured top card
    assert R(st.pile) == ["9"] and st.last[2] is False
    assert not st.claim_is_valid(B)


def test_MONEY_CAPTURE_6_jordanian_capture_only_by_claim_egyptian_automatic():
    """MONEY-CAPTURE-6: in the Jordanian game a match stays on the ground until claimed;
    under EG-1 it is captured at once."""
    st = position(hands=[["9", "6"], ["5"]], pile=["4", "9"])
    st.apply("turn")
    assert R(st.pile) == ["4", "9", "9"] and R(st.hands[A]) == ["6"]
    st = position(hands=[["9", "6"], ["5"]], pile=["4", "9"], options={"auto_capture": True})
    st.apply("turn")
    assert st.pile == [] and R(st.hands[A]) == ["6", "4", "9", "9"]
    assert st.to_move() == B


def test_M_2_capture_by_claim():
    """M-2 (CAPTURE-1..4, CLAIM-2): pile ``4 9``, under {K}; A ``[9, 6]``, bank {Q}. A turns
    (match), A claims: A ``[6, 4, 9, 9]``, bank {Q, K}; ground empty; B to move."""
    st = position(hands=[["9", "6"], []], banks=[["Q"], []], pile=["4", "9"], under=["K"])
    st.apply("turn")
    assert R(st.pile) == ["4", "9", "9"] and st.last[2] is True
    st.apply("claim", seat=A)
    assert R(st.hands[A]) == ["6", "4", "9", "9"]
    assert M(st.banks[A]) == ["K", "Q"]
    assert st.pile == [] and st.under == []
    assert st.to_move() == B


# --- §6 claims -----------------------------------------------------------------------------


def test_MONEY_CLAIM_1_window_stays_open_through_purchases_until_the_next_reveal():
    """MONEY-CLAIM-1: the window opens at the reveal and closes only at the opponent's next
    reveal: not at the opponent's exchanges or purchase."""
    # A's match is on top; B holds nothing and must buy (pile of 7: from the ground).
    st = position(
        hands=[[], []],
        banks=[[], ["Q"]],
        pile=["2", "5", "8", "3", "10", "4", "4"],
        last=(A, True),
        mover=B,
        rest=A,
        rest_money=A,
    )
    assert st.claim_is_valid(A)
    st.apply("exchange Q for K J with opponent")
    assert st.claim_is_valid(A)
    st.apply("buy K from ground")  # B takes the bottom five; A's 4 is still on top
    assert R(st.pile) == ["4", "4"] and M(st.under) == ["K"]
    assert st.claim_is_valid(A)
    st.apply("claim", seat=A)
    assert R(st.hands[A][-2:]) == ["4", "4"]
    assert "K" in M(st.banks[A]) and st.under == []
    assert st.to_move() == B
    # the opponent's reveal closes it
    st = position(hands=[["9", "6"], ["5", "2"]], pile=["4", "9"])
    st.apply("turn")
    assert st.claim_is_valid(A)
    st.apply("turn")
    assert not st.claim_is_valid(A)


def test_MONEY_CLAIM_2_valid_claim_needs_own_card_still_on_top_that_matched():
    """MONEY-CLAIM-2: valid iff (a) the claimant turned the latest card, (b) it is still the
    top card, (c) it made a match; a valid claim captures."""
    st = position(hands=[["9", "6"], ["5"]], pile=["4", "9"])
    st.apply("turn")
    assert st.claim_is_valid(A) and not st.claim_is_valid(B)  # (a)
    # (c) no match: not valid
    st2 = position(hands=[["7", "6"], ["5"]], pile=["4", "9"])
    st2.apply("turn")
    assert not st2.claim_is_valid(A)
    # (b) the matched card no longer on top (Syrian top purchase removed it): not valid
    st3 = position(
        hands=[[], []],
        banks=[[], ["JK"]],
        pile=["2", "5", "8", "3", "10", "6", "6"],
        last=(A, True),
        mover=B,
        variant="syrian",
        rest=A,
    )
    assert st3.claim_is_valid(A)
    st3.apply("buy JK from ground")
    assert R(st3.pile) == ["2", "5"]
    assert not st3.claim_is_valid(A)
    # a valid claim captures
    pile = list(st.pile)
    st.apply("claim", seat=A)
    assert st.hands[A][1:] == pile


def test_MONEY_CLAIM_3_missed_match_is_lost_for_good():
    """MONEY-CLAIM-3: once the window closes the chance is gone; play continues onto the pile
    and later matches are judged against the new top card only."""
    st = position(hands=[["9", "6", "2"], ["5", "6"]], pile=["4", "9"])
    st.apply("turn")  # match, not claimed
    st.apply("turn")  # B's 5 closes the window
    assert R(st.pile) == ["4", "9", "9", "5"]
    assert not st.claim_is_valid(A)
    st.apply("turn")  # A's 6 on the 5
    assert st.last[2] is False
    st.apply("turn")  # B's 6 on A's 6: a new match, judged on the new top
    assert st.last[2] is True and st.claim_is_valid(B)


def test_M_3_missed_match():
    """M-3 (CLAIM-3): pile ``4 9``; A ``[9, 6]``; B ``[5, 2]``. A turns 9 (match), no claim;
    B turns 5: pile ``4 9 9 5``, the chance is gone; A turns 6: pile ``4 9 9 5 6``, no match."""
    st = position(hands=[["9", "6"], ["5", "2"]], pile=["4", "9"])
    st.apply("turn")
    assert st.last[2] is True
    st.apply("turn")
    assert R(st.pile) == ["4", "9", "9", "5"]
    assert not st.claim_is_valid(A)
    st.apply("turn")
    assert R(st.pile) == ["4", "9", "9", "5", "6"]
    assert st.last[2] is False
    assert not st.claim_is_valid(A) and not st.claim_is_valid(B)


def test_MONEY_CLAIM_4_false_claim_penalty():
    """MONEY-CLAIM-4: any invalid claim on a non-empty pile is false; the claimant's opponent
    takes the whole ground as a capture. Covers a non-match, a late claim and a claim on the
    opponent's card."""
    # (1) claiming a non-match
    st = position(hands=[["6", "2"], ["3"]], pile=["4", "9"], under=["J"])
    st.apply("turn")
    pile = list(st.pile)
    st.apply("claim", seat=A)
    assert st.hands[B][-3:] == pile and "J" in M(st.banks[B])
    assert st.pile == [] and st.under == []
    # (2) a late claim: the window closed at B's reveal
    st = position(hands=[["9", "6"], ["5", "2"]], pile=["4", "9"], under=["K"])
    st.apply("turn")
    st.apply("turn")
    pile = list(st.pile)
    kb = M(st.banks[B]).count("K")
    st.apply("claim", seat=A)
    assert st.hands[B][-4:] == pile
    assert M(st.banks[B]).count("K") == kb + 1
    assert st.to_move() == A
    # (3) claiming the opponent's match: the opponent gets the ground anyway
    st = position(hands=[["9", "6"], ["5", "2"]], pile=["4", "9"])
    st.apply("turn")
    n_b = len(st.hands[B])
    st.apply("claim", seat=B)
    assert len(st.hands[B]) == n_b
    assert R(st.hands[A]) == ["6", "4", "9", "9"]
    assert st.to_move() == B


def test_M_4_false_claim():
    """M-4 (CLAIM-4): pile ``4 9``, under {J}; A ``[6]``, bank {K}; B ``[3]``. A turns 6 (no
    match) and claims: B ``[3, 4, 9, 6]``, B's bank gains the J, ground empty, B to move; at
    A's next turn A must buy."""
    st = position(hands=[["6"], ["3"]], banks=[["K"], []], pile=["4", "9"], under=["J"])
    j_before = M(st.banks[B]).count("J")
    st.apply("turn")
    st.apply("claim", seat=A)
    assert R(st.hands[B][:1]) == ["3"] and R(st.hands[B][-3:]) == ["4", "9", "6"]
    assert M(st.banks[B]).count("J") == j_before + 1
    assert st.pile == [] and st.under == []
    assert st.to_move() == B
    st.apply("turn")
    assert st.to_move() == A and st.hands[A] == []
    assert st.must_buy()
    assert {str(a) for a in st.legal_actions() if not isinstance(a, Claim)} == {
        "buy K from opponent"
    }


def test_MONEY_CLAIM_5_claim_on_an_empty_pile_is_refused_without_penalty():
    """MONEY-CLAIM-5: with no number card on the ground a claim has no effect: refused, no
    penalty, even with money lying there."""
    st = fresh()
    refused(st, "claim", seat=A)
    refused(st, "claim", seat=B)
    assert Claim(A) not in st.legal_actions(A)
    st = position(hands=[["5"], ["8"]], under=["K", "Q"], last=None)
    refused(st, "claim", seat=B)
    # after a capture the pile is empty again
    st = position(hands=[["9", "6"], ["5"]], pile=["4", "9"])
    st.apply("turn")
    st.apply("claim", seat=A)
    refused(st, "claim", seat=A)
    refused(st, "claim", seat=B)


def test_MONEY_CLAIM_6_penalty_applies_at_once():
    """MONEY-CLAIM-6 (D4): the penalty needs no action by the opponent: the ground is theirs
    as soon as the false claim is made, with the log saying so."""
    st = position(hands=[["6", "2"], ["3"]], pile=["4", "9"])
    st.apply("turn")
    n = len(st.hands[B])
    events = st.apply("claim", seat=A)
    assert len(st.hands[B]) == n + 3
    assert [e.kind for e in events] == ["false", "capture"]
    assert events[1].seat == B
    assert st.to_move() == B and st.phase == "play"


def test_MONEY_CLAIM_7_either_player_may_claim_at_any_moment_in_order():
    """MONEY-CLAIM-7: either seat may claim any time, also during the other's buying step or
    the seller's choice; claims take effect in the order made."""
    # during B's buying step: A claims its own pending match
    st = position(
        hands=[[], []],
        banks=[[], ["K"]],
        pile=["2", "7", "7"],
        last=(A, True),
        mover=B,
        rest=A,
    )
    assert Claim(A) in st.legal_actions(A)
    st.apply("claim", seat=A)
    assert st.pile == [] and R(st.hands[A][-3:]) == ["2", "7", "7"]
    assert st.to_move() == B and st.must_buy()
    # during the seller's choice: A (the seller) claims its pending match
    st = position(
        hands=[[], []],
        banks=[[], ["K", "K"]],
        pile=["2", "7", "7"],
        last=(A, True),
        mover=B,
        rest=A,
        rest_money=A,
    )
    st.apply("buy K from opponent")
    assert st.phase == "sell" and st.to_move() == A
    assert Claim(B) in st.legal_actions(B) and Claim(A) in st.legal_actions(A)
    st.apply("claim", seat=A)
    assert st.pile == [] and R(st.hands[A][-3:]) == ["2", "7", "7"]
    assert st.phase == "sell" and st.to_move() == A
    st.apply("sell 5")
    assert len(st.hands[B]) == 5 and st.to_move() == B
    # order: the first (valid) claim captures, the second finds an empty pile
    st = position(hands=[["9", "6"], ["5"]], pile=["4", "9"])
    st.apply("turn")
    st.apply("claim", seat=A)
    refused(st, "claim", seat=B)
    # the other order: B's false claim first gives A the ground, A's claim is then refused
    st = position(hands=[["9", "6"], ["5"]], pile=["4", "9"])
    st.apply("turn")
    st.apply("claim", seat=B)
    assert R(st.hands[A]) == ["6", "4", "9", "9"]
    refused(st, "claim", seat=A)


# --- §8 the end ----------------------------------------------------------------------------


def test_MONEY_END_1_player_to_move_with_no_card_and_no_purchase_loses():
    """MONEY-END-1: the player to move holds no number card and has no legal purchase (an
    empty bank): the game ends at once; they lose, the opponent wins and takes the ground."""
    st = position(hands=[[], ["5", "2"]], banks=[[], []], pile=["4", "9"], under=["K"], mover=B)
    st.apply("turn")  # B's 5; now A must buy and cannot
    assert st.is_over() and st.phase == "over"
    assert st.winners() == [B]
    assert st.to_move() is None
    assert st.pile == [] and st.under == []
    assert R(st.hands[B][-3:]) == ["4", "9", "5"]
    assert len(st.hands[B]) == 40 and len(st.banks[B]) == 12
    assert st.legal_actions() == [] and st.legal_actions(A) == []


def test_MONEY_END_2_one_player_holds_every_card():
    """MONEY-END-2: the game ends at once when one player holds every card in hand and bank.
    (Here B, with nothing, claims falsely and A takes the last cards from the ground.)"""
    st = position(
        hands=[["5"], []],
        banks=[[], []],
        pile=["4"],
        under=["K"],
        last=(A, False),
        rest=A,
        rest_money=A,
    )
    assert not st.is_over()
    st.apply("claim", seat=B)
    assert st.is_over() and st.winners() == [A]
    assert len(st.hands[A]) == 40 and len(st.banks[A]) == 12
    assert "every card" in st.end_reason


def test_MONEY_END_3_turn_limit_decides_on_worth_or_draw():
    """MONEY-END-3 (D23): option ``turn_limit`` (default 10000 cards turned, 0 = none): when
    reached, the greater worth (hand size + bank value) wins; equal worth is a draw."""
    assert fresh().options["turn_limit"] == 10000
    deck = ["2H", "3H", "4H", "5H", "6H", "7H"]
    st = G.new_state(deck=deck, dealer=1, seed=0, options={"turn_limit": 1})
    st.apply("turn")
    assert st.is_over() and st.scores() == [19 + 60, 20 + 60] and st.winners() == [B]
    st = G.new_state(deck=deck, dealer=1, seed=0, options={"turn_limit": 2})
    st.apply("turn")
    assert not st.is_over()
    st.apply("turn")
    assert st.is_over() and st.scores() == [79, 79] and st.winners() == [A, B]
    refused(st, "claim", seat=A)
    # the default limit: the 10000th card ends it
    st = position(hands=[["5", "2"], ["8"]], pile=["4"], turns=9999)
    st.apply("turn")
    assert st.is_over() and st.winners() == [B]
    # 0: no limit
    st = position(hands=[["5", "2"], ["8"]], pile=["4"], turns=20000, options={"turn_limit": 0})
    st.apply("turn")
    st.apply("turn")
    assert not st.is_over()


# --- refusals ------------------------------------------------------------------------------


def test_refused_turning_with_no_cards():
    """MONEY-TURN-2 / BUY-1: an empty-handed player must buy first; ``turn`` is refused."""
    st = position(banks=[["K"], []], pile=["2", "3"])
    assert "buy" in refused(st, "turn")


def test_refused_non_mover_trying_to_turn_or_buy():
    """MONEY-TURN-1: only the player to move turns; the other may only claim."""
    st = position(hands=[["5", "2"], ["8"]], pile=["4"])
    refused(st, "turn", seat=B)
    refused(st, Turn(), seat=B)
    refused(st, "buy K from opponent", seat=B)
    refused(st, Claim(A), seat=B)  # a claim is made by the seat that claims
    refused(st, "claim", seat=2)  # no such seat


def test_refused_anything_after_the_game_is_over():
    """Nothing is legal once the game is over (here by END-1)."""
    st = position(hands=[[], ["5", "2"]], banks=[[], []], pile=["4", "9"], mover=B)
    st.apply("turn")
    assert st.is_over()
    for action in (
        "turn",
        "claim",
        "buy K from opponent",
        "sell 5",
        "exchange Q for K J with opponent",
    ):
        refused(st, action)
    refused(st, "claim", seat=A)
    refused(st, "claim", seat=B)


def test_refused_unparseable_action_text():
    """Text that is not a Money action is refused with a reason, the state unchanged."""
    st = position(hands=[["5", "2"], ["8"]], banks=[["K"], []], pile=["4"])
    for text in (
        "",
        "dance",
        "buy",
        "buy K",
        "buy K to ground",
        "buy X from ground",
        "buy K from ground change 7",
        "exchange Q K",
        "exchange Q for K J with bank",
        "exchange for K with ground",
        "sell",
        "sell many",
        "sell 5 change Z",
        "buy K from mars",
    ):
        refused(st, text)


def test_a_capture_of_one_card_is_worded_in_the_singular() -> None:
    """The log counts the cards a capture takes: "1 card", "2 cards"."""
    from cardsuite.games.money.wording import _capture_words

    words = _capture_words("takes the ground")
    assert words(0, {"cards": 1, "money": []}).endswith(": 1 card")
    assert words(0, {"cards": 2, "money": ["KS"]}).endswith(": 2 cards and [KS]")
