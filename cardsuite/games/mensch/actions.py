"""Mensch's actions and their text: ``pass`` and the bids (``half`` ... ``solo``),
``trump hearts``, ``call AD`` and ``play 7H``. Every action is a constant value."""

from __future__ import annotations

from ...cards import SUIT_NAMES, Card, pack
from ...engine import Action

#: MENSCH-BID-1, lowest to highest.
BIDS = ("half", "after", "five", "five-after", "six", "six-after", "seven", "seven-after", "solo")
RANKS = (7, 8, 9, 10, 11, 12, 13, 14)
_SUIT_WORDS = {
    **{name: s for s, name in SUIT_NAMES.items()},
    **{s.lower(): s for s in SUIT_NAMES},
    **{name[:-1]: s for s, name in SUIT_NAMES.items()},
}


class Bid(Action):
    """A bid, or ``pass`` (``name`` "pass")."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __eq__(self, other: object) -> bool:
        return type(other) is Bid and other.name == self.name

    def __hash__(self) -> int:
        return hash(("bid", self.name))

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Bid({self.name!r})"


class Trump(Action):
    """MENSCH-TRUMP-1: the declarer names the trump suit."""

    __slots__ = ("suit",)

    def __init__(self, suit: str) -> None:
        self.suit = suit

    def __eq__(self, other: object) -> bool:
        return type(other) is Trump and other.suit == self.suit

    def __hash__(self) -> int:
        return hash(("trump", self.suit))

    def __str__(self) -> str:
        return f"trump {SUIT_NAMES[self.suit]}"

    def __repr__(self) -> str:
        return f"Trump({self.suit!r})"


class Call(Action):
    """MENSCH-CALL-1: the declarer calls a card; its holder is his partner."""

    __slots__ = ("card",)

    def __init__(self, card: Card) -> None:
        self.card = card

    def __eq__(self, other: object) -> bool:
        return type(other) is Call and other.card is self.card

    def __hash__(self) -> int:
        return hash(("call", self.card))

    def __str__(self) -> str:
        return f"call {self.card.code}"

    def __repr__(self) -> str:
        return f"Call({self.card.code!r})"


class Play(Action):
    """MENSCH-PLAY-2: lead or follow with one card."""

    __slots__ = ("card",)

    def __init__(self, card: Card) -> None:
        self.card = card

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    def __eq__(self, other: object) -> bool:
        return type(other) is Play and other.card is self.card

    def __hash__(self) -> int:
        return hash(("play", self.card))

    def __str__(self) -> str:
        return f"play {self.card.code}"

    def __repr__(self) -> str:
        return f"Play({self.card.code!r})"


PACK = tuple(pack(RANKS))
PASS = Bid("pass")
BID = {name: Bid(name) for name in BIDS}
TRUMP = {s: Trump(s) for s in "SHDC"}
CALL = {c: Call(c) for c in PACK}
PLAY = {c: Play(c) for c in PACK}


def parse_action(text: str) -> Action:
    words = text.replace(",", " ").split()
    usage = "use pass, a bid (half ... solo), trump SUIT, call CARD or play CARD"
    if not words:
        raise ValueError(f"empty action; {usage}")
    verb, rest = words[0].lower(), words[1:]
    if verb == "pass" or verb in BID:
        if rest:
            raise ValueError(f"{verb} takes nothing after it")
        return PASS if verb == "pass" else BID[verb]
    if verb == "trump":
        if len(rest) != 1 or rest[0].lower() not in _SUIT_WORDS:
            raise ValueError("trump names a suit: trump hearts (or S H D C)")
        return TRUMP[_SUIT_WORDS[rest[0].lower()]]
    if verb in ("call", "play", "lead", "follow"):
        if len(rest) != 1:
            raise ValueError(f"{verb} takes one card, e.g. {verb} AD")
        card = Card.parse(rest[0])
        if card not in PLAY:
            raise ValueError(f"{card.code} is not in Mensch's 32-card pack")
        return CALL[card] if verb == "call" else PLAY[card]
    raise ValueError(f"unknown action {verb!r}; {usage}")
