"""African Casino: the pure rules. Spec: ``shared/rules/african-casino.md``.

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
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache
from operator import attrgetter
from typing import Any, ClassVar, cast

from ... import positions
from ...cards import ACE, JACK, KING, QUEEN, Card
from ...dealing import pack_order
from ...engine import Action, Event, Game, IllegalAction, Option, State, Variant
from ...shuffle import shuffle
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
    order_key,
    parse_action,
    set_value,
)
from .units import Item, leaves_nothing, packings, partition, sums, units, worth

SCHEMA = 1
#: CASINO-INSIST-3 [D]: captures beyond the maximal ones listed per hand card.
NON_MAXIMAL_CAP = 64
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


_CODE = attrgetter("code")


def _per_side(read: positions.Reader) -> positions.Reader:
    """One value per side (CASINO-PART-1: partners score together)."""

    def per(value: object, what: str, players: int) -> list[object]:
        sides = 2 if players == 4 else players
        if not isinstance(value, list) or len(value) != sides:
            raise ValueError(f"{what} needs one entry per side")
        return [read(v, what, players) for v in value]

    return per


#: A scored deal's record (``_score``), as ``history`` keeps it: the table's sheet and the
#: deal's banner read it (``positions.records`` checks each on load).
_RECORD: dict[str, positions.Reader] = {
    "sides": _per_side(positions.r_seats),
    "deal": positions.r_whole(1),
    "points": _per_side(positions.r_whole(0, 99)),
    "totals": _per_side(positions.r_whole(0)),  # (as the position's totals: no top)
    "left": positions.r_cards,
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
        if dealer is None:
            dealer = rng.randrange(n)  # CASINO-DEAL-1
        elif isinstance(dealer, bool) or not (isinstance(dealer, int) and 0 <= dealer < n):
            raise ValueError(f"dealer must be a seat from 0 to {n - 1}")
        st.dealer = dealer
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
_SA_5_HAND = "a pile card joins your build only with a card from your hand (CASINO-VAR-SA 5)"


# --- how events read (written only when something shows them) ---------------------------


def _means(seat: int | None, d: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} means to capture build {d['value']}"


def _pile_card(code: str, tops: Any) -> str:
    """A card of a step, ``[AC] ({P1}'s pile)`` when it was the top of a player's pile."""
    for s, top in tops:
        if top == code:
            return f"[{code}] ({{P{s}}}'s pile)"
    return f"[{code}]"


def _captures_words(seat: int | None, d: Mapping[str, Any]) -> str:
    tops = d.get("tops", ())
    taken = " ".join(_pile_card(c, tops) for c in d["cards"][1:])
    return f"{{P{seat}}} captures with [{d['cards'][0]}]: {taken}"


def _trails(seat: int | None, d: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} trails [{d['cards'][0]}]"


def _builds_words(seat: int | None, d: Mapping[str, Any]) -> str:
    """A build, raise or addition with the cards it used, as a capture names its cards: the
    card played from the hand after "with" (a free step has none), then the units it put
    in (``|`` between units), the hand card left out of them, a pile top with its pile:
    ``{P0} adds to build 10 with [2D]: [7H]+[AC] ({P1}'s pile) | [10C]``."""
    hand, tops = d.get("hand"), d.get("tops", ())
    with_ = f" with [{hand}]" if hand else ""
    units = ["+".join(_pile_card(c, tops) for c in u if c != hand) for u in d.get("units", ())]
    listed = " | ".join(u for u in units if u)
    listed = f": {listed}" if listed else ""
    who = f"{{P{seat}}}" + (f" for {{P{d['owner']}}}" if d.get("owner") is not None else "")
    grown = f" (now {d['size']} units)" if d.get("size", 1) > 1 else ""
    v = d["value"]
    if d["verb"] == "raises to":
        return f"{{P{seat}}} raises build {d['from']} to {v}{with_}{grown}"
    if d["verb"] == "builds":
        return f"{who} builds {v}{with_}{listed}{grown}"
    if d.get("base"):
        return f"{who} makes [{d['base']}] a base of {v}{with_}{listed}"
    return f"{{P{seat}}} adds to build {v}{with_}{listed}"


def _lets_go(seat: int | None, d: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} lets the capture go ahead"


def _asks_hold(seat: int | None, d: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} asks to hold build {d['value']}"


def _no_insist(seat: int | None, d: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} does not insist"


def _insists(seat: int | None, d: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} insists"


def _deals(seat: int | None, d: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} deals"


def _scored(seat: int | None, d: Mapping[str, Any]) -> str:
    sides = d.get("sides") or [[i] for i in range(len(d["points"]))]
    parts = [
        " and ".join(f"{{P{s}}}" for s in seats) + f" {p}"
        for seats, p in zip(sides, d["points"], strict=True)
    ]
    return f"Deal {d['deal']} scored: {', '.join(parts)}"


class CasinoState(State):
    """An African Casino position (see the module docstring)."""

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

    def restricted(self) -> bool:
        """CASINO-TWO-1: the first half of the two-player game; in the South African game
        always, except the second half of the two-player game."""
        if self.sa:
            return not (self.n == 2 and self.half == 2)
        return self.n == 2 and self.half == 1

    def owns(self, seat: int) -> list[Pile]:
        return [b for b in self.builds.values() if b.owner == seat]

    def proven(self, seat: int, value: int) -> bool:
        return (seat, ACE if value in (1, 14) else value) in self.proofs

    # --- the engine contract: queries -----------------------------------------------------

    def to_move(self) -> int | None:
        return self.turn

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[int]:
        return [self.totals[self.side(s)] for s in range(self.n)]

    def winners(self) -> list[int]:
        return list(self.winners_list)

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
        return {
            "game": self.game.id,
            "variant": self.variant,
            "options": dict(self.options),
            "players": self.n,
            "seat": seat,
            "phase": self.phase,
            "to_move": self.turn,
            "scores": self.scores(),
            "hand": [c.code for c in self.hands[seat]] if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "stock": len(self.stock),
            "dealer": self.dealer,
            "half": self.half,
            "loose": [c.code for c in self.loose],
            "builds": [
                {
                    "value": b.value,
                    "owner": b.owner,
                    "kind": "single" if b.single else "augmented",
                    "units": [[c.code for c in u] for u in b.units],
                }
                for _, b in sorted(self.builds.items())
            ],
            "pile_of": list(self.pile_of),
            "piles": [
                {"top": p[-1].code if p else None, "size": len(p), "cards": [c.code for c in p]}
                for p in self.piles
            ],
            "proofs": sorted([s, r] for s, r in self.proofs),
            "played": self.played is not None,
            "trailed": self.trailed.code if self.trailed else None,
            "held": self.held,
            "asking_about": self.ask_about or None,
            "deal_no": self.deal_no,
            "last_capturer": self.last_capturer,
            "totals": list(self.totals),
            "history": [dict(h) for h in self.history],
            "winners": list(self.winners_list),
        }

    def clone(self, rng: random.Random | None = None, *, events: bool = True) -> CasinoState:
        new = object.__new__(CasinoState)
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

    def sample_hidden(self, observer: int, rng: random.Random) -> CasinoState:
        from .sampling import sample_hidden

        return sample_hidden(self, observer, rng)

    def search_copy(self, observer: int, rng: random.Random) -> CasinoState:
        from .sampling import sample_hidden

        copy = sample_hidden(self, observer, rng, events=False)
        copy._search_copy = True
        return copy

    def clone_for_search(self, rng: random.Random) -> CasinoState:
        copy = self.clone(random.Random(rng.getrandbits(63)), events=False)
        copy._search_copy = True
        return copy

    # --- JSON ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            **positions.header(self, SCHEMA, self.n),
            **self._fields_json(),
            "events": [e.to_json() for e in self.events],
        }

    def _fields_json(self) -> dict[str, Any]:
        def codes(cs: Sequence[Card]) -> list[str]:
            return [c.code for c in cs]

        return {
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "phase": self.phase,
            "turn": self.turn,
            "half": self.half,
            "hands": [codes(h) for h in self.hands],
            "stock": codes(self.stock),
            "loose": codes(self.loose),
            "builds": [
                {"value": b.value, "owner": b.owner, "units": [codes(u) for u in b.units]}
                for _, b in sorted(self.builds.items())
            ],
            "piles": [codes(p) for p in self.piles],
            "last_capturer": self.last_capturer,
            "proofs": sorted([s, r] for s, r in self.proofs),
            "totals": list(self.totals),
            "history": [dict(h) for h in self.history],
            "winners": list(self.winners_list),
            "this_turn": {
                "played": self.played.code if self.played else None,
                "trailed": self.trailed.code if self.trailed else None,
                "aug_opp": self.aug_opp,
                "held": self.held,
                "pending": str(self.pending) if self.pending else None,
                "mover": self.mover,
                "asking": list(self.asking),
                "ask_about": self.ask_about,
                "comply": self.comply,
                "comply_card": self.comply_card.code if self.comply_card else None,
                "before_play": self.before_play._fields_json() if self.before_play else None,
            },
        }

    @classmethod
    def from_json(cls, game: AfricanCasino, data: Mapping[str, Any]) -> CasinoState:
        with positions.reading(game):
            head = positions.read_header(game, data, SCHEMA)
            st = cls(game, head.players, head.variant, head.options, head.rng)
            st._load_fields(data)
            positions.check_pack(st, head.players)
            st._check_consistent()
            st.events = positions.events(data.get("events", []), head.players)
        return st

    def _check_consistent(self) -> None:
        """What play could never reach, refused: a build whose owner lacks a capturing card
        for it (TAB-5; the player who has already played a card this turn excepted), a proof
        its player cannot back (PART-2), a hand or stock that does not fit the deal."""
        for s in range(self.n):
            if (s != self.mover or self.played is None) and not _match(
                [b.value for b in self.owns(s)], self.hands[s], self.ace_high
            ):
                raise ValueError(f"seat {s + 1} owns a build it holds no card to capture")
        for s, r in self.proofs:
            if not any(c.rank == r for c in self.hands[s]):
                raise ValueError(f"seat {s + 1} is proven to hold a {r} it does not hold")
        mover = self.mover if self.mover is not None else 0
        if self.phase != "over" and self.played is None and not self.hands[mover]:
            raise ValueError("the player to move has no card to play")
        self._check_deal()
        aug = self.aug_opp
        if aug is not None and (aug not in self.builds or self.team(self.builds[aug].owner, mover)):
            raise ValueError(f"the build augmented this turn, B{aug}, is no opponent's build")
        if self.phase != "over" and not self.legal_actions():  # (the rest, caught whole)
            raise ValueError("the player to move would have no legal step")

    def _check_deal(self) -> None:
        """The cards as the deal and the turns leave them. The stock holds exactly what the
        deal left (CASINO-DEAL-2/3, VAR-SA 2): the rest of the pack in the first half of the
        two-player game, to be dealt whole as the second; nothing otherwise. And the hands
        hold what was dealt less a card for each turn played (CASINO-TURN-1), in playing
        order from the first player (DEAL-2): those before the mover, and the mover once
        he has played, one card fewer than the rest."""
        n = self.n
        layout, each = DEALT[self.short][n]
        if self.half == 2 and n != 2:
            raise ValueError("only the two-player game has a second half (CASINO-DEAL-3)")
        rest = len(self.game.full_pack(n, self.options, self.variant)) - layout - each * n
        if len(self.stock) != (rest if self.half == 1 and self.phase != "over" else 0):
            raise ValueError(
                f"the stock holds {len(self.stock)} cards: not what the deal left (CASINO-DEAL-3)"
            )
        if self.phase == "over":
            return
        first = (self.dealer + 1) % n
        mover = self.mover if self.mover is not None else first
        at = (mover - first) % n
        dealt = {
            len(self.hands[s]) + ((s - first) % n < at or (s == mover and self.played is not None))
            for s in range(n)
        }
        if len(dealt) != 1 or dealt.pop() > each:
            raise ValueError(
                "the hands do not fit the deal and the turns played since (CASINO-TURN-1)"
            )

    def _load_fields(self, data: Mapping[str, Any]) -> None:
        """The game's own fields, each checked (``ValueError`` says what is wrong)."""
        n = self.n
        seat_of, whole, cards = positions.seat, positions.whole, positions.cards
        self.deal_no = whole(data["deal_no"], "deal_no", 1)
        self.dealer = seat_of(data["dealer"], n, "dealer")
        self.phase = str(data["phase"])
        if self.phase not in ("play", "hold", "insist", "over"):
            raise ValueError(f"unknown phase {positions.text(self.phase)}")
        turn = data["turn"]
        self.turn = None if turn is None else seat_of(turn, n, "turn")
        if (self.turn is None) != (self.phase == "over"):
            raise ValueError("only a finished game has nobody to move")
        self.half = whole(data["half"], "half", 1, 2)
        self.hands = positions.per_seat(data["hands"], n, "hands")
        self.stock = cards(data["stock"], "stock")
        self.loose = cards(data["loose"], "loose")
        self.builds = {}
        for b in data["builds"]:
            v = whole(b["value"], "a build's value", 1, self.top_value)
            if v in self.builds:
                raise ValueError(f"two builds of {v} (CASINO-TAB-4)")
            units = [tuple(cards(u, "a build's unit")) for u in b["units"]]
            for u in units:
                ok = (len(u) == 1 and worth(u[0], v, self.ace_high)) or (
                    len(u) > 1 and sum(set_value(c) for c in u) == v
                )
                if not ok:
                    raise ValueError(f"a unit of B{v} is not worth {v}")
            if not units:
                raise ValueError(f"B{v} has no cards")
            self.builds[v] = Pile(v, seat_of(b["owner"], n, "a build's owner"), units)
        piles = data["piles"]
        if not isinstance(piles, list) or len(piles) != len(self.piles):
            raise ValueError(f"piles needs {len(self.piles)} lists")
        self.piles = [cards(p, "a pile") for p in piles]
        last = data["last_capturer"]
        self.last_capturer = None if last is None else seat_of(last, n, "last_capturer")
        self.proofs = set()
        for item in data["proofs"]:
            s, r = item
            self.proofs.add((seat_of(s, n, "a proof's seat"), whole(r, "a proof's rank", 2, 14)))
        totals = data["totals"]
        if not isinstance(totals, list) or len(totals) != self.sides:
            raise ValueError(f"totals needs {self.sides} numbers")
        self.totals = [whole(t, "a total", 0) for t in totals]
        self.history = positions.records(data["history"], "deal", _RECORD, n)
        positions.numbered(self.history, "deal", self.deal_no - (self.phase != "over"))
        self.winners_list = [seat_of(w, n, "a winner") for w in data["winners"]]
        t = data["this_turn"]
        code = lambda x: None if x is None else Card.parse(str(x))  # noqa: E731
        self._new_turn()
        self.played = code(t["played"])
        self.trailed = code(t["trailed"])
        if self.trailed is not None and self.trailed not in self.loose:
            raise ValueError("the card trailed this turn is not on the layout")
        self.aug_opp = None if t["aug_opp"] is None else whole(t["aug_opp"], "aug_opp", 1, 14)
        self.held = None if t["held"] is None else whole(t["held"], "held", 1, 14)
        self.mover = seat_of(t["mover"], n, "mover") if t["mover"] is not None else self.turn
        self.asking = [seat_of(s, n, "asking") for s in t["asking"]]
        self.ask_about = str(t["ask_about"])
        self.comply = str(t["comply"])
        self.comply_card = code(t["comply_card"])
        if self.comply not in ("", "capture", "additions"):
            raise ValueError(f"what an insist demands is capture or additions, not {self.comply!r}")
        if (self.comply == "capture") != (self.comply_card is not None):
            raise ValueError("an insisted capture names the card it is made with (INSIST-3)")
        if self.comply == "capture" and self.held is not None:
            raise ValueError("a hold cannot stand against an insisted capture (INSIST-3)")
        card, mover = self.comply_card, self.mover
        if card is not None and (mover is None or card not in self.hands[mover]):
            raise ValueError("the mover does not hold the card an insisted capture is made with")
        if t["pending"] is not None:
            saved_turn = self.turn
            self.turn = self.mover
            pending = self._complete(parse_action(str(t["pending"])))
            self.turn = saved_turn
            if not isinstance(pending, Capture):
                raise ValueError("the pending step must be a capture")
            self.pending = pending
        if t["before_play"] is not None:
            before = CasinoState(self.game, n, self.variant, self.options, self.rng)
            before._load_fields({**t["before_play"]})
            positions.check_pack(before, n)  # the position an insist takes play back to
            before._check_consistent()
            self.before_play = before
        self._check_prompt()
        self._legal = None

    def _check_prompt(self) -> None:
        """A prompt as ``_ask`` and a partner's hold leave it (``_load_fields``): about a
        capture (a hold) or the play or the additions (an insist); a hold is answered by the
        mover's partner (CASINO-PART-4), an insist by the mover's opponents
        (INSIST-3), and an insist on the play has the position it takes play back to, in
        which the mover still held the card played. A hold granted (``held``) is on the
        build of the capture it was asked about, which waits for the mover."""
        if self.held is not None and (self.pending is None or self.pending.value != self.held):
            raise ValueError("a hold needs the capture of that build it was asked about")
        if self.phase == "hold" and self.pending is None:
            raise ValueError("a hold prompt needs the capture it is about")
        if self.pending is not None and self.played is not None:
            raise ValueError("a hold is asked before the mover plays (CASINO-PART-4)")
        if self.phase == "insist" and self.ask_about not in ("play", "additions"):
            raise ValueError("an insist prompt needs what it is about")
        if self.phase == "insist" and (self.played is None or self.insist != "ask"):
            raise ValueError("opponents are asked to insist after the play (INSIST-3 ask)")
        if self.phase == "play" and self.turn != self.mover:
            raise ValueError("in the play the seat to move is the mover")
        if self.trailed is not None and self.trailed != self.played:
            raise ValueError("the card trailed this turn is the card played (CASINO-TURN-3)")
        if self.played is not None and any(self.played in h for h in self.hands):
            raise ValueError("the card played this turn is still in a hand")
        if self.phase not in ("hold", "insist"):
            return
        mover, turn = self.mover, self.turn
        assert mover is not None and turn is not None  # (a prompt's phase has a turn)
        asked = [turn, *self.asking]
        if self.phase == "hold":
            if turn == mover or not self.team(turn, mover):
                raise ValueError("a hold prompt is answered by the mover's partner")
        elif any(self.team(s, mover) for s in asked):
            raise ValueError("an insist prompt is answered by the mover's opponents")
        if self.ask_about == "additions" and not self._additions(mover):
            raise ValueError("an insist on additions needs one still possible (CASINO-INSIST-1)")
        if self.phase == "insist" and self.ask_about == "play":
            # the position an insist takes play back to is this one before the play: the
            # same hands, the mover's with the card he played (INSIST-3)
            before = self.before_play
            assert self.played is not None
            held = [*self.hands[mover], self.played]
            if before is None or any(
                sorted(before.hands[s], key=_CODE) != sorted(held if s == mover else h, key=_CODE)
                for s, h in enumerate(self.hands)
            ):
                raise ValueError("an insist on the play needs the position before the play")

    # --- the turn's own facts -------------------------------------------------------------

    def _new_turn(self) -> None:
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

    # --- legal steps ----------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        if self.turn is None or (seat is not None and seat != self.turn):
            return []
        if self._legal is None:
            self._legal = list(self._steps())
        return self._legal

    def _steps(self) -> Iterator[Action]:
        if self.phase == "hold":
            partner = self.turn
            assert partner is not None and self.pending is not None
            yield PASS
            # the partner would own the build: a card to capture it, and a different one for
            # each other build it owns (TAB-5: one ace cannot keep both B1 and B14)
            value = self.pending.value
            values = [b.value for b in self.owns(partner)]
            if value not in values:
                values.append(value)
            if _match(values, self.hands[partner], self.ace_high):
                yield HOLD[value]
            return
        if self.phase == "insist":
            yield PASS
            yield INSIST
            return
        seat = self.turn
        assert seat is not None
        if self.held is not None:  # PART-4: the mover confirms the capture, or adds
            assert self.pending is not None
            yield self.pending
            add = Add(self.held, [Unit([], self.pending.card)])
            if self._why_not(add) is None:
                yield add
            return
        seen: set[object] = set()
        mine = [b.value for b in self.owns(seat)]
        restricted = self.restricted()
        for a in self._candidates(seat):
            if type(a) is Capture:  # only captures come twice (an ace's two values...)
                key = a.key
                if key in seen:
                    continue
                seen.add(key)
            if self._quick_why_not(a, seat, mine, restricted) is None:
                yield a
        if self.played is not None and self._end_refusal(seat) is None:
            yield END

    def _candidates(self, seat: int) -> Iterator[Action]:
        """Every step worth checking, structurally well formed; ``_why_not`` decides."""
        hand = self.hands[seat]
        free_loose = [c for c in self.loose if c is not self.trailed]
        if self.comply == "capture":  # INSIST-3: a maximal capture with the challenged card
            assert self.comply_card is not None
            yield from self._captures(seat, self.comply_card, maximal_only=True)
            return
        if self.comply == "additions":  # INSIST-1: only additions to the side's builds
            for add in self._adds(seat, free_loose, None):
                if add.base is None and self.team(self.builds[add.value].owner, seat):
                    yield add
            return
        targets = self._add_targets(seat, free_loose)
        table = sums(tuple(free_loose))
        owns = self._owner_test(seat)
        if self.played is None:
            memo: dict[int, tuple[bool, list[Opt], list[Opt]]] = {}
            for card in hand:
                yield from self._captures(seat, card, self.insist == "always", memo)
            builds = self.builds
            top = self.top_value
            raisable = [
                b.value
                for _, b in sorted(builds.items())
                if b.single and not self.team(b.owner, seat)
            ]
            for card in hand:
                yield from self._builds(seat, table, card, owns)
                for v in raisable:
                    new = v + set_value(card)
                    if new <= top and owns(new, card, raised=True):
                        yield Raise(v, card)
                yield from self._adds_to(targets, seat, card, owns)
            for card in hand:
                yield Trail(card)
        yield from self._builds(seat, table, None, owns)
        yield from self._adds_to(targets, seat, None, owns)

    def _owner_test(self, seat: int) -> Callable[..., bool]:
        """The first test a new set of value v meets, as ``_quick_why_not`` makes it, for
        a whole listing at once: an opponent's build of v forbids it (TAB-4, RAISE-3);
        otherwise ``seat`` must keep a card that captures v (BUILD-2, RAISE-1), unless the
        side's build of v is a proven partner's. Steps that fail it are never made."""
        counts: dict[int, int] = {}
        ace_high = self.ace_high
        for c in self.hands[seat]:
            for v in (
                (1, 14) if c.rank == ACE and ace_high else (1,) if c.rank == ACE else (c.rank,)
            ):
                counts[v] = counts.get(v, 0) + 1
        builds = self.builds

        def owns(v: int, used: Card | None, raised: bool = False) -> bool:
            n = counts.get(v, 0)
            if used is not None and worth(used, v, ace_high):
                n -= 1
            old = builds.get(v)
            if old is None:
                return n > 0
            if not self.team(old.owner, seat):
                return False
            return n > 0 or (not raised and old.owner != seat and self.proven(old.owner, v))

        return owns

    def _capture_units(self, seat: int, v: int) -> list[tuple[Item, ...]]:
        """The targets a card of value ``v`` could take: loose cards and sums of them, and
        in the South African game opponents' pile tops too (VAR-SA 4)."""
        loose = tuple(c for c in self.loose if c is not self.trailed)
        tops: tuple[Item, ...] = ()
        if self.sa:
            tops = tuple((self.piles[self.pile_of[s]][-1], s) for s in self.usable_piles(seat))
        return units(loose, v, self.ace_high, tops)

    def _captures(
        self,
        seat: int,
        card: Card,
        maximal_only: bool,
        memo: dict[int, tuple[bool, list[Opt], list[Opt]]] | None = None,
    ) -> Iterator[Capture]:
        """CASINO-CAP-1: for each value the card may count, distinct sets of targets: the
        maximal ones (nothing of the value left behind), then others (CAP-4, INSIST-3),
        each at most ``units.MAXIMAL_CAP`` / ``OTHER_CAP``. ``memo`` keeps the packings of
        each value for the other hand cards of a listing."""
        if card.rank == ACE:
            values = [1, 14] if self.ace_high else [1]
        else:
            values = [card.rank]
        for v in values:
            known = memo.get(v) if memo is not None else None
            if known is None:
                found = self._capture_units(seat, v)
                maximal, rest = packings(found)
                if not maximal and not found:
                    maximal = [()]
                known = (v in self.builds, maximal, rest)
                if memo is not None:
                    memo[v] = known
            has_build, maximal, rest = known
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
                    yield _capture(card, v, True, o)
            else:
                for o in rest:
                    yield _capture(card, v, False, o)

    def _maximal(self, seat: int, act: Capture) -> bool:
        """INSIST-2: the capture leaves nothing of its value that it could also take."""
        if act.value in self.builds and not act.build:
            return False
        taken = frozenset(
            [
                *((c, None) for c in act.loose),
                *((self.piles[self.pile_of[s]][-1], s) for s in act.tops),
            ]
        )
        return leaves_nothing(taken, self._capture_units(seat, act.value))

    def _builds(
        self,
        seat: int,
        table: dict[int, tuple[tuple[Card, ...], ...]],
        card: Card | None,
        owns: Callable[..., bool],
    ) -> Iterator[Build]:
        """CASINO-BUILD-1: sets of loose cards (with ``card`` from the hand, if given) of
        two cards at least, worth 2 to the highest value, read off the layout's ``table``
        of sums; those of a value ``seat`` may not own (``owns``) only when a proven
        partner may."""
        top = self.top_value
        partner = self.partner(seat)
        add = 0 if card is None else set_value(card)
        for total, sets in table.items():
            v = total + add
            if v > top or v < 2:
                continue
            mine = owns(v, card)
            theirs = partner is not None and self.proven(partner, v)
            if not mine and not theirs:
                continue
            for cards in sets:
                if card is None and len(cards) < 2:
                    continue
                if mine:
                    yield Build(v, cards, card)
                if theirs:
                    yield Build(v, cards, card, owner=partner)

    def _adds(self, seat: int, loose: list[Card], card: Card | None) -> Iterator[Add]:
        """CASINO-AUG: one unit to a build, or to a loose card as its base."""
        return self._adds_to(self._add_targets(seat, loose), seat, card, self._owner_test(seat))

    def _add_targets(self, seat: int, loose: list[Card], bases: bool = True) -> list[_Target]:
        """What a unit may go onto, worked out once for every hand card: each build, then
        (with ``bases``) each loose card as a base (an ace as 1 and, ace high, as 14), with
        the sums of the other loose cards and the pile tops that may join a unit there."""
        builds = self.builds
        table = sums(tuple(loose))
        tops = tuple((self.piles[self.pile_of[s]][-1], s) for s in self.usable_piles(seat))
        subsets = _top_subsets(tops)
        plain = _NO_TOPS
        out: list[_Target] = []
        for v in sorted(builds):
            allowed = not self.sa or builds[v].owner == seat
            out.append((v, None, loose, table, subsets if allowed else plain))
        ace_high = self.ace_high
        for c in loose if bases else ():
            rest: list[Card] | None = None
            for v in [1, 14] if c.rank == ACE and ace_high else [set_value(c)]:
                if v in builds:
                    continue
                if rest is None:
                    rest = [x for x in loose if x is not c]
                    rest_table = sums(tuple(rest))
                out.append((v, c, rest, rest_table, plain if self.sa else subsets))
        return out

    def _adds_to(
        self, targets: list[_Target], seat: int, card: Card | None, owns: Callable[..., bool]
    ) -> Iterator[Add]:
        """The additions onto ``targets``: with ``card`` from the hand in every unit, or,
        for ``None``, free ones of loose cards and pile tops only. A unit is one card worth
        the value, or cards adding up to it (aces 1), as ``units.units`` lists them. Never
        made: a hand card's unit for an opponent's build (AUG-5), and a new build on a base
        that ``seat`` may not own (``owns``) unless for a proven partner."""
        partner = self.partner(seat)
        ace_high = self.ace_high
        proofs = self.proofs
        builds = self.builds
        hv = 0 if card is None else set_value(card)
        for v, base, others, table, subsets in targets:
            both = (
                base is not None
                and partner is not None
                and (partner, ACE if v in (1, 14) else v) in proofs
            )
            if base is None:
                mine = card is None or self.team(builds[v].owner, seat)
            else:
                mine = owns(v, card)
            if not mine and not both:
                continue
            found: list[Unit] = []
            if card is None:
                for c in others:
                    if worth(c, v, ace_high):
                        found.append(Unit((c,)))
                for cards in table.get(v, ()):
                    if len(cards) >= 2:
                        found.append(Unit(cards))
            for tsum, seats, tcards in subsets:
                n = len(seats) + (card is not None)
                if not n:
                    continue
                need = v - tsum - hv
                if (need == 0 and n >= 2) or (
                    n == 1 and worth(card if card is not None else tcards[0], v, ace_high)
                ):
                    found.append(Unit((), card, seats))
                if need > 0:
                    for cards in table.get(need, ()):
                        found.append(Unit(cards, card, seats))
            for unit in found:
                if mine:
                    yield Add(v, [unit], base)
                if both:
                    yield Add(v, [unit], base, owner=partner)

    # --- checking a step ------------------------------------------------------------------

    def _why_not(self, act: Action) -> str | None:
        """Why ``act`` is refused now (the rule in words), or None when it is legal."""
        seat = self.turn
        assert seat is not None
        try:
            after = self.clone(self.rng, events=False)  # a step never draws from it
            after._do(act, seat)
        except IllegalAction as e:
            return e.reason
        return after._cannot_end(seat)

    def _quick_why_not(
        self,
        act: Action,
        seat: int,
        owned: list[int] | None = None,
        restricted: bool | None = None,
    ) -> str | None:
        """``_why_not`` for a step this state generated itself (well formed: its cards are
        where it says, its sums right), worked out from the few facts a step changes instead
        of on a copy: the builds ``seat`` owns, the opponent build it added to, its hand.
        ``tests/rules/test_african_casino_checks.py`` holds it to ``_why_not`` on random
        positions. ``owned`` (the values of the builds ``seat`` owns) and ``restricted``
        may be given, worked out once for a whole listing."""
        hand = self.hands[seat]
        played = self.played
        aug = self.aug_opp
        mine = [b.value for b in self.owns(seat)] if owned is None else owned[:]
        if restricted is None:
            restricted = self.restricted()
        used: Card | None = None
        new_owner: int | None = None  # who a new build (or a raise) gives one more to
        if isinstance(act, Capture):
            used = act.card
            if act.build:
                if act.value in mine:
                    mine.remove(act.value)
                if aug == act.value:
                    aug = None
        elif isinstance(act, Trail):
            used = act.card
            if restricted and mine and played is None:
                return "while you own a build you may not trail now (CASINO-TWO-1)"
            if self.insist == "always" and self._can_capture(seat, act.card):
                return "that card can capture: you must capture with it (CASINO-INSIST-3)"
        elif isinstance(act, Raise):
            b = self.builds[act.value]
            if self.team(b.owner, seat):
                return "you raise only an opponent's build (CASINO-RAISE-1, PART-3)"
            if not b.single:
                return "an augmented build can never be raised (CASINO-RAISE-4)"
            new = act.value + set_value(act.card)
            if new > self.top_value:
                return f"a build is worth at most {self.top_value} (CASINO-RAISE-1)"
            used = act.card
            rest = list(hand)
            rest.remove(used)
            if not any(worth(c, new, self.ace_high) for c in rest):
                return _raise_1(new)
            old = self.builds.get(new)
            if old is not None:
                if not self.team(old.owner, seat):
                    return f"an opponent owns a build of {new} already (CASINO-RAISE-3)"
            else:
                mine.append(new)
                new_owner = seat
        elif isinstance(act, (Build, Add)):
            v = act.value
            used = act.hand
            rest = list(hand)
            if used is not None:
                rest.remove(used)
            old = self.builds.get(v)
            if isinstance(act, Add) and act.base is None:
                assert old is not None
                if not self.team(old.owner, seat):
                    if used is not None:
                        return (
                            "to an opponent's build you add only loose cards and pile tops,"
                            " and capture it with your play (CASINO-AUG-5)"
                        )
                    if aug is not None and aug != v:
                        return "you may add to only one opponent's build a turn"
                    if played is not None:
                        return _AUG_5_BEFORE
                    aug = v
                if self.sa and act.units[0].tops and used is None and played is None:
                    return _SA_5_HAND
                if self.held == v and used is not None and v in mine:
                    mine.remove(v)  # PART-4: the partner owns it now
            elif old is not None:  # a build merged into the side's build of its value
                if not self.team(old.owner, seat):
                    return f"an opponent owns a build of {v} already (CASINO-TAB-4)"
                if not any(worth(c, v, self.ace_high) for c in rest) and not (
                    old.owner != seat and self.proven(old.owner, v)
                ):
                    return _build_2(v)
            else:  # a new build (or base): who owns it
                owner = act.owner
                if owner is None:
                    if not any(worth(c, v, self.ace_high) for c in rest):
                        return _build_2(v)
                    mine.append(v)
                    new_owner = seat
                else:
                    if owner != self.partner(seat) or not self.proven(owner, v):
                        return (
                            "you may build for your partner only when they are proven to hold"
                            " that rank (CASINO-PART-2)"
                        )
                    if v in (1, 14) and any(b.value in (1, 14) for b in self.owns(owner)):
                        return "one proven ace cannot cover two builds (CASINO-PART-2)"
                    new_owner = owner
        else:
            return self._why_not(act)
        if restricted and new_owner is not None and self.owns(new_owner):
            return "in this phase a player may own only one build (CASINO-TWO-1)"
        if used is not None and played is not None:
            return "you have played your card this turn (CASINO-TURN-1)"
        now_played = played is not None or used is not None
        need = mine
        if now_played:
            if aug is not None:
                return (
                    "an opponent's build you added to must be captured by your play (CASINO-AUG-5)"
                )
        elif aug is not None:
            need = [*mine, aug]
        if not need:
            return None
        if not _keeps(tuple(need), tuple(hand), used, self.ace_high):
            if not now_played and aug is not None:
                return "you must still hold a card to capture that build with (CASINO-AUG-5)"
            return (
                "you must keep a different card to capture each build you own, and may never"
                " abandon one (CASINO-TAB-5)"
            )
        return None

    def _cannot_end(self, seat: int) -> str | None:
        """CASINO-TURN-6: why the turn, as it now stands, could no longer end."""
        if self.restricted():
            for s in range(self.n):
                if len(self.owns(s)) > 1:
                    return "in this phase a player may own only one build (CASINO-TWO-1)"
        need = list(self.owns(seat))
        if self.played is None:
            if self.aug_opp is not None:
                need.append(self.builds[self.aug_opp])
        elif self.aug_opp is not None:
            return "an opponent's build you added to must be captured by your play (CASINO-AUG-5)"
        if not _match([b.value for b in need], self.hands[seat], self.ace_high):
            if self.played is None and self.aug_opp is not None:
                return "you must still hold a card to capture that build with (CASINO-AUG-5)"
            return (
                "you must keep a different card to capture each build you own, and may never"
                " abandon one (CASINO-TAB-5)"
            )
        return None

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
            self.events.append(
                Event(
                    "ask",
                    turn,
                    _means,
                    {"value": act.value},
                )
            )
        else:
            self._step(act, turn)  # leaves the next steps listed when it worked them out
        return self.events[mark:]

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
        if self.insist == "ask" and _uses_hand(act) and self._challengeable(act, seat, self):
            before = self.clone(self.rng, events=False)  # restored with the live generator
        self._do(act, seat)
        self._legal = None
        if self.held is not None and _uses_hand(act):
            self.held = None
            self.pending = None
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
            if len(legal) == 1 and legal[0] is END:
                self._finish_turn(seat)
                self._legal = None

    def _allowed(self, act: Action) -> bool:
        """Listed, or one of the steps that are accepted as text but not listed: an addition
        of several units, a capture beyond the listed ones (§18)."""
        legal = self.legal_actions()
        for a in legal:  # the listed object itself: no comparison of keys
            if a is act:
                return True
        if act in legal:
            return True
        if self.phase != "play" or self.held is not None:
            return False
        if self.comply == "capture" and not (
            isinstance(act, Capture) and act.card is self.comply_card
        ):
            return False
        if isinstance(act, Add) and len(act.units) > 1:
            return self._why_not(act) is None
        if isinstance(act, Capture) and self.played is None:
            demanded = self.insist == "always" or self.comply == "capture"
            if demanded and not self._maximal(self.turn or 0, act):
                return False
            return self._why_not(act) is None
        return False

    def _refusal(self, act: Action) -> str:
        if self.phase in ("hold", "insist"):
            return "answer first: " + " or ".join(str(a) for a in self.legal_actions())
        if self.held is not None:
            return "your partner asked you to hold: capture anyway, or add your card to the build"
        if isinstance(act, Word) and act.word == "end" and self.played is None:
            return "play a card from your hand first (CASINO-TURN-1)"
        reason = self._why_not(act)
        if reason is None:  # well formed, but a step the current demand does not allow
            if self.comply == "capture":
                return "an opponent insisted: capture everything you can with that card"
            if self.comply == "additions":
                return "an opponent insisted: add what you can to your side's builds"
            if self.insist == "always" and isinstance(act, Capture):
                return "you must capture everything you can with that card (CASINO-INSIST-3)"
            return "that step is not possible now"
        return reason

    def _complete(self, act: Action) -> Action:
        """A step read from text made whole: which card is the hand's, an ace's value."""
        if not isinstance(act, Partial):
            return act
        f = act.fields
        seat = self.turn
        assert seat is not None
        hand = self.hands[seat]
        if act.verb == "build":
            cards = list(f["cards"])  # type: ignore[call-overload]
            from_hand = [c for c in cards if c in hand]
            if len(from_hand) > 1:
                raise IllegalAction(
                    "a build takes at most one card from your hand (CASINO-BUILD-1)"
                )
            h = from_hand[0] if from_hand else None
            return Build(
                int(f["value"]),  # type: ignore[call-overload]
                [c for c in cards if c is not h],
                h,
                f["owner"],  # type: ignore[arg-type]
            )
        if act.verb == "capture":
            card = f["card"]
            assert isinstance(card, Card)
            value = f["value"]
            if value is None:
                value = 14 if card.rank == ACE and self.ace_high else set_value(card)
                if card.rank == ACE and not f["build"]:
                    groups = f["groups"]
                    if any(len(cs) + len(ts) > 1 for cs, ts in groups):  # type: ignore[attr-defined]
                        value = 14
            groups = [
                (cs, [self._top_seat(t) for t in ts])
                for cs, ts in f["groups"]  # type: ignore[attr-defined]
            ]
            return Capture(card, int(value), bool(f["build"]), groups)
        units = []
        for cs, ts in f["units"]:  # type: ignore[attr-defined]
            from_hand = [c for c in cs if c in hand]
            h = from_hand[0] if len(from_hand) == 1 else None
            if len(from_hand) > 1:
                raise IllegalAction("a unit takes at most one card from your hand (CASINO-AUG-2)")
            units.append(Unit([c for c in cs if c is not h], h, [self._top_seat(t) for t in ts]))
        base = f.get("base")
        value = f["value"]
        if isinstance(base, Card) and value is None:
            value = 14 if base.rank == ACE and self.ace_high else set_value(base)
        return Add(int(value), units, base if isinstance(base, Card) else None, f["owner"])  # type: ignore[call-overload, arg-type]

    def _top_seat(self, seat: int) -> int:
        if not 0 <= seat < self.n:
            raise IllegalAction(f"there is no seat P{seat + 1}")
        return seat

    def _do(self, act: Action, seat: int) -> None:
        """Carry out ``act`` for ``seat``, refusing what breaks a rule of the step itself
        (not whether the turn can still end: ``_cannot_end``). Leaves the state half-changed
        when it refuses: callers work on a copy."""
        if isinstance(act, Word):
            self._word(act, seat)
            return
        if self.phase != "play":
            raise IllegalAction(
                "answer first: pass or " + ("hold" if self.phase == "hold" else "insist")
            )
        if isinstance(act, Capture):
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
        if self.played is not None:
            raise IllegalAction("you have played your card this turn (CASINO-TURN-1)")
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
            for t in ts:
                items.append((self._take_top(seat, t), t))
        if items and partition(items, v, self.ace_high) is None:
            raise IllegalAction(f"those cards do not make units of {v} (CASINO-CAP-1)")
        taken += [c for c, _ in items]
        if self.sa:  # VAR-SA 7: numerical order, lowest uppermost
            batch = sorted([*taken, card], key=order_key, reverse=True)
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
        self.events.append(Event("capture", seat, _captures_words, data))

    def _check_value(self, v: int) -> None:
        if not 1 <= v <= self.top_value:
            raise IllegalAction(f"builds are worth 1 to {self.top_value}")

    def _holds_for(self, seat: int, v: int) -> bool:
        return any(worth(c, v, self.ace_high) for c in self.hands[seat])

    def _owner_for(self, seat: int, v: int, owner: int | None) -> int:
        """Who owns a new build of ``v`` that ``seat`` makes: himself (and he must hold a
        capturing card, CASINO-BUILD-2), or a proven partner (CASINO-PART-2)."""
        if owner is None or owner == seat:
            if not self._holds_for(seat, v):
                raise IllegalAction(_build_2(v))
            return seat
        if owner != self.partner(seat) or not self.proven(owner, v):
            raise IllegalAction(
                "you may build for your partner only when they are proven to hold that rank"
                " (CASINO-PART-2)"
            )
        if v in (1, 14) and any(b.value in (1, 14) for b in self.owns(owner)):
            raise IllegalAction("one proven ace cannot cover two builds (CASINO-PART-2)")
        return owner

    def _new_unit(self, seat: int, v: int, unit: tuple[Card, ...], owner: int | None) -> None:
        """A new set of ``v``: a build of its own, or a unit of the side's build of that value
        (merge, CASINO-BUILD-5); an opponent's build of that value forbids it (TAB-4)."""
        old = self.builds.get(v)
        if old is not None:
            if not self.team(old.owner, seat):
                raise IllegalAction(f"an opponent owns a build of {v} already (CASINO-TAB-4)")
            if not self._holds_for(seat, v) and not (
                old.owner != seat and self.proven(old.owner, v)
            ):
                raise IllegalAction(_build_2(v))
            old.units.append(unit)
            return
        self.builds[v] = Pile(v, self._owner_for(seat, v, owner), [unit])

    def _build(self, act: Build, seat: int) -> None:
        """CASINO-BUILD-1..5."""
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
        if old is not None:
            if not self.team(old.owner, seat):
                raise IllegalAction(f"an opponent owns a build of {new} already (CASINO-RAISE-3)")
            old.units.append(unit)  # merge: the existing owner keeps it
        else:
            self.builds[new] = Pile(new, seat, [unit])
        self._log_build(seat, "raises to", new, act.card, ((act.card,),), old=act.value)

    def _add(self, act: Add, seat: int) -> None:
        """CASINO-AUG-1..6, PILE-1..3, VAR-SA 5."""
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
        units: list[tuple[Card, ...]] = []
        used_tops: list[tuple[int, Card]] = []
        for u in act.units:
            self._take_loose(u.loose)
            if u.hand is not None:
                self._use_hand(seat, u.hand)
            tops = []
            if u.tops:
                if self.sa and (act.base is not None or build is None or build.owner != seat):
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
            units.append(cards)
            used_tops += zip(u.tops, tops, strict=True)
        if self.sa and any(u.tops for u in act.units) and self.played is None:
            raise IllegalAction(_SA_5_HAND)
        if act.base is not None:
            owner = self._owner_for(seat, v, act.owner)
            self.builds[v] = Pile(v, owner, [(act.base,), *units])
        else:
            assert build is not None
            if act.owner is not None:
                raise IllegalAction("`for` names the owner of a new build only")
            if not self.team(build.owner, seat):
                if hands_used:
                    raise IllegalAction(
                        "to an opponent's build you add only loose cards and pile tops, and"
                        " capture it with your play (CASINO-AUG-5)"
                    )
                if self.aug_opp is not None and self.aug_opp != v:
                    raise IllegalAction("you may add to only one opponent's build a turn")
                if self.played is not None:
                    raise IllegalAction(_AUG_5_BEFORE)
                self.aug_opp = v
            if self.held == v and hands_used and self.pending is not None:
                partner = self.partner(seat)
                assert partner is not None
                build.owner = partner  # PART-4: the partner who asked owns it now
            build.units += units
        self._log_build(
            seat,
            "adds to",
            v,
            hands_used[0] if hands_used else None,
            units,
            used_tops,
            base=act.base,
            owner=act.owner,
        )

    def _trail(self, act: Trail, seat: int) -> None:
        """CASINO-TRAIL-1, TWO-1, INSIST-3 ``always``."""
        card = act.card
        if self.restricted() and self.owns(seat) and self.played is None:
            raise IllegalAction("while you own a build you may not trail now (CASINO-TWO-1)")
        if self.insist == "always" and self._can_capture(seat, card):
            raise IllegalAction("that card can capture: you must capture with it (CASINO-INSIST-3)")
        self._use_hand(seat, card)
        self.loose.append(card)
        self.trailed = card
        self.events.append(Event("trail", seat, _trails, {"cards": [card.code]}))

    def _can_capture(self, seat: int, card: Card) -> bool:
        if card.rank == ACE:
            values = [1, 14] if self.ace_high else [1]
        else:
            values = [card.rank]
        return any(v in self.builds or self._capture_units(seat, v) for v in values)

    def _log_build(
        self,
        seat: int,
        verb: str,
        v: int,
        hand: Card | None,
        units: Sequence[tuple[Card, ...]],
        tops: Sequence[tuple[int, Card]] = (),
        *,
        base: Card | None = None,
        owner: int | None = None,
        old: int | None = None,
    ) -> None:
        """The log's line for a build, raise or addition (``_builds_words``): the build's
        cards now, and what this step put in: the hand card (None: a free step), the units,
        the pile tops among them (seat, card), a base, the owner it was made for, the value
        raised from, and how many units the build has now (a merge)."""
        b = self.builds.get(v)
        data: dict[str, Any] = {
            "value": v,
            "verb": verb,
            "cards": [c.code for c in b.cards()] if b else [],
            "hand": hand.code if hand is not None else None,
            "units": [[c.code for c in u] for u in units],
            "size": len(b.units) if b else 0,
        }
        if tops:
            data["tops"] = [[s, c.code] for s, c in tops]
        if base is not None:
            data["base"] = base.code
        if owner is not None and owner != seat:
            data["owner"] = owner
        if old is not None:
            data["from"] = old
        self.events.append(Event("build", seat, _builds_words, data))

    def _word(self, act: Word, seat: int) -> None:
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
        loose = [c for c in self.loose if c is not self.trailed]
        targets = self._add_targets(seat, loose, bases=False)
        for a in self._adds_to(targets, seat, None, self._owner_test(seat)):
            if self.team(self.builds[a.value].owner, seat) and self._quick_why_not(a, seat) is None:
                return True
        return False

    # --- after a step: reactions, the end of the turn, the deal ---------------------------

    def _challengeable(self, act: Action, seat: int, before: CasinoState) -> bool:
        """CASINO-INSIST-2: a capture that left a target of its value, or a trail of a card
        that could have captured."""
        if isinstance(act, Trail):
            return before._can_capture(seat, act.card)
        if isinstance(act, Capture):
            return not before._maximal(seat, act)
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
        mover = self.mover
        assert mover is not None
        if self.phase == "hold":
            pending = self.pending
            assert pending is not None
            self.phase = "play"
            self.turn = mover
            if act == PASS:
                self.events.append(Event("pass", seat, _lets_go, {}))
                self.pending = None
                self._step(pending, mover)
            else:
                self.held = pending.value
                self.events.append(
                    Event(
                        "hold",
                        seat,
                        _asks_hold,
                        {"value": pending.value},
                    )
                )
            return
        if act == PASS:
            self.events.append(Event("pass", seat, _no_insist, {}))
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
            return
        self.events.append(Event("insist", seat, _insists, {}))
        self.asking = []
        if self.ask_about == "play":  # the play is taken back: a maximal capture instead
            before = self.before_play
            assert before is not None
            card = self._challenged_card(before)
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

    def _challenged_card(self, before: CasinoState) -> Card:
        mover = self.mover
        assert mover is not None
        gone = [c for c in before.hands[mover] if c not in self.hands[mover]]
        return gone[0]

    def _finish_turn(self, seat: int) -> None:
        """The mover's turn is over; with ``insist=ask`` opponents may first demand the
        additions still possible (INSIST-1)."""
        if self.insist == "ask" and self.comply != "additions" and self._additions(seat):
            self._ask(seat, "additions")
            return
        self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
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
        self.events.append(Event("deal", self.dealer, _deals, {"deal": self.deal_no}))

    def _score(self) -> None:
        """CASINO-END-1, SCORE-1, GAME-1."""
        for v in sorted(self.builds):  # none in play (TAB-5); a hand-made position's go too
            self.loose += self.builds.pop(v).cards()
        left = self.loose[:]
        if self.last_capturer is not None:  # END-1: the last capturer takes the rest
            self.piles[self.pile_of[self.last_capturer]] += self.loose
            self.loose = []
            left = []
        points = [0] * self.sides
        if self.last_capturer is not None:
            cards = [0] * self.sides
            spades = [0] * self.sides
            for p, pile in enumerate(self.piles):
                s = self._pile_side(p)
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
        self.events.append(Event("score", None, _scored, dict(rec)))
        top = max(self.totals)
        over = self.sa or (top >= self.target and self.totals.count(top) == 1)
        if over:
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

    def _pile_side(self, p: int) -> int:
        seat = self.pile_of.index(p)
        return self.side(seat)


#: An addition's target: value, base card (None for a build), the loose cards a unit may
#: use there, their table of sums, and the pile tops' subsets that may join (``_top_subsets``).
#: A capture's targets: a packing of units (``units.packings``).
Opt = tuple[tuple[Item, ...], ...]
_Target = tuple[
    int,
    Card | None,
    list[Card],
    dict[int, tuple[tuple[Card, ...], ...]],
    list[tuple[int, tuple[int, ...], tuple[Card, ...]]],
]


@lru_cache(maxsize=1024)
def _top_subsets(tops: tuple[Item, ...]) -> list[tuple[int, tuple[int, ...], tuple[Card, ...]]]:
    """Every subset of the usable pile tops (the empty one first, then in the order of
    ``units.units``' bit masks): the sum of its cards (aces 1), its seats, its cards."""
    out = []
    for mask in range(1 << len(tops)):
        picked = [tops[i] for i in range(len(tops)) if mask >> i & 1]
        out.append(
            (
                sum(set_value(c) for c, _ in picked),
                tuple(s for _, s in picked),
                tuple(c for c, _ in picked),
            )
        )
    return out


_NO_TOPS = _top_subsets(())


def _most(points: list[int], counts: list[int]) -> None:
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


@lru_cache(maxsize=4096)
def _keeps(
    values: tuple[int, ...], hand: tuple[Card, ...], used: Card | None, ace_high: bool
) -> bool:
    """``_match`` of ``values`` against ``hand`` without ``used``: a listing asks the same
    question for most of its steps, and the next listing again."""
    return _match(list(values), [c for c in hand if c is not used], ace_high)


def _copy_rng(rng: random.Random) -> random.Random:
    new = random.Random()
    new.setstate(rng.getstate())
    return new


AfricanCasino.state_class = CasinoState
