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
