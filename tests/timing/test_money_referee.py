"""The snap's timing, with exact times (no clock, no sleeps): the claim window, the throw
time, ties, simultaneous presses, auto-repeat, and the bots' reaction distributions."""

from __future__ import annotations

import random
import statistics

import money_helpers
import pytest

from cardsuite.games.money.bots import REACTIONS, make
from cardsuite.games.money.referee import Referee
from cardsuite.games.money.rules import MoneyState


def position(hand_a: list[str], hand_b: list[str], pile: list[str] | None = None) -> MoneyState:
    """Seat 0 (A) to move; hands top first; the other number cards under B's hand."""
    return money_helpers.position(hands=(hand_a, hand_b), pile=pile or ())


def test_window_closes_exactly_at_the_opponents_reveal() -> None:
    """MONEY-CLAIM-1/2: A's claim just before B's next card is revealed captures; just after,
    it is late, hence false (MONEY-CLAIM-4), and B takes the ground."""
    for at, valid in ((0.5999, True), (0.6001, False)):
        st = position(["9H", "2C"], ["5D", "3S"], pile=["4S", "9D"])
        ref = Referee(st, throw_time=0.5, start=0.0)
        ref.press(0, "turn", 0.0)  # A turns 9H onto 9D: a match
        assert st.last is not None and st.last[2]
        ref.press(1, "turn", 0.6)  # B presses at 0.6, after the throw time: revealed at once
        out = ref.press(0, "snap", at) if not valid else []
        if valid:  # the snap came before B's press: replay in time order
            st = position(["9H", "2C"], ["5D", "3S"], pile=["4S", "9D"])
            ref = Referee(st, throw_time=0.5, start=0.0)
            ref.press(0, "turn", 0.0)
            out = ref.press(0, "snap", at)
            ref.press(1, "turn", 0.6)
        claim = out[0]
        assert claim.kind == "claim"
        false = "false" in {e.kind for e in claim.events}
        assert false is (not valid)
        taker = 0 if valid else 1
        assert len(st.hands[taker]) >= 4 and st.events[-1].kind in ("capture", "turn")


def test_snap_at_the_same_instant_as_a_held_turn_goes_first() -> None:
    """money.md §12: a claim and the opponent's turn at the same time: the claim wins."""
    st = position(["9H", "2C"], ["5D", "3S"], pile=["4S", "9D"])
    ref = Referee(st, throw_time=0.5, start=0.0)
    ref.press(0, "turn", 0.0)  # A's match at 0.0
    held = ref.press(1, "turn", 0.2)  # B presses early: held until 0.5
    assert [o.kind for o in held] == ["held"]
    out = ref.press(0, "snap", 0.5)  # at exactly 0.5: before the held turn
    kinds = [o.kind for o in out]
    assert kinds[0] == "claim"
    assert "false" not in {e.kind for e in out[0].events}
    assert len(st.hands[0]) == 1 + 3  # 2C, then 4S 9D 9H captured
    assert out[0].reaction == pytest.approx(0.5)


def test_a_late_claim_is_false_and_penalised() -> None:
    """MONEY-CLAIM-3/4: after B's card is revealed, A's claim is false: B takes the ground."""
    st = position(["9H", "2C"], ["5D", "3S"], pile=["4S", "9D"])
    ref = Referee(st, throw_time=0.5)
    ref.press(0, "turn", 0.0)
    ref.press(1, "turn", 0.7)
    out = ref.press(0, "snap", 0.71)
    assert {e.kind for e in out[0].events} >= {"false", "capture"}
    assert st.pile == [] and len(st.hands[1]) > 20


def test_turn_before_the_throw_time_is_held_not_dropped() -> None:
    st = position(["9H", "2C"], ["5D", "3S"], pile=["4S", "9D"])
    ref = Referee(st, throw_time=0.5)
    ref.press(0, "turn", 0.0)
    assert [o.kind for o in ref.press(1, "turn", 0.1)] == ["held"]
    assert ref.next_deadline() == pytest.approx(0.5)
    assert ref.advance(0.49) == []
    out = ref.advance(0.5)
    assert [o.kind for o in out] == ["turn"] and out[0].time == pytest.approx(0.5)
    assert ref.reveal_time == pytest.approx(0.5)


def test_claim_on_a_non_match_is_penalised_and_on_an_empty_pile_refused() -> None:
    st = position(["6H", "2C"], ["5D", "3S"], pile=["4S", "9D"])
    ref = Referee(st, throw_time=0.5)
    ref.press(0, "turn", 0.0)  # 6 on 9: no match
    out = ref.press(0, "snap", 0.3)
    assert "false" in {e.kind for e in out[0].events}
    assert st.pile == []  # B took it
    again = ref.press(1, "snap", 0.4)
    assert again[0].kind == "refused" and "nothing" in again[0].reason


def test_both_players_at_once_in_the_order_of_their_presses() -> None:
    """Two snaps on A's match: the earlier press decides; the later finds an empty pile."""
    for first, second in ((0, 1), (1, 0)):
        st = position(["9H", "2C"], ["5D", "3S"], pile=["4S", "9D"])
        ref = Referee(st, throw_time=0.5)
        ref.press(0, "turn", 0.0)
        a = ref.press(first, "snap", 0.3000)
        b = ref.press(second, "snap", 0.3001)
        if first == 0:  # A's valid claim first, B finds nothing to claim
            assert "false" not in {e.kind for e in a[0].events}
            assert b[0].kind == "refused"
            assert len(st.hands[0]) == 4
        else:  # B snaps A's card first: false, so A takes the ground; then A finds nothing
            assert "false" in {e.kind for e in a[0].events}
            assert b[0].kind == "refused"
            assert len(st.hands[0]) == 4


def test_auto_repeat_is_ignored() -> None:
    """A held snap key streams presses 30 ms apart: only the first counts; so does a held
    turn key, even once it is that player's turn again."""
    st = position(["6H", "2C", "7S"], ["5D", "3S"], pile=["4S", "9D"])
    ref = Referee(st, throw_time=0.5)
    ref.press(0, "turn", 0.0)  # no match
    out = [ref.press(0, "snap", 0.3 + i * 0.03) for i in range(10)]
    assert [o[0].kind for o in out] == ["claim"] + ["ignored"] * 9  # one (false) claim
    assert all(o[0].reason == "key repeat" for o in out[1:])
    # B holds the turn key down from 1.0: it turns once; A turns at 1.6; B's stream goes on
    turns = []
    t = 1.0
    while t < 2.4:
        turns += [o.kind for o in ref.press(1, "turn", t, key="l")]
        if abs(t - 1.6) < 0.015:
            turns += [o.kind for o in ref.press(0, "turn", t, key="a")]
        t = round(t + 0.03, 3)
    assert turns.count("turn") == 2  # B once at 1.0, A once at 1.6; never B again


def test_one_snap_per_player_per_card() -> None:
    st = position(["9H", "2C"], ["5D", "3S"], pile=["4S", "9D", "9C"])
    ref = Referee(st, throw_time=0.5)
    ref.press(0, "turn", 0.0)  # 9H on 9C: a match
    ref.press(1, "snap", 0.2)  # B snaps A's card: false, A takes the ground
    out = ref.press(1, "snap", 0.45)  # a second snap by B on the same card does nothing
    assert out[0].kind == "ignored" and out[0].reason == "one snap per card"


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bot_reaction_delays_follow_the_level(level: str) -> None:
    r = REACTIONS[level]
    rng = random.Random(5)
    delays = [r.delay(rng) for _ in range(5000)]
    assert min(delays) >= 0.2
    assert r.low <= min(delays) and max(delays) <= r.high
    mid = statistics.median(delays)
    assert r.low + 0.15 * (r.high - r.low) < mid < r.low + 0.55 * (r.high - r.low)  # skewed
    assert statistics.mean(delays) > mid  # right-skewed, like human reactions


@pytest.mark.parametrize(("level", "miss"), [("easy", 0.2), ("medium", 0.05), ("hard", 0.0)])
def test_bots_miss_matches_at_their_rate(level: str, miss: float) -> None:
    bot = make(level, seed=3)
    misses = 0
    trials = 3000
    for i in range(trials):
        st = position(["9H", "2C"], ["5D", "3S"], pile=["4S", "9D"])
        st.apply("turn")
        st.turns += i  # a fresh card each time (the bot draws once per card)
        st.last = (0, st.pile_ids[-1], True)
        plans = bot.plan(st, 0, 0.0)
        snaps = [t for t, k in plans if k == "snap"]
        if not snaps:
            misses += 1
        else:
            r = REACTIONS[level]
            assert r.low <= snaps[0] <= r.high
    assert abs(misses / trials - miss) < 0.03


def test_hard_bot_closes_the_window_at_the_throw_time() -> None:
    st = position(["9H", "2C"], ["5D", "3S"], pile=["4S", "9D"])
    st.apply("turn")  # A (seat 0) matches; B is a hard bot to move
    plans = make("hard", seed=1, iterations=5).plan(st, 1, 10.0)
    assert (10.5, "turn") in plans
