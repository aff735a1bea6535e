"""Numbers and ids (issue 11, point 9): the numbering tool by clicks, a rename typed in the
inspector's Id box, and the warning where ids and printed numbers disagree."""

from __future__ import annotations

from PySide6.QtCore import Qt
from support.guikit import make_scan

from editor.model import dump_board
from editor.model import edit as E
from editor.model.board import Board, ScanImage

XS = (100, 200, 300, 400)


def _board(tmp_path) -> str:
    make_scan(tmp_path / "scan.png")
    b = Board(name="Num", image=ScanImage(path="scan.png", width=640, height=480))
    for x in XS:
        E.add_field(b, x, 200)
    E.add_connection(b, "1", "2")
    path = tmp_path / "num.board.json"
    path.write_text(dump_board(b))
    return str(path)


def test_numbering_tool_numbers_fields_in_click_order(make_window, drive, qtbot,
                                                      tmp_path) -> None:
    w = make_window(_board(tmp_path))
    d = drive(w)
    d.one_to_one()
    w.trace.number_from.setFocus()
    w.trace.number_from.selectAll()
    qtbot.keyClicks(w.trace.number_from, "10")
    assert w.trace.options.number_from == 10
    d.key(Qt.Key.Key_N)
    assert w.trace.view.tool.name == "number"
    for x in reversed(XS):
        d.click(x, 200)
    assert [f.number for f in w.doc.board.fields] == [13, 12, 11, 10]
    assert w.doc.stack.text(w.doc.stack.count() - 1) == "Number field 1 as 13"
    w.validation.refresh()
    codes = [f.code for f in w.validation.findings]
    assert codes.count("FIELD_ID_NUMBER_MISMATCH") == 4


def test_typing_a_new_id_renames_and_references_follow(make_window, drive, qtbot,
                                                       tmp_path) -> None:
    w = make_window(_board(tmp_path))
    d = drive(w)
    d.one_to_one()
    d.click(100, 200)
    ident = w.trace.inspector.pages["field"].ident
    assert ident.text() == "1"
    ident.setFocus()
    ident.selectAll()
    qtbot.keyClicks(ident, "north1")
    qtbot.keyClick(ident, Qt.Key.Key_Return)
    assert w.doc.board.fields[0].id == "north1"
    assert (w.doc.board.connections[0].a, w.doc.board.connections[0].b) == ("north1", "2")
    assert w.trace.scene.selected_keys() == [("field", "north1")]
    assert w.doc.stack.text(w.doc.stack.count() - 1) == "Rename land field 1: id 1 → north1"


def test_history_names_what_a_rename_really_changed(make_window, drive, qtbot,
                                                    tmp_path) -> None:
    """Renaming the field printed 19 from id 5 to 19 says old -> new ids, not 'to 19' twice."""
    make_scan(tmp_path / "scan.png")
    b = Board(name="Num", image=ScanImage(path="scan.png", width=640, height=480))
    E.add_field(b, 100, 200, number=19, ident="5", terrain="sea")
    path = tmp_path / "num.board.json"
    path.write_text(dump_board(b))
    w = make_window(str(path))
    d = drive(w)
    d.one_to_one()
    d.click(100, 200)
    page = w.trace.inspector.pages["field"]
    assert "19" in page.title.text()  # the inspector names the field as FieldNames does
    page.ident.setFocus()
    page.ident.selectAll()
    qtbot.keyClicks(page.ident, "19")
    qtbot.keyClick(page.ident, Qt.Key.Key_Return)
    text = w.doc.stack.text(w.doc.stack.count() - 1)
    assert text.startswith("Rename sea field") and text.endswith("id 5 → 19")
