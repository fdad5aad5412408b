"""Money's plain race on a virtual clock: answers that arrive a given time after a line.

A ``Script`` is the player: each answer is typed ``delay`` seconds after the game wrote a
line containing ``after`` (or after it was asked, with none), and the clock jumps to it; a
read whose deadline comes first moves the clock to the deadline. No real time passes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardsuite.engine import Game
from cardsuite.games import get_game
from cardsuite.match import Match, SeatSpec
from cardsuite.plain.race import Line, RaceSession, race_session
from cardsuite.plain.run import Streams
from cardsuite.plain.speech import Words
from cardsuite.store import Store


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Say:
    """An answer: ``text`` typed ``delay`` s after a line with ``after`` was written."""

    text: str
    after: str | None = None
    delay: float = 0.0


class Written(io.StringIO):
    """Standard output that notes when each line was written (on the virtual clock)."""

    def __init__(self, clock: Clock) -> None:
        super().__init__()
        self.clock = clock
        self.stamped: list[tuple[float, str]] = []

    def write(self, s: str) -> int:
        for text in s.splitlines():
            self.stamped.append((self.clock.now, text))
        return super().write(s)


@dataclass
class Script:
    clock: Clock
    out: Written
    answers: list[Say]
    since: int = 0  # the written lines before this are the earlier answers'
    asked: float | None = None
    used: list[str] = field(default_factory=list)

    def read(self, deadline: float | None) -> Line | None:
        if not self.answers:
            return Line(None, self.clock.now)
        say = self.answers[0]
        at = self._arrival(say)
        if at is None or (deadline is not None and at > deadline):
            if deadline is None:
                said = self.out.getvalue()[-1500:]
                raise AssertionError(f"the game waits, but {say.after!r} was never said:\n{said}")
            self.clock.now = max(self.clock.now, deadline)
            return None
        self.answers.pop(0)
        self.clock.now = max(self.clock.now, at)
        self.since, self.asked = len(self.out.stamped), None
        self.used.append(say.text)
        return Line(say.text, self.clock.now)

    def _arrival(self, say: Say) -> float | None:
        if say.after is None:
            if self.asked is None:
                self.asked = self.clock.now
            return self.asked + say.delay
        for when, text in self.out.stamped[self.since :]:
            if say.after in text:
                return when + say.delay
        return None


@dataclass
class Raced:
    session: RaceSession
    out: Written
    err: io.StringIO
    script: Script

    @property
    def lines(self) -> list[str]:
        return self.out.getvalue().splitlines()


def stacked(
    deck: Sequence[str], variant: str = "jordanian", kinds: Sequence[str] = ("human", "medium")
) -> Match:
    """A match whose number cards begin with ``deck`` (Left gets the 1st, 3rd, ... and
    turns first)."""
    g: Game = get_game("money")
    state = g.new_state(variant=variant, deck=list(deck), dealer=1, seed=5)  # type: ignore[call-arg]
    names = g.names_for(2)
    return Match(g, state, [SeatSpec(k, n) for k, n in zip(kinds, names, strict=True)], seed=5)


def race(
    match: Match,
    answers: Sequence[Say | str],
    store: Store,
    think: float = 0.0,
    resumed: bool = False,
) -> Raced:
    """``match`` raced by the answers (then the end of input) on a virtual clock."""
    clock = Clock()
    out, err = Written(clock), io.StringIO()
    said = [a if isinstance(a, Say) else Say(a) for a in answers]
    script = Script(clock, out, said)
    session = race_session(
        match, store, Words(), Streams(io.StringIO(), out, err), think, script, clock
    )
    session.run(resumed=resumed)
    return Raced(session, out, err, script)
