"""Cyclic garbage is collected on the GUI thread only (`editor.gui.shell.gc_policy`): a collection
on
a worker thread could destroy a Qt object there, and the GUI thread would later fire its freed
timer (a segfault in processEvents)."""

from __future__ import annotations

import gc
import threading

from editor.gui.shell import gc_policy
from editor.gui.shell.gc_policy import GuiThreadCollector


class _Node:
    """One half of a reference cycle; tells `freed` on which thread it was freed."""

    def __init__(self, freed: list[int]) -> None:
        self.freed = freed
        self.other: _Node | None = None

    def __del__(self) -> None:
        self.freed.append(threading.get_ident())


def _cycle(freed: list[int]) -> None:
    a, b = _Node(freed), _Node(freed)
    a.other, b.other = b, a


def test_a_workers_allocations_collect_nothing_while_installed(qtbot) -> None:
    gc_policy.install()
    gc.collect()
    runs: list[int] = []

    def record(phase: str, _info: dict) -> None:
        if phase == "start":
            runs.append(threading.get_ident())

    gc.callbacks.append(record)
    try:
        freed: list[int] = []

        def allocate() -> None:
            for _ in range(20 * gc.get_threshold()[0]):  # far past every threshold
                _cycle(freed)

        worker = threading.Thread(target=allocate)
        worker.start()
        worker.join()
        assert runs == [] and freed == []  # the worker collected nothing
        assert gc_policy.due_generation() is not None  # Python would have collected
    finally:
        gc.callbacks.remove(record)
        gc.collect()


def test_the_timer_frees_a_cycle_on_the_gui_thread(qtbot) -> None:
    collector = gc_policy.install()
    gc.collect()
    freed: list[int] = []
    worker = threading.Thread(target=lambda: [_cycle(freed) for _ in range(
        2 * gc.get_threshold()[0])])
    worker.start()
    worker.join()
    assert freed == []
    qtbot.waitUntil(lambda: bool(freed), timeout=5000)  # the 500 ms timer, on this thread
    assert set(freed) == {threading.get_ident()}
    assert collector.collections >= 1


def test_uninstall_hands_collection_back_to_python(qtbot) -> None:
    shared = gc_policy.install()
    assert not gc.isenabled() and shared.timer.isActive()
    shared.uninstall()
    assert gc.isenabled() and not shared.timer.isActive()
    own = GuiThreadCollector()
    own.install()
    own.install()  # idempotent
    assert not gc.isenabled()
    own.uninstall()
    assert gc.isenabled()
    gc_policy.install()


def test_the_main_window_installs_the_collector(make_window) -> None:
    gc_policy.shared().uninstall()
    w = make_window()
    assert w.collector is gc_policy.shared() and w.collector.installed
    assert not gc.isenabled()
