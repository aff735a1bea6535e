"""Deleting elements (no Qt): what goes with them is read from the reference table
(`editor.model.refs.REFS`), never written out here.

A deleted element takes along every element whose reference to it cascades (a field its
connections, arrow slits and start pieces; a region its wilderness paths; a seat its castles),
recursively; optional references to it are cleared, entries of id lists dropped, tower accesses
re-pointed (CASTLE-1); a reference that refuses (the island of a field) refuses the whole delete
with its reason, and the board is left unchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from editor.model.board import Board
from editor.model.edit_base import EditError, Key, Recorder, operation, remove_where
from editor.model.edit_seats import repoint_tower_access
from editor.model.refs import KIND, KINDS, REFS, Occurrence, OnDelete, held, occurrences


def _present(board: Board, keys: Iterable[Key]) -> dict[str, set[str]]:
    """Id space -> ids of the named elements that are on the board."""
    wanted: dict[str, set[str]] = {}
    for kind, ident in keys:
        if kind not in KIND:
            raise EditError(f"cannot delete a {kind}")
        wanted.setdefault(kind, set()).add(ident)
    doomed: dict[str, set[str]] = {k.space: set() for k in KINDS}
    for k in KINDS:
        ids = wanted.get(k.name)
        if ids:
            doomed[k.space] |= {x.id for x in getattr(board, k.collection) if x.id in ids}
    return doomed


def _cascade(board: Board, doomed: dict[str, set[str]]) -> None:
    """Add, until nothing changes, every element a cascading reference takes along."""
    cascading = [r for r in REFS if r.on_delete == OnDelete.CASCADE]
    grown = {space for space, ids in doomed.items() if ids}
    while grown:  # only references into a space that gained ids can take more along
        spaces, grown = grown, set()
        for ref in cascading:
            if ref.space not in spaces:
                continue
            for occ in occurrences(board, ref, only=doomed[ref.space]):
                if occ.item_owner is board:
                    space = KIND[occ.key[0]].space
                    if occ.key[1] not in doomed[space]:
                        doomed[space].add(occ.key[1])
                        grown.add(space)


def _alive(occ: Occurrence, doomed: dict[str, set[str]]) -> bool:
    kind = KIND.get(occ.key[0])
    return kind is None or occ.key[1] not in doomed[kind.space]


def _refusals(board: Board, doomed: dict[str, set[str]]) -> list[str]:
    """Why the delete cannot be done: per target, what still refers to it."""
    users: dict[tuple[str, str, str], Counter] = {}
    for ref in REFS:
        if ref.on_delete != OnDelete.REFUSE or not doomed[ref.space]:
            continue
        for occ in occurrences(board, ref, only=doomed[ref.space]):
            if _alive(occ, doomed):
                users.setdefault((ref.target, occ.value, ref.reason), Counter())[occ.key[0]] += 1
    out = []
    for (target, ident, reason), kinds in users.items():
        what = ", ".join(f"{n} {KIND[k].noun}{'s' if n > 1 else ''}" for k, n in kinds.items())
        verb = "refers" if sum(kinds.values()) == 1 else "refer"
        out.append(f"cannot delete {KIND[target].noun} '{ident}': {what} still {verb} to it; "
                   f"{reason}")
    return out


def _field_values(item: object, fields: set[str]) -> list[str]:
    """Ids of the fields a nested item (a tower, a start piece) refers to (to redraw them)."""
    return [v for k, v in vars(item).items() if isinstance(v, str) and v in fields
            and k != "id"] if hasattr(item, "__dict__") else []


def _loosen(rec: Recorder, board: Board, doomed: dict[str, set[str]]) -> None:
    """References of surviving elements to doomed ones: nested items removed, optional
    references cleared, id-list entries dropped."""
    fields = {f.id for f in board.fields}
    removed: set[int] = set()
    lists: dict[tuple[int, str], tuple[object, str, set[str]]] = {}
    for ref in REFS:
        if ref.on_delete not in (OnDelete.CASCADE, OnDelete.CLEAR) or not doomed[ref.space] \
                or (ref.on_delete == OnDelete.CASCADE and ref.whole):
            continue  # a whole element that cascades is doomed already
        for occ in list(occurrences(board, ref, only=doomed[ref.space])):
            if not _alive(occ, doomed):
                continue
            rec.touch(*occ.key)
            if occ.index is not None:
                lists.setdefault((id(occ.holder), occ.attr), (occ.holder, occ.attr, set()))[
                    2].add(occ.value)
            elif ref.on_delete == OnDelete.CLEAR:
                rec.set(occ.holder, occ.attr, None)
            elif id(occ.item) not in removed:
                removed.add(id(occ.item))
                for fid in _field_values(occ.item, fields):
                    rec.touch("field", fid)
                rec.remove(occ.item_owner, occ.item_attr, occ.item)
    for holder, attr, values in lists.values():
        rec.set(holder, attr, [v for v in getattr(holder, attr) if v not in values])


@operation
def delete(rec: Recorder, board: Board, keys: Iterable[Key]) -> None:
    """Delete elements by (kind, id) with what depends on them, as the reference table says
    (`editor.model.refs.REFS`): cascade, clear, re-point a tower's access, or refuse."""
    doomed = _present(board, keys)
    _cascade(board, doomed)
    refused = _refusals(board, doomed)
    if refused:
        raise EditError("; ".join(refused))
    _loosen(rec, board, doomed)
    fields = {f.id for f in board.fields}
    for kind in KINDS:
        ids = doomed[kind.space]
        if not ids:
            continue
        for item in remove_where(rec, board, kind.collection, lambda x, ids=ids: x.id in ids):
            rec.touch(kind.name, item.id)
            for occ in held(item, kind.collection):
                if occ.value in fields:
                    rec.touch("field", occ.value)
    repoint_tower_access(rec, board, doomed["connection"])
