"""The machinery under every board edit (no Qt): primitive changes, `Edit`, `Recorder`.

An operation is a function `op(rec, board, ...)` decorated with `operation`: it changes the board
through `rec` (insert, remove, set), which applies and records each primitive change, and names
what it touched. The decorated function takes `(board, ...)` and returns the `Edit`; on any error
the board is rolled back and `EditError` carries a message for the user. The operations live in
`editor.model.edit` (fields, connections, regions, deletion) and `editor.model.edit_seats`
(seats, castles, setups, grail, islands); `editor.model.edit` re-exports all of them.
"""

from __future__ import annotations

import math
import re
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from editor.model.board import Board, Castle, Connection, Field
from editor.model.derived import sync_after
from editor.model.refs import KIND_OF

Key = tuple[str, str]

#: collection name on Board -> touched kind (the kind table of `editor.model.refs`)
COLLECTIONS = KIND_OF


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
        """True when the edit changes nothing, also after merging back to the start value
        (a field dragged away and back): the undo command is then obsolete."""
        return all(isinstance(op, Set) and op.old == op.new and type(op.old) is type(op.new)
                   for op in self.ops)

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


class EditHistory:
    """Undo/redo of board or variant edits without Qt (the editor's `EditCommand` on a
    QUndoStack works the same way): pushing with the merge key of the previous push merges;
    an edit merged back to nothing is dropped (Tiled's obsolete rule)."""

    def __init__(self) -> None:
        self.done: list[tuple[Edit, Any]] = []
        self.undone: list[Edit] = []

    def push(self, edit: Edit, merge_key: Any = None) -> None:
        self.undone.clear()
        if merge_key is not None and self.done and self.done[-1][1] == merge_key:
            self.done[-1][0].merge(edit)
            if self.done[-1][0].empty:
                self.done.pop()
            return
        if not edit.empty:
            self.done.append((edit, merge_key))

    def undo(self) -> bool:
        if not self.done:
            return False
        edit, _ = self.done.pop()
        edit.undo()
        self.undone.append(edit)
        return True

    def redo(self) -> bool:
        if not self.undone:
            return False
        edit = self.undone.pop()
        edit.redo()
        self.done.append((edit, None))
        return True


class Recorder:
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


def operation(fn):
    """Decorator: run `fn(rec, board, ...)` with a fresh recorder and return its `Edit`;
    roll everything back when it fails."""

    def wrapper(board: Board, *args, **kwargs) -> Edit:
        rec = Recorder()
        try:
            fn(rec, board, *args, **kwargs)
            sync_after(rec, board)
            _retire_removed(board, rec.edit)
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


def need(items: Iterable[Any], ident: str, what: str) -> Any:
    item = find(items, ident)
    if item is None:
        raise EditError(f"no {what} '{ident}'")
    return item


def node_ids(board: Board) -> set[str]:
    """Ids of fields and regions (they share one id space)."""
    return {f.id for f in board.fields} | {r.id for r in board.regions}


#: id(board) -> ids of elements deleted from it in this session (never handed out again)
_RETIRED: dict[int, set[str]] = {}


def retired_ids(board: Board) -> set[str]:
    """Ids deleted from this board object since it was loaded; generators skip them."""
    key = id(board)
    if key not in _RETIRED:
        _RETIRED[key] = set()
        weakref.finalize(board, _RETIRED.pop, key, None)
    return _RETIRED[key]


def _retire_removed(board: Board, edit: Edit) -> None:
    """Remember the ids of the board's elements an edit deleted. A field whose id is its printed
    number is the exception: printed field 12 placed again is the same place on the map."""
    retired = None
    for op in edit.ops:
        if isinstance(op, Remove) and op.owner is board and isinstance(
                getattr(op.item, "id", None), str):
            if isinstance(op.item, Field) and op.item.id == str(op.item.number):
                continue
            retired = retired_ids(board) if retired is None else retired
            retired.add(op.item.id)


def fresh_id(board: Board, taken: set[str], prefix: str) -> str:
    """`prefix` + one more than the highest number any id of that prefix ever had on this
    board (alive or deleted this session): ids are never reused, gaps never refilled."""
    pattern = re.compile(re.escape(prefix) + r"(\d+)")
    numbers = [int(m.group(1)) for i in taken | retired_ids(board)
               if (m := pattern.fullmatch(i))]
    return f"{prefix}{max(numbers, default=0) + 1}"


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


def remove_where(rec: Recorder, owner: Any, attr: str, doomed: Callable[[Any], bool]) -> list:
    """Remove the items of a list for which doomed(item) is true (last first: cheap, exact)."""
    items = getattr(owner, attr)
    gone = [(i, x) for i, x in enumerate(items) if doomed(x)]
    for i, x in reversed(gone):
        op = Remove(owner, attr, i, x)
        op.apply()
        rec.edit.ops.append(op)
    return [x for _, x in gone]
