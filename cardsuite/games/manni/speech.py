"""Manni's words in the plain text mode (``plain/speech.py``).

An exchange of nothing (``discard`` alone) is said as one. Each trick taken counts for its
taker, so a finished trick is said with the taker's count so far this deal ("West wins the
trick with the ace of hearts; West has 3 tricks"): what a sighted player reads off the table
at a glance.
"""

from collections.abc import Sequence

COUNTS_TRICKS = True


def phrases(text: str, names: Sequence[str]) -> str:
    """An exchange of nothing (``discard`` alone) said as what it is."""
    return "discard nothing (keep your cards)" if text == "discard" else text
