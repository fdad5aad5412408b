"""A game's log whose entries may be made when read (issue 35).

A random play-out logs an event at every move and nobody reads them. An ``Event`` is a
named tuple (a subclass of ``tuple``), so the cyclic garbage collector never untracks it,
and its data is a dict: a long game's log of fresh events (Egyptian Money's exchanges:
each one's cards, suits and all, nearly every one distinct) is tens of thousands of
objects every full collection walks, and writing each event's facts in the log's form
(cards as codes) is work of its own. With aces as money, the same games with no exchange
logged at all ran a fifth faster.

``EventLog`` is a ``list`` of events whose items may also be **entries**: plain tuples
``(maker, ...)`` of ints and strings (nothing the collector follows once it has seen them,
and cheap to make: a card as its ordinal), where ``maker`` is a number ``entry_maker``
gave a function that builds the ``Event`` from the entry. Every way of reading the log
(``[i]``, slices, iteration, ``reversed``, ``in``, ``==``, ``+``, ``copy``, pickling) gives
``Event`` s, built when read and kept in place of their entry, so a reader cannot tell the
log from a list of the events themselves. Writing stays the list's own, in C (``append``,
``len``, ``+=``): a kernel appends an event or an entry; the reference appends events.

A slice is an ``EventLog`` of the same items (entries stay entries), so ``apply`` can
return ``log[mark:]``, or ``EventLog((entry,))``, without building what nobody reads.
A game that logs entries must check that its log is an ``EventLog`` (``type(log) is
EventLog``) and append the ``Event`` itself to any other list (a log set from a save).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, SupportsIndex, overload

from .engine import Event

#: An entry: a plain tuple, its maker's number first.
Entry = tuple[Any, ...]

#: The functions that build an event from its entry, by number (``entry_maker``).
_MAKERS: list[Callable[[Entry], Event]] = []


def entry_maker(fn: Callable[[Entry], Event]) -> int:
    """Register ``fn`` (entry -> its ``Event``); the number to put first in its entries."""
    _MAKERS.append(fn)
    return len(_MAKERS) - 1


def _built(item: Any) -> Event:
    """``item`` as an event: itself, or made from its entry."""
    if type(item) is tuple:
        return _MAKERS[item[0]](item)
    return item  # (an Event)


#: ``list``'s own methods, on the items as stored (events and entries).
_get: Callable[[list[Any], Any], Any] = list.__getitem__
_set: Callable[[list[Any], Any, Any], None] = list.__setitem__
_iter: Callable[[list[Any]], Iterator[Any]] = list.__iter__


class EventLog(list[Event]):
    """A list of events, some of them kept as entries until read (see the module)."""

    __slots__ = ()

    @overload
    def __getitem__(self, i: SupportsIndex) -> Event: ...

    @overload
    def __getitem__(self, i: slice) -> EventLog: ...

    def __getitem__(self, i: SupportsIndex | slice) -> Event | EventLog:
        if type(i) is slice:
            return EventLog(_get(self, i))
        item = _get(self, i)
        if type(item) is tuple:
            item = _MAKERS[item[0]](item)
            _set(self, i, item)
        return item  # (an Event)

    def _build_all(self) -> None:
        """Make every entry its event, in place (before a whole read)."""
        for i, item in enumerate(_iter(self)):
            if type(item) is tuple:
                _set(self, i, _MAKERS[item[0]](item))

    def __iter__(self) -> Iterator[Event]:
        # (one item at a time, built as reached: an entry appended while a reader walks
        # the log is built too)
        for i, item in enumerate(_iter(self)):
            if type(item) is tuple:
                item = _MAKERS[item[0]](item)
                _set(self, i, item)
            yield item

    def __reversed__(self) -> Iterator[Event]:
        self._build_all()
        return list.__reversed__(self)

    def __contains__(self, item: object) -> bool:
        self._build_all()
        return list.__contains__(self, item)

    def __eq__(self, other: object) -> bool:
        self._build_all()
        if isinstance(other, EventLog):
            other._build_all()
        return list.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None  # (a list's: unhashable)

    def __add__(self, other: Iterable[Event]) -> list[Event]:  # type: ignore[override]
        return [*self, *other]

    def __radd__(self, other: Iterable[Event]) -> list[Event]:
        return [*other, *self]

    def __mul__(self, n: SupportsIndex) -> list[Event]:
        return list(self) * n

    __rmul__ = __mul__

    def __repr__(self) -> str:
        return repr(list(self))

    def copy(self) -> EventLog:
        """A copy of the log, entries and all (a state's clone: nothing built)."""
        return EventLog(_iter(self))

    def __copy__(self) -> EventLog:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its events (an entry's maker number is this process's own)."""
        return (EventLog, (list(self),))

    def index(self, value: Any, start: SupportsIndex = 0, stop: SupportsIndex = 2**62) -> int:
        self._build_all()
        return list.index(self, value, start, stop)

    def count(self, value: Any) -> int:
        self._build_all()
        return list.count(self, value)

    def pop(self, index: SupportsIndex = -1) -> Event:
        return _built(list.pop(self, index))

    def remove(self, value: Any) -> None:
        self._build_all()
        list.remove(self, value)
