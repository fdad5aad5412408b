"""The kernel is the reference, move for move (issue 34).

Each game's ``rules.py`` is its reference: every rule written once, readably. Where
play-outs need speed, the game's ``kernel.py`` subclasses the reference state and overrides
the hot paths; the registry entry names it and ``new_state``/``from_json`` build it. This
test is what lets the two differ in code and never in play: seeded random games run on the
reference and on the kernel side by side, and after every move they must agree on

- the legal actions of every seat (their texts, in order), and who is to move;
- the events the move produced;
- ``to_json()`` (the log so far every 17 moves and at the end: it is compared a move at a
  time) and every seat's ``view`` (and the spectator's);
- for a sample of texts that are not legal here (other seats' moves, moves from earlier in
  the game, nonsense), the refusal and its reason, or, when one is accepted, what it leads to,
  with the legal actions listed first or not;
- a ``clone`` and a ``sample_hidden`` drawn with the same generator seed;
- now and then, the position saved and loaded on each side, and one move on from it.

Nothing here names a game: a registry entry with a ``kernel`` is covered. The default run
plays a few games per variant and player count; ``CARDSUITE_FULL=1`` plays thousands.
"""

from __future__ import annotations

import json
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


def facts(state: State) -> dict[str, Any]:
    """``to_json()`` but for the log so far: each move's events are compared as they come,
    and writing the whole log out after every move made long games crawl."""
    copy = state.clone()
    if copy.events is not state.events:
        copy.events.clear()
    return copy.to_json()


def agree(ref: State, fast: State, where: str, *, whole: bool = True) -> None:
    """The two agree; ``whole``: their ``to_json()`` with the log, else without it."""
    assert fast.to_move() == ref.to_move(), f"{where}: to move"
    assert fast.is_over() == ref.is_over(), f"{where}: is over"
    assert offered(fast) == offered(ref), f"{where}: legal actions"
    if whole:
        assert fast.to_json() == ref.to_json(), f"{where}: to_json"
    else:
        assert facts(fast) == facts(ref), f"{where}: to_json but the log"
    for seat in [None, *range(seats_of(ref))]:
        assert fast.view(seat) == ref.view(seat), f"{where}: view of seat {seat}"
    assert fast.scores() == ref.scores() and fast.winners() == ref.winners(), where


def outcome(state: State, text: str, seat: int | None, listed: bool) -> tuple[str, Any]:
    """What applying ``text`` for ``seat`` does to a copy: refused (with its reason) or the
    position it leads to. ``listed``: the copy's legal actions are listed first, as a player
    or bot does before it moves (a kernel may check against what it listed)."""
    copy = state.clone()
    if copy.events is not state.events:  # the log so far is ``agree``'s to compare; a
        copy.events.clear()  # probe's is what it adds (the whole log made long games crawl)
    if listed:
        copy.legal_actions()
    before = json.dumps(copy.to_json(), sort_keys=True)
    try:
        action = copy.parse_action(text)
    except ValueError as e:
        return "unreadable", str(e)
    try:
        copy.apply(action, seat)
    except IllegalAction as e:
        assert json.dumps(copy.to_json(), sort_keys=True) == before, "a refusal changed it"
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
            return step
        where = f"seed {game_seed}, move {step + 1}"
        choices: list[tuple[int | None, Action]] = []
        for seat in range(players):
            choices += [(seat, a) for a in fast.legal_actions(seat)]
        assert choices, f"{where}: nobody can move"
        seen += [str(a) for _, a in choices]
        for probe in range(PROBES):
            text = rng.choice(seen)
            seat = rng.choice([None, *range(players)])
            listed = probe % 2 == 1
            assert outcome(fast, text, seat, listed) == outcome(ref, text, seat, listed), (
                f"{where}: {text!r} for seat {seat}" + (" (listed)" if listed else "")
            )
        loaded: list[State] = []
        if step % 17 == 0:
            k = rng.getrandbits(32)
            assert fast.clone().to_json() == ref.clone().to_json(), f"{where}: clone"
            observer = rng.randrange(players)
            a = fast.sample_hidden(observer, random.Random(k))
            b = ref.sample_hidden(observer, random.Random(k))
            assert a.to_json() == b.to_json(), f"{where}: sample_hidden({observer})"
            # the position saved and loaded, on each: what a kernel keeps beside the rules'
            # facts must come back with them
            data = json.loads(json.dumps(fast.to_json()))
            loaded = [game.reference().from_json(data), game.from_json(data)]
            agree(loaded[0], loaded[1], f"{where}: loaded")
            assert offered(loaded[1]) == offered(fast), f"{where}: loaded, the same choices"
        seat, action = choices[int(rng.random() * len(choices))]
        made = fast.apply(action, seat)
        assert ref.apply(action, seat) == made, f"{where}: events of {action} by {seat}"
        agree(ref, fast, f"{where} ({action} by {seat})", whole=bool(loaded) or fast.is_over())
        for copy in loaded:  # one move on from the loaded position
            copy.apply(action, seat)
            assert copy.to_json() == fast.to_json(), f"{where}: loaded, then {action} by {seat}"
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
