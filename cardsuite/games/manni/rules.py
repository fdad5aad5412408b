"""Manni, Trjámann and Hornafjarðarmanni: the rules. Spec: ``shared/rules/manni.md``.

Three-player Icelandic trick games around the *manni*, a spare face-down hand. This module
is the reference: every action has one path, written as the rules read (``_legal_for``
lists a seat's choices, ``apply`` checks one and makes it), each check citing its rule ID
(``MANNI-EXCH-2``, ``TRJ-SCORE-1``, ``HORN-DEAL-1`` ...). Beside it:

- ``kernel.py``: ``MannKernel``, the same game made fast for play-outs (a subclass that
  overrides the hot paths). The registry names it, so ``new_state`` and ``from_json`` build
  it; ``CARDSUITE_RULES=reference`` builds this module's ``MannState`` instead.
  ``tests/contract/test_lockstep.py`` plays both side by side and compares them every move.
- ``codec.py``: the JSON layout, loading, and the checks a loaded position must pass;
- ``wording.py``: how the events read in the log;
- ``actions.py``: the actions, their text, and the lazily indexed list of discards.

Action text (also in ``help.md``): ``swap`` / ``keep`` (basic), ``contract nullo|grand|spades``
or ``contract other hearts`` (the Trjámann declarer), ``discard 3C 4D`` (``discard`` alone, or
``keep``, draws nothing) and ``play 7H``.

Seats 0, 1, 2 clockwise; for dealer D, eldest E = D+1, middle M = D+2 (MANNI-GEN-1).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from ... import positions
from ...cards import ACE, SUIT_NAMES, Card, pack, pack_without_twos
from ...dealing import pack_order, voids_shown
from ...engine import Action, Event, Game, IllegalAction, Option, State, Variant
from ...shuffle import shuffle
from ...tricks import Trick, TrickState
from ...turns import dealer_seat
from . import sampling, wording
from .actions import (
    CONTRACT_KINDS,
    KEEP,
    NO_DISCARD,
    PLAY,
    SWAP,
    Contract,
    Discard,
    DiscardChoices,
    Keep,
    Play,
    Swap,
    parse_action,
)
from .wording import contract_name

PLAYERS = 3
BASIC, TRJAMANN, HORN = "basic", "trjamann", "hornafjardarmanni"
#: MANNI-TRUMP-1: hand n has trumps ``TRUMP_CYCLE[(n - 1) % 4]``.
TRUMP_CYCLE = ("H", "S", "D", "C")
#: MANNI-END-1 / HORN-END-1: the game ends once someone has this many (plus) points.
GAME_POINTS = 10
#: TRJ-END-1: a Trjámann game is exactly twelve hands.
TRJ_HANDS = 12
#: HORN-EXCH-1: how many cards eldest and middle may exchange (the dealer: what is left).
HORN_LIMITS = (7, 5, 12)
#: TRJ-EXCH-1: the declarer may exchange up to four.
TRJ_LIMIT = 4
#: How a hand's cards are shown and kept: suits alternating in colour, high to low.
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}
#: MANNI-DEAL-1, TRJ-DEAL-1, HORN-DEAL-1: the manni as dealt, and each hand.
MANNI_DEALT = {BASIC: 12, TRJAMANN: 4, HORN: 16}
HAND_DEALT = {BASIC: 12, TRJAMANN: 16, HORN: 12}
#: HORN-CONTRACT-1: the contracts the cut card may fix.
HORN_CONTRACTS = ("grand", "trumps", "nullo")
#: TRJ-CONTRACT-1: the trumps of each contract that names no suit (Grand: TRJ-OPT-3 aside).
TRJ_TRUMPS = {"nullo": None, "grand": None, "spades": "S"}
#: What each Trjámann contract is worth on average to its declarer, played as the medium
#: bot plays it from a random hand (``scripts/measure_manni_contracts.py``). Declaring one now
#: gives up that average later: the search and the bots weigh a contract by its result now
#: less this (a forced Nullo at the end of a game is the cost of keeping it for later).
CONTRACT_VALUE = {"nullo": 0.22, "grand": -1.75, "spades": -1.60, "other": -0.17}
#: The contracts as constant actions: (kind, suit) -> Contract.
CONTRACTS: dict[tuple[str, str | None], Contract] = {
    **{(k, None): Contract(k) for k in ("nullo", "grand", "spades")},
    **{("other", s): Contract("other", s) for s in ("S", "H", "D", "C")},
}
#: MANNI-DECK-1 (48 cards, no twos), TRJ-DECK-1 and HORN-DECK-1 (52), in ``pack`` order.
PACKS = {BASIC: tuple(pack_without_twos()), TRJAMANN: tuple(pack()), HORN: tuple(pack())}

_OPTIONS = {
    "no_spades_in_other": Option(
        "no_spades_in_other",
        "No spades in Other",
        "bool",
        False,
        help="Other may name hearts, diamonds or clubs only.",
    ),
    "four_or_none": Option(
        "four_or_none",
        "Four or none",
        "bool",
        False,
        help="The declarer exchanges exactly four cards or none.",
    ),
    "grand_hearts": Option(
        "grand_hearts",
        "Grand with hearts",
        "bool",
        False,
        help="Grand has hearts as trumps, as the source article reads it.",
    ),
}


def horn_contract(card: Card) -> tuple[str, str | None]:
    """HORN-CONTRACT-1: the contract the cut card fixes, and its trump suit."""
    if card.rank >= 10:  # 10 J Q K A (A-9: the ace counts high)
        return "grand", None
    if card.rank >= 6:
        return "trumps", card.suit
    return "nullo", None


def rank_value(card: Card, low_aces: bool) -> int:
    """MANNI-GEN-7: A (high) K Q ... 3 2 in every suit; HORN-RANK-1: in Hornafjarðarmanni's
    Nullo (``low_aces``) the ace is the lowest, below the two."""
    return 1 if low_aces and card.rank == ACE else card.rank


def trick_winner(plays: Sequence[tuple[int, Card]], trump: str | None, low_aces: bool) -> int:
    """MANNI-GEN-6: the seat whose card takes the trick: the highest trump, else the highest
    card of the suit led (a card of another suit never wins)."""
    led = plays[0][1].suit

    def worth(play: tuple[int, Card]) -> tuple[bool, bool, int]:
        card = play[1]
        return card.suit == trump, card.suit == led, rank_value(card, low_aces)

    return max(plays, key=worth)[0]


# --- the game ----------------------------------------------------------------------------


class Manni(Game):
    id = "manni"
    name = "Manni"
    summary = "Icelandic tricks for three: basic, Trjámann, Hornafjarðarmanni."
    players = (3,)
    score_label = "points"
    emblem = ("KD", "AS", "7H")
    default_variant = BASIC
    variants: ClassVar[dict[str, Variant]] = {
        BASIC: Variant(
            "Basic Manni",
            "48 cards, trumps rotate; swap your hand for the manni? First to 10 points.",
        ),
        TRJAMANN: Variant(
            "Trjámann",
            "16 cards each; declare Nullo, Grand, Spades and Other once each in 12 hands.",
            tuple(_OPTIONS.values()),
        ),
        HORN: Variant(
            "Hornafjarðarmanni",
            "The cut card sets the contract; exchange up to 7, 5, then the rest.",
        ),
    }
    seat_names: ClassVar[dict[int, tuple[str, ...]]] = {3: ("South", "West", "East")}

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def full_pack(
        self, players: int, options: Mapping[str, Any], variant: str | None = None
    ) -> list[Card]:
        """MANNI-DECK-1 (48, no twos) or TRJ-DECK-1 / HORN-DECK-1 (52)."""
        return self.pack_for(variant or self.default_variant)

    def pack_for(self, variant: str) -> list[Card]:
        """The variant's pack in ``pack`` order, a new list (``PACKS``)."""
        return list(PACKS[variant])

    def kind(self) -> type[MannState]:
        """The state class this game builds (``Game.state_type``: its kernel, or this
        module's reference)."""
        return cast("type[MannState]", self.state_type())

    def new_state(
        self,
        players: int | None = None,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        deck: Sequence[str | Card] | None = None,
        dealer: int | None = None,
    ) -> MannState:
        """A new game: the first dealer drawn from the seeded generator unless given
        (MANNI-GEN-2), then the first hand dealt from the shuffled pack, or from a stacked
        ``deck`` (top first, the rest of the pack shuffled under it: MANNI-GEN-3)."""
        if players is not None and players != PLAYERS:
            self.check_players(players)
        if not options and (variant or BASIC) in _DEFAULTS:  # no options named: the defaults
            variant_id = variant or BASIC
            opts = dict(_DEFAULTS[variant_id])
        else:
            variant_id, opts = self.resolve_options(variant, options)
        rng = random.Random(seed)
        if dealer is None:
            dealer = rng.randrange(PLAYERS)
        else:
            dealer = dealer_seat(dealer, PLAYERS)
        st = self.kind()(self, variant_id, opts, rng)
        st.dealer = dealer
        if deck is None:
            st._deal_shuffled()
        else:
            st._deal(pack_order(self.pack_for(variant_id), deck, rng))
        return st

    def from_json(self, data: Mapping[str, Any]) -> MannState:
        return self.kind().from_json(self, data)

    # --- search hooks ---------------------------------------------------------------------

    def search_horizon(self, root: State, state: State) -> bool:
        """Play-outs stop when the hand being searched is scored."""
        assert isinstance(root, MannState) and isinstance(state, MannState)
        return state.phase == "over" or state.hand_no != root.hand_no

    def search_reward(self, root: State, state: State) -> list[float]:
        """Each seat's reward for the hand searched, in [0, 1]: its result against the
        others' (``hand_value``), less what the contract it used up is worth on average to
        a declarer who still owes it (a forced Nullo later is a cost: ``bots.CONTRACT_VALUE``
        gives it, through ``state.contract_cost``)."""
        assert isinstance(root, MannState) and isinstance(state, MannState)
        if not state.history or state.history[-1]["hand"] != root.hand_no:
            return [0.5, 0.5, 0.5]
        rec = state.history[-1]
        return hand_rewards(state.variant, rec)

    def reward_units(self, root: State, seat: int) -> tuple[float, str]:
        """``hand_rewards``: 0.5 plus the result against the others' average, over 16 (24 in
        Trjamann)."""
        return {BASIC: 16.0, TRJAMANN: 24.0, HORN: 16.0}[root.variant], "points against the others"


def hand_results(variant: str, rec: Mapping[str, Any]) -> list[int]:
    """A scored hand's result per seat: basic Manni's points, the others' results."""
    return list(rec["gains"] if variant == BASIC else rec["results"])


def hand_rewards(variant: str, rec: Mapping[str, Any]) -> list[float]:
    """A hand's results as rewards in [0, 1] for the search: each seat's result against the
    average of the other two (basic Manni scores only above four tricks, so the others'
    points matter as much as one's own), minus the declarer's contract cost."""
    res = hand_results(variant, rec)
    scale = {BASIC: 16.0, TRJAMANN: 24.0, HORN: 16.0}[variant]
    out = []
    for s in range(PLAYERS):
        others = (res[(s + 1) % 3] + res[(s + 2) % 3]) / 2
        v = 0.5 + (res[s] - others) / scale
        if s == rec.get("declarer") and "cost" in rec:
            v -= rec["cost"] / scale
        out.append(min(1.0, max(0.0, v)))
    return out


GAME = Manni()
#: Each variant's options as ``resolve_options`` gives them when none are named.
_DEFAULTS = {v: GAME.resolve_options(v, None)[1] for v in Manni.variants}


# --- the state ---------------------------------------------------------------------------


class MannState(TrickState):
    """A Manni position (any of the three variants), played by the rules as written."""

    __slots__ = (
        *("game", "variant", "options", "rng", "_no_spades", "_four_or_none", "_grand_hearts"),
        *("hand_no", "dealer", "phase", "turn", "contract", "trump", "declarer"),
        *("contract_card", "_low_aces", "hands", "discards", "drawn", "manni", "decisions"),
        *("exchange_queue", "trick", "trick_leader", "tricks", "played", "tricks_won"),
        *("points", "plus", "minus", "owed", "history", "winners_list", "events"),
        *("_legal", "_samples", "_search_copy"),
    )

    def __init__(self, game: Manni, variant: str, options: dict[str, Any], rng: random.Random):
        self.game = game
        self.variant = variant
        self.options = options
        self._no_spades = bool(options.get("no_spades_in_other"))  # TRJ-OPT-1
        self._four_or_none = bool(options.get("four_or_none"))  # TRJ-OPT-2
        self._grand_hearts = bool(options.get("grand_hearts"))  # TRJ-OPT-3
        self.rng = rng
        self.hand_no = 0
        self.dealer = 0
        self.phase = "play"  # swap | contract | exchange | play | over
        self.turn: int | None = None
        self.contract = "trumps"  # basic: trumps; Trjámann: "" until declared
        self.trump: str | None = None  # None: no trumps
        self.declarer: int | None = None  # Trjámann's eldest (TRJ-DECL-1)
        self.contract_card: Card | None = None  # Hornafjarðarmanni's cut card (HORN-CUT-1)
        self._low_aces = False  # HORN-RANK-1: Hornafjarðarmanni's Nullo
        self.hands: list[list[Card]] = [[], [], []]  # each sorted (``hand_key``)
        self.discards: list[list[Card]] = [[], [], []]  # GEN-5: face down
        self.drawn: list[list[Card]] = [[], [], []]  # what each drew this hand (private)
        self.manni: list[Card] = []  # GEN-4: what is left of it, the next draw first
        self.decisions: list[Any] = [None, None, None]  # "swap", "keep" or a count drawn
        self.exchange_queue: list[int] = []  # seats still to swap or exchange, next first
        self.trick: list[tuple[int, Card]] = []  # (seat, card), in the order played
        self.trick_leader = 0
        self.tricks: list[Trick[Card]] = []  # this hand's finished tricks (``tricks.py``)
        self.played: list[Card] = []  # the cards of this hand's finished tricks
        self.tricks_won = [0, 0, 0]
        self.points = [0, 0, 0]  # basic Manni
        self.plus = [0, 0, 0]  # Trjámann, Hornafjarðarmanni
        self.minus = [0, 0, 0]
        self.owed: list[list[str]] = [list(CONTRACT_KINDS) for _ in range(3)]  # TRJ-CONTRACT-2
        self.history: list[dict[str, Any]] = []  # the score sheet: one record a hand
        self.winners_list: list[int] = []
        self.events: list[Event] = []
        self._legal: Sequence[Action] | None = None  # the seat to move's, once listed
        # What sample_hidden works out for a position (``sampling.facts``), so a search
        # computes it once per root
        self._samples: tuple[int, dict[int, Any]] | None = None
        self._search_copy = False  # a search's copy: no hand is dealt after this one

    # --- small facts ----------------------------------------------------------------------

    @property
    def eldest(self) -> int:
        """MANNI-GEN-1: the dealer's left, who decides and leads first."""
        return (self.dealer + 1) % 3

    @property
    def avoid(self) -> bool:
        """Nullo: tricks are to be avoided."""
        return self.contract == "nullo"

    def hand_key(self, card: Card) -> int:
        """Where a card goes in a sorted hand: by suit (S H C D), then high to low as the
        hand ranks its cards (aces low in Hornafjarðarmanni's Nullo)."""
        return SUIT_ORDER[card.suit] * 16 + 15 - rank_value(card, self._low_aces)

    def _sorted(self, cards: Sequence[Card]) -> list[Card]:
        return sorted(cards, key=self.hand_key)

    def exchange_sizes(self, seat: int) -> tuple[int, ...]:
        """How many cards ``seat`` may discard now: never more than he holds or the manni
        has left; TRJ-EXCH-1 up to four (TRJ-OPT-2: four or none), HORN-EXCH-1 up to 7 for
        eldest, 5 for middle and 12 for the dealer. Zero is always allowed."""
        room = min(len(self.manni), len(self.hands[seat]))
        if self.variant == TRJAMANN:
            top = min(TRJ_LIMIT, room)
            if self._four_or_none:
                return (0, TRJ_LIMIT) if top == TRJ_LIMIT else (0,)
            return tuple(range(top + 1))
        limit = HORN_LIMITS[(seat - self.dealer - 1) % 3]
        return tuple(range(min(limit, room) + 1))

    def other_suits(self) -> tuple[str, ...]:
        """The suits Other may name (TRJ-CONTRACT-1; TRJ-OPT-1: not spades)."""
        return ("H", "D", "C") if self._no_spades else ("S", "H", "D", "C")

    def offered_contracts(self, seat: int) -> list[Contract]:
        """TRJ-CONTRACT-2, TRJ-OPT-1: the contracts ``seat`` still owes (Other per suit)."""
        out: list[Contract] = []
        for kind in self.owed[seat]:
            if kind == "other":
                out += [CONTRACTS[("other", s)] for s in self.other_suits()]
            else:
                out.append(CONTRACTS[(kind, None)])
        return out

    def scores(self) -> list[int]:
        """Basic: the points; the others: each player's net (plus less minus)."""
        if self.variant == BASIC:
            return list(self.points)
        return [p - m for p, m in zip(self.plus, self.minus, strict=True)]

    def deals_played(self) -> int:
        return self.hand_no

    # --- legal actions --------------------------------------------------------------------

    def _legal_for(self, seat: int) -> Sequence[Action]:
        """The choices of ``seat``, the seat to move (spec section C), for
        ``TurnState.legal_actions``: swap or keep (MANNI-EXCH-1); a contract still owed
        (TRJ-CONTRACT-1/2); a set of cards to discard, smallest first (TRJ-EXCH-1,
        HORN-EXCH-1); a card to play (MANNI-GEN-6)."""
        if self.phase == "play":
            return [PLAY[c] for c in self.playable(seat)]
        if self.phase == "swap":
            return [SWAP, KEEP]
        if self.phase == "contract":
            return self.offered_contracts(seat)
        return DiscardChoices(self.hands[seat], self.exchange_sizes(seat))

    def held(self, seat: int) -> list[Card]:
        """``seat``'s hand, to read and not to change: the hard bot's play-outs read it every
        move, and the kernel gives it without handing out every hand (``kernel.py``)."""
        return self.hands[seat]

    def playable(self, seat: int) -> list[Card]:
        """MANNI-GEN-6: the leader may lead any card; a follower must play a card of the suit
        led if he holds one, else any card (no duty to beat or to trump)."""
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0][1].suit
            follow = [c for c in hand if c.suit == led]
            if follow:
                return follow
        return list(hand)

    # --- apply ----------------------------------------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Check ``action`` (or its text) for ``seat`` (default: the seat to move) and make
        it; the events it logged. Refused (``IllegalAction``, nothing changed) when the game
        is over, it is not the seat's turn, or the action is not one of this phase's."""
        turn = self.turn
        if turn is None:
            raise IllegalAction("the game is over")
        if seat is not None and seat != turn:
            raise IllegalAction(f"it is not your turn (waiting for seat {turn + 1})")
        act = self._coerce(action)
        mark = len(self.events)
        if self.phase == "play":
            if not isinstance(act, Play):
                raise IllegalAction("the tricks are being played: play a card")
            self._play(turn, act.card)
        elif self.phase == "swap":
            if not isinstance(act, (Swap, Keep)):
                raise IllegalAction("swap your hand for the manni, or keep it")
            self._swap(turn, isinstance(act, Swap))
        elif self.phase == "contract":
            if not isinstance(act, Contract):
                raise IllegalAction("announce a contract first")
            self._declare(turn, act)
        else:
            if isinstance(act, Keep):  # keep: discard nothing
                act = NO_DISCARD
            if not isinstance(act, Discard):
                raise IllegalAction("it is the exchange: discard cards to draw as many, or keep")
            self._exchange(turn, act)
        self._legal = None
        return self.events[mark:]

    # --- the swap (basic Manni) -----------------------------------------------------------

    def _swap(self, seat: int, swap: bool) -> None:
        """MANNI-EXCH-1..4: eldest, middle, then the dealer swap or keep. A swap makes the
        player's hand a dead pile (GEN-5) and the manni his hand, and ends the phase; if all
        three keep, the dealt hands play and the manni stays unseen."""
        del self.exchange_queue[0]
        if swap:
            self.discards[seat] = self.hands[seat]  # MANNI-EXCH-2
            self.hands[seat] = self._sorted(self.manni)
            self.drawn[seat] = list(self.hands[seat])
            self.manni = []
            self.decisions[seat] = "swap"
            self.exchange_queue = []  # MANNI-EXCH-3: at most one swap a hand
            self.events.append(Event("swap", seat, wording.swaps(seat), {}))
        else:
            self.decisions[seat] = "keep"
            self.events.append(Event("keep", seat, wording.keeps(seat), {}))
        if self.exchange_queue:
            self.turn = self.exchange_queue[0]
        else:
            self._start_play()  # MANNI-EXCH-4 when nobody swapped

    # --- the contract (Trjámann) ----------------------------------------------------------

    def _declare(self, seat: int, act: Contract) -> None:
        """TRJ-CONTRACT-1..3: the declarer announces a contract he still owes, to all, before
        the exchange (TRJ-EXCH-1), which is his alone."""
        trump = self._contract_trumps(seat, act)
        self.owed[seat] = [k for k in self.owed[seat] if k != act.kind]  # TRJ-CONTRACT-2
        self.contract = act.kind
        self.trump = trump
        self.phase = "exchange"
        self.exchange_queue = [seat]
        data = {"contract": act.kind, "trump": trump}
        self.events.append(Event("contract", seat, wording.declares, data))

    def _contract_trumps(self, seat: int, act: Contract) -> str | None:
        """The trumps ``act`` makes (None: no trumps), or the reason it is refused:
        TRJ-CONTRACT-1 (the four contracts, only Other names a suit), TRJ-CONTRACT-2 (each
        once a game), TRJ-OPT-1 (no spades in Other), TRJ-OPT-3 (Grand with hearts)."""
        if act.kind not in CONTRACT_KINDS:
            raise IllegalAction("contracts: nullo, grand, spades, other SUIT")
        if act.kind not in self.owed[seat]:
            owed = ", ".join(self.owed[seat])
            raise IllegalAction(
                f"you have declared {act.kind} already this game; you still owe: {owed}"
            )
        if act.kind == "other":
            if act.suit not in self.other_suits():
                names = ", ".join(SUIT_NAMES[s] for s in self.other_suits())
                raise IllegalAction(f"Other names its trump suit: {names}")
            return act.suit
        if act.suit is not None:
            raise IllegalAction(f"{act.kind} names no suit")
        if act.kind == "grand" and self._grand_hearts:
            return "H"
        return TRJ_TRUMPS[act.kind]

    # --- the exchange (Trjámann, Hornafjarðarmanni) ---------------------------------------

    def _exchange(self, seat: int, act: Discard) -> None:
        """TRJ-EXCH-1, HORN-EXCH-1/2: discard face down (GEN-5), then draw as many from the
        top of the manni (GEN-4). The next in turn decides after this one is done."""
        cards = act.cards
        self._check_discard(seat, cards)
        k = len(cards)
        drawn = self.manni[:k]
        del self.manni[:k]
        kept = [c for c in self.hands[seat] if c not in cards]
        self.hands[seat] = self._sorted(kept + drawn)
        self.discards[seat] = self.discards[seat] + list(cards)
        self.drawn[seat] = drawn
        self.decisions[seat] = k
        del self.exchange_queue[0]
        self.events.append(Event("exchange", seat, wording.EXCHANGES, {"count": k}))
        if self.exchange_queue:
            self.turn = self.exchange_queue[0]
        else:
            self._start_play()

    def _check_discard(self, seat: int, cards: Sequence[Card]) -> None:
        """Refuse a discard of a card not held or named twice, or of a number of cards the
        exchange does not allow (``exchange_sizes``: TRJ-EXCH-1, TRJ-OPT-2, HORN-EXCH-1)."""
        if len(set(cards)) != len(cards):
            raise IllegalAction("a card is named twice")
        for c in cards:
            if c not in self.hands[seat]:
                raise IllegalAction(f"you do not hold {c.code}")
        sizes = self.exchange_sizes(seat)
        if len(cards) not in sizes:
            if self.variant == TRJAMANN and self._four_or_none:
                raise IllegalAction("exchange exactly four cards, or none (four or none)")
            top = sizes[-1]
            raise IllegalAction(f"you may exchange at most {top} card{'s' * (top != 1)}")

    # --- the tricks -----------------------------------------------------------------------

    def _start_play(self) -> None:
        """MANNI-PLAY-1, TRJ-PLAY-1, HORN-PLAY-1: the exchange over, eldest leads."""
        self.phase = "play"
        self.exchange_queue = []
        self.turn = self.trick_leader = self.eldest

    def _play(self, seat: int, card: Card) -> None:
        """MANNI-GEN-6: lead any card held; follow the suit led if you can. The third card
        closes the trick."""
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalAction(f"you do not hold {card.code}")
        if self.trick:
            led = self.trick[0][1].suit
            if card.suit != led and any(c.suit == led for c in hand):
                raise IllegalAction(f"you must follow {SUIT_NAMES[led]}")
        hand.remove(card)
        self.trick.append((seat, card))
        data = {"cards": [card.code]}
        if len(self.trick) == 1:
            self.events.append(Event("lead", seat, wording.LEADS, data))
        else:
            self.events.append(Event("play", seat, wording.PLAYS, data))
        if len(self.trick) == 3:
            self._close_trick()
        else:
            self.turn = (seat + 1) % 3

    def _close_trick(self) -> None:
        """MANNI-GEN-6: the trick goes to its best card; its winner leads the next. Every
        hand is played to its last trick, then scored."""
        plays = self.trick
        winner = trick_winner(plays, self.trump, self._low_aces)
        card = next(c for s, c in plays if s == winner)
        self.tricks.append((plays, winner))
        self.played += [c for _, c in plays]
        self.trick = []
        self.tricks_won[winner] += 1  # MANNI-GEN-8: only the number counts
        self.events.append(Event("trick", winner, wording.WINS, {"cards": [card.code]}))
        if self.hands[winner]:
            self.turn = self.trick_leader = winner
        else:
            self._score()

    # --- dealing --------------------------------------------------------------------------

    def _deal(self, cards: list[Card]) -> None:
        """A new hand from ``cards``, the shuffled pack top first (MANNI-GEN-3): the hands and
        the manni dealt, the hand's trumps or contract set, eldest to decide first."""
        self.hand_no += 1
        e, m, d = self.eldest, (self.dealer + 2) % 3, self.dealer
        self.contract_card = None
        self.declarer = None
        data: dict[str, Any] = {"hand": self.hand_no, "manni": MANNI_DEALT[self.variant]}
        if self.variant == BASIC:
            self.contract = "trumps"
            self.trump = TRUMP_CYCLE[(self.hand_no - 1) % 4]  # MANNI-TRUMP-1
            data["trump"] = self.trump
            self.phase = "swap"  # MANNI-EXCH-1
            self.exchange_queue = [e, m, d]
        elif self.variant == TRJAMANN:
            self.contract, self.trump = "", None  # the declarer announces it
            self.declarer = e  # TRJ-DECL-1
            self.phase = "contract"
            self.exchange_queue = []
        else:
            card = cards[-1]  # HORN-CUT-1: the bottom card, turned for all to see
            self.contract_card = card
            self.contract, self.trump = horn_contract(card)  # HORN-CONTRACT-1
            data.update(card=card.code, contract=self.contract, trump=self.trump)
            self.phase = "exchange"  # HORN-EXCH-1
            self.exchange_queue = [e, m, d]
        self._low_aces = self.variant == HORN and self.contract == "nullo"  # HORN-RANK-1
        hands, self.manni = self._packets(cards)
        self.hands = [self._sorted(h) for h in hands]
        self.discards = [[], [], []]
        self.drawn = [[], [], []]
        self.decisions = [None, None, None]
        self.trick = []
        self.tricks = []
        self.played = []
        self.tricks_won = [0, 0, 0]
        self.events.append(Event("deal", d, wording.DEALS, data))
        self.turn = e

    def _packets(self, cards: list[Card]) -> tuple[list[list[Card]], list[Card]]:
        """Each seat's dealt cards and the manni's, in the order dealt. MANNI-DEAL-1 and
        TRJ-DEAL-1: rounds of a packet of four to eldest, middle and the dealer; the rest is
        the manni. HORN-DEAL-1: four rounds of four to the manni, then three to each (the
        dealer's last card is the cut card)."""
        order = (self.eldest, (self.dealer + 2) % 3, self.dealer)
        hands: list[list[Card]] = [[], [], []]
        manni: list[Card] = []
        if self.variant == HORN:
            for top in range(0, 52, 13):
                manni += cards[top : top + 4]
                for i, seat in enumerate(order):
                    hands[seat] += cards[top + 4 + 3 * i : top + 7 + 3 * i]
            return hands, manni
        rounds = HAND_DEALT[self.variant] // 4
        for top in range(0, 12 * rounds, 12):
            for i, seat in enumerate(order):
                hands[seat] += cards[top + 4 * i : top + 4 * i + 4]
        return hands, cards[12 * rounds :]

    # --- scoring and the end --------------------------------------------------------------

    def _score(self) -> None:
        """The hand played out: each seat's result on the sheet, then the game ends, or the
        next hand is dealt (a search's copy stops here: its horizon)."""
        tricks = self.tricks_won[:]
        if self.variant == BASIC:
            rec = self._score_points(tricks)
            results = rec["gains"]
        else:
            rec = self._score_plus_minus(tricks)
            results = rec["results"]
        self.history.append(rec)
        data = {"tricks": tricks, "results": results[:], "variant": self.variant}
        self.events.append(Event("score", None, wording.SCORES, data))
        if self._game_ends():
            net = self.scores()
            self._end([s for s in range(3) if net[s] == max(net)])
        elif self._search_copy:
            self.turn = None
            self.hand_no += 1
        else:
            self.dealer = (self.dealer + 1) % 3  # MANNI-GEN-2: the deal passes to the left
            self._deal_shuffled()

    def _sheet_head(self, tricks: list[int]) -> dict[str, Any]:
        """What every record of the score sheet starts with."""
        return {
            "hand": self.hand_no,
            "dealer": self.dealer,
            "contract": self.contract,
            "trump": self.trump,
            "declarer": self.declarer,
            "tricks": tricks,
        }

    def _score_points(self, tricks: list[int]) -> dict[str, Any]:
        """MANNI-SCORE-1: a point for each trick above four, never less than none."""
        gains = [max(0, t - 4) for t in tricks]
        for s in range(3):
            self.points[s] += gains[s]
        return {**self._sheet_head(tricks), "gains": gains, "totals": self.points[:]}

    def _score_plus_minus(self, tricks: list[int]) -> dict[str, Any]:
        """Each seat's result against his target: TRJ-SCORE-1..3 (the declarer's 8, each
        other 4; Nullo 4 and 6, tricks to be avoided), HORN-SCORE-1 (4 each). A positive
        result goes to the plus column, a negative one to the minus (TRJ-SCORE-4,
        HORN-SCORE-2)."""
        nullo = self.contract == "nullo"
        if self.variant == TRJAMANN:
            mine, others = (4, 6) if nullo else (8, 4)
            targets = [mine if s == self.declarer else others for s in range(3)]
        else:
            targets = [4, 4, 4]
        results = [(g - t) if nullo else (t - g) for t, g in zip(tricks, targets, strict=True)]
        for s, r in enumerate(results):
            if r > 0:
                self.plus[s] += r
            elif r < 0:
                self.minus[s] -= r
        rec = {
            **self._sheet_head(tricks),
            "targets": targets,
            "results": results,
            "plus": self.plus[:],
            "minus": self.minus[:],
        }
        if self.variant == TRJAMANN and self.declarer is not None:
            rec["cost"] = CONTRACT_VALUE[self.contract]
        return rec

    def _game_ends(self) -> bool:
        if self.variant == BASIC:
            return max(self.points) >= GAME_POINTS  # MANNI-END-1
        if self.variant == TRJAMANN:
            return self.hand_no >= TRJ_HANDS  # TRJ-END-1
        return max(self.plus) >= GAME_POINTS  # HORN-END-1

    def _deal_shuffled(self) -> None:
        """MANNI-GEN-3: a hand dealt from the whole pack, shuffled from the pack's own order
        (where the cards lay before makes no difference to a shuffle)."""
        cards = list(PACKS[self.variant])
        shuffle(self.rng, cards)
        self._deal(cards)

    def _end(self, winners: list[int]) -> None:
        """MANNI-END-2, TRJ-END-2, HORN-END-2: the highest total wins; ties share."""
        self.phase = "over"
        self.turn = None
        self.exchange_queue = []
        self.winners_list = sorted(winners)
        data = {"winners": self.winners_list}
        self.events.append(Event("gameover", None, wording.game_over, data))

    # --- views, copies, samples -----------------------------------------------------------

    def best_so_far(self) -> int | None:
        """The seat winning the trick on the table so far (MANNI-GEN-6)."""
        return trick_winner(self.trick, self.trump, self._low_aces) if self.trick else None

    def contract_card_live(self) -> bool:
        """Is the Hornafjarðarmanni contract card still face up (not yet played)?"""
        card = self.contract_card
        if card is None:
            return False
        return card not in self.played and all(c is not card for _, c in self.trick)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees: own hand, discards and draws, every public fact, no other
        hand and no manni card (spec C, hidden information). ``None``: a spectator, who
        sees no hand at all."""
        hand = discards = drawn = None
        if seat is not None:
            hand = [c.code for c in self.hands[seat]]
            discards = [c.code for c in self.discards[seat]]
            drawn = [c.code for c in self.drawn[seat]]
        return {
            "game": self.game.id,
            "variant": self.variant,
            "options": dict(self.options),
            "players": PLAYERS,
            "seat": seat,
            "phase": self.phase,
            "to_move": self.turn,
            "scores": self.scores(),
            "hand": hand,
            "my_discards": discards,
            "my_drawn": drawn,
            "hand_sizes": [len(h) for h in self.hands],
            "discarded": [len(d) for d in self.discards],
            "decisions": list(self.decisions),
            "exchange_queue": list(self.exchange_queue),
            "exchange_sizes": (
                list(self.exchange_sizes(self.turn))
                if self.phase == "exchange" and self.turn is not None
                else None
            ),
            "manni": len(self.manni),
            "dealer": self.dealer,
            "eldest": self.eldest,
            "hand_no": self.hand_no,
            "hands_in_game": TRJ_HANDS if self.variant == TRJAMANN else None,
            "contract": self.contract,
            "trump": self.trump,
            "declarer": self.declarer,
            "low_aces": self._low_aces,
            "contract_card": self.contract_card.code if self.contract_card else None,
            "contract_card_live": self.contract_card_live(),
            "owed": [list(o) for o in self.owed] if self.variant == TRJAMANN else None,
            **self.trick_fields(),
            "played": [c.code for c in self.played],
            "points": list(self.points),
            "plus": list(self.plus),
            "minus": list(self.minus),
            "history": [dict(h) for h in self.history],
            "winners": list(self.winners_list),
        }

    def clone(self, rng: random.Random | None = None, *, events: bool = True) -> MannState:
        """An independent copy of the same class; ``rng`` replaces the copy of the generator
        (for samples); ``events=False`` starts the copy's log empty (a search never reads
        it)."""
        new = object.__new__(type(self))
        for name in SHARED_FIELDS:  # values never changed in place: shared
            object.__setattr__(new, name, getattr(self, name))
        new.rng = positions.copy_rng(self.rng) if rng is None else rng
        new.hands = [h.copy() for h in self.hands]
        new.discards = [d.copy() for d in self.discards]
        new.drawn = [d.copy() for d in self.drawn]
        new.manni = self.manni.copy()
        new.decisions = self.decisions.copy()
        new.exchange_queue = self.exchange_queue.copy()
        new.trick = self.trick.copy()
        new.tricks = self.tricks.copy()  # each finished trick is never changed
        new.played = self.played.copy()
        new.tricks_won = self.tricks_won.copy()
        new.points = self.points.copy()
        new.plus = self.plus.copy()
        new.minus = self.minus.copy()
        new.owed = [o.copy() for o in self.owed]
        new.history = self.history.copy()  # each record is never changed
        new.winners_list = self.winners_list.copy()
        new.events = self.events.copy() if events else []
        new._legal = None
        new._samples = None
        new._search_copy = False
        return new

    def zones(self) -> dict[str, Sequence[Card]]:
        """Hands, discards (dead piles), the manni, this hand's tricks, the trick."""
        out: dict[str, Sequence[Card]] = {}
        for s in range(3):
            out[f"hand {s}"] = self.hands[s]
            out[f"discards {s}"] = self.discards[s]
        out["manni"] = self.manni
        out["played"] = self.played
        out["trick"] = self.trick_cards()
        return out

    def all_cards(self) -> list[Card]:
        out = [*self.played, *self.manni]
        for s in range(3):
            out += self.hands[s]
            out += self.discards[s]
        return out + self.trick_cards()

    def hidden_zones(self, seat: int | None) -> tuple[str, ...]:
        """Other hands, other players' discards (GEN-5) and the manni (GEN-4)."""
        hidden = [f"{z} {s}" for s in range(3) if s != seat for z in ("hand", "discards")]
        return (*hidden, "manni")

    def voids(self) -> list[set[str]]:
        """The suits each seat has shown it lacks this hand (failing to follow, GEN-6)."""
        return voids_shown(self.hand_plays(), 3)

    def _sample(self, observer: int, rng: random.Random, *, events: bool) -> MannState:
        """Re-deal what ``observer`` cannot see, consistent with the play (``sampling``):
        ``TurnState.sample_hidden`` and ``search_copy`` deal through it."""
        return sampling.sample_hidden(self, observer, rng, events=events)

    def clone_seeing_hands(self, observer: int, rng: random.Random) -> MannState:
        """Every hand as it is; the manni's rest and the other players' discards dealt
        again among themselves (``sampling.seeing_hands``)."""
        return sampling.seeing_hands(self, observer, rng)

    # --- JSON (``codec.py``) --------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        from .codec import to_json

        return to_json(self)

    @classmethod
    def from_json(cls, game: Manni, data: Mapping[str, Any]) -> MannState:
        """Load a position; raises ``ValueError`` saying what is wrong (nothing half-read)."""
        from .codec import load

        return load(cls, game, data)


#: The fields a copy shares with its original: values, or lists the rules never change in
#: place (``clone``).
SHARED_FIELDS = (
    *("game", "variant", "options", "_no_spades", "_four_or_none", "_grand_hearts"),
    *("_low_aces", "hand_no", "dealer", "phase", "turn", "contract", "trump", "declarer"),
    *("contract_card", "trick_leader"),
)

__all__ = [
    "CONTRACTS",
    "CONTRACT_VALUE",
    "GAME",
    "MannState",
    "Manni",
    "contract_name",
    "horn_contract",
    "trick_winner",
]


Manni.state_class = MannState
