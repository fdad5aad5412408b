"""A view said in sentences: what is on the table, the scores, how far the game is.

Only a seat's ``view`` is read (the view rule): the trick, the trumps and contract, the
stock and the hands' sizes, Casino's loose cards, builds and pile tops. Each sentence is a
line of its own, so a screen reader can step through them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..match import progress_of
from .speech import Phrases, Words


def table_lines(
    view: Mapping[str, Any], names: Sequence[str], words: Words, phrases: Phrases | None = None
) -> list[str]:
    """What ``view``'s seat sees on the table, a sentence a line."""
    lines: list[str] = []
    where = progress_of(view)
    if where:
        lines.append(f"This is {where}.")
    lines += _contract(view, names, words)
    lines += _trick(view, names, words)
    lines += _casino(view, names, words)
    if isinstance(view.get("stock"), int):
        lines.append(f"The stock has {view['stock']} cards.")
    if isinstance(view.get("manni"), int):
        lines.append(f"The manni has {view['manni']} cards.")
    sizes = view.get("hand_sizes")
    if isinstance(sizes, list):
        held = [
            f"{names[i]} {n}" for i, n in enumerate(sizes) if isinstance(n, int) and i < len(names)
        ]
        lines.append("Cards in hand: " + ", ".join(held) + ".")
    won = view.get("tricks_won")
    if isinstance(won, list) and any(won):
        lines.append("Tricks won: " + ", ".join(f"{names[i]} {n}" for i, n in enumerate(won)) + ".")
    return lines


def _contract(view: Mapping[str, Any], names: Sequence[str], words: Words) -> list[str]:
    lines = []
    trump = view.get("trump")
    contract = view.get("contract")
    declarer = view.get("declarer")
    if isinstance(contract, str):
        who = f" by {names[declarer]}" if isinstance(declarer, int) else ""
        lines.append(f"The contract is {contract}{who}.")
    if isinstance(trump, str) and len(trump) == 1:
        lines.append(f"Trumps are {words.suit(trump)}.")
    called = view.get("called")
    if isinstance(called, str):
        lines.append(f"The called card is {words.codes([called], article=True)}.")
    if isinstance(view.get("threshold"), int):
        lines.append(f"A player reaching {view['threshold']} points is out.")
    return lines


def _trick(view: Mapping[str, Any], names: Sequence[str], words: Words) -> list[str]:
    trick = view.get("trick")
    if not isinstance(trick, Mapping):
        return []
    plays = trick.get("plays") or []
    if not plays:
        return ["No cards are on the table."]
    said = []
    for i, (seat, codes) in enumerate(plays):
        verb = "led" if i == 0 else "played"
        said.append(f"{names[seat]} {verb} {words.codes(codes, article=True)}")
    best = trick.get("best")
    line = "; ".join(said) + "."
    if isinstance(best, int) and len(plays) > 1:
        line += f" {names[best]} is winning it."
    return [line]


def _casino(view: Mapping[str, Any], names: Sequence[str], words: Words) -> list[str]:
    if "loose" not in view:
        return []
    lines = []
    loose = view.get("loose") or []
    lines.append("Loose cards: " + (words.codes(loose) if loose else "none") + ".")
    for b in view.get("builds") or []:
        units = " | ".join("+".join(u) for u in b.get("units", []))
        owner = names[b["owner"]] if isinstance(b.get("owner"), int) else "nobody"
        units_said = words.notation(units, names).replace("+", " plus ").replace(" | ", ", ")
        lines.append(f"Build {b.get('value')}, {owner}'s: {units_said}.")
    owners = view.get("pile_of") or []
    for i, pile in enumerate(view.get("piles") or []):
        whose = " and ".join(names[s] for s, p in enumerate(owners) if p == i) or f"pile {i + 1}"
        top = pile.get("top")
        top_said = words.codes([top], article=True) if top else "nothing"
        lines.append(f"{whose}'s pile: {pile.get('size', 0)} cards, {top_said} on top.")
    return lines


def score_lines(
    view: Mapping[str, Any], names: Sequence[str], label: str, low_wins: bool
) -> list[str]:
    """Each seat's score, and how far the game is."""
    scores = view.get("scores") or []
    better = "lower is better" if low_wins else "higher is better"
    lines = [
        f"Scores in {label} ({better}): "
        + ", ".join(f"{names[i]} {s}" for i, s in enumerate(scores))
        + "."
    ]
    where = progress_of(view)
    if where:
        lines.append(f"This is {where}.")
    return lines


__all__ = ["score_lines", "table_lines"]
