"""Manni bots: easy and medium heuristics for every decision, and the hard bot's hooks.

What a decent player does, per contract:
- **tricks wanted** (basic Manni, Grand, Spades, Other, Hornafjarðarmanni's Grand and
  Trumps): cash the masters (the highest card left of a suit), then lead low from a long
  side suit; win a trick as cheaply as possible, or duck with the lowest card; ruff when void
  if it wins, else throw the lowest card of the shortest side suit;
- **Nullo**: lead low; duck under the card winning the trick with the highest card that still
  loses; when a trick must be won anyway (last to play, nothing lower), win it with the
  highest card of the suit; when void, throw the most dangerous high card;
- **swap or keep** (basic): swap a hand weaker than the manni is on average;
- **the contract** (Trjámann): the one whose estimated result now beats what it is worth on
  average later by the most (``rules.CONTRACT_VALUE``), so a good Nullo hand is used for Nullo
  while Nullo is still owed;
- **discards**: the cards worth less than an unseen card is on average, weakest first (low
  side cards for trick-taking, high cards for Nullo).

Real play reads ``view(seat)``; search play-outs read the sampled state directly
(``Situation.from_state``), which holds only public and sampled facts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...bots.endgame import Endgame, adjacent_runs, turn_copy
from ...bots.ismcts import SearchHooks
from ...cards import ACE, Card
from ...engine import Action, State
from ...hints import Hint
from .actions import KEEP, NO_DISCARD, PLAY, SWAP, Contract, Discard, DiscardChoices
from .rules import CONTRACT_VALUE, CONTRACTS, MannState, rank_value
from .solve import MannSolver

#: A random hand of basic Manni has about this much trick strength (``strength``): a hand
#: below it is swapped for the manni.
SWAP_BELOW = 3.6


class Situation:
    """The seat's own hand and the public facts the heuristics read."""

    __slots__ = (
        "avoid",
        "contract",
        "gone",
        "hand",
        "low_aces",
        "owed",
        "phase",
        "seat",
        "sizes",
        "trick",
        "trump",
        "variant",
    )

    def __init__(
        self,
        seat: int,
        hand: list[Card],
        phase: str,
        variant: str,
        contract: str,
        trump: str | None,
        low_aces: bool,
        trick: list[tuple[int, Card]],
        gone: set[Card],
        sizes: Sequence[int] | None,
        owed: Sequence[str] | None,
    ) -> None:
        self.seat = seat
        self.hand = hand
        self.phase = phase
        self.variant = variant
        self.contract = contract
        self.trump = trump
        self.avoid = contract == "nullo"
        self.low_aces = low_aces
        self.trick = trick
        self.gone = gone  # cards out of play this hand that everyone saw: played and on the table
        self.sizes = sizes
        self.owed = owed

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Situation:
        parse = Card.parse
        trick = [(s, parse(cs[0])) for s, cs in view["trick"]["plays"]]
        gone = {parse(c) for c in view["played"]} | {c for _, c in trick}
        owed = view["owed"][view["seat"]] if view["owed"] else None
        return cls(
            view["seat"],
            [parse(c) for c in view["hand"]],
            view["phase"],
            view["variant"],
            view["contract"],
            view["trump"],
            view["low_aces"],
            trick,
            gone,
            view["exchange_sizes"],
            owed,
        )

    @classmethod
    def from_state(cls, st: MannState, seat: int) -> Situation:
        trick = st.trick
        gone = set(st.played)
        for _, c in trick:
            gone.add(c)
        sizes = st.exchange_sizes(seat) if st.phase == "exchange" else None
        return cls(
            seat,
            st.held(seat),
            st.phase,
            st.variant,
            st.contract,
            st.trump,
            st._low_aces,
            trick,
            gone,
            sizes,
            st.owed[seat],
        )

    def rv(self, c: Card) -> int:
        return 1 if self.low_aces and c.rank == ACE else c.rank


# --- estimates -----------------------------------------------------------------------------


def strength(hand: Sequence[Card], trump: str | None) -> float:
    """Roughly how many tricks ``hand`` takes with ``trump`` (None: no trumps), aces high."""
    by_suit: dict[str, list[int]] = {}
    for c in hand:
        by_suit.setdefault(c.suit, []).append(c.rank)
    total = 0.0
    for suit, ranks in by_suit.items():
        ranks.sort(reverse=True)
        n = len(ranks)
        for i, r in enumerate(ranks):
            # an honour needs as many guards below it as there are higher cards it lacks
            missing = sum(1 for h in range(r + 1, ACE + 1) if h not in ranks)
            if missing <= i and r >= 10:
                total += 1.0 if missing == 0 else 0.75 - 0.15 * missing
        if suit == trump:
            total += max(0, n - 3) * 0.8
        elif trump is None:
            total += max(0, n - 4) * 0.45
    return total


def nullo_danger(hand: Sequence[Card], low_aces: bool) -> float:
    """Roughly how many tricks ``hand`` cannot help taking in Nullo."""
    by_suit: dict[str, list[int]] = {}
    for c in hand:
        by_suit.setdefault(c.suit, []).append(1 if low_aces and c.rank == ACE else c.rank)
    total = 0.0
    for ranks in by_suit.values():
        ranks.sort()
        low = 0
        for r in ranks:
            if r <= 6:
                low += 1
            elif r >= 11:
                # a high card without low cards beside it is caught when the suit runs out
                total += max(0.0, (r - 9) / 5 - 0.3 * low)
    return total


#: How the raw estimates below relate to what medium play then makes of a contract, per
#: contract: (mean raw estimate, mean result, slope of the result on the estimate), measured
#: over 1,500 random Trjámann deals by ``scripts/measure_manni_contracts.py --calibrate``.
CALIBRATION = {
    "nullo": (1.19, 0.21, 1.14),
    "grand": (-2.00, -1.80, 0.44),
    "spades": (-2.09, -1.67, 0.56),
    "other": (-0.38, -0.12, 0.50),
}


def raw_estimate(sit: Situation, c: Contract, grand_hearts: bool) -> float:
    scale = 16 / 12
    if c.kind == "nullo":
        return 4 - nullo_danger(sit.hand, False) * scale * 0.9 - 1.0
    trump = {"spades": "S", "other": c.suit, "grand": "H" if grand_hearts else None}[c.kind]
    return strength(sit.hand, trump) * scale + 1.5 - 8


def contract_estimate(sit: Situation, c: Contract, grand_hearts: bool) -> float:
    """The declarer's expected result in Trjámann (TRJ-SCORE) if he declares ``c`` now,
    calibrated against medium play (``CALIBRATION``)."""
    est_mean, act_mean, slope = CALIBRATION[c.kind]
    return act_mean + slope * (raw_estimate(sit, c, grand_hearts) - est_mean)


def choose_contract(sit: Situation, offered: Sequence[Contract], grand_hearts: bool) -> Contract:
    """The offered contract whose estimate now beats its average worth later the most."""
    return max(
        offered,
        key=lambda c: contract_estimate(sit, c, grand_hearts) - CONTRACT_VALUE[c.kind],
    )


def keep_value(sit: Situation, c: Card) -> float:
    """How much a card is worth keeping for the contract, on the scale where an unseen
    card is worth about 0 (discard what is below)."""
    r = sit.rv(c)
    if sit.avoid:
        return 8.5 - r  # low cards are wanted; aces (high) worst
    v = r - 9.5
    if c.suit == sit.trump:
        v += 5
    return v


def choose_discard(sit: Situation, sizes: Sequence[int]) -> Discard:
    """The cards worth less than an unseen card, weakest first, as many as the rules allow
    (for four-or-none: four when at least two are weak)."""
    hand = sit.hand
    counts: dict[str, int] = {}
    for c in hand:
        counts[c.suit] = counts.get(c.suit, 0) + 1
    ranked = sorted(hand, key=lambda c: (keep_value(sit, c), counts[c.suit]))
    weak = [c for c in ranked if keep_value(sit, c) < 0]
    top = max(sizes)
    if set(sizes) == {0, top} and top > 1:  # four or none
        k = top if len(weak) >= top // 2 else 0
    else:
        k = min(len(weak), top)
        while k not in sizes:
            k -= 1
    return Discard(tuple(ranked[:k])) if k else NO_DISCARD


# --- card play -----------------------------------------------------------------------------


def _master(sit: Situation, c: Card) -> bool:
    """No card of its suit that beats it is still out (unplayed and not in the hand)."""
    r = sit.rv(c)
    hand, gone = sit.hand, sit.gone
    for x in _SUIT_CARDS[c.suit]:
        if x is not c and sit.rv(x) > r and x not in gone and x not in hand:
            return False
    return True


def choose_play(sit: Situation) -> Card:
    hand, trick, trump, rv = sit.hand, sit.trick, sit.trump, sit.rv
    if not trick:
        return _lead(sit)
    led = trick[0][1].suit
    best = trick[0][1]
    for _, c in trick[1:]:
        if c.suit == best.suit:
            if rv(c) > rv(best):
                best = c
        elif c.suit == trump:
            best = c
    last = len(trick) == 2
    suit = [c for c in hand if c.suit == led]
    if suit:
        if sit.avoid:
            under = [c for c in suit if rv(c) < rv(best) or best.suit != led]
            if under:
                return max(under, key=rv)
            return max(suit, key=rv) if last else min(suit, key=rv)
        if best.suit != led:  # trumped already: nothing of the suit wins
            return min(suit, key=rv)
        beat = [c for c in suit if rv(c) > rv(best)]
        if beat:
            if last:
                return min(beat, key=rv)
            top = max(beat, key=rv)
            return top if _master(sit, top) else min(suit, key=rv)
        return min(suit, key=rv)
    if sit.avoid:
        return max(hand, key=rv)
    if trump is not None:
        trumps = [c for c in hand if c.suit == trump]
        if best.suit == trump:
            trumps = [c for c in trumps if rv(c) > rv(best)]
        if trumps:
            return min(trumps, key=rv)
    side = [c for c in hand if c.suit != trump] or hand
    counts: dict[str, int] = {}
    for c in side:
        counts[c.suit] = counts.get(c.suit, 0) + 1
    return min(side, key=lambda c: (rv(c), counts[c.suit]))


def _lead(sit: Situation) -> Card:
    hand, trump, rv = sit.hand, sit.trump, sit.rv
    if sit.avoid:
        return min(hand, key=rv)
    masters = [c for c in hand if c.suit != trump and _master(sit, c)]
    if masters:
        return max(masters, key=rv)
    trumps = [c for c in hand if c.suit == trump]
    if trumps and len(trumps) * 3 >= len(hand):
        top = max(trumps, key=rv)
        return top if _master(sit, top) else min(trumps, key=rv)
    counts: dict[str, int] = {}
    for c in hand:
        if c.suit != trump:
            counts[c.suit] = counts.get(c.suit, 0) + 1
    if not counts:
        return min(hand, key=rv)
    longest = max(counts, key=lambda s: (counts[s], s))
    return min((c for c in hand if c.suit == longest), key=rv)


def medium_action(sit: Situation, legal: Sequence[Action], grand_hearts: bool) -> Action:
    if sit.phase == "play":
        return PLAY[choose_play(sit)]
    if sit.phase == "swap":
        return SWAP if strength(sit.hand, sit.trump) < SWAP_BELOW else KEEP
    if sit.phase == "contract":
        return choose_contract(sit, [a for a in legal if isinstance(a, Contract)], grand_hearts)
    sizes = sit.sizes or (0,)
    return choose_discard(sit, sizes)


class MediumBot:
    level = "medium"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        view = state.view(seat)
        legal = state.legal_actions(seat)
        return medium_action(
            Situation.from_view(view), legal, bool(view["options"].get("grand_hearts"))
        )

    def hint(self, state: State, seat: int) -> Hint:
        """``choose``'s action and the rule of thumb that chose it (``reasons``)."""
        from ...hints import trick_odds
        from .reasons import medium_hint

        view = state.view(seat)
        legal = state.legal_actions(seat)
        grand_hearts = bool(view["options"].get("grand_hearts"))
        odds = (
            trick_odds("manni", state, seat, PLAY.__getitem__) if view["phase"] == "play" else None
        )
        return medium_hint(Situation.from_view(view), legal, grand_hearts, odds)


class EasyBot:
    """A beginner: plays its highest card of the suit when that can win and its lowest
    otherwise (in Nullo always its lowest), leads its highest card, keeps a hand with an
    ace, declares what its hand looks best for now, and throws only twos to fives."""

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        view = state.view(seat)
        sit = Situation.from_view(view)
        legal = state.legal_actions(seat)
        rv = sit.rv
        if sit.phase == "swap":
            return KEEP if any(c.rank == ACE for c in sit.hand) else SWAP
        if sit.phase == "contract":
            offered = [a for a in legal if isinstance(a, Contract)]
            gh = bool(view["options"].get("grand_hearts"))
            return max(offered, key=lambda c: contract_estimate(sit, c, gh))
        if sit.phase == "exchange":
            sizes = sit.sizes or (0,)
            low = [c for c in sit.hand if (rv(c) >= 12 if sit.avoid else rv(c) <= 5)]
            k = min(len(low), max(sizes))
            while k not in sizes:
                k -= 1
            return Discard(tuple(low[:k])) if k else NO_DISCARD
        cards = [a.card for a in legal]  # type: ignore[attr-defined]  # (in play: all Plays)
        if sit.avoid:
            return PLAY[min(cards, key=rv)]
        if not sit.trick:
            return PLAY[max(cards, key=rv)]
        top = max(cards, key=rv)
        best = max((c for _, c in sit.trick if c.suit == sit.trick[0][1].suit), key=rv)
        return PLAY[top if top.suit == best.suit and rv(top) > rv(best) else min(cards, key=rv)]


BOTS = {"easy": EasyBot, "medium": MediumBot}


# --- the hard bot's hooks --------------------------------------------------------------------


def rollout_action(st: State, rng: random.Random) -> Action:
    """The medium move, read straight from the sampled state (a play-out's every move)."""
    assert isinstance(st, MannState)
    seat = st.turn
    assert seat is not None
    if st.phase == "play":
        # one card left, or one card of the suit led: forced (the listing, made already)
        legal = st.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return medium_action(Situation.from_state(st, seat), (), st._grand_hearts)
    sit = Situation.from_state(st, seat)
    legal = st.legal_actions() if st.phase == "contract" else ()
    return medium_action(sit, legal, st._grand_hearts)


def candidates(st: State) -> Sequence[Action]:
    """All the legal actions but in an exchange of cards, where there are thousands: the
    medium discard and, for each size allowed, the weakest cards of that size."""
    legal = st.legal_actions()
    if not isinstance(legal, DiscardChoices):
        return legal
    assert isinstance(st, MannState) and st.turn is not None
    sit = Situation.from_state(st, st.turn)
    counts: dict[str, int] = {}
    for c in sit.hand:
        counts[c.suit] = counts.get(c.suit, 0) + 1
    ranked = sorted(sit.hand, key=lambda c: (keep_value(sit, c), counts[c.suit]))
    out = [choose_discard(sit, legal.sizes)]
    for k in legal.sizes:
        d = Discard(tuple(ranked[:k])) if k else NO_DISCARD
        if d not in out:
            out.append(d)
    return out


#: Exact endgames (``bots/endgame.py``) once at most this many cards are left in the three
#: hands (the last four tricks); 0 switches them off. Solved by Manni's own solver
#: (``solve.MannSolver``, the reference's values 9-24 times faster), a search of the default
#: budget solves its 40 samples here in about 0.1 s of CPU, where the reference ran out of
#: time: on a loaded machine (load 10-18 on 2 cores) it solved 1.8 samples a decision at 12
#: cards against the fast one's 25, and the regret (judged as below) fell by 0.092 ±0.042
#: points a decision over 300 positions at 11-12 cards (``scripts/measure_manni_solver.py
#: --as-shipped [--reference]``). Solving earlier was measured and left
#: (issue 36, 200 iterations): judged by exact solves of the true deal (200 positions at
#: 13-18 cards, ``scripts/manni_endgame_regret.py``) the regret was 0.1475 points a decision
#: from 12, 0.135 from 15, 0.075 from 18; but that judge plays every seat perfectly with
#: every hand seen, as the solver assumes, and in whole games against medium bots
#: (``scripts/ab_hard.py``, the ladder's duplicate sets, seed 1, paired with 12) 15 was
#: behind if anything: -0.49 ±0.58 points a game over 50 sets (150 games; -0.27 ±0.80 over
#: the ladder's 25), and no better with the app's 40 samples a solve instead of the ladder's
#: 8 (``PER_SAMPLE=5``: -0.25 ±0.87, 25 sets); 18 behind (-1.11 ±1.82, 6 sets); 9 and 0
#: (no exact endgame) level too (-0.27 ±0.71 and +0.19 ±0.68, 25 sets): the play-outs model
#: medium's play, the solver assumes best play and a known deal. 12 stays: level with the
#: rest and cheap. From 18 a decision takes 0.3-0.55 s of CPU at 8 samples, from 21 4.6 s.
ENDGAME_CARDS = 12


def endgame_when(st: State, seat: int) -> bool:
    assert isinstance(st, MannState)
    return st.phase == "play" and sum(len(h) for h in st.hands) <= ENDGAME_CARDS


def endgame_key(st: State) -> object:
    """Every trick to come depends on the hands, the trick on the table and who is to
    move; the reward on the tricks won so far too."""
    assert isinstance(st, MannState)
    return (st.turn, *map(tuple, st.hands), tuple(st.trick), tuple(st.tricks_won))


def endgame_groups(st: State, actions: Sequence[Action]) -> list[list[Action]]:
    """Cards adjacent in one suit (in the hand's ranking: aces low in Hornafjarðarmanni's
    Nullo) with no card between them in another hand or on the table: only the number of
    tricks counts (MANNI-GEN-8), so they take the same tricks."""
    assert isinstance(st, MannState)
    low = st._low_aces
    live = [c for h in st.hands for c in h] + [c for _, c in st.trick]
    return adjacent_runs(
        actions,
        lambda a: a.card,  # type: ignore[attr-defined]
        lambda c: (c.suit, rank_value(c, low)),
        live,
    )


#: The phases whose choices the hard bot values flat over common samples (``bots/flat.py``)
#: instead of by the tree; empty: the tree everywhere. Measured level and left empty (issue
#: 36, 200 iterations): the swap's regret on 183 true deals 0.287 ±0.094 points a decision
#: flat against the tree's 0.317 ±0.105 (``scripts/manni_swap_regret.py``); the play at 13 to
#: 18 cards 0.140 against 0.140 (``scripts/manni_endgame_regret.py``).
FLAT_PHASES: tuple[str, ...] = ()


def flat_when(st: State, seat: int) -> bool:
    assert isinstance(st, MannState)
    return st.phase in FLAT_PHASES


def search_hooks() -> SearchHooks:
    """The medium move in play-outs, the pruned exchanges, the deals weighed by the
    others' cards played this hand (``inference``) unless ``READING`` is off, and the last
    tricks solved exactly unless ``ENDGAME_CARDS`` is 0."""
    endgame = None
    if ENDGAME_CARDS:
        endgame = Endgame(
            when=endgame_when,
            key=endgame_key,
            groups=endgame_groups,
            copy=turn_copy,
            solver=MannSolver,
        )
    if not (READING or SWAP_READING):
        return SearchHooks(
            candidates=candidates,
            rollout=rollout_action,
            endgame=endgame,
            flat=flat_when if FLAT_PHASES else None,
        )
    from .inference import reading

    return SearchHooks(
        candidates=candidates,
        rollout=rollout_action,
        evidence=reading,  # type: ignore[arg-type]
        pool=POOL,
        endgame=endgame,
        flat=flat_when if FLAT_PHASES else None,
    )


#: Whether the hard bot reads the play (``inference``); off, its samples keep the hard facts
#: alone. Off by default: measured in duplicate games (60 of basic Manni, 200 iterations,
#: against two medium bots) it was level with the hard facts alone (0.57 ±0.14 of the games
#: against 0.58 ±0.11, points +2.92 against +2.88 a game over the others), for a fifth more
#: time; and in the last four tricks, judged by exact solves of the true deal (200 positions,
#: ``scripts/manni_endgame_regret.py``), 0.030 ±0.020 points a decision against 0.0275 ±0.019.
READING = False
#: Whether the hard bot reads basic Manni's swaps and keeps (``inference``): a keeper's hand
#: and a swapper's dead pile as medium's rule would have chosen them. Off: measured level
#: (issue 36, 200 iterations): the swap's regret 0.292 ±0.095 points a decision against the
#: hard facts' 0.317 ±0.105, the last four tricks' 0.030 against 0.0275. Medium swaps 85% of
#: its hands as eldest (``SWAP_BELOW`` is above most hands' ``strength``), so there is
#: seldom a keep to read, and a swapper's dead pile is what nobody plays.
SWAP_READING = False
#: Samples dealt and weighed per search when reading.
POOL = 64


_SUIT_CARDS = {s: [Card(r, s) for r in range(2, ACE + 1)] for s in "SHDC"}

__all__ = [
    "BOTS",
    "CONTRACTS",
    "EasyBot",
    "MediumBot",
    "Situation",
    "candidates",
    "choose_contract",
    "choose_discard",
    "choose_play",
    "rollout_action",
    "search_hooks",
    "strength",
]
