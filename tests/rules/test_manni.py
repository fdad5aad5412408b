"""Rule-by-rule tests for Manni: Basic Manni, Trjámann and Hornafjarðarmanni.

Spec: ``shared/rules/manni.md``. Each test names the rule ID (MANNI-*, TRJ-*, HORN-*) or the
worked example (B-n) it shows in its name and docstring. Seats A=0, B=1, C=2; unless a test
says otherwise C deals, so A is eldest (E) and B middle (M).

Positions are either stacked deals (``deck=``, built from whole hands by ``stack``) or
positions written as JSON in the documented ``to_json`` layout and loaded with ``from_json``
(``build``): every finished trick in them is a real trick (one suit, each player following,
the planned winner holding its highest card, the winner leading the next), and the cards
nobody played are in the manni. Scoring is always done by the rules: a test plays the last
trick of such a position through ``apply``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

import pytest

from cardsuite.cards import JOKER_RANK, Card
from cardsuite.engine import IllegalAction
from cardsuite.games.manni.actions import Discard, DiscardChoices, Play, discards_up_to
from cardsuite.games.manni.rules import GAME

BASIC, TRJ, HORN = "basic", "trjamann", "hornafjardarmanni"
A, B, C = 0, 1, 2
SUITS = "SHDC"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
HAND = {BASIC: 12, TRJ: 16, HORN: 12}
MANNI = {BASIC: 12, TRJ: 4, HORN: 16}
TRICKS = {BASIC: 12, TRJ: 16, HORN: 12}
CYCLE = ["H", "S", "D", "C"]
_UNSET = object()


# --- helpers -------------------------------------------------------------------------------


def codes(cards) -> list[str]:
    return [c.code for c in cards]


def code(text: str) -> str:
    return Card.parse(text).code


def pack_codes(variant: str) -> list[str]:
    return codes(GAME.full_pack(3, {}, variant))


def hand(st, seat) -> set[str]:
    return set(codes(st.hands[seat]))


def order_of(dealer: int) -> tuple[int, int, int]:
    """(E, M, D) for ``dealer`` (MANNI-GEN-1)."""
    return (dealer + 1) % 3, (dealer + 2) % 3, dealer


def deck_for(variant: str, hands, manni, dealer: int = C) -> list[str]:
    """The pack, top first, that deals ``hands[seat]`` (in order) and ``manni`` (in order)
    under MANNI-DEAL-1 / TRJ-DEAL-1 (packets of 4 to E, M, D) or HORN-DEAL-1 (4 to the
    manni, then 3 each to E, M, D; the dealer's last card is the contract card)."""
    e, m, d = order_of(dealer)
    deck: list[str] = []
    if variant == HORN:
        for r in range(4):
            deck += manni[4 * r : 4 * r + 4]
            for s in (e, m, d):
                deck += hands[s][3 * r : 3 * r + 3]
    else:
        for r in range(HAND[variant] // 4):
            for s in (e, m, d):
                deck += hands[s][4 * r : 4 * r + 4]
        deck += manni
    return deck


def stack(variant=BASIC, hands=((), (), ()), manni=(), *, voids=None, last=None, dealer=C):
    """Whole hands and manni: seat s holds ``hands[s]`` plus cards filled in from the rest of
    the pack (seats with ``voids[s]`` first, never of those suits); the manni starts with
    ``manni``. ``last`` (Hornafjarðarmanni): the contract card, the dealer's last card.
    Returns (deck, full hands, full manni)."""
    voids = voids or [set(), set(), set()]
    full = [[code(c) for c in h] for h in hands]
    man = [code(c) for c in manni]
    if last is not None:
        full[dealer] = [c for c in full[dealer] if c != code(last)]
    used = Counter(c for h in full for c in h) + Counter(man)
    if last is not None:
        used[code(last)] += 1
    assert max(used.values(), default=1) == 1, "a card is placed twice"
    pool = [c for c in pack_codes(variant) if c not in used]
    size = HAND[variant]
    want = [size - (1 if last is not None and s == dealer else 0) for s in range(3)]
    for s in sorted(range(3), key=lambda s: -len(voids[s])):
        room = want[s] - len(full[s])
        assert room >= 0
        take = [c for c in pool if c[-1] not in voids[s]][:room]
        assert len(take) == room, "cannot fill the hand"
        full[s] += take
        pool = [c for c in pool if c not in take]
    if last is not None:
        full[dealer].append(code(last))
    man += pool
    assert len(man) == MANNI[variant]
    return deck_for(variant, full, man, dealer), full, man


def new(variant=BASIC, hands=((), (), ()), manni=(), *, options=None, seed=0, dealer=C, **kw):
    deck, _, _ = stack(variant, hands, manni, dealer=dealer, **kw)
    st = GAME.new_state(variant=variant, options=options, seed=seed, deck=deck, dealer=dealer)
    return st


def value(variant: str, contract: str, card: str) -> int:
    c = Card.parse(card)
    if variant == HORN and contract == "nullo" and c.rank == 14:
        return 1
    return c.rank


def build(
    variant=BASIC,
    hands=((), (), ()),
    *,
    wins=None,
    trick=(),
    dealer=C,
    hand_no=1,
    contract=None,
    trump=_UNSET,
    contract_card=None,
    options=None,
    base=None,
    shift=0,
    **fields,
):
    """A position in the play written as JSON and loaded with ``from_json``.

    ``hands``: what each seat still holds; ``trick``: [(seat, card), ...] on the table;
    ``wins``: the winners of the finished tricks, in order (default: the seat to lead now
    won them all). The finished tricks are made from the unplaced cards, one suit each (the
    suit with most cards left, rotated by ``shift``), the winner holding the highest; the
    cards left over form the manni (Hornafjarðarmanni: the contract card, if not placed, is
    the dealer's one discard). ``base``: a state whose scores, sheet and owed contracts the
    position carries on. ``fields`` override JSON fields (``points``, ``plus``...)."""
    e, _, d = order_of(dealer)
    hands = [[code(c) for c in h] for h in hands]
    trick = [(s, code(c)) for s, c in trick]
    in_trick = {s for s, _ in trick}
    held = {len(hands[s]) + (s in in_trick) for s in range(3)}
    assert len(held) == 1, "the hands do not fit the trick"
    finished = TRICKS[variant] - held.pop()
    if wins is None:
        leader = trick[0][0] if trick else e
        wins = [leader] * finished
    assert len(wins) == finished
    leader = wins[-1] if wins else e
    if trick:
        assert trick[0][0] == leader
    data = GAME.new_state(variant=variant, options=options, seed=1, dealer=dealer).to_json()
    if variant == BASIC:
        contract = "trumps"
        trump = CYCLE[(hand_no - 1) % 4] if trump is _UNSET else trump
        declarer = None
    elif variant == TRJ:
        assert contract, "a Trjámann position needs its contract"
        if trump is _UNSET:
            trump = {"nullo": None, "grand": None, "spades": "S"}[contract]
            if contract == "grand" and (options or {}).get("grand_hearts"):
                trump = "H"
        declarer = e
    else:
        contract_card = code(contract_card or "KD")
        cc = Card.parse(contract_card)
        contract = "grand" if cc.rank >= 10 else "trumps" if cc.rank >= 6 else "nullo"
        trump = cc.suit if contract == "trumps" else None
        declarer = None
    placed = Counter(c for h in hands for c in h) + Counter(c for _, c in trick)
    assert max(placed.values(), default=1) == 1
    discards: list[list[str]] = [[], [], []]
    if contract_card and contract_card not in placed:
        discards[d] = [contract_card]
        placed[contract_card] += 1
    pool = [c for c in pack_codes(variant) if c not in placed]
    suits = SUITS[shift % 4 :] + SUITS[: shift % 4]
    tricks, played, lead = [], [], e
    for w in wins:
        suit = max(suits, key=lambda s: sum(c[-1] == s for c in pool))
        three = [c for c in pool if c[-1] == suit][:3]
        assert len(three) == 3, "not enough cards for the finished tricks"
        pool = [c for c in pool if c not in three]
        three.sort(key=lambda c: value(variant, contract, c))
        top, rest = three[-1], three[:2]
        seats = [(lead + i) % 3 for i in range(3)]
        cards = {w: top}
        for s in seats:
            if s != w:
                cards[s] = rest.pop()
        tricks.append({"plays": [[s, cards[s]] for s in seats], "winner": w})
        played += [cards[s] for s in seats]
        lead = w
    if variant == BASIC:
        decisions = ["keep", "keep", "keep"]
    elif variant == TRJ:
        decisions = [None, None, None]
        decisions[e] = 0
    else:
        decisions = [0, 0, 0]
        decisions[d] = len(discards[d])
    owed = [["nullo", "grand", "spades", "other"] for _ in range(3)]
    if variant == TRJ:
        owed[e].remove(contract)
    if base is not None:
        prev = base.to_json()
        for key in ("points", "plus", "minus", "history", "owed", "events"):
            data[key] = prev[key]
        owed = prev["owed"]
        if variant == TRJ and contract in owed[e]:
            owed[e] = [k for k in owed[e] if k != contract]
    data.update(
        hand_no=hand_no,
        dealer=dealer,
        phase="play",
        turn=(trick[-1][0] + 1) % 3 if trick else leader,
        contract=contract,
        trump=trump,
        declarer=declarer,
        contract_card=contract_card,
        hands=hands,
        discards=discards,
        manni=pool,
        drawn=[[], [], []],
        decisions=decisions,
        exchange_queue=[],
        trick={"leader": leader, "plays": [[s, c] for s, c in trick]},
        tricks=tricks,
        played=played,
        owed=owed,
        winners=[],
    )
    if base is None:
        data.update(points=[0, 0, 0], plus=[0, 0, 0], minus=[0, 0, 0], history=[], events=[])
    data.update(fields)
    return GAME.from_json(json.loads(json.dumps(data)))


def endgame(variant=BASIC, counts=(4, 4, 4), *, last=None, **kw):
    """``build`` a position with one trick to go, planned so the seats end the hand with
    ``counts`` tricks; the last trick (one suit, one card each) goes to ``last`` (default:
    the highest seat with a trick)."""
    assert sum(counts) == TRICKS[variant]
    if last is None:
        last = max(s for s in range(3) if counts[s])
    seq = [s for s in range(3) for _ in range(counts[s])]
    seq.remove(last)
    # the last trick: three hearts (spades if the contract card is a heart)
    cc = kw.get("contract_card")
    suit = "S" if cc and code(cc)[-1] == "H" else "H"
    others = ["4" + suit, "3" + suit]
    hands = [[], [], []]
    for s in range(3):
        hands[s] = ["5" + suit] if s == last else [others.pop()]
    return build(variant, hands, wins=seq, **kw)


def play_out(st) -> None:
    """Play the rest of the current hand, each seat its first legal card."""
    n = st.hand_no
    while not st.is_over() and st.phase == "play" and st.hand_no == n:
        st.apply(st.legal_actions()[0])


def refused(st, action, *words, seat=None) -> str:
    """``action`` raises IllegalAction whose reason holds ``words``; nothing changes."""
    before = st.to_json()
    legal_before = [str(a) for a in st.legal_actions()]
    with pytest.raises(IllegalAction) as info:
        if seat is None:
            st.apply(action)
        else:
            st.apply(action, seat)
    reason = info.value.reason
    assert reason
    for w in words:
        assert w.lower() in reason.lower(), reason
    assert st.to_json() == before
    assert [str(a) for a in st.legal_actions()] == legal_before
    return reason


def in_view(view: dict, card: str) -> bool:
    return f'"{code(card)}"' in json.dumps(view)


def legal_codes(st) -> set[str]:
    return {str(a) for a in st.legal_actions()}


def trick_winner(st, plays) -> int:
    """Apply the plays of one trick (action text); return the seat that won it."""
    for c in plays:
        st.apply(f"play {c}")
    assert not st.trick
    return st.tricks[-1][1]


# --- MANNI-GEN ------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", [BASIC, TRJ, HORN])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_MANNI_GEN_1_seats_and_clockwise_order(variant, dealer):
    """MANNI-GEN-1: three seats; eldest E = D+1 moves first, middle M = D+2, then D; play
    moves to the left (the seat after the last to play)."""
    st = GAME.new_state(variant=variant, seed=dealer, dealer=dealer)
    e, m, d = order_of(dealer)
    assert st.view(A)["eldest"] == e and st.dealer == d
    assert st.to_move() == e
    seen = []
    if variant == BASIC:
        while st.phase == "swap":
            seen.append(st.to_move())
            st.apply("keep")
        assert seen == [e, m, d]
    elif variant == TRJ:
        assert st.declarer == e
        st.apply("contract grand")
        st.apply("discard")
    else:
        while st.phase == "exchange":
            seen.append(st.to_move())
            st.apply("discard")
        assert seen == [e, m, d]
    assert st.phase == "play" and st.to_move() == e
    order = []
    for _ in range(3):
        order.append(st.to_move())
        st.apply(st.legal_actions()[0])
    assert order == [e, m, d]
    assert st.to_move() == st.tricks[0][1]


def test_MANNI_GEN_1_only_three_players():
    """MANNI-GEN-1 / HORN-PLAYERS-1: exactly three players, in every variant."""
    for variant in (BASIC, TRJ, HORN):
        assert GAME.new_state(players=3, variant=variant, seed=1).hands
        for n in (2, 4):
            with pytest.raises(ValueError):
                GAME.new_state(players=n, variant=variant, seed=1)


def test_MANNI_GEN_2_first_dealer_from_seed_or_given():
    """MANNI-GEN-2: the first dealer comes from the seeded RNG (the same seed, the same
    dealer; all three seats occur) or from ``dealer=``; a seat outside 0-2 is refused."""
    dealers = set()
    for seed in range(40):
        a = GAME.new_state(variant=BASIC, seed=seed)
        b = GAME.new_state(variant=BASIC, seed=seed)
        assert a.dealer == b.dealer and a.to_json() == b.to_json()
        dealers.add(a.dealer)
        assert a.to_move() == (a.dealer + 1) % 3
    assert dealers == {0, 1, 2}
    for d in range(3):
        assert GAME.new_state(variant=TRJ, seed=5, dealer=d).dealer == d
    for bad in (3, -1):
        with pytest.raises(ValueError):
            GAME.new_state(variant=BASIC, seed=1, dealer=bad)


@pytest.mark.parametrize("variant", [BASIC, TRJ, HORN])
def test_MANNI_GEN_2_deal_passes_left(variant):
    """MANNI-GEN-2: after every hand the deal passes to the left, D := D+1."""
    st = GAME.new_state(variant=variant, seed=11, dealer=1)
    dealers = [st.dealer]
    for _ in range(3):
        n = st.hand_no
        while st.hand_no == n and not st.is_over():
            st.apply(st.legal_actions()[0])
        if st.is_over():
            break
        dealers.append(st.dealer)
        assert st.to_move() == (st.dealer + 1) % 3
    assert dealers == [(1 + i) % 3 for i in range(len(dealers))]
    assert len(dealers) >= 2


def test_MANNI_GEN_3_partial_deck_is_the_top():
    """MANNI-GEN-3: the stacked deck is the top of the pack (dealt first); the rest of the
    pack is shuffled after it."""
    top = ["AS", "KS", "QS", "JS", "10H"]
    hands = []
    for seed in range(5):
        st = GAME.new_state(variant=BASIC, seed=seed, deck=top, dealer=C)
        assert {"AS", "KS", "QS", "JS"} <= hand(st, A)  # E's first packet: cards 1-4
        assert "10H" in hand(st, B)  # M's first packet starts with card 5
        hands.append(frozenset(hand(st, C)))
    assert len(set(hands)) > 1  # the rest really is shuffled (by seed)
    with pytest.raises(ValueError):
        GAME.new_state(variant=BASIC, seed=1, deck=["AS", "AS"], dealer=C)


def test_MANNI_GEN_4_manni_order_kept_and_unseen():
    """MANNI-GEN-4: the manni keeps the order dealt (draws from its start) and no player sees a
    manni card he did not draw."""
    manni = ["7C", "KH", "2D", "9S"]
    st = new(TRJ, manni=manni)
    assert codes(st.manni) == manni
    for seat in (A, B, C, None):
        view = st.view(seat)
        assert view["manni"] == 4
        assert not any(in_view(view, c) for c in manni)
    st.apply("contract grand")
    discard = codes(st.hands[A])[:1]
    st.apply(f"discard {discard[0]}")
    assert codes(st.drawn[A]) == ["7C"]
    assert codes(st.manni) == ["KH", "2D", "9S"]
    assert in_view(st.view(A), "7C")
    for seat in (B, C, None):
        assert not in_view(st.view(seat), "7C")
    for seat in (A, B, C, None):
        assert not any(in_view(st.view(seat), c) for c in ("KH", "2D", "9S"))
    play_out_until_last_trick(st)
    assert codes(st.manni) == ["KH", "2D", "9S"]  # out of play for the rest of the hand


def play_out_until_last_trick(st) -> None:
    while len(st.hands[st.to_move()]) > 1 or st.trick:
        st.apply(st.legal_actions()[0])


def test_MANNI_GEN_5_discards_face_down_count_public():
    """MANNI-GEN-5: discards are out of play and known only to their owner; how many each
    discarded is public."""
    st = new(HORN, last="9H")
    mine = codes(st.hands[A])[:3]
    st.apply("discard " + " ".join(mine))
    assert codes(st.discards[A]) == mine
    assert sorted(st.view(A)["my_discards"]) == sorted(mine)
    for seat in (A, B, C, None):
        view = st.view(seat)
        assert view["discarded"] == [3, 0, 0]
        assert view["decisions"][A] == 3
        if seat != A:
            assert not any(in_view(view, c) for c in mine)
    assert not hand(st, A) & set(mine)
    while st.phase == "exchange":
        st.apply("discard")
    while not st.is_over() and st.hand_no == 1:
        st.apply(st.legal_actions()[0])
        assert not set(codes(st.played)) & set(mine)


@pytest.mark.parametrize(
    ("hand_no", "plays", "winner"),
    [
        (2, ["KH", "AH", "3S"], C),  # B-5 row 1: S trumps, the only trump
        (3, ["9C", "5C", "AH"], A),  # B-5 row 2: D trumps; AH neither led nor trump
        (4, ["7H", "8C", "QC"], C),  # B-5 row 4: C trumps; the higher trump
        (1, ["5S", "KS", "3S"], B),  # highest of the suit led
        (1, ["5S", "AC", "3H"], C),  # a low trump beats an ace of another suit
        (1, ["4H", "KH", "AH"], C),  # trumps led: the highest trump
    ],
)
def test_MANNI_GEN_6_trick_winner_B_5(hand_no, plays, winner):
    """MANNI-GEN-6, B-5: the highest trump wins, else the highest card of the suit led;
    cards of other suits never win; the winner leads the next trick."""
    spare = [["6D"], ["7D"], ["8D"]] if hand_no != 3 else [["6S"], ["7S"], ["8S"]]
    hands = [[plays[s], *spare[s]] for s in range(3)]
    st = build(BASIC, hands, hand_no=hand_no)
    assert st.trump == CYCLE[hand_no - 1]
    assert trick_winner(st, plays) == winner
    assert st.to_move() == winner


@pytest.mark.parametrize(
    ("variant", "contract", "cc"),
    [(TRJ, "grand", None), (TRJ, "nullo", None), (HORN, None, "QC"), (HORN, None, "4C")],
)
def test_MANNI_GEN_6_no_trumps_B_5_row_3(variant, contract, cc):
    """MANNI-GEN-6, B-5 row 3 (no trumps, Grand or Nullo): A 10D, B QD, C AS: B, the highest
    diamond; the ace of spades is not of the suit led."""
    st = build(
        variant, [["10D", "6C"], ["QD", "7C"], ["AS", "8C"]], contract=contract, contract_card=cc
    )
    assert st.trump is None
    assert trick_winner(st, ["10D", "QD", "AS"]) == B
    assert st.to_move() == B


def test_MANNI_GEN_6_follow_suit_B_6():
    """MANNI-GEN-6, B-6: hearts led; holding 4H, AS, KS the player must play 4H, and AS is
    refused ("must follow hearts"); with no hearts any card, trump or not, may be played."""
    # hand 4: clubs trumps; A leads a heart
    st = build(BASIC, [["9H", "9D", "9C"], ["4H", "AS", "KS"], ["QS", "JC", "10D"]], hand_no=4)
    st.apply("play 9H")
    assert legal_codes(st) == {"play 4H"}
    refused(st, "play AS", "follow hearts")
    refused(st, "play KS", "follow hearts")
    st.apply("play 4H")
    assert legal_codes(st) == {"play QS", "play JC", "play 10D"}
    st.apply("play JC")  # a trump, though nobody must trump
    assert st.tricks[-1][1] == C
    # a player without hearts may equally discard a non-trump
    st = build(BASIC, [["9H", "9D", "9C"], ["4H", "AS", "KS"], ["QS", "JC", "10D"]], hand_no=4)
    st.apply("play 9H")
    st.apply("play 4H")
    st.apply("play QS")
    assert st.tricks[-1][1] == A


def test_MANNI_GEN_6_refusals_leave_state_unchanged():
    """MANNI-GEN-6: a card not held, a card out of turn and a non-play action in the play are
    refused with a reason; nothing changes."""
    st = build(BASIC, [["9H", "9D"], ["4H", "AS"], ["QS", "JC"]])
    refused(st, "play KD", "do not hold")
    refused(st, "play 4H", "not your turn", seat=B)
    refused(st, "swap", "play a card")
    refused(st, "discard 9H", "play a card")
    refused(st, "contract nullo", "play a card")
    refused(st, "fold")
    st.apply("play 9H", A)
    assert st.to_move() == B


@pytest.mark.parametrize("variant", [BASIC, TRJ, HORN])
def test_MANNI_GEN_6_every_hand_played_to_the_last_trick(variant):
    """MANNI-GEN-6: every hand is played out: 12 (Trjámann 16) tricks, then scoring."""
    st = GAME.new_state(variant=variant, seed=4, dealer=C)
    while st.phase != "play":
        st.apply(st.legal_actions()[0])
    count = 0
    while st.hand_no == 1:
        st.apply(st.legal_actions()[0])
        if st.hand_no == 1:
            count = len(st.tricks)
    assert count == TRICKS[variant] - 1  # the last trick scores the hand at once
    assert sum(st.history[0]["tricks"]) == TRICKS[variant]


@pytest.mark.parametrize(
    ("variant", "plays", "winner"),
    [
        (BASIC, ["AS", "KS", "QS"], A),
        (BASIC, ["10S", "9S", "JS"], C),
        (BASIC, ["3S", "4S", "5S"], C),
        (TRJ, ["3C", "2C", "4C"], C),
        (TRJ, ["2C", "3C", "AC"], C),
        (TRJ, ["KC", "AC", "2C"], B),
    ],
)
def test_MANNI_GEN_7_ranking(variant, plays, winner):
    """MANNI-GEN-7: A K Q J 10 ... 3, then 2 where twos are in the pack (A-14: aces stay high
    in Trjámann Nullo too)."""
    for contract in ("grand", "nullo") if variant == TRJ else (None,):
        st = build(variant, [[p] for p in plays], contract=contract)
        st.apply(f"play {plays[0]}")
        st.apply(f"play {plays[1]}")
        st.apply(f"play {plays[2]}")
        assert st.history[-1]["tricks"][winner] >= 1
        # the planned finished tricks all went to eldest: the last trick decides the rest
        t = st.history[-1]["tricks"]
        assert t[winner] == (TRICKS[variant] if winner == A else 1)


def test_MANNI_GEN_8_only_the_number_of_tricks_counts():
    """MANNI-GEN-8: only the count of tricks matters (not the cards in them), each player's
    own: two hands with different cards won but equal counts score alike."""
    got = []
    for shift in (0, 1, 3):
        st = endgame(BASIC, (6, 4, 2), shift=shift)
        before = [t["plays"] for t in st.to_json()["tricks"]]
        play_out(st)
        got.append((tuple(st.history[0]["tricks"]), tuple(st.points), json.dumps(before)))
    assert {g[:2] for g in got} == {((6, 4, 2), (2, 0, 0))}
    assert len({g[2] for g in got}) == 3  # the cards won really differed


# --- Basic Manni: MANNI-DECK, TRUMP, DEAL, EXCH, PLAY, SCORE, END ----------------------------


def test_MANNI_DECK_1_48_cards_no_twos():
    """MANNI-DECK-1: the 52-card pack without the twos; a stacked two is refused."""
    pk = GAME.full_pack(3, {}, BASIC)
    assert len(pk) == 48 and len(set(pk)) == 48
    assert all(c.rank != 2 for c in pk)
    st = GAME.new_state(variant=BASIC, seed=3)
    assert Counter(st.all_cards()) == Counter(pk)
    with pytest.raises(ValueError, match="2H"):
        GAME.new_state(variant=BASIC, seed=3, deck=["AS", "2H"])


def test_MANNI_TRUMP_1_B_1_trump_rotation():
    """MANNI-TRUMP-1, B-1: hands 1..9 have trumps H S D C H S D C H, whoever deals (each hand
    here is scored by the rules and the next is dealt by them)."""
    for first_dealer in (C, A):
        st = GAME.new_state(variant=BASIC, seed=2, dealer=first_dealer)
        trumps = [st.trump]
        dealer = first_dealer
        for n in range(1, 9):
            st = endgame(BASIC, (4, 4, 4), hand_no=n, dealer=dealer, base=st)
            play_out(st)
            dealer = (dealer + 1) % 3
            assert st.hand_no == n + 1 and st.dealer == dealer
            assert st.phase == "swap"
            trumps.append(st.trump)
            assert st.view(B)["trump"] == st.trump
        assert "".join(trumps) == "HSDCHSDCH"
    st = GAME.new_state(variant=BASIC, seed=2, dealer=B)
    assert [e.data["trump"] for e in st.events if e.kind == "deal"] == ["H"]


def test_MANNI_DEAL_1_B_2_basic_deal():
    """MANNI-DEAL-1, B-2: A gets cards 1-4, 13-16, 25-28; B 5-8, 17-20, 29-32; C 9-12, 21-24,
    33-36; the manni is cards 37-48, in order."""
    deck = pack_codes(BASIC)[::-1]  # any order, numbered 1..48 top first
    st = GAME.new_state(variant=BASIC, seed=0, deck=deck, dealer=C)

    def cards(*ranges):
        return {deck[i - 1] for lo, hi in ranges for i in range(lo, hi + 1)}

    assert hand(st, A) == cards((1, 4), (13, 16), (25, 28))
    assert hand(st, B) == cards((5, 8), (17, 20), (29, 32))
    assert hand(st, C) == cards((9, 12), (21, 24), (33, 36))
    assert codes(st.manni) == deck[36:]
    assert [len(h) for h in st.hands] == [12, 12, 12]
    # another dealer: E is still the first packet
    st = GAME.new_state(variant=BASIC, seed=0, deck=deck, dealer=A)
    assert hand(st, B) == cards((1, 4), (13, 16), (25, 28))
    assert hand(st, A) == cards((9, 12), (21, 24), (33, 36))


def test_MANNI_EXCH_1_swap_or_keep_in_turn():
    """MANNI-EXCH-1: E, M, D in turn, each swap or keep; nothing else is accepted and no one
    acts out of turn."""
    st = new(BASIC)
    assert st.phase == "swap" and st.to_move() == A
    assert legal_codes(st) == {"swap", "keep"}
    refused(st, "discard 3C", "swap")
    refused(st, f"play {codes(st.hands[A])[0]}", "swap")
    refused(st, "contract grand", "swap")
    refused(st, "keep", "not your turn", seat=B)
    st.apply("keep")
    assert st.to_move() == B and st.decisions == ["keep", None, None]
    refused(st, "swap", "not your turn", seat=C)
    st.apply("keep", B)
    assert st.to_move() == C


def test_MANNI_EXCH_2_3_B_3_swap():
    """MANNI-EXCH-2/3, B-3: A keeps, B swaps: B's hand becomes the 12 manni cards, his old
    12 are dead and unseen by A and C, C gets no decision, and A leads trick 1."""
    deck, full, manni = stack(BASIC)
    st = GAME.new_state(variant=BASIC, seed=0, deck=deck, dealer=C)
    old_b = set(full[B])
    st.apply("keep")
    st.apply("swap")
    assert hand(st, B) == set(manni)
    assert set(codes(st.discards[B])) == old_b
    assert st.manni == []
    assert st.decisions == ["keep", "swap", None]  # C had no choice (MANNI-EXCH-3)
    assert st.phase == "play" and st.to_move() == A  # MANNI-PLAY-1
    assert hand(st, A) == set(full[A]) and hand(st, C) == set(full[C])
    for seat in (A, C, None):
        view = st.view(seat)
        assert not any(in_view(view, c) for c in old_b)
        assert not any(in_view(view, c) for c in manni)
        assert view["decisions"] == ["keep", "swap", None]
    assert sorted(st.view(B)["my_discards"]) == sorted(old_b)
    assert sorted(st.view(B)["hand"]) == sorted(manni)
    assert sorted(st.view(B)["my_drawn"]) == sorted(manni)  # he has seen the manni
    assert st.view(A)["my_drawn"] == []
    refused(st, "swap", "play a card", seat=A)
    # the dead cards never come back into play
    play_out(st)
    assert st.history[0]["tricks"] and sum(st.history[0]["tricks"]) == 12


def test_MANNI_EXCH_3_eldest_swaps_ends_the_phase():
    """MANNI-EXCH-3: E swapping ends the exchange at once; M and D have no choice."""
    deck, _, manni = stack(BASIC)
    st = GAME.new_state(variant=BASIC, seed=0, deck=deck, dealer=C)
    st.apply("swap")
    assert st.decisions == ["swap", None, None]
    assert st.phase == "play" and st.to_move() == A
    assert hand(st, A) == set(manni)
    refused(st, "keep", "play a card")


def test_MANNI_EXCH_4_B_4_nobody_swaps():
    """MANNI-EXCH-4, B-4: all keep: the dealt cards are played and the 12 manni cards are
    never revealed to anyone (nor played)."""
    deck, full, manni = stack(BASIC)
    st = GAME.new_state(variant=BASIC, seed=0, deck=deck, dealer=C)
    for _ in range(3):
        st.apply("keep")
    assert st.decisions == ["keep", "keep", "keep"]
    assert st.phase == "play" and st.to_move() == A
    assert codes(st.manni) == manni
    while st.hand_no == 1:
        for seat in (A, B, C, None):
            view = st.view(seat)
            assert view["manni"] == 12
            assert not any(in_view(view, c) for c in manni)
        assert not set(codes(st.played)) & set(manni)
        for s in range(3):
            assert hand(st, s) <= set(full[s])
        st.apply(st.legal_actions()[0])
    assert sum(st.history[0]["tricks"]) == 12


def test_MANNI_PLAY_1_eldest_leads_whoever_swapped():
    """MANNI-PLAY-1: E leads to the first trick whoever swapped (here the dealer), under the
    hand's trumps."""
    st = new(BASIC, dealer=A)  # E = B
    st.apply("keep")
    st.apply("keep")
    st.apply("swap")
    assert st.decisions == ["swap", "keep", "keep"]
    assert st.phase == "play" and st.to_move() == B and st.trump == "H"


@pytest.mark.parametrize(
    ("tricks", "points"),
    [
        ((6, 4, 2), (2, 0, 0)),
        ((5, 5, 2), (1, 1, 0)),
        ((4, 4, 4), (0, 0, 0)),
        ((7, 3, 2), (3, 0, 0)),
        ((12, 0, 0), (8, 0, 0)),
        ((0, 3, 9), (0, 0, 5)),
    ],
)
def test_MANNI_SCORE_1_B_7_basic_scoring(tricks, points):
    """MANNI-SCORE-1, B-7: one point per trick above four; four or fewer score nothing."""
    st = endgame(BASIC, tricks, points=[1, 2, 3])
    play_out(st)
    rec = st.history[-1]
    assert tuple(rec["tricks"]) == tricks
    assert tuple(rec["gains"]) == points
    assert st.points == [1 + points[0], 2 + points[1], 3 + points[2]]  # accumulated
    assert st.scores() == st.points
    assert st.hand_no == 2 and not st.is_over()


@pytest.mark.parametrize("variant", [BASIC, TRJ, HORN])
def test_a_search_copy_at_its_horizon_is_not_over(variant):
    """MANNI-END-1: a game is over only at its end. A search copy stops at the end of its
    hand with nobody to move, yet the game is not over (the kernel's ``is_over`` reads the
    seat to move first, the phase only when nobody is)."""
    rng = random.Random(4)
    copy = GAME.new_state(variant=variant, seed=2).clone_for_search(random.Random(3))
    while copy.to_move() is not None:
        assert not copy.is_over()
        copy.apply(rng.choice(copy.legal_actions()))
    assert copy.phase != "over" and not copy.is_over() and copy.hand_no == 2


@pytest.mark.parametrize(
    ("before", "tricks", "after", "winners"),
    [
        ((9, 7, 3), (5, 6, 1), (10, 9, 3), [A]),
        ((9, 9, 0), (5, 5, 2), (10, 10, 0), [A, B]),
        ((8, 9, 2), (7, 4, 1), (11, 9, 2), [A]),
        ((9, 3, 3), (4, 4, 4), (9, 3, 3), None),
        ((3, 9, 8), (2, 4, 6), (3, 9, 10), [C]),
        ((9, 9, 9), (4, 4, 4), (9, 9, 9), None),
    ],
)
def test_MANNI_END_1_2_B_8_basic_game_end(before, tricks, after, winners):
    """MANNI-END-1, MANNI-END-2, B-8: the game ends once someone has 10 points; the highest
    score wins, ties are joint winners; otherwise the next hand is dealt."""
    st = endgame(BASIC, tricks, points=list(before), hand_no=3)
    play_out(st)
    assert tuple(st.points) == after
    if winners is None:
        assert not st.is_over() and st.winners() == []
        assert st.hand_no == 4 and st.phase == "swap" and st.trump == "C"
        assert st.dealer == A and st.to_move() == B
    else:
        assert st.is_over() and st.phase == "over" and st.to_move() is None
        assert st.winners() == winners
        assert st.view(B)["winners"] == winners
        assert st.legal_actions() == []
        with pytest.raises(IllegalAction, match="over"):
            st.apply("keep")


# --- Trjámann -----------------------------------------------------------------------------


def test_TRJ_DECK_1_full_pack_two_lowest():
    """TRJ-DECK-1: 52 cards, ranks A down to 2 (a two never beats a three of its suit)."""
    pk = GAME.full_pack(3, {}, TRJ)
    assert len(pk) == 52 and len({c.code for c in pk}) == 52
    st = GAME.new_state(variant=TRJ, seed=9)
    assert Counter(st.all_cards()) == Counter(pk)
    st = build(TRJ, [["2D", "9S"], ["3D", "8S"], ["KS", "7S"]], contract="grand")
    assert trick_winner(st, ["2D", "3D", "KS"]) == B


def test_TRJ_DEAL_1_B_9_deal():
    """TRJ-DEAL-1, B-9: packets of four to E, M, D, four rounds: 16 each; cards 49-52 are the
    manni, in that order (49 is drawn first)."""
    deck = pack_codes(TRJ)
    deck = deck[13:] + deck[:13]
    st = GAME.new_state(variant=TRJ, seed=0, deck=deck, dealer=C)

    def cards(seat_packet):
        return {deck[12 * r + 4 * seat_packet + i] for r in range(4) for i in range(4)}

    assert hand(st, A) == cards(0) and hand(st, B) == cards(1) and hand(st, C) == cards(2)
    assert [len(h) for h in st.hands] == [16, 16, 16]
    assert codes(st.manni) == deck[48:]
    assert st.phase == "contract" and st.to_move() == A
    st.apply("contract nullo")
    st.apply(f"discard {codes(st.hands[A])[0]}")
    assert codes(st.drawn[A]) == [deck[48]]
    assert codes(st.manni) == deck[49:]


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_TRJ_DECL_1_eldest_declares(dealer):
    """TRJ-DECL-1: E is the declarer; nobody else may announce."""
    st = GAME.new_state(variant=TRJ, seed=dealer, dealer=dealer)
    e, m, d = order_of(dealer)
    assert st.declarer == e and st.to_move() == e and st.phase == "contract"
    for seat in (A, B, C):
        assert st.view(seat)["declarer"] == e
    refused(st, "contract nullo", "not your turn", seat=m)
    refused(st, "contract grand", "not your turn", seat=d)
    refused(st, f"play {codes(st.hands[e])[0]}", "contract")
    refused(st, "discard", "contract")
    refused(st, "swap", "contract")
    st.apply("contract spades", e)
    assert st.declarer == e


@pytest.mark.parametrize(
    ("text", "contract", "trump"),
    [
        ("contract nullo", "nullo", None),
        ("contract grand", "grand", None),
        ("contract spades", "spades", "S"),
        ("contract other spades", "other", "S"),
        ("contract other hearts", "other", "H"),
        ("contract other diamonds", "other", "D"),
        ("contract other clubs", "other", "C"),
    ],
)
def test_TRJ_CONTRACT_1_the_four_contracts(text, contract, trump):
    """TRJ-CONTRACT-1: Nullo and Grand have no trumps, Spades has spades, Other the suit the
    declarer names. All seven choices are offered to a fresh declarer."""
    st = new(TRJ)
    assert legal_codes(st) == {
        "contract nullo",
        "contract grand",
        "contract spades",
        "contract other spades",
        "contract other hearts",
        "contract other diamonds",
        "contract other clubs",
    }
    st.apply(text)
    assert (st.contract, st.trump) == (contract, trump)
    assert st.phase == "exchange" and st.to_move() == A


def test_TRJ_CONTRACT_1_malformed_announcements_refused():
    """TRJ-CONTRACT-1: an unknown contract, Other without a suit and a suit after Grand are
    refused with a reason, the state unchanged."""
    st = new(TRJ)
    refused(st, "contract hearts", "no contract")
    refused(st, "contract other", "suit")
    refused(st, "contract grand hearts", "no suit")
    refused(st, "contract", "kind")


def _declare_and_play(st, text: str | None = None) -> None:
    """Announce ``text`` (or the first offer), keep all cards and play the hand out."""
    st.apply(text or st.legal_actions()[0])
    st.apply("discard")
    play_out(st)


def test_TRJ_CONTRACT_2_B_10_contract_availability():
    """TRJ-CONTRACT-2, B-10: A declared Nullo and Other (hearts) in earlier hands; on his next
    turn as declarer he is offered exactly Grand and Spades and "Other diamonds" is refused;
    on his fourth turn only the remaining contract is offered."""
    st = GAME.new_state(variant=TRJ, seed=21, dealer=C)
    plan = {1: "contract nullo", 4: "contract other hearts"}
    while st.hand_no < 7:
        assert st.phase == "contract"
        _declare_and_play(st, plan.get(st.hand_no))
    assert st.declarer == A and st.to_move() == A
    assert legal_codes(st) == {"contract grand", "contract spades"}
    assert st.view(B)["owed"][A] == ["grand", "spades"]
    reason = refused(st, "contract other diamonds", "other")
    assert "grand" in reason and "spades" in reason
    refused(st, "contract nullo", "already")
    _declare_and_play(st, "contract grand")
    while st.hand_no < 10:
        _declare_and_play(st)
    assert st.declarer == A
    assert legal_codes(st) == {"contract spades"}
    refused(st, "contract grand", "already")
    # B and C, each declarer three times by now with the first offer, owe one contract each
    assert [len(o) for o in st.owed] == [1, 1, 1]


def test_TRJ_CONTRACT_2_other_is_one_contract_whatever_the_suit():
    """TRJ-CONTRACT-2: Other counts once whatever suit it named; a later Other in another
    suit is refused and no Other suit is offered again."""
    st = GAME.new_state(variant=TRJ, seed=3, dealer=C)
    _declare_and_play(st, "contract other clubs")
    while st.hand_no < 4:
        _declare_and_play(st)
    assert st.declarer == A
    assert not any(str(a).startswith("contract other") for a in st.legal_actions())
    refused(st, "contract other hearts", "already")
    refused(st, "contract other clubs", "already")
    assert legal_codes(st) == {"contract nullo", "contract grand", "contract spades"}


def test_TRJ_CONTRACT_3_contract_announced_before_exchange():
    """TRJ-CONTRACT-3: contract and Other's suit are public before the exchange; no exchange
    before the announcement."""
    st = new(TRJ)
    refused(st, "discard", "contract")
    events = st.apply("contract other diamonds")
    assert [e.kind for e in events] == ["contract"]
    assert events[0].seat == A and events[0].data == {"contract": "other", "trump": "D"}
    assert st.phase == "exchange"
    for seat in (B, C, None):
        view = st.view(seat)
        assert (view["contract"], view["trump"], view["declarer"]) == ("other", "D", A)
        assert view["phase"] == "exchange"
    refused(st, "contract grand", "exchange")


def test_TRJ_EXCH_1_B_11_exchange():
    """TRJ-EXCH-1, B-11: manni 7C KH 2D 9S; A announces Spades, discards 3C and 4D and draws
    7C and KH; 2D and 9S stay unseen and out of play; B and C may not exchange."""
    st = new(TRJ, [["3C", "4D"], [], []], ["7C", "KH", "2D", "9S"])
    st.apply("contract spades")
    assert st.view(A)["exchange_sizes"] == [0, 1, 2, 3, 4]
    assert st.legal_actions().sizes == (0, 1, 2, 3, 4)
    refused(st, "discard 3C 4D", "not your turn", seat=B)
    events = st.apply("discard 3C 4D")
    assert events[0].kind == "exchange" and events[0].data == {"count": 2}
    assert {"7C", "KH"} <= hand(st, A) and not {"3C", "4D"} & hand(st, A)
    assert len(st.hands[A]) == 16
    assert codes(st.discards[A]) == ["3C", "4D"]
    assert codes(st.manni) == ["2D", "9S"]
    assert sorted(st.view(A)["my_drawn"]) == ["7C", "KH"]
    for seat in (B, C, None):
        view = st.view(seat)
        assert not in_view(view, "7C") and not in_view(view, "3C")
        assert view["decisions"][A] == 2 and view["discarded"] == [2, 0, 0]
    for seat in (A, B, C, None):
        assert not in_view(st.view(seat), "2D") and not in_view(st.view(seat), "9S")
    assert st.decisions[B] is None and st.decisions[C] is None
    assert st.phase == "play" and st.to_move() == A  # TRJ-PLAY-1
    refused(st, "discard", "play a card", seat=A)
    play_out_until_last_trick(st)
    assert codes(st.manni) == ["2D", "9S"]
    assert not {"2D", "9S", "3C", "4D"} & set(codes(st.played))


def test_TRJ_EXCH_1_limits_and_bad_discards():
    """TRJ-EXCH-1: from 0 to 4 cards, each held, none twice; ``keep`` draws nothing."""
    st = new(TRJ, [["3C", "4D", "5H", "6S", "7S"], [], []], ["7C", "KH", "2D", "9S"])
    st.apply("contract grand")
    refused(st, "discard 3C 4D 5H 6S 7S", "at most 4")
    assert "AC" not in hand(st, A)
    refused(st, "discard AC", "do not hold")
    refused(st, "discard 3C 3C", "twice")
    refused(st, "swap", "discard")
    before = hand(st, A)
    st.apply("keep")
    assert hand(st, A) == before and st.decisions[A] == 0
    assert codes(st.manni) == ["7C", "KH", "2D", "9S"]
    assert st.phase == "play"


def test_TRJ_EXCH_1_four_drawn_all():
    """TRJ-EXCH-1: discarding four draws the whole manni, in order."""
    st = new(TRJ, [["3C", "4D", "5H", "6S"], [], []], ["7C", "KH", "2D", "9S"])
    st.apply("contract nullo")
    st.apply("discard 3C 4D 5H 6S")
    assert codes(st.drawn[A]) == ["7C", "KH", "2D", "9S"] and st.manni == []


def test_TRJ_OPT_2_B_11_four_or_none():
    """TRJ-OPT-2, B-11: with four-or-none, discarding 2 is refused; 4 draws 7C KH 2D 9S;
    none is allowed."""
    hands = [["3C", "4D", "5H", "6S"], [], []]
    st = new(TRJ, hands, ["7C", "KH", "2D", "9S"], options={"four_or_none": True})
    st.apply("contract spades")
    assert st.view(A)["exchange_sizes"] == [0, 4]
    assert all(len(a.cards) in (0, 4) for a in st.legal_actions())
    assert len(st.legal_actions()) == 1 + 1820  # none, or any 4 of 16
    refused(st, "discard 3C 4D", "four")
    refused(st, "discard 3C", "four")
    refused(st, "discard 3C 4D 5H", "four")
    st.apply("discard 3C 4D 5H 6S")
    assert codes(st.drawn[A]) == ["7C", "KH", "2D", "9S"]
    st = new(TRJ, hands, ["7C", "KH", "2D", "9S"], options={"four_or_none": True})
    st.apply("contract spades")
    st.apply("discard")
    assert st.phase == "play" and len(st.manni) == 4
    # off by default: two is fine
    st = new(TRJ, hands, ["7C", "KH", "2D", "9S"])
    st.apply("contract spades")
    st.apply("discard 3C 4D")
    assert codes(st.drawn[A]) == ["7C", "KH"]


def test_TRJ_OPT_1_B_12_no_spades_in_other():
    """TRJ-OPT-1, B-12: with the option Other may name H, D, C only; without it S, H, D, C
    (Other-spades plays like Spades but uses up Other)."""
    st = new(TRJ, options={"no_spades_in_other": True})
    others = {str(a) for a in st.legal_actions() if str(a).startswith("contract other")}
    assert others == {"contract other hearts", "contract other diamonds", "contract other clubs"}
    reason = refused(st, "contract other spades", "hearts")
    assert "spades" not in reason.replace("Other names", "")
    st.apply("contract spades")  # Spades itself is still a contract
    assert st.trump == "S"
    st = new(TRJ)
    others = {str(a) for a in st.legal_actions() if str(a).startswith("contract other")}
    assert len(others) == 4 and "contract other spades" in others
    st.apply("contract other spades")
    assert (st.contract, st.trump) == ("other", "S")
    assert st.owed[A] == ["nullo", "grand", "spades"]


def _grand_trick(options):
    """A Grand hand: A leads KS, B (no spades) plays 2H, C follows with QS."""
    st = new(TRJ, [["KS"], ["2H"], ["QS"]], voids=[set(), {"S"}, set()], options=options)
    st.apply("contract grand")
    st.apply("discard")
    st.apply("play KS")
    assert "play 2H" in legal_codes(st)
    st.apply("play 2H")
    st.apply("play QS")
    return st


def test_TRJ_OPT_3_grand_hearts():
    """TRJ-OPT-3: off by default Grand is no-trump (KS wins over a discarded 2H); with
    grand-hearts Grand has hearts as trumps (the 2H wins)."""
    st = _grand_trick(None)
    assert st.trump is None and st.tricks[0][1] == A
    st = _grand_trick({"grand_hearts": True})
    assert st.trump == "H" and st.tricks[0][1] == B
    assert st.view(C)["trump"] == "H"
    # the option changes nothing but Grand
    st = new(TRJ, options={"grand_hearts": True})
    st.apply("contract nullo")
    assert st.trump is None


def test_TRJ_options_only_in_trjamann():
    """Options table: Trjámann's three options default off; the other variants have none."""
    st = GAME.new_state(variant=TRJ, seed=1)
    assert st.options == {"no_spades_in_other": False, "four_or_none": False, "grand_hearts": False}
    for variant in (BASIC, HORN):
        with pytest.raises(ValueError):
            GAME.new_state(variant=variant, seed=1, options={"four_or_none": True})


@pytest.mark.parametrize("dealer", [0, 1])
def test_TRJ_PLAY_1_declarer_leads_16_tricks(dealer):
    """TRJ-PLAY-1: E, the declarer, leads to the first trick; 16 tricks are played."""
    st = GAME.new_state(variant=TRJ, seed=8, dealer=dealer)
    e = (dealer + 1) % 3
    st.apply("contract spades")
    st.apply(f"discard {codes(st.hands[e])[0]}")
    assert st.phase == "play" and st.to_move() == e
    play_out(st)
    assert sum(st.history[0]["tricks"]) == 16 and st.history[0]["declarer"] == e


@pytest.mark.parametrize(
    ("contract", "tricks", "results"),
    [
        ("grand", (9, 4, 3), (1, 0, -1)),
        ("spades", (6, 5, 5), (-2, 1, 1)),
        ("other", (8, 4, 4), (0, 0, 0)),
        ("other", (16, 0, 0), (8, -4, -4)),
        ("nullo", (4, 6, 6), (0, 0, 0)),
        ("nullo", (6, 5, 5), (-2, 1, 1)),
        ("nullo", (1, 8, 7), (3, -2, -1)),
        ("nullo", (0, 16, 0), (4, -10, 6)),
    ],
)
def test_TRJ_SCORE_1_4_B_13_scoring(contract, tricks, results):
    """TRJ-SCORE-1, TRJ-SCORE-2, TRJ-SCORE-3, TRJ-SCORE-4, B-13: targets 8/4/4 (Nullo
    4/6/6); result tricks - target (Nullo target - tricks); plus and minus columns; every
    hand sums to zero."""
    trump = "D" if contract == "other" else _UNSET
    st = endgame(TRJ, tricks, contract=contract, trump=trump, plus=[1, 0, 2], minus=[0, 3, 0])
    play_out(st)
    rec = st.history[-1]
    assert tuple(rec["tricks"]) == tricks
    assert rec["declarer"] == A and rec["contract"] == contract
    assert rec["targets"] == ([4, 6, 6] if contract == "nullo" else [8, 4, 4])
    assert tuple(rec["results"]) == results and sum(results) == 0
    assert st.plus == [p + max(0, r) for p, r in zip([1, 0, 2], results, strict=True)]
    assert st.minus == [m + max(0, -r) for m, r in zip([0, 3, 0], results, strict=True)]
    assert st.scores() == [p - m for p, m in zip(st.plus, st.minus, strict=True)]
    assert st.hand_no == 2 and st.phase == "contract" and st.declarer == B


def test_TRJ_SCORE_1_declarer_is_eldest_not_seat_0():
    """TRJ-SCORE-1: the declarer's target follows the declarer (here B, dealer A)."""
    st = endgame(TRJ, (4, 8, 4), contract="grand", dealer=A)
    play_out(st)
    assert st.history[-1]["targets"] == [4, 8, 4]
    assert st.history[-1]["results"] == [0, 0, 0]


def test_TRJ_SCORE_4_END_2_B_14_ledger():
    """TRJ-SCORE-4, TRJ-END-2, B-14: Grand by A (+1, 0, -1), Spades by B (+1, -2, +1), Nullo
    by C (-2, -1, +3): A plus 2 minus 2, B plus 0 minus 3, C plus 4 minus 1; nets 0, -3, +3
    (sum 0); C would win."""
    st = endgame(TRJ, (9, 4, 3), contract="grand", dealer=C, hand_no=1)
    play_out(st)
    st = endgame(TRJ, (5, 6, 5), contract="spades", dealer=A, hand_no=2, base=st, last=C)
    play_out(st)
    st = endgame(TRJ, (8, 7, 1), contract="nullo", dealer=B, hand_no=3, base=st, last=A)
    play_out(st)
    assert [h["results"] for h in st.history] == [[1, 0, -1], [1, -2, 1], [-2, -1, 3]]
    assert [h["declarer"] for h in st.history] == [A, B, C]
    assert st.plus == [2, 0, 4] and st.minus == [2, 3, 1]
    assert st.scores() == [0, -3, 3] and sum(st.scores()) == 0
    view = st.view(A)
    assert view["plus"] == [2, 0, 4] and view["minus"] == [2, 3, 1]
    assert st.owed[A] == ["nullo", "spades", "other"]
    assert st.owed[B] == ["nullo", "grand", "other"]
    assert st.owed[C] == ["grand", "spades", "other"]


def test_TRJ_END_1_twelve_hands_each_declares_each_contract_once():
    """TRJ-END-1, TRJ-CONTRACT-2: exactly 12 hands; each player declares 4 times, each
    contract once; then the game is over."""
    st = GAME.new_state(variant=TRJ, seed=17)
    while not st.is_over():
        _declare_and_play(st)
    assert st.hand_no == 12 and len(st.history) == 12
    seen = Counter((h["declarer"], h["contract"]) for h in st.history)
    assert seen == Counter(
        {(s, k): 1 for s in range(3) for k in ("nullo", "grand", "spades", "other")}
    )
    assert st.owed == [[], [], []]
    assert [h["dealer"] for h in st.history] == [
        (st.history[0]["dealer"] + i) % 3 for i in range(12)
    ]


@pytest.mark.parametrize(
    ("plus", "minus", "tricks", "winners"),
    [
        ([2, 0, 9], [3, 5, 3], (9, 4, 3), [C]),
        ([4, 2, 0], [0, 2, 4], (8, 5, 3), [A]),
        ([3, 2, 0], [0, 0, 5], (8, 5, 3), [A, B]),
    ],
)
def test_TRJ_END_2_highest_net_wins(plus, minus, tricks, winners):
    """TRJ-END-1/2: after hand 12 the game is over; nets (plus - minus) sum to zero; the
    highest net wins, ties are joint winners."""
    st = endgame(
        TRJ, tricks, contract="grand", hand_no=12, plus=plus, minus=minus, owed=[[], [], []]
    )
    play_out(st)
    assert st.is_over() and st.hand_no == 12
    assert sum(st.scores()) == 0
    top = max(st.scores())
    assert st.winners() == [s for s in range(3) if st.scores()[s] == top] == winners


# --- Hornafjarðarmanni ---------------------------------------------------------------------


def test_HORN_PLAYERS_1_DECK_1_three_players_full_pack():
    """HORN-PLAYERS-1, HORN-DECK-1: three players, the full 52-card pack."""
    pk = GAME.full_pack(3, {}, HORN)
    assert len(pk) == 52
    st = GAME.new_state(variant=HORN, seed=2)
    assert Counter(st.all_cards()) == Counter(pk)
    assert [len(h) for h in st.hands] == [12, 12, 12] and len(st.manni) == 16
    with pytest.raises(ValueError):
        GAME.new_state(players=2, variant=HORN, seed=2)


def test_HORN_CUT_1_DEAL_1_B_16_deal_and_draws():
    """HORN-CUT-1, HORN-DEAL-1, B-16: manni 1-4, A 5-7, B 8-10, C 11-13, manni 14-17 ...;
    card 52 is the public contract card, in C's hand; draws take manni card 1 first: A
    exchanging 5 draws 1-4 and 14, and B's draws start at 15."""
    deck = pack_codes(HORN)
    deck = deck[7:] + deck[:7]  # 52nd card: 8C... whatever it is, it is public
    st = GAME.new_state(variant=HORN, seed=0, deck=deck, dealer=C)

    def cards(*nums):
        return [deck[n - 1] for n in nums]

    def packets(first):
        return {deck[first - 1 + 13 * r + i] for r in range(4) for i in range(3)}

    assert hand(st, A) == packets(5)
    assert hand(st, B) == packets(8)
    assert hand(st, C) == packets(11)
    manni = cards(*range(1, 5), *range(14, 18), *range(27, 31), *range(40, 44))
    assert codes(st.manni) == manni
    cc = deck[51]
    assert st.contract_card.code == cc and cc in hand(st, C)
    for seat in (A, B, C, None):
        assert st.view(seat)["contract_card"] == cc
        assert st.view(seat)["contract_card_live"] is True
    deal = [e for e in st.events if e.kind == "deal"][-1]
    assert deal.data["card"] == cc
    mine = codes(st.hands[A])[:5]
    st.apply("discard " + " ".join(mine))
    assert codes(st.drawn[A]) == cards(1, 2, 3, 4, 14)
    st.apply("discard " + " ".join(codes(st.hands[B])[:2]))
    assert codes(st.drawn[B]) == cards(15, 16)
    assert codes(st.manni) == manni[7:]


@pytest.mark.parametrize(
    ("card", "contract", "trump"),
    [
        ("AS", "grand", None),
        ("10D", "grand", None),
        ("JH", "grand", None),
        ("QC", "grand", None),
        ("KS", "grand", None),
        ("9H", "trumps", "H"),
        ("8S", "trumps", "S"),
        ("7D", "trumps", "D"),
        ("6C", "trumps", "C"),
        ("5S", "nullo", None),
        ("4H", "nullo", None),
        ("3C", "nullo", None),
        ("2D", "nullo", None),
    ],
)
def test_HORN_CONTRACT_1_B_15_cut_card(card, contract, trump):
    """HORN-CONTRACT-1, B-15: 10-A Grand, 6-9 Trumps in the card's suit, 2-5 Nullo (aces
    low only in Nullo)."""
    st = new(HORN, last=card, seed=3)
    assert st.contract_card.code == code(card)
    assert (st.contract, st.trump) == (contract, trump)
    assert st.view(B)["low_aces"] is (contract == "nullo")
    assert code(card) in hand(st, C)
    for seat in (A, B, None):
        view = st.view(seat)
        assert (view["contract"], view["trump"], view["contract_card"]) == (
            contract,
            trump,
            code(card),
        )


@pytest.mark.parametrize(
    ("cc", "plays", "winner"),
    [
        ("3D", ["AH", "2H", "KH"], C),  # B-18: Nullo, the ace is lowest
        ("3D", ["2S", "AS", "3S"], C),  # B-18: below the two as well
        ("5C", ["AS", "KS", "QS"], B),  # Nullo: KS over QS, the ace lowest
        ("9H", ["AH", "2H", "KH"], A),  # B-18: Trumps, the ace high
        ("QD", ["2S", "AS", "3S"], B),  # Grand: ace high
    ],
)
def test_HORN_RANK_1_B_18_nullo_aces_low(cc, plays, winner):
    """HORN-RANK-1, B-18: in Nullo the ace ranks below the two; in Grand and Trumps it is
    highest."""
    spare = [["6C"], ["7C"], ["8C"]] if cc[-1] != "C" else [["6D"], ["7D"], ["8D"]]
    st = build(HORN, [[plays[s], *spare[s]] for s in range(3)], contract_card=cc)
    assert trick_winner(st, plays) == winner


def test_HORN_RANK_1_nullo_low_aces_on_a_dealt_hand():
    """HORN-RANK-1 on a real deal: the cut card 2D makes Nullo; A leads AH, B 2H, C KH: C."""
    st = new(HORN, [["AH"], ["2H"], ["KH"]], voids=[set(), set(), set()], last="2D")
    assert st.contract == "nullo"
    while st.phase == "exchange":
        st.apply("discard")
    assert trick_winner(st, ["AH", "2H", "KH"]) == C


@pytest.mark.parametrize(
    ("ke", "km", "limit"),
    [(7, 5, 4), (0, 0, 12), (3, 2, 11), (7, 0, 9), (5, 5, 6), (0, 5, 11)],
)
def test_HORN_EXCH_1_B_17_exchange_limits(ke, km, limit):
    """HORN-EXCH-1, B-17: E at most 7, M at most 5, D at most min(12, cards left); zero is
    always allowed; going over a limit is refused."""
    st = new(HORN, last="KD")
    assert st.view(B)["exchange_sizes"] == list(range(8))
    refused(st, "discard " + " ".join(codes(st.hands[A])[:8]), "at most 7")
    st.apply("discard " + " ".join(codes(st.hands[A])[:ke]))
    assert st.to_move() == B and st.view(A)["exchange_sizes"] == list(range(6))
    refused(st, "discard " + " ".join(codes(st.hands[B])[:6]), "at most 5")
    st.apply("discard " + " ".join(codes(st.hands[B])[:km]))
    assert st.to_move() == C
    assert st.view(C)["exchange_sizes"] == list(range(limit + 1))
    assert st.legal_actions().sizes == tuple(range(limit + 1))
    if limit < 12:
        refused(st, "discard " + " ".join(codes(st.hands[C])[: limit + 1]), f"at most {limit}")
    st.apply("discard " + " ".join(codes(st.hands[C])[:limit]))
    assert len(st.manni) == 16 - ke - km - limit
    assert [len(h) for h in st.hands] == [12, 12, 12]
    assert st.decisions == [ke, km, limit]
    assert st.phase == "play" and st.to_move() == A  # HORN-PLAY-1


def test_HORN_EXCH_1_refusals():
    """HORN-EXCH-1: a card not held, a card named twice, a swap are refused; ``keep`` is an
    empty exchange."""
    st = new(HORN, [["AS"], [], []], last="KD")
    foreign = next(c for c in pack_codes(HORN) if c not in hand(st, A))
    refused(st, f"discard {foreign}", "do not hold")
    refused(st, "discard AS AS", "twice")
    refused(st, "swap", "discard")
    refused(st, "contract grand", "discard")
    refused(st, "play AS", "discard")
    refused(st, "discard AS", "not your turn", seat=B)
    st.apply("keep")
    assert st.decisions[A] == 0 and st.to_move() == B


def test_HORN_EXCH_2_each_sees_his_draw_before_the_next():
    """HORN-EXCH-2: E's draw is his, seen before M decides (M sees only the count); cards
    left after the dealer stay unseen and out of play."""
    deck, full, manni = stack(HORN, last="8H")
    st = GAME.new_state(variant=HORN, seed=0, deck=deck, dealer=C)
    st.apply("discard " + " ".join(full[A][:3]))
    assert codes(st.drawn[A]) == manni[:3]
    assert sorted(st.view(A)["my_drawn"]) == sorted(manni[:3])
    assert set(manni[:3]) <= set(st.view(A)["hand"])
    assert st.to_move() == B
    for seat in (B, C, None):
        view = st.view(seat)
        assert view["my_drawn"] in ([], None)
        assert not any(in_view(view, c) for c in manni)
        assert view["decisions"] == [3, None, None]
    st.apply("discard " + " ".join(codes(st.hands[B])[:1]))
    assert codes(st.drawn[B]) == manni[3:4]
    st.apply("discard")
    left = manni[4:]
    assert codes(st.manni) == left
    while st.hand_no == 1:
        for seat in (A, B, C, None):
            assert not any(in_view(st.view(seat), c) for c in left)
        assert not set(codes(st.played)) & set(left)
        st.apply(st.legal_actions()[0])


def test_HORN_PLAY_1_eldest_leads_twelve_tricks():
    """HORN-PLAY-1: E leads the first trick, whoever exchanged; 12 tricks are played under
    the contract's trumps."""
    st = GAME.new_state(variant=HORN, seed=12, dealer=B)  # E = C
    st.apply("discard")
    st.apply("discard " + codes(st.hands[A])[0])
    st.apply("discard " + codes(st.hands[B])[0])
    assert st.phase == "play" and st.to_move() == C
    trump = st.trump
    play_out(st)
    assert sum(st.history[0]["tricks"]) == 12 and st.history[0]["trump"] == trump


@pytest.mark.parametrize(
    ("cc", "tricks", "results"),
    [
        ("KD", (6, 4, 2), (2, 0, -2)),  # Grand
        ("9C", (5, 5, 2), (1, 1, -2)),  # Trumps
        ("4C", (6, 4, 2), (-2, 0, 2)),  # Nullo
        ("4C", (0, 0, 12), (4, 4, -8)),  # Nullo
        ("AS", (4, 4, 4), (0, 0, 0)),  # Grand
    ],
)
def test_HORN_SCORE_1_2_B_19_scoring(cc, tricks, results):
    """HORN-SCORE-1, HORN-SCORE-2, B-19: target 4 each: result tricks - 4 (Nullo
    4 - tricks); plus and minus totals kept apart (never netted during the game)."""
    st = endgame(HORN, tricks, contract_card=cc, plus=[3, 1, 0], minus=[1, 0, 3])
    play_out(st)
    rec = st.history[-1]
    assert tuple(rec["tricks"]) == tricks
    assert rec["targets"] == [4, 4, 4]
    assert tuple(rec["results"]) == results and sum(results) == 0
    assert st.plus == [p + max(0, r) for p, r in zip([3, 1, 0], results, strict=True)]
    assert st.minus == [m + max(0, -r) for m, r in zip([1, 0, 3], results, strict=True)]
    assert sum(st.plus) == sum(st.minus)
    assert rec["plus"] == st.plus and rec["minus"] == st.minus
    assert st.scores() == [p - m for p, m in zip(st.plus, st.minus, strict=True)]
    assert not st.is_over() and st.hand_no == 2 and st.phase == "exchange"


def test_HORN_END_1_2_B_20_reaching_ten_is_not_winning():
    """HORN-END-1/2, B-20: A plus 8 minus 1, B plus 9 minus 6, C plus 3 minus 13; a Grand hand
    with tricks (5, 6, 1): A plus 9, B plus 11, C minus 16: B passed 10 plus points, so the
    game ends; finals 8, 5, -13: A wins."""
    st = endgame(HORN, (5, 6, 1), contract_card="JS", plus=[8, 9, 3], minus=[1, 6, 13])
    play_out(st)
    assert st.plus == [9, 11, 3] and st.minus == [1, 6, 16]
    assert st.is_over()
    assert st.scores() == [8, 5, -13]
    assert st.winners() == [A]
    assert st.view(C)["winners"] == [A]


def test_HORN_END_2_B_21_tie():
    """HORN-END-2, B-21: finals A 6, B 6, C -12: A and B are joint winners."""
    st = endgame(HORN, (6, 4, 2), contract_card="QH", plus=[8, 6, 0], minus=[4, 0, 10])
    play_out(st)
    assert st.plus == [10, 6, 0] and st.minus == [4, 0, 12]
    assert st.is_over() and st.scores() == [6, 6, -12]
    assert st.winners() == [A, B]


def test_HORN_END_1_minus_totals_do_not_end_the_game():
    """HORN-END-1: only a plus total of 10 ends the game; big minus totals do not, and a plus
    total of 9 plays on."""
    st = endgame(HORN, (5, 4, 3), contract_card="QH", plus=[8, 0, 4], minus=[0, 9, 3])
    play_out(st)
    assert st.plus == [9, 0, 4] and st.minus == [0, 9, 4]
    assert not st.is_over() and st.hand_no == 2
    st = endgame(HORN, (8, 2, 2), contract_card="QH", plus=[0, 0, 0], minus=[0, 0, 0])
    play_out(st)
    assert not st.is_over()  # 4 plus points


@pytest.mark.parametrize(
    ("variant", "tricks", "words"),
    [
        (HORN, (1, 8, 3), ["{P0} 1 trick, -3", "{P1} 8 tricks, +4", "{P2} 3 tricks, -1"]),
        (BASIC, (1, 10, 1), ["{P0} 1 trick, 0 points", "{P1} 10 tricks, 6 points"]),
    ],
)
def test_the_hand_score_is_worded_trick_by_number(variant, tricks, words):
    """The log's line for a scored hand (MANNI-SCORE-1, HORN-SCORE-1): one trick is
    "1 trick", never "1 tricks"."""
    extra = {"contract_card": "9C"} if variant == HORN else {}
    st = endgame(variant, tricks, **extra)
    play_out(st)
    text = next(e for e in reversed(st.events) if e.kind == "score").text
    for w in words:
        assert w in text


# --- the exchange's listing and the phases' refusals ----------------------------------------


@pytest.mark.parametrize(
    ("n", "sizes"), [(12, range(8)), (12, range(13)), (16, (0, 4)), (16, range(5)), (5, (0, 2))]
)
def test_TRJ_EXCH_1_HORN_EXCH_1_every_discard_listed_once_smallest_first(n, sizes):
    """TRJ-EXCH-1, TRJ-OPT-2, HORN-EXCH-1 (spec C): an exchange's choices are every set of
    held cards of an allowed size, each once: smallest first, then in the hand's order. The
    listing is indexed without being built (``actions.DiscardChoices``), from either end."""
    hand = GAME.full_pack(3, {}, HORN)[:n]
    listing = DiscardChoices(hand, tuple(sizes))
    plain = [Discard(c) for k in sizes for c in combinations(hand, k)]
    assert len(listing) == len(plain)
    assert [a.cards for a in listing] == [a.cards for a in plain]
    assert listing[-1].cards == plain[-1].cards and listing[-len(plain)] == plain[0]
    with pytest.raises(IndexError):
        listing[len(listing)]


@pytest.mark.parametrize(("n", "top"), [(12, 7), (12, 5), (12, 12), (3, 2), (1, 1)])
def test_the_kernels_listing_up_to_a_size_is_the_classs(n, top):
    """HORN-EXCH-1 (spec C): ``discards_up_to``, the kernel's listing made without calling
    the class, lists the same discards as ``DiscardChoices`` with sizes 0 to ``top``, and
    the pick it hands out is the one the state may apply unchecked (``issued``)."""
    hand = GAME.full_pack(3, {}, HORN)[:n]
    fast = discards_up_to(hand, top)
    slow = DiscardChoices(hand, tuple(range(top + 1)))
    assert fast.sizes == slow.sizes and len(fast) == len(slow)
    assert [a.cards for a in fast] == [a.cards for a in slow]
    pick = fast[len(fast) // 2]
    assert fast.issued(pick, hand) is not None and fast.issued(pick, list(hand)) is None


def test_a_listing_of_every_discard_of_16_cards_is_indexed_without_being_built():
    """HORN-EXCH-1's and TRJ-EXCH-1's listing at its largest shape (every size of 16 cards,
    as a hand-written position may ask): 65,536 choices, each picked by its index."""
    hand = GAME.full_pack(3, {}, HORN)[:16]
    listing = DiscardChoices(hand, tuple(range(17)))
    assert len(listing) == 2**16
    assert listing[2**16 - 1].cards == tuple(hand)
    assert listing[-(2**16)] == Discard(())
    assert listing[17].cards == tuple(hand[:2])  # after the empty one and the 16 singles


@pytest.mark.parametrize("variant", [BASIC, TRJ, HORN])
def test_a_play_before_the_tricks_is_refused_for_the_phase(variant):
    """MANNI-EXCH-1 (swap or keep), TRJ-CONTRACT-3 (the contract first), HORN-EXCH-1 and
    TRJ-EXCH-1 (the exchange): a card played before the tricks is refused with the phase's
    reason and changes nothing; in the play, a card of no pack is one not held; after the
    end, every play is refused as the game is over."""
    reasons = {
        "swap": "swap your hand for the manni",
        "contract": "announce a contract first",
        "exchange": "it is the exchange",
    }
    rng = random.Random(5)
    st = GAME.new_state(variant=variant, seed=5)
    seen = set()
    while st.phase != "play":
        seat = st.turn
        assert seat is not None
        refused(st, Play(st.hands[seat][0]), reasons[st.phase])
        seen.add(st.phase)
        st.apply(rng.choice(st.legal_actions()))
    assert seen == {BASIC: {"swap"}, TRJ: {"contract", "exchange"}}.get(variant, {"exchange"})
    while not st.is_over():
        if st.phase == "play":
            refused(st, Play(Card(JOKER_RANK)), "you do not hold JK")
        st.apply(rng.choice(st.legal_actions()))
    refused(st, Play(Card.parse("AS")), "the game is over")


# --- positions changed by hand --------------------------------------------------------------


def test_a_hand_given_as_a_new_list_in_any_order_plays_on():
    """A test, a sample or a copy may give a seat a new hand list in another order: its
    cards are still found and played (MANNI-GEN-6)."""
    st = GAME.new_state(variant=BASIC, seed=3)
    while st.phase != "play":
        st.apply("keep")
    seat = st.turn
    assert seat is not None
    held = st.hands[seat][:]
    st.hands[seat] = list(reversed(held))
    card = held[0]
    st.apply(f"play {card.code}")
    assert card not in st.hands[seat] and len(st.hands[seat]) == len(held) - 1
    assert st.trick == [(seat, card)]
    refused(st, f"play {card.code}", "do not hold")


def test_a_card_taken_out_of_a_hand_in_place_is_refused_and_changes_nothing():
    """Should anything but the rules take a card out of the hand list itself, a play of it is
    refused as of a card not held, the position as it was; the play goes on from the cards
    the hand holds."""
    st = GAME.new_state(variant=BASIC, seed=3)
    while st.phase != "play":
        st.apply("keep")
    seat = st.turn
    assert seat is not None
    hand_list = st.hands[seat]
    card = hand_list.pop(0)  # the same list
    refused(st, Play(card), f"you do not hold {card.code}")
    st._legal = None  # the listing made before the change, dropped as a move would
    assert card not in {a.card for a in st.legal_actions()}
    size = len(hand_list)
    st.apply(st.legal_actions()[0])
    assert len(st.hands[seat]) == size - 1


@pytest.mark.parametrize("variant", [BASIC, TRJ, HORN])
def test_the_hands_read_now_and_then_are_the_references(variant):
    """The kernel's play path keeps only each hand's plays by suit and brings the card lists
    up to date when ``hands`` is read: read after runs of moves of any length (as a search
    copy, read by nobody, plays on), or replaced by a new list in another order when read,
    its hands are the reference's, sorted, card for card, and it plays on alike."""
    rng = random.Random(7)
    fast = GAME.new_state(variant=variant, seed=11)
    ref = GAME.reference().new_state(variant=variant, seed=11)
    assert type(fast) is not type(ref)
    reads = 0
    while not ref.is_over():
        for _ in range(rng.randrange(1, 9)):  # moves in a row without a look at the hands
            if ref.is_over():
                break
            mine, theirs = fast.legal_actions(), ref.legal_actions()
            assert len(mine) == len(theirs) and list(mine[:20]) == list(theirs[:20])
            i = rng.randrange(len(theirs))
            assert fast.apply(mine[i]) == ref.apply(theirs[i])
        assert fast.hands == ref.hands
        reads += 1
        seat = fast.turn
        if seat is not None and rng.random() < 0.2:
            fast.hands[seat] = fast.hands[seat][::-1]  # a new list, in another order
    assert reads > 50 and fast.to_json() == ref.to_json()


@pytest.mark.parametrize("low", [False, True])
def test_a_hand_read_off_its_mask_is_the_sorted_hand_and_its_runs(low):
    """The kernel deals and exchanges a hand as the sum of its cards' bits and reads it off
    byte by byte (``_CARDS_AT0`` ..., ``_RUN_AT0`` ...): for hands of every size, aces high
    and low (HORN-RANK-1), the cards come out as the reference sorts them (``hand_key``)
    and the runs as its suits' plays in that order (the index, ``_index``)."""
    from cardsuite.games.manni import kernel
    from cardsuite.games.manni.rules import SUIT_ORDER

    ref = GAME.reference().new_state(variant=HORN, seed=1)
    ref._low_aces = low
    bits = kernel._BIT_LOW if low else kernel._BIT_HIGH
    cards_at = [getattr(kernel, f"_CARDS_AT{j}") for j in range(8)]
    runs_at = [getattr(kernel, f"_RUN_AT{j}") for j in range(8)]
    pack = GAME.full_pack(3, {}, HORN)
    rng = random.Random(4)
    for n in [*range(53), *[rng.randrange(10, 17) for _ in range(100)]]:
        hand = rng.sample(pack, n)
        b = sum(bits[c] for c in hand).to_bytes(8, "little")
        cards = [c for j in range(8) for c in cards_at[j][b[j]]]
        assert cards == sorted(hand, key=ref.hand_key)
        runs = [[*runs_at[2 * s][b[2 * s]], *runs_at[2 * s + 1][b[2 * s + 1]]] for s in range(4)]
        assert runs == [[Play(c) for c in cards if SUIT_ORDER[c.suit] == s] for s in range(4)]
