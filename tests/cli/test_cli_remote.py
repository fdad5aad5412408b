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
