"""The command line, through Click's CliRunner (never starting the real app)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cardsuite.cli import main


@pytest.fixture
def run():  # type: ignore[no-untyped-def]
    runner = CliRunner()

    def invoke(*args: str):  # type: ignore[no-untyped-def]
        return runner.invoke(main, list(args), catch_exceptions=False)

    return invoke


def test_list(run) -> None:  # type: ignore[no-untyped-def]
    r = run("list")
    assert r.exit_code == 0
    assert "twenty-two" in r.output and "2-12 players" in r.output
    assert "variant twenty-six" in r.output and "all_out=lowest|share" in r.output


def test_list_json(run) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(run("list", "--json").output)
    tt = next(g for g in data if g["id"] == "twenty-two")
    assert tt["players"] == list(range(2, 13))
    assert set(tt["variants"]) == {
        "standard",
        "beat-the-leader",
        "equal-cards",
        "paper-scores",
        "twenty-six",
    }


def test_rules(run) -> None:  # type: ignore[no-untyped-def]
    r = run("rules", "twenty-two")
    assert r.exit_code == 0
    assert "Twenty-Two" in r.output and "discard" in r.output


def test_simulate_text(run) -> None:  # type: ignore[no-untyped-def]
    r = run(
        "simulate",
        "twenty-two",
        "--players",
        "4",
        "--seats",
        "random,easy,medium,random",
        "--games",
        "6",
        "--seed",
        "3",
    )
    assert r.exit_code == 0, r.output
    assert "6 games, seed 3" in r.output
    assert "3. medium" in r.output and "deals per second" in r.output


def test_simulate_json_is_repeatable(run) -> None:  # type: ignore[no-untyped-def]
    args = (
        "simulate",
        "twenty-two",
        "-s",
        "easy,medium,random",
        "-n",
        "8",
        "--seed",
        "5",
        "--variant",
        "twenty-six",
        "--option",
        "beat_leader=true",
        "--json",
    )
    a, b = json.loads(run(*args).output), json.loads(run(*args).output)
    assert a["players"] == 3 and a["options"]["beat_leader"] is True
    assert a["games"] == 8
    assert [e["wins"] for e in a["entries"]] == [e["wins"] for e in b["entries"]]
    assert sum(e["wins"] for e in a["entries"]) == pytest.approx(8)


def test_simulate_jobs_do_not_change_results(run, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr("cardsuite.simulate.available_cores", lambda: 2)
    args = ("simulate", "twenty-two", "-s", "easy,medium", "-n", "6", "--json")
    one = json.loads(run(*args).output)
    two = json.loads(run(*args, "--jobs", "2").output)
    assert [e["mean_score"] for e in one["entries"]] == [e["mean_score"] for e in two["entries"]]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simulate", "poker"), "games: money, twenty-two"),
        (("rules", "poker"), "games: money, twenty-two"),
        (("bench", "poker"), "games: money, twenty-two"),
        (("simulate", "twenty-two", "--variant", "fast"), "variants: standard, beat-the-leader"),
        (("simulate", "twenty-two", "--option", "speed=9"), "options: beat_leader=true|false"),
        (("simulate", "twenty-two", "--option", "all_out=nobody"), "one of lowest, share"),
        (("simulate", "twenty-two", "--option", "noequals"), "is not key=value"),
        (("simulate", "twenty-two", "--seats", "genius"), "kinds: random, easy, medium, hard"),
        (("simulate", "twenty-two", "-p", "3", "-s", "easy,medium"), "give one per player"),
        (("simulate", "twenty-two", "-p", "13"), "2-12 players"),
        (("simulate", "twenty-two", "--games", "0"), "--games"),
        # issue 9 #11, #12
        (("simulate", "twenty-two", "--hard-budget", "nan"), "nan is not a number of seconds"),
        (("simulate", "twenty-two", "--hard-budget", "inf"), "0.01<=x<=60"),
        (("bench", "twenty-two", "--seconds", "nan"), "nan is not a number of seconds"),
        (("simulate", "twenty-two", "-s", "human,,,"), "item 2 of 'human,,,' is empty"),
        (("simulate", "twenty-two", "-s", "easy,"), "item 2 of 'easy,' is empty"),
        (("--theme", "nosuch", "list"), "no theme 'nosuch'; themes: "),
        (("simulate", "twenty-two", "-s", "medium", "--all-seeing"), "needs a hard seat"),
        (("simulate", "twenty-two", "-s", "medium", "--omniscient"), "needs a hard seat"),
        (("simulate", "twenty-two", "-p", "3", "-n", "7", "--duplicate"), "a multiple of the 3"),
        (("simulate", "twenty-two", "--duplicate", "--no-rotate"), "rotates the seats"),
    ],
)
def test_bad_arguments_are_usage_errors(run, args, message) -> None:  # type: ignore[no-untyped-def]
    r = run(*args)
    assert r.exit_code == 2
    assert message in r.output


def test_bench_json(run) -> None:  # type: ignore[no-untyped-def]
    r = run("bench", "twenty-two", "--seconds", "0.2", "--decisions", "4", "--json")
    assert r.exit_code == 0, r.output
    (report,) = json.loads(r.output)
    assert report["game"] == "twenty-two" and report["players"] == 4
    assert report["playouts"]["deals"] > 0
    assert set(report["thinking"]) == {"random", "easy", "medium", "hard"}
    assert report["thinking"]["hard"]["decisions"] == 1
    search = report["thinking"]["hard"]["search"]  # issue 10: the hard bot's speed and stops
    assert search["searches"] >= 1 and search["iterations_per_second"] > 0
    assert 0 <= search["stopped_on_time"] <= 1 and search["median_iterations"] >= 1
    assert "search" not in report["thinking"]["medium"]


def test_python_dash_m_and_version() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "cardsuite", "--version"], capture_output=True, text=True, check=True
    )
    assert "cardsuite" in out.stdout


def test_simulate_caps_jobs_at_the_cores_and_says_so(run, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 9 #11: ``--jobs 200`` started 200 processes."""
    monkeypatch.setattr("cardsuite.simulate.available_cores", lambda: 1)
    r = run("simulate", "twenty-two", "-s", "random", "-n", "3", "--jobs", "200")
    assert r.exit_code == 0
    assert "--jobs 200: this machine gives cardsuite 1 cores; using 1." in r.output
    assert "processes" not in r.output  # one process ran them


def test_simulate_streams_its_work() -> None:
    """Issue 9 #11: a trillion games built the whole work list first (out of memory); the
    first results now come at once and stopping early leaves nothing running."""
    from itertools import islice

    from cardsuite.simulate import GameSpec, run

    spec = GameSpec("twenty-two", 2, "standard", {}, ("random", "random"))
    first = list(islice(run(spec, 10**12, seed=1, jobs=2), 3))
    assert [r.index for r in first] == [0, 1, 2]


def test_simulate_all_seeing_is_said_and_repeatable(run) -> None:  # type: ignore[no-untyped-def]
    args = ("simulate", "twenty-two", "-s", "hard,medium", "-n", "2", "--hard-iterations", "20")
    seeing = json.loads(run(*args, "--all-seeing", "--json").output)
    assert seeing["bot_options"]["hard"]["all_seeing"] == "hands"  # the fair yardstick
    again = json.loads(run(*args, "--all-seeing", "--json").output)
    scores = [e["mean_score"] for e in seeing["entries"]]
    assert [e["mean_score"] for e in again["entries"]] == scores
    assert "(hard bots all-seeing)" in run(*args, "--all-seeing").output
    # the old yardstick, searching the true deal with the stock's order
    seeing = json.loads(run(*args, "--omniscient", "--json").output)
    assert seeing["bot_options"]["hard"]["all_seeing"] == "cards"
    assert "(hard bots omniscient)" in run(*args, "--omniscient").output


def test_simulate_duplicate_plays_each_deal_from_every_seat(run) -> None:  # type: ignore[no-untyped-def]
    """``--duplicate``: each seed is played once per rotation of the seats, so one level in
    every seat is one game played ``players`` times, and its luck falls on every entry alike:
    equal levels come out exactly equal (a zero-sum game at zero), with no spread at all."""
    from cardsuite.simulate import GameSpec, play_one

    spec = GameSpec("mensch", 4, "standard", {}, ("medium",) * 4, duplicate=True)
    seeds = [play_one(spec, 1, i).seed for i in range(5)]
    assert seeds[:4] == [seeds[0]] * 4 and seeds[4] != seeds[0]
    data = json.loads(
        run("simulate", "mensch", "-s", "medium", "-n", "8", "--duplicate", "--json").output
    )
    assert data["duplicate"] is True
    assert [(e["mean_score"], e["score_ci"], e["wins"]) for e in data["entries"]] == [
        (0.0, 0.0, 2.0)
    ] * 4
    dealt = json.loads(run("simulate", "mensch", "-s", "medium", "-n", "8", "--json").output)
    assert any(e["mean_score"] != 0.0 for e in dealt["entries"])  # dealt afresh, luck shows
    text = run("simulate", "twenty-two", "-s", "easy,medium", "-n", "4", "--duplicate").output
    assert "duplicate: 2 sets of the same cards" in text


# --- issue 32 #18: what --help and `list` tell a new player --------------------------------


def help_at(columns: int, *args: str) -> str:
    r = CliRunner(env={"COLUMNS": str(columns)}).invoke(main, [*args, "--help"])
    assert r.exit_code == 0, r.output
    return r.output


def test_the_command_list_cuts_no_description() -> None:
    out = help_at(80)
    commands = out.split("Commands:")[1].splitlines()[1:]
    assert len(commands) == len(main.commands)  # one line each, none wrapped
    for line in commands:
        assert len(line) <= 78 and not line.endswith("..."), line


@pytest.mark.parametrize("command", ["host", "serve"])
def test_port_says_what_it_is(command: str) -> None:
    out = " ".join(help_at(100, command).split())
    assert "--port INTEGER RANGE Port to listen on" in out


@pytest.mark.parametrize("command", ["play", "host"])
def test_seats_lists_the_bot_levels(command: str) -> None:
    out = " ".join(help_at(100, command).split())
    assert "a bot level (random, easy, medium, hard)" in out


def test_pace_says_what_each_pace_does() -> None:
    out = " ".join(help_at(100, "play").split())
    assert "normal (0.6 s, 1.6 s)" in out and "wait (0.6 s, until a key)" in out


def test_list_aligns_every_variant_and_wraps_at_the_width() -> None:
    out = CliRunner(env={"COLUMNS": "80"}).invoke(main, ["list"]).output
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    variants = [line for line in lines if line.startswith("    variant ")]
    # the words of every variant start in one column, hornafjardarmanni's too
    starts = {len(line) - len(line[12:].split(" ", 1)[1].lstrip()) for line in variants}
    assert len(starts) == 1
    assert any("variant hornafjardarmanni  The cut card" in line for line in lines)


def test_players_read_no_rule_ids() -> None:
    """The words a player reads about games, variants, options and preferences (in `list`,
    the setup and the palette) cite no rule ids: those are for the code and the tests."""
    import re

    from cardsuite.games import all_games

    rule_id = re.compile(r"\b[A-Z][A-Z0-9]+(-[A-Z0-9]+)+\b")
    for g in all_games():
        texts = [g.name, g.summary]
        for v in g.variants.values():
            texts += [v.name, v.summary, *(o.help for o in v.options)]
        texts += [o.help for o in g.preferences]
        assert [t for t in texts if rule_id.search(t)] == [], g.id


def test_screenshots_say_when_they_cannot_make_pngs(monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    import cardsuite.ui.screenshots as shots

    asked: list[bool] = []
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.setattr(shots, "take_screenshots", lambda out, png: asked.append(png) or [])
    r = CliRunner().invoke(main, ["screenshots"])
    assert r.exit_code == 0
    assert "No PNGs: rsvg-convert is not installed" in r.output
    assert asked == [False]


def test_an_unknown_rules_choice_is_a_usage_error() -> None:
    """``CARDSUITE_RULES`` takes 'reference' or 'kernel'; a typo is refused, not ignored."""
    r = CliRunner(env={"CARDSUITE_RULES": "refrence"}).invoke(main, ["list"])
    assert r.exit_code == 2
    assert "CARDSUITE_RULES='refrence' is not known" in r.output and "'reference'" in r.output
    for value in ("reference", "kernel", ""):
        assert CliRunner(env={"CARDSUITE_RULES": value}).invoke(main, ["list"]).exit_code == 0
