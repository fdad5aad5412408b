"""Ratings (issue 39 #4, ``ratings.py``): the update on hand-made results, teams and ties,
fixed bot anchors, and which games are rated."""

from __future__ import annotations

from typing import Any

import pytest

from cardsuite.daily import DailyMatch
from cardsuite.engine import Event
from cardsuite.games import get_game
from cardsuite.match import Match, SeatSpec
from cardsuite.ratings import (
    RatedGame,
    calibrate,
    check_anchors,
    check_fields,
    compute,
    not_rated_line,
    pairings,
    ranks_of,
    shipped_anchors,
    teams_of,
    unrated_reason,
)

ANCHORS = {"money": {"hard": {"mu": 35.0, "sigma": 2.0, "games": 100}}}


def duel(at: float, first: str, second: str, ranks: list[int], kinds: Any = None) -> RatedGame:
    kinds = kinds or ("human", "human")
    return RatedGame("money", at, [(kinds[0], first), (kinds[1], second)], [[0], [1]], ranks)


def by_name(rows: Any) -> dict[str, Any]:
    return {r.name: r for r in rows}


def test_a_win_raises_a_loss_lowers_and_uncertainty_shrinks() -> None:
    rows = by_name(compute([duel(1, "Ada", "Bo", [1, 2])], {})["money"])
    ada, bo = rows["Ada"], rows["Bo"]
    assert ada.mu > 25 > bo.mu
    assert ada.sigma < 25 / 3 and bo.sigma < 25 / 3
    assert ada.ordinal > bo.ordinal and ada.games == bo.games == 1
    again = by_name(
        compute([duel(1, "Ada", "Bo", [1, 2]), duel(2, "Ada", "Bo", [1, 2])], {})["money"]
    )
    assert again["Ada"].mu > ada.mu and again["Ada"].sigma < ada.sigma


def test_a_tie_between_equals_moves_nobody_apart() -> None:
    rows = by_name(compute([duel(1, "Ada", "Bo", [1, 1])], {})["money"])
    assert rows["Ada"].mu == pytest.approx(rows["Bo"].mu)
    assert rows["Ada"].sigma < 25 / 3


def test_order_matters_games_replay_in_time_order() -> None:
    """The same results given in any order are replayed by when they finished."""
    games = [
        duel(2, "Ada", "Bo", [2, 1]),
        duel(1, "Ada", "Bo", [1, 2]),
        duel(3, "Cy", "Bo", [1, 2]),
    ]
    assert compute(games, {}) == compute(sorted(games, key=lambda g: g.finished_at), {})


def test_a_partnership_rates_the_team() -> None:
    """CASINO four players: seats 0 and 2 against 1 and 3; both winners rise alike."""
    game = RatedGame(
        "african-casino",
        1,
        [("human", "Ada"), ("human", "Bo"), ("human", "Cy"), ("human", "Di")],
        [[0, 2], [1, 3]],
        [1, 2],
    )
    rows = by_name(compute([game], {})["african-casino"])
    assert rows["Ada"].mu == pytest.approx(rows["Cy"].mu)
    assert rows["Bo"].mu == pytest.approx(rows["Di"].mu)
    assert rows["Ada"].mu > 25 > rows["Bo"].mu


def test_a_bot_anchor_stays_and_the_player_moves_against_it() -> None:
    beat = compute([duel(1, "Ada", "hard", [1, 2], ("human", "hard"))], ANCHORS)["money"]
    lost = compute([duel(1, "Ada", "hard", [2, 1], ("human", "hard"))], ANCHORS)["money"]
    hard = by_name(beat)["hard"]
    assert hard.anchor and hard.bot and (hard.mu, hard.sigma, hard.games) == (35.0, 2.0, 100)
    assert by_name(lost)["hard"] == hard
    # beating a strong anchor lifts more than beating a newcomer does
    newcomer = by_name(compute([duel(1, "Ada", "Bo", [1, 2])], {})["money"])["Ada"]
    assert by_name(beat)["Ada"].mu > newcomer.mu
    assert by_name(lost)["Ada"].mu < 25


def test_an_anchored_game_with_no_results_still_lists_its_levels() -> None:
    assert [r.label for r in compute([], ANCHORS)["money"]] == ["hard (bot)"]


def test_ranks_winners_first_then_scores_ties_as_ties() -> None:
    teams = [[0], [1], [2], [3]]
    assert ranks_of(teams, [2], [5, 9, 1, 9], low_score_wins=False) == [3, 2, 1, 2]
    assert ranks_of(teams, [2], [5, 9, 1, 9], low_score_wins=True) == [2, 3, 1, 3]
    assert ranks_of(teams, [0, 1], [3, 3, 1, 0], low_score_wins=False) == [1, 1, 2, 3]
    assert ranks_of([[0, 2], [1, 3]], [1, 3], [4, 9, 4, 9], low_score_wins=False) == [2, 1]


def test_teams_casino_four_and_a_one_deal_mensch() -> None:
    assert teams_of("african-casino", 4, []) == [[0, 2], [1, 3]]
    assert teams_of("african-casino", 3, []) == [[0], [1], [2]]
    settle = Event("settle", None, "", {"declarer": 3, "partner": 1})
    assert teams_of("mensch", 4, [settle]) == [[1, 3], [0, 2]]
    solo = Event("settle", None, "", {"declarer": 2, "partner": None})
    assert teams_of("mensch", 4, [solo]) == [[2], [0, 1, 3]]
    assert teams_of("mensch", 4, [settle, settle]) == [[0], [1], [2], [3]]  # partners change


@pytest.mark.parametrize(
    "bad",
    [
        None,
        {"teams": [[0], [0]], "ranks": [1, 2]},
        {"teams": [[0], [2]], "ranks": [1, 2]},
        {"teams": [[0], [1]], "ranks": [1]},
        {"teams": [[0], [1]], "ranks": [1, True]},
        {"teams": [[]], "ranks": [1]},
    ],
)
def test_a_bad_rating_is_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        check_fields(bad, 2)


def seated(kinds: str = "human,easy") -> list[SeatSpec]:
    return [SeatSpec(k, f"P{i}") for i, k in enumerate(kinds.split(","))]


def test_which_games_are_rated() -> None:
    fresh = Match.new("money", seated(), seed=3)
    assert unrated_reason(fresh) is None
    assert unrated_reason(Match.new("money", seated("human,human"), seed=3)) is None
    fresh.undo_used = True
    assert not_rated_line(unrated_reason(fresh)) == "Not rated: undo was used"
    game = get_game("money")
    placed = Match(game, game.new_state(players=2, seed=3), seated())  # from a position
    assert unrated_reason(placed) == "it began from a position"
    assert unrated_reason(Match.new("money", seated(), seed=3), lesson=True) is not None
    twins = Match.new("money", [SeatSpec("human", "Al"), SeatSpec("human", "Al")], seed=3)
    assert unrated_reason(twins) == "two players have the same name"
    daily = DailyMatch.__new__(DailyMatch)  # the class decides: a daily is never rated
    assert "daily" in str(unrated_reason(daily))


def test_the_undo_flag_survives_save_and_resume() -> None:
    match = Match.new("twenty-two", seated("human,easy,easy"), seed=5)
    while match.to_move() != 0:
        match.apply(match.legal_actions(match.to_move())[0])
    match.apply(match.legal_actions(0)[0])
    assert match.undo()
    assert Match.from_save(match.to_save()).undo_used is True
    assert Match.from_save(Match.new("money", seated(), seed=3).to_save()).undo_used is False
    data = match.to_save() | {"undo_used": "yes"}
    with pytest.raises(ValueError, match="undo_used"):
        Match.from_save(data)


def test_the_shipped_anchors_are_read_and_checked() -> None:
    """``bot_ratings.json`` (``bench --ratings --out``): every game's four levels, the
    random bot at the bottom and the hard bot at least as high as the easy one."""
    from cardsuite.games import game_ids

    shipped = shipped_anchors()
    assert set(shipped) == set(game_ids())
    for levels in shipped.values():
        assert set(levels) == {"random", "easy", "medium", "hard"}
        assert min(levels, key=lambda x: levels[x]["mu"]) == "random"
        assert levels["hard"]["mu"] > levels["easy"]["mu"]
    with pytest.raises(ValueError):
        check_anchors({"money": {"genius": {"mu": 1, "sigma": 1, "games": 1}}})
    with pytest.raises(ValueError):
        check_anchors({"money": {"hard": {"mu": 1, "sigma": -1, "games": 1}}})


def test_pairings_every_table_of_levels() -> None:
    assert len(pairings(2)) == 6 and pairings(4) == [("random", "easy", "medium", "hard")]
    assert pairings(3, ("random", "easy")) == [("random", "easy", "random")]


def test_a_tiny_calibration() -> None:
    found = calibrate("money", 2, 1, ("random", "easy"))
    assert set(found) == {"random", "easy"}
    assert all(r["games"] == 2 and r["sigma"] < 25 / 3 for r in found.values())


def test_a_joined_tables_game_is_rated_by_names_and_levels() -> None:
    """At a joined table the seats come from the host (kinds: here, away, a bot level);
    the game is rated, the players by name and a bot seat as its level."""
    from cardsuite.remote.remote_match import RemoteMatch

    welcome = {
        "game": "twenty-two",
        "variant": "standard",
        "seat": 0,
        "seats": [
            {"name": "Ann", "kind": "remote", "status": "here"},
            {"name": "Bo", "kind": "remote", "status": "away"},
            {"name": "Medium", "kind": "medium", "status": "medium"},
        ],
    }
    remote = RemoteMatch(object(), welcome)  # type: ignore[arg-type]  # (never sends here)
    assert unrated_reason(remote) is None
    kinds = [(s.kind, s.name) for s in remote.seats]
    game = RatedGame("twenty-two", 1, kinds, [[0], [1], [2]], [1, 2, 3])
    rows = {r.label: r for r in compute([game], {})["twenty-two"]}
    assert set(rows) == {"Ann", "Bo", "medium (bot)"}
