"""Reading the files cardsuite is given: only regular files, never more than a limit, and
JSON of a bounded depth.

A path the player names (``cardsuite records FILE``, ``play --position FILE``) or finds in
the data folder (``settings.json``, a save, a record, the pending results) may be anything:
a character device that never ends (``/dev/zero``), a named pipe that blocks the first
``read`` for ever, a link to either, a file that grows while it is read. A size check on the
path is not enough: a device reports size 0, and the path may change between the check and
the read. So ``read_file`` opens without blocking (``O_NONBLOCK``: opening a pipe with no
writer returns at once), asks the *opened* descriptor what it is (``fstat``), refuses
anything but a regular file, and reads at most ``limit + 1`` bytes, refusing what is
larger. The refusals are ``OSError``\\ s (``NotAFile``, ``TooLarge``) whose ``strerror``
says why in words, so a caller's ``except OSError`` reports them as it reports any file it
cannot read.

``parse_json`` is the one JSON reader for what comes from outside: whatever the bytes
(invalid UTF-8, a number of 5,000 digits, nesting 100,000 deep or only 900 deep), the only
exception is ``BadJSON``, saying what is wrong. The depth is bounded far below Python's
recursion limit, since a value nested 900 deep loads and then breaks whatever walks it
later (``json.dumps`` at a save, ``repr`` in a message) with ``RecursionError``.

Pure standard library.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
from collections.abc import Mapping
from typing import Any, TypeAlias, TypeGuard

__all__ = [
    "MAX_JSON_DEPTH",
    "BadJSON",
    "NotAFile",
    "TooLarge",
    "json_depth",
    "parse_json",
    "read_file",
    "read_head",
]

#: No JSON of ours is nested deeper than 8 (a save: the save, its state, a zone, a card
#: list...); a file nested deeper than this is not ours.
MAX_JSON_DEPTH = 64

_CHUNK = 1 << 20
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a pipe with no writer opens at once
    | getattr(os, "O_NOCTTY", 0)  # a terminal never becomes ours by being opened
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


class NotAFile(OSError):
    """The path is a device, a pipe or a socket (or a link to one), not a regular file."""


class TooLarge(OSError):
    """The file holds more than the limit; ``size`` is what it holds (at least the limit +
    1 when it grew while read)."""

    def __init__(self, path: str | os.PathLike[str], size: int, limit: int) -> None:
        super().__init__(
            errno.EFBIG, f"it holds {_amount(size)}, more than the {_amount(limit)} read", path
        )
        self.size = size
        self.limit = limit


def _amount(size: int) -> str:
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.0f} MiB"
    if size >= 1024:
        return f"{size / 1024:.0f} KiB"
    return f"{size} bytes"


def _kind(mode: int) -> str:
    """What a file that is not a regular one is, in words."""
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _refuse(path: str | os.PathLike[str], mode: int) -> OSError:
    if stat.S_ISDIR(mode):
        return IsADirectoryError(errno.EISDIR, "it is a folder, not a file", path)
    what = _kind(mode)
    return NotAFile(errno.EINVAL, f"it is {what}, not a file; only files are read", path)


def _open(path: str | os.PathLike[str]) -> int:
    """A descriptor of ``path`` that is surely a regular file; the caller closes it."""
    # A look at the path first, so a device is never even opened (opening some has effects:
    # a serial line's modem signals, a tape's rewind); the descriptor's own ``fstat`` below
    # is what decides, since the path may be changed in between.
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise _refuse(path, mode)
    fd = os.open(path, _OPEN_FLAGS)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _refuse(path, mode)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _read(fd: int, count: int) -> bytes:
    """Up to ``count`` bytes from ``fd`` (fewer only at its end)."""
    chunks: list[bytes] = []
    left = count
    while left > 0:
        chunk = os.read(fd, min(left, _CHUNK))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    ``FileNotFoundError``, ``IsADirectoryError``, ``PermissionError`` as Python raises
    them; ``NotAFile`` for a device, a pipe or a socket (never blocking, never reading
    one); ``TooLarge`` for a file over ``limit`` bytes, by its size or by what it gave
    (at most ``limit + 1`` bytes are ever read)."""
    fd = _open(path)
    try:
        size = os.fstat(fd).st_size
        if size > limit:
            raise TooLarge(path, size, limit)
        data = _read(fd, limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew while read
        raise TooLarge(path, len(data), limit)
    return data


def read_head(path: str | os.PathLike[str], count: int) -> tuple[bytes, int]:
    """The first ``count`` bytes of the regular file ``path`` and its size, refusing what
    ``read_file`` refuses but a size."""
    fd = _open(path)
    try:
        size = os.fstat(fd).st_size
        return _read(fd, count), size
    finally:
        os.close(fd)


class BadJSON(ValueError):
    """Bytes that are not the JSON we keep; ``str(e)`` says why, for a message."""


_PLAIN = frozenset({str, int, float, bool, type(None)})
_NESTS = frozenset({dict, list, tuple})


#: What ``json_depth`` walks into: a mapping's values, a list's or a tuple's items.
_Nest: TypeAlias = Mapping[Any, object] | list[object] | tuple[object, ...]


def _nests(node: object) -> TypeGuard[_Nest]:
    """Can ``node`` hold other values? (JSON's own types are looked up first: they are most.)"""
    kind = type(node)
    if kind in _NESTS:
        return True
    return kind not in _PLAIN and isinstance(node, Mapping | list | tuple)


def json_depth(value: object) -> int:
    """How deep ``value`` nests (a scalar 0, ``[]`` 1, ``[[1]]`` 2), without recursion (a
    file's JSON and a position handed in as a mapping of lists and tuples alike). It walks a
    level at a time and keeps only what nests: a long game's log (twenty thousand events) is
    measured at every load."""
    depth = 0
    level: list[Any] = [value] if _nests(value) else []  # (each a _Nest)
    while level:
        depth += 1
        inner: list[object] = []
        add = inner.extend
        for node in level:  # (JSON's own dicts and lists first: a type test, not an ABC's)
            kind = type(node)
            if kind is dict:
                add(node.values())
            elif kind is list or kind is tuple or not isinstance(node, Mapping):
                add(node)
            else:
                add(node.values())
        # (a comprehension with its plain types looked up inline: a call of ``_nests`` for
        # each of a log's values was three quarters of the walk)
        level = [x for x in inner if type(x) in _NESTS or (type(x) not in _PLAIN and _nests(x))]
    return depth


class _TooManyDigits(ValueError):
    """A whole number longer than ``parse_json``'s ``max_digits``."""


def parse_json(
    raw: bytes | str, max_depth: int = MAX_JSON_DEPTH, max_digits: int | None = None
) -> object:
    """Parse ``raw`` (UTF-8 bytes or text) as JSON nested at most ``max_depth`` deep, its
    whole numbers at most ``max_digits`` long when given (a position's longest number has
    ten). Whatever it holds (nested 100,000 deep, a number of 5,000 digits, invalid UTF-8),
    the only exception is ``BadJSON``, saying what is wrong."""

    def whole_number(digits: str) -> int:
        length = len(digits.lstrip("-"))
        if max_digits is not None and length > max_digits:
            raise _TooManyDigits(f"a number of {length:,} digits is no part of a position")
        return int(digits)

    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise BadJSON("not valid UTF-8 text") from None
    else:
        text = raw
    try:
        value = json.loads(text, parse_int=whole_number)
    except _TooManyDigits as exc:
        raise BadJSON(str(exc)) from None
    except json.JSONDecodeError as exc:
        raise BadJSON(
            f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise BadJSON("nested too deeply to be ours") from None
    except ValueError as exc:  # e.g. Python's limit on the digits of an integer
        why = str(exc)
        if "integer string conversion" in why:
            why = f"a number of more than {sys.get_int_max_str_digits():,} digits"
        raise BadJSON(f"not JSON we can read ({why[:80]})") from None
    if json_depth(value) > max_depth:
        raise BadJSON(f"nested too deeply to be ours (more than {max_depth} levels)")
    return value
