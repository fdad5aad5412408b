"""African Casino positions as JSON: the layout ``to_json`` writes and ``view`` shows, the
loading of a position (``from_json``), and the checks that refuse what play could never reach.

Every field is read with ``positions``' small readers (a ``ValueError`` says what is wrong);
then the position as a whole is checked (``check_consistent``): builds their owners can still
capture (CASINO-TAB-5), proofs their players can back (PART-2), hands and stock as the deal
and the turns leave them (DEAL-2/3, TURN-1), prompts as play leaves them (PART-4, INSIST-3),
and, catching the rest, a legal step for the seat to move. The messages are part of the
contract: ``tests/contract/test_mutations.py`` and the positions tests read them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ... import positions
from ...cards import Card
from .actions import Capture, complete, parse_action, set_value
from .builds import Pile, _match
from .scoring import DEALT
from .units import worth

if TYPE_CHECKING:
    from .rules import AfricanCasino, CasinoState

SCHEMA = 1
_CODE = attrgetter("code")


def _per_side(read: positions.Reader) -> positions.Reader:
    """One value per side (CASINO-PART-1: partners score together)."""

    def per(value: object, what: str, players: int) -> list[object]:
        sides = 2 if players == 4 else players
        if not isinstance(value, list) or len(value) != sides:
            raise ValueError(f"{what} needs one entry per side")
        return [read(v, what, players) for v in value]

    return per


#: A scored deal's record (``CasinoState._score``), as ``history`` keeps it: the table's sheet
#: and the deal's banner read it (``positions.records`` checks each on load).
RECORD: dict[str, positions.Reader] = {
    "sides": _per_side(positions.r_seats),
    "deal": positions.r_whole(1),
    "points": _per_side(positions.r_whole(0, 99)),
    "totals": _per_side(positions.r_whole(0)),  # (as the position's totals: no top)
    "left": positions.r_cards,
}


def _codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


# --- writing ---------------------------------------------------------------------------------


def to_json(st: CasinoState) -> dict[str, Any]:
    return {
        **positions.header(st, SCHEMA, st.n),
        **fields_json(st),
        "events": [e.to_json() for e in st.events],
    }


def fields_json(st: CasinoState) -> dict[str, Any]:
    """The game's own fields (also the position an insist takes play back to)."""
    return {
        "deal_no": st.deal_no,
        "dealer": st.dealer,
        "phase": st.phase,
        "turn": st.turn,
        "half": st.half,
        "hands": [_codes(h) for h in st.hands],
        "stock": _codes(st.stock),
        "loose": _codes(st.loose),
        "builds": [
            {"value": b.value, "owner": b.owner, "units": [_codes(u) for u in b.units]}
            for _, b in sorted(st.builds.items())
        ],
        "piles": [_codes(p) for p in st.piles],
        "last_capturer": st.last_capturer,
        "proofs": sorted([s, r] for s, r in st.proofs),
        "totals": list(st.totals),
        "history": [dict(h) for h in st.history],
        "winners": list(st.winners_list),
        "this_turn": {
            "played": st.played.code if st.played else None,
            "trailed": st.trailed.code if st.trailed else None,
            "aug_opp": st.aug_opp,
            "held": st.held,
            "pending": str(st.pending) if st.pending else None,
            "mover": st.mover,
            "asking": list(st.asking),
            "ask_about": st.ask_about,
            "comply": st.comply,
            "comply_card": st.comply_card.code if st.comply_card else None,
            "before_play": fields_json(st.before_play) if st.before_play else None,
        },
    }


def view(st: CasinoState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees (None: a spectator): its own hand, the sizes of the others."""
    return {
        "game": st.game.id,
        "variant": st.variant,
        "options": dict(st.options),
        "players": st.n,
        "seat": seat,
        "phase": st.phase,
        "to_move": st.turn,
        "scores": st.scores(),
        "hand": _codes(st.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in st.hands],
        "stock": len(st.stock),
        "dealer": st.dealer,
        "half": st.half,
        "loose": _codes(st.loose),
        "builds": [
            {
                "value": b.value,
                "owner": b.owner,
                "kind": "single" if b.single else "augmented",
                "units": [_codes(u) for u in b.units],
            }
            for _, b in sorted(st.builds.items())
        ],
        "pile_of": list(st.pile_of),
        "piles": [
            {"top": p[-1].code if p else None, "size": len(p), "cards": _codes(p)} for p in st.piles
        ],
        "proofs": sorted([s, r] for s, r in st.proofs),
        "played": st.played is not None,
        "trailed": st.trailed.code if st.trailed else None,
        "held": st.held,
        "asking_about": st.ask_about or None,
        "deal_no": st.deal_no,
        "last_capturer": st.last_capturer,
        "totals": list(st.totals),
        "history": [dict(h) for h in st.history],
        "winners": list(st.winners_list),
    }


# --- reading ---------------------------------------------------------------------------------


def from_json(cls: type[CasinoState], game: AfricanCasino, data: Mapping[str, Any]) -> CasinoState:
    """A position of the class ``cls`` (the kernel or the reference), checked whole."""
    with positions.reading(game):
        head = positions.read_header(game, data, SCHEMA)
        st = cls(game, head.players, head.variant, head.options, head.rng)
        load_fields(st, data)
        positions.check_pack(st, head.players)
        check_consistent(st)
        st.events = positions.events(data.get("events", []), head.players)
    return st


def load_fields(st: CasinoState, data: Mapping[str, Any]) -> None:
    """The game's own fields, each checked (``ValueError`` says what is wrong)."""
    _load_table(st, data)
    _load_turn(st, data["this_turn"])
    check_prompt(st)
    st._legal = None


def _load_table(st: CasinoState, data: Mapping[str, Any]) -> None:
    """The deal, the cards where they lie, the scores."""
    n = st.n
    seat_of, whole, cards = positions.seat, positions.whole, positions.cards
    st.deal_no = whole(data["deal_no"], "deal_no", 1)
    phases = ("play", "hold", "insist", "over")
    st.dealer, st.phase, st.turn = positions.turn_fields(data, n, phases)
    if (st.turn is None) != (st.phase == "over"):
        raise ValueError("only a finished game has nobody to move")
    st.half = whole(data["half"], "half", 1, 2)
    st.hands = positions.per_seat(data["hands"], n, "hands")
    st.stock = cards(data["stock"], "stock")
    st.loose = cards(data["loose"], "loose")
    st.builds = {}
    for b in data["builds"]:
        _load_build(st, b)
    piles = data["piles"]
    if not isinstance(piles, list) or len(piles) != len(st.piles):
        raise ValueError(f"piles needs {len(st.piles)} lists")
    st.piles = [cards(p, "a pile") for p in piles]
    last = data["last_capturer"]
    st.last_capturer = None if last is None else seat_of(last, n, "last_capturer")
    st.proofs = set()
    for item in data["proofs"]:
        s, r = item
        st.proofs.add((seat_of(s, n, "a proof's seat"), whole(r, "a proof's rank", 2, 14)))
    totals = data["totals"]
    if not isinstance(totals, list) or len(totals) != st.sides:
        raise ValueError(f"totals needs {st.sides} numbers")
    st.totals = [whole(t, "a total", 0) for t in totals]
    st.history = positions.records(data["history"], "deal", RECORD, n)
    positions.numbered(st.history, "deal", st.deal_no - (st.phase != "over"))
    st.winners_list = [seat_of(w, n, "a winner") for w in data["winners"]]


def _load_build(st: CasinoState, b: Mapping[str, Any]) -> None:
    """A build: a value no other build has (CASINO-TAB-4), units each worth it (TAB-2)."""
    v = positions.whole(b["value"], "a build's value", 1, st.top_value)
    if v in st.builds:
        raise ValueError(f"two builds of {v} (CASINO-TAB-4)")
    units = [tuple(positions.cards(u, "a build's unit")) for u in b["units"]]
    for u in units:
        ok = (len(u) == 1 and worth(u[0], v, st.ace_high)) or (
            len(u) > 1 and sum(set_value(c) for c in u) == v
        )
        if not ok:
            raise ValueError(f"a unit of B{v} is not worth {v}")
    if not units:
        raise ValueError(f"B{v} has no cards")
    st.builds[v] = Pile(v, positions.seat(b["owner"], st.n, "a build's owner"), units)


def _card(x: object) -> Card | None:
    return None if x is None else Card.parse(str(x))


def _load_turn(st: CasinoState, t: Mapping[str, Any]) -> None:
    """The facts of the turn under way (``CasinoState._new_turn``)."""
    n, seat_of, whole = st.n, positions.seat, positions.whole
    st._new_turn()
    st.played = _card(t["played"])
    st.trailed = _card(t["trailed"])
    if st.trailed is not None and st.trailed not in st.loose:
        raise ValueError("the card trailed this turn is not on the layout")
    st.aug_opp = None if t["aug_opp"] is None else whole(t["aug_opp"], "aug_opp", 1, 14)
    st.held = None if t["held"] is None else whole(t["held"], "held", 1, 14)
    st.mover = seat_of(t["mover"], n, "mover") if t["mover"] is not None else st.turn
    st.asking = [seat_of(s, n, "asking") for s in t["asking"]]
    st.ask_about = str(t["ask_about"])
    st.comply = str(t["comply"])
    st.comply_card = _card(t["comply_card"])
    if st.comply not in ("", "capture", "additions"):
        raise ValueError(f"what an insist demands is capture or additions, not {st.comply!r}")
    if (st.comply == "capture") != (st.comply_card is not None):
        raise ValueError("an insisted capture names the card it is made with (INSIST-3)")
    if st.comply == "capture" and st.held is not None:
        raise ValueError("a hold cannot stand against an insisted capture (INSIST-3)")
    card, mover = st.comply_card, st.mover
    if card is not None and (mover is None or card not in st.hands[mover]):
        raise ValueError("the mover does not hold the card an insisted capture is made with")
    if t["pending"] is not None:
        assert mover is not None  # (as the step was completed for the seat to move)
        pending = complete(parse_action(str(t["pending"])), st.hands[mover], st.ace_high, n)
        if not isinstance(pending, Capture):
            raise ValueError("the pending step must be a capture")
        st.pending = pending
    if t["before_play"] is not None:
        before = type(st)(st.game, n, st.variant, st.options, st.rng)
        load_fields(before, {**t["before_play"]})
        positions.check_pack(before, n)  # the position an insist takes play back to
        check_consistent(before)
        st.before_play = before


# --- what play could never reach -------------------------------------------------------------


def check_consistent(st: CasinoState) -> None:
    """What play could never reach, refused: a build whose owner lacks a capturing card
    for it (TAB-5; the player who has already played a card this turn excepted), a proof
    its player cannot back (PART-2), a hand or stock that does not fit the deal."""
    for s in range(st.n):
        if (s != st.mover or st.played is None) and not _match(
            [b.value for b in st.owns(s)], st.hands[s], st.ace_high
        ):
            raise ValueError(f"seat {s + 1} owns a build it holds no card to capture")
    for s, r in st.proofs:
        if not any(c.rank == r for c in st.hands[s]):
            raise ValueError(f"seat {s + 1} is proven to hold a {r} it does not hold")
    mover = st.mover if st.mover is not None else 0
    if st.phase != "over" and st.played is None and not st.hands[mover]:
        raise ValueError("the player to move has no card to play")
    check_deal(st)
    aug = st.aug_opp
    if aug is not None and (aug not in st.builds or st.team(st.builds[aug].owner, mover)):
        raise ValueError(f"the build augmented this turn, B{aug}, is no opponent's build")
    if st.phase != "over" and not st.legal_actions():  # (the rest, caught whole)
        raise ValueError("the player to move would have no legal step")


def check_deal(st: CasinoState) -> None:
    """The cards as the deal and the turns leave them. The stock holds exactly what the
    deal left (CASINO-DEAL-2/3, VAR-SA 2): the rest of the pack in the first half of the
    two-player game, to be dealt whole as the second; nothing otherwise. And the hands
    hold what was dealt less a card for each turn played (CASINO-TURN-1), in playing
    order from the first player (DEAL-2): those before the mover, and the mover once
    he has played, one card fewer than the rest."""
    n = st.n
    layout, each = DEALT[st.short][n]
    if st.half == 2 and n != 2:
        raise ValueError("only the two-player game has a second half (CASINO-DEAL-3)")
    rest = len(st.game.full_pack(n, st.options, st.variant)) - layout - each * n
    if len(st.stock) != (rest if st.half == 1 and st.phase != "over" else 0):
        raise ValueError(
            f"the stock holds {len(st.stock)} cards: not what the deal left (CASINO-DEAL-3)"
        )
    if st.phase == "over":
        return
    first = (st.dealer + 1) % n
    mover = st.mover if st.mover is not None else first
    at = (mover - first) % n
    dealt = {
        len(st.hands[s]) + ((s - first) % n < at or (s == mover and st.played is not None))
        for s in range(n)
    }
    if len(dealt) != 1 or dealt.pop() > each:
        raise ValueError("the hands do not fit the deal and the turns played since (CASINO-TURN-1)")


def check_prompt(st: CasinoState) -> None:
    """A prompt as ``_ask`` and a partner's hold leave it: about a capture (a hold) or the
    play or the additions (an insist); a hold is answered by the mover's partner
    (CASINO-PART-4), an insist by the mover's opponents (INSIST-3), and an insist on the
    play has the position it takes play back to, in which the mover still held the card
    played. A hold granted (``held``) is on the build of the capture it was asked about,
    which waits for the mover."""
    if st.held is not None and (st.pending is None or st.pending.value != st.held):
        raise ValueError("a hold needs the capture of that build it was asked about")
    if st.phase == "hold" and st.pending is None:
        raise ValueError("a hold prompt needs the capture it is about")
    if st.pending is not None and st.played is not None:
        raise ValueError("a hold is asked before the mover plays (CASINO-PART-4)")
    if st.phase == "insist" and st.ask_about not in ("play", "additions"):
        raise ValueError("an insist prompt needs what it is about")
    if st.phase == "insist" and (st.played is None or st.insist != "ask"):
        raise ValueError("opponents are asked to insist after the play (INSIST-3 ask)")
    if st.phase == "play" and st.turn != st.mover:
        raise ValueError("in the play the seat to move is the mover")
    if st.trailed is not None and st.trailed != st.played:
        raise ValueError("the card trailed this turn is the card played (CASINO-TURN-3)")
    if st.played is not None and any(st.played in h for h in st.hands):
        raise ValueError("the card played this turn is still in a hand")
    if st.phase in ("hold", "insist"):
        _check_answerers(st)


def _check_answerers(st: CasinoState) -> None:
    mover, turn = st.mover, st.turn
    assert mover is not None and turn is not None  # (a prompt's phase has a turn)
    asked = [turn, *st.asking]
    if st.phase == "hold":
        if turn == mover or not st.team(turn, mover):
            raise ValueError("a hold prompt is answered by the mover's partner")
    elif any(st.team(s, mover) for s in asked):
        raise ValueError("an insist prompt is answered by the mover's opponents")
    if st.ask_about == "additions" and not st._additions(mover):
        raise ValueError("an insist on additions needs one still possible (CASINO-INSIST-1)")
    if st.phase == "insist" and st.ask_about == "play":
        # the position an insist takes play back to is this one before the play: the
        # same hands, the mover's with the card he played (INSIST-3)
        before = st.before_play
        assert st.played is not None
        held = [*st.hands[mover], st.played]
        if before is None or any(
            sorted(before.hands[s], key=_CODE) != sorted(held if s == mover else h, key=_CODE)
            for s, h in enumerate(st.hands)
        ):
            raise ValueError("an insist on the play needs the position before the play")
