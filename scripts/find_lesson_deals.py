"""Find a lesson's deal: the seeds in which every rule of the lesson comes up, soonest,
in the shortest lesson, when the learner follows the suggestions.

    python scripts/find_lesson_deals.py twenty-two --seeds 300
    python scripts/find_lesson_deals.py twenty-two --variant twenty-six --seeds 300

Each seed is played through as the table plays it (``learn/walk.py``: the lesson's bots,
the learner taking every suggestion), so the seed printed first is the one to write into
the lesson's ``- seed:`` line. The lesson file's own settings (players, bots, dealer, the
end) are kept; only the seed varies.
"""

from __future__ import annotations

import argparse

from cardsuite.learn.lesson import load_lesson
from cardsuite.learn.walk import walk


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--variant", default=None)
    parser.add_argument("--seeds", type=int, default=200, help="Try seeds 1..N.")
    parser.add_argument("--best", type=int, default=8, help="How many seeds to print.")
    args = parser.parse_args()
    lesson = load_lesson(args.game, args.variant)
    results = [(walk(lesson, seed).score(), seed) for seed in range(1, args.seeds + 1)]
    results.sort()
    rules = len(lesson.rules)
    print(f"{lesson.title}: {rules} rules; seeds by missed rules, their lateness (the learner's")
    print(
        "moves before each came up, summed), the learner's moves, the seats ahead at the end, the"
    )
    print("learner's lead over the best other")
    for (missed, late, moves, behind, margin), seed in results[: args.best]:
        print(
            f"seed {seed:6d}  missed {missed}  lateness {late:3d}  learner moves {moves:3d}"
            f"  seats ahead {behind}  lead {-margin}"
        )


if __name__ == "__main__":
    main()
