"""Mensch at 80x24, as new players met it (issue 32): the seats stay round the table through
the auction, trumps, the call and the tricks (the felt fell back to a text list whenever a
side seat had a fourth line: "to bid", "declarer", "best so far"); the status, the header and
the seats' lines fit, broken between phrases, never inside one; the play prompt names the
suit led; the call dialog offers the customary aces first; the chip sheet tells every
contract apart, whole in the side panel."""

from __future__ import annotations

from typing import Any

from helpers import LONG_NAMES, wait_for
from rich.console import Console
from rich.text import Text
from test_mensch_app import mensch
from textual.widgets import Static

from cardsuite.cards import SUIT_NAMES, Card
from cardsuite.games.mensch.actions import Bid, Call
from cardsuite.games.mensch.screen import MenschScreen, phrase_lines
from cardsuite.ui.cardart import SMALL, CardStyle
from cardsuite.ui.choice import ChoiceScreen
from cardsuite.ui.felt import FeltScene, Play, SeatSpot, TrickFelt, _Around, _compact
from cardsuite.ui.widgets import card_style

CS = CardStyle()


def _spot(seat: int, title: str, lines: list[str], backs: int | None = 8) -> SeatSpot:
    return SeatSpot(seat, Text(title), [Text(t) for t in lines], backs)


def test_four_seats_stay_round_with_a_side_seats_many_lines_at_80x24() -> None:
    """The felt of an 80x24 table is 53x15: a side seat had room for three lines under its
    name (its backs, tricks, chips), so Mensch's "to bid", "declarer" or "best so far" sent
    the whole table to a text list. The side seats' lines now run on beside North's and
    South's plays (middle columns), whole, and keep off them."""
    side = ["tricks 0", "+1 chip", "declarer", "best so far", "thinking…"]
    scene = FeltScene(
        title="Trick 2",
        seats=[
            _spot(0, "▶ South (you)", ["tricks 1", "-1 chip"], None),
            _spot(1, "West medium", side),
            _spot(2, "North medium D", ["tricks 0", "+0 chips", "partner"]),
            _spot(3, "East medium", side),
        ],
        plays=[Play(s, [Card.parse(c)]) for s, c in ((1, "7H"), (2, "AH"), (3, "KH"), (0, "9H"))],
    )
    canvas = _Around(53, 15, SMALL, CS, fans=False).draw(scene)
    assert canvas is not None, "the four seats gave up their places round the table"
    rows = canvas.text().plain.split("\n")
    text = "\n".join(rows)
    for line in ["West medium", *side]:  # West's lines whole at the left, East's at the right
        assert any(r[1:].startswith(line) for r in rows), text
    for line in ["East medium", *side]:
        assert any(r.rstrip().endswith(line) for r in rows), text
    assert "Trick 2" in text
    for label in ("A♥", "9♥", "7♥", "K♥"):  # every play whole, off the side seats' lines
        y = next(i for i, r in enumerate(rows) if label in r)
        assert 12 < rows[y].index(label) < 53 - 12, text


def test_north_lines_too_wide_for_their_row_share_its_two_rows_whole() -> None:
    """North's name on its row, its lines on the next; at 80x24 the declarer's lines with
    "best so far" were cut at the edge ("declarer · b"): they now share both rows, whole."""
    lines = ["tricks 0", "+0 chips", "declarer", "best so far", "thinking…"]
    scene = FeltScene(
        title="Trick 1",
        seats=[
            _spot(0, "▶ South (you)", ["tricks 0"], None),
            _spot(1, "West medium", ["tricks 0"]),
            _spot(2, "Abcdefghijklmn02 medium D", lines),
            _spot(3, "East medium", ["tricks 0"]),
        ],
        plays=[Play(2, [Card.parse("AH")])],
    )
    canvas = _Around(53, 15, SMALL, CS, fans=False).draw(scene)
    assert canvas is not None
    rows = canvas.text().plain.split("\n")
    top = "\n".join(rows[:2])
    for part in ["Abcdefghijklmn02 medium D", *lines]:
        assert part in top, top


def test_south_on_one_row_keeps_its_marks_whole_and_cuts_its_name() -> None:
    """At 80x24 South has one row under four seats; with a 16-letter name its end was cut
    ("... · +0 chips · de"): the name gives way ("…") and "declarer" stays whole."""
    south = ["tricks 0", "+0 chips", "declarer"]
    scene = FeltScene(
        title="A partner to call",
        seats=[
            _spot(0, "▶ Abcdefghijklmn00 (you)", south, None),
            _spot(1, "West medium", ["tricks 0", "+0 chips"]),
            _spot(2, "North medium", ["tricks 0", "+0 chips"]),
            _spot(3, "East medium", ["tricks 0", "+0 chips"]),
        ],
    )
    canvas = _Around(53, 15, SMALL, CS, fans=False).draw(scene)
    assert canvas is not None
    last = canvas.text().plain.split("\n")[-1]
    assert last.strip().startswith("▶ Abcdefghijk") and "…" in last, last
    assert last.rstrip().endswith(" · ".join(south)), last


def test_status_lines_break_between_phrases() -> None:
    """A prompt too long for one status line (51 cells at 80x24) breaks after a phrase,
    never inside one, nor inside brackets: at a colon, full stop or bracket where that costs
    no extra line, else at a comma. One that fits is left alone."""
    text = Text("Abcdefghijklmn00: follow clubs if you can (the Mensch is a trump), else any card.")
    assert phrase_lines(text, 51).plain.split("\n") == [
        "Abcdefghijklmn00: follow clubs if you can",
        "(the Mensch is a trump), else any card.",
    ]
    hint = Text("Hint: trumps hearts (medium bot's pick: enter takes it)")
    assert phrase_lines(hint, 51).plain.split("\n") == [
        "Hint: trumps hearts",
        "(medium bot's pick: enter takes it)",
    ]
    forced = Text("South, you hold 3 clubs: you must bid Half or higher. b opens the bidding.")
    assert phrase_lines(forced, 51).plain.split("\n") == [
        "South, you hold 3 clubs:",
        "you must bid Half or higher. b opens the bidding.",
    ]
    bid = Text("Hint: Half: with a called partner, 5 tricks, trumps clubs (medium bot's pick: …)")
    assert phrase_lines(bid, 51).plain.split("\n") == [
        "Hint: Half: with a called partner, 5 tricks,",
        "trumps clubs (medium bot's pick: …)",
    ]
    assert phrase_lines(text, 90) is text and phrase_lines(text, 0) is text


def _led(view: dict[str, Any]) -> str:
    """MENSCH-RANK-4: the led card's effective suit in words."""
    led = view["trick"]["plays"][0][1][0]
    return "trumps" if led == "QC" or led[-1] == view["trump"] else SUIT_NAMES[led[-1]]


def _check_fits(screen: MenschScreen) -> None:
    """The table as a player sees it now: the seats round the felt (not the text list), the
    seats' lines whole on it, the header and every status line within their width."""
    felt = screen.query_one(TrickFelt)
    drawn = felt.render().plain
    assert drawn != _compact(felt.scene, card_style(felt)).plain, "the seats fell to a list"
    for spot in felt.scene.seats[1:]:
        for line in spot.lines:
            assert line.plain in drawn, f"{line.plain!r} is not whole on the felt:\n{drawn}"
    header = screen.query_one("#table-header", Static)
    assert len(str(header.render())) <= header.content_region.width
    status = screen.query_one("#status", Static)
    lines = str(status.render()).split("\n")
    assert len(lines) <= 2 and all(len(r) <= status.content_region.width for r in lines), lines


async def _choose(pilot: Any, app: Any, want: Any) -> None:
    """In the open dialog, the entry whose action is ``want`` (by its number)."""
    await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
    actions = [a for _, a in app.screen.choices]
    await pilot.press(str(actions.index(want) + 1))


async def test_a_deal_at_80x24_keeps_its_seats_round_and_its_lines_whole(make_app) -> None:  # type: ignore[no-untyped-def]
    """Seed 1: South bids Five, names trumps and plays the tricks by hints; at every step
    the table keeps its seats round the felt and its lines fit. The play prompt names the
    suit led (MENSCH-PLAY-2: the led card's effective suit); the chip sheet's row for the
    deal reads whole in the side panel; a chip is one chip."""
    app = make_app(start=mensch("human,medium,medium,medium", 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenschScreen))
        screen = app.screen
        match = screen.match
        await wait_for(pilot, lambda: screen.human_to_move() == 0)
        _check_fits(screen)  # the auction
        await pilot.press("b")
        await _choose(pilot, app, Bid("five"))
        await wait_for(pilot, lambda: screen.human_to_move() == 0)
        assert match.view(0)["phase"] == "trump"
        _check_fits(screen)
        await pilot.press("t")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("1")
        follows = 0
        while not match.view(None)["history"]:
            before = len(match.record)
            await wait_for(
                pilot, lambda: screen.human_to_move() == 0 or match.view(None)["history"]
            )
            if match.view(None)["history"]:
                break
            await pilot.pause()
            _check_fits(screen)
            view = match.view(0)
            if view["trick"]["plays"]:
                follows += 1
                status = str(screen.query_one("#status", Static).render())
                assert f"follow {_led(view)} if you can" in status.replace("\n", " "), status
            await pilot.press("h", "enter")
            await wait_for(pilot, lambda: len(match.record) > before)
        assert follows
        await wait_for(pilot, lambda: screen.human_to_move() == 0)
        _check_fits(screen)  # the next deal's auction, the sheet with a row
        rec = match.view(None)["history"][0]
        panel = screen.query_one("#sheet", Static)
        console = Console(width=panel.content_region.width, record=True)
        console.print(panel.content)
        body = console.export_text().splitlines()
        label = screen.sheet(match.view(0), match.names()).rows[0][0]
        assert label == f"1·{'5' if rec['contract'] == 'five' else label[2:]}"
        assert any(
            r.split() == [label, *(f"{c:+d}" if c else "·" for c in rec["changes"])] for r in body
        ), body
        view = {**match.view(0), "chips": [1, -1, 0, 2]}
        words = [screen.seat_lines(view, s)[0].plain for s in range(4)]
        assert words == ["+1 chip", "-1 chip", "+0 chips", "+2 chips"]


async def test_the_call_dialog_offers_aces_first_at_80x24(make_app) -> None:  # type: ignore[no-untyped-def]
    """Seed 1: South bids Half (or After) and calls. MENSCH-CALL-4: an ace is the customary
    call, a king when every ace is held; the dialog listed 7 up to A per suit, the ace last
    (on page 2 or 3). It now runs aces, kings, ... down, the suits in the hand's order, each
    entry in words too; the table stays round and fits."""
    app = make_app(start=mensch("human,medium,medium,medium", 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenschScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.human_to_move() == 0)
        legal = screen.match.legal_actions(0)
        bid = next(a for a in legal if isinstance(a, Bid) and a.name in ("half", "after"))
        await pilot.press("b")
        await _choose(pilot, app, bid)
        await wait_for(pilot, lambda: screen.human_to_move() == 0)
        assert screen.match.view(0)["phase"] == "call"
        _check_fits(screen)
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        choices = app.screen.choices
        calls = [a for _, a in choices]
        assert all(isinstance(a, Call) for a in calls)
        assert set(calls) == set(screen.match.legal_actions(0))
        ranks = [a.card.rank for a in calls]
        assert ranks == sorted(ranks, reverse=True) and ranks[0] == 14, ranks
        for rank in set(ranks):  # within a rank, spades, hearts, clubs, diamonds
            suits = [a.card.suit for a in calls if a.card.rank == rank]
            assert suits == sorted(suits, key="SHCD".index)
        label, first = choices[0]
        assert first.card.name in label  # "A♦  ace of diamonds"
        await pilot.press("1")
        await wait_for(pilot, lambda: screen.match.view(None)["called"] is not None)
        assert screen.match.view(None)["called"] == first.card.code
        # the header's longest case at 80 columns: a 16-letter declarer of the passed game
        # in diamonds, deal 12 of 20, a card called; it gives up words, never its end
        screen.match.names = lambda: list(LONG_NAMES[:4])  # type: ignore[method-assign]
        view = {
            **screen.match.view(0),
            **{"deal_no": 12, "deals": 20, "declarer": 0, "contract": "passed"},
            **{"trump": "D", "called": "10S"},
        }
        head = screen.header(view).plain
        assert len(head) <= screen.query_one("#table-header", Static).content_region.width
        assert (
            head == "deal 12 of 20 · Abcde…n00 plays the passed game · trumps diamonds · called 10♠"
        )
        view["deals"], view["deal_no"] = 8, 3  # where it fits, all of it
        head = screen.header({**view, "declarer": 1, "contract": "seven-after", "called": None})
        assert head.plain == (
            "Mensch · deal 3 of 8 · Abcdefghijklmn01 plays Seven After · trumps ♦ diamonds"
        )


def test_the_chip_sheet_tells_every_contract_apart() -> None:
    """The sheet labelled a row by the contract's first letter: "F" was Five and Five After,
    "S" Six, Six After, Seven, Seven After and Solo. Each contract now has its own short
    form, with the deal (MENSCH-BID-1 and the passed game, MENSCH-BID-6)."""
    contracts = [
        "half", "after", "five", "five-after", "six", "six-after",
        "seven", "seven-after", "solo", "passed",
    ]  # fmt: skip
    view = {
        "history": [
            {"deal": i + 1, "contract": c, "changes": [1, -1, 0, 0]}
            for i, c in enumerate(contracts)
        ],
        "chips": [0, 0, 0, 0],
    }
    sheet = MenschScreen.sheet(None, view, ["A", "B", "C", "D"])  # type: ignore[arg-type]
    labels = [label for label, _ in sheet.rows]
    codes = [label.split("·")[1] for label in labels]
    assert len(set(codes)) == len(contracts), codes
    assert labels[:4] == ["1·H", "2·A", "3·5", "4·5A"] and labels[8:] == ["9·So", "10·P"]
    assert max(len(label) for label in labels) <= 5  # "12·5A": the side panel's room


def test_the_text_list_gives_each_seats_card_count() -> None:
    """Where even small faces do not fit (a joined table's extra header row at 80x24), the
    seats' text list gives each hand's count, as the backs do round the table."""
    scene = FeltScene(
        title="The auction",
        seats=[
            _spot(0, "Ann (you)", ["to bid"], None),
            _spot(1, "Bob", ["to bid"], 8),
            _spot(2, "Cy", ["passed"], 1),
            _spot(3, "Dee", ["bid Half"], 7),
        ],
    )
    rows = _compact(scene, CS).plain.split("\n")
    assert "Bob  8 cards  ·  to bid" in rows and "Cy  1 card  ·  passed" in rows, rows
    assert "Ann (you)  to bid" in rows  # the hand below the felt
    rows = _compact(scene, CS, 20).plain.split("\n")  # closer together where it is narrow
    assert "Bob  8 cards · to bid" in rows, rows
