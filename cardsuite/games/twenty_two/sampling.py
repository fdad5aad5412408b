"""Twenty-Two's ``sample_hidden``: deal what an observer cannot see, consistent with play.

A follow that did not cover was the player's lowest cards, so whatever they still hold ranks
no lower; under the beat-the-leader rules it also proves they could not cover the lead; a
play of only jokers proves a hand of only jokers. A sample must keep every such fact, so the
bots' searches never imagine a deal the table has already ruled out.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Literal

from ...cards import JOKER_RANK, Card, by_rank
from ...shuffle import shuffle
from . import reading
from .sets import best_set, covers, effective, lowest

if TYPE_CHECKING:
    from .rules import TwentyTwoState

_hand_key = by_rank


def follow_constraints(
    st: TwentyTwoState, seat: int
) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """What ``seat``'s follows in this hand reveal about the cards it still holds.

    One entry per follow that did not cover (the current best; the lead under the
    beat-the-leader rules) and per play of only jokers: (its raw ranks, the ranks the seat
    played at and after it, the lead's effective ranks when the seat must also have been
    unable to cover the lead, else ``()``). Such a play was the seat's lowest cards
    (T22-PLAY-6, T22-LEADER-1; an all-joker play needs an all-joker hand, T26-3/4).
    """
    seq: list[tuple[tuple[int, ...], tuple[int, ...] | None]] = []
    for i, s, ranks, eff, target in reading.hand_plays(st):
        if s == seat:
            need: tuple[int, ...] | None = None
            if i and not covers(eff, target):
                need = tuple(target) if st.beat_leader else ()
            elif all(r == JOKER_RANK for r in ranks):
                need = ()  # only jokers: the hand held nothing else (T26-3/4)
            seq.append((ranks, need))
    out = []
    for i, (ranks, need) in enumerate(seq):
        if need is not None:
            later = tuple(r for played, _ in seq[i:] for r in played)
            out.append((ranks, later, need))
    return out


def _fits(st: TwentyTwoState, hand: Sequence[Card], constraints: Sequence[tuple[Any, ...]]) -> bool:
    """Would every constrained follow of this hand have been legal holding ``hand`` now?"""
    ranks_now = [c.rank for c in hand]
    for play, later, lead in constraints:
        before = sorted(ranks_now + list(later))
        n = len(play)
        if sorted(play, reverse=True) != list(lowest(before, n)):
            return False
        if lead and covers(effective(best_set(before[::-1], n)), lead):
            return False
    return True


#: How many random deals by the table's reading are tried before falling back to the facts.
READING_TRIES = 12


def sample_hidden(
    st: TwentyTwoState,
    observer: int,
    rng: random.Random,
    events: bool = True,
    by_reading: bool = False,
) -> TwentyTwoState:
    """Re-deal what ``observer`` cannot see: other hands, other discards, the stock.

    Keeps every public fact (hand sizes, discard counts, tricks, score cards) and makes
    every follow of this hand legal for the hand it implies (a follow that did not cover
    was the player's lowest cards, so what they still hold ranks no lower). The copy's
    random generator is re-seeded from ``rng``, so future deals are not the real ones.

    ``by_reading``: deal by what sensible play says as well (``reading``), where a deal
    fits it; the search's copies do, a plain ``sample_hidden`` does not."""
    new = st.clone(random.Random(rng.getrandbits(63)), events=events)
    others = [s for s in range(st.n) if s != observer]
    cache = st._samples
    if cache is None:
        cache = st._samples = {}
    known = cache.get(observer)
    if known is None:  # once per position and observer: a search samples it thousands of times
        known = cache[observer] = _hidden_facts(st, others)
    if by_reading and not st.twenty_six:
        beliefs = cache.get((observer, "reading"))
        if beliefs is None:
            beliefs = cache[(observer, "reading")] = _beliefs(st, others, known)
        if beliefs is not False:
            got = _deal_by_beliefs(st, beliefs, rng)
            if got is not None:
                left, hands, discards = got
                _lay_out(st, new, others, left, hands, discards)
                return new
            # No deal fits: the beliefs are wrong about someone here. Stop trying for this
            # position (a search samples it thousands of times) and deal by the facts.
            cache[(observer, "reading")] = False
    sorted_pool, constrained = known
    pool = list(sorted_pool)
    for _attempt in range(200):
        shuffle(rng, pool)  # the same permutation as rng.shuffle, faster
        assigned = _try_assign(st, pool, constrained, rng)
        if assigned is not None:
            break
    else:
        assigned = _search_assign(st, pool, constrained, rng)
    rest, fixed = assigned
    _lay_out(st, new, others, rest, fixed, {})
    return new


def _lay_out(
    st: TwentyTwoState,
    new: TwentyTwoState,
    others: list[int],
    rest: list[Card],
    hands: dict[int, list[Card]],
    discards: dict[int, list[Card]],
) -> None:
    """Put a deal into ``new``: the hands and discards already chosen, then the rest in
    order to the other hands, the other discards and the stock."""
    for s, cards in hands.items():
        new.hands[s] = sorted(cards, key=_hand_key)
    i = 0
    for s in others:
        if s not in hands:
            k = len(st.hands[s])
            new.hands[s] = sorted(rest[i : i + k], key=_hand_key)
            i += k
    for s in others:
        if s in discards:
            new.discards[s] = discards[s]
        else:
            k = len(st.discards[s])
            new.discards[s] = rest[i : i + k]
            i += k
    new.stock = rest[i : i + len(st.stock)]


#: The hidden pool, and what is believed of each zone, least slack first: (the seat, True
#: for its hand or False for its discards, how many cards, the lowest and highest rank
#: believed there, the follow facts its hand must meet).
Beliefs = tuple[list[Card], list[tuple[int, bool, int, int, int, list[tuple[Any, ...]]]]]


def _beliefs(
    st: TwentyTwoState,
    others: list[int],
    known: tuple[list[Card], list[tuple[int, list[tuple[Any, ...]], int]]],
) -> Beliefs | Literal[False]:
    """The hidden pool and what the table's reading (``reading``) believes of each other
    seat's hand and discards, least slack first; False if it believes nothing beyond the
    facts. A belief that no deal of the pool can meet (too few hidden cards in its range:
    that player did something else) is dropped for that seat alone. ``known``: the facts
    (``_hidden_facts``).

    Hands and discards are one list ordered by slack (the cards in a zone's range less the
    cards it takes): the discards are high cards, and most of the pool's high cards are in
    them when the others exchange sensibly, so a hand dealt first from a wide range would
    take the very cards the discards need and no deal would fit, though the true one does
    (a tenth of the positions of medium games dropped the whole reading so)."""
    pool, facts = known
    by_seat = {s: (cons, floor) for s, cons, floor in facts}
    zones: list[tuple[int, bool, int, int, int, list[tuple[Any, ...]]]] = []
    believed = False
    for s in others:
        k = len(st.hands[s])
        cons, floor = by_seat.get(s, ([], 2))
        top = reading.ceiling(st, s) if st.phase == "play" else reading.OPEN
        if top < reading.OPEN and sum(1 for c in pool if floor <= c.rank <= top) < k:
            top = reading.OPEN
        if k and (cons or top < reading.OPEN):
            zones.append((s, True, k, floor, top, cons))
            believed = believed or top < reading.OPEN
        d = len(st.discards[s])
        low = reading.discard_floor(st, s)
        if d and low > 2 and sum(1 for c in pool if c.rank >= low) >= d:
            zones.append((s, False, d, low, reading.OPEN, []))
            believed = True
    if not believed:
        return False

    def slack(zone: tuple[int, bool, int, int, int, list[tuple[Any, ...]]]) -> int:
        _s, _hand, k, lo, hi, _cons = zone
        return sum(1 for c in pool if lo <= c.rank <= hi) - k

    zones.sort(key=slack)  # stable: a seat's hand before its discards on a tie
    return pool, zones


def _deal_by_beliefs(
    st: TwentyTwoState, beliefs: Beliefs, rng: random.Random
) -> tuple[list[Card], dict[int, list[Card]], dict[int, list[Card]]] | None:
    """A random deal that fits the beliefs and the facts, or None after ``READING_TRIES``.

    The pool is shuffled, and each believed-about zone (least slack first) takes the first
    cards in its range that are still free: a uniformly random choice of them, in one pass,
    without drawing again per card."""
    sorted_pool, zones = beliefs
    pool = list(sorted_pool)
    size = len(pool)
    for _attempt in range(READING_TRIES):
        shuffle(rng, pool)
        free = [True] * size
        chosen: dict[int, list[Card]] = {}
        aside: dict[int, list[Card]] = {}
        ok = True
        for s, hand, k, lo, hi, cons in zones:
            got = _first_free(pool, free, k, lo, hi)
            if got is None:
                ok = False
                break
            cards = [pool[i] for i in got]
            if cons and not _fits(st, cards, cons):
                ok = False
                break
            for i in got:
                free[i] = False
            (chosen if hand else aside)[s] = cards
        if ok:
            return [c for i, c in enumerate(pool) if free[i]], chosen, aside
    return None


def _first_free(pool: list[Card], free: list[bool], k: int, lo: int, hi: int) -> list[int] | None:
    """The places of the first ``k`` free cards of ``pool`` ranked ``lo`` to ``hi``, or None
    if there are fewer (the pool is shuffled, so these are a random choice of them)."""
    if not k:
        return []
    got = []
    for i, c in enumerate(pool):
        if free[i] and lo <= c.rank <= hi:
            got.append(i)
            if len(got) == k:
                return got
    return None


def _hidden_facts(
    st: TwentyTwoState, others: list[int]
) -> tuple[list[Card], list[tuple[int, list[tuple[Any, ...]], int]]]:
    """The hidden cards, sorted, and each other seat's follow constraints with the rank
    floor they imply (most constrained first): all a sample needs from the position."""
    pool: list[Card] = list(st.stock)
    for s in others:
        pool.extend(st.hands[s])
        pool.extend(st.discards[s])
    # Sorted, so the sample depends only on *which* cards are hidden, never on who
    # really holds them: a bot cannot learn the deal from the order of the pool.
    pool.sort(key=by_rank)
    constrained: list[tuple[int, list[tuple[Any, ...]], int]] = []
    if st.phase == "play":
        for s in others:
            if st.hands[s]:
                cons = follow_constraints(st, s)
                if cons:
                    floor = max(max(p) for p, _, _ in cons)  # lowest: rest ranks >= play
                    constrained.append((s, cons, floor))
    constrained.sort(key=lambda x: -x[2])
    return pool, constrained


def _try_assign(
    st: TwentyTwoState,
    pool: list[Card],
    constrained: list[tuple[int, list[tuple[Any, ...]], int]],
    rng: random.Random,
) -> tuple[list[Card], dict[int, list[Card]]] | None:
    left = list(pool)
    fixed: dict[int, list[Card]] = {}
    for s, cons, floor in constrained:
        k = len(st.hands[s])
        cand = [i for i, c in enumerate(left) if c.rank >= floor]
        if len(cand) < k:
            return None
        pick = rng.sample(cand, k)
        cards = [left[i] for i in pick]
        if not _fits(st, cards, cons):
            return None
        fixed[s] = cards
        for i in sorted(pick, reverse=True):
            left.pop(i)
    return left, fixed


def _search_assign(
    st: TwentyTwoState,
    pool: list[Card],
    constrained: list[tuple[int, list[tuple[Any, ...]], int]],
    rng: random.Random,
) -> tuple[list[Card], dict[int, list[Card]]]:
    """Exhaustive fallback when random tries keep failing (tight ceilings from several
    no-cover follows); the true deal is always a solution, so this always succeeds."""

    def solve(i: int, left: list[Card]) -> tuple[list[Card], dict[int, list[Card]]] | None:
        if i == len(constrained):
            return left, {}
        s, cons, floor = constrained[i]
        k = len(st.hands[s])
        by: dict[int, list[Card]] = {}
        for c in left:
            if c.rank >= floor:
                by.setdefault(c.rank, []).append(c)
        ranks = list(by)
        rng.shuffle(ranks)
        # Each rank multiset once (suits never matter), not every combination of cards:
        # with many hidden cards there are far fewer of those.
        for takes in _multisets([len(by[r]) for r in ranks], k):
            cards = [c for r, t in zip(ranks, takes, strict=True) for c in by[r][:t]]
            if not _fits(st, cards, cons):
                continue
            rest = list(left)
            for c in cards:
                rest.remove(c)
            got = solve(i + 1, rest)
            if got is not None:
                got[1][s] = cards
                return got
        return None

    found = solve(0, list(pool))
    if found is None:  # cannot happen for a state reached by legal play
        raise RuntimeError("no deal of the hidden cards is consistent with the play")
    rng.shuffle(found[0])
    return found


def _multisets(available: Sequence[int], k: int) -> Iterator[tuple[int, ...]]:
    """Every way to take ``k`` cards from groups of ``available`` sizes (how many of each)."""
    if not available:
        if k == 0:
            yield ()
        return
    room = sum(available[1:])
    for take in range(min(available[0], k), max(0, k - room) - 1, -1):
        for rest in _multisets(available[1:], k - take):
            yield (take, *rest)


def seeing_hands(st: TwentyTwoState, observer: int, rng: random.Random) -> TwentyTwoState:
    """``clone_seeing_hands``: the true position as a search copy, every hand as it is,
    and the cards nobody has seen or that ``observer`` may not see outside a hand dealt
    again among their zones: the stock (its order is what an exchange draws: nobody sees
    it, T22-EXCH-1) and the other seats' discards (face down, only their number public,
    T22-EXCH-3; out of play, so which they were matters only for what the stock holds).
    ``observer``'s own discards are his to know. The rest (hands, tricks, score cards, the
    trick on the table) is the true position's."""
    new: TwentyTwoState = st.clone_for_search(rng)
    others = [s for s in range(st.n) if s != observer]
    pool = list(st.stock)
    for s in others:
        pool += st.discards[s]
    shuffle(rng, pool)
    i = 0
    for s in others:
        k = len(st.discards[s])
        new.discards[s] = pool[i : i + k]
        i += k
    new.stock = pool[i:]
    return new
