#!/usr/bin/env python3
"""An example program seat for cardsuite (``docs/program-seat.md``): it reads one JSON object
a line on standard input and answers each ``decide`` with the first legal action, or a
random one with ``--random`` (``--seed N`` makes that repeatable). Try it:

    cardsuite play manni --plain --seats human,program:"python scripts/example_program_seat.py"
    cardsuite simulate mensch --seats "program:python scripts/example_program_seat.py",medium

Only the standard library: copy it and make it play well.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

PROTOCOL = 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--random", action="store_true", help="a random legal action")
    parser.add_argument("--seed", type=int, default=None, help="the random choices' seed")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello" and message["protocol"] != PROTOCOL:
            print(f"protocol {message['protocol']} is not {PROTOCOL}", file=sys.stderr)
            return 1
        if kind == "decide":
            legal = message["legal"]
            action = rng.choice(legal) if args.random else legal[0]
            print(json.dumps({"id": message["id"], "action": action}), flush=True)
        elif kind == "result":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
