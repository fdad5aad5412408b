"""Exact endgames (``cardsuite/bots/endgame.py``, issue 36 item 2): the solver's values on
hand-made endgames, the same values as a plain brute force (no table, no grouping) on
random small endgames of every trick game, the hook switched off changing nothing, and the
budget and cancel flag respected."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest
from fakes import FakeClock

from cardsuite.bots import make_bot
from cardsuite.bots.endgame import Endgame, Solver, adjacent_runs, turn_copy
from cardsuite.bots.ismcts import ISMCTSBot, SearchHooks
from cardsuite.cards import Card
from cardsuite.engine import Action, State
from cardsuite.games import entry, get_game

PLAYERS = {"twenty-two": 4, "manni": 3, "mensch": 4}
OPTIONS: dict[str, dict[str, Any]] = {"mensch": {"deals": "4"}}


def C(code: str) -> Card:
    return Card.parse(code)


def search_copy(st: State) -> State:
    """The position as a search copy (what the solver is handed: its deal ends its play)."""
    return st.clone_for_search(random.Random(0))


# --- hand-made endgames -------------------------------------------------------------------


def manni_position(hands: list[list[str]], leader: int, won: list[int]) -> State:
    """Basic Manni, hearts trumps, ``leader`` to lead: the reference rules with the hands
    set by hand (the cards not named are out of play, which the solver never asks)."""
    st: Any = get_game("manni").reference().new_state(players=3, seed=0)
    while st.phase != "play":
        st.apply("keep" if st.phase == "swap" else st.legal_actions()[0])
    st.trump = "H"
    st.hands = [sorted((C(c) for c in h), key=st.hand_key) for h in hands]
    st.trick, st.turn, st.trick_leader, st.tricks_won = [], leader, leader, won
    st._legal = None
    return search_copy(st)


def test_manni_known_best_play() -> None:
    """The ace of spades first wins a trick; the three first lets the next seat win its
    king and then its trump: 1 trick against 0 (basic Manni: a point above four)."""
    st = manni_position([["AS", "3S"], ["KS", "4H"], ["QS", "5D"]], 0, [4, 3, 3])
    hooks = entry("manni").bots_module().search_hooks()
    assert hooks.endgame is not None
    solver = Solver(st, 0, hooks.endgame)
    values = solver.values(st, st.legal_actions())
    by_card = {str(a): v for a, v in [(a, values[a.key]) for a in st.legal_actions()]}
    # AS: tricks [5, 4, 3], gains [1, 0, 0]; 3S: tricks [4, 5, 3], gains [0, 1, 0]
    assert by_card == {"play AS": 0.5 + 1 / 16, "play 3S": 0.5 - 0.5 / 16}


def test_manni_grouping_of_adjacent_cards() -> None:
    """K and Q of spades with nothing between them in play are one choice; the 10 is
    apart from them while the jack is out, and the heart is of another suit."""
    st: Any = manni_position(
        [["KS", "QS", "10S", "AH"], ["JS", "3D", "4D", "5D"], []], 0, [0, 0, 0]
    )
    st.hands[2] = [C("6D"), C("7D"), C("8D"), C("9D")]
    module = entry("manni").bots_module()
    groups = module.endgame_groups(st, st.legal_actions())
    assert [[str(a) for a in g] for g in groups] == [
        ["play KS", "play QS"],
        ["play 10S"],
        ["play AH"],
    ]


def twenty_two_position(hands: list[list[str]], leader: int) -> State:
    """Three players, scores 0, ``leader`` to lead the last trick before the showdown."""
    st: Any = get_game("twenty-two").reference().new_state(players=3, seed=0)
    while st.phase != "play":
        st.apply(st.legal_actions()[0])
    st.hands = [sorted((C(c) for c in h), key=lambda c: c.ordinal) for h in hands]
    st.trick, st.turn, st.trick_leader = [], leader, leader
    st.trick_best, st.trick_best_eff, st.trick_lead_eff = 0, [], []
    st._legal = None
    return search_copy(st)


def test_twenty_two_known_best_play() -> None:
    """Lead the king and keep the three: nobody can cover, the queen is left to lose the
    showdown. Lead the three and the queen covers it, the five is thrown low, and the king
    is the last card: 10 penalty points."""
    st = twenty_two_position([["KS", "3S"], ["QH", "2H"], ["5D", "4D"]], 0)
    hooks = entry("twenty-two").bots_module().search_hooks()
    assert hooks.endgame is not None
    values = Solver(st, 0, hooks.endgame).values(st, st.legal_actions())
    by_text = {str(a): values[a.key] for a in st.legal_actions()}
    assert by_text["play KS"] == 1.0
    assert by_text["play 3S"] == pytest.approx(0.15 + 0.85 * (1 - 10 / 22))


def mensch_position(hands: list[list[str]], won: list[int]) -> State:
    """Half (clubs trumps), seat 0 declarer, the ace of hearts called and held by seat 2,
    unplayed and its suit not yet led; seat 0 to lead."""
    st: Any = get_game("mensch").reference().new_state(players=4, seed=0, options={"deals": "4"})
    medium = make_bot("mensch", "medium", seed=0)
    while st.phase != "play":
        st.apply(medium.choose(st, st.to_move()))
    st.contract, st.trump, st.declarer, st.called, st.partner = "half", "C", 0, C("AH"), 2
    st.partner_known = st.called_led = False
    st.hands = [sorted((C(c) for c in h), key=st.hand_key) for h in hands]
    st.trick, st.tricks, st.played, st.turn, st.trick_leader = [], [], [], 0, 0
    st.tricks_won = won
    st._legal = None
    return search_copy(st)


def test_mensch_known_best_play() -> None:
    """The side has 3 tricks and needs both last ones. Lead the Mensch (QC) first and it
    draws the 7 of trumps; then the heart lead draws the called ace, which wins. Lead the
    heart first and the 7 of trumps ruffs the ace: the contract fails (alpha-beta between
    the sides: the opponents do their worst)."""
    st = mensch_position([["QC", "8H"], ["7C", "9D"], ["AH", "10D"], ["KS", "JD"]], [2, 2, 1, 1])
    hooks = entry("mensch").bots_module().search_hooks()
    assert hooks.endgame is not None and hooks.endgame.sides is not None
    assert hooks.endgame.sides(st) == [1, 0, 1, 0]
    values = Solver(st, 0, hooks.endgame).values(st, st.legal_actions())
    by_text = {str(a): values[a.key] for a in st.legal_actions()}
    assert by_text == {
        "play QC": pytest.approx(0.5 + 1 / 12),
        "play 8H": pytest.approx(0.5 - 2 / 12),
    }
    # the opponent on lead's view of the same position: its side loses what the other wins
    values = Solver(st, 1, hooks.endgame).values(st, st.legal_actions())
    assert values[st.legal_actions()[0].key] == pytest.approx(0.5 - 1 / 12)


# --- the same values as a brute force -----------------------------------------------------


def endgames(game_id: str, cards: int, count: int, seed: int) -> list[State]:
    """Positions from medium play with at most ``cards`` in hands, a real choice to make."""
    game = get_game(game_id)
    rng = random.Random(seed)
    found: list[State] = []
    for g in itertools.count(seed * 1000):
        n = PLAYERS[game_id]
        st: Any = game.new_state(players=n, seed=g, options=OPTIONS.get(game_id))
        bots = [make_bot(game_id, "medium", seed=g + s) for s in range(n)]
        while st.to_move() is not None and len(found) < count:
            seat = st.to_move()
            small = st.phase == "play" and sum(len(h) for h in st.hands) <= cards
            if small and len(st.legal_actions()) > 1 and rng.random() < 0.5:
                found.append(search_copy(st))
                break
            st.apply(bots[seat].choose(st, seat))
        if len(found) >= count:
            return found
    raise AssertionError


def brute(
    root: State, st: State, me: int, sides: Sequence[int] | None, paranoid: bool = False
) -> Any:
    """Every move searched, nothing remembered: max^n's reward vector (ties to the first
    listed, or ``paranoid``: to the worst for ``me``), or the minimax value of ``me``'s
    reward between the sides."""
    game = root.game
    if st.to_move() is None or game.search_horizon(root, st):
        r = game.search_reward(root, st)
        return r if sides is None else r[me]
    mover = st.to_move()
    outs = []
    for a in st.legal_actions():
        child = turn_copy(st)
        child.apply(a)
        outs.append(brute(root, child, me, sides, paranoid))
    if sides is None:
        best = outs[0]
        for v in outs[1:]:
            if v[mover] > best[mover] or (
                paranoid and v[mover] == best[mover] and v[me] < best[me]
            ):
                best = v
        return best
    return max(outs) if sides[mover] == sides[me] else min(outs)


@pytest.mark.parametrize(
    ("game_id", "cards", "paranoid"),
    [
        ("manni", 9, False),
        ("manni", 9, True),
        ("mensch", 8, False),
        ("twenty-two", 8, False),
        ("twenty-two", 8, True),
    ],
)
def test_solver_equals_brute_force(game_id: str, cards: int, paranoid: bool) -> None:
    hooks = entry(game_id).bots_module().search_hooks()
    spec = hooks.endgame
    assert spec is not None
    spec = Endgame(**{**spec.__dict__, "paranoid_ties": paranoid})
    for st in endgames(game_id, cards, 6, seed=3):
        me = st.to_move()
        assert me is not None
        solver = Solver(st, me, spec)
        values = solver.values(st, st.legal_actions())
        sides = spec.sides(st) if spec.sides else None
        for a in st.legal_actions():
            child = turn_copy(st)
            child.apply(a)
            want = brute(st, child, me, sides, paranoid)
            assert values[a.key] == pytest.approx(want if sides else want[me]), (str(a), st)


def test_the_table_and_grouping_save_work() -> None:
    """On the same Manni endgames the table and the grouping search fewer positions than
    the solver without them (and get the same values)."""
    spec = entry("manni").bots_module().search_hooks().endgame
    assert spec is not None
    plain = Endgame(when=spec.when, key=spec.key, copy=spec.copy)
    fast_nodes = slow_nodes = 0
    for st in endgames("manni", 12, 4, seed=5):
        me = st.to_move()
        assert me is not None
        fast = Solver(st, me, spec)
        slow = Solver(st, me, plain, table=False)
        assert fast.values(st, st.legal_actions()) == pytest.approx(
            slow.values(st, st.legal_actions())
        )
        fast_nodes += fast.nodes
        slow_nodes += slow.nodes
    assert fast_nodes < slow_nodes


def test_adjacent_runs_keeps_a_card_apart() -> None:
    class P(Action):
        def __init__(self, card: Card) -> None:
            self.card = card

    cards = [C("AS"), C("KS"), C("QS")]
    acts = [P(c) for c in cards]
    order = lambda c: (c.suit, c.rank)  # noqa: E731
    assert [len(g) for g in adjacent_runs(acts, lambda a: a.card, order, cards)] == [3]
    apart = adjacent_runs(acts, lambda a: a.card, order, cards, lambda c: c == C("KS"))
    assert [[a.card.code for a in g] for g in apart] == [["AS"], ["KS"], ["QS"]]


# --- the bot ------------------------------------------------------------------------------


def test_the_bot_says_it_solved_and_how_often() -> None:
    st = endgames("manni", 9, 1, seed=7)[0]
    bot = make_bot("manni", "hard", seed=1, iterations=200, time_budget=1e9)
    assert isinstance(bot, ISMCTSBot)
    bot.choose(st, st.to_move())  # type: ignore[arg-type]
    assert bot.last.endgame and bot.last.solved == 8 and bot.last.nodes > 0


def test_a_games_own_solver_is_the_one_used() -> None:
    """``Endgame.solver`` (a game's fast solver) is what the bot's endgame builds, with the
    decision's root, seat and spec; without it the reference ``Solver`` is used."""
    st = endgames("manni", 9, 1, seed=7)[0]
    hooks = entry("manni").bots_module().search_hooks()
    assert hooks.endgame is not None
    built: list[tuple[int, Endgame]] = []

    class Counting(Solver):
        def __init__(self, root: State, me: int, spec: Endgame, stop: Any = None) -> None:
            built.append((me, spec))
            super().__init__(root, me, spec, stop)

    spec = dataclasses.replace(hooks.endgame, solver=Counting)
    out = []
    for endgame in (hooks.endgame, spec):
        h = SearchHooks(**{**hooks.__dict__, "endgame": endgame})
        bot = ISMCTSBot(h, seed=2, iterations=200, time_budget=1e9)
        out.append(str(bot.choose(st, st.to_move())))  # type: ignore[arg-type]
    assert built == [(st.to_move(), spec)]
    assert out[0] == out[1]


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_the_hook_off_changes_nothing(game_id: str) -> None:
    """A game whose endgame never says "solve" searches exactly as one with no endgame."""
    hooks = entry(game_id).bots_module().search_hooks()
    assert hooks.endgame is not None
    never = Endgame(when=lambda s, seat: False, key=hooks.endgame.key)
    for st in endgames(game_id, 8, 2, seed=11):
        me = st.to_move()
        out = []
        for endgame in (None, never):
            h = SearchHooks(**{**hooks.__dict__, "endgame": endgame})
            bot = ISMCTSBot(h, seed=2, iterations=60, time_budget=1e9)
            out.append((str(bot.choose(st, me)), bot.last))  # type: ignore[arg-type]
        (a, sa), (b, sb) = out
        assert a == b and sa.visits == sb.visits and not sa.endgame and not sb.endgame


@pytest.mark.parametrize("cards", [0])
def test_switched_off_by_its_constant(monkeypatch: pytest.MonkeyPatch, cards: int) -> None:
    for game_id in PLAYERS:
        module = entry(game_id).bots_module()
        monkeypatch.setattr(module, "ENDGAME_CARDS", cards)
        assert module.search_hooks().endgame is None


def test_the_endgame_stops_at_its_time_budget() -> None:
    """Each clock reading moves time on: the solver reads it every few dozen positions, so
    a budget of a few readings stops it part-way; the sample being solved is dropped."""
    st = endgames("mensch", 16, 1, seed=2)[0]
    hooks = entry("mensch").bots_module().search_hooks()
    clock = FakeClock(0.0, step=0.01)
    bot = ISMCTSBot(hooks, seed=1, iterations=100_000, time_budget=0.3, clock=clock)
    bot.choose(st, st.to_move())  # type: ignore[arg-type]
    assert bot.last.endgame
    assert 1 <= bot.last.solved < 100_000 // 25
    assert bot.last.seconds <= 0.3 + 0.05


def test_no_sample_in_time_still_answers() -> None:
    """A budget too short for one solve: the answer is the play-out move, still legal."""
    st = endgames("manni", 12, 1, seed=4)[0]
    hooks = entry("manni").bots_module().search_hooks()
    clock = FakeClock(0.0, step=1.0)
    bot = ISMCTSBot(hooks, seed=1, iterations=1000, time_budget=0.5, clock=clock)
    a = bot.choose(st, st.to_move())  # type: ignore[arg-type]
    assert bot.last.endgame and bot.last.solved == 0
    assert a.key in {x.key for x in st.legal_actions()}


def test_the_endgame_stops_when_cancelled() -> None:
    """The flag is read between samples (and every few dozen positions): true at its
    fourth reading, after the fourth sample of this small endgame."""
    st = endgames("twenty-two", 12, 1, seed=6)[0]
    hooks = entry("twenty-two").bots_module().search_hooks()
    calls = itertools.count()
    bot = ISMCTSBot(
        hooks, seed=1, iterations=100_000, time_budget=1e9, cancelled=lambda: next(calls) >= 3
    )
    bot.choose(st, st.to_move())  # type: ignore[arg-type]
    assert bot.last.endgame and bot.last.solved == 4


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_the_endgame_never_peeks(game_id: str) -> None:
    """The same choice and the same values when the cards hidden from the seat are dealt
    again (a position it cannot tell from this one) or kept but reordered in their hands."""
    for i, st in enumerate(endgames(game_id, 12, 3, seed=13)):
        me = st.to_move()
        assert me is not None
        rng = random.Random(i)
        redealt = st.sample_hidden(me, random.Random(rng.getrandbits(63)))
        reordered: Any = st.clone()
        for z in reordered.hidden_zones(me):
            rng.shuffle(reordered.zones()[z])
        out = []
        for copy in (st, redealt, reordered):
            bot = make_bot(game_id, "hard", seed=i, iterations=75, time_budget=1e9)
            chose = str(bot.choose(copy, me))
            assert isinstance(bot, ISMCTSBot) and bot.last.endgame
            out.append((chose, bot.last.values))
        assert out[0] == out[1] == out[2]


def test_same_seed_same_choice() -> None:
    st = endgames("mensch", 12, 1, seed=9)[0]
    picks = set()
    for _ in range(2):
        bot = make_bot("mensch", "hard", seed=4, iterations=100, time_budget=1e9)
        picks.add(str(bot.choose(st, st.to_move())))  # type: ignore[arg-type]
    assert len(picks) == 1


@pytest.mark.parametrize("game_id", ["manni", "twenty-two"])
def test_one_fair_copy_is_every_one_in_an_endgame(game_id: str) -> None:
    """The fair yardstick (``all_seeing="hands"``) solves one copy of an endgame: what it
    deals again (the stock and face-down discards, the manni and dead piles) is never read
    in a deal's play, so every such copy has the same exact values."""
    spec = entry(game_id).bots_module().search_hooks().endgame
    assert spec is not None
    varied = 0
    for st in endgames(game_id, 8, 4, seed=5):
        me = st.to_move()
        assert me is not None
        legal = st.legal_actions()
        copies = [st.clone_seeing_hands(me, random.Random(i)) for i in range(3)]
        varied += any(c.zones() != copies[0].zones() for c in copies[1:])
        first = Solver(st, me, spec).values(copies[0], legal)
        for c in copies[1:]:
            assert Solver(st, me, spec).values(c, legal) == first
    assert varied, "no copy dealt anything again: nothing proved"


def test_a_positions_value_is_its_best_moves() -> None:
    """``Solver.value``: the decider's exact value of a position is the best of its moves'
    values when it is to move, and its moves' value after it played (the opponents' turn)."""
    st = mensch_position([["QC", "8H"], ["7C", "9D"], ["AH", "10D"], ["KS", "JD"]], [2, 2, 1, 1])
    hooks = entry("mensch").bots_module().search_hooks()
    assert hooks.endgame is not None
    assert Solver(st, 0, hooks.endgame).value(st) == pytest.approx(0.5 + 1 / 12)
    after = turn_copy(st)
    after.apply(next(a for a in st.legal_actions() if str(a) == "play 8H"))
    assert Solver(st, 0, hooks.endgame).value(after) == pytest.approx(0.5 - 2 / 12)
