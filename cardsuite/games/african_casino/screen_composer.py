"""The African Casino table's move composer, and its steps in words (no Textual here).

Everything is worked out from the view of the seat being shown and, for that seat, its legal
steps: the letters that label the layout (loose cards in layout order, then the builds, then
the pile tops that seat may use), a composition (the kind of step, the hand card, the targets
picked unit by unit, a declared value) and the action *text* it stands for, in the notation
of ``actions.py``. The table asks the game whether that text would be accepted
(``Match.explain``) and shows the answer; nothing here decides legality itself, except for
what the notation cannot even say (a build made of a pile card, a raise with more than the
hand card).

Words are templates: ``[9C]`` is a card, ``{P1}`` a player (zero-based), as in the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...cards import ACE, Card
from ...engine import Action
from .actions import Add, Build, Capture, Raise, Trail, Word, set_value
from .actions import order_key as order_key_card
from .units import Item, partition

#: Labels for table items: every letter but ``v`` (the composer's value key).
LETTERS = "abcdefghijklmnopqrstuwxyz"

#: A table item: ("loose", "9C"), ("build", 9) or ("top", seat).
Key = tuple[str, Any]

#: The kinds of step a hand card can make, in the order tab cycles through them.
CARD_KINDS = ("capture", "build", "add", "raise", "trail")
FREE_KINDS = ("build", "add")
KIND_LETTER = {
    "capture": "c",
    "build": "b",
    "add": "a",
    "raise": "r",
    "trail": "t",
    "end": "e",
    "pass": "n",
    "insist": "y",
    "hold": "y",
}


# --- what the view says -------------------------------------------------------------------


@dataclass
class Table:
    """The facts of the view the composer and the words need, read once per drawing."""

    me: int | None
    players: int
    variant: str
    ace_high: bool
    loose: list[str]
    builds: dict[int, dict[str, Any]]
    pile_of: list[int]
    piles: list[dict[str, Any]]
    hand: list[str]  # sorted by value, aces first (as the table shows it)
    played: bool
    tops: list[int] = field(default_factory=list)  # usable piles, one seat per pile

    @classmethod
    def of(cls, view: dict[str, Any]) -> Table:
        short = view["variant"] == "south-african" or bool(view["options"].get("deck40"))
        t = cls(
            me=view["seat"],
            players=view["players"],
            variant=view["variant"],
            ace_high=not short,
            loose=list(view["loose"]),
            builds={b["value"]: b for b in view["builds"]},
            pile_of=list(view["pile_of"]),
            piles=list(view["piles"]),
            hand=sorted(view["hand"] or [], key=lambda c: order_key_card(Card.parse(c))),
            played=bool(view["played"]),
        )
        t.tops = usable_tops(view, t.me)
        return t

    @property
    def sa(self) -> bool:
        return self.variant == "south-african"

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.players == 4 else None

    def team(self, a: int, b: int) -> bool:
        return a == b or (self.players == 4 and a % 2 == b % 2)

    def pile_cards(self, seat: int) -> list[str]:
        return list(self.piles[self.pile_of[seat]]["cards"])

    def top_card(self, seat: int, depth: int = 0) -> str | None:
        """The card of ``seat``'s pile that a unit takes after ``depth`` earlier ones did."""
        cards = self.pile_cards(seat)
        return cards[-1 - depth] if depth < len(cards) else None


def usable_tops(view: dict[str, Any], me: int | None) -> list[int]:
    """The piles whose top ``me`` may use (CASINO-AUG-2, PILE-4): never its own side's, the
    partner's only in Sotho; one seat per pile, the lowest (the one the notation names)."""
    if me is None:
        return []
    n = view["players"]
    pile_of = view["pile_of"]
    out: list[int] = []
    seen: set[int] = set()
    for s in range(n):
        p = pile_of[s]
        if p == pile_of[me] or p in seen or not view["piles"][p]["size"]:
            continue
        if n == 4 and view["variant"] != "sotho" and s % 2 == me % 2:
            continue
        seen.add(p)
        out.append(s)
    return out


def labelled(table: Table) -> list[tuple[Key, str]]:
    """Every item that keys can target, with its letter (past 25 items, no letter)."""
    keys: list[Key] = [("loose", c) for c in table.loose]
    keys += [("build", v) for v in sorted(table.builds)]
    keys += [("top", s) for s in table.tops]
    return [(k, LETTERS[i] if i < len(LETTERS) else "") for i, k in enumerate(keys)]


# --- the composition ----------------------------------------------------------------------


@dataclass
class Composition:
    """What is being composed: the kind (``auto`` after a click: the first kind that works),
    the hand card (None: a free step), the items picked (each with the unit it went into),
    the unit being filled and the declared value (None: the composer chooses)."""

    kind: str
    card: str | None
    picks: list[tuple[int, Key]] = field(default_factory=list)
    unit: int = 0
    value: int | None = None

    def keys(self) -> set[Key]:
        return {k for _, k in self.picks}

    def units_of_keys(self) -> dict[Key, int]:
        """Each picked item's unit, one-based (a pile's top can be in several)."""
        out: dict[Key, int] = {}
        for u, k in self.picks:
            out.setdefault(k, u + 1)
        return out

    def toggle(self, key: Key) -> None:
        """Put ``key`` into the current unit, or take it out; a card or build in another
        unit moves here. A pile top goes into each unit anew (the card under it, then)."""
        here = (self.unit, key)
        if here in self.picks:
            self.picks.remove(here)
            return
        if key[0] != "top":
            self.picks = [(u, k) for u, k in self.picks if k != key]
        self.picks.append(here)

    def close_unit(self) -> bool:
        """``/``: the current unit is done; the next picks go into a new one."""
        if not any(u == self.unit for u, _ in self.picks):
            return False
        self.unit += 1
        return True

    def drop_last(self) -> bool:
        if not self.picks:
            return False
        self.picks.pop()
        self.unit = max((u for u, _ in self.picks), default=0)
        return True

    def groups(self) -> list[list[Key]]:
        """The picks unit by unit (empty units dropped)."""
        by: dict[int, list[Key]] = {}
        for u, k in self.picks:
            by.setdefault(u, []).append(k)
        return [by[u] for u in sorted(by)]

    def value_choices(self, table: Table) -> list[int]:
        """What ``v`` cycles through: an ace played to capture, or an ace base, as 1 or 14."""
        if not table.ace_high:
            return []
        if self.kind in ("capture", "auto") and self.card and Card.parse(self.card).rank == ACE:
            return [14, 1]
        if self.kind in ("add", "auto"):
            target = _add_target(self.picks)
            if target and target[0] == "loose" and Card.parse(target[1]).rank == ACE:
                return [14, 1]
        return []


@dataclass
class Candidate:
    """One reading of a composition: the action text (None when the notation cannot say it,
    with the composer's own ``reason``) and the step in words. ``then``: the rest of the
    work, when the composition takes two steps (a build, then units added to it): what the
    composer holds once this step is taken."""

    kind: str
    text: str | None
    words: str
    reason: str | None = None
    then: Composition | None = None


#: How the composer and the list name each kind of step, with its article ("Composing an
#: addition"), and a free step's (no hand card).
KIND_NOUN = {
    "capture": "a capture",
    "build": "a build",
    "add": "an addition",
    "raise": "a raise",
    "trail": "a trail",
    "auto": "a play",
}
FREE_NOUN = {"build": "a free build", "add": "a free addition"}


def noun(comp: Composition) -> str:
    """What is being composed, with its article: ``an addition``, ``a free build``."""
    if comp.card is None:
        return FREE_NOUN.get(comp.kind, "a free step")
    return KIND_NOUN.get(comp.kind, "a step")


def candidates(comp: Composition, table: Table) -> list[Candidate]:
    """The readings to try, best first; the table takes the first the game accepts, or
    shows the first with its reason."""
    if comp.kind == "auto":
        kinds = ("capture", "build", "add", "raise") if comp.card else FREE_KINDS
        out: list[Candidate] = []
        for k in kinds:
            out += _MAKERS[k](comp, table)
        return out
    return _MAKERS[comp.kind](comp, table)


def _word_card(code: str) -> str:
    return f"[{code}]"


def _whose(table: Table, owner: int) -> str:
    return "your" if owner == table.me else f"{{P{owner}}}'s"


def _build_words(table: Table, v: int) -> str:
    b = table.builds.get(v)
    if b is None:
        return f"build {v}"
    units = " | ".join("+".join(_word_card(c) for c in u) for u in b["units"])
    return f"{_whose(table, b['owner'])} build {v} ({units})"


def _top_words(table: Table, seat: int, depth: int) -> str:
    card = table.top_card(seat, depth)
    shown = _word_card(card) if card else "?"
    return f"{shown} from {{P{seat}}}'s pile"


def _split(keys: Sequence[Key]) -> tuple[list[str], list[int], list[int]]:
    loose = [k[1] for k in keys if k[0] == "loose"]
    builds = [k[1] for k in keys if k[0] == "build"]
    tops = [k[1] for k in keys if k[0] == "top"]
    return loose, builds, tops


def _part_text(loose: Sequence[str], tops: Sequence[int]) -> str:
    return "+".join([*loose, *(f"top:P{s + 1}" for s in tops)])


def _capture(comp: Composition, table: Table) -> list[Candidate]:
    if comp.card is None:
        return [Candidate("capture", None, "Capture", "a capture needs a card from your hand")]
    card = Card.parse(comp.card)
    keys = [k for _, k in comp.picks]
    loose, builds, tops = _split(keys)
    if not keys:
        return [
            Candidate(
                "capture",
                None,
                f"Capture with {_word_card(comp.card)}",
                "pick what it takes: type the letters of the cards and builds",
            )
        ]
    if card.rank == ACE:
        values = [comp.value] if comp.value else ([14, 1] if table.ace_high else [1])
        if builds and not comp.value and builds[0] in (1, 14):
            values = [builds[0]]
    else:
        values = [card.rank]
    depth: dict[int, int] = {}
    top_items: list[Item] = []
    for s in tops:
        code = table.top_card(s, depth.get(s, 0))
        depth[s] = depth.get(s, 0) + 1
        if code:
            top_items.append((Card.parse(code), s))
    out = []
    for v in values:
        if len(builds) > 1:
            out.append(
                Candidate(
                    "capture",
                    None,
                    f"Capture with {_word_card(comp.card)}",
                    "a card takes only the one build of its value: builds are never combined"
                    " (CASINO-TAB-3)",
                )
            )
            continue
        head = comp.card + (f"={v}" if card.rank == ACE else "")
        items: list[Item] = [(Card.parse(c), None) for c in loose] + top_items
        groups: list[str] = []
        group_words: list[str] = []
        if items:
            split = partition(items, v, table.ace_high)
            parts = [list(items)] if split is None else [list(u) for u in split]
            parts.sort(key=len)  # single cards first, as the game writes them
            for part in parts:
                cs = [
                    c.code
                    for c, s in sorted(part, key=lambda it: order_key_card(it[0]))
                    if s is None
                ]
                ts = [s for c, s in part if s is not None]
                groups.append(_part_text(cs, ts))
                group_words.append(
                    "+".join([*(_word_card(c) for c in cs), *(_top_words(table, s, 0) for s in ts)])
                )
        targets = [f"B{b}" for b in builds] + groups
        text = f"capture {head}: {' '.join(targets)}"
        taken = [_build_words(table, b) for b in builds] + group_words
        count = (
            1
            + len(items)
            + sum(
                sum(len(u) for u in table.builds[b]["units"]) for b in builds if b in table.builds
            )
        )
        as_value = f" as {v}" if card.rank == ACE else ""
        words = (
            f"Capture with {_word_card(comp.card)}{as_value}: {_and(taken)}"
            f" — {count} cards to your pile"
        )
        out.append(Candidate("capture", text, words))
    return out


def _and(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _for_partner(table: Table) -> list[tuple[str, str]]:
    """The ``for`` readings to try: none, then (four players) for the partner, who may be
    proven to hold the value (CASINO-PART-2): (text, words)."""
    partner = table.partner(table.me) if table.me is not None else None
    if partner is None:
        return [("", "")]
    return [("", ""), (f" for P{partner + 1}", f" for {{P{partner}}}")]


def _units_words(units: Sequence[Sequence[Key]], table: Table) -> str:
    """Units in words, ``[7H]+[2C]+[AC] from {P1}'s pile | [9D]``: each pile top as it will
    be when its unit is added (the card under it, for a later unit)."""
    depth: dict[int, int] = {}
    out = []
    for u in units:
        ws = []
        for k in u:
            if k[0] == "build":
                ws.append(_build_words(table, k[1]))
            elif k[0] == "top":
                ws.append(_top_words(table, k[1], depth.get(k[1], 0)))
                depth[k[1]] = depth.get(k[1], 0) + 1
            else:
                ws.append(_word_card(k[1]))
        out.append("+".join(ws))
    return " | ".join(out)


def _picked_words(comp: Composition, table: Table) -> str:
    """Everything picked, unit by unit, and the hand card: what a reading the game cannot
    take still shows, so the work is never lost from sight."""
    out = _units_words(comp.groups(), table)
    if comp.card:
        out = f"{out} and your {_word_card(comp.card)}" if out else f"your {_word_card(comp.card)}"
    return out


def _build(comp: Composition, table: Table) -> list[Candidate]:
    keys = [k for _, k in comp.picks]
    loose, builds, tops = _split(keys)
    hand = comp.card
    cards = [*loose, *([hand] if hand else [])]
    words_cards = " ".join(_word_card(c) for c in loose)
    if hand:
        words_cards = f"{words_cards} and your {_word_card(hand)}"
    picked = f"Build with {_picked_words(comp, table)}"
    # units after the first: the build, then an addition of them to it (two steps)
    routes = _build_then_add(comp, table) if len(comp.groups()) > 1 else []
    if builds:
        return [
            *routes,
            Candidate(
                "build",
                None,
                picked,
                "a build counts only as itself: to put cards onto it, add (a) instead"
                " (CASINO-TAB-3)",
            ),
        ]
    if tops:
        reason = (
            "a pile card never goes into a new build: give it a unit of its own (/), added"
            " once the build is made (CASINO-PILE-2)"
        )
        if len(comp.groups()) > 1 and not routes:
            reason = (
                "each unit added after the build must be worth the build's value (CASINO-AUG-1)"
            )
        return [*routes, Candidate("build", None, picked, reason)]
    if not loose:
        return [
            Candidate(
                "build",
                None,
                "Build",
                "pick the loose cards to build with: type their letters",
            )
        ]
    if routes:
        return routes
    total = sum(set_value(Card.parse(c)) for c in cards)
    free = "" if hand else " (a free step: you still play a card)"
    out = []
    for who, owner in _for_partner(table):
        out.append(
            Candidate(
                "build",
                f"build {total}{who}: {' '.join(cards)}",
                f"Build {total}{owner} from {words_cards}{free}",
            )
        )
    return out


def _worth_key(key: Key, v: int, table: Table, depth: dict[int, int]) -> tuple[int, bool]:
    """A picked item's value in a set and whether it alone is worth ``v`` (an ace 1 or
    14), a pile top as it will be when its unit is added (``depth`` taken before)."""
    if key[0] == "top":
        code = table.top_card(key[1], depth.get(key[1], 0))
        depth[key[1]] = depth.get(key[1], 0) + 1
    else:
        code = key[1]
    if code is None:
        return 0, False
    card = Card.parse(code)
    alone = card.rank == v or (card.rank == ACE and (v == 1 or (v == 14 and table.ace_high)))
    return set_value(card), alone


def _is_unit(unit: Sequence[Key], v: int, table: Table, depth: dict[int, int]) -> bool:
    """CASINO-AUG-1: one card worth ``v``, or two or more adding up to it."""
    worths = [_worth_key(k, v, table, depth) for k in unit]
    if len(worths) == 1:
        return worths[0][1]
    return sum(w for w, _ in worths) == v


def _build_then_add(comp: Composition, table: Table) -> list[Candidate]:
    """The legal route for units that no one step can make (a pile top added to a new
    build, CASINO-PILE-2; a build of several units): a unit of loose cards (with the hand
    card, or without it) is built first, and the other units are then added to it, the
    hand card joining the first it completes (or going alone). Offered only where every
    unit is worth the build's value; the game judges the build, then the addition."""
    groups = comp.groups()
    hand = comp.card
    hv = set_value(Card.parse(hand)) if hand else 0
    top = 14 if table.ace_high else 10
    out: list[Candidate] = []
    for i, g in enumerate(groups):
        if any(k[0] != "loose" for k in g):
            continue
        rest = [list(u) for j, u in enumerate(groups) if j != i]
        if any(k[0] == "build" for u in rest for k in u):
            continue  # a build is never part of a unit (CASINO-TAB-3)
        total = sum(set_value(Card.parse(k[1])) for k in g)
        options = [(total + hv, True)] if hand else []
        options.append((total, False))
        for v, with_hand in options:
            if v > top or len(g) + with_hand < 2:
                continue
            units: list[list[Key]] = [list(u) for u in rest]
            if hand and not with_hand:
                depth: dict[int, int] = {}
                for u in units:
                    if sum(_worth_key(k, v, table, depth)[0] for k in u) + hv == v:
                        u.append(("hand", hand))
                        break
                else:
                    units.append([("hand", hand)])
            depth = {}
            if not all(_is_unit(u, v, table, depth) for u in units):
                continue
            cards = [k[1] for k in g] + ([hand] if hand and with_hand else [])
            made = " ".join(_word_card(k[1]) for k in g)
            if hand and with_hand:
                made += f" and your {_word_card(hand)}"
            added = _units_words(units, table)
            free = "" if hand else " (free steps: you still play a card)"
            then = Composition(
                "add",
                None if with_hand else hand,
                [(0, ("build", v))] + [(j, k) for j, u in enumerate(rest) for k in u],
                unit=max(0, len(rest) - 1),
            )
            out.append(
                Candidate(
                    "build",
                    f"build {v}: {' '.join(cards)}",
                    f"Build {v} from {made}, then add {added} to it{free}",
                    then=then,
                )
            )
    return out


def _add_target(picks: Sequence[tuple[int, Key]]) -> Key | None:
    """What an addition goes onto: the build picked, else the first loose card (a base)."""
    for _, k in picks:
        if k[0] == "build":
            return k
    for _, k in picks:
        if k[0] == "loose":
            return k
    return None


def _key_value(key: Key, table: Table) -> int:
    if key[0] == "loose":
        return set_value(Card.parse(key[1]))
    if key[0] == "top":
        code = table.top_card(key[1])
        return set_value(Card.parse(code)) if code else 0
    return 0


def _add(comp: Composition, table: Table) -> list[Candidate]:
    target = _add_target(comp.picks)
    if target is None:
        return [
            Candidate(
                "add",
                None,
                "Add",
                "first pick the build (or the loose card, as a base) to add to",
            )
        ]
    if target[0] == "build":
        values = [target[1]]
        target_text = f"B{target[1]}"
        onto = _build_words(table, target[1])
    else:
        base = Card.parse(target[1])
        if base.rank == ACE:
            values = [comp.value] if comp.value else ([14, 1] if table.ace_high else [1])
        else:
            values = [base.rank]
        target_text = target[1]
        onto = _word_card(target[1])
    groups = [[k for k in g if k != target] for g in comp.groups()]
    groups = [g for g in groups if g]
    out = []
    if target[0] == "loose" and len(comp.groups()) > 1:
        # no build picked: the first unit may be one to build, the others added after it
        # (tried after the base's readings: the table takes the first the game accepts)
        routes = _build_then_add(comp, table)
    else:
        routes = []
    for v in values:
        units = _add_units(groups, v, table)
        hand = comp.card
        if hand:
            hv = set_value(Card.parse(hand))
            for u in units:
                if sum(_key_value(k, table) for k in u) + hv == v:
                    u.append(("hand", hand))
                    break
            else:
                units.append([("hand", hand)])
        if not units:
            out.append(
                Candidate(
                    "add",
                    None,
                    f"Add to {onto}",
                    "pick the cards to add: type their letters (/ starts another unit)",
                )
            )
            continue
        depth: dict[int, int] = {}
        unit_texts, unit_words = [], []
        for u in units:
            cs = [k[1] for k in u if k[0] in ("loose", "hand")]
            ts = [k[1] for k in u if k[0] == "top"]
            unit_texts.append(_part_text(cs, ts))
            ws = [_word_card(c) for c in cs]
            for s in ts:
                ws.append(_top_words(table, s, depth.get(s, 0)))
                depth[s] = depth.get(s, 0) + 1
            unit_words.append("+".join(ws))
        head = target_text + (
            f"={v}" if target[0] == "loose" and Card.parse(target[1]).rank == ACE else ""
        )
        body = " | ".join(unit_texts)
        what = " | ".join(unit_words)
        fors = _for_partner(table) if target[0] == "loose" else [("", "")]
        for who, owner in fors:
            if target[0] == "build":
                words = f"Add {what} to {onto}"
            else:
                words = f"Make {onto} a base of {v}{owner} and add {what}"
            if not hand:
                words += " (a free step)"
            out.append(Candidate("add", f"add {head}{who}: {body}", words))
    return out + routes


def _add_units(groups: list[list[Key]], v: int, table: Table) -> list[list[Key]]:
    """The typed units; a unit of loose cards only that is several units' worth is split
    into them (the order of its cards never matters)."""
    out: list[list[Key]] = []
    for g in groups:
        if all(k[0] == "loose" for k in g) and len(g) > 2:
            items: list[Item] = [(Card.parse(k[1]), None) for k in g]
            total = sum(set_value(c) for c, _ in items)
            if total != v:
                split = partition(items, v, table.ace_high)
                if split is not None and len(split) > 1:
                    out += [[("loose", c.code) for c, _ in u] for u in split]
                    continue
        out.append(list(g))
    return out


def _raise(comp: Composition, table: Table) -> list[Candidate]:
    if comp.card is None:
        return [Candidate("raise", None, "Raise", "a raise needs a card from your hand")]
    keys = [k for _, k in comp.picks]
    _, builds, _ = _split(keys)
    if not builds:
        return [
            Candidate(
                "raise",
                None,
                f"Raise with {_word_card(comp.card)}",
                "pick the opponent's build to raise: type its letter",
            )
        ]
    if len(keys) > 1:
        return [
            Candidate(
                "raise",
                None,
                f"Raise with {_word_card(comp.card)}",
                "a raise adds only your card, to one build (CASINO-RAISE-1)",
            )
        ]
    v = builds[0]
    new = v + set_value(Card.parse(comp.card))
    words = (
        f"Raise {_build_words(table, v)} with {_word_card(comp.card)} to {new}: it becomes yours"
    )
    return [Candidate("raise", f"raise B{v}: {comp.card}", words)]


def _trail(comp: Composition, table: Table) -> list[Candidate]:
    if comp.card is None:
        return [Candidate("trail", None, "Trail", "a trail needs a card from your hand")]
    words = f"Trail {_word_card(comp.card)}: lay it on the layout, taking nothing"
    if comp.picks:
        return [
            Candidate(
                "trail",
                None,
                words,
                "a trail takes nothing: take the targets out (backspace), or tab to another kind",
            )
        ]
    return [Candidate("trail", f"trail {comp.card}", words)]


_MAKERS = {
    "capture": _capture,
    "build": _build,
    "add": _add,
    "raise": _raise,
    "trail": _trail,
}


# --- legal steps: order, material, words ---------------------------------------------------


def hand_card(act: Action) -> str | None:
    """The hand card a step plays, if any."""
    if isinstance(act, (Capture, Raise, Trail)):
        return act.card.code
    if isinstance(act, (Build, Add)):
        return act.hand.code if act.hand is not None else None
    return None


def material(act: Action) -> set[Key]:
    """The table items a step uses (its targets, its units' cards, pile tops)."""
    out: set[Key] = set()
    if isinstance(act, Capture):
        if act.build:
            out.add(("build", act.value))
        out |= {("loose", c.code) for c in act.loose}
        out |= {("top", s) for s in act.tops}
    elif isinstance(act, Build):
        out |= {("loose", c.code) for c in act.loose}
    elif isinstance(act, Add):
        out.add(("build", act.value) if act.base is None else ("loose", act.base.code))
        for u in act.units:
            out |= {("loose", c.code) for c in u.loose}
            out |= {("top", s) for s in u.tops}
    elif isinstance(act, Raise):
        out.add(("build", act.value))
    return out


def points(code: str) -> int:
    """A card's worth to its capturer in tenths of a point (SCORE-1, roughly): the list's
    "best" order. Whole numbers, so that sums never depend on the order they are added in."""
    c = Card.parse(code)
    p = 1 + (2 if c.suit == "S" else 0)
    if c.rank == ACE or c.code == "2S":
        p += 10
    if c.code == "10D":
        p += 20
    return p


def taken(act: Capture, table: Table) -> list[str]:
    """The cards a capture puts on the pile (the capturing card first)."""
    out = [act.card.code, *(c.code for cs, _ in act.groups for c in cs)]
    if act.build and act.value in table.builds:
        out += [c for u in table.builds[act.value]["units"] for c in u]
    for s in act.tops:
        top = table.top_card(s)
        if top:
            out.append(top)
    return out


def order_key(act: Action, table: Table) -> tuple[float, ...]:
    """Best first: captures by cards and points taken, then builds, adds, raises, trails;
    free steps after the plays; ending the turn first once the card is played; an answer's
    pass before insisting or asking to hold."""
    if isinstance(act, Word):
        return (-1.0,) if act.word in ("end", "pass") else (-0.5,)
    if isinstance(act, Capture):
        cards = taken(act, table)
        return (0.0, -len(cards), -sum(points(c) for c in cards))
    free = hand_card(act) is None
    if isinstance(act, Build):
        return (5.0 if free else 1.0, -act.value)
    if isinstance(act, Add):
        return (6.0 if free else 2.0, -len(act.units))
    if isinstance(act, Raise):
        return (3.0, -act.value)
    return (4.0,)


def kind_of(act: Action) -> str:
    if isinstance(act, Capture):
        return "capture"
    if isinstance(act, Build):
        return "build"
    if isinstance(act, Add):
        return "add"
    if isinstance(act, Raise):
        return "raise"
    if isinstance(act, Trail):
        return "trail"
    return act.word if isinstance(act, Word) else "step"


def _unit_words(u: Any, table: Table, depth: dict[int, int]) -> str:
    ws = [_word_card(c.code) for c in u.loose]
    if u.hand is not None:
        ws.append(_word_card(u.hand.code))
    for s in u.tops:
        ws.append(_top_words(table, s, depth.get(s, 0)))
        depth[s] = depth.get(s, 0) + 1
    return "+".join(ws)


def words(act: Action, table: Table) -> str:
    """A step in full words (the preview)."""
    if isinstance(act, Capture):
        parts = [_build_words(table, act.value)] if act.build else []
        for cs, ts in act.groups:
            parts.append(
                "+".join(
                    [*(_word_card(c.code) for c in cs), *(_top_words(table, s, 0) for s in ts)]
                )
            )
        as_value = f" as {act.value}" if act.card.rank == ACE else ""
        n = len(taken(act, table))
        head = f"Capture with {_word_card(act.card.code)}{as_value}"
        return f"{head}: {_and(parts)} — {n} cards to your pile"
    if isinstance(act, Build):
        cards = " ".join(_word_card(c.code) for c in act.loose)
        hand = f" and your {_word_card(act.hand.code)}" if act.hand else ""
        owner = f" for {{P{act.owner}}}" if act.owner is not None else ""
        free = "" if act.hand else " (a free step: you still play a card)"
        return f"Build {act.value}{owner} from {cards}{hand}{free}"
    if isinstance(act, Add):
        depth: dict[int, int] = {}
        what = " | ".join(_unit_words(u, table, depth) for u in act.units)
        free = "" if act.hand else " (a free step)"
        if act.base is None:
            return f"Add {what} to {_build_words(table, act.value)}{free}"
        owner = f" for {{P{act.owner}}}" if act.owner is not None else ""
        return f"Make {_word_card(act.base.code)} a base of {act.value}{owner} and add {what}{free}"
    if isinstance(act, Raise):
        new = act.value + set_value(act.card)
        return (
            f"Raise {_build_words(table, act.value)} with {_word_card(act.card.code)} to {new}:"
            " it becomes yours"
        )
    if isinstance(act, Trail):
        return f"Trail {_word_card(act.card.code)}, taking nothing"
    if isinstance(act, Word):
        return {
            "end": "End your turn",
            "pass": "Pass: let it go",
            "insist": "Insist",
            "hold": f"Ask your partner to hold build {act.value}",
        }.get(act.word, str(act))
    return str(act)


def short(act: Action, table: Table) -> str:
    """A step in a few words (the list of plays), after its kind letter."""
    if isinstance(act, Capture):
        parts = [f"B{act.value}"] if act.build else []
        for cs, ts in act.groups:
            bits = [_word_card(c.code) for c in cs]
            bits += [_word_card(table.top_card(s) or "?") for s in ts]
            parts.append("+".join(bits))
        return f"{' '.join(parts)} ({len(taken(act, table))})"
    if isinstance(act, Build):
        cards = [*(c.code for c in act.loose), *([act.hand.code] if act.hand else [])]
        owner = f" for {{P{act.owner}}}" if act.owner is not None else ""
        return f"{act.value}{owner}: {'+'.join(_word_card(c) for c in cards)}"
    if isinstance(act, Add):
        depth: dict[int, int] = {}
        what = " | ".join(_unit_words(u, table, depth) for u in act.units)
        if act.base is None:
            return f"B{act.value} ← {what}"
        return f"{_word_card(act.base.code)}={act.value} ← {what}"
    if isinstance(act, Raise):
        return f"B{act.value} → {act.value + set_value(act.card)}"
    if isinstance(act, Trail):
        return _word_card(act.card.code)
    return words(act, table)


__all__ = [
    "CARD_KINDS",
    "FREE_KINDS",
    "FREE_NOUN",
    "KIND_LETTER",
    "KIND_NOUN",
    "LETTERS",
    "Candidate",
    "Composition",
    "Key",
    "Table",
    "candidates",
    "hand_card",
    "kind_of",
    "labelled",
    "material",
    "noun",
    "order_key",
    "short",
    "usable_tops",
    "words",
]
