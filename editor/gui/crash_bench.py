"""How much work a crash loses: `python -m editor.gui.crash_bench [--trials N]`.

Starts a real editor process (offscreen) on a board, makes edits at a human pace (bursts of
quick edits, pauses of up to a few seconds; each edit adds one field and is logged with its
time), kills it with SIGKILL at a random moment, then restores the recovery file in a fresh
window as a user would after the crash, and counts the edits and the seconds of work lost (from
the first edit missing in the restored board to the kill). Prints each trial and the worst case.

`--code DIR` runs the editor from another checkout (e.g. the previous version, to compare).
POSIX only (SIGKILL).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import os, random, sys, time
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
from editor.gui.shell.window import MainWindow
from editor.model import edit as E
board, recovery, settings, log, seed = sys.argv[1:6]
app = QApplication([])
w = MainWindow(board, settings=QSettings(settings, QSettings.Format.IniFormat),
               recovery_dir=recovery, check_recovery=False)
rng = random.Random(int(seed))
fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
count = 0

def edit():
    global count
    count += 1
    w.doc.apply("Add field", E.add_field, 20 + (count % 50) * 12, 20 + (count // 50) * 12)
    os.write(fd, f"{count} {time.time():.3f}\n".encode())
    pause = rng.uniform(0.5, 4.0) if rng.random() < 0.1 else rng.uniform(0.05, 0.3)
    QTimer.singleShot(int(pause * 1000), edit)

print("ready", flush=True)
os.write(fd, f"0 {time.time():.3f}\n".encode())
QTimer.singleShot(50, edit)
app.exec()
"""


def _board(folder: Path) -> Path:
    from editor.model import save_board
    from editor.model.board import Board

    path = folder / "crash.board.json"
    save_board(Board(name="Crash"), path)
    return path


def _restored_edits(folder: Path) -> int:
    """Restore after the crash as the editor does at start; the number of edits recovered."""
    from PySide6.QtCore import QSettings

    from editor.gui.shell import dialogs
    from editor.gui.shell.window import MainWindow

    saved = dialogs.ask_yes_no, dialogs.ask_choice
    dialogs.ask_yes_no = lambda *_a: True
    dialogs.ask_choice = lambda *_a, **_k: "take-over"
    try:
        w = MainWindow(settings=QSettings(str(folder / "parent.ini"), QSettings.Format.IniFormat),
                       recovery_dir=folder / "recovery", check_recovery=True)
        n = len(w.doc.board.fields) if w.doc.path else 0
        w.recovery.stop()
        w.files.guard.release()
        w.doc.stack.setClean()
        w.doc.restored = False
        w.close()
        w.deleteLater()
    finally:
        dialogs.ask_yes_no, dialogs.ask_choice = saved
    return n


def trial(seed: int, kill_after: float, code: str | None) -> tuple[int, float, int]:
    """One crash: (edits made, seconds of work lost, edits lost)."""
    with tempfile.TemporaryDirectory(prefix="crash-bench-") as tmp:
        folder = Path(tmp)
        board, log = _board(folder), folder / "edits.log"
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
        if code:
            env["PYTHONPATH"] = code + os.pathsep + env.get("PYTHONPATH", "")
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(board), str(folder / "recovery"),
             str(folder / "child.ini"), str(log), str(seed)],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            cwd=code or None)
        child.stdout.readline()  # ready
        time.sleep(kill_after)
        os.kill(child.pid, signal.SIGKILL)
        killed = time.time()
        child.wait()
        times = {int(k): float(t) for k, t in
                 (line.split() for line in log.read_text().splitlines() if line.strip())}
        made = max(times)
        recovered = _restored_edits(folder)
        lost = killed - times[recovered + 1] if made > recovered else 0.0
        return made, lost, made - recovered


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--min", type=float, default=1.0, help="earliest kill, seconds")
    parser.add_argument("--max", type=float, default=15.0, help="latest kill, seconds")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--code", help="run the editor from this checkout")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    _app = QApplication.instance() or QApplication([])
    rng = random.Random(args.seed)
    worst_time, worst_edits = 0.0, 0
    for i in range(args.trials):
        kill_after = rng.uniform(args.min, args.max)
        made, lost_s, lost_n = trial(rng.randrange(1 << 30), kill_after, args.code)
        worst_time, worst_edits = max(worst_time, lost_s), max(worst_edits, lost_n)
        print(f"trial {i + 1}: killed after {kill_after:5.1f} s, {made:3d} edits made, "
              f"{lost_n:3d} lost, {lost_s:5.2f} s of work lost", flush=True)
    print(f"worst: {worst_time:.2f} s of work ({worst_edits} edits) lost after kill -9 "
          f"in {args.trials} trials")
    return 0


if __name__ == "__main__":
    sys.exit(main())
