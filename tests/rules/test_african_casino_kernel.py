"""African Casino's kernel tables (issue 35) against what they stand for in ``units.py`` and
``rules.py``, over random layouts, hands and pile tops. The lockstep test plays the kernel
against the reference game by game; these pin each table alone, including the layouts a
play-out seldom reaches (ties of value, several pile tops, both aces)."""

from __future__ import annotations

import gc
import operator
import random
from collections.abc import Iterator

import pytest

from cardsuite.cards import ACE, Card
from cardsuite.engine import State
from cardsuite.games.african_casino import kernel
from cardsuite.games.african_casino.actions import order_key, set_value
from cardsuite.games.african_casino.builds import _match
from cardsuite.games.african_casino.rules import FULL
from cardsuite.games.african_casino.units import (
    OTHER_CAP,
    Item,
    mask_packings,
    packings,
    partition,
    sums,
    units,
    worth,
)

ROUNDS = 400


def _random_play(state: State, rng: random.Random) -> Iterator[int | None]:
    """Every position of ``state``'s game to its end: yields the seat to move, and when asked
    for the next, plays a random legal step drawn from ``rng`` (the walk the tests below check
    the kernel's parts on)."""
    while not state.is_over():
        yield state.to_move()
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def _layout(rng: random.Random) -> tuple[tuple[Card, ...], tuple[Item, ...]]:
    """Loose cards (up to ten, so values repeat) and up to three pile tops, all distinct."""
    picked = rng.sample(FULL, rng.randrange(0, 14))
    k = rng.randrange(0, 4) if len(picked) > 3 else 0
    tops = tuple((card, seat) for seat, card in enumerate(picked[:k], start=1))
    return tuple(picked[k:]), tops


def test_ordered_sums_are_the_sums_with_each_set_in_order() -> None:
    """``_ordered_sums``: ``units.sums``' sets in its order, each set in ``order_key``'s;
    ``_walk_sums``: ``units.sums`` itself (a layout of no card or one answered at once)."""
    rng = random.Random(35)
    ties = small = 0
    for _ in range(ROUNDS):
        loose, _ = _layout(rng)
        ties += len({set_value(c) for c in loose}) < len(loose)
        small += len(loose) < 2
        table = sums(loose)
        walk = kernel._walk_sums(loose)
        assert walk == table and list(walk) == list(table)
        ordered = kernel._ordered_sums(loose)
        assert list(ordered) == list(table)
        for total, sets in table.items():
            assert ordered[total] == tuple(tuple(sorted(s, key=order_key)) for s in sets)
    assert ties > ROUNDS // 4  # (the path that sorts a set with two cards of one value)
    assert small > 0  # (the path with no walk)


def test_the_sums_of_two_cards_are_the_walks() -> None:
    """``_two_sums`` (a layout of two cards, written out) is ``units.sums`` for every
    ordered pair of the pack, keys in the same order, and each set in ``order_key``'s order
    for the other table (ties of value, and pairs worth more than 14, among them)."""
    for a in FULL:
        for b in FULL:
            if a is b:
                continue
            walk, ordered = kernel._two_sums(a, b)
            table = sums((a, b))
            assert walk == table and list(walk) == list(table), (a, b)
            assert list(ordered) == list(table)
            for total, sets in table.items():
                assert ordered[total] == tuple(tuple(sorted(s, key=order_key)) for s in sets)


def test_the_sums_of_three_cards_are_the_walks() -> None:
    """``_three_sums`` (a layout of three cards of three values, written out) is
    ``units.sums`` for ordered triples of the pack, keys in the same order, each set in
    ``order_key``'s order for the other table; a tie of value is left to the walk (None).
    Among them the triples where two sets share a total ({b, c} worth {a}) and those worth
    more than 14 in part."""
    rng = random.Random(45)
    shared = over = ties = 0
    for _ in range(4000):
        a, b, c = rng.sample(FULL, 3)
        got = kernel._three_sums(a, b, c)
        x, y, z = sorted((set_value(a), set_value(b), set_value(c)), reverse=True)
        if len({x, y, z}) < 3:
            assert got is None
            ties += 1
            continue
        assert got is not None
        walk, ordered = got
        table = sums((a, b, c))
        assert walk == table and list(walk) == list(table), (a, b, c)
        assert list(ordered) == list(table)
        for total, sets in table.items():
            assert ordered[total] == tuple(tuple(sorted(s, key=order_key)) for s in sets)
        assert kernel._layout_sums((a, b, c)) == (walk, ordered)
        shared += y + z == x
        over += x + y + z > 14
    assert shared > 50 and over > 500 and ties > 200


@pytest.mark.parametrize("ace_high", [True, False])
def test_capture_units_and_reach_are_the_units(ace_high: bool) -> None:
    """``_take_units`` is ``units.units`` for a capture (same units, same order), and
    ``_reach`` (kept, for INSIST-2's test) and ``_tops_reach`` (a listing's, from the
    layout's sums) hold exactly the values that have one."""
    rng = random.Random(36)
    for _ in range(ROUNDS // 2):
        loose, tops = _layout(rng)
        reach = kernel._reach(loose, tops, ace_high)
        listed = kernel._tops_reach(kernel._walk_sums(loose), kernel._top_subsets(tops), ace_high)
        for v in range(1, 15):
            found = units(loose, v, ace_high, tops)
            assert kernel._take_units(loose, v, ace_high, tops) == found
            assert (v in reach) == bool(found), (loose, tops, v)
            assert (v in listed) == bool(found), (loose, tops, v)


def _group(unit: tuple[Item, ...]) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """A unit as a capture holds it: its loose cards, then its pile tops' seats."""
    return tuple(c for c, s in unit if s is None), tuple(s for _, s in unit if s is not None)


@pytest.mark.parametrize("ace_high", [True, False])
def test_capture_groups_are_the_units_and_their_packings(ace_high: bool) -> None:
    """``_take_groups`` (a listing's units, as a capture holds them) is ``_take_units`` with
    each unit split into its loose cards and its tops' seats, in the same order; and
    ``_group_packings`` of them is ``packings`` of the units, packing for packing, in the
    same order (the listing's order of captures)."""
    rng = random.Random(42)
    packed = 0
    for _ in range(ROUNDS // 2):
        loose, tops = _layout(rng)
        table = kernel._walk_sums(loose)
        for v in range(1, 15):
            found = kernel._take_units(loose, v, ace_high, tops)
            groups = kernel._take_groups(v, ace_high, kernel._top_subsets(tops), table)
            assert groups == [_group(u) for u in found], (loose, tops, v)
            if 2 <= len(found) <= 12:
                packed += 1
                maximal, other = packings(found)
                got_max, got_other = kernel._group_packings(tuple(groups))
                assert got_max == [tuple(_group(u) for u in p) for p in maximal]
                assert got_other == [tuple(_group(u) for u in p) for p in other]
    assert packed > ROUNDS // 4


@pytest.mark.parametrize("ace_high", [True, False])
def test_a_capture_plan_of_one_unit_and_no_build_is_that_unit(ace_high: bool) -> None:
    """``_capture_plan`` of one unit and no build (answered at once) is the packings'
    answer: the one capture taking that unit, its cards and piles as sets; with a build,
    the plan of the same unit lists more (the build with it, alone, and the unit alone)."""
    rng = random.Random(45)
    plan = kernel._capture_plan.__wrapped__
    one = 0
    for _ in range(ROUNDS):
        loose, tops = _layout(rng)
        table = kernel._walk_sums(loose)
        for v in range(1, 15):
            found = tuple(kernel._take_groups(v, ace_high, kernel._top_subsets(tops), table))
            if len(found) != 1:
                continue
            one += 1
            cards, seats = found[0]
            want = ((False, (found[0],), frozenset(cards), frozenset(seats)),)
            for maximal_only in (False, True):
                assert plan(found, False, maximal_only) == want
            assert plan(found, True, False)[1:] == (
                (False, (found[0],), frozenset(cards), frozenset(seats)),
                (True, (), frozenset(), frozenset()),
            )
    assert one > 100


def test_the_build_alone_is_the_plan_of_no_unit_and_a_build() -> None:
    """``_BUILD_ALONE``, which a listing hands a value with a build and no unit to take
    without asking ``_capture_plan``, is that plan (the build taken alone, CASINO-CAP-1),
    with or without INSIST-3's maximal captures only; with no build there is nothing."""
    plan = kernel._capture_plan.__wrapped__
    for maximal_only in (False, True):
        assert plan((), True, maximal_only) == kernel._BUILD_ALONE
        assert plan((), False, maximal_only) == ()


def test_a_tables_less_one_card_is_the_table_of_the_layout_without_it() -> None:
    """``_without`` (a base's table of the other loose cards, read off the whole layout's)
    holds the sets ``_ordered_sums`` finds without that card, in the same order; and where
    a base is worth its value (``_Target.rest``: not an ace as 14), what a listing asks of
    it (sets of two cards or more worth the value, any set worth less) the whole layout's
    table answers the same."""
    rng = random.Random(40)
    for _ in range(ROUNDS):
        loose, _ = _layout(rng)
        whole = kernel._ordered_sums(loose)
        for base in loose:
            rest = tuple(c for c in loose if c is not base)
            without = kernel._without(whole, base)
            assert without == kernel._ordered_sums(rest), (loose, base)
            v = set_value(base)
            for t in range(1, v):
                assert whole.get(t) == without.get(t), (loose, base, t)
            two = [s for s in whole.get(v, ()) if len(s) >= 2]
            assert two == [s for s in without.get(v, ()) if len(s) >= 2], (loose, base)


@pytest.mark.parametrize("ace_high", [True, False])
def test_a_values_units_are_found_from_the_whole_layout(ace_high: bool) -> None:
    """A capture plan is kept by its units, found from the whole layout (``_capture_list``):
    they are the units among the loose cards worth at most the value (and the aces), which
    alone can be in them."""
    rng = random.Random(41)
    for _ in range(ROUNDS // 2):
        loose, tops = _layout(rng)
        for v in range(1, 15):
            part = tuple(c for c in loose if c.rank <= v or c.rank == ACE)
            whole = kernel._take_units(loose, v, ace_high, tops)
            assert whole == kernel._take_units(part, v, ace_high, tops), (loose, tops, v)


@pytest.mark.parametrize("ace_high", [True, False])
def test_judge_keeps_is_the_matching(ace_high: bool) -> None:
    """``_Judge.keeps`` (counts of ranks, aces shared by 1 and 14) is ``rules._match`` of
    the hand without the card used."""
    rng = random.Random(37)
    for _ in range(ROUNDS * 2):
        hand = rng.sample(FULL, rng.randrange(0, 8))
        if rng.random() < 0.5:  # aces and pairs, where a matching is not a mere look-up
            hand += [c for c in FULL if c.rank == ACE and c not in hand][: rng.randrange(3)]
        need = tuple(rng.sample(range(1, 15), rng.randrange(0, 4)))
        used = rng.choice([None, *hand])
        judge = object.__new__(kernel._Judge)
        judge.counts = kernel._hand_counts(hand, ace_high)
        judge.ace_high = ace_high
        want = _match(list(need), [c for c in hand if c is not used], ace_high)
        assert judge.keeps(need, used) == want, (hand, need, used)
        if len(need) == 1:
            assert want == any(worth(c, need[0], ace_high) for c in hand if c is not used)


class _Turn:
    """The few facts ``_Judge`` reads of a state."""

    def __init__(self, aug: int | None, ace_high: bool) -> None:
        self.aug_opp = aug
        self.played = None
        self.ace_high = ace_high

    def restricted(self) -> bool:
        return False


@pytest.mark.parametrize("ace_high", [True, False])
def test_judge_lock_is_keeps_for_one_build(ace_high: bool) -> None:
    """``_Judge.lock``, read inline by the listing: with one build to keep and no
    opponent's added to, ``keeps`` for a card used (or none) is ``card.rank != lock``;
    otherwise (two builds, an addition, no card of the build's value) there is no lock."""
    rng = random.Random(38)
    locked = free = 0
    for _ in range(ROUNDS * 2):
        hand = rng.sample(FULL, rng.randrange(0, 8))
        if rng.random() < 0.5:  # aces and pairs
            hand += [c for c in FULL if c.rank == ACE and c not in hand][: rng.randrange(3)]
        mine = tuple(rng.sample(range(1, 15), rng.choice((1, 1, 1, 2))))
        aug = rng.choice((None, None, None, 7))
        counts = kernel._hand_counts(hand, ace_high)
        judge = kernel._Judge(_Turn(aug, ace_high), mine, counts)  # type: ignore[arg-type]
        lock = judge.lock
        if lock is None:
            assert aug is not None or len(mine) > 1 or not judge.keeps(mine, None)
            continue
        assert aug is None and len(mine) == 1
        locked += lock != 0
        free += lock == 0
        for used in (None, *hand):
            want = judge.keeps(mine, used)
            assert want == (used is None or used.rank != lock), (hand, mine, used)
    assert locked > 50 and free > 10


def _covered(packing: tuple[tuple[Item, ...], ...]) -> frozenset[Item]:
    return frozenset(it for unit in packing for it in unit)


@pytest.mark.parametrize("ace_high", [True, False])
def test_packings_are_every_disjoint_collection_by_what_it_covers(ace_high: bool) -> None:
    """``packings`` (its walk kept by the units' bit masks, ``mask_packings``) against every
    collection of pairwise disjoint units, tried one by one: one packing per set of cards
    covered, the maximal ones (no unit left that avoids them) apart, each unit a real one
    of the layout (the positions the cached walk returns read back onto these units)."""
    rng = random.Random(41)
    done = 0
    while done < 150:
        loose, tops = _layout(rng)
        found = units(loose, rng.randrange(2, 15), ace_high, tops)
        if len(found) < 2 or len(found) > 10:
            continue
        maximal, other = packings(found)
        want_max: set[frozenset[Item]] = set()
        want_other: set[frozenset[Item]] = set()
        for bits in range(1, 1 << len(found)):
            picked = [u for k, u in enumerate(found) if bits >> k & 1]
            covered = frozenset(it for u in picked for it in u)
            if len(covered) < sum(len(u) for u in picked):
                continue  # two units share a card
            if all(covered.intersection(u) for u in found):
                want_max.add(covered)
            else:
                want_other.add(covered)
        if len(want_other) >= OTHER_CAP:
            continue  # (capped: the walk keeps the first it meets)
        done += 1
        got_max = [_covered(p) for p in maximal]
        got_other = [_covered(p) for p in other]
        assert len(set(got_max)) == len(got_max) and set(got_max) == want_max
        assert len(set(got_other)) == len(got_other) and set(got_other) == want_other
        for packing in (*maximal, *other):
            assert all(u in found for u in packing)


def test_the_walks_leave_no_cycles() -> None:
    """``sums``, ``packings``, ``partition`` and ``_layout_sums`` free their walk (if any):
    a play-out calls them every move, and each cycle left waits for the collector."""
    rng = random.Random(38)
    layouts = [_layout(rng)[0] for _ in range(20)]
    mask_packings.cache_clear()  # (the walk runs on a miss only)
    gc.collect()
    gc.disable()
    try:
        for loose in layouts:
            sums.__wrapped__(loose)
            kernel._layout_sums.__wrapped__(loose)
            found = units(loose, 10)
            packings(found)
            if found:
                partition(list(found[0]), 10)
        assert gc.collect() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize(("variant", "players"), [("south-african", 2), ("swazi", 4)])
def test_a_listed_step_is_applied_lean_and_as_the_reference_would(
    variant: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``CasinoKernel.apply``: the very step the listing handed out skips the reference's
    checks (``_do`` is never called for it), and does what the same step read from its text
    (the reference's path, every check made) does: the same events and position."""
    from cardsuite.games import get_game
    from cardsuite.games.african_casino.rules import CasinoState

    checked: list[str] = []
    do = CasinoState._do

    def counting_do(self: CasinoState, act: object, seat: int) -> None:
        checked.append(type(act).__name__)
        do(self, act, seat)  # type: ignore[arg-type]  # (any step, as the reference's)

    monkeypatch.setattr(CasinoState, "_do", counting_do)
    game = get_game("african-casino")
    rng = random.Random(37)
    lean: set[str] = set()
    for g in range(3):
        state = game.new_state(players=players, variant=variant, seed=g)
        assert isinstance(state, kernel.CasinoKernel)
        while not state.is_over():
            legal = state.legal_actions()
            act = legal[rng.randrange(len(legal))]
            twin = state.clone()
            twin.legal_actions()
            del checked[:]
            events = state.apply(act)
            if state.phase == "play" and not checked:  # (not put to a partner or opponent)
                lean.add(type(act).__name__)
            assert twin.apply(str(act)) == events
            assert twin.to_json() == state.to_json()
    assert lean >= {"Capture", "Trail", "Build", "Add"}


def test_no_free_step_is_sound(monkeypatch: pytest.MonkeyPatch) -> None:
    """``_no_free_step`` (the listing after the play answered without its walk) says so only
    when the reference lists no free step there, in every variant and size; and it answers
    most of the positions where only ``end`` is left (else it saves nothing)."""
    from cardsuite.games import get_game
    from cardsuite.games.african_casino.actions import END
    from cardsuite.games.african_casino.rules import AfricanCasino, CasinoState

    game = get_game("african-casino")
    assert isinstance(game, AfricanCasino)
    asked = kernel.CasinoKernel._no_free_step
    said: list[bool] = []
    only_end = 0

    def checked(self: kernel.CasinoKernel, seat: int, loose: list[Card]) -> bool:
        nonlocal only_end
        answer = asked(self, seat, loose)
        reference = CasinoState.from_json(game, self.to_json())
        free = [a for a in reference.legal_actions() if a != END]
        only_end += not free
        if answer:
            said.append(True)
            assert not free, (self.to_json(), free)
        return answer

    monkeypatch.setattr(kernel.CasinoKernel, "_no_free_step", checked)
    rng = random.Random(38)
    for variant in game.variants:
        for players in (2, 3, 4):
            state = game.new_state(players=players, variant=variant, seed=players)
            for _ in _random_play(state, rng):
                pass
    assert len(said) > only_end // 2 > 0


def test_a_trail_after_no_free_step_leaves_none() -> None:
    """``_after_trail``: where a turn's listing before the play holds no free step, the
    reference lists none after any trail of it either, nor after a capture of loose cards
    alone (unless, South African, the side has
    a build: a pile top may join it after the play), in every variant and size; so the
    listing after such a trail is made with no search (``_lean_step``)."""
    from cardsuite.games import get_game
    from cardsuite.games.african_casino.actions import END, Capture, Trail
    from cardsuite.games.african_casino.rules import AfricanCasino, CasinoState, _uses_hand

    game = get_game("african-casino")
    assert isinstance(game, AfricanCasino)
    rng = random.Random(39)
    tried = captures = 0
    for variant in game.variants:
        for players in (2, 3, 4):
            state = game.new_state(players=players, variant=variant, seed=players + 10)
            assert isinstance(state, kernel.CasinoKernel)
            for _ in _random_play(state, rng):
                legal = state.legal_actions()
                seat = state.turn
                assert seat is not None
                if (
                    state.phase == "play"
                    and state.played is None
                    and not state.comply
                    and state._quiet is legal
                ):
                    assert not [a for a in legal if a is not END and not _uses_hand(a)]
                    twin = game.from_json(state.to_json())  # (a reloaded position: the same)
                    assert isinstance(twin, kernel.CasinoKernel)
                    assert twin.legal_actions() == legal and twin._quiet is twin._legal
                    # a trail, or a capture of loose cards alone (no build, no pile top)
                    quiet = [
                        a
                        for a in legal
                        if type(a) is Trail or (type(a) is Capture and not a.build and not a.tops)
                    ]
                    if quiet and state._after_trail(seat):  # (one play a turn: cheap)
                        play = quiet[rng.randrange(len(quiet))]
                        reference = CasinoState.from_json(game, state.to_json())
                        reference._do(play, seat)  # (the play alone: no turn's end)
                        after = reference._legal_for(seat)
                        assert all(a is END for a in after), (state.to_json(), play)
                        tried += 1
                        captures += type(play) is Capture
    assert tried > 20 and captures > 5


def test_unit_for_ours_is_sound() -> None:
    """``_unit_for_ours`` (INSIST-1's additions answered without their listing) says there is
    none only when the reference finds none, at every position where the turn may end and a
    build of the mover's side is on the table, in every variant and size with ``insist=ask``
    (both answers seen). It answers INSIST-1 only where the listing did not: the listing
    with ``end`` answers it (``test_insist_1_is_read_off_the_listing_with_end``)."""
    from cardsuite.games import get_game
    from cardsuite.games.african_casino.actions import END
    from cardsuite.games.african_casino.rules import AfricanCasino, CasinoState

    game = get_game("african-casino")
    assert isinstance(game, AfricanCasino)
    answers: list[bool] = []
    rng = random.Random(39)
    for variant in game.variants:
        for players in (2, 3, 4):
            state = game.new_state(
                players=players, variant=variant, seed=players, options={"insist": "ask"}
            )
            assert isinstance(state, kernel.CasinoKernel)
            for seat in _random_play(state, rng):
                assert seat is not None
                legal = state.legal_actions()
                ours = any(state.team(b.owner, seat) for b in state.builds.values())
                if state.phase == "play" and END in legal and ours:  # (where a turn ends)
                    answer = state._unit_for_ours(seat)
                    if not answer:
                        reference = CasinoState.from_json(game, state.to_json())
                        assert not CasinoState._additions(reference, seat), state.to_json()
                    answers.append(answer)
    assert answers.count(False) > 10 and answers.count(True) > 10


def test_insist_1_is_read_off_the_listing_with_end() -> None:
    """At a turn's end INSIST-1 asks whether an addition to the side's builds is left; the
    kernel reads it off the listing after the play that listed ``end`` (``_end_listing``,
    ``_end_adds``): the reference's ``_additions`` at every such position of random games of
    every variant and size with ``insist=ask``, both answers seen."""
    from cardsuite.games import get_game
    from cardsuite.games.african_casino.actions import END
    from cardsuite.games.african_casino.rules import AfricanCasino, CasinoState

    game = get_game("african-casino")
    assert isinstance(game, AfricanCasino)
    seen = {True: 0, False: 0}
    rng = random.Random(41)
    for variant in game.variants:
        for players in (2, 3, 4):
            for seed in range(3):
                state = game.new_state(
                    players=players, variant=variant, seed=seed, options={"insist": "ask"}
                )
                assert isinstance(state, kernel.CasinoKernel)
                for seat in _random_play(state, rng):
                    assert seat is not None
                    legal = state.legal_actions()
                    if legal is state._end_listing:
                        assert END in legal
                        reference = CasinoState.from_json(game, state.to_json())
                        expected = CasinoState._additions(reference, seat)
                        assert state._additions(seat) is expected, state.to_json()
                        assert state._end_adds is expected
                        seen[expected] += 1
    assert seen[True] > 5 and seen[False] > 5, seen


def test_cannot_end_and_usable_tops_are_the_references() -> None:
    """The kernel's ``_cannot_end`` (one walk of the builds, TAB-5 for one build a look for
    a card) and ``usable_tops`` (a table of the seats and piles each seat may use) give the
    reference's answers at every position of random games, every variant and size, asked
    for every seat (the mover's and the others', whose builds and piles differ)."""
    from cardsuite.games import get_game
    from cardsuite.games.african_casino.rules import CasinoState

    game = get_game("african-casino")
    rng = random.Random(42)
    refused = shared = reloaded = 0
    for variant in game.variants:
        for players in (2, 3, 4):
            state = game.new_state(players=players, variant=variant, seed=players + 7)
            assert isinstance(state, kernel.CasinoKernel)
            for _ in _random_play(state, rng):
                for seat in range(players):
                    want = CasinoState._cannot_end(state, seat)
                    assert state._cannot_end(seat) == want, (state.to_json(), seat)
                    refused += want is not None
                    tops = CasinoState.usable_tops(state, seat)  # (the kernel's: a table)
                    assert state.usable_tops(seat) == tops, (state.to_json(), seat)
                    shared += len(tops) > 1
                reloaded += 1
                if reloaded % 5 == 0:  # (``usable_tops``' table is made with the state)
                    for twin in (state.clone(), game.from_json(state.to_json())):
                        assert isinstance(twin, kernel.CasinoKernel)
                        for seat in range(players):
                            tops = CasinoState.usable_tops(twin, seat)
                            assert twin.usable_tops(seat) == tops, (state.to_json(), seat)
    assert refused > 0 and shared > 0


def test_points_are_the_references() -> None:
    """The kernel's ``_points`` (tables by card, summed in C) gives the reference's points
    at every position of random games of every variant and size, with both ``spades``
    scorings, the piles growing through each deal."""
    from cardsuite.games import get_game
    from cardsuite.games.african_casino.rules import AfricanCasino, CasinoState

    game = get_game("african-casino")
    assert isinstance(game, AfricanCasino)
    rng = random.Random(41)
    seen: set[tuple[int, ...]] = set()
    for variant in game.variants:
        for players in (2, 3, 4):
            for spades in ("most", "five") if variant == "south-african" else ("",):
                options = {"spades": spades} if spades else {}
                state = game.new_state(
                    players=players, variant=variant, seed=players, options=options
                )
                assert isinstance(state, kernel.CasinoKernel)
                for _ in _random_play(state, rng):
                    points = state._points()
                    assert points == CasinoState._points(state), state.to_json()
                    seen.add(tuple(points))
    assert len(seen) > 20


def test_tables_by_card_are_what_they_stand_for() -> None:
    """The kernel's tables by card: a trail is ``Trail(card)``, the values a card captures
    are ``rules._values``' (the two aces' one shared tuple), the events of a trail are the
    reference's."""
    from cardsuite.engine import Event
    from cardsuite.games.african_casino import wording
    from cardsuite.games.african_casino.actions import Trail
    from cardsuite.games.african_casino.rules import _values

    for card in FULL:
        assert kernel._TRAIL_OF(card) == Trail(card)
        for high in (False, True):
            assert kernel._CAPTURE_VALUES[high][card] == _values(card, high)
        for seat in range(4):
            event = kernel._TRAIL_EV[seat][card]
            assert event == Event("trail", seat, wording.trails, {"cards": [card.code]})
            assert event.text == f"{{P{seat}}} trails [{card.code}]"


def test_card_targets_keep_every_target_a_hand_card_has_a_unit_for() -> None:
    """``_card_targets``: at every position of random games of every variant and size
    before the play, the targets a hand card's unit may go onto are the side's builds
    and the bases (no opponent's build, AUG-5), and a card of any value with a unit there
    (``units.units`` with the card, the reference's ``_units_onto``) has its bit set: the
    listing's one test skips no unit. Some cards are skipped (the test is not vacuous)."""
    from cardsuite.games import get_game
    from cardsuite.games.african_casino.units import HAND

    game = get_game("african-casino")
    rng = random.Random(43)
    by_value: dict[int, list[Card]] = {}
    for c in FULL:
        by_value.setdefault(set_value(c), []).append(c)
    kept = skipped = 0
    for variant in game.variants:
        for players in (2, 3, 4):
            state = game.new_state(players=players, variant=variant, seed=players + 11)
            assert isinstance(state, kernel.CasinoKernel)
            for seat in _random_play(state, rng):
                if state.phase == "play" and state.played is None and seat is not None:
                    loose = state.free_loose()
                    tops = state.usable_tops(seat)
                    counts = kernel._hand_counts(state.hands[seat], state.ace_high)
                    table = kernel._ordered_sums(tuple(loose))
                    targets = state._add_targets(
                        seat, loose, tops=tops if state.sa else None, holds=counts, whole=table
                    )
                    high = 14 if state.ace_high else 0
                    listed = kernel._card_targets(targets, high)
                    ours = [t for t in targets if t.base is not None or t.flag]
                    assert [t for _, t in listed] == ours
                    for fits, target in listed:
                        v = target.value
                        base = target.base
                        rest = tuple(c for c in loose if c is not base)
                        if base is None:
                            owner = state.builds[v].owner
                            usable = tops if not state.sa or owner == seat else ()
                        else:
                            usable = () if state.sa else tops
                        for hv in range(1, 14):
                            taken = {*loose, *(c for c, _ in usable)}
                            card = next(c for c in by_value[hv] if c not in taken)
                            found = [
                                u
                                for u in units(rest, v, state.ace_high, (*usable, (card, HAND)))
                                if u[-1][1] == HAND
                            ]
                            assert not found or fits >> hv & 1, (state.to_json(), v, hv)
                            kept += bool(found)
                            skipped += not fits >> hv & 1
    assert kept > 100 and skipped > 100


def test_a_listings_bases_are_those_of_the_values_held() -> None:
    """``_add_targets`` with the hand's counts (``holds``, a listing's) and no proven
    partner passes each card but an ace by its rank: its targets are every target less
    the bases of a value the hand holds no card of, in order, each the same, at every
    position of random games of every variant and size (with a proven partner, the
    partner's values too). Some bases are left out and some kept (not vacuous)."""
    from cardsuite.games import get_game

    game = get_game("african-casino")
    rng = random.Random(46)
    left = kept = 0

    def seen(target: kernel._Target) -> tuple[object, ...]:
        return (target.value, target.base, target.table, target.subsets, target.flag)

    for variant in game.variants:
        for players in (2, 3, 4):
            state = game.new_state(players=players, variant=variant, seed=players + 17)
            assert isinstance(state, kernel.CasinoKernel)
            for seat in _random_play(state, rng):
                if state.phase == "play" and seat is not None:
                    loose = state.free_loose()
                    tops = state.usable_tops(seat) if state.sa else None
                    counts = kernel._hand_counts(state.hands[seat], state.ace_high)
                    table = kernel._ordered_sums(tuple(loose))
                    every = state._add_targets(seat, loose, tops=tops, whole=table)
                    got = state._add_targets(seat, loose, tops=tops, holds=counts, whole=table)
                    partner = state.partner(seat)
                    want = [
                        t
                        for t in every
                        if t.base is None or t.value in counts or (partner is not None and t.flag)
                    ]
                    assert [seen(t) for t in got] == [seen(t) for t in want], state.to_json()
                    kept += sum(t.base is not None for t in got)
                    left += len(every) - len(got)
    assert left > 100 and kept > 100


def test_a_target_with_no_set_of_its_value_has_no_free_unit() -> None:
    """``_free_adds`` skips a target with no pile top to use there (``_NO_TOPS``), not an
    ace as 14, whose table holds no set of its value (a base: none but itself): there
    ``_free_units`` finds nothing, at every position of random games of every variant and
    size, before the play and after it. Most targets are skipped so (not vacuous), and
    some that are not have units."""
    from cardsuite.games import get_game

    game = get_game("african-casino")
    rng = random.Random(44)
    skipped = found = 0
    for variant in game.variants:
        for players in (2, 3, 4):
            state = game.new_state(players=players, variant=variant, seed=players + 13)
            assert isinstance(state, kernel.CasinoKernel)
            for seat in _random_play(state, rng):
                if state.phase == "play" and seat is not None:
                    loose = state.free_loose()
                    tops = state.usable_tops(seat) if state.sa else None
                    table = kernel._ordered_sums(tuple(loose))
                    for target in state._add_targets(seat, loose, tops=tops, whole=table):
                        v = target.value
                        units = kernel._free_units(target, state.ace_high)
                        found += bool(units)
                        if v == 14 or target.subsets is not kernel._NO_TOPS:
                            continue
                        assert target.table is not None
                        sets = target.table.get(v)
                        if sets is None or (target.base is not None and len(sets) < 2):
                            assert not units, (state.to_json(), v)
                            skipped += 1
    assert skipped > 100 and found > 10


def test_judge_fit_is_keeps() -> None:
    """``_Judge.fit`` (TAB-5 read off each value's slack) is ``keeps`` of the builds owned
    and one value more or not, with a card used or not, over random hands (aces, pairs),
    builds owned (a value twice, both aces' values, one with no card left) and both ace
    rules."""
    rng = random.Random(5)
    full = list(FULL)

    class Facts:  # (what ``_Judge`` reads of a state)
        aug_opp = None
        played = None

        def __init__(self, ace_high: bool) -> None:
            self.ace_high = ace_high

        def restricted(self) -> bool:
            return False

    short = 0
    for _ in range(3000):
        ace_high = rng.random() < 0.7
        hand = rng.sample(full, rng.randint(1, 8))
        counts = kernel._hand_counts(hand, ace_high)
        values = [1, 14, *range(2, 14)] if ace_high else list(range(1, 11))
        mine = tuple(rng.choice(values) for _ in range(rng.randint(1, 3)))
        judge = kernel._Judge(Facts(ace_high), mine, counts)  # type: ignore[arg-type]
        short += judge.short
        for v in (0, *values):
            for used in (None, *hand):
                need = (*mine, v) if v else mine
                assert judge.fit(v, used) is judge.keeps(need, used), (mine, v, used, hand)
    assert short > 100


def test_may_challenge_is_challengeable() -> None:
    """``_may_challenge`` (INSIST-2 read off the start-of-turn listing's capture plans) is
    the reference's ``_challengeable`` for every trail and capture listed at every start of
    a turn of random games of every variant and size, both answers seen for both kinds;
    with another listing it asks the reference."""
    from cardsuite.games import get_game
    from cardsuite.games.african_casino.actions import Capture, Trail

    game = get_game("african-casino")
    seen: dict[tuple[type, bool], int] = {}
    rng = random.Random(47)
    for variant in game.variants:
        for players in (2, 3, 4):
            for seed in range(2):
                state = game.new_state(
                    players=players, variant=variant, seed=seed, options={"insist": "ask"}
                )
                assert isinstance(state, kernel.CasinoKernel)
                for seat in _random_play(state, rng):
                    assert seat is not None
                    legal = state.legal_actions()
                    if (
                        state.phase == "play"
                        and state.played is None
                        and not state.comply
                        and state.held is None
                    ):
                        assert legal is state._plans_for
                        for a in legal:
                            if type(a) in (Trail, Capture):
                                expected = state._challengeable(a, seat)
                                assert state._may_challenge(a, seat, legal) is expected, a
                                assert state._may_challenge(a, seat, None) is expected
                                key = (type(a), expected)
                                seen[key] = seen.get(key, 0) + 1
    assert len(seen) == 4 and min(seen.values()) > 5, seen


def test_top_subsets_follow_the_bit_masks() -> None:
    """``_top_subsets`` (made by doubling) lists every subset of the pile tops in the order
    of ``units.units``' bit masks (mask ``m`` holds top ``i`` when bit ``i`` is set), each
    with the sum of its cards (aces 1), its seats and its cards, for 0 to 4 tops."""
    rng = random.Random(53)
    for _ in range(500):
        cards = rng.sample(list(FULL), rng.randint(0, 4))
        tops = tuple((c, rng.randrange(4)) for c in cards)
        expected = []
        for mask in range(1 << len(tops)):
            picked = [t for i, t in enumerate(tops) if mask >> i & 1]
            expected.append(
                (
                    sum(set_value(c) for c, _ in picked),
                    tuple(s for _, s in picked),
                    tuple(c for c, _ in picked),
                )
            )
        assert kernel._top_subsets.__wrapped__(tops) == expected


def test_ranks_match_is_match() -> None:
    """``_ranks_match`` (a count of ranks) is ``rules._match`` (a search over the hand) for
    random hands and builds to keep (aces as 1 and 14, a value twice), both ace rules,
    both answers seen."""
    rng = random.Random(59)
    full = list(FULL)
    answers = {True: 0, False: 0}
    for _ in range(5000):
        ace_high = rng.random() < 0.7
        hand = rng.sample(full, rng.randint(0, 8))
        values = [1, 14, *range(2, 14)] if ace_high else list(range(1, 11))
        need = [rng.choice(values) for _ in range(rng.randint(1, 4))]
        expected = _match(list(need), list(hand), ace_high)
        assert kernel._ranks_match(need, hand, ace_high) is expected, (need, hand)
        answers[expected] += 1
    assert min(answers.values()) > 100, answers


def test_demanded_additions_are_the_references() -> None:
    """After an opponent insisted on the additions (INSIST-1), the kernel lists the listing
    after the play's additions to the side's builds, then ``end`` once none is left
    (``_demanded_additions``): the reference's steps, by key and in order, at every such
    position of random games of every variant and size with ``insist=ask`` (a turn left
    with ``end`` alone ends by itself, so the positions seen list additions)."""
    from cardsuite.games import get_game
    from cardsuite.games.african_casino.actions import END
    from cardsuite.games.african_casino.rules import AfricanCasino, CasinoState

    game = get_game("african-casino")
    assert isinstance(game, AfricanCasino)
    seen = 0
    rng = random.Random(61)
    for variant in game.variants:
        for players in (2, 3, 4):
            for seed in range(3):
                state = game.new_state(
                    players=players, variant=variant, seed=seed, options={"insist": "ask"}
                )
                assert isinstance(state, kernel.CasinoKernel)
                for _ in _random_play(state, rng):
                    legal = state.legal_actions()
                    if state.phase == "play" and state.comply == "additions":
                        reference = CasinoState.from_json(game, state.to_json())
                        expected = [a.key for a in reference.legal_actions()]
                        assert [a.key for a in legal] == expected, state.to_json()
                        assert END not in legal
                        seen += 1
    assert seen > 20, seen


def test_hold_replies_are_the_references() -> None:
    """PART-4: the partner asked about a capture of the side's build lists ``pass``, and
    ``hold`` when it holds a card for that build and a different one for each other build
    it owns (``_hold_list``, the matching as a count of ranks): the reference's very words
    (``_hold_replies``), in order, at every such position of random four-player games of
    every variant; a word listed is applied as the reference applies it (same events).
    Once the partner held, the mover lists the capture and, when legal, the card added
    instead (``_held_list``): the reference's steps, each applied lean (``_held_step``)
    to the reference's events and position."""
    from cardsuite.games import get_game
    from cardsuite.games.african_casino.actions import HOLD, PASS
    from cardsuite.games.african_casino.rules import AfricanCasino, CasinoState

    game = get_game("african-casino")
    assert isinstance(game, AfricanCasino)
    seen = {1: 0, 2: 0}
    held = {1: 0, 2: 0}
    rng = random.Random(62)
    for variant in game.variants:
        for seed in range(6):
            state = game.new_state(players=4, variant=variant, seed=seed)
            assert isinstance(state, kernel.CasinoKernel)
            for seat in _random_play(state, rng):
                if state.phase == "play" and state.held is not None:  # the partner held
                    assert seat is not None
                    legal = state.legal_actions()
                    expected = CasinoState._legal_for(state, seat)
                    assert [a.key for a in legal] == [a.key for a in expected]
                    held[len(legal)] += 1
                    for step in legal:
                        reference = CasinoState.from_json(game, state.to_json())
                        mine = state.clone()
                        assert [e.to_json() for e in mine.apply(step)] == [
                            e.to_json() for e in reference.apply(step)
                        ]
                        assert mine.to_json() == reference.to_json()
                if state.phase != "hold":
                    continue
                assert seat is not None
                legal = state.legal_actions()
                expected = CasinoState._legal_for(state, seat)
                assert len(legal) == len(expected) and all(map(operator.is_, legal, expected))
                assert legal[0] is PASS and legal[-1] in (PASS, HOLD[state.pending.value])  # type: ignore[union-attr]
                seen[len(legal)] += 1
                word = legal[rng.randrange(len(legal))]
                reference = CasinoState.from_json(game, state.to_json())
                assert [e.to_json() for e in state.clone().apply(word)] == [
                    e.to_json() for e in reference.apply(word)
                ]
    assert min(seen.values()) > 5 and held[2] > 10, (seen, held)


def test_a_values_second_card_lists_the_steps_of_its_first() -> None:
    """A hand card's builds, raises and additions depend on its value alone, and a
    value's second card lists the same steps as its first with itself in their place: at
    every start of a turn of random three-player games of every variant (a hand of 13-16
    cards holds repeated values), the kernel's steps are the reference's, by key and in
    order; and ``_hand_counts`` (counted in C) is a count of each card's values."""
    from cardsuite.games import get_game
    from cardsuite.games.african_casino.actions import Add, Build, Raise
    from cardsuite.games.african_casino.rules import AfricanCasino, CasinoState

    game = get_game("african-casino")
    assert isinstance(game, AfricanCasino)
    replayed = 0
    rng = random.Random(63)
    for variant in game.variants:
        for seed in range(2):
            state = game.new_state(players=3, variant=variant, seed=seed)
            assert isinstance(state, kernel.CasinoKernel)
            for seat in _random_play(state, rng):
                if state.phase != "play" or state.played is not None or seat is None:
                    continue
                hand = state.hands[seat]
                expected_counts: dict[int, int] = {}
                for c in hand:
                    for v in (1, 14) if c.rank == ACE and state.ace_high else (set_value(c),):
                        expected_counts[v] = expected_counts.get(v, 0) + 1
                assert kernel._hand_counts(hand, state.ace_high) == expected_counts
                legal = state.legal_actions()
                reference = CasinoState.from_json(game, state.to_json())
                assert [a.key for a in legal] == [a.key for a in reference.legal_actions()]
                played: dict[int, int] = {}  # (a value's second card with a play of its own)
                for a in legal:
                    card = getattr(a, "card", None) if type(a) is Raise else None
                    if type(a) is Build:
                        card = a.hand
                    elif type(a) is Add:
                        card = a.units[0].hand
                    if card is not None:
                        played.setdefault(set_value(card), 0)
                        played[set_value(card)] |= 1 << hand.index(card)
                replayed += sum(bin(m).count("1") > 1 for m in played.values())
    assert replayed > 50, replayed


def test_demanded_captures_are_the_reference_steps() -> None:
    """INSIST-3 after an opponent's insist (the play taken back): the kernel lists the
    maximal captures with the challenged card through ``_capture_list`` and the listing's
    judge (``_demanded_captures``); at every such position of random games of every
    variant that asks (``insist=ask``) at 2, 3 and 4 players, that is the generator path's
    listing (``_play_steps``, each candidate through ``_quick_why_not``) and the
    reference's, step for step, and applying each gives the reference's events."""
    from cardsuite.games import get_game
    from cardsuite.games.african_casino.rules import AfricanCasino, CasinoState

    game = get_game("african-casino")
    assert isinstance(game, AfricanCasino)
    rng = random.Random(64)
    seen = kinds = 0
    for variant in ("swazi", "sotho"):
        for players in (2, 3, 4):
            for seed in range(3):
                state = game.new_state(players=players, variant=variant, seed=seed)
                assert isinstance(state, kernel.CasinoKernel)
                for seat in _random_play(state, rng):
                    if state.comply != "capture" or state.held is not None or seat is None:
                        continue
                    seen += 1
                    legal = state.legal_actions()
                    slow = list(state._play_steps(seat))
                    assert [str(a) for a in legal] == [str(a) for a in slow]
                    assert [a == b for a, b in zip(legal, slow, strict=True)] == [True] * len(slow)
                    reference = CasinoState.from_json(game, state.to_json())
                    assert [a.key for a in legal] == [a.key for a in reference.legal_actions()]
                    kinds += len(legal) > 1
                    for i, a in enumerate(legal):
                        other = CasinoState.from_json(game, state.to_json())
                        mine = state.clone()
                        assert [e.to_json() for e in mine.apply(mine.legal_actions()[i])] == [
                            e.to_json() for e in other.apply(other.legal_actions()[i])
                        ], str(a)
    assert seen > 100 and kinds >= 3, (seen, kinds)
