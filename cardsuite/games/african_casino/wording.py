"""How African Casino's events read: the log's lines, written only when something shows them.

An event keeps its facts as data (``engine.Event``); each function here turns a seat and that
data into the line's template (seats ``{P0}``, cards ``[AC]``). A play-out logs many events and
reads none, so the rules hand these functions over instead of formatting strings. The
same-game digests (``tests/contract/test_same_games.py``) hold every line to its wording.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import Card
from ...engine import Event


def means(seat: int | None, d: Mapping[str, Any]) -> str:
    """A capture of the side's build put to the partner first (CASINO-PART-4)."""
    return f"{{P{seat}}} means to capture build {d['value']}"


def pile_card(code: str, tops: Any) -> str:
    """A card of a step, ``[AC] ({P1}'s pile)`` when it was the top of a player's pile."""
    for s, top in tops:
        if top == code:
            return f"[{code}] ({{P{s}}}'s pile)"
    return f"[{code}]"


def captures(seat: int | None, d: Mapping[str, Any]) -> str:
    tops = d.get("tops", ())
    taken = " ".join(pile_card(c, tops) for c in d["cards"][1:])
    return f"{{P{seat}}} captures with [{d['cards'][0]}]: {taken}"


def trails(seat: int | None, d: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} trails [{d['cards'][0]}]"


def builds(seat: int | None, d: Mapping[str, Any]) -> str:
    """A build, raise or addition with the cards it used, as a capture names its cards: the
    card played from the hand after "with" (a free step has none), then the units it put
    in (``|`` between units), the hand card left out of them, a pile top with its pile:
    ``{P0} adds to build 10 with [2D]: [7H]+[AC] ({P1}'s pile) | [10C]``."""
    hand, tops = d.get("hand"), d.get("tops", ())
    with_ = f" with [{hand}]" if hand else ""
    units = ["+".join(pile_card(c, tops) for c in u if c != hand) for u in d.get("units", ())]
    listed = " | ".join(u for u in units if u)
    listed = f": {listed}" if listed else ""
    who = f"{{P{seat}}}" + (f" for {{P{d['owner']}}}" if d.get("owner") is not None else "")
    grown = f" (now {d['size']} units)" if d.get("size", 1) > 1 else ""
    v = d["value"]
    if d["verb"] == "raises to":
        return f"{{P{seat}}} raises build {d['from']} to {v}{with_}{grown}"
    if d["verb"] == "builds":
        return f"{who} builds {v}{with_}{listed}{grown}"
    if d.get("base"):
        return f"{who} makes [{d['base']}] a base of {v}{with_}{listed}"
    return f"{{P{seat}}} adds to build {v}{with_}{listed}"


def lets_go(seat: int | None, d: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} lets the capture go ahead"


def asks_hold(seat: int | None, d: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} asks to hold build {d['value']}"


def no_insist(seat: int | None, d: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} does not insist"


def insists(seat: int | None, d: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} insists"


def deals(seat: int | None, d: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} deals"


def scored(seat: int | None, d: Mapping[str, Any]) -> str:
    sides = d.get("sides") or [[i] for i in range(len(d["points"]))]
    parts = [
        " and ".join(f"{{P{s}}}" for s in seats) + f" {p}"
        for seats, p in zip(sides, d["points"], strict=True)
    ]
    return f"Deal {d['deal']} scored: {', '.join(parts)}"


def build_event(
    seat: int,
    verb: str,
    v: int,
    cards: Sequence[Card],
    size: int,
    hand: Card | None,
    units: Sequence[tuple[Card, ...]],
    tops: Sequence[tuple[int, Card]] = (),
    *,
    base: Card | None = None,
    owner: int | None = None,
    old: int | None = None,
) -> Event:
    """The log's line for a build, raise or addition (``builds``): the build's ``cards`` and
    ``size`` (its units) now, and what this step put in: the hand card (None: a free step),
    the units, the pile tops among them (seat, card), a base, the owner it was made for
    (kept only when not the builder), the value raised from."""
    data: dict[str, Any] = {
        "value": v,
        "verb": verb,
        "cards": [c.code for c in cards],
        "hand": hand.code if hand is not None else None,
        "units": [[c.code for c in u] for u in units],
        "size": size,
    }
    if tops:
        data["tops"] = [[s, c.code] for s, c in tops]
    if base is not None:
        data["base"] = base.code
    if owner is not None and owner != seat:
        data["owner"] = owner
    if old is not None:
        data["from"] = old
    return Event("build", seat, builds, data)
