"""The plain lists and lean paths Twenty-Two's rules take for speed give exactly what the
general code gives: the same plays (cards and order) and the same exchanges, so a seeded
game plays the same whichever path lists or applies a move."""

from __future__ import annotations

import random

import pytest
from ranks import rank_groups
from walks import walk

from cardsuite.cards import JOKER_RANK
from cardsuite.games import get_game
from cardsuite.games.twenty_two.actions import ExchangeChoices, PlayChoices
from cardsuite.games.twenty_two.sets import ExchangeTable


@pytest.mark.parametrize("variant", ["standard", "beat-the-leader", "equal-cards", "paper-scores"])
def test_plain_follow_lists_are_the_lazily_named_ones(variant: str) -> None:
    """T22-PLAY-6, T22-LEADER-1: the plain list of pair follows (and every other plain list
    ``legal_actions`` makes for a hand without jokers) names the same cards, in the same
    order, as ``PlayChoices`` over the general rank-set enumeration."""
    checked = 0
    for st, _ in walk("twenty-two", variant, range(80), lambda s: 2 + s % 6, deals=6):
        legal = st.legal_actions()
        if st.phase == "play" and st.hands[st.turn][-1].rank != JOKER_RANK:
            hand = st.hands[st.turn]
            sets = st._follow_sets(hand) if st.trick else st._lead_sets(hand)
            named = PlayChoices(hand, sets)
            assert [a.cards for a in legal] == [a.cards for a in named]
            checked += bool(st.trick) and len(st.trick[0][1]) == 2
    assert checked > 300


def test_exchange_choices_read_by_position_are_the_table_s_takes() -> None:
    """T22-EXCH-1/2: each exchange names, from the groups of a rank largest first, as many
    of each group's first cards as the shared table's choice takes; ``keep`` first."""
    game = get_game("twenty-two")
    for seed in range(40):
        st = game.new_state(players=2 + seed % 4, seed=seed)
        hand = st.hands[st.turn]
        limit = min(len(hand), len(st.stock), 1 + seed % 7)
        choices = ExchangeChoices(hand, limit)
        groups = rank_groups(hand)
        table = ExchangeTable(tuple(len(g) for g in groups), limit)
        assert len(choices) == len(table)
        for i in range(len(table)):
            want = [c for g, t in zip(groups, table.take(i), strict=True) for c in g[:t]]
            assert list(choices[i].cards) == want
        assert choices[-1].cards == choices[len(table) - 1].cards
        with pytest.raises(IndexError):
            choices[len(table)]


def test_an_offered_pair_follow_and_a_foreign_equal_one_play_alike() -> None:
    """The lean path takes a pair follow it listed itself without checking it again; an
    equal play made elsewhere goes the general way, with the same result."""
    game = get_game("twenty-two")
    found = 0
    for seed in range(200):
        st = game.new_state(players=4, seed=seed)
        rng = random.Random(seed)
        while not st.is_over() and st.hand_no < 4:
            legal = st.legal_actions()
            act = legal[int(rng.random() * len(legal))]
            if st.phase == "play" and st.trick and len(st.trick[0][1]) == 2:
                other = st.clone()
                from cardsuite.games.twenty_two.actions import Play

                ev_a = st.apply(act)
                ev_b = other.apply(Play(act.cards))
                assert ev_a == ev_b and other.to_json() == st.to_json()
                found += 1
            else:
                st.apply(act)
    assert found > 100


@pytest.mark.parametrize("variant", ["standard", "beat-the-leader"])
def test_the_lean_paths_refuse_what_the_rules_refuse_and_change_nothing(variant: str) -> None:
    """Every play the lean paths see that is not legal (a card not held, one that neither
    covers nor is lowest, the wrong count, no cards) is refused with a reason, and the
    position is untouched; every legal one is accepted."""
    from cardsuite.engine import IllegalAction
    from cardsuite.games.twenty_two.actions import SINGLE, Play

    refused = 0
    for st, _ in walk("twenty-two", variant, range(60), lambda s: 3 + s % 3, deals=3):
        legal = st.legal_actions()
        if st.phase == "play":
            keys = {a.key for a in legal}
            hand = st.hands[st.turn]
            tries = [Play(()), *(SINGLE[c] for c in st.hands[(st.turn + 1) % st.n][:2])]
            tries += [SINGLE[c] for c in hand] + [Play(tuple(hand[:2]))]
            for act in tries:
                held = bool(act.cards) and all(
                    act.cards.count(c) <= hand.count(c) for c in act.cards
                )
                if held and act.key in keys:
                    continue  # legal (perhaps in other suits)
                before = st.to_json()
                with pytest.raises(IllegalAction) as why:
                    st.apply(act)
                assert str(why.value) and st.to_json() == before
                assert st.legal_actions() == legal
                refused += 1
    assert refused > 200
