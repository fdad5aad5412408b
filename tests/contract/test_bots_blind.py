"""Bots do not peek: every level of every game chooses alike whatever it cannot see.

The view test (``test_contract.check_views``) proves a seat's view keeps nothing of the cards
hidden from it; this proves the same of its bots (issue 34, item 7), checked for every
registered game, variant and player count (a new game is covered by its registry entry;
nothing here names a game).

Seeded random games are played, and a few positions are taken from each, spread over the
game's phases, each a real decision (the seat to move has more than one of
``Game.choices``). At each, every level of ``cardsuite.bots.LEVELS`` chooses for the seat to
move on the position and on two copies of it, each choice by a fresh bot with the same seed:

- **re-dealt**: ``sample_hidden(seat, rng)``, the game's own deal of the cards the seat
  cannot see, keeping all it has seen: its view, and what the view test's plain shuffle
  among the hidden zones (``hidden.redeal``) breaks: the voids shown (Manni, Mensch), what a
  follow that did not cover proves (Twenty-Two), the holder of the called card (Mensch: the
  state names him), the dealer's contract card (Hornafjarðarmanni), the cards a hand is
  proven or known to hold and the position an insisted play is taken back to (African
  Casino). A bot given a position its seat knows to be impossible may rightly choose
  otherwise (Casino's search finds no legal step in some), so it is the sample, which the
  seat cannot tell from the truth, that its choice must not notice;
- **reordered**: the same cards in the same hidden zones, each zone in another order.
  Nothing the seat could know changes, so this catches the subtle leak: a sampler that
  shuffles a list built in the true deal's order draws other samples from the same seed,
  and the search then chooses by the deal without reading a card.

Both copies also re-seed the state's own generator: the future deals are hidden from
everyone. The hard bot is bounded by its iterations (``HARD``: few, and a time budget it
never reaches), so its choice depends on its seed alone. A bot that offers ``plan`` (Money's
timing: when to turn and snap) must plan every seat's presses alike as well.

The default run takes ``POSITIONS`` positions from one game per case; ``CARDSUITE_FULL=1``
takes more from several (``pytest -s`` prints the figures).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from scale import FULL, seed

from cardsuite.bots import LEVELS, make_bot
from cardsuite.bots.ismcts import SearchStats
from cardsuite.engine import Game, State
from cardsuite.games import all_games

#: Games per case, and positions checked in each.
GAMES = 4 if FULL else 1
POSITIONS = 10 if FULL else 4
#: The hard bot: iteration-bound, so deterministic for a seed, and cheap.
HARD = {"iterations": 12, "time_budget": 1e6}

CASES = [
    pytest.param(game, variant, players, id=f"{game.id}-{variant}-{players}")
    for game in all_games()
    for variant in game.variants
    for players in game.players
]


def play(game: Game, variant: str, players: int, base: object) -> Iterator[State]:
    """Every position of a seeded random game, in turn (one state, moved on after each)."""
    rng = random.Random(str(base))
    state = game.new_state(players=players, variant=variant, seed=rng.getrandbits(32))
    while not state.is_over():
        yield state
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])


def pick(game: Game, variant: str, players: int, base: object, rng: random.Random) -> set[int]:
    """The steps of ``play``'s game to check: real decisions, with cards to re-deal (two or
    more hidden from the seat to move), taken from each phase in turn (bidding, exchanging,
    playing...) so that a short sample still sees every kind."""
    by_phase: dict[str, list[int]] = {}
    for step, state in enumerate(play(game, variant, players, base)):
        seat = state.to_move()
        assert seat is not None
        zones = state.zones()
        hidden = sum(len(zones[z]) for z in state.hidden_zones(seat))
        if hidden > 1 and len(game.choices(state, seat)) > 1:
            by_phase.setdefault(str(state.view(seat)["phase"]), []).append(step)
    for steps in by_phase.values():
        rng.shuffle(steps)
    chosen: set[int] = set()
    while len(chosen) < POSITIONS and any(by_phase.values()):
        for steps in by_phase.values():
            if steps and len(chosen) < POSITIONS:
                chosen.add(steps.pop())
    return chosen


def redealt(state: State, seat: int, rng: random.Random) -> State:
    """The cards hidden from ``seat`` dealt again as the game deals them for it (its future
    re-seeded too): a position the seat cannot tell from this one."""
    return state.sample_hidden(seat, random.Random(rng.getrandbits(63)))


def reordered(state: State, seat: int, rng: random.Random) -> State:
    """A copy with each zone hidden from ``seat`` in another order (the same cards in it)
    and its future re-seeded."""
    copy = state.clone()
    zones = copy.zones()
    for z in copy.hidden_zones(seat):
        cards = zones[z]
        assert isinstance(cards, list), f"hidden zone {z!r} must be the state's own list"
        rng.shuffle(cards)
    copy.rng = random.Random(rng.getrandbits(63))
    return copy


def decide(state: State, seat: int, level: str, bot_seed: int) -> tuple[Any, ...]:
    """What a fresh ``level`` bot seeded ``bot_seed`` chooses for ``seat`` (on a clone: the
    position itself is not touched); a search's visits of each choice (a choice may survive a
    leak by chance, the counts hardly ever); its plans for every seat where it makes them."""
    options = HARD if level == "hard" else {}
    bot = make_bot(state.game.id, level, seed=bot_seed, **options)
    out: list[Any] = [str(bot.choose(state.clone(), seat))]
    for searcher in (bot, getattr(bot, "search", None)):  # Money's hard bot wraps its search
        last = getattr(searcher, "last", None)
        if isinstance(last, SearchStats):  # the counts in the order the choices were tried
            out.append((last.iterations, list(last.visits.values())))  # (a Casino key's
            # text shows its units' addresses, which differ from copy to copy)
            out.append(list(last.values.values()))  # an exact endgame's values
    plan = getattr(bot, "plan", None)
    if plan is not None:
        out += [plan(state.clone(), s, 0.0) for s in range(len(state.scores()))]
    return tuple(out)


def moved(state: State, copy: State, seat: int) -> tuple[bool, bool]:
    """Whether some zone hidden from ``seat`` holds other cards in ``copy``, and whether
    some holds its cards in another order."""
    a, b = state.zones(), copy.zones()
    hidden = state.hidden_zones(seat)
    other = any(Counter(a[z]) != Counter(b[z]) for z in hidden)
    order = any(list(a[z]) != list(b[z]) for z in hidden)
    return other, order


def check_blind(state: State, rng: random.Random, tally: Counter[str]) -> None:
    seat = state.to_move()
    assert seat is not None
    view = json.dumps(state.view(seat), sort_keys=True)
    copies = {"re-dealt": redealt(state, seat, rng), "reordered": reordered(state, seat, rng)}
    for what, copy in copies.items():
        assert json.dumps(copy.view(seat), sort_keys=True) == view, f"{what}: the view changed"
        other, order = moved(state, copy, seat)
        tally[f"{what}, other cards"] += other
        tally[f"{what}, other order"] += order
        tally["copies that moved a hidden card"] += other or order
    tally["positions"] += 1
    for level in LEVELS:
        bot_seed = rng.getrandbits(32)
        want = decide(state, seat, level, bot_seed)
        for what, copy in copies.items():
            got = decide(copy, seat, level, bot_seed)
            assert got == want, (
                f"the {level} bot of seat {seat} peeks: it chose {want} on the position and"
                f" {got} with the cards hidden from it {what} (phase {state.view(seat)['phase']})"
            )


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
def test_bots_choose_alike_whatever_they_cannot_see(game: Game, variant: str, players: int) -> None:
    tally: Counter[str] = Counter()
    for g in range(GAMES):
        base = seed(f"blind:{game.id}:{variant}:{players}:{g}")
        rng = random.Random(f"{base}:checks")
        steps = pick(game, variant, players, base, rng)
        last = max(steps, default=-1)
        for step, state in enumerate(play(game, variant, players, base)):
            if step > last:
                break
            if step in steps:
                check_blind(state, rng, tally)
    assert tally["positions"], "no position with a choice to make: nothing proved"
    assert tally["copies that moved a hidden card"], "no copy moved a hidden card: nothing proved"
    print(f"blind bots {game.id} {variant} {players}: {dict(tally)}")  # pytest -s
