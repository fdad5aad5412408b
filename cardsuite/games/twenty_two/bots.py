"""Twenty-Two bots: easy and medium heuristics, and the hooks the hard (ISMCTS) level uses.

The aim of a hand is a low last card (spec §7, "Bot hints"). What a decent player does:
- exchange the high cards, keeping low ones;
- lead high, and high pairs together: followers who cannot cover must throw their lowest
  cards, which is exactly what they wanted to keep; jokers (13 points at the showdown) go
  along with the lead;
- as a follower, cover with the highest cards that cover, shedding them, rather than give up
  low cards; only play the lowest cards when nothing covers.

Both heuristics read a ``Situation``: the seat's own hand plus public facts. Real play builds
it from ``state.view(seat)``; search play-outs build it straight from a sampled state (which is
all public or sampled already), because play-outs run hundreds of thousands of moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...bots.endgame import Endgame, turn_copy
from ...bots.ismcts import SearchHooks
from ...cards import JOKER_RANK, Card
from ...engine import Action, State
from ...hints import Hint
from .actions import SINGLE
from .rules import Exchange, Play, TwentyTwoState
from .sets import best_set, covers, effective
from .solve import t22_solver


class Situation:
    """The seat's own hand (low to high) and the public facts the heuristics use."""

    __slots__ = ("beat_leader", "hand", "phase", "stock", "trick_count")

    def __init__(
        self, hand: list[Card], phase: str, stock: int, trick_count: int, beat_leader: bool
    ) -> None:
        self.hand = hand
        self.phase = phase
        self.stock = stock
        self.trick_count = trick_count  # cards per play in the current trick; 0 to lead
        self.beat_leader = beat_leader

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Situation:
        hand = sorted((Card.parse(c) for c in view["hand"]), key=lambda c: c.ordinal)
        opts = view["options"]
        return cls(
            hand,
            view["phase"],
            view["stock"],
            view["trick"]["count"] or 0,
            bool(opts["beat_leader"] or opts["equal_sets"]),
        )

    @classmethod
    def from_state(cls, st: TwentyTwoState, seat: int) -> Situation:
        return cls(
            st.hands[seat],
            st.phase,
            len(st.stock),
            len(st.trick[0][1]) if st.trick else 0,
            st.beat_leader,
        )


def _pick(legal: Sequence[Action], ranks: tuple[int, ...]) -> Action:
    """The legal action with this rank multiset (they are listed once each)."""
    for a in legal:
        if a.ranks == ranks:  # type: ignore[attr-defined]  # (every action here has cards)
            return a
    raise LookupError(ranks)


# --- medium ------------------------------------------------------------------------------

#: Cards of this rank or higher are exchanged by the medium bot.
MEDIUM_DISCARD_FROM = 10


def medium_exchange(sit: Situation) -> Exchange:
    """Discard high cards (highest first), as many as the stock allows."""
    hand = sit.hand
    high = [c for c in reversed(hand) if c.rank >= MEDIUM_DISCARD_FROM]
    return Exchange(tuple(high[: sit.stock]))


def medium_lead(sit: Situation) -> tuple[int, ...]:
    """Lead the highest rank, every copy, with the jokers; always keep one card."""
    hand = sit.hand
    room = len(hand) - 1
    ranks = [c.rank for c in hand]
    jokers = ranks.count(JOKER_RANK)
    plain = [r for r in ranks if r != JOKER_RANK]
    if not plain:
        return (JOKER_RANK,) * room
    top = plain[-1]
    k = min(plain.count(top), room)
    j = min(jokers, room - k)
    return (JOKER_RANK,) * j + (top,) * k


def medium_follow(sit: Situation, target: Sequence[int]) -> tuple[int, ...] | None:
    """The highest covering set, or None (then the lowest cards are forced)."""
    n = sit.trick_count
    desc = [c.rank for c in reversed(sit.hand)]
    top = best_set(desc, n)
    if covers(effective(list(top)), target):
        return tuple(sorted(top, reverse=True))
    return None


class MediumBot:
    level = "medium"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        return medium_choice(Situation.from_view(view), legal, _target_from_view(view))

    def hint(self, state: State, seat: int) -> Hint:
        """``choose``'s action and the rule of thumb that chose it (``reasons``)."""
        from .reasons import medium_hint

        view = state.view(seat)
        legal = state.legal_actions(seat)
        return medium_hint(Situation.from_view(view), legal, _target_from_view(view))


def _target_from_view(view: dict[str, Any]) -> list[int]:
    trick = view["trick"]
    if not trick["plays"]:
        return []
    opts = view["options"]
    plays = {s: cs for s, cs in trick["plays"]}
    ref = (
        trick["plays"][0][1] if opts["beat_leader"] or opts["equal_sets"] else plays[trick["best"]]
    )
    return effective([Card.parse(c).rank for c in ref])


def medium_choice(sit: Situation, legal: Sequence[Action], target: Sequence[int]) -> Action:
    if sit.phase == "exchange":
        return medium_exchange(sit)
    if not sit.trick_count:
        return _pick(legal, medium_lead(sit))
    ranks = medium_follow(sit, target)
    if ranks is not None:
        try:
            return _pick(legal, ranks)
        except LookupError:
            pass
    # nothing covers (or covering is not offered): the lowest cards, the last legal entry
    return min(legal, key=lambda a: a.ranks)  # type: ignore[attr-defined]  # (plays, all)


# --- easy --------------------------------------------------------------------------------


class EasyBot:
    """Plausible but careless: swaps only aces and kings, leads a random single card, and
    covers with any covering set rather than the best one."""

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        sit = Situation.from_view(view)
        rng = self.rng
        if sit.phase == "exchange":
            high = [c for c in reversed(sit.hand) if c.rank >= 13]
            return Exchange(tuple(high[: sit.stock]))
        if not sit.trick_count:
            # (in play, every legal action is a Play: ``Action`` declares no cards)
            singles = [a for a in legal if len(a.cards) == 1]  # type: ignore[attr-defined]
            return rng.choice(singles or list(legal))
        lowest = min(legal, key=lambda a: a.ranks)  # type: ignore[attr-defined]  # (as above)
        if sit.trick_count == 1 and all(c.rank != JOKER_RANK for c in sit.hand):
            others = [a for a in legal if a is not lowest]
        else:
            # Kept as it always played (same seeds, same games): this bot told the lowest
            # apart by identity, which only ever worked for the constant one-card plays;
            # several-card follows were fresh objects on every read, so the lowest stayed
            # among the others, and it still does now that they are shared plays too.
            others = list(legal)
        return rng.choice(others) if others else lowest


BOTS = {"easy": EasyBot, "medium": MediumBot}


# --- hard: hooks for the shared ISMCTS ----------------------------------------------------


def rollout_action(st: State, rng: random.Random) -> Action:
    """The medium heuristic, read straight off a sampled state (fast path for play-outs).

    One-card plays from a hand without jokers (most of a play-out) are worked out here
    without listing the legal plays: the same choice ``medium_choice`` makes from the list
    (the highest rank, every copy, to lead; the highest card if it covers, else the lowest),
    named the way ``legal_actions`` names it (a rank's first cards in suit order)."""
    assert isinstance(st, TwentyTwoState)
    seat = st.turn
    assert seat is not None
    hand = st.hands[seat]
    if st.phase == "exchange":
        return medium_exchange(Situation.from_state(st, seat))
    trick = st.trick
    top = hand[-1]
    if top.rank != JOKER_RANK:
        if not trick:  # medium_lead: the top rank, every copy, keeping one card
            room = len(hand) - 1
            j = room
            r = top.rank
            while j and hand[j - 1].rank == r:
                j -= 1
            k = min(room + 1 - j, room)
            return SINGLE[hand[j]] if k == 1 else Play(tuple(hand[j : j + k]))
        if len(trick[0][1]) == 1:  # medium_follow: cover with the top card, or the lowest
            target = st.trick_lead_eff if st.beat_leader else st.trick_best_eff
            r = top.rank
            if r >= target[0]:
                j = len(hand) - 1
                while j and hand[j - 1].rank == r:
                    j -= 1
                return SINGLE[hand[j]]
            return SINGLE[hand[0]]
    legal = st.legal_actions()
    if len(legal) == 1:
        return legal[0]
    target = st.trick_lead_eff if st.beat_leader else st.trick_best_eff
    return medium_choice(Situation.from_state(st, seat), legal, target if trick else [])


def candidates(st: State) -> Sequence[Action]:
    """Exchanges: only "discard the k highest cards" for each k (the rest are dominated in
    practice, and there can be thousands); plays: every legal one."""
    assert isinstance(st, TwentyTwoState)
    if st.phase != "exchange":
        return st.legal_actions()
    seat = st.turn
    assert seat is not None
    hand = st.hands[seat]
    limit = min(len(hand), len(st.stock))
    high = list(reversed(hand))
    return [Exchange(tuple(high[:k])) for k in range(limit + 1)]


#: Exact endgames (``bots/endgame.py``) once at most this many cards are left in the
#: active hands (five each at four players, the last four tricks of a seven-card hand) and
#: at most ``ENDGAME_HAND`` in the deciding seat's; 0 switches them off. It was 12 while
#: the reference ``Solver`` solved them (16 took it 0.92 s of CPU a decision at 200
#: iterations, up to 38 s). The game's own solver (``solve.py``: the same values) is 25 to
#: 90 times faster from 12 to 16 cards (``scripts/t22_solver_speed.py``: 2.2 s -> 0.023 s
#: of CPU a solve at 16), and at four players the bot at its 0.8 s budget solves about 34 of its
#: 40 samples at 20 cards (16 at least), all 40 below. From 20 cards the hard bot gains
#: +2.42 +-1.43 penalty points a game against three medium over the shipped 12
#: (``scripts/ab_hard.py``, the ladder's 25 duplicate sets at 200 iterations, paired; its
#: regret at a decision with 17 to 20 cards left: 0.051 -> 0.020 (-0.031 +-0.054, 54
#: decisions), ``endgame_regret.py``);
#: from 16 it gained nothing measurable (+0.52 +-2.95 on 19 sets; regret 0.041 -> 0.038).
ENDGAME_CARDS = 20
#: ... and at most this many in the deciding seat's hand: two players' hands are deep
#: (eight each at 16 cards take the solver seconds a sample), so they keep the 12 cards
#: (six each) they were solved from.
ENDGAME_HAND = 6


def endgame_when(st: State, seat: int) -> bool:
    assert isinstance(st, TwentyTwoState)
    return (
        st.phase == "play"
        and len(st.hands[seat]) <= ENDGAME_HAND
        and sum(len(h) for h in st.hands) <= ENDGAME_CARDS
    )


def endgame_key(st: State) -> object:
    """Suits never matter (T22-PLAY, SCORE-3): the ranks in each hand, the trick's plays
    by rank, its best so far, who moves and the scores the hand started from."""
    assert isinstance(st, TwentyTwoState)
    return (
        st.turn,
        st.trick_best,
        tuple(tuple(c.rank for c in h) for h in st.hands),
        tuple((s, tuple(c.rank for c in cs)) for s, cs in st.trick),
        tuple(st.scores_list),
    )


def search_hooks() -> SearchHooks:
    """The pruned candidates and the medium play-outs; with the reading on
    (``rules.READING``), the deals weighed by the others' exchange sizes and plays
    (``inference``, the plays with ``inference.READ_PLAY``);
    the last tricks solved exactly (unless ``ENDGAME_CARDS`` is 0). No grouping of
    equivalent moves there: ``legal_actions`` already lists each multiset of ranks once
    (suits never matter), and neighbouring ranks are seldom equivalent here: a rank's point
    value is the penalty at the showdown, and sets of equal ranks (leads, equal covers)
    tell ranks apart that a trick game would not.

    No play-out noise (``SearchHooks.noise``): at 0.05 and 0.1 the same 100 late decisions
    (``scripts/endgame_regret.py``) came out with the very same regret as without, and on
    100 others (other deals) the noise of 0.1 did worse where play-outs decide (13 to 16
    cards left, 34 positions: 0.055 against 0.029). Medium's play-outs are what the others
    do when they are medium, which may be why their bias costs little here."""
    from . import rules

    endgame = None
    if ENDGAME_CARDS:
        endgame = Endgame(
            when=endgame_when,
            key=endgame_key,
            copy=turn_copy,
            # a seat that cannot lose the showdown any more is indifferent between its
            # plays (its reward is 1 either way): taking the first listed made the solve
            # optimistic about what such a seat leaves the decider; the worst for it
            # measured better (scripts/measure_endgame.py, the issue-36 report)
            paranoid_ties=True,
            # the same values as ``Solver`` from the position as ints (``solve.py``)
            solver=t22_solver,
        )
    if not rules.READING:
        return SearchHooks(candidates=candidates, rollout=rollout_action, endgame=endgame)
    from .inference import log_likelihood

    return SearchHooks(
        candidates=candidates,
        rollout=rollout_action,
        evidence=log_likelihood,  # type: ignore[arg-type]
        endgame=endgame,
    )


__all__ = ["BOTS", "EasyBot", "MediumBot", "Play", "search_hooks"]
