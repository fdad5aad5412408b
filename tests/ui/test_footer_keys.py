"""Footer keys styled once (``ui/footer_keys.py``): a recomposed footer's keys start with
their footer's ``compact`` and class, so binding them restyles nothing, and they look as
Textual's own would."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import start, wait_for
from textual.dom import DOMNode
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.table import TableScreen


def _keys(footer: Footer) -> list[FooterKey]:
    return [k for k in footer.query(FooterKey) if not k.has_class("-command-palette")]


async def test_a_recomposed_footer_restyles_none_of_its_keys(
    make_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    restyled: list[DOMNode] = []
    real = DOMNode.update_node_styles

    def counting(self: DOMNode, animate: bool = True) -> None:
        restyled.append(self)
        real(self, animate=animate)

    app = make_app(start=start("human,medium,medium,medium"))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        before = _keys(footer)
        monkeypatch.setattr(DOMNode, "update_node_styles", counting)
        for _ in range(3):
            app.screen.refresh_bindings()
            await wait_for(pilot, lambda: _keys(footer) and _keys(footer)[0] not in before)
            before = _keys(footer)
            await pilot.pause()
        bound = [n for n in restyled if isinstance(n, FooterKey)]
        assert [n for n in bound if not n.has_class("-command-palette")] == []


@pytest.mark.parametrize("compact", [True, False])
async def test_keys_take_their_footers_compactness(make_app: Any, compact: bool) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
        footer = app.screen.query_one(Footer)
        footer.compact = compact
        old = _keys(footer)
        app.screen.refresh_bindings()
        await wait_for(pilot, lambda: bool(_keys(footer)) and _keys(footer)[0] not in old)
        await pilot.pause()
        keys = _keys(footer)
        assert keys and all(k.compact is compact for k in keys)
        assert all(k.has_class("-compact") is compact for k in keys)
