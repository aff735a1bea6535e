"""The Qt binding must not leak references to None (PySide6 6.12.0 does under CPython 3.11:
every void Qt call drops a reference it never took, and the interpreter aborts after a few
thousand calls with "none_dealloc"). pyproject.toml excludes that release; this test catches
a release with the same defect if the constraint is ever widened."""

from __future__ import annotations

import sys

from PySide6.QtCore import QPointF


def test_void_qt_calls_keep_none_refcount() -> None:
    point = QPointF()
    calls = 2000
    before = sys.getrefcount(None)
    for _ in range(calls):
        point.setX(1.0)
    leaked = before - sys.getrefcount(None)
    assert leaked < calls // 2, f"{leaked} references to None lost in {calls} void Qt calls"
