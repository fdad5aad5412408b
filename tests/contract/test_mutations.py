"""Mutated positions: a loaded position plays on, or is refused with ``ValueError`` (issue 9).

Every registered game: take real ``to_json`` positions from random games, mutate one thing
(delete a key, put a wrong value in, nudge a number, shuffle, cut or double a list), and load
it. ``from_json`` must either refuse it with ``ValueError`` saying what is wrong, or give a
position that plays on by random moves to its end without any other error and still writes
JSON. ``CARDSUITE_FULL=1`` tries ten times as many.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest
from scale import FULL, seed

from cardsuite.engine import IllegalAction
from cardsuite.games import all_games

MUTATIONS = 4000 if FULL else 400
STEPS = 3000

ODD_VALUES: list[Any] = [
    None,
    -1,
    0,
    1,
    99,
    10**30,
    -(10**30),
    1.5,
    float("inf"),
    "",
    "[/]",
    "x",
    True,
    False,
    [],
    {},
    [None],
    ["KS"],
    "KS",
    "JK",
    [[0, ["KS"]]],
    {"a": 1},
    list(range(50)),
]


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree (the events, which are the log, sampled only)."""
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "events" and isinstance(v, list):
                v = v[:3]
            out += paths(v, (*prefix, k))
    elif isinstance(node, list):
        if len(node) > 40:  # the generator's 625 words: a few of them
            node = node[:3]
        for i, v in enumerate(node):
            out += paths(v, (*prefix, i))
    return out


def mutate(data: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    data = copy.deepcopy(data)
    where = rng.choice(paths(data)[1:])
    parent = data
    for step in where[:-1]:
        parent = parent[step]
    last = where[-1]
    value = parent[last]
    how = rng.choice(["delete", "replace", "replace", "nudge", "list"])
    if how == "delete":
        if isinstance(parent, dict):
            del parent[last]
        else:
            parent.pop(last)
    elif how == "nudge" and isinstance(value, int) and not isinstance(value, bool):
        parent[last] = value + rng.choice([-2, -1, 1, 2, 1000])
    elif how == "list" and isinstance(value, list) and value:
        change = rng.choice(["shuffle", "cut", "double"])
        if change == "shuffle":
            rng.shuffle(value)
        elif change == "cut":
            del value[rng.randrange(len(value)) :]
        else:
            value.append(copy.deepcopy(rng.choice(value)))
        how = change
    else:
        parent[last] = copy.deepcopy(rng.choice(ODD_VALUES))
        how = "replace"
    return data, f"{how} at {'/'.join(map(str, where))}"


def positions(game: Any, rng: random.Random, count: int) -> list[dict[str, Any]]:
    out = []
    while len(out) < count:
        players = rng.choice(game.players[:5])
        state = game.new_state(
            players=players, variant=rng.choice(list(game.variants)), seed=rng.getrandbits(32)
        )
        for _ in range(rng.randrange(0, 200)):
            if state.is_over():
                break
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        out.append(json.loads(json.dumps(state.to_json())))
    return out


def play_to_the_end(state: Any, rng: random.Random) -> None:
    pack = Counter(state.all_cards())
    for _ in range(STEPS):
        if state.is_over():
            break
        legal = state.legal_actions()
        assert legal, "a seat to move with nothing to do"
        state.apply(legal[int(rng.random() * len(legal))])
        assert Counter(state.all_cards()) == pack
    for seat in [*range(len(state.scores())), None]:
        json.dumps(state.view(seat))
    json.dumps(state.to_json())
    state.game.from_json(json.loads(json.dumps(state.to_json())))  # and it loads again


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_mutated_position_loads_and_plays_or_is_refused(game: Any) -> None:
    rng = random.Random(seed(f"mutate:{game.id}"))
    originals = positions(game, rng, 12)
    outcomes: Counter[str] = Counter()
    for i in range(MUTATIONS):
        data, what = mutate(rng.choice(originals), rng)
        try:
            state = game.from_json(data)
        except ValueError as e:
            assert str(e), what
            outcomes["refused"] += 1
            continue
        try:
            play_to_the_end(state, random.Random(i))
        except IllegalAction as e:
            raise AssertionError(f"{what}: loaded, then an offered move was refused: {e}") from e
        except Exception as e:
            raise AssertionError(f"{what}: loaded, then {type(e).__name__}: {e}") from e
        outcomes["loaded and played"] += 1
    print(f"{game.id}: {MUTATIONS} mutations: {dict(outcomes)}")
    assert outcomes["refused"] and outcomes["loaded and played"]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_mutated_save_resumes_and_plays_or_is_refused(game: Any) -> None:
    """The same for a whole saved match (seats, bots and their generators, the record)."""
    from cardsuite.match import Match, SeatSpec

    rng = random.Random(seed(f"save:{game.id}"))
    players = min(game.players)
    seats = [SeatSpec("human", "A")] + [SeatSpec("random", f"B{i}") for i in range(players - 1)]
    saves = []
    for n in range(4):
        match = Match.new(game.id, seats, seed=n, bot_options={"hard": {"iterations": 5}})
        for _ in range(rng.randrange(0, 40)):
            if match.is_over():
                break
            seat = match.to_move()
            assert seat is not None
            legal = match.legal_actions(seat)
            match.apply(legal[int(rng.random() * len(legal))], seat)
        saves.append(json.loads(json.dumps(match.to_save())))
    outcomes: Counter[str] = Counter()
    first = saves[0]
    for extra in (
        {"state": []},
        {"state": {**first["state"], "players": 1e999}},
        {"bot_options": {"hard": {"iterations": 1e9}}},
    ):
        with pytest.raises(ValueError):
            Match.from_save({**first, **extra})
    for _ in range(MUTATIONS // 4):
        data, what = mutate(rng.choice(saves), rng)
        try:
            match = Match.from_save(data)
        except ValueError:
            outcomes["refused"] += 1
            continue
        for _ in range(50):
            if match.is_over():
                break
            seat = match.to_move()
            assert seat is not None, what
            action = match.choose_bot(seat) if seat in match.bots else match.hint(seat)
            match.apply(action, seat)
        json.dumps(match.to_save())
        outcomes["resumed and played"] += 1
    print(f"{game.id}: {MUTATIONS // 4} mutated saves: {dict(outcomes)}")
    assert outcomes["refused"] and outcomes["resumed and played"]
