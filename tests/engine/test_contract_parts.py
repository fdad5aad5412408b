"""The explicit parts of the contract: the registry entries, the declared event kinds, the
shared position reader, positions that load already settled, and per-game preferences."""

from __future__ import annotations

import json
import random

import pytest

from cardsuite.engine import EVENT_KINDS, Event, State, check_event
from cardsuite.games import REGISTRY, entry, get_game
from cardsuite.positions import rng_from_json, rng_to_json


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_every_entry_names_parts_that_exist(game_id: str) -> None:
    e = entry(game_id)
    game = e.game
    assert game.id == game_id
    assert "#" in e.help_text() and game.help_text() == e.help_text()
    module = e.bots_module()
    assert hasattr(module, "make") or {"BOTS", "search_hooks"} <= set(dir(module))
    assert (e.selfplay_driver() is not None) == game.realtime
    state = game.new_state(seed=1)
    assert isinstance(state, State)
    assert state.variant == game.default_variant
    assert state.options == game.variants[game.default_variant].defaults()


def test_screens_come_from_the_entry_and_are_tables() -> None:
    from cardsuite.ui.table import TableScreen

    for e in REGISTRY.values():
        cls = e.screen_class()
        assert issubclass(cls, TableScreen)
        # each screen class's stylesheet loads after its frame's
        assert all(str(p).endswith(".tcss") for p in cls.CSS_PATH or [])


def test_event_kinds_are_declared_with_their_data() -> None:
    assert {"deal", "lead", "play", "trick", "showdown", "gameover"} <= set(EVENT_KINDS)
    assert check_event(Event("lead", 1, "{P1} leads [7H]", {"cards": ["7H"]}), 4) is None
    assert "cards" in str(check_event(Event("lead", 1, "x", {}), 4))
    assert "not cards" in str(check_event(Event("play", 1, "x", {"cards": ["ZZ"]}), 4))
    assert "not a seat" in str(check_event(Event("trick", 7, "x", {"cards": ["7H"]}), 4))
    bad = Event("showdown", None, "x", {"cards": {"9": "7H"}, "losers": [0]})
    assert "seat_cards" in str(check_event(bad, 4))
    assert check_event(Event("exchange", 0, "anything", {}), 4) is None  # the game's own


def test_the_random_generator_must_be_one_python_could_continue() -> None:
    good = rng_to_json(random.Random(5))
    assert rng_from_json(json.loads(json.dumps(good))).random() == random.Random(5).random()
    zeros = [3, [0] * 624 + [624], None]
    words = good[1]
    odd = [
        [3, [*words[:5], True, *words[6:]], None],  # a bool is no word
        [3, [*words[:5], 1.0, *words[6:]], None],
        [3, [*words[:5], "7", *words[6:]], None],
        [3, [*words[:5], 2**32, *words[6:]], None],
    ]
    for bad in (zeros, [3, [1] * 10, None], "x", [2, words, None], [3, [-1] * 625, None], *odd):
        with pytest.raises(ValueError, match="random generator"):
            rng_from_json(bad)


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_the_shared_header_is_checked(game_id: str) -> None:
    game = get_game(game_id)
    data = game.new_state(seed=3).to_json()
    assert {"game", "schema", "players", "variant", "options", "rng"} <= set(data)
    for key, value, words in [
        ("game", "chess", "not a"),
        ("schema", 99, "schema"),
        ("players", 99, "players"),
        ("players", 1e999, "whole number"),
        ("variant", "nosuch", "no variant"),
        ("options", {"nosuch": 1}, "no option"),
        ("options", [], "object"),
    ]:
        broken = dict(data, **{key: value})
        with pytest.raises(ValueError, match=words):
            game.from_json(broken)
    with pytest.raises(ValueError, match="object"):
        game.from_json([])  # type: ignore[arg-type]


def test_money_position_already_decided_loads_as_over() -> None:
    """MONEY-END-1: to move with no card and nothing to buy with is a lost game; a
    hand-written position like that loads over, with the winner, and no claim revives it."""
    game = get_game("money")
    data = game.new_state(seed=2, dealer=1).to_json()
    assert data["mover"] == 0
    data["hands"] = [[], data["hands"][1] + data["hands"][0]]
    data["banks"] = [[], data["banks"][1] + data["banks"][0]]
    state = game.from_json(data)
    assert state.is_over() and state.winners() == [1]
    assert state.events[-1].kind == "gameover"
    with pytest.raises(ValueError):
        state.apply("claim")


def test_twenty_two_position_with_one_player_left_loads_as_over() -> None:
    game = get_game("twenty-two")
    state = game.new_state(players=3, seed=4, dealer=0)
    data = state.to_json()
    data["active"] = [True, False, False]
    for s in (1, 2):  # eliminated seats hold nothing: their cards go to the stock
        data["stock"] += data["hands"][s]
        data["hands"][s] = []
    data["scores"] = [5, 22, 24]
    data["exchange_queue"] = [0]
    data["turn"] = 0
    loaded = game.from_json(data)
    assert loaded.is_over() and loaded.winners() == [0]


def test_preferences_are_described_by_the_game() -> None:
    money = get_game("money")
    throw = money.preference("throw_ms")
    assert throw.kind == "int" and throw.default == 500 and throw.show(750) == "750 ms"
    assert throw.parse("250") == 250
    with pytest.raises(ValueError):
        throw.parse("2000")
    key = money.preference("keys.0.turn")
    assert key.kind == "key" and key.parse("z") == "z"
    with pytest.raises(ValueError):
        key.parse("two words")
