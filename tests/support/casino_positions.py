"""African Casino positions written by hand, built through the public API only.

The rule-ID tests (``tests/rules/test_african_casino_rule_ids*.py``) lay out the spec's
situations (``../shared/rules/african-casino.md``): hands, loose cards, builds, piles. Each is
written as the position's JSON (``to_json`` of a fresh deal, its fields replaced) and loaded
with ``from_json``, so the game's own load checks see it (a position play could not reach
is refused there) and nothing depends on the state's private fields, which a restructuring
may move. Whatever the test does not place is put away where it changes nothing the test
looks at: the two-player first half's stock, then the bottom of one pile (the mover's own by
default: never material for the mover, CASINO-AUG-2).

Seats are zero-based here as in the JSON (P1 is seat 0); the action texts say ``P1``...
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from cardsuite.cards import Card
from cardsuite.engine import Game, IllegalAction, State
from cardsuite.games import get_game

GAME = get_game("african-casino")

#: Cards given to the hands a test leaves out (the other seats hold something, so that the
#: turn moves on), high ones first: they rarely make a sum with the test's low cards.
FILLER = ["KH", "KD", "QH", "QD", "JH", "JD", "KC", "QC", "JC", "10H", "10C", "9H", "8H"]


def games() -> list[Game]:
    """The game as ``new_state`` builds it, and its readable reference when that is another
    class (a kernel): the rules hold on both."""
    out = [GAME]
    if GAME.uses_kernel():
        out.append(GAME.reference())
    return out


def game_fixture() -> Any:
    """A ``game`` fixture for a test module: every test runs on each of ``games()``."""

    @pytest.fixture(params=games(), ids=lambda g: "kernel" if g.uses_kernel() else "reference")
    def game(request: pytest.FixtureRequest) -> Game:
        return request.param  # type: ignore[no-any-return]  # (pytest's param is Any)

    return game


def cards(text: str) -> list[str]:
    """``"5H 3C"`` as codes, ``T`` read as ``10``."""
    return [Card.parse(w).code for w in text.split()]


def position(
    game: Game = GAME,
    players: int = 3,
    variant: str = "swazi",
    *,
    hands: Mapping[int, str] | None = None,
    loose: str = "",
    builds: Sequence[tuple[int, int, Sequence[str]]] = (),
    piles: Mapping[int, str] | None = None,
    turn: int = 0,
    dealer: int | None = None,
    half: int = 1,
    last_capturer: int | None = None,
    proofs: Sequence[tuple[int, int]] = (),
    totals: Sequence[int] | None = None,
    spare: int | None = None,
    **options: Any,
) -> Any:
    """A position of ``players`` seats, ``turn`` to move at the start of a turn.

    ``hands``: seat -> cards (seats left out get as many ``FILLER`` cards as ``turn`` has);
    ``builds``: (value, owner seat, units as card texts); ``piles``: pile index -> cards,
    bottom first (the pile of seat s is ``s`` with own piles, ``s % 2`` when partners share
    one); ``dealer`` defaults to the seat before ``turn``, so ``turn`` is the first player and
    every hand holds the same number of cards (as the load checks want). Cards placed nowhere
    go to the stock (two players, first half) and the rest under pile ``spare`` (by default
    the mover's own). ``options`` are the variant's (``insist`` defaults to ``off``, as the
    spec's examples say)."""
    options.setdefault("insist", "off")
    if dealer is None:
        dealer = (turn - 1) % players
    fresh = game.new_state(players=players, variant=variant, options=options, seed=1, dealer=0)
    data: dict[str, Any] = json.loads(json.dumps(fresh.to_json()))
    pack = [c.code for c in game.full_pack(players, fresh.options, variant)]
    given = {s: cards(t) for s, t in (hands or {}).items()}
    size = len(given.get(turn, given[next(iter(given))] if given else []))
    placed = [c for h in given.values() for c in h] + cards(loose)
    placed += [c for _, _, units in builds for u in units for c in cards(u)]
    placed += [c for t in (piles or {}).values() for c in cards(t)]
    assert len(placed) == len(set(placed)), f"a card placed twice: {sorted(placed)}"
    rest = [c for c in pack if c not in placed]
    filler = [c for c in FILLER if c in rest] + [c for c in rest if c not in FILLER]
    for s in range(players):
        if s not in given:
            given[s] = filler[:size]
            filler = filler[size:]
            rest = [c for c in rest if c not in given[s]]
    stock: list[str] = []
    if players == 2 and half == 1:
        layout_and_hands = {False: 4 + 24, True: 0 + 20}[len(pack) == 40]
        want = len(pack) - layout_and_hands
        stock, rest = rest[:want], rest[want:]
    pile_lists = [cards((piles or {}).get(p, "")) for p in range(len(data["piles"]))]
    if rest:
        at = fresh.view(None)["pile_of"][turn] if spare is None else spare
        pile_lists[at] = rest + pile_lists[at]
    data.update(
        {
            "deal_no": 1,
            "dealer": dealer,
            "phase": "play",
            "turn": turn,
            "half": half,
            "hands": [given[s] for s in range(players)],
            "stock": stock,
            "loose": cards(loose),
            "builds": [
                {"value": v, "owner": o, "units": [cards(u) for u in units]}
                for v, o, units in sorted(builds)
            ],
            "piles": pile_lists,
            "last_capturer": last_capturer,
            "proofs": [list(p) for p in proofs],
            "totals": list(totals) if totals is not None else [0] * len(data["totals"]),
            "history": [],
            "winners": [],
            "events": [],
        }
    )
    data["this_turn"].update(mover=turn)
    return game.from_json(data)


def legal(st: State, seat: int | None = None) -> set[str]:
    """The texts of the steps listed for the seat to move."""
    return {str(a) for a in st.legal_actions(seat)}


def refused(st: State, text: str) -> str:
    """The reason ``text`` is refused; the position is left exactly as it was."""
    before = json.dumps(st.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as e:
        st.apply(text)
    assert json.dumps(st.to_json(), sort_keys=True) == before, "a refused step changed the game"
    return e.value.reason


def build(st: State, value: int) -> tuple[int, str, list[list[str]]] | None:
    """The build of ``value`` as the public view shows it: owner, kind, units (each
    sorted), or None when there is none."""
    for b in st.view(None)["builds"]:
        if b["value"] == value:
            return (b["owner"], b["kind"], [sorted(u) for u in b["units"]])
    return None


def pile(st: State, index: int) -> list[str]:
    """Pile ``index`` bottom to top, as the public view shows it."""
    return list(st.view(None)["piles"][index]["cards"])


def hand(st: State, seat: int) -> list[str]:
    return sorted(st.view(seat)["hand"])
