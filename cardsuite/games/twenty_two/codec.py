"""Twenty-Two's positions as JSON: the layout written, loading it, and the consistency checks
that refuse a loaded position the rules could never reach (with the same messages the
mutation and positions tests read).

The layout (``to_json``/``from_json``; a test may write a position by hand)::

    {"game": "twenty-two", "schema": 1, "players": 4, "variant": "standard",
     "options": {"beat_leader": false, "equal_sets": false, "paper_scores": false,
                 "twenty_six": false, "all_out": "lowest"},
     "rng": [3, [...625 ints...], null],      # random.Random state: the future deals
     "hand_no": 1, "dealer": 3, "deal_size": 7, "phase": "play",  # exchange | play | over
     "turn": 0,                                 # seat to move (null when over)
     "active": [true, true, true, true],
     "hands": [["2C", "7H", ...], ...],         # per seat, any order
     "discards": [[...], ...],                  # per seat, this hand's exchange discards
     "stock": ["9D", ...],                      # top first
     "played": [...],                           # cards of finished tricks (out of play)
     "score_cards": [[...], ...], "scores": [0, 0, 0, 0],
     "exchange_queue": [1, 2],                  # seats still to exchange, next first
     "trick": {"leader": 0, "plays": [[0, ["7H", "7D"]]], "best": 0},  # best: index in plays
     "tricks": [{"plays": [[0, ["KS"]], ...], "winner": 0}],           # this hand's, finished
     "last_showdown": null | {"hand": 1, "cards": {"0": "9S", ...}, "losers": [0], "value": 9},
     "history": [{"hand": 1, "dealer": 3, "losers": [0], "card": "9S", "value": 9,
                  "scores": [9, 0, 0, 0], "eliminated": []}],
     "winners": [], "events": [[kind, seat, text, data], ...]}

Everything is checked on load: a card set that is not the pack is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from ... import positions, tricks
from ...cards import by_rank
from .sets import effective

if TYPE_CHECKING:
    from .rules import TwentyTwo, TwentyTwoState

SCHEMA = 1
#: The state class being loaded: the reference or its kernel.
S = TypeVar("S", bound="TwentyTwoState")


def from_json(cls: type[S], game: TwentyTwo, data: Mapping[str, Any]) -> S:
    """Load a position as a ``cls``; raises ``ValueError`` saying what is wrong (nothing
    half-read).

    Only a well-formed position loads: seats, phases, indices and sizes in range, the
    whole pack, and a seat to move that the phase allows; one that is already decided
    (a single player left in) loads as over, with its winner."""
    with positions.reading(game):
        head = positions.read_header(game, data, SCHEMA)
        n = head.players
        st = cls(game, n, head.variant, head.options, head.rng)
        _load_fields(st, data)
        positions.check_pack(st, n)
        _check_consistent(st)
        _settle(st)
    return st


def to_json(st: TwentyTwoState) -> dict[str, Any]:
    """The position as JSON (the layout in this module's docstring)."""
    return {
        **positions.header(st, SCHEMA, st.n),
        "hand_no": st.hand_no,
        "dealer": st.dealer,
        "deal_size": st.deal_size,
        "phase": st.phase,
        "turn": st.turn,
        "active": list(st.active),
        "hands": [[c.code for c in h] for h in st.hands],
        "discards": [[c.code for c in d] for d in st.discards],
        "stock": [c.code for c in st.stock],
        "played": [c.code for c in st.played],
        "score_cards": [[c.code for c in sc] for sc in st.score_cards],
        "scores": list(st.scores_list),
        "exchange_queue": list(st.exchange_queue),
        "trick": {
            "leader": st.trick_leader,
            "plays": tricks.plays_json(st.trick, st.ONE_CARD),
            "best": st.trick_best,
        },
        "tricks": tricks.tricks_json(st.tricks, st.ONE_CARD),
        "last_showdown": st.last_showdown,
        "history": [dict(h) for h in st.history],
        "winners": list(st.winners_list),
        "events": [e.to_json() for e in st.events],
    }


def _load_fields(st: TwentyTwoState, data: Mapping[str, Any]) -> None:
    n = st.n
    cards, whole = positions.cards, positions.whole
    # hands count from 1 (the deal numbers them), as the sheet's records do
    st.hand_no = whole(data["hand_no"], "hand_no", 1, 10**6)
    st.deal_size = whole(data.get("deal_size", 0), "deal_size", 0, 108)
    st.dealer, st.phase, st.turn = positions.turn_fields(data, n, ("exchange", "play", "over"))
    active = data["active"]
    if not isinstance(active, list) or len(active) != n:
        raise ValueError("active needs one entry per seat")
    st.active = [bool(a) for a in active]
    st._seats_changed()
    st.hands = [sorted(h, key=by_rank) for h in positions.per_seat(data["hands"], n, "hands")]
    st.discards = positions.per_seat(data["discards"], n, "discards")
    st.stock = cards(data["stock"], "stock")
    st.played = cards(data["played"], "played")
    st.score_cards = positions.per_seat(data["score_cards"], n, "score_cards")
    scores = data["scores"]
    if not isinstance(scores, list) or len(scores) != n:
        raise ValueError("scores need one entry per seat")
    st.scores_list = [whole(x, "a score", 0, 10**6) for x in scores]
    st.exchange_queue = [
        positions.seat(x, n, "exchange_queue") for x in data.get("exchange_queue", [])
    ]
    trick = data.get("trick") or {"leader": 0, "plays": [], "best": 0}
    st.trick_leader = positions.seat(trick["leader"], n, "the trick's leader")
    st.trick = tricks.read_plays(trick["plays"], n, st.ONE_CARD)
    # between tricks the index is left from the last one (the next lead resets it)
    most = len(st.trick) - 1 if st.trick else n - 1
    st.trick_best = whole(trick.get("best", 0), "the trick's best", 0, most)
    if st.trick:
        st.trick_lead_eff = effective([c.rank for c in st.trick[0][1]])
        st.trick_best_eff = effective([c.rank for c in st.trick[st.trick_best][1]])
    st.tricks = tricks.read_tricks(data.get("tricks", []), n, st.ONE_CARD)
    shown = data.get("last_showdown")
    if shown is not None:
        shown = positions.record(shown, "the last showdown", _SHOWDOWN, n)
    st.last_showdown = shown
    st.history = positions.records(data.get("history", []), "hand", _RECORD, n)
    st.winners_list = [positions.seat(x, n, "a winner") for x in data.get("winners", [])]
    st.events = positions.events(data.get("events", []), n)


def _check_consistent(st: TwentyTwoState) -> None:
    """Refuse positions the rules could never reach in a way that would crash play."""
    n = st.n
    # the sheet: one record a hand, of the hands before this one (T22-SCORE-2)
    if positions.sheet_and_turn(st, "hand", st.hand_no):
        return
    assert st.turn is not None  # (``sheet_and_turn``'s)
    if not st.active[st.turn]:
        raise ValueError("the seat to move is not an active seat")
    if st.phase == "exchange" and (not st.exchange_queue or st.exchange_queue[0] != st.turn):
        raise ValueError("in the exchange, the seat to move is the first of the queue")
    if any(not st.active[s] and (st.hands[s] or st.discards[s]) for s in range(n)):
        raise ValueError("an eliminated seat holds cards")
    sizes = {len(st.hands[s]) for s in range(n) if st.active[s]}
    if st.phase == "exchange" and len(sizes) > 1:
        raise ValueError("in the exchange every active seat holds the same number of cards")
    if not st.hands[st.turn]:
        raise ValueError("the seat to move holds no cards")
    queue = st.exchange_queue
    if len(set(queue)) != len(queue) or any(not st.active[s] for s in queue):
        raise ValueError("the exchange queue holds a seat twice, or one that is out")
    if st.phase == "play" and queue:
        raise ValueError("the exchange is over, but seats are still queued for it")
    if st.trick:
        # T22-PLAY-3: each active seat in turn from the leader
        seats = tricks.check_on_table(
            st.trick, st.trick_leader, st.turn, st._next_active, sum(st.active)
        )
        if any(not st.active[s] for s in seats):
            raise ValueError("a seat that is out has played to the trick")
        count = len(st.trick[0][1])
        if any(len(cs) != count for _, cs in st.trick):
            raise ValueError("every play of a trick has as many cards as the lead")
        played = set(seats)
        base = {len(st.hands[s]) for s in range(n) if st.active[s] and s not in played}
        after = {len(st.hands[s]) + count for s in played}
        if len(base | after) != 1:
            raise ValueError("the hands do not fit the trick: someone holds too many cards")
        if len(st.hands[st.turn]) < count:
            raise ValueError("the seat to move holds too few cards to follow")
        _check_trick(st, seats)
    elif st.phase == "play" and len(sizes) > 1:
        raise ValueError("between tricks every active seat holds the same number of cards")
    if st.phase == "play" and len(st.hands[st.turn]) <= 1 and not st.trick:
        raise ValueError("with one card each the hand is over: it goes to the showdown")


def _check_trick(st: TwentyTwoState, seats: list[int]) -> None:
    """The trick on the table as play leaves it (its seats in turn: ``tricks.check_on_table``):
    a lead of one rank that left the leader a card, so that each still holds one for the
    showdown (T22-PLAY-2, T26-3: jokers with another rank unless the hand held only jokers);
    and the current best the play that last covered it (T22-PLAY-5, T22-EQUAL-2)."""
    lead = [c.rank for c in st.trick[0][1]]
    # the leader's hand as the trick began: what it holds now and what it led (as many
    # cards as every seat held then: the caller checked the hands fit the trick)
    before = [c.rank for c in st.hands[seats[0]]] + lead
    why = st._lead_refusal(before, lead)
    if why:
        raise ValueError(f"the trick's lead cannot have been led: {why}")
    best, best_eff = 0, effective(lead)
    for i, (_, cards) in enumerate(st.trick[1:], 1):
        eff = effective([c.rank for c in cards])
        if st._takes_over(eff, best_eff):
            best, best_eff = i, eff
    if best != st.trick_best:
        raise ValueError("the trick's best is not the play that last covered it (T22-PLAY-5)")


def _settle(st: TwentyTwoState) -> None:
    """A hand-written position that is already decided: play it to where it stands."""
    if st.phase == "over":
        return
    alive = [s for s in range(st.n) if st.active[s]]
    if len(alive) <= 1:
        st._end(alive, "last player in")


#: A showdown's record (``_showdown``), as ``history`` keeps it: the table's sheet reads it
#: (``positions.records`` checks each on load); and the last showdown, as the view gives it.
_RECORD: dict[str, positions.Reader] = {
    "hand": positions.r_whole(1),
    "dealer": positions.r_seat,
    "losers": positions.r_seats,
    "card": positions.r_card,
    "value": positions.r_whole(0, 99),
    "scores": positions.r_per_seat(positions.r_whole(0)),  # (running totals: any reached)
    "eliminated": positions.r_seats,
}


def _shown_cards(value: object, what: str, players: int) -> dict[str, str]:
    """A showdown's cards: each seat's (its number as text) last card."""
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be an object of seats and cards")
    for key, code in value.items():
        if key not in {str(s) for s in range(players)}:
            raise ValueError(f"{what} names no seat {positions.text(key)}")
        positions.r_card(code, what, players)
    return value


_SHOWDOWN: dict[str, positions.Reader] = {
    "hand": positions.r_whole(1),
    "cards": _shown_cards,
    "losers": positions.r_seats,
    "value": positions.r_whole(0, 99),
}
