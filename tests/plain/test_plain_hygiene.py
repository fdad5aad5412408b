"""Plain text mode loads no terminal library: no Textual, no Rich, nothing of ``ui/``. A
player at a braille display or a pipe waits for no screen library to import, and the mode
keeps working where Textual cannot draw."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]

SCRIPT = """
import io, sys
sys.stdin = io.StringIO("")
from cardsuite.cli import main
for args in (["play", "manni", "--plain", "--pace", "instant"], ["plain"],
             ["play", "money", "--plain", "--pace", "instant"]):
    try:
        main(args, standalone_mode=False)
    except SystemExit:
        pass
loaded = [m for m in sys.modules if m.split(".")[0] in ("textual", "rich")
          or m.startswith("cardsuite.ui")]
print("LOADED", loaded)
"""


def test_plain_mode_imports_no_terminal_library(tmp_path: Path) -> None:
    env = {**os.environ, "CARDSUITE_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=60,
        check=False,
    )  # fmt: skip
    assert "Manni, Basic Manni. 3 players" in run.stdout  # it did play
    assert "Money, Jordanian. 2 players" in run.stdout  # and Money's race
    assert "cardsuite in plain text. Games:" in run.stdout
    assert run.stdout.splitlines()[-1] == "LOADED []", run.stdout[-500:] + run.stderr
