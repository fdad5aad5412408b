"""Mensch at 80x24, as new players met it (issue 32): the seats stay round the table through
the auction, trumps, the call and the tricks (the felt fell back to a text list whenever a
side seat had a fourth line: "to bid", "declarer", "best so far"), the seats' lines whole."""

from __future__ import annotations

from rich.text import Text

from cardsuite.cards import Card
from cardsuite.ui.cardart import SMALL, CardStyle
from cardsuite.ui.felt import FeltScene, Play, SeatSpot, _Around, _compact

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
