"""Issue 12, failure 9: a board changed on disk while open is no longer silently overwritten.
The editor watches its file, offers reload or keep, and asks before saving over a change."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QApplication
from support.guikit import make_scan

from editor.gui.shell.file_watch import FileStamp
from editor.model import edit as E
from editor.model import load_board, save_board
from editor.model.board import Board, ScanImage


def board_file(folder: Path, fields: int = 1) -> Path:
    make_scan(folder / "scan.png")
    b = Board(name="Watched", image=ScanImage(path="scan.png", width=640, height=480))
    for i in range(fields):
        E.add_field(b, 100 + 50 * i, 100)
    path = folder / "watched.board.json"
    save_board(b, path)
    return path


def change_outside(path: Path, fields: int, by_rename: bool = False) -> None:
    """Another program writes the board with `fields` fields (in place or by renaming)."""
    b = Board(name="Changed elsewhere", image=ScanImage(path="scan.png", width=640, height=480))
    for i in range(fields):
        E.add_field(b, 100 + 40 * i, 300)
    target = path.with_name("tmp-other.json") if by_rename else path
    save_board(b, target)
    if by_rename:
        os.replace(target, path)


def asked(ui, kind: str) -> int:
    return sum(1 for k, _ in ui.calls if k == kind)


def test_change_on_disk_offers_reload(make_window, tmp_path, ui, qtbot) -> None:
    path = board_file(tmp_path)
    w = make_window(str(path))
    ui.choices["changed-on-disk"] = "reload"
    change_outside(path, 3)
    qtbot.waitUntil(lambda: asked(ui, "changed-on-disk") == 1, timeout=5000)
    assert len(w.doc.board.fields) == 3 and w.doc.board.name == "Changed elsewhere"
    assert not w.isWindowModified()
    # an editor that saves by writing a new file and renaming it: still seen (path re-added)
    change_outside(path, 4, by_rename=True)
    qtbot.waitUntil(lambda: asked(ui, "changed-on-disk") == 2, timeout=5000)
    assert len(w.doc.board.fields) == 4
    change_outside(path, 5, by_rename=True)
    qtbot.waitUntil(lambda: asked(ui, "changed-on-disk") == 3, timeout=5000)
    assert len(w.doc.board.fields) == 5


def test_keep_then_save_asks_before_overwriting(make_window, tmp_path, ui, qtbot) -> None:
    path = board_file(tmp_path)
    w = make_window(str(path))
    w.doc.apply("Add field", E.add_field, 300, 300)
    ui.choices["changed-on-disk"] = "keep"
    change_outside(path, 3)
    qtbot.waitUntil(lambda: asked(ui, "changed-on-disk") == 1, timeout=5000)
    assert len(w.doc.board.fields) == 2 and w.isWindowModified()  # our version kept
    outside = path.read_bytes()
    ui.choices["overwrite-changed"] = "cancel"
    assert not w.files.save()
    assert path.read_bytes() == outside
    ui.choices["overwrite-changed"] = "ok"
    assert w.files.save()
    assert len(load_board(path).model.fields) == 2
    assert asked(ui, "overwrite-changed") == 2


def test_a_change_while_no_watch_signal_came_is_still_caught_on_save(make_window, tmp_path,
                                                                     ui) -> None:
    """The check before saving compares the file with what was read (hash), independent of
    the watcher's signals (e.g. a network folder that sends none)."""
    path = board_file(tmp_path)
    w = make_window(str(path))
    w.files.guard.watch.watcher.blockSignals(True)
    change_outside(path, 3)
    w.doc.apply("Add field", E.add_field, 300, 300)
    ui.choices["overwrite-changed"] = "cancel"
    assert not w.files.save()
    assert len(load_board(path).model.fields) == 3


def test_own_saves_and_touches_ask_nothing(make_window, tmp_path, ui, qtbot) -> None:
    path = board_file(tmp_path)
    w = make_window(str(path))
    for x in (300, 350, 400):
        w.doc.apply("Add field", E.add_field, x, 300)
        assert w.files.save()
    os.utime(path)  # same bytes, new time: no change
    qtbot.wait(600)
    QApplication.processEvents()
    assert not [k for k, _ in ui.calls if k in ("changed-on-disk", "overwrite-changed")]
    assert FileStamp.of(path).same_content(w.files.guard.watch.stamp)
