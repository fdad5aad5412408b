"""A hosted table's waiting room (issue 39): seats taken before the deal, the deal when the
last one is, the host starting early with bots, salts that are not the scheme's closing
their connection, a dropped player's countdown on an injected clock, and the rematch."""

from __future__ import annotations

import aiohttp
import pytest
from remote_players import ScriptedPlayer, hosted_room, wait_for
from remote_raw import Raw, assert_closed_with

from cardsuite.fair import commitment, deal_seed, new_salt
from cardsuite.match import SeatSpec
from cardsuite.records import parse
from cardsuite.remote import protocol as P
from cardsuite.remote.client import TableClient
from cardsuite.remote.lobby import OVER, PLAYING, WAITING

SEATS = [SeatSpec("human", "Ann"), SeatSpec("remote", "East"), SeatSpec("remote", "West")]


class Listener:
    """A TableClient that keeps every message (it sends its salt by itself)."""

    def __init__(self, server, **kw) -> None:
        self.messages: list[dict] = []
        self.said: list[str] = []
        self.client = TableClient(
            server.address, on_message=self.messages.append, on_status=self.said.append, **kw
        )
        import asyncio

        self.task = asyncio.ensure_future(self.client.run())

    def last(self, kind: str) -> dict:
        return [m for m in self.messages if m["type"] == kind][-1]

    def news(self) -> list[str]:
        return [m["text"] for m in self.messages if m["type"] == "news"]

    async def close(self, bye: bool = False) -> None:
        await self.client.close(bye=bye)
        await self.task


async def room(**kw):
    server = await hosted_room("twenty-two", SEATS, **kw)
    host = Listener(server, name="Ann", token=server.host_token)
    await host.client.wait_welcome()
    return server, host


async def test_the_room_shows_who_is_seated_and_awaited_and_deals_when_the_last_seat_is_taken():
    server, host = await room()
    bob = Listener(server, name="Bob")
    try:
        welcome = await host.client.wait_welcome()
        assert (
            welcome["phase"] == WAITING and welcome["fair"]["commitment"] == server.fair.commitment
        )
        await wait_for(lambda: server.fair.salts.keys() == {1}, what="Bob's salt")
        lobby = host.last("lobby")
        assert [s["name"] for s in lobby["seats"]] == ["Ann", "Bob", "West"]
        assert [s["status"] for s in lobby["seats"]] == ["here", "here", "awaited"]
        assert lobby["awaited"] == [2] and lobby["host"] == "Ann"
        assert lobby["fair"]["salts"] == {"2": bob.client.fair_watch().my_salt}
        assert not server.dealt and "Bob sat down in seat 2" in host.news()
        assert not any(m["type"] == "update" for m in host.messages + bob.messages)
        cy = Listener(server, name="Cy")
        await wait_for(lambda: server.dealt, what="the deal")
        salts = {1: bob.client.fair_watch(0).my_salt, 2: cy.client.fair_watch(0).my_salt}
        assert server.match.seed == deal_seed(server.fair.host_seed or _seed(server), salts)
        assert [s.name for s in server.match.seats] == ["Ann", "Bob", "Cy"]
        await wait_for(lambda: any(m["type"] == "update" for m in cy.messages), what="a card")
        dealt = cy.last("dealt")
        assert dealt["fair"]["salts"] == {"2": salts[1], "3": salts[2]}
        await cy.close()
    finally:
        await bob.close()
        await host.close()
        await server.close()


def _seed(server) -> str:
    """The host's seed of the game on the table (the test looks inside the server)."""
    seed = server._host_seed
    assert seed is not None
    return seed


async def test_the_host_starts_early_with_a_bot_and_everyone_is_told():
    server, host = await room()
    bob = Listener(server, name="Bob")
    try:
        await wait_for(lambda: 1 in server.fair.salts, what="Bob's salt")
        await bob.client.send("start", level="hard")  # not the host's to do
        await wait_for(lambda: any(m["type"] == "refused" for m in bob.messages))
        assert bob.last("refused")["reason"] == "only the host starts the game"
        assert not server.dealt
        host_seed = _seed(server)
        await host.client.send("start", level="hard")
        await wait_for(lambda: server.dealt, what="the early deal")
        said = "Ann started the game with a hard bot in seat 3"
        await wait_for(lambda: said in bob.news(), what="the news")
        assert said in host.news()
        assert [s.kind for s in server.match.seats] == ["human", "remote", "hard"]
        assert server.match.seed == deal_seed(host_seed, {1: bob.client.fair_watch(0).my_salt})
        late = Listener(server, name="Late")
        await wait_for(lambda: late.client.fatal is not None, what="a refusal")
        assert "full" in late.client.fatal
    finally:
        await bob.close()
        await host.close()
        await server.close()


async def test_a_joiner_who_leaves_the_room_frees_the_seat_and_its_salt():
    server, host = await room()
    bob = Listener(server, name="Bob")
    try:
        await wait_for(lambda: 1 in server.fair.salts, what="Bob's salt")
        await bob.close(bye=True)
        await wait_for(lambda: server.slots[1].token is None and not server.fair.salts)
        await wait_for(lambda: "Bob left the waiting room" in host.news())
        lobby = host.last("lobby")
        assert lobby["seats"][1]["name"] == "East" and lobby["awaited"] == [1, 2]
    finally:
        await host.close()
        await server.close()


@pytest.mark.parametrize(
    ("salt", "reason"),
    [
        ("ab" * 15, "salt: a salt is 32 lowercase hexadecimal digits"),
        ("AB" * 16, "salt: a salt is 32 lowercase hexadecimal digits"),
        ("zz" * 16, "salt: a salt is 32 lowercase hexadecimal digits"),
        (1234, "salt: bad salt"),
        (None, "salt: bad salt"),
    ],
)
async def test_a_salt_that_is_not_the_schemes_closes_its_connection(salt, reason):
    server, host = await room()
    try:
        async with aiohttp.ClientSession() as session:
            raw = await Raw.open(session, server, name="Bob")
            assert raw.welcome["fair"]["commitment"] == server.fair.commitment
            await raw.send(P.encode("salt", salt=salt))
            await assert_closed_with(raw, reason, "a bad salt")
        assert server.fair.salts == {} and not server.dealt
    finally:
        await host.close()
        await server.close()


async def test_a_second_salt_a_salt_after_the_deal_and_salts_from_no_joiner_close_too():
    server, host = await room()
    try:
        async with aiohttp.ClientSession() as session:
            bob = await Raw.open(session, server, name="Bob")
            first = new_salt()
            await bob.send(P.encode("salt", salt=first))
            await wait_for(lambda: server.fair.salts == {1: first})
            await bob.send(P.encode("salt", salt=new_salt()))
            await assert_closed_with(
                bob, "salt: a second salt; a seat gives one salt a deal", "2nd"
            )
            assert server.fair.salts == {1: first}  # kept: the seat is Bob's to come back to
            bob2 = await Raw.open(session, server, token=bob.welcome["token"])
            assert bob2.welcome["seat"] == 1
            eve = await Raw.open(session, server, name="Eve", watch=True)
            await eve.send(P.encode("salt", salt=new_salt()))
            await assert_closed_with(eve, "salt: a spectator gives no salt", "a watcher's")
            await host.client.send("salt", salt=new_salt())
            why = "salt: the host's seat gives no salt (the host chose the seed)"
            await wait_for(lambda: host.client.connections == 2, what="the host back")
            assert f"the table closed the connection: {why}" in host.said
            assert server.fair.salts == {1: first} and not server.dealt
            await host.client.send("start", level="easy")
            await wait_for(lambda: server.dealt, what="the deal")
            seed = server.match.seed
            assert seed == deal_seed(_seed(server), {1: first})
            await bob2.send(P.encode("salt", salt=new_salt()))
            why = "salt: the deal is made; a salt comes before it, not after"
            await assert_closed_with(bob2, why, "a late salt")
            assert server.match.seed == seed and server.phase == PLAYING
    finally:
        await host.close()
        await server.close()


async def test_a_dropped_players_countdown_runs_on_the_servers_clock():
    now = [1000.0]
    server, host = await room(clock=lambda: now[0], standin_after=30.0)
    bob = Listener(server, name="Bob")
    cy = Listener(server, name="Cy")
    try:
        await wait_for(lambda: server.dealt, what="the deal")
        await cy.close()  # dropped (no bye): the seat is kept, a countdown runs
        await wait_for(lambda: server.slots[2].conn is None)
        seats = server.seats_json()
        assert seats[2]["status"] == "away" and seats[2]["standin_in"] == 30.0
        assert "standin_in" not in seats[1]
        now[0] += 12.5
        assert server.seats_json()[2]["standin_in"] == 17.5
        update = bob.last("update")
        assert update["seats"][2]["standin_in"] == 30.0  # as the drop was told
        now[0] += 20.0
        assert server.seats_json()[2]["standin_in"] == 0.0
    finally:
        await bob.close()
        await host.close()
        await server.close()


async def test_the_log_says_when_a_stand_in_takes_over_and_when_the_player_is_back():
    server = await hosted_room("twenty-two", SEATS, standin_after=0.0)
    players = []
    for name, token in (("Ann", server.host_token), ("Bob", None), ("Cy", None)):
        p = ScriptedPlayer(server.address, name)
        p.client.token = token
        players.append(p.start())
    ann, bob, cy = players

    def news() -> list[str]:
        return [m["text"] for m in bob.messages if m["type"] == "news"]

    try:
        await wait_for(lambda: server.dealt, what="the deal")
        token = cy.client.token
        await cy.close(bye=False)
        await wait_for(lambda: "A medium bot now plays for Cy" in news(), what="the stand-in")
        back = ScriptedPlayer(server.address, "Cy")
        back.client.token = token
        back.start()
        said = "Cy is back, and takes their seat back from the stand-in"
        await wait_for(lambda: said in news() or server.match.is_over(), what="the return")
        assert said in news()
        await back.close()
    finally:
        await bob.close()
        await ann.close()
        await server.close()


async def end_game(server) -> None:
    """Play the game on the table out (the test's own moves, legal, for every seat)."""
    while not server.match.is_over():
        mover = server.match.to_move()
        server.apply(server.match.legal_actions(mover)[0], mover)


async def test_a_rematch_when_all_agree_has_a_new_commitment_salts_and_seed():
    server, host = await room()
    bob = Listener(server, name="Bob")
    cy = Listener(server, name="Cy")
    try:
        await wait_for(lambda: server.dealt, what="the deal")
        first_seed, first_commitment = server.match.seed, server.fair.commitment
        first_host = _seed(server)
        await end_game(server)
        assert server.phase == OVER
        await wait_for(lambda: all(c.client.fair_watch(0).problems == [] for c in (bob, cy)))
        assert server.fair.commitment != first_commitment
        # (the room after the game reaches the host's client in its own time)
        await wait_for(lambda: "rematch" in host.last("lobby"), what="the room after the game")
        lobby = host.last("lobby")
        assert lobby["rematch"] == {"agreed": [], "awaiting": [0, 1, 2]}
        assert lobby["fair"]["commitment"] == server.fair.commitment
        await bob.client.send("rematch", yes=True)
        await wait_for(lambda: "Bob wants a rematch" in cy.news())
        await wait_for(lambda: 1 in server.fair.salts, what="Bob's new salt")
        await wait_for(
            lambda: host.last("lobby")["rematch"]["awaiting"] == [0, 2], what="Bob's agreement"
        )
        second_host = _seed(server)
        await cy.client.send("rematch", yes=True)
        await host.client.send("rematch", yes=True)
        await wait_for(lambda: server.phase == PLAYING, what="the second deal")
        salts = {1: bob.client.fair_watch(1).my_salt, 2: cy.client.fair_watch(1).my_salt}
        assert salts[1] != bob.client.fair_watch(0).my_salt
        assert server.match.seed == deal_seed(second_host, salts) != first_seed
        assert commitment(second_host) == server.fair.commitment != first_commitment
        assert first_host != second_host
        await end_game(server)
        await wait_for(lambda: bob.client.fair_watch(1).problems == [], what="second check")
        # each game's record reaches each joiner, the rematch's too (issue 39, item 3)
        records = lambda who: [m["text"] for m in who.messages if m["type"] == "record"]  # noqa: E731
        for who in (bob, cy):
            await wait_for(lambda who=who: len(records(who)) == 2, what="both games' records")
            seeds = [parse(text).seed for text in records(who)]
            assert seeds == [first_seed, server.match.seed]
    finally:
        await cy.close()
        await bob.close()
        await host.close()
        await server.close()


async def test_one_declining_the_rematch_is_said_and_the_host_fills_the_seat_with_a_bot():
    server, host = await room()
    bob = Listener(server, name="Bob")
    cy = Listener(server, name="Cy")
    try:
        await wait_for(lambda: server.dealt, what="the deal")
        await end_game(server)
        await bob.client.send("rematch", yes=True)
        await cy.client.send("rematch", yes=False)
        await wait_for(lambda: "Cy declined the rematch and left" in bob.news())
        await wait_for(lambda: cy.client.ended is not None, what="Cy's table closing")
        assert cy.client.ended == "you declined the rematch"
        lobby = bob.last("lobby")
        assert lobby["seats"][2]["name"] == "West" and lobby["awaited"] == [2]
        await host.client.send("start", level="easy")
        await wait_for(lambda: server.phase == PLAYING, what="the rematch with a bot")
        assert [s.kind for s in server.match.seats] == ["human", "remote", "easy"]
        # the news reaches Bob's connection after the server has started (a loaded run
        # asserted before it arrived)
        said = "Ann started the game with an easy bot in seat 3"
        await wait_for(lambda: said in bob.news(), what="the news of the bot")
    finally:
        await bob.close()
        await host.close()
        await server.close()


async def test_the_room_keeps_the_tables_guards_secret_names_and_rate():
    """The waiting room admits as the table does (``test_hostile.py``): a wrong secret and
    a name that reads as a seated player's are refused, a flood of messages closes its
    connection, and nothing of the room changes."""
    server, host = await room(rate=5.0, burst=5.0)
    bob = Listener(server, name="Bob")
    try:
        await wait_for(lambda: 1 in server.fair.salts, what="Bob's salt")
        salts = dict(server.fair.salts)
        async with aiohttp.ClientSession() as session:
            wrong = await Raw.open(session, server)
            await wrong.send(P.encode("hello", secret="zzzz-zzzz", name="Eve"))
            await assert_closed_with(wrong, "wrong table secret", "a wrong secret")
            twin = await Raw.open(session, server)
            await twin.send(P.encode("hello", secret=server.secret, name="BOB"))
            why = "the name Bob is taken at this table: join with another --name"
            await assert_closed_with(twin, why, "a look-alike name")
            flood = await Raw.open(session, server, name="Cy")
            await flood.send(*[P.encode("hint")] * 20)
            await assert_closed_with(flood, "too many messages", "a flood")
        await wait_for(lambda: server.slots[2].conn is None)
        assert server.fair.salts == salts and not server.dealt
        assert [s.name for s in server.seats] == ["Ann", "Bob", "Cy"]  # Cy's seat kept
    finally:
        await bob.close()
        await host.close()
        await server.close()


async def test_the_record_keeps_the_revealed_seed_and_a_dropped_players_name(tmp_path):
    """The record is written at the end with the host's seed revealed and the names the game
    was played by, before a seat whose player left is freed for the next game."""
    from cardsuite.store import Store

    store = Store(tmp_path)
    server, host = await room(store=store, standin_after=0.0)
    bob = Listener(server, name="Bob")
    cy = Listener(server, name="Cy")
    try:
        await wait_for(lambda: server.dealt, what="the deal")
        host_seed = _seed(server)
        await cy.close()  # dropped: a stand-in would finish the game for Cy
        await wait_for(lambda: server.slots[2].conn is None)
        match = server.match
        await end_game(server)
        assert match.origin["fair"]["host_seed"] == host_seed
        assert [s.name for s in server.seats] == ["Ann", "Bob", "West"]  # free for another
        files = list(store.records_dir.glob("*.txt"))
        assert len(files) == 1
        text = files[0].read_text("utf-8")
        assert "Cy" in text and "West" not in text
    finally:
        await bob.close()
        await host.close()
        await server.close()


async def test_a_player_who_reconnects_mid_game_keeps_the_deals_account_and_salts_the_next():
    """The round number a client files its account of a deal under is the same in the room,
    at the deal and after a reconnection during the game: the verdict still covers its own
    salt, and the rematch's round is a new one it gives a new salt to."""
    server, host = await room()
    bob = Listener(server, name="Bob")
    cy = Listener(server, name="Cy")
    try:
        await wait_for(lambda: server.dealt, what="the deal")
        mine = bob.client.fair_watch(0).my_salt
        await bob.client.drop()
        await wait_for(lambda: bob.client.connections == 2 and bob.client.connected)
        assert bob.client.dealt_round == 0 and bob.client.fair_watch() is bob.client.fair[0]
        await end_game(server)
        await wait_for(lambda: bob.client.fair_watch(0).problems == [], what="Bob's check")
        assert mine in bob.client.fair_watch(0).salts.values()
        await bob.client.send("rematch", yes=True)
        await wait_for(lambda: 1 in server.fair.salts, what="Bob's salt for the rematch")
        assert server.fair.salts[1] == bob.client.fair[1].my_salt != mine
    finally:
        await cy.close()
        await bob.close()
        await host.close()
        await server.close()
