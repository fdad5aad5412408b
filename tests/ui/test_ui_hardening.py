"""A hostile user's files and names in the app (issue 9): shown as text, never a crash."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import lift_curtain, start, wait_for

import cardsuite
from cardsuite.games import all_games
from cardsuite.match import Match, SeatSpec
from cardsuite.store import SAVE_KIND, SCHEMA_VERSION, PlayerResult, Store
from cardsuite.ui.app import StartRequest
from cardsuite.ui.curtain import CurtainScreen
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.stats import StatsScreen
from cardsuite.ui.table import TableScreen

MARKUP = "[/] [b]x [games] [@click=app.quit]y[/]"


async def test_markup_in_a_save_is_shown_as_text(make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    saves = private_home / "saves"
    saves.mkdir(parents=True)
    good = Match.new("twenty-two", [SeatSpec("human", "S"), SeatSpec("easy", "N")], seed=2)
    data = good.to_save()
    data["state"]["phase"] = MARKUP
    data["state"]["options"] = {MARKUP: 1}
    head = {"kind": SAVE_KIND, "schema": SCHEMA_VERSION, "saved_at": 1.0, "title": MARKUP}
    (saves / "evil.json").write_text(json.dumps({**head, **data}))
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen) and app.is_running
        shown = [n.message for n in app._notifications if n.title == "Cannot resume"]
        assert shown and MARKUP in shown[0]  # every bracket there, as written
        await pilot.press("d")  # the confirmation quotes the title
        await pilot.pause()
        assert app.is_running
        await pilot.press("n")


async def test_names_with_markup_play_and_show(make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    Store(private_home).record_game(
        "twenty-two", "standard", 2, 1, [PlayerResult(0, MARKUP, "human", True, 1)]
    )
    seats = [SeatSpec("human", MARKUP), SeatSpec("human", "[red]Bo")]
    app = make_app(start=StartRequest("twenty-two", seats, "standard", {}, 3))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await lift_curtain(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        assert MARKUP in str(app.screen.query_one("#status").render())
        app.back_to_picker()
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        assert app.screen.query_one("#stats-twenty-two").get_row_at(0)[0].plain == MARKUP


async def test_a_second_command_palette_never_opens(make_app) -> None:  # type: ignore[no-untyped-def]
    """Issue 9 #6: ``DuplicateIds: '--command-palette'`` under random keys: a palette that is
    in the stack but not on top (the small-terminal notice over it, or one still closing)."""
    from textual.command import CommandPalette

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: CommandPalette.is_open(app))
        await pilot.resize_terminal(60, 20)  # the notice goes over the palette
        await pilot.pause()
        app.action_command_palette()
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert sum(isinstance(s, CommandPalette) for s in app.screen_stack) == 1
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert app.is_running


async def test_a_palette_closed_while_it_searches(make_app) -> None:  # type: ignore[no-untyped-def]
    """Found by the monkey test: the palette's search worker outlives the palette, then sets
    flags whose watchers look up widgets that went with it (NoMatches, the app died)."""
    from textual.command import CommandList, CommandPalette

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: CommandPalette.is_open(app))
        palette = app.screen
        for child in list(palette.query(CommandList)):
            await child.remove()  # as when the palette is torn down mid-search
        palette._list_visible = not palette._list_visible
        palette._show_busy = not palette._show_busy
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running


async def test_a_screen_dismissed_twice_pops_only_itself(make_app) -> None:  # type: ignore[no-untyped-def]
    """Found by the monkey test: two queued clicks on the palette's backdrop; the second,
    on the closed palette, popped the screen under it (then ScreenStackError)."""
    from textual.command import CommandPalette

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: CommandPalette.is_open(app))
        palette = app.screen
        under = app.screen_stack[:-1]
        palette.dismiss()
        palette.dismiss()  # at once (enter, then escape): its pop is still on the way
        await pilot.pause()
        assert app.screen_stack == under
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: CommandPalette.is_open(app))
        palette = app.screen
        palette.dismiss()
        await pilot.pause()
        palette.dismiss()  # stale: it is gone already
        await pilot.pause()
        assert app.screen_stack == under
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: CommandPalette.is_open(app))
        palette = app.screen
        await pilot.resize_terminal(60, 20)  # the small-terminal notice goes over it
        await pilot.pause()
        notice = app.screen
        palette.dismiss()  # not on top: the notice stays, and so does the palette
        await pilot.pause()
        assert app.screen is notice and app.screen_stack[-2] is palette
        await pilot.resize_terminal(100, 30)
        await wait_for(pilot, lambda: app.screen is palette)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen_stack == under)


async def test_a_click_on_an_option_that_is_gone(make_app) -> None:  # type: ignore[no-untyped-def]
    """Found by the monkey test: a click read its option's index from the picture under the
    mouse; the palette had refiltered since, and the index was past the end (IndexError)."""
    from types import SimpleNamespace

    from rich.style import Style
    from textual.command import CommandList, CommandPalette

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: CommandPalette.is_open(app))
        options = app.screen.query_one(CommandList)
        stale = SimpleNamespace(style=Style(meta={"option": options.option_count + 3}))
        await options._on_click(stale)
        assert CommandPalette.is_open(app)


async def test_a_held_pause_after_a_redraw_says_what_it_holds(make_app) -> None:  # type: ignore[no-untyped-def]
    """Found by the monkey test: the table's record of its last picture and Twenty-Two's
    drawn cards shared one attribute name, so after any redraw a pause's note read the
    picture's key as cards (AttributeError)."""
    from cardsuite.engine import Event
    from cardsuite.games.twenty_two.screen import TwentyTwoScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        seats = [SeatSpec("human", "S"), SeatSpec("easy", "N")]
        app.open_table(Match.new("twenty-two", seats, seed=4))
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.is_mounted)
        screen.refresh_table()  # a full redraw: the picture is recorded
        screen.holding = [Event("deal", None, "A deal.", {})]
        assert isinstance(screen.hold_note(), str)
        screen.refresh_table()
        assert app.is_running


async def test_a_locked_database_neither_freezes_the_table_nor_loses_a_result(  # type: ignore[no-untyped-def]
    make_app, private_home: Path
) -> None:
    """Issue 9 #8: another process's write lock froze the UI for up to 10 s, and the result
    was dropped. Now it is written in a thread, kept in the journal, told once, and recorded
    at the next start."""
    import sqlite3
    import time

    store = Store(private_home, db_timeout=0.3)
    store.record_game("money", "jordanian", 2, 1, [PlayerResult(0, "A", "human", True, 1)])
    locker = sqlite3.connect(store.stats_path)
    locker.execute("BEGIN EXCLUSIVE")  # another cardsuite window, mid-write
    players = [PlayerResult(0, "Ada", "human", True, 3), PlayerResult(1, "Bo", "easy", False, 9)]
    app = make_app(store=store)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        started = time.perf_counter()
        for seed in (1, 2):
            app.keep_result(store.game_record("twenty-two", "standard", 2, seed, players, 5.0))
        assert time.perf_counter() - started < 0.1  # the table goes on at once
        await app.workers.wait_for_complete()
        await pilot.pause()
        told = [n.message for n in app._notifications if n.title == "Statistics"]
        assert len(told) == 1 and "locked" in told[0] and "kept in" in told[0]
        assert store.pending_path.is_file()
    locker.rollback()
    locker.close()
    again = make_app(store=Store(private_home))
    async with again.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_for(
            pilot,
            lambda: any("2 results kept" in n.message for n in again._notifications),
        )
    assert not store.pending_path.exists()
    ada = [r for r in Store(private_home).game_stats("twenty-two") if r.name == "Ada"]
    assert [r.played for r in ada] == [2]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
async def test_quitting_while_a_table_opens_is_a_clean_quit(make_app, game) -> None:  # type: ignore[no-untyped-def]
    """Found by the monkey test: open a table and quit in the same moment; shutdown took the
    new screen's widgets before its on_mount ran (NoMatches, exit 1)."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        n = min(game.players)
        seats = [SeatSpec("human", f"P{i}") for i in range(n)]
        app.open_table(Match.new(game.id, seats, seed=1))
    assert not app.return_code  # run_test would also re-raise the error


def run_broken_app(home: Path, planted: str) -> subprocess.CompletedProcess[str]:
    """The app run for real (headless) in a child process, ``planted`` raising in its
    ``on_mount``. The child imports this checkout's ``cardsuite``, not whichever one is
    installed (an editable install may point at another worktree)."""
    script = f"""
from pathlib import Path
import cardsuite.ui.app
from rich.style import Style
from cardsuite.store import Store
from cardsuite.ui.app import CardSuiteApp, exit_if_crashed

class Broken(CardSuiteApp):
    # Textual resolves CSS_PATH beside the subclass's own file: point it home.
    CSS_PATH = str(Path(cardsuite.ui.app.__file__).parent / "styles" / "app.tcss")

    def on_mount(self):
        super().on_mount()
        {planted}

app = Broken(store=Store(Path({str(home)!r})), theme="felt")
app.run(headless=True)
exit_if_crashed(app)
"""
    path = home.parent / "broken_app.py"
    path.write_text(script)
    checkout = str(Path(cardsuite.__file__).resolve().parents[1])
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([checkout, os.environ.get("PYTHONPATH", "")]),
    }
    return subprocess.run(
        [sys.executable, str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
    )


def test_a_crash_exits_non_zero_and_says_where_the_log_is(tmp_path: Path) -> None:
    """Issue 9 #7: a crashed app exited 0."""
    done = run_broken_app(tmp_path / "home", 'raise RuntimeError("a planted bug")')
    assert done.returncode == 1
    assert "cardsuite stopped on an error; the details are in" in done.stderr
    [log] = (tmp_path / "home").glob("crash-*.log")
    assert "a planted bug" in log.read_text("utf-8")


def test_a_crash_report_that_cannot_show_its_variables_shows_the_error(tmp_path: Path) -> None:
    """Found by a salted monkey run (``CARDSUITE_SEED=b16a9668``): an error raised inside
    ``Style()`` leaves a half-made ``Style`` among that frame's variables; Textual's crash
    report, showing them, raised ``AttributeError: ... '_color'`` in its turn, which took the
    real error's place: the player saw a traceback about ``_color``, and no crash log was
    written. The report shows the real error (without the variables) and the log has it."""
    done = run_broken_app(tmp_path / "home", 'Style(color="ansi_green")')
    said = " ".join(done.stderr.split())  # as one line: the report wraps at its width
    assert done.returncode == 1
    assert "cardsuite stopped on an error; the details are in" in said
    [log] = (tmp_path / "home").glob("crash-*.log")
    assert "ColorParseError: 'ansi_green' is not a valid color" in log.read_text("utf-8")
    assert "ColorParseError: 'ansi_green' is not a valid color" in said
    assert "the variables of these frames could not be shown" in said


async def test_a_resize_just_before_the_table_leaves_is_no_crash(make_app) -> None:  # type: ignore[no-untyped-def]
    """Found by the long monkey run: a resize queues the table's redraw for after the next
    refresh, and Textual runs such a callback at once for a screen that is no longer
    current, even one whose widgets are gone: if the table was closed in between (back to
    the picker), the redraw failed (NoMatches). The queued redraw now draws only a table
    still in the stack. (The race is forced here: the queued callback is caught and run
    after the table has gone.)"""
    from helpers import start

    app = make_app(start=start("human,medium,medium,medium", seed=3))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        queued = []
        table.call_after_refresh = queued.append  # type: ignore[method-assign]
        table.on_resize()  # (as Textual calls it on a resize)
        assert len(queued) == 1
        app.back_to_picker()
        await pilot.pause()
        await pilot.pause()
        assert table not in app.screen_stack and not table.query("#table-header")
        queued[0]()  # the redraw, landing late
        assert app.is_running and isinstance(app.screen, PickerScreen)


async def test_start_while_a_new_variants_options_are_being_made(make_app) -> None:  # type: ignore[no-untyped-def]
    """Found by a salted monkey run (``CARDSUITE_SEED=5c06f420``): a variant chosen, then the
    start key before its option rows were mounted; reading an option whose row was not
    there yet crashed (``NoMatches: #opt-insist``). The game starts with the options the
    rows were about to show."""
    from textual.containers import Vertical

    from cardsuite.ui.setup import SetupScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        app.open_setup("african-casino")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await wait_for(pilot, lambda: bool(setup.query("#opt-insist")))  # swazi's rows, made
        setup.variant = "sotho"  # what _variant_changed sets before it makes the rows
        setup.options = dict(setup.game.variants["sotho"].defaults())
        await setup.query_one("#options", Vertical).remove_children()
        setup.action_start()
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        match = app.screen.match
        assert match.state.variant == "sotho"
        assert match.state.options == setup.game.variants["sotho"].defaults()
    assert not app.return_code


async def test_start_before_the_setup_screen_is_made(make_app) -> None:  # type: ignore[no-untyped-def]
    """Found by a salted monkey run (``CARDSUITE_SEED=5c06f420``, after the fix above): the
    start key reached a setup screen just pushed, before its widgets were made
    (``NoMatches: #seed``). It is not taken; once the screen is made, start starts."""
    from cardsuite.ui.setup import SetupScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        app.open_setup("manni")
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.action_start()  # nothing made yet
        await wait_for(pilot, lambda: bool(setup.query("#kind-0")))
        await pilot.pause()
        assert app.screen is setup  # the early key was not taken
        setup.action_start()
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
    assert not app.return_code


async def test_a_screen_closed_before_it_mounts_is_no_crash(make_app) -> None:  # type: ignore[no-untyped-def]
    """Found by a salted monkey run (``CARDSUITE_SEED=dd20201b``): the keys dialog opened and
    closed in one read; its ``on_mount`` then ran on a screen whose widgets were gone
    (``NoMatches: OptionList``, the app died). The help screen the same way."""
    from cardsuite.ui.help import HelpScreen
    from cardsuite.ui.keys import KeysScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        keys = KeysScreen({"turn": "Turn"}, {"turn": "t"}, lambda action, key: None)
        app.push_screen(keys)
        keys.action_close()  # before it mounts
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        app.open_help("manni")
        assert isinstance(app.screen, HelpScreen)
        app.pop_screen()
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        await pilot.press("down")  # and it still takes keys
    assert not app.return_code


async def test_a_palette_opened_again_while_the_last_one_closes(make_app) -> None:  # type: ignore[no-untyped-def]
    """Found by a salted monkey run (``CARDSUITE_SEED=883f0cf1``): the palette closed and
    opened again in one read; the closed one was off the stack but not yet taken down, and
    the new one took its id (``DuplicateIds: '--command-palette'``, the app died). The key
    is not taken; once the old one is gone, the palette opens. (Closed that fast, the old
    palette's search could also start after its list was gone: ``WorkerFailed``; a search
    on a palette without its list now does nothing, ``ui/patches.py``.)"""
    from textual.command import CommandPalette

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: CommandPalette.is_open(app))
        app.screen._action_escape()  # closing: off the stack, its widgets not yet removed
        app.action_command_palette()
        await pilot.pause()
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, PickerScreen)
        app.action_command_palette()
        await wait_for(pilot, lambda: CommandPalette.is_open(app))
    assert not app.return_code


async def test_a_palettes_no_matches_line_after_its_list_is_gone(make_app) -> None:  # type: ignore[no-untyped-def]
    """Found by the monkey on a loaded machine: a search with no match starts a half-second
    countdown to a "No matches found" line; a palette closing takes its list down first, and
    the countdown, still running, looked for the list and the app died (``NoMatches:
    'CommandList'``). Here the list is taken down by hand, as the closing does: the line is
    skipped and the app plays on."""
    from textual.command import CommandList, CommandPalette

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: CommandPalette.is_open(app))
        palette = app.screen
        await pilot.press(*"zqzqzq")  # no command has these letters
        await wait_for(pilot, lambda: palette._no_matches_timer is not None)
        await palette.query_one(CommandList).remove()
        await pilot.pause(palette._NO_MATCHES_COUNTDOWN + 0.3)
        assert app.is_running and app._exception is None
        palette._action_escape()
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
    assert not app.return_code


@pytest.mark.parametrize("theme", ["ansi-dark", "ansi-light"])
async def test_a_casino_verdict_in_an_ansi_theme(make_app, theme: str) -> None:  # type: ignore[no-untyped-def]
    """Found by a salted monkey run (``CARDSUITE_SEED=b16a9668``, after the keys chose
    ansi-dark): the verdict under a composed play is coloured with the theme's success or
    error colour, which the ansi themes give as ``ansi_green`` / ``ansi_red``: Rich's
    ``Style`` refused them (``ColorParseError``) and the app died. It is drawn in the
    terminal's own green and red."""
    from rich.style import Style
    from test_african_casino_app import open_table, shown, stacked, to

    app = make_app(theme=theme)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(app, pilot, stacked())

        def colours() -> set[str]:
            spans = screen.query_one("#ac-preview").content.spans  # type: ignore[attr-defined]
            return {
                s.style.color.name for s in spans if isinstance(s.style, Style) and s.style.color
            }

        await pilot.press(*to(screen, "9D"), "c", "b")  # 9♦ cannot take the 5♥ alone
        assert "rule CAP-1" in shown(screen, "#ac-preview")
        assert "color(1)" in colours()  # the terminal's red
        await pilot.press("c")  # 5♥+4♣ is a unit of 9 after all
        assert "the game takes it" in shown(screen, "#ac-preview")
        assert "color(2)" in colours()  # the terminal's green
        assert app.screen is screen and app.is_running
    assert not app.return_code


async def test_card_colours_in_textuals_notation(make_app) -> None:  # type: ignore[no-untyped-def]
    """A theme's card colours are read as Textual reads them (a theme file is Textual's):
    ``ansi_red``, ``hsl(...)`` and ``ansi_default`` are drawn, not refused by Rich (they
    made the app die as soon as a card was drawn); ``transparent`` and what Textual cannot
    read either leave the default."""
    from rich.style import Style
    from textual.theme import Theme

    from cardsuite.cards import Card
    from cardsuite.ui.cardart import CardStyle
    from cardsuite.ui.widgets import HandView

    app = make_app(start=start("human,easy", seed=4))
    cards = {
        "suit-hearts": "ansi_red",
        "suit-diamonds": "ansi_bright_red",
        "suit-spades": "hsl(0, 0%, 10%)",
        "card-face": "ansi_default",
        "card-edge": "transparent",
        "card-back": "no such colour",
    }
    app.register_theme(Theme(name="terminal-cards", primary="ansi_blue", variables=cards))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        app.theme = "terminal-cards"
        await pilot.pause()
        cs, default = app.card_style, CardStyle()
        assert (cs.hearts, cs.diamonds, cs.spades) == ("color(1)", "color(9)", "#1a1a1a")
        assert cs.face == "default"
        assert (cs.edge, cs.back) == (default.edge, default.back)
        assert cs.inline(Card.parse("QH")).style == Style(
            color="color(1)", bgcolor="default", bold=True
        )
        hand = app.screen.query_one(HandView)
        drawn = {
            s.style.color.name
            for s in hand.render().spans
            if isinstance(s.style, Style) and s.style.color
        }
        assert drawn & {"color(1)", "color(9)", "#1a1a1a"}  # the hand's suits, as the theme says
        assert app.is_running
    assert not app.return_code
