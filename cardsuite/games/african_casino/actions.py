"""African Casino's steps and their text (``../shared/rules/african-casino.md`` section 18).

A turn is a sequence of steps: free builds and additions (no hand card), exactly one *play*
(a capture, a build or addition with a hand card, a raise, or a trail), more free steps, and
``end``. Each step is one action:

- ``capture 9S: B9 5H+4C 9D`` (an ace says what it counts: ``capture AH=14: B14``; in the
  South African game a pile top may be a target or part of one: ``7C+top:P2``); it may end
  with the order the cards taken go on the pile, bottom to top, under the capturing card
  (``capture 9S: 5H+4C order 4C 5H``, CASINO-CAP-5; never listed: the default order is
  ``actions.order_key``'s, highest at the bottom);
- ``build 10: 5H 3C 2D`` (loose cards, at most one of them from the hand; ``for P3`` builds
  for a proven partner);
- ``raise B9: 2H``;
- ``add B9: 5H+4C`` or ``add 9C=9: 4S+top:P2 | 7H+top:P2`` (a build, or a loose card as its
  base; units separated by ``|``, applied in order, all or none);
- ``trail KC``; ``end``;
- the reactions: ``hold B7`` (a partner's request not to capture), ``insist`` and ``pass``.

Two steps are equal (``==``) when they do the same thing: the same card counting the same
value, the same cards and pile tops, each as often as it is named (a card or pile named twice
is another step, which the rules refuse), the units of an addition in the same order. How a
capture's cards split into sums does not matter. ``key`` is coarser: the *choice* a step
stands for (``engine.Action.key``), what the listing shows once and a search branches on; a
capture is the cards it takes, whatever an ace counts. Seats are written ``P1``...
(one-based) in the text and held zero-based.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import cast

from ...cards import ACE, Card
from ...engine import Action, IllegalAction

#: A pile top inside a unit or a capture: the pile of seat ``seat`` (zero-based).
TOP_RE = re.compile(r"^top:p?(\d+)$", re.IGNORECASE)


def set_value(card: Card) -> int:
    """CASINO-DECK-2/3: a card's value inside a set (an ace counts 1 there)."""
    return 1 if card.rank == ACE else card.rank


def order_key(card: Card) -> tuple[int, int]:
    """CASINO-CAP-5 [D]: how captured cards lie, ascending (aces low, suits C D H S)."""
    return (set_value(card), "CDHS".index(card.suit))


def _cards_text(cards: Sequence[Card], tops: Sequence[int] = ()) -> str:
    parts = [c.code for c in cards] + [f"top:P{p + 1}" for p in tops]
    return "+".join(parts)


class Unit:
    """Cards that add up to a value, added to a build or base as one part: loose cards, at
    most one hand card, and the tops of other players' piles (seats, zero-based, in the
    order they are taken)."""

    __slots__ = ("hand", "loose", "tops")

    def __init__(
        self, loose: Sequence[Card], hand: Card | None = None, tops: Sequence[int] = ()
    ) -> None:
        self.loose = tuple(sorted(loose, key=order_key))
        self.hand = hand
        self.tops = tuple(tops)

    def _key(self) -> tuple[frozenset[Card], Card | None, tuple[int, ...]]:
        return (frozenset(self.loose), self.hand, tuple(sorted(self.tops)))

    def _same(self) -> tuple[tuple[Card, ...], Card | None, tuple[int, ...]]:
        """What the unit takes, each card and pile as often as it is named (``loose`` is
        sorted): a unit naming a card twice is not the unit naming it once."""
        return (self.loose, self.hand, tuple(sorted(self.tops)))

    def __eq__(self, other: object) -> bool:
        return type(other) is Unit and other._same() == self._same()

    def __hash__(self) -> int:  # (coarser than ``==``, as a hash may be)
        return hash(self._key())

    def __str__(self) -> str:
        cards = [*self.loose, *([self.hand] if self.hand else [])]
        return _cards_text(cards, self.tops)


class Capture(Action):
    """CASINO-CAP-1: ``card`` (counting ``value``) takes the build of that value (``build``),
    the ``loose`` cards (in ``groups``, each one card or a sum of the value) and, South
    African only, pile tops (``tops``, the seats whose pile top goes). ``order``, when the
    capturer chose one (CASINO-CAP-5), is how the cards taken lie on the pile, bottom to
    top, under the capturing card; None is the default order."""

    __slots__ = ("build", "card", "groups", "loose", "order", "tops", "value")

    def __init__(
        self,
        card: Card,
        value: int,
        build: bool,
        groups: Sequence[tuple[Sequence[Card], Sequence[int]]],
        order: tuple[Card, ...] | None = None,
    ) -> None:
        self.card = card
        self.value = value
        self.build = build
        self.groups = tuple((tuple(cs), tuple(ts)) for cs, ts in groups)
        self.loose = frozenset(c for cs, _ in self.groups for c in cs)
        self.tops = frozenset(t for _, ts in self.groups for t in ts)
        self.order = order

    def _key(self) -> tuple[object, ...]:
        return ("capture", self.card, self.value if self.build else 0, self.loose, self.tops)

    @property
    def key(self) -> object:
        """The choice: the cards taken (an ace taking the same cards as 1 or 14 is one
        choice, listed once)."""
        return self._key()

    def _same(self) -> tuple[object, ...]:
        """Everything that changes what the capture does: the value the card counts (an
        ace's 1 or 14 decides which sums are units), the build, and each loose card and
        pile named, as often as it is named (CASINO-CAP-1, VAR-SA 4), and the order chosen
        for the pile (CAP-5)."""
        cards = sorted((c for cs, _ in self.groups for c in cs), key=order_key)
        tops = sorted(t for _, ts in self.groups for t in ts)
        return (self.card, self.value, self.build, tuple(cards), tuple(tops), self.order)

    def __eq__(self, other: object) -> bool:
        if type(other) is not Capture:
            return False
        return other is self or other._same() == self._same()

    def __hash__(self) -> int:  # (coarser than ``==``, as a hash may be)
        return hash(self._key())

    def __str__(self) -> str:
        head = self.card.code + (f"={self.value}" if self.card.rank == ACE else "")
        targets = [f"B{self.value}"] if self.build else []
        targets += [_cards_text(cs, ts) for cs, ts in self.groups]
        if self.order is not None:
            targets += ["order", *(c.code for c in self.order)]
        return f"capture {head}: {' '.join(targets)}"

    def __repr__(self) -> str:
        return f"Capture({str(self)!r})"


class Build(Action):
    """CASINO-BUILD-1: a single build of ``value`` from ``loose`` cards and at most one
    ``hand`` card; ``owner`` set when building for a proven partner (CASINO-PART-2)."""

    __slots__ = ("hand", "loose", "owner", "value")

    def __init__(
        self, value: int, loose: Sequence[Card], hand: Card | None = None, owner: int | None = None
    ) -> None:
        self.value = value
        self.loose = tuple(sorted(loose, key=order_key))
        self.hand = hand
        self.owner = owner

    def _key(self) -> tuple[object, ...]:
        return ("build", self.value, frozenset(self.loose), self.hand, self.owner)

    @property
    def key(self) -> object:
        return self._key()

    def __eq__(self, other: object) -> bool:  # ``loose`` is sorted: each card as often as named
        if type(other) is not Build:
            return False
        return (other.value, other.loose, other.hand, other.owner) == (
            self.value,
            self.loose,
            self.hand,
            self.owner,
        )

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        cards = [*self.loose, *([self.hand] if self.hand else [])]
        who = f" for P{self.owner + 1}" if self.owner is not None else ""
        return f"build {self.value}{who}: {' '.join(c.code for c in cards)}"

    def __repr__(self) -> str:
        return f"Build({str(self)!r})"


class Raise(Action):
    """CASINO-RAISE-1: add ``card`` from the hand to an opponent's single build of
    ``value``."""

    __slots__ = ("card", "value")

    def __init__(self, value: int, card: Card) -> None:
        self.value = value
        self.card = card

    def __eq__(self, other: object) -> bool:
        return type(other) is Raise and (other.value, other.card) == (self.value, self.card)

    def __hash__(self) -> int:
        return hash(("raise", self.value, self.card))

    def __str__(self) -> str:
        return f"raise B{self.value}: {self.card.code}"

    def __repr__(self) -> str:
        return f"Raise({str(self)!r})"


class Add(Action):
    """CASINO-AUG: ``units`` of ``value`` added to the build of that value, or to the loose
    card ``base`` (which becomes the build's first unit); ``owner`` for a base of a proven
    partner (CASINO-PART-2)."""

    __slots__ = ("base", "owner", "units", "value")

    def __init__(
        self,
        value: int,
        units: Sequence[Unit],
        base: Card | None = None,
        owner: int | None = None,
    ) -> None:
        self.value = value
        self.units = tuple(units)
        self.base = base
        self.owner = owner

    @property
    def hand(self) -> Card | None:
        for u in self.units:
            if u.hand is not None:
                return u.hand
        return None

    def _key(self) -> tuple[object, ...]:
        return ("add", self.value, self.base, frozenset(self.units), self.owner)

    @property
    def key(self) -> object:
        return self._key()

    def __eq__(self, other: object) -> bool:
        """The same units in the same order (a top a unit exposes may go into a later one,
        CASINO-PILE-3), each as often as it is named."""
        if type(other) is not Add:
            return False
        return (other.value, other.base, other.owner, other.units) == (
            self.value,
            self.base,
            self.owner,
            self.units,
        )

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        if self.base is None:
            target = f"B{self.value}"
        else:
            target = self.base.code + (f"={self.value}" if self.base.rank == ACE else "")
        who = f" for P{self.owner + 1}" if self.owner is not None else ""
        return f"add {target}{who}: {' | '.join(str(u) for u in self.units)}"

    def __repr__(self) -> str:
        return f"Add({str(self)!r})"


class Trail(Action):
    """CASINO-TRAIL-1: lay a card from the hand on the layout, taking nothing."""

    __slots__ = ("card",)

    def __init__(self, card: Card) -> None:
        self.card = card

    def __eq__(self, other: object) -> bool:
        return type(other) is Trail and other.card is self.card

    def __hash__(self) -> int:
        return hash(("trail", self.card))

    def __str__(self) -> str:
        return f"trail {self.card.code}"

    def __repr__(self) -> str:
        return f"Trail({self.card.code!r})"


class Word(Action):
    """A step that is one word: ``end``, ``insist``, ``pass``; or ``hold B7`` (``value``)."""

    __slots__ = ("value", "word")

    def __init__(self, word: str, value: int | None = None) -> None:
        self.word = word
        self.value = value

    def __eq__(self, other: object) -> bool:
        return type(other) is Word and (other.word, other.value) == (self.word, self.value)

    def __hash__(self) -> int:
        return hash((self.word, self.value))

    def __str__(self) -> str:
        return self.word if self.value is None else f"{self.word} B{self.value}"

    def __repr__(self) -> str:
        return f"Word({str(self)!r})"


END = Word("end")
INSIST = Word("insist")
PASS = Word("pass")
HOLD = {v: Word("hold", v) for v in range(1, 15)}

_USAGE = (
    "use capture CARD: TARGETS [order CARDS], build V: CARDS, raise BV: CARD,"
    " add TARGET: UNIT | UNIT, trail CARD, end, hold BV, insist or pass"
)


def _build_id(text: str) -> int:
    m = re.fullmatch(r"[bB](\d{1,2})", text)
    if not m or not 1 <= int(m.group(1)) <= 14:
        raise ValueError(f"{text!r} is not a build (B1 ... B14)")
    return int(m.group(1))


def _seat_word(text: str) -> int:
    m = re.fullmatch(r"p?(\d)", text, re.IGNORECASE)
    if not m or int(m.group(1)) < 1:
        raise ValueError(f"{text!r} is not a seat (P1 ... P4)")
    return int(m.group(1)) - 1


def _part(text: str) -> tuple[list[Card], list[int]]:
    """``5H+4C+top:P2``: cards and pile tops."""
    cards: list[Card] = []
    tops: list[int] = []
    for bit in text.split("+"):
        bit = bit.strip()
        m = TOP_RE.match(bit)
        if m:
            if int(m.group(1)) < 1:
                raise ValueError(f"{bit!r}: seats are P1 ... P4")
            tops.append(int(m.group(1)) - 1)
        elif bit:
            cards.append(Card.parse(bit))
        else:
            raise ValueError(f"{text!r} has an empty part")
    return cards, tops


def _with_value(text: str) -> tuple[str, int | None]:
    head, eq, value = text.partition("=")
    if not eq:
        return head, None
    if value not in ("1", "14") and not value.isdigit():
        raise ValueError(f"{text!r}: the value after = is a number")
    return head, int(value)


def parse_action(text: str) -> Action:
    """Read one step. The state resolves what the text leaves open (which hand card, an
    ace's value, which pile a seat's top is) when it applies it."""
    act = _parse(text)
    if isinstance(act, Partial):
        act.text = " ".join(text.split())
    return act


def _parse(text: str) -> Action:
    raw = text.strip()
    if not raw:
        raise ValueError(f"empty action; {_USAGE}")
    head, colon, body = raw.partition(":")
    words = head.split()
    verb = words[0].lower()
    if verb in ("end", "insist", "pass") and not colon:
        if len(words) > 1:
            raise ValueError(f"{verb} takes nothing after it")
        return {"end": END, "insist": INSIST, "pass": PASS}[verb]
    if verb == "hold" and not colon:
        if len(words) != 2:
            raise ValueError("hold names a build: hold B7")
        return HOLD[_build_id(words[1])]
    if verb == "trail" and not colon:
        if len(words) != 2:
            raise ValueError("trail takes one card: trail KC")
        return Trail(Card.parse(words[1]))
    if verb not in ("capture", "build", "raise", "add"):
        raise ValueError(f"unknown action {verb!r}; {_USAGE}")
    if not colon:
        raise ValueError(f"{verb} needs a colon before its cards, e.g. {_example(verb)}")
    owner = None
    if len(words) == 4 and words[2].lower() == "for":
        owner = _seat_word(words[3])
        words = words[:2]
    if len(words) != 2:
        raise ValueError(f"write {verb} like this: {_example(verb)}")
    target = words[1]
    if verb == "raise":
        cards, tops = _part(body)
        if len(cards) != 1 or tops:
            raise ValueError("a raise adds one card from your hand: raise B9: 2H")
        return Raise(_build_id(target), cards[0])
    if verb == "build":
        if not target.isdigit():
            raise ValueError(f"build names its value: {_example(verb)}")
        cards = [Card.parse(w) for w in body.split()]
        if not cards:
            raise ValueError("a build needs cards")
        return Partial("build", int(target), owner=owner, cards=cards)
    if verb == "capture":
        code, value = _with_value(target)
        card = Card.parse(code)
        build = False
        groups: list[tuple[list[Card], list[int]]] = []
        words = body.split()
        order = None
        if "order" in (w.lower() for w in words):  # CASINO-CAP-5: the pile's order chosen
            at = [w.lower() for w in words].index("order")
            order = [Card.parse(w) for w in words[at + 1 :]]
            words = words[:at]
            if not order:
                raise ValueError("order names the cards taken, bottom to top: order 4C 5H")
        for word in words:
            if word.lower().startswith("b") and not TOP_RE.match(word):
                build_value = _build_id(word)
                if value is not None and build_value != value:
                    raise ValueError(f"{card.code}={value} cannot take B{build_value}")
                value = build_value
                build = True
            else:
                groups.append(_part(word))
        if not build and not groups:
            raise ValueError("a capture names what it takes: capture 9S: B9 5H+4C")
        return Partial("capture", value, card=card, build=build, groups=groups, order=order)
    # add
    base_text, value = _with_value(target)
    units = [_part(u) for u in body.split("|")]
    if any(not cs and not ts for cs, ts in units):
        raise ValueError("every unit of an addition needs cards")
    if base_text.lower().startswith("b") and base_text[1:].isdigit():
        return Partial("add", _build_id(base_text), owner=owner, units=units)
    base = Card.parse(base_text)
    return Partial("add", value, owner=owner, units=units, base=base)


def _example(verb: str) -> str:
    return {
        "capture": "capture 9S: B9 5H+4C",
        "build": "build 10: 5H 3C 2D",
        "raise": "raise B9: 2H",
        "add": "add B9: 5H+4C | 9D",
    }[verb]


class Partial(Action):
    """A step read from text that the state completes (which card is from the hand, an
    ace's value): ``complete`` turns it into a ``Capture``, ``Build`` or ``Add``. Its
    text is the text it was read from (spaces tidied), which is the step's own text when
    that came from ``str``."""

    __slots__ = ("fields", "text", "verb")

    def __init__(self, verb: str, value: int | None, **fields: object) -> None:
        self.verb = verb
        self.fields = {"value": value, **fields}
        self.text = ""

    def __str__(self) -> str:
        return self.text


#: A part of a step's text: cards and the seats of pile tops (``_part``).
Part = tuple[list[Card], list[int]]


def complete(act: Action, hand: Sequence[Card], ace_high: bool, players: int) -> Action:
    """A step read from text made whole for the player holding ``hand``: which of its cards
    is the hand's, an ace's value, the seats of pile tops checked (``Partial``'s fields are
    as ``_parse`` leaves them)."""
    if not isinstance(act, Partial):
        return act
    f = act.fields
    owner = cast("int | None", f.get("owner"))
    if act.verb == "build":
        cards = cast("list[Card]", f["cards"])
        from_hand = [c for c in cards if c in hand]
        if len(from_hand) > 1:
            raise IllegalAction("a build takes at most one card from your hand (CASINO-BUILD-1)")
        h = from_hand[0] if from_hand else None
        return Build(cast(int, f["value"]), [c for c in cards if c is not h], h, owner)
    if act.verb == "capture":
        return _complete_capture(f, ace_high, players)
    units = []
    for cs, ts in cast("list[Part]", f["units"]):
        from_hand = [c for c in cs if c in hand]
        h = from_hand[0] if len(from_hand) == 1 else None
        if len(from_hand) > 1:
            raise IllegalAction("a unit takes at most one card from your hand (CASINO-AUG-2)")
        units.append(Unit([c for c in cs if c is not h], h, [_top_seat(t, players) for t in ts]))
    base = f.get("base")
    value = cast("int | None", f["value"])
    if isinstance(base, Card) and value is None:
        value = 14 if base.rank == ACE and ace_high else set_value(base)
    return Add(int(cast(int, value)), units, base if isinstance(base, Card) else None, owner)


def _complete_capture(f: dict[str, object], ace_high: bool, players: int) -> Capture:
    """A capture's card counts what it names (``=14``), the build's value, or else its
    highest value, an ace 14 where it may be (and where it is not: the check then refuses
    it, CASINO-VAR-SA 1) when a target is a sum or several cards."""
    card = cast(Card, f["card"])
    parts = cast("list[Part]", f["groups"])
    value = cast("int | None", f["value"])
    if value is None:
        value = 14 if card.rank == ACE and ace_high else set_value(card)
        if card.rank == ACE and not f["build"] and any(len(cs) + len(ts) > 1 for cs, ts in parts):
            value = 14
    groups = [(cs, [_top_seat(t, players) for t in ts]) for cs, ts in parts]
    order = cast("list[Card] | None", f["order"])
    return Capture(card, value, bool(f["build"]), groups, None if order is None else tuple(order))


def _top_seat(seat: int, players: int) -> int:
    if not 0 <= seat < players:
        raise IllegalAction(f"there is no seat P{seat + 1}")
    return seat
