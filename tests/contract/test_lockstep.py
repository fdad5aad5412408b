"""The kernel is the reference, move for move (issue 34).

Each game's ``rules.py`` is its reference: every rule written once, readably. Where
play-outs need speed, the game's ``kernel.py`` subclasses the reference state and overrides
the hot paths; the registry entry names it and ``new_state``/``from_json`` build it. This
test is what lets the two differ in code and never in play: seeded random games run on the
reference and on the kernel side by side, and they must agree on

- at every move: who is to move, the legal actions of every seat (their texts, in order), the
  events the move produced, and that the log before it did not change;
- after each checked move (every move of a game's first ``DENSE``, then one in ``STRIDE``):
  ``to_json()`` with the log from the move's first entry on (each entry was compared when it
  was new; the whole log every ``WHOLE_LOG`` moves and at the end) and every seat's ``view``
  (and the spectator's);
- for a sample of texts that are not legal here (other seats' moves, moves from earlier in
  the game, nonsense), the refusal and its reason, or, when one is accepted, what it leads to,
  with the copy's legal actions listed first or not (a kernel may check against its listing);
- now and then, a ``clone`` and a ``sample_hidden`` drawn with the same generator seed;
- now and then, both loaded from the position's JSON and played on from there (what a kernel
  keeps beside the rules' facts must come back with them).

The action played is picked from the listing just before it is applied, as a play-out picks
it, so a kernel's own path for an action it has just offered is the one compared. Every other
game draws the variant's choices and switches at random.

Nothing here names a game: a registry entry with a ``kernel`` is covered. The default run
plays a few games per variant, at the smallest table and one more size that differs from
variant to variant (``tables``); ``CARDSUITE_FULL=1`` plays 500 games at every size of every
variant (or as many as a million moves allow: Money's games run to ten thousand), and
``CARDSUITE_LOCKSTEP_GAMES=N`` sets the games per variant and size of either run.
"""

from __future__ import annotations

import json
import os
import pickle
import random
from typing import Any

import pytest
from scale import FULL, seed

from cardsuite.engine import Action, Game, IllegalAction, State
from cardsuite.games import all_games, entry

#: Games per variant and player count.
GAMES = int(os.environ.get("CARDSUITE_LOCKSTEP_GAMES", 500 if FULL else 2))
#: A case stops starting games past this many moves (only games of thousands of moves reach
#: it; a case's first game always plays to its end).
MOVES = 1_000_000 if FULL else 3_000
#: Moves of a game checked whole (position, views, refusals, copies); after them, one in
#: ``STRIDE``. A long game is sampled, never skipped: its end is compared whole. (Every move
#: is compared by who moves, what each seat may do and what it logs.) By default 200: at 500
#: the test was 67 s of the suite's CPU, at 200 about 45.
DENSE = 2000 if FULL else 200
STRIDE = 10 if FULL else 50
#: Whole logs are compared every this many moves and at the end.
WHOLE_LOG = 64
#: Illegal texts tried at each checked step.
PROBES = 3
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


def offered(state: State, texts: bool = True) -> list[tuple[int | None, list[Any]]]:
    """Every seat's legal actions, and the seat to move's (``None``): their texts, or (a
    tenth of the cost, for the moves not checked whole) the actions themselves, which compare
    by value, and whose texts are made from their values alone."""
    seats = [None, *range(seats_of(state))]
    if texts:
        return [(seat, [str(a) for a in state.legal_actions(seat)]) for seat in seats]
    return [(seat, list(state.legal_actions(seat))) for seat in seats]


def position(state: State, since: int = 0) -> dict[str, Any]:
    """``state.to_json()`` with its log from entry ``since`` on (the state's own log is put
    back at once). A log only grows (checked) and each entry was compared when it was new, so
    a position is compared in a time that does not grow with the game: a long game's whole
    log written out after every move made the test quadratic."""
    log = state.events
    state.events = log[since:]
    try:
        return state.to_json()
    finally:
        state.events = log


def checked(step: int) -> bool:
    """Is the position after ``step`` moves checked whole?"""
    return step < DENSE or step % STRIDE == 0


def reloaded(step: int) -> bool:
    """Are both sides loaded from the position's JSON before move ``step``? One move in 23
    while every move is checked, then one in ``23 * STRIDE``. The JSON loaded leaves the log
    out (no game reads its log to play, and the codec that reads it is the same on both
    sides): a long game's whole log, loaded again and again, made the test quadratic."""
    return step % (23 if step < DENSE else 23 * STRIDE) == 11


def agree(ref: State, fast: State, where: str, since: int = 0, whole: bool = True) -> None:
    """The two sides alike: who moves and what each seat may do always; with ``whole``, the
    position (its log from entry ``since`` on, 0: all of it), the views and the scores."""
    assert fast.to_move() == ref.to_move(), f"{where}: to move"
    assert fast.is_over() == ref.is_over(), f"{where}: is over"
    assert offered(fast, whole) == offered(ref, whole), f"{where}: legal actions"
    assert len(fast.events) == len(ref.events), f"{where}: the log's length"
    if not whole:
        return
    assert position(fast, since) == position(ref, since), f"{where}: to_json"
    for seat in [None, *range(seats_of(ref))]:
        assert fast.view(seat) == ref.view(seat), f"{where}: view of seat {seat}"
    assert fast.scores() == ref.scores() and fast.winners() == ref.winners(), where


def outcome(state: State, text: str, seat: int | None, listed: bool) -> tuple[str, Any]:
    """What applying ``text`` for ``seat`` does to a copy: refused (with its reason) or the
    position it leads to. The copy's log starts empty (no game reads its own log to play), so
    its JSON holds only what this move logged; ``listed``: its legal actions are listed
    first, as a player or bot does before it moves. (Pickled, not written as JSON, to see that
    a refusal changed nothing: the same check, in a tenth of the time.)"""
    copy = state.clone()
    copy.events = []
    if listed:
        copy.legal_actions()
    before = pickle.dumps(copy.to_json())
    try:
        action = copy.parse_action(text)
    except ValueError as e:
        return "unreadable", str(e)
    try:
        made = copy.apply(action, seat)
    except IllegalAction as e:
        assert pickle.dumps(copy.to_json()) == before, "a refusal changed it"
        return "refused", e.reason
    return "played", (copy.to_json(), [e.to_json() for e in made])


def probe(
    ref: State, fast: State, seen: list[str], rng: random.Random, where: str, copies: bool
) -> None:
    """Texts seen in the game so far are refused alike (or lead to the same position);
    with ``copies``, a clone and a ``sample_hidden`` drawn alike are alike."""
    players = seats_of(ref)
    for i in range(PROBES):
        text = rng.choice(seen)
        seat = rng.choice([None, *range(players)])
        listed = i % 2 == 1
        assert outcome(fast, text, seat, listed) == outcome(ref, text, seat, listed), (
            f"{where}: {text!r} for seat {seat}" + (" (listed)" if listed else "")
        )
    if copies:
        logged = len(ref.events)
        k = rng.getrandbits(32)
        a, b = fast.clone(), ref.clone()
        assert type(a) is type(fast) and type(b) is type(ref), f"{where}: clone's class"
        assert len(a.events) == len(b.events) == logged, f"{where}: clone's log"
        assert position(a, logged) == position(b, logged), f"{where}: clone"
        observer = rng.randrange(players)
        a = fast.sample_hidden(observer, random.Random(k))
        b = ref.sample_hidden(observer, random.Random(k))
        assert position(a, logged) == position(b, logged), f"{where}: sample_hidden({observer})"


def drawn_options(game: Game, variant: str, players: int, rng: random.Random) -> dict[str, Any]:
    """The variant's choices and switches drawn at random (numbers keep their defaults), so
    that what an option changes is played in lockstep too; defaults when no draw starts."""
    for _ in range(20):
        options: dict[str, Any] = {}
        for o in game.variants[variant].options:
            if o.kind == "choice":
                options[o.id] = rng.choice(o.choices)
            elif o.kind == "bool":
                options[o.id] = rng.random() < 0.5
        try:
            game.new_state(players=players, variant=variant, options=options, seed=0)
        except ValueError:  # a combination the game refuses (a first seat past the players)
            continue
        return options
    return {}


def lockstep(
    game: Game,
    variant: str,
    players: int,
    game_seed: int,
    rng: random.Random,
    options: dict[str, Any] | None = None,
) -> int:
    """One game on both; the number of moves it took."""
    fast = game.new_state(players=players, variant=variant, options=options, seed=game_seed)
    ref = game.reference().new_state(
        players=players, variant=variant, options=options, seed=game_seed
    )
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
        if checked(step):
            probe(ref, fast, seen, rng, where, copies=step % 17 == 0 or step >= DENSE)
        if reloaded(step):  # both loaded from the position's JSON, and played on from there
            data = json.loads(json.dumps(position(fast, len(fast.events))))  # the log left out
            before = offered(fast)
            fast, ref = game.from_json(data), game.reference().from_json(data)
            agree(ref, fast, f"{where}, loaded")
            assert offered(fast) == before, f"{where}: loaded, the same choices"
        seat, i, action = choices[int(rng.random() * len(choices))]
        # picked from the listing just before it is applied, as a play-out picks it: a kernel
        # may take an action it has just offered by a path of its own
        action = fast.legal_actions(seat)[i]
        logged = len(fast.events)
        logs = (ref.events[:], fast.events[:]) if checked(step) else None
        made = fast.apply(action, seat)
        assert ref.apply(action, seat) == made, f"{where}: events of {action} by {seat}"
        if logs is not None:
            assert (ref.events[:logged], fast.events[:logged]) == logs, f"{where}: log changed"
        since = logged if step % WHOLE_LOG else 0
        agree(ref, fast, f"{where} ({action} by {seat})", since, whole=checked(step + 1))
    raise AssertionError(f"seed {game_seed}: no end after {MAX_STEPS} moves")


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
def test_the_kernel_plays_as_the_reference(game: Game, variant: str, players: int) -> None:
    """Every other game with the variant's options drawn at random (``drawn_options``)."""
    rng = random.Random(seed(f"lockstep:{game.id}:{variant}:{players}"))
    moves: list[int] = []
    while len(moves) < GAMES and sum(moves) < MOVES:
        i = len(moves)
        options = drawn_options(game, variant, players, rng) if i % 2 else None
        moves.append(lockstep(game, variant, players, rng.getrandbits(32), rng, options))
    print(
        f"lockstep {game.id} {variant} {players}: {len(moves)} games"
        f" ({len(moves) // 2} with options drawn), {sum(moves)} moves"
    )


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
