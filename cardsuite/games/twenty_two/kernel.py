"""Twenty-Two's kernel: the reference rules (``rules.py``) where play-outs spend their time,
written for speed. The same game move for move: ``tests/contract/test_lockstep.py`` plays
seeded games on both side by side and compares every listing, event, position, view,
refusal, clone and sample. The registry names ``TwentyTwoKernel``, so ``new_state`` and
``from_json`` build it (``CARDSUITE_RULES=reference`` builds the reference instead).

What is here, and why each is faster (``docs/performance.md``, "Twenty-Two"):

- ``legal_actions``: the common shapes as plain lists of shared plays worked out inline
  (one-card follows, ``_pair_follows``, ``_triple_follows``, leads from two to four cards
  by ``_small_leads``), longer leads without jokers as ``LeadChoices`` (read by position),
  exchanges as ``ExchangeChoices`` over a layout looked up by a number built in one loop;
  the rest as ``PlayChoices`` over ``cover_sets``.
- ``apply``: one-card plays, pair follows and several-card leads inline, then
  ``_play_one`` and ``_exchange_fast``; a play the listing itself just handed out is taken
  without checking it again. Anything else, and every refusal, goes to the reference's ``apply``,
  which explains it: this module never words a refusal.
- Events made once and shared (one-card plays, leads and tricks by seat and card, pairs,
  exchanges, draws, the end), ``_tnew`` for the rest.
- Seat tables (``_nxt``, ``_live``) looked up by the active seats, kept in step by
  ``_seats_changed``; the once-a-hand path (trick end, showdown, shuffle, deal, the draw
  for the deal by ``_sample``) with no call or list it can spare; ``clone`` by slots.

Everything else (the checks and their reasons, views, samples, JSON) is the reference's.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import repeat
from operator import is_
from typing import Any, Self

from ... import positions
from ...cards import ACE, JOKER, JOKER_RANK, Card, by_rank, pack
from ...engine import Action, Event
from ...shuffle import shuffle
from . import wording
from .actions import (
    _LAYOUTS,
    SETS,
    SINGLE,
    Exchange,
    ExchangeChoices,
    LeadChoices,
    Play,
    PlayChoices,
    WildLeadChoices,
    layout,
    wild_leads,
)
from .rules import TwentyTwo, TwentyTwoState, _full_pack
from .sets import VALUES, cover_sets, covers, lowest
from .wording import deals as _deals
from .wording import exchanges as _exchanges
from .wording import goes_out as _goes_out
from .wording import leads as _leads_words
from .wording import plays as _plays
from .wording import shows as _shows
from .wording import wins as _wins


def _covering_runs(high_to_low: Iterable[Card], floor: int) -> tuple[list[Card], list[Card | None]]:
    """The ranks of a hand's cards, given high to low, down to ``floor`` (nothing lower
    covers a pair's lower place): each rank's first card in suit order (a run's first card is
    the last seen) and its second card, or None when only one is held. Both pair follow
    listings, plain and wild, walk the hand this way."""
    firsts: list[Card] = []
    doubled: list[Card | None] = []
    prev = None
    second = None
    for c in high_to_low:
        if c.rank < floor:
            break
        if prev is not None:
            if c.rank != prev.rank:
                firsts.append(prev)
                doubled.append(second)
                second = None
            else:
                second = prev
        prev = c
    if prev is not None:
        firsts.append(prev)
        doubled.append(second)
    return firsts, doubled


class TwentyTwoKernel(TwentyTwoState):
    """``TwentyTwoState`` with its hot paths written for speed (see the module)."""

    __slots__ = ("_live", "_nxt")

    def __init__(
        self,
        game: TwentyTwo,
        n: int,
        variant: str,
        options: dict[str, Any],
        rng: random.Random,
    ) -> None:
        super().__init__(game, n, variant, options, rng)
        # The next active seat after each seat, and the active seats in order: set whenever
        # ``active`` changes (``_seats_changed``), one lookup a move.
        self._nxt: tuple[int, ...] = _NEXT_SEAT[n]
        self._live: tuple[int, ...] = _FROM_LEFT[n][n - 1]

    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        """``TurnState.legal_actions`` with the listing (the reference's ``_legal_for``,
        for speed) inline: the common shapes worked out as the module says. (Through the
        base's call of ``_legal_for``, a play-out move cost 0.9% more instructions.)"""
        legal = self._legal
        turn = self.turn
        if legal is not None or turn is None or seat is not None:  # (all but the common call)
            if seat is None:
                return [] if legal is None else legal
            if turn is None or seat != turn:
                return []
            if legal is not None:
                return legal
        # The common call: nothing listed yet for the seat to move.
        hand = self.hands[turn]
        trick = self.trick
        if self.phase == "exchange":  # (``_compute_legal``'s, inline: once a seat a deal)
            # ``exchanges(hand, limit)``: the layout's key (``actions.layout_key``) in one
            # plain loop, then one lookup (``actions._LAYOUTS``).
            limit = len(self.stock)
            if len(hand) < limit:
                limit = len(hand)
            key = limit + 128
            prev = 0
            for c in hand:
                r = c.rank
                if r == prev:
                    key += key + 1
                else:
                    key += key
                prev = r
            got = _LAYOUTS.get(key)
            if got is None:
                got = layout(hand, limit, key)
            legal = _onew(ExchangeChoices)
            getter, legal._n, legal._masks, legal._takes = got
            legal._flat = tuple(hand) if getter is None else getter(hand)
        elif hand[-1].rank == JOKER_RANK:
            legal = self._wild_legal(hand)
        elif not trick:  # no jokers: the common cases, as plain lists
            n = len(hand)
            if n > 4:  # ``leads(hand)``, inline (a move in four)
                legal = _onew(LeadChoices)
                t = legal._hand = tuple(hand)
                legal._n = n - (t[0].rank == t[-1].rank)  # (one of a rank: one is kept)
            else:  # two to four cards (a lead in three): ``LeadChoices``' plays, as a list
                legal = _small_leads(hand, n)
        else:
            # The trick's size is its best play's (``trick[0][1]`` is two look-ups more).
            leader = self.beat_leader
            target = self.trick_lead_eff if leader else self.trick_best_eff
            if len(target) == 1:  # (one-card follows, inline: a move in three)
                # The top card's run first, then each run met going down: a run's first
                # card in suit order (its lowest) is the last seen before the rank
                # changes, so it is listed when the next rank shows (one rank compared
                # a card, not two cards' ranks).
                bound = target[0]
                legal = []
                last = hand[-1]
                pr = last.rank
                if pr >= bound:
                    for c in reversed(hand):
                        r = c.rank
                        if r != pr:
                            legal.append(SINGLE[last])
                            if r < bound:
                                break
                            pr = r
                        last = c
                    else:  # (the lowest run covers too)
                        legal.append(SINGLE[last])
                low = SINGLE[hand[0]]
                if leader:
                    if not legal:
                        legal.append(low)
                elif not legal or legal[-1] is not low:
                    legal.append(low)
            elif len(target) == 2:
                legal = self._pair_follows(hand)
            elif len(target) != 3 or (legal := self._triple_follows(hand)) is None:
                legal = self._compute_legal()
        self._legal = legal
        return legal

    def _wild_legal(self, hand: list[Card]) -> Sequence[Action]:
        """The listing for a hand holding jokers (T26-3..5), in the order and naming of
        ``PlayChoices`` over ``_lead_sets`` / ``_follow_sets``: leads as ``WildLeadChoices``
        (read by position), one-card follows as a plain list of shared plays (a joker never
        plays alone beside other cards, so they are the plain cards' follows); the rest,
        and a hand of jokers alone, through ``_compute_legal``."""
        top = len(hand) - 2  # the highest plain card (hand[-1] is a joker)
        while top >= 0 and hand[top].rank == JOKER_RANK:
            top -= 1
        if top < 0:  # only jokers (T26-4)
            return self._compute_legal()
        trick = self.trick
        if not trick:
            return wild_leads(hand, top)
        leader = self.beat_leader
        target = self.trick_lead_eff if leader else self.trick_best_eff  # (the trick's size)
        if len(target) != 1:
            if len(target) == 2:
                return self._wild_pair_follows(hand, top)
            return self._compute_legal()
        # One card: ``legal_actions``' one-card follows over the plain cards (T26-5: the
        # lowest card is a plain one), walked as there.
        bound = target[0]
        legal: list[Action] = []
        last = hand[top]
        pr = last.rank
        if pr >= bound:
            for c in reversed(hand[: top + 1]):
                r = c.rank
                if r != pr:
                    legal.append(SINGLE[last])
                    if r < bound:
                        break
                    pr = r
                last = c
            else:  # (the lowest run covers too)
                legal.append(SINGLE[last])
        low = SINGLE[hand[0]]
        if leader:
            if not legal:
                legal.append(low)
        elif not legal or legal[-1] is not low:
            legal.append(low)
        return legal

    def _wild_pair_follows(self, hand: list[Card], top: int) -> list[Action]:
        """T22-PLAY-6 / T22-LEADER-1 with T26-3/5 for a two-card trick and a hand holding
        jokers and the plain cards ``hand[: top + 1]``, as a plain list in ``PlayChoices``
        order and naming over ``_follow_sets``: the plain pairs that cover (as
        ``_pair_follows`` lists them), then a joker with each plain rank that covers the top
        place (the joker takes that rank), high to low; then the lowest two (a plain pair,
        or a joker with the one plain card) where the rule allows."""
        t0, t1 = self.trick_lead_eff if self.beat_leader else self.trick_best_eff
        # each plain rank's first card in suit order, high to low, and its second if held
        firsts, doubled = _covering_runs(reversed(hand[: top + 1]), t1)
        out: list[Action] = []
        append = out.append
        rows = _PAIR_ROW
        for x, high in enumerate(firsts, 1):  # no joker (T26-3: as many jokers as fit, 0 first)
            if high.rank < t0:
                break
            row = rows[high]
            for low in firsts[x:]:
                append(row[low])
            second = doubled[x - 1]
            if second is not None:
                append(row[second])
        wild = _WILD_PAIR
        for high in firsts:  # one joker, which takes the plain card's rank
            if high.rank < t0:
                break
            append(wild[high])
        c0 = hand[0]
        if top:  # the lowest two are plain
            c1 = hand[1]
            covered = c1.rank >= t0 and c0.rank >= t1
            last = rows[c0][c1] if c0.rank == c1.rank else rows[c1][c0]
        else:  # one plain card: it and a joker (T26-5)
            covered = c0.rank >= t0
            last = wild[c0]
        if self.beat_leader:
            if out:
                return out
        elif covered:  # the lowest two cover: listed already
            return out
        append(last)
        return out

    def _pair_follows(self, hand: list[Card]) -> list[Action]:
        """T22-PLAY-6 / T22-LEADER-1 for a two-card trick and a hand without jokers, as a
        plain list (what ``PlayChoices`` over ``_follow_sets`` would hand out, in its order
        and naming: the pairs that cover, high to low, each rank's first card before the
        lower one, a pair of one rank after the pairs it heads; then the lowest two where
        the rule allows). The plays are the shared ``_SETS`` ones, read from each first
        card's row (``_PAIR_ROW``: no key tuple built and hashed per pair)."""
        t0, t1 = self.trick_lead_eff if self.beat_leader else self.trick_best_eff
        if hand[-1].rank < t0 or hand[-2].rank < t1:  # not even the top two cover: the lowest
            c0, c1 = hand[0], hand[1]
            return [_PAIR_ROW[c0][c1] if c0.rank == c1.rank else _PAIR_ROW[c1][c0]]
        # each rank's first card in suit order, high to low, and its second if held
        firsts, doubled = _covering_runs(reversed(hand), t1)
        out: list[Action] = []
        append = out.append
        rows = _PAIR_ROW
        for x, top in enumerate(firsts, 1):
            if top.rank < t0:
                break
            row = rows[top]
            for low in firsts[x:]:
                append(row[low])
            second = doubled[x - 1]
            if second is not None:
                append(row[second])
        c0, c1 = hand[0], hand[1]
        if self.beat_leader:
            if out:
                return out
        elif c1.rank >= t0 and c0.rank >= t1:  # the lowest two cover: listed already
            return out
        out.append(rows[c0][c1] if c0.rank == c1.rank else rows[c1][c0])
        return out

    def _triple_follows(self, hand: list[Card]) -> list[Action] | None:
        """T22-PLAY-6 / T22-LEADER-1 for a three-card trick and a hand without jokers, as a
        plain list of plays (made anew: shared ones missed more than they hit) when the hand
        holds at most
        ``_TRIPLE_RANKS`` ranks that may take part in a cover (None otherwise: the lazy
        ``PlayChoices`` lists them). The same plays, order and naming as ``PlayChoices``
        over ``_follow_sets``: the covers in ``cover_sets``' order (for each top rank, high
        to low: one of it with a middle rank and then one lower card, or two of the middle
        rank; then two of it and one lower card; then three of it), each rank's first cards
        in suit order; then the lowest three where the rule allows."""
        t0, t1, t2 = self.trick_lead_eff if self.beat_leader else self.trick_best_eff
        k = len(hand)  # the cards that may take part in a cover: hand[k:]
        if hand[-1].rank >= t0 and hand[-2].rank >= t1 and hand[-3].rank >= t2:
            while k and hand[k - 1].rank >= t2:
                k -= 1
        # (else not even the top three cover: none, and the lowest three are listed below)
        groups: list[list[Card]] = []  # the runs of a rank among them, low to high
        last = None
        for i in range(k, len(hand)):
            c = hand[i]
            if last is not None and c.rank == last[0].rank:
                last.append(c)
            else:
                last = [c]
                groups.append(last)
        m = len(groups)
        if m > _TRIPLE_RANKS:
            return None
        groups.reverse()  # high to low
        out: list[Action] = []
        onew = _onew  # (``Play(cards)`` without its Python ``__init__``: triples seldom recur)
        for i in range(m):
            g = groups[i]
            top = g[0]
            if top.rank < t0:
                break
            for j in range(i + 1, m):  # one of ``top``, then two lower
                h = groups[j]
                mid = h[0]
                if mid.rank < t1:
                    break
                for x in range(j + 1, m):  # (every rank here meets t2)
                    cards = (top, mid, groups[x][0])
                    play = onew(Play)
                    play.cards = cards
                    out.append(play)
                if len(h) > 1:
                    cards = (top, mid, h[1])
                    play = onew(Play)
                    play.cards = cards
                    out.append(play)
            if len(g) > 1:  # two of ``top``, then one lower; then three of it
                second = g[1]
                for j in range(i + 1, m):
                    cards = (top, second, groups[j][0])
                    play = onew(Play)
                    play.cards = cards
                    out.append(play)
                if len(g) > 2:
                    cards = (top, second, g[2])
                    play = onew(Play)
                    play.cards = cards
                    out.append(play)
        c0, c1, c2 = hand[0], hand[1], hand[2]
        r0, r1, r2 = c0.rank, c1.rank, c2.rank
        if self.beat_leader:
            if out:
                return out
        elif r2 >= t0 and r1 >= t1 and r0 >= t2:  # the lowest three cover: listed already
            return out
        # The lowest three, named high rank first, each rank's cards in suit order.
        if r1 != r2:
            cards = (c2, c1, c0) if r0 != r1 else (c2, c0, c1)
        else:
            cards = (c1, c2, c0) if r0 != r1 else (c0, c1, c2)
        play = onew(Play)
        play.cards = cards
        out.append(play)
        return out

    def _compute_legal(self) -> Sequence[Action]:
        seat = self.turn
        assert seat is not None
        hand = self.hands[seat]
        if self.phase == "exchange":
            return ExchangeChoices(hand, min(len(hand), len(self.stock)))
        if not self.trick:  # (hands without jokers: the plain lists in legal_actions)
            return PlayChoices(hand, self._lead_sets(hand))
        return PlayChoices(hand, self._follow_sets(hand))

    def _lead_sets(self, hand: list[Card]) -> list[tuple[int, ...]]:
        """T22-PLAY-2, T26-3/4: one rank (jokers may join), keeping at least one card."""
        room = len(hand) - 1
        jokers = 0
        while jokers < len(hand) and hand[-1 - jokers].rank == JOKER_RANK:
            jokers += 1
        if jokers == len(hand):  # only jokers: they play as aces (T26-4)
            return [(JOKER_RANK,) * k for k in range(1, room + 1)]
        out: list[tuple[int, ...]] = []
        i = len(hand) - 1 - jokers  # the hand is low to high: walk runs of equal rank down
        while i >= 0:
            r = hand[i].rank
            j = i
            while j and hand[j - 1].rank == r:
                j -= 1
            have = i - j + 1
            for k in range(1, (have if have < room else room) + 1):
                if jokers:
                    for x in range(min(jokers, room - k) + 1):
                        out.append((JOKER_RANK,) * x + (r,) * k)
                else:
                    out.append((r,) * k)
            i = j - 1
        return out

    def _follow_sets(self, hand: list[Card]) -> list[tuple[int, ...]]:
        """T22-PLAY-6 (standard) or T22-LEADER-1 (beat the leader, equal cards)."""
        n = len(self.trick[0][1])
        target = self.trick_lead_eff if self.beat_leader else self.trick_best_eff
        low = lowest([c.rank for c in hand], n)
        counts: dict[int, int] = {}
        jokers = 0
        for c in reversed(hand):
            if c.rank == JOKER_RANK:
                jokers += 1
            else:
                counts[c.rank] = counts.get(c.rank, 0) + 1
        sets = cover_sets(list(counts.items()), jokers, target)
        if self.beat_leader:
            return sets if sets else [low]  # lowest only when nothing covers the lead
        if low not in sets:
            sets.append(low)
        return sets

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        turn = self.turn
        if (
            type(action) is Play
            and turn is not None
            and (seat is None or seat == turn)
            and self.phase == "play"
        ):
            cards = action.cards
            hand = self.hands[turn]
            # One card, from a hand without jokers (T22-PLAY-2/6, T22-LEADER-1), inline: the
            # move of four positions in five. Anything else, and every refusal, goes on.
            # (The card is found once: its place is where it leaves the hand.)
            # (The card and its rank are named as they are tested: two look-ups fewer.)
            if len(cards) == 1 and (r := (card := cards[0]).rank) != JOKER_RANK:
                try:
                    at = hand.index(card)
                except ValueError:
                    at = -1  # not held: refused below
            else:
                at = -1
            if at >= 0:
                trick = self.trick
                if trick:
                    best_eff = self.trick_best_eff  # (as long as the trick's plays)
                    if len(best_eff) == 1:
                        best = best_eff[0]
                        if self.beat_leader:
                            lead = self.trick_lead_eff[0]
                            ok = r >= lead or (r == hand[0].rank and _top_plain(hand) < lead)
                        else:
                            ok = r >= best or r == hand[0].rank
                        if ok:
                            del hand[at]
                            self._legal = None
                            self._samples = None
                            trick.append((turn, cards))
                            if r >= best:
                                self.trick_best = len(trick) - 1
                                self.trick_best_eff = _ONE[r]
                                ev = _TAKES_EV[turn][card]  # (every card and seat: at import)
                            else:
                                ev = _FOLLOWS_EV[turn][card]
                            events = self.events
                            events.append(ev)
                            nxt = self._nxt[turn]
                            if nxt != self.trick_leader:
                                self.turn = nxt
                                return [ev]
                            # The trick is complete (``_finish_trick`` for one card each,
                            # inline: a trick in four ends here, and most go on).
                            winner, won = trick[self.trick_best]
                            self.tricks.append((trick, winner))
                            played = self.played
                            for _, cs in trick:
                                played += cs
                            self.trick = []
                            win = _WINS_EV[winner][won[0]]
                            events.append(win)
                            if len(self.hands[winner]) > 1:
                                self.turn = winner
                                return [ev, win]
                            mark = len(events) - 2
                            self._showdown()  # T22-PLAY-9: one card each
                            return events[mark:]
                elif len(hand) > 1:
                    del hand[at]
                    self._legal = None
                    self._samples = None
                    self.trick_leader = turn
                    self.trick_best = 0
                    self.trick_lead_eff = self.trick_best_eff = _ONE[r]
                    trick.append((turn, cards))
                    ev = _LEADS_EV[turn][card]
                    self.events.append(ev)
                    nxt = self._nxt[turn]
                    self.turn = nxt  # (a lead never closes a trick: two seats are in)
                    return [ev]
            elif (
                len(cards) == 2
                and type(self._legal) is list
                and self.trick  # (a small hand's leads are a list too)
                and any(map(is_, self._legal, repeat(action)))
            ):  # A pair follow (``_play_one``'s, inline: a move in ten), taken only as one of
                # the very plays ``_pair_follows`` just listed: held, legal, named.
                c0, c1 = cards
                hand.remove(c0)
                hand.remove(c1)
                self._legal = None
                self._samples = None
                r0 = c0.rank
                r1 = c1.rank
                if r0 == JOKER_RANK:  # a joker and a plain card: the joker takes its rank
                    r0 = r1
                trick = self.trick
                best_eff = self.trick_best_eff
                takes = r0 >= best_eff[0] and r1 >= best_eff[1]
                if takes and self.equal_sets and r0 != r1:
                    takes = False  # T22-EQUAL-2
                trick.append((turn, cards))
                if takes:
                    self.trick_best = len(trick) - 1
                    self.trick_best_eff = [r0, r1]
                shared = _PAIR_PLAY_EV[turn * 2 + takes]
                got = shared.get(cards)
                if got is None:
                    data = {"cards": [c0.code, c1.code], "best": takes}
                    got = shared[cards] = _tnew(Event, ("play", turn, _plays, data))
                ev = got
                events = self.events
                events.append(ev)
                nxt = self._nxt[turn]
                if nxt != self.trick_leader:
                    self.turn = nxt
                    return [ev]
                mark = len(events) - 1
                self._finish_trick()
                return events[mark:]
            elif (
                (type(listed := self._legal) is LeadChoices or type(listed) is WildLeadChoices)
                and listed.issued(action)
            ) or (
                type(listed) is list and not self.trick and any(map(is_, listed, repeat(action)))
            ):
                # Several of a rank led (``_play_one``'s, inline): the set this listing just
                # handed out, so held, of one rank (jokers first, which take it: T26-3), in
                # suit order, keeping a card.
                for c in cards:
                    hand.remove(c)
                self._legal = None
                self._samples = None
                self.trick_leader = turn
                self.trick_best = 0
                self.trick_lead_eff = self.trick_best_eff = [cards[-1].rank] * len(cards)
                self.trick.append((turn, cards))
                shared = _SET_LEAD_EV[turn]  # a few hundred sets of a rank: made once
                got = shared.get(cards)
                if got is None:
                    data = {"cards": [c.code for c in cards]}
                    got = shared[cards] = _tnew(Event, ("lead", turn, _leads_words, data))
                ev = got
                self.events.append(ev)
                self.turn = self._nxt[turn]  # (a lead never closes a trick)
                return [ev]
            events = self.events
            mark = len(events)
            if self._play_one(turn, action) or self._play_offered(turn, action):
                self._legal = None
                self._samples = None
                return events[mark:]
        elif (
            type(action) is Exchange
            and turn is not None
            and (seat is None or seat == turn)
            and self.phase == "exchange"
        ):  # an exchange, straight on
            events = self.events
            mark = len(events)
            if self._exchange_fast(turn, action):
                self._legal = None
                self._samples = None
                return events[mark:]
        return super().apply(action, seat)  # anything else; every refusal, with its reason

    def _play_offered(self, seat: int, act: Play) -> bool:
        """A play the lazy listing (``PlayChoices``) just handed out, so held, legal and
        named high to low: only the bookkeeping remains (the reference's ``_put_down``,
        lean: effective ranks worked out in place, T26-3/4, and the next seat looked up).
        False, changing nothing, for any other."""
        legal = self._legal
        if type(legal) is not PlayChoices or legal._issued.get(id(act)) is not act:
            return False
        cards = act.cards
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        eff = [c.rank for c in cards]  # high to low: jokers first
        if eff[0] == JOKER_RANK:  # ``effective``: jokers take the top plain rank, else aces
            j = 1
            while j < len(eff) and eff[j] == JOKER_RANK:
                j += 1
            eff = [ACE] * j if j == len(eff) else [eff[j]] * j + eff[j:]
        trick = self.trick
        if not trick:
            self.trick_leader = seat
            self.trick_best = 0
            self.trick_lead_eff = self.trick_best_eff = eff
            trick.append((seat, cards))
            data: dict[str, Any] = {"cards": [c.code for c in cards]}
            self.events.append(_tnew(Event, ("lead", seat, _leads_words, data)))
        else:
            takes = covers(eff, self.trick_best_eff)
            if takes and self.equal_sets and len(eff) > 1 and eff[0] != eff[-1]:
                takes = False  # T22-EQUAL-2
            trick.append((seat, cards))
            if takes:
                self.trick_best = len(trick) - 1
                self.trick_best_eff = eff
            data = {"cards": [c.code for c in cards], "best": takes}
            self.events.append(_tnew(Event, ("play", seat, _plays, data)))
        nxt = self._nxt[seat]
        if nxt == self.trick_leader:
            self._finish_trick()
        else:
            self.turn = nxt
        return True

    def _play_one(self, seat: int, act: Play) -> bool:
        """The common moves, kept lean for play-outs, from a hand without jokers: one card
        led or followed to a one-card trick, several of a rank led (each checked here: a
        few comparisons, T22-PLAY-2/6, T22-LEADER-1, EQUAL-3), and a several-card follow
        that ``legal_actions`` itself just offered. Returns False, changing nothing, for
        anything else (other moves, and every refusal, which the reference explains)."""
        cards = act.cards
        hand = self.hands[seat]
        if not cards or hand[-1].rank == JOKER_RANK:
            return False
        trick = self.trick
        card = cards[0]
        r = card.rank
        if len(cards) == 1:
            if r == JOKER_RANK or card not in hand:
                return False
            if trick:
                if len(trick[0][1]) != 1:
                    return False
                best = self.trick_best_eff[0]
                if self.beat_leader:
                    lead = self.trick_lead_eff[0]
                    if r < lead and (r != hand[0].rank or hand[-1].rank >= lead):
                        return False
                elif r < best and r != hand[0].rank:
                    return False
                hand.remove(card)
                takes = r >= best
                trick.append((seat, cards))
                if takes:
                    self.trick_best = len(trick) - 1
                    self.trick_best_eff = _ONE[r]
                self.events.append((_TAKES_EV if takes else _FOLLOWS_EV)[seat][card])
            else:
                if len(hand) < 2:
                    return False
                hand.remove(card)
                self.trick_leader = seat
                self.trick_best = 0
                self.trick_lead_eff = self.trick_best_eff = _ONE[r]
                trick.append((seat, cards))
                self.events.append(_LEADS_EV[seat][card])
        elif trick:
            legal = self._legal
            if type(legal) is PlayChoices:
                if legal._issued.get(id(act)) is not act:
                    return False
            elif type(legal) is not list or not any(map(is_, legal, repeat(act))):
                return False  # (offered: one of the very objects this state just listed)
            for c in cards:  # offered: held, the right count, legal, high to low
                hand.remove(c)
            ranks = [c.rank for c in cards]
            best_eff = self.trick_best_eff
            if len(ranks) == 2:  # (covers, for a pair)
                takes = ranks[0] >= best_eff[0] and ranks[1] >= best_eff[1]
            else:
                takes = covers(ranks, best_eff)
            if takes and self.equal_sets and ranks[0] != ranks[-1]:
                takes = False  # T22-EQUAL-2
            trick.append((seat, cards))
            if takes:
                self.trick_best = len(trick) - 1
                self.trick_best_eff = ranks
            if len(cards) == 2:  # pairs recur: their events are made once (a few thousand)
                shared = _PAIR_PLAY_EV[seat * 2 + takes]
                ev = shared.get(cards)
                if ev is None:
                    data = {"cards": [c.code for c in cards], "best": takes}
                    ev = shared[cards] = _tnew(Event, ("play", seat, _plays, data))
            else:
                data = {"cards": [c.code for c in cards], "best": takes}
                ev = _tnew(Event, ("play", seat, _plays, data))
            self.events.append(ev)
        else:  # several of one rank led, in suit order, keeping a card (T22-PLAY-2)
            legal = self._legal
            if type(legal) is not LeadChoices or not legal.issued(act):
                if len(cards) >= len(hand):  # not one this state listed: checked here
                    return False
                prev = None
                for c in cards:
                    if c.rank != r or (prev is not None and prev.ordinal >= c.ordinal):
                        return False
                    prev = c
                for c in cards:
                    if c not in hand:
                        return False
            for c in cards:
                hand.remove(c)
            self.trick_leader = seat
            self.trick_best = 0
            self.trick_lead_eff = self.trick_best_eff = [r] * len(cards)
            trick.append((seat, cards))
            shared = _SET_LEAD_EV[seat]  # a few hundred sets of a rank: made once
            ev = shared.get(cards)
            if ev is None:
                data = {"cards": [c.code for c in cards]}
                ev = shared[cards] = _tnew(Event, ("lead", seat, _leads_words, data))
            self.events.append(ev)
        nxt = self._nxt[seat]
        if nxt == self.trick_leader:
            self._finish_trick()
        else:
            self.turn = nxt
        return True

    def _exchange_fast(self, seat: int, act: Exchange) -> bool:
        """The reference's ``_exchange``, lean (its events made once); False, changing
        nothing, for an exchange it would refuse."""
        cards = act.cards
        k = len(cards)
        stock = self.stock
        if k > len(stock):
            return False
        if k:
            rest = self.hands[seat].copy()
            try:
                for c in cards:
                    rest.remove(c)
            except ValueError:
                return False
            self.discards[seat] += cards  # T22-EXCH-3: out of play, face down
            rest += stock[:k]
            del stock[:k]
            rest.sort(key=by_rank)
            self.hands[seat] = rest
        ev = _EXCHANGE_EV.get(k * 64 + seat)
        if ev is None:
            ev = _EXCHANGE_EV[k * 64 + seat] = _tnew(
                Event, ("exchange", seat, _exchanges, {"count": k})
            )
        self.events.append(ev)
        queue = self.exchange_queue
        del queue[0]
        if queue and stock:
            self.turn = queue[0]
        else:  # everyone has had their chance, or the stock is empty (T22-EXCH-2)
            queue.clear()
            self._start_tricks()
        return True

    def _finish_trick(self) -> None:
        """T22-PLAY-8/9: the current best wins and leads; at one card each, the showdown."""
        trick = self.trick
        winner, best = trick[self.trick_best]
        self.tricks.append((trick, winner))  # never mutated again
        played = self.played
        for _, cards in trick:
            played += cards
        self.trick = []
        if len(best) == 1:
            ev = _WINS_EV[winner][best[0]]
        elif len(best) == 2:
            shared = _PAIR_WIN_EV[winner]
            got = shared.get(best)
            if got is None:
                data = {"cards": [c.code for c in best]}
                got = shared[best] = _tnew(Event, ("trick", winner, _wins, data))
            ev = got
        else:
            ev = _tnew(Event, ("trick", winner, _wins, {"cards": [c.code for c in best]}))
        self.events.append(ev)
        if len(self.hands[winner]) <= 1:
            self._showdown()
        else:
            self.turn = winner

    # --- dealing, exchange, showdown ------------------------------------------------------

    def _seats_changed(self) -> None:
        """``_nxt``: the next active seat after each seat, and ``_live``: the active seats
        in order, for the current ``active`` (worked out once for each set of active seats:
        a seat goes out in most games)."""
        key = tuple(self.active)
        got = _SEAT_ORDERS.get(key)
        if got is None:
            nxt = tuple(self._next_active(s) for s in range(self.n))
            got = _SEAT_ORDERS[key] = (nxt, tuple(s for s in range(self.n) if key[s]))
        self._nxt, self._live = got

    def _draw_for_deal(self, seats: list[int], pack: Sequence[Card] | None = None) -> int:
        """T22-DEAL-1 / T22-SCORE-4: draw from a shuffled pack; highest deals, ties redraw.

        The first draw uses a fresh full pack (never a stacked deck); tied losers draw from
        the pack about to be dealt, which holds no score cards (T22-DEAL-3). Drawn cards go
        back, so the draw changes no zone. Randomness is the state's own generator."""
        first = pack is None
        contenders = seats
        if pack is None:
            full: Sequence[Card] = _full_pack(bool(self.options["twenty_six"]), self.n > 6)
        else:
            full = pack
        events = self.events
        rng = self.rng
        while True:
            drawn = _sample(rng, full, len(contenders))
            top = 0
            tied: list[int] = []
            for s, c in zip(contenders, drawn):  # noqa: B905 - as many cards as seats
                key = c.ordinal * 64 + s  # (shared: a play-out draws for every game)
                ev = _DRAW_EV.get(key)
                if ev is None:
                    ev = _DRAW_EV[key] = wording.draw_event(s, c)
                events.append(ev)
                r = c.rank
                if r > top:
                    top = r
                    tied = [s]
                elif r == top:
                    tied.append(s)
            if len(tied) == 1:
                s = tied[0]
                ev = _DEALER_EV.get(s * 2 + first)
                if ev is None:
                    ev = _DEALER_EV[s * 2 + first] = wording.dealer_event(s, first)
                events.append(ev)
                return s
            contenders = tied

    def _deal(self, order: list[Card], size: int) -> None:
        """T22-DEAL-2/3/4/5: deal ``size`` each (fewer from a short pack) from the dealer's
        left, one at a time; the rest is the stock. Eliminated dealers deal but get none."""
        n = self.n
        everyone = len(self._live) == n  # (the common case: nobody is out yet)
        if everyone:
            seats = list(_FROM_LEFT[n][self.dealer])
        else:  # (``_active_from_left_of``, looked up by the active seats)
            live = self._live
            row = _LIVE_FROM.get((n, live))
            if row is None:
                row = _LIVE_FROM[n, live] = tuple(
                    tuple(s for s in _FROM_LEFT[n][seat] if s in live) for seat in range(n)
                )
            seats = list(row[self.dealer])
        count = len(seats)
        self.hand_no += 1
        self.tricks = []
        self.trick = []
        if len(order) < count:  # T22-DEAL-5
            self.played.extend(order)
            low = min(self.scores_list[s] for s in seats)
            self._end([s for s in seats if self.scores_list[s] == low], "the pack is too small")
            return
        if len(order) < size * count:  # T22-DEAL-4
            size = len(order) // count
        self.deal_size = size
        dealt = size * count
        if everyone:  # one at a time, clockwise: seat s gets every n-th card from its place
            hands = self.hands = []
            for i in _DEALT_FROM[n][self.dealer]:
                hand = order[i:dealt:n]
                hand.sort(key=by_rank)
                hands.append(hand)
        else:
            hands = self.hands = [[] for _ in range(n)]
            for i, s in enumerate(seats):  # every count-th card
                hand = order[i:dealt:count]
                hand.sort(key=by_rank)
                hands[s] = hand
        stock = self.stock = order[dealt:]
        data = {"hand": self.hand_no, "size": size, "stock": len(stock)}
        self.events.append(_tnew(Event, ("deal", self.dealer, _deals, data)))
        self.phase = "exchange"
        self.exchange_queue = seats if self.stock else []
        if self.exchange_queue:
            self.turn = seats[0]
        else:
            self._start_tricks(seats[0])

    def _start_tricks(self, leader: int | None = None) -> None:
        """T22-PLAY-1: the first active seat left of the dealer leads; PLAY-9: one card each
        goes straight to the showdown."""
        self.phase = "play"
        if leader is None:  # (the first active seat after the dealer)
            leader = self._nxt[self.dealer]
        self.trick_leader = leader
        if len(self.hands[leader]) <= 1:
            self._showdown()
        else:
            self.turn = leader

    def _showdown(self) -> None:
        """T22-SCORE-1..4, T22-ELIM-1, T22-END-1/2, T22-PAPER-1, T26-6. (Once a deal, so
        kept lean too: one pass for the top card, events made without ``Event.__new__``.)"""
        active, hands, scores = self.active, self.hands, self.scores_list
        seats = self._live
        last: list[Card] = []  # one card each (plain loops: a few seats)
        top = 0
        for s in seats:
            card = hands[s][0]
            last.append(card)
            if card.rank > top:
                top = card.rank
        value = VALUES[top]
        # One pass: the shown cards, the losers (who score, and who go out) and where each
        # card goes.
        losers: list[int] = []
        out: list[int] = []
        threshold = self.threshold
        last_codes: dict[str, str] = {}
        played = self.played
        score_cards = None if self.paper else self.score_cards
        for s, card in zip(seats, last):  # noqa: B905
            hands[s] = []
            last_codes[_SEAT_KEY[s]] = card.code
            if card.rank == top:  # a loser
                losers.append(s)
                scores[s] += value
                if scores[s] >= threshold:  # only losers score
                    out.append(s)
                if score_cards is None:
                    played.append(card)  # T22-PAPER-1: back into the pack
                else:
                    score_cards[s].append(card)  # T22-SCORE-2
            else:
                played.append(card)
        sd = {"cards": last_codes, "losers": losers, "value": value}
        events = self.events
        events.append(_tnew(Event, ("showdown", None, _shows, sd)))
        self.last_showdown = {
            "hand": self.hand_no,
            "cards": last_codes,
            "losers": losers,
            "value": value,
        }
        for s in out:
            active[s] = False
            events.append(_tnew(Event, ("eliminated", s, _goes_out, {"score": scores[s]})))
        if out:
            self._seats_changed()
        self.history.append(
            {
                "hand": self.hand_no,
                "dealer": self.dealer,
                "losers": losers,
                "card": last_codes[_SEAT_KEY[losers[0]]],  # (the losers' common rank)
                "value": value,
                "scores": scores[:],
                "eliminated": out,
            }
        )
        alive = self._live  # (after an elimination, ``_seats_changed`` has set it anew)
        if len(alive) == 1:  # T22-END-1
            self._end(alive, "last player in")
            return
        if not alive:  # T22-END-2
            if self.options["all_out"] == "share":
                self._end(seats, "everyone went out together; they share the win")
            else:
                low = min(scores[s] for s in seats)
                self._end(
                    [s for s in seats if scores[s] == low],
                    "everyone went out together; the lowest score wins",
                )
            return
        if self._search_copy:  # scored: the search's horizon; nobody moves in this copy again
            self.turn = None
            self.hand_no += 1
            return
        # T22-DEAL-3: shuffle everything but the score cards (``_collect``, inline: the
        # finished tricks, the exchange discards, the stock); the loser deals V each.
        order = self.played
        self.played = []
        for d in self.discards:
            order += d
        self.discards = [[] for _ in hands]  # (a list per seat)
        order += self.stock
        self.stock = []
        shuffle(self.rng, order)
        if len(losers) == 1 or len(order) < len(alive):  # (too few cards: DEAL-5 ends it)
            self.dealer = losers[0]
        else:
            self.dealer = self._draw_for_deal(losers, order)  # T22-SCORE-4
        self._deal(order, value)

    def _end(self, winners: Sequence[int], why: str) -> None:
        self.phase = "over"
        self.turn = None
        self.exchange_queue = []
        won = sorted(winners)
        self.winners_list = won
        # (every game ends once: its event is one of a few, made once)
        key: tuple[int | str, ...] = (*won, why)
        ev = _GAMEOVER_EV.get(key)
        if ev is None:
            ev = _GAMEOVER_EV[key] = wording.gameover_event(won, why)
        self.events.append(ev)

    def clone(self, rng: random.Random | None = None, *, events: bool = True) -> Self:
        """An independent copy; ``rng`` replaces the copy of the generator (for samples);
        ``events=False`` starts the copy's log empty (a search never reads it)."""
        new = object.__new__(type(self))
        for name in _SHARED_SLOTS:
            object.__setattr__(new, name, getattr(self, name))
        new.rng = positions.copy_rng(self.rng) if rng is None else rng
        new.active = self.active[:]
        new.hands = [h[:] for h in self.hands]
        new.discards = [d[:] for d in self.discards]
        new.stock = self.stock[:]
        new.played = self.played[:]
        new.score_cards = [sc[:] for sc in self.score_cards]
        new.scores_list = self.scores_list[:]
        new.exchange_queue = self.exchange_queue[:]
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.history = self.history[:]
        new.winners_list = self.winners_list[:]
        new.events = self.events[:] if events else []
        new._legal = None
        new._samples = None
        new._search_copy = False
        return new


_SHARED_SLOTS = (
    "game",
    "n",
    "variant",
    "options",
    "equal_sets",
    "beat_leader",
    "paper",
    "twenty_six",
    "threshold",
    "hand_no",
    "dealer",
    "deal_size",
    "phase",
    "turn",
    "trick_leader",
    "trick_best",
    "trick_best_eff",
    "trick_lead_eff",
    "last_showdown",
    "_nxt",
    "_live",
)


def _sample(rng: random.Random, population: Sequence[Card], k: int) -> list[Card]:
    """``rng.sample(population, k)``: the same cards from the same draws. For a plain
    ``random.Random``, a few cards (at most 5) from more than 21 (the draw for the deal:
    every new game) it is ``sample``'s own walk written out: ``_randbelow(n)`` as
    ``getrandbits`` until below ``n``, again while already drawn, with no Python call per
    card; anything else goes to ``rng.sample``."""
    n = len(population)
    if type(rng) is not random.Random or k > 5 or n <= 21:
        return rng.sample(population, k)
    getrandbits = rng.getrandbits
    bits = n.bit_length()
    out: list[Card] = []
    drawn: list[int] = []
    for _ in range(k):
        j = getrandbits(bits)
        while j >= n or j in drawn:
            j = getrandbits(bits)
        drawn.append(j)
        out.append(population[j])
    return out


_EXCHANGE_EV: dict[int, Event] = {}
#: The end of a game, by its winners and why (``_end``).
_GAMEOVER_EV: dict[tuple[int | str, ...], Event] = {}
#: The draw for the deal's events, by card and seat, and by seat and whether it is the first
#: deal's: every new game draws (written out, as ``_log`` would, but made once).
_DRAW_EV: dict[int, Event] = {}
_DEALER_EV: dict[int, Event] = {}
#: Leads of several cards of a rank, by seat then cards; two-card follows by seat * 2 +
#: whether they take the trick, then cards; tricks won by two cards, by seat then cards
#: (at most a few thousand of each).
_SET_LEAD_EV: tuple[dict[tuple[Card, ...], Event], ...] = tuple({} for _ in range(12))
_PAIR_PLAY_EV: tuple[dict[tuple[Card, ...], Event], ...] = tuple({} for _ in range(24))
_PAIR_WIN_EV: tuple[dict[tuple[Card, ...], Event], ...] = tuple({} for _ in range(12))
#: ``_tnew(Event, (kind, seat, wording, data))`` makes an Event without the named tuple's
#: Python-level ``__new__`` (a play-out makes one per move).
_tnew: Any = tuple.__new__
_onew: Any = object.__new__


#: The active seats clockwise from each seat's left (``_active_from_left_of``), by the table
#: size and the active seats (``_live``), then seat.
_LIVE_FROM: dict[tuple[int, tuple[int, ...]], tuple[tuple[int, ...], ...]] = {}
#: ``_seat_order``'s tuples, by ``tuple(active)``.
_SEAT_ORDERS: dict[tuple[bool, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}
#: The seat after each, by table size (``_NEXT_SEAT[n][seat]``): one lookup per move.
_NEXT_SEAT = tuple(tuple((s + 1) % n for s in range(n)) if n else () for n in range(13))


#: Seats clockwise from each seat's left, that seat last, by table size (``[n][seat]``).
_FROM_LEFT = tuple(
    tuple(tuple((seat + i) % n for i in range(1, n + 1)) for seat in range(n)) for n in range(13)
)
#: Where each seat's cards start in a deal to a full table, by table size and dealer
#: (``[n][dealer][seat]``: its place clockwise from the dealer's left).
_DEALT_FROM = tuple(
    tuple(tuple((s - dealer - 1) % n for s in range(n)) for dealer in range(n)) for n in range(13)
)
#: A seat as the key of the showdown's ``cards`` (JSON object keys are strings).
_SEAT_KEY = tuple(str(s) for s in range(12))


#: A one-card play's effective ranks, per rank: shared constants (never mutated).
_ONE = {r: (r,) for r in range(2, JOKER_RANK + 1)}


# --- how events read (made when something shows them: see ``engine.Event``) -------------

_SETS = SETS


def _top_plain(hand: list[Card]) -> int:
    """The rank of the highest card of ``hand`` (low to high, jokers last, at least one
    card not a joker) that is not a joker: the best one card it may follow with (T26-3)."""
    i = len(hand) - 1
    while i and hand[i].rank == JOKER_RANK:
        i -= 1
    return hand[i].rank


def _small_leads(hand: list[Card], n: int) -> list[Action]:
    """The leads from a hand of two to four cards without jokers (low to high), as
    ``LeadChoices`` hands them out, as a plain list (its Python ``__len__`` and
    ``__getitem__``, called from C by the driver, cost more than the list): per rank, high to
    low, one card, then two of it, and so on (named by the rank's first cards in suit
    order), keeping a card (T22-PLAY-2). Written out by where the hand's runs of a rank
    start: a few shapes, each a few comparisons."""
    one = SINGLE
    pair = _PAIR_ROW
    if n == 2:
        c0, c1 = hand
        if c0.rank == c1.rank:  # one of it, keeping the other
            return [one[c0]]
        return [one[c1], one[c0]]
    if n == 3:
        c0, c1, c2 = hand
        r1 = c1.rank
        if r1 != c2.rank:
            if c0.rank != r1:
                return [one[c2], one[c1], one[c0]]
            return [one[c2], one[c0], pair[c0][c1]]
        if c0.rank != r1:
            return [one[c1], pair[c1][c2], one[c0]]
        return [one[c0], pair[c0][c1]]  # all of a rank: one or two, keeping the third
    c0, c1, c2, c3 = hand
    r1, r2 = c1.rank, c2.rank
    if r2 != c3.rank:  # c3 alone
        if r1 != r2:  # c2 alone
            if c0.rank != r1:
                return [one[c3], one[c2], one[c1], one[c0]]
            return [one[c3], one[c2], one[c0], pair[c0][c1]]
        if c0.rank != r1:  # c1, c2 of a rank
            return [one[c3], one[c1], pair[c1][c2], one[c0]]
        return [one[c3], one[c0], pair[c0][c1], _lead_set((c0, c1, c2))]
    if r1 != r2:  # c2, c3 of a rank
        if c0.rank != r1:
            return [one[c2], pair[c2][c3], one[c1], one[c0]]
        return [one[c2], pair[c2][c3], one[c0], pair[c0][c1]]
    if c0.rank != r1:  # c1, c2, c3 of a rank
        return [one[c1], pair[c1][c2], _lead_set((c1, c2, c3)), one[c0]]
    return [one[c0], pair[c0][c1], _lead_set((c0, c1, c2))]  # all four: keep one


def _lead_set(cards: tuple[Card, ...]) -> Play:
    """The shared play of several cards of a rank (``SETS``, as ``LeadChoices`` names it)."""
    play = _SETS.get(cards)
    if play is None:
        play = _SETS[cards] = Play(cards)
    return play


#: At most this many ranks that may take part in a three-card cover: the follows are a plain
#: list (``_triple_follows``); more, and ``PlayChoices`` names them lazily.
_TRIPLE_RANKS = 7


def _make_pairs() -> None:
    """Every two cards of one pack as a play, named as the listings name them (the higher
    rank first; within a rank, suit order; and each card twice, for two packs): 1,378 plays
    made at import, where a play-out made them one miss at a time (other sets are still
    made on first use), with the rows of ``_PAIR_ROW``."""
    cards = pack()
    for a in cards:
        row = _PAIR_ROW[a] = {}
        for b in cards:
            if a.rank > b.rank or (a.rank == b.rank and a.ordinal < b.ordinal):
                row[b] = _SETS[(a, b)] = Play((a, b))
        row[a] = _SETS[(a, a)] = Play((a, a))  # (two packs: the same card twice)


#: The pair plays by their higher card, then the lower (``_PAIR_ROW[a][b]``: ``_SETS[a, b]``).
_PAIR_ROW: dict[Card, dict[Card, Play]] = {}
_make_pairs()
#: A joker with each plain card, as the listings name it (the joker first): T26-3's pairs.
_WILD_PAIR: dict[Card, Play] = {}
for _card in pack():
    _WILD_PAIR[_card] = _SETS[(JOKER, _card)] = Play((JOKER, _card))


#: The events of one-card plays, leads and tricks won, by seat, then card
#: (``_TAKES_EV[seat][card]``: a follow that takes the lead; ``_FOLLOWS_EV``: one that does
#: not), made once: an event is only read, and making one per move was a tenth of a
#: play-out. All of them (53 cards, 12 seats) are made at import
#: (``_make_one_card_events``), so a move reads its event with no key to work out and no
#: test for None.
_TAKES_EV: tuple[dict[Card, Event], ...] = tuple({} for _ in range(12))
_FOLLOWS_EV: tuple[dict[Card, Event], ...] = tuple({} for _ in range(12))
_LEADS_EV: tuple[dict[Card, Event], ...] = tuple({} for _ in range(12))
_WINS_EV: tuple[dict[Card, Event], ...] = tuple({} for _ in range(12))


def _make_one_card_events() -> None:
    """Fill ``_TAKES_EV``, ``_FOLLOWS_EV``, ``_LEADS_EV`` and ``_WINS_EV`` for every card
    and seat (about 2,500 events, once)."""
    for card in pack(jokers=1):
        code = [card.code]
        for seat in range(12):
            _TAKES_EV[seat][card] = _tnew(
                Event, ("play", seat, _plays, {"cards": code, "best": True})
            )
            _FOLLOWS_EV[seat][card] = _tnew(
                Event, ("play", seat, _plays, {"cards": code, "best": False})
            )
            _LEADS_EV[seat][card] = _tnew(Event, ("lead", seat, _leads_words, {"cards": code}))
            _WINS_EV[seat][card] = _tnew(Event, ("trick", seat, _wins, {"cards": code}))


_make_one_card_events()
