"""African Casino's samples of the unseen cards (``african-casino.md`` §18, public
information): the other hands and the stock dealt again, sizes kept, so that what everyone
knows stays true. A build's owner holds a different capturing card for each build he owns
(CASINO-TAB-5), a player who has added to an opponent's build this turn and not yet played
holds one more for that build (CASINO-AUG-5: his play must capture it), a proven player
holds a card of that rank (CASINO-PART-2), and a partner who sent a hold request holds one
of the build's value (CASINO-PART-4).

Those demands are met first, by the cards everyone knows a hand holds and then each by a
card drawn at random from the unseen ones that would do; the rest is dealt at random. A
draw that cannot meet them all (rare: the demands compete for the same few cards) is tried
again, and after ``TRIES`` the demands the draw could not meet are dropped rather than a
real hand copied.

When the observer is the seat to move, the sample is handed the position's own listing of
its steps (``_share_listing``): the search lists the same steps in every sample otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ...cards import ACE, Card, by_rank
from ...shuffle import shuffle
from .units import worth

if TYPE_CHECKING:
    from .rules import CasinoState

TRIES = 20


def demands(st: CasinoState, observer: int) -> dict[int, list[int]]:
    """Per unseen hand, the values it must hold a capturing card for: each build its owner
    owns and the opponent's build the mover added to before playing (distinct cards), then
    each proven rank not covered already."""
    out: dict[int, list[int]] = {}
    for s in range(st.n):
        if s == observer:
            continue
        need = [b.value for b in st.owns(s)]
        if s == st.mover and st.played is None and st.aug_opp is not None:
            need.append(st.aug_opp)  # CASINO-AUG-5, as ``_cannot_end`` asks it
        for seat, rank in sorted(st.proofs):
            value = 1 if rank == ACE else rank
            if seat == s and not any(v == rank or (rank == ACE and v in (1, 14)) for v in need):
                need.append(value)
        held = st.held if st.phase == "play" else None
        if held is not None and st.partner(st.turn or 0) == s and held not in need:
            need.append(held)
        out[s] = need
    return out


class Facts(NamedTuple):
    """What every sample of one position for one observer shares (``facts``): the other
    seats, the cards everyone knows a hand holds, the unseen cards in card order, each
    hand's size less its known cards, its demands less those its known cards meet, and the
    cards the mover played since an insisted play (None: no such position)."""

    others: list[int]
    shown: dict[int, list[Card]]
    unseen: list[Card]
    sizes: dict[int, int]
    want: dict[int, list[int]]
    played: list[Card] | None


def facts(st: CasinoState, observer: int) -> Facts:
    """``sample_hidden``'s work that depends on the position alone (no draw): a search
    works it out once (``sampler``) and deals from it every iteration."""
    others = [s for s in range(st.n) if s != observer]
    shown = known_cards(st)
    # In card order before the shuffle: a sample must depend on which cards are unseen,
    # never on where they really lie (who holds which, the stock's order), or a search would
    # choose by the true deal (``tests/contract/test_bots_blind.py``).
    unseen: list[Card] = sorted(
        [c for s in others for c in st.hands[s] if c not in shown.get(s, ())] + st.stock,
        key=by_rank,
    )
    sizes = {s: len(st.hands[s]) - len(shown.get(s, ())) for s in others}
    want = demands(st, observer)
    for s, known in shown.items():  # a card everyone knows of meets a demand itself
        need = want.get(s, [])  # (none for the observer's own hand)
        for c in known:
            v = next((v for v in need if worth(c, v, st.ace_high)), None)
            if v is not None:
                need.remove(v)
    played = None
    before = st.before_play
    if before is not None:  # the position an insisted play is taken back to
        mover = st.mover
        assert mover is not None
        played = [c for c in before.hands[mover] if c not in st.hands[mover]]
    return Facts(others, shown, unseen, sizes, want, played)


def sample_hidden(
    st: CasinoState, observer: int, rng: random.Random, *, events: bool = True
) -> CasinoState:
    return deal(st, facts(st, observer), observer, rng, events=events)


def sampler(st: CasinoState, observer: int, rng: random.Random) -> Callable[[], CasinoState]:
    """``st.search_copy(observer, rng)`` once a call, the position's ``facts`` worked out
    once (``State.search_sampler``): the same samples, draw for draw."""
    known = facts(st, observer)

    def draw() -> CasinoState:
        copy = deal(st, known, observer, rng, events=False, seed_on_use=True)
        copy._search_copy = True
        return copy

    return draw


class SeededOnUse:
    """A sample's generator, ``random.Random(seed)`` made and seeded only when something
    first reads it (every attribute is that generator's): a search's sample never deals
    again (``_search_copy``: its play-outs stop at the deal's end) and draws nothing, and
    seeding a generator cost about 3% of a four-player search's iteration. Its draws, once
    made, are ``random.Random(seed)``'s own."""

    __slots__ = ("_rng", "_seed")

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._rng: random.Random | None = None

    def __getattr__(self, name: str) -> object:
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._seed)
        return getattr(rng, name)


def deal(
    st: CasinoState,
    known: Facts,
    observer: int,
    rng: random.Random,
    *,
    events: bool,
    seed_on_use: bool = False,
) -> CasinoState:
    """A sample of ``st`` from its ``facts``: the demands met first, by a card drawn at
    random from the unseen ones that would do, then the rest dealt at random. Its own
    generator is seeded from ``rng``; with ``seed_on_use`` (a search's sample) only when it
    is first read (``SeededOnUse``)."""
    seed = rng.getrandbits(63)
    own = SeededOnUse(seed) if seed_on_use else random.Random(seed)
    copy = st.clone(own, events=events)  # type: ignore[arg-type]  # (``SeededOnUse``)
    others, shown, unseen, sizes, want, played = known
    ace_high = st.ace_high
    for attempt in range(TRIES + 1):
        pool = unseen[:]
        shuffle(rng, pool)
        hands: dict[int, list[Card]] = {s: [] for s in others}
        ok = True
        for s in others:
            for v in want[s]:
                if len(hands[s]) >= sizes[s]:
                    ok = False
                    break
                at = next((i for i, c in enumerate(pool) if worth(c, v, ace_high)), None)
                if at is None:
                    ok = False
                    break
                hands[s].append(pool.pop(at))
        if not ok and attempt < TRIES:
            continue
        for s in others:
            k = sizes[s] - len(hands[s])
            hands[s] += pool[:k]
            del pool[:k]
            copy.hands[s] = [*shown.get(s, ()), *hands[s]]
        copy.stock = pool
        break
    if copy.before_play is not None:  # the position an insisted play is taken back to
        before = copy.before_play.clone(copy.rng, events=False)
        mover = st.mover
        assert mover is not None and played is not None  # (st.before_play is set: ``facts``)
        for s in range(st.n):
            before.hands[s] = copy.hands[s][:] + (played if s == mover else [])
        before.stock = copy.stock[:]
        copy.before_play = before
    _share_listing(st, copy, observer)
    return copy


def _share_listing(st: CasinoState, copy: CasinoState, observer: int) -> None:
    """Give ``copy`` the steps ``st`` lists for ``observer`` when ``observer`` is the mover:
    the same steps, in the same order, as the copy would list itself, worked out once a
    search instead of once an iteration (the hard bot's root, about a tenth of a search).

    Safe because a mover's steps are made from the mover's own hand and public facts only
    (the layout, the builds and their owners, the pile tops, the proofs and the turn's
    record: what was played, trailed or added to, what an opponent insisted on), which a
    sample keeps; the cards it deals again are the other hands and the stock, read by no
    listing (``test_a_movers_sample_lists_what_the_position_lists`` plays both out). An
    action names cards, values and seats, never the state that listed it. Only a plain
    list is shared (a listing bound to its state, e.g. a lazy one, is not), and only in
    the play phase (the prompts' replies are a word or two)."""
    if st.turn != observer or st.phase != "play":
        return
    legal = st.legal_actions()
    if type(legal) is list:
        copy._legal = legal


def known_cards(st: CasinoState) -> dict[int, list[Card]]:
    """Cards everyone knows a hand holds: the card of a capture put to the partner (PART-4),
    and the card of a play an opponent insisted on, taken back into the hand (INSIST-3)."""
    mover = st.mover
    out: dict[int, list[Card]] = {}
    if mover is None:
        return out
    for card in (st.pending.card if st.pending else None, st.comply_card):
        if card is not None and card in st.hands[mover] and card not in out.get(mover, []):
            out.setdefault(mover, []).append(card)
    return out


def seeing_hands(st: CasinoState, observer: int, rng: random.Random) -> CasinoState:
    """``clone_seeing_hands``: the true position as a search copy, every hand as it is,
    and the stock (the deals to come, CASINO-DEAL-2: face down, seen by nobody) in a new
    random order. Everything else is in sight or in a hand. The position an insisted play
    is taken back to (``before_play``) gets the same stock."""
    new: CasinoState = st.clone_for_search(rng)
    stock = new.stock
    shuffle(rng, stock)
    if new.before_play is not None:
        before = new.before_play.clone(new.rng, events=False)
        before.stock = stock[:]
        new.before_play = before
    return new
