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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from editor.model.board import (
    ArrowSlit,
    Board,
    Calibration,
    Castle,
    Connection,
    ConnectionKind,
    Field,
    Grail,
    Island,
    IslandKind,
    Placement,
    Region,
    RegionBorder,
    Scale,
    ScanImage,
    Seat,
    Setup,
    Terrain,
    Tower,
)
from editor.model.geometry import distance_to_polygon
from editor.model.types import PieceType, Point

Key = tuple[str, str]

#: collection name on Board -> touched kind
COLLECTIONS = {
    "fields": "field",
    "connections": "connection",
    "regions": "region",
    "arrow_slits": "slit",
    "castles": "castle",
    "seats": "seat",
    "setups": "setup",
    "islands": "island",
}


class EditError(ValueError):
    """An edit that cannot be made; the message is meant for the user."""


# ---- primitive changes ------------------------------------------------------------------


@dataclass
class Insert:
    owner: Any
    attr: str
    index: int
    item: Any

    def apply(self) -> None:
        getattr(self.owner, self.attr).insert(self.index, self.item)

    def revert(self) -> None:
        items = getattr(self.owner, self.attr)
        assert items[self.index] is self.item, "undo history out of step with the board"
        del items[self.index]


@dataclass
class Remove:
    owner: Any
    attr: str
    index: int
    item: Any

    def apply(self) -> None:
        items = getattr(self.owner, self.attr)
        assert items[self.index] is self.item, "undo history out of step with the board"
        del items[self.index]

    def revert(self) -> None:
        getattr(self.owner, self.attr).insert(self.index, self.item)


@dataclass
class Set:
    owner: Any
    attr: str
    old: Any
    new: Any

    def apply(self) -> None:
        setattr(self.owner, self.attr, self.new)

    def revert(self) -> None:
        setattr(self.owner, self.attr, self.old)


Op = Insert | Remove | Set


@dataclass
class Edit:
    """What one operation changed: primitive ops (in order), touched keys, created elements."""

    ops: list[Op] = field(default_factory=list)
    touched: set[Key] = field(default_factory=set)
    created: list[Key] = field(default_factory=list)

    def undo(self, board: Board | None = None) -> None:
        for op in reversed(self.ops):
            op.revert()

    def redo(self, board: Board | None = None) -> None:
        for op in self.ops:
            op.apply()

    @property
    def empty(self) -> bool:
        return not self.ops

    def merge(self, later: Edit) -> None:
        """Fold a later edit into this one (for value changes while dragging or typing).

        Attribute changes of the same object keep this edit's old value and the later new one;
        anything else is appended, so undo still replays everything in reverse.
        """
        sets = {(id(op.owner), op.attr): op for op in self.ops if isinstance(op, Set)}
        for op in later.ops:
            mine = sets.get((id(op.owner), op.attr)) if isinstance(op, Set) else None
            if mine is not None and not any(
                    not isinstance(o, Set) for o in later.ops):
                mine.new = op.new
            else:
                self.ops.append(op)
        self.touched |= later.touched
        self.created += [k for k in later.created if k not in self.created]


class _Recorder:
    """Applies primitive changes and records them; rolls back everything on failure."""

    def __init__(self) -> None:
        self.edit = Edit()

    def touch(self, kind: str, ident: str) -> None:
        self.edit.touched.add((kind, ident))

    def insert(self, owner: Any, attr: str, index: int | None, item: Any) -> None:
        items = getattr(owner, attr)
        index = len(items) if index is None else max(0, min(index, len(items)))
        op = Insert(owner, attr, index, item)
        op.apply()
        self.edit.ops.append(op)

    def remove(self, owner: Any, attr: str, item: Any) -> None:
        items = getattr(owner, attr)
        index = next(i for i, x in enumerate(items) if x is item)
        op = Remove(owner, attr, index, item)
        op.apply()
        self.edit.ops.append(op)

    def set(self, owner: Any, attr: str, value: Any) -> None:
        old = getattr(owner, attr)
        if old == value and type(old) is type(value):
            return
        try:
            setattr(owner, attr, value)
        except ValidationError as exc:
            raise EditError(_validation_message(attr, exc)) from exc
        new = getattr(owner, attr)
        if new == old and type(new) is type(old):
            return
        self.edit.ops.append(Set(owner, attr, old, new))

    def rollback(self) -> None:
        self.edit.undo()
        self.edit = Edit()


def _validation_message(attr: str, exc: ValidationError) -> str:
    err = exc.errors(include_url=False)[0]
    return f"'{attr}': {err['msg']}"


def _run(fn):  # decorator: run an operation with a recorder, roll back on errors
    def wrapper(board: Board, *args, **kwargs) -> Edit:
        rec = _Recorder()
        try:
            fn(rec, board, *args, **kwargs)
        except ValidationError as exc:
            rec.rollback()
            err = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in err["loc"])
            raise EditError(f"{where}: {err['msg']}" if where else err["msg"]) from exc
        except BaseException:
            rec.rollback()
            raise
        return rec.edit

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    wrapper.__qualname__ = fn.__qualname__
    return wrapper


# ---- lookups ----------------------------------------------------------------------------


def find(items: Iterable[Any], ident: str) -> Any | None:
    return next((x for x in items if getattr(x, "id", None) == ident), None)


def _need(items: Iterable[Any], ident: str, what: str) -> Any:
    item = find(items, ident)
    if item is None:
        raise EditError(f"no {what} '{ident}'")
    return item


def node_ids(board: Board) -> set[str]:
    """Ids of fields and regions (they share one id space)."""
    return {f.id for f in board.fields} | {r.id for r in board.regions}


def unique_id(taken: set[str], prefix: str, start: int = 1) -> str:
    n = start
    while f"{prefix}{n}" in taken:
        n += 1
    return f"{prefix}{n}"


def next_number(board: Board) -> int:
    numbers = [f.number for f in board.fields if f.number is not None]
    return max(numbers) + 1 if numbers else 1


def connections_of(board: Board, node: str) -> list[Connection]:
    return [c for c in board.connections if node in (c.a, c.b)]


def connection_between(board: Board, a: str, b: str) -> Connection | None:
    return next((c for c in board.connections if {c.a, c.b} == {a, b}), None)


def nearest_field(board: Board, x: float, y: float, max_dist: float = math.inf,
                  exclude: Iterable[str] = ()) -> Field | None:
    skip = set(exclude)
    best, best_d = None, max_dist
    for f in board.fields:
        if f.id in skip:
            continue
        d = math.hypot(f.x - x, f.y - y)
        if d <= best_d:
            best, best_d = f, d
    return best


def castle_of(board: Board, field_id: str) -> tuple[Castle, int] | None:
    for c in board.castles:
        for i, t in enumerate(c.towers):
            if t.field == field_id:
                return c, i
    return None


# ---- fields -----------------------------------------------------------------------------


@_run
def add_field(rec: _Recorder, board: Board, x: float, y: float,
              terrain: Terrain | str = Terrain.LAND, *, number: int | None = -1,
              ident: str | None = None, label: str = "", island: str | None = None,
              harbour: bool = False) -> None:
    """Add a field at (x, y); number -1 means the next free printed number, id from it."""
    if number == -1:
        number = next_number(board)
    taken = node_ids(board)
    if ident is None:
        ident = str(number) if number is not None and str(number) not in taken else \
            unique_id(taken, "f", number or 1)
    elif ident in taken:
        raise EditError(f"id '{ident}' is already used")
    new = Field(id=ident, terrain=Terrain(terrain), x=x, y=y, number=number, label=label,
                island=island, harbour=harbour)
    rec.insert(board, "fields", None, new)
    rec.touch("field", ident)
    rec.edit.created.append(("field", ident))


@_run
def move_fields(rec: _Recorder, board: Board, positions: dict[str, tuple[float, float]]) -> None:
    """Move fields to new centres; their connections follow (they refer to ids)."""
    by_id = board.field_by_id()
    for fid, (x, y) in positions.items():
        f = by_id.get(fid)
        if f is None:
            raise EditError(f"no field '{fid}'")
        rec.set(f, "x", x)
        rec.set(f, "y", y)
        rec.touch("field", fid)


@_run
def set_attr(rec: _Recorder, board: Board, collection: str, ids: Sequence[str], attr: str,
             value: Any) -> None:
    """Set one attribute of several elements of a collection (multi-selection editing)."""
    kind = COLLECTIONS[collection]
    items = getattr(board, collection)
    for ident in ids:
        item = _need(items, ident, kind)
        if attr == "id":
            raise EditError("use rename() to change an id")
        rec.set(item, attr, value)
        rec.touch(kind, ident)


@_run
def set_board_attr(rec: _Recorder, board: Board, attr: str, value: Any) -> None:
    """Set a top-level board attribute (name, side, description)."""
    rec.set(board, attr, value)
    rec.touch("board", "meta")


def _remove_where(rec: _Recorder, owner: Any, attr: str, doomed: Callable[[Any], bool]) -> list:
    """Remove the items of a list for which doomed(item) is true (last first: cheap, exact)."""
    items = getattr(owner, attr)
    gone = [(i, x) for i, x in enumerate(items) if doomed(x)]
    for i, x in reversed(gone):
        op = Remove(owner, attr, i, x)
        op.apply()
        rec.edit.ops.append(op)
    return [x for _, x in gone]


@_run
def delete(rec: _Recorder, board: Board, keys: Iterable[Key]) -> None:
    """Delete elements by (kind, id): fields with their connections, arrow slits, towers,
    grail and region references and placements; regions with their wilderness paths."""
    wanted: dict[str, set[str]] = {}
    for kind, ident in keys:
        if kind not in ("field", "connection", "region", "slit", *COLLECTIONS.values()):
            raise EditError(f"cannot delete a {kind}")
        wanted.setdefault(kind, set()).add(ident)
    fields = wanted.get("field", set()) & {f.id for f in board.fields}
    regions = wanted.get("region", set()) & {r.id for r in board.regions}
    nodes = fields | regions
    conns = wanted.get("connection", set())
    for c in _remove_where(rec, board, "connections",
                           lambda c: c.id in conns or c.a in nodes or c.b in nodes):
        rec.touch("connection", c.id)
    gone_conns = {i for k, i in rec.edit.touched if k == "connection"}
    slits = wanted.get("slit", set())
    for s in _remove_where(rec, board, "arrow_slits",
                           lambda s: s.id in slits or s.a in fields or s.b in fields):
        rec.touch("slit", s.id)
    castles = wanted.get("castle", set())
    for castle in board.castles:
        if castle.id in castles:
            for t in castle.towers:
                rec.touch("field", t.field)
            continue
        if _remove_where(rec, castle, "towers", lambda t: t.field in fields):
            rec.touch("castle", castle.id)
    g = board.grail
    if g is not None:
        if any(f in fields for f in g.fields):
            rec.set(g, "fields", [x for x in g.fields if x not in fields])
        if g.front in fields:
            rec.set(g, "front", None)
        if any(c in gone_conns for c in g.roads):
            rec.set(g, "roads", [x for x in g.roads if x not in gone_conns])
        if nodes or gone_conns:
            rec.touch("board", "grail")
    for r in board.regions:
        if any(s in fields for s in r.stairs):
            rec.set(r, "stairs", [x for x in r.stairs if x not in fields])
            rec.touch("region", r.id)
        if any(b.field in fields for b in r.borders):
            rec.set(r, "borders", [b for b in r.borders if b.field not in fields])
            rec.touch("region", r.id)
    for setup in board.setups:
        if _remove_where(rec, setup, "placements", lambda p: p.field in fields):
            rec.touch("setup", setup.id)
    for f in _remove_where(rec, board, "fields", lambda f: f.id in fields):
        rec.touch("field", f.id)
    for r in _remove_where(rec, board, "regions", lambda r: r.id in regions):
        rec.touch("region", r.id)
    for kind in ("castle", "seat", "setup", "island"):
        coll = next(k for k, v in COLLECTIONS.items() if v == kind)
        ids = wanted.get(kind, set())
        if ids:
            for item in _remove_where(rec, board, coll, lambda x, ids=ids: x.id in ids):
                rec.touch(kind, item.id)


# ---- connections ------------------------------------------------------------------------


@_run
def add_connection(rec: _Recorder, board: Board, a: str, b: str,
                   kind: ConnectionKind | str = ConnectionKind.ROAD, *, ident: str | None = None,
                   **attrs: Any) -> None:
    """Join two fields (or two regions, for wilderness paths).

    A harbour link also flags its sea end as a harbour.
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
        ident = unique_id(taken, "c", len(board.connections) + 1)
    elif ident in taken:
        raise EditError(f"connection id '{ident}' is already used")
    kind = ConnectionKind(kind)
    if kind == ConnectionKind.BRIDGE and "bridge_class" not in attrs:
        attrs["bridge_class"] = "normal"
    new = Connection(id=ident, kind=kind, a=a, b=b, **attrs)
    rec.insert(board, "connections", None, new)
    if kind == ConnectionKind.HARBOUR_LINK:  # a harbour link starts at a harbour (BF-3)
        for f in board.fields:
            if f.id in (a, b) and f.terrain == Terrain.SEA and not f.harbour:
                rec.set(f, "harbour", True)
                rec.touch("field", f.id)
    rec.touch("connection", ident)
    rec.edit.created.append(("connection", ident))


@_run
def set_connection_kind(rec: _Recorder, board: Board, ids: Sequence[str],
                        kind: ConnectionKind | str) -> None:
    """Change the kind of connections, dropping attributes that no longer fit."""
    kind = ConnectionKind(kind)
    for ident in ids:
        c = _need(board.connections, ident, "connection")
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


@_run
def set_one_way(rec: _Recorder, board: Board, ids: Sequence[str], to_end: str | None,
                pieces: list[PieceType] | None = None) -> None:
    """One-way restriction: to_end is 'a', 'b', a field id, or None to remove it."""
    from editor.model.board import OneWay

    for ident in ids:
        c = _need(board.connections, ident, "connection")
        if to_end is None:
            rec.set(c, "one_way", None)
        else:
            to = {"a": c.a, "b": c.b}.get(to_end, to_end)
            if to not in (c.a, c.b):
                raise EditError(f"'{to}' is not an end of connection '{ident}'")
            rec.set(c, "one_way", OneWay(to=to, pieces=pieces))
        rec.touch("connection", ident)


@_run
def reverse_connection(rec: _Recorder, board: Board, ident: str) -> None:
    c = _need(board.connections, ident, "connection")
    a, b = c.a, c.b
    rec.set(c, "a", b)
    rec.set(c, "b", a)
    rec.touch("connection", ident)


# ---- regions ----------------------------------------------------------------------------


def _points(polygon: Iterable[tuple[float, float]]) -> list[Point]:
    return [Point(x=x, y=y) for x, y in polygon]


@_run
def add_region(rec: _Recorder, board: Board, polygon: Sequence[tuple[float, float]], *,
               ident: str | None = None, **attrs: Any) -> None:
    """Add a wilderness region with an outline of at least three points."""
    if len(polygon) < 3:
        raise EditError("a region needs at least three points")
    taken = node_ids(board)
    if ident is None:
        ident = unique_id(taken, "r", len(board.regions) + 1)
    elif ident in taken:
        raise EditError(f"id '{ident}' is already used")
    new = Region(id=ident, polygon=_points(polygon), **attrs)
    rec.insert(board, "regions", None, new)
    rec.touch("region", ident)
    rec.edit.created.append(("region", ident))


@_run
def set_polygon(rec: _Recorder, board: Board, ident: str,
                polygon: Sequence[tuple[float, float]]) -> None:
    r = _need(board.regions, ident, "region")
    if len(polygon) < 3:
        raise EditError("a region needs at least three points")
    rec.set(r, "polygon", _points(polygon))
    rec.touch("region", ident)


def move_vertex(board: Board, ident: str, index: int, x: float, y: float) -> Edit:
    r = _need(board.regions, ident, "region")
    poly = [(p.x, p.y) for p in r.polygon]
    poly[index] = (x, y)
    return set_polygon(board, ident, poly)


def insert_vertex(board: Board, ident: str, index: int, x: float, y: float) -> Edit:
    """Insert a vertex before position `index` (len(polygon) appends)."""
    r = _need(board.regions, ident, "region")
    poly = [(p.x, p.y) for p in r.polygon]
    poly.insert(index, (x, y))
    return set_polygon(board, ident, poly)


def delete_vertex(board: Board, ident: str, index: int) -> Edit:
    r = _need(board.regions, ident, "region")
    poly = [(p.x, p.y) for p in r.polygon]
    del poly[index]
    return set_polygon(board, ident, poly)


@_run
def set_stairs(rec: _Recorder, board: Board, ident: str, stairs: Sequence[str]) -> None:
    r = _need(board.regions, ident, "region")
    rec.set(r, "stairs", list(dict.fromkeys(stairs)))
    rec.touch("region", ident)
    for s in set(stairs) ^ set(r.stairs):
        rec.touch("field", s)


@_run
def set_borders(rec: _Recorder, board: Board, ident: str,
                borders: Sequence[tuple[str, bool]]) -> None:
    """Set the land fields bordering a region and whether mountains screen each one."""
    r = _need(board.regions, ident, "region")
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


@_run
def set_stair_flag(rec: _Recorder, board: Board, field_ids: Sequence[str], on: bool,
                   region: str | None = None) -> None:
    """Make fields stairs of a region (the given one, else the nearest) or remove them."""
    by_id = board.field_by_id()
    for fid in field_ids:
        f = _need(board.fields, fid, "field")
        if on:
            r = _need(board.regions, region, "region") if region else \
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


# ---- castles, grail, islands ------------------------------------------------------------


@_run
def add_castle(rec: _Recorder, board: Board, seat: str, *, ident: str | None = None,
               moat: bool = False) -> None:
    taken = {c.id for c in board.castles}
    if ident is None:
        ident = seat if seat not in taken else unique_id(taken, f"{seat}-castle")
    elif ident in taken:
        raise EditError(f"castle id '{ident}' is already used")
    rec.insert(board, "castles", None, Castle(id=ident, seat=seat, towers=[], moat=moat))
    rec.touch("castle", ident)
    rec.edit.created.append(("castle", ident))


def _access_for(board: Board, fid: str) -> str:
    conns = connections_of(board, fid)
    if not conns:
        raise EditError(f"connect field '{fid}' to the field in front of the tower first "
                        "(its access)")
    preferred = [c for c in conns if c.kind == ConnectionKind.CASTLE_ACCESS]
    return (preferred or conns)[0].id


@_run
def assign_tower(rec: _Recorder, board: Board, field_id: str, castle_id: str | None,
                 index: int | None = None) -> None:
    """Make a field tower `index` (ring order) of a castle, or no tower when castle_id is None.

    The tower's access is the field's castle-access connection (else its only connection).
    """
    _need(board.fields, field_id, "field")
    current = castle_of(board, field_id)
    access = None
    if current is not None:
        castle, i = current
        access = castle.towers[i].access
        rec.remove(castle, "towers", castle.towers[i])
        rec.touch("castle", castle.id)
    if castle_id is not None:
        castle = _need(board.castles, castle_id, "castle")
        if access is None or not any(c.id == access for c in connections_of(board, field_id)):
            access = _access_for(board, field_id)
        if len(castle.towers) >= 16:
            raise EditError(f"castle '{castle_id}' has too many towers")
        rec.insert(castle, "towers", index, Tower(field=field_id, access=access))
        rec.touch("castle", castle.id)
    rec.touch("field", field_id)


@_run
def set_tower_access(rec: _Recorder, board: Board, field_id: str, access: str) -> None:
    found = castle_of(board, field_id)
    if found is None:
        raise EditError(f"field '{field_id}' is not a tower")
    castle, i = found
    rec.set(castle.towers[i], "access", access)
    rec.touch("castle", castle.id)


def _grail(rec: _Recorder, board: Board) -> Grail:
    if board.grail is None:
        rec.set(board, "grail", Grail(fields=[]))
    return board.grail


@_run
def set_grail_flag(rec: _Recorder, board: Board, field_ids: Sequence[str], on: bool) -> None:
    """Add fields to the grail fields or remove them."""
    for fid in field_ids:
        _need(board.fields, fid, "field")
        if on:
            g = _grail(rec, board)
            if fid not in g.fields:
                if len(g.fields) >= 16:
                    raise EditError("the grail has too many fields")
                rec.set(g, "fields", [*g.fields, fid])
        elif board.grail is not None and fid in board.grail.fields:
            rec.set(board.grail, "fields", [x for x in board.grail.fields if x != fid])
        rec.touch("field", fid)
    rec.touch("board", "grail")


@_run
def set_grail_front(rec: _Recorder, board: Board, field_id: str | None) -> None:
    g = _grail(rec, board)
    old = g.front
    rec.set(g, "front", field_id)
    for f in (old, field_id):
        if f:
            rec.touch("field", f)
    rec.touch("board", "grail")


@_run
def set_grail_road(rec: _Recorder, board: Board, conn_ids: Sequence[str], on: bool) -> None:
    g = _grail(rec, board)
    roads = list(g.roads)
    for cid in conn_ids:
        _need(board.connections, cid, "connection")
        if on and cid not in roads:
            roads.append(cid)
        elif not on and cid in roads:
            roads.remove(cid)
        rec.touch("connection", cid)
    rec.set(g, "roads", roads)
    rec.touch("board", "grail")


@_run
def add_island(rec: _Recorder, board: Board, ident: str, name: str = "",
               kind: IslandKind | str = IslandKind.SMALL) -> None:
    if find(board.islands, ident) is not None:
        raise EditError(f"island id '{ident}' is already used")
    rec.insert(board, "islands", None, Island(id=ident, name=name, kind=IslandKind(kind)))
    rec.touch("island", ident)
    rec.edit.created.append(("island", ident))


@_run
def set_central_flag(rec: _Recorder, board: Board, field_ids: Sequence[str], on: bool) -> None:
    """Put fields on the central island (created as 'central' if missing) or take them off."""
    central = next((i for i in board.islands if i.kind == IslandKind.CENTRAL), None)
    if on and central is None:
        ident = unique_id({i.id for i in board.islands}, "central") \
            if find(board.islands, "central") else "central"
        central = Island(id=ident, name="Central island", kind=IslandKind.CENTRAL)
        rec.insert(board, "islands", None, central)
        rec.touch("island", ident)
    for fid in field_ids:
        f = _need(board.fields, fid, "field")
        if on:
            rec.set(f, "island", central.id)
        elif central is not None and f.island == central.id:
            rec.set(f, "island", None)
        rec.touch("field", fid)


# ---- arrow slits, seats, setups, scale, image -------------------------------------------


@_run
def add_arrow_slit(rec: _Recorder, board: Board, a: str, b: str, *,
                   ident: str | None = None) -> None:
    if a == b:
        raise EditError("an arrow slit needs two different fields")
    fields = board.field_by_id()
    for end in (a, b):
        if end not in fields:
            raise EditError(f"no field '{end}'")
    if any({s.a, s.b} == {a, b} for s in board.arrow_slits):
        raise EditError(f"'{a}' and '{b}' already have an arrow slit")
    taken = {s.id for s in board.arrow_slits}
    if ident is None:
        ident = unique_id(taken, "slit", len(board.arrow_slits) + 1)
    rec.insert(board, "arrow_slits", None, ArrowSlit(id=ident, a=a, b=b))
    rec.touch("slit", ident)
    rec.edit.created.append(("slit", ident))


DEFAULT_SEATS = {
    "south": ("South", "#c0392b"), "west": ("West", "#27ae60"),
    "north": ("North", "#2c6fbb"), "east": ("East", "#d4a017"),
}


@_run
def add_seat(rec: _Recorder, board: Board, ident: str, name: str | None = None,
             colour: str | None = None) -> None:
    if find(board.seats, ident) is not None:
        raise EditError(f"seat '{ident}' already exists")
    dname, dcol = DEFAULT_SEATS.get(ident, (ident.title(), "#888888"))
    rec.insert(board, "seats", None,
               Seat(id=ident, name=name if name is not None else dname, colour=colour or dcol))
    rec.touch("seat", ident)
    rec.edit.created.append(("seat", ident))


@_run
def add_setup(rec: _Recorder, board: Board, ident: str, name: str = "") -> None:
    if find(board.setups, ident) is not None:
        raise EditError(f"setup '{ident}' already exists")
    rec.insert(board, "setups", None, Setup(id=ident, name=name))
    rec.touch("setup", ident)
    rec.edit.created.append(("setup", ident))


@_run
def place_piece(rec: _Recorder, board: Board, setup_id: str, seat: str, field_id: str,
                piece: PieceType | str | None) -> None:
    """Place a start piece on a field (replacing what the setup had there); None removes it."""
    setup = _need(board.setups, setup_id, "setup")
    if field_id not in node_ids(board):
        raise EditError(f"no field '{field_id}'")
    old = next((p for p in setup.placements if p.field == field_id), None)
    index = None
    if old is not None:
        index = next(i for i, p in enumerate(setup.placements) if p is old)
        rec.remove(setup, "placements", old)
    if piece is not None:
        rec.insert(setup, "placements", index,
                   Placement(seat=seat, field=field_id, piece=PieceType(piece)))
    rec.touch("setup", setup_id)
    rec.touch("field", field_id)


@_run
def add_cargo(rec: _Recorder, board: Board, setup_id: str, field_id: str,
              piece: PieceType | str) -> None:
    """Put a piece aboard the start piece on a field (e.g. soldiers on a ship)."""
    from editor.model.board import Cargo

    setup = _need(board.setups, setup_id, "setup")
    carrier = next((p for p in setup.placements if p.field == field_id), None)
    if carrier is None:
        raise EditError(f"no start piece on '{field_id}' to carry the {PieceType(piece).value}")
    if len(carrier.cargo) >= 4:
        raise EditError(f"the {carrier.piece.value} on '{field_id}' carries 4 pieces already")
    rec.set(carrier, "cargo", [*carrier.cargo, Cargo(piece=PieceType(piece))])
    rec.touch("setup", setup_id)
    rec.touch("field", field_id)


@_run
def set_scale(rec: _Recorder, board: Board, a: tuple[float, float], b: tuple[float, float],
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


@_run
def set_image(rec: _Recorder, board: Board, path: str | None, width: int = 1,
              height: int = 1) -> None:
    rec.set(board, "image", None if path is None else
            ScanImage(path=path, width=width, height=height))
    rec.touch("board", "image")


def copy_model(model: BaseModel) -> BaseModel:
    """A deep copy (for snapshots)."""
    return model.model_copy(deep=True)
