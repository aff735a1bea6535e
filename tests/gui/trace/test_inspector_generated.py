"""The inspector's pages are generated from the board model's metadata (issue 20 item 3):
labels, tooltips, choices and ranges come from the pydantic fields; several elements with
different values show "(various)"; a value typed back to its start leaves no undo step; the
drawbridge of a castle's access is in view without scrolling (issue 22 item 7)."""

from __future__ import annotations

import typing

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QSpinBox, QWidget

from editor.gui.trace.model_rows import GeneratedPage
from editor.gui.trace.pages import VARIOUS
from editor.model import edit as E
from editor.model import save_board
from editor.model.board import Board, Connection, Terrain
from editor.resources import data_dir


def _board_file(tmp_path) -> str:
    b = Board(name="Gen")
    for x in (100, 200, 300):
        E.add_field(b, x, 100)
    E.add_connection(b, "1", "2", "road")
    E.add_connection(b, "2", "3", "castle_access")
    path = tmp_path / "gen.board.json"
    save_board(b, path)
    return str(path)


def _pages(window) -> dict[str, GeneratedPage]:
    return {k: p for k, p in window.trace.inspector.pages.items()
            if isinstance(p, GeneratedPage)}


def test_every_generated_row_describes_its_model_field(make_window, tmp_path) -> None:
    w = make_window(_board_file(tmp_path))
    pages = _pages(w)
    assert set(pages) >= {"field", "connection", "region", "slit", "board"}
    for page in pages.values():
        for attr, row in page.rows.items():
            info = page.MODEL.model_fields[attr]
            assert row.widget.toolTip() == info.description, (page, attr)
            assert row.widget.objectName() == f"{page.PREFIX}_{attr}"
    crossing = pages["connection"].rows["crossing"].widget
    assert isinstance(crossing, QComboBox)
    allowed = typing.get_args(typing.get_args(Connection.model_fields["crossing"].annotation)[0])
    assert [crossing.itemData(i) for i in range(crossing.count())] == [None, *allowed]
    number = pages["field"].rows["number"].widget
    assert isinstance(number, QSpinBox)
    assert (number.minimum(), number.maximum()) == (-1, 99_999)  # ge=0 and null, le=99_999
    assert number.specialValueText() == "(none)"
    capacity = pages["region"].rows["capacity"].widget
    assert (capacity.minimum(), capacity.maximum(), capacity.specialValueText()) == \
        (0, 64, "variant")
    terrain = pages["field"].rows["terrain"].widget
    assert [terrain.itemData(i) for i in range(terrain.count())] == [t.value for t in Terrain]


def test_every_model_field_has_a_row_or_is_declared_hidden(make_window, tmp_path) -> None:
    w = make_window(_board_file(tmp_path))
    for kind, page in _pages(w).items():
        if kind == "board":
            continue
        shown = set(page.ROWS) | page.HIDDEN
        assert set(page.MODEL.model_fields) <= shown, (kind, set(page.MODEL.model_fields) - shown)
        assert set(page.ROWS) - page.CUSTOM <= set(page.rows)  # generated, not hand-made


def test_several_elements_with_different_values_show_various(make_window, tmp_path) -> None:
    w = make_window(_board_file(tmp_path))
    w.doc.apply("Sea", E.set_attr, "fields", ["1"], "terrain", "sea")
    w.doc.apply("Drawbridge", E.set_attr, "connections", ["c2"], "drawbridge", True)
    inspector = w.trace.inspector
    w.doc.apply("Number", E.set_attr, "fields", ["2"], "number", 7)
    inspector.show_keys([("field", "1"), ("field", "2")])
    page = inspector.pages["field"]
    assert page.terrain.currentText() == VARIOUS
    assert page.number.text() == VARIOUS
    inspector.show_keys([("field", "2")])
    assert page.number.value() == 7 and page.number.text() == "7"
    w.doc.apply("No number", E.set_attr, "fields", ["3"], "number", None)
    inspector.show_keys([("field", "3")])
    assert page.number.text() == "(none)"
    inspector.show_keys([("connection", "c1"), ("connection", "c2")])
    box = inspector.pages["connection"].drawbridge
    assert box.checkState() == Qt.CheckState.PartiallyChecked
    inspector.show_keys([("connection", "c2")])
    assert box.checkState() == Qt.CheckState.Checked


def test_a_label_typed_and_erased_again_leaves_no_undo_step(make_window, qtbot,
                                                            tmp_path) -> None:
    w = make_window(_board_file(tmp_path))
    w.trace.inspector.show_keys([("field", "1")])
    label = w.trace.inspector.pages["field"].label
    label.setFocus()
    qtbot.keyClicks(label, "Keep")
    assert w.doc.board.field_by_id()["1"].label == "Keep" and w.doc.stack.count() == 1
    for _ in "Keep":
        qtbot.keyClick(label, Qt.Key.Key_Backspace)
    assert w.doc.board.field_by_id()["1"].label == ""
    assert w.doc.stack.count() == 0 and not w.doc.modified


def _in_view(inspector, widget: QWidget) -> bool:
    """The whole widget lies within the inspector's visible part."""
    top = widget.mapTo(inspector.viewport(), QPoint(0, 0))
    return widget.isVisible() and top.y() >= 0 and \
        top.y() + widget.height() <= inspector.viewport().height()


def test_the_drawbridge_of_a_tower_is_in_view_without_scrolling(make_window, qtbot) -> None:
    w = make_window(str(data_dir("boards") / "grand-conquest-2p.board.json"))
    w.resize(1600, 1000)
    inspector = w.trace.inspector
    inspector.resize(inspector.width(), 400)  # a dock shorter than the connection page
    tower = w.doc.board.castles[0].towers[0]
    inspector.show_keys([("field", tower.field)])
    QApplication.processEvents()
    box = inspector.findChild(QCheckBox, "field_drawbridge")
    assert box is not None and box.isEnabled() and _in_view(inspector, box)
    access = w.doc.board.connection_by_id()[tower.access]
    assert box.isChecked() == access.drawbridge
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert access.drawbridge is box.isChecked()
    inspector.show_keys([("connection", tower.access)])
    QApplication.processEvents()
    assert _in_view(inspector, inspector.pages["connection"].drawbridge)


def test_a_short_page_does_not_scroll_into_blank_space(make_window) -> None:
    w = make_window(str(data_dir("boards") / "grand-conquest-2p.board.json"))
    inspector = w.trace.inspector
    inspector.resize(inspector.width(), 500)
    inspector.show_keys([("connection", w.doc.board.connections[0].id)])
    QApplication.processEvents()
    assert inspector.verticalScrollBar().maximum() > 0  # the connection page is taller
    inspector.show_keys([("region", w.doc.board.regions[0].id)])
    QApplication.processEvents()
    assert inspector.verticalScrollBar().maximum() == 0
