"""African Casino at the smallest size the app plays at (80x24), with the longest name a seat
may have (16 characters): the status line's two rows hold every prompt and hint, the
preview's three rows hold the step in words with the game's verdict (or what enter does),
the header holds the scores whole, the felt's title row holds its notes and the deal
banner, and the reasons why a card has no play are whole rows (a window where they run
longer than the panel). At 80 columns the names, the keys and a long step once lost
their ends ("your turn: ←→ card · ↑↓ ⏎ play ·", "Layout · restricted: one build each, no
trail while").

The texts come from random play of every variant and table size, drawn by the mounted table
screen itself at the seat to move (and at the next seat, watching), with a composition of a
random step, the hint and the pause after a deal; widths are the widgets' own, as laid out."""

from __future__ import annotations

import random

import pytest
from helpers import LONG_NAMES, screen_of
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from scale import FULL
from textual.widgets import Static

from cardsuite.games import get_game
from cardsuite.games.african_casino.screen import CasinoScreen
from cardsuite.games.african_casino.screen_composer import Composition, hand_card, material
from cardsuite.games.african_casino.screen_felt import CasinoFelt, PlaysView
from cardsuite.hints import Hint, medium_hint
from cardsuite.match import SeatSpec
from cardsuite.ui.app import StartRequest

NAMES = LONG_NAMES[:4]
ROWS = {"#ac-status": 1, "#ac-preview": 3, "#ac-header": 1}
#: Steps of random play per variant: a sample by default, twice the old run with CARDSUITE_FULL=1.
STEPS = 240 if FULL else 60


def _rows(console: Console, widget: Static) -> int:
    content = widget.content
    assert isinstance(content, Text)
    return len(content.wrap(console, widget.content_region.width))


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_casino_texts_fit_at_80x24(make_app, players: int) -> None:  # type: ignore[no-untyped-def]
    game = get_game("african-casino")
    seats = [SeatSpec("human", NAMES[i]) for i in range(players)]
    app = make_app(start=StartRequest("african-casino", seats, None, {}, 1))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await screen_of(pilot, CasinoScreen)
        felt = table.query_one(CasinoFelt)
        assert table.query_one("#ac-status", Static).content_region.width == 51  # narrow
        console = Console(width=200)
        too_long: dict[str, str] = {}
        checked = reasons = 0
        plays = table.query_one(PlaysView)

        def check(what: str) -> None:
            nonlocal checked, reasons
            for selector, most in ROWS.items():
                widget = table.query_one(selector, Static)
                checked += 1
                if _rows(console, widget) > most:
                    too_long.setdefault(f"{selector} {what}", str(widget.content))
            if table._why:  # why the card picked has no play: in whole rows (a window of
                reasons += 1  # them where they run longer than the panel: test_..._app)
                rows = [r.plain for r in plays.note_rows()]
                if any(cell_len(r) > plays.size.width for r in rows):
                    too_long.setdefault(f"reasons {what}", "\n".join(rows))
            felt.render()
            title = felt.scene.title
            for shorter in getattr(felt.scene, "titles", ()):  # its shorter forms
                if title.cell_len <= felt.size.width - 2:
                    break
                title = shorter
            if title.cell_len > felt.size.width - 2:
                too_long.setdefault(f"felt title {what}", title.plain)

        for variant in game.variants:
            rng = random.Random(players)
            state = game.new_state(players=players, variant=variant, seed=players)
            table.match.state = state
            for step in range(STEPS):
                if state.is_over():
                    break
                seat = state.to_move()
                assert seat is not None
                legal = list(state.legal_actions())
                table.shown, table.holding, table.comp, table._hint = seat, [], None, None
                table.refresh_table()
                check(f"{variant}: {seat} to move")
                with_card = [a for a in legal if hand_card(a)]
                if step % 3 == 0 and with_card:
                    act = rng.choice(with_card)
                    table.comp = Composition("auto", hand_card(act))
                    for key in material(act):
                        table.comp.toggle(key)
                    table.refresh_table()
                    check(f"{variant}: composing {act}")
                    table.comp = None
                if step % 5 == 0:
                    # any step highlighted below, said with the medium bot's reason here
                    why = medium_hint("african-casino", state, seat).reason
                    table.show_hint(Hint(rng.choice(legal), why))
                    check(f"{variant}: hint")
                    table._hint = None
                if step % 7 == 0:  # watching the next seat
                    table.shown = (seat + 1) % players
                    table.refresh_table()
                    check(f"{variant}: watching")
                if step % 4 == 0 and state.view(None)["history"]:
                    table.shown, table.holding = seat, [state.events[-1]]
                    table.refresh_table()
                    check(f"{variant}: the pause after a deal")
                state.apply(rng.choice(legal))
        assert checked > 300 and reasons > 0
        assert not too_long, f"cut off at 80x24: {too_long}"
