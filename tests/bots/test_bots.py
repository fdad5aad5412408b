"""Bots: only legal actions, seeded, blind to hidden cards; hard keeps its time budget."""

from __future__ import annotations

import itertools
import random

import pytest
from fakes import FakeClock
from walks import walk

from cardsuite.bots import LEVELS, make_bot
from cardsuite.bots.ismcts import ISMCTSBot
from cardsuite.games import get_game
from cardsuite.games.twenty_two.bots import search_hooks

GAME = get_game("twenty-two")


def _legal_keys(state, seat):  # type: ignore[no-untyped-def]
    return {a.key for a in state.legal_actions(seat)}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", ["standard", "beat-the-leader", "equal-cards", "twenty-six"])
def test_bots_choose_only_legal_actions(level: str, variant: str) -> None:
    options = {"iterations": 30} if level == "hard" else {}
    for seed in range(2 if level == "hard" else 6):
        state = GAME.new_state(players=3, variant=variant, seed=seed)
        bots = [make_bot("twenty-two", level, seed=seed * 3 + s, **options) for s in range(3)]
        while not state.is_over():
            seat = state.to_move()
            action = bots[seat].choose(state, seat)
            assert action.key in _legal_keys(state, seat)
            state.apply(action)


def test_unknown_level_lists_levels() -> None:
    with pytest.raises(ValueError, match="levels: random, easy, medium, hard"):
        make_bot("twenty-two", "genius")


def test_same_seed_same_choices() -> None:
    def run(seed: int) -> list[str]:
        state = GAME.new_state(players=4, seed=9)
        bot = make_bot("twenty-two", "hard", seed=seed, iterations=60, time_budget=60)
        out = []
        for _ in range(8):
            seat = state.to_move()
            action = bot.choose(state, seat)
            out.append(str(action))
            state.apply(action)
        return out

    assert run(5) == run(5)


def test_hard_stops_at_its_time_budget() -> None:
    state = GAME.new_state(players=4, seed=2)
    clock = FakeClock(0.0, step=0.01)  # one reading per iteration, after the first
    bot = ISMCTSBot(search_hooks(), seed=1, iterations=10_000, time_budget=0.25, clock=clock)
    bot.choose(state, state.to_move())
    # start reading + one per iteration, and one per sample weighed past the pool's least
    # (the reading of issue 36): the budget allows about 25 readings, not 10,000 iterations
    from cardsuite.bots.ismcts import POOL_LEAST

    weighed = max(0, bot.last.pool - POOL_LEAST)
    assert 20 <= bot.last.iterations + weighed <= 26 and bot.last.iterations >= 10
    assert bot.last.seconds <= 0.25 + 0.02


def test_hard_stops_when_cancelled() -> None:
    state = GAME.new_state(players=4, seed=2)
    calls = itertools.count()
    bot = ISMCTSBot(
        search_hooks(),
        seed=1,
        iterations=10_000,
        time_budget=1e9,
        cancelled=lambda: next(calls) >= 5,
    )
    bot.choose(state, state.to_move())
    assert bot.last.iterations == 6


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_do_not_see_hidden_cards(level: str) -> None:
    """Re-dealing everything the bot cannot see does not change its choice."""
    import random

    options = {"iterations": 80, "time_budget": 60} if level == "hard" else {}
    for seed in range(4):
        state = GAME.new_state(players=4, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(4, 20)):  # into the hand a little
            state.apply(make_bot("twenty-two", "medium").choose(state, state.to_move()))
        seat = state.to_move()
        other = state.sample_hidden(seat, random.Random(99))
        assert other.view(seat) == state.view(seat)
        a = make_bot("twenty-two", level, seed=7, **options).choose(state, seat)
        b = make_bot("twenty-two", level, seed=7, **options).choose(other, seat)
        assert a.key == b.key


def test_the_search_copy_shortcut_changes_no_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 10: a Twenty-Two search copy stops when its hand is scored instead of dealing
    the next one. The search reads nothing beyond, so every choice and every visit count
    is the same as with full samples."""
    from cardsuite.bots.ismcts import ISMCTSBot
    from cardsuite.games.twenty_two import bots as tt_bots
    from cardsuite.games.twenty_two.rules import TwentyTwoState

    def searches() -> list[tuple[str, dict[str, int]]]:
        out = []
        for seed in range(3):
            state = GAME.new_state(players=4, seed=seed)
            rng = random.Random(seed)
            for _ in range(rng.randrange(4, 20)):
                state.apply(make_bot("twenty-two", "medium").choose(state, state.to_move()))
            bot = ISMCTSBot(tt_bots.search_hooks(), seed=seed, iterations=60, time_budget=60)
            out.append((str(bot.choose(state, state.to_move())), bot.last.visits))
        return out

    from cardsuite.games.twenty_two import rules, sampling

    def full_sample(self: TwentyTwoState, observer: int, rng: random.Random) -> TwentyTwoState:
        """The same sample (reading included), dealing on past the scored hand."""
        return sampling.sample_hidden(self, observer, rng, events=False, by_reading=rules.READING)

    fast = searches()
    monkeypatch.setattr(TwentyTwoState, "search_copy", full_sample)
    assert searches() == fast


def test_the_all_seeing_yardstick_searches_the_true_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 10: ``simulate --all-seeing`` measures what not seeing costs the hard bot. Its
    search copies are the true position (never a sample), re-seeded, the original untouched."""
    from cardsuite.games.twenty_two.rules import TwentyTwoState

    state = GAME.new_state(players=4, seed=5)
    state.apply(state.legal_actions()[0])
    before = state.to_json()
    copies: list[TwentyTwoState] = []
    real = TwentyTwoState.clone_for_search

    def spy(self: TwentyTwoState, rng: random.Random) -> TwentyTwoState:
        copy = real(self, rng)
        copies.append(copy)
        assert copy.hands == self.hands  # the truth, not a sample
        return copy

    def no_samples(*_: object) -> None:
        raise AssertionError("an all-seeing search sampled the hidden cards")

    monkeypatch.setattr(TwentyTwoState, "clone_for_search", spy)
    monkeypatch.setattr(TwentyTwoState, "search_copy", no_samples)
    bot = ISMCTSBot(search_hooks(), seed=1, iterations=30, time_budget=60, all_seeing=True)
    bot.choose(state, state.to_move())
    assert len(copies) == 30 and state.to_json() == before


@pytest.mark.parametrize("variant", sorted(GAME.variants))
def test_the_fast_play_out_move_is_the_medium_move(variant: str) -> None:
    """Issue 10: play-outs work out one-card plays without listing the legal ones. Across
    random positions of every variant, that is exactly the play (the same cards) that the
    medium heuristic picks from the full list."""
    from cardsuite.games.twenty_two.bots import Situation, medium_choice, rollout_action

    checked = 0
    for state, rng in walk("twenty-two", variant, range(40), lambda s: 2 + s % 5, deals=4):
        seat = state.to_move()
        if state.phase == "play":
            legal = state.legal_actions()
            target = state.trick_lead_eff if state.beat_leader else state.trick_best_eff
            sit = Situation.from_state(state, seat)
            slow = (
                legal[0]
                if len(legal) == 1
                else medium_choice(sit, legal, target if state.trick else [])
            )
            fast = rollout_action(state, rng)
            assert fast.cards == slow.cards, (variant, str(fast), str(slow))
            checked += 1
    assert checked > 2000


@pytest.mark.parametrize("variant", sorted(get_game("african-casino").variants))
def test_casino_play_out_step_is_the_medium_step(variant: str) -> None:
    """Issue 35: African Casino's play-outs score the steps from the state itself
    (``bots._medium_step``, the prompts from a few keys of the view): at every position of
    random games at 2, 3 and 4 players, the step is the very one the medium bot picks from
    the whole view, and the walks make it pick every kind of play."""
    from cardsuite.games.african_casino.bots import medium_choice, rollout_action

    checked = 0
    kinds = set()
    for state, rng in walk("african-casino", variant, range(6), lambda s: 2 + s % 3, deals=2):
        legal = state.legal_actions()
        slow = medium_choice(state.view(state.to_move()), legal)
        assert rollout_action(state, rng) is slow, (variant, str(slow))
        checked += 1
        if len(legal) > 1:
            kinds.add(type(slow).__name__)
    assert checked > 100
    assert kinds >= {"Capture", "Build", "Add", "Trail"}, kinds


def test_casino_play_out_scores_are_the_medium_scores() -> None:
    """Issue 35: each step's score in a play-out, read from the state (``bots._TRAILS``,
    ``_capture_score``, ``_other_score``), is ``score_step``'s from the view to the last
    bit, for every step listed in the play phase of random games (raises, rarely the
    chosen step, included)."""
    from cardsuite.games.african_casino import bots
    from cardsuite.games.african_casino.actions import Capture, Raise, Trail, Word

    def fast(state, act) -> float:  # type: ignore[no-untyped-def]
        if type(act) is Trail:
            return bots._TRAILS[act.card]
        if type(act) is Capture:
            return bots._capture_score(state, act, len(state.loose))
        return 0.0 if type(act) is Word else bots._other_score(state, act)

    kinds: dict[str, int] = {}
    for variant in sorted(get_game("african-casino").variants):
        for state, _ in walk("african-casino", variant, range(3), lambda s: 2 + s % 3, deals=2):
            if state.phase != "play":
                continue
            view = state.view(state.to_move())
            for act in state.legal_actions():
                assert fast(state, act) == bots.score_step(view, act), (variant, str(act))
                kinds[type(act).__name__] = kinds.get(type(act).__name__, 0) + 1
    assert kinds.get(Raise.__name__, 0) > 10, kinds
    assert len(kinds) == 6, kinds


def test_money_self_play_stops_when_asked() -> None:
    """``bench`` times a number of decisions: an Egyptian game asks its bots at nearly every
    move, and playing hard bots to the end of one took many minutes. The driver stops when
    ``stop()`` says so, leaving the game where it was."""
    from cardsuite.bench import think_times
    from cardsuite.games.money.selfplay import play

    game = get_game("money")
    state = game.new_state(players=2, variant="egyptian", seed=3)
    bots = {s: make_bot("money", "random", seed=s) for s in (0, 1)}
    taken = play(state, bots, stop=lambda: len(state.events) >= 40)  # type: ignore[arg-type]
    assert not state.is_over() and taken > 0 and len(state.events) >= 40
    assert len(state.events) < 40 + 10  # it stopped at once, not at the end of the game
    timing = think_times(game, 2, "medium", 12, variant="egyptian")
    assert timing.decisions == 12


@pytest.mark.parametrize("variant", ["egyptian", "jordanian"])
def test_money_self_play_at_random_always_has_someone_to_act(variant: str) -> None:
    """MONEY-EG (buy at will): a bot that decides by chance gives one answer to "shop
    first?" per position; asked twice (by the driver, then for its turn) it once said no,
    then yes, and self-play stopped with nobody to act."""
    from cardsuite.games.money.selfplay import play

    game = get_game("money")
    for seed in range(6):
        state = game.new_state(players=2, variant=variant, seed=seed)
        bots = {s: make_bot("money", "random", seed=seed * 2 + s) for s in (0, 1)}
        play(state, bots)  # type: ignore[arg-type]
        assert state.is_over()
