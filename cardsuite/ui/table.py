"""The table every game's screen builds on: the turn loop round people and bots.

A game's screen subclasses ``TableScreen`` (or, for a trick game, ``TrickTableScreen``) and
draws its table from ``self.view()`` alone (``refresh_table``): the view of the seat being
shown, or the public view when nobody's cards may show; it turns keys into actions
(``play_action``). A screen shows a table source (``self.match``, a
``table_source.TableSource``: a ``Match``, a replay's or a joined table's) and reads nothing
of it but what that protocol offers: never its position itself. Each screen class may name
its own stylesheet beside its module (``TCSS``); a screen loads its bases' sheets first. This
base decides what happens next:

- a bot to move: think in a thread worker (cancellable, stale answers ignored after an undo),
  then wait out the pace so a person can follow (where sides are secret, a search bot's
  whole budget: ``Match.think_floor``), then play;
- a person to move: wait for their keys;
- hot-seat: when the next person is not the one whose cards are showing, put up a curtain
  first, and only then show their cards;
- a finished trick or a showdown stays on the table for the pace's delay or until a key
  (the "wait" pace: until a key), the last one of the game too;
- the end: record the result, remove the game's save (``Match.save_path``: the one it was
  resumed from or last saved to; saving again replaces it rather than adding one) and show
  the game-over dialog; "view table" closes it and the table stays as it is until ``g``
  brings the result back.

The footer offers a key only while it does something (Textual's dynamic bindings,
``check_action``): a key that cannot work in this match or at this moment of the game (undo
and hints in hot-seat, a phase's own keys outside it) is left out; one that works at
another moment of the same phase (a hint, a card on your own turn) is shown dimmed. The
footer is recomposed when that changes (``refresh_keys``), and a key pressed while it does
nothing says why (its action's own words). A curtain lifts only on enter, and for a moment
after it lifts the table takes no keys, so a double tap cannot make a move nobody saw.

Illegal input is refused with the reason from ``IllegalAction`` and changes nothing.
"""

from __future__ import annotations

import inspect
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual import events, work
from textual.actions import parse as parse_action
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer
from textual.worker import get_current_worker

from ..engine import Action, Event, IllegalAction
from ..hints import Hint
from ..match import Match
from ..ratings import RatedGame
from ..store import PlayerResult, StoreError
from ..table_source import TableSource
from .cardart import suit_text
from .sheet import Sheet

if TYPE_CHECKING:
    from .app import CardSuiteApp


#: Who suggests a hint (``hints``): the medium bot, whose rules of thumb say why.
HINT_TITLE = "Hint · the medium bot's rule of thumb"


class TableScreen(Screen[None]):
    """Base of every game's table screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "rules", "Rules", key_display="?"),
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("q,escape", "leave", "Menu"),
        Binding("g", "result", "Result"),
    ]

    #: No text selection on a table: a double-click on a card chose the card and selected
    #: the text under the mouse too (Textual selects a widget's text on a double-click).
    ALLOW_SELECT: ClassVar[bool] = False

    #: Seconds after a curtain lifts during which the table ignores keys (key repeats and
    #: double taps meant for the curtain).
    CURTAIN_GUARD: ClassVar[float] = 0.4

    # (not annotated ClassVar: Textual declares it ``ClassVar[list[...]] | None``, which mypy
    # reads as an instance variable that a class variable may not override)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    #: Event kinds after which the table pauses so people can see what happened.
    PAUSE_AFTER: ClassVar[frozenset[str]] = frozenset({"trick", "showdown"})

    #: This class's own stylesheet, a file beside its module; see ``__init_subclass__``.
    TCSS: ClassVar[str | None] = "table.tcss"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Gather the stylesheets of the class and its bases, bases first, into CSS_PATH:
        a game's ``screen.tcss`` then styles only its own parts on top of its frame's."""
        super().__init_subclass__(**kwargs)
        paths: list[str | PurePath] = []  # (Textual's CSSPathType: str paths here)
        for klass in reversed(cls.__mro__):
            own = klass.__dict__.get("TCSS")
            if own:
                path = str(Path(inspect.getfile(klass)).parent / own)
                if path not in paths:
                    paths.append(path)
        cls.CSS_PATH = paths or None

    def __init__(self, match: TableSource) -> None:
        super().__init__()
        self.match = match
        # Hot-seat: nobody's cards until the first curtain has passed the keyboard.
        self.shown: int | None = None if match.hot_seat else match.viewer_after(None)
        self.holding: list[Event] = []  # the events the table is pausing on
        self._hold_timer: Timer | None = None
        self._bot_timer: Timer | None = None
        self._token = 0  # bumps on undo/leave: bot answers for an older token are dropped
        self._thinking: int | None = None
        self._recorded = False
        self._over_shown = False
        self._kept_rating: RatedGame | None = None  # this game's rated result, once kept
        self._viewing_final = False  # the player closed the result to look at the table
        self._curtain_up = False
        self._guard_until = float("-inf")  # the curtain's key guard, on the app's clock
        self._picture_key: tuple[object, ...] | None = None  # what the last full redraw showed
        self._offered: tuple[object, ...] | None = None  # the keys the footer shows, and how
        # A resumed game is as its save left it: leaving before a move asks nothing.
        self._saved_moves = tuple(match.record) if match.save_path is not None else None

    @property
    def cs_app(self) -> CardSuiteApp:
        return cast("CardSuiteApp", self.app)

    def view(self) -> dict[str, Any]:
        """What the table may draw: the view of the seat being shown (None: public)."""
        return self.match.view(self.shown)

    # --- hooks for the game's screen ------------------------------------------------------

    def refresh_table(self) -> None:
        """Redraw everything from ``self.match`` (and ``self.shown``, ``self.holding``)."""

    def on_new_events(self, events_: list[Event]) -> None:
        """Called with the events of every move, before the table is redrawn."""

    def cards_changed(self) -> None:
        """The theme or the card style changed (``app.refresh_cards``): the table's words
        hold suits too (a header's trumps), so all of it is drawn again, not only the cards."""
        if self.is_mounted:
            self.refresh_table()

    # --- flow -----------------------------------------------------------------------------

    def on_mount(self) -> None:
        for footer in self.query(Footer):  # every key and its word in 80 columns
            footer.compact = True
        if self.match.started is None:
            self.match.started = self.cs_app.store.now()
        self.refresh_table()
        self.call_after_refresh(self.advance)

    def on_resize(self) -> None:
        self.call_after_refresh(self._redraw_after_resize)

    def _redraw_after_resize(self) -> None:
        """A resize's redraw, run after the next refresh. Textual runs such a callback at
        once for a screen that is no longer current, even one already taken down: a table
        closed in between (back to the picker) has nothing left to draw on."""
        if self._live():
            self.refresh_table()

    def on_screen_resume(self) -> None:
        """Back from help, a dialog or the curtain: redraw if anything changed meanwhile (a
        move, whose cards may show, the card style) and carry on where we were."""
        if self._picture_key != self._drawn_key():
            self.refresh_table()
        self.call_after_refresh(self.advance)

    def _drawn_key(self) -> tuple[object, ...]:
        """What the table's picture depends on besides its own keys (see ``_drawn``)."""
        return (
            self.match.revision,
            len(self.match.public_log()),
            self.shown,
            len(self.holding),
            id(self.cs_app.card_style),
            self.size,
        )

    def mark_drawn(self) -> None:
        """Called by ``refresh_table`` when it has drawn everything."""
        self._picture_key = self._drawn_key()
        self.refresh_keys()

    def refresh_keys(self) -> None:
        """Recompose the footer if the keys it offers, or which of them are dimmed, changed
        (a new phase, whose turn it is, a pause): Textual asks ``check_action`` again only
        when told, and recomposing the footer at every redraw would cost."""
        if not self.is_mounted:
            return
        offered = tuple(
            (key, active.binding.action, active.enabled)
            for key, active in self.active_bindings.items()
            if active.binding.show
        )
        if offered != self._offered:
            self._offered = offered
            self.refresh_bindings()

    def advance(self) -> None:
        """Decide what happens next (see the module docstring)."""
        if self.holding or self._thinking is not None or self._curtain_up:
            return
        if not self.is_attached:
            return
        if self.app.screen is not self:
            return  # a help screen or dialog is up; resume comes back here
        m = self.match
        if m.is_over():
            self.refresh_table()
            self._game_over()
            return
        if m.needs_curtain(self.shown):
            self._curtain()
            return
        self.shown = m.viewer_after(self.shown)
        mover = m.to_move()
        self.refresh_table()
        if mover is not None and mover in m.bots:  # (a remote seat is played elsewhere)
            self._start_bot(mover)
        self.refresh_keys()

    def _curtain(self) -> None:
        from .curtain import CurtainScreen

        mover = self.match.to_move()
        assert mover is not None
        self.shown = None  # nobody's cards while the keyboard changes hands
        self._curtain_up = True
        self.refresh_table()

        def lifted() -> None:  # at the key itself, before any later key can reach the table
            self._guard_until = self.cs_app.clock() + self.CURTAIN_GUARD

        def passed(_: object) -> None:
            self._curtain_up = False
            self.shown = mover
            self.refresh_table()
            self.call_after_refresh(self.advance)

        self.app.push_screen(CurtainScreen(self.match.seats[mover].name, lifted), passed)

    # --- bots -----------------------------------------------------------------------------

    def _start_bot(self, seat: int) -> None:
        self._thinking = seat
        self._token += 1
        self.refresh_table()
        self._think(seat, self._token, self.cs_app.clock())

    @work(thread=True, exclusive=True, group="bot", exit_on_error=True)
    def _think(self, seat: int, token: int, started: float) -> None:
        worker = get_current_worker()
        action = self.match.choose_bot(seat, cancelled=lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            self.app.call_from_thread(self._bot_ready, seat, action, token, started)

    def _live(self) -> bool:
        """False once the table is going (the app shutting down, or the table closed and
        its widgets being taken down): a bot's answer, a timer or a queued redraw arriving
        then has nothing to draw on, and is dropped."""
        return self.is_attached and self.app.is_running and self in self.app.screen_stack

    def _bot_ready(self, seat: int, action: Action, token: int, started: float) -> None:
        if token != self._token or not self._live():
            return
        delay, _ = self.cs_app.pace_delays()
        if self.cs_app.bot_timing_floor:
            delay = max(delay, self.match.think_floor(seat))
        wait = max(0.0, delay - (self.cs_app.clock() - started))
        if wait <= 0:
            self._bot_play(seat, action, token)
        else:
            self._bot_timer = self.set_timer(wait, lambda: self._bot_play(seat, action, token))

    def _bot_play(self, seat: int, action: Action, token: int) -> None:
        if token != self._token or not self._live():
            return
        self._thinking = None
        if not self.play_action(action, seat, quiet=True):
            # The table changed while the bot thought (in Money a snap can take the ground
            # from under a purchase): its answer is stale, so it thinks again.
            self.advance()

    def _stop_bot(self) -> None:
        self._token += 1
        self._thinking = None
        if self._bot_timer is not None:
            self._bot_timer.stop()
        self.workers.cancel_group(self, "bot")

    # --- moves ----------------------------------------------------------------------------

    def play_action(
        self, action: Action | str, seat: int | None = None, quiet: bool = False
    ) -> bool:
        """Apply a move; refuse an illegal one with its reason (shown unless ``quiet``).
        True when played."""
        try:
            new = self.match.apply(action, seat)
        except IllegalAction as e:
            if not quiet:
                self.notify(e.reason, title="Not allowed", severity="error")
            return False
        self.on_new_events(new)
        pause, hold = self.pause_for(new)
        if pause:  # the game's last trick too
            self.holding = new
            if hold is not None:
                self._hold_timer = self.set_timer(hold, self.release_hold)
        self.refresh_table()
        self.advance()
        return True

    def pause_for(self, new: list[Event]) -> tuple[bool, float | None]:
        """Whether the table pauses on a move's events, and for how long (None: until a
        key): after a ``PAUSE_AFTER`` kind, for the pace's delay."""
        _, hold = self.cs_app.pace_delays()
        if any(e.kind in self.PAUSE_AFTER for e in new) and (hold is None or hold > 0):
            return True, hold
        return False, None

    def hold_note(self) -> str:
        """What the status line says while the table pauses."""
        _, hold = self.cs_app.pace_delays()
        if hold is None or self._hold_timer is None:
            return "Press any key to go on."
        return "Goes on by itself in a moment; any key goes on now."

    def release_hold(self) -> None:
        if not self.holding or not self._live():
            return
        self.holding = []
        if self._hold_timer is not None:
            self._hold_timer.stop()
            self._hold_timer = None
        self.refresh_table()
        self.advance()

    def on_key(self, event: events.Key) -> None:
        """Any key moves on from a paused trick or showdown (and does nothing else); just
        after a curtain lifts, keys do nothing at all."""
        if self.cs_app.clock() < self._guard_until:
            event.stop()
            event.prevent_default()
            return
        if self.holding and event.key not in ("question_mark", "f1", "ctrl+s", "ctrl+p"):
            event.stop()
            event.prevent_default()
            self.release_hold()
            return
        self._say_why_not(event)

    def _say_why_not(self, event: events.Key) -> None:
        """A key of this table that does nothing now (dimmed in the footer, or left out of
        it) runs its action anyway, which refuses with the reason ("It is not your turn."),
        rather than doing nothing at all. A key some binding of it takes now is left to
        that binding."""
        states = []
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            _, name, params = parse_action(binding.action)
            state = self.check_action(name, params)
            if state:
                return
            states.append((state is None, name, params))
        if not states:
            return
        _, name, params = max(states, key=lambda s: s[0])  # a dimmed key's action first
        method = getattr(self, f"action_{name}", None)
        if method is None:
            return
        event.stop()
        event.prevent_default()
        method(*params)

    # --- actions --------------------------------------------------------------------------

    def human_to_move(self) -> int | None:
        """The seat to move if it is the person whose cards are showing, else None."""
        mover = self.match.to_move()
        if mover is not None and self.match.is_human(mover) and mover == self.shown:
            return mover
        return None

    def action_rules(self) -> None:
        self.cs_app.open_help(self.match.game.id)

    def action_hint(self) -> None:
        seat = self.human_to_move()
        if seat is None:
            self.notify("A hint is for your own turn.", severity="warning")
            return
        if self.match.hot_seat:
            self.notify("No hints in hot-seat games.", severity="warning")
            return
        if not self.match.offers_hint:
            self.notify("No hints at this table.", severity="warning")
            return
        self.show_hint(self.match.hint_with_reason(seat))

    def show_hint(self, hint: Hint) -> None:
        """The medium bot's move and why (``hints``): a toast where the table has no
        place of its own for it (the trick tables and Casino's say it in the status)."""
        words = suit_text(f"{hint.action}: {hint.reason}", self.cs_app.settings.ascii)
        self.notify(words, title=HINT_TITLE)

    def action_undo(self) -> None:
        if not self.match.offers_undo:
            self.notify("Undo is for one player against bots.", severity="warning")
            return
        self._stop_bot()
        self.holding = []
        if not self.match.undo():
            self.notify("Nothing to undo yet.", severity="warning")
            return
        self._recorded = False
        self._viewing_final = False
        self.after_undo()
        self.notify("Back to your previous decision.")
        self.refresh_table()
        self.call_after_refresh(self.advance)

    def after_undo(self) -> None:
        """Reset the game screen's own selection after an undo."""

    def action_save(self) -> None:
        """ctrl+s, here or behind the hot-seat curtain (``CurtainScreen``): a save shows
        no cards, so the person at the keyboard may save whoever is next."""
        if self.match.is_over():
            self.notify("The game is over; nothing to save.", severity="warning")
            return
        m = self.match
        if not m.offers_save:
            self.notify("This game is not kept here, so it cannot be saved.", severity="warning")
            return
        store = self.cs_app.store
        old = m.save_path  # the save this game continues: saving again replaces it
        try:
            path = store.save_game(m.to_save(), old.stem if old is not None else None)
        except StoreError as e:
            self.notify(str(e), title="Not saved", severity="error")
            return
        if old is not None and path != old:  # a save whose name the store would not keep
            self._drop_save(old)
        m.save_path = path
        self._saved_moves = tuple(self.match.record)
        self.notify(f"Saved as {path.stem}. Resume it from the picker.", title="Saved")
        self.write_record()

    def _drop_save(self, path: Path) -> None:
        """Remove a save this game no longer needs (it ended, or was saved anew)."""
        try:
            self.cs_app.store.delete_save(path)
        except StoreError as e:
            self.notify(str(e), title="The old save stays", severity="warning")

    def write_record(self) -> None:
        """The game's record, beside the saves (``records.py``): written when the game is
        saved and again when it ends, under one name, so the last one stands."""
        from ..records import record_name

        m = self.match
        try:
            rec = m.to_record()
        except ValueError:
            return  # a save from before records (how the game began is unknown), or none here
        try:
            self.cs_app.store.save_record(rec.to_text(), record_name(m.game.id, m.started, m.seed))
        except StoreError as e:
            self.notify(str(e), title="No record kept", severity="warning")

    def action_leave(self) -> None:
        from .confirm import ConfirmScreen

        if self.match.is_over() or self._saved_moves == tuple(self.match.record):
            self._leave()  # over, or saved with nothing played since: nothing to lose
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self._leave()

        self.app.push_screen(
            ConfirmScreen("Leave this game? (ctrl+s saves it first)", yes="Leave", no="Stay"),
            answer,
        )

    def _leave(self) -> None:
        self._stop_bot()
        self.cs_app.back_to_picker()

    # --- the end --------------------------------------------------------------------------

    def _game_over(self) -> None:
        if not self._recorded:
            self._recorded = True
            self._record_result()
            self.write_record()
            if self.match.save_path is not None:  # a finished game has nothing to resume
                self._drop_save(self.match.save_path)
                self.match.save_path = None
        if self._over_shown or self._viewing_final:
            return
        self._over_shown = True
        from .gameover import GameOverScreen

        def chosen(choice: str | None) -> None:
            self._over_shown = False
            if choice == "rematch":
                self._rematch()
            elif choice == "picker":
                self._leave()
            else:  # look at the table; g brings the result back
                self._viewing_final = True
                self.refresh_bindings()
                self.notify("The final table. Press g for the result.", title="Game over")

        note = self.rating_note()
        self.app.push_screen(GameOverScreen(self.match, self.final_sheet(), note), chosen)

    def final_sheet(self) -> Sheet | None:
        """The score sheet the game-over dialog shows under the scores (None: none); the
        dialog lays it out at its own width and height (``ui/sheet.py``)."""
        return None

    def action_result(self) -> None:
        if not self.match.is_over():
            self.notify("The game is not over yet.", severity="warning")
            return
        self._viewing_final = False
        self._game_over()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer only the keys that work (see the module docstring): True shows a key,
        None shows it dimmed (it works at another moment: a hint on your own turn), False
        leaves it out (not in this match, or not now: the result before the end)."""
        m = self.match
        if action == "undo":
            return m.offers_undo
        if action == "hint":
            if not m.offers_hint or not m.humans or m.hot_seat or m.is_over():
                return False
            return True if self.human_to_move() is not None and not self.holding else None
        if action == "result":
            return m.is_over()
        if action == "save":
            return m.offers_save and not m.is_over()
        return True

    def _record_result(self) -> None:
        """Into the statistics, off the UI thread (a locked database may keep a write
        waiting); what cannot be written is kept for later, never dropped."""
        m = self.match
        if not m.humans:
            return
        winners = set(m.winners())
        scores = m.scores()
        results = [
            PlayerResult(i, s.name, s.kind, i in winners, scores[i]) for i, s in enumerate(m.seats)
        ]
        store = self.cs_app.store
        fields = self.rating_fields()
        self._kept_rating = None
        record = store.game_record(
            m.game.id, m.variant, m.players, m.seed, results, store.now(), fields
        )
        self.cs_app.keep_result(record)
        if fields is not None:  # for the game-over line (``rating_note``)
            seats = [(s.kind, s.name) for s in m.seats]
            self._kept_rating = RatedGame(
                m.game.id, record["finished_at"], seats, fields["teams"], fields["ranks"]
            )

    # --- ratings (``ratings.py``) ----------------------------------------------------------

    def unrated_reason(self) -> str | None:
        """Why this game is not rated (a lesson, undo used, a position ...), or None."""
        from ..ratings import unrated_reason
        from .lesson import LessonTable

        return unrated_reason(self.match, lesson=isinstance(self, LessonTable))

    def rating_note(self) -> str | None:
        """The game-over dialog's line: why the game is not rated, or the players' ratings
        after it (none for a game of bots alone, or where the ratings cannot be read)."""
        from ..ratings import not_rated_line, rated_line

        if not self.match.humans:
            return None
        if self._kept_rating is None:
            return not_rated_line(self.unrated_reason())
        return rated_line(self.cs_app.store, self._kept_rating)

    def rating_fields(self) -> dict[str, Any] | None:
        """A rated game's teams and ranks for its result; None for one not rated."""
        from ..ratings import rating_fields

        if self.unrated_reason() is not None:
            return None
        m = self.match
        return rating_fields(m.game.id, m.game.low_score_wins, m)

    def _rematch(self) -> None:
        m = self.match
        new = Match.new(m.game.id, m.seats, m.variant, m.options, None, self.cs_app.bot_options)
        self._stop_bot()
        self.cs_app.open_table(new, replace=True)
