"""Money across a network (issue 15): two clients on their own clocks play a whole game
through the host's ``NetReferee``; the game is the same seeded game played at one table."""

from __future__ import annotations

import pytest
from remote_players import (
    PrivacyWatch,
    ScriptedMoneyPlayer,
    hosted,
    local_money_game,
    same_position,
    wait_for,
)

from cardsuite.games.money import netreferee
from cardsuite.match import SeatSpec


@pytest.fixture
def quick_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    """The allowance for drawing a frame, 50 ms on a terminal, is 5 ms for scripted clients
    (it is the wait before every turn: the game plays ten times faster, judged alike)."""
    monkeypatch.setattr(netreferee, "FRAME_ALLOWANCE", 0.005)


async def test_two_remote_players_on_their_own_clocks_play_money_to_the_end(quick_frames) -> None:
    seats = [SeatSpec("remote", "Ann"), SeatSpec("remote", "Bob")]
    server = await hosted(
        "money", seats, seed=21, variant="jordanian", throw_time=0.03, ping_every=0.2
    )
    watch = PrivacyWatch(server)  # nobody may learn a card of a stack (not even its owner)
    ann = ScriptedMoneyPlayer(server.address, "Ann", offset=1000.0).start()
    bob = ScriptedMoneyPlayer(server.address, "Bob", offset=-250.0).start()
    try:
        await wait_for(lambda: server.match.is_over(), timeout=60, what="the end of the game")
        assert watch.checked > 300 and watch.leaks == []
        local = local_money_game("jordanian", 21)
        assert same_position(server.match.state, local)
        claims = [m for m in server.match.record if m.text == "claim"]
        assert claims and all(m.note and m.note.endswith(" ms") for m in claims)
        # every snap was judged by its own small reaction, whatever the clocks said
        assert all(int(m.note.split()[0]) < 50 for m in claims)
        snaps = [o for o in ann.outcomes + bob.outcomes if o["kind"] == "claim"]
        assert snaps and all(o["net"] for o in snaps)
        sync = server.slots[0].conn.sync  # Ann's clock runs 1000 s ahead of the server's
        assert sync.ready and abs(sync.offset + 1000) < 0.05
    finally:
        await ann.close()
        await bob.close()
        await server.close()
