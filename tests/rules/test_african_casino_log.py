"""African Casino's log names the cards of every build, raise and addition, as a capture's
line does (issue 32, item 29: it said "P1 adds to 13", "P2 builds 13"): the card played
from the hand after "with", the units put in, and each pile top with the pile it came from.
Only public cards: the layout's, the pile tops and the card played face up.

Positions as in ``test_african_casino.py`` (three players, Swazi, P1 to move)."""

from __future__ import annotations

from test_african_casino import position

from cardsuite.engine import Event
from cardsuite.games.african_casino.wording import asks_hold, means


def logged(st, text: str, seat: int | None = None) -> str:  # type: ignore[no-untyped-def]
    """The log's text of the one step ``text``, with the default names P1, P2, ..."""
    events = st.apply(text, seat)
    return "; ".join(e.render(card=lambda c: c.code) for e in events)


def test_a_free_build_names_its_loose_cards_BUILD_1() -> None:
    st = position(hands={0: "10S 7C"}, loose="5H 3C 2D")  # EX-1
    assert logged(st, "build 10: 5H 3C 2D") == "P1 builds 10: 2D+3C+5H"


def test_a_build_with_a_hand_card_names_it_after_with_BUILD_1() -> None:
    st = position(hands={0: "5S AH"}, loose="4C 5D")  # EX-2
    assert logged(st, "build 14: 4C 5D 5S") == "P1 builds 14 with 5S: 4C+5D"


def test_a_merge_says_the_build_has_grown_BUILD_5() -> None:
    st = position(hands={0: "KS 2C"}, loose="10C 3H", builds=((13, 0, ["8C 5D"]),))  # EX-16
    assert logged(st, "build 13: 10C 3H") == "P1 builds 13: 3H+10C (now 2 units)"


def test_a_raise_names_the_card_and_both_values_RAISE_1() -> None:
    st = position(hands={0: "2H JC"}, builds=((9, 1, ["5C 4D"]),))  # EX-4
    assert logged(st, "raise B9: 2H") == "P1 raises build 9 to 11 with 2H"


def test_an_addition_names_its_units_and_pile_tops_AUG_1_PILE_3() -> None:
    """EX-8: two units each with a top of P2's pile onto the base 9C (free: no "with")."""
    st = position(hands={0: "9D KC"}, loose="9C 7H 4S", piles={1: "3C 2S 5D"})
    line = logged(st, "add 9C=9: 4S+top:P2 | 7H+top:P2")
    assert line == "P1 makes 9C a base of 9: 4S+5D (P2's pile) | 7H+2S (P2's pile)"


def test_an_addition_with_the_hand_card_AUG_2() -> None:
    """The hand card is named after "with" and left out of the units it went into."""
    st = position(hands={0: "9D 3S"}, loose="6H", builds=((9, 0, ["5C 4D"]),))
    assert logged(st, "add B9: 6H+3S") == "P1 adds to build 9 with 3S: 6H"
    st = position(hands={0: "9D 9S"}, loose="6H 3C", builds=((9, 0, ["5C 4D"]),))
    assert logged(st, "add B9: 6H+3C | 9S") == "P1 adds to build 9 with 9S: 3C+6H"


def test_a_south_african_capture_marks_the_pile_top_VAR_SA_4() -> None:
    st = position(
        players=2, variant="south-african", hands={0: "8S 8D"}, loose="7C", piles={1: "AH"}
    )
    st.builds = {}
    assert logged(st, "capture 8S: 7C+top:P2") == "P1 captures with 8S: 7C AH (P2's pile)"


def test_the_hold_question_names_the_build_PART_4() -> None:
    """The request and the capture it answers say "build 7", not the notation's "B7"."""
    data = {"value": 7}
    assert Event("ask", 2, means, data).text == "{P2} means to capture build 7"
    assert Event("hold", 0, asks_hold, data).text == "{P0} asks to hold build 7"


def test_the_log_still_names_only_public_cards() -> None:
    """Every card a build line names was on the layout, a pile top, or the card played."""
    st = position(hands={0: "9D KC"}, loose="9C 7H 4S", piles={1: "3C 2S 5D"})
    before = {"9C", "7H", "4S", "5D", "2S"}  # the layout, and the tops as they come up
    events = st.apply("add 9C=9: 4S+top:P2 | 7H+top:P2")
    named = {c for u in events[0].data["units"] for c in u} | {events[0].data["base"]}
    assert named <= before and "9D" not in events[0].text and "KC" not in events[0].text
