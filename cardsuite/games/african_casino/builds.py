"""African Casino's builds: a build on the table (``Pile``) and whether a hand can keep
builds of given values (``_match``, CASINO-TAB-5), apart so the reference's modules and the
kernel share them without importing each other."""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Card
from .units import worth


class Pile:
    """A build: its value, owner and units (each a tuple of cards adding up to the value, or
    one card worth it). Single when it has one unit (CASINO-TAB-2)."""

    __slots__ = ("owner", "units", "value")

    def __init__(self, value: int, owner: int, units: list[tuple[Card, ...]]) -> None:
        self.value = value
        self.owner = owner
        self.units = units

    @property
    def single(self) -> bool:
        return len(self.units) == 1

    def cards(self) -> list[Card]:
        return [c for u in self.units for c in u]

    def copy(self) -> Pile:
        return Pile(self.value, self.owner, self.units[:])


def _match(values: list[int], hand: Sequence[Card], ace_high: bool) -> bool:
    """CASINO-TAB-5: distinct hand cards that capture each of ``values`` (a small matching)."""
    if not values:
        return True
    if len(values) > len(hand):
        return False
    v, rest = values[0], values[1:]
    for i, c in enumerate(hand):
        if worth(c, v, ace_high) and _match(rest, [*hand[:i], *hand[i + 1 :]], ace_high):
            return True
    return False
