"""Dealing what an observer cannot see, consistently with everything he has seen.

Hidden from an observer: the other two hands, their discards (GEN-5) and what is left of the
manni (GEN-4). Every such card may lie in any of those zones, except that

- a player who failed to follow a suit this hand holds none of it (GEN-6: voids shown);
- in Hornafjarðarmanni the contract card went to the dealer (HORN-DEAL-1): until it is
  played it is in the dealer's hand or among his discards (A-8: a discard is not announced).

So the sampler deals the hidden cards into zones of the known sizes: cards of a suit someone
lacks first, each to a zone that may hold it, and the rest where room is left. When that
random fill runs into a dead end it tries again, and after a few tries it solves the deal
exactly as a flow of suits into zones (always possible: the true deal is one solution).
What depends only on the position (the pool, the sizes, the voids) is worked out once and
kept until the next move, since a search samples the same position a thousand times.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from ...cards import Card
from ...shuffle import shuffle

if TYPE_CHECKING:
    from .rules import MannState

#: Random fills tried before the exact solution.
TRIES = 8


class _Facts(NamedTuple):
    pool: list[Card]  # the hidden cards, in a fixed order
    zones: list[tuple[str, int, int]]  # (kind, seat, size): "hand"/"discards"/"manni"
    forbidden: list[frozenset[str]]  # suits each zone may not hold
    special: Card | None  # the contract card, if its place is constrained
    special_zones: tuple[int, ...]  # the zones it may be in


def facts(st: MannState, observer: int) -> _Facts:
    cache = st._samples
    if cache is None:
        cache = st._samples = {}
    got = cache.get(observer)
    if got is None:
        got = cache[observer] = _work_out(st, observer)
    return got


def _work_out(st: MannState, observer: int) -> _Facts:
    voids = st.voids()
    zones: list[tuple[str, int, int]] = []
    forbidden: list[frozenset[str]] = []
    pool: list[Card] = []
    for s in range(3):
        if s == observer:
            continue
        zones.append(("hand", s, len(st.hands[s])))
        forbidden.append(frozenset(voids[s]))
        pool += st.hands[s]
        zones.append(("discards", s, len(st.discards[s])))
        forbidden.append(frozenset())
        pool += st.discards[s]
    zones.append(("manni", -1, len(st.manni)))
    forbidden.append(frozenset())
    pool += st.manni
    pool.sort(key=lambda c: c.ordinal)
    special = None
    special_zones: tuple[int, ...] = ()
    card = st.contract_card
    if card is not None and st.dealer != observer and card in pool:
        special = card
        special_zones = tuple(
            i
            for i, (kind, seat, _) in enumerate(zones)
            if seat == st.dealer and (kind == "discards" or card.suit not in forbidden[i])
        )
    return _Facts(pool, zones, forbidden, special, special_zones)


def sample_hidden(
    st: MannState, observer: int, rng: random.Random, *, events: bool = True
) -> MannState:
    f = facts(st, observer)
    copy = st.clone(random.Random(rng.getrandbits(63)), events=events)
    filled = _deal(f, rng)
    for (kind, seat, _), cards in zip(f.zones, filled, strict=True):
        if kind == "hand":
            cards.sort(key=st.hand_key)
            copy.hands[seat] = cards
        elif kind == "discards":
            copy.discards[seat] = cards
        else:
            copy.manni = cards
    for s in range(3):
        if s != observer:
            copy.drawn[s] = []  # private to them, and not what this deal would say
    return copy


def _deal(f: _Facts, rng: random.Random) -> list[list[Card]]:
    cards = f.pool[:]
    shuffle(rng, cards)
    sizes = [z[2] for z in f.zones]
    if f.special is None and not any(f.forbidden):
        out, i = [], 0
        for n in sizes:
            out.append(cards[i : i + n])
            i += n
        return out
    for _ in range(TRIES):
        got = _fill(f, cards, sizes, rng)
        if got is not None:
            return got
        shuffle(rng, cards)
    return _solve(f, cards, sizes)


def _eligible(f: _Facts, card: Card) -> list[int]:
    if card is f.special:
        return list(f.special_zones)
    return [i for i, fb in enumerate(f.forbidden) if card.suit not in fb]


def _fill(
    f: _Facts, cards: list[Card], sizes: list[int], rng: random.Random
) -> list[list[Card]] | None:
    """One random fill: constrained cards first (fewest places first), each to a zone with
    room chosen in proportion to its room; None at a dead end."""
    room = sizes[:]
    out: list[list[Card]] = [[] for _ in sizes]
    every = len(sizes)
    tight: list[tuple[int, Card, list[int]]] = []
    loose: list[Card] = []
    for c in cards:
        ok = _eligible(f, c)
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
        for i in ok:
            x -= room[i]
            if x < 0 and room[i]:
                break
        else:  # rounding: the last zone with room
            i = next(j for j in reversed(ok) if room[j])
        out[i].append(c)
        room[i] -= 1
    j = 0
    for i, r in enumerate(room):
        out[i] += loose[j : j + r]
        j += r
    return out


def _solve(f: _Facts, cards: list[Card], sizes: list[int]) -> list[list[Card]]:
    """The exact deal: a maximum flow from card kinds (suits; the contract card alone) to
    zones, by augmenting paths on this graph of a dozen nodes; the cards of each kind then
    go to the zones in the flow's amounts, in their (shuffled) order."""
    kinds: dict[object, list[Card]] = {}
    for c in cards:
        kinds.setdefault("*" if c is f.special else c.suit, []).append(c)
    names = list(kinds)
    k, z = len(names), len(sizes)
    # nodes: 0 source, 1..k kinds, k+1..k+z zones, k+z+1 sink
    size = k + z + 2
    sink = size - 1
    cap = [[0] * size for _ in range(size)]
    for a, name in enumerate(names):
        cap[0][1 + a] = len(kinds[name])
        sample = kinds[name][0]
        for zi in _eligible(f, sample):
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
            raise AssertionError("no deal fits what has been seen")  # the true deal does
    return out
