"""Checking a record: was the deal the one the host committed to, and is the file the game?

``cardsuite records FILE --verify`` asks this of a record. A hosted table's record carries
its fair-dealing facts (``fair.py``: the commitment shown before the deal, the joiners'
salts, the host's seed revealed at the end), so anyone holding it can check, with no word
of the host's taken on trust, that

1. the host's seed hashes to the commitment (the host did not choose it after the salts);
2. the host's seed and the salts give the seed the game was dealt from;
3. every move replays from that deal, and the game ends as the result line says.

Each check is said in words, and when one fails the words say what was changed, as far as
the file itself can tell: the two hashes and the replay tell apart a changed commitment, a
changed host seed, a changed salt and a changed seed (a seed the moves do replay from that
the salts do not give is either a changed salt or an unfair deal, and is said so). A record
with no fair-dealing facts (a game dealt at one table) is said to be one, and its replay is
checked all the same.

What this cannot see: a host who rewrote the commitment, the seed and the host's seed
together so that they agree. Each joiner's own copy of the record (``remote/keeper.py``)
is what shows that: its commitment is the one their table showed before the deal.

Pure: the record and ``fair.py``'s hashes; nothing here prints or touches a file.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from .fair import commitment as commitment_of
from .fair import deal_seed
from .records import Record, RecordError, final_state

#: ``ok``: it matches; ``bad``: it does not; ``cannot``: it cannot be checked (a record that
#: lacks its deal, a host's seed never revealed); ``note``: said, not checked (no fair facts).
Status = Literal["ok", "bad", "cannot", "note"]


@dataclass(frozen=True)
class Finding:
    """One check of a record: what it is about (``fair``, ``commitment``, ``deal``,
    ``moves``, ``result``, ``record``), whether it matched, and what was found, in words."""

    about: str
    status: Status
    text: str


@dataclass
class Verification:
    """Every finding about one record, in the order they were made."""

    findings: list[Finding] = field(default_factory=list)
    #: the record carries the fair-dealing facts of a hosted table
    fair: bool = False

    @property
    def verified(self) -> bool:
        """Nothing failed (a record with no fair-dealing facts can still be verified as a
        game that replays: ``fair`` says whether its deal was proved fair too)."""
        return not self.problems

    @property
    def problems(self) -> list[Finding]:
        return [f for f in self.findings if f.status in ("bad", "cannot")]

    def add(self, about: str, status: Status, text: str) -> None:
        self.findings.append(Finding(about, status, text))


def _at(rec: Record, key: str) -> str:
    """`` (line N)`` for a header field read from a file; nothing for a record built here."""
    no = rec.fields.get(key)
    return f" (line {no})" if no else ""


def _replays(rec: Record) -> tuple[str | None, RecordError | None]:
    """The result the moves replay to (None when they do not), and why not."""
    try:
        state = final_state(rec)
    except RecordError as e:
        return None, e
    return rec.result_of(state), None


def verify(rec: Record) -> Verification:
    """Every check ``cardsuite records FILE --verify`` makes (see the module docstring)."""
    out = Verification(fair=rec.fair is not None)
    if not rec.replayable:
        out.add("record", "cannot", rec.lacks_why())
        if rec.fair is not None:
            out.add(
                "fair",
                "cannot",
                "the host's seed is revealed only at the end of the game, so the deal "
                "cannot be checked against the commitment" + _at(rec, "commitment") + " either",
            )
        return out
    replayed, why = _replays(rec)
    if rec.fair is None:
        out.add(
            "fair",
            "note",
            "not a fair-dealt table record: it has no commitment, salts or host seed (a game "
            "dealt at one table), so only its replay is checked",
        )
    else:
        _check_fair(rec, out, replayed is not None)
    if why is not None:
        out.add("moves", "bad", f"the moves do not replay: {why}")
        return out
    out.add("moves", "ok", f"all {len(rec.moves)} moves replay, each one accepted")
    if replayed == rec.result:
        out.add(
            "result", "ok", f"the result{_at(rec, 'result')} is the replayed game's: {replayed}"
        )
    else:
        out.add(
            "result",
            "bad",
            f"the result{_at(rec, 'result')} says {rec.result!r}, but the moves replayed end "
            f"{replayed!r}: the result line was changed",
        )
    return out


def _check_fair(rec: Record, out: Verification, moves_replay: bool) -> None:
    """The fair-dealing checks (1 and 2 of the module docstring), each failure named."""
    fair = rec.fair
    assert fair is not None
    c_at, s_at, h_at, d_at = (_at(rec, k) for k in ("commitment", "salts", "host-seed", "seed"))
    if fair.host_seed is None:
        out.add(
            "fair",
            "cannot",
            "the host's seed was never revealed (the record has no 'host-seed' line), so the "
            f"deal cannot be checked against the commitment{c_at}",
        )
        return
    hashed = commitment_of(fair.host_seed)
    derived = deal_seed(fair.host_seed, fair.salts)
    committed = hashed == fair.commitment
    dealt = derived == rec.seed
    salts = f"{len(fair.salts)} salt{'s' * (len(fair.salts) != 1)}{s_at}"
    if committed:
        out.add(
            "commitment",
            "ok",
            f"the host's seed{h_at} hashes to the commitment{c_at} shown before the deal",
        )
    elif dealt:
        out.add(
            "commitment",
            "bad",
            f"the commitment{c_at} is not the hash of the host's seed{h_at} ({hashed[:16]}…), "
            "though that seed and the salts give the seed the game was dealt from: the "
            "commitment was changed",
        )
    else:
        out.add(
            "commitment",
            "bad",
            f"the host's seed{h_at} does not hash to the commitment{c_at} (it hashes to "
            f"{hashed[:16]}…), nor give the deal's seed with the salts: the host's seed was "
            "changed, or the host revealed another seed than the one it committed to",
        )
    if dealt:
        out.add(
            "deal",
            "ok",
            f"the host's seed and the {salts} give seed {derived}, the seed the game was "
            f"dealt from{d_at}",
        )
        return
    if not committed:
        return  # (said above: the host's seed itself is not the one committed to)
    from_derived, _ = _replays(replace(rec, seed=derived))
    if from_derived is not None and not moves_replay:
        out.add(
            "deal",
            "bad",
            f"the seed{d_at} is {rec.seed}, but the host's seed and the {salts} give "
            f"{derived}, and the moves replay from {derived}: the seed line was changed",
        )
    elif moves_replay:
        out.add(
            "deal",
            "bad",
            f"the game was dealt from seed {rec.seed}{d_at}, from which its moves replay, but "
            f"the host's seed and the {salts} give {derived}: a salt was changed, or the deal "
            "was not made from the seed the host committed to",
        )
    else:
        out.add(
            "deal",
            "bad",
            f"the seed{d_at} is {rec.seed}, but the host's seed and the {salts} give "
            f"{derived}, and the moves replay from neither: the seed (or a salt) was changed",
        )


__all__ = ["Finding", "Status", "Verification", "verify"]
