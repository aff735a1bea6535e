"""Editing operations on a `Board` (no Qt): the model-level half of the editor's undo commands.

Every operation changes the board in place and returns an `Edit`: the list of primitive changes
it made (insert into a list, remove from a list, set an attribute), each holding the very objects
involved. `Edit.undo(board)` reverts them in reverse order and `Edit.redo(board)` applies them
again, so undoing restores the exact same elements at the exact same positions (and therefore the
exact same file bytes), and redoing re-creates the same objects with the same ids.

An operation that cannot be done raises `EditError` with a message for the user; the board is
then unchanged. `Edit.touched` names what changed as `(kind, id)` pairs (kinds: "field",
"connection", "region", "slit", "castle", "seat", "setup", "island", plus ("board", "grail"),
("board", "scale"), ("board", "image"), ("board", "meta")) so a view can redraw only that.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from editor.model.board import (
    ArrowSlit,
    Board,
    Calibration,
    Connection,
    ConnectionKind,
    Field,
    Region,
    RegionBorder,
    Scale,
    ScanImage,
    Terrain,
)
from editor.model.edit_base import (
    COLLECTIONS,
    Edit,
    EditError,
    Insert,
    Key,
    Recorder,
    Remove,
    Set,
    castle_of,
    connection_between,
    connections_of,
    find,
    fresh_id,
    nearest_field,
    need,
    next_number,
    node_ids,
    operation,
    retired_ids,
    unique_id,
)
from editor.model.edit_delete import delete
from editor.model.edit_ids import check_slit_ends, number_field, rename, set_slit_ends
from editor.model.edit_seats import (
    DEFAULT_SEATS,
    add_cargo,
    add_castle,
    add_island,
    add_seat,
    add_setup,
    assign_tower,
    build_castle,
    place_piece,
    set_central_flag,
    set_grail_fields,
    set_grail_flag,
    set_grail_front,
    set_grail_road,
    set_tower_access,
)
from editor.model.geometry import distance_to_polygon
from editor.model.types import PieceType, Point

__all__ = [  # the whole editing API in one namespace (`from editor.model import edit as ops`)
    "COLLECTIONS",
    "DEFAULT_SEATS",
    "PIECE_LISTS",
    "Edit",
    "EditError",
    "Insert",
    "Key",
    "Recorder",
    "Remove",
    "Set",
    "add_arrow_slit",
    "add_cargo",
    "add_castle",
    "add_connection",
    "add_field",
    "add_island",
    "add_region",
    "add_seat",
    "add_setup",
    "assign_tower",
    "build_castle",
    "castle_of",
    "connection_between",
    "connections_of",
    "delete",
    "delete_vertex",
    "find",
    "fresh_id",
    "insert_vertex",
    "move_fields",
    "move_vertex",
    "nearest_field",
    "nearest_region",
    "next_number",
    "node_ids",
    "number_field",
    "place_piece",
    "rename",
    "retired_ids",
    "reverse_connection",
    "set_attr",
    "set_board_attr",
    "set_borders",
    "set_central_flag",
    "set_connection_kind",
    "set_grail_fields",
    "set_grail_flag",
    "set_grail_front",
    "set_grail_road",
    "set_image",
    "set_one_way",
    "set_one_way_pieces",
    "set_polygon",
    "set_scale",
    "set_slit_ends",
    "set_stair_flag",
    "set_stairs",
    "set_tower_access",
    "toggle_piece",
    "unique_id",
]


# ---- fields -----------------------------------------------------------------------------


@operation
def add_field(rec: Recorder, board: Board, x: float, y: float,
              terrain: Terrain | str = Terrain.LAND, *, number: int | None = -1,
              ident: str | None = None, label: str = "", island: str | None = None,
              harbour: bool = False) -> None:
    """Add a field at (x, y); number -1 means the next free printed number, id from it."""
    if number == -1:
        number = next_number(board)
    taken = node_ids(board)
    if ident is None:
        ident = str(number) if number is not None and str(number) not in taken | \
            retired_ids(board) else fresh_id(board, taken, "f")
    elif ident in taken:
        raise EditError(f"id '{ident}' is already used")
    new = Field(id=ident, terrain=Terrain(terrain), x=x, y=y, number=number, label=label,
                island=island, harbour=harbour)
    rec.insert(board, "fields", None, new)
    rec.touch("field", ident)
    rec.edit.created.append(("field", ident))


@operation
def move_fields(rec: Recorder, board: Board, positions: dict[str, tuple[float, float]]) -> None:
    """Move fields to new centres; their connections follow (they refer to ids)."""
    by_id = board.field_by_id()
    for fid, (x, y) in positions.items():
        f = by_id.get(fid)
        if f is None:
            raise EditError(f"no field '{fid}'")
        rec.set(f, "x", x)
        rec.set(f, "y", y)
        rec.touch("field", fid)


@operation
def set_attr(rec: Recorder, board: Board, collection: str, ids: Sequence[str], attr: str,
             value: Any) -> None:
    """Set one attribute of several elements of a collection (multi-selection editing)."""
    kind = COLLECTIONS[collection]
    items = getattr(board, collection)
    for ident in ids:
        item = need(items, ident, kind)
        if attr == "id":
            raise EditError("use rename() to change an id")
        rec.set(item, attr, value)
        rec.touch(kind, ident)


@operation
def set_board_attr(rec: Recorder, board: Board, attr: str, value: Any) -> None:
    """Set a top-level board attribute (name, side, description)."""
    rec.set(board, attr, value)
    rec.touch("board", "meta")


# ---- connections ------------------------------------------------------------------------


@operation
def add_connection(rec: Recorder, board: Board, a: str, b: str,
                   kind: ConnectionKind | str = ConnectionKind.ROAD, *, ident: str | None = None,
                   **attrs: Any) -> None:
    """Join two fields (or two regions, for wilderness paths).

    A harbour link also flags its sea end as a harbour (every edit keeps the harbour flags in
    step with the links, `editor.model.derived`).
    """
    if a == b:
        raise EditError("a connection needs two different ends")
    nodes = node_ids(board)
    for end in (a, b):
        if end not in nodes:
            raise EditError(f"no field or region '{end}'")
    existing = connection_between(board, a, b)
    if existing is not None:
        raise EditError(f"'{a}' and '{b}' are already joined by '{existing.id}'")
    taken = {c.id for c in board.connections}
    if ident is None:
        ident = fresh_id(board, taken, "c")
    elif ident in taken:
        raise EditError(f"connection id '{ident}' is already used")
    kind = ConnectionKind(kind)
    if kind == ConnectionKind.BRIDGE and "bridge_class" not in attrs:
        attrs["bridge_class"] = "normal"
    new = Connection(id=ident, kind=kind, a=a, b=b, **attrs)
    rec.insert(board, "connections", None, new)  # its harbour: `editor.model.derived`
    rec.touch("connection", ident)
    rec.edit.created.append(("connection", ident))


@operation
def set_connection_kind(rec: Recorder, board: Board, ids: Sequence[str],
                        kind: ConnectionKind | str) -> None:
    """Change the kind of connections, dropping attributes that no longer fit."""
    kind = ConnectionKind(kind)
    regions = {r.id for r in board.regions}
    for ident in ids:
        c = need(board.connections, ident, "connection")
        path = kind == ConnectionKind.WILDERNESS_PATH
        if path != (c.a in regions and c.b in regions):  # BF-10: paths join two regions
            raise EditError(f"a {kind.value.replace('_', ' ')} joins "
                            f"{'two regions' if path else 'fields'}; connection '{ident}' "
                            f"joins {'fields' if path else 'regions'}")
        rec.set(c, "kind", kind)
        if kind == ConnectionKind.BRIDGE:
            if c.bridge_class is None:
                rec.set(c, "bridge_class", "normal")
        else:
            rec.set(c, "bridge_class", None)
            rec.set(c, "under_lane", None)
        if kind != ConnectionKind.CASTLE_ACCESS:
            rec.set(c, "drawbridge", False)
        if kind != ConnectionKind.WILDERNESS_PATH:
            rec.set(c, "crossing", None)
        rec.touch("connection", ident)


@operation
def set_one_way(rec: Recorder, board: Board, ids: Sequence[str], to_end: str | None,
                pieces: list[PieceType] | None = None) -> None:
    """One-way restriction: to_end is 'a', 'b', a field id, or None to remove it."""
    from editor.model.board import OneWay

    for ident in ids:
        c = need(board.connections, ident, "connection")
        if to_end is None:
            rec.set(c, "one_way", None)
        else:
            to = {"a": c.a, "b": c.b}.get(to_end, to_end)
            if to not in (c.a, c.b):
                raise EditError(f"'{to}' is not an end of connection '{ident}'")
            rec.set(c, "one_way", OneWay(to=to, pieces=pieces))
        rec.touch("connection", ident)


@operation
def reverse_connection(rec: Recorder, board: Board, ident: str) -> None:
    c = need(board.connections, ident, "connection")
    a, b = c.a, c.b
    rec.set(c, "a", b)
    rec.set(c, "b", a)
    rec.touch("connection", ident)


PIECE_LISTS = ("barred", "only_unloaded")


def _toggled(values: Iterable[PieceType], piece: PieceType | str, on: bool) -> list[PieceType]:
    piece = PieceType(piece)
    out = [p for p in values if p != piece]
    return [*out, piece] if on else out


@operation
def toggle_piece(rec: Recorder, board: Board, ids: Sequence[str], attr: str,
                 piece: PieceType | str, on: bool) -> None:
    """Add a piece type to (on) or take it off a per-piece list of connections: `barred` or
    `only_unloaded`; the other entries of each connection's list stay as they are."""
    if attr not in PIECE_LISTS:
        raise EditError(f"'{attr}' is not a list of pieces of a connection")
    for ident in ids:
        c = need(board.connections, ident, "connection")
        current = getattr(c, attr)
        if (PieceType(piece) in current) != on:
            rec.set(c, attr, _toggled(current, piece, on))
        rec.touch("connection", ident)


@operation
def set_one_way_pieces(rec: Recorder, board: Board, ids: Sequence[str], piece: PieceType | str,
                       on: bool) -> None:
    """Make a one-way restriction bind a piece type (on) or not; connections that are not one
    way are left alone. No pieces left means the variant decides which pieces it binds."""
    from editor.model.board import OneWay

    for ident in ids:
        c = need(board.connections, ident, "connection")
        if c.one_way is None or (PieceType(piece) in (c.one_way.pieces or [])) == on:
            continue
        pieces = _toggled(c.one_way.pieces or [], piece, on)
        rec.set(c, "one_way", OneWay(to=c.one_way.to, pieces=pieces or None))
        rec.touch("connection", ident)


# ---- regions ----------------------------------------------------------------------------


def _points(polygon: Iterable[tuple[float, float]]) -> list[Point]:
    return [Point(x=x, y=y) for x, y in polygon]


@operation
def add_region(rec: Recorder, board: Board, polygon: Sequence[tuple[float, float]], *,
               ident: str | None = None, **attrs: Any) -> None:
    """Add a wilderness region with an outline of at least three points."""
    if len(polygon) < 3:
        raise EditError("a region needs at least three points")
    taken = node_ids(board)
    if ident is None:
        ident = fresh_id(board, taken, "r")
    elif ident in taken:
        raise EditError(f"id '{ident}' is already used")
    new = Region(id=ident, polygon=_points(polygon), **attrs)
    rec.insert(board, "regions", None, new)
    rec.touch("region", ident)
    rec.edit.created.append(("region", ident))


@operation
def set_polygon(rec: Recorder, board: Board, ident: str,
                polygon: Sequence[tuple[float, float]]) -> None:
    r = need(board.regions, ident, "region")
    if len(polygon) < 3:
        raise EditError("a region needs at least three points")
    rec.set(r, "polygon", _points(polygon))
    rec.touch("region", ident)


def move_vertex(board: Board, ident: str, index: int, x: float, y: float) -> Edit:
    r = need(board.regions, ident, "region")
    poly = [(p.x, p.y) for p in r.polygon]
    poly[index] = (x, y)
    return set_polygon(board, ident, poly)


def insert_vertex(board: Board, ident: str, index: int, x: float, y: float) -> Edit:
    """Insert a vertex before position `index` (len(polygon) appends)."""
    r = need(board.regions, ident, "region")
    poly = [(p.x, p.y) for p in r.polygon]
    poly.insert(index, (x, y))
    return set_polygon(board, ident, poly)


def delete_vertex(board: Board, ident: str, index: int) -> Edit:
    r = need(board.regions, ident, "region")
    poly = [(p.x, p.y) for p in r.polygon]
    del poly[index]
    return set_polygon(board, ident, poly)


@operation
def set_stairs(rec: Recorder, board: Board, ident: str, stairs: Sequence[str]) -> None:
    r = need(board.regions, ident, "region")
    rec.set(r, "stairs", list(dict.fromkeys(stairs)))
    rec.touch("region", ident)
    for s in set(stairs) ^ set(r.stairs):
        rec.touch("field", s)


@operation
def set_borders(rec: Recorder, board: Board, ident: str,
                borders: Sequence[tuple[str, bool]]) -> None:
    """Set the land fields bordering a region and whether mountains screen each one."""
    r = need(board.regions, ident, "region")
    seen: dict[str, bool] = {}
    for fid, screened in borders:
        seen[fid] = bool(screened)
    rec.set(r, "borders", [RegionBorder(field=f, screened=s) for f, s in seen.items()])
    rec.touch("region", ident)


def nearest_region(board: Board, x: float, y: float) -> Region | None:
    best, best_d = None, math.inf
    for r in board.regions:
        d = distance_to_polygon((x, y), [(p.x, p.y) for p in r.polygon])
        if d < best_d:
            best, best_d = r, d
    return best


@operation
def set_stair_flag(rec: Recorder, board: Board, field_ids: Sequence[str], on: bool,
                   region: str | None = None) -> None:
    """Make fields stairs of a region (the given one, else the nearest) or remove them."""
    by_id = board.field_by_id()
    for fid in field_ids:
        f = need(board.fields, fid, "field")
        if on:
            r = need(board.regions, region, "region") if region else \
                nearest_region(board, by_id[fid].x, by_id[fid].y)
            if r is None:
                raise EditError("draw a wilderness region first; stairs lead into a region")
            if fid not in r.stairs:
                rec.set(r, "stairs", [*r.stairs, fid])
                rec.touch("region", r.id)
        else:
            for r in board.regions:
                if fid in r.stairs:
                    rec.set(r, "stairs", [s for s in r.stairs if s != fid])
                    rec.touch("region", r.id)
        rec.touch("field", f.id)


# ---- arrow slits, seats, setups, scale, image -------------------------------------------


@operation
def add_arrow_slit(rec: Recorder, board: Board, a: str, b: str, *,
                   ident: str | None = None) -> None:
    """A new arrow slit between fields `a` and `b` (BF-13)."""
    check_slit_ends(board, a, b)
    taken = {s.id for s in board.arrow_slits}
    if ident is None:
        ident = fresh_id(board, taken, "slit")
    rec.insert(board, "arrow_slits", None, ArrowSlit(id=ident, a=a, b=b))
    rec.touch("slit", ident)
    rec.edit.created.append(("slit", ident))


@operation
def set_scale(rec: Recorder, board: Board, a: tuple[float, float], b: tuple[float, float],
              distance_cm: float) -> None:
    """Calibrate the scale from two points a known printed distance apart."""
    if distance_cm <= 0:
        raise EditError("the distance must be positive")
    px = math.hypot(a[0] - b[0], a[1] - b[1])
    if px <= 0:
        raise EditError("the two calibration points must differ")
    cal = Calibration(a=Point(x=a[0], y=a[1]), b=Point(x=b[0], y=b[1]), distance_cm=distance_cm)
    rec.set(board, "scale", Scale(px_per_cm=px / distance_cm, calibration=cal))
    rec.touch("board", "scale")


@operation
def set_image(rec: Recorder, board: Board, path: str | None, width: int = 1,
              height: int = 1) -> None:
    rec.set(board, "image", None if path is None else
            ScanImage(path=path, width=width, height=height))
    rec.touch("board", "image")
