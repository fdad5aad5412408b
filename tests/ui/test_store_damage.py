"""Damaged files in the data folder never stop the app (issue 33 #16-#19)."""

from __future__ import annotations

from pathlib import Path

from helpers import wait_for

from cardsuite.store import Store
from cardsuite.ui.picker import PickerScreen

INFINITE = (
    b'{"kind":"game","game":"money","variant":"x","players":1e999,"finished_at":1,"results":[]}'
)


def put(store: Store, name: str, data: bytes) -> Store:
    store.home.mkdir(parents=True, exist_ok=True)
    (store.home / name).write_bytes(data)
    return store


async def test_a_damaged_journal_line_is_set_aside_with_a_message(  # type: ignore[no-untyped-def]
    make_app, private_home: Path
) -> None:
    """``"players": 1e999`` in the journal crashed the app at every start (OverflowError in
    the start-up worker)."""
    store = put(Store(private_home), "pending-results.jsonl", INFINITE + b"\n")
    app = make_app(store=store)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_for(pilot, lambda: any("set aside" in n.message for n in app._notifications))
        assert isinstance(app.screen, PickerScreen)
        [told] = [n.message for n in app._notifications if "set aside" in n.message]
        assert "1 result kept from before is damaged" in told
        assert str(store.pending_damaged_path) in told
    assert app.return_code in (None, 0)
    assert put_back(store) == (INFINITE + b"\n", False)


def put_back(store: Store) -> tuple[bytes, bool]:
    """What was set aside, and whether the journal is still there."""
    return store.pending_damaged_path.read_bytes(), store.pending_path.exists()
