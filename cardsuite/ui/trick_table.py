"""The frame every trick game's table is built on (Twenty-Two; Manni and Mensch next).

It owns everything trick games share, drawn from the view of the seat being shown (or the
public view while nobody's cards may show) and never from the state itself:

- the header line; the seats round the felt for two to four players (the shown seat at the
  bottom, the others in play order: left, across, right), each with name, kind, a strip of
  its card backs and count, tricks won and the game's own lines; a list beside the felt for
  bigger tables;
- the current trick, each play in front of the seat that made it, the best one marked; the
  finished trick or a showdown held on the table while the game pauses, as the moment it was
  (the next deal does not show through);
- the status line saying whose turn it is and, for the person to move, what to do;
- the hand: cursor (heavy frame), selection (raised and tinted), mouse clicks, enter, the
  hint's choice selected, unplayable cards dimmed when the assist is on;
- the last trick (``l``), the score sheet panel from rows the game gives, and the log;
- card faces that grow with the terminal (``cardart.size_for``).

A game's screen supplies only what is its own, as hooks (each gets the view it draws):
``header``, ``seat_lines``, ``sheet``, ``prompt``, ``make_action``, and optionally
``center`` (something in the middle when no trick is on, like a stock), ``playable`` (which
cards the assist leaves bright) and ``trick_title``. A trick game's view has the keys of
``VIEW_KEYS`` plus ``dealer``, ``trick`` (``{"leader", "plays": [[seat, [codes]]], "best"}``)
and, where ``SHOW_TRICKS`` is on, ``tricks_won``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Static

from ..cards import Card
from ..engine import Action, Event
from ..hints import Hint
from ..table_source import TableSource
from .cardart import SMALL, CardSize, size_for
from .choice import ChoiceScreen
from .felt import POSITIONS, FeltScene, Play, SeatSpot, TrickFelt, backs_text
from .sheet import Sheet, column_heads, marked_totals, shorten
from .table import TableScreen
from .widgets import CardGroup, HandView, LogView, card_style, show


@dataclass
class LastTrick:
    plays: list[tuple[int, list[Card]]]
    winner: int


class TrickLog:
    """The last finished trick, followed through the log as it is written (a lead, the
    plays, then the trick's winner); a deal clears the trick under way."""

    def __init__(self, events: Sequence[Event] = ()) -> None:
        self.plays: list[tuple[int, list[Card]]] = []
        self.last: LastTrick | None = None
        self.feed(events)

    def feed(self, events: Sequence[Event]) -> None:
        for e in events:
            if e.kind == "lead" and e.seat is not None:
                self.plays = [(e.seat, _cards(e.data["cards"]))]
            elif e.kind == "play" and e.seat is not None:
                self.plays.append((e.seat, _cards(e.data["cards"])))
            elif e.kind == "trick" and e.seat is not None:
                self.last = LastTrick(self.plays, e.seat)
                self.plays = []
            elif e.kind == "deal":
                self.plays = []


def _cards(codes: Sequence[str]) -> list[Card]:
    return [Card.parse(c) for c in codes]


class TrickTableScreen(TableScreen):
    """Base of the trick games' table screens (see the module docstring)."""

    TCSS: ClassVar[str | None] = "trick_table.tcss"
    #: Enter is one of three keys by what the hand is for (``hand_use``): it plays, it
    #: exchanges, or it opens the dialog of a decision that is not a card (shown as the
    #: game's own key for it: Manni's ``c``, Mensch's ``b``). The arrows move over the hand
    #: the cursor is drawn on, so they take no room in the footer.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", "Card", key_display="←→", show=False),
        Binding("right", "cursor(1)", "Card", show=False),
        Binding("home", "cursor_to(0)", "First", show=False),
        Binding("end", "cursor_to(-1)", "Last", show=False),
        Binding("space", "select", "Select"),
        Binding("enter", "play", "Play"),
        Binding("enter", "exchange", "Exchange"),
        Binding("enter", "decide", "Choose", show=False),
        Binding("l", "last_trick", "Last trick"),
        Binding("pageup", "seats(-1)", "Seats", show=False),
        Binding("pagedown", "seats(1)", "Seats", show=False),
    ]
    #: Show each seat's tricks won this deal (games where tricks count).
    SHOW_TRICKS: ClassVar[bool] = True
    #: A play may be several cards, chosen with space (Twenty-Two's sets); else enter plays
    #: the card under the cursor and space selects only for an exchange.
    SELECT_TO_PLAY: ClassVar[bool] = True

    def __init__(self, match: TableSource) -> None:
        super().__init__(match)
        self.cursor = 0
        self.selected: set[int] = set()
        self.hinted: set[int] = set()
        self.bottom = self.shown if self.shown is not None else (match.humans or [0])[0]
        self.card_size: CardSize = SMALL
        self._view: dict[str, Any] = {}
        self._before: dict[str, Any] | None = None  # the view just before the last move
        self._held: dict[str, Any] | None = None  # the moment a pause holds on the table
        self._tricks = TrickLog()
        self._hint: Text | None = None  # the hint, said in the status line until a move
        self._hinted_action: Action | None = None  # a hint that is not cards: enter takes it
        self._hint_of: Hint | None = None  # the hint said (its words fit again on a resize)
        self._drawn_for: int | None = self.shown  # whose hand the last refresh drew
        self._drawn: list[str] = []  # what the shown person last drew (raised until they move)
        self._fresh_draw = False  # ... and they drew it with the move just made
        self._seat_in_sight: int | None = None  # the seat the big table's list scrolled to

    # --- hooks for the game's screen ------------------------------------------------------

    def header(self, view: dict[str, Any]) -> Text | list[Text]:
        """The line at the top: the game, variant, deal, trumps or contract; or its forms,
        fullest first, of which the first that fits the line is shown."""
        return Text(self.match.game.name, style="bold")

    def seat_lines(self, view: dict[str, Any], seat: int) -> list[Text]:
        """The game's own lines for a seat (penalty cards, a contract, what it owes)."""
        return []

    def sheet(self, view: dict[str, Any], names: list[str]) -> Sheet | None:
        """The score sheet's rows; None for no sheet."""
        return None

    def prompt(self, view: dict[str, Any], name: str) -> Text:
        """What the person to move must do, in words (they are shown and it is their turn)."""
        return Text(f"{name}, your turn.")

    def make_action(self, view: dict[str, Any], chosen: list[Card], cursor: Card) -> Action:
        """The action for enter: ``chosen`` are the selected cards (in hand order), ``cursor``
        the card under the cursor."""
        raise NotImplementedError

    def center(self, view: dict[str, Any]) -> CardGroup | None:
        """Something for the middle of the table while no trick is on (a stock)."""
        return None

    def hand_use(self, view: dict[str, Any]) -> str | None:
        """What the hand is for now: ``"play"`` (enter plays), ``"exchange"`` (enter
        discards the selected cards and draws as many) or None (a decision that is not a
        card, such as a bid: enter opens its dialog). The footer offers the keys that fit."""
        return "play"

    def trick_title(self, view: dict[str, Any]) -> str:
        trick = view["trick"]
        if trick["plays"]:
            return "Trick in play"
        return "Waiting for the lead" if view.get("to_move") is not None else ""

    def playable(self, view: dict[str, Any], legal: Sequence[Action]) -> set[int] | None:
        """Indices of the hand that some legal action plays (the rest are dimmed by the
        assist); None dims nothing. The default looks at each action's ``cards``."""
        if len(legal) > 400:
            return None
        codes = {c.code for a in legal for c in getattr(a, "cards", ())}
        return {i for i, c in enumerate(view["hand"] or []) if c in codes}

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="table-header", classes="table-header")
        with Horizontal(id="table-main"):
            with Vertical(id="table-left"):
                with VerticalScroll(id="seat-list-box", classes="panel", can_focus=False):
                    yield Static(id="seat-list")
                yield TrickFelt(id="felt", classes="felt")
                yield Static(id="status", classes="status")
                yield HandView(id="hand", classes="felt")
            with Vertical(id="table-side"):
                yield Static(id="sheet", classes="panel")
                yield LogView(id="log", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        self.set_class(len(self.match.seats) not in POSITIONS, "-seat-list")
        box = self.query_one("#seat-list-box", VerticalScroll)
        box.border_title = "Table"
        self.watch(box, "scroll_y", lambda _: self._say_more_seats(), init=False)
        self.query_one("#log").border_title = "Log"
        log = self.match.public_log()
        self.query_one(LogView).add_events(log, self.match.names())
        self._tricks = TrickLog(log)
        super().on_mount()

    def _pick_size(self) -> None:
        size = size_for(self.app.size.width, self.app.size.height)
        if size is not self.card_size:
            self.card_size = size
        for s in ("small", "medium", "large"):
            self.set_class(s == size.name, f"-cards-{s}")

    # --- events and moves -----------------------------------------------------------------

    def play_action(
        self, action: Action | str, seat: int | None = None, quiet: bool = False
    ) -> bool:
        self._before = self.view()
        return super().play_action(action, seat, quiet)

    def on_new_events(self, events_: list[Event]) -> None:
        self.query_one(LogView).add_events(events_, self.match.names())
        self._tricks.feed(events_)
        self.selected.clear()
        self.hinted.clear()
        self._hint = None
        if self._before is not None and any(e.kind in self.PAUSE_AFTER for e in events_):
            self._held = _held_view(self._before, events_, self.shown)
        self._note_drawn(events_)

    def _note_drawn(self, events_: list[Event]) -> None:
        """The cards the shown person draws (an exchange, Manni's swap) are raised in the
        hand until they move again (the hand only ever gains cards by drawing), so a
        dealer whose draw starts the play still sees what came (HORN-EXCH-2). A new deal,
        another person's hand or a new selection ends it."""
        self._fresh_draw = False
        if self.shown is None or any(e.kind == "deal" for e in events_):
            self._drawn = []
            return
        hand = self.view().get("hand")
        if not isinstance(hand, list):
            return
        if any(e.seat == self.shown for e in events_) and self._before is not None:
            before = self._before.get("hand")
            gained = Counter(hand) - Counter(before if isinstance(before, list) else [])
            self._drawn = list(gained.elements())
            self._fresh_draw = bool(self._drawn)
        drawn = set(self._drawn)
        self.hinted = {i for i, c in enumerate(hand) if c in drawn}

    def pause_for(self, new: list[Event]) -> tuple[bool, float | None]:
        """In hot-seat, a person who has just drawn sees the cards before the table goes
        on (and the curtain comes down for the next person): it holds until a key."""
        if self._fresh_draw and self.match.hot_seat:
            return True, None
        return super().pause_for(new)

    def hold_note(self) -> str:
        if self._fresh_draw and not self._held:
            cs = card_style(self)
            cards = " ".join(cs.label(Card.parse(c)) for c in self._drawn)
            then = "the curtain comes next" if self.match.needs_curtain(self.shown) else "go on"
            return f"You drew {cards} (raised). Press any key; {then}."
        return super().hold_note()

    def release_hold(self) -> None:
        self._held = None
        super().release_hold()

    def after_undo(self) -> None:
        self._held = None
        self._hint = None
        self._drawn = []
        self._fresh_draw = False
        self.selected.clear()
        self.hinted.clear()
        log = self.query_one(LogView)
        log.set_events(self.match.public_log(), self.match.names())
        self._tricks = TrickLog(self.match.public_log())

    # --- drawing --------------------------------------------------------------------------

    def table_view(self) -> dict[str, Any]:
        """What is on the table: the moment a pause holds on, else the live view."""
        if self.holding and self._held is not None:
            return self._held
        return self.view()

    def refresh_table(self) -> None:
        if not self.is_mounted:
            return
        if self.shown is not None:
            self.bottom = self.shown
        if self.shown != self._drawn_for:
            # another person's hand (after a curtain): nothing of the last one's selection,
            # raised cards or cursor carries over to it
            self._drawn_for = self.shown
            self.selected.clear()
            self.hinted.clear()
            self._drawn = []
            self.cursor = 0
        self._pick_size()
        view = self._view = self.table_view()
        names = self.match.names()
        # the header and the status have fixed heights and the screen's width: what they say
        # never changes the layout
        header = self._fit_header(self.header(view))
        show(self.query_one("#table-header", Static), header, layout=False)
        self.query_one(TrickFelt).show(self._scene(view, names), self.card_size)
        if self.has_class("-seat-list"):
            show(self.query_one("#seat-list", Static), self._seat_list(view, names))
            self.call_after_refresh(self._follow_seat, view)
        show(self.query_one("#status", Static), self._status(view, names), layout=False)
        sheet = self.sheet(view, names)
        panel = self.query_one("#sheet", Static)
        panel.display = sheet is not None
        if sheet is not None:
            panel.border_title = sheet.title
            # the table made from the rows, only when they or the panel's width changed
            show(panel, lambda: self._sheet_table(sheet), key=(sheet, panel.content_size.width))
        self.refresh_hand()
        self.mark_drawn()

    def _fit_header(self, forms: Text | list[Text]) -> Text:
        """The first of the header's forms that fits its line (else the shortest, which
        the line then ends with "…")."""
        if isinstance(forms, Text):
            forms = [forms]
        room = self.query_one("#table-header").content_region.width or self.app.size.width - 2
        line = next((f for f in forms if f.cell_len <= room), forms[-1]).copy()
        line.no_wrap, line.overflow = True, "ellipsis"
        return line

    def _order(self, n: int) -> list[int]:
        return [(self.bottom + i) % n for i in range(n)]

    def _seat_title(
        self,
        view: dict[str, Any],
        seat: int,
        names: list[str],
        marker: bool = True,
        kind: bool = True,
        name_w: int | None = None,
    ) -> Text:
        """A seat's name and marks: the turn's marker, "(you)" or the bot's kind, the
        dealer's D. Shorter forms leave out the kind (``kind``) and cut the name in the
        middle (``name_w``), so two long names still read apart and the D stays."""
        m = self.match
        spec = m.seats[seat]
        out = Text()
        if marker and view.get("to_move") == seat and not self.holding:
            out.append("▶ ", Style(bold=True))
        name = names[seat] if name_w is None else shorten(names[seat], name_w)
        out.append(name, Style(bold=True))
        if seat == self.shown and len(m.humans) == 1:
            out.append(" (you)", Style(bold=True))
        elif not spec.is_human and kind:
            out.append(f" {spec.kind}", Style(dim=True))
        if view.get("dealer") == seat:
            out.append(" ")
            out.append("D", Style(reverse=True, dim=True))
        return out

    def _seat_spot(
        self, view: dict[str, Any], seat: int, names: list[str], notes: dict[int, str]
    ) -> SeatSpot:
        lines: list[Text] = []
        if self.SHOW_TRICKS and "tricks_won" in view:
            lines.append(Text(f"tricks {view['tricks_won'][seat]}", style="dim"))
        lines += self.seat_lines(view, seat)
        if seat == self._thinking:
            lines.append(Text("thinking…", style="italic"))
        if seat in notes:
            lines.append(Text(notes[seat], style="bold reverse"))
        # the shown seat's cards are the hand below the felt
        backs = None if seat == self.shown else view["hand_sizes"][seat]
        shorter = [self._seat_title(view, seat, names, kind=False)] + [
            self._seat_title(view, seat, names, kind=False, name_w=w) for w in (10, 8, 6)
        ]
        return SeatSpot(seat, self._seat_title(view, seat, names), lines, backs, shorter)

    def _scene(self, view: dict[str, Any], names: list[str]) -> FeltScene:
        plays: list[Play] = []
        notes: dict[int, str] = {}
        held = self.holding
        showdown = next((e for e in held if e.kind == "showdown"), None)
        if showdown is not None:
            losers = set(showdown.data["losers"])
            for s, code in showdown.data["cards"].items():
                plays.append(Play(int(s), [Card.parse(code)], highlight=int(s) in losers))
            value = showdown.data.get("value")
            for s in losers:
                notes[s] = f"+{value}" if value is not None else "loses"
            title = "Showdown"
        elif held and self._tricks.last is not None:
            last = self._tricks.last
            for s, cards in last.plays:
                plays.append(Play(s, cards, highlight=s == last.winner))
            notes[last.winner] = "wins"
            title = f"The trick goes to {names[last.winner]}"
        else:
            trick = view["trick"]
            best = trick.get("best")
            for s, codes in trick["plays"]:
                plays.append(Play(s, _cards(codes), highlight=s == best))
            if best is not None and trick["plays"]:
                notes[best] = "best so far"
            title = self.trick_title(view)
        order = self._order(len(self.match.seats))
        center = None if plays else self.center(view)
        return FeltScene(
            title=title,
            seats=[self._seat_spot(view, s, names, notes) for s in order],
            plays=sorted(plays, key=lambda p: order.index(p.seat)),
            center=center,
            names=names,
        )

    def _seat_list(self, view: dict[str, Any], names: list[str]) -> Table:
        """Bigger tables: one row per seat (marker, name, cards, the game's lines)."""
        cs = card_style(self)
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(width=1)
        table.add_column(ratio=3, no_wrap=True)
        table.add_column(width=12, no_wrap=True)
        table.add_column(ratio=5, no_wrap=True)
        mover = view.get("to_move")
        for s in range(len(self.match.seats)):
            marker = "▶" if s == mover and not self.holding else " "
            title = self._seat_title(view, s, names, marker=False)
            extras = Text("  ").join(self.seat_lines(view, s))
            if s == self._thinking:
                extras.append("  thinking…", "italic")
            table.add_row(marker, title, backs_text(view["hand_sizes"][s], cs, most=6), extras)
        return table

    def _follow_seat(self, view: dict[str, Any]) -> None:
        """A list longer than its panel (twelve at 80x24) scrolls to the seat to move when
        the turn passes (else the player's own scrolling stands), and says what is above
        and below."""
        if not self._live():
            return
        box = self.query_one("#seat-list-box", VerticalScroll)
        seat = view.get("to_move")
        if seat is None:
            seat = self.bottom
        if seat != self._seat_in_sight:
            self._seat_in_sight = seat
            rows = box.scrollable_content_region.height
            top = round(box.scroll_y)
            if seat < top:
                box.scroll_to(y=seat, animate=False, immediate=True)
            elif seat >= top + rows:
                box.scroll_to(y=seat - rows + 1, animate=False, immediate=True)
        self._say_more_seats()

    def _say_more_seats(self) -> None:
        box = self.query_one("#seat-list-box", VerticalScroll)
        rows = box.scrollable_content_region.height
        above = round(box.scroll_y)
        below = max(0, len(self.match.seats) - above - rows)
        if not (above or below):
            box.border_subtitle = ""
            return
        more = []
        if above:
            more.append(f"▲ {above} more")
        if below:
            more.append(f"▼ {below} more")
        box.border_subtitle = " · ".join(more) + " · PgUp PgDn"

    def action_seats(self, step: int) -> None:
        """PgUp and PgDn scroll a big table's list of seats by a panel's height."""
        box = self.query_one("#seat-list-box", VerticalScroll)
        rows = max(1, box.scrollable_content_region.height - 1)
        box.scroll_to(y=box.scroll_y + step * rows, animate=False, immediate=True)

    def _status(self, view: dict[str, Any], names: list[str]) -> Text:
        m = self.match
        if self.holding:
            return Text(self.hold_note(), style="italic")
        mover = view.get("to_move")
        if mover is None:
            return Text("The game is over.")
        if mover != self.human_to_move():
            if self._thinking == mover:
                return Text(f"{m.seats[mover].label()} is thinking…", style="italic")
            return Text(f"Waiting for {names[mover]}…", style="italic")
        if self._hint is not None:  # in the form that fits the status as it is now
            return self._hint if self._hint_of is None else self.hint_text(self._hint_of)
        return self.prompt(view, names[mover])

    def final_sheet(self) -> Sheet | None:
        """The whole sheet, for the game-over dialog to lay out at its own width."""
        return self.sheet(self.view(), self.match.names())

    def _sheet_table(self, sheet: Sheet) -> RenderableType:
        """The side panel's sheet. Up to four seats: a column each, a row per deal (the last
        eight; the game-over dialog shows them all). More: a row per seat, a column for each
        of the last deals that fit, then the total."""
        totals = marked_totals(sheet)
        if len(sheet.columns) <= 4:
            # every label and head whole ("plus", "Ab…0"): the columns touch the panel's
            # edges rather than squeeze them
            table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False, expand=True)
            label_w = max([1] + [Text(label).cell_len for label, _ in sheet.rows[-8:]])
            table.add_column("#", justify="right", style="dim", no_wrap=True, min_width=label_w)
            for head in column_heads(sheet.columns):  # players' names: text, never markup
                table.add_column(Text(head), justify="right", no_wrap=True, min_width=len(head))
            for label, cells in sheet.rows[-8:]:
                table.add_row(label, *cells)
            if totals:
                table.add_row(Text("Σ", style="bold"), *(Text(t, style="bold") for t in totals))
            return table
        width = self.query_one("#sheet").content_size.width or 24
        name_w = min(12, max(len(n) for n in sheet.columns))
        room = max(0, (width - name_w - 5) // 4)
        rows = sheet.rows[-room:] if room else []
        table = Table(box=None, padding=(0, 1), show_edge=False, expand=True)
        table.add_column("", no_wrap=True, overflow="ellipsis", max_width=name_w)
        for label, _ in rows:
            table.add_column(label, justify="right", style="dim", no_wrap=True)
        table.add_column("Σ", justify="right", no_wrap=True)
        for s, name in enumerate(sheet.columns):
            cells = [cells[s] for _, cells in rows]
            table.add_row(Text(name), *cells, Text(totals[s] if totals else "", style="bold"))
        return table

    def _hand_cards(self) -> list[Card]:
        codes = self._view.get("hand")
        return _cards(codes) if isinstance(codes, list) else []

    def refresh_hand(self) -> None:
        hand = self.query_one(HandView)
        view = self._view
        cards = self._hand_cards()
        if self.shown is None or not cards:
            hand.show_backs(view["hand_sizes"][self.bottom] if view else 0, self.card_size)
            return
        self.cursor = max(0, min(self.cursor, len(cards) - 1))
        self.selected = {i for i in self.selected if i < len(cards)}
        mine = self.human_to_move() == self.shown and not self.holding
        dimmed: set[int] = set()
        if mine and self.cs_app.settings.assist:
            bright = self.playable(view, self.match.legal_actions(self.shown))
            if bright is not None:
                dimmed = set(range(len(cards))) - bright
        hand.show(
            cards,
            cursor=self.cursor if mine else None,
            selected=self.selected,
            dimmed=dimmed,
            hinted=self.hinted,
            size=self.card_size,
        )

    # --- keys -----------------------------------------------------------------------------

    def my_hand(self) -> list[Card] | None:
        """The hand of the person to move, when it is on screen and keys may act on it."""
        if self.human_to_move() is None or self.holding:
            return None
        return self._hand_cards()

    def action_cursor(self, step: int) -> None:
        hand = self.my_hand()
        if hand:
            self.cursor = (self.cursor + step) % len(hand)
            self.refresh_hand()

    def action_cursor_to(self, index: int) -> None:
        hand = self.my_hand()
        if hand:
            self.cursor = index % len(hand)
            self.refresh_hand()

    def action_select(self) -> None:
        if self.my_hand():
            self.selected ^= {self.cursor}
            self.unraise()
            self._drop_hint()
            self.refresh_hand()

    def unraise(self) -> None:
        """A selection of the player's own: the hint's or the draw's raised cards go down."""
        self.hinted.clear()
        self._drawn = []

    def _drop_hint(self) -> None:
        """A changed selection is no longer the hint: the status says the prompt again."""
        if self._hint is not None:
            self._hint = None
            show(self.query_one("#status", Static), self._status(self._view, self.match.names()))

    def on_hand_view_clicked(self, message: HandView.Clicked) -> None:
        if self.my_hand() is None:
            return
        self.cursor = message.index
        self.selected ^= {message.index}
        self.unraise()
        self._drop_hint()
        self.refresh_hand()

    def take_hint(self) -> bool:
        """Enter while a hint that is not cards is on screen plays it; True if it did."""
        hinted, self._hinted_action = self._hinted_action, None
        seat = self.human_to_move()
        if hinted is None or self._hint is None or seat is None:
            return False
        self.play_action(hinted, seat)
        return True

    def open_choices(
        self,
        title: str,
        info: Text | str,
        label: Callable[[Any], str],
        order: Callable[[Any], Any] | None = None,
    ) -> None:
        """The legal actions of the person to move as a numbered dialog (a bid, a contract,
        a call), in the rules' order or sorted by ``order`` (Mensch's customary calls
        first); the chosen one is played. Refused with a word when it is not their turn."""
        seat = self.human_to_move()
        if seat is None or self.holding:
            if not self.holding:
                self.notify("It is not your turn.", severity="warning")
            return

        def done(choice: Action | None) -> None:
            if choice is not None:
                self.play_action(choice, seat)

        legal = self.match.legal_actions(seat)
        if order is not None:
            legal = sorted(legal, key=order)
        cs = card_style(self)  # (a label with a suit symbol: a letter in ASCII mode)
        choices = [(cs.text(label(a)), a) for a in legal]

        def hint() -> tuple[int, str] | None:  # h in the dialog: the medium bot's, and why
            if not self.match.offers_hint or self.match.hot_seat:
                return None
            said = self.match.hint_with_reason(seat)
            at = [i for i, (_, a) in enumerate(choices) if a == said.action]
            return (at[0], cs.text(said.reason)) if at else None

        # the hand (and the footer under it) stays in sight: a player chooses seeing the cards
        keep = self.size.height - self.query_one(HandView).region.y
        hints = self.match.offers_hint and not self.match.hot_seat
        dialog = ChoiceScreen(title, info, choices, keep_clear=keep, hint=hint if hints else None)
        self.app.push_screen(dialog, done)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The hand's keys by what the hand is for (``hand_use``): the ones that fit are
        shown, lit on the person's own turn and dimmed meanwhile; the others left out."""
        if action in ("cursor", "cursor_to", "select", "play", "exchange", "decide"):
            if self.match.is_over():
                return False
            use = self.hand_use(self._view or self.view())
            fits = {
                "cursor": True,
                "cursor_to": True,
                "select": use == "exchange" or (use == "play" and self.SELECT_TO_PLAY),
                "play": use == "play",
                "exchange": use == "exchange",
                "decide": use is None,
            }[action]
            return self.now_or_dimmed(fits)
        if action == "seats":
            box = self.query_one("#seat-list-box", VerticalScroll)
            return self.has_class("-seat-list") and box.max_scroll_y > 0
        if action == "last_trick":  # while tricks are played (pressed anyway, it works)
            if self._tricks.last is None:
                return False
            return self.match.is_over() or self.hand_use(self._view or self.view()) == "play"
        return super().check_action(action, parameters)

    def now_or_dimmed(self, fits: bool) -> bool | None:
        """A key of the phase (``fits``): lit when the person shown may act now, dimmed
        while others act or the table pauses; left out (False) if it is not the phase's."""
        if not fits:
            return False
        return True if self.my_hand() is not None else None

    def action_exchange(self) -> None:
        self.action_play()

    def action_decide(self) -> None:
        """Enter in a decision that is not a card: the game opens its dialog."""
        self.action_play()

    def action_play(self) -> None:
        seat = self.human_to_move()
        hand = self.my_hand()
        if seat is None or not hand:
            if self.match.is_over():
                self.notify("The game is over: g shows the result, q the menu.")
            elif not self.holding:
                self.notify("It is not your turn.", severity="warning")
            return
        chosen = [hand[i] for i in sorted(self.selected)]
        self.play_action(self.make_action(self._view, chosen, hand[self.cursor]), seat)

    def hint_text(self, hint: Hint) -> Text:
        """The status line's words for a hint (``show_hint``): the fullest of its forms
        (``hint_forms``) that fits the line's two lines, as every prompt does; the reason
        is in every form."""
        width = self.query_one("#status", Static).content_region.width
        forms = [self.shape_status(t) for t in self.hint_forms(hint)]
        for text in forms:
            if width <= 0 or len(text.wrap(self.app.console, width)) <= 2:
                return text
        return forms[-1]

    def hint_forms(self, hint: Hint) -> list[Text]:
        """A hint's words, fullest first: who suggests it, the move, why, and the key that
        takes it; then shorter. The last forms leave the move to the reason (which names a
        bid, a contract or a call) and to the hand (which shows the cards raised)."""
        action = hint.action
        cards = hasattr(action, "cards")  # else a bid, a contract, a call: nothing to select
        move = (self.say(action), "bold")
        why = card_style(self).text(hint.reason)
        plays = cards and self.hand_use(self._view or self.view()) == "play"
        key = (" (enter plays it)" if plays else " (enter takes it)", "dim")
        return [
            Text.assemble(("Medium bot's hint: ", "bold"), move, " — ", why, key),
            Text.assemble(("Hint: ", "bold"), move, " — ", why, key),
            Text.assemble(("Hint: ", "bold"), move, " — ", why),
            Text.assemble(("Hint: ", "bold"), why, key),
            Text.assemble(("Hint: ", "bold"), why),
        ]

    def shape_status(self, text: Text) -> Text:
        """The status line's words as laid out (Mensch breaks them between phrases)."""
        return text

    def show_hint(self, hint: Hint) -> None:
        action = hint.action
        self._hint_of = hint
        if not hasattr(action, "cards"):  # a bid, a contract, a call: nothing to select
            self._hinted_action = action
            self._hint = self.hint_text(hint)
            show(self.query_one("#status", Static), self._hint)
            self.refresh_hand()
            return
        hand = self._hand_cards()
        picked: set[int] = set()
        for card in getattr(action, "cards", ()):
            for i, c in enumerate(hand):
                if c is card and i not in picked:
                    picked.add(i)
                    break
        self.selected = set(picked)
        self.hinted = picked
        self._hint = self.hint_text(hint)
        show(self.query_one("#status", Static), self._hint)
        self.refresh_hand()

    def say(self, action: Action) -> str:
        """An action in words, its cards in the table's card style (``play 7♥``)."""
        cs = card_style(self)
        words = []
        for w in str(action).split():
            try:
                words.append(cs.label(Card.parse(w)))
            except ValueError:
                words.append(w)
        return " ".join(words)

    def action_last_trick(self) -> None:
        from .lasttrick import LastTrickScreen

        last = self._tricks.last
        if last is None:
            self.notify("No trick has been played yet.", severity="warning")
            return
        names = self.match.names()
        groups = [
            CardGroup(names[s], cards, "won it" if s == last.winner else "", s == last.winner)
            for s, cards in last.plays
        ]
        self.app.push_screen(LastTrickScreen(f"Last trick: {names[last.winner]} won", groups))


def _held_view(before: dict[str, Any], events: Sequence[Event], shown: int | None) -> dict:
    """The table at the moment a pause holds on: the view just before the move, less the
    cards this move played (and, at a showdown, the cards shown); the new deal and the new
    scores show only when the pause ends."""
    view = dict(before)
    sizes = list(view["hand_sizes"])
    hand = list(view["hand"]) if isinstance(view.get("hand"), list) else None
    gone: list[tuple[int, list[str]]] = []
    for e in events:
        if e.kind in ("lead", "play") and e.seat is not None:
            gone.append((e.seat, list(e.data["cards"])))
        elif e.kind == "showdown":
            gone += [(int(s), [c]) for s, c in e.data["cards"].items()]
        elif e.kind == "deal":
            break
    for seat, codes in gone:
        sizes[seat] = max(0, sizes[seat] - len(codes))
        if seat == shown and hand is not None:
            for c in codes:
                if c in hand:
                    hand.remove(c)
    view["hand_sizes"] = sizes
    view["hand"] = hand
    view["to_move"] = None
    return view


__all__ = ["LastTrick", "Sheet", "TrickLog", "TrickTableScreen"]
