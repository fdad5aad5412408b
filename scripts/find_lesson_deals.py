"""Find a lesson's deal: the seeds in which every rule of the lesson comes up, soonest,
in the shortest lesson, when the learner follows the suggestions.

    python scripts/find_lesson_deals.py twenty-two --seeds 300
    python scripts/find_lesson_deals.py twenty-two --variant twenty-six --seeds 300
    python scripts/find_lesson_deals.py african-casino --after deal --seed 101 --write x.json

Each seed is played through as the table plays it (``learn/walk.py``: the lesson's bots,
the learner taking every suggestion), so the seed printed first is the one to write into
the lesson's ``- seed:`` line. The lesson file's own settings (players, bots, dealer, the
end) are kept; only the seed varies.

A game too long for a lesson from its first card (a deal of many turns) can start part-way:
``--after N`` plays the seed's first N moves as the lesson plays them (the suggestions for
the learner, the lesson's bots for the rest) and starts the lesson there, as a hand-written
position; ``--after KIND`` plays on to the first move that logs an event of that kind
(``deal``: a new hand, or a deal's second half). ``--write FILE`` keeps the best seed's
position (JSON) for the lesson's ``- position:`` line (``--seed S``: the one seed S, when
the best by the score bunches the rules at the first moves).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from pathlib import Path
from typing import Any

from cardsuite.learn.lesson import Lesson, load_lesson
from cardsuite.learn.start import lesson_match
from cardsuite.learn.walk import MOVE_CAP, Walk, walk


def position_after(lesson: Lesson, seed: int, after: str) -> dict[str, Any] | None:
    """The position after ``seed``'s first ``after`` moves (a number), or after its first
    move that logs an event of kind ``after``, played as the lesson plays them; None if
    the game ends first."""
    match = lesson_match(dataclasses.replace(lesson, seed=seed, position=None))
    moves = int(after) if after.isdigit() else MOVE_CAP
    for _ in range(moves):
        mover = match.to_move()
        if mover is None or match.is_over():
            return None
        action = match.hint(0) if mover == 0 else match.choose_bot(mover)
        if any(e.kind == after for e in match.apply(action, mover)):
            break
    else:
        if not after.isdigit():
            return None
    state = match.state.to_json()
    state["events"] = []  # the lesson starts here: what came before is not news to it
    return state


def trial(lesson: Lesson, seed: int, after: str) -> tuple[Walk, dict[str, Any] | None]:
    """The lesson walked from ``seed``'s deal, or from its position ``after`` (and that)."""
    if after in ("", "0"):
        return walk(lesson, seed), None
    position = position_after(lesson, seed, after)
    if position is None:
        return Walk(missed=[r.rule_id for r in lesson.rules]), None
    return walk(dataclasses.replace(lesson, seed=None, position=position)), position


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--variant", default=None)
    parser.add_argument("--seeds", type=int, default=200, help="Try seeds 1..N.")
    parser.add_argument("--seed", type=int, default=None, help="Try this seed only.")
    parser.add_argument("--best", type=int, default=8, help="How many seeds to print.")
    parser.add_argument("--after", default="", help="Start after N moves, or an event's kind.")
    parser.add_argument("--write", type=Path, default=None, help="The best position's file.")
    args = parser.parse_args()
    lesson = load_lesson(args.game, args.variant)
    results = []
    for seed in [args.seed] if args.seed is not None else range(1, args.seeds + 1):
        result, position = trial(lesson, seed, args.after)
        results.append((result.score(), seed, position))
    results.sort(key=lambda r: (r[0], r[1]))
    rules = len(lesson.rules)
    print(f"{lesson.title}: {rules} rules; seeds by missed rules, their lateness (the learner's")
    print(
        "moves before each came up, summed), the learner's moves, the seats ahead at the end, the"
    )
    print("learner's lead over the best other")
    for (missed, late, moves, behind, margin), seed, _ in results[: args.best]:
        print(
            f"seed {seed:6d}  missed {missed}  lateness {late:3d}  learner moves {moves:3d}"
            f"  seats ahead {behind}  lead {-margin}"
        )
    if args.write is not None and results and results[0][2] is not None:
        args.write.write_text(json.dumps(results[0][2], indent=1) + "\n", "utf-8")
        print(f"seed {results[0][1]}'s position after {args.after} moves: {args.write}")


if __name__ == "__main__":
    main()
