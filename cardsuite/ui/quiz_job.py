"""The quiz's preparation (``quiz.prepare``: the review's searches, then each clear mistake on
the real cards), kept apart from the quiz screen: it runs in an app worker (a thread), so it
goes on when the player leaves the screen to look at the table or the result, and the screen
opened again (``l``) finds it where it got to, or done. One job per app: a quiz of another
game or seat replaces it (the worker group is exclusive), so two never share the cores, and
moving on (a rematch, the picker, leaving the history) stops it (``drop_quiz``).

The screen polls the job (``stage``, ``done``, ``total``, then ``quiz`` or ``error``): the
worker only writes plain attributes, and nothing here touches a widget."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from textual.worker import Worker, get_current_worker

from ..quiz import Quiz, prepare
from ..records import Record

_jobs: WeakKeyDictionary[Any, QuizJob] = WeakKeyDictionary()


@dataclass(eq=False)
class QuizJob:
    """How far one preparation has got, and its quiz once done."""

    key: tuple[str, int]  # the record's text and the seat
    stage: str = "review"
    done: int = 0
    total: int = 0
    quiz: Quiz | None = None
    error: str | None = None
    worker: Worker[None] | None = None

    @property
    def finished(self) -> bool:
        return self.quiz is not None or self.error is not None

    @property
    def alive(self) -> bool:
        """Done, or still working (not cancelled nor failed): worth keeping."""
        if self.finished:
            return True
        w = self.worker
        return w is not None and not w.is_finished  # (pending or running)

    def stopped_why(self) -> str:
        """Why a job that is neither done nor working stopped, in words."""
        w = self.worker
        if w is not None and w.error is not None:
            return f"the search failed ({type(w.error).__name__}: {w.error})"
        return "the preparation was stopped"

    def run(self, record: Record, seat: int, budget: tuple[int, float]) -> None:
        """The worker's body (in its thread)."""
        worker = get_current_worker()

        def progress(stage: str, done: int, total: int) -> None:
            self.stage, self.done, self.total = stage, done, total

        try:
            quiz = prepare(
                record,
                seat,
                iterations=budget[0],
                time_budget=budget[1],
                progress=progress,
                cancelled=lambda: worker.is_cancelled,
            )
        except ValueError as e:  # a record that stops replaying (RecordError)
            self.error = str(e)
            return
        if not quiz.stopped:
            self.quiz = quiz


def quiz_job(app: Any, record: Record, seat: int, budget: tuple[int, float]) -> QuizJob:
    """The app's preparation of ``record``'s quiz for ``seat``: the one under way or done,
    else a new one (which replaces any other)."""
    key = (record.to_text(), seat)
    job = _jobs.get(app)
    if job is not None and job.key == key and job.alive:
        return job
    job = QuizJob(key)
    job.worker = app.run_worker(
        lambda: job.run(record, seat, budget),
        name="quiz",
        group="quiz",
        exclusive=True,
        thread=True,
        exit_on_error=False,
    )
    _jobs[app] = job
    return job


def drop_quiz(app: Any) -> None:
    """Stop the app's preparation, if one is under way, and forget it: the player moved on
    (a rematch, the picker, out of the history), and a new game's hard bot needs the cores."""
    job = _jobs.pop(app, None)
    if job is not None and job.worker is not None and not job.finished:
        job.worker.cancel()


__all__ = ["QuizJob", "drop_quiz", "quiz_job"]
