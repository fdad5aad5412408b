"""``cardsuite host`` and ``cardsuite join`` (issue 15): the table they start, and the usage
errors that say what is allowed, with nothing started."""

from __future__ import annotations

import socket

import pytest
from click.testing import CliRunner

from cardsuite.cli import main
from cardsuite.ui.remote_start import HostRequest, JoinRequest


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_host_opens_a_table_with_your_seat_and_remote_ones(launched) -> None:  # type: ignore[no-untyped-def]
    port = _free_port()
    r = invoke("host", "manni", "-v", "trjamann", "--names", "Ann,Bob,Cy", "--port", str(port))
    assert r.exit_code == 0, r.output
    req = launched[0]["start"]
    assert isinstance(req, HostRequest)
    assert [s.kind for s in req.table.seats] == ["human", "remote", "remote"]
    assert [s.name for s in req.table.seats] == ["Ann", "Bob", "Cy"]
    assert req.host == "127.0.0.1" and req.port == port and req.table.variant == "trjamann"


def test_host_money_defaults_to_you_against_one_remote_player(launched) -> None:  # type: ignore[no-untyped-def]
    r = invoke("host", "money", "--port", str(_free_port()), "--standin", "5")
    assert r.exit_code == 0, r.output
    req = launched[0]["start"]
    assert [s.kind for s in req.table.seats] == ["human", "remote"] and req.standin_after == 5
    assert req.max_watchers == 20
    r = invoke("host", "money", "--port", str(_free_port()), "--max-watchers", "0")
    assert r.exit_code == 0 and launched[1]["start"].max_watchers == 0


#: For each float option of each command, the arguments that reach it (and nothing else
#: wrong): every one is checked below, and a new one must be added here.
FLOAT_OPTIONS = {
    ("host", "--standin"): ["host", "manni"],
    ("simulate", "--hard-budget"): ["simulate", "twenty-two"],
    ("bench", "--seconds"): ["bench", "twenty-two"],
    ("review", "--budget"): ["review", "a-record.txt", "--seat", "1"],
    ("play", "--program-time"): ["play", "manni", "--plain"],
    ("simulate", "--program-time"): ["simulate", "twenty-two"],
}


def test_every_float_option_of_every_command_refuses_what_is_not_a_number(launched) -> None:  # type: ignore[no-untyped-def]
    # issue 33 #4: one type for them all (Click's float ranges take nan: every comparison
    # with it is false); int options cannot be nan (int("nan") fails)
    import click

    from cardsuite.cli import Finite

    floats = {
        (name, param.opts[0]): param
        for name, command in main.commands.items()
        for param in command.params
        if isinstance(param.type, click.types.FloatParamType)
    }
    assert set(floats) == set(FLOAT_OPTIONS)
    for (name, option), param in floats.items():
        assert isinstance(param.type, Finite), f"{name} {option}"
        for text in ("nan", "NaN", "+nan", "-nan"):
            r = invoke(*FLOAT_OPTIONS[name, option], option, text)
            assert r.exit_code == 2, (name, option, text, r.output)
            assert f"{text} is not a number of seconds" in r.output, r.output
    assert launched == []


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["host", "mensch", "-s", "human,human,remote,easy"], "one seat is yours"),
        (["host", "mensch", "-s", "human,easy,easy,easy"], "no seat is remote"),
        (["host", "mensch", "-s", "human,robot,remote,easy"], "kinds: human, random"),
        (["host", "mensch", "--host", "0.0.0.0"], "--public"),
        (["host", "chess"], "no game"),
        (["play", "mensch", "-s", "human,remote,easy,easy"], "unknown seat kind 'remote'"),
        (["join", "127.0.0.1:8765"], "no table secret"),
        (["join", "127.0.0.1:99999/abcd-efgh"], "is not a port"),
        (["join", "127.0.0.1:8765/Bad Secret!"], "is not a table secret"),
        (["join", "127.0.0.1:8765/abcd-efgh", "--watch", "--seat", "2"], "spectator"),
        (["join", "127.0.0.1:8765/abcd-efgh", "--name", "\x07\x08"], "a name"),
        # issue 33 #2: text that is not a host (an undecodable byte, a space, a label
        # longer than IDNA spells) reached the connection
        (["join", "h\udcffst:8765/abcd-efgh"], "'h\\udcffst' is not a machine's name"),
        (["join", "my host:8765/abcd-efgh"], "'my host' is not a machine's name"),
        (["join", "a" * 64 + ".example:8765/abcd-efgh"], "is not a machine's name or address"),
        # issue 33 #4: nan passed Click's range, and no stand-in ever came
        (["host", "manni", "--standin", "nan"], "nan is not a number of seconds"),
        (["host", "manni", "--standin", "-NaN"], "-NaN is not a number of seconds"),
        (["host", "manni", "--standin", "inf"], "1<=x<=3600"),
        (["host", "manni", "--max-watchers", "-1"], "0<=x<=1000"),
        # issue 33 #1: seat names that read the same would leave a joiner no seat
        (["host", "manni", "--names", "South,SOUTH,Cy"], "'South' and 'SOUTH' read as the same"),
        (["host", "manni", "--names", "South,Ѕouth,Cy"], "'South' and 'Ѕouth' read as the same"),
        (["host", "manni", "--names", "Ann,\x07,Cy"], "'\\x07' has no letters to show"),
        # issue 39: a hosted table is dealt from the commitment and the salts, not a seed
        (["host", "manni", "--seed", "5"], "no --seed chooses it"),
    ],
)
def test_bad_arguments_are_usage_errors_that_say_what_is_allowed(launched, args, says) -> None:  # type: ignore[no-untyped-def]
    r = invoke(*args)
    assert r.exit_code == 2, r.output
    assert says in r.output
    assert launched == []


def test_a_port_in_use_is_said_before_anything_starts(launched) -> None:  # type: ignore[no-untyped-def]
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        r = invoke("host", "manni", "--port", str(port))
    assert r.exit_code == 2 and "cannot host on" in r.output
    assert launched == []


def test_join_reads_the_address_the_host_shows(launched) -> None:  # type: ignore[no-untyped-def]
    r = invoke("join", "cardsuite://[::1]:8800/4kq9-tz2m", "--name", "  Bob  ", "--seat", "2")
    assert r.exit_code == 0, r.output
    req = launched[0]["start"]
    assert isinstance(req, JoinRequest)
    assert (req.address.host, req.address.port, req.address.secret) == ("::1", 8800, "4kq9-tz2m")
    assert req.name == "Bob" and req.seat == 1 and not req.watch
    r = invoke("join", "127.0.0.1:8800/4kq9-tz2m", "--watch")
    assert launched[1]["start"].watch
