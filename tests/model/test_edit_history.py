"""The Qt-free undo history (`editor.model.edit_base.EditHistory`) holds board edits as it holds
variant edits: consecutive edits with one merge key are one step, and a step merged back to
its start is dropped (Tiled's obsolete rule, issue 20 item 3)."""

from __future__ import annotations

from editor.model import edit as E
from editor.model.board import Board
from editor.model.edit_base import EditHistory


def _board() -> Board:
    b = Board(name="History")
    E.add_field(b, 100, 100)
    return b


def test_a_board_edit_merged_back_to_its_start_leaves_no_step() -> None:
    board = _board()
    history = EditHistory()
    for label in ("K", "Ke", "K", ""):
        history.push(E.set_attr(board, "fields", ["1"], "label", label), merge_key="label")
    assert history.done == []
    assert board.field_by_id()["1"].label == ""


def test_merged_board_edits_undo_as_one_step() -> None:
    board = _board()
    history = EditHistory()
    for x in (110.0, 120.0, 130.0):
        history.push(E.move_fields(board, {"1": (x, 100.0)}), merge_key="drag")
    history.push(E.set_attr(board, "fields", ["1"], "label", "A"))
    assert len(history.done) == 2
    assert history.undo() and history.undo() and not history.undo()
    field = board.field_by_id()["1"]
    assert (field.x, field.label) == (100.0, "")
    assert history.redo()
    assert board.field_by_id()["1"].x == 130.0
