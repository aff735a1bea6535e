"""The Qt board editor: document and undo commands, scene, view, tools, panels, main window."""

from __future__ import annotations

import sys


def _guard_none_refcount() -> bool:
    """Work around PySide6 builds that drop a reference to None on every void call.

    On Python < 3.12 (where None is not immortal) the PySide6 6.12 wheels return `None` from
    void methods without taking a reference, so each call (setPos, update, drawLine, …)
    decrements None's reference count; after a few hundred thousand calls Python aborts with
    "none_dealloc: deallocating None". When that defect is detected, None's count is raised
    far beyond reach (as Python 3.12 makes None immortal). Returns True when it was applied.
    """
    if sys.version_info >= (3, 12):
        return False
    import ctypes

    from PySide6.QtCore import QPointF

    probe = QPointF()
    before = sys.getrefcount(None)
    for _ in range(64):
        probe.setX(1.0)
    if before - sys.getrefcount(None) < 64:
        return False
    ctypes.c_ssize_t.from_address(id(None)).value += 1 << 48
    return True


NONE_REFCOUNT_GUARD = _guard_none_refcount()
