"""Cards, events and actions in words a speech synthesiser reads well.

"West plays the queen of hearts", not "West plays Q♥": a screen reader says "Q" and often
nothing at all for a suit symbol. Words are the default; ``symbols`` writes the cards as the
table does (``Q♥``, or ``QH`` with ``ascii``) for a braille display or a sighted player.
``color`` (asked for only) paints the red suits, for a sighted player at a terminal.

Nothing here knows a game but through its texts: an event's template (``{P0}``, ``[QS]``), an
action's notation (codes like ``10C``); a game whose notation needs more words names them in
its own ``speech.py`` (``phrases(text, names)``, as African Casino's builds and pile tops).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS, SYMBOL_SUITS, Card

_SEAT = re.compile(r"\{P(\d+)\}")
_CODE = r"(?:JK|(?:10|[2-9AJQKT])[SHDC])"
#: A run of bracketed cards in an event's template: "[7H] [7D]" is said as one phrase.
_CARD_RUN = re.compile(rf"\[{_CODE}\](?:[ ,]*\[{_CODE}\])*")
_BRACKETED = re.compile(rf"\[({_CODE})\]")
#: A run of card codes in an action's notation ("discard 10C QD"), codes as whole words.
_CODE_RUN = re.compile(rf"(?<![\w:]){_CODE}(?: {_CODE})*(?![\w])")
#: A card written with its suit symbol, as the hints' reasons write them ("Q♥").
_SYMBOL_CARD = re.compile(r"(?<![\w])(10|[2-9AJQK])([♠♥♦♣])")

#: Ranks in words ("ten of clubs", not "10 of clubs"): what a synthesiser says alike in
#: every voice, and what a braille reader finds spelled the same as the court cards.
RANK_WORDS = {
    **RANK_NAMES,
    **dict(
        zip(
            range(2, 11),
            ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
            strict=True,
        )
    ),
}

#: The red suits, coloured only when asked (``--color``).
_RED = ("H", "D")
_RED_ON, _OFF = "\x1b[31m", "\x1b[0m"

Phrases = Callable[[str, Sequence[str]], str]


@dataclass(frozen=True)
class Words:
    """How cards are said: in words (default), or as symbols (``symbols``; letters with
    ``ascii``), coloured when ``color``."""

    symbols: bool = False
    ascii: bool = False
    color: bool = False

    def card(self, card: Card, article: bool = False) -> str:
        """ "queen of hearts" ("the queen of hearts" with ``article``), or "Q♥"."""
        if self.symbols:
            text = card.pretty(ascii=self.ascii)
        elif card.is_joker:
            text = "a joker" if article else "joker"
        else:
            text = f"{'the ' if article else ''}{RANK_WORDS[card.rank]} of {SUIT_NAMES[card.suit]}"
        if self.color and card.suit in _RED:
            return f"{_RED_ON}{text}{_OFF}"
        return text

    def cards(self, cards: Sequence[Card], article: bool = False) -> str:
        """Several cards as one phrase: "the seven of hearts and the seven of diamonds"."""
        said = [self.card(c, article) for c in cards]
        if self.symbols or len(said) < 2:
            return " ".join(said)
        return ", ".join(said[:-1]) + " and " + said[-1]

    def codes(self, codes: Sequence[str], article: bool = False) -> str:
        return self.cards([Card.parse(c) for c in codes], article)

    def hand(self, codes: Sequence[str]) -> str:
        """A hand by suit: "spades: ace, king, 8; hearts: 8" (in symbols: "A♠ K♠ 8♠ 8♥")."""
        if not codes:
            return "no cards"
        cards = [Card.parse(c) for c in codes]
        if self.symbols:
            return self.cards(cards)
        groups: dict[str, list[str]] = {}
        for c in cards:
            key = "jokers" if c.is_joker else SUIT_NAMES[c.suit]
            name = "joker" if c.is_joker else RANK_WORDS[c.rank]
            if self.color and c.suit in _RED:
                name = f"{_RED_ON}{name}{_OFF}"
            groups.setdefault(key, []).append(name)
        return "; ".join(f"{suit}: {', '.join(names)}" for suit, names in groups.items())

    def suit(self, suit: str) -> str:
        """A suit letter as a word ("hearts"), or its symbol."""
        if self.symbols:
            return suit if self.ascii else SUIT_SYMBOLS.get(suit, suit)
        return SUIT_NAMES.get(suit, suit)

    def template(self, text: str, names: Sequence[str]) -> str:
        """An event's template said: seats by name, each run of cards as one phrase."""

        def seat(m: re.Match[str]) -> str:
            i = int(m.group(1))
            return names[i] if i < len(names) else f"P{i + 1}"

        def run(m: re.Match[str]) -> str:
            return self.codes(_BRACKETED.findall(m.group(0)), article=True)

        return _CARD_RUN.sub(run, _SEAT.sub(seat, text))

    def notation(self, text: str, names: Sequence[str], phrases: Phrases | None = None) -> str:
        """An action's notation said: "discard 10C QD" is "discard the ten of clubs and the
        queen of diamonds"; the game's own phrases first (``phrases``)."""
        if phrases is not None:
            text = phrases(text, names)

        def run(m: re.Match[str]) -> str:
            return self.codes(m.group(0).split(), article=not self.symbols)

        return _CODE_RUN.sub(run, text)

    def reason(self, text: str) -> str:
        """A hint's reason said: its symbol cards ("Q♥") in this style's words."""

        def card(m: re.Match[str]) -> str:
            return self.card(Card.parse(m.group(1) + SYMBOL_SUITS[m.group(2)]))

        return _SYMBOL_CARD.sub(card, text)


@dataclass(frozen=True)
class GameSpeech:
    """What a game's ``speech.py`` adds: words for its notation (``phrases``), and whether
    its tricks count one by one (``COUNTS_TRICKS``: each is said with its taker's count)."""

    phrases: Phrases | None = None
    counts_tricks: bool = False


def game_speech(module: str) -> GameSpeech:
    """A game's own speech (``games/<game>/speech.py``), if it has one."""
    try:
        speech = importlib.import_module(f"{module}.speech")
    except ModuleNotFoundError:
        return GameSpeech()
    return GameSpeech(
        getattr(speech, "phrases", None), bool(getattr(speech, "COUNTS_TRICKS", False))
    )


__all__ = ["RANK_WORDS", "GameSpeech", "Phrases", "Words", "game_speech"]
