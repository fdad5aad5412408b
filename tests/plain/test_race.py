"""Money's race in plain text (issue 38, item 2), on a virtual clock: no real time passes.

Each card is said with its owner and whether it matches; ``s`` snaps, timed from the line
that said the card, and is judged by the table's own race and referee (money.md §6): a snap
at one's own match captures (MONEY-CLAIM-2), at no match it is false (MONEY-CLAIM-4), a bot
faster than the player wins, a player too slow sees the window close (MONEY-CLAIM-1). Money's
decisions are numbered (MONEY-BUY-1, MONEY-EG-2); bad input is answered, the end of input
leaves. The decks are stacked: Left gets the 1st, 3rd, ... card and turns first.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from plainkit import ROOT, seats
from racekit import Say, race, stacked

from cardsuite.match import Match
from cardsuite.records import Move
from cardsuite.store import Store

#: Left turns the two of hearts, Right the nine of clubs, Left the nine of diamonds (a match).
OWN_MATCH = ["2H", "9C", "9D", "4S", "6H", "3C"]
#: ... then Left the five of diamonds and Right the five of spades (Right's match).
BOT_MATCH = ["2H", "9C", "5D", "5S", "6H", "3C"]


def test_a_snap_at_your_own_match_captures(store: Store) -> None:
    m = stacked(OWN_MATCH)
    r = race(
        m,
        ["t", Say("t", None, 0.2), Say("t", "Your turn"), Say("s", "Left turns the nine", 0.1),
         Say("quit", "captures"), "n"],
        store,
    )  # fmt: skip
    said = r.lines
    assert said[said.index("Left turns first.") :][:6] == [
        "Left turns first.",
        "t",
        "Left turns the two of hearts, a new pile.",
        "t",
        "Left: not your turn, Right turns next.",
        "Right turns the nine of clubs onto the two of hearts, 2 on the ground. Your turn.",
    ]
    at = said.index("Left turns the nine of diamonds: it matches the nine of clubs!")
    assert said[at + 1 : at + 4] == [
        "s",
        "Snap! Left, 100 ms.",  # timed from the line that said the card
        "Left claims the match and captures the ground: 3 cards",
    ]
    assert Move(0, "claim", "100 ms") in m.record
    assert m.state.hands[0][-3:] and len(m.state.hands[0]) == 21 and not m.state.pile


def test_a_snap_at_no_match_is_a_false_snap(store: Store) -> None:
    m = stacked(OWN_MATCH)
    r = race(m, ["t", Say("s", "Right turns the nine", 0.25), Say("quit", "penalty"), "n"], store)
    said = r.lines
    at = said.index("Left snaps (250 ms): a false snap!")
    assert said[at + 1] == "Right takes the ground as the penalty: 2 cards"
    assert len(m.state.hands[1]) == 21  # 20, one turned, the ground's two taken


def test_a_bot_faster_than_you_wins_the_snap(store: Store) -> None:
    m = stacked(BOT_MATCH, kinds=("human", "hard"))
    answers = ["t", Say("t", "Your turn"), Say("t", "Right turns the five", 0.1)]
    r = race(m, [*answers, Say("quit", "Your turn"), "n"], store)
    said = r.lines
    at = said.index("Right turns the five of spades: it matches the five of diamonds! Your turn.")
    # Left's turn, typed 0.1 s after, waits for the throw time; the hard bot snaps sooner
    assert said[at + 2].startswith("Snap! Right, ")
    assert said[at + 3] == "Right claims the match and captures the ground: 4 cards"
    assert 280 <= int(said[at + 2].split(", ")[1].split()[0]) <= 350
    assert said[at + 4].startswith("Left turns the ")


def test_a_slow_player_loses_the_snap(store: Store) -> None:
    m = stacked(OWN_MATCH, kinds=("human", "hard"))
    answers = ["t", Say("t", "Your turn"), Say("s", "Left turns the nine", 0.9)]
    r = race(m, [*answers, Say("quit", "penalty"), "n"], store)
    said = r.lines
    at = said.index("Left turns the nine of diamonds: it matches the nine of clubs!")
    # the hard bot turns at the throw time (500 ms), closing Left's window (MONEY-CLAIM-1)
    assert said[at + 1].startswith("Right turns the four of spades onto the nine of diamonds")
    assert said[at + 2 : at + 5] == [
        "s",
        "Left snaps (400 ms): a false snap!",
        "Right takes the ground as the penalty: 4 cards",
    ]


def test_a_forced_purchase_by_number_and_bad_answers(store: Store) -> None:
    m = stacked(OWN_MATCH)
    st = m.state
    st.hands[1] += st.hands[0]  # Left has nothing to turn: Left must buy (MONEY-BUY-1)
    st.hands[0] = []
    answers = ["99", "hint", "", "b", "1", Say("nonsense", "Your turn"), "b", Say("t")]
    r = race(m, answers, store)
    said = r.lines
    menu = said.index("1. pay king (5) to the opponent, who chooses the split")
    assert said[menu - 1].startswith("Left, you must buy before you turn. Your bank: king, king,")
    assert "There is no choice 99: choose 1 to 11." in said
    assert "Money is a race: there is no hint." in said
    at = said.index("hint")
    assert said[at + 2 : at + 6] == [
        "",  # enter is no answer to a forced purchase
        "Type a number from 1 to 11, or help.",
        "b",
        "You are buying now: type a number from 1 to 11.",
    ]
    at = next(i for i, x in enumerate(said) if x.startswith("Left pays the king of "))
    assert said[at].endswith(" to Right, who chooses the split")
    assert said[at + 1 : at + 3] == ["Right hands over 5 cards", "Left: Your turn, turn your card."]
    assert said[at + 3 : at + 7] == [
        "nonsense",
        "Type t or enter to turn, s to snap, or help for the commands.",
        "b",
        "You may buy only with no cards left (Egyptian rules: at any turn).",
    ]
    assert r.err.getvalue().startswith("End of input: leaving the game")
    assert [str(x) for x in m.record[:2]] == [str(Move(0, "buy K from opponent")),
                                              str(Move(1, "sell 5"))]  # fmt: skip


def test_the_race_goes_on_while_a_menu_waits(store: Store) -> None:
    m = stacked(BOT_MATCH, kinds=("human", "hard"))
    st = m.state
    st.hands[1] += st.hands[0][2:]  # Left turns twice, then must buy
    st.hands[0] = st.hands[0][:2]
    answers = ["t", Say("t", "Your turn"), Say("help", "must buy", 0.1), Say("1", "changed")]
    r = race(m, [*answers, Say("quit", "Your turn"), "n"], store)
    said = r.lines
    at = said.index("Right turns the five of spades: it matches the five of diamonds! Your turn.")
    assert said[at + 1].startswith("Left, you must buy before you turn.")
    assert "The ground: 4 cards, money under it: nothing." in said[at + 1]
    helped = said.index("help")
    assert said[helped + 1 : helped + 3] == [
        "Type a number from 1 to 11; snaps still count.",
        "b: buy or exchange before you turn, where the rules let you (Egyptian: any turn).",
    ]
    # the hard bot snaps while Left reads the menu: the menu is said again as it now is
    snap = next(i for i, x in enumerate(said) if x.startswith("Snap! Right, "))
    assert snap > helped
    assert said[snap + 1 : snap + 3] == [
        "Right claims the match and captures the ground: 4 cards",
        "The table changed:",
    ]
    assert "The ground: 0 cards" in said[snap + 3]


def test_egyptian_captures_at_once_and_buys_at_will(store: Store) -> None:
    m = stacked(OWN_MATCH, variant="egyptian")
    answers = ["t", Say("b", "Your turn"), "", Say("t"), Say("b", "Your turn"), "1"]
    r = race(m, [*answers, Say("quit", "Your turn"), "n"], store)
    said = r.lines
    assert "Type b before you turn to buy or exchange." in said
    assert "a match is captured at once" in said[2]
    assert "Back to the race." in said
    at = said.index("Left turns the nine of diamonds: it matches the nine of clubs!")
    assert said[at + 1] == "Left captures the ground: 3 cards"  # MONEY-EG-1
    menu = [x for x in said if x.startswith("Left, buy or exchange.")]
    assert len(menu) == 2
    assert said[said.index(menu[0]) + 1].startswith("1. pay ")
    assert any(x.startswith("Left pays the ") for x in said)  # the first choice: a purchase
    assert any(x.startswith("Right hands over ") for x in said)
    assert [x.seat for x in m.record if x.text.startswith(("buy ", "sell "))] == [0, 1]


def test_egyptian_says_whose_turn_after_the_capture(store: Store) -> None:
    m = stacked(BOT_MATCH, variant="egyptian")
    r = race(m, ["t", Say("t", "Your turn"), Say("quit", "captures"), "n"], store)
    said = r.lines
    at = said.index("Right turns the five of spades: it matches the five of diamonds!")
    assert said[at + 1] == "Right captures the ground: 4 cards. Your turn."  # MONEY-EG-1
    assert said[2] == (
        "Each card is said as it is turned. Type t or just enter to turn your card;"
        " a match is captured at once."
    )


def test_hot_seat_two_snaps_on_one_line_in_the_order_typed(store: Store) -> None:
    m = stacked(OWN_MATCH, kinds=("human", "human"))
    answers = ["a", Say("l", "Right's turn"), Say("a", "Left's turn"), Say("ks", "matches", 0.3)]
    r = race(m, [*answers, Say("quit", "claim"), "n"], store)
    said = r.lines
    assert (
        "Hot-seat at one keyboard: Left: a to turn, s to snap; Right: l to turn, k to snap,"
        " each and enter." in said
    )
    at = said.index("ks")
    assert said[at + 1 : at + 4] == [
        "Right snaps (300 ms): a false snap!",  # Right's k came first: Left's card
        "Left takes the ground as the penalty: 3 cards",
        "Left: there is nothing on the ground to claim.",
    ]


def test_a_whole_short_game_to_its_end_is_kept_as_the_app_keeps_it(store: Store) -> None:
    m = stacked(OWN_MATCH)
    st = m.state
    st.hands[1] += st.hands[0][2:]  # Left: two cards and no money, soon out (MONEY-END-1)
    st.hands[0] = st.hands[0][:2]
    st.banks[1] += st.banks[0]
    st.banks[0] = []
    turns = [Say("t", "Your turn") for _ in range(4)]
    r = race(m, ["t", Say("t", "Your turn"), Say("s", "matches", 0.2), *turns], store)
    assert r.lines[-5:] == [
        "Right takes what lies on the ground: 7 cards",
        "Right wins: Left cannot buy",
        "Game over: Right wins.",
        "Final scores: Left 0, Right 160.",
        "Not rated: it began from a position",  # a stacked deal (issue 39: ratings)
    ]
    assert [(x.name, x.played, x.won) for x in store.game_stats("money")] == [("Left", 1, 0)]
    assert store.metric_summary("money", "Left", "snap_ms") is not None  # the 200 ms snap
    assert len(store.list_records()) == 1


def test_a_race_saved_in_plain_text_resumes(store: Store) -> None:
    from cardsuite.match import Match

    r = race(stacked(OWN_MATCH), ["t", Say("save", "Your turn")], store)
    assert r.lines[-1].startswith("Saved as money-")
    info = store.list_saves()[0]
    resumed = Match.from_save(store.load_save(info.path))
    resumed.save_path = info.path
    assert [x.text for x in resumed.record] == ["turn", "turn"]
    answers = [Say("s", "Resuming", 0.1), Say("quit", "penalty"), "n"]
    again = race(resumed, answers, store, resumed=True)
    assert "Resuming Money, Jordanian." in again.lines[0]
    assert "Left snaps (100 ms): a false snap!" in again.lines  # the nine of clubs is Right's
    assert again.lines[-1] == "Left the game without saving."


#: What the random player types, turns most often; and how long after it was asked.
TYPED = ["t"] * 6 + ["s", "1", "2", "b", "", "table", "score", "log", "help", "nonsense", "99"]


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("jordanian", {}),
        ("jokers", {}),
        ("egyptian", {}),
        ("egyptian", {"aces_money": "true", "kommi": "true", "scale": "b"}),
        ("syrian", {}),
    ],
)
def test_whole_games_of_every_variant(variant: str, options: dict[str, str], store: Store) -> None:
    """A person typing anything at any moment against an easy bot, to the game's end (a
    short turn limit, MONEY-END-3): menus reached, snaps made, never a traceback."""
    rng = random.Random(f"{variant} {options}")
    typed = [Say(rng.choice(TYPED), None, rng.choice((0.0, 0.1, 0.3, 0.7))) for _ in range(3000)]
    m = Match.new("money", seats("money", ["human", "easy"]), variant,
                  {"turn_limit": "150", **options}, seed=3)  # fmt: skip
    r = race(m, typed, store)
    assert m.is_over() and r.err.getvalue() == ""
    assert r.lines[-2].startswith("Game over: ") and r.lines[-1].startswith("Final scores: ")
    assert any("must buy" in x or "buy or exchange" in x for x in r.lines)  # a menu came
    assert [x.game for x in store.game_stats("money")] == ["money"]


def test_a_bots_turn_follows_the_pace(store: Store) -> None:
    m = stacked(OWN_MATCH)
    r = race(m, ["t", Say("quit", "Your turn"), "n"], store, think=1.2)
    stamps = dict((text, when) for when, text in r.out.stamped)
    left = stamps["Left turns the two of hearts, a new pile."]
    right = next(w for t, w in stamps.items() if t.startswith("Right turns the nine"))
    assert right - left >= 1.2  # the medium bot alone would turn in 0.4 to 0.55 s


def test_the_race_through_a_pipe(tmp_path: Path) -> None:
    """``play money --plain`` as a player runs it: lines in as the cards are said."""
    env = {"CARDSUITE_HOME": str(tmp_path), "PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardsuite", "play", "money", "--plain", "--seed", "4",
         "--pace", "instant", "-s", "human,medium"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env,
    )  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    seen: list[str] = []

    def until(word: str) -> str:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = proc.stdout.readline()  # type: ignore[union-attr]
            seen.append(line.rstrip("\n"))
            if word in line:
                return line
        raise AssertionError(f"{word!r} never said: {seen}")

    try:
        first = until("turns first.")
        if first.startswith("Right"):
            until("Your turn.")
        proc.stdin.write("t\n")
        proc.stdin.flush()
        assert until("Left turns the ").startswith("Left turns the ")
        proc.stdin.write("table\n")
        proc.stdin.flush()
        until("The ground: ")
        proc.stdin.close()  # the end of input: the game is left
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    err = proc.stderr.read() if proc.stderr is not None else ""
    assert "End of input: leaving the game" in err and "Traceback" not in err
    assert seen[0] == "Money, Jordanian. 2 players: Left (a person), Right (medium bot)."


def test_the_thread_reader_stamps_lines_and_keeps_deadlines() -> None:
    """Standard input read in a thread: a line stamped by the session's clock when read,
    nothing by a deadline already past (no waiting), then the end of input for good."""
    import os

    from cardsuite.plain.race import ThreadReader

    read_end, write_end = os.pipe()
    ticks = iter(range(100))
    with os.fdopen(read_end, "r") as inp, os.fdopen(write_end, "w") as out:
        reader = ThreadReader(inp, lambda: float(next(ticks)))
        assert reader.read(-1.0) is None  # a past deadline: at once, nothing
        out.write("s\n")
        out.flush()
        line = reader.read(None)
        assert line is not None and line.text == "s" and line.at >= 0
        out.close()
        end = reader.read(None)
        assert end is not None and end.text is None
        assert reader.read(-1.0) is end  # and every time after
