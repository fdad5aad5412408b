"""Manni's kernel: the rules of ``rules.py``, made fast for play-outs.

``MannKernel`` is the reference state (``rules.MannState``) with the paths a play-out spends
its time in written for speed: the listing of a seat's choices (``_legal_for``), ``apply``
(a play's whole path inline: the follow rule, the trick closed, the next seat's plays
listed), the swap, the exchange, the deal, the score and ``clone``. Everything else (the
view, loading, sampling, the refusals of anything unusual) is the reference's, through
``super()``. The registry names this class, so ``new_state`` and ``from_json`` build it;
``tests/contract/test_lockstep.py`` plays it beside the reference and compares them after
every move. The recipes it uses are in ``docs/performance.md`` (Manni).

What it keeps besides the reference's fields:

- ``_idx[seat]``: the hand's index, (the hand list, its plays by suit): four runs of
  ``Play`` in ``SUIT_ORDER``, each in the hand's order. A follow's listing is its run of the
  suit led, copied; a lead's the four runs joined: no listing searches the hand. In the play
  the runs are the hand: a play leaves the card list behind, and ``hands`` (a property over
  the reference's field) brings it up to date when read (``_cards``).
- ``_hl``: the hands as handed out, their truth until the kernel next moves, which takes
  them back (``_sync``): a hand replaced by a new list (a sample, a copy, a test) or changed
  in length in place is indexed anew; None while the index is the truth.
- ``_records``: what a play needs, in one look-up per card (its events, its trick entry,
  its suit); empty outside the play, so a play then fails the look-up and reaches the
  reference's refusal, and while the hands are handed out (``_hl``), so a play then reaches
  ``_apply_other``, which takes them back: the play path tests neither.
- ``_powers``/``_led``: each card's worth to the trick per suit led (a trump
  above everything, the suit led by rank, else nothing), so a trick is decided by comparing
  three numbers.
- A hand is dealt and exchanged as a mask, the sum of its cards' bits (``1 << `` the
  reference's ``hand_key``: each suit a band of 16 bits), and read off it as 8 bytes in
  order, its cards or each suit's run of plays a byte at a time (``_CARDS_AT0`` ...,
  ``_RUN_AT0`` ...): no sort, no loop a card. The deal shuffles the pack as bits, and reads
  cards only for a seat that exchanges before the play.
- Every move lists the next seat's choices as it makes the position (``_legal``), where what
  the listing needs is at hand.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any, cast

from ...cards import SUIT_NAMES, Card
from ...engine import Action, Event, IllegalAction
from ...shuffle import shuffle
from . import wording
from .actions import (
    CONTRACT_KINDS,
    KEEP,
    PLAY,
    SWAP,
    Contract,
    Discard,
    DiscardChoices,
    Keep,
    Play,
    Swap,
    discards_up_to,
)
from .actions import UP_TO as _UP_TO
from .rules import (
    BASIC,
    CONTRACT_VALUE,
    CONTRACTS,
    GAME_POINTS,
    HORN,
    HORN_LIMITS,
    PACKS,
    SUIT_ORDER,
    TRJ_HANDS,
    TRJ_LIMIT,
    TRJAMANN,
    TRUMP_CYCLE,
    Manni,
    MannState,
    horn_contract,
    rank_value,
)


class MannKernel(MannState):
    """A Manni position played by the rules, fast (see the module docstring)."""

    __slots__ = ("_hl", "_idx", "_led", "_powers", "_records", "_runs")

    #: The hands as handed out (``hands``): their truth until the kernel next moves; None
    #: while the index (``_idx``) is.
    _hl: list[list[Card]] | None

    def __init__(self, game: Manni, variant: str, options: dict[str, Any], rng: random.Random):
        super().__init__(game, variant, options, rng)
        # the play path's look-up (``_RECORDS``); empty outside the play
        self._records: Any = _NO_RECORDS
        self._led = 0  # the suit led, as its place in ``SUIT_ORDER``
        # what each card is worth to this trick, per suit led (``_POWERS``)
        self._powers: list[dict[Card, int]] = _POWERS[None, False]
        # Per seat: (the hand list, its plays by suit), for the plays' listings (``_index``);
        # the plays are None from the deal to the seat's exchange (``_EXCHANGERS``)
        self._idx: list[Any] = [_UNINDEXED] * 3
        # Per seat: its runs alone (``_idx[seat][1]``), for the play path: one subscript
        self._runs: list[Any] = [None] * 3

    # --- the hands: kept by the kernel as its index, handed out as cards on demand ----------

    @property
    def hands(self) -> list[list[Card]]:
        """The reference's ``hands``: each seat's cards, sorted. The play path keeps only the
        index's runs (``_idx``), not the card lists (``list.remove`` over cards compares
        each card passed, a tenth of a play), so the lists are brought up to date here when
        asked for (``_cards``). Once handed out they are the hands' truth (``_hl``) until
        the kernel next moves, which takes them back (``_sync``): whoever changed them,
        even in place, is heard."""
        hl = self._hl
        if hl is None:
            hl = self._hl = [self._cards(0), self._cards(1), self._cards(2)]
            self._records = _NO_RECORDS  # the next play goes by ``_apply_other``'s ``_sync``
        return hl

    @hands.setter
    def hands(self, value: list[list[Card]]) -> None:
        self._hl = value  # the truth until the kernel next moves (``_sync``)
        self._records = _NO_RECORDS  # (as above)

    def held(self, seat: int) -> list[Card]:
        """``seat``'s hand to read (the reference's ``held``): its card list made up to date
        (``_cards``), the hands not handed out, so the next move need not take them back
        (the hard bot's play-outs read one every move)."""
        hl = self._hl
        if hl is not None:
            return hl[seat]
        ent = self._idx[seat]
        runs = ent[1]
        if runs is None:  # (as dealt, to be exchanged: up to date)
            hand: list[Card] = ent[0]
            return hand
        return _cards_of(runs)

    def _cards(self, seat: int) -> list[Card]:
        """``seat``'s card list, made up to date from its runs (the play path takes cards
        out of the runs only: a hand is behind by as many cards as it is longer)."""
        ent = self._idx[seat]
        hand: list[Card] = ent[0]
        runs = ent[1]
        if runs is not None:
            r0, r1, r2, r3 = runs
            if len(hand) != len(r0) + len(r1) + len(r2) + len(r3):
                hand[:] = _cards_of(runs)
        return hand

    def _sync(self) -> None:
        """The hands handed out (``hands``) taken back into the index: a seat whose list was
        replaced, or changed in length in place, is indexed anew (``_index``); in the play
        every seat has its runs. Then the index is the truth again (``_hl`` None)."""
        hl = self._hl
        assert hl is not None
        idx = self._idx
        play = self.phase == "play"
        for seat in (0, 1, 2):
            hand = hl[seat]
            ent = idx[seat]
            runs = ent[1]
            if (
                ent[0] is not hand
                or (runs is None and play)
                or (runs is not None and sum(map(len, runs)) != len(hand))
            ):
                self._index(seat, hand)
        self._hl = None
        # the play path's look-up, put back (``hands`` emptied it: no play passes by it
        # with the hands handed out, so it needs no test of its own)
        if self.phase == "play" and self.turn is not None:
            self._records = _RECORDS

    @classmethod
    def from_json(cls, game: Manni, data: Mapping[str, Any]) -> MannKernel:
        """The reference's loading, then what the play path needs of the position."""
        st = cast("MannKernel", super().from_json(game, data))
        st._records = _NO_RECORDS  # (the hands as loaded: the first move takes them, ``_sync``)
        st._powers = _POWERS[st.trump, st._low_aces]
        if st.trick:
            st._led = _SUIT_AT[st.trick[0][1]]
        return st

    def clone(self, rng: random.Random | None = None, *, events: bool = True) -> MannKernel:
        """The reference's copy, with the play path's look-ups (the hands indexed anew)."""
        new = cast("MannKernel", super().clone(rng, events=events))
        new._records = _NO_RECORDS  # (its hands given as lists: as loaded, above)
        new._led = self._led
        new._powers = self._powers
        new._idx = [_UNINDEXED] * 3
        new._runs = [None] * 3
        return new

    def is_over(self) -> bool:
        """``TurnState.is_over`` without comparing text every move (a play-out asks it
        before each): once over nobody is to move (``_end``; ``positions.sheet_and_turn``
        holds a loaded position to it), so the phase is read only when nobody is, as at a
        search copy's horizon, which is not over."""
        return self.turn is None and self.phase == "over"

    def hand_key(self, card: Card) -> int:
        """The reference's ``hand_key``, looked up (``_KEY_HIGH``, ``_KEY_LOW``)."""
        return (_KEY_LOW if self._low_aces else _KEY_HIGH)[card]

    def exchange_sizes(self, seat: int) -> tuple[int, ...]:
        """The reference's ``exchange_sizes`` (TRJ-EXCH-1, TRJ-OPT-2, HORN-EXCH-1), without
        ``min`` and with the sizes from a table made once (``_UP_TO``)."""
        return self._sizes(seat, len(self.hands[seat]))

    def _sizes(self, seat: int, held: int) -> tuple[int, ...]:
        """``exchange_sizes`` of ``seat`` holding ``held`` cards (the kernel's own callers
        know it from the index, without handing the hands out)."""
        room = len(self.manni)
        if held < room:
            room = held
        if self.variant == TRJAMANN:
            top = TRJ_LIMIT if room > TRJ_LIMIT else room
            if self._four_or_none:
                return (0, top) if top == TRJ_LIMIT else (0,)
            return _UP_TO[top]
        limit = HORN_LIMITS[(seat - self.dealer - 1) % 3]
        return _UP_TO[limit if limit < room else room]

    def _offers(self, seat: int) -> list[Contract]:
        """``offered_contracts`` as a constant list, one per set of contracts owed and
        option (the legal listing: callers never mutate it)."""
        key = (*self.owed[seat], self._no_spades)
        out = _OFFERS.get(key)
        if out is None:
            out = []
            for kind in self.owed[seat]:
                if kind == "other":
                    out += [CONTRACTS[("other", s)] for s in self.other_suits()]
                else:
                    out.append(CONTRACTS[(kind, None)])
            _OFFERS[key] = out
        return out

    def _legal_for(self, turn: int) -> Sequence[Action]:
        """The legal actions of ``turn``, once a position (``TurnState.legal_actions``), for
        a position no move made (loaded, copied, sampled): every move lists the next one
        itself (the play path the next seat's plays, each phase its next choice). The plays
        come from the hand's index (``_index``): its run of the suit led if it has one
        (MANNI-GEN-6), else every play; constant lists for the swap, the contracts owed, or
        the discards, lazily."""
        phase = self.phase
        if phase == "play":
            if self._hl is not None:  # the hands handed out: taken back first
                self._sync()
            runs = self._runs[turn]
            if self.trick and runs[self._led]:  # MANNI-GEN-6: the hand's run of the suit led
                return runs[self._led].copy()
            r0, r1, r2, r3 = runs
            return [*r0, *r1, *r2, *r3]
        if phase == "swap":
            return _SWAP_OR_KEEP
        if phase == "contract":
            return self._offers(turn)
        return DiscardChoices(self.hands[turn], self.exchange_sizes(turn))

    def _index(self, seat: int, hand: list[Card]) -> tuple[list[Card], list[list[Play]]]:
        """``seat``'s index: (the hand list, its plays by suit), four runs in ``SUIT_ORDER``,
        each in the hand's order. A follow's listing is then its run of the suit led, copied
        (MANNI-GEN-6), and a lead's the four runs joined: no listing searches the hand.
        Kept in step by the play path and made with the hand when it is dealt, swapped or
        exchanged; rebuilt here when the hand is a new list (a sample, a copy, a hand set
        by a test), which is sorted first (a test's may come in any order). ``hand``: the
        seat's card list, which the index then holds (``_sync``)."""
        hand.sort(key=(_KEY_LOW if self._low_aces else _KEY_HIGH).__getitem__)
        runs: list[list[Play]] = [[], [], [], []]
        for c in hand:
            runs[_SUIT_AT[c]].append(PLAY[c])
        ent = self._idx[seat] = (hand, runs)
        self._runs[seat] = runs
        return ent

    def _set_hand(self, seat: int, cards: Sequence[Card]) -> None:
        """Give ``seat`` ``cards`` as a new hand, sorted, with its index (``_index``), read
        back from the cards' sort keys (``_read_back``)."""
        key = _KEY_LOW if self._low_aces else _KEY_HIGH
        hand, runs = _read_back(list(map(key.__getitem__, cards)), self._low_aces)
        self._idx[seat] = (hand, runs)
        self._runs[seat] = runs
        if self._hl is not None:  # (the hands handed out: kept as the truth)
            self._hl[seat] = hand

    # --- apply ----------------------------------------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """The reference's ``apply``, with a play's whole path inline and the swap, a
        contract and a discard just offered taken without the reference's coercion; anything
        else (a refusal, an action given as text) goes to the reference."""
        # (None once the game is over or a search copy's hand is scored, where no play is
        # looked up, ``_NO_RECORDS``, and the reference refuses: an int on the play path)
        turn: int = self.turn  # type: ignore[assignment]  # (see above: no test a move)
        if seat is None or seat == turn:
            # MANNI-GEN-6, inline: the move of nearly every step of a play-out. One look-up
            # gives the lead's and the follow's events, the trick's entry (a shared ``(seat,
            # card)`` tuple) and its suit (``_SUIT_AT``). ``_records`` is empty
            # outside the play, so a play then (or of no card of a pack) fails the look-up
            # and the reference's path (below) refuses it: no test of the phase of its own.
            # Nor of the action's type: only the interned plays (``PLAY``, equal by identity)
            # are keys, so anything else given in the play (text, another action) misses.
            try:
                lead_ev, ev, entry, si = self._records[turn][action]
            except (LookupError, TypeError):  # (TypeError: an action that does not hash)
                pass
            else:
                # Every seat has its runs in the play (``_start_play``, ``_sync``); the card
                # lists are left behind (``hands`` brings them up to date when asked). (The
                # hands handed out, ``_hl``, empty ``_records``: no play gets here before
                # ``_apply_other`` takes them back.)
                runs_of = self._runs
                runs = runs_of[turn]
                run = runs[si]
                trick = self.trick
                if trick:
                    led = self._led
                    if si != led and runs[led]:  # MANNI-GEN-6: the suit led is held
                        if action not in run:
                            raise IllegalAction(f"you do not hold {entry[1].code}")
                        raise IllegalAction(f"you must follow {SUIT_NAMES[trick[0][1].suit]}")
                # the card out of its run (plays are interned, so the search tests pointers
                # in C): the run is the hand's truth in the play
                try:
                    run.remove(action)
                except ValueError:
                    raise IllegalAction(f"you do not hold {entry[1].code}") from None
                if not trick:  # a lead (by ``trick_leader``, set as the last trick closed)
                    trick.append(entry)
                    self._led = led = si
                    ev = lead_ev
                else:
                    trick.append(entry)
                    if len(trick) == 3:  # it closes the trick: the best play takes it
                        # MANNI-GEN-6: the highest trump, else the highest of the suit led
                        (s0, c0), (s1, c1), (_, card) = trick
                        self.played += (c0, c1, card)
                        power = self._powers[self._led]  # (read once a trick, at its close)
                        p0 = power[c0]
                        p1 = power[c1]
                        p2 = power[card]
                        if p2 > p0 and p2 > p1:
                            winner = turn
                        elif p1 > p0:
                            winner, card = s1, c1
                        else:
                            winner, card = s0, c0
                        self.tricks.append((trick, winner))  # never mutated
                        self.trick = []
                        self.tricks_won[winner] += 1
                        won = _WIN_EVENTS[winner][card]
                        events = self.events
                        events += (ev, won)
                        # the winner leads: any of its plays (every hand holds as many
                        # cards after a trick: none left, the hand is over)
                        r0, r1, r2, r3 = runs_of[winner]
                        legal = [*r0, *r1, *r2, *r3]
                        if legal:
                            self.turn = self.trick_leader = winner
                            self._legal = legal
                            return [ev, won]
                        self._legal = None
                        mark = len(events) - 2
                        self._score()
                        return events[mark:]
                # After a lead or a trick's second card: the next seat's plays, listed here
                # where the suit led is at hand (its run of that suit, else its whole hand)
                self.turn = nxt = _NEXT[turn]
                runs = runs_of[nxt]
                run = runs[led]
                if run:
                    self._legal = run.copy()
                else:
                    r0, r1, r2, r3 = runs
                    self._legal = [*r0, *r1, *r2, *r3]
                self.events.append(ev)
                return [ev]
        return self._apply_other(action, seat, turn)

    def _apply_other(self, action: Action | str, seat: int | None, turn: int | None) -> list[Event]:
        """``apply`` of anything but a play on the play path: the swap, a contract and a
        discard just offered, taken without the reference's coercion; anything else (a
        refusal, an action given as text) goes to the reference. Apart from ``apply``, whose
        frame then holds only the play path's names (each name is a slot every call clears)."""
        if turn is None:
            raise IllegalAction("the game is over")
        if seat is not None and seat != turn:
            raise IllegalAction(f"it is not your turn (waiting for seat {turn + 1})")
        if self._hl is not None:  # the hands handed out: taken back first
            self._sync()
            if type(action) is Play and self._records is _RECORDS:
                return self.apply(action, seat)  # the play path, its look-up put back
        phase = self.phase
        if phase == "swap":  # MANNI-EXCH-1/2: swap or keep, nothing else to check
            kind = type(action)
            if kind is Keep or kind is Swap:
                events = self.events
                mark = len(events)
                self._swap(turn, kind is Swap)  # (which lists the next move)
                return events[mark:]
        elif phase == "contract":  # TRJ-CONTRACT-1: _declare checks the contract itself
            if type(action) is Contract:
                events = self.events
                mark = len(events)
                self._declare(turn, action)  # (which lists the exchange)
                return events[mark:]
        elif type(action) is Discard and phase == "exchange":
            legal = self._legal
            # a discard just offered (``DiscardChoices.issued``, inline): nothing to check
            if type(legal) is DiscardChoices and action is legal._issued:
                hand = self._idx[turn][0]  # (as dealt or exchanged: up to date)
                if hand is legal._list and len(hand) == len(legal._hand):
                    events = self.events
                    mark = len(events)
                    self._exchange(turn, action, True)  # (which lists the next move)
                    return events[mark:]
        return super().apply(action, seat)  # the reference: its checks and refusals

    def _play(self, seat: int, card: Card) -> None:
        """A play that reached the reference's ``apply`` (given as text, or of a card of no
        pack): made by the play path above, which keeps the index in step."""
        play = PLAY.get(card)
        if play is None:
            raise IllegalAction(f"you do not hold {card.code}")
        if self._hl is not None:  # (the reference's checks may have read the hands)
            self._sync()
        self.apply(play, seat)

    def _swap(self, seat: int, swap: bool) -> None:
        """MANNI-EXCH-1..4: E, M, D in turn; the first swap ends the phase."""
        if self._hl is not None:  # (from the reference's ``apply``)
            self._sync()
        del self.exchange_queue[0]
        if swap:
            self.discards[seat] = self._cards(seat)  # MANNI-EXCH-2: a dead pile, face down
            self._set_hand(seat, self.manni)
            self.drawn[seat] = self._idx[seat][0].copy()
            self.manni = []
            self.decisions[seat] = "swap"
            self.exchange_queue = []  # MANNI-EXCH-3
            self.events.append(_SWAP_EVENTS[seat])
        else:
            self.decisions[seat] = "keep"
            self.events.append(_KEEP_EVENTS[seat])
        if self.exchange_queue:
            self.turn = self.exchange_queue[0]
            self._legal = _SWAP_OR_KEEP
        else:
            self._start_play()

    def _declare(self, seat: int, act: Contract) -> None:
        """The reference's checks (``_contract_trumps``), the event looked up, and the
        declarer's discards listed here (as ``_legal_for`` would)."""
        trump = self._contract_trumps(seat, act)
        if self._hl is not None:  # (from the reference's ``apply``)
            self._sync()
        owed = self.owed[seat] = self.owed[seat].copy()
        owed.remove(act.kind)
        self.contract = act.kind
        self.trump = trump
        self.phase = "exchange"
        self.exchange_queue = [seat]
        self.events.append(_CONTRACT_EVENTS[seat][act.kind, trump])
        hand = self._cards(seat)
        self._legal = DiscardChoices(hand, self._sizes(seat, len(hand)))

    def _exchange(self, seat: int, act: Discard, offered: bool = False) -> None:
        """TRJ-EXCH-1, HORN-EXCH-1/2: discard, then draw as many from the top of the manni.
        ``offered``: a discard the state itself offered (``DiscardChoices.issued``), which
        needs no checking."""
        cards = act.cards
        if not offered:  # the reference's checks
            self._check_discard(seat, cards)
            if self._hl is not None:  # the hands handed out: taken back first
                self._sync()
            hand = self._cards(seat)
        else:  # (``_apply_other``: the seat's card list as dealt, up to date)
            hand = self._idx[seat][0]
        k = len(cards)
        bit = _BIT_LOW if self._low_aces else _BIT_HIGH
        ent = self._idx[seat]
        if ent[0] is hand and ent[1] is None:  # as dealt: the deal's mask (``_deal_bits``)
            hm = ent[2]
        else:
            hm = sum(map(bit.__getitem__, hand))
        manni = self.manni
        got = manni[:k]
        del manni[:k]
        # the hand's mask with the cards drawn, less the discards (as many: ``exchange_sizes``
        # holds them to the manni; plain loops, quicker over a few cards than ``sum(map())``);
        # each suit's run read off its band's two bytes (``_RUN_AT0`` ...): no sort, no loop
        # a card of the hand
        for c in got:
            hm += bit[c]
        for c in cards:
            hm -= bit[c]
        runs = _runs_at(hm.to_bytes(8, "little"))
        hand.clear()  # (its cards made from the runs when asked: ``_cards``)
        self._idx[seat] = (hand, runs)
        self._runs[seat] = runs
        self.discards[seat] = [*self.discards[seat], *cards]
        self.drawn[seat] = got
        self.decisions[seat] = k
        queue = self.exchange_queue
        del queue[0]
        self.events.append(_EXCHANGE_EVENTS[seat][k])
        if queue:  # HORN-EXCH-1: the next seat's discards (``exchange_sizes`` inline)
            self.turn = nxt = queue[0]
            h = self._cards(nxt)
            room = len(manni)
            held_n = len(h)
            if held_n < room:
                room = held_n
            if self.variant == HORN:
                self._legal = discards_up_to(h, _HORN_TOPS[(nxt - self.dealer - 1) % 3][room])
            else:
                self._legal = DiscardChoices(h, self._sizes(nxt, held_n))
        else:
            self._start_play()

    # --- dealing and scoring --------------------------------------------------------------

    def _deal_shuffled(self) -> None:
        """MANNI-GEN-3: the whole pack shuffled as its cards' bits, from the pack's own order
        (the same permutation as the reference's shuffle of the cards)."""
        order = list(_PACK_BITS[self.variant == BASIC])
        shuffle(self.rng, order)
        self._deal_bits(order)

    def _deal(self, cards: list[Card]) -> None:
        """The reference's deal of ``cards`` (a stacked deck's), as their bits."""
        self._deal_bits(list(map(_BIT_HIGH.__getitem__, cards)))

    def _deal_bits(self, order: list[int]) -> None:
        """MANNI-DEAL-1, TRJ-DEAL-1, HORN-DEAL-1 / HORN-CUT-1, from the top of ``order``, the
        shuffled pack as its cards' bits (``_BIT_HIGH``: a hand is the sum of its packets'
        bits, its cards and plays read off it in order, ``_CARDS_AT0`` and ``_RUN_AT0`` ...):
        each packet's cards are picked by position (``_DEALS``), in one call per hand.
        (Long for speed: once a deal, every field the reference's deal sets, set inline.)"""
        self.hand_no = hand_no = self.hand_no + 1
        d = self.dealer
        e = _NEXT[d]
        m = _NEXT[e]
        variant = self.variant
        self.contract_card = None
        self.declarer = None
        picks, get_manni = _DEALS[variant]
        if variant == HORN:
            card = _CARD_OF_BIT[order[-1]]  # HORN-CUT-1: the bottom card, turned for all to see
            self.contract, self.trump = contract, trump = _HORN_CONTRACTS[card]
            self._low_aces = low = contract == "nullo"  # HORN-RANK-1
            self.contract_card = card
            manni = list(itemgetter(*get_manni(order))(_CARD_OF_BIT))
            data: dict[str, Any] = {
                "hand": hand_no,
                "manni": len(manni),
                "card": card.code,
                "contract": contract,
                "trump": trump,
            }
            self.phase = "exchange"
            self.exchange_queue = [e, m, d]
        else:
            self._low_aces = low = False
            manni = list(itemgetter(*order[get_manni:])(_CARD_OF_BIT))
            if variant == BASIC:
                self.contract = "trumps"
                self.trump = trump = TRUMP_CYCLE[(hand_no - 1) % 4]  # MANNI-TRUMP-1
                data = {"hand": hand_no, "manni": len(manni), "trump": trump}
                self.phase = "swap"
                self.exchange_queue = [e, m, d]
            else:
                self.contract, self.trump = "", None
                self.declarer = e  # TRJ-DECL-1
                data = {"hand": hand_no, "manni": len(manni)}
                self.phase = "contract"
                self.exchange_queue = []
        idx: list[Any] = [None, None, None]
        runs_of: list[Any] = [None, None, None]
        # a seat whose exchange comes before the play gets its plays there (``_exchange``
        # lists them anew whatever it discards): it gets its cards and its mask for that
        # instead. Any other seat gets only its plays: its card list starts empty, made when
        # the hands are asked for (``hands``, ``_cards``)
        le, lm, ld = _EXCHANGERS[variant]
        pe, pm, pd = picks
        for seat, pick, later in ((e, pe, le), (m, pm, lm), (d, pd, ld)):
            # the hand's mask (aces low: each bit read anew), read as bytes: each suit is a
            # band of 16 bits, two bytes, its cards in order (``_CARDS_AT0`` ...)
            hm = sum(itemgetter(*pick(order))(_LOW_OF_BIT) if low else pick(order))
            b = hm.to_bytes(8, "little")
            if later:
                idx[seat] = (_cards_at(b), None, hm)
            else:  # (``_runs_at`` inline: two or three hands a deal)
                runs_of[seat] = runs = [
                    [*_RUN_AT0[b[0]], *_RUN_AT1[b[1]]],
                    [*_RUN_AT2[b[2]], *_RUN_AT3[b[3]]],
                    [*_RUN_AT4[b[4]], *_RUN_AT5[b[5]]],
                    [*_RUN_AT6[b[6]], *_RUN_AT7[b[7]]],
                ]
                idx[seat] = ([], runs)
        self._hl = None  # the index is the hands' truth
        self._idx = idx
        self._runs = runs_of
        self._records = _NO_RECORDS  # a play is refused until the play (``_start_play``)
        self.manni = manni
        self.discards = [[], [], []]
        self.drawn = [[], [], []]
        self.decisions = [None, None, None]
        self.trick = []
        self.tricks = []
        self.played = []
        self.tricks_won = [0, 0, 0]
        self.events.append(_tnew(Event, ("deal", d, wording.DEALS, data)))
        self.turn = e
        # eldest's first move, listed here (as ``_legal_for`` would)
        if variant == TRJAMANN:
            self._legal = self._offers(e)
        elif variant == BASIC:
            self._legal = _SWAP_OR_KEEP
        else:
            room = len(manni)  # HORN-EXCH-1: eldest's sizes (``exchange_sizes``, looked up)
            hand = idx[e][0]
            held_n = len(hand)
            self._legal = discards_up_to(hand, _HORN_TOPS[0][held_n if held_n < room else room])

    def _start_play(self) -> None:
        """MANNI-PLAY-1, TRJ-PLAY-1, HORN-PLAY-1: eldest leads."""
        self.phase = "play"
        self.exchange_queue = []
        self.turn = self.trick_leader = e = _NEXT[self.dealer]
        self._powers = _POWERS[self.trump, self._low_aces]
        self._records = _RECORDS if self._hl is None else _NO_RECORDS  # (as in ``_sync``)
        # the play path reads every seat's runs without a test: a seat that has none yet (a
        # hand-written exchange's) is indexed here
        idx = self._idx
        for seat in (0, 1, 2):
            ent = idx[seat]
            if ent[1] is None:
                self._index(seat, ent[0])
        r0, r1, r2, r3 = self._runs[e]  # eldest's plays, listed here (as ``_legal_for`` would)
        self._legal = [*r0, *r1, *r2, *r3]

    def _score(self) -> None:
        """MANNI-SCORE-1, TRJ-SCORE-1..4, HORN-SCORE-1/2, then the end of the game."""
        t = self.tricks_won.copy()
        variant = self.variant
        if variant == BASIC:
            t0, t1, t2 = t
            results = [t0 - 4 if t0 > 4 else 0, t1 - 4 if t1 > 4 else 0, t2 - 4 if t2 > 4 else 0]
            points = self.points
            points[0] += results[0]
            points[1] += results[1]
            points[2] += results[2]
            rec: dict[str, Any] = {
                "hand": self.hand_no,
                "dealer": self.dealer,
                "contract": self.contract,
                "trump": self.trump,
                "declarer": self.declarer,
                "tricks": t,
                "gains": results,
                "totals": points.copy(),
            }
            ends = max(points) >= GAME_POINTS  # MANNI-END-1
        else:
            contract = self.contract
            nullo = contract == "nullo"
            declarer = self.declarer
            if variant == TRJAMANN:
                targets = list(_TRJ_TARGETS[nullo, declarer])  # TRJ-SCORE-1
            else:
                targets = [4, 4, 4]  # HORN-SCORE-1
            if nullo:
                results = [targets[0] - t[0], targets[1] - t[1], targets[2] - t[2]]
            else:
                results = [t[0] - targets[0], t[1] - targets[1], t[2] - targets[2]]
            plus, minus = self.plus, self.minus
            r0, r1, r2 = results
            if r0 > 0:
                plus[0] += r0
            elif r0 < 0:
                minus[0] -= r0
            if r1 > 0:
                plus[1] += r1
            elif r1 < 0:
                minus[1] -= r1
            if r2 > 0:
                plus[2] += r2
            elif r2 < 0:
                minus[2] -= r2
            rec = {
                "hand": self.hand_no,
                "dealer": self.dealer,
                "contract": contract,
                "trump": self.trump,
                "declarer": declarer,
                "tricks": t,
                "targets": targets,
                "results": results,
                "plus": plus.copy(),
                "minus": minus.copy(),
            }
            if variant == TRJAMANN:
                if declarer is not None:
                    rec["cost"] = CONTRACT_VALUE[contract]
                ends = self.hand_no >= TRJ_HANDS  # TRJ-END-1
            else:
                ends = max(plus) >= GAME_POINTS  # HORN-END-1
        self.history.append(rec)
        self.events.append(
            _tnew(
                Event,
                (
                    "score",
                    None,
                    wording.SCORES,
                    {"tricks": t, "results": results.copy(), "variant": variant},
                ),
            )
        )
        if ends:
            net = self.scores()
            top = max(net)
            self._end([s for s in range(3) if net[s] == top])
            return
        if self._search_copy:  # the search's horizon: the next hand is never dealt
            self.turn = None
            self._records = _NO_RECORDS
            self.hand_no += 1
            return
        # MANNI-GEN-3 (``_deal_shuffled``, inline): the whole pack shuffled as its bits
        order = list(_PACK_BITS[variant == BASIC])
        shuffle(self.rng, order)
        self.dealer = _NEXT[self.dealer]  # MANNI-GEN-2
        self._deal_bits(order)

    def _end(self, winners: list[int]) -> None:
        super()._end(winners)
        self._records = _NO_RECORDS  # no play is looked up once the game is over


#: The 52 cards in ``pack`` order, made once (the tables below are made from it).
_PACK = PACKS[HORN]
_SWAP_OR_KEEP: Sequence[Action] = (SWAP, KEEP)
#: The contracts offered (``MannKernel._offers``), by the contracts owed and No spades.
_OFFERS: dict[tuple[Any, ...], list[Contract]] = {}
#: Per variant, where the hands' cards lie in the shuffled pack (MANNI-DEAL-1: packets of
#: four to E, M, D; TRJ-DEAL-1 likewise, four rounds; HORN-DEAL-1: rounds of 13, four to
#: the manni, then three each): a picker of eldest's cards, of middle's and of the
#: dealer's, and the manni's (a picker, or where the manni starts: the rest of the pack).
_DEALS: dict[str, tuple[tuple[Any, ...], Any]] = {
    BASIC: (
        tuple(
            itemgetter(*(12 * r + i for r in range(3) for i in range(lo, lo + 4)))
            for lo in (0, 4, 8)
        ),
        36,
    ),
    TRJAMANN: (
        tuple(
            itemgetter(*(12 * r + i for r in range(4) for i in range(lo, lo + 4)))
            for lo in (0, 4, 8)
        ),
        48,
    ),
    HORN: (
        tuple(
            itemgetter(*(13 * r + i for r in range(4) for i in range(lo, lo + 3)))
            for lo in (4, 7, 10)
        ),
        itemgetter(*(13 * r + i for r in range(4) for i in range(0, 4))),
    ),
}
#: HORN-CONTRACT-1: each cut card's contract and trumps (``rules.horn_contract``), made once.
_HORN_CONTRACTS = {c: horn_contract(c) for c in _PACK}
#: Per variant, whether eldest, middle and the dealer exchange cards before the play
#: (TRJ-EXCH-1: the declarer, eldest; HORN-EXCH-1: all three): ``_deal`` lists no plays for
#: them, since ``_exchange`` lists them anew.
_EXCHANGERS = {BASIC: (False, False, False), TRJAMANN: (True, False, False), HORN: (True,) * 3}
#: TRJ-SCORE-1: ``_TRJ_TARGETS[nullo, declarer]``, each seat's target of tricks (no
#: declarer, as a hand-written position may have it: every seat a defender's).
_TRJ_TARGETS = {
    (nullo, d): tuple((4 if nullo else 8) if s == d else (6 if nullo else 4) for s in range(3))
    for nullo in (False, True)
    for d in (0, 1, 2, None)
}
#: HORN-EXCH-1: ``_HORN_TOPS[place][room]``, the most a seat may discard by its place
#: after the dealer (eldest 0) when ``room`` cards are left to draw (``exchange_sizes``:
#: the sizes are ``_UP_TO`` of it).
_HORN_TOPS = tuple(tuple(min(top, room) for room in range(53)) for top in HORN_LIMITS)
_NEXT = (1, 2, 0)
#: A play's event data, one per card, shared by every event of it: event data is read, never
#: written, and a play-out logs one per card played.
_CARD_DATA = {c: {"cards": [c.code]} for c in _PACK}
#: Each card's suit as its place in ``SUIT_ORDER``: its run in a hand's index (``_index``).
_SUIT_AT = {c: SUIT_ORDER[c.suit] for c in _PACK}
#: Each card's rank for winning tricks (``rules.rank_value``: aces high, low in
#: Hornafjarðarmanni's Nullo), and its place in a sorted hand (the reference's ``hand_key``):
#: looked up, never worked out, in play-outs.
_RV_HIGH = {c: rank_value(c, False) for c in _PACK}
_RV_LOW = {c: rank_value(c, True) for c in _PACK}
_KEY_HIGH = {c: SUIT_ORDER[c.suit] * 16 + 15 - _RV_HIGH[c] for c in _PACK}
_KEY_LOW = {c: SUIT_ORDER[c.suit] * 16 + 15 - _RV_LOW[c] for c in _PACK}
#: Each sort key's card and play (``_set_hand`` sorts a hand as numbers and reads it back).
_CARD_AT_HIGH: list[Any] = [None] * 64
_CARD_AT_LOW: list[Any] = [None] * 64
for _c in _PACK:
    _CARD_AT_HIGH[_KEY_HIGH[_c]] = _c
    _CARD_AT_LOW[_KEY_LOW[_c]] = _c
_PLAY_AT_HIGH: list[Any] = [None if c is None else PLAY[c] for c in _CARD_AT_HIGH]
_PLAY_AT_LOW: list[Any] = [None if c is None else PLAY[c] for c in _CARD_AT_LOW]
#: Each card's bit, ``1 << `` its sort key aces high and aces low (``_KEY_HIGH``,
#: ``_KEY_LOW``): a hand is the sum of its cards' bits, a mask read as 8 bytes in which
#: each suit is a band of 16 bits (offsets 1 to 13 the cards aces high, A K ... 2, and 14
#: the ace low), so its cards come out in order (``_CARDS_AT0`` ...) with no sort.
_BIT_HIGH = {c: 1 << _KEY_HIGH[c] for c in _PACK}
_BIT_LOW = {c: 1 << _KEY_LOW[c] for c in _PACK}
#: Each bit aces high's card, and its bit aces low (a shuffled pack is bits aces high).
_CARD_OF_BIT = {b: c for c, b in _BIT_HIGH.items()}
_LOW_OF_BIT = {_BIT_HIGH[c]: _BIT_LOW[c] for c in _PACK}
#: The 52 and the 48 cards (basic Manni) in ``pack`` order, as their bits: the pack every
#: deal shuffles.
_PACK_BITS = (tuple(_BIT_HIGH[c] for c in PACKS[HORN]), tuple(_BIT_HIGH[c] for c in PACKS[BASIC]))


def _at_byte(byte: int, table: list[Any]) -> list[tuple[Any, ...]]:
    """For each value of byte ``byte`` of a hand's mask (little-endian: suit ``s`` is bytes
    ``2s`` and ``2s + 1``), its cards (``table``: ``_CARD_AT_HIGH`` or ``_PLAY_AT_HIGH``
    and its aces low twin, by sort key) in order. Offsets 1 to 13 of a band are aces high,
    14 the ace low, so one table serves both rankings."""
    low = _CARD_AT_LOW if table is _CARD_AT_HIGH else _PLAY_AT_LOW
    items = [table[8 * byte + o] or low[8 * byte + o] for o in range(8)]
    used = sum(1 << o for o in range(8) if items[o])
    out: list[tuple[Any, ...]] = []
    for v in range(256):
        # a bit of no card (offsets 0 and 15) never comes: its value shares the tuple of
        # the value without it (fewer tuples for the collector to walk)
        if v & ~used:
            out.append(out[v & used])
        else:
            out.append(tuple(x for o, x in enumerate(items) if v >> o & 1))
    return out


#: ``_CARDS_ATj[v]`` and ``_RUN_ATj[v]``: the cards and the plays of value ``v`` of a hand's
#: byte ``j`` (``_at_byte``), made once (4,096 tuples): a hand's cards are its eight bytes'
#: joined, a suit's run its two bytes'.
_CARDS_AT0, _CARDS_AT1, _CARDS_AT2, _CARDS_AT3, _CARDS_AT4, _CARDS_AT5, _CARDS_AT6, _CARDS_AT7 = (
    _at_byte(j, _CARD_AT_HIGH) for j in range(8)
)
_RUN_AT0, _RUN_AT1, _RUN_AT2, _RUN_AT3, _RUN_AT4, _RUN_AT5, _RUN_AT6, _RUN_AT7 = (
    _at_byte(j, _PLAY_AT_HIGH) for j in range(8)
)


def _cards_at(b: bytes) -> list[Card]:
    """A hand's cards, sorted (``hand_key``), read off its mask as bytes (``_BIT_HIGH``,
    ``to_bytes(8, "little")``): each byte's from its table, joined."""
    return [
        *_CARDS_AT0[b[0]],
        *_CARDS_AT1[b[1]],
        *_CARDS_AT2[b[2]],
        *_CARDS_AT3[b[3]],
        *_CARDS_AT4[b[4]],
        *_CARDS_AT5[b[5]],
        *_CARDS_AT6[b[6]],
        *_CARDS_AT7[b[7]],
    ]


def _runs_at(b: bytes) -> list[list[Play]]:
    """A hand's plays as the four runs of its index (``_index``), read off its mask as
    bytes (as ``_cards_at``): each suit's run its two bytes' joined."""
    return [
        [*_RUN_AT0[b[0]], *_RUN_AT1[b[1]]],
        [*_RUN_AT2[b[2]], *_RUN_AT3[b[3]]],
        [*_RUN_AT4[b[4]], *_RUN_AT5[b[5]]],
        [*_RUN_AT6[b[6]], *_RUN_AT7[b[7]]],
    ]


#: ``_tnew(Event, (kind, seat, wording, data))`` makes an Event without the named tuple's
#: Python-level ``__new__`` (a play-out makes one per card).
_tnew: Any = tuple.__new__
#: The events of play, one per seat and card, made once: an event is a value, read and never
#: written, so a log may hold one object many times (a play-out logs one per card played).
_LEAD_EVENTS = [
    {c: Event("lead", s, wording.LEADS, _CARD_DATA[c]) for c in _PACK} for s in range(3)
]
_PLAY_EVENTS = [
    {c: Event("play", s, wording.PLAYS, _CARD_DATA[c]) for c in _PACK} for s in range(3)
]
_SWAP_EVENTS = [Event("swap", s, wording.swaps(s), {}) for s in range(3)]
_KEEP_EVENTS = [Event("keep", s, wording.keeps(s), {}) for s in range(3)]
#: ``_CONTRACT_EVENTS[seat][kind, trump]``: a declaration's event (TRJ-CONTRACT-1).
_CONTRACT_EVENTS = [
    {
        (k, t): Event("contract", s, wording.declares, {"contract": k, "trump": t})
        for k in CONTRACT_KINDS
        for t in (None, *SUIT_ORDER)
    }
    for s in range(3)
]
#: ``_EXCHANGE_EVENTS[seat][count]``: an exchange's event (Hornafjarðarmanni logs three a
#: hand).
_EXCHANGE_EVENTS = [
    [Event("exchange", s, wording.EXCHANGES, {"count": k}) for k in range(53)] for s in range(3)
]
_WIN_EVENTS = [{c: Event("trick", s, wording.WINS, _CARD_DATA[c]) for c in _PACK} for s in range(3)]
#: What the play path needs of a play, in one look-up (``_RECORDS[seat][play]``):
#: its lead's and its follow's events, its entry in the trick (a ``(seat, card)`` tuple,
#: shared: a trick never changes it) and its suit (``_SUIT_AT``).
_RECORDS: list[dict[Play, Any]] = [
    {
        PLAY[c]: (
            _LEAD_EVENTS[s][c],
            _PLAY_EVENTS[s][c],
            (s, c),
            _SUIT_AT[c],
        )
        for c in _PACK
    }
    for s in range(3)
]


#: ``_idx``'s entry for a seat not indexed yet: no hand is its hand, so the identity test
#: alone sends it to ``_index`` (no test for None a move).
_UNINDEXED = (None, None)
#: ``_records`` outside the play: every look-up fails (``apply``).
_NO_RECORDS: dict[Any, Any] = {}


def _powers(trump: str | None, low_aces: bool) -> list[dict[Card, int]]:
    """Per suit led (its place in ``SUIT_ORDER``), each card's worth to the trick
    (MANNI-GEN-6): a trump above every other card, a card of the suit led by its rank, any
    other card nothing. The highest worth takes the trick, so the play path compares
    numbers."""
    rv = _RV_LOW if low_aces else _RV_HIGH
    return [
        {c: 100 + rv[c] if c.suit == trump else rv[c] if c.suit == led else 0 for c in _PACK}
        for led in SUIT_ORDER
    ]


def _read_back(keys: list[int], low_aces: bool) -> tuple[list[Card], list[list[Play]]]:
    """A hand given as its cards' sort keys (``_KEY_LOW`` with ``low_aces``): the keys sorted
    in place as numbers and read back as the sorted cards and the index's runs, one
    ``itemgetter`` reading both tables (a third the cost of two ``map`` calls)."""
    keys.sort()
    if low_aces:
        card_at, play_at = _CARD_AT_LOW, _PLAY_AT_LOW
    else:
        card_at, play_at = _CARD_AT_HIGH, _PLAY_AT_HIGH
    if len(keys) > 1:
        get = itemgetter(*keys)
        return list(get(card_at)), _runs(keys, list(get(play_at)))
    return [card_at[k] for k in keys], _runs(keys, [play_at[k] for k in keys])


def _cards_of(runs: list[list[Play]]) -> list[Card]:
    """A hand's cards, in order, from its runs (``_index``): plain loops, quicker over a
    dozen plays than a comprehension or ``map`` over ``chain`` (``held``, ``_cards``)."""
    cards = []
    for run in runs:
        for play in run:
            cards.append(play.card)
    return cards


def _runs(keys: list[int], plays: list[Play]) -> list[list[Play]]:
    """A sorted hand's plays (its sort keys ``keys``) as the four runs of ``_index``: each
    suit's sort keys lie in a band of 16 (``_KEY_HIGH``), found by bisection."""
    b1 = bisect_left(keys, 16)
    b2 = bisect_left(keys, 32, b1)
    b3 = bisect_left(keys, 48, b2)
    return [plays[:b1], plays[b1:b2], plays[b2:b3], plays[b3:]]


#: ``_powers`` for every trump suit (None: no trumps) and ace ranking, made once.
_POWERS = {(t, low): _powers(t, low) for t in (None, *SUIT_ORDER) for low in (False, True)}
