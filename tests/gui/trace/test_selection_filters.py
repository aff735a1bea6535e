"""Selections (issue 11, point 8): a mixed selection is counted ("4 fields, 3 connections"),
narrowed by a filter (only fields, only connections of one kind) and edited in bulk."""

from __future__ import annotations

from PySide6.QtCore import Qt
from support.guikit import make_scan

from editor.model import dump_board
from editor.model import edit as E
from editor.model.board import Board, ScanImage


def _board(tmp_path) -> str:
    make_scan(tmp_path / "scan.png")
    b = Board(name="Sel", image=ScanImage(path="scan.png", width=640, height=480))
    for x in (100, 200, 300, 400):
        E.add_field(b, x, 200)
    E.add_connection(b, "1", "2", "road")
    E.add_connection(b, "2", "3", "bridge")
    E.add_connection(b, "3", "4", "road")
    path = tmp_path / "sel.board.json"
    path.write_text(dump_board(b))
    return str(path)


def test_mixed_selection_is_counted_filtered_and_edited_in_bulk(make_window, drive, qtbot,
                                                                tmp_path) -> None:
    w = make_window(_board(tmp_path))
    d = drive(w)
    d.one_to_one()
    d.drag(50, 150, 450, 250)  # a rubber band over everything
    inspector = w.trace.inspector
    assert inspector.selection_summary.text() == "4 fields, 3 connections"
    assert inspector.selection_bar.isVisible()
    combo = inspector.selection_filter
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert texts == ["Only 4 fields", "Only 3 connections", "Only 1 bridge", "Only 2 roads"]
    index = texts.index("Only 2 roads")
    combo.setCurrentIndex(index)
    combo.activated.emit(index)
    assert w.trace.scene.selected_keys() == [("connection", "c1"), ("connection", "c3")]
    assert inspector.selection_summary.text() == "2 connections"
    page = inspector.pages["connection"]
    assert inspector.stack.currentWidget() is page
    qtbot.mouseClick(page.barred.boxes["elephant"], Qt.MouseButton.LeftButton)
    barred = {c.id: [p.value for p in c.barred] for c in w.doc.board.connections}
    assert barred == {"c1": ["elephant"], "c2": [], "c3": ["elephant"]}
    # only fields: the field page edits the four at once
    d.drag(50, 150, 450, 250)
    index = [combo.itemText(i) for i in range(combo.count())].index("Only 4 fields")
    combo.setCurrentIndex(index)
    combo.activated.emit(index)
    assert [k for k, _ in w.trace.scene.selected_keys()] == ["field"] * 4
    assert inspector.stack.currentWidget() is inspector.pages["field"]
