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
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, cast

from ...cards import ACE, JACK, KING, QUEEN, Card
from ...dealing import pack_order
from ...engine import Action, Event, Game, IllegalAction, Option, State, Variant
from ...turns import TurnState, dealer_seat
from . import reactions, scoring, steps, wording
from .actions import (
    END,
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
    parse_action,
    set_value,
)
from .builds import Pile, _match
from .refusals import (
    _AUG_5_CAPTURE,
    _AUG_5_KEEP,
    _TAB_5,
    _TWO_1_ONE,
)
from .units import HAND, Item, leaves_nothing, packings, sums, units

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

    def search_sampler(self, observer: int, rng: random.Random) -> Callable[[], CasinoState]:
        """``search_copy``'s samples, what they share worked out once a search
        (``sampling.sampler``: the unseen cards and each hand's demands)."""
        from .sampling import sampler

        return sampler(self, observer, rng)

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

    # --- carrying out a step (steps.py: each step's own checks and changes) ---------------

    _do = steps._do
    _use_hand = steps._use_hand
    _take_loose = steps._take_loose
    _take_top = steps._take_top
    _capture = steps._capture
    _check_value = steps._check_value
    _holds_for = steps._holds_for
    _owner_for = steps._owner_for
    _new_unit = steps._new_unit
    _build = steps._build
    _raise = steps._raise
    _add = steps._add
    _add_unit = steps._add_unit
    _add_to_build = steps._add_to_build
    _trail = steps._trail
    _log_build = steps._log_build

    # --- after a step: reactions, the end of the turn -------------------------------------

    _hold_replies = reactions._hold_replies
    _word = reactions._word
    _challengeable = reactions._challengeable
    _ask = reactions._ask
    _answer = reactions._answer
    _answer_hold = reactions._answer_hold
    _answer_pass = reactions._answer_pass
    _answer_insist = reactions._answer_insist

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

    # --- deal and score (scoring.py) -----------------------------------------------------

    _deal_hands = scoring._deal_hands
    _deal = scoring._deal
    _score = scoring._score
    _points = scoring._points


def _values(card: Card, ace_high: bool) -> tuple[int, ...]:
    """CASINO-DECK-2/3: what a card may count alone (an ace 1 or, ace high, 14)."""
    if card.rank == ACE:
        return (1, 14) if ace_high else (1,)
    return (card.rank,)


def _capture(card: Card, v: int, build: bool, option: tuple[tuple[Item, ...], ...]) -> Capture:
    groups = [([c for c, s in u if s is None], [s for _, s in u if s is not None]) for u in option]
    return Capture(card, v, build, groups)


def _uses_hand(act: Action) -> bool:
    if isinstance(act, (Capture, Raise, Trail)):
        return True
    if isinstance(act, (Build, Add)):
        return act.hand is not None
    return False


def _copy_rng(rng: random.Random) -> random.Random:
    new = random.Random()
    new.setstate(rng.getstate())
    return new


AfricanCasino.state_class = CasinoState
