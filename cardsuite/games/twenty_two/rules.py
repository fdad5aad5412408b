"""Twenty-Two (and Twenty-Six): the rules, as the reference. Spec: ``shared/rules/twenty-two.md``.

This module is the game as a newcomer would read it: one path for every action, each check
citing its rule ID (``T22-PLAY-4`` ...). What a play-out spends its time in is written
again, faster, in ``kernel.py`` (a subclass of ``TwentyTwoState`` that the registry names
and ``new_state`` builds); ``tests/contract/test_lockstep.py`` plays both side by side and
holds them equal move for move. ``CARDSUITE_RULES=reference`` builds this module's states
instead, to follow a rule on its one readable path. The JSON layout, loading and the checks
of a loaded position are in ``codec.py``; the log's wording in ``wording.py``; card-set
arithmetic (effective ranks, covering, lowest cards) in ``sets.py``.

Action text (also in ``help.md``): ``keep`` or ``discard 2C 5H`` in the exchange; ``play 7H 7D``
to lead or follow. Suits never matter, so plays and discards that differ only in suits are one
choice: ``legal_actions`` lists each rank multiset once (naming the cards by a fixed rule: the
held cards of each rank in suit order S H D C) and ``apply`` accepts any held cards that form a
listed multiset.
"""

from __future__ import annotations

import copy
import random
import sys
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations, product
from typing import Any, ClassVar, Self, cast

from ... import positions
from ...cards import JOKER_RANK, Card, by_rank, pack
from ...dealing import pack_order
from ...engine import Action, Event, Game, IllegalAction, Option, State, Variant
from ...shuffle import shuffle
from ...tricks import Trick, TrickState
from ...turns import dealer_seat
from . import codec, sampling, wording
from .actions import Exchange, Play, parse_action
from .sets import VALUES, best_set, covers, effective, is_matched, lowest

FIRST_HAND = 7  # T22-DEAL-2, T26-1
#: Search copies deal by what sensible play reveals as well as by the facts (``reading``).
READING = True


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
            order = pack_order(list(full), deck, rng, by_rank)
        st = self.kind()(self, n, variant_id, opts, rng)
        if dealer is None:
            dealer = st._draw_for_deal(list(range(n)))
        else:
            dealer = dealer_seat(dealer, n)
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


class TwentyTwoState(TrickState):
    """A Twenty-Two position. Seats are 0..n-1, clockwise; "left" is the next seat.

    ``TurnState`` gives the contract's queries: the seat to move is ``turn``, the legal
    actions are ``_legal_for(turn)`` (kept in ``_legal`` until the next move), the winners
    ``winners_list``, the samples (``sample_hidden``, ``search_copy``: ``_sample`` deals
    them) and the true position as a search copy (``clone_for_search``)."""

    ONE_CARD = False  # a play is a set of cards (T22-PLAY-2)

    __slots__ = (
        "_legal",
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
        self.hands: list[list[Card]] = [[] for _ in range(n)]  # each sorted low to high
        self.discards: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []  # top first
        self.played: list[Card] = []  # finished tricks (and, on paper, losing cards)
        self.score_cards: list[list[Card]] = [[] for _ in range(n)]
        self.scores_list = [0] * n
        self.exchange_queue: list[int] = []
        # The trick on the table: (seat, cards high to low) in play order, its leader, and
        # the current best (T22-PLAY-5): its index and effective ranks, and the lead's.
        self.trick: list[tuple[int, tuple[Card, ...]]] = []
        self.trick_leader = 0
        self.trick_best = 0
        self.trick_best_eff: Sequence[int] = []
        self.trick_lead_eff: Sequence[int] = []
        self.tricks: list[Trick[tuple[Card, ...]]] = []  # this hand's (``tricks.py``)
        self.last_showdown: dict[str, Any] | None = None
        self.history: list[dict[str, Any]] = []  # one record a hand: the score sheet
        self.winners_list: list[int] = []
        self.events: list[Event] = []
        self._legal: Sequence[Action] | None = None
        # What sample_hidden works out from this position for an observer (the hidden pool,
        # the follow constraints): the same for every sample, so a search computes it once.
        # Any move clears it.
        self._samples: dict[Any, Any] | None = None
        # A search's copy stops when its hand is scored, without dealing the next (which the
        # search horizon never looks at): see ``TurnState.search_copy``.
        self._search_copy = False

    # --- queries ----------------------------------------------------------------------------

    def scores(self) -> list[int]:
        return list(self.scores_list)

    def deals_played(self) -> int:
        return self.hand_no

    # --- seats ------------------------------------------------------------------------------

    def _next_active(self, seat: int) -> int:
        """The next active seat clockwise after ``seat`` (T22-DECK-3: the eliminated are
        skipped); ``seat`` itself when no other is active."""
        for i in range(1, self.n + 1):
            s = (seat + i) % self.n
            if self.active[s]:
                return s
        return seat

    def _active_from_left_of(self, seat: int) -> list[int]:
        """Active seats clockwise from ``seat``'s left, ``seat`` last if active."""
        return [s for i in range(1, self.n + 1) if self.active[s := (seat + i) % self.n]]

    def _active_seats(self) -> list[int]:
        return [s for s in range(self.n) if self.active[s]]

    def _seats_changed(self) -> None:
        """Called whenever ``active`` is set anew (a seat goes out, a position loads): the
        reference keeps nothing worked out from it (a kernel keeps its seat tables here)."""

    # --- legal actions ----------------------------------------------------------------------

    def _legal_for(self, seat: int) -> Sequence[Action]:
        """Every action the rules allow ``seat``, each choice (rank multiset) once, named by
        held cards (``_cards_for``): exactly the choices ``apply`` accepts. The order is the
        one the game has always listed them in (seeded games and bots depend on it)."""
        hand = self.hands[seat]
        if self.phase == "exchange":
            return self._exchanges(hand)
        held = [c.rank for c in hand]
        if not self.trick:  # T22-PLAY-2: every part of the hand that may be led
            leads = [m for k in range(len(hand) + 1) for m in _multisets(held, k)]
            allowed = [m for m in leads if self._lead_refusal(held, m) is None]
            allowed.sort(key=_lead_order)
        else:  # T22-PLAY-3: as many cards as were led, then the follow rule
            follows = _multisets(held, len(self.trick[0][1]))
            allowed = [m for m in follows if self._follow_refusal(held, m) is None]
            allowed.sort(key=self._follow_order)
        return [Play(_cards_for(hand, m)) for m in allowed]

    def _exchanges(self, hand: list[Card]) -> list[Exchange]:
        """T22-EXCH-1/2: put k cards aside, 0 <= k <= min(hand, stock), each multiset of
        ranks once (``keep`` first). The hand's cards of a rank are a group, and an exchange
        takes the first cards (in suit order) of each group; groups are taken largest first
        (in hand order among equals), and the choices are listed by how many cards they
        take, then by what each group takes, the first group's count slowest."""
        limit = min(len(hand), len(self.stock))
        groups: list[list[Card]] = []
        for card in hand:
            if groups and groups[-1][0].rank == card.rank:
                groups[-1].append(card)
            else:
                groups.append([card])
        groups.sort(key=len, reverse=True)
        takes = [t for t in product(*(range(len(g) + 1) for g in groups)) if sum(t) <= limit]
        takes.sort(key=lambda t: (sum(t), t))
        return [
            Exchange(tuple(c for g, k in zip(groups, t, strict=True) for c in g[:k])) for t in takes
        ]

    def _follow_order(self, ranks: tuple[int, ...]) -> tuple[Any, ...]:
        """How follows are listed: those that cover what they must (the lead under
        T22-LEADER-1, else the current best) first, by how many jokers they use, then rank
        by rank from the highest, one of a rank before two; then the lowest cards."""
        target = self.trick_lead_eff if self.beat_leader else self.trick_best_eff
        jokers = ranks.count(JOKER_RANK)
        plain = ranks[jokers:]
        runs = [(-r, plain.count(r)) for r in dict.fromkeys(plain)]
        return (not covers(effective(ranks), target), jokers, runs)

    # --- the checks ---------------------------------------------------------------------------

    def _lead_refusal(self, hand: Sequence[int], ranks: Sequence[int]) -> str | None:
        """Why ``ranks`` may not be led from a hand of ranks ``hand``, or None."""
        if not ranks:
            return "a lead needs at least one card"
        if len(ranks) >= len(hand):  # T22-PLAY-2
            return "the leader must keep at least one card"
        if len({r for r in ranks if r != JOKER_RANK}) > 1:  # T22-PLAY-2, T26-3
            return "a lead must be one card or several cards of the same rank"
        if all(r == JOKER_RANK for r in ranks) and any(r != JOKER_RANK for r in hand):
            return "jokers may only be led with a card of another rank (T26-3)"  # T26-4
        return None

    def _follow_refusal(self, hand: Sequence[int], ranks: Sequence[int]) -> str | None:
        """Why a follow of ``ranks`` (high to low, as many as were led) from a hand of ranks
        ``hand`` (low to high) is not allowed, or None."""
        n = len(ranks)
        low = lowest(hand, n)  # T22-PLAY-6(b), T26-5: jokers only to make up the number
        is_low = tuple(ranks) == low
        eff = effective(ranks)  # T26-3/4: what jokers count as
        if all(r == JOKER_RANK for r in ranks) and any(r != JOKER_RANK for r in hand):
            return "jokers must be played with a card of another rank (T26-3)"
        if self.beat_leader:  # T22-LEADER-1 (and T22-EQUAL-1, T22-EQUAL-3)
            lead = self.trick_lead_eff
            if covers(eff, lead):
                return None
            if covers(effective(best_set(hand[::-1], n)), lead):  # some set of the hand does
                return "you can beat the leader's cards, so you must (beat the leader)"
            if not is_low:
                return "you cannot beat the leader, so you must play your lowest cards"
            return None
        if covers(eff, self.trick_best_eff) or is_low:  # T22-PLAY-6 (a) or (b)
            return None
        return (
            "play cards that cover the best play so far, or your lowest cards"
            f" ({wording.ranks_text(low)})"
        )

    def _takes_over(self, eff: Sequence[int], best: Sequence[int]) -> bool:
        """Whether a play of effective ranks ``eff`` becomes the current best over ``best``:
        it covers it (T22-PLAY-5), and under equal cards a trick of several is taken only by
        cards of one rank (T22-EQUAL-2)."""
        if not covers(eff, best):
            return False
        return not (self.equal_sets and len(eff) > 1 and not is_matched(eff))

    @staticmethod
    def _check_held(hand: Sequence[Card], cards: Sequence[Card]) -> None:
        """Refuse cards the hand does not hold (as many times as they are named)."""
        rest = list(hand)
        for c in cards:
            if c not in rest:
                raise IllegalAction(f"you do not hold {c.pretty()}")
            rest.remove(c)

    # --- apply --------------------------------------------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Play ``action`` (or its text) for ``seat`` (None: the seat to move) and return the
        events it logged. A refusal raises ``IllegalAction`` with the reason, changing
        nothing."""
        turn = self.turn
        if turn is None:
            raise IllegalAction("the game is over")
        if seat is not None and seat != turn:
            raise IllegalAction(f"it is not your turn (waiting for seat {turn + 1})")
        act = self._coerce(action)
        mark = len(self.events)
        if self.phase == "exchange":
            self._exchange(turn, act)
        else:
            self._play(turn, act)
        self._legal = None
        self._samples = None
        return self.events[mark:]

    def _exchange(self, seat: int, act: Action) -> None:
        """T22-EXCH-1..3: put ``k`` cards aside face down and draw ``k`` from the top of the
        stock; the next seat in the queue exchanges, or the tricks begin."""
        if not isinstance(act, Exchange):
            raise IllegalAction("it is the exchange: keep, or discard cards to draw new ones")
        cards, stock = act.cards, self.stock
        k = len(cards)
        if k > len(stock):  # T22-EXCH-1
            raise IllegalAction(
                f"the stock has only {len(stock)} cards; you may exchange at most that many"
            )
        hand = self.hands[seat]
        self._check_held(hand, cards)
        for c in cards:
            hand.remove(c)
        self.discards[seat] = [*self.discards[seat], *cards]  # T22-EXCH-3: out of play
        hand += stock[:k]
        del stock[:k]
        hand.sort(key=by_rank)
        self.events.append(wording.exchange_event(seat, k))
        queue = self.exchange_queue
        del queue[0]
        if queue and stock:
            self.turn = queue[0]
        else:  # everyone has had their chance, or the stock is empty (T22-EXCH-2)
            queue.clear()
            self._start_tricks()

    def _play(self, seat: int, act: Action) -> None:
        """Check a lead (T22-PLAY-2) or a follow (T22-PLAY-3/6, T22-LEADER-1, T26-3..5),
        then put it down."""
        if not isinstance(act, Play):
            raise IllegalAction("the exchange is over: play cards to the trick")
        cards = tuple(sorted(act.cards, key=_play_order))
        ranks = [c.rank for c in cards]
        hand = self.hands[seat]
        held = [c.rank for c in hand]
        if not self.trick:
            why = self._lead_refusal(held, ranks)
        elif len(cards) != (n := len(self.trick[0][1])):  # T22-PLAY-3
            why = f"play exactly {n} card{'s' * (n != 1)}, as many as were led"
        else:
            why = None
        if why:
            raise IllegalAction(why)
        self._check_held(hand, cards)
        if self.trick and (why := self._follow_refusal(held, ranks)):
            raise IllegalAction(why)
        self._put_down(seat, cards)

    def _put_down(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Put ``cards`` (allowed, high to low) on the trick: a lead starts it, a follow that
        takes over becomes the current best (T22-PLAY-5); then the next active seat plays,
        or the trick is complete (T22-PLAY-3/8)."""
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        eff = effective([c.rank for c in cards])
        trick = self.trick
        if not trick:
            self.trick_leader = seat
            self.trick_best = 0
            self.trick_lead_eff = self.trick_best_eff = eff
            trick.append((seat, cards))
            self.events.append(wording.lead_event(seat, cards))
        else:
            takes = self._takes_over(eff, self.trick_best_eff)
            trick.append((seat, cards))
            if takes:
                self.trick_best = len(trick) - 1
                self.trick_best_eff = eff
            self.events.append(wording.play_event(seat, cards, takes))
        nxt = self._next_active(seat)
        if nxt == self.trick_leader:
            self._finish_trick()
        else:
            self.turn = nxt

    def _finish_trick(self) -> None:
        """T22-PLAY-8: whoever played the current best wins the trick and leads the next;
        the cards are set aside. T22-PLAY-9: at one card each, the showdown."""
        winner, best = self.trick[self.trick_best]
        self.tricks.append((self.trick, winner))
        for _, cards in self.trick:
            self.played.extend(cards)
        self.trick = []
        self.events.append(wording.trick_event(winner, best))
        if len(self.hands[winner]) <= 1:
            self._showdown()
        else:
            self.turn = winner

    # --- dealing, showdown, the end ---------------------------------------------------------

    def _draw_for_deal(self, seats: list[int], pack: Sequence[Card] | None = None) -> int:
        """T22-DEAL-1 / T22-SCORE-4: ``seats`` each draw a card; the highest deals, ties draw
        again among themselves.

        The first draw is from a fresh full pack (never a stacked deck); tied losers draw
        from the pack about to be dealt, which holds no score cards (T22-DEAL-3). Drawn cards
        go back, so the draw moves no card. Randomness is the state's own generator."""
        first = pack is None
        cards = self.game.full_pack(self.n, self.options) if pack is None else pack
        contenders = seats
        while True:
            drawn = self.rng.sample(cards, len(contenders))
            for s, c in zip(contenders, drawn):  # noqa: B905 - as many cards as seats
                self.events.append(wording.draw_event(s, c))
            top = max(c.rank for c in drawn)
            tied = [s for s, c in zip(contenders, drawn) if c.rank == top]  # noqa: B905
            if len(tied) == 1:
                self.events.append(wording.dealer_event(tied[0], first))
                return tied[0]
            contenders = tied

    def _deal(self, order: list[Card], size: int) -> None:
        """Deal hand ``hand_no + 1`` from ``order`` (top first): ``size`` cards each
        (T22-DEAL-2/3), one at a time clockwise from the dealer's left, to the active seats
        (an eliminated dealer deals but gets none, T22-ELIM-1); the rest is the stock. Then
        the exchange (T22-EXCH-1), or straight to the tricks when the stock is empty."""
        seats = self._active_from_left_of(self.dealer)
        count = len(seats)
        self.hand_no += 1
        self.tricks = []
        self.trick = []
        if len(order) < count:  # T22-DEAL-5: not a card each; the lowest score wins
            self.played.extend(order)
            low = min(self.scores_list[s] for s in seats)
            self._end([s for s in seats if self.scores_list[s] == low], "the pack is too small")
            return
        size = min(size, len(order) // count)  # T22-DEAL-4: a short pack
        self.deal_size = size
        dealt = size * count
        self.hands = [[] for _ in range(self.n)]
        for i, s in enumerate(seats):  # every count-th card, from the i-th
            self.hands[s] = sorted(order[i:dealt:count], key=by_rank)
        self.stock = order[dealt:]
        self.events.append(wording.deal_event(self.dealer, self.hand_no, size, len(self.stock)))
        self.phase = "exchange"
        self.exchange_queue = seats if self.stock else []
        if self.exchange_queue:
            self.turn = seats[0]
        else:  # T22-EXCH-2: nothing to exchange with
            self._start_tricks(seats[0])

    def _start_tricks(self, leader: int | None = None) -> None:
        """T22-PLAY-1: the first active seat left of the dealer leads; T22-PLAY-9: a hand of
        one card each goes straight to the showdown."""
        self.phase = "play"
        if leader is None:
            leader = self._next_active(self.dealer)
        self.trick_leader = leader
        if len(self.hands[leader]) <= 1:
            self._showdown()
        else:
            self.turn = leader

    def _showdown(self) -> None:
        """T22-SCORE-1..3, T26-6: every active seat shows its last card; the highest rank
        loses (all who share it) and each loser scores its value (T22-DECK-2). T22-ELIM-1:
        at the threshold a seat is out. The hand goes on the score sheet (``history``)."""
        seats = self._active_seats()
        last = {s: self.hands[s][0] for s in seats}
        top = max(c.rank for c in last.values())
        value = VALUES[top]
        losers = [s for s in seats if last[s].rank == top]
        scores = self.scores_list
        for s in seats:
            self.hands[s] = []
            if s in losers:
                scores[s] += value
            if s in losers and not self.paper:
                self.score_cards[s].append(last[s])  # T22-SCORE-2: kept face up
            else:
                self.played.append(last[s])  # to be shuffled in (T22-PAPER-1: losers' too)
        shown = {str(s): last[s].code for s in seats}
        self.events.append(wording.showdown_event(shown, losers, value))
        self.last_showdown = {
            "hand": self.hand_no,
            "cards": shown,
            "losers": losers,
            "value": value,
        }
        out = [s for s in losers if scores[s] >= self.threshold]
        for s in out:
            self.active[s] = False
            self.events.append(wording.eliminated_event(s, scores[s]))
        if out:
            self._seats_changed()
        self.history.append(
            {
                "hand": self.hand_no,
                "dealer": self.dealer,
                "losers": losers,
                "card": shown[str(losers[0])],
                "value": value,
                "scores": scores.copy(),
                "eliminated": out,
            }
        )
        self._after_hand(seats, losers, value)

    def _after_hand(self, seats: list[int], losers: list[int], value: int) -> None:
        """After the showdown of a hand that ``seats`` played: the end (T22-END-1/2) when
        one active seat or none is left, else the next deal (where a search's copy stops)."""
        scores = self.scores_list
        alive = self._active_seats()
        if len(alive) == 1:  # T22-END-1
            self._end(alive, "last player in")
        elif not alive:  # T22-END-2
            if self.options["all_out"] == "share":
                self._end(seats, "everyone went out together; they share the win")
            else:
                low = min(scores[s] for s in seats)
                self._end(
                    [s for s in seats if scores[s] == low],
                    "everyone went out together; the lowest score wins",
                )
        elif self._search_copy:  # scored: the search's horizon; nobody moves here again
            self.turn = None
            self.hand_no += 1
        else:
            self._next_deal(losers, value)

    def _next_deal(self, losers: list[int], value: int) -> None:
        """T22-DEAL-3: shuffle every card but the score cards (the tricks, the discards, the
        stock); the loser deals ``value`` cards each (tied losers draw for it, T22-SCORE-4,
        unless the pack is too small to deal at all, T22-DEAL-5)."""
        order = self.played + [c for d in self.discards for c in d] + self.stock
        self.played, self.stock = [], []
        self.discards = [[] for _ in range(self.n)]
        shuffle(self.rng, order)
        if len(losers) == 1 or len(order) < len(self._active_seats()):
            self.dealer = losers[0]
        else:
            self.dealer = self._draw_for_deal(losers, order)
        self._deal(order, value)

    def _end(self, winners: Sequence[int], why: str) -> None:
        """The game is over: ``winners`` win, for the reason ``why`` (T22-END-1/2, DEAL-5)."""
        self.phase = "over"
        self.turn = None
        self.exchange_queue = []
        self.winners_list = sorted(winners)
        self.events.append(wording.gameover_event(self.winners_list, why))

    # --- views, copies, samples -------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees: own hand and discards, every public fact, no other hand.
        ``None``: a spectator, who sees no hand at all."""
        hand = self.hands[seat] if seat is not None else None
        discards = self.discards[seat] if seat is not None else None
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
            "hand": [c.code for c in hand] if hand is not None else None,
            "my_discards": [c.code for c in discards] if discards is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "discarded": [len(d) for d in self.discards],
            "active": list(self.active),
            "dealer": self.dealer,
            "hand_no": self.hand_no,
            "deal_size": self.deal_size,
            "stock": len(self.stock),
            "exchange_queue": list(self.exchange_queue),
            "score_cards": [[c.code for c in sc] for sc in self.score_cards],
            **self.trick_fields(),
            "played": [c.code for c in self.played],
            "last_showdown": self.last_showdown,
            "history": [dict(h) for h in self.history],
            "winners": list(self.winners_list),
        }

    def trick_fields(self) -> dict[str, Any]:
        """``TrickState``'s, the trick on the table also giving its plays' ``count`` of
        cards (T22-PLAY-3: as many as the lead's)."""
        fields = super().trick_fields()
        fields["trick"]["count"] = len(self.trick[0][1]) if self.trick else None
        return fields

    def best_so_far(self) -> int | None:
        """The seat of the best play so far (T22-PLAY-5: ``trick_best``)."""
        return self.trick[self.trick_best][0] if self.trick else None

    def clone(self, rng: random.Random | None = None, *, events: bool = True) -> Self:
        """An independent copy (of this class); ``rng`` replaces the copy of the generator
        (for samples); ``events=False`` starts the copy's log empty (a search never reads
        it). What play replaces but never changes in place is shared."""
        new = copy.copy(self)
        new.rng = positions.copy_rng(self.rng) if rng is None else rng
        new.active = self.active.copy()
        new.hands = [h.copy() for h in self.hands]
        new.discards = [d.copy() for d in self.discards]
        new.stock = self.stock.copy()
        new.played = self.played.copy()
        new.score_cards = [sc.copy() for sc in self.score_cards]
        new.scores_list = self.scores_list.copy()
        new.exchange_queue = self.exchange_queue.copy()
        new.trick = self.trick.copy()
        new.tricks = self.tricks.copy()
        new.history = self.history.copy()
        new.winners_list = self.winners_list.copy()
        new.events = self.events.copy() if events else []
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
        out["trick"] = self.trick_cards()
        return out

    def all_cards(self) -> list[Card]:
        """The zones' cards, without building the zones (random-play tests call this a lot)."""
        out = [*self.played, *self.stock]
        for s in range(self.n):
            out += self.hands[s]
            out += self.discards[s]
            out += self.score_cards[s]
        return out + self.trick_cards()

    def hidden_zones(self, seat: int | None) -> tuple[str, ...]:
        """Other hands and discards (face down, T22-EXCH-3), and the stock."""
        hidden = [f"{z} {s}" for s in range(self.n) if s != seat for z in ("hand", "discards")]
        return (*hidden, "stock")

    def follow_constraints(
        self, seat: int
    ) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
        """What ``seat``'s follows this hand reveal (see ``sampling.follow_constraints``)."""
        return sampling.follow_constraints(self, seat)

    def _sample(self, observer: int, rng: random.Random, *, events: bool) -> TwentyTwoState:
        """Re-deal what ``observer`` cannot see, consistent with the play (``sampling``):
        ``TurnState.sample_hidden`` (the log kept) and ``search_copy`` (its log empty: a
        search never reads it). A search's copy deals by the table's reading as well as the
        facts (``READING``, ``reading.py``), and stops once its hand is scored (``_showdown``:
        ``search_horizon`` stops there anyway, and 10-13% of a search went on dealing the
        next)."""
        by_reading = READING and not events
        return sampling.sample_hidden(self, observer, rng, events=events, by_reading=by_reading)

    def clone_seeing_hands(self, observer: int, rng: random.Random) -> TwentyTwoState:
        """Every hand as it is; the stock and the other seats' face-down discards dealt
        again among themselves (``sampling.seeing_hands``)."""
        return sampling.seeing_hands(self, observer, rng)

    # --- JSON (``codec``) -------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return codec.to_json(self)

    @classmethod
    def from_json(cls, game: TwentyTwo, data: Mapping[str, Any]) -> Self:
        """Load a position (``codec.from_json``); raises ``ValueError`` saying what is wrong."""
        return codec.from_json(cls, game, data)


# --- listing helpers ---------------------------------------------------------------------


def _multisets(ranks: Sequence[int], k: int) -> list[tuple[int, ...]]:
    """Every distinct multiset of ``k`` of ``ranks``, each high to low."""
    return list(dict.fromkeys(combinations(sorted(ranks, reverse=True), k)))


def _lead_order(ranks: tuple[int, ...]) -> tuple[int, int, int]:
    """How leads are listed: by rank, high to low; then one of it, two, ...; then with no
    joker, one, ... (T26-3). A hand of jokers alone leads them as one rank (T26-4)."""
    jokers = ranks.count(JOKER_RANK)
    plain = len(ranks) - jokers
    if not plain:
        return (-JOKER_RANK, jokers, 0)
    return (-ranks[jokers], plain, jokers)


def _cards_for(hand: Sequence[Card], ranks: tuple[int, ...]) -> tuple[Card, ...]:
    """The held cards a listing names for ``ranks`` (high to low): of each rank, its first
    cards in suit order (jokers, the highest, first)."""
    out: list[Card] = []
    for r in dict.fromkeys(ranks):
        out += [c for c in hand if c.rank == r][: ranks.count(r)]
    return tuple(out)


TwentyTwo.state_class = TwentyTwoState
# What GAME builds is chosen now (importing the kernel its registry entry names), not in the
# first game's time: a timed run's first game paid for compiling the kernel and making its
# tables. (When the kernel is what imports these rules, it is chosen at the first game.)
if f"{__package__}.kernel" not in sys.modules:
    GAME.state_type()
