"""Start-up to the picker, key press to repaint and the rules screen, in a real terminal.

Run: ``python scripts/measure_terminal.py [cardsuite-command]`` (needs tmux and an installed
``cardsuite``). It polls ``tmux capture-pane``: from launching ``cardsuite`` until the picker
is on screen; from ``send-keys Right`` on a Twenty-Two table until the pane changes; from
``?`` until the rules are on screen and from escape until the table is back. One capture's
own cost is printed too: it is part of every figure.

Each launch uses a session of its own name and waits for it to exist: killing a session and
starting the next at once raced with the tmux server shutting down.
"""

from __future__ import annotations

import itertools
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

SESSION = "cs-measure"
_serial = itertools.count()


def capture() -> str:
    return subprocess.run(
        ["tmux", "capture-pane", "-p", "-t", SESSION], capture_output=True, text=True, check=False
    ).stdout


def launch(command: str, home: str) -> float:
    """Start ``command`` in a fresh tmux session (a new name each time); the start time."""
    global SESSION
    subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True, check=False)
    SESSION = f"cs-measure-{next(_serial)}"
    for attempt in range(20):
        start = time.perf_counter()
        made = subprocess.run(
            [
                "tmux",
                "new",
                "-d",
                "-s",
                SESSION,
                "-x",
                "120",
                "-y",
                "36",
                "-e",
                f"CARDSUITE_HOME={home}",
                f"{command}; sleep 30",
            ],
            capture_output=True,
            check=False,
        )
        if (
            made.returncode == 0
            and subprocess.run(
                ["tmux", "has-session", "-t", SESSION], capture_output=True, check=False
            ).returncode
            == 0
        ):
            return start
        time.sleep(0.1 * (attempt + 1))  # the server was going away: try again
    raise RuntimeError(f"tmux would not start a session: {made.stderr!r}")


def wait_for(text: str, timeout: float = 30.0) -> None:
    end = time.perf_counter() + timeout
    while text not in capture():
        if time.perf_counter() > end:
            raise RuntimeError(f"{text!r} never appeared:\n{capture()}")
        time.sleep(0.002)


def summary(name: str, xs: list[float]) -> str:
    xs = sorted(xs)
    p = lambda q: xs[min(len(xs) - 1, int(q * len(xs)))]  # noqa: E731
    return (
        f"{name} (ms): median {statistics.median(xs):.1f}, p90 {p(0.9):.1f},"
        f" p95 {p(0.95):.1f}, max {xs[-1]:.1f} (n={len(xs)})"
    )


def main() -> None:
    exe = sys.argv[1] if len(sys.argv) > 1 else (shutil.which("cardsuite") or "cardsuite")
    with tempfile.TemporaryDirectory() as home:
        starts = []
        for _ in range(7):
            t0 = launch(exe, home)
            wait_for("Saved games")
            starts.append(time.perf_counter() - t0)
        print(
            f"start-up to picker (s): median {statistics.median(starts):.3f},"
            f" min {min(starts):.3f}, max {max(starts):.3f} (n={len(starts)})"
        )
        launch(f"{exe} play twenty-two --seed 5 --pace instant", home)
        wait_for("exchange:")
        time.sleep(1.0)
        lat = []
        for _ in range(40):
            before = capture()
            t = time.perf_counter()
            subprocess.run(["tmux", "send-keys", "-t", SESSION, "Right"], check=True)
            while capture() == before:
                time.sleep(0.001)
            lat.append((time.perf_counter() - t) * 1000)
            time.sleep(0.15)
        print(summary("key -> repaint", lat))
        opened, closed = [], []
        for _ in range(8):
            t = time.perf_counter()
            subprocess.run(["tmux", "send-keys", "-t", SESSION, "?"], check=True)
            wait_for("rules")
            opened.append((time.perf_counter() - t) * 1000)
            time.sleep(0.3)
            t = time.perf_counter()
            subprocess.run(["tmux", "send-keys", "-t", SESSION, "Escape"], check=True)
            wait_for("exchange:")
            closed.append((time.perf_counter() - t) * 1000)
            time.sleep(0.3)
        print(summary("rules open", opened) + f"; the first {opened[0]:.0f}")
        print(summary("rules close", closed))
        costs = []
        for _ in range(40):
            t = time.perf_counter()
            capture()
            costs.append((time.perf_counter() - t) * 1000)
        print(f"one capture-pane (ms): median {statistics.median(costs):.1f}")
    subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True, check=False)


if __name__ == "__main__":
    main()
