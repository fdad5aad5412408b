"""How far the reaction Money shows is from a reaction measured outside the app (tmux).

Run: ``python scripts/measure_snap_error.py``. It opens a stacked hot-seat Money table in
which every card Left turns matches, then for each match: polls the pane until the card is
visible, sends the snap key at once, and compares its own reaction (send - seen) with the
"ms" figure the screen shows. The difference is what the shown figure adds to a reaction
as seen on the terminal (the way from Textual's repaint to the pane, plus the polling).
"""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SESSION = "cs-snap"
APP = """
import os
from pathlib import Path
import cardsuite.ui.app as ui_app
from cardsuite.games import get_game
from cardsuite.match import Match, SeatSpec
from cardsuite.store import Store

game = get_game("money")
ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "A"]
left, right = ["2S"], []
for i in range(9):  # Left's next card always matches Right's last
    r = ranks[(i + 1) % 10]
    right.append(r + "S" if r + "S" not in left else r + "H")
    left.append(r + "D")
deck = [c for pair in zip(left, right + ["AC"]) for c in pair]
state = game.new_state(seed=1, dealer=1, deck=deck)
match = Match(game, state, [SeatSpec("human", "Left"), SeatSpec("human", "Right")], seed=1)


class App(ui_app.CardSuiteApp):
    CSS_PATH = str(Path(ui_app.__file__).parent / "styles" / "app.tcss")

    def on_mount(self):
        super().on_mount()
        self.call_after_refresh(self.open_table, match)


App(store=Store(Path(os.environ["CARDSUITE_HOME"])), theme="felt").run()
"""


def capture() -> str:
    return subprocess.run(
        ["tmux", "capture-pane", "-p", "-t", SESSION], capture_output=True, text=True, check=False
    ).stdout


def key(k: str) -> None:
    subprocess.run(["tmux", "send-keys", "-t", SESSION, k], check=True)


def card_no(screen: str) -> int:
    m = re.search(r"card (\d+)", screen)
    return int(m.group(1)) if m else -1


def wait(test, timeout: float = 5.0) -> str:  # type: ignore[no-untyped-def]
    end = time.time() + timeout
    while time.time() < end:
        s = capture()
        if test(s):
            return s
        time.sleep(0.002)
    raise SystemExit("timed out; the screen was:\n" + capture())


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        script = Path(home) / "app.py"
        script.write_text(APP)
        subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True, check=False)
        subprocess.run(
            [
                "tmux",
                "new",
                "-d",
                "-s",
                SESSION,
                "-x",
                "110",
                "-y",
                "32",
                "-e",
                f"CARDSUITE_HOME={home}",
                f"{sys.executable} {script}; sleep 30",
            ],
            check=True,
        )
        wait(lambda s: "card 0" in s)
        key("a")
        wait(lambda s: card_no(s) == 1)
        time.sleep(0.6)
        errors, shown, own = [], [], []
        for i in range(8):
            key("l")
            wait(lambda s, i=i: card_no(s) >= 2 + 2 * i)
            time.sleep(0.7)
            key("a")
            while card_no(capture()) < 3 + 2 * i:
                pass
            seen = time.perf_counter()
            key("s")
            sent = time.perf_counter()
            time.sleep(0.3)
            figures = re.findall(r"(\d+) ms \(best", capture())
            ms = int(figures[-1])
            shown.append(ms)
            own.append((sent - seen) * 1000)
            errors.append(ms - own[-1])
            time.sleep(0.6)
        print("shown (ms):", shown)
        print("the script's own reaction (ms):", [round(x, 1) for x in own])
        print(
            f"shown - own (ms): median {statistics.median(errors):.1f},"
            f" min {min(errors):.1f}, max {max(errors):.1f} (n={len(errors)})"
        )
        subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True, check=False)


if __name__ == "__main__":
    main()
