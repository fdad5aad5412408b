"""Every theme the palette offers is readable on every kind of table (issue 32, items 4 and 7).

One table of each kind (the trick frame, Money's, African Casino's) is mounted once at 80x24
and drawn in every theme the app offers (``app.available_themes``: ours, Textual's, the ansi
ones; Money's and Casino's in a sample that stresses the derivation most); the screen's
rendered cells (the compositor's strips, what reaches the terminal:
header, felt, panels and their titles, status, hand, log, footer) are walked and each text
cell's colour is checked against its background with WCAG's contrast ratio:

- text: at least 4.5 to 1, dimmed text included (Textual draws ``dim`` as a blend towards
  the background, which is what the strips hold);
- a card's rank and suit on its face: 4.5, and 3 (WCAG's minimum for large text and the
  parts of a control) on an unplayable card the assist draws dim;
- the edges of the cards in the hand against their faces, so a fanned hand's cards stay
  apart: 2.5 (the felt theme's soft edge is 2.8), and in ``high-contrast`` 4.5 for the
  edges and 3 for the cursor's frame, as the theme's name promises (item 7: its edges were
  white on white).

Textual's ansi themes leave colours to the terminal; they are judged as Textual itself
renders them in truecolor (its ``ansi_theme_dark`` / ``ansi_theme_light``).

``themes.table_variables`` is also checked on its own, cheaply: the felt theme's table is
exactly its own colours (its look did not change).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from every_game import check
from helpers import screen_of, wait_for
from rich.color import Color as RichColor
from rich.style import Style
from textual.color import Color
from textual.constants import DIM_FACTOR

from cardsuite.games import REGISTRY
from cardsuite.match import SeatSpec
from cardsuite.ui.app import CardSuiteApp, StartRequest
from cardsuite.ui.table import TableScreen
from cardsuite.ui.trick_table import TrickTableScreen
from cardsuite.ui.widgets import HandView

Rgb = tuple[int, int, int]


def _luminance(rgb: Rgb) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def ratio(a: Rgb, b: Rgb) -> float:
    """WCAG 2's contrast ratio (written out here, apart from the code under test)."""
    la, lb = _luminance(a), _luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def _rgb(colour: str) -> Rgb:
    c = Color.parse(colour)
    return (c.r, c.g, c.b)


def _dimmed(ground: Rgb, ink: Rgb) -> Rgb:
    """``ink`` drawn dim on ``ground``, as Textual draws it (``filter.dim_color``)."""
    return tuple(int(g + (i - g) * DIM_FACTOR) for g, i in zip(ground, ink, strict=True))  # type: ignore[return-value]


def _decoration(ch: str) -> bool:
    """Not text: blanks, box drawing (borders, card edges), block elements (card backs)."""
    return ch.isspace() or 0x2500 <= ord(ch) <= 0x259F


def cells(app: CardSuiteApp) -> Iterator[tuple[int, int, str, Rgb, Rgb]]:
    """Every non-blank cell of the screen as drawn: x, y, character, colour, background."""
    term = app.ansi_theme_dark if app.current_theme.dark else app.ansi_theme_light

    def rgb(colour: RichColor | None, foreground: bool) -> Rgb:
        if colour is None:
            colour = RichColor.default()
        return tuple(colour.get_truecolor(term, foreground=foreground))  # type: ignore[return-value]

    for y, strip in enumerate(app.screen._compositor.render_strips()):
        x = 0
        for segment in strip:
            style = segment.style or Style()
            fg, bg = rgb(style.color, True), rgb(style.bgcolor, False)
            if style.reverse:
                fg, bg = bg, fg
            if style.dim:  # only where Textual leaves dim to the terminal (ansi themes)
                fg = _dimmed(bg, fg)
            for ch in segment.text:
                if not ch.isspace():
                    yield x, y, ch, fg, bg
                x += 1


def _where(app: CardSuiteApp, x: int, y: int) -> str:
    widget = app.screen._compositor.get_widget_at(x, y)[0]
    return f"{type(widget).__name__}#{widget.id}" if widget.id else type(widget).__name__


def _hex(rgb: Rgb) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def problems(app: CardSuiteApp) -> list[str]:
    """What does not read in the current theme, one line each (the worst per place)."""
    theme = app.theme
    cs = app.card_style
    faces = {_rgb(cs.face), _rgb(cs.select)}
    suits = {_rgb(c) for c in (cs.hearts, cs.diamonds, cs.spades, cs.clubs)}
    dimmed_ink = {_dimmed(face, s) for face in faces for s in suits}
    edge_bar = 4.5 if theme == "high-contrast" else 2.5
    hands = [w.region for w in app.screen.query(HandView)]
    # a footer key that does nothing now: inactive (WCAG sets no minimum)
    inactive = [w.region for w in app.screen.query(".-disabled")]
    worst: dict[tuple[str, str], tuple[float, str]] = {}

    def check(kind: str, x: int, y: int, ch: str, fg: Rgb, bg: Rgb, bar: float) -> None:
        r = ratio(fg, bg)
        if r >= bar:
            return
        key = (kind, _where(app, x, y))
        if key not in worst or r < worst[key][0]:
            worst[key] = (
                r,
                f"{theme}: {kind} {ch!r} in {key[1]} at ({x}, {y}), {_hex(fg)} on {_hex(bg)}:"
                f" {r:.2f} (< {bar})",
            )

    for x, y, ch, fg, bg in cells(app):
        if _decoration(ch):
            if bg in faces and any(r.contains(x, y) for r in hands):
                if ch in "╭╮╰╯─│":  # a card's own edge
                    check("card edge", x, y, ch, fg, bg, edge_bar)
                elif ch in "┏┓┗┛━┃" and theme == "high-contrast":  # the cursor's frame
                    check("cursor frame", x, y, ch, fg, bg, 3.0)
        elif any(r.contains(x, y) for r in inactive):
            continue
        elif bg in faces:
            check("card ink", x, y, ch, fg, bg, 3.0 if fg in dimmed_ink else 4.5)
        else:
            check("text", x, y, ch, fg, bg, 4.5)
    return [line for _, line in sorted(worst.values())]


#: The tables drawn: Manni's stands for the trick frame (every trick game's table), the
#: others are the games with a table screen of their own.
SEATS = {
    "manni": "human,medium,medium",
    "money": "human,easy",
    "african-casino": "human,easy",
}


def test_every_table_screen_is_drawn_here() -> None:
    """A game on the trick frame is drawn by Manni's; any other brings its own screen."""
    own = [gid for gid, e in REGISTRY.items() if not issubclass(e.screen_class(), TrickTableScreen)]
    framed = [gid for gid in REGISTRY if gid not in own]
    check([*SEATS, *framed], "SEATS in tests/ui/test_themes_contrast.py")


def _start(game: str) -> StartRequest:
    seats = SEATS[game]
    names = ["South", "West", "North"]
    specs = [SeatSpec(k, names[i]) for i, k in enumerate(seats.split(","))]
    return StartRequest(game, specs, None, {}, 4)


#: The themes that stress the derivation most, for the tables drawn in a sample of themes:
#: ours, every light one (the felt was dark green under all of them), the terminal's own
#: colours, and the dark theme whose text is dimmest on its own ground.
def _sample(app: CardSuiteApp) -> list[str]:
    return [
        name
        for name, theme in sorted(app.available_themes.items())
        if name in ("felt", "high-contrast", "four-colour", "solarized-dark")
        or not theme.dark
        or theme.ansi
    ]


# The trick frame (every trick game's table) in every theme offered; Money's and African
# Casino's, whose own colours come from the same derivation, in the sample (each theme
# costs a restyle of the whole screen, about 0.3 s).
@pytest.mark.parametrize("game", list(SEATS))
async def test_every_offered_theme_reads_on_the_table(make_app, game: str) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=_start(game))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await screen_of(pilot, TableScreen)
        await wait_for(pilot, lambda: table.human_to_move() is not None)
        await pilot.pause()
        offered = sorted(app.available_themes) if game == "manni" else _sample(app)
        assert {"felt", "textual-light", "catppuccin-latte", "solarized-light"} <= set(offered)
        found: list[str] = []
        for name in offered:
            app.theme = name
            await pilot.pause()
            found += problems(app)
        assert not found, "\n".join(found)


def test_the_felt_theme_keeps_its_own_colours() -> None:
    """The derived table colours change nothing where the theme already reads well."""
    from cardsuite.ui.themes import load_themes, table_variables

    felt = load_themes()[0]["felt"]
    colours = {**felt.to_color_system().generate(), **felt.variables}
    derived = table_variables(colours, felt.variables)
    assert derived["felt"] == "#14502f" and derived["felt-dark"] == "#0e3b24"
    assert derived["felt-text"] == colours["foreground"]
    assert derived["felt-title"] == colours["primary"]
    assert derived["table-footer-key"] == felt.variables["footer-key-foreground"]


def test_a_light_theme_gets_a_light_table() -> None:
    from textual.theme import BUILTIN_THEMES

    from cardsuite.ui.themes import table_variables

    light = BUILTIN_THEMES["textual-light"]
    colours = light.to_color_system().generate()
    derived = table_variables(colours, light.variables)
    assert (derived["felt"], derived["felt-dark"]) == (colours["surface"], colours["background"])
    assert ratio(_rgb(derived["felt-text"]), _rgb(derived["felt"])) >= 4.5


async def test_the_replays_bar_and_moves_read_in_every_sampled_theme(make_app, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The replay's bar and its highlighted move (``$accent`` grounds) read as the table does:
    they were the theme's foreground on ``$accent 30%``, under 4.5 to 1 in solarized-light,
    textual-light and others."""
    from test_replay import make_record, open_replay

    from cardsuite.ui.app import ReplayRequest

    rec = make_record(tmp_path, seed=11, moves=12)
    app = make_app(start=ReplayRequest(rec, 0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot)
        await pilot.press("right", "right")
        await wait_for(pilot, lambda: screen.rp_at >= 2)
        found: list[str] = []
        for name in _sample(app):
            app.theme = name
            await pilot.pause()
            found += [p for p in problems(app) if "#rp-" in p]
        assert not found, "\n".join(found)


async def test_the_picker_and_the_setup_read_in_every_sampled_theme(make_app) -> None:  # type: ignore[no-untyped-def]
    """The first two screens a player meets read as the table does: their titles, the games'
    summaries, the highlighted game, "No saved games", the setup's sections, help and
    focused fields were the theme's own primary and foreground, under 4.5 to 1 in the felt
    theme itself and in most of Textual's. (An unticked box's faint X is Textual's way of
    drawing it empty, not text.)"""
    from cardsuite.ui.picker import PickerScreen
    from cardsuite.ui.setup import SetupScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        themes = sorted({*_sample(app), "atom-one-dark", "gruvbox", "nord"})
        found: list[str] = []
        for screen in ("picker", "setup"):
            if screen == "setup":  # Money's: a select, checkboxes, a section and help
                await pilot.press("enter")
                await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
            for name in themes:
                app.theme = name
                await pilot.pause()
                found += [p for p in problems(app) if "'X' in Checkbox" not in p]
        assert not found, "\n".join(found)


async def test_the_rules_read_in_every_sampled_theme(make_app) -> None:  # type: ignore[no-untyped-def]
    """The rules screen's headings were Rich's Markdown magenta (#f4005f as Textual draws
    it): 2.3 to 1 on the felt theme's own green, under 4.5 in most themes."""
    from cardsuite.ui.help import HelpScreen
    from cardsuite.ui.picker import PickerScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("pagedown")  # a section heading, a list and a table in sight
        found: list[str] = []
        for name in sorted({*_sample(app), "nord", "gruvbox"}):
            app.theme = name
            await pilot.pause()
            found += problems(app)
        assert not found, "\n".join(found)
