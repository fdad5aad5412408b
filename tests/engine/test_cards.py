"""Cards: codes, parsing, pretty forms, interning and packs (design.md, "The engine contract")."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest

from cardsuite.cards import (
    JOKER,
    Card,
    by_rank,
    pack_without_twos,
    parse_cards,
    piquet_pack,
    standard_pack,
    two_packs,
)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("7H", "7H"),
        ("10s", "10S"),
        ("Td", "10D"),
        ("qc", "QC"),
        ("A♠", "AS"),
        ("JK", "JK"),
        ("joker", "JK"),
        ("2c", "2C"),
        (" kh ", "KH"),
    ],
)
def test_parse_and_code(text: str, code: str) -> None:
    assert str(Card.parse(text)) == code


@pytest.mark.parametrize("bad", ["", "1", "11H", "7X", "ZZ", "10", "H7"])
def test_parse_refuses_with_what_is_allowed(bad: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(bad)


def test_pretty_forms() -> None:
    assert Card.parse("10H").pretty() == "10♥"
    assert Card.parse("QS").pretty(ascii=True) == "QS"
    assert JOKER.pretty() == "JK"
    assert Card.parse("QS").name == "queen of spades"


def test_cards_are_interned_values() -> None:
    a, b = Card.parse("7H"), Card(7, "H")
    assert a is b
    assert pickle.loads(pickle.dumps(a)) is a
    assert copy.deepcopy([a])[0] is a
    with pytest.raises(AttributeError):
        a.rank = 8  # type: ignore[misc]


def test_ordering_is_rank_then_suit() -> None:
    cards = parse_cards("AS 2C 10H 10S JK KD")
    assert [str(c) for c in sorted(cards, key=by_rank)] == ["2C", "10S", "10H", "KD", "AS", "JK"]


def test_cards_compare_by_identity_in_c() -> None:
    """No Python-level ordering: ``==`` of two different cards must not call into Python
    (a ``__lt__`` on Card made every ``list.remove`` of a card pay a Python slot call)."""
    for name in ("__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__"):
        assert getattr(Card, name) is getattr(object, name), name
    with pytest.raises(TypeError):
        _ = Card.parse("2C") < Card.parse("3C")  # type: ignore[operator]


def test_packs() -> None:
    assert len(standard_pack()) == 52 == len(set(standard_pack()))
    assert len(pack_without_twos()) == 48 and all(c.rank != 2 for c in pack_without_twos())
    assert len(piquet_pack()) == 32 and min(c.rank for c in piquet_pack()) == 7
    both = two_packs(jokers=4)
    assert len(both) == 108
    counts = Counter(both)
    assert counts[JOKER] == 4 and counts[Card.parse("7H")] == 2
