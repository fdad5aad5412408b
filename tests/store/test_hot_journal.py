"""A write to the statistics killed half-way leaves a hot journal; the next read rolls it back
(issue 33 #18: the statistics screen said "attempt to write a readonly database" until a
later write)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cardsuite.store import PlayerResult, Store

#: Another cardsuite, killed in the middle of a big write: its cache is one page, so the
#: changed pages reach the file (their old contents in the journal) before it dies.
KILLED_WRITE = r"""
import os, signal, sqlite3, sys
conn = sqlite3.connect(sys.argv[1])
conn.execute("PRAGMA cache_size=1")
conn.execute("BEGIN")
conn.executemany(
    "INSERT INTO metrics (game, name, metric, value, at) VALUES ('money', 'Ada', 'snap_ms', ?, 1)",
    [(float(i),) for i in range(5000)],
)
conn.execute("UPDATE games SET game = 'half-written'")
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_the_statistics_read_back_after_a_write_killed_half_way(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.record_game("money", "jordanian", 2, 1, [PlayerResult(0, "Ada", "human", True, 4)])
    before = store.game_stats()
    subprocess.run([sys.executable, "-c", KILLED_WRITE, str(store.stats_path)], check=False)
    journal = store.stats_path.with_name("stats.sqlite3-journal")
    assert journal.is_file() and journal.stat().st_size > 0  # hot: the kill left it
    assert Store(store.home).game_stats() == before  # the half-written game is rolled back
    assert store.metric_summary("money", "Ada", "snap_ms") is None
    assert not journal.exists() or journal.stat().st_size == 0
