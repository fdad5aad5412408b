"""Money's decisions and turned cards in words: for the table's menus and the plain text mode.

The table's menus (``screen.py``) and the plain race (``plain/race.py``) list the same money
decisions (a purchase, an exchange, a sale's split) in the same words, so they are made here,
with no terminal library: ``describe`` says one, ``simplest`` offers each exchange once, by
the money that really changes hands. A plain player hears money by name ("queen", not "Q",
which a synthesiser says as a letter): ``describe(..., spoken=True)``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ...engine import Action
from .actions import GROUND, OPPONENT, Buy, Exchange, Sell, Turn, name_rank, rank_name

#: Money said in words (``spoken``): what each rank's letter stands for.
MONEY_WORDS = {"K": "king", "Q": "queen", "J": "jack", "A": "ace", "JK": "joker"}


def values_of(view: dict[str, Any]) -> dict[int, int]:
    """The money values of this variant by rank, from the view."""
    return {name_rank(name): v for name, v in view["values"].items()}


def money_text(ranks: Sequence[int], spoken: bool = False) -> str:
    """Money cards as the menus write them ("K J"), or said ("king and jack")."""
    names = [rank_name(r) for r in ranks]
    if not spoken:
        return " ".join(names)
    said = [MONEY_WORDS.get(n, n) for n in names]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def describe(action: Action, view: dict[str, Any], spoken: bool = False) -> str:
    """A purchase, exchange or sale in words, for the menus (``spoken``: money by name)."""
    vals = values_of(view)

    def money(ranks: Sequence[int]) -> str:
        return money_text(ranks, spoken)

    if isinstance(action, Buy):
        v = vals[action.pay]
        if action.source == GROUND:
            n = v - sum(vals[r] for r in action.change)
            change = f" + change {money(action.change)}" if action.change else ""
            side = "top" if view["options"]["syrian"] else "bottom"
            return (
                f"pay {money([action.pay])} ({v}) to the ground: its {side} {n}"
                f" card{'s' * (n != 1)}{change}"
            )
        return f"pay {money([action.pay])} ({v}) to the opponent, who chooses the split"
    if isinstance(action, Exchange):
        where = "the opponent" if action.place == OPPONENT else "the ground"
        return f"exchange {money(action.give)} for {money(action.take)} with {where}"
    if isinstance(action, Sell):
        change = f" + change {money(action.change)}" if action.change else ""
        return f"hand over {action.count} card{'s' * (action.count != 1)}{change}"
    if isinstance(action, Turn):
        return "turn without buying"
    return str(action)


def effect(a: Action) -> object:
    """What an action does: an exchange by the money that really changes hands (``K Q for
    K K J`` is ``Q for K J``), any other action itself."""
    if not isinstance(a, Exchange):
        return a
    give, take = Counter(a.give), Counter(a.take)
    return (
        tuple(sorted((give - take).elements())),
        tuple(sorted((take - give).elements())),
        a.place,
    )


def simplest(actions: Sequence[Action]) -> list[Action]:
    """Each exchange once by what it does (the money that really changes hands), keeping the
    one that names the fewest cards; other actions as they are."""
    out: list[Action] = []
    seen: dict[object, tuple[int, Exchange]] = {}  # where each is in out, and which
    for a in actions:
        if not isinstance(a, Exchange):
            out.append(a)
            continue
        key = effect(a)
        if key not in seen:
            seen[key] = (len(out), a)
            out.append(a)
            continue
        i, kept = seen[key]
        if len(a.give) + len(a.take) < len(kept.give) + len(kept.take):
            out[i] = a
            seen[key] = (i, a)
    return out


__all__ = ["MONEY_WORDS", "describe", "effect", "money_text", "simplest", "values_of"]
