"""How fast bots move at the table: the names, what each does, and its delays, shared by the
settings, the app and the CLI.

A module of its own so that ``cardsuite --help`` can offer them without importing the store
(sqlite3, platformdirs, tempfile) or Textual. The words come from the delays, so `--help`,
the command palette and the table never disagree with what a pace does.
"""

from __future__ import annotations

#: Seconds a bot waits before its move, and a finished trick (or a showdown) stays up, per
#: pace; "wait" moves bots at the normal pace and keeps a finished trick up until a key
#: (None). Any key clears a trick sooner.
PACE_DELAYS: dict[str, tuple[float, float | None]] = {
    "instant": (0.0, 0.0),
    "fast": (0.25, 0.8),
    "normal": (0.6, 1.6),
    "slow": (1.2, 3.0),
    "wait": (0.6, None),
}

PACES = tuple(PACE_DELAYS)


def describe(pace: str) -> str:
    """What ``pace`` does, in words: 'bots move after 0.6 s; a finished trick stays up until
    a key'."""
    think, hold = PACE_DELAYS[pace]
    bots = "bots move at once" if think == 0 else f"bots move after {think:g} s"
    if hold is None:
        trick = "a finished trick stays up until you press a key"
    elif hold == 0:
        trick = "a finished trick is cleared at once"
    else:
        trick = f"a finished trick stays up {hold:g} s (a key clears it sooner)"
    return f"{bots}; {trick}"


def overview() -> str:
    """Every pace in one sentence (``--pace``'s help): 'normal (0.6 s, 1.6 s)', ..."""

    def times(pace: str) -> str:
        think, hold = PACE_DELAYS[pace]
        return f"{think:g} s, " + ("until a key" if hold is None else f"{hold:g} s")

    return (
        "How long bots take to move, and a finished trick stays up: "
        + ", ".join(f"{pace} ({times(pace)})" for pace in PACES)
        + "."
    )
