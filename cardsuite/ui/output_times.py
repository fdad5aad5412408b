"""When a frame really reaches the terminal: the start of every reaction Money shows.

Textual composes a frame, hands it to its output thread (``WriterThread``) and moves on; the
thread writes and flushes it when it next gets the interpreter lock. Measured in tmux, that
came 15-20 ms after the moment the screen could stamp ("after refresh"), and longer on a busy
machine, so every "SNAP! … ms" read that much too slow. Here the output thread is taught to
note, for each flush, how many frames it has written by then and when; a screen notes how
many frames were handed over when its card was drawn, and asks when the flush that carried
them happened.

A narrow patch of one Textual class (``textual.drivers._writer_thread.WriterThread``), the
same loop with two counters and a clock reading; in headless tests there is no output thread
and the screen keeps its own stamp.
"""

from __future__ import annotations

import threading
import time
from collections import deque

from textual.drivers import _writer_thread
from textual.drivers._writer_thread import WriterThread


class OutputTimes:
    """Frames handed to the output thread and the times they were flushed to the terminal."""

    def __init__(self) -> None:
        self.handed = 0  # frames given to the output thread (main thread)
        self.written = 0  # frames written by the output thread
        self._flushes: deque[tuple[int, float]] = deque(maxlen=512)  # (written, when)
        self._lock = threading.Lock()

    def flushed(self, when: float) -> None:
        with self._lock:
            self._flushes.append((self.written, when))

    def time_of(self, handed: int) -> float | None:
        """When the first ``handed`` frames were all on the terminal; None if not yet (or
        long forgotten)."""
        with self._lock:
            for written, when in self._flushes:
                if written >= handed:
                    return when
        return None


OUTPUT = OutputTimes()
_original_write = WriterThread.write


def _write(self: WriterThread, text: str) -> None:
    OUTPUT.handed += 1
    _original_write(self, text)


def _run(self: WriterThread) -> None:
    """``WriterThread.run`` (Textual 8.2), noting each flush."""
    write = self._file.write
    flush = self._file.flush
    get = self._queue.get
    qsize = self._queue.qsize
    while True:
        text: str | None = get()
        if text is None:
            break
        write(text)
        OUTPUT.written += 1
        if qsize() == 0:
            flush()
            OUTPUT.flushed(time.monotonic())
    flush()
    OUTPUT.flushed(time.monotonic())


def apply() -> None:
    """Install the counting output loop (idempotent; before the app starts its driver)."""
    if _writer_thread.WriterThread.run is not _run:
        # Textual's own, replaced on purpose: the same loop, counting (the module docstring)
        WriterThread.write = _write  # type: ignore[method-assign]
        WriterThread.run = _run  # type: ignore[method-assign]


__all__ = ["OUTPUT", "OutputTimes", "apply"]
