"""The African Casino table driven by keys and the mouse, on stacked deals: a build and a
capture composed by keys, the same capture by clicks, a composition the game refuses shown
with its reason, the list of plays, an insist question answered, and a whole deal against
an instant bot taking hints."""

from __future__ import annotations

from typing import Any

from helpers import wait_for

from cardsuite.games.african_casino.rules import GAME, CasinoState
from cardsuite.games.african_casino.screen import CasinoScreen
from cardsuite.games.african_casino.screen_felt import CasinoFelt
from cardsuite.match import Match, SeatSpec
from cardsuite.ui.app import StartRequest
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.widgets import HandView

NAMES = ["You", "Bot", "North", "East"]
#: Stacked: the layout, then one card at a time from the first player (dealer + 1).
LAYOUT = ["9C", "5H", "4C", "7D"]
YOURS = ["9D", "2H", "5S", "KC", "3D", "AH", "8S", "JD", "QC", "6H", "10S", "2C"]
BOTS = ["9H", "4S", "6C", "KH", "3H", "AD", "8D", "JC", "QH", "6D", "10C", "7S"]


def stacked(you_first: bool = True, insist: str = "off") -> CasinoState:
    first, second = (YOURS, BOTS) if you_first else (BOTS, YOURS)
    deck = LAYOUT + [c for pair in zip(first, second, strict=True) for c in pair]
    return GAME.new_state(
        players=2, seed=1, deck=deck, dealer=1 if you_first else 0, options={"insist": insist}
    )


async def open_table(app: Any, pilot: Any, state: CasinoState) -> CasinoScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
    match = Match(GAME, state, [SeatSpec("human", "You"), SeatSpec("medium", "Bot")])
    app.open_table(match)
    await wait_for(pilot, lambda: isinstance(app.screen, CasinoScreen))
    screen = app.screen
    await wait_for(pilot, lambda: screen.mine() == 0 and screen._picture_key is not None)
    return screen


def to(screen: CasinoScreen, card: str) -> list[str]:
    """The keys that put the hand's cursor on ``card`` (the hand is shown sorted)."""
    return ["home"] + ["right"] * screen._hand().index(card)


def shown(screen: CasinoScreen, selector: str) -> str:
    return str(screen.query_one(selector).render())


def labels(screen: CasinoScreen) -> dict[Any, str]:
    return dict(screen._labels)


async def test_a_build_then_the_end_of_the_turn_by_keys(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(app, pilot, stacked())
        assert labels(screen)[("loose", "7D")] == "d"
        await pilot.press(*to(screen, "2H"), "b", "d")  # 2♥ with the loose 7♦
        assert "Build 9 from 7♦ and your 2♥" in shown(screen, "#ac-preview")
        assert "the game takes it" in shown(screen, "#ac-preview")
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.match.view(0)["played"])
        view = screen.match.view(0)
        assert [(b["value"], b["owner"], b["kind"]) for b in view["builds"]] == [(9, 0, "single")]
        assert "end your turn: e" in shown(screen, "#ac-status")
        await pilot.press("e")
        await wait_for(pilot, lambda: screen.match.to_move() == 0 and len(screen.match.record) >= 3)
        assert [m[:2] for m in screen.match.record[:2]] == [(0, "build 9: 7D 2H"), (0, "end")]


async def test_a_capture_of_a_card_and_a_set_by_keys(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(app, pilot, stacked())
        await pilot.press(*to(screen, "9D"), "c", "a", "b", "c")  # 9♦ takes 9♣, 5♥+4♣
        assert "Capture with 9♦" in shown(screen, "#ac-preview")
        assert "4 cards to your pile" in shown(screen, "#ac-preview")
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.match.view(0)["piles"][0]["size"] == 4)
        assert screen.match.record[0][:2] == (0, "capture 9D: 9C 4C+5H")


async def test_a_refused_composition_says_why(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        screen = await open_table(app, pilot, stacked())
        await pilot.press("e")  # not offered before a card is played; pressed, it says why
        assert screen.check_action("end_turn", ()) is False
        assert any("Play a card from your hand first" in n.message for n in app._notifications)
        await pilot.press(*to(screen, "9D"), "c", "b")  # 9♦ cannot take the 5♥ alone
        verdict = shown(screen, "#ac-preview")
        assert "Those cards do not make units of 9" in verdict and "rule CAP-1" in verdict
        await pilot.press("enter")  # refused: nothing happens
        await pilot.pause()
        assert screen.match.record == [] and screen.comp is not None
        await pilot.press("c")  # 5♥+4♣ is a unit of 9 after all
        assert "the game takes it" in shown(screen, "#ac-preview")
        await pilot.press("escape")
        assert screen.comp is None and app.screen is screen  # escape cancels, stays


async def test_composing_by_the_mouse(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(app, pilot, stacked())
        hand = screen.query_one(HandView)
        x = hand._left() + screen._hand().index("2H") * hand._step() + 1
        await pilot.click("#ac-hand", offset=(x, 2))
        assert screen._cursor_card() == "2H"
        felt = screen.query_one(CasinoFelt)
        x0, y0, *_ = next(r for r in felt.regions if r[4] == ("loose", "7D"))
        await pilot.click("#ac-felt", offset=(x0 + 1, y0 + 2))
        assert screen.comp is not None and screen.comp.keys() == {("loose", "7D")}
        assert "Build 9 from 7♦ and your 2♥" in shown(screen, "#ac-preview")  # the kind found
        await pilot.click("#ac-preview")
        await wait_for(pilot, lambda: bool(screen.match.record))
        assert screen.match.record[0][:2] == (0, "build 9: 7D 2H")


async def test_the_list_of_plays_and_enter(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(app, pilot, stacked())
        await pilot.press(*to(screen, "9D"))
        plays = [str(a) for a in screen._plays]
        assert plays[0] == "capture 9D: 9C 5H+4C"  # the best capture first
        assert all(a.startswith(("capture 9D", "build", "add", "raise", "trail 9D")) for a in plays)
        await pilot.press("down")
        assert screen.pick == 1
        await pilot.press("up", "enter")
        await wait_for(pilot, lambda: bool(screen.match.record))
        assert screen.match.record[0][:2] == (0, plays[0])


async def test_an_insist_question_answered_with_y(make_app) -> None:  # type: ignore[no-untyped-def]
    state = stacked(you_first=False, insist="ask")
    state.apply("capture 9H: 9C", 1)  # leaves 5♥+4♣, a unit of 9: the bot may be challenged
    assert state.phase == "insist" and state.to_move() == 0
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(app, pilot, state)
        status = shown(screen, "#ac-status")
        assert "Bot left something their card could also have taken" in status
        assert "y insist" in status
        await pilot.press("y")
        await wait_for(pilot, lambda: screen.match.view(0)["piles"][1]["size"] == 4)
        assert [e.kind for e in screen.match.public_log()].count("insist") == 1


def partner_means_to_capture() -> CasinoState:
    """Four players: your build of 7 (4♣+3♦), you hold the 7♥; your partner North, to
    move, has chosen to capture it with the 7♣, so you are asked first (CASINO-PART-4)."""
    data = GAME.new_state(players=4, seed=1, dealer=1).to_json()
    zones = [*data["hands"], data["loose"], data["stock"], *data["piles"]]

    def put(card: str, target: list[str], at: int) -> None:  # swap it into place
        src = next(z for z in zones if card in z)
        src[src.index(card)], target[at] = target[at], card

    put("7H", data["hands"][0], 0)
    put("7C", data["hands"][2], 0)
    put("4C", data["loose"], 0)
    put("3D", data["loose"], 1)
    data["loose"] = data["loose"][2:]
    data["builds"] = [{"value": 7, "owner": 0, "units": [["4C", "3D"]]}]
    data["events"] = []
    state = GAME.from_json(data)
    state.apply("capture 7C: B7", 2)
    return state


async def test_a_hold_question_answered_with_y(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        names = ["You", "East", "North", "West"]
        kinds = ["human", "medium", "medium", "medium"]
        seats = [SeatSpec(k, n) for k, n in zip(kinds, names, strict=True)]
        app.open_table(Match(GAME, partner_means_to_capture(), seats))
        await wait_for(pilot, lambda: isinstance(app.screen, CasinoScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.mine() == 0 and screen._picture_key is not None)
        status = shown(screen, "#ac-status")
        assert "North means to capture build 7, your side's" in status and "y hold" in status
        assert [str(a) for a in screen._plays] == ["pass", "hold B7"]
        await pilot.press("y")
        await wait_for(pilot, lambda: any(e.kind == "hold" for e in screen.match.public_log()))
        await wait_for(pilot, lambda: screen.match.to_move() != 2)
        assert screen.match.view(0)["phase"] == "play"


async def test_a_whole_deal_taking_hints(make_app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSpec("human", "You"), SeatSpec("medium", "Bot")]
    app = make_app(start=StartRequest("african-casino", seats, "swazi", {}, 5))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CasinoScreen))
        screen = app.screen
        match = screen.match

        def scored() -> bool:
            return bool(match.view(None)["history"])

        for _ in range(120):
            await wait_for(pilot, lambda: scored() or screen.mine() is not None)
            if scored():
                break
            before = len(match.record)
            await pilot.press("h", "enter")
            await wait_for(pilot, lambda: len(match.record) > before)
        assert scored()
        rec = match.view(None)["history"][0]
        assert sum(rec["points"]) == 11  # CASINO-SCORE-1


async def test_random_keys_on_the_table(make_app) -> None:  # type: ignore[no-untyped-def]
    """The composer's keys among the rest (letters are labels while composing), against a
    bot, with resizes and raw bytes (the registry-wide monkey test covers other tables)."""
    from test_monkey import BURSTS, KEYS, Monkey, sit_down_again

    seats = [SeatSpec("human", "You"), SeatSpec("easy", "Bot")]
    app = make_app(start=StartRequest("african-casino", seats, "swazi", {}, 3))
    async with app.run_test(size=(90, 28)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CasinoScreen))
        table = app.screen
        keys = [*KEYS, "c", "b", "a", "r", "t", "f", "e", "m", "slash", "colon", "H", "i", "w"]
        monkey = Monkey(app, pilot, 5, keys)
        for _ in range(BURSTS // 2):
            await monkey.burst()
            table = await sit_down_again(app, pilot, table)
        assert app.is_running or monkey.quit
        assert monkey.counts["CasinoScreen"] > 0
