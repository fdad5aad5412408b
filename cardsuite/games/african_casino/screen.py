"""The African Casino table: the other seats with their piles, the layout and the builds,
your hand, the plays on offer, a move composer, and the log.

Everything on screen is drawn from the view of the seat being shown, the public log and,
for that seat, its legal steps and the game's verdict on a step it might take
(``Match.explain``, tried on a copy). Nothing reads the position itself.

How a turn is played (the help's "Keys at the table"):

- ←→ pick a hand card; the side panel lists every legal play with it, best captures first,
  then the free steps (no hand card); ↑↓ highlight one (its cards light up on the table),
  enter plays it. Once the card is played the list offers ending the turn and free steps.
- ``c`` ``b`` ``a`` ``r`` ``t`` compose a capture, build, addition, raise or trail with the
  picked card, ``f`` a free build or addition: every layout item and usable pile top has a
  letter; typing it puts it into the current unit (again takes it out), ``/`` starts the
  next unit, ``v`` changes the declared value (an ace as 1 or 14), tab the kind, backspace
  drops the last pick. The step is shown in words as it grows, with the game's verdict and,
  when it would be refused, why; enter commits, escape cancels.
- ``m`` all legal steps as a list that typing filters; ``:`` a step typed in the notation.
- ``o`` on a highlighted capture of two cards or more (not South African, VAR-SA 7): the
  command line with that capture and the order its cards would go on the pile, bottom to
  top under the capturing card, to rearrange and send (CASINO-CAP-5: the card under a pile's
  top is the next one opponents may use).
- ``e`` ends the turn (dimmed while the game would refuse, and the reason is said).
- A partner's hold question and an opponent's insist question: ``y`` or ``n`` (or the list).
- The mouse: a click on a hand card picks it; on a layout card, a build or a pile top puts it
  into the composition (the kind that works is found); on the preview, commits; on a play in
  the list, plays it.

The parts: ``screen_composer`` (the letters, the composition and the action text it stands
for, steps in words; no Textual), ``screen_felt`` (the felt, the list of plays, the preview
line), ``screen_draw`` (how this screen draws itself from the view), ``screen_moves`` (the
list of every step and the command line).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from ...cards import Card
from ...engine import Action, Event
from ...hints import Hint
from ...table_source import TableSource
from ...ui.cardart import SMALL, CardSize, size_for
from ...ui.table import TableScreen
from ...ui.widgets import HandView, LogView, card_style
from .actions import Word
from .actions import order_key as card_order
from .screen_composer import (
    CARD_KINDS,
    FREE_KINDS,
    KIND_LETTER,
    KIND_NOUN,
    Candidate,
    Composition,
    Key,
    Table,
    candidates,
    hand_card,
    kind_of,
    labelled,
    material,
    order_key,
    taken,
    words,
)
from .screen_draw import CasinoDrawing, capital, kind_tag
from .screen_felt import (
    CasinoFelt,
    PlaysView,
    PreviewLine,
    template_text,
)
from .screen_moves import CasinoCommandScreen, CasinoMovesScreen, Entry
from .screen_why import Why, no_play_reasons


class CasinoScreen(CasinoDrawing, TableScreen):
    TCSS: ClassVar[str | None] = "screen.tcss"
    PAUSE_AFTER: ClassVar[frozenset[str]] = frozenset({"score"})
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", "Card", key_display="←→", show=False),
        Binding("right", "cursor(1)", "Card", show=False),
        Binding("home", "cursor_to(0)", "First", show=False),
        Binding("end", "cursor_to(-1)", "Last", show=False),
        Binding("up", "pick(-1)", "Plays", key_display="↑↓"),
        Binding("down", "pick(1)", "Plays", show=False),
        Binding("enter", "play", "Play"),
        Binding("c", "compose('capture')", "Compose", key_display="cbart"),
        Binding("b", "compose('build')", "Build", show=False),
        Binding("a", "compose('add')", "Add", show=False),
        Binding("r", "compose('raise')", "Raise", show=False),
        Binding("t", "compose('trail')", "Trail", show=False),
        Binding("f", "compose('free')", "Free step", show=False),
        Binding("e", "end_turn", "End turn"),
        Binding("m", "moves", "Moves"),
        Binding("y,H", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("colon", "command", "Type a step", show=False),
        Binding("o", "order", "Order the pile", show=False),
    ]

    #: The keys that start composing a step (their bindings show them in the footer; the
    #: key handler starts them, in order with the letters typed after them).
    COMPOSE_KEYS: ClassVar[dict[str, str]] = {
        "c": "capture",
        "b": "build",
        "a": "add",
        "r": "raise",
        "t": "trail",
        "f": "free",
    }

    def __init__(self, match: TableSource) -> None:
        super().__init__(match)
        self.cursor = 0
        self.pick = 0
        self.comp: Composition | None = None
        self.card_size: CardSize = SMALL
        self.bottom = self.shown if self.shown is not None else (match.humans or [0])[0]
        self._view: dict[str, Any] = {}
        # (not ``_table``: a joined table's ``RemoteTable`` mixin has a property of that name)
        self._casino_table: Table | None = None
        self._labels: dict[Key, str] = {}
        self._plays: list[Action] = []
        self._resolved: tuple[Candidate, str | None] | None = None
        self._hint: Text | None = None
        self._hint_more: list[Text] = []  # the hint's shorter forms (``show_hint``)
        self._hint_action: Action | None = None
        self._drawn_for: int | None = self.shown
        self._end_reason: tuple[object, str | None] | None = None  # (position, reason)
        self._keys_state: tuple[object, ...] = ()
        self._drawn: dict[str, object] = {}  # what each widget shows (see ``_put``)
        self._moods: dict[str, object] = {}
        self._reseat = True  # at the next turn, put the cursor on a card that can play
        self._why: list[Why] = []  # why the card picked has no play (``_no_play``)
        self._why_for: tuple[tuple[object, ...], list[Why]] | None = None  # the last worked out
        # the rest of a two-step composition (a build, then an addition to it), and for whom
        self._then: tuple[Composition, int] | None = None

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="ac-header", classes="table-header")
        with Horizontal(id="ac-main"):
            with Vertical(id="ac-left"):
                yield CasinoFelt(id="ac-felt", classes="felt")
                yield Static(id="ac-status")
                yield PreviewLine(id="ac-preview")
                yield HandView(id="ac-hand", classes="felt")
            with Vertical(id="ac-side"):
                with Vertical(id="ac-plays-box", classes="panel"):
                    yield PlaysView(id="ac-plays")
                yield LogView(id="ac-log", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#ac-log").border_title = "Log"
        self.query_one("#ac-plays-box").border_title = "Plays"
        self.query_one(LogView).add_events(self.match.public_log(), self.match.names())
        super().on_mount()

    # --- what the seat shown may do -------------------------------------------------------

    def mine(self) -> int | None:
        """The seat to move, when it is the person shown and keys may act for it."""
        seat = self.human_to_move()
        if seat is None or self.holding or self.shown != seat:
            return None
        return seat

    def _position(self) -> tuple[object, ...]:
        """Where the game stands: changes with every step taken (and with an undo)."""
        m = self.match
        return (m.revision, len(m.record), len(m.public_log()), self.shown)

    def _hand(self) -> list[str]:
        """The hand as shown: sorted by value."""
        return list(self._casino_table.hand) if self._casino_table is not None else []

    def _cursor_card(self) -> str | None:
        hand = self._hand()
        return hand[self.cursor] if hand and 0 <= self.cursor < len(hand) else None

    def _end_refusal(self) -> str | None:
        """Why ``end`` would be refused now (None: it would be taken); asked once a step."""
        seat = self.mine()
        if seat is None:
            return "it is not your turn"
        key = self._position()
        if self._end_reason is None or self._end_reason[0] != key:
            self._end_reason = (key, self.match.explain("end", seat))
        return self._end_reason[1]

    def _current_plays(self, view: dict[str, Any], table: Table) -> list[Action]:
        """The list beside the table: the picked card's plays then the free steps; once the
        card is played, ending the turn and the free steps; an answer's choices. While
        composing: the legal steps that use everything picked."""
        seat = self.mine()
        if seat is None:
            return []
        legal = list(self.match.legal_actions(seat))
        ordered = sorted(legal, key=lambda a: order_key(a, table))
        if view["phase"] != "play" or view["held"] is not None:
            return ordered
        if self.comp is not None:
            picked = self.comp.keys()
            card = self.comp.card
            return [
                a
                for a in ordered
                if not isinstance(a, Word)
                and hand_card(a) == card
                and picked <= material(a)
                and (self.comp.kind == "auto" or kind_of(a) == self.comp.kind)
            ]
        if view["played"]:
            return ordered
        card = self._cursor_card()
        mine = [a for a in ordered if card is not None and hand_card(a) == card]
        free = [a for a in ordered if hand_card(a) is None]
        return mine + free

    def _no_play(self, view: dict[str, Any], table: Table) -> list[Why]:
        """Why the card picked has no play, kind by kind (``screen_why``), while the list
        of plays would say none: worked out once per position and card. An answer a remote
        table has still to give ("checking with the table…") is asked again next time."""
        seat, card = self.mine(), self._cursor_card()
        if (
            seat is None
            or card is None
            or self.comp is not None
            or view["phase"] != "play"
            or view["played"]
            or view["held"] is not None
            or any(hand_card(a) == card for a in self._plays)
        ):
            return []
        key = (*self._position(), card)
        if self._why_for is None or self._why_for[0] != key:
            why = no_play_reasons(card, table, lambda text: self.match.explain(text, seat))
            if any(w.reason.endswith("…") for w in why):
                return why
            self._why_for = (key, why)
        return self._why_for[1]

    def _resolve(self, table: Table) -> tuple[Candidate, str | None] | None:
        """The composition read as a step: the first reading the game takes, else the first
        with its reason."""
        comp, seat = self.comp, self.mine()
        if comp is None or seat is None:
            return None
        cands = candidates(comp, table)
        for c in cands:
            if c.text is not None and self.match.explain(c.text, seat) is None:
                return c, None
        first = cands[0]
        if first.text is None:
            return first, first.reason or "that step cannot be made"
        return first, self.match.explain(first.text, seat)

    # --- drawing --------------------------------------------------------------------------

    def _pick_size(self) -> None:
        self.card_size = size_for(self.app.size.width, self.app.size.height)
        for s in ("small", "medium", "large"):
            self.set_class(s == self.card_size.name, f"-cards-{s}")

    def refresh_table(self) -> None:
        if not self.is_mounted:
            return
        if self.shown is not None:
            self.bottom = self.shown
        if self.shown != self._drawn_for:
            # another person's hand (after a curtain): nothing of the last one's carries over
            self._drawn_for = self.shown
            self.comp = None
            self.cursor = self.pick = 0
            self._hint = self._hint_action = None
        self._pick_size()
        view = self._view = self.view()
        table = self._casino_table = Table.of(view)
        if not table.hand:
            self.cursor = 0
        else:
            self.cursor = max(0, min(self.cursor, len(table.hand) - 1))
        seat = self.mine()
        if self.comp is not None and (seat is None or view["phase"] != "play"):
            self.comp = None
        if (
            self.comp is not None
            and self.comp.card is not None
            and self.comp.card not in table.hand
        ):
            self.comp = None
        playing = seat is not None and view["phase"] == "play"
        if playing and self._reseat and not view["played"]:
            self._reseat = False
            self._seat_cursor(table)
        self._labels = dict(labelled(table)) if playing else {}
        self._plays = self._current_plays(view, table)
        self.pick = max(0, min(self.pick, len(self._plays) - 1))
        self._why = self._no_play(view, table)
        self._resolved = self._resolve(table)
        names = self.match.names()
        self._put("#ac-header", self._header(view, names))
        self.query_one(CasinoFelt).show(self._scene(view, table, names), self.card_size)
        self._draw_status(view, names)
        self._draw_preview(view, table, names)
        self._draw_plays(view, table, names)
        self._draw_hand(view, table)
        self._update_keys(view)
        self.mark_drawn()

    def _seat_cursor(self, table: Table) -> None:
        """A new turn: if the card under the cursor has no play, the first that has."""
        seat = self.mine()
        if seat is None or not table.hand:
            return
        usable = {hand_card(a) for a in self.match.legal_actions(seat)}
        if table.hand[self.cursor] not in usable:
            self.cursor = next((i for i, c in enumerate(table.hand) if c in usable), self.cursor)

    def _update_keys(self, view: dict[str, Any]) -> None:
        """The footer changes only when ``e`` is dimmed or lit (a recomposed footer costs)."""
        state = (self.mine() is not None and self._end_refusal() is None,)
        if state != self._keys_state:
            self._keys_state = state
            self.refresh_bindings()

    def cards_changed(self) -> None:
        """The theme or the card style changed: draw everything again."""
        self._drawn.clear()
        self.refresh_table()

    # --- events ---------------------------------------------------------------------------

    def on_new_events(self, events_: list[Event]) -> None:
        self.query_one(LogView).add_events(events_, self.match.names())
        self._reseat = True
        self.comp = None
        then, self._then = self._then, None
        if then is not None and any(e.kind == "build" and e.seat == then[1] for e in events_):
            self.comp = then[0]  # the first step of a route is made: compose on with the rest
        self.pick = 0
        self._hint = self._hint_action = None

    def after_undo(self) -> None:
        self.comp = None
        self.pick = 0
        self._hint = self._hint_action = None
        log = self.query_one(LogView)
        log.set_events(self.match.public_log(), self.match.names())

    # --- keys -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key is offered only where it does something (lit on the person's own turn,
        dimmed meanwhile): composing a step with the hand's card until it is played,
        ending the turn after it, yes and no when a question is asked."""
        view = self._view
        phase = view.get("phase")
        if self.match.is_over() and action in ("pick", "play", "compose", "moves", "command"):
            return False
        if action == "end_turn":
            if self.mine() is None or phase != "play" or not view.get("played"):
                return False
            return True if self._end_refusal() is None else None
        if action == "answer":
            fits = phase in ("hold", "insist")
        elif action == "compose" and parameters != ("free",):
            fits = phase == "play" and view.get("held") is None and not view.get("played")
        elif action in ("pick", "play", "compose", "moves", "command"):
            fits = True
        elif action == "order":
            fits = self.orderable() is not None
        else:
            return super().check_action(action, parameters)
        if not fits:
            return False
        return True if self.mine() is not None else None

    def on_key(self, event: events.Key) -> None:
        """While composing, letters are the table's labels and ``/`` ``v`` tab backspace
        enter escape work the composer; everything else goes on as usual. ``e`` while it
        is dimmed says why the turn cannot end yet."""
        if self.holding or self.cs_app.clock() < self._guard_until:
            return
        if self.comp is None:
            kind = self.COMPOSE_KEYS.get(event.key)
            if kind is not None:
                # Started here, not by the binding: a binding runs once the key has bubbled
                # up to the app, after a letter typed right behind it has reached this
                # handler ("c a" quickly: the "a" was taken as compose-an-addition). Where
                # composing cannot start, the action says why, as a dimmed key does.
                event.stop()
                event.prevent_default()
                self.action_compose(kind)
                return
            if event.key == "e" and self.check_action("end_turn", ()) is None:
                # ``e`` is dimmed: say why rather than do nothing
                event.stop()
                event.prevent_default()
                self.action_end_turn()
            return
        if self.mine() is None:
            return
        key, char = event.key, event.character
        handled = True
        if key == "escape":
            self.comp = None
            self.refresh_table()
        elif key == "enter":
            self.commit()
        elif key == "slash":
            if not self.comp.close_unit():
                self.notify("Pick something for this unit first.", severity="warning")
            self.refresh_table()
        elif key == "v":
            self._cycle_value()
        elif key in ("tab", "shift+tab"):
            self._cycle_kind(1 if key == "tab" else -1)
        elif key == "backspace":
            self.comp.drop_last()
            self.refresh_table()
        elif char and len(char) == 1 and char.islower() and char.isalpha():
            target = next((k for k, lab in self._labels.items() if lab == char), None)
            if target is None:
                self.notify(f"Nothing on the table is labelled {char}.", severity="warning")
            else:
                self.comp.toggle(target)
                self.refresh_table()
        else:
            handled = False
        if handled:
            event.stop()
            event.prevent_default()

    def _cycle_value(self) -> None:
        comp, table = self.comp, self._casino_table
        if comp is None or table is None:
            return
        choices = comp.value_choices(table)
        if not choices:
            self.notify("Nothing here has a value to choose (only aces do).", severity="warning")
            return
        resolved = self._resolved
        now = comp.value
        if now is None and resolved is not None and resolved[0].text:
            now = _declared(resolved[0].text)
        comp.value = (
            choices[(choices.index(now) + 1) % len(choices)] if now in choices else choices[0]
        )
        self.refresh_table()

    def _cycle_kind(self, step: int) -> None:
        comp = self.comp
        if comp is None:
            return
        kinds = CARD_KINDS if comp.card is not None else FREE_KINDS
        at = kinds.index(comp.kind) if comp.kind in kinds else -1
        if comp.kind == "auto" and self._resolved is not None:
            at = kinds.index(self._resolved[0].kind) if self._resolved[0].kind in kinds else -1
        comp.kind = kinds[(at + step) % len(kinds)]
        comp.value = None
        self.refresh_table()

    def action_cursor(self, step: int) -> None:
        hand = self._hand()
        if self.mine() is None or not hand:
            return
        self.cursor = (self.cursor + step) % len(hand)
        self._moved_cursor()

    def action_cursor_to(self, index: int) -> None:
        hand = self._hand()
        if self.mine() is None or not hand:
            return
        self.cursor = index % len(hand)
        self._moved_cursor()

    def _moved_cursor(self) -> None:
        self.pick = 0
        self._hint = self._hint_action = None
        if self.comp is not None and self.comp.card is not None:
            self.comp.card = self._cursor_card()
        self.refresh_table()

    def action_pick(self, step: int) -> None:
        if self.mine() is None or self.comp is not None:
            return
        if not self._plays:  # the reasons why the card has no play, when they run long
            self.query_one(PlaysView).scroll_note(step)
            return
        self.pick = (self.pick + step) % len(self._plays)
        self._hint = self._hint_action = None
        self.refresh_table()

    def action_play(self) -> None:
        seat = self.mine()
        if seat is None:
            self._not_now()
            return
        if self.comp is not None:
            self.commit()
            return
        if self._hint is not None and self._hint_action is not None:
            self.play_action(self._hint_action, seat)  # the hint on screen
        elif self._plays:
            self.play_action(self._plays[self.pick], seat)
        elif self._why:
            card = self._cursor_card()
            label = card_style(self).label(Card.parse(card)) if card else "This card"
            self.notify(
                capital(self._why[0].reason), title=f"No play with {label}", severity="warning"
            )
        else:
            self.notify("Nothing to play here: m lists every step.", severity="warning")

    def _not_now(self) -> None:
        if self.match.is_over():
            self.notify("The game is over: g shows the result, q the menu.")
        elif not self.holding:
            self.notify("It is not your turn.", severity="warning")

    def commit(self) -> None:
        seat = self.mine()
        if seat is None or self._resolved is None:
            return
        cand, reason = self._resolved
        if reason is not None or cand.text is None:
            self.notify(
                capital(reason or "that step cannot be made"),
                title="Not allowed",
                severity="error",
            )
            return
        self.comp = None
        self._then = (cand.then, seat) if cand.then is not None else None
        if not self.play_action(cand.text, seat):
            self._then = None

    def action_compose(self, kind: str) -> None:
        seat = self.mine()
        view = self._view
        if seat is None:
            self._not_now()
            return
        if view["phase"] != "play" or view["held"] is not None:
            self.notify("Answer first: the list, or y / n.", severity="warning")
            return
        if kind == "free":
            self.comp = Composition("build", None)
        elif view["played"]:
            self.notify(
                "Your card is played this turn: f composes a free build or addition.",
                severity="warning",
            )
            return
        else:
            card = self._cursor_card()
            if card is None:
                return
            self.comp = Composition(kind, card)
        self._hint = self._hint_action = None
        self.refresh_table()

    def action_end_turn(self) -> None:
        seat = self.mine()
        if seat is None:
            self._not_now()
            return
        if self._view.get("phase") != "play":
            self.notify("Answer first: y or n (or the list).", severity="warning")
            return
        reason = self._end_refusal()
        if reason is not None:
            self.notify(capital(reason), title="Not yet", severity="warning")
            return
        self.play_action("end", seat)

    def action_answer(self, yes: bool) -> None:
        seat = self.mine()
        view = self._view
        if seat is None or view.get("phase") not in ("hold", "insist"):
            return
        legal = self.match.legal_actions(seat)
        want = [a for a in legal if isinstance(a, Word) and (a.word != "pass") == yes]
        if not want:
            self.notify("You hold no card of that build's rank: only pass (n).", severity="warning")
            return
        self.play_action(want[0], seat)

    def action_moves(self) -> None:
        seat = self.mine()
        if seat is None:
            self._not_now()
            return
        table = self._casino_table
        assert table is not None
        names = self.match.names()
        cs = card_style(self)
        legal = sorted(self.match.legal_actions(seat), key=lambda a: order_key(a, table))

        def entry(a: Action) -> Entry:
            label = kind_tag(KIND_LETTER.get(kind_of(a), "·"))
            label.append_text(template_text(words(a, table), names, cs))
            kind = kind_of(a)  # found by "addition" too
            return (label, f"{kind} {KIND_NOUN.get(kind, '')} {label.plain} {a}".lower(), a)

        all_entries = [entry(a) for a in legal]
        card = self._cursor_card()
        card_entries = None
        if card is not None and not self._view["played"] and self._view["phase"] == "play":
            card_entries = [entry(a) for a in legal if hand_card(a) in (card, None)]
        label = cs.label(Card.parse(card)) if card else ""
        titles = (f"Steps with {label} and free steps", "Every legal step")

        def done(choice: Action | None) -> None:
            if choice is not None and self.mine() == seat:
                self.play_action(choice, seat)

        self.app.push_screen(CasinoMovesScreen(titles, card_entries, all_entries), done)

    def action_command(self) -> None:
        seat = self.mine()
        if seat is None:
            self._not_now()
            return

        def done(text: str | None) -> None:
            if text and self.mine() == seat:
                self.play_action(text, seat)

        example = str(self._plays[self.pick]) if self._plays else "capture 9S: B9 5H+4C"
        self.app.push_screen(
            CasinoCommandScreen(lambda t: self.match.explain(t, seat), example), done
        )

    def action_order(self) -> None:
        """CASINO-CAP-5: the highlighted capture on the command line, ending with the order
        its cards would go on the pile (the default: the highest at the bottom), for the
        person to rearrange; the game's verdict shows as they type, enter sends it."""
        seat = self.mine()
        if seat is None:
            self._not_now()
            return
        act, table = self.orderable(), self._casino_table
        if act is None or table is None:
            self.notify(
                "o orders the cards a capture takes: highlight a capture of two cards or more.",
                severity="warning",
            )
            return
        cards = sorted((Card.parse(c) for c in taken(act, table)[1:]), key=card_order)
        text = f"{act} order {' '.join(c.code for c in reversed(cards))}"

        def done(typed: str | None) -> None:
            if typed and self.mine() == seat:
                self.play_action(typed, seat)

        self.app.push_screen(
            CasinoCommandScreen(
                lambda t: self.match.explain(t, seat),
                text,
                value=text,
                heading="Order the cards taken: bottom to top, the capturing card goes on top",
            ),
            done,
        )

    def show_hint(self, hint: Hint) -> None:
        action = hint.action
        table = self._casino_table
        if table is None:
            return
        self.comp = None
        card = hand_card(action)
        hand = self._hand()
        if card is not None and card in hand:
            self.cursor = hand.index(card)
            self.pick = 0
        self._hint_action = action
        self._plays = self._current_plays(self._view, table)
        for i, a in enumerate(self._plays):
            if str(a) == str(action):
                self.pick = i
                break
        # the step itself is in the preview just below (it is the play highlighted): the
        # status says whose choice it is and why, so a long step is not written twice
        why = card_style(self).text(hint.reason)
        self._hint = Text.assemble(
            ("Medium bot's hint, below: ", "bold"), why, (" · ⏎ plays it", "dim")
        )
        # its shorter forms, for a status line too narrow for the first
        self._hint_more = [
            Text.assemble(("Hint, below: ", "bold"), why, (" · ⏎ plays it", "dim")),
            Text.assemble(("Hint: ", "bold"), why),
        ]
        self.refresh_table()

    # --- the mouse ------------------------------------------------------------------------

    def on_hand_view_clicked(self, message: HandView.Clicked) -> None:
        if self.mine() is None or self._view.get("played"):
            return
        self.cursor = message.index
        self._moved_cursor()

    def on_casino_felt_target(self, message: CasinoFelt.Target) -> None:
        seat = self.mine()
        view = self._view
        if seat is None or view.get("phase") != "play" or view.get("held") is not None:
            return
        if message.key not in self._labels:
            return
        if self.comp is None:
            card = None if view["played"] else self._cursor_card()
            self.comp = Composition("auto", card)
            self._hint = self._hint_action = None
        self.comp.toggle(message.key)
        self.refresh_table()

    def on_plays_view_chosen(self, message: PlaysView.Chosen) -> None:
        seat = self.mine()
        if seat is None or not 0 <= message.index < len(self._plays):
            return
        self.comp = None
        self.play_action(self._plays[message.index], seat)

    def on_preview_line_pressed(self, message: PreviewLine.Pressed) -> None:
        if self.mine() is None:
            return
        if self.comp is not None:
            self.commit()
        elif self._plays:
            self.action_play()


def _declared(text: str) -> int | None:
    """The value an ace is declared at in a step's text (``capture AH=14: ...``)."""
    head = text.split(":")[0]
    if "=" in head:
        try:
            return int(head.split("=")[1].split()[0])
        except ValueError:
            return None
    return None


__all__ = ["CasinoScreen"]
