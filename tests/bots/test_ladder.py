"""Issue 36: the strength ladder (``cardsuite bench --strength``, ``ladder.py``)."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from cardsuite import ladder
from cardsuite.cli import main


def test_mean_and_ratio_intervals() -> None:
    m, ci = ladder.mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and ci == pytest.approx(1.96 * math.sqrt(5 / 3 / 4))
    # a ratio of paired means: exact when every set has the same ratio
    r, rci = ladder.ratio_ci([1.0, 2.0, 3.0], [2.0, 4.0, 6.0])
    assert r == 0.5 and rci == pytest.approx(0.0, abs=1e-12)
    r, rci = ladder.ratio_ci([1.0, 0.0, 2.0], [2.0, 1.0, 1.0])
    assert r == 0.75 and rci > 0
    assert math.isnan(ladder.ratio_ci([1.0, 2.0], [1.0, -1.0])[0])


def test_a_rung_is_a_duplicate_run_of_the_same_deals() -> None:
    """Each set is one deal from every seat: the higher seat's share is a whole number of
    wins over N games, and the same seed plays the same sets."""
    a = ladder.play_rung("money", "medium", "random", sets=3, seed=4)
    b = ladder.play_rung("money", "medium", "random", sets=3, seed=4)
    assert a == b and len(a.shares) == 3
    assert all(s * 2 == round(s * 2) for s in a.shares)


def test_the_yardstick_is_hard_seeing_every_card() -> None:
    with pytest.raises(ValueError, match="below hard"):
        ladder.play_rung("money", ladder.YARDSTICK, "hard", sets=2, seed=1)


def test_bench_strength_prints_every_rung_and_the_gap() -> None:
    result = CliRunner().invoke(
        main, ["bench", "--strength", "money", "--sets", "2", "--iterations", "5", "--json"]
    )
    assert result.exit_code == 0, result.output
    (money,) = json.loads(result.output)
    rungs = [(r["high"], r["low"]) for r in money["rungs"]]
    assert rungs == [
        ("easy", "random"),
        ("medium", "easy"),
        ("hard", "medium"),
        ("all-seeing", "medium"),
    ]
    assert set(money["gap"]) == {"by_wins", "by_wins_ci", "by_points", "by_points_ci"}
    text = CliRunner().invoke(
        main, ["bench", "--strength", "money", "--sets", "2", "--iterations", "5"]
    )
    assert "gap closed by hard" in text.output and "hard vs medium" in text.output


def test_bench_strength_refuses_a_player_count() -> None:
    result = CliRunner().invoke(main, ["bench", "--strength", "mensch", "-p", "3"])
    assert result.exit_code == 2 and "mensch 4p" in result.output


def test_the_table_keeps_its_columns_apart_with_a_long_unit() -> None:
    """Twenty-Two's edge is in "penalty points": the share column must not run into it."""
    from cardsuite.ladder import GameLadder, Gap, Rung, text

    rung = Rung("twenty-two", 4, "easy", "random", 100, 0.645, 0.104, 10.39, 2.44)
    lad = GameLadder(
        "twenty-two", "Twenty-Two", 4, "penalty points", [rung], Gap(0.8, 0.1, 0.64, 0.08)
    )
    line = text([lad]).splitlines()[1]
    assert "(1/4) " in line and "+10.39 ±2.44 penalty points" in line
