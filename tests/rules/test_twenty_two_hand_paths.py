"""The shortcuts of Twenty-Two's exchange listing and of its once-a-hand path give what the
general code gives: the exchange a position lists is the shared table's reading of its
hand, whatever number keys the layout; the draw for the deal draws what ``rng.sample`` draws;
the seat order looked up for a set of active seats is the one worked out seat by seat."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from ranks import rank_groups
from walks import walk

from cardsuite.cards import by_rank, pack
from cardsuite.games.twenty_two import actions, rules
from cardsuite.games.twenty_two.actions import KEEP, ExchangeChoices, layout_key
from cardsuite.games.twenty_two.sets import ExchangeTable


def _runs(hand: list) -> tuple[bool, ...]:  # type: ignore[type-arg]
    return tuple(a.rank == b.rank for a, b in pairwise(hand))


def test_a_layout_key_stands_for_one_shape_of_runs_and_one_limit() -> None:
    """Two (hand, limit) with one key have the same runs of a rank and the same limit, so
    one shared layout serves them both; hands of every size up to 26 cards."""
    rng = random.Random(3)
    cards = list(pack(decks=2))
    seen: dict[int, tuple[tuple[bool, ...], int]] = {}
    for trial in range(3000):
        hand = sorted(rng.sample(cards, trial % 27), key=by_rank)
        limit = rng.randint(0, len(hand))
        got = seen.setdefault(layout_key(hand, limit), (_runs(hand), limit))
        assert got == (_runs(hand), limit)
    assert len(seen) > 1000


@pytest.mark.parametrize("variant", ["standard", "paper-scores", "twenty-six"])
def test_the_listed_exchanges_are_the_table_s_reading_of_the_hand(variant: str) -> None:
    """T22-EXCH-1/2: what ``legal_actions`` lists in the exchange (its inline layout key and
    lookup) names, choice by choice, each group's first cards as the shared table takes
    them, ``keep`` first, and as many choices as the table counts."""
    checked = 0
    for st, rng in walk("twenty-two", variant, range(60), lambda s: 2 + s % 5, deals=6):
        if st.phase != "exchange":
            continue
        legal = st.legal_actions()
        hand = st.hands[st.turn]
        limit = min(len(hand), len(st.stock))
        groups = rank_groups(hand)
        table = ExchangeTable(tuple(len(g) for g in groups), limit)
        assert type(legal) is ExchangeChoices and len(legal) == table.total
        assert legal[0] is KEEP
        picks = range(table.total) if table.total < 40 else rng.sample(range(table.total), 40)
        for i in picks:
            want = [c for g, t in zip(groups, table.take(i), strict=True) for c in g[:t]]
            assert type(legal[i].cards) is tuple and list(legal[i].cards) == want
        assert [a.cards for a in legal] == [a.cards for a in ExchangeChoices(hand, limit)]
        checked += 1
    assert checked > 500


def test_a_choice_s_getter_reads_what_it_takes() -> None:
    """``getter_of`` reads a choice's cards off the groups laid end to end as a tuple (one
    card too), for every choice and limit."""
    for counts in [(2, 1, 1), (1,), (3, 2), (1, 1, 1, 1, 1)]:
        size = sum(counts)
        flat = tuple("abcdefgh"[:size])
        for limit in range(size + 1):
            table = ExchangeTable(counts, limit)
            for i in range(1, table.total):
                got = table.getter_of(i)(flat)
                assert type(got) is tuple and got == tuple(flat[p] for p in table.positions[i])


def test_an_offered_exchange_and_a_foreign_equal_one_play_alike() -> None:
    """T22-EXCH-1/3: the pick a listing just offered, an equal exchange made elsewhere and
    an earlier pick of the same listing give the same hand, discards, stock and events; a
    foreign exchange of a card not held is refused with its reason, changing nothing."""
    from cardsuite.engine import IllegalAction
    from cardsuite.games.twenty_two.actions import Exchange

    game = rules.GAME
    checked = 0
    for seed in range(150):
        st = game.new_state(players=2 + seed % 5, variant="paper-scores", seed=seed)
        rng = random.Random(seed)
        while not st.is_over() and st.hand_no < 4:
            legal = st.legal_actions()
            if type(legal) is ExchangeChoices and len(legal) > 2:
                first = legal[1]
                i = rng.randrange(1, len(legal))
                mine, other, again = st.clone(), st.clone(), st.clone()
                offered = mine.legal_actions()[i]
                events = mine.apply(offered)
                assert events == other.apply(Exchange(offered.cards))
                assert mine.to_json() == other.to_json()
                listing = again.legal_actions()
                earlier = listing[i]
                listing[1]  # (a later pick: ``earlier`` is no longer the last offered)
                assert again.apply(earlier) == events
                assert again.to_json() == other.to_json()
                foreign = st.hands[(st.turn + 1) % st.n][0]
                before = st.to_json()
                with pytest.raises(IllegalAction, match="do not hold"):
                    st.apply(Exchange((*first.cards[:-1], foreign)))
                assert st.to_json() == before
                checked += 1
            st.apply(legal[int(rng.random() * len(legal))])
    assert checked > 200


def test_the_shared_layouts_are_keyed_as_the_listing_keys_them() -> None:
    """Every layout made so far sits under the key its own hand gives (none is filed under
    a number the inline loop would not work out)."""
    game = rules.GAME
    for seed in range(30):
        st = game.new_state(players=4, seed=seed)
        hand = st.hands[st.turn]
        limit = min(len(hand), len(st.stock))
        st.legal_actions()
        got = actions._LAYOUTS[layout_key(hand, limit)]
        assert got[1] == len(st.legal_actions())


@pytest.mark.parametrize("n", [1, 10, 21, 22, 40, 52, 104, 108])
def test_the_draw_samples_what_rng_sample_does(n: int) -> None:
    """``_sample`` draws the very cards ``random.Random.sample`` draws and leaves the
    generator where it leaves it, for every size of draw (the written-out walk for a few
    from many, ``sample`` itself otherwise)."""
    population = list(range(100, 100 + n))
    for seed in range(200):
        for k in range(min(n, 9) + 1):
            a, b = random.Random(seed), random.Random(seed)
            assert rules._sample(a, population, k) == b.sample(population, k)
            assert a.getstate() == b.getstate()


def test_the_draw_leaves_another_generator_to_its_own_sample() -> None:
    """A generator of another class keeps its own ``sample``."""

    class Counting(random.Random):
        calls = 0

        def sample(self, population, k, *, counts=None):  # type: ignore[no-untyped-def]
            Counting.calls += 1
            return super().sample(population, k, counts=counts)

    rules._sample(Counting(1), list(range(52)), 4)
    assert Counting.calls == 1


def test_the_seat_order_looked_up_is_the_one_worked_out() -> None:
    """For every set of active seats at every table size, ``_nxt`` and ``_live`` are each
    seat's next active seat and the active seats in order."""
    rng = random.Random(5)
    for n in range(2, 13):
        st = rules.GAME.new_state(players=n, seed=n)
        for _ in range(40):
            st.active = [rng.random() < 0.6 for _ in range(n)]
            st._seat_order()
            assert st._nxt == tuple(st._next_active(s) for s in range(n))
            assert st._live == tuple(s for s in range(n) if st.active[s])


def test_games_with_eliminations_and_redraws_still_load_and_continue_alike() -> None:
    """A game played to its end (seats going out, tied losers drawing for the deal) and the
    same game saved halfway and continued from its JSON give the same events."""
    game = rules.GAME
    redraws = 0
    for seed in range(40):
        st = game.new_state(players=5, seed=seed)
        rng = random.Random(seed)
        saved = None
        while not st.is_over():
            if saved is None and st.hand_no == 3:
                saved = (st.to_json(), rng.getstate(), len(st.events))
            legal = st.legal_actions()
            st.apply(legal[int(rng.random() * len(legal))])
        redraws += sum(e.kind == "dealer" for e in st.events) - 1
        if saved is None:
            continue
        data, state, mark = saved
        other = game.from_json(data)
        rng.setstate(state)
        while not other.is_over():
            legal = other.legal_actions()
            other.apply(legal[int(rng.random() * len(legal))])
        assert [e.to_json() for e in other.events[mark:]] == [e.to_json() for e in st.events[mark:]]
    assert redraws > 10


def test_a_deal_after_eliminations_goes_round_the_active_seats() -> None:
    """T22-DEAL-2: with seats out, the deal (its order looked up by the active seats) starts
    at the dealer's first active left-hand neighbour and gives the seats that are out none."""
    game = rules.GAME
    checked = 0
    for seed in range(60):
        st = game.new_state(players=2 + seed % 6, seed=seed)
        rng = random.Random(seed)
        while not st.is_over():
            hand_no = st.hand_no
            legal = st.legal_actions()
            st.apply(legal[int(rng.random() * len(legal))])
            if st.hand_no != hand_no and not st.is_over() and not all(st.active):
                seats = st._active_from_left_of(st.dealer)
                assert st.exchange_queue in ([], seats)
                assert all(len(st.hands[s]) == st.deal_size for s in seats)
                assert all(not st.hands[s] for s in range(st.n) if not st.active[s])
                checked += 1
    assert checked > 50


@pytest.mark.parametrize("variant", ["standard", "beat-the-leader", "equal-cards"])
def test_three_card_follows_listed_plainly_are_the_general_enumeration(variant: str) -> None:
    """T22-PLAY-6, T22-LEADER-1: the plain list of three-card follows names the same cards,
    in the same order, as ``PlayChoices`` over the general rank-set enumeration; a listed
    follow and an equal one made elsewhere play alike, and a three-card play that is not
    listed is refused with a reason, changing nothing."""
    from cardsuite.engine import IllegalAction
    from cardsuite.games.twenty_two.actions import Play, PlayChoices

    plain = lazy = 0
    for st, rng in walk("twenty-two", variant, range(400), lambda s: 3 + s % 3, deals=8):
        if not (st.phase == "play" and st.trick and len(st.trick[0][1]) == 3):
            continue
        hand = st.hands[st.turn]
        if hand[-1].rank == 15:
            continue
        legal = st.legal_actions()
        named = PlayChoices(hand, st._follow_sets(hand))
        assert [a.cards for a in legal] == [a.cards for a in named]
        if type(legal) is list:
            plain += 1
        else:
            lazy += 1
        keys = {a.key for a in legal}
        for _ in range(3):  # a few held three-card plays the rules refuse
            act = Play(tuple(rng.sample(hand, 3)))
            if act.key in keys:
                continue
            before = st.to_json()
            with pytest.raises(IllegalAction) as why:
                st.apply(act)
            assert str(why.value) and st.to_json() == before
        mine, other = st.clone(), st.clone()  # (the walk itself goes on from ``st``)
        listed = mine.legal_actions()
        act = listed[int(rng.random() * len(listed))]  # one the copy offered itself
        assert mine.apply(act) == other.apply(Play(tuple(reversed(act.cards))))
        assert mine.to_json() == other.to_json()
    assert plain > 100 and lazy > 3


@pytest.mark.parametrize(
    "counts", [(1,) * 10, (2, 1, 1, 1, 1, 1), (4, 3, 2, 2, 1), (3, 3, 1), (8, 4, 1), (1,), (2,)]
)
def test_a_small_table_read_whole_reads_what_each_read_gives(counts: tuple[int, ...]) -> None:
    """A table of at most ``WHOLE`` choices reads every choice on its first read; each is
    what reading it alone gives, for the full table and every shared prefix of it."""
    from cardsuite.games.twenty_two.sets import WHOLE, _Prefix

    size = sum(counts)
    flat = tuple(range(100, 100 + size))
    full = ExchangeTable(counts, size)
    assert full.total <= WHOLE
    full.getter_of(full.total - 1)
    assert len(full.getters) == full.total - 1  # (all but keep)
    alone = ExchangeTable(counts, size)
    for i in range(1, full.total):
        assert full.positions[i] == alone.positions_of(i)
        assert full.getters[i](flat) == tuple(flat[p] for p in alone.positions[i])
    for limit in range(size):
        prefix = _Prefix(ExchangeTable(counts, size), limit)
        for i in range(prefix.total - 1, 0, -1):
            assert prefix.getter_of(i)(flat) == tuple(flat[p] for p in alone.positions[i])
