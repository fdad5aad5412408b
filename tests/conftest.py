"""Shared test support: ``tests/support`` (position builders) is importable from every folder."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "support"))
