"""Twenty-Two's own exact endgame solver (issue 36, item 2): the reference ``Solver``'s
values, value for value, at a fraction of its cost.

The reference (``bots/endgame.py``) works through the engine contract: a copied state, a
listing of ``Play`` objects and an ``apply`` per position. Here a position is a few ints
and tuples, and a move is one subtraction:

- every hand is a *count mask*: four bits a rank (ranks 2..15, the joker 15; two packs
  hold at most eight of a rank, four jokers), and all the hands are one int, 64 bits a
  seat, so a play is ``hands - (play << 64 * seat)``; suits never matter (T22-PLAY,
  SCORE-3), as the reference's table key already says;
- a trick is its leader, its lead's and its best play's effective ranks (T26-3/4) and the
  best play's seat: all the rest of the hand reads (T22-PLAY-5/8);
- the moves of a hand shape in a trick are listed once and kept (``_MOVES``): the plays
  the kernel lists (its own ``_lead_sets`` and ``_follow_sets``, called on a stand-in for
  the trick, so the rules are not written again), each with its count mask, its effective
  ranks and whether it takes the trick over (T22-PLAY-5, T22-EQUAL-2);
- the showdown's reward is the game's own (``search_horizon``/``search_reward`` on a copy
  of the sample with the last cards put in the hands and ``_showdown`` run), once per set
  of losers and losing rank.

The search is the reference's max^n: each seat takes the child best for itself, ties to
the move listed first, or with ``paranoid_ties`` to the one worst for the decider (the
moves come in ``legal_actions``' order, which the kernel's listing is). The table is keyed
by the position as above, coarser than ``endgame_key`` (the plays of a trick reduce to its
best), which is sound: the value of a position is a function of exactly those fields.
Two cut-offs that cannot change the answer stop a seat's search early: the decider at
the best reward there is (1, the hand not lost: later moves can only tie, and ties keep
the first), and another seat at 1 for itself and (paranoid) the decider at the least it
can still get (``_floor``: losing with its highest card), where no later move is
preferred either.

``tests/bots/test_t22_solve.py`` holds the values equal to ``Solver``'s on random
endgames of every variant and size; ``scripts/t22_solver_speed.py`` measures both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from ...bots.endgame import CHECK_EVERY, Endgame, OutOfTime, turn_copy
from ...cards import JOKER, JOKER_RANK, Card
from ...engine import Action, State
from .kernel import TwentyTwoKernel
from .rules import TwentyTwoState
from .sets import effective, is_matched

#: Bits a seat's hand takes in the int of all hands (14 ranks of 4 bits: 56).
SEAT_BITS = 64
_SEAT_MASK = (1 << SEAT_BITS) - 1
#: A card of each rank, to hand the kernel's listings and the showdown.
_CARD = {**{r: Card(r, "S") for r in range(2, 15)}, JOKER_RANK: JOKER}

#: A trick's size as the ``lead`` a position keeps when the lead's ranks do not matter.
_SIZE = tuple((k,) for k in range(32))

#: A move: (count mask, effective ranks, takes the trick over). Leads always take it.
Move = tuple[int, tuple[int, ...], bool]


def count_mask(ranks: Sequence[int]) -> int:
    """Ranks (2..15, repeats allowed) as a count mask: four bits a rank."""
    mask = 0
    for r in ranks:
        mask += 1 << 4 * (r - 2)
    return mask


def mask_ranks(mask: int) -> list[int]:
    """A count mask's ranks, low to high (a hand's order)."""
    out: list[int] = []
    r = 2
    while mask:
        out += [r] * (mask & 15)
        mask >>= 4
        r += 1
    return out


class _TrickView:
    """What the kernel's follow listing (``TwentyTwoKernel._follow_sets``) reads of a
    state: the trick's size (by its lead), the lead's and best play's effective ranks and
    whether followers must beat the leader."""

    __slots__ = ("beat_leader", "trick", "trick_best_eff", "trick_lead_eff")

    def __init__(self, beat_leader: bool, lead: tuple[int, ...], best: tuple[int, ...]) -> None:
        self.beat_leader = beat_leader
        self.trick = [(0, lead)]
        self.trick_lead_eff = list(lead)
        self.trick_best_eff = list(best)


#: Moves by (rules flags, hand mask, lead, best); kept across decisions (a few thousand
#: shapes), emptied when it grows past ``_MOVES_LIMIT``.
_MOVES: dict[tuple[Any, ...], list[Move]] = {}
_MOVES_LIMIT = 200_000


def moves(
    hand: int, lead: tuple[int, ...], best: tuple[int, ...], beat_leader: bool, equal_sets: bool
) -> list[Move]:
    """The moves of a hand (a count mask) in ``legal_actions``' order: leads when ``lead``
    is empty (T22-PLAY-2, T26-3/4), else follows to a trick led ``lead`` whose best play is
    ``best`` (T22-PLAY-3..6, T22-LEADER-1, T26-5), each with its count mask, effective
    ranks and whether it takes the trick over (a lead does)."""
    key = (beat_leader, equal_sets, hand, lead, best)
    got = _MOVES.get(key)
    if got is not None:
        return got
    cards = [_CARD[r] for r in mask_ranks(hand)]
    out: list[Move] = []
    if not lead:
        for ranks in TwentyTwoKernel._lead_sets(cast(TwentyTwoKernel, None), cards):
            out.append((count_mask(ranks), tuple(effective(ranks)), True))
    else:
        view = cast(TwentyTwoKernel, _TrickView(beat_leader, lead, best))
        for ranks in TwentyTwoKernel._follow_sets(view, cards):
            eff = effective(ranks)
            takes = all(a >= b for a, b in zip(eff, best, strict=True))  # T22-PLAY-4/5
            if equal_sets and len(eff) > 1 and not is_matched(eff):  # T22-EQUAL-2
                takes = False
            out.append((count_mask(ranks), tuple(eff), takes))
    if len(_MOVES) >= _MOVES_LIMIT:
        _MOVES.clear()
    _MOVES[key] = out
    return out


class T22Solver:
    """Solves sampled Twenty-Two endgames of one decision exactly, as ``endgame.Solver``
    does (same values), on the position as ints. Built by ``endgame.make_solver`` through
    ``Endgame.solver``; ``values``, ``value`` and ``nodes`` as the reference's."""

    def __init__(
        self, root: State, me: int, spec: Endgame, stop: Callable[[], bool] | None = None
    ) -> None:
        assert isinstance(root, TwentyTwoState)
        self.root = root
        self.me = me
        self.spec = spec
        self.stop = stop
        self.game = root.game
        self.paranoid = spec.paranoid_ties
        self.beat_leader = root.beat_leader
        self.equal_sets = root.equal_sets
        self.nodes = 0
        self.live = tuple(s for s in range(root.n) if root.active[s])
        self.nxt = tuple(root._next_active(s) for s in range(root.n))
        #: position -> every seat's reward under max^n
        self.table: dict[tuple[Any, ...], tuple[float, ...]] = {}
        #: the last cards (all hands as one int) -> rewards; (losers, rank) -> rewards
        self.ends: dict[int, tuple[float, ...]] = {}
        self.outcomes: dict[tuple[tuple[int, ...], int], tuple[float, ...]] = {}
        #: the decider's highest rank -> its least reward (``_floor``)
        self.floors: dict[int, float] = {}
        self.sample: TwentyTwoState = root

    # --- the contract's answers -----------------------------------------------------------

    def values(self, sample: State, actions: Sequence[Action]) -> dict[object, float]:
        """Each of ``actions`` (the decider's, legal in ``sample``) by key: its exact value
        for the decider in ``sample``. Raises ``OutOfTime`` when stopped."""
        pos = self._position(sample)
        hands, mover, leader, size, lead, best, bseat = pos
        by_mask = {
            m[0]: m for m in self._moves(hands >> SEAT_BITS * mover & _SEAT_MASK, lead, best)
        }
        me = self.me
        out: dict[object, float] = {}
        for a in actions:
            play = by_mask[count_mask([c.rank for c in a.cards])]  # type: ignore[attr-defined]
            out[a.key] = self._child(hands, mover, leader, size, lead, best, bseat, play)[me]
        return out

    def value(self, st: State) -> float:
        """The decider's exact value of the position ``st`` (any seat to move), every seat
        playing best from there. Raises ``OutOfTime`` when stopped."""
        if st.to_move() is None or self.game.search_horizon(self.root, st):
            return self.game.search_reward(self.root, st)[self.me]
        return self._node(*self._position(st))[self.me]

    # --- the position as ints ---------------------------------------------------------------

    def _position(
        self, sample: State
    ) -> tuple[int, int, int, int, tuple[int, ...], tuple[int, ...], int]:
        """``sample`` (in a hand's play, a seat to move) as (hands, mover, leader, hand
        size at the trick's start, lead, best, best's seat); also the sample the showdowns
        are played on."""
        assert isinstance(sample, TwentyTwoState) and sample.phase == "play"
        mover = sample.turn
        assert mover is not None
        self.sample = sample
        hands = 0
        for s in self.live:
            hands |= count_mask([c.rank for c in sample.hands[s]]) << SEAT_BITS * s
        size = len(sample.hands[mover])  # (the mover has not played to this trick yet)
        if not sample.trick:
            return hands, mover, mover, size, (), (), mover
        best = tuple(sample.trick_best_eff)
        lead = tuple(sample.trick_lead_eff) if self.beat_leader else _SIZE[len(best)]
        bseat = sample.trick[sample.trick_best][0]
        return hands, mover, sample.trick_leader, size, lead, best, bseat

    def _moves(self, hand: int, lead: tuple[int, ...], best: tuple[int, ...]) -> list[Move]:
        """``moves`` for a position as ``_position`` gives it (the root's; ``_node`` looks
        its own up inline)."""
        if not self.beat_leader and lead:  # (the lead's ranks do not matter: see _position)
            lead = best
        return moves(hand, lead, best, self.beat_leader, self.equal_sets)

    # --- the search -------------------------------------------------------------------------

    def _node(
        self,
        hands: int,
        mover: int,
        leader: int,
        size: int,
        lead: tuple[int, ...],
        best: tuple[int, ...],
        bseat: int,
    ) -> tuple[float, ...]:
        """Every seat's reward under max^n from this position (``mover`` to play; ``lead``
        empty: it leads). ``lead`` is the lead's effective ranks under beat the leader, else
        only its size (then nothing else reads it). The children (``_child`` says what
        they are) are worked out inline: a call less a move."""
        key = (hands, mover, leader, lead, best, bseat)
        table = self.table
        hit = table.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.stop is not None and self.nodes % CHECK_EVERY == 0 and self.stop():
            raise OutOfTime
        me = self.me
        paranoid = self.paranoid
        node = self._node
        shift = SEAT_BITS * mover
        hand = hands >> shift & _SEAT_MASK
        nxt = self.nxt[mover]
        beat_leader = self.beat_leader
        target = lead if beat_leader or not lead else best
        plays = _MOVES.get((beat_leader, self.equal_sets, hand, target, best))
        if plays is None:
            plays = moves(hand, target, best, beat_leader, self.equal_sets)
        closes = nxt == leader  # the mover is the trick's last
        rest = size - len(best)
        ends = self.ends
        me_at = SEAT_BITS * me
        result: tuple[float, ...] | None = None
        for mask, eff, takes in plays:
            child = hands - (mask << shift)
            if not lead:  # a lead: the next seat follows it (T22-PLAY-3)
                v = node(
                    child, nxt, mover, size, eff if beat_leader else _SIZE[len(eff)], eff, mover
                )
            elif not closes:
                if takes:
                    v = node(child, nxt, leader, size, lead, eff, mover)
                else:
                    v = node(child, nxt, leader, size, lead, best, bseat)
            elif rest <= 1:  # the last trick: the showdown (T22-PLAY-9)
                got = ends.get(child)
                v = got if got is not None else self._showdown(child)
            else:  # the trick's winner leads the next (T22-PLAY-8)
                w = mover if takes else bseat
                v = node(child, w, w, rest, (), (), w)
            if (
                result is None
                or v[mover] > result[mover]
                or (paranoid and v[mover] == result[mover] and v[me] < result[me])
            ):
                result = v
            else:
                continue
            # nothing later is preferred: the best there is for the mover, and (paranoid,
            # another seat) the least the decider can still get
            if result[mover] == 1.0 and (
                mover == me
                or not paranoid
                or result[me] <= self._floor(hands >> me_at & _SEAT_MASK)
            ):
                break
        assert result is not None
        table[key] = result
        return result

    def _child(
        self,
        hands: int,
        mover: int,
        leader: int,
        size: int,
        lead: tuple[int, ...],
        best: tuple[int, ...],
        bseat: int,
        play: Move,
    ) -> tuple[float, ...]:
        """The rewards after ``mover`` plays ``play``: the next seat's turn, the next trick
        led by its winner (T22-PLAY-8), or the showdown at one card each (T22-PLAY-9).
        (The root's moves; ``_node`` works its children out the same way, inline.)"""
        mask, eff, takes = play
        hands -= mask << SEAT_BITS * mover
        nxt = self.nxt[mover]
        if not lead:  # a lead: the next seat follows it (T22-PLAY-3)
            return self._node(
                hands, nxt, mover, size, eff if self.beat_leader else _SIZE[len(eff)], eff, mover
            )
        if takes:
            best, bseat = eff, mover
        if nxt != leader:
            return self._node(hands, nxt, leader, size, lead, best, bseat)
        size -= len(eff)
        if size <= 1:
            return self._showdown(hands)
        return self._node(hands, bseat, bseat, size, (), (), bseat)

    # --- the showdown -----------------------------------------------------------------------

    def _showdown(self, hands: int) -> tuple[float, ...]:
        """Every seat's reward once the last cards ``hands`` are shown: the game's own
        (T22-SCORE-1..3, ELIM-1, END-1/2), worked out once per losers and losing rank."""
        got = self.ends.get(hands)
        if got is not None:
            return got
        # one card each: its rank is read off the bit its count sits at
        last = {
            s: ((hands >> SEAT_BITS * s & _SEAT_MASK).bit_length() - 1 >> 2) + 2 for s in self.live
        }
        top = max(last.values())
        losers = tuple(s for s in self.live if last[s] == top)
        got = self._outcome(losers, top, last)
        self.ends[hands] = got
        return got

    def _outcome(
        self, losers: tuple[int, ...], rank: int, last: dict[int, int]
    ) -> tuple[float, ...]:
        """The rewards when ``losers`` lose the showdown with ``rank`` (the last cards
        ``last`` by seat): the game's ``search_reward`` after its ``_showdown`` on a copy of
        the sample holding those cards."""
        got = self.outcomes.get((losers, rank))
        if got is not None:
            return got
        st = cast(TwentyTwoState, turn_copy(self.sample))
        st._search_copy = True  # (the showdown ends the copy's play: no next deal)
        st.trick = []
        for s in self.live:
            st.hands[s] = [_CARD[last[s]]]
        st._showdown()
        assert self.game.search_horizon(self.root, st)
        got = tuple(self.game.search_reward(self.root, st))
        self.outcomes[(losers, rank)] = got
        return got

    def _floor(self, hand: int) -> float:
        """The least reward the decider can get from here on, holding ``hand`` (a count
        mask): losing the showdown with its highest card, alone (a loss costs more the
        higher the card, T22-DECK-2 and ``search_reward``; sharing it costs the same, and
        knocks the decider out only if losing alone does). A bound only: the search cuts
        off where a seat safe itself holds the decider to it."""
        top = ((hand.bit_length() - 1) >> 2) + 2
        got = self.floors.get(top)
        if got is None:
            low = min(_CARD)
            if top == low:  # (no card below it: every seat would share the loss)
                got = 0.0
            else:
                last = {s: (top if s == self.me else low) for s in self.live}
                got = self._outcome((self.me,), top, last)[self.me]
            self.floors[top] = got
        return got


def t22_solver(root: State, me: int, spec: Endgame, stop: Callable[[], bool] | None = None) -> Any:
    """``Endgame.solver`` for Twenty-Two (``make_solver`` builds it for each decision)."""
    return T22Solver(root, me, spec, stop)


__all__ = ["SEAT_BITS", "T22Solver", "count_mask", "mask_ranks", "moves", "t22_solver"]
