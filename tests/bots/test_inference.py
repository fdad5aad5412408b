"""Issue 36: the hard bot reads the table. Its deals are drawn from a pool weighed by how
likely the others' choices were (``SearchHooks.evidence``), and each game says how likely
they were under its medium model (Mensch: ``mensch/inference.py``)."""

from __future__ import annotations

import math
import random

import pytest

from cardsuite.bots import evidence
from cardsuite.bots.ismcts import ISMCTSBot, SearchHooks
from cardsuite.games import entry, get_game
from cardsuite.games.mensch import inference
from cardsuite.games.mensch.bots import MediumBot, rollout_action
from cardsuite.games.mensch.rules import QC, MenschState

MENSCH = get_game("mensch")


def _medium_play(seed: int, moves: int) -> MenschState:
    """A Mensch deal played ``moves`` choices in by four medium bots."""
    state = MENSCH.new_state(players=4, seed=seed)
    bot = MediumBot()
    for _ in range(moves):
        state.apply(bot.choose(state, state.to_move()))
    assert isinstance(state, MenschState)
    return state


def test_the_pool_draws_only_what_the_evidence_allows() -> None:
    """Samples the evidence rules out are never searched; the rest by weight."""
    state = _medium_play(3, 2)
    me = state.to_move()
    holder = next(s for s in range(4) if QC in state.hands[s])
    assume_holder = (holder + 1) % 4 if (holder + 1) % 4 != me else (holder + 2) % 4
    if holder == me:
        pytest.skip("the observer holds the queen")

    def evidence(root: object, sample: MenschState, seat: int) -> float:
        return 0.0 if QC in sample.hands[assume_holder] else -math.inf

    hooks = SearchHooks(rollout=rollout_action, evidence=evidence, pool=40)  # type: ignore[arg-type]
    bot = ISMCTSBot(hooks, seed=1, iterations=50, time_budget=60)
    draw, stats = bot._sampler(state, me, bot.clock(), 50)
    drawn = [draw() for _ in range(30)]
    assert all(QC in d.hands[assume_holder] for d in drawn)
    assert stats["pool"] == 40 and 1 <= stats["effective"] < 40
    assert all(d.view(me) == state.view(me) for d in drawn)  # consistent with all public


def test_tempered_weights_keep_more_samples_in_play() -> None:
    """``SearchHooks.temper``: 0 weighs every sample alike (the hard facts alone); 1 follows
    the evidence fully; between, the effective number of samples lies between."""
    state = _medium_play(2, 9)
    me = state.to_move()
    effective = []
    for temper in (0.0, 0.5, 1.0):
        hooks = SearchHooks(
            rollout=rollout_action,
            evidence=inference.log_likelihood,  # type: ignore[arg-type]
            pool=60,
            temper=temper,
        )
        bot = ISMCTSBot(hooks, seed=4, iterations=60, time_budget=60)
        _, stats = bot._sampler(state, me, bot.clock(), 60)
        effective.append(stats["effective"])
    assert effective[0] == pytest.approx(60) and effective[0] > effective[1] > effective[2]


def test_no_possible_sample_falls_back_to_the_hard_facts() -> None:
    state = _medium_play(4, 3)
    hooks = SearchHooks(rollout=rollout_action, evidence=lambda r, s, m: -math.inf, pool=10)
    bot = ISMCTSBot(hooks, seed=2, iterations=30, time_budget=60)
    bot.choose(state, state.to_move())
    assert bot.last.fallback and bot.last.pool == 10 and bot.last.iterations == 30


def test_weighing_takes_at_most_its_share_of_the_budget() -> None:
    """The pool stops growing once it holds ``POOL_LEAST`` samples and ``POOL_SHARE`` of the
    budget is gone (a clock that moves 0.01 s a reading; one reading a sample once the pool
    holds its least)."""
    from fakes import FakeClock

    from cardsuite.bots import ismcts

    state = _medium_play(5, 6)
    hooks = SearchHooks(rollout=rollout_action, evidence=lambda r, s, m: 0.0, pool=500)
    clock = FakeClock(0.0, step=0.01)
    bot = ISMCTSBot(hooks, seed=1, iterations=10_000, time_budget=1.0, clock=clock)
    bot.choose(state, state.to_move())
    share = int(ismcts.POOL_SHARE / 0.01)
    assert ismcts.POOL_LEAST < bot.last.pool <= ismcts.POOL_LEAST + share + 1
    assert bot.last.seconds <= 1.0 + 0.02


def test_the_pool_is_no_larger_than_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardsuite.games.mensch import bots as mensch_bots

    monkeypatch.setattr(mensch_bots, "READING", True)  # off by default (see its note)
    monkeypatch.setattr(mensch_bots, "ENDGAME_CARDS", 0)
    state = _medium_play(5, 2)
    bot = ISMCTSBot(entry("mensch").bots_module().search_hooks(), seed=1, iterations=12)
    bot.choose(state, state.to_move())
    assert bot.last.pool == 12 and bot.last.effective >= 1


@pytest.mark.parametrize("seed", range(4))
def test_medium_players_choices_are_all_the_models_own(seed: int) -> None:
    """On the true deal of four medium bots every choice is the model's own: each bid
    misses nothing (1 - BID_NOISE, and its share of the noise), each real choice of a card
    is medium's (1 - NOISE). A sample's likelihood is a probability too: a choice its cards
    force is certain."""
    state = _medium_play(seed, 4 + 3 * seed)
    me = state.to_move()
    assert inference.log_likelihood(state, state, me) == pytest.approx(_all_medium(state, me))
    rng = random.Random(seed)
    for _ in range(20):
        assert inference.log_likelihood(state, state.sample_hidden(me, rng), me) <= 0.0


def _all_medium(state: MenschState, me: int) -> float:
    """The log-likelihood of this deal's choices by the others when each was the model's."""
    replay = inference._deal_again(state, state)
    total = 0.0
    for action in inference.public_choices(state):
        seat = replay.turn
        n = len(replay.legal_actions())
        if seat != me and replay.phase == "bid":
            total += math.log(1 - inference.BID_NOISE + inference.BID_NOISE / n)
        elif seat != me and n > 1:
            total += math.log(1 - evidence.NOISE)
        replay.apply(action)
    return total


def test_a_sample_that_breaks_a_duty_is_impossible() -> None:
    """MENSCH-PLAY-4: the first card of the called suit its holder plays is the called
    card. A deal giving the called card to a player who has played another card of its suit
    cannot have been: the reading rules it out."""
    bot = MediumBot()
    for seed in range(200):
        state = _medium_play(seed, 0)
        while state.phase != "over" and state.phase != "play":
            state.apply(bot.choose(state, state.to_move()))
        called = state.called
        if called is None:
            continue
        while state.phase == "play" and not state.partner_known:
            partner = state.partner
            shown = {
                s
                for t in state.hand_plays()
                for s, c in t
                if c.suit == called.suit and c is not QC and s not in (partner, state.declarer)
            }
            if shown and partner is not None:
                other = min(shown)
                me = next(s for s in range(4) if s not in (other, partner))
                sample = state.clone()
                taken = sample.hands[other].pop()
                sample.hands[partner].remove(called)
                sample.hands[partner].append(taken)
                sample.hands[other].append(called)
                assert inference.log_likelihood(state, sample, me) == -math.inf
                assert inference.log_likelihood(state, state.clone(), me) > -math.inf
                return
            state.apply(bot.choose(state, state.to_move()))
    pytest.skip("no such deal in the seeds tried")


def test_a_solo_bid_puts_the_trumps_with_the_bidder() -> None:
    """Read from a bid: after a medium Solo bid, the weighed samples give the bidder more of
    the high trumps than the hard facts alone do."""
    found = None
    for seed in range(400):
        state = _medium_play(seed, 0)
        bot = MediumBot()
        while state.phase == "bid":
            state.apply(bot.choose(state, state.to_move()))
        if state.contract == "solo" and state.phase == "trump":
            found = state
            break
    if found is None:
        pytest.skip("no medium Solo in the seeds tried")
    declarer = found.declarer
    assert declarer is not None
    me = (declarer + 1) % 4
    rng = random.Random(1)
    samples = [found.sample_hidden(me, rng) for _ in range(300)]
    logs = [inference.log_likelihood(found, s, me) for s in samples]
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    strength = [_top_cards(s.hands[declarer]) for s in samples]
    plain = sum(strength) / len(strength)
    read = sum(w * x for w, x in zip(weights, strength, strict=True)) / sum(weights)
    assert read > plain + 0.3
    assert _top_cards(found.hands[declarer]) >= read - 1.5


def _top_cards(hand: list) -> int:  # type: ignore[type-arg]
    """Aces and the queen of clubs: what a Solo needs."""
    return sum(1 for c in hand if c.rank == 14 or c is QC)


def test_play_out_noise_makes_that_share_of_moves_random() -> None:
    """``SearchHooks.noise``: at 1.0 no play-out move is the policy's; at 0 every one is."""
    state = _medium_play(6, 5)
    calls = []

    def policy(st: MenschState, rng: random.Random) -> object:
        calls.append(1)
        return rollout_action(st, rng)

    for noise, used in ((1.0, False), (0.0, True)):
        calls.clear()
        hooks = SearchHooks(rollout=policy, noise=noise)  # type: ignore[arg-type]
        ISMCTSBot(hooks, seed=3, iterations=20, time_budget=60).choose(state, state.to_move())
        assert bool(calls) is used


def _manni_medium_play(variant: str, seed: int, moves: int):  # type: ignore[no-untyped-def]
    from cardsuite.games.manni.bots import MediumBot as MannMedium

    state = get_game("manni").new_state(players=3, variant=variant, seed=seed)
    bot = MannMedium()
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(bot.choose(state, state.to_move()))
    return state


@pytest.mark.parametrize("variant", ["basic", "trjamann", "hornafjardarmanni"])
def test_manni_reads_the_play_under_the_medium_model(variant: str) -> None:
    """Manni's reading (``manni/inference.py``): on the true hand of three medium bots every
    card played by another seat is the model's own; a sample breaking a void is ruled out;
    before the first card there is nothing to read."""
    from cardsuite.games.manni import inference as mann

    found = 0
    for seed in range(40):
        state = _manni_medium_play(variant, seed, 12 + seed % 20)
        if state.phase != "play" or not state.played:
            continue
        me = state.to_move()
        plays = [(s, c) for t in state.hand_plays() for s, c in t]
        replay = mann._first_lead(state, state.clone())
        real = 0
        for s, c in plays:
            if s != me and len(replay.legal_actions()) > 1:
                real += 1
            replay.apply(replay.parse_action(f"play {c.code}"))
        truth = mann.log_likelihood(state, state.clone(), me)
        assert truth == pytest.approx(real * math.log(1 - evidence.NOISE))
        # a sample giving a player a card of a suit it showed void in cannot have been
        voids = state.voids()
        broken = _break_a_void(state, me, voids)
        if broken is not None:
            assert mann.log_likelihood(state, broken, me) == -math.inf
            found += 1
        if found >= 2:
            return
    pytest.skip("no void shown in the seeds tried")


def _break_a_void(state, me, voids):  # type: ignore[no-untyped-def]
    """A copy in which a seat that showed a void holds a card of that suit (swapped with
    the other hidden hand), or None."""
    others = [s for s in range(3) if s != me]
    for s in others:
        for suit in voids[s]:
            other = next(o for o in others if o != s)
            card = next((c for c in state.hands[other] if c.suit == suit), None)
            give = next((c for c in state.hands[s] if c.suit != suit), None)
            if card is None or give is None:
                continue
            copy = state.clone()
            copy.hands[other].remove(card)
            copy.hands[s].remove(give)
            copy.hands[s].append(card)
            copy.hands[other].append(give)
            return copy
    return None


def test_manni_reads_nothing_before_the_first_card() -> None:
    from cardsuite.games.manni import inference as mann

    state = _manni_medium_play("basic", 0, 0)
    assert mann.log_likelihood(state, state.clone(), state.to_move()) == 0.0


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("twenty-two", 4), ("mensch", 4), ("manni", 3), ("african-casino", 2), ("money", 2)],
)
def test_the_all_seeing_yardstick_never_samples(
    game_id: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 36: the omniscient yardstick (``all_seeing="cards"``) searches the true deal
    everywhere, in every game: no sample is dealt (not by ``search_copy``, ``sample_hidden``
    or a game's own ``_sample``), and every copy holds the true hidden cards. (The fair one,
    "hands", deals what nobody has seen again: ``tests/contract/test_seeing_hands.py``.)"""
    game = get_game(game_id)
    state = game.new_state(players=players, seed=3)
    rng = random.Random(3)
    for _ in range(8):
        if state.to_move() is None or state.is_over():
            break
        state.apply(rng.choice(list(state.legal_actions())))
    cls = type(state)
    real = cls.clone_for_search
    me = state.to_move()
    assert me is not None
    hidden = state.hidden_zones(me)
    copies = []

    def spy(self, r):  # type: ignore[no-untyped-def]
        copy = real(self, r)
        copies.append([list(copy.zones()[z]) for z in hidden])  # as made, before play
        return copy

    def no_samples(*_: object, **__: object) -> None:
        raise AssertionError("an all-seeing search sampled the hidden cards")

    monkeypatch.setattr(cls, "clone_for_search", spy)
    for name in ("search_copy", "sample_hidden", "_sample"):
        if hasattr(cls, name):
            monkeypatch.setattr(cls, name, no_samples)
    hooks = entry(game_id).bots_module().search_hooks()
    bot = ISMCTSBot(hooks, seed=1, iterations=10, time_budget=60, all_seeing="cards")
    bot.search_tree(state, me)
    truth = [list(state.zones()[z]) for z in hidden]
    assert len(copies) == 10 and all(c == truth for c in copies)


@pytest.mark.parametrize("variant", ["standard", "beat-the-leader", "equal-cards"])
def test_twenty_two_reads_the_exchange_sizes(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Twenty-Two's reading (``twenty_two/inference.py``): a medium player exchanged every
    high card the stock allowed, so on the true deal of medium bots nothing is scored down,
    while a sample giving a player who exchanged few cards more high cards than it drew is.
    (The exchange sizes alone: the play's reading is tested below.)"""
    from cardsuite.games.twenty_two import inference as tt
    from cardsuite.games.twenty_two.bots import MediumBot as TTMedium

    monkeypatch.setattr(tt, "READ_PLAY", False)

    game = get_game("twenty-two")
    scored_down = 0
    for seed in range(12):
        state = game.new_state(players=4, variant=variant, seed=seed)
        bot = TTMedium()
        for _ in range(4 + seed % 5):
            state.apply(bot.choose(state, state.to_move()))
        if state.phase != "play":
            continue
        me = state.to_move()
        assert [k for _, k, _ in tt.exchanges(state)] == [len(d) for d in _in_turn(state)]
        assert tt.log_likelihood(state, state, me) == 0.0
        rng = random.Random(seed)
        logs = [tt.log_likelihood(state, state.sample_hidden(me, rng), me) for _ in range(20)]
        assert all(x == 0.0 or x <= math.log(evidence.NOISE) for x in logs)
        scored_down += sum(1 for x in logs if x < 0)
    assert scored_down > 0


def _in_turn(state):  # type: ignore[no-untyped-def]
    """Each exchange's discards, in the order the seats exchanged (the log's)."""
    return [state.discards[e.seat] for e in state.events if e.kind == "exchange"]


def test_twenty_six_reads_no_exchange() -> None:
    from cardsuite.games.twenty_two import inference as tt

    state = get_game("twenty-two").new_state(players=4, variant="twenty-six", seed=1)
    state.apply(state.legal_actions()[-1])
    me = state.to_move()
    assert tt.log_likelihood(state, state.sample_hidden(me, random.Random(1)), me) == 0.0


@pytest.mark.parametrize("game_id", ["mensch", "manni"])
def test_a_reading_off_by_default_is_lent_when_switched_on(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Mensch's and Manni's readings are off by default (measured: no gain yet); switched
    on, the game lends the search its evidence and pool."""
    module = entry(game_id).bots_module()
    assert module.READING is False and module.search_hooks().evidence is None
    monkeypatch.setattr(module, "READING", True)
    hooks = module.search_hooks()
    assert hooks.evidence is not None and hooks.pool == module.POOL


@pytest.mark.parametrize("variant", ["standard", "beat-the-leader", "equal-cards"])
def test_twenty_two_reads_the_play(variant: str) -> None:
    """Twenty-Two's reading of the play (``inference.play_log_likelihood``): on the true deal
    of medium bots every play is the model's own (each scores ``log(1 - NOISE)``, or 0 where
    the seat had one choice), while samples that give a seat cards it would have played
    otherwise are scored down."""
    from cardsuite.games.twenty_two import inference as tt
    from cardsuite.games.twenty_two.bots import MediumBot as TTMedium

    game = get_game("twenty-two")
    own = math.log(1 - evidence.NOISE)
    read = scored_down = 0
    for seed in range(10):
        state = game.new_state(players=4, variant=variant, seed=seed)
        bot = TTMedium()
        for _ in range(8 + seed % 7):
            state.apply(bot.choose(state, state.to_move()))
        if state.phase != "play" or not any(state.hand_plays()):
            continue
        me = state.to_move()
        truth = tt.play_log_likelihood(state, state, me)
        assert truth <= 0 and (truth / own) == pytest.approx(round(truth / own))
        rng = random.Random(seed)
        logs = [tt.play_log_likelihood(state, state.search_copy(me, rng), me) for _ in range(20)]
        read += 1
        scored_down += sum(1 for x in logs if x < truth)
    assert read >= 5 and scored_down > 0


def test_twenty_two_pool_read_by_the_play_keeps_what_is_public(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the play read too (``inference.READ_PLAY``), the search's deals come from a
    weighed pool, and every one keeps what the observer sees."""
    from cardsuite.games.twenty_two import bots as tb
    from cardsuite.games.twenty_two import inference as tt
    from cardsuite.games.twenty_two.bots import MediumBot as TTMedium

    monkeypatch.setattr(tt, "READ_PLAY", True)
    state = get_game("twenty-two").new_state(players=4, seed=5)
    bot = TTMedium()
    for _ in range(12):
        state.apply(bot.choose(state, state.to_move()))
    assert state.phase == "play" and any(state.hand_plays())
    me = state.to_move()
    hooks = tb.search_hooks()
    assert hooks.evidence is tt.log_likelihood
    search = ISMCTSBot(hooks, seed=3, iterations=40, time_budget=60)
    draw, stats = search._sampler(state, me, search.clock(), 40)
    assert stats["pool"] == 40 and 1 <= stats["effective"] < 40
    hidden = state.hidden_zones(me)

    def unseen(st):  # type: ignore[no-untyped-def]
        return sorted(c.ordinal for z in hidden for c in st.zones()[z])

    for sample in (draw() for _ in range(20)):
        assert sample.hands[me] == state.hands[me]
        assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
        assert sample.hand_plays() == state.hand_plays()
        assert unseen(sample) == unseen(state)
