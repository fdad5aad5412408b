"""Manni, Trjámann and Hornafjarðarmanni: the pure rules. Spec: ``shared/rules/manni.md``.

Three-player Icelandic trick games around the *manni*, a spare face-down hand. Rule IDs
(``MANNI-EXCH-2``, ``TRJ-SCORE-1``, ``HORN-DEAL-1`` ...) are cited where each is enforced.

Action text (also in ``help.md``): ``swap`` / ``keep`` (basic), ``contract nullo|grand|spades``
or ``contract other hearts`` (the Trjámann declarer), ``discard 3C 4D`` (``discard`` alone, or
``keep``, draws nothing) and ``play 7H``.

Seats 0, 1, 2 clockwise; for dealer D, eldest E = D+1, middle M = D+2 (MANNI-GEN-1).

JSON layout (``to_json``/``from_json``; a test may write a position by hand)::

    {"game": "manni", "schema": 1, "players": 3, "variant": "trjamann",
     "options": {"no_spades_in_other": false, "four_or_none": false, "grand_hearts": false},
     "rng": [3, [...625 ints...], null],
     "hand_no": 1, "dealer": 2, "phase": "play",   # swap | contract | exchange | play | over
     "turn": 0,                                      # seat to move (null when over)
     "contract": "spades", "trump": "S",             # trump null: no trumps
     "declarer": 0,                                  # Trjámann's eldest; null otherwise
     "contract_card": null,                          # Hornafjarðarmanni's cut card
     "hands": [["AS", ...], [...], [...]],           # any order
     "discards": [[...], [...], [...]],              # face down, known to their owner
     "manni": ["7C", ...],                           # what is left of it, next draw first
     "drawn": [[...], [...], [...]],                 # what each drew this hand (private)
     "decisions": [null, 3, null],                   # per seat: null, "swap", "keep" or a count
     "exchange_queue": [1, 2],                       # seats still to decide, next first
     "trick": {"leader": 0, "plays": [[0, "KH"]]},
     "tricks": [{"plays": [[0, "AS"], [1, "2S"], [2, "3S"]], "winner": 0}],  # this hand's
     "played": [...],                                # cards of this hand's finished tricks
     "points": [0, 0, 0],                            # basic Manni
     "plus": [0, 0, 0], "minus": [0, 0, 0],          # Trjámann, Hornafjarðarmanni
     "owed": [["nullo", "grand", "spades", "other"], ...],   # Trjámann
     "history": [{"hand": 1, ...}], "winners": [], "events": [...]}

Everything is checked on load: a card set that is not the pack is refused.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections import Counter
from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any, ClassVar, cast

from ... import positions
from ...cards import ACE, SUIT_NAMES, Card, pack, pack_without_twos
from ...dealing import pack_order, voids_shown
from ...engine import Action, Event, Game, IllegalAction, Option, State, Variant, worded
from ...shuffle import shuffle
from ...turns import TurnState
from . import sampling
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

SCHEMA = 1
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


def _sheet_record(variant: str) -> dict[str, positions.Reader]:
    """A scored hand's record (``_score``), as ``history`` keeps it: the table's sheet
    reads it (``positions.records`` checks each on load)."""
    p = positions
    seat_of, tricks = p.r_maybe(p.r_seat), p.r_per_seat(p.r_whole(0, HAND_DEALT[variant]))
    totals = p.r_per_seat(p.r_whole(0))  # (running totals: any the game can reach)
    common = {"hand": p.r_whole(1), "dealer": p.r_seat, "declarer": seat_of, "tricks": tricks}
    if variant == BASIC:  # MANNI-TRUMP-1: every hand has its trumps
        return {
            **common,
            "contract": p.r_choice("trumps"),
            "trump": p.r_choice(*"SHDC"),
            "gains": p.r_per_seat(p.r_whole(0, 12)),
            "totals": totals,
        }
    return {
        **common,
        "contract": p.r_choice(*(CONTRACT_KINDS if variant == TRJAMANN else HORN_CONTRACTS)),
        "trump": p.r_maybe(p.r_choice(*"SHDC")),
        "targets": tricks,
        "results": p.r_per_seat(p.r_whole(-16, 16)),
        "plus": totals,
        "minus": totals,
        **({"cost?": p.r_number(-100, 100)} if variant == TRJAMANN else {}),
    }


HORN_CONTRACTS = ("grand", "trumps", "nullo")

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


def contract_name(contract: str, trump: str | None) -> str:
    """A contract in words: ``Trumps: hearts``, ``Nullo``, ``Other: diamonds``."""
    if contract == "trumps":
        return f"Trumps: {SUIT_NAMES[trump]}" if trump else "Trumps"
    if contract == "other":
        return f"Other: {SUIT_NAMES[trump]}" if trump else "Other"
    if contract == "grand" and trump:
        return "Grand (hearts trumps)"
    return contract.capitalize()


def horn_contract(card: Card) -> tuple[str, str | None]:
    """HORN-CONTRACT-1: the contract the cut card fixes, and its trump suit."""
    if card.rank >= 10:  # 10 J Q K A (A-9: the ace counts high)
        return "grand", None
    if card.rank >= 6:
        return "trumps", card.suit
    return "nullo", None


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
        return pack_without_twos() if variant == BASIC else pack()

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
        if players is not None and players != PLAYERS:
            self.check_players(players)
        if not options and (variant or BASIC) in _DEFAULTS:  # a play-out's new game
            variant_id = variant or BASIC
            opts = dict(_DEFAULTS[variant_id])
        else:
            variant_id, opts = self.resolve_options(variant, options)
        rng = random.Random(seed)
        st = self.kind()(self, variant_id, opts, rng)
        if dealer is None:  # MANNI-GEN-2: ``rng.randrange(3)``, as it draws its number
            getrandbits = rng.getrandbits
            dealer = getrandbits(2)
            while dealer == 3:
                dealer = getrandbits(2)
        elif isinstance(dealer, bool) or not (isinstance(dealer, int) and 0 <= dealer < PLAYERS):
            raise ValueError("dealer must be a seat from 0 to 2")
        if deck is None:  # pack_order's own shuffle of the pack (as sort keys), made once
            order = list(_PACK_KEYS[variant_id == BASIC])
            shuffle(rng, order)
        else:
            cards = pack_order(self.pack_for(variant_id), deck, rng)
            order = list(map(_KEY_HIGH.__getitem__, cards))
        st.dealer = dealer
        st._deal(order)
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


class MannState(TurnState):
    """A Manni position (any of the three variants)."""

    __slots__ = (
        "_four_or_none",
        "_grand_hearts",
        "_idx",
        "_led",
        "_legal",
        "_low_aces",
        "_no_spades",
        "_power",
        "_powers",
        "_records",
        "_rv",
        "_samples",
        "_search_copy",
        "contract",
        "contract_card",
        "dealer",
        "decisions",
        "declarer",
        "discards",
        "drawn",
        "events",
        "exchange_queue",
        "game",
        "hand_no",
        "hands",
        "history",
        "manni",
        "minus",
        "options",
        "owed",
        "phase",
        "played",
        "plus",
        "points",
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

    def __init__(self, game: Manni, variant: str, options: dict[str, Any], rng: random.Random):
        self.game = game
        self.variant = variant
        self.options = options
        self._no_spades = bool(options.get("no_spades_in_other"))
        self._four_or_none = bool(options.get("four_or_none"))
        self._grand_hearts = bool(options.get("grand_hearts"))
        self.rng = rng
        self.hand_no = 0
        self.dealer = 0
        self.phase = "play"
        self.turn: int | None = None
        self.contract = "trumps"
        self.trump: str | None = None
        self.declarer: int | None = None
        self.contract_card: Card | None = None
        self._low_aces = False
        self._rv = _RV_HIGH  # each card's rank for winning tricks this hand
        # the play path's look-up (``_RECORDS``); empty outside the play
        self._records: Any = _NO_RECORDS
        self.hands: list[list[Card]] = [[], [], []]
        self.discards: list[list[Card]] = [[], [], []]
        self.drawn: list[list[Card]] = [[], [], []]
        self.manni: list[Card] = []
        self.decisions: list[Any] = [None, None, None]
        self.exchange_queue: list[int] = []
        self.trick: list[tuple[int, Card]] = []
        self.trick_leader = 0
        self._led = 0  # the suit led, as its place in ``SUIT_ORDER``
        # what each card is worth to this trick, per suit led and for the suit led (``_POWERS``)
        self._powers: list[dict[Card, int]] = _POWERS[None, False]
        self._power: dict[Card, int] = self._powers[0]
        # this hand's finished tricks, each (its plays, its winner): a tuple, made once a trick
        self.tricks: list[tuple[list[tuple[int, Card]], int]] = []
        self.played: list[Card] = []
        self.tricks_won = [0, 0, 0]
        self.points = [0, 0, 0]
        self.plus = [0, 0, 0]
        self.minus = [0, 0, 0]
        self.owed: list[list[str]] = [list(CONTRACT_KINDS) for _ in range(3)]
        self.history: list[dict[str, Any]] = []
        self.winners_list: list[int] = []
        self.events: list[Event] = []
        self._legal: Sequence[Action] | None = None
        # Per seat: (the hand list, its plays by suit), for the plays' listings (``_index``);
        # the plays are None from the deal to the seat's exchange (``_EXCHANGERS``)
        self._idx: list[Any] = [_UNINDEXED] * 3
        # What sample_hidden works out for a position: (the log's length when worked out, per
        # observer), so a search computes it once per root; a move logs an event, which
        # makes it stale without a write of its own (``sampling.facts``)
        self._samples: tuple[int, dict[int, Any]] | None = None
        self._search_copy = False

    # --- small facts ----------------------------------------------------------------------

    @property
    def eldest(self) -> int:
        return (self.dealer + 1) % 3

    @property
    def avoid(self) -> bool:
        """Nullo: tricks are to be avoided."""
        return self.contract == "nullo"

    def hand_key(self, card: Card) -> int:
        """Where a card goes in a sorted hand: by suit (S H C D), high to low."""
        return (_KEY_LOW if self._low_aces else _KEY_HIGH)[card]

    def exchange_sizes(self, seat: int) -> tuple[int, ...]:
        """How many cards ``seat`` may discard now (TRJ-EXCH-1, TRJ-OPT-2, HORN-EXCH-1)."""
        room = len(self.manni)
        held = len(self.hands[seat])
        if held < room:
            room = held
        if self.variant == TRJAMANN:
            top = TRJ_LIMIT if room > TRJ_LIMIT else room
            if self._four_or_none:
                return (0, top) if top == TRJ_LIMIT else (0,)
            return _UP_TO[top]
        limit = HORN_LIMITS[(seat - self.dealer - 1) % 3]
        return _UP_TO[limit if limit < room else room]

    def offered_contracts(self, seat: int) -> list[Contract]:
        """TRJ-CONTRACT-2, TRJ-OPT-1: the contracts ``seat`` still owes (Other per suit)."""
        return list(self._offers(seat))

    def _offers(self, seat: int) -> list[Contract]:
        """``offered_contracts`` as a constant list, one per set of contracts owed and
        option (the legal listing: callers never mutate it)."""
        key = (*self.owed[seat], self._no_spades)
        out = _OFFERS.get(key)
        if out is None:
            out = []
            for kind in self.owed[seat]:
                if kind == "other":
                    out += [CONTRACTS[("other", s)] for s in self.other_suits()]
                else:
                    out.append(CONTRACTS[(kind, None)])
            _OFFERS[key] = out
        return out

    def other_suits(self) -> tuple[str, ...]:
        return ("H", "D", "C") if self._no_spades else ("S", "H", "D", "C")

    # --- contract: queries ----------------------------------------------------------------

    def scores(self) -> list[int]:
        """Basic: the points; the others: each player's net (plus less minus)."""
        if self.variant == BASIC:
            return list(self.points)
        return [p - m for p, m in zip(self.plus, self.minus, strict=True)]

    def deals_played(self) -> int:
        return self.hand_no

    def _legal_for(self, turn: int) -> Sequence[Action]:
        """The legal actions of ``turn``, once a position (``TurnState.legal_actions``), for
        a position no move made (loaded, copied, sampled): every move lists the next one
        itself (the play path the next seat's plays, each phase its next choice). The plays
        come from the hand's index (``_index``): its run of the suit led if it has one
        (MANNI-GEN-6), else every play; constant lists for the swap, the contracts owed, or
        the discards, lazily."""
        phase = self.phase
        if phase == "play":
            hand = self.hands[turn]
            ent = self._idx[turn]
            if ent[0] is not hand or ent[1] is None or sum(map(len, ent[1])) != len(hand):
                ent = self._index(turn)
            runs = ent[1]
            if self.trick and runs[self._led]:  # MANNI-GEN-6: the hand's run of the suit led
                return runs[self._led].copy()
            r0, r1, r2, r3 = runs
            return [*r0, *r1, *r2, *r3]
        if phase == "swap":
            return _SWAP_OR_KEEP
        if phase == "contract":
            return self._offers(turn)
        return DiscardChoices(self.hands[turn], self.exchange_sizes(turn))

    def _index(self, seat: int) -> tuple[list[Card], list[list[Play]]]:
        """``seat``'s index: (the hand list, its plays by suit), four runs in ``SUIT_ORDER``,
        each in the hand's order. A follow's listing is then its run of the suit led, copied
        (MANNI-GEN-6), and a lead's the four runs joined: no listing searches the hand.
        Kept in step by the play path and made with the hand when it is dealt, swapped or
        exchanged; rebuilt here
        when the hand is a new list (a sample, a copy, a hand set by a test), which is
        sorted first (a test's may come in any order). Only the rules change a hand in
        place, so the play path knows the index by the hand's identity alone."""
        hand = self.hands[seat]
        hand.sort(key=(_KEY_LOW if self._low_aces else _KEY_HIGH).__getitem__)
        runs: list[list[Play]] = [[], [], [], []]
        for c in hand:
            runs[_SUIT_AT[c]].append(PLAY[c])
        ent = self._idx[seat] = (hand, runs)
        return ent

    def _set_hand(self, seat: int, cards: Sequence[Card]) -> None:
        """Give ``seat`` ``cards`` as a new hand, sorted, with its index (``_index``), read
        back from the cards' sort keys (``_read_back``)."""
        key = _KEY_LOW if self._low_aces else _KEY_HIGH
        hand, runs = _read_back(list(map(key.__getitem__, cards)), self._low_aces)
        self.hands[seat] = hand
        self._idx[seat] = (hand, runs)

    # --- contract: apply ------------------------------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        turn = self.turn
        if type(action) is Play and (seat is None or seat == turn):
            # MANNI-GEN-6, inline: the move of nearly every step of a play-out. One look-up
            # gives the lead's and the follow's events, the trick's entry (a shared ``(seat,
            # card)`` tuple) and its suit (``_SUIT_AT``). ``_records`` is empty
            # outside the play, so a play then (or of no card of a pack) fails the look-up
            # and the general path below refuses it: the phase needs no test of its own.
            try:
                lead_ev, ev, entry, si = self._records[turn][action]
            except LookupError:
                pass
            else:
                hand = self.hands[turn]
                ent = self._idx[turn]
                if ent[0] is not hand:  # known by identity (``_index``)
                    ent = self._index(turn)
                runs = ent[1]
                run = runs[si]
                trick = self.trick
                if trick:
                    led = self._led
                    if si != led and runs[led]:  # MANNI-GEN-6: the suit led is held
                        if action not in run:
                            raise IllegalAction(f"you do not hold {action.card.code}")
                        raise IllegalAction(f"you must follow {SUIT_NAMES[trick[0][1].suit]}")
                # the card out of its run (plays are interned, so the search tests pointers
                # in C) and out of the hand: the index stays in step with the hand
                try:
                    run.remove(action)
                except ValueError:
                    raise IllegalAction(f"you do not hold {action.card.code}") from None
                try:
                    hand.remove(entry[1])
                except ValueError:  # a hand changed in place, its index stale: made anew
                    self._index(turn)
                    raise IllegalAction(f"you do not hold {action.card.code}") from None
                if not trick:  # a lead (by ``trick_leader``, set as the last trick closed)
                    trick.append(entry)
                    self._led = led = si
                    self._power = self._powers[si]
                    ev = lead_ev
                else:
                    trick.append(entry)
                    if len(trick) == 3:  # it closes the trick: the best play takes it
                        # MANNI-GEN-6: the highest trump, else the highest of the suit led
                        (s0, c0), (s1, c1), (_, card) = trick
                        self.played += (c0, c1, card)
                        power = self._power
                        p0 = power[c0]
                        p1 = power[c1]
                        p2 = power[card]
                        if p2 > p0 and p2 > p1:
                            winner = turn
                        elif p1 > p0:
                            winner, card = s1, c1
                        else:
                            winner, card = s0, c0
                        self.tricks.append((trick, winner))  # never mutated
                        self.trick = []
                        self.tricks_won[winner] += 1
                        won = _WIN_EVENTS[winner][card]
                        events = self.events
                        events += (ev, won)
                        if hand:  # every hand holds as many cards after a trick
                            self.turn = self.trick_leader = winner
                            h = self.hands[winner]  # the winner leads: any of its plays
                            e = self._idx[winner]
                            if e[0] is not h:
                                e = self._index(winner)
                            r0, r1, r2, r3 = e[1]
                            self._legal = [*r0, *r1, *r2, *r3]
                            return [ev, won]
                        self._legal = None
                        mark = len(events) - 2
                        self._score()
                        return events[mark:]
                # After a lead or a trick's second card: the next seat's plays, listed here
                # where the suit led is at hand (its run of that suit, else its whole hand)
                self.turn = nxt = _NEXT[turn]
                h = self.hands[nxt]
                e = self._idx[nxt]
                if e[0] is not h:
                    e = self._index(nxt)
                runs = e[1]
                run = runs[led]
                if run:
                    self._legal = run.copy()
                else:
                    r0, r1, r2, r3 = runs
                    self._legal = [*r0, *r1, *r2, *r3]
                self.events.append(ev)
                return [ev]
        if turn is None:
            raise IllegalAction("the game is over")
        if seat is not None and seat != turn:
            raise IllegalAction(f"it is not your turn (waiting for seat {turn + 1})")
        phase = self.phase
        if phase == "swap":  # MANNI-EXCH-1/2: swap or keep, nothing else to check
            kind = type(action)
            if kind is Keep or kind is Swap:
                events = self.events
                mark = len(events)
                self._swap(turn, kind is Swap)  # (which lists the next move)
                return events[mark:]
        elif phase == "contract":  # TRJ-CONTRACT-1: _declare checks the contract itself
            if type(action) is Contract:
                events = self.events
                mark = len(events)
                self._declare(turn, action)  # (which lists the exchange)
                return events[mark:]
        elif type(action) is Discard and phase == "exchange":
            legal = self._legal
            if type(legal) is DiscardChoices:
                at = legal.issued(action, self.hands[turn])
                if at is not None:  # a discard just offered: nothing to check
                    events = self.events
                    mark = len(events)
                    self._exchange(turn, action, at)  # (which lists the next move)
                    return events[mark:]
        events = self.events
        mark = len(events)
        act = action if isinstance(action, Action) else self._coerce(action)
        phase = self.phase
        if phase == "play":
            if type(act) is not Play:
                raise IllegalAction("the tricks are being played: play a card")
            if act is action:  # the play's own path found no such card
                raise IllegalAction(f"you do not hold {act.card.code}")
            return self.apply(act, seat)  # the play's own path, above
        if phase == "swap":
            if not isinstance(act, (Swap, Keep)):
                raise IllegalAction("swap your hand for the manni, or keep it")
            self._swap(turn, isinstance(act, Swap))
        elif phase == "contract":
            if not isinstance(act, Contract):
                raise IllegalAction("announce a contract first")
            self._declare(turn, act)
        else:
            if isinstance(act, Keep):
                act = NO_DISCARD
            if not isinstance(act, Discard):
                raise IllegalAction("it is the exchange: discard cards to draw as many, or keep")
            self._exchange(turn, act)
        self._legal = None
        self._samples = None
        return events[mark:]

    def _swap(self, seat: int, swap: bool) -> None:
        """MANNI-EXCH-1..4: E, M, D in turn; the first swap ends the phase."""
        del self.exchange_queue[0]
        if swap:
            self.discards[seat] = self.hands[seat]  # MANNI-EXCH-2: a dead pile, face down
            self._set_hand(seat, self.manni)
            self.drawn[seat] = self.hands[seat][:]
            self.manni = []
            self.decisions[seat] = "swap"
            self.exchange_queue = []  # MANNI-EXCH-3
            self.events.append(_SWAP_EVENTS[seat])
        else:
            self.decisions[seat] = "keep"
            self.events.append(_KEEP_EVENTS[seat])
        if self.exchange_queue:
            self.turn = self.exchange_queue[0]
            self._legal = _SWAP_OR_KEEP
        else:
            self._start_play()

    def _declare(self, seat: int, act: Contract) -> None:
        """TRJ-CONTRACT-1..3, TRJ-OPT-1/3."""
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
            trump: str | None = act.suit
        elif act.suit is not None:
            raise IllegalAction(f"{act.kind} names no suit")
        elif act.kind == "spades":
            trump = "S"
        elif act.kind == "grand":
            trump = "H" if self._grand_hearts else None
        else:
            trump = None
        owed = self.owed[seat] = self.owed[seat][:]
        owed.remove(act.kind)
        self.contract = act.kind
        self.trump = trump
        self.phase = "exchange"
        self.exchange_queue = [seat]
        self.events.append(_CONTRACT_EVENTS[seat][act.kind, trump])
        # the declarer's discards, listed here (as ``_legal_for`` would)
        self._legal = DiscardChoices(self.hands[seat], self.exchange_sizes(seat))

    def _exchange(self, seat: int, act: Discard, at: tuple[int, ...] | None = None) -> None:
        """TRJ-EXCH-1, HORN-EXCH-1/2: discard, then draw as many from the top of the manni.
        ``at``: where the cards lie in the hand, for a discard the state itself offered
        (``DiscardChoices.issued``), which needs no checking."""
        hand = self.hands[seat]
        cards = act.cards
        if at is None:
            if len(set(cards)) != len(cards):
                raise IllegalAction("a card is named twice")
            for c in cards:
                if c not in hand:
                    raise IllegalAction(f"you do not hold {c.code}")
            sizes = self.exchange_sizes(seat)
            if len(cards) not in sizes:
                if self.variant == TRJAMANN and self._four_or_none:
                    raise IllegalAction("exchange exactly four cards, or none (four or none)")
                raise IllegalAction(
                    f"you may exchange at most {sizes[-1]} card{'s' * (sizes[-1] != 1)}"
                )
            at = tuple(sorted(map(hand.index, cards)))
        k = len(cards)
        key = _KEY_LOW if self._low_aces else _KEY_HIGH
        ent = self._idx[seat]
        if ent[0] is hand and ent[1] is None:  # as dealt: the deal's sort keys (``_deal``)
            keys = ent[2]
        else:
            keys = list(map(key.__getitem__, hand))
        for i in reversed(at):
            del keys[i]
        manni = self.manni
        got = manni[:k]
        del manni[:k]
        # the hand keeps its list (and its order: by suit, high to low), new cards and all
        keys += map(key.__getitem__, got)
        held, runs = _read_back(keys, self._low_aces)
        hand[:] = held
        self._idx[seat] = (hand, runs)
        self.discards[seat] = self.discards[seat] + list(cards)
        self.drawn[seat] = got
        self.decisions[seat] = k
        queue = self.exchange_queue
        del queue[0]
        self.events.append(_EXCHANGE_EVENTS[seat][k])
        if queue:
            self.turn = nxt = queue[0]
            self._legal = DiscardChoices(self.hands[nxt], self.exchange_sizes(nxt))
        else:
            self._start_play()

    # --- dealing and scoring --------------------------------------------------------------

    def _deal(self, order: list[int]) -> None:
        """MANNI-DEAL-1, TRJ-DEAL-1, HORN-DEAL-1 / HORN-CUT-1, from the top of ``order``, the
        shuffled pack as its cards' sort keys (``_KEY_HIGH``: a hand is sorted as numbers and
        read back as cards and plays): each packet's cards are picked by position
        (``_DEALS``), in one call per hand."""
        self.hand_no = hand_no = self.hand_no + 1
        d = self.dealer
        e = _NEXT[d]
        m = _NEXT[e]
        variant = self.variant
        self.contract_card = None
        self.declarer = None
        picks, get_manni = _DEALS[variant]
        if variant == HORN:
            card = _CARD_AT_HIGH[order[-1]]  # HORN-CUT-1: the bottom card, turned for all to see
            self.contract, self.trump = contract, trump = horn_contract(card)
            self._low_aces = low = contract == "nullo"  # HORN-RANK-1
            self._rv = _RV_LOW if low else _RV_HIGH
            self.contract_card = card
            manni = list(itemgetter(*get_manni(order))(_CARD_AT_HIGH))
            data: dict[str, Any] = {
                "hand": hand_no,
                "manni": len(manni),
                "card": card.code,
                "contract": contract,
                "trump": trump,
            }
            self.phase = "exchange"
            self.exchange_queue = [e, m, d]
        else:
            self._low_aces = low = False
            self._rv = _RV_HIGH
            manni = list(itemgetter(*order[get_manni:])(_CARD_AT_HIGH))
            if variant == BASIC:
                self.contract = "trumps"
                self.trump = trump = TRUMP_CYCLE[(hand_no - 1) % 4]  # MANNI-TRUMP-1
                data = {"hand": hand_no, "manni": len(manni), "trump": trump}
                self.phase = "swap"
                self.exchange_queue = [e, m, d]
            else:
                self.contract, self.trump = "", None
                self.declarer = e  # TRJ-DECL-1
                data = {"hand": hand_no, "manni": len(manni)}
                self.phase = "contract"
                self.exchange_queue = []
        # each hand's cards as sort keys (aces low: read anew), sorted as numbers and read
        # back as cards and plays
        if low:
            card_at, play_at = _CARD_AT_LOW, _PLAY_AT_LOW
        else:
            card_at, play_at = _CARD_AT_HIGH, _PLAY_AT_HIGH
        hands: list[list[Card]] = [[], [], []]
        idx: list[Any] = [None, None, None]
        # a seat whose exchange comes before the play gets its plays there (``_exchange``
        # lists them anew whatever it discards): it keeps its sort keys for that instead
        le, lm, ld = _EXCHANGERS[variant]
        pe, pm, pd = picks
        for seat, pick, later in ((e, pe, le), (m, pm, lm), (d, pd, ld)):
            keys = sorted(itemgetter(*pick(order))(_HIGH_TO_LOW) if low else pick(order))
            get = itemgetter(*keys)  # a dealt hand holds 12 or 16 cards: a tuple of each
            hands[seat] = hand = list(get(card_at))
            idx[seat] = (hand, None, keys) if later else (hand, _runs(keys, list(get(play_at))))
        self.hands = hands
        self._idx = idx
        self._records = _NO_RECORDS  # a play is refused until the play (``_start_play``)
        self.manni = manni
        self.discards = [[], [], []]
        self.drawn = [[], [], []]
        self.decisions = [None, None, None]
        self.trick = []
        self.tricks = []
        self.played = []
        self.tricks_won = [0, 0, 0]
        self.events.append(_tnew(Event, ("deal", d, _W_DEALS, data)))
        self.turn = e
        # eldest's first move, listed here (as ``_legal_for`` would)
        if variant == TRJAMANN:
            self._legal = self._offers(e)
        elif variant == BASIC:
            self._legal = _SWAP_OR_KEEP
        else:
            self._legal = DiscardChoices(hands[e], self.exchange_sizes(e))

    def _start_play(self) -> None:
        """MANNI-PLAY-1, TRJ-PLAY-1, HORN-PLAY-1: eldest leads."""
        self.phase = "play"
        self.exchange_queue = []
        self.turn = self.trick_leader = e = _NEXT[self.dealer]
        self._powers = _POWERS[self.trump, self._low_aces]
        self._records = _RECORDS
        hand = self.hands[e]  # eldest's plays, listed here (as ``_legal_for`` would)
        ent = self._idx[e]
        if ent[0] is not hand or ent[1] is None:
            ent = self._index(e)
        r0, r1, r2, r3 = ent[1]
        self._legal = [*r0, *r1, *r2, *r3]

    def _score(self) -> None:
        """MANNI-SCORE-1, TRJ-SCORE-1..4, HORN-SCORE-1/2, then the end of the game."""
        t = self.tricks_won[:]
        variant = self.variant
        if variant == BASIC:
            t0, t1, t2 = t
            results = [t0 - 4 if t0 > 4 else 0, t1 - 4 if t1 > 4 else 0, t2 - 4 if t2 > 4 else 0]
            points = self.points
            points[0] += results[0]
            points[1] += results[1]
            points[2] += results[2]
            rec: dict[str, Any] = {
                "hand": self.hand_no,
                "dealer": self.dealer,
                "contract": self.contract,
                "trump": self.trump,
                "declarer": self.declarer,
                "tricks": t,
                "gains": results,
                "totals": points[:],
            }
            ends = max(points) >= GAME_POINTS  # MANNI-END-1
        else:
            contract = self.contract
            nullo = contract == "nullo"
            declarer = self.declarer
            if variant == TRJAMANN:
                targets = list(_TRJ_TARGETS[nullo, declarer])  # TRJ-SCORE-1
            else:
                targets = [4, 4, 4]  # HORN-SCORE-1
            if nullo:
                results = [targets[0] - t[0], targets[1] - t[1], targets[2] - t[2]]
            else:
                results = [t[0] - targets[0], t[1] - targets[1], t[2] - targets[2]]
            plus, minus = self.plus, self.minus
            r0, r1, r2 = results
            if r0 > 0:
                plus[0] += r0
            elif r0 < 0:
                minus[0] -= r0
            if r1 > 0:
                plus[1] += r1
            elif r1 < 0:
                minus[1] -= r1
            if r2 > 0:
                plus[2] += r2
            elif r2 < 0:
                minus[2] -= r2
            rec = {
                "hand": self.hand_no,
                "dealer": self.dealer,
                "contract": contract,
                "trump": self.trump,
                "declarer": declarer,
                "tricks": t,
                "targets": targets,
                "results": results,
                "plus": plus[:],
                "minus": minus[:],
            }
            if variant == TRJAMANN:
                if declarer is not None:
                    rec["cost"] = CONTRACT_VALUE[contract]
                ends = self.hand_no >= TRJ_HANDS  # TRJ-END-1
            else:
                ends = max(plus) >= GAME_POINTS  # HORN-END-1
        self.history.append(rec)
        self.events.append(
            _tnew(
                Event,
                (
                    "score",
                    None,
                    _W_SCORES,
                    {"tricks": t, "results": results[:], "variant": variant},
                ),
            )
        )
        if ends:
            net = self.scores()
            top = max(net)
            self._end([s for s in range(3) if net[s] == top])
            return
        if self._search_copy:  # the search's horizon: the next hand is never dealt
            self.turn = None
            self._records = _NO_RECORDS
            self.hand_no += 1
            return
        # MANNI-GEN-3: the whole pack shuffled (as sort keys), from the pack's own order: the
        # shuffle alone decides the deal, so where the cards lay before it needs no gathering
        order = list(_PACK_KEYS[variant == BASIC])
        shuffle(self.rng, order)
        self.dealer = _NEXT[self.dealer]  # MANNI-GEN-2
        self._deal(order)

    def _game_ends(self) -> bool:
        if self.variant == BASIC:
            return max(self.points) >= GAME_POINTS  # MANNI-END-1
        if self.variant == TRJAMANN:
            return self.hand_no >= TRJ_HANDS  # TRJ-END-1
        return max(self.plus) >= GAME_POINTS  # HORN-END-1

    def _end(self, winners: list[int]) -> None:
        """MANNI-END-2, TRJ-END-2, HORN-END-2: the highest total wins; ties share."""
        self.phase = "over"
        self.turn = None
        self._records = _NO_RECORDS
        self.exchange_queue = []
        self.winners_list = sorted(winners)
        self.events.append(Event("gameover", None, _game_over, {"winners": self.winners_list}))

    # --- views, copies, samples -----------------------------------------------------------

    def contract_card_live(self) -> bool:
        """Is the Hornafjarðarmanni contract card still face up (not yet played)?"""
        card = self.contract_card
        if card is None:
            return False
        return card not in self.played and all(c is not card for _, c in self.trick)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees: own hand, discards and draws, every public fact, no other
        hand and no manni card. ``None``: a spectator, who sees no hand at all."""
        mine = seat is not None
        best = _trick_winner(self.trick, self.trump, self._low_aces) if self.trick else None
        return {
            "game": self.game.id,
            "variant": self.variant,
            "options": dict(self.options),
            "players": PLAYERS,
            "seat": seat,
            "phase": self.phase,
            "to_move": self.turn,
            "scores": self.scores(),
            "hand": [c.code for c in self.hands[seat]] if mine else None,  # type: ignore[index]
            "my_discards": [c.code for c in self.discards[seat]] if mine else None,  # type: ignore[index]
            "my_drawn": [c.code for c in self.drawn[seat]] if mine else None,  # type: ignore[index]
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
            "trick": {
                "leader": self.trick_leader,
                "plays": [[s, [c.code]] for s, c in self.trick],
                "best": best,
            },
            "tricks": [
                {"plays": [[s, [c.code]] for s, c in plays], "winner": w}
                for plays, w in self.tricks
            ],
            "tricks_won": list(self.tricks_won),
            "played": [c.code for c in self.played],
            "points": list(self.points),
            "plus": list(self.plus),
            "minus": list(self.minus),
            "history": [dict(h) for h in self.history],
            "winners": list(self.winners_list),
        }

    def clone(self, rng: random.Random | None = None, *, events: bool = True) -> MannState:
        """An independent copy; ``rng`` replaces the copy of the generator (for samples);
        ``events=False`` starts the copy's log empty (a search never reads it)."""
        new = object.__new__(MannState)
        for name in _SHARED_SLOTS:
            object.__setattr__(new, name, getattr(self, name))
        new.rng = positions.copy_rng(self.rng) if rng is None else rng
        new.hands = [h.copy() for h in self.hands]
        new.discards = [d.copy() for d in self.discards]
        new.drawn = [d.copy() for d in self.drawn]
        new.manni = self.manni.copy()
        new.decisions = self.decisions.copy()
        new.exchange_queue = self.exchange_queue.copy()
        new.trick = self.trick.copy()
        new.tricks = self.tricks.copy()
        new.played = self.played.copy()
        new.tricks_won = self.tricks_won.copy()
        new.points = self.points.copy()
        new.plus = self.plus.copy()
        new.minus = self.minus.copy()
        new.owed = [o.copy() for o in self.owed]
        new.history = self.history.copy()
        new.winners_list = self.winners_list.copy()
        new.events = self.events.copy() if events else []
        new._legal = None
        new._idx = [_UNINDEXED] * 3
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
        out["trick"] = [c for _, c in self.trick]
        return out

    def all_cards(self) -> list[Card]:
        out = [*self.played, *self.manni]
        for s in range(3):
            out += self.hands[s]
            out += self.discards[s]
        out += [c for _, c in self.trick]
        return out

    def hidden_zones(self, seat: int | None) -> tuple[str, ...]:
        """Other hands, other players' discards (GEN-5) and the manni (GEN-4)."""
        hidden = [f"{z} {s}" for s in range(3) if s != seat for z in ("hand", "discards")]
        return (*hidden, "manni")

    def voids(self) -> list[set[str]]:
        """The suits each seat has shown it lacks this hand (failing to follow, GEN-6)."""
        return voids_shown((*(plays for plays, _ in self.tricks), self.trick), 3)

    def sample_hidden(self, observer: int, rng: random.Random) -> MannState:
        """Re-deal what ``observer`` cannot see, consistent with the play (``sampling``)."""
        return sampling.sample_hidden(self, observer, rng)

    def search_copy(self, observer: int, rng: random.Random) -> MannState:
        """A sample whose hand, once scored, ends the copy's play (the next hand is never
        dealt); its log starts empty."""
        copy = sampling.sample_hidden(self, observer, rng, events=False)
        copy._search_copy = True
        return copy

    # --- JSON -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            **positions.header(self, SCHEMA, PLAYERS),
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "phase": self.phase,
            "turn": self.turn,
            "contract": self.contract,
            "trump": self.trump,
            "declarer": self.declarer,
            "contract_card": self.contract_card.code if self.contract_card else None,
            "hands": [[c.code for c in h] for h in self.hands],
            "discards": [[c.code for c in d] for d in self.discards],
            "manni": [c.code for c in self.manni],
            "drawn": [[c.code for c in d] for d in self.drawn],
            "decisions": list(self.decisions),
            "exchange_queue": list(self.exchange_queue),
            "trick": {
                "leader": self.trick_leader,
                "plays": [[s, c.code] for s, c in self.trick],
            },
            "tricks": [
                {"plays": [[s, c.code] for s, c in plays], "winner": w} for plays, w in self.tricks
            ],
            "played": [c.code for c in self.played],
            "points": list(self.points),
            "plus": list(self.plus),
            "minus": list(self.minus),
            "owed": [list(o) for o in self.owed],
            "history": [dict(h) for h in self.history],
            "winners": list(self.winners_list),
            "events": [e.to_json() for e in self.events],
        }

    @classmethod
    def from_json(cls, game: Manni, data: Mapping[str, Any]) -> MannState:
        """Load a position; raises ``ValueError`` saying what is wrong (nothing half-read)."""
        with positions.reading(game):
            head = positions.read_header(game, data, SCHEMA)
            st = cls(game, head.variant, head.options, head.rng)
            st._load_fields(data)
            positions.check_pack(st, PLAYERS)
            st._check_consistent()
        return st

    def _load_fields(self, data: Mapping[str, Any]) -> None:
        n = PLAYERS
        cards, whole, seat_of = positions.cards, positions.whole, positions.seat
        self.hand_no = whole(data["hand_no"], "hand_no", 1, 10**6)
        self.dealer = seat_of(data["dealer"], n, "dealer")
        self.phase = str(data["phase"])
        if self.phase not in ("swap", "contract", "exchange", "play", "over"):
            raise ValueError(f"unknown phase {positions.text(self.phase)}")
        turn = data["turn"]
        self.turn = None if turn is None else seat_of(turn, n, "turn")
        contract = data["contract"]
        kinds = {BASIC: ("trumps",), TRJAMANN: ("", *CONTRACT_KINDS), HORN: HORN_CONTRACTS}
        if contract not in kinds[self.variant]:
            raise ValueError(f"no contract {positions.text(contract)} in this variant")
        self.contract = contract
        trump = data["trump"]
        if trump is not None and trump not in SUIT_NAMES:
            raise ValueError(f"no suit {positions.text(trump)}")
        self.trump = trump
        dec = data.get("declarer")
        self.declarer = None if dec is None else seat_of(dec, n, "declarer")
        cc = data.get("contract_card")
        self.contract_card = None if cc is None else Card.parse(str(cc))
        self._low_aces = self.variant == HORN and self.contract == "nullo"
        self._rv = _RV_LOW if self._low_aces else _RV_HIGH
        self._records = _RECORDS if self.phase == "play" else _NO_RECORDS
        key = (_KEY_LOW if self._low_aces else _KEY_HIGH).__getitem__
        self.hands = [sorted(h, key=key) for h in positions.per_seat(data["hands"], n, "hands")]
        self.discards = positions.per_seat(data["discards"], n, "discards")
        self.manni = cards(data["manni"], "manni")
        self.drawn = positions.per_seat(data.get("drawn", [[], [], []]), n, "drawn")
        dec_list = data.get("decisions", [None, None, None])
        if not isinstance(dec_list, list) or len(dec_list) != n:
            raise ValueError("decisions need one entry per seat")
        for d in dec_list:
            if (
                d is not None
                and d not in ("swap", "keep")
                and not (isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= 12)
            ):
                raise ValueError(
                    f"a decision is null, swap, keep or a count, not {positions.text(d)}"
                )
        self.decisions = list(dec_list)
        self.exchange_queue = [seat_of(x, n, "exchange_queue") for x in data["exchange_queue"]]
        trick = data["trick"]
        self.trick_leader = seat_of(trick["leader"], n, "the trick's leader")
        self.trick = [
            (seat_of(s, n, "a trick play's seat"), Card.parse(str(c))) for s, c in trick["plays"]
        ]
        self.tricks = []
        for t in data["tricks"]:
            plays = [
                (seat_of(s, n, "a trick play's seat"), Card.parse(str(c))) for s, c in t["plays"]
            ]
            if len(plays) != 3:
                raise ValueError("a finished trick has three plays")
            self.tricks.append((plays, seat_of(t["winner"], n, "a winner")))
        self.played = cards(data["played"], "played")
        self.tricks_won = [sum(w == s for _, w in self.tricks) for s in range(n)]
        for name in ("points", "plus", "minus"):
            vals = data.get(name, [0, 0, 0])
            if not isinstance(vals, list) or len(vals) != n:
                raise ValueError(f"{name} need one entry per seat")
            setattr(self, name, [whole(x, name, 0, 10**6) for x in vals])
        owed = data.get("owed", [list(CONTRACT_KINDS)] * 3)
        if not isinstance(owed, list) or len(owed) != n:
            raise ValueError("owed needs one list per seat")
        self.owed = []
        for o in owed:
            if (
                not isinstance(o, list)
                or any(k not in CONTRACT_KINDS for k in o)
                or len(set(o)) != len(o)
            ):
                raise ValueError("owed lists contracts: nullo, grand, spades, other")
            self.owed.append([k for k in CONTRACT_KINDS if k in o])
        sheet = _sheet_record(self.variant)
        self.history = positions.records(data.get("history", []), "hand", sheet, n)
        if any(h["contract"] == "trumps" and h["trump"] is None for h in self.history):
            raise ValueError("a hand of the history played in trumps names no trump suit")
        self.winners_list = [seat_of(x, n, "a winner") for x in data.get("winners", [])]
        self.events = positions.events(data.get("events", []), n)
        self._recompute_best()

    def _recompute_best(self) -> None:
        """The suit led and the cards' worth to the trick, for a loaded position (the play
        sets them as it leads)."""
        self._powers = _POWERS[self.trump, self._low_aces]
        if self.trick:
            self._led = _SUIT_AT[self.trick[0][1]]
            self._power = self._powers[self._led]

    def _check_consistent(self) -> None:
        """Refuse positions the rules could never reach in a way that would break play."""
        # the sheet: one record a hand scored, before this one
        done = self.hand_no if self.phase == "over" else self.hand_no - 1
        positions.numbered(self.history, "hand", done)
        if self.phase == "over":
            if self.turn is not None:
                raise ValueError("a finished game has no seat to move")
            return
        if self.turn is None:
            raise ValueError(f"the {self.phase} needs a seat to move")
        if self.variant == HORN and self.contract_card is None:
            raise ValueError("Hornafjarðarmanni needs its contract card")
        if self.variant == TRJAMANN:
            if self.declarer != self.eldest:
                raise ValueError("the Trjámann declarer is eldest hand")
            if self.hand_no > TRJ_HANDS:
                raise ValueError(f"a Trjámann game is {TRJ_HANDS} hands")
            # TRJ-CONTRACT-2: each seat owes what it has not declared in the hands it led
            first = (self.dealer - self.hand_no + 1) % 3
            declared = [0, 0, 0]
            for h in range(1, self.hand_no + 1):
                if h < self.hand_no or self.phase != "contract":
                    declared[(first + h) % 3] += 1
            if any(len(self.owed[s]) != 4 - declared[s] for s in range(3)):
                raise ValueError("the contracts owed do not fit the hands declared so far")
        self._check_trumps()
        self._check_manni()
        if self.phase in ("swap", "exchange"):
            if not self.exchange_queue or self.exchange_queue[0] != self.turn:
                raise ValueError("in the exchange, the seat to move is the first of the queue")
        elif self.exchange_queue:
            raise ValueError("only the exchange has seats queued")
        if self.phase == "swap" and self.variant != BASIC:
            raise ValueError("only basic Manni swaps hands")
        if self.phase == "contract":
            if self.variant != TRJAMANN or self.turn != self.declarer:
                raise ValueError("only the Trjámann declarer announces a contract")
            if not self.owed[self.turn]:
                raise ValueError("the declarer owes no contract")
        if self.phase == "exchange" and self.variant == BASIC:
            raise ValueError("basic Manni swaps; it has no exchange of cards")
        if self.phase in ("exchange", "play") and self.variant == TRJAMANN and not self.contract:
            raise ValueError("the exchange and the tricks come after the contract")
        if self.phase != "play" and (self.trick or self.tricks):
            raise ValueError("tricks are only played after the exchange")
        done = [c for plays, _ in self.tricks for _, c in plays]
        if Counter(done) != Counter(self.played):
            raise ValueError("the cards played are not the cards of the finished tricks")
        for plays, won in self.tricks:
            if any(plays[i][0] != (plays[0][0] + i) % 3 for i in range(3)):
                raise ValueError("a finished trick's plays are out of turn")
            if won != _trick_winner(plays, self.trump, self._low_aces):
                raise ValueError("a finished trick names the wrong winner")
        sizes = [len(h) for h in self.hands]
        if self.phase == "play":
            if self.trick:
                seats = [s for s, _ in self.trick]
                if seats[0] != self.trick_leader or len(seats) > 2:
                    raise ValueError("the trick's plays do not fit its leader")
                if any(seats[i] != (seats[0] + i) % 3 for i in range(len(seats))):
                    raise ValueError("the trick's plays are out of turn")
                if self.turn != (seats[-1] + 1) % 3:
                    raise ValueError("the seat to move is not the next to play to the trick")
                want = [sizes[s] + (1 if s in seats else 0) for s in range(3)]
            else:
                leader = self.tricks[-1][1] if self.tricks else self.eldest
                if self.turn != leader:
                    raise ValueError("the last trick's winner leads (eldest to the first)")
                want = sizes
            if len(set(want)) != 1 or not sizes[self.turn]:
                raise ValueError("the hands do not fit the tricks played")
        elif len(set(sizes)) != 1 or not sizes[0]:
            raise ValueError("before the tricks every player holds the same number of cards")

    def _check_trumps(self) -> None:
        """The trumps follow from the hand (MANNI-TRUMP-1: basic Manni's cycle), the cut card
        (HORN-CONTRACT-1) or the contract (TRJ-CONTRACT-1, TRJ-OPT-1/3; none before it): the
        table's header and sheet name them, and the hand's record keeps them."""
        trump = self.trump
        if self.variant == BASIC:
            ok = trump == TRUMP_CYCLE[(self.hand_no - 1) % 4]
        elif self.variant == HORN:
            assert self.contract_card is not None
            ok = (self.contract, trump) == horn_contract(self.contract_card)
        else:
            ok = trump == {
                "": None,
                "nullo": None,
                "grand": "H" if self._grand_hearts else None,
                "spades": "S",
            }.get(self.contract, trump if trump in self.other_suits() else False)
        if not ok:
            raise ValueError(f"trumps {positions.text(trump)} are not this hand's")

    def _check_manni(self) -> None:
        """GEN-4, GEN-5: the manni holds what the deal left it (MANNI_DEALT) less what the
        exchange drew from it, and each discard pile what its owner exchanged for it: basic
        Manni swaps a whole hand, once a hand at most, and a swap ends the exchange
        (MANNI-EXCH-2/3); in Trjámann the declarer alone exchanges, up to four, after his
        contract (TRJ-EXCH-1, TRJ-OPT-2); in Hornafjarðarmanni each within his limit, in
        turn (HORN-EXCH-1)."""
        gone = [len(d) for d in self.discards]  # each drew as many as he discarded
        if self.variant == BASIC:
            swapped = [s for s in range(3) if gone[s]]
            if any(k not in (0, HAND_DEALT[BASIC]) for k in gone) or len(swapped) > 1:
                raise ValueError("a discard pile is the one hand swapped for the manni (EXCH-2)")
            if swapped and self.phase == "swap":
                raise ValueError("a swap ends the exchange (MANNI-EXCH-3)")
        elif self.variant == TRJAMANN:
            mine = gone[self.declarer] if self.declarer is not None else 0
            if sum(gone) != mine or mine > TRJ_LIMIT or (self.phase == "contract" and mine):
                raise ValueError("only the declarer exchanges, after his contract (TRJ-EXCH-1)")
            if self._four_or_none and mine not in (0, TRJ_LIMIT):
                raise ValueError("the declarer exchanges four cards or none (TRJ-OPT-2)")
        else:
            for s in range(3):
                limit = HORN_LIMITS[(s - self.dealer - 1) % 3]
                if gone[s] > limit or (gone[s] and s in self.exchange_queue):
                    raise ValueError(
                        "a player exchanged out of turn or beyond his limit (HORN-EXCH-1)"
                    )
        if len(self.manni) + sum(gone) != MANNI_DEALT[self.variant]:
            raise ValueError(
                f"the manni holds {len(self.manni)} cards: not what the deal left it less"
                " what was drawn (MANNI-GEN-4)"
            )


def _trick_winner(plays: Sequence[tuple[int, Card]], trump: str | None, low_aces: bool) -> int:
    """MANNI-GEN-6: the highest trump, else the highest card of the suit led."""
    rv = _RV_LOW if low_aces else _RV_HIGH
    best_seat, best = plays[0]
    for s, c in plays[1:]:
        if (c.suit == best.suit and rv[c] > rv[best]) or (c.suit == trump != best.suit):
            best_seat, best = s, c
    return best_seat


_SHARED_SLOTS = (
    "game",
    "variant",
    "options",
    "_no_spades",
    "_four_or_none",
    "_grand_hearts",
    "_low_aces",
    "_rv",
    "_records",
    "hand_no",
    "dealer",
    "phase",
    "turn",
    "contract",
    "trump",
    "declarer",
    "contract_card",
    "trick_leader",
    "_led",
    "_powers",
    "_power",
)

_SWAP_OR_KEEP: Sequence[Action] = (SWAP, KEEP)
#: The contracts offered (``MannState._offers``), by the contracts owed and No spades.
_OFFERS: dict[tuple[Any, ...], list[Contract]] = {}
#: Per variant, where the hands' cards lie in the shuffled pack (MANNI-DEAL-1: packets of
#: four to E, M, D; TRJ-DEAL-1 likewise, four rounds; HORN-DEAL-1: rounds of 13, four to
#: the manni, then three each): a picker of eldest's cards, of middle's and of the
#: dealer's, and the manni's (a picker, or where the manni starts: the rest of the pack).
_DEALS: dict[str, tuple[tuple[Any, Any, Any], Any]] = {
    BASIC: (
        tuple(
            itemgetter(*(12 * r + i for r in range(3) for i in range(lo, lo + 4)))
            for lo in (0, 4, 8)
        ),
        36,
    ),
    TRJAMANN: (
        tuple(
            itemgetter(*(12 * r + i for r in range(4) for i in range(lo, lo + 4)))
            for lo in (0, 4, 8)
        ),
        48,
    ),
    HORN: (
        tuple(
            itemgetter(*(13 * r + i for r in range(4) for i in range(lo, lo + 3)))
            for lo in (4, 7, 10)
        ),
        itemgetter(*(13 * r + i for r in range(4) for i in range(0, 4))),
    ),
}
#: Per variant, whether eldest, middle and the dealer exchange cards before the play
#: (TRJ-EXCH-1: the declarer, eldest; HORN-EXCH-1: all three): ``_deal`` lists no plays for
#: them, since ``_exchange`` lists them anew.
_EXCHANGERS = {BASIC: (False, False, False), TRJAMANN: (True, False, False), HORN: (True,) * 3}
#: TRJ-SCORE-1: ``_TRJ_TARGETS[nullo, declarer]``, each seat's target of tricks (no
#: declarer, as a hand-written position may have it: every seat a defender's).
_TRJ_TARGETS = {
    (nullo, d): tuple((4 if nullo else 8) if s == d else (6 if nullo else 4) for s in range(3))
    for nullo in (False, True)
    for d in (0, 1, 2, None)
}
#: ``_UP_TO[n]``: the sizes 0 to n, made once (``exchange_sizes``).
_UP_TO = tuple(tuple(range(n + 1)) for n in range(53))
_NEXT = (1, 2, 0)
#: A play's event data, one per card, shared by every event of it: event data is read, never
#: written, and a play-out logs one per card played.
_CARD_DATA = {c: {"cards": [c.code]} for c in pack()}
#: Each card's suit as its place in ``SUIT_ORDER``: its run in a hand's index (``_index``).
_SUIT_AT = {c: SUIT_ORDER[c.suit] for c in pack()}
#: Each card's rank for winning tricks (aces high; low in Hornafjarðarmanni Nullo), and its
#: place in a sorted hand: looked up, never worked out, in play-outs.
_RV_HIGH = {c: c.rank for c in pack()}
_RV_LOW = {c: 1 if c.rank == ACE else c.rank for c in pack()}
_KEY_HIGH = {c: SUIT_ORDER[c.suit] * 16 + 15 - c.rank for c in pack()}
_KEY_LOW = {c: SUIT_ORDER[c.suit] * 16 + 15 - _RV_LOW[c] for c in pack()}
#: Each sort key's card and play (``_set_hand`` sorts a hand as numbers and reads it back).
_CARD_AT_HIGH: list[Any] = [None] * 64
_CARD_AT_LOW: list[Any] = [None] * 64
for _c in pack():
    _CARD_AT_HIGH[_KEY_HIGH[_c]] = _c
    _CARD_AT_LOW[_KEY_LOW[_c]] = _c
_PLAY_AT_HIGH = [None if c is None else PLAY[c] for c in _CARD_AT_HIGH]
_PLAY_AT_LOW = [None if c is None else PLAY[c] for c in _CARD_AT_LOW]
#: Each card's sort key, aces high, as its key aces low (Hornafjarðarmanni's Nullo deal).
_HIGH_TO_LOW: list[Any] = [None] * 64
for _c in pack():
    _HIGH_TO_LOW[_KEY_HIGH[_c]] = _KEY_LOW[_c]
#: The 52 and the 48 cards (basic Manni) in ``pack`` order, as sort keys (``_KEY_HIGH``):
#: the pack every deal shuffles.
_PACK_KEYS = (tuple(_KEY_HIGH[c] for c in pack()), tuple(_KEY_HIGH[c] for c in pack_without_twos()))
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

#: ``_tnew(Event, (kind, seat, wording, data))`` makes an Event without the named tuple's
#: Python-level ``__new__`` (a play-out makes one per card).
_tnew: Any = tuple.__new__


# --- how events read (made when something shows them: see ``engine.Event``) -------------


def _leads(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} leads [{data['cards'][0]}]"


def _plays(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} plays [{data['cards'][0]}]"


def _wins(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} wins the trick with [{data['cards'][0]}]"


def _exchanges(seat: int | None, data: Mapping[str, Any]) -> str:
    k = data["count"]
    if not k:
        return f"{{P{seat}}} keeps their cards"
    return f"{{P{seat}}} discards {k} and draws {k} from the manni"


def _declares(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} declares {contract_name(data['contract'], data['trump'])}"


def _deals(seat: int | None, data: Mapping[str, Any]) -> str:
    head = f"Hand {data['hand']}: {{P{seat}}} deals"
    if "card" in data:
        return (
            f"{head}; the cut card [{data['card']}] goes to the dealer:"
            f" {contract_name(data['contract'], data['trump'])}"
        )
    if "trump" in data:
        return f"{head}; trumps are {SUIT_NAMES[data['trump']]}"
    return head


def _scores(seat: int | None, data: Mapping[str, Any]) -> str:
    t = data["tricks"]
    res = data["results"]
    won = [f"{{P{s}}} {t[s]} trick{'s' * (t[s] != 1)}" for s in range(3)]
    if data["variant"] == BASIC:
        parts = [f"{won[s]}, {res[s]} point{'s' * (res[s] != 1)}" for s in range(3)]
    else:
        parts = [f"{won[s]}, {res[s]:+d}" for s in range(3)]
    return "Hand scored: " + "; ".join(parts)


def _game_over(seat: int | None, data: Mapping[str, Any]) -> str:
    w = data["winners"]
    names = " and ".join(f"{{P{s}}}" for s in w)
    return f"{names} {'win together' if len(w) > 1 else 'wins'}"


#: The hot events' wordings by number (``engine.worded``): a number is nothing the garbage
#: collector follows, and a game's log holds hundreds of these.
_W_LEADS = worded(_leads)
_W_PLAYS = worded(_plays)
_W_WINS = worded(_wins)
_W_DEALS = worded(_deals)
_W_SCORES = worded(_scores)
_W_EXCHANGES = worded(_exchanges)
#: The events of play, one per seat and card, made once: an event is a value, read and never
#: written, so a log may hold one object many times (a play-out logs one per card played).
_LEAD_EVENTS = [{c: Event("lead", s, _W_LEADS, _CARD_DATA[c]) for c in pack()} for s in range(3)]
_PLAY_EVENTS = [{c: Event("play", s, _W_PLAYS, _CARD_DATA[c]) for c in pack()} for s in range(3)]
_SWAP_EVENTS = [Event("swap", s, f"{{P{s}}} swaps hands with the manni", {}) for s in range(3)]
_KEEP_EVENTS = [Event("keep", s, f"{{P{s}}} keeps", {}) for s in range(3)]
#: ``_CONTRACT_EVENTS[seat][kind, trump]``: a declaration's event (TRJ-CONTRACT-1).
_CONTRACT_EVENTS = [
    {
        (k, t): Event("contract", s, _declares, {"contract": k, "trump": t})
        for k in CONTRACT_KINDS
        for t in (None, *SUIT_ORDER)
    }
    for s in range(3)
]
#: ``_EXCHANGE_EVENTS[seat][count]``: an exchange's event (Hornafjarðarmanni logs three a
#: hand).
_EXCHANGE_EVENTS = [
    [Event("exchange", s, _W_EXCHANGES, {"count": k}) for k in range(53)] for s in range(3)
]
_WIN_EVENTS = [{c: Event("trick", s, _W_WINS, _CARD_DATA[c]) for c in pack()} for s in range(3)]
#: What the play path needs of a play, in one look-up (``_RECORDS[seat][play]``):
#: its lead's and its follow's events, its entry in the trick (a ``(seat, card)`` tuple,
#: shared: a trick never changes it) and its suit (``_SUIT_AT``).
_RECORDS: list[dict[Play, Any]] = [
    {
        PLAY[c]: (
            _LEAD_EVENTS[s][c],
            _PLAY_EVENTS[s][c],
            (s, c),
            _SUIT_AT[c],
        )
        for c in pack()
    }
    for s in range(3)
]


#: ``_idx``'s entry for a seat not indexed yet: no hand is its hand, so the identity test
#: alone sends it to ``_index`` (no test for None a move).
_UNINDEXED = (None, None)
#: ``_records`` outside the play: every look-up fails (``apply``).
_NO_RECORDS: dict[Any, Any] = {}


def _powers(trump: str | None, low_aces: bool) -> list[dict[Card, int]]:
    """Per suit led (its place in ``SUIT_ORDER``), each card's worth to the trick
    (MANNI-GEN-6): a trump above every other card, a card of the suit led by its rank, any
    other card nothing. The highest worth takes the trick, so the play path compares
    numbers."""
    rv = _RV_LOW if low_aces else _RV_HIGH
    return [
        {c: 100 + rv[c] if c.suit == trump else rv[c] if c.suit == led else 0 for c in pack()}
        for led in SUIT_ORDER
    ]


def _read_back(keys: list[int], low_aces: bool) -> tuple[list[Card], list[list[Play]]]:
    """A hand given as its cards' sort keys (``_KEY_LOW`` with ``low_aces``): the keys sorted
    in place as numbers and read back as the sorted cards and the index's runs, one
    ``itemgetter`` reading both tables (a third the cost of two ``map`` calls)."""
    keys.sort()
    if low_aces:
        card_at, play_at = _CARD_AT_LOW, _PLAY_AT_LOW
    else:
        card_at, play_at = _CARD_AT_HIGH, _PLAY_AT_HIGH
    if len(keys) > 1:
        get = itemgetter(*keys)
        return list(get(card_at)), _runs(keys, list(get(play_at)))
    return [card_at[k] for k in keys], _runs(keys, [play_at[k] for k in keys])


def _runs(keys: list[int], plays: list[Play]) -> list[list[Play]]:
    """A sorted hand's plays (its sort keys ``keys``) as the four runs of ``_index``: each
    suit's sort keys lie in a band of 16 (``_KEY_HIGH``), found by bisection."""
    b1 = bisect_left(keys, 16)
    b2 = bisect_left(keys, 32, b1)
    b3 = bisect_left(keys, 48, b2)
    return [plays[:b1], plays[b1:b2], plays[b2:b3], plays[b3:]]


#: ``_powers`` for every trump suit (None: no trumps) and ace ranking, made once.
_POWERS = {(t, low): _powers(t, low) for t in (None, *SUIT_ORDER) for low in (False, True)}

__all__ = ["CONTRACTS", "GAME", "MannState", "Manni", "contract_name", "horn_contract"]


Manni.state_class = MannState
