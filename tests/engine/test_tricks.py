"""The shared trick base (``cardsuite/tricks.py``) and the turn games' shared readers: the
view's trick fields built from one representation, the JSON both ways, the checks of a
loaded position's finished tricks, and the dealer, phase and turn checks every codec uses."""

from __future__ import annotations

from typing import Any

import pytest

from cardsuite import positions, tricks
from cardsuite.cards import Card
from cardsuite.tricks import TrickState
from cardsuite.turns import dealer_seat


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


class Table(TrickState):
    """A bare trick state: three seats, the highest rank of one card wins."""

    __slots__ = ("hands", "played", "trick", "trick_leader", "tricks")

    def best_so_far(self) -> int | None:
        return max(self.trick, key=lambda p: p[1].rank)[0]


# the contract's other methods are not what these tests read
Table.__abstractmethods__ = frozenset()


def highest(plays: list[tuple[int, Card]]) -> int:
    return max(plays, key=lambda p: p[1].rank)[0]


def table() -> Table:
    t = Table()  # type: ignore[abstract]  # (its abstract methods cleared above)
    a, b, c, d, e = cards("7H 9H 8H KS 2S")
    t.hands = [[], [], []]
    t.tricks = [([(0, a), (1, b), (2, c)], 1)]
    t.played = [a, b, c]
    t.trick, t.trick_leader = [(1, d), (2, e)], 1
    return t


def test_the_view_fields_come_from_the_one_representation() -> None:
    t = table()
    assert t.trick_fields() == {
        "trick": {"leader": 1, "plays": [[1, ["KS"]], [2, ["2S"]]], "best": 1},
        "tricks": [{"plays": [[0, ["7H"]], [1, ["9H"]], [2, ["8H"]]], "winner": 1}],
        "tricks_won": [0, 1, 0],
    }
    assert t.hand_plays() == [t.tricks[0][0], t.trick]
    t.trick = []
    assert t.trick_fields()["trick"] == {"leader": 1, "plays": [], "best": None}
    # a play of several cards (Twenty-Two) shows each
    assert tricks.play_codes(tuple(cards("QH QD"))) == ["QH", "QD"]


@pytest.mark.parametrize("one_card", [True, False])
def test_the_json_reads_back_what_it_wrote(one_card: bool) -> None:
    t = table()
    if not one_card:
        t.tricks = [([(s, (c,)) for s, c in plays], w) for plays, w in t.tricks]
    data: Any = tricks.tricks_json(t.tricks, one_card)
    assert data[0]["plays"][0] == ([0, "7H"] if one_card else [0, ["7H"]])
    assert tricks.read_tricks(data, 3, one_card, size=3) == t.tricks
    with pytest.raises(ValueError, match="a finished trick has four plays"):
        tricks.read_tricks(data, 3, one_card, size=4)
    with pytest.raises(ValueError, match="a trick play's seat must be from 0 to 1"):
        tricks.read_tricks(data, 2, one_card)  # seat 2 of two
    assert tricks.read_plays([[2, "AS"]], 3, True) == [(2, Card.parse("AS"))]


def test_finished_tricks_are_checked_as_play_leaves_them() -> None:
    t = table()
    tricks.check_finished(t.tricks, t.played, 3, highest)  # each from whoever led it
    tricks.check_finished(t.tricks, t.played, 3, highest, first_leader=0)
    with pytest.raises(ValueError, match="in turn from its leader"):
        tricks.check_finished(t.tricks, t.played, 3, highest, first_leader=2)
    with pytest.raises(ValueError, match="not the cards of the finished tricks"):
        tricks.check_finished(t.tricks, t.played[:2], 3, highest)
    with pytest.raises(ValueError, match="names the wrong winner"):
        tricks.check_finished([(t.tricks[0][0], 2)], t.played, 3, highest)
    swapped = [(t.tricks[0][0][::-1], 1)]
    with pytest.raises(ValueError, match="in turn from its leader"):
        tricks.check_finished(swapped, t.played, 3, highest)


def test_dealer_phase_and_turn_are_read_alike() -> None:
    data = {"dealer": 2, "phase": "play", "turn": 0}
    assert positions.turn_fields(data, 3, ("play", "over")) == (2, "play", 0)
    assert positions.turn_fields(dict(data, turn=None), 3, ("play",))[2] is None
    for key, value, words in [
        ("dealer", 3, "dealer must be from 0 to 2"),
        ("dealer", True, "dealer must be a whole number"),
        ("phase", "nap", "unknown phase 'nap'"),
        ("turn", -1, "turn must be from 0 to 2"),
    ]:
        with pytest.raises(ValueError, match=words):
            positions.turn_fields(dict(data, **{key: value}), 3, ("play",))
    assert dealer_seat(2, 3) == 2
    for bad in (3, -1, True, "1", None):
        with pytest.raises(ValueError, match="dealer must be a seat from 0 to 2"):
            dealer_seat(bad, 3)


def test_the_trick_on_the_table_is_checked_alike() -> None:
    t = table()  # seat 1 led KS, seat 2 played 2S: seat 0 is to play
    left = (1, 2, 0).__getitem__
    assert tricks.check_on_table(t.trick, 1, 0, left, 3) == [1, 2]
    assert tricks.check_on_table([], 1, 2, left, 3) == []  # (the game checks the lead)
    assert t.trick_cards() == cards("KS 2S")
    for trick, leader, turn, words in [
        (t.trick, 2, 0, "do not fit its leader"),
        (t.trick * 2, 1, 0, "do not fit its leader"),  # as many plays as seats: closed
        (t.trick[::-1], 2, 0, "out of turn"),
        (t.trick, 1, 1, "not the next to play"),
    ]:
        with pytest.raises(ValueError, match=words):
            tricks.check_on_table(trick, leader, turn, left, 3)
