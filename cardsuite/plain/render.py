"""The session's messages in words, a line each, on standard output; answers from standard
input. No cursor movement, no colour unless asked: what a screen reader, a braille display
or a pipe reads well."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from ..engine import Action, Event
from .describe import table_lines
from .messages import Decision, Result
from .speech import Phrases, Words

#: What clears a terminal and its scrollback (ANSI): only when asked, only on a terminal.
CLEAR = "\x1b[H\x1b[2J\x1b[3J"
_MARKUP = re.compile(r"\*\*|__|`|(?<![\w*])\*(?=\w)|(?<=\w)\*(?![\w*])")


class TextRenderer:
    """Words for people. ``names`` are the seats' names; ``words`` how cards are said."""

    def __init__(
        self,
        out: TextIO,
        inp: TextIO,
        err: TextIO,
        words: Words,
        names: Sequence[str],
        phrases: Phrases | None = None,
    ) -> None:
        self.out, self.inp, self.err = out, inp, err
        self.words = words
        self.names = list(names)
        self.phrases = phrases

    def line(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def say_action(self, text: str) -> str:
        """An action's notation in this renderer's words."""
        return self.words.notation(text, self.names, self.phrases)

    # --- the messages -----------------------------------------------------------------------

    def event(self, event: Event, taken: int | None = None) -> None:
        text = self.words.template(event.text, self.names)
        if taken is not None and event.seat is not None:
            text += f"; {self.names[event.seat]} has {taken} trick{'s' if taken != 1 else ''}"
        self.line(text)

    def decision(self, d: Decision) -> None:
        n = len(d.legal)
        if d.filter is not None:
            found = len(d.listed) + d.more
            if found:
                self.line(f"{found} of {n} choices match {d.filter}:")
            else:
                self.line(f"No choice matches {d.filter}. Type list to hear the kinds.")
        elif d.groups:
            kinds = ", ".join(f"{k} {c}" for k, c in d.groups.items())
            self.line(f"{d.name}, your turn: {n} choices. By kind: {kinds}.")
        else:
            self.line(
                f"{d.name}, your turn. Choose 1 to {n}:" if n > 1 else f"{d.name}, your turn:"
            )
        for i in d.listed:
            self.line(f"{i + 1}. {self.say_action(str(d.legal[i]))}")
        if d.more:
            self.line(f"And {d.more} more: narrow the list (list and a card or a kind).")
        if d.groups and d.filter is None:
            many = max(d.groups, key=lambda k: d.groups[k])
            typed = f", as: {d.example}" if d.example else ""
            self.line(
                f"Type list and a kind or cards to hear some (list {many}), list all for"
                f" every one, or type the action itself{typed}."
            )

    def hand(self, seat: int, cards: Sequence[str]) -> None:
        count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
        self.line(f"{self.names[seat]}'s hand, {count}: {self.words.hand(cards)}.")

    def notice(self, text: str) -> None:
        self.line(text)

    def error(self, text: str) -> None:
        self.line(text)

    def refused(self, reason: str) -> None:
        self.line(f"Not allowed: {self.words.reason(reason)}")

    def hint(self, action: Action, reason: str) -> None:
        said = self.say_action(str(action))
        self.line(f"Hint: {said}. Why: {self.words.reason(reason)}.")

    def result(self, result: Result) -> None:
        won = [self.names[s] for s in result.winners]
        if not won:
            self.line("Game over: nobody wins.")
        elif len(won) == 1:
            self.line(f"Game over: {won[0]} wins.")
        else:
            self.line(f"Game over: {', '.join(won[:-1])} and {won[-1]} win.")
        self.line(
            "Final scores: "
            + ", ".join(f"{self.names[i]} {s}" for i, s in enumerate(result.scores))
            + "."
        )

    def table(self, view: Mapping[str, Any]) -> None:
        for text in table_lines(view, self.names, self.words, self.phrases):
            self.line(text)

    def rules(self, sections: Sequence[tuple[str, str]], which: int | None) -> None:
        if which is None:
            self.line(f"The rules in {len(sections)} sections; type rules and a number:")
            for i, (title, _body) in enumerate(sections):
                self.line(f"{i + 1}. {title}")
            return
        title, body = sections[which]
        self.line(f"Section {which + 1}: {title}.")
        for text in body.splitlines():
            text = _MARKUP.sub("", text).rstrip()
            if text.startswith("|"):  # a table's row as "cell: cell"; its rule not at all
                cells = [c.strip() for c in text.strip("|").split("|")]
                if all(set(c) <= set("-: ") for c in cells):
                    continue
                text = ": ".join(c for c in cells if c)
            if text and not text.startswith("```"):
                self.line(text)

    # --- the reader ---------------------------------------------------------------------------

    def ask(self, prompt: str) -> str | None:
        self.out.write(prompt)
        self.out.flush()
        text = self.inp.readline()
        if not text:
            self.out.write("\n")
            self.out.flush()
            return None
        if not isatty(self.inp):  # no terminal echoes it: the transcript shows the answer
            self.out.write(text if text.endswith("\n") else text + "\n")
            self.out.flush()
        return text.strip()

    def clear(self) -> bool:
        if not isatty(self.out):
            return False
        self.out.write(CLEAR)
        self.out.flush()
        return True

    def warn(self, text: str) -> None:
        """A word on standard error (the end of input), apart from the game's lines."""
        self.err.write(text + "\n")
        self.err.flush()


def isatty(stream: object) -> bool:
    """True for a terminal (where a typed answer is echoed and a screen can be cleared)."""
    method = getattr(stream, "isatty", None)
    return bool(method is not None and method())


__all__ = ["CLEAR", "TextRenderer", "isatty"]
