"""The felt's layout: seats round the table, each play in front of its seat, at every size."""

from __future__ import annotations

from rich.text import Text

from cardsuite.cards import Card
from cardsuite.ui.cardart import LARGE, MEDIUM, SMALL, CardStyle, size_for
from cardsuite.ui.felt import FeltScene, Play, SeatSpot, _Around, _compact
from cardsuite.ui.fill import fill_rows
from cardsuite.ui.widgets import CardGroup

CS = CardStyle()
NAMES = ["South", "West", "North", "East"]


def scene(plays: dict[int, list[str]], seats: int = 4) -> FeltScene:
    return FeltScene(
        title="Trick 3 · threes",
        seats=[
            SeatSpot(s, Text(NAMES[s]), [Text("= 0")], None if s == 0 else 5) for s in range(seats)
        ],
        plays=[Play(s, [Card.parse(c) for c in cs]) for s, cs in plays.items()],
    )


def where(lines: list[str], label: str) -> tuple[int, int]:
    """Row and column of the first occurrence of a card label on the canvas."""
    for y, line in enumerate(lines):
        if label in line:
            return y, line.index(label)
    raise AssertionError(f"{label} is not on the felt:\n" + "\n".join(lines))


def test_each_play_lies_in_front_of_its_seat_at_80x24() -> None:
    """The felt of an 80x24 table is about 53x15; a trick of threes still sits round it."""
    plays = {
        0: ["5S", "5H", "4S"],
        1: ["6H", "3D", "2S"],
        2: ["3S", "2H", "2D"],
        3: ["9S", "9H", "9D"],
    }
    canvas = _Around(53, 15, SMALL, CS, fans=False).draw(scene(plays))
    assert canvas is not None, "four plays of three cards did not fit round the table"
    lines = canvas.text().plain.split("\n")
    south, west, north, east = (where(lines, lab) for lab in ("5♠", "6♥", "3♠", "9♠"))
    assert north[0] < west[0] == east[0] < south[0]  # across above, the sides level, South below
    assert west[1] < north[1] < east[1] and west[1] < south[1] < east[1]
    assert where(lines, "North")[0] < north[0]  # North's name above its play
    assert where(lines, "South")[0] > south[0]  # South's line below its play


def test_bigger_faces_and_fanned_backs_from_120x36() -> None:
    assert size_for(80, 24) is SMALL and size_for(120, 36) is MEDIUM and size_for(160, 48) is LARGE
    canvas = _Around(86, 26, MEDIUM, CS, fans=True).draw(scene({2: ["10S"], 3: ["QC"]}))
    assert canvas is not None
    text = canvas.text().plain
    assert "10♠" in text and "Q♣" in text and "5 cards" in text and "▚▚▚" in text


def test_a_felt_too_small_for_faces_says_it_in_text() -> None:
    s = scene({1: ["7H"]})
    assert _Around(30, 8, SMALL, CS, fans=False).draw(s) is None
    text = _compact(s, CS).plain
    assert all(name in text for name in NAMES) and "7♥" in text


def test_three_seats_have_no_north() -> None:
    canvas = _Around(53, 15, SMALL, CS, fans=False).draw(scene({1: ["7H"], 2: ["8C"]}, seats=3))
    assert canvas is not None
    lines = canvas.text().plain.split("\n")
    west, east = where(lines, "7♥"), where(lines, "8♣")
    assert west[0] == east[0] and west[1] < east[1]


def _south_with(lines: list[str], name: str = "▶ Abcdefghijklmn01 (you)") -> FeltScene:
    s = scene({0: ["5S"], 1: ["6H"]}, seats=3)
    s.seats[0] = SeatSpot(0, Text(name), [Text(t) for t in lines], None)
    return s


def test_south_lines_too_wide_for_one_row_go_on_the_next_not_off_the_edge() -> None:
    """A long name and many lines on a narrow felt (80x24): South's info takes two rows,
    filled in turn, and ends with its last line whole, still below South's play."""
    lines = ["tricks 0/8", "+3 net", "to exchange", "owes NGO"]
    canvas = _Around(53, 15, SMALL, CS, fans=False).draw(_south_with(lines))
    assert canvas is not None
    rows = canvas.text().plain.split("\n")
    name_row = where(rows, "Abcdefghijklmn01")[0]
    assert name_row > where(rows, "5♠")[0]
    shown = " ".join(rows[name_row : name_row + 2])
    assert all(t in shown for t in lines), shown
    assert "owes NGO" in rows[name_row + 1]
    # a line that fits is one row, as before
    canvas = _Around(53, 15, SMALL, CS, fans=False).draw(_south_with(["= 0"], "South"))
    assert canvas is not None
    rows = canvas.text().plain.split("\n")
    assert "South  ·  = 0" in rows[where(rows, "South")[0]]


def test_south_keeps_one_row_when_the_felt_has_no_room_for_two() -> None:
    """Where the felt is only just tall enough for the cards, South keeps its one row (cut
    at the edge) rather than the table giving up its faces."""
    lines = ["tricks 0/8", "+3 net", "to exchange", "owes NGO"]
    tight = SMALL.h * 2 + 1  # the middle band and South's play, a card each, and one row
    canvas = _Around(53, tight, SMALL, CS, fans=False).draw(_south_with(lines))
    assert canvas is not None
    rows = canvas.text().plain.split("\n")
    assert where(rows, "Abcdefghijklmn01")[0] == tight - 1


def test_the_middle_group_keeps_off_the_side_seats_lines_at_80x24() -> None:
    """Hornafjarðarmanni's exchange at 80x24: the manni's backs, the cut card and "manni 16
    cards · cut card" were wider than the room between the side seats, and drew over their
    lines ("to e", "tric"). The group now stays between them, its label in parts."""
    sides = [Text("tricks 0"), Text("+0 net"), Text("to exchange")]
    s = FeltScene(
        title="Exchange with the manni",
        seats=[
            SeatSpot(0, Text("West"), [Text("to exchange")], None),
            SeatSpot(1, Text("East medium"), sides, 12),
            SeatSpot(2, Text("South D"), [*sides, Text("has cut card")], 12),
        ],
        center=CardGroup("manni", [Card.parse("KD")], note="16 cards · cut card", backs=16),
    )
    canvas = _Around(53, 15, SMALL, CS, fans=False).draw(s)
    assert canvas is not None
    rows = canvas.text().plain.split("\n")
    text = "\n".join(rows)
    for line in ("tricks 0", "+0 net", "to exchange"):  # East's lines whole, at the left
        assert any(r[1:].startswith(line + " ") for r in rows), text
        assert any(r.rstrip().endswith(" " + line) for r in rows), text  # and South's
    for part in ("manni", "16 cards", "cut card"):
        x = where(rows, part)[1]
        assert x >= 13 and x + len(part) <= 53 - 14, text  # between the side seats' lines
    assert "K♦" in text


def test_fill_rows_one_row_where_it_fits_else_rows_filled_in_turn() -> None:
    """The shared layout of a seat's parts (the trick felt's South, Casino's own seat): the
    wide spacing, then the close one, then rows filled in turn; each part's start column
    (Casino's pile top is a click target)."""
    parts = [Text("South"), Text("tricks 3"), Text("+2 net")]
    assert [(r.plain, s) for r, s in fill_rows(parts, 40, ("  ·  ", " · "))] == [
        ("South  ·  tricks 3  ·  +2 net", [0, 10, 23])
    ]
    assert [r.plain for r, _ in fill_rows(parts, 26, ("  ·  ", " · "))] == [
        "South · tricks 3 · +2 net"
    ]
    rows = fill_rows(parts, 16, ("  ·  ", " · "))
    assert [(r.plain, s) for r, s in rows] == [("South · tricks 3", [0, 8]), ("+2 net", [0])]


def test_a_seat_with_no_cards_left_says_so() -> None:
    """The end of a hand at 80x24 (Trjámann's last trick held on the table): the side seats'
    strips of backs were a bare " 0"."""
    spots = [
        SeatSpot(s, Text(n), [Text("+0 net")], None if s == 0 else 0)
        for s, n in enumerate(["South", "West", "East"])
    ]
    plays = [Play(s, [Card.parse(c)]) for s, c in enumerate(["5S", "6H", "9S"])]
    canvas = _Around(53, 15, SMALL, CS, fans=False).draw(FeltScene("Trick 16", spots, plays))
    assert canvas is not None
    lines = [line.strip() for line in canvas.text().plain.split("\n")]
    assert not any(line == "0" or line.endswith(" 0") for line in lines), lines
    assert sum(line.count("no cards") for line in lines) == 2
