"""The app at a joined table keeps the record (issue 39): at the end the host's record is
kept in the player's own store and the table says where (a notice and a line in its log);
the history lists it and replays it. Leaving before the end keeps what the player saw, a
record the history lists as not replayable."""

from __future__ import annotations

import contextlib

from helpers import wait_for
from remote_players import hosted
from textual.widgets import DataTable

from cardsuite.match import SeatSpec
from cardsuite.records import final_state
from cardsuite.ui.history import HistoryScreen
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.remote_start import JoinRequest
from cardsuite.ui.remote_table import RemoteTable
from cardsuite.ui.widgets import LogView

SEATS = [SeatSpec("remote", "Ann"), SeatSpec("random", "Bot")]
#: a short game (about 46 moves from this seed)
GAME = "twenty-two"


@contextlib.asynccontextmanager
async def _joined(make_app):  # type: ignore[no-untyped-def]
    server = await hosted(GAME, SEATS, seed=4)
    try:
        app = make_app(start=JoinRequest(server.address, "Ann"))
        async with app.run_test(size=(110, 34)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, RemoteTable))
            yield server, app, pilot
    finally:
        await server.close()


def _log_text(screen) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(e.text for log in screen.query(LogView) for e in log._events)


async def test_the_joined_table_keeps_the_record_and_says_where(make_app) -> None:  # type: ignore[no-untyped-def]
    async with _joined(make_app) as (server, app, pilot):
        screen = app.screen
        match = screen.match
        while not server.match.is_over():  # Ann plays her first legal move each turn
            await wait_for(
                pilot,
                lambda: (
                    server.match.is_over()
                    or (
                        screen.human_to_move() == 0
                        and not screen.holding
                        and match.seq == server.version
                    )
                ),
                timeout=20,
            )
            if server.match.is_over():
                break
            seq = server.version
            screen.play_action(match.legal_actions(0)[0])
            await wait_for(pilot, lambda: server.version > seq, timeout=20)
        keeper = match.keeper
        await wait_for(pilot, lambda: keeper.whole, timeout=20)
        path = keeper.path
        assert path.parent == app.store.records_dir
        await wait_for(pilot, lambda: any(str(path) in n.message for n in app._notifications))
        await wait_for(pilot, lambda: f"The game's record is kept in {path}" in _log_text(screen))
        rec = app.store.load_record(path)
        assert rec.people == [0] and [s.kind for s in rec.seats] == ["human", "random"]
        assert final_state(rec).scores() == server.match.state.scores()
        assert match.to_record() is keeper.kept  # (the game-over dialog's quiz reads it)
        (info,) = app.store.list_records()
        assert info.lacks is None and info.moves == len(server.match.record)


async def test_leaving_before_the_end_keeps_what_was_seen(make_app) -> None:  # type: ignore[no-untyped-def]
    async with _joined(make_app) as (server, app, pilot):
        screen = app.screen
        await wait_for(pilot, lambda: screen.human_to_move() == 0 and not screen.holding)
        seq = server.version
        screen.play_action(screen.match.legal_actions(0)[0])
        await wait_for(pilot, lambda: server.version > seq)
        keeper = screen.match.keeper
        await pilot.press("q")
        await wait_for(pilot, lambda: not isinstance(app.screen, RemoteTable))
        await pilot.press("y")  # "Leave the table?": Leave
        await wait_for(pilot, lambda: keeper.path is not None)
        said = "What you saw of this game is kept in"
        await wait_for(pilot, lambda: any(said in n.message for n in app._notifications))
        (info,) = app.store.list_records()
        assert info.lacks is not None and "Ann left the table before the end" in info.lacks
        assert info.result == "unfinished" and info.moves == 0
        rec = app.store.load_record(info.path)
        assert not rec.replayable and rec.seed is None
        # the history lists it as not replayable, and says why when asked to replay it
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        history = app.screen
        row = " ".join(str(c) for c in history.query_one(DataTable).get_row_at(0))
        assert "unfinished · not replayable" in row
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(n.title == "Cannot replay" for n in app._notifications))
        assert app.screen is history
        (note,) = [n for n in app._notifications if n.title == "Cannot replay"]
        assert "cannot be replayed: it lacks the deal and the moves" in note.message


async def test_an_african_casino_table_can_be_joined(make_app) -> None:  # type: ignore[no-untyped-def]
    """The Casino screen's own layout attribute once shared its name with ``RemoteTable``'s
    ``_table`` property, so joining a Casino table failed as its screen was built."""
    server = await hosted("african-casino", SEATS, seed=4, variant="south-african")
    try:
        app = make_app(start=JoinRequest(server.address, "Ann"))
        async with app.run_test(size=(110, 34)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, RemoteTable))
            screen = app.screen
            await wait_for(pilot, lambda: screen.human_to_move() == 0 and not screen.holding)
            seq = server.version
            screen.play_action(screen.match.legal_actions(0)[0])
            await wait_for(pilot, lambda: server.version > seq)
            assert any(m.seat == 0 for m in server.match.record)
    finally:
        await server.close()
