"""Playing plain sessions in this process, on string streams: answers in, lines out (a
module of its own name: every test folder has a ``conftest``)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cardsuite.match import Match, SeatSpec
from cardsuite.plain.run import Look, Streams, play_match
from cardsuite.store import Store

#: The worktree the tests run in: what a subprocess imports.
ROOT = Path(__file__).parents[2]


@dataclass
class Played:
    out: str
    err: str
    status: int

    @property
    def lines(self) -> list[str]:
        return self.out.splitlines()


def play(
    match: Match, answers: Sequence[str], store: Store, resumed: bool = False, **look: object
) -> Played:
    """``match`` played by the answers given (then the end of input), at the instant pace."""
    inp = io.StringIO("".join(a + "\n" for a in answers))
    out, err = io.StringIO(), io.StringIO()
    status = play_match(
        match,
        Look(pace="instant", **look),
        Streams(inp, out, err),
        store,
        resumed,  # type: ignore[arg-type]
    )
    return Played(out.getvalue(), err.getvalue(), status)


def seats(game_id: str, kinds: Sequence[str]) -> list[SeatSpec]:
    from cardsuite.games import get_game

    names = get_game(game_id).names_for(len(kinds))
    return [SeatSpec(k, n) for k, n in zip(kinds, names, strict=True)]


def cli(args: list[str], answers: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CARDSUITE_HOME": str(home), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "cardsuite", *args],
        input="".join(a + "\n" for a in answers),
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
