"""The match a joined table draws: what the server sends, as a table source.

A table screen reads a table source (``table_source.TableSource``): seats and names,
``view(shown)``, ``legal_actions(seat)``, the public log, whose turn it is and whether it is
over. On a client all of that comes from the server's updates, so ``RemoteMatch`` keeps the
latest one and answers from it; a move is sent, not applied (the server's next update, or its
refusal, is the answer). It never holds another seat's cards because it is never sent them,
and it holds no position of its own: no bot plays here, nothing is undone, saved or recorded
here (the host keeps the game: its record comes at the end, ``keeper``), and the host gives
the hints (``offers_*`` False).

Updates wait in a queue until the screen takes them (``take_update``), so a table that is
holding a finished trick on the felt shows the next move only when it goes on, as at home.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import Action, Event, IllegalAction
from ..games import get_game
from ..match import HUMAN, PlayedElsewhere, Seating, SeatSpec, progress_of, standing_of
from .client import TableClient

if TYPE_CHECKING:
    from ..bots import Bot
    from ..records import Move, Record
    from .keeper import RecordKeeper


class RemoteMatch(PlayedElsewhere, Seating):
    """A table source whose game lives on the server. ``seat`` is this client's (None: a
    spectator); every other seat shows its player's name and whether they are here. The host
    plays the bots, gives hints (the table asks it: ``RemoteTable.action_hint``) and keeps
    the game and its record."""

    NO_BOTS = "bots play on the host"
    NO_HINTS = "hints come from the host"
    NO_SAVE = "the host keeps this game: only the host can save it"
    NO_RECORD = "the game's record comes from the host at the end"

    def __init__(self, client: TableClient, welcome: Mapping[str, Any]) -> None:
        self.client = client
        self.game = get_game(str(welcome["game"]))
        self.seat: int | None = welcome.get("seat")
        self.variant = str(welcome["variant"])
        self.options: dict[str, Any] = dict(welcome.get("options") or {})
        self.welcome = dict(welcome)
        self.seats: list[SeatSpec] = []
        self._set_seats(welcome.get("seats") or [])
        self.started: float | None = welcome.get("started")
        self.save_path: Path | None = None  # a joined table keeps no save: the host holds it
        self.record: list[Move] = []  # nor a record: the host's comes at the end (``keeper``)
        #: keeps this player's copy of the record (a joined player's table; None: the
        #: host's own table, whose server writes it, or a spectator's)
        self.keeper: RecordKeeper | None = None
        self.bots: dict[int, Bot] = {}  # and no bot plays here
        #: the latest update put on the table (``take_update``): its view, legal texts, ...
        self.update: dict[str, Any] = {}
        self.log: list[Event] = []
        self._revision = 0
        self._legal: list[Action] | None = None
        self._pending: deque[dict[str, Any]] = deque()
        self._reset_log = False  # a welcome again: the next update's log starts afresh
        self.arrived = asyncio.Event()  # set by the first update
        self.explained: dict[str, str | None] = {}
        #: what the host gives the others (``cardsuite join ...``); None when joined
        self.invite: str | None = None
        #: the host's ``TableServer`` when this table is hosted in this process
        self.server: Any = None
        #: the player's stay at the table across games (``ui/remote_session.py``), if any
        self.session: Any = None
        #: seat -> when (on the client's clock) its stand-in may move: a dropped player's
        #: countdown, from the server's ``standin_in`` as it arrived
        self.standin_at: dict[int, float] = {}
        #: the table's news lines during this game (who dropped, who stands in, who is back)
        self.news: list[str] = []
        #: called with each message from the server (the table screen redraws, notifies)
        self.listener: Callable[[dict[str, Any]], None] | None = None

    # --- what the server says -------------------------------------------------------------

    def receive(self, msg: dict[str, Any]) -> None:
        """Every message from the server arrives here (``TableClient.on_message``)."""
        kind = msg.get("type")
        if kind == "welcome":  # again, after a reconnection: the log comes again in full
            self.welcome = dict(msg)
            self._set_seats(msg.get("seats") or [])
            self._pending.clear()
            self._reset_log = True
        elif kind == "update":
            self._pending.append(msg)
            self._countdowns(msg.get("seats") or [])
            self.arrived.set()
        elif kind == "explained":
            self.explained[str(msg.get("action"))] = msg.get("reason")
        elif kind == "news":  # (kept here: a table not drawn yet writes them in its log later)
            self.news.append(str(msg.get("text") or ""))
        if self.keeper is not None:
            self.keeper.receive(msg)
        if self.listener is not None:
            self.listener(msg)

    def _countdowns(self, seats: Sequence[Any]) -> None:
        """Every dropped player's countdown, at once (the update itself may wait its turn)."""
        now = self.client.clock()
        self.standin_at = {}
        for i, s in enumerate(seats):
            left = s.get("standin_in") if isinstance(s, Mapping) else None
            if isinstance(left, (int, float)) and not isinstance(left, bool) and 0 <= left < 1e6:
                self.standin_at[i] = now + left

    def away_text(self, now: float) -> list[str]:
        """Who is away, each with their stand-in's countdown: ``Cy (a bot in 42 s)``,
        ``Cy (a bot plays)``, or ``Cy (a bot moves at their turn)`` once it has run out."""
        out = []
        for i, s in enumerate(self.seats):
            if i == self.seat or not s.kind.startswith("away"):
                continue
            if "bot plays" in s.kind:
                out.append(f"{s.name} (a bot plays)")
            elif i in self.standin_at:
                left = self.standin_at[i] - now
                when = f"in {left:.0f} s" if left >= 0.5 else "at their turn"
                out.append(f"{s.name} (a bot {when})")
            else:
                out.append(s.name)
        return out

    def has_update(self) -> bool:
        return bool(self._pending)

    def take_update(self) -> list[Event]:
        """Put the next update on the table; its new public events."""
        msg = self._pending.popleft()
        if self._reset_log:
            self._reset_log = False
            self.log = []
        new = [_event(e) for e in msg.get("events") or []]
        self.log.extend(new)
        self.update = msg
        self._revision += 1
        self._set_seats(msg.get("seats") or [])
        self._legal = None
        self.explained.clear()
        return new

    def _set_seats(self, seats: Sequence[Mapping[str, Any]]) -> None:
        out = []
        for i, s in enumerate(seats):
            name = str(s.get("name", f"P{i + 1}"))
            kind = HUMAN if i == self.seat else str(s.get("status") or s.get("kind"))
            out.append(SeatSpec(kind, name))
        if out:
            self.seats = out

    # --- the table source a screen reads ------------------------------------------------

    @property
    def seq(self) -> int:
        return int(self.update.get("seq", -1))

    @property
    def seed(self) -> int | None:
        return None  # (the host's deal: not sent)

    def _view(self) -> dict[str, Any]:
        return dict(self.update.get("view") or {})

    def view(self, seat: int | None) -> dict[str, Any]:
        """The view the server sent for this client's seat (the only one it has)."""
        return self._view()

    def to_move(self) -> int | None:
        mover: int | None = self._view().get("to_move")
        return mover

    def legal_actions(self, seat: int) -> Sequence[Action]:
        if seat != self.seat:
            return []
        if self._legal is None:
            parse = self.game.parse_action
            self._legal = [parse(t) for t in self.update.get("legal") or []]
        return self._legal

    def public_log(self) -> list[Event]:
        return self.log

    def is_over(self) -> bool:
        return bool(self.update.get("over"))

    def winners(self) -> list[int]:
        return list(self.update.get("winners") or [])

    def scores(self) -> list[int]:
        return list(self._view().get("scores") or [])

    @property
    def revision(self) -> int:
        """Bumped by every update put on the table."""
        return self._revision

    def progress(self) -> str:
        return progress_of(self._view())

    def standing(self) -> str:
        scores = self.scores()
        return standing_of(self.seats, scores) if len(scores) == len(self.seats) else ""

    def viewer_after(self, shown: int | None) -> int | None:
        return self.seat

    @property
    def hot_seat(self) -> bool:
        return False

    def needs_curtain(self, shown: int | None) -> bool:
        return False

    def to_record(self) -> Record:
        """The host's whole record, once it came at the end (the game-over dialog's quiz
        reads it); ``ValueError`` before."""
        kept = self.keeper.kept if self.keeper is not None else None
        if kept is None:
            raise ValueError(self.NO_RECORD)
        return kept

    # --- moves: sent to the server -----------------------------------------------------------

    def apply(
        self, action: Action | str, seat: int | None = None, note: str | None = None
    ) -> list[Event]:
        """Send the move; the server's update (or refusal) answers it."""
        if self.seat is None:
            raise IllegalAction("you are watching: spectators do not play")
        if seat is not None and seat != self.seat:
            raise IllegalAction("you play only your own seat")
        if not self.client.send_soon("act", action=str(action), seq=self.seq):
            raise IllegalAction("not connected to the table just now; wait a moment")
        return []

    def explain(self, action: Action | str, seat: int | None = None) -> str | None:
        """Would the table take it? At once for a legal action; otherwise the server is
        asked and, until it answers, the answer is that it is being checked."""
        text = str(action)
        if text in self.update.get("legal", ()):
            return None
        if text in self.explained:
            return self.explained[text]
        try:
            parsed = self.game.parse_action(text)
        except ValueError as e:
            return str(e)
        if any(a == parsed for a in self.legal_actions(self.seat if self.seat is not None else -1)):
            return None
        self.explained[text] = "checking with the table…"
        self.client.send_soon("explain", action=text)
        return self.explained[text]


def _event(data: Sequence[Any]) -> Event:
    kind, seat, text, payload = [*data, None, None, "", {}][:4]
    return Event(str(kind), seat, str(text), dict(payload or {}))


__all__ = ["RemoteMatch"]
