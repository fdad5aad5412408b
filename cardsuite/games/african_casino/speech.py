"""African Casino's notation in words, for the plain text mode (``plain/speech.py``).

A step's text names builds and pile tops in shorthand (``B9``, ``top:P2``, ``AH=14``, units
joined by ``+`` and ``|``); said aloud, those are "build 9", "the top of West's pile", "ace
of hearts counting 14", "plus", "then". The card codes themselves are left for the plain
mode's own words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_BUILD = re.compile(r"(?<![\w])B(\d+)(?![\w])")
_TOP = re.compile(r"top:P(\d+)")
_COUNTS = re.compile(r"(?<=[SHDC])=(\d+)")
_FOR = re.compile(r"(?<![\w])for P(\d+)")


def phrases(text: str, names: Sequence[str]) -> str:
    """``add B9: 5H+top:P2 | 7H`` as "add to build 9: 5H plus the top of North's pile, then
    7H" (the cards still codes)."""

    def name(i: str) -> str:
        n = int(i) - 1
        return names[n] if 0 <= n < len(names) else f"P{i}"

    text = _TOP.sub(lambda m: f"the top of {name(m.group(1))}'s pile", text)
    text = _FOR.sub(lambda m: f"for {name(m.group(1))}", text)
    text = _BUILD.sub(lambda m: f"build {m.group(1)}", text)
    text = _COUNTS.sub(lambda m: f" counting {m.group(1)}", text)
    if text.startswith("add build"):
        text = "add to" + text[3:]
    return text.replace("+", " plus ").replace(" | ", ", then ")
