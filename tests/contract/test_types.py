"""The package type-checks: ``mypy``, with the project's configuration (``[tool.mypy]`` in
``pyproject.toml``), reports no error over ``cardsuite/`` (issue 34, item 6).

That configuration also makes every ``type: ignore`` name its error code and reports any
that has become unused, so an ignore cannot outlive its reason unnoticed. ``pytest -m
typecheck`` runs this test alone; ``mypy`` from the repository root gives the same report.

mypy runs in this process (``mypy.api``), from the repository root so that it reads
``pyproject.toml`` as a person running it there does, and with no cache: the suite runs on a
clean clone, where an incremental cache has nothing to offer and writing one only costs
time (and a cache in the tree is not the suite's to write).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.typecheck
def test_mypy_reports_no_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # (``files`` in the configuration is relative to the root)
    started = time.monotonic()
    # mypy raises the process's recursion limit (to 2**14) and leaves it so; a later test
    # in this worker (the remote protocol's refusal of JSON nested too deep) relies on the
    # default, so it is put back
    limit = sys.getrecursionlimit()
    try:
        out, err, status = api.run(
            ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", os.devnull]
        )
    finally:
        sys.setrecursionlimit(limit)
    took = time.monotonic() - started
    if status != 0:
        pytest.fail(
            f"mypy (pyproject.toml's [tool.mypy], {took:.0f} s) reports errors over"
            " cardsuite/; run `mypy` from the repository root for the same report, and fix"
            " each at its cause (a `type: ignore` names its code and says why):\n"
            f"{out}{err}",
            pytrace=False,
        )
