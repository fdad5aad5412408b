"""Mensch: the pure rules. Spec: ``shared/rules/mensch.md``.

Four players, a 32-card pack, one round of bidding, a secret partner called by a card, the
queen of clubs (the *Mensch*) always the top trump, chips over a match of ``deals`` deals.
Rule IDs (``MENSCH-BID-4``, ``MENSCH-PLAY-4`` ...) are cited where each is enforced.

Action text: ``pass``, ``half``, ``after``, ``five``, ``five-after``, ``six``, ``six-after``,
``seven``, ``seven-after``, ``solo``; ``trump hearts``; ``call AD``; ``play 7H``.

The partner's identity is the state's only secret beyond the hands: ``partner`` is kept for
the rules (settlement, the partner's duties), and no view, event or text shows it until the
called card is played (``partner_known``).

JSON layout (``to_json``/``from_json``)::

    {"game": "mensch", "schema": 1, "players": 4, "variant": "standard",
     "options": {"deals": 8}, "rng": [...],
     "deal_no": 1, "dealer": 3, "phase": "play",       # bid | trump | call | play | over
     "turn": 0, "hands": [[...] x4],
     "bids": [[0, "half"], [1, "pass"], ...], "declarer": 0, "contract": "half",
     "trump": "C", "called": "AD", "partner": 2, "partner_known": false, "called_led": false,
     "trick": {"leader": 0, "plays": [[0, "7H"]]},
     "tricks": [{"plays": [[0, "AS"], ...], "winner": 0}], "played": [...],
     "chips": [0, 0, 0, 0], "history": [...], "winners": [], "events": [...]}
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from ... import positions
from ...cards import QUEEN, SUIT_NAMES, Card
from ...dealing import pack_order
from ...engine import Action, Event, Game, IllegalAction, Option, State, Variant
from ...shuffle import shuffle
from ...turns import TurnState
from .actions import BID, BIDS, CALL, PACK, PASS, PLAY, TRUMP, Bid, Call, Play, Trump, parse_action

SCHEMA = 1
PLAYERS = 4
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
#: MENSCH-BID-1: tricks the declaring side needs.
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
PARTNER_CONTRACTS = ("half", "after", "passed")
_SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}
#: Each card's effective suit (MENSCH-RANK-4) under each trump suit (None: before trumps).
_EFF: dict[str | None, dict[Card, str]] = {
    t: {c: (t if c is QC and t is not None else c.suit) for c in PACK} for t in (None, *"SHDC")
}
#: The play action of each card, looked up in C (``map``) rather than a comprehension.
_PLAY_OF = PLAY.__getitem__
#: The cards of each card's effective suit under each trump (``_FOLLOW[trump][led]``): what
#: follows a lead (``_LED``); the void test is ``isdisjoint(hand)``, in C.
_FOLLOW: dict[str | None, dict[Card, frozenset[Card]]] = {
    t: {c: frozenset(d for d in PACK if _EFF[t][d] == _EFF[t][c]) for c in PACK}
    for t in (None, *"SHDC")
}
#: ``_FOLLOW`` with each card's play: a follow is one comprehension over the hand, its
#: membership test and lookup inline, not a bound-method call per card (``filter``/``map``).
_FOLLOW_PLAY: dict[str | None, dict[Card, dict[Card, Action]]] = {
    t: {c: {d: PLAY[d] for d in PACK if d in f} for c, f in by.items()} for t, by in _FOLLOW.items()
}
#: A one-card play's event data, shared by every event of it (event data is only read).
_CARD_DATA = {c: {"cards": [c.code]} for c in PACK}
_tnew: Any = tuple.__new__
CLUBS_CONTRACTS = ("half", "after", "five-after", "six-after", "seven-after")
#: MENSCH-BID-3/4: the legal bids over each highest bid, with pass (free) and without
#: (compelled): constant lists, since callers never change a legal list.
_BIDS_OVER = {
    (high, compelled): ([] if compelled else [PASS]) + [BID[b] for b in over]
    for high, over in LEGAL_OVER.items()
    for compelled in (False, True)
}
_TRUMPS = [TRUMP[s] for s in "SHDC"]

_NEXT = (1, 2, 3, 0)
#: A settled deal's record (``_settle``), as ``history`` keeps it: the table's sheet reads
#: it (``positions.records`` checks each on load).
_RECORD: dict[str, positions.Reader] = {
    "deal": positions.r_whole(1),
    "dealer": positions.r_seat,
    "declarer": positions.r_seat,
    "contract": positions.r_choice(*NEEDED),
    "trump": positions.r_maybe(positions.r_choice(*"SHDC")),
    "called": positions.r_maybe(positions.r_card),
    "partner": positions.r_maybe(positions.r_seat),
    "side_tricks": positions.r_whole(0, 8),
    "made": positions.r_bool,
    "changes": positions.r_per_seat(positions.r_whole(-99, 99)),  # (a few chips: SCORE-2..8)
    "chips": positions.r_per_seat(positions.r_whole()),  # (running totals: any reached)
}
DEALS = (4, 8, 12, 16, 20)
#: Chips either way that the search's reward spans (``Mensch.search_reward``).
REWARD_SCALE = 12

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


#: Each card's power (``power``) under each trump suit: a trump is 100 or more.
_POW: dict[str | None, dict[Card, int]] = {
    t: {c: power(c, t) for c in PACK} for t in (None, *"SHDC")
}


def _worths(trump: str | None, led: Card) -> dict[Card, int]:
    """MENSCH-PLAY-3: each card's worth to a trick led by ``led``: a trump its power (100 or
    more), a card of the suit led its rank, any other card nothing; the highest takes."""
    eff = _EFF[trump]
    return {c: _POW[trump][c] if eff[c] == trump or eff[c] == eff[led] else 0 for c in PACK}


#: What a trick needs of its lead, one look-up when it is led: the follows (``_FOLLOW``),
#: their plays (``_FOLLOW_PLAY``) and every card's worth to it (``_worths``).
_LED = {
    t: {c: (_FOLLOW[t][c], _FOLLOW_PLAY[t][c], _worths(t, c)) for c in PACK}
    for t in (None, *"SHDC")
}
_NO_LEAD = (frozenset(), {}, {})


def _hand_order(card: Card, trump: str | None) -> int:
    """How hands are kept and shown: trumps first (the Mensch on the left), then the plain
    suits alternating in colour, high to low."""
    if trump is not None and (card is QC or card.suit == trump):
        return -power(card, trump)
    return 1000 * (1 + _SUIT_ORDER[card.suit]) - card.rank


def _best_at(plays: Sequence[tuple[int, Card]], trump: str | None) -> int:
    """MENSCH-PLAY-3: where in ``plays`` the winning card is. A trump's power (100 or more)
    beats every plain card, so one comparison decides."""
    pw = _POW[trump]
    eff = _EFF[trump]
    first = plays[0][1]
    led = eff[first]
    at, top = 0, pw[first]
    for i in range(1, len(plays)):
        c = plays[i][1]
        v = pw[c]
        if v > top and (v >= 100 or eff[c] == led):
            at, top = i, v
    return at


#: ``_hand_order`` of each card under each trump, looked up by ``sort`` in C.
_HAND_KEY = {t: {c: _hand_order(c, t) for c in PACK}.__getitem__ for t in (None, *"SHDC")}


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
        elif isinstance(dealer, bool) or not (isinstance(dealer, int) and 0 <= dealer < 4):
            raise ValueError("dealer must be a seat from 0 to 3")
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


class MenschState(TurnState):
    """A Mensch position."""

    __slots__ = (
        "_high",
        "_led",
        "_legal",
        "_plays_ok",
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
        self.phase = "bid"
        self.turn: int | None = None
        self.hands: list[list[Card]] = [[], [], [], []]
        self.bids: list[tuple[int, str]] = []
        self._high: str | None = None  # the highest bid so far (``high_bid``)
        # the trick's tables (``_LED`` of its lead: follows, their plays, worths), set by
        # the lead
        self._led: tuple[frozenset[Card], dict[Card, Action], dict[Card, int]] = _NO_LEAD
        self.declarer: int | None = None
        self.contract: str | None = None
        self.trump: str | None = None
        self.called: Card | None = None
        self.partner: int | None = None
        self.partner_known = False
        self.called_led = False
        self.trick: list[tuple[int, Card]] = []
        self.trick_leader = 0
        self.tricks: list[dict[str, Any]] = []
        self.played: list[Card] = []
        self.tricks_won = [0, 0, 0, 0]
        self.chips = [0, 0, 0, 0]
        self.history: list[dict[str, Any]] = []
        self.winners_list: list[int] = []
        self.events: list[Event] = []
        self._legal: Sequence[Action] | None = None
        self._plays_ok: list[Card] = []  # the cards of ``_legal`` in the play
        self._search_copy = False

    # --- small facts ----------------------------------------------------------------------

    @property
    def eldest(self) -> int:
        return (self.dealer + 1) % 4

    @property
    def high_bid(self) -> str | None:
        return self._high

    def _find_high(self) -> str | None:
        for _, b in reversed(self.bids):
            if b != "pass":
                return b
        return None

    def clubs_held(self, seat: int) -> int:
        """MENSCH-BID-4, A-5: clubs in hand, the queen of clubs counted."""
        n = 0
        for c in self.hands[seat]:  # (a plain loop: quicker than ``map`` over a hand)
            if c.suit == "C":
                n += 1
        return n

    def hand_key(self, card: Card) -> int:
        """How hands are kept and shown (``_hand_order``)."""
        return _HAND_KEY[self.trump](card)  # type: ignore[no-any-return]

    def sort_hands(self) -> None:
        key = _HAND_KEY[self.trump]
        for h in self.hands:
            h.sort(key=key)

    def effective_suit(self, card: Card) -> str:
        return effective_suit(card, self.trump)

    def is_trump(self, card: Card) -> bool:
        return card is QC or card.suit == self.trump

    def trick_winner(self, plays: Sequence[tuple[int, Card]]) -> int:
        """MENSCH-PLAY-3: the highest trump, else the highest card of the suit led."""
        return plays[_best_at(plays, self.trump)][0]

    def compelled(self, seat: int) -> bool:
        """MENSCH-BID-4: three clubs (QC counted) may not pass before anyone has bid more
        than Half."""
        return self._high in (None, "half") and self.clubs_held(seat) >= 3

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
        """MENSCH-PLAY-2 and -4: follow the led card's effective suit if you can; the holder
        of the called card may not throw it early, must play it to the first lead of its
        suit, and leads that suit first only with it."""
        hand = self.hands[seat]
        trick = self.trick
        called = self.called
        if trick:
            eff = _EFF[self.trump]
            led = eff[trick[0][1]]
            cards = [c for c in hand if eff[c] == led] or hand[:]
        else:
            cards = hand[:]
        if called is None or self.partner_known or called not in hand:
            return cards
        if trick:
            if led == called.suit and not self.called_led_before_trick():
                return [called]
            if not self.called_led:
                return [c for c in cards if c is not called] or cards
            return cards
        if not self.called_led:
            return [c for c in cards if c.suit != called.suit or c is called]
        return cards

    def called_led_before_trick(self) -> bool:
        """Had the called suit been led before the trick now being played?"""
        called = self.called
        if called is None:
            return False
        return any(effective_suit(t["plays"][0][1], self.trump) == called.suit for t in self.tricks)

    # --- contract: queries ----------------------------------------------------------------

    def scores(self) -> list[int]:
        return list(self.chips)

    def deals_played(self) -> int:
        return self.deal_no

    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        """``TurnState.legal_actions`` with the common play (no called-card duties) inline:
        one call a move instead of two, and the follows read off ``_FOLLOW_PLAY``."""
        legal = self._legal
        if legal is None and (seat is None or seat == self.turn):  # a new position
            turn = self.turn
            if turn is None:
                return []
            if self.phase == "play" and (turn != self.partner or self.partner_known):
                # Plain loops, not comprehensions or ``list(map(...))``: for a hand of a
                # few cards, Python 3.11's loop is the quicker (a comprehension makes and
                # calls a function; ``map`` a call per card), a tenth of a play-out.
                legal = []
                if self.trick:
                    follow = self._led[1]
                    for c in self.hands[turn]:
                        if c in follow:
                            legal.append(follow[c])
                if not legal:  # a lead, or void in the suit led: any card
                    for c in self.hands[turn]:
                        legal.append(PLAY[c])
            else:
                legal = self._legal_for(turn)
            self._legal = legal
            return legal
        return TurnState.legal_actions(self, seat)  # listed already, or not this seat's turn

    def _legal_for(self, turn: int) -> Sequence[Action]:
        """What ``legal_actions`` does not list inline: the called card's holder in the play
        (its duties, ``plays_for``), the auction, the trump and the call."""
        phase = self.phase
        if phase == "play":
            cards = self._plays_ok = self.plays_for(turn)
            return list(map(_PLAY_OF, cards))
        if phase == "bid":
            return _BIDS_OVER[self._high, self.compelled(turn)]
        if phase == "trump":
            return _TRUMPS
        return [CALL[c] for c in self.callable_cards()]

    # --- contract: apply ------------------------------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        turn = self.turn
        if type(action) is Play and self.phase == "play" and (seat is None or seat == turn):
            # MENSCH-PLAY-2..4 inline: the move of nearly every position
            card = action.card
            hand = self.hands[turn]  # type: ignore[index]
            trick = self.trick
            if turn == self.partner and not self.partner_known:  # the called card's duties
                ok = self._plays_ok if self._legal is not None else self.plays_for(turn)
                if card not in ok:  # the legal plays are in the hand: one look decides both
                    if card not in hand:
                        raise IllegalAction(f"you do not hold {card.code}")
                    raise IllegalAction(self._why_not(turn, card))  # type: ignore[arg-type]
            elif trick:  # MENSCH-PLAY-2: follow the effective suit led if you can
                follow = self._led[0]
                if card not in follow and not follow.isdisjoint(hand) and card in hand:
                    raise IllegalAction(self._why_not(turn, card))  # type: ignore[arg-type]
            try:
                hand.remove(card)
            except ValueError:
                raise IllegalAction(f"you do not hold {card.code}") from None
            self._legal = None
            events = self.events
            if trick:
                ev = _PLAY_EV[turn][card]  # type: ignore[index]
            else:
                self.trick_leader = turn  # type: ignore[assignment]
                self._led = _LED[self.trump][card]
                called = self.called
                if called is not None and _EFF[self.trump][card] == called.suit:
                    self.called_led = True
                ev = _LEAD_EV[turn][card]  # type: ignore[index]
            events.append(ev)
            trick.append(_AT[turn][card])  # type: ignore[index]
            if card is self.called and not self.partner_known:
                self.partner_known = True  # MENSCH-CALL-5: now everyone knows
                events.append(Event("partner", turn, _reveals, {"cards": [card.code]}))
                mark = len(events) - 2
            elif len(trick) < 4:
                self.turn = _NEXT[turn]  # type: ignore[index]
                return [ev]
            else:
                mark = len(events) - 1
            if len(trick) < 4:
                self.turn = _NEXT[turn]  # type: ignore[index]
            else:
                self._close_trick(trick)
            return events[mark:]
        if type(action) is Bid and self.phase == "bid" and (seat is None or seat == turn):
            # MENSCH-BID-2..4 inline for the first three: a bid over the highest, or a pass
            # when free (the listed bids, when listed, say whether pass is among them)
            name = action.name
            bids = self.bids
            if len(bids) < 3:
                if name == "pass":
                    legal = self._legal
                    if legal is not None:
                        ok = legal[0] is PASS
                    else:
                        ok = not self.compelled(turn)  # type: ignore[arg-type]
                else:
                    ok = name in LEGAL_OVER[self._high]
                if ok:
                    bids.append((turn, name))  # type: ignore[arg-type]
                    ev = _BID_EV[turn][name]  # type: ignore[index]
                    self.events.append(ev)
                    if name != "pass":
                        self._high = name
                    self.turn = _NEXT[turn]  # type: ignore[index]
                    self._legal = None
                    return [ev]
            events = self.events  # the last bid, and every refusal: ``_bid`` checks
            mark = len(events)
            self._bid(turn, action.name)  # type: ignore[arg-type]
            self._legal = None
            return events[mark:]
        if turn is None:
            raise IllegalAction("the game is over")
        if seat is not None and seat != turn:
            raise IllegalAction(f"it is not your turn (waiting for seat {turn + 1})")
        act = action if isinstance(action, Action) else self._coerce(action)
        if type(act) is Play and self.phase == "play":
            return self.apply(act)
        events = self.events
        mark = len(events)
        phase = self.phase
        if phase == "play":
            raise IllegalAction("the tricks are being played: play a card")
        if phase == "bid":
            if type(act) is not Bid:
                raise IllegalAction("it is the auction: pass or bid")
            self._bid(turn, act.name)  # type: ignore[attr-defined]
        elif phase == "trump":
            if type(act) is not Trump:
                raise IllegalAction("name the trump suit first")
            self._name_trump(act.suit)  # type: ignore[attr-defined]
        else:
            if type(act) is not Call:
                raise IllegalAction("call a card: its holder is your partner")
            self._call(act.card)  # type: ignore[attr-defined]
        self._legal = None
        return events[mark:]

    def _bid(self, seat: int, name: str) -> None:
        """MENSCH-BID-2..6."""
        high = self._high
        if name == "pass":
            if self.compelled(seat):
                need = "Half" if high is None else "After"
                raise IllegalAction(
                    f"you hold {self.clubs_held(seat)} clubs: you must bid {need} or higher"
                )
        elif name not in LEGAL_OVER[high]:
            allowed = ", ".join(LEGAL_OVER[high]) or "nothing: only pass"
            raise IllegalAction(f"over {high or 'no bid'} you may bid {allowed}")
        self.bids.append((seat, name))
        self.events.append(_BID_EV[seat][name])
        if name != "pass":
            self._high = high = name
        if len(self.bids) < 4:
            self.turn = (seat + 1) % 4
            return
        if high is None:  # MENSCH-BID-6: the holder of QC plays the passed game
            for s in range(4):  # (loops, not generators: a deal's end counts too)
                if QC in self.hands[s]:
                    self.declarer = s
                    break
            self.contract = "passed"
            self.phase = "trump"
        else:
            for s, b in reversed(self.bids):
                if b == high:
                    self.declarer = s
                    break
            self.contract = high
            if high in CLUBS_CONTRACTS:  # MENSCH-TRUMP-1
                self.trump = "C"
                self.sort_hands()
                self.phase = "call" if high in PARTNER_CONTRACTS else "play"
            else:
                self.phase = "trump"
        self.events.append(_DECLARE_EV[self.declarer][self.contract])
        if self.trump is not None:
            self.events.append(_TRUMP_EV[self.declarer]["C"])
        self.turn = self.declarer
        if self.phase == "play":
            self._start_play()

    def _name_trump(self, suit: str) -> None:
        """MENSCH-TRUMP-1, A-10: any suit, clubs included."""
        self.trump = suit
        self.sort_hands()
        self.events.append(_TRUMP_EV[self.declarer][suit])  # type: ignore[index]
        if self.contract in PARTNER_CONTRACTS:
            self.phase = "call"
        else:
            self._start_play()

    def _call(self, card: Card) -> None:
        """MENSCH-CALL-1..5: the card is announced; its holder is known to himself only."""
        allowed = self.callable_cards()
        if card not in allowed:
            if self.is_trump(card):
                raise IllegalAction("a trump cannot be called")
            assert self.declarer is not None
            if card in self.hands[self.declarer]:
                raise IllegalAction("you hold that card yourself")
            raise IllegalAction("call a card of a plain suit you hold")
        self.called = card
        self.partner = next(s for s in range(4) if card in self.hands[s])
        self.events.append(_CALL_EV[self.declarer][card])  # type: ignore[index]
        self._start_play()

    def _start_play(self) -> None:
        """MENSCH-PLAY-1: the Solo declarer leads; otherwise eldest."""
        self.phase = "play"
        leader = self.declarer if self.contract == "solo" else self.eldest
        assert leader is not None
        self.turn = self.trick_leader = leader

    def _close_trick(self, trick: list[tuple[int, Card]]) -> None:
        """MENSCH-PLAY-3: the fourth card is down; its winner leads next, or the deal is
        settled."""
        worth = self._led[2]
        (s0, c0), (s1, c1), (s2, c2), (s3, c3) = trick
        # _best_at unrolled, each card's worth to this trick (``_LED``) compared once
        winner, best, top = s0, c0, worth[c0]
        v = worth[c1]
        if v > top:
            winner, best, top = s1, c1, v
        v = worth[c2]
        if v > top:
            winner, best, top = s2, c2, v
        if worth[c3] > top:
            winner, best = s3, c3
        self.tricks.append({"plays": trick, "winner": winner})
        self.played += (c0, c1, c2, c3)
        self.trick = []
        self.tricks_won[winner] += 1
        self.events.append(_WIN_EV[winner][best])
        if self.hands[winner]:
            self.turn = self.trick_leader = winner
        else:
            self._settle()

    def _why_not(self, seat: int, card: Card) -> str:
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

    # --- settlement and the match ---------------------------------------------------------

    def _settle(self) -> None:
        """MENSCH-SCORE-1..8, then the next deal or the end of the match (MENSCH-END)."""
        d, p, contract = self.declarer, self.partner, self.contract
        assert d is not None and contract is not None
        side = self.tricks_won[d] + (self.tricks_won[p] if p is not None else 0)
        made = side >= NEEDED[contract]
        sweep = side in (0, 8)
        changes = [0, 0, 0, 0]
        if contract in PARTNER_CONTRACTS:
            assert p is not None
            if made:
                each = 1
            elif contract == "passed" and self.variant == "standard":
                each = -1  # MENSCH-SCORE-5
            else:
                each = -2  # MENSCH-SCORE-4, -6
            if sweep:
                each *= 2  # MENSCH-SCORE-2
            for s in range(4):
                changes[s] = each if s in (d, p) else -each
        else:
            rate = 2 if self.trump == "C" else 1  # MENSCH-SCORE-7
            if contract == "solo":
                rate *= 4  # MENSCH-SCORE-8: never doubled
            elif sweep:
                rate *= 2
            sign = 1 if made else -1
            for s in range(4):
                changes[s] = 3 * rate * sign if s == d else -rate * sign
        chips = self.chips
        chips[0] += changes[0]
        chips[1] += changes[1]
        chips[2] += changes[2]
        chips[3] += changes[3]
        rec = {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "declarer": d,
            "contract": contract,
            "trump": self.trump,
            "called": self.called.code if self.called else None,
            "partner": p,
            "side_tricks": side,
            "made": made,
            "changes": changes,
            "chips": chips[:],
        }
        self.history.append(rec)
        # the record is only read, so the event shares it (``view`` and ``to_json`` copy)
        self.events.append(_tnew(Event, ("settle", None, _settles, rec)))
        if self.deal_no >= self.deals:  # MENSCH-END-1/2
            top = max(self.chips)
            self._end([s for s in range(4) if self.chips[s] == top])
            return
        if self._search_copy:
            self.turn = None
            self.deal_no += 1
            return
        order = self._collect()
        shuffle(self.rng, order)
        self.dealer = (self.dealer + 1) % 4
        self._deal(order)

    def _collect(self) -> list[Card]:
        cards = self.played
        self.played = []
        for s in range(4):
            cards += self.hands[s]
        self.hands = [[], [], [], []]
        self.tricks = []
        return cards

    def _deal(self, order: list[Card]) -> None:
        """MENSCH-DEAL-1: packets of four, E, E+1, E+2, D, twice."""
        self.deal_no += 1
        e = (self.dealer + 1) % 4
        # packets of four to E, E+1, E+2, D, twice: the packets of seat E+i are i and 4+i
        dealt = [
            order[0:4] + order[16:20],
            order[4:8] + order[20:24],
            order[8:12] + order[24:28],
            order[12:16] + order[28:32],
        ]
        hands = self.hands = dealt[4 - e :] + dealt[: 4 - e] if e else dealt
        key = _HAND_KEY[None]
        for h in hands:
            h.sort(key=key)
        self.bids = []
        self._high = None
        self.declarer = self.contract = self.trump = self.called = self.partner = None
        self.partner_known = self.called_led = False
        self.trick, self.tricks, self.played = [], [], []
        self.tricks_won = [0, 0, 0, 0]
        self.phase = "bid"
        self.turn = e
        ev = _DEAL_EV[self.dealer].get(self.deal_no)
        if ev is None:  # beyond the longest match an option offers (a test's own count)
            ev = _tnew(Event, ("deal", self.dealer, _deals, {"deal": self.deal_no}))
        self.events.append(ev)

    def _end(self, winners: list[int]) -> None:
        self.phase = "over"
        self.turn = None
        self.winners_list = sorted(winners)
        self.events.append(Event("gameover", None, _game_over, {"winners": self.winners_list}))

    # --- views, copies, zones -------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees: its hand, every bid, the contract, trumps and the called card;
        never who holds the called card until it is played."""
        mine = seat is not None
        return {
            "game": self.game.id,
            "variant": self.variant,
            "options": dict(self.options),
            "players": PLAYERS,
            "seat": seat,
            "phase": self.phase,
            "to_move": self.turn,
            "scores": list(self.chips),
            "hand": [c.code for c in self.hands[seat]] if mine else None,  # type: ignore[index]
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
            "trick": {
                "leader": self.trick_leader,
                "plays": [[s, [c.code]] for s, c in self.trick],
                "best": self.trick_winner(self.trick) if self.trick else None,
            },
            "tricks": [
                {"plays": [[s, [c.code]] for s, c in t["plays"]], "winner": t["winner"]}
                for t in self.tricks
            ],
            "tricks_won": list(self.tricks_won),
            "played": [c.code for c in self.played],
            "chips": list(self.chips),
            "history": [dict(h) for h in self.history],
            "winners": list(self.winners_list),
        }

    def clone(self, rng: random.Random | None = None, *, events: bool = True) -> MenschState:
        new = object.__new__(MenschState)
        for name in _SHARED:
            object.__setattr__(new, name, getattr(self, name))
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
        new._plays_ok = []
        new._search_copy = False
        return new

    def zones(self) -> dict[str, Sequence[Card]]:
        out: dict[str, Sequence[Card]] = {f"hand {s}": self.hands[s] for s in range(4)}
        out["played"] = self.played
        out["trick"] = [c for _, c in self.trick]
        return out

    def all_cards(self) -> list[Card]:
        out = [*self.played, *(c for _, c in self.trick)]
        for h in self.hands:
            out += h
        return out

    def hidden_zones(self, seat: int | None) -> tuple[str, ...]:
        return tuple(f"hand {s}" for s in range(4) if s != seat)

    def sample_hidden(self, observer: int, rng: random.Random) -> MenschState:
        from .sampling import sample_hidden

        return sample_hidden(self, observer, rng)

    def search_copy(self, observer: int, rng: random.Random) -> MenschState:
        from .sampling import sample_hidden

        copy = sample_hidden(self, observer, rng, events=False)
        copy._search_copy = True
        return copy

    # --- JSON -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            **positions.header(self, SCHEMA, PLAYERS),
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "phase": self.phase,
            "turn": self.turn,
            "hands": [[c.code for c in h] for h in self.hands],
            "bids": [[s, b] for s, b in self.bids],
            "declarer": self.declarer,
            "contract": self.contract,
            "trump": self.trump,
            "called": self.called.code if self.called else None,
            "partner": self.partner,
            "partner_known": self.partner_known,
            "called_led": self.called_led,
            "trick": {"leader": self.trick_leader, "plays": [[s, c.code] for s, c in self.trick]},
            "tricks": [
                {"plays": [[s, c.code] for s, c in t["plays"]], "winner": t["winner"]}
                for t in self.tricks
            ],
            "played": [c.code for c in self.played],
            "chips": list(self.chips),
            "history": [dict(h) for h in self.history],
            "winners": list(self.winners_list),
            "events": [e.to_json() for e in self.events],
        }

    @classmethod
    def from_json(cls, game: Mensch, data: Mapping[str, Any]) -> MenschState:
        with positions.reading(game):
            head = positions.read_header(game, data, SCHEMA)
            st = cls(game, head.variant, head.options, head.rng)
            st._load_fields(data)
            st.sort_hands()
            positions.check_pack(st, PLAYERS)
            st._check_consistent()
        return st

    def _load_fields(self, data: Mapping[str, Any]) -> None:
        n = PLAYERS
        seat_of, whole = positions.seat, positions.whole
        self.deal_no = whole(data["deal_no"], "deal_no", 1, self.deals)
        self.dealer = seat_of(data["dealer"], n, "dealer")
        self.phase = str(data["phase"])
        if self.phase not in ("bid", "trump", "call", "play", "over"):
            raise ValueError(f"unknown phase {positions.text(self.phase)}")
        turn = data["turn"]
        self.turn = None if turn is None else seat_of(turn, n, "turn")
        self.hands = [list(h) for h in positions.per_seat(data["hands"], n, "hands")]
        self.bids = []
        for item in data["bids"]:
            s, b = item
            if b != "pass" and b not in BIDS:
                raise ValueError(f"no bid {positions.text(b)}")
            self.bids.append((seat_of(s, n, "a bidder"), str(b)))
        self._high = self._find_high()
        dec = data["declarer"]
        self.declarer = None if dec is None else seat_of(dec, n, "declarer")
        contract = data["contract"]
        if contract is not None and contract not in NEEDED:
            raise ValueError(f"no contract {positions.text(contract)}")
        self.contract = contract
        trump = data["trump"]
        if trump is not None and trump not in SUIT_NAMES:
            raise ValueError(f"no suit {positions.text(trump)}")
        self.trump = trump
        called = data["called"]
        self.called = None if called is None else Card.parse(str(called))
        partner = data["partner"]
        self.partner = None if partner is None else seat_of(partner, n, "partner")
        self.partner_known = bool(data.get("partner_known", False))
        self.called_led = bool(data.get("called_led", False))
        trick = data["trick"]
        self.trick_leader = seat_of(trick["leader"], n, "the trick's leader")
        self.trick = [
            (seat_of(s, n, "a play's seat"), Card.parse(str(c))) for s, c in trick["plays"]
        ]
        if self.trick:
            self._led = _LED[trump][self.trick[0][1]]
        self.tricks = []
        for t in data["tricks"]:
            plays = [(seat_of(s, n, "a play's seat"), Card.parse(str(c))) for s, c in t["plays"]]
            if len(plays) != 4:
                raise ValueError("a finished trick has four plays")
            self.tricks.append({"plays": plays, "winner": seat_of(t["winner"], n, "a winner")})
        self.played = positions.cards(data["played"], "played")
        self.tricks_won = [sum(t["winner"] == s for t in self.tricks) for s in range(n)]
        chips = data["chips"]
        if not isinstance(chips, list) or len(chips) != n:
            raise ValueError("chips need one entry per seat")
        self.chips = [whole(x, "chips", -(10**6), 10**6) for x in chips]
        self.history = positions.records(data.get("history", []), "deal", _RECORD, n)
        self.winners_list = [seat_of(x, n, "a winner") for x in data.get("winners", [])]
        self.events = positions.events(data.get("events", []), n)

    def _check_consistent(self) -> None:
        # the sheet: one record a deal settled, before this one (MENSCH-SCORE, MENSCH-END)
        done = self.deal_no if self.phase == "over" else self.deal_no - 1
        positions.numbered(self.history, "deal", done)
        if self.phase == "over":
            if self.turn is not None:
                raise ValueError("a finished match has no seat to move")
            return
        if self.turn is None:
            raise ValueError(f"the {self.phase} needs a seat to move")
        if sum(self.chips) != 0:
            raise ValueError("the chips do not add up to zero")
        if self.phase == "bid":
            if len(self.bids) >= 4 or self.turn != (self.eldest + len(self.bids)) % 4:
                raise ValueError("the bids do not fit the seat to bid")
            if any(s != (self.eldest + i) % 4 for i, (s, _) in enumerate(self.bids)):
                raise ValueError("the bids are out of turn")
            if self.tricks or self.trick or self.played or self.declarer is not None:
                raise ValueError("nothing is played before the auction ends")
            if self.contract or self.trump or self.called or self.partner is not None:
                raise ValueError("nothing is declared before the auction ends")
            if any(len(h) != 8 for h in self.hands):  # MENSCH-DEAL-1: eight cards each
                raise ValueError("in the auction every player holds the eight cards dealt")
            return
        if len(self.bids) != 4 or self.declarer is None or self.contract is None:
            raise ValueError("after the auction there is a declarer and a contract")
        if self.phase in ("trump", "call") and self.turn != self.declarer:
            raise ValueError("the declarer names trumps and calls")
        if self.phase == "call" and (self.trump is None or self.contract not in PARTNER_CONTRACTS):
            raise ValueError("a card is called in Half, After and the passed game, after trumps")
        if self.phase == "play":
            if self.trump is None:
                raise ValueError("the tricks need a trump suit")
            if self.contract in PARTNER_CONTRACTS and (self.called is None or self.partner is None):
                raise ValueError("a partner contract needs its called card and its holder")
            if self.called is not None and self.partner is not None:
                holder = self.called in self.hands[self.partner] or any(
                    s == self.partner and c is self.called
                    for t in (*(t["plays"] for t in self.tricks), self.trick)
                    for s, c in t
                )
                if not holder or self.partner == self.declarer:
                    raise ValueError("the partner is not the holder of the called card")
            if Counter(c for t in self.tricks for _, c in t["plays"]) != Counter(self.played):
                raise ValueError("the cards played are not the cards of the finished tricks")
            # MENSCH-PLAY-1/3: the first trick led by eldest (the Solo declarer), each later
            # one by the last winner, and each played by the four in turn from its leader
            leader = self.declarer if self.contract == "solo" else self.eldest
            for t in self.tricks:
                if [s for s, _ in t["plays"]] != [(leader + i) % 4 for i in range(4)]:
                    raise ValueError("a finished trick is not played in turn from its leader")
                if t["winner"] != self.trick_winner(t["plays"]):
                    raise ValueError("a finished trick names the wrong winner")
                leader = t["winner"]
            if self.trick_leader != leader:
                raise ValueError("the trick is not led by the last trick's winner")
            sizes = [len(h) for h in self.hands]
            seats = [s for s, _ in self.trick]
            if any(seats[i] != (self.trick_leader + i) % 4 for i in range(len(seats))):
                raise ValueError("the trick's plays are out of turn")
            want = [sizes[s] + (1 if s in seats else 0) for s in range(4)]
            if len(set(want)) != 1 or not sizes[self.turn] or len(seats) >= 4:
                raise ValueError("the hands do not fit the tricks played")
            if self.turn != ((seats[-1] + 1) % 4 if seats else self.trick_leader):
                raise ValueError("the seat to move is not the next to play")
        elif any(len(h) != 8 for h in self.hands):
            raise ValueError("before the tricks every player holds eight cards")


_SHARED = (
    "_high",
    "game",
    "variant",
    "options",
    "deals",
    "deal_no",
    "dealer",
    "phase",
    "turn",
    "declarer",
    "contract",
    "trump",
    "called",
    "partner",
    "partner_known",
    "called_led",
    "trick_leader",
    "_led",
)

_BID_NAMES = {b: b.replace("-", " ").capitalize() for b in BIDS} | {"pass": "passes"}
#: A bid's event data, shared by every event of it (event data is only read).
_BID_DATA = {b: {"bid": b} for b in (*BIDS, "pass")}


def _bids(seat: int | None, data: Mapping[str, Any]) -> str:
    b = data["bid"]
    return f"{{P{seat}}} passes" if b == "pass" else f"{{P{seat}}} bids {_BID_NAMES[b]}"


def _declares(seat: int | None, data: Mapping[str, Any]) -> str:
    c = data["contract"]
    if c == "passed":
        return f"All pass: {{P{seat}}} holds the Mensch and plays the passed game"
    return f"{{P{seat}}} plays {_BID_NAMES[c]}"


def _trumps(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"Trumps are {SUIT_NAMES[data['trump']]}"


def _calls(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} calls [{data['cards'][0]}]"


def _leads(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} leads [{data['cards'][0]}]"


def _plays(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} plays [{data['cards'][0]}]"


def _reveals(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} played the called card: the partner"


def _wins(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} wins the trick with [{data['cards'][0]}]"


def _deals(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"Deal {data['deal']}: {{P{seat}}} deals"


def _settles(seat: int | None, data: Mapping[str, Any]) -> str:
    side = data["side_tricks"]
    verb = "made" if data["made"] else "failed"
    ch = ", ".join(f"{{P{s}}} {c:+d}" for s, c in enumerate(data["changes"]))
    name = "Passed game" if data["contract"] == "passed" else _BID_NAMES[data["contract"]]
    return f"{name} {verb} with {side} trick{'s' * (side != 1)}: {ch}"


def _game_over(seat: int | None, data: Mapping[str, Any]) -> str:
    w = data["winners"]
    names = " and ".join(f"{{P{s}}}" for s in w)
    return f"{names} {'win together' if len(w) > 1 else 'wins the match'}"


#: The events and trick entries of every seat's play, lead, trick won and bid, made once:
#: they are only read, and making one per move was a tenth of a play-out.
def _per_seat(kind: str, wording: Any, cards: Any) -> tuple[dict[Any, Event], ...]:
    return tuple(
        {c: _tnew(Event, (kind, s, wording, data)) for c, data in cards.items()} for s in range(4)
    )


_PLAY_EV = _per_seat("play", _plays, _CARD_DATA)
_LEAD_EV = _per_seat("lead", _leads, _CARD_DATA)
_WIN_EV = _per_seat("trick", _wins, _CARD_DATA)
_BID_EV = _per_seat("bid", _bids, _BID_DATA)
#: The once-a-deal events (the declarer, trumps, the call, the deal) made once too.
_DECLARE_EV = _per_seat("declarer", _declares, {c: {"contract": c} for c in NEEDED})
_TRUMP_EV = _per_seat("trump", _trumps, {t: {"trump": t} for t in "SHDC"})
_CALL_EV = _per_seat("call", _calls, _CARD_DATA)
_DEAL_EV = _per_seat("deal", _deals, {n: {"deal": n} for n in range(1, max(DEALS) + 1)})
_AT = tuple({c: (s, c) for c in PACK} for s in range(4))

__all__ = ["GAME", "QC", "Mensch", "MenschState", "effective_suit", "power"]
_ = (Bid, Call, Play, Trump, CALL)


Mensch.state_class = MenschState
