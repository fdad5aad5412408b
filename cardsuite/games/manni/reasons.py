"""Why the medium bot chose: its Manni rules of thumb, each with its phrase.

``medium_hint`` makes the very choice ``bots.medium_action`` makes and names the branch
that fired in the player's words (the hint of ``cardsuite/hints.py``). The card play is
``bots.choose_play`` and ``bots._lead`` followed branch by branch (a test holds the two
equal over random games of every variant); the play-outs keep calling the plain heuristic,
so nothing here runs in a search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...cards import SUIT_NAMES, Card
from ...engine import Action
from ...hints import Hint, Odds, card, in_deals
from .actions import KEEP, NO_DISCARD, PLAY, SWAP, Contract
from .bots import (
    SWAP_BELOW,
    Situation,
    _master,
    choose_contract,
    choose_discard,
    keep_value,
    strength,
)

#: A contract's name in words.
CONTRACT_WORDS = {"nullo": "Nullo", "grand": "Grand", "spades": "Spades"}


def medium_hint(
    sit: Situation, legal: Sequence[Action], grand_hearts: bool, odds: Odds | None = None
) -> Hint:
    """``medium_action``'s action and the rule of thumb that chose it; with ``odds``
    (``hints.trick_odds``), how often a trick the rule cannot foresee went the seat's way
    in the deals tried."""
    if sit.phase == "play":
        if len(legal) == 1:  # (the bot's branches pick it too: say it is forced)
            return Hint(legal[0], forced(sit, legal[0].card))  # type: ignore[attr-defined]
        played, why = _play(sit, odds)
        return Hint(PLAY[played], why)
    if sit.phase == "swap":
        if strength(sit.hand, sit.trump) < SWAP_BELOW:
            return Hint(SWAP, "your hand is weaker than the manni is on average: swap it")
        return Hint(KEEP, "your hand is stronger than the manni is on average: keep it")
    if sit.phase == "contract":
        offered = [a for a in legal if isinstance(a, Contract)]
        return _contract(choose_contract(sit, offered, grand_hearts))
    return _discard(sit, sit.sizes or (0,))


def forced(sit: Situation, only: Card) -> str:
    """Why the one card the rules leave is played (MANNI-GEN-6: follow suit)."""
    if len(sit.hand) == 1:
        return "your last card of the hand"
    if sit.trick and only.suit == sit.trick[0][1].suit:
        return f"your only {SUIT_NAMES[only.suit][:-1]}: you must follow suit"
    return "the only card the rules allow you here"


def _contract(c: Contract) -> Hint:
    name = CONTRACT_WORDS.get(c.kind) or f"{SUIT_NAMES[c.suit or 'S']}"
    if c.kind == "nullo":
        return Hint(c, "declares Nullo: your low cards should keep you out of tricks")
    return Hint(c, f"declares {name}: worth more with this hand now than later")


def _discard(sit: Situation, sizes: Sequence[int]) -> Hint:
    chosen = choose_discard(sit, sizes)
    if chosen == NO_DISCARD:
        top = max(sizes)
        weak = sum(1 for c in sit.hand if keep_value(sit, c) < 0)
        if top > 1 and set(sizes) == {0, top} and weak:
            return Hint(chosen, f"keeps every card: too few weak ones to exchange {top}")
        return Hint(chosen, "keeps every card: each is worth more than an unseen one")
    if sit.avoid:
        return Hint(chosen, "exchanges your high cards: in Nullo they take tricks")
    return Hint(chosen, "exchanges weak cards: each worth less than an unseen card")


def _play(sit: Situation, odds: Odds | None) -> tuple[Card, str]:
    """``choose_play``, branch by branch, with each branch's phrase."""
    hand, trick, rv = sit.hand, sit.trick, sit.rv
    if not trick:
        return _lead(sit, odds)
    led = trick[0][1].suit
    best = trick[0][1]
    for _, c in trick[1:]:
        if c.suit == best.suit:
            if rv(c) > rv(best):
                best = c
        elif c.suit == sit.trump:
            best = c
    suit = [c for c in hand if c.suit == led]
    if suit:
        return _follow(sit, suit, best, led, len(trick) == 2, odds)
    if sit.avoid:
        top = max(hand, key=rv)
        return top, f"out of {SUIT_NAMES[led]}: throw {card(top)}, your riskiest card"
    return _discard_or_ruff(sit, best, len(trick) == 2, odds)


def _follow(
    sit: Situation, suit: list[Card], best: Card, led: str, last: bool, odds: Odds | None
) -> tuple[Card, str]:
    rv = sit.rv
    low = min(suit, key=rv)
    if sit.avoid:
        under = [c for c in suit if rv(c) < rv(best) or best.suit != led]
        if under:
            c = max(under, key=rv)
            return c, f"ducks with {card(c)}, your highest card that still loses"
        if last:
            c = max(suit, key=rv)
            return c, f"the trick is yours anyway: it takes {card(c)}, your highest"
        return low, f"cannot get under {card(best)}: your lowest may yet be beaten"
    if best.suit != led:
        return low, f"the trick is trumped already: your lowest {SUIT_NAMES[led]}"
    beat = [c for c in suit if rv(c) > rv(best)]
    if not beat:
        return low, f"cannot beat {card(best)}: keep your better cards"
    if last:
        c = min(beat, key=rv)
        return c, f"wins the trick as cheaply as you can, with {card(c)}"
    top = max(beat, key=rv)
    if _master(sit, top):
        if odds is not None:  # the last player may ruff it
            return top, f"wins with {card(top)}, the highest left: won {in_deals(odds(top))}"
        return top, f"wins with {card(top)}: no card still out can beat it"
    if odds is not None:
        return low, f"ducks: your {card(top)} would have won {in_deals(odds(top))}"
    return low, f"ducks: a player after you could beat your {card(top)}"


def _discard_or_ruff(sit: Situation, best: Card, last: bool, odds: Odds | None) -> tuple[Card, str]:
    hand, trump, rv = sit.hand, sit.trump, sit.rv
    if trump is not None:
        trumps = [c for c in hand if c.suit == trump]
        if best.suit == trump:
            trumps = [c for c in trumps if rv(c) > rv(best)]
        if trumps:
            c = min(trumps, key=rv)
            if odds is not None and not last:  # the last player may ruff higher
                return c, f"ruffs low with {card(c)}: won {in_deals(odds(c))}"
            return c, f"out of the suit led: ruff with {card(c)}, your lowest winner"
    side = [c for c in hand if c.suit != trump] or hand
    counts: dict[str, int] = {}
    for c in side:
        counts[c.suit] = counts.get(c.suit, 0) + 1
    c = min(side, key=lambda c: (rv(c), counts[c.suit]))
    return c, f"cannot win this trick: throw {card(c)}, low and from a short suit"


def _lead(sit: Situation, odds: Odds | None) -> tuple[Card, str]:
    hand, trump, rv = sit.hand, sit.trump, sit.rv
    if sit.avoid:
        c = min(hand, key=rv)
        return c, "leads your lowest: in Nullo every trick you take costs"
    masters = [c for c in hand if c.suit != trump and _master(sit, c)]
    if masters:
        c = max(masters, key=rv)
        if odds is not None and sit.trump is not None:  # a player out of the suit may ruff
            return c, f"cashes {card(c)}, the highest left: won {in_deals(odds(c))}"
        return c, f"cashes {card(c)}: no card still out can beat it"
    trumps = [c for c in hand if c.suit == trump]
    if trumps and len(trumps) * 3 >= len(hand):
        return _lead_trump(sit, trumps, rv)
    counts: dict[str, int] = {}
    for c in hand:
        if c.suit != trump:
            counts[c.suit] = counts.get(c.suit, 0) + 1
    if not counts:
        c = min(hand, key=rv)
        return c, f"leads {card(c)}, your lowest card"
    longest = max(counts, key=lambda s: (counts[s], s))
    c = min((c for c in hand if c.suit == longest), key=rv)
    return c, "leads low from your longest suit: its high cards win later"


def _lead_trump(sit: Situation, trumps: list[Card], rv: Callable[[Card], int]) -> tuple[Card, str]:
    top = max(trumps, key=rv)
    if _master(sit, top):
        return top, f"draws trumps with {card(top)}, the highest left: you hold many"
    low = min(trumps, key=rv)
    return low, "leads a low trump: you hold many, and want the others' drawn"


__all__ = ["medium_hint"]
