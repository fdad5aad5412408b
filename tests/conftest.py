"""Shared test support: ``tests/support`` (position builders) is importable from every folder."""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent / "support"))


#: Hypothesis (``tests/properties/test_african_casino_hypothesis.py``): few examples, drawn
#: the same way every run (CI stays stable), and no example database written into the
#: tree; the full run draws many more, still derandomized, so a failure there replays.
_HYPOTHESIS = {"derandomize": True, "deadline": None, "database": None, "print_blob": True}
settings.register_profile("cardsuite", max_examples=25, **_HYPOTHESIS)
settings.register_profile("cardsuite-full", max_examples=400, **_HYPOTHESIS)
settings.load_profile("cardsuite-full" if os.environ.get("CARDSUITE_FULL") == "1" else "cardsuite")


def pytest_configure(config: pytest.Config) -> None:
    """A full run salts its random inputs afresh (``support/scale.py``): drawn here, before
    xdist starts its workers, so every worker inherits the one salt."""
    if os.environ.get("CARDSUITE_FULL") == "1" and not os.environ.get("CARDSUITE_SEED"):
        os.environ["CARDSUITE_SEED"] = f"{secrets.randbits(32):08x}"


def _salted() -> str | None:
    salt = os.environ.get("CARDSUITE_SEED")
    return f"random inputs salted: CARDSUITE_SEED={salt} runs them again" if salt else None


def pytest_report_header(config: pytest.Config) -> str | None:
    return _salted()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    """A failure under salted inputs says how to run them again."""
    outcome = yield
    report = outcome.get_result()
    salted = _salted()
    if salted and report.failed:
        report.sections.append(("random inputs", salted))
