"""Money positions as JSON: the layout a save, a record or ``play --position`` holds, how it
is read back, and what a loaded position must satisfy before it is played on.

The layout (``to_json``; ``from_json`` reads it)::

    {"game": "money", "schema": 1, "variant": "jordanian", "options": {...},
     "rng": [...], "dealer": 1, "mover": 0, "phase": "play",     # play | sell | over
     "hands": [["7H", ...], [...]],          # top card first
     "banks": [["KS", "QS", ...], [...]],
     "pile": ["4C", "9D"], "pile_ids": [12, 13],   # bottom first; ids = turn numbers
     "under": ["KD"],                        # money under the pile, lowest first
     "turns": 14, "last": [0, 13, false],    # turned cards so far; last turn: seat, id, match
     "exchanges": 0, "bought": false,        # this turn's exchanges and purchase
     "sale": null | [buyer, pay_rank, "QS"], # an opponent purchase waiting for the seller
     "winners": [], "end": "", "events": [...]}

Older saves may leave out ``pile_ids``, ``turns``, ``last``, ``exchanges``, ``bought``,
``sale``, ``winners``, ``end`` and ``events``; they load with the defaults they had then.
The messages of a refused position are part of what players and tests see: keep them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ... import positions
from ...cards import JOKER_RANK, Card
from . import rules

if TYPE_CHECKING:
    from .rules import Money, MoneyState

SCHEMA = 1


def to_json_light(st: MoneyState) -> dict[str, Any]:
    """The position without its event log (which only ever grows)."""
    return {
        **positions.header(st, SCHEMA, 2),
        "dealer": st.dealer,
        "mover": st.mover,
        "phase": st.phase,
        "hands": [[c.code for c in h] for h in st.hands],
        "banks": [[c.code for c in b] for b in st.banks],
        "pile": [c.code for c in st.pile],
        "pile_ids": list(st.pile_ids),
        "under": [c.code for c in st.under],
        "turns": st.turns,
        "last": list(st.last) if st.last else None,
        "exchanges": st.exchanges,
        "bought": st.bought,
        "sale": [st.sale[0], st.sale[1], st.sale[2].code] if st.sale else None,
        "winners": list(st.winners_list),
        "end": st.end_reason,
    }


def to_json(st: MoneyState) -> dict[str, Any]:
    """The whole position, its log included."""
    data = to_json_light(st)
    data["events"] = [e.to_json() for e in st.events]
    return data


def from_json(cls: type[MoneyState], game: Money, data: Mapping[str, Any]) -> MoneyState:
    """Load a position as a ``cls``; ``ValueError`` says what is wrong (nothing half-read).
    A position that is already decided (MONEY-END-1..3) loads as over, with its winner."""
    with positions.reading(game):
        head = positions.read_header(game, data, SCHEMA)
        rules.check_combination(head.options)
        st = cls(game, head.variant, head.options, head.rng)
        read_fields(st, data)
        positions.check_pack(st, 2)
        check_consistent(st)
        st._settle()
        if st.phase != "over" and not st.legal_actions():  # (the rest, caught whole)
            raise ValueError("the player to move would have no legal step")
    return st


def read_fields(st: MoneyState, data: Mapping[str, Any]) -> None:
    """Money's own fields, each checked for its type and range as it is read."""
    cards, whole = positions.cards, positions.whole
    st.dealer = positions.seat(data["dealer"], 2, "dealer")
    st.mover = positions.seat(data["mover"], 2, "mover")
    st.phase = str(data["phase"])
    if st.phase not in ("play", "sell", "over"):
        raise ValueError(f"unknown phase {positions.text(st.phase)}")
    st.hands = positions.per_seat(data["hands"], 2, "hands")
    st.banks = positions.per_seat(data["banks"], 2, "banks")
    st.pile = cards(data["pile"], "pile")
    ids = data.get("pile_ids", list(range(len(st.pile))))
    if not isinstance(ids, list):
        raise ValueError("pile_ids must be a list")
    st.turns = whole(data.get("turns", 0), "turns", 0, 10**9)
    st.pile_ids = [whole(x, "a pile id", 0, max(0, st.turns)) for x in ids]
    st.under = cards(data["under"], "under")
    last = data.get("last")
    st.last = (
        (positions.seat(last[0], 2, "last"), whole(last[1], "last", 0), bool(last[2]))
        if last
        else None
    )
    st.exchanges = whole(data.get("exchanges", 0), "exchanges", 0, rules.MAX_EXCHANGES)
    bought = data.get("bought", False)
    if not isinstance(bought, bool):
        raise ValueError(f"bought is true or false, not {positions.text(bought)}")
    st.bought = bought
    sale = data.get("sale")
    st.sale = (
        (
            positions.seat(sale[0], 2, "the buyer"),
            whole(sale[1], "the sale's money", 1, JOKER_RANK),
            Card.parse(sale[2]),
        )
        if sale
        else None
    )
    st.winners_list = [positions.seat(x, 2, "a winner") for x in data.get("winners", [])]
    st.end_reason = str(data.get("end", ""))
    st.events = positions.events(data.get("events", []), 2)


def check_consistent(st: MoneyState) -> None:
    """What the fields must say together (the pack itself is ``positions.check_pack``)."""
    if len(st.pile_ids) != len(st.pile):
        raise ValueError("hands, banks and pile ids do not fit together")
    if any(c.rank in st.values for c in st.hands[0] + st.hands[1] + st.pile):
        raise ValueError("money cards are never in a stack or on the pile")  # MONEY-DECK-4
    if any(c.rank not in st.values for c in st.banks[0] + st.banks[1] + st.under):
        raise ValueError("a bank or the money under the pile holds a number card")
    if st.phase == "sell":
        if st.sale is None:
            raise ValueError("a sale is under way, but nothing is being sold")
        if st.sale[2] not in st.banks[1 - st.sale[0]]:
            raise ValueError("the payment of the sale is not in the seller's bank")
        if st.sale[1] not in st.values:
            raise ValueError("the sale's money is not money in this variant")
    elif st.sale is not None:
        raise ValueError("a sale is recorded outside the sale phase")
    if st.phase == "play" and st.bought and not st.hands[st.mover]:
        # MONEY-BUY-11: what is bought goes to the buyer's hand, to be turned
        raise ValueError("the player to move has bought this turn, yet holds no card to turn")
