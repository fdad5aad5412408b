"""A hand shape's exchanges listed whole, once, as bit masks of the cards each takes.

``ExchangeTable`` (``sets.py``) counts a hand's exchanges and reads the ``index``-th one
without listing the rest: a walk over the groups, a bisection each, about 15,000
instructions a pick. A random player picks from each of a hundred or so shapes (Twenty-Six
at four players: 80,000 choices in all, 8,192 at most for a whole 13-card hand) again and
again, and most picks are the first of their index (remembering them, an ``itemgetter``
each, missed three times in five). So a shape's choices are listed whole, in the table's
order, as packed ints (``choice_masks``, on the shape's first listing: a few hundred
instructions a choice, in C passes over lists shared by every shape ending in the same
groups), and a pick is then an index; the cards are read by a getter looked up by the mask
(``GETTERS``, one a mask, shared by every shape).

A mask's bit ``b`` stands for the card ``b + 1`` from the end of the groups laid end to end
(largest first, as ``ExchangeChoices`` lays a hand out): so the choices of the groups from
any one on do not depend on the groups before them (their cards are the last ones), and one
mask names the same places in a layout of any length.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .sets import ExchangeTable

#: At most this many choices (a whole 13-card hand: the most Twenty-Two deals) are listed;
#: a larger table (no hand of the game's) is read a pick at a time (``ExchangeTable``).
WHOLE = 8192

Getter = Callable[[Sequence[Any]], tuple[Any, ...]]

#: A mask is kept as a native unsigned int of this many bytes while the lists are built.
_WIDTH = array("I").itemsize
_ORDER: Any = sys.byteorder


@cache
def _taking(counts: tuple[int, ...]) -> tuple[bytes, ...]:
    """The ways groups of ``counts`` cards (laid end to end, the last card at bit 0) take
    ``t`` cards in all, by ``t`` from 0 to all of them: each group its first cards, as
    masks in the table's order (the first group slowest, each group taking fewer cards
    first), packed ``_WIDTH`` bytes each. Shared by every shape that ends in these groups;
    never changed. Made from the groups after the first's: for each count ``x`` the first
    group takes, its cards are set in every mask of theirs at once (``_with``, one pass in
    C over them all), and each total's masks are then cut from those passes, not worked
    out a total and a count at a time."""
    if not counts:
        return ((0).to_bytes(_WIDTH, _ORDER),)
    c = counts[0]
    below = _taking(counts[1:])
    room = len(below) - 1  # (the cards of the groups after the first)
    n = c + room
    whole = b"".join(below)
    at = [0]  # where each total's masks start in ``whole``
    for row in below:
        at.append(at[-1] + len(row))
    takes = [whole] + [_with(whole, ((1 << x) - 1) << (n - x)) for x in range(1, c + 1)]
    rows: list[bytes] = []
    for t in range(n + 1):
        low = t - room if t > room else 0
        high = c if c < t else t
        rows.append(b"".join([takes[x][at[t - x] : at[t - x + 1]] for x in range(low, high + 1)]))
    return tuple(rows)


def _with(packed: bytes, head: int) -> bytes:
    """Every mask of ``packed`` with the bits of ``head`` set (none of them set in any mask
    yet), in C: a few masks as one big-int sum (no mask carries into the next: their bits
    are apart); more (past ``_LANES`` bytes) byte lane by byte lane, each lane where
    ``head`` has bits a slice ``translate``d by the table that sets them, about a quarter of
    the sum's ``from_bytes``, product and ``to_bytes`` over thousands of masks (a first
    game lists a hundred-odd shapes, up to 8,192 choices each)."""
    if len(packed) < _LANES:
        size = len(packed)
        return (int.from_bytes(packed, _ORDER) + head * _ones(size)).to_bytes(size, _ORDER)
    out = bytearray(packed)
    for lane, bits in enumerate(head.to_bytes(_WIDTH, _ORDER)):
        if bits:
            out[lane::_WIDTH] = packed[lane::_WIDTH].translate(_setting(bits))
    return bytes(out)


#: From this many bytes of masks on, ``_with`` sets bits lane by lane.
_LANES = 256


@cache
def _ones(length: int) -> int:
    """The int whose packed masks of ``length`` bytes are each 1: times a mask, that mask in
    every place (made once a length: shapes share their lengths)."""
    return int.from_bytes(b"\1".ljust(_WIDTH, b"\0") * (length // _WIDTH), _ORDER)


@cache
def _setting(bits: int) -> bytes:
    """The ``bytes.translate`` table that sets ``bits`` in a byte."""
    return bytes(b | bits for b in range(256))


def _size(counts: tuple[int, ...]) -> int:
    """How many choices groups of ``counts`` cards have (each takes 0 to all its cards)."""
    total = 1
    for c in counts:
        total *= c + 1
    return total


@lru_cache(maxsize=4096)
def choice_masks(counts: tuple[int, ...]) -> memoryview | None:
    """Every choice of the table of ``counts`` (group sizes, largest first) in its order (by
    how many cards, then each group taking fewer first, the first group slowest), so that
    ``choice_masks(counts)[index]`` is ``ExchangeTable(counts, limit)``'s ``index``-th
    choice for every limit. None past ``WHOLE`` choices (or more cards than a mask holds)."""
    if _size(counts) > WHOLE or sum(counts) > 8 * _WIDTH:
        return None
    packed = b"".join(_taking(counts))
    return memoryview(packed).cast("I")  # (read a pick at a time: no int made for the rest)


@lru_cache(maxsize=4096)
def choice_starts(counts: tuple[int, ...]) -> tuple[int, ...]:
    """How many choices of ``choice_masks(counts)`` take at most 0, 1, ... all the cards:
    a limit's listing is that prefix (the choices are by size first), so its length is read
    here, with no ``ExchangeTable`` made for a shape that is listed whole."""
    starts: list[int] = []
    total = 0
    for row in _taking(counts):
        total += len(row) // _WIDTH
        starts.append(total)
    return tuple(starts)


#: The places (from the end) of a mask's bits 0..6 and 7..13, high to low, by those bits:
#: ``getter`` adds two of these, not a loop over the bits.
_LOW = [tuple(~b for b in range(6, -1, -1) if m >> b & 1) for m in range(128)]
_HIGH = [tuple(~b for b in range(13, 6, -1) if m >> (b - 7) & 1) for m in range(128)]


def getter(mask: int) -> Getter:
    """``mask``'s getter of its cards off the groups laid end to end (``GETTERS[mask]``,
    made on its first use): an ``itemgetter`` of the places from the end, first card first
    (the mask's bits high to low), or of a slice for one card (a tuple still, where
    ``itemgetter`` of one place would give the card) or for none."""
    if mask >> 14:  # (more than 14 cards: no hand of the game's)
        places = tuple(~b for b in range(mask.bit_length() - 1, -1, -1) if mask >> b & 1)
    else:
        places = _HIGH[mask >> 7] + _LOW[mask & 127]
    got: Getter
    if len(places) > 1:
        got = itemgetter(*places)
    elif places:
        got = itemgetter(slice(places[0], places[0] + 1 or None))
    else:
        got = itemgetter(slice(0, 0))
    GETTERS[mask] = got
    return got


#: Each position's bit, by the number of cards laid out (``_BIT[n][p]``: ``1 << n - 1 - p``).
_BIT: dict[int, tuple[int, ...]] = {}


def mask_of(table: ExchangeTable, index: int) -> int:
    """The mask of ``table``'s ``index``-th choice (0 < index < total) read by its walk
    (``positions_of``): for a table too large to list (``choice_masks``: None)."""
    n = sum(table.counts)
    bits = _BIT.get(n)
    if bits is None:
        bits = _BIT[n] = tuple(1 << n - 1 - p for p in range(n))
    return sum(map(bits.__getitem__, table.positions_of(index)))


#: Each mask's getter (``getter``), shared by every shape and layout length. (A plain dict,
#: looked up straight: a subclass's ``__missing__`` would make every look-up a Python-level
#: ``__getitem__`` call, since ``dict`` names that method, not its slot.)
GETTERS: dict[int, Getter] = {}
