"""Only regular files are read, and never more than a limit (issue 33, item 13).

A character device passed the old size check (``/dev/zero`` says it holds 0 bytes, then
never ends) and a named pipe blocked the first read for ever: ``cardsuite records FILE``,
``play --position FILE``, a ``settings.json`` that is a link to one, a save, a record in the
history and the pending results all go through ``files.read_file``, which opens without
blocking, asks the opened descriptor what it is and reads at most the limit + 1 bytes.

A call that would block for ever runs in a daemon thread here, so a failure is a failed
test, never a hung run; ``/dev/zero`` is only read by code that refuses it (the old code
read it until memory ran out)."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardsuite import files
from cardsuite.cli import main
from cardsuite.store import Store, StoreError

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")

ZERO = Path("/dev/zero")


def soon(call: Callable[[], Any], seconds: float = 10.0) -> Any:
    """``call()``'s result, or what it raised, if it ends within ``seconds``."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = call()
        except BaseException as exc:  # handed to the test
            out["error"] = exc

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "blocked: it waited on a pipe or read a device for ever"
    if "error" in out:
        raise out["error"]
    return out.get("value")


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.txt"
    os.mkfifo(path)
    return path


def odd_files(fifo: Path) -> list[Path]:
    return [fifo, *([ZERO] if ZERO.exists() else [])]


def test_read_file_refuses_devices_pipes_folders_and_too_much(tmp_path: Path, fifo: Path) -> None:
    with pytest.raises(files.NotAFile, match="a named pipe, not a file"):
        soon(lambda: files.read_file(fifo, 100))
    with pytest.raises(IsADirectoryError):
        files.read_file(tmp_path, 100)
    if ZERO.exists():
        with pytest.raises(files.NotAFile, match="a character device"):
            soon(lambda: files.read_file(ZERO, 100))
        with pytest.raises(files.NotAFile):
            soon(lambda: files.read_head(ZERO, 100))
    link = tmp_path / "link.txt"
    link.symlink_to(fifo)
    with pytest.raises(files.NotAFile):
        soon(lambda: files.read_file(link, 100))
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 101)
    with pytest.raises(files.TooLarge) as e:
        files.read_file(big, 100)
    assert e.value.size == 101 and isinstance(e.value, OSError)
    assert files.read_file(big, 101) == b"x" * 101
    assert files.read_head(big, 10) == (b"x" * 10, 101)


def test_a_file_that_grows_while_read_is_cut_at_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The size the descriptor gave is a hint: what is read is bounded by itself."""
    path = tmp_path / "growing.txt"
    path.write_bytes(b"x" * 10)
    real_fstat = os.fstat

    class Small:
        def __init__(self, st: os.stat_result) -> None:
            self.st_mode, self.st_size = st.st_mode, 0

    monkeypatch.setattr(files.os, "fstat", lambda fd: Small(real_fstat(fd)))
    with pytest.raises(files.TooLarge) as e:
        files.read_file(path, 5)
    assert e.value.size == 6  # the limit + 1, never more


def test_a_record_or_a_position_that_is_a_device_or_a_pipe_is_refused(
    tmp_path: Path, fifo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "home"))
    runner = CliRunner()
    for path in odd_files(fifo):
        for args in (
            ["records", str(path)],
            ["review", str(path), "--seat", "1"],
            ["replay", str(path)],
        ):
            r = soon(lambda args=args: runner.invoke(main, args))
            assert r.exit_code == 1 and "not a file" in r.output, (args, r.output)
            assert r.exception is None or isinstance(r.exception, SystemExit)
        r = soon(lambda path=path: runner.invoke(main, ["play", "manni", "--position", str(path)]))
        assert r.exit_code == 2 and "--position" in r.output and "not a file" in r.output


def test_settings_that_link_to_a_device_or_a_pipe_are_defaults_with_a_warning(
    tmp_path: Path, fifo: Path
) -> None:
    for n, target in enumerate(odd_files(fifo)):
        store = Store(tmp_path / f"home{n}")
        store.home.mkdir()
        store.settings_path.symlink_to(target)
        settings, warning = soon(store.load_settings)
        assert warning is not None and "not a file" in warning, warning
        assert settings.theme == "felt"
        assert store.settings_path.is_symlink()  # left alone


def test_settings_far_too_large_are_not_read(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.home.mkdir()
    store.settings_path.write_bytes(b" " * (2 * 1024 * 1024) + b"{}")
    settings, warning = store.load_settings()
    assert warning is not None and "2 MiB" in warning and settings.theme == "felt"


def test_saves_records_and_the_journal_that_are_pipes_are_reported(
    tmp_path: Path, fifo: Path
) -> None:
    store = Store(tmp_path / "home")
    with pytest.raises(StoreError, match="not a file"):
        soon(lambda: store.load_save(fifo))
    with pytest.raises(StoreError, match="not a file"):
        soon(lambda: store.load_record(fifo))
    # a save or a record replaced by a pipe after the folder was listed: its head is read
    # from the descriptor, never blocking
    assert "not a file" in (soon(lambda: store._head(fifo))[1] or "")
    store.home.mkdir()
    store.pending_path.symlink_to(fifo)
    assert soon(store.flush_pending) == (0, -1, 0)  # unreadable: kept, nothing lost
    soon(lambda: store._keep([{"kind": "game"}]))
    assert store.pending_path.name != "pending-results.jsonl"  # a journal of its own
    assert store.pending_path.read_text().strip() == '{"kind": "game"}'


def test_the_history_lists_a_linked_pipe_without_blocking(tmp_path: Path, fifo: Path) -> None:
    store = Store(tmp_path / "home")
    store.records_dir.mkdir(parents=True)
    (store.records_dir / "pipe.txt").symlink_to(fifo)
    assert soon(store.list_records) == []  # not a file: not a record, never opened


def test_parse_json_bounds_depth_and_digits_and_says_why() -> None:
    """The one JSON reader for what comes from outside: nested 900 deep (which Python reads,
    and which then breaks ``json.dumps`` at the next save) is refused like 100,000 deep."""
    assert files.parse_json(b"[" * 64 + b"]" * 64) is not None
    for raw, words in [
        (b"[" * 65 + b"]" * 65, "more than 64 levels"),
        (b"[" * 900 + b"]" * 900, "nested too deeply"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"a": ' + b"9" * 5000 + b"}", "a number of more than 4,300 digits"),
        (b'{"a": "caf\xe9"}', "not valid UTF-8"),
        (b'{"a": 1,}', "not valid JSON at line 1, column 9"),
    ]:
        with pytest.raises(files.BadJSON, match=words):
            files.parse_json(raw)
    assert files.json_depth({"a": [1, {"b": []}]}) == 4 and files.json_depth(5) == 0
    # what a position handed in holds besides JSON's own: tuples, a log (a list of its own
    # kind), a mapping that is not a dict
    from types import MappingProxyType

    from cardsuite.eventlog import EventLog

    inner = MappingProxyType({"x": (1, [2.5, None])})
    assert files.json_depth(EventLog()) == 1 and files.json_depth(("a", [inner])) == 5
    assert files.json_depth([[], [[[]]], "deep"]) == 4


def test_a_save_or_a_position_nested_900_deep_is_refused_when_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path / "home")
    path = store.save_game({"game": "money", "title": "x", "state": "here"}, "deep")
    path.write_text(path.read_text().replace('"here"', "[" * 900 + "]" * 900))
    with pytest.raises(StoreError, match="nested too deeply"):
        store.load_save(path)
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path / "home"))
    runner = CliRunner()
    position = tmp_path / "p.json"
    for text, words in [
        ('{"game": "money", "x": ' + "[" * 900 + "]" * 900 + "}", "nested too deeply"),
        ('{"game": "money", "schema": ' + "1" * 5000 + "}", "5,000 digits is no part of"),
    ]:
        position.write_text(text)
        r = runner.invoke(main, ["play", "money", "--position", str(position)])
        assert r.exit_code == 2 and words in r.output, r.output


def test_a_pipe_among_the_themes_is_skipped_with_a_warning(tmp_path: Path) -> None:
    """The app reads every ``*.toml`` of the user's themes folder when it starts: a named
    pipe there blocked the start for ever; it is skipped, and said, as a bad theme is."""
    from cardsuite.ui.themes import load_themes

    folder = tmp_path / "themes"
    folder.mkdir()
    os.mkfifo(folder / "pipe.toml")
    (folder / "mine.toml").write_text('name = "mine"\nprimary = "#c0262d"\n', "utf-8")
    themes, warnings = soon(lambda: load_themes([folder]))
    assert "mine" in themes
    assert [w for w in warnings if "pipe.toml" in w and "not a file" in w]
