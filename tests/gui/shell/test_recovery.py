"""Issue 12, failure 10: autosave is debounced (a few seconds after the last edit, and at the
latest a few seconds into continuous editing), so a crash loses only the last few seconds.
`python -m editor.gui.crash_bench` measures the loss after kill -9 (see docs/editor.md)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from support.guikit import make_scan

from editor.gui.shell.recovery import AUTOSAVE_MS, MAX_DELAY_MS
from editor.model import edit as E
from editor.model import load_board, save_board
from editor.model.board import Board, ScanImage

ROOT = Path(__file__).resolve().parents[3]


def board_file(folder: Path) -> Path:
    make_scan(folder / "scans" / "scan.png")
    b = Board(name="Autosaved", image=ScanImage(path="../scans/scan.png", width=640, height=480))
    E.add_field(b, 100, 100)
    path = folder / "boards" / "autosaved.board.json"
    path.parent.mkdir()
    save_board(b, path)
    return path


def recovered_fields(folder: Path) -> int:
    files = list(folder.glob("*.board.json"))
    return len(load_board(files[0]).model.fields) if files else 0


def test_defaults_lose_at_most_a_few_seconds() -> None:
    assert AUTOSAVE_MS <= 3000 and MAX_DELAY_MS <= 10_000


def test_autosave_follows_a_pause_in_editing(make_window, tmp_path, ui, qtbot) -> None:
    w = make_window(str(board_file(tmp_path)), autosave_ms=100, max_delay_ms=600_000)
    w.doc.apply("Add field", E.add_field, 300, 300)
    qtbot.waitUntil(lambda: recovered_fields(tmp_path / "recovery") == 2, timeout=5000)
    w.doc.apply("Add field", E.add_field, 350, 300)
    qtbot.waitUntil(lambda: recovered_fields(tmp_path / "recovery") == 3, timeout=5000)
    # the recovery file names the scan as the board does: relative to the board file
    rec = load_board(next((tmp_path / "recovery").glob("*.board.json"))).model
    assert rec.image.path == "../scans/scan.png"


def test_continuous_editing_still_autosaves(make_window, tmp_path, ui, qtbot) -> None:
    """Edits never pause long enough for the debounce; the maximum delay saves anyway."""
    w = make_window(str(board_file(tmp_path)), autosave_ms=600_000, max_delay_ms=200)
    recovery = tmp_path / "recovery"
    seen = []
    for i in range(40):
        w.doc.apply("Add field", E.add_field, 200 + 10 * i, 300)
        qtbot.wait(30)
        seen.append(recovered_fields(recovery))
        if seen[-1] > 1 and i > 20:
            break
    assert max(seen) > 1, "nothing autosaved while editing went on"


CHILD = r"""
import sys, time
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from editor.gui.shell.window import MainWindow
from editor.model import edit as E
app = QApplication([])
w = MainWindow(sys.argv[1], settings=QSettings(sys.argv[3], QSettings.Format.IniFormat),
               recovery_dir=sys.argv[2], check_recovery=False)
for i in range(5):
    w.doc.apply("Add field", E.add_field, 300 + 20 * i, 200)
print("edited", flush=True)
app.exec()  # runs until killed; autosaves on its own
"""


def test_kill_9_after_a_pause_loses_nothing(make_window, tmp_path, ui, qtbot) -> None:
    """A real editor process makes 5 edits and pauses; killed with SIGKILL once its default
    debounce has passed (a fixed 60 s autosave would have saved nothing), the restore brings
    all 5 back."""
    path = board_file(tmp_path)
    child_recovery = tmp_path / "child-recovery"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), str(child_recovery),
                              str(tmp_path / "child.ini")], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "edited", child.stderr.read()
        qtbot.waitUntil(lambda: recovered_fields(child_recovery) == 6,
                        timeout=AUTOSAVE_MS + 15_000)
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    ui.yes = True
    w = make_window(check_recovery=True, recovery_dir=child_recovery)
    assert len(w.doc.board.fields) == 6 and w.isWindowModified()
    assert w.doc.path == str(path.resolve())
    assert w.trace.scene.scan_missing is None  # the relative scan is found from the board
    assert "crashed editor" in w.last_message or w.files.guard.lock.owns()


EXIT_WITH_AN_OPEN_WINDOW = """
import os, sys, tempfile
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from editor.gui.shell.window import MainWindow
from editor.model import edit as ops
tmp = tempfile.mkdtemp()
w = MainWindow(settings=QSettings(os.path.join(tmp, "s.ini"), QSettings.Format.IniFormat),
               recovery_dir=os.path.join(tmp, "rec"), check_recovery=False)
w.show()
w.files.open_path(sys.argv[1])
app.processEvents()
f = w.doc.board.fields[5]
w.doc.apply("Move field", ops.move_fields, {f.id: (f.x + 5, f.y)})
app.processEvents()
print("edited")
"""


def test_a_script_ending_with_a_modified_window_open_exits_quietly(tmp_path: Path) -> None:
    """The undo stack's destructor emits indexChanged once more at interpreter exit; the
    autosave must not touch the stack's deleted C++ side then (a traceback on stderr)."""
    board = Path(__file__).resolve().parents[3] / "boards" / "conquest-4p.board.json"
    script = tmp_path / "exit_open.py"
    script.write_text(EXIT_WITH_AN_OPEN_WINDOW, encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "CONQUEST_SETTINGS_DIR": str(tmp_path / "settings")}
    done = subprocess.run([sys.executable, str(script), str(board)], capture_output=True,
                          text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0 and "edited" in done.stdout, done.stderr
    assert "Traceback" not in done.stderr and "already deleted" not in done.stderr
