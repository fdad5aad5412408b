"""Learn from this game (``cardsuite/quiz.py``, issue 37 item 3): the review's clear mistakes
as a quiz, each position as the player saw it, and whether the loss was a mistake or bad
luck (the same two choices searched on the cards that really lay)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from casino_records import casino_record, manni_swap_record
from click.testing import CliRunner

from cardsuite.cli import main
from cardsuite.engine import IllegalAction
from cardsuite.quiz import CLEAR_MISTAKE, Verdict, clear, prepare

#: Cheap and deterministic: the iteration cap binds long before the time budget.
FAST = {"iterations": 300, "time_budget": 60.0}


def test_the_quiz_offers_a_clear_mistake_refuses_nothing_legal_and_reveals_the_answer() -> None:
    """Trailing the 10H beside the 10D (P2 holds the 10S) is the stacked game's mistake."""
    stages: list[tuple[str, int, int]] = []
    quiz = prepare(casino_record("trail 10H"), 0, progress=lambda *a: stages.append(a), **FAST)
    (q,) = quiz.questions
    d = q.decision
    assert (d.index, d.played) == (0, "trail 10H") and clear(d)
    assert d.reward >= CLEAR_MISTAKE and d.unit == "points" and d.cost > 1.0
    assert stages[-1] == ("verdict", 1, 1) and ("review", 1, 1) in stages
    # every legal action is taken, by its own text and as the list writes it
    for action in q.state.legal_actions(0):
        assert q.judge(str(action)).key == action.key
    for text in q.choices():
        q.judge(text)
    assert q.is_best(q.judge(d.best)) and not q.is_played(q.judge(d.best))
    assert q.is_played(q.judge("trail 10H"))
    # an illegal one is refused with the rules' reason, a word that is no move with the notation
    with pytest.raises(IllegalAction, match="you do not hold 10S"):
        q.judge("trail 10S")
    with pytest.raises(IllegalAction, match="unknown action"):
        q.judge("fold")
    # another choice is rated from the same search, as surely as the review rates its own
    assert "points worse than its own choice (sure)" in q.rate(q.judge("trail 10H"))
    assert "about as good as its own choice" in q.rate(q.judge(d.best))
    rare = [t for t in q.choices() if q.ratings.get(q.judge(t).key, (0, 0))[1] < 8]
    assert rare and "too rarely" in q.rate(q.judge(rare[0]))
    # with the real cards (P2 holds the 10S) the trail did worse too: a mistake, with its cost
    assert not q.verdict.bad_luck and q.verdict.cost > 0.5
    words = q.verdict.words(d.played, d.best)
    assert words.startswith("A mistake") and "points in this game" in words


def test_a_known_unlucky_choice_is_called_bad_luck() -> None:
    quiz = prepare(manni_swap_record(), 0, **FAST)
    (q,) = quiz.questions
    assert (q.decision.played, q.decision.best) == ("swap", "keep")
    assert q.decision.sure_enough and q.verdict.bad_luck and q.verdict.cost <= 0.1
    words = q.verdict.words("swap", "keep")
    assert words.startswith("Bad luck") and "poorer bet on what you could know" in words


def test_the_verdict_rule() -> None:
    """No worse with the real cards (less than the review's noise floor): bad luck."""
    assert Verdict(0.50, 0.50, 10.0, "chips").bad_luck
    assert Verdict(0.60, 0.50, 10.0, "chips").bad_luck  # better, even
    worse = Verdict(0.40, 0.50, 10.0, "chips")
    assert not worse.bad_luck and round(worse.cost, 6) == 1.0
    assert "about 1.0 chips in this game" in worse.words("a", "b")


def test_a_game_without_a_clear_mistake_says_so_kindly() -> None:
    quiz = prepare(casino_record("capture 10H: 10D"), 0, **FAST)
    assert quiz.questions == [] and quiz.review.reviewed == 1
    assert "Well played" in quiz.none_words()
    nobody = prepare(casino_record("trail 10H"), 1, **FAST)  # seat 2 made no move here
    assert nobody.questions == [] and "Nothing to learn" in nobody.none_words()


def test_a_cancelled_quiz_stops() -> None:
    quiz = prepare(casino_record("trail 10H"), 0, cancelled=lambda: True, **FAST)
    assert quiz.stopped and quiz.questions == []


def test_cli_review_speaks_a_players_words_and_json_keeps_the_numbers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "home"))
    path = tmp_path / "game.txt"
    path.write_text(casino_record("trail 10H").to_text())
    run = CliRunner().invoke
    args = ["review", str(path), "--seat", "1", "--iterations", "300", "--budget", "60"]
    text = run(main, args).output
    assert "Worst decisions" in text and "Ann played `trail 10H`" in text
    assert "more than chance explains" in text and "points (sure)" in text
    assert "visits" not in text and "standard error" not in text
    # the hand as Ann held it (in its order) and the table: never the 10S, which P2 held
    assert "held 10H 4D 3C QD 9H 5H AH 3H 7H KD AD JS" in text
    assert "loose on the table 10D 5C 6H JC" in text and "10S" not in text
    data = json.loads(run(main, [*args, "--json"]).output)
    (d,) = data["decisions"]
    for key in ("cost", "sure", "played_visits", "best_visits", "unit", "line", "reward"):
        assert key in d
    assert d["played"] == "trail 10H" and d["confidence"] == "sure" and data["worst"] == [0]
    assert d["seen"].startswith("held 10H")


def test_cli_review_quiz_prints_the_clear_mistakes_and_their_verdicts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "home"))
    run = CliRunner().invoke
    for rec, verdict in (
        (casino_record("trail 10H"), "A mistake"),
        (manni_swap_record(), "Bad luck"),
    ):
        path = tmp_path / f"{rec.game}.txt"
        path.write_text(rec.to_text())
        args = ["review", str(path), "-s", "1", "--quiz", "--iterations", "300", "--budget", "60"]
        text = run(main, args).output
        assert "1 clear mistake" in text and f"     {verdict}" in text, text
        data = json.loads(run(main, [*args, "--json"]).output)
        (q,) = data["questions"]
        assert q["verdict"]["bad_luck"] == (verdict == "Bad luck")
        assert data["review"]["worst"] == [0] and data["clear_mistake"] == CLEAR_MISTAKE
    path = tmp_path / "good.txt"
    path.write_text(casino_record("capture 10H: 10D").to_text())
    args = ["review", str(path), "-s", "1", "--quiz", "--iterations", "300", "--budget", "60"]
    text = run(main, args).output
    assert "no clear mistake" in text and "Well played" in text


def test_a_difference_within_the_searchs_chance_is_no_mistake() -> None:
    """Worse by less than a standard error of the real cards' search: no evidence of a
    mistake, so bad luck (the review's own sureness rule, applied to the verdict)."""
    assert Verdict(0.45, 0.50, 10.0, "chips", spread=0.06).bad_luck
    assert not Verdict(0.45, 0.50, 10.0, "chips", spread=0.02).bad_luck


def test_the_quiz_and_the_review_import_no_terminal_library() -> None:
    """Pure modules (as ``tests/engine/test_import_hygiene.py`` checks the others)."""
    import subprocess
    import sys

    code = (
        "import sys, cardsuite.quiz\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
        " or m.startswith('cardsuite.ui')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
