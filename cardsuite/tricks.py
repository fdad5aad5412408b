"""Tricks, stored one way in every trick game (Twenty-Two, Manni, Mensch).

The trick on the table is the state's ``trick``: its plays, ``(seat, play)`` in the order
made, the first by ``trick_leader``. A *play* is what one seat puts down at once: one card in
a one-card game (Manni, Mensch), a tuple of cards, high to low, in Twenty-Two (where a play
may be a set of several). A finished trick is a ``Trick``, ``(plays, winner)``; the hand's
finished tricks are ``tricks``, in order, and their cards ``played``.

A finished trick is a plain tuple, not a named one: a play-out closes one every three or four
moves, and making a named tuple (a subclass of tuple) costs about a thousand machine
instructions more than a plain one, 2.5% of a basic Manni play-out (``count_instructions``).
Readers unpack it: ``for plays, winner in st.tricks``. A one-card play is its card, not a
tuple of one: every rule, bot and sample reads the card itself, and a kernel would make a
tuple a move.

``TrickState`` gives the view's trick fields (``trick``, ``tricks``, ``tricks_won``) once,
each game supplying only which play is best so far (``best_so_far``). The codecs' readers and
writers of the same fields and the checks of a loaded position's finished tricks are here too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any, ClassVar, TypeVar

from . import positions
from .cards import Card
from .turns import TurnState

#: What one seat puts down to a trick: a ``Card``, or a tuple of cards (Twenty-Two).
P = TypeVar("P")
#: A finished trick: its plays, ``(seat, play)`` leader first, and the seat that won it.
Trick = tuple[list[tuple[int, P]], int]

_COUNT = {3: "three", 4: "four"}


def play_codes(play: Card | Sequence[Card]) -> list[str]:
    """A play's cards as the view shows them: a list of codes (one long for one card)."""
    if isinstance(play, Card):
        return [play.code]
    return [c.code for c in play]


def wins(tricks: Sequence[Trick[Any]], players: int) -> list[int]:
    """How many of ``tricks`` each seat has won."""
    won = [0] * players
    for _, winner in tricks:
        won[winner] += 1
    return won


class TrickState(TurnState):
    """A turn game played in tricks: the fields above, and the view's part built from them.

    The subclass declares the slots (``trick``, ``trick_leader``, ``tricks``, ``played``,
    and ``hands``: one hand a seat) and says which play of the trick is best so far."""

    __slots__ = ()

    #: One card a play (Manni, Mensch) or a tuple of cards (Twenty-Two).
    ONE_CARD: ClassVar[bool] = True

    trick: list[tuple[int, Any]]
    trick_leader: int
    tricks: list[Trick[Any]]
    played: list[Card]
    hands: list[list[Card]]

    def best_so_far(self) -> int | None:
        """The seat whose play is best in the trick on the table; None before the lead."""
        raise NotImplementedError

    def trick_cards(self) -> list[Card]:
        """The cards of the trick on the table, in play order (a zone of their own)."""
        if self.ONE_CARD:
            return [c for _, c in self.trick]
        return [c for _, cs in self.trick for c in cs]

    def hand_plays(self) -> list[list[tuple[int, Any]]]:
        """The plays of this hand's tricks: each finished one's, in order, then the one on
        the table's (empty before its lead). What voids and readings are worked out from."""
        return [*(plays for plays, _ in self.tricks), self.trick]

    def trick_fields(self) -> dict[str, Any]:
        """The view's trick on the table (``leader``, ``plays`` as ``[seat, [codes]]``,
        ``best``: the seat of the best play so far), this hand's finished ``tricks`` and
        each seat's ``tricks_won``; the screens' trick frame (``ui/trick_table.py``) and
        the bots read them."""
        return {
            "trick": {
                "leader": self.trick_leader,
                "plays": [[s, play_codes(p)] for s, p in self.trick],
                "best": self.best_so_far() if self.trick else None,
            },
            "tricks": [
                {"plays": [[s, play_codes(p)] for s, p in plays], "winner": winner}
                for plays, winner in self.tricks
            ],
            "tricks_won": wins(self.tricks, len(self.hands)),
        }


# --- JSON: the codecs' part -----------------------------------------------------------------


def plays_json(plays: Sequence[tuple[int, Any]], one_card: bool) -> list[list[Any]]:
    """Plays as a position writes them: ``[seat, code]`` a card, ``[seat, [codes]]`` a set."""
    if one_card:
        return [[s, c.code] for s, c in plays]
    return [[s, [c.code for c in cs]] for s, cs in plays]


def tricks_json(tricks: Sequence[Trick[Any]], one_card: bool) -> list[dict[str, Any]]:
    """Finished tricks as a position writes them: ``{"plays", "winner"}`` each."""
    return [{"plays": plays_json(plays, one_card), "winner": w} for plays, w in tricks]


def read_plays(value: object, players: int, one_card: bool) -> list[tuple[int, Any]]:
    """Plays read back (``plays_json``'s form): each seat checked, each card a card."""
    if not isinstance(value, list):
        raise ValueError("a trick's plays must be a list")
    out: list[tuple[int, Any]] = []
    for seat, cards in value:
        s = positions.seat(seat, players, "a trick play's seat")
        if one_card:
            out.append((s, Card.parse(str(cards))))
        else:
            out.append((s, tuple(positions.cards(cards, "a trick play"))))
    return out


def read_tricks(
    value: object, players: int, one_card: bool, size: int | None = None
) -> list[Trick[Any]]:
    """Finished tricks read back (``tricks_json``'s form); ``size``: the plays each has."""
    if not isinstance(value, list):
        raise ValueError("the finished tricks must be a list")
    out: list[Trick[Any]] = []
    for t in value:
        plays = read_plays(t["plays"], players, one_card)
        if size is not None and len(plays) != size:
            raise ValueError(f"a finished trick has {_COUNT.get(size, size)} plays")
        out.append((plays, positions.seat(t["winner"], players, "a trick's winner")))
    return out


def check_finished(
    tricks: Sequence[Trick[Card]],
    played: Sequence[Card],
    players: int,
    winner_of: Callable[[list[tuple[int, Card]]], int],
    first_leader: int | None = None,
) -> None:
    """A loaded position's finished tricks of one card a play, as play leaves them: their
    cards are ``played``; each was played by every seat in turn clockwise from its leader
    (``first_leader`` for the first and the last winner for each later one, when given;
    else whoever led it) and won by ``winner_of`` its plays."""
    if Counter(c for plays, _ in tricks for _, c in plays) != Counter(played):
        raise ValueError("the cards played are not the cards of the finished tricks")
    leader = first_leader
    for plays, winner in tricks:
        start = plays[0][0] if leader is None else leader
        if [s for s, _ in plays] != [(start + i) % players for i in range(players)]:
            raise ValueError("a finished trick is not played in turn from its leader")
        if winner != winner_of(plays):
            raise ValueError("a finished trick names the wrong winner")
        if first_leader is not None:
            leader = winner


def check_on_table(
    trick: Sequence[tuple[int, Any]],
    leader: int,
    turn: int,
    follows: Callable[[int], int],
    players: int,
) -> list[int]:
    """A loaded position's trick on the table, once it has a play, as play leaves it: led by
    ``leader``, each later play made by the seat that ``follows`` the one before, fewer plays
    than the ``players`` in the hand (the last closes it), the seat to move the one that
    follows the last. Its seats, in play order."""
    seats = [s for s, _ in trick]
    if seats:
        if seats[0] != leader or len(seats) >= players:
            raise ValueError("the trick's plays do not fit its leader")
        if any(b != follows(a) for a, b in pairwise(seats)):
            raise ValueError("the trick's plays are out of turn")
        if turn != follows(seats[-1]):
            raise ValueError("the seat to move is not the next to play to the trick")
    return seats
