"""What the command-line tests share: the app is never really started (CliRunner plus a real
app would take over the terminal); ``launched`` records each launch instead."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []
    import cardsuite.ui.app as ui_app

    monkeypatch.setattr(ui_app, "run_app", lambda **kw: calls.append(kw))
    return calls
