"""Where a joining player's seat token is kept (issue 33 #1): ``seat-keys.json`` in the data
folder, so a client that crashed takes its seat back (a dropped seat is given back only to
its token). The names that count as the same name at a table (``protocol.name_key``)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from cardsuite.remote.protocol import Address, name_key
from cardsuite.store import SEAT_KEYS_DAYS, SEAT_KEYS_KEPT, Store
from cardsuite.ui.remote_start import seat_key


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_a_seat_key_is_kept_per_table_and_name_for_this_user_only(tmp_path: Path) -> None:
    store = Store(tmp_path)
    where = Address("127.0.0.1", 8765, "abcd-efgh")
    ann, bob = seat_key(where, "Ann"), seat_key(where, "Bob")
    assert store.seat_token(ann) is None  # nothing kept, nothing written
    assert not store.seat_keys_path.exists()
    assert store.keep_seat_token(ann, "tok-ann") is None
    assert store.keep_seat_token(bob, "tok-bob") is None
    assert store.seat_token(ann) == "tok-ann" and store.seat_token(bob) == "tok-bob"
    assert store.seat_token(seat_key(where, "ANN")) == "tok-ann"  # the same name
    assert store.seat_token(seat_key(Address("127.0.0.1", 8765, "abcd-efgz"), "Ann")) is None
    assert store.seat_token(seat_key(Address("127.0.0.1", 8766, "abcd-efgh"), "Ann")) is None
    mode = stat.S_IMODE(os.stat(store.seat_keys_path).st_mode)
    assert mode & 0o077 == 0, oct(mode)
    text = store.seat_keys_path.read_text()
    assert "abcd-efgh" not in text and "127.0.0.1" not in text  # hashed: no address, no secret
    store.keep_seat_token(ann, None)  # forgotten
    assert store.seat_token(ann) is None and store.seat_token(bob) == "tok-bob"


def test_only_the_newest_keys_are_kept_and_not_for_ever(tmp_path: Path) -> None:
    clock = Clock()
    store = Store(tmp_path, clock=clock)
    where = [Address("h", 1, f"s{i:03d}-tabl") for i in range(SEAT_KEYS_KEPT + 5)]
    for i, a in enumerate(where):
        clock.now += 1
        store.keep_seat_token(seat_key(a, "Ann"), f"t{i}")
    kept = [store.seat_token(seat_key(a, "Ann")) for a in where]
    assert kept[:5] == [None] * 5 and kept[5:] == [f"t{i}" for i in range(5, len(where))]
    clock.now += SEAT_KEYS_DAYS * 86400
    store.keep_seat_token(seat_key(where[0], "Ann"), "new")
    tables = json.loads(store.seat_keys_path.read_text())["tables"]
    assert len(tables) == 1 and store.seat_token(seat_key(where[0], "Ann")) == "new"
    assert store.seat_token(seat_key(where[-1], "Ann")) is None


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"\xff\xfe",
        b"[1, 2]",
        b'{"version": 2, "tables": {}}',
        b'{"version": 1, "tables": 7}',
        b'{"version": 1, "tables": {"x": {"token": 5, "at": 1}}}',
        b"[" * 100_000,
    ],
)
def test_a_damaged_keys_file_is_read_as_no_keys_and_replaced(
    tmp_path: Path, content: bytes
) -> None:
    store = Store(tmp_path)
    tmp_path.mkdir(exist_ok=True)
    store.seat_keys_path.write_bytes(content)
    key = seat_key(Address("h", 1, "abcd-efgh"), "Ann")
    assert store.seat_token(key) is None
    assert store.keep_seat_token(key, "tok") is None
    assert store.seat_token(key) == "tok"


def test_a_keys_file_that_is_not_a_file_is_never_read(tmp_path: Path) -> None:
    store = Store(tmp_path)
    os.mkfifo(store.seat_keys_path)  # reading a FIFO would wait for ever
    assert store.seat_token(seat_key(Address("h", 1, "abcd-efgh"), "Ann")) is None


def test_names_that_read_the_same_share_a_key() -> None:
    same = ["South", "SOUTH", "south", "Ѕouth", "ЅОUТН", "ｓｏｕｔｈ", "𝐒𝐨𝐮𝐭𝐡", " South "]
    assert {name_key(n) for n in same} == {"south"}
    assert name_key("Ηelen") == name_key("Helen")  # a Greek capital Eta
    assert name_key("Αnna") == name_key("anna") == name_key("ΑΝΝΑ")  # Greek capitals
    assert name_key("Ann1") == name_key("Annl")  # a digit one like a small L
    different = ["South", "North", "Souths", "José", "Jose", "Zoë"]
    assert len({name_key(n) for n in different}) == len(different)
