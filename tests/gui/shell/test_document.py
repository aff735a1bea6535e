"""The one editable-document mechanism: board and variant edits are the same `EditCommand`,
merged while dragging or typing, and obsolete when merged back to the start value."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from editor.gui.shell.document import BoardDocument, new_merge_session
from editor.model import edit as E
from editor.model.board import Board


def _board() -> Board:
    b = Board(name="Doc")
    E.add_field(b, 100, 100)
    E.add_field(b, 200, 100)
    return b


def test_a_board_edit_merged_back_to_its_start_leaves_no_undo_step(qtbot) -> None:
    doc = BoardDocument(_board())
    key = new_merge_session()
    doc.apply("Move field 1", E.move_fields, {"1": (150.0, 120.0)}, merge_key=key)
    assert doc.stack.count() == 1 and doc.modified
    doc.apply("Move field 1", E.move_fields, {"1": (100.0, 100.0)}, merge_key=key)
    assert doc.stack.count() == 0
    assert not doc.modified
    field = doc.board.field_by_id()["1"]
    assert (field.x, field.y) == (100.0, 100.0)


def test_a_merged_edit_that_still_changes_something_stays(qtbot) -> None:
    doc = BoardDocument(_board())
    key = new_merge_session()
    doc.apply("Move field 1", E.move_fields, {"1": (150.0, 120.0)}, merge_key=key)
    doc.apply("Move field 1", E.move_fields, {"1": (160.0, 100.0)}, merge_key=key)
    assert doc.stack.count() == 1
    doc.stack.undo()
    field = doc.board.field_by_id()["1"]
    assert (field.x, field.y) == (100.0, 100.0)


def test_dragging_a_field_away_and_back_leaves_no_undo_step(make_window, qtbot, tmp_path) -> None:
    from editor.model import save_board

    path = tmp_path / "doc.board.json"
    save_board(_board(), path)
    w = make_window(str(path))
    view = w.trace.view
    vp = view.viewport()
    w.trace.scene.clearSelection()

    def at(x: float, y: float):
        return view.mapFromScene(QPointF(x, y))

    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at(100, 100))
    for x in (110, 130, 150, 130, 110, 100):
        qtbot.mouseMove(vp, at(x, 100))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(100, 100))
    field = w.doc.board.field_by_id()["1"]
    assert (field.x, field.y) == (100.0, 100.0)
    assert w.doc.stack.count() == 0
    assert not w.doc.modified
