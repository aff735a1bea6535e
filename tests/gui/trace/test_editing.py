"""Selection, multi-selection editing, delete, regions, start pieces, validation panel, view."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from support.guikit import make_scan

from editor.gui.shell.wording import plural
from editor.model import dump_board, save_board
from editor.model import edit as E
from editor.model.board import Board, ScanImage


def board_file(tmp_path):
    make_scan(tmp_path / "scan.png")
    b = Board(name="Edit", image=ScanImage(path="scan.png", width=640, height=480))
    for x, y in [(100, 100), (200, 100), (300, 100), (100, 200), (200, 200)]:
        E.add_field(b, x, y)
    E.add_field(b, 400, 300, "sea")
    E.add_connection(b, "1", "2")
    E.add_connection(b, "2", "3")
    E.add_connection(b, "4", "5")
    E.add_connection(b, "1", "4")
    path = tmp_path / "edit.board.json"
    save_board(b, path)
    return path


def test_rubber_band_and_multi_selection_editing(make_window, drive, tmp_path, qtbot) -> None:
    w = make_window(str(board_file(tmp_path)))
    d = drive(w)
    d.one_to_one()
    d.drag(80, 80, 320, 120)  # rubber band around fields 1-3 (and the roads between them)
    assert [k for k in w.trace.scene.selected_keys() if k[0] == "field"] == [
        ("field", "1"), ("field", "2"), ("field", "3")]
    d.click(100, 100)  # plain click: only field 1
    d.click(200, 100, mods=Qt.KeyboardModifier.ShiftModifier)  # shift adds
    assert w.trace.scene.selected_keys() == [("field", "1"), ("field", "2")]
    page = w.trace.inspector.pages["field"]
    assert w.trace.inspector.stack.currentWidget() is page
    page.label.setFocus()
    qtbot.keyClicks(page.label, "Keep")
    assert [f.label for f in w.doc.board.fields[:3]] == ["Keep", "Keep", ""]
    assert w.doc.stack.count() == 1  # typing merged into one undo step
    i = page.terrain.findData("sea")
    page.terrain.setCurrentIndex(i)
    page.terrain.activated.emit(i)
    assert [f.terrain.value for f in w.doc.board.fields[:2]] == ["sea", "sea"]
    w.doc.stack.undo()
    w.doc.stack.undo()
    assert [f.label for f in w.doc.board.fields[:2]] == ["", ""]
    assert w.doc.board.fields[0].terrain.value == "land"


def test_delete_key_and_tool_remove_field_with_connections(make_window, drive, tmp_path) -> None:
    w = make_window(str(board_file(tmp_path)))
    d = drive(w)
    d.one_to_one()
    before = dump_board(w.doc.board)
    d.click(100, 100)
    d.key(Qt.Key.Key_Delete)
    assert "1" not in w.doc.board.field_by_id()
    assert [c.id for c in w.doc.board.connections] == ["c2", "c3"]
    assert ("connection", "c1") not in w.trace.scene.items_by_key
    d.key(Qt.Key.Key_X)
    d.click(250, 100)  # on road c2
    assert [c.id for c in w.doc.board.connections] == ["c3"]
    d.key(Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    w.doc.stack.undo()
    assert dump_board(w.doc.board) == before
    assert len([k for k in w.trace.scene.items_by_key if k[0] == "connection"]) == 4


def test_connect_refuses_duplicates_without_a_dialog(make_window, drive, tmp_path, ui) -> None:
    w = make_window(str(board_file(tmp_path)))
    d = drive(w)
    d.one_to_one()
    d.key(Qt.Key.Key_C)
    d.click(100, 100)
    d.click(200, 100)
    assert "already joined" in w.last_message
    assert len(w.doc.board.connections) == 4
    assert ui.calls == []


def test_region_vertex_editing(make_window, drive, tmp_path) -> None:
    w = make_window(str(board_file(tmp_path)))
    d = drive(w)
    d.one_to_one()
    d.key(Qt.Key.Key_R)
    for x, y in [(450, 100), (600, 100), (600, 200)]:
        d.click(x, y)
    d.key(Qt.Key.Key_Return)
    assert w.trace.scene.selected_keys() == [("region", "r1")]
    d.key(Qt.Key.Key_S)
    d.drag(600, 200, 580, 240)  # drag a corner
    assert [(p.x, p.y) for p in w.doc.board.regions[0].polygon][2] == (580, 240)
    d.dclick(525, 100)  # double-click on an edge adds a corner
    assert len(w.doc.board.regions[0].polygon) == 4
    d.click(525, 100, mods=Qt.KeyboardModifier.AltModifier)  # alt+click removes it
    assert len(w.doc.board.regions[0].polygon) == 3


def test_place_start_pieces(make_window, drive, tmp_path, qtbot) -> None:
    w = make_window(str(board_file(tmp_path)))
    d = drive(w)
    d.one_to_one()
    w.doc.apply("seat", E.add_seat, "south")
    w.doc.apply("setup", E.add_setup, "conquest")
    assert w.trace.setup_combo.currentData() == "conquest"
    assert w.trace.seat_combo.currentData() == "south"
    d.key(Qt.Key.Key_P)
    d.click(100, 100)
    i = w.trace.piece_combo.findText("ship")
    w.trace.piece_combo.setCurrentIndex(i)
    w.trace.piece_combo.activated.emit(i)
    d.click(400, 300)
    placements = w.doc.board.setups[0].placements
    assert [(p.field, p.piece.value) for p in placements] == [("1", "soldier"), ("6", "ship")]
    assert w.trace.scene.items_by_key[("field", "1")].decor["start"][1] == "soldier"
    i = w.trace.piece_combo.findText("soldier")
    w.trace.piece_combo.setCurrentIndex(i)
    w.trace.piece_combo.activated.emit(i)
    d.click(400, 300, mods=Qt.KeyboardModifier.ControlModifier)  # aboard the ship
    assert [c.piece.value for c in placements[1].cargo] == ["soldier"]
    d.key(Qt.Key.Key_S)
    d.click(400, 300)
    assert "conquest: south ship carrying soldier" in w.trace.inspector.pages["field"].starts.text()
    d.key(Qt.Key.Key_P)
    d.click(100, 100, button=Qt.MouseButton.RightButton)
    assert [p.field for p in w.doc.board.setups[0].placements] == ["6"]


def test_one_way_and_kind_in_inspector(make_window, drive, tmp_path, qtbot) -> None:
    w = make_window(str(board_file(tmp_path)))
    d = drive(w)
    d.one_to_one()
    d.click(150, 100)
    page = w.trace.inspector.pages["connection"]
    i = page.one_way.findData("b")
    page.one_way.setCurrentIndex(i)
    page.one_way.activated.emit(i)
    qtbot.mouseClick(page.one_way_pieces.boxes["elephant"], Qt.MouseButton.LeftButton)
    c = w.doc.board.connections[0]
    assert c.one_way.to == "2" and c.one_way.pieces == ["elephant"]
    qtbot.mouseClick(page.only_unloaded.boxes["elephant"], Qt.MouseButton.LeftButton)
    assert c.only_unloaded == ["elephant"]
    i = page.kind.findData("bridge")
    page.kind.setCurrentIndex(i)
    page.kind.activated.emit(i)
    assert c.kind.value == "bridge" and c.bridge_class.value == "normal"


def test_validation_panel_refreshes_and_jumps_to_the_element(make_window, drive, tmp_path,
                                                             qtbot) -> None:
    w = make_window(str(board_file(tmp_path)))
    w.validation.refresh()
    # field 3 and the sea field 6 are fine? 6 is unreachable
    codes = [(f.code, f.element) for f in w.validation.findings]
    assert ("UNREACHABLE_FIELD", "6") in codes
    errors, warnings = w.validation.counts()
    assert f"{plural(errors, 'error')}, {plural(warnings, 'warning')}" in w.counts_label.text()
    w.doc.apply("Number", E.set_attr, "fields", ["2"], "number", 1)
    qtbot.waitUntil(lambda: any(f.code == "DUPLICATE_NUMBER" for f in w.validation.findings))
    row = next(i for i, f in enumerate(w.validation.findings) if f.code == "DUPLICATE_NUMBER")
    item = w.validation.tree.topLevelItem(row)
    tree = w.validation.tree
    tree.scrollToItem(item)
    rect = tree.visualItemRect(item)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert w.trace.scene.selected_keys() == [("field", "2")]
    centre = w.trace.view.mapToScene(w.trace.view.viewport().rect().center())
    assert abs(centre.x() - 200) < 30 and abs(centre.y() - 100) < 30


def test_validation_panel_names_fields_by_printed_number(make_window, tmp_path) -> None:
    """BOARD-5: the unreachable sea field id '6', printed 41, is '41' in the Element column and
    the message; its id is the column's tool tip (the finding keeps it for programs)."""
    w = make_window(str(board_file(tmp_path)))
    w.doc.apply("Number", E.set_attr, "fields", ["6"], "number", 41)
    w.validation.refresh()
    row = next(i for i, f in enumerate(w.validation.findings)
               if f.code == "UNREACHABLE_FIELD")
    assert w.validation.findings[row].element == "6"
    item = w.validation.tree.topLevelItem(row)
    assert (item.text(2), item.toolTip(2)) == ("41", "id 6")
    assert "field '41'" in item.text(3) and "'6'" not in item.text(3)


def test_view_zoom_pan_fit_layers_opacity(make_window, drive, tmp_path, qtbot) -> None:
    w = make_window(str(board_file(tmp_path)))
    view = w.trace.view
    view.fit()
    view.zoom_by(2.5)  # the board now overflows the view, so zooming can keep the anchor
    fit_zoom = view.zoom
    anchor = QPoint(300, 200)
    qtbot.wait(1)
    before = view.mapToScene(anchor)

    ev = QWheelEvent(QPointF(anchor), QPointF(view.viewport().mapToGlobal(anchor)), QPoint(0, 0),
                     QPoint(0, 240), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                     Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), ev)
    assert view.zoom > fit_zoom * 1.3
    after = view.mapToScene(anchor)
    assert abs(after.x() - before.x()) < 2 and abs(after.y() - before.y()) < 2  # to cursor
    # pan with the middle button
    centre = view.mapToScene(view.viewport().rect().center())
    vp = view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.MiddleButton, pos=QPoint(300, 300))
    qtbot.mouseMove(vp, QPoint(250, 260))
    qtbot.mouseRelease(vp, Qt.MouseButton.MiddleButton, pos=QPoint(250, 260))
    moved = view.mapToScene(view.viewport().rect().center())
    assert moved.x() > centre.x() and moved.y() > centre.y()
    # space + drag pans too, and does not move fields
    before_fields = dump_board(w.doc.board)
    qtbot.keyPress(vp, Qt.Key.Key_Space)
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=QPoint(300, 300))
    qtbot.mouseMove(vp, QPoint(350, 300))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=QPoint(350, 300))
    qtbot.keyRelease(vp, Qt.Key.Key_Space)
    assert view.mapToScene(view.viewport().rect().center()).x() < moved.x()
    assert dump_board(w.doc.board) == before_fields
    # layers and opacity
    w.trace.layer_actions["fields"].setChecked(False)
    assert not w.trace.scene.items_by_key[("field", "1")].isVisible()
    w.trace.layer_actions["scan"].setChecked(False)
    assert not w.trace.scene.background.isVisible()
    w.trace.opacity.setValue(40)
    assert abs(w.trace.scene.background.opacity() - 0.4) < 1e-6
    w.trace.layer_actions["fields"].setChecked(True)
    assert w.trace.scene.items_by_key[("field", "1")].isVisible()
    w.trace.layer_actions["connections"].setChecked(False)
    assert not w.trace.scene.items_by_key[("connection", "c1")].isVisible()
    w.doc.apply("label", E.set_attr, "fields", ["1"], "label", "Port")
    assert w.trace.scene.items_by_key[("field", "1")].label.isVisible()
    w.trace.layer_actions["labels"].setChecked(False)
    assert not w.trace.scene.items_by_key[("field", "1")].label.isVisible()
    w.trace.layer_actions["regions"].setChecked(False)
    w.trace.layer_actions["fire"].setChecked(False)
    w.trace.layer_actions["starts"].setChecked(False)
    assert not w.trace.scene.layers["starts"]
    view.fit()
    assert view.auto_fit


def test_large_synthetic_board_opens(make_window, tmp_path) -> None:
    from editor.gui.bench import synthetic_board

    path = synthetic_board(tmp_path, fields=600, size=1200)
    w = make_window(str(path))
    assert len([k for k in w.trace.scene.items_by_key if k[0] == "field"]) == 600
    w.trace.view.fit()
    w.trace.view.viewport().repaint()
    w.trace.view.pan_by(100, 100)
    assert w.trace.scene.scan_missing is None


def test_board_page_seats_castles_setups_islands(make_window, tmp_path, qtbot) -> None:
    from PySide6.QtWidgets import QPushButton

    w = make_window(str(board_file(tmp_path)))
    page = w.trace.inspector.pages["board"]
    assert w.trace.inspector.stack.currentWidget() is page

    def press(name: str) -> None:
        qtbot.mouseClick(page.findChild(QPushButton, name), Qt.MouseButton.LeftButton)

    for seat in ("south", "north"):
        page.seat_choice.setCurrentText(seat)
        press("add_seat")
    assert [s.id for s in w.doc.board.seats] == ["south", "north"]
    page.seat_list.setCurrentRow(1)
    press("add_castle")
    assert [(c.id, c.seat) for c in w.doc.board.castles] == [("north", "north")]
    qtbot.mouseClick(page.moat, Qt.MouseButton.LeftButton)
    assert w.doc.board.castles[0].moat
    page.seat_colour.setFocus()
    page.seat_colour.selectAll()
    qtbot.keyClicks(page.seat_colour, "#123456")
    qtbot.keyClick(page.seat_colour, Qt.Key.Key_Return)
    assert w.doc.board.seats[1].colour == "#123456"
    page.island_name.setText("north-island")
    page.island_kind.setCurrentIndex(page.island_kind.findData("main"))
    press("add_island")
    assert [(i.id, i.kind.value) for i in w.doc.board.islands] == [("north-island", "main")]
    i = page.seat_island.findData("north-island")
    page.seat_island.setCurrentIndex(i)
    page.seat_island.activated.emit(i)
    assert w.doc.board.seats[1].main_island == "north-island"
    press("add_setup")
    assert [s.id for s in w.doc.board.setups] == ["conquest"]
    press("remove_setup")
    assert w.doc.board.setups == []
    page.seat_list.setCurrentRow(1)
    press("remove_seat")
    assert [s.id for s in w.doc.board.seats] == ["south"] and w.doc.board.castles == []
    while w.doc.stack.canUndo():
        w.doc.stack.undo()
    assert w.doc.board.seats == [] and w.doc.board.islands == []


def test_wilderness_path_between_regions(make_window, drive, tmp_path) -> None:
    w = make_window(str(board_file(tmp_path)))
    d = drive(w)
    d.one_to_one()
    w.doc.apply("r", E.add_region, [(420, 50), (500, 50), (500, 120)])
    w.doc.apply("r", E.add_region, [(520, 50), (600, 50), (600, 120)])
    d.key(Qt.Key.Key_C)
    d.key(Qt.Key.Key_6)
    d.click(480, 70)
    d.click(580, 70)
    c = w.doc.board.connections[-1]
    assert (c.kind.value, c.a, c.b) == ("wilderness_path", "r1", "r2")
    assert ("connection", c.id) in w.trace.scene.items_by_key
    d.key(Qt.Key.Key_Escape)
    d.key(Qt.Key.Key_X)
    d.click(480, 70)  # deleting a region takes its wilderness paths along
    assert [r.id for r in w.doc.board.regions] == ["r2"]
    assert all(c.kind.value != "wilderness_path" for c in w.doc.board.connections)


def test_ctrl_click_links_stairs_and_borders_to_the_selected_region(make_window, drive,
                                                                    tmp_path) -> None:
    w = make_window(str(board_file(tmp_path)))
    d = drive(w)
    d.one_to_one()
    w.doc.apply("r", E.add_region, [(320, 150), (420, 150), (420, 250)])
    w.trace.scene.select_keys([("region", "r1")])
    ctrl = Qt.KeyboardModifier.ControlModifier
    d.click(300, 100, mods=ctrl)
    d.click(200, 200, mods=ctrl | Qt.KeyboardModifier.ShiftModifier)
    d.click(300, 100, mods=ctrl | Qt.KeyboardModifier.ShiftModifier)
    d.click(300, 100, mods=ctrl | Qt.KeyboardModifier.ShiftModifier)
    r = w.doc.board.regions[0]
    assert r.stairs == ["3"]
    assert [(b.field, b.screened) for b in r.borders] == [("5", False), ("3", True)]
    assert w.trace.scene.selected_keys() == [("region", "r1")]
    assert w.trace.scene.items_by_key[("field", "3")].decor.get("stair")
    assert w.trace.inspector.pages["region"].screened.text() == "3"
    d.click(300, 100, mods=ctrl)
    assert w.doc.board.regions[0].stairs == []
    assert len(w.trace.scene.items_by_key[("region", "r1")].links) == 2


def test_save_commits_a_value_still_being_typed(make_window, tmp_path, qtbot) -> None:
    from editor.model import load_board

    path = board_file(tmp_path)
    w = make_window(str(path))
    w.doc.apply("r", E.add_region, [(320, 150), (420, 150), (420, 250)])
    w.trace.scene.select_keys([("region", "r1")])
    stairs = w.trace.inspector.pages["region"].stairs
    qtbot.keyClicks(stairs, "3, 5")  # no Enter
    assert w.doc.board.regions[0].stairs == []
    assert w.files.save()
    assert load_board(path).model.regions[0].stairs == ["3", "5"]


def test_remove_island_refuses_while_fields_are_on_it(make_window, tmp_path, qtbot) -> None:
    """BF-18: the board page's Remove island refuses (saying why) while fields lie on the
    island, and removes it, clearing the seat's main island, once none do."""
    from PySide6.QtWidgets import QPushButton

    path = board_file(tmp_path)
    board = Board.model_validate_json(path.read_text())
    E.add_island(board, "north-island", kind="main")
    E.add_seat(board, "north")
    E.set_attr(board, "seats", ["north"], "main_island", "north-island")
    E.set_attr(board, "fields", [board.fields[0].id], "island", "north-island")
    save_board(board, path)
    w = make_window(str(path))
    page = w.trace.inspector.pages["board"]
    page.island_list.setCurrentRow(0)
    qtbot.mouseClick(page.findChild(QPushButton, "remove_island"), Qt.MouseButton.LeftButton)
    assert [i.id for i in w.doc.board.islands] == ["north-island"]
    assert "cannot delete island 'north-island'" in page.last_refusal
    w.doc.apply("off the island", E.set_attr, "fields", [board.fields[0].id], "island", None)
    page.island_list.setCurrentRow(0)
    qtbot.mouseClick(page.findChild(QPushButton, "remove_island"), Qt.MouseButton.LeftButton)
    assert w.doc.board.islands == [] and w.doc.board.seats[0].main_island is None
