"""Why the medium bot chose: its African Casino step said in the player's words.

The medium bot weighs every step by what it wins or gives away (``bots.score_step``) and
takes the best, or ends the turn when nothing more gains. ``medium_hint`` takes the very
step ``bots.medium_choice`` takes and says what made it worth most: the cards and points a
capture takes, the capture a build or addition prepares, the pile top it wins from an
opponent, the build a raise takes over, or why a trail costs least (the hint of
``cardsuite/hints.py``). Nothing here runs in a search.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import ACE, Card
from ...engine import Action
from ...hints import Hint, card, cards, count_words, fit
from .actions import END, Add, Build, Capture, Raise, Trail, Word
from .bots import _codes, _tops, medium_choice

#: The cards that score on their own (SCORE-1): aces, the 2♠ and the 10♦.
_POINT_CODES = ("2S", "10D")
#: The longest reason here: the table's status is one row, 51 columns at 80x24, and says
#: "Hint: " before it.
MAX_REASON = 44


def medium_hint(view: dict[str, Any], legal: Sequence[Action]) -> Hint:
    """``medium_choice``'s step and what made it the best."""
    step = medium_choice(view, legal)
    if len(legal) == 1:
        return Hint(step, "the only step the rules allow here")
    if isinstance(step, Word):
        return Hint(step, _word(view, step))
    if isinstance(step, Capture):
        return Hint(step, _capture(view, step))
    if isinstance(step, Build):
        return Hint(step, _build(step))
    if isinstance(step, Add):
        return Hint(step, _add(view, step))
    if isinstance(step, Raise):
        return Hint(step, f"raises build {step.value} with {card(step.card)}: now yours")
    assert isinstance(step, Trail)
    return Hint(step, f"trails {card(step.card)}: it gives the next player least")


def _word(view: dict[str, Any], step: Word) -> str:
    if step == END:
        return "ends your turn: no step left gains anything"
    if step.word == "hold":
        return f"asks your partner to leave build {step.value} to you"
    if step.word == "insist":
        return "insists: they must take all they can"
    if view["phase"] == "hold":
        return "lets your partner take the build"
    return "passes: nothing to ask of the player"


def _points(taken: Sequence[Card]) -> list[Card]:
    return [c for c in taken if c.rank == ACE or c.code in _POINT_CODES]


def _capture(view: dict[str, Any], step: Capture) -> str:
    taken = list(step.loose)
    if step.build:
        build = next(b for b in view["builds"] if b["value"] == step.value)
        taken += _codes([c for u in build["units"] for c in u])
    tops = _tops(view, sorted(step.tops))
    won = [*taken, *tops]
    worth = _points(won)
    if worth and len(worth) == len(won):
        why = f"captures {cards(worth)}"
    else:
        why = f"captures {count_words(len(won), 'card')}"
        if worth:
            why += f" with {cards(worth)}"
    more = []
    if tops:
        more.append(f", {len(tops)} off a pile" if len(tops) == 1 else f", {len(tops)} off piles")
    if _points([step.card]):
        more.append(f", and banks your {card(step.card)}")
    elif not view["loose"] or len(step.loose) == len(view["loose"]):
        more.append(": the layout left bare")
    return fit(why, *more, limit=MAX_REASON)


def _build(step: Build) -> str:
    return f"builds {step.value}: your hand can take it later"


def _add(view: dict[str, Any], step: Add) -> str:
    tops = [c for u in step.units for c in _tops(view, u.tops)]
    if tops:
        return f"takes {cards(tops)} off a pile into build {step.value}"
    build = next((b for b in view["builds"] if b["value"] == step.value), None)
    if build is not None and build["owner"] != view["seat"] and view["players"] != 4:
        return f"adds to their build {step.value}: yours to capture"
    return f"adds to build {step.value}: more cards to capture"


__all__ = ["medium_hint"]
