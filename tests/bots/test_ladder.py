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


def test_the_yardsticks_are_hard_seeing_every_hand_or_every_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The yardstick's hard bot sees every hand, what nobody has seen dealt again
    ("hands"); the omniscient one every card ("cards"); each against a level below hard."""
    for stick in ladder.YARDSTICKS:
        with pytest.raises(ValueError, match="below hard"):
            ladder.play_rung("money", stick, "hard", sets=2, seed=1)
    made: list[object] = []
    real = ladder.run

    def spy(spec, games, seed, jobs):  # type: ignore[no-untyped-def]
        made.append((spec.seats, spec.bot_options["hard"].get("all_seeing")))
        return real(spec, games, seed, jobs)

    monkeypatch.setattr(ladder, "run", spy)
    fair = ladder.play_rung("money", ladder.YARDSTICK, "medium", sets=1, seed=1, iterations=3)
    ladder.play_rung("money", ladder.OMNISCIENT, "medium", sets=1, seed=1, iterations=3)
    hard = ladder.play_rung("money", "hard", "medium", sets=1, seed=1, iterations=3)
    seats = ("hard", "medium")
    assert made == [(seats, "hands"), (seats, "cards"), (seats, None)]
    # Money's stacks are face down to everyone: the fair yardstick is the hard bot itself
    assert fair == hard


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
    assert money["yardstick"] == "hands" and "gap_omniscient" not in money
    text = CliRunner().invoke(
        main, ["bench", "--strength", "money", "--sets", "2", "--iterations", "5"]
    )
    assert "gap closed by hard" in text.output and "hard vs medium" in text.output
    assert "all-seeing: the hard bot seeing every hand" in text.output
    assert "omniscient" not in text.output


def test_bench_strength_omniscient_adds_the_second_yardstick() -> None:
    args = ["bench", "--strength", "money", "--sets", "2", "--iterations", "3", "--omniscient"]
    (money,) = json.loads(CliRunner().invoke(main, [*args, "--json"]).output)
    assert [r["high"] for r in money["rungs"]][-2:] == ["all-seeing", "omniscient"]
    assert set(money["gap_omniscient"]) == set(money["gap"])
    text = CliRunner().invoke(main, args).output
    assert "gap to omniscient" in text and "omniscient: the hard bot seeing every card" in text


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


def test_a_bots_all_seeing_says_which_yardstick() -> None:
    """``all_seeing``: off, "hands" (True too: the fair yardstick) or "cards"."""
    from cardsuite.bots.ismcts import ISMCTSBot, all_seeing_mode

    assert [all_seeing_mode(v) for v in (False, "", True, "hands", "cards")] == [
        "",
        "",
        "hands",
        "hands",
        "cards",
    ]
    assert ISMCTSBot(all_seeing=True).all_seeing == "hands"
    with pytest.raises(ValueError, match="hands, cards"):
        ISMCTSBot(all_seeing="everything")
