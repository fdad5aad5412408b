"""The plain tests' store: a home folder of their own."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardsuite.store import Store


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "home")
