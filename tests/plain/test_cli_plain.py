"""`play GAME --plain` and `cardsuite plain` at the command line: usage errors that say what
is allowed, a position played in plain text, and the plain picker asked line by line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from plainkit import cli

from cardsuite.cli import main
from cardsuite.games import get_game


def invoke(*args: str, answers: str = "") -> object:
    return CliRunner().invoke(main, list(args), input=answers)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["play", "money", "--plain", "-s", "human,robot"], "unknown seat kind 'robot'"),
        (
            ["play", "money", "--plain", "-s", "human,program:python3 bot.py"],
            "Money's race is timed: a program cannot play it",
        ),
        (["play", "manni", "--symbols"], "--symbols and --color are for --plain"),
        (["play", "--plain"], "name the game: cardsuite play GAME --plain"),
        (["play", "manni", "--plain", "-p", "4"], "Manni is for 3 players, not 4"),
        (["play", "manni", "--plain", "-s", "human,robot,easy"], "unknown seat kind 'robot'"),
        (["play", "manni", "--plain", "-v", "nope"], "Manni has no variant 'nope'"),
        (["plain", "--pace", "nope"], "'nope' is not one of"),
    ],
)
def test_usage_errors_say_what_is_allowed(args: list[str], says: str) -> None:
    r = invoke(*args)
    assert r.exit_code == 2  # type: ignore[attr-defined]
    assert says in " ".join(r.output.split())  # type: ignore[attr-defined]


def test_a_position_in_plain_text(tmp_path: Path) -> None:
    game = get_game("manni")
    state = game.new_state(players=3, seed=9)
    file = tmp_path / "position.json"
    file.write_text(json.dumps(state.to_json()))
    run = cli(["play", "manni", "--plain", "--position", str(file), "--pace", "instant"],
              ["1"] * 300, tmp_path / "home")  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0].startswith("Manni, Basic Manni. 3 players: South (a person)")
    assert run.stdout.splitlines()[-2].startswith("Final scores: ")
    assert run.stdout.splitlines()[-1] == "Not rated: it began from a position"  # issue 39


def test_the_plain_picker_asks_the_setup_line_by_line(tmp_path: Path) -> None:
    answers = ["9", "4", "7", "", "human,robot", "human,easy,easy,easy", "x", "12"]
    run = cli(["plain", "--pace", "instant"], answers, tmp_path)
    lines = run.stdout.splitlines()
    assert lines[:6] == [
        "cardsuite in plain text. Games:",
        f"1. Money: {get_game('money').summary}",
        f"2. Twenty-Two: {get_game('twenty-two').summary}",
        f"3. Manni: {get_game('manni').summary}",
        f"4. Mensch: {get_game('mensch').summary}",
        f"5. African Casino: {get_game('african-casino').summary}",
    ]
    assert "Choose a game, 1 to 5: 9" in lines
    assert "Type a number from 1 to 5." in lines
    assert "Variant, 1 to 2 [1]: 7" in lines and "Type a number from 1 to 2." in lines
    assert "'robot' is not a seat kind: human, random, easy, medium, hard." in lines
    assert "A seed is a whole number (or enter for a random deal)." in lines
    assert lines[lines.index("Seed (random: a new deal) [random]: 12") + 1] == (
        "Mensch. 4 players: South (a person), West (easy bot), North (easy bot), East (easy bot)."
    )
    assert run.stderr.endswith("End of input: leaving the game (nothing was saved that you did"
                               " not save).\n")  # fmt: skip


def test_the_plain_picker_at_the_end_of_input(tmp_path: Path) -> None:
    run = cli(["plain"], [], tmp_path)
    assert run.returncode == 0 and run.stderr == "End of input: no game started.\n"


def test_ctrl_c_and_a_closed_pipe_leave_without_a_traceback(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys

    from plainkit import ROOT

    env = {**os.environ, "CARDSUITE_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    args = [sys.executable, "-m", "cardsuite", "play", "manni", "--plain", "--pace", "instant"]

    def as_from_a_terminal() -> None:
        """ctrl+c reaches the child as it would from a terminal. A test process may pass
        SIGINT on ignored (a run started in the background) or blocked (a thread's mask),
        and a child inherits both: twice in loaded clean-clone runs it never arrived."""
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    proc = subprocess.Popen(
        args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        text=True, preexec_fn=as_from_a_terminal,
    )  # fmt: skip
    assert proc.stdout is not None
    heard = ""
    while not heard.endswith("Your move: "):  # waiting at the first prompt
        heard += proc.stdout.read(1)
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)  # (before ``communicate``, which would close its input)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err == "\nInterrupted: leaving the game (nothing was saved unasked).\n"
    # a reader that stops reading after one line
    proc = subprocess.Popen(
        args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
    )  # fmt: skip
    assert proc.stdout is not None and proc.stdin is not None
    proc.stdout.readline()
    proc.stdout.close()
    proc.stdin.write(b"1\n" * 3000)
    proc.stdin.close()
    assert proc.wait(timeout=60) == 1
    assert proc.stderr is not None and b"Traceback" not in proc.stderr.read()
    proc.stderr.close()


def test_input_that_is_not_text_is_refused_as_nonsense(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    from plainkit import ROOT

    env = {**os.environ, "CARDSUITE_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-m", "cardsuite", "play", "manni", "--plain", "--seed", "2"],
        input=b"\xff\xfe\x80\n", capture_output=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    assert run.returncode == 0 and b"Traceback" not in run.stderr
    assert "Not understood: " in run.stdout.decode()
