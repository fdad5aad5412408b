"""How Manni's events read in the log, and contracts in words.

An event carries its facts as ``data`` and a wording that writes its text from them when
something reads it (``engine.Event``): the rules and the kernel log the same events, worded
here once. Seats are written ``{P0}`` and cards ``[QS]`` (a screen puts in names and card
faces). The texts are part of every saved log and of the same-game digests
(``tests/contract/test_same_games.py``): a change of wording here changes them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import SUIT_NAMES
from ...engine import worded


def contract_name(contract: str, trump: str | None) -> str:
    """A contract in words: ``Trumps: hearts``, ``Nullo``, ``Other: diamonds``."""
    if contract == "trumps":
        return f"Trumps: {SUIT_NAMES[trump]}" if trump else "Trumps"
    if contract == "other":
        return f"Other: {SUIT_NAMES[trump]}" if trump else "Other"
    if contract == "grand" and trump:
        return "Grand (hearts trumps)"
    return contract.capitalize()


def leads(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} leads [{data['cards'][0]}]"


def plays(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} plays [{data['cards'][0]}]"


def wins(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} wins the trick with [{data['cards'][0]}]"


def swaps(seat: int) -> str:
    return f"{{P{seat}}} swaps hands with the manni"


def keeps(seat: int) -> str:
    return f"{{P{seat}}} keeps"


def exchanges(seat: int | None, data: Mapping[str, Any]) -> str:
    k = data["count"]
    if not k:
        return f"{{P{seat}}} keeps their cards"
    return f"{{P{seat}}} discards {k} and draws {k} from the manni"


def declares(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} declares {contract_name(data['contract'], data['trump'])}"


def deals(seat: int | None, data: Mapping[str, Any]) -> str:
    head = f"Hand {data['hand']}: {{P{seat}}} deals"
    if "card" in data:
        return (
            f"{head}; the cut card [{data['card']}] goes to the dealer:"
            f" {contract_name(data['contract'], data['trump'])}"
        )
    if "trump" in data:
        return f"{head}; trumps are {SUIT_NAMES[data['trump']]}"
    return head


def scores(seat: int | None, data: Mapping[str, Any]) -> str:
    t = data["tricks"]
    res = data["results"]
    won = [f"{{P{s}}} {t[s]} trick{'s' * (t[s] != 1)}" for s in range(3)]
    if data["variant"] == "basic":
        parts = [f"{won[s]}, {res[s]} point{'s' * (res[s] != 1)}" for s in range(3)]
    else:
        parts = [f"{won[s]}, {res[s]:+d}" for s in range(3)]
    return "Hand scored: " + "; ".join(parts)


def game_over(seat: int | None, data: Mapping[str, Any]) -> str:
    w = data["winners"]
    names = " and ".join(f"{{P{s}}}" for s in w)
    return f"{names} {'win together' if len(w) > 1 else 'wins'}"


#: The frequent events' wordings by number (``engine.worded``): a number is nothing the
#: garbage collector follows, and a game's log holds hundreds of these.
LEADS = worded(leads)
PLAYS = worded(plays)
WINS = worded(wins)
DEALS = worded(deals)
SCORES = worded(scores)
EXCHANGES = worded(exchanges)

__all__ = [
    "DEALS",
    "EXCHANGES",
    "LEADS",
    "PLAYS",
    "SCORES",
    "WINS",
    "contract_name",
    "deals",
    "declares",
    "exchanges",
    "game_over",
    "keeps",
    "leads",
    "plays",
    "scores",
    "swaps",
    "wins",
]
