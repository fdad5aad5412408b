"""Why the medium bot chose: its Money rules of thumb for a money decision, in words.

``medium_hint`` takes the very decision ``bots.medium_decision`` takes and says which rule
of thumb chose it (the hint of ``cardsuite/hints.py``): buy as many cards as you can, from
the ground where you may (out of the opponent's reach), pay with the big coin and keep the
small ones, take change, exchange only to make a purchase possible, never buy at will, and
sell cards rather than money. The race's presses are no decision: a race gives no hints.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...engine import Action
from ...hints import Hint, count_words, fit
from .actions import GROUND, Buy, Exchange, Sell, Turn, purse_text, rank_name
from .bots import medium_decision
from .coins import value
from .rules import MoneyState


def medium_hint(state: MoneyState, seat: int, legal: Sequence[Action]) -> Hint:
    """``medium_decision``'s choice among ``legal`` (no claims) and why."""
    chosen = medium_decision(state, seat, legal, random.Random(0))
    if len(legal) == 1:
        return Hint(chosen, "the only move the rules allow here")
    if isinstance(chosen, Sell):
        cards = count_words(chosen.count, "card")
        return Hint(chosen, f"hands over {cards}, keeping your money: coins keep you in")
    if isinstance(chosen, Buy):
        return Hint(chosen, _buy(state, chosen))
    if isinstance(chosen, Exchange):
        give, take = purse_text(chosen.give), purse_text(chosen.take)
        said = f"changes your {give} for {take}"
        return Hint(chosen, fit(said, ": small coins can buy a short pile", ": coins to buy with"))
    assert isinstance(chosen, Turn)
    if any(isinstance(a, Buy) for a in legal):
        return Hint(chosen, "turns a card: keep your money for forced purchases")
    return Hint(chosen, "turns a card: nothing here is worth buying yet")


def _buy(state: MoneyState, chosen: Buy) -> str:
    coin = rank_name(chosen.pay)
    if chosen.source != GROUND:
        return f"pays your {coin} to your opponent: the most cards you can buy now"
    n = state.values[chosen.pay] - value(chosen.change, state.values)
    why = f"buys {count_words(n, 'card')} off the ground with your {coin}"
    change = f", {purse_text(chosen.change)} in change" if chosen.change else ""
    return fit(why, change, ": out of their reach")


__all__ = ["medium_hint"]
