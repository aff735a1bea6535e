"""The board page's seat editor shows the current board's seats only: a new board without
seats opened after one with seats shows empty seat fields."""

from __future__ import annotations

from support.guikit import make_scan

from editor.resources import data_dir


def test_seat_editor_forgets_the_previous_boards_seat(make_window, tmp_path) -> None:
    w = make_window(str(data_dir("boards") / "grand-conquest-4p.board.json"))
    page = w.trace.inspector.pages["board"]
    page.show_ids([])
    assert page.seat_name.text() and page.seat_colour.text()
    assert w.files.new_from_scan(str(make_scan(tmp_path / "scan.png")))
    page.show_ids([])
    assert not w.doc.board.seats
    assert (page.seat_name.text(), page.seat_colour.text()) == ("", "")
    assert not page.moat.isChecked()


def test_file_new_board_opens_an_empty_board(make_window) -> None:
    w = make_window(str(data_dir("boards") / "grand-conquest-4p.board.json"))
    action = next(a for a in w.menuBar().actions()[0].menu().actions()
                  if a.text() == "New &board")
    action.trigger()
    board = w.doc.board
    assert (board.fields, board.seats, board.image) == ([], [], None)
    assert w.doc.path is None
