"""What Mensch's log says: the text of each kind of event, written from its seat and data.

An event carries its facts (``data``) and one of these functions; the text is written only
when something reads it (``Event.text``: the log panel, a save), so a play-out that nobody
reads writes none. Seats are ``{P0}`` ... and cards ``[QC]``, which a screen fills in with
names and card faces. These texts are what ``tests/contract/test_same_games.py`` hashes:
change one and the pinned games' digests change with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import SUIT_NAMES
from ...engine import Event, Wording
from .actions import BIDS

#: A bid as the log names it ("Five after"); a pass is "passes".
BID_NAMES = {b: b.replace("-", " ").capitalize() for b in BIDS} | {"pass": "passes"}


def bids(seat: int | None, data: Mapping[str, Any]) -> str:
    b = data["bid"]
    return f"{{P{seat}}} passes" if b == "pass" else f"{{P{seat}}} bids {BID_NAMES[b]}"


def declares(seat: int | None, data: Mapping[str, Any]) -> str:
    c = data["contract"]
    if c == "passed":
        return f"All pass: {{P{seat}}} holds the Mensch and plays the passed game"
    return f"{{P{seat}}} plays {BID_NAMES[c]}"


def trumps(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"Trumps are {SUIT_NAMES[data['trump']]}"


def calls(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} calls [{data['cards'][0]}]"


def leads(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} leads [{data['cards'][0]}]"


def plays(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} plays [{data['cards'][0]}]"


def reveals(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} played the called card: the partner"


def wins(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} wins the trick with [{data['cards'][0]}]"


def deals(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"Deal {data['deal']}: {{P{seat}}} deals"


def settles(seat: int | None, data: Mapping[str, Any]) -> str:
    side = data["side_tricks"]
    verb = "made" if data["made"] else "failed"
    ch = ", ".join(f"{{P{s}}} {c:+d}" for s, c in enumerate(data["changes"]))
    name = "Passed game" if data["contract"] == "passed" else BID_NAMES[data["contract"]]
    return f"{name} {verb} with {side} trick{'s' * (side != 1)}: {ch}"


def game_over(seat: int | None, data: Mapping[str, Any]) -> str:
    w = data["winners"]
    names = " and ".join(f"{{P{s}}}" for s in w)
    return f"{names} {'win together' if len(w) > 1 else 'wins the match'}"


#: Each kind of event Mensch logs, and its wording. ``seat`` is the bidder, the declarer
#: (``declarer``, ``trump``, ``call``), the player (``lead``, ``play``, ``partner``), the
#: trick's winner, the dealer; None for ``settle`` and ``gameover``.
WORDING: dict[str, Wording] = {
    "deal": deals,
    "bid": bids,
    "declarer": declares,
    "trump": trumps,
    "call": calls,
    "lead": leads,
    "play": plays,
    "partner": reveals,
    "trick": wins,
    "settle": settles,
    "gameover": game_over,
}


def event(kind: str, seat: int | None, data: Mapping[str, Any]) -> Event:
    """An event of ``kind`` (a key of ``WORDING``), worded when it is read."""
    return Event(kind, seat, WORDING[kind], data)
