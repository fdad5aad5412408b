"""Every command at a plain prompt, bad and empty input, the end of input, undo, saving and
leaving: what the player hears, and that nothing changes where nothing should."""

from __future__ import annotations

from pathlib import Path

import pytest
from plainkit import play, seats

from cardsuite.engine import IllegalAction
from cardsuite.match import Match
from cardsuite.plain.run import Look, Picker, Streams, play_match
from cardsuite.store import Store

CHOICES = ["1. pass", "2. after", "3. five", "4. six", "5. seven", "6. solo"]
PLAYS = [
    "South, your turn. Choose 1 to 2:",
    "1. play the ten of spades",
    "2. play the nine of spades",
]


def mensch(seed: int = 3) -> Match:
    """South to bid first with ten, nine of spades; ace, queen, jack of hearts; ... (seed 3)."""
    return Match.new("mensch", seats("mensch", ["human", "medium", "medium", "medium"]), seed=seed)


def after(lines: list[str], asked: str) -> list[str]:
    """The lines answering ``asked`` (up to the next prompt)."""
    at = lines.index(f"Your move: {asked}")
    rest = lines[at + 1 :]
    end = next((i for i, x in enumerate(rest) if x.startswith("Your move: ")), len(rest))
    return rest[:end]


def test_the_first_decision_says_the_hand_and_numbers_the_choices(store: Store) -> None:
    lines = play(mensch(), [], store).lines
    assert lines[:5] == [
        "Mensch. 4 players: South (a person), West (medium bot), North (medium bot),"
        " East (medium bot).",
        "Type help at any prompt for the commands.",
        "Deal 1: West deals",
        "North passes",
        "East bids Half",
    ]
    at = lines.index("South, your turn. Choose 1 to 6:")
    assert lines[at - 1] == (
        "South's hand, 8 cards: spades: ten, nine; hearts: ace, queen, jack; clubs: nine;"
        " diamonds: jack, nine."
    )
    assert lines[at + 1 : at + 7] == CHOICES


def test_each_command(store: Store) -> None:
    said = ["help", "1", "hand", "table", "score", "log 2", "rules", "rules 3", "hint", "list",
            "list 10S", "list QQ"]  # fmt: skip
    lines = play(mensch(), said, store).lines
    assert after(lines, "help")[0].startswith("Answer with a choice's number")
    assert [x.split(":")[0] for x in after(lines, "help")[1:]] == [
        "hand", "table", "score", "log", "list", "rules", "hint", "undo", "save", "clear",
        "quit", "help",
    ]  # fmt: skip
    assert after(lines, "1")[-3:] == PLAYS
    assert after(lines, "hand") == [
        "South's hand, 8 cards: clubs: nine; spades: ten, nine; hearts: ace, queen, jack;"
        " diamonds: jack, nine."
    ]
    assert after(lines, "table") == [
        "This is deal 1 of 8.",
        "The contract is half by East.",
        "Trumps are clubs.",
        "The called card is the ace of spades.",
        "North led the ace of spades; East played the seven of spades. North is winning it.",
        "Cards in hand: South 8, West 8, North 7, East 7.",
    ]
    assert after(lines, "score") == [
        "Scores in chips (higher is better): South 0, West 0, North 0, East 0.",
        "This is deal 1 of 8.",
    ]
    assert after(lines, "log 2") == [
        "The last 2 events:",
        "North played the called card: the partner",
        "East plays the seven of spades",
    ]
    sections = after(lines, "rules")
    assert sections[0] == "The rules in 11 sections; type rules and a number:"
    assert sections[3] == "3. The cards"
    assert after(lines, "rules 3")[:2] == [
        "Section 3: The cards.",
        "- A 32-card pack: A K Q J 10 9 8 7 in each suit. Each player gets 8 cards, dealt in",
    ]
    assert not any("**" in x for x in after(lines, "rules 3"))  # no Markdown read aloud
    assert after(lines, "hint") == [
        "Hint: play the nine of spades. Why: cannot win this trick: throw nine of spades, low"
        " and from a short suit."
    ]
    assert after(lines, "list") == PLAYS
    assert after(lines, "list 10S") == ["1 of 2 choices match 10S:", "1. play the ten of spades"]
    assert after(lines, "list QQ") == ["No choice matches QQ. Type list to hear the kinds."]


def test_bad_input_is_answered_and_asked_again(store: Store) -> None:
    match = mensch()
    said = ["1", "0", "7", "", "bogus", "play 2C", "play AH", "rules 99"]
    lines = play(match, said, store).lines
    assert after(lines, "0") == ["There is no choice 0: choose 1 to 2."]
    assert after(lines, "7") == ["There is no choice 7: choose 1 to 2."]
    assert after(lines, "") == ["Type a number from 1 to 2, an action, or help."]
    assert after(lines, "bogus")[0].startswith("Not understood: unknown action 'bogus'; use pass")
    assert after(lines, "play 2C") == [
        "Not understood: 2C is not in Mensch's 32-card pack. Type a number, or help."
    ]
    with pytest.raises(IllegalAction) as refused:  # the rules' own reason, said
        match.state.clone().apply("play AH")
    assert after(lines, "play AH") == [f"Not allowed: {refused.value.reason}"]
    assert after(lines, "rules 99") == ["There is no section 99: choose 1 to 11."]
    assert len(match.record) == 7  # the bids, the call, two plays; South's not made
    assert match.to_move() == 0


def test_end_of_input_leaves_cleanly_and_saves_nothing(store: Store) -> None:
    played = play(mensch(), ["1"], store)
    assert played.status == 0
    assert played.out.endswith("Your move: \n")
    assert (
        played.err == "End of input: leaving the game (nothing was saved that you did not save).\n"
    )
    assert store.list_saves() == []


def test_undo_goes_back_to_the_previous_decision(store: Store) -> None:
    match = mensch()
    lines = play(match, ["undo", "1", "undo", "2"], store).lines
    assert after(lines, "undo") == ["Nothing to undo yet."]
    back = lines[lines.index("Your move: undo", lines.index("Your move: 1")) + 1 :]
    assert back[0] == "Back to your previous decision."
    assert back[3:9] == CHOICES  # the bid asked again, the hand said again before it
    assert "South bids After" in lines and "South passes" in lines
    assert [m.text for m in match.record if m.seat == 0] == ["after"]


def test_quit_asks_to_save(store: Store) -> None:
    lines = play(mensch(), ["quit", "", "quit", "no"], store).lines
    assert "Back to the game." in lines and lines[-1] == "Left the game without saving."
    assert store.list_saves() == []
    lines = play(mensch(), ["1", "quit", "yes"], store).lines
    assert lines[-2].startswith("Saved as mensch-") and lines[-1] == "Left the game; it is saved."
    assert len(store.list_saves()) == 1 and len(store.list_records()) == 1


def test_saved_in_plain_resumes_where_it_was(store: Store) -> None:
    """A save is the app's own file: read as the app's picker reads it, it is the same game,
    and played on in plain text its end removes the save."""
    match = mensch()
    play(match, ["1", "save", "quit"], store)
    (info,) = store.list_saves()
    assert info.title == "Mensch · deal 1 of 8"
    again = Match.from_save(store.load_save(info.path))  # what the app's picker does
    assert again.state.to_json() == match.state.to_json()
    assert again.record == match.record and again.seats == match.seats
    again.save_path = info.path
    lines = play(again, ["1"] * 600, store, resumed=True).lines
    assert lines[0].startswith("Resuming Mensch. 4 players:")
    assert lines[-2].startswith("Game over: ")
    assert store.list_saves() == [] and len(store.list_records()) == 1


def test_saved_in_the_app_resumes_in_the_plain_picker(store: Store, tmp_path: Path) -> None:
    """The app's table saves ``Match.to_save()`` with ``store.save_game``; the plain picker
    lists it under r and plays it on."""
    match = mensch(seed=4)
    mover = match.to_move()
    assert mover is not None and not match.is_human(mover)  # a bot's bid, before South's
    match.apply(match.legal_actions(mover)[0])
    path = store.save_game(match.to_save())
    import io

    out = io.StringIO()
    streams = Streams(io.StringIO("r\n1\n"), out, io.StringIO())
    chosen = Picker(streams, store).choose()
    assert chosen is not None and chosen.save_path == path
    assert chosen.state.to_json() == match.state.to_json()
    said = out.getvalue().splitlines()
    assert said[-3].startswith("1. Mensch · deal 1 of 8: ")
    assert said[-2:] == ["Which save, 1 to 1 (enter: back)? 1", "Resuming the saved game."]
    status = play_match(
        chosen, Look(pace="instant"), Streams(io.StringIO("1\n" * 600), out, io.StringIO()), store
    )
    assert status == 0 and chosen.is_over() and not path.exists()


def test_a_long_list_is_summarised_by_kind_and_narrowed(store: Store) -> None:
    """Hornafjarðarmanni's exchange offers 1586 discards: said as six kinds, the lone
    exchange of nothing listed at once; narrowed by kind, by cards, or both."""
    match = Match.new(
        "manni", seats("manni", ["human", "medium", "medium"]), "hornafjardarmanni", seed=4
    )
    said = ["list discard 2 cards 10S", "list discard 1 card", "list 10D 9D QD", "list all"]
    lines = play(match, said, store).lines
    at = lines.index("Your move: list discard 2 cards 10S")
    assert lines[at - 3 : at] == [
        "South, your turn: 1586 choices. By kind: discard nothing 1, discard 1 card 12,"
        " discard 2 cards 66, discard 3 cards 220, discard 4 cards 495, discard 5 cards 792.",
        "1. discard nothing (keep your cards)",
        "Type list and a kind or cards to hear some (list discard 5 cards), list all for every"
        " one, or type the action itself, as: discard 9S 8S 2H 9C 10D.",
    ]
    two = after(lines, "list discard 2 cards 10S")
    assert two[0] == "11 of 1586 choices match discard 2 cards 10S:"
    assert two[1] == "14. discard the ten of spades and the nine of spades"
    assert all(" and " in x and "ten of spades" in x for x in two[1:]) and len(two) == 12
    assert len(after(lines, "list discard 1 card")) == 13
    three = after(lines, "list 10D 9D QD")
    assert three[0] == "46 of 1586 choices match 10D 9D QD:"  # the three and 0 to 2 of 9
    assert (
        len(three) == 32
        and three[-1] == "And 16 more: narrow the list (list and a card or a kind)."
    )
    for card in ("ten of diamonds", "nine of diamonds", "queen of diamonds"):
        assert all(card in x for x in three[1:-1])
    everything = after(lines, "list all")
    assert len(everything) == 1587 and everything[-1].startswith("1586. discard ")


def test_the_rules_tables_are_said_as_lines(store: Store) -> None:
    match = Match.new("manni", seats("manni", ["human", "medium", "medium"]), seed=4)
    lines = play(match, ["rules 10"], store).lines
    section = after(lines, "rules 10")
    assert section[0] == "Section 10: Action notation."
    assert "swap: Basic Manni: take the manni as your hand" in section
    assert not any("|" in x or "`" in x or x.startswith("---") for x in section)
