"""The fair-dealing scheme's pure parts (``cardsuite/fair.py``): the commitment, the salts,
the derived seed and the check that catches a changed seed, salt or commitment."""

from __future__ import annotations

import hashlib
import subprocess
import sys

import pytest

from cardsuite import fair
from cardsuite.fair import Fairness, FairnessError

SEED = "ab" * 32
SALT_A = "01" * 16
SALT_B = "fe" * 16


def test_commitment_is_the_sha256_of_the_scheme_text() -> None:
    want = hashlib.sha256(f"cardsuite fair 1 commit|{SEED}".encode()).hexdigest()
    assert fair.commitment(SEED) == want


def test_deal_seed_is_pinned() -> None:
    """The derivation is part of every record ever written: it must never drift."""
    text = f"cardsuite fair 1 deal|{SEED}|1:{SALT_A}|3:{SALT_B}"
    want = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
    assert fair.deal_seed(SEED, {2: SALT_B, 0: SALT_A}) == want


def test_deal_seed_same_in_another_process() -> None:
    code = (
        "from cardsuite import fair;"
        f"print(fair.deal_seed({SEED!r}, {{0: {SALT_A!r}, 2: {SALT_B!r}}}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "123", "PATH": ""},
    ).stdout
    assert int(out) == fair.deal_seed(SEED, {0: SALT_A, 2: SALT_B})


def test_every_salt_changes_the_seed() -> None:
    base = fair.deal_seed(SEED, {0: SALT_A, 1: SALT_B})
    assert fair.deal_seed(SEED, {0: SALT_A, 1: SALT_A}) != base
    assert fair.deal_seed(SEED, {0: SALT_B, 1: SALT_B}) != base
    assert fair.deal_seed(SEED, {0: SALT_A}) != base
    assert fair.deal_seed("cd" * 32, {0: SALT_A, 1: SALT_B}) != base
    # a salt moved to another seat is another deal
    assert fair.deal_seed(SEED, {0: SALT_B, 1: SALT_A}) != base


def test_fresh_values_are_well_formed_and_differ() -> None:
    seeds = {fair.new_host_seed() for _ in range(20)}
    salts = {fair.new_salt() for _ in range(20)}
    assert len(seeds) == 20 and len(salts) == 20
    for s in seeds:
        fair.check_host_seed(s)
    for s in salts:
        fair.check_salt(s)


@pytest.mark.parametrize(
    "bad", ["", "0" * 31, "0" * 33, "G" * 32, "AB" * 16, " " + "0" * 31, 12, None, ["0" * 32]]
)
def test_a_salt_not_allowed_is_refused(bad: object) -> None:
    with pytest.raises(FairnessError, match="32 lowercase hexadecimal"):
        fair.check_salt(bad)


def test_check_passes_on_the_true_facts() -> None:
    facts, secret = Fairness.new()
    facts.salts = {1: SALT_A, 3: SALT_B}
    seed = fair.deal_seed(secret, facts.salts)
    facts.host_seed = secret
    assert facts.check(seed) == []


def test_check_names_each_mismatch() -> None:
    facts, secret = Fairness.new()
    facts.salts = {1: SALT_A}
    seed = fair.deal_seed(secret, facts.salts)
    assert "never revealed" in facts.check(seed)[0]
    facts.host_seed = "cd" * 32
    problems = facts.check(seed)
    assert any("does not match the commitment" in p for p in problems)
    facts.host_seed = secret
    assert any("dealt from seed" in p for p in facts.check(seed + 1))
    facts.salts = {1: SALT_B}
    assert any("dealt from seed" in p for p in facts.check(seed))


def test_salts_text_round_trip_and_refusals() -> None:
    facts = Fairness("0" * 64, {0: SALT_A, 2: SALT_B})
    text = facts.salts_text()
    assert text == f"1:{SALT_A} 3:{SALT_B}"
    assert Fairness.read_salts(text, 3) == facts.salts
    assert Fairness.read_salts("", 3) == {}
    for bad, why in [
        (f"4:{SALT_A}", "no seat 4"),
        (f"1:{SALT_A} 1:{SALT_B}", "two salts"),
        (SALT_A, "seat:salt"),
        ("1:xyz", "hexadecimal"),
        (f"١:{SALT_A}", "seat:salt"),
    ]:
        with pytest.raises(FairnessError, match=why):
            Fairness.read_salts(bad, 3)
