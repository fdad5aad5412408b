"""`cardsuite rules GAME` through a pager (issue 32 #5): `less` without LESS set showed the
escape codes as text ("ESC[1;4mManni") and broke words where they made a line overflow.

The pagers here are fake `less` and `more` on PATH that keep what they were given and the
LESS they saw; the terminal is faked with FORCE_COLOR (Rich), COLUMNS/LINES and Click's
tty check, so the command takes the path it takes in a real terminal.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardsuite.cli import main
from cardsuite.games import get_game

ESC = "\x1b["
ANSI = re.compile(r"\x1b\[[0-9;]*m")
WIDTH = 40


@pytest.fixture
def terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A 40-column colour terminal with fake pagers; returns the folder they write to."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in ("less", "more"):
        script = bin_dir / name
        script.write_text(
            f'#!/bin/sh\nprintf "%s" "${{LESS-unset}}" > "{tmp_path}/{name}.env"\n'
            f'cat > "{tmp_path}/{name}.out"\n'
        )
        script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    for var in ("LESS", "PAGER", "MANPAGER", "TTY_COMPATIBLE", "NO_COLOR"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    monkeypatch.setenv("LINES", "24")
    monkeypatch.setattr("click._termui_impl.isatty", lambda stream: True)
    return tmp_path


def rules(*args: str) -> str:
    r = CliRunner().invoke(main, ["rules", "manni", *args], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return r.output


def words(text: str) -> set[str]:
    return set(re.findall(r"[^\W_]+", text))


def assert_wrapped_at_words(paged: str) -> None:
    """Every line fits the width and every word on it is a whole word of the rules: a word
    broken at the line's end would leave pieces that are not."""
    plain = ANSI.sub("", paged)
    assert max(len(line) for line in plain.splitlines()) <= WIDTH
    source = words(get_game("manni").help_text())
    assert words(plain) - source == set()


def test_less_without_less_set_gets_raw_colours(terminal: Path) -> None:
    rules()
    paged = (terminal / "less.out").read_text()
    assert (terminal / "less.env").read_text() == "-R"  # so it draws the colours
    assert ESC in paged and "Manni" in paged
    assert_wrapped_at_words(paged)


@pytest.mark.parametrize(
    ("env", "pager"),
    [({"LESS": "-X"}, "less"), ({"PAGER": "more"}, "more")],
    ids=["less-told-no-raw", "more"],
)
def test_a_pager_that_cannot_show_colour_gets_plain_text(
    terminal: Path, monkeypatch: pytest.MonkeyPatch, env: dict[str, str], pager: str
) -> None:
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    rules()
    paged = (terminal / f"{pager}.out").read_text()
    assert ESC not in paged and "Hornafjarðarmanni" in paged
    assert_wrapped_at_words(paged)


def test_no_pager_prints_at_once(terminal: Path) -> None:
    out = rules("--no-pager")
    assert not (terminal / "less.out").exists()
    assert "Hornafjarðarmanni" in out
    assert_wrapped_at_words(out)


def test_help_lists_the_game_ids() -> None:
    out = CliRunner().invoke(main, ["rules", "--help"]).output
    assert "money, twenty-two, manni, mensch, african-casino" in " ".join(out.split())
