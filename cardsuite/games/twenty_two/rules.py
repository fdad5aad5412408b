"""Twenty-Two (and Twenty-Six): the pure rules. Spec: ``shared/rules/twenty-two.md``.

Rule IDs (``T22-PLAY-4`` ...) are cited where each rule is enforced.

Action text (also in ``help.md``): ``keep`` or ``discard 2C 5H`` in the exchange; ``play 7H 7D``
to lead or follow. Suits never matter, so plays and discards that differ only in suits are one
choice: ``legal_actions`` lists each rank multiset once (naming the cards by a fixed rule: the
held cards of each rank in suit order S H D C) and ``apply`` accepts any held cards that form a
listed multiset.

JSON layout (``to_json``/``from_json``; a test may write a position by hand)::

    {"game": "twenty-two", "schema": 1, "players": 4, "variant": "standard",
     "options": {"beat_leader": false, "equal_sets": false, "paper_scores": false,
                 "twenty_six": false, "all_out": "lowest"},
     "rng": [3, [...625 ints...], null],      # random.Random state: the future deals
     "hand_no": 1, "dealer": 3, "deal_size": 7, "phase": "play",  # exchange | play | over
     "turn": 0,                                 # seat to move (null when over)
     "active": [true, true, true, true],
     "hands": [["2C", "7H", ...], ...],         # per seat, any order
     "discards": [[...], ...],                  # per seat, this hand's exchange discards
     "stock": ["9D", ...],                      # top first
     "played": [...],                           # cards of finished tricks (out of play)
     "score_cards": [[...], ...], "scores": [0, 0, 0, 0],
     "exchange_queue": [1, 2],                  # seats still to exchange, next first
     "trick": {"leader": 0, "plays": [[0, ["7H", "7D"]]], "best": 0},  # best: index in plays
     "tricks": [{"plays": [[0, ["KS"]], ...], "winner": 0}],           # this hand's, finished
     "last_showdown": null | {"hand": 1, "cards": {"0": "9S", ...}, "losers": [0], "value": 9},
     "history": [{"hand": 1, "dealer": 3, "losers": [0], "card": "9S", "value": 9,
                  "scores": [9, 0, 0, 0], "eliminated": []}],
     "winners": [], "events": [[kind, seat, text, data], ...]}

Everything is checked on load: a card set that is not the pack is refused.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import pairwise, repeat
from operator import is_
from typing import Any, ClassVar, cast

from ... import positions
from ...cards import JOKER_RANK, RANK_CODES, Card, by_rank, pack
from ...dealing import pack_order
from ...engine import (
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    State,
    Variant,
)
from ...shuffle import shuffle
from . import sampling
from .actions import (
    _LAYOUTS,
    SETS,
    SINGLE,
    Exchange,
    ExchangeChoices,
    LeadChoices,
    Play,
    PlayChoices,
    layout,
    parse_action,
)
from .sets import (
    VALUES,
    best_set,
    cover_sets,
    covers,
    effective,
    is_lead_set,
    is_matched,
    lowest,
)

SCHEMA = 1
FIRST_HAND = 7  # T22-DEAL-2, T26-1
#: Search copies deal by what sensible play reveals as well as by the facts (``reading``).
READING = True
_hand_key = by_rank


def _play_order(card: Card) -> tuple[int, int]:
    """How a play's cards are stored and shown: high rank first, suits in S H D C order
    (the order in which ``legal_actions`` names them)."""
    return (-card.rank, card.ordinal)


# --- the game ----------------------------------------------------------------------------

_OPTIONS = {
    "beat_leader": Option(
        "beat_leader",
        "Beat the leader only",
        "bool",
        False,
        help="Followers must cover the leader's cards when they can.",
    ),
    "equal_sets": Option(
        "equal_sets",
        "Win only with equal cards",
        "bool",
        False,
        help="Only a set of one rank can win a multi-card trick; includes beat the leader.",
    ),
    "paper_scores": Option(
        "paper_scores",
        "Scores on paper",
        "bool",
        False,
        help="Losing cards go back into the pack; every hand is dealt from the full pack.",
    ),
    "twenty_six": Option(
        "twenty_six",
        "Twenty-Six",
        "bool",
        False,
        help="Two packs and four jokers; jokers are wild in sets; out at 26.",
    ),
    "all_out": Option(
        "all_out",
        "Everyone out at once",
        "choice",
        "lowest",
        choices=("lowest", "share"),
        help="If all remaining players go out in one hand: the lowest score wins, or all share.",
    ),
}


def _variant(name: str, summary: str, **defaults: Any) -> Variant:
    opts = tuple(
        Option(o.id, o.name, o.kind, defaults.get(o.id, o.default), o.choices, o.help)
        for o in _OPTIONS.values()
    )
    return Variant(name, summary, opts)


@lru_cache(maxsize=4)
def _full_pack(twenty_six: bool, two_packs: bool) -> tuple[Card, ...]:
    if twenty_six:
        return tuple(pack(decks=2, jokers=4))
    return tuple(pack(decks=2 if two_packs else 1))


class TwentyTwo(Game):
    id = "twenty-two"
    name = "Twenty-Two"
    summary = "Don't hold the highest last card; out at 22 penalty points."
    players = tuple(range(2, 13))
    score_label = "penalty points"
    low_score_wins = True
    emblem = ("KS", "7H", "2D")
    variants: ClassVar[dict[str, Variant]] = {
        "standard": _variant("Standard", "Cover the best play so far, or play your lowest cards."),
        "beat-the-leader": _variant(
            "Beat the leader only",
            "Followers must cover the leader's cards when they can.",
            beat_leader=True,
        ),
        "equal-cards": _variant(
            "Win only with equal cards",
            "Multi-card tricks are won only by sets of one rank.",
            equal_sets=True,
        ),
        "paper-scores": _variant(
            "Scores on paper",
            "Losing cards go back; every hand is dealt from the full pack.",
            paper_scores=True,
        ),
        "twenty-six": _variant(
            "Twenty-Six",
            "Two packs and four wild jokers; out at 26.",
            twenty_six=True,
        ),
    }
    seat_names: ClassVar[dict[int, tuple[str, ...]]] = {
        2: ("South", "North"),
        3: ("South", "West", "East"),
        4: ("South", "West", "North", "East"),
        5: ("South", "West", "Northwest", "Northeast", "East"),
        6: ("South", "Southwest", "Northwest", "North", "Northeast", "Southeast"),
    }

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def full_pack(
        self, players: int, options: Mapping[str, Any], variant: str | None = None
    ) -> list[Card]:
        """T22-PLAYERS-1, T26-1: 52, 104 (7-12 players) or 108 cards (Twenty-Six)."""
        return list(_full_pack(bool(options["twenty_six"]), players > 6))

    def kind(self) -> type[TwentyTwoState]:
        """The state class this game builds (``Game.state_type``: its kernel, or this
        module's reference)."""
        return cast("type[TwentyTwoState]", self.state_type())

    def new_state(
        self,
        players: int | None = None,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        deck: Sequence[str | Card] | None = None,
        dealer: int | None = None,
    ) -> TwentyTwoState:
        n = self.check_players(players if players is not None else 4)
        if not options and (variant or "standard") in _DEFAULTS:  # a play-out's new game
            variant_id = variant or "standard"
            opts = dict(_DEFAULTS[variant_id])
        else:
            variant_id, opts = self.resolve_options(variant, options)
        rng = random.Random(seed)
        full = _full_pack(bool(opts["twenty_six"]), n > 6)
        if deck is None:  # pack_order's own shuffle of the pack (made once, copied)
            order = list(full)
            shuffle(rng, order)
        else:
            order = pack_order(list(full), deck, rng, _hand_key)
        st = self.kind()(self, n, variant_id, opts, rng)
        if dealer is None:
            dealer = st._draw_for_deal(list(range(n)))
        elif not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat from 0 to {n - 1}")
        st.dealer = dealer
        st._deal(order, FIRST_HAND)
        return st

    def from_json(self, data: Mapping[str, Any]) -> TwentyTwoState:
        return self.kind().from_json(self, data)

    # --- search hooks ---------------------------------------------------------------------

    def search_horizon(self, root: State, state: State) -> bool:
        """Play-outs stop when the hand being searched is scored."""
        assert isinstance(root, TwentyTwoState) and isinstance(state, TwentyTwoState)
        return state.phase == "over" or state.hand_no != root.hand_no

    def search_reward(self, root: State, state: State) -> list[float]:
        """Reward of a scored hand: what it did to each seat's survival.

        A seat that is knocked out gets 0, one that wins the game 1; otherwise the penalty
        taken this hand costs in proportion to the room it had left below the threshold, so
        an 11 hurts a seat on 20 more than one on 0, and the cheapest hand is one not lost.
        """
        assert isinstance(root, TwentyTwoState) and isinstance(state, TwentyTwoState)
        out: list[float] = []
        th = root.threshold
        for s in range(root.n):
            if not root.active[s]:
                out.append(0.0)
                continue
            if state.phase == "over" and s in state.winners_list:
                out.append(1.0)
                continue
            if state.scores_list[s] >= th:
                out.append(0.0)
                continue
            room = th - root.scores_list[s]
            taken = state.scores_list[s] - root.scores_list[s]
            out.append(0.15 + 0.85 * (1.0 - taken / room) if taken else 1.0)
        return out

    def reward_units(self, root: State, seat: int) -> tuple[float, str]:
        """A hand's penalty costs 0.85 of the reward per point of the room the seat had left
        below the threshold (``search_reward``)."""
        assert isinstance(root, TwentyTwoState)
        room = max(1, root.threshold - root.scores_list[seat])
        return room / 0.85, "penalty points"


GAME = TwentyTwo()
#: Each variant's options when none are given (a new game copies them).
_DEFAULTS = {v: GAME.resolve_options(v, None)[1] for v in TwentyTwo.variants}


# --- the state ---------------------------------------------------------------------------


class TwentyTwoState(State):
    """A Twenty-Two position. Seats are 0..n-1, clockwise; "left" is the next seat."""

    __slots__ = (
        "_legal",
        "_live",
        "_nxt",
        "_samples",
        "_search_copy",
        "active",
        "beat_leader",
        "deal_size",
        "dealer",
        "discards",
        "equal_sets",
        "events",
        "exchange_queue",
        "game",
        "hand_no",
        "hands",
        "history",
        "last_showdown",
        "n",
        "options",
        "paper",
        "phase",
        "played",
        "rng",
        "score_cards",
        "scores_list",
        "stock",
        "threshold",
        "trick",
        "trick_best",
        "trick_best_eff",
        "trick_lead_eff",
        "trick_leader",
        "tricks",
        "turn",
        "twenty_six",
        "variant",
        "winners_list",
    )

    def __init__(
        self,
        game: TwentyTwo,
        n: int,
        variant: str,
        options: dict[str, Any],
        rng: random.Random,
    ) -> None:
        self.game = game
        self.n = n
        self.variant = variant
        self.options = options
        self.equal_sets = bool(options["equal_sets"])
        self.beat_leader = bool(options["beat_leader"]) or self.equal_sets  # T22-EQUAL-1
        self.paper = bool(options["paper_scores"])
        self.twenty_six = bool(options["twenty_six"])
        self.threshold = 26 if self.twenty_six else 22  # T22-ELIM-1, T26-2
        self.rng = rng
        self.hand_no = 0
        self.dealer = 0
        self.deal_size = 0
        self.phase = "exchange"
        self.turn: int | None = None
        self.active = [True] * n
        # The next active seat after each seat (``_seat_order``): set whenever ``active``
        # changes (a seat goes out, a position is loaded), one lookup a move.
        self._nxt: tuple[int, ...] = _NEXT_SEAT[n]
        self._live: tuple[int, ...] = _FROM_LEFT[n][n - 1]  # the active seats, in order
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.discards: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []
        self.played: list[Card] = []
        self.score_cards: list[list[Card]] = [[] for _ in range(n)]
        self.scores_list = [0] * n
        self.exchange_queue: list[int] = []
        self.trick: list[tuple[int, tuple[Card, ...]]] = []
        self.trick_leader = 0
        self.trick_best = 0
        self.trick_best_eff: list[int] = []  # effective ranks of the current best (cached)
        self.trick_lead_eff: list[int] = []
        self.tricks: list[dict[str, Any]] = []
        self.last_showdown: dict[str, Any] | None = None
        self.history: list[dict[str, Any]] = []
        self.winners_list: list[int] = []
        self.events: list[Event] = []
        self._legal: Sequence[Action] | None = None
        # What sample_hidden works out from this position for an observer (the hidden pool,
        # the follow constraints): the same for every sample, so a search computes it once.
        # Any move clears it.
        self._samples: dict[int, Any] | None = None
        # A search's copy stops when its hand is scored, without dealing the next (which the
        # search horizon never looks at): see ``search_copy``.
        self._search_copy = False

    # --- contract: queries ----------------------------------------------------------------

    def to_move(self) -> int | None:
        return self.turn

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[int]:
        return list(self.scores_list)

    def winners(self) -> list[int]:
        return list(self.winners_list)

    def deals_played(self) -> int:
        return self.hand_no

    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        legal = self._legal
        turn = self.turn
        if seat is None:  # (the common call: the seat to move)
            if legal is not None:
                return legal
            if turn is None:
                return []
        elif turn is None or seat != turn:
            return []
        if legal is None:
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
                getter, legal._n, legal._gets, legal._takes = got
                legal._flat = tuple(hand) if getter is None else getter(hand)
            elif hand[-1].rank == JOKER_RANK:
                legal = self._compute_legal()
            elif not trick:  # no jokers: the common cases, as plain lists
                # ``leads(hand)``, inline (a move in four)
                legal = _onew(LeadChoices)
                t = legal._hand = tuple(hand)
                legal._n = len(t) - (t[0].rank == t[-1].rank)  # (one of a rank: one is kept)
            elif len(trick[0][1]) == 1:  # (one-card follows, inline: a move in three)
                legal = []
                if self.beat_leader:
                    bound = self.trick_lead_eff[0]
                else:
                    bound = self.trick_best_eff[0]
                prev = None
                for c in reversed(hand):  # high to low: a run's first card is the last seen
                    if c.rank < bound:
                        break
                    if prev is not None and c.rank != prev.rank:
                        legal.append(SINGLE[prev])
                    prev = c
                if prev is not None:
                    legal.append(SINGLE[prev])
                low = SINGLE[hand[0]]
                if self.beat_leader:
                    if not legal:
                        legal.append(low)
                elif not legal or legal[-1] is not low:
                    legal.append(low)
            elif len(trick[0][1]) == 2:
                legal = self._pair_follows(hand)
            elif len(trick[0][1]) != 3 or (legal := self._triple_follows(hand)) is None:
                legal = self._compute_legal()
            self._legal = legal
        return legal

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
        firsts: list[Card] = []  # each rank's first card in suit order, high to low
        doubled: list[Card | None] = []  # its second card, if held
        prev = None
        second = None
        for c in reversed(hand):  # high to low: a run's first card is the last seen
            if c.rank < t1:
                break  # nothing lower covers either place
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

    def _lead_eff(self) -> list[int]:
        return self.trick_lead_eff

    def _best_eff(self) -> list[int]:
        return self.trick_best_eff

    # --- contract: apply ------------------------------------------------------------------

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
            if len(cards) == 1 and hand[-1].rank != JOKER_RANK:
                card = cards[0]
                try:
                    at = hand.index(card)
                except ValueError:
                    at = -1  # not held: refused below
            else:
                at = -1
            if at >= 0:
                r = card.rank
                trick = self.trick
                if trick:
                    if len(trick[0][1]) == 1:
                        best = self.trick_best_eff[0]
                        if self.beat_leader:
                            lead = self.trick_lead_eff[0]
                            ok = r >= lead or (r == hand[0].rank and hand[-1].rank < lead)
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
                            self.tricks.append({"plays": trick, "winner": winner})
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
                trick = self.trick
                best = self.trick_best_eff
                takes = r0 >= best[0] and r1 >= best[1]
                if takes and self.equal_sets and r0 != r1:
                    takes = False  # T22-EQUAL-2
                trick.append((turn, cards))
                if takes:
                    self.trick_best = len(trick) - 1
                    self.trick_best_eff = [r0, r1]
                shared = _PAIR_PLAY_EV[turn * 2 + takes]
                ev = shared.get(cards)
                if ev is None:
                    data = {"cards": [c0.code, c1.code], "best": takes}
                    ev = shared[cards] = _tnew(Event, ("play", turn, _plays, data))
                events = self.events
                events.append(ev)
                nxt = self._nxt[turn]
                if nxt != self.trick_leader:
                    self.turn = nxt
                    return [ev]
                mark = len(events) - 1
                self._finish_trick()
                return events[mark:]
            elif type(self._legal) is LeadChoices and self._legal.issued(action):
                # Several of a rank led (``_play_one``'s, inline): the set this listing just
                # handed out, so held, of one rank, in suit order, keeping a card.
                for c in cards:
                    hand.remove(c)
                self._legal = None
                self._samples = None
                self.trick_leader = turn
                self.trick_best = 0
                self.trick_lead_eff = self.trick_best_eff = [cards[0].rank] * len(cards)
                self.trick.append((turn, cards))
                shared = _SET_LEAD_EV[turn]  # a few hundred sets of a rank: made once
                ev = shared.get(cards)
                if ev is None:
                    data = {"cards": [c.code for c in cards]}
                    ev = shared[cards] = _tnew(Event, ("lead", turn, _leads_words, data))
                self.events.append(ev)
                self.turn = self._nxt[turn]  # (a lead never closes a trick)
                return [ev]
            events = self.events
            mark = len(events)
            if self._play_one(turn, action):  # several cards; or a refusal, explained below
                self._legal = None
                self._samples = None
                return events[mark:]
        elif (
            type(action) is Exchange
            and turn is not None
            and (seat is None or seat == turn)
            and self.phase == "exchange"
        ):  # an exchange, straight on (a refusal raises before anything changes)
            events = self.events
            mark = len(events)
            self._do_exchange(action)
            self._legal = None
            self._samples = None
            return events[mark:]
        if turn is None:
            raise IllegalAction("the game is over")
        if seat is not None and seat != turn:
            raise IllegalAction(f"it is not your turn (waiting for seat {turn + 1})")
        events = self.events
        mark = len(events)
        if type(action) is Play and self.phase == "play" and self._play_one(turn, action):
            self._legal = None
            self._samples = None
            return events[mark:]
        act = action if isinstance(action, Action) else self._coerce(action)
        if self.phase == "exchange":
            if not isinstance(act, Exchange):
                raise IllegalAction("it is the exchange: keep, or discard cards to draw new ones")
            self._do_exchange(act)
        else:
            if not isinstance(act, Play):
                raise IllegalAction("the exchange is over: play cards to the trick")
            legal = self._legal
            trusted = type(legal) is PlayChoices and legal._issued.get(id(act)) is act
            self._do_play(act, trusted)
        self._legal = None
        self._samples = None
        return events[mark:]

    def _play_one(self, seat: int, act: Play) -> bool:
        """The common moves, kept lean for play-outs, from a hand without jokers: one card
        led or followed to a one-card trick, several of a rank led (each checked here: a
        few comparisons, T22-PLAY-2/6, T22-LEADER-1, EQUAL-3), and a several-card follow
        that ``legal_actions`` itself just offered. Returns False, changing nothing, for
        anything else (other moves, and every refusal, which ``_do_play`` explains)."""
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

    def _take_from_hand(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        """The hand without ``cards``; refuses cards that are not held (nothing changes)."""
        rest = self.hands[seat][:]
        for c in cards:
            try:
                rest.remove(c)
            except ValueError:
                raise IllegalAction(f"you do not hold {c.pretty()}") from None
        return rest

    def _do_exchange(self, act: Exchange) -> None:
        seat = self.turn
        assert seat is not None
        cards = act.cards
        k = len(cards)
        stock = self.stock
        if k > len(stock):
            raise IllegalAction(
                f"the stock has only {len(stock)} cards; you may exchange at most that many"
            )
        if k:
            rest = self.hands[seat].copy()
            try:
                for c in cards:
                    rest.remove(c)
            except ValueError:
                self._take_from_hand(seat, cards)  # raises, saying which card is not held
                raise
            self.discards[seat] += cards  # T22-EXCH-3: out of play, face down
            rest += stock[:k]
            del stock[:k]
            rest.sort(key=_hand_key)
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

    def _do_play(self, act: Play, trusted: bool = False) -> None:
        """Lead or follow (what ``_play_one`` does not take). ``trusted``: the action is one
        ``legal_actions`` just offered (already checked and ordered high to low), so only
        the bookkeeping remains."""
        seat = self.turn
        assert seat is not None
        hand = self.hands[seat]
        cards = act.cards if trusted else tuple(sorted(act.cards, key=_play_order))
        ranks = [c.rank for c in cards]
        if not trusted:
            if not self.trick:
                why = is_lead_set(ranks, len(hand))
                if why is None and ranks[-1] == JOKER_RANK and hand[0].rank != JOKER_RANK:
                    why = "jokers may only be led with a card of another rank (T26-3)"
            else:
                n = len(self.trick[0][1])
                why = (
                    None
                    if len(cards) == n
                    else f"play exactly {n} card{'s' * (n != 1)}, as many as were led"
                )
            if why:
                raise IllegalAction(why)
        if trusted:  # offered by legal_actions, so held: drop them in place
            rest = hand
            for c in cards:
                rest.remove(c)
        else:
            rest = self._take_from_hand(seat, cards)
        if not self.trick:
            self.trick_leader = seat
            self.trick_best = 0
            self.trick_lead_eff = self.trick_best_eff = effective(ranks)
            self.trick.append((seat, cards))
            self.hands[seat] = rest
            self.events.append(
                Event("lead", seat, _leads_words, {"cards": [c.code for c in cards]})
            )
        else:
            if not trusted:
                self._check_follow(hand, ranks)
            if len(ranks) == 1 and ranks[0] != JOKER_RANK:
                eff = ranks
                takes = ranks[0] >= self.trick_best_eff[0]
            else:
                eff = effective(ranks)
                takes = self._takes_over(eff, self.trick_best_eff)
            self.trick.append((seat, cards))
            if takes:
                self.trick_best = len(self.trick) - 1
                self.trick_best_eff = eff
            self.hands[seat] = rest
            self.events.append(
                Event("play", seat, _plays, {"cards": [c.code for c in cards], "best": takes})
            )
        nxt = self._next_active(seat)
        if nxt == self.trick_leader:
            self._finish_trick()
        else:
            self.turn = nxt

    def _check_follow(self, hand: list[Card], ranks: list[int]) -> None:
        """T22-PLAY-6, T22-LEADER-1, T26-3/5. Raises with the reason when refused."""
        n = len(ranks)
        eff = effective(ranks)
        hand_ranks = [c.rank for c in hand]
        is_low = sorted(ranks, reverse=True) == list(lowest(hand_ranks, n))
        if all(r == JOKER_RANK for r in ranks) and not all(r == JOKER_RANK for r in hand_ranks):
            raise IllegalAction("jokers must be played with a card of another rank (T26-3)")
        if self.beat_leader:
            lead = self._lead_eff()
            if covers(eff, lead):
                return
            can = covers(effective(best_set(sorted(hand_ranks, reverse=True), n)), lead)
            if can:
                raise IllegalAction(
                    "you can beat the leader's cards, so you must (beat the leader)"
                )
            if not is_low:
                raise IllegalAction(
                    "you cannot beat the leader, so you must play your lowest cards"
                )
            return
        if covers(eff, self._best_eff()) or is_low:
            return
        raise IllegalAction(
            "play cards that cover the best play so far, or your lowest cards"
            f" ({_ranks_text(lowest(hand_ranks, n))})"
        )

    def _finish_trick(self) -> None:
        """T22-PLAY-8/9: the current best wins and leads; at one card each, the showdown."""
        trick = self.trick
        winner, best = trick[self.trick_best]
        self.tricks.append({"plays": trick, "winner": winner})  # never mutated again
        played = self.played
        for _, cards in trick:
            played += cards
        self.trick = []
        if len(best) == 1:
            ev = _WINS_EV[winner][best[0]]
        elif len(best) == 2:
            shared = _PAIR_WIN_EV[winner]
            ev = shared.get(best)
            if ev is None:
                data = {"cards": [c.code for c in best]}
                ev = shared[best] = _tnew(Event, ("trick", winner, _wins, data))
        else:
            ev = _tnew(Event, ("trick", winner, _wins, {"cards": [c.code for c in best]}))
        self.events.append(ev)
        if len(self.hands[winner]) <= 1:
            self._showdown()
        else:
            self.turn = winner

    # --- dealing, exchange, showdown ------------------------------------------------------

    def _active_from_left_of(self, seat: int) -> list[int]:
        """Active seats clockwise from ``seat``'s left, ``seat`` last if active."""
        active = self.active
        return [s for s in _FROM_LEFT[self.n][seat] if active[s]]

    def _seat_order(self) -> None:
        """``_nxt``: the next active seat after each seat, and ``_live``: the active seats
        in order, for the current ``active`` (worked out once for each set of active seats:
        a seat goes out in most games)."""
        key = tuple(self.active)
        got = _SEAT_ORDERS.get(key)
        if got is None:
            nxt = tuple(self._next_active(s) for s in range(self.n))
            got = _SEAT_ORDERS[key] = (nxt, tuple(s for s in range(self.n) if key[s]))
        self._nxt, self._live = got

    def _next_active(self, seat: int) -> int:
        n, active = self.n, self.active
        s = seat + 1
        for _ in range(n):
            if s == n:
                s = 0
            if active[s]:
                return s
            s += 1
        return seat

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
                    ev = _DRAW_EV[key] = Event(
                        "draw", s, f"{{P{s}}} draws [{c.code}]", {"card": c.code}
                    )
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
                    what = "the first deal" if first else "the deal"
                    ev = _DEALER_EV[s * 2 + first] = Event(
                        "dealer", s, f"{{P{s}}} wins the draw for {what}", {}
                    )
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
                hand.sort(key=_hand_key)
                hands.append(hand)
        else:
            hands = self.hands = [[] for _ in range(n)]
            for i, s in enumerate(seats):  # every count-th card
                hand = order[i:dealt:count]
                hand.sort(key=_hand_key)
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
            self._seat_order()
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
        alive = self._live  # (after an elimination, ``_seat_order`` has set it anew)
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

    def _end(self, winners: list[int], why: str) -> None:
        self.phase = "over"
        self.turn = None
        self.exchange_queue = []
        won = sorted(winners)
        self.winners_list = won
        key = (*won, why)  # (every game ends once: its event is one of a few, made once)
        ev = _GAMEOVER_EV.get(key)
        if ev is None:
            names = " and ".join(f"{{P{s}}}" for s in won)
            verb = "win" if len(won) > 1 else "wins"
            text = f"{names} {verb} ({why})"
            ev = _GAMEOVER_EV[key] = Event("gameover", None, text, {"winners": won.copy()})
        self.events.append(ev)

    def _log(self, kind: str, seat: int | None, text: str, **data: Any) -> None:
        self.events.append(Event(kind, seat, text, data))

    # --- views, copies, samples -----------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees: own hand and discards, every public fact, no other hand.
        ``None``: a spectator, who sees no hand at all."""
        mine = seat is not None
        return {
            "game": self.game.id,
            "variant": self.variant,
            "options": dict(self.options),
            "players": self.n,
            "seat": seat,
            "threshold": self.threshold,
            "phase": self.phase,
            "to_move": self.turn,
            "scores": list(self.scores_list),
            "hand": [c.code for c in self.hands[seat]] if mine else None,
            "my_discards": [c.code for c in self.discards[seat]] if mine else None,
            "hand_sizes": [len(h) for h in self.hands],
            "discarded": [len(d) for d in self.discards],
            "active": list(self.active),
            "dealer": self.dealer,
            "hand_no": self.hand_no,
            "deal_size": self.deal_size,
            "stock": len(self.stock),
            "exchange_queue": list(self.exchange_queue),
            "score_cards": [[c.code for c in sc] for sc in self.score_cards],
            "trick": {
                "leader": self.trick_leader,
                "plays": [[s, [c.code for c in cs]] for s, cs in self.trick],
                "best": self.trick[self.trick_best][0] if self.trick else None,
                "count": len(self.trick[0][1]) if self.trick else None,
            },
            "tricks": [
                {
                    "plays": [[s, [c.code for c in cs]] for s, cs in t["plays"]],
                    "winner": t["winner"],
                }
                for t in self.tricks
            ],
            "tricks_won": [sum(t["winner"] == s for t in self.tricks) for s in range(self.n)],
            "played": [c.code for c in self.played],
            "last_showdown": self.last_showdown,
            "history": [dict(h) for h in self.history],
            "winners": list(self.winners_list),
        }

    def clone(self, rng: random.Random | None = None, *, events: bool = True) -> TwentyTwoState:
        """An independent copy; ``rng`` replaces the copy of the generator (for samples);
        ``events=False`` starts the copy's log empty (a search never reads it)."""
        new = object.__new__(TwentyTwoState)
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

    def zones(self) -> dict[str, Sequence[Card]]:
        """Hands, exchange discards, the stock, finished tricks, score cards, the trick."""
        out: dict[str, Sequence[Card]] = {}
        for s in range(self.n):
            out[f"hand {s}"] = self.hands[s]
            out[f"discards {s}"] = self.discards[s]
            out[f"score {s}"] = self.score_cards[s]
        out["stock"] = self.stock
        out["played"] = self.played
        out["trick"] = [c for _, cards in self.trick for c in cards]
        return out

    def all_cards(self) -> list[Card]:
        """The zones' cards, without building the zones (random-play tests call this a lot)."""
        out = [*self.played, *self.stock]
        for s in range(self.n):
            out += self.hands[s]
            out += self.discards[s]
            out += self.score_cards[s]
        for _, cards in self.trick:
            out += cards
        return out

    def hidden_zones(self, seat: int | None) -> tuple[str, ...]:
        """Other hands and discards (face down, T22-EXCH-3), and the stock."""
        hidden = [f"{z} {s}" for s in range(self.n) if s != seat for z in ("hand", "discards")]
        return (*hidden, "stock")

    def follow_constraints(
        self, seat: int
    ) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
        """What ``seat``'s follows this hand reveal (see ``sampling.follow_constraints``)."""
        return sampling.follow_constraints(self, seat)

    def _takes_over(self, eff: list[int], best: list[int]) -> bool:
        """T22-PLAY-5, T22-EQUAL-2."""
        if not covers(eff, best):
            return False
        return not (self.equal_sets and len(eff) > 1 and not is_matched(eff))

    def sample_hidden(self, observer: int, rng: random.Random) -> TwentyTwoState:
        """Re-deal what ``observer`` cannot see, consistent with the play (``sampling``)."""
        return sampling.sample_hidden(self, observer, rng)

    def search_copy(self, observer: int, rng: random.Random) -> TwentyTwoState:
        """A sample whose hand, once scored, ends the copy's play: the next hand is never
        shuffled or dealt (``search_horizon`` stops there anyway; 10-13% of a search went on
        dealing it). Its log starts empty: a search never reads it."""
        copy = sampling.sample_hidden(self, observer, rng, events=False, by_reading=READING)
        copy._search_copy = True
        return copy

    def clone_for_search(self, rng: random.Random) -> TwentyTwoState:
        copy = self.clone(random.Random(rng.getrandbits(63)), events=False)
        copy._search_copy = True
        return copy

    # --- JSON -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            **positions.header(self, SCHEMA, self.n),
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "deal_size": self.deal_size,
            "phase": self.phase,
            "turn": self.turn,
            "active": list(self.active),
            "hands": [[c.code for c in h] for h in self.hands],
            "discards": [[c.code for c in d] for d in self.discards],
            "stock": [c.code for c in self.stock],
            "played": [c.code for c in self.played],
            "score_cards": [[c.code for c in sc] for sc in self.score_cards],
            "scores": list(self.scores_list),
            "exchange_queue": list(self.exchange_queue),
            "trick": {
                "leader": self.trick_leader,
                "plays": [[s, [c.code for c in cs]] for s, cs in self.trick],
                "best": self.trick_best,
            },
            "tricks": [
                {
                    "plays": [[s, [c.code for c in cs]] for s, cs in t["plays"]],
                    "winner": t["winner"],
                }
                for t in self.tricks
            ],
            "last_showdown": self.last_showdown,
            "history": [dict(h) for h in self.history],
            "winners": list(self.winners_list),
            "events": [e.to_json() for e in self.events],
        }

    @classmethod
    def from_json(cls, game: TwentyTwo, data: Mapping[str, Any]) -> TwentyTwoState:
        """Load a position; raises ``ValueError`` saying what is wrong (nothing half-read).

        Only a well-formed position loads: seats, phases, indices and sizes in range, the
        whole pack, and a seat to move that the phase allows; one that is already decided
        (a single player left in) loads as over, with its winner."""
        with positions.reading(game):
            head = positions.read_header(game, data, SCHEMA)
            n = head.players
            st = cls(game, n, head.variant, head.options, head.rng)
            st._load_fields(data)
            positions.check_pack(st, n)
            st._check_consistent()
            st._settle()
        return st

    def _load_fields(self, data: Mapping[str, Any]) -> None:
        n = self.n
        cards, whole = positions.cards, positions.whole
        # hands count from 1 (the deal numbers them), as the sheet's records do
        self.hand_no = whole(data["hand_no"], "hand_no", 1, 10**6)
        self.dealer = positions.seat(data["dealer"], n, "dealer")
        self.deal_size = whole(data.get("deal_size", 0), "deal_size", 0, 108)
        self.phase = str(data["phase"])
        if self.phase not in ("exchange", "play", "over"):
            raise ValueError(f"unknown phase {positions.text(self.phase)}")
        turn = data["turn"]
        self.turn = None if turn is None else positions.seat(turn, n, "turn")
        active = data["active"]
        if not isinstance(active, list) or len(active) != n:
            raise ValueError("active needs one entry per seat")
        self.active = [bool(a) for a in active]
        self._seat_order()
        self.hands = [
            sorted(h, key=_hand_key) for h in positions.per_seat(data["hands"], n, "hands")
        ]
        self.discards = positions.per_seat(data["discards"], n, "discards")
        self.stock = cards(data["stock"], "stock")
        self.played = cards(data["played"], "played")
        self.score_cards = positions.per_seat(data["score_cards"], n, "score_cards")
        scores = data["scores"]
        if not isinstance(scores, list) or len(scores) != n:
            raise ValueError("scores need one entry per seat")
        self.scores_list = [whole(x, "a score", 0, 10**6) for x in scores]
        self.exchange_queue = [
            positions.seat(x, n, "exchange_queue") for x in data.get("exchange_queue", [])
        ]
        trick = data.get("trick") or {"leader": 0, "plays": [], "best": 0}
        self.trick_leader = positions.seat(trick["leader"], n, "the trick's leader")
        self.trick = [
            (positions.seat(s, n, "a trick play's seat"), tuple(cards(cs, "a trick play")))
            for s, cs in trick["plays"]
        ]
        # between tricks the index is left from the last one (the next lead resets it)
        most = len(self.trick) - 1 if self.trick else n - 1
        self.trick_best = whole(trick.get("best", 0), "the trick's best", 0, most)
        if self.trick:
            self.trick_lead_eff = effective([c.rank for c in self.trick[0][1]])
            self.trick_best_eff = effective([c.rank for c in self.trick[self.trick_best][1]])
        self.tricks = [
            {
                "plays": [
                    (positions.seat(s, n, "a trick play's seat"), tuple(cards(cs, "a trick play")))
                    for s, cs in t["plays"]
                ],
                "winner": positions.seat(t["winner"], n, "a trick's winner"),
            }
            for t in data.get("tricks", [])
        ]
        shown = data.get("last_showdown")
        if shown is not None:
            shown = positions.record(shown, "the last showdown", _SHOWDOWN, n)
        self.last_showdown = shown
        self.history = positions.records(data.get("history", []), "hand", _RECORD, n)
        self.winners_list = [positions.seat(x, n, "a winner") for x in data.get("winners", [])]
        self.events = positions.events(data.get("events", []), n)

    def _check_consistent(self) -> None:
        """Refuse positions the rules could never reach in a way that would crash play."""
        n = self.n
        # the sheet: one record a hand, of the hands before this one (T22-SCORE-2)
        done = self.hand_no if self.phase == "over" else self.hand_no - 1
        positions.numbered(self.history, "hand", done)
        if self.phase == "over":
            if self.turn is not None:
                raise ValueError("a finished game has no seat to move")
            return
        if self.turn is None:
            raise ValueError(f"the {self.phase} needs a seat to move")
        if not self.active[self.turn]:
            raise ValueError("the seat to move is not an active seat")
        if self.phase == "exchange" and (
            not self.exchange_queue or self.exchange_queue[0] != self.turn
        ):
            raise ValueError("in the exchange, the seat to move is the first of the queue")
        if any(not self.active[s] and (self.hands[s] or self.discards[s]) for s in range(n)):
            raise ValueError("an eliminated seat holds cards")
        sizes = {len(self.hands[s]) for s in range(n) if self.active[s]}
        if self.phase == "exchange" and len(sizes) > 1:
            raise ValueError("in the exchange every active seat holds the same number of cards")
        if not self.hands[self.turn]:
            raise ValueError("the seat to move holds no cards")
        queue = self.exchange_queue
        if len(set(queue)) != len(queue) or any(not self.active[s] for s in queue):
            raise ValueError("the exchange queue holds a seat twice, or one that is out")
        if self.phase == "play" and queue:
            raise ValueError("the exchange is over, but seats are still queued for it")
        if self.trick:
            seats = [s for s, _ in self.trick]
            if len(set(seats)) != len(seats) or seats[0] != self.trick_leader:
                raise ValueError("the trick's plays do not fit its leader")
            if any(not self.active[s] for s in seats):
                raise ValueError("a seat that is out has played to the trick")
            count = len(self.trick[0][1])
            if any(len(cs) != count for _, cs in self.trick):
                raise ValueError("every play of a trick has as many cards as the lead")
            if self.turn != self._next_active(seats[-1]) or self.turn in seats:
                raise ValueError("the seat to move is not the next to play to the trick")
            played = set(seats)
            base = {len(self.hands[s]) for s in range(n) if self.active[s] and s not in played}
            after = {len(self.hands[s]) + count for s in played}
            if len(base | after) != 1:
                raise ValueError("the hands do not fit the trick: someone holds too many cards")
            if len(self.hands[self.turn]) < count:
                raise ValueError("the seat to move holds too few cards to follow")
            self._check_trick(seats, count, base | after)
        elif self.phase == "play" and len(sizes) > 1:
            raise ValueError("between tricks every active seat holds the same number of cards")
        if self.phase == "play" and len(self.hands[self.turn]) <= 1 and not self.trick:
            raise ValueError("with one card each the hand is over: it goes to the showdown")

    def _check_trick(self, seats: list[int], count: int, held: set[int]) -> None:
        """The trick on the table as play leaves it: each active seat in turn from the
        leader (T22-PLAY-3); a lead of one rank that left the leader a card, so that each
        still holds one for the showdown (T22-PLAY-2, T26-3: jokers with another rank
        unless the hand held only jokers); and the current best the play that last covered
        it (T22-PLAY-5, T22-EQUAL-2)."""
        for a, b in pairwise(seats):
            if b != self._next_active(a):
                raise ValueError("the trick's plays are out of turn (T22-PLAY-3)")
        lead = [c.rank for c in self.trick[0][1]]
        why = is_lead_set(lead, held.pop())  # (the hand each held as the trick began)
        jokers = all(r == JOKER_RANK for r in lead)
        if why is None and jokers and any(c.rank != JOKER_RANK for c in self.hands[seats[0]]):
            why = "jokers may only be led with a card of another rank (T26-3)"
        if why:
            raise ValueError(f"the trick's lead cannot have been led: {why}")
        best, best_eff = 0, effective(lead)
        for i, (_, cards) in enumerate(self.trick[1:], 1):
            eff = effective([c.rank for c in cards])
            if self._takes_over(eff, best_eff):
                best, best_eff = i, eff
        if best != self.trick_best:
            raise ValueError("the trick's best is not the play that last covered it (T22-PLAY-5)")

    def _settle(self) -> None:
        """A hand-written position that is already decided: play it to where it stands."""
        if self.phase == "over":
            return
        alive = [s for s in range(self.n) if self.active[s]]
        if len(alive) <= 1:
            self._end(alive, "last player in")


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


#: A showdown's record (``_showdown``), as ``history`` keeps it: the table's sheet reads it
#: (``positions.records`` checks each on load); and the last showdown, as the view gives it.
_RECORD: dict[str, positions.Reader] = {
    "hand": positions.r_whole(1),
    "dealer": positions.r_seat,
    "losers": positions.r_seats,
    "card": positions.r_card,
    "value": positions.r_whole(0, 99),
    "scores": positions.r_per_seat(positions.r_whole(0)),  # (running totals: any reached)
    "eliminated": positions.r_seats,
}


def _shown_cards(value: object, what: str, players: int) -> dict[str, str]:
    """A showdown's cards: each seat's (its number as text) last card."""
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be an object of seats and cards")
    for key, code in value.items():
        if key not in {str(s) for s in range(players)}:
            raise ValueError(f"{what} names no seat {positions.text(key)}")
        positions.r_card(code, what, players)
    return value


_SHOWDOWN: dict[str, positions.Reader] = {
    "hand": positions.r_whole(1),
    "cards": _shown_cards,
    "losers": positions.r_seats,
    "value": positions.r_whole(0, 99),
}


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


def _ranks_text(ranks: Sequence[int]) -> str:
    return "-".join("JK" if r == JOKER_RANK else RANK_CODES[r] for r in ranks)


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


def _codes_text(codes: Sequence[str]) -> str:
    return " ".join(f"[{c}]" for c in codes)


def _leads_words(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} leads {_codes_text(data['cards'])}"


def _plays(seat: int | None, data: Mapping[str, Any]) -> str:
    tail = " and takes the lead" if data["best"] else ""
    return f"{{P{seat}}} plays {_codes_text(data['cards'])}{tail}"


def _wins(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} wins the trick with {_codes_text(data['cards'])}"


def _exchanges(seat: int | None, data: Mapping[str, Any]) -> str:
    k = data["count"]
    if not k:
        return f"{{P{seat}}} keeps their cards"
    return f"{{P{seat}}} exchanges {k} card{'s' * (k != 1)}"


_SETS = SETS
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


def _deals(seat: int | None, data: Mapping[str, Any]) -> str:
    size = data["size"]
    return f"Hand {data['hand']}: {{P{seat}}} deals {size} card{'s' * (size != 1)} each"


def _shows(seat: int | None, data: Mapping[str, Any]) -> str:
    cards, losers, value = data["cards"], data["losers"], data["value"]
    shown = ", ".join(f"{{P{s}}} [{c}]" for s, c in cards.items())
    names = " and ".join(f"{{P{s}}}" for s in losers)
    each = " each" if len(losers) > 1 else ""
    verb = "lose" if len(losers) > 1 else "loses"
    return (
        f"Showdown: {shown}. {names} {verb} with [{cards[str(losers[0])]}]"
        f" ({value} point{'s' * (value != 1)}{each})"
    )


def _goes_out(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} reaches {data['score']} and is out"


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


TwentyTwo.state_class = TwentyTwoState
