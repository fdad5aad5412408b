"""A joined table: the game's own table screen, drawing what a table server sends.

``remote_screen_class`` puts ``RemoteTable`` in front of the registry's screen class (as the
replay does), so the game draws exactly as at home, from ``match.view(shown)``, its legal
actions and the public log, all of which a ``RemoteMatch`` (a ``table_source.TableSource``)
takes from the server's updates.
The mixin changes only where moves go and where they come from:

- a move is sent to the server (``play_action``) and the table waits for the answer: the
  next update, or a refusal with the rule's reason, said as at home; until it comes the
  table still shows the position before the move, so nothing is decided from that
  (``awaiting_answer``: Money's purchase menu opened again on it), and a refusal lets the
  table go on from where it was (``advance``);
- updates are taken one at a time, each like a move at home (the view just before it, its
  events, the pause on a finished trick or showdown); while the table pauses, later updates
  wait, so every player sees every trick;
- no bot plays here, no undo, no save (the host keeps the game; its record comes to each
  player at the end and is kept in their own store, and one who leaves before the end keeps
  what they saw: ``remote/keeper.py``); the hint is
  asked of the host; a bot thinking on the host shows "thinking…" here too; a watcher's
  footer offers only what a watcher can do (``WATCHER_ACTIONS``); a seat taken by a new
  player is named so at once, in the log too;
- a bar at the top says where the table is, who you are, whether you are connected (and the
  round trip), and who at the table is here or away; a dropped connection is said there and
  mended by the client, which takes the same seat back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from ..engine import Action, Event, IllegalAction
from ..hints import MAX_REASON, Hint
from ..remote.lobby import short
from .table import TableScreen
from .widgets import _TOKEN, LogView

if TYPE_CHECKING:
    from ..remote.remote_match import RemoteMatch
    from .app import CardSuiteApp


#: The fair deal's facts in full (a screen class's bindings: the mixin has none of its own).
FAIR_BINDINGS: list[BindingType] = [Binding("F", "fair", "Fair deal", show=False)]

#: A table's own actions a watcher (no seat) can use: they look, read and leave; every other
#: (select, play, bid, buy, hint...) is a player's, and hidden from a watcher's footer.
WATCHER_ACTIONS = frozenset({"rules", "leave", "result", "last_trick", "fair"})


class RemoteTable:
    """The mixin (see the module docstring); ``self`` is also the game's table screen."""

    TCSS: ClassVar[str | None] = "remote.tcss"

    # --- what it is -----------------------------------------------------------------------

    @property
    def remote(self) -> RemoteMatch:
        return cast("RemoteMatch", cast(TableScreen, self).match)

    @property
    def _rt_screen(self) -> TableScreen:
        return cast(TableScreen, self)

    def compose(self) -> ComposeResult:
        yield Static(id="remote-bar")
        # a mixin: the next class is the game's table screen, chosen at run time, which mypy
        # does not see (it sees ``object``): the same for every ``super()`` call below
        yield from super().compose()  # type: ignore[misc]

    def on_mount(self) -> None:
        """(Textual calls the game's own ``on_mount`` after this one.)"""
        self._rt_ready = True  # composed: messages may draw from now on
        self._rt_names = self.remote.names()  # (the game's own on_mount gives its log these)
        self.remote.listener = self._rt_message
        self.remote.client.on_status = self._rt_status
        self._rt_screen.call_after_refresh(self._rt_bar)
        self._rt_screen.call_after_refresh(self._rt_flush_news)  # (news before it was drawn)
        if self.remote.has_update():
            self._rt_screen.call_after_refresh(self._rt_next_update)
        # a dropped player's countdown ticks on the bar (only the bar is drawn again)
        self._rt_ticker = self._rt_screen.set_interval(1.0, self._rt_tick)

    def _rt_tick(self) -> None:
        if self.remote.standin_at:
            self._rt_bar()

    def on_unmount(self) -> None:
        self._rt_left("{me}'s cardsuite was closed at the table")  # (nothing when already kept)
        self._rt_ready = False
        self.remote.listener = None
        self.remote.client.on_status = None

    # --- messages from the server ---------------------------------------------------------

    _rt_ready = False
    #: the ``seq`` of the update a move of ours was sent from, until the server answers
    _rt_asked: int | None = None

    def awaiting_answer(self) -> bool:
        """A move of ours is on its way and the table still shows the position before it."""
        return self._rt_asked is not None and self._rt_asked == self.remote.seq

    def _rt_drawable(self) -> bool:
        """Composed and not going: a message may draw (the app shutting down takes the
        widgets first, while the connection still delivers)."""
        table = self._rt_screen
        return self._rt_ready and table._live() and bool(table.children)

    def _rt_message(self, msg: dict[str, Any]) -> None:
        table = self._rt_screen
        kind = msg.get("type")
        if kind == "reveal" and self._rt_ready:  # (the result dialog is over the table)
            self._rt_verdict()
            return
        if not self._rt_drawable():
            return  # (updates wait in the match; on_mount takes them)
        if kind == "update":
            if not table.holding:
                self._rt_next_update()
        elif kind == "refused":
            table.notify(str(msg.get("reason")), title="Not allowed", severity="error")
            if self._rt_asked is not None:  # our move was refused: decide again, here
                self._rt_asked = None
                if not table.holding:
                    table.advance()
        elif kind == "hint":
            self._rt_hint_answer(msg)
        elif kind == "explained":
            table.refresh_table()
        elif kind == "thinking":
            seat = msg.get("seat")
            if isinstance(seat, int) and 0 <= seat < len(self.remote.seats) and not table.holding:
                table._thinking = seat  # "thinking…" by that seat until its move arrives
                table.refresh_table()
        elif kind == "welcome":
            self._rt_asked = None  # a move sent before the break may never have arrived
            table.notify("Back at the table.", title="Connected")
        elif kind == "record":
            self._rt_kept()
        elif kind == "news":
            self._rt_flush_news()
            self._rt_screen.notify(str(msg.get("text")), title="Table", timeout=5, markup=False)
        elif kind is not None:
            self.remote_message(msg)
        self._rt_bar()

    def remote_message(self, msg: dict[str, Any]) -> None:
        """A message of the game's own (Money's ``outcome``); others ignore them."""

    def _rt_next_update(self) -> None:
        """Put the next update on the table as if its moves had been made here."""
        table = self._rt_screen
        m = self.remote
        if m.has_update():
            table._thinking = None  # (a bot's move, or anything else: the host moved on)
        while m.has_update() and not table.holding:
            before = table.view() if m.update else None
            if hasattr(table, "_before"):
                table._before = before
            new = m.take_update()
            if new:
                table.on_new_events(new)
                pause, hold = table.pause_for(new)
                if pause:
                    table.holding = new
                    if hold is not None:
                        table._hold_timer = table.set_timer(hold, table.release_hold)
        self._rt_rename_logs()
        table.refresh_table()
        self._rt_bar()
        table.advance()

    _rt_names: list[str] | None = None

    def _rt_rename_logs(self) -> None:
        """A seat changed hands (Bob took the seat called Right): the log names its new
        player at once. Events name seats, and a log draws them with the names it was last
        given, which were otherwise renewed only with the next move."""
        names = self.remote.names()
        if names == self._rt_names:
            return
        self._rt_names = names
        for log in self._rt_screen.query(LogView):
            log.add_events([], names)

    def release_hold(self) -> None:
        super().release_hold()  # type: ignore[misc]  # (the table's: see compose)
        if self.remote.has_update() and not self._rt_screen.holding:
            self._rt_next_update()

    def _rt_kept(self) -> None:
        """The host's record came (at the end) and was kept here, or could not be: said,
        and a line in the log says where it went."""
        keeper = self.remote.keeper
        if keeper is None or not keeper.said:
            return
        self._rt_screen.notify(
            keeper.said,
            title="Record kept" if keeper.whole and keeper.said.endswith(".") else "Record",
            severity="information" if keeper.whole else "warning",
            timeout=12,
        )
        self._rt_note(keeper.said)

    def _rt_note(self, text: str) -> None:
        """A line of the table's own in its logs (not an event of the game)."""
        note = Event("note", None, text.replace("{", "(").replace("}", ")"))
        for log in self._rt_screen.query(LogView):
            log.add_events([note], self.remote.names())

    def _rt_left(self, why: str) -> None:
        """Leaving before the end (or the table closing): what this player saw is kept, a
        record that says what it lacks (``RecordKeeper.left``); once, and said."""
        keeper = self.remote.keeper
        if keeper is None:
            return
        said = keeper.left(why, self.remote.names())
        if said is not None and self._rt_screen.is_attached:
            self._rt_screen.notify(said, title="Record", timeout=12)

    def _rt_status(self, status: str) -> None:
        table = self._rt_screen
        if not self._rt_drawable():
            return
        if self.remote.client.ended is not None:
            self._rt_left(self.remote.client.ended)
            table.notify(
                f"{status}. The game stays on screen; q goes back to the picker.",
                title="Remote table",
                severity="warning",
                timeout=12,
            )
        elif status.startswith(("connection lost", "no connection", "the table closed")):
            table.notify(status, title="Remote table", severity="warning", timeout=4)
        elif status.startswith("refused"):
            table.notify(status, title="Remote table", severity="error", timeout=10)
        self._rt_bar()

    def _rt_bar(self) -> None:
        table = self._rt_screen
        if not table.is_mounted:
            return
        m = self.remote
        client = m.client
        wide = table.size.width >= 100  # (at 80 columns the same facts, in fewer words)
        dot = "  ·  " if wide else " · "
        out = Text()
        if m.invite is not None:
            fairly = client.fair_watch() is not None  # (its commitment needs the room)
            said = "Give the others " if fairly else "Your table: give the others "
            out.append(said if wide else "Give: ", style="bold")
            out.append(m.invite, style="bold underline")
        else:
            out.append("Remote table " if wide else "", style="bold")
            out.append(str(client.address.host) + f":{client.address.port}")
            me = "watching" if m.seat is None else f"you are {m.seats[m.seat].name}"
            out.append(f"{dot}{me}")
        out.append(dot)
        if client.connected:
            rtt = client.rtt
            out.append("connected", style="bold")
            if rtt is not None:
                ms = f"{rtt * 1000:.0f} ms"
                out.append(f" ({ms} round trip)" if wide else f" {ms}")
        else:
            out.append(client.status, style="bold reverse")
        away = m.away_text(client.clock())
        if away:
            out.append(f"{dot}away: {', '.join(away)}", style="italic")
        fair = client.fair_watch()
        if fair is not None and fair.commitment is not None and wide:
            out.append(f"{dot}fair deal {short(fair.commitment)}", style="dim")
        bars = table.query("#remote-bar")
        if not bars:  # the table is going (leaving it closes the connection)
            return
        bar = cast(Static, bars.first())
        bar.update(out)
        bar.set_class(not client.connected, "-down")

    # --- moves go to the server -----------------------------------------------------------

    def play_action(
        self, action: Action | str, seat: int | None = None, quiet: bool = False
    ) -> bool:
        try:
            self.remote.apply(action, seat)
        except IllegalAction as e:
            if not quiet:
                self._rt_screen.notify(e.reason, title="Not allowed", severity="error")
            return False
        self._rt_asked = self.remote.seq
        return True

    def action_hint(self) -> None:
        table = self._rt_screen
        seat = table.human_to_move()
        if seat is None:
            table.notify("A hint is for your own turn.", severity="warning")
            return
        if not self.remote.client.send_soon("hint"):
            table.notify("Not connected to the table just now.", severity="warning")

    def _rt_hint_answer(self, msg: dict[str, Any]) -> None:
        table = self._rt_screen
        text = msg.get("action")
        if not text:
            table.notify(str(msg.get("reason") or "no hint now"), severity="warning")
            return
        try:
            action = self.remote.game.parse_action(str(text))
        except ValueError:
            return
        # the host's words for why, one line of them (a host from before hints said why:
        # the bot's choice)
        why = str(msg.get("why") or "").strip().splitlines()
        said = why[0][: 2 * MAX_REASON] if why else "the medium bot's choice"
        table.show_hint(Hint(action, said))

    def action_leave(self) -> None:
        from .confirm import ConfirmScreen

        m = self.remote
        if m.is_over() or m.client.ended is not None:
            self._leave()
            return
        if m.server is not None:
            question = "Leave? This closes the table for everyone at it."
        elif m.seat is None:
            self._leave()
            return
        else:
            question = "Leave the table? A bot plays your seat until you join again."

        def answer(yes: bool | None) -> None:
            if yes:
                self._leave()

        self._rt_screen.app.push_screen(ConfirmScreen(question, yes="Leave", no="Stay"), answer)

    def action_save(self) -> None:
        self._rt_screen.notify(
            "The host keeps this game and its record; only the host can save it.",
            severity="warning",
        )

    def action_undo(self) -> None:
        self._rt_screen.notify("There is no undo at a remote table.", severity="warning")

    def write_record(self) -> None:
        """The host writes the record (a client knows only its own cards); a joined
        player's copy comes from the host at the end (``_rt_kept``)."""

    _rt_news_logged = 0  # how many of the match's news lines the log has

    def _rt_flush_news(self) -> None:
        """The table's news lines (who dropped, a stand-in taking over, who is back) not yet
        in the game's log, written there. A name is the player's own text: nothing in it
        may read as a seat or a card token of the log's."""
        news = self.remote.news[self._rt_news_logged :]
        logs = list(self._rt_screen.query(LogView))
        if not news or not logs:
            return
        self._rt_news_logged += len(news)
        plain = [_TOKEN.sub(lambda m: m.group(0).strip("[]{}"), text) for text in news]
        names = self.remote.names()
        for log in logs:
            log.add_events([Event("news", None, text, {}) for text in plain], names)

    def action_fair(self) -> None:
        """The fair deal in full: the commitment, the salts it was dealt with, this
        player's own salt and, after the end, the check's verdict."""
        fair = self.remote.client.fair_watch()
        if fair is None or fair.commitment is None:
            self._rt_screen.notify("This table was not dealt with a fair round.", timeout=6)
            return
        lines = [f"commitment {fair.commitment}"]
        lines += [f"seat {seat + 1} salt {salt}" for seat, salt in sorted(fair.salts.items())]
        if fair.my_salt is not None:
            lines.append(f"your salt {fair.my_salt}")
        lines.append(fair.verdict() or "The host's seed is revealed at the end, and checked.")
        self._rt_screen.notify("\n".join(lines), title="Fair deal", timeout=20, markup=False)

    def rating_note(self) -> str | None:
        """At a fairly dealt table the result says whether the deal checked out."""
        rating = super().rating_note()  # type: ignore[misc]  # (see compose)
        fair = self.remote.client.fair_watch()
        if fair is None:
            return cast("str | None", rating)
        verdict = fair.verdict() or "Checking the deal: waiting for the host's seed…"
        return f"{verdict}\n{rating}" if rating else verdict

    def _rt_verdict(self) -> None:
        """The host's seed came: the result dialog, if open, says the check's verdict."""
        from .gameover import GameOverScreen

        fair = self.remote.client.fair_watch()
        if fair is None or fair.verdict() is None:
            return
        line = self.rating_note() or ""
        for screen in self._rt_screen.app.screen_stack:
            if isinstance(screen, GameOverScreen):
                screen.rating_note = line  # (for a dialog not composed yet)
                for note in screen.query("#gameover-rating"):
                    cast(Static, note).update(Text(line))

    def _rematch(self) -> None:
        session = self.remote.session
        if session is not None and session.welcome.get("fair") is not None:
            # a hosted table deals again: agree, and wait in its room for the others
            if not session.rematch(True):
                self._rt_screen.notify("Not connected to the table just now.", severity="warning")
                return
            self._rt_screen.app.switch_screen(session.room())
            return
        if self.remote.server is not None:
            say = "This table closes: host a new one for another game (it has a new address)."
        else:
            say = "Ask the host for another game: it will have a new address."
        self._rt_screen.notify(say, title="Remote table", timeout=8)
        self._leave()

    def _leave(self) -> None:
        from asyncio import ensure_future

        # the seat is kept for this player's token: a bot stands in, and `cardsuite join`
        # again takes it back (the token is kept in the data folder: remote_start.join)
        self._rt_left("{me} left the table")
        self._rt_closing = ensure_future(self.remote.client.close(bye=False))
        cast("CardSuiteApp", self._rt_screen.app).back_to_picker()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "save"):
            return False
        if self.remote.seat is None and action not in WATCHER_ACTIONS:
            return False  # a watcher's footer offers only what a watcher can do
        if action == "hint":
            return self.remote.seat is not None and not self.remote.game.realtime
        return super().check_action(action, parameters)  # type: ignore[misc]  # (see compose)


def remote_screen_class(game_cls: type[TableScreen]) -> type:
    """The joined table of a game: ``RemoteTable`` in front of its screen class. Every one
    is called ``RemoteScreen``, which its stylesheet's rules start with."""

    # (a class per game's screen: its base is that class, a value, which mypy cannot check)
    class RemoteScreen(RemoteTable, game_cls):  # type: ignore[misc,valid-type]
        BINDINGS: ClassVar[list[BindingType]] = FAIR_BINDINGS

    RemoteScreen.__qualname__ = "RemoteScreen"
    return RemoteScreen


__all__ = ["RemoteTable", "remote_screen_class"]
