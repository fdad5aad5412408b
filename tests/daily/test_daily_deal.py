"""The daily deal (issue 37, item 4): its seed is stable and differs per day and game, the
same day deals the same hands on every run, the comparison is reproducible, and streaks of
days played count across a gap."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date

import pytest

from cardsuite import daily
from cardsuite.daily import DailyDeal, DailyMatch
from cardsuite.games import game_ids

DAY = date(2026, 12, 6)


def test_the_seed_is_pinned_for_a_day_and_game() -> None:
    # sha256("cardsuite daily|mensch|2026-12-06"), its first six bytes: any change to the
    # function changes every player's deal, so it is pinned here
    assert daily.daily_seed("mensch", DAY) == 88822499505293
    assert daily.daily_seed("mensch", DAY) == daily.daily_seed("mensch", date(2026, 12, 6))


def test_the_seed_differs_per_day_and_game() -> None:
    seeds = {daily.daily_seed(g, date(2026, 12, d)) for g in game_ids() for d in range(1, 29)}
    assert len(seeds) == len(game_ids()) * 28


def test_every_game_has_a_daily() -> None:
    assert list(daily.SPECS) == game_ids()  # in the registry's order, none left out
    for game_id, spec in daily.SPECS.items():
        match = DailyMatch.for_deal(DailyDeal(game_id, DAY))
        assert match.players == spec.players and match.variant == spec.variant
        assert [s.kind for s in match.seats] == ["human"] + ["medium"] * (spec.players - 1)
        assert not match.is_over() and not match.offers_save and not match.offers_undo


_HANDS = """
import json, sys
from datetime import date
from cardsuite.daily import DailyDeal, new_state
print(json.dumps({g: new_state(DailyDeal(g, date(2026, 12, 6))).view(0)["hand"]
                  for g in sys.argv[1:]}))
"""


def test_the_same_day_deals_the_same_hands_on_another_run() -> None:
    games = [g for g in game_ids() if g != "money"]  # (Money's hand is a count: unseen)
    here = {g: daily.new_state(DailyDeal(g, DAY)).view(0)["hand"] for g in games}
    env = {**os.environ, "PYTHONHASHSEED": "12345"}  # another run's hash: never the seed's
    out = subprocess.run(
        [sys.executable, "-c", _HANDS, *games],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert json.loads(out.stdout) == here
    # and another day's hands differ
    assert daily.new_state(DailyDeal("mensch", date(2026, 12, 7))).view(0)["hand"] != here["mensch"]


def test_a_trick_game_stops_at_the_end_of_its_first_deal() -> None:
    """Mensch's daily is one deal: scored in chips, the next one not dealt."""
    deal = DailyDeal("mensch", DAY)
    match = DailyMatch.for_deal(deal)
    for seat in range(4):
        match.seats[seat] = match.seats[1]  # bots everywhere, as the comparison's opponents
    from cardsuite.bots import make_bot

    bots = {s: make_bot("mensch", "medium", seed=s) for s in range(4)}
    while not match.is_over():
        seat = match.to_move()
        assert seat is not None
        match.apply(bots[seat].choose(match.state.clone(), seat))
    assert not match.state.is_over()  # the match would go on: the daily does not
    assert sum(match.scores()) == 0  # one deal's settlement in chips
    # numbered as the deal just played (the state's horizon counts on to one never dealt)
    assert match.view(0)["deal_no"] == match.view(None)["deal_no"] == 1
    assert match.view(0)["phase"] == "over" != match.state.view(0)["phase"]
    assert match.state.view(0)["deal_no"] == 2 and match.winners()
    assert [e.kind for e in match.public_log()].count("deal") == 1


def test_the_hard_bots_result_is_reproducible() -> None:
    deal = DailyDeal("twenty-two", DAY)
    assert daily.hard_bot_result(deal) == daily.hard_bot_result(deal) == 0


def test_the_comparison_stops_when_asked() -> None:
    with pytest.raises(InterruptedError):
        daily.hard_bot_result(DailyDeal("mensch", DAY), cancelled=lambda: True)


def test_the_line_to_paste() -> None:
    assert (
        daily.share_line("mensch", DAY, 4, 2)
        == "cardsuite daily · Mensch · 2026-12-06 · +4 chips · hard bot +2"
    )
    assert daily.share_line("mensch", DAY, -1, None) == (
        "cardsuite daily · Mensch · 2026-12-06 · -1 chip"
    )
    assert daily.share_line("twenty-two", DAY, 7, 0).endswith("7 penalty points · hard bot 0")
    assert daily.share_line("money", DAY, 160, 95).endswith("· worth 160 · hard bot 95")
    assert (
        daily.verdict("twenty-two", 7, 0)
        == "7 penalty points worse than the hard bot on these cards."
    )
    assert daily.verdict("mensch", 4, 2) == "2 chips better than the hard bot on these cards."
    assert daily.verdict("manni", 1, 1) == "The same as the hard bot on these cards."


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("2026-13-01", "not a day of the calendar"),
        ("6.12.2026", "not a date written YYYY-MM-DD"),
        ("2026-12-07", "has not come yet: today is 2026-12-06"),
        ("", "not a date"),
    ],
)
def test_a_bad_day_says_what_is_allowed(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        daily.parse_day(text, DAY)


def test_a_past_day_reads() -> None:
    assert daily.parse_day("2026-01-31", DAY) == date(2026, 1, 31)


def d(n: int) -> date:
    return date(2026, 12, n)


def test_streaks_count_consecutive_days_and_a_gap_breaks_them() -> None:
    assert daily.streaks([], d(6)) == (0, 0)
    assert daily.streaks([d(4), d(5), d(6)], d(6)) == (3, 3)
    assert daily.streaks([d(4), d(5)], d(6)) == (2, 2)  # today's deal still waits
    assert daily.streaks([d(4), d(5)], d(7)) == (0, 2)  # a whole day missed
    assert daily.streaks([d(1), d(2), d(3), d(5), d(6)], d(6)) == (2, 3)  # the gap on the 4th
    assert daily.streaks([d(6), d(6), d(5)], d(6)) == (2, 2)  # twice a day is once
    assert daily.streaks([date(2026, 12, 31), date(2027, 1, 1)], date(2027, 1, 1)) == (2, 2)


class Row:
    def __init__(self, game: str, day: str, status: str, score=None, bot=None) -> None:  # type: ignore[no-untyped-def]
        self.game, self.day, self.status, self.score, self.bot = game, day, status, score, bot


def test_daily_stats_per_game_and_over_all() -> None:
    rows = [
        Row("mensch", "2026-12-04", "started"),  # left: played, no result
        Row("mensch", "2026-12-05", "started"),
        Row("mensch", "2026-12-05", "finished", 3),
        Row("mensch", "2026-12-05", "bot", bot=1),
        Row("manni", "2026-12-06", "started"),
        Row("manni", "2026-12-06", "finished", 2, 1),
        Row("manni", "2026-12-06", "finished", 9),  # a second finish never replaces the first
        Row("money", "bad-day", "started"),
    ]
    manni, mensch, every = daily.daily_stats(rows, d(6))  # the registry's order
    assert (mensch.game, mensch.played, mensch.current_streak, mensch.best_streak) == (
        "mensch",
        2,
        2,
        2,
    )
    assert mensch.today is None
    assert manni.today is not None and (manni.today.score, manni.today.bot) == (2, 1)
    assert (every.game, every.played, every.current_streak, every.best_streak) == (None, 3, 3, 3)
    results = daily.day_results(rows)
    assert (results["mensch", d(5)].score, results["mensch", d(5)].bot) == (3, 1)
    assert results["mensch", d(4)].score is None
