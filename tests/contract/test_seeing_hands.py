"""The fair all-seeing yardstick's copy (``State.clone_seeing_hands``, issue 36).

The copy is the true position with every hand as it is, and the cards nobody has seen (a
stock's order, an undrawn manni, face-down stacks) or that the seat may not see outside a
hand (others' face-down discards) dealt again among their zones. Checked for every game,
variant and player count on positions of seeded random games:

- it moves only cards of zones hidden from the seat, never a hand whose owner sees it
  (Money's stacks are hidden from their owners too), keeps every zone's size and the cards
  of the moved zones, and leaves the seat's view and the public view as the true
  position's search copy (``clone_for_search``) shows them;
- what nobody saw varies with the generator where the game has such cards (and in Mensch,
  where all 32 cards are dealt, it is the true position);
- the position itself is untouched.

And it is the yardstick's alone: no bot at a table (every level, ``all_seeing`` off) ever
makes one, while the all-seeing hard bot does.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from cardsuite.bots import LEVELS, make_bot
from cardsuite.engine import Game, State
from cardsuite.games import all_games, get_game

CASES = [
    pytest.param(game, variant, players, id=f"{game.id}-{variant}-{players}")
    for game in all_games()
    for variant in game.variants
    for players in game.players
]
#: Games with nothing unseen by everyone: the fair copy is the true position.
NOTHING_UNSEEN = {"mensch"}
#: Positions checked a case, and fair copies made of each.
POSITIONS = 12
COPIES = 3


def positions(game: Game, variant: str, players: int, seed: int) -> Iterator[State]:
    """Up to ``POSITIONS`` positions of a seeded random game, spread over it."""
    rng = random.Random(seed)
    state = game.new_state(players=players, variant=variant, seed=rng.getrandbits(32))
    step = 0
    taken = 0
    while not state.is_over() and taken < POSITIONS:
        if step % 7 == 3:
            taken += 1
            yield state
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
        step += 1


def decisions(game: Game, seed: int, count: int = 3) -> list[State]:
    """Copies of ``count`` positions of a seeded random game where the seat to move has a
    choice to make, every third such."""
    rng = random.Random(seed)
    state = game.new_state(players=game.players[0], seed=rng.getrandbits(32))
    out: list[State] = []
    found = 0
    while not state.is_over() and len(out) < count:
        seat = state.to_move()
        if seat is not None and len(game.choices(state, seat)) > 1:
            found += 1
            if found % 3 == 1:
                out.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
    return out


def check_copy(state: State, seat: int, copy: State, truth: State) -> set[str]:
    """The zones in which ``copy`` differs from ``state`` (asserting they may)."""
    a, b = state.zones(), copy.zones()
    assert a.keys() == b.keys()
    hidden = set(state.hidden_zones(seat))
    moved = {z for z in a if list(a[z]) != list(b[z])}
    for z in moved:
        assert z in hidden, f"{z} is in sight of seat {seat}, and the copy changed it"
        if z.startswith("hand "):
            owner = int(z.split()[1])
            assert z in state.hidden_zones(owner), f"{z} is its owner's, and was dealt again"
        assert len(a[z]) == len(b[z]), f"{z} changed size"
    assert Counter(c for z in moved for c in a[z]) == Counter(c for z in moved for c in b[z])
    for who in (seat, None):
        assert json.dumps(copy.view(who), sort_keys=True) == json.dumps(
            truth.view(who), sort_keys=True
        ), f"the view of {who} changed"
    return moved


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
def test_the_fair_copy_keeps_the_hands_and_deals_the_unseen_again(
    game: Game, variant: str, players: int
) -> None:
    varied = checked = unseen = 0
    for state in positions(game, variant, players, seed=players * 7 + len(variant)):
        seat = state.to_move()
        assert seat is not None
        before = json.dumps(state.to_json(), sort_keys=True)
        truth = state.clone_for_search(random.Random(0))
        seen: set[tuple[tuple[str, tuple[str, ...]], ...]] = set()
        for i in range(COPIES):
            copy = state.clone_seeing_hands(seat, random.Random(i))
            moved = check_copy(state, seat, copy, truth)
            zones = copy.zones()
            seen.add(tuple((z, tuple(c.code for c in zones[z])) for z in sorted(moved)))
        varied += len(seen) > 1
        checked += 1
        unseen += _unseen_by_all(state) > 1
        assert json.dumps(state.to_json(), sort_keys=True) == before, "the position changed"
    assert checked
    if game.id in NOTHING_UNSEEN:
        assert not varied and not unseen, "a game with nothing unseen dealt something again"
    elif unseen:  # (African Casino with 3 or 4 players deals the whole pack at once)
        assert varied, "what nobody has seen never varied with the generator"


def _unseen_by_all(state: State) -> int:
    """How many cards lie in zones hidden from every seat (and from a spectator)."""
    zones = state.zones()
    hidden = set(state.hidden_zones(None))
    for seat in range(len(state.scores())):
        hidden &= set(state.hidden_zones(seat))
    return sum(len(zones[z]) for z in hidden)


def _guard(monkeypatch: pytest.MonkeyPatch, state: State, calls: list[str]) -> None:
    """Count every fair copy made of a state of ``state``'s game (kernel and reference)."""
    for cls in {*type(state).__mro__, *type(state.game.reference().new_state()).__mro__}:
        real = cls.__dict__.get("clone_seeing_hands")
        if real is None:
            continue

        def spy(self: State, observer: int, rng: random.Random, _real=real) -> State:  # type: ignore[no-untyped-def]
            calls.append(type(self).__name__)
            made: State = _real(self, observer, rng)
            return made

        monkeypatch.setattr(cls, "clone_seeing_hands", spy)


@pytest.mark.parametrize("game_id", sorted(g.id for g in all_games()))
def test_only_the_yardstick_makes_the_fair_copy(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every level chooses at a few positions without one fair copy; the all-seeing hard bot
    (``all_seeing``: "hands", or True) makes them, the omniscient one ("cards") does not."""
    game = get_game(game_id)
    calls: list[str] = []
    states = decisions(game, seed=11)
    _guard(monkeypatch, states[0], calls)
    hard = {"iterations": 6, "time_budget": 1e6}
    for state in states:
        seat = state.to_move()
        assert seat is not None
        for level in LEVELS:
            make_bot(game_id, level, seed=1, **(hard if level == "hard" else {})).choose(
                state.clone(), seat
            )
        make_bot(game_id, "hard", seed=1, all_seeing="cards", **hard).choose(state.clone(), seat)
    assert calls == [], "a bot at a table made the yardstick's copy"
    for state in states:
        seat = state.to_move()
        assert seat is not None
        make_bot(game_id, "hard", seed=1, all_seeing=True, **hard).choose(state.clone(), seat)
    assert calls, "the all-seeing bot never made the fair copy: nothing proved"


def test_moneys_fair_yardstick_is_the_hard_bot_itself() -> None:
    """Money's stacks are face down to everyone, their owners too (MONEY-ZONE-1): a
    perfect reader of the table knows no more than the hard bot, so the fair yardstick's
    searches are the hard bot's, visit for visit, and only the omniscient one's differ."""
    from cardsuite.bots.ismcts import ISMCTSBot
    from cardsuite.games.money.bots import search_hooks

    differs = 0
    for state in decisions(get_game("money"), seed=5, count=4):
        me = state.to_move()
        assert me is not None
        visits = []
        for mode in ("", "hands", "cards"):
            bot = ISMCTSBot(search_hooks(), seed=2, iterations=30, time_budget=1e9, all_seeing=mode)
            bot.choose(state.clone(), me)
            visits.append(bot.last.visits)
        assert visits[0] == visits[1]
        differs += visits[0] != visits[2]
    assert differs, "the omniscient searches were the hard bot's too: nothing proved"


def test_the_contract_card_stays_among_the_dealers_discards() -> None:
    """Hornafjarðarmanni: everyone knows the contract card is the dealer's until played
    (HORN-DEAL-1); discarded, it stays among his discards while the rest of them, the
    other discards and the manni are dealt again."""
    game = get_game("manni")
    rng = random.Random(1)
    state = game.new_state(3, variant="hornafjardarmanni", seed=1)
    for _ in range(3):  # (seed 1: the dealer, seat 0, discards it in his exchange)
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
    card = state.contract_card  # type: ignore[attr-defined]
    dealer = state.dealer  # type: ignore[attr-defined]
    assert card in state.discards[dealer]  # type: ignore[attr-defined]
    seat = (dealer + 1) % 3
    others = set()
    for i in range(8):
        copy = state.clone_seeing_hands(seat, random.Random(i))
        assert card in copy.discards[dealer]  # type: ignore[attr-defined]
        others.add(tuple(c.code for c in copy.discards[dealer]))  # type: ignore[attr-defined]
    assert len(others) > 1, "the dealer's other discards were never dealt again"


def test_basic_mannis_fair_copy_holds_what_the_true_deal_holds() -> None:
    """Basic Manni: with every hand seen, the manni is the 12 cards no hand holds, and a swap
    takes it whole (MANNI-EXCH-2): the fair copy moves no card to another zone, only the
    order within the manni and within a dead pile (never read in play), so there the fair
    yardstick knows all the omniscient one does."""
    game = get_game("manni")
    orders = 0
    for state in positions(game, "basic", 3, seed=2):
        seat = state.to_move()
        assert seat is not None
        truth = state.zones()
        for i in range(COPIES):
            zones = state.clone_seeing_hands(seat, random.Random(i)).zones()
            assert all(Counter(zones[z]) == Counter(truth[z]) for z in truth)
            orders += any(list(zones[z]) != list(truth[z]) for z in truth)
    assert orders, "no copy dealt anything again: nothing proved"
