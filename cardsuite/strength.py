"""How strong each bot level is, in plain words, from the strength ladder's committed results.

``strength.json`` beside this module is the output of ``cardsuite bench --strength --json``
(one entry a game; ``scripts/save_strength.py`` merges a new run into it). The ladder is slow
(hours for every game), so its results are measured once and shipped: ``cardsuite list`` and
the setup screen read them here, and say for each level how it fares against the level below
it ("hard wins about 6 in 10 games against a medium bot"), the words a player can act on. A
level whose interval holds the even share is said to show no clear edge over the one below:
a number the ladder could not tell from even is not claimed as an edge.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from .bots import LEVELS as _ALL_LEVELS

#: The levels with a rung of the ladder: each measured against the level below it (the
#: lowest, random, has none).
LEVELS = _ALL_LEVELS[1:]
#: Number words for the lower seats at a table of N (the measured level takes one seat).
_OTHERS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}


@dataclass(frozen=True)
class Measure:
    """One rung: ``level`` in one seat, ``below`` in the others, over ``games`` games."""

    game: str
    level: str
    below: str
    players: int
    games: int
    share: float
    share_ci: float
    edge: float
    edge_ci: float
    unit: str

    @property
    def even(self) -> float:
        return 1.0 / self.players

    def words(self) -> str:
        """The rung in words: "wins about 6 in 10 games against a medium bot (even is 1 in
        2)"; where the interval holds the even share, said to show no clear edge."""
        others = self.players - 1
        count = _OTHERS.get(others, str(others))
        if self.below == "random":
            against = "a player choosing at random" if others == 1 else f"{count} random players"
        elif others == 1:
            against = f"{'an' if self.below[0] in 'aeiou' else 'a'} {self.below} bot"
        else:
            against = f"{count} {self.below} bots"
        if self.share >= 0.95:
            wins = "wins nearly every game"
        elif self.share <= 0.05:
            wins = "almost never wins"
        else:
            wins = f"wins about {_in_ten(self.share)} in 10 games"
        said = f"{wins} against {against} (even is 1 in {self.players})"
        if self.share - self.share_ci <= self.even <= self.share + self.share_ci:
            return f"{said}: no clear edge over {self.below} in {self.games} games"
        return said


def _in_ten(share: float) -> int:
    """A share in whole tenths, halves up, the way people say odds ("about 3 in 10")."""
    return max(1, min(9, int(share * 10 + 0.5)))


def parse(data: Any) -> dict[str, dict[str, Measure]]:
    """The ladder's JSON (a list of games) read into each game's levels' measures. Entries
    that are not the ladder's shape are skipped: words missing beat words wrong."""
    out: dict[str, dict[str, Measure]] = {}
    if not isinstance(data, list):
        return out
    for entry in data:
        try:
            game = entry["game"]
            levels = {
                r["high"]: Measure(
                    game,
                    r["high"],
                    r["low"],
                    int(entry["players"]),
                    int(r["games"]),
                    float(r["share"]),
                    float(r["share_ci"]),
                    float(r["edge"]),
                    float(r["edge_ci"]),
                    str(entry["unit"]),
                )
                for r in entry["rungs"]
                if r["high"] in LEVELS
            }
        except (KeyError, TypeError, ValueError):
            continue
        out[game] = levels
    return out


@cache
def measures() -> dict[str, dict[str, Measure]]:
    """The shipped ladder results, by game then level (empty if the file is missing)."""
    try:
        text = resources.files(__package__).joinpath("strength.json").read_text("utf-8")
    except (FileNotFoundError, OSError):
        return {}
    try:
        return parse(json.loads(text))
    except ValueError:
        return {}


def level_words(game_id: str) -> dict[str, str]:
    """Each level of ``game_id`` in words, as measured (levels not measured are left out)."""
    return {level: m.words() for level, m in measures().get(game_id, {}).items()}
