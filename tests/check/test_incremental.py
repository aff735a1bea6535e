"""The incremental re-check (`editor.check.incremental`): after an edit, the findings of the
touched elements and of those depending on them equal the whole board's findings restricted to
those elements (the whole-board checks, reachability and one-way direction, left aside)."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.check.board_checks import check_board
from editor.check.editor_codes import check_ids_and_numbers
from editor.check.incremental import GLOBAL_CODES, BoardMaps, recheck
from editor.model import edit as ops
from editor.model import load_board
from editor.model.board import Board

GC4 = Path(__file__).resolve().parents[2] / "boards" / "grand-conquest-4p.board.json"


def _full(board: Board) -> list:
    return [*check_board(board), *check_ids_and_numbers(board)]


def _restricted(board: Board, elements: set[str]) -> list:
    return [f for f in _full(board) if f.code not in GLOBAL_CODES and f.element in elements]


def _local(findings: list) -> list:
    """What a merge must get right: every finding but the whole-board ones (pointers of kept
    findings may be stale after a removal until the full check replaces them)."""
    return sorted((f.code, f.element, f.message) for f in findings
                  if f.code not in GLOBAL_CODES and f.code != "DUPLICATE_ID")


def _field(board: Board, i: int) -> str:
    return board.fields[i].id


def _castle_tower(board: Board) -> str:
    return board.castles[0].towers[2].field


def _road(board: Board) -> str:
    return next(c.id for c in board.connections if c.kind.value == "road")


EDITS = {
    "move a field out of the image": lambda b: ops.move_fields(
        b, {_field(b, 10): (b.image.width + 50.0, 20.0)}),
    "a road becomes a sea lane": lambda b: ops.set_connection_kind(b, [_road(b)], "sea_lane"),
    "add a connection to a tower": lambda b: ops.add_connection(
        b, _castle_tower(b), _field(b, 3), "road"),
    "add a sea lane between land fields": lambda b: ops.add_connection(
        b, _field(b, 40), _field(b, 200), "sea_lane"),
    "delete a connection": lambda b: ops.delete(b, [("connection", _road(b))]),
    "delete a tower's access": lambda b: ops.delete(
        b, [("connection", b.castles[0].towers[0].access)]),
    "delete a field": lambda b: ops.delete(b, [("field", _field(b, 25))]),
    "rename a field": lambda b: ops.rename(b, "field", _field(b, 30), "renamed-30"),
    "rename a connection": lambda b: ops.rename(b, "connection", _road(b), "renamed-road"),
    "field to sea": lambda b: ops.set_attr(b, "fields", [_field(b, 50)], "terrain", "sea"),
    "tower to sea": lambda b: ops.set_attr(b, "fields", [_castle_tower(b)], "terrain", "sea"),
    "grail field to sea": lambda b: ops.set_attr(b, "fields", [b.grail.fields[0]], "terrain",
                                                 "sea"),
    "a number used twice": lambda b: ops.set_attr(b, "fields", [_field(b, 60)], "number",
                                                  b.fields[61].number),
    "harbour flag off": lambda b: ops.set_attr(
        b, "fields", [next(f.id for f in b.fields if f.harbour)], "harbour", False),
    "add an arrow slit over a road": lambda b: ops.add_arrow_slit(
        b, *next((c.a, c.b) for c in b.connections if c.kind.value == "road")),
    "add a field": lambda b: ops.add_field(b, 100.0, 100.0, "sea"),
}


@pytest.mark.parametrize("name", list(EDITS))
def test_incremental_findings_equal_the_full_check_restricted(name: str) -> None:
    board = load_board(GC4).model
    maps = BoardMaps(board)  # kept from edit to edit, as the editor does
    shown = _full(board)
    edit = EDITS[name](board)
    assert not edit.empty
    result = recheck(board, edit.touched, maps)
    assert result is not None
    assert {k[1] for k in edit.touched} <= result.elements
    assert result.findings == _restricted(board, result.elements)
    assert _local(result.merge(shown)) == _local(_full(board))  # nothing outside went stale
    assert recheck(board, edit.touched).findings == result.findings  # fresh maps: the same
    shown = _full(board)
    edit.undo()  # and back: the findings of the same elements on the board before the edit
    back = recheck(board, edit.touched, maps)
    assert back.findings == _restricted(board, back.elements)
    assert _local(back.merge(shown)) == _local(_full(board))


def test_the_edit_shows_a_new_finding_and_the_merge_keeps_the_rest() -> None:
    board = load_board(GC4).model
    before = _full(board)
    edit = EDITS["move a field out of the image"](board)
    result = recheck(board, edit.touched)
    assert [f.code for f in result.findings] == ["FIELD_OUTSIDE_IMAGE"]
    merged = result.merge(before)
    full = _full(board)
    assert sorted(f.message for f in merged) == sorted(f.message for f in full)


def test_an_edit_of_the_whole_board_is_left_to_the_full_check() -> None:
    board = load_board(GC4).model
    assert recheck(board, {("board", "image")}) is None
