"""The plain mode's results and ratings (issue 39 #4): a rated game's result carries its
ranks; a game with undo used says "Not rated" after the result and keeps no rating."""

from __future__ import annotations

from plainkit import play, seats

from cardsuite.match import Match
from cardsuite.store import Store

ANSWERS = ["1"] * 400


def test_a_rated_plain_game(store: Store) -> None:
    match = Match.new("manni", seats("manni", ["human", "easy", "easy"]), seed=9)
    played = play(match, ANSWERS, store)
    assert match.is_over() and "Not rated" not in played.out
    assert len(store.rated_games("manni")) == 1


def test_undo_used_is_not_rated_and_says_so(store: Store) -> None:
    match = Match.new("manni", seats("manni", ["human", "easy", "easy"]), seed=9)
    match.undo_used = True  # as after an undo (the flag, not the move, decides)
    played = play(match, ANSWERS, store)
    assert match.is_over()
    assert played.lines[-1] == "Not rated: undo was used"
    assert played.lines[-3].startswith("Game over: ")
    assert store.rated_games() == [] and [r.game for r in store.game_stats()] == ["manni"]
