"""Manni positions as JSON: the layout ``to_json`` writes, ``load`` (``from_json``), and the
checks a loaded position must pass, so a hand-written or damaged file cannot break the play
later (the mutation and positions tests hold these messages to their words).

Layout (a test may write a position by hand)::

    {"game": "manni", "schema": 1, "players": 3, "variant": "trjamann",
     "options": {"no_spades_in_other": false, "four_or_none": false, "grand_hearts": false},
     "rng": [3, [...625 ints...], null],
     "hand_no": 1, "dealer": 2, "phase": "play",   # swap | contract | exchange | play | over
     "turn": 0,                                      # seat to move (null when over)
     "contract": "spades", "trump": "S",             # trump null: no trumps
     "declarer": 0,                                  # Trjámann's eldest; null otherwise
     "contract_card": null,                          # Hornafjarðarmanni's cut card
     "hands": [["AS", ...], [...], [...]],           # any order
     "discards": [[...], [...], [...]],              # face down, known to their owner
     "manni": ["7C", ...],                           # what is left of it, next draw first
     "drawn": [[...], [...], [...]],                 # what each drew this hand (private)
     "decisions": [null, 3, null],                   # per seat: null, "swap", "keep" or a count
     "exchange_queue": [1, 2],                       # seats still to decide, next first
     "trick": {"leader": 0, "plays": [[0, "KH"]]},
     "tricks": [{"plays": [[0, "AS"], [1, "2S"], [2, "3S"]], "winner": 0}],  # this hand's
     "played": [...],                                # cards of this hand's finished tricks
     "points": [0, 0, 0],                            # basic Manni
     "plus": [0, 0, 0], "minus": [0, 0, 0],          # Trjámann, Hornafjarðarmanni
     "owed": [["nullo", "grand", "spades", "other"], ...],   # Trjámann
     "history": [{"hand": 1, ...}], "winners": [], "events": [...]}

Everything is checked on load: a card set that is not the pack is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from ... import positions, tricks
from ...cards import SUIT_NAMES, Card
from .actions import CONTRACT_KINDS
from .rules import (
    BASIC,
    HAND_DEALT,
    HORN,
    HORN_CONTRACTS,
    HORN_LIMITS,
    MANNI_DEALT,
    PLAYERS,
    TRJ_HANDS,
    TRJ_LIMIT,
    TRJAMANN,
    TRUMP_CYCLE,
    Manni,
    MannState,
    horn_contract,
    trick_winner,
)

SCHEMA = 1
PHASES = ("swap", "contract", "exchange", "play", "over")
_NEXT = (1, 2, 0).__getitem__  # the seat to the left, who plays next (MANNI-GEN-1)
S = TypeVar("S", bound=MannState)


def to_json(st: MannState) -> dict[str, Any]:
    return {
        **positions.header(st, SCHEMA, PLAYERS),
        "hand_no": st.hand_no,
        "dealer": st.dealer,
        "phase": st.phase,
        "turn": st.turn,
        "contract": st.contract,
        "trump": st.trump,
        "declarer": st.declarer,
        "contract_card": st.contract_card.code if st.contract_card else None,
        "hands": [[c.code for c in h] for h in st.hands],
        "discards": [[c.code for c in d] for d in st.discards],
        "manni": [c.code for c in st.manni],
        "drawn": [[c.code for c in d] for d in st.drawn],
        "decisions": list(st.decisions),
        "exchange_queue": list(st.exchange_queue),
        "trick": {"leader": st.trick_leader, "plays": tricks.plays_json(st.trick, st.ONE_CARD)},
        "tricks": tricks.tricks_json(st.tricks, st.ONE_CARD),
        "played": [c.code for c in st.played],
        "points": list(st.points),
        "plus": list(st.plus),
        "minus": list(st.minus),
        "owed": [list(o) for o in st.owed],
        "history": [dict(h) for h in st.history],
        "winners": list(st.winners_list),
        "events": [e.to_json() for e in st.events],
    }


def load(cls: type[S], game: Manni, data: Mapping[str, Any]) -> S:
    """A position of class ``cls`` (the reference or the kernel) read from ``data``; raises
    ``ValueError`` saying what is wrong (nothing half-read)."""
    with positions.reading(game):
        head = positions.read_header(game, data, SCHEMA)
        st = cls(game, head.variant, head.options, head.rng)
        _load_fields(st, data)
        positions.check_pack(st, PLAYERS)
        _check_consistent(st)
    return st


def _load_fields(st: MannState, data: Mapping[str, Any]) -> None:
    n = PLAYERS
    cards, whole, seat_of = positions.cards, positions.whole, positions.seat
    st.hand_no = whole(data["hand_no"], "hand_no", 1, 10**6)
    st.dealer, st.phase, st.turn = positions.turn_fields(data, n, PHASES)
    contract = data["contract"]
    kinds = {BASIC: ("trumps",), TRJAMANN: ("", *CONTRACT_KINDS), HORN: HORN_CONTRACTS}
    if contract not in kinds[st.variant]:
        raise ValueError(f"no contract {positions.text(contract)} in this variant")
    st.contract = contract
    trump = data["trump"]
    if trump is not None and trump not in SUIT_NAMES:
        raise ValueError(f"no suit {positions.text(trump)}")
    st.trump = trump
    dec = data.get("declarer")
    st.declarer = None if dec is None else seat_of(dec, n, "declarer")
    cc = data.get("contract_card")
    st.contract_card = None if cc is None else Card.parse(str(cc))
    st._low_aces = st.variant == HORN and st.contract == "nullo"
    st.hands = [sorted(h, key=st.hand_key) for h in positions.per_seat(data["hands"], n, "hands")]
    st.discards = positions.per_seat(data["discards"], n, "discards")
    st.manni = cards(data["manni"], "manni")
    st.drawn = positions.per_seat(data.get("drawn", [[], [], []]), n, "drawn")
    dec_list = data.get("decisions", [None, None, None])
    if not isinstance(dec_list, list) or len(dec_list) != n:
        raise ValueError("decisions need one entry per seat")
    for d in dec_list:
        if (
            d is not None
            and d not in ("swap", "keep")
            and not (isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= 12)
        ):
            raise ValueError(f"a decision is null, swap, keep or a count, not {positions.text(d)}")
    st.decisions = list(dec_list)
    st.exchange_queue = [seat_of(x, n, "exchange_queue") for x in data["exchange_queue"]]
    trick = data["trick"]
    st.trick_leader = seat_of(trick["leader"], n, "the trick's leader")
    st.trick = tricks.read_plays(trick["plays"], n, st.ONE_CARD)
    st.tricks = tricks.read_tricks(data["tricks"], n, st.ONE_CARD, size=3)
    st.played = cards(data["played"], "played")
    st.tricks_won = tricks.wins(st.tricks, n)
    for name in ("points", "plus", "minus"):
        vals = data.get(name, [0, 0, 0])
        if not isinstance(vals, list) or len(vals) != n:
            raise ValueError(f"{name} need one entry per seat")
        setattr(st, name, [whole(x, name, 0, 10**6) for x in vals])
    owed = data.get("owed", [list(CONTRACT_KINDS)] * 3)
    if not isinstance(owed, list) or len(owed) != n:
        raise ValueError("owed needs one list per seat")
    st.owed = []
    for o in owed:
        if (
            not isinstance(o, list)
            or any(k not in CONTRACT_KINDS for k in o)
            or len(set(o)) != len(o)
        ):
            raise ValueError("owed lists contracts: nullo, grand, spades, other")
        st.owed.append([k for k in CONTRACT_KINDS if k in o])
    sheet = _sheet_record(st.variant)
    st.history = positions.records(data.get("history", []), "hand", sheet, n)
    if any(h["contract"] == "trumps" and h["trump"] is None for h in st.history):
        raise ValueError("a hand of the history played in trumps names no trump suit")
    st.winners_list = [seat_of(x, n, "a winner") for x in data.get("winners", [])]
    st.events = positions.events(data.get("events", []), n)


def _check_consistent(st: MannState) -> None:
    """Refuse positions the rules could never reach in a way that would break play."""
    # the sheet: one record a hand scored, before this one
    if positions.sheet_and_turn(st, "hand", st.hand_no):
        return
    assert st.turn is not None  # (``sheet_and_turn``'s)
    if st.variant == HORN and st.contract_card is None:
        raise ValueError("Hornafjarðarmanni needs its contract card")
    if st.variant == TRJAMANN:
        if st.declarer != st.eldest:
            raise ValueError("the Trjámann declarer is eldest hand")
        if st.hand_no > TRJ_HANDS:
            raise ValueError(f"a Trjámann game is {TRJ_HANDS} hands")
        # TRJ-CONTRACT-2: each seat owes what it has not declared in the hands it led
        first = (st.dealer - st.hand_no + 1) % 3
        declared = [0, 0, 0]
        for h in range(1, st.hand_no + 1):
            if h < st.hand_no or st.phase != "contract":
                declared[(first + h) % 3] += 1
        if any(len(st.owed[s]) != 4 - declared[s] for s in range(3)):
            raise ValueError("the contracts owed do not fit the hands declared so far")
    _check_trumps(st)
    _check_manni(st)
    if st.phase in ("swap", "exchange"):
        if not st.exchange_queue or st.exchange_queue[0] != st.turn:
            raise ValueError("in the exchange, the seat to move is the first of the queue")
    elif st.exchange_queue:
        raise ValueError("only the exchange has seats queued")
    if st.phase == "swap" and st.variant != BASIC:
        raise ValueError("only basic Manni swaps hands")
    if st.phase == "contract":
        if st.variant != TRJAMANN or st.turn != st.declarer:
            raise ValueError("only the Trjámann declarer announces a contract")
        if not st.owed[st.turn]:
            raise ValueError("the declarer owes no contract")
    if st.phase == "exchange" and st.variant == BASIC:
        raise ValueError("basic Manni swaps; it has no exchange of cards")
    if st.phase in ("exchange", "play") and st.variant == TRJAMANN and not st.contract:
        raise ValueError("the exchange and the tricks come after the contract")
    if st.phase != "play" and (st.trick or st.tricks):
        raise ValueError("tricks are only played after the exchange")
    tricks.check_finished(
        st.tricks, st.played, PLAYERS, lambda plays: trick_winner(plays, st.trump, st._low_aces)
    )
    sizes = [len(h) for h in st.hands]
    if st.phase == "play":
        if st.trick:
            seats = tricks.check_on_table(st.trick, st.trick_leader, st.turn, _NEXT, PLAYERS)
            want = [sizes[s] + (1 if s in seats else 0) for s in range(3)]
        else:
            leader = st.tricks[-1][1] if st.tricks else st.eldest
            if st.turn != leader:
                raise ValueError("the last trick's winner leads (eldest to the first)")
            want = sizes
        if len(set(want)) != 1 or not sizes[st.turn]:
            raise ValueError("the hands do not fit the tricks played")
    elif len(set(sizes)) != 1 or not sizes[0]:
        raise ValueError("before the tricks every player holds the same number of cards")


def _check_trumps(st: MannState) -> None:
    """The trumps follow from the hand (MANNI-TRUMP-1: basic Manni's cycle), the cut card
    (HORN-CONTRACT-1) or the contract (TRJ-CONTRACT-1, TRJ-OPT-1/3; none before it): the
    table's header and sheet name them, and the hand's record keeps them."""
    trump = st.trump
    if st.variant == BASIC:
        ok = trump == TRUMP_CYCLE[(st.hand_no - 1) % 4]
    elif st.variant == HORN:
        assert st.contract_card is not None
        ok = (st.contract, trump) == horn_contract(st.contract_card)
    else:
        ok = trump == {
            "": None,
            "nullo": None,
            "grand": "H" if st._grand_hearts else None,
            "spades": "S",
        }.get(st.contract, trump if trump in st.other_suits() else False)
    if not ok:
        raise ValueError(f"trumps {positions.text(trump)} are not this hand's")


def _check_manni(st: MannState) -> None:
    """GEN-4, GEN-5: the manni holds what the deal left it (MANNI_DEALT) less what the
    exchange drew from it, and each discard pile what its owner exchanged for it: basic
    Manni swaps a whole hand, once a hand at most, and a swap ends the exchange
    (MANNI-EXCH-2/3); in Trjámann the declarer alone exchanges, up to four, after his
    contract (TRJ-EXCH-1, TRJ-OPT-2); in Hornafjarðarmanni each within his limit, in
    turn (HORN-EXCH-1)."""
    gone = [len(d) for d in st.discards]  # each drew as many as he discarded
    if st.variant == BASIC:
        swapped = [s for s in range(3) if gone[s]]
        if any(k not in (0, HAND_DEALT[BASIC]) for k in gone) or len(swapped) > 1:
            raise ValueError("a discard pile is the one hand swapped for the manni (EXCH-2)")
        if swapped and st.phase == "swap":
            raise ValueError("a swap ends the exchange (MANNI-EXCH-3)")
    elif st.variant == TRJAMANN:
        mine = gone[st.declarer] if st.declarer is not None else 0
        if sum(gone) != mine or mine > TRJ_LIMIT or (st.phase == "contract" and mine):
            raise ValueError("only the declarer exchanges, after his contract (TRJ-EXCH-1)")
        if st._four_or_none and mine not in (0, TRJ_LIMIT):
            raise ValueError("the declarer exchanges four cards or none (TRJ-OPT-2)")
    else:
        for s in range(3):
            limit = HORN_LIMITS[(s - st.dealer - 1) % 3]
            if gone[s] > limit or (gone[s] and s in st.exchange_queue):
                raise ValueError("a player exchanged out of turn or beyond his limit (HORN-EXCH-1)")
    if len(st.manni) + sum(gone) != MANNI_DEALT[st.variant]:
        raise ValueError(
            f"the manni holds {len(st.manni)} cards: not what the deal left it less"
            " what was drawn (MANNI-GEN-4)"
        )


def _sheet_record(variant: str) -> dict[str, positions.Reader]:
    """A scored hand's record (``_score``), as ``history`` keeps it: the table's sheet
    reads it (``positions.records`` checks each on load)."""
    p = positions
    seat_of, tricks = p.r_maybe(p.r_seat), p.r_per_seat(p.r_whole(0, HAND_DEALT[variant]))
    totals = p.r_per_seat(p.r_whole(0))  # (running totals: any the game can reach)
    common = {"hand": p.r_whole(1), "dealer": p.r_seat, "declarer": seat_of, "tricks": tricks}
    if variant == BASIC:  # MANNI-TRUMP-1: every hand has its trumps
        return {
            **common,
            "contract": p.r_choice("trumps"),
            "trump": p.r_choice(*"SHDC"),
            "gains": p.r_per_seat(p.r_whole(0, 12)),
            "totals": totals,
        }
    return {
        **common,
        "contract": p.r_choice(*(CONTRACT_KINDS if variant == TRJAMANN else HORN_CONTRACTS)),
        "trump": p.r_maybe(p.r_choice(*"SHDC")),
        "targets": tricks,
        "results": p.r_per_seat(p.r_whole(-16, 16)),
        "plus": totals,
        "minus": totals,
        **({"cost?": p.r_number(-100, 100)} if variant == TRJAMANN else {}),
    }
