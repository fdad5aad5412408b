"""ASCII mode draws no suit symbol anywhere on screen (issue 32, item 6).

``--ascii`` promises letters for suits: every suit symbol (and the card back's ``▚``) outside
the card art goes through the card style (``cardart.suit_text``, ``CardStyle.suit`` /
``text`` / ``back_glyph``). These tests walk screens as drawn (the compositor's strips, what
reaches the terminal) in ASCII mode and look for any card glyph: the picker and the
command palette's own entry, the setup (Money's "Al-kommi 7♦"), the rules, the tables
(Manni's header and sheet with trumps, Mensch's header, Money's hand, Twenty-Two's and
African Casino's), a choice dialog and a message naming a card.
"""

from __future__ import annotations

import random

import pytest
from every_game import check
from helpers import screen_of, wait_for
from textual.command import CommandPalette

from cardsuite.engine import State
from cardsuite.games import get_game
from cardsuite.match import SeatSpec
from cardsuite.ui.app import CardSuiteApp, StartRequest
from cardsuite.ui.choice import ChoiceScreen
from cardsuite.ui.help import HelpScreen
from cardsuite.ui.setup import SetupScreen
from cardsuite.ui.table import TableScreen

#: What ASCII mode replaces by letters (and ``#``): the four suits, white or black, and the
#: card back's pattern.
CARD_GLYPHS = set("♠♥♦♣♤♡♢♧▚")


def glyphs_on_screen(app: CardSuiteApp) -> list[str]:
    """The screen's rows (as drawn) that hold a card glyph."""
    rows = ["".join(s.text for s in strip) for strip in app.screen._compositor.render_strips()]
    return [row.rstrip() for row in rows if CARD_GLYPHS & set(row)]


def _played(game_id: str, players: int, until, seed: int = 3) -> State:  # type: ignore[no-untyped-def]
    """A position reached by random legal moves (the test's own generator) once ``until``
    holds of it."""
    game = get_game(game_id)
    state = game.new_state(players, game.default_variant, {}, seed)
    rng = random.Random(seed)
    while not until(state):
        state.apply(rng.choice(list(state.legal_actions())))
    return state


def _table(game_id: str, seats: str, state: State | None = None) -> StartRequest:
    names = ["South", "West", "North", "East"]
    specs = [SeatSpec(k, names[i]) for i, k in enumerate(seats.split(","))]
    position = state.to_json() if state is not None else None
    return StartRequest(game_id, specs, None, {}, 4, position=position)


def _manni_after_a_hand() -> StartRequest:
    # basic Manni, its first hand scored: the header names the trumps, the sheet's row too
    state = _played("manni", 3, lambda s: bool(s.view(0)["history"]) and s.to_move() == 0)
    return _table("manni", "human,medium,medium", state)


def _mensch_with_trumps() -> StartRequest:
    state = _played("mensch", 4, lambda s: s.view(0)["trump"] is not None and s.to_move() == 0)
    return _table("mensch", "human,medium,medium,medium", state)


TABLES = {
    "manni": _manni_after_a_hand,
    "mensch": _mensch_with_trumps,
    "money": lambda: _table("money", "human,easy"),
    "twenty-two": lambda: _table("twenty-two", "human,medium,medium"),
    "african-casino": lambda: _table("african-casino", "human,easy"),
}


def test_every_game_has_a_table_here() -> None:
    check(TABLES, "TABLES in tests/ui/test_ascii_everywhere.py")


@pytest.mark.parametrize("game", sorted(TABLES))
async def test_a_table_in_ascii_mode_shows_no_suit_symbol(make_app, game: str) -> None:  # type: ignore[no-untyped-def]
    """Drawn with symbols, then switched to ASCII as the palette does (``set_ascii``): the
    whole table is drawn again in letters, its words too."""
    app = make_app(start=TABLES[game](), ascii=False)
    async with app.run_test(size=(100, 30)) as pilot:
        table = await screen_of(pilot, TableScreen)
        await wait_for(pilot, lambda: table.human_to_move() is not None)
        await pilot.pause()
        assert glyphs_on_screen(app)  # (there is something to change)
        app.set_ascii(True)
        await pilot.pause()
        assert not glyphs_on_screen(app)
        if game == "manni":
            assert "trumps " in str(table.header(table.view()))  # (what is checked is there)
            # a choice dialog's labels and a message naming a card
            table.open_choices("Declare", "", lambda a: "Other: ♥ hearts are trumps")
            await screen_of(pilot, ChoiceScreen)
            app.notify("you do not hold 10♥")
            await pilot.pause()
            assert not glyphs_on_screen(app)
            assert any("H hearts" in row for row in _rows(app))


def _rows(app: CardSuiteApp) -> list[str]:
    return ["".join(s.text for s in strip) for strip in app.screen._compositor.render_strips()]


async def test_picker_palette_setup_and_rules_in_ascii_mode(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(ascii=True)
    async with app.run_test(size=(120, 60)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PickerScreen")
        await pilot.pause()
        assert not glyphs_on_screen(app)

        # the palette's entry that switches the card style
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: CommandPalette.is_open(app))
        await pilot.press(*"cards")
        await wait_for(pilot, lambda: any("Cards:" in row for row in _rows(app)))
        assert not glyphs_on_screen(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: not CommandPalette.is_open(app))

        # Money's setup (its options include "Al-kommi 7♦")
        app.open_setup("money")
        await screen_of(pilot, SetupScreen)
        await wait_for(pilot, lambda: any("Al-kommi" in row for row in _rows(app)))
        assert not glyphs_on_screen(app)
        await pilot.press("escape")

        # every game's rules (their text names cards: 10♦, 2♠)
        for game in ("money", "manni", "mensch", "twenty-two", "african-casino"):
            app.open_help(game)
            help_screen = await screen_of(pilot, HelpScreen)
            assert not CARD_GLYPHS & set(help_screen.source), game
            assert not glyphs_on_screen(app)
            app.pop_screen()
            await wait_for(pilot, lambda: not isinstance(app.screen, HelpScreen))


def test_suit_text_changes_only_card_glyphs() -> None:
    from cardsuite.ui.cardart import CardStyle, suit_text

    assert suit_text("trumps ♥ hearts · Al-kommi 7♦ · ♠♣♤♡♢♧ ▚ ▶ …", True) == (
        "trumps H hearts · Al-kommi 7D · SCSHDC # ▶ …"
    )
    assert suit_text("trumps ♥ hearts", False) == "trumps ♥ hearts"
    assert CardStyle(ascii=True).suit("D") == "D" and CardStyle().suit("D") == "♦"
