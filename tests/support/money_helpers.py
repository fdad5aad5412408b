"""Helpers for the Money rule tests (``shared/rules/money.md``).

Positions are written the way the spec writes them: hands top card first, the pile oldest
(bottom) first, ``under`` lowest first, banks as multisets. A token is either a rank (``"9"``,
``"A"``, ``"10"``, ``"JK"``; money ``"K" "Q" "J" "A" "JK"``), which takes any free card of that
rank, or an exact code (``"7D"``). Every card not placed goes somewhere harmless, as the spec's
examples say: number cards to the bottom of B's hand, money to B's bank (B is seat 1 unless
``rest`` says otherwise). The position is loaded through the documented JSON layout
(``to_json`` / ``from_json``), which checks that the cards are exactly the pack.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

import pytest

from cardsuite.cards import Card
from cardsuite.engine import IllegalAction
from cardsuite.games import get_game
from cardsuite.games.money.rules import Claim

G = get_game("money")

A, B = 0, 1
RANKS = {"A": 14, "J": 11, "Q": 12, "K": 13, "JK": 15}
NAMES = {14: "A", 11: "J", 12: "Q", 13: "K", 15: "JK"}
#: Suit preference when a token names only a rank: the 7♦ (al-kommi) is taken last.
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3, "": 4}


def name(card: Card) -> str:
    """A card's rank as the spec writes it: ``"9"``, ``"A"``, ``"K"``, ``"JK"``."""
    return NAMES.get(card.rank, str(card.rank))


def R(cards: Iterable[Card]) -> list[str]:
    """Ranks in order (hands top first, piles bottom first)."""
    return [name(c) for c in cards]


def M(cards: Iterable[Card | str]) -> list[str]:
    """A money multiset as sorted rank names, from cards or from names."""
    return sorted(c if isinstance(c, str) else name(c) for c in cards)


def fresh(variant: str = "jordanian", options: dict | None = None, **kw) -> object:
    """A new game; ``dealer`` defaults to 1, so seat 0 gets the first card and turns first."""
    kw.setdefault("dealer", 1)
    kw.setdefault("seed", 0)
    return G.new_state(variant=variant, options=options or {}, **kw)


class _Pool:
    def __init__(self, cards: Sequence[Card], values: dict[int, int]) -> None:
        self.cards = sorted(cards, key=lambda c: (c.rank, SUIT_ORDER[c.suit]))
        self.values = values

    def take(self, token: str | Card, money: bool) -> Card:
        if isinstance(token, Card):
            card = token
        elif token in RANKS or token.isdigit():
            rank = RANKS[token] if token in RANKS else int(token)
            for c in self.cards:
                if c.rank == rank and (c.rank in self.values) == money:
                    card = c
                    break
            else:
                raise AssertionError(f"no free {'money' if money else 'number'} card {token!r}")
        else:
            card = Card.parse(token)
        assert (card.rank in self.values) == money, f"{card} is in the wrong kind of zone"
        assert card in self.cards, f"{card} is used twice"
        self.cards.remove(card)
        return card

    def many(self, tokens: Iterable[str | Card], money: bool) -> list[Card]:
        return [self.take(t, money) for t in tokens]


def position(
    hands: Sequence[Sequence[str | Card]] = ((), ()),
    banks: Sequence[Sequence[str | Card]] = ((), ()),
    pile: Sequence[str | Card] = (),
    under: Sequence[str | Card] = (),
    *,
    mover: int = A,
    last: tuple[int, bool] | None = None,
    variant: str = "jordanian",
    options: dict | None = None,
    rest: int = B,
    rest_money: int | None = None,
    turns: int | None = None,
    exchanges: int = 0,
):
    """Build an exact position (see the module docstring).

    ``last=(seat, matched)`` says who turned the pile's top card and whether it matched (so a
    claim can be judged); ``None`` means no card has been turned since the ground was taken.
    Leftover number cards go to the bottom of ``rest``'s hand, leftover money to the bank of
    ``rest_money`` (default ``rest``).
    """
    base = fresh(variant, options)
    pool = _Pool(base.all_cards(), base.values)
    h = [pool.many(hands[0], False), pool.many(hands[1], False)]
    bk = [pool.many(banks[0], True), pool.many(banks[1], True)]
    pl = pool.many(pile, False)
    un = pool.many(under, True)
    for c in list(pool.cards):
        if c.rank in base.values:
            bk[rest if rest_money is None else rest_money].append(c)
        else:
            h[rest].append(c)
    data = base.to_json()
    n = len(pl)
    data.update(
        hands=[[c.code for c in x] for x in h],
        banks=[[c.code for c in x] for x in bk],
        pile=[c.code for c in pl],
        pile_ids=list(range(n)),
        under=[c.code for c in un],
        mover=mover,
        phase="play",
        turns=n if turns is None else turns,
        last=[last[0], n - 1, bool(last[1])] if (last is not None and n) else None,
        exchanges=exchanges,
        bought=False,
        sale=None,
        winners=[],
        end="",
        events=[],
    )
    return G.from_json(data)


def refused(st, action, seat: int | None = None) -> str:
    """``action`` raises IllegalAction with a reason and leaves the state exactly as it was."""
    before = st.to_json()
    with pytest.raises(IllegalAction) as info:
        if seat is None:
            st.apply(action)
        else:
            st.apply(action, seat=seat)
    assert info.value.reason, "an IllegalAction must say why"
    assert st.to_json() == before, f"refused {action!r} changed the state"
    return info.value.reason


def buys(st) -> set[str]:
    """The purchase offers of the player to move, as text."""
    return {str(a) for a in st.legal_actions() if str(a).startswith("buy")}


def check_invariants(st) -> None:
    """MONEY-DECK-4 and card conservation: numbers only in hands and pile, money only in
    banks and under the pile, and every card of the pack exactly once."""
    vals = st.values
    for zone in (*st.hands, st.pile):
        assert all(c.rank not in vals for c in zone), "money in a hand or the pile"
    for zone in (*st.banks, st.under):
        assert all(c.rank in vals for c in zone), "a number card in a bank or under the pile"
    assert len(st.pile_ids) == len(st.pile)


def random_game(variant: str, options: dict, seed: int, *, max_actions: int = 3000, on_step=None):
    """Play a random game: random legal moves, valid claims taken most of the time, and the
    odd false claim. ``on_step(st)`` is called before every action."""
    rng = random.Random(seed)
    st = G.new_state(variant=variant, options=options, seed=seed)
    pack = Counter(st.all_cards())
    for _ in range(max_actions):
        if st.is_over():
            break
        if on_step is not None:
            on_step(st)
        check_invariants(st)
        assert Counter(st.all_cards()) == pack
        claimers = [s for s in (0, 1) if st.claim_is_valid(s)]
        if claimers and rng.random() < 0.8:
            st.apply(Claim(claimers[0]))
            continue
        if st.pile and not st.options["auto_capture"] and rng.random() < 0.01:
            st.apply(Claim(rng.randrange(2)))
            continue
        acts = [a for a in st.legal_actions() if not isinstance(a, Claim)]
        assert acts, "the player to move has nothing to do"
        st.apply(rng.choice(acts))
    return st
