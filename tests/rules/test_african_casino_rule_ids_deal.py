"""African Casino's rules of players, pack, deal, table, end of deal, scoring and versions,
one test (at least) per rule ID of ``../shared/rules/african-casino.md`` §1-3 and §14-15.

Positions are dealt from stacked decks (``new_state(deck=..., dealer=...)``) or written by
hand and loaded (``casino_positions.position``); everything is read through the public API
(``legal_actions``, ``apply``, ``view``, ``scores``, ``winners``, the events). Each test
names the rule IDs it exercises in its docstring; ``test_african_casino_rule_ids.py``
checks that every rule ID is cited so."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from casino_positions import GAME, game_fixture, legal, pile, position, refused

from cardsuite.engine import Game

game = game_fixture()

PACK52 = [c.code for c in GAME.full_pack(2, {})]
PACK40 = [c.code for c in GAME.full_pack(2, {}, "south-african")]


def counted(st: Any) -> Counter[str]:
    """Every card of the public view (hands counted by their sizes, the stock by its size)
    and how many there are: the pack, as far as everyone can see it."""
    v = st.view(None)
    out: Counter[str] = Counter(v["loose"])
    for b in v["builds"]:
        out.update(c for u in b["units"] for c in u)
    for p in v["piles"]:
        out.update(p["cards"])
    out["(hidden)"] = sum(v["hand_sizes"]) + v["stock"]
    return out


def end_of_deal(game: Game, **kw: Any) -> Any:
    """Two players in the second half, one card each, P1 to move: two trails end the deal."""
    kw.setdefault("players", 2)
    return position(game, half=2, **kw)


def test_PLAY_1_two_to_four_players_partners_opposite(game: Game) -> None:
    """CASINO-PLAY-1: 2, 3 or 4 players; with 4, seats 0+2 play against 1+3 (one score per
    side, one pile per side in Swazi); with 3, each plays alone."""
    for n in (1, 5):
        with pytest.raises(ValueError, match="2-4 players"):
            game.new_state(players=n, seed=1)
    four = game.new_state(players=4, seed=1)
    assert four.view(None)["pile_of"] == [0, 1, 0, 1]
    three = game.new_state(players=3, seed=1)
    assert three.view(None)["pile_of"] == [0, 1, 2] and len(three.view(None)["totals"]) == 3
    # a capture by seat 2 lands on seat 0's side: partners, not each alone
    st = position(game, 4, hands={2: "9S 2C"}, loose="9C 3H", turn=2)
    st.apply("capture 9S: 9C")
    assert pile(st, 0)[-2:] == ["9C", "9S"]


def test_PLAY_2_play_passes_to_the_right_in_seat_order(game: Game) -> None:
    """CASINO-PLAY-2: seats are numbered in playing order; after each turn the next seat
    plays, and after the last seat the first again."""
    st = position(game, 3, hands={0: "2C 3C", 1: "4C 5C", 2: "6C 7C"}, loose="KS")
    seen = []
    for text in ("trail 2C", "trail 4C", "trail 6C", "trail 3C"):
        seen.append(st.to_move())
        st.apply(text)
    assert seen == [0, 1, 2, 0] and st.to_move() == 1


def test_DECK_1_the_pack_per_version(game: Game) -> None:
    """CASINO-DECK-1: Swazi and Sotho deal the 52-card pack; the South African game 40 (no
    court cards). Every card of the pack is somewhere once."""
    assert len(PACK52) == len(set(PACK52)) == 52
    assert len(PACK40) == 40 and not {"JS", "QH", "KD"} & set(PACK40)
    for players in (2, 3, 4):
        for variant, size in (("swazi", 52), ("sotho", 52), ("south-african", 40)):
            st = game.new_state(players=players, variant=variant, seed=players)
            assert sum(counted(st).values()) == size
    assert len(game.full_pack(2, {}, "south-african")) == 40


def test_DECK_2_court_cards_capture_eleven_twelve_thirteen(game: Game) -> None:
    """CASINO-DECK-2: J counts 11, Q 12, K 13, pips their number: a jack takes 6+5, a queen
    7+5, a king 8+5 or 7+6, and no court card takes a sum of another value."""
    st = position(game, hands={0: "JS QS KS"}, loose="6C 5D 7H 8D")
    caps = {a for a in legal(st) if a.startswith("capture")}
    assert caps == {
        "capture JS: 6C+5D",
        "capture QS: 7H+5D",
        "capture KS: 8D+5D",
        "capture KS: 7H+6C",
        "capture KS: 8D+5D 7H+6C",
    }
    assert "units of 12" in refused(st, "capture QS: 6C+5D")


def test_DECK_3_an_ace_counts_one_or_fourteen_fixed_in_a_set_and_a_build(game: Game) -> None:
    """CASINO-DECK-3: a hand ace counts 1 or 14 as it is used: it takes a loose ace either way
    and 9+5 as 14; inside a set it counts 1 only (AC+2S is a 3, never 16); once in a build its
    value stays (a B1 of aces is no 14 to a played ace)."""
    st = position(game, hands={0: "AH 2S 3S"}, loose="AC 9C 5D")
    steps = legal(st)
    assert {"capture AH=1: AC", "capture AH=14: 9C+5D", "capture AH=14: AC 9C+5D"} <= steps
    assert {"build 3: AC 2S", "build 2: AC AH"} <= steps
    assert not any(a.startswith("build 16") or a.startswith("build 15") for a in steps)
    refused(st, "build 16: AC 2S")
    # a build of 1 (two aces as units of 1) is taken by an ace as 1, not as 14
    st = position(game, hands={0: "AH 4C"}, builds=((1, 0, ["AC", "AD"]),))
    assert "capture AH=1: B1" in legal(st)
    refused(st, "capture AH=14: B1")


def test_DECK_4_suits_matter_only_for_scoring(game: Game) -> None:
    """CASINO-DECK-4: the same position with the suits exchanged offers the same steps,
    suit for suit."""
    swap = str.maketrans("SHDC", "HSCD")

    def steps(h: str, lo: str) -> set[str]:
        return legal(position(game, hands={0: h}, loose=lo))

    plain = steps("10S 7C 5D", "5H 3C 2D 9S")
    swapped = steps("10S 7C 5D".translate(swap), "5H 3C 2D 9S".translate(swap))
    assert len(plain) > 10
    assert {a.translate(swap) for a in plain} == swapped


def test_DEAL_1_the_first_dealer_is_drawn_from_the_seed(game: Game) -> None:
    """CASINO-DEAL-1: the first dealer is chosen at random from the seeded generator (the
    same seed, the same dealer; every seat deals for some seed); ``dealer=`` sets it."""
    for players in (2, 3, 4):
        dealers = {game.new_state(players=players, seed=s).view(None)["dealer"] for s in range(40)}
        assert dealers == set(range(players))
        assert (
            game.new_state(players=players, seed=7).view(None)["dealer"]
            == game.new_state(players=players, seed=7).view(None)["dealer"]
        )
    assert game.new_state(players=3, seed=7, dealer=1).view(None)["dealer"] == 1


def test_DEAL_1_after_each_deal_the_deal_passes_to_the_right(game: Game) -> None:
    """CASINO-DEAL-1: when a deal is scored and the game goes on, the next seat deals."""
    st = end_of_deal(
        game, hands={0: "QC", 1: "KD"}, loose="3C 8H", last_capturer=1, turn=1, dealer=0
    )
    assert st.view(None)["dealer"] == 0
    st.apply("trail KD")
    st.apply("trail QC")
    v = st.view(None)
    assert v["deal_no"] == 2 and v["dealer"] == 1 and st.to_move() == 0


def test_DEAL_2_layout_of_four_then_the_deal_from_the_first_player(game: Game) -> None:
    """CASINO-DEAL-2: the player on the dealer's right plays first and the dealer last; four
    cards face up make the layout; the dealer deals the rest one at a time from the first
    player: 16 each with three players, 12 with four."""
    deck = ["5H", "3C", "2D", "9S", "AS", "KS", "QS", "2H", "3H", "4H"]
    st = game.new_state(players=3, deck=deck, seed=1, dealer=1, options={"insist": "off"})
    assert st.view(None)["loose"] == ["5H", "3C", "2D", "9S"]
    assert [st.view(s)["hand"][:2] for s in (2, 0, 1)] == [["AS", "2H"], ["KS", "3H"], ["QS", "4H"]]
    assert st.view(None)["hand_sizes"] == [16, 16, 16]
    order = []
    for _ in range(3):
        seat = st.to_move()
        order.append(seat)
        st.apply(next(a for a in st.legal_actions() if str(a).startswith("trail")))
        if st.to_move() == seat:  # free builds were still possible: the turn is ended
            st.apply("end")
    assert order == [2, 0, 1]  # the dealer (seat 1) plays last
    assert game.new_state(players=4, seed=2).view(None)["hand_sizes"] == [12] * 4


def test_DEAL_3_two_players_play_two_halves_of_twelve(game: Game) -> None:
    """CASINO-DEAL-3: with two players, 12 cards each and 24 wait; when both hands are
    empty the dealer deals the other 24, the layout stays, and the first player leads."""
    st = game.new_state(players=2, seed=5, dealer=1)
    v = st.view(None)
    assert (v["hand_sizes"], v["stock"], v["half"], len(v["loose"])) == ([12, 12], 24, 1, 4)
    st = position(game, 2, hands={0: "QC", 1: "KD"}, loose="3C 8H", dealer=1)
    assert st.view(None)["stock"] == 24
    st.apply("trail QC")
    events = st.apply("trail KD")
    v = st.view(None)
    assert any(e.kind == "deal" for e in events)
    assert (v["half"], v["hand_sizes"], v["stock"], st.to_move()) == (2, [12, 12], 0, 0)
    assert v["loose"] == ["3C", "8H", "QC", "KD"] and v["deal_no"] == 1


def test_DEAL_4_a_stacked_deck_gives_the_layout_then_deals_from_the_first_player(
    game: Game,
) -> None:
    """CASINO-DEAL-4: ``deck=`` (top first): four layout cards (none for two or four South
    African players, one for three), then one card at a time from the first player."""
    deck = ["5H", "3C", "2D", "9S", "AS", "KS", "2H", "3H"]
    st = game.new_state(players=2, deck=deck, seed=1, dealer=1)
    assert st.view(None)["loose"] == deck[:4]
    assert st.view(0)["hand"][:2] == ["AS", "2H"] and st.view(1)["hand"][:2] == ["KS", "3H"]
    deck = ["5H", "3C", "2D", "9S", "AS", "10S", "2H", "3H"]
    sa = game.new_state(players=2, variant="south-african", deck=deck, seed=1, dealer=1)
    assert sa.view(None)["loose"] == []
    assert sa.view(0)["hand"][:2] == ["5H", "2D"] and sa.view(1)["hand"][:2] == ["3C", "9S"]
    sa3 = game.new_state(players=3, variant="south-african", deck=deck, seed=1, dealer=2)
    assert sa3.view(None)["loose"] == ["5H"]
    assert [sa3.view(s)["hand"][:2] for s in range(3)] == [
        ["3C", "AS"],
        ["2D", "10S"],
        ["9S", "2H"],
    ]


def test_DEAL_5_no_initial_layout_is_forbidden(game: Game) -> None:
    """CASINO-DEAL-5: no layout is refused or redealt, four aces or four of a kind
    included; the first player plays on it."""
    for layout in (["AS", "AH", "AD", "AC"], ["5S", "5H", "5D", "5C"]):
        st = game.new_state(players=2, deck=layout, seed=3, dealer=1)
        assert st.view(None)["loose"] == layout and st.to_move() == 0 and st.legal_actions()


def test_TAB_1_piles_face_up_one_per_player_or_partnership(game: Game) -> None:
    """CASINO-TAB-1: captured cards lie face up on a pile (every seat sees them); one pile a
    player, one a partnership in four-player Swazi and South African, four in Sotho."""
    for variant, piles in (("swazi", 2), ("south-african", 2), ("sotho", 4)):
        assert len(game.new_state(players=4, variant=variant, seed=1).view(None)["piles"]) == piles
    assert len(game.new_state(players=2, seed=1).view(None)["piles"]) == 2
    st = position(game, 3, hands={0: "9S 2C"}, loose="5H 4C 3D")
    st.apply("capture 9S: 5H+4C")
    for seat in (None, 1, 2):
        p = st.view(seat)["piles"][0]
        assert (p["cards"][-3:], p["top"]) == (["5H", "4C", "9S"], "9S")


def test_PART_1_partners_score_together(game: Game) -> None:
    """CASINO-PART-1: in the four-player game each side's score is one score, shown for
    both partners; Swazi partners capture onto one shared pile."""
    st = position(game, 4, hands={0: "9S 2C", 1: "KD 2D", 2: "8S 3C", 3: "KC 3D"}, loose="9C 8D")
    st.apply("capture 9S: 9C")
    st.apply("trail 2D")
    st.apply("capture 8S: 8D")
    assert pile(st, 0)[-4:] == ["9C", "9S", "8D", "8S"]
    scores = st.scores()
    assert scores[0] == scores[2] and scores[1] == scores[3]


def _scoring_piles(p1_cards: int) -> tuple[list[str], list[str]]:
    """EX-21's piles before the last two trails: P1 27 cards with seven spades (2S among
    them) and AH AC; P2 the rest but 3C 8H (on the layout) and QC KD (the last hands)."""
    special = {"2S", "3S", "4S", "5S", "6S", "7S", "8S", "AH", "AC"}
    out = {"3C", "8H", "QC", "KD"}
    plain = [
        c
        for c in PACK52
        if c not in special | out and not c.endswith("S") and c not in ("AD", "10D")
    ]
    p1 = [*sorted(special), *plain[: p1_cards - len(special)]]
    p2 = [c for c in PACK52 if c not in p1 and c not in out]
    return p1, p2


@pytest.mark.parametrize(("p1_cards", "points"), [(27, [7, 4]), (26, [6, 5])])
def test_SCORE_1_END_1_the_deals_points(game: Game, p1_cards: int, points: list[int]) -> None:
    """CASINO-SCORE-1, CASINO-END-1 (EX-21): the last capturer (P2) takes what is left on
    the layout; most cards 2 (tied 1 each), most spades 2, 2S 1, 10D 2, each ace 1: P1 with
    27 cards, 7 spades and two aces 7, P2 4; with 26-26 cards, 6 and 5. 11 a deal."""
    p1, p2 = _scoring_piles(p1_cards)
    st = end_of_deal(
        game,
        hands={0: "QC", 1: "KD"},
        loose="3C 8H",
        piles={0: " ".join(p1), 1: " ".join(p2)},
        last_capturer=1,
    )
    st.apply("trail QC")
    events = st.apply("trail KD")
    score = next(e for e in events if e.kind == "score")
    assert score.data["points"] == points and sum(points) == 11
    assert score.data["left"] == []  # END-1: nothing left over: P2 took the layout
    assert st.view(None)["history"][-1]["points"] == points
    assert st.scores() == points  # the totals carry the deal's points


@pytest.mark.parametrize("capturer", [0, 1])
def test_END_1_the_last_capturer_takes_the_layout(game: Game, capturer: int) -> None:
    """CASINO-END-1: when the last cards are played, whoever captured last (not the last
    to play) takes every card left on the layout. (South African: the deal is the game, so
    the piles stay to be seen.)"""
    st = end_of_deal(
        game,
        variant="south-african",
        hands={0: "9C", 1: "8C"},
        loose="3C 4H",
        last_capturer=capturer,
    )
    sizes = [len(pile(st, p)) for p in (0, 1)]
    st.apply("trail 9C")
    st.apply("trail 8C")
    assert st.is_over() and st.view(None)["loose"] == []
    assert pile(st, capturer)[-4:] == ["3C", "4H", "9C", "8C"]
    assert len(pile(st, 1 - capturer)) == sizes[1 - capturer]


def test_END_1_a_deal_with_no_capture_scores_nothing(game: Game) -> None:
    """CASINO-END-1 [D]: if nobody captured in the deal, the cards left go to nobody and the
    deal scores nothing (not a tie for "most"). South African, two players, the second
    half's last turn: every card but P2's last one lies on the layout, and P2 trails it.
    (The layout's many sums make this the slowest test here, about a second.)"""
    loose = " ".join(c for c in PACK40 if c != "AH")
    st = end_of_deal(
        game, variant="south-african", hands={0: "", 1: "AH"}, loose=loose, turn=1, dealer=1
    )
    events = st.apply("trail AH")
    score = next(e for e in events if e.kind == "score")
    assert score.data["points"] == [0, 0] and len(score.data["left"]) == 40
    assert st.scores() == [0, 0]


def test_CAP_6_SCORE_2_a_sweep_earns_nothing(game: Game) -> None:
    """CASINO-CAP-6, CASINO-SCORE-2: a capture that clears the layout scores no point. Two
    deals end with the same piles, one with P1's last capture sweeping the layout, the
    other leaving a 4D that P1 (the last capturer) takes at the end: the same points."""
    kept = [c for c in PACK52 if c not in ("9D", "9H", "KD", "4D")]
    results = []
    for loose, swept in (("9H", True), ("9H 4D", False)):
        p1 = kept[:24] + (["4D"] if swept else [])
        st = end_of_deal(
            game,
            hands={0: "9D", 1: "KD"},
            loose=loose,
            piles={0: " ".join(p1), 1: " ".join(kept[24:])},
        )
        events = st.apply("capture 9D: 9H")
        cap = next(e for e in events if e.kind == "capture")
        assert set(cap.data) == {"cards", "value", "build"}  # nothing marks a sweep
        assert (st.view(None)["loose"] == []) is swept
        events = st.apply("trail KD")
        results.append(next(e for e in events if e.kind == "score").data["points"])
    assert results[0] == results[1] and sum(results[0]) == 11


def test_GAME_1_swazi_totals_carry_over_to_the_target(game: Game) -> None:
    """CASINO-GAME-1: Swazi and Sotho add each deal's points to the totals; the game ends
    after the deal in which a side reaches ``target``, the highest total winning; a tie at
    the top plays another deal."""
    p1, p2 = _scoring_piles(27)  # this deal: P1 7, P2 4

    def last_deal(totals: list[int], target: int, variant: str = "swazi") -> Any:
        st = end_of_deal(
            game,
            variant=variant,
            hands={0: "QC", 1: "KD"},
            loose="3C 8H",
            piles={0: " ".join(p1), 1: " ".join(p2)},
            last_capturer=1,
            totals=totals,
            target=target,
        )
        st.apply("trail QC")
        st.apply("trail KD")
        return st

    st = last_deal([10, 16], 21)
    assert not st.is_over() and st.scores() == [17, 20] and st.view(None)["deal_no"] == 2
    st = last_deal([15, 19], 21, "sotho")
    assert st.is_over() and st.scores() == [22, 23] and st.winners() == [1]
    st = last_deal([16, 19], 21)
    assert not st.is_over() and st.scores() == [23, 23]  # tied at the top: another deal
    st = last_deal([0, 0], 5)
    assert st.is_over() and st.winners() == [0]


def test_GAME_1_a_south_african_game_is_one_deal(game: Game) -> None:
    """CASINO-GAME-1: South African: one deal is one game, whatever the totals."""
    loose = " ".join(c for c in PACK40 if c not in ("AS", "AH", "10D", "2S"))
    st = end_of_deal(
        game,
        variant="south-african",
        hands={0: "AS", 1: "AH"},
        loose="10D 2S",
        piles={0: loose},
        last_capturer=0,
    )
    st.apply("trail AS")
    st.apply("trail AH")
    assert st.is_over() and st.winners() == [0] and st.view(None)["deal_no"] == 1


def test_VAR_SWAZI_the_default_version(game: Game) -> None:
    """CASINO-VAR-SWAZI: Swazi is the default: 52 cards, four layout cards, ``insist=ask``,
    ``target`` 21, partners sharing a pile; no South African pile captures."""
    assert game.default_variant == "swazi"
    st = game.new_state(players=4, seed=9)
    v = st.view(None)
    assert v["variant"] == "swazi" and v["options"] == {"insist": "ask", "target": 21}
    assert len(v["loose"]) == 4 and len(v["piles"]) == 2 and sum(counted(st).values()) == 52
    st = position(game, 2, hands={0: "8S 8D"}, loose="7C", piles={1: "AH"})
    assert "CAP-3" in refused(st, "capture 8S: 7C+top:P2")


def test_VAR_SOTHO_own_piles_the_partners_top_and_scoring_together(game: Game) -> None:
    """CASINO-VAR-SOTHO: four players keep a pile each and may use any other player's top,
    the partner's included (never their own); partners' piles count together for scoring."""
    st = position(
        game,
        4,
        "sotho",
        hands={0: "9D 3S"},
        builds=((9, 0, ["5C 4D"]),),
        piles={2: "9H", 0: "9C"},
    )
    assert "add B9: top:P3" in legal(st)
    assert "AUG-2" in refused(st, "add B9: top:P1")
    st.apply("add B9: top:P3")
    assert pile(st, 2) == [] and st.view(None)["builds"][0]["units"][-1] == ["9H"]
    # scoring: seat 0's and seat 2's piles make one side's cards and spades
    spades = [c for c in PACK52 if c.endswith("S")]
    others = [c for c in PACK52 if not c.endswith("S") and c not in ("QC", "KD", "JC", "JD")]
    st = position(
        game,
        4,
        "sotho",
        half=1,
        hands={0: "QC", 1: "KD", 2: "JC", 3: "JD"},
        piles={
            0: " ".join(spades[:7]),
            2: " ".join(spades[7:] + others[:20]),
            1: " ".join(others[20:]),
        },
        last_capturer=1,
    )
    for text in ("trail QC", "trail KD", "trail JC", "trail JD"):
        st.apply(text)
    rec = st.view(None)["history"][-1]
    # side 0 (piles 0 and 2): 33 cards, 13 spades, 2S, AS AH: 2 + 2 + 1 + 2; side 1 (piles
    # 1 and 3): 19 cards, AD AC, 10D: 2 + 2. Pile 0 alone (7 cards) would lose "most cards".
    assert rec["sides"] == [[0, 2], [1, 3]] and rec["points"] == [7, 4]


def test_VAR_SOTHO_deck40_takes_the_south_african_pack_and_deal(game: Game) -> None:
    """CASINO-VAR-SOTHO ``deck40``: 40 cards, dealt as South African (two players: no
    layout, 10 each), aces 1 only; the rest is Sotho (``target`` kept)."""
    st = game.new_state(players=2, variant="sotho", options={"deck40": True}, seed=2)
    v = st.view(None)
    assert (v["loose"], v["hand_sizes"], v["stock"]) == ([], [10, 10], 20)
    assert sum(counted(st).values()) == 40 and v["options"]["target"] == 21
    st = position(game, 3, "sotho", hands={0: "AH 5S"}, loose="9C 5D", deck40=True)
    assert not any("=14" in a or a.startswith("build 14") for a in legal(st))


def test_VAR_SA_the_south_african_version(game: Game) -> None:
    """CASINO-VAR-SA: 40 cards, ``insist`` off by default, the options ``spades`` and
    ``first``; a game is one deal (GAME-1)."""
    st = game.new_state(players=2, variant="south-african", seed=1)
    v = st.view(None)
    assert v["options"] == {"insist": "off", "spades": "most", "first": "auto"}
    assert sum(counted(st).values()) == 40


def test_VAR_SA_1_forty_cards_aces_one_values_to_ten(game: Game) -> None:
    """CASINO-VAR-SA 1: no J, Q, K; aces count 1 only; values and builds go up to 10."""
    st = position(game, 3, "south-african", hands={0: "AH 10S 6C"}, loose="AC 9D 5D 4H")
    steps = legal(st)
    assert {"capture AH=1: AC", "build 10: 4H 6C", "build 10: AC 9D"} <= steps
    assert not any("=14" in a for a in steps)
    assert all(int(a.split()[1].rstrip(":")) <= 10 for a in steps if a.startswith("build"))
    assert "1 to 10" in refused(st, "build 14: 9D 5D")
    assert "cannot count 14" in refused(st, "capture AH=14: 9D+5D")
    st = position(
        game, 3, "south-african", hands={0: "2H 10S", 1: "9S 8S"}, builds=((9, 1, ["5C 4D"]),)
    )
    assert "at most 10" in refused(st, "raise B9: 2H")
    assert "raise B9: AH" not in legal(st)


def test_VAR_SA_2_the_south_african_deal(game: Game) -> None:
    """CASINO-VAR-SA 2: no layout with 2 or 4 players; two players 10 each and 10 each again
    (two halves, the layout kept); three players 13 each and one card face up; four 10 each."""
    sizes = {
        2: ([10, 10], 20, 0),
        3: ([13, 13, 13], 0, 1),
        4: ([10] * 4, 0, 0),
    }
    for players, (hands, stock, layout) in sizes.items():
        v = game.new_state(players=players, variant="south-african", seed=3).view(None)
        assert (v["hand_sizes"], v["stock"], len(v["loose"])) == (hands, stock, layout)
    st = position(game, 2, "south-african", hands={0: "9C", 1: "8C"}, loose="AS")
    st.apply("trail 9C")
    st.apply("trail 8C")
    v = st.view(None)
    assert (v["half"], v["hand_sizes"], v["loose"]) == (2, [10, 10], ["AS", "9C", "8C"])


def test_VAR_SA_3_the_option_first_names_who_plays_first(game: Game) -> None:
    """CASINO-VAR-SA 3: a match passes the last game's loser in as ``first``: that seat plays
    first and the seat before it deals; ``auto`` deals as Swazi (DEAL-1, DEAL-2)."""
    for first, players in (("1", 2), ("2", 2), ("3", 4), ("2", 3)):
        st = game.new_state(
            players=players, variant="south-african", options={"first": first}, seed=4
        )
        assert st.to_move() == int(first) - 1
        assert st.view(None)["dealer"] == (int(first) - 2) % players
    with pytest.raises(ValueError, match="from 1 to 2"):
        game.new_state(players=2, variant="south-african", options={"first": "3"}, seed=4)
    auto = game.new_state(players=3, variant="south-african", seed=4)
    assert auto.to_move() == (auto.view(None)["dealer"] + 1) % 3


def test_VAR_SA_8_insist_off_shared_piles_and_the_five_spades_option(game: Game) -> None:
    """CASINO-VAR-SA 8: ``insist`` is off by default; four players' partners share a pile;
    scoring is SCORE-1's, or with ``spades=five`` 1 point to each side holding five spades or
    more instead of 2 for the most (20 cards each; P2 holds 2S, the four aces and 10D): with
    6 spades against 4, P1 scores 3 or 2 and P2 8; with five each, P1 2 and P2 9 either way."""
    v = game.new_state(players=2, variant="south-african", seed=1).view(None)
    assert v["options"]["insist"] == "off"
    four = game.new_state(players=4, variant="south-african", seed=1).view(None)
    assert four["pile_of"] == [0, 1, 0, 1] and len(four["piles"]) == 2

    def deal(p1_spades: list[str], option: str) -> list[int]:
        special = ["AS", "2S", "9S", "10S", "AH", "AD", "AC", "10D"]
        special += [c for c in ("8S",) if c not in p1_spades]
        plain = [c for c in PACK40 if c not in p1_spades + special]
        p1 = p1_spades + plain[: 20 - len(p1_spades)]  # the last two (trailed) come back
        p2 = special + plain[20 - len(p1_spades) :]
        assert len(p1) == len(p2) == 20
        st = end_of_deal(
            game,
            variant="south-african",
            hands={0: p1[-2], 1: p1[-1]},
            piles={0: " ".join(p1[:-2]), 1: " ".join(p2)},
            last_capturer=0,
            spades=option,
        )
        st.apply(f"trail {p1[-2]}")
        st.apply(f"trail {p1[-1]}")
        assert st.is_over()
        return list(st.view(None)["history"][-1]["points"])

    six = ["3S", "4S", "5S", "6S", "7S", "8S"]  # P2: AS 2S 9S 10S
    assert (deal(six, "most"), deal(six, "five")) == ([3, 8], [2, 8])
    five = six[:5]  # P2: AS 2S 8S 9S 10S: five each, a point each either way
    assert (deal(five, "most"), deal(five, "five")) == ([2, 9], [2, 9])


def test_VAR_SA_9_the_three_versions_and_no_other(game: Game) -> None:
    """CASINO-VAR-SA 9: Omulongo Womadi, which pagat names without rules, is not a
    version: there are exactly Swazi, Sotho and South African."""
    assert list(game.variants) == ["swazi", "sotho", "south-african"]
    with pytest.raises(ValueError, match="no variant"):
        game.new_state(variant="omulongo-womadi", seed=1)
