"""Every lesson file reads, cites rule IDs that exist, names triggers that exist, points to
help sections that exist, and its deal brings every rule up before its end when the
learner follows the suggestions; a file that is wrong is refused with its line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardsuite.games import game_ids, get_game
from cardsuite.learn.lesson import LessonError, lesson_variants, load_lesson, parse_lesson
from cardsuite.learn.walk import walk
from cardsuite.ui.help import sections

RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"

LESSONS = [(g, v) for g in game_ids() for v in lesson_variants(g)]


def _rule_ids(game_id: str) -> set[str]:
    text = (RULES / f"{game_id}.md").read_text("utf-8")
    return set(re.findall(r"\*\*([A-Z0-9]+(?:-[A-Z0-9]+)+)[*\s]", text))


def test_there_are_lessons() -> None:
    assert ("twenty-two", "standard") in LESSONS
    assert ("twenty-two", "twenty-six") in LESSONS


@pytest.mark.parametrize(("game_id", "variant"), LESSONS)
def test_a_lesson_cites_real_rules_triggers_and_help(game_id: str, variant: str) -> None:
    lesson = load_lesson(game_id, variant)
    if RULES.is_dir():
        missing = [r.rule_id for r in lesson.rules if r.rule_id not in _rule_ids(game_id)]
        assert not missing, f"rule IDs not in shared/rules/{game_id}.md: {missing}"
    for rule in lesson.rules:
        assert rule.trigger in lesson.triggers
        assert rule.text and rule.summary
    assert lesson.ends in lesson.triggers
    headings = {title for _, title, _ in sections(get_game(game_id).help_text())}
    assert set(lesson.help_sections()) <= headings
    assert lesson.bots in ("easy", "medium")
    assert lesson.players in get_game(game_id).players


@pytest.mark.parametrize(("game_id", "variant"), LESSONS)
def test_the_deal_brings_every_rule_up_before_the_end(game_id: str, variant: str) -> None:
    result = walk(load_lesson(game_id, variant))
    assert result.ended
    assert result.missed == []
    assert result.learner_moves <= 30  # a lesson is short: one hand or deal


def test_a_lesson_default_is_the_game_default_variant() -> None:
    assert load_lesson("twenty-two").variant == "standard"


def test_no_lesson_says_what_there_is() -> None:
    nope = "no variant 'nope'; variants with a lesson: standard, twenty-six"
    with pytest.raises(LessonError, match=nope):
        load_lesson("twenty-two", "nope")
    with pytest.raises(LessonError, match="no lesson for the paper-scores variant yet"):
        load_lesson("twenty-two", "paper-scores")
    with pytest.raises(LessonError, match="no game"):
        load_lesson("nope")


GOOD = """# A lesson

Words.

- seed: 3
- players: 4
- ends: yes

## A rule (T22-EXCH-1)

- when: yes

The panel's words.
"""

TRIGGERS = {"yes": lambda m: True}


def test_a_good_file_reads() -> None:
    lesson = parse_lesson(GOOD, "twenty-two", "standard", TRIGGERS)
    assert lesson.rules[0].title == "A rule"
    assert lesson.rules[0].rule_id == "T22-EXCH-1"
    assert lesson.rules[0].text == "The panel's words."
    assert lesson.intro == "Words."
    assert lesson.bots == "easy"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("- when: yes", "- when: nope"), "line 9: 'when' names no trigger"),
        (("- ends: yes", "- ends: nope"), "'ends' names no trigger"),
        (("## A rule (T22-EXCH-1)", "## A rule"), "line 9: a rule is '## Its name"),
        (("The panel's words.", ""), "line 9: the rule has no words"),
        (("- players: 4", "- players: four"), "players 'four' is not a whole number"),
        (("- ends: yes", "- ends: yes\n- bots: hard"), "a lesson's bots are easy or medium"),
        (("- when: yes", "- when: yes\n- seed: 4"), "'seed' is not for a rule here"),
        (("# A lesson", "A lesson"), "line 1: a lesson starts with its title"),
        (("Words.", "### Words"), "only '## Rule name (RULE-ID)' headings"),
        (
            ("The panel's words.", "Words.\n\n## Again (T22-EXCH-1)\n\n- when: yes\n\nMore."),
            "a rule ID comes once in a lesson (T22-EXCH-1)",
        ),
    ],
)
def test_a_bad_file_is_refused_with_its_line(change: tuple[str, str], message: str) -> None:
    old, new = change
    with pytest.raises(LessonError, match=re.escape(message)):
        parse_lesson(GOOD.replace(old, new), "twenty-two", "standard", TRIGGERS)
