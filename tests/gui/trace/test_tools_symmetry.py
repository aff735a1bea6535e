"""The symmetry tool (Y): a traced half of a board copied through a half turn (a mirror through
the centre) becomes the whole board, previewed before the click, as one undoable edit that
validates with no error; a line mirror copies across the axis of two clicks."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from editor.check.board_checks import check_board
from editor.model import edit as ops
from editor.model import load_board, save_board
from editor.resources import data_dir

CENTRE = (2300.0, 1840.0)   # conquest-2p is symmetric under a half turn about its centre


def _traced_half(tmp_path):
    board = load_board(data_dir("boards") / "conquest-2p.board.json").model
    cx, cy = CENTRE
    south = [("field", f.id) for f in board.fields if f.y > cy or (f.y == cy and f.x > cx)]
    ops.delete(board, south)
    board.castles = [c for c in board.castles if c.seat == "north"]   # south not traced yet
    board.image = None
    path = tmp_path / "half.board.json"
    save_board(board, path)
    return path, board


def _at(w, x: float, y: float):
    view = w.trace.view
    view.auto_fit = False
    view.resetTransform()
    view.centerOn(x, y)
    QApplication.processEvents()
    return view.mapFromScene(QPointF(x, y))


def test_half_turn_of_a_traced_half_makes_a_whole_that_validates(make_window, qtbot,
                                                                 tmp_path) -> None:
    path, half = _traced_half(tmp_path)
    w = make_window(str(path))
    w.trace.select_all()
    w.trace.set_tool("symmetry")
    w.trace.symmetry_combo.setCurrentText("Rotate 180°")
    vp = w.trace.view.viewport()
    at = _at(w, *CENTRE)
    qtbot.mouseMove(vp, at)
    QApplication.processEvents()
    tool = w.trace.view.tool
    assert tool.preview is not None and not tool.preview.path().isEmpty()   # previewed first
    assert len(w.doc.board.fields) == len(half.fields)
    steps = w.doc.stack.count()
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=at)
    board = w.doc.board
    assert w.doc.stack.count() == steps + 1                                  # one edit
    assert len(board.fields) == 2 * len(half.fields)
    assert sorted(c.seat for c in board.castles) == ["north", "south"]
    assert len(board.castles[1].towers) == 5
    south = [p for s in board.setups for p in s.placements if p.seat == "south"]
    assert len(south) == sum(1 for s in half.setups for p in s.placements if p.seat == "north")
    assert [f for f in check_board(board) if f.is_error] == []
    w.doc.stack.undo()
    assert len(w.doc.board.fields) == len(half.fields)


def test_mirror_across_a_line_of_two_clicks(make_window, qtbot, tmp_path) -> None:
    path, half = _traced_half(tmp_path)
    w = make_window(str(path))
    w.trace.select_all()
    w.trace.set_tool("symmetry")
    vp = w.trace.view.viewport()
    first = _at(w, 1000.0, CENTRE[1])
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=first)
    a = w.trace.view.mapToScene(first)
    second = w.trace.view.mapFromScene(QPointF(a.x() + 300, a.y()))
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier,
                     second)
    board = w.doc.board
    copies = board.fields[len(half.fields):]
    assert copies and w.doc.stack.count() == 1
    originals = {(round(f.x, 1), round(2 * a.y() - f.y, 1), f.terrain) for f in half.fields}
    assert all((round(f.x, 1), round(f.y, 1), f.terrain) in originals for f in copies)
