"""African Casino, the reference: what each step does to the table.

``rules.py`` decides which steps are legal (``_why_not`` carries a step out on a copy with
``_do`` and asks whether the turn can still end); this module is ``_do``: each step's own
checks (the rule IDs it enforces) and its changes to hands, layout, builds and piles, with
what the log says. Each function is a method of ``CasinoState`` (``rules.py`` binds them in
its class body, so ``self`` is the state and a subclass overrides them as methods); the
kernel overrides some with leaner paths, and ``tests/contract/test_lockstep.py`` holds it
to them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...cards import ACE, Card
from ...engine import Action, Event, IllegalAction
from . import wording
from .actions import Add, Build, Capture, Raise, Trail, Unit, Word, order_key, set_value
from .builds import Pile
from .refusals import (
    _AUG_5_BEFORE,
    _AUG_5_HAND,
    _AUG_ONE,
    _INSIST_3_TRAIL,
    _PART_2,
    _PART_2_ACE,
    _SA_5_HAND,
    _TURN_1,
    _TWO_1_TRAIL,
    _build_2,
    _raise_1,
)
from .units import Item, partition, worth

if TYPE_CHECKING:
    from .rules import CasinoState


def _do(self: CasinoState, act: Action, seat: int) -> None:
    """Carry out ``act`` for ``seat``, refusing what breaks a rule of the step itself
    (not whether the turn can still end: ``_cannot_end``). Leaves the state half-changed
    when it refuses: callers work on a copy."""
    if isinstance(act, Word):
        self._word(act, seat)
    elif isinstance(act, Capture):
        self._capture(act, seat)
    elif isinstance(act, Build):
        self._build(act, seat)
    elif isinstance(act, Raise):
        self._raise(act, seat)
    elif isinstance(act, Add):
        self._add(act, seat)
    elif isinstance(act, Trail):
        self._trail(act, seat)
    else:
        raise IllegalAction("that is not an African Casino step")


def _use_hand(self: CasinoState, seat: int, card: Card) -> None:
    """CASINO-TURN-1: the one card of the turn's play leaves the hand."""
    if self.played is not None:
        raise IllegalAction(_TURN_1)
    if card not in self.hands[seat]:
        raise IllegalAction(f"you do not hold {card.code}")
    self.hands[seat].remove(card)
    self.played = card
    self.proofs.discard((seat, card.rank))  # PART-2: the proof ends when it is played


def _take_loose(self: CasinoState, cards: Sequence[Card]) -> None:
    for c in cards:
        if c is self.trailed:
            raise IllegalAction("the card you trailed this turn stays out of it (CASINO-TURN-3)")
        if c not in self.loose:
            raise IllegalAction(f"{c.code} is not a loose card on the layout")
        self.loose.remove(c)


def _take_top(self: CasinoState, seat: int, of: int) -> Card:
    """CASINO-PILE-1, AUG-2, PILE-4: the top of a pile ``seat`` may use."""
    if 0 <= of < self.n and not self.piles[self.pile_of[of]]:
        raise IllegalAction(f"P{of + 1}'s pile is empty: it has no top card")
    if of not in self.usable_piles(seat):
        raise IllegalAction(
            f"you may not use P{of + 1}'s pile (only opponents' tops, never your own)"
            " (CASINO-AUG-2)"
        )
    return self.piles[self.pile_of[of]].pop()


def _capture(self: CasinoState, act: Capture, seat: int) -> None:
    """CASINO-CAP-1..5, VAR-SA 4 and 7."""
    v, card = act.value, act.card
    if not worth(card, v, self.ace_high):
        raise IllegalAction(f"{card.code} cannot count {v}")
    if act.tops and not self.sa:
        raise IllegalAction(
            "a pile card is taken only by adding it to a build you capture (CASINO-CAP-3)"
        )
    tops = [t for _, ts in act.groups for t in ts]
    if len(set(tops)) != len(tops):
        raise IllegalAction("a capture takes at most one card of each pile (CASINO-VAR-SA 4)")
    if act.order is not None and self.sa:
        raise IllegalAction(
            "a captured batch lies in numerical order, lowest uppermost (CASINO-VAR-SA 7)"
        )
    self._use_hand(seat, card)
    taken: list[Card] = []
    if act.build:
        b = self.builds.pop(v, None)
        if b is None:
            raise IllegalAction(f"there is no build of {v}")
        if b.owner != seat:
            self.proofs.add((b.owner, ACE if v in (1, 14) else v))  # PART-2
        if self.aug_opp == v:
            self.aug_opp = None  # AUG-5 done: the build added to is taken
        taken += b.cards()
    items: list[Item] = []
    for cs, ts in act.groups:
        self._take_loose(cs)
        items += [(c, None) for c in cs]
        items += [(self._take_top(seat, t), t) for t in ts]
    if items and partition(items, v, self.ace_high) is None:
        raise IllegalAction(f"those cards do not make units of {v} (CASINO-CAP-1)")
    taken += [c for c, _ in items]
    if self.sa:  # VAR-SA 7: numerical order, lowest uppermost
        batch = sorted([*taken, card], key=order_key, reverse=True)
    elif act.order is not None:  # CAP-5: the capturer's order, bottom to top
        if sorted(act.order, key=order_key) != sorted(taken, key=order_key):
            raise IllegalAction(
                "order names each card taken once, not the capturing card (CASINO-CAP-5)"
            )
        batch = [*act.order, card]
    else:  # CAP-5 [D]: the lowest just under the capturing card, the highest at the bottom
        batch = [*sorted(taken, key=order_key, reverse=True), card]
    self.piles[self.pile_of[seat]] += batch
    self.last_capturer = seat
    data: dict[str, Any] = {
        "cards": [card.code, *(c.code for c in taken)],
        "value": v,
        "build": act.build,
    }
    if act.tops:  # VAR-SA 4: the log says whose pile each top came from
        data["tops"] = [[s, c.code] for c, s in items if s is not None]
    self.events.append(Event("capture", seat, wording.captures, data))


def _check_value(self: CasinoState, v: int) -> None:
    if not 1 <= v <= self.top_value:
        raise IllegalAction(f"builds are worth 1 to {self.top_value}")


def _holds_for(self: CasinoState, seat: int, v: int) -> bool:
    return any(worth(c, v, self.ace_high) for c in self.hands[seat])


def _owner_for(self: CasinoState, seat: int, v: int, owner: int | None) -> int:
    """Who owns a new build of ``v`` that ``seat`` makes: himself (and he must hold a
    capturing card, CASINO-BUILD-2, BUILD-4), or a proven partner (CASINO-PART-2)."""
    if owner is None or owner == seat:
        if not self._holds_for(seat, v):
            raise IllegalAction(_build_2(v))
        return seat
    if owner != self.partner(seat) or not self.proven(owner, v):
        raise IllegalAction(_PART_2)
    if v in (1, 14) and any(b.value in (1, 14) for b in self.owns(owner)):
        raise IllegalAction(_PART_2_ACE)
    return owner


def _new_unit(
    self: CasinoState, seat: int, v: int, unit: tuple[Card, ...], owner: int | None
) -> None:
    """A new set of ``v``: a build of its own, or a unit of the side's build of that value
    (merge, CASINO-BUILD-5); an opponent's build of that value forbids it (TAB-4)."""
    old = self.builds.get(v)
    if old is None:
        self.builds[v] = Pile(v, self._owner_for(seat, v, owner), [unit])
        return
    if not self.team(old.owner, seat):
        raise IllegalAction(f"an opponent owns a build of {v} already (CASINO-TAB-4)")
    if not self._holds_for(seat, v) and not (old.owner != seat and self.proven(old.owner, v)):
        raise IllegalAction(_build_2(v))
    old.units.append(unit)


def _build(self: CasinoState, act: Build, seat: int) -> None:
    """CASINO-BUILD-1..5 (no pile card in a build, BUILD-3: a build names none)."""
    v = act.value
    self._check_value(v)
    cards = [*act.loose, *([act.hand] if act.hand else [])]
    if len(cards) < 2 or sum(set_value(c) for c in cards) != v:
        raise IllegalAction(f"a build is two or more cards adding up to {v} (CASINO-BUILD-1)")
    self._take_loose(act.loose)
    if act.hand is not None:
        self._use_hand(seat, act.hand)
    self._new_unit(seat, v, tuple(cards), act.owner)
    self._log_build(seat, "builds", v, act.hand, (tuple(cards),), owner=act.owner)


def _raise(self: CasinoState, act: Raise, seat: int) -> None:
    """CASINO-RAISE-1..4."""
    b = self.builds.get(act.value)
    if b is None:
        raise IllegalAction(f"there is no build of {act.value}")
    if self.team(b.owner, seat):
        raise IllegalAction("you raise only an opponent's build (CASINO-RAISE-1, PART-3)")
    if not b.single:
        raise IllegalAction("an augmented build can never be raised (CASINO-RAISE-4)")
    new = act.value + set_value(act.card)
    if new > self.top_value:
        raise IllegalAction(f"a build is worth at most {self.top_value} (CASINO-RAISE-1)")
    self._use_hand(seat, act.card)
    del self.builds[act.value]
    self.proofs.add((b.owner, ACE if act.value in (1, 14) else act.value))  # PART-2
    if not self._holds_for(seat, new):
        raise IllegalAction(_raise_1(new))
    unit = (*b.units[0], act.card)
    old = self.builds.get(new)
    if old is None:
        self.builds[new] = Pile(new, seat, [unit])  # RAISE-2: the raiser owns it
    elif not self.team(old.owner, seat):
        raise IllegalAction(f"an opponent owns a build of {new} already (CASINO-RAISE-3)")
    else:
        old.units.append(unit)  # merge: the existing owner keeps it
    self._log_build(seat, "raises to", new, act.card, ((act.card,),), old=act.value)


def _add(self: CasinoState, act: Add, seat: int) -> None:
    """CASINO-AUG-1..6, PILE-1..3, VAR-SA 5: the units go onto the build of the value,
    or make the base card a new build (AUG-4)."""
    v = act.value
    self._check_value(v)
    if not act.units:
        raise IllegalAction("an addition needs a unit")
    build = self.builds.get(v)
    if act.base is not None:
        if build is not None:
            raise IllegalAction(f"there is a build of {v} already: add to it (CASINO-AUG-4)")
        if not worth(act.base, v, self.ace_high):
            raise IllegalAction(f"{act.base.code} is not worth {v}")
        self._take_loose([act.base])
    elif build is None:
        raise IllegalAction(f"there is no build of {v}")
    hands_used = [u.hand for u in act.units if u.hand is not None]
    if len(hands_used) > 1:
        raise IllegalAction("an addition takes at most one card from your hand (CASINO-AUG-2)")
    mine = build is not None and build.owner == seat
    added = [self._add_unit(seat, v, u, mine and act.base is None) for u in act.units]
    units = [cards for cards, _ in added]
    if self.sa and any(u.tops for u in act.units) and self.played is None:
        raise IllegalAction(_SA_5_HAND)
    if build is None:
        assert act.base is not None
        owner = self._owner_for(seat, v, act.owner)
        self.builds[v] = Pile(v, owner, [(act.base,), *units])
    else:
        self._add_to_build(seat, build, act, bool(hands_used))
        build.units += units
    self._log_build(
        seat,
        "adds to",
        v,
        hands_used[0] if hands_used else None,
        units,
        [top for _, tops in added for top in tops],
        base=act.base,
        owner=act.owner,
    )


def _add_unit(
    self: CasinoState, seat: int, v: int, u: Unit, own_build: bool
) -> tuple[tuple[Card, ...], list[tuple[int, Card]]]:
    """One unit of an addition taken from the layout, the hand and pile tops: its cards
    and the tops it took (seat, card). CASINO-AUG-1: one card worth ``v`` or cards adding
    up to it; PILE-3: a top exposed by an earlier unit may join a later one."""
    self._take_loose(u.loose)
    if u.hand is not None:
        self._use_hand(seat, u.hand)
    tops = []
    if u.tops:
        if self.sa and not own_build:
            raise IllegalAction("pile cards go only onto your own build (CASINO-VAR-SA 5)")
        if len(set(u.tops)) != len(u.tops):
            raise IllegalAction("a unit takes at most one card of a pile (CASINO-PILE-3)")
        tops = [self._take_top(seat, t) for t in u.tops]
    cards = (*u.loose, *([u.hand] if u.hand else []), *tops)
    if not cards:
        raise IllegalAction("every unit needs cards")
    if len(cards) == 1:
        if not worth(cards[0], v, self.ace_high):
            raise IllegalAction(f"{cards[0].code} is not worth {v} (CASINO-AUG-1)")
    elif sum(set_value(c) for c in cards) != v:
        raise IllegalAction(f"a unit must add up to {v} (CASINO-AUG-1)")
    return cards, list(zip(u.tops, tops, strict=True))


def _add_to_build(self: CasinoState, seat: int, build: Pile, act: Add, from_hand: bool) -> None:
    """An addition to a standing build: a team build at any time (AUG-3); an opponent's
    only with loose cards and pile tops before the play that captures it (AUG-5); a
    partner's hold request granted makes the partner its owner (PART-4)."""
    if act.owner is not None:
        raise IllegalAction("`for` names the owner of a new build only")
    if not self.team(build.owner, seat):
        if from_hand:
            raise IllegalAction(_AUG_5_HAND)
        if self.aug_opp is not None and self.aug_opp != act.value:
            raise IllegalAction(_AUG_ONE)
        if self.played is not None:
            raise IllegalAction(_AUG_5_BEFORE)
        self.aug_opp = act.value
    if self.held == act.value and from_hand and self.pending is not None:
        partner = self.partner(seat)
        assert partner is not None
        build.owner = partner  # PART-4: the partner who asked owns it now


def _trail(self: CasinoState, act: Trail, seat: int) -> None:
    """CASINO-TRAIL-1, TWO-1, INSIST-3 ``always``."""
    card = act.card
    if self.restricted() and self.owns(seat) and self.played is None:
        raise IllegalAction(_TWO_1_TRAIL)
    if self.insist == "always" and self._can_capture(seat, card):
        raise IllegalAction(_INSIST_3_TRAIL)
    self._use_hand(seat, card)
    self.loose.append(card)
    self.trailed = card
    self.events.append(Event("trail", seat, wording.trails, {"cards": [card.code]}))


def _log_build(
    self: CasinoState,
    seat: int,
    verb: str,
    v: int,
    hand: Card | None,
    units: Sequence[tuple[Card, ...]],
    tops: Sequence[tuple[int, Card]] = (),
    **more: Any,
) -> None:
    """The log's line for a build, raise or addition (``wording.build_event``)."""
    b = self.builds.get(v)
    cards, size = (b.cards(), len(b.units)) if b else ([], 0)
    self.events.append(wording.build_event(seat, verb, v, cards, size, hand, units, tops, **more))
