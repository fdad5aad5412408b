"""Provably fair dealing at a hosted table: a commitment, the joiners' salts, the deal's seed.

The host deals, so without this a joiner has only the host's word that the deck was not
stacked. The scheme is the commit-reveal one card sites do not offer:

1. before any joiner sends anything that shapes the deal, the host draws a secret
   ``host_seed`` and shows everyone ``commitment(host_seed)`` (its SHA-256);
2. each joiner's client draws a random ``salt`` of its own and sends it;
3. the deal's seed is ``deal_seed(host_seed, salts)``: a hash of the host's seed and every
   salt, so the host (who committed before seeing any salt) cannot aim the deal, and no
   joiner (who sees only the hash of the host's seed) can either;
4. at the end the host reveals ``host_seed``; anyone checks that it hashes to the commitment
   shown at the start and that it, with the salts shown before the first card, gives the
   seed the game was dealt from (``check``); the record then replays the game.

What it does not prove: the host's own machine holds the state, so a host can still read
its own memory during play; a host who dislikes a deal can abandon the table before the
end; bots never read hidden cards, but that is proved by the tests, not by this scheme.

Pure standard library, no clock: the randomness is ``secrets``' (the operating system's),
never a game's seeded RNG, since the point is that nobody can predict it.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field

#: The scheme's version, part of every hashed text (a later scheme hashes differently).
SCHEME = 1
#: The host's secret seed: 32 random bytes, written as 64 lowercase hex digits.
HOST_SEED_BYTES = 32
#: A joiner's salt: 16 random bytes, written as 32 lowercase hex digits.
SALT_BYTES = 16
#: A deal seed is the first 8 bytes of its hash, read as a big-endian whole number.
DEAL_SEED_BYTES = 8

_HOST_SEED_RE = re.compile(rf"^[0-9a-f]{{{2 * HOST_SEED_BYTES}}}$", re.ASCII)
_SALT_RE = re.compile(rf"^[0-9a-f]{{{2 * SALT_BYTES}}}$", re.ASCII)
_DIGEST_RE = re.compile(r"^[0-9a-f]{64}$", re.ASCII)


class FairnessError(ValueError):
    """A seed, salt or commitment that is not what the scheme allows, or a check that fails;
    the message says which, in words."""


def new_host_seed() -> str:
    """A fresh secret for the host to commit to."""
    return secrets.token_hex(HOST_SEED_BYTES)


def new_salt() -> str:
    """A fresh salt for a joiner's client to send."""
    return secrets.token_hex(SALT_BYTES)


def check_host_seed(text: object) -> str:
    """``text`` when it is a host seed as the scheme writes one, else ``FairnessError``."""
    if not isinstance(text, str) or not _HOST_SEED_RE.match(text):
        raise FairnessError(f"a host seed is {2 * HOST_SEED_BYTES} lowercase hexadecimal digits")
    return text


def check_salt(text: object) -> str:
    """``text`` when it is a salt as the scheme writes one, else ``FairnessError``."""
    if not isinstance(text, str) or not _SALT_RE.match(text):
        raise FairnessError(f"a salt is {2 * SALT_BYTES} lowercase hexadecimal digits")
    return text


def check_commitment(text: object) -> str:
    """``text`` when it is a commitment (a SHA-256 in lowercase hex), else ``FairnessError``."""
    if not isinstance(text, str) or not _DIGEST_RE.match(text):
        raise FairnessError("a commitment is 64 lowercase hexadecimal digits (a SHA-256)")
    return text


def commitment(host_seed: str) -> str:
    """What the host shows before the deal: the SHA-256 of its seed, in hex."""
    check_host_seed(host_seed)
    return hashlib.sha256(f"cardsuite fair {SCHEME} commit|{host_seed}".encode()).hexdigest()


def deal_seed(host_seed: str, salts: Mapping[int, str]) -> int:
    """The seed the game is dealt from: a hash of the host's seed and every seat's salt (by
    0-based seat, written 1-based in seat order), its first ``DEAL_SEED_BYTES`` bytes."""
    check_host_seed(host_seed)
    parts = [f"cardsuite fair {SCHEME} deal", host_seed]
    for seat, salt in sorted(salts.items()):
        parts.append(f"{seat + 1}:{check_salt(salt)}")
    digest = hashlib.sha256("|".join(parts).encode()).digest()
    return int.from_bytes(digest[:DEAL_SEED_BYTES], "big")


@dataclass
class Fairness:
    """One game's fair-dealing facts: the commitment shown before the deal, the salts by
    0-based seat, and the host's seed once revealed (``None`` before the end)."""

    commitment: str
    salts: dict[int, str] = field(default_factory=dict)
    host_seed: str | None = None

    @classmethod
    def new(cls) -> tuple[Fairness, str]:
        """A host's fresh table: the public facts (with no salt yet) and the secret seed."""
        seed = new_host_seed()
        return cls(commitment(seed)), seed

    def salts_text(self) -> str:
        """The salts as a record writes them: ``seat:salt`` by 1-based seat, space apart
        (empty when no seat gave one)."""
        return " ".join(f"{seat + 1}:{salt}" for seat, salt in sorted(self.salts.items()))

    @staticmethod
    def read_salts(text: str, players: int) -> dict[int, str]:
        """The salts of ``salts_text``; ``FairnessError`` says what is wrong."""
        salts: dict[int, str] = {}
        for part in text.split():
            seat_text, sep, salt = part.partition(":")
            if not sep or not seat_text.isascii() or not seat_text.isdigit() or len(seat_text) > 2:
                raise FairnessError(f"a salt is written 'seat:salt', not {part[:40]!r}")
            seat = int(seat_text) - 1
            if not 0 <= seat < players:
                raise FairnessError(f"there is no seat {seat + 1} for a salt")
            if seat in salts:
                raise FairnessError(f"seat {seat + 1} has two salts")
            salts[seat] = check_salt(salt)
        return salts

    def check(self, seed: int | None) -> list[str]:
        """What does not match, in words (empty when everything does): the revealed seed
        against the commitment, and the seed it gives with the salts against ``seed``."""
        problems: list[str] = []
        try:
            check_commitment(self.commitment)
        except FairnessError as e:
            problems.append(str(e))
            return problems
        if self.host_seed is None:
            problems.append("the host's seed was never revealed, so the deal cannot be checked")
            return problems
        try:
            shown = commitment(self.host_seed)
        except FairnessError as e:
            problems.append(str(e))
            return problems
        if not hmac.compare_digest(shown, self.commitment):
            problems.append(
                "the revealed host seed does not match the commitment shown before the deal "
                f"(it hashes to {shown[:16]}…, the commitment was {self.commitment[:16]}…)"
            )
        try:
            derived = deal_seed(self.host_seed, self.salts)
        except FairnessError as e:
            problems.append(str(e))
            return problems
        if seed != derived:
            problems.append(
                f"the game was dealt from seed {seed}, but the host's seed and the salts "
                f"give {derived}"
            )
        return problems
