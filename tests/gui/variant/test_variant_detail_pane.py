"""The configurator's description pane follows what is being edited: the row whose editor has
the focus, and the tab shown (it kept describing the first row)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication


def _configurator(window):
    mode = window.switcher.modes["variant"]
    assert window.switch_mode("variant")
    assert mode.open_ref("conquest-4p")
    return mode


def test_description_follows_the_focused_editor_and_the_tab(make_window) -> None:
    w = make_window()
    mode = _configurator(w)
    first = mode.detail.toPlainText()
    mode.form.editors["/options/no_capture_rounds"].spin.setFocus()
    QApplication.processEvents()
    text = mode.detail.toPlainText()
    assert text != first and "no_capture_rounds" in text
    mode.tabs.setCurrentIndex(1)                                   # Pieces
    mode.pieces.editors["/pieces/soldier/range"].spin.setFocus()
    QApplication.processEvents()
    assert "/pieces/soldier/range" in mode.detail.toPlainText()
    mode.tabs.setCurrentIndex(3)                                   # Overlays: nothing to describe
    assert "Select an option" in mode.detail.toPlainText()
    mode.tabs.setCurrentIndex(0)
    assert "no_capture_rounds" in mode.detail.toPlainText()
