"""Facts of a board that other elements imply (no Qt), kept in step by every edit.

A sea field is a harbour exactly when a harbour link starts at it (BF-2, BF-3): the file keeps
the flag (`Field.harbour`, read by the rules and the renderer), and `sync_after(rec, board)`,
run by every edit operation, sets it from the links whenever an edit changed a connection or a
field (its kind, ends, terrain or the flag itself). `harbour_mismatches` lists the fields whose
flag disagrees with the links, for the validator (hand-edited files).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from editor.model.board import Board, Connection, ConnectionKind, Field, Terrain

#: attributes whose change can change which fields are harbours
_CONNECTION_ATTRS = frozenset({"kind", "a", "b"})
_FIELD_ATTRS = frozenset({"terrain", "harbour", "id"})


def linked_harbours(board: Board, connections: Iterable[Connection] | None = None) -> set[str]:
    """Ids of the sea fields a harbour link starts at."""
    sea = {f.id for f in board.fields if f.terrain == Terrain.SEA}
    out = set()
    for c in board.connections if connections is None else connections:
        if c.kind == ConnectionKind.HARBOUR_LINK:
            out.update(e for e in (c.a, c.b) if e in sea)
    return out


def harbour_mismatches(board: Board) -> list[tuple[int, Field, bool]]:
    """(position, field, what the flag should be) of every field whose harbour flag
    disagrees with the harbour links (BF-2)."""
    linked = linked_harbours(board)
    return [(i, f, f.id in linked) for i, f in enumerate(board.fields)
            if f.harbour != (f.id in linked)]


def _candidates(ops: Iterable) -> set[str]:
    """Field ids whose harbour flag an edit's primitive changes may have changed."""
    out: set[str] = set()
    for op in ops:
        item = getattr(op, "item", None)
        owner = getattr(op, "owner", None)
        attr = getattr(op, "attr", "")
        if isinstance(item, Connection):
            out.update((item.a, item.b))
        elif isinstance(item, Field):
            out.add(item.id)
        elif isinstance(owner, Connection) and attr in _CONNECTION_ATTRS:
            out.update((owner.a, owner.b))
            if attr in ("a", "b"):
                out.add(op.old)
        elif isinstance(owner, Field) and attr in _FIELD_ATTRS:
            out.add(owner.id)
    return out


def sync_after(rec: Any, board: Board) -> None:
    """Bring the harbour flags of the fields an edit touched in step with the links (`rec`:
    the operation's `editor.model.edit_base.Recorder`, which runs this)."""
    candidates = _candidates(rec.edit.ops)
    if not candidates:
        return
    linked = {e for c in board.connections if c.kind == ConnectionKind.HARBOUR_LINK
              for e in (c.a, c.b) if e in candidates}
    for f in board.fields:
        if f.id in candidates:
            harbour = f.terrain == Terrain.SEA and f.id in linked
            if f.harbour != harbour:
                rec.set(f, "harbour", harbour)
                rec.touch("field", f.id)
