"""Rule-by-rule tests for Mensch, both variants (``standard`` and ``allpass-double``).

Spec: ``shared/rules/mensch.md``. Each test names the rule ID (MENSCH-*), the decision (A-n)
or the worked example (B-n) it shows in its name and docstring. Unless a test says otherwise
seat 3 deals, so seat 0 is eldest (E) and the bidding order is 0, 1, 2, 3 (as in section B).

Positions are stacked deals (``deck=`` built from whole hands by ``deck_for``): a test either
plays a few chosen cards, or plays out a whole *planned* deal (``plan``) in which every trick
is one suit that every player follows, so each play is legal and the winners are chosen in
advance; the settlement is always done by the rules. Two things real play cannot reach are
positions written with ``to_json`` of a real state, edited, and loaded with ``from_json``: a
passed game whose side takes no trick (the declarer holds QC, which always wins; B-8) and a
passed-game declarer holding QC but no plain club (A-8). B-9's second deal is a real deal
whose hands are replaced the same way before the auction.
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import pairwise

import pytest

from cardsuite.cards import Card
from cardsuite.engine import IllegalAction
from cardsuite.games.mensch.actions import BID, PASS
from cardsuite.games.mensch.rules import GAME

STD, DBL = "standard", "allpass-double"
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")
PACK = [r + s for s in "SHDC" for r in RANKS]
SUITS = "SHDC"
WORD = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
CLUBS = ["QC", "AC", "KC", "JC", "10C", "9C", "8C", "7C"]
BIDS = ["half", "after", "five", "five-after", "six", "six-after", "seven", "seven-after", "solo"]
#: MENSCH-BID-3: the legal bids over each highest bid so far.
OVER = {
    None: {"half", "five", "six", "seven", "solo"},
    "half": {"after", "five", "six", "seven", "solo"},
    "after": {"five", "six", "seven", "solo"},
    "five": {"five-after", "six", "seven", "solo"},
    "five-after": {"six", "seven", "solo"},
    "six": {"six-after", "seven", "solo"},
    "six-after": {"seven", "solo"},
    "seven": {"seven-after", "solo"},
    "seven-after": {"solo"},
    "solo": set(),
}
#: MENSCH-BID-1: tricks needed.
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
NAMES_TRUMP = ("five", "six", "seven", "solo", "passed")


# --- helpers -------------------------------------------------------------------------------


def codes(cards) -> list[str]:
    return [c.code for c in cards]


def code(text: str) -> str:
    return Card.parse(text).code


def order_of(dealer: int) -> list[int]:
    """The bidding order E, E+1, E+2, D (MENSCH-BID-2)."""
    e = (dealer + 1) % 4
    return [e, (e + 1) % 4, (e + 2) % 4, dealer]


def deck_for(hands, dealer: int = 3) -> list[str]:
    """The pack, top first, that deals ``hands[seat]`` (8 cards each, in order) by
    MENSCH-DEAL-1: packets of four to E, E+1, E+2, D, twice."""
    deck: list[str] = []
    for r in range(2):
        for s in order_of(dealer):
            deck += [code(c) for c in hands[s][4 * r : 4 * r + 4]]
    assert sorted(deck) == sorted(PACK)
    return deck


def fill(hands=((), (), (), ()), *, voids=None) -> list[list[str]]:
    """Complete partial hands to eight cards from the rest of the pack. ``voids[s]``: printed
    suits seat ``s`` gets none of from the filling. The clubs left are spread so that no seat
    gets more than it needs (each unfilled club goes to the seat with fewest clubs)."""
    voids = voids or [set(), set(), set(), set()]
    full = [[code(c) for c in h] for h in hands]
    used = Counter(c for h in full for c in h)
    assert max(used.values(), default=1) == 1, "a card is placed twice"
    assert all(len(h) <= 8 for h in full)
    pool = [c for c in PACK if c not in used]
    for c in [c for c in pool if c.endswith("C")]:
        seats = [s for s in range(4) if len(full[s]) < 8 and "C" not in voids[s]]
        assert seats, "no room for a club"
        s = min(seats, key=lambda s: (sum(x.endswith("C") for x in full[s]), -len(voids[s])))
        full[s].append(c)
    rest = [c for c in pool if not c.endswith("C")]
    share = _spread(
        {u: sum(c[-1] == u for c in rest) for u in "SHD"},
        [8 - len(h) for h in full],
        [{u for u in "SHD" if u not in voids[s]} for s in range(4)],
    )
    for s in range(4):
        for u in "SHD":
            take = [c for c in rest if c[-1] == u][: share[s][u]]
            full[s] += take
            rest = [c for c in rest if c not in take]
    assert not rest
    return full


def _spread(avail, room, ok):
    """How many cards of each suit each seat gets: a max flow from suits (``avail``) to
    seats (``room``) along the allowed pairs (``ok[seat]``)."""
    flow = [dict.fromkeys("SHD", 0) for _ in range(4)]
    need = sum(room)
    assert sum(avail.values()) == need

    def augment(u, seen):
        # from suit u, find a seat with room, possibly re-routing another suit's cards
        for s in range(4):
            if u not in ok[s] or s in seen:
                continue
            seen.add(s)
            if sum(flow[s].values()) < room[s]:
                flow[s][u] += 1
                return True
            for v in "SHD":
                if flow[s][v] > 0 and v != u and augment_from(v, s, seen):
                    flow[s][u] += 1
                    return True
        return False

    def augment_from(v, s0, seen):
        # move one card of suit v out of seat s0 to another seat
        for s in range(4):
            if s == s0 or v not in ok[s] or s in seen:
                continue
            seen.add(s)
            if sum(flow[s].values()) < room[s]:
                flow[s0][v] -= 1
                flow[s][v] += 1
                return True
            for w in "SHD":
                if flow[s][w] > 0 and w != v and augment_from(w, s, seen):
                    flow[s0][v] -= 1
                    flow[s][v] += 1
                    return True
        return False

    for u in "SHD":
        for _ in range(avail[u]):
            assert augment(u, set()), "cannot fill the hands"
    return flow


def club_hands(counts, *, qc=None) -> list[list[str]]:
    """Hands with ``counts[s]`` clubs (QC counted) for seat ``s``; QC goes to ``qc`` (default
    the first seat with the most clubs)."""
    assert sum(counts) == 8
    if qc is None:
        qc = max(range(4), key=lambda s: (counts[s], -s))
    assert counts[qc] >= 1
    plain = [c for c in CLUBS if c != "QC"]
    hands: list[list[str]] = [[], [], [], []]
    hands[qc].append("QC")
    for s in range(4):
        while len([c for c in hands[s] if c.endswith("C")]) < counts[s]:
            hands[s].append(plain.pop(0))
    return fill(hands, voids=[{"C"}] * 4)


def deal(hands, *, dealer=3, variant=STD, deals=8, seed=0):
    """A new match whose first deal gives ``hands`` (completed by ``fill``)."""
    full = fill(hands) if any(len(h) < 8 for h in hands) else [[code(c) for c in h] for h in hands]
    st = GAME.new_state(
        players=4,
        variant=variant,
        options={"deals": deals},
        seed=seed,
        deck=deck_for(full, dealer),
        dealer=dealer,
    )
    for s in range(4):
        assert sorted(hand(st, s)) == sorted(full[s])
    return st


def hand(st, seat) -> set[str]:
    return set(codes(st.hands[seat]))


def legal(st) -> set[str]:
    return {str(a) for a in st.legal_actions()}


def bids_of(st) -> list[tuple[int, str]]:
    return [(s, b) for s, b in st.bids]


def refused(st, action, *words, seat=None) -> str:
    """``action`` raises IllegalAction with a reason (holding ``words``); nothing changes."""
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


def bid_round(st, bids) -> None:
    """Apply ``bids`` in the order of the auction, each by the seat to move (a lone `pass`
    the rules made automatically, section C, is skipped)."""
    for b in bids:
        if st.phase != "bid":
            assert b == "pass", "the auction ended early"
            continue
        st.apply(b)


def auction(contract: str, declarer: int, dealer: int = 3) -> list[str]:
    """A four-bid auction in which ``declarer`` ends with ``contract``; everyone else passes,
    except that an After bid is made over its base by the first seat before the declarer."""
    order = order_of(dealer)
    bids = ["pass"] * 4
    i = order.index(declarer)
    if contract == "passed":
        return bids
    bids[i] = contract
    base = {"after": "half", "five-after": "five", "six-after": "six", "seven-after": "seven"}
    if contract in base:
        assert i > 0, "an After bid needs its base bid before it"
        bids[0] = base[contract]
    return bids


def setup(hands, contract, declarer=0, *, trump=None, call=None, dealer=3, variant=STD, deals=8):
    """Deal ``hands``, bid ``contract`` for ``declarer``, name ``trump`` and call ``call`` as
    the contract needs; the state is then in the play."""
    st = deal(hands, dealer=dealer, variant=variant, deals=deals)
    bid_round(st, auction(contract, declarer, dealer))
    if contract == "passed":
        declarer = next(s for s in range(4) if "QC" in hand(st, s))
    assert st.declarer == declarer
    if contract in NAMES_TRUMP:
        assert st.phase == "trump"
        st.apply(f"trump {WORD[trump]}")
    else:
        assert trump in (None, "C")
    if contract in PARTNER:
        assert st.phase == "call"
        st.apply(f"call {code(call)}")
    assert st.phase == "play"
    return st


def play(st, *cards) -> None:
    for c in cards:
        st.apply(f"play {code(c)}")


# --- planned deals -------------------------------------------------------------------------
#
# A planned deal has eight tricks, each led by the previous trick's winner:
#  * with clubs trumps: two tricks of each suit, every player playing one card of it;
#  * with trumps T (spades, hearts or diamonds; X and Y the other plain suits): two tricks
#    each of X, Y and T (the eight printed T cards), ``CA`` (four plain clubs), and either
#    ``CB`` (a plain club led, the QC holder, out of plain clubs by then, trumping with QC) or
#    ``QL`` (the QC holder leading QC after both T tricks; the others, out of trumps, throw
#    their last plain clubs).
# Every player follows suit whenever he can, so every play is legal; every seat holds two
# clubs (QC counted), so no bid is ever compelled. A trick's winner holds its best card. In a
# partner contract the partner plays the called card to the first trick of its suit.


def _groups(trump: str) -> dict[str, list[list[str]]]:
    out = {}
    for s in "SHDC":
        if s == trump == "C":
            out[s] = [["QC", "7C", "AC", "KC"], ["JC", "10C", "9C", "8C"]]
        elif s == trump:
            out[s] = [[f"7{s}", f"A{s}", f"K{s}", f"Q{s}"], [f"J{s}", f"10{s}", f"9{s}", f"8{s}"]]
        else:
            out[s] = [[r + s for r in RANKS[:4]], [r + s for r in RANKS[4:]]]
    out["CA"] = [["AC", "KC", "JC", "10C"]]
    out["CB"] = out["QL"] = [["QC", "9C", "8C", "7C"]]
    return out


def _kinds(trump: str) -> list[list[str]]:
    if trump == "C":
        return [["S", "H", "D", "C", "S", "H", "D", "C"], ["C", "S", "H", "D", "C", "S", "H", "D"]]
    x, y = [s for s in "SHD" if s != trump]
    t = trump
    return [
        [x, y, "CA", t, x, y, t, "CB"],
        ["CA", "CB", x, y, t, x, y, t],
        [x, "CA", y, "CB", t, x, y, t],
        [t, x, t, "QL", "CA", y, x, y],
        [t, t, "QL", "CA", x, y, x, y],
        [x, t, y, t, "QL", "CA", x, y],
        [t, t, x, y, x, y, "CA", "QL"],
    ]


def _qc_trick(kinds: list[str]) -> int:
    return kinds.index(next(k for k in ("C", "CB", "QL") if k in kinds))


def plan(contract, trump, declarer, side, *, partner=None, dealer=3, extra=None):
    """A planned deal in which the declaring side takes ``side`` tricks. ``extra(winners,
    kinds)``: a further condition on the winners. Returns (hands, tricks, winners, called):
    ``tricks`` lists of (seat, card) in play order; ``called`` the card to call, or None."""
    first = declarer if contract == "solo" else order_of(dealer)[0]
    if contract in PARTNER and partner is None:
        partner = next(s for s in range(4) if s != declarer)
    team = {declarer} | ({partner} if contract in PARTNER else set())
    called_suit = ("D" if trump != "D" else "S") if contract in PARTNER else None
    for kinds in _kinds(trump):

        def ok(ws, kinds=kinds):
            leaders = [first, *ws[:-1]]
            i = _qc_trick(kinds)
            qc = ws[i]
            if kinds[i] == "CB" and leaders[i] == qc:
                return False  # CB's leader leads a plain club
            if kinds[i] == "QL" and leaders[i] != qc:
                return False  # QL is led by the QC holder
            if contract == "passed" and qc != declarer:
                return False  # MENSCH-BID-6: the declarer holds QC
            return extra is None or extra(ws, kinds)

        ws = _search(team, side, ok)
        if ws is not None:
            hands, tricks, called = _cards(kinds, ws, first, trump, partner, called_suit)
            return hands, tricks, ws, called
    raise AssertionError("no planned deal fits")


def _search(team, side, ok):
    """The first eight winners (depth first) with ``side`` tricks for ``team`` and ``ok``."""
    seats = sorted(team) + [s for s in range(4) if s not in team]

    def dfs(ws, got):
        if len(ws) == 8:
            return ws if got == side and ok(ws) else None
        left = 8 - len(ws)
        for s in seats:
            g = got + (s in team)
            if g > side or g + left - 1 < side:
                continue
            r = dfs([*ws, s], g)
            if r is not None:
                return r
        return None

    return dfs([], 0)


def _cards(kinds, winners, first, trump, partner, called_suit):
    groups = _groups(trump)
    seen: Counter = Counter()
    tricks: list[list[tuple[int, str]]] = []
    leader, called = first, None
    for kind, w in zip(kinds, winners, strict=True):
        seats = [(leader + i) % 4 for i in range(4)]
        cards = list(groups[kind][seen[kind]])
        seen[kind] += 1
        got = {w: cards.pop(0)}
        if kind == called_suit and seen[kind] == 1:
            if partner != w:
                got[partner] = cards.pop(0)
            called = got[partner]
        for s in seats:
            if s not in got:
                got[s] = cards.pop(0)
        tricks.append([(s, got[s]) for s in seats])
        leader = w
    hands: list[list[str]] = [[], [], [], []]
    for t in tricks:
        for s, c in t:
            hands[s].append(c)
    return hands, tricks, called


def play_plan(st, tricks, winners) -> None:
    """Play the planned tricks; each goes to its planned winner, who leads the next."""
    n = len(st.history)
    for i, (t, w) in enumerate(zip(tricks, winners, strict=True)):
        for s, c in t:
            assert st.to_move() == s
            assert f"play {c}" in legal(st), (c, legal(st))
            st.apply(f"play {c}")
        if i < 7:
            assert st.tricks[-1][1] == w
            assert st.to_move() == w
    assert len(st.history) == n + 1


def run_plan(contract, trump, declarer, side, *, partner=None, dealer=3, variant=STD, extra=None):
    """Deal, bid, name trumps, call and play a planned deal; return the state after it."""
    hands, tricks, winners, called = plan(
        contract, trump, declarer, side, partner=partner, dealer=dealer, extra=extra
    )
    st = deal(hands, dealer=dealer, variant=variant)
    bid_round(st, auction(contract, declarer, dealer))
    assert st.declarer == declarer and st.contract == contract
    if contract in NAMES_TRUMP:
        st.apply(f"trump {WORD[trump]}")
    if contract in PARTNER:
        st.apply(f"call {called}")
        assert st.partner == partner
    assert st.trump == trump and st.phase == "play"
    play_plan(st, tricks, winners)
    rec = st.history[-1]
    assert rec["side_tricks"] == side
    team = {declarer, partner} if contract in PARTNER else {declarer}
    assert sum(w in team for w in winners) == side
    return st


# --- MENSCH-PLAYERS ------------------------------------------------------------------------


def test_MENSCH_PLAYERS_1_four_players_only():
    """MENSCH-PLAYERS-1: exactly four players."""
    st = GAME.new_state(players=4, seed=1)
    assert len(st.hands) == 4
    for n in (2, 3, 5):
        with pytest.raises(ValueError):
            GAME.new_state(players=n, seed=1)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_MENSCH_PLAYERS_1_eldest_left_of_dealer_order_clockwise(dealer):
    """MENSCH-PLAYERS-1, MENSCH-BID-2: E = D+1 bids first; the turn moves clockwise."""
    st = GAME.new_state(players=4, seed=5, dealer=dealer)
    assert st.dealer == dealer
    seen = []
    while st.phase == "bid":
        seen.append(st.to_move())
        st.apply(st.legal_actions()[0])
    assert seen == order_of(dealer)[: len(seen)]
    assert [s for s, _ in st.bids] == order_of(dealer)


def test_MENSCH_PLAYERS_2_first_dealer_from_seed_or_given():
    """MENSCH-PLAYERS-2: the first dealer comes from the seeded RNG (same seed, same dealer;
    every seat occurs) or from ``dealer=``; a seat outside 0-3 is refused."""
    dealers = set()
    for seed in range(40):
        a = GAME.new_state(players=4, seed=seed)
        b = GAME.new_state(players=4, seed=seed)
        assert a.dealer == b.dealer and a.to_json() == b.to_json()
        dealers.add(a.dealer)
        assert a.to_move() == (a.dealer + 1) % 4
    assert dealers == {0, 1, 2, 3}
    for d in range(4):
        assert GAME.new_state(players=4, seed=3, dealer=d).dealer == d
    for bad in (4, -1):
        with pytest.raises(ValueError):
            GAME.new_state(players=4, seed=1, dealer=bad)


def test_MENSCH_PLAYERS_2_deal_passes_left():
    """MENSCH-PLAYERS-2: after each deal the deal passes to the left (D := D+1)."""
    st = GAME.new_state(players=4, seed=9, dealer=2, options={"deals": 8})
    dealers = [st.dealer]
    while not st.is_over():
        n = st.deal_no
        st.apply(st.legal_actions()[0])
        if st.deal_no != n and not st.is_over():
            dealers.append(st.dealer)
            assert st.to_move() == (st.dealer + 1) % 4
            assert st.phase == "bid" and st.deal_no == n + 1
    assert dealers == [(2 + i) % 4 for i in range(8)]
    assert [h["deal"] for h in st.history] == list(range(1, 9))


# --- MENSCH-DECK, MENSCH-DEAL --------------------------------------------------------------


def test_MENSCH_DECK_1_32_card_pack():
    """MENSCH-DECK-1: A K Q J 10 9 8 7 of each suit, 32 cards, all in play."""
    st = GAME.new_state(players=4, seed=2)
    assert Counter(codes(st.all_cards())) == Counter(PACK)
    assert sorted(codes(GAME.full_pack(4, {}))) == sorted(PACK)
    with pytest.raises(ValueError):
        GAME.new_state(players=4, seed=1, deck=["AS", "6H"])
    with pytest.raises(ValueError):
        GAME.new_state(players=4, seed=1, deck=["AS", "AS"])


def test_MENSCH_DEAL_1_B_1_packets_of_four():
    """MENSCH-DEAL-1, B-1: dealer 3: seat 0 gets cards 1-4 and 17-20, seat 1 5-8 and 21-24,
    seat 2 9-12 and 25-28, seat 3 13-16 and 29-32; eight cards each."""
    deck = list(PACK)
    st = GAME.new_state(players=4, seed=0, deck=deck, dealer=3)
    for s in range(4):
        want = deck[4 * s : 4 * s + 4] + deck[16 + 4 * s : 20 + 4 * s]
        assert sorted(hand(st, s)) == sorted(want)
        assert len(st.hands[s]) == 8


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_MENSCH_DEAL_1_other_dealers(dealer):
    """MENSCH-DEAL-1: E gets the first packet whoever deals; D the fourth and eighth."""
    deck = list(reversed(PACK))
    st = GAME.new_state(players=4, seed=0, deck=deck, dealer=dealer)
    for i, s in enumerate(order_of(dealer)):
        want = deck[4 * i : 4 * i + 4] + deck[16 + 4 * i : 20 + 4 * i]
        assert sorted(hand(st, s)) == sorted(want)


def test_MENSCH_DEAL_1_deck_prefix_is_the_top():
    """A stacked prefix is the top of the pack; the rest is shuffled by the seed."""
    top = ["QC", "7H", "AD", "KS", "10C"]
    seen = set()
    for seed in range(5):
        st = GAME.new_state(players=4, seed=seed, deck=top, dealer=3)
        assert {"QC", "7H", "AD", "KS"} <= hand(st, 0)
        assert "10C" in hand(st, 1)
        seen.add(frozenset(hand(st, 2)))
        assert Counter(codes(st.all_cards())) == Counter(PACK)
    assert len(seen) > 1


# --- MENSCH-RANK ---------------------------------------------------------------------------


def trump_state(trump: str):
    """A state in the play with ``trump`` trumps (seat 0 plays Five)."""
    st = deal([[], [], [], []])
    bid_round(st, ["five", "pass", "pass", "pass"])
    st.apply(f"trump {WORD[trump]}")
    return st


@pytest.mark.parametrize("trump", list(SUITS))
def test_MENSCH_RANK_1_the_trumps(trump):
    """MENSCH-RANK-1, RANK-4: QC plus the suit T: 9 trumps, 8 when T is clubs; QC's
    effective suit is always T, every other card's its printed suit."""
    st = trump_state(trump)
    trumps = [c for c in PACK if st.effective_suit(Card.parse(c)) == trump]
    assert set(trumps) == {c for c in PACK if c[-1] == trump} | {"QC"}
    assert len(trumps) == (8 if trump == "C" else 9)
    for c in PACK:
        if c != "QC":
            assert st.effective_suit(Card.parse(c)) == c[-1]


def trump_order(trump: str) -> list[str]:
    """B-2: QC, 7, A, K, Q, J, 10, 9, 8 of T (no queen of T when T is clubs)."""
    return ["QC"] + [
        r + trump for r in ("7", "A", "K", "Q", "J", "10", "9", "8") if r + trump != "QC"
    ]


def test_B_2_trump_orders_as_written():
    """B-2 as printed: hearts QC 7H AH KH QH JH 10H 9H 8H; clubs QC 7C AC KC JC 10C 9C 8C."""
    assert trump_order("H") == ["QC", "7H", "AH", "KH", "QH", "JH", "10H", "9H", "8H"]
    assert trump_order("C") == ["QC", "7C", "AC", "KC", "JC", "10C", "9C", "8C"]


@pytest.mark.parametrize("trump", ["H", "C", "S", "D"])
def test_MENSCH_RANK_2_B_2_trump_order(trump):
    """MENSCH-RANK-2, B-2: every higher trump beats every lower one, whichever is led or
    played first, and a trump beats plain cards led (``trick_winner``)."""
    order = trump_order(trump)
    st = trump_state(trump)
    x, y = (Card.parse(c) for c in [c for c in ("AS", "AH", "AD", "AC") if c[-1] != trump][:2])
    for i, hi in enumerate(order):
        for lo in order[i + 1 :]:
            a, b = Card.parse(hi), Card.parse(lo)
            assert st.trick_winner([(0, b), (1, a), (2, x), (3, y)]) == 1
            assert st.trick_winner([(0, a), (1, b), (2, x), (3, y)]) == 0
            assert st.trick_winner([(2, x), (3, b), (0, y), (1, a)]) == 1


@pytest.mark.parametrize("trump", ["H", "C"])
@pytest.mark.parametrize("lead_low", [True, False], ids=["low-led", "high-led"])
def test_MENSCH_RANK_2_B_2_in_real_tricks(trump, lead_low):
    """MENSCH-RANK-2, B-2 (hearts, clubs): each pair of neighbouring trumps in a real trick:
    the higher wins whether led or played second; seats 2 and 3, out of trumps, discard."""
    order = trump_order(trump)
    for hi, lo in pairwise(order):
        first, second = (lo, hi) if lead_low else (hi, lo)
        no = {trump, "C"}
        hands = fill([[first], [second], [], []], voids=[set(), set(), no, no])
        st = setup(hands, "five", 0, trump=trump)
        play(st, first, second)
        st.apply(st.legal_actions()[0])
        st.apply(st.legal_actions()[0])
        assert st.tricks[0][1] == (1 if lead_low else 0), (hi, lo)


@pytest.mark.parametrize("trump", ["H", "S", "D"])
def test_MENSCH_RANK_3_B_2_clubs_without_qc(trump):
    """MENSCH-RANK-3, B-2: with another suit trumps, clubs are A K J 10 9 8 7 (QC is not a
    club): each beats the lower ones when clubs are led; QC, a trump, beats them all."""
    st = trump_state(trump)
    order = ["AC", "KC", "JC", "10C", "9C", "8C", "7C"]
    x, y = (Card.parse(f"A{s}") for s in "SHD" if s != trump)
    for i, hi in enumerate(order):
        for lo in order[i + 1 :]:
            a, b = Card.parse(hi), Card.parse(lo)
            assert st.trick_winner([(0, b), (1, a), (2, x), (3, y)]) == 1
            assert st.trick_winner([(0, a), (1, b), (2, x), (3, y)]) == 0
    qc, ac = Card.parse("QC"), Card.parse("AC")
    assert st.trick_winner([(0, ac), (1, qc), (2, x), (3, y)]) == 1
    assert st.trick_winner([(0, qc), (1, ac), (2, x), (3, y)]) == 0


def test_MENSCH_RANK_3_plain_suit_order():
    """MENSCH-RANK-3: a plain suit ranks A K Q J 10 9 8 7; off-suit plain cards never win."""
    st = trump_state("D")
    order = [r + "S" for r in RANKS]
    ah, ac = Card.parse("AH"), Card.parse("AC")
    for i, hi in enumerate(order):
        for lo in order[i + 1 :]:
            a, b = Card.parse(hi), Card.parse(lo)
            assert st.trick_winner([(2, b), (3, ah), (0, a), (1, ac)]) == 0
            assert st.trick_winner([(2, a), (3, ah), (0, b), (1, ac)]) == 2


# --- B-3: tricks ---------------------------------------------------------------------------

B3 = [
    ("H", ["8H", "QC", "7H", "AH"], 1, [set(), set(), set(), set()]),
    ("C", ["JC", "7C", "AC", "QC"], 3, [set(), set(), set(), set()]),
    ("S", ["KD", "7D", "8S", "AD"], 2, [set(), set(), {"D"}, set()]),
    ("H", ["AC", "KC", "QC", "7C"], 2, [set(), set(), {"C"}, set()]),
    ("D", ["7S", "8S", "KS", "9S"], 2, [set(), set(), set(), set()]),
]


@pytest.mark.parametrize(
    ("trump", "cards", "winner", "voids"), B3, ids=[f"row{i}" for i in range(1, 6)]
)
def test_MENSCH_PLAY_3_B_3_tricks(trump, cards, winner, voids):
    """MENSCH-PLAY-2, MENSCH-PLAY-3, B-3: each row played as a real trick from seat 0 (E)
    under a Five with the row's trumps; the winner leads the next trick."""
    st = setup(fill([[c] for c in cards], voids=voids), "five", 0, trump=trump)
    for c in cards:
        assert f"play {c}" in legal(st), (c, legal(st))
        st.apply(f"play {c}")
    assert st.tricks[0][1] == winner
    assert [(s, c.code) for s, c in st.tricks[0][0]] == list(enumerate(cards))
    assert st.to_move() == winner
    assert st.tricks_won[winner] == 1 and sum(st.tricks_won) == 1
    assert st.trick_winner([(s, Card.parse(c)) for s, c in enumerate(cards)]) == winner


# --- B-4: following with QC ----------------------------------------------------------------


def test_MENSCH_RANK_4_B_4_qc_is_not_a_club_when_following():
    """MENSCH-RANK-4, PLAY-2, B-4: hearts trumps, AC led: seat 1 with QC and KC must play
    KC; QC is refused (he can follow clubs)."""
    hands = fill([["AC"], ["QC", "KC"], [], []], voids=[set(), {"C"}, set(), set()])
    st = setup(hands, "five", 0, trump="H")
    play(st, "AC")
    assert legal(st) == {"play KC"}
    refused(st, "play QC")
    st.apply("play KC")


def test_MENSCH_RANK_4_B_4_qc_trumps_a_club_lead_when_void():
    """B-4: hearts trumps, AC led: seat 2 holds QC and no other club: he is void in clubs
    (any card may be played), may play QC, and it wins."""
    hands = fill([["AC"], ["KC"], ["QC"], []], voids=[set(), set(), {"C", "H"}, set()])
    st = setup(hands, "five", 0, trump="H")
    play(st, "AC", "KC")
    assert legal(st) == {f"play {c}" for c in hand(st, 2)}
    st.apply("play QC")
    st.apply(st.legal_actions()[0])
    assert st.tricks[0][1] == 2


def test_MENSCH_RANK_4_B_4_qc_as_only_trump_must_follow_a_trump_lead():
    """B-4: hearts trumps, 8H led: a player whose only trump is QC must play it."""
    hands = fill([["8H"], ["QC"], [], []], voids=[set(), {"H", "C"}, set(), set()])
    st = setup(hands, "five", 0, trump="H")
    play(st, "8H")
    assert legal(st) == {"play QC"}
    refused(st, f"play {next(c for c in hand(st, 1) if c != 'QC')}")


def test_MENSCH_RANK_4_qc_lead_is_a_trump_lead():
    """MENSCH-RANK-4: QC led (hearts trumps) asks for trumps: a player with hearts and plain
    clubs must play a heart, not a club."""
    st = setup(fill([["QC"], ["AC", "9H"], [], []]), "five", 0, trump="H")
    play(st, "QC")
    assert legal(st) == {f"play {c}" for c in hand(st, 1) if c.endswith("H")}
    refused(st, "play AC")


def test_MENSCH_RANK_4_qc_follows_clubs_when_clubs_are_trumps():
    """MENSCH-RANK-4: clubs trumps, a club led: QC, a club trump, follows suit."""
    st = setup(
        fill([["9C"], ["QC"], [], []], voids=[set(), {"C"}, set(), set()]), "five", 0, trump="C"
    )
    play(st, "9C")
    assert legal(st) == {"play QC"}


# --- MENSCH-BID ----------------------------------------------------------------------------


def test_MENSCH_BID_1_bids_and_action_text():
    """MENSCH-BID-1: the nine bids and `pass`; trump, call and play texts parse back."""
    for text in ["pass", *BIDS]:
        assert str(GAME.parse_action(text)) == text
    assert str(GAME.parse_action("trump S")) == "trump spades"
    assert str(GAME.parse_action("trump hearts")) == "trump hearts"
    assert str(GAME.parse_action("call AD")) == "call AD"
    assert str(GAME.parse_action("play 10H")) == "play 10H"
    with pytest.raises(ValueError):
        GAME.parse_action("play 6H")


BASE_SEQ = {
    None: [],
    "half": ["half"],
    "after": ["half", "after"],
    "five": ["five"],
    "five-after": ["five", "five-after"],
    "six": ["six"],
    "six-after": ["six", "six-after"],
    "seven": ["seven"],
    "seven-after": ["seven", "seven-after"],
    "solo": ["solo"],
}


@pytest.mark.parametrize("high", list(BASE_SEQ), ids=lambda h: h or "none")
def test_MENSCH_BID_3_A_7_legal_bids_over_each_bid(high):
    """MENSCH-BID-2, MENSCH-BID-3, A-7: with two clubs each (no compulsion) the next bidder
    may pass or make exactly the bids of the BID-3 table; every other bid is refused."""
    st = deal(club_hands((2, 2, 2, 2)))
    bid_round(st, BASE_SEQ[high])
    assert st.high_bid == high
    if st.phase != "bid":  # a lone `pass` may be made automatically (section C)
        assert high == "solo"
        return
    assert legal(st) == {"pass"} | OVER[high]
    for b in BIDS:
        if b not in OVER[high]:
            refused(st, b)


def test_MENSCH_BID_2_one_turn_each_in_order():
    """MENSCH-BID-2: E, E+1, E+2, D bid once each, in order; the bids are kept in order,
    passes included; a bid out of turn is refused; after four bids the auction is over."""
    st = deal(club_hands((2, 2, 2, 2)), dealer=1)
    assert st.to_move() == 2
    refused(st, "pass", seat=3)
    refused(st, "five", seat=1)
    bid_round(st, ["pass", "five", "pass", "six"])
    assert bids_of(st) == [(2, "pass"), (3, "five"), (0, "pass"), (1, "six")]
    assert st.phase == "trump" and st.declarer == 1 and st.high_bid == "six"
    refused(st, "seven")
    refused(st, "pass")


def test_MENSCH_BID_3_B_5_refusals():
    """B-5 refusals: over Six `five-after` is refused; over Five `after`; once any bid exists
    `half`; over Six After `six`."""
    st = deal(club_hands((2, 2, 2, 2)))
    st.apply("six")
    refused(st, "five-after")
    refused(st, "half")
    refused(st, "six")
    st = deal(club_hands((2, 2, 2, 2)))
    st.apply("five")
    refused(st, "after")
    refused(st, "half")
    refused(st, "five")
    st = deal(club_hands((2, 2, 2, 2)))
    bid_round(st, ["six", "six-after"])
    refused(st, "six")
    refused(st, "half")
    st = deal(club_hands((2, 2, 2, 2)))
    st.apply("half")
    refused(st, "half")
    st.apply("after")
    refused(st, "after")
    refused(st, "half")


def test_MENSCH_BID_4_B_5_compelled_with_no_bid():
    """MENSCH-BID-4, B-5: seat 0 with three clubs and no bid yet: `pass` refused; he must bid
    Half or higher."""
    st = deal(club_hands((3, 2, 2, 1)))
    assert st.clubs_held(0) == 3
    assert legal(st) == OVER[None]
    refused(st, "pass")


def test_MENSCH_BID_4_B_5_compelled_over_half():
    """MENSCH-BID-4, B-5: over Half a three-club player's `pass` is refused (After or
    higher)."""
    st = deal(club_hands((1, 3, 2, 2)))
    st.apply("half")
    assert legal(st) == OVER["half"]
    refused(st, "pass")
    refused(st, "half")


def test_MENSCH_BID_4_refused_as_action_objects_listed_or_not():
    """MENSCH-BID-3/4 on ``apply``'s own path for bid objects (the kernel checks a bid
    inline, against the bids it listed when it listed them): a compelled pass and a bid not
    over the highest are refused with their reasons and change nothing, whether or not the
    legal bids were listed first; a free pass and a legal bid go through exactly as their
    text does."""
    for listed in (False, True):
        st = deal(club_hands((3, 2, 2, 1)))
        if listed:
            st.legal_actions()
        before = st.to_json()
        with pytest.raises(IllegalAction, match="3 clubs: you must bid Half"):
            st.apply(PASS)
        assert st.to_json() == before
        st.apply(BID["five"])
        if listed:
            st.legal_actions()
        before = st.to_json()
        with pytest.raises(IllegalAction, match="over five you may bid five-after"):
            st.apply(BID["half"])
        assert st.to_json() == before
        st.apply(PASS)  # over Five, three clubs or not, a pass is free
        by_text = deal(club_hands((3, 2, 2, 1)))
        by_text.apply("five")
        by_text.apply("pass")
        assert st.to_json() == by_text.to_json()
        assert [e.to_json() for e in st.events] == [e.to_json() for e in by_text.events]


def test_MENSCH_BID_4_A_5_qc_counts_as_a_club():
    """A-5: QC counts toward the three clubs: QC and two plain clubs compel a bid; QC and one
    plain club do not."""
    st = deal(club_hands((3, 2, 2, 1), qc=0))
    assert "QC" in hand(st, 0) and st.clubs_held(0) == 3
    refused(st, "pass")
    st = deal(club_hands((2, 2, 2, 2), qc=0))
    assert st.clubs_held(0) == 2
    assert "pass" in legal(st)


def test_MENSCH_BID_4_A_6_no_compulsion_over_after_or_higher():
    """MENSCH-BID-4, A-6: once the highest bid is After or higher a three-club player may
    pass; over Five too."""
    st = deal(club_hands((2, 2, 4, 0)))
    bid_round(st, ["half", "after"])
    assert st.clubs_held(2) == 4
    assert "pass" in legal(st)
    st = deal(club_hands((1, 4, 3, 0)))
    st.apply("five")
    assert "pass" in legal(st)
    st.apply("pass")
    assert "pass" in legal(st)


def test_MENSCH_BID_4_fewer_than_three_clubs_may_bid_half():
    """MENSCH-BID-4: anyone may bid Half (or anything legal) with fewer than three clubs."""
    st = deal(club_hands((0, 3, 3, 2)))
    assert st.clubs_held(0) == 0
    assert legal(st) == {"pass"} | OVER[None]
    st.apply("half")


B5 = [
    ((3, 3, 2, 0), ["half", "after", "pass", "pass"], 1, "after"),
    ((2, 1, 2, 3), ["pass", "pass", "pass", "half"], 3, "half"),
    ((2, 1, 3, 2), ["pass", "five", "five-after", "pass"], 2, "five-after"),
    ((0, 3, 3, 2), ["half", "six", "pass", "six-after"], 3, "six-after"),
    ((2, 2, 2, 2), ["pass", "pass", "pass", "pass"], None, "passed"),
    ((2, 2, 4, 0), ["pass", "pass", "solo", "pass"], 2, "solo"),
    ((2, 3, 3, 0), ["half", "after", "pass", "pass"], 1, "after"),
]
#: For each row and bidder: may he pass?
B5_PASS = [
    [False, False, True, True],
    [True, True, True, False],
    [True, True, True, True],
    [True, False, True, True],
    [True, True, True, True],
    [True, True, False, True],
    [True, False, True, True],
]


@pytest.mark.parametrize(
    ("row", "counts", "bids", "declarer", "contract"),
    [(i, *r) for i, r in enumerate(B5)],
    ids=[f"row{i + 1}" for i in range(len(B5))],
)
def test_MENSCH_BID_B_5_auctions(row, counts, bids, declarer, contract):
    """MENSCH-BID-2..6, MENSCH-TRUMP-1, B-5: each auction row with the row's clubs per seat
    (QC counted): whether each bidder may pass (forced or not), the declarer, the contract,
    the trumps and what comes next."""
    qc = 1 if contract == "passed" else None  # the passed game's declarer: QC's holder
    st = deal(club_hands(counts, qc=qc))
    assert [st.clubs_held(s) for s in range(4)] == list(counts)
    for i, b in enumerate(bids):
        if st.phase != "bid":  # a lone pass made automatically (section C)
            assert b == "pass"
            continue
        assert st.to_move() == i
        if B5_PASS[row][i]:
            assert "pass" in legal(st)
        else:
            refused(st, "pass")
        if row == 5 and i == 3:
            assert legal(st) == {"pass"}  # nothing outbids Solo
        st.apply(b)
    assert bids_of(st) == list(enumerate(bids))
    if contract == "passed":
        declarer = qc
        assert st.high_bid is None
    else:
        assert st.high_bid == contract
    assert st.declarer == declarer
    assert st.contract == contract
    if contract in AUTO_CLUBS:
        assert st.trump == "C"
        assert st.phase == ("call" if contract in PARTNER else "play")
    else:
        assert st.trump is None and st.phase == "trump"
    assert st.to_move() == (declarer if st.phase != "play" else 0)


def test_B_5_row_1_after_declarer_calls_then_eldest_leads():
    """B-5 row 1: seat 1 declares After; clubs trumps; he calls a card; seat 0 leads."""
    st = deal(club_hands((3, 3, 2, 0)))
    bid_round(st, ["half", "after", "pass", "pass"])
    assert st.phase == "call" and st.to_move() == 1 and st.trump == "C"
    refused(st, "trump hearts")
    st.apply(f"call {st.callable_cards()[0].code}")
    assert st.phase == "play" and st.to_move() == 0


def test_B_5_row_3_five_after_alone_eldest_leads():
    """B-5 row 3, A-13: seat 2 plays Five After alone, clubs trumps, no call; seat 0 (an
    opponent) leads."""
    st = deal(club_hands((2, 1, 3, 2)))
    bid_round(st, ["pass", "five", "five-after", "pass"])
    assert st.phase == "play" and st.trump == "C" and st.called is None
    assert st.to_move() == 0


def test_B_5_row_6_solo_declarer_names_trumps_and_leads():
    """B-5 row 6, MENSCH-PLAY-1: seat 2 (forced: Half or higher) bids Solo, names trumps and
    leads the first trick."""
    st = deal(club_hands((2, 2, 4, 0)))
    bid_round(st, ["pass", "pass", "solo", "pass"])
    assert st.phase == "trump" and st.to_move() == 2
    st.apply("trump diamonds")
    assert st.phase == "play" and st.to_move() == 2 and st.trump == "D"


def test_MENSCH_BID_5_overtaken_bidder_has_no_role():
    """MENSCH-BID-5: the highest bidder declares; the overtaken Half bidder is not declarer
    and cannot call."""
    st = deal(club_hands((3, 3, 2, 0)))
    bid_round(st, ["half", "after", "pass", "pass"])
    assert st.declarer == 1 and st.contract == "after" and st.high_bid == "after"
    refused(st, "call AS", seat=0)


def test_MENSCH_BID_6_B_5_passed_game():
    """MENSCH-BID-6, B-5 row 5: four passes: QC's holder declares a passed game, names any
    suit (clubs included), calls a card; E leads."""
    for qc in range(4):
        st = deal(club_hands((2, 2, 2, 2), qc=qc))
        bid_round(st, ["pass"] * 4)
        assert st.contract == "passed" and st.declarer == qc
        assert st.phase == "trump" and st.to_move() == qc
        assert legal(st) == {f"trump {WORD[s]}" for s in SUITS}
        st.apply("trump clubs")
        assert st.trump == "C" and st.phase == "call" and st.to_move() == qc
        st.apply(f"call {st.callable_cards()[0].code}")
        assert st.phase == "play" and st.to_move() == 0


@pytest.mark.parametrize("counts", [(3, 2, 2, 1), (2, 3, 2, 1), (2, 2, 3, 1), (1, 2, 2, 3)])
def test_MENSCH_BID_6_four_passes_need_two_clubs_each(counts):
    """MENSCH-BID-6, B-5 note: a seat with three clubs cannot pass when nobody has bid, so
    four passes need two clubs each."""
    st = deal(club_hands(counts))
    bid_round(st, ["pass"] * counts.index(3))
    refused(st, "pass")


# --- MENSCH-TRUMP --------------------------------------------------------------------------


@pytest.mark.parametrize("contract", list(AUTO_CLUBS))
def test_MENSCH_TRUMP_1_clubs_automatically(contract):
    """MENSCH-TRUMP-1: Half, After and the After bids have clubs trumps at once (no trump
    phase), announced to all; `trump hearts` is refused."""
    st = deal(club_hands((2, 2, 2, 2)))
    bid_round(st, auction(contract, 1))
    assert st.trump == "C" and st.phase != "trump"
    for s in (0, 1, 2, 3, None):
        assert st.view(s)["trump"] == "C"
    refused(st, "trump hearts")
    if contract in PARTNER:
        assert st.phase == "call"
    else:
        assert st.phase == "play" and st.called is None


@pytest.mark.parametrize("contract", ["five", "six", "seven", "solo", "passed"])
@pytest.mark.parametrize("suit", list(SUITS))
def test_MENSCH_TRUMP_1_A_10_declarer_names_any_suit(contract, suit):
    """MENSCH-TRUMP-1, A-10: Five, Six, Seven, Solo and the passed game: the declarer names
    any suit, clubs included (short form `trump S`), announced to all; only he may; then the
    call (passed game) or the play."""
    st = deal(club_hands((2, 2, 2, 2), qc=2))
    bid_round(st, auction(contract, 2))
    assert st.phase == "trump" and st.to_move() == 2
    assert legal(st) == {f"trump {WORD[s]}" for s in SUITS}
    refused(st, f"trump {suit}", seat=3)
    refused(st, "call AS")
    refused(st, "play " + st.hands[2][0].code)
    st.apply(f"trump {suit}")
    assert st.trump == suit
    for s in (0, 1, 2, 3, None):
        assert st.view(s)["trump"] == suit
    assert st.phase == ("call" if contract == "passed" else "play")


# --- MENSCH-CALL ---------------------------------------------------------------------------


def half_call_state(declarer_hand):
    """Seat 0 bids Half holding ``declarer_hand``; the other clubs are spread (at most two a
    seat, so nobody is compelled over Half); the state is in the call."""
    st = deal(fill([declarer_hand, [], [], []]))
    bid_round(st, ["half", "pass", "pass", "pass"])
    assert st.phase == "call" and st.to_move() == 0 and st.trump == "C"
    return st


def called_set(st) -> set[str]:
    return {c.code for c in st.callable_cards()}


def test_MENSCH_CALL_2_B_6_callable_set():
    """MENSCH-CALL-2, B-6: Half; declarer holds QC AC 9C 7C AS 10S AH KD: exactly the 20
    cards KS QS JS 9S 8S 7S, KH..7H, AD QD..7D are callable; own cards and clubs refused."""
    st = half_call_state(["QC", "AC", "9C", "7C", "AS", "10S", "AH", "KD"])
    want = {"KS", "QS", "JS", "9S", "8S", "7S"}
    want |= {"KH", "QH", "JH", "10H", "9H", "8H", "7H"}
    want |= {"AD", "QD", "JD", "10D", "9D", "8D", "7D"}
    assert len(want) == 20
    assert called_set(st) == want
    assert legal(st) == {f"call {c}" for c in want}
    for c in ["AS", "AH", "10S", "KD", *CLUBS]:
        refused(st, f"call {c}")
    refused(st, "call AD", seat=1)
    st.apply("call AD")
    assert st.called.code == "AD" and st.phase == "play"


def test_MENSCH_CALL_2_B_6_no_diamond_no_diamond_call():
    """MENSCH-CALL-2(c), B-6: holding QC AC 9C 7C AS 10S AH KH (no diamond), AD and every
    diamond are refused."""
    st = half_call_state(["QC", "AC", "9C", "7C", "AS", "10S", "AH", "KH"])
    want = ({r + "S" for r in RANKS} - {"AS", "10S"}) | ({r + "H" for r in RANKS} - {"AH", "KH"})
    assert called_set(st) == want
    for r in RANKS:
        refused(st, f"call {r}D")


def test_MENSCH_CALL_4_A_8_B_6_all_aces_held():
    """MENSCH-CALL-4, A-8, B-6: holding QC AC KC JC AS AH AD 7S (every ace he could call),
    any other plain card may be called: kings (customary) and lesser cards alike."""
    st = half_call_state(["QC", "AC", "KC", "JC", "AS", "AH", "AD", "7S"])
    want = {r + s for s in "SHD" for r in RANKS} - {"AS", "AH", "AD", "7S"}
    assert called_set(st) == want
    for c in ("KS", "KH", "KD", "8S", "7H", "QD"):
        assert f"call {c}" in legal(st)
    for c in ("AS", "AH", "AD", "7S", "QC", "AC", "10C"):
        refused(st, f"call {c}")
    st.apply("call 8S")
    assert st.called.code == "8S"


def test_MENSCH_CALL_2_A_8_B_6_passed_game_hearts():
    """MENSCH-CALL-2, A-8, B-6: passed game, hearts trumps, declarer holds QC 8C AS 9S KH 7H
    AD 10D: AC KC JC 10C 9C 7C are callable (he holds 8C); QC and every heart are not."""
    mine = ["QC", "8C", "AS", "9S", "KH", "7H", "AD", "10D"]
    hands = fill([["AC", "KC"], ["JC", "10C"], mine, ["9C", "7C"]], voids=[{"C"}] * 4)
    st = deal(hands)
    bid_round(st, ["pass"] * 4)
    assert st.declarer == 2
    st.apply("trump hearts")
    assert st.phase == "call"
    got = called_set(st)
    assert {"AC", "KC", "JC", "10C", "9C", "7C"} <= got
    assert "QC" not in got and not any(c.endswith("H") for c in got)
    want = {"AC", "KC", "JC", "10C", "9C", "7C"}
    want |= ({r + "S" for r in RANKS} - {"AS", "9S"}) | ({r + "D" for r in RANKS} - {"AD", "10D"})
    assert got == want
    for c in ["QC", "8C", "AH", "QH", "8H", "AS", "AD"]:
        refused(st, f"call {c}")


def test_MENSCH_CALL_2_A_8_qc_is_not_a_club_for_the_call():
    """MENSCH-CALL-2(c), A-8: QC does not count as a club the declarer holds: a passed-game
    declarer (hearts trumps) with QC and no plain club may call no club. Real play never
    has it (the passed-game declarer holds QC and exactly one plain club), so it is the
    ``to_json`` of a real passed game in the call with that plain club swapped for one of
    seat 0's diamonds, loaded with ``from_json``."""
    hands = fill([["AC", "KC", "7D"], ["JC", "10C"], ["QC", "8C"], ["9C", "7C"]], voids=[{"C"}] * 4)
    st = deal(hands)
    bid_round(st, ["pass"] * 4)
    st.apply("trump hearts")
    data = st.to_json()
    data["hands"][2] = [c for c in data["hands"][2] if c != "8C"] + ["7D"]
    data["hands"][0] = [c for c in data["hands"][0] if c != "7D"] + ["8C"]
    st = GAME.from_json(json.loads(json.dumps(data)))
    assert st.phase == "call" and st.declarer == 2 and "8C" not in hand(st, 2)
    got = called_set(st)
    assert not any(c.endswith("C") for c in got)
    held = {c[-1] for c in hand(st, 2) if c != "QC" and not c.endswith("H")}
    assert got == {r + u for u in held for r in RANKS} - hand(st, 2)
    refused(st, "call AC")


def test_MENSCH_CALL_3_eight_trumps():
    """MENSCH-CALL-3: a Half declarer holding all eight clubs meets no card under (c): it is
    dropped and every plain card (24) may be called; trumps still may not."""
    st = half_call_state(CLUBS)
    assert called_set(st) == {r + s for s in "SHD" for r in RANKS}
    assert len(st.legal_actions()) == 24
    refused(st, "call QC")


def test_MENSCH_CALL_3_whole_plain_suit_held():
    """MENSCH-CALL-3: an After declarer holding all eight spades (and no club) has no card
    under (c): it is dropped; every heart and diamond may be called, no club, no spade.
    (Clubs 3, 0, 3, 2: seat 0's Half is forced, seat 2 is released by the After.)"""
    spades = [r + "S" for r in RANKS]
    hands = fill([CLUBS[:3], spades, CLUBS[3:6], CLUBS[6:]], voids=[{"C"}] * 4)
    st = deal(hands)
    bid_round(st, ["half", "after", "pass", "pass"])
    assert st.declarer == 1 and st.phase == "call"
    assert called_set(st) == {r + s for s in "HD" for r in RANKS}
    refused(st, "call AC")
    refused(st, "call AS")


def test_MENSCH_CALL_1_no_call_in_alone_contracts():
    """MENSCH-CALL-1: in Five/Six/Seven/Solo (and the After bids) nobody is called: straight
    to the play."""
    for contract in ("five", "six", "seven", "solo"):
        st = deal(club_hands((2, 2, 2, 2)))
        bid_round(st, auction(contract, 0))
        st.apply("trump spades")
        assert st.phase == "play" and st.called is None
        refused(st, "call AH")


def test_MENSCH_CALL_5_called_card_public_holder_hidden():
    """MENSCH-CALL-5, B-7: the called card is shown to all; who holds it is not: seats 0 and
    1 see exactly the same whether AD is in seat 2's or seat 3's hand."""
    base = fill([["7D"], ["QD"], ["AD", "8D"], ["KH"]])
    swapped = [list(h) for h in base]
    swapped[2][swapped[2].index("AD")] = "KH"
    swapped[3][swapped[3].index("KH")] = "AD"
    a = setup(base, "half", 0, call="AD")
    b = setup(swapped, "half", 0, call="AD")
    assert (a.partner, b.partner) == (2, 3)
    for st in (a, b):
        for s in (0, 1, 2, 3, None):
            assert st.view(s)["called"] == "AD"
            assert st.view(s)["partner"] is None
        assert st.partner_known is False
    for s in (0, 1, None):
        assert a.view(s) == b.view(s)


# --- MENSCH-PLAY ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "contract",
    [
        "half",
        "after",
        "five",
        "five-after",
        "six",
        "six-after",
        "seven",
        "seven-after",
        "solo",
        "passed",
    ],
)
def test_MENSCH_PLAY_1_A_13_opening_lead(contract):
    """MENSCH-PLAY-1, A-13: the Solo declarer leads; in every other contract E leads, even
    when E is an opponent (declarer seat 2 here)."""
    st = deal(club_hands((2, 2, 2, 2), qc=2))
    bid_round(st, auction(contract, 2))
    if contract in NAMES_TRUMP:
        st.apply("trump hearts")
    if st.phase == "call":
        st.apply(f"call {st.callable_cards()[0].code}")
    assert st.phase == "play"
    assert st.to_move() == (2 if contract == "solo" else 0)


def test_MENSCH_PLAY_2_A_11_follow_suit_else_anything():
    """MENSCH-PLAY-2, A-11: a player must follow the led suit; void, he may discard a plain
    card rather than trump (no duty to trump or to beat)."""
    hands = fill([["AS"], ["9S", "KH"], ["7H", "KD"], []], voids=[set(), set(), {"S"}, set()])
    st = setup(hands, "five", 0, trump="H")
    play(st, "AS")
    assert legal(st) == {f"play {c}" for c in hand(st, 1) if c.endswith("S")}
    refused(st, "play KH")
    play(st, "9S")
    assert legal(st) == {f"play {c}" for c in hand(st, 2)}
    play(st, "KD")
    st.apply(st.legal_actions()[0])
    assert st.tricks[0][1] == 0


def test_MENSCH_PLAY_2_refusals_leave_state_unchanged():
    """MENSCH-PLAY-2: a card not held, a play out of turn, or a non-play action is refused
    with a reason; nothing changes."""
    st = setup(fill([["AS"], ["KS"], [], []]), "five", 0, trump="H")
    refused(st, f"play {next(c for c in PACK if c not in hand(st, 0))}")
    refused(st, "play KS", seat=1)
    refused(st, "pass")
    refused(st, "five")
    refused(st, "trump clubs")
    refused(st, "call AD")
    st.apply("play AS", 0)
    assert st.to_move() == 1


def test_MENSCH_PLAY_3_eight_tricks_winner_leads():
    """MENSCH-PLAY-1, MENSCH-PLAY-3: eight tricks; each trick's winner leads the next."""
    st = GAME.new_state(players=4, seed=21, dealer=3)
    while st.phase != "play":
        st.apply(st.legal_actions()[0])
    leaders = []
    while st.deal_no == 1:
        if not st.trick:
            leaders.append(st.to_move())
            if st.tricks:
                assert st.to_move() == st.tricks[-1][1]
                assert st.tricks[-1][1] == st.trick_winner(st.tricks[-1][0])
        st.apply(st.legal_actions()[0])
    assert len(leaders) == 8


# --- B-7: the called card (PLAY-4) ---------------------------------------------------------


def b7_state():
    """Half by seat 0 (clubs trumps), AD called; seat 2 holds AD and 8D, no spade, no club;
    seat 1 holds AS and 7D; seat 3 QS; seat 0 leads KS."""
    hands = fill(
        [
            ["KS", "10D", "QC", "AC", "KC", "JC"],
            ["AS", "7D", "10C", "9C"],
            ["AD", "8D"],
            ["QS", "8C", "7C"],
        ],
        voids=[set(), {"D"}, {"S", "C", "D"}, set()],
    )
    st = setup(hands, "half", 0, call="AD")
    assert st.partner == 2
    return st


def test_MENSCH_PLAY_4_A_9_B_7_no_early_discard_of_called_card():
    """MENSCH-PLAY-4, A-9, B-7: trick 1, KS led, seat 2 has no spades: AD is refused, he
    plays another card; nobody else learns who the partner is."""
    st = b7_state()
    play(st, "KS", "AS")
    assert legal(st) == {f"play {c}" for c in hand(st, 2) if c != "AD"}
    refused(st, "play AD")
    for s in (0, 1, 3, None):
        assert st.view(s)["partner"] is None


def test_MENSCH_PLAY_4_B_7_first_lead_of_the_suit_draws_the_called_card():
    """MENSCH-PLAY-4, B-7: later seat 1 leads 7D (the first diamond lead): seat 2 must play
    AD, not 8D; then every view names the partner."""
    st = b7_state()
    play(st, "KS", "AS", next(c for c in codes(st.hands[2]) if c[-1] == "H"), "QS")
    assert st.tricks[0][1] == 1
    for s in (0, 1, 2, 3, None):
        assert st.view(s)["partner"] is None
    play(st, "7D")
    assert st.to_move() == 2
    assert legal(st) == {"play AD"}
    refused(st, "play 8D")
    st.apply("play AD")
    assert st.partner_known is True
    for s in (0, 1, 2, 3, None):
        assert st.view(s)["partner"] == 2


def test_MENSCH_PLAY_4_B_7_partner_leading_the_suit_first_leads_the_called_card():
    """MENSCH-PLAY-4, B-7: had seat 2 been first to lead a diamond, only AD was legal as his
    diamond lead; any other suit he may lead."""
    hands = fill(
        [["KS", "10D", "QC", "AC"], ["AS", "7D", "KC"], ["AD", "8D", "JC", "AH"], ["QS", "10C"]],
        voids=[set(), {"D"}, {"S", "D"}, {"D"}],
    )
    st = setup(hands, "half", 0, call="AD")
    play(st, "KS", "AS", "JC", "QS")  # seat 2 trumps (clubs are trumps) and wins
    assert st.tricks[0][1] == 2 and st.to_move() == 2
    assert legal(st) == {f"play {c}" for c in hand(st, 2) if c != "8D"}
    refused(st, "play 8D")
    st.apply("play AD")
    assert st.partner_known
    assert all(st.view(s)["partner"] == 2 for s in range(4))


def test_MENSCH_PLAY_4_called_card_alone_in_hand_A_3_half_swept():
    """MENSCH-PLAY-4: until diamonds are led the partner (seat 2, void in hearts) throws
    other diamonds, never AD; when AD is the only card left he plays it to a heart lead.
    Diamonds are never led; seat 1 takes all eight tricks, so the Half side takes none:
    -4 -4 +4 (MENSCH-SCORE-2, A-3). Seat 0 deals; seat 1 is E."""
    hands = [
        ["KS", "9S", "7C", "10C", "10H", "9H", "10D", "9D"],  # seat 0, declarer
        ["AS", "10S", "QC", "JC", "AH", "KH", "QH", "JH"],  # seat 1, leads and wins all
        ["QS", "8S", "AC", "9C", "KD", "QD", "JD", "AD"],  # seat 2, partner
        ["JS", "7S", "KC", "8C", "8H", "7H", "8D", "7D"],  # seat 3
    ]
    st = deal(hands, dealer=0)
    bid_round(st, ["pass", "pass", "pass", "half"])  # order 1, 2, 3, 0
    assert st.declarer == 0
    st.apply("call AD")
    assert st.partner == 2 and st.to_move() == 1
    script = [
        ["AS", "QS", "JS", "KS"],
        ["10S", "8S", "7S", "9S"],
        ["QC", "AC", "KC", "7C"],
        ["JC", "9C", "8C", "10C"],
        ["AH", "KD", "8H", "10H"],
        ["KH", "QD", "7H", "9H"],
        ["QH", "JD", "8D", "10D"],
        ["JH", "AD", "7D", "9D"],
    ]
    for i, t in enumerate(script):
        for j, c in enumerate(t):
            seat = (1 + j) % 4
            assert st.to_move() == seat
            if seat == 2 and i >= 4:
                if i < 7:
                    assert "play AD" not in legal(st)
                    assert legal(st) == {f"play {x}" for x in hand(st, 2) if x != "AD"}
                else:
                    assert legal(st) == {"play AD"}  # the only card left
            st.apply(f"play {c}")
        if i < 7:
            assert st.tricks[-1][1] == 1
    rec = st.history[0]
    assert rec["side_tricks"] == 0 and rec["partner"] == 2
    assert rec["changes"] == [-4, 4, -4, 4]


def test_MENSCH_PLAY_4_RANK_4_qc_lead_is_not_a_club_lead():
    """MENSCH-PLAY-4, RANK-4: passed game, hearts trumps, AC called: the QC lead is a trump
    lead, so the partner (seat 1, no hearts) may not throw AC to it (KC he may); the first
    plain club lead then draws AC."""
    hands = fill(
        [["QC", "8C", "AH"], ["AC", "KC"], ["JC", "10C"], ["9C", "7C"]],
        voids=[{"C"}, {"C", "H"}, {"C"}, {"C"}],
    )
    st = deal(hands)
    bid_round(st, ["pass"] * 4)
    assert st.declarer == 0
    st.apply("trump hearts")
    st.apply("call AC")
    assert st.partner == 1
    play(st, "QC")
    assert legal(st) == {f"play {c}" for c in hand(st, 1) if c != "AC"}
    refused(st, "play AC")
    play(st, "KC")
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    assert st.tricks[0][1] == 0 and not st.partner_known
    play(st, "8C")  # the first plain club lead
    assert legal(st) == {"play AC"}


# --- MENSCH-SCORE: B-8 ---------------------------------------------------------------------


def expected_changes(contract, trump, side, variant, declarer, partner):
    """MENSCH-SCORE-1..8 written out independently (compared with the B-8 rows)."""
    made = side >= NEEDED[contract]
    sweep = side in (0, 8)
    if contract in PARTNER:
        d = 1 if made else (-1 if contract == "passed" and variant == STD else -2)
        if sweep:
            d *= 2
        return [d if s in (declarer, partner) else -d for s in range(4)]
    if contract == "solo":
        rate = 8 if trump == "C" else 4
        o = -rate if side == 8 else rate
    else:
        o = (2 if trump == "C" else 1) * (-1 if made else 1) * (2 if sweep else 1)
    return [-3 * o if s == declarer else o for s in range(4)]


B8_PARTNER = [
    (8, (2, 2, -2)),
    (7, (1, 1, -1)),
    (6, (1, 1, -1)),
    (5, (1, 1, -1)),
    (4, (-2, -2, 2)),
    (3, (-2, -2, 2)),
    (2, (-2, -2, 2)),
    (1, (-2, -2, 2)),
    (0, (-4, -4, 4)),
]


@pytest.mark.parametrize("contract", ["half", "after"])
@pytest.mark.parametrize(("side", "want"), B8_PARTNER)
def test_MENSCH_SCORE_4_A_1_A_3_B_8_half_and_after(contract, side, want):
    """MENSCH-SCORE-1, SCORE-2, SCORE-4, A-1, A-3, B-8: Half/After (clubs), seat 1 declares,
    seat 2 is called: 8: +2 +2 -2; 5-7: +1 +1 -1; 1-4: -2 -2 +2; 0: -4 -4 +4."""
    st = run_plan(contract, "C", 1, side, partner=2)
    rec = st.history[0]
    d, p, o = want
    changes = [o, d, p, o]
    assert rec["changes"] == changes
    assert st.chips == changes and st.scores() == changes and rec["chips"] == changes
    assert sum(changes) == 0
    assert rec["declarer"] == 1 and rec["partner"] == 2 and rec["deal"] == 1
    assert rec["contract"] == contract and rec["trump"] == "C" and rec["called"] is not None
    assert changes == expected_changes(contract, "C", side, STD, 1, 2)


B8_PASSED = {
    STD: [(8, 2), (7, 1), (6, 1), (5, 1), (4, -1), (3, -1), (2, -1), (1, -1)],
    DBL: [(8, 2), (7, 1), (6, 1), (5, 1), (4, -2), (3, -2), (2, -2), (1, -2)],
}


@pytest.mark.parametrize("trump", ["C", "H", "S"])
@pytest.mark.parametrize(
    ("variant", "side", "d"), [(v, s, d) for v, rows in B8_PASSED.items() for s, d in rows]
)
def test_MENSCH_SCORE_5_6_A_2_B_8_passed_game(variant, side, d, trump):
    """MENSCH-SCORE-5, SCORE-6, A-2, B-8: the passed game (any trumps; seat 2 holds QC and
    calls seat 0's card): 8: +2; 5-7: +1; 1-4: -1 (``standard``) or -2 (``allpass-double``);
    declarer and partner alike, each opponent the opposite."""
    st = run_plan("passed", trump, 2, side, partner=0, variant=variant)
    rec = st.history[0]
    want = [d, -d, d, -d]
    assert rec["changes"] == want and st.chips == want and sum(want) == 0
    assert rec["contract"] == "passed" and rec["partner"] == 0 and rec["trump"] == trump
    assert want == expected_changes("passed", trump, side, variant, 2, 0)


def passed_zero_json(variant):
    """A passed game (declarer seat 2, partner seat 0, hearts trumps, KS called) with one
    trick to go, in which seats 1 and 3 won all seven finished tricks and win the last.

    Real play cannot reach it (the declarer holds QC, and QC always wins a trick), so it is
    the ``to_json`` of a real passed game in the call, with trumps, the call and seven
    finished tricks written in: each trick a real trick (every seat following the suit led,
    the winner holding its best card and leading the next); seat 1 is given QC's trick."""
    st = deal(club_hands((2, 2, 2, 2), qc=2), variant=variant)
    bid_round(st, ["pass"] * 4)
    st.apply("trump hearts")
    data = st.to_json()
    plan7 = [
        (1, ["AS", "KS", "QS", "JS"]),
        (1, ["AD", "KD", "QD", "JD"]),
        (1, ["7H", "AH", "KH", "QH"]),
        (1, ["QC", "JH", "10H", "9H"]),
        (3, ["AC", "KC", "JC", "10C"]),
        (3, ["10S", "9S", "8S", "7S"]),
        (3, ["10D", "9D", "8D", "7D"]),
    ]
    tricks, played, lead = [], [], 0
    for w, cards in plan7:
        seats = [(lead + i) % 4 for i in range(4)]
        rest = cards[1:]
        got = {w: cards[0]}
        for s in seats:
            if s not in got:
                got[s] = rest.pop(0)
        tricks.append({"plays": [[s, got[s]] for s in seats], "winner": w})
        played += [got[s] for s in seats]
        lead = w
    assert tricks[0]["plays"][0] == [0, "KS"]  # the first spade trick: seat 0 played KS
    last = {3: "8H", 0: "9C", 1: "8C", 2: "7C"}
    assert sorted(played + list(last.values())) == sorted(PACK)
    data.update(
        phase="play",
        turn=3,
        hands=[[last[s]] for s in range(4)],
        called="KS",
        partner=0,
        partner_known=True,
        called_led=True,
        trick={"leader": 3, "plays": []},
        tricks=tricks,
        played=played,
    )
    return GAME.from_json(json.loads(json.dumps(data)))


@pytest.mark.parametrize(("variant", "d"), [(STD, -2), (DBL, -4)])
def test_MENSCH_SCORE_5_6_B_8_passed_game_no_trick(variant, d):
    """MENSCH-SCORE-2, SCORE-5, SCORE-6, B-8: a passed game whose side takes no trick:
    ``standard`` -2 -2 +2, ``allpass-double`` -4 -4 +4 (a JSON position: see
    ``passed_zero_json``)."""
    st = passed_zero_json(variant)
    assert st.tricks_won == [0, 4, 0, 3]
    play(st, "8H", "9C", "8C", "7C")
    rec = st.history[0]
    assert rec["side_tricks"] == 0
    assert rec["changes"] == [d, -d, d, -d] and st.chips == [d, -d, d, -d]


B8_FIVE_PLAIN = [(8, 6), (7, 3), (6, 3), (5, 3), (4, -3), (1, -3), (0, -6)]


@pytest.mark.parametrize("trump", ["S", "H", "D"])
@pytest.mark.parametrize(("side", "d"), B8_FIVE_PLAIN)
def test_MENSCH_SCORE_7_B_8_five_plain_trumps(trump, side, d):
    """MENSCH-SCORE-7, SCORE-2, B-8: Five in S/H/D (seat 1): made under 8 +3 (each opponent
    -1); 8: +6 (-2); failed with 1 or more -3 (+1); 0: -6 (+2)."""
    st = run_plan("five", trump, 1, side)
    want = [-d // 3, d, -d // 3, -d // 3]
    assert st.history[0]["changes"] == want and st.chips == want
    assert want == expected_changes("five", trump, side, STD, 1, None)


@pytest.mark.parametrize(
    ("contract", "trump", "side", "d"),
    [
        ("five", "H", 5, 3),
        ("five", "H", 4, -3),
        ("six", "H", 6, 3),
        ("six", "H", 5, -3),
        ("six", "S", 7, 3),
        ("six", "S", 8, 6),
        ("six", "D", 0, -6),
        ("six", "D", 1, -3),
        ("seven", "S", 7, 3),
        ("seven", "S", 6, -3),
        ("seven", "D", 8, 6),
        ("seven", "H", 1, -3),
        ("seven", "H", 0, -6),
    ],
)
def test_MENSCH_BID_1_SCORE_7_B_8_thresholds(contract, trump, side, d):
    """MENSCH-BID-1, SCORE-7, B-8 thresholds: Five made with 5, failed with 4; Six 6/5;
    Seven 7/6 (seat 0 declares, in S/H/D)."""
    st = run_plan(contract, trump, 0, side)
    want = [d, -d // 3, -d // 3, -d // 3]
    assert st.history[0]["changes"] == want


B8_CLUBS = {
    5: [(8, 12), (7, 6), (5, 6), (4, -6), (1, -6), (0, -12)],
    6: [(8, 12), (6, 6), (5, -6), (2, -6), (0, -12)],
    7: [(8, 12), (7, 6), (6, -6), (3, -6), (0, -12)],
}


@pytest.mark.parametrize(
    ("contract", "side", "d"),
    [
        (c, s, d)
        for c in ("five", "six", "seven", "five-after", "six-after", "seven-after")
        for s, d in B8_CLUBS[NEEDED[c]]
    ],
)
def test_MENSCH_SCORE_7_A_4_B_8_clubs(contract, side, d):
    """MENSCH-SCORE-7, SCORE-2, A-4, B-8: Five/Six/Seven in clubs and the Five/Six/Seven
    After bids pay 2 a opponent (seat 2 declares): made under 8 +6; 8: +12; failed with 1 or
    more -6; 0: -12."""
    st = run_plan(contract, "C", 2, side)
    want = [-d // 3, -d // 3, d, -d // 3]
    rec = st.history[0]
    assert rec["changes"] == want
    assert rec["trump"] == "C" and rec["contract"] == contract and rec["partner"] is None
    assert want == expected_changes(contract, "C", side, STD, 2, None)


@pytest.mark.parametrize(
    ("trump", "side", "d"),
    [
        ("S", 8, 12),
        ("H", 8, 12),
        ("H", 7, -12),
        ("D", 4, -12),
        ("D", 0, -12),
        ("C", 8, 24),
        ("C", 7, -24),
        ("C", 1, -24),
        ("C", 0, -24),
    ],
)
def test_MENSCH_SCORE_8_A_3_B_8_solo(trump, side, d):
    """MENSCH-SCORE-8, SCORE-2, A-3, B-8: Solo (seat 3 declares and leads): 4 a opponent (8
    in clubs), won only with all 8 tricks; never doubled, even when the declarer takes
    none."""
    st = run_plan("solo", trump, 3, side)
    want = [-d // 3, -d // 3, -d // 3, d]
    assert st.history[0]["changes"] == want
    assert want == expected_changes("solo", trump, side, STD, 3, None)


def test_MENSCH_SCORE_1_partner_tricks_count_for_the_side():
    """MENSCH-SCORE-1: the side's tricks are the declarer's and the partner's together:
    seat 1 takes 2, his partner seat 3 takes 4: made (6)."""

    def split(ws, kinds):
        return ws.count(1) == 2 and ws.count(3) == 4

    st = run_plan("half", "C", 1, 6, partner=3, extra=split)
    assert st.history[0]["changes"] == [-1, 1, -1, 1]


def test_MENSCH_SCORE_3_changes_sum_to_zero_every_deal():
    """MENSCH-SCORE-3: each deal's changes add to zero; chips are the running totals (and
    may go negative)."""
    negative = False
    for seed in range(6):
        st = GAME.new_state(players=4, seed=seed, options={"deals": 4})
        running = [0, 0, 0, 0]
        n = 0
        while not st.is_over():
            st.apply(st.legal_actions()[-1])
            while n < len(st.history):
                rec = st.history[n]
                assert sum(rec["changes"]) == 0
                running = [a + b for a, b in zip(running, rec["changes"], strict=True)]
                assert rec["chips"] == running
                n += 1
            assert sum(st.chips) == 0 and st.chips == running
            negative |= min(st.chips) < 0
    assert negative


# --- B-9: a short match --------------------------------------------------------------------


def load_hands(st, hands):
    """The current deal (in the auction, nothing bid yet) with ``hands`` instead: the
    position written by ``to_json``, its hands changed, and loaded with ``from_json``."""
    data = st.to_json()
    assert data["phase"] == "bid" and not data["bids"]
    data["hands"] = [[code(c) for c in h] for h in hands]
    return GAME.from_json(json.loads(json.dumps(data)))


def test_B_9_short_match():
    """B-9, MENSCH-PLAYERS-2, SCORE-3: deal 1: seat 1 Half, calls AD held by seat 2, the
    side takes 6: (-1, +1, +1, -1). Deal 2 (seat 0 deals): seat 2 Six in hearts, takes 5:
    (+1, +1, -3, +1). Totals (0, 2, -2, 0), sum 0."""

    def ad_to_partner(ws, kinds):
        return ws[kinds.index("D")] == 2  # seat 2 wins the first diamond trick with AD

    hands, tricks, winners, called = plan("half", "C", 1, 6, partner=2, extra=ad_to_partner)
    assert called == "AD"
    st = deal(hands, deals=4)
    bid_round(st, ["pass", "half", "pass", "pass"])
    st.apply("call AD")
    play_plan(st, tricks, winners)
    rec = st.history[0]
    assert rec["changes"] == [-1, 1, 1, -1] and rec["side_tricks"] == 6
    assert rec["partner"] == 2 and rec["called"] == "AD" and rec["declarer"] == 1
    assert st.chips == [-1, 1, 1, -1]
    assert st.deal_no == 2 and st.dealer == 0 and st.to_move() == 1
    hands2, tricks2, winners2, _ = plan("six", "H", 2, 5, dealer=0)
    st = load_hands(st, hands2)
    bid_round(st, ["pass", "six", "pass", "pass"])  # order 1, 2, 3, 0
    assert st.declarer == 2
    st.apply("trump hearts")
    assert st.to_move() == 1
    play_plan(st, tricks2, winners2)
    rec = st.history[1]
    assert rec["changes"] == [1, 1, -3, 1] and rec["deal"] == 2
    assert st.chips == [0, 2, -2, 0] and rec["chips"] == [0, 2, -2, 0]
    assert sum(st.chips) == 0 and len(st.history) == 2
    assert st.deal_no == st.deals_played() == 3  # the third deal is dealt


# --- MENSCH-END ----------------------------------------------------------------------------


@pytest.mark.parametrize("deals", [4, "4", 8, "12", 16, 20])
def test_MENSCH_END_1_match_length(deals):
    """MENSCH-END-1: a match is ``deals`` deals (int or str; resolved to an int), so each
    player deals equally often; then it is over."""
    st = GAME.new_state(players=4, seed=3, options={"deals": deals})
    assert st.deals == int(deals)
    dealers = Counter()
    while not st.is_over():
        if st.phase == "bid" and not st.bids:
            dealers[st.dealer] += 1
        st.apply(st.legal_actions()[0])
    assert st.deals_played() == int(deals) == len(st.history)
    assert st.phase == "over" and st.to_move() is None and not st.legal_actions()
    assert dealers == Counter({s: int(deals) // 4 for s in range(4)})


def test_MENSCH_END_1_default_and_refused_lengths():
    """MENSCH-END-1: default 8 deals; other lengths are refused."""
    assert GAME.new_state(players=4, seed=1).deals == 8
    for bad in (5, "0", 24, "x"):
        with pytest.raises(ValueError):
            GAME.new_state(players=4, seed=1, options={"deals": bad})


def test_MENSCH_END_2_A_12_most_chips_win_ties_joint():
    """MENSCH-END-2, A-12: the most chips win; ties for the most are joint winners (seeded
    matches with at least one tie and one outright win)."""
    ties = outright = 0
    for seed in range(60):
        st = GAME.new_state(players=4, seed=seed, options={"deals": 4})
        while not st.is_over():
            acts = st.legal_actions()
            st.apply(acts[seed % len(acts)])
        chips = st.scores()
        best = [s for s in range(4) if chips[s] == max(chips)]
        assert st.winners() == best
        assert st.view(0)["winners"] == best
        ties += len(best) > 1
        outright += len(best) == 1
        if ties and outright:
            break
    assert ties and outright


# --- views and JSON ------------------------------------------------------------------------


def test_view_hides_hands_shows_public_facts():
    """Section C, hidden information: each seat sees its own hand only; bids, contract,
    trumps, the called card, tricks and chips are public."""
    st = setup(fill([["7D"], ["QD"], ["AD", "8D"], []]), "half", 0, call="AD")
    for s in range(4):
        v = st.view(s)
        assert sorted(v["hand"]) == sorted(hand(st, s))
        assert v["called"] == "AD" and v["trump"] == "C" and v["contract"] == "half"
        assert v["declarer"] == 0 and v["partner"] is None and v["high_bid"] == "half"
        assert [list(b) for b in v["bids"]] == [[0, "half"], [1, "pass"], [2, "pass"], [3, "pass"]]
        assert v["chips"] == [0, 0, 0, 0] and v["tricks_won"] == [0, 0, 0, 0]
        others = {c for o in range(4) if o != s for c in hand(st, o)} - {"AD"}
        assert not others & set(json.dumps(v).replace('"', " ").split())


def test_json_round_trip_through_a_match():
    """``from_json(to_json())`` round-trips in every phase; the copy plays on alike."""
    st = GAME.new_state(players=4, seed=17, options={"deals": 4})
    steps = 0
    while not st.is_over():
        copy = GAME.from_json(json.loads(json.dumps(st.to_json())))
        assert copy.to_json() == st.to_json()
        for s in range(4):
            assert copy.view(s) == st.view(s)
        act = st.legal_actions()[steps % len(st.legal_actions())]
        st.apply(act)
        copy.apply(str(act))
        assert copy.to_json() == st.to_json()
        steps += 1
    assert GAME.from_json(json.loads(json.dumps(st.to_json()))).to_json() == st.to_json()


def test_the_settlement_line_says_one_trick_in_the_singular() -> None:
    """The log's settlement line counts the declaring side's tricks: "with 1 trick"."""
    from cardsuite.games.mensch.wording import settles

    data = {"side_tricks": 1, "made": False, "contract": "passed", "changes": [1, -1, 0, 0]}
    assert "with 1 trick:" in settles(None, data)
    assert "with 2 tricks:" in settles(None, {**data, "side_tricks": 2})
