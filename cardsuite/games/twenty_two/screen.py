"""The Twenty-Two table (the only module of this game that imports Textual).

Left: the seats (cards held, penalty cards, totals, who is to move), the trick in the middle
with the best play marked, what to do in words, and the hand of the person whose turn it is.
Right: the score sheet and the log. Keys: arrows move over the hand, space selects, ``a``
selects every card of the cursor's rank, enter plays (or exchanges; with nothing selected it
keeps in the exchange and plays the cursor card in a trick), ``l`` shows the last trick.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Static

from ...cards import Card
from ...engine import Action, Event
from ...match import Match
from ...ui.table import TableScreen
from ...ui.widgets import CardGroup, CardRowView, HandView, LogView, card_style
from .rules import Exchange, Play, TwentyTwoState
from .sets import effective


def _ranks_text(ranks: list[int]) -> str:
    names = {11: "J", 12: "Q", 13: "K", 14: "A", 15: "JK"}
    return "-".join(names.get(r, str(r)) for r in ranks)


class TwentyTwoScreen(TableScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", "Card", key_display="←→"),
        Binding("right", "cursor(1)", "Card", show=False),
        Binding("space", "toggle", "Select"),
        Binding("a", "same_rank", "Same rank"),
        Binding("enter", "play", "Play"),
        Binding("l", "last_trick", "Last trick"),
    ]

    def __init__(self, match: Match) -> None:
        super().__init__(match)
        self.cursor = 0
        self.selected: set[int] = set()
        self.hinted: set[int] = set()
        self.plays: list[tuple[int, list[Card]]] = []  # the trick as the log told it
        self.last_trick: tuple[list[tuple[int, list[Card]]], int] | None = None
        self.last_showdown: Event | None = None

    @property
    def st(self) -> TwentyTwoState:
        state = self.match.state
        assert isinstance(state, TwentyTwoState)
        return state

    def compose(self) -> ComposeResult:
        yield Static(id="tt-header", classes="table-header")
        with Horizontal(id="tt-main"):
            with Vertical(id="tt-left"):
                with VerticalScroll(id="tt-seats-box", classes="panel"):
                    yield Static(id="tt-seats")
                yield CardRowView(id="tt-trick", classes="felt")
                yield Static(id="tt-status", classes="status")
                yield HandView(id="tt-hand", classes="felt")
            with Vertical(id="tt-side"):
                yield Static(id="tt-scores", classes="panel")
                yield LogView(id="tt-log", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#tt-seats-box").border_title = "Table"
        self.query_one("#tt-scores").border_title = "Penalty points"
        self.query_one("#tt-log").border_title = "Log"
        self.query_one(LogView).add_events(self.match.state.events, self.match.names())
        self._rebuild_plays()
        super().on_mount()

    def _rebuild_plays(self) -> None:
        self.plays = [(s, list(cs)) for s, cs in self.st.trick]

    # --- events ---------------------------------------------------------------------------

    def on_new_events(self, events_: list[Event]) -> None:
        for e in events_:
            if e.kind == "lead":
                self.plays = [(e.seat, [Card.parse(c) for c in e.data["cards"]])]
            elif e.kind == "play":
                self.plays.append((e.seat, [Card.parse(c) for c in e.data["cards"]]))
            elif e.kind == "trick":
                self.last_trick = (self.plays, e.seat)
                self.plays = []
            elif e.kind == "showdown":
                self.last_showdown = e
            elif e.kind == "deal":
                self.plays = []
        self.query_one(LogView).add_events(events_, self.match.names())
        self.selected.clear()
        self.hinted.clear()

    def after_undo(self) -> None:
        self.selected.clear()
        self.hinted.clear()
        self._rebuild_plays()
        log = self.query_one(LogView)
        log.clear()
        log.add_events(self.match.state.events, self.match.names())

    # --- drawing --------------------------------------------------------------------------

    def refresh_table(self) -> None:
        if not self.is_mounted:
            return
        st = self.st
        names = self.match.names()
        self.query_one("#tt-header", Static).update(self._header())
        self.query_one("#tt-seats", Static).update(self._seats(names))
        self._draw_trick(names)
        self.query_one("#tt-status", Static).update(self._status(names))
        self.query_one("#tt-scores", Static).update(self._sheet(names))
        hand = self.query_one(HandView)
        seat = self.shown
        if seat is None or not st.hands[seat]:
            hand.show_backs(len(st.hands[seat]) if seat is not None else 0)
            hand.border_title = ""
            return
        cards = st.hands[seat]
        self.cursor = max(0, min(self.cursor, len(cards) - 1))
        self.selected = {i for i in self.selected if i < len(cards)}
        mine = self.human_to_move() == seat
        hand.show(
            cards,
            cursor=self.cursor if mine else None,
            selected=self.selected,
            dimmed=self._dimmed(cards) if mine and self.cs_app.settings.assist else set(),
            hinted=self.hinted,
        )

    def _header(self) -> Text:
        st = self.st
        variant = self.match.game.variants[st.variant].name
        extras = [
            k
            for k in ("beat_leader", "equal_sets", "paper_scores", "twenty_six")
            if st.options[k] and not self.match.game.variants[st.variant].defaults()[k]
        ]
        parts = [f"Twenty-Two · {variant}"]
        if extras:
            parts[0] += " + " + ", ".join(x.replace("_", " ") for x in extras)
        if st.phase != "over":
            parts += [f"hand {st.hand_no}", f"{st.deal_size} cards each", f"stock {len(st.stock)}"]
        parts.append(f"out at {st.threshold}")
        return Text("  ·  ".join(parts), style=Style(bold=True))

    def _seats(self, names: list[str]) -> Table:
        st = self.st
        cs = card_style(self)
        narrow = self.query_one("#tt-seats").size.width < 64
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(width=1)
        table.add_column(ratio=3, no_wrap=True)
        table.add_column(width=5, no_wrap=True)
        table.add_column(ratio=4, no_wrap=True)
        if not narrow:
            table.add_column(ratio=3, no_wrap=True)
        mover = st.to_move()
        for s, seat in enumerate(self.match.seats):
            marker = "▶" if s == mover else ("D" if s == st.dealer else " ")
            label = seat.label()
            if narrow and not seat.is_human:
                label = f"{seat.name} ({seat.kind[0].upper()})"
            who = Text(label, style=Style(bold=s == self.shown, italic=not st.active[s]))
            if s == self.shown:
                who.append(" (you)" if len(self.match.humans) == 1 else " ◀", style="bold")
            held = Text(f"▚ {len(st.hands[s])}" if st.active[s] else "out", style="dim")
            pen = Text()
            if st.paper:
                pen.append(f"{st.scores_list[s]} on paper")
            else:
                for c in st.score_cards[s]:
                    pen.append_text(cs.inline(c))
                    pen.append(" ")
                pen.append(f"= {st.scores_list[s]}", style="bold")
            cells = [marker, who, held, pen]
            if not narrow:
                cells.append(self._seat_status(s))
            table.add_row(*cells)
        return table

    def _seat_status(self, s: int) -> Text:
        st = self.st
        if not st.active[s]:
            return Text("eliminated", style="italic dim")
        if s == self._thinking:
            return Text("thinking…", style="italic")
        if st.phase == "exchange":
            for e in reversed(st.events):
                if e.kind == "deal":
                    break
                if e.kind == "exchange" and e.seat == s:
                    n = e.data["count"]
                    return Text(f"exchanged {n}" if n else "kept", style="dim")
            if s in st.exchange_queue:
                return Text("to exchange", style="dim")
        if st.trick and st.trick[st.trick_best][0] == s:
            return Text("best so far", style="bold")
        return Text("")

    def _draw_trick(self, names: list[str]) -> None:
        view = self.query_one(CardRowView)
        st = self.st
        if self.holding and self.last_showdown in self.holding and self.last_showdown:
            e = self.last_showdown
            losers = set(e.data["losers"])
            groups = [
                CardGroup(
                    names[int(s)],
                    [Card.parse(c)],
                    f"+{e.data['value']}" if int(s) in losers else "",
                    highlight=int(s) in losers,
                )
                for s, c in e.data["cards"].items()
            ]
            view.show("Showdown (any key to go on)", groups)
            return
        if self.holding and self.last_trick:
            plays, winner = self.last_trick
            groups = [
                CardGroup(names[s], cards, "wins" if s == winner else "", highlight=s == winner)
                for s, cards in plays
            ]
            view.show(f"{names[winner]} wins the trick (any key to go on)", groups)
            return
        if st.phase == "exchange":
            groups = [CardGroup("stock", backs=len(st.stock), note=f"{len(st.stock)} cards")]
            view.show(f"Exchange, hand {st.hand_no}", groups)
            return
        if not st.trick:
            title = "Waiting for the lead" if st.phase == "play" else ""
            view.show(title, [])
            return
        best = st.trick[st.trick_best][0]
        groups = [
            CardGroup(names[s], list(cards), "best" if s == best else "", highlight=s == best)
            for s, cards in st.trick
        ]
        n = len(st.trick[0][1])
        view.show(f"Trick {len(st.tricks) + 1} · {n} card{'s' * (n != 1)} each", groups)

    def _status(self, names: list[str]) -> Text:
        st = self.st
        m = self.match
        if self.holding:
            return Text("Press any key to go on.", style="italic")
        if st.phase == "over":
            return Text("The game is over.")
        mover = st.to_move()
        assert mover is not None
        if mover != self.human_to_move():
            if self._thinking == mover:
                return Text(f"{m.seats[mover].label()} is thinking…", style="italic")
            return Text(f"Waiting for {names[mover]}…", style="italic")
        who = names[mover]
        hand = st.hands[mover]
        if st.phase == "exchange":
            k = min(len(hand), len(st.stock))
            return Text.assemble(
                (f"{who}, exchange: ", "bold"),
                f"select up to {k} card{'s' * (k != 1)} to throw away; enter draws as many"
                " (nothing selected: keep).",
            )
        if not st.trick:
            return Text.assemble(
                (f"{who}, your lead: ", "bold"),
                "one card, or several of one rank (press a); keep at least one card.",
            )
        n = len(st.trick[0][1])
        lowest = _ranks_text(sorted((c.rank for c in hand[:n]), reverse=True))
        if st.beat_leader:
            lead = _ranks_text(st.trick_lead_eff)
            return Text.assemble(
                (f"{who}, follow with {n}: ", "bold"),
                f"cover the lead {lead} if you can; if not, play your lowest ({lowest}).",
            )
        best = _ranks_text(effective([c.rank for c in st.trick[st.trick_best][1]]))
        return Text.assemble(
            (f"{who}, follow with {n}: ", "bold"),
            f"cover {best} (the best so far), or play your lowest ({lowest}).",
        )

    def _sheet(self, names: list[str]) -> Group | Table:
        st = self.st
        short = [n[:3] for n in names]
        if st.n > 6:
            table = Table.grid(padding=(0, 1))
            table.add_column()
            table.add_column(justify="right")
            for s in range(st.n):
                table.add_row(names[s], "out" if not st.active[s] else str(st.scores_list[s]))
            return table
        table = Table(box=None, padding=(0, 1), show_edge=False, expand=True)
        table.add_column("#", justify="right", style="dim")
        for s in range(st.n):
            table.add_column(short[s], justify="right", no_wrap=True)
        rows = st.history[-8:]
        for h in rows:
            cells = [str(h["value"]) if s in h["losers"] else "·" for s in range(st.n)]
            table.add_row(str(h["hand"]), *cells)
        totals = [
            Text(str(st.scores_list[s]) + ("✗" if not st.active[s] else ""), style="bold")
            for s in range(st.n)
        ]
        table.add_row(Text("Σ", style="bold"), *totals)
        return table

    def _dimmed(self, cards: list[Card]) -> set[int]:
        st = self.st
        if st.phase != "play":
            return set()
        ranks: set[int] = set()
        for a in st.legal_actions():
            ranks.update(c.rank for c in a.cards)  # type: ignore[attr-defined]
        return {i for i, c in enumerate(cards) if c.rank not in ranks}

    # --- keys -----------------------------------------------------------------------------

    def _my_hand(self) -> list[Card] | None:
        seat = self.human_to_move()
        if seat is None or self.holding:
            return None
        return self.st.hands[seat]

    def action_cursor(self, step: int) -> None:
        hand = self._my_hand()
        if not hand:
            return
        self.cursor = (self.cursor + step) % len(hand)
        self.refresh_table()

    def action_toggle(self) -> None:
        hand = self._my_hand()
        if not hand:
            return
        self.selected ^= {self.cursor}
        self.hinted.clear()
        self.refresh_table()

    def action_same_rank(self) -> None:
        hand = self._my_hand()
        if not hand:
            return
        rank = hand[self.cursor].rank
        same = {i for i, c in enumerate(hand) if c.rank == rank}
        self.selected = set() if same <= self.selected else same
        self.refresh_table()

    def on_hand_view_clicked(self, message: HandView.Clicked) -> None:
        if self._my_hand() is None:
            return
        self.cursor = message.index
        self.selected ^= {message.index}
        self.refresh_table()

    def action_play(self) -> None:
        seat = self.human_to_move()
        hand = self._my_hand()
        if seat is None or hand is None:
            if not self.holding:
                self.notify("It is not your turn.", severity="warning")
            return
        chosen = tuple(hand[i] for i in sorted(self.selected))
        action: Action
        if self.st.phase == "exchange":
            action = Exchange(chosen)
        else:
            action = Play(chosen or (hand[self.cursor],))
        self.play_action(action, seat)

    def show_hint(self, action: Action) -> None:
        hand = self._my_hand() or []
        want = [c.rank for c in getattr(action, "cards", ())]
        picked: set[int] = set()
        for r in want:
            for i, c in enumerate(hand):
                if c.rank == r and i not in picked:
                    picked.add(i)
                    break
        self.selected = picked
        self.hinted = picked
        words = "keep your hand" if str(action) == "keep" else str(action)
        self.notify(f"{words} (selected for you: enter plays it)", title="Hint")
        self.refresh_table()

    def action_last_trick(self) -> None:
        from ...ui.lasttrick import LastTrickScreen

        if not self.last_trick:
            self.notify("No trick has been played yet.", severity="warning")
            return
        plays, winner = self.last_trick
        names = self.match.names()
        groups = [
            CardGroup(names[s], cards, "won it" if s == winner else "", highlight=s == winner)
            for s, cards in plays
        ]
        self.app.push_screen(LastTrickScreen(f"Last trick: {names[winner]} won", groups))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo",) and len(self.match.humans) != 1:
            return None
        return True


SCREEN = TwentyTwoScreen

__all__ = ["SCREEN", "TwentyTwoScreen"]
