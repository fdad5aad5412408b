"""Leads read by position (``LeadChoices``) are the leads the general enumeration names, in
its order, for every hand shape: one card per rank, runs of a rank, all of one rank, and the
same card twice (two packs); and a set lead it handed out plays as the same set made
elsewhere."""

from __future__ import annotations

import random

import pytest
from walks import walk

from cardsuite.cards import Card, by_rank, pack
from cardsuite.games.twenty_two.actions import LeadChoices, Play, PlayChoices, leads
from cardsuite.games.twenty_two.rules import TwentyTwoState


def _general(hand: list[Card]) -> list[tuple[Card, ...]]:
    st = object.__new__(TwentyTwoState)  # (``_lead_sets`` reads only the hand)
    return [a.cards for a in PlayChoices(hand, st._lead_sets(hand))]


def test_leads_by_position_are_the_general_enumeration() -> None:
    """T22-PLAY-2: random hands of one and two packs, 1 to 13 cards, and hands of one rank."""
    rng = random.Random(3)
    one, two = pack(), pack(decks=2)
    hands = [sorted(rng.sample(two if t % 2 else one, 1 + t % 13), key=by_rank) for t in range(600)]
    hands += [[Card(7, s) for s in "SHDC"[:k]] for k in range(1, 5)]
    hands += [[Card(9, "S")] * 3, [Card(2, "C"), Card(9, "S"), Card(9, "S")]]
    for hand in hands:
        listed = leads(hand)
        want = _general(hand)
        assert len(listed) == len(want)
        assert [a.cards for a in listed] == want
        assert [a.cards for a in listed[1:3]] == want[1:3]
        if want:  # (a hand of one card has no lead: it goes to the showdown)
            assert listed[-1].cards == want[-1]
        with pytest.raises(IndexError):
            listed[len(want)]
        with pytest.raises(IndexError):
            listed[-len(want) - 1]


@pytest.mark.parametrize("players", [4, 8])
def test_an_offered_set_lead_and_a_foreign_equal_one_play_alike(players: int) -> None:
    """The lean path takes a several-card lead it listed without checking it again; an
    equal play made elsewhere is checked, with the same result (events and position)."""
    found = 0
    for st, rng in walk("twenty-two", "standard", range(60), lambda s: players, deals=4):
        if st.phase != "play" or st.trick:
            continue
        legal = st.legal_actions()
        assert type(legal) is LeadChoices
        sets = [i for i in range(len(legal)) if len(legal[i].cards) > 1]
        if not sets:
            continue
        act = legal[rng.choice(sets)]
        other = st.clone()
        before = st.clone()
        assert other.apply(Play(act.cards)) == before.apply(act)
        assert other.to_json() == before.to_json()
        found += 1
    assert found > 50
