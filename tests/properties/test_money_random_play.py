"""Random-play properties of Money over every variant and toggle combination the spec allows
(Syrian alone; every other mix of jokers and the six Egyptian switches): every card and
money card conserved at every step, every game ends (by the rules or the turn limit), every
listed action is accepted, a sample of unlisted ones is refused and changes nothing, JSON
round-trips, and ``sample_hidden`` keeps every public fact.

The default run plays a fifth of the toggle combinations (every toggle on and off, and every
scale, among them: checked below); ``CARDSUITE_FULL=1`` plays them all,
``CARDSUITE_PROPERTY_GAMES`` multiplies the games.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest
from scale import PROPERTY_GAMES, int_seed, sample

from cardsuite.engine import IllegalAction
from cardsuite.games import get_game
from cardsuite.games.money.rules import Buy, Claim, Exchange, MoneyState, Sell, Turn, deal_cards

GAME = get_game("money")
SCALE = PROPERTY_GAMES
LIMIT = 500  # cards turned per game here: the turn-limit end is exercised too

COMBOS = [{"syrian": True}] + [
    dict(
        zip(
            ("jokers", "auto_capture", "buy_at_will", "sell_bottom", "aces_money", "kommi"),
            flags,
            strict=True,
        )
    )
    | {"scale": scale}
    for flags in itertools.product((False, True), repeat=6)
    for scale in ("standard", "a", "b")
]


def _pack(st: MoneyState) -> Counter:
    numbers, banks = deal_cards(st.options)
    return Counter(numbers + banks[0] + banks[1])


def _bad_actions(st: MoneyState, rng: random.Random) -> list:
    """Plausible actions, some legal and some not."""
    money = sorted({r for r in st.values})
    pay = rng.choice(money)
    return [
        Turn(),
        Buy(pay, rng.choice(["ground", "opponent"]), tuple(rng.sample(money, rng.randint(0, 1)))),
        Exchange((pay,), (rng.choice(money),), rng.choice(["ground", "opponent"])),
        Sell(rng.randint(0, 20), ()),
    ]


def snapshot(st: MoneyState) -> dict:
    """The position without its (long) log, plus the log's length: cheap to compare."""
    data = st.to_json_light()
    data["events"] = len(st.events)
    return data


def play_checked(options: dict, seed: int) -> MoneyState:
    seed = int_seed(seed)
    rng = random.Random(seed)
    st = GAME.new_state(options=options | {"turn_limit": LIMIT}, seed=seed)
    pack = _pack(st)
    steps = 0
    # a save's round trip carries the whole log, so one at every hundredth move made a game
    # of ten thousand moves cost the square of its length (70% of this file's time): the
    # next is due only once the game has doubled in length since the last
    round_trip_due = 0
    while not st.is_over():
        steps += 1
        assert steps < 20 * LIMIT, "the game did not end"
        mover = st.to_move()
        legal = st.legal_actions()
        assert legal, "a player to move always has something to do"
        roll = rng.random()
        if roll < 0.03:  # unlisted actions are refused and change nothing
            before = snapshot(st)
            listed = set(legal)
            for act in _bad_actions(st, rng):
                if act in listed:
                    continue
                with pytest.raises(IllegalAction) as info:
                    st.apply(act)
                assert info.value.reason
                assert snapshot(st) == before
        elif roll < 0.04 and steps >= round_trip_due:
            round_trip_due = 2 * steps
            copy = GAME.from_json(json.loads(json.dumps(st.to_json())))
            assert copy.to_json() == st.to_json()
        elif roll < 0.05:
            other = st.sample_hidden(rng.randrange(2), rng)
            for seat in (0, 1):
                assert other.view(seat) == st.view(seat)
            assert Counter(other.all_cards()) == pack
        # the other seat sometimes snaps: claims are real moves in a race
        if not st.auto_capture and st.pile and rng.random() < 0.2:
            other_seat = 1 - mover
            assert Claim(other_seat) in st.legal_actions(other_seat)
            st.apply(Claim(other_seat))
        else:
            st.apply(legal[rng.randrange(len(legal))])
        assert Counter(st.all_cards()) == pack
    assert st.winners(), "a finished game has a winner (or two, in a draw)"
    return st


#: The combinations the run plays: every fifth by default (a stride of three met only scale
#: "b", the product's last factor being three long).
PLAYED = sample(COMBOS, every=5)


def test_the_sample_sets_every_switch_each_way() -> None:
    """Every switch, and the Syrian game, on and off among the combinations played, and
    every scale."""
    for key in {k for o in COMBOS for k in o}:
        assert {o.get(key) for o in PLAYED} == {o.get(key) for o in COMBOS}, key


@pytest.mark.parametrize(
    "options",
    PLAYED,
    ids=lambda o: (
        ",".join(
            k if v is True else f"{k}={v}"
            for k, v in o.items()
            if v is not False and v != "standard"
        )
        or "jordanian"
    ),
)
def test_random_games(options: dict) -> None:
    base = COMBOS.index(options) * 101
    for seed in range(SCALE):
        play_checked(options, base + seed)


@pytest.mark.parametrize("variant", ["jordanian", "jokers", "egyptian", "syrian"])
def test_many_games_of_each_variant(variant: str) -> None:
    for seed in range(8 * SCALE):
        play_checked(GAME.variants[variant].defaults(), 7000 + seed)


def test_forced_sales_leave_the_seller_at_least_36_cards() -> None:
    """MONEY-BUY-14 (M-11) over random standard games: a forced opponent purchase finds the
    seller with at least 36 number cards (38 with jokers)."""
    for options, least in (({}, 36), ({"jokers": True}, 38)):
        for seed in range(15 * SCALE):
            rng = random.Random(seed)
            st = GAME.new_state(options=options | {"turn_limit": 3000}, seed=seed)
            while not st.is_over():
                legal = st.legal_actions()
                act = legal[rng.randrange(len(legal))]
                if isinstance(act, Buy) and act.source == "opponent" and st.must_buy():
                    assert len(st.hands[1 - st.mover]) >= least
                st.apply(act)
