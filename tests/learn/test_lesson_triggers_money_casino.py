"""Money's and African Casino's lesson triggers on hand-made views (the learner's own, as
every view is: Money's hides both stacks' cards, Casino's the others' hands): they read
what is there, and Money's own suggestion is a snap only at the learner's own match."""

from __future__ import annotations

from cardsuite.engine import Event
from cardsuite.games.african_casino import lesson as casino
from cardsuite.games.money import lesson as money
from cardsuite.games.money.actions import Claim
from cardsuite.learn.lesson import Moment


def _money_view(**changes: object) -> dict[str, object]:
    view: dict[str, object] = {
        "phase": "play",
        "to_move": 1,
        "hand": 12,  # (a count: nobody sees a stack's cards)
        "hand_sizes": [12, 3],
        "pile": ["4S", "9S", "9H"],
        "under": [],
        "last": [0, 2, True],  # the learner's card, a match
        "top_is_last": True,
        "must_buy": False,
        "can_shop": False,
        "options": {"auto_capture": False},
    }
    view.update(changes)
    return view


def test_money_knows_whose_match_is_on_the_table() -> None:
    mine = Moment(0, _money_view())
    assert money.my_match(mine) and not money.their_match(mine)
    assert money.suggest(mine) == Claim(0)
    theirs = Moment(0, _money_view(last=[1, 2, True], to_move=0))
    assert money.their_match(theirs) and not money.my_match(theirs)
    assert money.suggest(theirs) is None and money.my_turn(theirs)
    covered = Moment(0, _money_view(top_is_last=False))  # the next card closed the window
    assert not money.my_match(covered) and money.suggest(covered) is None
    plain = Moment(0, _money_view(last=[0, 2, False]))
    assert not money.my_match(plain) and money.suggest(plain) is None


def test_money_purchases_sales_and_the_end_from_the_view() -> None:
    assert money.they_must_buy(Moment(0, _money_view(must_buy=True)))
    assert not money.they_must_buy(Moment(0, _money_view(must_buy=True, to_move=0)))
    assert money.i_must_buy(Moment(0, _money_view(must_buy=True, to_move=0)))
    assert money.i_sell(Moment(0, _money_view(phase="sell", to_move=0)))
    assert money.game_over(Moment(0, _money_view(phase="over", to_move=None)))
    money_event = Event("capture", 0, "", {"cards": 3, "money": ["JS"]})
    assert money.money_taken(Moment(0, _money_view(), events=[money_event]))
    bare = Event("capture", 0, "", {"cards": 3})
    assert money.a_capture(Moment(0, _money_view(), events=[bare]))
    assert not money.money_taken(Moment(0, _money_view(), events=[bare]))


def test_casino_reads_sums_builds_and_partners_from_the_events() -> None:
    view = {"phase": "play", "to_move": 1, "players": 4, "builds": [], "hand": ["9S"]}
    by_sum = Event("capture", 1, "", {"cards": ["9D", "5H", "4C"], "value": 9, "build": False})
    by_value = Event("capture", 1, "", {"cards": ["9D", "9C"], "value": 9, "build": False})
    ace_high = Event("capture", 1, "", {"cards": ["AH", "AS"], "value": 14, "build": False})
    assert casino.capture_by_sum(Moment(0, view, events=[by_sum]))
    assert not casino.capture_by_sum(Moment(0, view, events=[by_value]))
    assert not casino.capture_by_sum(Moment(0, view, events=[ace_high]))
    built = Event("build", 3, "", {"verb": "builds", "value": 9, "cards": ["5H", "4C"]})
    added = Event("build", 3, "", {"verb": "adds to", "tops": [[1, "9C"]], "value": 9})
    assert casino.a_build(Moment(0, view, events=[built]))
    assert not casino.an_addition(Moment(0, view, events=[built]))
    assert casino.an_addition(Moment(0, view, events=[added]))
    assert casino.a_pile_top(Moment(0, view, events=[added]))
    assert casino.partner_moved(Moment(0, view, events=[Event("trail", 2, "", {})]))
    assert not casino.partner_moved(Moment(0, view, events=[Event("trail", 1, "", {})]))
    owned = {**view, "to_move": 0, "builds": [{"value": 9, "owner": 0}]}
    assert casino.my_build_held(Moment(0, owned)) and not casino.my_build_held(Moment(0, view))
