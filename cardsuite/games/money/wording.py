"""What Money's log says: every event the rules make, and its text.

The rules (``rules.py``) say *what* happens; this module says how the log words it, so a
change of wording is made here and nowhere else (the same-game digests hash each event's
text: a change here changes them, and must be deliberate). Seats are written ``{P0}`` and
cards ``[QS]`` (``engine.Event``).

A turn, a false claim and a capture are nearly every event of a game, and a game logs tens
of thousands: those are worded only when something reads them (``engine.worded``) and the
ones that recur are made once and shared by every log that has them (an event is a value,
only ever read). A turn is its seat, its card, whether it matched and the ground's size
after it, so a game of ten thousand turns logs a few hundred distinct ones. Making and
freeing an event, its data and the collector's walks over them were a tenth of a play-out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import JOKER_RANK, RANKS, SUITS, Card
from ...engine import Event, Wording, worded
from ...eventlog import Entry, entry_maker

#: ``tnew(Event, (kind, seat, wording, data))``: an Event without the named tuple's
#: Python-level ``__new__`` (the kernel's inline paths make them so).
tnew: Any = tuple.__new__


def codes(cards: Sequence[Card]) -> str:
    """Cards as the log writes them: ``[KS] [QD]``."""
    return " ".join(f"[{c.code}]" for c in cards)


# --- turns, claims and captures (worded when read; made once) ----------------------------


def _turns(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} turns [{data['card']}]"


def _claims_falsely(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} claims falsely"


def _capture_words(why: str) -> Wording:
    """How a capture reads, given why it happened (``CAPTURED_BY``, ``CLAIMED`` ...)."""

    def words(seat: int | None, data: Mapping[str, Any]) -> str:
        money = data["money"]
        extra = f" and {' '.join(f'[{c}]' for c in money)}" if money else ""
        n = data["cards"]
        return f"{{P{seat}}} {why}: {n} card{'s' * (n != 1)}{extra}"

    return words


#: Why a capture happened, as the log says it.
CAPTURED_BY_MATCH = "captures the ground"  # MONEY-EG-1
CLAIMED = "claims the match and captures the ground"  # MONEY-CLAIM-2
PENALTY = "takes the ground as the penalty"  # MONEY-CLAIM-4
WON_THE_GROUND = "takes what lies on the ground"  # MONEY-END-1

#: Capture wordings by why, by number (``engine.worded``).
CAPTURE_IDS: dict[str, int] = {
    why: worded(_capture_words(why))
    for why in (CAPTURED_BY_MATCH, CLAIMED, PENALTY, WON_THE_GROUND)
}
CLAIM_WINS = CAPTURE_IDS[CLAIMED]
CLAIM_PENALTY = CAPTURE_IDS[PENALTY]
TURNS = worded(_turns)
CLAIMS_FALSELY = worded(_claims_falsely)

#: The events of turns and of captures of a ground with no money under it, made once:
#: keyed by one number (cheaper to make than a tuple); see ``turned`` and ``captured``.
TURN_EVENTS: dict[int, Event] = {}
CAPTURE_EVENTS: dict[int, Event] = {}
#: A false claim by seat 0, by seat 1.
FALSE_CLAIMS: tuple[Event, ...] = tuple(
    tnew(Event, ("false", s, CLAIMS_FALSELY, {"claimant": s})) for s in (0, 1)
)


def turn_key(seat: int, card: Card, matched: bool, pile: int) -> int:
    """The key of a turn's event in ``TURN_EVENTS``."""
    return ((card.ordinal * 2 + matched) * 2 + seat) * 256 + pile


def turned(seat: int, card: Card, matched: bool, pile: int) -> Event:
    """``seat`` turns ``card`` onto the pile, leaving ``pile`` cards on it (with it)."""
    key = turn_key(seat, card, matched, pile)
    ev = TURN_EVENTS.get(key)
    if ev is None:
        data = {"card": card.code, "match": matched, "pile": pile}
        ev = TURN_EVENTS[key] = tnew(Event, ("turn", seat, TURNS, data))
    return ev


def false_claim(seat: int) -> Event:
    """``seat`` claims a pile it may not (MONEY-CLAIM-4)."""
    return FALSE_CLAIMS[seat]


def captured(seat: int, why: str, cards: int, money: Sequence[Card]) -> Event:
    """``seat`` takes the ground, ``cards`` number cards and the ``money`` under them."""
    return capture_event(seat, CAPTURE_IDS[why], cards, money)


def capture_event(seat: int, words: int, cards: int, money: Sequence[Card]) -> Event:
    """``captured`` by the number of its wording (``CAPTURE_IDS``): a ground without money
    is one of a few hundred shared events; money under it is logged as a tuple of codes
    (nothing the collector follows; JSON reads it as a list)."""
    if money:
        data = {"cards": cards, "money": tuple(c.code for c in money)}
        return tnew(Event, ("capture", seat, words, data))
    key = (words * 2 + seat) * 256 + cards
    ev = CAPTURE_EVENTS.get(key)
    if ev is None:
        data = {"cards": cards, "money": ()}
        ev = CAPTURE_EVENTS[key] = tnew(Event, ("capture", seat, words, data))
    return ev


# --- the rarer events (worded at once) ---------------------------------------------------


def dealt(dealer: int, first: int, each: int) -> Event:
    """MONEY-DEAL-3/4."""
    return Event(
        "deal", dealer, f"{{P{dealer}}} deals {each} cards each; {{P{first}}} turns first", {}
    )


#: The purchases' and sales' events, made once each and shared like the turns' (a random
#: play-out buys and sells nearly as often as it turns): by their seat, their cards
#: (interned, so a key of cards is a key of identities) and the rest of what they say.
SHOP_EVENTS: dict[tuple[Any, ...], Event] = {}
_SHOP_EVENTS_MAX = 100_000


def _shared(key: tuple[Any, ...], make: Any, *args: Any) -> Event:
    """The event ``make(*args)``, made the first time ``key`` is asked for."""
    ev = SHOP_EVENTS.get(key)
    if ev is None:
        if len(SHOP_EVENTS) >= _SHOP_EVENTS_MAX:
            SHOP_EVENTS.clear()
        ev = SHOP_EVENTS[key] = make(*args)
    return ev


def _exchange_words(seat: int | None, data: Mapping[str, Any]) -> str:
    where = "the opponent" if data["place"] == "opponent" else "the ground"
    give = " ".join(f"[{c}]" for c in data["give"])
    take = " ".join(f"[{c}]" for c in data["take"])
    return f"{{P{seat}}} exchanges {give} for {take} with {where}"


EXCHANGES = worded(_exchange_words)


def exchanged(seat: int, given: Sequence[Card], taken: Sequence[Card], place: str) -> Event:
    """MONEY-BUY-7; ``place`` is ``opponent`` or ``ground`` (worded when read: the cards
    given and taken, suits and all, are too many to make each event once)."""
    data = {"give": [c.code for c in given], "take": [c.code for c in taken], "place": place}
    return tnew(Event, ("exchange", seat, EXCHANGES, data))


#: Each card's code by its ordinal (``Card.ordinal``: above 0, below 128).
_CODE_AT: dict[int, str] = {
    c.ordinal: c.code for c in [Card(r, s) for r in RANKS for s in SUITS] + [Card(JOKER_RANK)]
}


def packed_codes(packed: int) -> tuple[str, ...]:
    """The codes of the cards packed in one int, seven bits a card, the first card highest
    (``pack = pack * 128 + card.ordinal`` for each card in order)."""
    out = []
    while packed:
        out.append(_CODE_AT[packed & 127])
        packed >>= 7
    out.reverse()
    return tuple(out)


def exchange_of(entry: Entry) -> Event:
    """``exchanged``'s event from the kernel's entry ``(EXCHANGE_ENTRY, seat, given,
    taken, place)``, the cards given and taken packed (``packed_codes``); the codes as
    tuples (JSON and ``==`` read them as ``exchanged``'s lists)."""
    _, seat, given, taken, place = entry
    data = {"give": packed_codes(given), "take": packed_codes(taken), "place": place}
    return tnew(Event, ("exchange", seat, EXCHANGES, data))


#: An exchange logged as an entry (``eventlog``): ints and strings, made when read.
EXCHANGE_ENTRY = entry_maker(exchange_of)


def bought_from_ground(seat: int, pay: Card, cards: int, change: Sequence[Card]) -> Event:
    """MONEY-BUY-8/9."""
    return _shared(("b", seat, pay, cards, *change), _bought, seat, pay, cards, change)


def _bought(seat: int, pay: Card, cards: int, change: Sequence[Card]) -> Event:
    tail = f" with {codes(change)} change" if change else ""
    return Event(
        "buy",
        seat,
        f"{{P{seat}}} pays [{pay.code}] to the ground for {cards} card{'s' * (cards != 1)}{tail}",
        {"pay": pay.code, "source": "ground", "cards": cards, "change": [c.code for c in change]},
    )


def paid_opponent(seat: int, pay: Card) -> Event:
    """MONEY-BUY-10: the payment made, the split the seller's."""
    return _shared(("p", seat, pay), _paid, seat, pay)


def _paid(seat: int, pay: Card) -> Event:
    return Event(
        "pay",
        seat,
        f"{{P{seat}}} pays [{pay.code}] to {{P{1 - seat}}}, who chooses the split",
        {"pay": pay.code, "source": "opponent"},
    )


def sold(seller: int, cards: int, change: Sequence[Card]) -> Event:
    """MONEY-BUY-10: the seller's split."""
    return _shared(("s", seller, cards, *change), _sold, seller, cards, change)


def _sold(seller: int, cards: int, change: Sequence[Card]) -> Event:
    tail = f" and {codes(change)}" if change else ""
    return Event(
        "sell",
        seller,
        f"{{P{seller}}} hands over {cards} card{'s' * (cards != 1)}{tail}",
        {"cards": cards, "change": [c.code for c in change]},
    )


# --- the end (the reason is also the position's ``end``) ---------------------------------


def holds_every_card(seat: int) -> str:
    """MONEY-END-2."""
    return f"{{P{seat}}} holds every card"


def turn_limit_reached(limit: int, worth: Sequence[int]) -> str:
    """MONEY-END-3."""
    return f"the turn limit ({limit} cards) is reached; worth {worth[0]} to {worth[1]}"


def cannot_buy(seat: int) -> str:
    """MONEY-END-1."""
    return f"{{P{seat}}} cannot buy"


def game_over(winners: Sequence[int], why: str) -> Event:
    """The game is decided: ``winners`` (both: a draw), and why."""
    names = " and ".join(f"{{P{s}}}" for s in winners)
    verb = "draw" if len(winners) > 1 else "wins"
    return Event("gameover", None, f"{names} {verb}: {why}", {"winners": list(winners)})
