"""Money's race in plain text: each turned card said on a line, the snap a short command.

The race is the table's (``games/money/race.py``: the bots' planned presses, held turns,
the order of things at one instant), judged by the same ``Referee`` on one clock. What is
plain here is how time reaches it: a line of input is a key press, stamped by the reader
the moment it was read (``LineReader``; ``ThreadReader`` reads standard input in a thread of
its own), and a card is timed from the moment the line that announced it was written (the
referee's reveal is moved to that stamp). While the player's answer is awaited the race goes
on: every read has a deadline, the race's next due thing (a bot's press, a held turn), so
a bot snaps on the clock while nobody types. One injectable clock stamps both the writes and
the reads: tests drive whole games on a virtual one.

Commands: ``t`` or enter turns the player's card, ``s`` snaps (each and enter); hot-seat
players use the table's keys (Left ``a`` turn / ``s`` snap, Right ``l`` / ``k``): every
letter of a line is a press, in order, so two players' snaps on one line are judged in the
order typed. Money's decisions (a forced purchase, a sale's split, shopping at will with
``b``) are numbered menus; the other player's snap keeps working while one is open.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TextIO, cast

from ..engine import Action, Event, IllegalAction, State
from ..games.money.bots import MoneyBot
from ..games.money.race import Race, local_race
from ..games.money.referee import Outcome, Referee
from ..games.money.rules import Buy, Exchange, MoneyState, Sell, Turn
from ..games.money.speech import describe, money_text, simplest, values_of
from ..match import Match
from ..records import Move
from .render import TextRenderer, isatty
from .session import PlainSession, _Leave
from .speech import Words

#: The commands of the race, beside the presses (``help`` says them).
RACE_COMMANDS = (
    ("b", "buy or exchange before you turn, where the rules let you (Egyptian: any turn)"),
    ("table", "the ground, the banks and the stacks"),
    ("score", "each player's worth"),
    ("log", "the last events (log 20: the last 20)"),
    ("rules", "the rules' sections; rules and a number reads one"),
    ("save", "save the game (resume it here or in the app)"),
    ("quit", "leave the game"),
    ("help", "this list"),
)
#: The table's keys (Money's preferences ``keys.<seat>.<kind>``) when nobody changed them.
SEAT_KEYS = {"a": (0, "turn"), "s": (0, "snap"), "l": (1, "turn"), "k": (1, "snap")}
#: Words a lone player may type for a press, beside the letters.
PRESS_WORDS = {"": "turn", "t": "turn", "turn": "turn", "s": "snap", "snap": "snap"}


@dataclass(frozen=True)
class Line:
    """A line of input and when it was read (the session's clock); ``text`` None: the end
    of input."""

    text: str | None
    at: float


class LineReader(Protocol):
    """Where the race's lines come from."""

    def read(self, deadline: float | None) -> Line | None:
        """The next line, waiting until ``deadline`` at most (None: for ever); None when the
        deadline came first. At the end of input, ``Line(None, ...)`` every time."""
        ...


class ThreadReader:
    """Standard input read in a thread of its own, each line stamped as it arrives, so the
    race can wait for a line and for its next due thing at once (a ``select`` would not see
    what a text stream has already buffered)."""

    def __init__(self, inp: TextIO, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.lines: queue.Queue[Line] = queue.Queue()
        self.ended: Line | None = None
        threading.Thread(target=self._pump, args=(inp,), daemon=True).start()

    def _pump(self, inp: TextIO) -> None:
        while True:
            try:
                text = inp.readline()
            except (OSError, ValueError):  # a closed or broken input is its end
                text = ""
            if not text:
                self.lines.put(Line(None, self.clock()))
                return
            self.lines.put(Line(text.rstrip("\r\n"), self.clock()))

    def read(self, deadline: float | None) -> Line | None:
        if self.ended is not None:
            return self.ended
        wait = None if deadline is None else max(0.0, deadline - self.clock())
        try:
            line = self.lines.get(timeout=wait)
        except queue.Empty:
            return None
        if line.text is None:
            self.ended = line
        return line


class ReaderInput:
    """The reader as a text stream, for the session's own questions ("Save before
    leaving?"): a line waits as long as it takes."""

    def __init__(self, reader: LineReader, inp: object) -> None:
        self.reader, self.inp = reader, inp

    def readline(self) -> str:
        line = self.reader.read(None)
        return "" if line is None or line.text is None else line.text + "\n"

    def isatty(self) -> bool:
        return isatty(self.inp)


class PacedBot(MoneyBot):
    """A bot whose turn comes no sooner than ``floor`` seconds after the card before it
    (the plain pace: time to hear a line); its snaps keep their own reaction times. Only
    what the race and the session ask of a bot is passed on."""

    def __init__(self, bot: MoneyBot, floor: float) -> None:  # (no MoneyBot state of its own)
        self.bot, self.floor, self.level = bot, floor, bot.level

    def plan(self, state: MoneyState, seat: int, reveal: float) -> list[tuple[float, str]]:
        return [
            (max(t, reveal + self.floor) if kind == "turn" else t, kind)
            for t, kind in self.bot.plan(state, seat, reveal)
        ]

    def wants_to_shop(self, state: MoneyState, seat: int) -> bool:
        return self.bot.wants_to_shop(state, seat)

    def choose(self, state: State, seat: int) -> Action:
        return self.bot.choose(state, seat)


class RaceSession(PlainSession):
    """Money played through a renderer on one clock, lines in from ``reader``."""

    def __init__(
        self,
        match: Match,
        store: Any,
        io: TextRenderer,
        reader: LineReader,
        clock: Callable[[], float],
        throw_time: float,
        think: float = 0.0,
        keys: dict[str, tuple[int, str]] | None = None,
    ) -> None:
        super().__init__(match, store, io, think=think, clock=clock)
        self.text = io  # (the renderer's lines and input, beside the session's messages)
        self.reader = reader
        self.words: Words = io.words
        self.keys = dict(SEAT_KEYS if keys is None else keys)
        self.reactions: list[tuple[int, float]] = []  # people's valid snaps: (seat, ms)

        def drive(state: State, bots: Any) -> Race[Referee]:
            assert isinstance(state, MoneyState)
            paced = {s: PacedBot(b, think) for s, b in bots.items() if isinstance(b, MoneyBot)}
            return local_race(state, paced, throw_time)

        self.race: Race[Referee] = match.drive(drive)
        self.state: MoneyState = self.race.state
        self.top: str | None = None  # the pile's top card, as last said

    # --- the loop ---------------------------------------------------------------------------

    def run(self, resumed: bool = False) -> int:
        m = self.match
        if m.started is None:
            m.started = self.store.now()
        self._introduce(resumed)
        self._say_keys()
        self.seen = len(m.public_log())
        self._rebase()
        try:
            while not m.is_over():
                self._step()
        except _Leave:
            return 0
        self._end()
        return 0

    def _say_keys(self) -> None:
        """How to play here: the keys, the throw time, who turns first."""
        throw = round(self.race.judge.throw_time * 1000)
        people = self.match.humans
        auto = self.state.options["auto_capture"]
        if len(people) == 1:
            snap = "a match is captured at once" if auto else "s and enter snaps a match you turned"
            self.io.notice(
                f"Each card is said as it is turned. Type t or just enter to turn your card;"
                f" {snap}."
            )
            if self.state.options["buy_at_will"]:
                self.io.notice("Type b before you turn to buy or exchange.")
        elif people:
            by_seat = {(s, k): key for key, (s, k) in self.keys.items()}
            names = self.match.names()
            said = "; ".join(
                f"{names[s]}: {by_seat[(s, 'turn')]} to turn"
                + ("" if auto else f", {by_seat[(s, 'snap')]} to snap")
                for s in people
            )
            self.io.notice(f"Hot-seat at one keyboard: {said}, each and enter.")
        self.io.notice(f"Cards come at least {throw} ms apart.")
        mover = self.state.to_move()
        if mover is not None and not self.state.is_over():
            self.io.notice(f"{self.match.names()[mover]} turns first.")

    def _step(self) -> None:
        """One thing: a money decision, a line of input, or the race's next due thing."""
        mover = self.state.to_move()
        if self.race.decision(mover):
            assert mover is not None  # (a decision has a mover)
            if self.match.is_human(mover):
                self._menu(mover, optional=False)
            else:
                self._bot_decides(mover)
            return
        line = self._tick(None)
        if line is not None:
            self._line(line)

    def _tick(self, until: float | None) -> Line | None:
        """Wait for a line until the race's next due thing (or ``until``); a line is returned,
        else the race's due thing is made and said (None)."""
        item = self.race.next()
        deadline = item[0] if item is not None else None
        if until is not None:
            deadline = until if deadline is None else min(deadline, until)
        line = self.reader.read(deadline)
        if line is not None:
            if line.text is None:
                self.io.warn(
                    "End of input: leaving the game (nothing was saved that you did not save)."
                )
                raise _Leave
            if not isatty(self.text.inp):  # no terminal echoes it: the transcript shows it
                self.text.line(line.text)
            return line
        outcomes = self.race.step(self.clock())
        if outcomes:
            self._handle(outcomes)
        return None

    def _line(self, line: Line) -> None:
        """A line at the race's prompt: presses, or a command."""
        assert line.text is not None
        presses = self._presses(line.text)
        if presses:
            for seat, kind, key in presses:
                self._handle(self.race.press(seat, kind, line.at, key))
            return
        if not self._command(line.text):
            self.io.error(self._what_to_type())

    def _presses(self, text: str) -> list[tuple[int, str, str]]:
        """The presses a line makes: a lone player's word (t, s, enter), or each letter a
        seat's key (hot-seat, or the table's keys); [] for anything else."""
        word = text.strip().lower()
        people = self.match.humans
        if len(people) == 1 and word in PRESS_WORDS:
            return [(people[0], PRESS_WORDS[word], word or "enter")]
        if not word or any(c not in self.keys or self.keys[c][0] not in people for c in word):
            return []
        return [(*self.keys[c], c) for c in word]

    def _what_to_type(self) -> str:
        if len(self.match.humans) == 1:
            if self.state.options["auto_capture"]:
                return "Type t or enter to turn, b to buy first, or help for the commands."
            return "Type t or enter to turn, s to snap, or help for the commands."
        keys = ", ".join(k for k, (s, _) in self.keys.items() if s in self.match.humans)
        return f"Type your key ({keys}) and enter, or help for the commands."

    def _command(self, text: str) -> bool:
        """A command (``RACE_COMMANDS``) carried out; False if ``text`` is none."""
        word, _, rest = text.strip().partition(" ")
        word = word.lower()
        seat = self.match.humans[0] if self.match.humans else 0
        if word == "b":
            self._shop()
        elif word in ("hint", "undo"):
            self.io.error(f"Money is a race: there is no {word}.")
        elif word in dict(RACE_COMMANDS):
            getattr(self, f"_cmd_{word}")(seat, rest.strip())
        else:
            return False
        return True

    # --- what happened ----------------------------------------------------------------------

    def _handle(self, outcomes: Sequence[Outcome]) -> None:
        """Say the race's outcomes and keep the turns and claims in the record (a claim with
        its reaction time, as the table keeps it); a new card is timed from its line."""
        turned = False
        for o in outcomes:
            note = None
            if o.kind == "claim":
                ms = max(0.0, (o.reaction or 0.0) * 1000)
                note = f"{ms:.0f} ms"
                self._say_claim(o, ms)
            elif self._tells(o):
                self.io.notice(self._why_nothing(o))
            if o.kind in ("turn", "claim"):
                self.match.record.append(Move(o.seat, o.kind, note))
                self._say_events(o.events)
                turned = turned or o.kind == "turn"
        if turned:
            self._rebase()

    def _tells(self, o: Outcome) -> bool:
        """A person's press that did nothing, said with why (not a held key's repeats)."""
        return (
            o.kind in ("refused", "ignored")
            and self.match.is_human(o.seat)
            and o.reason != "key repeat"
        )

    def _why_nothing(self, o: Outcome) -> str:
        """Why a person's press did nothing, in a player's words: whose turn it is."""
        mover = self.state.to_move()
        if o.reason == "not your turn to turn" and mover is not None and mover != o.seat:
            return f"{self._name(o.seat)}: not your turn, {self._name(mover)} turns next."
        return f"{self._name(o.seat)}: {o.reason}."

    def _rebase(self) -> None:
        """The card on the table was revealed when its line was written: the bots' plans,
        the throw time and the snaps' reactions count from there."""
        judge = self.race.judge
        judge.reveal_time = max(judge.reveal_time, self.clock())

    def _say_claim(self, o: Outcome, ms: float) -> None:
        name = self.match.names()[o.seat]
        if any(e.kind == "false" for e in o.events):
            self.io.notice(f"{name} snaps ({ms:.0f} ms): a false snap!")
            return
        self.io.notice(f"Snap! {name}, {ms:.0f} ms.")
        if self.match.is_human(o.seat):
            self.reactions.append((o.seat, ms))

    def _say_events(self, events: Sequence[Event]) -> None:
        """Events said a line each, a turn in the race's own words; after a turn, who turns
        next where that is a person here (on the last line: a capture may follow the card)."""
        lines: list[str] = []
        turned: int | None = None
        for event in events:
            if event.kind == "turn" and event.seat is not None:
                lines.append(self._turn_line(event))
                turned = event.seat
            elif event.kind == "capture":
                lines.append(self.words.template(event.text, self.match.names()))
                self.top = None
            elif event.kind != "false":  # (the snap's own line said it was false)
                lines.append(self.words.template(event.text, self.match.names()))
        nxt = self.state.to_move()
        if lines and turned is not None and nxt not in (None, turned) and self.match.is_human(nxt):
            cue = "Your turn." if len(self.match.humans) == 1 else f"{self._name(nxt)}'s turn."
            stop = "" if lines[-1].endswith((".", "!")) else "."
            lines[-1] += f"{stop} {cue}"
        for text in lines:
            self.text.line(text)
        self.seen = len(self.match.public_log())
        pile = self.state.pile
        self.top = pile[-1].code if pile else None

    def _name(self, seat: int | None) -> str:
        return self.match.names()[seat] if seat is not None else ""

    def _turn_line(self, event: Event) -> str:
        """ "Left turns the seven of hearts: it matches the seven of clubs!" (the turned card,
        its owner, whether it matches the card it landed on)."""
        assert event.seat is not None
        data = event.data
        card = self.words.codes([data["card"]], article=True)
        text = f"{self._name(event.seat)} turns {card}"
        before = self.top
        if data["match"] and before is not None:
            text += f": it matches {self.words.codes([before], article=True)}!"
        elif before is None:
            text += ", a new pile."
        else:
            under = self.words.codes([before], article=True)
            text += f" onto {under}, {data['pile']} on the ground."
        self.top = data["card"]
        return text

    # --- money decisions --------------------------------------------------------------------

    def _choices(self, seat: int) -> list[Action]:
        legal = self.state.legal_actions(seat) if self.state.to_move() == seat else []
        return simplest([a for a in legal if isinstance(a, (Buy, Exchange, Sell, Turn))])

    def _shop(self) -> None:
        """``b``: a person's shopping at will (MONEY-EG-2), before their turn."""
        mover = self.state.to_move()
        if mover is None or not self.match.is_human(mover):
            self.io.error("Buying is for the player to move.")
        elif not self.state.can_shop():
            self.io.error("You may buy only with no cards left (Egyptian rules: at any turn).")
        else:
            self._menu(mover, optional=not self.state.must_buy())

    def _menu(self, seat: int, optional: bool) -> None:
        """A person's money decisions, numbered, until they are made (or, ``optional``,
        left with enter); the race goes on meanwhile, and a snap that changes the table
        says the menu again as it now stands."""
        changed = False
        while True:
            choices = self._choices(seat)
            if not choices:
                if changed:
                    self.io.notice("Nothing is left to choose.")
                return
            self._say_menu(seat, choices, optional)
            if self._answer_menu(seat, choices, optional):
                return
            changed = True

    def _say_menu(self, seat: int, choices: Sequence[Action], optional: bool) -> None:
        view = self.match.view(seat)
        name = self.match.names()[seat]
        if view["phase"] == "sell":
            buyer, pay, _ = view["sale"]
            worth = view["values"][pay]
            self.io.notice(
                f"{name}: {self.match.names()[buyer]} paid a {money_text([_rank(pay)], True)}"
                f" ({worth}). Choose the split: cards from your stack plus change from your"
                f" bank, {worth} in all; you hold {view['hand_sizes'][seat]} cards."
            )
        else:
            must = "you must buy before you turn" if view["must_buy"] else "buy or exchange"
            self.io.notice(f"{name}, {must}. {self._purse_line(view, seat)}")
        for i, action in enumerate(choices):
            self.io.notice(f"{i + 1}. {describe(action, view, spoken=True)}")
        back = " or enter to go back" if optional else ""
        self.io.notice(f"Choose 1 to {len(choices)}{back}.")

    def _purse_line(self, view: dict[str, Any], seat: int) -> str:
        """The money a buyer weighs: both banks, the ground and the money under it."""
        pile = len(view["pile"])
        return (
            f"Your bank: {_money(view, view['banks'][seat])}. The other bank:"
            f" {_money(view, view['banks'][1 - seat])}. The ground: {pile}"
            f" card{'s' * (pile != 1)}, money under it: {_money(view, view['under'])}."
        )

    def _answer_menu(self, seat: int, choices: Sequence[Action], optional: bool) -> bool:
        """Read until a choice is made (True), the menu is left (True) or the table changed
        under it (False: say it again)."""
        mark = (self.state.turns, len(self.match.record))
        while True:
            line = self._tick(None)
            if line is not None and line.text is not None:
                text = line.text.strip()
                if text.isdigit() and 1 <= int(text) <= len(choices):
                    self._decide(seat, choices[int(text) - 1], line.at)
                    return True
                if not text and optional:
                    self.io.notice("Back to the race.")
                    return True
                if not self._menu_snap(line):
                    self._menu_other(text, len(choices), optional)
            if (self.state.turns, len(self.match.record)) != mark:
                self.io.notice("The table changed:")
                return False

    def _menu_snap(self, line: Line) -> bool:
        """A snap typed while a menu is open (a turn waits for the menu); was it one?"""
        presses = [p for p in self._presses(line.text or "") if p[1] == "snap"]
        for seat, kind, key in presses:
            self._handle(self.race.press(seat, kind, line.at, key))
        return bool(presses)

    def _menu_other(self, text: str, count: int, optional: bool) -> None:
        """Anything else typed at a menu: help, a command, or what to type."""
        if text.isdigit():
            self.io.error(f"There is no choice {text}: choose 1 to {count}.")
        elif text.lower() == "b":
            self.io.error(f"You are buying now: type a number from 1 to {count}.")
        elif text.lower() == "help":
            back = ", or enter to go back" if optional else ""
            self.io.notice(f"Type a number from 1 to {count}{back}; snaps still count.")
            self._say_commands()
        elif not self._command(text):
            self.io.error(f"Type a number from 1 to {count}, or help.")

    def _decide(self, seat: int, action: Action, at: float) -> None:
        """A money decision made: a turn without buying is the race's turn; anything else is
        applied and said."""
        if isinstance(action, Turn):
            self._handle(self.race.turn(seat, at))
            return
        try:
            events = self.match.apply(action, seat)
        except IllegalAction as e:
            self.io.refused(e.reason)
            return
        self.race.judge.reset_after(at)
        self._say_events(events)
        mover = self.state.to_move()
        if mover is not None and self.match.is_human(mover) and not self.race.decision(mover):
            self.io.notice(f"{self.match.names()[mover]}: Your turn, turn your card.")

    def _bot_decides(self, seat: int) -> None:
        """A bot's money decision, at the pace (the race goes on meanwhile)."""
        until = self.clock() + self.think
        while self.clock() < until:
            line = self._tick(until)
            if line is not None:
                self._line(line)
            if not self.race.decision(seat) or self.state.to_move() != seat:
                return
        action = self.match.choose_bot(seat)
        self._decide(seat, action, self.clock())

    # --- commands and the end ---------------------------------------------------------------

    def _cmd_help(self, seat: int, rest: str) -> None:
        self.io.notice(self._what_to_type())
        self._say_commands()

    def _say_commands(self) -> None:
        for name, what in RACE_COMMANDS:
            self.io.notice(f"{name}: {what}.")

    def _cmd_table(self, seat: int, rest: str) -> None:
        view = self.match.view(seat)
        names = self.match.names()
        pile = view["pile"]
        top = f", the top card {self.words.codes(pile[-1:], article=True)}" if pile else ""
        self.io.notice(f"The ground: {len(pile)} card{'s' * (len(pile) != 1)}{top}.")
        for s in (0, 1):
            self.io.notice(
                f"{names[s]}: {view['hand_sizes'][s]} cards in the stack;"
                f" bank: {_money(view, view['banks'][s])}."
            )
        mover = view["to_move"]
        if mover is not None:
            self.io.notice(f"{names[mover]} turns next.")

    def _end(self) -> None:
        super()._end()
        names = self.match.names()
        for seat, ms in self.reactions:
            record = {
                "kind": "metric",
                "game": "money",
                "name": names[seat],
                "metric": "snap_ms",
                "value": ms,
                "at": self.store.now(),
            }
            if self.store.record_or_keep(record) is not None:
                self.io.error("A snap time is kept and recorded on a later start.")


def _money(view: dict[str, Any], codes: Sequence[str]) -> str:
    """Money cards by name, cheapest first: "king, jack and queen" (or "nothing")."""
    values = values_of(view)
    ranks = sorted((_rank(c if c == "JK" else c[:-1]) for c in codes), key=lambda r: values[r])
    return money_text(ranks, True) if ranks else "nothing"


def _rank(name: str) -> int:
    from ..games.money.actions import name_rank

    return name_rank(name)


def race_session(
    match: Match,
    store: Any,
    words: Words,
    streams: Any,
    think: float,
    reader: LineReader | None = None,
    clock: Callable[[], float] | None = None,
) -> RaceSession:
    """A race on ``streams`` (standard input read in a thread, on the monotonic clock,
    unless a ``reader`` and ``clock`` are given), with the table's throw time and keys."""
    import time

    clock = clock or time.monotonic
    reader = reader or ThreadReader(streams.inp, clock)
    prefs = _money_prefs(store)
    inp = cast("TextIO", ReaderInput(reader, streams.inp))  # (all a renderer asks of a stream)
    io = TextRenderer(streams.out, inp, streams.err, words, match.names())
    keys = {
        str(prefs[f"keys.{s}.{k}"]): (s, k)
        for s in (0, 1)
        for k in ("turn", "snap")
        if len(str(prefs[f"keys.{s}.{k}"])) == 1
    }
    if len(keys) != 4:  # a key a line cannot carry (space, enter): the table's defaults
        keys = dict(SEAT_KEYS)
    throw = float(prefs["throw_ms"]) / 1000
    return RaceSession(match, store, io, reader, clock, throw, think, keys)


def _money_prefs(store: Any) -> dict[str, Any]:
    """Money's preferences as the app reads them: the player's where valid, else defaults."""
    from ..games import get_game

    game = get_game("money")
    saved = store.load_settings()[0].games.get("money", {})
    out = {}
    for option in game.preferences:
        try:
            out[option.id] = option.parse(saved.get(option.id, option.default))
        except ValueError:
            out[option.id] = option.default
    return out


__all__ = [
    "Line",
    "LineReader",
    "PacedBot",
    "RaceSession",
    "ReaderInput",
    "ThreadReader",
    "race_session",
]
