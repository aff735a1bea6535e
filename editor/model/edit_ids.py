"""Ids and printed numbers (no Qt): renaming an element updates every reference to it, and
renumbering fields in the order they are clicked (the numbering tool)."""

from __future__ import annotations

from editor.model.board import Board
from editor.model.edit_base import EditError, Recorder, need, operation, retired_ids
from editor.model.refs import KIND, RENAMEABLE, ids_of, occurrences, refs_to


def _follow(rec: Recorder, board: Board, space: str, old: str, new: str) -> None:
    """Every reference to `old` in this id space takes the new id (the reference table)."""
    for ref in refs_to(space):
        for occ in list(occurrences(board, ref, only={old})):
            if occ.index is None:
                rec.set(occ.holder, occ.attr, new)
            else:
                rec.set(occ.holder, occ.attr, [new if v == old else v
                                               for v in getattr(occ.holder, occ.attr)])
            rec.touch(*occ.key)


@operation
def rename(rec: Recorder, board: Board, kind: str, old: str, new: str) -> None:
    """Give an element a new id; every reference to it follows (`editor.model.refs.REFS`)."""
    if kind not in RENAMEABLE:
        raise EditError(f"cannot rename a {kind}")
    new = new.strip()
    items = getattr(board, RENAMEABLE[kind])
    element = need(items, old, kind)
    if new == old:
        return
    if not new:
        raise EditError("an id cannot be empty")
    space = KIND[kind].space
    taken = ids_of(board, space)
    if new in taken:
        raise EditError(f"id '{new}' is already used")
    if new in retired_ids(board):
        raise EditError(f"id '{new}' belonged to a deleted element; ids are not reused")
    rec.set(element, "id", new)
    _follow(rec, board, space, old, new)
    rec.touch(kind, old)
    rec.touch(kind, new)


@operation
def number_field(rec: Recorder, board: Board, field_id: str, number: int) -> None:
    """Give a field a printed number (the numbering tool); a field that had that number takes
    over the clicked field's old one, so no two fields share a number (BF-19)."""
    field = need(board.fields, field_id, "field")
    if number < 0:
        raise EditError("printed numbers start at 0")
    other = next((f for f in board.fields if f.number == number and f is not field), None)
    if other is not None:
        rec.set(other, "number", field.number)
        rec.touch("field", other.id)
    rec.set(field, "number", number)
    rec.touch("field", field_id)


def check_slit_ends(board: Board, a: str, b: str, moving: object = None) -> None:
    """EditError unless an arrow slit may join `a` and `b` (BF-13): two different fields that
    exist and have no slit yet (other than `moving`, the slit being moved)."""
    if a == b:
        raise EditError("an arrow slit needs two different fields")
    fields = board.field_by_id()
    for end in (a, b):
        if end not in fields:
            raise EditError(f"no field '{end}'")
    if any({s.a, s.b} == {a, b} for s in board.arrow_slits if s is not moving):
        raise EditError(f"'{a}' and '{b}' already have an arrow slit")


@operation
def set_slit_ends(rec: Recorder, board: Board, slit_id: str, a: str, b: str) -> None:
    """Move an arrow slit to two other fields (BF-13): both exist, differ and have no slit."""
    slit = need(board.arrow_slits, slit_id, "arrow slit")
    check_slit_ends(board, a, b, moving=slit)
    rec.set(slit, "a", a)
    rec.set(slit, "b", b)
    rec.touch("slit", slit_id)


def field_by_number(board: Board, number: int):
    """The field printed with `number`, or None."""
    return next((f for f in board.fields if f.number == number), None)


__all__ = ["RENAMEABLE", "field_by_number", "number_field", "rename", "set_slit_ends"]
