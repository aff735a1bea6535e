"""User-facing counts use the singular for one ("1 error", not "1 errors")."""

from __future__ import annotations

import pytest

from editor.gui.shell.wording import plural
from editor.model import edit as E
from editor.model import save_board
from editor.model.board import Board


@pytest.mark.parametrize(("n", "noun", "text"), [
    (0, "error", "0 errors"), (1, "error", "1 error"), (2, "error", "2 errors"),
    (1, "arrow slit", "1 arrow slit"), (3, "arrow slit", "3 arrow slits"),
    (5, "castle access", "5 castle accesses"), (2, "box", "2 boxes"),
])
def test_plural(n: int, noun: str, text: str) -> None:
    assert plural(n, noun) == text


def test_status_bar_counts_are_singular_for_one(make_window) -> None:
    w = make_window()
    w._counts(1, 1)
    assert w.counts_label.text().strip() == "1 error, 1 warning"
    w._counts(0, 2)
    assert w.counts_label.text().strip() == "0 errors, 2 warnings"


def test_status_bar_counts_of_a_real_board(make_window, tmp_path, qtbot) -> None:
    """One field on an island that does not exist: exactly one DANGLING_REFERENCE error."""
    b = Board(name="One")
    E.add_field(b, 100, 100)
    b.fields[0].island = "nowhere"
    path = tmp_path / "one.board.json"
    save_board(b, path)
    w = make_window(str(path))
    w.validation.refresh()
    assert w.validation.counts()[0] == 1
    assert w.counts_label.text().strip().startswith("1 error,")
    assert "errors" not in w.counts_label.text().split(",")[0]


def test_inspector_counts_are_singular_for_one(make_window, tmp_path, qtbot) -> None:
    b = Board(name="Counts")
    E.add_field(b, 100, 100)
    E.add_field(b, 200, 100)
    E.add_connection(b, "1", "2")
    path = tmp_path / "counts.board.json"
    save_board(b, path)
    w = make_window(str(path))
    page = w.trace.inspector.pages["board"]
    w.trace.inspector.show_keys([])
    summary = page.summary.text()
    assert summary.startswith("2 fields, 1 connection, 0 regions, 0 arrow slits<br>"), summary
    connection = w.doc.board.connections[0].id
    w.trace.inspector.show_keys([("field", "1"), ("field", "2"), ("connection", connection)])
    mixed = w.trace.inspector.mixed.text()
    assert "1 connection, 2 fields" in mixed and "(s)" not in mixed


def test_undo_text_of_a_deletion_is_singular_for_one(make_window, tmp_path) -> None:
    b = Board(name="Delete")
    E.add_field(b, 100, 100)
    E.add_field(b, 200, 100)
    path = tmp_path / "delete.board.json"
    save_board(b, path)
    w = make_window(str(path))
    w.trace.scene.select_keys([("field", "1")])
    w.trace.delete_selection()
    assert w.doc.stack.undoText() == "Delete 1 element"
    w.doc.stack.undo()
    w.trace.select_all()
    w.trace.delete_selection()
    assert w.doc.stack.undoText() == "Delete 2 elements"
