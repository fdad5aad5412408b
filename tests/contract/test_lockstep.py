"""The kernel is the reference, move for move (issue 34).

Each game's ``rules.py`` is its reference: every rule written once, readably. Where
play-outs need speed, the game's ``kernel.py`` subclasses the reference state and overrides
the hot paths; the registry entry names it and ``new_state``/``from_json`` build it. This
test is what lets the two differ in code and never in play: seeded random games run on the
reference and on the kernel side by side, and after every move they must agree on

- the legal actions of every seat (their texts, in order), and who is to move;
- the events the move produced;
- ``to_json()`` and every seat's ``view`` (and the spectator's);
- for a sample of texts that are not legal here (other seats' moves, moves from earlier in
  the game, nonsense), the refusal and its reason, or, when one is accepted, what it leads to;
- a ``clone`` and a ``sample_hidden`` drawn with the same generator seed.

Nothing here names a game: a registry entry with a ``kernel`` is covered. The default run
plays a few games per variant, at the smallest table and one more size that differs from
variant to variant (``tables``); ``CARDSUITE_FULL=1`` plays 500 games at every size of every
variant, and ``CARDSUITE_LOCKSTEP_GAMES=N`` sets the games per variant and size of either
run (a game of many sizes and long games, as Twenty-Two's twelve seats, takes hours in
full).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from scale import FULL, seed

from cardsuite.engine import Action, Game, IllegalAction, State
from cardsuite.games import all_games, entry

#: Games per variant and player count: thousands per variant in the full run.
GAMES = int(os.environ.get("CARDSUITE_LOCKSTEP_GAMES", 500 if FULL else 2))
#: Illegal texts tried at each step.
PROBES = 3
#: Whole logs are compared every this many moves and at the end; in between, a position's
#: log is compared from the events of the move on (``position``).
WHOLE_LOG = 64
MAX_STEPS = 60_000
NONSENSE = ["", "pass", "play", "play ZZ", "play 2S 2S", "bid 999", "take", "buy", "x y z"]


def kernel_games() -> list[Game]:
    return [g for g in all_games() if entry(g.id).kernel is not None]


def tables(game: Game, variant: str) -> list[int]:
    """The player counts ``variant`` is played at: all in the full run; by default the
    smallest and one more, picked by the variant's place so that between them the variants
    meet sizes spread over the range (each size a game of its own length: a twelve-seat
    Twenty-Two runs over a thousand moves)."""
    sizes = list(game.players)
    if FULL or len(sizes) <= 2:
        return sizes
    others = sizes[1:]
    place = list(game.variants).index(variant)
    return [sizes[0], others[(place + 1) * len(others) // (len(game.variants) + 1)]]


CASES = [
    pytest.param(game, variant, players, id=f"{game.id}-{variant}-{players}")
    for game in kernel_games()
    for variant in game.variants
    for players in tables(game, variant)
]


def seats_of(state: State) -> int:
    return len(state.scores())


def offered(state: State) -> list[tuple[int | None, list[str]]]:
    """Every seat's legal action texts, and the seat to move's (``None``)."""
    return [
        (seat, [str(a) for a in state.legal_actions(seat)])
        for seat in [None, *range(seats_of(state))]
    ]


def position(state: State, logged: int = 0) -> dict[str, Any]:
    """``state.to_json()`` with its log cut to the events from ``logged`` on (the state's
    own log is put back at once). A log is only appended to, and what it held before was
    compared as it was written, so a position is compared in a time that does not grow
    with the game (rendering a long game's whole log after every move made the test
    quadratic); ``agree`` still compares whole logs now and then and at the end."""
    log = state.events
    state.events = log[logged:]
    try:
        return state.to_json()
    finally:
        state.events = log


def agree(ref: State, fast: State, where: str, logged: int = 0) -> None:
    """The two sides alike after a move; their logs from ``logged`` on (0: whole)."""
    assert fast.to_move() == ref.to_move(), f"{where}: to move"
    assert fast.is_over() == ref.is_over(), f"{where}: is over"
    assert offered(fast) == offered(ref), f"{where}: legal actions"
    assert len(fast.events) == len(ref.events), f"{where}: the log's length"
    assert position(fast, logged) == position(ref, logged), f"{where}: to_json"
    for seat in [None, *range(seats_of(ref))]:
        assert fast.view(seat) == ref.view(seat), f"{where}: view of seat {seat}"
    assert fast.scores() == ref.scores() and fast.winners() == ref.winners(), where


def outcome(state: State, text: str, seat: int | None) -> tuple[str, Any]:
    """What applying ``text`` for ``seat`` does to a copy: refused (with its reason) or the
    position it leads to."""
    copy = state.clone()
    mark = len(copy.events)
    before = position(copy, mark)
    try:
        action = copy.parse_action(text)
    except ValueError as e:
        return "unreadable", str(e)
    try:
        copy.apply(action, seat)
    except IllegalAction as e:
        assert position(copy, mark) == before, "a refusal changed it"
        return "refused", e.reason
    return "played", position(copy, mark)


def lockstep(game: Game, variant: str, players: int, game_seed: int, rng: random.Random) -> int:
    """One game on both; the number of moves it took."""
    fast = game.new_state(players=players, variant=variant, seed=game_seed)
    ref = game.reference().new_state(players=players, variant=variant, seed=game_seed)
    assert type(fast) is not type(ref) and isinstance(fast, type(ref)), "kernel vs reference"
    seen: list[str] = list(NONSENSE)
    agree(ref, fast, "dealt")
    for step in range(MAX_STEPS):
        if fast.is_over():
            assert fast.to_json() == ref.to_json(), f"seed {game_seed}: the end, to_json"
            return step
        where = f"seed {game_seed}, move {step + 1}"
        logged = len(ref.events)
        choices: list[tuple[int | None, Action]] = []
        for seat in range(players):
            choices += [(seat, a) for a in fast.legal_actions(seat)]
        assert choices, f"{where}: nobody can move"
        seen += [str(a) for _, a in choices]
        for _ in range(PROBES):
            text = rng.choice(seen)
            seat = rng.choice([None, *range(players)])
            assert outcome(fast, text, seat) == outcome(ref, text, seat), (
                f"{where}: {text!r} for seat {seat}"
            )
        if step % 17 == 0:
            k = rng.getrandbits(32)
            a, b = fast.clone(), ref.clone()
            assert type(a) is type(fast) and type(b) is type(ref), f"{where}: clone's class"
            assert len(a.events) == len(b.events) == logged, f"{where}: clone's log"
            assert position(a, logged) == position(b, logged), f"{where}: clone"
            observer = rng.randrange(players)
            a = fast.sample_hidden(observer, random.Random(k))
            b = ref.sample_hidden(observer, random.Random(k))
            assert position(a, logged) == position(b, logged), f"{where}: sample_hidden({observer})"
        seat, action = choices[int(rng.random() * len(choices))]
        made = fast.apply(action, seat)
        assert ref.apply(action, seat) == made, f"{where}: events of {action} by {seat}"
        agree(ref, fast, f"{where} ({action} by {seat})", logged if step % WHOLE_LOG else 0)
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
