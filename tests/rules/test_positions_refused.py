"""Positions that used to load and then crash or hang (issue 9 #4): refused with a reason."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from cardsuite.games import game_ids, get_game

T22 = get_game("twenty-two")


def midgame() -> dict[str, Any]:
    state = T22.new_state(players=4, seed=3, dealer=3)
    while state.phase != "play" or not state.trick:
        state.apply(state.legal_actions()[0])
    return json.loads(json.dumps(state.to_json()))


def change(data: dict[str, Any], how) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    data = copy.deepcopy(data)
    how(data)
    return data


def hand_into_stock(d: dict[str, Any]) -> None:
    d["stock"] += d["hands"][0]
    d["hands"][0] = []


def sixteen_cards(d: dict[str, Any]) -> None:
    d["hands"][1] += d["stock"][:10]
    d["stock"] = d["stock"][10:]


CASES = {
    "a hand moved into the stock": hand_into_stock,
    "dealer 99": lambda d: d.update(dealer=99),
    "a trick leader 99": lambda d: d["trick"].update(leader=99),
    "a 16-card hand": sixteen_cards,
    "best -1": lambda d: d["trick"].update(best=-1),
    "a score of 10^30": lambda d: d["scores"].__setitem__(0, 10**30),
    "a generator of zeros": lambda d: d.update(rng=[3, [0] * 624 + [624], None]),
    "garbage event data": lambda d: d["events"].append(["lead", 0, "x", {"cards": 7}]),
    "an event that is not a list": lambda d: d["events"].append("lead"),
    "players as a float": lambda d: d.update(players=4.0),
    # issue 33 (a salted full mutation run, CARDSUITE_SEED=i33c): hand 0 loaded, and the
    # sheet's record of it was then refused, and so the game's own save
    "hand 0": lambda d: d.update(hand_no=0),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_position_that_would_crash_later_is_refused(name: str) -> None:
    data = midgame()
    T22.from_json(data)  # the real one loads
    with pytest.raises(ValueError) as info:
        T22.from_json(change(data, CASES[name]))
    assert str(info.value)


def test_a_money_position_whose_mover_has_bought_with_nothing_to_turn_is_refused() -> None:
    """Found by a salted full mutation run (``CARDSUITE_SEED=083a88b5``): ``bought`` set to 1
    in a position whose mover holds no card loaded (as true), and left the mover nothing to
    do: he has bought this turn, yet holds no card to turn (what is bought goes to the hand,
    MONEY-BUY-11). ``bought`` is a boolean, that position is refused, and so, as a catch-all,
    is any whose player to move has no legal step."""
    import random

    money = get_game("money")
    found = None
    for seed in range(200):
        st = money.new_state(players=2, variant="egyptian", seed=seed)
        rng = random.Random(seed)
        while not st.is_over():
            if st.phase == "play" and not st.hands[st.mover] and not st.bought:
                found = json.loads(json.dumps(st.to_json()))
                break
            legal = st.legal_actions()
            st.apply(legal[int(rng.random() * len(legal))])
        if found:
            break
    assert found, "no position with the mover out of cards"
    money.from_json(found)  # the real one loads: the mover buys
    with pytest.raises(ValueError, match="bought is true or false"):
        money.from_json({**found, "bought": 1})
    with pytest.raises(ValueError, match="holds no card to turn"):
        money.from_json({**found, "bought": True})


def test_a_trjamann_position_in_play_with_no_contract_is_refused() -> None:
    """Found by a salted full mutation run (``CARDSUITE_SEED=ddcc66ae``): a Trjámann position
    in the tricks whose contract was blanked loaded, and scoring its hand failed
    (``KeyError: ''``). The exchange and the tricks come after the contract (TRJ-CONTRACT-1)."""
    import random

    manni = get_game("manni")
    st = manni.new_state(variant="trjamann", seed=4)
    rng = random.Random(4)
    while st.phase != "play":
        st.apply(rng.choice(st.legal_actions()))
    data = json.loads(json.dumps(st.to_json()))
    manni.from_json(data)  # the real one loads
    with pytest.raises(ValueError, match="come after the contract"):
        manni.from_json({**data, "contract": ""})


# --- issue 33: positions that loaded and then broke --------------------------------------------


def played_to(
    game_id: str, test, players: int | None = None, variant: str | None = None, **options
):  # type: ignore[no-untyped-def]
    """The JSON of the first position of random play (fixed seeds) that passes ``test``."""
    import random

    game = get_game(game_id)
    for seed in range(300):
        st = game.new_state(players=players, variant=variant, seed=seed, options=options or None)
        rng = random.Random(seed)
        while not st.is_over():
            if test(st):
                data = json.loads(json.dumps(st.to_json()))
                assert game.from_json(data).to_json() == data  # the real one loads
                return data
            legal = st.legal_actions()
            st.apply(legal[int(rng.random() * len(legal))])
    raise AssertionError("no such position in 300 games")


def test_mensch_hands_in_the_auction_are_the_eight_dealt() -> None:
    """Issue 33 #5: in the auction nothing is checked: hands of 7, 9, 8 and 8 cards loaded and
    the bot to move had nothing to do. Each holds the eight cards dealt (MENSCH-DEAL-1), and
    nothing is played (or declared) before the auction ends."""
    mensch = get_game("mensch")
    data = played_to("mensch", lambda s: s.phase == "bid" and len(s.bids) == 1)
    seven = change(data, lambda d: d["hands"][1].append(d["hands"][0].pop()))
    with pytest.raises(ValueError, match="holds the eight cards dealt"):
        mensch.from_json(seven)
    played = change(data, lambda d: d["played"].append(d["hands"][0].pop()))
    with pytest.raises(ValueError, match="nothing is played"):
        mensch.from_json(played)


def test_mensch_each_trick_is_played_in_turn_from_its_leader() -> None:
    """The finished tricks as play leaves them: the first led by eldest (the Solo
    declarer), each later one by the last winner, four plays in turn (MENSCH-PLAY-1/3)."""
    mensch = get_game("mensch")
    data = played_to("mensch", lambda s: s.phase == "play" and len(s.tricks) >= 2)
    turned = change(data, lambda d: d["tricks"][1]["plays"].reverse())
    with pytest.raises(ValueError, match="not played in turn"):
        mensch.from_json(turned)
    swapped = change(data, lambda d: d["tricks"].reverse())
    with pytest.raises(ValueError, match=r"(not played in turn|not led by)"):
        mensch.from_json(swapped)


@pytest.mark.parametrize("game_id", ["manni", "mensch", "twenty-two", "african-casino"])
def test_a_history_record_is_what_the_game_writes(game_id: str) -> None:
    """Issue 33 #6: ``"history": [{}]`` loaded, and the table crashed as it opened (its sheet
    reads each record's fields); a save holding it crashed on resume. Each record is checked
    (``positions.records``): its fields, their values, and hands numbered in order up to the
    last one finished."""
    from cardsuite.match import Match, SeatSpec

    game = get_game(game_id)
    key = "deal" if game_id in ("mensch", "african-casino") else "hand"
    data = played_to(game_id, lambda s: len(s.history) >= 2 and not s.is_over())
    for bad, words in (
        ([{}], "has no"),
        ([*data["history"][:-1], {**data["history"][-1], "x": 1}], "unknown field"),
        ([*data["history"][:-1], {**data["history"][-1], key: "2"}], "whole number"),
        (data["history"][1:] + data["history"][:1], f"is of {key}"),
        (data["history"][:-1], f"is of {key}"),  # a hand finished with no record
    ):
        with pytest.raises(ValueError, match=words):
            game.from_json({**data, "history": bad})
    if game_id == "twenty-two":  # and the last showdown, as the view gives it
        with pytest.raises(ValueError, match="the last showdown has no cards"):
            game.from_json({**data, "last_showdown": {"hand": 1}})
    state = game.from_json({**data, "history": data["history"][1:]})  # a sheet begun later
    seats = [SeatSpec("human", f"P{s}") for s in range(len(state.scores()))]
    save = json.loads(json.dumps(Match(game, state, seats).to_save()))
    Match.from_save(save)
    save["state"]["history"] = [{}]
    with pytest.raises(ValueError, match="has no"):
        Match.from_save(save)


@pytest.mark.parametrize("variant", ["swazi", "sotho", "south-african"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_african_casino_a_hand_card_moved_to_the_stock_is_refused(
    variant: str, players: int
) -> None:
    """Issue 33 #7: a hand card moved to the stock (the pack still exact) loaded in every
    variant, and after a trail the second half's deal lost a card. The stock holds exactly
    what the deal left (CASINO-DEAL-2/3, VAR-SA 2) and the hands what was dealt less a card
    a turn (CASINO-TURN-1)."""
    casino = get_game("african-casino")
    data = played_to(
        "african-casino",
        lambda s: s.phase == "play" and s.played is None and len(s.hands[s.turn]) > 1,
        players=players,
        variant=variant,
    )
    mover = data["turn"]
    moved = change(data, lambda d: d["stock"].append(d["hands"][mover].pop()))
    with pytest.raises(ValueError, match="the stock holds"):
        casino.from_json(moved)
    other = (mover + 1) % players  # to the layout instead: the hands no longer fit
    to_layout = change(data, lambda d: d["loose"].append(d["hands"][other].pop()))
    with pytest.raises(ValueError, match="the hands do not fit the deal"):
        casino.from_json(to_layout)


def test_african_casino_an_insist_prompt_comes_after_the_play() -> None:
    """Issue 33 #7: a position in phase ``insist`` with no play made and ``ask_about:
    additions`` loaded, and after the insisted addition the mover had no legal step. An
    insist answers the mover's play (INSIST-3 ``ask``), and one on additions needs an addition
    still possible (INSIST-1)."""
    casino = get_game("african-casino")
    data = played_to(
        "african-casino",
        lambda s: s.phase == "insist" and s.ask_about == "additions",
        players=2,
    )
    before = change(data, lambda d: d["this_turn"].update(played=None, trailed=None))
    with pytest.raises(ValueError, match="after the play"):
        casino.from_json(before)
    st = casino.from_json(data)
    st.builds = {}  # nothing left to add to
    with pytest.raises(ValueError, match="needs one still possible"):
        casino.from_json(json.loads(json.dumps(st.to_json())))


def test_african_casino_an_insist_on_the_play_goes_back_to_the_position_before_it() -> None:
    """Found by the extended mutation test (issue 33, ``CARDSUITE_SEED=4e65dcac``): a card of
    the mover's hand swapped with a pile card, the position before the play left as it was,
    loaded; an insist took play back there, the challenged card was found wrong, and the
    mover had no legal step. That position is this one before the play: the same hands, the
    mover's with the card he played (INSIST-3)."""
    casino = get_game("african-casino")
    data = played_to(
        "african-casino",
        lambda s: s.phase == "insist" and s.ask_about == "play" and s.hands[s.mover],
        players=2,
    )
    mover = data["this_turn"]["mover"]

    def swap(d: dict[str, Any]) -> None:
        mine, theirs = d["hands"][mover], d["hands"][1 - mover]
        mine[0], theirs[0] = theirs[0], mine[0]

    with pytest.raises(ValueError, match="the position before the play"):
        casino.from_json(change(data, swap))


def test_twenty_two_a_trick_is_as_play_leaves_it() -> None:
    """Issue 33 #8: the leader's last card moved into his lead loaded, and the showdown then
    found his hand empty (IndexError). A lead leaves the leader a card (T22-PLAY-2); the
    mutation test also found a trick with a seat skipped (T22-PLAY-3: the card went back to
    a hand, and a card was lost at the deal) and the best must be the play that last covered
    (T22-PLAY-5)."""
    data = played_to(
        "twenty-two",
        lambda s: (
            s.phase == "play"
            and len(s.trick) == 1
            and len(s.trick[0][1]) == 1
            and len(s.hands[s.trick_leader]) == 1
        ),
        players=4,
    )
    leader = data["trick"]["leader"]
    last = change(data, lambda d: d["trick"]["plays"][0][1].append(d["hands"][leader].pop()))
    with pytest.raises(ValueError, match="the trick's lead cannot have been led"):
        T22.from_json(last)
    follows = played_to("twenty-two", lambda s: s.phase == "play" and len(s.trick) == 3, players=4)
    skipped = change(
        follows,
        lambda d: d["hands"][d["trick"]["plays"][1][0]].extend(d["trick"]["plays"].pop(1)[1]),
    )
    with pytest.raises(ValueError, match="out of turn"):
        T22.from_json(skipped)
    best = follows["trick"]["best"]
    with pytest.raises(ValueError, match="the trick's best"):
        T22.from_json(change(follows, lambda d: d["trick"].update(best=(best + 1) % 3)))


def test_manni_the_manni_holds_what_the_deal_left() -> None:
    """Found by the extended mutation test (issue 33): a manni card moved to a discard pile
    in basic Manni's swap phase loaded, and a swap then lost a card or left a player with
    no cards to play. The manni is what the deal left less what was drawn (MANNI-GEN-4) and
    the discards what was exchanged for it (MANNI-EXCH-2/3, TRJ-EXCH-1, HORN-EXCH-1)."""
    manni = get_game("manni")
    data = played_to("manni", lambda s: s.phase == "swap", variant="basic")
    moved = change(data, lambda d: d["discards"][1].append(d["manni"].pop()))
    with pytest.raises(ValueError, match="discard pile is the one hand swapped"):
        manni.from_json(moved)
    for variant in ("basic", "trjamann", "hornafjardarmanni"):  # a card of each hand to it
        data = played_to("manni", lambda s: s.phase == "play" and not s.tricks, variant=variant)
        three = change(data, lambda d: d["manni"].extend(h.pop() for h in d["hands"]))
        with pytest.raises(ValueError, match="the manni holds"):
            manni.from_json(three)
    data = played_to("manni", lambda s: s.phase == "play" and s.manni, variant="trjamann")
    other = (data["declarer"] + 1) % 3
    moved = change(data, lambda d: d["discards"][other].append(d["manni"].pop()))
    with pytest.raises(ValueError, match="only the declarer exchanges"):
        manni.from_json(moved)


@pytest.mark.parametrize(
    ("variant", "trump"), [("basic", None), ("trjamann", "D"), ("hornafjardarmanni", "C")]
)
def test_manni_trumps_follow_from_the_hand(variant: str, trump: str | None) -> None:
    """Issue 33 (its records audited): basic Manni with no trumps loaded, the hand's record
    then named none, and the sheet (which draws the trump's suit) and the game's own save
    refused it. Trumps follow from the hand's number (MANNI-TRUMP-1), the contract
    (TRJ-CONTRACT-1) or the cut card (HORN-CONTRACT-1)."""
    manni = get_game("manni")
    data = played_to(
        "manni",
        lambda s: s.phase == "play" and s.trump != trump and s.contract != "other",
        variant=variant,
    )
    with pytest.raises(ValueError, match="are not this hand's"):
        manni.from_json({**data, "trump": trump})


@pytest.mark.parametrize("game_id", game_ids())
def test_a_generator_that_gives_only_zeros_is_refused(game_id: str) -> None:
    """Issue 33 #9: ``[3, [1] + [0] * 623 + [624], null]`` was accepted: its first word's low
    bits are never read, so it gives zeros for ever (Twenty-Two's first draw never ended;
    the others played on and refused their own save). A sparse state that is not degenerate
    still loads."""
    game = get_game(game_id)
    data = json.loads(json.dumps(game.new_state(seed=2).to_json()))
    for words in ([1] + [0] * 623, [0] * 624, [2**31 - 1] + [0] * 623):
        with pytest.raises(ValueError, match="degenerate"):
            game.from_json({**data, "rng": [3, [*words, 624], None]})
    sparse = game.from_json({**data, "rng": [3, [2**31] + [0] * 623 + [624], None]})
    json.dumps(sparse.to_json())


@pytest.mark.parametrize("game_id", game_ids())
def test_json_nested_too_deeply_is_refused(game_id: str) -> None:
    """Issue 33 #10: event data and history nested 900 deep loaded; ctrl+s then raised
    RecursionError and the crash report froze the app. Positions and saves are bounded."""
    from cardsuite import positions
    from cardsuite.match import Match, SeatSpec

    game = get_game(game_id)
    state = game.new_state(seed=2)
    data = json.loads(json.dumps(state.to_json()))
    deep: list[object] = []
    for _ in range(900):
        deep = [deep]
    event = ["note", None, "x", {"deep": deep}]
    with pytest.raises(ValueError, match="nested too deeply"):
        game.from_json({**data, "events": [*data["events"], event]})
    with pytest.raises(ValueError, match="nested too deeply"):
        game.from_json({**data, "history": deep})
    seats = [SeatSpec("human", f"P{s}") for s in range(len(state.scores()))]
    save = json.loads(json.dumps(Match(game, state, seats).to_save()))
    with pytest.raises(ValueError, match="nested too deeply"):
        Match.from_save({**save, "origin": {"position": {"x": deep}}})
    shallow: list[object] = []
    for _ in range(positions.MAX_DEPTH - 1):
        shallow = [shallow]
    positions.check_depth(shallow, "this")  # the bound itself is allowed


def test_a_sheets_running_totals_are_any_the_position_can_reach() -> None:
    """Found by the extended mutation test (issue 33, ``CARDSUITE_SEED=i33b``): an African
    Casino position with a total of 10**30 loaded (a position's totals have no top), but once
    its deal was scored the sheet's record of it was refused, and so was the game's own save.
    A record's running totals take what the position's may hold."""
    import random

    casino = get_game("african-casino")
    data = played_to("african-casino", lambda s: s.phase == "play" and not s.history, players=2)
    data["totals"] = [10**30, 0]
    st = casino.from_json(data)
    rng = random.Random(1)
    while not st.history:
        legal = st.legal_actions()
        st.apply(legal[int(rng.random() * len(legal))])
    assert st.history[-1]["totals"][0] > 10**30
    casino.from_json(json.loads(json.dumps(st.to_json())))  # its own save loads
