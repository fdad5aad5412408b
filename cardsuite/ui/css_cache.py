"""Textual CSS parsed once per process, not once per stylesheet.

Textual keeps a parse cache in each ``Stylesheet``, and makes a fresh stylesheet whenever
the theme changes (``Stylesheet.reparse``) and for every app. So every theme chosen in the
palette parsed every widget's CSS and our ``.tcss`` files again, even a theme already seen a
moment before, and every app started in one process (the test suite starts some four
hundred) parsed it all from the start: about a sixth of what opening the picker costs.

Here the parsed rules are kept for the process, keyed by what Textual's own cache keys them
by (the text, where it came from, default or not, its tie-breaker and scope) and by the
stylesheet's variables, which the parse substitutes (``$primary`` and the rest: a new theme is
a new key). Textual builds its rule sets once and never changes them afterwards (its own cache
hands the same lists out again within a stylesheet), so sharing them between stylesheets
changes nothing they do (``tests/ui/test_css_cache.py``). A text that fails to parse is not
kept: the error is raised again, as Textual raises it.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

_original_parse_rules = Stylesheet._parse_rules

#: Parsed rules by text and variables, the least recently used dropped past ``KEPT`` (each
#: theme's rules are a few hundred small objects; a dozen themes' worth is plenty).
KEPT = 2048
_parsed: OrderedDict[tuple[Any, ...], list[RuleSet]] = OrderedDict()


def _variables_key(sheet: Stylesheet) -> frozenset[tuple[str, str]]:
    """The stylesheet's variables as a key, made once per set of variables (Textual replaces
    the dict when they change, ``Stylesheet.set_variables``)."""
    variables = sheet._variables
    made = sheet.__dict__.get("_cs_variables_key")
    if made is None or made[0] is not variables:
        made = (variables, frozenset(variables.items()))
        sheet.__dict__["_cs_variables_key"] = made
    key: frozenset[tuple[str, str]] = made[1]
    return key


def _parse_rules(
    self: Stylesheet,
    css: str,
    read_from: Any,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    key = (css, read_from, is_default_rules, tie_breaker, scope, _variables_key(self))
    rules = _parsed.get(key)
    if rules is None:
        rules = _original_parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        _parsed[key] = rules
        if len(_parsed) > KEPT:
            _parsed.popitem(last=False)
    else:
        _parsed.move_to_end(key)
    return rules


def apply() -> None:
    """Install it (idempotent). Textual's own method, replaced on purpose (mypy:
    ``method-assign``)."""
    if Stylesheet._parse_rules is not _parse_rules:
        Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]


def forget() -> None:
    """Drop every kept parse (a test that counts parses starts from none)."""
    _parsed.clear()


__all__ = ["KEPT", "apply", "forget"]
