"""Why the medium bot chose: its Mensch rules of thumb, each with its phrase.

``medium_hint`` makes the very choice ``bots.medium_action`` makes and names the branch
that fired in the player's words (the hint of ``cardsuite/hints.py``). The card play is
``bots.choose_play`` followed branch by branch (a test holds the two equal over random
games of every variant); the play-outs and the hard bot's readings keep calling the plain
heuristic, so nothing here runs in a search. The partner is named only as the bot knows
it (``Situation.team``): never before the called card is played, unless the seat holds it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import SUIT_NAMES, Card
from ...engine import Action
from ...hints import Hint, Odds, card, in_deals
from .actions import PASS, PLAY, TRUMP, Bid, Call
from .bots import NEEDED, Situation, _master, best_trump, bid_margins, choose_bid, choose_call
from .rules import QC, effective_suit, power
from .wording import BID_NAMES


def medium_hint(
    sit: Situation, legal: Sequence[Action], compelled: bool, odds: Odds | None = None
) -> Hint:
    """``medium_action``'s action and the rule of thumb that chose it; with ``odds``
    (``hints.trick_odds``), how often a trick the rule cannot foresee went the seat's way
    in the deals tried."""
    if sit.phase == "play":
        cards = [a.card for a in legal]  # type: ignore[attr-defined]  # (in play: all Plays)
        played, why = _play(sit, cards, odds)
        return Hint(PLAY[played], why)
    if sit.phase == "bid":
        return _bid(sit, legal, compelled)
    if sit.phase == "trump":
        t = best_trump(sit.hand)
        return Hint(TRUMP[t], f"names {SUIT_NAMES[t]}: your hand takes the most tricks with them")
    return _call(sit, choose_call(sit, legal))


def _bid(sit: Situation, legal: Sequence[Action], compelled: bool) -> Hint:
    chosen = choose_bid(sit, legal, compelled)
    if chosen == PASS:
        return Hint(chosen, "passes: your hand is too weak for any bid still open")
    assert isinstance(chosen, Bid)
    name = BID_NAMES[chosen.name]
    names = [a.name for a in legal if isinstance(a, Bid) and a.name != "pass"]
    if bid_margins(sit.hand, names)[chosen.name] < 0:
        return Hint(chosen, f"bids {name}, the least you may: three clubs force a bid")
    if chosen.name in ("half", "after"):
        return Hint(chosen, f"bids {name}: your clubs are good enough with a partner")
    need = NEEDED[chosen.name]
    return Hint(chosen, f"bids {name}: your hand should take the {need} tricks it needs")


def _call(sit: Situation, chosen: Call) -> Hint:
    c = chosen.card
    held = sum(1 for x in sit.hand if x is not QC and x.suit == c.suit and x.suit != sit.trump)
    if held:
        return Hint(chosen, f"calls {card(c)}: its holder wins your {SUIT_NAMES[c.suit]} tricks")
    return Hint(chosen, f"calls {card(c)}: the highest card you may call")


def _play(sit: Situation, legal: list[Card], odds: Odds | None) -> tuple[Card, str]:
    """``choose_play``, branch by branch, with each branch's phrase."""
    if len(legal) == 1:
        return legal[0], _forced(sit, legal[0])
    if not sit.trick:
        return _lead(sit, legal, odds)
    trump = sit.trump

    def pw(c: Card) -> int:
        return power(c, trump)

    def is_trump(c: Card) -> bool:
        return c is QC or c.suit == trump

    trick = sit.trick
    led = effective_suit(trick[0][1], trump)
    best_seat, best = trick[0]
    for s, c in trick[1:]:
        if (is_trump(c) and (not is_trump(best) or pw(c) > pw(best))) or (
            not is_trump(best) and not is_trump(c) and c.suit == led and pw(c) > pw(best)
        ):
            best_seat, best = s, c
    last = len(trick) == 3
    if best_seat in sit.team and best_seat != sit.seat and (last or _master(sit, best)):
        c = min(legal, key=lambda c: (is_trump(c), pw(c)))
        return c, "your side wins this trick already: give your cheapest card"

    def beats(c: Card) -> bool:
        if is_trump(c):
            return not is_trump(best) or pw(c) > pw(best)
        return not is_trump(best) and c.suit == led and pw(c) > pw(best)

    winners = [c for c in legal if beats(c)]
    if winners:
        return _win(sit, winners, best, last, odds)
    counts: dict[str, int] = {}
    for c in legal:
        counts[c.suit] = counts.get(c.suit, 0) + 1
    c = min(legal, key=lambda c: (is_trump(c), pw(c), counts[c.suit]))
    return c, f"cannot win this trick: throw {card(c)}, low and from a short suit"


def _forced(sit: Situation, only: Card) -> str:
    """Why the one card the rules leave is played (MENSCH-PLAY-2, RANK-4)."""
    if len(sit.hand) == 1:
        return "your last card of the deal"
    if sit.trick:
        led = effective_suit(sit.trick[0][1], sit.trump)
        if effective_suit(only, sit.trump) == led:
            suit = "trump" if led == sit.trump else SUIT_NAMES[led][:-1]
            return f"your only {suit}: you must follow suit"
    return "the only card the rules allow you here"


def _win(
    sit: Situation, winners: list[Card], best: Card, last: bool, odds: Odds | None
) -> tuple[Card, str]:
    """The cards that would take the trick now: the cheapest when last to play, the top
    one when nothing still out beats it, else the cheapest."""
    cheapest = min(winners, key=lambda c: power(c, sit.trump))
    top = max(winners, key=lambda c: power(c, sit.trump))
    if last:
        return cheapest, f"wins the trick as cheaply as you can, with {card(cheapest)}"
    if _master(sit, top):
        if odds is not None:  # a player after may ruff it
            return top, f"wins with {card(top)}, the highest left: won {in_deals(odds(top))}"
        return top, f"wins with {card(top)}: no card still out can beat it"
    if odds is not None:
        k = odds(cheapest)
        return cheapest, f"beats {card(best)} cheaply with {card(cheapest)}: won {in_deals(k)}"
    return cheapest, f"beats {card(best)} with {card(cheapest)}, your cheapest card that does"


def _lead(sit: Situation, legal: list[Card], odds: Odds | None) -> tuple[Card, str]:
    trump = sit.trump

    def pw(c: Card) -> int:
        return power(c, trump)

    def is_trump(c: Card) -> bool:
        return c is QC or c.suit == trump

    masters = [c for c in legal if not is_trump(c) and _master(sit, c)]
    if masters:
        c = max(masters, key=pw)
        if odds is not None:  # a player out of the suit may ruff it
            return c, f"cashes {card(c)}, the highest left: won {in_deals(odds(c))}"
        return c, f"cashes {card(c)}: no card still out can beat it"
    trumps = [c for c in legal if is_trump(c)]
    if sit.seat == sit.declarer and len(trumps) * 2 >= len(sit.hand):
        top = max(trumps, key=pw)
        if _master(sit, top):
            return top, f"draws trumps with {card(top)}, the highest left: you declared"
        low = min(trumps, key=pw)
        return low, "leads a low trump: as declarer, draw the others' trumps"
    plain = [c for c in legal if not is_trump(c)]
    c = min(plain or legal, key=pw)
    if not plain:
        return c, "leads your lowest trump: you hold only trumps"
    return c, "leads low: keep your high cards for the tricks they win"


__all__ = ["medium_hint"]
