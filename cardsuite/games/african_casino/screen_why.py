"""Why a hand card has no play (no Textual here): each kind of play with it is tried on the
game and the rule that stops it is said, so a player learns it without pressing ``t`` or
``c`` to find out (issue 32, item 27).

The steps tried are written from the view of the seat shown (the table's ``Table``), in the
action notation, and put to the game through the function the table gives
(``Match.explain``: tried on a copy, nothing changes); nothing here decides legality. Only
where no step of a kind can even be written (no card or set of the card's value on the
layout, no build to raise) is the reason the table's own, and it cites the rule that says
what such a step needs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...cards import ACE, Card
from .actions import set_value
from .screen_composer import Table
from .units import sums

#: The most steps of one kind put to the game (each is a copy of the position played on).
TRIES = 12


@dataclass(frozen=True)
class Why:
    """The kinds of play (``capture`` ...) one reason stops, and the reason in words with
    its rule's ID, as the game says it: ``... (CASINO-TWO-1)``; ``tried``: the game refused
    steps of these kinds (else none could be written: nothing to take, no build to raise)."""

    kinds: tuple[str, ...]
    reason: str
    tried: bool = True


#: The order reasons are told in: the trail first (the play any card has, so its refusal
#: is the surprise), then the kinds as the composer cycles them.
ORDER = ("trail", "capture", "build", "add", "raise")


def no_play_reasons(card: str, table: Table, explain: Callable[[str], str | None]) -> list[Why]:
    """Why each kind of play with ``card`` is refused, kinds that share a reason together:
    the rules that refused a step first (in ``ORDER``), then the kinds no step of which
    could even be written. For a kind refused for several reasons, the commonest. An empty
    list when some step with the card is taken after all."""
    by_kind: dict[str, tuple[str, bool]] = {}
    for kind in ORDER:
        texts, missing = _TRIES[kind](card, table)
        if not texts:
            by_kind[kind] = (missing, False)
            continue
        reasons: Counter[str] = Counter()
        for text in texts[:TRIES]:
            reason = explain(text)
            if reason is None:
                return []
            reasons[reason] += 1
        by_kind[kind] = (reasons.most_common(1)[0][0], True)
    out: list[Why] = []
    for tried in (True, False):
        told = [r for r, t in by_kind.values() if t is tried]
        for reason in dict.fromkeys(told):
            kinds = tuple(k for k in ORDER if by_kind[k] == (reason, tried))
            out.append(Why(kinds, reason, tried))
    return out


# --- the steps of each kind to try: (texts, the reason when there is none) -----------------


def _values(card: Card, table: Table) -> list[int]:
    """What a card counts when it captures or is a base (CASINO-DECK-3)."""
    if card.rank == ACE:
        return [14, 1] if table.ace_high else [1]
    return [card.rank]


def _loose(table: Table, but: Sequence[str] = ()) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in table.loose if c not in but)


def _capture(code: str, table: Table) -> tuple[list[str], str]:
    card = Card.parse(code)
    texts: list[str] = []
    values = _values(card, table)
    for v in values:
        head = code + (f"={v}" if card.rank == ACE else "")
        targets = [f"B{v}"] if v in table.builds else []
        loose = _loose(table)
        targets += [c.code for c in loose if _worth(c, v, table)]
        targets += ["+".join(c.code for c in s) for s in sums(loose).get(v, ()) if len(s) > 1]
        if table.sa:  # VAR-SA 4: a pile top, alone
            targets += [f"top:P{s + 1}" for s in table.tops if _worth(_top(table, s), v, table)]
        texts += [f"capture {head}: {t}" for t in targets]
    worth = " or ".join(str(v) for v in values)
    return texts, f"nothing worth {worth} (CASINO-CAP-1)"


def _build(code: str, table: Table) -> tuple[list[str], str]:
    card = Card.parse(code)
    loose = _loose(table)
    top = 10 if not table.ace_high else 14
    texts = [
        f"build {total + set_value(card)}: {' '.join(c.code for c in s)} {code}"
        for total, sets in sorted(sums(loose).items())
        if total + set_value(card) <= top
        for s in sets
    ]
    if not loose:
        return texts, "no loose card to build with (CASINO-BUILD-1)"
    return texts, f"over {top} with any loose card (CASINO-BUILD-1)"


def _add(code: str, table: Table) -> tuple[list[str], str]:
    """Units with the card for each build, and for each loose card as a base: the card
    alone, with loose cards, or with one pile top."""
    card = Card.parse(code)
    texts: list[str] = []
    targets: list[tuple[str, int, tuple[str, ...]]] = [
        (f"B{v}", v, ()) for v in sorted(table.builds)
    ]
    for base in table.loose:
        b = Card.parse(base)
        for v in _values(b, table):
            if v not in table.builds:
                head = base + (f"={v}" if b.rank == ACE else "")
                targets.append((head, v, (base,)))
    for head, v, but in targets:
        units = [code] if _worth(card, v, table) else []
        need = v - set_value(card)
        if need > 0:
            units += [
                "+".join([*(c.code for c in s), code])
                for s in sums(_loose(table, but)).get(need, ())
            ]
            for s in table.tops:
                top = _top(table, s)
                if top is not None and set_value(top) == need:
                    units.append(f"{code}+top:P{s + 1}")
        texts += [f"add {head}: {u}" for u in units]
    return texts, "no build or base it fits (CASINO-AUG-1)"


def _raise(code: str, table: Table) -> tuple[list[str], str]:
    mine = table.me
    opponents = [
        v for v, b in table.builds.items() if mine is None or not table.team(b["owner"], mine)
    ]
    texts = [f"raise B{v}: {code}" for v in sorted(opponents)]
    return texts, "no opponent's build (CASINO-RAISE-1)"


def _trail(code: str, table: Table) -> tuple[list[str], str]:
    return [f"trail {code}"], ""


def _worth(card: Card | None, v: int, table: Table) -> bool:
    if card is None:
        return False
    if card.rank == ACE:
        return v == 1 or (table.ace_high and v == 14)
    return card.rank == v


def _top(table: Table, seat: int) -> Card | None:
    code = table.top_card(seat)
    return Card.parse(code) if code else None


_TRIES: dict[str, Callable[[str, Table], tuple[list[str], str]]] = {
    "capture": _capture,
    "build": _build,
    "add": _add,
    "raise": _raise,
    "trail": _trail,
}


__all__ = ["ORDER", "TRIES", "Why", "no_play_reasons"]
