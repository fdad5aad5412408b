"""Privacy by construction in plain text: every line said to a seat comes from its view.

As the table screens' test does (``tests/ui/test_privacy.py``): at random positions of every
turn-based game, say everything a person may ask for at their turn (the hand, the table, the
score, every choice, the log, the hint), then re-deal every card hidden from that seat among
the zones that hide it and say it all again: the lines must be the same, word for word. In
hot-seat, until the person to move has pressed enter, the lines must not change even when
their own cards are re-dealt: nobody's hand is said before the others have looked away.
"""

from __future__ import annotations

import random

import pytest
from hidden import redeal
from plainkit import play, seats
from walks import midgame_positions

from cardsuite.games import get_game
from cardsuite.match import Match
from cardsuite.plain.run import plain_games
from cardsuite.store import Store

ASKED = ["hand", "table", "score", "list all", "log 40", "hint"]
#: The games with hands to keep apart (Money's view is every seat's: nobody sees a stack).
TURN_BASED = [g.id for g in plain_games() if not g.realtime]


def positions(gid: str, players: int, count: int, rng: random.Random):  # type: ignore[no-untyped-def]
    return midgame_positions(get_game(gid), players, count, rng, most_moves=90)


def said(state, kinds: list[str], answers: list[str], store: Store) -> str:  # type: ignore[no-untyped-def]
    match = Match(state.game, state, seats(state.game.id, kinds))
    return play(match, answers, store).out


@pytest.mark.parametrize("gid", TURN_BASED)
def test_a_seat_hears_only_its_view(gid: str, store: Store) -> None:
    rng = random.Random(f"plain privacy {gid}")
    players = {"twenty-two": 4, "manni": 3, "mensch": 4, "african-casino": 4}[gid]
    changed = 0
    for state in positions(gid, players, 6, rng):
        mover = state.to_move()
        kinds = ["easy"] * players
        kinds[mover] = "human"
        before = said(state.clone(), kinds, ASKED, store)
        other = state.clone()
        changed += redeal(other, mover, rng)
        assert said(other, kinds, ASKED, store) == before
    assert changed  # the re-deals did change hidden cards


@pytest.mark.parametrize("gid", TURN_BASED)
def test_hot_seat_says_no_hand_before_the_others_look_away(gid: str, store: Store) -> None:
    rng = random.Random(f"plain hot-seat {gid}")
    players = {"twenty-two": 3, "manni": 3, "mensch": 4, "african-casino": 2}[gid]
    for state in positions(gid, players, 4, rng):
        mover = state.to_move()
        kinds = ["human"] * players
        before = said(state.clone(), kinds, [], store)  # the end of input at the curtain
        assert before.endswith("press enter when only you are looking: \n")
        other = state.clone()
        redeal(other, None, rng)  # every hand, the mover's too
        assert said(other, kinds, [], store) == before
        # past the curtain: only the mover's own view
        after = said(state.clone(), kinds, ["", *ASKED[:-1]], store)
        again = state.clone()
        redeal(again, mover, rng)
        assert said(again, kinds, ["", *ASKED[:-1]], store) == after


def test_hot_seat_warns_once_and_asks_the_others_to_look_away(store: Store) -> None:
    match = Match.new("manni", seats("manni", ["human", "human", "medium"]), seed=5)
    lines = play(match, ["", "1", "clear", "hint", "undo", "1", ""], store).lines
    warning = [x for x in lines if "scrollback" in x]
    assert len(warning) == 1 and "type clear" in warning[0]
    assert lines[lines.index(warning[0]) + 1 :][:2] == [
        "South's turn. Everyone but South, please look away.",
        "South, press enter when only you are looking: ",
    ]
    assert lines.index("South, press enter when only you are looking: ") < min(
        i for i, x in enumerate(lines) if x.startswith("South's hand")
    )
    assert "This is not a terminal, so there is no screen to clear." in lines
    assert "Hints are for one player against bots: here they would tell others." in lines
    assert "Undo is for one player against bots: with several it would show hands." in lines
    assert "West's turn. Everyone but West, please look away." in lines
    assert not any(
        x.startswith("West's hand")
        for x in lines[: lines.index("West, press enter when only you are looking: ")]
    )
