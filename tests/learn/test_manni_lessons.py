"""Manni's variant lessons (Trjámann, Hornafjarðarmanni): the deals do what their panels
say (the learner declares and exchanges in Trjámann; in Hornafjarðarmanni deals, holds the
cut card and exchanges last, after seeing the others' counts), and the triggers read a
hand-made view holding only what the learner may see."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardsuite.cards import ACE, Card
from cardsuite.engine import Event
from cardsuite.games.manni import lesson as manni
from cardsuite.games.manni.actions import Contract, Discard
from cardsuite.learn.lesson import Moment, load_lesson
from cardsuite.learn.start import lesson_match
from cardsuite.learn.walk import walk


def _to_learner(match: Any) -> list[tuple[int, str]]:
    """Bots' moves until the learner is to move: (seat, move) each."""
    moves = []
    while match.to_move() not in (0, None):
        seat = match.to_move()
        action = match.choose_bot(seat)
        match.apply(action, seat)
        moves.append((seat, str(action)))
    return moves


def test_trjamann_the_learner_declares_then_exchanges_then_leads() -> None:
    """TRJ-DECL-1: the learner is eldest, so declarer; the suggestion names their longest
    suit trumps (the panel's reason); TRJ-EXCH-1 up to four, the learner's alone; TRJ-PLAY-1:
    the declarer leads. Each rule's panel at the learner's move it first applies to."""
    lesson = load_lesson("manni", "trjamann")
    match = lesson_match(lesson)
    view = match.view(0)
    assert view["declarer"] == 0 and view["eldest"] == 0 and match.to_move() == 0
    contract = match.hint(0)
    longest = Counter(Card.parse(c).suit for c in view["hand"]).most_common(1)[0][0]
    assert contract == Contract("other", longest)
    match.apply(contract, 0)
    assert match.view(0)["exchange_sizes"] == [0, 1, 2, 3, 4]  # four or none is off
    exchange = match.hint(0)
    assert isinstance(exchange, Discard) and len(exchange.cards) == 4
    match.apply(exchange, 0)
    assert match.view(0)["phase"] == "play" and match.to_move() == 0
    first = walk(lesson).first_at
    assert first["TRJ-DEAL-1"] == first["TRJ-CONTRACT-1"] == 0  # before the contract
    assert first["TRJ-CONTRACT-2"] == first["TRJ-EXCH-1"] == 1  # declared, to exchange
    assert first["TRJ-PLAY-1"] == 2  # the exchange made, the lead to come
    assert first["TRJ-SCORE-4"] == 18  # the sixteenth trick


def test_hornafjardarmanni_the_learner_deals_and_exchanges_last() -> None:
    """HORN-DEAL-1: the learner deals and holds the cut card; HORN-CONTRACT-1: a 2-5 makes
    it Nullo, HORN-RANK-1 aces low (the learner holds one: the panel's word); HORN-EXCH-1/2:
    eldest then middle exchange (their counts public), then the learner may exchange what
    is left of the manni, fewer than twelve here."""
    lesson = load_lesson("manni", "hornafjardarmanni")
    match = lesson_match(lesson)
    view = match.view(0)
    card = view["contract_card"]
    assert view["dealer"] == 0 and card in view["hand"]
    assert 2 <= Card.parse(card).rank <= 5
    assert view["contract"] == "nullo" and view["trump"] is None and view["low_aces"]
    assert any(Card.parse(c).rank == ACE for c in view["hand"])
    moves = _to_learner(match)
    assert [seat for seat, _ in moves] == [1, 2]  # eldest, then middle
    counts = match.view(0)["decisions"]
    assert counts[1] > 0 and counts[2] > 0
    view = match.view(0)
    assert view["phase"] == "exchange"
    assert max(view["exchange_sizes"]) == view["manni"] == 16 - counts[1] - counts[2] < 12
    first = walk(lesson).first_at
    assert first["HORN-EXCH-2"] == first["HORN-RANK-1"] == first["HORN-EXCH-1"] == 0
    assert first["HORN-PLAY-1"] == 1  # after it


def _view(**changes: Any) -> dict[str, Any]:
    """A learner's view mid-hand: their own cards only, the others' as counts."""
    view: dict[str, Any] = {
        "phase": "play",
        "to_move": 0,
        "hand": ["AS", "9S", "4H"],
        "hand_sizes": [3, 3, 3],
        "manni": 4,
        "tricks": [],
        "trick": {"leader": 0, "plays": [], "best": None},
        "low_aces": False,
    }
    view.update(changes)
    return view


def test_the_variant_triggers_read_the_view() -> None:
    assert manni.my_contract(Moment(0, _view(phase="contract")))
    assert not manni.my_contract(Moment(0, _view(phase="contract", to_move=1)))
    assert manni.my_exchange(Moment(0, _view(phase="exchange")))
    assert not manni.my_exchange(Moment(0, _view()))
    said = Event("contract", 0, "{P0} declares Nullo", {"contract": "nullo", "trump": None})
    assert manni.declared(Moment(0, _view(phase="exchange"), (), (said,)))
    mine = Event("exchange", 0, "", {"count": 2})
    theirs = Event("exchange", 1, "", {"count": 3})
    assert not manni.they_exchanged(Moment(0, _view(phase="exchange"), (), (mine,)))
    assert manni.they_exchanged(Moment(0, _view(phase="exchange"), (), (theirs,)))
    assert manni.opening_lead(Moment(0, _view(to_move=2)))  # eldest's, not the learner's
    led = {"leader": 2, "plays": [[2, ["KS"]]], "best": 2}
    assert not manni.opening_lead(Moment(0, _view(trick=led)))
    assert not manni.opening_lead(Moment(0, _view(phase="exchange")))
    won = Event("trick", 1, "", {"cards": ["KS"]})
    one = [{"leader": 2, "plays": [], "winner": 1}]
    assert manni.first_trick_won(Moment(0, _view(tricks=one), (), (won,)))
    assert not manni.first_trick_won(Moment(0, _view(tricks=one * 2), (), (won,)))
    assert not manni.first_trick_won(Moment(0, _view(tricks=one)))  # no trick just won
