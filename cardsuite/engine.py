"""The engine contract that every game follows (see ``design.md``, "The engine contract").

A *game* is a stateless description (name, player counts, variants, options) that makes
*states*. A state is a mutable position: whose decision it is, the legal actions, ``apply`` to
move on, a ``view`` per seat that shows exactly what that seat may see, and ``sample_hidden``
for bots that search over what they cannot see. Nothing here knows about terminals: the rules
can be run, simulated and tested with no screen at all.

Randomness lives only in each state's own seeded ``random.Random``; no rules module reads the
clock, sleeps or prints.
"""

from __future__ import annotations

import copy
import os
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from .cards import Card
from .positions import rng_from_json, rng_to_json


class IllegalAction(ValueError):
    """An action the rules refuse. ``reason`` says why, in words a player understands.

    Raising it always leaves the state exactly as it was.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Action:
    """Base for a game's actions: small frozen values with a short text notation.

    ``str(action)`` gives the text (``play 7H 7D``); each game's ``parse_action`` reads it back.
    ``key`` is the *choice* the action stands for: two actions with the same key are the same
    decision (Twenty-Two's ``play 7H`` and ``play 7D`` when suits never matter), which is what
    a search tree branches on across different deals of the hidden cards.
    """

    __slots__ = ()

    @property
    def key(self) -> object:
        return self


_SEAT_RE = re.compile(r"\{P(\d+)\}")
_CARD_RE = re.compile(r"\[(JK|(?:10|[2-9AJQKT])[SHDC])\]")


#: How an event's text is written when something shows it: from its seat and data.
Wording = Callable[[int | None, Mapping[str, Any]], str]

#: Wordings by number (``worded``). An event's ``wording`` may be such a number instead of
#: the function: a number, unlike a function, is nothing the cyclic garbage collector has to
#: follow, so an event of a number and a dict of plain values drops out of the collector's
#: sight after its first pass. A long Money game logs ten thousand events, and walking them
#: again and again cost its play-outs a fifth of their time.
_WORDINGS: list[Wording] = []


def _plain(data: Mapping[str, Any]) -> dict[str, Any]:
    """An event's data as JSON reads it back: a tuple of codes (which a game may log, being
    nothing the garbage collector follows) is a list."""
    return {k: list(v) if type(v) is tuple else v for k, v in data.items()}


def worded(fn: Wording) -> int:
    """Register a wording; the number to put in events in its place."""
    _WORDINGS.append(fn)
    return len(_WORDINGS) - 1


class Event(NamedTuple):
    """One line of a game's public log.

    ``text`` is a template: seats are written ``{P0}`` (zero-based) and cards ``[QS]``, so a
    screen can put in the players' names and draw cards in its own style (symbols or ASCII).
    ``str(event)`` renders it with default names ``P1``, ``P2``...
    ``data`` holds the same facts as JSON-able values for programs.

    ``wording`` is that template, or (in play) a function that writes it from ``seat`` and
    ``data`` when something reads ``text``: a play-out logs hundreds of thousands of events
    a second and nobody reads them, so an event costs a tuple, not a formatted string.
    A named tuple for the same reason. Two events are equal when kind, seat, text and data
    are, however each was worded.
    """

    kind: str
    seat: int | None
    wording: str | Wording | int
    data: Mapping[str, Any] = {}

    @property
    def text(self) -> str:
        w = self.wording
        if type(w) is str:
            return w
        if type(w) is int:
            return _WORDINGS[w](self.seat, self.data)
        # (a Wording: str and int returned above; ``type(w) is`` tests, kept for speed, do
        # not narrow what is left)
        return w(self.seat, self.data)  # type: ignore[operator]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.seat, self.text, _plain(self.data)) == (
            other.kind,
            other.seat,
            other.text,
            _plain(other.data),
        )

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        """Events are not hashable, as their ``data`` is a dict (a tuple's hash would raise
        on it anyway, with a less clear message)."""
        raise TypeError(f"unhashable type: {type(self).__name__!r}")

    def render(
        self,
        names: Sequence[str] | None = None,
        card: Callable[[Card], str] | None = None,
    ) -> str:
        def seat_name(m: re.Match[str]) -> str:
            i = int(m.group(1))
            return names[i] if names is not None and i < len(names) else f"P{i + 1}"

        def card_text(m: re.Match[str]) -> str:
            c = Card.parse(m.group(1))
            return card(c) if card is not None else c.pretty()

        return _CARD_RE.sub(card_text, _SEAT_RE.sub(seat_name, self.text))

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> list[Any]:
        return [self.kind, self.seat, self.text, _plain(self.data)]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> Event:
        kind, seat, text, payload = data
        return cls(kind, seat, text, payload)


@dataclass(frozen=True)
class EventKind:
    """An event kind the app shell reacts to, and the shape of its ``data``.

    Games log other kinds too (``exchange``, ``turn``, ``claim`` ...); those are only shown in
    the log. The kinds below mean the same in every game, so the shared table frame can put
    cards in front of seats, pause after a trick and show a deal's end without knowing the
    game. ``data`` maps each key the event always carries to its JSON type: ``"cards"`` (a
    list of card codes), ``"seat_cards"`` (an object from seat number, as a string, to one
    card code), ``"seats"`` (a list of seat numbers), ``"int"``.
    """

    name: str
    seat: str  # what the event's ``seat`` is
    data: Mapping[str, str]
    about: str


EVENT_KINDS: dict[str, EventKind] = {
    k.name: k
    for k in (
        EventKind(
            "deal",
            "the dealer (None if the game has none)",
            {},
            "A new deal: cards are dealt; the table is cleared of the last deal's trick.",
        ),
        EventKind("lead", "the leader", {"cards": "cards"}, "Cards led to a new trick."),
        EventKind("play", "the player", {"cards": "cards"}, "Cards played to the trick."),
        EventKind(
            "trick",
            "the trick's winner",
            {"cards": "cards"},
            "The trick is complete; ``cards`` are the winning play. The table pauses here.",
        ),
        EventKind(
            "showdown",
            "None",
            {"cards": "seat_cards", "losers": "seats"},
            "A deal decided by cards shown: each seat's card, and who lost by it. The table"
            " shows them in front of the seats and pauses.",
        ),
        EventKind("gameover", "None", {"winners": "seats"}, "The game is over."),
    )
}


def check_event(event: Event, players: int) -> str | None:
    """What is wrong with ``event`` against its declared kind, or None (the contract test)."""
    kind = EVENT_KINDS.get(event.kind)
    if event.seat is not None and not (isinstance(event.seat, int) and 0 <= event.seat < players):
        return f"{event.kind}: seat {event.seat!r} is not a seat"
    if kind is None:
        return None
    for key, shape in kind.data.items():
        if key not in event.data:
            return f"{event.kind}: data has no {key!r}"
        value = event.data[key]
        ok = {
            "cards": lambda v: isinstance(v, list) and all(_CARD_CODE.fullmatch(c) for c in v),
            "seat_cards": lambda v: (
                isinstance(v, dict)
                and all(
                    k.isdigit() and int(k) < players and _CARD_CODE.fullmatch(c)
                    for k, c in v.items()
                )
            ),
            "seats": lambda v: (
                isinstance(v, list) and all(isinstance(x, int) and 0 <= x < players for x in v)
            ),
            "int": lambda v: isinstance(v, int),
        }[shape](value)
        if not ok:
            return f"{event.kind}: {key} is not {shape}: {value!r}"
    return None


_CARD_CODE = re.compile(r"JK|(?:10|[2-9AJQK])[SHDC]")


@dataclass(frozen=True)
class Option:
    """One setting of a game: ``kind`` is ``"bool"``, ``"choice"``, ``"int"`` or ``"key"``
    (a key on the keyboard, for a game's own preferences such as Money's snap keys).

    ``presets`` are the values of an ``int`` offered in menus (the command palette), in
    ``unit`` ("ms")."""

    id: str
    name: str
    kind: str
    default: Any
    choices: tuple[str, ...] = ()
    help: str = ""
    min: int | None = None
    max: int | None = None
    presets: tuple[int, ...] = ()
    unit: str = ""

    def show(self, value: Any) -> str:
        """A value as a player reads it: ``500 ms``, ``on``."""
        if self.kind == "bool":
            return "on" if value else "off"
        return f"{value} {self.unit}".strip()

    def parse(self, text: str | bool | int) -> Any:
        """Read a value from text (``--option k=v``); ``ValueError`` says what is allowed."""
        if self.kind == "bool":
            if isinstance(text, bool):
                return text
            t = str(text).strip().lower()
            if t in ("1", "true", "yes", "on"):
                return True
            if t in ("0", "false", "no", "off"):
                return False
            raise ValueError(f"option {self.id} is on/off: use true or false, not {text!r}")
        if self.kind == "choice":
            t = str(text).strip().lower()
            if t not in self.choices:
                raise ValueError(
                    f"option {self.id} must be one of {', '.join(self.choices)}, not {text!r}"
                )
            return t
        if self.kind == "key":
            t = str(text).strip()
            if not t or any(ch.isspace() for ch in t) or len(t) > 24:
                raise ValueError(f"option {self.id} is a key name such as a or f5, not {text!r}")
            return t
        if self.kind == "int":
            if isinstance(text, (bool, float)):
                raise ValueError(f"option {self.id} takes a whole number, not {text!r}")
            try:
                v = int(text)
            except (TypeError, ValueError, OverflowError):
                raise ValueError(f"option {self.id} takes a whole number, not {text!r}") from None
            if (self.min is not None and v < self.min) or (self.max is not None and v > self.max):
                raise ValueError(f"option {self.id} must be between {self.min} and {self.max}")
            return v
        raise ValueError(f"unknown option kind {self.kind!r}")

    def describe(self) -> str:
        if self.kind == "bool":
            return "true|false"
        if self.kind == "choice":
            return "|".join(self.choices)
        if self.kind == "key":
            return "a key"
        return f"{self.min}..{self.max}"


@dataclass(frozen=True)
class Variant:
    """A named way to play: a summary and the game's options with this variant's defaults."""

    name: str
    summary: str
    options: tuple[Option, ...] = ()

    def defaults(self) -> dict[str, Any]:
        return {o.id: o.default for o in self.options}

    def option(self, option_id: str) -> Option:
        for o in self.options:
            if o.id == option_id:
                return o
        raise KeyError(option_id)


#: Keys every ``view`` has (``docs/architecture.md``, "The view rule").
VIEW_KEYS = (
    "game",
    "variant",
    "options",
    "players",
    "seat",
    "phase",
    "to_move",
    "scores",
    "hand",
    "hand_sizes",
)


class State(ABC):
    """A position of one game. See ``docs/architecture.md`` for the full contract.

    Every state carries the variant it plays and its resolved options, its own seeded random
    generator (the only randomness of the game) and the public log of events.
    """

    game: Game
    variant: str
    options: dict[str, Any]
    rng: random.Random
    events: list[Event]

    @abstractmethod
    def to_move(self) -> int | None:
        """The seat whose decision it is; ``None`` once the game is over."""

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        """Every legal action for ``seat`` (default: the seat to move), each choice once.

        A ``Sequence``: large combinatorial choices (which cards to exchange) may be indexed
        lazily, so picking one at random does not build them all.
        """

    @abstractmethod
    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Play ``action`` (or its text) for ``seat`` (default: the seat to move).

        Returns the new events. Raises ``IllegalAction`` and changes nothing when refused.
        """

    def is_over(self) -> bool:
        return self.to_move() is None

    @abstractmethod
    def scores(self) -> list[int]:
        """Running totals as the game counts them."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats once the game is over (several when shared); ``[]`` before."""

    def deals_played(self) -> int:
        """How many deals (hands) this game has had so far; games of one deal say 1."""
        return 1

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """All that ``seat`` may see and nothing more, as JSON-able data; ``None`` is a
        spectator (the public view: ``hand`` is None). Has every key of ``VIEW_KEYS``."""

    @abstractmethod
    def zones(self) -> dict[str, Sequence[Card]]:
        """Every card of the game, each in exactly one named zone (``"hand 0"``, ``"stock"``).

        The zones that ``hidden_zones`` names must be the state's own lists, so a test can
        re-deal them in place and check that no view changes."""

    @abstractmethod
    def hidden_zones(self, seat: int | None) -> tuple[str, ...]:
        """The zones whose cards ``seat`` cannot see (``None``: a spectator). A view of
        ``seat`` must stay the same however the cards of these zones are re-dealt among them,
        keeping each zone's size."""

    def all_cards(self) -> list[Card]:
        """Every card in every zone: the whole pack, at every step (the contract test)."""
        return [c for cards in self.zones().values() for c in cards]

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def sample_hidden(self, observer: int, rng: random.Random) -> State:
        """A full state consistent with all ``observer`` has seen; its future is re-seeded."""

    def search_copy(self, observer: int, rng: random.Random) -> State:
        """A sample for one search iteration (``bots/ismcts.py``), which may skip what a
        search never reads: a game whose search stops at the end of a hand need not deal
        the next one. The copy is for play-outs only: it need not keep the whole contract
        past its game's ``search_horizon``. By default, ``sample_hidden``."""
        return self.sample_hidden(observer, rng)

    def search_sampler(self, observer: int, rng: random.Random) -> Callable[[], State]:
        """What a search draws each iteration's deal from (``bots/ismcts.py``): one call,
        one ``search_copy(observer, rng)``. A search asks it once and draws from this very
        position hundreds of times, so a game may work out here what every sample of it
        shares (the unseen cards, each hand's demands) and deal only the rest per call; the
        samples must be ``search_copy``'s, draw for draw of ``rng``."""
        return lambda: self.search_copy(observer, rng)

    def clone_for_search(self, rng: random.Random) -> State:
        """The true position as a search copy, its future re-seeded from ``rng`` (the
        omniscient yardstick bot, ``all_seeing="cards"``; what ``clone_seeing_hands``
        starts from). By default a clone; a game may skip what ``search_copy`` skips."""
        copy = self.clone()
        copy.rng = random.Random(rng.getrandbits(63))
        return copy

    def clone_seeing_hands(self, observer: int, rng: random.Random) -> State:
        """The fair all-seeing yardstick's search copy (``all_seeing="hands"``): the true
        position with every player's cards as they are, but every card that no player has
        seen (a stock's order, cards not dealt yet, face-down stacks, an undrawn manni) and
        what the rules keep from ``observer`` that no hand holds (others' face-down
        discards) dealt again at random among those zones, sizes and public facts kept,
        its future re-seeded from ``rng``. What a bot that read the table perfectly could
        know, and no more: its gap to medium is what inference can win; the true deal's
        (``clone_for_search``, ``all_seeing="cards"``) also counts the luck of the stock.
        Never used by a bot at a table. By default ``clone_for_search``: a game where
        every card is in some hand or in sight (Mensch) hides nothing from everyone."""
        return self.clone_for_search(rng)

    @abstractmethod
    def to_json(self) -> dict[str, Any]: ...

    def parse_action(self, text: str) -> Action:
        return self.game.parse_action(text)

    def _coerce(self, action: Action | str) -> Action:
        if isinstance(action, str):
            try:
                return self.game.parse_action(action)
            except ValueError as e:
                raise IllegalAction(str(e)) from None
        return action


#: The environment variable that makes every game build its reference states, not its
#: kernel: ``CARDSUITE_RULES=reference cardsuite ...`` (slower; the same games, move for move).
RULES_ENV = "CARDSUITE_RULES"


class Game(ABC):
    """A game's description and its state factory. One instance per game, in the registry."""

    id: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    players: ClassVar[tuple[int, ...]]
    variants: ClassVar[dict[str, Variant]]
    default_variant: ClassVar[str] = "standard"
    #: What the engine calls a seat's score, for listings and the statistics ("penalty points").
    score_label: ClassVar[str] = "points"
    #: True when a lower score is better (penalty points).
    low_score_wins: ClassVar[bool] = False
    #: Cards that stand for the game in the picker (codes).
    emblem: ClassVar[tuple[str, ...]] = ("AS", "KH", "QD")
    #: True for games where speed matters (Money's snap): bots then also act off-turn,
    #: through the game's own referee, and screens time key presses.
    realtime: ClassVar[bool] = False
    #: True when players' hands are secret (hot-seat play then needs a curtain between people).
    hidden_hands: ClassVar[bool] = True
    #: True when who plays with whom is secret (Mensch's called partner): how long a bot
    #: thinks must not tell it, so the table lets every move of a searching bot take its
    #: whole time budget (``Match.think_floor``), however soon its answer comes.
    secret_sides: ClassVar[bool] = False
    #: Seat names the screens use by default, per player count.
    seat_names: ClassVar[dict[int, tuple[str, ...]]] = {}
    #: The player's preferences for this game (kept in the settings under the game's id),
    #: described like options: Money's throw time and snap keys.
    preferences: ClassVar[tuple[Option, ...]] = ()
    #: The reference state: the rules as written, one readable path for every action (the
    #: game's ``rules.py``). What ``new_state`` and ``from_json`` build is ``state_type()``.
    state_class: ClassVar[type[State]]
    #: The class this game builds, once chosen (``state_type``); a ``reference()`` twin
    #: has it set to ``state_class``.
    _built: type[State] | None = None

    def state_type(self) -> type[State]:
        """The class ``new_state`` and ``from_json`` build: the game's kernel (a subclass of
        ``state_class`` that its registry entry names, ``kernel.py``: the same game, faster
        where play-outs spend their time), or the reference where there is no kernel or the
        environment says ``CARDSUITE_RULES=reference`` (to debug a rule on its one readable
        path). Chosen once per game object."""
        built = self._built
        if built is None:
            built = self._built = self._choose_state_type()
        return built

    def _choose_state_type(self) -> type[State]:
        if os.environ.get(RULES_ENV, "kernel") == "reference":
            return self.state_class
        from .games import UnknownGame, entry

        try:
            kernel = entry(self.id).kernel_class()
        except UnknownGame:  # a game made for a test, not registered
            return self.state_class
        return kernel or self.state_class

    def reference(self) -> Game:
        """This game building its reference states (the lockstep test plays both side by
        side and compares them after every move)."""
        twin = copy.copy(self)
        twin._built = self.state_class
        return twin

    def uses_kernel(self) -> bool:
        """True when this game object builds a kernel, not the reference."""
        return self.state_type() is not self.state_class

    @abstractmethod
    def full_pack(
        self, players: int, options: Mapping[str, Any], variant: str | None = None
    ) -> list[Card]:
        """Every card the game uses with these options (and ``variant``, for a game whose
        variants differ in their pack, as Manni's do): what ``all_cards`` always holds."""

    @abstractmethod
    def new_state(
        self,
        players: int | None = None,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        deck: Sequence[str | Card] | None = None,
        dealer: int | None = None,
    ) -> State: ...

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> State: ...

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action's text; ``ValueError`` with what is allowed when it cannot."""

    def resolve_options(
        self, variant: str | None, options: Mapping[str, Any] | None
    ) -> tuple[str, dict[str, Any]]:
        """The variant id and the full option dict, checked; ``ValueError`` says what is allowed."""
        variant = variant or self.default_variant
        if variant not in self.variants:
            raise ValueError(
                f"{self.name} has no variant {variant!r}; variants: {', '.join(self.variants)}"
            )
        spec = self.variants[variant]
        resolved = spec.defaults()
        for key, value in (options or {}).items():
            try:
                opt = spec.option(key)
            except KeyError:
                allowed = ", ".join(f"{o.id}={o.describe()}" for o in spec.options) or "none"
                raise ValueError(f"{self.name} has no option {key!r}; options: {allowed}") from None
            resolved[key] = opt.parse(value)
        return variant, resolved

    def check_players(self, players: int | None) -> int:
        if players is None:
            return self.players[0]
        if players not in self.players:
            lo, hi = min(self.players), max(self.players)
            allowed = str(lo) if lo == hi else f"{lo}-{hi}"
            raise ValueError(f"{self.name} is for {allowed} players, not {players}")
        return players

    def names_for(self, players: int) -> tuple[str, ...]:
        names = self.seat_names.get(players)
        return names if names else tuple(f"P{i + 1}" for i in range(players))

    def help_text(self) -> str:
        """The player-facing rules help (the registry entry says where it is)."""
        from .games import entry

        return entry(self.id).help_text()

    def preference(self, pref_id: str) -> Option:
        for o in self.preferences:
            if o.id == pref_id:
                return o
        raise KeyError(pref_id)

    def choices(self, state: State, seat: int) -> Sequence[Action]:
        """What a bot deliberates over for ``seat`` (bench times decisions with several).
        Money leaves out the snap, which is a matter of speed, not thought."""
        return state.legal_actions(seat)

    # --- search hooks (bots/ismcts.py); games override what helps their search -------------

    def search_horizon(self, root: State, state: State) -> bool:
        """True when a search play-out from ``root`` may stop at ``state`` and be scored."""
        return state.is_over()

    def search_reward(self, root: State, state: State) -> list[float]:
        """Each seat's reward in [0, 1] at a horizon state (default: shared wins)."""
        win = state.winners()
        share = 1.0 / len(win) if win else 0.0
        return [share if s in win else 0.0 for s in range(len(state.scores()))]

    def reward_units(self, root: State, seat: int) -> tuple[float, str]:
        """What a difference of 1 in ``seat``'s ``search_reward`` from ``root`` is worth in
        the game's own units, and their name: how a review states what a choice cost
        (default: the reward is a share of a win)."""
        return 1.0, "games won"


def random_state_seed(rng: random.Random) -> int:
    """A fresh seed drawn from ``rng``: how a state's future is re-seeded for a sample."""
    return rng.getrandbits(63)


__all__ = [
    "EVENT_KINDS",
    "RULES_ENV",
    "VIEW_KEYS",
    "Action",
    "Event",
    "EventKind",
    "Game",
    "IllegalAction",
    "Option",
    "State",
    "Variant",
    "check_event",
    "random_state_seed",
    "rng_from_json",
    "rng_to_json",
]
