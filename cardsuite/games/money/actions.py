"""Money's actions and their text: ``turn``, ``claim``, ``exchange Q for K J with opponent``,
``buy J from ground change K``, ``buy Q from opponent``, ``sell 10 change K``.

Money is named by rank (suits never matter): ``K Q J``, ``A`` (Egyptian aces), ``JK``
(Syrian jokers). Actions are values: two with the same ranks are the same choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import ACE, JACK, JOKER_RANK, KING, QUEEN
from ...engine import Action
from .coins import Purse, purse

GROUND, OPPONENT = "ground", "opponent"

_RANK_NAMES = {KING: "K", QUEEN: "Q", JACK: "J", ACE: "A", JOKER_RANK: "JK"}
_NAME_RANKS = {v: k for k, v in _RANK_NAMES.items()}


def rank_name(rank: int) -> str:
    return _RANK_NAMES[rank]


def name_rank(name: str) -> int:
    """The rank of money named ``K``, ``Q``, ``J``, ``A`` or ``JK`` (as views write it)."""
    return _NAME_RANKS[name]


def purse_text(p: Sequence[int]) -> str:
    return " ".join(_RANK_NAMES[r] for r in p)


def _parse_money(words: Sequence[str]) -> Purse:
    out = []
    for w in words:
        key = w.upper()
        if key not in _NAME_RANKS:
            raise ValueError(f"{w!r} is not money; money is K, Q, J, A or JK")
        out.append(_NAME_RANKS[key])
    return purse(out)


# --- actions -----------------------------------------------------------------------------


class Turn(Action):
    """MONEY-TURN-2: turn the top card of your hand onto the pile."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Turn)

    def __hash__(self) -> int:
        return hash("turn")

    def __str__(self) -> str:
        return "turn"

    def __repr__(self) -> str:
        return "Turn()"


class Claim(Action):
    """MONEY-CLAIM-1..7: snap. ``seat`` is who claims (None: whoever applies it)."""

    __slots__ = ("seat",)

    def __init__(self, seat: int | None = None) -> None:
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Claim) and other.seat == self.seat

    def __hash__(self) -> int:
        return hash(("claim", self.seat))

    def __str__(self) -> str:
        return "claim"

    def __repr__(self) -> str:
        return f"Claim(seat={self.seat})"


#: The actions that never change, shared: ``legal_actions`` offers these, not new objects.
TURN = Turn()
CLAIMS = (Claim(0), Claim(1))


class Exchange(Action):
    """MONEY-BUY-7: give ``give`` from your bank, take ``take`` of equal value from ``place``."""

    __slots__ = ("_fast", "_h", "_k", "give", "place", "take")

    def __init__(self, give: Purse, take: Purse, place: str) -> None:
        self.give = purse(give)
        self.take = purse(take)
        self.place = place
        # Actions are values, and a search hashes them thousands of times a decision.
        self._k = ("x", self.give, self.take, self.place)
        self._h = hash(self._k)
        #: What the kernel's tables know of carrying it out (``kernel._exchange_info``), or
        #: None: read from the action at two moves in five of an Egyptian play-out, not
        #: looked up by its ``id``. Not part of the value (``_k``).
        self._fast: Any = None

    def _key(self) -> tuple[Any, ...]:
        return self._k

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Exchange) and other._k == self._k

    def __hash__(self) -> int:
        return self._h

    def __str__(self) -> str:
        return f"exchange {purse_text(self.give)} for {purse_text(self.take)} with {self.place}"

    def __repr__(self) -> str:
        return f"Exchange({str(self)!r})"


class Buy(Action):
    """MONEY-BUY-4..10: pay one money card (``pay``, a rank) to ``source``; from the ground
    the buyer names the ``change`` taken from under the pile; from the opponent the seller
    chooses (then ``to_move()`` is the seller)."""

    __slots__ = ("_h", "_k", "change", "pay", "source")

    def __init__(self, pay: int, source: str, change: Purse = ()) -> None:
        self.pay = pay
        self.source = source
        self.change = purse(change)
        self._k = ("b", self.pay, self.source, self.change)
        self._h = hash(self._k)

    def _key(self) -> tuple[Any, ...]:
        return self._k

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Buy) and other._k == self._k

    def __hash__(self) -> int:
        return self._h

    def __str__(self) -> str:
        tail = f" change {purse_text(self.change)}" if self.change else ""
        return f"buy {rank_name(self.pay)} from {self.source}{tail}"

    def __repr__(self) -> str:
        return f"Buy({str(self)!r})"


class Sell(Action):
    """MONEY-BUY-10: the seller hands over ``count`` number cards and ``change`` money."""

    __slots__ = ("_h", "_k", "change", "count")

    def __init__(self, count: int, change: Purse = ()) -> None:
        self.count = count
        self.change = purse(change)
        self._k = ("s", self.count, self.change)
        self._h = hash(self._k)

    def _key(self) -> tuple[Any, ...]:
        return self._k

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sell) and other._k == self._k

    def __hash__(self) -> int:
        return self._h

    def __str__(self) -> str:
        tail = f" change {purse_text(self.change)}" if self.change else ""
        return f"sell {self.count}{tail}"

    def __repr__(self) -> str:
        return f"Sell({str(self)!r})"


def parse_action(text: str) -> Action:
    words = text.replace(",", " ").split()
    if not words:
        raise ValueError("empty action; use turn, claim, exchange, buy or sell")
    verb, rest = words[0].lower(), words[1:]
    if verb in ("turn", "flip"):
        return Turn()
    if verb in ("claim", "snap"):
        return Claim()
    if verb == "exchange":
        low = [w.lower() for w in rest]
        if "for" not in low or "with" not in low:
            raise ValueError("write: exchange Q for K J with opponent (or with ground)")
        f, w = low.index("for"), low.index("with")
        place = " ".join(low[w + 1 :])
        if place not in (OPPONENT, GROUND):
            raise ValueError("exchange with opponent or with ground")
        give, take = _parse_money(rest[:f]), _parse_money(rest[f + 1 : w])
        if not give or not take:
            raise ValueError("an exchange gives and takes at least one money card")
        return Exchange(give, take, place)
    if verb == "buy":
        low = [w.lower() for w in rest]
        if len(rest) < 3 or low[1] != "from" or low[2] not in (OPPONENT, GROUND):
            raise ValueError("write: buy Q from ground [change K] or buy Q from opponent")
        pay = _parse_money(rest[:1])[0]
        change: Purse = ()
        if len(rest) > 3:
            if low[3] != "change":
                raise ValueError("write: buy J from ground change K")
            change = _parse_money(rest[4:])
        return Buy(pay, low[2], change)
    if verb == "sell":
        if not rest or not rest[0].isdigit():
            raise ValueError("write: sell 15, or sell 10 change K")
        change = ()
        if len(rest) > 1:
            if rest[1].lower() != "change":
                raise ValueError("write: sell 10 change K")
            change = _parse_money(rest[2:])
        return Sell(int(rest[0]), change)
    raise ValueError(f"unknown action {verb!r}; use turn, claim, exchange, buy or sell")
