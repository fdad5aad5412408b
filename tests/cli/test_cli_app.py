"""``cardsuite``, ``play``, ``serve`` and ``screenshots``: the app is never really started
(CliRunner plus a real app would take over the terminal); the launch is recorded instead."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardsuite.cli import main
from cardsuite.ui import screenshots
from cardsuite.ui.screenshots import scenes


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
        # names that read as one: capitals, a Cyrillic S
        (("play", "twenty-two", "--names", "Ann,ANN,B,C"), "give 4 different names"),
        (("play", "twenty-two", "--names", "South,\u0405outh,B,C"), "'South' and 'Ѕouth' read as"),
        (("play", "twenty-two", "--variant", "fast"), "variants: standard"),
        (("play", "--theme", "nope"), "themes: "),
        (("--theme", "nope"), "four-colour"),
        (("play", "--pace", "warp"), "instant"),
        # issue 9 #12: an empty item was dropped (four humans from "human,,,")
        (("play", "twenty-two", "-s", "human,,,"), "item 2 of 'human,,,' is empty"),
        (("play", "twenty-two", "--names", "A,,B"), "item 2 of 'A,,B' is empty"),
    ],
)
def test_bad_play_arguments(launched, args, message) -> None:  # type: ignore[no-untyped-def]
    r = invoke(*args)
    assert r.exit_code == 2
    assert message in r.output
    assert launched == []


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The server (textual-serve's, as ``cardsuite.web.serve`` guards it) replaced: what it
    was given, and whether it was started."""
    seen: dict[str, Any] = {}

    class FakeServer:
        def __init__(self, command: str, *, host: str, port: int, **options: Any) -> None:
            seen.update(command=command, host=host, port=port, **options)

        def serve(self) -> None:
            seen["served"] = True

    import cardsuite.web.serve

    monkeypatch.setattr(cardsuite.web.serve, "CardsuiteServer", FakeServer)
    return seen


def test_serve_runs_textual_serve(served: dict[str, Any]) -> None:
    port = _free_port()
    r = invoke("serve", "--port", str(port))
    assert r.exit_code == 0
    assert served["command"].endswith("-m cardsuite") and served["port"] == port
    assert served["host"] == "127.0.0.1" and served["served"]
    assert served["max_sessions"] == 4  # (issue 33 #3: tests/cli/test_serve_browser.py)
    # Our page (issue 32 #2, #19; tests/cli/test_serve_browser.py runs it in a browser).
    from cardsuite.web.serve import PAGE

    assert (PAGE / "app_index.html").is_file()
    assert f"http://127.0.0.1:{port}" in r.output
    assert "Warning" not in r.output


def test_serve_on_every_interface_needs_public(served: dict[str, Any]) -> None:
    """Issue 9 #10: 0.0.0.0 exposed the app with no word."""
    port = _free_port()
    r = invoke("serve", "--host", "0.0.0.0", "--port", str(port))
    assert r.exit_code == 2
    assert "Pass --public" in r.output and "with your rights" in r.output
    assert served == {}
    r = invoke("serve", "--host", "0.0.0.0", "--port", str(port), "--public")
    assert r.exit_code == 0, r.output
    assert "Warning: serving on 0.0.0.0" in r.output and served["served"]


def test_serve_on_a_port_in_use_is_a_usage_error(served: dict[str, Any]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        r = invoke("serve", "--port", str(port))
    assert r.exit_code == 2
    assert f"cannot serve on 127.0.0.1 port {port}: address already in use" in r.output
    assert served == {}


def test_serve_on_an_address_not_here_is_a_usage_error(served: dict[str, Any]) -> None:
    r = invoke("serve", "--host", "192.0.2.1", "--public")  # TEST-NET: on no machine
    assert r.exit_code == 2
    assert "cannot serve on 192.0.2.1 port 8000: cannot assign requested address" in r.output
    r = invoke("serve", "--host", "300.1.1.1x", "--public")  # no such name (or not here)
    assert r.exit_code == 2 and "cannot serve on" in r.output
    assert served == {}


def test_screenshots_are_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "home"))
    # (the hard bots think less than in the README's pictures: what is checked here is that
    # every picture is written, not which card a bot chose)
    monkeypatch.setitem(screenshots.HARD_BOT, "iterations", 20)
    out = tmp_path / "shots"
    r = invoke("screenshots", "--out", str(out), "--no-png")
    assert r.exit_code == 0, r.output
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(f"{name}.svg" for name, _, _ in scenes())
    assert "mensch.svg" in names and "table.svg" in names
    assert "African&#160;Casino" in (out / "casino.svg").read_text()
    assert "Hornafjarðarmanni" in (out / "manni.svg").read_text()
    assert "Twenty-Two" in (out / "table.svg").read_text()
