"""The waiting room of a hosted table by keys (issue 39): the host's room with the join
command and the seats, a joiner sitting down, starting early with a chosen bot level; a
joiner's room showing the commitment and its salt, the deal when the last seat is taken, the
result saying the deal verified, and a rematch back in the room."""

from __future__ import annotations

import asyncio

from helpers import wait_for
from remote_players import ScriptedPlayer, hosted_room

from cardsuite.match import SeatSpec
from cardsuite.records import parse
from cardsuite.ui.app import StartRequest
from cardsuite.ui.confirm import ConfirmScreen
from cardsuite.ui.gameover import GameOverScreen
from cardsuite.ui.lobby_screen import LobbyScreen
from cardsuite.ui.remote_start import HostRequest, JoinRequest
from cardsuite.ui.remote_table import RemoteTable
from cardsuite.verify import verify


def _text(app, selector: str) -> str:  # type: ignore[no-untyped-def]
    found = app.screen.query(selector)
    return " ".join(str(found.first().render()).split()) if found else ""


def _bar(app) -> str:  # type: ignore[no-untyped-def]
    return _text(app, "#remote-bar")


async def test_the_host_sees_the_room_and_starts_early_with_a_hard_bot(make_app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSpec("human", "Ann"), SeatSpec("remote", "East"), SeatSpec("remote", "West")]
    app = make_app(start=HostRequest(StartRequest("twenty-two", seats, None, {}), port=0))
    async with app.run_test(size=(110, 34)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        room = app.screen
        server = room.session.server
        assert not server.dealt
        invite = _text(app, "#lobby-invite")
        assert f"cardsuite join 127.0.0.1:{server.port}/{server.secret}" in invite
        await wait_for(pilot, lambda: "2 East awaited" in _text(app, "#lobby-seats"))
        assert "3 West awaited" in _text(app, "#lobby-seats")
        assert server.fair.commitment[:12] in _text(app, "#lobby-fair")
        bob = ScriptedPlayer(server.address, "Bob").start()
        try:
            await wait_for(pilot, lambda: "2 Bob here salt" in _text(app, "#lobby-seats"))
            assert "Waiting for seat 3" in _text(app, "#lobby-status")
            await pilot.press("c")  # the join command to the clipboard
            assert app.clipboard == room.session.invite
            await pilot.press("b")  # medium -> hard
            await pilot.press("s")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            assert "A hard bot takes seat 3 (West)" in app.screen.question
            assert not server.dealt  # nothing before the answer
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, RemoteTable))
            assert [s.kind for s in server.match.seats] == ["human", "remote", "hard"]
            said = "Ann started the game with a hard bot in seat 3"
            await wait_for(pilot, lambda: any(said in str(m.get("text")) for m in bob.messages))
            await wait_for(pilot, lambda: "fair deal " + server.fair.commitment[:12] in _bar(app))
        finally:
            await bob.close()


async def test_a_joiner_waits_is_dealt_in_sees_the_deal_verified_and_asks_for_a_rematch(
    make_app,
) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSpec("remote", "North"), SeatSpec("remote", "South")]
    server = await hosted_room("african-casino", seats, "south-african")
    other = ScriptedPlayer(server.address, "Bob")
    other.playing = False  # the test moves for every seat below
    try:
        app = make_app(start=JoinRequest(server.address, "Ann"))
        async with app.run_test(size=(110, 34)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            session = app.screen.session
            await wait_for(pilot, lambda: session.fair() is not None and session.fair().my_salt)
            mine = session.fair().my_salt
            await wait_for(
                pilot, lambda: f"1 Ann (you) here salt {mine[:12]}" in _text(app, "#lobby-seats")
            )
            assert "2 South awaited" in _text(app, "#lobby-seats")
            await pilot.press("f")  # the values in full
            await wait_for(pilot, lambda: server.fair.commitment in _text(app, "#lobby-fair"))
            assert f"your salt {mine}" in _text(app, "#lobby-fair")
            other.start()
            await wait_for(pilot, lambda: isinstance(app.screen, RemoteTable))
            await wait_for(pilot, lambda: "fair deal " + server.fair.commitment[:12] in _bar(app))
            await pilot.press("F")  # the fair deal in full, at the table
            notes = lambda: [n.message for n in app._notifications if n.title == "Fair deal"]  # noqa: E731
            await wait_for(pilot, lambda: bool(notes()))
            assert f"commitment {server.fair.commitment}" in notes()[0]
            assert f"seat 1 salt {mine}" in notes()[0] and f"your salt {mine}" in notes()[0]
            first, first_commitment = server.match.seed, server.fair.commitment
            while not server.match.is_over():  # the game played out, by its rules
                mover = server.match.to_move()
                server.apply(server.match.legal_actions(mover)[0], mover)
                await asyncio.sleep(0)
            await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), timeout=20)
            await wait_for(
                pilot,
                lambda: "Deal verified" in _text(app, "#gameover-rating"),
                why=lambda: _text(app, "#gameover-rating"),
            )
            # the joiner keeps the game's record, which proves the deal (issue 39, item 3)
            keeper = app.screen_stack[-2].match.keeper
            assert keeper is not None and keeper.seen is not None
            assert keeper.seen.commitment == first_commitment
            await wait_for(pilot, lambda: keeper.whole, why=lambda: keeper.said)
            rec = parse(keeper.path.read_text(encoding="utf-8"))
            assert rec.seed == first and rec.fair is not None and rec.fair.salts[0] == mine
            assert verify(rec).verified and "But" not in (keeper.said or "")
            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await wait_for(
                pilot, lambda: "Waiting for Bob to answer" in _text(app, "#lobby-status")
            )
            await wait_for(pilot, lambda: 0 in server.fair.salts)
            await other.client.send("rematch", yes=True)
            await wait_for(pilot, lambda: isinstance(app.screen, RemoteTable))
            assert server.match.seed != first and not server.match.record
            assert app.screen.match.seq == server.version
    finally:
        await other.close()
        await server.close()


async def test_the_tables_news_goes_to_the_log_and_a_name_draws_no_card(make_app) -> None:  # type: ignore[no-untyped-def]
    """A stand-in taking over, a player back: the server's ``news`` lines are written in the
    joined table's log. A name is a player's own text: ``[AS]`` in it is no ace of spades."""
    from cardsuite.ui.widgets import LogView

    seats = [SeatSpec("remote", "North"), SeatSpec("remote", "South")]
    server = await hosted_room("african-casino", seats, "south-african")
    other = ScriptedPlayer(server.address, "Bob")
    other.playing = False
    try:
        app = make_app(start=JoinRequest(server.address, "Ann"))
        async with app.run_test(size=(110, 34)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            other.start()
            await wait_for(pilot, lambda: isinstance(app.screen, RemoteTable))
            server.send_all("news", text="A medium bot now plays for [AS] {P0}")

            def logged() -> list[str]:
                return [e.text for log in app.screen.query(LogView) for e in log._events]

            await wait_for(pilot, lambda: any("medium bot now plays" in t for t in logged()))
            line = next(t for t in logged() if "medium bot now plays" in t)
            assert line == "A medium bot now plays for AS P0"
    finally:
        await other.close()
        await server.close()
