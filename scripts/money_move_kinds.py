"""Egyptian Money's play-out split by kind of move and by part, and the shape of its games.

``money_switches.py --count`` gives the average move of a switch; a speed-up needs to know
which kind of move holds the instructions (an exchange, a turn, a payment, a sale, a ground
purchase), how much is the listing, and how much of the listing is the kernel's tables
being filled (a new key's rows, a forced buyer's exchanges and sources). This plays
``cardsuite_rate.py``'s loop (seeds 0, 1, ..., the moves picked by ``random.Random(0)``)
once under callgrind, each part called through a C function of its own that Money's code
never calls (``reduce``, ``methodcaller``, ``filterfalse``, ``starmap``, ``groupby``,
``filter``, ``takewhile``, ``dropwhile``: not ``map`` nor ``partial``, which the kernel
calls itself), and reads each one's inclusive count off ``callgrind_annotate``: one run
for every part, each exact (the collector's work falls inside whichever part allocated
when it ran; ``--nogc`` leaves it out).

    python scripts/money_move_kinds.py [SWITCH] [GAMES] [--nogc]
    python scripts/money_move_kinds.py --shape [SWITCH] [GAMES]

SWITCH is a name of ``money_switches.py`` (``preset``, ``aces_money`` ...; default
``aces_money``), GAMES the games played (default 2). ``--shape`` runs without callgrind
and prints the games' shape: moves a game, moves by kind, shop listings, the distinct keys
they were listed for and how many were new (``MoneyKernel._rows`` made), the steps a
listing, the cards an exchange moves. Set ``PYTHONPATH`` for the checkout measured; needs
``valgrind`` and ``callgrind_annotate``; hash seed 0.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from money_switches import SWITCHES  # noqa: E402  (beside this script)

#: Each part and the C function it is called through (``LOOP``).
PARTS = {
    "listing": "functools_reduce",
    "exchange": "methodcaller_call",
    "turn": "filterfalse_next",
    "buy": "starmap_next",
    "sell": "groupby_next",
    "new key's rows": "filter_next",
    "forced buyer's exchanges": "takewhile_next",
    "forced buyer's sources": "dropwhile_next",
    "collector": "gc_collect_main",
}

LOOP = """
import collections, functools, gc, itertools, json, operator, random, sys
from cardsuite.games import get_game
from cardsuite.games.money import kernel
from cardsuite.games.money.actions import Buy, Exchange, Sell, Turn
game = get_game("money"); game.state_type()
options, games, nogc = json.loads(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
if nogc:
    gc.disable()
K = kernel.MoneyKernel
rows, forced, sources = K._rows, K._forced_swaps, K._sources_at_will
def _rows(self, key):  # through ``filter``
    got = []
    next(filter(lambda s: got.append(rows(s, key)), (self,)), None)
    return got[0]
def _forced(self):  # through ``takewhile``
    got = []
    next(itertools.takewhile(lambda s: got.append(forced(s)), (self,)), None)
    return got[0]
def _sources(self):  # through ``dropwhile``
    got = []
    next(itertools.dropwhile(lambda s: got.append(sources(s)), (self,)), None)
    return got[0]
K._rows, K._forced_swaps, K._sources_at_will = _rows, _forced, _sources
def listing(_, s):
    return s.legal_actions()
rng = random.Random(0); kinds = collections.Counter()
for g in range(games):
    s = game.new_state(players=2, variant="egyptian", options=options, seed=g)
    while not s.is_over():
        a = rng.choice(functools.reduce(listing, (s,), None))
        k = type(a)
        if k is Exchange:
            operator.methodcaller("apply", a)(s); kinds["exchange"] += 1
        elif k is Turn:
            next(itertools.filterfalse(s.apply, (a,)), None); kinds["turn"] += 1
        elif k is Buy:
            next(itertools.starmap(s.apply, ((a,),))); kinds["buy"] += 1
        elif k is Sell:
            next(itertools.groupby((a,), key=s.apply)); kinds["sell"] += 1
        else:
            s.apply(a); kinds["other"] += 1
print(json.dumps(dict(kinds)))
"""

SHAPE = """
import collections, json, random, sys
from cardsuite.games import get_game
from cardsuite.games.money import kernel
from cardsuite.games.money.actions import Buy, Exchange
options, games = json.loads(sys.argv[1]), int(sys.argv[2])
game = get_game("money"); K = kernel.MoneyKernel
rows, shop = K._rows, K._shop
seen = collections.Counter(); made = [0]; listed = []
def _rows(self, key):
    made[0] += 1
    return rows(self, key)
def _shop(self):
    got = shop(self)
    seen[(self.exchanges, self._keys[self.mover])] += 1
    listed.append(len(got))
    return got
K._rows, K._shop = _rows, _shop
rng = random.Random(0); kinds = collections.Counter(); lengths = []; cards = []
for g in range(games):
    s = game.new_state(players=2, variant="egyptian", options=options, seed=g)
    n = 0
    while not s.is_over():
        a = rng.choice(s.legal_actions())
        kinds[type(a).__name__ + ("." + a.source if type(a) is Buy else "")] += 1
        if type(a) is Exchange:
            cards.append(len(a.give) + len(a.take))
        s.apply(a); n += 1
    lengths.append(n)
moves = sum(lengths)
print(json.dumps({
    "games": games, "moves": moves, "moves_a_game": lengths,
    "kinds": {k: [v, round(v / moves, 3)] for k, v in kinds.most_common()},
    "shop_listings": len(listed), "distinct_keys": len(seen), "new_keys": made[0],
    "keys_listed_once": sum(1 for v in seen.values() if v == 1),
    "steps_a_listing": round(sum(listed) / max(len(listed), 1), 1),
    "cards_an_exchange_moves": round(sum(cards) / max(len(cards), 1), 2),
}))
"""


def _inclusive(annotated: str, function: str) -> int:
    """The inclusive count of a C function in ``callgrind_annotate --inclusive=yes``'s
    output (its line in the shared library, not an inlined copy's)."""
    found = re.search(rf"^\s*([\d,]+) \([^)]*\)\s+\S+:{function} \[", annotated, re.M)
    return int(found.group(1).replace(",", "")) if found else 0


def count(switch: str, games: int, nogc: bool) -> dict[str, object]:
    """Each part's instructions over ``games`` games (one callgrind run)."""
    options = json.dumps(SWITCHES[switch])
    with tempfile.TemporaryDirectory() as tmp:
        loop, out = Path(tmp) / "loop.py", Path(tmp) / "callgrind.out"
        loop.write_text(LOOP)
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                str(loop),
                options,
                str(games),
                "1" if nogc else "0",
            ],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": os.environ.get("PYTHONHASHSEED", "0")},
        )
        kinds = json.loads(done.stdout.strip().splitlines()[-1])
        annotated = subprocess.run(
            ["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(out)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    moves = sum(kinds.values())
    parts: dict[str, object] = {}
    for part, function in PARTS.items():
        total = _inclusive(annotated, function)
        line: dict[str, object] = {"instructions": total, "a_move": round(total / moves)}
        if part in kinds:
            line["moves"] = kinds[part]
            line["each"] = round(total / max(kinds[part], 1))
        parts[part] = line
    return {"switch": switch, "games": games, "moves": moves, "nogc": nogc, "parts": parts}


def shape(switch: str, games: int) -> dict[str, object]:
    """The games' shape (no callgrind)."""
    done = subprocess.run(
        [sys.executable, "-c", SHAPE, json.dumps(SWITCHES[switch]), str(games)],
        capture_output=True,
        text=True,
        check=True,
    )
    return {"switch": switch, **json.loads(done.stdout)}


def main(argv: list[str]) -> None:
    flags = {a for a in argv if a.startswith("--")}
    rest = [a for a in argv if not a.startswith("--")]
    if flags - {"--nogc", "--shape"} or (rest and rest[0] not in SWITCHES):
        raise SystemExit(__doc__)
    switch = rest[0] if rest else "aces_money"
    games = int(rest[1]) if len(rest) > 1 else 2
    if "--shape" in flags:
        print(json.dumps(shape(switch, games)))
        return
    print(json.dumps(count(switch, games, "--nogc" in flags)))


if __name__ == "__main__":
    main(sys.argv[1:])
