"""The trick table's status line is two lines tall: at the smallest size the app plays at
(80x24), with the longest name a seat may have (16 characters), every prompt and every hint
a game shows there fits, so no instruction loses its end (a Trjámann declarer once read "you
still owe nullo, grand, spades," and no more).

The prompts come from random play of every variant and table size of every game on the
trick-table frame, read by the mounted table screen itself (``prompt`` and ``hint_text``);
the width is the status line's own, as laid out."""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import LONG_NAMES, screen_of
from rich.console import Console
from rich.text import Text
from textual.widgets import Static

from cardsuite.bots import make_bot
from cardsuite.games import REGISTRY, get_game
from cardsuite.match import SeatSpec
from cardsuite.ui.app import StartRequest
from cardsuite.ui.felt import TrickFelt
from cardsuite.ui.trick_table import TrickTableScreen

#: Each game on the frame: the player counts to play (all of them but the largest tables,
#: whose prompts are the same words) and how many games of each variant.
TABLES = {"twenty-two": (2, 4, 6, 8), "manni": (3,), "mensch": (4,)}
GAMES = 3
#: The longest name the setup screen takes, one per seat (names must differ).
NAMES = LONG_NAMES


def test_every_trick_table_game_is_covered() -> None:
    on_frame = {
        gid for gid, e in REGISTRY.items() if issubclass(e.screen_class(), TrickTableScreen)
    }
    assert on_frame == set(TABLES)


def _lines(console: Console, text: Any, width: int) -> int:
    return len(text.wrap(console, width))


@pytest.mark.parametrize("game_id", sorted(TABLES))
async def test_prompts_and_hints_fit_two_lines_at_80x24(make_app, game_id: str) -> None:  # type: ignore[no-untyped-def]
    game = get_game(game_id)
    players = TABLES[game_id]
    seats = [SeatSpec("human", NAMES[i]) for i in range(players[0])]
    app = make_app(start=StartRequest(game_id, seats, None, {}, 1))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await screen_of(pilot, TrickTableScreen)
        width = table.query_one("#status", Static).content_region.width
        assert 40 <= width <= 60, width  # the narrow layout, beside the side panel
        console = Console(width=200)
        too_long: dict[str, str] = {}
        checked = 0
        for variant in game.variants:
            for n in players:
                for g in range(GAMES):
                    rng = random.Random(g)
                    state = game.new_state(players=n, variant=variant, seed=g)
                    table.match.state = state  # prompt reads the match (Mensch's legal bids)
                    medium = make_bot(game_id, "medium", seed=g)
                    steps = 0
                    while not state.is_over() and steps < 300:
                        seat = state.to_move()
                        assert seat is not None
                        name = NAMES[seat]
                        words = [table.prompt(state.view(seat), name)]
                        if steps % 5 == 0:
                            hint = medium.hint(state.clone(), seat)  # type: ignore[attr-defined]
                            words.append(table.hint_text(hint))
                        for text in words:
                            checked += 1
                            if _lines(console, text, width) > 2:
                                too_long.setdefault(f"{variant}/{n}", text.plain)
                        state.apply(rng.choice(list(state.legal_actions())))
                        steps += 1
        assert checked > 100
        assert not too_long, f"status text over two lines at width {width}: {too_long}"


async def test_the_sheet_panel_tells_long_names_apart(make_app) -> None:  # type: ignore[no-untyped-def]
    """The side panel's sheet heads each column with a name's first three letters; names
    that share them ("Abcdefghijklmn00", "...01", "...02" all read "Abc") are cut in the
    middle instead, so each column says whose it is."""
    seats = [SeatSpec("human", NAMES[i]) for i in range(3)]
    app = make_app(start=StartRequest("manni", seats, "trjamann", {}, 1))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await screen_of(pilot, TrickTableScreen)
        panel = table.query_one("#sheet", Static)
        console = Console(width=panel.content_region.width, record=True)
        console.print(panel.content)
        lines = console.export_text().splitlines()
        head = lines[0].split()
        assert head == ["#", "Ab…0", "Ab…1", "Ab…2"], head
        assert [line.split()[0] for line in lines[1:]] == ["plus", "minus", "Σ"]  # not "pl…"


async def test_side_seats_read_apart_at_80x24(make_app) -> None:  # type: ignore[no-untyped-def]
    """Two 16-letter names beside the felt's 13 columns both read "Abcdefghijklm" and lost
    the dealer's D: they give up the bot's kind, then are cut in the middle."""
    seats = [SeatSpec("human", NAMES[0])] + [SeatSpec("medium", n) for n in NAMES[1:3]]
    app = make_app(start=StartRequest("manni", seats, "trjamann", {}, 5))  # East deals
    async with app.run_test(size=(80, 24)) as pilot:
        table = await screen_of(pilot, TrickTableScreen)
        assert table.view()["dealer"] == 2
        felt = table.query_one(TrickFelt).render().plain
        assert "Abcdef…n01" in felt and "Abcdef…n02 D" in felt, felt


async def test_manni_header_fits_80_and_120_columns(make_app) -> None:  # type: ignore[no-untyped-def]
    """Trjámann with every option (TRJ-OPT-1 to 3) and 16-letter names: the header is cut
    at 120 columns no more ("... · Abcdefghijklmn00" and no "declares"), nor at 80: the
    frame shows the first of its forms that fits."""
    game = get_game("manni")
    seats = [SeatSpec("human", NAMES[i]) for i in range(3)]
    every = {o.id: True for o in game.variants["trjamann"].options}
    app = make_app(start=StartRequest("manni", seats, "trjamann", every, 1))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await screen_of(pilot, TrickTableScreen)
        assert table.query_one("#table-header").content_region.width == 78
        too_long: dict[str, str] = {}
        checked = 0
        for variant in game.variants:
            opts = every if variant == "trjamann" else {}
            for g in range(GAMES):
                rng = random.Random(g)
                state = game.new_state(players=3, variant=variant, options=opts, seed=g)
                steps = 0
                while not state.is_over() and steps < 120:
                    forms = table.header(state.view(0))
                    forms = [forms] if isinstance(forms, Text) else forms
                    for room in (78, 118):
                        checked += 1
                        if not any(f.cell_len <= room for f in forms):
                            too_long.setdefault(f"{variant}/{room}", forms[-1].plain)
                    state.apply(rng.choice(list(state.legal_actions())))
                    steps += 1
        assert checked > 100
        assert not too_long, too_long
