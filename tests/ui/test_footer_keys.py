"""Footer keys styled once (``ui/footer_keys.py``): a recomposed footer's keys start with
their footer's ``compact`` and class, so binding them restyles nothing, and they look as
Textual's own would; a footer whose keys only dim or light up keeps its keys, and one whose
keys change is made again."""

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
            footer.call_later(footer.recompose)  # (in the footer's own context)
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
        footer.call_later(footer.recompose)  # (in the footer's own context)
        await wait_for(pilot, lambda: bool(_keys(footer)) and _keys(footer)[0] not in old)
        await pilot.pause()
        keys = _keys(footer)
        assert keys and all(k.compact is compact for k in keys)
        assert all(k.has_class("-compact") is compact for k in keys)


def _line(app: Any) -> str:
    """The footer's row as the terminal gets it."""
    strips = app.screen._compositor.render_strips()
    return "".join(seg.text for seg in strips[-1])


async def _your_turn(app: Any, pilot: Any) -> tuple[TableScreen, Footer]:
    """The table and its footer, once it is the person's turn."""
    await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
    table = app.screen
    assert isinstance(table, TableScreen)
    await wait_for(pilot, lambda: table.human_to_move() is not None)
    await pilot.pause()
    return table, table.query_one(Footer)


async def test_keys_that_only_dim_are_kept_and_drawn_as_a_new_footer_would(
    make_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table's keys dim and light up at every turn (a hint works on your own turn only):
    the footer then keeps its keys and changes only their dimming, instead of mounting
    every key again (a fifth of a hinted game's work); drawn, it is what a footer made
    afresh draws."""
    app = make_app(start=start("human,medium,medium,medium"))
    async with app.run_test(size=(100, 30)) as pilot:
        table, footer = await _your_turn(app, pilot)
        keys = _keys(footer)
        hint = next(k for k in keys if k.action == "hint")
        assert not hint.has_class("-disabled")
        real = TableScreen.check_action

        def dim_hint(self: TableScreen, action: str, parameters: tuple[object, ...]) -> Any:
            return None if action == "hint" else real(self, action, parameters)

        monkeypatch.setattr(TableScreen, "check_action", dim_hint)
        table.refresh_bindings()
        await wait_for(pilot, lambda: hint.has_class("-disabled"))
        await pilot.pause()
        assert _keys(footer) == keys and hint._disabled
        kept = _line(app)
        footer.call_later(footer.recompose)  # (in the footer's own context)
        await wait_for(pilot, lambda: _keys(footer) and _keys(footer)[0] not in keys)
        await pilot.pause()
        assert _line(app) == kept
        monkeypatch.setattr(TableScreen, "check_action", real)
        keys = _keys(footer)
        hint = next(k for k in keys if k.action == "hint")
        table.refresh_bindings()
        await wait_for(pilot, lambda: not hint.has_class("-disabled"))
        assert _keys(footer) == keys and not hint._disabled


async def test_keys_that_change_make_the_footer_again(
    make_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key that leaves (or a new one) is a different footer: made again, without it."""
    app = make_app(start=start("human,medium,medium,medium"))
    async with app.run_test(size=(100, 30)) as pilot:
        table, footer = await _your_turn(app, pilot)
        keys = _keys(footer)
        assert "hint" in [k.action for k in keys]
        real = TableScreen.check_action

        def no_hint(self: TableScreen, action: str, parameters: tuple[object, ...]) -> Any:
            return False if action == "hint" else real(self, action, parameters)

        monkeypatch.setattr(TableScreen, "check_action", no_hint)
        table.refresh_bindings()
        await wait_for(pilot, lambda: "hint" not in [k.action for k in _keys(footer)])
        await pilot.pause()
        assert not set(_keys(footer)) & set(keys)
        assert "Hint" not in _line(app)
