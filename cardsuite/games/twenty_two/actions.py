"""Twenty-Two's actions and the lazily indexed lists of them that ``legal_actions`` returns.

Text: ``keep`` or ``discard 2C 5H`` in the exchange; ``play 7H 7D`` to lead or follow. Suits
never matter, so two actions with the same ranks are the same choice (their ``key``).
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from typing import Any

from ...cards import Card, pack
from ...engine import Action
from .masks import GETTERS as _GETTERS
from .masks import choice_masks, choice_starts, mask_of
from .masks import getter as _mask_getter
from .sets import ExchangeTable, exchange_table


class _CardsAction(Action):
    """An action made of cards. A plain slotted class rather than a frozen dataclass: play-outs
    create one per move, and this is several times cheaper to build. Treat it as immutable."""

    __slots__ = ("_k", "cards")

    def __init__(self, cards: tuple[Card, ...] = ()) -> None:
        self.cards = cards if type(cards) is tuple else tuple(cards)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.cards == self.cards

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.cards))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    @property
    def ranks(self) -> tuple[int, ...]:
        """Raw ranks, high to low (jokers as 15)."""
        return tuple(sorted((c.rank for c in self.cards), reverse=True))


class Exchange(_CardsAction):
    """T22-EXCH-1: put ``cards`` aside face down and draw as many from the stock (``keep``: 0)."""

    __slots__ = ()

    def __str__(self) -> str:
        if not self.cards:
            return "keep"
        return "discard " + " ".join(c.code for c in self.cards)

    @property
    def key(self) -> object:
        try:
            return self._k
        except AttributeError:  # worked out once: a search asks thousands of times
            self._k: tuple[str, tuple[int, ...]] = ("x", self.ranks)
            return self._k


class Play(_CardsAction):
    """Lead or follow with ``cards`` (T22-PLAY-2/3)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "play " + " ".join(c.code for c in self.cards)

    @property
    def key(self) -> object:
        try:
            return self._k
        except AttributeError:
            self._k: tuple[str, tuple[int, ...]] = ("p", self.ranks)
            return self._k


#: The play of each card alone, made once: most plays are single cards, and ``legal_actions``
#: hands these out instead of building a new object per card offered. (Values, so sharing
#: them between states is safe: nothing mutates an action.)
SINGLE: dict[Card, Play] = {c: Play((c,)) for c in pack(jokers=1)}
#: Keeping all the cards (the empty exchange), made once.
KEEP = Exchange(())


def parse_action(text: str) -> Action:
    words = text.replace(",", " ").split()
    if not words:
        raise ValueError("empty action; use keep, discard CARDS or play CARDS")
    verb, rest = words[0].lower(), words[1:]
    try:
        cards = tuple(Card.parse(w) for w in rest)
    except ValueError as e:
        raise ValueError(str(e)) from None
    if verb in ("keep", "pass"):
        if cards:
            raise ValueError("keep takes no cards")
        return KEEP
    if verb in ("discard", "exchange", "swap"):
        return Exchange(cards)
    if verb in ("play", "lead", "follow"):
        if not cards:
            raise ValueError("play needs at least one card, e.g. play 7H 7D")
        return Play(cards)
    raise ValueError(f"unknown action {verb!r}; use keep, discard CARDS or play CARDS")


#: A sorted hand's layout for the exchange, by a number that says the exchange limit and
#: which neighbours share a rank (``layout_key``): the getter that lays the hand's groups of
#: a rank end to end, largest first (ties in hand order; None: the hand's own order, as for
#: one card per rank), the number of choices, and the shared table's getters of choices and
#: the table itself. It depends only on where the hand's runs of a rank start, of which there
#: are few (hundreds), so each is made once, and one lookup gives all of it. (Keyed by a
#: number built in a plain loop over the hand, not by a tuple of the runs: a comprehension
#: over ``pairwise`` and hashing a tuple of tuples were most of a listing.)
_LAYOUTS: dict[int, tuple[Any, int, Sequence[int] | None, ExchangeTable | None]] = {}


#: The grouping of each run structure, by the runs' part of a layout key (a leading bit,
#: then a bit per card): a layout made for another limit finds its grouping made already.
_GROUPINGS_BY_KEY: dict[int, tuple[tuple[int, ...], Any]] = {}


def layout_key(hand: Sequence[Card], limit: int) -> int:
    """The key of ``_LAYOUTS`` for a sorted ``hand`` and ``limit`` (0 <= limit < 128): the
    limit with a leading bit, then one bit per card, set when it has the previous card's
    rank. (``TwentyTwoKernel.legal_actions`` works it out inline, the same way.)"""
    key = limit + 128
    prev = 0
    for c in hand:
        r = c.rank
        if r == prev:
            key += key + 1
        else:
            key += key
        prev = r
    return key


#: Each run structure's groups (``_grouping``'s), by the runs' part of a layout key: the
#: group sizes largest first, the positions laid end to end in that order, and the size of
#: the hand's last group. Every prefix of a structure met is kept: a new one is its
#: prefix's (one card fewer) with one card more, a few tuple slices in C.
_GROUPS: dict[int, tuple[tuple[int, ...], tuple[int, ...], int]] = {1: ((1,), (0,), 1)}
_GROUPS[2] = _GROUPS[3] = _GROUPS[1]  # (one card: the first card's bit says nothing)


def _groups(runs_key: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """``_GROUPS[runs_key]``, made from the longest prefix kept (``runs_key >> 1`` is the
    hand less its last card): a last card of a new rank is a group of one, laid last (ties
    stay in hand order); one of the last card's rank moves the hand's last group, the last
    of its size, to the end of the groups one larger."""
    missing = []
    key = runs_key
    while key not in _GROUPS:
        missing.append(key)
        key >>= 1
    counts, order, last = _GROUPS[key]
    for key in reversed(missing):
        p = len(order)  # the new card's position
        if not key & 1:  # a new rank: a group of one, last
            counts += (1,)
            order += (p,)
            last = 1
        else:  # the hand's last group (size ``last``) grows by this card
            g0 = counts.index(last)  # the groups of its size start here
            g1 = g0 + counts.count(last)  # and end here, the hand's last group last
            c0 = sum(counts[:g0])  # its cards' block starts here
            c1 = c0 + last * (g1 - g0)
            counts = (*counts[:g0], last + 1, *counts[g0 : g1 - 1], *counts[g1:])
            grown = tuple(range(p - last, p + 1))  # its cards and this one
            order = (*order[:c0], *grown, *order[c0 : c1 - last], *order[c1:])
            last += 1
        _GROUPS[key] = (counts, order, last)
    return counts, order, last


#: ``tuple(range(n))`` by ``n``: an order that needs no getter.
_IDENTITY = [tuple(range(n)) for n in range(128)]


def _grouping(runs_key: int) -> tuple[tuple[int, ...], Any]:
    """The group sizes, largest first, and the getter that lays them end to end (None when
    that is the hand's own order), for a hand whose runs of a rank are ``runs_key``'s bits
    (``layout``'s: a leading 1, then a bit per card, set when it has the previous card's
    rank, so 0 for the first card). Largest groups first (ties in hand order): the choice
    then depends only on the hand's *shape* (a partition of its size), of which there are
    few, so the table of choices is shared widely. A play-out meets a new structure for
    about one exchange listing in six even after 150 games (thousands in a 3-second run),
    so each is made from its prefix's (``_groups``), not by a loop over its cards."""
    counts, order, _ = _groups(runs_key)
    # (an order of one position is the identity: a getter of several always gives a tuple)
    getter = None if order == _IDENTITY[len(order)] else operator.itemgetter(*order)
    return counts, getter


def layout(
    hand: Sequence[Card], limit: int, key: int
) -> tuple[Any, int, Sequence[int] | None, ExchangeTable | None]:
    """The layout of ``hand`` (sorted) for ``limit``, made and kept under ``key``
    (``layout_key(hand, limit)``; see ``_LAYOUTS``)."""
    if not limit < 128:
        raise ValueError(f"an exchange of at most {limit} cards")
    if not hand:  # (only keep: the layout of one card serves, limit 0)
        hand, limit = (), 0
    n = len(hand)
    runs_key = key & ((1 << n) - 1) | 1 << n
    grouping = _GROUPINGS_BY_KEY.get(runs_key)
    if grouping is None:
        grouping = _GROUPINGS_BY_KEY[runs_key] = _grouping(runs_key)
    counts, getter = grouping
    masks = choice_masks(counts)
    got: tuple[Any, int, Sequence[int] | None, ExchangeTable | None]
    if masks is None:  # (a table too large to list: walked a pick at a time)
        table = exchange_table(counts, limit)
        got = _LAYOUTS[key] = (getter, table.total, None, table)
    else:  # (listed whole: its prefix of at most ``limit`` cards, no table made)
        starts = choice_starts(counts)
        total = starts[limit] if limit < len(starts) else starts[-1]
        got = _LAYOUTS[key] = (getter, total, masks, None)
    return got


_onew: Any = object.__new__


class ExchangeChoices(Sequence[Exchange]):
    """Every exchange (T22-EXCH-1/2) as a lazily indexed sequence: each rank multiset of at
    most ``limit`` cards once, ``keep`` first, then by size. A 13-card hand has up to 8,192
    choices; a random player indexes one without building the rest.

    The hand's groups of a rank are laid end to end, largest first (``_flat``), so a choice
    is a set of positions in it that depends only on the hand's shape: a bit mask, read by
    index from the shape's choices listed whole once (``masks.choice_masks``), and naming a
    choice is one call of the mask's shared ``itemgetter``, in C."""

    __slots__ = ("_flat", "_masks", "_n", "_takes")
    _flat: tuple[Card, ...]  # the hand's groups of a rank laid end to end
    _masks: Sequence[int] | None  # every choice of the shape by index (``masks.choice_masks``)
    _n: int  # how many choices
    _takes: ExchangeTable | None  # (walked for a pick only when ``_masks`` is None)

    def __init__(self, hand: Sequence[Card], limit: int) -> None:
        _lay_out(self, hand, limit)

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, index: int | slice) -> Any:
        if type(index) is int and 0 < index < self._n:  # (a pick: the common call)
            # Made as ``Exchange(cards)`` would be, without its Python ``__init__``: the
            # getter gives a tuple.
            got = _onew(Exchange)
            masks = self._masks  # (the shape's choices, listed: ``masks.choice_masks``)
            if masks is None:  # (a table too large to list: no hand of the game's)
                assert self._takes is not None
                got.cards = _mask_getter(mask_of(self._takes, index))(self._flat)
                return got
            mask = masks[index]
            try:
                get = _GETTERS[mask]
            except KeyError:  # (a mask's first use)
                get = _mask_getter(mask)
            got.cards = get(self._flat)
            return got
        if type(index) is not int:
            if isinstance(index, slice):
                return [self[i] for i in range(*index.indices(self._n))]
            index = operator.index(index)
        if not index:
            return KEEP
        if -self._n <= index < 0:
            return self[index + self._n]
        raise IndexError(index)

    def __iter__(self) -> Iterator[Exchange]:
        for i in range(self._n):
            yield self[i]


#: Several cards of a rank, led, and the pair follows: each set made once, as ``SINGLE`` is
#: for one card (the first cards of a rank in suit order; pairs are made at import by the
#: kernel, other sets on first use).
SETS: dict[tuple[Card, ...], Play] = {}


class LeadChoices(Sequence[Play]):
    """T22-PLAY-2 for a hand without jokers (sorted low to high), read by position: per rank,
    high to low, one card, then two of it, and so on, keeping at least one card; each named
    by the rank's first cards in suit order.

    Nothing is listed up front: the leads correspond one to one with the hand's cards taken
    high to low (the k-th card down a rank's run stands for the lead of k of that rank), so
    there are as many as cards (one fewer when all are of one rank, since a card is kept),
    and a pick names only itself. (Built with ``leads``; the hand is kept as a tuple.)"""

    __slots__ = ("_hand", "_last", "_n")
    _hand: tuple[Card, ...]
    _last: Play  # the several-card lead handed out last (unset until one is)
    _n: int  # how many leads

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, index: int | slice) -> Any:
        hand = self._hand
        n = len(hand)
        if type(index) is not int or not 0 <= index < self._n:
            if isinstance(index, slice):
                return [self[i] for i in range(*index.indices(self._n))]
            index = operator.index(index)
            if -self._n <= index < 0:
                return self[index + self._n]
            raise IndexError(index)
        p = n - 1 - index
        card = hand[p]
        r = card.rank
        e = p + 1  # one past the top of the run of rank r
        if (e == n or hand[e].rank != r) and (not p or hand[p - 1].rank != r):
            return SINGLE[card]  # alone of its rank (most cards)
        while e < n and hand[e].rank == r:
            e += 1
        j = p  # the run's first card
        while j and hand[j - 1].rank == r:
            j -= 1
        k = e - p
        if k == 1:
            return SINGLE[hand[j]]
        cards = hand[j : j + k]
        play = SETS.get(cards)
        if play is None:
            play = SETS[cards] = Play(cards)
        self._last = play  # (``apply`` takes the set it just offered without checking it)
        return play

    def __iter__(self) -> Iterator[Play]:
        for i in range(self._n):
            yield self[i]

    def issued(self, action: Action) -> bool:
        """``action`` is the several-card lead this listing handed out last."""
        try:
            return self._last is action
        except AttributeError:
            return False


def leads(hand: Sequence[Card]) -> LeadChoices:
    """The leads from ``hand`` (no jokers, sorted low to high, not empty): ``LeadChoices``,
    made without a Python ``__init__`` (one a lead)."""
    got = _onew(LeadChoices)
    t = got._hand = tuple(hand)
    got._n = len(t) - (t[0].rank == t[-1].rank)  # all of one rank: one card is kept
    return got


class WildLeadChoices(Sequence[Play]):
    """T22-PLAY-2 with T26-3 for a hand holding jokers and other cards (sorted low to high,
    jokers last), read by position as ``LeadChoices`` is: per rank, high to low, one card of
    it, then with one joker, two, ... (as many as keep a card in hand); then two of it, and
    so on. The order and naming of ``PlayChoices`` over the kernel's ``_lead_sets``: jokers
    first, then the rank's first cards in suit order.

    Nothing is listed up front: each of a rank's ``have`` counts comes with ``jokers + 1``
    joker counts, except that a hand of one plain rank keeps a card back from its largest
    lead (one joker count fewer); so a pick is a division and a look at one run. (Built
    with ``wild_leads``; the hand's plain cards kept as a tuple.)"""

    __slots__ = ("_hand", "_joker", "_jokers", "_last", "_n")
    _hand: tuple[Card, ...]  # the plain cards, low to high
    _joker: Card  # the hand's joker (every joker is the same card)
    _jokers: int  # how many jokers
    _last: Play  # the several-card lead handed out last (unset until one is)
    _n: int  # how many leads

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, index: int | slice) -> Any:
        if type(index) is not int or not 0 <= index < self._n:
            if isinstance(index, slice):
                return [self[i] for i in range(*index.indices(self._n))]
            index = operator.index(index)
            if -self._n <= index < 0:
                return self[index + self._n]
            raise IndexError(index)
        # Each plain card, high to low, stands for ``jokers + 1`` leads (as ``LeadChoices``:
        # the k-th card down a run, the lead of k of its rank), with 0..jokers jokers: one
        # division and a look at the card's run, not a walk down the runs above it.
        hand = self._hand
        q, x = divmod(index, self._jokers + 1)
        n = len(hand)
        p = n - 1 - q
        card = hand[p]
        r = card.rank
        e = p + 1  # one past the top of the run of rank r
        while e < n and hand[e].rank == r:
            e += 1
        j = p  # the run's first card
        while j and hand[j - 1].rank == r:
            j -= 1
        k = e - p
        if k == 1 and not x:
            return SINGLE[hand[j]]
        cards = (self._joker,) * x + hand[j : j + k]
        play = SETS.get(cards)
        if play is None:
            play = SETS[cards] = Play(cards)
        self._last = play  # (``apply`` takes the set it just offered without checking it)
        return play

    def __iter__(self) -> Iterator[Play]:
        for i in range(self._n):
            yield self[i]

    def issued(self, action: Action) -> bool:
        """``action`` is the several-card lead this listing handed out last."""
        try:
            return self._last is action
        except AttributeError:
            return False


def wild_leads(hand: Sequence[Card], top: int) -> WildLeadChoices:
    """The leads from ``hand`` (sorted low to high), whose plain cards are ``hand[: top +
    1]`` (at least one) and the rest jokers (at least one): ``WildLeadChoices``, made
    without a Python ``__init__``."""
    got = _onew(WildLeadChoices)
    plain = got._hand = tuple(hand[: top + 1])
    jokers = got._jokers = len(hand) - 1 - top
    got._joker = hand[-1]
    # Every count of each rank with 0..jokers jokers, but one card is kept: a hand of one
    # plain rank cannot lead all of it with every joker.
    got._n = len(plain) * (jokers + 1) - (plain[0].rank == plain[-1].rank)
    return got


def _lay_out(choices: ExchangeChoices, hand: Sequence[Card], limit: int) -> None:
    """Fill ``choices`` for ``hand`` (sorted) and ``limit``."""
    # The layout depends only on where the (sorted) hand's runs of a rank start: looked up
    # by that, not worked out per listing (it was most of an exchange's).
    key = layout_key(hand, limit)
    got = _LAYOUTS.get(key)
    if got is None:
        got = layout(hand, limit, key)
    getter, choices._n, choices._masks, choices._takes = got
    # A tuple of the cards, not the hand list: that list changes as the seat plays on.
    choices._flat = tuple(hand) if getter is None else getter(hand)


def exchanges(hand: Sequence[Card], limit: int) -> ExchangeChoices:
    """``ExchangeChoices(hand, limit)``, made without a Python ``__init__`` called from C
    (one an exchange)."""
    got = _onew(ExchangeChoices)
    _lay_out(got, hand, limit)
    return got


class PlayChoices(Sequence[Play]):
    """Legal plays as rank multisets, named with held cards only when read: a random player
    picks one index without naming the rest. Plays it hands out are remembered, so ``apply``
    can skip re-checking an action the state itself just offered."""

    __slots__ = ("_hand", "_issued", "_sets")

    def __init__(self, hand: Sequence[Card], sets: list[tuple[int, ...]]) -> None:
        self._hand = hand
        self._sets = sets
        self._issued: dict[int, Play] = {}

    def __len__(self) -> int:
        return len(self._sets)

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self._sets)))]
        ranks = self._sets[index]
        if len(ranks) == 1:
            r = ranks[0]
            for c in self._hand:
                if c.rank == r:
                    play = Play((c,))
                    self._issued[id(play)] = play
                    return play
        # Name the multiset with held cards: per rank, the first ones in suit order; the
        # cards come out high to low because the ranks are listed high to low.
        cards: list[Card] = []
        for r in dict.fromkeys(ranks):
            want = ranks.count(r)
            for c in self._hand:
                if c.rank == r:
                    cards.append(c)
                    want -= 1
                    if not want:
                        break
        play = Play(tuple(cards))
        self._issued[id(play)] = play
        return play

    def __iter__(self) -> Iterator[Play]:
        for i in range(len(self._sets)):
            yield self[i]

    def issued(self, action: Action) -> bool:
        return self._issued.get(id(action)) is action
