"""What Twenty-Two's log says: the wording of every event, and the events themselves.

An event keeps its facts in ``data`` and its wording as a function of the seat and the data,
run only when something reads the text (``engine.Event``): a play-out logs every move and
nobody reads it. The reference (``rules.py``) makes its events with the functions at the
end of this module; the kernel (``kernel.py``) makes the same events once and shares them.
Both word them here, so the log, the saved events and the same-game digests read alike.
Texts are templates: ``{P0}`` for a seat, ``[QS]`` for a card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...cards import JOKER_RANK, RANK_CODES, Card
from ...engine import Event

# --- wordings: (seat, data) -> text -----------------------------------------------------


def codes_text(codes: Sequence[str]) -> str:
    """Cards as the log shows them: ``[7H] [7D]``."""
    return " ".join(f"[{c}]" for c in codes)


def ranks_text(ranks: Sequence[int]) -> str:
    """Ranks as a refusal names them: ``K-7-7`` (``JK`` for a joker)."""
    return "-".join("JK" if r == JOKER_RANK else RANK_CODES[r] for r in ranks)


def leads(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} leads {codes_text(data['cards'])}"


def plays(seat: int | None, data: Mapping[str, Any]) -> str:
    tail = " and takes the lead" if data["best"] else ""
    return f"{{P{seat}}} plays {codes_text(data['cards'])}{tail}"


def wins(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} wins the trick with {codes_text(data['cards'])}"


def exchanges(seat: int | None, data: Mapping[str, Any]) -> str:
    k = data["count"]
    if not k:
        return f"{{P{seat}}} keeps their cards"
    return f"{{P{seat}}} exchanges {k} card{'s' * (k != 1)}"


def deals(seat: int | None, data: Mapping[str, Any]) -> str:
    size = data["size"]
    return f"Hand {data['hand']}: {{P{seat}}} deals {size} card{'s' * (size != 1)} each"


def shows(seat: int | None, data: Mapping[str, Any]) -> str:
    cards, losers, value = data["cards"], data["losers"], data["value"]
    shown = ", ".join(f"{{P{s}}} [{c}]" for s, c in cards.items())
    names = " and ".join(f"{{P{s}}}" for s in losers)
    each = " each" if len(losers) > 1 else ""
    verb = "lose" if len(losers) > 1 else "loses"
    return (
        f"Showdown: {shown}. {names} {verb} with [{cards[str(losers[0])]}]"
        f" ({value} point{'s' * (value != 1)}{each})"
    )


def goes_out(seat: int | None, data: Mapping[str, Any]) -> str:
    return f"{{P{seat}}} reaches {data['score']} and is out"


def draws_text(seat: int, card: Card) -> str:
    return f"{{P{seat}}} draws [{card.code}]"


def dealer_text(seat: int, first: bool) -> str:
    what = "the first deal" if first else "the deal"
    return f"{{P{seat}}} wins the draw for {what}"


def gameover_text(winners: Sequence[int], why: str) -> str:
    names = " and ".join(f"{{P{s}}}" for s in winners)
    verb = "win" if len(winners) > 1 else "wins"
    return f"{names} {verb} ({why})"


# --- the events ---------------------------------------------------------------------------


def deal_event(dealer: int, hand_no: int, size: int, stock: int) -> Event:
    return Event("deal", dealer, deals, {"hand": hand_no, "size": size, "stock": stock})


def exchange_event(seat: int, count: int) -> Event:
    return Event("exchange", seat, exchanges, {"count": count})


def lead_event(seat: int, cards: Iterable[Card]) -> Event:
    return Event("lead", seat, leads, {"cards": [c.code for c in cards]})


def play_event(seat: int, cards: Iterable[Card], takes: bool) -> Event:
    """A follow; ``takes``: it became the current best (T22-PLAY-5)."""
    return Event("play", seat, plays, {"cards": [c.code for c in cards], "best": takes})


def trick_event(winner: int, cards: Iterable[Card]) -> Event:
    return Event("trick", winner, wins, {"cards": [c.code for c in cards]})


def showdown_event(cards: dict[str, str], losers: list[int], value: int) -> Event:
    """``cards``: each active seat's last card, by the seat as text."""
    return Event("showdown", None, shows, {"cards": cards, "losers": losers, "value": value})


def eliminated_event(seat: int, score: int) -> Event:
    return Event("eliminated", seat, goes_out, {"score": score})


def draw_event(seat: int, card: Card) -> Event:
    return Event("draw", seat, draws_text(seat, card), {"card": card.code})


def dealer_event(seat: int, first: bool) -> Event:
    return Event("dealer", seat, dealer_text(seat, first), {})


def gameover_event(winners: list[int], why: str) -> Event:
    return Event("gameover", None, gameover_text(winners, why), {"winners": list(winners)})
