"""The app started on a hand-written position (``cardsuite play GAME --position``): the
table shows that position, and the game's record begins from it."""

from __future__ import annotations

from helpers import wait_for

from cardsuite.games import get_game
from cardsuite.games.twenty_two.screen import TwentyTwoScreen
from cardsuite.match import SeatSpec
from cardsuite.records import final_state, from_match
from cardsuite.ui.app import StartRequest


async def test_the_table_starts_from_the_position_and_records_it(make_app) -> None:  # type: ignore[no-untyped-def]
    game = get_game("twenty-two")
    data = game.new_state(players=3, seed=3).to_json()
    del data["rng"], data["events"]
    seats = [SeatSpec("human", "South"), SeatSpec("easy", "West"), SeatSpec("easy", "North")]
    request = StartRequest("twenty-two", seats, "standard", data["options"], None, data)
    app = make_app(start=request)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TwentyTwoScreen))
        match = app.screen.match
        assert match.origin == {"position": data}
        await wait_for(pilot, lambda: match.to_move() == 0)  # the queue is seats 2, 0, 1
        assert [m.seat for m in match.record] == [2]
        assert match.state.view(0)["hand"] == game.from_json(data).view(0)["hand"]
        replayed = final_state(from_match(match))
        assert replayed.to_json() == match.state.to_json()
