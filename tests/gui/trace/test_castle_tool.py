"""The castle tool and refused edits explained at the widget (issue 11, point 5), with real
clicks on the view and real key presses in the inspector."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolTip
from support.guikit import make_scan

from editor.model import dump_board
from editor.model import edit as E
from editor.model.board import Board, ScanImage

TOWERS = [(100 + 100 * i, 100) for i in range(5)]
FRONTS = [(100 + 100 * i, 250) for i in range(5)]


def _board(tmp_path) -> str:
    make_scan(tmp_path / "scan.png")
    b = Board(name="Castle", image=ScanImage(path="scan.png", width=640, height=480))
    for x, y in TOWERS + FRONTS:
        E.add_field(b, x, y)
    E.add_field(b, 600, 400)  # 11: connected to nothing
    E.add_seat(b, "south")
    path = tmp_path / "castle.board.json"
    path.write_text(dump_board(b))
    return str(path)


def test_castle_in_ten_clicks_is_one_undoable_edit(make_window, drive, tmp_path) -> None:
    """CASTLE-1: five towers in ring order, each with its access to the field in front."""
    w = make_window(_board(tmp_path))
    d = drive(w)
    d.one_to_one()
    d.key(Qt.Key.Key_T)
    assert w.trace.view.tool.name == "castle"
    assert w.trace.seat_combo.currentData() == "south"
    for tower, front in zip(TOWERS, FRONTS, strict=True):
        d.click(*tower)
        d.click(*front)
    b = w.doc.board
    assert [t.field for t in b.castles[0].towers] == ["1", "2", "3", "4", "5"]
    ends = {c.id: {c.a, c.b} for c in b.connections}
    assert [ends[t.access] for t in b.castles[0].towers] == [
        {str(i), str(i + 5)} for i in range(1, 6)]
    assert w.doc.stack.count() == 1
    assert w.doc.stack.text(0) == "Add castle of south (5 towers)"
    w.doc.stack.undo()
    assert w.doc.board.castles == [] and w.doc.board.connections == []


def test_backspace_takes_back_a_click(make_window, drive, tmp_path) -> None:
    w = make_window(_board(tmp_path))
    d = drive(w)
    d.one_to_one()
    d.key(Qt.Key.Key_T)
    d.click(*TOWERS[0])
    d.click(*FRONTS[1])  # wrong field in front
    d.key(Qt.Key.Key_Backspace)
    assert w.trace.view.tool.clicks == ["1"]
    assert "field in front of tower 1" in w.trace.view.tool.status()


def test_a_refused_tower_is_explained_and_the_combo_shows_the_truth(make_window, drive, qtbot,
                                                                    tmp_path) -> None:
    w = make_window(_board(tmp_path))
    w.doc.apply("castle", E.add_castle, "south")
    d = drive(w)
    d.one_to_one()
    d.click(600, 400)  # select field 11, which has no connection: it cannot be a tower
    page = w.trace.inspector.pages["field"]
    assert page.castle.currentData() is None
    page.castle.setFocus()
    qtbot.keyClick(page.castle, Qt.Key.Key_Down)  # choose "south (south)"
    assert w.doc.board.castles[0].towers == []
    assert page.castle.currentData() is None  # the refused value is not kept
    assert "connect field '11'" in page.last_refusal
    assert "connect field '11'" in QToolTip.text()
    QToolTip.hideText()


def test_status_hint_follows_the_built_castle(make_window, drive, tmp_path) -> None:
    """After the fifth access builds the castle the hint starts over, not 'in front of
    tower 5'."""
    w = make_window(_board(tmp_path))
    d = drive(w)
    d.one_to_one()
    d.key(Qt.Key.Key_T)
    for tower, front in zip(TOWERS, FRONTS, strict=True):
        d.click(*tower)
        d.click(*front)
    assert w.doc.board.castles
    message = w.statusBar().currentMessage()
    assert "click tower 1" in message and "tower 5" not in message
