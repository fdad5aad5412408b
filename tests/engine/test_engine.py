"""The engine contract: registry, variants and options, events, IllegalAction."""

from __future__ import annotations

import pytest

from cardsuite.engine import Event, IllegalAction
from cardsuite.games import UnknownGame, all_games, get_game


def test_registry() -> None:
    games = all_games()
    assert "twenty-two" in [g.id for g in games]
    assert get_game("Twenty_Two") is get_game("twenty-two")
    with pytest.raises(UnknownGame, match=r"games: .*twenty-two"):
        get_game("poker")


def test_variant_and_option_errors_say_what_is_allowed() -> None:
    g = get_game("twenty-two")
    with pytest.raises(ValueError, match="variants: standard, beat-the-leader"):
        g.new_state(variant="nope")
    with pytest.raises(ValueError, match="options: beat_leader="):
        g.new_state(options={"colour": "red"})
    with pytest.raises(ValueError, match="one of lowest, share"):
        g.new_state(options={"all_out": "nobody"})
    with pytest.raises(ValueError, match="true or false"):
        g.new_state(options={"beat_leader": "maybe"})
    with pytest.raises(ValueError, match="2-12 players"):
        g.new_state(players=13)


def test_options_parse_from_text() -> None:
    g = get_game("twenty-two")
    st = g.new_state(variant="standard", options={"beat_leader": "yes", "all_out": "SHARE"})
    assert st.options["beat_leader"] is True and st.options["all_out"] == "share"
    assert g.variants["twenty-six"].defaults()["twenty_six"] is True


def test_event_renders_names_and_cards() -> None:
    e = Event("trick", 2, "{P2} wins the trick with [QS] [10H]", {"cards": ["QS", "10H"]})
    assert str(e) == "P3 wins the trick with Q♠ 10♥"
    assert e.render(["South", "West", "North"], card=lambda c: c.pretty(ascii=True)) == (
        "North wins the trick with QS 10H"
    )
    assert Event.from_json(e.to_json()) == e


def test_illegal_action_has_reason() -> None:
    err = IllegalAction("not now")
    assert err.reason == "not now" and str(err) == "not now"


def test_same_seed_same_game() -> None:
    g = get_game("twenty-two")
    a, b = g.new_state(players=4, seed=42), g.new_state(players=4, seed=42)
    assert a.to_json() == b.to_json()
    assert g.new_state(players=4, seed=43).to_json() != a.to_json()


def test_match_explain_says_why_without_changing_anything() -> None:
    """``Match.explain``: a composer's preview. The refusal's reason, or None for a step the
    game would take; the match is untouched either way."""
    from cardsuite.match import Match, SeatSpec

    game = get_game("african-casino")
    mine = [
        "KC",
        "7C",
        "2S",
        "3S",
        "4S",
        "5S",
        "6S",
        "7S",
        "8S",
        "9H",
        "9C",
        "9D",
    ]  # no ten among seat 0's twelve
    theirs = ["10S", "10H", "10C", "10D", "JS", "JH", "JC", "JD", "QS", "QH", "QC", "QD"]
    deck = ["5H", "3C", "2D", "9S", *(c for pair in zip(mine, theirs, strict=True) for c in pair)]
    state = game.new_state(players=2, deck=deck, dealer=1)
    match = Match(game, state, [SeatSpec("human", "A"), SeatSpec("human", "B")])
    before = state.to_json()
    assert match.explain("trail KC", 0) is None  # seat 0 holds KC and 7C
    assert "CASINO-BUILD-2" in (match.explain("build 10: 5H 3C 2D", 0) or "")  # no ten
    assert "not your turn" in (match.explain("trail 10S", 1) or "")
    assert "unknown action" in (match.explain("fold", 0) or "")
    assert state.to_json() == before and match.record == []
