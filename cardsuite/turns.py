"""``TurnState``: the part of the engine contract that turn-based trick games write alike.

A state whose seat to move is ``turn`` (None once the game is over, ``phase`` then "over"),
whose winners are ``winners_list``, and whose legal actions are worked out once per position
by ``_legal_for(seat)`` and kept in ``_legal`` until the next move clears it (``apply`` sets
it to None). A search copy (``_search_copy``) stops at the end of its deal: the true
position's (``clone_for_search``) or a sample's (``search_copy``, for a game that deals its
samples through ``_sample``). The turn-based games build on it; the subclass declares the
slots. The trick games (Twenty-Two, Manni, Mensch) build on ``tricks.TrickState``, which
adds the trick on the table, the finished tricks and the view's part made of them. A new
game's first dealer is checked by ``dealer_seat``; a loaded one's by
``positions.turn_fields``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .engine import Action, State


class TurnState(State):
    __slots__ = ()

    turn: int | None
    phase: str
    winners_list: list[int]
    _legal: Sequence[Action] | None
    _search_copy: bool

    def to_move(self) -> int | None:
        return self.turn

    def is_over(self) -> bool:
        return self.phase == "over"

    def winners(self) -> list[int]:
        return list(self.winners_list)

    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        legal = self._legal
        if legal is not None and seat is None:
            return legal
        turn = self.turn
        if turn is None or (seat is not None and seat != turn):
            return []
        if legal is None:
            legal = self._legal = self._legal_for(turn)
        return legal

    def _legal_for(self, seat: int) -> Sequence[Action]:
        """The legal actions of ``seat``, the seat to move (worked out once a position)."""
        raise NotImplementedError

    def clone(self, rng: random.Random | None = None, *, events: bool = True) -> Any:
        raise NotImplementedError

    def clone_for_search(self, rng: random.Random) -> Any:
        """The true position as a search copy (its future re-seeded, its log empty)."""
        copy = self.clone(random.Random(rng.getrandbits(63)), events=False)
        copy._search_copy = True
        return copy

    # --- samples: every turn game deals its hidden cards again in one place, ``_sample`` ---

    def _sample(self, observer: int, rng: random.Random, *, events: bool) -> Any:
        """A copy whose hidden cards are dealt again as ``observer`` could believe them, its
        future re-seeded from ``rng``, its log kept or (``events=False``) left empty. A
        game that writes it gets ``sample_hidden`` and ``search_copy`` from here."""
        raise NotImplementedError

    def sample_hidden(self, observer: int, rng: random.Random) -> Any:
        return self._sample(observer, rng, events=True)

    def search_copy(self, observer: int, rng: random.Random) -> Any:
        """A sample as a search copy (``clone_for_search``'s twin): its deal, once scored,
        ends its play, and its log starts empty."""
        copy = self._sample(observer, rng, events=False)
        copy._search_copy = True
        return copy


def dealer_seat(dealer: object, players: int) -> int:
    """The dealer named to a new game (``Game.new_state``'s ``dealer``): a seat, from 0 to
    ``players - 1`` (a bool is not a seat)."""
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat from 0 to {players - 1}")
    return dealer
