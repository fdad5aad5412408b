"""The review (``cardsuite/review.py``, issue 14 part 3): the hard bot goes through one seat's
decisions and names the ones that cost, in the game's units."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from casino_records import casino_record
from click.testing import CliRunner

from cardsuite.bots import make_bot
from cardsuite.cli import main
from cardsuite.games import get_game
from cardsuite.games.money.selfplay import play as money_selfplay
from cardsuite.records import Move, Record, RecordSeat, parse, result_text
from cardsuite.review import decisions, review


def test_a_clearly_worse_choice_is_named_with_its_cost() -> None:
    """Trailing the 10H next to the 10D (which the opponent's 10S then takes with it) is a
    mistake of points; the review names that move, what it would play, and the cost."""
    report = review(casino_record("trail 10H"), 0, iterations=600, time_budget=60)
    assert report.reviewed == 1
    (worst,) = report.worst()
    assert (worst.index, worst.line, worst.played) == (0, 13, "trail 10H")
    assert worst.best != "trail 10H" and worst.unit == "points"
    assert worst.cost > 1.0 and worst.confidence == "sure"
    text = report.to_text()
    assert "Worst decisions:" in text and "`trail 10H`" in text and "points" in text
    good = review(casino_record("capture 10H: 10D"), 0, iterations=600, time_budget=60)
    assert all(d.cost < worst.cost for d in good.differs)


def test_money_reviews_decisions_not_snaps_and_reports_reaction_times() -> None:
    """Money's review covers its decisions (buying, exchanging, selling), not the snaps and
    turns, and shows the seat's reaction times against the bot levels' ranges."""
    game = get_game("money")
    st = game.new_state(players=2, seed=4)
    bots = {s: make_bot("money", "medium", seed=s) for s in (0, 1)}
    moves: list[Move] = []
    money_selfplay(st, bots, record=moves)  # type: ignore[arg-type]
    rec = Record("money", st.variant, dict(st.options), [RecordSeat("L", "medium")] * 2, seed=4)
    rec.moves, rec.result = moves, result_text(st, ["L", "R"])
    rec = parse(rec.to_text())
    for seat in (0, 1):
        chosen = decisions(rec, seat)
        assert all(rec.moves[i].seat == seat for i in chosen)
        assert all(rec.moves[i].text not in ("turn", "claim") for i in chosen)
    report = review(rec, 1, iterations=20, time_budget=60)
    assert report.reviewed == len(decisions(rec, 1))
    notes = "\n".join(report.notes)
    assert "Reaction times of" in notes and "median" in notes
    assert "hard 280-350 ms" in notes and "medium 400-550 ms" in notes


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "home"))
    runner = CliRunner()
    return lambda *args: runner.invoke(main, list(args), catch_exceptions=False)


def test_cli_review_prints_text_and_json_and_refuses_a_bad_seat(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "game.txt"
    path.write_text(casino_record("trail 10H").to_text())
    r = cli("review", str(path), "--seat", "1", "--iterations", "300", "--budget", "60")
    assert r.exit_code == 0 and "Review of seat 1, Ann" in r.output and "`trail 10H`" in r.output
    r = cli("review", str(path), "-s", "2", "--iterations", "300", "--budget", "60", "--json")
    data = json.loads(r.output)
    assert data["seat"] == 2 and data["reviewed"] == 0 and data["complete"]
    r = cli("review", str(path), "--seat", "3")
    assert r.exit_code == 2 and "a seat from 1 to 2" in r.output
    path.write_text("nothing here\n")
    r = cli("review", str(path), "--seat", "1")
    assert r.exit_code == 1 and "line 1" in r.output
