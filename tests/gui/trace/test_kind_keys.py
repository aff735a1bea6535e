"""Keys 1-6 choose the connection kind whatever panel has focus (like the tool keys): the
validation panel and the inspector included."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from editor.model.board import ConnectionKind


def _press(qtbot, widget, key) -> None:
    widget.setFocus()
    QApplication.processEvents()
    assert widget.hasFocus() or widget.isAncestorOf(QApplication.focusWidget())
    qtbot.keyClick(QApplication.focusWidget(), key)
    QApplication.processEvents()


def test_kind_keys_work_while_the_validation_panel_or_inspector_has_focus(make_window,
                                                                         qtbot) -> None:
    w = make_window()
    w.trace.set_tool("connect")
    _press(qtbot, w.validation.tree, Qt.Key.Key_2)
    assert w.trace.options.connection_kind == ConnectionKind.SEA_LANE
    assert w.trace.kind_combo.currentData() == ConnectionKind.SEA_LANE
    _press(qtbot, w.trace.inspector, Qt.Key.Key_5)
    assert w.trace.options.connection_kind == ConnectionKind.CASTLE_ACCESS
    _press(qtbot, w.trace.view, Qt.Key.Key_3)
    assert w.trace.options.connection_kind == ConnectionKind.HARBOUR_LINK
