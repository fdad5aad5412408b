"""UI test fixtures: a private settings/data folder, instant bots, a fixed theme."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardsuite.store import Store
from cardsuite.ui.app import CardSuiteApp

os.environ.pop("NO_COLOR", None)  # Textual reads it in App.__init__: it would change snapshots

FAST_BOTS = {"hard": {"iterations": 30, "time_budget": 10.0}}


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every UI test gets its own CARDSUITE_HOME: never the user's settings or saves."""
    home = tmp_path / "home"
    monkeypatch.setenv("CARDSUITE_HOME", str(home))
    return home


@pytest.fixture
def make_app(private_home: Path) -> Callable[..., CardSuiteApp]:
    def make(**kwargs: Any) -> CardSuiteApp:
        kwargs.setdefault("store", Store(private_home))
        kwargs.setdefault("pace", "instant")
        kwargs.setdefault("theme", "felt")
        kwargs.setdefault("bot_options", FAST_BOTS)
        return CardSuiteApp(**kwargs)

    return make
