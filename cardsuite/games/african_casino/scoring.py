"""African Casino, the reference: the deal and the count at its end.

Dealing the hands and the layout (CASINO-DEAL, VAR-SA 2: two players get the rest of the
pack as a second half), and scoring a deal (CASINO-SCORE) toward the target or, in the South
African game, its one deal. Each function is a method of ``CasinoState``, bound in its class
body (``rules.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import ACE, Card
from ...engine import Event
from ...shuffle import shuffle
from . import wording

if TYPE_CHECKING:
    from .rules import CasinoState

#: CASINO-DEAL-2/3, VAR-SA 2: the layout and each hand as dealt, by pack (short: 40 cards)
#: and players; two players have the rest of the pack dealt as a second half.
DEALT = {
    False: {2: (4, 12), 3: (4, 16), 4: (4, 12)},
    True: {2: (0, 10), 3: (1, 13), 4: (0, 10)},
}


def _deal_hands(self: CasinoState, cards: list[Card], each: int) -> None:
    first = (self.dealer + 1) % self.n
    for i in range(each * self.n):
        self.hands[(first + i) % self.n].append(cards[i])


def _deal(self: CasinoState, order: list[Card]) -> None:
    """CASINO-DEAL-2..4, VAR-SA 2."""
    self.deal_no += 1
    n = self.n
    layout, each = DEALT[self.short][n]
    self.loose = order[:layout]
    rest = order[layout:]
    self.hands = [[] for _ in range(n)]
    self._deal_hands(rest, each)
    self.stock = rest[each * n :]
    self.half = 1
    self.builds = {}
    self.proofs = set()
    self.last_capturer = None
    self.phase = "play"
    self.turn = (self.dealer + 1) % n
    self._new_turn()  # the mover: the first player
    self._legal = None
    self.events.append(Event("deal", self.dealer, wording.deals, {"deal": self.deal_no}))


def _score(self: CasinoState) -> None:
    """CASINO-END-1, SCORE-1, GAME-1: the deal scored; the game over, or the next deal
    (DEAL-1: the deal passes on)."""
    for v in sorted(self.builds):  # none in play (TAB-5); a hand-made position's go too
        self.loose += self.builds.pop(v).cards()
    left = self.loose[:]
    if self.last_capturer is not None:  # END-1: the last capturer takes the rest
        self.piles[self.pile_of[self.last_capturer]] += self.loose
        self.loose = []
        left = []
    points = self._points() if self.last_capturer is not None else [0] * self.sides
    for s in range(self.sides):
        self.totals[s] += points[s]
    if self._search_copy:  # the search scores the deal; the next one is not dealt
        self.history.append({"deal": self.deal_no, "points": points})
        self.deal_no += 1
        self.turn = None
        return
    rec = {
        "sides": [[s for s in range(self.n) if self.side(s) == i] for i in range(self.sides)],
        "deal": self.deal_no,
        "points": points,
        "totals": list(self.totals),
        "left": [c.code for c in left],
    }
    self.history.append(rec)
    self.events.append(Event("score", None, wording.scored, dict(rec)))
    top = max(self.totals)
    if self.sa or (top >= self.target and self.totals.count(top) == 1):
        self.phase = "over"
        self.turn = None
        best = [s for s in range(self.n) if self.totals[self.side(s)] == top]
        self.winners_list = best
        self.events.append(Event("gameover", None, "Game over", {"winners": best}))
        return
    order = [c for p in self.piles for c in p] + self.loose
    for p in self.piles:
        p.clear()
    self.loose = []
    shuffle(self.rng, order)
    self.dealer = (self.dealer + 1) % self.n
    self._deal(order)


def _points(self: CasinoState) -> list[int]:
    """CASINO-SCORE-1 (VAR-SA 8 ``spades=five``): each side's points from its piles."""
    points = [0] * self.sides
    cards = [0] * self.sides
    spades = [0] * self.sides
    for p, pile in enumerate(self.piles):
        s = self.side(self.pile_of.index(p))
        cards[s] += len(pile)
        spades[s] += sum(1 for c in pile if c.suit == "S")
        for c in pile:
            if c.rank == ACE or c.code == "2S":
                points[s] += 1
            elif c.code == "10D":
                points[s] += 2
    _most(points, cards)
    if self.options.get("spades") == "five":
        for s in range(self.sides):
            if spades[s] >= 5:
                points[s] += 1
    else:
        _most(points, spades)
    return points


def _most(points: list[int], counts: list[int]) -> None:
    """SCORE-1: 2 points for the most, 1 each when tied."""
    top = max(counts)
    best = [s for s, c in enumerate(counts) if c == top]
    if len(best) == 1:
        points[best[0]] += 2
    else:
        for s in best:
            points[s] += 1
