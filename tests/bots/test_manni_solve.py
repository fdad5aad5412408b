"""Manni's own exact endgame solver (``games/manni/solve.py``, issue 36) in lockstep with the
reference ``endgame.Solver``: on endgames of every variant and contract (basic Manni's
rotating trumps; Trjámann's Nullo, Grand, Spades and Other, with and without Grand as
hearts, TRJ-OPT-3; Hornafjarðarmanni's Grand, Trumps and Nullo with its low aces,
HORN-RANK-1), of every size it is used for, with ties broken either way (``paranoid_ties``),
its values are the reference's exactly (``==``, not approximately), so a bot using it makes
the same choices. Up to 15 cards left (and one position of 18) by default; ``CARDSUITE_FULL=1``
tries many more positions, every size up to 18."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import pytest
import scale
from fakes import FakeClock
from solver_choices import choices_by_solver
from test_endgame import manni_position

from cardsuite.bots import make_bot
from cardsuite.bots.endgame import Endgame, OutOfTime, Solver, band_plays, turn_copy
from cardsuite.bots.ismcts import ISMCTSBot
from cardsuite.games import get_game
from cardsuite.games.manni import bots as mb
from cardsuite.games.manni.rules import MannState
from cardsuite.games.manni.solve import MannSolver

#: (variant, options): every contract of every variant turns up in their games.
VARIANTS: list[tuple[str, dict[str, Any] | None]] = [
    ("basic", None),
    ("trjamann", None),
    ("trjamann", {"grand_hearts": True}),
    ("hornafjardarmanni", None),
]
#: The contracts each variant's positions must cover (contract, trump suit or None, low aces).
CONTRACTS = {
    "basic": {("trumps", True, False)},
    "trjamann": {("nullo", False, False), ("grand", False, False), ("spades", True, False)}
    | {("other", True, False)},
    "trjamann+grand_hearts": {("nullo", False, False), ("grand", True, False)}
    | {("spades", True, False), ("other", True, False)},
    "hornafjardarmanni": {("grand", False, False), ("trumps", True, False), ("nullo", False, True)},
}
#: Cards left in the three hands: every size up to the largest the bot solves from (more in
#: the full run, up to 18), a position of each per variant and tie rule (three in the full).
SIZES = list(range(1, 19)) if scale.FULL else [*range(1, 13), 15]
PER_SIZE = 3 if scale.FULL else 1
#: Samples of the seat's view solved besides the position itself, by one solver.
SAMPLES = 2 if scale.FULL else 1


def spec(paranoid: bool) -> Endgame:
    hooks = mb.search_hooks()
    assert hooks.endgame is not None
    return dataclasses.replace(hooks.endgame, paranoid_ties=paranoid)


def positions(
    variant: str,
    options: dict[str, Any] | None,
    sizes: Sequence[int],
    per_size: int,
    seed: int,
    kinds: Sequence[tuple[str, bool, bool]] = (),
) -> list[MannState]:
    """Search copies of positions of medium bots' games, ``per_size`` with each count of
    cards left in ``sizes`` (a hand has one position of each: a play leaves a card fewer),
    the seat to move holding any number of choices. ``kinds``: contracts (``contract_of``)
    taken in turn, the first size's positions of the first, the next size's of the next
    ...: every one of them turns up."""
    game = get_game("manni")
    rng = random.Random(seed)
    want = {n: per_size for n in sizes}
    kind = {n: kinds[i % len(kinds)] for i, n in enumerate(sizes)} if kinds else {}
    found: list[MannState] = []
    g = 0
    while any(want.values()):
        st: Any = game.new_state(
            players=3, variant=variant, options=options, seed=scale.int_seed(seed * 1000 + g)
        )
        bots = [make_bot("manni", "medium", seed=g * 3 + s) for s in range(3)]
        g += 1
        while not st.is_over() and any(want.values()):
            seat = st.to_move()
            if st.phase == "play":
                left = sum(len(h) for h in st.hands)
                fits = kind.get(left, contract_of(st)) == contract_of(st)
                if want.get(left) and fits and rng.random() < 0.7:
                    want[left] -= 1
                    found.append(st.clone_for_search(random.Random(g)))
            st.apply(bots[seat].choose(st, seat))
    return found


def contract_of(st: MannState) -> tuple[str, bool, bool]:
    return st.contract, st.trump is not None, st._low_aces


@pytest.mark.parametrize("paranoid", [False, True])
@pytest.mark.parametrize(("variant", "options"), VARIANTS)
def test_the_fast_solver_is_the_reference_value_for_value(
    variant: str, options: dict[str, Any] | None, paranoid: bool
) -> None:
    """Each position's every choice, and the position's own value and each child's, as the
    reference ``Solver`` values them, exactly; one solver for all of a decision's samples
    (its table shared), as the bot uses it."""
    name = variant + ("+grand_hearts" if options else "")
    sp = spec(paranoid)
    seen = set()
    kinds = sorted(CONTRACTS[name])
    found = positions(variant, options, SIZES, PER_SIZE, seed=3 + paranoid, kinds=kinds)
    assert {sum(len(h) for h in st.hands) for st in found} == set(SIZES)
    for st in found:
        me = st.to_move()
        assert me is not None
        seen.add(contract_of(st))
        legal = st.legal_actions()
        ref, fast = Solver(st, me, sp), MannSolver(st, me, sp)
        # the root and two more samples of the seat's own view: the table carried over
        samples = [st, *(st.search_copy(me, random.Random(i)) for i in range(SAMPLES))]
        for sample in samples:
            assert fast.values(sample, legal) == ref.values(sample, legal), (name, sample.hands)
        assert fast.value(st) == ref.value(st)
        for a in legal:
            child = turn_copy(st)
            child.apply(a)
            if child.to_move() is not None:
                assert fast.value(child) == ref.value(child), (name, str(a))
        assert fast.nodes > 0
    assert seen >= CONTRACTS[name], f"{name}: no position of {CONTRACTS[name] - seen}"


def test_its_plays_are_the_reference_groups_first_cards() -> None:
    """``endgame.band_plays`` (the cards searched, as bits) is the first card of each of
    ``bots.endgame_groups``' groups (adjacent cards with nothing live between), in order,
    in every variant (low aces in Hornafjarðarmanni's Nullo too)."""
    checked = 0
    for variant, options in VARIANTS:
        for st in positions(variant, options, range(2, 37), 1, seed=9):
            legal = st.legal_actions()
            key = st.hand_key
            live = sum(1 << key(c) for h in st.hands for c in h)
            live |= sum(1 << key(c) for _, c in st.trick)
            mask = sum(1 << key(a.card) for a in legal)  # type: ignore[attr-defined]
            groups = mb.endgame_groups(st, legal)
            want = [1 << key(g[0].card) for g in groups]  # type: ignore[attr-defined]
            assert band_plays(mask, live) == want, (variant, [[str(a) for a in g] for g in groups])
            checked += 1
    assert checked >= 4 * 35


def test_a_known_endgame() -> None:
    """``test_endgame``'s hand-made ending (basic Manni, hearts trumps): the ace of spades
    wins a trick, the three gives the next seat its king and trump."""
    st = manni_position([["AS", "3S"], ["KS", "4H"], ["QS", "5D"]], 0, [4, 3, 3])
    values = MannSolver(st, 0, spec(False)).values(st, st.legal_actions())
    assert {str(a): values[a.key] for a in st.legal_actions()} == {
        "play AS": 0.5 + 1 / 16,
        "play 3S": 0.5 - 0.5 / 16,
    }


def test_the_bot_lends_it_and_chooses_as_with_the_reference() -> None:
    """The hard bot's endgame uses it (``Endgame.solver``), and its choice and values are
    the ones the reference solver gives it."""
    hooks = mb.search_hooks()
    assert hooks.endgame is not None and hooks.endgame.solver is MannSolver
    for st in positions("basic", None, [9, 12], 1, seed=5):
        seat = st.to_move()
        assert seat is not None
        out = choices_by_solver(hooks, st, seat, (MannSolver, Solver))
        assert out[0] == out[1]


def test_it_stops_when_told(monkeypatch: pytest.MonkeyPatch) -> None:
    """``stop`` is read every few dozen positions: a stop that says yes at once ends a
    solve with ``OutOfTime``; in the bot, a clock past its budget at the first reading
    leaves no sample solved (it then plays its play-out move)."""
    st = positions("basic", None, [15], 1, seed=6)[0]
    me = st.to_move()
    assert me is not None
    with pytest.raises(OutOfTime):
        MannSolver(st, me, spec(False), lambda: True).values(st, st.legal_actions())
    monkeypatch.setattr(mb, "ENDGAME_CARDS", 15)
    clock = FakeClock(0.0, step=1.0)
    bot = ISMCTSBot(mb.search_hooks(), seed=1, iterations=1000, time_budget=0.5, clock=clock)
    assert str(bot.choose(st, me)) in {str(a) for a in st.legal_actions()}
    assert bot.last.endgame and bot.last.solved == 0


def test_an_endgame_of_six_tricks() -> None:
    """A position of 18 cards left, the largest solved in measuring (``bots.ENDGAME_CARDS``'s
    note; the test above stops at 15 in the default run, the reference taking a second or
    two a sample here): the same values."""
    st = positions("basic", None, [18], 1, seed=8)[0]
    me = st.to_move()
    assert me is not None
    sp = spec(False)
    legal = st.legal_actions()
    assert MannSolver(st, me, sp).values(st, legal) == Solver(st, me, sp).values(st, legal)
