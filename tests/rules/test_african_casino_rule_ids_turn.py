"""African Casino's rules of the table, the turn, capturing, building, raising and
trailing, one test (at least) per rule ID of ``../shared/rules/african-casino.md`` §3-7
and §10.

Three players P1 P2 P3 (seats 0 1 2, P1 to move), Swazi, ``insist=off``, unless a test says
otherwise; positions written by hand and loaded (``casino_positions.position``), read and
played through the public API only. Each test names the rule IDs it exercises in its
docstring."""

from __future__ import annotations

import random

from casino_positions import build, game_fixture, hand, legal, pile, position, refused

from cardsuite.engine import Game

game = game_fixture()


# --- §3 the table ------------------------------------------------------------------------


def test_TAB_2_a_build_is_single_or_augmented_and_taken_whole(game: Game) -> None:
    """CASINO-TAB-2: a build has a value, an owner and a kind: single (one set) until a
    second unit makes it augmented; it is captured only as a whole: its cards are no loose
    cards for a capture, and a capture of the build takes every unit."""
    st = position(game, hands={0: "10S 9D 7C"}, loose="5H 3C 2D 6H 4C")
    st.apply("build 10: 5H 3C 2D")
    assert build(st, 10) == (0, "single", [["2D", "3C", "5H"]])
    st.apply("add B10: 6H+4C")
    assert build(st, 10) == (0, "augmented", [["2D", "3C", "5H"], ["4C", "6H"]])
    refused(st, "capture 10S: 5H+3C+2D")  # the build's cards are not loose
    refused(st, "capture 7C: 5H+2D")
    st.apply("capture 10S: B10")
    assert build(st, 10) is None
    assert sorted(pile(st, 0)[-6:]) == sorted(["10S", "2D", "3C", "4C", "5H", "6H"])


def test_TAB_3_builds_are_never_split_nor_combined(game: Game) -> None:
    """CASINO-TAB-3 (EX-13): P1 owns B5 and B4 and holds a 9: no step takes both builds as
    a 9, none raises one onto the other or adds one to the other."""
    st = position(
        game, hands={0: "9S 5H 4D"}, builds=((5, 0, ["3C 2D"]), (4, 0, ["3H AC"])), loose="6S"
    )
    refused(st, "capture 9S: B5 B4")
    refused(st, "add B9: 3C+2D+3H+AC")
    refused(st, "build 9: 3C 2D 3H AC")
    steps = legal(st)
    assert not any("B5" in a and "B4" in a for a in steps)
    assert not any(set(a.replace("+", " ").split()) & {"3C", "2D", "3H", "AC"} for a in steps)


def test_TAB_4_no_two_builds_of_one_value_but_1_and_14_differ(game: Game) -> None:
    """CASINO-TAB-4 (EX-15): with P2's B13 on the table P1 may not build another 13; B1 and
    B14 are different values and may lie side by side (P1 holds a different ace for each,
    TAB-5)."""
    st = position(game, hands={0: "KS 2C"}, loose="10C 3H", builds=((13, 1, ["8C 5D"]),))
    assert "TAB-4" in refused(st, "build 13: 10C 3H")
    assert not any(a.startswith("build 13") for a in legal(st))
    st = position(game, hands={0: "AH AS AD 7C"}, loose="9C 5D AC")
    st.apply("build 14: 9C 5D")
    st.apply("add AC=1: AD")
    assert build(st, 14) == (0, "single", [["5D", "9C"]])
    assert build(st, 1) == (0, "augmented", [["AC"], ["AD"]])


def test_TAB_5_never_abandon_a_build_one_card_for_each(game: Game) -> None:
    """CASINO-TAB-5 (EX-12): an owner keeps a capturing card for every build, a different
    one for each: with B9 and only 9D, ``trail 9D`` is refused and ``trail 4C`` legal; with
    9D 9H either nine may go; one ace cannot keep both a B1 and a B14."""
    st = position(game, hands={0: "9D 4C"}, builds=((9, 0, ["5C 4D"]),))
    assert "TAB-5" in refused(st, "trail 9D")
    assert "trail 9D" not in legal(st) and "trail 4C" in legal(st)
    st = position(game, hands={0: "9D 9H 4C"}, builds=((9, 0, ["5C 4D"]),))
    assert {"trail 9D", "trail 9H"} <= legal(st)
    st = position(game, hands={0: "AH AD 7C"}, loose="9C 5D AC")
    st.apply("build 14: 9C 5D")
    assert "TAB-5" in refused(st, "add AC=1: AD")  # AH alone cannot take B14 and B1
    assert "add AC=1: AD" not in legal(st)


# --- §4 the turn -------------------------------------------------------------------------


def test_TURN_1_one_card_from_the_hand_each_turn(game: Game) -> None:
    """CASINO-TURN-1: each turn plays exactly one hand card: ``end`` before it is refused,
    a second hand card after it is refused, and the hand is one card shorter."""
    st = position(game, hands={0: "10S 7C 2H 9S"}, loose="5H 3C 2D 8D AC")
    assert "TURN-1" in refused(st, "end")
    st.apply("build 10: 5H 3C 2D")  # a free step: nothing played yet
    assert hand(st, 0) == ["10S", "2H", "7C", "9S"] and "end" not in legal(st)
    st.apply("capture 10S: B10")  # the play; a free build of 9 (8D+AC) is still possible
    assert "TURN-1" in refused(st, "trail 7C")
    assert "TURN-1" in refused(st, "capture 9S: 8D+AC")
    assert not any(a.split()[0] in ("capture", "trail", "raise") for a in legal(st))
    assert hand(st, 0) == ["2H", "7C", "9S"] and st.view(None)["played"]


def test_TURN_1_each_kind_of_play_spends_the_card(game: Game) -> None:
    """CASINO-TURN-1: the play is a capture, a build with the card, a raise, an addition of
    the card, or a trail: each spends the turn's card (afterwards no hand card is offered)."""
    plays = {
        "capture 9S: 9C": ("9S 2H", "9C 4D", ()),
        "build 9: 4D 5H": ("5H 9S", "4D", ()),
        "raise B7: 2H": ("2H 9S", "", ((7, 1, ["4C 3D"]),)),
        "add 9C=9: 5H+4D": ("5H 9S", "9C 4D", ()),
        "trail 2H": ("2H 9S", "KC", ()),
    }
    for text, (h, lo, builds) in plays.items():
        st = position(game, hands={0: h, 1: "7S 8S", 2: "KD QD"}, loose=lo, builds=builds)
        st.apply(text)
        assert st.view(0)["hand_sizes"][0] == 1, text
        assert st.to_move() != 0 or not any(
            a.split()[0] in ("capture", "trail", "raise") for a in legal(st)
        ), text


def test_TURN_2_free_builds_and_additions_before_and_after_the_play(game: Game) -> None:
    """CASINO-TURN-2: builds and additions that use no hand card may come before the play
    and after it, in any order, as many as the player likes."""
    st = position(game, hands={0: "10S 8C 6S"}, loose="5H 3C 2D 6H 4C 7D AD")
    st.apply("build 10: 5H 3C 2D")  # before the play
    st.apply("add B10: 6H+4C")
    st.apply("trail 6S")  # the play
    assert st.to_move() == 0 and "build 8: AD 7D" in legal(st)
    st.apply("build 8: 7D AD")  # after the play, still free
    assert build(st, 8) == (0, "single", [["7D", "AD"]])
    assert st.to_move() == 1  # nothing else was possible: the turn ended by itself


def test_TURN_3_the_card_trailed_stays_out_of_the_free_steps(game: Game) -> None:
    """CASINO-TURN-3: after ``trail 5H`` the 5H lies loose but no free step of this turn may
    use it (5H+3C+2D would make 10); the next player may."""
    st = position(game, hands={0: "5H 10S 9C", 1: "10C 9H 2S"}, loose="3C 2D 4S")
    st.apply("trail 5H")
    assert "TURN-3" in refused(st, "build 10: 5H 3C 2D")
    assert not any("5H" in a for a in legal(st))
    assert st.to_move() == 0 and "build 9: 2D 3C 4S" in legal(st)  # (4S+3C+2D makes 9)
    st.apply("end")
    assert "build 10: 2D 3C 5H" in legal(st)


def test_TURN_4_the_turn_ends_only_when_its_conditions_hold(game: Game) -> None:
    """CASINO-TURN-4: ``end`` is offered and accepted only after the play; not while an
    opponent's build added to is still on the table (AUG-5); the turn ends by itself
    when ``end`` is the only step left."""
    st = position(
        game,
        hands={0: "9S 2D 8C", 1: "9H 3S 4S"},
        loose="5H 4C 6D 2C",
        builds=((9, 1, ["6C 3D"]),),
    )
    assert "end" not in legal(st)
    st.apply("add B9: 5H+4C")
    assert "AUG-5" in refused(st, "capture 8C: 6D+2C")  # the play must take B9
    st.apply("capture 9S: B9")
    assert st.to_move() == 0 and "end" in legal(st)  # a free build of 8 is still possible
    st.apply("end")
    assert st.to_move() == 1
    st = position(game, hands={0: "9S 3H"}, loose="9C")
    st.apply("capture 9S: 9C")
    assert st.to_move() == 1  # nothing else to do: ended by itself


def test_TURN_5_a_legal_turn_always_exists(game: Game) -> None:
    """CASINO-TURN-5: every turn has a legal play: a capture of one's own build or a trail.
    Checked at the start of every turn of seeded random games in every version (insist
    off, so no demand narrows the choice)."""
    seen = 0
    for players, variant in ((2, "swazi"), (3, "sotho"), (4, "swazi"), (2, "south-african")):
        st = game.new_state(players=players, variant=variant, seed=11, options={"insist": "off"})
        rng = random.Random(11)
        last = None
        while not st.is_over() and st.view(None)["deal_no"] == 1:
            seat = st.to_move()
            v = st.view(seat)
            if v["phase"] == "play" and not v["played"] and (seat, len(v["hand"])) != last:
                last = (seat, len(v["hand"]))
                steps = legal(st)
                own = [b["value"] for b in v["builds"] if b["owner"] == seat]
                assert any(a.startswith("trail") for a in steps) or any(
                    a.startswith("capture") and f"B{b}" in a.split() for a in steps for b in own
                )
                seen += 1
            acts = st.legal_actions()
            st.apply(acts[int(rng.random() * len(acts))])
    assert seen > 40
    # the hard case: a restricted phase forbids the trail, the own build's capture remains
    st = position(game, 2, hands={0: "9D 4C"}, builds=((9, 0, ["5C 4D"]),))
    assert legal(st) == {"capture 9D: B9"}


def test_TURN_6_no_step_leads_to_a_dead_end(game: Game) -> None:
    """CASINO-TURN-6 (EX-9): a step after which the turn could not end is refused: after a
    free build of 10, trailing the only 10 is refused (TAB-5 could not hold); after adding
    to P2's B9, trailing the 2D is refused (B9 could no longer be taken, AUG-5)."""
    st = position(game, hands={0: "10S 7C"}, loose="5H 3C 2D")
    st.apply("build 10: 5H 3C 2D")
    assert "TAB-5" in refused(st, "trail 10S")
    assert "trail 10S" not in legal(st) and "trail 7C" in legal(st)
    st = position(game, hands={0: "9S 2D", 1: "9H 3S"}, loose="5H 4C", builds=((9, 1, ["6C 3D"]),))
    st.apply("add B9: 5H+4C")
    assert "AUG-5" in refused(st, "trail 2D")
    assert legal(st) == {"capture 9S: B9"}


# --- §5 capturing ------------------------------------------------------------------------


def test_CAP_1_one_card_takes_every_target_of_its_value(game: Game) -> None:
    """CASINO-CAP-1: a 9 takes at once P2's build of 9, a loose 9 and two sets adding up to
    9; every target goes to P1's pile; a set of the wrong value is refused; a loose ace
    matches an ace played as 1 or as 14."""
    st = position(
        game,
        hands={0: "9S KC", 1: "9H 8H"},
        loose="9C 5H 4D 6S 3C KD",
        builds=((9, 1, ["7C 2C"]),),
    )
    before = len(pile(st, 0))
    st.apply("capture 9S: B9 9C 5H+4D 6S+3C")
    assert st.view(None)["loose"] == ["KD"] and build(st, 9) is None
    taken = pile(st, 0)[before:]
    assert sorted(taken) == sorted(["9C", "5H", "4D", "6S", "3C", "7C", "2C", "9S"])
    st = position(game, hands={0: "9S KC"}, loose="5H 3D")
    assert "CAP-1" in refused(st, "capture 9S: 5H+3D")
    for value in (1, 14):
        st = position(game, hands={0: "AH KC"}, loose="AC 7D")
        st.apply(f"capture AH={value}: AC")
        assert pile(st, 0)[-2:] == ["AC", "AH"]


def test_CAP_2_a_build_is_never_part_of_a_sum(game: Game) -> None:
    """CASINO-CAP-2: P2's B5 and a loose 4 make no 9: a nine takes only the 4's partner
    sets, never B5+4C."""
    st = position(game, hands={0: "9S 2H", 1: "5S 8S"}, loose="4C 5D", builds=((5, 1, ["3C 2D"]),))
    refused(st, "capture 9S: B5+4C")
    refused(st, "capture 9S: B5 4C")
    caps = {a for a in legal(st) if a.startswith("capture 9S")}
    assert caps == {"capture 9S: 5D+4C"}


def test_CAP_3_no_direct_capture_of_a_pile_card_in_swazi_and_sotho(game: Game) -> None:
    """CASINO-CAP-3 (EX-22): in Swazi and Sotho a pile top is never a capture's target, alone
    or in a set; only an addition brings it into a build that the play then takes."""
    for variant in ("swazi", "sotho"):
        st = position(
            game,
            2,
            variant,
            hands={0: "8S 8D"},
            loose="7C",
            builds=((8, 0, ["5C 3D"]),),
            piles={1: "AH"},
        )
        assert "CAP-3" in refused(st, "capture 8S: B8 7C+top:P2")
        assert not any(a.startswith("capture") and "top" in a for a in legal(st))
        st.apply("add B8: 7C+top:P2")
        st.apply("capture 8S: B8")
        assert pile(st, 1) == [] and build(st, 8) is None


def test_CAP_4_capturing_is_never_compulsory(game: Game) -> None:
    """CASINO-CAP-4: with ``insist=off`` the 9 may take less than it could (9C alone, or
    5H+4D alone), or capture nothing and trail."""
    st = position(game, hands={0: "9S KC"}, loose="9C 5H 4D")
    steps = legal(st)
    assert {"capture 9S: 9C", "capture 9S: 5H+4D", "capture 9S: 9C 5H+4D", "trail 9S"} <= steps
    st.apply("capture 9S: 9C")
    assert st.view(None)["loose"] == ["5H", "4D"] and st.to_move() == 1


def test_CAP_5_the_capturing_card_on_top_the_rest_ascending(game: Game) -> None:
    """CASINO-CAP-5 [D] (EX-9): captured cards go on the side's pile, the capturing card
    uppermost, the others in rising order towards it (aces low, then clubs, diamonds,
    hearts, spades)."""
    st = position(
        game, hands={0: "9S 2D", 1: "9H 3S"}, loose="5H 4C AC 8D", builds=((9, 1, ["6C 3D"]),)
    )
    st.apply("capture 9S: B9 5H+4C AC+8D")
    assert pile(st, 0)[-7:] == ["8D", "6C", "5H", "4C", "3D", "AC", "9S"]


def test_CAP_4_taking_the_build_alone_is_offered(game: Game) -> None:
    """CASINO-CAP-4: P1 may capture P2's B9 and leave the loose 6C+3S; the step is accepted,
    so the listing (the table's list of plays, the bots' choices) offers it too."""
    st = position(
        game, hands={0: "9D 8D 2C", 1: "9H 3H 4H"}, loose="6C 3S 8C", builds=((9, 1, ["5C 4D"]),)
    )
    assert "capture 9D: B9 6C+3S" in legal(st) and "capture 9D: 6C+3S" in legal(st)
    probe = position(
        game, hands={0: "9D 8D 2C", 1: "9H 3H 4H"}, loose="6C 3S 8C", builds=((9, 1, ["5C 4D"]),)
    )
    probe.apply("capture 9D: B9")  # accepted as text
    assert "capture 9D: B9" in legal(st)


def test_CAP_1_a_refused_capture_with_the_wrong_ace_value_changes_nothing(game: Game) -> None:
    """CASINO-CAP-1, CASINO-DECK-3: 9C+5D is a 14, not a 1: ``capture AH=1: 9C+5D`` is
    refused and the game is left as it was (every card still in the pack)."""
    st = position(game, hands={0: "AH 7C"}, loose="9C 5D")
    assert "capture AH=14: 9C+5D" in legal(st)
    assert "units of 1" in refused(st, "capture AH=1: 9C+5D")


def test_CAP_5_the_capturer_may_order_the_cards_taken(game: Game) -> None:
    """CASINO-CAP-5 [P], §18: the capturer lays the cards taken as they like under the
    capturing card, which goes uppermost: the capture's text ends with ``order`` and the cards
    taken, bottom to top (never listed: bots keep the default, the highest at the bottom).
    The order matters, as the card under a pile's top is the next one opponents may use
    (CASINO-PILE-1). An order must name each card taken once, and no other."""
    st = position(game, hands={0: "9S 7D"}, loose="5H 4C 6D 3H 2S")
    assert not any("order" in a for a in legal(st))
    for wrong in ("3H 4C 5H", "3H 4C 5H 6D 9S", "3H 4C 5H 2S", "3H 4C 5H 5H"):
        assert "CAP-5" in refused(st, f"capture 9S: 5H+4C 6D+3H order {wrong}")
    st.apply("capture 9S: 5H+4C 6D+3H order 3H 4C 5H 6D")
    assert pile(st, 0)[-5:] == ["3H", "4C", "5H", "6D", "9S"]
    st = position(game, hands={0: "9S 7D"}, loose="5H 4C 6D 3H 2S")
    st.apply("capture 9S: 5H+4C 6D+3H")  # the default order
    assert pile(st, 0)[-5:] == ["6D", "5H", "4C", "3H", "9S"]


def test_CAP_5_the_order_of_a_capture_of_a_build_and_a_held_capture(game: Game) -> None:
    """CASINO-CAP-5, PART-4: a build's cards are ordered like loose ones, and a capture put to
    the partner (a team build) keeps its order through the hold prompt."""
    st = position(
        game, 4, hands={0: "9S 7D", 2: "8C 2H"}, loose="6D 3H", builds=((9, 0, ["5C 4D"]),)
    )
    st.apply("capture 9S: B9 6D+3H order 5C 3H 4D 6D")
    assert st.to_move() == 2  # the partner is asked first
    again = game.from_json(st.to_json())  # (saved while the question is open)
    for each in (st, again):
        each.apply("pass")
        assert pile(each, 0)[-5:] == ["5C", "3H", "4D", "6D", "9S"]


def test_VAR_SA_7_no_order_chosen_in_the_south_african_game(game: Game) -> None:
    """CASINO-VAR-SA 7: a South African batch lies in numerical order, lowest uppermost, the
    capturing card too: no order may be chosen (CASINO-CAP-5 gives way)."""
    st = position(game, 3, "south-african", hands={0: "9S 8D"}, loose="5H 4C")
    assert "VAR-SA 7" in refused(st, "capture 9S: 5H+4C order 4C 5H")
    st.apply("capture 9S: 5H+4C")
    assert pile(st, 0)[-3:] == ["9S", "5H", "4C"]


# --- §6 single builds --------------------------------------------------------------------


def test_BUILD_1_loose_cards_and_at_most_one_hand_card_two_or_more(game: Game) -> None:
    """CASINO-BUILD-1: a single build is two or more cards adding up to its value (2-14):
    loose cards alone (EX-1) or with one hand card (EX-2); never one card alone, two hand
    cards, a wrong sum, or more than 14."""
    st = position(game, hands={0: "10S 5S AH 4H"}, loose="5H 3C 2D 4C 9D 8C")
    steps = legal(st)
    assert {"build 10: 2D 3C 5H", "build 14: 5H 9D", "build 10: 5H 5S", "build 4: 3C AH"} <= steps
    assert "BUILD-1" in refused(st, "build 5: 5H")
    assert "BUILD-1" in refused(st, "build 9: 5S 4H")  # two hand cards
    assert "BUILD-1" in refused(st, "build 9: 5H 3C")  # 5 + 3 is 8
    refused(st, "build 17: 9D 8C")
    assert all(2 <= int(a.split()[1].rstrip(":")) <= 14 for a in steps if a.startswith("build"))
    st.apply("build 14: 5H 9D")  # (P1 keeps AH for it)
    assert build(st, 14) == (0, "single", [["5H", "9D"]])


def test_BUILD_2_the_builder_must_keep_a_capturing_card(game: Game) -> None:
    """CASINO-BUILD-2 (EX-1, EX-2): a build is made only if the builder then holds a card to
    capture it, another card than the one built with: KC+AS is a 14 for a player with a
    second ace, not for one whose only ace goes into the build."""
    st = position(game, hands={0: "9S 7C"}, loose="5H 3C 2D")
    assert "BUILD-2" in refused(st, "build 10: 5H 3C 2D")
    st = position(game, hands={0: "AS AD"}, loose="KC")
    st.apply("build 14: KC AS")
    assert build(st, 14) == (0, "single", [["AS", "KC"]])
    st = position(game, hands={0: "AS 5D"}, loose="KC")
    assert "BUILD-2" in refused(st, "build 14: KC AS")
    assert not any(a.startswith("build") for a in legal(st))


def test_BUILD_3_no_pile_card_in_a_single_build(game: Game) -> None:
    """CASINO-BUILD-3 (EX-3): P2's top 3D would make 6C a 9, but pile cards never go into a
    single build (in any version)."""
    for variant in ("swazi", "south-african"):
        st = position(game, 3, variant, hands={0: "9H 2C"}, loose="6C", piles={1: "3D"})
        refused(st, "build 9: 6C top:P2")
        assert not any(a.startswith("build") and "top" in a for a in legal(st))


def test_BUILD_4_the_builder_owns_the_build(game: Game) -> None:
    """CASINO-BUILD-4: the build belongs to the player who made it, not to the partner."""
    st = position(game, 4, hands={0: "10S 7C", 2: "10H 9H"}, loose="5H 3C 2D")
    st.apply("build 10: 5H 3C 2D")
    assert build(st, 10) == (0, "single", [["2D", "3C", "5H"]])


def test_BUILD_5_a_new_set_merges_into_the_sides_build_of_its_value(game: Game) -> None:
    """CASINO-BUILD-5 (EX-15, EX-16): a new build of a value an opponent's build has is
    refused; one of the value of one's own side's build joins it as a unit (augmented),
    and the owner stays (the partner, here)."""
    st = position(game, hands={0: "KS 2C"}, loose="10C 3H", builds=((13, 0, ["8C 5D"]),))
    st.apply("build 13: 10C 3H")
    assert build(st, 13) == (0, "augmented", [["5D", "8C"], ["10C", "3H"]])
    st = position(
        game,
        4,
        hands={0: "KS 2C", 2: "KH 4C"},
        loose="10C 3H",
        builds=((13, 2, ["8C 5D"]),),
    )
    st.apply("build 13: 10C 3H")
    assert build(st, 13) == (2, "augmented", [["5D", "8C"], ["10C", "3H"]])
    st = position(game, hands={0: "KS 2C"}, loose="10C 3H", builds=((13, 1, ["8C 5D"]),))
    assert "TAB-4" in refused(st, "build 13: 10C 3H")


# --- §7 raising --------------------------------------------------------------------------


def test_RAISE_1_one_hand_card_onto_an_opponents_single_build(game: Game) -> None:
    """CASINO-RAISE-1 (EX-4): an opponent's single build, one card from the hand, a card
    of the new value kept; the value grows by the card's (an ace adds 1), to 14 at most.
    Refused: one's own build, a loose card, no card of the new value, past 14."""
    st = position(
        game,
        hands={0: "2H JC AS 10D", 1: "9H 3H 4H 6H"},
        builds=((9, 1, ["5C 4D"]),),
        loose="3S",
    )
    steps = legal(st)
    assert {"raise B9: 2H", "raise B9: AS"} <= steps
    assert "raise B9: JC" not in steps and "raise B9: 10D" not in steps
    assert "RAISE-1" in refused(st, "raise B9: JC")  # 20: past 14
    refused(st, "raise B9: 3S")  # a loose card
    st.apply("raise B9: AS")
    assert build(st, 10) == (0, "single", [["4D", "5C", "AS"]])
    st = position(game, hands={0: "2H 9C", 1: "9H 3H"}, builds=((9, 1, ["5C 4D"]),))
    assert "RAISE-1" in refused(st, "raise B9: 2H")  # no jack kept for 11
    st = position(game, hands={0: "2H JC 9C"}, builds=((9, 0, ["5C 4D"]),))
    assert "RAISE-1" in refused(st, "raise B9: 2H")  # one's own


def test_RAISE_2_the_raiser_owns_the_raised_build(game: Game) -> None:
    """CASINO-RAISE-2: after the raise P1 owns the build, still single; P2 lost it."""
    st = position(game, hands={0: "2H JC", 1: "9C 8C"}, builds=((9, 1, ["5C 4D"]),))
    st.apply("raise B9: 2H")
    assert build(st, 11) == (0, "single", [["2H", "4D", "5C"]]) and build(st, 9) is None


def test_RAISE_3_a_raise_to_a_value_already_built(game: Game) -> None:
    """CASINO-RAISE-3 (EX-17): raising to the value of another opponent's build is refused;
    to one's own side's build, the raised cards join it as one unit (the owner stays)."""
    st = position(
        game,
        hands={0: "2H JC", 1: "9C 8C", 2: "JS 3C"},
        builds=((9, 1, ["5C 4D"]), (11, 2, ["6S 5S"])),
    )
    assert "RAISE-3" in refused(st, "raise B9: 2H")
    assert "raise B9: 2H" not in legal(st)
    st = position(
        game,
        4,
        hands={0: "2H JC", 1: "9C 8C", 2: "JS 3C"},
        builds=((9, 1, ["5C 4D"]), (11, 2, ["6S 5S"])),
    )
    st.apply("raise B9: 2H")
    assert build(st, 9) is None
    assert build(st, 11) == (2, "augmented", [["5S", "6S"], ["2H", "4D", "5C"]])


def test_RAISE_4_never_an_augmented_build_never_raise_and_take(game: Game) -> None:
    """CASINO-RAISE-4 (EX-5, EX-6): an augmented build can never be raised; a raise is the
    play, so the raised build cannot also be captured that turn."""
    st = position(game, hands={0: "2H JC", 1: "9H 8H"}, builds=((9, 1, ["9C", "5C 4H"]),))
    assert "RAISE-4" in refused(st, "raise B9: 2H")
    st = position(game, hands={0: "2H JC", 1: "9H 8H"}, builds=((9, 1, ["5C 4D"]),))
    st.apply("raise B9: 2H")
    assert st.to_move() == 1  # the play is spent: no capture of B11 this turn


# --- §10 trailing ------------------------------------------------------------------------


def test_TRAIL_1_a_trail_lays_the_card_loose_and_takes_nothing(game: Game) -> None:
    """CASINO-TRAIL-1: a player may trail, even a card that could capture (``insist=off``):
    the card joins the layout, no pile grows; TAB-5 still holds (a build's only capturing
    card cannot be trailed) and so does the restricted phase (TWO-1)."""
    st = position(game, hands={0: "9S 2H"}, loose="9C 5D")
    piles = [pile(st, p) for p in range(3)]
    st.apply("trail 9S")
    assert st.view(None)["loose"] == ["9C", "5D", "9S"]
    assert [pile(st, p) for p in range(3)] == piles and st.to_move() == 1
    st = position(game, hands={0: "9S 2H"}, builds=((9, 0, ["5C 4D"]),))
    assert "TAB-5" in refused(st, "trail 9S")
    st = position(game, 2, hands={0: "9S 9H"}, builds=((9, 0, ["5C 4D"]),))
    assert "TWO-1" in refused(st, "trail 9S")
