"""Every table's footer at 80 columns: each key it offers, with its word, is on the line
(issue 32: "l L▏", "c Con"). A table offers a key only while it does something (a phase's
own keys only in that phase), so the most keys shown at once is what must fit.

The positions come from random play of every variant of every game, with one person (seat
0) against bots, which shows the most keys (hints and undo); at each of the person's turns
the mounted table says which keys it offers (``active_bindings``, Textual's own answer from
``check_action``) and the footer's width for them is worked out as the compact footer lays
them out. That reckoning is checked against the real footer once per game."""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import LONG_NAMES, screen_of, wait_for
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from cardsuite.games import REGISTRY, get_game
from cardsuite.match import SeatSpec
from cardsuite.ui.app import StartRequest
from cardsuite.ui.table import TableScreen
from cardsuite.ui.trick_table import LastTrick, TrickTableScreen

WIDTH = 80
#: Players for each game (the one table size for the fixed ones; Twenty-Two's smallest and a
#: big one: its keys do not depend on the size) and games per variant.
PLAYERS = {"twenty-two": (2, 6), "african-casino": (2, 4)}
GAMES = 2


def offered(table: TableScreen) -> list[tuple[str, str]]:
    """The keys the footer shows, as it groups them: one per action, in order."""
    seen: dict[str, tuple[str, str]] = {}
    for active in table.active_bindings.values():
        b = active.binding
        if b.show and b.action not in seen:
            seen[b.action] = (table.app.get_key_display(b), b.description)
    return list(seen.values())


def footer_width(keys: list[tuple[str, str]]) -> int:
    """The compact footer: ``key word`` and a space after each (the last one's may hang)."""
    return sum(len(k) + 1 + len(d) + 1 for k, d in keys) - 1


def test_every_game_is_covered() -> None:
    assert set(REGISTRY) == {"money", "twenty-two", "manni", "mensch", "african-casino"}


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
async def test_every_footer_fits_80_columns(make_app, game_id: str) -> None:  # type: ignore[no-untyped-def]
    game = get_game(game_id)
    sizes = PLAYERS.get(game_id, game.players[:1])
    seats = [SeatSpec("human", LONG_NAMES[0])] + [
        SeatSpec("medium", LONG_NAMES[i]) for i in range(1, sizes[0])
    ]
    app = make_app(start=StartRequest(game_id, seats, None, {}, 1), pace="wait")
    async with app.run_test(size=(WIDTH, 24)) as pilot:
        table = await screen_of(pilot, TableScreen)
        footer = table.query_one(Footer)
        await wait_for(pilot, lambda: bool(footer.query(FooterKey)))
        await pilot.pause()
        # the reckoning against the real footer: the last key ends where it says
        shown = [
            k for k in footer.query(FooterKey) if k.display and "-command-palette" not in k.classes
        ]
        assert [(k.key_display, k.description) for k in shown] == offered(table)
        assert shown[-1].region.right == footer_width(offered(table))
        palette = [k for k in footer.query(FooterKey) if "-command-palette" in k.classes]
        assert all(not k.display for k in palette)  # at 80 columns, ctrl+p alone opens it
        if game_id == "money":  # a race: its keys depend on the variant only
            for variant in game.variants:
                table.match.state = game.new_state(players=2, variant=variant, seed=1)
                assert footer_width(offered(table)) <= WIDTH, (variant, offered(table))
            return
        widest: tuple[int, Any] = (0, None)
        for variant in game.variants:
            for n in sizes:
                table.match.seats = seats[:1] + [SeatSpec("medium", "Bot")] * (n - 1)
                for g in range(GAMES):
                    rng = random.Random(g)
                    state = game.new_state(players=n, variant=variant, seed=g)
                    steps = 0
                    while not state.is_over() and steps < 400:
                        if state.to_move() == 0:
                            widest = max(widest, _width_at(table, state), key=lambda w: w[0])
                        state.apply(rng.choice(list(state.legal_actions())))
                        steps += 1
                    widest = max(widest, _width_at(table, state), key=lambda w: w[0])
        assert widest[0] <= WIDTH, f"{widest[0]} columns: {widest[1]}"


#: Keys a game offers only in one phase (issue 32: Manni's s/k in the tricks, Trjámann's c,
#: Mensch's b/t/c all deal): the word, and when it must be offered.
PHASE_KEYS: dict[str, dict[str, Any]] = {
    "manni": {
        "Swap": lambda v: v["variant"] == "basic" and v["phase"] == "swap",
        "Keep": lambda v: v["variant"] == "basic" and v["phase"] == "swap",
        "Contract": lambda v: v["phase"] == "contract",
        "Exchange": lambda v: v["phase"] == "exchange",
        "Play": lambda v: v["phase"] == "play",
        "Select": lambda v: v["phase"] == "exchange",  # one card a trick: enter plays it
    },
    "mensch": {
        "Bid": lambda v: v["phase"] == "bid",
        "Trumps": lambda v: v["phase"] == "trump",
        "Call": lambda v: v["phase"] == "call",
        "Play": lambda v: v["phase"] == "play",
        "Select": lambda v: False,
    },
    "twenty-two": {
        "Exchange": lambda v: v["phase"] == "exchange",
        "Play": lambda v: v["phase"] == "play",
        "Last trick": lambda v: v["phase"] == "play",
    },
    "african-casino": {
        "Compose": lambda v: v["phase"] == "play" and not v["played"] and v["held"] is None,
        "End turn": lambda v: v["phase"] == "play" and bool(v["played"]),
        "Yes": lambda v: v["phase"] in ("hold", "insist"),
    },
}


def _width_at(table: TableScreen, state: Any) -> tuple[int, Any]:
    """The footer's width with the table at ``state``, seat 0 (the person) shown; on the
    way, each phase's own keys are offered in that phase only."""
    table.match.state = state
    table.holding = []
    view = table._view = state.view(0)  # type: ignore[attr-defined]
    if isinstance(table, TrickTableScreen):
        table._tricks.last = LastTrick([], 0)  # a trick was played: its key shows
    keys = offered(table)
    words = {d for _, d in keys}
    if not state.is_over():
        for word, when in PHASE_KEYS.get(table.match.game.id, {}).items():
            assert (word in words) == when(view), (word, view["phase"], sorted(words))
    return footer_width(keys), [f"{k} {d}" for k, d in keys]


def footer_words(table: TableScreen) -> set[str]:
    """The words the real footer shows now."""
    return {k.description for k in table.query_one(Footer).query(FooterKey) if k.display}


async def test_swap_and_keep_leave_the_footer_when_the_tricks_begin(make_app) -> None:  # type: ignore[no-untyped-def]
    """MANNI-EXCH-2: basic Manni's s and k are offered for the swap and no longer once the
    tricks begin (the footer is recomposed when the phase changes); s pressed then says
    when swapping is (it said it was basic Manni's exchange, inside basic Manni)."""
    seats = [SeatSpec("human", "South"), SeatSpec("medium", "West"), SeatSpec("medium", "East")]
    app = make_app(start=StartRequest("manni", seats, "basic", {}, 5))  # South decides first
    async with app.run_test(size=(WIDTH, 24), notifications=True) as pilot:
        table = await screen_of(pilot, TableScreen)
        await wait_for(pilot, lambda: table.human_to_move() == 0)
        await wait_for(pilot, lambda: {"Swap", "Keep"} <= footer_words(table))
        assert "Play" not in footer_words(table) and "Select" not in footer_words(table)
        await pilot.press("k")
        await wait_for(pilot, lambda: table.match.view(0)["phase"] == "play")
        await wait_for(pilot, lambda: "Play" in footer_words(table))
        assert not {"Swap", "Keep", "Contract", "Select"} & footer_words(table)
        await pilot.press("s")
        messages = [n.message for n in app._notifications]
        assert "You swap or keep before the hand's first trick." in messages, messages
