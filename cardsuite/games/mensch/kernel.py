"""Mensch's kernel: the reference rules (``rules.MenschState``) with the moves a play-out
spends its time in written for speed. The game builds it by default (its registry entry
names it); ``tests/contract/test_lockstep.py`` plays it beside the reference, move for
move, and everything it does not override is the reference's own.

What is faster here, and why (``docs/performance.md``, "Mensch"):

- a play, a bid, the trump and the call are checked and carried out in ``apply`` itself
  (a play and a bid inline), and the play's legal list is made in ``legal_actions``
  itself: one call a move;
- the trick's lead picks its tables once (``_LED[trump][led]``: the cards that follow it,
  their plays, every card's worth to it), so a follow is one plain loop over the hand, the
  void test ``isdisjoint`` in C, and the trick is decided by three comparisons of worths;
- the highest bid is kept (``_high``), not looked for in the bids, and the auction's
  listing counts the clubs only when a bid could be compelled;
- events, trick entries and legal lists that recur are made once, at import, and shared
  (an event is a value: nothing tells two equal events apart);
- the deal, the end of the auction, the settlement and ``clone`` are written out with
  plain loops and no helpers.

What stays the reference's: every refusal's reason (``_why_not``, ``_check_bid``, a call
refused, a move out of turn or phase), the partner's duties (``plays_for``), the cards that
may be called, the chips a deal pays (``_changes``), views, samples and JSON. The kernel's
own fields (``_high``, ``_led``, ``_plays_ok``) are kept right by the reference's methods
too (``_record_bid``, ``_play``), so any path through either gives the same game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import Card
from ...engine import Action, Event, IllegalAction
from ...shuffle import shuffle
from ...turns import TurnState
from . import wording
from .actions import BID, CALL, PACK, PASS, PLAY, TRUMP, Bid, Call, Play, Trump
from .rules import (
    CLUBS_CONTRACTS,
    DEALS,
    LEGAL_OVER,
    NEEDED,
    PARTNER_CONTRACTS,
    QC,
    Mensch,
    MenschState,
    effective_suit,
    hand_order,
    highest_bid,
    power,
)

_TRUMPS_AND_NONE = (None, *"SHDC")
#: Each card's effective suit (MENSCH-RANK-4) under each trump suit (None: before trumps).
_EFF: dict[str | None, dict[Card, str]] = {
    t: {c: effective_suit(c, t) for c in PACK} for t in _TRUMPS_AND_NONE
}
#: Each card's power (``rules.power``) under each trump suit: a trump is 100 or more.
_POW: dict[str | None, dict[Card, int]] = {
    t: {c: power(c, t) for c in PACK} for t in _TRUMPS_AND_NONE
}
#: The play action of each card, looked up in C (``map``) rather than a comprehension.
_PLAY_OF = PLAY.__getitem__
#: The cards of each card's effective suit under each trump (``_FOLLOW[trump][led]``): what
#: follows a lead; the void test is ``isdisjoint(hand)``, in C.
_FOLLOW: dict[str | None, dict[Card, frozenset[Card]]] = {
    t: {c: frozenset(d for d in PACK if _EFF[t][d] == _EFF[t][c]) for c in PACK}
    for t in _TRUMPS_AND_NONE
}
#: ``_FOLLOW`` with each card's play: a follow is one loop over the hand, its membership
#: test and lookup inline, not a bound-method call per card (``filter``/``map``).
_FOLLOW_PLAY: dict[str | None, dict[Card, dict[Card, Action]]] = {
    t: {c: {d: PLAY[d] for d in PACK if d in f} for c, f in by.items()} for t, by in _FOLLOW.items()
}


def _worths(trump: str | None, led: Card) -> dict[Card, int]:
    """MENSCH-PLAY-3: each card's worth to a trick led by ``led``: a trump its power (100 or
    more), a card of the suit led its rank, any other card nothing; the highest takes."""
    eff = _EFF[trump]
    return {c: _POW[trump][c] if eff[c] == trump or eff[c] == eff[led] else 0 for c in PACK}


_Led = tuple[frozenset[Card], dict[Card, Action], dict[Card, int]]
#: What a trick needs of its lead, one look-up when it is led: the follows (``_FOLLOW``),
#: their plays (``_FOLLOW_PLAY``) and every card's worth to it (``_worths``).
_LED: dict[str | None, dict[Card, _Led]] = {
    t: {c: (_FOLLOW[t][c], _FOLLOW_PLAY[t][c], _worths(t, c)) for c in PACK}
    for t in _TRUMPS_AND_NONE
}
_NO_LEAD: _Led = (frozenset(), {}, {})
#: ``rules.hand_order`` of each card under each trump, looked up by ``sort`` in C.
_HAND_KEY = {t: {c: hand_order(c, t) for c in PACK}.__getitem__ for t in _TRUMPS_AND_NONE}
#: MENSCH-BID-3/4: the legal bids over each highest bid, with pass (free) and without
#: (compelled): constant lists, since callers never change a legal list.
_BIDS_OVER = {
    (high, compelled): ([] if compelled else [PASS]) + [BID[b] for b in over]
    for high, over in LEGAL_OVER.items()
    for compelled in (False, True)
}
_TRUMPS = [TRUMP[s] for s in "SHDC"]
_NEXT = (1, 2, 3, 0)
_tnew: Any = tuple.__new__
#: A one-card play's event data, shared by every event of it (event data is only read).
_CARD_DATA = {c: {"cards": [c.code]} for c in PACK}
#: A bid's event data, shared likewise.
_BID_DATA = {b: {"bid": b} for b in wording.BID_NAMES}


def _per_seat(kind: str, data: Mapping[Any, Mapping[str, Any]]) -> tuple[dict[Any, Event], ...]:
    """Every seat's event of ``kind`` for each key of ``data``, made once: they are only
    read, and making one per move was a tenth of a play-out."""
    words = wording.WORDING[kind]
    return tuple(
        {key: _tnew(Event, (kind, s, words, d)) for key, d in data.items()} for s in range(4)
    )


_PLAY_EV = _per_seat("play", _CARD_DATA)
_LEAD_EV = _per_seat("lead", _CARD_DATA)
_WIN_EV = _per_seat("trick", _CARD_DATA)
_BID_EV = _per_seat("bid", _BID_DATA)
_DECLARE_EV = _per_seat("declarer", {c: {"contract": c} for c in NEEDED})
_TRUMP_EV = _per_seat("trump", {t: {"trump": t} for t in "SHDC"})
_CALL_EV = _per_seat("call", _CARD_DATA)
_DEAL_EV = _per_seat("deal", {n: {"deal": n} for n in range(1, max(DEALS) + 1)})
#: A play's entry in the trick, ``(seat, card)``, shared by every trick it is in.
_AT = tuple({c: (s, c) for c in PACK} for s in range(4))
_settles = wording.settles


class MenschKernel(MenschState):
    """The reference state with its hot paths written for speed (see the module's doc)."""

    __slots__ = ("_high", "_led", "_plays_ok")

    def __init__(
        self, game: Mensch, variant: str, options: dict[str, Any], rng: random.Random
    ) -> None:
        super().__init__(game, variant, options, rng)
        self._high: str | None = None  # the highest bid so far (``high_bid``)
        # the trick's tables (``_LED`` of its lead: follows, their plays, worths), set by
        # the lead
        self._led: _Led = _NO_LEAD
        self._plays_ok: list[Card] = []  # the cards of ``_legal`` in the play

    @classmethod
    def from_json(cls, game: Mensch, data: Mapping[str, Any]) -> MenschKernel:
        """The reference's loading and checks, then the kernel's own fields from the facts
        loaded (the lockstep test loads positions on both and plays on)."""
        st = super().from_json(game, data)
        assert isinstance(st, MenschKernel)
        st._high = highest_bid(st.bids)
        if st.trick:
            st._led = _LED[st.trump][st.trick[0][1]]
        return st

    # --- small facts, from the kept tables ------------------------------------------------

    @property
    def high_bid(self) -> str | None:
        """Kept by each bid, not looked for in the bids."""
        return self._high

    def clubs_held(self, seat: int) -> int:
        """The reference's count as a plain loop."""
        n = 0
        for c in self.hands[seat]:  # (a plain loop: quicker than ``map`` over a hand)
            if c.suit == "C":
                n += 1
        return n

    def compelled(self, seat: int) -> bool:
        return self._high in (None, "half") and self.clubs_held(seat) >= 3

    def hand_key(self, card: Card) -> int:
        """Looked up, not worked out (``_HAND_KEY``)."""
        return _HAND_KEY[self.trump](card)

    def sort_hands(self) -> None:
        """Each hand sorted by a table's ``__getitem__``: the key runs in C."""
        key = _HAND_KEY[self.trump]
        for h in self.hands:
            h.sort(key=key)

    # --- legal actions --------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        """``TurnState.legal_actions`` with the common play (no called-card duties) inline:
        one call a move instead of two, and the follows read off ``_FOLLOW_PLAY``."""
        legal = self._legal
        if legal is None and (seat is None or seat == self.turn):  # a new position
            turn = self.turn
            if turn is None:
                return []
            if self.phase == "play" and (turn != self.partner or self.partner_known):
                # Plain loops, not comprehensions or ``list(map(...))``: for a hand of a
                # few cards, Python 3.11's loop is the quicker (a comprehension makes and
                # calls a function; ``map`` a call per card), a tenth of a play-out.
                legal = []
                if self.trick:
                    follow = self._led[1]
                    for c in self.hands[turn]:
                        if c in follow:
                            legal.append(follow[c])
                if not legal:  # a lead, or void in the suit led: any card
                    for c in self.hands[turn]:
                        legal.append(PLAY[c])
            else:
                legal = self._legal_for(turn)
            self._legal = legal
            return legal
        return TurnState.legal_actions(self, seat)  # listed already, or not this seat's turn

    def _legal_for(self, turn: int) -> Sequence[Action]:
        """What ``legal_actions`` does not list inline: the called card's holder in the play
        (its duties, ``plays_for``), the auction, the trump and the call."""
        phase = self.phase
        if phase == "play":
            cards = self._plays_ok = self.plays_for(turn)
            return list(map(_PLAY_OF, cards))
        if phase == "bid":  # ``compelled`` inline: three clubs bid over nothing or Half
            high = self._high
            if high is None or high == "half":
                clubs = 0
                for c in self.hands[turn]:
                    if c.suit == "C":
                        clubs += 1
                return _BIDS_OVER[high, clubs >= 3]
            return _BIDS_OVER[high, False]
        if phase == "trump":
            return _TRUMPS
        return [CALL[c] for c in self.callable_cards()]

    # --- apply ----------------------------------------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """A play or a bid inline, the trump and the call straight to their step; an
        action's text is read and comes back here; everything else (the game over, a move
        out of turn or out of phase) is the reference's ``apply``."""
        # None only once the match is over, when no phase below is "play", "bid", "trump"
        # or "call": each path that uses it as a seat has one
        turn: int = self.turn  # type: ignore[assignment]
        if type(action) is Play and self.phase == "play" and (seat is None or seat == turn):
            # MENSCH-PLAY-2..4 inline: the move of nearly every position
            card = action.card
            hand = self.hands[turn]
            trick = self.trick
            if turn == self.partner and not self.partner_known:  # the called card's duties
                ok = self._plays_ok if self._legal is not None else self.plays_for(turn)
                if card not in ok:  # the legal plays are in the hand: one look decides both
                    if card not in hand:
                        raise IllegalAction(f"you do not hold {card.code}")
                    raise IllegalAction(self._why_not(turn, card))
            elif trick:  # MENSCH-PLAY-2: follow the effective suit led if you can
                follow = self._led[0]
                if card not in follow and not follow.isdisjoint(hand) and card in hand:
                    raise IllegalAction(self._why_not(turn, card))
            try:
                hand.remove(card)
            except ValueError:
                raise IllegalAction(f"you do not hold {card.code}") from None
            self._legal = None
            events = self.events
            if trick:
                ev = _PLAY_EV[turn][card]
            else:
                self.trick_leader = turn
                self._led = _LED[self.trump][card]
                called = self.called
                if called is not None and _EFF[self.trump][card] == called.suit:
                    self.called_led = True
                ev = _LEAD_EV[turn][card]
            events.append(ev)
            trick.append(_AT[turn][card])
            if card is self.called and not self.partner_known:
                self.partner_known = True  # MENSCH-CALL-5: now everyone knows
                events.append(wording.event("partner", turn, {"cards": [card.code]}))
                mark = len(events) - 2
            elif len(trick) < 4:
                self.turn = _NEXT[turn]
                return [ev]
            else:
                mark = len(events) - 1
            if len(trick) < 4:
                self.turn = _NEXT[turn]
            else:
                self._close_trick()
            return events[mark:]
        if type(action) is Bid and self.phase == "bid" and (seat is None or seat == turn):
            # MENSCH-BID-2..4 inline: a bid over the highest, or a pass when free (the listed
            # bids, when listed, say whether pass is among them); a refusal is ``_check_bid``'s
            name = action.name
            if name == "pass":
                legal = self._legal
                if legal is not None:
                    fits = legal[0] is PASS
                else:
                    fits = not self.compelled(turn)
            else:
                fits = name in LEGAL_OVER[self._high]
            if not fits:
                self._check_bid(turn, name)  # refuses it, saying why
            bids = self.bids
            bids.append((turn, name))
            ev = _BID_EV[turn][name]
            events = self.events
            events.append(ev)
            if name != "pass":
                self._high = name
            self._legal = None
            if len(bids) < 4:
                self.turn = _NEXT[turn]
                return [ev]
            mark = len(events) - 1
            self._end_auction()
            return events[mark:]
        if type(action) is Trump and self.phase == "trump" and (seat is None or seat == turn):
            events = self.events
            mark = len(events)
            self._name_trump(action.suit)
            self._legal = None
            return events[mark:]
        if type(action) is Call and self.phase == "call" and (seat is None or seat == turn):
            events = self.events
            mark = len(events)
            self._call(action.card)
            self._legal = None
            return events[mark:]
        if type(action) is str and turn is not None and (seat is None or seat == turn):
            act = self._coerce(action)
            if type(act) is Play or type(act) is Bid:
                return self.apply(act)  # the inline paths above, when the phase is theirs
            return super().apply(act)
        return super().apply(action, seat)

    def _record_bid(self, seat: int, name: str) -> None:
        """For a bid that takes the reference's path: the highest bid kept up to date."""
        self.bids.append((seat, name))
        self.events.append(_BID_EV[seat][name])
        if name != "pass":
            self._high = name

    def _end_auction(self) -> None:
        """The reference's, with plain loops and the events made once."""
        high = self._high
        if high is None:  # MENSCH-BID-6: the holder of QC plays the passed game
            for s in range(4):  # (loops, not generators: a deal's end counts too)
                if QC in self.hands[s]:
                    self.declarer = s
                    break
            self.contract = "passed"
        else:
            for s, b in reversed(self.bids):
                if b == high:
                    self.declarer = s
                    break
            self.contract = high
        declarer = self.turn = self.declarer
        assert declarer is not None  # (the pack is whole: someone holds QC)
        self.events.append(_DECLARE_EV[declarer][self.contract])
        if high in CLUBS_CONTRACTS:  # MENSCH-TRUMP-1
            self._name_trump("C")
        else:
            self.phase = "trump"

    def _name_trump(self, suit: str) -> None:
        """The reference's, with its event made once."""
        self.trump = suit
        self.sort_hands()
        declarer = self.declarer
        assert declarer is not None
        self.events.append(_TRUMP_EV[declarer][suit])
        if self.contract in PARTNER_CONTRACTS:
            self.phase = "call"
        else:
            self._start_play()

    def _call(self, card: Card) -> None:
        """The reference's, with a plain loop for the holder and the event made once; a
        card that may not be called goes to the reference for its reason."""
        if card not in self.callable_cards():
            return super()._call(card)  # refused, with the reference's reason
        self.called = card
        for s in range(4):
            if card in self.hands[s]:
                self.partner = s
                break
        declarer = self.declarer
        assert declarer is not None
        self.events.append(_CALL_EV[declarer][card])
        self._start_play()

    def _play(self, seat: int, card: Card) -> None:
        """The reference's play, keeping the lead's tables (``apply`` plays inline; this is
        for any other way in)."""
        leads = not self.trick
        super()._play(seat, card)
        if leads:
            self._led = _LED[self.trump][card]

    def _close_trick(self) -> None:
        """MENSCH-PLAY-3, each card's worth to this trick (``_LED``) compared once."""
        trick = self.trick
        worth = self._led[2]
        (s0, c0), (s1, c1), (s2, c2), (s3, c3) = trick
        winner, best, top = s0, c0, worth[c0]
        v = worth[c1]
        if v > top:
            winner, best, top = s1, c1, v
        v = worth[c2]
        if v > top:
            winner, best, top = s2, c2, v
        if worth[c3] > top:
            winner, best = s3, c3
        self.tricks.append((trick, winner))
        self.played += (c0, c1, c2, c3)
        self.trick = []
        self.tricks_won[winner] += 1
        self.events.append(_WIN_EV[winner][best])
        if self.hands[winner]:
            self.turn = self.trick_leader = winner
        else:
            self._settle()

    # --- the deal's end and the next deal -------------------------------------------------

    def _settle(self) -> None:
        """The reference's settlement (``_changes``) with its record shared by the event."""
        d, p, contract = self.declarer, self.partner, self.contract
        assert d is not None and contract is not None
        side = self.tricks_won[d] + (self.tricks_won[p] if p is not None else 0)
        changes = self._changes(side)
        chips = self.chips
        chips[0] += changes[0]
        chips[1] += changes[1]
        chips[2] += changes[2]
        chips[3] += changes[3]
        rec = {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "declarer": d,
            "contract": contract,
            "trump": self.trump,
            "called": self.called.code if self.called else None,
            "partner": p,
            "side_tricks": side,
            "made": side >= NEEDED[contract],
            "changes": changes,
            "chips": chips[:],
        }
        self.history.append(rec)
        # the record is only read, so the event shares it (``view`` and ``to_json`` copy)
        self.events.append(_tnew(Event, ("settle", None, _settles, rec)))
        if self.deal_no >= self.deals:  # MENSCH-END-1/2
            top = max(chips)
            self._end([s for s in range(4) if chips[s] == top])
            return
        if self._search_copy:
            self.turn = None
            self.deal_no += 1
            return
        order = self._collect()
        shuffle(self.rng, order)
        self.dealer = (self.dealer + 1) % 4
        self._deal(order)

    def _deal(self, order: list[Card]) -> None:
        """MENSCH-DEAL-1 by slices: the packets of seat E+i are i and 4+i."""
        self.deal_no += 1
        e = (self.dealer + 1) % 4
        dealt = [
            order[0:4] + order[16:20],
            order[4:8] + order[20:24],
            order[8:12] + order[24:28],
            order[12:16] + order[28:32],
        ]
        hands = self.hands = dealt[4 - e :] + dealt[: 4 - e] if e else dealt
        key = _HAND_KEY[None]
        for h in hands:
            h.sort(key=key)
        self.bids = []
        self._high = None
        self.declarer = self.contract = self.trump = self.called = self.partner = None
        self.partner_known = self.called_led = False
        self.trick, self.tricks, self.played = [], [], []
        self.tricks_won = [0, 0, 0, 0]
        self.phase = "bid"
        self.turn = e
        ev = _DEAL_EV[self.dealer].get(self.deal_no)
        if ev is None:  # beyond the longest match an option offers (a test's own count)
            ev = wording.event("deal", self.dealer, {"deal": self.deal_no})
        self.events.append(ev)

    # --- copies ---------------------------------------------------------------------------

    def clone(self, rng: random.Random | None = None, *, events: bool = True) -> MenschKernel:
        """The reference's copy, field by field (``_SHARED``) with no ``copy.copy``: every
        search iteration makes one."""
        new = object.__new__(type(self))
        for name in _SHARED:
            object.__setattr__(new, name, getattr(self, name))
        new._plays_ok = []
        return self._copy_into(new, rng, events)


#: The fields a clone shares with its original: values, or objects nothing changes.
_SHARED = (
    "_high",
    "game",
    "variant",
    "options",
    "deals",
    "deal_no",
    "dealer",
    "phase",
    "turn",
    "declarer",
    "contract",
    "trump",
    "called",
    "partner",
    "partner_known",
    "called_led",
    "trick_leader",
    "_led",
)
