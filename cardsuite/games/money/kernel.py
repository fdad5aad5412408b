"""Money's kernel: the reference rules (``rules.py``) with the moves of a play-out made fast.

A random play-out is ``legal_actions()``, a pick and ``apply()``, a million times in a
hard bot's search; nearly every move is a ``turn`` and the rest mostly claims. So this
subclass overrides only those moves and what they ask:

- ``legal_actions``: the common shapes are constant tuples (``turn``, or ``turn`` and the
  seat's claim); any other is listed by the reference's ``_mover_actions`` and kept until
  the next move;
- ``apply``: a turn and a claim in the play phase are checked by a few comparisons and
  carried out in place (the end checked only where it can have come); everything else, and
  every refusal, is the reference's path;
- ``purse_of``: a bank's purse looked up by its cards, not sorted again;
- ``clone``: the slots copied by hand.

Every rule is the reference's: ``tests/contract/test_lockstep.py`` plays both side by side
and compares them after every move. A change of rule goes into ``rules.py`` first; then here,
if it touches a turn or a claim.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ... import positions
from ...cards import Card
from ...engine import Action, Event
from . import wording
from .actions import CLAIMS, TURN, Claim, Turn
from .coins import Purse, purse
from .rules import KOMMI, Money, MoneyState
from .wording import (
    CAPTURED_BY_MATCH,
    CLAIM_PENALTY,
    CLAIM_WINS,
    FALSE_CLAIMS,
    capture_event,
    turned,
)

#: The turns' shared events (``wording.turned``), looked up inline. Not imported by name:
#: Python 3.11 calls a method of a name bound by an import through LOAD_ATTR, which makes
#: a bound method at every call (``.get`` on every turn was 1.5% of a play-out).
_TURN_EVENTS = wording.TURN_EVENTS

#: The legal actions of the common positions, made once: a number card to turn, no shop.
_TURN_ONLY: Sequence[Action] = (TURN,)
_TURN_OR_CLAIM: tuple[Sequence[Action], ...] = ((TURN, CLAIMS[0]), (TURN, CLAIMS[1]))

#: Purses by the cards they are made of (``MoneyKernel.purse_of``), at most ``_PURSES_MAX``.
_PURSES: dict[tuple[Card, ...], Purse] = {}
_PURSES_MAX = 4096


class MoneyKernel(MoneyState):
    """``MoneyState``, fast where play-outs spend their time (see the module docstring)."""

    __slots__ = ("_at_will", "_kommi", "_legal", "_limit")

    def __init__(
        self, game: Money, variant: str, options: dict[str, Any], rng: random.Random
    ) -> None:
        super().__init__(game, variant, options, rng)
        # The options read on every move, read once (a play-out makes a million moves).
        self._at_will = bool(options["buy_at_will"])
        self._kommi = bool(options["kommi"])
        self._limit = int(options["turn_limit"])
        #: The reference's legal actions by seat, until the next move.
        self._legal: dict[int, Sequence[Action]] = {}

    def purse_of(self, cards: Sequence[Card]) -> Purse:
        """Asked a dozen times a move where the mover may shop (Egyptian), of banks that
        change a few times a game: looked up by the cards themselves (``_PURSES``)."""
        key = tuple(cards)
        p = _PURSES.get(key)
        if p is None:
            if len(_PURSES) >= _PURSES_MAX:
                _PURSES.clear()
            p = _PURSES[key] = purse(c.rank for c in cards)
        return p

    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        """The reference's, but a constant tuple where nearly every position is (a card to
        turn, no shop open) and the rest kept until the next move."""
        if self.phase == "play":
            mover = self.mover
            s = mover if seat is None else seat
            # the common case, a constant list: a number card to turn, no shop open
            if s == mover and self.hands[s] and (not self._at_will or self.bought):
                if self.pile and not self._auto:
                    return _TURN_OR_CLAIM[s]
                return _TURN_ONLY
        else:
            to_move = self.to_move()
            if to_move is None:
                return []
            mover = to_move  # the seller
            s = mover if seat is None else seat
        cached = self._legal.get(s)
        if cached is not None:
            return cached
        # the reference's listing, without asking again who moves
        out = self._mover_actions() if s == mover else []
        if self.pile and not self._auto:
            out.append(CLAIMS[s])
        self._legal[s] = out
        return out

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        kind = type(action)
        if kind is Turn and self.phase == "play":
            # The reference's ``_turn`` for a mover holding a card with no shop open,
            # checks included, inline (nearly every move is this one); anything else takes
            # the reference's path below.
            m = self.mover
            hand = self.hands[m]
            if (seat is None or seat == m) and hand and (not self._at_will or self.bought):
                pile = self.pile
                card = hand.pop(0)
                matched = bool(pile) and (
                    card.rank == pile[-1].rank or (card is KOMMI and self._kommi)
                )
                pile.append(card)
                turns = self.turns
                self.pile_ids.append(turns)
                self.last = (m, turns, matched)
                self.turns = turns + 1
                events = self.events
                mark = len(events)
                n = len(pile)  # the turn's event, made once (``wording.turned``)
                ev = _TURN_EVENTS.get(((card.ordinal * 2 + matched) * 2 + m) * 256 + n)
                if ev is None:
                    ev = turned(m, card, matched, n)
                events.append(ev)
                if matched and self._auto:  # MONEY-EG-1
                    self._capture(m, CAPTURED_BY_MATCH)
                nxt = self.mover = 1 - m
                self.exchanges = 0
                self.bought = False
                if self._legal:
                    self._legal = {}
                limit = self._limit
                if (limit and turns >= limit - 1) or not self.hands[nxt] or not self.pile:
                    self._end_check()  # (MONEY-END-1..3 may have come)
                    return events[mark:]
                return [ev] if len(events) == mark + 1 else events[mark:]
        elif kind is Claim and self.phase == "play":
            events = self.events
            mark = len(events)
            if self._fast_claim(action, seat):  # type: ignore[arg-type]  # kind is Claim
                return events[mark:]
        # The reference by name, not ``super()``: a method that says ``super()`` pays for
        # its closure on every call, and this one and ``legal_actions`` run every move.
        made = MoneyState.apply(self, action, seat)
        self._legal = {}
        return made

    def _fast_claim(self, act: Claim, seat: int | None) -> bool:
        """The reference's ``_claim`` and ``_capture`` in the play phase, checks included;
        False (changing nothing) where the general path is needed (every refusal)."""
        who = act.seat if act.seat is not None else (seat if seat is not None else self.mover)
        if (seat is not None and act.seat is not None and seat != act.seat) or who not in (0, 1):
            return False
        pile = self.pile
        if self._auto or not pile:
            return False
        last = self.last
        events = self.events
        if last is not None and last[0] == who and last[2] and self.pile_ids[-1] == last[1]:
            taker, words = who, CLAIM_WINS
        else:
            taker, words = 1 - who, CLAIM_PENALTY
            events.append(FALSE_CLAIMS[who])
        under = self.under
        self.hands[taker] += pile
        if under:
            self.banks[taker] += under
        events.append(capture_event(taker, words, len(pile), under))
        self.pile, self.pile_ids, self.under = [], [], []
        if self._legal:
            self._legal = {}
        # MONEY-END-1..3 where a claim can bring them (the ground is empty now)
        hands, banks, limit = self.hands, self.banks, self._limit
        if (
            not hands[self.mover]
            or (limit and self.turns >= limit)
            or not ((hands[0] or banks[0]) and (hands[1] or banks[1]))
        ):
            self._settle()
        return True

    def _end_check(self) -> None:
        """The reference's ``_settle`` where a turn can have brought MONEY-END-1..3."""
        limit = self._limit
        hands = self.hands
        if (limit and self.turns >= limit) or not hands[self.mover]:
            self._settle()  # MONEY-END-3, or END-1: the next player must buy
        elif not (self.pile or self.under) and not (
            (hands[0] or self.banks[0]) and (hands[1] or self.banks[1])
        ):
            self._settle()  # MONEY-END-2: one player holds every card

    def clone(self, rng: random.Random | None = None, *, events: bool = True) -> MoneyKernel:
        """The reference's copy, field by field (a search makes one every iteration)."""
        new = object.__new__(type(self))
        for name in _SLOTS:
            setattr(new, name, getattr(self, name))
        new.rng = positions.copy_rng(self.rng) if rng is None else rng
        new.hands = [h[:] for h in self.hands]
        new.banks = [b[:] for b in self.banks]
        new.pile = self.pile[:]
        new.pile_ids = self.pile_ids[:]
        new.under = self.under[:]
        new.winners_list = self.winners_list[:]
        new.events = self.events[:] if events else []
        new._legal = {}
        return new


#: Every field of a kernel state (the reference's and the kernel's own).
_SLOTS = MoneyState.__slots__ + MoneyKernel.__slots__
