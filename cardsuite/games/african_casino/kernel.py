"""African Casino's kernel: the listing of legal steps as play-outs need it, fast.

``CasinoKernel`` is the reference state (``rules.CasinoState``) with one part done another
way: the steps of the mover's turn. The reference lists every well-formed candidate and
carries each out on a copy (``_why_not``); a play-out lists a position's steps a few times a
move, so here (``_listing``, one pass, no generator, for every turn with no insist to meet)

- what every hand card shares is worked out once per listing: one count of the hand by
  value (``_hand_counts``), the targets of additions with their pile-top subsets and the
  sums of the loose cards a unit may use (``_add_targets``, ``_Target``: the whole layout's
  for a base worth its value; no base of a value the mover holds no card of, most loose
  cards passed by one look-up), the captures of each value the hand holds
  (``_capture_plan``, kept across listings; then one look-up a card), the builds the mover
  owns, and the targets a hand card's unit may go onto with the values of the cards that
  may have one there as bits (``_card_targets``);
- a value with no unit to take asks for no capture walk (``_reach``), and the walks that
  remain are plain loops (``_take_groups``: a capture's units as the groups it holds,
  read off the layout's table, ``_capture_parts``, ``_ordered_sums``: the sets with their
  cards already in a step's order; a layout of two cards, or three of three values,
  written out, ``_two_sums``, ``_three_sums``; the pile tops' subsets looked up once);
- a step that would fail its first test is never made: a value the mover could not own
  (``_owner_test``: TAB-4, BUILD-2, RAISE-1/3; as sets of values for the one-pass listing,
  ``_owners``), a raise of a build that is not an opponent's single one, a hand card's
  unit for an opponent's build (AUG-5);
- owning no build and having added to none, every step the generation lets through is
  legal; otherwise a step is judged per hand card and value (``_Judge``: TWO-1, AUG-5 and
  TAB-5's matching as a count of ranks; one build to keep, a rank to keep, read inline:
  ``lock``; more, each value's slack: ``fit``), and a step for a proven partner alone
  (``_quick_why_not``);
- steps are made without ``__init__`` (``_build``, ``_unit``, ``_add``, captures from
  their plan), and a trail is one object per card (``_trail``); a hand card's builds,
  raises and additions are one loop in ``_play_list``, with no call per card;
- whether ``end`` is listed is read off the listing just made (``_may_end``); after the
  play, a listing that can hold no free step is ``[end]`` at once (``_no_free_step``: the
  layout's sums and the held values as bit masks; after a trail of a listing with none,
  ``_after_trail``, with no test at all), which most are, and INSIST-1's question at the end of a
  turn is answered no the same way when no set adds up to a side's build
  (``_unit_for_ours``);
- a step applied is found in the listing by identity, in C, and then carried out without
  the reference's checks (``apply``, ``_lean_step``, ``_LEAN``: it was judged as listed),
  the listing after the play made there at once; so is a listed capture put to the
  partner once let go (PART-4, ``_step``);
- ``insist=ask``'s questions are read off the listings (Swazi's and Sotho's default):
  INSIST-1's at a turn's end off the listing after the play that listed ``end``
  (``_end_listing``, ``_end_adds``: its free additions to the side's builds are what it
  asks for), INSIST-2's off the start-of-turn listing's capture plans (``_may_challenge``),
  the additions demanded off the listing after the play (``_demanded_additions``), and
  an opponent's ``pass`` or ``insist`` is answered without the reference's checks;
- what is kept across listings is kept small (``_KEPT``): the garbage collector walks every
  entry of a growing cache again and again, and a search asks again within a few hundred
  layouts; what seldom comes again is worked out anew (a capture's reach, value by value),
  and the pile tops a seat may use are read off a table (``usable_tops``, ``_usable``);
  the two capture plans most asked (one unit and no build, the build alone) are made, not
  looked up.

The generator path (``_play_steps``, ``_candidates``) lists a turn under an insist
(INSIST-1/3). Everything else (a step not listed or read from text, the prompts, the deal
and the score, JSON) is the reference's. ``tests/contract/test_lockstep.py`` plays the two
side by side and holds them to the same steps in the same order, the same events and the
same positions;
``tests/rules/test_african_casino_kernel.py`` holds the tables to ``units.py``, the lean
``apply`` to the reference's path, ``_no_free_step``, ``_after_trail`` and
``_unit_for_ours`` to the reference's listing and INSIST-1 test, and the listing's skips
(``_Judge.lock``, ``_card_targets``, a free addition's target with no set of its value, a
listing's bases by the values held) to what they skip.
"""

from __future__ import annotations

import random
from collections import _count_elements  # type: ignore[attr-defined]
from collections.abc import Callable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import repeat
from operator import is_
from typing import Any

from ...cards import ACE, Card
from ...engine import Action, Event
from . import wording
from .actions import (
    END,
    HOLD,
    INSIST,
    PASS,
    Add,
    Build,
    Capture,
    Raise,
    Trail,
    Unit,
    order_key,
    set_value,
)
from .builds import Pile, _match
from .refusals import (
    _AUG_5_BEFORE,
    _AUG_5_CAPTURE,
    _AUG_5_HAND,
    _AUG_5_KEEP,
    _AUG_ONE,
    _INSIST_3_TRAIL,
    _PART_2,
    _PART_2_ACE,
    _SA_5_HAND,
    _TAB_5,
    _TURN_1,
    _TWO_1_ONE,
    _TWO_1_TRAIL,
    _build_2,
    _raise_1,
)
from .rules import (
    FULL,
    AfricanCasino,
    CasinoState,
    _capture,
    _uses_hand,
    _values,
)
from .scoring import _most
from .units import MAXIMAL_CAP, OTHER_CAP, Item, mask_packings, packings, sums, units, worth

#: A capture's targets: a packing of units (``units.packings``).
Opt = tuple[tuple[Item, ...], ...]
_Table = dict[int, tuple[tuple[Card, ...], ...]]
#: A unit as a capture holds it: its loose cards and the seats of its pile tops.
_Group = tuple[tuple[Card, ...], tuple[int, ...]]
_Subsets = list[tuple[int, tuple[int, ...], tuple[Card, ...]]]
#: ``CasinoKernel._owners``: the owner test as sets (free, used, one, two) and the values
#: a proven partner may own (with the partner).
_Owners = tuple[set[int], set[int], set[int], set[int], dict[int, int]]


class _Target:
    """An addition's target: its value, its base card (None for a build), the pile tops'
    subsets that may join a unit there (``_top_subsets``), and for a build whether it is
    the mover's side's, for a base whether the partner is proven to hold its value. The
    loose cards a unit may use there (``rest``: they may hold the base, which a unit of one
    card skips), and their table of sums: what is asked of a base's table is a set of two
    cards or more worth its value, or a part worth less (with a hand card or pile tops),
    and neither can hold the base when its card is worth the value, so the whole layout's
    table is that table then; for an ace as 14 it is worked out when a step onto it is
    made (``_without``)."""

    __slots__ = ("base", "flag", "loose", "subsets", "table", "value", "whole")

    def __init__(
        self,
        value: int,
        base: Card | None,
        loose: list[Card],
        table: _Table | None,
        subsets: _Subsets,
        flag: bool,
        whole: _Table | None = None,
    ) -> None:
        self.value = value
        self.base = base
        self.loose = loose
        self.table = table
        self.subsets = subsets
        self.flag = flag
        self.whole = whole  # the table of every loose card, when the listing has it

    def rest(self) -> tuple[list[Card], _Table]:
        table = self.table
        if table is None:
            base = self.base
            assert base is not None  # (a build's target is made with its table)
            whole = self.whole
            if whole is None:
                whole = _ordered_sums(tuple(self.loose))
            # (a base worth its value is in no set asked: see above; an ace as 14 may be)
            self.table = table = whole if _VALUE(base) == self.value else _without(whole, base)
        return self.loose, table


class _Judge:
    """CASINO-TURN-6 for the steps one listing makes while the mover owns builds or has
    added to an opponent's: what ``_quick_why_not`` decides, worked out per hand card and
    value rather than per step. Every method takes a step the generation already let
    through (its owner test, its target's side)."""

    __slots__ = (
        "ace_high",
        "aug",
        "counts",
        "lock",
        "mine",
        "played",
        "restricted",
        "short",
        "slack",
    )

    def __init__(self, state: CasinoState, mine: tuple[int, ...], counts: dict[int, int]) -> None:
        self.counts = counts  # ``_hand_counts`` of the mover's hand
        self.mine = mine  # the values of the builds the mover owns
        self.aug = aug = state.aug_opp
        self.played = state.played is not None
        self.restricted = state.restricted()
        self.ace_high = ace_high = state.ace_high
        # The common case, one build to keep and no opponent's added to: ``keeps(mine,
        # used)`` is ``used.rank != lock`` (the rank of its one capturing card, or 0 when
        # two or more capture it), read inline by the listing; None otherwise.
        lock = None
        if aug is None and len(mine) == 1:
            v = mine[0]
            if v == 1 or v == 14:
                n = counts.get(1, 0) if v == 1 or ace_high else 0
                rank = ACE
            else:
                n = counts.get(v, 0)
                rank = v
            if n:
                lock = rank if n == 1 else 0
        self.lock = lock
        # TAB-5 for the builds owned (with a value more or not, a card used or not) read
        # off each value's slack (``fit``): the hand's cards that capture it less the builds
        # owned that need one (the aces' key is 1, for 1 and 14); ``short``: a build owned
        # has no card left for it.
        slack: dict[int, int] = {}
        short = False
        for v in mine:
            if v == 1 or v == 14:
                short = short or (v == 14 and not ace_high)
                v = 1
            left = slack.get(v)
            left = (counts.get(v, 0) if left is None else left) - 1
            slack[v] = left
            short = short or left < 0
        self.slack = slack
        self.short = short

    def keeps(self, need: tuple[int, ...], used: Card | None) -> bool:
        """TAB-5: distinct cards of the hand but ``used`` capture the builds of ``need``
        (``rules._match``). A card other than an ace captures its rank only, an ace 1
        and, ace high, 14: so the matching is a count of each rank, the aces shared by 1
        and 14."""
        counts = self.counts
        played = 0 if used is None else used.rank
        if len(need) == 1:  # (most often: one build to keep, a card of its value)
            v = need[0]
            if v == 1 or v == 14:
                return (v == 1 or self.ace_high) and counts.get(1, 0) - (played == ACE) > 0
            return counts.get(v, 0) - (played == v) > 0
        aces = counts.get(1, 0) - (played == ACE)
        taken: dict[int, int] = {}
        for v in need:
            if v == 1 or v == 14:
                if v == 14 and not self.ace_high:
                    return False
                aces -= 1
                if aces < 0:
                    return False
            else:
                k = taken.get(v, 0) + 1
                if counts.get(v, 0) - (played == v) < k:
                    return False
                taken[v] = k
        return True

    def fit(self, v: int, used: Card | None) -> bool:
        """``keeps`` of the builds owned, and one of value ``v`` more (0: none), without
        ``used``: each value's slack (``__init__``) must stay at 0 or more once the new
        build and the card used take theirs (the same count of ranks as ``keeps``, which
        walks the values needed each time)."""
        if self.short:
            return False
        slack = self.slack
        if v:
            if v == 1 or v == 14:
                if v == 14 and not self.ace_high:
                    return False
                k = 1
            else:
                k = v
            left = slack.get(k)
            if left is None:
                left = self.counts.get(k, 0)
            if left < 1:
                return False
            if used is None:
                return True
            r = used.rank
            if (1 if r == ACE else r) == k:
                return left >= 2
        elif used is None:
            return True
        r = used.rank
        left = slack.get(1 if r == ACE else r)
        return left is None or left >= 1

    def capture(self, card: Card, v: int, build: bool) -> bool:
        """A capture: AUG-5 (the opponent's build added to must be the one taken), TAB-5
        for the builds left (the one taken needs no card any more)."""
        aug = self.aug
        if aug is not None and not (build and v == aug):
            return False
        mine = self.mine
        if build and v in mine:
            return self.keeps(tuple([x for x in mine if x != v]), card)
        return self.fit(0, card)

    def play_keep(self, card: Card) -> bool:
        """A play that leaves the mover's builds as they are (a merge, an addition to the
        side's build, a raise merged into it): AUG-5, TAB-5."""
        lock = self.lock
        if lock is not None:
            return card.rank != lock
        return self.aug is None and self.fit(0, card)

    def play_new(self, card: Card, v: int) -> bool:
        """A play that makes the mover a new build of ``v``: AUG-5, TWO-1's one build,
        TAB-5 with it."""
        if self.aug is not None or (self.restricted and self.mine):
            return False
        return self.fit(v, card)

    def free_keep(self) -> bool:
        """A free step that leaves the mover's builds as they are: AUG-5 (after the play
        the build added to must be gone; before it, a card kept for it), TAB-5."""
        aug = self.aug
        if aug is None:
            return not self.short
        if self.played:
            return False
        return self.keeps((*self.mine, aug), None)

    def free_new(self, v: int) -> bool:
        """A free step that makes the mover a new build of ``v`` (TWO-1, AUG-5, TAB-5)."""
        if self.restricted and self.mine:
            return False
        aug = self.aug
        if aug is None:
            return self.fit(v, None)
        if self.played:
            return False
        return self.keeps((*self.mine, v, aug), None)

    def free_opp(self, v: int) -> bool:
        """A free addition to the opponent's build of ``v`` before the play (AUG-5: one
        such build a turn, and a card kept to capture it), TAB-5."""
        aug = self.aug
        if self.played or (aug is not None and aug != v):
            return False
        return self.keeps((*self.mine, v), None)


class CasinoKernel(CasinoState):
    """``CasinoState`` listing the mover's steps fast (see the module docstring)."""

    def __init__(
        self,
        game: AfricanCasino,
        players: int,
        variant: str,
        options: dict[str, Any],
        rng: random.Random,
    ) -> None:
        CasinoState.__init__(self, game, players, variant, options, rng)
        # (``usable_tops``' table, fixed by the seats' piles: a clone shares it)
        self._usable_seats = _usable(players, variant == "sotho", self.pile_of)
        # The last listing at the start of a turn, when it held no free step (``_listing``).
        self._quiet: list[Action] | None = None
        # The last listing after the play that listed ``end``, and whether it listed an
        # addition to the side's builds: INSIST-1's question when the turn ends from it.
        self._end_listing: list[Action] | None = None
        self._end_adds = False
        # The last start-of-turn listing and its capture plans by value (``_capture_list``):
        # which hand values have something to capture, INSIST-2's question after the play.
        self._plans_for: list[Action] | None = None
        self._plans: dict[int, tuple[_Template, ...]] = {}
        # A listed capture put to the partner (PART-4): carried out lean once let go.
        self._listed_pending: Capture | None = None
        self._pending_from: list[Action] | None = None  # (the listing it came from)
        # ``play_captures``' last answer (instance fields: the class defaults are for a
        # state ``from_json`` makes without ``__init__``, and a miss costs every ``apply``)
        self._pick_from = None
        self._pick_events = None
        self._pick_ctx = None

    def _after_trail(self, seat: int) -> bool:
        """After a trail listed with no free step, none can be listed: the free layout is
        the same (TURN-3: the trailed card is out of the turn), and so are the builds, the
        pile tops and the partner's proofs; the hand holds a card fewer for the owner test,
        TAB-5 and the bases, and AUG-5 forbids more after the play. The same after a
        capture of loose cards alone (no build, no pile top): the free
        layout is a part of what it was, and nothing else a free step reads changes but
        the mover's own pile, which it never uses (AUG-2). All but one rule: in the South
        African game a pile top joins the side's build with no hand card only after the
        play (VAR-SA 5), so there the side must have no build."""
        if not self.sa:
            return True
        sides = _SIDES[self.n]
        side = sides[seat]
        for b in self.builds.values():  # noqa: SIM110 (a plain loop: no generator to make)
            if sides[b.owner] == side:
                return False
        return True

    # ``play_captures``' last answer: its captures, the log it was made against (a clone's
    # is another list, so a copy never takes it for its own) and what the rest of the
    # listing needs from it (``_listing``). Class defaults: a state made by ``from_json`` or
    # ``clone`` has none of its own until it is asked.
    _pick_from: list[Action] | None = None
    _pick_events: list[Event] | None = None
    _pick_ctx: tuple[Any, ...] | None = None

    def play_captures(self) -> list[Action] | None:
        """The captures the start-of-turn listing would begin with, in its order, without
        the rest of it (None: not the mover's common start of a turn, or the listing is
        made). A play-out's policy that can tell from them alone that no other step could
        be its pick (the hard bot's medium step, ``bots.rollout_action``) is spared the
        rest of the listing; one of them applied next is carried out lean, as a listed
        step (``apply``), and a listing made next starts from them (``_listing``)."""
        if (
            self._legal is not None
            or self.played is not None
            or self.phase != "play"
            or self.held is not None
            or self.comply
            or self.trailed is not None
        ):
            return None
        seat = self.turn
        if seat is None:
            return None
        hand = self.hands[seat]
        counts = _hand_counts(hand, self.ace_high)
        builds = self.builds
        mine: tuple[int, ...] = ()
        if builds:  # (as ``_listing``'s)
            owned = []
            for v, b in builds.items():
                if b.owner == seat:
                    owned.append(v)
            mine = tuple(owned)
        judge = None if not mine and self.aug_opp is None else _Judge(self, mine, counts)
        tops = self.usable_tops(seat) if self.sa else None  # (VAR-SA 4)
        whole = tuple(self.loose)
        walk, table = _layout_sums(whole)
        caps: list[Action] = []
        self._capture_list(whole, walk, tops or (), hand, counts, judge, caps)
        self._plans_for = caps  # (its ``_plans``: ``_may_challenge``)
        self._pick_from = caps
        self._pick_events = self.events
        self._pick_ctx = (counts, judge, tops, whole, walk, table)
        return caps

    def tops_may_join(self) -> bool:
        """Whether a usable pile top could be in a unit of any addition of the position
        ``play_captures`` just answered for: some set of the tops (``_top_subsets``) is
        short of some target's value (a build's, or a loose card's as a base: an ace 1 and,
        ace high, 14) by nothing, by a set of loose cards, or by a hand card's value with
        or without one (a set of two cards or more counts an ace 1; alone it counts 14
        too). A sound over-answer (False: no addition holds a top), from the captures' own
        counts and sums."""
        ctx = self._pick_ctx
        seat = self.turn
        assert ctx is not None and seat is not None  # (``play_captures`` answered)
        counts, _, _, whole, walk, _ = ctx
        tops = self.usable_tops(seat)
        if not tops:
            return False
        ace_high = self.ace_high
        values = list(self.builds)
        for c in whole:
            v = _VALUE(c)
            values.append(v)
            if v == 1 and ace_high:
                values.append(14)
        for tsum, seats, tcards in _top_subsets(tops):
            if not seats:
                continue
            if ace_high and len(tcards) == 1 and tsum == 1 and 14 in values:
                return True  # (an ace alone counts 14 too: ``units.worth``)
            for v in values:
                short = v - tsum
                if short < 0:
                    continue
                if short == 0 or short in walk:
                    return True
                for h in counts:
                    if h == short or (h < short and short - h in walk):
                        return True
        return False

    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        """``TurnState``'s (the listing kept until the next step), the mover's common case
        listed at once (``_legal_for``'s first: one call fewer a listing)."""
        legal = self._legal
        if legal is not None and seat is None:
            return legal
        turn = self.turn
        if turn is None or (seat is not None and seat != turn):
            return []
        if legal is None:
            if self.phase == "play" and self.held is None and not self.comply:
                legal = self._legal = self._listing(turn)
            else:
                legal = self._legal = self._legal_for(turn)
        return legal

    def _legal_for(self, seat: int) -> list[Action]:
        if self.phase == "play" and self.held is None:
            if not self.comply:  # the common case: one list, no generator
                return self._listing(seat)
            if self.comply == "additions":
                return self._demanded_additions(seat)
            return self._demanded_captures(seat)
        if self.phase == "insist":  # INSIST-3 ``ask``: an opponent's word (``_steps``')
            return [PASS, INSIST]
        if self.phase == "hold":  # PART-4: the partner's word
            return self._hold_list(seat)
        if self.phase == "play" and self.held is not None:  # PART-4: the partner held
            return self._held_list(seat)
        return super()._legal_for(seat)

    def _held_list(self, seat: int) -> list[Action]:
        """The reference's steps after the partner asked to hold (PART-4): the capture
        anyway, and the capturing card added to the build instead when that is legal,
        judged by ``_quick_why_not`` (the build becomes the partner's: TAB-5 for the builds
        left, AUG-5) and TWO-1 with the build's new owner, not on a copy (``_why_not``)."""
        pending = self.pending
        held = self.held
        assert pending is not None and held is not None
        add = Add(held, [Unit([], pending.card)])
        if self._quick_why_not(add, seat) is not None:
            return [pending]
        if self.restricted():  # TWO-1: the partner owns it now (``_add_to_build``)
            partner = (seat + 2) % 4
            owned: dict[int, int] = {}
            for b in self.builds.values():
                who = partner if b.value == held else b.owner
                n = owned[who] = owned.get(who, 0) + 1
                if n > 1:
                    return [pending]
        return [pending, add]

    def _held_step(self, act: Action, seat: int) -> None:
        """``_step`` for a step ``_held_list`` listed: the reference's after-step (INSIST-2's
        copy, the turn's end), the effect without its checks (``_LEAN``: the capture was
        listed at the turn's start and nothing it reads has changed; the addition was
        judged as listed, and ``_lean_add`` gives the build to the partner who held)."""
        self._listed_pending = None
        self._pending_from = None
        before = None
        if self.insist == "ask" and _uses_hand(act) and self._challengeable(act, seat):
            before = self.clone(self.rng, events=False)  # restored with the live generator
        _LEAN[type(act)](self, act, seat)
        self._legal = None
        self.held = None
        self.pending = None
        self._stepped(act, seat, before)

    def _hold_list(self, partner: int) -> list[Action]:
        """``_hold_replies`` as a list: ``pass``, and ``hold`` when ``partner`` holds a
        card for the build asked about and a different one for each other build it owns
        (TAB-5; ``_match`` as a count of ranks, ``_ranks_match``). A four-player search
        asks it about once an iteration: its play-out's partner holds where it may."""
        pending = self.pending
        assert pending is not None
        value = pending.value
        values = []
        for b in self.builds.values():  # (``owns``: a plain loop)
            if b.owner == partner:
                values.append(b.value)
        if value not in values:
            values.append(value)
        if _ranks_match(values, self.hands[partner], self.ace_high):
            return [PASS, HOLD[value]]
        return [PASS]

    def usable_tops(self, seat: int) -> tuple[Item, ...]:
        """The reference's (``usable_piles``' walk over the seats), read off the seats and
        piles ``seat`` may ever use (``_usable``, kept by the state as it is made): only
        whether each pile is empty changes."""
        piles = self.piles
        out = []
        for s, p in self._usable_seats[seat]:
            pile = piles[p]
            if pile:
                out.append((pile[-1], s))
        return tuple(out)

    def _points(self) -> list[int]:
        """The reference's (CASINO-SCORE-1, VAR-SA 8), each pile's card points and spades
        summed in C from tables by card (``_CARD_POINTS``, ``_SPADE``): the reference's
        loop compares codes for every card of the pack, once a deal."""
        sides = self.sides
        points = [0] * sides
        cards = [0] * sides
        spades = [0] * sides
        index = self.pile_of.index
        for p, pile in enumerate(self.piles):
            s = self.side(index(p))
            cards[s] += len(pile)
            spades[s] += sum(map(_SPADE, pile))
            points[s] += sum(map(_CARD_POINTS, pile))
        _most(points, cards)
        if self.options.get("spades") == "five":
            for s in range(sides):
                if spades[s] >= 5:
                    points[s] += 1
        else:
            _most(points, spades)
        return points

    def _end_turn(self, seat: int) -> None:
        """The reference's, its common case first: the next seat holds cards, so neither
        the half nor the deal is over (PLAY-2), and no walk over the hands is needed."""
        nxt = (seat + 1) % self.n
        if self.hands[nxt]:
            self.turns_done += 1
            self._new_turn()
            self._legal = None
            self.turn = self.mover = nxt
            return
        CasinoState._end_turn(self, seat)

    # --- applying a step the listing handed out ----------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """The reference's, but a step of the mover's turn that the listing itself handed out
        (the very object: ``is``, in C) is carried out without its checks (``_lean_step``):
        it was judged legal as it was listed; so is a reply the listing handed out (an
        opponent's ``pass`` or ``insist``, INSIST-3; the partner's ``pass`` or ``hold``,
        PART-4). Anything else (text, a capture put to the partner, PART-4) goes through
        the reference, which explains a refusal."""
        caps = self._pick_from
        if caps is not None:  # (``play_captures``: good for the next step only)
            self._pick_from = self._pick_ctx = None
            turn = self.turn
            if (
                self._pick_events is self.events
                and self._legal is None
                and type(action) is Capture
                and turn is not None
                and (seat is None or seat == turn)
                and any(map(is_, caps, repeat(action)))
            ):
                events = self.events
                mark = len(events)
                if self.n == 4 and self._asks_partner(action, turn):
                    # PART-4, as the reference's ``apply`` puts it (carried out lean once
                    # let go, ``_step``, INSIST-2 read off these captures' plans)
                    self._listed_pending = action
                    self._pending_from = caps
                    self.pending = action
                    self.mover = turn
                    self.phase = "hold"
                    self.turn = (turn + 2) % 4
                    events.append(Event("ask", turn, wording.means, {"value": action.value}))
                    return events[mark:]
                self._lean_step(action, turn, caps)
                return events[mark:]
        legal = self._legal
        turn = self.turn
        if (
            legal is not None
            and turn is not None
            and (seat is None or seat == turn)
            and self.phase == "play"
            and self.held is None
            and type(action) in _LEAN
            and any(map(is_, legal, repeat(action)))
        ):
            if self.n == 4 and type(action) is Capture and self._asks_partner(action, turn):
                self._listed_pending = action  # (``_step``, once the partner lets it go)
                self._pending_from = legal
                return CasinoState.apply(self, action, seat)
            events = self.events
            mark = len(events)
            self._legal = None
            # (its type is one of ``_LEAN``'s, so a step, never text: no isinstance to pay)
            self._lean_step(action, turn, legal)  # type: ignore[arg-type]
            return events[mark:]
        phase = self.phase
        if (
            legal is not None
            and turn is not None
            and (seat is None or seat == turn)
            and phase == "play"
            and self.held is not None
            and any(map(is_, legal, repeat(action)))
        ):  # PART-4: the mover's step once the partner held, as listed (``_held_list``)
            events = self.events
            mark = len(events)
            self._legal = None
            self._held_step(action, turn)  # type: ignore[arg-type]  # (a listed step)
            return events[mark:]
        if (
            (
                (phase == "insist" and (action is PASS or action is INSIST))
                or (phase == "hold" and any(map(is_, self.legal_actions(), repeat(action))))
            )
            and turn is not None
            and (seat is None or seat == turn)
        ):  # an opponent's word to INSIST-3's question (always listed, ``_legal_for``), or
            # the partner's listed word to a capture of the side's build (PART-4)
            events = self.events
            mark = len(events)
            self._legal = None
            self._answer(action, turn)  # type: ignore[arg-type]  # (a listed word, never text)
            self._legal = None
            return events[mark:]
        return CasinoState.apply(self, action, seat)

    def _step(self, act: Action, seat: int) -> None:
        """The reference's, but the capture the listing handed out and put to the partner
        (PART-4, ``apply``) is carried out lean once the partner lets it go (``pass``):
        nothing it was listed against has changed since."""
        listed = self._listed_pending
        if listed is not None:
            self._listed_pending = None
            legal, self._pending_from = self._pending_from, None
            if act is listed and self.held is None and self.phase == "play" and not self.comply:
                # (INSIST-2's question read off that listing's capture plans when it is
                # still the last start-of-turn listing, ``_may_challenge``: nothing a plan
                # reads has changed since)
                self._lean_step(act, seat, legal)
                return
        CasinoState._step(self, act, seat)

    def _lean_step(self, act: Action, seat: int, legal: list[Action] | None = None) -> None:
        """``_step`` for a step of the listing ``legal``: the effect without the checks
        (``_LEAN``), then the reference's after-step (an insist's copy first, the turn's
        end), its common case here: after the play, with nothing to ask or comply with, the
        next listing is made at once (``legal_actions``' own, the mover's turn in the play
        phase with no insist: ``_listing``; after a trail from a listing with no free step,
        ``_after_trail``), and a turn left with ``end`` alone ends. INSIST-1's question at
        the turn's end (``_finish_turn``) is read off the listing ``end`` came from: a
        free addition to the side's builds is one of its steps when there is one (so with
        ``end`` alone there is none)."""
        if act is END and legal is not None and legal is self._end_listing and not self.comply:
            if self.insist == "ask" and self._end_adds:
                self._ask(seat, "additions")
            else:
                self._end_turn(seat)
            self._legal = None
            return
        quiet = legal is not None and legal is self._quiet
        before = None
        kind = type(act)
        # (INSIST-2: only a trail or a capture can be challenged, ``_challengeable``; both
        # use the hand, so ``_uses_hand``'s call is not needed to tell a free step)
        if (
            (kind is Trail or kind is Capture)
            and self.insist == "ask"
            and self._may_challenge(act, seat, legal)
        ):
            before = self.clone(self.rng, events=False)  # restored with the live generator
        _LEAN[kind](self, act, seat)
        self._legal = None
        if before is not None or self.comply or act is END:
            self._stepped(act, seat, before)
        elif self.played is not None:
            # (a trail, or a capture of loose cards alone: ``_after_trail``)
            if kind is Capture:  # (its type tested: ``act`` is a Capture)
                quiet = quiet and not act.build and not act.tops  # type: ignore[attr-defined]
            elif kind is not Trail:
                quiet = False
            if quiet and self._after_trail(seat):  # (then ``_may_end``:)
                legal = self._legal = [END] if self._cannot_end(seat) is None else []
            else:
                legal = self._legal = self._listing(seat)
            if len(legal) == 1 and legal[0] is END:  # the turn ends by itself
                # (``_finish_turn``'s INSIST-1 question has its answer: with ``end`` alone
                # listed after the play, no free addition to the side's builds is legal)
                self._end_turn(seat)
                self._legal = None

    def _may_challenge(self, act: Action, seat: int, legal: list[Action] | None) -> bool:
        """The reference's ``_challengeable`` (INSIST-2), read off the start-of-turn listing
        the play came from when it is ``legal`` (``_plans``: the capture plans of the values
        the hand holds, a value's present when a card of it has something to take): a
        trail that could have captured; a capture that is the only one its plan lists for
        its value (with nothing else, it is maximal: the build alone, or one unit) never."""
        if legal is None or legal is not self._plans_for:
            return self._challengeable(act, seat)
        kind = type(act)
        if kind is Trail:
            r = act.card.rank  # type: ignore[attr-defined]
            plans = self._plans
            if r == ACE:
                return bool(plans.get(1) or plans.get(14))
            return bool(plans.get(r))
        if kind is Capture:
            if len(self._plans[act.value]) == 1:  # type: ignore[attr-defined]
                return False
            return not self._maximal(seat, act)  # type: ignore[arg-type]
        return False

    def _play_card(self, seat: int, card: Card) -> None:
        """``_use_hand`` for a listed play (TURN-1 already met)."""
        self.hands[seat].remove(card)
        self.played = card
        proofs = self.proofs
        if proofs:  # (most often none: no pair to make)
            proofs.discard((seat, card.rank))  # PART-2: the proof ends when it is played

    def _lean_capture(self, act: Capture, seat: int) -> None:
        """``_capture`` for a listed capture (its units checked as they were listed)."""
        v = act.value
        card = act.card
        self._play_card(seat, card)
        taken: list[Card] = []
        if act.build:
            b = self.builds.pop(v)
            if b.owner != seat:
                self.proofs.add((b.owner, ACE if v == 1 or v == 14 else v))  # PART-2
            if self.aug_opp == v:
                self.aug_opp = None  # AUG-5 done: the build added to is taken
            for u in b.units:
                taken += u
        loose = self.loose
        data: dict[str, Any]
        if act.tops:  # VAR-SA 4: the log says whose pile each top came from
            piles = self.piles
            pile_of = self.pile_of
            tops: list[list[Any]] = []
            for cs, ts in act.groups:
                for c in cs:
                    loose.remove(c)
                taken += cs
                for t in ts:
                    top = piles[pile_of[t]].pop()
                    taken.append(top)
                    tops.append([t, top.code])
        else:
            for cs, _ in act.groups:
                for c in cs:
                    loose.remove(c)
                taken += cs
        if self.sa:  # VAR-SA 7: numerical order, lowest uppermost
            batch = sorted([*taken, card], key=_ORDER_KEY, reverse=True)
        else:  # CAP-5 [D]: the lowest just under the capturing card, the highest at the bottom
            batch = sorted(taken, key=_ORDER_KEY, reverse=True)
            batch.append(card)
        self.piles[self.pile_of[seat]] += batch
        self.last_capturer = seat
        if self._search_copy:  # (a search's sample: nothing reads its log)
            return
        codes = [card.code]
        for c in taken:
            codes.append(c.code)
        data = {"cards": codes, "value": v, "build": act.build}
        if act.tops:
            data["tops"] = tops
        self.events.append(_tnew(Event, ("capture", seat, _CAPTURES_WORDING, data)))

    def _lean_trail(self, act: Trail, seat: int) -> None:
        """``_trail`` for a listed trail (TWO-1 and INSIST-3 met as it was listed)."""
        card = act.card
        self._play_card(seat, card)
        self.loose.append(card)
        self.trailed = card
        self.events.append(_TRAIL_EV[seat][card])

    def _lean_build(self, act: Build, seat: int) -> None:
        """``_build`` for a listed build: a new build (its owner the mover, or the proven
        partner it names) or a unit merged into the side's build of its value."""
        v = act.value
        hand = act.hand
        loose = self.loose
        for c in act.loose:
            loose.remove(c)
        if hand is not None:
            self._play_card(seat, hand)
            unit = (*act.loose, hand)
        else:
            unit = act.loose
        old = self.builds.get(v)
        if old is None:
            owner = act.owner
            self.builds[v] = Pile(v, seat if owner is None else owner, [unit])
        else:
            old.units.append(unit)
        self._log(seat, "builds", v, hand, (unit,), (), None, act.owner, None)

    def _lean_raise(self, act: Raise, seat: int) -> None:
        """``_raise`` for a listed raise (RAISE-1..4 met as it was listed)."""
        card = act.card
        b = self.builds[act.value]
        self._play_card(seat, card)
        del self.builds[act.value]
        self.proofs.add((b.owner, ACE if act.value in (1, 14) else act.value))  # PART-2
        new = act.value + set_value(card)
        unit = (*b.units[0], card)
        old = self.builds.get(new)
        if old is None:
            self.builds[new] = Pile(new, seat, [unit])  # RAISE-2: the raiser owns it
        else:
            old.units.append(unit)  # merge: the existing owner keeps it
        self._log(seat, "raises to", new, card, ((card,),), (), None, None, act.value)

    def _lean_add(self, act: Add, seat: int) -> None:
        """``_add`` for a listed addition: its units taken from the layout, the hand and
        the pile tops, onto the build of its value (an opponent's marks AUG-5's build) or
        with its base as a new build (owned as ``_lean_build``'s)."""
        v = act.value
        base = act.base
        loose = self.loose
        if base is not None:
            loose.remove(base)
        hand: Card | None = None
        units: list[tuple[Card, ...]] = []
        tops: list[tuple[int, Card]] = []
        for u in act.units:
            for c in u.loose:
                loose.remove(c)
            unit = u.loose
            if u.hand is not None:
                hand = u.hand
                self._play_card(seat, hand)
                unit = (*unit, hand)
            if u.tops:
                piles = self.piles
                taken = [piles[self.pile_of[t]].pop() for t in u.tops]
                tops += zip(u.tops, taken, strict=True)
                unit = (*unit, *taken)
            units.append(unit)
        build = self.builds.get(v)
        if build is None:
            assert base is not None
            owner = act.owner
            self.builds[v] = Pile(v, seat if owner is None else owner, [(base,), *units])
        else:
            if not self.team(build.owner, seat):
                self.aug_opp = v
            if self.held == v and hand is not None and self.pending is not None:
                build.owner = (seat + 2) % 4  # PART-4: the partner who held owns it now
            build.units += units
        self._log(seat, "adds to", v, hand, units, tops, base, act.owner, None)

    def _log(
        self,
        seat: int,
        verb: str,
        v: int,
        hand: Card | None,
        units: Sequence[tuple[Card, ...]],
        tops: Sequence[tuple[int, Card]],
        base: Card | None,
        owner: int | None,
        old: int | None,
    ) -> None:
        """``_log_build`` for a lean step: ``wording.build_event``'s very data (the same
        keys in the same order), made with plain loops (no comprehension called, no keyword
        arguments) and the event without ``Event``'s Python ``__new__``. A search's sample
        (``_search_copy``) logs nothing: its log starts empty and nothing reads it, the
        search playing on from what ``apply`` changed (about 2% of a four-player search)."""
        if self._search_copy:
            return
        codes = []
        for u in self.builds[v].units:  # (the build is there: the step made or grew it)
            for c in u:
                codes.append(c.code)
        written = []
        for u in units:
            unit = []
            for c in u:
                unit.append(c.code)
            written.append(unit)
        data: dict[str, Any] = {
            "value": v,
            "verb": verb,
            "cards": codes,
            "hand": hand.code if hand is not None else None,
            "units": written,
            "size": len(self.builds[v].units),
        }
        if tops:
            data["tops"] = [[t, c.code] for t, c in tops]
        if base is not None:
            data["base"] = base.code
        if owner is not None and owner != seat:
            data["owner"] = owner
        if old is not None:
            data["from"] = old
        self.events.append(_tnew(Event, ("build", seat, _BUILDS_WORDING, data)))

    def _lean_end(self, act: Action, seat: int) -> None:
        """``end`` listed: nothing to carry out (TURN-4 and INSIST-1 met as it was listed)."""

    # --- the listing of a turn's steps, made in one pass --------------------------------------

    def _listing(self, seat: int) -> list[Action]:
        """The mover's steps with no insist to comply with, in the reference's order: the
        play (captures, each hand card's builds, raises and additions, trails) while no
        card is played, then the free builds and additions, then ``end``. Each step is made
        without ``__init__`` and judged without ``_quick_why_not`` where its outcome is
        known (``_Judge``); only steps for a proven partner are judged step by step."""
        played = self.played
        trailed = self.trailed
        loose = self.loose
        if trailed is not None:  # (TURN-3: out of the turn; the last card, as it was trailed)
            loose = loose[:-1] if loose[-1] is trailed else [c for c in loose if c is not trailed]
        if played is not None and self._no_free_step(seat, loose):
            # (most turns after the play; ``_may_end`` with no insist and nothing added)
            if self._cannot_end(seat) is not None:
                return []
            alone = self._end_listing = [END]
            self._end_adds = False
            return alone
        caps = self._pick_from
        ctx = self._pick_ctx
        if (
            caps is not None
            and ctx is not None
            and played is None
            and seat == self.turn
            and self._pick_events is self.events
        ):
            # (``play_captures`` made this very position's captures: the listing starts
            # from them, and from what they were made from)
            self._pick_from = self._pick_ctx = None
            counts, judge, tops, whole, walk, table = ctx
        else:
            caps = None
            counts = _hand_counts(self.hands[seat], self.ace_high)
            builds = self.builds
            mine: tuple[int, ...] = ()
            if builds:  # (a plain loop: no comprehension to call)
                owned = []
                for v, b in builds.items():
                    if b.owner == seat:
                        owned.append(v)
                mine = tuple(owned)
            # Owning no build and having added to no opponent's, every step of the mover's
            # own that the generation lets through is legal (TAB-5 and AUG-5 have nothing
            # to keep: the owner test already gave a new build its capturing card; TWO-1's
            # one build and no trail need a build owned; TURN-1: no hand card after the
            # play is listed).
            judge = None if not mine and self.aug_opp is None else _Judge(self, mine, counts)
            tops = self.usable_tops(seat) if self.sa and played is None else None  # (VAR-SA 4)
            whole = tuple(loose)
            walk, table = _layout_sums(whole)  # (one look-up a listing)
        targets = self._add_targets(seat, loose, True, tops, counts, table)  # (no keywords)
        owners = self._owners(seat, counts)
        out: list[Action] = []
        if played is None:
            self._play_list(
                seat, whole, table, walk, tops or (), targets, owners, counts, judge, out, caps
            )
            size = len(out)
            self._free_list(seat, table, targets, owners, judge, out, counts)
            self._quiet = out if len(out) == size else None  # (``_after_trail``)
            self._plans_for = out  # (its ``_plans``: ``_may_challenge``)
            return out
        added = self._free_list(seat, table, targets, owners, judge, out, counts)
        if self._may_end(seat, added):
            out.append(END)
            self._end_listing = out  # (INSIST-1's answer at the turn's end: ``_additions``)
            self._end_adds = added
        return out

    def _demanded_captures(self, seat: int) -> list[Action]:
        """The steps left when an opponent insisted on the play (INSIST-3, the play taken
        back): the maximal captures with the challenged card, as ``_capture_list`` lists
        them for that one card, judged as in ``_listing`` (``_Judge``: TAB-5 and AUG-5 for
        the builds owned, on the whole hand's counts), which is the reference's listing
        (``_candidates``' ``_captures(maximal_only=True)``, each step through
        ``_quick_why_not``) with no generator and no step judged alone."""
        card = self.comply_card
        assert card is not None and self.played is None
        hand = self.hands[seat]
        ace_high = self.ace_high
        counts = _hand_counts(hand, ace_high)
        mine: list[int] = []
        for v, b in self.builds.items():
            if b.owner == seat:
                mine.append(v)
        judge = None if not mine and self.aug_opp is None else _Judge(self, tuple(mine), counts)
        tops = self.usable_tops(seat) if self.sa else ()  # (VAR-SA 4)
        trailed = self.trailed
        whole = tuple(c for c in self.loose if c is not trailed) if trailed else tuple(self.loose)
        walk = _layout_sums(whole)[0]
        out: list[Action] = []
        plans_for, plans = self._plans_for, self._plans  # (the listing's, left as they were)
        self._capture_list(
            whole, walk, tops, [card], _hand_counts([card], ace_high), judge, out, True
        )
        self._plans_for, self._plans = plans_for, plans
        return out

    def _demanded_additions(self, seat: int) -> list[Action]:
        """The steps left when an opponent insisted on the additions (INSIST-1, always after
        the play): the listing after the play's free additions to the side's builds, in its
        order (they are ``_adds_to``'s with no hand card, judged as ``_quick_why_not``
        would), then ``end`` once none is left and the turn may end (``_listing`` lists it
        then: ``_may_end`` refuses it while one is listed)."""
        listed = self._listing(seat)
        sides = _SIDES[self.n]
        side = sides[seat]
        builds = self.builds
        out: list[Action] = []
        for a in listed:
            if type(a) is Add and a.base is None and sides[builds[a.value].owner] == side:
                out.append(a)
        if listed and listed[-1] is END:
            out.append(END)
        return out

    def _no_free_step(self, seat: int, loose: list[Card]) -> bool:
        """No free step (TURN-2) can be listed: no set of two or more loose cards adds up to
        a value the mover holds or a build of its side has (free builds), and no unit of
        loose cards and pile tops is worth the value of a side's build, or of a base the
        mover holds a card of (free additions). Sound, not exact: False lets the listing
        decide (its owner test and ``_Judge`` refuse more). Everything as bit masks of
        values, aces 1 (and 14 where they count it): ``ones`` the sums of one card or
        more, ``twos`` of two or more, ``held`` the values the hand captures (no count of
        the hand: most listings after the play end here), ``builds``/``ours`` the builds'
        values; ``once``/``twice``/``ranks`` by rank. A proven partner's values count as
        held (PART-2: builds and bases for the partner). (Long for speed: split into
        helpers for the masks and the bases it cost 1.6k instructions a move, South
        African 2p.)"""
        ace_high = self.ace_high
        held = 0
        for c in self.hands[seat]:
            held |= 1 << c.rank
        if held >> ACE & 1:  # (an ace captures 1, and 14 only ace high)
            held |= 2
            if not ace_high:
                held ^= _ACE_BIT
        theirs = 0  # the values a proven partner holds (PART-2)
        if self.n == 4 and self.proofs:
            partner = (seat + 2) % 4
            for who, r in self.proofs:
                if who == partner:
                    theirs |= _ACE_VALUES if r == ACE else 1 << r
        ones = twos = once = twice = 0
        for c in loose:
            r = c.rank
            x = 1 if r == ACE else r
            twos = (twos | ones << x) & _SUMS
            ones = (ones | ones << x | 1 << x) & _SUMS
            twice |= once & 1 << r
            once |= 1 << r
        ranks = once  # (the loose cards' alone: the tops join below)
        every = ours = 0
        builds = self.builds
        if builds:
            sides = _SIDES[self.n]
            side = sides[seat]
            for v, b in builds.items():
                every |= 1 << v
                if sides[b.owner] == side:
                    ours |= 1 << v
        values = _RANGE[self.top_value]  # (2 to the top value)
        if twos & values & (held & ~every | ours | theirs):
            return False  # a free build (an opponent's value forbids it: TAB-4), maybe
        bases = (held | theirs) & ~every  # (a base may be the partner's too)
        if ranks >> ACE & 1:  # (a loose ace is a base of 1, and of 14 ace high)
            loose_values = ranks ^ _ACE_BIT | (_ACE_VALUES if ace_high else 2)
        else:
            loose_values = ranks
        if not ours and not bases & loose_values:
            return True  # no build of the side, no base of a value held
        own = self.piles[self.pile_of[seat]]  # (never usable: AUG-2)
        for p in self.piles:  # (the usable among them; a plain loop, no comprehension)
            if not p or p is own:
                continue
            r = p[-1].rank
            x = 1 if r == ACE else r
            twos = (twos | ones << x) & _SUMS
            ones = (ones | ones << x | 1 << x) & _SUMS
            twice |= once & 1 << r
            once |= 1 << r
        # a unit for the side's build: any set of its sum, an ace for 14
        if ones & ours or (ace_high and ours >> 14 & 1 and once >> ACE & 1):
            return False
        # a unit onto a base: a set of two or more, or a second card of its rank
        if bases & (ranks & ~_ACE_BIT) & (twos | twice):
            return False
        if ranks >> ACE & 1:
            aces = _ACE_VALUES if ace_high else 2
            return not bases & aces & (twos | (aces if twice >> ACE & 1 else 0))
        return True

    def _play_list(
        self,
        seat: int,
        whole: tuple[Card, ...],
        table: _Table,
        walk: _Table,
        tops: tuple[Item, ...],
        targets: list[_Target],
        owners: _Owners,
        counts: dict[int, int],
        judge: _Judge | None,
        out: list[Action],
        caps: list[Action] | None = None,
    ) -> None:
        """The play's steps (TURN-1) onto ``out``: the captures of every hand card (``caps``
        when ``play_captures`` made them), then
        each card's builds, raises and additions, then the trails. ``whole``: the free
        loose cards, ``table`` and ``walk`` their sums (``_layout_sums``); ``tops``: the
        pile tops a capture may take (VAR-SA 4); ``counts``: ``_hand_counts`` of the hand.
        (Long for speed: a card's builds and
        additions are its inner loops, written out, and the owner test is a set look-up,
        ``_Owners``.)"""
        hand = self.hands[seat]
        if caps is None:
            self._capture_list(whole, walk, tops, hand, counts, judge, out)
        else:
            out += caps
        builds = self.builds
        top = self.top_value
        raisable: list[int] = []  # (no sort with no build, or one to raise)
        if builds:
            sides = _SIDES[self.n]
            side = sides[seat]
            for b in builds.values():
                if b.single and sides[b.owner] != side:
                    raisable.append(b.value)
            if len(raisable) > 1:
                raisable.sort()
        sets_of: list[tuple[int, tuple[tuple[Card, ...], ...]]] = []  # (a plain loop)
        for total, sets in table.items():
            if total < top:
                sets_of.append((total, sets))
        free, used, one, two, theirs = owners
        high = 14 if self.ace_high else 0  # the value an ace counts besides 1
        card_targets = _card_targets(targets, high) if targets else ()
        # (Each card's steps are worked out anew, even a second card of a value: copying
        # the first card's steps, ``_replay``, counted 0.2-0.6% fewer instructions but ran
        # 1-2% slower by the CPU clock over the same games, docs/performance.md.)
        for card in hand:
            hv = _VALUE(card)
            also = high if hv == 1 else 0  # a value the card counts besides hv (or 0)
            # ``_card_builds``: the loose sets with the card, for a value it may own
            for total, sets in sets_of:
                v = total + hv
                if v > top:
                    continue
                mine = v in (used if v == also else free)
                both = v in theirs
                if not mine and not both:
                    continue
                if mine and judge is not None:
                    mine = judge.play_keep(card) if v in builds else judge.play_new(card, v)
                for cards in sets:
                    if mine:  # (``_build`` inline: no call a step)
                        step = _new(Build)
                        step.value = v
                        step.loose = cards
                        step.hand = card
                        step.owner = None
                        out.append(step)
                    if both:
                        self._for_partner(_build(v, cards, card, theirs[v]), seat, judge, out)
            for v in raisable:
                new = v + hv
                if (
                    new <= top
                    and new in (two if new == also else one)
                    and (
                        judge is None
                        or (judge.play_keep(card) if new in builds else judge.play_new(card, new))
                    )
                ):
                    lift = _new(Raise)  # (no ``__init__``)
                    lift.value = v
                    lift.card = card
                    out.append(lift)
            # ``_adds_to`` with the card: units holding it onto the side's builds (AUG-5:
            # never an opponent's) and onto bases (``_card_targets``: those a card of its
            # value may have a unit for)
            for fits, target in card_targets:
                if not fits >> hv & 1:
                    continue
                v = target.value
                base = target.base
                worth_v = v == hv or also == v  # (the card alone is a unit of v)
                if base is None:  # ``flag``: the side's build
                    both = False
                    mine = target.flag
                else:  # ``flag``: the partner is proven to hold the value
                    both = target.flag
                    mine = v in (used if worth_v else free)
                if not mine and not both:
                    continue
                rest = target.table
                assert rest is not None  # (made by ``_card_targets``)
                if mine and judge is not None:  # (pure: asked before the units are
                    # walked, so that a unit it refuses is never made)
                    mine = judge.play_keep(card) if base is None else judge.play_new(card, v)
                    if not mine and not both:
                        continue
                for tsum, seats, _ in target.subsets:
                    need = v - tsum - hv
                    if (need == 0 and seats) or (not seats and worth_v):
                        unit = _new(Unit)  # (``_unit`` and ``_add`` inline: no call a step)
                        unit.loose = ()
                        unit.hand = card
                        unit.tops = seats
                        if mine:
                            add = _new(Add)
                            add.value = v
                            add.units = (unit,)
                            add.base = base
                            add.owner = None
                            out.append(add)
                        if both:
                            self._for_partner(_add(v, unit, base, theirs[v]), seat, judge, out)
                    if need > 0:
                        for cards in rest.get(need, ()):
                            unit = _new(Unit)
                            unit.loose = cards
                            unit.hand = card
                            unit.tops = seats
                            if mine:
                                add = _new(Add)
                                add.value = v
                                add.units = (unit,)
                                add.base = base
                                add.owner = None
                                out.append(add)
                            if both:
                                self._for_partner(_add(v, unit, base, theirs[v]), seat, judge, out)
        if self.insist == "always":  # INSIST-3: a trail of a card that could capture
            for card in hand:
                trail = _trail(card)
                if self._quick_why_not(trail, seat, list(judge.mine) if judge else []) is None:
                    out.append(trail)
        elif judge is None:  # (each card's trail looked up in C: no loop, no call a card)
            out.extend(map(_TRAIL_OF, hand))
        elif not ((judge.restricted and judge.mine) or judge.aug is not None):  # (TWO-1, AUG-5)
            lock = judge.lock
            if lock is not None:  # (one build to keep: its last capturing card stays)
                for card in hand:
                    if card.rank != lock:
                        out.append(_TRAIL_OF(card))
                return
            if judge.short:  # (TAB-5 already lost: no trail keeps it)
                return
            slack = judge.slack  # (``_Judge.fit(0, card)`` inline)
            for card in hand:
                r = card.rank
                left = slack.get(1 if r == ACE else r)
                if left is None or left >= 1:  # (TAB-5: the card is not the last for a build)
                    out.append(_TRAIL_OF(card))

    def _capture_list(
        self,
        loose: tuple[Card, ...],
        walk: _Table,
        tops: tuple[Item, ...],
        hand: list[Card],
        counts: dict[int, int],
        judge: _Judge | None,
        out: list[Action],
        demanded: bool = False,
    ) -> None:
        """Each hand card's captures (``_capture_plan``, one per value the card may count,
        worked out once for the values the hand holds, ``counts``' keys); an ace's two
        values may take the same cards, which is one step (the first). ``walk``:
        ``units.sums`` of ``loose``. A card other than an ace captures its rank only: one
        look-up, and none of a card with nothing to take."""
        ace_high = self.ace_high
        maximal_only = demanded or self.insist == "always"  # (INSIST-3)
        builds = self.builds
        plans: dict[int, tuple[_Template, ...]] = {}
        self._plans = plans  # (``_may_challenge``, once the listing is made)
        # The values with a unit to take are the sums of loose sets (an ace alone is a set
        # of 1, and counts 14 too), or with pile tops what a subset of them makes with a
        # loose set or alone (``_reach``'s values, tested value by value: a listing asks
        # about four, and a set of every value reached cost more). The tops' subsets are
        # looked up once for the reach and every value's units.
        subsets = _top_subsets(tops) if tops else _NO_TOPS
        values = _CAPTURE_VALUES[ace_high]
        for v in counts:
            if not (v in walk or v in builds or (v == 14 and 1 in walk)):
                if subsets is _NO_TOPS:
                    continue
                for tsum, seats, tcards in subsets:
                    if seats and (
                        v - tsum in walk
                        or (tsum == v if len(seats) >= 2 else v in values[tcards[0]])
                    ):
                        break
                else:
                    continue
            # The plan is its units' (``units.sums`` of the whole layout, kept for the
            # listing): a layout that changed elsewhere finds it again.
            found = _take_groups(v, ace_high, subsets, walk)
            # The two plans most asked are made here, not looked up (a look-up hashes the
            # units, and they would crowd out the plans worth keeping): the build alone,
            # and one unit with no build (``_capture_plan``'s answers).
            if len(found) == 1 and v not in builds:
                group = found[0]
                cards, seats = group
                plans[v] = ((False, (group,), frozenset(cards), frozenset(seats)),)
            elif not found and v in builds:
                plans[v] = _BUILD_ALONE
            else:
                plans[v] = _capture_plan(tuple(found), v in builds, maximal_only)
        if not plans:  # (no build and no unit of a value held, ``_reach``: nothing to take)
            return
        # (one build to keep: ``_Judge.capture`` inline, ``lock`` and the build's value)
        lock = None
        kept = 0
        if judge is not None and judge.lock is not None:
            lock = judge.lock
            kept = judge.mine[0]
        get = plans.get
        for card in hand:
            v = card.rank
            if v == ACE:  # (1, and ace high 14: one step for the same cards taken as both)
                if 1 in plans and 14 in plans:
                    self._ace_captures(card, plans, judge, out)
                    continue
                if 14 not in plans:
                    v = 1
            plan = get(v)
            if plan is None:
                continue
            for build, groups, taken, piles in plan:
                cap = _new(Capture)
                cap.card = card
                cap.value = v
                cap.build = build
                cap.groups = groups
                cap.loose = taken
                cap.tops = piles
                cap.order = None
                if judge is None:
                    out.append(cap)
                elif lock is not None:  # (the build kept taken, or its card kept)
                    if (build and v == kept) or card.rank != lock:
                        out.append(cap)
                elif judge.capture(card, v, build):
                    out.append(cap)

    def _ace_captures(
        self,
        card: Card,
        plans: dict[int, tuple[_Template, ...]],
        judge: _Judge | None,
        out: list[Action],
    ) -> None:
        """An ace's captures (``_capture_list``) when it has some both as 1 and as 14: the
        same cards taken as both one step (the first), refused or not, as the reference's
        listing."""
        seen: set[object] = set()
        for v in _ACE_BOTH:
            for build, groups, taken, piles in plans[v]:
                cap = _new(Capture)
                cap.card = card
                cap.value = v
                cap.build = build
                cap.groups = groups
                cap.loose = taken
                cap.tops = piles
                cap.order = None
                key = cap._key()
                if key in seen:
                    continue
                seen.add(key)
                if judge is None or judge.capture(card, v, build):
                    out.append(cap)

    def _for_partner(
        self, act: Build | Add, seat: int, judge: _Judge | None, out: list[Action]
    ) -> None:
        """A step for a proven partner (PART-2), judged on its own (rare: four players)."""
        if self._quick_why_not(act, seat, list(judge.mine) if judge else []) is None:
            out.append(act)

    def _free_list(
        self,
        seat: int,
        table: _Table,
        targets: list[_Target],
        owners: _Owners,
        judge: _Judge | None,
        out: list[Action],
        counts: dict[int, int],
    ) -> bool:
        """The free steps (TURN-2) onto ``out``: builds of loose cards (``table``: their
        sums), then additions of loose cards and pile tops. Whether an addition to the
        side's build was listed after the play (what INSIST-1 asks, ``_may_end``).
        ``counts``: ``_hand_counts`` of the mover's hand."""
        top = self.top_value
        builds = self.builds
        free = owners[0]
        theirs = owners[4]
        for total, sets in table.items():
            if total > top or total < 2:
                continue
            mine = total in free
            both = total in theirs
            if not mine and not both:
                continue
            if mine and judge is not None:
                mine = judge.free_keep() if total in builds else judge.free_new(total)
            for cards in sets:
                if len(cards) < 2:
                    continue
                if mine:  # (``_build`` inline)
                    step = _new(Build)
                    step.value = total
                    step.loose = cards
                    step.hand = None
                    step.owner = None
                    out.append(step)
                if both:
                    self._for_partner(_build(total, cards, None, theirs[total]), seat, judge, out)
        return self._free_adds(seat, targets, owners, judge, out, counts)

    def _free_adds(
        self,
        seat: int,
        targets: list[_Target],
        owners: _Owners,
        judge: _Judge | None,
        out: list[Action],
        counts: dict[int, int],
    ) -> bool:
        """``_adds_to`` with no hand card, onto ``out`` (see ``_free_list``); whether the
        mover holds a card of an opponent's build (``_holds_for``) is read off ``counts``."""
        ace_high = self.ace_high
        played = self.played is not None
        # South African, before the play no free unit holds a pile top: only the mover's own
        # builds have tops to use (VAR-SA 4), and a top joins them with a hand card only
        # (VAR-SA 5); so the tops are not walked at all then.
        no_tops = self.sa and not played
        free = owners[0]
        theirs = owners[4]
        added = False
        for target in targets:
            v = target.value
            base = target.base
            table = target.table
            subsets = _NO_TOPS if no_tops else target.subsets
            if v != 14 and table is not None and subsets is _NO_TOPS:
                # No pile top there: a unit is a set of its value (a card worth it alone but
                # the base, which is the one set of its value then; an ace as 14 is not in
                # the table): with none, ``_free_units`` has nothing to find.
                sets = table.get(v)
                if sets is None or (base is not None and len(sets) < 2):
                    continue
            if base is None:
                both = False
                if target.flag:  # the side's build
                    mine = True if judge is None else judge.free_keep()
                else:  # an opponent's (AUG-5: before the play, kept capturable)
                    mine = not played and (v in counts if judge is None else judge.free_opp(v))
            else:
                both = target.flag
                mine = v in free
                if mine and judge is not None:
                    mine = judge.free_new(v)
            if not mine and not both:
                continue
            for unit in _free_units(target, ace_high, subsets):
                if mine:  # (``_add`` inline)
                    step = _new(Add)
                    step.value = v
                    step.units = (unit,)
                    step.base = base
                    step.owner = None
                    out.append(step)
                    if played and base is None and target.flag:
                        added = True
                if both:
                    self._for_partner(_add(v, unit, base, theirs[v]), seat, judge, out)
        return added

    def _play_steps(self, seat: int) -> Iterator[Action]:
        seen: set[object] = set()
        mine = [b.value for b in self.owns(seat)]
        restricted = self.restricted()
        played = self.played is not None
        added = False  # a legal addition to the side's build is listed (INSIST-1)
        # A trail, owning no build and having added to none, with no capture demanded
        # (INSIST-3): nothing for ``_quick_why_not`` to refuse (TWO-1, TAB-5, AUG-5).
        trail_free = not mine and not played and self.aug_opp is None and self.insist != "always"
        for a in self._candidates(seat):
            t = type(a)
            if t is Capture:  # only captures come twice (an ace's two values...)
                key = a.key
                if key in seen:
                    continue
                seen.add(key)
            elif t is Trail and trail_free:
                yield a
                continue
            if self._quick_why_not(a, seat, mine, restricted) is None:
                if played and not added and type(a) is Add:
                    added = a.base is None and self.team(self.builds[a.value].owner, seat)
                yield a
        if played and self._may_end(seat, added):
            yield END

    def _may_end(self, seat: int, added: bool) -> bool:
        """``_end_refusal(seat) is None`` read off the listing just made: with a card
        played, its free additions to the side's builds are the ones ``_additions`` looks
        for (INSIST-1), so they are not listed a second time (an insist to capture lists
        captures only)."""
        if self.comply == "capture":
            return self._end_refusal(seat) is None
        if (self.insist == "always" or self.comply == "additions") and added:
            return False
        return self._cannot_end(seat) is None

    def _cannot_end(self, seat: int) -> str | None:
        """The reference's (TWO-1, AUG-5, TAB-5) in one walk of the builds: at once when
        there is none (nothing to keep, no second build), and TAB-5's matching for one
        build to keep a look for a card of its value (``_match``'s answer then)."""
        builds = self.builds
        aug = self.aug_opp
        if not builds and aug is None:
            return None
        need = []
        owners = set()
        two = False  # some seat owns two builds (TWO-1)
        for b in builds.values():
            owner = b.owner
            if owner in owners:
                two = True
            owners.add(owner)
            if owner == seat:
                need.append(b.value)
        if two and self.restricted():
            return _TWO_1_ONE
        if self.played is None:
            if aug is not None:
                need.append(aug)
        elif aug is not None:
            return _AUG_5_CAPTURE
        if not need:
            return None
        ace_high = self.ace_high
        hand = self.hands[seat]
        if len(need) == 1:
            v = need[0]
            for c in hand:
                if c.rank == v if c.rank != ACE else v == 1 or (ace_high and v == 14):
                    return None
        elif _ranks_match(need, hand, ace_high):
            return None
        if self.played is None and aug is not None:
            return _AUG_5_KEEP
        return _TAB_5

    def _allowed(self, act: Action) -> bool:
        for a in self.legal_actions():  # the listed object itself: no comparison of keys
            if a is act:
                return True
        return super()._allowed(act)

    def _additions(self, seat: int) -> bool:
        """The reference's (INSIST-1), read off the current listing when it is one made
        after the play that listed ``end`` (``_listing``: its free additions to the side's
        builds are what this looks for), else worked out."""
        legal = self._legal
        if legal is not None and legal is self._end_listing:
            return self._end_adds
        if not any(self.team(b.owner, seat) for b in self.builds.values()):
            return False
        if not self._unit_for_ours(seat):
            return False
        loose = [c for c in self.loose if c is not self.trailed]
        targets = self._add_targets(seat, loose, bases=False)
        for a in self._adds_to(targets, seat, None, self._owner_test(seat)):
            if self.team(self.builds[a.value].owner, seat) and self._quick_why_not(a, seat) is None:
                return True
        return False

    def _unit_for_ours(self, seat: int) -> bool:
        """Some set of loose cards and pile tops (the mover's own pile's left out, AUG-2)
        adds up to the value of a build of the mover's side, or an ace is there for 14:
        without one, INSIST-1 has no addition to find (``_no_free_step``'s sums as a bit
        mask, sound, not exact)."""
        trailed = self.trailed
        own = self.piles[self.pile_of[seat]]
        ones = 0
        ace = False
        for c in [*self.loose, *[p[-1] for p in self.piles if p and p is not own]]:
            if c is not trailed:
                r = c.rank
                x = 1 if r == ACE else r
                ones = (ones | ones << x | 1 << x) & _SUMS
                ace = ace or x == 1
        sides = _SIDES[self.n]
        side = sides[seat]
        for v, b in self.builds.items():
            if sides[b.owner] == side and (ones >> v & 1 or (v == 14 and ace)):
                return True
        return False

    # --- the candidates, pre-filtered ---------------------------------------------------------

    def _candidates(self, seat: int) -> Iterator[Action]:
        hand = self.hands[seat]
        free_loose = [c for c in self.loose if c is not self.trailed]
        if self.comply == "capture":  # INSIST-3: a maximal capture with the challenged card
            assert self.comply_card is not None
            yield from self._captures(seat, self.comply_card, maximal_only=True)
            return
        if self.comply == "additions":  # INSIST-1: only additions to the side's builds
            targets = self._add_targets(seat, free_loose)
            for add in self._adds_to(targets, seat, None, self._owner_test(seat)):
                if add.base is None and self.team(self.builds[add.value].owner, seat):
                    yield add
            return
        targets = self._add_targets(seat, free_loose)
        table = sums(tuple(free_loose))
        owns = self._owner_test(seat)
        if self.played is None:
            memo: dict[int, tuple[bool, list[Opt], list[Opt], bool]] = {}
            where = self._capture_key(seat)
            for card in hand:
                yield from self._listed_captures(card, self.insist == "always", memo, where)
            builds = self.builds
            top = self.top_value
            raisable = [
                b.value
                for _, b in sorted(builds.items())
                if b.single and not self.team(b.owner, seat)
            ]
            for card in hand:
                yield from self._listed_builds(seat, table, card, owns)
                for v in raisable:
                    new = v + set_value(card)
                    if new <= top and owns(new, card, raised=True):
                        yield Raise(v, card)
                yield from self._adds_to(targets, seat, card, owns)
            for card in hand:
                yield Trail(card)
        yield from self._listed_builds(seat, table, None, owns)
        yield from self._adds_to(targets, seat, None, owns)

    def _owner_test(self, seat: int, counts: dict[int, int] | None = None) -> Callable[..., bool]:
        """The first test a new set of value v meets, as ``_quick_why_not`` makes it, for
        a whole listing at once: an opponent's build of v forbids it (TAB-4, RAISE-3);
        otherwise ``seat`` must keep a card that captures v (BUILD-2, RAISE-1), unless the
        side's build of v is a proven partner's. Steps that fail it are never made.
        ``counts``: ``_hand_counts`` of the hand, when the listing has them."""
        ace_high = self.ace_high
        if counts is None:
            counts = _hand_counts(self.hands[seat], ace_high)
        builds = self.builds
        side = self.side(seat)
        ours = {v: self.side(b.owner) == side for v, b in builds.items()}  # (``team``)

        def owns(v: int, used: Card | None, raised: bool = False) -> bool:
            n = counts.get(v, 0)
            if n and used is not None and worth(used, v, ace_high):
                n -= 1
            team = ours.get(v)
            if team is None:
                return n > 0
            if not team:
                return False
            if n > 0:
                return True
            owner = builds[v].owner
            return not raised and owner != seat and self.proven(owner, v)

        return owns

    def _owners(self, seat: int, counts: dict[int, int]) -> _Owners:
        """``_owner_test`` as sets, for the one-pass listing (``_Owners``): a value is in
        ``free`` when ``seat`` may own a new set of it made without a hand card, in ``used``
        when made with a hand card that counts it (one card fewer to keep); ``one``/``two``
        the same for a raise (no partner's proof, RAISE-1); ``theirs`` the values a proven
        partner may own a step of (PART-2), with that partner."""
        builds = self.builds
        sides = _SIDES[self.n]
        side = sides[seat]
        one = set(counts)
        two: set[int] = set()
        for v, b in builds.items():
            if sides[b.owner] != side:  # (an opponent's: TAB-4, RAISE-3)
                one.discard(v)
        for v, n in counts.items():
            if n > 1 and v in one:
                two.add(v)
        if self.n != 4:  # (no partner: nothing made for one)
            return one, two, one, two, _NO_PARTNER
        theirs: dict[int, int] = {}
        partner = (seat + 2) % 4
        for who, r in self.proofs:
            if who == partner:
                if r == ACE:
                    theirs[1] = theirs[14] = partner
                else:
                    theirs[r] = partner
        if not theirs:  # (most listings: no proof of the partner's, so nothing proven)
            return one, two, one, two, _NO_PARTNER
        proven: set[int] = set()
        for v, b in builds.items():  # (the side's builds that are the partner's: ``proven``)
            if b.owner == partner and v in theirs:
                proven.add(v)
        if proven:
            return one | proven, two | proven, one, two, theirs
        return one, two, one, two, theirs

    def _capture_key(self, seat: int) -> tuple[tuple[Card, ...], tuple[Item, ...]]:
        """What a capture's packings depend on besides its value: the free loose cards and,
        in the South African game, the usable pile tops."""
        trailed = self.trailed  # (no generator: most often nothing was trailed)
        loose = self.loose
        free = tuple(loose) if trailed is None else tuple([c for c in loose if c is not trailed])
        return free, self.usable_tops(seat) if self.sa else ()

    def _can_capture(self, seat: int, card: Card) -> bool:
        """The reference's INSIST-2 test read off the values that have a unit to take
        (``_reach``, which the listing of the same layout keeps)."""
        loose, tops = self._capture_key(seat)
        ace_high = self.ace_high
        reach = _reach(loose, tops, ace_high)
        return any(v in self.builds or v in reach for v in _values(card, ace_high))

    def _capture_units(self, seat: int, v: int) -> list[tuple[Item, ...]]:
        """The reference's, by ``_take_units`` (INSIST-2's test of a capture, ``_maximal``)."""
        loose, tops = self._capture_key(seat)
        return _take_units(loose, v, self.ace_high, tops)

    def _listed_captures(
        self,
        card: Card,
        maximal_only: bool,
        memo: dict[int, tuple[bool, list[Opt], list[Opt], bool]],
        where: tuple[tuple[Card, ...], tuple[Item, ...]],
    ) -> Iterator[Capture]:
        """``_captures``, with the packings of each value kept in ``memo`` for the other hand
        cards of the listing (and whether there are loose targets the build may leave);
        ``where`` is the listing's ``_capture_key``."""
        if card.rank == ACE:
            values = [1, 14] if self.ace_high else [1]
        else:
            values = [card.rank]
        for v in values:
            known = memo.get(v)
            if known is None:
                loose, tops = where
                known = memo[v] = (v in self.builds, *_packed(loose, v, self.ace_high, tops))
            has_build, maximal, rest, alone = known
            for o in maximal:
                if o or has_build:
                    yield _capture(card, v, has_build, o)
            if maximal_only:
                continue
            if has_build:  # leaving the build, or some of the loose targets, behind
                for o in maximal + rest:
                    if o:
                        yield _capture(card, v, False, o)
                for o in rest:
                    yield _capture(card, v, True, o)
                if alone:  # the build alone, leaving every loose target (CAP-4)
                    yield _capture(card, v, True, ())
            else:
                for o in rest:
                    yield _capture(card, v, False, o)

    def _listed_builds(
        self,
        seat: int,
        table: dict[int, tuple[tuple[Card, ...], ...]],
        card: Card | None,
        owns: Callable[..., bool],
    ) -> Iterator[Build]:
        """``_builds`` read off the layout's ``table`` of sums; those of a value ``seat`` may
        not own (``owns``) only when a proven partner may."""
        top = self.top_value
        partner = self.partner(seat)
        add = 0 if card is None else set_value(card)
        for total, sets in table.items():
            v = total + add
            if v > top or v < 2:
                continue
            mine = owns(v, card)
            theirs = partner is not None and self.proven(partner, v)
            if not mine and not theirs:
                continue
            for cards in sets:
                if card is None and len(cards) < 2:
                    continue
                if mine:
                    yield Build(v, cards, card)
                if theirs:
                    yield Build(v, cards, card, owner=partner)

    def _add_targets(
        self,
        seat: int,
        loose: list[Card],
        bases: bool = True,
        tops: tuple[Item, ...] | None = None,
        holds: dict[int, int] | None = None,
        whole: _Table | None = None,
    ) -> list[_Target]:
        """What a unit may go onto, worked out once for every hand card: each build, then
        (with ``bases``) each loose card as a base (an ace as 1 and, ace high, as 14), with
        the sums of the other loose cards and the pile tops that may join a unit there.
        ``tops``: the usable pile tops, when known; with ``holds`` (``_hand_counts``), a
        base of a value ``seat`` holds no card of is left out unless a proven partner may
        have it: no step onto it passes the owner test (AUG-4, BUILD-2). ``whole``: the
        ``_ordered_sums`` of ``loose``, when known."""
        builds = self.builds
        plain = _NO_TOPS
        subsets: _Subsets | None = None  # (the pile tops are read only for a target)
        out: list[_Target] = []
        if builds:
            table = _ordered_sums(tuple(loose)) if whole is None else whole
            subsets = _top_subsets(self.usable_tops(seat) if tops is None else tops)
            sides = _SIDES[self.n]
            for v in builds if len(builds) == 1 else sorted(builds):  # (one: no list, no sort)
                b = builds[v]
                allowed = not self.sa or b.owner == seat
                team = sides[b.owner] == sides[seat]
                target = _new(_Target)  # (``_target`` inline: no call a target)
                target.value = v
                target.base = None
                target.loose = loose
                target.table = table
                target.subsets = subsets if allowed else plain
                target.flag = team
                target.whole = None
                out.append(target)
        if not bases or not loose:
            return out
        partner = (seat + 2) % 4 if self.n == 4 else None  # (``partner``)
        proofs = self.proofs
        sa = self.sa
        base_values = _CAPTURE_VALUES[self.ace_high]  # (a base is worth what a card captures)
        held = holds if partner is None or not proofs else None
        if held is not None:
            # (a listing's, no proven partner: a base is of a value held, a card's one value
            # but an ace's 14, so most cards are passed by one look-up; the order as below)
            high = self.ace_high
            for c in loose:
                v = _VALUE(c)
                if v in held and v not in builds:
                    if subsets is None and not sa:
                        subsets = _top_subsets(self.usable_tops(seat) if tops is None else tops)
                    target = _new(_Target)  # (``_target`` inline)
                    target.value = v
                    target.base = c
                    target.loose = loose
                    target.table = whole
                    target.subsets = plain if sa or subsets is None else subsets
                    target.flag = False
                    target.whole = whole
                    out.append(target)
                if v == 1 and high and 14 in held and 14 not in builds:  # (an ace as 14)
                    if subsets is None and not sa:
                        subsets = _top_subsets(self.usable_tops(seat) if tops is None else tops)
                    sub = plain if sa or subsets is None else subsets
                    out.append(_target(14, c, loose, None, sub, False, whole))
            return out
        for c in loose:
            for v in base_values[c]:
                if v in builds:
                    continue
                both = partner is not None and (partner, ACE if v in (1, 14) else v) in proofs
                if holds is not None and not both and v not in holds:
                    continue
                # (a base worth its value is asked of the whole table: ``_Target``)
                known = whole if v == _VALUE(c) else None
                if sa:
                    out.append(_target(v, c, loose, known, plain, both, whole))
                    continue
                if subsets is None:
                    subsets = _top_subsets(self.usable_tops(seat) if tops is None else tops)
                out.append(_target(v, c, loose, known, subsets, both, whole))
        return out

    def _adds_to(
        self, targets: list[_Target], seat: int, card: Card | None, owns: Callable[..., bool]
    ) -> Iterator[Add]:
        """The additions onto ``targets``: with ``card`` from the hand in every unit, or,
        for ``None``, free ones of loose cards and pile tops only. A unit is one card worth
        the value, or cards adding up to it (aces 1), as ``units.units`` lists them. Never
        made: a hand card's unit for an opponent's build (AUG-5), and a new build on a base
        that ``seat`` may not own (``owns``) unless for a proven partner."""
        partner = self.partner(seat)
        ace_high = self.ace_high
        hv = 0 if card is None else set_value(card)
        for target in targets:
            v = target.value
            base = target.base
            if base is None:  # ``flag``: the side's build
                both = False
                mine = card is None or target.flag
            else:  # ``flag``: the partner is proven to hold the value
                both = target.flag
                mine = owns(v, card)
            if not mine and not both:
                continue
            others, table = target.rest()
            subsets = target.subsets
            found: list[Unit] = []
            if card is None:
                for c in others:
                    if c is not base and worth(c, v, ace_high):  # (``rest``: may hold it)
                        found.append(Unit((c,)))
                for cards in table.get(v, ()):
                    if len(cards) >= 2:
                        found.append(Unit(cards))
            for tsum, seats, tcards in subsets:
                n = len(seats) + (card is not None)
                if not n:
                    continue
                need = v - tsum - hv
                if (need == 0 and n >= 2) or (
                    n == 1 and worth(card if card is not None else tcards[0], v, ace_high)
                ):
                    found.append(Unit((), card, seats))
                if need > 0:
                    for cards in table.get(need, ()):
                        found.append(Unit(cards, card, seats))
            for unit in found:
                if mine:
                    yield Add(v, [unit], base)
                if both:
                    yield Add(v, [unit], base, owner=partner)

    # --- the quick check ----------------------------------------------------------------------

    def _quick_why_not(
        self,
        act: Action,
        seat: int,
        owned: list[int] | None = None,
        restricted: bool | None = None,
    ) -> str | None:
        """``_why_not`` for a step this state generated itself (well formed: its cards are
        where it says, its sums right), worked out from the few facts a step changes instead
        of on a copy: the builds ``seat`` owns, the opponent build it added to, its hand.
        ``owned`` (the values of the builds ``seat`` owns) and ``restricted`` may be given,
        worked out once for a whole listing."""
        hand = self.hands[seat]
        played = self.played
        aug = self.aug_opp
        mine = [b.value for b in self.owns(seat)] if owned is None else owned  # (copied to change)
        if restricted is None:
            restricted = self.restricted()
        used: Card | None = None
        new_owner: int | None = None  # who a new build (or a raise) gives one more to
        if isinstance(act, Capture):
            used = act.card
            if act.build:
                if act.value in mine:
                    mine = [x for x in mine if x != act.value]
                if aug == act.value:
                    aug = None
        elif isinstance(act, Trail):
            used = act.card
            if restricted and mine and played is None:
                return _TWO_1_TRAIL
            if self.insist == "always" and self._can_capture(seat, act.card):
                return _INSIST_3_TRAIL
        elif isinstance(act, Raise):
            b = self.builds[act.value]
            if self.team(b.owner, seat):
                return "you raise only an opponent's build (CASINO-RAISE-1, PART-3)"
            if not b.single:
                return "an augmented build can never be raised (CASINO-RAISE-4)"
            new = act.value + set_value(act.card)
            if new > self.top_value:
                return f"a build is worth at most {self.top_value} (CASINO-RAISE-1)"
            used = act.card
            rest = list(hand)
            rest.remove(used)
            if not any(worth(c, new, self.ace_high) for c in rest):
                return _raise_1(new)
            old = self.builds.get(new)
            if old is not None:
                if not self.team(old.owner, seat):
                    return f"an opponent owns a build of {new} already (CASINO-RAISE-3)"
            else:
                mine = [*mine, new]
                new_owner = seat
        elif isinstance(act, (Build, Add)):
            v = act.value
            used = act.hand
            rest = list(hand)
            if used is not None:
                rest.remove(used)
            old = self.builds.get(v)
            if isinstance(act, Add) and act.base is None:
                assert old is not None
                if not self.team(old.owner, seat):
                    if used is not None:
                        return _AUG_5_HAND
                    if aug is not None and aug != v:
                        return _AUG_ONE
                    if played is not None:
                        return _AUG_5_BEFORE
                    aug = v
                if self.sa and act.units[0].tops and used is None and played is None:
                    return _SA_5_HAND
                if self.held == v and used is not None and v in mine:
                    mine = [x for x in mine if x != v]  # PART-4: the partner owns it now
            elif old is not None:  # a build merged into the side's build of its value
                if not self.team(old.owner, seat):
                    return f"an opponent owns a build of {v} already (CASINO-TAB-4)"
                if not any(worth(c, v, self.ace_high) for c in rest) and not (
                    old.owner != seat and self.proven(old.owner, v)
                ):
                    return _build_2(v)
            else:  # a new build (or base): who owns it
                owner = act.owner
                if owner is None:
                    if not any(worth(c, v, self.ace_high) for c in rest):
                        return _build_2(v)
                    mine = [*mine, v]
                    new_owner = seat
                else:
                    if owner != self.partner(seat) or not self.proven(owner, v):
                        return _PART_2
                    if v in (1, 14) and any(b.value in (1, 14) for b in self.owns(owner)):
                        return _PART_2_ACE
                    new_owner = owner
        else:
            return self._why_not(act, seat)
        if restricted and new_owner is not None and self.owns(new_owner):
            return _TWO_1_ONE
        if used is not None and played is not None:
            return _TURN_1
        now_played = played is not None or used is not None
        need = mine
        if now_played:
            if aug is not None:
                return _AUG_5_CAPTURE
        elif aug is not None:
            need = [*mine, aug]
        if not need:
            return None
        if len(need) == 1:  # one build to keep: any other card worth its value
            v = need[0]
            ace_high = self.ace_high
            kept = False
            for c in hand:
                if c is not used and (
                    c.rank == v if c.rank != ACE else v == 1 or (ace_high and v == 14)
                ):
                    kept = True
                    break
        else:
            kept = _keeps(tuple(need), tuple(hand), used, self.ace_high)
        if not kept:
            if not now_played and aug is not None:
                return _AUG_5_KEEP
            return _TAB_5
        return None


_new = object.__new__
#: How many layouts' tables, capture plans and reaches are kept (``_layout_sums``,
#: ``_capture_plan``, ``_reach``). A search asks again within a few hundred layouts (its
#: instructions are the same with 512 as with 8,192), and an entry kept is some twenty
#: objects that the garbage collector walks again and again while the caches grow: over a
#: 3 s run of random play-outs caches of 8,192 were never full, and the collector's passes
#: (a full one every few hundred moves, over 370,000 objects) took an eighth of the time.
_KEPT = 512


@cache
def _usable(
    n: int, sotho: bool, pile_of: tuple[int, ...]
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per seat, the seats (each with its pile) whose pile top it may use when the pile is
    not empty, in ``usable_piles``' order (CASINO-AUG-2, PILE-4): never its own side's
    pile, nor a partner's but in Sotho, each shared pile once (its first seat: a pile
    empty for one seat is empty for the other)."""
    out = []
    for seat in range(n):
        found: list[tuple[int, int]] = []
        for s in range(n):
            p = pile_of[s]
            if p == pile_of[seat] or any(p == q for _, q in found):
                continue
            if n == 4 and not sotho and s % 2 == seat % 2:
                continue
            found.append((s, p))
        out.append(tuple(found))
    return tuple(out)


#: Each seat's side by the number of players (``CasinoState.side``), a look-up.
_SIDES = {2: (0, 1), 3: (0, 1, 2), 4: (0, 1, 0, 1)}
#: The sums a build or unit may have, 0 to 14, as bits (``_no_free_step``).
_SUMS = (1 << 15) - 1
#: An ace's bit by rank (``_no_free_step``'s masks by rank), and the values it may count.
_ACE_BIT = 1 << ACE
_ACE_VALUES = 2 | 1 << 14
#: The values 2 to the top value (10 or 14) as bits: those a build may have.
_RANGE = {top: (1 << (top + 1)) - 4 for top in (10, 14)}
#: ``_owners``' values a proven partner may own with no partner (only read).
_NO_PARTNER: dict[int, int] = {}


class _OrderKeys(dict[Card, tuple[int, int]]):
    """``order_key`` of each card, made once (a sort's key then runs in C)."""

    def __missing__(self, card: Card) -> tuple[int, int]:
        key = self[card] = order_key(card)
        return key


_ORDER_KEY = _OrderKeys().__getitem__
#: Minus each card's value in a set (``units.sums`` sorts by it), a look-up in C.
_MINUS_VALUE = {c: -set_value(c) for c in FULL}.__getitem__
#: Each card's value in a set (``set_value``), a look-up in C.
_VALUE = {c: set_value(c) for c in FULL}.__getitem__
#: How the lean ``apply`` carries out each kind of listed step.
_LEAN: dict[type, Callable[[CasinoKernel, Any, int], None]] = {
    Capture: CasinoKernel._lean_capture,
    Trail: CasinoKernel._lean_trail,
    Build: CasinoKernel._lean_build,
    Raise: CasinoKernel._lean_raise,
    Add: CasinoKernel._lean_add,
    type(END): CasinoKernel._lean_end,
}

#: A capture's parts but the card and its value (``_capture_plan``): whether it takes the
#: build, its groups, the loose cards and the piles it takes.
_Template = tuple[
    bool, tuple[tuple[tuple[Card, ...], tuple[int, ...]], ...], frozenset[Card], frozenset[int]
]
#: The values each card captures (``rules._values``), ace low and ace high, looked up.
_ACE_BOTH = (1, 14)
_CAPTURE_VALUES = {
    high: {c: _ACE_BOTH if high and c.rank == ACE else _values(c, high) for c in FULL}
    for high in (False, True)
}
#: Each card's trail, one object for every listing (a trail is its card), made at import.
_TRAILS: dict[Card, Trail] = {c: Trail(c) for c in FULL}
_TRAIL_OF = _TRAILS.__getitem__
_tnew: Any = tuple.__new__  # (an ``Event`` without its Python ``__new__``)
_CAPTURES_WORDING = wording.captures
#: Each card's points (CASINO-SCORE-1: an ace or the two of spades 1, the ten of diamonds
#: 2) and whether it is a spade, looked up in C (``CasinoKernel._points``).
_CARD_POINTS = {
    c: 1 if c.rank == ACE or c.code == "2S" else 2 if c.code == "10D" else 0 for c in FULL
}.__getitem__
_SPADE = {c: 1 if c.suit == "S" else 0 for c in FULL}.__getitem__
_BUILDS_WORDING = wording.builds
#: Each seat's trail of each card, one event made at import (events are only read): a
#: trail is nearly half the steps of a play-out.
_TRAIL_EV = tuple(
    {c: _tnew(Event, ("trail", s, wording.trails, {"cards": [c.code]})) for c in FULL}
    for s in range(4)
)


def _trail(card: Card) -> Trail:
    """The trail of ``card``, one object for every listing (a trail is its card)."""
    step = _TRAILS.get(card)
    if step is None:
        step = _TRAILS[card] = Trail(card)
    return step


def _target(
    value: int,
    base: Card | None,
    loose: list[Card],
    table: _Table | None,
    subsets: _Subsets,
    flag: bool,
    whole: _Table | None,
) -> _Target:
    """``_Target(...)`` without ``__init__`` (a type's call and its ``__init__`` cost a
    third more, a few targets a listing)."""
    target = _new(_Target)
    target.value = value
    target.base = base
    target.loose = loose
    target.table = table
    target.subsets = subsets
    target.flag = flag
    target.whole = whole
    return target


def _build(v: int, cards: tuple[Card, ...], hand: Card | None, owner: int | None) -> Build:
    """``Build(v, cards, hand, owner)`` for ``cards`` already in ``order_key``'s order."""
    step = _new(Build)
    step.value = v
    step.loose = cards
    step.hand = hand
    step.owner = owner
    return step


def _unit(cards: tuple[Card, ...], hand: Card | None, tops: tuple[int, ...]) -> Unit:
    """``Unit(cards, hand, tops)`` for ``cards`` already in ``order_key``'s order."""
    unit = _new(Unit)
    unit.loose = cards
    unit.hand = hand
    unit.tops = tops
    return unit


def _add(v: int, unit: Unit, base: Card | None, owner: int | None) -> Add:
    """``Add(v, [unit], base, owner)``."""
    step = _new(Add)
    step.value = v
    step.units = (unit,)
    step.base = base
    step.owner = owner
    return step


def _ordered_sums(loose: tuple[Card, ...]) -> _Table:
    """``units.sums``, the same sets in the same order, with each set's cards in
    ``order_key``'s order, as a step holds them, so that steps are made without sorting
    (``_layout_sums``)."""
    return _layout_sums(loose)[1]


def _walk_sums(loose: tuple[Card, ...]) -> _Table:
    """``units.sums`` itself: each set's cards highest value first (``_layout_sums``)."""
    return _layout_sums(loose)[0]


@lru_cache(maxsize=_KEPT)
def _layout_sums(loose: tuple[Card, ...]) -> tuple[_Table, _Table]:
    """``units.sums`` of ``loose`` twice: as it is (each set's cards in its walk's order,
    highest value first: a capture's units) and with each set's cards in ``order_key``'s
    order (a build's or unit's). One pass with no recursion: the walk's order (every set
    as the positions of its cards in the layout sorted highest first, in lexicographic
    order) is built from the last card back, the sets from card i on being {i}, then i
    with each set from i + 1 on, then the sets from i + 1 on; a set worth more than 14 is
    dropped as the walk drops it. A set is read backwards for ``order_key``'s order,
    unless two of its cards have the same value (then it is sorted). A layout of no card
    or one (a fifth of the layouts listed) is answered at once, and the tables' lists
    become tuples in place: this runs at every new layout, most listings of a play-out."""
    if len(loose) < 3:
        if not loose:
            return _NO_SUMS
        if len(loose) == 2:  # (the most common layout asked anew: no walk)
            return _two_sums(loose[0], loose[1])
        single = (loose[0],)
        x = _VALUE(loose[0])
        return {x: (single,)}, {x: (single,)}
    if len(loose) == 3:  # (three in ten of the layouts asked anew: no walk but for a tie)
        found = _three_sums(loose[0], loose[1], loose[2])
        if found is not None:
            return found
    after: list[tuple[int, tuple[Card, ...], tuple[Card, ...]]] = []
    last = 0
    ties = False  # two cards of one value (next to each other in the walk's order)
    for c in reversed(sorted(loose, key=_MINUS_VALUE)):
        x = _VALUE(c)
        if x == last:
            ties = True
        last = x
        one: tuple[Card, ...] = (c,)
        sets: list[tuple[int, tuple[Card, ...], tuple[Card, ...]]] = [(x, one, one)]
        for t, down, up in after:
            t += x
            if t <= 14:
                sets.append((t, one + down, up + one))
        sets += after
        after = sets
    walk: dict[int, Any] = {}
    up_sets: dict[int, Any] = {}
    for t, down, up in after:
        found = walk.get(t)
        if found is None:
            walk[t] = [down]
            up_sets[t] = [up]
        else:
            found.append(down)
            up_sets[t].append(up)
    for t, downs in walk.items():  # (a value replaced in place: no comprehension to call)
        walk[t] = tuple(downs)
    if ties:
        for t, ups in up_sets.items():
            up_sets[t] = tuple([u if len(u) < 2 else tuple(sorted(u, key=_ORDER_KEY)) for u in ups])
    else:
        for t, ups in up_sets.items():
            up_sets[t] = tuple(ups)
    return walk, up_sets


def _two_sums(a: Card, b: Card) -> tuple[_Table, _Table]:
    """``_layout_sums`` of two cards, written out: the higher first (the layout's order
    for a tie), its sets in the walk's order {a}, {a, b} (when worth at most 14), {b},
    each table's keys in the order they come. A third of the layouts asked anew hold two
    cards; the walk's lists and tuples cost three times this."""
    x = _VALUE(a)
    y = _VALUE(b)
    if y > x:
        a, b, x, y = b, a, y, x
    one = (a,)
    other = (b,)
    t = x + y
    if x == y:  # (a tie: both single cards under one key, the pair in ``order_key``'s order)
        if t > 14:
            return {x: (one, other)}, {x: (one, other)}
        pair = (b, a) if _ORDER_KEY(b) < _ORDER_KEY(a) else (a, b)
        return {x: (one, other), t: ((a, b),)}, {x: (one, other), t: (pair,)}
    if t > 14:
        return {x: (one,), y: (other,)}, {x: (one,), y: (other,)}
    return {x: (one,), t: ((a, b),), y: (other,)}, {x: (one,), t: ((b, a),), y: (other,)}


def _three_sums(a: Card, b: Card, c: Card) -> tuple[_Table, _Table] | None:
    """``_layout_sums`` of three cards of three values, written out (None for a tie: the
    walk sorts its sets then). Highest value first, the walk's sets are {a}, {a, b},
    {a, b, c}, {a, c}, {b}, {b, c}, {c}, each kept when worth at most 14, and each read
    backwards is in ``order_key``'s order. Their totals all differ but {b, c}'s may be
    {a}'s: then that key holds both, where {a} put it. The walk's lists, tuples and
    grouping cost about twice this."""
    x = _VALUE(a)
    y = _VALUE(b)
    z = _VALUE(c)
    if x in (y, z) or y == z:
        return None
    if x < y:
        a, b, x, y = b, a, y, x
    if y < z:
        b, c, y, z = c, b, z, y
        if x < y:
            a, b, x, y = b, a, y, x
    one = (a,)
    walk: _Table = {x: (one,)}
    up: _Table = {x: (one,)}
    t = x + y
    if t <= 14:
        walk[t] = ((a, b),)
        up[t] = ((b, a),)
        t += z
        if t <= 14:
            walk[t] = ((a, b, c),)
            up[t] = ((c, b, a),)
    t = x + z
    if t <= 14:
        walk[t] = ((a, c),)
        up[t] = ((c, a),)
    one = (b,)
    walk[y] = up[y] = (one,)
    t = y + z
    if t == x:  # (the one total that two sets may share: {a}'s key, where it came)
        walk[x] = ((a,), (b, c))
        up[x] = ((a,), (c, b))
    elif t <= 14:
        walk[t] = ((b, c),)
        up[t] = ((c, b),)
    one = (c,)
    walk[z] = up[z] = (one,)
    return walk, up


#: ``_layout_sums`` of no card (only read, as every table it hands out).
_NO_SUMS: tuple[_Table, _Table] = ({}, {})


def _without(table: _Table, base: Card) -> _Table:
    """``table`` (``_ordered_sums``) less the sets holding ``base``: the table of the
    layout without that card, in the same order (the walk's order does not depend on the
    cards left out)."""
    out: _Table = {}
    for total, sets in table.items():
        kept = []
        for cards in sets:
            if base not in cards:
                kept.append(cards)
        if kept:
            out[total] = tuple(kept)
    return out


@lru_cache(maxsize=_KEPT)
def _capture_plan(
    found: tuple[_Group, ...], has_build: bool, maximal_only: bool
) -> tuple[_Template, ...]:
    """The captures of a value in ``_listed_captures``' order, but for the card and the
    value: what every hand card of that value takes, given the units it has to take
    (``found``, ``_take_groups``), with or without a build. Kept across listings by its
    units, which recur when the layout changes elsewhere (a play-out mostly asks anew,
    so the walk is lean: ``packings`` only for two units or more)."""
    if len(found) < 2:  # ``_packed``'s answers for nothing to take, or one unit
        if found and not has_build:  # (the one capture: that unit)
            cards, seats = found[0]
            return ((False, found, frozenset(cards), frozenset(seats)),)
        maximal: list[tuple[_Group, ...]] = [(found[0],)] if found else [()]
        rest: list[tuple[_Group, ...]] = []
    else:
        maximal, rest = _group_packings(found)
    order: list[tuple[bool, tuple[_Group, ...]]] = [
        (has_build, o) for o in maximal if o or has_build
    ]
    if not maximal_only:
        if has_build:  # leaving the build, or some of the loose targets, behind
            order += [(False, o) for o in maximal + rest if o]
            order += [(True, o) for o in rest]
            if found:  # the build alone, leaving every loose target (CAP-4)
                order.append((True, ()))
        else:
            order += [(False, o) for o in rest]
    parts: dict[tuple[_Group, ...], tuple[Any, ...]] = {}
    out = []
    for build, o in order:
        known = parts.get(o)
        if known is None:
            known = parts[o] = _capture_parts(o)
        out.append((build, *known))
    return tuple(out)


#: ``_capture_plan``'s answer for no unit to take and a build: the build alone.
_BUILD_ALONE: tuple[_Template, ...] = ((True, (), frozenset(), frozenset()),)


def _capture_parts(
    option: tuple[_Group, ...],
) -> tuple[tuple[_Group, ...], frozenset[Card], frozenset[int]]:
    """A capture's ``groups``, ``loose`` and ``tops`` for the units of ``option`` (each
    already a group: its loose cards and its piles' seats), as ``Capture.__init__`` makes
    them from ``rules._capture``'s groups."""
    taken: list[Card] = []
    piles: list[int] = []
    for cards, seats in option:
        taken += cards
        piles += seats
    return option, frozenset(taken), frozenset(piles)


def _group_packings(
    found: tuple[_Group, ...],
) -> tuple[list[tuple[_Group, ...]], list[tuple[_Group, ...]]]:
    """``units.packings`` of units given as groups (``_take_groups``): each unit's items
    numbered where they first appear, its loose cards then its pile tops (by seat: one top
    a pile), as ``packings`` numbers a unit's items, so the walk is the same walk."""
    index: dict[object, int] = {}
    masks = []
    for cards, seats in found:
        m = 0
        for c in cards:
            m |= 1 << index.setdefault(c, len(index))
        for t in seats:
            m |= 1 << index.setdefault(t, len(index))
        masks.append(m)
    maximal, other = mask_packings(tuple(masks), MAXIMAL_CAP, OTHER_CAP)
    return (
        [tuple([found[k] for k in picked]) for picked in maximal],
        [tuple([found[k] for k in picked]) for picked in other],
    )


def _take_groups(v: int, ace_high: bool, subsets: _Subsets, table: _Table) -> list[_Group]:
    """``_take_units`` as groups (a unit's loose cards, in its order, and its pile tops'
    seats), what a capture holds: a set of the layout's table is taken as it is, with no
    item made per card. ``subsets``: ``_top_subsets`` of the usable pile tops (``_NO_TOPS``
    for none). ``table``: ``units.sums`` of the loose cards, whose sets of a value are
    its single cards first, in the layout's order (the walk's order: a card of the value
    comes before every card worth less), then the sets of two or more: the units' order.
    An ace is 14 only alone: ace high, the single aces (the sets of 1) come first."""
    out: list[_Group] = []
    if v == 14 and ace_high:
        for cards in table.get(1, ()):  # (only an ace is worth 1)
            out.append((cards, ()))
    for cards in table.get(v, ()):
        out.append((cards, ()))
    if subsets is not _NO_TOPS:
        for total, seats, tcards in subsets:
            if not seats:  # (the empty subset, first)
                continue
            need = v - total
            if need == 0 and len(seats) >= 2:
                out.append(((), seats))
            elif len(seats) == 1:  # (``worth`` inline: a top alone worth the value)
                r = tcards[0].rank
                if r == v if r != ACE else v == 1 or (ace_high and v == 14):
                    out.append(((), seats))
            if need > 0:
                for cards in table.get(need, ()):
                    out.append((cards, seats))
    return out


def _take_units(
    loose: tuple[Card, ...],
    v: int,
    ace_high: bool,
    tops: tuple[Item, ...],
    table: _Table | None = None,
) -> list[tuple[Item, ...]]:
    """``units.units(loose, v, ace_high, tops)`` for a capture (no hand card among the
    extras), the same units in the same order, with plain loops. ``table``: ``units.sums``
    of ``loose``, when known."""
    if table is None:
        table = _walk_sums(loose)
    out: list[tuple[Item, ...]] = []
    for c in loose:
        if c.rank == ACE:
            if v == 1 or (ace_high and v == 14):
                out.append(((c, None),))
        elif c.rank == v:
            out.append(((c, None),))
    for cards in table.get(v, ()):
        if len(cards) >= 2:
            out.append(tuple([(c, None) for c in cards]))
    if tops:
        for picked, total in _top_picks(tops):
            need = v - total
            if (need == 0 and len(picked) >= 2) or (
                len(picked) == 1 and worth(picked[0][0], v, ace_high)
            ):
                out.append(picked)
            if need > 0:
                for cards in table.get(need, ()):
                    out.append((*[(c, None) for c in cards], *picked))
    return out


@lru_cache(maxsize=1024)
def _top_picks(tops: tuple[Item, ...]) -> list[tuple[tuple[Item, ...], int]]:
    """The non-empty subsets of ``tops`` in ``units.units``' order (its bit masks), each
    with the sum of its cards (aces 1)."""
    k = len(tops)
    out = []
    for mask in range(1, 1 << k):
        picked = tuple(tops[i] for i in range(k) if mask >> i & 1)
        out.append((picked, sum(set_value(c) for c, _ in picked)))
    return out


_ANY = Card(2, "S")


def _free_units(target: _Target, ace_high: bool, subsets: _Subsets | None = None) -> list[Unit]:
    """The units with no hand card onto ``target`` (``_adds_to``'s, in its order): one
    loose card worth its value, loose sets of its sum, pile tops alone or with loose sets.
    ``subsets``: the pile tops' subsets a unit may hold (``target.subsets`` by default)."""
    v = target.value
    base = target.base
    others = target.loose
    table = target.table
    if table is None:  # (most targets have it: no call)
        table = target.rest()[1]
    found: list[Unit] = []  # (``_unit`` inline: no call a unit)
    for c in others:  # (``rest``: they may hold the base)
        r = c.rank
        if (r == v if r != ACE else v == 1 or (ace_high and v == 14)) and c is not base:
            unit = _new(Unit)
            unit.loose = (c,)
            unit.hand = None
            unit.tops = ()
            found.append(unit)
    for cards in table.get(v, ()):
        if len(cards) >= 2:
            unit = _new(Unit)
            unit.loose = cards
            unit.hand = None
            unit.tops = ()
            found.append(unit)
    if subsets is None:
        subsets = target.subsets
    if subsets is _NO_TOPS:  # (no pile top to use there)
        return found
    for tsum, seats, tcards in subsets:
        if not seats:
            continue
        need = v - tsum
        if (need == 0 and len(seats) >= 2) or (len(seats) == 1 and worth(tcards[0], v, ace_high)):
            unit = _new(Unit)
            unit.loose = ()
            unit.hand = None
            unit.tops = seats
            found.append(unit)
        if need > 0:
            for cards in table.get(need, ()):
                unit = _new(Unit)
                unit.loose = cards
                unit.hand = None
                unit.tops = seats
                found.append(unit)
    return found


def _card_targets(targets: list[_Target], high: int) -> list[tuple[int, _Target]]:
    """The targets a unit with a hand card may go onto (the side's builds and the bases:
    never an opponent's build, AUG-5), each with the values of the hand cards that may
    have a unit there as bits (``_play_list`` skips the others with one test): a card
    alone worth the value (an ace as 14: ``high``), or with a loose set (of the sums of
    ``rest``) and pile tops (``subsets``) making it up; a pile-top subset alone with
    the card. A superset: the listing works each unit out as before. Each target's
    table (``rest``) is made here."""
    out = []
    for target in targets:
        if target.base is None and not target.flag:
            continue
        v = target.value
        rest = target.table
        if rest is None:
            rest = target.rest()[1]
        fits = 0
        for tsum, seats, _ in target.subsets:
            left = v - tsum  # (what the card and a loose set make up)
            if left <= 0:
                continue
            if seats:  # the card with the tops alone
                fits |= 1 << left
            else:  # the card alone (an ace as 14, ace high)
                fits |= 1 << v | (2 if v == high else 0)
            for t in rest:
                if t < left:
                    fits |= 1 << (left - t)
        out.append((fits, target))
    return out


def _ranks_match(need: list[int], hand: list[Card], ace_high: bool) -> bool:
    """``rules._match``: distinct cards of ``hand`` capture the builds of ``need``. A card
    but an ace captures its rank only, an ace 1 and, ace high, 14, so the matching is a
    count of each rank, the aces' shared by 1 and 14 (no recursion over the hand)."""
    left: dict[int, int] = {}
    for c in hand:
        r = c.rank
        k = 1 if r == ACE else r
        left[k] = left.get(k, 0) + 1
    for v in need:
        if v == 1 or v == 14:
            if v == 14 and not ace_high:
                return False
            v = 1
        n = left.get(v, 0) - 1
        if n < 0:
            return False
        left[v] = n
    return True


def _hand_counts(hand: list[Card], ace_high: bool) -> dict[int, int]:
    """How many cards of ``hand`` capture each value (an ace 1 and, ace high, 14), counted
    in C (``_count_elements`` over each card's value): at three players a hand holds
    13-16 cards, and a Python loop over them was a twentieth of a move."""
    counts: dict[int, int] = {}
    _count_elements(counts, map(_VALUE, hand))
    if ace_high:
        aces = counts.get(1)
        if aces:
            counts[14] = aces
    return counts


def _tops_reach(walk: _Table, subsets: _Subsets, ace_high: bool) -> set[int]:
    """``_reach`` of the layout whose sums are ``walk`` and of the pile tops whose
    ``_top_subsets`` are ``subsets`` (a subset's sums with the loose sets added in C). A
    listing tests the values its hand holds one by one instead (``_capture_list``)."""
    out = set(walk)
    if ace_high and 1 in walk:
        out.add(14)
    values = _CAPTURE_VALUES[ace_high]  # (``rules._values``)
    for tsum, seats, tcards in subsets:
        if not seats:
            continue
        if len(seats) >= 2:
            out.add(tsum)
        else:
            out.update(values[tcards[0]])
        out.update(map(tsum.__add__, walk))
    return out


@lru_cache(maxsize=_KEPT)
def _reach(loose: tuple[Card, ...], tops: tuple[Item, ...], ace_high: bool) -> frozenset[int]:
    """The values that have a unit to capture among ``loose`` cards and pile ``tops``
    (``units.units``: a card worth the value, loose sets of its sum, the tops alone or
    with loose sets): a value outside it takes nothing but its build. (A loose ace is the
    only set whose sum is 1, so ``_tops_reach`` finds the ace high from the sums.)"""
    return frozenset(_tops_reach(_ordered_sums(loose), _top_subsets(tops), ace_high))


@lru_cache(maxsize=4096)
def _packed(
    loose: tuple[Card, ...], v: int, ace_high: bool, tops: tuple[Item, ...]
) -> tuple[list[Opt], list[Opt], bool]:
    """The packings of a capture of value ``v`` (``units.packings``: the maximal ones, the
    empty one when there is no target at all, and the others) and whether there is any
    target. Kept across listings: a search plays out the same public layout again and again
    with other hands. The lists are only read."""
    found = units(loose, v, ace_high, tops)
    if len(found) < 2:  # most often: nothing to take, or one unit (``packings``' answers)
        return ([(found[0],)], [], True) if found else ([()], [], False)
    maximal, rest = packings(found)
    return maximal, rest, True


@lru_cache(maxsize=1024)
def _top_subsets(tops: tuple[Item, ...]) -> list[tuple[int, tuple[int, ...], tuple[Card, ...]]]:
    """Every subset of the usable pile tops (the empty one first, then in the order of
    ``units.units``' bit masks): the sum of its cards (aces 1), its seats, its cards.
    Made by doubling: the masks without the last top's bit come first, in the order of
    the tops before it, then the same with it (no generator per subset: with three usable
    piles, Sotho's four players, the tops change at most moves and a miss is common)."""
    out: list[tuple[int, tuple[int, ...], tuple[Card, ...]]] = [(0, (), ())]
    for card, seat in tops:
        x = _VALUE(card)
        for i in range(len(out)):
            tsum, seats, cards = out[i]
            out.append((tsum + x, seats if seat is None else (*seats, seat), (*cards, card)))
    return out


_NO_TOPS = _top_subsets(())


@lru_cache(maxsize=4096)
def _keeps(
    values: tuple[int, ...], hand: tuple[Card, ...], used: Card | None, ace_high: bool
) -> bool:
    """``_match`` of ``values`` against ``hand`` without ``used``: a listing asks the same
    question for most of its steps, and the next listing again."""
    return _match(list(values), [c for c in hand if c is not used], ace_high)
