"""Twenty-Two's own exact endgame solver (``games/twenty_two/solve.py``, issue 36) in
lockstep with the reference ``endgame.Solver``: on random endgames of every variant and
player count, of every size up to the one the bot solves from (``ENDGAME_CARDS``), with
and without ``paranoid_ties``, every move's value and the position's value are the same,
exactly; its move listings are ``legal_actions``' own; the bot picks it and chooses as
with the reference; the clock stops it. The default run takes endgames of up to 12 cards
(the reference is slow past that); ``CARDSUITE_FULL=1`` takes more, up to 16 cards, and
a few from 17 cards up to the bot's bound (the reference takes up to a minute on one).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from scale import FULL
from test_endgame import search_copy

from cardsuite.bots import make_bot
from cardsuite.bots.endgame import CHECK_EVERY, Endgame, OutOfTime, Solver, make_solver
from cardsuite.bots.ismcts import ISMCTSBot, SearchHooks
from cardsuite.games import get_game
from cardsuite.games.twenty_two import bots as t22_bots
from cardsuite.games.twenty_two.solve import T22Solver, count_mask, moves

#: (variant, players): every variant, every pack (two packs from 7 players, T22-PLAYERS-1)
CASES = [
    ("standard", 2),
    ("standard", 3),
    ("standard", 4),
    ("standard", 6),
    ("standard", 8),
    ("beat-the-leader", 4),
    ("equal-cards", 3),
    ("paper-scores", 4),
    ("twenty-six", 4),
    ("twenty-six", 5),
]
#: Endgames a case (each solved with and without paranoid ties), and their most cards.
COUNT = 12 if FULL else 3
CARDS = 16 if FULL else 12


def positions(variant: str, players: int, cards: int, count: int, seed: int) -> list[Any]:
    """Decisions with a choice in medium bots' games once at most ``cards`` are left in
    hands, any hand of a game (so scores, eliminations and the game's end vary), as search
    copies."""
    game = get_game("twenty-two")
    rng = random.Random(seed)
    found: list[Any] = []
    g = 0
    while len(found) < count:
        st: Any = game.new_state(players=players, variant=variant, seed=seed * 1000 + g)
        bots = [make_bot("twenty-two", "medium", seed=g + s) for s in range(players)]
        g += 1
        while st.to_move() is not None and len(found) < count:
            seat = st.to_move()
            small = st.phase == "play" and sum(len(h) for h in st.hands) <= cards
            if small and len(st.legal_actions()) > 1 and rng.random() < 0.2:
                found.append(search_copy(st))
            st.apply(bots[seat].choose(st, seat))
    return found


def spec_with(paranoid: bool, solver: Any = None) -> Endgame:
    spec = t22_bots.search_hooks().endgame
    assert spec is not None
    return dataclasses.replace(spec, paranoid_ties=paranoid, solver=solver)


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_the_same_values_as_the_reference(variant: str, players: int) -> None:
    """Every move's exact value for the seat to move, and the position's value, equal to
    ``Solver``'s (not approximately: the same max^n with the same ties, the same rewards)."""
    cards = max(CARDS, 3 * players)  # (the last three tricks at least)
    for i, st in enumerate(positions(variant, players, cards, COUNT, seed=players)):
        me = st.to_move()
        legal = st.legal_actions()
        for paranoid in (True, False):
            spec = spec_with(paranoid)
            want = Solver(st, me, spec).values(st, legal)
            fast = T22Solver(st, me, spec)
            assert fast.values(st, legal) == want, (variant, players, i, paranoid)
            # a position with another seat to move: the value of a play-out finished exactly
            after = st.clone()
            after.apply(legal[-1])
            if after.to_move() is not None and after.hand_no == st.hand_no:
                assert T22Solver(st, me, spec).value(after) == Solver(st, me, spec).value(after)


def test_the_table_is_shared_by_the_samples_of_a_decision() -> None:
    """One solver answers several samples of one decision (its table holds every hand), and
    each answer is the reference's for that sample."""
    st = positions("standard", 4, 12, 1, seed=21)[0]
    me = st.to_move()
    legal = st.legal_actions()
    spec = spec_with(True)
    fast, ref = T22Solver(st, me, spec), Solver(st, me, spec)
    for i in range(6):
        sample = st.sample_hidden(me, random.Random(i))
        assert fast.values(sample, legal) == ref.values(sample, legal)


@pytest.mark.parametrize("variant", ["standard", "beat-the-leader", "equal-cards", "twenty-six"])
def test_the_moves_are_the_legal_plays(variant: str) -> None:
    """``moves`` lists the plays ``legal_actions`` lists, in its order (ties go to the one
    listed first), with each play's effective ranks and whether it takes the trick over
    (T22-PLAY-5, T22-EQUAL-2)."""
    from cardsuite.games.twenty_two.sets import effective

    game = get_game("twenty-two")
    checked = 0
    for g in range(6):
        st: Any = game.new_state(players=4, variant=variant, seed=g)
        bot = make_bot("twenty-two", "medium", seed=g)
        while st.to_move() is not None and checked < 600:
            seat = st.to_move()
            if st.phase == "play":
                legal = st.legal_actions()
                hand = count_mask([c.rank for c in st.hands[seat]])
                best = tuple(st.trick_best_eff) if st.trick else ()
                lead = tuple(st.trick_lead_eff) if st.trick else ()
                listed = moves(hand, lead, best, st.beat_leader, st.equal_sets)
                assert [m[0] for m in listed] == [
                    count_mask([c.rank for c in a.cards]) for a in legal
                ]
                for (_, eff, takes), a in zip(listed, legal, strict=True):
                    assert list(eff) == effective([c.rank for c in a.cards])
                    if st.trick:
                        probe: Any = search_copy(st)
                        probe.apply(a)
                        took = probe.trick and probe.trick[probe.trick_best][0] == seat
                        if not probe.trick:  # the trick is over: did this play win it?
                            took = probe.tricks[-1][1] == seat
                        assert takes == bool(took)
                checked += 1
            st.apply(bot.choose(st, seat))
    assert checked >= 600


def test_the_bot_uses_it_and_chooses_as_with_the_reference() -> None:
    """``make_solver`` builds Twenty-Two's solver, and the hard bot's endgame choice and
    values are the same with it as with the reference solver."""
    hooks = t22_bots.search_hooks()
    assert hooks.endgame is not None
    for st in positions("standard", 4, 12, 3, seed=31):
        me = st.to_move()
        assert isinstance(make_solver(st, me, hooks.endgame), T22Solver)
        out = []
        for solver in (hooks.endgame.solver, None):
            endgame = dataclasses.replace(hooks.endgame, solver=solver)
            h = SearchHooks(**{**hooks.__dict__, "endgame": endgame})
            bot = ISMCTSBot(h, seed=5, iterations=100, time_budget=1e9)
            out.append((str(bot.choose(st, me)), bot.last.values, bot.last.solved))
        assert out[0] == out[1] and out[0][2] == 4


def test_the_clock_stops_it() -> None:
    """The stop flag is read every few dozen positions: a solve it stops raises
    ``OutOfTime`` having searched no more than that."""
    spec = spec_with(True)

    def nodes(p: Any) -> int:
        solver = T22Solver(p, p.to_move(), spec)
        solver.values(p, p.legal_actions())
        return solver.nodes

    st = max(positions("standard", 4, 20, 4, seed=41), key=nodes)  # the largest of a few
    assert nodes(st) > 2 * CHECK_EVERY
    reads = []

    def stop() -> bool:
        reads.append(1)
        return len(reads) >= 2

    solver = T22Solver(st, st.to_move(), spec, stop)
    with pytest.raises(OutOfTime):
        solver.values(st, st.legal_actions())
    assert len(reads) == 2 and solver.nodes == 2 * CHECK_EVERY


def test_the_endgame_starts_by_cards_left_and_hand_size() -> None:
    """Solved from ``ENDGAME_CARDS`` cards left in all hands, but two players' deep hands
    only from ``ENDGAME_HAND`` cards each: seven each (14 cards) is searched, six solved."""
    game = get_game("twenty-two")
    st: Any = game.new_state(players=2, seed=3)
    bot = make_bot("twenty-two", "medium", seed=3)
    seen = set()
    while st.hand_no == 1 and st.to_move() is not None:
        seat = st.to_move()
        if st.phase == "play" and not st.trick:
            size = len(st.hands[seat])
            assert t22_bots.endgame_when(st, seat) == (size <= t22_bots.ENDGAME_HAND)
            seen.add(size)
        st.apply(bot.choose(st, seat))
    assert {7, 6} <= seen
    assert t22_bots.ENDGAME_CARDS >= 2 * 7  # (so the hand size is what decides here)


@pytest.mark.skipif(not FULL, reason="the reference takes up to a minute a position here")
def test_the_same_values_in_the_largest_endgames() -> None:
    """From 17 cards up to ``ENDGAME_CARDS``, four players, the bot's ties (paranoid)."""
    if t22_bots.ENDGAME_CARDS < 17:
        pytest.skip("the bot solves no endgame of more than 16 cards")
    spec = spec_with(True)
    found = positions("standard", 4, t22_bots.ENDGAME_CARDS, 40, seed=51)
    large = [st for st in found if sum(len(h) for h in st.hands) >= 17][:4]
    assert large
    for st in large:
        me = st.to_move()
        legal = st.legal_actions()
        assert T22Solver(st, me, spec).values(st, legal) == Solver(st, me, spec).values(st, legal)
