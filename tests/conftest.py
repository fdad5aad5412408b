"""Shared test support: ``tests/support`` (position builders) is importable from every folder."""

from __future__ import annotations

import gc
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


#: The collector's first threshold, in allocations. At Python's default (700) the collector
#: took a sixth of the UI tests' CPU (Textual allocates freely and keeps a large heap), about
#: 4% of the others'; at these it takes under a twentieth of either (measured on
#: tests/ui/test_setup.py, test_picker.py and test_replay.py: 65 s of CPU, 10.5 s of it
#: collecting, became 57 s and 2.5 s). The tests stay what they are: when the collector runs
#: changes no result, and every worker still frees its garbage; peak memory rose 7%.
GC_THRESHOLDS = (100_000, 50, 100)
gc.set_threshold(*GC_THRESHOLDS)


@pytest.hookimpl(optionalhook=True)  # (a run without xdist, as in test_salted_seeds)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker more than the cores. A UI test waits on its app's timers and
    workers part of the time, and two workers on two cores left the machine at a load of
    about 1.6; with three a clean clone's run took 608 s of pytest against 673 s."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # (not on every platform)
        cores = os.cpu_count() or 1
    return cores + 1


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection imported (the package, Textual, the test modules) lives as long as the
    worker: frozen, the collector's full passes stop walking it again and again."""
    gc.collect()
    gc.freeze()


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
