"""Positions that used to load and then crash or hang (issue 9 #4): refused with a reason."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from cardsuite.games import get_game

T22 = get_game("twenty-two")


def midgame() -> dict[str, Any]:
    state = T22.new_state(players=4, seed=3, dealer=3)
    while state.phase != "play" or not state.trick:
        state.apply(state.legal_actions()[0])
    return json.loads(json.dumps(state.to_json()))


def change(data: dict[str, Any], how) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    data = copy.deepcopy(data)
    how(data)
    return data


def hand_into_stock(d: dict[str, Any]) -> None:
    d["stock"] += d["hands"][0]
    d["hands"][0] = []


def sixteen_cards(d: dict[str, Any]) -> None:
    d["hands"][1] += d["stock"][:10]
    d["stock"] = d["stock"][10:]


CASES = {
    "a hand moved into the stock": hand_into_stock,
    "dealer 99": lambda d: d.update(dealer=99),
    "a trick leader 99": lambda d: d["trick"].update(leader=99),
    "a 16-card hand": sixteen_cards,
    "best -1": lambda d: d["trick"].update(best=-1),
    "a score of 10^30": lambda d: d["scores"].__setitem__(0, 10**30),
    "a generator of zeros": lambda d: d.update(rng=[3, [0] * 624 + [624], None]),
    "garbage event data": lambda d: d["events"].append(["lead", 0, "x", {"cards": 7}]),
    "an event that is not a list": lambda d: d["events"].append("lead"),
    "players as a float": lambda d: d.update(players=4.0),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_position_that_would_crash_later_is_refused(name: str) -> None:
    data = midgame()
    T22.from_json(data)  # the real one loads
    with pytest.raises(ValueError) as info:
        T22.from_json(change(data, CASES[name]))
    assert str(info.value)


def test_a_money_position_whose_mover_has_bought_with_nothing_to_turn_is_refused() -> None:
    """Found by a salted full mutation run (``CARDSUITE_SEED=083a88b5``): ``bought`` set to 1
    in a position whose mover holds no card loaded (as true), and left the mover nothing to
    do: he has bought this turn, yet holds no card to turn (what is bought goes to the hand,
    MONEY-BUY-11). ``bought`` is a boolean, that position is refused, and so, as a catch-all,
    is any whose player to move has no legal step."""
    import random

    money = get_game("money")
    found = None
    for seed in range(200):
        st = money.new_state(players=2, variant="egyptian", seed=seed)
        rng = random.Random(seed)
        while not st.is_over():
            if st.phase == "play" and not st.hands[st.mover] and not st.bought:
                found = json.loads(json.dumps(st.to_json()))
                break
            legal = st.legal_actions()
            st.apply(legal[int(rng.random() * len(legal))])
        if found:
            break
    assert found, "no position with the mover out of cards"
    money.from_json(found)  # the real one loads: the mover buys
    with pytest.raises(ValueError, match="bought is true or false"):
        money.from_json({**found, "bought": 1})
    with pytest.raises(ValueError, match="holds no card to turn"):
        money.from_json({**found, "bought": True})


def test_a_trjamann_position_in_play_with_no_contract_is_refused() -> None:
    """Found by a salted full mutation run (``CARDSUITE_SEED=ddcc66ae``): a Trjámann position
    in the tricks whose contract was blanked loaded, and scoring its hand failed
    (``KeyError: ''``). The exchange and the tricks come after the contract (TRJ-CONTRACT-1)."""
    import random

    manni = get_game("manni")
    st = manni.new_state(variant="trjamann", seed=4)
    rng = random.Random(4)
    while st.phase != "play":
        st.apply(rng.choice(st.legal_actions()))
    data = json.loads(json.dumps(st.to_json()))
    manni.from_json(data)  # the real one loads
    with pytest.raises(ValueError, match="come after the contract"):
        manni.from_json({**data, "contract": ""})


# --- issue 33: positions that loaded and then broke --------------------------------------------


@pytest.mark.parametrize("game_id", ["money", "twenty-two", "manni", "mensch", "african-casino"])
def test_a_generator_that_gives_only_zeros_is_refused(game_id: str) -> None:
    """Issue 33 #9: ``[3, [1] + [0] * 623 + [624], null]`` was accepted: its first word's low
    bits are never read, so it gives zeros for ever (Twenty-Two's first draw never ended;
    the others played on and refused their own save). A sparse state that is not degenerate
    still loads."""
    game = get_game(game_id)
    data = json.loads(json.dumps(game.new_state(seed=2).to_json()))
    for words in ([1] + [0] * 623, [0] * 624, [2**31 - 1] + [0] * 623):
        with pytest.raises(ValueError, match="degenerate"):
            game.from_json({**data, "rng": [3, [*words, 624], None]})
    sparse = game.from_json({**data, "rng": [3, [2**31] + [0] * 623 + [624], None]})
    json.dumps(sparse.to_json())


@pytest.mark.parametrize("game_id", ["money", "twenty-two", "manni", "mensch", "african-casino"])
def test_json_nested_too_deeply_is_refused(game_id: str) -> None:
    """Issue 33 #10: event data and history nested 900 deep loaded; ctrl+s then raised
    RecursionError and the crash report froze the app. Positions and saves are bounded."""
    from cardsuite import positions
    from cardsuite.match import Match, SeatSpec

    game = get_game(game_id)
    state = game.new_state(seed=2)
    data = json.loads(json.dumps(state.to_json()))
    deep: list[object] = []
    for _ in range(900):
        deep = [deep]
    event = ["note", None, "x", {"deep": deep}]
    with pytest.raises(ValueError, match="nested too deeply"):
        game.from_json({**data, "events": [*data["events"], event]})
    with pytest.raises(ValueError, match="nested too deeply"):
        game.from_json({**data, "history": deep})
    seats = [SeatSpec("human", f"P{s}") for s in range(len(state.scores()))]
    save = json.loads(json.dumps(Match(game, state, seats).to_save()))
    with pytest.raises(ValueError, match="nested too deeply"):
        Match.from_save({**save, "origin": {"position": {"x": deep}}})
    shallow: list[object] = []
    for _ in range(positions.MAX_DEPTH - 1):
        shallow = [shallow]
    positions.check_depth(shallow, "this")  # the bound itself is allowed
