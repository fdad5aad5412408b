"""Why the medium bot chose: its Twenty-Two rules of thumb, each with its phrase.

``medium_hint`` makes the very choice ``bots.medium_choice`` makes, through the same
functions (``medium_exchange``, ``medium_lead``, ``medium_follow``), and names the branch
that fired in the player's words (the hint of ``cardsuite/hints.py``). The play-outs keep
calling ``medium_choice`` itself: nothing here runs in a search.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import JOKER_RANK
from ...engine import Action
from ...hints import Hint, card
from .bots import MEDIUM_DISCARD_FROM, Situation, _pick, medium_exchange, medium_follow, medium_lead

#: A forced move's reason (one legal action).
ONLY = "the only move the rules allow here"


def medium_hint(sit: Situation, legal: Sequence[Action], target: Sequence[int]) -> Hint:
    """``medium_choice``'s action and the rule of thumb that chose it (spec §7)."""
    if len(legal) == 1:
        return Hint(legal[0], _forced(sit, target))
    if sit.phase == "exchange":
        return _exchange(sit)
    if not sit.trick_count:
        return _lead(sit, legal)
    ranks = medium_follow(sit, target)
    if ranks is not None:
        try:
            act = _pick(legal, ranks)
        except LookupError:
            pass
        else:
            kept = _kept(sit, act)
            if kept is not None:  # T22-PLAY-9, SCORE-1: the card left is shown
                return Hint(act, f"covers with your highest, keeping {kept} for the showdown")
            return Hint(act, "your highest cards that cover: shed them while you can")
    act = min(legal, key=lambda a: a.ranks)  # type: ignore[attr-defined]  # (plays, all)
    return Hint(act, "nothing you hold covers: your lowest cards must go")


def _kept(sit: Situation, act: Action) -> str | None:
    """The one card a play leaves in the hand (the last card, shown at the showdown), in
    words; None when more are left."""
    left = list(sit.hand)
    for c in act.cards:  # type: ignore[attr-defined]  # (every action here has cards)
        left.remove(c)
    return card(left[0]) if len(left) == 1 else None


def _forced(sit: Situation, target: Sequence[int]) -> str:
    if sit.phase == "exchange":
        return "the stock is empty: nobody can exchange now"
    if sit.trick_count and medium_follow(sit, target) is None:  # T22-PLAY-6
        return "nothing you hold covers: your lowest cards must go"
    return ONLY


def _exchange(sit: Situation) -> Hint:
    ex = medium_exchange(sit)
    if not ex.cards:
        return Hint(ex, f"keeps your hand: no card of {MEDIUM_DISCARD_FROM} or higher to exchange")
    high = sum(1 for c in sit.hand if c.rank >= MEDIUM_DISCARD_FROM)
    if high > len(ex.cards):
        return Hint(ex, "throws your highest cards, as many as the stock can replace")
    return Hint(ex, f"throws every card of {MEDIUM_DISCARD_FROM} and up: a high last card costs")


def _lead(sit: Situation, legal: Sequence[Action]) -> Hint:
    act = _pick(legal, medium_lead(sit))
    played = act.cards  # type: ignore[attr-defined]  # (plays have cards)
    if all(c.rank == JOKER_RANK for c in played):
        return Hint(act, "leads the jokers: you hold nothing else to lead")
    if any(c.rank == JOKER_RANK for c in played):
        return Hint(act, "leads your highest, jokers too: others cover or throw low")
    kept = _kept(sit, act)
    if kept is not None:  # T22-PLAY-9, SCORE-1: the card left is shown
        return Hint(act, f"leads your highest and keeps {kept} for the showdown")
    return Hint(act, "leads your highest: who cannot cover must throw low cards")


__all__ = ["medium_hint"]
