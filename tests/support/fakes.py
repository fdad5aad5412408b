"""A fake clock for timing tests: set ``now`` by hand, or let each reading step forward."""

from __future__ import annotations


class FakeClock:
    """``clock()`` returns ``now``; with ``step``, every reading first moves ``now`` on."""

    def __init__(self, now: float = 100.0, step: float = 0.0) -> None:
        self.now = now
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now
