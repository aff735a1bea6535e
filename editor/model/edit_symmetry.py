"""The symmetry edit: copy a selection through a mirror or a rotation as one undoable edit.

The geometry and the id remapping are `editor.model.transform`'s (`transform_elements`); this
module chooses what is copied (the selected fields, the connections, arrow slits and castles
among them, the selected regions), gives the copies fresh ids, maps the castles' seats and the
start pieces of every setup, and joins the copy to the board on its seams: a copied field that
lands on a field of the same terrain becomes that field, and a copied connection that then
joins a pair already joined the same way is left out.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from editor.model.board import Board, Connection, Field
from editor.model.edit_base import (
    EditError,
    Recorder,
    fresh_id,
    node_ids,
    operation,
    retired_ids,
)
from editor.model.transform import (
    Elements,
    PointMap,
    map_placements,
    redirect,
    reflection,
    rotation,
    select,
    transform_elements,
)

#: A copied field this close (px) to a board field of its terrain is that field (a seam), at
#: least; with a field size known (the scale's 0.9 cm discs, or the caller's radius) the seam
#: reaches `SEAM_SHARE` of the field radius: traced or detected fields sit a few pixels off
#: the exact mirror image, and two fields are never closer than a disc's diameter.
SEAM_TOLERANCE = 2.0
SEAM_SHARE = 0.5
_PREFIX = {"field": "f", "connection": "c", "region": "r", "slit": "a", "castle": "k"}


def symmetric_elements(board: Board, ids: Iterable[str]) -> Elements:
    """The selection to copy: the elements named, plus the connections and arrow slits
    between selected fields and the castles whose towers are all selected."""
    wanted = set(ids)
    fields = {f.id for f in board.fields if f.id in wanted}
    wanted |= {c.id for c in board.connections if c.a in fields and c.b in fields}
    wanted |= {a.id for a in board.arrow_slits if a.a in fields and a.b in fields}
    wanted |= {c.id for c in board.castles if c.towers and all(t.field in fields
                                                              for t in c.towers)}
    return select(board, wanted)


def _renamer(board: Board, elements: Elements, preferred: Mapping[str, str] | None = None):
    """Fresh ids for the copies, by kind ('f12', 'c40', ...), never an id used before; a
    copied field takes its `preferred` id (its printed number) while that is free."""
    kinds = {**{f.id: "field" for f in elements.fields},
             **{c.id: "connection" for c in elements.connections},
             **{r.id: "region" for r in elements.regions},
             **{a.id: "slit" for a in elements.arrow_slits},
             **{c.id: "castle" for c in elements.castles}}
    taken = node_ids(board) | {c.id for c in board.connections} | {
        a.id for a in board.arrow_slits} | {c.id for c in board.castles}
    # the first fresh number of each prefix once (fresh_id's rule), then counted up
    following = {prefix: int(fresh_id(board, taken, prefix)[len(prefix):])
                 for prefix in set(_PREFIX.values())}

    retired = retired_ids(board)

    def rename(old: str) -> str:
        wish = (preferred or {}).get(old)
        if wish is not None and wish not in taken and wish not in retired:
            taken.add(wish)
            return wish
        prefix = _PREFIX[kinds[old]]
        while f"{prefix}{following[prefix]}" in taken:
            following[prefix] += 1
        new = f"{prefix}{following[prefix]}"
        following[prefix] += 1
        taken.add(new)
        return new

    return rename


def seam_tolerance(board: Board, radius: float | None = None) -> float:
    """How close (px) a copied field must land on a board field to be that field: half the
    field radius (`radius`, else the scale's printed disc, 0.45 cm), never under 2 px."""
    if radius is None and board.scale is not None:
        radius = 0.45 * board.scale.px_per_cm
    return max(SEAM_TOLERANCE, SEAM_SHARE * radius) if radius else SEAM_TOLERANCE


def _seams(board: Board, copies: list[Field], tolerance: float) -> dict[str, str]:
    """Copied field id -> the nearest board field of its terrain within `tolerance`."""
    cell = max(tolerance, 1e-6)
    grid: dict[tuple[int, int], list[Field]] = {}
    for g in board.fields:
        grid.setdefault((math.floor(g.x / cell), math.floor(g.y / cell)), []).append(g)
    out = {}
    for f in copies:
        gx, gy = math.floor(f.x / cell), math.floor(f.y / cell)
        near = [(math.hypot(g.x - f.x, g.y - f.y), g.id)
                for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                for g in grid.get((gx + dx, gy + dy), []) if g.terrain == f.terrain]
        near = [n for n in near if n[0] <= tolerance]
        if near:
            out[f.id] = min(near)[1]
    return out


def _joined(board: Board, copies: Elements, seams: Mapping[str, str]) -> Elements:
    """The copies with their seam fields replaced by the board's, less what that duplicates."""
    temp = redirect(Board(name="copy", fields=copies.fields, connections=copies.connections,
                          regions=copies.regions, arrow_slits=copies.arrow_slits,
                          castles=copies.castles), seams)
    have = {(c.kind, frozenset((c.a, c.b))) for c in board.connections}
    dropped: dict[str, str] = {}
    conns: list[Connection] = []
    for c in temp.connections:
        key = (c.kind, frozenset((c.a, c.b)))
        if c.a == c.b or key in have:
            old = next((k.id for k in board.connections
                        if (k.kind, frozenset((k.a, k.b))) == key), None)
            if old is not None:
                dropped[c.id] = old
            continue
        have.add(key)
        conns.append(c)
    temp = redirect(temp.model_copy(update={"connections": conns}), {}, dropped)
    slits = {frozenset((a.a, a.b)) for a in board.arrow_slits}
    return Elements(fields=[f for f in temp.fields if f.id not in seams],
                    connections=temp.connections, regions=temp.regions,
                    arrow_slits=[a for a in temp.arrow_slits
                                 if frozenset((a.a, a.b)) not in slits and a.a != a.b],
                    castles=temp.castles)


def symmetric_copy(board: Board, ids: Iterable[str], point_map: PointMap, *,
                   mirror: bool, seat_map: Mapping[str, str] | None = None,
                   radius: float | None = None, numbers: Mapping[str, int] | None = None,
                   ) -> tuple[Elements, dict[str, str]]:
    """The copies joined to the board on its seams (`seam_tolerance`; `radius`: the field
    radius in px, when known), and the old -> new id map (a seam field maps to the board
    field it landed on). `numbers`: selected field id -> the number printed where its copy
    lands (read on the scan); a copy gets it, and its id from it, unless the board has it."""
    elements = symmetric_elements(board, ids)
    if not elements.fields:
        raise EditError("select the fields (and what lies between them) to copy")
    used = {f.number for f in board.fields if f.number is not None}
    numbers = {old: n for old, n in (numbers or {}).items() if n not in used}
    preferred = {old: str(n) for old, n in numbers.items()}
    copies, mapping = transform_elements(elements, point_map,
                                         _renamer(board, elements, preferred),
                                         seat_map=seat_map, reverse_rings=mirror)
    number_of = {mapping[old]: n for old, n in numbers.items() if old in mapping}
    copies.fields = [f.model_copy(update={"number": number_of[f.id]}) if f.id in number_of
                     else f for f in copies.fields]
    seams = _seams(board, copies.fields, seam_tolerance(board, radius))
    mapping = {old: seams.get(new, new) for old, new in mapping.items()}
    return _joined(board, copies, seams), mapping


def _apply(rec: Recorder, board: Board, ids: list[str], point_map: PointMap, mirror: bool,
           seat_map: Mapping[str, str] | None, radius: float | None,
           numbers: Mapping[str, int] | None) -> None:
    copies, mapping = symmetric_copy(board, ids, point_map, mirror=mirror, seat_map=seat_map,
                                     radius=radius, numbers=numbers)
    for attr in ("fields", "connections", "regions", "arrow_slits", "castles"):
        kind = {"fields": "field", "connections": "connection", "regions": "region",
                "arrow_slits": "slit", "castles": "castle"}[attr]
        for item in getattr(copies, attr):
            rec.insert(board, attr, None, item)
            rec.touch(kind, item.id)
            if kind in ("field", "connection", "region", "slit"):
                rec.edit.created.append((kind, item.id))
    copied = {f.id for f in board.fields} & set(mapping)
    for setup in board.setups:
        moved = [p for p in setup.placements if p.field in copied
                 and mapping[p.field] not in copied]
        for p in map_placements(moved, mapping, seat_map or {}):
            rec.insert(setup, "placements", None, p)
        if moved:
            rec.touch("setup", setup.id)


@operation
def mirror_selection(rec: Recorder, board: Board, ids: list[str], axis_a: tuple[float, float],
                     axis_b: tuple[float, float],
                     seat_map: Mapping[str, str] | None = None,
                     radius: float | None = None,
                     numbers: Mapping[str, int] | None = None) -> None:
    """Add mirrored copies of the selection across the line axis_a-axis_b (one edit);
    `radius`: the field radius (px) the seams are measured by (`seam_tolerance`);
    `numbers`: the numbers printed where copies land (`symmetric_copy`)."""
    if axis_a == axis_b:
        raise EditError("the mirror axis needs two distinct points")
    _apply(rec, board, ids, reflection(axis_a, axis_b), True, seat_map, radius, numbers)


@operation
def rotate_selection(rec: Recorder, board: Board, ids: list[str], centre: tuple[float, float],
                     angle_deg: float, seat_map: Mapping[str, str] | None = None,
                     radius: float | None = None,
                     numbers: Mapping[str, int] | None = None) -> None:
    """Add copies of the selection rotated about `centre` by `angle_deg`, clockwise on
    screen (one edit); `radius` and `numbers` as for `mirror_selection`."""
    _apply(rec, board, ids, rotation(centre, angle_deg), False, seat_map, radius, numbers)
