"""Mensch: the rules, as the reference. Spec: ``shared/rules/mensch.md``.

Four players, a 32-card pack, one round of bidding, a secret partner called by a card, the
queen of clubs (the *Mensch*) always the top trump, chips over a match of ``deals`` deals.
Rule IDs (``MENSCH-BID-4``, ``MENSCH-PLAY-4`` ...) are cited where each is enforced.

This module is the rules written once, each on one general path: ``legal_actions`` lists
what ``_legal_for`` allows, ``apply`` checks an action against the same rules and carries it
out. What the game builds by default is ``kernel.MenschKernel``, a subclass that does the
moves of a play-out faster; ``tests/contract/test_lockstep.py`` plays both side by side and
proves them equal, and ``CARDSUITE_RULES=reference`` builds this module's state instead.
The JSON layout and the checks of a loaded position are in ``codec.py``; the log's texts
in ``wording.py``.

Action text: ``pass``, ``half``, ``after``, ``five``, ``five-after``, ``six``, ``six-after``,
``seven``, ``seven-after``, ``solo``; ``trump hearts``; ``call AD``; ``play 7H``.

The partner's identity is the state's only secret beyond the hands: ``partner`` is kept for
the rules (settlement, the partner's duties), and no view, event or text shows it until the
called card is played (``partner_known``).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from ... import positions
from ...cards import QUEEN, SUIT_NAMES, Card
from ...dealing import pack_order
from ...engine import Action, Event, Game, IllegalAction, Option, State, Variant
from ...shuffle import shuffle
from ...tricks import Trick, TrickState
from ...turns import dealer_seat
from . import wording
from .actions import BID, CALL, PACK, PASS, PLAY, TRUMP, Bid, Call, Play, Trump, parse_action

PLAYERS = 4
#: The queen of clubs, the Mensch: always the highest trump (MENSCH-RANK-1/2).
QC = Card(QUEEN, "C")
#: MENSCH-BID-3: what may be bid over each highest bid so far (None: nobody has bid).
LEGAL_OVER: dict[str | None, tuple[str, ...]] = {
    None: ("half", "five", "six", "seven", "solo"),
    "half": ("after", "five", "six", "seven", "solo"),
    "after": ("five", "six", "seven", "solo"),
    "five": ("five-after", "six", "seven", "solo"),
    "five-after": ("six", "seven", "solo"),
    "six": ("six-after", "seven", "solo"),
    "six-after": ("seven", "solo"),
    "seven": ("seven-after", "solo"),
    "seven-after": ("solo",),
    "solo": (),
}
#: MENSCH-BID-1: tricks the declaring side needs, for each contract.
NEEDED = {
    "half": 5,
    "after": 5,
    "passed": 5,
    "five": 5,
    "five-after": 5,
    "six": 6,
    "six-after": 6,
    "seven": 7,
    "seven-after": 7,
    "solo": 8,
}
#: MENSCH-CALL-1: the contracts played with a called partner.
PARTNER_CONTRACTS = ("half", "after", "passed")
#: MENSCH-TRUMP-1: the contracts whose trumps are clubs without being named.
CLUBS_CONTRACTS = ("half", "after", "five-after", "six-after", "seven-after")
#: MENSCH-END-1: the lengths of a match on offer.
DEALS = (4, 8, 12, 16, 20)
#: Chips either way that the search's reward spans (``Mensch.search_reward``).
REWARD_SCALE = 12
#: How hands are laid out: the plain suits alternating in colour.
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}

_OPTIONS = (
    Option(
        "deals",
        "Deals in a match",
        "choice",
        "8",
        choices=tuple(str(d) for d in DEALS),
        help="How many deals a match lasts (each player deals equally often).",
    ),
)


def power(card: Card, trump: str | None) -> int:
    """MENSCH-RANK-2/3: trumps above everything (QC, then the 7 of trumps, then A K Q J 10 9
    8), plain cards by rank (A high, 7 low)."""
    if card is QC:
        return 300
    if card.suit == trump:
        return 200 if card.rank == 7 else 100 + card.rank
    return card.rank


def effective_suit(card: Card, trump: str | None) -> str:
    """MENSCH-RANK-4: QC is a trump, whatever the trump suit."""
    return trump if card is QC and trump is not None else card.suit


def hand_order(card: Card, trump: str | None) -> int:
    """How hands are kept and shown: trumps first (the Mensch on the left), then the plain
    suits alternating in colour, high to low."""
    if trump is not None and (card is QC or card.suit == trump):
        return -power(card, trump)
    return 1000 * (1 + SUIT_ORDER[card.suit]) - card.rank


def highest_bid(bids: Sequence[tuple[int, str]]) -> str | None:
    """The highest bid among ``bids`` (the last that is not a pass: each bid must be higher
    than the last, MENSCH-BID-2), or None when all passed."""
    for _, b in reversed(bids):
        if b != "pass":
            return b
    return None


class Mensch(Game):
    id = "mensch"
    name = "Mensch"
    summary = "Bid, call a secret partner; the queen of clubs is always the top trump."
    players = (4,)
    score_label = "chips"
    emblem = ("QC", "7H", "AD")
    secret_sides = True  # the called card's holder is the declarer's partner, unseen
    variants: ClassVar[dict[str, Variant]] = {
        "standard": Variant("Mensch", "A lost passed game costs one chip each.", _OPTIONS),
        "allpass-double": Variant(
            "All-pass pays double", "A lost passed game costs two chips each.", _OPTIONS
        ),
    }
    seat_names: ClassVar[dict[int, tuple[str, ...]]] = {4: ("South", "West", "North", "East")}

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def full_pack(
        self, players: int, options: Mapping[str, Any], variant: str | None = None
    ) -> list[Card]:
        """MENSCH-DECK-1."""
        return list(PACK)

    def kind(self) -> type[MenschState]:
        """The state class this game builds (``Game.state_type``: its kernel, or this
        module's reference)."""
        return cast("type[MenschState]", self.state_type())

    def new_state(
        self,
        players: int | None = None,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        deck: Sequence[str | Card] | None = None,
        dealer: int | None = None,
    ) -> MenschState:
        self.check_players(players if players is not None else PLAYERS)
        opts_in = dict(options or {})
        if "deals" in opts_in:
            opts_in["deals"] = str(opts_in["deals"])
        variant_id, opts = self.resolve_options(variant, opts_in)
        rng = random.Random(seed)
        st = self.kind()(self, variant_id, opts, rng)
        if dealer is None:
            dealer = rng.randrange(PLAYERS)  # MENSCH-PLAYERS-2
        else:
            dealer = dealer_seat(dealer, PLAYERS)
        order = pack_order(PACK, deck, rng)
        st.dealer = dealer
        st._deal(order)
        return st

    def from_json(self, data: Mapping[str, Any]) -> MenschState:
        return self.kind().from_json(self, data)

    def search_horizon(self, root: State, state: State) -> bool:
        assert isinstance(root, MenschState) and isinstance(state, MenschState)
        return state.phase == "over" or state.deal_no != root.deal_no

    def search_reward(self, root: State, state: State) -> list[float]:
        """The deal's chip changes as rewards in [0, 1]: most deals move 1 to 6 chips a seat,
        so the scale is 12 either way (a Solo's 12 or 24 is clipped), which keeps the usual
        results apart against the search's exploration."""
        assert isinstance(root, MenschState) and isinstance(state, MenschState)
        if not state.history or state.history[-1]["deal"] != root.deal_no:
            return [0.5] * 4
        return [min(1.0, max(0.0, 0.5 + c / REWARD_SCALE)) for c in state.history[-1]["changes"]]

    def reward_units(self, root: State, seat: int) -> tuple[float, str]:
        return float(REWARD_SCALE), "chips"  # 0.5 + chips / REWARD_SCALE, unclipped


GAME = Mensch()


class MenschState(TrickState):
    """A Mensch position: the match (deals, dealer, chips, the sheet) and the deal in hand
    (hands, bids, contract, trumps, the called card, the tricks)."""

    __slots__ = (
        "_legal",
        "_search_copy",
        "bids",
        "called",
        "called_led",
        "chips",
        "contract",
        "deal_no",
        "dealer",
        "deals",
        "declarer",
        "events",
        "game",
        "hands",
        "history",
        "options",
        "partner",
        "partner_known",
        "phase",
        "played",
        "rng",
        "trick",
        "trick_leader",
        "tricks",
        "tricks_won",
        "trump",
        "turn",
        "variant",
        "winners_list",
    )

    def __init__(
        self, game: Mensch, variant: str, options: dict[str, Any], rng: random.Random
    ) -> None:
        self.game = game
        self.variant = variant
        self.options = options
        self.deals = int(options["deals"])
        self.rng = rng
        self.deal_no = 0
        self.dealer = 0
        self.phase = "bid"  # bid | trump | call | play | over
        self.turn: int | None = None
        self.hands: list[list[Card]] = [[], [], [], []]
        self.bids: list[tuple[int, str]] = []  # (seat, bid or "pass"), in turn
        self.declarer: int | None = None
        self.contract: str | None = None  # a bid, or "passed"
        self.trump: str | None = None
        self.called: Card | None = None
        self.partner: int | None = None  # the called card's holder: secret until played
        self.partner_known = False
        self.called_led = False  # has the called card's suit been led (MENSCH-PLAY-4)?
        self.trick: list[tuple[int, Card]] = []
        self.trick_leader = 0
        self.tricks: list[Trick[Card]] = []  # ([(seat, card)] x4, winner): ``tricks.py``
        self.played: list[Card] = []  # the finished tricks' cards
        self.tricks_won = [0, 0, 0, 0]
        self.chips = [0, 0, 0, 0]
        self.history: list[dict[str, Any]] = []  # a record of each deal settled
        self.winners_list: list[int] = []
        self.events: list[Event] = []
        self._legal: Sequence[Action] | None = None
        self._search_copy = False

    # --- small facts ----------------------------------------------------------------------

    @property
    def eldest(self) -> int:
        """MENSCH-PLAYERS-1: the seat left of the dealer."""
        return (self.dealer + 1) % 4

    @property
    def high_bid(self) -> str | None:
        """The highest bid so far in this deal's auction, None before any."""
        return highest_bid(self.bids)

    def clubs_held(self, seat: int) -> int:
        """MENSCH-BID-4, A-5: clubs in hand, the queen of clubs counted."""
        return sum(1 for c in self.hands[seat] if c.suit == "C")

    def hand_key(self, card: Card) -> int:
        """How hands are kept and shown (``hand_order``)."""
        return hand_order(card, self.trump)

    def sort_hands(self) -> None:
        for h in self.hands:
            h.sort(key=self.hand_key)

    def effective_suit(self, card: Card) -> str:
        return effective_suit(card, self.trump)

    def is_trump(self, card: Card) -> bool:
        """MENSCH-RANK-1: QC and every card of the trump suit."""
        return card is QC or card.suit == self.trump

    def trick_winner(self, plays: Sequence[tuple[int, Card]]) -> int:
        """MENSCH-PLAY-3: the highest trump, else the highest card of the suit led."""
        led = self.effective_suit(plays[0][1])

        def worth(card: Card) -> int:  # a trump's power is 100 or more; off-suit cards none
            if self.is_trump(card) or self.effective_suit(card) == led:
                return power(card, self.trump)
            return 0

        return max(plays, key=lambda play: worth(play[1]))[0]

    def best_so_far(self) -> int | None:
        """The seat winning the trick on the table so far (MENSCH-PLAY-3)."""
        return self.trick_winner(self.trick) if self.trick else None

    def compelled(self, seat: int) -> bool:
        """MENSCH-BID-4: three clubs (QC counted) may not pass before anyone has bid more
        than Half."""
        return self.high_bid in (None, "half") and self.clubs_held(seat) >= 3

    def legal_bids(self, seat: int) -> list[Bid]:
        """MENSCH-BID-2..4: a pass unless compelled, then each bid allowed over the highest."""
        over = [BID[b] for b in LEGAL_OVER[self.high_bid]]
        return over if self.compelled(seat) else [PASS, *over]

    def callable_cards(self) -> list[Card]:
        """MENSCH-CALL-2/3: not a trump, not the declarer's own, of a plain suit he holds
        (dropped when no card would do)."""
        assert self.declarer is not None
        hand = self.hands[self.declarer]
        plain = [c for c in PACK if not self.is_trump(c) and c not in hand]
        held = {c.suit for c in hand if not self.is_trump(c)}
        strict = [c for c in plain if c.suit in held]
        return strict or plain

    def plays_for(self, seat: int) -> list[Card]:
        """MENSCH-PLAY-2 and -4: the cards ``seat`` may play now: a follow if he can, and
        the called card's duties while he holds it unplayed."""
        hand = self.hands[seat]
        cards = self.follows(hand)
        called = self.called
        if called is None or self.partner_known or called not in hand:
            return cards
        return self._partner_plays(cards, called)

    def follows(self, hand: list[Card]) -> list[Card]:
        """MENSCH-PLAY-2, RANK-4: the cards of ``hand`` of the led card's effective suit;
        any card when it has none, or to lead."""
        if self.trick:
            led = self.effective_suit(self.trick[0][1])
            return [c for c in hand if self.effective_suit(c) == led] or hand[:]
        return hand[:]

    def _partner_plays(self, cards: list[Card], called: Card) -> list[Card]:
        """MENSCH-PLAY-4: of the plays ``cards``, those the holder of the called card may
        make before he has played it."""
        if not self.trick:  # to lead: the first lead of the called suit is the called card
            if self.called_led:
                return cards
            # (the printed suit: QC, whose effective suit is not its own, is never held with
            # a called club: it is the declarer's in a passed game, a trump in Half/After)
            return [c for c in cards if c.suit != called.suit or c is called]
        led = self.effective_suit(self.trick[0][1])
        if led == called.suit and not self.called_led_before_trick():
            return [called]  # the first lead of its suit draws it
        if not self.called_led:
            return [c for c in cards if c is not called] or cards  # not thrown early
        return cards

    def called_led_before_trick(self) -> bool:
        """Had the called suit been led before the trick now being played?"""
        called = self.called
        if called is None:
            return False
        return any(self.effective_suit(plays[0][1]) == called.suit for plays, _ in self.tricks)

    def _why_not(self, seat: int, card: Card) -> str:
        """Why ``card``, held by ``seat``, may not be played now (MENSCH-PLAY-2, -4)."""
        trick, trump, called = self.trick, self.trump, self.called
        hand = self.hands[seat]
        if trick:
            led = effective_suit(trick[0][1], trump)
            if effective_suit(card, trump) != led and any(
                effective_suit(c, trump) == led for c in hand
            ):
                word = "trumps" if led == trump else SUIT_NAMES[led]
                return f"you must follow {word}"
        if called is not None and called in hand:
            if card is called:
                return "the called card waits for the first lead of its suit"
            return f"the first {SUIT_NAMES[called.suit]} you play must be the called card"
        return "that card cannot be played now"

    # --- contract: queries ----------------------------------------------------------------

    def scores(self) -> list[int]:
        return list(self.chips)

    def deals_played(self) -> int:
        return self.deal_no

    def _legal_for(self, seat: int) -> Sequence[Action]:
        """What the seat to move may do (``TurnState.legal_actions`` keeps it until the
        next move)."""
        if self.phase == "bid":
            return self.legal_bids(seat)
        if self.phase == "trump":  # MENSCH-TRUMP-1, A-10: any suit, clubs included
            return [TRUMP[s] for s in "SHDC"]
        if self.phase == "call":
            return [CALL[c] for c in self.callable_cards()]
        return [PLAY[c] for c in self.plays_for(seat)]

    # --- contract: apply ------------------------------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Check ``action`` for the seat to move and carry it out: a bid or pass, the trump
        suit, the called card or a card played, as the phase asks."""
        turn = self.turn
        if turn is None:
            raise IllegalAction("the game is over")
        if seat is not None and seat != turn:
            raise IllegalAction(f"it is not your turn (waiting for seat {turn + 1})")
        act = self._coerce(action)
        mark = len(self.events)
        if self.phase == "bid":
            if type(act) is not Bid:
                raise IllegalAction("it is the auction: pass or bid")
            self._bid(turn, act.name)
        elif self.phase == "trump":
            if type(act) is not Trump:
                raise IllegalAction("name the trump suit first")
            self._name_trump(act.suit)
        elif self.phase == "call":
            if type(act) is not Call:
                raise IllegalAction("call a card: its holder is your partner")
            self._call(act.card)
        else:
            if type(act) is not Play:
                raise IllegalAction("the tricks are being played: play a card")
            self._play(turn, act.card)
        self._legal = None
        return self.events[mark:]

    def _log(self, kind: str, seat: int | None, **data: Any) -> None:
        self.events.append(wording.event(kind, seat, data))

    # --- the auction, trumps and the call -------------------------------------------------

    def _bid(self, seat: int, name: str) -> None:
        """MENSCH-BID-2: one turn each, E first; the fourth ends the auction."""
        self._check_bid(seat, name)
        self._record_bid(seat, name)
        if len(self.bids) < 4:
            self.turn = (seat + 1) % 4
        else:
            self._end_auction()

    def _check_bid(self, seat: int, name: str) -> None:
        """MENSCH-BID-3/4: a pass, unless compelled; or a bid allowed over the highest."""
        high = self.high_bid
        if name == "pass":
            if self.compelled(seat):  # MENSCH-BID-4
                need = "Half" if high is None else "After"
                raise IllegalAction(
                    f"you hold {self.clubs_held(seat)} clubs: you must bid {need} or higher"
                )
        elif name not in LEGAL_OVER[high]:  # MENSCH-BID-3
            allowed = ", ".join(LEGAL_OVER[high]) or "nothing: only pass"
            raise IllegalAction(f"over {high or 'no bid'} you may bid {allowed}")

    def _record_bid(self, seat: int, name: str) -> None:
        self.bids.append((seat, name))
        self._log("bid", seat, bid=name)

    def _end_auction(self) -> None:
        """MENSCH-BID-5/6: the highest bidder declares; after four passes the holder of QC
        plays the passed game. MENSCH-TRUMP-1: clubs are trumps in Half, After and the After
        bids; otherwise the declarer names them."""
        high = self.high_bid
        if high is None:  # MENSCH-BID-6
            self.declarer = next(s for s in range(4) if QC in self.hands[s])
            self.contract = "passed"
        else:  # MENSCH-BID-5
            self.declarer = next(s for s, b in reversed(self.bids) if b == high)
            self.contract = high
        self.turn = self.declarer
        self._log("declarer", self.declarer, contract=self.contract)
        if self.contract in CLUBS_CONTRACTS:
            self._name_trump("C")
        else:
            self.phase = "trump"

    def _name_trump(self, suit: str) -> None:
        """MENSCH-TRUMP-1, A-10: any suit, clubs included; then the call (MENSCH-CALL-1) or
        the play."""
        self.trump = suit
        self.sort_hands()
        self._log("trump", self.declarer, trump=suit)
        if self.contract in PARTNER_CONTRACTS:
            self.phase = "call"
        else:
            self._start_play()

    def _call(self, card: Card) -> None:
        """MENSCH-CALL-1..5: the card is announced; its holder is known to himself only."""
        if card not in self.callable_cards():
            if self.is_trump(card):  # MENSCH-CALL-2 (a)
                raise IllegalAction("a trump cannot be called")
            assert self.declarer is not None
            if card in self.hands[self.declarer]:  # MENSCH-CALL-2 (b)
                raise IllegalAction("you hold that card yourself")
            raise IllegalAction("call a card of a plain suit you hold")  # MENSCH-CALL-2 (c)
        self.called = card
        self.partner = next(s for s in range(4) if card in self.hands[s])
        self._log("call", self.declarer, cards=[card.code])
        self._start_play()

    def _start_play(self) -> None:
        """MENSCH-PLAY-1: the Solo declarer leads; otherwise eldest."""
        self.phase = "play"
        leader = self.declarer if self.contract == "solo" else self.eldest
        assert leader is not None
        self.turn = self.trick_leader = leader

    # --- the play -------------------------------------------------------------------------

    def _play(self, seat: int, card: Card) -> None:
        """MENSCH-PLAY-2..4: a card from the hand, following suit and the called card's
        duties; the fourth card closes the trick."""
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalAction(f"you do not hold {card.code}")
        if card not in self.plays_for(seat):
            raise IllegalAction(self._why_not(seat, card))
        hand.remove(card)
        if self.trick:
            self._log("play", seat, cards=[card.code])
        else:
            self.trick_leader = seat
            called = self.called
            if called is not None and self.effective_suit(card) == called.suit:
                self.called_led = True  # MENSCH-PLAY-4: the called suit has been led
            self._log("lead", seat, cards=[card.code])
        self.trick.append((seat, card))
        if card is self.called and not self.partner_known:
            self.partner_known = True  # MENSCH-CALL-5: now everyone knows
            self._log("partner", seat, cards=[card.code])
        if len(self.trick) < 4:
            self.turn = (seat + 1) % 4
        else:
            self._close_trick()

    def _close_trick(self) -> None:
        """MENSCH-PLAY-3: the fourth card is down; its winner leads next, or the deal is
        settled."""
        plays = self.trick
        winner = self.trick_winner(plays)
        self.tricks.append((plays, winner))
        self.played += [c for _, c in plays]
        self.trick = []
        self.tricks_won[winner] += 1
        best = next(c for s, c in plays if s == winner)
        self._log("trick", winner, cards=[best.code])
        if self.hands[winner]:
            self.turn = self.trick_leader = winner
        else:
            self._settle()

    # --- settlement and the match ---------------------------------------------------------

    def _changes(self, side: int) -> list[int]:
        """MENSCH-SCORE-1..8: each seat's chips from this deal, the declaring side having
        taken ``side`` tricks."""
        d, p, contract = self.declarer, self.partner, self.contract
        assert d is not None and contract is not None
        made = side >= NEEDED[contract]
        sweep = side in (0, 8)  # MENSCH-SCORE-2
        if contract in PARTNER_CONTRACTS:  # MENSCH-SCORE-4..6
            if made:
                each = 1
            elif contract == "passed" and self.variant == "standard":
                each = -1  # MENSCH-SCORE-5
            else:
                each = -2  # MENSCH-SCORE-4, -6
            if sweep:
                each *= 2
            assert p is not None
            changes = [-each] * 4  # each opponent pays ``each`` ...
            changes[d] = changes[p] = each  # ... the declarer and the partner receive it
            return changes
        rate = 2 if self.trump == "C" else 1  # MENSCH-SCORE-7
        if contract == "solo":
            rate *= 4  # MENSCH-SCORE-8: never doubled
        elif sweep:
            rate *= 2
        paid = rate if made else -rate
        changes = [-paid] * 4  # each of the three opponents pays ``paid`` ...
        changes[d] = 3 * paid  # ... to the declarer
        return changes

    def _settle(self) -> None:
        """MENSCH-SCORE: the deal is paid and recorded; then the next deal or the end of the
        match (MENSCH-END)."""
        d, p, contract = self.declarer, self.partner, self.contract
        assert d is not None and contract is not None
        side = self.tricks_won[d] + (self.tricks_won[p] if p is not None else 0)  # SCORE-1
        changes = self._changes(side)
        for s in range(4):
            self.chips[s] += changes[s]
        record = {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "declarer": d,
            "contract": contract,
            "trump": self.trump,
            "called": self.called.code if self.called else None,
            "partner": p,
            "side_tricks": side,
            "made": side >= NEEDED[contract],
            "changes": changes,
            "chips": self.chips[:],
        }
        self.history.append(record)
        self._log("settle", None, **record)
        if self.deal_no >= self.deals:  # MENSCH-END-1/2: the most chips win, ties joint
            top = max(self.chips)
            self._end([s for s in range(4) if self.chips[s] == top])
        elif self._search_copy:  # a search stops at the end of its deal
            self.turn = None
            self.deal_no += 1
        else:  # MENSCH-PLAYERS-2: the deal passes left
            order = self._collect()
            shuffle(self.rng, order)
            self.dealer = (self.dealer + 1) % 4
            self._deal(order)

    def _collect(self) -> list[Card]:
        """The pack for the next shuffle: the tricks' cards in play order, then each hand."""
        cards = self.played
        self.played = []
        for s in range(4):
            cards += self.hands[s]
        self.hands = [[], [], [], []]
        self.tricks = []
        return cards

    def _deal(self, order: list[Card]) -> None:
        """MENSCH-DEAL-1: packets of four from the top of ``order`` to E, E+1, E+2, D, and
        the same again; then the auction, eldest first (MENSCH-BID-2)."""
        self.deal_no += 1
        self.bids = []
        self.declarer = self.contract = self.trump = self.called = self.partner = None
        self.partner_known = self.called_led = False
        self.trick, self.tricks, self.played = [], [], []
        self.tricks_won = [0, 0, 0, 0]
        self.hands = [[], [], [], []]
        for packet in range(8):
            self.hands[(self.eldest + packet) % 4] += order[4 * packet : 4 * packet + 4]
        self.sort_hands()
        self.phase = "bid"
        self.turn = self.eldest
        self._log("deal", self.dealer, deal=self.deal_no)

    def _end(self, winners: list[int]) -> None:
        self.phase = "over"
        self.turn = None
        self.winners_list = sorted(winners)
        self._log("gameover", None, winners=self.winners_list)

    # --- views, copies, zones -------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees: its hand, every bid, the contract, trumps and the called card;
        never who holds the called card until it is played."""
        return {
            "game": self.game.id,
            "variant": self.variant,
            "options": dict(self.options),
            "players": PLAYERS,
            "seat": seat,
            "phase": self.phase,
            "to_move": self.turn,
            "scores": list(self.chips),
            "hand": [c.code for c in self.hands[seat]] if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "dealer": self.dealer,
            "eldest": self.eldest,
            "deal_no": self.deal_no,
            "deals": self.deals,
            "bids": [[s, b] for s, b in self.bids],
            "high_bid": self.high_bid,
            "declarer": self.declarer,
            "contract": self.contract,
            "trump": self.trump,
            "called": self.called.code if self.called else None,
            "partner": self.partner if self.partner_known else None,
            **self.trick_fields(),
            "played": [c.code for c in self.played],
            "chips": list(self.chips),
            "history": [dict(h) for h in self.history],
            "winners": list(self.winners_list),
        }

    def clone(self, rng: random.Random | None = None, *, events: bool = True) -> MenschState:
        """An independent copy (of this state's own class); ``rng`` re-seeds its future, and
        ``events=False`` starts its log empty. Finished tricks and the sheet's records are
        shared: nothing changes them once made."""
        return self._copy_into(copy.copy(self), rng, events)

    def _copy_into(self, new: Any, rng: random.Random | None, events: bool) -> Any:
        """``clone``'s second half, on a shallow copy ``new``: what changes during play
        copied, the generator re-seeded or copied, the log kept or emptied."""
        new.rng = positions.copy_rng(self.rng) if rng is None else rng
        new.hands = [h[:] for h in self.hands]
        new.bids = self.bids[:]
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.played = self.played[:]
        new.tricks_won = self.tricks_won[:]
        new.chips = self.chips[:]
        new.history = self.history[:]
        new.winners_list = self.winners_list[:]
        new.events = self.events[:] if events else []
        new._legal = None
        new._search_copy = False
        return new

    def zones(self) -> dict[str, Sequence[Card]]:
        out: dict[str, Sequence[Card]] = {f"hand {s}": self.hands[s] for s in range(4)}
        out["played"] = self.played
        out["trick"] = self.trick_cards()
        return out

    def all_cards(self) -> list[Card]:
        out = [*self.played, *self.trick_cards()]
        for h in self.hands:
            out += h
        return out

    def hidden_zones(self, seat: int | None) -> tuple[str, ...]:
        return tuple(f"hand {s}" for s in range(4) if s != seat)

    def _sample(self, observer: int, rng: random.Random, *, events: bool) -> MenschState:
        """Re-deal the hands ``observer`` cannot see, consistent with the play
        (``sampling``): ``TurnState.sample_hidden`` and ``search_copy`` deal through it."""
        from .sampling import sample_hidden

        return sample_hidden(self, observer, rng, events=events)

    # --- JSON (``codec.py``) --------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        from .codec import to_json

        return to_json(self)

    @classmethod
    def from_json(cls, game: Mensch, data: Mapping[str, Any]) -> MenschState:
        """A position read back, checked as ``codec.from_json`` says; of this class."""
        from .codec import from_json

        return from_json(cls, game, data)


__all__ = [
    "CLUBS_CONTRACTS",
    "GAME",
    "LEGAL_OVER",
    "NEEDED",
    "PARTNER_CONTRACTS",
    "PLAYERS",
    "QC",
    "Mensch",
    "MenschState",
    "effective_suit",
    "highest_bid",
    "power",
]


Mensch.state_class = MenschState
