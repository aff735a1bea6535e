"""Small things (issue 11, point 10): history entries name the element, fields stay on the
scan, Save As starts next to the scan, File > Replace scan relinks a moved scan, and a scan
outside the board's folder is allowed but shown."""

from __future__ import annotations

import shutil

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from support.guikit import make_scan

from editor.gui.shell import dialogs
from editor.model import dump_board
from editor.model import edit as E
from editor.model.board import Board, ScanImage


def _save(tmp_path, folder, scan_ref: str = "scan.png") -> str:
    b = Board(name="Small", image=ScanImage(path=scan_ref, width=640, height=480))
    E.add_field(b, 100, 100)
    E.add_field(b, 200, 100)
    E.add_connection(b, "1", "2", "bridge")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "small.board.json"
    path.write_text(dump_board(b))
    return str(path)


def _history(w) -> list[str]:
    return [w.doc.stack.text(i) for i in range(w.doc.stack.count())]


def test_history_names_the_element(make_window, drive, qtbot, tmp_path) -> None:
    make_scan(tmp_path / "scan.png")
    w = make_window(_save(tmp_path, tmp_path))
    d = drive(w)
    d.one_to_one()
    d.key(Qt.Key.Key_L)
    d.click(300, 100)
    d.key(Qt.Key.Key_C)
    d.click(200, 100)
    d.click(300, 100)
    d.key(Qt.Key.Key_Escape)
    d.key(Qt.Key.Key_S)
    d.click(150, 100)
    page = w.trace.inspector.pages["connection"]
    qtbot.mouseClick(page.barred.boxes["elephant"], Qt.MouseButton.LeftButton)
    d.click(300, 100)
    field_page = w.trace.inspector.pages["field"]
    assert not field_page.harbour.isEnabled()  # derived from harbour links (BF-2, BF-3)
    qtbot.mouseClick(field_page.central, Qt.MouseButton.LeftButton)
    assert _history(w) == ["Add land field 3", "Add road c2 (2 - 3)",
                           "Bar elephant on bridge c1", "Central island: land field 3"]


def test_a_field_cannot_be_placed_outside_the_scan(make_window, drive, tmp_path) -> None:
    make_scan(tmp_path / "scan.png")
    w = make_window(_save(tmp_path, tmp_path))
    d = drive(w)
    d.one_to_one()
    d.key(Qt.Key.Key_L)
    messages = []
    w.doc.error.connect(messages.append)
    d.click(630, 470)  # on the scan
    w.trace.view.centerOn(640, 480)
    d.click(645, 485)  # in the margin around it
    assert [(f.x, f.y) for f in w.doc.board.fields][2:] == [(630, 470)]
    assert "outside" in messages[-1]


def test_save_as_starts_next_to_the_scan(make_window, monkeypatch, tmp_path) -> None:
    scan = make_scan(tmp_path / "scans" / "west-coast.png")
    w = make_window()
    assert w.files.new_from_scan(str(scan))
    asked = []
    monkeypatch.setattr(dialogs, "get_save_path", lambda *a: asked.append(a[3]))
    w.files.save_as()
    assert asked == [str(tmp_path / "scans" / "west-coast.board.json")]


def test_replace_scan_relinks_a_moved_scan(make_window, ui, tmp_path) -> None:
    make_scan(tmp_path / "scan.png")
    board = _save(tmp_path, tmp_path)
    (tmp_path / "moved").mkdir()
    shutil.move(tmp_path / "scan.png", tmp_path / "moved" / "scan.png")
    w = make_window(board)
    assert w.doc.missing_scan() is not None
    ui.open_path = str(tmp_path / "moved" / "scan.png")
    action = next(a for a in w.findChildren(QAction) if a.text() == "&Replace scan…")
    action.trigger()
    assert w.doc.missing_scan() is None
    assert w.doc.board.image.path == "moved/scan.png"
    assert w.trace.scene.scan_missing is None
    assert w.doc.stack.text(w.doc.stack.count() - 1) == "Replace scan"
    w.doc.stack.undo()
    assert w.doc.board.image.path == "scan.png"


def test_a_scan_outside_the_board_folder_is_allowed_and_shown(make_window, tmp_path) -> None:
    make_scan(tmp_path / "scans" / "scan.png")
    w = make_window(_save(tmp_path, tmp_path / "boards", "../scans/scan.png"))
    assert w.doc.missing_scan() is None
    label = w.trace.scan_label
    assert label.isVisibleTo(w) and "outside" in label.text()
    inside = make_window(_save(tmp_path, tmp_path / "scans"))
    assert not inside.trace.scan_label.isVisibleTo(inside)


def test_the_zoom_label_follows_a_transform_set_by_code(make_window, tmp_path) -> None:
    from support.boardkit import small_board, write_board

    path = write_board(tmp_path / "z.board.json", small_board())
    w = make_window(str(path))
    view, label = w.trace.view, w.trace.zoom_label
    view.resetTransform()
    assert label.text().strip() == "100%"
    view.scale(0.5, 0.5)
    assert label.text().strip() == "50%"
    from PySide6.QtGui import QTransform

    view.setTransform(QTransform.fromScale(2, 2))
    assert label.text().strip() == "200%"
