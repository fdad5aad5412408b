"""Issue 36: Twenty-Two's hard bot chooses its exchange over common deals (``hard.py``):
every candidate exchange is played out on the same sampled deals, so a deal's luck falls on
every candidate alike; plays and the all-seeing yardstick stay with the tree search."""

from __future__ import annotations

from typing import Any

import pytest

from cardsuite.bots import make_bot
from cardsuite.games import get_game
from cardsuite.games.twenty_two import hard
from cardsuite.games.twenty_two.hard import TwentyTwoHard
from cardsuite.games.twenty_two.rules import TwentyTwoState

G = get_game("twenty-two")
HARD: dict[str, Any] = {"iterations": 40, "time_budget": 60}


def _exchange_position(seed: int) -> TwentyTwoState:
    state = G.new_state(players=4, seed=seed)
    assert isinstance(state, TwentyTwoState) and state.phase == "exchange"
    return state


def test_every_candidate_is_played_on_the_same_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hard, "EXCHANGE_BY_DEALS", True)
    state = _exchange_position(2)
    me = state.to_move()
    bot = make_bot("twenty-two", "hard", seed=5, **HARD)
    assert isinstance(bot, TwentyTwoHard)
    seen: list[tuple[Any, ...]] = []
    real = TwentyTwoHard._play_out

    def spy(self: TwentyTwoHard, root: Any, st: TwentyTwoState) -> list[float]:
        # the deal as the exchange found it: the others' hands and what is left of the stock
        others = tuple(tuple(h) for s, h in enumerate(st.hands) if s != me)
        seen.append((others, len(st.stock) + len(st.discards[me])))
        return real(self, root, st)

    monkeypatch.setattr(TwentyTwoHard, "_play_out", spy)
    action = bot.choose(state, me)
    k = len(bot.hooks.candidates(state))
    deals = bot.last.iterations // k
    assert k > 1 and deals * k == len(seen) and deals * k <= HARD["iterations"] and deals > 1
    groups = [seen[i * k : (i + 1) * k] for i in range(deals)]
    assert all(len({g[0] for g in group}) == 1 for group in groups)  # one deal per group
    assert len({group[0][0] for group in groups}) > 1  # and a new deal for each group
    values = bot.last.values
    assert str(action.key) in values and values[str(action.key)] == max(values.values())


def test_the_exchange_is_the_same_for_a_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hard, "EXCHANGE_BY_DEALS", True)
    state = _exchange_position(4)
    me = state.to_move()
    picks = {
        (str(b.choose(state.clone(), me)), tuple(b.last.values.values()))
        for b in (make_bot("twenty-two", "hard", seed=9, **HARD) for _ in range(2))
    }
    assert len(picks) == 1


def test_plays_and_the_yardstick_are_left_to_the_tree_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _exchange_position(3)
    me = state.to_move()
    seeing = make_bot("twenty-two", "hard", seed=1, all_seeing=True, **HARD)
    seeing.choose(state, me)
    assert not seeing.last.values and seeing.last.iterations == HARD["iterations"]
    monkeypatch.setattr(hard, "EXCHANGE_BY_DEALS", False)
    off = make_bot("twenty-two", "hard", seed=1, **HARD)
    off.choose(state, me)
    assert not off.last.values
    while state.phase == "exchange":
        state.apply("keep")
    bot = make_bot("twenty-two", "hard", seed=1, **HARD)
    bot.choose(state, state.to_move())
    assert not bot.last.values
