"""The pure modules never import a terminal library (design.md, "Arrows that must never
exist"): each is imported in a fresh interpreter and ``sys.modules`` is inspected."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

import cardsuite
import cardsuite.bots
import cardsuite.games
import cardsuite.remote

PURE = [
    "cardsuite.cards",
    "cardsuite.engine",
    "cardsuite.match",
    "cardsuite.table_source",
    "cardsuite.store",
    "cardsuite.simulate",
    "cardsuite.bench",
]
PURE += [f"cardsuite.bots.{m.name}" for m in pkgutil.iter_modules(cardsuite.bots.__path__)]
PURE += [f"cardsuite.remote.{m.name}" for m in pkgutil.iter_modules(cardsuite.remote.__path__)]
for game in pkgutil.iter_modules(cardsuite.games.__path__):
    if game.ispkg:  # every module of a game but its screen and the screen's parts
        folder = [f"{cardsuite.games.__path__[0]}/{game.name}"]
        PURE += [
            f"cardsuite.games.{game.name}.{m.name}"
            for m in pkgutil.iter_modules(folder)
            if m.name != "screen" and not m.name.startswith("screen_")
        ]


@pytest.mark.parametrize("module", PURE)
def test_pure_module_imports_no_ui(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
        " or m.startswith('cardsuite.ui'))\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"{module} pulls in {out.stdout.strip()}"


def test_the_list_covers_every_game() -> None:
    assert "cardsuite.games.twenty_two.rules" in PURE
    assert "cardsuite.games.money.referee" in PURE
    assert "cardsuite.games.money.screen" not in PURE
    assert "cardsuite.games.african_casino.units" in PURE
    assert "cardsuite.bots.ismcts" in PURE
    assert "cardsuite.remote.server" in PURE and "cardsuite.games.money.netreferee" in PURE
    assert cardsuite.__version__


def test_the_command_line_starts_with_only_what_help_needs() -> None:
    """Issue 10 #5: ``cardsuite --help`` imported the store (sqlite3, platformdirs) for one
    constant, and the engine, json and importlib.resources it did not use."""
    # (What the interpreter's own start-up already loaded is not counted: a site ``.pth``
    # file of the machine may import importlib.resources before any of our code runs.)
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import cardsuite.cli\n"
        "heavy = ('sqlite3', 'json', 'platformdirs', 'importlib.resources', 'textual', 'rich',"
        " 'cardsuite.store', 'cardsuite.engine', 'cardsuite.cards', 'cardsuite.match',"
        " 'aiohttp', 'cardsuite.remote.server')\n"
        "print(','.join(sorted(m for m in heavy if m in sys.modules and m not in before)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"cardsuite.cli pulls in {out.stdout.strip()}"
