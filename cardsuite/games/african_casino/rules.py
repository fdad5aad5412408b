"""African Casino: the rules, as the reference. Spec: ``shared/rules/african-casino.md``.

A fishing game for 2, 3 or 4 players (4 in partnerships): play one card a turn to capture
layout cards of its value, build sums you will capture later, raise an opponent's build, add
to builds (with opponents' pile tops too), or trail. Versions: Swazi (default), Sotho, South
African. Rule IDs (``CASINO-BUILD-2`` ...) are cited where each is enforced.

A turn is a series of steps (``actions.py``): free builds and additions, one play, more free
steps, ``end`` (the turn also ends by itself once the play is made and no other step is
possible). Every step is checked to leave a turn that can still end (CASINO-TURN-6), so no
player ever reaches a dead end. Reactions take turns of their own: a partner's hold request
(CASINO-PART-4) and opponents' insisting (CASINO-INSIST-3, option ``insist=ask``).

Builds are kept by value (no two share one, CASINO-TAB-4): ``Pile`` of units, an owner and a
kind (single: one unit). Captured cards go on piles (``piles[pile_of[seat]]``), top last.

This module is the reference: one path for each thing a step does. The legal steps are the
candidates (``_candidates``: every step well formed, in the order they are listed) that
``_why_not`` accepts, and ``_why_not`` carries a step out on a copy (``_do``, the one place
each rule of a step is checked) and asks whether the turn can still end (``_cannot_end``).
``kernel.py`` lists the same steps faster, and ``tests/contract/test_lockstep.py`` holds it
to this module move for move. The JSON layout, loading and the checks of a loaded position
are in ``codec.py``; what the log says in ``wording.py``; the sums of cards in ``units.py``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, cast

from ...cards import ACE, JACK, KING, QUEEN, Card
from ...dealing import pack_order
from ...engine import Action, Event, Game, IllegalAction, Option, State, Variant
from ...shuffle import shuffle
from ...turns import TurnState, dealer_seat
from . import wording
from .actions import (
    END,
    HOLD,
    INSIST,
    PASS,
    Add,
    Build,
    Capture,
    Partial,
    Raise,
    Trail,
    Unit,
    Word,
    complete,
    order_key,
    parse_action,
    set_value,
)
from .units import HAND, Item, leaves_nothing, packings, partition, sums, units, worth

FULL = tuple(Card(r, s) for s in "SHDC" for r in range(2, 15))
SHORT = tuple(c for c in FULL if c.rank not in (JACK, QUEEN, KING))

_INSIST = Option(
    "insist",
    "Insisting",
    "choice",
    "ask",
    choices=("ask", "always", "off"),
    help="ask: opponents may insist on full captures and additions; always: the rules demand"
    " them; off: nobody may insist.",
)
_TARGET = Option("target", "Points to win", "int", 21, min=5, max=99, help="Swazi and Sotho.")
_DECK40 = Option(
    "deck40", "40-card pack", "bool", False, help="Sotho with the South African pack and deal."
)
_SPADES = Option(
    "spades",
    "Spades",
    "choice",
    "most",
    choices=("most", "five"),
    help="most: 2 for most spades; five: 1 to each side with five or more.",
)

_FIRST = Option(
    "first",
    "First player",
    "choice",
    "auto",
    choices=("auto", "1", "2", "3", "4"),
    # A match passes the last game's loser in (CASINO-VAR-SA 3); players read no rule ids.
    help="auto: the player on the dealer's right; a seat: that player plays first (how a"
    " match lets the last game's loser lead).",
)


#: CASINO-DEAL-2/3, VAR-SA 2: the layout and each hand as dealt, by pack (short: 40 cards)
#: and players; two players have the rest of the pack dealt as a second half.
DEALT = {
    False: {2: (4, 12), 3: (4, 16), 4: (4, 12)},
    True: {2: (0, 10), 3: (1, 13), 4: (0, 10)},
}


class Pile:
    """A build: its value, owner and units (each a tuple of cards adding up to the value, or
    one card worth it). Single when it has one unit (CASINO-TAB-2)."""

    __slots__ = ("owner", "units", "value")

    def __init__(self, value: int, owner: int, units: list[tuple[Card, ...]]) -> None:
        self.value = value
        self.owner = owner
        self.units = units

    @property
    def single(self) -> bool:
        return len(self.units) == 1

    def cards(self) -> list[Card]:
        return [c for u in self.units for c in u]

    def copy(self) -> Pile:
        return Pile(self.value, self.owner, self.units[:])


class AfricanCasino(Game):
    id = "african-casino"
    name = "African Casino"
    summary = "Capture by sums, build and raise, and take from opponents' piles."
    players = (2, 3, 4)
    emblem = ("10D", "2S", "AC")
    variants: ClassVar[dict[str, Variant]] = {
        "swazi": Variant("Swazi", "Eswatini's game: 52 cards, to 21 points.", (_INSIST, _TARGET)),
        "sotho": Variant(
            "Sotho",
            "Lesotho's: in four, own piles and the partner's top too.",
            (_INSIST, _TARGET, _DECK40),
        ),
        "south-african": Variant(
            "South African",
            "40 cards, pile tops captured directly, one deal a game.",
            (
                Option(
                    "insist",
                    "Insisting",
                    "choice",
                    "off",
                    choices=("ask", "always", "off"),
                    help=_INSIST.help,
                ),
                _SPADES,
                _FIRST,
            ),
        ),
    }
    default_variant = "swazi"

    def full_pack(
        self, players: int, options: Mapping[str, Any], variant: str | None = None
    ) -> list[Card]:
        """CASINO-DECK-1, CASINO-VAR-SA 1, CASINO-VAR-SOTHO ``deck40``."""
        short = variant == "south-african" or bool(options.get("deck40"))
        return list(SHORT if short else FULL)

    def kind(self) -> type[CasinoState]:
        """The state class this game builds (``Game.state_type``: its kernel, or this
        module's reference)."""
        return cast("type[CasinoState]", self.state_type())

    def new_state(
        self,
        players: int | None = None,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        deck: Sequence[str | Card] | None = None,
        dealer: int | None = None,
    ) -> CasinoState:
        n = self.check_players(players if players is not None else 2)
        variant_id, opts = self.resolve_options(variant, dict(options or {}))
        rng = random.Random(seed)
        st = self.kind()(self, n, variant_id, opts, rng)
        first = str(opts.get("first", "auto"))
        if first != "auto":  # CASINO-VAR-SA 3: the dealer sits just before that player
            if int(first) > n:
                raise ValueError(f"first must be a seat from 1 to {n}")
            if dealer is None:
                dealer = (int(first) - 2) % n
        # CASINO-DEAL-1: the dealer drawn, unless named (a first player names one too)
        st.dealer = rng.randrange(n) if dealer is None else dealer_seat(dealer, n)
        st._deal(pack_order(self.full_pack(n, opts, variant_id), deck, rng))
        return st

    def from_json(self, data: Mapping[str, Any]) -> CasinoState:
        return self.kind().from_json(self, data)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def search_horizon(self, root: State, state: State) -> bool:
        assert isinstance(root, CasinoState) and isinstance(state, CasinoState)
        return state.phase == "over" or state.deal_no != root.deal_no

    def search_reward(self, root: State, state: State) -> list[float]:
        """Each seat's share of the deal's 11 points (SCORE-1)."""
        assert isinstance(root, CasinoState) and isinstance(state, CasinoState)
        rec = next((h for h in reversed(state.history) if h["deal"] == root.deal_no), None)
        if rec is None:
            return [1.0 / state.sides] * state.n
        total = sum(rec["points"]) or 1
        return [rec["points"][state.side(s)] / total for s in range(state.n)]

    def reward_units(self, root: State, seat: int) -> tuple[float, str]:
        return 11.0, "points"  # a share of the deal's 11 points


GAME = AfricanCasino()


def _build_2(v: int) -> str:
    return f"you may build {v} only if you then hold a card to capture it (CASINO-BUILD-2)"


def _raise_1(v: int) -> str:
    return f"you may raise to {v} only if you then hold a card of {v} (CASINO-RAISE-1)"


_AUG_5_BEFORE = "you may add to an opponent's build only before capturing it (CASINO-AUG-5)"
_AUG_5_HAND = (
    "to an opponent's build you add only loose cards and pile tops, and capture it with your"
    " play (CASINO-AUG-5)"
)
_AUG_5_CAPTURE = "an opponent's build you added to must be captured by your play (CASINO-AUG-5)"
_AUG_5_KEEP = "you must still hold a card to capture that build with (CASINO-AUG-5)"
_AUG_ONE = "you may add to only one opponent's build a turn"
_SA_5_HAND = "a pile card joins your build only with a card from your hand (CASINO-VAR-SA 5)"
_TAB_5 = (
    "you must keep a different card to capture each build you own, and may never abandon one"
    " (CASINO-TAB-5)"
)
_TWO_1_ONE = "in this phase a player may own only one build (CASINO-TWO-1)"
_TWO_1_TRAIL = "while you own a build you may not trail now (CASINO-TWO-1)"
_PART_2 = (
    "you may build for your partner only when they are proven to hold that rank (CASINO-PART-2)"
)
_PART_2_ACE = "one proven ace cannot cover two builds (CASINO-PART-2)"
_TURN_1 = "you have played your card this turn (CASINO-TURN-1)"
_INSIST_3_TRAIL = "that card can capture: you must capture with it (CASINO-INSIST-3)"


class CasinoState(TurnState):
    """An African Casino position (see the module docstring). ``TurnState`` keeps the seat to
    move (``turn``), the winners and the legal steps of a position (``_legal_for``)."""

    game: AfricanCasino

    def __init__(
        self,
        game: AfricanCasino,
        players: int,
        variant: str,
        options: dict[str, Any],
        rng: random.Random,
    ) -> None:
        self.game = game
        self.n = players
        self.variant = variant
        self.options = options
        self.rng = rng
        sa = variant == "south-african"
        self.short = sa or bool(options.get("deck40"))
        self.ace_high = not self.short  # CASINO-VAR-SA 1: aces 1 only
        self.top_value = 10 if self.short else 14
        self.sa = sa
        self.insist = str(options["insist"])
        self.target = int(options.get("target", 21))
        # CASINO-TAB-1, VAR-SOTHO, VAR-SA 8: one pile per player, or per partnership
        shared = players == 4 and variant != "sotho"
        self.pile_of = tuple(s % 2 if shared else s for s in range(players))
        self.piles: list[list[Card]] = [[] for _ in range(2 if shared else players)]
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.stock: list[Card] = []
        self.loose: list[Card] = []
        self.builds: dict[int, Pile] = {}
        self.dealer = 0
        self.turn: int | None = 0
        self.phase = "play"
        self.half = 1
        self.deal_no = 0
        self.last_capturer: int | None = None
        self.proofs: set[tuple[int, int]] = set()  # (seat, rank) CASINO-PART-2
        self.totals = [0] * self.sides
        self.history: list[dict[str, Any]] = []
        self.winners_list: list[int] = []
        self.events: list[Event] = []
        self._search_copy = False
        self.turns_done = 0  # turns finished this game (the search looks a few ahead)
        self._new_turn()
        self._legal: list[Action] | None = None

    def _new_turn(self) -> None:
        """The facts of one turn, cleared when the next begins."""
        self.played: Card | None = None  # the hand card of this turn's play
        self.trailed: Card | None = None  # CASINO-TURN-3
        self.aug_opp: int | None = None  # the opponent build augmented this turn (AUG-5)
        self.held: int | None = None  # a hold request on this build (PART-4)
        self.pending: Capture | None = None  # the capture the hold prompt is about
        self.before_play: CasinoState | None = None  # for an insisted play (INSIST-3)
        self.asking: list[int] = []  # opponents still to say insist or pass
        self.ask_about = ""  # "play" or "additions"
        self.comply = ""  # what an insisting opponent demanded: "capture" or "additions"
        self.comply_card: Card | None = None
        self.mover = self.turn  # whose turn it is, while others answer

    # --- small facts ----------------------------------------------------------------------

    @property
    def sides(self) -> int:
        return 2 if self.n == 4 else self.n

    def side(self, seat: int) -> int:
        return seat % 2 if self.n == 4 else seat

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.n == 4 else None

    def team(self, a: int, b: int) -> bool:
        return self.side(a) == self.side(b)

    def usable_piles(self, seat: int) -> list[int]:
        """CASINO-AUG-2, PILE-4: the piles whose top ``seat`` may use (never its own side's,
        but the partner's in Sotho), as seats whose pile it is (one seat per shared pile)."""
        out = []
        seen = set()
        for s in range(self.n):
            p = self.pile_of[s]
            if p == self.pile_of[seat] or p in seen or not self.piles[p]:
                continue
            if self.n == 4 and self.variant != "sotho" and self.team(s, seat):
                continue
            seen.add(p)
            out.append(s)
        return out

    def usable_tops(self, seat: int) -> tuple[Item, ...]:
        """The top of each pile ``seat`` may use, with the seat whose pile it is."""
        return tuple((self.piles[self.pile_of[s]][-1], s) for s in self.usable_piles(seat))

    def restricted(self) -> bool:
        """CASINO-TWO-1: the first half of the two-player game; in the South African game
        always, except the second half of the two-player game (VAR-SA 6)."""
        if self.sa:
            return not (self.n == 2 and self.half == 2)
        return self.n == 2 and self.half == 1

    def owns(self, seat: int) -> list[Pile]:
        return [b for b in self.builds.values() if b.owner == seat]

    def proven(self, seat: int, value: int) -> bool:
        """CASINO-PART-2: ``seat`` is proven to hold that rank (an ace for 1 and 14)."""
        return (seat, ACE if value in (1, 14) else value) in self.proofs

    def free_loose(self) -> list[Card]:
        """The loose cards this turn's steps may use: all but the card trailed (TURN-3)."""
        return [c for c in self.loose if c is not self.trailed]

    # --- the engine contract: queries -----------------------------------------------------

    def scores(self) -> list[int]:
        return [self.totals[self.side(s)] for s in range(self.n)]

    def deals_played(self) -> int:
        return self.deal_no

    def zones(self) -> dict[str, Sequence[Card]]:
        out: dict[str, Sequence[Card]] = {f"hand {s}": self.hands[s] for s in range(self.n)}
        out["stock"] = self.stock
        out["loose"] = self.loose
        for v, b in sorted(self.builds.items()):
            out[f"build {v}"] = b.cards()
        for i, p in enumerate(self.piles):
            out[f"pile {i}"] = p
        return out

    def all_cards(self) -> list[Card]:
        out: list[Card] = []
        for cards in self.zones().values():
            out += cards
        return out

    def hidden_zones(self, seat: int | None) -> tuple[str, ...]:
        return (*(f"hand {s}" for s in range(self.n) if s != seat), "stock")

    def view(self, seat: int | None) -> dict[str, Any]:
        from .codec import view

        return view(self, seat)

    def clone(self, rng: random.Random | None = None, *, events: bool = True) -> CasinoState:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.rng = _copy_rng(self.rng) if rng is None else rng
        new.hands = [h[:] for h in self.hands]
        new.stock = self.stock[:]
        new.loose = self.loose[:]
        new.builds = {v: b.copy() for v, b in self.builds.items()}
        new.piles = [p[:] for p in self.piles]
        new.proofs = set(self.proofs)
        new.totals = self.totals[:]
        new.history = self.history[:]
        new.winners_list = self.winners_list[:]
        new.events = self.events[:] if events else []
        new.asking = self.asking[:]
        new._legal = None
        return new

    def _sample(self, observer: int, rng: random.Random, *, events: bool) -> CasinoState:
        """The hidden cards dealt again as ``observer`` could believe them (``sampling``)."""
        from .sampling import sample_hidden

        return sample_hidden(self, observer, rng, events=events)

    def clone_seeing_hands(self, observer: int, rng: random.Random) -> CasinoState:
        """Every hand as it is, the stock in a new order (``sampling.seeing_hands``)."""
        from .sampling import seeing_hands

        return seeing_hands(self, observer, rng)

    def to_json(self) -> dict[str, Any]:
        from .codec import to_json

        return to_json(self)

    @classmethod
    def from_json(cls, game: AfricanCasino, data: Mapping[str, Any]) -> CasinoState:
        from .codec import from_json

        return from_json(cls, game, data)

    # --- legal steps ----------------------------------------------------------------------

    def _legal_for(self, seat: int) -> list[Action]:
        return list(self._steps(seat))

    def _steps(self, seat: int) -> Iterator[Action]:
        """The steps of ``seat``, the seat to move: a reply to a prompt, or the mover's."""
        if self.phase == "hold":  # CASINO-PART-4: the partner answers
            yield from self._hold_replies(seat)
        elif self.phase == "insist":  # CASINO-INSIST-3 ``ask``: an opponent answers
            yield PASS
            yield INSIST
        elif self.held is not None:  # PART-4: the mover confirms the capture, or adds
            assert self.pending is not None
            yield self.pending
            add = Add(self.held, [Unit([], self.pending.card)])
            if self._why_not(add, seat) is None:
                yield add
        else:
            yield from self._play_steps(seat)

    def _hold_replies(self, partner: int) -> Iterator[Action]:
        """CASINO-PART-4: the partner would own the build: a card to capture it, and a
        different one for each other build it owns (TAB-5: one ace cannot keep B1 and B14)."""
        assert self.pending is not None
        yield PASS
        value = self.pending.value
        values = [b.value for b in self.owns(partner)]
        if value not in values:
            values.append(value)
        if _match(values, self.hands[partner], self.ace_high):
            yield HOLD[value]

    def _play_steps(self, seat: int) -> Iterator[Action]:
        """Every candidate step that is legal (``_why_not``), each capture once (two that
        take the same cards are one step), then ``end`` once the turn may end."""
        seen: set[object] = set()
        for a in self._candidates(seat):
            if type(a) is Capture:  # only captures come twice (an ace's two values...)
                if a.key in seen:
                    continue
                seen.add(a.key)
            if self._why_not(a, seat) is None:
                yield a
        if self.played is not None and self._end_refusal(seat) is None:
            yield END

    def _candidates(self, seat: int) -> Iterator[Action]:
        """Every step worth checking, well formed (its cards where it says, its sums right),
        in the order the listing shows them; ``_why_not`` decides which are legal."""
        if self.comply == "capture":  # INSIST-3: a maximal capture with the challenged card
            assert self.comply_card is not None
            yield from self._captures(seat, self.comply_card, maximal_only=True)
            return
        if self.comply == "additions":  # INSIST-1: only additions to the side's builds
            for add in self._adds(seat, None):
                if add.base is None and self.team(self.builds[add.value].owner, seat):
                    yield add
            return
        hand = self.hands[seat]
        if self.played is None:  # TURN-1: the play, with each hand card
            for card in hand:
                yield from self._captures(seat, card, self.insist == "always")
            for card in hand:
                yield from self._builds(seat, card)
                for v in sorted(self.builds):
                    yield Raise(v, card)
                yield from self._adds(seat, card)
            for card in hand:
                yield Trail(card)
        yield from self._builds(seat, None)  # TURN-2: free steps, before or after the play
        yield from self._adds(seat, None)

    def _capture_units(self, seat: int, v: int) -> list[tuple[Item, ...]]:
        """The targets a card of value ``v`` could take: loose cards and sums of them, and
        in the South African game opponents' pile tops too (VAR-SA 4)."""
        tops = self.usable_tops(seat) if self.sa else ()
        return units(tuple(self.free_loose()), v, self.ace_high, tops)

    def _captures(self, seat: int, card: Card, maximal_only: bool) -> Iterator[Capture]:
        """CASINO-CAP-1: for each value the card may count, distinct sets of targets: the
        maximal ones (nothing of the value left behind), then others (CAP-4, INSIST-3),
        each at most ``units.MAXIMAL_CAP`` / ``OTHER_CAP``, and last the build alone, leaving
        every loose target (CAP-4: one may take fewer targets than one could)."""
        for v in _values(card, self.ace_high):
            found = self._capture_units(seat, v)
            maximal, rest = packings(found)
            if not maximal and not found:
                maximal = [()]
            has_build = v in self.builds
            for o in maximal:
                if o or has_build:
                    yield _capture(card, v, has_build, o)
            if maximal_only:
                continue
            if has_build:  # leaving the build, or some of the loose targets, behind
                for o in maximal + rest:
                    if o:
                        yield _capture(card, v, False, o)
            for o in rest:
                yield _capture(card, v, has_build, o)
            if has_build and found:  # (with nothing loose to take it is the maximal one)
                yield _capture(card, v, True, ())

    def _maximal(self, seat: int, act: Capture) -> bool:
        """INSIST-2: the capture leaves nothing of its value that it could also take. One
        naming a pile it may not take from (empty, or its own) is not: carrying it out
        refuses it (``_take_top``)."""
        if act.value in self.builds and not act.build:
            return False
        if not act.tops <= set(self.usable_piles(seat)):
            return False
        taken = frozenset(
            [
                *((c, None) for c in act.loose),
                *((self.piles[self.pile_of[s]][-1], s) for s in act.tops),
            ]
        )
        return leaves_nothing(taken, self._capture_units(seat, act.value))

    def _can_capture(self, seat: int, card: Card) -> bool:
        """INSIST-2: the card has something to capture (a build or a target of its value)."""
        return any(
            v in self.builds or self._capture_units(seat, v) for v in _values(card, self.ace_high)
        )

    def _builds(self, seat: int, card: Card | None) -> Iterator[Build]:
        """CASINO-BUILD-1: sets of loose cards (with ``card`` from the hand, if given) of two
        cards at least, worth 2 to the highest value, each for ``seat`` and then for its
        partner when proven to hold the value (PART-2: a merge keeps the owner it had)."""
        partner = self.partner(seat)
        add = 0 if card is None else set_value(card)
        for total, sets in sums(tuple(self.free_loose())).items():
            v = total + add
            if v > self.top_value or v < 2:
                continue
            for cards in sets:
                if card is None and len(cards) < 2:
                    continue
                yield Build(v, cards, card)
                if partner is not None and self.proven(partner, v):
                    yield Build(v, cards, card, owner=partner)

    def _adds(self, seat: int, card: Card | None, bases: bool = True) -> Iterator[Add]:
        """CASINO-AUG-1..4: one unit onto each build, then (with ``bases``) onto each loose
        card as a base (an ace as 1 and, ace high, as 14). Pile tops join units (PILE-1..4),
        in the South African game only on one's own build (VAR-SA 5)."""
        loose = self.free_loose()
        tops = self.usable_tops(seat)
        for v, b in sorted(self.builds.items()):
            usable = tops if not self.sa or b.owner == seat else ()
            yield from self._units_onto(seat, v, None, loose, usable, card)
        for base in loose if bases else ():
            for v in _values(base, self.ace_high):
                if v not in self.builds:
                    rest = [c for c in loose if c is not base]
                    yield from self._units_onto(seat, v, base, rest, () if self.sa else tops, card)

    def _units_onto(
        self,
        seat: int,
        v: int,
        base: Card | None,
        loose: list[Card],
        tops: tuple[Item, ...],
        card: Card | None,
    ) -> Iterator[Add]:
        """The additions of one unit of ``v`` (``units.units``) onto the build of ``v`` or
        ``base``: each holding ``card`` when given (the play), else none from the hand. A
        new build on a base is offered for ``seat`` and then for a proven partner (PART-2)."""
        extras = tops if card is None else (*tops, (card, HAND))
        partner = self.partner(seat)
        for unit in units(tuple(loose), v, self.ace_high, extras):
            if (card is not None) != (unit[-1][1] == HAND):
                continue
            u = Unit(
                [c for c, s in unit if s is None],
                card,
                [s for _, s in unit if s is not None and s != HAND],
            )
            yield Add(v, [u], base)
            if base is not None and partner is not None and self.proven(partner, v):
                yield Add(v, [u], base, owner=partner)

    # --- checking a step ------------------------------------------------------------------

    def _why_not(self, act: Action, seat: int) -> str | None:
        """Why ``act`` is refused now (the rule in words), or None when it is legal: it is
        carried out on a copy (a step never draws from the generator), which must then
        still be able to end its turn (CASINO-TURN-6)."""
        after = self.clone(self.rng, events=False)
        try:
            after._do(act, seat)
        except IllegalAction as e:
            return e.reason
        return after._cannot_end(seat)

    def _cannot_end(self, seat: int) -> str | None:
        """CASINO-TURN-6: why the turn, as it now stands, could no longer end."""
        if self.restricted() and any(len(self.owns(s)) > 1 for s in range(self.n)):
            return _TWO_1_ONE
        need = [b.value for b in self.owns(seat)]
        if self.played is None:
            if self.aug_opp is not None:
                need.append(self.builds[self.aug_opp].value)
        elif self.aug_opp is not None:
            return _AUG_5_CAPTURE
        if not _match(need, self.hands[seat], self.ace_high):
            if self.played is None and self.aug_opp is not None:
                return _AUG_5_KEEP
            return _TAB_5
        return None

    def _end_refusal(self, seat: int) -> str | None:
        """Why ``end`` would be refused now (``_word`` and TURN-4 read the state as it is:
        ending changes nothing, so no copy is needed)."""
        try:
            self._word(END, seat)
        except IllegalAction as e:
            return e.reason
        return self._cannot_end(seat)

    def _additions(self, seat: int) -> bool:
        """CASINO-INSIST-1: a loose card or pile top that could still go onto a team build."""
        if not any(self.team(b.owner, seat) for b in self.builds.values()):
            return False
        return any(
            self.team(self.builds[a.value].owner, seat) and self._why_not(a, seat) is None
            for a in self._adds(seat, None, bases=False)
        )

    # --- applying a step ------------------------------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        turn = self.turn
        if turn is None:
            raise IllegalAction("the game is over")
        if seat is not None and seat != turn:
            raise IllegalAction(f"it is not your turn (waiting for seat {turn + 1})")
        act = self._complete(action if isinstance(action, Action) else self._coerce(action))
        if not self._allowed(act):
            raise IllegalAction(self._refusal(act))
        mark = len(self.events)
        self._legal = None
        if self.phase == "hold" or self.phase == "insist":
            self._answer(act, turn)
            self._legal = None
        elif self._asks_partner(act, turn):
            assert isinstance(act, Capture)
            self.pending = act  # PART-4: the partner may ask to hold the build first
            self.mover = turn
            self.phase = "hold"
            self.turn = self.partner(turn)
            self.events.append(Event("ask", turn, wording.means, {"value": act.value}))
        else:
            self._step(act, turn)  # leaves the next steps listed when it worked them out
        return self.events[mark:]

    def _complete(self, act: Action) -> Action:
        """A step read from text made whole for the seat to move (``actions.complete``)."""
        if not isinstance(act, Partial):
            return act
        seat = self.turn
        assert seat is not None
        return complete(act, self.hands[seat], self.ace_high, self.n)

    def _allowed(self, act: Action) -> bool:
        """Listed, or one of the steps that are accepted as text but not listed: an addition
        of several units, a capture beyond the listed ones (§18).

        A step is carried out on the live state only once it is known to succeed, so none is
        ever left half done: a listed step was checked as it was listed; a step equal to a
        listed one but made from text (``==`` is doing the same thing, ``actions.py``) and
        every step accepted beyond the listing are checked themselves, on a copy."""
        legal = self.legal_actions()
        if any(a is act for a in legal):
            return True
        seat = self.turn
        assert seat is not None
        if act in legal:  # (a reply or the pending capture is the listed object itself)
            return self.phase != "play" or self._why_not(act, seat) is None
        if self.phase != "play" or self.held is not None:
            return False
        if self.comply == "capture" and not (
            isinstance(act, Capture) and act.card is self.comply_card
        ):
            return False
        if isinstance(act, Add) and len(act.units) > 1:
            return self._why_not(act, seat) is None
        if isinstance(act, Capture) and self.played is None:
            demanded = self.insist == "always" or self.comply == "capture"
            if demanded and not self._maximal(seat, act):  # INSIST-3
                return False
            return self._why_not(act, seat) is None
        return False

    def _refusal(self, act: Action) -> str:
        """Why ``act``, not allowed, is refused: the rule it breaks, or the demand it
        does not meet."""
        if self.phase in ("hold", "insist"):
            return "answer first: " + " or ".join(str(a) for a in self.legal_actions())
        if self.held is not None:
            return "your partner asked you to hold: capture anyway, or add your card to the build"
        if isinstance(act, Word) and act.word == "end" and self.played is None:
            return "play a card from your hand first (CASINO-TURN-1)"
        seat = self.turn
        assert seat is not None
        reason = self._why_not(act, seat)
        if reason is None:  # well formed, but a step the current demand does not allow
            if self.comply == "capture":
                return "an opponent insisted: capture everything you can with that card"
            if self.comply == "additions":
                return "an opponent insisted: add what you can to your side's builds"
            if self.insist == "always" and isinstance(act, Capture):
                return "you must capture everything you can with that card (CASINO-INSIST-3)"
            return "that step is not possible now"
        return reason

    def _asks_partner(self, act: Action, seat: int) -> bool:
        """CASINO-PART-4 [D]: a capture of a build of one's own side is first put to the
        partner (every time, so the prompt itself tells nothing)."""
        if self.n != 4 or not isinstance(act, Capture) or not act.build or self.held is not None:
            return False
        if self.comply == "capture":  # an opponent insisted (INSIST-3): a hold changes nothing
            return False
        return self.team(self.builds[act.value].owner, seat)

    def _step(self, act: Action, seat: int) -> None:
        """A step of the mover's turn, already found legal. The position an insist would
        take play back to is copied only for a play that can be challenged (INSIST-2), and
        the steps listed to see whether only ``end`` is left are kept for the next call."""
        before = None
        if self.insist == "ask" and _uses_hand(act) and self._challengeable(act, seat):
            before = self.clone(self.rng, events=False)  # restored with the live generator
        self._do(act, seat)
        self._legal = None
        if self.held is not None and _uses_hand(act):
            self.held = None
            self.pending = None
        self._stepped(act, seat, before)

    def _stepped(self, act: Action, seat: int, before: CasinoState | None) -> None:
        """After a step: the turn ends with ``end`` (TURN-6), an insist is met by a capture
        (INSIST-3), a challengeable play is put to the opponents (INSIST-2), and a turn whose
        only step left is ``end`` ends by itself."""
        if act is END:
            self._finish_turn(seat)
            self._legal = None
            return
        if self.comply == "capture" and isinstance(act, Capture):  # the insist is met
            self.comply = ""
            self.comply_card = None
        if before is not None:
            self.before_play = before
            self._ask(seat, "play")
            return
        if self.played is not None:
            legal = self.legal_actions()
            if len(legal) == 1 and legal[0] is END:  # the turn ends by itself
                self._finish_turn(seat)
                self._legal = None

    def _do(self, act: Action, seat: int) -> None:
        """Carry out ``act`` for ``seat``, refusing what breaks a rule of the step itself
        (not whether the turn can still end: ``_cannot_end``). Leaves the state half-changed
        when it refuses: callers work on a copy."""
        if isinstance(act, Word):
            self._word(act, seat)
        elif isinstance(act, Capture):
            self._capture(act, seat)
        elif isinstance(act, Build):
            self._build(act, seat)
        elif isinstance(act, Raise):
            self._raise(act, seat)
        elif isinstance(act, Add):
            self._add(act, seat)
        elif isinstance(act, Trail):
            self._trail(act, seat)
        else:
            raise IllegalAction("that is not an African Casino step")

    def _use_hand(self, seat: int, card: Card) -> None:
        """CASINO-TURN-1: the one card of the turn's play leaves the hand."""
        if self.played is not None:
            raise IllegalAction(_TURN_1)
        if card not in self.hands[seat]:
            raise IllegalAction(f"you do not hold {card.code}")
        self.hands[seat].remove(card)
        self.played = card
        self.proofs.discard((seat, card.rank))  # PART-2: the proof ends when it is played

    def _take_loose(self, cards: Sequence[Card]) -> None:
        for c in cards:
            if c is self.trailed:
                raise IllegalAction(
                    "the card you trailed this turn stays out of it (CASINO-TURN-3)"
                )
            if c not in self.loose:
                raise IllegalAction(f"{c.code} is not a loose card on the layout")
            self.loose.remove(c)

    def _take_top(self, seat: int, of: int) -> Card:
        """CASINO-PILE-1, AUG-2, PILE-4: the top of a pile ``seat`` may use."""
        if 0 <= of < self.n and not self.piles[self.pile_of[of]]:
            raise IllegalAction(f"P{of + 1}'s pile is empty: it has no top card")
        if of not in self.usable_piles(seat):
            raise IllegalAction(
                f"you may not use P{of + 1}'s pile (only opponents' tops, never your own)"
                " (CASINO-AUG-2)"
            )
        return self.piles[self.pile_of[of]].pop()

    def _capture(self, act: Capture, seat: int) -> None:
        """CASINO-CAP-1..5, VAR-SA 4 and 7."""
        v, card = act.value, act.card
        if not worth(card, v, self.ace_high):
            raise IllegalAction(f"{card.code} cannot count {v}")
        if act.tops and not self.sa:
            raise IllegalAction(
                "a pile card is taken only by adding it to a build you capture (CASINO-CAP-3)"
            )
        tops = [t for _, ts in act.groups for t in ts]
        if len(set(tops)) != len(tops):
            raise IllegalAction("a capture takes at most one card of each pile (CASINO-VAR-SA 4)")
        if act.order is not None and self.sa:
            raise IllegalAction(
                "a captured batch lies in numerical order, lowest uppermost (CASINO-VAR-SA 7)"
            )
        self._use_hand(seat, card)
        taken: list[Card] = []
        if act.build:
            b = self.builds.pop(v, None)
            if b is None:
                raise IllegalAction(f"there is no build of {v}")
            if b.owner != seat:
                self.proofs.add((b.owner, ACE if v in (1, 14) else v))  # PART-2
            if self.aug_opp == v:
                self.aug_opp = None  # AUG-5 done: the build added to is taken
            taken += b.cards()
        items: list[Item] = []
        for cs, ts in act.groups:
            self._take_loose(cs)
            items += [(c, None) for c in cs]
            items += [(self._take_top(seat, t), t) for t in ts]
        if items and partition(items, v, self.ace_high) is None:
            raise IllegalAction(f"those cards do not make units of {v} (CASINO-CAP-1)")
        taken += [c for c, _ in items]
        if self.sa:  # VAR-SA 7: numerical order, lowest uppermost
            batch = sorted([*taken, card], key=order_key, reverse=True)
        elif act.order is not None:  # CAP-5: the capturer's order, bottom to top
            if sorted(act.order, key=order_key) != sorted(taken, key=order_key):
                raise IllegalAction(
                    "order names each card taken once, not the capturing card (CASINO-CAP-5)"
                )
            batch = [*act.order, card]
        else:  # CAP-5 [D]: the lowest just under the capturing card, the highest at the bottom
            batch = [*sorted(taken, key=order_key, reverse=True), card]
        self.piles[self.pile_of[seat]] += batch
        self.last_capturer = seat
        data: dict[str, Any] = {
            "cards": [card.code, *(c.code for c in taken)],
            "value": v,
            "build": act.build,
        }
        if act.tops:  # VAR-SA 4: the log says whose pile each top came from
            data["tops"] = [[s, c.code] for c, s in items if s is not None]
        self.events.append(Event("capture", seat, wording.captures, data))

    def _check_value(self, v: int) -> None:
        if not 1 <= v <= self.top_value:
            raise IllegalAction(f"builds are worth 1 to {self.top_value}")

    def _holds_for(self, seat: int, v: int) -> bool:
        return any(worth(c, v, self.ace_high) for c in self.hands[seat])

    def _owner_for(self, seat: int, v: int, owner: int | None) -> int:
        """Who owns a new build of ``v`` that ``seat`` makes: himself (and he must hold a
        capturing card, CASINO-BUILD-2, BUILD-4), or a proven partner (CASINO-PART-2)."""
        if owner is None or owner == seat:
            if not self._holds_for(seat, v):
                raise IllegalAction(_build_2(v))
            return seat
        if owner != self.partner(seat) or not self.proven(owner, v):
            raise IllegalAction(_PART_2)
        if v in (1, 14) and any(b.value in (1, 14) for b in self.owns(owner)):
            raise IllegalAction(_PART_2_ACE)
        return owner

    def _new_unit(self, seat: int, v: int, unit: tuple[Card, ...], owner: int | None) -> None:
        """A new set of ``v``: a build of its own, or a unit of the side's build of that value
        (merge, CASINO-BUILD-5); an opponent's build of that value forbids it (TAB-4)."""
        old = self.builds.get(v)
        if old is None:
            self.builds[v] = Pile(v, self._owner_for(seat, v, owner), [unit])
            return
        if not self.team(old.owner, seat):
            raise IllegalAction(f"an opponent owns a build of {v} already (CASINO-TAB-4)")
        if not self._holds_for(seat, v) and not (old.owner != seat and self.proven(old.owner, v)):
            raise IllegalAction(_build_2(v))
        old.units.append(unit)

    def _build(self, act: Build, seat: int) -> None:
        """CASINO-BUILD-1..5 (no pile card in a build, BUILD-3: a build names none)."""
        v = act.value
        self._check_value(v)
        cards = [*act.loose, *([act.hand] if act.hand else [])]
        if len(cards) < 2 or sum(set_value(c) for c in cards) != v:
            raise IllegalAction(f"a build is two or more cards adding up to {v} (CASINO-BUILD-1)")
        self._take_loose(act.loose)
        if act.hand is not None:
            self._use_hand(seat, act.hand)
        self._new_unit(seat, v, tuple(cards), act.owner)
        self._log_build(seat, "builds", v, act.hand, (tuple(cards),), owner=act.owner)

    def _raise(self, act: Raise, seat: int) -> None:
        """CASINO-RAISE-1..4."""
        b = self.builds.get(act.value)
        if b is None:
            raise IllegalAction(f"there is no build of {act.value}")
        if self.team(b.owner, seat):
            raise IllegalAction("you raise only an opponent's build (CASINO-RAISE-1, PART-3)")
        if not b.single:
            raise IllegalAction("an augmented build can never be raised (CASINO-RAISE-4)")
        new = act.value + set_value(act.card)
        if new > self.top_value:
            raise IllegalAction(f"a build is worth at most {self.top_value} (CASINO-RAISE-1)")
        self._use_hand(seat, act.card)
        del self.builds[act.value]
        self.proofs.add((b.owner, ACE if act.value in (1, 14) else act.value))  # PART-2
        if not self._holds_for(seat, new):
            raise IllegalAction(_raise_1(new))
        unit = (*b.units[0], act.card)
        old = self.builds.get(new)
        if old is None:
            self.builds[new] = Pile(new, seat, [unit])  # RAISE-2: the raiser owns it
        elif not self.team(old.owner, seat):
            raise IllegalAction(f"an opponent owns a build of {new} already (CASINO-RAISE-3)")
        else:
            old.units.append(unit)  # merge: the existing owner keeps it
        self._log_build(seat, "raises to", new, act.card, ((act.card,),), old=act.value)

    def _add(self, act: Add, seat: int) -> None:
        """CASINO-AUG-1..6, PILE-1..3, VAR-SA 5: the units go onto the build of the value,
        or make the base card a new build (AUG-4)."""
        v = act.value
        self._check_value(v)
        if not act.units:
            raise IllegalAction("an addition needs a unit")
        build = self.builds.get(v)
        if act.base is not None:
            if build is not None:
                raise IllegalAction(f"there is a build of {v} already: add to it (CASINO-AUG-4)")
            if not worth(act.base, v, self.ace_high):
                raise IllegalAction(f"{act.base.code} is not worth {v}")
            self._take_loose([act.base])
        elif build is None:
            raise IllegalAction(f"there is no build of {v}")
        hands_used = [u.hand for u in act.units if u.hand is not None]
        if len(hands_used) > 1:
            raise IllegalAction("an addition takes at most one card from your hand (CASINO-AUG-2)")
        mine = build is not None and build.owner == seat
        added = [self._add_unit(seat, v, u, mine and act.base is None) for u in act.units]
        units = [cards for cards, _ in added]
        if self.sa and any(u.tops for u in act.units) and self.played is None:
            raise IllegalAction(_SA_5_HAND)
        if build is None:
            assert act.base is not None
            owner = self._owner_for(seat, v, act.owner)
            self.builds[v] = Pile(v, owner, [(act.base,), *units])
        else:
            self._add_to_build(seat, build, act, bool(hands_used))
            build.units += units
        self._log_build(
            seat,
            "adds to",
            v,
            hands_used[0] if hands_used else None,
            units,
            [top for _, tops in added for top in tops],
            base=act.base,
            owner=act.owner,
        )

    def _add_unit(
        self, seat: int, v: int, u: Unit, own_build: bool
    ) -> tuple[tuple[Card, ...], list[tuple[int, Card]]]:
        """One unit of an addition taken from the layout, the hand and pile tops: its cards
        and the tops it took (seat, card). CASINO-AUG-1: one card worth ``v`` or cards adding
        up to it; PILE-3: a top exposed by an earlier unit may join a later one."""
        self._take_loose(u.loose)
        if u.hand is not None:
            self._use_hand(seat, u.hand)
        tops = []
        if u.tops:
            if self.sa and not own_build:
                raise IllegalAction("pile cards go only onto your own build (CASINO-VAR-SA 5)")
            if len(set(u.tops)) != len(u.tops):
                raise IllegalAction("a unit takes at most one card of a pile (CASINO-PILE-3)")
            tops = [self._take_top(seat, t) for t in u.tops]
        cards = (*u.loose, *([u.hand] if u.hand else []), *tops)
        if not cards:
            raise IllegalAction("every unit needs cards")
        if len(cards) == 1:
            if not worth(cards[0], v, self.ace_high):
                raise IllegalAction(f"{cards[0].code} is not worth {v} (CASINO-AUG-1)")
        elif sum(set_value(c) for c in cards) != v:
            raise IllegalAction(f"a unit must add up to {v} (CASINO-AUG-1)")
        return cards, list(zip(u.tops, tops, strict=True))

    def _add_to_build(self, seat: int, build: Pile, act: Add, from_hand: bool) -> None:
        """An addition to a standing build: a team build at any time (AUG-3); an opponent's
        only with loose cards and pile tops before the play that captures it (AUG-5); a
        partner's hold request granted makes the partner its owner (PART-4)."""
        if act.owner is not None:
            raise IllegalAction("`for` names the owner of a new build only")
        if not self.team(build.owner, seat):
            if from_hand:
                raise IllegalAction(_AUG_5_HAND)
            if self.aug_opp is not None and self.aug_opp != act.value:
                raise IllegalAction(_AUG_ONE)
            if self.played is not None:
                raise IllegalAction(_AUG_5_BEFORE)
            self.aug_opp = act.value
        if self.held == act.value and from_hand and self.pending is not None:
            partner = self.partner(seat)
            assert partner is not None
            build.owner = partner  # PART-4: the partner who asked owns it now

    def _trail(self, act: Trail, seat: int) -> None:
        """CASINO-TRAIL-1, TWO-1, INSIST-3 ``always``."""
        card = act.card
        if self.restricted() and self.owns(seat) and self.played is None:
            raise IllegalAction(_TWO_1_TRAIL)
        if self.insist == "always" and self._can_capture(seat, card):
            raise IllegalAction(_INSIST_3_TRAIL)
        self._use_hand(seat, card)
        self.loose.append(card)
        self.trailed = card
        self.events.append(Event("trail", seat, wording.trails, {"cards": [card.code]}))

    def _log_build(
        self,
        seat: int,
        verb: str,
        v: int,
        hand: Card | None,
        units: Sequence[tuple[Card, ...]],
        tops: Sequence[tuple[int, Card]] = (),
        **more: Any,
    ) -> None:
        """The log's line for a build, raise or addition (``wording.build_event``)."""
        b = self.builds.get(v)
        cards, size = (b.cards(), len(b.units)) if b else ([], 0)
        self.events.append(
            wording.build_event(seat, verb, v, cards, size, hand, units, tops, **more)
        )

    def _word(self, act: Word, seat: int) -> None:
        """``end`` (TURN-4, INSIST-1) and the replies, each in its own phase."""
        if act.word == "end":
            if self.phase != "play" or self.played is None:
                raise IllegalAction("play a card from your hand first (CASINO-TURN-1)")
            if self.insist == "always" and self._additions(seat):
                raise IllegalAction(
                    "you must first add what you can to your side's builds (CASINO-INSIST-1)"
                )
            if self.comply == "additions" and self._additions(seat):
                raise IllegalAction(
                    "an opponent insisted: add what you can first (CASINO-INSIST-1)"
                )
            return
        if act.word == "hold":
            if self.phase != "hold":
                raise IllegalAction("a hold request answers a capture of your side's build")
            return
        if self.phase not in ("hold", "insist"):
            raise IllegalAction(f"nothing to answer with {act.word}")

    # --- after a step: reactions, the end of the turn -------------------------------------

    def _challengeable(self, act: Action, seat: int) -> bool:
        """CASINO-INSIST-2: a capture that left a target of its value, or a trail of a card
        that could have captured."""
        if isinstance(act, Trail):
            return self._can_capture(seat, act.card)
        if isinstance(act, Capture):
            return not self._maximal(seat, act)
        return False

    def _ask(self, seat: int, about: str) -> None:
        """INSIST-3 ``ask``: each opponent in playing order says insist or pass."""
        self.mover = seat
        self.ask_about = about
        self.asking = [
            (seat + i) % self.n
            for i in range(1, self.n)
            if not self.team((seat + i) % self.n, seat)
        ]
        self.phase = "insist"
        self.turn = self.asking.pop(0)

    def _answer(self, act: Action, seat: int) -> None:
        """A reply to a prompt: the partner's to a capture (PART-4), an opponent's to the
        play or the additions (INSIST-3)."""
        mover = self.mover
        assert mover is not None
        if self.phase == "hold":
            self._answer_hold(act, seat, mover)
        elif act == PASS:
            self._answer_pass(seat, mover)
        else:
            self._answer_insist(seat, mover)

    def _answer_hold(self, act: Action, seat: int, mover: int) -> None:
        """CASINO-PART-4: ``pass`` lets the capture go ahead; ``hold`` asks the mover to
        capture anyway or add the card to the build instead."""
        pending = self.pending
        assert pending is not None
        self.phase = "play"
        self.turn = mover
        if act == PASS:
            self.events.append(Event("pass", seat, wording.lets_go, {}))
            self.pending = None
            self._step(pending, mover)
        else:
            self.held = pending.value
            self.events.append(Event("hold", seat, wording.asks_hold, {"value": pending.value}))

    def _answer_pass(self, seat: int, mover: int) -> None:
        """INSIST-3: an opponent lets it stand; once all have, the turn goes on (or ends)."""
        self.events.append(Event("pass", seat, wording.no_insist, {}))
        if self.asking:
            self.turn = self.asking.pop(0)
            return
        self.phase = "play"
        self.turn = mover
        about, self.ask_about = self.ask_about, ""
        self.before_play = None
        if about == "additions":
            self._end_turn(mover)
        elif self.played is not None and list(self.legal_actions()) == [END]:
            self._finish_turn(mover)

    def _answer_insist(self, seat: int, mover: int) -> None:
        """INSIST-1/3: the mover must make the additions still possible, or the play is taken
        back and a maximal capture with the same card made instead."""
        self.events.append(Event("insist", seat, wording.insists, {}))
        self.asking = []
        if self.ask_about == "play":  # the play is taken back: a maximal capture instead
            before = self.before_play
            assert before is not None
            card = next(c for c in before.hands[mover] if c not in self.hands[mover])
            events, rng = self.events, self.rng
            self.__dict__.update(before.clone(rng, events=False).__dict__)
            self.events = events
            self.mover = mover
            self.comply = "capture"
            self.comply_card = card
            # an opponent's insist binds (INSIST-3): a hold granted before the play taken
            # back changes nothing, so the mover cannot add the card instead (PART-4)
            self.held = None
            self.pending = None
        else:
            self.comply = "additions"
        self.phase = "play"
        self.turn = mover
        self.ask_about = ""
        self.before_play = None
        self._legal = None

    def _finish_turn(self, seat: int) -> None:
        """The mover's turn is over; with ``insist=ask`` opponents may first demand the
        additions still possible (INSIST-1)."""
        if self.insist == "ask" and self.comply != "additions" and self._additions(seat):
            self._ask(seat, "additions")
            return
        self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        """PLAY-2: the next player with cards moves; once every hand is empty, the second
        half is dealt (DEAL-3) or the deal is scored."""
        self.turns_done += 1
        self._new_turn()
        self._legal = None
        if all(not h for h in self.hands):
            if self.stock:  # CASINO-DEAL-3: the second half
                self.half = 2
                self._deal_hands(self.stock, len(self.stock) // self.n)
                self.stock = []
                self.turn = self.mover = (self.dealer + 1) % self.n
                self.events.append(
                    Event("deal", self.dealer, "The second half is dealt", {"deal": self.deal_no})
                )
                return
            self._score()
            return
        nxt = (seat + 1) % self.n
        while not self.hands[nxt]:
            nxt = (nxt + 1) % self.n
        self.turn = self.mover = nxt

    # --- deal and score -------------------------------------------------------------------

    def _deal_hands(self, cards: list[Card], each: int) -> None:
        first = (self.dealer + 1) % self.n
        for i in range(each * self.n):
            self.hands[(first + i) % self.n].append(cards[i])

    def _deal(self, order: list[Card]) -> None:
        """CASINO-DEAL-2..4, VAR-SA 2."""
        self.deal_no += 1
        n = self.n
        layout, each = DEALT[self.short][n]
        self.loose = order[:layout]
        rest = order[layout:]
        self.hands = [[] for _ in range(n)]
        self._deal_hands(rest, each)
        self.stock = rest[each * n :]
        self.half = 1
        self.builds = {}
        self.proofs = set()
        self.last_capturer = None
        self.phase = "play"
        self.turn = (self.dealer + 1) % n
        self._new_turn()  # the mover: the first player
        self._legal = None
        self.events.append(Event("deal", self.dealer, wording.deals, {"deal": self.deal_no}))

    def _score(self) -> None:
        """CASINO-END-1, SCORE-1, GAME-1: the deal scored; the game over, or the next deal
        (DEAL-1: the deal passes on)."""
        for v in sorted(self.builds):  # none in play (TAB-5); a hand-made position's go too
            self.loose += self.builds.pop(v).cards()
        left = self.loose[:]
        if self.last_capturer is not None:  # END-1: the last capturer takes the rest
            self.piles[self.pile_of[self.last_capturer]] += self.loose
            self.loose = []
            left = []
        points = self._points() if self.last_capturer is not None else [0] * self.sides
        for s in range(self.sides):
            self.totals[s] += points[s]
        if self._search_copy:  # the search scores the deal; the next one is not dealt
            self.history.append({"deal": self.deal_no, "points": points})
            self.deal_no += 1
            self.turn = None
            return
        rec = {
            "sides": [[s for s in range(self.n) if self.side(s) == i] for i in range(self.sides)],
            "deal": self.deal_no,
            "points": points,
            "totals": list(self.totals),
            "left": [c.code for c in left],
        }
        self.history.append(rec)
        self.events.append(Event("score", None, wording.scored, dict(rec)))
        top = max(self.totals)
        if self.sa or (top >= self.target and self.totals.count(top) == 1):
            self.phase = "over"
            self.turn = None
            best = [s for s in range(self.n) if self.totals[self.side(s)] == top]
            self.winners_list = best
            self.events.append(Event("gameover", None, "Game over", {"winners": best}))
            return
        order = [c for p in self.piles for c in p] + self.loose
        for p in self.piles:
            p.clear()
        self.loose = []
        shuffle(self.rng, order)
        self.dealer = (self.dealer + 1) % self.n
        self._deal(order)

    def _points(self) -> list[int]:
        """CASINO-SCORE-1 (VAR-SA 8 ``spades=five``): each side's points from its piles."""
        points = [0] * self.sides
        cards = [0] * self.sides
        spades = [0] * self.sides
        for p, pile in enumerate(self.piles):
            s = self.side(self.pile_of.index(p))
            cards[s] += len(pile)
            spades[s] += sum(1 for c in pile if c.suit == "S")
            for c in pile:
                if c.rank == ACE or c.code == "2S":
                    points[s] += 1
                elif c.code == "10D":
                    points[s] += 2
        _most(points, cards)
        if self.options.get("spades") == "five":
            for s in range(self.sides):
                if spades[s] >= 5:
                    points[s] += 1
        else:
            _most(points, spades)
        return points


def _values(card: Card, ace_high: bool) -> tuple[int, ...]:
    """CASINO-DECK-2/3: what a card may count alone (an ace 1 or, ace high, 14)."""
    if card.rank == ACE:
        return (1, 14) if ace_high else (1,)
    return (card.rank,)


def _most(points: list[int], counts: list[int]) -> None:
    """SCORE-1: 2 points for the most, 1 each when tied."""
    top = max(counts)
    best = [s for s, c in enumerate(counts) if c == top]
    if len(best) == 1:
        points[best[0]] += 2
    else:
        for s in best:
            points[s] += 1


def _capture(card: Card, v: int, build: bool, option: tuple[tuple[Item, ...], ...]) -> Capture:
    groups = [([c for c, s in u if s is None], [s for _, s in u if s is not None]) for u in option]
    return Capture(card, v, build, groups)


def _uses_hand(act: Action) -> bool:
    if isinstance(act, (Capture, Raise, Trail)):
        return True
    if isinstance(act, (Build, Add)):
        return act.hand is not None
    return False


def _match(values: list[int], hand: Sequence[Card], ace_high: bool) -> bool:
    """CASINO-TAB-5: distinct hand cards that capture each of ``values`` (a small matching)."""
    if not values:
        return True
    if len(values) > len(hand):
        return False
    v, rest = values[0], values[1:]
    for i, c in enumerate(hand):
        if worth(c, v, ace_high) and _match(rest, [*hand[:i], *hand[i + 1 :]], ace_high):
            return True
    return False


def _copy_rng(rng: random.Random) -> random.Random:
    new = random.Random()
    new.setstate(rng.getstate())
    return new


AfricanCasino.state_class = CasinoState
