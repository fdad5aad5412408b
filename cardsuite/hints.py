"""Hints that say why: the suggested move and one line of reason in the player's terms.

The hint is the medium bot's choice (``Match.hint``), and the reason is the rule of thumb
that chose it, said the way a player would say it: "keeps your 10♠ to escape the last
trick", "captures 3 cards and the A♠". The medium bot suggests, not the hard one, because
its choice is instant and the same every time it is asked, and because a rule of thumb is
something a learner can take to the next hand; a search's choice has no reason but its
statistics, and it takes seconds.

Each game's ``MediumBot.hint(state, seat)`` gives a ``Hint``: the very action its
``choose`` returns (a test holds them equal over random games of every variant) and the
phrase of the branch that fired, worked out in the game's ``reasons.py`` beside the
heuristic it follows (the play-outs keep the plain heuristic, untouched and fast).

Where the rule of thumb cannot know how a trick ends (a master that may be ruffed, a card
that may be beaten after it), the bot tries its move on ``DEALS`` deals of the cards it has
not seen, each as its seat could believe them (``State.search_copy``), the others playing on
as the medium bot would, and says how often the trick went its way: "it won the trick in 9
of 10 deals I tried" (``trick_odds``). The deals are drawn from a fixed seed, so the same
position gives the same words, and from the seat's own information only.

A reason is one line of words, never empty; its cards are written with suit symbols
(``Card.pretty``), which a table in ASCII mode turns into letters (``CardStyle.text``).
No terminal library is imported here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from .cards import Card

if TYPE_CHECKING:
    from .engine import Action, State

#: The longest reason, in characters: the trick table's status line, two lines of about
#: 50 columns at 80x24, holds "Hint: " and this (``TrickTableScreen.hint_text``).
MAX_REASON = 60


@dataclass(frozen=True)
class Hint:
    """A suggested ``action`` and why, in one line of words (``reason``)."""

    action: Action
    reason: str

    def __post_init__(self) -> None:
        if not self.reason.strip() or "\n" in self.reason:
            raise ValueError(f"a hint's reason is one line of words, not {self.reason!r}")


class HintingBot(Protocol):
    """A bot that can say why (every game's medium bot)."""

    def hint(self, state: State, seat: int) -> Hint: ...


def medium_hint(game_id: str, state: State, seat: int) -> Hint:
    """The medium bot's choice for ``seat`` and why, thought out on a copy of ``state``
    (the same bot and seed as ``Match.hint``: the same suggestion every time)."""
    from typing import cast

    from .bots import make_bot

    bot = cast("HintingBot", make_bot(game_id, "medium", seed=1))
    return bot.hint(state.clone(), seat)


#: How many deals a hint's evidence tries (``trick_odds``), and the seed they are drawn from.
DEALS = 10
DEALS_SEED = 37

#: A trick card's evidence: how many of ``DEALS`` deals a card of the hand wins the trick in.
Odds = Callable[[Card], int]


def trick_odds(game_id: str, state: State, seat: int, play: Callable[[Card], Action]) -> Odds:
    """How many of ``DEALS`` deals of the unseen cards the trick on the table goes to
    ``seat`` once it plays a card (``play`` makes the card's action), the others playing
    on as the medium bot would (the game's play-out move)."""
    from .games import entry

    rollout = entry(game_id).bots_module().search_hooks().rollout

    def odds(c: Card) -> int:
        rng = random.Random(DEALS_SEED)
        won = 0
        for _ in range(DEALS):
            copy = state.search_copy(seat, rng)
            events = copy.apply(play(c), seat)
            while not any(e.kind == "trick" for e in events):
                events = copy.apply(rollout(copy, rng))
            won += next(e.seat for e in events if e.kind == "trick") == seat
        return won

    return odds


def in_deals(k: int) -> str:
    """``k`` of the deals tried, in words: "in 9 of 10 deals I tried", "in all 10 ..."."""
    if k == DEALS:
        return f"in all {DEALS} deals I tried"
    if k == 0:
        return f"in none of {DEALS} deals I tried"
    return f"in {k} of {DEALS} deals I tried"


def fit(said: str, *more: str, limit: int = MAX_REASON) -> str:
    """``said`` and as many of the further phrases ``more`` (each with its own leading
    punctuation) as keep the reason within ``limit`` characters, in order."""
    for part in more:
        if len(said) + len(part) <= limit:
            said += part
    return said


def card(c: Card) -> str:
    """A card as the table writes it in words: ``10♠`` (``JK`` for a joker)."""
    return "JK" if c.is_joker else c.pretty()


def cards(cs: Iterable[Card]) -> str:
    """Cards in words, lowest first as a hand shows them: ``7♦ 10♠``."""
    return " ".join(card(c) for c in cs)


def plural(n: int, word: str) -> str:
    """``1 card``, ``3 cards``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def count_words(n: int, word: str) -> str:
    """A small count in words for a reason: ``a card``, ``2 cards``."""
    return f"a {word}" if n == 1 else f"{n} {word}s"


__all__ = [
    "DEALS",
    "DEALS_SEED",
    "MAX_REASON",
    "Hint",
    "HintingBot",
    "Odds",
    "card",
    "cards",
    "count_words",
    "fit",
    "in_deals",
    "medium_hint",
    "plural",
    "trick_odds",
]
