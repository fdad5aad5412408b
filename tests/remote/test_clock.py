"""The clock exchange (``cardsuite/remote/clock.py``): NTP-style offset and round trip, the
min-RTT filter, the uncertainty formula, and refusing samples no honest link produces."""

from __future__ import annotations

import math

import pytest

from cardsuite.remote.clock import DRIFT_RATE, FLOOR, MAX_RTT, ClockSync


def ping(
    sync: ClockSync, s0: float, skew: float, down: float, up: float, hold: float = 0.0
) -> bool:
    """One exchange on a link: the client's clock reads server time + ``skew``; the ping takes
    ``down``, the answer ``up``; the client holds it ``hold`` before answering."""
    c1 = s0 + down + skew
    c2 = c1 + hold
    s3 = s0 + down + hold + up
    return sync.add(s0, c1, c2, s3)


def test_symmetric_link_gives_the_exact_offset_and_round_trip() -> None:
    sync = ClockSync()
    assert ping(sync, 100.0, skew=-7.25, down=0.04, up=0.04, hold=0.003)
    assert sync.ready and sync.samples == 1
    assert sync.offset == pytest.approx(7.25)  # server ≈ client + θ
    assert sync.rtt == pytest.approx(0.08)  # the client's hold is not on the wire
    assert sync.one_way == pytest.approx(0.04)
    assert sync.to_server(200.0 - 7.25) == pytest.approx(200.0)
    assert sync.to_client(200.0) == pytest.approx(200.0 - 7.25)


def test_asymmetric_link_errs_by_half_the_difference_and_one_way_is_the_mean() -> None:
    """A steady asymmetry cannot be seen from one side: θ is off by (up − down) / 2, and the
    mapped arrival of a server message (send + one_way) is still exactly right."""
    sync = ClockSync()
    ping(sync, 10.0, skew=3.0, down=0.09, up=0.01)
    assert sync.offset == pytest.approx(-3.0 + (0.01 - 0.09) / 2)
    assert sync.one_way == pytest.approx(0.05)
    sent = 50.0
    client_sees = sent + 0.09 + 3.0  # its clock when the message arrives
    assert sync.to_server(client_sees) == pytest.approx(sent + sync.one_way)
    assert sync.offset_bound == pytest.approx(sync.one_way + sync.uncertainty)


def test_offset_comes_from_the_smallest_round_trip() -> None:
    """The NTP clock filter: the sample with least queueing has least room for error."""
    sync = ClockSync()
    for i, (down, up) in enumerate([(0.10, 0.02), (0.02, 0.02), (0.03, 0.09), (0.05, 0.05)]):
        ping(sync, 2.0 * i, skew=1.5, down=down, up=up)
    assert sync.rtt == pytest.approx(0.04)
    assert sync.offset == pytest.approx(-1.5)  # the symmetric 20 + 20 ms sample
    assert sync.samples == 4


def test_equal_round_trips_take_the_newest() -> None:
    sync = ClockSync()
    ping(sync, 0.0, skew=1.0, down=0.02, up=0.02)
    ping(sync, 2.0, skew=1.001, down=0.02, up=0.02)  # the client's clock has drifted 1 ms
    assert sync.offset == pytest.approx(-1.001)


def test_window_keeps_the_last_samples_only() -> None:
    sync = ClockSync(window=4)
    ping(sync, 0.0, skew=0.0, down=0.001, up=0.001)  # a superb sample, soon too old
    for i in range(1, 5):
        ping(sync, 2.0 * i, skew=0.5, down=0.03, up=0.03)
    assert sync.samples == 4
    assert sync.rtt == pytest.approx(0.06)
    assert sync.offset == pytest.approx(-0.5)
    with pytest.raises(ValueError):
        ClockSync(window=0)


def test_uncertainty_is_the_floor_on_a_steady_link() -> None:
    sync = ClockSync()
    for i in range(8):
        ping(sync, 2.0 * i, skew=-4.0, down=0.2, up=0.2)
    assert sync.jitter == pytest.approx(0.0, abs=1e-12)
    assert sync.uncertainty == FLOOR  # not the 200 ms one-way: a steady link cancels out


def test_uncertainty_is_the_median_excess_round_trip_plus_drift() -> None:
    """uncertainty = max(FLOOR, median(rtt) − min(rtt) + DRIFT_RATE · age of the best)."""
    sync = ClockSync()
    extras = [0.0, 0.03, 0.01, 0.02, 0.04]  # added to the ping's down leg
    for i, x in enumerate(extras):
        ping(sync, 2.0 * i, skew=0.0, down=0.02 + x, up=0.02)
    assert sync.rtt == pytest.approx(0.04)
    assert sync.jitter == pytest.approx(0.02)  # median 0.06 − min 0.04
    age = (8.0 + 0.06 + 0.02) - (0.0 + 0.02 + 0.02)  # s3 of the newest − s3 of the best
    assert sync.uncertainty == pytest.approx(0.02 + DRIFT_RATE * age)
    # one spike does not widen it: the median ignores it
    spiky = ClockSync()
    for i in range(8):
        ping(spiky, 2.0 * i, skew=0.0, down=0.02 + (0.5 if i == 3 else 0.0), up=0.02)
    assert spiky.uncertainty == FLOOR


def test_before_any_sample_the_figures_read_zero() -> None:
    sync = ClockSync()
    assert not sync.ready and sync.samples == 0
    assert (sync.offset, sync.rtt, sync.one_way, sync.jitter) == (0.0, 0.0, 0.0, 0.0)
    assert sync.uncertainty == FLOOR
    assert sync.to_server(5.0) == 5.0


@pytest.mark.parametrize(
    "stamps",
    [
        (math.nan, 1.0, 1.0, 2.0),
        (0.0, math.inf, 1.0, 2.0),
        (0.0, 1.0, 1.0, -math.inf),
        (1.0, 5.0, 5.0, 0.5),  # the server's clock ran backwards
        (0.0, 5.0, 4.0, 1.0),  # the client answered before it was asked
        (0.0, 5.0, 5.9, 0.5),  # held longer than the round trip: negative RTT
        (0.0, 1.0, 1.0, MAX_RTT + 0.5),  # a stall, not a measurement
        (0.0, 1e300, 1e300, 0.1),  # no clock reads that
        ("soon", 1.0, 1.0, 2.0),
        (None, 1.0, 1.0, 2.0),
    ],
)
def test_absurd_samples_are_refused_without_raising(stamps: tuple) -> None:
    sync = ClockSync()
    ping(sync, 0.0, skew=2.0, down=0.03, up=0.03)
    before = (sync.offset, sync.rtt, sync.uncertainty, sync.samples)
    assert sync.add(*stamps) is False
    assert (sync.offset, sync.rtt, sync.uncertainty, sync.samples) == before


def test_a_zero_round_trip_is_a_sample() -> None:
    """A loopback client can answer within the clock's resolution: RTT 0 is kept."""
    sync = ClockSync()
    assert sync.add(1.0, 11.0, 11.0, 1.0)
    assert sync.rtt == 0.0 and sync.offset == -10.0 and sync.uncertainty == FLOOR
