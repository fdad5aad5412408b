"""The kernel is the reference, move for move (issue 34).

Each game's ``rules.py`` is its reference: every rule written once, readably. Where
play-outs need speed, the game's ``kernel.py`` subclasses the reference state and overrides
the hot paths; the registry entry names it and ``new_state``/``from_json`` build it. This
test is what lets the two differ in code and never in play: seeded random games run on the
reference and on the kernel side by side, and after every move they must agree on

- the legal actions of every seat (their texts, in order), and who is to move;
- the events the move produced;
- ``to_json()`` and every seat's ``view`` (and the spectator's); the JSON's log from the
  move's first entry on, since a log only grows (checked) and each entry was compared when
  it was new, and the whole of it at the end;
- for a sample of texts that are not legal here (other seats' moves, moves from earlier in
  the game, nonsense), the refusal and its reason, or, when one is accepted, what it leads to;
- a ``clone`` and a ``sample_hidden`` drawn with the same generator seed;
- now and then, both loaded from the position's JSON (``from_json``) and played on.

Nothing here names a game: a registry entry with a ``kernel`` is covered. The default run
plays a few games per variant and player count; ``CARDSUITE_FULL=1`` plays thousands.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from scale import FULL, seed

from cardsuite.engine import Action, Game, IllegalAction, State
from cardsuite.games import all_games, entry

#: Games per variant and player count: thousands per variant in the full run.
GAMES = 500 if FULL else 2
#: Illegal texts tried at each step.
PROBES = 3
MAX_STEPS = 60_000
NONSENSE = ["", "pass", "play", "play ZZ", "play 2S 2S", "bid 999", "take", "buy", "x y z"]


def kernel_games() -> list[Game]:
    return [g for g in all_games() if entry(g.id).kernel is not None]


CASES = [
    pytest.param(game, variant, players, id=f"{game.id}-{variant}-{players}")
    for game in kernel_games()
    for variant in game.variants
    for players in game.players
]


def seats_of(state: State) -> int:
    return len(state.scores())


def offered(state: State) -> list[tuple[int | None, list[str]]]:
    """Every seat's legal action texts, and the seat to move's (``None``)."""
    return [
        (seat, [str(a) for a in state.legal_actions(seat)])
        for seat in [None, *range(seats_of(state))]
    ]


def position(state: State, since: int = 0) -> dict[str, Any]:
    """``state.to_json()`` with its log from entry ``since`` on: the entries before it were
    compared when they were new, and the lockstep checks that a log only grows. (A long
    game's whole log, written out after every move, made the test quadratic in its length.)"""
    log = state.events
    state.events = log[since:]
    try:
        return state.to_json()
    finally:
        state.events = log


def agree(ref: State, fast: State, where: str, since: int = 0) -> None:
    """Both sides alike now (their logs compared from entry ``since`` on)."""
    assert fast.to_move() == ref.to_move(), f"{where}: to move"
    assert fast.is_over() == ref.is_over(), f"{where}: is over"
    assert offered(fast) == offered(ref), f"{where}: legal actions"
    assert position(fast, since) == position(ref, since), f"{where}: to_json"
    for seat in [None, *range(seats_of(ref))]:
        assert fast.view(seat) == ref.view(seat), f"{where}: view of seat {seat}"
    assert fast.scores() == ref.scores() and fast.winners() == ref.winners(), where


def outcome(state: State, text: str, seat: int | None) -> tuple[str, Any]:
    """What applying ``text`` for ``seat`` does to a copy: refused (with its reason) or the
    position it leads to. The copy's log starts empty (no game reads its own log to play), so
    its JSON holds only what this move logged. (Pickled, not written as JSON, to see that a
    refusal changed nothing: the same check, in a tenth of the time.)"""
    copy = state.clone()
    copy.events = []
    before = pickle.dumps(copy.to_json())
    try:
        action = copy.parse_action(text)
    except ValueError as e:
        return "unreadable", str(e)
    try:
        copy.apply(action, seat)
    except IllegalAction as e:
        assert pickle.dumps(copy.to_json()) == before, "a refusal changed it"
        return "refused", e.reason
    return "played", copy.to_json()


def lockstep(game: Game, variant: str, players: int, game_seed: int, rng: random.Random) -> int:
    """One game on both; the number of moves it took."""
    fast = game.new_state(players=players, variant=variant, seed=game_seed)
    ref = game.reference().new_state(players=players, variant=variant, seed=game_seed)
    assert type(fast) is not type(ref) and isinstance(fast, type(ref)), "kernel vs reference"
    seen: list[str] = list(NONSENSE)
    agree(ref, fast, "dealt")
    for step in range(MAX_STEPS):
        if fast.is_over():
            assert fast.to_json() == ref.to_json(), f"seed {game_seed}: to_json at the end"
            return step
        where = f"seed {game_seed}, move {step + 1}"
        choices: list[tuple[int, int, Action]] = []
        for seat in range(players):
            choices += [(seat, i, a) for i, a in enumerate(fast.legal_actions(seat))]
        assert choices, f"{where}: nobody can move"
        seen += [str(a) for _, _, a in choices]
        for _ in range(PROBES):
            text = rng.choice(seen)
            seat = rng.choice([None, *range(players)])
            assert outcome(fast, text, seat) == outcome(ref, text, seat), (
                f"{where}: {text!r} for seat {seat}"
            )
        if step % 17 == 0:
            k = rng.getrandbits(32)
            assert fast.clone().to_json() == ref.clone().to_json(), f"{where}: clone"
            observer = rng.randrange(players)
            a = fast.sample_hidden(observer, random.Random(k))
            b = ref.sample_hidden(observer, random.Random(k))
            assert a.to_json() == b.to_json(), f"{where}: sample_hidden({observer})"
        if step % 23 == 11:  # both loaded from the position's JSON, and played on from there
            data = fast.to_json()
            fast, ref = game.from_json(data), game.reference().from_json(data)
            agree(ref, fast, f"{where}, loaded")
        seat, i, action = choices[int(rng.random() * len(choices))]
        # picked from the listing just before it is applied, as a play-out picks it: a kernel
        # may take an action it has just offered by a path of its own
        action = fast.legal_actions(seat)[i]
        logged = len(fast.events)
        logs = (ref.events[:], fast.events[:])
        made = fast.apply(action, seat)
        assert ref.apply(action, seat) == made, f"{where}: events of {action} by {seat}"
        assert (ref.events[:logged], fast.events[:logged]) == logs, f"{where}: the log changed"
        agree(ref, fast, f"{where} ({action} by {seat})", logged)
    raise AssertionError(f"seed {game_seed}: no end after {MAX_STEPS} moves")


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
def test_the_kernel_plays_as_the_reference(game: Game, variant: str, players: int) -> None:
    rng = random.Random(seed(f"lockstep:{game.id}:{variant}:{players}"))
    moves = [lockstep(game, variant, players, rng.getrandbits(32), rng) for _ in range(GAMES)]
    print(f"lockstep {game.id} {variant} {players}: {GAMES} games, {sum(moves)} moves")


def test_a_game_builds_its_kernel_and_the_reference_on_request(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``new_state`` and ``from_json`` build the kernel; ``CARDSUITE_RULES=reference`` builds
    the reference instead (chosen when the game object first builds)."""
    for game in kernel_games():
        kernel = entry(game.id).kernel_class()
        state = game.new_state(seed=1)
        assert type(state) is kernel
        assert type(game.from_json(state.to_json())) is kernel
        assert type(state.clone()) is kernel
        reference = game.reference()
        assert type(reference.new_state(seed=1)) is game.state_class
        assert type(reference.from_json(state.to_json())) is game.state_class
        monkeypatch.setenv("CARDSUITE_RULES", "reference")
        fresh = type(game)()
        assert type(fresh.new_state(seed=1)) is game.state_class
        monkeypatch.delenv("CARDSUITE_RULES")
