"""Ids and printed numbers (no Qt): renaming an element updates every reference to it, and
renumbering fields in the order they are clicked (the numbering tool)."""

from __future__ import annotations

from editor.model.board import Board
from editor.model.edit_base import (
    EditError,
    Recorder,
    need,
    node_ids,
    operation,
    retired_ids,
)

#: kinds rename() handles -> the board collection holding them
RENAMEABLE = {"field": "fields", "connection": "connections", "region": "regions",
              "slit": "arrow_slits"}


def _swap(value: str | None, old: str, new: str) -> str | None:
    return new if value == old else value


def _rename_node(rec: Recorder, board: Board, old: str, new: str) -> None:
    """Every reference to a field or region id (they share one id space)."""
    for c in board.connections:
        if old in (c.a, c.b):
            rec.set(c, "a", _swap(c.a, old, new))
            rec.set(c, "b", _swap(c.b, old, new))
            rec.touch("connection", c.id)
        if c.one_way is not None and c.one_way.to == old:
            rec.set(c, "one_way", c.one_way.model_copy(update={"to": new}))
            rec.touch("connection", c.id)
    for s in board.arrow_slits:
        if old in (s.a, s.b):
            rec.set(s, "a", _swap(s.a, old, new))
            rec.set(s, "b", _swap(s.b, old, new))
            rec.touch("slit", s.id)
    for castle in board.castles:
        for t in castle.towers:
            if t.field == old:
                rec.set(t, "field", new)
                rec.touch("castle", castle.id)
    g = board.grail
    if g is not None and (old in g.fields or g.front == old):
        rec.set(g, "fields", [_swap(f, old, new) for f in g.fields])
        rec.set(g, "front", _swap(g.front, old, new))
        rec.touch("board", "grail")
    for r in board.regions:
        if old in r.stairs:
            rec.set(r, "stairs", [_swap(f, old, new) for f in r.stairs])
            rec.touch("region", r.id)
        if any(b.field == old for b in r.borders):
            rec.set(r, "borders", [b.model_copy(update={"field": new}) if b.field == old else b
                                   for b in r.borders])
            rec.touch("region", r.id)
    for setup in board.setups:
        for p in setup.placements:
            if p.field == old:
                rec.set(p, "field", new)
                rec.touch("setup", setup.id)


def _rename_connection(rec: Recorder, board: Board, old: str, new: str) -> None:
    for castle in board.castles:
        for t in castle.towers:
            if t.access == old:
                rec.set(t, "access", new)
                rec.touch("castle", castle.id)
    for c in board.connections:
        if c.under_lane == old:
            rec.set(c, "under_lane", new)
            rec.touch("connection", c.id)
    g = board.grail
    if g is not None and old in g.roads:
        rec.set(g, "roads", [_swap(c, old, new) for c in g.roads])
        rec.touch("board", "grail")


@operation
def rename(rec: Recorder, board: Board, kind: str, old: str, new: str) -> None:
    """Give an element a new id; every reference to it follows (connections, arrow slits,
    towers and accesses, grail, stairs and borders, start pieces, ships under)."""
    if kind not in RENAMEABLE:
        raise EditError(f"cannot rename a {kind}")
    new = new.strip()
    items = getattr(board, RENAMEABLE[kind])
    element = need(items, old, kind)
    if new == old:
        return
    if not new:
        raise EditError("an id cannot be empty")
    taken = node_ids(board) if kind in ("field", "region") else {x.id for x in items}
    if new in taken:
        raise EditError(f"id '{new}' is already used")
    if new in retired_ids(board):
        raise EditError(f"id '{new}' belonged to a deleted element; ids are not reused")
    rec.set(element, "id", new)
    if kind in ("field", "region"):
        _rename_node(rec, board, old, new)
    elif kind == "connection":
        _rename_connection(rec, board, old, new)
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


@operation
def set_slit_ends(rec: Recorder, board: Board, slit_id: str, a: str, b: str) -> None:
    """Move an arrow slit to two other fields (BF-13): both exist, differ and have no slit."""
    slit = need(board.arrow_slits, slit_id, "arrow slit")
    if a == b:
        raise EditError("an arrow slit needs two different fields")
    fields = board.field_by_id()
    for end in (a, b):
        if end not in fields:
            raise EditError(f"no field '{end}'")
    if any({s.a, s.b} == {a, b} for s in board.arrow_slits if s is not slit):
        raise EditError(f"'{a}' and '{b}' already have an arrow slit")
    rec.set(slit, "a", a)
    rec.set(slit, "b", b)
    rec.touch("slit", slit_id)


def field_by_number(board: Board, number: int):
    """The field printed with `number`, or None."""
    return next((f for f in board.fields if f.number == number), None)


__all__ = ["RENAMEABLE", "field_by_number", "number_field", "rename", "set_slit_ends"]
