"""One check that a position survives JSON: it loads back to the same JSON, and the copy
plays on exactly as the original (the same offers, the same events, the same end).

``by_text``: the copy is given each move as its text (the game's notation read back), where
the text names the action whole; otherwise as the copy's own offered action of the same
index (Money's claim text leaves out the seat that claims)."""

from __future__ import annotations

import json
import random

from cardsuite.engine import State


def check_round_trip(
    state: State, rng: random.Random, steps: int = 25, *, by_text: bool = False
) -> None:
    data = json.loads(json.dumps(state.to_json()))
    copy = state.game.from_json(data)
    assert json.dumps(copy.to_json(), sort_keys=True) == json.dumps(data, sort_keys=True)
    a, b = state.clone(), copy
    for _ in range(steps):
        if a.is_over():
            assert b.is_over()
            break
        legal_a, legal_b = a.legal_actions(), b.legal_actions()
        assert [str(x) for x in legal_a[:50]] == [str(x) for x in legal_b[:50]]
        i = int(rng.random() * len(legal_a))
        theirs = str(legal_a[i]) if by_text else legal_b[i]
        assert [e.to_json() for e in a.apply(legal_a[i])] == [e.to_json() for e in b.apply(theirs)]
    assert a.to_json() == b.to_json()
