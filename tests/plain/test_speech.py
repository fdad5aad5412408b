"""The words for cards, events and actions (``plain/speech.py``): what a screen reader says."""

from __future__ import annotations

import pytest

from cardsuite.cards import RANKS, SUITS, Card
from cardsuite.games.african_casino.speech import phrases
from cardsuite.plain.speech import Words

RANK_SAID = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
    10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}  # fmt: skip
SUIT_SAID = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@pytest.mark.parametrize("suit", SUITS)
@pytest.mark.parametrize("rank", RANKS)
def test_every_card_in_words(rank: int, suit: str) -> None:
    card = Card(rank, suit)
    said = f"{RANK_SAID[rank]} of {SUIT_SAID[suit]}"
    assert Words().card(card) == said
    assert Words().card(card, article=True) == "the " + said
    assert Words(symbols=True).card(card) == card.pretty()
    assert Words(symbols=True, ascii=True).card(card) == card.pretty(ascii=True)


def test_joker_and_colour() -> None:
    assert Words().card(Card.parse("JK"), article=True) == "a joker"
    assert Words(color=True).card(Card.parse("QH")) == "\x1b[31mqueen of hearts\x1b[0m"
    assert Words(color=True).card(Card.parse("QS")) == "queen of spades"  # black: as it is


def test_event_template_said() -> None:
    w = Words()
    names = ["South", "West"]
    assert w.template("{P1} plays [QH]", names) == "West plays the queen of hearts"
    assert (
        w.template("{P0} plays [7H] [7D] [7C]", names)
        == "South plays the seven of hearts, the seven of diamonds and the seven of clubs"
    )
    assert Words(symbols=True).template("{P1} plays [10H]", names) == "West plays 10♥"


def test_notation_said() -> None:
    w = Words()
    assert w.notation("discard 10C QD", []) == "discard the ten of clubs and the queen of diamonds"
    assert w.notation("play AS", []) == "play the ace of spades"
    assert w.notation("pass", []) == "pass"
    assert Words(symbols=True).notation("play AS", []) == "play A♠"


def test_hand_by_suit() -> None:
    assert Words().hand(["AS", "10S", "QH"]) == "spades: ace, ten; hearts: queen"
    assert Words(symbols=True, ascii=True).hand(["AS", "10S"]) == "AS 10S"


def test_casino_phrases() -> None:
    names = ["South", "North", "East"]
    said = Words().notation("add B9: 5H+top:P2 | 7H", names, phrases)
    assert said == (
        "add to build 9: the five of hearts plus the top of North's pile, then the seven of hearts"
    )
    assert Words().notation("capture AH=14: B14", names, phrases) == (
        "capture the ace of hearts counting 14: build 14"
    )


def test_hint_reason_symbols_said() -> None:
    assert Words().reason("leads Q♥ to draw trumps") == "leads queen of hearts to draw trumps"


def test_clear_only_on_a_terminal() -> None:
    """The hot-seat's clear is an ANSI clear of the screen and its scrollback, written only
    to a terminal (a pipe or a file gets nothing)."""
    import io

    from cardsuite.plain.render import CLEAR, TextRenderer

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for out, cleared in ((Terminal(), True), (io.StringIO(), False)):
        r = TextRenderer(out, io.StringIO(), io.StringIO(), Words(), ["A"])
        assert r.clear() is cleared
        assert out.getvalue() == (CLEAR if cleared else "")
    assert CLEAR == "\x1b[H\x1b[2J\x1b[3J"
