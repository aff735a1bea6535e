"""The inspector shows a new selection from the top of its page (an old scroll position made
a short page look blank)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from editor.resources import data_dir


def test_new_selection_starts_at_the_top(make_window) -> None:
    w = make_window(str(data_dir("boards") / "grand-conquest-2p.board.json"))
    inspector = w.trace.inspector
    inspector.resize(420, 200)                      # a short dock: the board page scrolls
    inspector.show_keys([])
    QApplication.processEvents()
    bar = inspector.verticalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(bar.maximum())
    field = w.doc.board.fields[0].id
    inspector.show_keys([("field", field)])
    QApplication.processEvents()
    assert bar.value() == 0
    bar.setValue(bar.maximum())
    before = bar.value()
    inspector.show_keys([("field", field)])        # the same selection (after an edit) stays
    assert bar.value() == before
