"""A lesson's table: its deal (a seed or a hand-written position), the learner in the
first seat and the lesson's bots round them."""

from __future__ import annotations

from ..games import get_game
from ..match import HUMAN, Match, SeatSpec
from .lesson import Lesson

#: The bots' names at a lesson's table. The learner is "South", as at any table where one
#: person plays (the seat lines add "(you)"): the log's sentences are written for a name
#: ("South declares"), and "You" made them read "You declares".
BOT_NAMES = ("West", "North", "East", "Northwest", "Northeast")


def lesson_seats(lesson: Lesson, name: str = "South") -> list[SeatSpec]:
    bots = [SeatSpec(lesson.bots, BOT_NAMES[i % len(BOT_NAMES)]) for i in range(lesson.players - 1)]
    return [SeatSpec(HUMAN, name), *bots]


def lesson_match(lesson: Lesson, name: str = "South") -> Match:
    """A fresh match of the lesson's deal: the same cards and bots' choices every time."""
    game = get_game(lesson.game_id)
    seats = lesson_seats(lesson, name)
    if lesson.position is not None:
        state = game.from_json(lesson.position)
        return Match(game, state, seats, origin={"position": dict(lesson.position)})
    seed = lesson.seed
    state = game.new_state(
        players=lesson.players, variant=lesson.variant, seed=seed, dealer=lesson.dealer
    )
    origin: dict[str, object] = {"seed": seed}
    if lesson.dealer is not None:
        origin["dealer"] = lesson.dealer
    return Match(game, state, seats, seed, origin=origin)


__all__ = ["BOT_NAMES", "lesson_match", "lesson_seats"]
