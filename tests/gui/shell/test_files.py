"""Files: open errors, failing saves, crash recovery, the close prompt, recent files."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from support.guikit import make_scan

from editor.gui.shell import files as files_module
from editor.model import dump_board, load_board, save_board
from editor.model import edit as E
from editor.model.board import Board, ScanImage


def small_board_file(folder, name="small.board.json", scan=True):
    if scan:
        make_scan(folder / "scan.png")
    b = Board(name="Small", image=ScanImage(path="scan.png", width=640, height=480))
    E.add_field(b, 100, 100)
    E.add_field(b, 200, 100)
    E.add_connection(b, "1", "2")
    path = folder / name
    save_board(b, path)
    return path


def test_open_unreadable_and_invalid_files_show_a_dialog(make_window, tmp_path, ui) -> None:
    w = make_window()
    assert not w.files.open_path(str(tmp_path / "missing.board.json"))
    bad = tmp_path / "bad.board.json"
    bad.write_text('{"format": "conquest-board/1", "name": "x", "fields": [', encoding="utf-8")
    assert not w.files.open_path(str(bad))
    wrong = tmp_path / "wrong.board.json"
    wrong.write_text('{"format": "conquest-board/1", "name": "x", "fieldz": []}',
                     encoding="utf-8")
    assert not w.files.open_path(str(wrong))
    errors = ui.errors()
    assert len(errors) == 3
    assert "cannot read file" in errors[0]
    assert "invalid JSON" in errors[1] and "Traceback" not in errors[1]
    assert "unknown key 'fieldz'" in errors[2]
    assert w.doc.path is None


def test_open_failure_dialog_lists_every_finding_with_line_and_column(make_window, tmp_path,
                                                                      ui) -> None:
    """Two structural errors: the dialog's text names both with line and column, its details
    hold the full PATH:LINE:COL: SEVERITY CODE message [pointer] lines."""
    broken = tmp_path / "broken.board.json"
    broken.write_text(
        '{\n  "format": "conquest-board/1",\n  "name": "broken",\n'
        '  "seats": [{"id": "s", "name": "S", "colour": "notacolour"}],\n'
        '  "fields": [\n    {"id": "a", "terrain": "lava", "x": 10, "y": 10}\n  ]\n}\n',
        encoding="utf-8")
    w = make_window()
    assert not w.files.open_path(str(broken))
    (error,) = ui.errors()  # "TITLE: TEXT\nDETAILS"
    text = files_module.open_failure_text(str(broken), load_board(broken).findings)
    assert error.startswith(f"Cannot open board: {text}\n")
    assert "(2 problems)" in text
    assert "line 4, column 38: 'colour'" in text and "line 6, column 17: 'terrain'" in text
    assert f"{broken}:4:38: error SCHEMA " in error and "[/seats/0/colour]" in error
    assert f"{broken}:6:17: error SCHEMA " in error and "[/fields/0/terrain]" in error
    assert w.doc.path is None and w.doc.board.name == "Untitled board"


def test_missing_scan_is_reported_and_the_board_still_opens(make_window, tmp_path, ui) -> None:
    path = small_board_file(tmp_path, scan=False)
    w = make_window(str(path))
    assert w.doc.path == str(path.resolve())
    assert [k for k, _ in ui.calls] == ["warning"]
    assert "Scan image missing" in ui.calls[0][1]
    w.validation.refresh()
    assert w.validation.findings[0].code == "SCAN_MISSING"


def _edit_and_fail_save(w, monkeypatch=None):
    w.doc.apply("Add field", E.add_field, 300, 300)
    assert w.doc.modified
    return w.files.save()


def test_failing_save_keeps_old_file_and_tells_the_user(make_window, tmp_path, ui,
                                                        monkeypatch) -> None:
    path = small_board_file(tmp_path)
    before = path.read_bytes()
    w = make_window(str(path))

    def disk_full(board, target, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files_module, "save_board", disk_full)
    assert not _edit_and_fail_save(w)
    assert path.read_bytes() == before
    assert w.doc.modified and w.isWindowModified()
    assert len(ui.errors()) == 1 and "No space left on device" in ui.errors()[0]
    assert "was not changed" in ui.errors()[0]
    assert w.doc.board.image.path == "scan.png"
    monkeypatch.undo()
    # the real writer works again afterwards: nothing was lost
    assert w.files.save()
    assert len(load_board(path).model.fields) == 3


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_save_into_read_only_folder(make_window, tmp_path, ui) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    path = small_board_file(folder)
    before = path.read_bytes()
    w = make_window(str(path))
    os.chmod(folder, 0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running as a user that can write into read-only folders (root)")
        assert not _edit_and_fail_save(w)
    finally:
        os.chmod(folder, 0o700)
    assert path.read_bytes() == before
    assert w.doc.modified
    assert "Save failed" in ui.errors()[0]


def test_crash_recovery_restores_edits_up_to_the_last_autosave(make_window, drive, tmp_path,
                                                               ui, qtbot) -> None:
    path = small_board_file(tmp_path)
    w1 = make_window(str(path), autosave_ms=50)
    d = drive(w1)
    d.one_to_one()
    d.key(Qt.Key.Key_L)
    d.click(300, 200)
    d.click(400, 200)
    d.key(Qt.Key.Key_C)
    d.click(300, 200)
    d.click(400, 200)
    recovery = tmp_path / "recovery"
    qtbot.waitUntil(lambda: any(recovery.glob("*.board.json")), timeout=5000)
    # the timer may fire between the clicks: wait for the autosave of the last edit
    qtbot.waitUntil(lambda: w1.recovery.autosaved_index == w1.doc.stack.index(), timeout=5000)
    w1.recovery.enabled = False  # no autosave from here on: the crash comes first
    w1.recovery.timer.stop()
    autosaved = dump_board(w1.doc.board)
    # an edit after the last autosave is lost in the crash
    w1.doc.apply("Add field", E.add_field, 500, 400)
    # crash: the window goes away without saving and without closing, and its process dies
    # (which is what frees the lock on its recovery file)
    w1.hide()
    w1.recovery.lock.unlock()
    w1.files.guard.release()  # the board file's lock goes with the process too
    assert path.read_bytes() != autosaved.encode()

    ui.yes = True
    w2 = make_window(check_recovery=True)
    assert any("Restore unsaved work" in text for kind, text in ui.calls if kind == "question")
    assert dump_board(w2.doc.board) == autosaved
    assert w2.doc.path == str(path.resolve())
    assert w2.isWindowModified()
    assert w2.trace.scene.scan_missing is None  # the scan is found again next to the board
    assert w2.files.save()
    assert path.read_text(encoding="utf-8") == autosaved
    assert not any(recovery.glob("*.board.json"))


def test_declining_recovery_discards_it(make_window, tmp_path, ui) -> None:
    w1 = make_window()
    w1.doc.apply("Add field", E.add_field, 10, 10)
    assert w1.recovery.autosave()
    w1.hide()
    w1.recovery.lock.unlock()
    ui.yes = False
    w2 = make_window(check_recovery=True)
    assert w2.doc.board.fields == []
    assert not any((tmp_path / "recovery").glob("*"))


def test_close_prompt(make_window, tmp_path, ui) -> None:
    path = small_board_file(tmp_path)
    w = make_window(str(path))
    w.doc.apply("Add field", E.add_field, 300, 300)
    ui.save_answer = "cancel"
    assert not w.close()
    assert w.isVisible()
    ui.save_answer = "save"
    assert w.close()
    assert len(load_board(path).model.fields) == 3
    assert path.with_name(path.name + ".bak").exists()


def test_recent_files_and_new_from_scan_then_save_as(make_window, tmp_path, ui) -> None:
    path = small_board_file(tmp_path)
    w = make_window(str(path))
    assert w.files.recent_files() == [str(path.resolve())]
    scan = make_scan(tmp_path / "scans" / "other.png")
    ui.open_path = str(scan)
    assert w.files.new_from_scan()
    assert w.doc.path is None and w.windowTitle().startswith("Untitled")
    w.doc.apply("Add field", E.add_field, 5, 5)
    ui.save_path = str(tmp_path / "boards" / "other")
    (tmp_path / "boards").mkdir()
    assert w.files.save()
    saved = load_board(tmp_path / "boards" / "other.board.json").model
    assert saved.image.path == "../scans/other.png"
    assert w.files.recent_files()[0].endswith("other.board.json")
    assert w.trace.scene.scan_missing is None


def test_untitled_board_over_a_scan_is_recovered_with_its_scan(make_window, tmp_path,
                                                               ui) -> None:
    scan = make_scan(tmp_path / "scan.png")
    w1 = make_window()
    assert w1.files.new_from_scan(str(scan))
    w1.doc.apply("Add field", E.add_field, 50, 60)
    assert w1.recovery.autosave()
    assert not w1.recovery.autosave()  # nothing new since the last autosave
    w1.hide()
    w1.recovery.lock.unlock()
    w2 = make_window(check_recovery=True)
    assert w2.doc.path is None and w2.isWindowModified()
    assert [(f.x, f.y) for f in w2.doc.board.fields] == [(50, 60)]
    assert w2.trace.scene.scan_missing is None
    assert Path(w2.doc.scan_path()) == scan.resolve()


def test_new_from_unreadable_image_is_refused(make_window, tmp_path, ui) -> None:
    junk = tmp_path / "junk.png"
    junk.write_bytes(b"not an image")
    w = make_window()
    assert not w.files.new_from_scan(str(junk))
    assert "Cannot read image" in ui.errors()[0]


def test_a_running_editor_keeps_its_recovery_file(make_window, tmp_path, ui) -> None:
    """A second editor started while the first is running neither offers nor deletes the
    first one's autosave; both can autosave the same board without clashing."""
    path = small_board_file(tmp_path)
    w1 = make_window(str(path))
    w1.doc.apply("Add field", E.add_field, 10, 10)
    assert w1.recovery.autosave()
    ui.yes = False
    w2 = make_window(str(path), check_recovery=True)
    assert not [c for c in ui.calls if c[0] == "question"]
    assert w1.recovery.files()[0].exists()
    w2.doc.apply("Add field", E.add_field, 20, 20)
    assert w2.recovery.autosave()
    assert w2.recovery.key != w1.recovery.key
    assert w1.recovery.files()[0].exists() and w2.recovery.files()[0].exists()


CRASHING_EDITOR = r"""
import os, sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from editor.gui.shell.window import MainWindow
from editor.model import edit as E
app = QApplication([])
w = MainWindow(sys.argv[1], settings=QSettings(sys.argv[3], QSettings.Format.IniFormat),
               recovery_dir=sys.argv[2], check_recovery=False)
w.show()
w.doc.apply("Add field", E.add_field, 321, 123)
assert w.recovery.autosave()
w.doc.apply("Add field", E.add_field, 400, 400)  # after the last autosave: lost
os._exit(3)  # crash: no cleanup, the lock's process is gone
"""


def test_recovery_after_a_real_process_crash(make_window, tmp_path, ui) -> None:
    import subprocess

    path = small_board_file(tmp_path)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-c", CRASHING_EDITOR, str(path), str(tmp_path / "recovery"),
         str(tmp_path / "child.ini")], env=env, capture_output=True, text=True, timeout=120,
        cwd=Path(__file__).resolve().parents[3])
    assert result.returncode == 3, result.stderr
    ui.yes = True
    w = make_window(check_recovery=True)
    assert [(f.x, f.y) for f in w.doc.board.fields][-1] == (321, 123)
    assert len(w.doc.board.fields) == 3
    assert w.doc.path == str(path.resolve()) and w.isWindowModified()
