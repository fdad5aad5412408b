"""``sample_hidden`` for Manni (``cardsuite/games/manni/sampling.py``).

A sample re-deals what the observer cannot see (the other hands, their discards, the rest of
the manni) and must keep: the observer's view exactly; every card of the pack once; every
zone's size; the voids shown this hand (a seat that failed to follow a suit holds none of
it, MANNI-GEN-6); and in Hornafjarðarmanni the unplayed contract card in the dealer's hand or
discards (HORN-DEAL-1, A-8) when the observer is not the dealer. Constructed positions with
heavy void constraints make the random fill fail, so the exact solver (``sampling._solve``)
is exercised, both through ``sample_hidden`` and called directly.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardsuite.cards import Card
from cardsuite.engine import IllegalAction
from cardsuite.games.manni import sampling
from cardsuite.games.manni.actions import Play
from cardsuite.games.manni.rules import GAME

BASIC, TRJ, HORN = "basic", "trjamann", "hornafjardarmanni"
A, B, C = 0, 1, 2
CASES = [
    (BASIC, {}),
    (TRJ, {}),
    (TRJ, {"no_spades_in_other": True, "four_or_none": True, "grand_hearts": True}),
    (HORN, {}),
]


def _pack(st) -> Counter:
    return Counter(GAME.full_pack(3, st.options, st.variant))


def check_sample(st, observer: int, sample) -> None:
    """Everything a sample must keep (see the module docstring)."""
    assert sample is not st
    assert sample.view(observer) == st.view(observer)
    assert Counter(sample.all_cards()) == _pack(st)
    assert [len(h) for h in sample.hands] == [len(h) for h in st.hands]
    assert [len(d) for d in sample.discards] == [len(d) for d in st.discards]
    assert len(sample.manni) == len(st.manni)
    assert sample.hands[observer] == st.hands[observer]
    assert sample.discards[observer] == st.discards[observer]
    assert sample.played == st.played and sample.trick == st.trick
    voids = st.voids()
    for s in range(3):
        if s != observer:
            assert not {c.suit for c in sample.hands[s]} & voids[s], (s, voids[s])
            # what another seat drew is private: a sample keeps no trace of the true draws
            # beyond what fits its own deal
            kept = set(sample.hands[s]) | set(sample.played) | {c for _, c in sample.trick}
            assert set(sample.drawn[s]) <= kept
    cc = st.contract_card
    if cc is not None and st.contract_card_live():
        d = st.dealer
        assert cc in sample.hands[d] or cc in sample.discards[d]
        if observer == d:
            assert (cc in sample.hands[d]) == (cc in st.hands[d])
    # a sample plays on legally to the end of the hand (on a copy: the sample is kept)
    sample = sample.clone()
    n = sample.hand_no
    while not sample.is_over() and sample.hand_no == n and sample.turn is not None:
        legal = sample.legal_actions()
        sample.apply(legal[len(legal) // 2])


def replay_hand(sample) -> None:
    """Independent check of the voids: give each seat back the cards it played this hand,
    rewind to the first lead, and replay every play of the hand through ``apply``."""
    plays = [p for t, _ in sample.tricks for p in t] + list(sample.trick)
    if not plays:
        return
    data = sample.to_json()
    hands = [list(h) for h in data["hands"]]
    for seat, card in plays:
        hands[seat].append(card.code)
    out = Counter(c.code for _, c in plays)
    rest = Counter(data["played"]) + Counter(c for _, c in data["trick"]["plays"])
    rest.subtract(out)
    data.update(
        hands=hands,
        played=list(rest.elements()),
        trick={"leader": plays[0][0], "plays": []},
        tricks=[],
        turn=plays[0][0],
    )
    start = GAME.from_json(data)
    for seat, card in plays:
        assert start.to_move() == seat
        start.apply(f"play {card.code}")


def random_positions(variant, options, seed, every=7):
    """Positions met in a random game, about one in ``every`` (each a clone)."""
    rng = random.Random(seed)
    st = GAME.new_state(variant=variant, options=options, seed=seed)
    out = []
    while not st.is_over() and len(out) < 40:
        if rng.randrange(every) == 0:
            out.append(st.clone())
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_samples_keep_view_cards_voids_and_contract_card(variant, options):
    """Random positions of every phase: for each observer, samples keep the view, the
    pack, the sizes, the voids (also replayed through ``apply``) and the contract card."""
    rng = random.Random(5)
    moved = 0
    for seed in range(3):
        for st in random_positions(variant, options, seed):
            before = st.to_json()
            for observer in range(3):
                sample = st.sample_hidden(observer, rng)
                replay_hand(sample)
                hidden = [s for s in range(3) if s != observer]
                moved += any(sample.hands[s] != st.hands[s] for s in hidden)
                check_sample(st, observer, sample)
            assert st.to_json() == before  # sampling never changes the position
    assert moved  # samples really re-deal the hidden cards


# --- a position with heavy void constraints ------------------------------------------------


def void_position():
    """Basic Manni, hand 3 (diamonds trumps), C dealt, nobody swapped. Dealt: A AH AS 3D-QD;
    B KD 3C-KC; C 3H-8H 3S-8S; the manni AC AD 9H-KH 9S-KS. Tricks: A AH, B KD (void in
    hearts), C 3H: B. B 3C, C 3S (void in clubs), A 3D: A. A AS, B 4C (void in spades), C 4S:
    A. A 4D, B 5C (void in diamonds), C 4H (void in diamonds): A. A to lead.

    Seen by A: B's 8 cards are all clubs and C's are hearts and spades, so of the 9 hidden
    clubs exactly one is in the manni, with AD (which neither B nor C may hold)."""
    tricks = [
        ([(A, "AH"), (B, "KD"), (C, "3H")], B),
        ([(B, "3C"), (C, "3S"), (A, "3D")], A),
        ([(A, "AS"), (B, "4C"), (C, "4S")], A),
        ([(A, "4D"), (B, "5C"), (C, "4H")], A),
    ]
    data = GAME.new_state(variant=BASIC, seed=1, dealer=C).to_json()
    data.update(
        hand_no=3,
        dealer=C,
        phase="play",
        turn=A,
        contract="trumps",
        trump="D",
        declarer=None,
        contract_card=None,
        hands=[
            [f"{r}D" for r in ("5", "6", "7", "8", "9", "10", "J", "Q")],
            [f"{r}C" for r in ("6", "7", "8", "9", "10", "J", "Q", "K")],
            [f"{r}{s}" for s in "HS" for r in ("5", "6", "7", "8")],
        ],
        discards=[[], [], []],
        manni=["AC", "AD", *[f"{r}{s}" for s in "HS" for r in ("9", "10", "J", "Q", "K")]],
        drawn=[[], [], []],
        decisions=["keep", "keep", "keep"],
        exchange_queue=[],
        trick={"leader": A, "plays": []},
        tricks=[{"plays": [[s, c] for s, c in plays], "winner": w} for plays, w in tricks],
        played=[c for plays, _ in tricks for _, c in plays],
        history=[],
        events=[],
    )
    return GAME.from_json(json.loads(json.dumps(data)))


def test_void_position_is_what_it_says():
    """The constructed position loads, and its voids are those the tricks show."""
    st = void_position()
    assert st.voids() == [{"C"}, {"H", "S", "D"}, {"C", "D"}]
    assert st.tricks_won == [3, 1, 0]
    assert Counter(st.all_cards()) == _pack(st)


@pytest.mark.parametrize("observer", [A, B, C])
def test_heavy_voids_use_the_exact_solver(observer, monkeypatch):
    """With heavy voids the random fill keeps failing; the exact solver then deals, and
    every sample still keeps the view, the cards and the voids."""
    st = void_position()
    calls = []
    real = sampling._solve

    def spy(f, cards, sizes):
        out = real(f, cards, sizes)
        calls.append(out)
        return out

    monkeypatch.setattr(sampling, "_solve", spy)
    rng = random.Random(observer)
    manni_clubs = Counter()
    for _ in range(60):
        sample = st.sample_hidden(observer, rng)
        check_sample(st, observer, sample)
        replay_hand(sample)
        manni_clubs[sum(c.suit == "C" for c in sample.manni)] += 1
        if observer == A:
            assert all(c.suit == "C" for c in sample.hands[B])
            assert all(c.suit in "HS" for c in sample.hands[C])
            assert Card.parse("AD") in sample.manni
        if observer == B:  # AC: A and C are void in clubs
            assert Card.parse("AC") in sample.manni
            assert all(c.suit != "C" for c in sample.hands[A])
        if observer == C:  # B shows no hearts, spades or diamonds
            assert all(c.suit == "C" for c in sample.hands[B])
    if observer == A:
        assert calls, "the exact solver was never needed"
        assert set(manni_clubs) == {1}


def test_solver_called_directly_on_the_facts():
    """``sampling._solve`` on the facts of the void position, from many shuffles: a deal of
    exactly the hidden cards, zone sizes kept, no card in a zone that forbids its suit."""
    st = void_position()
    rng = random.Random(3)
    for observer in (A, B, C):
        f = sampling.facts(st, observer)
        sizes = [z[2] for z in f.zones]
        assert sum(sizes) == len(f.pool)
        if observer == A:
            kinds = {(k, s): fb for (k, s, _), fb in zip(f.zones, f.forbidden, strict=True)}
            assert kinds[("hand", B)] == {"H", "S", "D"} and kinds[("hand", C)] == {"C", "D"}
        for _ in range(40):
            cards = f.pool[:]
            rng.shuffle(cards)
            out = sampling._solve(f, cards, sizes)
            assert [len(z) for z in out] == sizes
            assert Counter(c for z in out for c in z) == Counter(f.pool)
            for z, fb in zip(out, f.forbidden, strict=True):
                assert not {c.suit for c in z} & fb


def test_solver_with_every_fill_skipped(monkeypatch):
    """``TRIES = 0``: every constrained sample comes from the exact solver; samples of
    random positions of all variants stay valid."""
    monkeypatch.setattr(sampling, "TRIES", 0)
    rng = random.Random(11)
    for variant, options in CASES:
        for st in random_positions(variant, options, seed=4, every=9):
            for observer in range(3):
                sample = st.sample_hidden(observer, rng)
                replay_hand(sample)
                check_sample(st, observer, sample)


# --- Hornafjarðarmanni's contract card -------------------------------------------------------


def horn_position(*, cc: str, dealer_discards: list[str], void_hearts: bool):
    """Hornafjarðarmanni, C dealt, contract card ``cc`` (C's). One trick played: A leads 2H,
    B 3H, C follows with 4H or, ``void_hearts``, plays 2S (hearts are then out of C's
    hand). C discarded ``dealer_discards`` and drew as many; A and B kept."""
    pack = [c.code for c in GAME.full_pack(3, {}, HORN)]
    c_last = "2S" if void_hearts else "4H"
    used = {"2H", "3H", c_last, cc, *dealer_discards}
    rest = [c for c in pack if c not in used]
    if void_hearts:
        c_hand = [c for c in rest if c[-1] != "H"][:11]
    else:
        kept = cc not in dealer_discards and cc != c_last
        c_hand = ([cc] if kept else []) + [c for c in rest if c[-1] == "C"]
        c_hand = c_hand[:11]
    rest = [c for c in rest if c not in c_hand]
    a_hand, rest = rest[:11], rest[11:]
    b_hand, rest = rest[:11], rest[11:]
    k = len(dealer_discards)
    data = GAME.new_state(variant=HORN, seed=2, dealer=C).to_json()
    card = Card.parse(cc)
    contract = "grand" if card.rank >= 10 else "trumps" if card.rank >= 6 else "nullo"
    # MANNI-GEN-6: the highest trump, else the highest heart (2H, 3H and 4H all rank low)
    if contract == "trumps" and card.suit == "S" and void_hearts:
        winner = C
    else:
        winner = B if void_hearts else C
    data.update(
        hand_no=1,
        dealer=C,
        phase="play",
        turn=winner,
        contract=contract,
        trump=card.suit if contract == "trumps" else None,
        declarer=None,
        contract_card=cc,
        hands=[a_hand, b_hand, c_hand],
        discards=[[], [], list(dealer_discards)],
        manni=rest,
        drawn=[[], [], []],
        decisions=[0, 0, k],
        exchange_queue=[],
        trick={"leader": winner, "plays": []},
        tricks=[{"plays": [[A, "2H"], [B, "3H"], [C, c_last]], "winner": winner}],
        played=["2H", "3H", c_last],
        history=[],
        events=[],
    )
    assert len(rest) == 16 - k
    return GAME.from_json(json.loads(json.dumps(data)))


def test_horn_contract_card_must_be_among_the_dealers_discards():
    """HORN-DEAL-1 / A-8: the dealer (void in hearts) discarded the 9H contract card: for any
    other observer it can only be among his discards, never in a hand or the manni."""
    st = horn_position(cc="9H", dealer_discards=["9H", "KC"], void_hearts=True)
    assert st.voids()[C] == {"H"} and st.contract_card_live()
    rng = random.Random(1)
    for observer in (A, B):
        for _ in range(40):
            sample = st.sample_hidden(observer, rng)
            check_sample(st, observer, sample)
            assert Card.parse("9H") in sample.discards[C]
    sample = st.sample_hidden(C, rng)
    check_sample(st, C, sample)
    assert sample.discards[C] == st.discards[C]


def test_horn_contract_card_stays_with_the_dealer():
    """HORN-DEAL-1 / A-8: the dealer kept the KD contract card and discarded two others:
    samples for A or B put it in his hand or among his discards (both occur), never
    elsewhere; a sample for the dealer leaves it where it is."""
    st = horn_position(cc="KD", dealer_discards=["5S", "6S"], void_hearts=False)
    assert Card.parse("KD") in st.hands[C]
    rng = random.Random(2)
    places = Counter()
    for observer in (A, B):
        for _ in range(150):
            sample = st.sample_hidden(observer, rng)
            kd = Card.parse("KD")
            places["hand" if kd in sample.hands[C] else "discards"] += 1
            assert kd in sample.hands[C] or kd in sample.discards[C]
            assert all(kd not in sample.hands[s] for s in (A, B)) and kd not in sample.manni
    assert places["hand"] and places["discards"]
    for _ in range(20):
        sample = st.sample_hidden(C, rng)
        assert Card.parse("KD") in sample.hands[C]
    check_sample(st, A, st.sample_hidden(A, rng))


def test_horn_contract_card_with_the_exact_solver(monkeypatch):
    """The contract-card constraint holds through the exact solver too (``TRIES = 0``)."""
    monkeypatch.setattr(sampling, "TRIES", 0)
    rng = random.Random(4)
    for void in (True, False):
        discards = ["9H", "KC"] if void else ["KC"]
        st = horn_position(cc="9H", dealer_discards=discards, void_hearts=void)
        for _ in range(30):
            sample = st.sample_hidden(A, rng)
            check_sample(st, A, sample)
            if void:
                assert Card.parse("9H") in sample.discards[C]


def test_played_contract_card_is_not_constrained():
    """Once the contract card is played it is no longer live and nothing is kept for it."""
    st = horn_position(cc="4H", dealer_discards=["KC"], void_hearts=False)
    assert not st.contract_card_live()
    f = sampling.facts(st, A)
    assert f.special is None
    check_sample(st, A, st.sample_hidden(A, random.Random(0)))


# --- search copies and the facts kept per position -------------------------------------------


def test_a_search_copy_stops_at_the_end_of_its_hand():
    """A search copy (``search_copy``) plays to the end of the hand searched and no further:
    no next hand is dealt, nobody is to move, and a play is refused as after the game."""
    st = GAME.new_state(variant=TRJ, seed=2)
    rng = random.Random(2)
    while st.phase != "play":
        st.apply(rng.choice(st.legal_actions()))
    copy = st.search_copy(st.turn or 0, random.Random(1))
    while copy.turn is not None:
        copy.apply(rng.choice(copy.legal_actions()))
    assert copy.history[-1]["hand"] == st.hand_no and copy.legal_actions() == []
    with pytest.raises(IllegalAction, match="the game is over"):
        copy.apply(Play(Card.parse("AS")))


def test_the_sampling_facts_are_worked_out_anew_after_every_move():
    """``sampling.facts`` is kept per position without a write per move: keyed by the log's
    length, which every move makes longer. A move's facts are never the last ones."""
    for variant in (BASIC, TRJ, HORN):
        st = GAME.new_state(variant=variant, seed=11)
        rng = random.Random(11)
        moves = 0
        while not st.is_over() and moves < 120:
            observer = st.turn
            assert observer is not None
            first = sampling.facts(st, observer)
            assert sampling.facts(st, observer) is first  # the same position: reused
            assert first == sampling._work_out(st, observer)
            st.apply(rng.choice(st.legal_actions()))
            moves += 1
            if st.turn is not None:
                assert sampling.facts(st, observer) == sampling._work_out(st, observer)
