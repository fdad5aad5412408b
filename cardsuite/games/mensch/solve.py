"""Mensch's own exact endgame solver (issue 36): ``endgame.Solver``'s values, found fast.

The reference ``Solver`` (``bots/endgame.py``) searches through the engine contract: a
State copied, ``legal_actions()`` listed and ``apply()`` made at every position, alpha-beta
over the decider's reward between the two sides a sample knows (the declarer and the
called card's holder against the rest, ``bots.endgame_sides``). It is readable and slow:
solving from 16 cards is most of a hard decision's budget, and finishing the flat play's
play-outs by it (``bots.PLAY_SOLVE``) cost seven to twenty times the CPU. ``MenschSolver``
answers the same values, value for value (``Endgame.solver``;
``tests/bots/test_mensch_solve.py`` holds it in lockstep with ``Solver``), by another road:

- **Only the side's tricks count.** A deal's chips are a function of the declaring side's
  tricks alone (MENSCH-SCORE-1..8), and each seat's reward (``search_reward``: the chips
  scaled and clipped) is monotone in them: up for the side's seats, down for the others.
  So the alpha-beta value of the decider's reward is that reward of the minimax number of
  the side's tricks (the side taking as many, the others as few as they can): a monotone
  function commutes with max and min. The solver searches tricks, not rewards, and asks
  the game itself once per total what the decider's reward is (a copy of the sample
  scored with that many, ``search_reward``): no scoring rule is written twice.
- **Only the reward's steps matter.** The reward changes at a few totals only (a Half's at
  1, 5 and 8 tricks; a Solo's at 8), so a value is found by one or two yes/no searches
  ("can the side take ``k`` more tricks?", the way double-dummy bridge solvers work), each
  a null-window alpha-beta that stops at the first move that settles it.
- **Cards as bits.** Each card's bit is its place in its class under the trump: the
  trumps (QC, the 7, A K Q J 10 9 8 of trumps, MENSCH-RANK-2) in the lowest band of 16
  bits, each plain suit (A K ... 7, QC never a club, RANK-3) in a band above, highest card
  lowest. Following suit is the hand's bits in the band led (MENSCH-PLAY-2, RANK-4); a
  trick goes to its lowest trump bit, else the lowest bit of the band led (PLAY-3); the
  called card's duties (MENSCH-PLAY-4) are three masks: no early discard, the first lead of
  its suit draws it, and its holder's first lead of the suit must be it.
- **Equivalent cards searched once**: of cards adjacent in their class with nothing live
  between (``bots.endgame_groups``), one; the called card apart while its holder is
  secret (playing it changes the holder's duties).
- **A transposition table** at each trick's lead, keyed by the leader, whether the called
  suit has been led, and each band's live cards as whose they are from the top down (the
  called card marked, and whether QC is live when it is barred from a lead): the cards out
  of play between them change nothing, so positions reached by playing different but now
  equivalent cards share an entry (40% fewer positions searched at 24 cards). It holds
  bounds on the side's tricks still to come, not the tricks won so far, so the same
  position after different tricks shares an entry too; one table per contract, trumps,
  call and sides, shared by a decision's samples.
- **Move ordering** for cut-offs: a follower whose side already holds the trick plays low;
  otherwise the cheapest card that takes it, then the lowest.

Pure: no clock but ``stop``, no randomness. A position outside the play goes to the
reference.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ...bots.endgame import CHECK_EVERY, Endgame, OutOfTime, Solver, band_plays
from ...cards import Card
from ...engine import Action, State
from .actions import PACK
from .rules import QC, MenschState, power

#: The trumps' band (bits 0-15) and the three plain suits' (16 bits each above it).
_BANDS = tuple(0xFFFF << (16 * b) for b in range(4))
#: Each one-bit mask's band.
_BAND_OF = {1 << i: _BANDS[i >> 4] for i in range(64)}
#: The seat after each (MENSCH-PLAYERS-1: clockwise).
_NEXT = (1, 2, 3, 0)


def _layout(trump: str) -> dict[Card, int]:
    """Each card's bit index under ``trump``: the trumps in band 0, highest first; the
    plain suits in bands 1-3 (in S H D C order, the trump suit left out), highest first."""
    out: dict[Card, int] = {}
    trumps = sorted((c for c in PACK if c is QC or c.suit == trump), key=lambda c: -power(c, trump))
    for i, c in enumerate(trumps):
        out[c] = i
    plain = [s for s in "SHDC" if s != trump]
    for b, suit in enumerate(plain, start=1):
        cards = sorted(
            (c for c in PACK if c.suit == suit and c is not QC), key=lambda c: -power(c, trump)
        )
        for i, c in enumerate(cards):
            out[c] = 16 * b + i
    return out


#: Per trump suit, each card's bit index (``_layout``).
BIT_OF = {t: _layout(t) for t in "SHDC"}

#: A position: (the four hands as masks, the trick's cards as bits, its leader, whether the
#: called suit was led before this trick, the side's tricks won so far).
Position = tuple[tuple[int, int, int, int], tuple[int, ...], int, bool, int]


class MenschSolver(Solver):
    """``endgame.Solver`` for Mensch (see the module docstring): ``values(sample,
    actions)``, ``value(st)``, ``nodes``; built as ``Solver`` is, ``(root, me, spec,
    stop)``."""

    def __init__(
        self,
        root: State,
        me: int,
        spec: Endgame,
        stop: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(root, me, spec, stop)
        #: per context (trumps, call, sides, contract): its search (``_Search``)
        self._searches: dict[tuple[Any, ...], _Search] = {}
        self._search: _Search | None = None

    # --- the contract: Solver's -----------------------------------------------------------

    def values(self, sample: State, actions: Sequence[Action]) -> dict[object, float]:
        """Each of ``actions`` (the decider's, legal in ``sample``) by key: its exact value
        for the decider, as ``Solver.values`` gives it. Raises ``OutOfTime`` when stopped."""
        pos = self._position(sample)
        if pos is None:
            return super().values(sample, actions)
        search = self._search
        assert search is not None and isinstance(sample, MenschState)
        groups = (
            self.spec.groups(sample, actions)
            if self.spec.groups is not None
            else [(a,) for a in actions]
        )
        bits = search.bit_of
        out: dict[object, float] = {}
        for group in groups:
            bit = 1 << bits[group[0].card]  # type: ignore[attr-defined]
            value = search.value(search.after(pos, bit))
            for a in group:
                out[a.key] = value
        return out

    def value(self, st: State) -> float:
        """The decider's exact value of ``st`` (``Solver.value``)."""
        pos = self._position(st)
        if pos is None:
            return super().value(st)
        assert self._search is not None
        return self._search.value(pos)

    # --- the position as ints ---------------------------------------------------------------

    def _position(self, st: State) -> Position | None:
        """The position as ints (``Position``), its context's search made current; None for
        a position this solver leaves to the reference (not in the play)."""
        if not isinstance(st, MenschState) or st.phase != "play" or st.turn is None:
            return None
        if self.horizon(self.root, st):
            return None
        trump = st.trump
        assert trump is not None and st.declarer is not None
        context = (trump, st.called, st.declarer, st.partner, st.contract, st.variant)
        search = self._searches.get(context)
        if search is None:
            search = self._searches[context] = _Search(self, st)
        self._search = search
        bits = search.bit_of
        h0, h1, h2, h3 = (sum(1 << bits[c] for c in st.hands[s]) for s in range(4))
        trick = tuple(1 << bits[c] for _, c in st.trick)
        leader = st.trick[0][0] if st.trick else st.turn
        side = search.side
        won = sum(st.tricks_won[s] for s in range(4) if side[s])
        return (h0, h1, h2, h3), trick, leader, st.called_led_before_trick(), won

    # --- the count of positions: the searches' -------------------------------------------

    @property
    def nodes(self) -> int:
        """Positions searched (a seat's turn, not found settled in the table), over every
        context's search."""
        return self._base + sum(s.count for s in self._searches.values())

    @nodes.setter
    def nodes(self, value: int) -> None:
        searches = getattr(self, "_searches", {})
        self._base = value - sum(s.count for s in searches.values())


class _Search:
    """One context's search (trumps, the called card, the sides, the contract): its table,
    the decider's reward per total of the side's tricks, and the yes/no search."""

    def __init__(self, solver: MenschSolver, sample: MenschState) -> None:
        self.solver = solver
        trump = sample.trump
        assert trump is not None
        self.bit_of = BIT_OF[trump]
        declarer, partner = sample.declarer, sample.partner
        self.side = tuple(s in (declarer, partner) for s in range(4))
        called = sample.called
        #: the called card's bit, 0 when there is none
        self.called = 0 if called is None else 1 << self.bit_of[called]
        #: what its holder may not lead before its suit is led (MENSCH-PLAY-4): the other
        #: cards of its printed suit (QC's printed suit is clubs, RANK-4 notwithstanding)
        forbid = 0
        if called is not None:
            for c in PACK:
                if c.suit == called.suit and c is not called:
                    forbid |= 1 << self.bit_of[c]
        self.forbid = forbid
        self.called_band = _BAND_OF[self.called] if self.called else 0
        self.count = 0
        self.rewards = self._rewards(sample)
        # the totals where the decider's reward changes (a yes/no search each, at most)
        self.steps = [t for t in range(1, 9) if self.rewards[t] != self.rewards[t - 1]]
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self._wins = self._build()

    def _rewards(self, sample: MenschState) -> list[float]:
        """The decider's reward for each total of the side's tricks, 0 to 8: the game's own
        settlement and ``search_reward`` of a copy of ``sample`` scored so (a search copy,
        so scoring deals nothing)."""
        solver = self.solver
        out = []
        for t in range(9):
            st = sample.clone(random.Random(0), events=False)
            st._search_copy = True
            st.hands = [[], [], [], []]
            st.trick = []
            won = [0, 0, 0, 0]
            assert st.declarer is not None
            won[st.declarer] = t
            won[next(s for s in range(4) if not self.side[s])] = 8 - t
            st.tricks_won = won
            st._settle()
            assert solver.horizon(solver.root, st)
            out.append(solver.reward(solver.root, st)[solver.me])
        return out

    def after(self, pos: Position, bit: int) -> Position:
        """``pos`` after its mover plays the card ``bit`` (the trick closed if it is the
        fourth)."""
        hands, trick, leader, led_before, won = pos
        mover = (leader + len(trick)) % 4
        h = list(hands)
        h[mover] ^= bit
        trick = (*trick, bit)
        if len(trick) < 4:
            return (h[0], h[1], h[2], h[3]), trick, leader, led_before, won
        winner = (leader + _best_at(trick)) % 4
        led_before = led_before or _BAND_OF[trick[0]] == self.called_band
        return (h[0], h[1], h[2], h[3]), (), winner, led_before, won + self.side[winner]

    def value(self, pos: Position) -> float:
        """The decider's reward with best play from ``pos``: the side's minimax total of
        tricks placed between the reward's steps by yes/no searches."""
        hands, trick, leader, led_before, won = pos
        left = (hands[0] | hands[1] | hands[2] | hands[3]).bit_count() + len(trick)
        left = -(-left // 4)  # tricks still to be decided, the one on the table counted
        needs = [t - won for t in self.steps if 0 < t - won <= left]
        lo = 0  # the side takes at least ``lo`` more; fewer than needs[hi_i]
        i, j = 0, len(needs)  # the answer lies between needs[i-1] and needs[j]
        while i < j:
            m = (i + j) // 2
            if self._wins(hands, trick, leader, led_before, needs[m]):
                lo = needs[m]
                i = m + 1
            else:
                j = m
        return self.rewards[won + lo]

    def _build(self) -> Callable[..., bool]:
        """The yes/no search as a closure over everything it needs (locals are fast):
        ``wins(hands, trick, leader, led_before, need)``: can the side take ``need`` of the
        tricks still to be decided? Inside, a trick is carried as its count of cards, the
        band led, its best card so far and whose it is, and its cards as a mask."""
        table = self.table
        tget = table.get
        side = self.side
        called = self.called
        forbid = self.forbid
        cband = self.called_band
        stop = self.solver.stop
        check = CHECK_EVERY
        band_of = _BAND_OF
        trumps = _BANDS[0]
        search = self
        owners: dict[tuple[int, int, int, int, int], int] = {}
        oget = owners.get
        cb = [(called >> (16 * i)) & 0xFFFF for i in range(4)]
        qc = 1 if forbid & 1 else 0  # (QC barred from its holder's lead: whether it is live)

        def canon(h0: int, h1: int, h2: int, h3: int) -> tuple[int, ...]:
            # each band's live cards, high to low, as whose they are (the called card
            # marked): the cards out of play between them change nothing
            out = [(h0 | h1 | h2 | h3) & qc]
            for i in range(4):
                t = (
                    (h0 >> (16 * i)) & 0xFFFF,
                    (h1 >> (16 * i)) & 0xFFFF,
                    (h2 >> (16 * i)) & 0xFFFF,
                    (h3 >> (16 * i)) & 0xFFFF,
                    cb[i],
                )
                code = oget(t)
                if code is None:
                    code = owners[t] = _owners(*t)
                out.append(code)
            return tuple(out)

        def node(
            h0: int,
            h1: int,
            h2: int,
            h3: int,
            leader: int,
            n: int,
            led: int,
            best: int,
            by: int,
            down: int,
            before: bool,
            need: int,
        ) -> bool:
            # ``n`` cards down (``down``), the band ``led``, ``best`` winning it for ``by``
            key: tuple[int, ...] | None = None
            if n == 0:
                if need <= 0:
                    return True
                left = (h0 | h1 | h2 | h3).bit_count() >> 2
                if need > left:
                    return False
                key = (leader, before, *canon(h0, h1, h2, h3))
                hit = tget(key)
                if hit is not None:
                    lo, hi = hit
                    if lo >= need:
                        return True
                    if hi < need:
                        return False
            search.count += 1
            if stop is not None and search.count % check == 0 and stop():
                raise OutOfTime
            mover = (leader + n) & 3
            hand = h0 if mover == 0 else h1 if mover == 1 else h2 if mover == 2 else h3
            live = h0 | h1 | h2 | h3 | down
            # the legal plays (MENSCH-PLAY-2, -4)
            if n:
                legal = hand & led or hand
                if hand & called:  # the holder of the called card, still secret
                    if led == cband and not before:
                        legal = called  # the first lead of its suit draws it
                    elif not before and led != cband:
                        legal = legal & ~called or legal  # not thrown early
            elif hand & called and not before:
                legal = hand & ~forbid  # its suit's first lead by him must be it
            else:
                legal = hand
            apart = called & legal if live & called else 0  # (a secret holder's card)
            order = band_plays(legal & ~apart, live)
            if apart:
                order.append(apart)
            mine = side[mover]
            if n:
                # a follower: its side holding the trick, the lowest first; else the
                # cheapest that takes it, then the lowest
                if side[by] == mine:
                    order.reverse()
                else:
                    bband = band_of[best]
                    take = [b for b in order if b < best and (b < 0x10000 or b & bband)]
                    if take:
                        rest = [b for b in order if not (b < best and (b < 0x10000 or b & bband))]
                        take.reverse()
                        rest.reverse()
                        order = take + rest
                    else:
                        order.reverse()
            s0 = -1 if mover == 0 else 0
            s1 = -1 if mover == 1 else 0
            s2 = -1 if mover == 2 else 0
            s3 = -1 if mover == 3 else 0
            result = not mine
            for bit in order:
                if n == 0:
                    r = node(
                        h0 ^ (bit & s0),
                        h1 ^ (bit & s1),
                        h2 ^ (bit & s2),
                        h3 ^ (bit & s3),
                        leader,
                        1,
                        band_of[bit],
                        bit,
                        mover,
                        bit,
                        before,
                        need,
                    )
                else:
                    if bit < best and (bit < trumps or bit & band_of[best]):
                        nb, nby = bit, mover
                    else:
                        nb, nby = best, by
                    if n < 3:
                        r = node(
                            h0 ^ (bit & s0),
                            h1 ^ (bit & s1),
                            h2 ^ (bit & s2),
                            h3 ^ (bit & s3),
                            leader,
                            n + 1,
                            led,
                            nb,
                            nby,
                            down | bit,
                            before,
                            need,
                        )
                    else:  # the trick closes: its winner leads
                        r = node(
                            h0 ^ (bit & s0),
                            h1 ^ (bit & s1),
                            h2 ^ (bit & s2),
                            h3 ^ (bit & s3),
                            nby,
                            0,
                            0,
                            0,
                            0,
                            0,
                            before or led == cband,
                            need - side[nby],
                        )
                if r == mine:
                    result = mine
                    break
            if key is not None:
                lo, hi = tget(key) or (0, left)
                if result:
                    lo = max(lo, need)
                else:
                    hi = min(hi, need - 1)
                table[key] = (lo, hi)
            return result

        def wins(
            hands: tuple[int, int, int, int],
            trick: tuple[int, ...],
            leader: int,
            before: bool,
            need: int,
        ) -> bool:
            h0, h1, h2, h3 = hands
            if not trick:
                return node(h0, h1, h2, h3, leader, 0, 0, 0, 0, 0, before, need)
            at = _best_at(trick)
            down = 0
            for c in trick:
                down |= c
            led = band_of[trick[0]]
            by = (leader + at) & 3
            return node(h0, h1, h2, h3, leader, len(trick), led, trick[at], by, down, before, need)

        return wins


def _owners(x0: int, x1: int, x2: int, x3: int, called: int) -> int:
    """One band's cards in the hands as whose each is, from the highest down, in base 5
    after a leading 1 (4: the called card, whose holder is the partner)."""
    code = 1
    live = x0 | x1 | x2 | x3
    while live:
        low = live & -live
        if low == called:
            code = code * 5 + 4
        else:
            code = code * 5 + (0 if x0 & low else 1 if x1 & low else 2 if x2 & low else 3)
        live ^= low
    return code


def _best_at(trick: tuple[int, ...]) -> int:
    """Where in a trick its winning card lies so far (MENSCH-PLAY-3): the lowest trump bit
    (band 0), else the lowest bit of the band led."""
    best, at = trick[0], 0
    band = _BAND_OF[best]
    for i in range(1, len(trick)):
        c = trick[i]
        if c & band:
            if c < best:
                best, at = c, i
        elif c < 0x10000:  # a trump over a plain lead
            best, at, band = c, i, _BANDS[0]
    return at


__all__ = ["BIT_OF", "MenschSolver"]
