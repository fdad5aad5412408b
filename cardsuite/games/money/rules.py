"""Money (Jordanian, with jokers, Egyptian Floos toggles, Syrian Buy-Sell): the rules.

This is the reference: the rules as ``shared/rules/money.md`` states them, one general path
for every action, each check citing its rule ID (``MONEY-CLAIM-4`` ...). What is not a rule
lives beside it: the JSON layout and the checks of a loaded position in ``codec.py``, the
log's wording in ``wording.py``, the actions and their text in ``actions.py``, what a buyer
can buy (a small memoised search) in ``purchases.py``. The game builds ``kernel.py``'s
``MoneyKernel``, this state with the moves of a play-out made fast and proved equal to it
move for move (``tests/contract/test_lockstep.py``); ``CARDSUITE_RULES=reference`` builds
this one.

Money is a race, but the rules are not timed: a ``claim`` is just an action either seat may
take at any moment, judged when it is made (MONEY-CLAIM-2): valid if the claimant turned the
most recent card, it is still on top, and it made a match; any other claim on a non-empty
pile is false and the opponent takes the ground (MONEY-CLAIM-4). The opponent's next
``turn`` therefore closes the window by itself. The clock (the throw time, who pressed
first) lives in the screen and ``referee.py``.

Action text (also in ``help.md``): ``turn``; ``claim``; ``exchange Q for K J with opponent``
(or ``with ground``); ``buy K from ground``, ``buy J from ground change K``,
``buy Q from opponent``; and for the seller ``sell 15``, ``sell 10 change K``. Money is
written by rank: ``K Q J``, ``A`` (Egyptian aces) and ``JK`` (Syrian jokers).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from ... import positions
from ...cards import ACE, JACK, JOKER, JOKER_RANK, KING, QUEEN, SUITS, Card
from ...engine import Action, Event, Game, IllegalAction, Option, State, Variant
from ...shuffle import shuffle
from . import codec, wording
from .actions import (
    CLAIMS,
    GROUND,
    OPPONENT,
    TURN,
    Buy,
    Claim,
    Exchange,
    Sell,
    Turn,
    parse_action,
    purse_text,
    rank_name,
)
from .coins import Purse, contains, purse, remove, sub_purses, value
from .purchases import (
    direct_purchase,
    exchange_offers,
    exchanges_keeping_a_purchase,
    keeps_purchase,
    purchase_possible,
)

MAX_EXCHANGES = 3  # MONEY-BUY-7, D12: exchanges a turn
SOURCE_THRESHOLD = 5  # MONEY-BUY-2, D20: from this many cards on the ground, buy there
KOMMI = Card(7, "D")  # MONEY-EG-6

# --- variants and options ----------------------------------------------------------------


def _toggle(option_id: str, name: str, help_text: str) -> Option:
    """A rule that is on or off: off in the standard game, on where a variant says."""
    return Option(option_id, name, "bool", False, help=help_text)


_OPTIONS = [
    _toggle("jokers", "Jokers", "Two jokers join the number cards."),  # MONEY-JOKERS-1
    _toggle(  # MONEY-EG-1
        "auto_capture", "Automatic capture", "Egyptian: every match is captured at once; no snap."
    ),
    _toggle(  # MONEY-EG-2
        "buy_at_will",
        "Buy at will",
        "Egyptian: exchange and buy at the start of any turn, from either source.",
    ),
    _toggle(  # MONEY-EG-3
        "sell_bottom",
        "Sold from the bottom",
        "Egyptian: a seller hands over the bottom cards of the stack.",
    ),
    Option(  # MONEY-EG-4
        "scale",
        "Money values",
        "choice",
        "standard",
        choices=("standard", "a", "b"),
        help="standard K5 Q15 J10; Egyptian (a) Q5 K10 J15; (b) Q10 K15 J20.",
    ),
    _toggle(  # MONEY-EG-5
        "aces_money", "Aces are money", "Egyptian: aces are money worth 30; two in each bank."
    ),
    _toggle("kommi", "Al-kommi 7♦", "Egyptian: the 7 of diamonds takes any pile."),  # MONEY-EG-6
    _toggle(  # MONEY-SY-1..4
        "syrian",
        "Syrian Buy-Sell",
        "Jokers are money (JK5 J10 Q15 K20); ground purchases from the top.",
    ),
    Option(  # MONEY-END-3
        "turn_limit",
        "Turn limit",
        "int",
        10000,
        min=0,
        max=1_000_000,
        help="Cards turned before the game is decided on worth (0: no limit).",
    ),
]


def _variant(name: str, summary: str, **defaults: Any) -> Variant:
    return Variant(
        name,
        summary,
        tuple(
            Option(
                o.id, o.name, o.kind, defaults.get(o.id, o.default), o.choices, o.help, o.min, o.max
            )
            for o in _OPTIONS
        ),
    )


def money_values(options: Mapping[str, Any]) -> dict[int, int]:
    """MONEY-DECK-2, MONEY-EG-4, MONEY-EG-5, MONEY-SY-1."""
    if options["syrian"]:
        return {JOKER_RANK: 5, JACK: 10, QUEEN: 15, KING: 20}
    scale = options["scale"]
    values = {
        "standard": {KING: 5, QUEEN: 15, JACK: 10},
        "a": {QUEEN: 5, KING: 10, JACK: 15},
        "b": {QUEEN: 10, KING: 15, JACK: 20},
    }[scale]
    if options["aces_money"]:
        values[ACE] = 30
    return values


def check_combination(options: Mapping[str, Any]) -> None:
    """MONEY-SY-4, MONEY-JOKERS-3: Syrian takes none of the Egyptian toggles nor jokers."""
    if options["syrian"]:
        extra = [
            k
            for k in ("jokers", "auto_capture", "buy_at_will", "sell_bottom", "aces_money", "kommi")
            if options[k]
        ]
        if options["scale"] != "standard":
            extra.append("scale")
        if extra:
            raise ValueError(
                "Syrian Buy-Sell does not combine with "
                + ", ".join(extra)
                + " (jokers are money there, and the Egyptian toggles are not offered)"
            )


def deal_cards(options: Mapping[str, Any]) -> tuple[list[Card], list[list[Card]]]:
    """The number cards (fresh order) and the two starting banks (MONEY-DEAL-2, EG-5, SY-2)."""
    money_ranks = [KING, QUEEN, JACK] + ([ACE] if options["aces_money"] else [])
    numbers = [Card(r, s) for s in SUITS for r in (ACE, *range(2, 11)) if r not in money_ranks]
    if options["jokers"]:
        numbers += [JOKER, JOKER]
    banks: list[list[Card]] = [[], []]
    for r in money_ranks:
        banks[0] += [Card(r, "S"), Card(r, "H")]
        banks[1] += [Card(r, "D"), Card(r, "C")]
    if options["syrian"]:
        banks[0].append(JOKER)
        banks[1].append(JOKER)
    return numbers, banks


class Money(Game):
    id = "money"
    name = "Money"
    summary = "A snap race: match the pile to capture it; picture cards are money."
    players = (2,)
    score_label = "worth"
    emblem = ("QH", "9S", "9D")
    hidden_hands = False  # nobody, not even the owner, knows a hand: no curtain needed
    realtime = True
    default_variant = "jordanian"
    variants: ClassVar[dict[str, Variant]] = {
        "jordanian": _variant("Jordanian", "The standard game: claim your matches in time."),
        "jokers": _variant(
            "With jokers", "Two jokers as number cards; a joker matches a joker.", jokers=True
        ),
        "egyptian": _variant(
            "Egyptian (Floos)",
            "Automatic capture, buying at will, selling from the bottom, Q5 K10 J15.",
            auto_capture=True,
            buy_at_will=True,
            sell_bottom=True,
            scale="a",
        ),
        "syrian": _variant(
            "Syrian (Buy-Sell)", "Jokers are money; ground purchases come off the top.", syrian=True
        ),
    }
    seat_names: ClassVar[dict[int, tuple[str, ...]]] = {2: ("Left", "Right")}
    preferences: ClassVar[tuple[Option, ...]] = (
        Option(
            "throw_ms",
            "Throw time",
            "int",
            500,
            min=0,
            max=1500,
            presets=(0, 250, 500, 750, 1000, 1500),
            unit="ms",
            help="The least time between two cards turned (every snap window lasts this long).",
        ),
        Option("keys.0.turn", "Left: turn", "key", "a", help="The left player's turn key."),
        Option("keys.0.snap", "Left: snap", "key", "s", help="The left player's snap key."),
        Option("keys.1.turn", "Right: turn", "key", "l", help="The right player's turn key."),
        Option("keys.1.snap", "Right: snap", "key", "k", help="The right player's snap key."),
    )

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def full_pack(
        self, players: int, options: Mapping[str, Any], variant: str | None = None
    ) -> list[Card]:
        """The number cards and both starting banks (MONEY-DEAL-2, EG-5, SY-2)."""
        numbers, banks = deal_cards(options)
        return numbers + banks[0] + banks[1]

    def kind(self) -> type[MoneyState]:
        """The state class this game builds (``Game.state_type``: its kernel, or this
        module's reference)."""
        return cast("type[MoneyState]", self.state_type())

    def new_state(
        self,
        players: int | None = None,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        deck: Sequence[str | Card] | None = None,
        dealer: int | None = None,
    ) -> MoneyState:
        self.check_players(players if players is not None else 2)
        variant_id, opts = self.resolve_options(variant, options)
        check_combination(opts)
        rng = random.Random(seed)
        numbers, banks = deal_cards(opts)
        if deck is not None:
            given = [c if isinstance(c, Card) else Card.parse(c) for c in deck]
            money = set(money_values(opts))
            stacked = [c for c in given if c.rank not in money]  # money cards are skipped
            rest = Counter(numbers)
            rest.subtract(stacked)
            if any(v < 0 for v in rest.values()):
                bad = [str(c) for c, v in rest.items() if v < 0]
                raise ValueError(f"stacked deck has cards that are not number cards: {bad}")
            tail = sorted(rest.elements(), key=lambda c: c.ordinal)
            shuffle(rng, tail)
            order = stacked + tail
        else:
            order = list(numbers)
            shuffle(rng, order)
        st = self.kind()(self, variant_id, opts, rng)
        st.dealer = rng.randrange(2) if dealer is None else dealer  # MONEY-DEAL-1
        if st.dealer not in (0, 1):
            raise ValueError("dealer must be seat 0 or 1")
        first = 1 - st.dealer  # MONEY-DEAL-4
        st.hands[first] = order[0::2]  # MONEY-DEAL-3: alternately, non-dealer first
        st.hands[st.dealer] = order[1::2]
        st.banks = banks
        st.mover = first
        st.events.append(wording.dealt(st.dealer, first, len(order) // 2))
        st._settle()
        return st

    def from_json(self, data: Mapping[str, Any]) -> MoneyState:
        return self.kind().from_json(self, data)

    def choices(self, state: State, seat: int) -> Sequence[Action]:
        return [a for a in state.legal_actions(seat) if not isinstance(a, Claim)]

    # --- search hooks ---------------------------------------------------------------------

    def search_horizon(self, root: State, state: State) -> bool:
        """Play-outs look 40 cards ahead: far enough to see a purchase pay off."""
        assert isinstance(root, MoneyState) and isinstance(state, MoneyState)
        return state.phase == "over" or state.turns >= root.turns + 40

    def search_reward(self, root: State, state: State) -> list[float]:
        """Each side's share of the worth (cards plus money value); a win is 1."""
        assert isinstance(state, MoneyState)
        if state.phase == "over":
            win = state.winners_list
            return [1.0 / len(win) if s in win else 0.0 for s in (0, 1)]
        w = state.scores()
        total = sum(w) or 1
        return [w[0] / total, w[1] / total]

    def reward_units(self, root: State, seat: int) -> tuple[float, str]:
        """A share of the worth on the table (cards plus money) at ``root``."""
        return float(sum(root.scores()) or 1), "worth"


GAME = Money()


# --- the state ---------------------------------------------------------------------------


class MoneyState(State):
    """A Money position. Seats 0 and 1; the fields are the zones of MONEY-ZONE-1..3 and the
    turn's progress (``codec.py`` shows them as JSON).

    Slotted: the kernel (a subclass) reads and writes a dozen of these fields every move."""

    __slots__ = (
        "_auto",
        "_vkey",
        "banks",
        "bought",
        "dealer",
        "end_reason",
        "events",
        "exchanges",
        "game",
        "hands",
        "last",
        "mover",
        "options",
        "phase",
        "pile",
        "pile_ids",
        "rng",
        "sale",
        "turns",
        "under",
        "values",
        "variant",
        "winners_list",
    )

    def __init__(
        self, game: Money, variant: str, options: dict[str, Any], rng: random.Random
    ) -> None:
        self.game = game
        self.variant = variant
        self.options = options
        self._auto = bool(options["auto_capture"])  # MONEY-EG-1 (the bots read it too)
        self.values = money_values(options)
        #: The values as the memoised purchase search takes them (``purchases.py``).
        self._vkey = tuple(sorted(self.values.items()))
        self.rng = rng
        self.dealer = 0
        self.mover = 0  # whose turn it is in play (the buyer, during a sale)
        self.phase = "play"  # play | sell (a seller chooses a split) | over
        self.hands: list[list[Card]] = [[], []]  # top card first (MONEY-ZONE-1)
        self.banks: list[list[Card]] = [[], []]  # MONEY-ZONE-2
        self.pile: list[Card] = []  # bottom first (MONEY-ZONE-3)
        self.pile_ids: list[int] = []  # when each pile card was turned (its turn number)
        self.under: list[Card] = []  # the money under the pile, lowest first
        self.turns = 0  # cards turned so far (MONEY-END-3)
        self.last: tuple[int, int, bool] | None = None  # the last turn: seat, id, match
        self.exchanges = 0  # this turn's (MONEY-BUY-7, D12)
        self.bought = False  # this turn's purchase made (MONEY-EG-2: at most one)
        self.sale: tuple[int, int, Card] | None = None  # buyer, money rank, the card paid
        self.winners_list: list[int] = []
        self.end_reason = ""
        self.events: list[Event] = []

    # --- small facts ----------------------------------------------------------------------

    @property
    def auto_capture(self) -> bool:
        """MONEY-EG-1: every match is captured at once; there are no claims."""
        return self._auto

    def purse_of(self, cards: Sequence[Card]) -> Purse:
        """The money ranks of ``cards``, high to low (suits never matter: MONEY-DECK-1)."""
        return purse(c.rank for c in cards)

    def worth(self, seat: int) -> int:
        """Cards in hand plus the value of the bank (MONEY-END-3)."""
        return len(self.hands[seat]) + value((c.rank for c in self.banks[seat]), self.values)

    def makes_match(self, card: Card) -> bool:
        """Would ``card``, turned now, make a match? MONEY-CAPTURE-1: the pile holds a card
        and the new one has its top card's number (a joker matches a joker, MONEY-JOKERS-2);
        MONEY-EG-6: the 7♦ matches any card."""
        if not self.pile:
            return False
        return card.rank == self.pile[-1].rank or (bool(self.options["kommi"]) and card == KOMMI)

    def claim_is_valid(self, seat: int) -> bool:
        """Would a claim by ``seat`` capture right now? MONEY-CLAIM-2: the claimant turned
        the most recent card, it is still on top of the pile, and it made a match."""
        last = self.last
        return bool(
            not self.auto_capture
            and self.pile
            and last is not None
            and last[0] == seat
            and self.pile_ids[-1] == last[1]
            and last[2]
        )

    def must_buy(self) -> bool:
        """MONEY-BUY-1: the player to move holds no number card."""
        return self.phase == "play" and not self.hands[self.mover]

    def can_shop(self) -> bool:
        """A buying step (forced, MONEY-BUY-1), or the buy-at-will phase before turning
        (MONEY-EG-2: one purchase a turn)."""
        if self.phase != "play":
            return False
        if self.must_buy():
            return True
        return bool(self.options["buy_at_will"]) and not self.bought

    def required_source(self) -> str:
        """MONEY-BUY-2: the ground from 5 number cards on it, else the opponent."""
        return GROUND if len(self.pile) >= SOURCE_THRESHOLD else OPPONENT

    def _possible(self, source: str, depth: int | None = None) -> bool:
        """Can the mover buy from ``source`` now, or after ``depth`` exchanges (default:
        all those left this turn, MONEY-BUY-7)?"""
        d = MAX_EXCHANGES - self.exchanges if depth is None else depth
        return purchase_possible(*self._market(), source, max(0, d), self._vkey)

    def _market(self) -> tuple[Purse, Purse, Purse, int, int]:
        """What the purchase search (``purchases.py``) weighs: the mover's money, the
        opponent's, the money under the pile, the cards on the ground and in the
        opponent's stack."""
        m, o = self.mover, 1 - self.mover
        return (
            self.purse_of(self.banks[m]),
            self.purse_of(self.banks[o]),
            self.purse_of(self.under),
            len(self.pile),
            len(self.hands[o]),
        )

    def buy_sources(self) -> list[str]:
        """Where the mover may buy now, with no more exchanges (MONEY-BUY-2, -13, EG-2)."""
        return [] if self.bought else self._sources(at_will_depth=0)

    def _shopping_sources(self) -> list[str]:
        """Sources a forced buyer may work towards (with exchanges), per BUY-2/-13."""
        return self._sources(at_will_depth=None)

    def _sources(self, at_will_depth: int | None) -> list[str]:
        """MONEY-BUY-2, -13: the required source if a purchase there is possible (after
        exchanges), else the other if that is. MONEY-EG-2 (buying at will): every source
        that can deliver (with ``at_will_depth`` exchanges; None: all those left)."""
        if self.options["buy_at_will"]:
            return [s for s in (GROUND, OPPONENT) if self._possible(s, at_will_depth)]
        required = self.required_source()
        if self._possible(required):
            return [required]
        other = OPPONENT if required == GROUND else GROUND
        return [other] if self._possible(other) else []

    # --- contract: queries ----------------------------------------------------------------

    def to_move(self) -> int | None:
        """The mover; during a sale the seller, who chooses the split (MONEY-BUY-10)."""
        if self.phase == "over":
            return None
        if self.phase == "sell":
            assert self.sale is not None
            return 1 - self.sale[0]
        return self.mover

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[int]:
        """Each seat's worth (MONEY-END-3)."""
        return [self.worth(0), self.worth(1)]

    def winners(self) -> list[int]:
        return list(self.winners_list)

    # --- legal actions --------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        """The steps of the seat to move (below), and for either seat a claim whenever the
        pile holds a number card (MONEY-CLAIM-5, -7; none under MONEY-EG-1)."""
        mover = self.to_move()
        if mover is None:
            return []
        s = mover if seat is None else seat
        out = self._mover_actions() if s == mover else []
        if self.pile and not self.auto_capture:
            out.append(CLAIMS[s])
        return out

    def _mover_actions(self) -> list[Action]:
        """The seller's splits; or the purchases and exchanges of a buying step, then the
        turn once the mover holds a card (MONEY-TURN-2, -5)."""
        if self.phase == "sell":
            return list(self._sell_options())
        out: list[Action] = []
        if self.can_shop():
            out += self._buy_options()
            out += self._exchange_options()
        if self.hands[self.mover] and not self.must_buy():
            out.append(TURN)
        return out

    def _buy_options(self) -> list[Action]:
        """Every purchase the mover may make now: from each source they may buy from
        (MONEY-BUY-2, -13, EG-2), in that order."""
        out: list[Action] = []
        for source in self.buy_sources():
            out += self._purchases_from(source)
        return out

    def _purchases_from(self, source: str) -> list[Action]:
        """Every purchase from ``source``, by payment, high to low (MONEY-BUY-4: one money
        card pays)."""
        out: list[Action] = []
        for pay in sorted(set(self.purse_of(self.banks[self.mover])), reverse=True):
            out += self._purchases_paying(pay, source)
        return out

    def _purchases_paying(self, pay: int, source: str) -> list[Action]:
        """Every purchase paying ``pay`` to ``source``: MONEY-BUY-5 (full value: 1..N
        cards and the rest in change), -6, -9 (the ground's change from under the pile,
        the buyer's choice), -10 (from the opponent, the seller's split: offered if the
        seller can make one)."""
        _, opp, under, on_ground, seller_holds = self._market()
        v = self.values[pay]
        if source == GROUND:
            return [
                Buy(pay, GROUND, ch)
                for ch in sub_purses(under)
                if 1 <= v - value(ch, self.values) <= on_ground
            ]
        if direct_purchase((pay,), opp, seller_holds, self._vkey):
            return [Buy(pay, OPPONENT)]  # the seller has a split
        return []

    def _exchange_options(self) -> list[Action]:
        """MONEY-BUY-7: swaps of equal value with one place, at most ``MAX_EXCHANGES`` a
        turn (D12). A forced buyer is offered only those after which a purchase stays
        possible (money.md §12)."""
        if self.exchanges >= MAX_EXCHANGES:
            return []
        bank, opp, under, on_ground, seller_holds = self._market()
        if not self.must_buy():
            return list(exchange_offers(bank, opp, under, self._vkey))
        sources = tuple(self._shopping_sources())
        left = MAX_EXCHANGES - self.exchanges - 1
        return list(
            exchanges_keeping_a_purchase(
                bank, opp, under, on_ground, seller_holds, sources, left, self._vkey
            )
        )

    def _keeps_purchase(self, x: Exchange, sources: Sequence[str]) -> bool:
        """Does a forced buyer still have a purchase after exchange ``x`` (and the exchanges
        left after it)?"""
        left = MAX_EXCHANGES - self.exchanges - 1
        bank, opp, under, on_ground, seller_holds = self._market()
        return keeps_purchase(
            x, bank, opp, under, on_ground, seller_holds, sources, left, self._vkey
        )

    def _sell_options(self) -> list[Sell]:
        """MONEY-BUY-10: every split of the payment's value into N >= 1 cards from the
        seller's stack and change from the seller's bank, not the card just paid (BUY-6)."""
        assert self.sale is not None
        buyer, pay, _ = self.sale
        seller = 1 - buyer
        v = self.values[pay]
        bank = remove(self.purse_of(self.banks[seller]), [pay])
        have = len(self.hands[seller])
        out = []
        for ch in sub_purses(bank):
            n = v - value(ch, self.values)
            if 1 <= n <= have:
                out.append(Sell(n, ch))
        return out

    # --- apply ----------------------------------------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """One action, checked against the position as it is now (a claim may have changed
        the ground while someone chose: money.md §12), then the end checked (MONEY-END)."""
        act = self._coerce(action)
        if self.phase == "over":
            raise IllegalAction("the game is over")
        mark = len(self.events)
        if isinstance(act, Claim):
            self._claim(self._claimant(act, seat))
        else:
            if seat is not None and seat != self.to_move():
                raise IllegalAction("it is not your turn: you can only claim now")
            if isinstance(act, Turn):
                self._turn()
            elif isinstance(act, Exchange):
                self._exchange(act)
            elif isinstance(act, Buy):
                self._buy(act)
            elif isinstance(act, Sell):
                self._sell(act)
            else:
                raise IllegalAction("not a Money action")
        self._settle()
        return self.events[mark:]

    def _claimant(self, act: Claim, seat: int | None) -> int:
        """Who claims: the claim's seat, else the seat applying it, else the seat to move
        (MONEY-CLAIM-7: either seat, at any moment)."""
        if seat is not None and act.seat is not None and seat != act.seat:
            raise IllegalAction("a claim is made by the seat that claims")
        who = act.seat if act.seat is not None else seat if seat is not None else self.to_move()
        assert who is not None
        return who

    def _turn(self) -> None:
        """MONEY-TURN-2: the top card of the mover's hand goes face up onto the pile (TURN-4:
        onto any money on the ground); a match is captured at once under MONEY-EG-1; then
        the other seat moves (TURN-1), with a fresh buying step."""
        if self.phase == "sell":
            raise IllegalAction("the seller is choosing how to pay out")
        seat = self.mover
        hand = self.hands[seat]
        if not hand:
            raise IllegalAction("you hold no number card: buy first")  # MONEY-BUY-1
        card = hand.pop(0)
        matched = self.makes_match(card)
        self.pile.append(card)
        self.pile_ids.append(self.turns)
        self.last = (seat, self.turns, matched)
        self.turns += 1
        self.events.append(wording.turned(seat, card, matched, len(self.pile)))
        if matched and self.auto_capture:
            self._capture(seat, wording.CAPTURED_BY_MATCH)
        self.mover = 1 - seat
        self.exchanges = 0
        self.bought = False

    def _claim(self, seat: int) -> None:
        """MONEY-CLAIM-2: a valid claim captures; MONEY-CLAIM-4, -6: any other claim on a
        pile with a number card is false, and the opponent takes the ground at once."""
        if seat not in (0, 1):
            raise IllegalAction("no such seat")
        if self.auto_capture:  # MONEY-EG-1
            raise IllegalAction("matches are captured automatically in this variant")
        if not self.pile:  # MONEY-CLAIM-5
            raise IllegalAction("there is nothing on the ground to claim")
        if self.claim_is_valid(seat):
            self._capture(seat, wording.CLAIMED)
        else:
            self.events.append(wording.false_claim(seat))
            self._capture(1 - seat, wording.PENALTY)

    def _capture(self, seat: int, why: str) -> None:
        """MONEY-CAPTURE-2..5: the whole ground: the pile, turned over in one piece, under
        the hand in the same order, and the money under it into the bank."""
        pile, under = self.pile, self.under
        self.hands[seat] += pile
        self.banks[seat] += under
        self.pile, self.pile_ids, self.under = [], [], []
        self.events.append(wording.captured(seat, why, len(pile), under))

    def _take_money(self, cards: list[Card], ranks: Sequence[int]) -> list[Card]:
        """Remove cards of these ranks from a zone (by rank; any suit: MONEY-DECK-1)."""
        taken = []
        for r in ranks:
            for i, c in enumerate(cards):
                if c.rank == r:
                    taken.append(cards.pop(i))
                    break
            else:  # pragma: no cover - callers check first
                raise IllegalAction(f"no {rank_name(r)} there")
        return taken

    def _exchange(self, act: Exchange) -> None:
        """MONEY-BUY-7: give money from the bank, take money of the same total value from
        one place (the opponent's bank or under the pile); the given goes to that place."""
        self._check_exchange(act)
        self._make_exchange(act)

    def _make_exchange(self, act: Exchange) -> None:
        """The exchange ``act``, checked, carried out."""
        m, o = self.mover, 1 - self.mover
        zone = self.banks[o] if act.place == OPPONENT else self.under
        given = self._take_money(self.banks[m], act.give)
        taken = self._take_money(zone, act.take)
        if act.place == OPPONENT:
            self.banks[o].extend(given)
        else:
            self.under[:0] = given  # lowest, as the latest payment (MONEY-ZONE-3)
        self.banks[m].extend(taken)
        self.exchanges += 1
        self.events.append(wording.exchanged(m, given, taken, act.place))

    def _check_exchange(self, act: Exchange) -> None:
        """Why an exchange is refused, if it is."""
        if not self.can_shop():  # MONEY-BUY-1, EG-2
            raise IllegalAction("you may exchange only when buying")
        if self.exchanges >= MAX_EXCHANGES:  # D12
            raise IllegalAction(f"at most {MAX_EXCHANGES} exchanges a turn")
        if act.place not in (OPPONENT, GROUND):
            raise IllegalAction("exchange with opponent or with ground")
        m, o = self.mover, 1 - self.mover
        zone = self.banks[o] if act.place == OPPONENT else self.under
        if not contains(self.purse_of(self.banks[m]), act.give):
            raise IllegalAction(f"your bank has no {purse_text(act.give)}")
        if not contains(self.purse_of(zone), act.take):
            where = "the opponent's bank" if act.place == OPPONENT else "under the pile"
            raise IllegalAction(f"there is no {purse_text(act.take)} in {where}")
        if value(act.give, self.values) != value(act.take, self.values):
            raise IllegalAction("an exchange must be of equal value (MONEY-BUY-7)")
        if act.give == act.take:
            raise IllegalAction("that exchange changes nothing")
        if self.must_buy() and not self._keeps_purchase(act, self._shopping_sources()):
            # money.md §12: an exchange is allowed only if the required purchase stays possible
            raise IllegalAction("after that exchange you could not make the purchase you must")

    def _buy(self, act: Buy) -> None:
        """MONEY-BUY-4: one payment card, to the ground or to the opponent."""
        if not self.can_shop():
            raise IllegalAction("you hold number cards, so you may not buy now (MONEY-BUY-1)")
        if self.bought:  # MONEY-EG-2: at most one purchase
            raise IllegalAction("one purchase a turn")
        if act.pay not in self.values or not contains(
            self.purse_of(self.banks[self.mover]), [act.pay]
        ):
            raise IllegalAction(f"your bank has no {rank_name(act.pay)}")
        sources = self.buy_sources()  # MONEY-BUY-2, -3, -13, EG-2
        if act.source not in sources:
            if not sources:
                raise IllegalAction("no purchase is possible now; exchange first")
            raise IllegalAction(f"you must buy from the {sources[0]} (MONEY-BUY-2)")
        if act.source == GROUND:
            self._buy_from_ground(act)
        else:
            self._buy_from_opponent(act)

    def _buy_from_ground(self, act: Buy) -> None:
        """MONEY-BUY-8: the payment goes under the pile, lowest; the buyer takes N number
        cards and change from under the pile (BUY-5, -6, -9): the bottom N, turned over
        (the lowest card on top), or under MONEY-SY-3 the top N, oldest first. They go under
        any cards the buyer holds (BUY-11)."""
        v = self.values[act.pay]
        if not contains(self.purse_of(self.under), act.change):
            raise IllegalAction("that change is not under the pile")
        n = v - value(act.change, self.values)
        if n < 1:
            raise IllegalAction("a purchase buys at least one card")
        if n > len(self.pile):
            raise IllegalAction(
                f"{rank_name(act.pay)} buys {v}; the ground has {len(self.pile)} cards:"
                " take change or exchange first (MONEY-BUY-5)"
            )
        self._make_ground_purchase(act)

    def _make_ground_purchase(self, act: Buy) -> None:
        """The ground purchase ``act``, checked, carried out."""
        m = self.mover
        n = self.values[act.pay] - value(act.change, self.values)
        change = self._take_money(self.under, act.change)
        pay = self._take_money(self.banks[m], [act.pay])[0]
        self.under.insert(0, pay)
        if self.options["syrian"]:
            got, self.pile = self.pile[-n:], self.pile[:-n]
            self.pile_ids = self.pile_ids[: len(self.pile)]
        else:
            got, self.pile = self.pile[:n], self.pile[n:]
            self.pile_ids = self.pile_ids[n:]
        self.hands[m].extend(got)
        self.banks[m].extend(change)
        self.bought = True
        self.events.append(wording.bought_from_ground(m, pay, n, change))

    def _buy_from_opponent(self, act: Buy) -> None:
        """MONEY-BUY-10: the payment goes to the opponent's bank, and the opponent (now to
        move) chooses the split; the buyer names no change (BUY-6)."""
        if act.change:
            raise IllegalAction("buying from the opponent, the seller chooses the change")
        _, opp, _, _, seller_holds = self._market()
        if not direct_purchase((act.pay,), opp, seller_holds, self._vkey):
            raise IllegalAction("the opponent cannot pay out that much")
        self._make_payment(act)

    def _make_payment(self, act: Buy) -> None:
        """The payment of the opponent purchase ``act``, checked, made: the seller moves."""
        m, o = self.mover, 1 - self.mover
        pay = self._take_money(self.banks[m], [act.pay])[0]
        self.banks[o].append(pay)
        self.sale = (m, act.pay, pay)
        self.phase = "sell"
        self.events.append(wording.paid_opponent(m, pay))

    def _sell(self, act: Sell) -> None:
        """MONEY-BUY-10: the seller hands over the top N cards of the stack in one piece,
        order kept (MONEY-EG-3: the bottom N), under the buyer's cards (BUY-11), and change
        from the bank; the buyer then turns in the same turn (BUY-12)."""
        if self.phase != "sell" or self.sale is None:
            raise IllegalAction("nothing is being sold")
        pay_rank = self.sale[1]
        if act not in self._sell_options():
            raise IllegalAction(
                f"pay out {self.values[pay_rank]} in all: cards from your stack plus change"
                f" from your bank (not the card just paid), at least one card"
            )
        self._make_sale(act)

    def _make_sale(self, act: Sell) -> None:
        """The seller's split ``act``, checked, carried out."""
        assert self.sale is not None
        buyer, _, pay_card = self.sale
        seller = 1 - buyer
        hand = self.hands[seller]
        if self.options["sell_bottom"]:
            got = hand[-act.count :]
            del hand[-act.count :]
        else:
            got = hand[: act.count]
            del hand[: act.count]
        self.hands[buyer].extend(got)
        pool = list(self.banks[seller])
        pool.remove(pay_card)  # the payment is never change (BUY-6)
        change = self._take_money(pool, act.change)
        for c in change:
            self.banks[seller].remove(c)
        self.banks[buyer].extend(change)
        self.sale = None
        self.phase = "play"
        self.mover = buyer
        self.bought = True
        self.events.append(wording.sold(seller, act.count, change))

    # --- the end --------------------------------------------------------------------------

    def _settle(self) -> None:
        """MONEY-END-1..3, checked after every action."""
        if self.phase == "over":
            return
        if self.phase == "play" and not self.pile and not self.under:
            # MONEY-END-2 with nothing on the ground (not while a paid purchase waits: BUY-15)
            for s in (0, 1):
                if not self.hands[1 - s] and not self.banks[1 - s]:
                    self._end([s], wording.holds_every_card(s))
                    return
        limit = int(self.options["turn_limit"])
        if limit and self.turns >= limit:  # MONEY-END-3
            w = self.scores()
            win = [0] if w[0] > w[1] else [1] if w[1] > w[0] else [0, 1]
            self._end(win, wording.turn_limit_reached(limit, w))
            return
        if self.phase == "play" and self.must_buy() and not self._shopping_sources():
            # MONEY-END-1: the winner takes whatever lies on the ground
            loser = self.mover
            winner = 1 - loser
            if self.pile or self.under:
                self._capture(winner, wording.WON_THE_GROUND)
            self._end([winner], wording.cannot_buy(loser))

    def _end(self, winners: list[int], why: str) -> None:
        self.phase = "over"
        self.winners_list = sorted(winners)
        self.end_reason = why
        self.events.append(wording.game_over(self.winners_list, why))

    # --- views, copies, samples -----------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything is public except the hands' contents: only their sizes (MONEY-ZONE-1),
        which nobody sees, not even the owner; so every seat's view is the spectator's."""
        return {
            "game": self.game.id,
            "variant": self.variant,
            "options": dict(self.options),
            "players": 2,
            "values": {rank_name(r): v for r, v in self.values.items()},
            "seat": seat,
            "phase": self.phase,
            "to_move": self.to_move(),
            "mover": self.mover,
            "scores": self.scores(),
            "hand": len(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "banks": [[c.code for c in b] for b in self.banks],
            "pile": [c.code for c in self.pile],
            "under": [c.code for c in self.under],
            "turns": self.turns,
            "last": list(self.last) if self.last else None,
            "top_is_last": bool(self.pile)
            and self.last is not None
            and self.pile_ids[-1] == self.last[1],
            "must_buy": self.must_buy(),
            "can_shop": self.can_shop(),
            "exchanges_left": MAX_EXCHANGES - self.exchanges,
            "source": self.required_source(),
            "exchanges": self.exchanges,
            "bought": self.bought,
            "sale": [self.sale[0], rank_name(self.sale[1]), self.sale[2].code]
            if self.sale
            else None,
            "dealer": self.dealer,
            "winners": list(self.winners_list),
        }

    def clone(self, rng: random.Random | None = None, *, events: bool = True) -> MoneyState:
        """An independent copy; ``rng`` replaces the copy of the generator (for samples);
        ``events=False`` starts the copy's log empty (a search never reads it)."""
        new = copy.copy(self)
        new.rng = positions.copy_rng(self.rng) if rng is None else rng
        new.hands = [h[:] for h in self.hands]
        new.banks = [b[:] for b in self.banks]
        new.pile = self.pile[:]
        new.pile_ids = self.pile_ids[:]
        new.under = self.under[:]
        new.winners_list = self.winners_list[:]
        new.events = self.events[:] if events else []
        return new

    def zones(self) -> dict[str, Sequence[Card]]:
        return {
            "hand 0": self.hands[0],
            "hand 1": self.hands[1],
            "bank 0": self.banks[0],
            "bank 1": self.banks[1],
            "pile": self.pile,
            "under": self.under,
        }

    def all_cards(self) -> list[Card]:
        """The zones' cards, without building the zones (random-play tests call this a lot)."""
        h, b = self.hands, self.banks
        return [*h[0], *h[1], *b[0], *b[1], *self.pile, *self.under]

    def hidden_zones(self, seat: int | None) -> tuple[str, ...]:
        """Both stacks, from everyone: they are face down and nobody looks (MONEY-ZONE-1)."""
        return ("hand 0", "hand 1")

    def sample_hidden(self, observer: int, rng: random.Random) -> MoneyState:
        """Nobody knows any hand (not even its owner): re-deal both, sizes kept."""
        return self._redealt(rng, events=True)

    def search_copy(self, observer: int, rng: random.Random) -> MoneyState:
        """A sample without the log: a search never reads it, and copying thousands of
        events was most of a copy's cost."""
        return self._redealt(rng, events=False)

    def clone_for_search(self, rng: random.Random) -> MoneyState:
        return self.clone(random.Random(rng.getrandbits(63)), events=False)

    #: Stacks are face down to all, owners too (MONEY-ZONE-1): the fair yardstick is hard.
    clone_seeing_hands = search_copy

    def _redealt(self, rng: random.Random, events: bool) -> MoneyState:
        new = self.clone(random.Random(rng.getrandbits(63)), events=events)
        pool = sorted(self.hands[0] + self.hands[1], key=lambda c: c.ordinal)
        shuffle(rng, pool)
        k = len(self.hands[0])
        new.hands = [pool[:k], pool[k:]]
        return new

    # --- JSON (codec.py) ------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return codec.to_json(self)

    def to_json_light(self) -> dict[str, Any]:
        """``to_json`` without the event log (which only ever grows)."""
        return codec.to_json_light(self)

    @classmethod
    def from_json(cls, game: Money, data: Mapping[str, Any]) -> MoneyState:
        """Load a position (``codec.from_json``: ``ValueError`` says what is wrong)."""
        return codec.from_json(cls, game, data)


__all__ = [
    "GAME",
    "GROUND",
    "OPPONENT",
    "Buy",
    "Claim",
    "Exchange",
    "MoneyState",
    "Sell",
    "Turn",
    "parse_action",
    "purse_text",
    "rank_name",
]

Money.state_class = MoneyState
