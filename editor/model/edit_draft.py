"""Edits for a draft from a scan (no Qt): add a detected draft as one edit, accept proposals.

A draft (`editor.detect.detect_board`) is a board whose fields, connections and wilderness
regions are all `unconfirmed`. `add_draft` merges it into the board being traced as ONE
undoable edit; the designer then accepts (`accept`: clear the flag) or rejects (the ordinary
`delete`) proposals.

Merging, not replacing: a designer who runs the detector on a half-traced board expects the work
done so far to stay. A proposed field whose centre lies within `near` px of an existing field is
that field (its proposed connections attach to it); a proposed connection between two fields
already connected is dropped; everything else gets an id that is free on the board (the draft's
own id when it is free, else a fresh one). A proposed region whose centre lies inside a
region already traced is that region (its proposed paths attach to it). To start over,
select all and delete first; one undo takes the whole draft back out either way.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from editor.model.board import Board, Region
from editor.model.edit_base import Key, Recorder, fresh_id, node_ids, operation, retired_ids
from editor.model.geometry import centroid, point_in_polygon
from editor.model.refs import retarget


def _free_id(board: Board, taken: set[str], wanted: str, prefix: str) -> str:
    """`wanted` when it is free (never used on this board this session), else a fresh id."""
    if wanted not in taken and wanted not in retired_ids(board):
        return wanted
    return fresh_id(board, taken, prefix)


def _same_field(board: Board, x: float, y: float, near: float) -> str | None:
    """The id of the existing field nearest (x, y) within `near` px, if any."""
    best, best_d = None, near
    for f in board.fields:
        d = math.hypot(f.x - x, f.y - y)
        if d <= best_d:
            best, best_d = f.id, d
    return best


def _same_region(board: Board, region: Region) -> str | None:
    """The id of an existing region holding the centre of `region`, if any."""
    if len(region.polygon) < 3:
        return None
    centre = centroid([(q.x, q.y) for q in region.polygon])
    for r in board.regions:
        if len(r.polygon) >= 3 and point_in_polygon(centre, [(q.x, q.y) for q in r.polygon]):
            return r.id
    return None


def draft_ids(board: Board, draft: Board, near: float = 0.0) -> dict[str, str]:
    """Where each of the draft's field and region ids lands on `board`: an existing element it
    duplicates (a field within `near` px, a region holding its centre) or a free id. Computed
    before the edit, so callers can relocate the detector's findings to the ids the designer
    sees."""
    taken = node_ids(board)
    mapping: dict[str, str] = {}
    for f in draft.fields:
        same = _same_field(board, f.x, f.y, near) if near > 0 and board.fields else None
        if same is not None:
            mapping[f.id] = same
            continue
        ident = _free_id(board, taken, f.id, "f")
        taken.add(ident)
        mapping[f.id] = ident
    for r in draft.regions:
        ident = _same_region(board, r) or _free_id(board, taken, r.id, "r")
        taken.add(ident)
        mapping[r.id] = ident
    return mapping


def _insert_new(rec: Recorder, board: Board, attr: str, kind: str, proposed: list,
                mapping: dict[str, str]) -> None:
    """Insert each proposed element (a field or a region) under its mapped id, unless the
    board has that id already (the proposal merged into an existing element)."""
    existing = {e.id for e in getattr(board, attr)}
    for element in proposed:
        ident = mapping[element.id]
        if ident in existing:
            continue
        rec.insert(board, attr, None, element.model_copy(update={"id": ident}, deep=True))
        rec.touch(kind, ident)
        rec.edit.created.append((kind, ident))


@operation
def add_draft(rec: Recorder, board: Board, draft: Board, near: float = 0.0) -> None:
    """Add a draft's fields, wilderness regions and connections (still unconfirmed) as one
    edit.

    `near` (px, typically the detected disc radius) merges a proposed field into an existing
    field that close; the board's scale is taken from the draft when the board has none.
    """
    mapping = draft_ids(board, draft, near)
    _insert_new(rec, board, "fields", "field", draft.fields, mapping)
    _insert_new(rec, board, "regions", "region", draft.regions, mapping)
    pairs = {frozenset((c.a, c.b)) for c in board.connections}
    taken = {c.id for c in board.connections}
    for c in draft.connections:
        a, b = mapping.get(c.a, c.a), mapping.get(c.b, c.b)
        if a == b or frozenset((a, b)) in pairs:
            continue
        ident = _free_id(board, taken, c.id, "c")
        taken.add(ident)
        pairs.add(frozenset((a, b)))
        copy = c.model_copy(update={"id": ident}, deep=True)
        retarget(copy, "connections", {"node": mapping})
        rec.insert(board, "connections", None, copy)
        rec.touch("connection", ident)
        rec.edit.created.append(("connection", ident))
    if board.scale is None and draft.scale is not None and rec.edit.ops:
        rec.set(board, "scale", draft.scale.model_copy(deep=True))
        rec.touch("board", "scale")


def unconfirmed_keys(board: Board) -> list[Key]:
    """Every proposed element still waiting for the designer."""
    return [("field", f.id) for f in board.fields if f.unconfirmed] + \
        [("connection", c.id) for c in board.connections if c.unconfirmed] + \
        [("region", r.id) for r in board.regions if r.unconfirmed]


@operation
def accept(rec: Recorder, board: Board, keys: Iterable[Key] | None = None) -> None:
    """Accept proposed elements (clear `unconfirmed`): the named fields, connections and
    regions, or all of them when `keys` is None. Other kinds and accepted elements are left
    alone."""
    wanted = None if keys is None else set(keys)
    for kind, items in (("field", board.fields), ("connection", board.connections),
                        ("region", board.regions)):
        for item in items:
            if item.unconfirmed and (wanted is None or (kind, item.id) in wanted):
                rec.set(item, "unconfirmed", False)
                rec.touch(kind, item.id)
