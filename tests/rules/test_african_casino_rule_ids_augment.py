"""African Casino's rules of augmenting, opponents' piles, insisting, partnerships, the
restricted phase and the South African differences in play, one test (at least) per rule
ID of ``../shared/rules/african-casino.md`` §8-9, §11-13 and §15 (VAR-SA 4-7).

Three players P1 P2 P3 (seats 0 1 2, P1 to move), Swazi, ``insist=off``, unless a test says
otherwise; four players sit N E S W = P1 P2 P3 P4, partners P1+P3 against P2+P4. Positions
written by hand and loaded (``casino_positions.position``), played through the public API
only. Each test names the rule IDs it exercises in its docstring."""

from __future__ import annotations

from typing import Any

from casino_positions import build, game_fixture, hand, legal, pile, position, refused

from cardsuite.engine import Game

game = game_fixture()


# --- §8 augmenting -----------------------------------------------------------------------


def test_AUG_1_an_addition_never_changes_the_value(game: Game) -> None:
    """CASINO-AUG-1: units of the build's value go onto it (one card worth it, or cards
    adding up to it) and its value stays; a unit of another sum is refused."""
    st = position(game, hands={0: "9D 3S 2H"}, loose="6H 9C 5C 4C 7D", builds=((9, 0, ["5D 4D"]),))
    assert "AUG-1" in refused(st, "add B9: 5C+4C+7D")
    assert "AUG-1" in refused(st, "add B9: 7D")
    st.apply("add B9: 9C | 5C+4C")
    assert build(st, 9) == (0, "augmented", [["4D", "5D"], ["9C"], ["4C", "5C"]])
    assert [b["value"] for b in st.view(None)["builds"]] == [9]


def test_AUG_2_material_loose_cards_one_hand_card_opponents_tops(game: Game) -> None:
    """CASINO-AUG-2 (EX-10): an addition takes loose cards, at most one hand card (then it
    is the play) and the tops of opponents' piles; never one's own pile, nor (Swazi) the
    partner's."""
    st = position(
        game, hands={0: "9D 3S 6S"}, loose="6H", builds=((9, 0, ["5C 4D"]),), piles={0: "9H"}
    )
    assert "AUG-2" in refused(st, "add B9: top:P1")
    assert "AUG-2" in refused(st, "add B9: 3S+6S")  # two hand cards
    st.apply("add B9: 6H+3S")  # the hand card is the play: the turn is over
    assert hand(st, 0) == ["6S", "9D"] and st.to_move() == 1
    st = position(game, hands={0: "9D 3S"}, builds=((9, 0, ["5C 4D"]),), piles={1: "9H"})
    st.apply("add B9: top:P2")
    assert build(st, 9) == (0, "augmented", [["4D", "5C"], ["9H"]])
    st = position(game, 4, hands={0: "9D 3S"}, builds=((9, 0, ["5C 4D"]),), piles={0: "9H"})
    assert "AUG-2" in refused(st, "add B9: top:P3")  # the partner's pile is one's own side's


def test_AUG_3_a_team_build_grows_at_any_time_its_owner_kept(game: Game) -> None:
    """CASINO-AUG-3: one's own or the partner's build may be augmented before or after the
    play; a single build gaining a unit becomes augmented; the owner does not change."""
    st = position(
        game,
        4,
        hands={0: "8S 3C", 2: "9H 4H"},
        loose="5H 4C 6D 3D 8C",
        builds=((9, 2, ["7C 2D"]),),
    )
    st.apply("add B9: 5H+4C")  # before the play, the partner's build
    assert build(st, 9) == (2, "augmented", [["2D", "7C"], ["4C", "5H"]])
    st.apply("capture 8S: 8C")
    st.apply("add B9: 6D+3D")  # after the play
    assert build(st, 9) == (2, "augmented", [["2D", "7C"], ["4C", "5H"], ["3D", "6D"]])


def test_AUG_4_a_loose_card_as_a_base(game: Game) -> None:
    """CASINO-AUG-4: a loose card of value v with a unit added becomes an augmented build of
    v owned by the player, if no build of v exists and the player keeps a card of v."""
    st = position(game, hands={0: "9S 2H"}, loose="9C 5H 4D")
    st.apply("add 9C: 5H+4D")
    assert build(st, 9) == (0, "augmented", [["9C"], ["4D", "5H"]])
    st = position(game, hands={0: "8S 2H"}, loose="9C 5H 4D")
    assert "BUILD-2" in refused(st, "add 9C: 5H+4D")
    assert not any(a.startswith("add 9C") for a in legal(st))
    st = position(
        game, hands={0: "9S 2H", 1: "9H 3H"}, loose="9C 5H 4D", builds=((9, 1, ["6C 3D"]),)
    )
    assert "AUG-4" in refused(st, "add 9C: 5H+4D")


def test_AUG_5_an_opponents_build_only_with_its_capture(game: Game) -> None:
    """CASINO-AUG-5 (EX-9): an opponent's build may be augmented, with loose cards and pile
    tops only, by a player whose play then captures it: no hand card into it, nothing after
    the play, and the play must take it."""
    kw: dict[str, Any] = {"hands": {0: "9S 2D 4H", 1: "9H 3H 8H"}, "builds": ((9, 1, ["6C 3D"]),)}
    st = position(game, loose="5H 4C 5D", **kw)
    assert "AUG-5" in refused(st, "add B9: 5D+4H")  # a hand card
    st.apply("add B9: 5H+4C")
    assert "AUG-5" in refused(st, "trail 2D")
    st.apply("capture 9S: B9")
    assert pile(st, 0)[-5:] == ["6C", "5H", "4C", "3D", "9S"]
    st = position(game, loose="5H 4C 3C AD", **kw)
    st.apply("trail 2D")  # the play; a free build of 4 (3C+AD) is still possible
    assert st.to_move() == 0 and "AUG-5" in refused(st, "add B9: 5H+4C")


def test_AUG_6_a_build_made_and_augmented_in_one_turn(game: Game) -> None:
    """CASINO-AUG-6: a build may be created and augmented in the same turn."""
    st = position(game, hands={0: "10S 7C"}, loose="5H 3C 2D 6H 4C")
    st.apply("build 10: 5H 3C 2D")
    st.apply("add B10: 6H+4C")
    assert build(st, 10) == (0, "augmented", [["2D", "3C", "5H"], ["4C", "6H"]])
    st.apply("capture 10S: B10")
    assert build(st, 10) is None


# --- §9 opponents' piles -----------------------------------------------------------------


def test_PILE_1_only_the_top_and_then_the_card_beneath(game: Game) -> None:
    """CASINO-PILE-1 (EX-8): only a pile's top is available; once it is taken, the card
    beneath is, in a later unit or step."""
    st = position(game, hands={0: "9D KC"}, loose="9C 7H 4S", piles={1: "3C 2S 5D"})
    refused(st, "add 9C: 7H+2S")  # 2S lies under 5D
    st.apply("add 9C: 4S+top:P2")
    assert pile(st, 1) == ["3C", "2S"] and st.view(None)["piles"][1]["top"] == "2S"
    st.apply("add B9: 7H+top:P2")
    assert build(st, 9) == (0, "augmented", [["9C"], ["4S", "5D"], ["2S", "7H"]])
    assert pile(st, 1) == ["3C"]


def test_PILE_2_pile_cards_only_augment(game: Game) -> None:
    """CASINO-PILE-2 (EX-14): in Swazi and Sotho a pile top serves only to augment a build
    or base of its unit's value: never a build, raise or capture; with no base for it, no
    step uses it."""
    st = position(game, hands={0: "9D 2S"}, loose="5C", piles={1: "4H"})
    assert not any("top" in a for a in legal(st))
    refused(st, "build 9: 5C top:P2")
    refused(st, "capture 9D: 5C+top:P2")
    st = position(game, hands={0: "9D 2S"}, loose="5C 9H", piles={1: "4H"})
    assert {a for a in legal(st) if "top" in a} == {"add 9H: 5C+top:P2"}
    st.apply("add 9H: 5C+top:P2")
    assert build(st, 9) == (0, "augmented", [["9H"], ["4H", "5C"]])


def test_PILE_3_one_card_of_a_pile_per_unit_two_piles_may_share_one(game: Game) -> None:
    """CASINO-PILE-3 (EX-7, EX-8): a pile card is taken only inside a whole unit, and one
    unit holds at most one card of a pile (2H+5D+2S from one pile is refused); a unit may
    join the tops of two piles; the units of one addition apply in order, so the card
    exposed by the first may go into the second."""
    st = position(game, hands={0: "9D KC"}, loose="9C 2H 4S 5C", piles={1: "2S 5D"})
    refused(st, "add 9C: 2H+top:P2+top:P2")
    assert "PILE-3" in refused(st, "add 9C: 2H+top:P2+top:P2 | 4S+5C")  # (typed, two units)
    assert not any(a.count("top:P2") > 1 for a in legal(st))
    st = position(game, hands={0: "9D KC"}, loose="9C", piles={1: "5D", 2: "4H"})
    assert "add 9C: top:P2+top:P3" in legal(st)
    st = position(game, hands={0: "9D KC"}, loose="9C 7H 4S", piles={1: "3C 2S 5D"})
    st.apply("add 9C=9: 4S+top:P2 | 7H+top:P2")
    assert build(st, 9) == (0, "augmented", [["9C"], ["4S", "5D"], ["2S", "7H"]])


def test_PILE_4_usable_piles_are_opponents_and_in_sotho_the_partners(game: Game) -> None:
    """CASINO-PILE-4: in three-player Swazi both opponents' tops are usable; in four-player
    Swazi the partners' shared pile is one's own; in Sotho the partner's own pile is
    usable too (never one's own)."""
    st = position(game, hands={0: "9D 3S"}, builds=((9, 0, ["5C 4D"]),), piles={1: "9H", 2: "9S"})
    assert {"add B9: top:P2", "add B9: top:P3"} <= legal(st)
    st = position(
        game, 4, hands={0: "9D 3S"}, builds=((9, 0, ["5C 4D"]),), piles={0: "9H", 1: "9S"}
    )
    steps = legal(st)
    assert "add B9: top:P2" in steps and "add B9: top:P3" not in steps
    st = position(
        game, 4, "sotho", hands={0: "9D 3S"}, builds=((9, 0, ["5C 4D"]),), piles={2: "9H", 0: "9S"}
    )
    assert "add B9: top:P3" in legal(st) and "add B9: top:P1" not in legal(st)


# --- §11 insisting -----------------------------------------------------------------------


def test_INSIST_1_additions_demanded_until_none_is_left(game: Game) -> None:
    """CASINO-INSIST-1 (EX-11): at the end of the turn, a loose card or top that could go
    onto a team build may be demanded: with ``always`` the end waits for it; with ``ask``
    an opponent insists and the mover must add; with ``off`` the end is accepted."""
    kw: dict[str, Any] = {
        "hands": {0: "9D 8D 2C", 1: "KH 3H 4H", 2: "QH 5H 6H"},
        "loose": "6C 3S 8C",
    }
    kw["builds"] = ((9, 0, ["5C 4D"]),)
    st = position(game, insist="always", **kw)
    st.apply("capture 8D: 8C")
    assert "INSIST-1" in refused(st, "end")
    assert legal(st) == {"add B9: 3S+6C", "build 9: 3S 6C"}
    st.apply("add B9: 6C+3S")
    assert st.to_move() == 1
    st = position(game, insist="ask", **kw)
    st.apply("capture 8D: 8C")
    st.apply("end")
    v = st.view(None)
    assert (st.to_move(), v["phase"], v["asking_about"]) == (1, "insist", "additions")
    st.apply("insist")
    assert st.to_move() == 0 and legal(st) == {"add B9: 3S+6C"}
    st.apply("add B9: 3S+6C")
    assert st.to_move() == 1 and st.view(None)["phase"] == "play"
    st = position(game, insist="off", **kw)
    st.apply("capture 8D: 8C")
    st.apply("end")
    assert st.to_move() == 1


def test_INSIST_1_the_card_trailed_is_never_demanded(game: Game) -> None:
    """CASINO-INSIST-1, TURN-3: the card trailed this turn is left out of the additions: P1
    owns B9 and trails 4H beside a loose 5D; with ``always`` the turn still ends (4H+5D is
    not demanded), while a loose 4H (another card trailed) holds the end for the addition."""
    hands = {0: "9D 4H 2C", 1: "KH 3H QS", 2: "QH JS 6H"}
    st = position(game, hands=hands, loose="5D", builds=((9, 0, ["5C 4D"]),), insist="always")
    st.apply("trail 4H")
    assert st.to_move() == 1 and st.view(None)["loose"] == ["5D", "4H"]
    st = position(
        game,
        hands={**hands, 0: "9D 2C 8S", 2: "QH JS 4H"},
        loose="5D 4S",
        builds=((9, 0, ["5C 4D"]),),
        insist="always",
    )
    st.apply("trail 2C")
    assert st.to_move() == 0 and legal(st) == {"add B9: 4S+5D", "build 9: 4S 5D"}
    assert "INSIST-1" in refused(st, "end")


def test_INSIST_2_what_may_be_challenged(game: Game) -> None:
    """CASINO-INSIST-2 (``insist=ask``): a capture that left a target of its value, or a
    trail of a card that could capture, is put to the opponents; a maximal capture is not,
    nor a build with a card that could capture ("drifting")."""
    hands = {0: "9S 3C 4D", 1: "QH 2S 7S", 2: "KD 2H 8H"}
    st = position(game, insist="ask", hands=hands, loose="9H 5D 4C")
    st.apply("capture 9S: 9H")  # 5D+4C left behind
    assert st.view(None)["phase"] == "insist" and st.to_move() == 1
    st = position(game, insist="ask", hands=hands, loose="9H 5D 4C")
    st.apply("capture 9S: 9H 5D+4C")
    assert st.view(None)["phase"] == "play" and st.to_move() == 1
    st = position(game, insist="ask", hands=hands, loose="9H 5D")
    st.apply("trail 9S")
    assert st.view(None)["phase"] == "insist"
    st = position(game, insist="ask", hands={**hands, 0: "4S 9D 3C"}, loose="4H 5D")
    st.apply("build 9: 5D 4S")  # 4S could have taken 4H: drifting is not challenged
    assert st.view(None)["phase"] == "play" and st.to_move() == 1


def test_INSIST_3_ask_always_off(game: Game) -> None:
    """CASINO-INSIST-3: ``ask``: after a challengeable capture each opponent in playing
    order says ``insist`` or ``pass``; an insist replaces the capture with a maximal one
    with the same card. ``always``: only maximal captures are offered and a trail of a card
    that could capture is refused. ``off``: nobody is asked."""
    hands = {0: "9S 3C 4D", 1: "QH 2S 7S", 2: "KD 2H 8H"}
    st = position(game, insist="ask", hands=hands, loose="9H 5D 4C")
    st.apply("capture 9S: 9H")
    assert (st.to_move(), legal(st)) == (1, {"insist", "pass"})
    st.apply("pass")
    assert (st.to_move(), legal(st)) == (2, {"insist", "pass"})  # the next opponent
    st.apply("insist")
    assert st.to_move() == 0 and legal(st) == {"capture 9S: 9H 5D+4C"}
    assert hand(st, 0) == ["3C", "4D", "9S"]  # the first capture was taken back
    st.apply("capture 9S: 9H 5D+4C")
    assert st.view(None)["loose"] == [] and st.to_move() == 1
    st = position(game, insist="always", hands=hands, loose="9H 5D 4C")
    assert {a for a in legal(st) if a.startswith("capture 9S")} == {"capture 9S: 9H 5D+4C"}
    assert "INSIST-3" in refused(st, "trail 9S")
    refused(st, "capture 9S: 9H")
    st = position(game, insist="off", hands=hands, loose="9H 5D 4C")
    st.apply("capture 9S: 9H")
    assert st.view(None)["phase"] == "play" and st.to_move() == 1


# --- §12 partnerships --------------------------------------------------------------------


def test_PART_2_proof_by_a_raise_or_a_capture_and_its_end(game: Game) -> None:
    """CASINO-PART-2: an owner whose build an opponent raises, or anyone else captures, is
    proven to hold that rank (public); the proof ends when the owner plays a card of it."""
    st = position(
        game,
        4,
        hands={0: "2H 10C", 1: "8D 4H", 2: "KC 3S", 3: "9C 9H"},
        builds=((8, 1, ["5C 3D"]),),
    )
    st.apply("raise B8: 2H")
    assert st.view(None)["proofs"] == [[1, 8]]
    st.apply("trail 8D")  # E plays an eight: the proof is over
    assert st.view(None)["proofs"] == []
    st = position(game, 3, hands={0: "8S 4C", 1: "8D 4H", 2: "KC 3S"}, builds=((8, 1, ["5C 3D"]),))
    st.apply("capture 8S: B8")
    assert st.view(None)["proofs"] == [[1, 8]]


def test_PART_2_the_partner_builds_and_bases_for_a_proven_player(game: Game) -> None:
    """CASINO-PART-2 (EX-19): while S (P3) is proven to hold an 8, N (P1) may build an 8
    owned by S, or make a loose 8 a base for S, without holding an 8; after S plays an
    eight it is refused."""
    st = position(
        game,
        4,
        hands={0: "KC 3S", 1: "QD 2D", 2: "8D 4H", 3: "QH 2H"},
        loose="6H 2C 8C 5D",
        proofs=[(2, 8)],
    )
    steps = legal(st)
    assert {"build 8 for P3: 2C 6H", "add 8C for P3: 2C+6H", "add 8C for P3: 5D+3S"} <= steps
    st.apply("build 8 for P3: 6H 2C")
    assert build(st, 8) == (2, "single", [["2C", "6H"]])
    st = position(
        game,
        4,
        hands={0: "KC 3S", 1: "QD 2D", 2: "8D 4H", 3: "QH 2H"},
        loose="6H 2C 8C 5D",
    )
    assert "PART-2" in refused(st, "build 8 for P3: 6H 2C")
    assert not any(" for " in a for a in legal(st))


def test_PART_2_one_proven_ace_covers_one_build(game: Game) -> None:
    """CASINO-PART-2 [D]: a partner proven to hold an ace who owns a B14 gets no B1 from
    the partner (one ace cannot cover two builds)."""
    st = position(
        game,
        4,
        hands={0: "KC 3S", 1: "QD 2D", 2: "AD 4H", 3: "QH 2H"},
        loose="AC AH",
        builds=((14, 2, ["9C 5D"]),),
        proofs=[(2, 14)],
    )
    assert "PART-2" in refused(st, "add AC=1 for P3: AH")
    assert not any(
        a.startswith(("add AC=1", "add AH=1", "build 1:", "build 1 ")) for a in legal(st)
    )


def test_PART_3_capture_and_augment_the_partners_build_never_raise_it(game: Game) -> None:
    """CASINO-PART-3: a player may augment the partner's build and capture it (the partner
    is first asked whether to hold it, PART-4, and passes), never raise it."""
    hands = {0: "2H 9S", 1: "QD 2D", 2: "9C 4H", 3: "QH 3H"}
    st = position(game, 4, hands=hands, loose="5H 4C", builds=((9, 2, ["6C 3D"]),))
    assert "RAISE-1" in refused(st, "raise B9: 2H")
    assert not any(a.startswith("raise") for a in legal(st))
    st.apply("add B9: 5H+4C")
    st.apply("capture 9S: B9")
    assert st.to_move() == 2 and legal(st) == {"pass", "hold B9"}
    st.apply("pass")
    assert build(st, 9) is None and pile(st, 0)[-1] == "9S" and st.to_move() == 1


def test_PART_4_the_hold_request(game: Game) -> None:
    """CASINO-PART-4 (EX-20): N owns B7 and means to capture it; S, holding a 7, is asked
    and sends ``hold B7``; N then captures anyway or adds the 7H to the build, which S then
    owns (without the request that add would abandon it, TAB-5). A partner without a card
    of the rank is offered only ``pass``."""
    hands = {0: "7H KS", 1: "QD 2D", 2: "7C 3C", 3: "QH 3H"}
    st = position(game, 4, hands=hands, builds=((7, 0, ["4C 3D"]),))
    assert "TAB-5" in refused(st, "add B7: 7H")
    st.apply("capture 7H: B7")
    assert st.to_move() == 2 and legal(st) == {"pass", "hold B7"}
    st.apply("hold B7")
    assert st.to_move() == 0 and legal(st) == {"capture 7H: B7", "add B7: 7H"}
    st.apply("add B7: 7H")
    assert build(st, 7) == (2, "augmented", [["3D", "4C"], ["7H"]])
    st = position(game, 4, hands={**hands, 2: "8C 3C"}, builds=((7, 0, ["4C 3D"]),))
    st.apply("capture 7H: B7")
    assert legal(st) == {"pass"}
    st.apply("pass")
    assert build(st, 7) is None and pile(st, 0)[-1] == "7H"


# --- §13 the restricted phase ------------------------------------------------------------


def test_TWO_1_one_build_and_no_trail_while_owning_one(game: Game) -> None:
    """CASINO-TWO-1: in the first half of the two-player Swazi game a player owns at most
    one build (no step may make a second) and may not trail while owning one; in the
    second half, and with three players, both are allowed."""
    kw: dict[str, Any] = {
        "hands": {0: "9D 10S 3C", 1: "KH QH JH"},
        "builds": ((9, 0, ["5C 4D"]),),
        "loose": "6H 4S",
    }
    st = position(game, 2, **kw)
    assert "TWO-1" in refused(st, "trail 3C")
    assert "TWO-1" in refused(st, "build 10: 6H 4S")
    assert not any(a.startswith(("trail", "build 10")) for a in legal(st))
    st = position(game, 2, half=2, **kw)
    assert {"trail 3C", "build 10: 4S 6H"} <= legal(st)
    st = position(game, 3, **kw)
    assert {"trail 3C", "build 10: 4S 6H"} <= legal(st)


# --- §15 South African play --------------------------------------------------------------


def test_VAR_SA_4_a_capture_takes_opponents_pile_tops(game: Game) -> None:
    """CASINO-VAR-SA 4 (EX-22): a South African capture may take each opponent's pile top,
    alone or inside a set, beside the build and loose cards; never one's own pile's."""
    st = position(
        game,
        3,
        "south-african",
        hands={0: "8S 8D", 1: "8H 9H"},
        loose="7C",
        builds=((8, 0, ["5C 3D"]),),
        piles={1: "AH", 2: "8C"},
    )
    steps = legal(st)
    assert {"capture 8S: B8 7C+top:P2 top:P3", "capture 8S: top:P3"} <= steps
    st.apply("capture 8S: B8 7C+top:P2 top:P3")
    assert pile(st, 1) == [] and pile(st, 2) == [] and st.view(None)["loose"] == []
    st = position(game, 3, "south-african", hands={0: "9S 8D"}, loose="5D", piles={0: "4H"})
    refused(st, "capture 9S: 5D+top:P1")
    assert not any("top" in a for a in legal(st))


def test_VAR_SA_4_one_card_per_pile_per_capture(game: Game) -> None:
    """CASINO-VAR-SA 4: at most one card of each pile per capture: P2's pile 4H 5H is no 9
    for P1, whether typed as one set or as two targets."""
    st = position(game, 3, "south-african", hands={0: "9S 8D"}, piles={1: "9H 4H 5H"})
    assert not any("top" in a for a in legal(st))
    assert "VAR-SA 4" in refused(st, "capture 9S: top:P2+top:P2")
    assert "VAR-SA 4" in refused(st, "capture 9S: top:P2 top:P2")


def test_VAR_SA_4_a_pile_named_twice_is_refused_and_changes_nothing(game: Game) -> None:
    """CASINO-VAR-SA 4: ``top:P2+top:P3 top:P2+AD`` names P2's pile twice: refused, and the
    game is left as it was (the listed ``AD+top:P2+top:P3`` is the same cards' capture)."""
    st = position(
        game, 3, "south-african", hands={0: "9S 8D"}, loose="AD", piles={1: "4H 5H", 2: "3C"}
    )
    assert "capture 9S: AD+top:P2+top:P3" in legal(st)
    refused(st, "capture 9S: top:P2+top:P3 top:P2+AD")


def test_VAR_SA_5_pile_tops_onto_ones_own_build_with_a_hand_card(game: Game) -> None:
    """CASINO-VAR-SA 5: a pile top joins a build only its owner's, in the step adding a hand
    card or a later step of that turn; never as a base, in a single build or a raise."""
    kw: dict[str, Any] = {"hands": {0: "8S 8D 2H"}, "builds": ((8, 0, ["5C 3D"]),)}
    st = position(game, 3, "south-african", piles={1: "6H"}, **kw)
    st.apply("add B8: 2H+top:P2")  # with the hand card, in one step
    assert build(st, 8) == (0, "augmented", [["3D", "5C"], ["2H", "6H"]])
    st = position(game, 3, "south-african", piles={1: "8H"}, **kw)
    assert "VAR-SA 5" in refused(st, "add B8: top:P2")  # before any hand card
    st.apply("add B8: 8D")
    st.apply("add B8: top:P2")  # a later step of the same turn
    assert build(st, 8) == (0, "augmented", [["3D", "5C"], ["8D"], ["8H"]])
    st = position(
        game,
        3,
        "south-african",
        hands={0: "8S 2H", 1: "8H 4H"},
        loose="8C",
        builds=((8, 1, ["5C 3D"]),),
        piles={2: "6D"},
    )
    assert "VAR-SA 5" in refused(st, "add B8: 2H+top:P3")  # P2's build
    st = position(game, 3, "south-african", hands={0: "6S 2H"}, loose="6C 4C", piles={1: "2D"})
    assert "VAR-SA 5" in refused(st, "add 6C: 4C+top:P2")  # no base of pile cards
    assert not any("top" in a and not a.startswith("capture") for a in legal(st))


def test_VAR_SA_6_the_restricted_phase_all_the_time_but_the_second_half(game: Game) -> None:
    """CASINO-VAR-SA 6: South African players are restricted (TWO-1) throughout, with three
    players too, except in the two-player second half, where trailing is allowed while
    owning a build (TAB-5 still holds)."""
    kw: dict[str, Any] = {
        "hands": {0: "9D 10S 3C"},
        "builds": ((9, 0, ["5C 4D"]),),
        "loose": "6H 4S",
    }
    for players in (3, 4):
        st = position(game, players, "south-african", **kw)
        assert "TWO-1" in refused(st, "trail 3C")
        assert "TWO-1" in refused(st, "build 10: 6H 4S")
    st = position(game, 2, "south-african", **kw)
    assert "TWO-1" in refused(st, "trail 3C")
    st = position(game, 2, "south-african", half=2, **kw)
    assert {"trail 3C", "build 10: 4S 6H"} <= legal(st)
    assert "TAB-5" in refused(st, "trail 9D")


def test_VAR_SA_7_the_batch_goes_on_in_numerical_order_lowest_on_top(game: Game) -> None:
    """CASINO-VAR-SA 7: a South African capture lays the batch, the capturing card among
    it, in numerical order with the lowest uppermost."""
    st = position(game, 3, "south-african", hands={0: "8S 2H"}, loose="5C 3D AC 7H")
    st.apply("capture 8S: 5C+3D AC+7H")
    assert pile(st, 0)[-5:] == ["8S", "7H", "5C", "3D", "AC"]
