"""Mensch's own exact endgame solver (``games/mensch/solve.py``, issue 36) in lockstep with
the reference ``endgame.Solver``: on endgames of both variants and every kind of contract
(Half and After with a called partner, the passed game, Five to Seven alone in a plain suit
or in clubs, their After bids, Solo: MENSCH-SCORE-4..8, sweeps doubled, SCORE-2), with the
called card's holder secret or known and its duties in force (MENSCH-PLAY-4), of every size
up to the largest the bot solves from, decided by either side, its values are the
reference's exactly (``==``, not approximately), so a bot using it makes the same choices.
Sizes up to 16 cards by default; ``CARDSUITE_FULL=1`` tries three times
the positions, every size up to 24."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
import scale
from fakes import FakeClock
from solver_choices import choices_by_solver
from test_endgame import mensch_position

from cardsuite.bots import make_bot
from cardsuite.bots.endgame import Endgame, OutOfTime, Solver, turn_copy
from cardsuite.bots.ismcts import ISMCTSBot
from cardsuite.games import get_game
from cardsuite.games.mensch import bots as mb
from cardsuite.games.mensch.rules import MenschState
from cardsuite.games.mensch.solve import MenschSolver

VARIANTS = ("standard", "allpass-double")
#: Cards left in the four hands: sizes with a choice in it (from 5: the last trick's cards
#: are one a hand) up to 16, the bot's (the full run: every size up to 24).
SIZES = list(range(5, 25)) if scale.FULL else [5, 6, 7, 8, 10, 12, 14, 16]
PER_SIZE = 3 if scale.FULL else 1
#: Samples of the seat's view solved besides the position itself, by one solver.
SAMPLES = 2 if scale.FULL else 1
#: The contracts alone a position of a Five is scored as besides its own (the chips of each
#: kind: plain suit or clubs, Seven's threshold, Solo's all-or-nothing).
ALONE = ("six-after", "seven", "solo")
PARTNER = ("half", "after", "passed")


def spec() -> Endgame:
    hooks = mb.search_hooks()
    assert hooks.endgame is not None
    return hooks.endgame


def positions(
    variant: str,
    sizes: Sequence[int],
    per_size: int,
    seed: int,
    kinds: Sequence[str] = (),
    fits: Callable[[MenschState], bool] = lambda st: True,
) -> list[MenschState]:
    """Search copies of positions of medium bots' games (eight-deal matches), ``per_size``
    with each count of cards left in ``sizes``, the seat to move holding a choice, each
    ``fits``. ``kinds`` (``kind``'s words): taken in turn, the first size's positions of
    the first, the next size's of the next ...: every one of them turns up."""
    game = get_game("mensch")
    rng = random.Random(seed)
    want = {n: per_size for n in sizes}
    kind_of = {n: kinds[i % len(kinds)] for i, n in enumerate(sizes)} if kinds else {}
    found: list[MenschState] = []
    g = 0
    while any(want.values()):
        st: Any = game.new_state(variant=variant, seed=scale.int_seed(seed * 1000 + g))
        bots = [make_bot("mensch", "medium", seed=g * 4 + s) for s in range(4)]
        g += 1
        while not st.is_over() and any(want.values()):
            seat = st.to_move()
            if st.phase == "play" and len(st.legal_actions()) > 1:
                left = sum(len(h) for h in st.hands)
                wanted = kind_of.get(left)
                if (
                    want.get(left)
                    and (wanted is None or kind(st).startswith(wanted))
                    and fits(st)
                    and rng.random() < 0.4
                ):
                    want[left] -= 1
                    found.append(st.clone_for_search(random.Random(g)))
            st.apply(bots[seat].choose(st, seat))
    return found


def kind(st: MenschState) -> str:
    """What a position's chips and duties turn on: a partner contract, its holder secret
    (the called card unplayed) or known; or a contract alone, in clubs or not."""
    if st.contract in ("half", "after", "passed"):
        return f"partner {'known' if st.partner_known else 'secret'} {st.contract}"
    return f"alone {'clubs' if st.trump == 'C' else 'plain'} {st.contract}"


def binding(st: MenschState) -> bool:
    """The called card's duties bind (MENSCH-PLAY-4): its holder secret, its suit not yet
    led."""
    return not st.partner_known and st.called is not None and not st.called_led


def same_values(st: MenschState, samples: int = SAMPLES) -> None:
    """Every choice of the seat to move (and of the next seat's view, the other side's
    decider when the sides differ), in the position and ``samples`` samples of the seat's
    view, one solver for all (its table shared), and the position's own value and each
    child's: the reference's, exactly."""
    me = st.to_move()
    assert me is not None
    sp = spec()
    legal = st.legal_actions()
    for decider in (me, (me + 1) % 4):
        ref, fast = Solver(st, decider, sp), MenschSolver(st, decider, sp)
        drawn = [st.search_copy(me, random.Random(i)) for i in range(samples)]
        for sample in [st, *drawn]:
            got = fast.values(sample, legal)
            assert got == ref.values(sample, legal), (
                kind(st),
                [list(map(str, h)) for h in sample.hands],
            )
        assert fast.value(st) == ref.value(st)
        if decider != me and not scale.FULL:
            continue  # (each child's value: for the seat to move, or both in the full run)
        for a in legal:
            child = turn_copy(st)
            child.apply(a)
            if child.to_move() is not None:
                assert fast.value(child) == ref.value(child), (kind(st), str(a))


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_fast_solver_is_the_reference_value_for_value(variant: str) -> None:
    """Positions of every size, each decided by the seat to move and by the next seat."""
    kinds = ("partner secret", "partner known", "alone")
    # (the variants differ only in a passed game's loss: the second's default run takes
    # every other size)
    sizes = SIZES if variant == VARIANTS[0] or scale.FULL else SIZES[::2]
    found = positions(variant, sizes, PER_SIZE, seed=3 + VARIANTS.index(variant), kinds=kinds)
    assert {sum(len(h) for h in st.hands) for st in found} == set(sizes)
    for st in found:
        same_values(st)


def test_every_contracts_chips() -> None:
    """The passed game (each variant's loss, MENSCH-SCORE-5/6), clubs alone, and the
    contracts alone medium seldom bids (Six After, Seven, Solo), each on positions of its
    own: the reward's steps are the game's, whatever the contract."""
    seen = set()
    for variant in VARIANTS:
        for st in positions(variant, [6, 9, 12], PER_SIZE, seed=11, kinds=["alone"]):
            seen.add(kind(st))
            same_values(st, samples=1)
            if st.contract not in PARTNER:
                for contract in ALONE:
                    other = st.clone_for_search(random.Random(0))
                    other.contract = contract
                    same_values(other, samples=1)
    for variant in VARIANTS:  # a Half's position scored as a passed game
        for st in positions(variant, [6, 10], 1, seed=5, kinds=["partner"]):
            st.contract = "passed"
            same_values(st, samples=1)
    assert any(k.startswith("alone") for k in seen)


def test_the_called_cards_duties() -> None:
    """Positions where the called card's holder is secret and its suit not yet led, so its
    duties bind (MENSCH-PLAY-4: not thrown early, drawn by its suit's first lead, led first
    of its suit by its holder): the same values, and its holder's listed plays are the
    rules'."""
    for variant in VARIANTS:
        for st in positions(variant, [7, 11, 15], PER_SIZE, seed=17, fits=binding):
            holder = st.partner
            assert holder is not None and st.called in st.hands[holder]
            same_values(st, samples=1)


def test_a_known_endgame() -> None:
    """``test_endgame``'s hand-made ending (Half, the ace of hearts called): lead the Mensch
    first, or the 7 of trumps ruffs the called ace and the contract fails."""
    st = mensch_position([["QC", "8H"], ["7C", "9D"], ["AH", "10D"], ["KS", "JD"]], [2, 2, 1, 1])
    values = MenschSolver(st, 0, spec()).values(st, st.legal_actions())
    assert {str(a): values[a.key] for a in st.legal_actions()} == {
        "play QC": 0.5 + 1 / 12,
        "play 8H": 0.5 - 2 / 12,
    }


def test_the_bot_lends_it_and_chooses_as_with_the_reference() -> None:
    """The hard bot's endgame uses it (``Endgame.solver``), and its choice and values are
    the ones the reference solver gives it."""
    hooks = mb.search_hooks()
    assert hooks.endgame is not None and hooks.endgame.solver is MenschSolver
    for st in positions("standard", [10, 14], 1, seed=5):
        seat = st.to_move()
        assert seat is not None
        out = choices_by_solver(hooks, st, seat, (MenschSolver, Solver))
        assert out[0] == out[1]


def test_it_stops_when_told(monkeypatch: pytest.MonkeyPatch) -> None:
    """``stop`` is read every few dozen positions: a stop that says yes at once ends a
    solve with ``OutOfTime``; in the bot, a clock past its budget at the first reading
    leaves no sample solved (it then plays its play-out move)."""
    st = positions("standard", [24], 1, seed=6)[0]
    me = st.to_move()
    assert me is not None
    with pytest.raises(OutOfTime):
        MenschSolver(st, me, spec(), lambda: True).values(st, st.legal_actions())
    monkeypatch.setattr(mb, "ENDGAME_CARDS", 24)
    clock = FakeClock(0.0, step=1.0)
    bot = ISMCTSBot(mb.search_hooks(), seed=1, iterations=1000, time_budget=0.5, clock=clock)
    assert str(bot.choose(st, me)) in {str(a) for a in st.legal_actions()}
    assert bot.last.endgame and bot.last.solved == 0
