"""A table server and scripted clients on loopback play real games to the end; the result is
the same seeded game played at a local table (issue 15: "the final states equal the same
seeded game played locally")."""

from __future__ import annotations

import pytest
from remote_players import ScriptedPlayer, hosted, local_game, same_position, wait_for

from cardsuite.match import SeatSpec


def _hand_scored(state) -> bool:
    return state.deals_played() > 1 or state.is_over()


@pytest.mark.parametrize("variant", ["basic", "trjamann", "hornafjardarmanni"])
async def test_three_clients_play_a_whole_manni_hand(variant: str) -> None:
    seats = [SeatSpec("remote", n) for n in ("Ann", "Bob", "Cy")]
    server = await hosted("manni", seats, seed=11, variant=variant)
    stop = lambda u: u["deals"] > 1  # noqa: E731 - one hand, then stop playing
    players = [ScriptedPlayer(server.address, n, stop=stop).start() for n in ("Ann", "Bob", "Cy")]
    try:
        await wait_for(lambda: _hand_scored(server.match.state), what="the hand to be scored")
        local = local_game("manni", seats, 11, variant, remote=[0, 1, 2], until=_hand_scored)
        assert same_position(server.match.state, local.state)
        assert [m.text for m in server.match.record] == [m.text for m in local.record]
        assert sorted(p.seat for p in players) == [0, 1, 2]
        assert [s.name for s in server.match.seats] == ["Ann", "Bob", "Cy"]
        assert not any(p.refusals for p in players)
    finally:
        for p in players:
            await p.close()
        await server.close()


async def test_three_clients_and_a_bot_play_a_mensch_deal() -> None:
    seats = [SeatSpec("remote", n) for n in ("Ann", "Bob", "Cy")] + [SeatSpec("medium", "Dee")]
    server = await hosted("mensch", seats, seed=5)
    stop = lambda u: u["deals"] > 1  # noqa: E731
    players = [ScriptedPlayer(server.address, n, stop=stop).start() for n in ("Ann", "Bob", "Cy")]
    try:
        await wait_for(lambda: _hand_scored(server.match.state), what="the deal to be settled")
        local = local_game("mensch", seats, 5, None, remote=[0, 1, 2], until=_hand_scored)
        assert same_position(server.match.state, local.state)
        assert any(m.seat == 3 for m in server.match.record)  # the bot played on the server
    finally:
        for p in players:
            await p.close()
        await server.close()


async def test_a_refused_action_is_told_to_that_client_only() -> None:
    seats = [SeatSpec("remote", n) for n in ("Ann", "Bob", "Cy")]
    server = await hosted("manni", seats, seed=2, variant="basic")
    players = [ScriptedPlayer(server.address, n).start() for n in ("Ann", "Bob", "Cy")]
    for p in players:
        p.playing = False
    try:
        await wait_for(lambda: all(p.updates for p in players))
        mover = server.match.to_move()
        other = next(p for p in players if p.seat != mover)
        me = next(p for p in players if p.seat == mover)
        seq = other.updates[-1]["seq"]
        await other.client.send("act", action=me.updates[-1]["legal"][0], seq=seq)
        await me.client.send("act", action="play 2Z", seq=seq)
        await wait_for(lambda: other.refusals and me.refusals)
        assert "turn" in other.refusals[0]
        assert server.version == 0 and not server.match.record
        third = next(p for p in players if p not in (me, other))
        assert not third.refusals
    finally:
        for p in players:
            await p.close()
        await server.close()
