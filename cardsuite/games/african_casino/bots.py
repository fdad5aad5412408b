"""African Casino bots: easy and medium heuristics, and the hard bot's hooks.

A turn is a series of steps, and the bots choose one step at a time from the legal ones,
reading only the view and the legal steps (never another hand):

- **easy** captures the most cards it can, and otherwise trails its lowest card; it never
  builds and ends its turn as soon as it may;
- **medium** weighs every step by what it wins or gives away in points and cards: a capture
  by the points it takes (aces, the 10♦, the 2♠, spades, and cards for "most cards"); a build
  or addition by what it gathers for a later capture (it must hold the capturing card, so the
  cards are as good as its own unless an opponent takes the build first); an opponent's pile
  top taken into its own build as a card won and one the opponent loses; a raise by the
  build it takes over; a trail by what it offers the next player (a low, plain card costs
  little). Free steps are taken while they gain something; it protects its builds by
  preferring steps that keep them (the rules already forbid abandoning one).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import islice
from typing import TYPE_CHECKING, Any

from ...bots.ismcts import SearchHooks
from ...cards import ACE, Card, standard_pack
from ...engine import Action, State
from ...hints import Hint
from .actions import END, Add, Build, Capture, Raise, Trail, Word, set_value
from .kernel import _SIDES, CasinoKernel
from .rules import CasinoState


def card_points(card: Card) -> float:
    """What a card is worth to its capturer, on average, towards SCORE-1: a card for "most
    cards", a spade for "most spades", and the point cards."""
    p = 0.12
    if card.suit == "S":
        p += 0.2
    if card.rank == ACE:
        p += 1.0
    if card.code == "2S":
        p += 1.0
    if card.code == "10D":
        p += 2.0
    return p


def _codes(cards: Sequence[str]) -> list[Card]:
    return [Card.parse(c) for c in cards]


def _tops(view: dict[str, Any], seats: Sequence[int]) -> list[Card]:
    out = []
    for s in seats:
        top = view["piles"][view["pile_of"][s]]["top"]
        if top:
            out.append(Card.parse(top))
    return out


def score_step(view: dict[str, Any], act: Action) -> float:
    """The medium bot's value of one step (see the module docstring)."""
    seat = view["seat"]
    builds = {b["value"]: b for b in view["builds"]}
    if isinstance(act, Capture):
        taken = [*act.loose, act.card]
        if act.build:
            taken += _codes([c for u in builds[act.value]["units"] for c in u])
        gain = sum(card_points(c) for c in taken) + 0.3
        gain += sum(card_points(c) for c in _tops(view, sorted(act.tops))) * 2
        if not view["loose"] or len(act.loose) == len(view["loose"]):
            gain += 0.2  # nothing left for the next player to take
        return gain
    if isinstance(act, Build):
        cards = list(act.loose) + ([act.hand] if act.hand else [])
        return 0.55 * sum(card_points(c) for c in cards) - (0.2 if act.hand else 0.05)
    if isinstance(act, Add):
        gain = 0.0
        for u in act.units:
            gain += 0.6 * sum(card_points(c) for c in u.loose)
            gain += 0.6 * (card_points(u.hand) if u.hand else 0.0)
            gain += 1.6 * sum(card_points(c) for c in _tops(view, u.tops))
        if act.base is not None:
            gain += 0.6 * card_points(act.base)
        b = builds.get(act.value)
        if b is not None and b["owner"] != seat and view["players"] != 4:
            gain += 0.2  # an opponent's build, captured this turn
        return gain - (0.15 if act.hand else 0.02)
    if isinstance(act, Raise):
        cards = _codes([c for u in builds[act.value]["units"] for c in u])
        return 0.45 * sum(card_points(c) for c in cards) - 0.1
    if isinstance(act, Trail):
        c = act.card
        cost = card_points(c) * 1.5 + 0.05 * (14 - set_value(c)) / 14
        return -cost - 0.4
    return 0.0  # end, and the answers


def medium_choice(view: dict[str, Any], legal: Sequence[Action]) -> Action:
    if len(legal) == 1:
        return legal[0]
    words = [a for a in legal if isinstance(a, Word)]
    if view["phase"] == "hold":  # hold when it keeps the build on the side
        hold = next((a for a in words if a.word == "hold"), None)
        return hold if hold is not None else legal[0]
    if view["phase"] == "insist":  # insist: the mover is made to give up more
        return next(a for a in words if a.word == "insist")
    best = max(legal, key=lambda a: score_step(view, a))
    if view["played"] and END in legal and score_step(view, best) <= 0.0:
        return END
    return best


class MediumBot:
    level = "medium"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        return medium_choice(state.view(seat), state.legal_actions(seat))

    def hint(self, state: State, seat: int) -> Hint:
        """``choose``'s step and what made it the best (``reasons``)."""
        from .reasons import medium_hint

        return medium_hint(state.view(seat), state.legal_actions(seat))


class EasyBot:
    """A beginner: the biggest capture it sees, else its lowest card trailed."""

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if END in legal:
            return END
        caps = [a for a in legal if isinstance(a, Capture)]
        if caps:
            return max(caps, key=lambda a: len(a.loose) + (3 if a.build else 0))
        trails = [a for a in legal if isinstance(a, Trail)]
        if trails:
            return min(trails, key=lambda a: (set_value(a.card), a.card.ordinal))
        plays = [a for a in legal if not isinstance(a, Word)]
        return (plays or list(legal))[0]


BOTS = {"easy": EasyBot, "medium": MediumBot}


#: ``card_points`` of every card, read by the card itself: a play-out scores a step's cards
#: thousands of times a search, and the reward every pile's.
POINTS: dict[Card, float] = {c: card_points(c) for c in standard_pack()}
#: ``score_step`` of trailing each card (it reads nothing but the card).
_TRAILS: dict[Card, float] = {
    c: -(card_points(c) * 1.5 + 0.05 * (14 - set_value(c)) / 14) - 0.4 for c in standard_pack()
}


def rollout_action(st: State, rng: random.Random) -> Action:
    """The medium step for the seat to move of a sampled state, read from the state itself
    (``_medium_step``); the prompts' replies through ``medium_choice``, which for a hold
    request or an insist question reads the phase alone (a view of that one key: a
    partner's hold answers about one capture in seven of a four-player play-out)."""
    if type(st) is CasinoKernel:  # (a turn's start: its captures may settle it)
        caps = st.play_captures()
        if caps:
            best, score = _best_capture(st, caps)
            if _settled(st, score):
                return best
            # (the listing starts from these captures: only the steps after them scored)
            return _medium_step(st, st.legal_actions(), len(caps), best, score)
    legal = st.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if TYPE_CHECKING:  # (see ``search_horizon``)
        assert isinstance(st, CasinoState)
    phase = st.phase
    if phase != "play":  # (the prompts: ``hold`` or ``insist``, all ``medium_choice`` reads)
        return medium_choice({"phase": phase}, legal)
    return _medium_step(st, legal)


#: A margin for the sums below, summed in another order than the scores they bound.
_ROUNDING = 1e-9


def _capture_pick(st: CasinoKernel) -> Action | None:
    """``_medium_step``'s pick at the start of a turn when its captures settle it, read
    from them alone (``CasinoKernel.play_captures``: the listing's first steps, in its
    order) without listing the rest; None when they do not (the listing then starts from
    them). ``rollout_action`` does the same in line."""
    caps = st.play_captures()
    if not caps:
        return None
    best, score = _best_capture(st, caps)
    return best if _settled(st, score) else None


def _best_capture(st: CasinoKernel, caps: list[Action]) -> tuple[Action, float]:
    """The first of ``caps`` (captures) with the highest ``score_step``, and that score."""
    loose_n = len(st.loose)
    best = caps[0]
    best_score = -math.inf
    for a in caps:
        score = _capture_score(st, a, loose_n)  # type: ignore[arg-type]  # (a Capture)
        if score > best_score:
            best, best_score = a, score
    return best, best_score


def _settled(st: CasinoKernel, best_score: float) -> bool:
    """No step listed after the captures can score more than ``best_score`` at the start
    of a turn, so the best capture is ``_medium_step``'s pick: the captures come first in
    the listing, and it keeps the first step of the highest score. What any other step
    scores is bounded by the cards it could gather (all of positive worth): a build or an
    addition at most every loose card, the best hand card and every usable pile top
    (``score_step``: 0.55 or 0.6 of the cards, 1.6 of the tops, at most 0.2 more for an
    opponent's build, less its cost; the tops only where a unit could hold one,
    ``CasinoKernel.tops_may_join``), a raise its build's cards (0.45), a trail always
    below nothing; ``end`` is not listed before the play. In a four-player search two
    capture turns in three are settled so (a third of the play-outs' turns), and their
    builds, raises, additions, trails and free steps are never made."""
    points = POINTS
    seat = st.turn
    assert seat is not None  # (``play_captures`` answered: a mover's turn)
    cards = 0.0
    for c in st.loose:
        cards += points[c]
    high = 0.0
    for c in st.hands[seat]:
        p = points[c]
        if p > high:
            high = p
    bound = 0.6 * (cards + high) + 0.2 + _ROUNDING
    if bound > best_score:
        return False
    tops = 0.0
    for c, _ in st.usable_tops(seat):
        tops += points[c]
    if bound + 1.6 * tops > best_score and st.tops_may_join():
        return False
    for b in st.builds.values():
        worth = 0.0
        for u in b.units:
            for c in u:
                worth += points[c]
        if 0.45 * worth + _ROUNDING > best_score:
            return False
    return True


def _medium_step(
    st: CasinoState,
    legal: Sequence[Action],
    start: int = 0,
    best: Action | None = None,
    best_score: float = -math.inf,
) -> Action:
    """``medium_choice`` in the play phase, scoring each step as ``score_step`` does, to the
    last bit (the same sums in the same order), from the state's fields and ``POINTS``
    instead of a view and parsed codes: 35-64% of a search was the view-based scoring.
    ``test_casino_play_out_step_is_the_medium_step`` holds it to the medium bot's step, and
    ``test_casino_play_out_scores_are_the_medium_scores`` each score to ``score_step``'s.
    ``start``, ``best``, ``best_score``: the steps before ``start`` are scored already,
    ``best`` the first of the highest score among them (``rollout_action``: the captures
    the listing starts from)."""
    trails = _TRAILS
    loose_n = len(st.loose)
    if best is None:
        best = legal[0]
    for a in islice(legal, start, None) if start else legal:
        t = type(a)
        if t is Trail:
            score = trails[a.card]  # type: ignore[attr-defined]  # (a Trail, by its type)
        elif t is Capture:
            score = _capture_score(st, a, loose_n)  # type: ignore[arg-type]  # (by its type)
        elif t is Word:
            score = 0.0
        else:
            score = _other_score(st, a)
        if score > best_score:
            best, best_score = a, score
    if st.played is not None and best_score <= 0.0 and END in legal:
        return END
    return best


def _capture_score(st: CasinoState, act: Capture, loose_n: int) -> float:
    """``score_step`` of a capture, from the state (``loose_n``: the loose cards)."""
    points = POINTS
    taken = act.loose
    score = 0.0
    for c in taken:
        score += points[c]
    score += points[act.card]
    if act.build:
        for u in st.builds[act.value].units:
            for c in u:
                score += points[c]
    score += 0.3
    if act.tops:
        score += _tops_worth(st, sorted(act.tops)) * 2
    if not loose_n or len(taken) == loose_n:
        score += 0.2  # nothing left for the next player to take
    return score


def _tops_worth(st: CasinoState, seats: Sequence[int]) -> float:
    """The ``POINTS`` of the pile tops of ``seats``, summed in their order (``_tops``)."""
    piles = st.piles
    pile_of = st.pile_of
    worth = 0.0
    for s in seats:
        pile = piles[pile_of[s]]
        if pile:
            worth += POINTS[pile[-1]]
    return worth


def _other_score(st: CasinoState, act: Action) -> float:
    """``score_step`` of a build, an addition or a raise, from the state."""
    points = POINTS
    if isinstance(act, Build):
        worth = 0.0
        for c in act.loose:
            worth += points[c]
        if act.hand:
            worth += points[act.hand]
        return 0.55 * worth - (0.2 if act.hand else 0.05)
    if isinstance(act, Add):
        return _add_score(st, act)
    if isinstance(act, Raise):
        worth = 0.0
        for u in st.builds[act.value].units:
            for c in u:
                worth += points[c]
        return 0.45 * worth - 0.1
    return 0.0


def _add_score(st: CasinoState, act: Add) -> float:
    """``score_step`` of an addition, from the state."""
    points = POINTS
    gain = 0.0
    for u in act.units:
        worth = 0.0
        for c in u.loose:
            worth += points[c]
        gain += 0.6 * worth
        gain += 0.6 * (points[u.hand] if u.hand else 0.0)
        gain += 1.6 * _tops_worth(st, u.tops)
    if act.base is not None:
        gain += 0.6 * points[act.base]
    b = st.builds.get(act.value)
    if b is not None and b.owner != st.turn and st.n != 4:
        gain += 0.2  # an opponent's build, captured this turn
    return gain - (0.15 if act.hand else 0.02)


#: Turns a search play-out looks ahead before it judges the position (a whole deal of steps
#: costs too much to play out often enough).
LOOKAHEAD_ROUNDS = 2


def search_horizon(root: State, st: State) -> bool:
    # (The states are Casino's by the hooks' use: an ``isinstance`` against ``State``, an
    # abstract class, runs its Python-level ``__instancecheck__``, twice a play-out step,
    # a per cent of a four-player search; so the test is for the type checker only.)
    if TYPE_CHECKING:
        assert isinstance(root, CasinoState) and isinstance(st, CasinoState)
    if st.phase == "over" or st.deal_no != root.deal_no:
        return True
    return st.turns_done >= root.turns_done + LOOKAHEAD_ROUNDS * st.n


def search_reward(root: State, st: State) -> list[float]:
    """Each seat's side's share of what is won so far: at the end of the deal its points;
    before, the worth of its piles and of the builds it owns (``card_points``)."""
    if TYPE_CHECKING:  # (see ``search_horizon``)
        assert isinstance(root, CasinoState) and isinstance(st, CasinoState)
    if st.phase == "over" or st.deal_no != root.deal_no:
        return st.game.search_reward(root, st)
    worth = [0.0] * st.sides
    points = POINTS.__getitem__  # (``card_points``, summed in the same order)
    sides = _SIDES[st.n]  # (``st.side`` of each seat, a table: no call a pile)
    index = st.pile_of.index
    for p, pile in enumerate(st.piles):
        worth[sides[index(p)]] += sum(map(points, pile))
    for b in st.builds.values():
        worth[sides[b.owner]] += 0.7 * sum(map(points, b.cards()))
    total = sum(worth) or 1.0
    return [worth[side] / total for side in sides]


def search_hooks() -> SearchHooks:
    return SearchHooks(rollout=rollout_action, horizon=search_horizon, reward=search_reward)


__all__ = ["BOTS", "EasyBot", "MediumBot", "medium_choice", "rollout_action", "search_hooks"]
