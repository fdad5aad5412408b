"""A guided first game at the game's own table (``cardsuite learn GAME``, ``l`` in the
picker).

``lesson_screen_class`` puts ``LessonTable`` in front of the registry's screen class (as
the replay and the joined table do), so the game is played as ever and the lesson only
adds to it:

- after every move, the learner's moment (``learn.Moment``: their view, their legal
  actions, the move's public events) goes to the ``LessonTracker``; a rule whose trigger
  first holds is shown in the panel beside the table (``LessonPanel``), by name and ID;
- at the learner's turn the table suggests a move and why (``learn.suggest``), selecting
  it as ``h`` does: enter takes it, any other selection tries another, and a refusal is
  the rules' own reason as ever;
- ``?`` opens the rules at the section on the rule in the panel;
- when the lesson's end comes (or the game's), the summary (``LessonSummaryScreen``):
  play on without the lesson, the lesson again, or the menu.

A lesson is not a game of the player's own: it is not saved, recorded or counted in the
statistics. Nothing here names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual import events, on
from textual.events import Mount

from ..engine import Action, Event
from ..hints import Hint
from ..learn.lesson import Lesson, LessonRule
from ..learn.start import lesson_match
from ..learn.suggest import Suggestion, lesson_suggestion
from ..learn.tracker import LessonTracker, moment_of
from ..match import standing_of
from .lesson_help import open_help_at
from .lesson_panel import LessonPanel
from .widgets import LogView, card_style

if TYPE_CHECKING:
    from rich.text import Text

    from ..table_source import TableSource
    from .app import CardSuiteApp
    from .table import TableScreen

#: The learner's seat: the first, at the bottom of the table.
LEARNER = 0


class LessonTable:
    """The lesson's part of a lesson screen (see the module docstring)."""

    TCSS: ClassVar[str | None] = "lesson.tcss"

    # what the table screen it is mixed into provides
    if TYPE_CHECKING:
        match: TableSource
        holding: list[Event]
        app: CardSuiteApp
        cs_app: CardSuiteApp
        _thinking: int | None

        def _live(self) -> bool: ...
        def query(self, selector: Any) -> Any: ...
        def query_one(self, selector: Any, expect_type: Any = None) -> Any: ...
        def notify(self, message: str, **kwargs: Any) -> None: ...
        def call_after_refresh(self, callback: Any, *args: Any) -> bool: ...
        def mount(self, *widgets: Any, **kwargs: Any) -> Any: ...
        def human_to_move(self) -> int | None: ...
        def show_hint(self, hint: Hint) -> None: ...
        def refresh_bindings(self) -> None: ...
        def _stop_bot(self) -> None: ...
        def _leave(self) -> None: ...
        def say(self, action: Action) -> str: ...

    lesson: Lesson
    tracker: LessonTracker

    def start_lesson(self, lesson: Lesson) -> None:
        """Called once, before the screen is shown."""
        self.lesson = lesson
        self.tracker = LessonTracker(lesson, LEARNER)
        self.lesson_on = True
        self._suggestion: Suggestion | None = None
        self._suggested_at: tuple[object, ...] | None = None
        self._summary_up = False
        self._lesson_queue: list[LessonRule] = []  # rules come up, waiting for the panel
        self._reading = False  # the table waits for a key while the learner reads
        self._wait_after = False  # ... because the game would go on without them
        self._moves_seen = 0  # the record's moves counted (``_note_outside_moves``)
        self._playing = False  # within ``play_action``, which counts its own move

    # --- the panel ------------------------------------------------------------------------

    def _mount_panel(self, _: Mount) -> None:
        """Above the table's log (a trick table's side column, Casino's, Money's), so no
        card is covered; a table without a log has it docked at its right edge."""
        panel = LessonPanel(self.lesson)
        logs = self.query(LogView)
        if logs:
            log = logs.first()
            log.parent.mount(panel, before=log)
        else:
            panel.add_class("-docked")
            self.mount(panel)
        self.call_after_refresh(self._observe, list(self.match.public_log()), True)

    def _observe(self, events: list[Event], opening: bool = False) -> None:
        """The learner's moment after a move: rules that first matter now join the queue,
        the panel shows the first, and the table waits for a key while more are queued or
        while the game would move on without the learner (a rule come up on another's
        move: at the learner's own turn it stays up while they think). At the ``opening``
        the lesson's own words come first."""
        if not self.lesson_on:
            return
        new = self.tracker.observe(moment_of(self.match, LEARNER, events))
        self._lesson_queue += new
        # (the lesson's last rules too are read before its summary; and at a real-time
        # table every rule, whose clock would run on while the learner reads)
        self._wait_after = (
            self.match.to_move() != LEARNER or self.tracker.ended or self._real_time()
        )
        if opening:  # the lesson's words first, until a key
            self._reading = True
            self._hold(True)
            self._panel().show((), 0, len(self._lesson_queue), True)
        elif new:
            self._next_rule()

    def _next_rule(self) -> None:
        rule = self._lesson_queue.pop(0)
        self._reading = bool(self._lesson_queue) or self._wait_after
        self._hold(self._reading)
        self._show(rule)

    def _real_time(self) -> bool:
        """Does the table's clock run on without moves (it can ``hold_play``)?"""
        return getattr(super(), "hold_play", None) is not None

    def _hold(self, on: bool) -> None:
        """A real-time table (one whose clock runs on without moves: a race) stops it while
        the learner reads, so a panel never costs them a move: its ``hold_play``, if it has
        one. Turn-based tables wait anyway (``advance`` does nothing while reading)."""
        hold = getattr(super(), "hold_play", None)
        if hold is not None:
            hold(on)

    def _show(self, rule: LessonRule) -> None:
        number = self.tracker.met.index(rule) + 1
        self._panel().show([rule], number, len(self._lesson_queue), self._reading)

    def _panel(self) -> LessonPanel:
        return cast(LessonPanel, self.query_one("#lesson-panel", LessonPanel))

    # --- the table's hooks ------------------------------------------------------------------

    def on_new_events(self, events_: list[Event]) -> None:
        super().on_new_events(events_)  # type: ignore[misc]  # (the table screen's)
        self._observe(events_)

    #: The longest move the suggestion words as the table does (``say``); a longer one (a
    #: bid with its description) is said by its text, so the reasons fit the status line.
    SAY_AT_MOST: ClassVar[int] = 24

    #: Keys that keep their use while the table waits for the learner to read.
    READING_KEYS: ClassVar[frozenset[str]] = frozenset(
        {"question_mark", "f1", "ctrl+p", "ctrl+q", "q", "escape"}
    )

    def on_key(self, event: events.Key) -> None:
        """While the table waits on the panel, a key shows the next rule, or goes on.
        (Textual runs this before the table's own ``on_key``, which it stops.)"""
        if not self.lesson_on or not self._reading or event.key in self.READING_KEYS:
            return
        event.stop()
        event.prevent_default()
        if self._lesson_queue:
            self._next_rule()
        else:
            self._reading = False
            self._hold(False)
            if self._panel().rules:
                self._show(self._panel().rules[-1])
        if not self._reading:
            self.call_after_refresh(self.advance)

    def advance(self) -> None:
        """The table's next step, unless the learner is reading the panel, or the lesson
        has ended: then its summary (once the table no longer pauses on the last move, so
        the learner sees it)."""
        if self.lesson_on:
            self._note_outside_moves()
            self._own_suggestion()
        if self.lesson_on and self._reading:
            return
        if self.lesson_on and self.tracker.ended and not self.holding:
            if self._live() and self.app.screen is self and not self._summary_up:
                self._summary()
            return
        super().advance()  # type: ignore[misc]
        self._suggest_if_due()

    def play_action(
        self, action: Action | str, seat: int | None = None, quiet: bool = False
    ) -> bool:
        learner = not quiet and (seat if seat is not None else self.match.to_move()) == LEARNER
        suggested = self._suggestion.action if self._suggestion is not None else None
        self._playing = True
        try:
            played = super().play_action(action, seat, quiet)  # type: ignore[misc]
        finally:
            self._playing = False
            self._moves_seen = len(self.match.record)
        if learner and self.lesson_on:
            if not played:
                self.tracker.refused += 1
            else:
                chosen = (
                    action if isinstance(action, Action) else self.match.game.parse_action(action)
                )
                self.tracker.note_move(chosen, suggested)
        return bool(played)

    def _note_outside_moves(self) -> None:
        """The learner's moves the table made without ``play_action`` (a race's presses,
        judged by its own referee), counted from the match's record: as suggested or not
        (the same words)."""
        if self._playing:
            return
        record = self.match.record
        suggested = str(self._suggestion.action) if self._suggestion is not None else None
        for move in record[self._moves_seen :]:
            if move[0] == LEARNER:
                self.tracker.note_text(move[1], suggested)
        self._moves_seen = len(record)

    def _own_suggestion(self) -> None:
        """The lesson's own move when it has one out of turn (a snap), which no turn's
        suggestion shows: the panel says it, and the learner's move is judged by it."""
        if self.lesson.suggest is None or self.human_to_move() == LEARNER:
            return  # (the turn's suggestion, ``_suggest``, asks the lesson too)
        moment = moment_of(self.match, LEARNER)
        own = self.lesson.own_suggestion(moment)
        if own is not None:
            rule = self.tracker.at_hand(moment)
            self._suggestion = lesson_suggestion(self.match, LEARNER, rule, self.lesson.why, own)

    # --- the suggestion -------------------------------------------------------------------

    def _suggest_if_due(self) -> None:
        """At the learner's turn, once a position: the suggested move, selected."""
        if not self.lesson_on or self.holding or self.human_to_move() != LEARNER:
            return
        at = (self.match.revision, len(self.match.public_log()))
        if at == self._suggested_at:
            return
        self._suggested_at = at
        self._suggest()

    def _suggest(self) -> None:
        moment = moment_of(self.match, LEARNER)
        rule = self.tracker.at_hand(moment)
        own = self.lesson.own_suggestion(moment)
        said = lesson_suggestion(self.match, LEARNER, rule, self.lesson.why, own)
        self._suggestion = said
        hint = said.hint
        if self._real_time() and said.why:  # (a race's turn is no decision: the lesson's
            hint = Hint(hint.action, said.why)  # words say more than the bot's reason)
            self._suggestion = Suggestion(hint, said.why)
        self.show_hint(hint)

    def action_hint(self) -> None:
        """``h`` in a lesson: the suggestion again, with its reason."""
        if not self.lesson_on:
            super().action_hint()  # type: ignore[misc]
            return
        if self.human_to_move() != LEARNER or self.holding:
            self.notify("A suggestion is for your own turn.", severity="warning")
            return
        self._suggest()

    def hint_forms(self, hint: Hint) -> list[Text]:
        """The status line's words for the suggestion, fullest first (the table shows the
        first that fits): the move, the bot's reason and the lesson's words for the rule
        at hand; then without the one, or the other; then the table's own forms."""
        from rich.text import Text

        own: list[Text] = super().hint_forms(hint)  # type: ignore[misc]
        said = self._suggestion
        if not self.lesson_on or said is None or said.hint is not hint:
            return own
        cs = card_style(self)  # (suits as letters in ASCII mode)
        words = self.say(hint.action)
        if len(words) > self.SAY_AT_MOST:  # (a bid's description: its name says enough)
            words = str(hint.action)
        move = ("Suggested: ", "bold"), (cs.text(words), "bold")
        key = (" (enter)", "dim")
        reasons = [f"{hint.reason}; {said.why}", hint.reason] if said.why else [hint.reason]
        if said.why:
            reasons.append(said.why)
        return [Text.assemble(*move, " — ", cs.text(r), key) for r in reasons] + own

    # --- rules, saving, the end ----------------------------------------------------------

    def action_rules(self) -> None:
        """The rules, at the section on the rule in the panel (the lesson's own at first)."""
        rules = self._panel().rules if self.lesson_on else ()
        heading = next((r.help for r in reversed(rules) if r.help), "") or self.lesson.help
        open_help_at(self.app, self.lesson.game_id, heading)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save":
            return False  # a lesson is not kept
        result: bool | None = super().check_action(action, parameters)  # type: ignore[misc]
        return result

    def action_save(self) -> None:
        self.notify("A lesson is not saved: r on its summary plays it again.", severity="warning")

    def action_leave(self) -> None:
        """q leaves a lesson, or its game played on, at once: it is not kept either way, so
        there is nothing to save first (the lesson starts again from ``cardsuite learn``)."""
        self._leave()

    def keep_metric(self, result: dict[str, Any]) -> None:
        """Nor a table's own measures (a race's snap times)."""

    def write_record(self) -> None:
        """A lesson leaves no record (its deal is the lesson's, not a game of one's own)."""

    def _record_result(self) -> None:
        """Nor a result in the statistics."""

    def _game_over(self) -> None:
        if self.lesson_on:
            self.tracker.ended = True
            if not self._summary_up:
                self._summary()
            return
        super()._game_over()  # type: ignore[misc]

    def _summary(self) -> None:
        from .lesson_summary import LessonSummaryScreen

        self._stop_bot()
        self._summary_up = True
        m = self.match
        screen = LessonSummaryScreen(
            self.tracker,
            m.game.name,
            standing_of(m.seats, m.scores()),
            m.game.score_label,
            self.lesson.help_sections(),
            can_play_on=not m.is_over(),
        )
        self.app.push_screen(screen, self._after_summary)

    def _after_summary(self, choice: str | None) -> None:
        self._summary_up = False
        if choice == "again":
            open_lesson(self.cs_app, self.lesson, replace=True)
        elif choice == "play_on":
            self._end_lesson()
        else:
            self._leave()

    def _end_lesson(self) -> None:
        """The game goes on as any game, without the panel or suggestions."""
        self.lesson_on = False
        self._reading = False
        self._hold(False)
        self._suggestion = None
        self._panel().display = False
        self.refresh_bindings()
        self.call_after_refresh(self.advance)


def lesson_screen_class(game_cls: type[TableScreen]) -> type[TableScreen]:
    """``LessonTable`` in front of a game's table screen class; every one is called
    ``LessonScreen``, which its stylesheet's rules start with."""

    # (a class per game's screen, whose base is a value mypy cannot check as a type)
    class LessonScreen(LessonTable, game_cls):  # type: ignore[misc,valid-type]
        @on(Mount)
        def _lesson_mount(self, event: Mount) -> None:
            """The panel goes in once the table is composed: a Mount handler of the
            lesson's own (Textual runs it beside, not instead of, the table's
            ``on_mount``, as it runs every class's own)."""
            self._mount_panel(event)

    LessonScreen.__qualname__ = "LessonScreen"
    return cast("type[TableScreen]", LessonScreen)


def open_lesson(app: CardSuiteApp, lesson: Lesson, replace: bool = False) -> None:
    """The lesson's table, from its first move."""
    match = lesson_match(lesson)
    screen = lesson_screen_class(app.table_screen_class(match.game))(match)
    cast(LessonTable, screen).start_lesson(lesson)
    if replace:
        app.switch_screen(screen)
    else:
        app.push_screen(screen)


__all__ = ["LEARNER", "LessonTable", "lesson_screen_class", "open_lesson"]
