"""Bots against bots on a virtual clock: the real-time game without real time.

Used by ``cardsuite simulate`` and ``bench``. Each bot says when it would press its keys for
the card on the table (``MoneyBot.plan``); the earliest press happens (a snap before a turn
at the same instant), through the same ``Referee`` the screen uses, then everyone re-plans.
Money decisions (buying, selling, shopping at will) are made at once, as the engine asks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...records import Move
from .bots import MoneyBot
from .referee import DEFAULT_THROW, Referee
from .rules import MoneyState, Turn

_ORDER = {"snap": 0, "due": 1, "turn": 2}


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
    ref = Referee(state, throw_time)
    now = 0.0
    done: set[tuple[int, int, str]] = set()
    actions = 0
    while not state.is_over() and not (stop is not None and stop()):
        mover = state.to_move()
        assert mover is not None
        bot = bots[mover]
        if (
            state.phase == "sell"
            or state.must_buy()
            or (state.can_shop() and bot.wants_to_shop(state, mover))
        ):
            action = bot.choose(state, mover)
            state.apply(action, mover)
            actions += 1
            if record is not None:
                record.append(Move(mover, str(action)))
            if isinstance(action, Turn):
                ref.card_revealed(now)
            continue
        options: list[tuple[float, int, int, str]] = []
        for seat in (0, 1):
            for t, kind in bots[seat].plan(state, seat, ref.reveal_time):
                if (state.turns, seat, kind) not in done:
                    options.append((t, _ORDER[kind], seat, kind))
        due = ref.next_deadline()
        if due is not None:
            options.append((due, _ORDER["due"], -1, "due"))
        if not options:  # nobody can act: cannot happen in a legal position
            raise RuntimeError("no bot has anything to do")
        t, _, seat, kind = min(options)
        now = max(now, t)
        if kind == "due":
            outcomes = ref.advance(now)
        else:
            done.add((state.turns, seat, kind))
            outcomes = ref.press(seat, kind, now)
        for o in outcomes:
            if o.kind in ("turn", "claim"):
                actions += 1
                if record is not None:
                    ms = None if o.reaction is None else f"{o.reaction * 1000:.0f} ms"
                    record.append(Move(o.seat, o.kind, ms))
    return actions


__all__ = ["DEFAULT_THROW", "play"]
