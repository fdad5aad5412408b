"""``cardsuite screenshots --out`` somewhere no folder can be: a usage error before any
picture is taken, never a traceback (issue 33 #20)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardsuite.cli import main


@pytest.mark.parametrize("where", ["/proc/self/x", "a-file/x"], ids=["proc", "under-a-file"])
def test_a_folder_that_cannot_be_made_is_a_usage_error(tmp_path: Path, where: str) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    out = where if where.startswith("/") else str(tmp_path / where)
    r = CliRunner().invoke(main, ["screenshots", "--out", out, "--no-png"])
    assert r.exit_code == 2, r.output
    assert "Invalid value for '--out': cannot write pictures in" in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)


def test_a_disk_that_fails_on_the_way_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cardsuite.ui.screenshots as shots

    def full(out: object, png: bool) -> list[Path]:
        raise OSError(28, "No space left on device", str(tmp_path / "table.svg"))

    monkeypatch.setattr(shots, "take_screenshots", full)
    r = CliRunner().invoke(main, ["screenshots", "--out", str(tmp_path), "--no-png"])
    assert r.exit_code == 1
    assert "the screenshots stopped: No space left on device" in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
