"""Manni's actions, their text, and the lazily indexed list of discards.

Text (also in ``help.md``): ``swap`` or ``keep`` (basic Manni's exchange), ``contract nullo``,
``contract grand``, ``contract spades``, ``contract other hearts`` (the Trjámann declarer),
``discard 3C 4D`` (an exchange; ``discard`` alone, or ``keep``, draws nothing) and
``play 7H``. Suits matter in Manni, so every set of cards is its own choice.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import chain, combinations
from math import comb
from operator import itemgetter
from typing import Any

from ...cards import SUIT_NAMES, Card, pack
from ...engine import Action

#: Trjámann's four contracts, in the order they are offered (TRJ-CONTRACT-1).
CONTRACT_KINDS = ("nullo", "grand", "spades", "other")
_SUIT_WORDS = {
    **{name: s for s, name in SUIT_NAMES.items()},
    **{s.lower(): s for s in SUIT_NAMES},
    **{name[:-1]: s for s, name in SUIT_NAMES.items()},  # "heart", "spade"...
}


class Swap(Action):
    """MANNI-EXCH-2: the whole hand for the unseen manni."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is Swap

    def __hash__(self) -> int:
        return hash("swap")

    def __str__(self) -> str:
        return "swap"

    def __repr__(self) -> str:
        return "Swap()"


class Keep(Action):
    """MANNI-EXCH-1: keep the hand (in an exchange of cards: discard nothing)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is Keep

    def __hash__(self) -> int:
        return hash("keep")

    def __str__(self) -> str:
        return "keep"

    def __repr__(self) -> str:
        return "Keep()"


class Contract(Action):
    """TRJ-CONTRACT-1: ``kind`` one of ``CONTRACT_KINDS``; ``suit`` only for Other."""

    __slots__ = ("kind", "suit")

    def __init__(self, kind: str, suit: str | None = None) -> None:
        self.kind = kind
        self.suit = suit

    def __eq__(self, other: object) -> bool:
        return type(other) is Contract and (other.kind, other.suit) == (self.kind, self.suit)

    def __hash__(self) -> int:
        return hash(("contract", self.kind, self.suit))

    def __str__(self) -> str:
        if self.kind == "other" and self.suit:
            return f"contract other {SUIT_NAMES[self.suit]}"
        return f"contract {self.kind}"

    def __repr__(self) -> str:
        return f"Contract({self.kind!r}, {self.suit!r})"


class Discard(Action):
    """TRJ-EXCH-1, HORN-EXCH-1: put ``cards`` face down and draw as many from the manni.
    The cards are kept in the hand's order, so one set of cards is one action."""

    __slots__ = ("_k", "cards")

    def __init__(self, cards: Sequence[Card] = ()) -> None:
        self.cards = tuple(cards)

    def __eq__(self, other: object) -> bool:
        return type(other) is Discard and set(other.cards) == set(self.cards)

    def __hash__(self) -> int:
        return hash(("discard", frozenset(self.cards)))

    def __str__(self) -> str:
        return "discard " + " ".join(c.code for c in self.cards) if self.cards else "discard"

    def __repr__(self) -> str:
        return f"Discard({str(self)!r})"

    @property
    def key(self) -> object:
        try:
            return self._k
        except AttributeError:  # worked out once: a search asks it every iteration
            self._k: object = ("d", frozenset(self.cards))
            return self._k


class Play(Action):
    """MANNI-GEN-6: lead or follow with one card.

    Plays are *interned*, as cards are: ``Play(card) is PLAY[card]`` for every card of the
    pack, so equality and hashing are identity, in C. A play-out's ``plays.index(action)``
    and every search's dictionary of plays then cost a pointer test per entry, not a Python
    ``__eq__`` or ``__hash__`` call. (A card of no pack, which only a refusal ever meets,
    gets a play of its own.)"""

    __slots__ = ("card",)

    card: Card

    def __new__(cls, card: Card) -> Play:
        play = _PLAYS.get(card)
        if play is None:
            play = object.__new__(cls)
            object.__setattr__(play, "card", card)
        return play

    def __reduce__(self) -> tuple[object, tuple[Card]]:
        return (Play, (self.card,))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The card as a tuple, as the trick frame reads a play's cards (hints, dimming)."""
        return (self.card,)

    def __str__(self) -> str:
        return f"play {self.card.code}"

    def __repr__(self) -> str:
        return f"Play({self.card.code!r})"


_PLAYS: dict[Card, Play] = {}
for _c in pack():
    _PLAYS[_c] = Play(_c)

SWAP, KEEP = Swap(), Keep()
#: Every card's play, made once: a play-out offers these instead of new objects.
PLAY: dict[Card, Play] = dict(_PLAYS)
NO_DISCARD = Discard(())


def parse_action(text: str) -> Action:
    words = text.replace(",", " ").split()
    usage = "use swap, keep, contract KIND [SUIT], discard CARDS or play CARD"
    if not words:
        raise ValueError(f"empty action; {usage}")
    verb, rest = words[0].lower(), words[1:]
    if verb in ("swap", "keep"):
        if rest:
            raise ValueError(f"{verb} takes nothing after it")
        return SWAP if verb == "swap" else KEEP
    if verb == "contract":
        if not rest:
            raise ValueError("contract needs a kind: nullo, grand, spades or other SUIT")
        kind = rest[0].lower()
        if kind not in CONTRACT_KINDS:
            raise ValueError(
                f"no contract {rest[0]!r}; contracts: nullo, grand, spades, other SUIT"
            )
        if kind == "other":
            if len(rest) != 2 or rest[1].lower() not in _SUIT_WORDS:
                raise ValueError("other names its trump suit: contract other hearts (or S H D C)")
            return Contract("other", _SUIT_WORDS[rest[1].lower()])
        if len(rest) != 1:
            raise ValueError(f"contract {kind} takes no suit")
        return Contract(kind)
    try:
        cards = tuple(Card.parse(w) for w in rest)
    except ValueError as e:
        raise ValueError(str(e)) from None
    if verb in ("discard", "exchange"):
        if len(set(cards)) != len(cards):
            raise ValueError("a card is named twice")
        return Discard(cards)
    if verb in ("play", "lead", "follow"):
        if len(cards) != 1:
            raise ValueError("play one card, e.g. play 7H")
        return Play(cards[0])
    raise ValueError(f"unknown action {verb!r}; {usage}")


#: Binomial coefficients ``_C[n][k]`` for the hands an exchange can hold (up to 16 cards).
_C = [[comb(n, k) for k in range(17)] for n in range(17)]


def _unrank(n: int, k: int, r: int) -> list[int]:
    """The ``r``-th ``k``-subset of ``range(n)`` in lexicographic order."""
    out = []
    x = 0
    table = _C
    for i in range(k, 0, -1):
        while True:
            c = table[n - x - 1][i - 1]
            if r < c:
                break
            r -= c
            x += 1
        out.append(x)
        x += 1
    return out


@lru_cache(maxsize=256)
def _cumulative(n: int, sizes: tuple[int, ...]) -> tuple[int, ...]:
    """How many discards there are of the sizes before each, for a hand of ``n``."""
    cum = [0]
    for k in sizes:
        cum.append(cum[-1] + comb(n, k))
    return tuple(cum)


#: Above this many choices a hand's discards are unranked one by one instead of tabled.
_TABLED = 5000


@lru_cache(maxsize=256)
def _combinations(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    """The ``k``-subsets of ``range(n)`` in lexicographic order, made once: every table of
    positions of a hand of ``n`` holds these very tuples (Hornafjarðarmanni's thirteen
    shapes of exchange of 12 cards would otherwise make 26,000 tuples instead of 4,096)."""
    return tuple(combinations(range(n), k))


@lru_cache(maxsize=64)
def _positions(n: int, sizes: tuple[int, ...]) -> tuple[tuple[int, ...], ...] | None:
    """Every discard's positions in a hand of ``n``, in the order of the choices (sizes
    smallest first, then lexicographic, as ``_unrank`` reads them off): worked out once per
    shape of exchange, shared by every hand of that shape, so a pick is one look-up. None
    where there are too many to keep (a hand-written position's big exchange)."""
    if _cumulative(n, sizes)[-1] > _TABLED:
        return None
    return tuple(chain.from_iterable(_combinations(n, k) for k in sizes))


@lru_cache(maxsize=64)
def _shape(
    n: int, sizes: tuple[int, ...]
) -> tuple[tuple[int, ...], int, tuple[tuple[int, ...], ...] | None]:
    """What a listing of a hand of ``n`` with these sizes needs, in one look-up: the counts
    before each size, the number of choices and the positions' table (``_positions``)."""
    cum = _cumulative(n, sizes)
    return cum, cum[-1], _positions(n, sizes)


def _discard(cards: tuple[Card, ...]) -> Discard:
    """A Discard of a tuple the caller made (no copy): the listing's every pick."""
    d = _new(Discard)
    d.cards = cards
    return d


_new = object.__new__


class DiscardChoices(Sequence[Discard]):
    """Every discard of a size in ``sizes`` from ``hand`` (TRJ-EXCH-1, TRJ-OPT-2,
    HORN-EXCH-1), smallest first, then in the hand's order: up to 4,096 choices, indexed
    without building them (a random play-out picks one). The last pick is remembered with
    its positions in the hand (``issued``), so the state applies a discard it offered
    without checking it again."""

    __slots__ = ("_cum", "_hand", "_issued", "_list", "_n", "_pos", "_sizes", "_table")

    def __init__(self, hand: Sequence[Card], sizes: Sequence[int]) -> None:
        self._list = hand
        self._hand = held = tuple(hand)
        self._sizes = sizes = tuple(sizes)
        self._cum, self._n, self._table = _shape(len(held), sizes)
        self._issued: Discard | None = None
        self._pos: tuple[int, ...] = ()

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i: int | slice) -> Any:
        if type(i) is not int:
            if isinstance(i, slice):
                return [self[j] for j in range(*i.indices(self._n))]
            i = i.__index__()
        table = self._table
        if table is not None:
            pos = table[i]  # a tuple of every choice: its IndexError is the listing's
        else:
            pos = self._unranked(i)
        if not pos:
            return NO_DISCARD
        d = _new(Discard)  # ``_discard`` inline: a Discard of a tuple made here
        # several cards read by one itemgetter (cheaper than ``map`` from three up)
        d.cards = (
            itemgetter(*pos)(self._hand)
            if len(pos) > 2
            else tuple(map(self._hand.__getitem__, pos))
        )
        self._issued = d
        self._pos = pos
        return d

    def _unranked(self, i: int) -> tuple[int, ...]:
        n = self._n
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        for j, k in enumerate(self._sizes):
            if i < self._cum[j + 1]:
                return tuple(_unrank(len(self._hand), k, i - self._cum[j]))
        raise IndexError(i)  # pragma: no cover - the sizes cover every index

    def __iter__(self) -> Iterator[Discard]:
        return (self[i] for i in range(self._n))

    def __contains__(self, item: object) -> bool:
        if type(item) is Keep:
            return 0 in self._sizes
        if type(item) is not Discard:
            return False
        cards = item.cards
        return len(cards) in self._sizes and all(c in self._hand for c in cards)

    @property
    def sizes(self) -> tuple[int, ...]:
        return self._sizes

    def issued(self, action: object, hand: list[Card]) -> tuple[int, ...] | None:
        """The positions of ``action`` in ``hand`` if it is the discard last picked from
        this listing and ``hand`` is still the list it was made from, unchanged; else None."""
        if action is self._issued and hand is self._list and len(hand) == len(self._hand):
            return self._pos
        return None


#: ``_UP_TO[n]``: the sizes 0 to n, made once (every exchange but Trjámann's four-or-none
#: discards any number up to a limit).
UP_TO = tuple(tuple(range(n + 1)) for n in range(53))
#: ``discards_up_to``'s shapes by ``n * 64 + top`` (an int key: hashing ``(n, sizes)`` for
#: ``_shape``'s cache costs more than the rest of the look-up).
_SHAPES_UP_TO: dict[int, Any] = {}


def discards_up_to(hand: list[Card], top: int) -> DiscardChoices:
    """``DiscardChoices(hand, UP_TO[top])``, made without calling the class (a Python
    ``__init__`` through ``type.__call__``) and with its shape looked up by an int: the
    kernel lists three of these a Hornafjarðarmanni hand, and the call was a tenth of an
    exchange."""
    n = len(hand)
    shape = _SHAPES_UP_TO.get(n * 64 + top)
    if shape is None:
        shape = _SHAPES_UP_TO[n * 64 + top] = _shape(n, UP_TO[top])
    d = _new(DiscardChoices)
    d._list = hand
    d._hand = tuple(hand)
    d._sizes = UP_TO[top]
    d._cum, d._n, d._table = shape
    d._issued = None
    d._pos = ()
    return d


__all__ = [
    "CONTRACT_KINDS",
    "KEEP",
    "NO_DISCARD",
    "PLAY",
    "SWAP",
    "Contract",
    "Discard",
    "DiscardChoices",
    "Keep",
    "Play",
    "Swap",
    "parse_action",
]
