"""Model-level geometric operations on board elements (no Qt): rotate, mirror, merge.

These are the operations behind the editor's symmetry tool and the reference-board builder
(`boards/build_boards.py`): copy a selection of fields, connections, regions, arrow slits and
castles through a rotation or a mirror with an id mapping, add the copies to a board, and merge
fields that end up on top of each other on the seams (redirecting every reference to them).

All functions are pure: they return new model objects and never modify their inputs.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from editor.model.board import ArrowSlit, Board, Castle, Connection, Field, Placement, Region
from editor.model.refs import retarget, retarget_board
from editor.model.types import Point

XY = tuple[float, float]
#: A point transformation in image pixels.
PointMap = Callable[[float, float], XY]
#: Maps an element id to the id of its copy.
Rename = Callable[[str], str]


@dataclass
class Elements:
    """A selection of board elements that move together."""

    fields: list[Field] = field(default_factory=list)
    connections: list[Connection] = field(default_factory=list)
    regions: list[Region] = field(default_factory=list)
    arrow_slits: list[ArrowSlit] = field(default_factory=list)
    castles: list[Castle] = field(default_factory=list)

    def ids(self) -> set[str]:
        """Ids of every element in the selection."""
        out = {f.id for f in self.fields} | {r.id for r in self.regions}
        out |= {c.id for c in self.connections} | {a.id for a in self.arrow_slits}
        return out | {c.id for c in self.castles}


def select(board: Board, ids: Iterable[str]) -> Elements:
    """The elements of `board` whose id is in `ids`, in board order."""
    wanted = set(ids)
    return Elements(
        fields=[f for f in board.fields if f.id in wanted],
        connections=[c for c in board.connections if c.id in wanted],
        regions=[r for r in board.regions if r.id in wanted],
        arrow_slits=[a for a in board.arrow_slits if a.id in wanted],
        castles=[c for c in board.castles if c.id in wanted],
    )


def rotation(centre: XY, angle_deg: float) -> PointMap:
    """Rotation about `centre` by `angle_deg`, clockwise on screen (image y points down).

    Multiples of 90 degrees use exact sines and cosines (no trigonometric rounding error), so
    copies made by quarter turns coincide exactly at the model's coordinate precision.
    """
    quarter = angle_deg / 90.0
    if quarter == round(quarter):
        cos, sin = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)][round(quarter) % 4]
    else:
        rad = math.radians(angle_deg)
        cos, sin = math.cos(rad), math.sin(rad)
    cx, cy = centre

    def apply(x: float, y: float) -> XY:
        dx, dy = x - cx, y - cy
        return cx + dx * cos - dy * sin, cy + dx * sin + dy * cos

    return apply


def reflection(a: XY, b: XY) -> PointMap:
    """Mirror across the line through points `a` and `b`."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        raise ValueError("the mirror axis needs two distinct points")

    def apply(x: float, y: float) -> XY:
        t = ((x - a[0]) * dx + (y - a[1]) * dy) / length2
        px, py = a[0] + t * dx, a[1] + t * dy
        return 2 * px - x, 2 * py - y

    return apply


def transform_elements(
    elements: Elements,
    point_map: PointMap,
    rename: Rename,
    *,
    seat_map: Mapping[str, str] | None = None,
    island_map: Mapping[str, str] | None = None,
    reverse_rings: bool = False,
    keep_numbers: bool = False,
) -> tuple[Elements, dict[str, str]]:
    """Copy `elements` through `point_map`, renaming every selected element with `rename`.

    References to elements inside the selection follow the copies; references to anything
    outside it (a connection to an unselected field, a castle access that was not selected) are
    kept, so a copy can hang on to the existing board. Seats and islands are renamed through
    `seat_map` / `island_map` where given. `reverse_rings` reverses the ring order of castle
    towers and region outlines (use it for mirrors, which flip orientation). Printed field
    numbers are not copied (they would be duplicates, BF-19) unless `keep_numbers` is set.

    Returns the copies and the old -> new id map of the selected elements.
    """
    seat_map = seat_map or {}
    island_map = island_map or {}
    ids: dict[str, str] = {i: rename(i) for i in sorted(elements.ids())}
    if len(set(ids.values())) != len(ids):
        raise ValueError("rename maps two selected elements to the same id")

    maps = {"node": ids, "connection": ids, "seat": seat_map, "island": island_map}

    def copy(element, collection: str, **update: object):
        """A deep copy with its new id and every reference mapped (`editor.model.refs`)."""
        new = element.model_copy(update={"id": ids[element.id], **update}).model_copy(deep=True)
        retarget(new, collection, maps)
        return type(element).model_validate(new.model_dump())

    out = Elements()
    for f in elements.fields:
        x, y = point_map(f.x, f.y)
        # a copy is a new field: the original's former ids stay with it (FORMER_ID_CLASH)
        out.fields.append(copy(f, "fields", x=x, y=y, former_ids=[],
                               number=f.number if keep_numbers else None))
    out.connections = [copy(c, "connections") for c in elements.connections]
    for r in elements.regions:
        poly = [Point(x=x, y=y) for x, y in (point_map(p.x, p.y) for p in r.polygon)]
        out.regions.append(copy(r, "regions", polygon=poly[::-1] if reverse_rings else poly))
    out.arrow_slits = [copy(a, "arrow_slits") for a in elements.arrow_slits]
    for c in elements.castles:
        out.castles.append(copy(c, "castles", towers=c.towers[::-1] if reverse_rings
                                else c.towers))
    return out, ids


def rotate_elements(
    elements: Elements,
    centre: XY,
    angle_deg: float,
    rename: Rename,
    *,
    seat_map: Mapping[str, str] | None = None,
    island_map: Mapping[str, str] | None = None,
    keep_numbers: bool = False,
) -> tuple[Elements, dict[str, str]]:
    """Rotated copies of `elements` about `centre` (clockwise on screen) and the id map."""
    return transform_elements(elements, rotation(centre, angle_deg), rename,
                              seat_map=seat_map, island_map=island_map,
                              keep_numbers=keep_numbers)


def mirror_elements(
    elements: Elements,
    axis_a: XY,
    axis_b: XY,
    rename: Rename,
    *,
    seat_map: Mapping[str, str] | None = None,
    island_map: Mapping[str, str] | None = None,
    keep_numbers: bool = False,
) -> tuple[Elements, dict[str, str]]:
    """Mirrored copies of `elements` across the line axis_a-axis_b and the id map.

    Tower rings and region outlines are reversed so that they keep their orientation.
    """
    return transform_elements(elements, reflection(axis_a, axis_b), rename,
                              seat_map=seat_map, island_map=island_map, reverse_rings=True,
                              keep_numbers=keep_numbers)


def map_placements(placements: Iterable[Placement], ids: Mapping[str, str],
                   seat_map: Mapping[str, str]) -> list[Placement]:
    """Start placements moved with an id map (fields) and a seat map (owners)."""
    return [p.model_copy(update={"field": ids.get(p.field, p.field),
                                 "seat": seat_map.get(p.seat, p.seat)}, deep=True)
            for p in placements]


def add_elements(board: Board, elements: Elements) -> Board:
    """A copy of `board` with `elements` appended to its lists (ids are not checked here)."""
    return board.model_copy(update={
        "fields": [*board.fields, *elements.fields],
        "connections": [*board.connections, *elements.connections],
        "regions": [*board.regions, *elements.regions],
        "arrow_slits": [*board.arrow_slits, *elements.arrow_slits],
        "castles": [*board.castles, *elements.castles],
    })


def _pair_key(c: Connection) -> tuple[str, str, str]:
    a, b = sorted((c.a, c.b))
    return c.kind.value, a, b


def redirect(board: Board, field_map: Mapping[str, str],
             connection_map: Mapping[str, str] | None = None) -> Board:
    """Replace references to fields (and connections) by their targets in every element
    (every reference of `editor.model.refs.REFS`).

    Field elements themselves are not removed; see `merge_coincident_fields`.
    """
    return retarget_board(board, {"node": field_map, "connection": connection_map or {}})


def merge_coincident_fields(board: Board, tolerance: float = 0.5) -> tuple[Board, dict[str, str]]:
    """Merge fields lying within `tolerance` pixels of each other (the seams of a symmetry).

    In each group of coincident fields the first one in board order survives; every reference
    to the others (connection ends, one-way targets, towers, grail, stairs, borders, arrow
    slits, placements) is redirected to it and they are removed. Connections that become
    self-loops are dropped, and of several connections of the same kind joining the same pair
    the first survives (references to the dropped ones are redirected too). Fields of different
    terrain are never merged.

    Returns the new board and the map removed field id -> surviving field id.
    """
    cell = max(tolerance, 1e-6) * 2
    grid: dict[tuple[int, int], list[Field]] = {}
    merged: dict[str, str] = {}
    for f in board.fields:
        gx, gy = math.floor(f.x / cell), math.floor(f.y / cell)
        target = None
        for ix in (gx - 1, gx, gx + 1):
            for iy in (gy - 1, gy, gy + 1):
                for g in grid.get((ix, iy), []):
                    if (g.terrain == f.terrain
                            and math.hypot(g.x - f.x, g.y - f.y) <= tolerance):
                        target = g
                        break
                if target:
                    break
            if target:
                break
        if target is not None:
            merged[f.id] = target.id
        else:
            grid.setdefault((gx, gy), []).append(f)
    if not merged:
        return board, {}
    out = redirect(board, merged)
    kept: dict[tuple[str, str, str], str] = {}
    conn_map: dict[str, str] = {}
    conns: list[Connection] = []
    for k in out.connections:
        if k.a == k.b:
            continue
        key = _pair_key(k)
        if key in kept:
            conn_map[k.id] = kept[key]
            continue
        kept[key] = k.id
        conns.append(k)
    out = out.model_copy(update={
        "fields": [f for f in out.fields if f.id not in merged], "connections": conns})
    if conn_map:
        out = redirect(out, {}, conn_map)
    # arrow slits that became duplicates are dropped as well
    seen: set[frozenset[str]] = set()
    slits = []
    for a in out.arrow_slits:
        key2 = frozenset((a.a, a.b))
        if key2 in seen or a.a == a.b:
            continue
        seen.add(key2)
        slits.append(a)
    out = out.model_copy(update={"arrow_slits": slits})
    return Board.model_validate(out.model_dump()), merged
