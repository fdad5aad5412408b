"""African Casino properties drawn by Hypothesis, where its shrinking pays: a failure comes
back as the shortest game or the smallest layout that shows it.

- The codec round trip: any position random play reaches, in any version, player count and
  options, is written by ``to_json``, loads back to the same JSON and plays on exactly as
  the original (``roundtrip.check_round_trip``).
- The sums (CASINO-BUILD-1/2, CAP-1): on a small layout with no builds, the listed builds
  and captures of the player to move are exactly those the spec defines, worked out here by
  brute force over every set of cards.

Examples are few and derandomized in the default run (``conftest``'s ``cardsuite``
profile); ``CARDSUITE_FULL=1`` draws many more (``cardsuite-full``)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from casino_positions import FILLER, GAME, position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from roundtrip import check_round_trip

from cardsuite.cards import Card

PACK = [c.code for c in GAME.full_pack(3, {})]
#: the cards the other seats may be dealt (``casino_positions.position``) stay out of draws;
#: low cards first, which a shrunk example prefers (and sums of 14 at most need)
DRAWABLE = sorted((c for c in PACK if c not in FILLER), key=lambda c: (Card.parse(c).rank % 14, c))


@st.composite
def games(draw: st.DrawFn) -> tuple[int, str, dict[str, object], int, int]:
    """A version, a player count, its options, a seed and how many steps to play."""
    variant = draw(st.sampled_from(list(GAME.variants)))
    players = draw(st.sampled_from(GAME.players))
    options: dict[str, object] = {"insist": draw(st.sampled_from(["ask", "always", "off"]))}
    if variant == "sotho":
        options["deck40"] = draw(st.booleans())
    if variant == "south-african":
        options["spades"] = draw(st.sampled_from(["most", "five"]))
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, 150))
    return players, variant, options, seed, steps


@given(games())
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_any_reachable_position_loads_back_equal_and_plays_on(
    game: tuple[int, str, dict[str, object], int, int],
) -> None:
    """The codec: ``from_json(to_json())`` of any position play reaches is the same
    position: the same JSON, the same offers, the same events for the moves that follow."""
    players, variant, options, seed, steps = game
    state = GAME.new_state(players=players, variant=variant, options=options, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
    check_round_trip(state, rng, steps=6, by_text=True)


def value(code: str) -> int:
    """A card's value inside a set (CASINO-DECK-3: an ace counts 1 there)."""
    return Card.parse(code).rank if Card.parse(code).rank != 14 else 1


def captures(code: str, v: int) -> bool:
    """Does this card alone capture ``v`` (CASINO-DECK-2/3)?"""
    rank = Card.parse(code).rank
    return rank == v or (rank == 14 and v in (1, 14))


def subsets(cards: list[str], least: int = 1) -> Iterator[tuple[str, ...]]:
    for k in range(least, len(cards) + 1):
        yield from itertools.combinations(cards, k)


def spec_builds(hand: list[str], loose: list[str]) -> set[tuple[int, frozenset[str]]]:
    """CASINO-BUILD-1/2 by brute force: loose cards with at most one hand card, two cards
    or more, worth 2 to 14 in all (aces 1), kept a different card that captures the sum."""
    out = set()
    for h in [None, *hand]:
        for part in subsets(loose, 1):
            cards = [*part, *([h] if h else [])]
            total = sum(value(c) for c in cards)
            kept = [c for c in hand if c != h]
            if len(cards) >= 2 and 2 <= total <= 14 and any(captures(c, total) for c in kept):
                out.add((total, frozenset(cards)))
    return out


def spec_captures(hand: list[str], loose: list[str]) -> set[tuple[str, frozenset[str]]]:
    """CASINO-CAP-1/4 by brute force: each hand card takes any non-empty collection of
    disjoint units of a value it counts (one card worth it, or two or more adding up to it)."""
    out = set()
    for card in hand:
        for v in (1, 14) if Card.parse(card).rank == 14 else (Card.parse(card).rank,):
            units = [frozenset([c]) for c in loose if captures(c, v)]
            units += [frozenset(s) for s in subsets(loose, 2) if sum(value(c) for c in s) == v]
            for k in range(1, len(units) + 1):
                for pick in itertools.combinations(units, k):
                    taken = frozenset().union(*pick)
                    if sum(len(u) for u in pick) == len(taken):  # disjoint
                        out.add((card, taken))
    return out


def listed(
    state: object,
) -> tuple[set[tuple[int, frozenset[str]]], set[tuple[str, frozenset[str]]]]:
    """The builds and captures ``legal_actions`` lists, read from their text."""
    builds, caps = set(), set()
    for a in map(str, state.legal_actions()):  # type: ignore[attr-defined]
        head, _, body = a.partition(": ")
        words = head.split()
        if words[0] == "build":
            builds.add((int(words[1]), frozenset(body.split())))
        elif words[0] == "capture":
            card = words[1].split("=")[0]
            caps.add((card, frozenset(body.replace("+", " ").split())))
    return builds, caps


@st.composite
def layouts(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """A hand of one to four cards and a layout of two to six, all different."""
    hand = draw(st.lists(st.sampled_from(DRAWABLE), min_size=1, max_size=4, unique=True))
    rest = [c for c in DRAWABLE if c not in hand]
    loose = draw(st.lists(st.sampled_from(rest), min_size=2, max_size=6, unique=True))
    return hand, loose


@given(layouts())
@settings(max_examples=2 * settings().max_examples)  # (cheap: a listing each)
def test_the_listed_builds_and_captures_are_the_specs(layout: tuple[list[str], list[str]]) -> None:
    """CASINO-BUILD-1, CASINO-BUILD-2, CASINO-CAP-1: three players, Swazi, no builds on the
    table: the builds and captures offered to the player to move are exactly the spec's."""
    hand, loose = layout
    state = position(hands={0: " ".join(hand)}, loose=" ".join(loose))
    builds, caps = listed(state)
    assert builds == spec_builds(hand, loose)
    assert caps == spec_captures(hand, loose)
