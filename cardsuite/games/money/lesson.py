"""Money's lesson triggers (``lessons/*.md`` name them) and its own suggestion: each reads
only a ``learn.Moment``, the learner's view (Money's is all public but the stacks, whose
cards nobody sees), legal actions and the last public events.

Money is a race: a snap is no turn's move (the one who turned a match snaps while the other
is to move), so no bot's hint names it. ``suggest`` does: a snap when the learner's own
card has just made a match and is still on top; the table's panel says it at the first
match, and the walk without a screen makes it as a learner following the lesson would."""

from __future__ import annotations

from typing import Any

from ...engine import Action
from ...learn.lesson import Moment, Trigger
from .actions import Claim


def _last(m: Moment) -> tuple[Any, ...] | None:
    """The card on top, if it is the last one turned: (who turned it, whether it matched)."""
    last = m.view.get("last")
    if not m.view.get("top_is_last") or not last:
        return None
    return last[0], bool(last[2])


def my_turn(m: Moment) -> bool:
    """MONEY-TURN-2: the learner turns a card (no purchase due)."""
    return m.my_turn and m.phase == "play" and not m.view.get("must_buy")


def my_match(m: Moment) -> bool:
    """MONEY-CLAIM-1: the learner's card has just matched and lies on top: snap it."""
    return _last(m) == (m.seat, True)


def their_match(m: Moment) -> bool:
    """MONEY-CLAIM-4: the other's card has just matched: not the learner's to snap."""
    last = _last(m)
    return last is not None and last[0] != m.seat and last[1]


def money_taken(m: Moment) -> bool:
    """MONEY-DECK-2: a capture took money from under the pile (into a bank)."""
    return any(e.data.get("money") for e in m.happened("capture"))


def a_capture(m: Moment) -> bool:
    """MONEY-CAPTURE-3: somebody captured the ground (it goes under their stack)."""
    return bool(m.happened("capture"))


def they_must_buy(m: Moment) -> bool:
    """MONEY-BUY-1: the other is to move with no card: they must buy."""
    mover = m.view.get("to_move")
    return mover is not None and mover != m.seat and bool(m.view.get("must_buy"))


def i_must_buy(m: Moment) -> bool:
    """MONEY-BUY-1: the learner is to move with no card: they must buy."""
    return m.my_turn and bool(m.view.get("must_buy"))


def a_purchase(m: Moment) -> bool:
    """MONEY-BUY-5: somebody bought (cards and change worth the payment)."""
    return any(e.kind in ("buy", "pay") for e in m.events)


def i_sell(m: Moment) -> bool:
    """MONEY-BUY-10: the learner was paid and chooses the split."""
    return m.my_turn and m.phase == "sell"


def can_shop(m: Moment) -> bool:
    """MONEY-EG-2: the learner may buy at will before turning (Egyptian)."""
    return m.my_turn and m.phase == "play" and bool(m.view.get("can_shop"))


def auto_capture(m: Moment) -> bool:
    """MONEY-EG-1: a match was captured at once, with no snap (Egyptian)."""
    return bool(m.happened("capture")) and bool(m.view["options"].get("auto_capture"))


def game_over(m: Moment) -> bool:
    """MONEY-END-1: the game is over."""
    return m.phase == "over"


def suggest(m: Moment) -> Action | None:
    """Snap the learner's own match (the lesson's move, in no turn's order)."""
    return Claim(m.seat) if my_match(m) else None


TRIGGERS: dict[str, Trigger] = {
    f.__name__: f
    for f in (
        my_turn,
        my_match,
        their_match,
        money_taken,
        a_capture,
        they_must_buy,
        i_must_buy,
        a_purchase,
        i_sell,
        can_shop,
        auto_capture,
        game_over,
    )
}
