"""What a buyer can buy in Money, now or after exchanges (MONEY-BUY-5..13, D12).

Memoised on purses (money as sorted rank tuples): the same few layouts recur all game, and
the forced buyer's "is a purchase still possible after this exchange, with the exchanges
left?" is a small search that would otherwise be repeated on every menu.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import repeat
from math import gcd
from operator import attrgetter

from .actions import GROUND, OPPONENT, Exchange
from .coins import Purse, add, remove


@lru_cache(maxsize=65536)
def direct_purchase(
    bank: Purse, place: Purse, available: int, values: tuple[tuple[int, int], ...]
) -> bool:
    """Some payment from ``bank`` buys 1..``available`` cards with change from ``place``."""
    vals = dict(values)
    for pay in set(bank):
        v = vals[pay]
        if 1 <= v <= available:  # no change
            return True
        for _, worth in _valued(place, values):  # (each change valued once, in C)
            if 1 <= v - worth <= available:
                return True
    return False


def exchanges_between(
    bank: Purse, place: Purse, vals: Mapping[int, int]
) -> tuple[tuple[Purse, Purse], ...]:
    """MONEY-BUY-7: every (give, take) of equal value, take from ``place`` (no no-op swaps)."""
    return _exchange_pairs(bank, place, tuple(sorted(vals.items())))


@lru_cache(maxsize=16384)
def _exchange_pairs(
    bank: Purse, place: Purse, values: tuple[tuple[int, int], ...]
) -> tuple[tuple[Purse, Purse], ...]:
    by_value = _by_value(place, values)
    out: list[tuple[Purse, Purse]] = []
    for g, v in _valued(bank, values):
        ts = by_value.get(v)
        if ts:
            if g in ts:
                out += [(g, t) for t in ts if t != g]
            else:  # (every swap of that value: built in C, a bank of aces meets hundreds)
                out += zip(repeat(g), ts)
    return tuple(out)


@lru_cache(maxsize=4096)
def _valued(p: Purse, values: tuple[tuple[int, int], ...]) -> tuple[tuple[Purse, int], ...]:
    """Every non-empty sub-purse of ``p`` with its value (a purse meets many others)."""
    # ``sub_purses``, each with its value, built together a rank at a time (in its order:
    # the same ways of taking each rank, then the same stable sort by size), not each
    # sub-purse summed after (with aces as money 80 a purse: a fifth of a new place's work)
    worth = dict(values)
    out: list[tuple[Purse, int]] = [((), 0)]
    for r, c in sorted(Counter(p).items(), reverse=True):
        w = worth[r]
        takes = [((r,) * t, w * t) for t in range(c + 1)]  # (made once a rank)
        out = [(s + more, v + dv) for s, v in out for more, dv in takes]
    out.sort(key=_size)
    return tuple(out[1:])


def _size(pair: tuple[Purse, int]) -> int:
    """A valued sub-purse's number of cards (``_valued``'s sort)."""
    return len(pair[0])


@lru_cache(maxsize=4096)
def _by_value(p: Purse, values: tuple[tuple[int, int], ...]) -> dict[int, tuple[Purse, ...]]:
    """The non-empty sub-purses of ``p`` by value (read only). Tuples, not the lists they
    are gathered in: a tuple of purses is untracked once the collector has walked it, and a
    list never is (with aces as money 14,000 lists every full collection walked)."""
    out: dict[int, list[Purse]] = {}
    for sub, v in _valued(p, values):
        out.setdefault(v, []).append(sub)
    return {v: tuple(subs) for v, subs in out.items()}


@lru_cache(maxsize=16384)
def fewest_bought(v: int, there: Purse, values: tuple[tuple[int, int], ...]) -> int:
    """The fewest number cards a payment of value ``v`` buys with change from ``there``:
    ``v`` less the dearest change worth less than ``v`` (MONEY-BUY-5, -6). A seller holding
    at least that many can pay out (``direct_purchase``), whatever more they hold."""
    return v - max((worth for _, worth in _valued(there, values) if worth < v), default=0)


@lru_cache(maxsize=16384)
def exchange_offers(
    bank: Purse, opp: Purse, under: Purse, values: tuple[tuple[int, int], ...]
) -> tuple[Exchange, ...]:
    """Every exchange offer with either place, as shared immutable actions."""
    return offers_with(bank, opp, OPPONENT, values) + offers_with(bank, under, GROUND, values)


@lru_cache(maxsize=16384)
def offers_with(
    bank: Purse, there: Purse, place: str, values: tuple[tuple[int, int], ...]
) -> tuple[Exchange, ...]:
    """Every exchange offer with one place (two banks meet in far fewer ways than three
    zones: the offers with each are made once). Made of ``_exchange_pairs``, which a forced
    buyer's search (``purchase_possible``) reads too."""
    return tuple(_exchange(g, t, place) for g, t in _exchange_pairs(bank, there, values))


def offers_by_blocks(
    bank: Purse, there: Purse, place: str, values: tuple[tuple[int, int], ...]
) -> tuple[Exchange, ...]:
    """``offers_with``'s offers, in its order (each sub-purse the bank gives, ``_valued``,
    with every sub-purse of the place of its value), made of blocks kept for the place by
    what is given (``_offers_for``: a bank meets many places, and a place many banks,
    with the same sub-purses). For a mover buying at will, whose exchanges nothing else
    pairs (``MoneyKernel._swaps``, which keeps them): a forced buyer's search shares
    ``offers_with``'s pairs. A sub-purse of a value the place has none of is passed over
    by its value (an int's hash, not the purse's: with aces as money three sub-purses in
    four, of hundreds a bank)."""
    blocks, there_values = _offers_for(there, place, values)
    out: list[Exchange] = []
    for g, v in _valued(bank, values):
        if v in there_values:
            got = blocks.get(g)
            if got is None:
                got = blocks[g] = _offer_block(g, there_values[v], place)
            out += got
    return tuple(out)


def swaps_by_blocks(
    bank: Purse, opp: Purse, under: Purse, values: tuple[tuple[int, int], ...]
) -> tuple[Exchange, ...]:
    """``offers_by_blocks`` with the opponent's bank ``opp``, then with the ground's money
    ``under`` (``exchange_offers``' order), in one pass over the bank's sub-purses, not
    two (with aces as money a bank has sixty-odd, and each new key of a mover at will
    asks this once: its unpacking was half the pass)."""
    o_blocks, o_values = _offers_for(opp, OPPONENT, values)
    g_blocks, g_values = _offers_for(under, GROUND, values)
    with_opp: list[Exchange] = []
    with_ground: list[Exchange] = []
    for g, v in _valued(bank, values):
        if v in o_values:
            got = o_blocks.get(g)
            if got is None:
                got = o_blocks[g] = _offer_block(g, o_values[v], OPPONENT)
            with_opp += got
        if v in g_values:
            got = g_blocks.get(g)
            if got is None:
                got = g_blocks[g] = _offer_block(g, g_values[v], GROUND)
            with_ground += got
    with_opp += with_ground
    return tuple(with_opp)


@lru_cache(maxsize=4096)
def _offers_for(
    there: Purse, place: str, values: tuple[tuple[int, int], ...]
) -> tuple[dict[Purse, tuple[Exchange, ...]], dict[int, tuple[Purse, ...]]]:
    """The offers with ``place`` holding ``there`` by what is given, filled as asked, and
    the place's sub-purses by value (``_by_value``: what a given sub-purse's value must
    be among to make an offer)."""
    return {}, _by_value(there, values)


def _offer_block(g: Purse, ts: tuple[Purse, ...], place: str) -> tuple[Exchange, ...]:
    """Every offer giving ``g`` for a sub-purse ``ts`` of the place holds of its value (not
    ``g`` itself: no no-op swaps), shared by every place with those sub-purses of that value
    (``_BLOCKS``: with aces as money 24,000 blocks of places were 5,700 of these over two
    games)."""
    key = (g, ts, place)
    got = _BLOCKS.get(key)
    if got is None:
        if len(_BLOCKS) >= _BLOCKS_MAX:
            _BLOCKS.clear()
        got = _BLOCKS[key] = tuple([_exchange(g, t, place) for t in ts if t != g])
    return got


#: ``_offer_block``'s blocks by what is given, the place's sub-purses of its value and the
#: place, and how many it holds before it is emptied.
_BLOCKS: dict[tuple[Purse, tuple[Purse, ...], str], tuple[Exchange, ...]] = {}
_BLOCKS_MAX = 65_536


#: Each exchange made once: the same swaps are offered between many pairs of banks.
_exchange = lru_cache(maxsize=65536)(Exchange)


@lru_cache(maxsize=64)
def _least_purchase(values: tuple[tuple[int, int], ...]) -> int:
    """The fewest cards a purchase can buy: the payment's value less the change is a sum
    of money values, so a multiple of their greatest common divisor, and at least one."""
    return gcd(*(v for _, v in values))


@lru_cache(maxsize=65536)
def purchase_possible(
    bank: Purse,
    opp: Purse,
    under: Purse,
    pile_n: int,
    seller_n: int,
    source: str,
    depth: int,
    values: tuple[tuple[int, int], ...],
) -> bool:
    """A purchase from ``source`` now, or after at most ``depth`` exchanges (either place)."""
    if (pile_n if source == GROUND else seller_n) < _least_purchase(values):
        return False  # no exchange changes what a purchase can buy at the least
    if source == GROUND and direct_purchase(bank, under, pile_n, values):
        return True
    if source == OPPONENT and direct_purchase(bank, opp, seller_n, values):
        return True
    if depth == 0:
        return False
    for place, there in ((OPPONENT, opp), (GROUND, under)):
        for g, t in _exchange_pairs(bank, there, values):
            moved = add(remove(there, t), g)  # the cards given go where the others came from
            new_opp, new_under = (moved, under) if place == OPPONENT else (opp, moved)
            if purchase_possible(
                add(remove(bank, g), t),
                new_opp,
                new_under,
                pile_n,
                seller_n,
                source,
                depth - 1,
                values,
            ):
                return True
    return False


@lru_cache(maxsize=16384)
def exchanges_keeping_a_purchase(
    bank: Purse,
    opp: Purse,
    under: Purse,
    pile_n: int,
    seller_n: int,
    sources: tuple[str, ...],
    left: int,
    values: tuple[tuple[int, int], ...],
) -> tuple[Exchange, ...]:
    """The exchange offers after which a forced buyer still has a purchase from one of
    ``sources`` (with ``left`` exchanges after it), in the order they are offered (money.md
    §12). The same bank, places and counts recur all game long, and above all in a search."""
    offers = exchange_offers(bank, opp, under, values)
    return offers_keeping_a_purchase(
        offers, bank, opp, under, pile_n, seller_n, sources, left, values
    )


def offers_keeping_a_purchase(
    offers: tuple[Exchange, ...],
    bank: Purse,
    opp: Purse,
    under: Purse,
    pile_n: int,
    seller_n: int,
    sources: tuple[str, ...],
    left: int,
    values: tuple[tuple[int, int], ...],
) -> tuple[Exchange, ...]:
    """Those of ``offers`` (the exchange offers of ``bank`` with ``opp`` and ``under``, in
    their order) after which a forced buyer still has a purchase (``exchanges_keeping_a_
    purchase``'s filter; the kernel passes the offers it has listed already for a mover at
    will with the same money, ``MoneyKernel._forced_swaps``).

    ``keeps_purchase``'s first test (a card taken buys no more than a source holds) is made
    here first, against the most any source holds: most offers pass it (a bank of aces
    meets hundreds), and where a source holds as many as the dearest money buys, every
    offer does, so none is tested (``offers`` itself is returned)."""
    room = max((pile_n if src == GROUND else seller_n for src in sources), default=0)
    if room >= max(v for _, v in values):
        return offers  # (every card taken buys no more than a source holds)
    # each offer's cheapest card taken read from a table by what it takes, all in C (with
    # aces as money a forced buyer is offered sixty-odd exchanges, and a generator that
    # valued each one's cards was a twentieth of a bench)
    cheapest = _cheapest_taken(values).__getitem__
    quick = list(map(room.__ge__, map(cheapest, map(_taken, offers))))
    if all(quick):
        return offers
    return tuple(
        x
        for x, ok in zip(offers, quick, strict=True)
        if ok or keeps_purchase(x, bank, opp, under, pile_n, seller_n, sources, left, values)
    )


#: What an exchange takes (``offers_keeping_a_purchase``'s quick test, in C).
_taken = attrgetter("take")


class _Cheapest(dict[Purse, int]):
    """The value of each purse's cheapest card, made when first asked (``__missing__``)."""

    __slots__ = ("worth",)

    def __init__(self, values: tuple[tuple[int, int], ...]) -> None:
        super().__init__()
        self.worth = dict(values)

    def __missing__(self, take: Purse) -> int:
        got = self[take] = min(map(self.worth.__getitem__, take))
        return got


@lru_cache(maxsize=64)
def _cheapest_taken(values: tuple[tuple[int, int], ...]) -> _Cheapest:
    """The cheapest card of what an exchange takes, by what it takes, under ``values`` (a
    few dozen purses a game: shared by every forced buyer's listing)."""
    return _Cheapest(values)


def keeps_purchase(
    x: Exchange,
    bank: Purse,
    opp: Purse,
    under: Purse,
    pile_n: int,
    seller_n: int,
    sources: Sequence[str],
    left: int,
    values: tuple[tuple[int, int], ...],
) -> bool:
    """After exchange ``x``, is a purchase from one of ``sources`` still possible (with
    ``left`` exchanges after it)?"""
    # a card taken that buys no more than a source holds buys there, without change
    taken = [v for r, v in values if r in x.take]
    if taken and any(min(taken) <= (pile_n if src == GROUND else seller_n) for src in sources):
        return True
    nb = add(remove(bank, x.give), x.take)
    if x.place == OPPONENT:
        opp = add(remove(opp, x.take), x.give)
    else:
        under = add(remove(under, x.take), x.give)
    # a purchase at once from any source first: one source found deliverable at once spares
    # a search over the exchanges left of another (the same answer, found sooner)
    return any(
        purchase_possible(nb, opp, under, pile_n, seller_n, src, depth, values)
        for depth in ((0, left) if left else (0,))
        for src in sources
    )
