"""Issue 12, failure 8: two editors on one board file. The editor that has it open holds a lock
file next to it; a second one is told who holds it and opens read-only or takes over."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from support.guikit import make_scan

from editor.gui.shell.file_lock import BoardLock, lock_path
from editor.model import edit as E
from editor.model import load_board, save_board
from editor.model.board import Board, ScanImage

ROOT = Path(__file__).resolve().parents[3]


def board_file(folder: Path, name: str = "shared.board.json") -> Path:
    make_scan(folder / "scan.png")
    b = Board(name="Shared", image=ScanImage(path="scan.png", width=640, height=480))
    E.add_field(b, 100, 100)
    path = folder / name
    save_board(b, path)
    return path


def n_fields(path: Path) -> int:
    return len(load_board(path).model.fields)


def test_the_lock_file_names_who_holds_the_board(make_window, tmp_path, ui) -> None:
    path = board_file(tmp_path)
    w = make_window(str(path))
    lock = lock_path(path)
    assert lock == tmp_path / ".shared.board.json.lock"
    info = json.loads(lock.read_text(encoding="utf-8"))
    assert info["pid"] == os.getpid() and info["user"] and info["host"] and info["since"]
    # opening another board releases the first one's lock
    other = board_file(tmp_path, "other.board.json")
    assert w.files.open_path(str(other))
    assert not lock.exists() and lock_path(other).exists()
    w.close()
    assert not lock_path(other).exists()


def test_read_only_second_editor_cannot_save_over(make_window, tmp_path, ui) -> None:
    path = board_file(tmp_path)
    w1 = make_window(str(path))
    ui.choices["locked"] = "read-only"
    w2 = make_window(str(path))
    asked = [text for kind, text in ui.calls if kind == "locked"]
    assert len(asked) == 1 and f"process {os.getpid()}" in asked[0]
    assert "(read-only)" in w2.windowTitle() and "(read-only)" not in w1.windowTitle()
    assert w2.read_only_label.isVisible() and not w1.read_only_label.isVisible()
    w2.doc.apply("Add field", E.add_field, 300, 300)
    before = path.read_bytes()
    ui.save_path = None  # Save is Save as: the user cancels the file dialog
    assert not w2.files.save()
    assert ("save", "Save board as") in ui.calls
    # choosing the same file in Save as asks again (take over or cancel): cancel
    ui.save_path = str(path)
    ui.choices["locked"] = "cancel"
    assert not w2.files.save()
    assert path.read_bytes() == before
    # the first editor still saves normally
    w1.doc.apply("Add field", E.add_field, 200, 200)
    assert w1.files.save() and n_fields(path) == 2


def test_take_over_then_the_first_editor_is_asked_before_saving(make_window, tmp_path,
                                                                ui) -> None:
    path = board_file(tmp_path)
    w1 = make_window(str(path))
    ui.choices["locked"] = "take-over"
    w2 = make_window(str(path))
    assert "(read-only)" not in w2.windowTitle()
    w2.doc.apply("Add field", E.add_field, 300, 300)
    assert w2.files.save() and n_fields(path) == 2
    # w1 does not hold the file any more: it is asked, and cancelling changes nothing
    w1.doc.apply("Add field", E.add_field, 400, 400)
    w1.doc.apply("Add field", E.add_field, 410, 410)
    ui.choices["lock-lost"] = "cancel"
    assert not w1.files.save()
    assert any(kind == "lock-lost" for kind, _ in ui.calls) and n_fields(path) == 2
    # closing w1 must not remove the lock w2 holds now
    w1.close()
    assert lock_path(path).exists() and w2.files.guard.lock.owns()
    w2.close()
    assert not lock_path(path).exists()


EDITOR_A = r"""
import sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from editor.gui.shell.window import MainWindow
app = QApplication([])
w = MainWindow(sys.argv[1], settings=QSettings(sys.argv[2], QSettings.Format.IniFormat),
               recovery_dir=sys.argv[3], check_recovery=False)
print("ready", flush=True)
sys.stdin.readline()  # hold the board until killed
"""


def test_two_editor_processes_and_a_crashed_holder(make_window, tmp_path, ui) -> None:
    path = board_file(tmp_path)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    child = subprocess.Popen(
        [sys.executable, "-c", EDITOR_A, str(path), str(tmp_path / "a.ini"),
         str(tmp_path / "a-recovery")], cwd=ROOT, env=env, stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready", child.stderr.read()
        ui.choices["locked"] = "read-only"
        b = make_window(str(path))
        asked = [text for kind, text in ui.calls if kind == "locked"]
        assert asked and f"process {child.pid}" in asked[0]
        assert b.files.guard.read_only
        b.close()
    finally:
        os.kill(child.pid, signal.SIGKILL)  # editor A crashes: its lock file stays behind
        child.wait(timeout=30)
    assert BoardLock(path).holder().pid == child.pid
    ui.calls.clear()
    c = make_window(str(path))
    assert not [kind for kind, _ in ui.calls if kind == "locked"]  # stale: nobody to ask
    assert "crashed editor" in c.last_message and f"process {child.pid}" in c.last_message
    assert c.files.guard.lock.owns() and not c.files.guard.read_only
    c.doc.apply("Add field", E.add_field, 300, 300)
    assert c.files.save()


def test_stale_and_unreadable_locks(tmp_path) -> None:
    board = tmp_path / "b.board.json"
    lock = lock_path(board)
    # a holder on this host whose process is gone
    lock.write_text(json.dumps({"user": "x", "host": BoardLock(board).info.host,
                                "pid": 2**22 + 12345, "since": "then"}), encoding="utf-8")
    mine = BoardLock(board)
    result = mine.acquire()
    assert result.held and result.stale is not None and result.stale.user == "x"
    mine.release()
    # a holder on another host is never stale: it must be asked
    lock.write_text(json.dumps({"user": "y", "host": "elsewhere", "pid": 1,
                                "since": "then"}), encoding="utf-8")
    result = BoardLock(board).acquire()
    assert not result.held and result.holder.host == "elsewhere"
    # a lock file that is half written: fresh means "being created", old means a crash
    lock.write_text("{", encoding="utf-8")
    assert not BoardLock(board).acquire().held
    os.utime(lock, (1, 1))
    assert BoardLock(board).acquire().held


def test_screenshot_of_a_locked_board_neither_asks_nor_touches_the_lock(make_window, tmp_path,
                                                                        ui) -> None:
    from editor.gui.app import run_screenshot

    path = board_file(tmp_path)
    w = make_window(str(path))
    before = lock_path(path).read_bytes()
    assert run_screenshot(str(path), str(tmp_path / "shot.png"), (800, 600)) == 0
    assert not [kind for kind, _ in ui.calls if kind == "locked"]
    assert lock_path(path).read_bytes() == before and w.files.guard.lock.owns()


def test_taking_the_file_back_before_saving(make_window, tmp_path, ui) -> None:
    path = board_file(tmp_path)
    w1 = make_window(str(path))
    ui.choices["locked"] = "take-over"
    w2 = make_window(str(path))
    w1.doc.apply("Add field", E.add_field, 400, 400)
    ui.choices["lock-lost"] = "save-as"
    ui.save_path = str(tmp_path / "copy.board.json")
    assert w1.files.save()  # saved a copy; the shared file is untouched
    assert n_fields(path) == 1 and n_fields(tmp_path / "copy.board.json") == 2
    assert w1.doc.path == str((tmp_path / "copy.board.json").resolve())
    assert w1.files.guard.lock.owns() and w2.files.guard.lock.owns()  # one file each
    assert w1.files.open_path(str(path))  # w2 holds it again: "take-over" answers
    w1.doc.apply("Add field", E.add_field, 410, 410)
    assert w1.files.save() and n_fields(path) == 2
    assert w1.files.guard.lock.owns() and not w2.files.guard.lock.owns()
    # w2 lost it: "Take it back and save" writes over and holds the lock again
    w2.doc.apply("Add field", E.add_field, 420, 420)
    ui.choices["lock-lost"] = "take-over"
    assert w2.files.save() and n_fields(path) == 2  # w2's board: its 1 field + 1
    assert w2.files.guard.lock.owns() and not w1.files.guard.lock.owns()
