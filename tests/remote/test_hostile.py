"""Hostile input at a remote table (issue 15: "Hostile input: random bytes, oversized frames,
wrong secrets, another seat's actions, 10,000 fuzzed messages: the table plays on and the
server stays up").

Every attack is made at a Manni table with a game in progress, three scripted players seated
and held still (each plays only up to a given update number), over raw WebSocket connections
that send whatever they are given; the 10,000 fuzzed messages (deterministic mutations of
valid ones, from seeded ``random.Random``s) go to a table whose game runs meanwhile. After
each attack the tests check that

- the attacker heard why: an ``error`` message with the reason, then the close (or, for a
  frame over the size limit, aiohttp's own close with code 1009), where closing is the answer;
  an out-of-turn, stale or spectator's action is ``refused`` instead and the connection stays;
- nothing of the match changed (its state, its record, the version, the seats' names);
- the table still plays: the scripted players go on moving and hearing every update, none of
  them was refused anything or dropped;
- the server still admits a newcomer and serves it an update;
- nothing went wrong inside the server (no error logged: an exception in a handler would
  close the connection with no reason given).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import pytest
from aiohttp import WSCloseCode, WSMsgType
from remote_players import ScriptedPlayer, hosted, pick, wait_for
from remote_raw import Raw, assert_closed_with

from cardsuite.match import SeatSpec
from cardsuite.remote import protocol as P
from cardsuite.remote.client import TableClient
from cardsuite.remote.server import SeatAsk, TableServer

NAMES = ("Ann", "Bob", "Cy")
SEATS = [SeatSpec("remote", n) for n in NAMES]


# --- the honest side ---------------------------------------------------------------------


class Player(ScriptedPlayer):
    """A scripted player that moves at most once per update number (a seat's coming and
    going resends the same one) and only while the number is below ``until`` (so the table
    can be held still while it is attacked)."""

    def __init__(self, address: P.Address, name: str, *, seat: int | None = None) -> None:
        super().__init__(address, name)
        self.client.seat_wanted = seat
        self.until = 0.0
        self.acted: set[int] = set()

    def on_message(self, msg: dict[str, Any]) -> None:
        self.messages.append(msg)
        if msg["type"] == "refused":
            self.refusals.append(str(msg.get("reason")))
        if msg["type"] == "update":
            self.updates.append(msg)
            self._consider(msg)

    def _consider(self, update: dict[str, Any]) -> None:
        seq = update["seq"]
        if update["over"] or seq >= self.until or seq in self.acted:
            return
        if update["view"].get("to_move") != self.seat or not update["legal"]:
            return
        self.acted.add(seq)
        self.client.send_soon("act", action=pick(update["legal"], seq, self.seat), seq=seq)

    def play_to(self, until: float) -> None:
        self.until = until
        if self.updates:
            self._consider(self.updates[-1])

    @property
    def seqs(self) -> list[int]:
        return [u["seq"] for u in self.updates]


def snapshot(server: TableServer) -> tuple[Any, ...]:
    """Everything of the match a message could change."""
    m = server.match
    return (
        json.dumps(m.state.to_json(), sort_keys=True),
        list(m.record),
        server.version,
        [(s.kind, s.name) for s in m.seats],
    )


@dataclass
class Table:
    """A Manni table with a game under way and its scripted players, held still between
    ``play`` calls."""

    server: TableServer
    players: list[Player]

    @property
    def version(self) -> int:
        return self.server.version

    def player(self, seat: int) -> Player:
        return next(p for p in self.players if p.seat == seat)

    async def settle(self) -> None:
        """Wait until every player has heard the latest update."""
        await wait_for(
            lambda: all(p.updates and p.updates[-1]["seq"] == self.version for p in self.players),
            5,
            "every player to hear the latest update",
        )

    async def play(self, moves: int) -> None:
        """Let the players make ``moves`` moves (fewer if the game ends), then hold still."""
        target = self.version + moves
        for p in self.players:
            p.play_to(target)
        await wait_for(
            lambda: self.version >= target or self.server.match.is_over(), 10, "the moves"
        )
        await self.settle()

    async def play_until_turn(self, seat: int) -> None:
        while self.server.match.to_move() != seat:
            await self.play(1)

    def assert_honest_unharmed(self) -> None:
        for p in self.players:
            assert p.refusals == [], f"{p.client.name} was refused: {p.refusals}"
            assert p.client.connections == 1, f"{p.client.name} was dropped"
            assert p.client.connected, f"{p.client.name} is not connected ({p.client.status})"

    async def assert_plays_on(self, moves: int = 6) -> None:
        """(b) the table still plays: the moves are made, every player hears every one."""
        before = self.version
        await self.play(moves)
        assert self.version == before + moves
        for p in self.players:
            assert set(range(before, before + moves + 1)) <= set(p.seqs), p.client.name
            assert p.seqs[-1] == self.version
        self.assert_honest_unharmed()

    async def assert_admits(self) -> None:
        """(c) a newcomer (a spectator: the seats are taken) is welcomed and served."""
        got: list[dict[str, Any]] = []
        client = TableClient(self.server.address, name="Late", watch=True, on_message=got.append)
        task = asyncio.ensure_future(client.run())
        try:
            welcome = await client.wait_welcome(5)
            assert welcome["seat"] is None and welcome["game"] == "manni"
            await wait_for(
                lambda: any(m["type"] == "update" and m["seq"] == self.version for m in got),
                5,
                "the newcomer's update",
            )
        finally:
            await client.close()
            await asyncio.wait_for(task, 5)

    async def close(self) -> None:
        for p in self.players:
            with contextlib.suppress(Exception):
                await p.close(bye=False)
        await self.server.close()


async def open_table(seed: int = 7, moves: int = 6, **server_options: Any) -> Table:
    server = await hosted("manni", SEATS, seed=seed, variant="basic", **server_options)
    players = [Player(server.address, n, seat=i).start() for i, n in enumerate(NAMES)]
    table = Table(server, players)
    await wait_for(lambda: all(p.updates for p in players), 5, "the players to be seated")
    assert [p.seat for p in players] == [0, 1, 2]
    await table.play(moves)
    assert table.version == moves and not server.match.is_over()
    return table


@pytest.fixture
async def table():
    t = await open_table()
    try:
        yield t
    finally:
        await t.close()


@pytest.fixture
async def session():
    async with aiohttp.ClientSession() as s:
        yield s


@pytest.fixture(autouse=True)
def nothing_goes_wrong_inside(caplog: pytest.LogCaptureFixture):
    """An exception in the server's handler is logged by aiohttp (and closes the connection
    with no reason given): none may happen."""
    yield
    errors = [r for r in caplog.get_records("call") if r.levelname in ("ERROR", "CRITICAL")]
    assert not errors, "the server logged: " + "; ".join(r.getMessage() for r in errors)


# --- the hostile side --------------------------------------------------------------------


async def assert_cut_off(raw: Raw, what: str) -> None:
    """A frame over the size limit: aiohttp itself closes with 1009 (message too big), and
    a connection not yet welcomed never is."""
    greeted = raw.welcome is not None
    _, code = await raw.closed()
    assert code == WSCloseCode.MESSAGE_TOO_BIG, f"{what}: close code {code}"
    assert greeted or not any(m["type"] == "welcome" for m in raw.got), what


def noise(rng: random.Random, n: int) -> str:
    """``n`` random characters from all of Unicode (no lone surrogates: they are not UTF-8)."""
    out = []
    while len(out) < n:
        c = rng.randrange(0x110000)
        if not 0xD800 <= c <= 0xDFFF:
            out.append(chr(c))
    return "".join(out)


#: A spectator's hello fields (with the table's secret, added by ``Raw.open``).
WATCH: dict[str, Any] = {"watch": True, "name": "Mallory"}


# --- random bytes, random text, garbage below the WebSocket --------------------------------


async def test_random_bytes_and_text_close_only_that_connection(
    table: Table, session: aiohttp.ClientSession
) -> None:
    rng = random.Random(1501)
    before = snapshot(table.server)
    cases: list[tuple[str, bool, str | bytes, str]] = []
    for i in range(4):
        blob = rng.randbytes(rng.randrange(1, 4000))
        text = "~" + noise(rng, rng.randrange(1, 3000))  # "~" begins no JSON
        cases += [
            (f"binary #{i} first", False, blob, "a connection starts with a hello message"),
            (f"text #{i} first", False, text, "not JSON"),
            (f"binary #{i} after hello", True, blob, "messages are JSON text, not binary"),
            (f"text #{i} after hello", True, text, "not JSON"),
        ]
    cases += [
        ("empty text", True, "", "not JSON"),
        ("empty binary", True, b"", "messages are JSON text, not binary"),
        ("JSON as binary", True, P.encode("hint").encode(), "messages are JSON text, not binary"),
        ("an unended string", True, '"\\ud800', "not JSON"),
    ]
    for what, greeted, frame, reason in cases:
        raw = await Raw.open(session, table.server, **(WATCH if greeted else {}))
        await raw.send(frame)
        await assert_closed_with(raw, reason, what)
        assert snapshot(table.server) == before, what
    table.assert_honest_unharmed()
    await table.assert_plays_on()
    await table.assert_admits()


async def test_garbage_that_is_not_even_http_leaves_the_server_up(table: Table) -> None:
    rng = random.Random(1502)
    before = snapshot(table.server)
    for n in (1, 100, 5000):
        reader, writer = await asyncio.open_connection(table.server.host, table.server.port)
        writer.write(rng.randbytes(n) + b"\r\n\r\n")
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(), 5)  # the server answers and hangs up
        assert answer == b"" or re.match(rb"HTTP/1\.[01] 400 ", answer), answer[:80]
        writer.close()
    async with aiohttp.ClientSession() as s, s.get(table.server.address.url) as r:
        assert r.status == 400 and "cardsuite join" in await r.text()  # not a WebSocket
    assert snapshot(table.server) == before
    await table.assert_plays_on()
    await table.assert_admits()


# --- oversized frames ----------------------------------------------------------------------


def padded(text: str, size: int) -> str:
    """A JSON object's text blown up to ``size`` bytes with spaces (still the same object)."""
    return text[:-1] + " " * (size - len(text)) + "}"


async def test_oversized_frames_are_cut_off(table: Table, session: aiohttp.ClientSession) -> None:
    server = table.server
    before = snapshot(server)
    limit = P.MAX_CLIENT_BYTES
    hello = P.encode("hello", secret=server.secret, watch=True)
    for size in (limit + 1, 64 * 1024, 1024 * 1024):
        raw = await Raw.open(session, server)
        await raw.send(padded(hello, size))  # a good hello, but too big
        await assert_cut_off(raw, f"a {size}-byte hello")
        raw = await Raw.open(session, server, **WATCH)
        await raw.send(padded(P.encode("hint"), size))
        await assert_cut_off(raw, f"a {size}-byte message after hello")
        raw = await Raw.open(session, server, **WATCH)
        await raw.send(("x" * size).encode())
        await assert_cut_off(raw, f"a {size}-byte binary frame")
        assert snapshot(server) == before
    # the limit is the protocol's: a message of exactly MAX_CLIENT_BYTES is still read
    raw = await Raw.open(session, server)
    await raw.send(padded(hello, limit))
    assert (await raw.next("welcome"))["seat"] is None
    await raw.send(padded(P.encode("explain", action="x" * 4000), limit))
    refused = await raw.next("refused")  # a spectator's explain: read, and refused
    assert refused["reason"] == "a spectator does not play"
    await raw.close()
    # fields within the frame have their own limits
    for what, greeted, text, reason in [
        (
            "a 4001-character action",
            True,
            P.encode("act", action="x" * 4001, seq=0),
            "act: bad action",
        ),
        (
            "a 10,000-character explain",
            True,
            P.encode("explain", action="y" * 10_000),
            "explain: bad action",
        ),
        ("a 65-character secret", False, P.encode("hello", secret="s" * 65), "hello: bad secret"),
        (
            "a 10,000-character name",
            False,
            P.encode("hello", secret=server.secret, name="n" * 10_000),
            "hello: bad name",
        ),
    ]:
        raw = await Raw.open(session, server, **(WATCH if greeted else {}))
        await raw.send(text)
        await assert_closed_with(raw, reason, what)
    assert snapshot(server) == before
    await table.assert_plays_on()
    await table.assert_admits()


# --- malformed messages --------------------------------------------------------------------


def deep(n: int, inner: str = "0") -> str:
    return "[" * n + inner + "]" * n


#: (what, the message after a spectator's hello, the reason the connection is closed with)
MALFORMED: list[tuple[str, str, str]] = [
    ("an array", "[1, 2, 3]", "a message is a JSON object"),
    ("a string", '"hello"', "a message is a JSON object"),
    ("null", "null", "a message is a JSON object"),
    ("a number", "17", "a message is a JSON object"),
    ("truncated JSON", P.encode("act", action="pass", seq=6)[:-3], "not JSON"),
    ("single quotes", "{'v': 1, 'type': 'hint'}", "not JSON"),
    ("two objects", P.encode("hint") * 2, "not JSON"),
    ("no version", '{"type": "hint"}', "protocol version None; this table speaks 1"),
    ("version 2", '{"v": 2, "type": "hint"}', "protocol version 2; this table speaks 1"),
    ("version as text", '{"v": "1", "type": "hint"}', "protocol version '1'; this table speaks 1"),
    ("version 1e999", '{"v": 1e999, "type": "hint"}', "protocol version inf; this table speaks 1"),
    ("version NaN", '{"v": NaN, "type": "hint"}', "protocol version nan; this table speaks 1"),
    ("no type", '{"v": 1}', "unknown message type None"),
    ("an unknown type", '{"v": 1, "type": "deal"}', "unknown message type 'deal'"),
    ("a server's type", '{"v": 1, "type": "update"}', "unknown message type 'update'"),
    ("a numeric type", '{"v": 1, "type": 7}', "unknown message type 7"),
    ("a list as type", '{"v": 1, "type": ["act"]}', "unknown message type ['act']"),
    ("act without action", '{"v": 1, "type": "act", "seq": 6}', "act: action is missing"),
    ("act without seq", '{"v": 1, "type": "act", "action": "pass"}', "act: seq is missing"),
    ("a numeric action", '{"v": 1, "type": "act", "action": 7, "seq": 6}', "act: bad action"),
    ("a null action", '{"v": 1, "type": "act", "action": null, "seq": 6}', "act: bad action"),
    ("seq as text", '{"v": 1, "type": "act", "action": "pass", "seq": "6"}', "act: bad seq"),
    ("seq true", '{"v": 1, "type": "act", "action": "pass", "seq": true}', "act: bad seq"),
    ("seq 6.0", '{"v": 1, "type": "act", "action": "pass", "seq": 6.0}', "act: bad seq"),
    ("seq -1", '{"v": 1, "type": "act", "action": "pass", "seq": -1}', "act: bad seq"),
    ("seq 2**53 + 1", P.encode("act", action="pass", seq=2**53 + 1), "act: bad seq"),
    ("seq 1e999", '{"v": 1, "type": "act", "action": "pass", "seq": 1e999}', "act: bad seq"),
    ("seq NaN", '{"v": 1, "type": "act", "action": "pass", "seq": NaN}', "act: bad seq"),
    (
        "an act naming a seat",
        P.encode("act", action="pass", seq=6, seat=0),
        "act: unknown field 'seat'",
    ),
    ("hint with a field", P.encode("hint", seat=1), "hint: unknown field 'seat'"),
    ("bye with a field", P.encode("bye", now=True), "bye: unknown field 'now'"),
    ("explain without action", P.encode("explain"), "explain: action is missing"),
    ("pong without id", P.encode("pong", c1=1.0, c2=1.0), "pong: id is missing"),
    ("pong c1 1e999", '{"v": 1, "type": "pong", "id": 1, "c1": 1e999, "c2": 0}', "pong: bad c1"),
    ("pong c1 -1e999", '{"v": 1, "type": "pong", "id": 1, "c1": -1e999, "c2": 0}', "pong: bad c1"),
    ("pong c2 NaN", '{"v": 1, "type": "pong", "id": 1, "c1": 0, "c2": NaN}', "pong: bad c2"),
    (
        "pong c1 Infinity",
        '{"v": 1, "type": "pong", "id": 1, "c1": Infinity, "c2": 0}',
        "pong: bad c1",
    ),
    ("pong c1 1e300", '{"v": 1, "type": "pong", "id": 1, "c1": 1e300, "c2": 0}', "pong: bad c1"),
    ("pong id 1.5", '{"v": 1, "type": "pong", "id": 1.5, "c1": 0, "c2": 0}', "pong: bad id"),
    ("seen card -1", P.encode("seen", card=-1, at=0.0), "seen: bad card"),
    ("press kind grab", P.encode("press", kind="grab", at=0.0, card=1), "press: bad kind"),
    (
        "a 5000-digit seq",
        '{"v":1,"type":"act","action":"pass","seq":' + "9" * 5000 + "}",
        "not JSON",
    ),
    ("a 5000-digit id", '{"v":1,"type":"pong","id":' + "1" * 5000 + ',"c1":0,"c2":0}', "not JSON"),
    (
        "1e-5000 (a good 0.0) and a field",
        '{"v":1,"type":"pong","id":1,"c1":1e-5000,"c2":0,"x":0}',
        "pong: unknown field 'x'",
    ),
    (
        "a second hello",
        P.encode("hello", secret="", watch=True),
        "already seated: one hello per connection",
    ),
    # a lone surrogate (JSON can spell it, UTF-8 cannot carry it) is no text: a bad field
    ("an action of a lone surrogate", P.encode("act", action="\ud800", seq=6), "act: bad action"),
    (
        "a low surrogate in an action",
        P.encode("act", action="play \udc00", seq=6),
        "act: bad action",
    ),
    ("an explain's lone surrogate", P.encode("explain", action="x\udbff"), "explain: bad action"),
    (
        "a press key's lone surrogate",
        P.encode("press", kind="snap", at=0.0, card=1, key="\udfff"),
        "press: bad key",
    ),
]


async def test_malformed_messages_close_the_connection_with_the_reason(
    table: Table, session: aiohttp.ClientSession
) -> None:
    before = snapshot(table.server)
    for what, text, reason in MALFORMED:
        raw = await Raw.open(session, table.server, **WATCH)
        await raw.send(text)
        await assert_closed_with(raw, reason, what)
        assert snapshot(table.server) == before, what
    table.assert_honest_unharmed()
    await table.assert_plays_on()
    await table.assert_admits()


async def test_deep_nesting_and_huge_numbers(table: Table, session: aiohttp.ClientSession) -> None:
    server = table.server
    before = snapshot(server)
    # 10,000 deep is 20,000 bytes: over the limit before anything reads it
    raw = await Raw.open(session, server, **WATCH)
    await raw.send(deep(10_000))
    await assert_cut_off(raw, "10,000 nested arrays")
    for what, text, reason in [
        ("8,000 nested arrays", deep(8_000), "not JSON"),
        ("5,000 nested objects", '{"a":' * 2_700 + "0" + "}" * 2_700, "not JSON"),
        (
            "an action 5,000 deep",
            P.encode("explain", action="")[:-3] + deep(5_000) + "}",
            "not JSON",
        ),
        (
            "an action 100 deep",
            P.encode("explain", action="")[:-3] + deep(100) + "}",
            "explain: bad action",
        ),
        ("a seq 4,000 digits long", P.encode("act", action="pass", seq=10**3999), "act: bad seq"),
    ]:
        for greeted in (False, True):
            raw = await Raw.open(session, server, **(WATCH if greeted else {}))
            await raw.send(text)  # before a hello too: what is not a message is said first
            await assert_closed_with(raw, reason, f"{what} ({'after' if greeted else 'as'} hello)")
            assert snapshot(server) == before, what
    # and in a hello itself
    for what, hello, reason in [
        (
            "a 5000-digit seat",
            '{"v":1,"type":"hello","secret":"x","seat":' + "9" * 5000 + "}",
            "not JSON",
        ),
        ("seat 1e999", '{"v":1,"type":"hello","secret":"x","seat":1e999}', "hello: bad seat"),
        ("a NaN secret", '{"v":1,"type":"hello","secret":NaN}', "hello: bad secret"),
        (
            "a deep name",
            '{"v":1,"type":"hello","secret":"x","name":' + deep(3000) + "}",
            "not JSON",
        ),
    ]:
        raw = await Raw.open(session, server)
        await raw.send(hello)
        await assert_closed_with(raw, reason, what)
    assert snapshot(server) == before
    table.assert_honest_unharmed()
    await table.assert_plays_on()
    await table.assert_admits()


# --- hello: too late, wrong, twice -----------------------------------------------------------


async def test_no_hello_in_time(
    table: Table, session: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(P, "HELLO_TIMEOUT", 0.3)  # the server reads it at each connection
    before = snapshot(table.server)
    silent = await Raw.open(session, table.server)
    # a WebSocket ping is answered by aiohttp below the server: it must not buy time
    pinging = await session.ws_connect(table.server.address.url, autoping=False)
    pinger = Raw(pinging)
    started = time.monotonic()

    async def keep_pinging() -> None:
        while not pinging.closed:
            with contextlib.suppress(ConnectionResetError):
                await pinging.ping()
            await asyncio.sleep(0.05)

    ping_task = asyncio.ensure_future(keep_pinging())
    try:
        await assert_closed_with(silent, "no hello in time", "a silent connection")
        why, code = await pinger.closed()
        took = time.monotonic() - started
        assert (why, code) == ("no hello in time", WSCloseCode.POLICY_VIOLATION), "pinging"
        assert took < 2.0, f"the pinging connection was closed after {took:.2f} s"
    finally:
        ping_task.cancel()
    assert snapshot(table.server) == before
    # a hello within the (patched) time still gets in
    raw = await Raw.open(session, table.server)
    await asyncio.sleep(0.1)
    await raw.send(P.encode("hello", secret=table.server.secret, watch=True))
    assert (await raw.next("welcome"))["seat"] is None
    await raw.close()
    await table.assert_plays_on()
    await table.assert_admits()


async def test_wrong_secrets_bad_seats_and_a_second_hello(
    table: Table, session: aiohttp.ClientSession
) -> None:
    server = table.server
    secret = server.secret
    before = snapshot(server)
    wrong = "wrong table secret"
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("an empty secret", {"secret": ""}, wrong),
        ("a made-up secret", {"secret": "aaaa-aaaa"}, wrong),
        ("the secret in capitals", {"secret": secret.upper()}, wrong),
        ("the secret but its last letter", {"secret": secret[:-1]}, wrong),
        ("the secret and a space", {"secret": secret + " "}, wrong),
        ("a wrong secret to watch", {"secret": secret[::-1], "watch": True}, wrong),
        ("a wrong secret with a seat", {"secret": "x", "seat": 0}, wrong),
        ("no secret", {"name": "Eve"}, "hello: secret is missing"),
        ("a numeric secret", {"secret": 1234}, "hello: bad secret"),
        ("a seat as text", {"secret": secret, "seat": "1"}, "hello: bad seat"),
        ("seat -1", {"secret": secret, "seat": -1}, "hello: bad seat"),
        ("seat true", {"secret": secret, "seat": True}, "hello: bad seat"),
        ("watch as text", {"secret": secret, "watch": "yes"}, "hello: bad watch"),
        ("a taken seat", {"secret": secret, "seat": 0}, "seat 1 is not free"),
        ("a seat not there", {"secret": secret, "seat": 63}, "there is no seat 64 (seats 1 to 3)"),
        (
            "a full table",
            {"secret": secret, "name": "Eve"},
            "the table is full: join with --watch to look on",
        ),
        (
            "a made-up token",
            {"secret": secret, "token": "x" * 24},
            "that seat's token is not known here (the table may have restarted)",
        ),
        ("a token and a wrong secret", {"secret": "x", "token": "x"}, wrong),
        # issue 33 #2: a lone surrogate raised UnicodeEncodeError in the secret's comparison
        ("a lone surrogate as secret", {"secret": "\ud800"}, "hello: bad secret"),
        ("the secret and a surrogate", {"secret": secret + "\udfff"}, "hello: bad secret"),
        ("a surrogate in the name", {"secret": secret, "name": "A\ud800"}, "hello: bad name"),
        ("a surrogate as token", {"secret": secret, "token": "\udc80"}, "hello: bad token"),
        ("a secret that is not ASCII", {"secret": "ñ" + secret[1:]}, wrong),
        (
            "a token that is not ASCII",
            {"secret": secret, "token": "ñ" * 24},
            "that seat's token is not known here (the table may have restarted)",
        ),
    ]
    for what, hello, reason in cases:
        raw = await Raw.open(session, server)
        await raw.send(P.encode("hello", **hello))
        await assert_closed_with(raw, reason, what)
        assert not any(m["type"] == "welcome" for m in raw.got), what
        assert snapshot(server) == before, what
    # a first message that is not a hello
    for kind, fields in [("act", {"action": "pass", "seq": 6}), ("hint", {}), ("bye", {})]:
        raw = await Raw.open(session, server)
        await raw.send(P.encode(kind, **fields))
        await assert_closed_with(raw, "a connection starts with a hello message", kind)
    # a second hello, from a spectator and from a seated player
    raw = await Raw.open(session, server, **WATCH)
    await raw.send(P.encode("hello", secret=secret, watch=True))
    await assert_closed_with(raw, "already seated: one hello per connection", "spectator")
    raw = await take_seat(table, session, 2)
    await raw.send(P.encode("hello", secret=secret, token=raw.token))
    await assert_closed_with(raw, "already seated: one hello per connection", "seated")
    assert snapshot(server) == before
    await give_back(table, raw, 2)
    await table.assert_plays_on()
    await table.assert_admits()


# --- another seat's actions, a spectator's, a stale one --------------------------------------


async def take_seat(table: Table, session: aiohttp.ClientSession, seat: int) -> Raw:
    """The seat's player steps away and a raw connection takes the seat with its token."""
    p = table.player(seat)
    token = p.client.token
    await p.close(bye=False)
    table.players.remove(p)
    raw = await Raw.open(session, table.server, token=token)
    assert raw.welcome is not None and raw.welcome["seat"] == seat
    raw.token = token
    await raw.next("update")
    return raw


async def give_back(table: Table, raw: Raw, seat: int) -> None:
    await raw.close()
    assert raw.token is not None
    await come_back(table, seat, raw.token)


async def come_back(table: Table, seat: int, token: str) -> None:
    """The seat's player sits down again with the seat's token."""
    p = Player(table.server.address, NAMES[seat])
    p.client.token = token
    table.players.insert(seat, p.start())
    await wait_for(lambda: p.seat == seat and p.updates, 5, "the player to be back")
    await table.settle()


async def drop(table: Table, seat: int) -> str:
    """The seat's player drops without a goodbye (the seat is kept): the seat's token."""
    p = table.player(seat)
    token = p.client.token
    assert token is not None
    await p.close(bye=False)
    table.players.remove(p)
    await wait_for(lambda: table.server.slots[seat].conn is None, 5, "the seat to be left")
    return token


async def test_another_seats_turn_is_refused_and_the_connection_stays(
    table: Table, session: aiohttp.ClientSession
) -> None:
    server = table.server
    await table.play_until_turn(0)
    raw = await take_seat(table, session, 2)
    before = snapshot(server)
    mover = table.player(0)
    legal = mover.updates[-1]["legal"]
    for action in legal[:3]:  # the mover's own legal moves, with the right seq
        reason = await raw.refused(action, server.version)
        assert reason == "it is not your turn (waiting for seat 1)"
    await raw.send(P.encode("hint"))
    hint = await raw.next("hint")
    assert hint["action"] is None and hint["reason"] == "a hint is for your own turn"
    await raw.send(P.encode("seen", card=3, at=1.0))
    assert (await raw.next("refused"))["reason"] == "this game has no snap"
    await raw.send(P.encode("explain", action=legal[0]))
    explained = await raw.next("explained")  # still served: the composer's answer comes
    assert explained["reason"] == "it is not your turn (waiting for seat 1)"
    assert snapshot(server) == before
    # a spectator cannot play either, and stays
    spectator = await Raw.open(session, server, **WATCH)
    for kind, fields in [("act", {"action": legal[0], "seq": server.version}), ("hint", {})]:
        await spectator.send(P.encode(kind, **fields))
        assert (await spectator.next("refused"))["reason"] == "a spectator does not play"
    assert snapshot(server) == before
    assert not raw.ws.closed and not spectator.ws.closed
    # the table moves on; both still hear it
    mover.play_to(server.version + 1)
    await wait_for(lambda: server.version == before[2] + 1, 5, "Ann's move")
    assert (await raw.next("update"))["seq"] == server.version
    assert (await spectator.next("update"))["seq"] == server.version
    await spectator.close()
    await give_back(table, raw, 2)
    await table.assert_plays_on()
    await table.assert_admits()


async def test_stale_and_illegal_actions_are_refused_on_ones_own_turn(
    table: Table, session: aiohttp.ClientSession
) -> None:
    server = table.server
    await table.play_until_turn(2)
    raw = await take_seat(table, session, 2)
    update = raw.got[-1]
    assert update["type"] == "update" and update["seq"] == server.version and update["legal"]
    action = update["legal"][0]
    before = snapshot(server)
    stale = "the table moved on before that arrived: look again"
    for seq in (server.version - 1, 0, server.version + 1, 2**53):
        assert await raw.refused(action, seq) == stale, seq
    for text, reason in [
        ("play 2Z", "not a card: '2Z' (ranks A 2-10 J Q K, suits S H D C, joker JK)"),
        (
            "x" * 4000,
            re.compile(r"unknown action 'x+"),
        ),
        ("\x00\u202e", re.compile(r"unknown action .*; use swap, keep, contract .*")),
    ]:
        got = await raw.refused(text, server.version)
        if isinstance(reason, str):
            assert got == reason
        else:
            assert reason.match(got), got
    assert snapshot(server) == before
    assert not raw.ws.closed
    # the same connection, the right seq: taken
    await raw.send(P.encode("act", action=action, seq=server.version))
    assert (await raw.next("update"))["seq"] == before[2] + 1
    assert server.match.record[-1].seat == 2 and server.match.record[-1].text == action
    await give_back(table, raw, 2)
    await table.assert_plays_on()
    await table.assert_admits()


async def test_a_hint_is_thought_on_a_copy_made_on_the_tables_loop(
    table: Table, session: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The hint's bot thinks in a thread. Its copy of the state was made there too, while
    # the loop could be applying a move: the fuzz test once caught the bot crashing on a
    # half-made copy. The copy is made on the loop, before the thread starts.
    server = table.server
    await table.play_until_turn(2)
    raw = await take_seat(table, session, 2)
    state = server.match.state
    copied_on: list[threading.Thread] = []
    real_clone = state.clone

    def clone() -> Any:
        copied_on.append(threading.current_thread())
        return real_clone()

    monkeypatch.setattr(state, "clone", clone)
    await raw.send(P.encode("hint"))
    hint = await raw.next("hint")
    legal = next(m["legal"] for m in reversed(raw.got) if m["type"] == "update")
    assert hint["action"] in legal
    assert copied_on and all(t is threading.main_thread() for t in copied_on), copied_on
    monkeypatch.undo()
    await give_back(table, raw, 2)
    await table.assert_plays_on()


async def test_a_stand_in_does_not_move_for_a_player_who_is_back() -> None:
    # A hostile client may come and go from its seat at will; when it comes back while the
    # stand-in bot is thinking for it, the seat is its own again (the update it was sent
    # asks it to move): the stand-in's move is not made.
    pace = 0.6
    server = await hosted(
        "manni", SEATS, seed=7, variant="basic", standin_after=0.0, bot_delay=pace
    )
    cy = Player(server.address, "Cy", seat=2)
    try:
        loop = asyncio.get_running_loop()
        assert server.match.to_move() == 2
        await wait_for(lambda: server.slots[2].standin is not None, 5, "the stand-in")
        since = loop.time()  # the stand-in for the empty seat 3 is thinking, then waits
        cy.start()
        await wait_for(lambda: cy.updates, 5, "Cy's welcome")
        assert loop.time() - since < pace, "Cy came back too late for this test to tell"
        assert cy.updates[-1]["seq"] == 0 and cy.updates[-1]["view"]["to_move"] == 2
        await asyncio.sleep(since + pace + 0.2 - loop.time())  # the stand-in's pace is over
        assert server.version == 0 and server.match.record == []
        cy.play_to(1)
        await wait_for(lambda: server.version == 1, 5, "Cy's move")
        assert cy.refusals == [] and server.match.record[0].seat == 2
    finally:
        await cy.close(bye=False)
        await server.close()


# --- a seat is its token's, never a name's (issue 33 #1) --------------------------------------


async def knock(session: aiohttp.ClientSession, server: TableServer, **hello: Any) -> Raw:
    """A raw connection that has said hello with the table's secret (not yet answered)."""
    raw = await Raw.open(session, server)
    await raw.send(P.encode("hello", secret=server.secret, **hello))
    return raw


def heard_nothing_of(raw: Raw, token: str, *kinds: str) -> None:
    """``raw`` got only messages of ``kinds`` (no welcome, no update: no hand), and the
    seat's token in none of them."""
    assert [m["type"] for m in raw.got] == list(kinds), raw.got
    assert token not in json.dumps(raw.got)


#: Ways to say Cy's name that read as Cy's (case, full-width, look-alike letters of other
#: scripts, an invisible character), and asking for her seat by its number.
CY_AGAIN: list[tuple[str, dict[str, Any]]] = [
    ("her name", {"name": "Cy"}),
    ("in capitals", {"name": "CY"}),
    ("small", {"name": "cy"}),
    ("with a Cyrillic С", {"name": "Сy"}),
    ("with a Greek Upsilon", {"name": "CΥ"}),
    ("full-width", {"name": "Ｃｙ"}),
    ("with a variation selector", {"name": "Cy\ufe0f"}),
    ("with spaces around", {"name": "  cy "}),
    ("her seat's number", {"seat": 2}),
    ("her seat's number and another name", {"seat": 2, "name": "Mallory"}),
]


async def test_a_dropped_seat_is_given_back_to_its_token_never_to_its_name(
    table: Table, session: aiohttp.ClientSession
) -> None:
    # issue 33 #1: Cy drops without a goodbye; anyone with the secret who says hello as
    # "CY" was given her seat, her hand and her token. With no host to ask (a table server
    # on its own), every such hello is refused, with the reason, and hears nothing else.
    server = table.server
    token = await drop(table, 2)
    before = snapshot(server)
    kept = (
        "Cy's seat is kept for its player: only their own cardsuite (which keeps its key)"
        " takes it back"
    )
    for what, hello in CY_AGAIN:
        raw = await knock(session, server, **hello)
        await assert_closed_with(raw, kept, what)
        heard_nothing_of(raw, token, "error")
        assert snapshot(server) == before, what
        assert server.slots[2].dropped and server.slots[2].token == token, what
    # the seat is still hers: her token takes it back, and the table plays on
    await come_back(table, 2, token)
    assert table.player(2).client.token == token
    await table.assert_plays_on()
    await table.assert_admits()


async def test_names_that_read_as_a_seated_players_are_taken(
    table: Table, session: aiohttp.ClientSession
) -> None:
    server = table.server
    before = snapshot(server)
    for name, owner in [
        ("ANN", "Ann"),
        ("Аnn", "Ann"),  # a Cyrillic A
        ("ΑΝΝ", "Ann"),  # Greek Alpha and Nu
        ("Ａｎｎ", "Ann"),  # full-width
        ("an\u034fn", "Ann"),  # a combining grapheme joiner, which draws nothing
        ("Bοb", "Bob"),  # a Greek omicron
        ("B\u200bob", "Bob"),  # a zero-width space
    ]:
        for extra in ({}, {"seat": 2}):  # by name, and with a seat asked for
            raw = await knock(session, server, name=name, **extra)
            taken = f"the name {owner} is taken at this table: join with another --name"
            await assert_closed_with(raw, taken, f"{name!r} {extra}")
            assert [m["type"] for m in raw.got] == ["error"]
    assert snapshot(server) == before
    table.assert_honest_unharmed()
    await table.assert_plays_on()


async def test_the_host_is_asked_and_only_its_yes_gives_the_seat_with_a_new_token(
    table: Table, session: aiohttp.ClientSession
) -> None:
    server = table.server
    asks: list[SeatAsk] = []
    server.on_ask = asks.append  # (the host's table shows a dialog: tests/ui)
    token = await drop(table, 2)
    before = snapshot(server)
    kept = "Cy's seat is kept for its player"
    # a hello as "cy" waits while the host is asked; a second asker meanwhile is refused
    thief = await knock(session, server, name="cy")
    assert (await thief.next("asking"))["reason"] == f"{kept}: asking the host to let you in"
    await wait_for(lambda: len(asks) == 1, 5, "the host's question")
    ask = asks[0]
    assert (ask.seat, ask.name, ask.held_by, ask.done) == (2, "cy", "Cy", False)
    assert "'cy' asks for Cy's seat" in ask.question and "see that seat's cards" in ask.question
    second = await knock(session, server, seat=2, name="Eve")
    await assert_closed_with(
        second, f"{kept}, and someone is already asking the host for it", "2nd"
    )
    # the host says no: refused, and nothing of the seat was heard
    assert ask.answer(False)
    await assert_closed_with(thief, "the host did not let you into Cy's seat", "refused")
    heard_nothing_of(thief, token, "asking", "error")
    assert not ask.answer(True)  # (an answer after the end changes nothing)
    # asking again at once is refused without troubling the host
    again = await knock(session, server, name="CY")
    await assert_closed_with(
        again, f"{kept}, and the host has just refused it to someone: try again later", "again"
    )
    assert len(asks) == 1 and snapshot(server) == before
    server._refused_at.clear()  # (the time is over)
    # an asker who leaves before the answer withdraws the ask
    leaver = await knock(session, server, name="Cy")
    await leaver.next("asking")
    await leaver.close()
    await wait_for(lambda: len(asks) == 2 and asks[1].done, 5, "the ask to end")
    assert asks[1].why == "they stopped asking" and not asks[1].answer(True)
    assert server.slots[2].dropped and server.slots[2].token == token
    # Cy herself comes back (her token) while someone is asking: the asker is refused
    asker = await knock(session, server, name="Cy")
    await asker.next("asking")
    await wait_for(lambda: len(asks) == 3, 5, "the third question")
    await come_back(table, 2, token)
    await assert_closed_with(asker, "Cy came back to their seat", "Cy is back")
    heard_nothing_of(asker, token, "asking", "error")
    assert asks[2].done and not asks[2].answer(True)
    # she drops again; Dee asks for seat 3 and the host says yes: the seat is Dee's, with
    # a new token, and Cy's old one no longer counts
    token = await drop(table, 2)
    dee = await knock(session, server, seat=2, name="Dee")
    await dee.next("asking")
    await wait_for(lambda: len(asks) == 4, 5, "the fourth question")
    assert asks[3].answer(True)
    welcome = await dee.next("welcome")
    assert welcome["seat"] == 2 and welcome["token"] and welcome["token"] != token
    assert token not in json.dumps(dee.got)
    update = await dee.next("update")
    assert update["view"]["hand"] == server.match.state.view(2)["hand"]
    assert server.match.seats[2].name == "Dee" and server.slots[2].token == welcome["token"]
    old = await knock(session, server, token=token)
    await assert_closed_with(old, "the host gave your seat to another player", "the old token")
    heard_nothing_of(old, welcome["token"], "error")
    # Dee plays the seat on (as the table's third player), the table with her
    dee.token = welcome["token"]
    await give_back(table, dee, 2)
    await table.assert_plays_on()
    await table.assert_admits()


async def test_a_host_who_does_not_answer_in_time_lets_nobody_in(
    table: Table, session: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(P, "ASK_TIMEOUT", 0.3)
    server = table.server
    asks: list[SeatAsk] = []
    server.on_ask = asks.append
    token = await drop(table, 2)
    raw = await knock(session, server, name="cy")
    await assert_closed_with(raw, "the host did not answer in time", "no answer")
    heard_nothing_of(raw, token, "asking", "error")
    assert asks[0].done and not asks[0].answer(True)
    assert server.slots[2].dropped and server.slots[2].token == token and not server.asks
    await come_back(table, 2, token)
    await table.assert_plays_on()


async def test_the_spectators_a_table_takes_are_capped(
    table: Table, session: aiohttp.ClientSession
) -> None:
    server = table.server
    server.max_watchers = 2
    watchers = [await Raw.open(session, server, **WATCH) for _ in range(2)]
    late = await knock(session, server, watch=True, name="Trudy")
    await assert_closed_with(late, "the table has all the spectators it takes (2)", "a third")
    # the host's own client, looking on with the host's token, is never turned away
    host = await Raw.open(session, server, watch=True, token=server.host_token)
    assert host.welcome is not None and host.welcome["seat"] is None
    await watchers[0].close()
    await wait_for(lambda: sum(c.seat is None for c in server.conns) == 2, 5, "one to leave")
    again = await Raw.open(session, server, **WATCH)  # a place is free again
    assert again.welcome is not None
    for raw in (watchers[1], host, again):
        await raw.close()
    await table.assert_plays_on()


# --- 10,000 fuzzed messages ------------------------------------------------------------------

FUZZ_SEED = 15
FUZZ_MESSAGES = 10_000
FUZZ_CONNECTIONS_AT_ONCE = 4
#: Ann and Bob may move once more for every this many fuzzed messages.
FUZZ_PER_MOVE = 100

#: Every reason a fuzzed connection may be closed with; anything else is a finding.
FUZZ_REASONS = re.compile(
    r"not JSON|a message is a JSON object|messages are JSON text, not binary"
    r"|protocol version .*; this table speaks 1|unknown message type .*"
    r"|(hello|act|hint|explain|pong|seen|press|bye): (\w+ is missing|bad \w+|unknown field .*)"
    r"|too many messages|goodbye|already seated: one hello per connection"
    r"|a connection starts with a hello message|wrong table secret"
    r"|the table is full: join with --watch to look on|seat \d+ is not free"
    r"|there is no seat \d+ \(seats 1 to 3\)|replaced by a new connection"
    r"|that seat's token is not known here \(the table may have restarted\)"
    r"|.*'s seat is kept for its player: only their own cardsuite \(which keeps its key\)"
    r" takes it back|the name .* is taken at this table: join with another --name",
    re.DOTALL,
)


@dataclass
class FuzzContext:
    """What the fuzzers know of the table (from what it sent them): the latest update
    number, the hostile seat's legal moves and its token."""

    secret: str
    seq: int = 0
    legal: list[str] = field(default_factory=list)
    token: str | None = None
    sent: int = 0
    connections: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    versions: list[int] = field(default_factory=list)


def fuzz_value(rng: random.Random, depth: int = 0) -> Any:
    """A value of a random type."""
    r = rng.randrange(12 if depth < 2 else 9)
    if r == 0:
        return None
    if r == 1:
        return rng.random() < 0.5
    if r == 2:
        return rng.randrange(-5, 70)
    if r == 3:
        return rng.choice([-1, 1]) * rng.randrange(2 ** rng.randrange(1, 200))
    if r == 4:
        return rng.choice([0.5, -0.0, 1e308, -1e308, 5e-324, 1e12, 2.0**53, rng.random()])
    if r == 5:
        return noise(rng, rng.randrange(0, 20))
    if r == 6:
        return noise(rng, rng.randrange(20, 5000))
    if r == 7:
        return rng.choice(["", "pass", "keep", "swap", "play AS", "hello", "act", "x" * 65])
    if r == 8:
        return "".join(rng.choice("abcdefghjkmnpqrstuvwxyz23456789-") for _ in range(9))
    if r == 9:
        return [fuzz_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if r == 10:
        return {noise(rng, 3): fuzz_value(rng, depth + 1) for _ in range(rng.randrange(4))}
    return deep(rng.randrange(1, 50))


KINDS = ["hello", "act", "hint", "explain", "pong", "seen", "press", "bye"]


def valid_message(rng: random.Random, ctx: FuzzContext, kind: str) -> dict[str, Any]:
    """A well-formed message of ``kind``, its fields drawn from what the table offers."""
    legal = ctx.legal or ["pass"]
    if kind == "hello":
        msg: dict[str, Any] = {"secret": ctx.secret}
        if rng.random() < 0.5:
            msg["name"] = noise(rng, rng.randrange(0, 30))
        if rng.random() < 0.3:
            msg["seat"] = rng.randrange(4)
        if rng.random() < 0.3:
            msg["watch"] = rng.random() < 0.5
        if ctx.token and rng.random() < 0.5:
            msg["token"] = ctx.token
        return msg
    if kind == "act":
        action = rng.choice(legal) if rng.random() < 0.7 else noise(rng, rng.randrange(1, 40))
        seq = ctx.seq if rng.random() < 0.7 else rng.randrange(2**53)
        return {"action": action, "seq": seq}
    if kind == "explain":
        return {"action": rng.choice([*legal, noise(rng, rng.randrange(1, 300))])}
    if kind == "pong":
        t = rng.uniform(0, 1e6)
        return {"id": rng.randrange(2**20), "c1": t, "c2": t + rng.random()}
    if kind == "seen":
        return {"card": rng.randrange(60), "at": rng.uniform(0, 1e6)}
    if kind == "press":
        return {"kind": rng.choice(["turn", "snap"]), "at": rng.random(), "card": 1, "key": " "}
    return {}


def fuzzed(rng: random.Random, ctx: FuzzContext, kind: str) -> str | bytes:
    """A mutation of a valid message of ``kind``: as it is, a field given a value of a
    random type, a field taken away or added, another type, another version; or its text cut
    short, spliced with noise, wrapped, escaped oddly; or no message at all."""
    msg: dict[str, Any] = {"v": 1, "type": kind, **valid_message(rng, ctx, kind)}
    r = rng.random()
    if r < 0.30:
        pass  # as it is (most are still refused or ignored: a stale seq, another seat's turn)
    elif r < 0.45:
        msg[rng.choice(list(msg))] = fuzz_value(rng)
    elif r < 0.50:
        del msg[rng.choice(list(msg))]
    elif r < 0.55:
        msg[rng.choice(["seat", "extra", "", "v ", "Type", noise(rng, 5)])] = fuzz_value(rng)
    elif r < 0.60:
        msg["type"] = rng.choice([*KINDS, "update", "welcome", noise(rng, 6)])
    elif r < 0.62:
        msg["v"] = rng.choice([0, 2, "1", 1.5, None, True])
    text = json.dumps(msg, ensure_ascii=rng.random() < 0.5)
    r = rng.random()
    if r < 0.06:
        return text[: rng.randrange(len(text))]
    if r < 0.09:
        at = rng.randrange(len(text) + 1)
        return text[:at] + noise(rng, rng.randrange(1, 8)) + text[at:]
    if r < 0.11:
        return rng.choice(["[", '{"x":']) + text + rng.choice(["]", "}"])
    if r < 0.13:
        return re.sub(r"\d+(\.\d+)?", lambda _: rng.choice(["NaN", "1e999", "-Infinity"]), text)
    if r < 0.135:  # a number too long for Python to read (over 4300 digits)
        return re.sub(r"\d+", lambda _: "7" * rng.randrange(4000, 6000), text, count=1)
    if r < 0.14:
        return text.replace('"', '"\\ud800', 1)
    if r < 0.16:
        return noise(rng, rng.randrange(1, 200))
    if r < 0.17:
        return rng.randbytes(rng.randrange(0, 300))
    if r < 0.175:
        return text[:-1] + ',"pad":"' + "p" * rng.randrange(12_000, 20_000) + '"}'
    return text


def harmless(rng: random.Random, ctx: FuzzContext) -> str:
    """A well-formed message the table answers without closing: for a flood."""
    kind = rng.choice(["act", "explain", "pong"])
    return P.encode(kind, **valid_message(rng, ctx, kind))


async def fuzz_connection(
    session: aiohttp.ClientSession, url: str, rng: random.Random, ctx: FuzzContext
) -> None:
    """One connection: a hello (a fuzzed one now and then), then fuzzed messages (or, now
    and then, a flood of well-formed ones) in short bursts until the server closes it (a bad
    message, the rate limit) or the count is reached. How it ended goes into
    ``ctx.endings``."""
    ctx.connections += 1
    ctx.versions.append(ctx.seq)
    ws = await session.ws_connect(url)
    ended, welcomed = asyncio.Event(), asyncio.Event()
    mine: list[str | None] = [None]  # the seat's token this connection used or was given
    oversized = [False]  # a frame over the limit went out: aiohttp's 1009 may be the end

    async def reader() -> None:
        reason = None
        async for m in ws:
            if m.type != WSMsgType.TEXT:
                break
            msg = json.loads(m.data)
            kind = msg["type"]
            if kind == "error":
                reason = msg["reason"]
            elif kind == "welcome":
                if msg["seat"] is not None:
                    ctx.token = mine[0] = msg["token"]
                welcomed.set()
            elif kind == "update":
                ctx.seq = max(ctx.seq, msg["seq"])
                if msg["legal"]:
                    ctx.legal = msg["legal"]
        if reason is None and (oversized[0] or ws.close_code == WSCloseCode.MESSAGE_TOO_BIG):
            # aiohttp closes with 1009 itself; a client still writing then may see 1006
            reason = "message too big (1009)"
        gone = ("goodbye", "that seat's token is not known here (the table may have restarted)")
        if reason in gone and ctx.token == mine[0]:
            ctx.token = None  # the seat was given up (or taken by another): free again
        ended.set()
        ctx.endings[reason if reason is not None else f"no reason (close {ws.close_code})"] += 1

    async def send(frame: str | bytes) -> bool:
        if ended.is_set() or ws.closed or ctx.sent >= FUZZ_MESSAGES:
            return False
        size = len(frame) if isinstance(frame, bytes) else len(frame.encode())
        oversized[0] = oversized[0] or size > P.MAX_CLIENT_BYTES
        try:
            if isinstance(frame, bytes):
                await ws.send_bytes(frame)
            else:
                await ws.send_str(frame)
        except ConnectionResetError:  # the server has closed it
            return False
        ctx.sent += 1
        return True

    async def heard() -> None:  # the welcome, or the end
        waits = [asyncio.ensure_future(e.wait()) for e in (ended, welcomed)]
        await asyncio.wait(waits, timeout=5, return_when=asyncio.FIRST_COMPLETED)
        for w in waits:
            w.cancel()

    task = asyncio.ensure_future(reader())
    try:
        if rng.random() < 0.1:
            first = fuzzed(rng, ctx, "hello")
        else:
            hello: dict[str, Any] = {"secret": ctx.secret}
            if rng.random() < 0.5 and ctx.token:
                hello["token"] = mine[0] = ctx.token
            else:
                hello["watch"] = rng.random() < 0.6
            first = P.encode("hello", **hello)
        if await send(first):
            await heard()  # (a seat's token, if one was given, is known before the end)
        flood = rng.random() < 0.1
        going = True
        while going:
            for _ in range(rng.randrange(1, 9)):
                if flood:
                    frame = harmless(rng, ctx)
                else:
                    kind = rng.choices(KINDS, weights=[3, 30, 2, 10, 10, 5, 5, 1])[0]
                    frame = fuzzed(rng, ctx, kind)
                going = await send(frame)
                if not going:
                    break
            await asyncio.sleep(0.001)  # let the server read the burst, and the reader its answer
    finally:
        if not ended.is_set() and not ws.closed:  # it is we who end it
            ctx.endings["(the count was reached)"] += 1
            task.cancel()
        await ws.close()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def test_ten_thousand_fuzzed_messages_and_the_table_plays_on() -> None:
    # Ann and Bob play honestly; Cy's seat is the fuzzers' to take and leave (while no fuzzer
    # holds it a stand-in bot plays it). The game goes on all through the fuzz: Ann and Bob
    # may play one move further for every FUZZ_PER_MOVE messages sent, on any machine.
    server = await hosted("manni", SEATS, seed=21, variant="basic")
    honest = [Player(server.address, n, seat=i).start() for i, n in enumerate(NAMES[:2])]
    late: Player | None = None
    try:
        await wait_for(lambda: all(p.updates for p in honest), 5, "Ann and Bob to be seated")
        server.standin_after = 0.0  # seat 3 has never been taken: a stand-in plays it now
        server.wake()
        for p in honest:
            p.play_to(10)
        await wait_for(lambda: server.version >= 10, 5, "the game to begin")
        ctx = FuzzContext(server.secret, seq=server.version)
        started_at, t0 = server.version, time.monotonic()

        async def worker(n: int) -> None:
            rng = random.Random(FUZZ_SEED * 1000 + n)
            async with aiohttp.ClientSession() as session:
                while ctx.sent < FUZZ_MESSAGES:
                    await fuzz_connection(session, server.address.url, rng, ctx)
                    for p in honest:
                        p.play_to(started_at + ctx.sent // FUZZ_PER_MOVE)

        await asyncio.gather(*(worker(n) for n in range(FUZZ_CONNECTIONS_AT_ONCE)))
        fuzz_time = time.monotonic() - t0
        during = server.version - started_at
        assert ctx.sent == FUZZ_MESSAGES
        unexplained = {k: v for k, v in ctx.endings.items() if not FUZZ_REASONS.fullmatch(k)}
        unexplained.pop("(the count was reached)", None)
        unexplained.pop("message too big (1009)", None)
        assert not unexplained, f"connections closed for no good reason: {unexplained}"
        # the fuzz reached every kind of answer, not only the first check
        for reason in ("not JSON", "too many messages", "messages are JSON text, not binary"):
            assert ctx.endings[reason] > 0, (reason, ctx.endings)
        assert any(k.startswith("act: bad") for k in ctx.endings), ctx.endings
        assert any(k.startswith("protocol version") for k in ctx.endings), ctx.endings
        assert ctx.connections > 100, ctx.connections
        # the game went on all through the fuzz (its moves were spread over it)
        assert during >= FUZZ_MESSAGES // FUZZ_PER_MOVE // 2 or server.match.is_over(), during
        third = len(ctx.versions) // 3
        assert ctx.versions[third] < ctx.versions[2 * third] < ctx.versions[-1], "no moves"
        for p in honest:
            assert p.refusals == [] and p.client.connections == 1 and p.client.connected
        # a newcomer takes Cy's seat (with the token a fuzzer was given, or a free seat), and
        # the three play on (not to the end: at network speed a long game would outrun the
        # rate limit of 40 messages a second, which is meant for people)
        await wait_for(lambda: len(server.conns) == 2, 5, "the fuzzers' connections to end")
        late = Player(server.address, "Dee")
        if server.slots[2].token is not None:
            late.client.token = ctx.token
        late.start()
        await wait_for(lambda: late.seat == 2 and late.updates, 5, "the newcomer's welcome")
        assert len(server.conns) == 3
        players = [*honest, late]
        target = server.version + 30
        for p in players:
            p.play_to(target)
        await wait_for(lambda: server.version >= target or server.match.is_over(), 10, "moves")
        await wait_for(
            lambda: all(p.updates[-1]["seq"] == server.version for p in players), 5, "updates"
        )
        for p in players:  # every move heard, in order, nothing refused, never dropped
            assert p.refusals == [] and p.client.connections == 1, p.client.name
            seqs = p.seqs
            assert seqs == sorted(seqs) and set(range(seqs[0], server.version + 1)) <= set(seqs)
        assert honest[0].seqs[0] == 0 and late.seqs[-1] >= late.seqs[0] + 30
        assert len(server.match.record) == server.version
        print(
            f"fuzz: {ctx.sent} messages over {ctx.connections} connections in {fuzz_time:.1f} s;"
            f" moves during it: {during};"
            f" endings: {sum(ctx.endings.values())}, {len(ctx.endings)} different"
        )
    finally:
        for p in [*honest, *([late] if late else [])]:
            with contextlib.suppress(Exception):
                await p.close(bye=False)
        await server.close()
