"""Random-play properties of Mensch, both variants (spec ``shared/rules/mensch.md``), in
matches of four deals.

Each random match is checked at every step: every card of the 32-card pack is in exactly one
place; the action chosen from ``legal_actions`` is accepted and logged; until the called card
is played no ``view`` names the partner (and, now and then, an observer's view is the same
when the called card is moved to another hidden hand); now and then every offered action is
accepted by copies (as an object and as text), unoffered cards are refused with a reason and
leave the state unchanged, ``to_json``/``from_json`` round-trips and plays on alike, and
``sample_hidden`` keeps the observer's view, the pack, the voids shown and the called card
out of the declarer's hand. Every match ends after its deals; per deal: eight tricks, the
side's tricks as counted from the tricks, the changes by MENSCH-SCORE (worked out here
independently) adding up to zero, the chips the running totals, the deal passing left; the
most chips win, ties joint.

``CARDSUITE_PROPERTY_GAMES`` multiplies the matches (``CARDSUITE_FULL=1`` plays three times
the default run's number).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
import scale
from roundtrip import check_round_trip

from cardsuite.engine import IllegalAction
from cardsuite.games.mensch.actions import Play
from cardsuite.games.mensch.rules import GAME, MenschState

# (variant, matches in the full run; the default run plays a sixth)
CASES = [("standard", 150), ("allpass-double", 150)]
DEALS = 4
MAX_STEPS = 5_000
PACK = Counter(GAME.full_pack(4, {}))
NEEDED = {
    "half": 5,
    "after": 5,
    "passed": 5,
    "five": 5,
    "five-after": 5,
    "six": 6,
    "six-after": 6,
    "seven": 7,
    "seven-after": 7,
    "solo": 8,
}
PARTNER = ("half", "after", "passed")
AUTO_CLUBS = ("half", "after", "five-after", "six-after", "seven-after")


def expected_changes(rec: dict, variant: str) -> list[int]:
    """MENSCH-SCORE-1..8 for one deal's record."""
    contract, side, d = rec["contract"], rec["side_tricks"], rec["declarer"]
    made = side >= NEEDED[contract]
    sweep = side in (0, 8)
    if contract in PARTNER:
        each = 1 if made else (-1 if contract == "passed" and variant == "standard" else -2)
        each *= 2 if sweep else 1
        return [each if s in (d, rec["partner"]) else -each for s in range(4)]
    if contract == "solo":
        o = (8 if rec["trump"] == "C" else 4) * (-1 if side == 8 else 1)
    else:
        o = (2 if rec["trump"] == "C" else 1) * (-1 if made else 1) * (2 if sweep else 1)
    return [-3 * o if s == d else o for s in range(4)]


def _conserved(st: MenschState) -> None:
    assert Counter(st.all_cards()) == PACK


def _partner_hidden(st: MenschState) -> None:
    """No view names the partner before the called card is played; after, all do."""
    known = st.phase == "play" and st.partner_known
    for s in (0, 1, 2, 3, None):
        got = st.view(s)["partner"]
        if known:
            assert got == st.partner
        else:
            assert got is None


def _indistinguishable(st: MenschState, rng: random.Random) -> None:
    """While the called card is in a hand, an observer other than its holder sees the same
    whichever other hidden hand (not the declarer's) holds it."""
    if st.called is None or st.partner_known:
        return
    holder = st.partner
    assert holder is not None and st.called in st.hands[holder]
    assert holder != st.declarer
    for observer in range(4):
        if observer == holder:
            continue
        others = [s for s in range(4) if s not in (observer, holder, st.declarer)]
        if not others:
            continue
        o = rng.choice(others)
        if not st.hands[o]:
            continue
        copy = st.clone()
        swap = rng.choice(copy.hands[o])
        copy.hands[holder] = [swap if c is st.called else c for c in copy.hands[holder]]
        copy.hands[o] = [st.called if c is swap else c for c in copy.hands[o]]
        copy.partner = o
        assert copy.view(observer) == st.view(observer)


def _offers_accepted(st: MenschState) -> None:
    """Every offered action applies to a copy, as an object and as its text."""
    for act in st.legal_actions():
        st.clone().apply(act)
        st.clone().apply(str(act))


def _refusals(st: MenschState, rng: random.Random) -> None:
    """Unoffered actions are refused with a reason and change nothing."""
    seat = st.to_move()
    assert seat is not None
    before = st.to_json()
    offered = {str(a) for a in st.legal_actions()}
    probes: list = []
    if st.phase == "play":
        probes += [Play(c) for c in st.hands[seat] if f"play {c.code}" not in offered]
        foreign = [c for c in PACK if c not in st.hands[seat]]
        probes.append(Play(rng.choice(foreign)))
        probes.append("pass")
    elif st.phase == "bid":
        probes += [
            b
            for b in (
                "pass",
                "half",
                "after",
                "five",
                "five-after",
                "six",
                "six-after",
                "seven",
                "seven-after",
                "solo",
            )
            if b not in offered
        ]
        probes.append("trump hearts")
    elif st.phase == "trump":
        probes += ["pass", "call AS", "play " + st.hands[seat][0].code]
    else:
        probes += [f"call {c.code}" for c in PACK if f"call {c.code}" not in offered]
    for act in probes:
        with pytest.raises(IllegalAction) as info:
            st.apply(act)
        assert info.value.reason
        assert st.to_json() == before
    with pytest.raises(IllegalAction):
        st.apply(st.legal_actions()[0], (seat + 1) % 4)
    assert st.to_json() == before


def _voids(st: MenschState) -> list[set[str]]:
    out: list[set[str]] = [set(), set(), set(), set()]
    for t in (*(plays for plays, _ in st.tricks), st.trick):
        if t:
            led = st.effective_suit(t[0][1])
            for s, c in t[1:]:
                if st.effective_suit(c) != led:
                    out[s].add(led)
    return out


def _sample(st: MenschState, rng: random.Random) -> None:
    observer = rng.randrange(4)
    sample = st.sample_hidden(observer, rng)
    assert sample.view(observer) == st.view(observer)
    _conserved(sample)
    voids = _voids(st)
    for s in range(4):
        if s != observer:
            assert not {sample.effective_suit(c) for c in sample.hands[s]} & voids[s]
    if st.called is not None and not st.partner_known and observer != st.partner:
        holder = [s for s in range(4) if st.called in sample.hands[s]]
        assert len(holder) == 1 and holder[0] != st.declarer
        assert sample.partner == holder[0]
    if st.called is not None and not st.partner_known and observer == st.partner:
        assert st.called in sample.hands[observer] and sample.partner == observer
    if not sample.is_over():
        assert sample.legal_actions()


def _choose(st: MenschState, legal, rng: random.Random):
    """A random offered action; in the auction `pass` three times in four when allowed, so
    that Half, After and passed games (the partner contracts) come up often."""
    if st.phase == "bid" and rng.random() < 0.75:
        passes = [a for a in legal if str(a) == "pass"]
        if passes:
            return passes[0]
    return legal[rng.randrange(len(legal))]


def play_checked(variant: str, seed: int) -> MenschState:
    seed = scale.int_seed(seed)
    rng = random.Random(seed * 7919 + len(variant))
    st = GAME.new_state(players=4, variant=variant, options={"deals": DEALS}, seed=seed)
    _conserved(st)
    steps = 0
    deals_seen = 0
    running = [0, 0, 0, 0]
    dealers = [st.dealer]
    tricks_this_deal: list[int] = []
    while not st.is_over():
        steps += 1
        assert steps < MAX_STEPS, "match did not end"
        legal = st.legal_actions()
        assert len(legal) > 0
        assert len(set(map(str, legal))) == len(legal)
        roll = rng.random()
        if roll < 0.02:
            _refusals(st, rng)
        elif roll < 0.04:
            _offers_accepted(st)
        elif roll < 0.05:
            _sample(st, rng)
        elif roll < 0.055:
            check_round_trip(st, rng, 10, by_text=True)
        elif roll < 0.08:
            _indistinguishable(st, rng)
        act = _choose(st, legal, rng)
        seat, deal_no, phase = st.to_move(), st.deal_no, st.phase
        events = st.apply(act)
        assert events, "every action is logged"
        _conserved(st)
        if phase == "play" and st.deal_no == deal_no and not st.is_over():
            assert act.card not in st.hands[seat]  # type: ignore[attr-defined]
        tricks_this_deal += [e.seat for e in events if e.kind == "trick"]
        if not st.is_over() and st.phase != "bid":
            _partner_hidden(st)
        if st.phase == "bid" and st.deal_no == deal_no:
            assert st.declarer is None
        while deals_seen < len(st.history):
            rec = st.history[deals_seen]
            deals_seen += 1
            assert rec["deal"] == deals_seen
            assert len(tricks_this_deal) == 8  # MENSCH-PLAY-1
            team = {rec["declarer"]} | ({rec["partner"]} if rec["contract"] in PARTNER else set())
            assert rec["side_tricks"] == sum(w in team for w in tricks_this_deal)
            if rec["contract"] in AUTO_CLUBS:
                assert rec["trump"] == "C"
            if rec["contract"] in PARTNER:
                assert rec["partner"] is not None and rec["partner"] != rec["declarer"]
                assert rec["called"] is not None
            else:
                assert rec["called"] is None
            assert sum(rec["changes"]) == 0  # MENSCH-SCORE-3
            assert rec["changes"] == expected_changes(rec, variant)
            running = [a + b for a, b in zip(running, rec["changes"], strict=True)]
            assert rec["chips"] == running
            tricks_this_deal = []
        assert sum(st.chips) == 0 and st.chips == running
        if not st.is_over():
            assert st.to_move() is not None
            if st.deal_no != deal_no:
                dealers.append(st.dealer)
                assert st.phase == "bid" and st.to_move() == (st.dealer + 1) % 4
            sizes = [len(h) for h in st.hands]
            assert max(sizes) - min(sizes) <= 1
    assert deals_seen == len(st.history) == DEALS  # MENSCH-END-1
    assert dealers == [(dealers[0] + i) % 4 for i in range(DEALS)]  # MENSCH-PLAYERS-2
    scores = st.scores()
    assert st.winners() == [s for s in range(4) if scores[s] == max(scores)]  # MENSCH-END-2
    assert st.to_move() is None and not st.legal_actions()
    return st


@pytest.mark.parametrize(("variant", "games"), CASES, ids=[c[0] for c in CASES])
def test_random_matches(variant: str, games: int) -> None:
    contracts: Counter = Counter()
    for seed in range(scale.games(games)):
        st = play_checked(variant, seed)
        contracts.update(h["contract"] for h in st.history)
    # the matches reach partner contracts (passed games included) and alone contracts
    assert contracts["half"] + contracts["after"] > 0 and contracts["passed"] > 0
    assert sum(contracts.values()) > contracts["passed"] + contracts["half"] + contracts["after"]
