"""``cardsuite play GAME --position FILE`` with a number no position holds (issue 33 #11): a
5,000-digit number passed Python's JSON reader to its limit on integer strings and ended in
a traceback; it is a usage error that says what is wrong, and nothing starts."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardsuite.cli import main
from cardsuite.games import get_game


def test_a_number_of_five_thousand_digits_is_refused(launched, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    data = json.dumps(get_game("money").new_state(seed=1).to_json())
    path = tmp_path / "position.json"
    for number in ("9" * 5000, "-" + "9" * 5000, "1" + "0" * 40):
        path.write_text(data.replace('"dealer": 0', f'"dealer": {number}'))
        r = CliRunner().invoke(main, ["play", "money", "--position", str(path)])
        assert r.exit_code == 2, r.output
        assert "--position" in r.output and "digits is no part of a position" in r.output
    path.write_text(data.replace('"dealer": 0', '"dealer": ' + "9" * 40))  # read, then refused
    r = CliRunner().invoke(main, ["play", "money", "--position", str(path)])
    assert r.exit_code == 2 and "dealer must be from 0 to 1" in r.output, r.output
    assert launched == []
