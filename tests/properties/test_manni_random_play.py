"""Random-play properties of Manni: Basic Manni, Trjámann (its options alone and combined)
and Hornafjarðarmanni (spec ``shared/rules/manni.md``).

Each random game is checked at every step: every card of the pack is in exactly one place;
the action chosen from ``legal_actions`` is accepted and logged; now and then other offered
actions are accepted by copies, unoffered ones are refused with a reason leaving the state
unchanged, ``to_json``/``from_json`` round-trips, and ``sample_hidden`` keeps the observer's
view and the pack. Every game ends; per hand: basic Manni's trumps follow H S D C and its
points are ``max(0, tricks - 4)``; in Trjámann and Hornafjarðarmanni the results sum to zero
and the plus totals to the minus totals; a Trjámann game is exactly 12 hands in which each
player declares each of the four contracts once.

``CARDSUITE_PROPERTY_GAMES`` multiplies the games (``CARDSUITE_FULL=1`` plays three times the
default run's number).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
import scale
from roundtrip import check_round_trip

from cardsuite.engine import IllegalAction
from cardsuite.games.manni.actions import Discard, Play
from cardsuite.games.manni.rules import GAME, MannState

# (variant, options, games in the full run; the default run plays a sixth)
CASES = [
    ("basic", {}, 150),
    ("trjamann", {}, 45),
    ("trjamann", {"no_spades_in_other": True}, 18),
    ("trjamann", {"four_or_none": True}, 18),
    ("trjamann", {"grand_hearts": True}, 18),
    ("trjamann", {"no_spades_in_other": True, "four_or_none": True, "grand_hearts": True}, 30),
    ("hornafjardarmanni", {}, 150),
]
KINDS = ("nullo", "grand", "spades", "other")
MAX_STEPS = 50_000

_PACKS: dict[str, Counter] = {}


def _conserved(st: MannState) -> None:
    if st.variant not in _PACKS:
        _PACKS[st.variant] = Counter(GAME.full_pack(3, st.options, st.variant))
    assert Counter(st.all_cards()) == _PACKS[st.variant]


def _offers_accepted(st: MannState, rng: random.Random) -> None:
    """A few other offered actions apply to copies (by object and by their text)."""
    legal = st.legal_actions()
    for _ in range(3):
        act = legal[rng.randrange(len(legal))]
        st.clone().apply(act)
        st.clone().apply(str(act))


def _refusals(st: MannState, rng: random.Random) -> None:
    """Unoffered actions are refused with a reason and change nothing."""
    seat = st.to_move()
    assert seat is not None
    before = st.to_json()
    hand = st.hands[seat]
    offered = {str(a) for a in st.legal_actions()} if st.phase != "exchange" else None
    probes: list = ["fold", "play" if st.phase != "play" else "swap"]
    foreign = [c for c in GAME.full_pack(3, st.options, st.variant) if c not in hand]
    probes.append(Play(rng.choice(foreign)) if st.phase == "play" else f"discard {foreign[0]}")
    if st.phase == "play":
        probes += [Play(c) for c in hand if f"play {c.code}" not in offered]  # type: ignore[operator]
    elif st.phase == "exchange":
        sizes = st.exchange_sizes(seat)
        too_many = sizes[-1] + 1
        if too_many <= len(hand):
            probes.append(Discard(tuple(rng.sample(hand, too_many))))
        bad = [k for k in range(len(hand) + 1) if k not in sizes]
        if bad:
            probes.append(Discard(tuple(rng.sample(hand, rng.choice(bad)))))
    elif st.phase == "contract":
        probes += [f"contract {k}" for k in ("nullo", "grand", "spades") if k not in st.owed[seat]]
        if "other" not in st.owed[seat]:
            probes.append("contract other hearts")
        if st._no_spades:
            probes.append("contract other spades")
    for act in probes:
        with pytest.raises(IllegalAction) as info:
            st.apply(act)
        assert info.value.reason
        assert st.to_json() == before
    other = (seat + 1) % 3
    with pytest.raises(IllegalAction):
        st.apply(st.legal_actions()[0], other)
    assert st.to_json() == before


def _sample(st: MannState, rng: random.Random) -> None:
    observer = rng.randrange(3)
    sample = st.sample_hidden(observer, rng)
    assert sample.view(observer) == st.view(observer)
    _conserved(sample)
    voids = st.voids()
    for s in range(3):
        if s != observer:
            assert not {c.suit for c in sample.hands[s]} & voids[s]


def _check_hand(st: MannState, rec: dict) -> None:
    t = rec["tricks"]
    assert sum(t) == (16 if st.variant == "trjamann" else 12)
    if st.variant == "basic":
        assert rec["trump"] == "HSDC"[(rec["hand"] - 1) % 4]
        assert rec["gains"] == [max(0, x - 4) for x in t]
        return
    assert sum(rec["results"]) == 0
    assert sum(rec["targets"]) == sum(t)
    assert sum(rec["plus"]) == sum(rec["minus"])
    if st.variant == "trjamann":
        assert rec["declarer"] == (rec["dealer"] + 1) % 3
    sign = -1 if rec["contract"] == "nullo" else 1
    assert rec["results"] == [sign * (x - y) for x, y in zip(t, rec["targets"], strict=True)]


def play_checked(variant: str, options: dict, seed: int) -> MannState:
    seed = scale.int_seed(seed)
    rng = random.Random(seed * 7919 + len(options))
    st = GAME.new_state(variant=variant, options=options, seed=seed)
    _conserved(st)
    steps = 0
    hands_seen = 0
    while not st.is_over():
        steps += 1
        assert steps < MAX_STEPS, "game did not end"
        legal = st.legal_actions()
        assert len(legal) > 0
        roll = rng.random()
        if roll < 0.01:
            _refusals(st, rng)
        elif roll < 0.02:
            _offers_accepted(st, rng)
        elif roll < 0.025:
            _sample(st, rng)
        elif roll < 0.028:
            check_round_trip(st, rng, 10, by_text=True)
        act = legal[rng.randrange(len(legal))]
        seat, hand_no = st.to_move(), st.hand_no
        events = st.apply(act)
        assert events, "every action is logged"
        _conserved(st)
        if act.__class__ is Play and st.hand_no == hand_no:
            assert act.card not in st.hands[seat]  # type: ignore[index]
            assert act.card in st.played or any(c is act.card for _, c in st.trick)
        while hands_seen < len(st.history):
            _check_hand(st, st.history[hands_seen])
            hands_seen += 1
        if not st.is_over():
            assert st.to_move() is not None
            sizes = [len(h) for h in st.hands]
            assert max(sizes) - min(sizes) <= 1
            assert sum(st.plus) == sum(st.minus)
    assert hands_seen == len(st.history) == st.hand_no
    assert st.winners(), "a finished game has a winner"
    scores = st.scores()
    assert st.winners() == [s for s in range(3) if scores[s] == max(scores)]
    return st


@pytest.mark.parametrize(
    ("variant", "options", "games"),
    CASES,
    ids=lambda x: str(x) if not isinstance(x, dict) else ",".join(f"{k}" for k in x) or "-",
)
def test_random_games(variant: str, options: dict, games: int) -> None:
    for seed in range(scale.games(games)):
        st = play_checked(variant, options, seed)
        hist = st.history
        if variant == "basic":
            assert max(st.points) >= 10
            assert all(max(h["totals"]) < 10 for h in hist[:-1])  # MANNI-END-1
            assert st.points == [sum(h["gains"][s] for h in hist) for s in range(3)]
        elif variant == "hornafjardarmanni":
            assert max(st.plus) >= 10
            assert all(max(h["plus"]) < 10 for h in hist[:-1])  # HORN-END-1
            assert sum(st.scores()) == 0
        else:
            assert len(hist) == 12  # TRJ-END-1
            declared = Counter((h["declarer"], h["contract"]) for h in hist)
            assert declared == Counter({(s, k): 1 for s in range(3) for k in KINDS})
            events = [e for e in st.events if e.kind == "contract"]
            assert Counter((e.seat, e.data["contract"]) for e in events) == declared
            for e in events:
                if options.get("no_spades_in_other") and e.data["contract"] == "other":
                    assert e.data["trump"] != "S"
                if e.data["contract"] == "grand":
                    assert e.data["trump"] == ("H" if options.get("grand_hearts") else None)
            assert sum(st.scores()) == 0
            if options.get("four_or_none"):
                assert all(e.data["count"] in (0, 4) for e in st.events if e.kind == "exchange")
        # the dealer passes to the left (MANNI-GEN-2)
        dealers = [h["dealer"] for h in hist]
        assert dealers == [(dealers[0] + i) % 3 for i in range(len(dealers))]
