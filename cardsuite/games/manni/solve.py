"""Manni's own exact endgame solver (issue 36): ``endgame.Solver``'s values, found fast.

The reference ``Solver`` (``bots/endgame.py``) searches through the engine contract: a
State copied, ``legal_actions()`` listed and ``apply()`` made at every position. That is
readable and slow (Python objects a position), too slow to solve from more than the last
four tricks inside the hard bot's budget. ``MannSolver`` searches the same tree with the
position as small ints, and answers the same values, value for value (``Endgame.solver``;
``tests/bots/test_manni_solve.py`` holds it in lockstep with ``Solver``):

- **Cards as bits.** A card's bit is its place in a sorted hand (``MannState.hand_key``:
  a band of 16 bits a suit, S H C D, high cards first, aces low in Hornafjarðarmanni's
  Nullo): each hand is a mask, a seat's legal plays are its cards of the suit led, else
  its hand (MANNI-GEN-6), and they are listed as the reference lists them, lowest bit
  first. The trick goes to the trump with the lowest bit, else to the lowest bit of the
  suit led (MANNI-GEN-6, the trump and low aces of every variant and contract: basic
  Manni's rotating trumps, Trjámann's Grand/Spades/Other/Nullo, Hornafjarðarmanni's
  Grand/Trumps/Nullo; they are read from the position, whatever set them).
- **The reward.** Only the number of tricks counts (MANNI-GEN-8), so a deal's end is
  its tricks won; each seat's reward for them is asked once of the game itself (a copy of
  the position scored with those tricks, ``search_reward``): no scoring rule is written
  twice, and every contract's (Nullo's "fewer is better", the declarer's contract cost)
  comes out as the reference sees it.
- **max^n as the reference plays it** (``Solver._maxn``/``_better``): every seat takes the
  child best for itself, ties to the first listed (or, ``paranoid_ties``, to the one worst
  for the decider); equivalent cards searched once (``bots.endgame_groups``: adjacent in
  their suit with nothing live between), the first listed of them standing for the rest;
  a transposition table at each trick's lead (within a trick nothing transposes), keyed
  by each suit's live cards as whose they are from the top down (``_owners``): the cards
  out of play between them change nothing, so positions reached by playing different
  but now equivalent cards share an entry (nearly half the entries at 18 cards, a fifth
  of the time).
- **Pruning that changes no value.** A mover that already has the most the rest of the
  deal can give it stops looking (a later child can only tie, and a tie goes to the first
  listed); and shallow max^n pruning (Korf 1991, "Multi-player alpha-beta pruning"):
  the rewards of a deal's end sum to at most ``S`` (1.5 exactly in basic Manni), so once
  the mover has ``b`` the seat above it gets at most ``S - b`` here, and if that is no more
  than what it already has, it will not take this child (it takes only a strictly better
  one): the rest of the children are skipped and the cut-off value is not tabled. Under
  ``paranoid_ties`` a tie may be taken, so only the first rule stands, where the mover is
  the decider.

What the solver does not cover it leaves to the reference: a position outside the play.
Pure: no clock but ``stop``, no randomness.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ...bots.endgame import CHECK_EVERY, Endgame, OutOfTime, Solver, band_plays
from ...engine import Action, State
from .rules import SUIT_ORDER, MannState

#: Each suit's band of bits (``hand_key``: 16 a suit).
_BANDS = tuple(0xFFFF << (16 * s) for s in range(4))
#: A move's child: (reward vector, exact). Only exact values are tabled.
Rewards = tuple[float, ...]


class MannSolver(Solver):
    """``endgame.Solver`` for Manni (see the module docstring): ``values(sample, actions)``,
    ``value(st)``, ``nodes``; built as ``Solver`` is, ``(root, me, spec, stop)``. A position
    it does not cover (not in the play) goes to the reference's own methods."""

    def __init__(
        self,
        root: State,
        me: int,
        spec: Endgame,
        stop: Callable[[], bool] | None = None,
    ) -> None:
        self._base = 0
        self._counted: Callable[[], int] = lambda: 0
        super().__init__(root, me, spec, stop)
        self._table: dict[tuple[int, ...], Rewards] = {}
        self._plays: dict[tuple[int, int], list[int]] = {}
        self._owners: dict[tuple[int, int, int], int] = {}
        self._canon: Callable[[int, int, int], tuple[int, int, int, int]] = _no_canon
        # per deal's end (tricks won), per contract: each seat's reward
        self._rewards: dict[tuple[Any, ...], Rewards] = {}
        # per (tricks won, tricks left): each seat's most, the most of the sum
        self._bounds: dict[tuple[int, ...], tuple[float, float, float, float]] = {}
        self._context: tuple[Any, ...] = ()
        self._sample: MannState | None = None
        self._trump_band = 0
        self._search: tuple[Callable[..., Rewards], ...] = ()

    # --- the contract: Solver's -----------------------------------------------------------

    def values(self, sample: State, actions: Sequence[Action]) -> dict[object, float]:
        """Each of ``actions`` (the decider's, legal in ``sample``) by key: its exact value
        for the decider, as ``Solver.values`` gives it. Raises ``OutOfTime`` when stopped."""
        pos = self._position(sample)
        if pos is None:
            return super().values(sample, actions)
        groups = (
            self.spec.groups(sample, actions)
            if self.spec.groups is not None
            else [(a,) for a in actions]
        )
        assert isinstance(sample, MannState)
        key = sample.hand_key
        out: dict[object, float] = {}
        for group in groups:
            bit = 1 << key(group[0].card)  # type: ignore[attr-defined]
            value = self._after(pos, bit)[self.me]
            for a in group:
                out[a.key] = value
        return out

    def value(self, st: State) -> float:
        """The decider's exact value of ``st`` (``Solver.value``)."""
        pos = self._position(st)
        if pos is None:
            return super().value(st)
        hands, trick, leader, won = pos
        return self._node(hands, trick, leader, won)[self.me]

    # --- the position as ints ---------------------------------------------------------------

    def _position(
        self, st: State
    ) -> tuple[tuple[int, int, int], tuple[int, ...], int, tuple[int, int, int]] | None:
        """(hands as masks, the trick's cards as bits, its leader, tricks won), or None
        for a position this solver leaves to the reference (not in the play)."""
        if not isinstance(st, MannState) or st.phase != "play" or st.turn is None:
            return None
        key = st.hand_key
        h0, h1, h2 = (sum(1 << key(c) for c in st.held(s)) for s in range(3))
        trick = tuple(1 << key(c) for _, c in st.trick)
        leader = st.trick[0][0] if st.trick else st.turn
        context = (st.variant, st.contract, st.trump, st.declarer, st._low_aces)
        if context != self._context:  # (a new root's contract: nothing learnt holds)
            self._context = context
            self._table.clear()
            self._rewards.clear()
            self._bounds.clear()
            self._trump_band = 0 if st.trump is None else _BANDS[SUIT_ORDER[st.trump]]
            self._base = self.nodes  # (the count so far kept: a new search counts from 0)
            self._search = self._build()
        self._sample = st
        w0, w1, w2 = st.tricks_won
        return (h0, h1, h2), trick, leader, (w0, w1, w2)

    def _reward(self, won: tuple[int, int, int]) -> Rewards:
        """Each seat's reward for a deal ending with ``won`` tricks: the game's own
        ``search_reward`` of a copy of the sample scored so (the copy a search copy, so
        scoring deals nothing)."""
        hit = self._rewards.get(won)
        if hit is None:
            sample = self._sample
            assert sample is not None
            st = sample.clone(random.Random(0), events=False)
            st._search_copy = True
            st.hands = [[], [], []]
            st.trick = []
            st.tricks_won = list(won)
            st._score()
            assert self.root.game.search_horizon(self.root, st)
            hit = self._rewards[won] = tuple(self.root.game.search_reward(self.root, st))
        return hit

    def _bound(self, won: tuple[int, int, int], left: int) -> tuple[float, float, float, float]:
        """Over every way the ``left`` tricks to come may fall: each seat's highest reward,
        and the highest sum of the three."""
        key = (*won, left)
        hit = self._bounds.get(key)
        if hit is None:
            w0, w1, w2 = won
            best = [-1.0, -1.0, -1.0, -1.0]
            for x in range(left + 1):
                for y in range(left + 1 - x):
                    r = self._reward((w0 + x, w1 + y, w2 + left - x - y))
                    for s in range(3):
                        if r[s] > best[s]:
                            best[s] = r[s]
                    if r[0] + r[1] + r[2] > best[3]:
                        best[3] = r[0] + r[1] + r[2]
            hit = self._bounds[key] = (best[0], best[1], best[2], best[3])
        return hit

    # --- the search -----------------------------------------------------------------------

    @property
    def nodes(self) -> int:
        """Positions searched (a player's turn, at a table miss): the search's count (kept
        by its closures) over what was counted before it (``_base``)."""
        return self._base + self._counted()

    @nodes.setter
    def nodes(self, value: int) -> None:
        self._base = value - self._counted()

    def _after(
        self,
        pos: tuple[tuple[int, int, int], tuple[int, ...], int, tuple[int, int, int]],
        bit: int,
    ) -> Rewards:
        """The position ``pos`` after its mover plays the card ``bit``: its max^n value."""
        (h0, h1, h2), trick, leader, won = pos
        mover = (leader + len(trick)) % 3
        s0, s1, s2 = _SELECT[mover]
        return self._node(
            (h0 ^ (bit & s0), h1 ^ (bit & s1), h2 ^ (bit & s2)), (*trick, bit), leader, won
        )

    def _node(
        self,
        hands: tuple[int, int, int],
        trick: tuple[int, ...],
        leader: int,
        won: tuple[int, int, int],
    ) -> Rewards:
        """The max^n value of a position (none to three cards on the table)."""
        lead, second, third = self._search
        h0, h1, h2 = hands
        w0, w1, w2 = won
        if len(trick) == 3:  # (closed: its winner leads)
            winner = (leader + _best_at(trick, self._trump_band)) % 3
            w = [w0, w1, w2]
            w[winner] += 1
            leader, trick = winner, ()
            w0, w1, w2 = w
        if len(trick) == 2:
            return third(h0, h1, h2, leader, trick[0], trick[1], w0, w1, w2, -1.0, -1)
        if trick:
            return second(h0, h1, h2, leader, trick[0], w0, w1, w2, -1.0, -1)
        if not (h0 | h1 | h2):
            return self._reward((w0, w1, w2))
        key = (leader, *self._canon(h0, h1, h2), w0, w1, w2)
        hit = self._table.get(key)
        if hit is not None:
            return hit
        return lead(h0, h1, h2, leader, w0, w1, w2, -1.0, -1, key)

    def _build(self) -> tuple[Callable[..., Rewards], ...]:
        """The search as three closures, one a seat's place in the trick (the lead, the
        second card, the third, which closes it), everything a position needs held in
        locals: what makes it fast. Each takes the hands, the leader, the cards on the
        table, the tricks won, and the parent's mover (``parent``, -1: none) and its best so
        far (``above``) for the shallow cut-off, and gives the max^n reward vector (see the
        module docstring for the cut-offs)."""
        table = self._table
        tget = table.get
        owners_of = self._owners
        cget = owners_of.get

        def owners(t: tuple[int, int, int]) -> int:
            code = owners_of[t] = _owners(*t)
            return code

        rget = self._rewards.get
        reward = self._reward
        bget = self._bounds.get
        bound = self._bound
        pget = self._plays.get
        pset = self._plays.__setitem__
        me = self.me
        paranoid = self.paranoid
        trump = self._trump_band
        stop = self.stop
        check = CHECK_EVERY
        band_of = _BAND_OF
        count = 0

        def counted() -> int:
            return count

        self._counted = counted

        def canon(h0: int, h1: int, h2: int) -> tuple[int, int, int, int]:
            # each suit's live cards, high to low, as whose they are (``_owners``)
            t = (h0 & 0xFFFF, h1 & 0xFFFF, h2 & 0xFFFF)
            c0 = cget(t) or owners(t)
            t = ((h0 >> 16) & 0xFFFF, (h1 >> 16) & 0xFFFF, (h2 >> 16) & 0xFFFF)
            c1 = cget(t) or owners(t)
            t = ((h0 >> 32) & 0xFFFF, (h1 >> 32) & 0xFFFF, (h2 >> 32) & 0xFFFF)
            c2 = cget(t) or owners(t)
            t = (h0 >> 48, h1 >> 48, h2 >> 48)
            c3 = cget(t) or owners(t)
            return c0, c1, c2, c3

        self._canon = canon

        def lead(
            h0: int,
            h1: int,
            h2: int,
            a: int,
            w0: int,
            w1: int,
            w2: int,
            above: float,
            parent: int,
            key: tuple[int, ...],
        ) -> Rewards:
            # the caller looked the position up in the table (``key``), and it is not the
            # deal's end
            nonlocal count
            count += 1
            if stop is not None and count % check == 0 and stop():
                raise OutOfTime
            hand = h0 if a == 0 else h1 if a == 1 else h2
            live = h0 | h1 | h2
            mv = pget((hand, live))
            if mv is None:
                mv = band_plays(hand, live)
                pset((hand, live), mv)
            tops = bget((w0, w1, w2, hand.bit_count())) or bound((w0, w1, w2), hand.bit_count())
            top = tops[a]
            cut = tops[3] - above if parent >= 0 and parent != a and not paranoid else 2.0
            stop_top = not paranoid or a == me
            s0, s1, s2 = _SELECT[a]
            best: Rewards = ()
            mine = -1.0
            for bit in mv:
                v = second(
                    h0 ^ (bit & s0), h1 ^ (bit & s1), h2 ^ (bit & s2), a, bit, w0, w1, w2, mine, a
                )
                x = v[a]
                if x > mine or (paranoid and x == mine and v[me] < best[me]):
                    best, mine = v, x
                    if mine >= top and stop_top:
                        break
                    if mine >= cut:
                        return best  # cut off: the parent will not take it; not tabled
            table[key] = best
            return best

        def second(
            h0: int,
            h1: int,
            h2: int,
            a: int,
            c1: int,
            w0: int,
            w1: int,
            w2: int,
            above: float,
            parent: int,
        ) -> Rewards:
            nonlocal count
            count += 1
            if stop is not None and count % check == 0 and stop():
                raise OutOfTime
            m = _NEXT[a]
            hand = h0 if m == 0 else h1 if m == 1 else h2
            mask = hand & band_of[c1] or hand  # MANNI-GEN-6: follow suit if you can
            live = h0 | h1 | h2 | c1
            mv = pget((mask, live))
            if mv is None:
                mv = band_plays(mask, live)
                pset((mask, live), mv)
            tops = bget((w0, w1, w2, hand.bit_count())) or bound((w0, w1, w2), hand.bit_count())
            top = tops[m]
            cut = tops[3] - above if parent >= 0 and parent != m and not paranoid else 2.0
            stop_top = not paranoid or m == me
            s0, s1, s2 = _SELECT[m]
            best: Rewards = ()
            mine = -1.0
            for bit in mv:
                v = third(
                    h0 ^ (bit & s0),
                    h1 ^ (bit & s1),
                    h2 ^ (bit & s2),
                    a,
                    c1,
                    bit,
                    w0,
                    w1,
                    w2,
                    mine,
                    m,
                )
                x = v[m]
                if x > mine or (paranoid and x == mine and v[me] < best[me]):
                    best, mine = v, x
                    if (mine >= top and stop_top) or mine >= cut:
                        break
            return best

        def third(
            h0: int,
            h1: int,
            h2: int,
            a: int,
            c1: int,
            c2: int,
            w0: int,
            w1: int,
            w2: int,
            above: float,
            parent: int,
        ) -> Rewards:
            nonlocal count
            count += 1
            if stop is not None and count % check == 0 and stop():
                raise OutOfTime
            m = _NEXT[_NEXT[a]]
            hand = h0 if m == 0 else h1 if m == 1 else h2
            band = band_of[c1]
            mask = hand & band or hand  # MANNI-GEN-6
            live = h0 | h1 | h2 | c1 | c2
            mv = pget((mask, live))
            if mv is None:
                mv = band_plays(mask, live)
                pset((mask, live), mv)
            tops = bget((w0, w1, w2, hand.bit_count())) or bound((w0, w1, w2), hand.bit_count())
            top = tops[m]
            cut = tops[3] - above if parent >= 0 and parent != m and not paranoid else 2.0
            stop_top = not paranoid or m == me
            s0, s1, s2 = _SELECT[m]
            # the trick so far (MANNI-GEN-6): its best card, whose it is, and its suit's band
            if c2 & band:
                held, by = (c2, _NEXT[a]) if c2 < c1 else (c1, a)
            elif c2 & trump:
                held, by, band = c2, _NEXT[a], trump
            else:
                held, by = c1, a
            best: Rewards = ()
            mine = -1.0
            for bit in mv:
                winner = (m if bit < held else by) if bit & band else m if bit & trump else by
                n0 = h0 ^ (bit & s0)
                n1 = h1 ^ (bit & s1)
                n2 = h2 ^ (bit & s2)
                if winner == 0:
                    x0, x1, x2 = w0 + 1, w1, w2
                elif winner == 1:
                    x0, x1, x2 = w0, w1 + 1, w2
                else:
                    x0, x1, x2 = w0, w1, w2 + 1
                if n0 | n1 | n2:
                    key = (winner, *canon(n0, n1, n2), x0, x1, x2)
                    v = tget(key) or lead(n0, n1, n2, winner, x0, x1, x2, mine, m, key)
                else:
                    v = rget((x0, x1, x2)) or reward((x0, x1, x2))
                x = v[m]
                if x > mine or (paranoid and x == mine and v[me] < best[me]):
                    best, mine = v, x
                    if (mine >= top and stop_top) or mine >= cut:
                        break
            return best

        return lead, second, third


def _owners(x0: int, x1: int, x2: int) -> int:
    """One suit's cards in the hands (its band's bits in each hand) as whose each is, from
    the highest down, in base 3 after a leading 1: the cards out of play between them
    make no difference to the rest of the deal (nor to the order of anything listed)."""
    code = 1
    live = x0 | x1 | x2
    while live:
        low = live & -live
        code = code * 3 + (0 if x0 & low else 1 if x1 & low else 2)
        live ^= low
    return code


def _no_canon(h0: int, h1: int, h2: int) -> tuple[int, int, int, int]:
    raise AssertionError("the search is built with the first position")


def _best_at(trick: tuple[int, ...], trump: int) -> int:
    """Where in a full trick its winning card lies (MANNI-GEN-6): the trump with the lowest
    bit, else the lowest bit of the suit led."""
    best, at = trick[0], 0
    band = _BAND_OF[best]
    for i in (1, 2):
        c = trick[i]
        if c & band:
            if c < best:
                best, at = c, i
        elif c & trump:
            best, at, band = c, i, trump
    return at


#: Each one-bit mask's suit band.
_BAND_OF = {1 << i: _BANDS[i >> 4] for i in range(64)}
#: The seat after each (MANNI-GEN-1: clockwise).
_NEXT = (1, 2, 0)
#: Per mover, the masks that take its card out of the three hands (``h ^ (bit & s)``).
_SELECT = ((-1, 0, 0), (0, -1, 0), (0, 0, -1))

__all__ = ["MannSolver"]
