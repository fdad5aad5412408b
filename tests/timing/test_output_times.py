"""The output thread notes when each frame reached the terminal (Money's reaction start)."""

from __future__ import annotations

import io
import time

from textual.drivers._writer_thread import WriterThread

from cardsuite.ui import output_times
from cardsuite.ui.output_times import OUTPUT, OutputTimes


def test_the_flush_that_carries_a_frame_is_found() -> None:
    times = OutputTimes()
    times.written = 2
    times.flushed(10.0)
    times.written = 5
    times.flushed(10.5)
    assert times.time_of(1) == 10.0 and times.time_of(2) == 10.0
    assert times.time_of(3) == 10.5 and times.time_of(5) == 10.5
    assert times.time_of(6) is None  # not on the terminal yet


def test_the_patched_output_thread_counts_and_times_its_flushes() -> None:
    output_times.apply()
    output_times.apply()  # idempotent
    file = io.StringIO()
    thread = WriterThread(file)
    thread.start()
    before = time.monotonic()
    first = OUTPUT.handed + 1
    thread.write("frame one")
    thread.write("frame two")
    thread.stop()
    assert file.getvalue() == "frame oneframe two"
    when = OUTPUT.time_of(first + 1)
    assert when is not None and before <= when <= time.monotonic()
