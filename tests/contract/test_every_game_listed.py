"""Every place that must name each game by hand names every registered game.

The registry covers a new game everywhere the code asks it (the contract, lockstep and
blind-bot tests, the privacy test, the picker, ``list``, ``rules``, ``simulate``, ``bench``).
The places below are right to list the games by hand, since each game brings its own thing
there (a screenshot scene, pinned digests, snapshots, rule and property tests, a line of the
README); each is read here and checked against the registry, so a game registered and
forgotten in one of them fails naming the game and the place. Tables inside test modules
check themselves the same way (``support/every_game.py``; "Adding a game" in
``docs/architecture.md`` lists them all).

Each guard is shown to fail: with a fake game put in the registry, every place misses it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from every_game import check, missing

from cardsuite import games
from cardsuite.games import GameEntry

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"


def _folder(entry: GameEntry) -> str:
    """The game's module folder (``twenty_two``): test files and snapshots are named by it."""
    return entry.package.rsplit(".", 1)[1]


def _each_game_with(found: Callable[[GameEntry], bool]) -> list[str]:
    return [game_id for game_id, e in games.REGISTRY.items() if found(e)]


def _readme() -> list[str]:
    """The ids in the README's table of games (its "Games" section)."""
    text = (ROOT / "README.md").read_text("utf-8")
    section = text.split("\n## Games\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| [^|`]*`([a-z-]+)`", section, flags=re.M)


def _architecture() -> list[str]:
    """The ids in the map's table of games (``docs/architecture.md``)."""
    text = (ROOT / "docs" / "architecture.md").read_text("utf-8")
    return re.findall(r"^\| `([a-z-]+)` \|", text, flags=re.M)


def _screenshots() -> list[str]:
    from cardsuite.ui.screenshots import GAME_SCENES

    return list(GAME_SCENES)


def _same_games() -> list[str]:
    """Games with pinned same-seed digests (``test_same_games.py``)."""
    data = TESTS / "contract" / "data"
    cases = []
    for name in ("earlier_games.json", "newer_games.json"):
        cases += json.loads((data / name).read_text("utf-8"))["games"]
    return [case["game"] for case in cases]


def _snapshots() -> list[str]:
    """Games with a snapshot named after their folder (``test_<folder>_...``)."""
    names = [p.as_posix() for p in (TESTS / "ui" / "__snapshots__").rglob("*.svg")]
    return _each_game_with(lambda e: any(f"test_{_folder(e)}_" in n for n in names))


def _rule_tests() -> list[str]:
    return _each_game_with(lambda e: any((TESTS / "rules").glob(f"test_{_folder(e)}*.py")))


def _property_tests() -> list[str]:
    folder = TESTS / "properties"
    return _each_game_with(lambda e: (folder / f"test_{_folder(e)}_random_play.py").exists())


def _app_tests() -> list[str]:
    return _each_game_with(lambda e: (TESTS / "ui" / f"test_{_folder(e)}_app.py").exists())


def _shared_rules() -> list[str]:
    """Games whose rules, with their rule IDs, are in ``shared/rules/<id>.md`` (beside the
    project, read-only)."""
    return _each_game_with(lambda e: (ROOT.parent / "shared" / "rules" / f"{e.id}.md").exists())


#: Each place and how to read which games it names.
PLACES: dict[str, Callable[[], list[str]]] = {
    "README.md's table of games": _readme,
    "docs/architecture.md's table of games": _architecture,
    "cardsuite/ui/screenshots.py GAME_SCENES": _screenshots,
    "tests/contract/data/*_games.json (same-seed digests)": _same_games,
    "tests/ui/__snapshots__ (a test_<folder>_... snapshot)": _snapshots,
    "tests/rules/test_<folder>*.py": _rule_tests,
    "tests/properties/test_<folder>_random_play.py": _property_tests,
    "tests/ui/test_<folder>_app.py": _app_tests,
}


@pytest.mark.parametrize("place", PLACES)
def test_every_registered_game_is_named(place: str) -> None:
    check(PLACES[place](), place)


def test_every_game_has_its_rules_beside_the_project() -> None:
    """The rules with their IDs (cited in code and tests) live outside the repository: the
    check runs only where that folder is."""
    if not (ROOT.parent / "shared" / "rules").is_dir():
        pytest.skip("no shared/rules beside the project")
    check(_shared_rules(), "shared/rules/<id>.md")


@pytest.fixture
def fake_game(monkeypatch: pytest.MonkeyPatch) -> str:
    """A game put in the registry for one test: no place names it."""
    fake = GameEntry("fake-game", "cardsuite.games.fake_game", "rules", "bots", "s:S", "h.md")
    monkeypatch.setitem(games.REGISTRY, fake.id, fake)
    return fake.id


@pytest.mark.parametrize("place", [*PLACES, "shared/rules/<id>.md"])
def test_a_place_that_misses_a_game_fails_naming_it(fake_game: str, place: str) -> None:
    if place not in PLACES and not (ROOT.parent / "shared" / "rules").is_dir():
        pytest.skip("no shared/rules beside the project (a clean clone elsewhere)")
    read = PLACES.get(place, _shared_rules)
    assert missing(read()) == [fake_game]
    with pytest.raises(AssertionError, match=f"{re.escape(place)} names no {fake_game}"):
        check(read(), place)


def test_a_list_with_one_game_removed_fails() -> None:
    every = list(games.REGISTRY)
    for gone in every:
        with pytest.raises(AssertionError, match=f"names no {gone}:"):
            check([g for g in every if g != gone], "a list")
