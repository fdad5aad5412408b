"""Dealing hidden cards into zones of known sizes where some cards may only go to some zones:
what every game's ``sample_hidden`` needs once play has shown voids (a player who did not
follow a suit holds none of it) or placed a card (Hornafjarðarmanni's cut card is the
dealer's; Mensch's called card is not the declarer's).

``fill`` is one random try: the cards with the fewest places first, each to a zone with room
chosen in proportion to its room; it may run into a dead end. ``solve`` always finds a deal
when one exists: a maximum flow from kinds of cards (cards with the same places are one
kind) to zones, by augmenting paths on a graph of a dozen nodes, the cards of each kind then
dealt in their (shuffled) order. ``deal`` tries ``fill`` a few times, then ``solve``.
Pure: all randomness from the generator given.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .cards import Card
from .shuffle import shuffle

#: Where a card may go: the indices of the zones.
Places = Callable[[Card], Sequence[int]]
#: Random fills tried before the exact solution.
TRIES = 8


def voids_shown(
    tricks: Iterable[Sequence[tuple[int, Card]]],
    players: int,
    suit_of: Callable[[Card], str] = lambda c: c.suit,
) -> list[set[str]]:
    """The suits each seat has shown it lacks: a play of another suit than the lead's, in
    tricks of one card each (``(seat, card)`` plays, leader first). ``suit_of`` gives a card's
    suit for following (Mensch's queen of clubs follows trumps)."""
    out: list[set[str]] = [set() for _ in range(players)]
    for plays in tricks:
        if not plays:
            continue
        led = suit_of(plays[0][1])
        for seat, card in plays[1:]:
            if suit_of(card) != led:
                out[seat].add(led)
    return out


def pack_order(
    full: Sequence[Card],
    deck: Sequence[str | Card] | None,
    rng: random.Random,
    key: Callable[[Card], Any] = lambda c: c.ordinal,
) -> list[Card]:
    """The order a new game deals from, top first: the whole pack shuffled, or a stacked
    ``deck`` (card codes, top first; a prefix is enough) then the rest of the pack, put in
    ``key`` order and shuffled. ``ValueError`` names cards the pack does not have."""
    if deck is None:
        order = list(full)
        shuffle(rng, order)
        return order
    stacked = [c if isinstance(c, Card) else Card.parse(c) for c in deck]
    rest = Counter(full)
    rest.subtract(stacked)
    if any(v < 0 for v in rest.values()):
        extra = [str(c) for c, v in rest.items() if v < 0]
        raise ValueError(f"stacked deck has cards the pack does not: {' '.join(extra)}")
    tail = sorted(rest.elements(), key=key)
    shuffle(rng, tail)
    return stacked + tail


def deal(
    cards: list[Card], sizes: Sequence[int], places: Places, rng: random.Random, tries: int = TRIES
) -> list[list[Card]]:
    """``cards`` dealt into zones of ``sizes`` (``cards`` is shuffled in place)."""
    shuffle(rng, cards)
    every = len(sizes)
    if all(len(places(c)) == every for c in cards):
        out, i = [], 0
        for n in sizes:
            out.append(cards[i : i + n])
            i += n
        return out
    for _ in range(tries):
        got = fill(cards, sizes, places, rng)
        if got is not None:
            return got
        shuffle(rng, cards)
    return solve(cards, sizes, places)


def fill(
    cards: Sequence[Card], sizes: Sequence[int], places: Places, rng: random.Random
) -> list[list[Card]] | None:
    """One random fill, or None at a dead end."""
    room = list(sizes)
    out: list[list[Card]] = [[] for _ in sizes]
    every = len(sizes)
    tight: list[tuple[int, Card, Sequence[int]]] = []
    loose: list[Card] = []
    for c in cards:
        ok = places(c)
        if len(ok) < every:
            tight.append((len(ok), c, ok))
        else:
            loose.append(c)
    tight.sort(key=lambda t: t[0])  # stable: random within the same count
    for _, c, ok in tight:
        total = sum(room[i] for i in ok)
        if not total:
            return None
        x = rng.random() * total
        chosen = -1
        for i in ok:
            if room[i]:
                chosen = i
                x -= room[i]
                if x < 0:
                    break
        out[chosen].append(c)
        room[chosen] -= 1
    j = 0
    for i, r in enumerate(room):
        out[i] += loose[j : j + r]
        j += r
    return out


def solve(cards: Sequence[Card], sizes: Sequence[int], places: Places) -> list[list[Card]]:
    """The exact deal; ``AssertionError`` if there is none (the true deal always is one)."""
    kinds: dict[tuple[int, ...], list[Card]] = {}
    for c in cards:
        kinds.setdefault(tuple(places(c)), []).append(c)
    names = list(kinds)
    k, z = len(names), len(sizes)
    size = k + z + 2  # source, kinds, zones, sink
    sink = size - 1
    cap = [[0] * size for _ in range(size)]
    for a, name in enumerate(names):
        cap[0][1 + a] = len(kinds[name])
        for zi in name:
            cap[1 + a][1 + k + zi] = len(kinds[name])
    for zi, n in enumerate(sizes):
        cap[1 + k + zi][sink] = n
    flow = [[0] * size for _ in range(size)]
    while True:
        prev = [-1] * size
        prev[0] = 0
        queue = [0]
        for u in queue:
            for v in range(size):
                if prev[v] < 0 and cap[u][v] - flow[u][v] > 0:
                    prev[v] = u
                    queue.append(v)
        if prev[sink] < 0:
            break
        push, v = 10**9, sink
        while v:
            u = prev[v]
            push = min(push, cap[u][v] - flow[u][v])
            v = u
        v = sink
        while v:
            u = prev[v]
            flow[u][v] += push
            flow[v][u] -= push
            v = u
    out: list[list[Card]] = [[] for _ in sizes]
    for a, name in enumerate(names):
        left = kinds[name]
        i = 0
        for zi in range(z):
            n = flow[1 + a][1 + k + zi]
            if n > 0:
                out[zi] += left[i : i + n]
                i += n
        if i != len(left):
            raise AssertionError("no deal fits what has been seen")
    return out
