"""Rule-by-rule tests for Twenty-Two (and Twenty-Six).

Spec: ``shared/rules/twenty-two.md``. Each test names the rule ID (or worked example T-n) it
shows in its name and docstring. Play is driven by action text (``keep``, ``discard 2C 5H``,
``play 7H 7D``). Positions are either stacked first deals (``deck=`` with ``dealer=N-1``, so seat
0 is "P1": it exchanges first and leads) or mid-game positions written as JSON (the documented
``to_json`` layout) and loaded with ``from_json``.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest

from cardsuite.cards import Card
from cardsuite.engine import IllegalAction
from cardsuite.games import get_game

G = get_game("twenty-two")

SUITS = "SHDC"
RANK_CODES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
#: One 52-card pack as codes, suit by suit, low rank first.
PACK52 = [r + s for s in SUITS for r in RANK_CODES]
VALUE = {**{c: int(c) for c in RANK_CODES[:9]}, "J": 10, "Q": 10, "K": 10, "A": 11, "JK": 13}


# --- helpers -------------------------------------------------------------------------------


def code(text: str) -> str:
    """Normalised card code (``TS`` -> ``10S``)."""
    return Card.parse(text).code


def R(text: str) -> tuple[int, ...]:
    """Ranks from ``K-7-7`` style text, high to low (J=11 Q=12 K=13 A=14 JK=15)."""
    table = {"J": 11, "Q": 12, "K": 13, "A": 14, "JK": 15}
    ranks = [table[w] if w in table else int(w) for w in text.split("-")]
    return tuple(sorted(ranks, reverse=True))


def legal(st) -> set[tuple[int, ...]]:
    """The legal choices as rank multisets (high to low)."""
    return {tuple(a.ranks) for a in st.legal_actions()}


def stacked(hands: list[list[str]], stock: list[str] | tuple[str, ...] = ()) -> list[str]:
    """A deck (top first) dealing ``hands[i]`` to seat i when the dealer is the last seat."""
    n = len(hands)
    size = len(hands[0])
    assert all(len(h) == size for h in hands)
    return [hands[i][j] for j in range(size) for i in range(n)] + list(stock)


def new(hands, stock=(), *, variant="standard", options=None, seed=0, keep=True):
    """A first hand stacked so seat i holds ``hands[i]``; seat 0 is left of the dealer."""
    n = len(hands)
    st = G.new_state(
        players=n,
        variant=variant,
        options=options,
        seed=seed,
        deck=stacked(hands, stock),
        dealer=n - 1,
    )
    if keep:
        keep_round(st)
    return st


def keep_round(st) -> None:
    """Every exchange of the current hand is ``keep``."""
    hand = st.hand_no
    while st.phase == "exchange" and st.hand_no == hand:
        st.apply("keep")


def order_from_left(dealer: int, active: list[bool]) -> list[int]:
    n = len(active)
    return [(dealer + i) % n for i in range(1, n + 1) if active[(dealer + i) % n]]


def position(
    hands,
    *,
    players=None,
    variant="standard",
    options=None,
    phase="play",
    dealer=None,
    scores=None,
    active=None,
    score_cards=None,
    stock=(),
    rest="stock",
    trick=None,
    best=0,
    seed=0,
    hand_no=1,
):
    """A mid-game position written as JSON and loaded with ``from_json``.

    ``hands``: codes per seat; ``score_cards``: codes per seat; ``stock``: top of the stock;
    every card not placed goes to ``rest``: "stock" (below ``stock``), "played" (finished
    tricks) or a seat number (that seat's score cards). ``trick``: [(seat, codes), ...] already
    on the table, ``best`` the index of the current best in it. The seat to move is the first
    active seat left of the dealer, or the one after the last play of ``trick``.
    """
    n = players or len(hands)
    hands = [list(h) for h in hands] + [[] for _ in range(n - len(hands))]
    base = G.new_state(players=n, variant=variant, options=options, seed=seed, dealer=n - 1)
    data = base.to_json()
    pool = Counter(c for h in data["hands"] for c in h) + Counter(data["stock"])

    def take(codes):
        out = []
        for c in codes:
            c = code(c)
            assert pool[c] > 0, f"{c} is not left in the pack"
            pool[c] -= 1
            out.append(c)
        return out

    data["hands"] = [take(h) for h in hands]
    sc = [list(x) for x in (score_cards or [])] + [[] for _ in range(n - len(score_cards or []))]
    data["score_cards"] = [take(x) for x in sc]
    plays = [[s, take(cs)] for s, cs in (trick or [])]
    stock_top = take(stock)
    leftover = sorted(pool.elements(), key=lambda c: Card.parse(c).ordinal)
    data["played"] = []
    data["stock"] = stock_top
    if rest == "stock":
        data["stock"] = stock_top + leftover
    elif rest == "played":
        data["played"] = leftover
    else:
        data["score_cards"][rest] += leftover
    active = list(active) if active is not None else [True] * n
    dealer = n - 1 if dealer is None else dealer
    order = order_from_left(dealer, active)
    if plays:
        last = plays[-1][0]
        turn = next(s for s in order_from_left(last, active) if s != last)
        data["trick"] = {"leader": plays[0][0], "plays": plays, "best": best}
    else:
        turn = order[0]
        data["trick"] = {"leader": turn, "plays": [], "best": 0}
    data.update(
        hand_no=hand_no,
        dealer=dealer,
        deal_size=max(len(h) for h in hands),
        phase=phase,
        turn=turn,
        active=active,
        scores=list(scores) if scores is not None else [0] * n,
        discards=[[] for _ in range(n)],
        exchange_queue=order if phase == "exchange" else [],
        tricks=[],
        last_showdown=None,
        history=[],
        winners=[],
        events=[],
    )
    return G.from_json(data)


def showdown(last, **kw):
    """A hand dealt one card each (``last[s]``; ``""`` for an eliminated seat): every active
    seat keeps, so the showdown follows at once (T22-PLAY-9). Returns the state after it."""
    kw.setdefault("active", [bool(c) for c in last])
    st = position([[c] if c else [] for c in last], phase="exchange", **kw)
    keep_round(st)
    return st


def trick_winners(st) -> list[int]:
    return [e.seat for e in st.events if e.kind == "trick"]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def draw_rounds(events, contenders):
    """Check the draw events against T22-DEAL-1/SCORE-4 (highest deals, ties draw again
    among themselves) and return (dealer, number of rounds)."""
    draws = [e for e in events if e.kind == "draw"]
    i, rounds, cont = 0, 0, list(contenders)
    while True:
        rnd = draws[i : i + len(cont)]
        i += len(cont)
        rounds += 1
        assert [e.seat for e in rnd] == cont
        ranks = {e.seat: Card.parse(e.data["card"]).rank for e in rnd}
        top = max(ranks.values())
        tied = [s for s in cont if ranks[s] == top]
        if len(tied) == 1:
            assert i == len(draws), "draws after the dealer was found"
            return tied[0], rounds
        cont = tied


def zone_cards(st) -> Counter:
    """Every card in every zone of the state (hands, discards, stock, tricks, score cards)."""
    out = Counter(c.code for c in st.stock)
    out.update(c.code for c in st.played)
    for s in range(len(st.hands)):
        out.update(c.code for c in st.hands[s])
        out.update(c.code for c in st.discards[s])
        out.update(c.code for c in st.score_cards[s])
    for _, cards in st.trick:
        out.update(c.code for c in cards)
    return out


def hand_codes(st, seat) -> list[str]:
    return [c.code for c in st.hands[seat]]


def play_lowest(st) -> None:
    """Play out the current hand (by action text): every seat plays its lowest legal choice
    (leaders their lowest single card), so every player ends with their highest card."""
    hand = st.hand_no
    while st.phase == "play" and st.hand_no == hand:
        st.apply(str(lowest_choice(st)))


def lowest_choice(st):
    """The legal choice with the fewest and lowest cards (``keep`` in an exchange)."""
    return min(st.legal_actions(), key=lambda a: (len(a.cards), sorted(a.ranks)))


def refused(st, action, seat=None) -> str:
    """``action`` raises IllegalAction with a reason and leaves the state unchanged."""
    before = st.to_json()
    legal_before = sorted(str(a) for a in st.legal_actions())
    with pytest.raises(IllegalAction) as info:
        if seat is None:
            st.apply(action)
        else:
            st.apply(action, seat)
    assert info.value.reason
    assert st.to_json() == before
    assert sorted(str(a) for a in st.legal_actions()) == legal_before
    return info.value.reason


# --- T22-PLAYERS, T22-DECK --------------------------------------------------------------------


def test_T22_PLAYERS_1_pack_per_player_count():
    """T22-PLAYERS-1: 2-6 players one 52-card pack, 7-12 two packs (104); 1 and 13 refused."""
    one = Counter(PACK52)
    for n in range(2, 13):
        st = G.new_state(players=n, seed=n, dealer=0)
        cards = zone_cards(st)
        expected = one if n <= 6 else one + one
        assert cards == expected, n
        assert "JK" not in cards
        assert [len(h) for h in st.hands] == [7] * n
        assert len(st.stock) == sum(expected.values()) - 7 * n
    for bad in (0, 1, 13):
        with pytest.raises(ValueError):
            G.new_state(players=bad, seed=1)
    with pytest.raises(ValueError):
        G.new_state(players=13, variant="twenty-six", seed=1)


def test_T22_DECK_1_rank_order_in_tricks():
    """T22-DECK-1: A K Q J 10 ... 2 in tricks: a follower may cover a single lead with exactly
    the ranks at or above it (plus their lowest card)."""
    hands = [[r + s for r in RANK_CODES] for s in "SHD"]  # 13 cards each
    base = position(hands)
    for i, rc in enumerate(RANK_CODES):
        st = G.from_json(base.to_json())
        st.apply(f"play {rc}S")
        rank = i + 2
        assert legal(st) == {(r,) for r in range(rank, 15)} | {(2,)}, rc


def test_T22_DECK_1_rank_order_at_showdown():
    """T22-DECK-1: the same order at the showdown: of two adjacent ranks the higher loses."""
    order = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    for hi, lo in itertools.pairwise(order):
        st = showdown([hi + "S", lo + "H"])
        assert st.last_showdown["losers"] == [0], (hi, lo)
        st = showdown([lo + "S", hi + "H"])
        assert st.last_showdown["losers"] == [1], (hi, lo)


def test_T22_DECK_2_point_values():
    """T22-DECK-2: A 11; K, Q, J 10; 10 down to 2 at face value (the loser's score)."""
    for rc in RANK_CODES:
        last = [rc + "S", "2H"] if rc != "2" else ["2S", "2H"]
        st = showdown(last)
        assert st.scores()[0] == VALUE[rc], rc
        assert st.last_showdown["value"] == VALUE[rc]
        assert sum(VALUE[c.rank_code] for c in st.score_cards[0]) == st.scores()[0]


def test_T22_DECK_3_clockwise_skipping_eliminated():
    """T22-DECK-3: dealing, exchanging and play go clockwise and skip eliminated seats."""
    # Seats 1 and 3 are out; seat 4 loses with a J and deals 10 each to seats 0, 2, 4.
    st = showdown(
        ["3S", "", "4S", "", "JS"],
        active=[True, False, True, False, True],
        scores=[0, 22, 0, 22, 0],
        score_cards=[[], ["AS", "AH"], [], ["AD", "AC"], []],
    )
    assert st.dealer == 4 and st.deal_size == 10
    assert [len(h) for h in st.hands] == [10, 0, 10, 0, 10]
    assert len(st.stock) == 52 - 5 - 30
    seen = []
    while st.phase == "exchange":
        seen.append(st.to_move())
        st.apply("keep")
    assert seen == [0, 2, 4]
    assert st.to_move() == 0
    order = []
    for _ in range(3):  # one trick
        order.append(st.to_move())
        st.apply(str(st.legal_actions()[-1]))
    assert order == [0, 2, 4]
    assert len(st.tricks) == 1


# --- T22-DEAL -------------------------------------------------------------------------------


def test_T22_DEAL_1_highest_draw_deals():
    """T22-DEAL-1: without ``dealer=`` every player draws; the highest rank deals."""
    dealers = set()
    for seed in range(30):
        st = G.new_state(players=4, seed=seed)
        dealer, _ = draw_rounds(st.events, [0, 1, 2, 3])
        assert st.dealer == dealer
        dealers.add(dealer)
        first = [e for e in st.events if e.kind == "draw"][:4]
        assert len({e.data["card"] for e in first}) == 4  # one pack, no card drawn twice
        assert st.to_move() == (dealer + 1) % 4  # the deal starts at the dealer's left
        assert [e.kind for e in st.events][-2:] == ["dealer", "deal"]
    assert len(dealers) > 1  # different seeds give different dealers


def test_T22_DEAL_1_ties_draw_again():
    """T22-DEAL-1: players tied for highest draw again among themselves (the others don't)."""
    found = 0
    for seed in range(300):
        st = G.new_state(players=5, seed=seed)
        dealer, rounds = draw_rounds(st.events, [0, 1, 2, 3, 4])
        assert st.dealer == dealer
        found += rounds > 1
        if found >= 3:
            break
    assert found >= 3


def test_T22_DEAL_1_draw_ignores_stacked_deck():
    """T22-DEAL-1 design note: the draw uses the RNG and a fresh pack, never the stacked deck;
    the stacked deck is then dealt from the drawn dealer's left."""
    deck_a = PACK52[:21]
    deck_b = PACK52[-21:][::-1]
    for seed in range(6):
        sa = G.new_state(players=3, seed=seed, deck=deck_a)
        sb = G.new_state(players=3, seed=seed, deck=deck_b)
        draws_a = [(e.seat, e.data.get("card")) for e in sa.events if e.kind in ("draw", "dealer")]
        draws_b = [(e.seat, e.data.get("card")) for e in sb.events if e.kind in ("draw", "dealer")]
        assert draws_a == draws_b
        assert sa.dealer == sb.dealer
        for st, deck in ((sa, deck_a), (sb, deck_b)):
            d = st.dealer
            for i in range(3):
                assert sorted(hand_codes(st, (d + 1 + i) % 3)) == sorted(deck[i::3])
    # With dealer= no draw at all.
    st = G.new_state(players=3, seed=1, deck=deck_a, dealer=1)
    assert "draw" not in kinds(st.events) and st.dealer == 1


def test_T22_DEAL_2_first_deal_one_at_a_time_from_dealers_left():
    """T22-DEAL-2: 7 cards each, one at a time clockwise from the dealer's left; the rest is
    the stock, top first."""
    deck = [*PACK52[:28], "AC", "KC", "QC"]
    st = G.new_state(players=4, seed=3, deck=deck, dealer=1)
    assert st.hand_no == 1 and st.deal_size == 7
    for i in range(4):
        seat = (1 + 1 + i) % 4
        assert sorted(hand_codes(st, seat)) == sorted(deck[i:28:4])
    assert [c.code for c in st.stock[:3]] == ["AC", "KC", "QC"]
    assert len(st.stock) == 52 - 28
    assert st.phase == "exchange" and st.to_move() == 2


def test_T22_DEAL_3_loser_deals_V_cards_score_cards_stay_out():
    """T22-DEAL-3: the loser deals V each (V = value of the losing card); every card except
    the score cards (eliminated players' included) is shuffled into the pack."""
    st = showdown(
        ["JS", "4S", "3S", ""],
        active=[True, True, True, False],
        scores=[5, 0, 0, 22],
        score_cards=[["5S"], [], [], ["AS", "AH"]],
        seed=11,
    )
    assert st.scores() == [15, 0, 0, 22]
    assert st.dealer == 0 and st.hand_no == 2 and st.deal_size == 10
    assert [len(h) for h in st.hands] == [10, 10, 10, 0]
    score = {"5S", "JS", "AS", "AH"}
    in_pack = Counter(hand_codes(st, 0) + hand_codes(st, 1) + hand_codes(st, 2))
    in_pack.update(c.code for c in st.stock)
    assert sum(in_pack.values()) == 48
    assert not score & set(in_pack)
    assert in_pack + Counter(score) == Counter(PACK52)
    assert [[c.code for c in sc] for sc in st.score_cards] == [["5S", "JS"], [], [], ["AS", "AH"]]
    assert st.phase == "exchange" and st.to_move() == 1  # the dealer's left


def test_T22_DEAL_4_short_pack_empty_stock():
    """T22-DEAL-4: a short pack gives floor(pack / active) each; the stock may be empty, and
    then there is no exchange (T22-EXCH-2)."""
    st = showdown(
        ["3S", "3H", "3D", "3C", "KS", "4S"],
        scores=[2, 2, 0, 2, 0, 0],
        score_cards=[["2S"], ["2H"], [], ["2D"], [], []],
    )
    # 4 score cards are out: 48 cards, V = 10 -> 60 > 48, so 8 each and no stock.
    assert st.dealer == 4 and st.deal_size == 8
    assert [len(h) for h in st.hands] == [8] * 6
    assert st.stock == []
    assert st.phase == "play" and st.to_move() == 5
    deal = [e for e in st.events if e.kind == "deal"][-1]
    assert deal.data["size"] == 8 and deal.data["stock"] == 0
    assert "exchange" not in kinds(st.events[st.events.index(deal) :])


def test_T22_DEAL_5_pack_too_small_ends_game():
    """T22-DEAL-5: when the pack cannot give each active player one card, the game ends and
    the lowest score wins (ties share)."""
    # Three aces tie (11 each); 1 card is left in the pack for 3 active players.
    st = showdown(
        ["AS", "AH", "AD", ""],
        active=[True, True, True, False],
        scores=[0, 5, 5, 100],
        score_cards=[[], ["5S"], ["5H"]],
        stock=["2C"],
        rest=3,
    )
    assert st.scores()[:3] == [11, 16, 16]
    assert st.is_over() and st.to_move() is None and st.phase == "over"
    assert st.winners() == [0]
    assert kinds(st.events)[-1] == "gameover"
    assert "deal" not in kinds(st.events)
    st = showdown(
        ["AS", "AH", "AD", ""],
        active=[True, True, True, False],
        scores=[5, 5, 5, 100],
        score_cards=[["5D"], ["5S"], ["5H"]],
        stock=["2C"],
        rest=3,
    )
    assert st.is_over() and st.winners() == [0, 1, 2]


# --- T22-EXCH -------------------------------------------------------------------------------


def test_T22_EXCH_1_order_from_dealers_left_ending_with_dealer():
    """T22-EXCH-1: one exchange each, from the dealer's left clockwise, the dealer last."""
    st = G.new_state(players=4, seed=5, dealer=1)
    seen = []
    while st.phase == "exchange":
        seen.append(st.to_move())
        st.apply("keep")
    assert seen == [2, 3, 0, 1]
    ex = [e for e in st.events if e.kind == "exchange"]
    assert [e.seat for e in ex] == [2, 3, 0, 1]
    assert st.phase == "play" and st.to_move() == 2


def test_T22_EXCH_1_draws_k_from_top_of_stock():
    """T22-EXCH-1: k cards put aside, k drawn from the top of the stock; k <= min(hand, stock)."""
    hands = [PACK52[7 * i : 7 * i + 7] for i in range(6)]
    st = new(hands, PACK52[42:], keep=False)  # stock of 10
    top = [c.code for c in st.stock[:2]]
    assert max(len(a.cards) for a in st.legal_actions()) == 7  # min(7, 10)
    st.apply("discard 2S 3S")
    assert sorted(hand_codes(st, 0)) == sorted(["4S", "5S", "6S", "7S", "8S", *top])
    assert [c.code for c in st.discards[0]] == ["2S", "3S"]
    assert len(st.stock) == 8
    st.apply("discard 9S 10S JS QS KS")  # stock 3 left
    assert len(st.stock) == 3
    assert max(len(a.cards) for a in st.legal_actions()) == 3  # min(7, 3)
    # seat 2 holds 7 different ranks: every rank multiset of at most 3 cards, once each
    assert len(st.legal_actions()) == 1 + 7 + 21 + 35
    assert "stock" in refused(st, "discard 3H 4H 5H 6H")


def test_T22_EXCH_2_keep_whole_hand_and_empty_stock_skips():
    """T22-EXCH-2: keep (k=0) and the whole hand are allowed; once the stock is empty the
    later players cannot exchange."""
    hands = [PACK52[7 * i : 7 * i + 7] for i in range(6)]
    st = new(hands, PACK52[42:], keep=False)  # stock of 10
    assert () in legal(st)
    whole = " ".join(hands[0])
    assert tuple(sorted((Card.parse(c).rank for c in hands[0]), reverse=True)) in legal(st)
    st.apply(f"discard {whole}")
    assert sorted(hand_codes(st, 0)) == sorted(PACK52[42:49])
    st.apply("keep")
    assert st.to_move() == 2
    st.apply("discard 3H 4H 5H")  # takes the last 3 cards
    assert st.stock == []
    assert st.phase == "play" and st.to_move() == 0
    assert [e.seat for e in st.events if e.kind == "exchange"] == [0, 1, 2]


def test_T22_EXCH_3_discards_out_of_play_and_hidden():
    """T22-EXCH-3: discards are out of play (never added to the stock) and only their number
    is public: other seats' views never show them."""
    hands = [PACK52[7 * i : 7 * i + 7] for i in range(4)]
    st = new(hands, keep=False)
    stock_before = [c.code for c in st.stock]
    events = st.apply("discard 2S 3S 4S")
    assert [c.code for c in st.stock] == stock_before[3:]
    for e in events:
        text = json.dumps(e.to_json()) + str(e)
        assert "2S" not in text and "3S" not in text and "4S" not in text
    for _ in range(3):
        st.apply("discard " + st.hands[st.to_move()][0].code)
    assert st.phase == "play"
    discards = {"2S", "3S", "4S"}
    assert not discards & {c.code for c in st.stock}
    assert not discards & {c.code for h in st.hands for c in h}
    mine = st.view(0)
    assert sorted(mine["my_discards"]) == sorted(discards)
    for seat in (1, 2, 3):
        v = st.view(seat)
        text = json.dumps(v)
        for c in discards:
            assert f'"{c}"' not in text
        assert v["discarded"] == [3, 1, 1, 1]
        # nor anyone else's hand
        for other in range(4):
            if other != seat:
                for c in st.hands[other]:
                    assert f'"{c.code}"' not in text
    # the discards come back only with the next shuffle
    play_lowest(st)
    assert st.hand_no == 2
    assert zone_cards(st) == Counter(PACK52)
    assert all(d == [] for d in st.discards)


# --- T22-PLAY -------------------------------------------------------------------------------

FOUR = [
    ["2S", "3C", "4C", "5C", "6C", "7C", "8C"],
    ["3S", "4D", "5D", "6D", "7D", "8D", "9D"],
    ["AS", "4H", "5H", "6H", "7H", "8H", "9H"],
    ["2D", "10C", "JC", "QC", "KC", "AC", "AD"],
]


def test_T22_PLAY_1_first_leader_then_trick_winner():
    """T22-PLAY-1: the first trick is led by the dealer's left; the winner leads the next."""
    st = new(FOUR)
    assert st.phase == "play" and st.to_move() == 0
    st.apply("play 2S")
    st.apply("play 3S")
    st.apply("play AS")
    st.apply("play 2D")
    assert st.tricks[-1][1] == 2
    assert st.to_move() == 2 and st.trick == []
    other = G.new_state(players=4, seed=9, dealer=1)
    keep_round(other)
    assert other.to_move() == 2


def test_T22_PLAY_2_lead_one_rank_and_keep_a_card():
    """T22-PLAY-2: a lead is one card or several of one rank, and the leader keeps a card."""
    hands = [
        ["9S", "9H", "9D", "5C", "5D", "2C", "KD"],
        ["2H", "3H", "4H", "5H", "6H", "7H", "8H"],
        ["10H", "JH", "QH", "KH", "AH", "3D", "4D"],
    ]
    st = new(hands)
    assert legal(st) == {R("K"), R("9"), R("9-9"), R("9-9-9"), R("5"), R("5-5"), R("2")}
    assert "same rank" in refused(st, "play 9S 5C")
    st.apply("play 9S 9H 9D")
    assert sorted(c.code for c in st.trick[0][1]) == ["9D", "9H", "9S"]
    # Even if all the cards are equal, one must stay in hand.
    st = position([["9S", "9H"], ["2S", "3S"], ["4S", "5S"]])
    assert legal(st) == {R("9")}
    assert "keep" in refused(st, "play 9S 9H")


def test_T22_PLAY_3_followers_play_as_many_clockwise():
    """T22-PLAY-3: each other active player, clockwise from the leader, plays exactly as many
    cards as were led."""
    st = new(FOUR)
    st.apply("play 3C")
    st.apply("play 4D")
    st.apply("play 4H")
    st.apply("play 2D")
    assert st.to_move() == 2  # 4H won
    st.apply("play 5H")  # P3 leads 5
    assert [st.to_move()] == [3]
    assert all(len(a.cards) == 1 for a in st.legal_actions())
    st = position([["7S", "7H", "2C", "3C"], ["QS", "7D", "2D", "3D"], ["8S", "8H", "4S", "4H"]])
    st.apply("play 7S 7H")
    assert st.to_move() == 1
    assert all(len(a.cards) == 2 for a in st.legal_actions())
    assert "2 cards" in refused(st, "play QS")
    assert "2 cards" in refused(st, "play QS 7D 2D")
    st.apply("play 3D 2D")
    assert st.to_move() == 2


def test_T22_PLAY_4_cover_pairwise():
    """T22-PLAY-4: X covers Y if, both sorted high to low, each card of X ranks >= the card in
    the same position of Y: K-7-7 covers J-7-6 (K-K-5 does not); Q-7 covers 7-7 (A-6 does
    not)."""
    hands = [
        ["6H", "6D", "6C", "2C", "3C", "4C", "5C"],
        ["JS", "7S", "6S", "2D", "3D", "4D", "5D"],
        ["KS", "KH", "7H", "7D", "5S", "4S", "8D"],
    ]
    st = new(hands)
    st.apply("play 6H 6D 6C")
    st.apply("play JS 7S 6S")
    assert st.trick_best == 1
    opts = legal(st)
    assert R("K-7-7") in opts and R("K-K-7") in opts and R("K-8-7") in opts
    assert R("K-K-5") not in opts and R("K-K-4") not in opts and R("8-7-7") not in opts
    assert opts == {R("K-K-8"), R("K-K-7"), R("K-8-7"), R("K-7-7"), R("7-5-4")}
    st.apply("play KS 7H 7D")
    assert st.trick_best == 2
    st = position([["7S", "7H", "2C"], ["QS", "7D", "2D"], ["AS", "6S", "2H"]])
    st.apply("play 7S 7H")
    assert R("Q-7") in legal(st)
    st.apply("play QS 7D")
    assert st.trick_best == 1
    assert R("A-6") not in legal(st)  # 6 < 7; only the lowest cards 6-2 remain
    assert legal(st) == {R("6-2")}


def test_T22_PLAY_5_last_equal_play_wins():
    """T22-PLAY-5: a play that covers the current best (equal included) becomes the best, so
    of equal plays the last wins."""
    hands = [
        ["9S", "3C", "4C", "5C", "6C", "7C", "8C"],
        ["9H", "3D", "4D", "5D", "6D", "7D", "8D"],
        ["9D", "3H", "4H", "5H", "6H", "7H", "8H"],
        ["2C", "2D", "JC", "QC", "KC", "AC", "AD"],
    ]
    st = new(hands)
    st.apply("play 9S")
    assert st.trick_best == 0
    st.apply("play 9H")
    assert st.trick_best == 1
    st.apply("play 9D")
    assert st.trick_best == 2
    st.apply("play 2C")
    assert st.tricks[-1][1] == 2 and st.to_move() == 2


def test_T22_PLAY_6_cover_or_lowest_nothing_else():
    """T22-PLAY-6: a follower covers the current best or plays their lowest cards (any suit of
    an equal rank), lowest even when a cover is possible; nothing else is legal."""
    hands = [
        ["7S", "3C", "4C", "5C", "6C", "8C", "9C"],
        ["KS", "QS", "8S", "5S", "3S", "2S", "2H"],
        PACK52[26:33],
    ]
    st = new(hands)
    st.apply("play 7S")
    assert legal(st) == {R("K"), R("Q"), R("8"), R("2")}
    refused(st, "play 5S")
    refused(st, "play 3S")
    for low in ("2S", "2H"):
        s2 = st.clone()
        s2.apply(f"play {low}")
        assert s2.trick_best == 0
    st.apply("play 8S")
    assert st.trick_best == 1
    # The lowest cards take over if they happen to cover.
    st = position([["5S", "5H", "2C"], ["9S", "8S", "8H"], ["3S", "3H", "4S"]])
    st.apply("play 5S 5H")
    assert legal(st) == {R("9-8"), R("8-8")}  # 8-8 is both the lowest and a cover
    st.apply("play 8S 8H")
    assert st.trick_best == 1


def test_T22_PLAY_7_only_leader_must_play_one_rank():
    """T22-PLAY-7: only the leader's cards must be of one rank; a follower's set may mix."""
    st = position([["7S", "7H", "QC", "2C"], ["QS", "7D", "3D", "2D"], ["8S", "8H", "4S", "4H"]])
    assert "same rank" in refused(st, "play QC 2C")
    assert "same rank" in refused(st, "play 7S QC")
    st.apply("play 7S 7H")
    st.apply("play QS 7D")  # mixed ranks, covers 7-7
    assert st.trick_best == 1
    st.apply("play 4S 4H")
    assert st.to_move() == 1


def test_T22_PLAY_8_winner_leads_cards_set_aside():
    """T22-PLAY-8: whoever played the current best wins the trick and leads; trick cards are
    set aside and are worth nothing."""
    st = new(FOUR)
    st.apply("play 2S")
    st.apply("play 3S")
    st.apply("play AS")
    st.apply("play 2D")
    assert st.tricks[-1][1] == 2 and st.to_move() == 2
    assert sorted(c.code for c in st.played) == sorted(["2S", "3S", "AS", "2D"])
    for s, c in ((0, "2S"), (1, "3S"), (2, "AS"), (3, "2D")):
        assert c not in hand_codes(st, s)
    assert st.scores() == [0, 0, 0, 0]
    assert [e for e in st.events if e.kind == "trick"][-1].seat == 2


def test_T22_PLAY_9_equal_hands_then_showdown_at_one_card():
    """T22-PLAY-9: active players always hold as many cards; at one card each there are no
    more tricks: the showdown follows."""
    hands = [
        ["2S", "3S", "4S", "5S", "6S", "7S", "KS"],
        ["2H", "3H", "4H", "5H", "6H", "7H", "QH"],
    ]
    st = new(hands)
    for _ in range(6):
        assert len(st.hands[0]) == len(st.hands[1])
        st.apply(str(lowest_choice(st)))  # lead
        st.apply(str(lowest_choice(st)))  # follow
    assert st.hand_no == 2
    sd = st.last_showdown
    assert sd["hand"] == 1 and sd["losers"] == [0] and sd["cards"] == {"0": "KS", "1": "QH"}
    assert len(st.history) == 1


def test_T22_PLAY_9_hand_of_one_card_still_exchanges():
    """T22-PLAY-9: a hand dealt with 1 card each has its exchange, then goes straight to the
    showdown (and with no stock, straight to it)."""
    # Seat 3 is out holding most of the pack; 5 cards left in play.
    st = showdown(
        ["AS", "3S", "4S", ""],
        active=[True, True, True, False],
        scores=[0, 0, 0, 100],
        stock=["5S", "6S"],
        rest=3,
    )
    # Pack of 4 after the A is kept: V = 11 but 4 // 3 = 1 each, stock 1.
    assert st.scores()[0] == 11 and st.dealer == 0
    assert st.deal_size == 1 and [len(h) for h in st.hands[:3]] == [1, 1, 1]
    assert st.phase == "exchange" and len(st.stock) == 1
    assert st.to_move() == 1
    mark = len(st.events)
    for _ in range(3):
        st.apply("keep")
    new_events = st.events[mark:]
    assert kinds(new_events)[:4] == ["exchange", "exchange", "exchange", "showdown"]
    assert "lead" not in kinds(new_events) and "play" not in kinds(new_events)
    assert st.history[1]["hand"] == 2


def test_T22_PLAY_9_hands_stay_equal_in_random_games():
    """T22-PLAY-9 (and card conservation): in random games of every variant all active hands
    are equal at each trick start, every card stays in the pack, and every offered action is
    accepted."""
    for variant in G.variants:
        for seed in range(2):
            st = G.new_state(players=4, variant=variant, seed=seed)
            pack = zone_cards(st)
            rng = random.Random(seed)
            steps = 0
            while not st.is_over() and steps < 400:
                if st.phase == "play" and not st.trick:
                    sizes = {len(st.hands[s]) for s in range(4) if st.active[s]}
                    assert len(sizes) == 1
                    assert sizes.pop() >= 2
                acts = st.legal_actions()
                st.apply(str(acts[rng.randrange(len(acts))]))
                steps += 1
                assert zone_cards(st) == pack
            assert steps > 20


# --- T22-SCORE, ELIM, END -------------------------------------------------------------------


def test_T22_SCORE_1_highest_last_card_loses_ties_all_lose():
    """T22-SCORE-1: the highest-ranked last card loses; all who share that rank lose."""
    st = showdown(["8S", "KS", "3S", "10S"])
    assert st.last_showdown["losers"] == [1]
    assert st.scores() == [0, 10, 0, 0]
    st = showdown(["KH", "KS", "3S", "10S"])
    assert st.last_showdown["losers"] == [0, 1]
    assert st.scores() == [10, 10, 0, 0]
    sd = [e for e in st.events if e.kind == "showdown"][-1]
    assert sd.data["cards"] == {"0": "KH", "1": "KS", "2": "3S", "3": "10S"}


def test_T22_SCORE_2_score_cards_kept_score_is_their_total():
    """T22-SCORE-2: the loser keeps the last card face up as a score card for the rest of the
    game; the score is the total value of the score cards."""
    st = showdown(["9S", "5S", "4S"], scores=[7, 0, 0], score_cards=[["7S"]])
    assert [c.code for c in st.score_cards[0]] == ["7S", "9S"]
    assert st.scores() == [16, 0, 0]
    for s in range(3):
        assert st.scores()[s] == sum(VALUE[c.rank_code] for c in st.score_cards[s])
        assert st.view((s + 1) % 3)["score_cards"][s] == [c.code for c in st.score_cards[s]]
    # still there after the next hand has been played out
    keep_round(st)
    play_lowest(st)
    assert [c.code for c in st.score_cards[0]][:2] == ["7S", "9S"]
    for s in range(3):
        assert st.scores()[s] == sum(VALUE[c.rank_code] for c in st.score_cards[s])


def test_T22_SCORE_3_rank_decides_not_points():
    """T22-SCORE-3: K beats Q at the showdown: the K loses alone though both are worth 10."""
    st = showdown(["QS", "KS", "QH"])
    assert st.last_showdown["losers"] == [1]
    assert st.scores() == [0, 10, 0]
    assert st.dealer == 1


def test_T22_SCORE_4_tied_losers_draw_for_the_deal():
    """T22-SCORE-4: tied losers each keep their own card and draw (eliminated ones included):
    highest deals, ties draw again; the drawn cards go back."""
    dealers = set()
    redraws = 0
    for seed in range(200):
        st = showdown(["9S", "9H", "4S"], scores=[20, 0, 0], score_cards=[["KS", "QS"]], seed=seed)
        assert st.scores() == [29, 9, 0]
        assert st.active == [False, True, True]
        assert [c.code for c in st.score_cards[0]] == ["KS", "QS", "9S"]
        assert [c.code for c in st.score_cards[1]] == ["9H"]
        dealer, rounds = draw_rounds(st.events, [0, 1])
        assert st.dealer == dealer
        redraws += rounds > 1
        dealers.add(dealer)
        assert st.deal_size == 9
        assert [len(h) for h in st.hands] == [0, 9, 9]  # out: no cards even as dealer
        assert zone_cards(st) == Counter(PACK52)
        assert sum(len(h) for h in st.hands) + len(st.stock) == 52 - 4
        if dealers == {0, 1} and redraws:
            break
    assert dealers == {0, 1}  # the eliminated loser takes part in the draw
    assert redraws


def test_T22_SCORE_4_draw_from_the_shuffled_pack():
    """T22-SCORE-4: the tied losers draw from the shuffled pack, i.e. every card except the
    score cards lying in front of players (T22-DEAL-3); a score card cannot be drawn."""
    for seed in range(6):
        st = showdown(
            ["9S", "9H", "4S", ""],
            active=[True, True, True, False],
            scores=[0, 0, 0, 100],
            stock=["2S", "2H", "2D", "2C", "3S", "3H", "3D", "3C", "4H", "4D"],
            rest=3,
            seed=seed,
        )
        score = {c.code for sc in st.score_cards for c in sc}
        assert len(score) == 41  # 39 out before, plus the two 9s
        drawn = [e.data["card"] for e in st.events if e.kind == "draw"]
        assert drawn
        assert not score & set(drawn), f"seed {seed}: drew score cards {score & set(drawn)}"


def test_T22_ELIM_1_eliminated_dealer_deals_but_gets_no_cards():
    """T22-ELIM-1: at 22 or more a player is out; as next dealer they still deal (V from their
    card) but get no cards and take no further part."""
    st = showdown(["5S", "7S", "6S"], scores=[0, 15, 0], score_cards=[[], ["5H", "KH"]])
    assert st.scores() == [0, 22, 0]
    assert st.active == [True, False, True]
    assert [e.seat for e in st.events if e.kind == "eliminated"] == [1]
    assert st.dealer == 1 and st.deal_size == 7
    assert [len(h) for h in st.hands] == [7, 0, 7]
    assert [e for e in st.events if e.kind == "deal"][-1].seat == 1
    assert st.to_move() == 2  # the dealer's left
    seen = set()
    while st.hand_no == 2 and not st.is_over():
        seen.add(st.to_move())
        st.apply(str(lowest_choice(st)))
    assert seen == {0, 2}
    # A player at 21 is not out.
    st = showdown(["5S", "JS", "6S"], scores=[0, 11, 0])
    assert st.scores()[1] == 21 and st.active == [True, True, True]


def test_T22_ELIM_1_deals_after_eliminations_go_round_the_active_seats():
    """T22-DEAL-2/3, T22-ELIM-1: with seats out, each deal starts at the dealer's first
    active left-hand neighbour, gives the active seats their V cards and those out none."""
    checked = 0
    for seed in range(60):
        st = G.new_state(players=2 + seed % 6, seed=seed)
        rng = random.Random(seed)
        while not st.is_over():
            hand_no = st.hand_no
            legal = st.legal_actions()
            st.apply(legal[int(rng.random() * len(legal))])
            if st.hand_no != hand_no and not st.is_over() and not all(st.active):
                seats = order_from_left(st.dealer, st.active)
                assert st.exchange_queue in ([], seats)
                assert all(len(st.hands[s]) == st.deal_size for s in seats)
                assert all(not st.hands[s] for s in range(st.n) if not st.active[s])
                checked += 1
    assert checked > 50


def test_T22_SCORE_4_games_with_redraws_and_eliminations_load_and_continue_alike():
    """T22-SCORE-4, T22-ELIM-1: a game played to its end (seats going out, tied losers
    drawing for the deal) and the same game saved halfway and continued from its JSON give
    the same events."""
    redraws = 0
    for seed in range(40):
        st = G.new_state(players=5, seed=seed)
        rng = random.Random(seed)
        saved = None
        while not st.is_over():
            if saved is None and st.hand_no == 3:
                saved = (st.to_json(), rng.getstate(), len(st.events))
            legal = st.legal_actions()
            st.apply(legal[int(rng.random() * len(legal))])
        redraws += sum(e.kind == "dealer" for e in st.events) - 1
        if saved is None:
            continue
        data, state, mark = saved
        other = G.from_json(data)
        rng.setstate(state)
        while not other.is_over():
            legal = other.legal_actions()
            other.apply(legal[int(rng.random() * len(legal))])
        assert [e.to_json() for e in other.events[mark:]] == [e.to_json() for e in st.events[mark:]]
    assert redraws > 10


def test_T22_END_1_last_player_wins_at_once():
    """T22-END-1: when exactly one active player remains, they win at once: no draw, no deal."""
    st = showdown(
        ["7S", "5S", ""],
        active=[True, True, False],
        scores=[15, 0, 22],
        score_cards=[["5H", "KH"], [], ["AS", "AH"]],
    )
    assert st.is_over() and st.to_move() is None
    assert st.winners() == [1]
    assert st.scores() == [22, 0, 22]
    assert st.hand_no == 1
    assert kinds(st.events)[-3:] == ["showdown", "eliminated", "gameover"]
    # Tied losers who both go out: the game ends before any draw for the deal.
    st = showdown(["7S", "7H", "5S"], scores=[15, 15, 0])
    assert st.is_over() and st.winners() == [2]
    assert [e.seat for e in st.events if e.kind == "eliminated"] == [0, 1]  # each one logged
    assert "draw" not in kinds(st.events) and "deal" not in kinds(st.events)
    assert "over" in refused(st, "keep")


def test_T22_END_2_all_out_lowest_and_share():
    """T22-END-2: every player still in goes out in the same hand: ``lowest`` (default) gives
    the win to the lowest score (equal lowest share); ``share``: they all win."""
    kw = {
        "active": [True, True, False],
        "score_cards": [["5H", "KH"], ["8H", "KD"], ["AS", "AH"]],
    }
    st = showdown(["7S", "7D", ""], scores=[15, 18, 22], **kw)
    assert st.scores() == [22, 25, 22]
    assert st.is_over() and st.winners() == [0]
    st = showdown(["7S", "7D", ""], scores=[15, 18, 22], options={"all_out": "share"}, **kw)
    assert st.is_over() and st.winners() == [0, 1]
    st = showdown(["7S", "7D", ""], scores=[15, 15, 22], **kw)
    assert st.is_over() and st.winners() == [0, 1]


# --- variants -------------------------------------------------------------------------------


def test_T22_LEADER_1_must_cover_the_lead_if_possible():
    """T22-LEADER-1: a follower must cover the leader's set if they can (any such set);
    otherwise lowest cards; lowest by choice only if it also covers the lead."""
    hands = [["7S", "7H", "2C", "3C"], ["QS", "QH", "4D", "5D"], ["9S", "8S", "3S", "2S"]]
    st = position(hands, variant="beat-the-leader")
    st.apply("play 7S 7H")
    st.apply("play QS QH")
    assert legal(st) == {R("9-8")}  # covers the lead, though not the current best Q-Q
    refused(st, "play 3S 2S")
    std = position(hands)
    std.apply("play 7S 7H")
    std.apply("play QS QH")
    assert legal(std) == {R("3-2")}  # standard: cover Q-Q or lowest
    hands[2] = ["9S", "5S", "3S", "2S"]
    st = position(hands, options={"beat_leader": True})
    st.apply("play 7S 7H")
    st.apply("play QS QH")
    assert legal(st) == {R("3-2")}  # nothing covers 7-7: lowest cards
    # Lowest cards are allowed when they also cover the lead.
    st = position(
        [["4S", "4H", "2C"], ["8S", "6S", "6H"], ["5S", "5H", "3C"]], variant="beat-the-leader"
    )
    st.apply("play 4S 4H")
    assert legal(st) == {R("8-6"), R("6-6")}


def test_T22_LEADER_2_winner_still_by_current_best():
    """T22-LEADER-2: a play takes over only if it covers the current best."""
    hands = [["7S", "7H", "2C", "3C"], ["QS", "QH", "4D", "5D"], ["9S", "8S", "3S", "2S"]]
    st = position(hands, variant="beat-the-leader")
    st.apply("play 7S 7H")
    st.apply("play QS QH")
    assert st.trick_best == 1
    st.apply("play 9S 8S")  # covers the lead only
    assert trick_winners(st) == [1] and st.to_move() == 1
    hands[2] = ["KS", "KH", "3S", "2S"]
    st = position(hands, variant="beat-the-leader")
    st.apply("play 7S 7H")
    st.apply("play QS QH")
    st.apply("play KS KH")
    assert trick_winners(st) == [2]


def test_T22_EQUAL_1_includes_beat_the_leader_obligation():
    """T22-EQUAL-1: the equal-cards variant includes the follow obligation of T22-LEADER-1."""
    hands = [["7S", "7H", "2C", "3C"], ["9S", "8S", "3S", "2S"], ["4D", "5D", "6D", "10D"]]
    st = position(hands, variant="equal-cards")
    st.apply("play 7S 7H")
    assert legal(st) == {R("9-8")}
    refused(st, "play 3S 2S")
    st = position(hands, options={"equal_sets": True})
    st.apply("play 7S")
    assert legal(st) == {R("9"), R("8")}


def test_T22_EQUAL_2_only_matched_sets_take_over():
    """T22-EQUAL-2: with two or more cards led only a matched set can become the current best
    (rank equal or higher); an unmatched set never does, however high."""
    hands = [["6S", "6H", "2S", "3S"], ["AS", "KS", "4S", "5S"], ["6D", "6C", "7S", "8S"]]
    st = position(hands, variant="equal-cards")
    st.apply("play 6S 6H")
    st.apply("play AS KS")
    assert st.trick_best == 0
    s2 = st.clone()
    s2.apply("play 8S 7S")  # unmatched: no take-over
    assert trick_winners(s2) == [0]
    st.apply("play 6D 6C")  # matched, equal rank: takes over
    assert trick_winners(st) == [2]
    std = position(hands)
    std.apply("play 6S 6H")
    std.apply("play AS KS")
    assert std.trick_best == 1  # the standard game: A-K takes over
    # A matched set below the current best's rank does not take over.
    hands = [["8S", "8H", "2S", "3S"], ["9S", "9H", "4S", "5S"], ["8D", "8C", "3H", "2H"]]
    st = position(hands, variant="equal-cards")
    st.apply("play 8S 8H")
    st.apply("play 9S 9H")
    assert st.trick_best == 1
    st.apply("play 8D 8C")
    assert trick_winners(st) == [1]


def test_T22_EQUAL_3_single_card_tricks_as_beat_the_leader():
    """T22-EQUAL-3: single-card tricks are played as in T22-LEADER-1/2."""
    hands = [["7S", "2C", "3C", "4C"], ["10S", "5D", "6D", "9D"], ["QS", "8S", "7H", "4S"]]
    st = position(hands, variant="equal-cards")
    st.apply("play 7S")
    st.apply("play 10S")
    assert st.trick_best == 1
    assert legal(st) == {R("Q"), R("8"), R("7")}
    refused(st, "play 4S")
    s2 = st.clone()
    s2.apply("play QS")
    assert trick_winners(s2) == [2]
    st.apply("play 8S")
    assert trick_winners(st) == [1]


def test_T22_PAPER_1_losing_card_returns_to_the_pack():
    """T22-PAPER-1: the loser's points are written down and the losing card goes back: every
    hand is dealt from the full pack; V still from the losing card; thresholds unchanged."""
    st = showdown(["JS", "5S", "4S"], variant="paper-scores", scores=[3, 0, 0])
    assert st.scores() == [13, 0, 0]
    assert all(sc == [] for sc in st.score_cards)
    assert st.dealer == 0 and st.deal_size == 10
    dealt = Counter(c.code for h in st.hands for c in h) + Counter(c.code for c in st.stock)
    assert dealt == Counter(PACK52)  # the J is back in the full pack
    assert [len(h) for h in st.hands] == [10, 10, 10] and len(st.stock) == 22
    st = showdown(["7S", "5S", "4S"], options={"paper_scores": True}, scores=[15, 0, 0])
    assert st.scores()[0] == 22 and st.active == [False, True, True]
    # Twenty-Six on paper: the joker goes back, the next hand comes from all 108 cards.
    st = showdown(["JK", "5S", "4S"], variant="twenty-six", options={"paper_scores": True})
    assert st.scores() == [13, 0, 0] and st.deal_size == 13
    assert all(sc == [] for sc in st.score_cards)
    assert sum(len(h) for h in st.hands) + len(st.stock) == 108


# --- Twenty-Six -----------------------------------------------------------------------------


def test_T26_1_pack_of_108_and_players():
    """T26-1: two packs plus 4 jokers (108 cards); 2 to 12 players; first hand 7 each."""
    expected = Counter(PACK52) + Counter(PACK52) + Counter({"JK": 4})
    for n in (2, 4, 6, 7, 12):
        st = G.new_state(players=n, variant="twenty-six", seed=n)
        assert zone_cards(st) == expected
        assert [len(h) for h in st.hands] == [7] * n
        assert len(st.stock) == 108 - 7 * n
        assert st.threshold == 26
    with pytest.raises(ValueError):
        G.new_state(players=1, variant="twenty-six")


def test_T26_2_joker_above_ace_worth_13_out_at_26():
    """T26-2: a joker ranks above an ace and is worth 13; out at 26; after a joker V = 13."""
    st = showdown(["AS", "JK", "KS"], variant="twenty-six", scores=[0, 12, 0])
    assert st.last_showdown["losers"] == [1]
    assert st.scores() == [0, 25, 0]
    assert st.active == [True, True, True]  # 25 < 26
    assert st.dealer == 1 and st.deal_size == 13
    assert [len(h) for h in st.hands] == [13, 13, 13]
    st = showdown(["AS", "JK", "KS"], variant="twenty-six", scores=[0, 13, 0])
    assert st.scores()[1] == 26 and st.active == [True, False, True]
    # 22 to 25 is not out in Twenty-Six
    st = showdown(["AS", "5S", "KS"], variant="twenty-six", scores=[12, 0, 0])
    assert st.scores()[0] == 23 and all(st.active)


def test_T26_3_jokers_in_plays():
    """T26-3: jokers only with a non-joker; each counts as the highest non-joker rank in the
    play (a lead's rank); cover tests use these ranks."""
    hands = [["JK", "8S", "9S", "2S"], ["9H", "8H", "7S", "2H"], ["10D", "3D", "4D", "5D"]]
    st = position(hands, variant="twenty-six")
    opts = legal(st)
    assert R("JK-8") in opts and R("JK-9") in opts and R("JK-2") in opts
    assert R("JK") not in opts
    assert "T26-3" in refused(st, "play JK")
    refused(st, "play JK 8S 9S")
    st.apply("play JK 8S")  # a pair of 8s
    assert legal(st) == {R("9-8"), R("7-2")}  # 8-7 does not cover 8-8
    st.apply("play 9H 8H")
    assert st.trick_best == 1
    # A follower's joker takes their highest non-joker rank: JK-9 plays as 9-9.
    st = position(
        [["9S", "9H", "2S"], ["JK", "9D", "2H"], ["3D", "4D", "5D"]], variant="twenty-six"
    )
    st.apply("play 9S 9H")
    assert R("JK-9") in legal(st)
    st.apply("play JK 9D")
    assert st.trick_best == 1
    # Under equal_sets a set with jokers is matched if its non-jokers share one rank.
    st = position(
        [["6S", "6H", "2S"], ["JK", "7D", "2H"], ["3D", "4D", "5D"]],
        variant="twenty-six",
        options={"equal_sets": True},
    )
    st.apply("play 6S 6H")
    st.apply("play JK 7D")
    assert st.trick_best == 1


def test_T26_4_only_jokers_count_as_aces():
    """T26-4: a hand of only jokers plays jokers alone, as aces; a leader still keeps one."""
    st = position([["JK", "JK", "JK"], ["AS", "AH", "2S"]], variant="twenty-six")
    assert legal(st) == {R("JK"), R("JK-JK")}
    assert "keep" in refused(st, "play JK JK JK")
    st.apply("play JK JK")
    assert R("A-A") in legal(st)  # A-A covers jokers counting as A-A
    st.apply("play AS AH")
    assert trick_winners(st) == [1]
    # A follower holding only jokers plays them as aces.
    st = position([["9S", "2S"], ["JK", "JK"], ["KS", "3S"]], variant="twenty-six")
    st.apply("play 9S")
    assert legal(st) == {R("JK")}
    st.apply("play JK")
    assert st.trick_best == 1
    assert legal(st) == {R("3")}  # K does not cover an ace


def test_T26_5_lowest_cards_with_jokers():
    """T26-5: lowest cards are the N lowest non-jokers; with too few non-jokers, all of them
    plus just enough jokers."""
    st = position(
        [
            ["5S", "5H", "5D", "KS", "QS"],
            ["JK", "9S", "8S", "7S", "2S"],
            ["JK", "JK", "JK", "3H", "2H"],
        ],
        variant="twenty-six",
    )
    st.apply("play 5S 5H 5D")
    # covers of 5-5-5, plus the lowest cards 8-7-2 (no joker among them)
    assert legal(st) == {R("9-8-7"), R("JK-9-8"), R("JK-9-7"), R("JK-8-7"), R("8-7-2")}
    refused(st, "play JK 7S 2S")
    st.apply("play 8S 7S 2S")
    assert st.trick_best == 0
    assert legal(st) == {R("JK-3-2")}  # two non-jokers: both, plus one joker
    refused(st, "play JK JK 3H")
    refused(st, "play JK JK JK")
    st.apply("play JK 3H 2H")
    assert hand_codes(st, 2) == ["JK", "JK"]


def test_T26_6_joker_showdown():
    """T26-6: a joker loses the showdown; several jokers all lose, 13 points each."""
    st = showdown(["JK", "JK", "KS"], variant="twenty-six")
    assert st.last_showdown["losers"] == [0, 1]
    assert st.scores() == [13, 13, 0]
    assert st.deal_size == 13
    assert [c.code for c in st.score_cards[0]] == ["JK"]
    assert [c.code for c in st.score_cards[1]] == ["JK"]


# --- worked examples ----------------------------------------------------------------------


def test_T_1_short_pack():
    """T-1 (DEAL-3/4): six players, the first hand lost with a Q: 51 cards, V = 10, 60 > 51,
    so 8 each and a stock of 3."""
    below_q = [r + s for r in RANK_CODES[:10] for s in SUITS]  # 40 cards, 2 to J
    hands = []
    rest = list(below_q)
    for seat in range(6):
        if seat == 2:
            hands.append(["QS", "QH", *rest[:5]])
            rest = rest[5:]
        else:
            hands.append(rest[:7])
            rest = rest[7:]
    stock = ["QD", "QC", "KS", "KH", "KD", "KC", "AS", "AH", "AD", "AC"]
    st = new(hands, stock)
    play_lowest(st)
    assert st.last_showdown["hand"] == 1 and st.last_showdown["losers"] == [2]
    assert st.last_showdown["value"] == 10
    assert st.scores() == [0, 0, 10, 0, 0, 0]
    assert [c.rank_code for c in st.score_cards[2]] == ["Q"]
    assert st.dealer == 2 and st.hand_no == 2
    assert st.deal_size == 8
    assert [len(h) for h in st.hands] == [8] * 6
    assert len(st.stock) == 3
    assert st.phase == "exchange" and st.to_move() == 3


def test_T_2_covering_a_pair():
    """T-2 (PLAY-4/6): lead 7-7; a follower may play Q-7 or J-8: both cover."""
    hands = [
        ["7S", "7H", "AS", "KS", "9D", "9C", "5D"],
        ["QS", "7D", "JS", "8S", "2C", "3C", "4C"],
        ["2H", "3H", "4H", "5H", "6H", "8H", "9H"],
    ]
    st = new(hands)
    st.apply("play 7S 7H")
    opts = legal(st)
    assert R("Q-7") in opts and R("J-8") in opts
    assert R("4-3") not in opts and R("3-2") in opts
    for play in ("play QS 7D", "play JS 8S"):
        s2 = st.clone()
        s2.apply(play)
        assert s2.trick_best == 1


def test_T_3_chain_of_covers():
    """T-3 (PLAY-5): lead 5-5-5; J-7-6 covers and becomes best; K-7-7 covers J-7-6 and
    becomes best."""
    hands = [
        ["5S", "5H", "5D", "2C", "3C", "4C", "6C"],
        ["JS", "7S", "6S", "2D", "3D", "4D", "8D"],
        ["KS", "7H", "7D", "2H", "3H", "4H", "AH"],
    ]
    st = new(hands)
    st.apply("play 5S 5H 5D")
    st.apply("play JS 7S 6S")
    assert st.trick_best == 1
    st.apply("play KS 7H 7D")
    assert st.tricks[-1][1] == 2 and st.to_move() == 2


def test_T_4_forced_lowest():
    """T-4 (PLAY-6): lead 5-5-5, P2 10-9-7; P3 with K,K,6,3,3,2,2 cannot cover (third card
    must be >= 7) and must play 3-2-2; P2 stays current best."""
    hands = [
        ["5S", "5H", "5D", "4D", "8D", "8C", "JD"],
        ["10S", "9S", "7S", "AS", "AH", "QS", "QH"],
        ["KS", "KH", "6S", "3S", "3H", "2S", "2H"],
    ]
    st = new(hands)
    st.apply("play 5S 5H 5D")
    st.apply("play 10S 9S 7S")
    assert st.trick_best == 1
    assert legal(st) == {R("3-2-2")}
    refused(st, "play KS KH 6S")
    refused(st, "play 6S 3S 2S")
    st.apply("play 3S 2S 2H")
    assert st.tricks[-1][1] == 1


def test_T_5_deal_size():
    """T-5 (DEAL-3): lost with a picture, 10 each; with a 3, 3 each; with an A, 11."""
    for pic in ("J", "Q", "K"):
        st = showdown([pic + "S", "5S", "4S"])
        assert st.deal_size == 10 and [len(h) for h in st.hands] == [10] * 3
    st = showdown(["3S", "2S", "2H"])
    assert st.last_showdown["losers"] == [0]
    assert st.deal_size == 3 and [len(h) for h in st.hands] == [3] * 3
    st = showdown(["AS", "5S", "4S"])
    assert st.deal_size == 11 and [len(h) for h in st.hands] == [11] * 3


def test_T_6_beat_the_leader():
    """T-6 (LEADER-1): P1 leads 7, P2 plays 10; P3 with Q,8,7,4,3,2 may play Q, 8 or 7 only;
    Q wins for P3, 8 or 7 leave the trick to P2."""
    hands = [
        ["7S", "2C", "3C", "4C", "5C", "6C"],
        ["10S", "2D", "3D", "4D", "5D", "6D"],
        ["QS", "8S", "7H", "4S", "3S", "2S"],
    ]
    st = position(hands, variant="beat-the-leader")
    st.apply("play 7S")
    st.apply("play 10S")
    assert legal(st) == {R("Q"), R("8"), R("7")}
    for bad in ("play 2S", "play 3S", "play 4S"):
        refused(st, bad)
    for play, winner in (("play QS", 2), ("play 8S", 1), ("play 7H", 1)):
        s2 = st.clone()
        s2.apply(play)
        assert s2.tricks[-1][1] == winner, play


def test_T_7_equal_cards_only():
    """T-7 (EQUAL-1/2): lead 6-6, P2 Q-10 (legal, unmatched: no take-over), P3 7-7 wins; P3
    holding 9,5,4,3 would have to play 4-3."""
    hands = [["6S", "6H", "KS", "2C"], ["QS", "10S", "3D", "2D"], ["7S", "7H", "AS", "2H"]]
    st = position(hands, variant="equal-cards")
    st.apply("play 6S 6H")
    assert R("Q-10") in legal(st)
    st.apply("play QS 10S")
    assert st.trick_best == 0
    st.apply("play 7S 7H")
    assert st.tricks[-1][1] == 2
    hands[2] = ["9D", "5D", "4D", "3C"]
    st = position(hands, variant="equal-cards")
    st.apply("play 6S 6H")
    st.apply("play QS 10S")
    assert legal(st) == {R("4-3")}
    refused(st, "play 9D 5D")
    st.apply("play 4D 3C")
    assert st.tricks[-1][1] == 0


def test_T_8_jokers_in_sets():
    """T-8 (T26-3): Joker+8 may be led as a pair of 8s; Joker-6-6 as three 6s, and 9-8-6
    covers it."""
    hands = [["JK", "8S", "5S", "2S"], ["9S", "8H", "7S", "2H"], ["10D", "3D", "4D", "5D"]]
    st = position(hands, variant="twenty-six")
    assert R("JK-8") in legal(st)
    st.apply("play JK 8S")
    assert legal(st) == {R("9-8"), R("7-2")}
    hands = [["JK", "6S", "6H", "2S"], ["9H", "8D", "6D", "2D"], ["10D", "3D", "4D", "5D"]]
    st = position(hands, variant="twenty-six")
    assert R("JK-6-6") in legal(st)
    st.apply("play JK 6S 6H")
    assert R("9-8-6") in legal(st)
    st.apply("play 9H 8D 6D")
    assert st.trick_best == 1


def test_T_9_joker_takes_partner_rank():
    """T-9 (T26-3): current best K-Q-9; Joker-K-J covers it (as K-K-J); Joker-Q-J cannot (at
    best Q-Q-J, and Q < K)."""
    base = [["3S", "3H", "3D", "4S"], ["KS", "QS", "9S", "2S"]]
    st = position([*base, ["JK", "KH", "JH", "2H"]], variant="twenty-six")
    st.apply("play 3S 3H 3D")
    st.apply("play KS QS 9S")
    assert st.trick_best == 1
    assert R("JK-K-J") in legal(st)
    st.apply("play JK KH JH")
    assert trick_winners(st) == [2]
    st = position([*base, ["JK", "QH", "JH", "2H"]], variant="twenty-six")
    st.apply("play 3S 3H 3D")
    st.apply("play KS QS 9S")
    assert R("JK-Q-J") not in legal(st)
    assert legal(st) == {R("Q-J-2")}
    refused(st, "play JK QH JH")


def test_T_10_jokers_kept_back():
    """T-10 (T26-5): lead 5-5-5; Joker,7,3,2 cannot cover: play 7-3-2, keep the joker;
    Joker,Joker,3,2 must play Joker-3-2 and keep a joker."""
    st = position(
        [["5S", "5H", "5D", "KS"], ["JK", "7S", "3S", "2S"], ["JK", "JK", "3H", "2H"]],
        variant="twenty-six",
    )
    st.apply("play 5S 5H 5D")
    assert legal(st) == {R("7-3-2")}
    st.apply("play 7S 3S 2S")
    assert hand_codes(st, 1) == ["JK"]
    assert legal(st) == {R("JK-3-2")}
    st.apply("play JK 3H 2H")
    # one card each now: the showdown shows the jokers kept back
    assert st.last_showdown["cards"] == {"0": "KS", "1": "JK", "2": "JK"}
    assert st.last_showdown["losers"] == [1, 2]


def test_T_11_all_jokers():
    """T-11 (T26-4): a leader holding three jokers leads one or two (as aces), keeps one, and
    so loses the hand with 13."""
    st = position([["JK", "JK", "JK"], ["2S", "3S", "4S"]], variant="twenty-six")
    assert legal(st) == {R("JK"), R("JK-JK")}
    refused(st, "play JK JK JK")
    st.apply("play JK JK")
    assert legal(st) == {R("3-2")}
    st.apply("play 3S 2S")
    assert st.last_showdown["losers"] == [0]
    assert st.scores() == [13, 0]
    assert st.deal_size == 13


def test_T_12_joker_showdown():
    """T-12 (T26-6): last cards Joker, A, 5: the joker alone loses 13 and the next hand is 13
    each; Joker, Joker, K: both joker holders lose, 13 each."""
    st = showdown(["JK", "AS", "5S"], variant="twenty-six")
    assert st.last_showdown["losers"] == [0]
    assert st.scores() == [13, 0, 0]
    assert st.deal_size == 13 and [len(h) for h in st.hands] == [13] * 3
    st = showdown(["JK", "JK", "KS"], variant="twenty-six")
    assert st.last_showdown["losers"] == [0, 1]
    assert st.scores() == [13, 13, 0]
    assert st.dealer in (0, 1)
    draw_rounds(st.events, [0, 1])


def test_T_13_twenty_six_elimination():
    """T-13 (T26-2): a player on 14 who loses with a joker has 27 >= 26 and is out."""
    st = showdown(
        ["JK", "5S", "6S"], variant="twenty-six", scores=[14, 0, 0], score_cards=[["4S", "KS"]]
    )
    assert st.scores() == [27, 0, 0]
    assert st.active == [False, True, True]
    assert st.dealer == 0 and st.hands[0] == []
    assert [len(h) for h in st.hands] == [0, 13, 13]


def test_T_14_tied_losers():
    """T-14 (SCORE-1/4): last cards 9, 9, 4: both 9 holders lose 9 each, draw for the deal,
    and the next hand is 9 cards each."""
    st = showdown(["9S", "9H", "4S"])
    assert st.last_showdown["losers"] == [0, 1]
    assert st.scores() == [9, 9, 0]
    dealer, _ = draw_rounds(st.events, [0, 1])
    assert st.dealer == dealer
    assert st.deal_size == 9 and [len(h) for h in st.hands] == [9] * 3


def test_T_15_all_out_together():
    """T-15 (END-2): two players left on 15 and 18 both lose with a 7 and reach 22 and 25:
    with ``lowest`` the player on 22 wins; with ``share`` both win."""
    kw = {
        "active": [True, True, False],
        "scores": [15, 18, 30],
        "score_cards": [["5H", "KH"], ["8H", "KD"], ["AS", "AH", "8D"]],
    }
    st = showdown(["7S", "7D", ""], **kw)
    assert st.scores() == [22, 25, 30]
    assert st.active == [False, False, False]
    assert st.is_over() and st.winners() == [0]
    st = showdown(["7S", "7D", ""], options={"all_out": "share"}, **kw)
    assert st.is_over() and st.winners() == [0, 1]


# --- illegal actions ------------------------------------------------------------------------


def test_illegal_wrong_number_of_cards():
    st = position([["7S", "7H", "2C"], ["QS", "7D", "2D"], ["8S", "8H", "4S"]])
    st.apply("play 7S 7H")
    assert "as many as were led" in refused(st, "play QS")
    refused(st, "play QS 7D 2D")
    refused(st, "play")


def test_illegal_cards_not_held():
    st = new(FOUR, keep=False)
    assert "not hold" in refused(st, "discard AS")
    keep_round(st)
    assert "not hold" in refused(st, "play AS")
    refused(st, "play 2S 2S")  # only one 2S held


def test_illegal_mixed_rank_lead():
    st = new(FOUR)
    assert "same rank" in refused(st, "play 2S 3C")


def test_illegal_leading_whole_hand():
    st = position([["5S", "5H"], ["2S", "3S"], ["4S", "6S"]])
    assert "keep" in refused(st, "play 5S 5H")


def test_illegal_follow():
    st = new(FOUR)
    st.apply("play 8C")
    assert legal(st) == {R("9"), R("8"), R("3")}
    assert "cover" in refused(st, "play 5D")


def test_illegal_discard_more_than_stock():
    hands = [PACK52[7 * i : 7 * i + 7] for i in range(6)]
    st = new(hands, PACK52[42:], keep=False)
    st.apply("discard " + " ".join(hands[0]))
    assert "stock" in refused(st, "discard 9S 10S JS QS")


def test_illegal_play_during_exchange_and_exchange_during_play():
    st = new(FOUR, keep=False)
    assert st.phase == "exchange"
    refused(st, "play 2S")
    keep_round(st)
    refused(st, "keep")
    refused(st, "discard 2S")


def test_illegal_after_game_over():
    st = showdown(
        ["7S", "5S", ""],
        active=[True, True, False],
        scores=[15, 0, 22],
        score_cards=[["5H", "KH"], [], ["AS", "AH"]],
    )
    assert st.is_over() and st.to_move() is None and list(st.legal_actions()) == []
    assert "over" in refused(st, "keep")
    assert "over" in refused(st, "play 2S")


def test_illegal_unparseable_text():
    st = new(FOUR, keep=False)
    for text in ("", "dance", "play XY", "keep 2S", "discard 11S", "play 2"):
        refused(st, text)
    keep_round(st)
    for text in ("", "fold", "play ZZ"):
        refused(st, text)


def test_illegal_wrong_seat():
    st = new(FOUR, keep=False)
    assert "turn" in refused(st, "keep", seat=2)
