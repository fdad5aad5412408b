"""Money at the smallest size the app plays at (80x24), with the longest names a seat may
have (16 characters): the header holds its one row, each seat's panel holds its two (a bank
of ten money cards or more once wrapped and pushed the hand, the keys and the reaction
times out of it), and the ground names whoever turned the top card in full ("←
Abcdefghijk" ran off its edge beside a fan of three cards).

The positions come from random play of every variant (and aces as money), drawn by the
mounted table screen itself; the widths are the widgets' own, as laid out."""

from __future__ import annotations

import random

from helpers import LONG_NAMES, wait_for
from rich.console import Console
from rich.text import Text
from textual.widgets import Static

from cardsuite.games import get_game
from cardsuite.games.money.screen import MoneyScreen
from cardsuite.match import SeatSpec
from cardsuite.ui.app import StartRequest

NAMES = LONG_NAMES[:2]
ROWS = {"#mn-header": 1, "#mn-top": 2, "#mn-bottom": 2}


async def test_money_texts_fit_at_80x24(make_app) -> None:  # type: ignore[no-untyped-def]
    game = get_game("money")
    seats = [SeatSpec("human", NAMES[0]), SeatSpec("medium", NAMES[1])]
    app = make_app(start=StartRequest("money", seats, None, {}, 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, MoneyScreen) for s in app.screen_stack))
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, MoneyScreen))
        table._clear_queue()  # no bot presses: the test moves the game itself
        console = Console(width=200)
        too_long: dict[str, str] = {}
        checked = named = 0
        tables = [(v, {}) for v in game.variants] + [("jordanian", {"aces_money": True})]
        for variant, options in tables:
            rng = random.Random(1)
            state = game.new_state(players=2, variant=variant, seed=1, options=options)
            table.match.state = state
            table.reactions = {0: [1234.0, 250.0], 1: [999.0]}
            for step in range(1500):
                if state.is_over():
                    break
                if step % 5 == 0:
                    table.refresh_table()
                    for selector, most in ROWS.items():
                        widget = table.query_one(selector, Static)
                        content = widget.content
                        assert isinstance(content, Text)
                        checked += 1
                        if len(content.wrap(console, widget.content_region.width)) > most:
                            too_long.setdefault(f"{selector} {variant}", content.plain)
                    view = state.view(None)
                    if view["top_is_last"]:
                        ground = table.query_one("#mn-ground", Static).content
                        named += 1
                        if NAMES[view["last"][0]] not in str(ground):
                            too_long.setdefault(f"ground {variant}", str(ground))
                state.apply(rng.choice(list(state.legal_actions())))
        assert checked > 300 and named > 50
        assert not too_long, f"cut off at 80x24: {too_long}"
