"""Money (Jordanian, with jokers, Egyptian Floos toggles, Syrian Buy-Sell): the pure rules.

Spec: ``shared/rules/money.md``; rule IDs (``MONEY-CLAIM-4`` ...) are cited where enforced.

The engine is turn-based; the snap's timing lives in the screen (and in ``referee.py`` for
bots): a ``claim`` is just an action either seat may take at any moment, judged when it is
made (MONEY-CLAIM-2): valid if the claimant turned the most recent card, it is still on top,
and it made a match; any other claim on a non-empty pile is false and the opponent takes the
ground (MONEY-CLAIM-4). The opponent's next ``turn`` therefore closes the window by itself.

Action text (also in ``help.md``): ``turn``; ``claim``; ``exchange Q for K J with opponent``
(or ``with ground``); ``buy K from ground``, ``buy J from ground change K``,
``buy Q from opponent``; and for the seller ``sell 15``, ``sell 10 change K``. Money is
written by rank: ``K Q J``, ``A`` (Egyptian aces) and ``JK`` (Syrian jokers).

JSON layout (``to_json``/``from_json``)::

    {"game": "money", "schema": 1, "variant": "jordanian", "options": {...},
     "rng": [...], "dealer": 1, "mover": 0, "phase": "play",     # play | sell | over
     "hands": [["7H", ...], [...]],          # top card first
     "banks": [["KS", "QS", ...], [...]],
     "pile": ["4C", "9D"], "pile_ids": [12, 13],   # bottom first; ids = turn numbers
     "under": ["KD"],                        # money under the pile, lowest first
     "turns": 14, "last": [0, 13, false],    # turned cards so far; last turn: seat, id, match
     "exchanges": 0, "bought": false,        # this turn's exchanges and purchase
     "sale": null | [buyer, pay_rank, "QS"], # an opponent purchase waiting for the seller
     "winners": [], "end": "", "events": [...]}
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, cast

from ... import positions
from ...cards import ACE, JACK, JOKER, JOKER_RANK, KING, QUEEN, SUITS, Card
from ...engine import (
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    State,
    Variant,
    Wording,
    worded,
)
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
    _direct,
    _exchange_actions,
    _possible,
    _purchase_keeping,
    keeps_purchase,
)

SCHEMA = 1
MAX_EXCHANGES = 3  # D12
SOURCE_THRESHOLD = 5  # MONEY-BUY-2, D20
KOMMI = Card(7, "D")  # MONEY-EG-6

# --- variants and options ----------------------------------------------------------------

_OPTIONS = [
    Option("jokers", "Jokers", "bool", False, help="Two jokers join the number cards."),
    Option(
        "auto_capture",
        "Automatic capture",
        "bool",
        False,
        help="Egyptian: every match is captured at once; no snap.",
    ),
    Option(
        "buy_at_will",
        "Buy at will",
        "bool",
        False,
        help="Egyptian: exchange and buy at the start of any turn, from either source.",
    ),
    Option(
        "sell_bottom",
        "Sold from the bottom",
        "bool",
        False,
        help="Egyptian: a seller hands over the bottom cards of the stack.",
    ),
    Option(
        "scale",
        "Money values",
        "choice",
        "standard",
        choices=("standard", "a", "b"),
        help="standard K5 Q15 J10; Egyptian (a) Q5 K10 J15; (b) Q10 K15 J20.",
    ),
    Option(
        "aces_money",
        "Aces are money",
        "bool",
        False,
        help="Egyptian: aces are money worth 30; two in each bank.",
    ),
    Option(
        "kommi", "Al-kommi 7♦", "bool", False, help="Egyptian: the 7 of diamonds takes any pile."
    ),
    Option(
        "syrian",
        "Syrian Buy-Sell",
        "bool",
        False,
        help="Jokers are money (JK5 J10 Q15 K20); ground purchases from the top.",
    ),
    Option(
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
            rng.shuffle(tail)
            order = stacked + tail
        else:
            order = list(numbers)
            rng.shuffle(order)
        st = self.kind()(self, variant_id, opts, rng)
        st.dealer = rng.randrange(2) if dealer is None else dealer  # MONEY-DEAL-1
        if st.dealer not in (0, 1):
            raise ValueError("dealer must be seat 0 or 1")
        first = 1 - st.dealer  # MONEY-DEAL-4
        st.hands[first] = order[0::2]  # MONEY-DEAL-3: alternately, non-dealer first
        st.hands[st.dealer] = order[1::2]
        st.banks = banks
        st.mover = first
        st._log(
            "deal",
            st.dealer,
            f"{{P{st.dealer}}} deals {len(order) // 2} cards each; {{P{first}}} turns first",
        )
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
    """A Money position. Seats 0 and 1.

    Slotted: a play-out reads and writes a dozen of these fields every move."""

    __slots__ = (
        "_at_will",
        "_auto",
        "_kommi",
        "_legal",
        "_limit",
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
        # The options read on every move, read once (a play-out makes a million moves).
        self._at_will = bool(options["buy_at_will"])
        self._auto = bool(options["auto_capture"])
        self._kommi = bool(options["kommi"])
        self._limit = int(options["turn_limit"])
        self.values = money_values(options)
        self._vkey = tuple(sorted(self.values.items()))
        self.rng = rng
        self.dealer = 0
        self.mover = 0
        self.phase = "play"
        self.hands: list[list[Card]] = [[], []]
        self.banks: list[list[Card]] = [[], []]
        self.pile: list[Card] = []
        self.pile_ids: list[int] = []
        self.under: list[Card] = []
        self.turns = 0
        self.last: tuple[int, int, bool] | None = None
        self.exchanges = 0
        self.bought = False
        self.sale: tuple[int, int, Card] | None = None
        self.winners_list: list[int] = []
        self.end_reason = ""
        self.events: list[Event] = []
        self._legal: dict[int, Sequence[Action]] = {}

    # --- small facts ----------------------------------------------------------------------

    @property
    def auto_capture(self) -> bool:
        return self._auto

    def purse_of(self, cards: Sequence[Card]) -> Purse:
        """The money ranks of ``cards``, high to low: asked a dozen times a move where the
        mover may shop (Egyptian), of banks that change a few times a game, so looked up
        by the cards themselves (``_PURSES``) rather than sorted again."""
        key = tuple(cards)
        p = _PURSES.get(key)
        if p is None:
            if len(_PURSES) >= _PURSES_MAX:
                _PURSES.clear()
            p = _PURSES[key] = purse(c.rank for c in cards)
        return p

    def worth(self, seat: int) -> int:
        """Cards in hand plus the value of the bank (MONEY-END-3)."""
        return len(self.hands[seat]) + value((c.rank for c in self.banks[seat]), self.values)

    def must_buy(self) -> bool:
        """MONEY-BUY-1: the player to move holds no number card."""
        return self.phase == "play" and not self.hands[self.mover]

    def can_shop(self) -> bool:
        """A buying step (forced), or the Egyptian buy-at-will phase before turning."""
        if self.phase != "play":
            return False
        if self.must_buy():
            return True
        return bool(self.options["buy_at_will"]) and not self.bought

    def _possible(self, source: str, depth: int | None = None) -> bool:
        m, o = self.mover, 1 - self.mover
        d = MAX_EXCHANGES - self.exchanges if depth is None else depth
        return _possible(
            self.purse_of(self.banks[m]),
            self.purse_of(self.banks[o]),
            self.purse_of(self.under),
            len(self.pile),
            len(self.hands[o]),
            source,
            max(0, d),
            self._vkey,
        )

    def buy_sources(self) -> list[str]:
        """Where the mover may buy now (MONEY-BUY-2, -13, MONEY-EG-2)."""
        return [] if self.bought else self._sources(at_will_depth=0)

    def _shopping_sources(self) -> list[str]:
        """Sources a forced buyer may work towards (with exchanges), per BUY-2/-13."""
        return self._sources(at_will_depth=None)

    def _sources(self, at_will_depth: int | None) -> list[str]:
        """The required source if a purchase there is possible (after exchanges), else the
        other if that is; under buy-at-will, every source that can deliver (with
        ``at_will_depth`` exchanges; None: all those left this turn)."""
        if self.options["buy_at_will"]:
            return [s for s in (GROUND, OPPONENT) if self._possible(s, at_will_depth)]
        required = GROUND if len(self.pile) >= SOURCE_THRESHOLD else OPPONENT
        if self._possible(required):
            return [required]
        other = OPPONENT if required == GROUND else GROUND
        return [other] if self._possible(other) else []

    # --- contract: queries ----------------------------------------------------------------

    def to_move(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "sell":
            assert self.sale is not None
            return 1 - self.sale[0]
        return self.mover

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[int]:
        return [self.worth(0), self.worth(1)]

    def winners(self) -> list[int]:
        return list(self.winners_list)

    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        if self.phase == "play":
            mover = self.mover
            s = mover if seat is None else seat
            # the common case, a constant list: a number card to turn, no shop open
            if s == mover and self.hands[s] and (self.bought or not self._at_will):
                if self.pile and not self._auto:
                    return _TURN_OR_CLAIM[s]
                return _TURN_ONLY
        else:
            mover = self.to_move()
            if mover is None:
                return []
            s = mover if seat is None else seat
        cached = self._legal.get(s)
        if cached is not None:
            return cached
        out: list[Action] = []
        if s == mover:
            out = self._mover_actions()
        if self.pile and not self.auto_capture:  # MONEY-CLAIM-7: either seat, any time
            out.append(CLAIMS[s])
        self._legal[s] = out
        return out

    def _mover_actions(self) -> list[Action]:
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
        m, o = self.mover, 1 - self.mover
        bank = self.purse_of(self.banks[m])
        out: list[Action] = []
        for source in self.buy_sources():
            for pay in sorted(set(bank), reverse=True):
                v = self.values[pay]
                if source == GROUND:
                    for ch in sub_purses(self.purse_of(self.under)):
                        n = v - value(ch, self.values)
                        if 1 <= n <= len(self.pile):
                            out.append(Buy(pay, GROUND, ch))
                elif _direct((pay,), self.purse_of(self.banks[o]), len(self.hands[o]), self._vkey):
                    out.append(Buy(pay, OPPONENT))
        return out

    def _exchange_options(self) -> list[Action]:
        if self.exchanges >= MAX_EXCHANGES:
            return []
        m, o = self.mover, 1 - self.mover
        bank = self.purse_of(self.banks[m])
        opp = self.purse_of(self.banks[o])
        under = self.purse_of(self.under)
        if not self.must_buy():
            return list(_exchange_actions(bank, opp, under, self._vkey))
        # A forced buyer is offered only exchanges that keep a purchase (money.md §12).
        return list(
            _purchase_keeping(
                bank,
                opp,
                under,
                len(self.pile),
                len(self.hands[o]),
                tuple(self._shopping_sources()),
                MAX_EXCHANGES - self.exchanges - 1,
                self._vkey,
            )
        )

    def _keeps_purchase(self, x: Exchange, sources: Sequence[str]) -> bool:
        """Does a forced buyer still have a purchase after exchange ``x`` (and the exchanges
        left after it)? Checks any exchange asked for; the offers use ``_purchase_keeping``."""
        m, o = self.mover, 1 - self.mover
        return keeps_purchase(
            x,
            self.purse_of(self.banks[m]),
            self.purse_of(self.banks[o]),
            self.purse_of(self.under),
            len(self.pile),
            len(self.hands[o]),
            sources,
            MAX_EXCHANGES - self.exchanges - 1,
            self._vkey,
        )

    def _sell_options(self) -> Iterator[Sell]:
        assert self.sale is not None
        buyer, pay, _ = self.sale
        seller = 1 - buyer
        v = self.values[pay]
        bank = remove(self.purse_of(self.banks[seller]), [pay])  # the payment is never change
        have = len(self.hands[seller])
        for ch in sub_purses(bank):
            n = v - value(ch, self.values)
            if 1 <= n <= have:
                yield Sell(n, ch)

    # --- contract: apply ------------------------------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        kind = type(action)
        if kind is Turn and self.phase == "play":
            # The move of nearly every turn, inline for play-outs: what ``_turn`` does
            # (MONEY-TURN-1), checks included; anything else takes the general path below.
            m = self.mover
            hand = self.hands[m]
            if (seat is None or seat == m) and hand and (self.bought or not self._at_will):
                pile = self.pile
                card = hand.pop(0)
                matched = bool(pile) and (
                    card.rank == pile[-1].rank or (card is KOMMI and self._kommi)
                )
                pile.append(card)
                turns = self.turns
                self.pile_ids.append(turns)
                self.last = (m, turns, matched)
                self.turns = turns + 1
                events = self.events
                mark = len(events)
                n = len(pile)  # the turn's event, made once (``_turn_event``)
                ev = _TURN_EVENTS.get(((card.ordinal * 2 + matched) * 2 + m) * 256 + n)
                if ev is None:
                    ev = _turn_event(m, card, matched, n)
                events.append(ev)
                if matched and self._auto:  # MONEY-EG-1
                    self._capture(m, "captures the ground")
                nxt = self.mover = 1 - m
                self.exchanges = 0
                self.bought = False
                if self._legal:
                    self._legal = {}
                limit = self._limit
                if (limit and turns >= limit - 1) or not self.hands[nxt] or not self.pile:
                    self._end_check()  # (MONEY-END-1..3 may have come)
                    return events[mark:]
                return [ev] if len(events) == mark + 1 else events[mark:]
        elif kind is Claim and self.phase == "play":
            events = self.events
            mark = len(events)
            if self._fast_claim(action, seat):  # type: ignore[arg-type]
                return events[mark:]
        act = action if isinstance(action, Action) else self._coerce(action)
        if self.phase == "over":
            raise IllegalAction("the game is over")
        mark = len(self.events)
        if isinstance(act, Claim):
            who = (
                act.seat if act.seat is not None else (seat if seat is not None else self.to_move())
            )
            if seat is not None and act.seat is not None and seat != act.seat:
                raise IllegalAction("a claim is made by the seat that claims")
            assert who is not None
            self._claim(who)
        else:
            mover = self.to_move()
            if seat is not None and seat != mover:
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
        self._legal = {}
        self._settle()
        return self.events[mark:]

    def _fast_claim(self, act: Claim, seat: int | None) -> bool:
        """A claim in the play phase (MONEY-CLAIM-2..6), kept lean for play-outs: exactly
        what ``_claim`` does, checks included; False (changing nothing) where ``apply``'s
        general path is needed (every refusal)."""
        who = act.seat if act.seat is not None else (seat if seat is not None else self.mover)
        if (seat is not None and act.seat is not None and seat != act.seat) or who not in (0, 1):
            return False
        pile = self.pile
        if self._auto or not pile:
            return False
        # MONEY-CLAIM-2: valid only for the card just turned by the claimant, if it matched
        last = self.last
        events = self.events
        if last is not None and last[0] == who and last[2] and self.pile_ids[-1] == last[1]:
            taker, words = who, _CLAIM_WINS
        else:  # MONEY-CLAIM-4, -6: a false claim gives the ground to the other player
            taker, words = 1 - who, _CLAIM_PENALTY
            events.append(_FALSE_CLAIMS[who])
        under = self.under  # MONEY-CAPTURE-2..5
        self.hands[taker] += pile
        if under:
            self.banks[taker] += under
            money = tuple(c.code for c in under)  # (codes: nothing the collector follows)
            ev = _tnew(Event, ("capture", taker, words, {"cards": len(pile), "money": money}))
        else:
            ev = _capture_event(taker, words, len(pile))
        self.pile, self.pile_ids, self.under = [], [], []
        events.append(ev)
        if self._legal:
            self._legal = {}
        # MONEY-END-1..3 where a claim can bring them (the ground is empty now)
        hands, banks, limit = self.hands, self.banks, self._limit
        if (
            not hands[self.mover]
            or (limit and self.turns >= limit)
            or not ((hands[0] or banks[0]) and (hands[1] or banks[1]))
        ):
            self._settle()
        return True

    def _end_check(self) -> bool:
        """MONEY-END-1..3 where a turn or claim could have brought them; True when
        ``_settle`` ran (it may log)."""
        limit = self._limit
        hands = self.hands
        if (limit and self.turns >= limit) or not hands[self.mover]:
            self._settle()  # MONEY-END-3, or END-1: the next player must buy
            return True
        if not (self.pile or self.under) and not (
            (hands[0] or self.banks[0]) and (hands[1] or self.banks[1])
        ):
            self._settle()  # MONEY-END-2: one player holds every card
            return True
        return False

    def _turn(self) -> None:
        if self.phase == "sell":
            raise IllegalAction("the seller is choosing how to pay out")
        seat = self.mover
        hand = self.hands[seat]
        if not hand:
            raise IllegalAction("you hold no number card: buy first")
        card = hand.pop(0)
        matched = bool(self.pile) and (
            card.rank == self.pile[-1].rank or (bool(self.options["kommi"]) and card is KOMMI)
        )
        self.pile.append(card)
        self.pile_ids.append(self.turns)
        self.last = (seat, self.turns, matched)
        self.turns += 1
        self.events.append(_turn_event(seat, card, matched, len(self.pile)))
        if matched and self.auto_capture:  # MONEY-EG-1
            self._capture(seat, "captures the ground")
        self.mover = 1 - seat
        self.exchanges = 0
        self.bought = False

    def _claim(self, seat: int) -> None:
        if seat not in (0, 1):
            raise IllegalAction("no such seat")
        if self._auto:
            raise IllegalAction("matches are captured automatically in this variant")
        if not self.pile:
            raise IllegalAction("there is nothing on the ground to claim")  # MONEY-CLAIM-5
        last = self.last
        valid = last is not None and last[0] == seat and self.pile_ids[-1] == last[1] and last[2]
        if valid:
            self._capture(seat, "claims the match and captures the ground")
        else:  # MONEY-CLAIM-4, -6
            other = 1 - seat
            self.events.append(_FALSE_CLAIMS[seat])
            self._capture(other, "takes the ground as the penalty")

    def _capture(self, seat: int, why: str) -> None:
        """MONEY-CAPTURE-2..5: the whole ground, pile turned over under the hand."""
        pile, under = self.pile, self.under
        self.hands[seat] += pile
        if under:
            self.banks[seat] += under
        self.pile, self.pile_ids, self.under = [], [], []
        words = _CAPTURE_IDS[why]
        if under:
            money = tuple(c.code for c in under)
            ev = _tnew(Event, ("capture", seat, words, {"cards": len(pile), "money": money}))
        else:
            ev = _capture_event(seat, words, len(pile))
        self.events.append(ev)

    def _take_money(self, cards: list[Card], ranks: Sequence[int]) -> list[Card]:
        """Remove cards of these ranks from a zone (by rank; any suit)."""
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
        if not self.can_shop():
            raise IllegalAction("you may exchange only when buying")
        if self.exchanges >= MAX_EXCHANGES:
            raise IllegalAction(f"at most {MAX_EXCHANGES} exchanges a turn")
        m, o = self.mover, 1 - self.mover
        zone = self.banks[o] if act.place == OPPONENT else self.under
        if act.place not in (OPPONENT, GROUND):
            raise IllegalAction("exchange with opponent or with ground")
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
            raise IllegalAction("after that exchange you could not make the purchase you must")
        given = self._take_money(self.banks[m], act.give)
        taken = self._take_money(zone, act.take)
        if act.place == OPPONENT:
            self.banks[o].extend(given)
        else:
            self.under[:0] = given
        self.banks[m].extend(taken)
        self.exchanges += 1
        self._log(
            "exchange",
            m,
            f"{{P{m}}} exchanges {_codes(given)} for {_codes(taken)}"
            f" with {'the opponent' if act.place == OPPONENT else 'the ground'}",
            give=[c.code for c in given],
            take=[c.code for c in taken],
            place=act.place,
        )

    def _buy(self, act: Buy) -> None:
        if not self.can_shop():
            raise IllegalAction("you hold number cards, so you may not buy now (MONEY-BUY-1)")
        if self.bought:
            raise IllegalAction("one purchase a turn")
        m, o = self.mover, 1 - self.mover
        if act.pay not in self.values or not contains(self.purse_of(self.banks[m]), [act.pay]):
            raise IllegalAction(f"your bank has no {rank_name(act.pay)}")
        sources = self.buy_sources()
        if act.source not in sources:
            if not sources:
                raise IllegalAction("no purchase is possible now; exchange first")
            raise IllegalAction(f"you must buy from the {sources[0]} (MONEY-BUY-2)")
        v = self.values[act.pay]
        if act.source == GROUND:
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
            change = self._take_money(self.under, act.change)
            pay = self._take_money(self.banks[m], [act.pay])[0]
            self.under.insert(0, pay)  # MONEY-BUY-8: below any money already there
            if self.options["syrian"]:  # MONEY-SY-3: the top N, oldest first
                got, self.pile = self.pile[-n:], self.pile[:-n]
                self.pile_ids = self.pile_ids[: len(self.pile)]
            else:  # the bottom N, turned over: the lowest card on top
                got, self.pile = self.pile[:n], self.pile[n:]
                self.pile_ids = self.pile_ids[n:]
            self.hands[m].extend(got)  # MONEY-BUY-11
            self.banks[m].extend(change)
            self.bought = True
            tail = f" with {_codes(change)} change" if change else ""
            self._log(
                "buy",
                m,
                f"{{P{m}}} pays [{pay.code}] to the ground for {n} card{'s' * (n != 1)}{tail}",
                pay=pay.code,
                source=GROUND,
                cards=n,
                change=[c.code for c in change],
            )
            return
        if act.change:
            raise IllegalAction("buying from the opponent, the seller chooses the change")
        if not _direct((act.pay,), self.purse_of(self.banks[o]), len(self.hands[o]), self._vkey):
            raise IllegalAction("the opponent cannot pay out that much")
        pay = self._take_money(self.banks[m], [act.pay])[0]
        self.banks[o].append(pay)
        self.sale = (m, act.pay, pay)
        self.phase = "sell"
        self._log(
            "pay",
            m,
            f"{{P{m}}} pays [{pay.code}] to {{P{o}}}, who chooses the split",
            pay=pay.code,
            source=OPPONENT,
        )

    def _sell(self, act: Sell) -> None:
        if self.phase != "sell" or self.sale is None:
            raise IllegalAction("nothing is being sold")
        if act not in list(self._sell_options()):
            assert self.sale is not None
            v = self.values[self.sale[1]]
            raise IllegalAction(
                f"pay out {v} in all: cards from your stack plus change from your bank"
                f" (not the card just paid), at least one card"
            )
        buyer, _, _ = self.sale
        seller = 1 - buyer
        hand = self.hands[seller]
        if self.options["sell_bottom"]:  # MONEY-EG-3
            got = hand[-act.count :]
            del hand[-act.count :]
        else:
            got = hand[: act.count]
            del hand[: act.count]
        self.hands[buyer].extend(got)
        pool = list(self.banks[seller])
        pay_card = self.sale[2]
        pool.remove(pay_card)
        change = self._take_money(pool, act.change)
        for c in change:
            self.banks[seller].remove(c)
        self.banks[buyer].extend(change)
        self.sale = None
        self.phase = "play"
        self.mover = buyer
        self.bought = True
        tail = f" and {_codes(change)}" if change else ""
        self._log(
            "sell",
            seller,
            f"{{P{seller}}} hands over {act.count} card{'s' * (act.count != 1)}{tail}",
            cards=act.count,
            change=[c.code for c in change],
        )

    # --- the end --------------------------------------------------------------------------

    def _settle(self) -> None:
        """MONEY-END-1..3, checked after every action."""
        if self.phase == "over":
            return
        if self.phase == "play" and not self.pile and not self.under:
            # MONEY-END-2 (not while a paid purchase waits: BUY-15), with nothing on the ground
            hands, banks = self.hands, self.banks
            for s in (0, 1):
                if not hands[1 - s] and not banks[1 - s]:
                    self._end([s], f"{{P{s}}} holds every card")
                    return
        limit = int(self.options["turn_limit"])
        if limit and self.turns >= limit:  # MONEY-END-3
            w = self.scores()
            win = [0] if w[0] > w[1] else [1] if w[1] > w[0] else [0, 1]
            self._end(win, f"the turn limit ({limit} cards) is reached; worth {w[0]} to {w[1]}")
            return
        if self.phase == "play" and self.must_buy() and not self._shopping_sources():  # END-1
            loser = self.mover
            winner = 1 - loser
            if self.pile or self.under:
                self._capture(winner, "takes what lies on the ground")
            self._end([winner], f"{{P{loser}}} cannot buy")

    def _end(self, winners: list[int], why: str) -> None:
        self.phase = "over"
        self.winners_list = sorted(winners)
        self.end_reason = why
        names = " and ".join(f"{{P{s}}}" for s in self.winners_list)
        verb = "draw" if len(winners) > 1 else "wins"
        self._log("gameover", None, f"{names} {verb}: {why}", winners=self.winners_list)

    def _log(self, kind: str, seat: int | None, text: str, **data: Any) -> None:
        self.events.append(Event(kind, seat, text, data))

    # --- views, copies, samples -----------------------------------------------------------

    def claim_is_valid(self, seat: int) -> bool:
        """Would a claim by ``seat`` capture right now (MONEY-CLAIM-2)? For bots and screens."""
        last = self.last
        return bool(
            not self.auto_capture
            and self.pile
            and last is not None
            and last[0] == seat
            and self.pile_ids[-1] == last[1]
            and last[2]
        )

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
            "source": GROUND if len(self.pile) >= SOURCE_THRESHOLD else OPPONENT,
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
        new = object.__new__(MoneyState)
        for name in MoneyState.__slots__:
            setattr(new, name, getattr(self, name))
        new.rng = positions.copy_rng(self.rng) if rng is None else rng
        new.hands = [h[:] for h in self.hands]
        new.banks = [b[:] for b in self.banks]
        new.pile = self.pile[:]
        new.pile_ids = self.pile_ids[:]
        new.under = self.under[:]
        new.winners_list = self.winners_list[:]
        new.events = self.events[:] if events else []
        new._legal = {}
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

    def _redealt(self, rng: random.Random, events: bool) -> MoneyState:
        new = self.clone(random.Random(rng.getrandbits(63)), events=events)
        pool = sorted(self.hands[0] + self.hands[1], key=lambda c: c.ordinal)
        rng.shuffle(pool)
        k = len(self.hands[0])
        new.hands = [pool[:k], pool[k:]]
        return new

    # --- JSON -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data = self.to_json_light()
        data["events"] = [e.to_json() for e in self.events]
        return data

    def to_json_light(self) -> dict[str, Any]:
        """``to_json`` without the event log (which only ever grows)."""
        return {
            **positions.header(self, SCHEMA, 2),
            "dealer": self.dealer,
            "mover": self.mover,
            "phase": self.phase,
            "hands": [[c.code for c in h] for h in self.hands],
            "banks": [[c.code for c in b] for b in self.banks],
            "pile": [c.code for c in self.pile],
            "pile_ids": list(self.pile_ids),
            "under": [c.code for c in self.under],
            "turns": self.turns,
            "last": list(self.last) if self.last else None,
            "exchanges": self.exchanges,
            "bought": self.bought,
            "sale": [self.sale[0], self.sale[1], self.sale[2].code] if self.sale else None,
            "winners": list(self.winners_list),
            "end": self.end_reason,
        }

    @classmethod
    def from_json(cls, game: Money, data: Mapping[str, Any]) -> MoneyState:
        """Load a position; ``ValueError`` says what is wrong (nothing half-read). A position
        that is already decided (MONEY-END-1..3) loads as over, with its winner."""
        with positions.reading(game):
            head = positions.read_header(game, data, SCHEMA)
            check_combination(head.options)
            st = cls(game, head.variant, head.options, head.rng)
            st._load_fields(data)
            positions.check_pack(st, 2)
            st._check_consistent()
            st._settle()
            if st.phase != "over" and not st.legal_actions():  # (the rest, caught whole)
                raise ValueError("the player to move would have no legal step")
        return st

    def _load_fields(self, data: Mapping[str, Any]) -> None:
        cards, whole = positions.cards, positions.whole
        self.dealer = positions.seat(data["dealer"], 2, "dealer")
        self.mover = positions.seat(data["mover"], 2, "mover")
        self.phase = str(data["phase"])
        if self.phase not in ("play", "sell", "over"):
            raise ValueError(f"unknown phase {positions.text(self.phase)}")
        self.hands = positions.per_seat(data["hands"], 2, "hands")
        self.banks = positions.per_seat(data["banks"], 2, "banks")
        self.pile = cards(data["pile"], "pile")
        ids = data.get("pile_ids", list(range(len(self.pile))))
        if not isinstance(ids, list):
            raise ValueError("pile_ids must be a list")
        self.turns = whole(data.get("turns", 0), "turns", 0, 10**9)
        self.pile_ids = [whole(x, "a pile id", 0, max(0, self.turns)) for x in ids]
        self.under = cards(data["under"], "under")
        last = data.get("last")
        self.last = (
            (positions.seat(last[0], 2, "last"), whole(last[1], "last", 0), bool(last[2]))
            if last
            else None
        )
        self.exchanges = whole(data.get("exchanges", 0), "exchanges", 0, MAX_EXCHANGES)
        bought = data.get("bought", False)
        if not isinstance(bought, bool):
            raise ValueError(f"bought is true or false, not {positions.text(bought)}")
        self.bought = bought
        sale = data.get("sale")
        self.sale = (
            (
                positions.seat(sale[0], 2, "the buyer"),
                whole(sale[1], "the sale's money", 1, JOKER_RANK),
                Card.parse(sale[2]),
            )
            if sale
            else None
        )
        self.winners_list = [positions.seat(x, 2, "a winner") for x in data.get("winners", [])]
        self.end_reason = str(data.get("end", ""))
        self.events = positions.events(data.get("events", []), 2)

    def _check_consistent(self) -> None:
        if len(self.pile_ids) != len(self.pile):
            raise ValueError("hands, banks and pile ids do not fit together")
        if any(c.rank in self.values for c in self.hands[0] + self.hands[1] + self.pile):
            raise ValueError("money cards are never in a stack or on the pile")
        if any(c.rank not in self.values for c in self.banks[0] + self.banks[1] + self.under):
            raise ValueError("a bank or the money under the pile holds a number card")
        if self.phase == "sell":
            if self.sale is None:
                raise ValueError("a sale is under way, but nothing is being sold")
            if self.sale[2] not in self.banks[1 - self.sale[0]]:
                raise ValueError("the payment of the sale is not in the seller's bank")
            if self.sale[1] not in self.values:
                raise ValueError("the sale's money is not money in this variant")
        elif self.sale is not None:
            raise ValueError("a sale is recorded outside the sale phase")
        if self.phase == "play" and self.bought and not self.hands[self.mover]:
            # MONEY-BUY-11: what is bought goes to the buyer's hand, to be turned
            raise ValueError("the player to move has bought this turn, yet holds no card to turn")


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(f"[{c.code}]" for c in cards)


__all__ = ["GAME", "Buy", "Claim", "Exchange", "MoneyState", "Sell", "Turn", "parse_action"]


# --- the common moves' constants and wordings (text made when shown: ``engine.Event``) ---

_TURN_ONLY: Sequence[Action] = (TURN,)
_TURN_OR_CLAIM: tuple[Sequence[Action], ...] = ((TURN, CLAIMS[0]), (TURN, CLAIMS[1]))
#: ``_tnew(Event, (kind, seat, wording, data))``: an Event without the named tuple's
#: Python-level ``__new__``.
_tnew: Any = tuple.__new__


def _turns(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} turns [{data['card']}]"


def _claims_falsely(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} claims falsely"


def _capture_words(why: str) -> Wording:
    def words(seat: int | None, data: Mapping[str, Any]) -> str:
        money = data["money"]
        extra = f" and {' '.join(f'[{c}]' for c in money)}" if money else ""
        n = data["cards"]
        return f"{{P{seat}}} {why}: {n} card{'s' * (n != 1)}{extra}"

    return words


#: How a capture reads, by why it happened.
_CAPTURES: dict[str, Wording] = {
    why: _capture_words(why)
    for why in (
        "captures the ground",
        "claims the match and captures the ground",
        "takes the ground as the penalty",
        "takes what lies on the ground",
    )
}
_CAPTURE_IDS = {why: worded(words) for why, words in _CAPTURES.items()}
_CLAIM_WINS = _CAPTURE_IDS["claims the match and captures the ground"]
_CLAIM_PENALTY = _CAPTURE_IDS["takes the ground as the penalty"]
#: The wordings of the events of nearly every move, by number (``engine.worded``).
_TURNS = worded(_turns)
_CLAIMS_FALSELY = worded(_claims_falsely)

#: Purses by the cards they are made of (``MoneyState.purse_of``), at most ``_PURSES_MAX``.
_PURSES: dict[tuple[Card, ...], Purse] = {}
_PURSES_MAX = 4096

#: Events that recur, made once and shared by every log that has them (an event is only
#: read, never changed): a turn is its seat, its card, whether it matched and the ground's
#: size after it, so a game of ten thousand turns logs a few hundred distinct ones. Making
#: and freeing an event, its data and the collector's walks over them were a tenth of a
#: play-out. Keyed by one number, cheaper to make than a tuple.
_TURN_EVENTS: dict[int, Event] = {}
_CAPTURE_EVENTS: dict[int, Event] = {}
_FALSE_CLAIMS = tuple(_tnew(Event, ("false", s, _CLAIMS_FALSELY, {"claimant": s})) for s in (0, 1))


def _turn_event(seat: int, card: Card, matched: bool, pile: int) -> Event:
    """The event of ``seat`` turning ``card`` onto a ground of ``pile`` cards (with it)."""
    key = ((card.ordinal * 2 + matched) * 2 + seat) * 256 + pile
    ev = _TURN_EVENTS.get(key)
    if ev is None:
        data = {"card": card.code, "match": matched, "pile": pile}
        ev = _TURN_EVENTS[key] = _tnew(Event, ("turn", seat, _TURNS, data))
    return ev


def _capture_event(seat: int, words: int, cards: int) -> Event:
    """The event of ``seat`` capturing a ground of ``cards`` cards with no money under it;
    ``words`` says why (a number of ``_CAPTURE_IDS``)."""
    key = (words * 2 + seat) * 256 + cards
    ev = _CAPTURE_EVENTS.get(key)
    if ev is None:
        data = {"cards": cards, "money": ()}
        ev = _CAPTURE_EVENTS[key] = _tnew(Event, ("capture", seat, words, data))
    return ev


Money.state_class = MoneyState
