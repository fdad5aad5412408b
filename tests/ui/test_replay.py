"""The replay of game records (issue 14): the game's own table at any move, the keys that
step through it, whose hands show, the history screen, ``cardsuite replay`` and a snapshot.

Records come from seeded bot play (``simulate.play_one`` with ``records``), so every test
knows the position the table must show: the state ``records.replay`` reaches at that move.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers import LONG_NAMES, screen_of, wait_for
from textual.widgets import DataTable

from cardsuite.cards import Card
from cardsuite.cli import main
from cardsuite.games import all_games, get_game
from cardsuite.records import Record, parse, replay
from cardsuite.review import Decision, Review
from cardsuite.simulate import GameSpec, play_one
from cardsuite.store import Store
from cardsuite.ui import app as ui_app
from cardsuite.ui.app import ReplayRequest
from cardsuite.ui.cardart import CardStyle
from cardsuite.ui.confirm import ConfirmScreen
from cardsuite.ui.history import HistoryScreen
from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.replay import ALL, NONE, HandsPanel, MovesList, ReplayTable
from cardsuite.ui.replay_data import Replay
from cardsuite.ui.widgets import HandView


def make_record(
    folder: Path,
    game: str = "twenty-two",
    players: int = 4,
    variant: str | None = None,
    seed: int = 3,
    level: str = "easy",
    moves: int | None = None,
) -> Record:
    """A seeded bot game's record (its first ``moves`` moves only, if given)."""
    g = get_game(game)
    folder.mkdir(parents=True, exist_ok=True)
    spec = GameSpec(
        game, players, variant or g.default_variant, {}, (level,) * players, records=str(folder)
    )
    play_one(spec, seed, 0)
    path = folder / f"{g.id}-00001.txt"
    rec = parse(path.read_text("utf-8"))
    if moves is not None:
        rec.moves, rec.lines, rec.result = rec.moves[:moves], rec.lines[:moves], "unfinished"
    return rec


def expected_states(rec: Record) -> list[dict[str, Any]]:
    """The position after every move, replayed independently (0: before any)."""
    first = rec.initial_state()
    out = [first.clone().to_json()]
    out += [step.state.to_json() for step in replay(rec, first)]
    return out


async def open_replay(app: Any, pilot: Any) -> Any:
    await wait_for(pilot, lambda: isinstance(app.screen, ReplayTable))
    screen = app.screen
    await wait_for(pilot, lambda: screen._rp_placed)
    await pilot.pause()
    return screen


# --- the replayed positions -------------------------------------------------------------------


def test_replay_keeps_every_position_and_its_log(tmp_path: Path) -> None:
    rec = make_record(tmp_path)
    r = Replay.of(rec)
    want = expected_states(rec)
    assert r.error is None and r.last == len(rec.moves) == len(want) - 1
    for k in (0, 1, 7, r.last // 2, r.last):
        state = r.states[k]
        state.events = r.log_at(k)
        assert state.to_json() == want[k]
        state.events = []
    # the units stop at tricks and deals, the start and the end always among them
    assert r.rounds.name == "trick" and r.deals.name == "deal"
    for units in (r.rounds, r.deals):
        assert units.stops[0] == 0 and units.stops[-1] == r.last
    trick_at = r.rounds.after(0)
    assert any(e.kind in ("trick", "deal", "showdown") for e in r.events_of(trick_at))
    assert set(r.deals.stops) <= set(r.rounds.stops)


def test_a_refused_line_replays_up_to_the_last_good_move(tmp_path: Path) -> None:
    rec = make_record(tmp_path, moves=40)
    bad_line = rec.lines[20]
    rec.moves[20] = rec.moves[20]._replace(text="play ZZ")
    r = Replay.of(rec)
    assert r.last == 20 and r.error is not None
    assert r.error.line == bad_line and "play ZZ" in r.error.reason


def test_games_without_tricks_step_by_captures(tmp_path: Path) -> None:
    money = Replay.of(make_record(tmp_path / "m", "money", 2, moves=300))
    assert money.rounds.name == "capture"
    casino = Replay.of(make_record(tmp_path / "c", "african-casino", 2))
    assert casino.rounds.name == "capture" and casino.deals.name == "deal"
    assert len(casino.deals.stops) > 2


# --- the table at the cursor ------------------------------------------------------------------


async def test_keys_step_the_table_through_the_game(make_app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    rec = make_record(tmp_path)
    want = expected_states(rec)
    app = make_app(start=ReplayRequest(rec, 0))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_replay(app, pilot)
        r: Replay = screen.replay
        moves = screen.query_one(MovesList)

        async def at(k: int) -> None:
            await pilot.pause()
            assert screen.rp_at == k
            assert screen.match.state.to_json() == want[k]
            assert moves.highlighted == k
            bar = screen.rp_bar_text
            assert f"move {k} of {r.last}" in bar

        await at(0)
        await pilot.press("right", "right", "right")
        await at(3)
        await pilot.press("left")
        await at(2)
        await pilot.press("end")
        await at(r.last)
        await pilot.press("right")  # past the end: stays
        await at(r.last)
        await pilot.press("home")
        await at(0)
        await pilot.press("shift+right")
        first_trick = r.rounds.after(0)
        await at(first_trick)
        # the finished trick is held on the felt as it was, as in play
        assert screen.holding and any(e.kind in screen.PAUSE_AFTER for e in screen.holding)
        await pilot.press("right_square_bracket")
        await at(r.rounds.after(first_trick))
        await pilot.press("shift+left")
        await at(first_trick)
        await pilot.press("pagedown")
        await at(r.deals.after(first_trick))
        await pilot.press("pageup")
        await at(r.deals.before(r.deals.after(first_trick)))
        await pilot.press("down", "down")
        await at(r.deals.before(r.deals.after(first_trick)) + 2)
        # the log follows the cursor
        await pilot.press("home", "right", "right", "right", "right", "right")
        await at(5)
        assert screen.match.public_log() == r.log_at(5)
        # a click on a move in the list jumps there
        moves.scroll_home(animate=False)
        await pilot.pause()
        await pilot.click(MovesList, offset=(6, 3))  # the border, the start, moves 1 and 2
        await at(2)
        # no move is ever made, no bot thinks
        assert len(screen.match.record) == 0 and screen._thinking is None


async def test_s_chooses_whose_hand_shows(make_app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    rec = make_record(tmp_path, players=3)
    app = make_app(start=ReplayRequest(rec, 1))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_replay(app, pilot)
        await pilot.press("right", "right", "right", "right", "right", "right", "right")
        await pilot.pause()
        hand = screen.query_one(HandView)
        state = screen.match.state
        assert screen.rp_mode == 1 and screen.shown == 1
        assert [c.code for c in hand.cards] == state.view(1)["hand"]
        await pilot.press("s")  # the next seat
        await pilot.pause()
        assert screen.shown == 2 and [c.code for c in hand.cards] == state.view(2)["hand"]
        await pilot.press("s")  # every hand face up, each from its own seat's view
        await pilot.pause()
        assert screen.rp_mode == ALL and screen.shown is None
        panel = screen.query_one(HandsPanel)
        box = screen.query_one("#rp-hands-box")
        assert box.display and not hand.display
        for s, (_, cards) in enumerate(panel.rows):
            assert [c.code for c in cards] == state.view(s)["hand"]
        await pilot.press("s")  # nobody's: the spectator's table
        await pilot.pause()
        assert screen.rp_mode == NONE and screen.shown is None
        assert hand.face_down and not box.display
        await pilot.press("s")
        await pilot.pause()
        assert screen.shown == 0 and [c.code for c in hand.cards] == state.view(0)["hand"]


async def test_a_bad_line_opens_at_the_last_good_move(make_app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    rec = make_record(tmp_path, moves=30)
    rec.moves[25] = rec.moves[25]._replace(text="play ZZ")
    app = make_app(start=ReplayRequest(rec))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_replay(app, pilot)
        assert screen.rp_at == 25 == screen.replay.last
        bar = screen.query_one("#rp-bar")
        assert bar.has_class("-error") and f"line {rec.lines[25]}" in screen.rp_bar_text
        assert any("line" in n.message for n in app._notifications)
        await pilot.press("home", "end", "left")
        assert screen.rp_at == 24


async def test_money_shows_a_claims_reaction_time(make_app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    rec = make_record(tmp_path, "money", 2, level="medium", moves=400)
    claim = next(k for k, m in enumerate(rec.moves, start=1) if m.note)
    app = make_app(start=ReplayRequest(rec))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot)
        screen.rp_goto(claim)
        await pilot.pause()
        assert rec.moves[claim - 1].note in screen.rp_bar_text
        await pilot.press("s")  # every seat sees the same table
        assert isinstance(app.screen, ReplayTable)
        # issue 32: q ends ``cardsuite replay FILE`` (back to the shell, not the picker)
        assert app.screen.active_bindings["q"].binding.description == "Quit"  # the footer
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running)


@pytest.mark.parametrize("game", [g.id for g in all_games()])
async def test_every_game_and_variant_replays(make_app, tmp_path: Path, game: str) -> None:  # type: ignore[no-untyped-def]
    """Each variant at the fewest players, and the default one at the most (Twenty-Two: six,
    the seats listed beside the felt): the table opens, steps, shows every hand and none."""
    g = get_game(game)
    most = 6 if game == "twenty-two" else max(g.players)
    cases = [(v, min(g.players)) for v in g.variants]
    if most != min(g.players):
        cases.append((g.default_variant, most))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        for i, (variant, n) in enumerate(cases):
            rec = make_record(tmp_path / str(i), game, n, variant, moves=60)
            want = expected_states(rec)
            app.open_replay(rec)
            screen = await open_replay(app, pilot)
            if i == 0:  # by the keys once
                await pilot.press("right", "shift+right", "pagedown", "end", "s")
            for act in (screen.action_rp_deal, screen.action_rp_round, screen.action_rp_step):
                act(1)
            screen.action_rp_jump(-1)
            for _ in screen.rp_modes:
                screen.action_rp_seat()
            screen.action_rp_step(-1)
            await pilot.pause()
            assert screen.rp_at == screen.replay.last - 1 == len(want) - 2
            assert screen.match.state.to_json() == want[-2]
            await pilot.press("q")
            await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))


# --- the history ------------------------------------------------------------------------------


async def test_history_lists_records_and_opens_one(make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    records = private_home / "records"
    records.mkdir(parents=True)
    make_record(records, moves=None)
    bad = records / "broken.txt"
    bad.write_bytes(b"cardsuite record 1\ngame: nosuchgame\n")
    before = bad.read_bytes(), bad.stat().st_mtime_ns
    app = make_app(store=Store(private_home))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        history = app.screen
        table = history.query_one(DataTable)
        assert table.row_count == 2
        rows = [" ".join(str(c) for c in table.get_row_at(i)) for i in range(2)]
        good = next(i for i, row in enumerate(rows) if "Twenty-Two" in row)
        broken = 1 - good
        assert "broken.txt" in rows[broken] and "cannot be replayed" in rows[broken]
        table.move_cursor(row=broken)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is history
        assert any("broken.txt" in n.message for n in app._notifications)
        table.move_cursor(row=good)
        await pilot.press("enter")
        screen = await open_replay(app, pilot)
        assert screen.replay.record.game == "twenty-two"
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is history)
    assert (bad.read_bytes(), bad.stat().st_mtime_ns) == before


# --- the command line -------------------------------------------------------------------------


def test_cardsuite_replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(ui_app, "run_app", lambda **kw: calls.append(kw))
    runner = CliRunner()
    make_record(tmp_path, moves=20)
    good = tmp_path / "twenty-two-00001.txt"
    result = runner.invoke(main, ["replay", str(good), "--seat", "2"])
    assert result.exit_code == 0, result.output
    (call,) = calls
    assert isinstance(call["start"], ReplayRequest) and call["start"].seat == 1
    assert call["start"].record.game == "twenty-two"
    result = runner.invoke(main, ["replay", str(good), "--all"])
    assert result.exit_code == 0 and calls[-1]["start"].seat == ALL

    text = good.read_text("utf-8").replace("players: 4", "players: 40")
    bad = tmp_path / "bad.txt"
    bad.write_text(text, "utf-8")
    result = runner.invoke(main, ["replay", str(bad)])
    line = text.splitlines().index("players: 40") + 1
    assert result.exit_code != 0 and f"line {line}" in result.output
    assert bad.read_text("utf-8") == text  # untouched
    for args in (
        ["replay", str(tmp_path / "missing.txt")],
        ["replay", str(good), "--seat", "5"],
        ["replay", str(good), "--seat", "1", "--all"],
    ):
        result = runner.invoke(main, args)
        assert result.exit_code != 0, args
    assert len(calls) == 2  # nothing else started


# --- a snapshot -------------------------------------------------------------------------------


def test_replay_snapshot(snap_compare, make_app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    rec = make_record(tmp_path, seed=11)
    rec.started = None
    app = make_app(start=ReplayRequest(rec, 0))

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        screen = await open_replay(app, pilot)
        await pilot.press("shift+right", "shift+right", "right", "right")
        await wait_for(pilot, lambda: screen.rp_at > 2)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(100, 30), run_before=run_before)


async def test_r_reviews_the_seat_shown_and_marks_its_worst_moves(make_app) -> None:  # type: ignore[no-untyped-def]
    """Issue 14: a key in the replay runs the review; the decisions it would change are
    marked in the list of moves and the player jumps to the worst with 1."""
    from casino_records import casino_record

    rec = casino_record("trail 10H", "end")
    app = make_app(
        start=ReplayRequest(rec, 0), bot_options={"hard": {"iterations": 200, "time_budget": 30}}
    )
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayTable))
        screen = app.screen
        assert screen.review_budget() == (600, 90.0)  # three times the hard bot's in play
        await pilot.press("end", "r")
        await wait_for(pilot, lambda: screen.rp_review is not None, timeout=60)
        (worst,) = screen.rp_review.worst()
        assert worst.index == 0 and worst.played == "trail 10H"
        moves = screen.query_one(MovesList)
        assert "✗1" in str(moves.get_option_at_index(1).prompt)
        # the end of the turn is none of the worst: unmarked, or marked unsure ("✗ 0.1?")
        second = str(moves.get_option_at_index(2).prompt)
        assert "✗" not in second or re.search(r"✗ \d+\.\d\?", second)
        await pilot.press("1")
        assert screen.rp_at == 0  # the position the decision was made in
        assert "Review, next move (deal 1): played ‘trail" in screen.rp_bar_text


# --- an unfinished hot-seat game (issue 32) -------------------------------------------------


def private_record(folder: Path, moves: int = 24) -> Record:
    """A three-player Twenty-Two record, unfinished, with two people at the keyboard (the
    issue's ``--seats human,human,easy``)."""
    rec = make_record(folder, players=3, moves=moves)
    for seat, name in zip(rec.seats, ("Ann", "Ben", "Cy"), strict=True):
        seat.name = name
    rec.seats[0].kind = rec.seats[1].kind = "human"
    assert rec.private
    return rec


def secret_labels(rec: Record) -> set[str]:
    """The labels of the cards that only their holders saw: named by the record's moves (the
    exchanges' discards) and never by the public log."""
    r = Replay.of(rec)
    public = set()
    for e in r.log:
        public |= set(re.findall(r"\[(\w+)\]", e.text))
    named = {c for m in rec.moves for c in m.text.split()[1:]}
    return {CardStyle().label(Card.parse(c)) for c in named - public}


def screen_text(app: Any) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_an_unfinished_hot_seat_record_shows_no_hidden_card(make_app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 32: the replay of a game two people can still resume shows the table as both
    saw it (no hand, each move as the public log tells it), at every move; s and r ask the
    players first, in words, and only their yes shows the hands."""
    rec = private_record(tmp_path)
    secret = secret_labels(rec)
    assert secret  # the exchanges' discards
    app = make_app(start=ReplayRequest(rec))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_replay(app, pilot)
        assert screen.rp_modes == [NONE] and screen.shown is None
        moves = screen.query_one(MovesList)
        hand = screen.query_one(HandView)
        for k in range(screen.replay.last + 1):
            screen.rp_goto(k)
            await pilot.pause()
            assert hand.face_down and not screen.query_one("#rp-hands-box").display
            shown = screen_text(app) + screen.rp_bar_text
            shown += "".join(str(o.prompt) for o in moves._options)
            assert "discard" not in shown and not any(s in shown for s in secret), k
        # s and r ask; "keep hidden" keeps everything as it was
        screen.rp_goto(3)
        for key in ("s", "r"):
            await pilot.press(key)
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            question = str(app.screen.question)
            assert "Ann and Ben played this game at one keyboard" in question
            assert "every player agrees" in question
            await pilot.press("n")
            await wait_for(pilot, lambda: app.screen is screen)
            assert screen.rp_private and screen.rp_mode == NONE
            assert screen.rp_reviewing is None and screen.rp_review is None
        # yes: the first person's hand, the moves in full, s cycles every mode
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: app.screen is screen and not screen.rp_private)
        await pilot.pause()
        assert screen.rp_mode == 0 == screen.shown
        assert [c.code for c in hand.cards] == screen.match.view(0)["hand"]
        assert "discard" in "".join(str(o.prompt) for o in moves._options)
        assert ALL in screen.rp_modes


async def test_the_history_asks_before_showing_every_hand_of_a_private_record(
    make_app, private_home: Path
) -> None:  # type: ignore[no-untyped-def]
    records = private_home / "records"
    records.mkdir(parents=True)
    rec = private_record(private_home / "made", moves=6)
    (records / "hot.txt").write_text(rec.to_text(), "utf-8")
    app = make_app(store=Store(private_home))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        # its row and the detail under the table say its hands stay hidden, and why
        lines = [s.text for s in app.screen._compositor.render_strips()]
        assert any("hands hidden" in line for line in lines)
        detail = str(app.screen.query_one("#history-detail").render())
        assert "Played by two or more people at this keyboard and not finished" in detail
        await pilot.press("a")  # replay, every hand
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        replay_screen = app.screen_stack[-2]
        assert isinstance(replay_screen, ReplayTable) and replay_screen.rp_mode == NONE
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is replay_screen)
        assert replay_screen.rp_private and replay_screen.shown is None


def test_the_command_line_keeps_a_private_record_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32: ``replay --all``/``--seat`` and ``review`` refuse an unfinished hot-seat
    record, saying why and how to agree (``--reveal``); plain ``replay`` opens the public
    table; ``records FILE`` names no move."""
    import cardsuite.review as review_module

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(ui_app, "run_app", lambda **kw: calls.append(kw))
    reviewed: list[int] = []
    monkeypatch.setattr(
        review_module, "review", lambda rec, seat, **kw: reviewed.append(seat) or Review(rec, seat)
    )
    rec = private_record(tmp_path / "made")
    path = tmp_path / "hot.txt"
    path.write_text(rec.to_text(), "utf-8")
    runner = CliRunner()
    for args in (["replay", "--all"], ["replay", "--seat", "2"], ["review", "--seat", "1"]):
        result = runner.invoke(main, [args[0], str(path), *args[1:]])
        assert result.exit_code == 2, (args, result.output)
        words = " ".join(result.output.split())
        assert "Ann and Ben played this game at one keyboard" in words
        assert "it is not finished" in words and "add --reveal" in words
    assert not calls and not reviewed
    result = runner.invoke(main, ["replay", str(path)])
    assert result.exit_code == 0 and calls[-1]["start"].seat is None
    assert not calls[-1]["start"].reveal
    result = runner.invoke(main, ["replay", str(path), "--all", "--reveal"])
    assert result.exit_code == 0 and calls[-1]["start"].seat == ALL
    assert calls[-1]["start"].reveal
    result = runner.invoke(main, ["review", str(path), "--seat", "1", "--reveal"])
    assert result.exit_code == 0 and reviewed == [0]
    result = runner.invoke(main, ["records", str(path), "--json"])
    assert result.exit_code == 0 and "discard" not in result.output


async def test_a_replay_opens_on_the_seat_to_review_and_the_list_follows_a_jump(
    make_app, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Issue 32: ``cardsuite replay FILE`` opens on the first person's hand (not every hand),
    so r reviews it at once; a jump to a decision (1-3) scrolls the moves list to show it,
    even on a short terminal where the review's line in the bar shrinks the list."""
    rec = make_record(tmp_path, players=3)
    rec.seats[1].kind = rec.seats[2].kind = "human"  # a finished hot-seat game
    assert rec.finished and not rec.private
    app = make_app(start=ReplayRequest(rec))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_replay(app, pilot)
        assert screen.rp_mode == 1 == screen.shown and screen._rp_review_seat() == 1
        report = Review(rec, 1, reviewed=40)
        for cost, index, sure in ((3.0, 5, 3), (9.0, 30, 0.2), (2.0, 60, 3), (1.0, 120, 3)):
            report.differs.append(
                Decision(index, 0, "play X", "play Y", cost, "points", sure, 1, 1, "hand 1")
            )
        screen._rp_review_done(report)
        await pilot.pause()
        moves = screen.query_one(MovesList)
        # the worst are the sure ones; the unsure one is marked with a question mark
        said = app._notifications
        assert any(
            f"would choose otherwise in 4 of {rec.seats[1].name}'s 40 decisions; the worst 3 it"
            " is sure of cost"
            " about 3.0, 2.0, 1.0 points: 1-3 go to them" in n.message
            for n in said
        ), [n.message for n in said]
        assert "✗ 9.0?" in str(moves.get_option_at_index(31).prompt)
        assert "✗1 3.0" in str(moves.get_option_at_index(6).prompt)
        for key, index in (("3", 120), ("1", 5), ("2", 60)):
            await pilot.press(key)
            await pilot.pause()
            assert screen.rp_at == index == moves.highlighted
            top, rows = moves.scroll_y, moves.scrollable_content_region.height
            # the position and the decision made in it (the next move, marked) both show
            assert top <= index and index + 1 < top + rows, (key, top, rows)
    # a record of bots alone opens on the first seat
    app = make_app(start=ReplayRequest(make_record(tmp_path / "bots", moves=10)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot)
        assert screen.rp_mode == 0 == screen.shown


async def test_the_history_marks_a_cut_name_with_an_ellipsis(make_app, private_home: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 32: at 80 columns a cell too long for its column ends in "…", as everywhere."""
    records = private_home / "records"
    records.mkdir(parents=True)
    rec = make_record(private_home / "made", moves=4)
    for seat, name in zip(rec.seats, LONG_NAMES, strict=False):
        seat.name = name
    (records / "long.txt").write_text(rec.to_text(), "utf-8")
    app = make_app(store=Store(private_home))
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_history()
        history = await screen_of(pilot, HistoryScreen)
        table = history.query_one(DataTable)
        players = table.get_row_at(0)[3]
        width = table.ordered_columns[3].width
        assert players.plain.endswith("…") and len(players.plain) == width
        assert players.plain[:-1] in ", ".join(LONG_NAMES)
