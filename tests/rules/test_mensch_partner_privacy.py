"""The secret partner stays secret (MENSCH-CALL-5): two positions that differ only in who
holds the called card give every other seat the same view, the same log, the same hint and
the same bot decisions, until the called card is played; and no view names the partner
before then.

Twins are made right after the call: the called card and a card of another opponent of the
declarer are swapped between their two hands, so the partner is one seat in one twin and the
other in the other. Both are then played on with the same moves; the two seats whose hands
differ are the only ones allowed to see a difference.
"""

from __future__ import annotations

import json
import random

import pytest

from cardsuite.bots import make_bot
from cardsuite.games.mensch.rules import GAME, MenschState


def _to_the_call(seed: int) -> MenschState | None:
    rng = random.Random(seed)
    st = GAME.new_state(variant=rng.choice(list(GAME.variants)), seed=seed)
    while st.phase != "play" or st.called is None:
        if st.is_over():
            return None
        legal = st.legal_actions()
        if st.phase == "bid":  # the least anyone may: a partner contract, or all pass
            st.apply(legal[0])
        else:
            st.apply(legal[int(rng.random() * len(legal))])
        if st.phase == "play" and st.called is None:
            return None  # a contract alone: no partner to hide
    return st


def _twin(st: MenschState) -> tuple[MenschState, int, int] | None:
    holder = st.partner
    assert holder is not None and st.called is not None
    others = [s for s in range(4) if s not in (holder, st.declarer)]
    for other in others:
        # a card of the called card's kind (plain, the same suit, or not) keeps every rule the
        # same for the moves both twins make
        swap = next((c for c in st.hands[other] if c.suit == st.called.suit), None)
        if swap is None:
            swap = st.hands[other][0]
        twin = GAME.from_json(json.loads(json.dumps(st.to_json())))  # a deep copy
        twin.hands[holder].remove(st.called)
        twin.hands[other].remove(swap)
        twin.hands[holder].append(swap)
        twin.hands[other].append(st.called)
        twin.sort_hands()
        twin.partner = other
        return twin, holder, other
    return None


def _text(st: MenschState) -> list[str]:
    return [e.text for e in st.events]


@pytest.mark.parametrize("seed", range(40))
def test_nobody_else_can_tell_who_holds_the_called_card(seed: int) -> None:
    st = _to_the_call(seed)
    if st is None:
        pytest.skip("no partner contract in this deal")
    made = _twin(st)
    assert made is not None
    twin, a, b = made
    watchers = [s for s in range(4) if s not in (a, b)]
    assert st.declarer in watchers
    rng = random.Random(seed)
    medium = make_bot("mensch", "medium", seed=1)
    # one searcher per twin, seeded alike: the same samples if nothing tells them apart
    hard_a = make_bot("mensch", "hard", seed=2, iterations=40, time_budget=30.0)
    hard_b = make_bot("mensch", "hard", seed=2, iterations=40, time_budget=30.0)
    steps = 0
    while not st.is_over() and not st.partner_known and not twin.partner_known:
        for s in watchers:
            assert st.view(s) == twin.view(s), f"seat {s}'s view tells the twins apart"
            assert st.view(s)["partner"] is None
        assert _text(st) == _text(twin)
        mover = st.to_move()
        assert mover == twin.to_move()
        if mover in watchers:
            assert st.legal_actions() == twin.legal_actions()
            assert medium.choose(st, mover) == medium.choose(twin, mover)
            if steps < 3:
                assert hard_a.choose(st, mover) == hard_b.choose(twin, mover)
        legal = [x for x in st.legal_actions() if x in twin.legal_actions()]
        if not legal:
            break  # the two hands that differ must now play differently
        action = legal[int(rng.random() * len(legal))]
        st.apply(action)
        twin.apply(action)
        steps += 1
    assert steps > 0
