"""Balance workers end when the process that started them dies, however it dies (issue 26:
after `kill -9` of `conquest balance` its workers, and through their inherited pipe the
multiprocessing resource tracker, ran on for minutes holding the caller's output open).

A dead parent re-parents its children, so a worker's parent id changes: a daemon thread polls
it. The thread starts as early as a worker runs code of ours: when the spawned worker imports
the parent's main module (`watch_parent_if_spawned`, called first thing by `editor.cli.main`),
with the parent's pid from the environment (`mark_pool_parent`), so a parent killed while
the worker was starting is noticed too, and again in the pool's initializer (`start_watch`).
Imports nothing heavy.
"""

from __future__ import annotations

import os
import sys
import threading
import time

#: How often a worker looks whether its parent still lives (seconds).
PARENT_POLL_S = 0.5
#: Environment variable naming the pid of the process that spawns the pool.
PARENT_ENV = "CONQUEST_POOL_PARENT"
_started: set[int] = set()


def _exit_with_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_S)
    os._exit(1)


def start_watch(parent: int) -> None:
    """End this process (exit 1, no clean-up: its parent is gone) once `parent` is no longer
    its parent; at once when that is already so."""
    if parent in _started:
        return
    _started.add(parent)
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True,
                     name="exit-with-parent").start()


def mark_pool_parent() -> None:
    """Tell the workers this process is about to spawn which pid their parent has (through
    the environment they inherit): one killed before they run any code is then noticed."""
    os.environ[PARENT_ENV] = str(os.getpid())


def _preparing_spawned_worker(module_name: str) -> bool:
    """Whether this import is a spawned multiprocessing worker running the parent's main
    module: as `__mp_main__` itself (`python -m editor.cli.main`), or from a script run as
    `__mp_main__` (the `conquest` console script), which the worker keeps apart from its own
    `__main__` (in the parent the two names are one module)."""
    if module_name == "__mp_main__":
        return True
    prepared = sys.modules.get("__mp_main__")
    return prepared is not None and prepared is not sys.modules.get("__main__")


def watch_parent_if_spawned(module_name: str) -> None:
    """In a spawned worker, watch the parent from now on (before the worker's slow imports)."""
    if not _preparing_spawned_worker(module_name):
        return
    marked = os.environ.get(PARENT_ENV, "")
    start_watch(int(marked) if marked.isdigit() else os.getppid())
