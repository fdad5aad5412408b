"""Mutated positions: a loaded position plays on, or is refused with ``ValueError`` (issue 9).

Every registered game: take real ``to_json`` positions from random games, mutate one thing
(delete a key, put a wrong value in, nudge a number, shuffle, cut or double a list), and load
it. ``from_json`` must either refuse it with ``ValueError`` saying what is wrong, or give a
position that saves again alike, plays on by random moves to its end without any other error
(every card kept, the seat to move always with a legal step) and still writes JSON.

Issue 33: those mutations never moved a card between zones with the pack kept exact, the
class behind most positions that loaded and then broke. So cards are also moved between
each pair of zones (``ZONES``), swapped between them and reordered; and a sample of the
positions that load has its table opened and drawn, as the screens read what the rules do
not (the sheet, ``history``). ``CARDSUITE_FULL=1`` tries 26 to 30 times as many, from salted seeds
(``tests/support/scale.py``), and draws 200 tables a game.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest
from every_game import check
from scale import FULL, seed

from cardsuite.engine import IllegalAction
from cardsuite.games import all_games

MUTATIONS = 4000 if FULL else 150
#: How far a loaded position is played on (a Money game goes on for thousands of turns).
STEPS = 3000 if FULL else 1000

ODD_VALUES: list[Any] = [
    None,
    -1,
    0,
    1,
    99,
    10**30,
    -(10**30),
    1.5,
    float("inf"),
    "",
    "[/]",
    "x",
    True,
    False,
    [],
    {},
    [None],
    ["KS"],
    "KS",
    "JK",
    [[0, ["KS"]]],
    {"a": 1},
    list(range(50)),
    [{}],  # a history of one empty record: the tables read its fields (issue 33)
]
DEEP: list[Any] = []
for _ in range(60):  # nested past positions.MAX_DEPTH: saving it again recursed (issue 33)
    DEEP = [DEEP]
ODD_VALUES.append(DEEP)


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree (the events, which are the log, sampled only)."""
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "events" and isinstance(v, list):
                v = v[:3]
            out += paths(v, (*prefix, k))
    elif isinstance(node, list):
        if len(node) > 40:  # the generator's 625 words: a few of them
            node = node[:3]
        for i, v in enumerate(node):
            out += paths(v, (*prefix, i))
    return out


def mutate(data: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    data = copy.deepcopy(data)
    where = rng.choice(paths(data)[1:])
    parent = data
    for step in where[:-1]:
        parent = parent[step]
    last = where[-1]
    value = parent[last]
    how = rng.choice(["delete", "replace", "replace", "nudge", "list"])
    if how == "delete":
        if isinstance(parent, dict):
            del parent[last]
        else:
            parent.pop(last)
    elif how == "nudge" and isinstance(value, int) and not isinstance(value, bool):
        parent[last] = value + rng.choice([-2, -1, 1, 2, 1000])
    elif how == "list" and isinstance(value, list) and value:
        change = rng.choice(["shuffle", "cut", "double"])
        if change == "shuffle":
            rng.shuffle(value)
        elif change == "cut":
            del value[rng.randrange(len(value)) :]
        else:
            value.append(copy.deepcopy(rng.choice(value)))
        how = change
    else:
        parent[last] = copy.deepcopy(rng.choice(ODD_VALUES))
        how = "replace"
    return data, f"{how} at {'/'.join(map(str, where))}"


def positions(game: Any, rng: random.Random, count: int) -> list[dict[str, Any]]:
    out = []
    while len(out) < count:
        players = rng.choice(game.players[:5])
        state = game.new_state(
            players=players, variant=rng.choice(list(game.variants)), seed=rng.getrandbits(32)
        )
        for _ in range(rng.randrange(0, 200)):
            if state.is_over():
                break
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        out.append(json.loads(json.dumps(state.to_json())))
    return out


def play_to_the_end(state: Any, rng: random.Random, steps: int = STEPS) -> None:
    """Save the loaded position again (it loads back the same), then play it by random moves
    to its end: every card kept, the seat to move always with something legal to do."""
    saved = json.loads(json.dumps(state.to_json()))
    assert state.game.from_json(saved).to_json() == saved, "saved again, it loads differently"
    pack = Counter(state.all_cards())
    for _ in range(steps):
        if state.is_over():
            break
        legal = state.legal_actions()
        assert legal, "a seat to move with nothing to do"
        state.apply(legal[int(rng.random() * len(legal))])
        assert dict.__eq__(Counter(state.all_cards()), pack), "a card lost or made"
    for seat in [*range(len(state.scores())), None]:
        json.dumps(state.view(seat))
    json.dumps(state.to_json())
    state.game.from_json(json.loads(json.dumps(state.to_json())))  # and it loads again


def plays_on(state: Any, what: str, seed_: int, steps: int = STEPS) -> None:
    """``play_to_the_end`` for a position that loaded after ``what``: any failure names it."""
    try:
        play_to_the_end(state, random.Random(seed_), steps)
    except IllegalAction as e:
        raise AssertionError(f"{what}: loaded, then an offered move was refused: {e}") from e
    except Exception as e:
        raise AssertionError(f"{what}: loaded, then {type(e).__name__}: {e}") from e


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
async def test_a_mutated_position_loads_and_plays_or_is_refused(game: Any, tmp_path: Any) -> None:
    """Each loaded position plays to its end, and a sample has its table drawn: first those
    whose mutation is in what only the tables read (the sheet, the log)."""
    rng = random.Random(seed(f"mutate:{game.id}"))
    originals = positions(game, rng, 12)
    outcomes: Counter[str] = Counter()
    drawable: list[tuple[str, dict[str, Any]]] = []
    for i in range(MUTATIONS):
        data, what = mutate(rng.choice(originals), rng)
        try:
            state = game.from_json(data)
        except ValueError as e:
            assert str(e), what
            outcomes["refused"] += 1
            continue
        if not state.is_over():
            drawable.append((what, data))
        plays_on(state, what, i)
        outcomes["loaded and played"] += 1
    print(f"{game.id}: {MUTATIONS} mutations: {dict(outcomes)}")
    assert outcomes["refused"] and outcomes["loaded and played"]
    drawable.sort(key=lambda item: not item[0].split(" at ")[-1].startswith(TABLES_READ))
    drawn = [(what, game.from_json(data)) for what, data in drawable[:DRAWN]]
    await draw_tables(game, drawn, tmp_path)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_mutated_save_resumes_and_plays_or_is_refused(game: Any) -> None:
    """The same for a whole saved match (seats, bots and their generators, the record)."""
    from cardsuite.match import Match, SeatSpec

    rng = random.Random(seed(f"save:{game.id}"))
    players = min(game.players)
    seats = [SeatSpec("human", "A")] + [SeatSpec("random", f"B{i}") for i in range(players - 1)]
    saves = []
    for n in range(4):
        match = Match.new(game.id, seats, seed=n, bot_options={"hard": {"iterations": 5}})
        for _ in range(rng.randrange(0, 40)):
            if match.is_over():
                break
            seat = match.to_move()
            assert seat is not None
            legal = match.legal_actions(seat)
            match.apply(legal[int(rng.random() * len(legal))], seat)
        saves.append(json.loads(json.dumps(match.to_save())))
    outcomes: Counter[str] = Counter()
    first = saves[0]
    for extra in (
        {"state": []},
        {"state": {**first["state"], "players": 1e999}},
        {"bot_options": {"hard": {"iterations": 1e9}}},
        {"state": {**first["state"], "history": [{}]}}  # issue 33: crashed on resume
        if "history" in first["state"]
        else {"state": []},
        {"state": {**first["state"], "rng": [3, [1] + [0] * 623 + [624], None]}},
        {"origin": {"position": DEEP}},
    ):
        with pytest.raises(ValueError):
            Match.from_save({**first, **extra})
    for _ in range(MUTATIONS // 4):
        data, what = mutate(rng.choice(saves), rng)
        try:
            match = Match.from_save(data)
        except ValueError:
            outcomes["refused"] += 1
            continue
        for _ in range(50):
            if match.is_over():
                break
            seat = match.to_move()
            assert seat is not None, what
            action = match.choose_bot(seat) if seat in match.bots else match.hint(seat)
            match.apply(action, seat)
        json.dumps(match.to_save())
        outcomes["resumed and played"] += 1
    print(f"{game.id}: {MUTATIONS // 4} mutated saves: {dict(outcomes)}")
    assert outcomes["refused"] and outcomes["resumed and played"]


# --- cards moved between zones, the pack kept exact --------------------------------------------

#: What only the tables read, not the rules: mutations there are the first drawn.
TABLES_READ = ("history", "events", "last_showdown", "winners")
MOVES = 3000 if FULL else 100
#: Accepted positions whose table is drawn, a game.
DRAWN = 200 if FULL else 2

#: Where each game's JSON keeps its cards, by zone: card lists (``*``: each index), and
#: ``@``: a trick's plays, ``[seat, card]`` (or ``[seat, [cards]]``, Twenty-Two's sets).
ZONES: dict[str, dict[str, tuple[str, ...]]] = {
    "money": {"hand": ("hands/*",), "bank": ("banks/*",), "pile": ("pile",), "under": ("under",)},
    "twenty-two": {
        "hand": ("hands/*",),
        "discards": ("discards/*",),
        "stock": ("stock",),
        "played": ("played",),
        "score cards": ("score_cards/*",),
        "trick": ("@trick/plays", "trick/plays/*/1"),
    },
    "manni": {
        "hand": ("hands/*",),
        "discards": ("discards/*",),
        "manni": ("manni",),
        "played": ("played",),
        "trick": ("@trick/plays",),
    },
    "mensch": {"hand": ("hands/*",), "played": ("played",), "trick": ("@trick/plays",)},
    "african-casino": {
        "hand": ("hands/*",),
        "stock": ("stock",),
        "layout": ("loose",),
        "builds": ("builds/*/units/*",),
        "piles": ("piles/*",),
    },
}


def test_every_game_has_its_zones_here() -> None:
    check(ZONES, "ZONES in tests/contract/test_mutations.py")


def _at(node: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        node = node[step]
    return node


def places(data: dict[str, Any], zone: tuple[str, ...]) -> list[tuple[bool, tuple[Any, ...]]]:
    """The lists a zone names in ``data``: (plays?, path) each."""
    out = []
    for pattern in zone:
        plays = pattern.startswith("@")
        found: list[tuple[Any, ...]] = [()]
        for part in pattern.lstrip("@").split("/"):
            deeper = []
            for p in found:
                node = _at(data, p)
                if part == "*" and isinstance(node, list):
                    deeper += [(*p, i) for i in range(len(node))]
                elif part.isdigit() and isinstance(node, list) and int(part) < len(node):
                    deeper.append((*p, int(part)))
                elif isinstance(node, dict) and part in node:
                    deeper.append((*p, part))
            found = deeper
        out += [(plays, p) for p in found if isinstance(_at(data, p), list)]
    return out


def slots(data: dict[str, Any], plays: bool, path: tuple[Any, ...]) -> list[tuple[Any, Any]]:
    """Where a list's cards lie: (container, index) of each card code."""
    node = _at(data, path)
    if not plays:
        return [(node, i) for i in range(len(node))]
    return [(play, 1) for play in node if isinstance(play, list) and isinstance(play[1], str)]


def take(data: dict[str, Any], plays: bool, path: tuple[Any, ...], rng: random.Random) -> Any:
    """A card taken out of a list (a whole play, if it was a play's only card)."""
    node = _at(data, path)
    if not node:
        return None
    i = rng.randrange(len(node))
    if not plays:
        return node.pop(i)
    card = node[i][1]
    if isinstance(card, list) and len(card) > 1:
        return card.pop(rng.randrange(len(card)))
    node.pop(i)
    return card[0] if isinstance(card, list) else card


def put(
    data: dict[str, Any], plays: bool, path: tuple[Any, ...], card: str, rng: random.Random
) -> None:
    """A card put into a list: anywhere in a card list, or as a new play of the next seat
    (now and then another seat) at the trick's end."""
    node = _at(data, path)
    if not plays:
        node.insert(rng.randrange(len(node) + 1), card)
        return
    players = data["players"]
    turn = data.get("turn")
    seat = (node[-1][0] + 1) % players if node else turn if isinstance(turn, int) else 0
    if rng.random() < 0.25:
        seat = rng.randrange(players)
    sets = data["game"] == "twenty-two"
    node.append([seat, [card] if sets else card])


def move_cards(
    data: dict[str, Any], how: str, a: str, b: str, rng: random.Random
) -> tuple[dict[str, Any], str] | None:
    """``data`` with a card moved from zone ``a`` to zone ``b``, two cards swapped between
    them, or zone ``a`` reordered; None when the position has no such cards."""
    data = json.loads(json.dumps(data))  # (a deep copy, quicker)
    zones = ZONES[data["game"]]
    here, there = places(data, zones[a]), places(data, zones[b])
    if not here or not there:
        return None
    (pa, path_a), (pb, path_b) = rng.choice(here), rng.choice(there)
    if how == "reorder":
        node = _at(data, path_a)
        if len(node) < 2:
            return None
        before = copy.deepcopy(node)
        while node == before and len(set(map(str, node))) > 1:
            rng.shuffle(node)
        return data, f"reorder {'/'.join(map(str, path_a))}"
    if how == "move":
        card = take(data, pa, path_a, rng)
        if card is None:
            return None
        there = [p for p in places(data, zones[b]) if p[1] != path_a]  # (after a play left)
        if not there:
            return None
        pb, path_b = rng.choice(there)
        put(data, pb, path_b, card, rng)
        return (
            data,
            f"move a card from {'/'.join(map(str, path_a))} to {'/'.join(map(str, path_b))}",
        )
    where = f"{'/'.join(map(str, path_a))} and {'/'.join(map(str, path_b))}"
    one, two = slots(data, pa, path_a), slots(data, pb, path_b)
    if not one or not two:
        return None
    (ca, ia), (cb, ib) = rng.choice(one), rng.choice(two)
    if ca[ia] == cb[ib]:
        return None
    ca[ia], cb[ib] = cb[ib], ca[ia]
    return data, f"swap two cards of {where}"


def zone_moves(game: Any) -> list[tuple[str, str, str]]:
    """Every move the test makes: between each pair of zones (a zone and itself: two seats'
    hands, two piles), a swap for each pair, and a reorder of each zone."""
    zones = list(ZONES[game.id])
    pairs = [(how, a, b) for how in ("move", "swap") for a in zones for b in zones]
    return pairs + [("reorder", a, a) for a in zones]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
async def test_a_position_with_cards_moved_loads_and_plays_or_is_refused(
    game: Any, tmp_path: Any
) -> None:
    """Cards moved between each pair of zones (hands, the trick, the stock, the layout,
    piles, discards) or reordered, the pack kept exact: a position the rules could never
    reach is refused; one that loads saves again, plays to its end with every card kept and
    the seat to move always able to act, and its table draws."""
    rng = random.Random(seed(f"move:{game.id}"))
    originals = positions(game, rng, 16)
    kinds = zone_moves(game)
    outcomes: Counter[str] = Counter()
    drawn: list[tuple[str, Any]] = []
    for i in range(MOVES):
        how, a, b = kinds[i % len(kinds)]
        made = None
        for _ in range(8):
            made = move_cards(rng.choice(originals), how, a, b, rng)
            if made is not None:
                break
        if made is None:
            outcomes["no such cards"] += 1
            continue
        data, what = made
        try:
            state = game.from_json(data)
        except ValueError as e:
            assert str(e), what
            outcomes["refused"] += 1
            continue
        if len(drawn) < DRAWN and not state.is_over():
            drawn.append((what, game.from_json(data)))
        plays_on(state, what, i, STEPS)
        outcomes["loaded and played"] += 1
    print(f"{game.id}: {MOVES} cards moved: {dict(outcomes)}")
    assert outcomes["refused"] and outcomes["loaded and played"]
    await draw_tables(game, drawn, tmp_path)


async def draw_tables(game: Any, drawn: list[tuple[str, Any]], home: Any) -> None:
    """Open each position's table, as a player who loads it does (the seat to move a person,
    the others bots), and take its picture: a screen reads what the view gives, ``history``
    and all, and a table that crashes on it fails here."""
    from cardsuite.store import Store
    from cardsuite.ui.app import CardSuiteApp

    if not drawn:
        return
    app = CardSuiteApp(store=Store(home), pace="instant", theme="felt")
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            for what, state in drawn:
                await draw_table(app, pilot, what, state)
    except Exception as e:  # (run_test raises what crashed the app as it closes)
        shown = "; ".join(what for what, _ in drawn)
        raise AssertionError(f"a table crashed ({shown}): {type(e).__name__}: {e}") from e


async def draw_table(app: Any, pilot: Any, what: str, state: Any) -> None:
    from cardsuite.match import Match, SeatSpec
    from cardsuite.ui.table import TableScreen

    game = state.game
    players = len(state.scores())
    mover = state.to_move()
    names = game.names_for(players)
    kinds = ["human" if s == mover else "random" for s in range(players)]
    match = Match(game, state, [SeatSpec(k, names[s]) for s, k in enumerate(kinds)])
    app.open_table(match, replace=isinstance(app.screen, TableScreen))
    for _ in range(200):
        await pilot.pause()
        if isinstance(app.screen, TableScreen) and app.screen.match is match:
            break
    assert app.is_running and app._exception is None, f"{what}: the table crashed"
    assert app.export_screenshot(), what
