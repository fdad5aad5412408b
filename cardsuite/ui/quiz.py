"""Learn from this game: the review's clear mistakes as a quiz (``quiz.py``).

Opened from the game-over dialog (``l``) and from the history (``l`` on a record). The
quiz is prepared in an app worker (``quiz_job.py``: the review's searches, then each clear
mistake on the real cards) while the screen shows how far it has got: escape leaves at any
moment and the preparation goes on, the table and the dialog below working as ever; ``l``
again finds it where it got to.

Each question sets the position up as the player saw it, drawn from ``view(seat)`` and
the public log only (never another seat's hidden cards): where in the game, their hand in
its order, the trick or the table, the recent log. Nothing there can be played but the
choice: pick one from the list or type it in the game's notation (``trail 10H``); a legal
choice is never refused, an illegal one is refused with the rules' reason, as at the
table. Then the answer: the bot's choice, what the move played cost in the game's units,
and whether the loss was a mistake or bad luck (``quiz.Verdict``).

Keys: enter chooses; tab moves between the list and the typed move; ``n`` / ``p`` the next
and previous question; escape back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, ProgressBar, Static

from ..engine import Action, IllegalAction
from ..quiz import CLEAR_MISTAKE, Question, Quiz
from ..records import Record
from ..review import ITERATIONS, SURE_WORDS, TIME_BUDGET, cost_words
from .closing import close_once
from .quiz_job import QuizJob, quiz_job
from .replay import move_text
from .widgets import card_style, event_text

if TYPE_CHECKING:
    from .app import CardSuiteApp


def quiz_budget(app: Any) -> tuple[int, float]:
    """The searches' budget per decision: the review's in the replay (three times the
    hard bot's in play, ``ReplayTable.review_budget``)."""
    hard = getattr(app, "bot_options", {}).get("hard", {})
    iterations = int(hard.get("iterations", ITERATIONS // 3))
    seconds = float(hard.get("time_budget", TIME_BUDGET / 3))
    return 3 * iterations, 3 * seconds


#: How often the screen looks at the preparation's progress, in seconds.
POLL = 0.1

#: What "sure" means and which mistakes make the quiz, under the title.
ABOUT = (
    f"{SURE_WORDS}. The quiz asks about the sure mistakes that cost at least "
    f"{CLEAR_MISTAKE:.0%} of what was at stake."
)


class QuizScreen(Screen[None]):
    CSS_PATH = "quiz.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "step(1)", "Next"),
        Binding("p", "step(-1)", "Previous"),
        Binding("escape", "close", "Back"),
    ]

    def __init__(self, record: Record, seat: int, budget: tuple[int, float] | None = None) -> None:
        super().__init__()
        self.record = record
        self.seat = seat
        self.budget = budget
        self.quiz: Quiz | None = None
        self.at = 0
        #: the choice made at each question answered (its index: the action)
        self.answers: dict[int, Action] = {}
        #: the preparation (``quiz_job.py``), from the mount on
        self.job: QuizJob | None = None
        #: the listed choices of the question shown, as the list shows them
        self._choice_texts: list[str] = []

    @property
    def cs_app(self) -> CardSuiteApp:
        return cast("CardSuiteApp", self.app)

    def compose(self) -> ComposeResult:
        name = self.record.seats[self.seat].name
        yield Static(Text(f"Learn from this game · {name}", style="bold"), id="quiz-title")
        yield Static(ABOUT, id="quiz-about", classes="dim-note")
        with Vertical(id="quiz-wait"):
            yield Static("The hard bot goes through your decisions…", id="quiz-stage")
            yield ProgressBar(id="quiz-bar", show_eta=False)
        yield Static(id="quiz-none", classes="panel")
        with Horizontal(id="quiz-body"):
            with Vertical(id="quiz-left"):
                yield Static(id="quiz-position", classes="panel")
                yield Static(id="quiz-log", classes="panel")
                yield Static(id="quiz-answer", classes="panel")
            with Vertical(id="quiz-right"):
                yield OptionList(id="quiz-choices", classes="panel")
                yield Input(placeholder="or type a move, then enter", id="quiz-input")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#quiz-body").display = False
        self.query_one("#quiz-none").display = False
        self.query_one("#quiz-position").border_title = "As you saw it"
        self.query_one("#quiz-log").border_title = "Just before"
        self.query_one("#quiz-choices").border_title = "What would you play here?"
        self.query_one("#quiz-answer").border_title = "The answer"
        self.job = quiz_job(self.app, self.record, self.seat, self.budget or quiz_budget(self.app))
        self._timer = self.set_interval(POLL, self._poll)
        self._poll()

    # --- preparing (``quiz_job.py``: an app worker that outlives this screen) -------------

    def _poll(self) -> None:
        """How far the preparation has got, until it is done."""
        job = self.job
        if job is None or not self.is_attached or self.quiz is not None:
            return
        if job.error is not None or not job.alive:
            self._timer.stop()
            self._failed(job.error or job.stopped_why())
            return
        if job.quiz is not None:
            self._timer.stop()
            self._ready(job.quiz)
            return
        words = (
            f"The hard bot goes through your decisions: {job.done} of {job.total or '?'}…"
            if job.stage == "review"
            else "Each clear mistake, now with the cards as they really lay: "
            f"{job.done} of {job.total}…"
        )
        self.query_one("#quiz-stage", Static).update(words)
        self.query_one("#quiz-bar", ProgressBar).update(
            total=max(job.total, 1) if job.total else None, progress=job.done
        )

    def _failed(self, why: str) -> None:
        if self.is_attached:
            self.query_one("#quiz-wait").display = False
            none = self.query_one("#quiz-none", Static)
            none.display = True
            none.update(Text(f"No quiz: {why}. (The file is left as it is.)\n\nesc goes back."))

    def _ready(self, quiz: Quiz) -> None:
        if not self.is_attached:
            return
        self.quiz = quiz
        self.query_one("#quiz-wait").display = False
        if not quiz.questions:
            none = self.query_one("#quiz-none", Static)
            none.display = True
            none.update(Text(quiz.none_words() + "\n\nesc goes back."))
            return
        self.query_one("#quiz-body").display = True
        self.show(0)

    # --- a question -------------------------------------------------------------------------

    @property
    def question(self) -> Question | None:
        if self.quiz is None or not self.quiz.questions:
            return None
        return self.quiz.questions[self.at]

    def show(self, at: int) -> None:
        quiz = self.quiz
        if quiz is None or not quiz.questions:
            return
        self.at = max(0, min(at, len(quiz.questions) - 1))
        q = quiz.questions[self.at]
        self._title()
        self.query_one("#quiz-position", Static).update(self._position(q))
        self.query_one("#quiz-log", Static).update(self._log(q))
        choices = self.query_one("#quiz-choices", OptionList)
        choices.clear_options()
        cs = card_style(self)
        self._choice_texts = q.choices()
        choices.add_options([move_text(c, cs) for c in self._choice_texts])
        choices.highlighted = 0
        self.query_one("#quiz-input", Input).value = ""
        self._answer(self.answers.get(self.at))
        choices.focus()

    def _title(self) -> None:
        """Which question, and how many of those answered found the bot's choice."""
        quiz = self.quiz
        if quiz is None:
            return
        name = self.record.seats[self.seat].name
        text = (
            f"Learn from this game · {name} · clear mistake {self.at + 1} of {len(quiz.questions)}"
        )
        if self.answers:
            right = sum(quiz.questions[i].is_best(a) for i, a in self.answers.items())
            text += f" · {right} of {len(self.answers)} right"
        self.query_one("#quiz-title", Static).update(Text(text, style="bold"))

    def _position(self, q: Question) -> Text:
        """The position from the seat's own view: never another seat's hidden cards."""
        cs = card_style(self)
        view = q.view()
        out = Text()
        where = q.where
        out.append(
            f"{where[0].upper()}{where[1:]} · {self.record.seats[q.seat].name} to choose", "bold"
        )
        hand = view.get("hand")
        if isinstance(hand, list):
            out.append("\nYour hand: ", "bold")
            out.append_text(move_text(" ".join(hand), cs) if hand else Text("no card"))
        trick = view.get("trick")
        if isinstance(trick, dict) and view.get("phase") == "play":
            out.append("\nThe trick: ", "bold")
            plays = trick.get("plays") or []
            if not plays:
                out.append("you lead")
            for seat, cards in plays:
                out.append(f"{q.names[seat]} ")
                out.append_text(move_text(" ".join(cards), cs))
                out.append("  ")
        for key, word in (("loose", "On the table"), ("pile", "The pile")):
            cards = view.get(key)
            if isinstance(cards, list) and cards:
                out.append(f"\n{word}: ", "bold")
                out.append_text(move_text(" ".join(cards), cs))
        return out

    def _log(self, q: Question) -> Text:
        cs = card_style(self)
        lines = [event_text(e, q.names, cs) for e in q.recent]
        return Text("\n").join(lines) if lines else Text("(the start of the game)", "italic")

    # --- choosing ---------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.choose(self._choice_texts[event.option_index])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.choose(event.value)

    def choose(self, text: str) -> bool:
        """The player's choice: refused with the rules' reason when illegal (nothing else
        changes), else the answer shows. True when it was taken."""
        q = self.question
        if q is None:
            return False
        try:
            action = q.judge(text)
        except IllegalAction as e:
            self.notify(e.reason, title="Not allowed", severity="error")
            return False
        self.answers[self.at] = action
        self._answer(action)
        self._title()
        return True

    def _answer(self, action: Action | None) -> None:
        """The answer in place of the log once a choice is made (the log again before)."""
        box = self.query_one("#quiz-answer", Static)
        q = self.question
        answered = q is not None and action is not None
        box.display = answered
        self.query_one("#quiz-log").display = not answered
        if q is not None and action is not None:
            box.update(self.answer_text(q, action))

    def answer_text(self, q: Question, action: Action) -> Text:
        cs = card_style(self)
        d, v = q.decision, q.verdict
        out = Text()
        if q.is_best(action):
            out.append("Right: that is the bot's choice.\n", "bold")
        elif q.is_played(action):
            out.append("That is what you played at the table.\n", "bold")
        else:
            out.append("Another choice than at the table. ", "bold")
            out.append(q.rate(action) + "\n")
        out.append("The bot's choice: ")
        out.append_text(move_text(d.best, cs))
        out.append(". At the table you chose ")
        out.append_text(move_text(d.played, cs))
        out.append(f", which cost {cost_words(d.cost, d.unit)} on average over the deals ")
        out.append("you could not tell apart (sure).\n")
        out.append("Mistake or bad luck? ", "bold")
        for i, part in enumerate(v.words(d.played, d.best).split("`")):
            out.append_text(move_text(part, cs) if i % 2 else Text(part))
        out.append("\n\nChoose again to compare · n next · p previous · esc back", "italic")
        return out

    # --- keys -------------------------------------------------------------------------------

    def action_step(self, step: int) -> None:
        if self.quiz is None or not self.quiz.questions:
            return
        self.show(self.at + step)

    def action_close(self) -> None:
        """Back; a preparation under way goes on (``l`` brings it back)."""
        if self.job is not None and not self.job.finished:
            self.notify("The quiz goes on getting ready: l brings it back.", title="Quiz")
        close_once(self)


def open_quiz(app: Any, record: Record, seats: list[int]) -> None:
    """The quiz of ``record`` for one of ``seats`` (the people who played it): at once for
    one, else after asking whose (each player's mistakes, from their own hand: the game is
    over, so nobody's cards are a secret any more)."""
    from .choice import ChoiceScreen

    if len(seats) == 1:
        app.push_screen(QuizScreen(record, seats[0]))
        return

    def chosen(seat: int | None) -> None:
        if seat is not None:
            app.push_screen(QuizScreen(record, seat))

    choices = [(record.seats[s].name, s) for s in seats]
    info = "Each player's clear mistakes, from their own hand."
    app.push_screen(ChoiceScreen("Whose quiz?", info, choices), chosen)


__all__ = ["ABOUT", "QuizScreen", "open_quiz", "quiz_budget"]
