"""What a plain session says, as structured messages, apart from how it is said.

The session (``session.py``) decides *what* happens: an event of the public log, a decision
with its legal actions, a hand, a notice, a result. A renderer decides how a message reaches
its reader: ``render.TextRenderer`` in words for people (one line each, speech-friendly); a
program seat's JSON lines are a second renderer of the same messages, not a second game loop.
Every message carries only what ``view(seat)`` and the public log give the seat it is for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..engine import Action, Event


@dataclass(frozen=True)
class Decision:
    """A seat's turn: its legal actions (numbered from 1 in their order) and which of them
    to list now: all of them, a filtered few, or (a long list) none, with a summary by
    kind instead (``groups``: the first word of each action and how many)."""

    seat: int
    name: str
    legal: Sequence[Action]
    listed: Sequence[int]  # indices into ``legal`` to list
    groups: Mapping[str, int] = field(default_factory=dict)
    filter: str | None = None
    more: int = 0  # how many more matched than ``listed`` holds
    example: str | None = None  # a long list's action, as it is typed


@dataclass(frozen=True)
class Result:
    """The end of the game: the winners' seats and every seat's score."""

    winners: Sequence[int]
    scores: Sequence[int]


class Renderer(Protocol):
    """How a session's messages reach one reader, and how it answers."""

    def event(self, event: Event, taken: int | None = None) -> None:
        """One event of the public log; ``taken``: a finished trick's taker's count this
        deal, where the game counts tricks."""
        ...

    def decision(self, decision: Decision) -> None: ...

    def hand(self, seat: int, cards: Sequence[str]) -> None: ...

    def notice(self, text: str) -> None: ...

    def refused(self, reason: str) -> None:
        """An answer the rules refused, with their reason."""
        ...

    def hint(self, action: Action, reason: str) -> None: ...

    def say_action(self, text: str) -> str:
        """An action as this reader says it (a filter matches the player's own words)."""
        ...

    def warn(self, text: str) -> None:
        """A word apart from the game's lines (standard error): the end of input."""
        ...

    def error(self, text: str) -> None: ...

    def result(self, result: Result) -> None: ...

    def ask(self, prompt: str) -> str | None:
        """The reader's answer to ``prompt``; None at the end of input."""
        ...

    def clear(self) -> bool:
        """Clear the screen and its scrollback where that is possible; whether it was."""
        ...

    def table(self, view: Mapping[str, Any]) -> None: ...

    def rules(self, sections: Sequence[tuple[str, str]], which: int | None) -> None: ...
