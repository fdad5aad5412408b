"""Whole games of every turn-based game and variant, played line by line.

In this process (cheap): a person answering numbers, commands and nonsense drawn from a
seeded generator, bots at the other seats, to the end of the game: never a traceback, the
result said, the statistics and the record kept. Then, as a player runs it, through
standard input in a subprocess with pipes (``play GAME --plain``), the lines a player hears
at key steps.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from plainkit import cli, play, seats

from cardsuite.games import get_game
from cardsuite.match import Match
from cardsuite.plain.run import plain_games
from cardsuite.store import Store

#: (game, players, options) for every variant: a short match where the game has a length.
TABLES = [
    ("twenty-two", 4, {}),
    ("twenty-two", 12, {}),
    ("manni", 3, {}),
    ("mensch", 4, {"deals": "4"}),
    ("african-casino", 2, {"target": "5"}),
    ("african-casino", 3, {"target": "5"}),
    ("african-casino", 4, {"target": "5"}),
]
#: What the random player says besides numbers: every command that does not leave.
SAID = ["hand", "table", "score", "log", "list", "list 2", "help", "hint", "rules", "rules 1",
        "", "nonsense", "99", "play ZZ"]  # fmt: skip


def cases() -> list[tuple[str, int, str, dict[str, str]]]:
    out = []
    for gid, n, opts in TABLES:
        g = get_game(gid)
        for v, spec in g.variants.items():
            ids = {o.id for o in spec.options}
            out.append((gid, n, v, {k: x for k, x in opts.items() if k in ids}))
    return out


def answers(seed: int, count: int = 6000) -> list[str]:
    rng = random.Random(seed)
    return [
        rng.choice(SAID) if rng.random() < 0.15 else str(rng.randint(1, 3)) for _ in range(count)
    ]


@pytest.mark.parametrize(("gid", "players", "variant", "opts"), cases())
def test_whole_game_every_variant(
    gid: str, players: int, variant: str, opts: dict[str, str], store: Store
) -> None:
    kinds = ["human"] + ["easy"] * (players - 1)
    match = Match.new(gid, seats(gid, kinds), variant, opts, seed=11)
    played = play(match, answers(players), store)
    assert match.is_over(), played.out[-2000:]
    assert played.status == 0 and played.err == ""
    assert "Traceback" not in played.out
    assert played.lines[-2].startswith("Game over: ")
    assert played.lines[-1].startswith("Final scores: ")
    assert "Your move: " in played.out
    # kept as the app keeps them: the statistics and the record
    assert [r.game for r in store.game_stats(gid)] == [gid]
    assert len(store.list_records()) == 1


def test_every_game_plays_plain() -> None:
    every = {"money", "twenty-two", "manni", "mensch", "african-casino"}
    assert {g.id for g in plain_games()} == every


def test_mensch_through_a_pipe(tmp_path: Path) -> None:
    run = cli(
        ["play", "mensch", "--plain", "--pace", "instant", "--seed", "3", "-o", "deals=4"],
        ["1"] * 400,
        tmp_path,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == (
        "Mensch. 4 players: South (a person), West (medium bot), North (medium bot),"
        " East (medium bot)."
    )
    assert (
        "South's hand, 8 cards: spades: ten, nine; hearts: ace, queen, jack; clubs: nine;"
        " diamonds: jack, nine." in lines
    )
    assert lines[lines.index("South, your turn. Choose 1 to 6:") + 1 :][:6] == [
        "1. pass", "2. after", "3. five", "4. six", "5. seven", "6. solo",
    ]  # fmt: skip
    assert "Your move: 1" in lines  # the answer echoed: no terminal echoes a pipe
    assert "East calls the ace of spades" in lines
    assert "North leads the ace of spades" in lines
    assert "South plays the ten of spades" in lines
    # a trick said with its taker's count this deal (Mensch counts tricks: its speech.py)
    assert "West wins the trick with the seven of clubs; West has 1 trick" in lines
    assert "West wins the trick with the ace of diamonds; West has 2 tricks" in lines
    assert lines[-2].startswith("Game over: ")
    assert run.stderr == ""


@pytest.mark.parametrize(
    ("args", "heard"),
    [
        (["twenty-two", "--seed", "3"], "Hand 1: East deals 7 cards each"),
        (["twenty-two", "--seed", "3", "-o", "twenty_six=true"], "Game over: "),
        (["manni", "--seed", "5", "-v", "trjamann"], "Game over: "),
        (["african-casino", "--seed", "5", "-p", "3", "-o", "target=5"], "P3 deals"),
    ],
)
def test_games_through_a_pipe(args: list[str], heard: str, tmp_path: Path) -> None:
    run = cli(["play", *args, "--plain", "--pace", "instant"], ["1"] * 3000, tmp_path)
    assert run.returncode == 0, run.stderr
    assert any(line.startswith(heard) for line in run.stdout.splitlines())
    assert run.stdout.splitlines()[-1].startswith("Final scores: ")


def test_names_in_a_pipe(tmp_path: Path) -> None:
    run = cli(["play", "manni", "--plain", "--names", "Ann,Bob", "--seed", "2"], [], tmp_path)
    assert run.stdout.splitlines()[0] == (
        "Manni, Basic Manni. 3 players: Ann (a person), Bob (medium bot), East (medium bot)."
    )


def test_symbols_in_a_pipe(tmp_path: Path) -> None:
    run = cli(
        ["play", "mensch", "--plain", "--symbols", "--pace", "instant", "--seed", "3"], [], tmp_path
    )
    assert "South's hand, 8 cards: 10♠ 9♠ A♥ Q♥ J♥ 9♣ J♦ 9♦." in run.stdout
    run = cli(
        ["--ascii", "play", "mensch", "--plain", "--symbols", "--pace", "instant", "--seed", "3"],
        [],
        tmp_path,
    )
    assert "South's hand, 8 cards: 10S 9S AH QH JH 9C JD 9D." in run.stdout


def test_colour_only_when_asked(tmp_path: Path) -> None:
    plain = cli(["play", "mensch", "--plain", "--seed", "3"], [], tmp_path)
    assert "\x1b" not in plain.stdout
    coloured = cli(["play", "mensch", "--plain", "--color", "--seed", "3"], [], tmp_path)
    assert "hearts: \x1b[31mace\x1b[0m, \x1b[31mqueen\x1b[0m" in coloured.stdout
