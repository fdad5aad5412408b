"""Money's kernel: the reference rules (``rules.py``) with the moves of a play-out made fast.

A random play-out is ``legal_actions()``, a pick and ``apply()``, a million times in a
hard bot's search. In the Jordanian game nearly every move is a ``turn`` and the rest
mostly claims; buying at will (Egyptian, MONEY-EG-2) the mover may shop before every turn,
and a random play-out exchanges, buys and sells more often than it turns. So this subclass
overrides only those moves and what they ask:

- ``legal_actions``: the common shapes are constant tuples (``turn``, or ``turn`` and the
  seat's claim); the shop's are put together from parts looked up in tables (``_Tables``),
  each part worked out once by the reference for the few facts it reads; the listing is
  kept until the next move;
- ``apply``: a turn and a claim in the play phase are checked by a few comparisons and
  carried out in place; an exchange, purchase or sale that is one of the steps just
  offered is carried out by the reference's own ``_make_*`` without its checks (they made
  the offer), a mover at will's exchange known by the money where it says, not looked for
  in the listing; the end is checked only where it can have come; everything else, and
  every refusal, is the reference's path;
- ``purse_of``: a zone's purse looked up by one number (``_WEIGHTS``), not sorted again;
- ``clone``: the slots copied by hand.

Every rule is the reference's: ``tests/contract/test_lockstep.py`` plays both side by side
and compares them after every move. A change of rule goes into ``rules.py`` first; then here,
if it touches a turn or a claim, or what a part of the shop is a function of (``_codes``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from itertools import repeat
from operator import is_
from typing import Any

from ... import positions
from ...cards import ACE, JACK, JOKER, JOKER_RANK, KING, QUEEN, SUITS, Card
from ...engine import Action, Event
from ...eventlog import EventLog
from . import wording
from .actions import CLAIMS, GROUND, OPPONENT, TURN, Buy, Claim, Exchange, Sell, Turn
from .coins import Purse, purse
from .purchases import (
    _valued,
    direct_purchase,
    fewest_bought,
    offers_keeping_a_purchase,
    purchase_possible,
    swaps_by_blocks,
)
from .rules import KOMMI, MAX_EXCHANGES, SOURCE_THRESHOLD, Money, MoneyState
from .wording import (
    CAPTURED_BY_MATCH,
    CLAIM_PENALTY,
    CLAIM_WINS,
    FALSE_CLAIMS,
    capture_event,
    turned,
)

#: The turns' shared events (``wording.turned``), looked up inline. Not imported by name:
#: Python 3.11 calls a method of a name bound by an import through LOAD_ATTR, which makes
#: a bound method at every call (``.get`` on every turn was 1.5% of a play-out).
_TURN_EVENTS = wording.TURN_EVENTS
_SHOP_EVENTS = wording.SHOP_EVENTS
_EXCHANGE_ENTRY = wording.EXCHANGE_ENTRY
_exchange_of = wording.exchange_of
#: ``list``'s own item and slice, for the events a turn, a claim, a purchase or a sale
#: logged in an ``EventLog``: those are events, never entries (``eventlog``), so its
#: Python-level ``__getitem__`` (a call more) is not needed. (On a plain ``list`` the
#: subscript itself is cheaper still: a claim's path tests which it has.)
_plain_get = list.__getitem__


#: The legal actions of the common positions, made once: a number card to turn, no shop.
_TURN_ONLY: tuple[Action, ...] = (TURN,)
_TURN_OR_CLAIM: tuple[Sequence[Action], ...] = ((TURN, CLAIMS[0]), (TURN, CLAIMS[1]))

#: The shop's steps the kernel carries out itself when they are offered (``apply``).
_SHOP_STEPS = frozenset((Exchange, Buy, Sell))
#: ``MoneyKernel._now``'s entry beside the seats' listings.
_CODES = "codes"
#: ``MoneyKernel._now``'s entry for ``_market``'s answer.
_MARKET = "market"

#: A money card's weight: a zone's money as one number, the sum of its cards' weights,
#: four bits a rank (a rank has at most four cards). Two zones with the same ranks have the
#: same number whatever their suits and order, so the shop's parts are looked up by small
#: numbers rather than by sorted purses.
_WEIGHTS: dict[Card, int] = {
    Card(r, s): 1 << (4 * (r - JACK)) for r in (JACK, QUEEN, KING, ACE) for s in SUITS
}
_WEIGHTS[JOKER] = 1 << (4 * (JOKER_RANK - JACK))
_weigh = _WEIGHTS.__getitem__
#: A money rank's weight (its cards').
_RANK_WEIGHTS: dict[int, int] = {c.rank: w for c, w in _WEIGHTS.items()}
#: What carrying out an exchange needs (``_exchange_info``, ``_Tables.xinfo``): the
#: exchange itself, the ranks given and taken, whether with the opponent, what it adds to
#: the mover's key and to the other seat's (``MoneyKernel._keys``), and the money it needs
#: in the mover's key: what is given in the mover's zone, what is taken in the place's
#: (``_WEIGHTS``' numbers, side by side as in ``_key``), and the tables it was made for.
_XInfo = tuple[Exchange, tuple[int, ...], tuple[int, ...], bool, int, int, int, "_Tables"]

#: Each zone's count of a rank with its top bit set (a rank has at most four cards, so the
#: bit is free): ``(zone | _HIGH) - part`` keeps every one of them set exactly where the
#: zone holds each rank of ``part`` as often (no nibble borrows from the next).
_HIGH = 0x88888


def _exchange_info(tables: _Tables, act: Exchange) -> _XInfo:
    """``tables.xinfo``'s entry for ``act``, made and kept by its ``id`` (the ``id`` is its
    own while the entry holds the exchange; the offers are made once each, so a few
    thousand in a process; emptied past ``_TABLE_MAX``), and on the exchange itself
    (``Exchange._fast``, where ``apply`` reads it: no ``id`` and look-up a move), with the
    tables it belongs to (an exchange is shared by every set of money values, and legal
    under some only)."""
    xinfo = tables.xinfo
    gw = sum(1 << (4 * (r - JACK)) for r in act.give)
    tw = sum(1 << (4 * (r - JACK)) for r in act.take)
    moved = tw - gw
    # the mover's money gains ``moved``; the place loses it: the opponent's bank (the
    # other seat's own money) or the ground (under, in both keys)
    if act.place == OPPONENT:
        to_mine = moved - (moved << _THEIRS)
        to_other = -to_mine
    else:
        to_mine = moved - (moved << _UNDER)
        to_other = (moved << _THEIRS) - (moved << _UNDER)
    if len(xinfo) >= _TABLE_MAX:
        xinfo.clear()
    opp = act.place == OPPONENT
    need = gw | tw << (_THEIRS if opp else _UNDER)
    got = xinfo[id(act)] = (act, act.give, act.take, opp, to_mine, to_other, need, tables)
    act._fast = got  # (``apply`` reads it there; another tables' overwrites it)
    return got


#: The bits of one zone's money in a seat's key (``MoneyKernel._keys``): five ranks of four.
_BITS = 20
_ZONE = (1 << _BITS) - 1
#: A seat's key: its money, the opponent's above it, the ground's above both.
_THEIRS = _BITS
_UNDER = 2 * _BITS
#: ``_HIGH`` in each zone of a key: ``(key | _HIGH_KEY) - need`` keeps every one of them set
#: exactly where each zone holds what ``need`` asks of it (``_XInfo``), all three at once.
_HIGH_KEY = _HIGH | _HIGH << _THEIRS | _HIGH << _UNDER


#: What a money card paid from the mover's bank to the opponent's takes from the mover's
#: key (``MoneyKernel._keys``) and adds to the opponent's: its weight less the same in the
#: opponent's zone, made once a card (shifts of a two-digit int are general calls).
_PAID: dict[Card, int] = {c: w - (w << _THEIRS) for c, w in _WEIGHTS.items()}
_paid = _PAID.__getitem__


def _key(mine: int, theirs: int, under: int) -> int:
    """A seat's key (``MoneyKernel._keys``) from the three zones' numbers."""
    return mine | theirs << _THEIRS | under << _UNDER


#: Each purchase and sale the shop's tables offer, made once (as ``purchases._exchange``
#: makes each exchange): the same steps recur in many listings (with aces as money 3,465
#: purchases were made in two games, each sorting its change as a purse: 21 distinct).
_buy = lru_cache(maxsize=1024)(Buy)
_sell = lru_cache(maxsize=1024)(Sell)

#: Purses by their number (``MoneyKernel.purse_of``).
_PURSES: dict[int, Purse] = {}

#: Entries a table holds before it is emptied (a long search meets new keys for ever).
_TABLE_MAX = 50_000


#: A mover at will's rows for one key (``MoneyKernel._rows``): the ground's row and its last
#: index, the opponent's and its last index, the exchanges and the turn, and the key
#: ``apply`` may take a known exchange by (``MoneyKernel._shopkey``: None with none left).
_Rows = tuple[list[Any], int, list[Any], int, tuple[Action, ...], int | None]


class _Tables:
    """The shop's parts for one set of money values and one buying rule (the only options
    they depend on: MONEY-EG-2, -4, -5, SY-1), each worked out once by the reference and
    shared by every state with those options, in every game of the process.

    ``pays``: the mover's money (its number) -> each rank it can pay with, high to low,
    with its value, and the dearest value (``_pays``). ``buys``: (source, those payments,
    the money there cut to what change from it can hold, the cards there up to what the
    dearest buys) -> the purchases from that source (``_purchases``): a few hundred keys
    where the mover's, the source's money and its cards counted up to ``_cap`` made
    thousands. ``sales``: (the
    seller's money, the rank paid, the seller's cards up to what it buys) -> the splits,
    made from ``splits``: (the rank paid, the seller's other money cut to what change can
    hold, the cards up to what it buys) -> the splits; ``cuts``: ``_capped``'s answers (a
    few thousand at most, never emptied). For a mover buying at will who need not buy,
    rows of listings indexed by a count of cards (``MoneyKernel._rows``): ``grounds`` and
    ``boughts``: (those payments, the money there cut as ``buys``' is) -> the purchases
    from the ground by the cards on it, and from the opponent by the cards in the
    opponent's stack up to the fewest that pay out every payment (``buys``' own tuples);
    ``rests``: by the number of exchanges made, one table for each whether an exchange is
    left (MONEY-BUY-7, D12), the mover's key (one int, ``_key``) -> the ground's row, the
    opponent's, and the exchanges and the turn, joined once (``_swaps``; a row's places
    fill as they are asked: half the listings to make that one key of every fact made).
    ``forced``,
    ``whole`` and ``sources``: by ``_whole_key``, a forced buyer's exchanges (which look
    ahead), the mover's steps where not buying at will (the source rule looks ahead too),
    and the sources of a forced purchase. ``xinfo``: what carrying out each exchange
    needs, by its ``id`` (``_exchange_info``, which puts it on the exchange too); only
    exchanges the kernel has carried out, each legal somewhere under these money values,
    so of equal value and a change."""

    __slots__ = (
        "boughts",
        "buys",
        "cuts",
        "forced",
        "grounds",
        "pays",
        "rests",
        "sales",
        "sources",
        "splits",
        "whole",
        "xinfo",
    )

    def __init__(self) -> None:
        self.pays: dict[int, tuple[tuple[tuple[int, int], ...], int]] = {}
        self.buys: dict[tuple[Any, ...], tuple[Action, ...]] = {}
        self.cuts: dict[int, int] = {}
        self.splits: dict[tuple[int, int, int], tuple[Action, ...]] = {}
        self.sales: dict[tuple[int, int, int], tuple[Action, ...]] = {}
        self.grounds: dict[tuple[Any, ...], list[Any]] = {}
        self.boughts: dict[tuple[Any, ...], list[Any]] = {}
        left: dict[int, _Rows] = {}
        self.rests = (*[left] * MAX_EXCHANGES, {})
        self.forced: dict[tuple[Any, ...], tuple[Action, ...]] = {}
        self.whole: dict[tuple[Any, ...], tuple[Action, ...]] = {}
        self.sources: dict[tuple[Any, ...], tuple[str, ...]] = {}
        self.xinfo: dict[int, _XInfo] = {}


_TABLES: dict[tuple[Any, ...], _Tables] = {}


def _capped(code: int, most: int, values: dict[int, int]) -> int:
    """A zone's money (its number, ``_WEIGHTS``) with each rank's count cut to what a sum
    of less than ``most`` can hold: change for a payment of ``most`` at the dearest takes
    no more, so two zones equal so cut offer the same change (MONEY-BUY-5, -6)."""
    out = 0
    for rank, v in values.items():
        shift = 4 * (rank - JACK)
        n = (code >> shift) & 15
        most_n = (most - 1) // v
        out |= (n if n < most_n else most_n) << shift
    return out


def _row(table: dict[Any, Any], key: Any, row: Any) -> Any:
    """``row``, kept in ``table`` under ``key``."""
    if len(table) >= _TABLE_MAX:
        table.clear()
    table[key] = row
    return row


def _put(table: dict[Any, Any], key: Any, work: Callable[[], Sequence[Any]]) -> tuple[Any, ...]:
    """``work()``'s answer, as a tuple, kept in ``table`` under ``key``."""
    if len(table) >= _TABLE_MAX:
        table.clear()
    got = table[key] = tuple(work())
    return got


class MoneyKernel(MoneyState):
    """``MoneyState``, fast where play-outs spend their time (see the module docstring)."""

    __slots__ = (
        "_at_will",
        "_bottom",
        "_cap",
        "_keys",
        "_kommi",
        "_limit",
        "_now",
        "_offered",
        "_shopkey",
        "_syrian",
        "_tables",
    )

    def __init__(
        self, game: Money, variant: str, options: dict[str, Any], rng: random.Random
    ) -> None:
        super().__init__(game, variant, options, rng)
        # The options read on every move, read once (a play-out makes a million moves).
        self._at_will = bool(options["buy_at_will"])
        if self._at_will:
            #: Buying at will (MONEY-EG-2) a play-out exchanges at two moves in five: its
            #: log keeps them as entries until read (``eventlog``). Not in the other games,
            #: where an exchange is rare and a claim's events are sliced from the log (a
            #: ``list``'s slice in C; ``EventLog``'s is a Python call).
            self.events = EventLog(self.events)
        self._kommi = bool(options["kommi"])
        self._bottom = bool(options["sell_bottom"])  # MONEY-EG-3
        self._limit = int(options["turn_limit"])
        self._syrian = bool(options["syrian"])  # MONEY-SY-3: a ground purchase's cards
        #: What is known of this position, until the next move: each seat's legal actions
        #: (by seat) and the shop's facts (``_CODES``), asked off the play-outs' path.
        self._now: dict[object, Any] = {}
        #: The mover's steps (``_offers``), until the next move; None: not listed yet. A
        #: slot, not an entry of ``_now``: read and reset at every move.
        self._offered: Sequence[Action] | None = None
        #: Where ``_offered`` is a mover at will's who need not buy (``_shop``) with an
        #: exchange left, the mover's key it was listed for (``_keys``) with ``_HIGH`` set
        #: in each zone (``_HIGH_KEY``, for ``apply``'s test), else None: ``apply`` takes
        #: a known exchange by the money from there. Read only while ``_offered`` is set,
        #: and set wherever it is.
        self._shopkey: int | None = None
        #: The zones' money as each seat sees it, one int a seat (``_key``: its money, the
        #: opponent's, the ground's, ``_WEIGHTS``' numbers side by side), or None. The shop's
        #: rows are looked up by it (one int, not a tuple to make and hash). The kernel's own
        #: moves carry it to the next position (an exchange, a payment, a sale, a turn),
        #: changed by the cards they move, so the listing sums no zone; every other path
        #: forgets it (``_forget``).
        self._keys: list[int] | None = None
        #: No purchase takes more cards than the dearest money card buys: past this many,
        #: the ground's and the seller's cards make no difference to what can be bought
        #: (nor to the source rule, MONEY-BUY-2).
        self._cap = max(SOURCE_THRESHOLD, *self.values.values())
        self._tables = _TABLES.setdefault((self._vkey, self._at_will), _Tables())

    def purse_of(self, cards: Sequence[Card]) -> Purse:
        """Asked a dozen times a move where the mover may shop, of banks that change a few
        times a game: looked up by the zone's number (``_WEIGHTS``)."""
        code = sum(map(_weigh, cards))
        p = _PURSES.get(code)
        if p is None:
            p = _PURSES[code] = purse(c.rank for c in cards)
        return p

    # --- the shop, looked up ---------------------------------------------------------------
    #
    # What the mover may buy and exchange is a function of a few facts (the three zones of
    # money, the cards on the ground and in the opponent's stack, the exchanges made ...),
    # and the same facts recur all game and from game to game. So each part of the
    # listing is worked out once by the reference, for the facts it reads, and looked up
    # after that (``_Tables``). The cards on the ground and in the opponent's stack count
    # only up to what a payment buys (or ``_cap``): no purchase takes more.

    def _codes(self) -> tuple[int, int, int, int, int]:
        """The facts the shop reads: the numbers (``_WEIGHTS``) of the mover's money, the
        opponent's and the ground's, and the cards on the ground and in the opponent's
        stack, up to ``_cap``."""
        now = self._now
        got = now.get(_CODES)
        if got is None:
            m = self.mover
            banks = self.banks
            cap = self._cap
            on_ground = len(self.pile)
            held = len(self.hands[1 - m])
            got = now[_CODES] = (
                sum(map(_weigh, banks[m])),
                sum(map(_weigh, banks[1 - m])),
                sum(map(_weigh, self.under)),
                on_ground if on_ground < cap else cap,
                held if held < cap else cap,
            )
        return got

    def _whole_key(self) -> tuple[Any, ...]:
        """Everything the mover's steps can read: ``_codes``, the exchanges made, the
        purchase made, whether the mover must buy."""
        return (*self._codes(), self.exchanges, self.bought, not self.hands[self.mover])

    def _offers(self) -> Sequence[Action]:
        """The steps of the seat to move: the reference's ``_mover_actions`` (purchases,
        exchanges, the turn; or a seller's splits), looked up, and kept (``_offered``)."""
        got = self._offered
        if got is not None:
            return got
        hand = self.hands[self.mover]
        if hand and self._at_will and not self.bought and self.phase == "play":
            return self._shop()
        if self.phase == "sell":
            got = self._sale_offers()
        elif hand and (self.bought or not self._at_will):
            got = _TURN_ONLY  # no shop open (MONEY-BUY-1, EG-2)
        elif self._at_will and not self.bought:  # a forced buyer's
            mine, theirs, under, on_ground, held = self._codes()
            got = self._buys(GROUND, mine, under, on_ground)
            got += self._buys(OPPONENT, mine, theirs, held)
            if self.exchanges < MAX_EXCHANGES:  # MONEY-BUY-7, D12; they look ahead
                key = self._whole_key()
                swaps = self._tables.forced.get(key)
                if swaps is None:
                    swaps = _put(self._tables.forced, key, self._forced_swaps)
                got += swaps
        else:  # the source rule (MONEY-BUY-2, -13) looks ahead: the whole listing
            key = self._whole_key()
            got = self._tables.whole.get(key)
            if got is None:
                got = _put(self._tables.whole, key, self._mover_actions)
        self._offered = got
        self._shopkey = None  # (not a mover at will's who need not buy: ``apply``)
        return got

    def _shop(self) -> Sequence[Action]:
        """The steps of a mover buying at will who need not buy (MONEY-EG-2: most of an
        Egyptian play-out's moves): the purchases from the ground, then those from the
        opponent, each looked up in a row by the count of cards there (``_rows``), then the
        exchanges and the turn, one tuple for the mover's key (the rows by one int,
        ``_keys``), all made of parts once; joined, and kept (``_offered``). Long for
        speed: no call on a hit. Not inline in ``legal_actions``: its locals would be
        cleared at every call of it, a Jordanian play-out's too."""
        mover = self.mover
        keys = self._keys
        if keys is None:
            keys = self._carry()
        key = keys[mover]
        rows = self._tables.rests[self.exchanges].get(key)
        if rows is None:
            rows = self._rows(key)
        # a row's last place stands for every count from there on (``_rows``: each row
        # with its last index, so no ``len`` a row a listing)
        grounds, glast, boughts, blast, tail, self._shopkey = rows
        n = len(self.pile)
        ground = grounds[n if n < glast else glast]
        if ground is None:
            ground = self._fill_ground(grounds, key, n)
        n = len(self.hands[1 - mover])
        bought = boughts[n if n < blast else blast]
        if bought is None:
            bought = self._fill_rest(boughts, key, n)
        got = self._offered = ground + bought + tail
        return got

    def _carry(self) -> list[int]:
        """Each seat's key (``_keys``) summed from the zones, to be carried from now on."""
        banks = self.banks
        b0 = sum(map(_weigh, banks[0]))
        b1 = sum(map(_weigh, banks[1]))
        under = sum(map(_weigh, self.under))
        keys = self._keys = [_key(b0, b1, under), _key(b1, b0, under)]
        return keys

    def _rows(self, key: int) -> _Rows:
        """The rows for the mover's ``key`` (in the table for the exchanges made): the
        ground's (``grounds``): a place for each count of cards on the ground up to what the
        dearest payment buys (no purchase takes more); the opponent's (``boughts``): a place
        for each count of the opponent's cards up to the fewest that pay out every payment
        the mover can make (``fewest_bought``: from there on, every one can); each shared by
        every key with the same payments and money there as ``_buys`` cuts it (with aces as
        money a key's rows were nearly all made anew for it, and filled anew, 142,000 mostly
        empty places the collector walked after two games), each filled when first asked
        (``_fill_ground``, ``_fill_rest``); and the exchanges with the opponent then with
        the ground while any are left (MONEY-BUY-7, D12: the reference's
        ``exchange_offers``) and the turn, joined once for the key (not in each of the
        opponent's places: with aces as money the places' copies were half the items every
        full collection walked). Each row with its last index, and the key with ``_HIGH_KEY``
        set where an exchange is left, else None (``_shopkey``): ``_shop`` unpacks them, no
        ``len`` of a row nor test of the exchanges made at each listing."""
        mine, under = key & _ZONE, key >> _UNDER
        tables = self._tables
        pays, most = self._paying(mine)
        # Each row is a function of the payments and the money there cut to what change
        # for the dearest payment can hold (``_buys``' key; the fewest bought reads only
        # change worth less than it too), so shared by every key with those: with aces as
        # money a new key nearly always finds both rows made, and filled where asked.
        ground_key = (pays, self._cut(under, most))
        ground = tables.grounds.get(ground_key)
        if ground is None:
            ground = _row(tables.grounds, ground_key, [None] * (most + 1))
        opp_key = (pays, self._cut(key >> _THEIRS & _ZONE, most))
        bought = tables.boughts.get(opp_key)
        if bought is None:
            there = self.purse_of(self.banks[1 - self.mover])
            enough = max((fewest_bought(v, there, self._vkey) for _, v in pays), default=0)
            bought = _row(tables.boughts, opp_key, [None] * (enough + 1))
        tail = _TURN_ONLY  # (shared: a row's own ``(TURN,)`` was a tuple more to track)
        shopkey = None  # (no exchange left: ``apply`` takes none by the money)
        if self.exchanges < MAX_EXCHANGES:
            tail = self._swaps(key) + tail
            shopkey = key | _HIGH_KEY  # (as ``apply``'s test reads it)
        rows = (ground, len(ground) - 1, bought, len(bought) - 1, tail, shopkey)
        return _row(tables.rests[self.exchanges], key, rows)

    def _fill_ground(self, row: list[Any], key: int, on_ground: int) -> tuple[Action, ...]:
        """The ground row's place for ``on_ground`` cards (its last for any more): the
        purchases from the ground."""
        at = on_ground if on_ground < len(row) else len(row) - 1
        got = row[at] = self._buys(GROUND, key & _ZONE, key >> _UNDER, at)
        return got

    def _fill_rest(self, row: list[Any], key: int, held: int) -> tuple[Action, ...]:
        """The opponent's row's place for ``held`` cards in the opponent's stack (its last
        for any more): the purchases from the opponent (``buys``' own tuple)."""
        at = held if held < len(row) else len(row) - 1
        got = row[at] = self._buys(OPPONENT, key & _ZONE, key >> _THEIRS & _ZONE, at)
        return got

    def _forced_swaps(self) -> tuple[Exchange, ...]:
        """The reference's ``_exchange_options`` for a buyer at will who must buy (MONEY-BUY-1,
        -7, money.md §12: those after which a purchase stays possible), filtered from the
        offers a mover at will with the same money was listed (``_rows``' exchanges, nine
        forced buyers in ten: a forced buyer's money is the last mover's at will, and a
        new search of them by ``swaps_by_blocks`` was most of a forced buyer's miss), or
        made by blocks as a mover at will's are. Kept by ``forced`` alone (the reference's
        ``exchanges_keeping_a_purchase`` memo is not asked: one tuple for the collector to
        walk, as before)."""
        bank, opp, under, on_ground, seller_holds = self._market()
        sources = tuple(self._shopping_sources())
        left = MAX_EXCHANGES - self.exchanges - 1
        mine, theirs, below, _, _ = self._codes()
        rows = self._tables.rests[self.exchanges].get(_key(mine, theirs, below))
        offers: tuple[Exchange, ...]
        if rows is not None:  # (the key's exchanges, then the turn: ``_rows``)
            offers = rows[4][:-1]  # type: ignore[assignment]  # exchanges only
        else:
            offers = swaps_by_blocks(bank, opp, under, self._vkey)
        return offers_keeping_a_purchase(
            offers, bank, opp, under, on_ground, seller_holds, sources, left, self._vkey
        )

    def _paying(self, mine: int) -> tuple[tuple[tuple[int, int], ...], int]:
        """``_pays`` for the mover's money ``mine``, looked up."""
        tables = self._tables
        paying = tables.pays.get(mine)
        if paying is None:
            paying = _row(tables.pays, mine, self._pays())
        return paying

    def _buys(self, source: str, mine: int, there: int, count: int) -> tuple[Action, ...]:
        """The reference's ``_purchases_from(source)`` buying at will (MONEY-EG-2: the
        mover may buy from each source that can deliver now, which is each source with a
        purchase to offer), a function of the ranks the mover can pay with, the money there
        cut to what change for the dearest payment can hold (``_capped``) and the cards
        there up to what the dearest payment buys (MONEY-BUY-5, -6)."""
        tables = self._tables
        pays, most = self._paying(mine)
        if not pays:
            return ()
        key = (source, pays, self._cut(there, most), count if count < most else most)
        got = tables.buys.get(key)
        if got is None:
            got = _put(tables.buys, key, partial(self._purchases, *key))
        return got

    def _cut(self, code: int, most: int) -> int:
        """``_capped``, looked up (a zone's money is cut for every purchase listed)."""
        cuts = self._tables.cuts
        key = code * 64 + most  # (no value reaches 64)
        got = cuts.get(key)
        if got is None:
            got = cuts[key] = _capped(code, most, self.values)
        return got

    def _purchases(
        self, source: str, pays: tuple[tuple[int, int], ...], cut: int, count: int
    ) -> list[Action]:
        """The reference's purchases from ``source``, by payment, high to low (its
        ``_purchases_paying`` for each), made of ``_buys``' key: the money there cut to
        what change for the dearest payment can hold (every change offered is worth less
        than its payment, so within the cut; the cut's sub-purses in ``sub_purses``' order
        are the zone's that can be change, in the same order: a lexicographic order kept by
        any subset, then a stable sort by size) and the cards there up to what the dearest
        buys (none buys more). Each change's value read from ``_valued`` of the cut, which
        recurs where the zone's whole money rarely does (with aces as money hundreds of
        sub-purses a zone)."""
        there = _PURSES.get(cut)
        if there is None:
            there = _PURSES[cut] = purse(
                r for r in self.values for _ in range((cut >> (4 * (r - JACK))) & 15)
            )
        out: list[Action] = []
        if source == GROUND:  # MONEY-BUY-5, -6, -9: the buyer's change from under the pile
            valued = _valued(there, self._vkey)
            for pay, v in pays:
                if 1 <= v <= count:
                    out.append(_buy(pay, GROUND))
                out += [_buy(pay, GROUND, ch) for ch, worth in valued if 1 <= v - worth <= count]
        else:  # MONEY-BUY-10: offered if the seller has a split
            for pay, _ in pays:
                if direct_purchase((pay,), there, count, self._vkey):
                    out.append(_buy(pay, OPPONENT))
        return out

    def _swaps(self, key: int) -> tuple[Action, ...]:
        """The exchanges of a mover who need not buy, with the opponent then with the ground
        (the reference's ``exchange_offers``), made by ``swaps_by_blocks`` (whose blocks are
        kept). Not kept whole by place as well: the money in the three zones sums to the
        same in every position, so the mover's and a place's tell the third, and a key's
        row (``_rows``, which keeps them) is the only one ever to ask them (a table of them
        by place, the mover's money and the money there, was never hit, and held with aces
        as money 400,000 items the collector walked). The purses looked up by the
        numbers in the mover's ``key`` (``_PURSES``), not summed from the zones again."""
        m = self.mover
        vkey = self._vkey
        bank = _PURSES.get(key & _ZONE) or self.purse_of(self.banks[m])
        theirs = _PURSES.get(key >> _THEIRS & _ZONE) or self.purse_of(self.banks[1 - m])
        under = _PURSES.get(key >> _UNDER) or self.purse_of(self.under)
        return swaps_by_blocks(bank, theirs, under, vkey)

    def _pays(self) -> tuple[tuple[tuple[int, int], ...], int]:
        """Each rank the mover can pay with, high to low, with its value (MONEY-BUY-4), and
        the dearest value (a purchase buys no more, nor takes more change, than it pays)."""
        ranks = sorted(set(self.purse_of(self.banks[self.mover])), reverse=True)
        values = self.values
        pairs = tuple((pay, values[pay]) for pay in ranks)
        return pairs, max((v for _, v in pairs), default=0)

    def _sale_offers(self) -> Sequence[Action]:
        """The reference's ``_sell_options``: a function of the seller's money, the rank
        paid and the seller's cards up to what it buys."""
        assert self.sale is not None
        buyer, pay, _ = self.sale
        held = len(self.hands[1 - buyer])
        v = self.values[pay]
        keys = self._keys
        theirs = (
            keys[1 - buyer] & _ZONE if keys is not None else sum(map(_weigh, self.banks[1 - buyer]))
        )
        key = (theirs, pay, held if held < v else v)
        got = self._tables.sales.get(key)
        if got is None:
            got = _put(self._tables.sales, key, partial(self._splits, *key))
        return got

    def _splits(self, money: int, pay: int, held: int) -> tuple[Action, ...]:
        """The seller's splits, a function of the rank paid, the seller's money less the
        card paid (never change, MONEY-BUY-6) cut to what change for it can hold
        (``_capped``), and the cards up to what it buys (MONEY-BUY-10)."""
        rest = money - (1 << (4 * (pay - JACK)))
        key = (pay, self._cut(rest, self.values[pay]), held)
        got = self._tables.splits.get(key)
        if got is None:
            got = _put(self._tables.splits, key, partial(self._cut_splits, *key))
        return got

    def _cut_splits(self, pay: int, cut: int, held: int) -> list[Action]:
        """The reference's ``_sell_options`` made of the cut money (``_splits``' key):
        every change it offers is worth less than the payment, so each rank's count in it
        is within the cut, and the cut's sub-purses in ``sub_purses``' order are the
        bank's that can be change, in the same order (a lexicographic order kept by any
        subset, then a stable sort by size); each valued in C (``_valued``), not by a
        Python call of ``value`` for every sub-purse of the whole bank (with aces as money
        hundreds a sale)."""
        v = self.values[pay]
        there = purse(r for r in self.values for _ in range((cut >> (4 * (r - JACK))) & 15))
        out: list[Action] = [_sell(v)] if v <= held else []  # (no change: ``v`` cards)
        out += [_sell(v - w, ch) for ch, w in _valued(there, self._vkey) if 1 <= v - w <= held]
        return out

    def _shopping_sources(self) -> list[str]:
        """The reference's, looked up by everything (``_settle`` asks it whenever the mover
        must buy, and a forced buyer's exchanges read it). A miss buying at will (MONEY-EG-2)
        asks the purchase search (``purchase_possible``, memoised on the purses) for each
        source with the exchanges left, over the position's ``_market``, not the
        reference's dispatch (with aces as money three asks in four missed the table);
        the source rule (MONEY-BUY-2, -13) is the reference's."""
        key = self._whole_key()
        got = self._tables.sources.get(key)
        if got is None:
            got = _put(
                self._tables.sources,
                key,
                self._sources_at_will
                if self._at_will
                else partial(MoneyState._shopping_sources, self),
            )
        return list(got)

    def _sources_at_will(self) -> list[str]:
        """The reference's ``_sources`` buying at will (MONEY-EG-2): each source where a
        purchase can be made now or after the exchanges left."""
        bank, opp, under, on_ground, held = self._market()
        d = MAX_EXCHANGES - self.exchanges
        depth = d if d > 0 else 0
        vkey = self._vkey
        return [
            source
            for source in (GROUND, OPPONENT)
            if purchase_possible(bank, opp, under, on_ground, held, source, depth, vkey)
        ]

    def _market(self) -> tuple[Purse, Purse, Purse, int, int]:
        """The reference's, the cards on the ground and in the opponent's stack counted up
        to ``_cap`` (no purchase takes more), so that the purchase search's memo
        (``purchases.py``) finds them again; kept for the position (``_now``: a forced
        buyer's sources ask it for each source, and the forced buyer's exchanges again),
        its purses looked up by ``_codes``' numbers."""
        now = self._now
        got = now.get(_MARKET)
        if got is None:
            mine, theirs, under, on_ground, held = self._codes()
            m = self.mover
            got = now[_MARKET] = (
                _PURSES.get(mine) or self.purse_of(self.banks[m]),
                _PURSES.get(theirs) or self.purse_of(self.banks[1 - m]),
                _PURSES.get(under) or self.purse_of(self.under),
                on_ground,
                held,
            )
        return got

    # --- contract --------------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        """The reference's, but a constant tuple where nearly every position is (a card to
        turn, no shop open), the mover's steps put together from parts (``_offers``), and
        the listing kept until the next move (a mover buying at will: ``_shop``)."""
        if self.phase == "play":
            mover = self.mover
            if (seat is None or seat == mover) and self.hands[mover]:
                if not self._at_will or self.bought:
                    # the common case, a constant list: a card to turn, no shop open
                    if self.pile and not self._auto:
                        return _TURN_OR_CLAIM[mover]
                    return _TURN_ONLY
                got = self._offered
                if got is None:
                    got = self._shop()
                if self._auto:  # (no claims) the steps themselves, shared and immutable
                    return got
            s = mover if seat is None else seat
        else:
            got = self._offered
            if got is not None and seat is None and self._auto:
                # the seller's splits, looked up as the payment was made (``_make_payment``)
                return got
            to_move = self.to_move()
            if to_move is None:
                return []
            mover = to_move  # the seller
            s = mover if seat is None else seat
            if s == mover and self._auto:  # (no claims) the splits, shared and immutable
                return self._offers()
        now = self._now
        cached = now.get(s)
        if cached is not None:
            return cached
        # a list of its own, as the reference's (``_offers`` keeps its steps to check by)
        out = list(self._offers()) if s == mover else []
        if self.pile and not self._auto:
            out.append(CLAIMS[s])
        now[s] = out
        return out

    def is_over(self) -> bool:
        """The reference's, its comparison a branch: ``return self.phase == "over"`` is a
        comparison CPython 3.11 does not specialise (a generic rich comparison of two
        strings), where a test that jumps is (a play-out asks this at every move)."""
        if self.phase == "over":  # noqa: SIM103  (the branch is the point)
            return True
        return False

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """The reference's, with a turn, a claim and an offered step carried out here. Long
        for speed: the turn's path inline, not one more Python call at nearly every move."""
        kind = type(action)
        if kind is Turn and self.phase == "play":
            # The reference's ``_turn`` for a mover holding a card (turning closes any shop
            # open), checks included, inline (nearly every move is this one); anything else
            # takes the reference's path below.
            m = self.mover
            hand = self.hands[m]
            if (seat is None or seat == m) and hand:
                pile = self.pile
                card = hand.pop(0)
                # matched or not by a branch (a comparison CPython 3.11 specialises, and
                # no ``bool()`` call), each with its part of the event's key
                # (``wording.turn_key``), so no arithmetic of an int and a bool
                if pile and (card.rank == pile[-1].rank or (card is KOMMI and self._kommi)):
                    matched = True
                    code = card.ordinal * 4 + 2 + m
                else:
                    matched = False
                    code = card.ordinal * 4 + m
                pile.append(card)
                turns = self.turns
                self.pile_ids.append(turns)
                self.last = (m, turns, matched)
                self.turns = turns + 1
                n = len(pile)  # the turn's event, made once (``wording.turned``)
                ev = _TURN_EVENTS.get(code * 256 + n)
                if ev is None:
                    ev = turned(m, card, matched, n)
                events = self.events
                events.append(ev)
                nxt = self.mover = 1 - m
                self.exchanges = 0
                self.bought = False
                # what was known goes, but the money (a turn moves none but a capture's)
                self._offered = None
                if self._now:
                    self._now = {}
                if matched and self._auto:  # MONEY-EG-1
                    mark = len(events) - 1  # (the turn's event, then the capture's ...)
                    self._capture(m, CAPTURED_BY_MATCH)
                    keys = self._keys
                    if keys is not None:  # the money under into the mover's bank
                        u = keys[m] >> _UNDER
                        keys[m] += u - (u << _UNDER)
                        keys[1 - m] += (u << _THEIRS) - (u << _UNDER)
                    self._end_check()  # (the ground is empty: MONEY-END-1..3 may have come)
                    return _plain_get(events, slice(mark, None))  # (list or EventLog)
                limit = self._limit
                if (limit and turns >= limit - 1) or not self.hands[nxt]:
                    mark = len(events) - 1
                    self._end_check()  # (MONEY-END-1, -3 may have come)
                    return events[mark:]  # (once a game)
                return [ev]  # (the turn's one event)
        elif kind is Claim and self.phase == "play":
            events = self.events
            mark = len(events)
            if self._fast_claim(action, seat):  # type: ignore[arg-type]  # kind is Claim
                return (
                    events[mark:] if type(events) is list else _plain_get(events, slice(mark, None))
                )
        elif (
            # An exchange the kernel has carried out before under these tables
            # (``Exchange._fast``, ``xinfo``: so of equal value, a change, with a place,
            # under these money values), where the steps offered
            # are a mover at will's who need not buy with an exchange left (``_shopkey``:
            # the mover's key they were listed for), is among them exactly where the money
            # is (those are all of its exchanges, ``_swaps``): the mover's bank holds what
            # it gives, its place what it takes. No scan of the listing (forty steps with
            # aces as money), and no test of the position the listing was made for. Long
            # for speed: inline, not a call at two moves in five.
            kind is Exchange
            and self._offered is not None
            and (key := self._shopkey) is not None
            and (seat is None or seat == self.mover)
            and (info := action._fast) is not None  # type: ignore[union-attr]  # an Exchange
            and info[7] is self._tables
        ):
            if (key - info[6]) & _HIGH_KEY == _HIGH_KEY:  # (``key`` holds ``_HIGH_KEY``)
                return self._exchanged(action, info)  # type: ignore[arg-type]  # an Exchange
            # (the money is not there: refused by the reference's path below)
        elif (
            kind in _SHOP_STEPS
            and self.phase != "over"
            and (seat is None or seat == self.to_move())
            and any(map(is_, self._offered or self._offers(), repeat(action)))
        ):
            # An exchange, a purchase or a sale just offered to the seat to move (that very
            # object: a play-out picks it from the listing) is legal: the reference's checks
            # are what made the offers, so only carrying it out is left (any other, equal
            # or not, takes the reference's path below).
            if kind is Exchange:  # (its event returned unbuilt, and the rest forgotten)
                return self._make_exchange(action)  # type: ignore[arg-type]  # an Exchange
            if kind is Sell:
                self._make_sale(action)  # type: ignore[arg-type]  # kind is Sell
            elif action.source == GROUND:  # type: ignore[union-attr]  # kind is Buy
                self._make_ground_purchase(action)  # type: ignore[arg-type]  # kind is Buy
            else:  # the seller's splits listed with the facts at hand (``_offered``)
                self._make_payment(action)  # type: ignore[arg-type]  # kind is Buy
                if self._now:
                    self._now = {}
                return [_plain_get(self.events, -1)]
            # No offered step can end the game (the reference's ``_settle`` finds nothing):
            # the turns are as they were (MONEY-END-3); a forced buyer is offered only the
            # exchanges after which a purchase stays possible (END-1, money.md §12); and
            # after a purchase or a sale the buyer holds cards, the seller the card paid,
            # the ground the payment (END-1, -2). What was known of the position goes, but
            # the zones' money, which the kernel's own steps have kept (``_keys``).
            self._offered = None
            if self._now:
                self._now = {}
            return [_plain_get(self.events, -1)]  # (each step logs one event)
        # The reference by name, not ``super()``: a method that says ``super()`` pays for
        # its closure on every call, and this one and ``legal_actions`` run every move.
        made = MoneyState.apply(self, action, seat)
        self._forget()
        return made

    def _forget(self) -> None:
        """Forget what was known of the position (the listings, the money carried): any
        path but the kernel's own moves may have changed it."""
        if self._now:
            self._now = {}
        self._offered = None
        self._keys = None

    def _fast_claim(self, act: Claim, seat: int | None) -> bool:
        """The reference's ``_claim`` and ``_capture`` in the play phase, checks included;
        False (changing nothing) where the general path is needed (every refusal)."""
        who = act.seat if act.seat is not None else (seat if seat is not None else self.mover)
        if (seat is not None and act.seat is not None and seat != act.seat) or who not in (0, 1):
            return False
        pile = self.pile
        if self._auto or not pile:
            return False
        last = self.last
        events = self.events
        if last is not None and last[0] == who and last[2] and self.pile_ids[-1] == last[1]:
            taker, words = who, CLAIM_WINS
        else:
            taker, words = 1 - who, CLAIM_PENALTY
            events.append(FALSE_CLAIMS[who])
        under = self.under
        self.hands[taker] += pile
        if under:
            self.banks[taker] += under
        events.append(capture_event(taker, words, len(pile), under))
        self.pile, self.pile_ids, self.under = [], [], []
        # what was known goes, the money too (the ground's moved): ``_forget``, inline (a
        # Jordanian play-out claims at a move in three)
        if self._now:
            self._now = {}
        self._offered = None
        self._keys = None
        # MONEY-END-1..3 where a claim can bring them (the ground is empty now)
        hands, banks, limit = self.hands, self.banks, self._limit
        if (
            not hands[self.mover]
            or (limit and self.turns >= limit)
            or not ((hands[0] or banks[0]) and (hands[1] or banks[1]))
        ):
            self._settle()
        return True

    def _settle(self) -> None:
        """The reference's where MONEY-END-1..3 can have come (the mover must buy, the
        turn limit is reached, or the ground is empty and a player holds nothing), once
        what was known of the position before the move is forgotten (the reference's
        checks may have looked the shop up before it changed)."""
        self._forget()
        phase = self.phase
        if phase == "over":
            return
        limit = self._limit
        hands = self.hands
        if (limit and self.turns >= limit) or (
            phase == "play"
            and (
                not hands[self.mover]
                or (
                    not (self.pile or self.under)
                    and not ((hands[0] or self.banks[0]) and (hands[1] or self.banks[1]))
                )
            )
        ):
            MoneyState._settle(self)

    def _take_money(self, cards: list[Card], ranks: Sequence[int]) -> list[Card]:
        """The reference's, each card found without counting (an exchange takes money
        twice, and a play-out exchanges at nearly every other move)."""
        taken = []
        for r in ranks:
            for c in cards:
                if c.rank == r:
                    cards.remove(c)  # (the first of its rank: cards are unique)
                    taken.append(c)
                    break
            else:  # pragma: no cover - callers check first
                return MoneyState._take_money(self, cards, [r])  # (refused, as there)
        return taken

    def _make_exchange(self, act: Exchange) -> list[Event]:  # type: ignore[override]
        """The reference's, by ``_exchanged`` (with what carrying it out needs, ``xinfo``),
        returning its event (``_exchanged``'s, unbuilt)."""
        info = act._fast
        if info is None or info[7] is not self._tables:
            info = _exchange_info(self._tables, act)
        return self._exchanged(act, info)

    def _exchanged(self, act: Exchange, info: _XInfo) -> list[Event]:
        """The reference's ``_make_exchange``, inline (a random play-out exchanges at two
        moves in five): each card found by a loop, the event made here
        (``wording.exchanged``'s, its cards as tuples), the money carried (``_keys``); and
        what was known of the position forgotten but the money (``apply``'s work after an
        offered step, here where ``apply``'s path for an exchange returns its event). Long
        for speed: one function, not one more Python call at two moves in five."""
        _, gives, takes, to_opponent, to_mine, to_other, _, _ = info
        m = self.mover
        banks = self.banks
        mine = banks[m]
        zone = banks[1 - m] if to_opponent else self.under
        # each card found by a loop, and packed for the log (``wording.packed_codes``; by
        # ``*`` and ``+``, which CPython 3.11 specialises for ints, not ``<<`` and ``|``)
        given = []
        g = 0
        for r in gives:
            for c in mine:
                if c.rank == r:
                    mine.remove(c)  # (the first of its rank: cards are unique)
                    given.append(c)
                    g = g * 128 + c.ordinal
                    break
        taken = []
        t = 0
        for r in takes:
            for c in zone:
                if c.rank == r:
                    zone.remove(c)
                    taken.append(c)
                    t = t * 128 + c.ordinal
                    break
        if to_opponent:
            zone += given
        else:
            zone[:0] = given  # lowest, as the latest payment (MONEY-ZONE-3)
        mine += taken
        self.exchanges += 1
        keys = self._keys
        if keys is not None:
            keys[m] += to_mine
            keys[1 - m] += to_other
        self._offered = None
        if self._now:
            self._now = {}
        # The event as an entry of ints and strings (``eventlog``), made when read: nothing
        # the collector follows once it has seen it, where an ``Event`` and its dict stayed
        # tracked all game (an exchange's event and the collector's walks over the log were
        # a fifth of a play-out with aces as money). A log set from a save is a plain list:
        # the event itself there.
        entry = (_EXCHANGE_ENTRY, m, g, t, act.place)
        log = self.events
        if type(log) is EventLog:
            log.append(entry)  # type: ignore[arg-type]  # (an entry, ``eventlog``)
            made = EventLog()  # (and ``append``: ``EventLog((entry,))`` costs half as much again)
            made.append(entry)  # type: ignore[arg-type]  # (an entry)
            return made
        ev = _exchange_of(entry)
        log.append(ev)
        return [ev]

    def _make_payment(self, act: Buy) -> None:
        """The reference's, inline (a random Egyptian play-out pays the opponent at one
        move in seven): the card found by a loop, the event looked up."""
        m = self.mover
        mine = self.banks[m]
        rank = act.pay
        for pay in mine:
            if pay.rank == rank:
                mine.remove(pay)
                break
        else:  # pragma: no cover - the offer was checked
            self._keys = None  # (its money not carried)
            self._offered = None
            MoneyState._make_payment(self, act)
            return
        self.banks[1 - m].append(pay)
        keys = self._keys
        if keys is not None:
            d = _PAID[pay]
            keys[m] -= d
            keys[1 - m] += d
        self.sale = (m, rank, pay)
        self.phase = "sell"
        self.events.append(_SHOP_EVENTS.get(("p", m, pay)) or wording.paid_opponent(m, pay))
        # The seller's splits (``_sale_offers``), looked up here where the facts are at hand
        # (a random play-out pays the opponent at a move in seven, and lists the sale next).
        if keys is None:
            self._offered = None
            return
        held = len(self.hands[1 - m])
        v = self.values[rank]
        key = (keys[1 - m] & _ZONE, rank, held if held < v else v)
        got = self._tables.sales.get(key)
        if got is None:
            got = _put(self._tables.sales, key, partial(self._splits, *key))
        self._offered = got
        self._shopkey = None  # (a seller's: ``apply``)

    def _make_ground_purchase(self, act: Buy) -> None:
        """The reference's, inline (a random Egyptian play-out buys from the ground at one
        move in thirty, and the reference's path cost three moves: ``value``, two
        ``_take_money`` calls, a new pile and the event's key made by ``wording``): each card
        found by a loop, the cards bought cut from the pile in place, the event looked up;
        and the money it moves carried (``_keys``: the payment under the pile, the change
        into the buyer's bank), so that the next shop sums no zone. Syrian (MONEY-SY-3: the
        top cards, oldest first) takes the reference's path."""
        if self._syrian:
            self._keys = None  # (its money not carried)
            MoneyState._make_ground_purchase(self, act)
            return
        m = self.mover
        values = self.values
        under = self.under
        ranks = act.change
        n = values[act.pay]
        change = []
        for r in ranks:  # MONEY-BUY-9: change from under the pile
            n -= values[r]
            for c in under:
                if c.rank == r:
                    under.remove(c)  # (the first of its rank: cards are unique)
                    change.append(c)
                    break
        rank = act.pay
        mine = self.banks[m]
        for pay in mine:
            if pay.rank == rank:
                mine.remove(pay)
                break
        under.insert(0, pay)  # lowest (MONEY-BUY-8)
        pile = self.pile
        got = pile[:n]  # the bottom ``n`` (MONEY-BUY-5)
        del pile[:n]
        del self.pile_ids[:n]
        self.hands[m] += got  # under any cards the buyer holds (MONEY-BUY-11)
        mine += change
        self.bought = True
        ev = _SHOP_EVENTS.get(("b", m, pay, n, *change))
        self.events.append(ev if ev is not None else wording.bought_from_ground(m, pay, n, change))
        keys = self._keys
        if keys is not None:  # as an exchange with the ground (``_exchange_info``)
            moved = sum(map(_RANK_WEIGHTS.__getitem__, ranks)) - _RANK_WEIGHTS[rank]
            keys[m] += moved - (moved << _UNDER)
            keys[1 - m] += (moved << _THEIRS) - (moved << _UNDER)

    def _make_sale(self, act: Sell) -> None:
        """The reference's, inline (each payment to the opponent is followed by a sale):
        change of other ranks than the card just paid found in the seller's bank (it is
        never change, MONEY-BUY-6), as the reference takes it from the rest."""
        assert self.sale is not None
        buyer, rank, _ = self.sale
        if rank in act.change:  # change of the rank just paid: the reference's care
            self._keys = None  # (its money not carried)
            MoneyState._make_sale(self, act)
            return
        seller = 1 - buyer
        hand = self.hands[seller]
        count = act.count
        if self._bottom:  # MONEY-EG-3
            got = hand[-count:]
            del hand[-count:]
        else:
            got = hand[:count]
            del hand[:count]
        self.hands[buyer] += got
        change = []
        if act.change:
            bank = self.banks[seller]
            for r in act.change:
                for c in bank:
                    if c.rank == r:  # (not the card paid: another rank)
                        bank.remove(c)
                        change.append(c)
                        break
            self.banks[buyer] += change
            keys = self._keys
            if keys is not None:
                d = sum(map(_paid, change))  # (as paid from the seller's bank)
                keys[buyer] += d
                keys[seller] -= d
        self.sale = None
        self.phase = "play"
        self.mover = buyer
        self.bought = True
        # the event shared (``wording.sold``'s), looked up inline
        ev = _SHOP_EVENTS.get(("s", seller, count, *change))
        self.events.append(ev if ev is not None else wording.sold(seller, count, change))

    def _end_check(self) -> None:
        """The reference's ``_settle`` where a turn can have brought MONEY-END-1..3."""
        limit = self._limit
        hands = self.hands
        if (limit and self.turns >= limit) or not hands[self.mover]:
            self._settle()  # MONEY-END-3, or END-1: the next player must buy
        elif not (self.pile or self.under) and not (
            (hands[0] or self.banks[0]) and (hands[1] or self.banks[1])
        ):
            self._settle()  # MONEY-END-2: one player holds every card

    def clone(self, rng: random.Random | None = None, *, events: bool = True) -> MoneyKernel:
        """The reference's copy, field by field (a search makes one every iteration)."""
        new = object.__new__(type(self))
        for name in _SLOTS:
            setattr(new, name, getattr(self, name))
        new.rng = positions.copy_rng(self.rng) if rng is None else rng
        new.hands = [h[:] for h in self.hands]
        new.banks = [b[:] for b in self.banks]
        new.pile = self.pile[:]
        new.pile_ids = self.pile_ids[:]
        new.under = self.under[:]
        new.winners_list = self.winners_list[:]
        new.events = self.events.copy() if events else EventLog() if self._at_will else []
        new._now = {}
        new._offered = None
        new._keys = None
        return new


#: Every field of a kernel state (the reference's and the kernel's own).
_SLOTS = MoneyState.__slots__ + MoneyKernel.__slots__
