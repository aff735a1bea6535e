"""`kill -9` of `conquest balance --workers 2` leaves no process behind (issue 26): the
workers watch their parent and end with it, and the multiprocessing resource tracker, which
they kept alive through its inherited pipe, ends with them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(),
                                reason="reads the process tree from /proc (Linux)")


def _descendants(pid: int) -> set[int]:
    """Every process below `pid` (children lists of /proc, all threads)."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        here = todo.pop()
        for children in Path(f"/proc/{here}/task").glob("*/children"):
            try:
                kids = {int(k) for k in children.read_text().split()}
            except OSError:
                continue
            todo.extend(kids - found)
            found |= kids
    return found


def _alive(pid: int) -> bool:
    """Running (a zombie waiting for a reaper does not count: it holds no memory or pipes)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.mark.parametrize("entry", ["module", "script"])
def test_workers_and_resource_tracker_end_when_the_balance_parent_is_killed(tmp_path: Path,
                                                                             entry: str) -> None:
    """Killed as soon as its processes exist (workers still starting) and run either as
    `python -m editor.cli.main` or through a script like the `conquest` console script."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    script = tmp_path / "conquest"
    script.write_text("import sys\nfrom editor.cli.main import main\n"
                      "if __name__ == '__main__':\n    sys.exit(main())\n")
    command = ["-m", "editor.cli.main"] if entry == "module" else [str(script)]
    proc = subprocess.Popen(
        [sys.executable, *command, "balance", "--variant", "conquest-2p",
         "--games", "5000", "--workers", "2", "--no-progress", "-o", str(tmp_path / "out")],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline, below = time.monotonic() + 120, set()
        while time.monotonic() < deadline and len(below) < 3 and proc.poll() is None:
            time.sleep(0.2)  # wait for both workers and the resource tracker
            below = _descendants(proc.pid)
        assert len(below) >= 3, f"the run started {len(below)} processes: {below}"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(_alive(p) for p in below):
            time.sleep(0.1)
        assert not [p for p in below if _alive(p)], "processes of the killed run still alive"
    finally:
        for pid in _descendants(proc.pid) | {proc.pid}:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
