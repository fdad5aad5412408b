"""African Casino's worked examples (``shared/rules/african-casino.md`` §17) on set positions.

Each test names its example and rule IDs. Positions are laid out directly: three players
P1 P2 P3 (seats 0 1 2, P1 to move), Swazi, ``insist=off`` unless the example says otherwise;
piles not listed are empty. Builds are written as in the spec: value, owner, units."""

from __future__ import annotations

from typing import Any

import pytest

from cardsuite.cards import Card
from cardsuite.engine import IllegalAction
from cardsuite.games.african_casino.builds import Pile
from cardsuite.games.african_casino.rules import GAME, CasinoState


def cards(text: str) -> list[Card]:
    return [Card.parse(w) for w in text.split()]


def position(
    players: int = 3,
    variant: str = "swazi",
    hands: dict[int, str] | None = None,
    loose: str = "",
    builds: tuple[tuple[int, int, list[str]], ...] = (),
    piles: dict[int, str] | None = None,
    **options: Any,
) -> CasinoState:
    """A position laid out by hand; the deal's other cards are left out (unit tests only)."""
    options.setdefault("insist", "off")
    st = GAME.new_state(
        players=players, variant=variant, options=options, seed=1, dealer=players - 1
    )
    spare = iter(("QH", "QD", "JH", "JD"))  # the others hold a card each, so the turn moves on
    given = hands or {}
    st.hands = [cards(given[s]) if s in given else cards(next(spare)) for s in range(players)]
    st.stock = []
    st.loose = cards(loose)
    st.builds = {v: Pile(v, owner, [tuple(cards(u)) for u in units]) for v, owner, units in builds}
    for p in range(len(st.piles)):
        st.piles[p] = cards((piles or {}).get(p, ""))
    st.turn = 0
    st._new_turn()
    st._legal = None
    return st


def legal(st: CasinoState) -> set[str]:
    return {str(a) for a in st.legal_actions()}


def refused(st: CasinoState, text: str) -> str:
    before = st.view(None)
    with pytest.raises(IllegalAction) as e:
        st.apply(text)
    assert st.view(None) == before  # refused, nothing changed
    return e.value.reason


def build_of(st: CasinoState, v: int) -> tuple[int, str, list[list[str]]]:
    b = st.builds[v]
    return (
        b.owner,
        "single" if b.single else "augmented",
        [sorted(c.code for c in u) for u in b.units],
    )


def test_EX1_free_build_BUILD_1_and_BUILD_2() -> None:
    st = position(hands={0: "10S 7C"}, loose="5H 3C 2D")
    st.apply("build 10: 5H 3C 2D")
    assert build_of(st, 10) == (0, "single", [["2D", "3C", "5H"]])
    assert sorted(c.code for c in st.hands[0]) == ["10S", "7C"] and st.turn == 0  # still to play
    st = position(hands={0: "9S 7C"}, loose="5H 3C 2D")
    assert "BUILD-2" in refused(st, "build 10: 5H 3C 2D")


def test_EX2_ace_counts_14_DECK_3() -> None:
    st = position(hands={0: "5S AH"}, loose="4C 5D")
    st.apply("build 14: 4C 5D 5S")
    assert build_of(st, 14) == (0, "single", [["4C", "5D", "5S"]])
    assert st.turn == 1  # the play was made: the turn ended by itself
    st.turn = 0
    st._new_turn()
    st._legal = None
    st.apply("capture AH=14: B14")
    assert 14 not in st.builds and st.piles[0][-1] == Card.parse("AH")
    st = position(hands={0: "5S 9C"}, loose="4C 5D")
    assert "BUILD-2" in refused(st, "build 14: 4C 5D 5S")


def test_EX3_no_pile_card_in_a_single_build_BUILD_3() -> None:
    st = position(hands={0: "9H 2C"}, loose="6C", piles={1: "3D"})
    refused(st, "build 9: 6C top:P2")
    assert not any(str(a).startswith("build 9") for a in st.legal_actions())


def test_EX4_raise_RAISE_1_2() -> None:
    st = position(hands={0: "2H JC"}, builds=((9, 1, ["5C 4D"]),))
    st.apply("raise B9: 2H")
    assert build_of(st, 11) == (0, "single", [["2H", "4D", "5C"]]) and 9 not in st.builds
    st = position(hands={0: "2H JC"}, builds=((9, 0, ["5C 4D"]),), loose="")
    assert "RAISE-1" in refused(st, "raise B9: 2H")  # one's own build
    st = position(players=4, hands={0: "2H JC"}, builds=((9, 2, ["5C 4D"]),))
    assert "RAISE-1" in refused(st, "raise B9: 2H")  # the partner's


def test_EX5_no_raise_and_capture_in_one_turn_RAISE_4() -> None:
    st = position(hands={0: "2H JC"}, builds=((9, 1, ["5C 4D"]),))
    st.apply("raise B9: 2H")
    assert st.turn == 1  # the play is spent: no capture of B11 this turn


def test_EX6_augmented_never_raised_RAISE_4() -> None:
    st = position(hands={0: "2H JC"}, builds=((9, 1, ["9C", "5C 4H"]),))
    assert "RAISE-4" in refused(st, "raise B9: 2H")


def test_EX7_pile_chain_PILE_3() -> None:
    st = position(hands={0: "9D KC"}, loose="9C 2H", piles={1: "2S 5D"})
    refused(st, "add 9C=9: 2H+5D+2S")
    assert not any(str(a).startswith("add 9C") and "top" in str(a) for a in st.legal_actions())


def test_EX8_pile_tops_one_unit_at_a_time_PILE_3() -> None:
    st = position(hands={0: "9D KC"}, loose="9C 7H 4S", piles={1: "3C 2S 5D"})
    st.apply("add 9C=9: 4S+top:P2 | 7H+top:P2")
    assert build_of(st, 9) == (0, "augmented", [["9C"], ["4S", "5D"], ["2S", "7H"]])
    assert [c.code for c in st.piles[1]] == ["3C"]
    assert sorted(c.code for c in st.hands[0]) == ["9D", "KC"] and st.turn == 0
    assert {"capture 9D: B9", "trail KC"} <= legal(st)


def test_EX9_augment_an_opponents_build_then_capture_it_AUG_5_TURN_6() -> None:
    st = position(hands={0: "9S 2D"}, loose="5H 4C", builds=((9, 1, ["6C 3D"]),))
    st.apply("add B9: 5H+4C")
    assert "AUG-5" in refused(st, "trail 2D")
    st.apply("capture 9S: B9")
    assert [c.code for c in st.piles[0]] == ["6C", "5H", "4C", "3D", "9S"]  # bottom to top


def test_EX10_own_pile_never_material_AUG_2() -> None:
    st = position(hands={0: "9D 3S"}, builds=((9, 0, ["5C 4D"]),), piles={0: "9H"})
    assert "AUG-2" in refused(st, "add B9: top:P1")
    st = position(hands={0: "9D 3S"}, builds=((9, 0, ["5C 4D"]),), piles={1: "9H"})
    st.apply("add B9: top:P2")
    assert build_of(st, 9) == (0, "augmented", [["4D", "5C"], ["9H"]])


def test_EX11_insist_always_additions_INSIST_1() -> None:
    kw: dict[str, Any] = {
        "hands": {0: "9D 8D"},
        "loose": "6H 3S 8C",
        "builds": ((9, 0, ["5C 4D"]),),
    }
    st = position(insist="always", **kw)
    st.apply("capture 8D: 8C")
    assert st.turn == 0
    assert "INSIST-1" in refused(st, "end")
    st.apply("add B9: 6H+3S")
    assert st.turn == 1
    st = position(insist="off", **kw)
    st.apply("capture 8D: 8C")
    st.apply("end")
    assert st.turn == 1


def test_INSIST_3_ask_a_challenged_trail_passed_or_insisted() -> None:
    """``insist=ask``: a trail of a card that could capture (INSIST-2) is put to the opponent.
    A pass lets the trail stand and the turn ends by itself, nothing but ``end`` being left;
    an insist takes the trail back and leaves only a maximal capture with that card."""
    kw: dict[str, Any] = {"players": 2, "hands": {0: "9D 3C", 1: "QH 2S"}, "loose": "9H 5S"}
    st = position(insist="ask", **kw)
    st.apply("trail 9D")
    assert (st.phase, st.turn, legal(st)) == ("insist", 1, {"pass", "insist"})
    st.apply("pass")
    assert (st.phase, st.turn) == ("play", 1)
    assert legal(st) == {"trail QH", "trail 2S"}
    st = position(insist="ask", **kw)
    st.apply("trail 9D")
    st.apply("insist")
    assert (st.turn, legal(st)) == (0, {"capture 9D: 9H"})
    assert st.hands[0] == cards("9D 3C") and st.loose == cards("9H 5S")
    st = position(insist="ask", **kw)
    st.apply("trail 3C")  # 3C captures nothing: no one is asked
    assert (st.phase, st.turn) == ("play", 1)


def test_INSIST_3_an_insisted_capture_binds_over_a_partners_hold_PART_4() -> None:
    """An insist leaves the mover a maximal capture with the card (INSIST-3); a partner's
    hold (PART-4) would let the mover add that card to the build instead, so it is not
    asked: the capture of the side's own build goes ahead, and the demand is then met. (It
    used to be asked; after ``hold`` the mover could add, and the demand stayed owed with its
    card already played.)"""
    st = position(
        players=4,
        hands={0: "9D 3C", 1: "QH 2S", 2: "9S 4H", 3: "JH 2D"},
        loose="9H",
        builds=((9, 2, ["5C 4D"]),),
        insist="ask",
    )
    st.apply("trail 9D")
    assert (st.phase, st.turn) == ("insist", 1)
    st.apply("insist")
    assert (st.turn, legal(st)) == (0, {"capture 9D: B9 9H"})
    events = st.apply("capture 9D: B9 9H")
    assert not [e for e in events if e.kind == "ask"]  # no hold prompt for the partner
    assert (st.comply, st.comply_card) == ("", None)
    assert (st.phase, st.turn) == ("play", 1)  # nothing left but end: the turn passed on


def test_EX12_never_abandon_a_build_TAB_5() -> None:
    st = position(hands={0: "9D 4C"}, builds=((9, 0, ["5C 4D"]),))
    assert "TAB-5" in refused(st, "trail 9D")
    st.apply("trail 4C")
    st = position(hands={0: "9D 9H 4C"}, builds=((9, 0, ["5C 4D"]),))
    st.apply("trail 9D")


def test_EX13_builds_never_combined_TAB_3() -> None:
    st = position(hands={0: "9S 5H 4D"}, builds=((5, 0, ["3C 2D"]), (4, 0, ["3H AC"])))
    refused(st, "capture 9S: B5 B4")
    assert not any("B5" in str(a) and "B4" in str(a) for a in st.legal_actions())


def test_EX14_pile_cards_only_to_augment_PILE_2() -> None:
    st = position(hands={0: "9D 2S"}, loose="5C", piles={1: "4H"})
    assert not any("top" in str(a) for a in st.legal_actions())
    st = position(hands={0: "9D 2S"}, loose="5C 9H", piles={1: "4H"})
    st.apply("add 9H=9: 5C+top:P2")
    assert build_of(st, 9) == (0, "augmented", [["9H"], ["4H", "5C"]])


def test_EX15_no_two_builds_of_a_value_TAB_4() -> None:
    st = position(hands={0: "KS 2C"}, loose="10C 3H", builds=((13, 1, ["8C 5D"]),))
    assert "TAB-4" in refused(st, "build 13: 10C 3H")
    st.apply("capture KS: B13 10C+3H")
    assert 13 not in st.builds and not st.loose


def test_EX16_merge_into_ones_own_build_BUILD_5() -> None:
    st = position(hands={0: "KS 2C"}, loose="10C 3H", builds=((13, 0, ["8C 5D"]),))
    st.apply("build 13: 10C 3H")
    assert build_of(st, 13) == (0, "augmented", [["5D", "8C"], ["10C", "3H"]])


def test_EX17_raise_into_ones_own_build_RAISE_3() -> None:
    st = position(hands={0: "4D KC"}, builds=((13, 0, ["8C 5D"]), (9, 1, ["6H 3C"])))
    st.apply("raise B9: 4D")
    assert list(st.builds) == [13]
    assert build_of(st, 13) == (0, "augmented", [["5D", "8C"], ["3C", "4D", "6H"]])
    assert st.turn == 1
    st.hands[1] = cards("AS AD")  # P2 could make 14 of a single 13, not of this one
    st._legal = None
    assert "RAISE-4" in refused(st, "raise B13: AS")


def test_EX18_aces_one_or_fourteen_DECK_3() -> None:
    st = position(hands={0: "AD AH 2S"}, loose="AC")
    assert {"add AC=1: AD", "add AC=14: AD", "build 2: AC AD"} <= legal(st)
    st = position(hands={0: "AD 2S"}, loose="AC")
    assert "build 2: AC AD" in legal(st)
    assert not {"add AC=1: AD", "add AC=14: AD"} & legal(st)


def test_EX19_building_for_a_proven_partner_PART_2() -> None:
    # N E S W = seats 0 1 2 3; S (2) made B8, E (1) raised it to B10: S is proven to hold an 8
    st = position(
        players=4,
        hands={0: "KC 3S", 1: "", 2: "8D 4H", 3: ""},
        loose="6H 2C",
        builds=((8, 2, ["5C 3D"]),),
    )
    st.turn = 1
    st.hands[1] = cards("2H 10C")
    st._new_turn()
    st._legal = None
    st.apply("raise B8: 2H")
    assert (2, 8) in st.proofs
    st.turn = 0
    st._new_turn()
    st._legal = None
    assert "build 8 for P3: 2C 6H" in legal(st)
    st.proofs.discard((2, 8))  # S played an 8: the proof is over
    st._legal = None
    assert "PART-2" in refused(st, "build 8 for P3: 6H 2C")


def test_EX20_the_hold_request_PART_4() -> None:
    st = position(players=4, hands={0: "7H KS", 2: "7C"}, builds=((7, 0, ["4C 3D"]),))
    assert "TAB-5" in refused(st, "add B7: 7H")
    st.apply("capture 7H: B7")
    assert st.turn == 2 and legal(st) == {"pass", "hold B7"}
    st.apply("hold B7")
    assert st.turn == 0 and legal(st) == {"capture 7H: B7", "add B7: 7H"}
    st.apply("add B7: 7H")
    assert build_of(st, 7) == (2, "augmented", [["3D", "4C"], ["7H"]])


def test_EX21_scoring_SCORE_1_END_1() -> None:
    """P2 made the last capture and takes the layout's 3C 8H: P1 27 cards with 7 spades
    (2S among them) and AH AC; P2 25 cards with 6 spades, AS AD and 10D."""
    others = [
        c
        for c in GAME.full_pack(2, {})
        if c.suit != "S" and c.rank != 14 and c.code not in ("10D", "3C", "8H")
    ]
    p1 = cards("2S 3S 4S 5S 6S 7S 8S AH AC") + others[:18]
    p2 = cards("AS 9S 10S JS QS KS 10D AD") + others[18:]
    st = position(players=2)
    st.hands = [[], []]
    st.piles = [p1[:], p2[:]]
    st.loose = cards("3C 8H")
    st.last_capturer = 1
    st._score()
    assert st.history[-1]["points"] == [7, 4] and st.history[-1]["left"] == []
    st = position(players=2)  # 26-26: one point each for cards
    st.hands = [[], []]
    st.piles = [p1[:-1], [p1[-1], *p2]]
    st.loose = cards("3C 8H")
    st.last_capturer = 1
    st._score()
    assert st.history[-1]["points"] == [6, 5]


def test_EX22_south_african_direct_capture_of_pile_tops_VAR_SA_4() -> None:
    kw: dict[str, Any] = {
        "hands": {0: "8S 8D"},
        "loose": "7C",
        "builds": ((8, 0, ["5C 3D"]),),
        "piles": {1: "AH"},
    }
    st = position(variant="south-african", **kw)
    st.apply("capture 8S: B8 7C+top:P2")
    assert st.piles[1] == [] and 8 not in st.builds
    st = position(variant="swazi", **kw)
    assert "CAP-3" in refused(st, "capture 8S: B8 7C+top:P2")
    st.apply("add B8: 7C+top:P2")
    st.apply("capture 8S: B8")
    assert st.piles[1] == [] and 8 not in st.builds and st.turn == 1


@pytest.mark.parametrize("insist", ["always", "ask"])
def test_VAR_SA_4_a_capture_naming_an_empty_pile_is_refused_when_maximal_ones_are_demanded(
    insist: str,
) -> None:
    """INSIST-3 with VAR-SA 4: where only maximal captures are allowed (``always``, or after
    an opponent insisted), a typed capture taking the top of an empty pile, or of one's own,
    is refused like any other, not a crash (found by the full lockstep run)."""
    st = position(variant="south-african", hands={0: "8S 8D"}, loose="7C 8C", piles={0: "AD"})
    if insist == "ask":
        st.insist, st.comply, st.comply_card = "ask", "capture", Card.parse("8S")
    else:
        st.insist = "always"
    assert "empty" in refused(st, "capture 8S: 8C top:P2")
    assert "may not use P1's pile" in refused(st, "capture 8S: 7C+top:P1")
    st.apply("capture 8S: 8C")


def test_VAR_SA_3_option_first_names_who_plays_first() -> None:
    for first, players in (("1", 2), ("2", 2), ("3", 4)):
        st = GAME.new_state(
            players=players, variant="south-african", options={"first": first}, seed=4
        )
        assert st.turn == int(first) - 1 and st.dealer == (int(first) - 2) % players
    with pytest.raises(ValueError, match="from 1 to 2"):
        GAME.new_state(players=2, variant="south-african", options={"first": "3"}, seed=4)


@pytest.mark.parametrize(
    ("players", "variant", "options", "layout", "each", "stock"),
    [
        (2, "swazi", {}, 4, 12, 24),  # CASINO-DEAL-2, -3
        (3, "swazi", {}, 4, 16, 0),
        (4, "sotho", {}, 4, 12, 0),
        (2, "south-african", {}, 0, 10, 20),  # CASINO-VAR-SA 2
        (3, "south-african", {}, 1, 13, 0),
        (4, "south-african", {}, 0, 10, 0),
        (2, "sotho", {"deck40": True}, 0, 10, 20),  # CASINO-VAR-SOTHO deck40
    ],
)
def test_DEAL_sizes_per_version(players, variant, options, layout, each, stock) -> None:  # type: ignore[no-untyped-def]
    st = GAME.new_state(players=players, variant=variant, options=options, seed=3)
    assert len(st.loose) == layout and len(st.stock) == stock
    assert [len(h) for h in st.hands] == [each] * players
    assert st.turn == (st.dealer + 1) % players


def test_DEAL_4_stacked_deck_layout_first_then_one_at_a_time() -> None:
    deck = ["5H", "3C", "2D", "9S", "AS", "KS", "2H", "3H"]
    st = GAME.new_state(players=2, deck=deck, seed=1, dealer=1)
    assert [c.code for c in st.loose] == ["5H", "3C", "2D", "9S"]
    assert st.hands[0][:2] == cards("AS 2H") and st.hands[1][:2] == cards("KS 3H")
