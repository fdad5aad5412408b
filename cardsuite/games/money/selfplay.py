"""Bots against bots on a virtual clock: the real-time game without real time.

Used by ``cardsuite simulate`` and ``bench``. The race is the one every Money table runs
(``race.Race``, judged by the same ``Referee`` the screen uses): each bot says when it would
press its keys for the card on the table (``MoneyBot.plan``), the earliest press happens (a
snap before a turn at the same instant), then everyone re-plans; the virtual clock jumps from
one press to the next. Money decisions (buying, selling, shopping at will) are made at once,
as the engine asks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...records import Move
from .actions import Turn
from .bots import MoneyBot
from .race import Race
from .referee import DEFAULT_THROW, Referee
from .rules import MoneyState


def play(
    state: MoneyState,
    bots: Mapping[int, MoneyBot],
    throw_time: float = DEFAULT_THROW,
    record: list[Move] | None = None,
    stop: Callable[[], bool] | None = None,
) -> int:
    """Play ``state`` to the end, or until ``stop()`` says enough (``bench`` timing a number
    of decisions: an Egyptian game asks its bots thousands of times); returns the number of
    actions taken. ``record`` gets each action, a claim with its reaction time on the
    virtual clock."""
    race = Race(state, Referee(state, throw_time), bots)
    actions = 0
    while not state.is_over() and not (stop is not None and stop()):
        mover = state.to_move()
        assert mover is not None
        if race.decision(mover):
            action = bots[mover].choose(state, mover)
            if isinstance(action, Turn):  # done shopping: the turn, at the race's time
                outcomes = race.turn(mover)
            else:
                state.apply(action, mover)
                actions += 1
                if record is not None:
                    record.append(Move(mover, str(action)))
                continue
        else:
            item = race.next(deciding=False)  # (the mover has just been found free to race)
            if item is None:  # nobody can act: cannot happen in a legal position
                raise RuntimeError("no bot has anything to do")
            outcomes = race.make(item, item[0])  # (a deadline: at its time, however late)
        for o in outcomes:
            if o.kind in ("turn", "claim"):
                actions += 1
                if record is not None:
                    ms = None if o.reaction is None else f"{o.reaction * 1000:.0f} ms"
                    record.append(Move(o.seat, o.kind, ms))
    return actions


__all__ = ["DEFAULT_THROW", "play"]
