"""Mensch positions as JSON: the layout ``to_json`` writes, and ``from_json``, which reads
it back and refuses (``ValueError``, saying what is wrong) a position the rules could not
have reached or could not play on from: saves, records and hand-written positions
(``cardsuite play --position``) all come through here.

Layout::

    {"game": "mensch", "schema": 1, "players": 4, "variant": "standard",
     "options": {"deals": 8}, "rng": [...],
     "deal_no": 1, "dealer": 3, "phase": "play",       # bid | trump | call | play | over
     "turn": 0, "hands": [[...] x4],
     "bids": [[0, "half"], [1, "pass"], ...], "declarer": 0, "contract": "half",
     "trump": "C", "called": "AD", "partner": 2, "partner_known": false, "called_led": false,
     "trick": {"leader": 0, "plays": [[0, "7H"]]},
     "tricks": [{"plays": [[0, "AS"], ...], "winner": 0}], "played": [...],
     "chips": [0, 0, 0, 0], "history": [...], "winners": [], "events": [...]}

The messages of the refusals are part of the interface: the positions and mutation tests
check them, and a player reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from ... import positions, tricks
from ...cards import SUIT_NAMES, Card
from .actions import BIDS, PACK
from .rules import NEEDED, PARTNER_CONTRACTS, PLAYERS

if TYPE_CHECKING:
    from .rules import Mensch, MenschState

SCHEMA = 1
PHASES = ("bid", "trump", "call", "play", "over")
_NEXT = (1, 2, 3, 0).__getitem__  # the seat to the left, who plays next (MENSCH-PLAY-2)
#: A settled deal's record (``MenschState._settle``), as ``history`` keeps it: the table's
#: sheet reads it, so each is checked on load.
RECORD: dict[str, positions.Reader] = {
    "deal": positions.r_whole(1),
    "dealer": positions.r_seat,
    "declarer": positions.r_seat,
    "contract": positions.r_choice(*NEEDED),
    "trump": positions.r_maybe(positions.r_choice(*"SHDC")),
    "called": positions.r_maybe(positions.r_card),
    "partner": positions.r_maybe(positions.r_seat),
    "side_tricks": positions.r_whole(0, 8),
    "made": positions.r_bool,
    "changes": positions.r_per_seat(positions.r_whole(-99, 99)),  # (a few chips: SCORE-2..8)
    "chips": positions.r_per_seat(positions.r_whole()),  # (running totals: any reached)
}

S = TypeVar("S", bound="MenschState")


def to_json(st: MenschState) -> dict[str, Any]:
    return {
        **positions.header(st, SCHEMA, PLAYERS),
        "deal_no": st.deal_no,
        "dealer": st.dealer,
        "phase": st.phase,
        "turn": st.turn,
        "hands": [[c.code for c in h] for h in st.hands],
        "bids": [[s, b] for s, b in st.bids],
        "declarer": st.declarer,
        "contract": st.contract,
        "trump": st.trump,
        "called": st.called.code if st.called else None,
        "partner": st.partner,
        "partner_known": st.partner_known,
        "called_led": st.called_led,
        "trick": {"leader": st.trick_leader, "plays": tricks.plays_json(st.trick, st.ONE_CARD)},
        "tricks": tricks.tricks_json(st.tricks, st.ONE_CARD),
        "played": [c.code for c in st.played],
        "chips": list(st.chips),
        "history": [dict(h) for h in st.history],
        "winners": list(st.winners_list),
        "events": [e.to_json() for e in st.events],
    }


def from_json(cls: type[S], game: Mensch, data: Mapping[str, Any]) -> S:
    """A state of class ``cls`` (the reference or the kernel) read from ``data``: its fields
    each read and checked, the pack exact, then the whole checked for consistency."""
    with positions.reading(game):
        head = positions.read_header(game, data, SCHEMA)
        st = cls(game, head.variant, head.options, head.rng)
        load_fields(st, data)
        st.sort_hands()
        positions.check_pack(st, PLAYERS)
        check_consistent(st)
    return st


def load_fields(st: MenschState, data: Mapping[str, Any]) -> None:
    """Each field of ``data`` into ``st``, of the right type and range."""
    n = PLAYERS
    seat_of, whole = positions.seat, positions.whole
    st.deal_no = whole(data["deal_no"], "deal_no", 1, st.deals)
    st.dealer, st.phase, st.turn = positions.turn_fields(data, n, PHASES)
    st.hands = [list(h) for h in positions.per_seat(data["hands"], n, "hands")]
    st.bids = []
    for item in data["bids"]:
        s, b = item
        if b != "pass" and b not in BIDS:
            raise ValueError(f"no bid {positions.text(b)}")
        st.bids.append((seat_of(s, n, "a bidder"), str(b)))
    dec = data["declarer"]
    st.declarer = None if dec is None else seat_of(dec, n, "declarer")
    contract = data["contract"]
    if contract is not None and contract not in NEEDED:
        raise ValueError(f"no contract {positions.text(contract)}")
    st.contract = contract
    trump = data["trump"]
    if trump is not None and trump not in SUIT_NAMES:
        raise ValueError(f"no suit {positions.text(trump)}")
    st.trump = trump
    called = data["called"]
    st.called = None if called is None else Card.parse(str(called))
    partner = data["partner"]
    st.partner = None if partner is None else seat_of(partner, n, "partner")
    st.partner_known = bool(data.get("partner_known", False))
    st.called_led = bool(data.get("called_led", False))
    trick = data["trick"]
    st.trick_leader = seat_of(trick["leader"], n, "the trick's leader")
    st.trick = tricks.read_plays(trick["plays"], n, st.ONE_CARD)
    if st.trick and st.trick[0][1] not in PACK:
        # a card of no Mensch pack leading the trick: refused here, before the pack is
        # checked, as it always was ("missing or bad Card('2S')")
        raise KeyError(st.trick[0][1])
    st.tricks = tricks.read_tricks(data["tricks"], n, st.ONE_CARD, size=4)
    st.played = positions.cards(data["played"], "played")
    st.tricks_won = tricks.wins(st.tricks, n)
    chips = data["chips"]
    if not isinstance(chips, list) or len(chips) != n:
        raise ValueError("chips need one entry per seat")
    st.chips = [whole(x, "chips", -(10**6), 10**6) for x in chips]
    st.history = positions.records(data.get("history", []), "deal", RECORD, n)
    st.winners_list = [seat_of(x, n, "a winner") for x in data.get("winners", [])]
    st.events = positions.events(data.get("events", []), n)


def check_consistent(st: MenschState) -> None:
    """Refuse a position the rules could not have reached: the sheet, whose turn it is, the
    auction, the contract and its call, the tricks and the hands."""
    # the sheet: one record a deal settled, before this one (MENSCH-SCORE, MENSCH-END)
    if positions.sheet_and_turn(st, "deal", st.deal_no, game="match"):
        return
    assert st.turn is not None  # (``sheet_and_turn``'s)
    if sum(st.chips) != 0:
        raise ValueError("the chips do not add up to zero")
    if st.phase == "bid":
        _check_auction(st)
        return
    if len(st.bids) != 4 or st.declarer is None or st.contract is None:
        raise ValueError("after the auction there is a declarer and a contract")
    if st.phase in ("trump", "call") and st.turn != st.declarer:
        raise ValueError("the declarer names trumps and calls")
    if st.phase == "call" and (st.trump is None or st.contract not in PARTNER_CONTRACTS):
        raise ValueError("a card is called in Half, After and the passed game, after trumps")
    if st.phase == "play":
        _check_play(st)
    elif any(len(h) != 8 for h in st.hands):
        raise ValueError("before the tricks every player holds eight cards")


def _check_auction(st: MenschState) -> None:
    """MENSCH-BID-2: one bid a seat, eldest first; nothing played or declared yet."""
    if len(st.bids) >= 4 or st.turn != (st.eldest + len(st.bids)) % 4:
        raise ValueError("the bids do not fit the seat to bid")
    if any(s != (st.eldest + i) % 4 for i, (s, _) in enumerate(st.bids)):
        raise ValueError("the bids are out of turn")
    if st.tricks or st.trick or st.played or st.declarer is not None:
        raise ValueError("nothing is played before the auction ends")
    if st.contract or st.trump or st.called or st.partner is not None:
        raise ValueError("nothing is declared before the auction ends")
    if any(len(h) != 8 for h in st.hands):  # MENSCH-DEAL-1: eight cards each
        raise ValueError("in the auction every player holds the eight cards dealt")


def _check_play(st: MenschState) -> None:
    """The tricks: trumps named, the partner the called card's holder (MENSCH-CALL-1), the
    finished tricks played in turn and won as MENSCH-PLAY-1/3 say, the hands the same size
    once the trick in progress is counted."""
    assert st.declarer is not None and st.turn is not None  # (``check_consistent``'s)
    if st.trump is None:
        raise ValueError("the tricks need a trump suit")
    if st.contract in PARTNER_CONTRACTS and (st.called is None or st.partner is None):
        raise ValueError("a partner contract needs its called card and its holder")
    if st.called is not None and st.partner is not None:
        holder = st.called in st.hands[st.partner] or any(
            s == st.partner and c is st.called for t in st.hand_plays() for s, c in t
        )
        if not holder or st.partner == st.declarer:
            raise ValueError("the partner is not the holder of the called card")
    # MENSCH-PLAY-1/3: the first trick led by eldest (the Solo declarer), each later one by
    # the last winner, and each played by the four in turn from its leader
    first = st.declarer if st.contract == "solo" else st.eldest
    tricks.check_finished(st.tricks, st.played, PLAYERS, st.trick_winner, first)
    leader = st.tricks[-1][1] if st.tricks else first
    if st.trick_leader != leader:
        raise ValueError("the trick is not led by the last trick's winner")
    sizes = [len(h) for h in st.hands]
    seats = tricks.check_on_table(st.trick, st.trick_leader, st.turn, _NEXT, PLAYERS)
    if not seats and st.turn != st.trick_leader:
        raise ValueError("the seat to move is not the next to play")
    want = [sizes[s] + (1 if s in seats else 0) for s in range(4)]
    if len(set(want)) != 1 or not sizes[st.turn]:
        raise ValueError("the hands do not fit the tricks played")
