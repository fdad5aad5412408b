"""The game-over dialog at the smallest size the app plays at (80x24), with 16-letter names,
after a long game of every game: the result, the final sheet's header and totals (and its
last deals) and the buttons are all on screen, and the buttons answer the mouse. The fixed
64-column dialog cut African Casino's four-player headers ("Abcdefghijklmn00+Abcdefg…"),
lost the deal column at three, and ran off the bottom of the screen from five deals on.

Also African Casino's other seats at a four-player table: their 15 columns lost the dealer's
``D`` and the ``partner`` mark behind a 16-letter name; the name is cut instead."""

from __future__ import annotations

import random

import pytest
from every_game import check
from helpers import LONG_NAMES, game_over, screen_of, wait_for
from textual.geometry import Region
from textual.widgets import Static

from cardsuite.games import get_game
from cardsuite.games.african_casino.screen import CasinoScreen
from cardsuite.games.african_casino.screen_felt import CasinoFelt
from cardsuite.match import Match, SeatSpec
from cardsuite.ui.app import StartRequest
from cardsuite.ui.gameover import GameOverScreen
from cardsuite.ui.sheet import Sheet

NAMES = LONG_NAMES
SCREEN = Region(0, 0, 80, 24)


def finished(game_id: str, players: int, variant: str | None, seed: int) -> Match:
    """A game played to its end by random legal moves (many deals: a long sheet)."""
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.new_state(players=players, variant=variant, seed=seed)
    while not state.is_over():
        state.apply(rng.choice(list(state.legal_actions())))
    return Match(game, state, [SeatSpec("human", NAMES[i]) for i in range(players)], seed)


def plain(screen: GameOverScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


#: Each game's longest sheets: game, players, variant, seed.
RESULTS = [
    ("african-casino", 4, "sotho", 1),
    ("african-casino", 3, "sotho", 1),
    ("african-casino", 2, "swazi", 2),
    ("manni", 3, None, 1),  # nine deals
    ("mensch", 4, None, 1),  # eight
    ("twenty-two", 4, None, 1),  # nine, four 16-letter columns
    ("twenty-two", 12, None, 1),  # a row per seat, twelve of them, 22 deals
    ("money", 2, None, 1),  # no sheet
]


def test_every_game_has_a_result_here() -> None:
    check([case[0] for case in RESULTS], "RESULTS in tests/ui/test_gameover_fits.py")


@pytest.mark.parametrize(("game_id", "players", "variant", "seed"), RESULTS)
async def test_the_result_fits_at_80x24(
    make_app,  # type: ignore[no-untyped-def]
    game_id: str,
    players: int,
    variant: str | None,
    seed: int,
) -> None:
    match = finished(game_id, players, variant, seed)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.open_table(match)
        over = await game_over(pilot)
        table = app.screen_stack[-2]
        for _ in range(5):  # the sheet laid out at the dialog's width, then the height fitted
            await pilot.pause()

        def shown(selector: str) -> Region:
            region = over.query_one(selector).region
            assert region and SCREEN.contains_region(region), f"{selector} at {region}"
            return region

        shown("#dialog")
        assert NAMES[0][:10] in plain(over, "#gameover-title")  # the winner, by name
        assert shown("#gameover-keys").height == 1
        for button in ("#rematch", "#picker", "#view"):
            assert shown(button).height == 3
        sheet = table.final_sheet()
        if sheet is None:
            assert game_id == "money"
        else:
            assert isinstance(sheet, Sheet)
            head = plain(over, "#gameover-sheet-head")
            assert shown("#gameover-sheet-head").height == 1
            if len(sheet.columns) <= 4:
                # every column named whole (by the game's shorter headers at most)
                heads = sheet.columns if sheet.columns[0] in head else sheet.short_columns
                assert heads and all(h in head for h in heads), head
                assert sheet.label in head  # the deal column
                assert shown("#gameover-sheet-foot").height == 1
                foot = plain(over, "#gameover-sheet-foot").split()
                assert foot == [
                    "Σ",
                    *[t + ("✗" if s in sheet.marked else "") for s, t in enumerate(sheet.totals)],
                ]
                # the last deal in sight, with a gap between the columns
                body = over.query_one("#gameover-sheet-body")
                assert body.scroll_y == body.max_scroll_y
                label, cells = sheet.rows[-1]
                last = str(over.query_one("#gameover-sheet-rows", Static).render()).split("\n")[-1]
                assert last.split() == [label, *cells]
            else:
                assert head.split()[-1] == "Σ" and sheet.rows[-1][0] in head.split()
        await pilot.click("#view")  # the mouse reaches the buttons
        await wait_for(pilot, lambda: app.screen is table)


async def test_casino_seats_show_dealer_and_partner_at_80x24(make_app) -> None:  # type: ignore[no-untyped-def]
    game = get_game("african-casino")
    seats = [SeatSpec("human", NAMES[i]) for i in range(4)]
    app = make_app(start=StartRequest("african-casino", seats, "sotho", {}, 1))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await screen_of(pilot, CasinoScreen)
        felt = table.query_one(CasinoFelt)
        for dealer in (1, 2, 3):  # beside, across (the partner), the other side
            table.match.state = game.new_state(players=4, variant="sotho", seed=4, dealer=dealer)
            table.shown, table.holding = 0, []
            table.refresh_table()
            titles = felt.render().plain.split("\n")[0]
            blocks = [
                titles[i * (felt.size.width // 3) :][: felt.size.width // 3] for i in range(3)
            ]
            assert len(blocks) == 3
            for seat, block in zip((1, 2, 3), blocks, strict=True):
                words = block.split()
                name = words[1] if words[0] == "▶" else words[0]
                head, _, tail = name.partition("…")  # cut in the middle: the end tells apart
                assert tail and NAMES[seat].startswith(head) and NAMES[seat].endswith(tail)
                assert ("D" in words) == (seat == dealer), block
                assert ("partner" in words) == (seat == 2), block
