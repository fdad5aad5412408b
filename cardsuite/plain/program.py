"""A program at the table: a seat played by another process over JSON lines.

``--seats human,program:CMD`` starts CMD (split with ``shlex``, never a shell) and plays
its seat through it. It is a bot to the match and to ``simulate`` (``choose(state, seat)``),
so the plain session and self-play drive it as they drive ours; what it says to the program
is the plain session's messages (``messages.Decision``, ``messages.Result``, the public
log's events) as JSON, one object a line, protocol ``PROTOCOL`` (``docs/program-seat.md``,
with its JSON Schema beside it).

Privacy by construction: the program is sent its seat's ``view``, its legal actions and
the public log, nothing else of the state. A program that answers late, answers nonsense
or exits is stopped and replaced by the medium bot for the rest of the game, with a word
(``notify``) saying which, and the game goes on.
"""

from __future__ import annotations

import contextlib
import json
import queue
import shlex
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any

from ..bots import Bot, make_bot
from ..engine import Action, Event, State
from ..games import get_game
from ..match import PROGRAM as PREFIX
from ..match import is_program
from .messages import Decision, Result

#: The protocol's version, sent in ``hello``: a program may refuse one it does not know.
PROTOCOL = 1
#: How long a program may take over a decision, in seconds, unless told otherwise.
DEFAULT_LIMIT = 10.0
#: An answer's line may be this long at most (a decision's answer is a few dozen bytes).
MAX_LINE = 64 * 1024
#: How long a program is given to leave once its input is closed, before it is killed.
GRACE = 1.0
#: Who plays a program's seat once the program is gone.
STANDIN = "medium"


def command_of(kind: str) -> list[str]:
    """The command of a ``program:CMD`` seat kind, split as a shell would, never run by one;
    ``ValueError`` says why it cannot be (nothing after the colon, an open quote)."""
    text = kind[len(PREFIX) :].strip()
    try:
        argv = shlex.split(text)
    except ValueError as e:
        raise ValueError(f"{kind!r}: the command cannot be read ({e})") from None
    if not argv:
        raise ValueError(f"{kind!r}: name the program's command after program:")
    return argv


def _stderr(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


class Late(Exception):
    pass


class Nonsense(Exception):
    pass


class Gone(Exception):
    pass


class ProgramBot:
    """A seat played by a program; the medium bot once the program has failed.

    ``notify`` gets the one line that says a program was replaced and why (standard error
    by default; the plain session gives its own). ``replaced`` keeps that reason."""

    level = "program"

    def __init__(
        self,
        game_id: str,
        kind: str,
        names: Sequence[str],
        seed: int | None = None,
        limit: float = DEFAULT_LIMIT,
        notify: Callable[[str], None] = _stderr,
    ) -> None:
        self.game_id = game_id
        self.kind = kind
        self.argv = command_of(kind)
        self.names = list(names)
        self.seed = seed
        self.limit = limit
        self.notify = notify
        self.replaced: str | None = None
        self.standin: Bot | None = None
        #: every message sent, in order (the tests check each against the schema)
        self.sent: list[dict[str, Any]] = []
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._log: list[Event] = []  # the events the program has been told
        self._seat: int | None = None
        self._asked = 0

    # --- the bot ---------------------------------------------------------------------------

    def choose(self, state: State, seat: int) -> Action:
        if self.standin is None:
            try:
                return self._ask(state, seat)
            except (Late, Nonsense, Gone) as e:
                self._replace(seat, str(e))
        assert self.standin is not None
        return self.standin.choose(state, seat)

    def finish(self, state: State, seat: int) -> None:
        """The table closes: at the game's end, the last events and the result first; then
        the program's input is closed and it is given ``GRACE`` to leave (a game left
        unfinished closes it with no result)."""
        if self.standin is None and state.is_over():
            try:
                self._start(state, seat)
                self._events(state)
                result = Result(state.winners(), state.scores())
                self._send({"type": "result", "winners": result.winners, "scores": result.scores})
            except Gone:
                pass
        self._stop(kill=False)

    # --- talking to the program ---------------------------------------------------------------

    def _ask(self, state: State, seat: int) -> Action:
        self._start(state, seat)
        self._events(state)
        legal = state.legal_actions(seat)
        decision = Decision(seat, self.names[seat], legal, range(len(legal)))
        self._asked += 1
        self._send(
            {
                "type": "decide",
                "id": self._asked,
                "seat": decision.seat,
                "view": state.view(seat),
                "legal": [str(a) for a in decision.legal],
            }
        )
        return self._answer(decision.legal)

    def _start(self, state: State, seat: int) -> None:
        if self._proc is not None:
            return
        self._seat = seat
        try:
            self._proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=None,  # its own words pass through to ours
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as e:
            raise Gone(f"could not be started ({e.strerror or e})") from None
        out = self._proc.stdout
        assert out is not None
        threading.Thread(target=self._read, args=(out,), daemon=True).start()
        game = get_game(self.game_id)
        self._send(
            {
                "type": "hello",
                "protocol": PROTOCOL,
                "game": game.id,
                "variant": state.variant,
                "players": len(self.names),
                "seat": seat,
                "names": self.names,
                "time_limit": self.limit,
            }
        )

    def _read(self, out: IO[str]) -> None:
        """The program's lines, as they come, onto the queue; None when it closes them (or
        is gone). This thread alone closes the pipe: closing it under a read would raise."""
        try:
            while True:
                line = out.readline(MAX_LINE)
                if not line:
                    break
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(None)
        with contextlib.suppress(OSError):
            out.close()

    def _events(self, state: State) -> None:
        log = state.events
        keep = 0  # how much of what was told still stands (an undo takes back the rest)
        for old, new in zip(self._log, log, strict=False):
            if old is not new and old != new:
                break
            keep += 1
        if keep < len(self._log):
            self._send({"type": "undo", "events": keep})
        for event in log[keep:]:
            self._send(
                {
                    "type": "event",
                    "kind": event.kind,
                    "seat": event.seat,
                    "text": event.render(self.names, card=str),
                    "data": _plain(event.data),
                }
            )
        self._log = list(log)

    def _send(self, message: dict[str, Any]) -> None:
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        self.sent.append(message)
        try:
            proc.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise Gone(self._exit_words()) from None

    def _answer(self, legal: Sequence[Action]) -> Action:
        try:
            line = self._lines.get(timeout=self.limit)
        except queue.Empty:
            raise Late(f"did not answer within {self.limit:g} seconds") from None
        if line is None:
            raise Gone(self._exit_words())
        return read_answer(line, self._asked, legal)

    def _exit_words(self) -> str:
        proc = self._proc
        code = None
        if proc is not None:
            try:
                code = proc.wait(GRACE)
            except subprocess.TimeoutExpired:
                return "closed its output"
        return "exited" if code is None else f"exited with status {code}"

    # --- the end of the program ---------------------------------------------------------------

    def _replace(self, seat: int, reason: str) -> None:
        self.replaced = reason
        self.standin = make_bot(self.game_id, STANDIN, seed=self.seed)
        self._stop(kill=True)
        who = self.names[seat]
        self.notify(
            f"{who}'s program ({_one_line(shlex.join(self.argv))}) {reason}:"
            f" the {STANDIN} bot plays for {who} from now on."
        )

    def _stop(self, kill: bool) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.stdin is not None:
            with contextlib.suppress(OSError):
                proc.stdin.close()
        if kill:
            proc.kill()
        try:
            proc.wait(GRACE)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def read_answer(line: str, asked: int, legal: Sequence[Action]) -> Action:
    """The action a program's answer line names; ``Nonsense`` says what is wrong with it."""
    shown = line.strip()
    if len(shown) > 60:
        shown = shown[:57] + "..."
    if not line.endswith("\n") and len(line) >= MAX_LINE:
        raise Nonsense(f"answered a line longer than {MAX_LINE} bytes")
    try:
        answer = json.loads(line)
    except ValueError:
        raise Nonsense(f"answered {shown!r}, which is not JSON") from None
    if not isinstance(answer, dict):
        raise Nonsense(f"answered {shown!r}, which is not a JSON object")
    if type(answer.get("id")) is not int or answer["id"] != asked:
        raise Nonsense(f"answered with id {answer.get('id')!r} where decision {asked} was asked")
    if "action" in answer and "index" in answer:
        raise Nonsense("answered both an action and an index: give one")
    if "index" in answer:
        index = answer["index"]
        if type(index) is not int or not 0 <= index < len(legal):
            raise Nonsense(f"answered index {index!r}: there are {len(legal)} legal actions")
        return legal[index]
    action = answer.get("action")
    if not isinstance(action, str):
        raise Nonsense(f"answered {shown!r}, with no action or index")
    for legal_action in legal:
        if str(legal_action) == action.strip():
            return legal_action
    raise Nonsense(f"answered {action!r}, which is not a legal action here")


def _one_line(text: str) -> str:
    """A command as one line of a message (a script given with -c has line breaks)."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


def _plain(value: Any) -> Any:
    """An event's data as plain JSON values (tuples as lists, keys as strings)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def programs(bots: Mapping[int, Any]) -> dict[int, ProgramBot]:
    """The program seats among ``bots``, by seat."""
    return {seat: bot for seat, bot in bots.items() if isinstance(bot, ProgramBot)}


def finish_all(bots: Mapping[int, Any], state: State) -> None:
    """Tell every program at the table the game is over (the last events, the result), and
    end them; a program already replaced is already gone."""
    for seat, bot in programs(bots).items():
        bot.finish(state, seat)


__all__ = [
    "DEFAULT_LIMIT",
    "PREFIX",
    "PROTOCOL",
    "ProgramBot",
    "command_of",
    "finish_all",
    "is_program",
    "programs",
    "read_answer",
]
