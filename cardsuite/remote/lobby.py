"""A hosted table before its deal: the setting it will be dealt from, the words the waiting
room says, and a client's check of the fair deal (issue 39).

A table that ``cardsuite host`` opens is not dealt at once: it waits in a waiting room until
every remote seat is taken (or the host starts early with bots), so that every joiner sees
the host's commitment (``fair.py``) and sends a salt of its own before the deal exists.
The server (``server.py``) holds a ``Setting`` until then and makes the ``Match`` from it
with the seed the commitment and the salts give. ``FairWatch`` is the client's side: it
remembers the commitment it saw first and the salts shown before the first card, and checks
the host's seed when it is revealed at the end, in words a player reads on the result.

Pure: no sockets, no clock, no printing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..fair import Fairness, FairnessError, check_commitment, check_salt
from ..match import Match, SeatSpec

#: The phases of a hosted table: waiting for players, a game on, a game over (the rematch's
#: waiting room).
WAITING = "waiting"
PLAYING = "playing"
OVER = "over"

#: How many hex digits a short form of a commitment, salt or seed shows.
SHORT = 12


@dataclass
class Setting:
    """What a hosted table deals, once its seats are filled: the game, its seats as the
    host named them, the variant and options, the bots' options. ``deal`` makes the game."""

    game: str
    seats: list[SeatSpec]
    variant: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    bot_options: dict[str, dict[str, Any]] = field(default_factory=dict)

    def deal(self, seats: Sequence[SeatSpec], seed: int) -> Match:
        """The game, dealt from ``seed`` (the fair seed), with the seats as they are now."""
        return Match.new(self.game, seats, self.variant, self.options, seed, self.bot_options)


def short(text: str) -> str:
    """The first ``SHORT`` hex digits of a long value, for a line on screen."""
    return text[:SHORT]


def seat_list(seats: Sequence[int]) -> str:
    """``seat 3``, ``seats 2 and 3``, ``seats 1, 2 and 4`` (1-based, from 0-based)."""
    numbers = [str(s + 1) for s in seats]
    if len(numbers) == 1:
        return f"seat {numbers[0]}"
    return "seats " + ", ".join(numbers[:-1]) + " and " + numbers[-1]


def started_early(host: str, level: str, seats: Sequence[int]) -> str:
    """What everyone is told when the host starts before every seat is taken."""
    if not seats:
        return f"{host} started the game"
    article = "an" if level[:1] in "aeiou" else "a"
    bots = f"{article} {level} bot in" if len(seats) == 1 else f"{level} bots in"
    return f"{host} started the game with {bots} {seat_list(seats)}"


def salts_json(salts: Mapping[int, str]) -> dict[str, str]:
    """Salts by 1-based seat number, as the messages carry them (JSON keys are text)."""
    return {str(seat + 1): salt for seat, salt in sorted(salts.items())}


def read_salts_json(data: Any, players: int) -> dict[int, str]:
    """The salts of ``salts_json`` by 0-based seat; ``FairnessError`` says what is wrong."""
    if not isinstance(data, dict):
        raise FairnessError("the salts are a table of seat and salt")
    out: dict[int, str] = {}
    for key, salt in data.items():
        if not isinstance(key, str) or not key.isdigit() or not 1 <= int(key) <= players:
            raise FairnessError(f"there is no seat {str(key)[:8]!r} for a salt")
        out[int(key) - 1] = check_salt(salt)
    return out


@dataclass
class FairWatch:
    """A client's own account of one fair deal: the commitment as first shown to it (before
    it sent its salt), its own salt, the salts shown before the first card, and the verdict
    once the host's seed is revealed."""

    commitment: str | None = None
    my_salt: str | None = None
    salts: dict[int, str] = field(default_factory=dict)
    dealt: bool = False
    host_seed: str | None = None
    seed: int | None = None
    problems: list[str] | None = None  # None: not revealed yet
    _early: list[str] = field(default_factory=list)  # what the deal itself got wrong

    def saw(self, fair: Any, players: int) -> None:
        """A message's ``fair`` part: before the deal, the commitment (its first sight is
        the one that counts) and the salts so far."""
        if not isinstance(fair, dict):
            return
        commitment = fair.get("commitment")
        if self.commitment is None and isinstance(commitment, str):
            self.commitment = commitment
        if not self.dealt:
            # (unreadable salts: what is shown at the deal is what counts, and is checked)
            with contextlib.suppress(FairnessError):
                self.salts = read_salts_json(fair.get("salts") or {}, players)

    def deal(self, fair: Any, players: int) -> None:
        """The game is dealt: the commitment and the salts it was dealt with, as the table
        says them before the first card. A disagreement is kept for the verdict."""
        self.dealt = True
        trouble: list[str] = []
        if isinstance(fair, dict):
            if fair.get("commitment") != self.commitment:
                trouble.append("the commitment at the deal is not the one shown before it")
            try:
                self.salts = read_salts_json(fair.get("salts") or {}, players)
            except FairnessError as e:
                trouble.append(str(e))
        else:
            trouble.append("the table dealt without saying its commitment and salts")
        if self.my_salt is not None and self.my_salt not in self.salts.values():
            trouble.append("your own salt is not among the salts the game was dealt with")
        self._early = trouble

    def reveal(self, host_seed: Any, seed: Any) -> list[str]:
        """The host's seed at the end, and the seed the game was dealt from: what does not
        match, in words (empty: the deal is verified)."""
        self.host_seed = host_seed if isinstance(host_seed, str) else None
        self.seed = seed if type(seed) is int else None
        problems = list(self._early)
        if self.commitment is None:
            problems.append("no commitment was shown before the deal")
        else:
            try:
                check_commitment(self.commitment)
            except FairnessError as e:
                problems.append(str(e))
            else:
                facts = Fairness(self.commitment, dict(self.salts), self.host_seed)
                problems.extend(facts.check(self.seed))
        self.problems = problems
        return problems

    def verdict(self) -> str | None:
        """The check in words, for the result dialog (None before the reveal)."""
        if self.problems is None:
            return None
        if not self.problems:
            return (
                "Deal verified: the host's seed matches its commitment and, with the salts,"
                " gives the seed the game was dealt from."
            )
        return "Deal NOT verified: " + "; ".join(self.problems) + "."

    def line(self) -> str:
        """The short "fair deal" line for the table's bar and the waiting room."""
        if self.commitment is None:
            return "fair deal: no commitment yet"
        salts = " ".join(f"{s + 1}:{short(v)}" for s, v in sorted(self.salts.items()))
        return f"fair deal: commitment {short(self.commitment)}  salts {salts or '(none yet)'}"


__all__ = [
    "OVER",
    "PLAYING",
    "SHORT",
    "WAITING",
    "FairWatch",
    "Setting",
    "read_salts_json",
    "salts_json",
    "seat_list",
    "short",
    "started_early",
]
