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
plays a few games per variant and player count; ``CARDSUITE_FULL=1`` plays thousands.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from scale import FULL, seed

from cardsuite.engine import Action, Game, IllegalAction, State
from cardsuite.games import all_games, entry

#: Games per variant and player count: thousands per variant in the full run, or as many
#: as ``MOVES`` moves allow (which only games of thousands of moves reach: a Money game runs
#: to ten thousand; a case's first game always plays to its end).
GAMES = 500 if FULL else 2
MOVES = 1_000_000 if FULL else 10**9
#: Moves of a game checked whole (position, views, refusals, copies); after them, one move
#: in ``STRIDE``. Every move's events, legal actions and seat to move are compared, and the
#: whole position at the end: a long game is sampled, never skipped.
DENSE = 2000 if FULL else 1000
STRIDE = 10 if FULL else 50
#: Illegal texts tried at each checked step.
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


def position(state: State) -> dict[str, Any]:
    """``to_json()`` with its log cut to its length and last two events. A log grows every
    move (a Money game logs ten thousand events), so writing it whole at every step made a
    long game's check quadratic; the log is compared as it grows instead (each move's
    events, which ``lockstep`` compares) and whole at the end."""
    log = state.events
    state.events = []
    try:
        data = state.to_json()
    finally:
        state.events = log
    data["events"] = [len(log), [e.to_json() for e in log[-2:]]]
    return data


def checked(step: int) -> bool:
    """Is the position after ``step`` moves checked whole?"""
    return step < DENSE or step % STRIDE == 0


def agree(ref: State, fast: State, where: str, whole: bool = True) -> None:
    assert fast.to_move() == ref.to_move(), f"{where}: to move"
    assert fast.is_over() == ref.is_over(), f"{where}: is over"
    assert offered(fast) == offered(ref), f"{where}: legal actions"
    if not whole:
        return
    assert position(fast) == position(ref), f"{where}: to_json"
    for seat in [None, *range(seats_of(ref))]:
        assert fast.view(seat) == ref.view(seat), f"{where}: view of seat {seat}"
    assert fast.scores() == ref.scores() and fast.winners() == ref.winners(), where


def outcome(state: State, text: str, seat: int | None) -> tuple[str, Any]:
    """What applying ``text`` for ``seat`` does to a copy: refused (with its reason) or the
    position it leads to."""
    copy = state.clone()
    before = position(copy)
    try:
        action = copy.parse_action(text)
    except ValueError as e:
        return "unreadable", str(e)
    try:
        made = copy.apply(action, seat)
    except IllegalAction as e:
        assert position(copy) == before, "a refusal changed it"
        return "refused", e.reason
    return "played", (position(copy), [e.to_json() for e in made])


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
        choices: list[tuple[int | None, Action]] = []
        for seat in range(players):
            choices += [(seat, a) for a in fast.legal_actions(seat)]
        assert choices, f"{where}: nobody can move"
        seen += [str(a) for _, a in choices]
        if checked(step):
            probe(ref, fast, seen, players, rng, where, copies=step % 17 == 0 or step >= DENSE)
        seat, action = choices[int(rng.random() * len(choices))]
        made = fast.apply(action, seat)
        assert ref.apply(action, seat) == made, f"{where}: events of {action} by {seat}"
        agree(ref, fast, f"{where} ({action} by {seat})", whole=checked(step + 1))
    raise AssertionError(f"seed {game_seed}: no end after {MAX_STEPS} moves")


def probe(
    ref: State,
    fast: State,
    seen: list[str],
    players: int,
    rng: random.Random,
    where: str,
    copies: bool,
) -> None:
    """Texts seen in the game so far are refused alike (or lead to the same position);
    with ``copies``, a clone and a ``sample_hidden`` drawn alike are alike."""
    for _ in range(PROBES):
        text = rng.choice(seen)
        seat = rng.choice([None, *range(players)])
        assert outcome(fast, text, seat) == outcome(ref, text, seat), (
            f"{where}: {text!r} for seat {seat}"
        )
    if copies:
        k = rng.getrandbits(32)
        assert position(fast.clone()) == position(ref.clone()), f"{where}: clone"
        observer = rng.randrange(players)
        a = fast.sample_hidden(observer, random.Random(k))
        b = ref.sample_hidden(observer, random.Random(k))
        assert position(a) == position(b), f"{where}: sample_hidden({observer})"


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
def test_the_kernel_plays_as_the_reference(game: Game, variant: str, players: int) -> None:
    rng = random.Random(seed(f"lockstep:{game.id}:{variant}:{players}"))
    moves: list[int] = []
    while len(moves) < GAMES and sum(moves) < MOVES:
        moves.append(lockstep(game, variant, players, rng.getrandbits(32), rng))
    print(f"lockstep {game.id} {variant} {players}: {len(moves)} games, {sum(moves)} moves")


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
