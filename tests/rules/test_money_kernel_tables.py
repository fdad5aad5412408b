"""Money's kernel looks the shop up in tables keyed by less than the whole position
(``kernel._Tables``: purchases by the payments and the money cut to what change can hold,
splits likewise). Two positions with the same key must list the same steps: here each
switch of the Egyptian game (and the Jordanian and Syrian games) is played at random on the
kernel, its tables shared with every other position of the process as in a play-out, and at
positions along the way the listing of every seat is compared with the reference's for the
same position (loaded from the kernel's JSON), order included.

The lockstep test compares the same thing move for move over a few games; this one spreads
many cheaper probes over every switch, where reduced keys would collide if they could.
"""

from __future__ import annotations

import gc
import json
import random
from collections import Counter
from itertools import product
from typing import Any

import pytest
from scale import FULL

from cardsuite.cards import Card
from cardsuite.engine import Event, IllegalAction
from cardsuite.eventlog import EventLog
from cardsuite.games.money import kernel, wording
from cardsuite.games.money.actions import GROUND, OPPONENT, Exchange
from cardsuite.games.money.coins import purse, sub_purses
from cardsuite.games.money.kernel import _WEIGHTS, MoneyKernel, _key
from cardsuite.games.money.purchases import (
    _valued,
    direct_purchase,
    exchange_offers,
    keeps_purchase,
    offers_by_blocks,
    offers_keeping_a_purchase,
    offers_with,
    swaps_by_blocks,
)
from cardsuite.games.money.rules import GAME, MAX_EXCHANGES, MoneyState

SWITCHES: list[tuple[str, dict[str, Any]]] = [
    ("egyptian", {}),
    ("egyptian", {"auto_capture": False}),
    ("egyptian", {"buy_at_will": False}),
    ("egyptian", {"sell_bottom": False}),
    ("egyptian", {"scale": "standard"}),
    ("egyptian", {"scale": "b"}),
    ("egyptian", {"aces_money": True}),
    ("egyptian", {"kommi": True}),
    ("egyptian", {"jokers": True}),
    ("jordanian", {"buy_at_will": True}),
    ("syrian", {}),
]
#: Moves played per switch, and one position in ``EVERY`` compared (with the next move
#: after a purchase, sale or forced buy compared too: the rarer listings).
MOVES = 2500
EVERY = 8


def _texts(state: MoneyState, seat: int | None) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


@pytest.mark.parametrize(("variant", "options"), SWITCHES, ids=lambda v: str(v))
def test_kernel_listing_is_the_references(variant: str, options: dict[str, Any]) -> None:
    rng = random.Random(35)
    seed = 0
    state = GAME.new_state(variant=variant, options=options, seed=seed)
    assert isinstance(state, MoneyKernel)
    compared = rare = 0
    for move in range(MOVES):
        if state.is_over():
            seed += 1
            state = GAME.new_state(variant=variant, options=options, seed=seed)
        unusual = state.phase == "sell" or (state.phase == "play" and state.must_buy())
        if unusual or move % EVERY == 0:
            reference = MoneyState.from_json(GAME, state.to_json_light())
            assert type(reference) is MoneyState
            # the seat to move's (None) too: the kernel may list it by a path of its own (a
            # seller's splits looked up as the payment was made)
            for seat in (None, 0, 1):
                assert _texts(state, seat) == _texts(reference, seat), (move, seat)
            compared += 1
            rare += unusual
        state.apply(rng.choice(state.legal_actions()))
    assert compared > MOVES // EVERY
    if options.get("buy_at_will", variant == "egyptian"):
        assert rare > 0  # sales and forced purchases were among the positions compared


def test_sub_purses_each_once_in_the_order_of_the_counts_product() -> None:
    """``coins.sub_purses`` (built a rank at a time) lists every sub-multiset once, in the
    order of ``itertools.product`` over the ranks' counts, high rank first, then by size:
    purchases, splits and exchanges are offered in that order."""
    for counts in product(range(3), range(5), range(2), range(4)):
        p = purse([r for r, c in zip((15, 14, 12, 11), counts, strict=True) for _ in range(c)])
        ranks = sorted(Counter(p).items(), reverse=True)
        expected = [
            tuple(r for (r, _), t in zip(ranks, takes, strict=True) for _ in range(t))
            for takes in product(*(range(c + 1) for _, c in ranks))
        ]
        expected.sort(key=len)
        assert sub_purses(p) == tuple(expected)


@pytest.mark.parametrize("options", [{}, {"aces_money": True}, {"jokers": True}], ids=str)
def test_valued_is_every_sub_purse_in_order_with_its_value(options: dict[str, Any]) -> None:
    """``purchases._valued`` (each sub-purse built with its value, a rank at a time) is
    ``coins.sub_purses`` (less the empty one), in its order, each with its value: the order
    in which exchanges, purchases and splits are offered."""
    values, purses = _purses_of_every_shape(options)
    vals = dict(values)
    for p in purses:
        expected = tuple((sub, sum(vals[r] for r in sub)) for sub in sub_purses(p)[1:])
        assert _valued(p, values) == expected


@pytest.mark.parametrize(("variant", "options"), SWITCHES, ids=lambda v: str(v))
def test_carried_money_is_the_zones(variant: str, options: dict[str, Any]) -> None:
    """The zones' money the kernel's own moves carry to the next position (``_keys``, each
    seat's money, the opponent's and the ground's side by side: an exchange, a payment, a
    sale, a turn and its capture change it by the cards they move) is each zone's sum, at
    every position it is carried to, for every switch."""
    rng = random.Random(36)
    seed = 0
    state = GAME.new_state(variant=variant, options=options, seed=seed)
    assert isinstance(state, MoneyKernel)
    carried = 0
    for _ in range(MOVES // 2):
        if state.is_over():
            seed += 1
            state = GAME.new_state(variant=variant, options=options, seed=seed)
        keys = state._keys
        if keys is not None:
            b0, b1, under = map(_zone_money, (*state.banks, state.under))
            assert keys == [_key(b0, b1, under), _key(b1, b0, under)]
            carried += 1
        state.apply(rng.choice(state.legal_actions()))
    if options.get("buy_at_will", variant == "egyptian"):
        assert carried > MOVES // 8  # most shop listings read the money carried


def _zone_money(cards: list[Card]) -> int:
    return sum(_WEIGHTS[c] for c in cards)


def _purses_of_every_shape(options: dict[str, Any]) -> tuple[Any, list[Any]]:
    """The money values of Egyptian with ``options``, and every purse of up to two cards of
    each money rank."""
    values = GAME.new_state(variant="egyptian", options=options, seed=0)._vkey
    ranks = sorted(dict(values), reverse=True)
    purses = [
        purse([r for r, c in zip(ranks, counts, strict=False) for _ in range(c)])
        for counts in product(range(3), repeat=len(ranks))
    ]
    return values, purses


@pytest.mark.parametrize("options", [{}, {"aces_money": True}], ids=str)
def test_direct_purchase_is_a_payment_less_some_change(options: dict[str, Any]) -> None:
    """``purchases.direct_purchase`` (its change valued once per place, ``_valued``) says
    whether some payment from the bank less some sub-purse of the place as change buys
    1..available cards (MONEY-BUY-5, -6), as counted out here for purses of every shape."""
    values, purses = _purses_of_every_shape(options)
    vals = dict(values)
    found = 0
    for bank, place, available in product(purses[::5], purses[::3], range(17)):
        expected = any(
            1 <= vals[pay] - sum(vals[r] for r in change) <= available
            for pay in set(bank)
            for change in sub_purses(place)
        )
        assert direct_purchase(bank, place, available, values) is expected
        found += expected
    assert 0 < found < len(purses[::5]) * len(purses[::3]) * 17


@pytest.mark.parametrize("options", [{}, {"aces_money": True}, {"jokers": True}], ids=str)
def test_offers_with_are_the_exchanges_between_in_order(options: dict[str, Any]) -> None:
    """``purchases.offers_with`` and ``offers_by_blocks`` (the kernel's, built of blocks
    kept by what is given, ``_offers_for``) offer every exchange of equal value between the
    bank and the place, no no-op swaps (MONEY-BUY-7), in the order of every sub-purse given
    and then every sub-purse taken, for purses of every shape (the reference shares
    ``purchases.py``: the lockstep test cannot see it)."""
    values, purses = _purses_of_every_shape(options)
    vals = dict(values)
    offered = 0
    for bank, there, place in product(purses[::4], purses[::3], (OPPONENT, GROUND)):
        expected = [
            (g, t, place)
            for g in sub_purses(bank)[1:]
            for t in sub_purses(there)[1:]
            if g != t and sum(map(vals.__getitem__, g)) == sum(map(vals.__getitem__, t))
        ]
        got = [(x.give, x.take, x.place) for x in offers_with(bank, there, place, values)]
        assert got == expected
        assert offers_by_blocks(bank, there, place, values) == offers_with(
            bank, there, place, values
        )
        offered += len(got)
    assert offered


@pytest.mark.parametrize("options", [{}, {"aces_money": True}, {"jokers": True}], ids=str)
def test_swaps_by_blocks_are_the_exchange_offers_in_order(options: dict[str, Any]) -> None:
    """``purchases.swaps_by_blocks`` (the kernel's: both places in one pass over the bank's
    sub-purses) offers the reference's ``exchange_offers``, in its order: every exchange
    with the opponent, then every one with the ground, for purses of every shape."""
    values, purses = _purses_of_every_shape(options)
    offered = 0
    for bank, opp, under in product(purses[::5], purses[::4], purses[::7]):
        got = swaps_by_blocks(bank, opp, under, values)
        assert got == exchange_offers(bank, opp, under, values)
        assert got == offers_by_blocks(bank, opp, OPPONENT, values) + offers_by_blocks(
            bank, under, GROUND, values
        )
        offered += len(got)
    assert offered


def test_exchange_entries_are_the_exchange_events() -> None:
    """An exchange carried out by the kernel is logged as an entry (``eventlog``: ints
    and strings, nothing the collector follows once seen) that reads as the reference's
    event (``wording.exchanged``), is returned by ``apply`` unbuilt, and is saved and
    loaded as that event; a log loaded from a save (a plain list) gets the event itself
    (MONEY-BUY-7)."""
    cards = sorted(_WEIGHTS, key=lambda c: c.code)
    rng = random.Random(3)
    for _ in range(200):
        side = rng.sample(cards, rng.randint(1, 6))
        packed = 0
        for c in side:
            packed = packed * 128 + c.ordinal
        assert wording.packed_codes(packed) == tuple(c.code for c in side)
    state = GAME.new_state(players=2, variant="egyptian", options={"aces_money": True}, seed=4)
    assert type(state) is MoneyKernel and type(state.events) is EventLog
    exchanged = loaded = 0
    while not state.is_over() and (exchanged < 20 or loaded < 20):
        action = rng.choice(state.legal_actions())
        if type(action) is Exchange and exchanged >= 20:
            # the same move on the position loaded from a save: a plain list for a log
            twin = GAME.from_json(state.to_json())
            assert type(twin.events) is list
            got = twin.apply(action)
            assert type(got) is list and type(twin.events[-1]) is Event
            assert got == [twin.events[-1]]
            loaded += 1
        mover = state.mover
        made = state.apply(action)
        if type(action) is not Exchange:
            continue
        exchanged += 1
        raw = list.__getitem__(state.events, -1)
        assert type(raw) is tuple and type(made) is EventLog
        gc.collect()
        assert not gc.is_tracked(raw)
        want = wording.exchanged(
            mover,
            [Card.parse(c) for c in made[0].data["give"]],
            [Card.parse(c) for c in made[0].data["take"]],
            action.place,
        )
        assert made == [want] and state.events[-1] == want
        assert json.loads(json.dumps(made[0].to_json())) == json.loads(json.dumps(want.to_json()))
        if loaded:
            assert twin.events == state.events
    assert exchanged >= 20 and loaded >= 1


@pytest.mark.parametrize(("variant", "options"), SWITCHES[:-1], ids=lambda v: str(v))
def test_exchanges_found_by_money_are_the_offered(variant: str, options: dict[str, Any]) -> None:
    """``MoneyKernel.apply`` takes an exchange it has carried out before (``_Tables.xinfo``)
    from a mover at will who need not buy by the money where it says (no scan of the
    listing): at positions of random games, with the money carried and not (a clone, a
    reloaded copy), each such exchange is carried out exactly where it is offered, to the
    reference's position, and refused elsewhere."""
    rng = random.Random(37)
    seed = 0
    state = GAME.new_state(variant=variant, options=options, seed=seed)
    assert isinstance(state, MoneyKernel)
    checked = found = by_money = 0
    # (a position in 16 by default: 600-odd exchanges tried per switch; in 8 it was the
    # slowest test of the folder, 31 s of CPU)
    every = EVERY if FULL else 2 * EVERY
    for move in range(MOVES // 2):
        if state.is_over():
            seed += 1
            state = GAME.new_state(variant=variant, options=options, seed=seed)
        known = [info[0] for info in state._tables.xinfo.values()]
        if move % every == 0 and state._at_will and state.to_move() is not None and known:
            offered = {a.key for a in state.legal_actions()}
            saved = state.to_json()
            loaded, reference = GAME.from_json(saved), MoneyState.from_json(GAME, saved)
            for x in rng.sample(known, min(len(known), 8)):
                after = None
                if x.key in offered:
                    then = reference.clone()
                    then.apply(x)
                    after = then.to_json()
                # listed first or not (the known exchange is taken by the money only where
                # the shop was just listed, ``_shopkey``), with the money carried or not
                for listed in (False, True):
                    carried = state.clone()
                    carried._keys = None if state._keys is None else list(state._keys)
                    for copy in (carried, loaded.clone()):
                        assert isinstance(copy, MoneyKernel)
                        if listed:
                            copy.legal_actions()
                            by_money += copy._shopkey is not None
                        try:
                            copy.apply(x)
                        except IllegalAction:
                            assert after is None
                        else:
                            assert copy.to_json() == after
                found += after is not None
                checked += 1
        state.apply(rng.choice(state.legal_actions()))
    if options.get("buy_at_will", variant == "egyptian"):
        assert checked > 200 and 0 < found < checked and by_money > 200


@pytest.mark.parametrize(
    ("variant", "options"),
    [s for s in SWITCHES if s[1].get("buy_at_will", s[0] == "egyptian")],
    ids=lambda v: str(v),
)
def test_splits_made_of_the_cut_money_are_the_references(
    variant: str, options: dict[str, Any]
) -> None:
    """A seller's splits made of the money cut to what change for the payment can hold
    (``MoneyKernel._cut_splits``, in ``_splits``' key) are the reference's, made from the
    whole bank, order included, at every sale of random games of each switch that sells
    (worked out from scratch: no table between them)."""
    rng = random.Random(37)
    seed = 0
    state = GAME.new_state(variant=variant, options=options, seed=seed)
    assert isinstance(state, MoneyKernel)
    sales = 0
    for _ in range(MOVES):
        if state.is_over():
            seed += 1
            state = GAME.new_state(variant=variant, options=options, seed=seed)
        if state.phase == "sell" and state.sale is not None:
            buyer, pay, _ = state.sale
            seller = 1 - buyer
            v = state.values[pay]
            rest = _zone_money(state.banks[seller]) - _WEIGHTS_BY_RANK[pay]
            held = min(len(state.hands[seller]), v)
            made = state._cut_splits(pay, kernel._capped(rest, v, state.values), held)
            assert [a.key for a in made] == [a.key for a in MoneyState._sell_options(state)]
            sales += 1
        state.apply(rng.choice(state.legal_actions()))
    assert sales > MOVES // 40


#: A money rank's weight (``kernel._WEIGHTS``), by rank.
_WEIGHTS_BY_RANK = {c.rank: w for c, w in _WEIGHTS.items()}


@pytest.mark.parametrize(
    ("variant", "options"),
    [s for s in SWITCHES if s[1].get("buy_at_will", s[0] == "egyptian")],
    ids=lambda v: str(v),
)
def test_purchases_made_of_the_cut_money_are_the_references(
    variant: str, options: dict[str, Any]
) -> None:
    """A mover's purchases from each source made of ``_buys``' key (the payments, the
    money there cut to what change for the dearest can hold, the cards there up to what
    the dearest buys: ``MoneyKernel._purchases``) are the reference's
    ``_purchases_from``, made from the whole zones, order included, at positions of random
    games of each switch that buys at will (worked out from scratch: no table between)."""
    rng = random.Random(38)
    seed = 0
    state = GAME.new_state(variant=variant, options=options, seed=seed)
    assert isinstance(state, MoneyKernel)
    compared = 0
    for move in range(MOVES):
        if state.is_over():
            seed += 1
            state = GAME.new_state(variant=variant, options=options, seed=seed)
        if state.phase == "play" and move % 4 == 0:
            m = state.mover
            pays, most = state._pays()
            for source, zone, count in (
                (GROUND, state.under, len(state.pile)),
                (OPPONENT, state.banks[1 - m], len(state.hands[1 - m])),
            ):
                if not pays:
                    break
                cut = kernel._capped(_zone_money(zone), most, state.values)
                made = state._purchases(source, pays, cut, min(count, most))
                reference = MoneyState._purchases_from(state, source)
                assert [a.key for a in made] == [a.key for a in reference], (move, source)
                compared += 1
        state.apply(rng.choice(state.legal_actions()))
    assert compared > MOVES // 8


@pytest.mark.parametrize("options", [{}, {"aces_money": True}], ids=str)
def test_forced_buyers_exchanges_from_the_rows_are_the_references(options: dict[str, Any]) -> None:
    """A forced buyer at will's exchanges (MONEY-BUY-1, -7, money.md §12) are filtered from
    the exchanges already listed for a mover at will with the same money (``_rows``), where
    that key was listed (``MoneyKernel._forced_swaps``), else made anew: either way the
    reference's listing, order included. The forced table is emptied before each listing,
    so that the filter runs each time, and the path from the rows must have been taken."""
    rng = random.Random(11)
    seed = 0
    state = GAME.new_state(variant="egyptian", options=options, seed=seed)
    from_rows = compared = 0
    for _ in range(6000):
        if state.is_over():
            seed += 1
            state = GAME.new_state(variant="egyptian", options=options, seed=seed)
        assert isinstance(state, MoneyKernel)
        if state.phase == "play" and state.must_buy() and state.exchanges < MAX_EXCHANGES:
            mine, theirs, under, _, _ = state._codes()
            from_rows += _key(mine, theirs, under) in state._tables.rests[state.exchanges]
            state._tables.forced.clear()
            reference = MoneyState.from_json(GAME, state.to_json_light())
            assert _texts(state, None) == _texts(reference, None)
            compared += 1
        state.apply(rng.choice(state.legal_actions()))
    assert compared > 0
    assert from_rows > 0


@pytest.mark.parametrize("options", [{}, {"aces_money": True}, {"jokers": True}], ids=str)
def test_offers_keeping_a_purchase_are_those_after_which_one_stays(options: dict[str, Any]) -> None:
    """``purchases.offers_keeping_a_purchase`` (its quick test of each offer's cheapest card
    taken read from a table, ``_cheapest_taken``, in C) keeps exactly the offers after which
    ``keeps_purchase`` (MONEY-BUY-1, -7, money.md §12: a purchase from a source stays
    possible) holds, in their order, for purses of every shape and counts on both sides of
    the dearest money (the reference shares ``purchases.py``: the lockstep test cannot see
    it)."""
    values, purses = _purses_of_every_shape(options)
    counts = sorted({0, 1, 3, *(v - 1 for _, v in values), *(v for _, v in values)})
    seen: Counter[bool] = Counter()
    k = len(purses) // 27  # (three times the purses with aces as money: a third as many)
    for bank, opp, under in product(purses[5 :: 9 * k], purses[3 :: 7 * k], purses[1 :: 11 * k]):
        offers = exchange_offers(bank, opp, under, values)
        for pile_n, seller_n, left in product(counts, (0, 2), (0, 1)):
            for sources in ((GROUND,), (OPPONENT,), (GROUND, OPPONENT), ()):
                expected = tuple(
                    x
                    for x in offers
                    if keeps_purchase(x, bank, opp, under, pile_n, seller_n, sources, left, values)
                )
                got = offers_keeping_a_purchase(
                    offers, bank, opp, under, pile_n, seller_n, sources, left, values
                )
                assert got == expected
                seen[True] += len(got)
                seen[False] += len(offers) - len(got)
    assert seen[True] and seen[False]


@pytest.mark.parametrize("options", [{}, {"aces_money": True}, {"buy_at_will": False}], ids=str)
def test_forced_buyers_sources_are_the_references(options: dict[str, Any]) -> None:
    """A forced buyer's sources (MONEY-BUY-2, -13, EG-2), which the end (MONEY-END-1) and
    the forced buyer's exchanges read: the kernel's (buying at will: each source where the
    purchase search finds a purchase over the position's ``_market``, no table) are the
    reference's for the same position, ground, opponent, both or none."""
    rng = random.Random(5)
    seed = 0
    state = GAME.new_state(variant="egyptian", options=options, seed=seed)
    seen: Counter[tuple[str, ...]] = Counter()
    for _ in range(6000):
        if state.is_over():
            seed += 1
            state = GAME.new_state(variant="egyptian", options=options, seed=seed)
        assert isinstance(state, MoneyKernel)
        if state.phase == "play" and not state.bought:
            reference = MoneyState.from_json(GAME, state.to_json_light())
            got = state._shopping_sources()
            assert got == reference._shopping_sources()
            seen[tuple(got)] += 1
        state.apply(rng.choice(state.legal_actions()))
    assert len(seen) >= 3
