"""Start-up to the picker and key press to repaint, measured in a real terminal (tmux).

Run: ``python scripts/measure_terminal.py`` (needs tmux and an installed ``cardsuite``). It
polls ``tmux capture-pane``: from launching ``cardsuite`` until the picker is on screen, and
from ``send-keys Right`` on a Twenty-Two table until the pane changes. One capture's own cost
is printed too: it is part of every figure.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import tempfile
import time

SESSION = "cs-measure"


def capture() -> str:
    return subprocess.run(
        ["tmux", "capture-pane", "-p", "-t", SESSION], capture_output=True, text=True, check=False
    ).stdout


def launch(command: str, home: str) -> float:
    subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True, check=False)
    start = time.perf_counter()
    subprocess.run(
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
        check=True,
    )
    return start


def main() -> None:
    exe = shutil.which("cardsuite") or "cardsuite"
    with tempfile.TemporaryDirectory() as home:
        starts = []
        for _ in range(7):
            t0 = launch(exe, home)
            while "Saved games" not in capture():
                time.sleep(0.003)
            starts.append(time.perf_counter() - t0)
        print(
            f"start-up to picker (s): median {statistics.median(starts):.3f},"
            f" min {min(starts):.3f}, max {max(starts):.3f} (n={len(starts)})"
        )
        launch(f"{exe} play twenty-two --seed 5 --pace instant", home)
        while "exchange:" not in capture():
            time.sleep(0.01)
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
        lat.sort()
        print(
            f"key -> repaint (ms): median {statistics.median(lat):.1f},"
            f" p90 {lat[int(0.9 * len(lat))]:.1f}, max {lat[-1]:.1f} (n={len(lat)})"
        )
        costs = []
        for _ in range(40):
            t = time.perf_counter()
            capture()
            costs.append((time.perf_counter() - t) * 1000)
        print(f"one capture-pane (ms): median {statistics.median(costs):.1f}")
    subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True, check=False)


if __name__ == "__main__":
    main()
