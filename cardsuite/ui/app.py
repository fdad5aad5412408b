"""The Textual app: picker -> setup -> table, with help, statistics, saves and themes.

Everything game-specific comes from the engine contract (names, players, variants, options,
help) except each game's table, which its own ``screen.py`` provides. The app owns the
settings and the store, the theme and the card style, and the pace at which bots move; the
clock is injected so tests drive time exactly.
"""

from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.screen import Screen

from ..engine import Game
from ..games import entry, get_game
from ..match import Match, SeatSpec
from ..paces import PACE_DELAYS
from ..store import Store, StoreError
from ..table_source import TableSource
from . import css_cache, footer_keys, output_times, palette, patches
from .cardart import CardStyle, suit_text
from .daily import DailyRequest, open_daily
from .themes import DEFAULT_THEME, VARIABLE_DEFAULTS, load_themes, table_variables

# (for annotations only: the remote start brings in the network, and a table screen is
# loaded with its game when one is opened)
if TYPE_CHECKING:
    from .remote_start import HostRequest, JoinRequest
    from .table import TableScreen

patches.apply()
css_cache.apply()
footer_keys.apply()
output_times.apply()

MIN_WIDTH, MIN_HEIGHT = 80, 24


@dataclass
class StartRequest:
    """``cardsuite play GAME ...``: go straight to the table."""

    game: str
    seats: list[SeatSpec]
    variant: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    #: a position's JSON to start from (``cardsuite play GAME --position FILE``), checked
    position: dict[str, Any] | None = None


@dataclass
class ReplayRequest:
    """``cardsuite replay FILE``: go straight to the replay of a game record (a
    ``records.Record``); ``seat`` is whose hand shows (a seat, ``"all"``, or None: the first
    person's, the seat to review); ``reveal``: the players of an unfinished hot-seat game agree
    to show its hidden cards (``replay --reveal``)."""

    record: Any
    seat: int | str | None = None
    reveal: bool = False


@dataclass
class LessonRequest:
    """``cardsuite learn GAME``: go straight to the game's guided first game (its lesson for
    ``variant``, None: the default one; checked by the command)."""

    game: str
    variant: str | None = None


class CardSuiteApp(App[None]):
    CSS_PATH = "styles/app.tcss"
    TITLE = "cardsuite"
    #: Our commands in natural order, found by their descriptions too (``ui/palette.py``).
    COMMANDS: ClassVar[set[Any]] = {palette.CardSuiteCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(
        self,
        store: Store | None = None,
        start: StartRequest
        | ReplayRequest
        | LessonRequest
        | DailyRequest
        | HostRequest
        | JoinRequest
        | None = None,
        theme: str | None = None,
        ascii: bool | None = None,
        pace: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        bot_options: Mapping[str, Mapping[str, Any]] | None = None,
        key_time: Callable[[events.Key], float] | None = None,
        bot_timing_floor: bool = True,
    ) -> None:
        super().__init__()
        self.store = store or Store()
        self.settings, warning = self.store.load_settings()
        self._startup_warnings = [warning] if warning else []
        self.start_request = start
        self.clock = clock
        #: When a key was pressed. ``events.Key.time`` is stamped when the terminal's bytes
        #: are read, on the same clock as ``time.monotonic``; tests swap both together.
        self.key_time: Callable[[events.Key], float] = key_time or (lambda e: e.time)
        self.bot_options = {k: dict(v) for k, v in (bot_options or {}).items()}
        #: Whether a bot whose timing would tell its secret side takes its whole budget
        #: (``Match.think_floor``). Off only where no person plays against that timing: the
        #: screenshots' scripted scenes, whose hard bots have a long budget so their searches
        #: finish the same on any machine, and would otherwise wait it out at every move.
        self.bot_timing_floor = bot_timing_floor
        themes, theme_warnings = load_themes()
        self._startup_warnings += theme_warnings
        for t in themes.values():
            self.register_theme(t)
        if ascii is not None:
            self.settings.ascii = ascii
        if pace is not None:
            self.settings.pace = pace
        wanted = theme or self.settings.theme
        if wanted not in self.available_themes:
            self._startup_warnings.append(f"no theme {wanted!r}; using {DEFAULT_THEME}")
            wanted = DEFAULT_THEME if DEFAULT_THEME in self.available_themes else "textual-dark"
        # Set explicitly so TEXTUAL_THEME in the environment cannot change what tests see.
        self.theme = wanted
        self._remember_theme = theme is None
        self._card_style: CardStyle | None = None
        #: In a browser the click on textual-serve's splash, which starts the app, reaches
        #: the app once it runs, at a random place (the saves list took the focus, and the
        #: next keys went there). Mouse buttons are ignored until this time on ``clock``.
        self.click_guard_until = float("-inf")
        self._told_kept = False  # the player hears once that a result waits for later

    # --- theme and cards ------------------------------------------------------------------

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(VARIABLE_DEFAULTS)

    def get_css_variables(self) -> dict[str, str]:
        """The theme's variables and the table's, derived from them (``themes.table_variables``:
        a felt of the theme's own surface where it names none, text readable on it)."""
        variables = super().get_css_variables()
        variables.update(table_variables(variables, self.current_theme.variables))
        self.theme_variables = variables
        return variables

    @property
    def card_style(self) -> CardStyle:
        if self._card_style is None:
            self._card_style = CardStyle.from_variables(
                self.get_css_variables(), ascii=self.settings.ascii
            )
        return self._card_style

    def _on_theme_changed(self, _theme: object) -> None:
        self._card_style = None
        if self._remember_theme or self.theme != self.settings.theme:
            self.settings.theme = self.theme
            self.save_settings()
        self.refresh_cards()

    def refresh_cards(self) -> None:
        """Redraw every card on the current screen (theme or ASCII mode changed)."""
        self._card_style = None
        for w in [self.screen, *self.screen.query("*")]:
            if hasattr(w, "cards_changed"):
                w.cards_changed()

    def set_ascii(self, on: bool) -> None:
        self.settings.ascii = on
        self.save_settings()
        self.refresh_cards()

    def set_pace(self, pace: str) -> None:
        self.settings.pace = pace
        self.save_settings()
        self.notify(f"Pace: {pace}")

    def preference(self, game_id: str, pref_id: str) -> Any:
        """A game's preference (``Game.preferences``): the player's choice if it is valid for
        the game, else the game's default."""
        option = get_game(game_id).preference(pref_id)
        value = self.settings.games.get(game_id, {}).get(pref_id, option.default)
        try:
            return option.parse(value)
        except ValueError:
            return option.default

    def set_preference(self, game_id: str, pref_id: str, value: Any, say: bool = True) -> None:
        game = get_game(game_id)
        option = game.preference(pref_id)
        self.settings.games.setdefault(game_id, {})[pref_id] = option.parse(value)
        self.save_settings()
        if say:
            shown = option.show(value)
            self.notify(f"{game.name}: {option.name.lower()} {shown} (from the next game)")

    def pace_delays(self) -> tuple[float, float | None]:
        return PACE_DELAYS.get(self.settings.pace, PACE_DELAYS["normal"])

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every notification is shown as plain text: messages carry file names, paths, save
        titles and players' names, and ``[games]`` or ``[/]`` in any of them must be shown,
        not read as Textual markup (which hid text, or crashed the app). A message already on
        screen is not stacked again: a key pressed ten times says its refusal once. A suit
        symbol in it (a rule's reason names cards) is a letter in ASCII mode."""
        ascii = self.settings.ascii
        message, title = suit_text(message, ascii), suit_text(title, ascii)
        if any(n.message == message and n.title == title for n in self._notifications):
            return
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def withdraw_notice(self, message: str) -> None:
        """Take a notification down before its time, once what it announced is over (a
        "Joining…" notice over the table that has opened). A notification is posted to the
        app's queue, not shown at once, so its withdrawal is queued behind it."""

        def withdraw() -> None:
            shown = suit_text(message, self.settings.ascii)
            for notification in [n for n in self._notifications if n.message == shown]:
                self._unnotify(notification)

        self.call_later(withdraw)

    def action_command_palette(self) -> None:
        """Textual's own opens a second palette when one is in the stack but not on top (the
        small-terminal notice over it), or when the last one has left the stack but is
        still being taken down (closed and opened again in one read): two widgets with one
        id, and the app died. One palette at a time."""
        from textual.command import CommandPalette

        if any(isinstance(s, CommandPalette) for s in self.screen_stack):
            return
        if any(node.id == "--command-palette" for node in self._nodes):  # the app's screens
            return  # the last one is still closing: this key is not taken
        super().action_command_palette()

    # --- results, off the UI thread -------------------------------------------------------

    def keep_result(self, record: Mapping[str, Any]) -> None:
        """Put a finished game or a measurement into the statistics in a thread: a database
        locked by another window must not freeze the table. What cannot be written now is
        kept in the pending journal and recorded on a later start; the player is told once."""
        self.run_worker(partial(self._keep_result, dict(record)), thread=True, group="statistics")

    def _keep_result(self, record: dict[str, Any]) -> None:
        try:
            reason = self.store.record_or_keep(record)
        except StoreError as e:  # not even the journal could be written
            self.call_from_thread(self._say_kept, str(e), lost=True)
            return
        if reason is not None:
            self.call_from_thread(self._say_kept, reason, lost=False)

    def _say_kept(self, reason: str, lost: bool) -> None:
        if lost:
            self.notify(reason, title="Result not saved", severity="error", markup=False)
        elif not self._told_kept:
            self._told_kept = True
            self.notify(
                f"{reason} The result is kept in {self.store.pending_path} and goes into the"
                " statistics when they can take it.",
                title="Statistics",
                severity="warning",
                timeout=10,
                markup=False,
            )

    def _flush_pending(self) -> None:
        """At start: tidy killed writes' leftovers and record results kept from before."""
        try:
            self.store.clean_temporaries()
            done, kept, aside = self.store.flush_pending()
        except (OSError, StoreError):
            return
        if done:
            self.call_from_thread(
                self.notify,
                f"{done} result{'s' * (done != 1)} kept from before "
                f"{'are' if done != 1 else 'is'} now in the statistics.",
                title="Statistics",
            )
        if aside:
            self.call_from_thread(
                self.notify,
                f"{aside} result{'s' * (aside != 1)} kept from before "
                f"{'are' if aside != 1 else 'is'} damaged and cannot go into the statistics;"
                f" set aside in {self.store.pending_damaged_path}.",
                title="Statistics",
                severity="warning",
                timeout=10,
            )
        if kept:
            self.call_from_thread(
                self._say_kept,
                "The statistics cannot take results at the moment."
                if kept > 0
                else "The journal of results kept for later cannot be read.",
                False,
            )

    def save_settings(self) -> None:
        """Keep the settings; a disk that refuses (full, read-only) is said, never fatal."""
        try:
            self.store.save_settings(self.settings)
        except StoreError as e:
            self.notify(str(e), title="Settings not saved", severity="error")

    # --- start-up and size ----------------------------------------------------------------

    WEB_CLICK_GUARD: ClassVar[float] = 1.5

    async def on_event(self, event: events.Event) -> None:
        if (
            isinstance(event, (events.MouseDown, events.MouseUp, events.Click))
            and self.clock() < self.click_guard_until
        ):
            return  # the splash's click, not the player's
        await super().on_event(event)

    def on_mount(self) -> None:
        from .picker import PickerScreen

        if self.is_web:
            self.click_guard_until = self.clock() + self.WEB_CLICK_GUARD
        self.theme_changed_signal.subscribe(self, self._on_theme_changed)
        self.push_screen(PickerScreen())
        for w in self._startup_warnings:
            self.notify(w, severity="warning", timeout=8)
        req = self.start_request
        if isinstance(req, ReplayRequest):
            self.open_replay(req.record, req.seat, reveal=req.reveal, alone=True)
        elif isinstance(req, StartRequest):
            if req.position is not None:
                game = get_game(req.game)
                match = Match(
                    game,
                    game.from_json(req.position),
                    req.seats,
                    bot_options=self.bot_options,
                    origin={"position": req.position},
                )
            else:
                match = Match.new(
                    req.game, req.seats, req.variant, req.options, req.seed, self.bot_options
                )
            self.open_table(match)
        elif isinstance(req, LessonRequest):
            self.open_lesson(req.game, req.variant)
        elif isinstance(req, DailyRequest):  # ``cardsuite daily GAME`` (ui/daily.py)
            open_daily(self, req.game, req.day)
        elif req is not None:  # a HostRequest or JoinRequest (``ui/remote_start.py``)
            self.open_remote(req)
        self.call_after_refresh(self._check_size)
        self.run_worker(self._flush_pending, thread=True, group="statistics")

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._check_size)

    def _check_size(self) -> None:
        from .small import TooSmallScreen

        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()

    # --- routing --------------------------------------------------------------------------

    def table_screen_class(self, game: Game) -> type[TableScreen]:
        cls: type[TableScreen] = entry(game.id).screen_class()
        return cls

    def open_setup(self, game_id: str) -> None:
        from .setup import SetupScreen

        self.push_screen(SetupScreen(get_game(game_id), self.last_setup(game_id)))

    def open_table(self, match: TableSource, replace: bool = False) -> None:
        screen = self.table_screen_class(match.game)(match)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def open_replay(
        self, record: Any, seat: int | str | None = None, reveal: bool = False, alone: bool = False
    ) -> None:
        """The replay of a game record (``ui/replay.py``); ``alone``: q quits the app."""
        from .replay import replay_screen

        self.push_screen(replay_screen(self, record, seat, reveal=reveal, alone=alone))

    def open_remote(self, request: HostRequest | JoinRequest) -> None:
        """Host a table (``remote_start.HostRequest``) or join one (``JoinRequest``); the
        server, if any, lives as long as this worker (``ui/remote_start.py``)."""
        from . import remote_start

        if isinstance(request, remote_start.HostRequest):
            self.run_worker(remote_start.host(self, request), group="remote")
        else:
            self.run_worker(remote_start.join(self, request), group="remote")

    def open_history(self) -> None:
        """The list of game records, each opening its replay (``ui/history.py``)."""
        from .history import HistoryScreen

        self.push_screen(HistoryScreen())

    def open_lesson(self, game_id: str, variant: str | None = None) -> None:
        """The guided first game of ``game_id`` (``ui/lesson.py``); a game without a lesson
        for ``variant`` is said, and nothing opens."""
        from ..learn.lesson import LessonError, load_lesson
        from .lesson import open_lesson

        try:
            lesson = load_lesson(game_id, variant)
        except LessonError as e:
            self.notify(str(e), title="No lesson", severity="warning")
            return
        open_lesson(self, lesson)

    def open_help(self, game_id: str) -> None:
        """The game's rules. Each game's help screen is built once (parsing and laying out
        the Markdown is what costs) and kept installed, so it opens at once after that (one
        for each card style: in ASCII mode its suit symbols are letters)."""
        from .help import HelpScreen

        ascii = self.settings.ascii
        name = f"help-{game_id}{'-ascii' if ascii else ''}"
        if not self.is_screen_installed(name):
            self.install_screen(HelpScreen(get_game(game_id), ascii), name)
        self.push_screen(name)

    def open_stats(self) -> None:
        from .stats import StatsScreen

        self.push_screen(StatsScreen())

    def back_to_picker(self) -> None:
        from .picker import PickerScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, PickerScreen):
            self.pop_screen()
        if isinstance(self.screen, PickerScreen):
            self.screen.reload()

    # --- command palette ------------------------------------------------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        ascii_now = self.settings.ascii
        yield SystemCommand(
            # (in ASCII mode no suit symbol is drawn, this entry's own included)
            "Cards: "
            + ("suit symbols instead of letters" if ascii_now else "ASCII suits (S H D C)"),
            "Draw suits as symbols or as letters",
            lambda: self.set_ascii(not ascii_now),
        )
        yield from palette.pace_commands(self)
        yield from palette.preference_commands(self, screen)
        yield SystemCommand("Statistics", "Games played and won", self.open_stats)
        yield SystemCommand("History", "The records of games played: replay one", self.open_history)

    def remember_setup(self, game_id: str, setup: dict[str, Any]) -> None:
        self.settings.last_setup[game_id] = setup
        self.save_settings()

    def last_setup(self, game_id: str) -> dict[str, Any] | None:
        return self.settings.last_setup.get(game_id)


def run_app(**kwargs: Any) -> None:
    """Start the app in this terminal (the CLI's ``play``; tests replace this function).

    An unhandled error exits non-zero (Textual prints its traceback and returns): the
    traceback is also written to a crash log in the cardsuite folder, and the last line on
    the terminal says where it is."""
    app = CardSuiteApp(**kwargs)
    app.run()
    exit_if_crashed(app)


def exit_if_crashed(app: CardSuiteApp) -> None:
    """After ``run``: on an unhandled error, the crash log and a non-zero exit."""
    if app.return_code:
        where = write_crash_log(app.store.home, app._exception)
        sys.stderr.write(f"cardsuite stopped on an error; the details are in {where}\n")
        raise SystemExit(app.return_code)


def crash_report(error: BaseException | None) -> str:
    """The traceback of ``error`` as a crash log holds it. An error in a worker reaches the
    app as Textual's ``WorkerFailed`` (its ``error`` the original), made after the fact, so
    its own traceback, if any, is not where anything went wrong: the original error's whole
    traceback (and its causes) follows it."""
    if error is None:
        return "no traceback"
    parts: list[str] = []
    seen: set[int] = set()
    while True:
        seen.add(id(error))
        inner = getattr(error, "error", None)
        if not isinstance(inner, BaseException) or id(inner) in seen:
            break
        if error.__traceback__ is None:
            parts.append(f"{type(error).__name__}: {error}\n")
        else:
            parts += traceback.format_exception(error)
        parts.append("\nThe error it wraps, where it was raised:\n\n")
        error = inner
    return "".join(parts) + "".join(traceback.format_exception(error))


def write_crash_log(home: Path, error: BaseException | None) -> Path | str:
    """The traceback of ``error`` in ``home/crash-<time>.log``; where it went (or why not)."""
    text = crash_report(error)
    path = home / f"crash-{time.strftime('%Y%m%d-%H%M%S')}.log"
    try:
        home.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    except OSError as e:
        return f"nowhere (the log could not be written: {e.strerror})"
    return path
