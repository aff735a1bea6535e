"""Traces that stand out and keys that always work (issue 11, points 3 and 4), driven by real
events: tool tips by a help event on the viewport, opacity and disc size by keys on their
widgets (remembered in the test's own settings file), tool keys from any focused widget."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QSettings, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QLineEdit, QToolTip
from support.guikit import make_scan

from editor.model import dump_board
from editor.model import edit as E
from editor.model.board import Board, ScanImage


def _board(tmp_path) -> str:
    make_scan(tmp_path / "scan.png")
    b = Board(name="Tips", image=ScanImage(path="scan.png", width=640, height=480))
    for x in (100, 300, 500):
        E.add_field(b, x, 200, "land")
    E.add_field(b, 300, 400, "sea")
    E.add_connection(b, "1", "2", "bridge")
    E.set_attr(b, "connections", ["c1"], "barred", ["elephant"])
    E.set_attr(b, "connections", ["c1"], "under_lane", "c9")
    E.add_connection(b, "2", "3", "road")
    path = tmp_path / "tips.board.json"
    path.write_text(dump_board(b))
    return str(path)


def _tip_at(w, d, x, y) -> str:
    QToolTip.hideText()
    vp = d.vp
    pos = d.at(x, y)
    QApplication.sendEvent(vp, QHelpEvent(QEvent.Type.ToolTip, pos, vp.mapToGlobal(pos)))
    return QToolTip.text()


def test_every_item_has_a_tooltip_with_restrictions_spelled_out(make_window, drive,
                                                                tmp_path) -> None:
    w = make_window(_board(tmp_path))
    d = drive(w)
    d.one_to_one()
    tip = _tip_at(w, d, 200, 200)
    assert tip.startswith("Bridge c1 (1 - 2)")
    assert "barred: elephant; ships pass under (sea lane c9)" in tip
    assert _tip_at(w, d, 400, 200) == "Road c2 (2 - 3)"
    assert _tip_at(w, d, 300, 400).startswith("Sea field 4\nid 4")
    QToolTip.hideText()


def test_field_tooltip_names_the_printed_number_first_and_the_id_as_a_detail(
        make_window, drive, tmp_path) -> None:
    """BOARD-5: hovering field id '3' printed 37 says 'Land field 37', then 'id 3'; a number
    printed on two fields is qualified by island ('7/west')."""
    from editor.gui.board.tooltips import field_tip
    from editor.model import load_board
    from editor.model.names import FieldNames

    path = _board(tmp_path)
    b = load_board(path).model
    E.set_attr(b, "fields", ["3"], "number", 37)
    E.set_attr(b, "fields", ["3"], "former_ids", ["s.L36"])
    Path(path).write_text(dump_board(b))
    w = make_window(path)
    d = drive(w)
    d.one_to_one()
    assert _tip_at(w, d, 500, 200) == "Land field 37\nid 3 (formerly s.L36)"
    QToolTip.hideText()
    for fid, island in (("1", "west"), ("2", "east")):
        E.set_attr(b, "fields", [fid], "number", 7)
        E.set_attr(b, "fields", [fid], "island", island)
    assert field_tip(b.fields[0], {}, FieldNames(b)).startswith("Land field 7/west\nid 1\n")


def test_scan_opacity_and_disc_size_are_remembered(make_window, qtbot, tmp_path) -> None:
    board = _board(tmp_path)
    w = make_window(board)
    trace = w.trace
    radius = trace.scene.radius
    assert trace.opacity.value() == 85
    trace.opacity.setFocus()
    qtbot.keyClick(trace.opacity, Qt.Key.Key_PageDown)  # one page step down
    assert trace.opacity.value() == 75
    assert trace.scene.background.opacity() == 0.75
    trace.disc_size.setFocus()
    qtbot.keyClick(trace.disc_size, Qt.Key.Key_Up)
    assert trace.disc_size.value() == 110
    assert abs(trace.scene.radius - radius * 1.1) < 1e-9
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    again = make_window(board, settings=settings)
    assert again.trace.opacity.value() == 75
    assert again.trace.scene.background.opacity() == 0.75
    assert again.trace.disc_size.value() == 110
    assert abs(again.trace.scene.radius - radius * 1.1) < 1e-9


def test_disc_size_is_derived_from_the_scale(make_window, tmp_path) -> None:
    w = make_window(_board(tmp_path))
    w.doc.apply("Calibrate", E.set_scale, (0, 0), (400, 0), 10)  # 40 px per cm
    assert abs(w.trace.scene.radius - 0.45 * 40) < 1e-9


def test_tool_keys_work_from_any_widget_but_not_while_typing(make_window, qtbot,
                                                             tmp_path) -> None:
    w = make_window(_board(tmp_path))
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    trace = w.trace
    trace.kind_combo.setFocus()  # a tool-bar combo box has the focus, not the view
    qtbot.keyClick(trace.kind_combo, Qt.Key.Key_L)
    assert trace.view.tool.name == "land"
    trace.opacity.setFocus()
    qtbot.keyClick(trace.opacity, Qt.Key.Key_C)
    assert trace.view.tool.name == "connect"
    trace.scene.select_keys([("field", "1")])
    label = trace.inspector.pages["field"].label
    assert isinstance(label, QLineEdit)
    label.setFocus()
    qtbot.keyClicks(label, "Sal")  # S (select), A (arrow slit), L (land) typed as text
    assert label.text() == "Sal"
    assert trace.view.tool.name == "connect"
    trace.view.setFocus()
    qtbot.keyClick(trace.view.viewport(), Qt.Key.Key_S)
    assert trace.view.tool.name == "select"
