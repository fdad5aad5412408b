"""The engine contract, checked for every registered game, variant and player count.

In the spirit of OpenSpiel's ``random_sim_test``: random games, with every step checked
against what ``docs/architecture.md`` promises of a game. A new game is covered by adding its
registry entry; nothing here names a game.

- every random game ends;
- every card is in exactly one zone at every step (the zones hold exactly the pack);
- every offered action is accepted, and its text parses back to the same action;
- a sample of refused actions (garbage, stale and mutated texts) raises only
  ``IllegalAction`` and leaves ``to_json()`` unchanged; an accepted text is a legal choice;
- ``to_json``/``from_json`` round-trips mid-game and the copy plays on identically;
- ``clone`` is independent of its original;
- every ``view(seat)`` (and the spectator's) has the required keys, is JSON, and stays the
  same when the cards hidden from that seat are re-dealt among their zones;
- ``sample_hidden(observer)`` keeps ``view(observer)`` and the whole pack;
- events of the kinds the shell reacts to carry the data their kind declares;
- the bots of every level choose only legal actions (and choose alike whatever their seat
  cannot see: ``test_bots_blind.py``).

The default run checks each variant at its smallest and largest table and one size between
(``sizes``); ``CARDSUITE_FULL=1`` checks every size, with more games per case.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hidden import redeal
from roundtrip import check_round_trip
from scale import FULL, seed
from unchanged import unchanged

from cardsuite.bots import LEVELS, make_bot
from cardsuite.engine import VIEW_KEYS, IllegalAction, State, check_event
from cardsuite.games import all_games

GAMES_PER_CASE = 4 if FULL else 1
MAX_STEPS = 60_000


def sizes(game: Any, variant: str) -> list[int]:
    """The player counts ``variant`` is checked at: all in the full run; by default the
    smallest, the largest and one between, picked by the variant's place so that between
    them the variants meet the sizes in the range (a size changes the deal and the turn
    order, not the code a move goes through)."""
    counts = list(game.players)
    if FULL or len(counts) <= 3:
        return counts
    between = counts[1:-1]
    place = list(game.variants).index(variant)
    return [counts[0], between[place * len(between) // len(game.variants)], counts[-1]]


CASES = [
    pytest.param(game, variant, players, id=f"{game.id}-{variant}-{players}")
    for game in all_games()
    for variant in game.variants
    for players in sizes(game, variant)
]


def pack_of(state: State, players: int) -> Counter[Any]:
    return Counter(state.game.full_pack(players, state.options, state.variant))


def seats_of(state: State) -> int:
    return len(state.scores())


def check_views(state: State, rng: random.Random, moved: list[int]) -> None:
    n = seats_of(state)
    for seat in [*range(n), None]:
        view = state.view(seat)
        missing = [k for k in VIEW_KEYS if k not in view]
        assert not missing, f"view({seat}) lacks {missing}"
        assert view["seat"] == seat and view["players"] == n
        text = json.dumps(view, sort_keys=True)
        copy = state.clone()
        if redeal(copy, seat, rng):
            moved[0] += 1
        assert json.dumps(copy.view(seat), sort_keys=True) == text, (
            f"view({seat}) changed when the cards hidden from it were re-dealt"
        )
        if seat is not None:
            sample = state.sample_hidden(seat, random.Random(rng.random()))
            assert json.dumps(sample.view(seat), sort_keys=True) == text
            assert Counter(sample.all_cards()) == pack_of(state, n)
            check_search_copy(state, seat, rng)


def check_search_copy(state: State, seat: int, rng: random.Random) -> None:
    """A search's copy keeps the seat's view, and plays out to its horizon keeping every
    card, whatever it skips beyond (Twenty-Two does not deal the next hand)."""
    copy = state.search_copy(seat, random.Random(rng.random()))
    assert json.dumps(copy.view(seat), sort_keys=True) == json.dumps(
        state.view(seat), sort_keys=True
    )
    pack = pack_of(state, len(state.scores()))
    for _ in range(500):  # a play-out's worth (Money's horizon can be far off)
        if state.game.search_horizon(state, copy) or copy.to_move() is None:
            # stopped: at the horizon (or over), never stuck short of it
            assert state.game.search_horizon(state, copy) or copy.is_over()
            break
        legal = copy.legal_actions()
        copy.apply(legal[int(rng.random() * len(legal))])
    assert Counter(copy.all_cards()) == pack, "a search copy lost or invented cards"


def garbage(state: State, legal: list[Any], stale: list[str], rng: random.Random) -> list[str]:
    """Texts to try: nonsense, actions from earlier positions, legal texts with a card
    code changed."""
    out = ["", "   ", "zzz", "play", "play XX", "buy Q from nowhere", "discard 1Z", "42"]
    out += rng.sample(stale, min(4, len(stale)))
    codes = ["2C", "10H", "AS", "KD", "JK", "7S"]
    for a in rng.sample(legal, min(3, len(legal))):
        words = str(a).split()
        for i, w in enumerate(words):
            if (len(w) in (2, 3) and w[-1] in "SHDC") or w == "JK":
                words[i] = rng.choice(codes)
        out.append(" ".join(words))
    return out


def check_refusals(state: State, texts: list[str], tally: Counter[str] | None = None) -> None:
    """Every text is refused with a reason and changes nothing, or was on offer."""
    tally = Counter() if tally is None else tally
    legal = list(state.legal_actions())
    keys = {a.key for a in legal}
    strs = {str(a) for a in legal}
    for text in texts:
        copy = state.clone()
        before = unchanged(copy)
        try:
            copy.apply(text)
        except IllegalAction as e:
            assert e.reason, f"{text!r} refused without a reason"
            assert unchanged(copy) == before, f"refusing {text!r} changed the position"
            tally["garbage refused"] += 1
            continue
        parsed = state.game.parse_action(text)
        assert parsed.key in keys or str(parsed) in strs, f"{text!r} was accepted but not offered"
        tally["garbage that was legal"] += 1


def check_clone(state: State, rng: random.Random) -> None:
    before = json.dumps(state.to_json(), sort_keys=True)
    copy = state.clone()
    for _ in range(10):
        if copy.is_over():
            break
        legal = copy.legal_actions()
        copy.apply(legal[int(rng.random() * len(legal))])
    assert json.dumps(state.to_json(), sort_keys=True) == before, "a clone's moves changed it"


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
def test_random_games_keep_the_contract(game, variant, players) -> None:  # type: ignore[no-untyped-def]
    tally: Counter[str] = Counter()
    for g in range(GAMES_PER_CASE):
        tally["games"] += 1
        rng = random.Random(seed(f"{game.id}:{variant}:{players}:{g}"))
        state = game.new_state(players=players, variant=variant, seed=rng.getrandbits(32))
        pack = pack_of(state, players)
        assert state.variant == variant
        assert state.options == game.variants[variant].defaults()
        next_check, checks_left = rng.randrange(1, 30), 12
        stale: list[str] = []
        moved = [0]
        steps = 0
        for e in state.events:
            assert check_event(e, players) is None, check_event(e, players)
        while not state.is_over():
            assert steps < MAX_STEPS, "the game did not end"
            legal = state.legal_actions()
            assert len(legal) > 0, "a seat to move with nothing to do"
            action = legal[int(rng.random() * len(legal))]
            text = str(action)
            assert str(game.parse_action(text)) == text, f"{text!r} does not parse back"
            if steps == next_check and checks_left:
                checks_left -= 1
                next_check += rng.randrange(5, 60)
                check_views(state, rng, moved)
                check_refusals(state, garbage(state, list(legal[:200]), stale, rng), tally)
                if checks_left % 3 == 0:
                    check_round_trip(state, rng)
                    check_clone(state, rng)
            stale.append(text)
            del stale[:-30]
            new = state.apply(action)  # offered, so accepted
            for e in new:
                assert check_event(e, players) is None, check_event(e, players)
            assert Counter(state.all_cards()) == pack, f"cards lost or invented at step {steps}"
            steps += 1
            tally["actions"] += 1
        assert state.to_move() is None and state.winners(), "over, but nobody won"
        assert not state.legal_actions()
        check_views(state, rng, moved)
        check_round_trip(state, rng)
        assert moved[0] > 0, "no re-deal ever moved a hidden card: the view check proved nothing"
    print(f"contract {game.id} {variant} {players}: {dict(tally)}")  # the figures (pytest -s)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
@pytest.mark.parametrize("level", LEVELS)
def test_bots_choose_only_legal_actions(game, level) -> None:  # type: ignore[no-untyped-def]
    options = {"iterations": 12, "time_budget": 1.0} if level == "hard" else {}
    rng = random.Random(seed(f"{game.id}:{level}"))
    for players in sorted({min(game.players), min(max(game.players), 4)}):
        for variant in game.variants:
            state = game.new_state(players=players, variant=variant, seed=rng.getrandbits(32))
            bots = {s: make_bot(game.id, level, seed=s, **options) for s in range(players)}
            for _ in range(rng.randrange(5, 40)):
                if state.is_over():
                    break
                legal = state.legal_actions()
                state.apply(legal[int(rng.random() * len(legal))])
            for _ in range(3):
                if state.is_over():
                    break
                seat = state.to_move()
                assert seat is not None
                legal = state.legal_actions(seat)
                chosen = bots[seat].choose(state.clone(), seat)
                assert chosen.key in {a.key for a in legal} or str(chosen) in {
                    str(a) for a in legal
                }, f"{level} chose {chosen}, which is not legal"
                state.apply(chosen, seat)
