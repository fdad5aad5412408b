"""A guided first game driven by keys: the lesson walked to its summary following the
suggestions (each rule's panel when the rule first applies, never before), a move of the
learner's own and an illegal one, the rules opened at the panel's rule, the summary's keys,
the picker's l, and the panel's words whole at 80x24."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from helpers import screen_of, wait_for
from rich.text import Text
from scale import FULL
from textual.widgets import Static

from cardsuite.games import game_ids
from cardsuite.games.twenty_two.actions import Play
from cardsuite.learn import lesson as lesson_module
from cardsuite.learn.lesson import lesson_variants, load_lesson
from cardsuite.learn.walk import walk
from cardsuite.ui.app import LessonRequest
from cardsuite.ui.help import HelpScreen
from cardsuite.ui.lesson import LessonTable
from cardsuite.ui.lesson_panel import LessonPanel, panel_text
from cardsuite.ui.lesson_summary import LessonSummaryScreen
from cardsuite.ui.picker import PickerScreen

#: Where a table says whose turn it is and what to do: the trick tables' status line, and
#: a table of its own's (Casino's).
STATUS_LINES = ("#status", "#ac-status")


def _status(table: Any) -> str:
    line = next(table.query(s).first() for s in STATUS_LINES if table.query(s))
    return str(line.render())


def _panel(table: Any) -> LessonPanel:
    panel: LessonPanel = table.query_one("#lesson-panel", LessonPanel)
    return panel


def _settled(app: Any, table: Any) -> bool:
    """The lesson waits on the learner: its summary, the panel to read, or their turn with
    the suggestion made for this very position."""
    if isinstance(app.screen, LessonSummaryScreen):
        return True
    if app.screen is not table:
        return False
    if table._reading:
        return True
    here = (table.match.revision, len(table.match.public_log()))
    return table.human_to_move() == 0 and not table.holding and table._suggested_at == here


async def _follow_to_the_end(pilot: Any, table: Any, expected: Any) -> tuple[int, list[str]]:
    """Read every panel (any key) and take every suggestion (enter) to the summary; each
    rule shown, and the rules met at each turn, checked against the walk without a
    screen. The learner moves made, and the rules in the order the panel showed them."""
    app = pilot.app
    moves, shown = 0, []
    for _ in range(200):
        await wait_for(pilot, lambda: _settled(app, table))
        if isinstance(app.screen, LessonSummaryScreen):
            return moves, shown
        for rule in _panel(table).rules:
            if rule.rule_id not in shown:  # new in the panel: it has just come up
                assert expected.first_at[rule.rule_id] == moves, rule.rule_id
                shown.append(rule.rule_id)
            words = str(_panel(table).render())
            assert rule.title in words and rule.rule_id in words
        if table._reading:
            await pilot.press("x")
            continue
        met = {r.rule_id for r in table.tracker.met}
        assert met == {rid for rid, n in expected.first_at.items() if n <= moves}
        hint = table._suggestion.hint
        said = _status(table)
        assert said.startswith("Suggested: ") or hint.reason in " ".join(said.split())
        await pilot.press("enter")
        moves += 1
    raise AssertionError("the lesson did not end")


LESSONS = [(g, v) for g in game_ids() for v in lesson_variants(g)]
#: the lessons whose table takes a suggestion by enter at the learner's turn (Money's race
#: is walked on a fake clock by its own test, test_lesson_money)
TURN_LESSONS = [(g, v) for g, v in LESSONS if g != "money"]
#: the lessons walked by keys: every one in the full run; by default each game's first
#: (every table kind), since tests/learn walks every lesson's deal and rules without a
#: screen and ``test_a_lesson_fits_80x24`` draws every lesson's words
WALKED = TURN_LESSONS if FULL else [(g, v) for g, v in TURN_LESSONS if v == lesson_variants(g)[0]]


@pytest.mark.parametrize(("game_id", "variant"), WALKED)
async def test_a_lesson_followed_by_keys_to_its_summary(make_app, game_id, variant) -> None:  # type: ignore[no-untyped-def]
    lesson = load_lesson(game_id, variant)
    expected = walk(lesson)
    app = make_app(start=LessonRequest(game_id, variant))
    async with app.run_test(size=(120, 36)) as pilot:
        table = await screen_of(pilot, LessonTable)
        assert lesson.intro in str(_panel(table).render())  # the opening, until a key
        moves, shown = await _follow_to_the_end(pilot, table, expected)
        assert moves == expected.learner_moves
        assert sorted(shown) == sorted(r.rule_id for r in lesson.rules)  # each in the panel
        summary = app.screen
        covered = str(summary.query_one("#lesson-covered", Static).render())
        for rule in lesson.rules:
            assert f"✓ {rule.title} {rule.rule_id}: {rule.summary}" in covered
        did = str(summary.query_one("#lesson-did", Static).render())
        assert f"You made {moves} moves: {moves} as suggested." in did
        if (game_id, variant) != WALKED[0]:
            return  # the summary's keys: once (LESSONS[0] is Money's, never walked here)
        await pilot.press("enter")  # the rules, at the lesson's section
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        body = app.screen.query_one("#help")
        await wait_for(pilot, lambda: body.scroll_y > 0)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonSummaryScreen))
        await pilot.press("c")  # play on: the game goes on without the lesson
        await wait_for(pilot, lambda: app.screen is table and not table.lesson_on)
        assert not _panel(table).display
        await wait_for(pilot, lambda: table.human_to_move() == 0)
        assert not _status(table).startswith("Suggested")  # no more suggestions
        assert table.match.view(0)["hand_no"] == 2  # the game goes on
        await pilot.press("q")  # a lesson's game is left at once
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))


def _illegal_card(table: Any) -> int | None:
    """A card of the learner's hand that is no legal play alone now, if any."""
    hand = table._hand_cards()
    for i, card in enumerate(hand):
        if table.match.explain(Play((card,)), 0) is not None:
            return i
    return None


async def _select_only(pilot: Any, table: Any, index: int) -> None:
    """By keys: every selected card unselected, then the card at ``index`` selected."""
    for i in sorted(table.selected):
        await pilot.press("home", *["right"] * i, "space")
    await pilot.press("home", *["right"] * index, "space")
    assert table.selected == {index}


async def test_another_move_is_played_and_an_illegal_one_refused(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=LessonRequest("twenty-two"))
    async with app.run_test(size=(120, 36)) as pilot:
        table = await screen_of(pilot, LessonTable)
        for _ in range(10):  # to the exchange
            await wait_for(pilot, lambda: _settled(app, table))
            if not table._reading:
                break
            await pilot.press("x")
        suggested = table._suggestion.action
        await pilot.press("home", "space")  # the 2♠ too: not the suggestion
        assert "Suggested" not in _status(table)  # the prompt again
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.tracker.own == 1)
        played = next(m[1] for m in table.match.record if m[0] == 0)
        assert played != str(suggested) and played.startswith("discard 2")
        for _ in range(60):  # on to a turn where some card may not be played
            await wait_for(pilot, lambda: _settled(app, table))
            assert not isinstance(app.screen, LessonSummaryScreen)
            if table._reading:
                await pilot.press("x")
                continue
            if _illegal_card(table) is not None:
                break
            await pilot.press("enter")
        index = _illegal_card(table)
        assert index is not None
        card = table._hand_cards()[index]
        why = table.match.explain(Play((card,)), 0)
        before = table.match.revision
        await _select_only(pilot, table, index)
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.tracker.refused == 1)
        assert table.match.revision == before  # nothing changed
        assert any(n.message == why and n.title == "Not allowed" for n in app._notifications)


async def test_rules_key_opens_the_help_at_the_panels_rule(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(start=LessonRequest("twenty-two"))
    async with app.run_test(size=(120, 36)) as pilot:
        table = await screen_of(pilot, LessonTable)
        await pilot.press("x")
        await wait_for(pilot, lambda: bool(_panel(table).rules))
        assert _panel(table).rules[0].rule_id == "T22-EXCH-1"
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await wait_for(pilot, lambda: app.screen.query_one("#help").scroll_y > 0)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table)
        assert not table.check_action("save", ())  # a lesson is not saved
        await pilot.press("ctrl+s")
        assert not table.cs_app.store.list_saves()


async def test_the_pickers_l_opens_the_highlighted_games_lesson(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    have = lesson_module.lesson_variants  # (every game has a lesson: Money's taken away)
    monkeypatch.setattr(lesson_module, "lesson_variants", lambda g: [] if g == "money" else have(g))
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("l")  # Money: none, here
        await wait_for(
            pilot, lambda: any("No lesson for Money" in n.message for n in app._notifications)
        )
        assert isinstance(app.screen, PickerScreen)
        await pilot.press("down", "l")
        table = await screen_of(pilot, LessonTable)
        assert table.lesson.game_id == "twenty-two"


@pytest.mark.parametrize(("game_id", "variant"), LESSONS)
async def test_a_lesson_fits_80x24(make_app, game_id, variant) -> None:  # type: ignore[no-untyped-def]
    """The panel's words whole (the opening, each rule with "any key" under it), each rule's
    suggestion with the longest move the table words in full in the status's two lines,
    and the summary on one screen (every rule met, every help section); its r plays the
    lesson again from the start."""
    lesson = load_lesson(game_id, variant)
    app = make_app(start=LessonRequest(game_id, variant))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await screen_of(pilot, LessonTable)
        panel = _panel(table)
        cases = [([], 0), *[([rule], i + 1) for i, rule in enumerate(lesson.rules)]]
        for rules, number in cases:
            panel.show(rules, number, 1, True)  # the longest form: with "any key" under it
            await pilot.pause()
            words = panel_text(lesson, rules, 1, True)
            lines = words.wrap(app.console, panel.content_region.width)
            assert len(lines) <= panel.content_region.height, rules
        # (the check bites: twice the words do not fit)
        long = dataclasses.replace(lesson.rules[0], text=lesson.rules[0].text * 2)
        lines = panel_text(lesson, [long], 1, True).wrap(app.console, panel.content_region.width)
        assert len(lines) > panel.content_region.height
        status = table.query(STATUS_LINES[0])
        move = "x" * table.SAY_AT_MOST
        for rule in [r for r in lesson.rules if r.why and status]:  # (the trick tables')
            words = Text.assemble("Suggested: ", move, " — ", rule.why, " (enter)")
            width = status.first().content_region.width
            assert len(words.wrap(app.console, width)) <= 2, rule.rule_id
        table.tracker.met = list(lesson.rules)
        table.tracker.followed, table.tracker.own, table.tracker.refused = 12, 3, 2
        table._summary()
        await wait_for(pilot, lambda: isinstance(app.screen, LessonSummaryScreen))
        await pilot.pause()
        summary = app.screen
        assert summary.query_one("#lesson-summary").max_scroll_y == 0
        assert summary.query_one("#lesson-sections").max_scroll_y == 0
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonTable))
        again = app.screen
        assert again is not table and again.tracker.followed == 0
        assert len(again.tracker.met) < len(lesson.rules)  # from the start


async def test_a_lessons_words_follow_ascii_mode(make_app) -> None:  # type: ignore[no-untyped-def]
    """Mensch's lesson names the Q♣: in ASCII mode (switched as the palette does) the panel
    and the summary write it Q C's way, QC."""
    lesson = load_lesson("mensch")
    app = make_app(start=LessonRequest("mensch"))
    async with app.run_test(size=(120, 36)) as pilot:
        table = await screen_of(pilot, LessonTable)
        forced = next(r for r in lesson.rules if "Q♣" in r.text)
        _panel(table).show([forced], 2)
        assert "Q♣" in str(_panel(table).render())
        app.set_ascii(True)
        await pilot.pause()
        words = str(_panel(table).render())
        assert "QC" in words and "♣" not in words
        table.tracker.met = list(lesson.rules)
        table._summary()
        await wait_for(pilot, lambda: bool(app.screen.query("#lesson-covered")))
        covered = str(app.screen.query_one("#lesson-covered", Static).render())
        assert "QC" in covered and not any(s in covered for s in "♠♥♦♣")


async def test_the_pickers_footer_holds_every_key_at_80_columns(make_app) -> None:  # type: ignore[no-untyped-def]
    """With l Learn among them, every key of the picker and its word shows whole at 80x24,
    left of the palette's."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        keys = list(footer.query(FooterKey))
        palette = [k for k in keys if k.has_class("-command-palette")]
        shown = [k for k in keys if k not in palette]
        assert "learn" in {k.action for k in shown}
        right = palette[0].region.x if palette else footer.region.right
        for key in shown:
            words = f"{key.key_display} {key.description}"
            assert key.region.right <= right and key.region.width >= len(words), words
