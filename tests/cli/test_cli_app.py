"""``cardsuite``, ``play``, ``serve`` and ``screenshots``: the app is never really started
(CliRunner plus a real app would take over the terminal); the launch is recorded instead."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardsuite.cli import main


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []
    import cardsuite.ui.app as ui_app

    monkeypatch.setattr(ui_app, "run_app", lambda **kw: calls.append(kw))
    return calls


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_bare_command_opens_the_picker(launched) -> None:  # type: ignore[no-untyped-def]
    r = invoke()
    assert r.exit_code == 0
    assert launched == [{"start": None, "theme": None, "ascii": None, "pace": None}]


def test_theme_and_ascii_on_the_group(launched) -> None:  # type: ignore[no-untyped-def]
    assert invoke("--theme", "high-contrast", "--ascii").exit_code == 0
    assert launched[0]["theme"] == "high-contrast" and launched[0]["ascii"] is True


def test_play_a_game_straight_at_the_table(launched) -> None:  # type: ignore[no-untyped-def]
    r = invoke(
        "play",
        "twenty-two",
        "--seats",
        "human,hard,medium,easy",
        "--seed",
        "3",
        "--variant",
        "twenty-six",
        "-o",
        "beat_leader=on",
        "--pace",
        "fast",
    )
    assert r.exit_code == 0, r.output
    start = launched[0]["start"]
    assert start.game == "twenty-two" and start.seed == 3 and start.variant == "twenty-six"
    assert start.options["beat_leader"] is True and start.options["twenty_six"] is True
    assert [s.kind for s in start.seats] == ["human", "hard", "medium", "easy"]
    assert [s.name for s in start.seats] == ["South", "West", "North", "East"]
    assert launched[0]["pace"] == "fast"


def test_play_defaults_to_you_against_medium_bots(launched) -> None:  # type: ignore[no-untyped-def]
    assert invoke("play", "twenty-two", "-p", "3", "--names", "Ada,Bo,Cy").exit_code == 0
    start = launched[0]["start"]
    assert [(s.kind, s.name) for s in start.seats] == [
        ("human", "Ada"),
        ("medium", "Bo"),
        ("medium", "Cy"),
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "poker"), "games: money, twenty-two"),
        (("play", "twenty-two", "--seats", "human,genius"), "kinds: human, random, easy"),
        (("play", "twenty-two", "-p", "3", "--seats", "human,easy"), "give one per player"),
        (("play", "twenty-two", "--names", "A,A,B,C"), "give 4 different names"),
        (("play", "twenty-two", "--variant", "fast"), "variants: standard"),
        (("play", "--theme", "nope"), "themes: "),
        (("--theme", "nope"), "four-colour"),
        (("play", "--pace", "warp"), "instant"),
    ],
)
def test_bad_play_arguments(launched, args, message) -> None:  # type: ignore[no-untyped-def]
    r = invoke(*args)
    assert r.exit_code == 2
    assert message in r.output
    assert launched == []


def test_serve_runs_textual_serve(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    class FakeServer:
        def __init__(self, command: str, host: str, port: int, title: str) -> None:
            seen.update(command=command, host=host, port=port, title=title)

        def serve(self) -> None:
            seen["served"] = True

    import textual_serve.server

    monkeypatch.setattr(textual_serve.server, "Server", FakeServer)
    r = invoke("serve", "--port", "8123")
    assert r.exit_code == 0
    assert seen["command"].endswith("-m cardsuite") and seen["port"] == 8123
    assert seen["host"] == "127.0.0.1" and seen["served"]
    assert "http://127.0.0.1:8123" in r.output


def test_screenshots_are_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "home"))
    out = tmp_path / "shots"
    r = invoke("screenshots", "--out", str(out), "--no-png")
    assert r.exit_code == 0, r.output
    names = sorted(p.name for p in out.iterdir())
    assert names == ["help.svg", "money.svg", "picker.svg", "setup.svg", "table.svg"]
    assert "Twenty-Two" in (out / "table.svg").read_text()
