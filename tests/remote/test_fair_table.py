"""Fair dealing at a hosted table, the protocol (issue 39): the table opens as a waiting room
showing the host's commitment; each joiner's client sends its own salt after seeing it; the
game is dealt from ``fair.deal_seed`` of the host's seed and the salts; at the end the host's
seed is revealed and every client checks it. For every game, played to the end."""

from __future__ import annotations

import json

import pytest
from remote_players import ScriptedMoneyPlayer, ScriptedPlayer, hosted_room, wait_for

from cardsuite.fair import Fairness, commitment, deal_seed
from cardsuite.games.money import netreferee
from cardsuite.match import SeatSpec
from cardsuite.remote.server import Conn

#: A short whole game of each: (game, variant, options, seat kinds).
GAMES = [
    ("money", "jordanian", {"turn_limit": 12}, ["remote", "easy"]),
    ("manni", "basic", {}, ["remote", "easy", "remote"]),
    ("twenty-two", "standard", {}, ["remote", "easy", "easy"]),
    ("mensch", "standard", {"deals": "4"}, ["remote", "easy", "easy", "remote"]),
    ("african-casino", "south-african", {}, ["remote", "easy"]),
]


class Wire:
    """Every message the server sends, in order, with its receiver's seat."""

    def __init__(self, server) -> None:
        self.sent: list[tuple[int | None, dict, str]] = []
        server.on_send = self.saw

    def saw(self, conn: Conn, text: str) -> None:
        self.sent.append((conn.seat, json.loads(text), text))

    def index(self, kind: str) -> int:
        return next(i for i, (_, m, _) in enumerate(self.sent) if m["type"] == kind)


@pytest.mark.parametrize(("game", "variant", "options", "kinds"), GAMES, ids=[g[0] for g in GAMES])
async def test_every_game_is_dealt_from_the_committed_seed_and_verified_at_the_end(
    game, variant, options, kinds, monkeypatch
) -> None:
    monkeypatch.setattr(netreferee, "FRAME_ALLOWANCE", 0.005)
    seats = [SeatSpec(k, f"P{i + 1}") for i, k in enumerate(kinds)]
    extra = {"throw_time": 0.03, "ping_every": 0.2} if game == "money" else {}
    server = await hosted_room(game, seats, variant, options=options, **extra)
    host_seed = server._host_seed
    assert host_seed is not None and server.fair is not None
    shown = server.fair.commitment
    assert shown == commitment(host_seed)
    wire = Wire(server)
    remote = [i for i, k in enumerate(kinds) if k == "remote"]
    players: list[ScriptedPlayer] = []
    for i in remote:
        p = (
            ScriptedMoneyPlayer(server.address, f"P{i + 1}", offset=0.0)
            if game == "money"
            else ScriptedPlayer(server.address, f"P{i + 1}")
        )
        players.append(p.start())
    try:
        await wait_for(lambda: server.dealt, what="the deal")
        await wait_for(lambda: server.match.is_over(), timeout=90, what="the end of the game")
        await wait_for(
            lambda: all(p.client.fair_watch(0).problems is not None for p in players),
            what="every client's check",
        )
        salts = {p.seat: p.client.fair_watch(0).my_salt for p in players}
        assert sorted(salts) == remote and all(salts.values())
        # the game was dealt from the seed the committed host seed and the salts give
        assert server.match.seed == deal_seed(host_seed, salts)
        assert server.match.origin["fair"] == {
            "commitment": shown,
            "salts": Fairness(shown, salts).salts_text(),
            "host_seed": host_seed,
        }
        reveal = wire.index("reveal")
        dealt = wire.index("dealt")
        first_update = wire.index("update")
        assert dealt < first_update  # the salts are shown before the first card
        # nothing before the end holds the host's seed; the reveal does
        assert all(host_seed not in text for _, _, text in wire.sent[:reveal])
        assert wire.sent[reveal][1]["host_seed"] == host_seed
        assert wire.sent[reveal][1]["seed"] == server.match.seed
        assert all(m["type"] != "update" or m["over"] for _, m, _ in wire.sent[reveal:])
        # every receiver saw the commitment (its welcome) before anything of the deal
        for seat in remote:
            mine = [m for s, m, _ in wire.sent if s == seat and m["type"] != "ping"]
            assert mine[0]["type"] == "welcome" and mine[0]["fair"]["commitment"] == shown
        for p in players:
            watch = p.client.fair_watch(0)
            assert watch.commitment == shown and watch.problems == []
            assert watch.verdict().startswith("Deal verified")
        # the next round's seed (a rematch's) never left the server
        assert server._host_seed != host_seed
        assert all(server._host_seed not in text for _, _, text in wire.sent)
    finally:
        for p in players:
            await p.close()
        await server.close()
