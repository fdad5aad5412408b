"""Hints that say why (issue 37, item 2): ``Match.hint_with_reason`` gives the very move
``Match.hint`` and the medium bot's ``choose`` give, with one line of reason in words.

Over positions of random games of every game, variant and a few table sizes (a few
positions each: cheap), every reason is one line, never empty, short enough for the
status line, written with suit symbols rather than card codes; then exact phrases on
stacked positions, each citing the rule it turns on."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from casino_positions import position as casino_position
from money_helpers import position as money_position

from cardsuite.bots import make_bot
from cardsuite.cards import Card
from cardsuite.engine import State
from cardsuite.games import all_games, get_game
from cardsuite.games.african_casino import reasons as casino_reasons
from cardsuite.games.manni.bots import Situation as MannSituation
from cardsuite.games.manni.reasons import medium_hint as manni_hint
from cardsuite.games.mensch.bots import Situation as MenschSituation
from cardsuite.games.mensch.reasons import medium_hint as mensch_hint
from cardsuite.games.twenty_two.bots import Situation as T22Situation
from cardsuite.games.twenty_two.reasons import medium_hint as t22_hint
from cardsuite.hints import DEALS, MAX_REASON, Hint, in_deals, medium_hint
from cardsuite.match import Match, SeatSpec

#: A card written as a code (``QS``, ``10H``) where a reason should have its symbol.
CODE = re.compile(r"\b(10|[2-9JQKA])[SHDC]\b")
#: Positions looked at per game (every third move of one game per variant and size).
POSITIONS = 40


def _cases() -> list[tuple[str, str, int]]:
    out = []
    for game in all_games():
        sizes = sorted(set(game.players))[:2]
        out += [(game.id, v, n) for v in game.variants for n in sizes]
    return out


def _decides(game_id: str, state: State, seat: int) -> bool:
    """A position worth a hint: in Money, a money decision (a choice beyond the race's
    turn and claims: buying, exchanging, selling)."""
    if game_id != "money":
        return True
    return sum(type(a).__name__ != "Claim" for a in state.legal_actions(seat)) > 1


@pytest.mark.parametrize(("game_id", "variant", "players"), _cases())
def test_every_hint_is_the_medium_move_with_one_line_of_why(
    game_id: str, variant: str, players: int
) -> None:
    game = get_game(game_id)
    state = game.new_state(players=players, variant=variant, seed=players)
    match = Match(game, state, [SeatSpec("human", f"P{i}") for i in range(players)])
    rng = random.Random(players)
    looked = steps = 0
    limit = MAX_REASON if game_id != "african-casino" else casino_reasons.MAX_REASON
    while not state.is_over() and looked < POSITIONS and steps < 3000:
        seat = state.to_move()
        assert seat is not None
        if (steps % 3 == 0 or game_id == "money") and _decides(game_id, state, seat):
            hint = match.hint_with_reason(seat)
            medium = make_bot(game_id, "medium", seed=1).choose(state.clone(), seat)
            assert str(hint.action) == str(match.hint(seat)) == str(medium)
            why = hint.reason
            assert why.strip() and "\n" not in why and len(why) <= limit, why
            assert not CODE.search(why), why  # cards as the table writes them
            looked += 1
        legal = state.legal_actions(seat)
        state.apply(legal[rng.randrange(len(legal))], seat)
        steps += 1
    assert looked >= 5, (looked, steps)


def test_a_reason_is_never_empty_nor_two_lines() -> None:
    act = get_game("manni").parse_action("play AS")
    with pytest.raises(ValueError):
        Hint(act, " ")
    with pytest.raises(ValueError):
        Hint(act, "one\ntwo")


# --- exact phrases on stacked positions ----------------------------------------------------


def _cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def _t22(hand: str, phase: str = "play", trick: int = 0, stock: int = 10) -> T22Situation:
    return T22Situation(sorted(_cards(hand), key=lambda c: c.ordinal), phase, stock, trick, False)


def test_twenty_two_phrases() -> None:
    from cardsuite.games.twenty_two.actions import Play
    from cardsuite.games.twenty_two.rules import Exchange

    # T22-PLAY-2: the leader plays the highest rank, every copy, keeping a card
    leads = [Play((c,)) for c in _cards("3S 4C 9H")] + [Play(tuple(_cards("9H 9D")))]
    hint = t22_hint(_t22("3S 4C 9H 9D"), leads, [])
    assert str(hint.action) == "play 9H 9D"
    assert hint.reason == "leads your highest: who cannot cover must throw low cards"
    # T22-PLAY-6: nothing covers the king, so the lowest card is the one play left
    hint = t22_hint(_t22("3S 9H", trick=1), [Play((Card.parse("3S"),))], [13])
    assert hint.reason == "nothing you hold covers: your lowest cards must go"
    # T22-PLAY-4, PLAY-6: covering with the highest card that covers sheds it
    follows = [Play((c,)) for c in _cards("3S 4C QH")]
    hint = t22_hint(_t22("3S 4C QH", trick=1), follows, [11])
    assert (str(hint.action), hint.reason) == (
        "play QH",
        "your highest cards that cover: shed them while you can",
    )
    # T22-PLAY-9, SCORE-1: leading down to one card keeps it for the showdown
    leads = [Play((c,)) for c in _cards("3S 9H")]
    hint = t22_hint(_t22("3S 9H"), leads, [])
    assert (str(hint.action), hint.reason) == (
        "play 9H",
        "leads your highest and keeps 3♠ for the showdown",
    )
    # T22-EXCH-1: every card of 10 and up goes when the stock can replace them all
    keep = Exchange(())
    hint = t22_hint(_t22("3S QH KD", phase="exchange"), [keep, Exchange((Card.parse("KD"),))], [])
    assert str(hint.action) == "discard KD QH"
    assert hint.reason == "throws every card of 10 and up: a high last card costs"


def _manni(hand: str, trick: str = "", contract: str = "normal", trump: str | None = "H") -> Any:
    plays = [(i + 1, c) for i, c in enumerate(_cards(trick))]
    return MannSituation(
        0, _cards(hand), "play", "basic", contract, trump, False, plays, set(), None, None
    )


def test_manni_phrases() -> None:
    from cardsuite.games.manni.actions import PLAY

    # MANNI-GEN-6: one card of the suit led must be played
    sit = _manni("5S 9H KD", trick="AS")
    hint = manni_hint(sit, [PLAY[Card.parse("5S")]], False)
    assert hint.reason == "your only spade: you must follow suit"
    # nothing of the ace's suit is still out: it is cashed first
    sit = _manni("AS 5S 9D", trick="", trump="H")
    hint = manni_hint(sit, [PLAY[c] for c in sit.hand], False)
    assert (str(hint.action), hint.reason) == (
        "play AS",
        "cashes A♠: no card still out can beat it",
    )
    # TRJ Nullo: the lowest card leads
    sit = _manni("4S 9D KC", contract="nullo", trump=None)
    hint = manni_hint(sit, [PLAY[c] for c in sit.hand], False)
    assert hint.reason == "leads your lowest: in Nullo every trick you take costs"


def _mensch(hand: str, phase: str = "play", trick: str = "", trump: str | None = "H") -> Any:
    plays = [(i + 1, c) for i, c in enumerate(_cards(trick))]
    return MenschSituation(
        0, _cards(hand), phase, None, None, None, trump, None, None, plays, set()
    )


def test_mensch_phrases() -> None:
    from cardsuite.games.mensch.actions import BID, PASS, PLAY

    # MENSCH-PLAY-2: the one heart must follow the heart led
    sit = _mensch("9H KS AC", trick="AH")
    hint = mensch_hint(sit, [PLAY[Card.parse("9H")]], False)
    assert hint.reason == "your only trump: you must follow suit"
    sit = _mensch("9D KS AC", trick="AD", trump="H")
    hint = mensch_hint(sit, [PLAY[Card.parse("9D")]], False)
    assert hint.reason == "your only diamond: you must follow suit"
    # MENSCH-BID: three clubs force a bid, and a weak hand bids the least it may
    weak = _mensch("7C 8C 9C 7D 8D 7S 8S 9S", phase="bid", trump=None)
    hint = mensch_hint(weak, [BID["half"], BID["after"]], True)
    assert str(hint.action) == "half"
    assert hint.reason == "bids Half, the least you may: three clubs force a bid"
    hint = mensch_hint(weak, [PASS, BID["half"]], False)
    assert hint.reason == "passes: your hand is too weak for any bid still open"


def test_casino_phrases() -> None:
    # CASINO-CAP-1: the 10♦ takes the two fives that sum to it, and the 2♠ lies loose too
    st = casino_position(players=2, hands={0: "10D 3C", 1: "4H 6H"}, loose="5D 5C 2S")
    hint = make_bot("african-casino", "medium", seed=1).hint(st.clone(), 0)  # type: ignore[attr-defined]
    assert str(hint.action).startswith("capture 10D")
    assert hint.reason.startswith("captures 2 cards"), hint.reason
    assert hint.reason.endswith("and banks your 10♦"), hint.reason


def test_money_phrase() -> None:
    # MONEY-BUY-4: a forced purchase from the ground takes as many cards as the coin buys
    ground = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "2", "3", "4"]
    st = money_position(hands=((), ("9",)), banks=(("K", "J"), ()), pile=ground)
    legal = [a for a in st.legal_actions(0) if type(a).__name__ != "Claim"]
    assert len(legal) > 1
    hint = make_bot("money", "medium", seed=1).hint(st.clone(), 0)  # type: ignore[attr-defined]
    assert str(hint.action) == str(make_bot("money", "medium", seed=1).choose(st.clone(), 0))
    assert hint.reason == "buys 10 cards off the ground with your J: out of their reach"


# --- the deals tried: evidence from the seat's own information ------------------------------


@pytest.mark.parametrize("game_id", ["manni", "mensch"])
def test_the_deals_tried_read_only_what_the_seat_knows(game_id: str) -> None:
    """Where a reason counts deals (a master that may be ruffed, a card that may be
    beaten after it), the same words come on a copy whose unseen cards are dealt again as
    the seat could believe them (``sample_hidden``, the blind-bot test's copy): the deals
    tried are the seat's, never the true deal's; and the same position says the same."""
    game = get_game(game_id)
    counted = 0
    for g in range(4):
        state = game.new_state(players=min(game.players), seed=g)
        rng = random.Random(g)
        while not state.is_over() and counted < 12:
            seat = state.to_move()
            assert seat is not None
            if state.view(seat)["phase"] == "play":
                hint = medium_hint(game_id, state, seat)
                if "deals I tried" in hint.reason:
                    counted += 1
                    copy = state.sample_hidden(seat, random.Random(100 + g))
                    assert medium_hint(game_id, copy, seat) == hint
                    assert medium_hint(game_id, state, seat) == hint
            legal = state.legal_actions(seat)
            state.apply(legal[rng.randrange(len(legal))], seat)
    assert counted >= 6


def test_deals_in_words() -> None:
    assert in_deals(DEALS) == "in all 10 deals I tried"
    assert in_deals(0) == "in none of 10 deals I tried"
    assert in_deals(9) == "in 9 of 10 deals I tried"
