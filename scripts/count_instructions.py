"""Engine cost in machine instructions: a deterministic A/B on a shared, noisy machine.

Wall-clock rates on this machine swing by 10-20% from one run to the next (other work shares
its two cores), which hides the few per cent a speed-up is worth. Valgrind's instruction
count (callgrind's ``Ir``) of a fixed workload does not swing: the same code and seeds give
the same count (the hash seed, which moves dict layouts by 1-2%, is held at 0 unless
``PYTHONHASHSEED`` says otherwise). The workload is ``cardsuite_rate.py``'s loop
(``apply(rng.choice(legal_actions()))`` from seeds 0, 1, 2, ...) over GAMES games, minus
the same run over no games (start-up and imports, the game's kernel module included, which
a game imports at its first ``new_state``). ``--skat`` counts OpenSpiel's Skat the same
way, as ``compare.sh`` drives it (needs its virtualenv). Instructions are a guide, not
the target: the interpreter and C++ differ in instructions per cycle, so quote
``compare.sh`` too.

    python scripts/count_instructions.py GAME VARIANT PLAYERS [GAMES]
    python scripts/count_instructions.py --warm WARM GAME VARIANT PLAYERS [GAMES]
    python scripts/count_instructions.py --skat [GAMES]

``--warm WARM`` counts a steady move instead: WARM games first (seeds 0..WARM-1, not
counted: tables filled, code specialised), then GAMES games from seed 1000 with callgrind
collecting only while they run (``--toggle-collect`` on the ``methodcaller`` that runs
them). A short count weighs the warming up (tables being made); the steady move is what a
long simulation or a three-second ``compare.sh`` run mostly pays.
    PYTHONPATH=/path/to/other/checkout python scripts/count_instructions.py ...   (A/B)

Needs ``valgrind`` (Debian: ``apt-get install valgrind``). Prints one JSON line.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

LOOP = """
import json, random, sys
from cardsuite.games import get_game
game = get_game(sys.argv[1]); rng = random.Random(0); moves = deals = 0
if hasattr(game, "state_type"):  # its kernel imported in the run of no games too
    game.state_type()
for g in range(int(sys.argv[4])):
    s = game.new_state(players=int(sys.argv[3]), variant=sys.argv[2], seed=g)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        moves += 1
    deals += s.deals_played()
print(json.dumps({"moves": moves, "deals": deals}))
"""

STEADY = """
import json, operator, random, sys
from cardsuite.games import get_game
game = get_game(sys.argv[1]); rng = random.Random(0)
players, variant = int(sys.argv[3]), sys.argv[2]
def play(seeds):
    moves = deals = 0
    for g in seeds:
        s = game.new_state(players=players, variant=variant, seed=g)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
            moves += 1
        deals += s.deals_played()
    return moves, deals
class Counted:
    def run(self, seeds):
        return play(seeds)
play(range(int(sys.argv[5])))
moves, deals = operator.methodcaller("run", range(1000, 1000 + int(sys.argv[4])))(Counted())
print(json.dumps({"moves": moves, "deals": deals}))
"""

SKAT = """
import json, random, sys
import pyspiel
game = pyspiel.load_game("skat"); rng = random.Random(0); moves = 0
for g in range(int(sys.argv[1])):
    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.choice(s.chance_outcomes())[0])
        else:
            s.apply_action(rng.choice(s.legal_actions()))
            moves += 1
print(json.dumps({"moves": moves, "deals": int(sys.argv[1])}))
"""


def count_run(
    python: str, script: str, args: list[str], toggle: bool = False
) -> tuple[int, dict[str, int]]:
    """Instructions of one run of ``script`` (with ``toggle``, only inside the
    ``methodcaller`` call) and what it printed."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "loop.py"
        path.write_text(script)
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                *(["--toggle-collect=methodcaller_call"] if toggle else []),
                python,
                str(path),
                *args,
            ],
            capture_output=True,
            text=True,
            check=True,
            # the hash seed moves dict layouts and the method cache: 1-2% between runs
            env={**os.environ, "PYTHONHASHSEED": os.environ.get("PYTHONHASHSEED", "0")},
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count from valgrind:\n{done.stderr[-2000:]}")
    return int(found.group(1)), json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> None:
    if argv[:1] == ["--warm"] and len(argv) in (5, 6) and argv[1].isdigit():
        games = argv[5] if len(argv) == 6 else "40"
        total, counts = count_run(sys.executable, STEADY, [*argv[2:5], games, argv[1]], True)
        print(
            json.dumps(
                {
                    "who": "cardsuite " + "/".join(argv[2:4]),
                    "warm": int(argv[1]),
                    "games": int(games),
                    "moves": counts["moves"],
                    "deals": counts["deals"],
                    "instructions_per_deal": round(total / max(counts["deals"], 1)),
                    "instructions_per_move": round(total / max(counts["moves"], 1)),
                }
            )
        )
        return
    if argv[:1] == ["--skat"]:
        games = argv[1] if len(argv) > 1 else "200"
        venv = os.environ.get(
            "OPENSPIEL_VENV", str(Path.home() / ".cache/cardsuite-openspiel-venv")
        )
        python, script, who = str(Path(venv) / "bin/python"), SKAT, "openspiel skat"
        empty, full = [python, script, ["0"]], [python, script, [games]]
    elif len(argv) in (3, 4):
        games = argv[3] if len(argv) == 4 else "50"
        python, script, who = sys.executable, LOOP, "cardsuite " + "/".join(argv[:2])
        empty, full = [python, script, [*argv[:3], "0"]], [python, script, [*argv[:3], games]]
    else:
        raise SystemExit(__doc__)
    base, _ = count_run(*empty)  # type: ignore[arg-type]
    total, counts = count_run(*full)  # type: ignore[arg-type]
    work = total - base
    print(
        json.dumps(
            {
                "who": who,
                "games": int(games),
                "moves": counts["moves"],
                "deals": counts["deals"],
                "instructions_per_deal": round(work / max(counts["deals"], 1)),
                "instructions_per_move": round(work / max(counts["moves"], 1)),
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1:])
