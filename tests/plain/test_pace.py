"""The pace in plain text: each bot's move waits the pace's delay (less the time it thought),
a finished trick holds the pace's pause, and where sides are secret (Mensch) a searching bot
takes its whole budget every move, as at the table. An injected clock, no real sleeps."""

from __future__ import annotations

import io

from plainkit import seats

from cardsuite.match import Match
from cardsuite.plain.render import TextRenderer
from cardsuite.plain.session import PlainSession
from cardsuite.plain.speech import Words
from cardsuite.store import Store


def session(match: Match, store: Store, think: float, hold: float | None) -> list[float]:
    slept: list[float] = []
    io_ = TextRenderer(io.StringIO(), io.StringIO(), io.StringIO(), Words(), match.names())
    PlainSession(match, store, io_, think, hold, sleep=slept.append, clock=lambda: 0.0).run()
    return slept


def test_bots_wait_the_pace_and_tricks_hold(store: Store) -> None:
    match = Match.new("manni", seats("manni", ["easy"] * 3), seed=3)
    slept = session(match, store, 0.6, 1.6)
    moves = len(match.record)
    tricks = sum(e.kind == "trick" for e in match.public_log())
    assert match.is_over() and tricks > 0
    assert sorted(slept) == sorted([0.6] * moves + [1.6] * tricks)


def test_the_instant_and_wait_paces_do_not_sleep(store: Store) -> None:
    match = Match.new("manni", seats("manni", ["easy"] * 3), seed=3)
    assert session(match, store, 0.0, None) == []


def test_secret_sides_make_a_searching_bot_take_its_budget(store: Store) -> None:
    kinds = ["hard", "easy", "easy", "easy"]
    match = Match.new(
        "mensch", seats("mensch", kinds), seed=3, options={"deals": "4"},
        bot_options={"hard": {"iterations": 3, "time_budget": 0.5}},
    )  # fmt: skip
    slept = session(match, store, 0.0, 0.0)
    hard_moves = sum(m.seat == 0 for m in match.record)
    assert hard_moves > 0 and slept == [0.5] * hard_moves
