"""Textual CSS parsed once per process (``ui/css_cache.py``): a second app, or a theme
chosen again, parses nothing; what the cache gives is what Textual parses; a new theme's
variables are a new parse; CSS with an error is refused every time."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import wait_for
from textual.css import stylesheet as stylesheet_module
from textual.css.stylesheet import Stylesheet, StylesheetParseError

from cardsuite.ui import css_cache
from cardsuite.ui.css_cache import _original_parse_rules
from cardsuite.ui.picker import PickerScreen

CSS = "Static.note { color: $primary; background: $surface 50%; padding: 0 1; }"


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Count Textual's own parses (the function its stylesheets call)."""
    parsed: list[str] = []
    real = stylesheet_module.parse

    def parse(scope: str, css: str, *args: Any, **kwargs: Any) -> Any:
        parsed.append(css)
        return real(scope, css, *args, **kwargs)

    monkeypatch.setattr(stylesheet_module, "parse", parse)
    return parsed


async def test_a_second_app_parses_no_css(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    css_cache.forget()
    parsed = _counting(monkeypatch)
    for run in range(2):
        before = len(parsed)
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        if run == 0:
            assert len(parsed) > before  # (the first app parsed every widget's CSS)
        else:
            assert len(parsed) == before


def _sheet(**variables: str) -> Stylesheet:
    sheet = Stylesheet(variables={"primary": "#ff0000", "surface": "#000000", **variables})
    sheet.add_source(CSS, read_from=("test", "note"))
    return sheet


def _declared(sheet: Stylesheet) -> list[str]:
    return [rule.css for rule in sheet.rules]


def test_the_kept_rules_are_textuals_and_new_variables_parse_anew(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    css_cache.forget()
    parsed = _counting(monkeypatch)
    first = _declared(_sheet())
    assert len(parsed) == 1 and "#ff0000" in first[0].lower().replace(" ", "")
    assert _declared(_sheet()) == first and len(parsed) == 1  # a fresh sheet: no parse
    monkeypatch.setattr(Stylesheet, "_parse_rules", _original_parse_rules)
    assert _declared(_sheet()) == first  # (what Textual alone makes)
    monkeypatch.undo()
    parsed = _counting(monkeypatch)
    other = _declared(_sheet(primary="#00ff00"))
    assert len(parsed) == 1 and "#00ff00" in other[0].lower().replace(" ", "")


def test_css_with_an_error_is_refused_every_time() -> None:
    css_cache.forget()
    for _ in range(2):
        sheet = Stylesheet()
        sheet.add_source("Static { colour: red; }", read_from=("test", "bad"))
        with pytest.raises(StylesheetParseError):
            sheet.parse()
