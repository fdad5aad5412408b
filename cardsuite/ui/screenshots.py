"""``cardsuite screenshots``: the README's pictures, regenerated from seeded games.

Each scene runs the real app headless (``App.run_test``) in a throwaway settings folder, with
instant bots and a fixed seed, drives it by keys and saves an SVG; PNGs are made with
``rsvg-convert`` when it is installed (cairosvg misdraws Rich's SVGs).
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

from ..games import get_game
from ..match import Match, SeatSpec
from ..store import Store
from .app import CardSuiteApp, StartRequest

SIZE = (120, 36)
#: The hard bots' settings in the scenes: a fixed number of iterations, so the pictures do
#: not depend on the machine's speed (the budget only caps a slow machine).
HARD_BOT: dict[str, object] = {"iterations": 200, "time_budget": 5.0}
Scene = Callable[[CardSuiteApp, Pilot[None]], Awaitable[None]]


def _table_request() -> StartRequest:
    seats = [
        SeatSpec("human", "South"),
        SeatSpec("hard", "West"),
        SeatSpec("medium", "North"),
        SeatSpec("easy", "East"),
    ]
    return StartRequest("twenty-two", seats, "standard", {}, seed=7)


def _manni_request() -> StartRequest:
    seats = [SeatSpec("human", "South"), SeatSpec("hard", "West"), SeatSpec("medium", "East")]
    return StartRequest("manni", seats, "hornafjardarmanni", {}, seed=4)


def _casino_request() -> StartRequest:
    seats = [SeatSpec("human", "South"), SeatSpec("medium", "North")]
    return StartRequest("african-casino", seats, "swazi", {}, seed=3)


def _mensch_request() -> StartRequest:
    seats = [
        SeatSpec("human", "South"),
        SeatSpec("medium", "West"),
        SeatSpec("hard", "North"),
        SeatSpec("medium", "East"),
    ]
    return StartRequest("mensch", seats, "standard", {}, seed=4)


async def _casino(app: CardSuiteApp, pilot: Pilot[None]) -> None:
    from .table import TableScreen

    await _until(pilot, lambda: isinstance(app.screen, TableScreen))
    screen = app.screen
    assert isinstance(screen, TableScreen)
    # play on with hints until the piles have grown and a build stands on the layout
    for _ in range(60):
        await _until(pilot, lambda: screen.human_to_move() is not None, 100)
        view = screen.view()
        if view["builds"] and sum(p["size"] for p in view["piles"]) >= 8:
            break
        await pilot.press("h", "enter")
    await pilot.press("right")


async def _until(pilot: Pilot[None], test: Callable[[], bool], tries: int = 200) -> None:
    for _ in range(tries):
        if test():
            return
        await pilot.pause(0.02)


async def _shoot(
    name: str,
    out: Path,
    drive: Callable[[CardSuiteApp, Pilot[None]], Awaitable[None]],
    start: StartRequest | None = None,
    size: tuple[int, int] = SIZE,
) -> Path:
    clock = _Clock()
    with tempfile.TemporaryDirectory() as home:
        app = CardSuiteApp(
            store=Store(Path(home)),
            start=start,
            theme="felt",
            pace="instant",
            bot_options={"hard": dict(HARD_BOT)},
            clock=clock if name == "money" else time.monotonic,
            key_time=(lambda e: clock.now) if name == "money" else None,
            bot_timing_floor=False,
        )
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await drive(app, pilot)
            await pilot.pause()
            path = Path(app.save_screenshot(f"{name}.svg", str(out)))
    return path


async def _picker(app: CardSuiteApp, pilot: Pilot[None]) -> None:
    return None


async def _setup(app: CardSuiteApp, pilot: Pilot[None]) -> None:
    await pilot.press("enter")
    await _until(pilot, lambda: type(app.screen).__name__ == "SetupScreen")


async def _table(app: CardSuiteApp, pilot: Pilot[None]) -> None:
    from .table import TableScreen

    await _until(pilot, lambda: isinstance(app.screen, TableScreen))
    screen = app.screen
    assert isinstance(screen, TableScreen)
    # play on with hints until a trick of the second hand (deal) is under way with South to
    # follow
    for _ in range(80):
        await _until(pilot, lambda: screen.human_to_move() is not None, 100)
        view = screen.view()
        second = view.get("hand_no", view.get("deal_no", 0)) >= 2
        if view["phase"] == "play" and view["trick"]["plays"] and second:
            break
        await pilot.press("h", "enter")
    await pilot.press("right", "right")


class _Clock:
    """A clock the Money scene sets by hand, so the reaction shown is a human one."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _money_match() -> Match:
    """A seeded Money game against a medium bot, stacked so that the second card matches."""
    game = get_game("money")
    deck = ["4S", "9D", "9H", "6C", "2D", "3S", "7C", "10H"]
    state = game.new_state(seed=3, dealer=1, deck=deck)
    return Match(game, state, [SeatSpec("human", "Left"), SeatSpec("medium", "Right")], seed=3)


async def _money(app: CardSuiteApp, pilot: Pilot[None]) -> None:
    from ..games.money.screen import MoneyScreen

    clock = app.clock
    assert isinstance(clock, _Clock)
    app.open_table(_money_match())
    await _until(pilot, lambda: isinstance(app.screen, MoneyScreen))
    screen = app.screen
    assert isinstance(screen, MoneyScreen)
    await pilot.press("a")  # Left: 4S
    clock.now += 0.7
    screen.pump(clock.now)  # Right's bot turns 9D
    clock.now += 0.8
    await pilot.press("a")  # Left: 9H on 9D, a match
    clock.now += 0.287
    await pilot.press("s")  # snap, 287 ms later
    clock.now += 0.5
    screen.pump(clock.now)
    screen._clear_queue()


async def _help(app: CardSuiteApp, pilot: Pilot[None]) -> None:
    await pilot.press("question_mark")
    await _until(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
    await pilot.pause(0.3)


def _to_png(converter: str, svg: Path, target: Path) -> None:
    """Render with rsvg-convert. Rich writes runs of spaces as separate text elements that
    rsvg collapses unless told to preserve white space, so a copy says so first."""
    text = svg.read_text("utf-8").replace("<svg ", '<svg xml:space="preserve" ', 1)
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / svg.name
        copy.write_text(text, "utf-8")
        subprocess.run([converter, "-w", "1400", str(copy), "-o", str(target)], check=True)


class FolderError(ValueError):
    """The pictures' folder cannot be made or written in; ``str(e)`` says why."""


def ready_folder(out: str | Path) -> Path:
    """Make the pictures' folder and check a file can be written in it, before the scenes
    take their while: ``FolderError`` with the reason when it cannot (``/proc/self/x``, a
    read-only place, a file in the way)."""
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".cardsuite-", suffix=".tmp"):
            pass
    except OSError as e:
        raise FolderError(f"cannot write pictures in {folder}: {e.strerror or e}") from None
    return folder


#: A picture of each game's table, by game id: its file's name, how the scene is driven and
#: how the game starts (None: the scene opens its own table). Every registered game has one
#: (``tests/contract/test_every_game_listed.py`` fails naming a game that has none).
GAME_SCENES: dict[str, tuple[str, Scene, Callable[[], StartRequest] | None]] = {
    "money": ("money", _money, None),
    "twenty-two": ("table", _table, _table_request),
    "manni": ("manni", _table, _manni_request),
    "mensch": ("mensch", _table, _mensch_request),
    "african-casino": ("casino", _casino, _casino_request),
}


def scenes() -> list[tuple[str, Scene, Callable[[], StartRequest] | None]]:
    """Every picture, in the order taken: the picker, the setup, each game's table, the
    rules."""
    return [
        ("picker", _picker, None),
        ("setup", _setup, None),
        *GAME_SCENES.values(),
        ("help", _help, _table_request),
    ]


def take_screenshots(out: str | Path, png: bool = True) -> list[Path]:
    """Write the picker, setup, every game's table and help screenshots (SVG, and PNG if
    possible). ``FolderError`` when ``out`` cannot take them."""
    folder = ready_folder(out)
    paths: list[Path] = []
    for name, drive, start in scenes():
        request = None if start is None else start()
        paths.append(asyncio.run(_shoot(name, folder, drive, request)))
    converter = shutil.which("rsvg-convert")
    if png and converter:
        for svg in list(paths):
            target = svg.with_suffix(".png")
            _to_png(converter, svg, target)
            paths.append(target)
    return paths
