"""``cardsuite learn GAME [--variant V]``: the lesson's table starts; a game or variant
without a lesson is a usage error that lists what there is, and nothing starts."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardsuite.cli import main
from cardsuite.ui.app import LessonRequest


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_learn_starts_the_games_lesson(launched) -> None:  # type: ignore[no-untyped-def]
    r = invoke("learn", "twenty-two", "--pace", "slow", "--ascii")
    assert r.exit_code == 0, r.output
    assert launched == [
        {"start": LessonRequest("twenty-two", None), "theme": None, "ascii": True, "pace": "slow"}
    ]
    assert invoke("learn", "twenty-two", "-v", "standard").exit_code == 0
    assert launched[1]["start"] == LessonRequest("twenty-two", "standard")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("nope",),
            "Invalid value for GAME: no game 'nope';"
            " games with a lesson: money, twenty-two, manni, mensch, african-casino",
        ),
        (
            ("money", "-v", "syrian"),
            "no lesson for the syrian variant yet; lessons: jordanian, egyptian",
        ),
        (
            ("twenty-two", "--variant", "nope"),
            "Invalid value for --variant: no variant 'nope'; variants with a lesson:"
            " standard, twenty-six",
        ),
        (
            ("twenty-two", "-v", "paper-scores"),
            "no lesson for the paper-scores variant yet; lessons: standard, twenty-six",
        ),
        ((), "Missing argument 'GAME'"),
    ],
)
def test_learn_refuses_what_has_no_lesson(launched, args, message) -> None:  # type: ignore[no-untyped-def]
    r = CliRunner().invoke(main, ["learn", *args])
    assert r.exit_code == 2
    assert message in " ".join(r.output.split())
    assert launched == []


def test_learn_refuses_a_game_without_any_lesson(launched, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """(Every game has a lesson: Money's taken away here.)"""
    from cardsuite.learn import lesson

    have = lesson.lesson_variants
    monkeypatch.setattr(lesson, "lesson_variants", lambda g: [] if g == "money" else have(g))
    r = CliRunner().invoke(main, ["learn", "money"])
    assert r.exit_code == 2
    said = " ".join(r.output.split())
    assert "no lesson for Money yet; games with a lesson: twenty-two, manni, mensch," in said
    assert launched == []
