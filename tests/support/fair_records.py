"""Fair-dealt records built with ``fair.py`` directly (no table server, no protocol): a
host's seed committed to, joiners' salts, the deal's seed from both, a whole game played by
random bots from it, and the facts put in ``Match.origin["fair"]`` as a hosted table puts
them. Tests of records and of ``--verify`` tamper with the text these give."""

from __future__ import annotations

from cardsuite.fair import Fairness, commitment, deal_seed
from cardsuite.match import Match, SeatSpec

#: A game that ends within one deal (South African Casino), so a whole game is quick.
GAME, VARIANT = "african-casino", "south-african"
#: Fixed secrets, so every run plays the same game (a table draws its own: ``fair.py``).
HOST_SEED = "5eed" * 16
SALTS = ["a1" * 16, "b2" * 16, "c3" * 16, "d4" * 16]


def fair_match(
    reveal: bool = True, seats: list[SeatSpec] | None = None, salted: tuple[int, ...] = (1,)
) -> tuple[Match, str]:
    """A finished game dealt fairly: its match (``origin["fair"]`` filled, the host's seed
    revealed unless ``reveal`` is False) and the host's seed. ``salted``: the seats that
    gave a salt (0-based)."""
    seats = seats or [SeatSpec("random", "Ann"), SeatSpec("random", "Bob")]
    host_seed = HOST_SEED
    facts = Fairness(commitment(host_seed), {seat: SALTS[seat] for seat in salted})
    seed = deal_seed(host_seed, facts.salts)
    match = Match.new(GAME, seats, VARIANT, seed=seed)
    assert match.origin is not None
    match.origin["fair"] = {
        "commitment": facts.commitment,
        "salts": facts.salts_text(),
        "host_seed": host_seed if reveal else None,
    }
    while not match.is_over():
        mover = match.to_move()
        assert mover is not None
        match.apply(match.choose_bot(mover), mover)
    return match, host_seed


def fair_text(reveal: bool = True) -> str:
    """A finished fair-dealt game's record, as text."""
    from cardsuite.records import from_match

    match, _ = fair_match(reveal)
    return from_match(match).to_text()


def lacking_text() -> str:
    """A joined player's record of a game they left: no deal, no moves, what it lacks said
    (as ``remote/keeper.py`` writes one), with the commitment and salts it was shown."""
    from cardsuite.records import Record, RecordSeat

    rec = Record(
        GAME,
        VARIANT,
        {"first": "auto", "insist": "off", "spades": "most"},
        [RecordSeat("Ann", "remote"), RecordSeat("Bob", "human")],
        started=1_800_000_000.0,
        lacks="the deal and the moves: Bob left the table before the end",
    )
    rec.fair = Fairness(commitment(HOST_SEED), {1: SALTS[1]})
    return rec.to_text(["What Bob saw of the table:", "Ann trails 8H"])
