"""The random-input tests' seeds (``support/scale.py``): the default run's are fixed, a
``CARDSUITE_SEED`` salts them, and a full run draws a fresh salt that pytest's header and a
failed test's report both name (``conftest.py``)."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import scale

TESTS = Path(__file__).resolve().parent.parent


def test_without_a_salt_the_seed_is_the_base(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scale, "SALT", "")
    assert scale.seed("mutate:manni") == "mutate:manni"
    assert scale.seed(3) == 3


def test_a_salt_gives_other_inputs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scale, "SALT", "ab12")
    assert scale.seed("mutate:manni") == "mutate:manni:ab12"
    assert random.Random(scale.seed(1)).random() != random.Random(1).random()


def test_int_seeds_are_the_base_unsalted_and_stable_numbers_salted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The property tests' games take int seeds: unsalted, the default run's own; salted,
    other numbers, the same for the same salt and base, distinct across bases."""
    monkeypatch.setattr(scale, "SALT", "")
    assert [scale.int_seed(b) for b in range(5)] == [0, 1, 2, 3, 4]
    monkeypatch.setattr(scale, "SALT", "ab12")
    salted = [scale.int_seed(b) for b in range(200)]
    assert salted == [scale.int_seed(b) for b in range(200)]
    assert len(set(salted)) == 200 and all(0 <= s < 2**63 for s in salted)
    assert not set(salted) & set(range(200))
    monkeypatch.setattr(scale, "SALT", "ab13")
    assert scale.int_seed(0) != salted[0]


def _run(tmp_path: Path, env: dict[str, str]) -> str:
    """A failing test under the suite's own conftest, in a pytest of its own (one process:
    the salt's passing to xdist's workers is the environment's, as any variable's)."""
    shutil.copy(TESTS / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "support").mkdir(exist_ok=True)
    shutil.copy(TESTS / "support" / "scale.py", tmp_path / "support" / "scale.py")
    (tmp_path / "test_fails.py").write_text(
        "import scale\n\ndef test_fails():\n    assert scale.seed('x') == 'never'\n"
    )
    clean = {k: v for k, v in os.environ.items() if not k.startswith("CARDSUITE_")}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist"],
        cwd=tmp_path,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    return done.stdout


def test_a_full_run_draws_a_salt_and_a_failure_names_it(tmp_path: Path) -> None:
    out = _run(tmp_path, {"CARDSUITE_FULL": "1"})
    salted = [line for line in out.splitlines() if line.startswith("random inputs salted")]
    assert salted, out
    salt = salted[0].split("CARDSUITE_SEED=")[1].split()[0]
    assert len(salt) == 8
    assert out.count(f"CARDSUITE_SEED={salt}") == 2, out  # the header and the failure
    assert f"x:{salt}" in out  # the test's seed was salted by it


def test_a_given_salt_is_kept_and_a_default_run_has_none(tmp_path: Path) -> None:
    out = _run(tmp_path, {"CARDSUITE_FULL": "1", "CARDSUITE_SEED": "cafe0123"})
    assert "CARDSUITE_SEED=cafe0123" in out and "x:cafe0123" in out
    out = _run(tmp_path, {})
    assert "random inputs salted" not in out and "'x'" in out
