"""Playing cards: ranks, suits, codes, pretty forms and packs.

Cards are *interned*: ``Card(7, "H") is Card(7, "H")``. Two packs shuffled together therefore
hold the same object twice, which is exactly the multiset semantics the games need (a 7H from
either pack is the same card for every rule), and it makes equality and hashing identity-fast,
which matters in play-outs that run hundreds of thousands of moves a second.

Cards have no order of their own: sort them with ``key=by_rank`` (rank, then suit). A
Python-level ``__lt__`` would make CPython route *every* comparison of cards, ``==`` too,
through a Python slot: each ``list.remove``, ``list.index`` and ``in`` over a hand then
paid about 600 machine instructions per card passed (a tenth of a Mensch, Manni or
Twenty-Two play-out), where ``object``'s own comparison is a pointer test.

Codes: rank ``A 2-9 10 J Q K`` (``T`` is accepted for 10 when parsing), suit ``S H D C``, the
joker is ``JK``. ``str(card)`` gives the code, ``card.pretty()`` the symbol form (``10♥``) and
``card.pretty(ascii=True)`` a form for terminals without suit symbols (``10H``).
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter
from typing import ClassVar

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SYMBOL_SUITS = {v: k for k, v in SUIT_SYMBOLS.items()}

#: Ranks as integers: 2..10 are face values, J=11, Q=12, K=13, A=14, and the joker 15 (above
#: the ace, which is where every game in the suite that ranks jokers puts it).
JACK, QUEEN, KING, ACE, JOKER_RANK = 11, 12, 13, 14, 15
RANKS = tuple(range(2, 15))
RANK_CODES = {**{r: str(r) for r in range(2, 11)}, JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
RANK_NAMES = {
    **{r: str(r) for r in range(2, 11)},
    JACK: "jack",
    QUEEN: "queen",
    KING: "king",
    ACE: "ace",
    JOKER_RANK: "joker",
}
_CODE_RANKS = {v: k for k, v in RANK_CODES.items()} | {"T": 10, "1": ACE}


class Card:
    """One playing card; immutable and interned (see the module docstring)."""

    __slots__ = ("code", "ordinal", "rank", "suit")
    _interned: ClassVar[dict[tuple[int, str], Card]] = {}
    _by_code: ClassVar[dict[str, Card]] = {}

    rank: int
    suit: str
    code: str
    #: rank * 8 + suit position (S H D C; the joker after them): one int to sort hands by.
    ordinal: int

    def __new__(cls, rank: int, suit: str = "") -> Card:
        key = (rank, suit)
        card = cls._interned.get(key)
        if card is not None:
            return card
        if rank == JOKER_RANK:
            if suit:
                raise ValueError("a joker has no suit")
            code = "JK"
        else:
            if rank not in RANK_CODES:
                raise ValueError(f"no such rank: {rank!r}")
            if suit not in SUIT_SYMBOLS:
                raise ValueError(f"no such suit: {suit!r}")
            code = RANK_CODES[rank] + suit
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "code", code)
        object.__setattr__(card, "ordinal", rank * 8 + (SUITS.index(suit) if suit else 4))
        cls._interned[key] = card
        cls._by_code[code] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card code such as ``7H``, ``10s``, ``Td``, ``QC``, ``A♠`` or ``JK``."""
        cached = cls._by_code.get(text)
        if cached is not None:
            return cached
        t = text.strip().upper()
        if t in ("JK", "JOKER", "JO", "*"):
            return cls(JOKER_RANK)
        if len(t) < 2:
            raise ValueError(f"not a card: {text!r}")
        rank_part, suit_part = t[:-1], t[-1]
        suit_part = SYMBOL_SUITS.get(suit_part, suit_part)
        if rank_part not in _CODE_RANKS or suit_part not in SUIT_SYMBOLS:
            raise ValueError(f"not a card: {text!r} (ranks A 2-10 J Q K, suits S H D C, joker JK)")
        return cls(_CODE_RANKS[rank_part], suit_part)

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def is_red(self) -> bool:
        return self.suit in ("H", "D")

    @property
    def rank_code(self) -> str:
        return "JK" if self.rank == JOKER_RANK else RANK_CODES[self.rank]

    @property
    def name(self) -> str:
        """``"queen of spades"``, ``"joker"``: for screen readers and log lines."""
        if self.is_joker:
            return "joker"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def pretty(self, ascii: bool = False) -> str:
        """``10♥`` (or ``10H`` with ``ascii``); the joker is ``JK`` either way."""
        if self.is_joker:
            return "JK"
        return RANK_CODES[self.rank] + (self.suit if ascii else SUIT_SYMBOLS[self.suit])

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


JOKER = Card(JOKER_RANK)

#: Sort key for cards: by rank, then suit (S H D C). ``hand.sort(key=by_rank)``.
by_rank = attrgetter("ordinal")


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Cards from a space/comma separated string or an iterable of codes."""
    if isinstance(text, str):
        text = text.replace(",", " ").split()
    return [Card.parse(t) for t in text]


def codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def pretty(cards: Iterable[Card], ascii: bool = False, sep: str = " ") -> str:
    return sep.join(c.pretty(ascii) for c in cards)


def pack(ranks: Iterable[int] = RANKS, *, decks: int = 1, jokers: int = 0) -> list[Card]:
    """A fresh, ordered pack: each deck suit by suit (S H D C), low rank first, jokers last."""
    ranks = tuple(ranks)
    one = [Card(r, s) for s in SUITS for r in ranks]
    return one * decks + [JOKER] * jokers


def standard_pack() -> list[Card]:
    """52 cards."""
    return pack()


def pack_without_twos() -> list[Card]:
    """48 cards: the standard pack without the four twos (Manni)."""
    return pack(range(3, 15))


def piquet_pack() -> list[Card]:
    """32 cards: seven to ace."""
    return pack(range(7, 15))


def two_packs(jokers: int = 0) -> list[Card]:
    """104 cards (two standard packs), plus any jokers."""
    return pack(decks=2, jokers=jokers)
