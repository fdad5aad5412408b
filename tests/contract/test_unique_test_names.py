"""Test modules are imported by their file name (no packages under ``tests/``, pytest's
default import mode), so two files of one name in different folders collide when the
folders run together: one is imported in the other's place and a helper imported from it is
missing (``tests/plain/test_privacy.py`` hid ``tests/ui/test_privacy.py``, 2026-12-07)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_every_test_module_and_helper_has_a_name_of_its_own() -> None:
    seen: dict[str, list[str]] = defaultdict(list)
    for path in TESTS.rglob("*.py"):
        if path.name not in ("conftest.py", "__init__.py") and "__snapshots__" not in path.parts:
            seen[path.name].append(str(path.relative_to(TESTS)))
    doubled = {name: paths for name, paths in seen.items() if len(paths) > 1}
    assert not doubled, doubled
