"""The symmetry tool (Y): a traced half of a board copied through a half turn (a mirror through
the centre) becomes the whole board, previewed before the click, as one undoable edit that
validates with no error; a line mirror copies across the axis of two clicks."""

from __future__ import annotations

import pytest
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


def test_a_half_turn_lands_on_the_other_half_already_traced(make_window, qtbot,
                                                           tmp_path) -> None:
    """The other half detected or traced a few pixels off the exact image, and the centre
    clicked a few pixels off: the copies are the fields already there (their ids and printed
    numbers kept), nothing is doubled, and the copied castle and start pieces use them."""
    board = load_board(data_dir("boards") / "conquest-2p.board.json").model
    cx, cy = CENTRE
    north = [f for f in board.fields if f.y < cy or (f.y == cy and f.x < cx)]
    for i, f in enumerate(north):           # the north half a few pixels off its mirror image
        f.x += (-3, 2, 4, -1)[i % 4]
        f.y += (2, -4, 1, 3)[i % 4]
    board.castles = [c for c in board.castles if c.seat == "south"]
    for s in board.setups:
        s.placements = [p for p in s.placements if p.seat == "south"]
    board.image = None
    path = tmp_path / "whole.board.json"
    save_board(board, path)
    before = {f.id: f.number for f in board.fields}
    w = make_window(str(path))
    w.trace.scene.select_keys([("field", f.id) for f in w.doc.board.fields
                               if f.y > cy or (f.y == cy and f.x > cx)])
    w.trace.set_tool("symmetry")
    w.trace.symmetry_combo.setCurrentText("Rotate 180°")
    at = _at(w, cx + 3, cy - 2)
    qtbot.mouseClick(w.trace.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    after = w.doc.board
    assert {f.id: f.number for f in after.fields} == before     # no field added or renumbered
    assert sorted(c.seat for c in after.castles) == ["north", "south"]
    assert all(t.field in before for c in after.castles for t in c.towers)
    assert [f for f in check_board(after) if f.is_error] == []


def test_copies_landing_on_printed_discs_take_their_numbers(make_window, qtbot,
                                                            tmp_path) -> None:
    """A copy that lands on a disc printed on the scan (the other half not traced yet) gets
    the number printed there and its id from it, in the same one edit."""
    pytest.importorskip("onnxruntime")
    whole = load_board(data_dir("boards") / "conquest-2p.board.json").model
    path, half = _traced_half(tmp_path)
    half.image = whole.image.model_copy(
        update={"path": str(data_dir("boards") / "scans" / "conquest-2p.png")})
    save_board(half, path)
    cx, cy = CENTRE
    chosen = [f for f in half.fields if f.terrain.value == "land"][:3]
    expected = {}
    for f in chosen:
        x, y = 2 * cx - f.x, 2 * cy - f.y
        twin = min(whole.fields, key=lambda g: (g.x - x) ** 2 + (g.y - y) ** 2)
        expected[(round(x), round(y))] = twin.number
    w = make_window(str(path))
    w.trace.scene.select_keys([("field", f.id) for f in chosen])
    w.trace.set_tool("symmetry")
    w.trace.symmetry_combo.setCurrentText("Rotate 180°")
    steps = w.doc.stack.count()
    qtbot.mouseClick(w.trace.view.viewport(), Qt.MouseButton.LeftButton, pos=_at(w, cx, cy))
    assert w.doc.stack.count() == steps + 1
    copies = w.doc.board.fields[len(half.fields):]
    assert {(round(f.x), round(f.y)): f.number for f in copies} == expected
    assert all(f.id == str(f.number) for f in copies)
