"""The trace inspector and tools in Italian and German (issue 25 build item 3): the board
page's labels, counts and buttons, a field's page, the tools' names and hints, and the live
switch re-labelling them (`TraceMode.retranslate`)."""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QLabel, QPushButton

from editor.i18n import set_language
from editor.resources import data_dir

BOARD = data_dir("boards") / "conquest-2p.board.json"


def _labels(widget) -> set[str]:
    return {w.text() for w in widget.findChildren(QLabel) if w.text()}


def test_the_board_page_in_italian(make_window) -> None:
    set_language("it")
    w = make_window(str(BOARD))
    page = w.trace.inspector.pages["board"]
    page.show_ids([])
    labels = _labels(page)
    assert {"<b>Plancia</b>", "Caselle Missione", "Isola principale", "Nome",
            "Colore"} <= labels
    assert {b.title() for b in page.findChildren(QGroupBox)} >= {"Posti e castelli",
                                                                 "Schieramenti e isole"}
    assert {b.text() for b in page.findChildren(QPushButton)} >= {"Aggiungi posto",
                                                                   "Aggiungi castello"}
    board = w.doc.board
    assert page.summary.text().startswith(f"{len(board.fields)} caselle, ")
    assert "Scala:" in page.summary.text() and "Scan:" not in page.summary.text()
    assert "caselle del castello" in page.seat_list.item(0).text()


def test_a_field_page_and_the_tools_in_italian(make_window) -> None:
    set_language("it")
    w = make_window(str(BOARD))
    field = w.doc.board.fields[0]
    w.trace.inspector.show_keys([("field", field.id)])
    page = w.trace.inspector.pages["field"]
    assert page.title.text().startswith("<b>Casella di ")
    assert w.trace.tool_actions["land"].text() == "Aggiungi casella di terra (L)"
    w.trace.set_tool("number")
    assert w.statusBar().currentMessage().startswith("Numerazione: fai clic sulla casella")


def test_live_switch_relabels_the_inspector_and_the_tools(make_window) -> None:
    w = make_window(str(BOARD))
    page = w.trace.inspector.pages["board"]
    page.show_ids([])
    assert "Grail fields" in _labels(page)
    next(a for a in w.menus.language.actions() if a.text() == "Deutsch").trigger()
    assert {"Gralsfelder", "Hauptinsel", "<b>Spielplan</b>"} <= _labels(page)
    assert page.summary.text().startswith(f"{len(w.doc.board.fields)} Felder, ")
    assert w.trace.tool_actions["land"].text() == "Landfeld hinzufügen (L)"
    assert w.trace.inspector_dock.windowTitle() == "Inspektor"
    assert w.trace.piece_combo.currentText() == "Soldat"
    assert w.trace.seat_combo.currentText() in ("Süd", "Nord")
