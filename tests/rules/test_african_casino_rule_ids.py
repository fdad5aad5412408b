"""Every rule ID of African Casino's spec is cited by a test (issue 34, item 8).

The spec (``../shared/rules/african-casino.md``, beside the repository in the project's
own tree, absent from a clean clone) names each rule in bold (``**CASINO-TAB-5**``) and
numbers the South African differences inside CASINO-VAR-SA ("VAR-SA 4"). ``RULE_IDS`` is
a copy of that list, so the check runs in CI too; where the spec is present, the copy is
checked against it, so a rule added there fails here until a test exercises it.

A test cites a rule by its full ID in its docstring (``CASINO-TAB-5``, ``CASINO-VAR-SA 4``)
or, in an African Casino test file, by its short form in its name (``..._TAB_5``,
``..._VAR_SA_4``). A test marked ``xfail`` cites nothing: it shows a rule broken, not
tested. The rule tests themselves are ``test_african_casino_rule_ids_*.py``."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
SPEC = ROOT.parent / "shared" / "rules" / "african-casino.md"

#: The spec's rule IDs in its order (§1-15), then VAR-SA's numbered items.
RULE_IDS = (
    "CASINO-PLAY-1",
    "CASINO-PLAY-2",
    "CASINO-DECK-1",
    "CASINO-DECK-2",
    "CASINO-DECK-3",
    "CASINO-DECK-4",
    "CASINO-DEAL-1",
    "CASINO-DEAL-2",
    "CASINO-DEAL-3",
    "CASINO-DEAL-4",
    "CASINO-DEAL-5",
    "CASINO-TAB-1",
    "CASINO-TAB-2",
    "CASINO-TAB-3",
    "CASINO-TAB-4",
    "CASINO-TAB-5",
    "CASINO-TURN-1",
    "CASINO-TURN-2",
    "CASINO-TURN-3",
    "CASINO-TURN-4",
    "CASINO-TURN-5",
    "CASINO-TURN-6",
    "CASINO-CAP-1",
    "CASINO-CAP-2",
    "CASINO-CAP-3",
    "CASINO-CAP-4",
    "CASINO-CAP-5",
    "CASINO-CAP-6",
    "CASINO-BUILD-1",
    "CASINO-BUILD-2",
    "CASINO-BUILD-3",
    "CASINO-BUILD-4",
    "CASINO-BUILD-5",
    "CASINO-RAISE-1",
    "CASINO-RAISE-2",
    "CASINO-RAISE-3",
    "CASINO-RAISE-4",
    "CASINO-AUG-1",
    "CASINO-AUG-2",
    "CASINO-AUG-3",
    "CASINO-AUG-4",
    "CASINO-AUG-5",
    "CASINO-AUG-6",
    "CASINO-PILE-1",
    "CASINO-PILE-2",
    "CASINO-PILE-3",
    "CASINO-PILE-4",
    "CASINO-TRAIL-1",
    "CASINO-INSIST-1",
    "CASINO-INSIST-2",
    "CASINO-INSIST-3",
    "CASINO-PART-1",
    "CASINO-PART-2",
    "CASINO-PART-3",
    "CASINO-PART-4",
    "CASINO-TWO-1",
    "CASINO-END-1",
    "CASINO-SCORE-1",
    "CASINO-SCORE-2",
    "CASINO-GAME-1",
    "CASINO-VAR-SWAZI",
    "CASINO-VAR-SOTHO",
    "CASINO-VAR-SA",
    *(f"CASINO-VAR-SA {i}" for i in range(1, 10)),
)


def spec_ids(text: str) -> list[str]:
    """The rule IDs a spec text defines: its bold IDs, then the items numbered inside
    CASINO-VAR-SA (up to the next heading)."""
    ids = re.findall(r"\*\*(CASINO-[A-Z0-9-]+)\*\*", text)
    start = text.index("**CASINO-VAR-SA**")
    end = text.find("\n## ", start)
    section = text[start : end if end >= 0 else len(text)]
    ids += [f"CASINO-VAR-SA {n}" for n in re.findall(r"^\s+(\d+)\.\s", section, re.MULTILINE)]
    return ids


def patterns(rule: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """How a rule is cited: in full in a docstring, short in a test's name."""
    full = re.escape(rule) + (r"(?![ -]?\d)" if rule == "CASINO-VAR-SA" else r"(?!\d)")
    short = rule.removeprefix("CASINO-").replace("-", "_").replace(" ", "_")
    name = (
        r"(?<![A-Za-z0-9])" + re.escape(short) + (r"(?!_?\d)" if short == "VAR_SA" else r"(?!\d)")
    )
    return re.compile(full), re.compile(name)


def citing_tests() -> Iterator[tuple[str, str, str]]:
    """(file, test name, docstring) of every test function under ``tests/`` that is not
    marked ``xfail``; the name counts only in an African Casino test file."""
    for path in sorted(TESTS.rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        casino = "african_casino" in path.name
        if not casino and "CASINO-" not in text:
            continue  # (cites nothing: not parsed)
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if not node.name.startswith("test"):
                continue
            if any("xfail" in ast.unparse(d) for d in node.decorator_list):
                continue
            doc = ast.get_docstring(node) or ""
            yield path.name, node.name if casino else "", doc


def citations() -> dict[str, list[str]]:
    """Each rule ID and the tests citing it."""
    found: dict[str, list[str]] = {rule: [] for rule in RULE_IDS}
    compiled = {rule: patterns(rule) for rule in RULE_IDS}
    for file, name, doc in citing_tests():
        doc = doc if "CASINO-" in doc else ""
        if not doc and not name:
            continue
        for rule, (full, short) in compiled.items():
            if (doc and full.search(doc)) or (name and short.search(name)):
                found[rule].append(f"{file}::{name or '?'}")
    return found


def test_the_copy_of_the_rule_ids_is_the_specs() -> None:
    """``RULE_IDS`` lists the spec's rule IDs, each once (checked where the spec is)."""
    assert len(set(RULE_IDS)) == len(RULE_IDS) == 72
    if not SPEC.exists():
        return  # a clean clone: the copy stands alone
    assert spec_ids(SPEC.read_text(encoding="utf-8")) == list(RULE_IDS)


def test_every_rule_id_is_cited_by_a_test() -> None:
    """Every rule ID of the spec is cited by a test that is not an ``xfail``."""
    uncited = [rule for rule, tests in citations().items() if not tests]
    assert not uncited, f"rule IDs no test cites: {', '.join(uncited)}"


def test_the_citation_patterns() -> None:
    """What counts as citing a rule, and what does not (the guard's own check)."""
    full, name = patterns("CASINO-TAB-5")
    assert full.search("CASINO-TAB-5 (EX-12): ...") and not full.search("CASINO-TAB-51")
    assert name.search("test_EX12_never_abandon_a_build_TAB_5")
    assert not name.search("test_STAB_5") and not name.search("test_TAB_51")
    full, name = patterns("CASINO-VAR-SA")
    assert full.search("CASINO-VAR-SA: the version") and not full.search("CASINO-VAR-SA 4")
    assert name.search("test_VAR_SA_the_version") and not name.search("test_VAR_SA_4_tops")
    full, name = patterns("CASINO-VAR-SA 4")
    assert full.search("CASINO-VAR-SA 4 (EX-22)") and name.search("test_VAR_SA_4_tops")
    text = "- **CASINO-TAB-1** x\n- **CASINO-VAR-SA** [P]:\n  1. a\n  2. b\n\n## 16. x\n  3. c"
    assert spec_ids(text) == ["CASINO-TAB-1", "CASINO-VAR-SA", "CASINO-VAR-SA 1", "CASINO-VAR-SA 2"]
