"""The waiting room of a hosted table (issue 39): before its deal, and between games.

Everyone connected sees every seat (who is here, who is awaited, by seat and name), the
fair deal so far (the host's commitment and the salts that have come, short; ``f`` shows
them in full) and the news (who sat down or left, who started the game). The host also sees
the join command (``c`` copies it) and may start early (``s``: a confirmation naming the
empty seats and the level of the bots that take them, ``b`` changes the level). After a
game the room says who has agreed to a rematch and who is awaited; ``r`` agrees. Leaving
(``q``) gives a joiner's seat up; the host leaving closes the table.

It draws only what the server's messages say (``RemoteSession.lobby``): no card exists yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..bots import LEVELS
from ..remote.lobby import OVER, seat_list, short

if TYPE_CHECKING:
    from .app import CardSuiteApp
    from .remote_session import RemoteSession


class LobbyScreen(Screen[None]):
    """The waiting room (see the module docstring)."""

    CSS_PATH = "lobby.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "copy_invite", "Copy join command"),
        Binding("s", "start", "Start now"),
        Binding("b", "level", "Bot level"),
        Binding("r", "rematch", "Rematch"),
        Binding("f", "fair", "Fair deal"),
        Binding("q,escape", "leave", "Leave"),
    ]

    def __init__(self, session: RemoteSession) -> None:
        super().__init__()
        self.session = session
        self.full = False  # the fair deal's values in full

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            yield Static(id="lobby-title")
            yield Static(id="lobby-invite")
            yield Static(id="lobby-seats", classes="panel")
            yield Static(id="lobby-fair")
            yield Static(id="lobby-status")
            with VerticalScroll(id="lobby-news-box"):
                yield Static(id="lobby-news")
        yield Footer()

    def on_mount(self) -> None:
        self.session.screen = self
        self.session.client.on_status = self._client_status
        self.refresh_room()

    def on_unmount(self) -> None:
        if self.session.screen is self:
            self.session.screen = None
        if self.session.client.on_status == self._client_status:
            self.session.client.on_status = None

    def _client_status(self, status: str) -> None:
        """The connection's news: the table closing for good is said, and the room stays
        on screen until the player leaves it; a lost connection is said while it mends."""
        client = self.session.client
        if client.ended is not None:
            self.notify(
                f"{status}. q goes back to the picker.",
                title="Remote table",
                severity="warning",
                timeout=12,
                markup=False,
            )
        elif status.startswith(("connection lost", "no connection", "the table closed")):
            self.notify(status, title="Remote table", severity="warning", timeout=4, markup=False)
        self.refresh_room()

    # --- drawing --------------------------------------------------------------------------

    def _seats(self) -> list[dict[str, Any]]:
        seats = self.session.lobby.get("seats") or self.session.welcome.get("seats") or []
        return [s for s in seats if isinstance(s, dict)]

    def empty_seats(self) -> list[int]:
        awaited = self.session.lobby.get("awaited")
        if isinstance(awaited, list):
            return [s for s in awaited if isinstance(s, int)]
        return [i for i, s in enumerate(self._seats()) if s.get("status") == "awaited"]

    def _rematch(self) -> dict[str, list[int]]:
        data = self.session.lobby.get("rematch")
        if not isinstance(data, dict):
            return {"agreed": [], "awaiting": []}
        return {k: [s for s in data.get(k) or [] if isinstance(s, int)] for k in data}

    def refresh_room(self) -> None:
        """Draw the room again from the latest message."""
        if not self.query("#lobby-title"):
            return  # (not composed yet, or going)
        s = self.session
        w = s.welcome
        title = Text(f"{_game_title(w.get('game'), w.get('variant'))}: ", style="bold")
        title.append("the next game" if s.phase == OVER else "waiting room")
        me = s.seat
        names = [str(x.get("name")) for x in self._seats()]
        if me is not None and me < len(names):
            title.append(f"  ·  you are {names[me]} (seat {me + 1})")
        elif me is None:
            title.append("  ·  watching")
        self.query_one("#lobby-title", Static).update(title)
        invite = self.query_one("#lobby-invite", Static)
        invite.display = s.invite is not None
        if s.invite is not None:
            line = Text("Give the others: ", style="bold")
            line.append(s.invite, style="bold underline")
            line.append("   (c copies it)", style="dim")
            invite.update(line)
        self.query_one("#lobby-seats", Static).update(self._seat_lines(names))
        self.query_one("#lobby-fair", Static).update(self._fair_text())
        self.query_one("#lobby-status", Static).update(self._status())
        news = Text("\n").join(Text(n) for n in s.news[-12:]) if s.news else Text("")
        self.query_one("#lobby-news", Static).update(news)
        self.refresh_bindings()

    def _seat_lines(self, names: list[str]) -> Text:
        out = Text()
        agreed = set(self._rematch()["agreed"])
        fair = self.session.fair()
        for i, seat in enumerate(self._seats()):
            if i:
                out.append("\n")
            status = str(seat.get("status") or "")
            kind = str(seat.get("kind") or "")
            out.append(f"{i + 1}  ", style="dim")
            out.append(names[i], style="bold")
            if kind == "human":
                out.append(" (host)")
            if i == self.session.seat:
                out.append(" (you)")
            out.append(f"  {status}", style="italic" if status == "awaited" else "")
            if fair is not None and i in fair.salts:
                out.append(f"  salt {short(fair.salts[i])}", style="dim")
            if self.session.phase == OVER and status == "here":
                out.append("  agreed" if i in agreed else "  not answered yet", style="dim")
        return out

    def _fair_text(self) -> Text:
        fair = self.session.fair()
        if fair is None or fair.commitment is None:
            return Text("Fair deal: no commitment yet")
        if not self.full:
            return Text(fair.line().replace("fair deal:", "Fair deal:") + "   (f: in full)")
        out = Text("Fair deal, in full (the host's seed is revealed at the end):\n", style="bold")
        out.append(f"commitment {fair.commitment}\n")
        for seat, salt in sorted(fair.salts.items()):
            out.append(f"seat {seat + 1} salt {salt}\n")
        if fair.my_salt is not None:
            out.append(f"your salt {fair.my_salt}")
        return out

    def _status(self) -> Text:
        s = self.session
        empty = self.empty_seats()
        out = Text()
        if s.phase == OVER:
            awaiting = self._rematch()["awaiting"]
            names = [str(x.get("name")) for x in self._seats()]
            if s.seat is not None and s.seat in awaiting:
                out.append("Another game? r agrees; q leaves the table.\n", style="bold")
            if awaiting:
                out.append("Waiting for " + ", ".join(names[i] for i in awaiting) + " to answer.")
            elif empty:
                out.append(f"Waiting for someone to take {seat_list(empty)}.")
            else:
                out.append("Everyone has agreed: dealing…")
        elif empty:
            out.append(
                f"Waiting for {seat_list(empty)}: the game is dealt when every seat is taken."
            )
        else:
            out.append("Every seat is taken: dealing…")
        if s.is_host and empty:
            out.append(
                f"\ns starts now with {s.level} bots in the empty seats (b: another level).",
                style="bold",
            )
        return out

    # --- keys -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        host_only = ("copy_invite", "start", "level")
        if action in host_only:
            return self.session.is_host
        if action == "rematch":
            return self.session.phase == OVER and self.session.seat is not None
        return True

    def action_copy_invite(self) -> None:
        if self.session.invite is None:
            return
        self.app.copy_to_clipboard(self.session.invite)
        self.notify(self.session.invite, title="Copied", markup=False)

    def action_level(self) -> None:
        s = self.session
        s.level = LEVELS[(LEVELS.index(s.level) + 1) % len(LEVELS)]
        self.refresh_room()

    def action_start(self) -> None:
        from .confirm import ConfirmScreen

        s = self.session
        empty = self.empty_seats()
        if not empty:
            self.notify("Every seat is taken: the game is being dealt.")
            return
        names = [str(x.get("name")) for x in self._seats()]
        who = ", ".join(f"{i + 1} ({names[i]})" for i in empty)
        bots = (
            f"A {s.level} bot takes seat"
            if len(empty) == 1
            else f"{s.level.capitalize()} bots take seats"
        )
        question = f"Start now? {bots} {who} for the whole game (b in the room changes the level)."

        def answer(yes: bool | None) -> None:
            if yes and not s.start_early():
                self.notify("Not connected to the table just now.", severity="warning")

        self.app.push_screen(ConfirmScreen(question, yes="Start", no="Wait"), answer)

    def action_rematch(self) -> None:
        if not self.session.rematch(True):
            self.notify("Not connected to the table just now.", severity="warning")

    def action_fair(self) -> None:
        self.full = not self.full
        self.refresh_room()

    def action_leave(self) -> None:
        from .confirm import ConfirmScreen

        s = self.session
        if s.client.ended is not None:
            self._leave()
            return
        if s.is_host:
            question = "Leave? This closes the table for everyone at it."
        elif s.seat is None:
            self._leave()
            return
        else:
            question = "Leave the waiting room? Your seat goes to whoever joins next."

        def answer(yes: bool | None) -> None:
            if yes:
                self._leave()

        self.app.push_screen(ConfirmScreen(question, yes="Leave", no="Stay"), answer)

    def _leave(self) -> None:
        from asyncio import ensure_future

        self._leaving = ensure_future(self.session.client.close(bye=True))
        app: CardSuiteApp = self.app  # type: ignore[assignment]
        app.back_to_picker()


def _game_title(game: Any, variant: Any) -> str:
    """``Twenty-Two · Standard``: the game and variant by their names (the ids the table
    sent, when this cardsuite does not know them)."""
    from ..games import get_game

    try:
        g = get_game(str(game))
    except (KeyError, ValueError):
        return str(game)
    chosen = g.variants.get(str(variant or g.default_variant))
    if chosen is None or chosen.name == g.name:
        return g.name
    return f"{g.name} · {chosen.name}"


__all__ = ["LobbyScreen"]
