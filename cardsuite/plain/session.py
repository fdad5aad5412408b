"""A game played line by line: the turn loop of the plain text mode over a ``Match``.

The session decides what happens and says it through a renderer (``messages.Renderer``):
each new event of the public log, each decision of a person at this keyboard with its legal
actions, the answers to the commands. Bots move through the match as at the table, at the
chosen pace. It reads a seat's ``view`` only for the person whose turn it is (in hot-seat,
once the others have looked away), so no other hand is ever said.

Saves and records are the app's own (``store.py``, ``records.py``): a game saved here
resumes in the app and the other way round; its result goes into the statistics at the end.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..engine import Action, Event, IllegalAction
from ..match import HUMAN, Match, is_program
from .describe import score_lines
from .messages import Decision, Renderer, Result

if TYPE_CHECKING:
    from ..store import Store

#: Up to this many choices are listed at once; more are summarised by kind and filtered.
LIST_MAX = 20
#: In a summary, a kind of at most this many choices is listed all the same ("keep").
FEW = 3
#: A filtered list stops here and says how many more matched.
FILTER_MAX = 30
#: How many events ``log`` says without a number.
LOG_LINES = 10

COMMANDS = (
    ("hand", "your cards"),
    ("table", "what is on the table"),
    ("score", "the scores"),
    ("log", "the last events (log 20: the last 20)"),
    ("list", "your choices again; list and cards or kinds narrows them (list QH 10S)"),
    ("rules", "the rules' sections; rules and a number reads one"),
    ("hint", "what the medium bot would do, and why"),
    ("undo", "back to your previous decision"),
    ("save", "save the game (resume it here or in the app)"),
    ("clear", "clear the screen and its scrollback (on a terminal)"),
    ("quit", "leave the game"),
    ("help", "this list"),
)
_CODES = re.compile(r"(?<![\w:])(?:JK|(?:10|[2-9AJQKT])[SHDC])(?![\w])")
_HEADING = re.compile(r"^(#{1,3})\s+(.*)$")


def kinds(texts: Sequence[str]) -> dict[str, list[int]]:
    """The actions' indices by kind, for a long list's summary: the first word ("capture",
    "trail"); where a kind is only cards of varying number ("discard 10C QD"), by how many
    ("discard 2 cards", "discard nothing"), as a player thinks of an exchange."""
    by_word: dict[str, list[int]] = {}
    for i, text in enumerate(texts):
        by_word.setdefault(text.split(" ", 1)[0], []).append(i)
    out: dict[str, list[int]] = {}
    for word, found in by_word.items():
        sizes = {i: _card_count(texts[i]) for i in found}
        if None in sizes.values() or len(set(sizes.values())) < 2:
            out[word] = found
            continue
        for i in found:
            n = sizes[i]
            label = "nothing" if n == 0 else f"{n} card{'s' if n != 1 else ''}"
            out.setdefault(f"{word} {label}", []).append(i)
    return out


def _card_count(text: str) -> int | None:
    """How many cards an action of only a word and card codes names; None for another."""
    rest = text.split()[1:]
    return len(rest) if all(_CODES.fullmatch(t) for t in rest) else None


def _who(kind: str) -> str:
    """Who plays a seat of ``kind``, in words: a person, a bot's level, a program."""
    if kind == HUMAN:
        return "a person"
    if is_program(kind):
        return f"a program, {kind.split(':', 1)[1]}"
    return f"{kind} bot"


class _Leave(Exception):
    """The player leaves the game (quit, or the end of input)."""


def rule_sections(text: str) -> list[tuple[str, str]]:
    """A game's help split at its headings (under the title): (heading, its text)."""
    out: list[tuple[str, list[str]]] = []
    fence = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fence = not fence
        m = None if fence else _HEADING.match(line)
        if m and len(m.group(1)) > 1:
            out.append((m.group(2).strip(), []))
        elif out:
            out[-1][1].append(line)
        elif not m:
            if not out:
                out.append(("About the game", []))
            out[-1][1].append(line)
    return [(title, "\n".join(lines).strip()) for title, lines in out]


def _taken(log: Sequence[Event], at: int) -> int:
    """How many tricks the taker of the trick logged at ``at`` has taken this deal (the
    public log, back to the deal's start)."""
    seat, count = log[at].seat, 0
    for event in reversed(log[: at + 1]):
        if event.kind == "deal":
            break
        if event.kind == "trick" and event.seat == seat:
            count += 1
    return count


class PlainSession:
    """One match played through a renderer until it ends or the player leaves."""

    def __init__(
        self,
        match: Match,
        store: Store,
        io: Renderer,
        think: float = 0.0,
        hold: float | None = 0.0,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.match = match
        self.store = store
        self.io = io
        self.think = think
        self.hold = hold or 0.0
        self.sleep = sleep
        self.clock = clock
        self.seen = 0
        self.shown: int | None = None  # whose hand may be said (hot-seat: after look-away)
        self.warned = False
        self.heard: dict[int, set[str]] = {}  # the hand last said to each seat
        self.saved_moves = tuple(match.record) if match.save_path is not None else None
        self.recorded = False
        #: say each finished trick with its taker's count this deal (the game's speech)
        self.counts_tricks = False

    # --- the loop ---------------------------------------------------------------------------

    def run(self, resumed: bool = False) -> int:
        """Play to the end or until the player leaves; the exit status (0)."""
        m = self.match
        if m.started is None:
            m.started = self.store.now()
        self._introduce(resumed)
        log = m.public_log()
        self.seen = max(0, len(log) - 5) if resumed else 0
        try:
            self._events()
            while not m.is_over():
                mover = m.to_move()
                assert mover is not None  # (not over)
                if m.is_human(mover):
                    self._turn(mover)
                else:
                    self._bot(mover)
                self._events()
        except _Leave:
            return 0
        self._end()
        return 0

    def _introduce(self, resumed: bool) -> None:
        m = self.match
        variant = m.game.variants[m.variant].name
        title = m.game.name if variant == m.game.name else f"{m.game.name}, {variant}"
        seats = ", ".join(f"{s.name} ({_who(s.kind)})" for s in m.seats)
        self.io.notice(f"{'Resuming ' if resumed else ''}{title}. {m.players} players: {seats}.")
        self.io.notice("Type help at any prompt for the commands.")

    def _events(self) -> None:
        log = self.match.public_log()
        for at in range(self.seen, len(log)):
            event = log[at]
            taken = None
            if self.counts_tricks and event.kind == "trick" and event.seat is not None:
                taken = _taken(log, at)
            self.io.event(event, taken)
            if event.kind in ("trick", "showdown") and self.hold:
                self.sleep(self.hold)
        self.seen = len(log)

    def _bot(self, seat: int) -> None:
        start = self.clock()
        action = self.match.choose_bot(seat)
        wait = max(self.think, self.match.think_floor(seat)) - (self.clock() - start)
        if wait > 0:
            self.sleep(wait)
        self.match.apply(action, seat)

    # --- a person's turn ----------------------------------------------------------------------

    def _turn(self, seat: int) -> None:
        m = self.match
        if m.hot_seat and self.shown != seat:
            self._look_away(seat)
        self.shown = seat
        hand = m.view(seat).get("hand")
        if isinstance(hand, list) and not set(hand) <= self.heard.get(seat, set()):
            self._say_hand(seat)
        self.io.decision(self._decision(seat, None))
        while True:
            answer = self._ask("Your move: ")
            if self._answer(seat, answer):
                return

    def _say_hand(self, seat: int) -> None:
        hand = self.match.view(seat).get("hand")
        if isinstance(hand, list):
            self.heard[seat] = set(hand)
            self.io.hand(seat, hand)

    def _ask(self, prompt: str) -> str:
        answer = self.io.ask(prompt)
        if answer is None:
            self.io.warn(
                "End of input: leaving the game (nothing was saved that you did not save)."
            )
            raise _Leave
        return answer

    def _look_away(self, seat: int) -> None:
        name = self.match.seats[seat].name
        if not self.warned:
            self.warned = True
            self.io.notice(
                "Hot-seat: each hand is said only to its player. This window's scrollback keeps"
                " the hands said before: type clear at the look-away prompt to clear the screen"
                " and its scrollback first."
            )
        self.io.notice(f"{name}'s turn. Everyone but {name}, please look away.")
        while True:
            answer = self._ask(f"{name}, press enter when only you are looking: ").lower()
            if not answer:
                return
            if answer == "clear":
                self._clear()
            elif answer == "save":
                self._save()
            elif answer == "quit":
                self._quit()
            else:
                self.io.error("Press enter to hear your hand, or type clear, save or quit.")

    def _clear(self) -> None:
        if not self.io.clear():
            self.io.error("This is not a terminal, so there is no screen to clear.")

    def _decision(self, seat: int, filter_: str | None) -> Decision:
        legal = self.match.legal_actions(seat)
        name = self.match.seats[seat].name
        if filter_ is None and len(legal) <= LIST_MAX:
            return Decision(seat, name, legal, range(len(legal)))
        if filter_ is None:  # by kind, the kinds of a few choices listed at once
            groups = kinds([str(a) for a in legal])
            few = sorted(i for found in groups.values() if len(found) <= FEW for i in found)
            counts = {kind: len(found) for kind, found in groups.items()}
            biggest = max(groups.values(), key=len)
            example = str(legal[biggest[len(biggest) // 2]])
            return Decision(seat, name, legal, few, counts, example=example)
        # a kind the summary named, then cards or words: "list discard 2 cards 10S"
        by_kind = kinds([str(a) for a in legal]) if len(legal) > LIST_MAX else {}
        wanted = filter_.lower()
        kind = max((k for k in by_kind if (wanted + " ").startswith(k + " ")), key=len, default="")
        among = by_kind[kind] if kind else range(len(legal))
        rest = filter_[len(kind) :].strip() if kind else filter_
        found = [i for i in among if not rest or self._matches(str(legal[i]), rest)]
        cap = len(found) if filter_ == "all" else FILTER_MAX
        return Decision(seat, name, legal, found[:cap], filter=filter_, more=len(found[cap:]))

    def _matches(self, text: str, filter_: str) -> bool:
        """Every word of ``filter_`` is in the action: a card by its code ("QH", the very
        card), anything else as a part of its notation or its words ("discard", "queen")."""
        if filter_ == "all":
            return True
        return all(self._has(text, term) for term in filter_.split())

    def _has(self, text: str, filter_: str) -> bool:
        try:
            card = str(Card.parse(filter_))
        except ValueError:
            card = None
        if card is not None and len(filter_) <= 3:
            return card in _CODES.findall(text)
        wanted = filter_.lower()
        return wanted in text.lower() or wanted in self.io.say_action(text).lower()

    # --- answers ------------------------------------------------------------------------------

    def _answer(self, seat: int, answer: str) -> bool:
        """Act on one answer; True once the seat has moved."""
        word, _, rest = answer.partition(" ")
        command = getattr(self, f"_cmd_{word.lower()}", None)
        if command is not None and word.lower() in dict(COMMANDS):
            return bool(command(seat, rest.strip()))
        if not answer:
            n = len(self.match.legal_actions(seat))
            self.io.error(f"Type a number from 1 to {n}, an action, or help.")
            return False
        if answer.isdigit():
            legal = self.match.legal_actions(seat)
            i = int(answer)
            if not 1 <= i <= len(legal):
                self.io.error(f"There is no choice {i}: choose 1 to {len(legal)}.")
                return False
            return self._move(seat, legal[i - 1])
        return self._move(seat, answer)

    def _move(self, seat: int, action: Action | str) -> bool:
        if isinstance(action, str):
            try:
                action = self.match.game.parse_action(action)
            except ValueError as e:
                self.io.error(f"Not understood: {e}. Type a number, or help.")
                return False
        try:
            self.match.apply(action, seat)
        except IllegalAction as e:
            self.io.refused(e.reason)
            return False
        except ValueError as e:
            self.io.error(f"Not understood: {e}")
            return False
        return True

    def _cmd_help(self, seat: int, rest: str) -> None:
        self.io.notice(
            "Answer with a choice's number, or the action in the game's notation"
            " (rules, Action notation), or one of these commands:"
        )
        for name, what in COMMANDS:
            self.io.notice(f"{name}: {what}.")

    def _cmd_hand(self, seat: int, rest: str) -> None:
        self._say_hand(seat)

    def _cmd_table(self, seat: int, rest: str) -> None:
        self.io.table(self.match.view(seat))

    def _cmd_score(self, seat: int, rest: str) -> None:
        g = self.match.game
        for text in score_lines(
            self.match.view(seat), self.match.names(), g.score_label, g.low_score_wins
        ):
            self.io.notice(text)

    def _cmd_log(self, seat: int, rest: str) -> None:
        n = int(rest) if rest.isdigit() and int(rest) > 0 else LOG_LINES
        log = self.match.public_log()[-n:]
        self.io.notice(f"The last {len(log)} events:" if log else "Nothing has happened yet.")
        for event in log:
            self.io.event(event, None)

    def _cmd_list(self, seat: int, rest: str) -> None:
        self.io.decision(self._decision(seat, rest or None))

    def _cmd_rules(self, seat: int, rest: str) -> None:
        sections = rule_sections(self.match.game.help_text())
        if not rest:
            self.io.rules(sections, None)
        elif rest.isdigit() and 1 <= int(rest) <= len(sections):
            self.io.rules(sections, int(rest) - 1)
        else:
            self.io.error(f"There is no section {rest}: choose 1 to {len(sections)}.")

    def _cmd_hint(self, seat: int, rest: str) -> None:
        m = self.match
        if m.hot_seat:
            self.io.error("Hints are for one player against bots: here they would tell others.")
            return
        hint = m.hint_with_reason(seat)
        self.io.hint(hint.action, hint.reason)

    def _cmd_undo(self, seat: int, rest: str) -> bool:
        m = self.match
        if not m.offers_undo:
            self.io.error("Undo is for one player against bots: with several it would show hands.")
            return False
        if not m.undo():
            self.io.error("Nothing to undo yet.")
            return False
        self.seen = len(m.public_log())
        self.recorded = False
        self.io.notice("Back to your previous decision.")
        self.heard.clear()
        return True  # the loop asks again, of whoever moves now

    def _cmd_save(self, seat: int, rest: str) -> None:
        self._save()

    def _cmd_clear(self, seat: int, rest: str) -> None:
        self._clear()

    def _cmd_quit(self, seat: int, rest: str) -> None:
        self._quit()

    # --- saving, leaving, the end ---------------------------------------------------------------

    def _save(self) -> bool:
        from ..store import StoreError

        m = self.match
        old = m.save_path
        try:
            path = self.store.save_game(m.to_save(), old.stem if old is not None else None)
        except StoreError as e:
            self.io.error(f"Not saved: {e}")
            return False
        if old is not None and path != old:
            self._drop_save(old)
        m.save_path = path
        self.saved_moves = tuple(m.record)
        self.io.notice(f"Saved as {path.stem}. Resume it with cardsuite plain, or in the app.")
        self._write_record()
        return True

    def _quit(self) -> None:
        if self.saved_moves == tuple(self.match.record):
            self.io.notice("Left the game; it is saved.")
            raise _Leave
        answer = self.io.ask("Save before leaving? yes, no, or enter to stay: ")
        if answer is None:
            self.io.warn("End of input: leaving the game unsaved.")
            raise _Leave
        if answer.lower() in ("y", "yes"):
            if self._save():
                self.io.notice("Left the game; it is saved.")
                raise _Leave
        elif answer.lower() in ("n", "no"):
            self.io.notice("Left the game without saving.")
            raise _Leave
        self.io.notice("Back to the game.")

    def _drop_save(self, path: object) -> None:
        from ..store import StoreError

        try:
            self.store.delete_save(path)  # type: ignore[arg-type]  # (a Path from the store)
        except StoreError as e:
            self.io.error(f"The old save stays: {e}")

    def _write_record(self) -> None:
        from ..records import record_name
        from ..store import StoreError

        m = self.match
        try:
            rec = m.to_record()
        except ValueError:
            return  # a save from before records: how the game began is unknown
        try:
            self.store.save_record(rec.to_text(), record_name(m.game.id, m.started, m.seed))
        except StoreError as e:
            self.io.error(f"No record kept: {e}")

    def _end(self) -> None:
        m = self.match
        self.io.result(Result(m.winners(), m.scores()))
        if self.recorded:
            return
        self.recorded = True
        self._record_result()
        self._write_record()
        if m.save_path is not None:  # a finished game has nothing to resume
            self._drop_save(m.save_path)
            m.save_path = None

    def _record_result(self) -> None:
        from ..store import PlayerResult

        m = self.match
        if not m.humans:
            return
        winners, scores = set(m.winners()), m.scores()
        results = [
            PlayerResult(i, s.name, s.kind, i in winners, scores[i]) for i, s in enumerate(m.seats)
        ]
        line = self.store.game_record(
            m.game.id, m.variant, m.players, m.seed, results, self.store.now(), self._rating()
        )
        reason = self.store.record_or_keep(line)
        if reason is not None:
            self.io.error(f"{reason} The result is kept and recorded on a later start.")

    def _rating(self) -> dict[str, Any] | None:
        """A rated game's teams and ranks (``ratings.py``); else say why it is not rated."""
        from ..ratings import not_rated_line, rating_fields, unrated_reason

        m = self.match
        line = not_rated_line(unrated_reason(m))
        if line is not None:
            self.io.notice(line)
            return None
        return rating_fields(m.game.id, m.game.low_score_wins, m)


__all__ = ["COMMANDS", "PlainSession", "kinds", "rule_sections"]
