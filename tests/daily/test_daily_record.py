"""A daily deal's record (issue 37's daily, issue 39's records): a game played for its first
deal alone says so (``ends: after the deal``), its result is the deal's, and it replays, is
reviewed and verifies as that deal, not as an unfinished game."""

from __future__ import annotations

from datetime import date

import pytest

from cardsuite.bots import make_bot
from cardsuite.daily import SPECS, DailyDeal, DailyMatch
from cardsuite.records import (
    ENDS_AFTER_DEAL,
    UNFINISHED,
    RecordError,
    final_state,
    parse,
    replay,
    result_words,
)
from cardsuite.ui.replay_data import Replay, ReplayMatch
from cardsuite.verify import verify

DAY = date(2026, 12, 7)
ONE_DEAL = [g for g, spec in SPECS.items() if spec.one_deal]


def played(game_id: str) -> DailyMatch:
    """The day's deal played to its end by random bots in every seat."""
    match = DailyMatch.for_deal(DailyDeal(game_id, DAY))
    bot = make_bot(game_id, "random", 7)
    while not match.is_over():
        seat = match.to_move()
        assert seat is not None
        match.apply(bot.choose(match.state, seat))
    return match


def test_the_trick_games_dailies_are_one_deal() -> None:
    assert set(ONE_DEAL) == {"twenty-two", "manni", "mensch"}


@pytest.mark.parametrize("game_id", ONE_DEAL)
def test_a_one_deal_record_has_the_deals_result(game_id: str) -> None:
    match = played(game_id)
    assert not match.state.is_over()  # the game would go on: its first deal is the daily
    rec = match.to_record()
    names = match.names()
    assert rec.one_deal and rec.finished
    assert rec.result == result_words(names, match.scores(), match.winners())
    text = rec.to_text()
    assert f"ends: {ENDS_AFTER_DEAL}" in text.splitlines()
    back = parse(text)
    assert back.one_deal and back.result == rec.result
    end = final_state(back)
    assert back.over(end) and back.result_of(end) == rec.result
    assert verify(back).verified, verify(back).findings


@pytest.mark.parametrize("game_id", ONE_DEAL)
def test_its_replay_ends_with_the_deal(game_id: str) -> None:
    match = played(game_id)
    r = Replay.of(parse(match.to_record().to_text()))
    assert r.error is None and r.last == len(match.record)
    table = ReplayMatch(r)
    table.show(r.last)
    assert table.is_over()
    # the table reads as the daily's did: over, numbered as the deal just played
    assert table.view(0) == match.view(0)
    table.show(r.last - 1)
    assert not table.is_over()


def test_without_its_ends_line_the_record_is_short() -> None:
    text = played("mensch").to_record().to_text()
    cut = text.replace(f"ends: {ENDS_AFTER_DEAL}\n", "")
    with pytest.raises(RecordError, match="its moves stop before the end"):
        final_state(parse(cut))


def test_a_move_after_the_deal_is_refused() -> None:
    match = played("twenty-two")
    lines = match.to_record().to_text().splitlines()
    lines.append(lines[-1])  # the last move again, after the deal's end
    rec = parse("\n".join(lines) + "\n")
    with pytest.raises(RecordError, match="the game was over before") as e:
        for _ in replay(rec):
            pass
    assert e.value.line == len(lines)


def test_a_bad_ends_line_is_refused_with_its_line() -> None:
    text = played("manni").to_record().to_text()
    bad = text.replace(f"ends: {ENDS_AFTER_DEAL}", "ends: after two deals")
    no = bad.splitlines().index("ends: after two deals") + 1
    with pytest.raises(RecordError, match="'after the deal' or has no 'ends' line") as e:
        parse(bad)
    assert e.value.line == no


def test_money_is_not_played_a_deal_at_a_time() -> None:
    match = DailyMatch.for_deal(DailyDeal("money", DAY))
    rec = match.to_record()
    assert not rec.one_deal and rec.result == UNFINISHED
    lines = rec.to_text().splitlines()
    at = lines.index(f"result: {UNFINISHED}")
    lines.insert(at, f"ends: {ENDS_AFTER_DEAL}")
    with pytest.raises(RecordError, match="Money is not played a deal at a time") as e:
        parse("\n".join(lines) + "\n")
    assert e.value.line == at + 1


def test_casinos_daily_is_a_whole_game() -> None:
    match = played("african-casino")
    rec = match.to_record()
    assert match.state.is_over() and not rec.one_deal
    assert "ends:" not in rec.to_text()
    assert rec.result == result_words(match.names(), match.scores(), match.state.winners())
