"""Egyptian Money with each of its switches flipped from the preset: ``cardsuite_rate.py``'s
loop (``apply(rng.choice(legal_actions()))`` from seeds 0, 1, 2, ...) with options.

``compare.sh`` and ``count_instructions.py`` take only GAME VARIANT PLAYERS, and the
Egyptian switches (MONEY-EG-1..6, jokers) change the shop's load a great deal (aces as money
most), so this runs the same loop for each switch and prints one JSON line per switch:

    python scripts/money_switches.py [SECONDS] [--skat]   moves/s for the preset and each
                                                          switch (``--skat``: OpenSpiel's Skat
                                                          after each, and the ratio)
    python scripts/money_switches.py --count SWITCH [GAMES]
                                                          callgrind's instructions a move over
                                                          GAMES games (as count_instructions.py)
    python scripts/money_switches.py --warm SWITCH [GAMES]
                                                          the same, for a second pass over the
                                                          same games and picks, less a first:
                                                          a move with every table full

SWITCH is ``preset`` or a name below (``aces_money``, ``scale=b`` ...). Set ``PYTHONPATH``
for the checkout measured.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from count_instructions import count_run  # noqa: E402  (beside this script)

#: Each switch flipped from the Egyptian preset (auto_capture, buy_at_will, sell_bottom,
#: scale a), as options over the variant's.
SWITCHES: dict[str, dict[str, Any]] = {
    "preset": {},
    "auto_capture=off": {"auto_capture": False},
    "buy_at_will=off": {"buy_at_will": False},
    "sell_bottom=off": {"sell_bottom": False},
    "scale=standard": {"scale": "standard"},
    "scale=b": {"scale": "b"},
    "aces_money": {"aces_money": True},
    "kommi": {"kommi": True},
    "jokers": {"jokers": True},
}

LOOP = """
import json, random, sys
from cardsuite.games import get_game
game = get_game("money"); rng = random.Random(0); moves = 0
game.state_type()  # its kernel imported in the run of no games too
options = json.loads(sys.argv[1])
for _ in range(int(sys.argv[3]) if len(sys.argv) > 3 else 1):
    rng = random.Random(0); moves = 0  # (each pass the same picks: the same games)
    for g in range(int(sys.argv[2])):
        s = game.new_state(players=2, variant="egyptian", options=options, seed=g)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
            moves += 1
print(json.dumps({"moves": moves, "deals": int(sys.argv[2])}))
"""


RATE = """
import json, random, sys, time
from cardsuite.games import get_game
game = get_game("money"); game.state_type(); rng = random.Random(0)
options, secs = json.loads(sys.argv[1]), float(sys.argv[2])
games = moves = 0
t0 = time.perf_counter()
while time.perf_counter() - t0 < secs:
    s = game.new_state(players=2, variant="egyptian", options=options, seed=games)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        moves += 1
    games += 1
print(moves / (time.perf_counter() - t0))
"""


def rate(options: dict[str, Any], secs: float) -> float:
    """Moves a second of the loop with ``options``, run for ``secs`` in a process of its
    own (the kernel's tables live as long as the process: each switch starts empty, as a
    bench does)."""
    out = subprocess.run(
        [sys.executable, "-c", RATE, json.dumps(options), str(secs)],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(out.stdout)


def skat_rate(secs: float) -> float:
    """OpenSpiel's Skat, as ``compare.sh`` runs it (its own virtualenv)."""
    venv = os.environ.get("OPENSPIEL_VENV", str(Path.home() / ".cache/cardsuite-openspiel-venv"))
    script = Path(os.environ.get("CARDSUITE_SHARED", "/work/shared")) / "bench/openspiel_rate.py"
    out = subprocess.run(
        [str(Path(venv) / "bin/python"), str(script), "skat", str(secs)],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(json.loads(out.stdout)["moves_s"])


def count(switch: str, games: int) -> dict[str, Any]:
    """Instructions a move over ``games`` games, less a run of none (hash seed 0)."""
    options = json.dumps(SWITCHES[switch])
    base, _ = count_run(sys.executable, LOOP, [options, "0"])
    total, counts = count_run(sys.executable, LOOP, [options, str(games)])
    return {
        "switch": switch,
        "games": games,
        "moves": counts["moves"],
        "instructions_per_move": round((total - base) / max(counts["moves"], 1)),
    }


def warm(switch: str, games: int) -> dict[str, Any]:
    """Instructions a move of a second pass over ``games`` games with the same picks, less
    one pass: every table the kernel fills is full (hash seed 0)."""
    options = json.dumps(SWITCHES[switch])
    once, _ = count_run(sys.executable, LOOP, [options, str(games), "1"])
    twice, counts = count_run(sys.executable, LOOP, [options, str(games), "2"])
    return {
        "switch": switch,
        "games": games,
        "moves": counts["moves"],
        "warm_instructions_per_move": round((twice - once) / max(counts["moves"], 1)),
    }


def main(argv: list[str]) -> None:
    if argv[:1] in (["--count"], ["--warm"]):
        if len(argv) < 2 or argv[1] not in SWITCHES:
            raise SystemExit(__doc__)
        how = count if argv[0] == "--count" else warm
        print(json.dumps(how(argv[1], int(argv[2]) if len(argv) > 2 else 4)))
        return
    skat = "--skat" in argv
    rest = [a for a in argv if a != "--skat"]
    secs = float(rest[0]) if rest else 3.0
    for name, options in SWITCHES.items():
        line: dict[str, Any] = {"switch": name, "moves_s": round(rate(options, secs))}
        if skat:
            line["skat_moves_s"] = round(skat_rate(secs))
            line["ratio"] = round(line["moves_s"] / line["skat_moves_s"], 3)
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
