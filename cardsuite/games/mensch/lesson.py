"""Mensch's lesson triggers (``lessons/*.md`` name them): each reads only a
``learn.Moment``, the learner's view, legal actions and the last public events."""

from __future__ import annotations

from ...learn.lesson import Moment, Trigger
from ...learn.triggers import must_follow, trick_won


def my_bid(m: Moment) -> bool:
    """MENSCH-BID-2: the learner's one turn in the auction."""
    return m.my_turn and m.phase == "bid"


def forced_bid(m: Moment) -> bool:
    """MENSCH-BID-4: the learner holds three clubs or more and may not pass."""
    return my_bid(m) and all(str(a) != "pass" for a in m.legal)


def trumps_named(m: Moment) -> bool:
    """MENSCH-RANK-2: the trump suit is known (the Mensch heads it)."""
    return bool(m.happened("trump"))


def my_call(m: Moment) -> bool:
    """MENSCH-CALL-2: the learner, declarer, calls a partner's card."""
    return m.my_turn and m.phase == "call"


def card_called(m: Moment) -> bool:
    """MENSCH-CALL-5: a card was called; its holder is the secret partner."""
    return bool(m.happened("call"))


def partner_known(m: Moment) -> bool:
    """MENSCH-CALL-5: the called card was played: the partnership is known."""
    return bool(m.happened("partner"))


def settled(m: Moment) -> bool:
    """MENSCH-SCORE-1: the deal was settled in chips."""
    return bool(m.happened("settle"))


TRIGGERS: dict[str, Trigger] = {
    f.__name__: f
    for f in (
        my_bid,
        forced_bid,
        trumps_named,
        my_call,
        card_called,
        must_follow,
        trick_won,
        partner_known,
        settled,
    )
}
