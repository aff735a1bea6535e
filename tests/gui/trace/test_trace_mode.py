"""Trace a small board through real mouse and key events, save, reload, undo and redo."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton
from support.guikit import make_scan

from editor.model import dump_board, load_board
from editor.model import edit as E
from editor.model.board import Board, ScanImage

LAND = [(100, 100), (200, 100), (300, 100), (400, 100), (200, 200)]
SEA = [(100, 300), (200, 300)]
REGION = [(450, 250), (600, 250), (600, 400), (450, 400)]


def expected_board() -> Board:
    b = Board(name="Scan", image=ScanImage(path="scan.png", width=640, height=480))
    for x, y in LAND:
        E.add_field(b, x, y, "land")
    for x, y in SEA:
        E.add_field(b, x, y, "sea")
    E.add_connection(b, "1", "2", "road")
    E.add_connection(b, "2", "3", "road")
    E.add_connection(b, "3", "4", "bridge")
    E.add_connection(b, "6", "7", "sea_lane")
    E.add_connection(b, "6", "1", "harbour_link")
    E.add_connection(b, "2", "5", "castle_access")
    E.set_attr(b, "connections", ["c3"], "bridge_class", "x_bridge")
    E.set_attr(b, "connections", ["c3"], "barred", ["elephant"])
    E.add_region(b, REGION)
    E.set_stairs(b, "r1", ["4"])
    E.add_seat(b, "south")
    E.add_castle(b, "south")
    E.assign_tower(b, "5", "south", 0)
    E.add_arrow_slit(b, "1", "5")
    E.move_fields(b, {"7": (242, 320)})
    E.set_scale(b, (100, 400), (400, 400), 10)
    return b


def test_trace_save_reload_undo_redo(make_window, drive, tmp_path, ui, qtbot) -> None:
    scan = make_scan(tmp_path / "scan.png")
    w = make_window()
    assert w.files.new_from_scan(str(scan))
    d = drive(w)
    d.one_to_one()
    empty = Board(name="Scan", image=ScanImage(path="scan.png", width=640, height=480))

    # fields: L = land tool, W = sea tool
    d.key(Qt.Key.Key_L)
    assert w.trace.view.tool.name == "land"
    for x, y in LAND:
        d.click(x, y)
    d.key(Qt.Key.Key_W)
    for x, y in SEA:
        d.click(x, y)
    assert [f.id for f in w.doc.board.fields] == ["1", "2", "3", "4", "5", "6", "7"]

    # connections: C, then 1-6 choose the kind; clicks snap to the nearest field and chain
    d.key(Qt.Key.Key_C)
    d.key(Qt.Key.Key_1)
    for x, y in LAND[:3]:
        d.click(x + 3, y - 2)  # a little off the centre: snapping
    d.key(Qt.Key.Key_Escape)
    d.key(Qt.Key.Key_4)
    assert w.trace.kind_combo.currentData() == "bridge"
    d.click(*LAND[2])
    d.click(*LAND[3])
    d.key(Qt.Key.Key_Escape)
    d.key(Qt.Key.Key_2)
    d.click(*SEA[0])
    d.click(*SEA[1])
    d.key(Qt.Key.Key_Escape)
    d.key(Qt.Key.Key_3)
    d.click(*SEA[0])
    d.click(*LAND[0])
    d.key(Qt.Key.Key_Escape)
    d.key(Qt.Key.Key_5)
    d.click(*LAND[1])
    d.click(*LAND[4])
    d.key(Qt.Key.Key_Escape)
    assert [(c.id, c.kind.value) for c in w.doc.board.connections] == [
        ("c1", "road"), ("c2", "road"), ("c3", "bridge"), ("c4", "sea_lane"),
        ("c5", "harbour_link"), ("c6", "castle_access")]

    # the bridge gets its X marking and bars elephants (inspector)
    d.key(Qt.Key.Key_S)
    d.click(350, 100)
    assert w.trace.scene.selected_keys() == [("connection", "c3")]
    page = w.trace.inspector.pages["connection"]
    index = page.bridge_class.findData("x_bridge")
    page.bridge_class.setCurrentIndex(index)
    page.bridge_class.activated.emit(index)
    qtbot.mouseClick(page.barred.boxes["elephant"], Qt.MouseButton.LeftButton)
    assert w.doc.board.connections[2].barred == ["elephant"]

    # the harbour link made the sea field 6 a harbour; the inspector shows it
    d.click(*SEA[0])
    assert w.trace.scene.selected_keys() == [("field", "6")]
    assert w.trace.inspector.pages["field"].harbour.isChecked()
    assert w.doc.board.fields[5].harbour

    # a region (R): click corners, double-click the last one; stairs typed in the inspector
    d.key(Qt.Key.Key_R)
    for x, y in REGION[:3]:
        d.click(x, y)
    d.dclick(*REGION[3])
    assert [(p.x, p.y) for p in w.doc.board.regions[0].polygon] == REGION
    assert w.trace.scene.selected_keys() == [("region", "r1")]
    stairs = w.trace.inspector.pages["region"].stairs
    stairs.setFocus()
    qtbot.keyClicks(stairs, "4")
    qtbot.keyClick(stairs, Qt.Key.Key_Return)
    assert w.doc.board.regions[0].stairs == ["4"]

    # a seat and its castle (board page), field 5 becomes tower 1
    d.key(Qt.Key.Key_S)
    d.click(620, 20)  # empty: clears the selection, the inspector shows the board
    board_page = w.trace.inspector.pages["board"]
    assert w.trace.inspector.stack.currentWidget() is board_page
    board_page.seat_choice.setCurrentText("south")
    qtbot.mouseClick(board_page.findChild(QPushButton, "add_seat"),
                     Qt.MouseButton.LeftButton)
    qtbot.mouseClick(board_page.findChild(QPushButton, "add_castle"),
                     Qt.MouseButton.LeftButton)
    d.click(*LAND[4])
    field_page = w.trace.inspector.pages["field"]
    index = field_page.castle.findData("south")
    field_page.castle.setCurrentIndex(index)
    field_page.castle.activated.emit(index)
    assert [(t.field, t.access) for t in w.doc.board.castles[0].towers] == [("5", "c6")]

    # an arrow slit (A) between two unconnected fields
    d.key(Qt.Key.Key_A)
    d.click(*LAND[0])
    d.click(*LAND[4])
    assert [(s.a, s.b) for s in w.doc.board.arrow_slits] == [("1", "5")]

    # move field 7 by dragging (one undo step), then nudge it twice with the arrow key
    d.key(Qt.Key.Key_S)
    steps = w.doc.stack.count()
    d.drag(200, 300, 240, 320)
    assert w.doc.stack.count() == steps + 1
    d.key(Qt.Key.Key_Right)
    d.key(Qt.Key.Key_Right)
    assert w.doc.stack.count() == steps + 2
    f7 = w.doc.board.fields[6]
    assert (f7.x, f7.y) == (242, 320)
    lane = w.trace.scene.items_by_key[("connection", "c4")].line  # the sea lane followed
    assert (lane.p2().x(), lane.p2().y()) == (242, 320)

    # scale calibration (K): two points, the distance comes from the (patched) dialog
    d.key(Qt.Key.Key_K)
    d.click(100, 400)
    d.click(400, 400)
    assert w.doc.board.scale.px_per_cm == 30

    # save as, reload, compare with the expected model
    target = tmp_path / "traced.board.json"
    ui.save_path = str(target)
    assert w.files.save()
    assert not w.isWindowModified()
    assert "traced.board.json" in w.windowTitle()
    saved = target.read_text(encoding="utf-8")
    loaded = load_board(target)
    assert loaded.model is not None, loaded.findings
    assert loaded.model == expected_board()
    assert saved == dump_board(expected_board())

    # undo to the empty board, redo to the full one: identical files
    while w.doc.stack.canUndo():
        w.doc.stack.undo()
    assert dump_board(w.doc.board) == dump_board(empty)
    assert w.isWindowModified()
    while w.doc.stack.canRedo():
        w.doc.stack.redo()
    assert dump_board(w.doc.board) == saved
    assert not w.isWindowModified()
    QApplication.processEvents()
    # the scene followed: one item per element
    kinds = sorted(k for k, _ in w.trace.scene.items_by_key)
    assert kinds.count("field") == 7 and kinds.count("connection") == 6
    assert kinds.count("region") == 1 and kinds.count("slit") == 1
    assert ui.errors() == []
