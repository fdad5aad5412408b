"""A short African Casino record with one clear mistake, for the review's tests (CLI and
replay): Swazi, two players, P1 to move; the 10D lies on the layout, P1 holds the 10H and
P2 the 10S, so trailing the 10H hands P2 both tens (the 10D alone is 2 of the 11 points)."""

from __future__ import annotations

from cardsuite.records import Move, Record, RecordSeat, parse

DECK = ["10D", "5C", "6H", "JC", "10H", "10S", "4D", "8S", "3C", "KH", "QD", "7C"]


def casino_record(*moves: str) -> Record:
    """The record of P1's ``moves`` from that deal, read back from its text."""
    rec = Record(
        "african-casino",
        "swazi",
        {"insist": "off"},
        [RecordSeat("Ann", "human"), RecordSeat("Bot", "medium")],
        seed=1,
        deck=DECK,
        dealer=1,
        moves=[Move(0, m) for m in moves],
    )
    return parse(rec.to_text())


def manni_swap_record() -> Record:
    """Manni (basic, three players, seed 58): Ann swaps her hand in the first decision of the
    game. The review is sure keeping was the better bet (about 2.4 points against the others),
    but with the cards that really lay the swap did as well: a known case of bad luck."""
    rec = Record(
        "manni",
        "basic",
        {},
        [RecordSeat("Ann", "human"), RecordSeat("B1", "medium"), RecordSeat("B2", "medium")],
        seed=58,
        moves=[Move(0, "swap")],
    )
    return parse(rec.to_text())
