"""Pick instead of type (issue 11, point 7): the inspector's Pick buttons take references from
clicks on the canvas; the selection stays, the text box still shows (and takes) the ids."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolButton
from support.guikit import make_scan

from editor.model import dump_board
from editor.model import edit as E
from editor.model.board import Board, ScanImage


def _board(tmp_path) -> str:
    make_scan(tmp_path / "scan.png")
    b = Board(name="Pick", image=ScanImage(path="scan.png", width=640, height=480))
    for x, y in ((100, 100), (200, 100), (300, 100)):
        E.add_field(b, x, y)
    for x, y in ((150, 300), (250, 300)):
        E.add_field(b, x, y, "sea")
    E.add_connection(b, "1", "2", "bridge")
    E.add_connection(b, "4", "5", "sea_lane")
    E.add_region(b, [(400, 200), (600, 200), (600, 400), (400, 400)])
    path = tmp_path / "pick.board.json"
    path.write_text(dump_board(b))
    return str(path)


def test_stairs_and_borders_are_picked_on_the_canvas(make_window, drive, qtbot,
                                                     tmp_path) -> None:
    w = make_window(_board(tmp_path))
    d = drive(w)
    d.one_to_one()
    d.click(500, 300)
    assert w.trace.scene.selected_keys() == [("region", "r1")]
    page = w.trace.inspector.pages["region"]
    qtbot.mouseClick(page.findChild(QToolButton, "region_stairs_pick"), Qt.MouseButton.LeftButton)
    assert w.trace.view.tool.name == "pick"
    d.click(100, 100)
    d.click(300, 100)
    assert w.doc.board.regions[0].stairs == ["1", "3"]
    d.click(100, 100)  # a second click takes it out again
    assert w.doc.board.regions[0].stairs == ["3"]
    assert page.stairs.text() == "3"
    assert w.trace.scene.selected_keys() == [("region", "r1")]  # the selection stayed
    d.key(Qt.Key.Key_Escape)
    assert w.trace.view.tool.name == "select"
    assert not page.findChild(QToolButton, "region_stairs_pick").isChecked()
    qtbot.mouseClick(page.findChild(QToolButton, "region_borders_pick"),
                     Qt.MouseButton.LeftButton)
    d.click(200, 100)
    d.click(0, 0, Qt.MouseButton.RightButton)  # right-click ends picking
    assert [b.field for b in w.doc.board.regions[0].borders] == ["2"]
    assert w.trace.view.tool.name == "select"


def test_ships_under_picks_one_sea_lane_and_returns_to_the_tool(make_window, drive, qtbot,
                                                               tmp_path) -> None:
    w = make_window(_board(tmp_path))
    d = drive(w)
    d.one_to_one()
    d.key(Qt.Key.Key_C)
    d.key(Qt.Key.Key_S)
    d.click(150, 100)
    assert w.trace.scene.selected_keys() == [("connection", "c1")]
    page = w.trace.inspector.pages["connection"]
    qtbot.mouseClick(page.findChild(QToolButton, "conn_under_lane_pick"),
                     Qt.MouseButton.LeftButton)
    d.click(200, 300)  # the sea lane c2
    assert w.doc.board.connections[0].under_lane == "c2"
    assert w.trace.view.tool.name == "select"
    assert page.under_lane.text() == "c2"


def test_grail_fields_and_a_tower_access_are_picked(make_window, drive, qtbot,
                                                    tmp_path) -> None:
    """GRAIL-1 fields from clicks on the board page; CASTLE-1 access of a tower from a click."""
    w = make_window(_board(tmp_path))
    d = drive(w)
    d.one_to_one()
    board_page = w.trace.inspector.pages["board"]
    qtbot.mouseClick(board_page.findChild(QToolButton, "grail_fields_pick"),
                     Qt.MouseButton.LeftButton)
    d.click(200, 100)
    d.click(300, 100)
    d.key(Qt.Key.Key_Escape)
    assert w.doc.board.grail.fields == ["2", "3"]
    assert board_page.grail_fields.text() == "2, 3"
    w.doc.apply("seat", E.add_seat, "south")
    w.doc.apply("castle", E.add_castle, "south")
    w.doc.apply("road", E.add_connection, "2", "3")
    w.doc.apply("tower", E.assign_tower, "2", "south", 0)
    assert w.doc.board.castles[0].towers[0].access == "c1"
    d.click(200, 100)
    page = w.trace.inspector.pages["field"]
    assert page.access.text() == "c1"
    qtbot.mouseClick(page.findChild(QToolButton, "field_access_pick"), Qt.MouseButton.LeftButton)
    d.click(250, 100)  # the road c3 between 2 and 3
    assert w.doc.board.castles[0].towers[0].access == "c3"
    qtbot.mouseClick(page.findChild(QToolButton, "field_access_pick"), Qt.MouseButton.LeftButton)
    d.click(200, 300)  # the sea lane does not touch field 2: refused, explained, not kept
    assert w.doc.board.castles[0].towers[0].access == "c3"
    assert "does not touch field '2'" in page.last_refusal
    assert page.access.text() == "c3"


def test_arrow_slit_ends_are_picked(make_window, drive, qtbot, tmp_path) -> None:
    """BF-13: an arrow slit moved to other fields by clicks."""
    w = make_window(_board(tmp_path))
    w.doc.apply("slit", E.add_arrow_slit, "1", "3")
    d = drive(w)
    d.one_to_one()
    w.trace.scene.select_keys([("slit", "slit1")])
    page = w.trace.inspector.pages["slit"]
    assert page.ends.text() == "1, 3"
    qtbot.mouseClick(page.findChild(QToolButton, "slit_ends_pick"), Qt.MouseButton.LeftButton)
    d.click(300, 100)  # 3 out: "1" waits for a second end
    assert (w.doc.board.arrow_slits[0].a, w.doc.board.arrow_slits[0].b) == ("1", "3")
    d.click(250, 300)  # sea field 5 in
    d.key(Qt.Key.Key_Escape)
    assert (w.doc.board.arrow_slits[0].a, w.doc.board.arrow_slits[0].b) == ("1", "5")
    assert w.doc.stack.text(w.doc.stack.count() - 1) == "Move arrow slit slit1"


def test_field_lists_show_and_take_printed_numbers(make_window, qtbot) -> None:
    """People read names (GRAIL-1 fields on a shipped board): the Grail fields box shows the
    printed numbers, and typed printed numbers (or ids) set the fields by their ids."""
    from editor.resources import data_dir

    w = make_window(str(data_dir("boards") / "conquest-4p.board.json"))
    board = w.doc.board
    page = w.trace.inspector.pages["board"]
    page.show_ids([])
    numbers = {f.id: f.number for f in board.fields}
    shown = page.grail_fields.text().split(", ")
    assert shown == [str(numbers[i]) for i in board.grail.fields]
    before = list(board.grail.fields)
    first = before[0]
    page.grail_fields.setFocus()
    page.grail_fields.selectAll()
    typed = ", ".join([*shown[1:], first])  # numbers and one id
    qtbot.keyClicks(page.grail_fields, typed)
    qtbot.keyClick(page.grail_fields, Qt.Key.Key_Return)
    assert w.doc.board.grail.fields == [*before[1:], first]  # ids, in the typed order
    assert page.grail_fields.text() == ", ".join([*shown[1:], shown[0]])
