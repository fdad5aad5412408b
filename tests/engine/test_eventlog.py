"""``cardsuite.eventlog``: a log whose entries are made into events when read.

Whatever reads the log (by index, slice, iteration, ``reversed``, ``in``, ``==``, ``+``,
``json``, pickling) must see the very events a list of them would give, and nothing may
build an entry that no one reads (a slice, a copy), nor leave an entry the collector keeps
following.
"""

from __future__ import annotations

import copy
import gc
import json
import pickle
from typing import Any

from cardsuite.engine import Event
from cardsuite.eventlog import Entry, EventLog, entry_maker

BUILT: list[Entry] = []


def _said(entry: Entry) -> Event:
    BUILT.append(entry)
    _, seat, n = entry
    return Event("said", seat, f"{{P{seat}}} says {n}", {"n": n})


SAID = entry_maker(_said)
FIRST = Event("deal", None, "dealt", {})


def _raw(log: EventLog) -> list[Any]:
    return list(list.__iter__(log))


def _log() -> tuple[EventLog, list[Event]]:
    """A log of an event and two entries, and the list of events it stands for."""
    events = [FIRST, _said((SAID, 0, 7)), _said((SAID, 1, 8))]
    BUILT.clear()
    log = EventLog([FIRST])
    log.append((SAID, 0, 7))
    log.append((SAID, 1, 8))
    return log, events


def test_an_entry_reads_as_its_event_every_way() -> None:
    log, events = _log()
    assert log[1] == events[1] and log[-1] == events[2] and log[-1].text == "{P1} says 8"
    log, events = _log()
    assert list(log) == events and [*log] == events and tuple(log) == tuple(events)
    log, events = _log()
    assert list(reversed(log)) == events[::-1]
    log, events = _log()
    assert events[2] in log and log.index(events[1]) == 1 and log.count(events[2]) == 1
    log, events = _log()
    assert log == events and events == log
    assert not log != events  # noqa: SIM202  (``__ne__`` itself)
    log, events = _log()
    assert log + [FIRST] == [*events, FIRST]  # noqa: RUF005  (``__add__`` itself)
    log, events = _log()
    assert [FIRST] + log == [FIRST, *events]  # noqa: RUF005  (``__radd__``)
    log, events = _log()
    assert json.dumps([e.to_json() for e in log]) == json.dumps([e.to_json() for e in events])
    log, events = _log()
    assert json.dumps(log) == json.dumps([list(e) for e in events])
    log, events = _log()
    assert log * 2 == events * 2 and 2 * log == events * 2
    log, events = _log()
    assert log.pop() == events[2] and log == events[:2]
    assert repr(_log()[0]) == repr(_log()[1])


def test_a_read_entry_is_kept_as_its_event() -> None:
    log, _ = _log()
    first = log[1]
    assert log[1] is first  # (built once: the same object read again)
    assert _raw(log)[1] is first and BUILT == [(SAID, 0, 7)]


def test_slices_and_copies_build_nothing() -> None:
    """A slice is a log of the same items (``apply`` returns ``log[mark:]``), a copy
    (a state's clone) too: nothing is built until something reads it."""
    log, events = _log()
    tail = log[1:]
    again = log.copy()
    shallow = copy.copy(log)
    assert type(tail) is EventLog and type(again) is EventLog and type(shallow) is EventLog
    assert BUILT == []
    assert _raw(tail) == [(SAID, 0, 7), (SAID, 1, 8)]
    assert tail == events[1:] and again == events and shallow == events


def test_pickled_as_its_events() -> None:
    log, events = _log()
    back = pickle.loads(pickle.dumps(log))
    assert type(back) is EventLog and back == events
    assert all(type(e) is Event for e in _raw(back))
    assert copy.deepcopy(log) == events


def test_entries_are_nothing_the_collector_keeps_following() -> None:
    log = EventLog()
    for n in range(100):
        log.append((SAID, n % 2, n))
    gc.collect()
    assert not any(map(gc.is_tracked, _raw(log)))
    log[5]
    assert gc.is_tracked(_raw(log)[5]) and not gc.is_tracked(_raw(log)[6])
