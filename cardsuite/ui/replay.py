"""The replay of a game record: the game's own table at any move, stepped back and forth.

A replay screen is made from the game's table screen class (``replay_screen_class``): the
``ReplayTable`` mixin goes in front of it, so the game draws its table exactly as in play,
from ``match.view(shown)``, the public log and nothing else, while the mixin

- switches the turn loop off (``advance`` does nothing: no bot thinks, no key is a move; the
  game's own key handler and bindings are not reached);
- keeps a ``ReplayMatch`` whose state is the position at the cursor, taken from a ``Replay``
  (``replay_data.py``: every position computed once, so stepping back is instant), and says
  to the table what a move says in play: the view just before it, then its events
  (``on_new_events``), then, after a trick or a showdown, the pause that holds the finished
  trick on the felt as it was;
- adds a bar at the top (move k of N, whose move, its text and note, the record's error if
  a line would not replay), the list of moves beside the log (the current one highlighted;
  a click or enter jumps) and, when every hand is face up, a panel of each seat's hand drawn
  from that seat's own ``view(seat)["hand"]``.

Keys: ← → a move; shift+← → (or [ ]) a trick, a capture or a turn (``Replay.rounds``);
PgUp PgDn (or { }) a deal; Home End the start and the end; ↑ ↓ in the list of moves; ``s``
whose hand shows: each seat in turn, then all face up, then none (the table as a spectator
sees it); ``l`` the last trick (trick games); ``r`` the hard bot's review of the seat shown
(``review.py``, in a thread, three times the hard bot's budget in play): the moves it would
change are marked in the list (✗, the worst three numbered, with their cost), ``1`` ``2``
``3`` go to the worst and ``n`` to the next one, and the bar says what it prefers there;
``?`` the rules; ``q`` or escape back (to the shell when ``cardsuite replay FILE`` opened it).

A *private* record (``Record.private``: an unfinished game that two or more people played at
one keyboard) shows only what every one of them saw: the spectator's table, the public log,
and each move as the log tells it (``move_words``: an exchange's count, not its discards).
``s`` and ``r`` (the review tells the bot's choice from a hand) first ask, in a dialog that
says why, whether every player agrees to show the hidden cards; ``replay_screen``'s
``reveal`` is that agreement given already (``cardsuite replay --reveal``).
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Region, Size
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from ..cards import Card
from ..engine import Event
from ..games import get_game
from ..records import Record
from ..review import (
    ITERATIONS,
    TIME_BUDGET,
    Review,
    agrees,
    confidence_words,
    cost_words,
    plural,
    review,
)
from .cardart import SMALL, Canvas, CardStyle, draw_fan
from .closing import close_once
from .replay_data import Replay, ReplayMatch
from .table import TableScreen
from .widgets import HandView, LogView, card_style, event_text

if TYPE_CHECKING:
    from ..table_source import TableSource
    from .app import CardSuiteApp

#: Seat modes besides a seat's number: every hand face up; no hand (the spectator's table).
ALL = "all"
NONE = "none"

_CARD = re.compile(r"(?<![A-Za-z0-9])(JK|(?:10|[2-9AJQKT])[SHDC])(?![A-Za-z0-9])")


def move_text(text: str, cs: CardStyle) -> Text:
    """A move's notation with its cards drawn as the table's card labels."""
    out = Text()
    pos = 0
    for m in _CARD.finditer(text):
        out.append(text[pos : m.start()])
        try:
            out.append_text(cs.inline(Card.parse(m.group(1))))
        except ValueError:
            out.append(m.group(1))
        pos = m.end()
    out.append(text[pos:])
    return out


def move_words(replay: Replay, k: int, cs: CardStyle, public: bool = False) -> Text:
    """What move ``k`` (1-based) did, for the list and the bar: its notation with the cards
    drawn, or with ``public``, only what the game's public log says of it (its first event:
    an exchange's count, never its discards), since a move's text may name cards that only
    its player saw."""
    move = replay.move(k)
    if move is None:
        return Text()
    if not public:
        return move_text(move.text, cs)
    names = replay.names()
    evs = replay.events_of(k)
    if evs:
        return event_text(evs[0], names, cs)
    who = names[move.seat] if 0 <= move.seat < len(names) else "Somebody"
    return Text.assemble((who, "bold"), " moves")


class MovesList(OptionList):
    """Every move of the record, numbered, with the seat's name; the highlight is the
    replay's cursor (position 0 is the start). A refused line is listed last, dimmed."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.can_focus = False  # the replay's keys move it; a click jumps

    def fill(
        self,
        replay: Replay,
        cs: CardStyle,
        marks: dict[int, Text] | None = None,
        public: bool = False,
    ) -> None:
        """List the moves; ``marks`` (by move number) are the review's notes on them;
        ``public``: each move as the public log tells it (``move_words``)."""
        self.replay = replay
        self.marks = marks or {}
        self.public = public
        names = replay.names()
        width = len(str(replay.last))
        start = Text(f"{'':>{width}} the start", style="italic", no_wrap=True)
        options = [Option(start, id="m0")]
        for k, move in enumerate(replay.moves, start=1):
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append(f"{k:>{width}} ")  # (not dim: the highlight's ground is the accent)
            if not public:
                who = names[move.seat] if 0 <= move.seat < len(names) else "—"
                line.append(who, style="bold")
                line.append(" ")
            line.append_text(move_words(replay, k, cs, public))
            if move.note:
                line.append(f"  {move.note}", style="italic")
            if k in self.marks:
                line.append(" ")
                line.append_text(self.marks[k])
            options.append(Option(line, id=f"m{k}"))
        err = replay.error
        if err is not None:
            rest = replay.record.moves[replay.last :]
            bad = rest[0] if rest else None
            label = Text(f"{'✗':>{width}} ", style="bold", no_wrap=True, overflow="ellipsis")
            said = bad.text if bad and not public else err.reason
            label.append(f"line {err.line}: {said}", style="dim")
            options.append(Option(label, id="bad", disabled=True))
        self.clear_options()
        self.add_options(options)

    def cards_changed(self) -> None:
        """ASCII cards or the theme changed: the moves' cards follow."""
        replay = getattr(self, "replay", None)
        if replay is not None:
            at = self.highlighted
            self.fill(replay, card_style(self), self.marks, self.public)
            if at is not None:
                self.highlighted = at

    def follow(self, k: int) -> None:
        if self.highlighted != k:
            self.highlighted = k
        # once the layout has settled: the bar above may have grown a line (the review's
        # word on this move) and shrunk the list after the highlight scrolled into view
        self.call_after_refresh(self.keep_in_view)

    def keep_in_view(self) -> None:
        """Scroll so the highlighted position and the move after it (the one about to be
        made, where a jump to a review's decision lands) both show."""
        k = self.highlighted
        if k is None or not self.is_mounted:
            return
        lines = self._index_to_line
        top, bottom = lines.get(k), lines.get(min(k + 1, self.option_count - 1))
        if top is None or bottom is None:
            self.scroll_to_highlight()
            return
        height = bottom - top + self._heights[min(k + 1, self.option_count - 1)]
        region = Region(0, top, self.scrollable_content_region.width, height)
        self.scroll_to_region(region, force=True, animate=False, immediate=True)


class HandsPanel(Widget):
    """Every seat's hand face up, each drawn from that seat's own view: a fan of card faces
    a row per seat where there is room, else a line (or two) of card labels."""

    DEFAULT_CSS = "HandsPanel { height: auto; }"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.rows: list[tuple[Text, list[Card] | int]] = []
        self.fans = False

    def show(self, rows: list[tuple[Text, list[Card] | int]], fans: bool) -> None:
        self.rows = rows
        self.fans = fans
        self.refresh(layout=True)

    def cards_changed(self) -> None:
        self.refresh()

    def _name_width(self) -> int:
        return min(14, max((len(t.plain) for t, _ in self.rows), default=4) + 1)

    def _lines(self, width: int) -> list[Text]:
        cs = card_style(self)
        name_w = self._name_width()
        out: list[Text] = []
        room = max(8, width - name_w)
        for title, cards in self.rows:
            line = title.copy()
            line.truncate(name_w - 1)
            line.pad_right(name_w - len(line.plain))
            used = 0
            if isinstance(cards, int):
                line.append(f"{cards} cards, face down", style="dim italic")
            elif not cards:
                line.append("no cards", style="dim italic")
            for c in cards if isinstance(cards, list) else []:
                label = cs.inline(c)
                if used and used + len(label.plain) + 1 > room:
                    out.append(line)
                    line = Text(" " * name_w)
                    used = 0
                line.append_text(label)
                line.append(" ")
                used += len(label.plain) + 1
            out.append(line)
        return out

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self.fans:
            return SMALL.h * len(self.rows)
        return max(1, len(self._lines(width)))

    def render(self) -> Text:
        width = max(self.size.width, 10)
        if not self.fans:
            return Text("\n").join(self._lines(width))
        cs = card_style(self)
        name_w = self._name_width()
        canvas = Canvas(width, SMALL.h * len(self.rows))
        for i, (title, cards) in enumerate(self.rows):
            y = i * SMALL.h
            canvas.put_text(0, y + 1, title, name_w - 1)  # cut to its column
            if isinstance(cards, int) or not cards:
                text = f"{cards} cards, face down" if isinstance(cards, int) else "no cards"
                canvas.put(name_w, y + 1, text, Style(dim=True, italic=True))
                continue
            room = width - name_w - 1
            step = SMALL.step
            while step > 3 and SMALL.fan_width(len(cards), step) > room:
                step -= 1
            draw_fan(canvas, name_w, y - 1, cards, cs, step=step)
        return canvas.text()


class ReplayTable:
    """The replay's part of a replay screen (see the module docstring); it goes before the
    game's table screen class in ``replay_screen_class``."""

    TCSS: ClassVar[str | None] = "replay.tcss"

    # what the table screen it is mixed into provides
    if TYPE_CHECKING:
        match: TableSource
        shown: int | None
        holding: list[Event]
        PAUSE_AFTER: ClassVar[frozenset[str]]
        app: CardSuiteApp
        size: Size
        is_mounted: bool
        is_attached: bool

        def _live(self) -> bool: ...

        def query_one(self, selector: Any, expect_type: Any = None) -> Any: ...
        def query(self, selector: Any) -> Any: ...
        def notify(self, message: str, **kwargs: Any) -> None: ...
        def set_class(self, add: bool, *names: str) -> Any: ...
        def call_after_refresh(self, callback: Any, *args: Any) -> bool: ...
        def view(self) -> dict[str, Any]: ...
        def after_undo(self) -> None: ...
        def on_new_events(self, events_: list[Event]) -> None: ...
        def refresh_bindings(self) -> None: ...

    def __init__(
        self,
        replay: Replay,
        seat: int | str | None = None,
        at: int | None = None,
        reveal: bool = False,
        alone: bool = False,
    ):
        match = ReplayMatch(replay)
        # a mixin: the next class is the game's table screen, chosen at run time, which mypy
        # does not see (it sees ``object``): the same for every ``super()`` call below
        super().__init__(match)  # type: ignore[call-arg]
        self.replay = replay
        #: opened by ``cardsuite replay FILE``: q ends the app (back to the shell), as the
        #: command was its whole errand; from the history q goes back to it
        self.rp_alone = alone
        #: an unfinished hot-seat game (``Record.private``): only the public table and log
        #: show, until the players agree to show the hidden cards (``reveal``, or ``s``/``r``
        #: and the confirmation)
        self.rp_private = replay.record.private and not reveal
        #: the hands asked for (``replay_screen``'s ``seat``) that a private record shows
        #: only once the players agree: asked as the screen opens
        self._rp_ask_for: int | str | None = None
        self.rp_modes = self._modes()
        if self.rp_private and seat not in (None, NONE):
            self._rp_ask_for = seat
            seat = NONE
        if seat is None:  # the seat to review: the first person's (``r`` works at once)
            seat = self._first_seat()
        if seat not in self.rp_modes:
            seat = self.rp_modes[0]
        self.rp_mode = seat
        self._apply_mode()
        if at is None:
            at = replay.last if replay.error is not None else 0
        self.rp_at = max(0, min(at, replay.last))
        self._rp_placed = False  # nothing on the table yet: the first placing is a jump
        #: the hard bot's review of one seat (``r``), and how far a running one has got
        self.rp_review: Review | None = None
        self.rp_reviewing: tuple[int, int, int] | None = None  # seat, done, of

    def _first_seat(self) -> int:
        """The seat a replay opens on: the first person's, else (bots only) the first."""
        people = self.match.humans
        return people[0] if people else 0

    def _modes(self) -> list[int | str]:
        """Whose hands ``s`` may show: each seat, every hand, none; only none (the public
        table) where nobody's hand shows (Money) or the record is private."""
        if not self.match.game.hidden_hands or self.rp_private:
            return [NONE]
        return [*range(self.match.players), ALL, NONE]

    # --- what the screen is ---------------------------------------------------------------

    @property
    def rp_app(self) -> CardSuiteApp:
        return cast("CardSuiteApp", self.app)

    def compose(self) -> ComposeResult:
        """The game's own table, with the bar above it, the moves beside its log and the
        hands panel under its hand; one footer with the replay's keys."""
        yield Static(id="rp-bar")
        for widget in super().compose():  # type: ignore[misc]  # (the table's: see __init__)
            if isinstance(widget, Footer):
                continue
            if isinstance(widget, LogView):
                with Vertical(id="rp-side"):
                    yield MovesList(id="rp-moves", classes="panel")
                    yield widget
                continue
            yield widget
            if isinstance(widget, HandView):
                with VerticalScroll(id="rp-hands-box", classes="panel"):
                    yield HandsPanel(id="rp-hands")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        """(Textual calls the game's own ``on_mount`` after this one.)"""
        moves = self.query_one(MovesList)
        moves.border_title = "Moves"
        moves.fill(self.replay, card_style(cast(Widget, self)), public=self.rp_private)
        for box in self.query("#rp-hands-box"):
            box.border_title = "Every hand, face up"
            box.can_focus = False
        self.call_after_refresh(self.rp_goto, self.rp_at)
        if self.replay.error is not None:
            self.notify(
                f"The record stops replaying at {self._rp_error_words()}. It shows the game "
                "up to the last move that replays.",
                title="Record",
                severity="warning",
                timeout=10,
            )
        if self._rp_ask_for is not None:
            wanted, self._rp_ask_for = self._rp_ask_for, None
            self.call_after_refresh(self._rp_ask_to_reveal, wanted)
        elif self.rp_private:
            self.notify(
                f"{self.replay.record.private_why()}: the table shows only what everyone "
                "saw. s asks to show the hands.",
                title="Hands hidden",
                timeout=10,
            )

    def _rp_error_words(self) -> str:
        """The record's error, where it is: a private record's refused line is not quoted
        (it may name hidden cards)."""
        err = self.replay.error
        if err is None:
            return ""
        if self.rp_private:
            return f"line {err.line}" if err.line else "a move that does not replay"
        return str(err)

    # --- the turn loop, off ---------------------------------------------------------------

    def advance(self) -> None:
        """No turn loop in a replay: nobody moves but the cursor."""

    def human_to_move(self) -> int | None:
        return None

    def hold_note(self) -> str:
        kinds = {e.kind for e in self.holding}
        if "showdown" in kinds:
            return "The showdown, as it was. → goes on."
        if "trick" in kinds:
            return "The trick, as it was taken. → goes on."
        return "The table paused here in play. → goes on."

    def _status(self, view: dict[str, Any], names: list[str]) -> Text:
        """The status line of the table frames (trick table, Casino): whose turn it is and
        the record's next move, instead of a prompt to play."""
        if self.holding:
            return Text(self.hold_note(), style="italic")
        mover = view.get("to_move")
        if mover is None:
            return Text(f"The game is over. {self.replay.record.result}", style="bold")
        out = Text.assemble(("▶ ", "bold"), (names[mover], "bold"), " to move")
        phase = view.get("phase")
        if phase and phase != "play":
            out.append(f" ({phase})", style="dim")
        if self.replay.move(self.rp_at + 1) is not None:
            out.append("   next: ", style="dim")
            cs = card_style(cast(Widget, self))
            out.append_text(move_words(self.replay, self.rp_at + 1, cs, self.rp_private))
        return out

    def on_key(self, event: events.Key) -> None:
        """Keys go to the replay's bindings only: the game's own key handler (Money's turn
        and snap keys, the Casino composer) and the hold's "any key goes on" are not reached."""
        event.prevent_default()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "last_trick":
            return hasattr(self, "_tricks")
        return True

    # --- placing a position ---------------------------------------------------------------

    def rp_goto(self, k: int) -> None:
        """Put position ``k`` on the table as the move that led to it left it in play: the
        position before it, the view just before it, then its events."""
        if not (self.is_mounted and self.is_attached):
            return  # closed meanwhile
        r = self.replay
        k = max(0, min(k, r.last))
        m = cast(ReplayMatch, self.match)
        if not (self._rp_placed and k == self.rp_at + 1):
            m.show(max(0, k - 1))
            self.after_undo()  # the game's own reset: selection, hints, its log and tricks
            for log in self.query(LogView):
                log.set_events(m.public_log(), m.names())
        self._rp_placed = True
        self.holding = []
        if hasattr(self, "_held"):
            self._held = None  # the trick frame's held moment
        if k > 0:
            if hasattr(self, "_before"):
                self._before = self.view()  # the trick frame's view before the move
            m.show(k)
            new = r.events_of(k)
            self.on_new_events(list(new))
            if any(e.kind in self.PAUSE_AFTER for e in new):
                self.holding = list(new)
        self.rp_at = k
        self.refresh_table()

    def refresh_table(self) -> None:
        if not self.is_attached:
            return
        super().refresh_table()  # type: ignore[misc]  # (the table's: see __init__)
        if not self.is_mounted:
            return
        self._rp_bar()
        self._rp_hands()
        self.query_one(MovesList).follow(self.rp_at)

    def _rp_bar(self) -> None:
        r = self.replay
        cs = card_style(cast(Widget, self))
        names = r.names()
        left = Text()
        left.append("Replay", style="bold reverse")
        left.append(f"  {self.match.game.name} · ", style="bold")
        left.append(f"move {self.rp_at} of {r.last}", style="bold")
        move = r.move(self.rp_at)
        if move is None:
            left.append(" · the start", style="italic")
        else:
            left.append(" · ")
            if not self.rp_private:
                who = names[move.seat] if 0 <= move.seat < len(names) else "—"
                left.append(who, style="bold")
                left.append(": ")
            left.append_text(move_words(r, self.rp_at, cs, self.rp_private))
            if move.note:
                left.append(f"  ({move.note})", style="italic")
        if self.rp_at == r.last and self.match.is_over() and r.record.finished:
            left.append(f" · {r.record.result}", style="italic")
        if self.rp_private:
            right = Text("hands hidden (s)", style="italic")  # (on the accent: not dim)
        elif len(self.rp_modes) > 1:
            right = Text(f"s: {self._mode_name()}", style="italic")
        else:
            right = Text()
        grid = Table.grid(expand=True)
        grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        grid.add_column(no_wrap=True, justify="right")
        grid.add_row(left, right)
        lines = [left.plain, right.plain]
        if r.error is not None:
            wrong = Text(f"✗ The record stops at {self._rp_error_words()}", style="bold")
            grid.add_row(wrong, Text(""))
            lines.append(wrong.plain)
        note = self._rp_review_line(cs)
        if note is not None:
            grid.add_row(note, Text(""))
            lines.append(note.plain)
        #: what the bar says, as plain text
        self.rp_bar_text = "  ".join(lines)
        bar = self.query_one("#rp-bar", Static)
        bar.update(grid)
        bar.set_class(r.error is not None, "-error")

    def _mode_name(self) -> str:
        mode = self.rp_mode
        if mode == ALL:
            return "every hand"
        if mode == NONE:
            return "no hand" if self.match.game.hidden_hands else "the table"
        return f"{self.match.seats[int(mode)].name}'s hand"

    def _rp_hands(self) -> None:
        panels = self.query(HandsPanel)
        if not panels:
            return
        panel = panels.first()
        if self.rp_mode != ALL:
            return
        rows: list[tuple[Text, list[Card] | int]] = []
        mover = None if self.holding else self.view().get("to_move")
        for s, spec in enumerate(self.match.seats):
            hand = self.match.view(s)["hand"]  # each seat's own view: its own cards only
            title = Text.assemble(("▶" if s == mover else "", "bold"), (spec.name, "bold"))
            cards: list[Card] | int = (
                [Card.parse(c) for c in hand] if isinstance(hand, list) else int(hand or 0)
            )
            rows.append((title, cards))
        big = self.app.size.height >= 48 and len(rows) <= 4
        panel.show(rows, fans=big)

    # --- keys -----------------------------------------------------------------------------

    def action_rp_step(self, step: int) -> None:
        self.rp_goto(self.rp_at + step)

    def action_rp_round(self, step: int) -> None:
        units = self.replay.rounds
        self.rp_goto(units.after(self.rp_at) if step > 0 else units.before(self.rp_at))

    def action_rp_deal(self, step: int) -> None:
        units = self.replay.deals
        self.rp_goto(units.after(self.rp_at) if step > 0 else units.before(self.rp_at))

    def action_rp_jump(self, k: int) -> None:
        self.rp_goto(self.replay.last if k < 0 else k)

    def action_rp_seat(self) -> None:
        if self.rp_private:
            self._rp_ask_to_reveal(None)
            return
        if len(self.rp_modes) == 1:
            self.notify(
                f"In {self.match.game.name} every seat sees the same table.", severity="warning"
            )
            return
        i = self.rp_modes.index(self.rp_mode)
        self.rp_mode = self.rp_modes[(i + 1) % len(self.rp_modes)]
        self._apply_mode()
        self.rp_goto(self.rp_at)  # the moment held depends on whose view it is

    def _apply_mode(self) -> None:
        mode = self.rp_mode
        if isinstance(mode, int):
            self.shown = mode
        elif self.match.game.hidden_hands:
            self.shown = None
        self.set_class(mode == ALL, "-rp-all")

    def action_rp_back(self) -> None:
        if self.rp_alone:
            self.app.exit()
            return
        close_once(cast(Any, self))

    # --- a private record's hands (``Record.private``) --------------------------------------

    def _rp_ask_to_reveal(self, then: int | str | None) -> None:
        """Ask the players whether every hand may show; on yes, show ``then`` (a seat,
        ``ALL``, ``"review"`` to start the review, or None: the first seat to review)."""
        from .confirm import ConfirmScreen

        if not (self.rp_private and self.is_attached):
            return
        question = (
            f"Show the hidden cards?\n\n{self.replay.record.private_why()}.\n\n"
            "Showing the hands (or the review, which tells the bot's choices from a hand) "
            "shows each player's cards to everyone at this screen. Show them only if every "
            "player agrees."
        )

        def answer(yes: bool | None) -> None:
            if yes:
                self.rp_reveal(then)

        self.app.clear_notifications()  # the dialog says it all; a toast would cover it
        cast(Any, self).app.push_screen(
            ConfirmScreen(question, yes="Show them", no="Keep hidden"), answer
        )

    def rp_reveal(self, then: int | str | None = None) -> None:
        """The players agreed: every route to the hidden cards opens (``s`` cycles every
        mode, moves are listed in full, ``r`` reviews)."""
        if not self.rp_private or not self.is_attached:
            return
        self.rp_private = False
        self.rp_modes = self._modes()
        review = then == "review"
        if then not in self.rp_modes:
            then = self._first_seat()
        self.rp_mode = then
        self._apply_mode()
        moves = self.query_one(MovesList)
        at = moves.highlighted
        moves.fill(self.replay, card_style(cast(Widget, self)), moves.marks)
        if at is not None:
            moves.highlighted = at
        self.rp_goto(self.rp_at)
        if review:
            self.action_rp_review()

    # --- the review (``review.py``) --------------------------------------------------------

    def _rp_review_seat(self) -> int | None:
        """Whose decisions ``r`` reviews: the seat whose hand shows, else the one person."""
        if isinstance(self.rp_mode, int):
            return self.rp_mode
        humans = self.match.humans
        return humans[0] if len(humans) == 1 else None

    def review_budget(self) -> tuple[int, float]:
        """The review's search per decision: three times the hard bot's in play."""
        hard = self.rp_app.bot_options.get("hard", {})
        iterations = int(hard.get("iterations", ITERATIONS // 3))
        seconds = float(hard.get("time_budget", TIME_BUDGET / 3))
        return 3 * iterations, 3 * seconds

    def action_rp_review(self) -> None:
        if self.rp_private:
            self._rp_ask_to_reveal("review")
            return
        if self.rp_reviewing is not None:
            self.notify("The review is still going.", severity="warning")
            return
        seat = self._rp_review_seat()
        if seat is None:
            self.notify(
                "Show the seat to review first: s chooses whose hand shows.", severity="warning"
            )
            return
        if self.replay.error is not None:
            self.notify(
                f"This record stops replaying at {self.replay.error}: it cannot be reviewed.",
                severity="error",
            )
            return
        name = self.match.seats[seat].name
        self.rp_reviewing = (seat, 0, 0)
        self.notify(f"The hard bot goes through {name}'s decisions…", title="Review")
        self._rp_bar()
        self._rp_run_review(seat)

    @work(thread=True, exclusive=True, group="review")
    def _rp_run_review(self, seat: int) -> None:
        worker = get_current_worker()
        iterations, seconds = self.review_budget()

        def progress(done: int, total: int) -> None:
            if not worker.is_cancelled:
                self.app.call_from_thread(self._rp_review_progress, seat, done, total)

        try:
            report = review(
                self.replay.record,
                seat,
                iterations=iterations,
                time_budget=seconds,
                progress=progress,
                cancelled=lambda: worker.is_cancelled,
            )
        except ValueError as e:  # a record that stops replaying (RecordError)
            if not worker.is_cancelled:
                self.app.call_from_thread(self._rp_review_failed, str(e))
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._rp_review_done, report)

    def _rp_review_progress(self, seat: int, done: int, total: int) -> None:
        if self._live() and self.rp_reviewing is not None:
            self.rp_reviewing = (seat, done, total)
            self._rp_bar()

    def _rp_review_failed(self, why: str) -> None:
        self.rp_reviewing = None
        if self._live():
            self.notify(why, title="No review", severity="error")
            self._rp_bar()

    def _rp_review_done(self, report: Review) -> None:
        self.rp_reviewing = None
        if not self._live():  # the review came back to a replay being closed: nothing to mark
            return
        self.rp_review = report
        worst = report.worst()
        rank = {d.index: n for n, d in enumerate(worst, 1)}
        marks: dict[int, Text] = {}
        for d in report.differs:
            n = rank.get(d.index)
            # the worst (sure) ones numbered and bold; an unsure one with a question mark
            style = "bold" if n else "dim"
            unsure = "" if d.sure_enough else "?"
            marks[d.index + 1] = Text(f"✗{n or ''} {d.cost:.1f}{unsure}", style=style)
        moves = self.query_one(MovesList)
        at = moves.highlighted
        moves.fill(self.replay, card_style(cast(Widget, self)), marks, self.rp_private)
        if at is not None:
            moves.highlighted = at
        self.notify(self._rp_review_summary(report), title="Review", timeout=10)
        self._rp_bar()

    def _rp_review_summary(self, report: Review) -> str:
        """What the review found, in words that fit: nothing to review, nothing to change,
        changes none of which is sure, or the worst sure ones and their keys."""
        name = self.match.seats[report.seat].name
        worst = report.worst()
        if not report.reviewed:
            return f"Nothing to review: each of {name}'s moves was the only choice."
        if not report.differs:
            return agrees(name, report.reviewed)
        changes = (
            f"The hard bot would choose otherwise in {len(report.differs)} of {name}'s "
            f"{plural(report.reviewed, 'decision')}"
            if report.reviewed > 1
            else f"The hard bot would choose otherwise in {name}'s one decision"
        )
        if not worst:
            return (
                f"{changes}, but is sure of none (marked ✗ with a ?): the differences are "
                "small enough to be chance. n goes to the next one."
            )
        unit = worst[0].unit
        if len(worst) == 1:
            return (
                f"{changes}; it is sure of one, which costs about {worst[0].cost:.1f} {unit}:"
                " 1 goes to it, n to the next one."
            )
        costs = ", ".join(f"{d.cost:.1f}" for d in worst)
        return (
            f"{changes}; the worst {len(worst)} it is sure of cost about {costs} {unit}:"
            f" 1-{len(worst)} go to them, n to the next one."
        )

    def action_rp_worst(self, n: int) -> None:
        report = self.rp_review
        if report is None:
            self.notify("No review yet: r reviews the seat shown.", severity="warning")
            return
        worst = report.worst()
        if n > len(worst):
            found = plural(len(worst), "decision")
            self.notify(
                f"The review is sure of {found} to change"
                + (" (n goes to the unsure ones)." if report.differs else "."),
                severity="warning",
            )
            return
        self.rp_goto(worst[n - 1].index)  # the position the decision was made in

    def action_rp_next_review(self) -> None:
        report = self.rp_review
        if report is None:
            self.notify("No review yet: r reviews the seat shown.", severity="warning")
            return
        later = [d.index for d in report.differs if d.index > self.rp_at]
        if not later:
            self.notify("No later decision to change.", severity="warning")
            return
        self.rp_goto(later[0])

    def _rp_review_line(self, cs: CardStyle) -> Text | None:
        """The review's word on the move at the cursor, or on the one about to be made."""
        if self.rp_reviewing is not None:
            seat, done, total = self.rp_reviewing
            name = self.match.seats[seat].name
            return Text(f"Review of {name}: {done} of {total or '?'} decisions…", style="italic")
        report = self.rp_review
        if report is None:
            return None
        by_index = {d.index: d for d in report.differs}
        d = by_index.get(self.rp_at, by_index.get(self.rp_at - 1))
        if d is None:
            return None
        when = "next move" if d.index == self.rp_at else "this move"
        out = Text(f"Review, {when}", style="bold")
        if d.where:
            out.append(f" ({d.where})", style="bold")
        out.append(": played ‘")
        out.append_text(move_text(d.played, cs))
        out.append("’, the bot: ‘")
        out.append_text(move_text(d.best, cs))
        out.append("’ · ")
        out.append(f"{cost_words(d.cost, d.unit)}, {confidence_words(d)}", style="bold")
        return out

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if isinstance(event.option_list, MovesList):
            event.stop()
            if event.option_index != self.rp_at:
                self.rp_goto(event.option_index)


def _bindings(
    game_cls: type, rounds: str, deals: str, hands: bool, alone: bool
) -> list[BindingType]:
    out: list[BindingType] = [
        Binding("left", "rp_step(-1)", "Move", key_display="←→", priority=True),
        Binding("right", "rp_step(1)", "Move", show=False, priority=True),
        Binding(
            "shift+left,left_square_bracket",
            "rp_round(-1)",
            rounds.capitalize(),
            key_display="⇧←→",
            priority=True,
        ),
        Binding("shift+right,right_square_bracket", "rp_round(1)", show=False, priority=True),
    ]
    if deals != rounds:
        out += [
            Binding(
                "pageup,left_curly_bracket",
                "rp_deal(-1)",
                deals.capitalize(),
                key_display="PgUp/Dn",
                priority=True,
            ),
            Binding("pagedown,right_curly_bracket", "rp_deal(1)", show=False, priority=True),
        ]
    out += [
        Binding("home", "rp_jump(0)", "Ends", key_display="Home/End", priority=True),
        Binding("end", "rp_jump(-1)", show=False, priority=True),
        Binding("up", "rp_step(-1)", show=False, priority=True),
        Binding("down", "rp_step(1)", show=False, priority=True),
    ]
    if hands:
        out.append(Binding("s", "rp_seat", "Hands"))
    if hasattr(game_cls, "action_last_trick"):
        out.append(Binding("l", "last_trick", "Last"))
    out += [
        # priority: a game's own widgets (the Casino composer) have keys of these names
        Binding("r", "rp_review", "Review", priority=True),
        Binding("1", "rp_worst(1)", "Worst", key_display="1-3", priority=True),
        Binding("2", "rp_worst(2)", show=False, priority=True),
        Binding("3", "rp_worst(3)", show=False, priority=True),
        Binding("n", "rp_next_review", show=False, priority=True),
    ]
    out += [
        Binding("question_mark,f1", "rules", "Rules", key_display="?", show=False),
        Binding("q,escape", "rp_back", "Quit" if alone else "Back"),
    ]
    return out


@cache
def replay_screen_class(
    game_cls: type[TableScreen], rounds: str, deals: str, hands: bool = True, alone: bool = False
) -> type:
    """The replay screen of a game: ``ReplayTable`` in front of its table screen class,
    with only the replay's keys (``rounds`` and ``deals`` name the jumps in the footer;
    ``hands``: the game hides hands, so ``s`` chooses whose show; ``alone``: q quits).
    Every one is called ``ReplayScreen``, which its stylesheet's rules start with."""

    # (a class per game's screen, whose base is a value mypy cannot check as a type; Textual's
    # DOMNode takes inherit_bindings, which mypy does not see)
    class ReplayScreen(ReplayTable, game_cls, inherit_bindings=False):  # type: ignore[misc,valid-type,call-arg]
        BINDINGS: ClassVar[list[BindingType]] = _bindings(game_cls, rounds, deals, hands, alone)
        AUTO_FOCUS = ""  # no widget takes the keys (nor orders the footer)
        VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [
            (0, "-rp-short"),
            (30, "-rp-tall"),
        ]

    ReplayScreen.__qualname__ = "ReplayScreen"
    return ReplayScreen


def replay_screen(
    app: CardSuiteApp,
    record: Record,
    seat: int | str | None = None,
    at: int | None = None,
    reveal: bool = False,
    alone: bool = False,
) -> TableScreen:
    """The replay screen of ``record`` for ``app`` (``seat``: a seat's number, ``ALL`` or
    ``NONE``; by default the first person's seat, the one to review). A private record
    (``Record.private``) shows only the public table and asks before showing any hand, unless
    ``reveal``: the players agreed already (``cardsuite replay --reveal``). ``alone``: the
    replay is the app's whole errand (``cardsuite replay FILE``), so q quits."""
    replay = Replay.of(record)
    game = get_game(record.game)
    base = app.table_screen_class(game)
    cls = replay_screen_class(base, replay.rounds.name, replay.deals.name, game.hidden_hands, alone)
    screen: TableScreen = cls(replay, seat, at, reveal, alone)
    return screen


__all__ = [
    "ALL",
    "NONE",
    "HandsPanel",
    "MovesList",
    "ReplayMatch",
    "ReplayTable",
    "move_text",
    "replay_screen",
    "replay_screen_class",
]
