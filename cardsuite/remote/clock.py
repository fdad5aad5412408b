"""One client's clock against the server's: an NTP-style estimate. Pure: every time is given.

**Who measures.** The server does: it pings each client about every 2 s and the client answers
at once with its own clock. One exchange gives four stamps::

    s0  the server sends the ping            (server clock)
    c1  the client receives it               (client clock)
    c2  the client sends its answer          (client clock)
    s3  the server receives the answer       (server clock)

and ``add(s0, c1, c2, s3)`` takes them. Then, as in NTP (RFC 5905, with the sign turned so
that it maps client times onto the server's)::

    rtt    δ = (s3 − s0) − (c2 − c1)                 the time spent on the wire, both ways
    offset θ = ((s0 − c1) + (s3 − c2)) / 2           server_time ≈ client_time + θ

Measuring on the server keeps the figures where they are used (the snap referee runs there)
and means a client never has to be trusted to report its own delay; it only echoes stamps.

**The filter.** The last ``window`` samples (16: about half a minute) are kept. The offset is
taken from the sample with the smallest RTT (the newest of those within 1 µs of it): a
message that spent least time queued has the least room for an unequal split between the two
legs, which is the whole error of θ (NTP's clock filter does the same). ``rtt`` is that
smallest RTT and ``one_way`` half of it.

**The uncertainty** (seconds)::

    uncertainty = max(FLOOR, jitter + DRIFT_RATE · age)
    jitter      = median(recent RTTs) − min(recent RTTs)
    age         = s3 of the newest sample − s3 of the sample the offset comes from

It bounds how far one message's timing may stray from the estimate: a card or a key press
sent over the link typically takes ``one_way`` plus up to the jitter (the median excess of a
round trip over the best one, so one spike does not widen it); the clocks drift apart by at
most about 100 ppm since the best sample; and a floor of 2 ms covers the resolution of the
stamps.

It deliberately leaves out the ``rtt / 2`` of NTP's worst-case bound on θ. That part of the
error comes from a steady asymmetry between the two legs (say 190 ms down, 10 ms up), which
every message on the link shares: θ is then off by (up − down) / 2, but a client stamp
mapped through θ and compared with a server time ± ``one_way`` comes out exactly right (the
two errors cancel; ``tests/remote/test_clock.py`` shows it). Those comparisons are all the
snap referee makes, and the reactions it compares never use θ at all. Put in, ``rtt / 2``
would hand a far player a tie margin of half his round trip and let latency decide the
race. ``offset_bound`` gives NTP's full bound for anyone who needs absolute time.

Absurd samples (non-finite, negative or huge RTT, times running backwards, stamps beyond any
clock) are refused: ``add`` returns False and the estimate is unchanged. It never raises.
"""

from __future__ import annotations

import math
import statistics
from collections import deque
from dataclasses import dataclass

WINDOW = 16
#: Below this the uncertainty is not believed: stamp resolution and scheduling noise.
FLOOR = 0.002
#: Relative drift allowed between two clocks (100 ppm: two ordinary crystals, opposite ways).
DRIFT_RATE = 1e-4
#: A round trip longer than this is not a measurement but a stall (or a lie).
MAX_RTT = 5.0
#: Round trips closer than this are equal (below any stamp's resolution): the newest wins.
SAME_RTT = 1e-6
#: No clock a client might use (monotonic or wall, in seconds) reads beyond this.
MAX_STAMP = 1e11


@dataclass(frozen=True)
class Sample:
    """One accepted exchange: its round trip, its offset, and when the server received it."""

    rtt: float
    offset: float
    at: float


class ClockSync:
    """The estimate of one client's clock, from the pings the server sends it."""

    def __init__(self, window: int = WINDOW) -> None:
        if window < 1:
            raise ValueError("the window must keep at least one sample")
        self._samples: deque[Sample] = deque(maxlen=window)
        self._best: Sample | None = None

    # --- input ----------------------------------------------------------------------------

    def add(self, s0: float, c1: float, c2: float, s3: float) -> bool:
        """One ping exchange (see the module docstring). False, with nothing changed, for a
        sample no honest link could produce: the caller just drops it."""
        try:
            stamps = [float(s0), float(c1), float(c2), float(s3)]
        except (TypeError, ValueError):
            return False
        if not all(math.isfinite(x) and abs(x) <= MAX_STAMP for x in stamps):
            return False
        s0, c1, c2, s3 = stamps
        if s3 < s0 or c2 < c1:  # a clock running backwards within one exchange
            return False
        rtt = (s3 - s0) - (c2 - c1)
        if not 0.0 <= rtt <= MAX_RTT:
            return False
        sample = Sample(rtt, ((s0 - c1) + (s3 - c2)) / 2, s3)
        self._samples.append(sample)
        low = min(s.rtt for s in self._samples) + SAME_RTT
        self._best = next(s for s in reversed(self._samples) if s.rtt <= low)  # newest of equals
        return True

    # --- the estimate ---------------------------------------------------------------------

    @property
    def ready(self) -> bool:
        """At least one sample: the figures below mean something (before, they read 0)."""
        return self._best is not None

    @property
    def samples(self) -> int:
        return len(self._samples)

    @property
    def offset(self) -> float:
        """θ: server_time ≈ client_time + θ, from the best sample."""
        return self._best.offset if self._best is not None else 0.0

    @property
    def rtt(self) -> float:
        """The smallest round trip in the window."""
        return self._best.rtt if self._best is not None else 0.0

    @property
    def one_way(self) -> float:
        """The estimated delay of one message, either way: half the smallest round trip."""
        return self.rtt / 2

    @property
    def jitter(self) -> float:
        """How much a typical round trip exceeds the best one: median − min of the window."""
        if not self._samples:
            return 0.0
        rtts = [s.rtt for s in self._samples]
        return statistics.median(rtts) - min(rtts)

    @property
    def uncertainty(self) -> float:
        """How far one message's timing may stray from the estimate (module docstring)."""
        if self._best is None:
            return FLOOR
        age = self._samples[-1].at - self._best.at
        return max(FLOOR, self.jitter + DRIFT_RATE * age)

    @property
    def offset_bound(self) -> float:
        """NTP's worst-case error of ``offset``: half the round trip (a fully one-sided link)
        plus the uncertainty. Not used for judging (see the module docstring)."""
        return self.one_way + self.uncertainty

    def to_server(self, client_time: float) -> float:
        """A client stamp on the server's clock."""
        return client_time + self.offset

    def to_client(self, server_time: float) -> float:
        """A server time on the client's clock."""
        return server_time - self.offset
