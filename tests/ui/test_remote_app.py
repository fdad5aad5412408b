"""The app at a remote table (issue 15): joining one and playing by keys, hosting one that a
scripted player joins, refusals said with the rule's reason, a dropped connection said and
mended, a wrong secret refused."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
from helpers import wait_for
from remote_players import ScriptedPlayer, hosted
from textual.widgets import Static

from cardsuite.hints import medium_hint
from cardsuite.match import SeatSpec
from cardsuite.remote.protocol import Address
from cardsuite.ui.app import StartRequest
from cardsuite.ui.lobby_screen import LobbyScreen
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.remote_start import HostRequest, JoinRequest
from cardsuite.ui.remote_table import RemoteTable


@contextlib.asynccontextmanager
async def joined(  # type: ignore[no-untyped-def]
    make_app, game: str, seats, *, name: str, watch: bool = False, size=(110, 34), **opts
):
    """A table hosted on loopback and the app joined to it, at its table: (server, app,
    pilot); the server closes afterwards."""
    server = await hosted(game, seats, **opts)
    try:
        app = make_app(start=JoinRequest(server.address, name, watch=watch))
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, RemoteTable))
            yield server, app, pilot
    finally:
        await server.close()


def _bar(app) -> str:  # type: ignore[no-untyped-def]
    bars = app.screen.query("#remote-bar")
    return str(bars.first().render()) if bars else ""


def _notes(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [n.message for n in app._notifications]


async def test_a_joined_table_plays_by_keys_and_shows_the_others(make_app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSpec("remote", "Ann")] + [SeatSpec("medium", n) for n in ("B", "C", "D")]
    async with joined(make_app, "twenty-two", seats, seed=7, name="Ann") as (server, app, pilot):
        screen = app.screen
        assert screen.match.seat == 0 and screen.shown == 0
        # joined: "Joining…" is taken down, not left over the table for its five seconds
        assert not [m for m in _notes(app) if m.startswith("Joining")]
        await wait_for(pilot, lambda: "you are Ann" in _bar(app) and "connected" in _bar(app))
        for _ in range(3):  # three of Ann's own moves, each the hint played with enter
            mark = sum(m.seat == 0 for m in server.match.record)
            await wait_for(pilot, lambda: screen.human_to_move() == 0 and not screen.holding)
            await pilot.press("h")
            await wait_for(pilot, lambda: bool(screen.hinted) or screen._hinted_action)
            await pilot.press("enter")
            await wait_for(pilot, lambda: sum(m.seat == 0 for m in server.match.record) > mark)
        # the table shows the server's position: the same hand, the same log
        await wait_for(pilot, lambda: screen.match.seq == server.version)
        assert screen.view()["hand"] == server.match.state.view(0)["hand"]
        assert [e.text for e in screen.match.public_log()] == [
            e.text for e in server.match.public_log()
        ]


async def test_a_joined_tables_hint_says_the_hosts_reason(make_app) -> None:  # type: ignore[no-untyped-def]
    """The host works the hint out (``TableServer._hint``) and sends its reason with it
    (``why``): the joined table says it in its status line, as a table at home does."""
    seats = [SeatSpec("remote", "Ann")] + [SeatSpec("medium", n) for n in ("B", "C", "D")]
    async with joined(make_app, "twenty-two", seats, seed=7, name="Ann") as (server, app, pilot):
        screen = app.screen
        await wait_for(pilot, lambda: screen.human_to_move() == 0 and not screen.holding)
        want = medium_hint("twenty-two", server.match.state, 0)
        await pilot.press("h")
        await wait_for(pilot, lambda: bool(screen.hinted) or screen._hinted_action)
        said = " ".join(str(screen.query_one("#status", Static).render()).split())
        assert want.reason in said, said


async def test_a_refused_move_is_said_with_the_rules_reason(make_app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSpec("remote", "Ann")] + [SeatSpec("medium", n) for n in ("B", "C")]
    async with joined(make_app, "manni", seats, seed=3, variant="basic", name="Ann") as (
        server,
        app,
        pilot,
    ):
        screen = app.screen
        await wait_for(pilot, lambda: screen.human_to_move() == 0)
        screen.play_action("play 2S")  # not a Manni card, and not the phase for it
        await wait_for(pilot, lambda: any(n.title == "Not allowed" for n in app._notifications))
        assert not server.match.record or server.match.record[-1].seat != 0


async def test_a_dropped_connection_is_said_and_mended(make_app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSpec("remote", "Ann")] + [SeatSpec("medium", n) for n in ("B", "C")]
    async with joined(make_app, "manni", seats, seed=3, variant="basic", name="Ann") as (
        server,
        app,
        pilot,
    ):
        client = app.screen.match.client
        await client.drop()
        await wait_for(pilot, lambda: any("lost" in m for m in _notes(app)))
        await wait_for(pilot, lambda: client.connections == 2 and client.connected)
        await wait_for(pilot, lambda: "connected" in _bar(app))
        assert app.screen.match.seat == 0
        assert server.slots[0].conn is not None


async def test_a_wrong_secret_is_refused_and_the_picker_stays(make_app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSpec("remote", "Ann")] + [SeatSpec("medium", n) for n in ("B", "C")]
    server = await hosted("manni", seats, seed=3, variant="basic")
    try:
        wrong = Address(server.host, server.port, "aaaa-bbbb")
        app = make_app(start=JoinRequest(wrong, "Ann"))
        async with app.run_test(size=(110, 34)) as pilot:
            await wait_for(pilot, lambda: any("wrong table secret" in m for m in _notes(app)))
            assert isinstance(app.screen, PickerScreen)
            assert server.slots[0].conn is None
    finally:
        await server.close()


async def test_the_host_plays_here_and_a_joined_player_plays_there(make_app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSpec("human", "Ann"), SeatSpec("remote", "Bob"), SeatSpec("medium", "Cy")]
    req = HostRequest(StartRequest("manni", seats, "basic", {}, seed=5), port=0)
    app = make_app(start=req)
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        server = app.screen.session.server  # a waiting room until Bob sits down
        bob = ScriptedPlayer(server.address, "Bob").start()
        try:
            await wait_for(pilot, lambda: isinstance(app.screen, RemoteTable))
            screen = app.screen
            await wait_for(pilot, lambda: server.secret in _bar(app))
            assert "cardsuite join 127.0.0.1:" in _bar(app)
            assert screen.match.seat == 0
            await wait_for(pilot, lambda: bob.seat == 1)
            await wait_for(pilot, lambda: screen.match.seats[1].kind == "here")
            for _ in range(2):
                await wait_for(pilot, lambda: screen.human_to_move() == 0 and not screen.holding)
                mark = len(server.match.record)
                await pilot.press("h")
                await wait_for(pilot, lambda: bool(screen.hinted) or screen._hinted_action)
                await pilot.press("enter")
                await wait_for(pilot, lambda: len(server.match.record) > mark)
            await wait_for(pilot, lambda: any(m.seat == 1 for m in server.match.record))
        finally:
            await bob.close()


async def test_the_setup_screen_hosts_a_table_with_remote_seats(make_app) -> None:  # type: ignore[no-untyped-def]
    from textual.widgets import Select

    from cardsuite.ui.setup import SetupScreen

    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        app.open_setup("manni")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        app.screen.query_one("#kind-1", Select).value = "remote"
        await pilot.pause()
        assert "remote seats" in str(app.screen.query_one("#seat-note").render())
        app.screen.action_start()
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        server = app.screen.session.server
        assert server.host == "127.0.0.1"  # the setup screen hosts for this machine only
        assert [s.kind for s in server.seats][:2] == ["human", "remote"]
        invite = f"cardsuite join 127.0.0.1:{server.port}/{server.secret}"
        room = app.screen

        def shown() -> str:  # (the room may not be composed yet: nothing shown then)
            found = room.query("#lobby-invite")
            return str(found.first(Static).render()) if found else ""

        await wait_for(pilot, lambda: invite in shown())
        app.screen._leave()  # leaving closes the table
        await wait_for(pilot, lambda: server._runner is None)


async def test_money_at_a_joined_table_sends_timed_presses_and_shows_the_judgement(
    make_app,
) -> None:  # type: ignore[no-untyped-def]

    seats = [SeatSpec("remote", "Ann"), SeatSpec("easy", "Bot")]
    async with joined(
        make_app,
        "money",
        seats,
        seed=21,
        variant="jordanian",
        throw_time=0.05,
        name="Ann",
        size=(110, 32),
    ) as (server, app, pilot):
        screen = app.screen
        await wait_for(pilot, lambda: screen.view()["to_move"] == 0, timeout=15)
        await pilot.pause(0.1)  # the card's sight goes out first
        await pilot.press("a")  # Ann's turn key
        await wait_for(
            pilot, lambda: any(m.seat == 0 and m.text == "turn" for m in server.match.record)
        )
        seen = server.realtime.referee._seen
        assert any(seat == 0 for seat, _ in seen)  # her screen reported the cards' sight
        await wait_for(pilot, lambda: screen.view()["to_move"] == 0 and screen.view()["pile"])
        top = screen.view()["last"]
        if not (top and top[0] == 0 and top[2]):  # a snap now is false: the ground goes
            await pilot.press("s")
            await wait_for(pilot, lambda: "False snap by Ann" in screen.flash[0])
            assert any(m.seat == 0 and m.text == "claim" for m in server.match.record)


async def test_a_spectator_sees_the_public_table_only(make_app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSpec("medium", n) for n in ("A", "B", "C")]
    seats[0] = SeatSpec("remote", "Ann")
    async with joined(
        make_app,
        "manni",
        seats,
        seed=6,
        variant="basic",
        standin_after=0.05,
        name="Eve",
        watch=True,
    ) as (server, app, pilot):
        screen = app.screen
        assert screen.match.seat is None and screen.shown is None
        await wait_for(pilot, lambda: "watching" in _bar(app))
        await wait_for(pilot, lambda: len(server.match.record) > 4)
        # a finished trick has reached this client (the last trick is then on offer)
        await wait_for(pilot, lambda: bool(screen.view()["tricks"]))
        assert screen.view()["hand"] is None
        assert not screen.check_action("hint", ())

        # the footer offers only what a watcher can do (issue 32 #9: select, play, ...); its
        # bindings are refreshed after the view that brought the trick, so wait for them
        def offered() -> set[str]:
            return {b.binding.action for b in screen.active_bindings.values() if b.binding.show}

        await wait_for(pilot, lambda: "last_trick" in offered())
        assert offered() == {"rules", "leave", "last_trick"}
        screen.play_action("keep")
        await wait_for(pilot, lambda: any("watching" in m for m in _notes(app)))


async def test_a_bot_thinking_on_the_host_shows_at_the_joined_table(make_app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSpec("remote", "Ann")] + [SeatSpec("medium", n) for n in ("B", "C", "D")]
    async with joined(make_app, "twenty-two", seats, seed=7, bot_delay=0.3, name="Ann") as (
        _server,
        app,
        pilot,
    ):  # the host's pace
        screen = app.screen

        def status() -> str:
            return str(screen.query_one("#status").render())

        for _ in range(300):  # Ann plays her hints until a bot is to move
            if "is thinking…" in status():
                break
            if screen.human_to_move() == 0 and not screen.holding:
                await pilot.press("h")
                await wait_for(pilot, lambda: bool(screen.hinted) or screen._hinted_action)
                await pilot.press("enter")
            await pilot.pause(0.05)
        assert "is thinking…" in status()
        thinker = screen._thinking
        assert thinker is not None and thinker != 0
        assert screen.match.seats[thinker].name in status()
        await wait_for(pilot, lambda: screen._thinking != thinker, timeout=15)


@pytest.mark.parametrize(
    ("game", "size", "port"),
    [("mensch", (80, 24), 18231), ("twenty-two", (120, 36), 18232)],
    ids=["mensch-80x24", "twenty-two-120x36"],
)
def test_joined_table_snapshot(snap_compare, make_app, game, size, port) -> None:  # type: ignore[no-untyped-def]
    """The game's own table with the remote bar, the others away (nobody else has joined,
    so nothing moves), on a fixed port and secret (the bar shows both), and no pings (no
    round trip to show)."""
    import asyncio

    from cardsuite.match import Match
    from cardsuite.remote.server import TableServer

    names = ("Ann", "Bob", "Cy", "Dee")
    match = Match.new(game, [SeatSpec("remote", n) for n in names], seed=3)
    server = TableServer(match, secret="snap-shot", port=port, ping_every=3600.0)
    app = make_app()

    async def serve() -> None:  # the table lives as long as the app: closed as it exits
        try:
            await server.start()
            # joined once the table listens (a join where nothing listens gives up at once)
            app.open_remote(JoinRequest(Address("127.0.0.1", port, "snap-shot"), "Ann"))
            await asyncio.Event().wait()
        finally:
            await server.close()

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        app.run_worker(serve())
        await wait_for(pilot, lambda: isinstance(app.screen, RemoteTable), timeout=15)
        await wait_for(pilot, lambda: "connected" in _bar(app) and "away" in _bar(app))
        app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_remote_money_goes_straight_on_after_a_forced_purchase(make_app) -> None:  # type: ignore[no-untyped-def]
    """Issue 32 #3. Ann has no card and must buy (MONEY-BUY-1); her purchase goes to the
    host, and until its update comes her table still shows the position before it: a menu
    opened again from that offered only "turn without buying", and held the turn key.
    After the purchase she turns at once with her key (MONEY-BUY-12), as at home. A refused
    purchase opens the menu again (she still must buy); enter in the menu chooses (it was
    also her snap key, a false snap)."""
    from money_helpers import position

    from cardsuite.games import get_game
    from cardsuite.match import Match
    from cardsuite.remote.server import TableServer
    from cardsuite.ui.choice import ChoiceScreen

    state = position(
        hands=((), ("5", "6", "7")), banks=(("Q",), ()), pile=("2", "3", "4", "8", "9", "10") * 3
    )
    seats = [SeatSpec("remote", "Ann"), SeatSpec("remote", "Bob")]  # (Bob never comes)
    server = TableServer(Match(get_game("money"), state, seats), port=0, bot_delay=0, hold=0)
    await server.start()
    apply = server.apply
    refuse = ["the table refuses this one, for the test"]
    server.apply = lambda *a, **k: refuse.pop() if refuse else apply(*a, **k)  # type: ignore[method-assign]
    try:
        app = make_app(start=JoinRequest(server.address, "Ann"))
        async with app.run_test(size=(110, 34)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
            await pilot.press("1")  # refused: the menu comes back, its purchase still to make
            await wait_for(pilot, lambda: "for the test" in " ".join(_notes(app)))
            await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
            await pilot.press("enter")  # the first choice: pay Q to the ground
            table = next(s for s in app.screen_stack if isinstance(s, RemoteTable))
            await wait_for(pilot, lambda: table.match.seq == server.version)
            await pilot.pause()
            assert [m.text for m in server.match.record] == ["buy Q from ground"]
            assert app.screen is table  # no menu: nothing is left to decide
            await pilot.press("a")  # Ann's turn key
            await wait_for(pilot, lambda: len(server.match.record) == 2)
            assert server.match.record[-1].text == "turn"
    finally:
        await server.close()


async def test_joining_where_nothing_answers_says_so_at_once(make_app) -> None:  # type: ignore[no-untyped-def]
    """Issue 32 #8: the picker said "Joining…" for 15 s, then "trying again" when it had
    given up."""
    import socket

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = make_app(start=JoinRequest(Address("127.0.0.1", port, "abcd-efgh"), "Ann"))
    async with app.run_test(size=(110, 34)) as pilot:
        await wait_for(pilot, lambda: any("Could not join" in m for m in _notes(app)), timeout=3)
        [said] = [m for m in _notes(app) if "Could not join" in m]
        assert f"nothing answers at 127.0.0.1:{port}" in said
        assert "Not trying again" in said and "trying again;" not in said
        assert isinstance(app.screen, PickerScreen)
        assert not [m for m in _notes(app) if m.startswith("Joining")]  # over: taken down


async def test_the_log_names_a_seats_new_player(make_app) -> None:  # type: ignore[no-untyped-def]
    """Issue 32 #10: Bob took the seat called Right; the log still said "Right turns first"
    (a log draws its lines with the names it was last given, with the next move)."""
    from cardsuite.remote.client import TableClient
    from cardsuite.ui.widgets import LogView

    seats = [SeatSpec("remote", "Ann"), SeatSpec("remote", "Right")]
    async with joined(make_app, "money", seats, seed=9, name="Ann") as (server, app, pilot):
        screen = app.screen

        def log() -> str:
            return "\n".join(screen.query_one(LogView).lines())

        await wait_for(pilot, lambda: "Right" in log())
        bob = TableClient(server.address, name="Bob")
        runner = asyncio.ensure_future(bob.run())
        try:
            await wait_for(pilot, lambda: screen.match.names() == ["Ann", "Bob"])
            await pilot.pause()
            assert not server.match.record  # nothing moved: the log was given no new line
            assert "Bob" in log() and "Right" not in log()
        finally:
            await bob.close()
            await runner


async def test_a_player_whose_cardsuite_crashed_comes_back_with_the_key_it_kept(
    make_app, private_home
) -> None:  # type: ignore[no-untyped-def]
    """Issue 33 #1: a dropped seat is given back only to its token, so ``cardsuite join``
    keeps the token in the data folder (owner-only) and sends it with the next join's
    hello: a player whose client was killed joins again the same way and is back."""
    import os
    import stat

    from cardsuite.store import Store
    from cardsuite.ui.remote_start import seat_key

    seats = [SeatSpec("remote", "Ann")] + [SeatSpec("medium", n) for n in ("B", "C")]
    server = await hosted("manni", seats, seed=3, variant="basic")
    try:
        app = make_app(start=JoinRequest(server.address, "Ann"))
        async with app.run_test(size=(110, 34)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, RemoteTable))
            token = server.slots[0].token
            assert token is not None and app.screen.match.client.token == token
        # the app is gone without a goodbye (as if killed): the seat is kept for its token
        await asyncio.sleep(0)
        assert server.slots[0].token == token
        store = Store(private_home)
        assert store.seat_token(seat_key(server.address, "Ann")) == token
        mode = stat.S_IMODE(os.stat(store.seat_keys_path).st_mode)
        assert mode & 0o077 == 0, oct(mode)  # only this user can read a seat's key
        assert server.secret not in store.seat_keys_path.read_text()  # nor the table's secret
        again = make_app(start=JoinRequest(server.address, "ann"))  # (a name, any case)
        async with again.run_test(size=(110, 34)) as pilot:
            await wait_for(pilot, lambda: isinstance(again.screen, RemoteTable))
            assert again.screen.match.seat == 0 and server.slots[0].token == token
            assert server.slots[0].conn is not None
    finally:
        await server.close()


async def test_a_kept_key_the_table_does_not_know_is_forgotten_and_the_join_goes_on(
    make_app, private_home
) -> None:  # type: ignore[no-untyped-def]
    from cardsuite.store import Store
    from cardsuite.ui.remote_start import seat_key

    seats = [SeatSpec("remote", "Ann")] + [SeatSpec("medium", n) for n in ("B", "C")]
    server = await hosted("manni", seats, seed=3, variant="basic")
    store = Store(private_home)
    key = seat_key(server.address, "Ann")
    store.keep_seat_token(key, "a-key-from-an-older-table")
    try:
        app = make_app(start=JoinRequest(server.address, "Ann"))
        async with app.run_test(size=(110, 34)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, RemoteTable))
            assert app.screen.match.seat == 0
            assert store.seat_token(key) == server.slots[0].token  # the new one, kept
    finally:
        await server.close()


async def test_the_host_decides_whether_someone_without_the_key_takes_a_dropped_seat(
    make_app, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """Issue 33 #1: Bob drops; someone saying hello as "bob" without Bob's token is let in
    only if the host says yes in the dialog on the host's table, then with a new token."""
    from cardsuite.remote import protocol as P
    from cardsuite.remote.client import TableClient
    from cardsuite.ui.confirm import ConfirmScreen

    seats = [SeatSpec("human", "Ann"), SeatSpec("remote", "Bob"), SeatSpec("medium", "Cy")]
    req = HostRequest(StartRequest("manni", seats, "basic", {}, seed=5), port=0)
    app = make_app(start=req)
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        server = app.screen.session.server
        bob = ScriptedPlayer(server.address, "Bob").start()
        await wait_for(pilot, lambda: isinstance(app.screen, RemoteTable))
        table = app.screen
        await wait_for(pilot, lambda: bob.seat == 1)
        token = bob.client.token
        await bob.close(bye=False)  # dropped, the seat kept for its token
        await wait_for(pilot, lambda: server.slots[1].dropped)
        clients: list[TableClient] = []
        runs: list[asyncio.Future[None]] = []

        async def knock() -> TableClient:
            client = TableClient(server.address, name="bob")
            clients.append(client)
            runs.append(asyncio.ensure_future(client.run()))
            await wait_for(pilot, lambda: client.asking is not None or client.fatal is not None)
            return client

        try:
            # the host says no
            asker = await knock()
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            assert "'bob' asks for Bob's seat" in app.screen.question
            await pilot.press("n")
            await wait_for(pilot, lambda: asker.fatal is not None)
            assert asker.fatal == "the host did not let you into Bob's seat"
            assert asker.welcome is None and app.screen is table
            server._refused_at.clear()  # (the pause after a no is over)
            # the host does not answer in time: the dialog goes, and says so
            monkeypatch.setattr(P, "ASK_TIMEOUT", 0.5)
            asker = await knock()
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await wait_for(pilot, lambda: app.screen is table, timeout=5)
            assert asker.fatal == "the host did not answer in time"
            await wait_for(pilot, lambda: any("did not answer in time" in m for m in _notes(app)))
            monkeypatch.setattr(P, "ASK_TIMEOUT", 120.0)
            # the host says yes: the seat is the newcomer's, with a new token
            asker = await knock()
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("y")
            await wait_for(pilot, lambda: asker.welcome is not None)
            assert asker.welcome["seat"] == 1 and asker.token not in (None, token)
            assert server.slots[1].token == asker.token and server.slots[1].conn is not None
            old = TableClient(server.address, name="Bob", token=token)
            clients.append(old)
            runs.append(asyncio.ensure_future(old.run()))
            await wait_for(pilot, lambda: old.fatal is not None)
            assert old.fatal == "the host gave your seat to another player"
        finally:
            for client in clients:
                await client.close(bye=False)
            await asyncio.wait(runs, timeout=5)
