"""Saved games (issue 32): a saved game's label says the game, its variant, how far it got
and who plays with their scores; saving a resumed game again replaces its save; and a game
that ends removes its save, so the picker never offers a finished game."""

from __future__ import annotations

import json
import random
from pathlib import Path

from helpers import LONG_NAMES, wait_for

from cardsuite.games import get_game
from cardsuite.match import Match, SeatSpec
from cardsuite.store import Store
from cardsuite.ui.gameover import GameOverScreen
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.table import TableScreen


def test_a_saves_label_says_the_game_its_variant_and_how_far_it_got() -> None:
    def match(game: str, variant: str, kinds: str) -> Match:
        seats = [SeatSpec(k, f"P{i + 1}") for i, k in enumerate(kinds.split(","))]
        return Match.new(game, seats, variant, {}, 3)

    manni = match("manni", "trjamann", "human,easy,easy")
    assert manni.describe() == "Manni · Trjámann · hand 1 of 12"
    assert manni.standing() == "P1 0, P2 0, P3 0"
    assert match("mensch", "standard", "human,easy,easy,easy").describe() == "Mensch · deal 1 of 8"
    assert match("african-casino", "sotho", "human,easy").describe() == (
        "African Casino · Sotho · deal 1"
    )
    assert match("twenty-two", "standard", "human,easy").describe() == (
        "Twenty-Two · Standard · hand 1"
    )
    assert match("money", "jordanian", "human,easy").describe() == "Money · Jordanian"
    save = manni.to_save()
    assert (save["title"], save["subtitle"]) == (manni.describe(), manni.standing())


def test_the_saves_list_reads_the_new_label_and_still_lists_an_old_save(tmp_path: Path) -> None:
    store = Store(tmp_path)
    match = Match.new("manni", [SeatSpec("human", "Ann"), *[SeatSpec("easy", "B")] * 2], "trjamann")
    store.save_game(match.to_save(), "new")
    old = {"game": "manni", "match_schema": 1, "title": "Manni (Ann, B, B)"}
    store.save_game(old, "old")
    infos = {i.path.stem: i for i in store.list_saves()}
    assert infos["new"].title == "Manni · Trjámann · hand 1 of 12"
    assert infos["new"].subtitle == "Ann 0, B 0, B 0"
    assert infos["old"].title == "Manni (Ann, B, B)" and infos["old"].subtitle is None


def near_the_end(seed: int = 4) -> Match:
    """Two bots at Twenty-Two, one move from the end (a position the table plays out)."""
    game = get_game("twenty-two")
    state = game.new_state(players=2, seed=seed)
    rng = random.Random(seed)
    while True:
        action = rng.choice(state.legal_actions())
        after = state.clone()
        after.apply(action)
        if after.is_over():
            break
        state.apply(action)
    return Match(game, state, [SeatSpec("easy", "A"), SeatSpec("easy", "B")])


async def test_a_resumed_game_that_ends_leaves_no_save(make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    store = Store(private_home)
    path = store.save_game(near_the_end().to_save())
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert not path.exists() and store.list_saves() == []
        await pilot.press("escape")
        app.back_to_picker()
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("r")  # nothing to resume: the finished game's old hand is gone
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)


async def test_saving_a_resumed_game_again_replaces_its_save(make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    """At 80x24 the label's two lines are cut with "…", never wrapped; ctrl+s in the resumed
    game writes over the save it came from."""
    store = Store(private_home)
    seats = [SeatSpec("human", LONG_NAMES[0]), SeatSpec("easy", LONG_NAMES[1])]
    path = store.save_game(Match.new("twenty-two", seats, "standard", {}, 5).to_save())
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        label = f"saved just now · {LONG_NAMES[0]} 0, Abcdefghijklmn… │"

        def lines() -> list[str]:
            return [s.text for s in app.screen._compositor.render_strips()]

        # the picker's columns settle in a refresh or two (its game list keeps room for the
        # longest summary): the label is read once they have
        await pilot.pause()
        await wait_for(pilot, lambda: any(label in line for line in lines()))
        drawn = lines()
        (at,) = [i for i, line in enumerate(drawn) if "Twenty-Two · Standard · hand 1" in line]
        assert label in drawn[at + 1]
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        await wait_for(pilot, lambda: table.human_to_move() is not None)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert [i.path for i in store.list_saves()] == [path]
        assert json.loads(path.read_text("utf-8"))["seats"][0]["name"] == LONG_NAMES[0]


async def test_leaving_a_resumed_game_asks_nothing(make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    """A resumed game is as its save left it: q before any move leaves at once (issue 32
    #33: the question about saving is for play that no save holds)."""
    store = Store(private_home)
    seats = [SeatSpec("human", "Ann"), SeatSpec("easy", "Bo")]
    # a deal where Ann moves first: a bot's move after the resume would be play to lose
    match = next(
        m
        for seed in range(40)
        if (m := Match.new("twenty-two", seats, "standard", {}, seed)).state.to_move() == 0
    )
    store.save_game(match.to_save())
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        await wait_for(pilot, lambda: table.human_to_move() is not None)
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
