"""Lesson triggers read only what the learner may see: a ``Moment`` holds the learner's
view, legal actions and the public events, nothing else; and every trigger answers the same
when the cards hidden from the learner are dealt again. The tracker: rules in the order
they come up, the reason at hand, what the learner did."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardsuite.games import game_ids
from cardsuite.games.twenty_two import lesson as t22
from cardsuite.learn.lesson import Moment, lesson_variants, load_lesson
from cardsuite.learn.start import lesson_match
from cardsuite.learn.tracker import LessonTracker, moment_of

LESSONS = [(g, v) for g in game_ids() for v in lesson_variants(g)]


def test_a_moment_holds_only_the_learners_table() -> None:
    assert [f.name for f in dataclasses.fields(Moment)] == ["seat", "view", "legal", "events"]


@pytest.mark.parametrize(("game_id", "variant"), LESSONS)
def test_triggers_answer_alike_whatever_the_hidden_cards(game_id: str, variant: str) -> None:
    """Through the lesson's deal, at every move: each trigger on the learner's moment, and on
    the moment of a copy whose hidden cards (the others' hands, the stock) are re-dealt."""
    lesson = load_lesson(game_id, variant)
    match = lesson_match(lesson)
    rng = random.Random(5)
    events = list(match.public_log())
    seen: dict[str, set[bool]] = {name: set() for name in lesson.triggers}
    for _ in range(120):
        moment = moment_of(match, 0, events)
        other = match.state.sample_hidden(0, rng)
        assert other.to_json() != match.state.to_json() or match.is_over()
        again = Moment(0, other.view(0), moment.legal, moment.events)
        for name, trigger in lesson.triggers.items():
            answer = trigger(moment)
            assert trigger(again) == answer, name
            seen[name].add(bool(answer))
        if match.is_over():
            break
        mover = match.to_move()
        assert mover is not None
        own = lesson.own_suggestion(moment)  # (the lesson's own move, as the walk makes it)
        if own is not None:
            action, mover = own, 0
        else:
            action = match.hint(0) if mover == 0 else match.choose_bot(mover)
        events = match.apply(action, mover)
    met = {name for name, answers in seen.items() if True in answers}
    assert {r.trigger for r in lesson.rules} <= met  # each was put to the test holding


def test_a_trigger_works_on_a_view_without_hidden_cards() -> None:
    """A hand-made view, with the learner's cards only (as every view is): the predicates
    read what is there."""
    view = {
        "phase": "play",
        "to_move": 0,
        "hand": ["2S", "9H", "9D"],
        "hand_sizes": [3, 3, 3, 3],
        "trick": {"leader": 3, "plays": [[3, ["5C", "5D"]]], "best": 3, "count": 2},
    }
    m = Moment(0, view, (), ())
    assert t22.my_follow(m) and t22.follow_a_set(m) and t22.a_set(m)
    assert not t22.my_lead(m) and not t22.my_exchange(m)
    assert not t22.my_follow(Moment(1, view, (), ()))  # another seat's turn


def test_the_tracker_notes_rules_once_in_the_lessons_order() -> None:
    lesson = load_lesson("twenty-two")
    tracker = LessonTracker(lesson)
    match = lesson_match(lesson)
    while match.to_move() != 0:
        seat = match.to_move()
        assert seat is not None
        match.apply(match.choose_bot(seat), seat)
    moment = moment_of(match, 0)
    new = tracker.observe(moment)
    assert [r.rule_id for r in new] == ["T22-EXCH-1"]
    assert tracker.observe(moment) == []  # once
    assert tracker.at_hand(moment) is new[0]  # the exchange's reason
    assert new[0].why in ("throw away high cards, you want a low last card",)
    hint = match.hint(0)
    tracker.note_move(hint, hint)
    other = next(a for a in match.legal_actions(0) if a.key != hint.key)
    tracker.note_move(other, hint)
    tracker.refused = 1
    assert tracker.did() == (
        "You made 2 moves: 1 as suggested, 1 your own way; the rules refused 1 try, each with why."
    )
    assert [r.rule_id for r in tracker.missed()][:2] == ["T22-PLAY-2", "T22-PLAY-6"]
