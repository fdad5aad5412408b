"""Random-play properties of Twenty-Two, for every variant and several player counts.

Each random game is checked at every step: every card is in exactly one place; the action
chosen from ``legal_actions`` is accepted; random card sets that are *not* listed are refused
with a reason and change nothing, and listed ones that name other cards of the same ranks are
accepted; ``to_json``/``from_json`` round-trips and the copy plays on identically; and
``sample_hidden`` keeps the observer's view exactly while every follow of the hand stays legal.

The default run plays a sixth of the games of each case; ``CARDSUITE_FULL=1`` plays them
all, ``CARDSUITE_PROPERTY_GAMES`` multiplies them.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
import scale
from roundtrip import check_round_trip
from unchanged import unchanged

from cardsuite.engine import IllegalAction
from cardsuite.games import get_game
from cardsuite.games.twenty_two.rules import Exchange, Play, TwentyTwoState

GAME = get_game("twenty-two")

# (variant, options, player counts, games per count)
CASES = [
    ("standard", {}, (2, 3, 4), 150),
    ("standard", {}, (5, 6), 80),
    ("standard", {}, (7, 12), 15),
    ("standard", {"all_out": "share"}, (2, 3), 150),
    ("beat-the-leader", {}, (2, 3, 4), 120),
    ("beat-the-leader", {}, (6,), 60),
    ("equal-cards", {}, (2, 3, 4), 120),
    ("equal-cards", {}, (6,), 60),
    ("paper-scores", {}, (2, 4, 6), 60),
    ("paper-scores", {"beat_leader": True}, (3, 5), 50),
    ("twenty-six", {}, (2, 3, 4), 60),
    ("twenty-six", {}, (8,), 25),
    ("twenty-six", {"beat_leader": True}, (3, 4), 50),
    ("twenty-six", {"equal_sets": True, "paper_scores": True}, (3, 5), 30),
    ("twenty-six", {}, (12,), 6),
]

MAX_STEPS = 20_000


_PACKS: dict[tuple[int, bool], Counter] = {}


def _conserved(st: TwentyTwoState) -> None:
    key = (st.n, st.twenty_six)
    if key not in _PACKS:
        _PACKS[key] = Counter(GAME.full_pack(st.n, st.options))
    assert Counter(st.all_cards()) == _PACKS[key]


def _refusals(st: TwentyTwoState, rng: random.Random) -> None:
    """Random card sets: unlisted ones are refused (state unchanged), listed ones accepted."""
    seat = st.to_move()
    assert seat is not None
    hand = st.hands[seat]
    legal = st.legal_actions()
    keys = {a.key for a in legal} if not isinstance(legal[0], Exchange) else None
    before = unchanged(st)
    for _ in range(4):
        if st.phase == "exchange":
            k = rng.randint(0, len(hand))
            act: Exchange | Play = Exchange(tuple(rng.sample(hand, k)))
            ok = k <= len(st.stock)
        else:
            size = len(st.trick[0][1]) if st.trick else rng.randint(1, len(hand))
            act = Play(tuple(rng.sample(hand, min(size, len(hand)))))
            assert keys is not None
            ok = act.key in keys
        probe = st.clone()
        if ok:
            probe.apply(act)
        else:
            with pytest.raises(IllegalAction) as info:
                probe.apply(act)
            assert info.value.reason
            assert unchanged(probe) == before
    # cards the seat does not hold, and the wrong kind of action, are refused too
    foreign = [c for c in GAME.full_pack(st.n, st.options) if c not in hand]
    wrong = Play((foreign[0],)) if st.phase == "play" else Exchange((foreign[0],))
    with pytest.raises(IllegalAction):
        st.apply(wrong)
    with pytest.raises(IllegalAction):
        st.apply("keep" if st.phase == "play" else f"play {hand[0]}")
    with pytest.raises(IllegalAction):
        st.apply("fold")
    assert unchanged(st) == before


def _replay_hand_is_legal(sample: TwentyTwoState) -> None:
    """Rebuild the start of this hand's tricks from the sample and replay every play of the
    hand through ``apply``: each must be accepted (an independent check of the sampler)."""
    data = sample.to_json()
    data["events"] = []  # (the rebuilt start has a log of its own to come, not the hand's)
    plays = [p for trick, _ in sample.tricks for p in trick] + list(sample.trick)
    if not plays:
        return
    hands = [list(h) for h in data["hands"]]
    for seat, cards in plays:
        hands[seat].extend(c.code for c in cards)
    played_now = Counter(c.code for _, cards in plays for c in cards)
    rest = Counter(data["played"])
    rest.subtract(played_now)
    data.update(
        hands=hands,
        played=list(rest.elements()),
        trick={"leader": plays[0][0], "plays": [], "best": 0},
        tricks=[],
        turn=plays[0][0],
        phase="play",
        exchange_queue=[],
    )
    start = GAME.from_json(data)
    for seat, cards in plays:
        assert start.to_move() == seat
        start.apply(Play(cards))


def _check_sample(st: TwentyTwoState, rng: random.Random) -> None:
    observer = rng.randrange(st.n)
    sample = st.sample_hidden(observer, rng)
    assert sample.view(observer) == st.view(observer)
    _conserved(sample)
    assert [len(h) for h in sample.hands] == [len(h) for h in st.hands]
    assert [len(d) for d in sample.discards] == [len(d) for d in st.discards]
    if st.phase == "play":
        _replay_hand_is_legal(sample)
    # the sample plays on legally to the end of the hand
    while not sample.is_over() and sample.hand_no == st.hand_no:
        legal = sample.legal_actions()
        sample.apply(legal[rng.randrange(len(legal))])


def play_checked(variant: str, options: dict, players: int, seed: int) -> TwentyTwoState:
    seed = scale.int_seed(seed)
    rng = random.Random(seed * 7919 + players)
    st = GAME.new_state(players=players, variant=variant, options=options, seed=seed)
    _conserved(st)
    steps = 0
    while not st.is_over():
        steps += 1
        assert steps < MAX_STEPS, "game did not end"
        legal = st.legal_actions()
        assert len(legal) > 0
        roll = rng.random()
        if roll < 0.025:
            _refusals(st, rng)
        elif roll < 0.04:
            _check_sample(st, rng)
        elif roll < 0.045:
            check_round_trip(st, rng, 12, by_text=True)
        act = legal[rng.randrange(len(legal))]
        hand_before = len(st.hands[st.to_move()])  # type: ignore[index]
        events = st.apply(act)
        assert events, "every action is logged"
        _conserved(st)
        if not st.is_over() and st.phase == "play" and st.trick:
            sizes = {len(st.hands[s]) for s in range(st.n) if st.active[s]}
            assert len(sizes) <= 2  # mid-trick: those who played hold one set fewer
        assert hand_before >= 1
    assert st.winners(), "a finished game has a winner"
    assert all(0 <= w < players for w in st.winners())
    return st


@pytest.mark.parametrize(
    ("variant", "options", "players", "games"),
    [(v, o, p, g) for v, o, counts, g in CASES for p in counts],
    ids=lambda x: (
        str(x) if not isinstance(x, dict) else ",".join(f"{k}={v}" for k, v in x.items()) or "-"
    ),
)
def test_random_games(variant: str, options: dict, players: int, games: int) -> None:
    for seed in range(scale.games(games)):
        st = play_checked(variant, options, players, seed)
        th = st.threshold
        alive = [s for s in range(players) if st.active[s]]
        # the game ends with one player in, or everyone out in the same hand
        assert len(alive) <= 1
        if alive:
            assert st.winners() == alive
        assert all(st.scores()[s] < th for s in alive)


def test_every_listed_exchange_is_accepted() -> None:
    """Exhaustively: every exchange offered to a 7-card hand applies (and there are as many
    as rank multisets of at most 7 cards)."""
    st = GAME.new_state(players=4, seed=3)
    legal = st.legal_actions()
    hand = st.hands[st.to_move()]  # type: ignore[index]
    shape = Counter(c.rank for c in hand).values()
    expected = 1
    for n in shape:
        expected *= n + 1
    assert len(legal) == expected
    assert len({a.key for a in legal}) == expected
    for act in legal:
        st.clone().apply(act)
