"""Random walks through a game: the positions that rule-by-rule and fast-path tests check.

Each seed's game is played at random from its first move, for its first ``deals`` deals (or
to its end); every position is handed to the test before a legal move is picked in it with
the walk's own generator, which the test may draw from as well.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from cardsuite.games import get_game


def walk(
    game_id: str,
    variant: str | None,
    seeds: Iterable[int],
    players: Callable[[int], int],
    deals: int,
) -> Iterator[tuple[Any, random.Random]]:
    """(state, generator) for every position of the walks; ``players(seed)`` sizes each
    table. A test may try moves the rules refuse (they change nothing), never legal ones."""
    game = get_game(game_id)
    for seed in seeds:
        state = game.new_state(players=players(seed), variant=variant, seed=seed)
        rng = random.Random(seed)
        while not state.is_over() and state.deals_played() < deals:
            yield state, rng
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])


def midgame_positions(
    game: Any, players: int, count: int, rng: random.Random, most_moves: int
) -> Iterator[Any]:
    """``count`` random positions part-way through random games (a random variant, up to
    ``most_moves`` random moves), each with a seat to move: what the privacy tests look at."""
    found = 0
    while found < count:
        variant = rng.choice(list(game.variants))
        state = game.new_state(players=players, variant=variant, seed=rng.getrandbits(32))
        for _ in range(rng.randrange(0, most_moves)):
            if state.is_over():
                break
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        if not state.is_over():
            found += 1
            yield state
