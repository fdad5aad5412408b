"""Scripted players for remote-table tests: each sits on a real ``TableClient`` over
loopback and chooses from what the server sends it only (its update's legal texts and the
number of moves so far), so the same choice can be made at a local table from the same
facts, and the two games compared."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Callable, Sequence
from typing import Any

from hidden import redeal

from cardsuite.engine import State
from cardsuite.match import Match, SeatSpec
from cardsuite.remote.client import TableClient
from cardsuite.remote.protocol import Address
from cardsuite.remote.server import Conn, TableServer


def pick(legal: Sequence[str], moves: int, seat: int) -> str:
    """A fixed choice from the legal list: the same list and move number, the same move."""
    return legal[(moves * 7 + seat * 3) % len(legal)]


class ScriptedPlayer:
    """A client that plays its seat with ``pick`` whenever an update says it is to move."""

    def __init__(self, address: Address, name: str, *, stop: Callable[[dict], bool] | None = None):
        self.client = TableClient(address, name=name, on_message=self.on_message)
        self.updates: list[dict[str, Any]] = []
        self.messages: list[dict[str, Any]] = []
        self.refusals: list[str] = []
        self.stop = stop or (lambda u: False)
        self.playing = True
        self._acted_seq = -1
        self.task: asyncio.Task[None] | None = None

    def start(self) -> ScriptedPlayer:
        self.task = asyncio.ensure_future(self.client.run())
        return self

    @property
    def seat(self) -> int | None:
        w = self.client.welcome
        return None if w is None else w.get("seat")

    def on_message(self, msg: dict[str, Any]) -> None:
        self.messages.append(msg)
        if msg["type"] == "refused":
            self.refusals.append(str(msg.get("reason")))
        if msg["type"] == "welcome":
            self._acted_seq = -1  # (re)connected: what it sent before may not have arrived
        if msg["type"] != "update":
            return
        self.updates.append(msg)
        if not self.playing or msg["over"] or self.stop(msg):
            return
        view = msg["view"]
        if view.get("to_move") == self.seat and msg["legal"] and msg["seq"] != self._acted_seq:
            self._acted_seq = msg["seq"]  # once per position (a seat coming or going repeats it)
            choice = pick(msg["legal"], msg["seq"], self.seat)
            self.client.send_soon("act", action=choice, seq=msg["seq"])

    async def close(self, bye: bool = True) -> None:
        await self.client.close(bye=bye)
        if self.task is not None:
            await asyncio.wait_for(self.task, 5)


def local_game(
    game_id: str,
    seats: Sequence[SeatSpec],
    seed: int,
    variant: str | None,
    remote: Sequence[int],
    until: Callable[[State], bool],
) -> Match:
    """The same seeded game at a local table: the seats in ``remote`` play by ``pick`` from
    their own legal actions, the others are the same bots."""
    local_seats = [SeatSpec("human", s.name) if i in remote else s for i, s in enumerate(seats)]
    m = Match.new(game_id, local_seats, variant=variant, seed=seed)
    while not m.is_over() and not until(m.state):
        mover = m.to_move()
        assert mover is not None
        if mover in remote:
            legal = [str(a) for a in m.legal_actions(mover)]
            m.apply(pick(legal, len(m.record), mover), mover)
        else:
            m.apply(m.choose_bot(mover), mover)
    return m


async def wait_for(cond: Callable[[], bool], timeout: float = 20.0, what: str = "") -> None:  # noqa: ASYNC109
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what or cond}")
        await asyncio.sleep(0.01)


async def hosted(
    game_id: str,
    seats: Sequence[SeatSpec],
    seed: int,
    variant: str | None = None,
    **server_options: Any,
) -> TableServer:
    """A started table server on a free loopback port, with no pauses."""
    m = Match.new(game_id, seats, variant=variant, seed=seed)
    opts: dict[str, Any] = {"port": 0, "bot_delay": 0.0, "hold": 0.0}
    opts.update(server_options)
    server = TableServer(m, **opts)
    await server.start()
    return server


def same_position(a: State, b: State) -> bool:
    return json.dumps(a.to_json(), sort_keys=True) == json.dumps(b.to_json(), sort_keys=True)


class ScriptedMoneyPlayer(ScriptedPlayer):
    """A Money client on its own clock (``offset`` seconds from the server's): it reports
    each card's sight at once, snaps a card it turned that matched, and presses its turn key
    once per card when it is to move; money decisions are ``pick`` from its legal texts."""

    def __init__(self, address: Address, name: str, offset: float) -> None:
        super().__init__(address, name)
        self.offset = offset
        self.client.clock = self.now
        self._seen: set[int] = set()
        self._pressed: set[tuple[int, str]] = set()
        self.outcomes: list[dict[str, Any]] = []

    def now(self) -> float:
        import time

        return time.monotonic() + self.offset

    def on_message(self, msg: dict[str, Any]) -> None:
        if msg["type"] == "outcome":
            self.outcomes.append(msg)
        if msg["type"] != "update":
            super().on_message(msg) if msg["type"] == "refused" else self.messages.append(msg)
            return
        self.updates.append(msg)
        view, me = msg["view"], self.seat
        if msg["over"] or not self.playing:
            return
        card = view["turns"]
        if card not in self._seen:
            self._seen.add(card)
            self.client.send_soon("seen", card=card, at=self.now())
        last = view["last"]
        if view["top_is_last"] and last and last[0] == me and last[2]:
            self._press("snap", card)
        if view["to_move"] != me:
            return
        if view["top_is_last"] and last and last[2]:
            return  # the other's snap comes first: a decision waits for it (as locally)
        legal = [t for t in msg["legal"] if t != "claim"]
        if legal == ["turn"] and view["phase"] == "play":
            self._press("turn", card)
        elif legal:
            choice = pick(legal, msg["seq"], me)
            if choice == "turn":
                self._press("turn", card)
            else:
                self.client.send_soon("act", action=choice, seq=msg["seq"])

    def _press(self, kind: str, card: int) -> None:
        if (card, kind) in self._pressed:
            return
        self._pressed.add((card, kind))
        # four keys for each, used in turn: a script this fast on one key would be a held
        # key, whose repeats within REPEAT_GAP never count
        key = f"{kind}-{len(self._pressed) % 4}"
        self.client.send_soon("press", kind=kind, at=self.now(), card=card, key=key)


def local_money_game(variant: str, seed: int) -> State:
    """The same Money game at one table, by the same choices: the player who turned a
    matching card claims it; the mover turns, or makes its money decision by ``pick``."""
    from cardsuite.games import get_game
    from cardsuite.games.money.rules import Claim, Turn

    s = get_game("money").new_state(players=2, variant=variant, seed=seed)
    moves = 0
    while not s.is_over():
        v = s.view(None)
        last = v["last"]
        if v["top_is_last"] and last and last[2] and s.phase == "play":
            s.apply(Claim(last[0]), last[0])
        else:
            m = s.to_move()
            assert m is not None
            legal = [str(a) for a in s.legal_actions(m) if str(a) != "claim"]
            choice = "turn" if legal == ["turn"] else pick(legal, moves, m)
            s.apply(Turn() if choice == "turn" else choice, m)
        moves += 1
    return s


_CODE = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQK])[SHDC](?![A-Za-z0-9])")


def _codes(text: str) -> set[str]:
    return set(_CODE.findall(text))


class PrivacyWatch:
    """Checks every message as it is sent: no card that is hidden from its receiver (and was
    never shown to the table) is named in it."""

    def __init__(self, server: TableServer) -> None:
        self.server = server
        self.checked = 0
        self.leaks: list[tuple[int | None, str]] = []
        self.rng = random.Random(0)
        server.on_send = self.check

    def check(self, conn: Conn, text: str) -> None:
        if not self.server.dealt:  # a waiting room: no card exists yet
            self.checked += 1
            return
        st = self.server.match.state
        zones = st.zones()
        hidden = {c.code for z in st.hidden_zones(conn.seat) for c in zones[z]}
        public = _codes(json.dumps(st.view(None)))
        for e in st.events:
            public |= _codes(json.dumps(e.to_json()))
        msg = json.loads(text)
        legal = msg.pop("legal", None) or []
        # A welcome's reconnect token is random URL-safe text: "..._7H" in it is no card
        # (the check failed now and then on such a token).
        msg.pop("token", None)
        leaked = (hidden - public) & _codes(json.dumps(msg))
        if leaked:
            self.leaks.append((conn.seat, ", ".join(sorted(leaked))))
        # The legal actions may name cards held by others (Mensch calls a card it does not
        # hold), but they must not depend on where those cards are.
        if legal and conn.seat is not None:
            twin = st.clone()
            redeal(twin, conn.seat, self.rng)
            if [str(a) for a in twin.legal_actions(conn.seat)] != legal:
                self.leaks.append((conn.seat, "legal actions depend on hidden cards"))
        self.checked += 1


async def hosted_room(
    game_id: str,
    seats: Sequence[SeatSpec],
    variant: str | None = None,
    options: dict[str, Any] | None = None,
    **server_options: Any,
) -> TableServer:
    """A started table server that opens as a waiting room (``lobby.Setting``): it deals,
    fairly, once its remote seats are taken; no pauses."""
    from cardsuite.remote.lobby import Setting

    opts: dict[str, Any] = {"port": 0, "bot_delay": 0.0, "hold": 0.0}
    opts.update(server_options)
    server = TableServer(Setting(game_id, list(seats), variant, dict(options or {})), **opts)
    await server.start()
    return server
