"""The review (``cardsuite/review.py``, issue 14 part 3): the hard bot goes through one seat's
decisions and names the ones that cost, in the game's units."""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import SimpleNamespace

import pytest
from casino_records import casino_record
from click.testing import CliRunner

from cardsuite.bots import make_bot
from cardsuite.cli import main
from cardsuite.games import get_game
from cardsuite.games.money.selfplay import play as money_selfplay
from cardsuite.records import Move, Record, RecordSeat, parse, result_text
from cardsuite.review import (
    Decision,
    Review,
    _compare,
    decisions,
    describe,
    in_hand_order,
    review,
)


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
    assert "Worst decisions" in text and "`trail 10H`" in text and "points" in text
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


# --- the review's words (issue 32) ------------------------------------------------------------


def _decision(index: int, cost: float, sure: float) -> Decision:
    return Decision(
        index, 0, "play 7H", "play 8H", cost, "points", sure, 50, 150, "hand 1, trick 2"
    )


def _rec() -> Record:
    return casino_record("trail 10H")


def test_the_worst_are_only_those_the_bot_is_sure_of() -> None:
    """Only sure mistakes are among the worst; the likely ones are listed apart, the unsure
    ones only counted; "sure" and "likely" are said in words, never in standard errors."""
    report = Review(_rec(), 0, reviewed=5)
    report.differs = [_decision(1, 0.9, 0.2), _decision(3, 0.5, 2.5), _decision(5, 2.0, 1.2)]
    assert [d.index for d in report.worst()] == [3]  # the costlier two are not sure
    text = report.to_text()
    worst, likely = text.split("Likely mistakes")
    assert "1. Hand 1, trick 2 (move 4): Ann played `play 7H`" in worst and "(sure)" in worst
    assert "move 2" not in worst and "move 6" not in worst
    assert "move 6" in likely and "(likely)" in likely and "move 2" not in likely
    assert "1 other difference: too small to tell from chance" in likely
    assert "more than chance explains" in worst and "more often than not" in likely
    assert "visits" not in text and "standard error" not in text and "iterations" not in text
    report.differs = [_decision(1, 0.9, 0.2)]
    text = report.to_text()
    assert "Worst decisions" not in text and "sure of none" in text and "move 2" not in text


def test_the_review_counts_in_words_and_says_when_there_was_nothing_to_review() -> None:
    assert "no decision" in Review(_rec(), 1).to_text()
    nothing = Review(_rec(), 1).to_text()
    assert (
        "nothing to review" in nothing and "agrees" not in nothing and "0 decisions" not in nothing
    )
    one = Review(_rec(), 0, reviewed=1).to_text()
    assert "1 decision " in one + " " and "1 decisions" not in one
    assert "agrees with Ann's one decision" in one
    assert "3 decisions" in Review(_rec(), 0, reviewed=3).to_text()


def test_a_difference_says_where_it_was_and_quotes_the_move_as_recorded() -> None:
    """The move played is the record's text (its cards in the order written), not the legal
    action's; the decision says which hand and trick it was in."""
    game = get_game("twenty-two")
    st = game.new_state(players=3, seed=5)
    rng = random.Random(2)
    moves: list[Move] = []
    while True:
        seat = st.to_move()
        legal = st.legal_actions()
        pairs = [a for a in legal if str(a).startswith("play ") and len(str(a).split()) == 3]
        if pairs and st.view(seat)["phase"] == "play":
            break
        action = rng.choice(legal)
        moves.append(Move(seat, str(action)))
        st.apply(action)
    pair = pairs[0]
    other = next(a for a in legal if a.key != pair.key)
    written = "play " + " ".join(reversed(str(pair).split()[1:]))
    assert written != str(pair) and game.parse_action(written).key == pair.key
    names = [RecordSeat(n, "human") for n in ("A", "B", "C")]
    rec = Record("twenty-two", st.variant, dict(st.options), names, seed=5)
    rec.moves = [*moves, Move(seat, written)]
    node = lambda visits, reward, key: SimpleNamespace(visits=visits, reward=reward, action=key)  # noqa: E731
    root = SimpleNamespace(
        children={pair.key: node(100, 20.0, pair.key), other.key: node(300, 240.0, other.key)}
    )
    found = _compare(root, root.children[other.key], pair, st, seat, len(moves), rec)
    assert found is not None and found.played == written
    since_deal = []
    for e in st.events:
        since_deal = [] if e.kind == "deal" else [*since_deal, e.kind]
    trick = since_deal.count("trick") + 1
    assert found.where == f"hand {st.view(seat)['hand_no']}, trick {trick}"
    assert describe(found).startswith(f"Hand {st.view(seat)['hand_no']}, trick {trick} (move ")
    # the bot's choice names its cards in the order of the hand, as the table writes moves
    hand = st.view(seat)["hand"]
    cards = sorted(str(pair).split()[1:], key=hand.index)
    for text in (written, str(pair)):
        assert in_hand_order(text, st, seat) == "play " + " ".join(cards)
    assert in_hand_order("play ZZ QQ", st, seat) == "play ZZ QQ"


def test_a_cancel_stops_the_search_under_way_and_leaves_its_decision_out() -> None:
    """The quiz's worker is cancelled when the player moves on: the search under way stops
    at its next iteration (not at the end of its budget), and its half-searched decision is
    not reported."""
    calls = 0

    def cancelled() -> bool:
        nonlocal calls
        calls += 1
        return calls > 20  # within the first search

    report = review(
        casino_record("trail 10H"), 0, iterations=10**6, time_budget=5, cancelled=cancelled
    )
    assert report.stopped and report.reviewed == 0 and report.differs == []
    assert report.iterations < 100  # (thousands in 5 s, were it not stopped)
