"""``cardsuite daily GAME [--date DAY]`` and ``cardsuite stats``: bad arguments are usage
errors that say what is allowed; a good one opens the day's deal; after it, the line to
paste is printed; the statistics print the dailies' days and streaks."""

from __future__ import annotations

import json
import time
from datetime import date, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardsuite.cli import main
from cardsuite.daily import local_day
from cardsuite.store import Store
from cardsuite.ui.daily import DailyRequest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["daily", "poker"], "no game 'poker'; games: money, twenty-two, manni, mensch"),
        (["daily"], "Missing argument 'GAME'"),
        (["daily", "mensch", "--date", "2026-02-30"], "not a day of the calendar"),
        (["daily", "mensch", "--date", "tomorrow"], "not a date written YYYY-MM-DD"),
        (["daily", "mensch", "--date", "2999-01-01"], "has not come yet"),
        (["daily", "mensch", "--pace", "warp"], "'warp' is not one of"),
    ],
)
def test_bad_daily_arguments(launched, args: list[str], message: str) -> None:  # type: ignore[no-untyped-def]
    r = invoke(*args)
    assert r.exit_code == 2, r.output
    assert message in " ".join(r.output.split())
    assert launched == []  # nothing started


def test_daily_opens_todays_deal_or_a_past_one(launched) -> None:  # type: ignore[no-untyped-def]
    assert invoke("daily", "mensch").exit_code == 0
    assert invoke("daily", "money", "--date", "2026-01-31", "--ascii").exit_code == 0
    today = local_day(time.time())
    assert [c["start"] for c in launched] == [
        DailyRequest("mensch", today),
        DailyRequest("money", date(2026, 1, 31)),
    ]
    assert launched[1]["ascii"] is True


def test_the_line_to_paste_is_printed_after_the_days_try(launched, home: Path) -> None:  # type: ignore[no-untyped-def]
    today = local_day(time.time())
    store = Store(home)
    store.record_daily("mensch", today.isoformat(), "South", "started", at=1.0)
    store.record_daily("mensch", today.isoformat(), "South", "finished", 4, 2, at=2.0)
    r = invoke("daily", "mensch")
    assert r.output.strip() == f"cardsuite daily · Mensch · {today} · +4 chips · hard bot +2"
    assert invoke("daily", "manni").output == ""  # no try of Manni's today


def test_stats_prints_the_dailies_and_their_streaks(home: Path) -> None:
    today = local_day(time.time())
    store = Store(home)
    assert invoke("stats").output == "No finished games yet.\n"
    for back in (3, 1, 0):  # a gap two days ago: the streak is yesterday and today
        day = (today - timedelta(days=back)).isoformat()
        store.record_daily("manni", day, "South", "finished", 2, 1, at=10.0 - back)
    store.record_daily("mensch", today.isoformat(), "South", "started", at=11.0)
    out = invoke("stats").output.splitlines()
    assert out[0] == "Daily deal"
    assert out[1].split() == ["game", "days", "streak", "best", "today", "hard", "bot"]
    assert out[2].split() == ["Manni", "3", "2", "2", "2", "points", "1", "point"]
    assert out[3].split() == ["Mensch", "1", "1", "1", "left"]
    assert out[4].split() == ["all", "games", "3", "2", "2"]
    data = json.loads(invoke("stats", "--json").output)
    assert data["games"] == []
    assert data["daily"][0] == {
        "game": "manni",
        "days_played": 3,
        "streak": 2,
        "best_streak": 2,
        "today": 2,
        "hard_bot_today": 1,
    }
    assert data["daily"][-1]["game"] is None


def test_stats_says_when_the_statistics_are_damaged(home: Path) -> None:
    home.mkdir(parents=True)
    (home / "stats.sqlite3").write_bytes(b"garbage" * 100)
    r = invoke("stats")
    assert r.exit_code == 1 and "damaged" in r.output
    assert (home / "stats.sqlite3").read_bytes() == b"garbage" * 100


def test_stats_prints_the_games_too(home: Path) -> None:
    from cardsuite.store import PlayerResult

    store = Store(home)
    for won in (True, True, False):
        store.record_game(
            "mensch",
            "standard",
            4,
            1,
            [PlayerResult(0, "Ada", "human", won, 3), PlayerResult(1, "Bot", "medium", False, 0)],
        )
    out = invoke("stats").output.splitlines()
    assert out[0] == "Games"
    assert out[2].split() == ["Mensch", "Ada", "3", "2", "67%", "0", "2"]  # bots not listed
    assert len(out) == 3  # no dailies: no daily table
