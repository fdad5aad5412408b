"""One player's stay at a hosted table, across its waiting room and its games.

A table that ``cardsuite host`` opens deals only once its seats are taken, and after a game
can deal again (a rematch), so a client's connection outlives any one game: the session
routes the server's messages to what is on screen. Before a deal (and between games) that is
the waiting room (``LobbyScreen``: the seats, the commitment and salts, the news); a
``dealt`` message makes a new ``RemoteMatch`` for the game and, once its first update is in,
puts the game's table screen in the waiting room's place. A game's own messages go to its
``RemoteMatch`` as before; ``news`` lines go to both.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from ..fair import Fairness
from ..remote.client import TableClient
from ..remote.keeper import RecordKeeper
from ..remote.lobby import FairWatch
from ..remote.remote_match import RemoteMatch

if TYPE_CHECKING:
    from .app import CardSuiteApp
    from .lobby_screen import LobbyScreen

#: News lines the waiting room keeps.
MAX_NEWS = 50


class RemoteSession:
    """The client's routing between the waiting room and the game (see the module)."""

    def __init__(
        self,
        app: CardSuiteApp,
        client: TableClient,
        welcome: dict[str, Any],
        invite: str | None = None,
        server: Any = None,
    ) -> None:
        self.app = app
        self.client = client
        self.welcome = dict(welcome)
        self.invite = invite  # the join command (the host's own session only)
        self.server = server  # the host's TableServer, when hosted in this process
        self.lobby: dict[str, Any] = {}  # the latest waiting-room message
        self.news: list[str] = []
        self.match: RemoteMatch | None = None
        self.level = "medium"  # the bots the host starts early with
        self.screen: LobbyScreen | None = None  # the waiting room, while it is shown
        self._opening: asyncio.Task[None] | None = None

    # --- what the server says -------------------------------------------------------------

    @property
    def seat(self) -> int | None:
        seat: int | None = self.welcome.get("seat")
        return seat

    @property
    def is_host(self) -> bool:
        return self.server is not None

    @property
    def phase(self) -> str:
        return str(self.lobby.get("phase") or self.welcome.get("phase") or "playing")

    def fair(self) -> FairWatch | None:
        """The fair facts of the deal the waiting room is for (or the game on the table)."""
        fair = self.lobby.get("fair") if self.lobby else self.welcome.get("fair")
        if isinstance(fair, dict) and type(fair.get("round")) is int:
            return self.client.fair.get(fair["round"])
        return self.client.fair_watch()

    def receive(self, msg: dict[str, Any]) -> None:
        """Every message from the server (``TableClient.on_message``)."""
        kind = msg.get("type")
        if kind == "welcome":
            self.welcome = dict(msg)
            if msg.get("phase") != "playing":
                self.lobby = {}
        elif kind == "lobby":
            self.lobby = dict(msg)
        elif kind == "news":
            self.news.append(str(msg.get("text") or ""))
            del self.news[:-MAX_NEWS]
        elif kind == "dealt":
            self._dealt(msg)
            return
        if self.match is not None and kind != "lobby":
            self.match.receive(msg)
        if self.screen is not None:
            self.screen.refresh_room()

    def _dealt(self, msg: dict[str, Any]) -> None:
        """A game begins: its own ``RemoteMatch``, and its table once the first update is in."""
        self.lobby = {}
        welcome = {**msg, "type": "welcome", "seat": self.seat}
        match = RemoteMatch(self.client, welcome)
        match.invite = self.invite
        match.server = self.server
        match.session = self
        if self.server is None and self.seat is not None:  # a joined player keeps the record
            match.keeper = keeper = RecordKeeper(self.app.store)
            keeper.receive(welcome)
            keeper.seen = self.seen()
        self.match = match
        self._opening = asyncio.ensure_future(self._open_table(match))

    async def _open_table(self, match: RemoteMatch) -> None:
        await match.arrived.wait()
        if match is not self.match:
            return  # (another deal came first)
        match.take_update()
        screen = self.table_screen(match)
        if self._room_on_top():
            self.screen = None
            self.app.switch_screen(screen)
        else:
            self.app.push_screen(screen)

    def seen(self) -> Fairness | None:
        """The commitment and salts this client was shown before the deal (its own account,
        ``FairWatch``), for the kept record to be compared with: a host whose record says
        otherwise is caught even if its record agrees with itself."""
        watch = self.client.fair_watch()  # (the round just dealt)
        if watch is None or watch.commitment is None or not watch.dealt:
            return None
        return Fairness(watch.commitment, dict(watch.salts))

    def _room_on_top(self) -> bool:
        return self.screen is not None and self.app.screen is self.screen

    def table_screen(self, match: RemoteMatch) -> Any:
        """The game's table screen at a joined table."""
        from ..games import entry
        from .remote_table import remote_screen_class

        cls = entry(match.game.id).remote_screen_class() or remote_screen_class(
            self.app.table_screen_class(match.game)
        )
        return cls(match)

    def room(self) -> LobbyScreen:
        """The waiting room's screen for this session."""
        from .lobby_screen import LobbyScreen

        return LobbyScreen(self)

    # --- what the player does ------------------------------------------------------------

    def start_early(self) -> bool:
        return self.client.send_soon("start", level=self.level)

    def rematch(self, yes: bool = True) -> bool:
        return self.client.send_soon("rematch", yes=yes)


__all__ = ["MAX_NEWS", "RemoteSession"]
