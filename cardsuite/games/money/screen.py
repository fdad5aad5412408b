"""The Money table: two stacks, the ground, both banks, and the snap timed by the keyboard.

Time lives here, never in the rules. Every key press is stamped with its ``events.Key.time``
(when the terminal's bytes were read, through the app's ``key_time`` so tests can drive it)
and handed to the race (``race.Race``, the driver every Money table runs, judged here by a
``Referee`` on this one clock), which makes the bots' planned presses and the referee's
deadlines in time order: a bot's press planned before a person's is played first even if its
timer fired a little late. The screen keeps one timer, for the race's next due thing. A
reaction is measured from the moment the card was drawn on screen (stamped after the
refresh that showed it) to the key's own time stamp.

Keys: each player has a turn key and a snap key on their own side of the keyboard (left
``a``/``s``, right ``l``/``k`` by default, remappable with ``m``: they are Money's own
preferences, with the throw time); against a bot, ``space`` also turns and ``enter`` also
snaps. Buying and selling are numbered menus; the other player's snap key keeps working
while a menu is open.

Everything on screen is drawn from the view (Money's is the same for every seat: all is
public but the stacks, whose cards nobody sees). The race works on the match's position
itself, as the rules' own client: the table source hands it over (``drive``), and a source
that plays nothing here (a replay; a joined table, whose host runs the race) gives none.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Digits, Footer, Static

from ...cards import Card
from ...engine import Action, Event, IllegalAction
from ...hints import Hint
from ...records import Move
from ...table_source import TableSource
from ...ui.cardart import Canvas, draw_backs, draw_fan, suit_text
from ...ui.choice import ChoiceScreen
from ...ui.output_times import OUTPUT
from ...ui.table import TableScreen
from ...ui.widgets import LogView, card_style, show
from .actions import GROUND, Buy, Claim, Exchange, Sell, Turn, rank_name
from .race import Due, Race, local_race
from .referee import Outcome, Referee
from .rules import MoneyState
from .speech import describe, effect, simplest, values_of

#: The key preferences (``Money.preferences``), as "keys.<seat>.<turn|snap>".
KEY_PREFS = ("keys.0.turn", "keys.0.snap", "keys.1.turn", "keys.1.snap")
METRIC = "snap_ms"
#: Keys a money menu (``ChoiceScreen``) uses itself, besides its digits.
MENU_KEYS = frozenset({"enter", "escape", "up", "down", "pageup", "pagedown"})


class MoneyScreen(TableScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "shop", "Buy/exchange"),
        Binding("m", "keys", "Keys"),
    ]
    PAUSE_AFTER: ClassVar[frozenset[str]] = frozenset()

    TCSS: ClassVar[str | None] = "screen.tcss"

    def __init__(self, match: TableSource) -> None:
        super().__init__(match)
        self.throw_time = self._throw_time()
        throw = self.throw_time

        def race(state: object, bots: Mapping[int, object]) -> Race[Referee]:
            assert isinstance(state, MoneyState)
            return local_race(state, bots, throw)

        #: the race at this table, on its match's position; None where nothing is played here
        self.race: Race[Referee] | None = match.drive(race)
        self._timer: Timer | None = None
        self._painted: dict[int, tuple[float, int]] = {}  # turn -> (drawn at, frames handed)
        self.flash: tuple[str, float | None, str] = ("", None, "")  # text, ms, style
        self.reactions: dict[int, list[float]] = {0: [], 1: []}
        self._menu: ChoiceScreen | None = None  # the open money menu, if any
        self._menu_seat = 0
        #: the race held (``hold_play``): since when, and whether until a person's press
        self._held_since: float | None = None
        self._held_for_press = False
        self._unmeasured: int | None = None  # a card whose reaction a hold made meaningless
        self._hint_shown = False  # the snap box's line says a suggestion (``show_hint``)

    def _preference(self, pref_id: str) -> Any:
        """One of Money's preferences; the game's default when no app holds settings."""
        app = self.cs_app
        if hasattr(app, "preference"):
            return app.preference("money", pref_id)
        return self.match.game.preference(pref_id).default

    def _throw_time(self) -> float:
        """The throw time this table shows (seconds): Money's preference here."""
        return float(self._preference("throw_ms")) / 1000

    @property
    def referee(self) -> Referee:
        """The race's judge (a table that plays here has one)."""
        assert self.race is not None, "no race is run at this table"
        return self.race.judge

    @property
    def _queue(self) -> list[Due]:
        """The bots' presses planned for the card on the table, earliest first."""
        return self.race.presses() if self.race is not None else []

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="mn-header", classes="table-header")
        with Horizontal(id="mn-main"):
            with Vertical(id="mn-left"):
                yield Static(id="mn-top", classes="panel mn-seat")
                with Horizontal(id="mn-ground-row"):
                    yield Static(id="mn-ground", classes="panel")
                    with Vertical(id="mn-flash-box", classes="panel"):
                        yield Static(id="mn-flash")
                        yield Digits("", id="mn-ms")
                        yield Static(id="mn-ms-unit")
                yield Static(id="mn-bottom", classes="panel mn-seat")
            with Vertical(id="mn-side"):  # (a lesson's panel goes above the log)
                yield LogView(id="mn-log", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#mn-ground").border_title = "Ground"
        self.query_one("#mn-flash-box").border_title = "Snap"
        self.query_one("#mn-log").border_title = "Log"
        self.query_one(LogView).add_events(self.match.public_log(), self.match.names())
        if self.race is not None:
            self.race.judge.reveal_time = self.cs_app.clock()
        super().on_mount()

    def on_unmount(self) -> None:
        if self._timer is not None:
            self._timer.stop()

    # --- keys -----------------------------------------------------------------------------

    def keymap(self) -> dict[str, str]:
        """Each seat's turn and snap keys (Money's preferences)."""
        return {k: self._preference(k) for k in KEY_PREFS}

    def key_role(self, key: str) -> tuple[int, str] | None:
        """Which seat's turn or snap a key is (only for people's seats)."""
        humans = self.match.humans
        for name, bound in self.keymap().items():
            if key == bound:
                _, seat, kind = name.split(".")
                if int(seat) in humans:
                    return int(seat), kind
        if len(humans) == 1:
            if key == "space":
                return humans[0], "turn"
            if key == "enter":
                return humans[0], "snap"
        return None

    def on_key(self, event: events.Key) -> None:
        role = self.key_role(event.key)
        if role is None:
            return
        event.stop()
        event.prevent_default()
        self.press(role[0], role[1], self.key_time(event), event.key)

    def key_time(self, event: events.Key) -> float:
        fn = getattr(self.cs_app, "key_time", None)
        return fn(event) if fn is not None else event.time

    def snap_passthrough(self, event: events.Key) -> bool:
        """While a menu is open, snap keys still reach the table, but not the menu's own
        keys: enter (also the lone player's snap key) and digits choose in it."""
        if event.key in MENU_KEYS or (event.character or "").isdigit():
            return False
        role = self.key_role(event.key)
        if role is None or role[1] != "snap":
            return False
        self.press(role[0], "snap", self.key_time(event), event.key)
        return True

    # --- the race -------------------------------------------------------------------------

    def press(self, seat: int, kind: str, at: float, key: str | None = None) -> None:
        """A person's press at time ``at``: bots' earlier presses go first. A race held
        for this press (``hold_play``) goes on from it, as if no time had passed."""
        if self.match.is_over() or self.race is None:
            return
        if self._held_since is not None:
            if not self._held_for_press:
                return
            self._release(at)
        self.pump(at, strict=True)
        outcomes = self.race.press(seat, kind, at, key)
        self.handle(outcomes)
        if not any(o.kind in ("turn", "claim") for o in outcomes):
            self._arm_timer()  # a held turn press needs its timer

    def pump(self, now: float, strict: bool = False) -> None:
        """Play every bot press and held turn due by ``now`` (before it, if ``strict``),
        in the race's order, then let the table move on (a purchase to decide, the timer for
        what comes next)."""
        if self.race is None:
            return
        moved = False
        while self._held_since is None and (outcomes := self.race.step(now, strict)) is not None:
            self.handle(outcomes, replan=False)
            moved = moved or any(o.kind in ("turn", "claim") for o in outcomes)
        if moved:
            self.advance()
        else:
            self.schedule()

    def handle(self, outcomes: list[Outcome], replan: bool = True) -> None:
        moves = []
        for o in outcomes:
            note = self._outcome(o)
            if o.kind in ("turn", "claim"):  # the referee applied them: into the record
                moves.append(Move(o.seat, o.kind, note))
        if moves:
            self.match.record.extend(moves)
            self.refresh_table()
            self._refresh_menu()
            if replan:
                self.advance()

    def _outcome(self, o: Outcome) -> str | None:
        """Show what a press led to; a claim's reaction time, in words, for the record."""
        names = self.match.names()
        note = None
        if o.events:
            self.on_new_events(o.events)
        if o.kind == "turn":
            if self._hint_shown:  # (a suggestion was for the card before)
                self.flash, self._hint_shown = ("", None, ""), False
            turn_no = self.view()["turns"] - 1
            self.call_after_refresh(self._stamp_paint, turn_no, OUTPUT.handed + 1)
        elif o.kind == "claim":
            ms = self._reaction_ms(o)
            note = None if ms is None else f"{ms:.0f} ms"
            captured = [e for e in o.events if e.kind == "capture"]
            false = any(e.kind == "false" for e in o.events)
            if false:
                taker = captured[0].seat if captured else 1 - o.seat
                assert taker is not None  # (a capture names the seat that takes)
                self.flash = (
                    f"False snap by {names[o.seat]}! {names[taker]} takes the ground",
                    None,
                    "error",
                )
            else:
                got = captured[0].data["cards"] if captured else 0
                self.flash = (f"SNAP! {names[o.seat]} takes {got} cards", ms, "success")
                if ms is not None:
                    self.reactions[o.seat].append(ms)
                    if self.match.is_human(o.seat):
                        self.keep_metric(
                            {
                                "kind": "metric",
                                "game": "money",
                                "name": names[o.seat],
                                "metric": METRIC,
                                "value": ms,
                                "at": self.cs_app.store.now(),
                            }
                        )
        elif o.kind == "refused" and self.match.is_human(o.seat):
            self.notify(o.reason, title="No snap", severity="warning", timeout=2)
        return note

    def keep_metric(self, result: dict[str, Any]) -> None:
        """A person's snap time, into the statistics (a lesson's table keeps none)."""
        self.cs_app.keep_result(result)

    def _stamp_paint(self, turn_no: int, frame: int) -> None:
        """The card has been drawn: note the time. ``frame`` is the number of the first frame
        composed after the card was turned (counted when it was turned): the flush that
        carries it is when the card really shows. The time here can come before that frame
        is even composed (the refresh callbacks may run before the widgets ask to be
        repainted), which is why the frame count decides where it is known."""
        self._painted[turn_no] = (self.cs_app.clock(), frame)
        for old in [t for t in self._painted if t < turn_no - 8]:
            del self._painted[old]

    def _reaction_ms(self, o: Outcome) -> float | None:
        """From the card's appearance on the terminal to the key's time stamp: the flush of
        the frame that drew it where the output thread's times are known (a real terminal on
        the real clock), else the moment after the refresh that drew it; for a card not yet
        drawn when the press came, from the referee's reveal."""
        if self.referee.reveal_turn == self._unmeasured:
            return None
        turn_no = self.referee.reveal_turn - 1
        start = self.referee.reveal_time
        if turn_no in self._painted:
            painted, handed = self._painted[turn_no]
            if self.cs_app.clock is time.monotonic:
                shown = OUTPUT.time_of(handed)
                painted = shown if shown is not None else painted
            if painted <= o.time:
                start = painted
        return max(0.0, (o.time - start) * 1000)

    def schedule(self) -> None:
        """Set the one timer, for the race's next due thing (a bot's press, a held turn);
        the bots plan their presses for the card on the table as the race asks them (a
        money decision's mover plans none: it goes through the worker, not the clock)."""
        self._arm_timer()

    def _arm_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.race is None or self.match.is_over() or self._held_since is not None:
            return
        item = self.race.next()
        if item is None:
            return
        wait = item[0] - self.cs_app.clock()
        if wait <= 0:  # already due; Textual's Timer divides by its interval, so no 0 timers
            self.call_later(self._on_timer)
        else:
            self._timer = self.set_timer(wait, self._on_timer)

    def _on_timer(self) -> None:
        self._timer = None
        if self._live():  # (a timer firing as the table closes has nothing to draw on)
            self.pump(self.cs_app.clock())

    # --- holding the race (a lesson's panel) ----------------------------------------------

    def hold_play(self, on: bool) -> None:
        """Stop the race's clock while a person reads (a lesson's panel: ``ui/lesson.py``),
        so reading never costs a snap. On release, if the one person at the table may act
        now (their own match to snap, or their card to turn), the race stays held until
        their press, which then counts as made the moment the hold began: the bots' plans
        move on by the time held. Otherwise it goes on at once, moved on likewise."""
        now = self.cs_app.clock()
        if on:
            if self._held_since is None:
                self._held_since = now
                self._held_for_press = False
                self._clear_queue()
            return
        if self._held_since is None:
            return
        if self._person_may_act():
            self._held_for_press = True
            return
        self._release(now)
        self.schedule()

    def _person_may_act(self) -> bool:
        humans = self.match.humans
        if len(humans) != 1 or self.match.is_over():
            return False
        seat, view = humans[0], self.view()
        last = view["last"]
        mine = bool(view["top_is_last"] and last and last[0] == seat and last[2])
        turn = view["to_move"] == seat and view["phase"] == "play" and not view["must_buy"]
        return mine or bool(turn and view["hand_sizes"][seat])

    def _release(self, at: float) -> None:
        """The race goes on at ``at``: everything timed from the card on the table (its
        reveal, a held turn press) moves on by the time held, and the card's reaction is
        not measured (its clock stood still)."""
        assert self._held_since is not None
        shift = max(0.0, at - self._held_since)
        self._held_since = None
        self._held_for_press = False
        if self.race is None:
            return
        referee = self.race.judge
        referee.reveal_time += shift
        if referee.held is not None:
            referee.held.pressed += shift
        self._unmeasured = referee.reveal_turn
        self.race.clock = max(self.race.clock, referee.reveal_time)

    # --- the turn loop (money decisions) --------------------------------------------------

    def _decision_needed(self, seat: int) -> bool:
        """The mover faces a money decision (``Race.decision``; without a race here, what
        the view says: a sale's split or a forced purchase)."""
        if self.race is not None:
            return self.race.decision(seat)
        view = self.view()
        return view.get("phase") == "sell" or bool(view.get("must_buy"))

    def advance(self) -> None:
        if self._thinking is not None or not self.is_attached:
            return
        m = self.match
        if m.is_over():
            self._clear_queue()
            self.refresh_table()
            if self.app.screen is self:
                self._game_over()
            return
        mover = m.to_move()
        assert mover is not None
        if self._decision_needed(mover):
            if m.is_human(mover):
                self._open_menu(mover)
            else:
                self._start_bot(mover)
        self.schedule()

    def play_action(
        self, action: Action | str, seat: int | None = None, quiet: bool = False
    ) -> bool:
        """A money decision. One to turn without buying (a menu's, a bot's) is the race's
        turn: a new card, timed from now."""
        if self.race is None or not isinstance(action, Turn) or seat is None:
            return super().play_action(action, seat, quiet)
        try:
            outcomes = self.race.turn(seat, self.cs_app.clock())
        except IllegalAction as e:  # (stale: the table changed while a bot thought)
            if not quiet:
                self.notify(e.reason, title="Not allowed", severity="error")
            return False
        self.handle(outcomes)
        return True

    def _clear_queue(self) -> None:
        """Stop the timer: no bot presses until the table asks again (``schedule``)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    # --- menus ----------------------------------------------------------------------------

    def _menu_content(self, seat: int) -> tuple[str, Text, list[tuple[str, Action]]] | None:
        """The menu of ``seat``'s money decisions as the position stands; None if it has
        none. Exchanges that come to the same thing (``K Q for K K J`` is ``Q for K J``)
        are offered once, in their simplest form."""
        legal = [
            a for a in self.match.legal_actions(seat) if isinstance(a, (Buy, Exchange, Sell, Turn))
        ]
        if not legal:
            return None
        view = self.view()
        names = self.match.names()
        if view["phase"] == "sell":
            buyer, pay, _ = view["sale"]
            worth = view["values"][pay]
            title = f"{names[seat]}: {names[buyer]} paid {pay} ({worth})"
            held = view["hand_sizes"][seat]
            info = Text(
                f"Choose the split: cards from your stack plus change from your bank,"
                f" {worth} in all. You hold {held} card{'s' * (held != 1)}."
            )
        else:
            title = f"{names[seat]}: " + ("you must buy" if view["must_buy"] else "buy or exchange")
            info = self._shop_info(view, seat)
        return title, info, [(describe(a, view), a) for a in simplest(legal)]

    def _open_menu(self, seat: int, optional: bool = False) -> None:
        if self._menu is not None:
            return
        content = self._menu_content(seat)
        if content is None:
            return

        def done(choice: Action | None) -> None:
            self._menu = None
            if choice is not None and not self.match.is_over():
                self.play_action(choice, seat)
            self.call_after_refresh(self.advance)

        self._menu_seat = seat
        hint = (lambda: self._menu_hint(seat)) if self.match.offers_hint else None
        self._menu = ChoiceScreen(
            *content, cancel=optional, passthrough=self.snap_passthrough, hint=hint
        )
        self.app.push_screen(self._menu, done)

    def _menu_hint(self, seat: int) -> tuple[int, str] | None:
        """``h`` in a money menu: where the medium bot's decision is among its choices,
        and why (``hints``; the race itself gives no hints)."""
        menu = self._menu
        if menu is None or self.match.to_move() != seat:
            return None
        said = self.match.hint_with_reason(seat)
        want = effect(said.action)
        for i, (_, a) in enumerate(menu.choices):
            if effect(a) == want:
                return i, card_style(self).text(said.reason)
        return None

    def _refresh_menu(self) -> None:
        """The position changed under an open menu (a snap took the ground): rebuild it, or
        close it with a word when its decisions are gone."""
        menu = self._menu
        if menu is None or not menu.is_attached:
            return
        content = None if self.match.is_over() else self._menu_content(self._menu_seat)
        if content is None:
            self.notify("The table changed: nothing is left to choose.", title="Menu closed")
            menu.close()
            return
        menu.update(*content)
        self.notify("The table changed: the menu shows what is possible now.", timeout=3)

    def _shop_info(self, view: dict[str, Any], seat: int) -> Text:
        cs = card_style(self)
        values = values_of(view)
        out = Text()
        out.append("Your bank: ", "bold")
        for c in _cards(view["banks"][seat]):
            out.append_text(cs.inline(c))
            out.append(f"={values[c.rank]} ")
        out.append("\nOpponent's bank: ", "bold")
        for c in _cards(view["banks"][1 - seat]):
            out.append_text(cs.inline(c))
            out.append(" ")
        pile = len(view["pile"])
        out.append(f"\nGround: {pile} card{'s' * (pile != 1)}", "bold")
        out.append("; money under it: ")
        for c in _cards(view["under"]):
            out.append_text(cs.inline(c))
            out.append(" ")
        if not view["under"]:
            out.append("none")
        if not view["options"]["buy_at_will"]:
            src = "the ground" if view["source"] == GROUND else "the opponent"
            out.append(f"\nWith {pile} on the ground you buy from {src}.", "italic")
        out.append(f"\nExchanges left this turn: {view['exchanges_left']}.", "italic")
        return out

    def action_shop(self) -> None:
        view = self.view()
        seat = view["to_move"]
        if seat is None or not self.match.is_human(seat):
            self.notify("Buying is for the player to move.", severity="warning")
            return
        if not view["can_shop"]:
            self.notify(
                "You may buy only with no cards left (Egyptian rules: at any turn).",
                severity="warning",
            )
            return
        self._open_menu(seat, optional=not view["must_buy"])

    def action_keys(self) -> None:
        from ...ui.keys import KeysScreen

        names = self.match.names()
        labels = {}
        for pref in KEY_PREFS:
            _, seat, kind = pref.split(".")
            labels[pref] = f"{names[int(seat)]}: {kind}"

        def save(pref: str, key: str) -> None:
            self.cs_app.set_preference("money", pref, key, say=False)

        def done(_: object) -> None:
            self.refresh_table()

        self.app.push_screen(KeysScreen(labels, self.keymap(), save), done)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "hint"):  # a race has no undo, and no hints
            return False
        if action == "shop":  # a forced purchase opens its menu itself: b is for buying at will
            return bool(self.match.view(None)["options"]["buy_at_will"])
        return super().check_action(action, parameters)

    def action_undo(self) -> None:
        self.notify("Money is a race: there is no undo.", severity="warning")

    def action_hint(self) -> None:
        self.notify("No hints in a race: in a money menu, h suggests.", severity="warning")

    def show_hint(self, hint: Hint) -> None:
        """A suggested move and why (a lesson's, at the learner's turn: ``h`` gives none in
        a race) in the snap box's line, where the eye already is, rather than a notice
        over the table: its key, and the reason."""
        words = suit_text(hint.reason, self.cs_app.settings.ascii)
        self.flash = (f"Suggested ({self.hint_key(hint.action)}) · {words}", None, "")
        self._hint_shown = True
        self.refresh_table()

    def hint_key(self, action: Action) -> str:
        """The key that makes a suggested move: the turn or snap key (space and enter for
        a lone player), b for a purchase at will, else the open menu's choice."""
        if not isinstance(action, (Turn, Claim)):
            view = self.view()
            shop = view["phase"] == "play" and view["can_shop"] and not view["must_buy"]
            return "b, then the menu" if shop else "in the menu"
        kind = "turn" if isinstance(action, Turn) else "snap"
        humans = self.match.humans
        if len(humans) == 1:
            return "space" if kind == "turn" else "enter"
        return str(self.keymap()[f"keys.{humans[0] if humans else 0}.{kind}"])

    # --- drawing --------------------------------------------------------------------------

    def on_new_events(self, events_: list[Event]) -> None:
        self.query_one(LogView).add_events(events_, self.match.names())

    def refresh_table(self) -> None:
        if not self.is_mounted:
            return
        view = self.view()
        names = self.match.names()
        variant = self.match.game.variants[view["variant"]].name
        throw = int(self.throw_time * 1000)
        parts = [f"Money · {variant}", f"card {view['turns']}"]
        if not view["options"].get("auto_capture"):  # (MONEY-EG-1: no snap, no throw time)
            parts.append(f"throw {throw} ms")
        parts.append(self._values_text(view))
        header = "  ·  ".join(parts)
        if len(header) > self.size.width - 2:  # (Syrian's four values past card 99, at 80)
            header = " · ".join(parts)
        show(self.query_one("#mn-header", Static), Text(header, style="bold"))
        top, bottom = self._seats_top_bottom()
        show(self.query_one("#mn-top", Static), self._seat_panel(view, top))
        show(self.query_one("#mn-bottom", Static), self._seat_panel(view, bottom))
        show(self.query_one("#mn-ground", Static), self._ground(view, names))
        text, ms, style = self.flash
        show(
            self.query_one("#mn-flash", Static),
            Text(text, style=f"bold {style}" if style else "bold"),
        )
        self.query_one("#mn-ms", Digits).update(f"{ms:.0f}" if ms is not None else "")
        show(self.query_one("#mn-ms-unit", Static), "milliseconds" if ms is not None else "")
        # names are the players' own words: shown as text, never read as markup
        self.query_one("#mn-top").border_title = Text(self.match.seats[top].label())
        self.query_one("#mn-bottom").border_title = Text(self.match.seats[bottom].label())

    def _values_text(self, view: dict[str, Any]) -> str:
        return " ".join(f"{r}={v}" for r, v in sorted(view["values"].items(), key=lambda kv: kv[1]))

    def _seat_panel(self, view: dict[str, Any], seat: int) -> Text:
        """Two lines: the bank (its money face up, its value); then the stack, the worth,
        the player's keys and their reaction times."""
        cs = card_style(self)
        values = values_of(view)
        bank = sorted(_cards(view["banks"][seat]), key=lambda c: -values[c.rank])
        room = self.query_one("#mn-top", Static).content_region.width or self.size.width
        out = Text("bank ", style="bold")
        for c in bank:
            out.append_text(cs.inline(c))
            out.append(" ")
        tail = Text(f"= {sum(values[c.rank] for c in bank)}", style="bold")
        tail.append(f"   worth {view['scores'][seat]}", style="dim")
        if out.cell_len + tail.cell_len > room:
            # ten money cards or more do not fit one row of the panel beside the log (at
            # 80 columns the row wrapped and pushed the hand and the keys out of it): by
            # rank, a count each (a money card's suit buys nothing)
            out = Text("bank ", style="bold")
            for rank, n in Counter(c.rank for c in bank).items():
                out.append(f"{rank_name(rank)}×{n} ", style="bold")
        out.append_text(tail)
        out.append("\n")
        mover = view["to_move"] == seat
        out.append(
            ("▶ " if mover else "  ") + f"hand {cs.back_glyph} {view['hand_sizes'][seat]}",
            style="bold" if mover else "",
        )
        if self.match.is_human(seat):
            km = self.keymap()
            turn, snap = km[f"keys.{seat}.turn"].upper(), km[f"keys.{seat}.snap"].upper()
            if view["options"].get("auto_capture"):  # a match is captured as it is turned
                out.append(f"   [{turn}]turn", "bold")
            else:
                out.append(f"   [{turn}]turn [{snap}]snap", "bold")
        times = self.reactions[seat]
        if times:
            wide = self.size.width >= 110
            median = f" · median {statistics.median(times):.0f}" if wide else ""
            gap = "   " if wide else "  "  # (four-figure times at 80 columns)
            out.append(f"{gap}{times[-1]:.0f} ms (best {min(times):.0f}{median})", style="italic")
        return out

    def _ground(self, view: dict[str, Any], names: list[str]) -> Text:
        """The table: the top seat's stack, the pile (its newest cards fanned, the top one
        raised), the money under it, and the bottom seat's stack."""
        cs = card_style(self)
        box = self.query_one("#mn-ground")
        width = max(12, box.content_size.width)
        height = max(7, box.content_size.height - 1)
        room = height >= 15  # both stacks fit around the pile (else the seat panels say it)
        canvas = Canvas(width, height)
        top, bottom = self._seats_top_bottom()
        bold = Style(bold=True)
        mid = max(6, (height - 6) // 2)
        pile = _cards(view["pile"])

        def stack(seat: int, y: int) -> None:
            n = view["hand_sizes"][seat]
            if n:
                draw_backs(canvas, 2, y, n, cs, step=1, most=4)
            label = f"{names[seat]}: {n} card{'s' * (n != 1)}"
            if view["to_move"] == seat:
                label = "▶ " + label
            canvas.put(11, y + 1, label, bold)

        if room:
            stack(top, 0)
            stack(bottom, height - 4)
        else:
            mid = 1
        fit = max(1, (width - 12) // 4)  # leave room for the "← who" label
        shown = pile[-min(10, fit) :]
        canvas.put(2, mid - 1, f"ground: {len(pile)} card{'s' * (len(pile) != 1)}", bold)
        if shown:
            draw_fan(canvas, 2, mid, shown, cs, raised=[len(shown) - 1], highlight=cs.cursor)
            if view["top_is_last"]:
                who = names[view["last"][0]]
                x = 2 + (len(shown) - 1) * 4 + 7
                if x + 2 + len(who) <= width or mid + 5 >= height:
                    canvas.put(x, mid + 2, f"← {who}", Style(italic=True))
                else:  # a long name beside a long fan ran off the ground: under the fan
                    canvas.put(2, mid + 5, f"top card: {who}", Style(italic=True))
        else:
            canvas.put(2, mid + 2, "(empty: the next card starts a pile)", Style(italic=True))
        out = canvas.text()
        out.append("\nmoney under the pile: ")
        for c in _cards(view["under"]):
            out.append_text(cs.inline(c))
            out.append(" ")
        if not view["under"]:
            out.append("none", "dim")
        if view["phase"] == "sell" and view["sale"] is not None:
            out.append(f"   {names[1 - view['sale'][0]]} is choosing the split…", "italic")
        elif view["must_buy"]:
            out.append(f"   {names[view['mover']]} must buy.", "italic")
        return out

    def _seats_top_bottom(self) -> tuple[int, int]:
        humans = self.match.humans
        if len(humans) == 1 and humans[0] == 1:
            return 0, 1
        return 1, 0


def _cards(codes: list[str]) -> list[Card]:
    return [Card.parse(c) for c in codes]


__all__ = ["MoneyScreen", "describe"]
