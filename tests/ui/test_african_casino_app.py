"""The African Casino table driven by keys and the mouse, on stacked deals: a build and a
capture composed by keys, the same capture by clicks, a composition the game refuses shown
with its reason, the list of plays, an insist question answered, and a whole deal against
an instant bot taking hints."""

from __future__ import annotations

from typing import Any

from helpers import wait_for
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Input

from cardsuite.games.african_casino.rules import GAME, CasinoState
from cardsuite.games.african_casino.screen import CasinoScreen
from cardsuite.games.african_casino.screen_composer import Composition, Table, candidates
from cardsuite.games.african_casino.screen_felt import CasinoFelt, PlaysView, hang
from cardsuite.games.african_casino.screen_moves import CasinoCommandScreen
from cardsuite.games.african_casino.screen_why import no_play_reasons
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


def status(screen: CasinoScreen) -> str:
    """The status line's fullest form (a narrow one says it shorter)."""
    return screen._status(screen._view, screen.match.names())[0].plain


def forms(screen: CasinoScreen) -> list[str]:
    """Every form of the status line: what it shows is the first that fits."""
    return [t.plain for t in screen._status(screen._view, screen.match.names())]


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


async def test_letters_typed_right_behind_the_compose_key_are_picks(make_app) -> None:  # type: ignore[no-untyped-def]
    """ "c a b c" typed in one burst (as a terminal delivers fast typing: no pause between the
    keys) composes the same capture as slow typing: the letters are the table's labels, not
    other compose keys (the "a" started an addition: the compose key's binding ran only once
    it had bubbled up to the app, after the "a" had reached the screen)."""
    from textual import events

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_table(app, pilot, stacked())
        await pilot.press(*to(screen, "9D"))
        for key in "cabc":  # as the driver delivers them, with no wait between
            event = events.Key(key, key)
            event.set_sender(app)
            app._driver.send_message(event)  # type: ignore[union-attr]
        await wait_for(pilot, lambda: screen.comp is not None and len(screen.comp.picks) == 3)
        await pilot.pause()
        assert screen.comp.kind == "capture"
        assert screen.comp.keys() == {("loose", "9C"), ("loose", "5H"), ("loose", "4C")}
        assert "4 cards to your pile" in shown(screen, "#ac-preview")


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
        full = status(screen)  # (at 100 columns the line shows a shorter form)
        assert "Bot left something their card could also have taken" in full
        assert "y insist" in full
        assert shown(screen, "#ac-status") in forms(screen)
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
        full = status(screen)  # (at 100 columns the line shows a shorter form)
        assert "North means to capture build 7, your side's" in full and "y hold" in full
        assert shown(screen, "#ac-status") in forms(screen)
        assert [str(a) for a in screen._plays] == ["pass", "hold B7"]
        await pilot.press("y")
        await wait_for(pilot, lambda: any(e.kind == "hold" for e in screen.match.public_log()))
        await wait_for(pilot, lambda: screen.match.to_move() != 2)
        assert screen.match.view(0)["phase"] == "play"


def a_build_to_keep() -> CasinoState:
    """Two players, the first half (restricted, CASINO-TWO-1): you own the build of 9
    (5♣+4♦) and the layout holds K♥ and J♥ only, so your Q♣ can neither capture, build,
    add nor raise, and may not be trailed while you own a build."""
    data = GAME.new_state(players=2, seed=1, dealer=1).to_json()
    zones = [*data["hands"], data["loose"], data["stock"], *data["piles"]]

    def put(card: str, target: list[str], at: int) -> None:  # swap it into place
        src = next(z for z in zones if card in z)
        src[src.index(card)], target[at] = target[at], card

    put("9D", data["hands"][0], 0)
    put("QC", data["hands"][0], 1)
    for at, card in enumerate(("KH", "5C", "4D")):
        put(card, data["loose"], at)
    data["loose"] = [data["loose"][0], *data["loose"][3:]]
    data["builds"] = [{"value": 9, "owner": 0, "units": [["5C", "4D"]]}]
    data["events"] = []
    return GAME.from_json(data)


async def test_a_card_with_no_play_says_which_rule_stops_each_kind(make_app) -> None:  # type: ignore[no-untyped-def]
    """Issue 32, item 27: the panel said "Plays with Q♣ (0)" over nothing; now it says, kind
    by kind, the rule that stops each play with the card (the trail first), at 80x24."""
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_table(app, pilot, a_build_to_keep())
        await pilot.press(*to(screen, "QC"))
        box = screen.query_one("#ac-plays-box")
        assert box.border_title == "No play with Q♣"
        panel = " ".join(r.plain.strip() for r in screen.query_one(PlaysView).note_rows())
        assert panel.startswith("Trail: while you own a build you may not trail now (TWO-1)")
        assert "Capture: nothing worth 12 (CAP-1)" in panel
        assert "Build: over 14 with any loose card (BUILD-1)" in panel
        assert "Raise: no opponent's build (RAISE-1)" in panel
        assert screen.query_one(PlaysView).note_hidden() == 0  # all of it shows at 80x24
        await pilot.press("enter")  # nothing to play: the first reason, not a bare refusal
        assert any(
            n.title == "No play with Q♣" and "may not trail now" in n.message
            for n in app._notifications
        )
        assert screen.match.record == []
        await pilot.press(*to(screen, "9D"))  # a card with a play: the list as before
        assert box.border_title == "Plays with 9♦ (1)" and screen._why == []


def test_the_reasons_come_from_the_game_kind_by_kind() -> None:
    """``no_play_reasons`` asks the game about the steps the card could make and groups the
    kinds by the rule that refused them: those the game refused first, then the kinds no
    step of which could even be written. A card with a play has no reasons."""
    state = a_build_to_keep()
    match = Match(GAME, state, [SeatSpec("human", "You"), SeatSpec("medium", "Bot")])
    table = Table.of(match.view(0))

    def explain(text: str) -> str | None:
        return match.explain(text, 0)

    assert no_play_reasons("9D", table, explain) == []
    whys = no_play_reasons("QC", table, explain)
    assert [(w.kinds, w.tried) for w in whys] == [
        (("trail",), True),
        (("capture",), False),
        (("build",), False),
        (("add",), False),
        (("raise",), False),
    ]
    assert whys[0].reason.endswith("(CASINO-TWO-1)")


def test_an_opponents_build_added_to_stops_every_other_play_AUG_5() -> None:
    """EX-9: after a free addition to an opponent's build, the play must capture it: the 2♦
    may not be trailed (TURN-6, AUG-5), and the build, now augmented, cannot be raised."""
    data = GAME.new_state(players=2, seed=1, dealer=1).to_json()
    placed = {"9S", "2D", "9H", "KC", "5H", "4C", "6C", "3D"}
    rest = [c for z in (*data["hands"], data["loose"], data["stock"]) for c in z if c not in placed]
    # hands of a card a turn (CASINO-TURN-1): you play first, so the bot holds as many
    data.update(half=2, hands=[["9S", "2D"], ["9H", "KC"]], loose=["5H", "4C"], stock=[])
    data.update(piles=[rest, []], events=[])  # the rest captured by you: no top to use
    data["builds"] = [{"value": 9, "owner": 1, "units": [["6C", "3D"]]}]
    state = GAME.from_json(data)
    state.apply("add B9: 5H+4C")
    match = Match(GAME, state, [SeatSpec("human", "You"), SeatSpec("medium", "Bot")])
    whys = no_play_reasons("2D", Table.of(match.view(0)), lambda t: match.explain(t, 0))
    said = {k: w.reason for w in whys for k in w.kinds}
    assert said["trail"].endswith("(CASINO-AUG-5)")
    assert said["raise"].endswith("(CASINO-RAISE-4)")


def test_paragraphs_wrap_at_word_boundaries_with_a_hanging_indent() -> None:
    rows = hang(Text("Trail: while you own a build you may not trail now"), 23)
    assert [r.plain for r in rows] == [
        "Trail: while you own a",
        "  build you may not",
        "  trail now",
    ]
    assert all(r.cell_len <= 23 for r in rows)


async def test_reasons_longer_than_the_panel_scroll() -> None:
    """A note taller than the panel is a window with a row that says how much more, moved
    by ``scroll_note`` (↑↓ while there is no play to pick, and the mouse wheel)."""

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield PlaysView()

    app = One()
    async with app.run_test(size=(23, 4)) as pilot:
        view = app.query_one(PlaysView)
        para = Text("Trail: while you own a build you may not trail now (TWO-1)")
        view.show([], None, [para, Text("Capture: nothing worth 12 (CAP-1)")])
        await pilot.pause()
        assert len(view.note_rows()) == 5 and view.note_hidden() == 2
        rows = view.render().plain.split("\n")
        assert rows[0] == "Trail: while you own a" and rows[-1] == "  ▲ 0 more · ▼ 2 more"
        assert view.scroll_note(1) and view.scroll_note(5) and not view.scroll_note(1)
        rows = view.render().plain.split("\n")
        assert rows[-2] == "  12 (CAP-1)" and rows[-1] == "  ▲ 2 more · ▼ 0 more"


async def open_full_table(app: Any, pilot: Any) -> CasinoScreen:
    """The snapshots' full layout (ten loose cards a-j, builds k l m, Bot's pile top n: A♣),
    the second half of a two-player deal, you to move."""
    from test_african_casino_snapshots import full_table

    return await open_table(app, pilot, full_table())


async def test_a_pile_top_for_a_new_build_keeps_the_work_and_takes_the_route(make_app) -> None:  # type: ignore[no-untyped-def]
    """Issue 32, item 28: a unit with a pile top in a new build (CASINO-PILE-2) cleared the
    preview to "Build" and lost the work. Now the composer reads it as the legal route,
    the build and then the addition of the other unit (AUG-3, AUG-6): enter makes the
    build and the composer goes on with the addition, the picks kept."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_full_table(app, pilot)
        # 2♦ with 3♥ 5♦ (a build of 10), then 7♥ 2♣ and Bot's top A♣ (a unit of 10)
        await pilot.press(*to(screen, "2D"), "b", "b", "d", "slash", "f", "a", "n")
        preview = shown(screen, "#ac-preview")
        assert "Build 10 from 3♥ 5♦ and your 2♦, then add 7♥+2♣+A♣ from Bot's pile" in preview
        assert "the game takes the build: enter makes it, then the addition" in preview
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(screen.match.record) == 1)
        assert screen.match.record[0][:2] == (0, "build 10: 3H 5D 2D")
        assert screen.comp is not None and screen.comp.kind == "add"
        assert screen.comp.keys() == {("build", 10), ("loose", "7H"), ("loose", "2C"), ("top", 1)}
        assert "Composing a free addition" in status(screen)
        assert "the game takes it" in shown(screen, "#ac-preview")
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(screen.match.record) == 2)
        assert screen.match.record[1][:2] == (0, "add B10: 7H+2C+top:P2")
        assert [b["kind"] for b in screen.match.view(0)["builds"] if b["value"] == 10] == [
            "augmented"
        ]


async def test_a_refused_reading_still_shows_the_picks_and_says_an_addition(make_app) -> None:  # type: ignore[no-untyped-def]
    """A pile top in the same unit as a new build's cards: the preview keeps every pick in
    words and says how to go on (its own unit, CASINO-PILE-2); tab says "an addition"."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_full_table(app, pilot)
        await pilot.press(*to(screen, "2D"), "b", "b", "n")  # 3♥ and Bot's A♣, one unit
        preview = shown(screen, "#ac-preview")
        assert "Build with 3♥+A♣ from Bot's pile and your 2♦" in preview
        assert "give it a unit of its own (/)" in preview and "PILE-2" in preview
        assert "Composing a build" in status(screen)
        await pilot.press("tab")
        assert "Composing an addition" in status(screen)
        assert screen.comp is not None and len(screen.comp.picks) == 2  # the work kept


async def test_the_plays_beside_the_table_are_whole_at_80x24(make_app) -> None:  # type: ignore[no-untyped-def]
    """Issue 32, item 33: the list of plays cut a long capture ("c capture A♠ J♥+3♥ 7♥+…");
    each play now wraps whole, and a click on any of its rows plays it."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_full_table(app, pilot)  # A♥ picked: 156 plays, long captures
        view = screen.query_one(PlaysView)
        rows = view.render().plain.split("\n")
        assert not any("…" in r for r in rows) and all(len(r) <= view.size.width for r in rows)
        first = screen._plays[0]
        whole = " ".join(r.strip() for y, r in enumerate(rows) if view._rows[y] == 0)
        assert whole == view.lines[0].plain == "c capture A♠ J♥+3♥ 7♥+5♦+2♣ 10♦+4♠ 8♠+6♣ (11)"
        assert view._rows[:3] == [0, 0, 0]  # three rows, all the first play's
        await pilot.click(PlaysView, offset=(4, 2))  # its last row
        await wait_for(pilot, lambda: bool(screen.match.record))
        assert screen.match.record[0][:2] == (0, str(first))


async def test_the_list_of_every_step_finds_additions_by_that_word(make_app) -> None:  # type: ignore[no-untyped-def]
    """``m``: typing "addition" keeps the additions (the steps' words say "Add" and "Make
    ... a base", the notation "add")."""
    from cardsuite.games.african_casino.actions import Add
    from cardsuite.games.african_casino.screen_moves import CasinoMovesScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_full_table(app, pilot)
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, CasinoMovesScreen))
        await pilot.press(*"addition")
        shown_ = app.screen.shown
        assert shown_ and all(isinstance(e[2], Add) for e in shown_)


def test_the_route_is_offered_only_where_every_unit_is_worth_the_build() -> None:
    """The composer's readings of a build of several units (no Textual): the build, then
    the others added, where each is worth its value (AUG-1); else the reason, the picks
    still in words. The addition reads the same picks the same way (tab keeps the work)."""
    from test_african_casino_snapshots import full_table

    table = Table.of(full_table().view(0))
    comp = Composition("build", "2D")
    for unit, keys in ((0, ["3H", "5D"]), (1, ["7H", "2C"])):
        comp.picks += [(unit, ("loose", k)) for k in keys]
    comp.picks.append((1, ("top", 1)))  # Bot's A♣: 7+2+1 = 10
    first = candidates(comp, table)[0]
    assert first.text == "build 10: 3H 5D 2D" and first.then is not None
    assert first.then.kind == "add" and first.then.card is None
    comp.kind = "add"
    assert [c.text for c in candidates(comp, table)][-1] == "build 10: 3H 5D 2D"
    comp.kind = "build"
    comp.picks.remove((1, ("loose", "2C")))  # 7+1 is not 10, nor is 7+1+2 with the 2♦ in it
    (only,) = [c for c in candidates(comp, table) if c.text is None]
    assert only.reason is not None and only.reason.endswith("(CASINO-AUG-1)")
    assert only.words == "Build with [3H]+[5D] | [7H]+[AC] from {P1}'s pile and your [2D]"


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


async def test_o_orders_the_cards_a_capture_takes_CAP_5(make_app) -> None:  # type: ignore[no-untyped-def]
    """CASINO-CAP-5: ``o`` on the highlighted capture opens the command line with it and the
    order its cards would go on the pile (bottom to top: the default, highest at the bottom);
    the person rearranges them, the verdict follows, enter sends it."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(app, pilot, stacked())
        await pilot.press(*to(screen, "9D"))
        assert str(screen._plays[0]) == "capture 9D: 9C 5H+4C"
        assert "o order" in shown(screen, "#ac-preview")
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, CasinoCommandScreen))
        line = app.screen.query_one(Input)
        assert line.value == "capture 9D: 9C 5H+4C order 9C 5H 4C"
        await pilot.press(*["backspace"] * len("9C 5H 4C"), "4", "C", "space", "5", "H")
        await wait_for(pilot, lambda: "✗" in shown(app.screen, "#ac-command-verdict"))
        assert "CAP-5" in shown(app.screen, "#ac-command-verdict")  # the 9C is missing
        await pilot.press("space", "9", "C")
        await wait_for(pilot, lambda: "✓" in shown(app.screen, "#ac-command-verdict"))
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.match.view(0)["piles"][0]["size"] == 4)
        assert screen.match.record[0][:2] == (0, "capture 9D: 9C 5H+4C order 4C 5H 9C")
        assert screen.match.view(0)["piles"][0]["cards"][-4:] == ["4C", "5H", "9C", "9D"]
