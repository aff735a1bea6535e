"""History entries say what was done to what: the seat added, the castles given a moat."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from editor.resources import data_dir


def test_seat_and_moat_entries_name_their_elements(make_window, qtbot) -> None:
    w = make_window(str(data_dir("boards") / "grand-conquest-2p.board.json"))
    page = w.trace.inspector.pages["board"]
    w.trace.inspector.stack.setCurrentWidget(page)
    page.show_ids([])
    page.seat_choice.setCurrentText("west")
    qtbot.mouseClick(page.findChild(QPushButton, "add_seat"), Qt.MouseButton.LeftButton)
    assert w.doc.stack.text(w.doc.stack.index() - 1) == "Add seat west"
    page.seat_list.setCurrentRow([s.id for s in w.doc.board.seats].index("north"))
    page._moat(False)
    assert w.doc.stack.text(w.doc.stack.index() - 1) == "No moat round n.castle"
