"""What a table screen may read and ask: the ``TableSource`` protocol.

A table screen (``ui/table.py`` and every game's ``screen.py``), the game-over dialog, a
replay and a joined table draw from a source of this shape and from nothing else. Three
things are sources, none of them built on another:

- ``match.Match``: a game played here, its position held here, people and bots at the table;
- ``ui.replay.ReplayMatch``: a game record's position at the replay's cursor; it takes no
  moves;
- ``remote.remote_match.RemoteMatch``: a table server's game as this client is sent it (its
  own seat's view, its legal actions as text, the public log); a move is sent, not made.

A screen never reads a source's position itself (``.state``): it draws from ``view(seat)``
and the public log, and asks the rest here. What a source does not offer it says so:
``offers_undo``, ``offers_hint`` and ``offers_save`` are False, and the methods they guard
refuse (``IllegalAction`` for a move, undo or hint; ``ValueError`` for a save or a record). A
real-time game's driver (Money's race) is handed the position by ``drive``, which a source
that plays nothing here answers with None. The test that a screen reads nothing else is
``tests/ui/test_table_source.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from .bots import Bot
    from .engine import Action, Event, Game, State
    from .hints import Hint
    from .match import SeatSpec
    from .records import Move, Record

D = TypeVar("D")


class TableSource(Protocol):
    """Everything a table screen reads or asks of the game it shows (module docstring)."""

    # --- who sits where -------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game (its name, variants, preferences, help, what it hides)."""
        ...

    @property
    def seats(self) -> Sequence[SeatSpec]:
        """Who plays each seat: a name, and a kind (a person, a bot level, or at a joined
        table the others' presence)."""
        ...

    @property
    def players(self) -> int: ...

    @property
    def humans(self) -> list[int]:
        """The seats of the people at this screen."""
        ...

    def is_human(self, seat: int | None) -> bool: ...

    def names(self) -> list[str]: ...

    @property
    def hot_seat(self) -> bool:
        """Several people share this screen and hands are secret: a curtain goes between."""
        ...

    def viewer_after(self, shown: int | None) -> int | None:
        """Whose cards the table shows next, given it showed ``shown``'s so far."""
        ...

    def needs_curtain(self, shown: int | None) -> bool:
        """The next person to act is not the one whose cards are showing."""
        ...

    @property
    def variant(self) -> str: ...

    @property
    def options(self) -> Mapping[str, Any]: ...

    @property
    def seed(self) -> int | None:
        """The deal's seed (a rematch draws a new one); None when the game has none here."""
        ...

    # the table's bookkeeping: when the game began (set by the table that first shows it),
    # and the saved game it continues or was last saved to
    started: float | None
    save_path: Path | None

    # --- the position, as a seat may see it ----------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator): all a table screen draws from."""
        ...

    def legal_actions(self, seat: int) -> Sequence[Action]:
        """``seat``'s legal actions (a screen asks only for the seat it shows)."""
        ...

    def public_log(self) -> list[Event]:
        """The game's log: public, the same for every seat."""
        ...

    def to_move(self) -> int | None: ...

    def is_over(self) -> bool: ...

    def winners(self) -> list[int]: ...

    def scores(self) -> list[int]:
        """Each seat's score so far (the final scores once it is over)."""
        ...

    @property
    def revision(self) -> int:
        """Changes whenever the position does by more than its log shows (a move, an undo,
        a replay's jump, a server's update): a screen's caches key on it."""
        ...

    def progress(self) -> str:
        """How far the game got, in its table's words ("hand 3 of 12"); "" for one deal."""
        ...

    def standing(self) -> str:
        """Each player and their score so far ("Ann 12, Bob 7")."""
        ...

    # --- moves ----------------------------------------------------------------------------

    def explain(self, action: Action | str, seat: int | None = None) -> str | None:
        """Why ``action`` would be refused now (its reason in words), or None when it would be
        taken; nothing changes (a move composer's live preview)."""
        ...

    def apply(
        self, action: Action | str, seat: int | None = None, note: str | None = None
    ) -> list[Event]:
        """Make (or, at a joined table, send) ``seat``'s move; ``IllegalAction`` when refused,
        changing nothing. The events it made (none for a move sent)."""
        ...

    @property
    def record(self) -> list[Move]:
        """The moves made so far here, in order (what a save and the game's record keep); a
        real-time driver's moves are added by its table (Money's timed turns and claims)."""
        ...

    @property
    def bots(self) -> Mapping[int, Bot]:
        """The bots that play here, by seat (none at a joined table or in a replay)."""
        ...

    def choose_bot(self, seat: int, cancelled: Callable[[], bool] | None = None) -> Action:
        """The move of the bot at ``seat`` (``bots``), thought out on a copy."""
        ...

    def think_floor(self, seat: int) -> float:
        """The least time the table lets the bot at ``seat`` take over a move."""
        ...

    def drive(self, driver: Callable[[State, Mapping[int, Bot]], D]) -> D | None:
        """A real-time game's driver (Money's race: ``games/money/race.py``), made by
        ``driver`` from this table's own position and bots, which it judges the timed
        presses on; None where nothing is played here (a replay, a joined table: the host
        runs the race)."""
        ...

    # --- what a source may not offer -------------------------------------------------------

    @property
    def offers_undo(self) -> bool:
        """Undo exists at this table (one person against bots)."""
        ...

    def can_undo(self) -> bool:
        """Undo would go back now (there is a decision to go back to)."""
        ...

    def undo(self) -> bool:
        """Back to just before the person's previous decision; False when there is none."""
        ...

    @property
    def offers_hint(self) -> bool:
        """``hint`` gives the medium bot's suggestion here (a joined table asks its host
        instead; a replay has none)."""
        ...

    def hint(self, seat: int) -> Action:
        """What the medium bot would do for ``seat`` now."""
        ...

    def hint_with_reason(self, seat: int) -> Hint:
        """``hint``'s action and one line of why, in the player's words."""
        ...

    @property
    def offers_save(self) -> bool:
        """The game is kept here: it can be saved, and its record written (a joined table's
        host keeps it; a replay is a record already)."""
        ...

    def to_save(self) -> dict[str, Any]:
        """Everything needed to continue exactly (``Store.save_game``)."""
        ...

    def to_record(self) -> Record:
        """The game's record so far; ``ValueError`` when it has none (a save from before
        records, or ``offers_save`` False)."""
        ...


__all__ = ["TableSource"]
