"""Python's cyclic garbage collector runs on the GUI thread only.

CPython collects cycles in whichever thread happens to allocate past a threshold. In this
application that is often the validation worker (`QThreadPool`) or the scan-reading thread. When
such a collection frees a Qt object that sits in a reference cycle (a `QGraphicsScene` and its
items refer to each other), the object is destroyed off the GUI thread: its timers cannot be
stopped there, and the GUI thread later fires a freed timer (a segfault in
`QTimerInfoList::activateTimers`).

`GuiThreadCollector` turns automatic collection off and runs, from a timer on the GUI thread, the
collection Python would have run: a generation is collected when its count passed its threshold,
as `gc` itself decides. `uninstall()` hands collection back to Python.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

#: how often the GUI thread looks at the collector's counts (ms)
INTERVAL_MS = 500


def due_generation() -> int | None:
    """The oldest generation Python would collect now (by `gc.get_count()` against
    `gc.get_threshold()`), or None when no threshold is passed."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    if not thresholds[0] or counts[0] <= thresholds[0]:
        return None
    due = 0
    for generation in (1, 2):  # like CPython: the oldest generation over its threshold
        if generation < len(thresholds) and counts[generation] > thresholds[generation]:
            due = generation
    return due


class GuiThreadCollector(QObject):
    """Runs the cyclic collector on the thread that owns it (the GUI thread)."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.collect_due)
        self._was_enabled: bool | None = None
        #: collections run by this collector (tests)
        self.collections = 0

    @property
    def installed(self) -> bool:
        return self._was_enabled is not None

    def install(self) -> None:
        """Automatic collection off; the timer collects instead. Idempotent."""
        if self.installed:
            return
        self._was_enabled = gc.isenabled()
        gc.disable()
        self.timer.start()

    def uninstall(self) -> None:
        """Collection back to Python, as it was before `install()`."""
        if not self.installed:
            return
        self.timer.stop()
        if self._was_enabled:
            gc.enable()
        self._was_enabled = None

    def collect_due(self) -> int:
        """Collect the generation Python would have collected by now; returns what it freed."""
        generation = due_generation()
        if generation is None:
            return 0
        self.collections += 1
        return gc.collect(generation)

    def collect_all(self) -> int:
        """A full collection on this thread (closing, test teardown)."""
        self.collections += 1
        return gc.collect()


_shared: GuiThreadCollector | None = None


def install() -> GuiThreadCollector:
    """The application's one collector, installed (every main window calls this; the collector
    lives as long as the QApplication, so windows opening and closing never hand collection
    back to worker threads)."""
    global _shared
    from PySide6.QtCore import QCoreApplication

    app = QCoreApplication.instance()
    if _shared is None or _shared.parent() is not app:
        _shared = GuiThreadCollector(app)
    _shared.install()
    return _shared


def shared() -> GuiThreadCollector | None:
    """The application's collector, if one was made."""
    return _shared
