"""Who sits at a remote table, and what each is sent (issue 15): privacy of every message,
reconnection to the same seat, the stand-in bot that hands the seat back, spectators, the
record of a remote game."""

from __future__ import annotations

import json

import pytest
from remote_players import PrivacyWatch, ScriptedPlayer, hosted, wait_for

from cardsuite.match import SeatSpec
from cardsuite.records import parse
from cardsuite.remote.server import Conn, TableServer
from cardsuite.store import Store


@pytest.mark.parametrize(
    ("game", "variant", "seats"),
    [
        ("manni", "trjamann", ["remote", "remote", "remote"]),
        ("manni", "hornafjardarmanni", ["remote", "remote", "remote"]),
        ("mensch", None, ["remote", "remote", "medium", "remote"]),
        ("mensch", "allpass-double", ["remote", "remote", "remote", "remote"]),
        ("twenty-two", None, ["remote", "medium", "remote", "medium"]),
    ],
)
async def test_no_message_names_a_card_hidden_from_its_receiver(game, variant, seats) -> None:
    specs = [SeatSpec(k, f"P{i}") for i, k in enumerate(seats)]
    server = await hosted(game, specs, seed=17, variant=variant)
    watch = PrivacyWatch(server)
    remote = [i for i, k in enumerate(seats) if k == "remote"]
    stop = lambda u: u["deals"] > 1  # noqa: E731
    players = [ScriptedPlayer(server.address, f"P{i}", stop=stop).start() for i in remote]
    spectator = ScriptedPlayer(server.address, "eve")
    spectator.client.watch = True
    spectator.start()
    try:
        await wait_for(lambda: server.match.state.deals_played() > 1 or server.match.is_over())
        await wait_for(lambda: spectator.updates and spectator.updates[-1]["seq"] == server.version)
        assert watch.checked > 50
        assert watch.leaks == []
        # the spectator's view holds no hand at all
        assert all(u["view"]["hand"] is None for u in spectator.updates)
        assert all(u["legal"] == [] for u in spectator.updates)
    finally:
        for p in [*players, spectator]:
            await p.close()
        await server.close()


def test_the_privacy_watch_sees_a_leak() -> None:
    """The check above can fail: a message naming another seat's card is caught."""
    from cardsuite.match import Match

    m = Match.new("manni", [SeatSpec("remote", n) for n in "ABC"], variant="basic", seed=3)
    server = TableServer(m)
    watch = PrivacyWatch(server)
    other = m.state.view(1)["hand"]
    conn = Conn.__new__(Conn)
    conn.seat = 0
    watch.check(conn, json.dumps({"view": {"hand": other}}))
    assert watch.leaks and watch.leaks[0][0] == 0


async def test_a_dropped_client_reconnects_to_its_seat_and_plays_on() -> None:
    seats = [SeatSpec("remote", "Ann"), SeatSpec("medium", "Bot1"), SeatSpec("medium", "Bot2")]
    server = await hosted("manni", seats, seed=8, variant="basic", standin_after=60.0)
    ann = ScriptedPlayer(server.address, "Ann").start()
    try:
        await wait_for(lambda: len(server.match.record) >= 6, what="a few moves")
        token = ann.client.token
        await ann.client.drop()  # the network fails
        await wait_for(lambda: ann.client.connections == 2, what="the reconnection")
        assert ann.seat == 0 and ann.client.token == token
        assert server.slots[0].conn is not None and server.slots[0].standin is None
        before = len(server.match.record)
        await wait_for(
            lambda: any(m.seat == 0 for m in server.match.record[before:]), what="Ann's move"
        )
        # after the welcome, the log came again in full: the client's copy matches
        last = ann.updates[-1]
        assert last["seq"] <= server.version
    finally:
        await ann.close()
        await server.close()


async def test_a_stand_in_bot_moves_for_an_absent_player_and_hands_the_seat_back() -> None:
    seats = [SeatSpec("remote", "Ann"), SeatSpec("medium", "Bot1"), SeatSpec("medium", "Bot2")]
    server = await hosted("manni", seats, seed=9, variant="basic", standin_after=0.2)
    ann = ScriptedPlayer(server.address, "Ann").start()
    try:
        await wait_for(lambda: len(server.match.record) >= 3, what="a few moves")
        await ann.close(bye=False)  # gone, the seat kept for the token
        token = ann.client.token
        mark = len(server.match.record)
        await wait_for(lambda: server.slots[0].standin is not None, what="the stand-in")
        await wait_for(
            lambda: any(m.seat == 0 for m in server.match.record[mark:]), what="a stand-in move"
        )
        statuses = [u["seats"][0]["status"] for u in ann.updates]
        back = ScriptedPlayer(server.address, "Ann")
        back.client.token = token
        back.start()
        await wait_for(lambda: back.client.welcome is not None, what="the return")
        assert back.seat == 0
        assert server.slots[0].standin is None  # handed back
        await wait_for(lambda: back.updates and back.updates[-1]["seats"][0]["status"] == "here")
        moved = len(server.match.record)
        await wait_for(
            lambda: (
                any(m.seat == 0 for m in server.match.record[moved:])
                or server.match.state.deals_played() > 1
            ),
            what="Ann's own move",
        )
        assert "here" in statuses
        await back.close()
    finally:
        await server.close()


async def test_a_full_table_and_a_wrong_token_are_refused_with_the_reason() -> None:
    seats = [SeatSpec("remote", "Ann"), SeatSpec("medium", "B"), SeatSpec("medium", "C")]
    server = await hosted("manni", seats, seed=1, variant="basic")
    ann = ScriptedPlayer(server.address, "Ann").start()
    await wait_for(lambda: ann.client.welcome is not None)
    late = ScriptedPlayer(server.address, "Late")
    late.start()
    liar = ScriptedPlayer(server.address, "Liar")
    liar.client.token = "not-a-token"
    liar.start()
    try:
        await wait_for(lambda: late.client.fatal and liar.client.fatal, what="two refusals")
        assert "full" in late.client.fatal and "--watch" in late.client.fatal
        assert "token" in liar.client.fatal
        assert ann.seat == 0
    finally:
        await ann.close()
        await server.close()


async def test_the_host_keeps_a_record_of_a_remote_game(tmp_path) -> None:
    store = Store(tmp_path)
    seats = [SeatSpec("remote", n) for n in ("Ann", "Bob", "Cy")]
    server = await hosted("manni", seats, seed=4, variant="basic", store=store)
    stop = lambda u: u["deals"] > 1  # noqa: E731
    players = [ScriptedPlayer(server.address, n, stop=stop).start() for n in ("Ann", "Bob", "Cy")]
    try:
        await wait_for(lambda: server.match.state.deals_played() > 1)
    finally:
        for p in players:
            await p.close()
        await server.close()  # the game is unfinished: its record is written as it stands
    files = list(store.records_dir.glob("*.txt"))
    assert len(files) == 1
    rec = parse(files[0].read_text("utf-8"))
    assert [s.kind for s in rec.seats] == ["remote"] * 3
    assert [s.name for s in rec.seats] == ["Ann", "Bob", "Cy"]
    assert [m.text for m in rec.moves] == [m.text for m in server.match.record]


async def test_a_killed_client_comes_back_with_its_token_and_the_stand_in_hands_over() -> None:
    """A client process killed mid-game comes back with its seat's token, which ``cardsuite
    join`` keeps in the data folder (``test_remote_app.py``: the join itself); by its name
    alone the seat is not its to take (issue 33 #1): a name is no credential."""
    seats = [SeatSpec("remote", "Ann"), SeatSpec("medium", "B"), SeatSpec("medium", "C")]
    server = await hosted("manni", seats, seed=12, variant="basic", standin_after=0.1)
    ann = ScriptedPlayer(server.address, "Ann").start()
    try:
        await wait_for(lambda: len(server.match.record) >= 3)
        token = ann.client.token
        assert token is not None
        ann.task.cancel()  # killed: no bye, no close
        await ann.client.drop()
        await wait_for(lambda: server.slots[0].standin is not None, what="the stand-in")
        other = ScriptedPlayer(server.address, "Zed")
        other.start()
        await wait_for(lambda: other.client.fatal is not None)
        assert "full" in other.client.fatal  # the seat is Ann's, not anyone's
        by_name = ScriptedPlayer(server.address, "ann").start()
        await wait_for(lambda: by_name.client.fatal is not None, what="the name's refusal")
        assert by_name.client.fatal.startswith("Ann's seat is kept for its player")
        assert by_name.client.welcome is None and by_name.updates == []
        again = ScriptedPlayer(server.address, "Ann")
        again.client.token = token  # what the data folder kept
        again.start()
        await wait_for(lambda: again.seat == 0, what="Ann back in her seat")
        assert again.client.token == token and server.slots[0].standin is None
        mark = len(server.match.record)
        await wait_for(
            lambda: any(m.seat == 0 for m in server.match.record[mark:]) or server.match.is_over(),
            what="Ann's move",
        )
        await again.close()
    finally:
        await server.close()


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), -1.0])
def test_a_table_takes_only_a_number_of_seconds_for_its_stand_ins(seconds: float) -> None:
    """Issue 33 #4: with ``standin_after`` nan no stand-in ever came (every comparison with
    nan is false); the CLI refuses it (``test_cli_remote.py``), and so does the table."""
    from cardsuite.match import Match

    m = Match.new("manni", [SeatSpec("remote", n) for n in "ABC"], variant="basic", seed=3)
    with pytest.raises(ValueError, match="standin_after must be a finite number of seconds"):
        TableServer(m, standin_after=seconds)
