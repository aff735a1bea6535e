"""Element kinds and the references between them (no Qt): the one table every walk reads.

`KINDS` says which board list holds each kind of element and which id space its ids share
(fields and regions share one). `REFS` lists every attribute of the board model that holds the
id of another element: where it is (a path from the board), what kind it points at, and what a
delete of the target does to it:

- ``cascade``: the item holding the reference goes too (a connection whose end goes, a tower
  whose field goes, a start piece, a region border, an entry of a list of ids);
- ``clear``: the reference is set to None (an optional reference);
- ``refuse``: the delete is refused, with the entry's reason, while the reference is there;
- ``repoint``: a tower's access takes another connection of its field (CASTLE-1), else the
  tower leaves its castle.

A rename of the target always follows (the reference takes the new id). Delete
(`editor.model.edit.delete`), rename (`edit_ids.rename`), transforms (`transform.redirect`),
draft merge (`edit_draft.add_draft`), the dangling-reference check and the incremental re-check
(`editor.check`) and the editor's scene all read these tables; adding a reference attribute to
the model is one entry in `REFS`.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from operator import attrgetter
from typing import Any

from editor.model.board import Board, ConnectionKind

Key = tuple[str, str]


@dataclass(frozen=True)
class Kind:
    """A kind of board element: its name in edits, its board list, its id space, its noun."""

    name: str
    collection: str
    space: str
    noun: str
    renameable: bool = False


KINDS: tuple[Kind, ...] = (
    Kind("field", "fields", "node", "field", renameable=True),
    Kind("connection", "connections", "connection", "connection", renameable=True),
    Kind("region", "regions", "node", "region", renameable=True),
    Kind("slit", "arrow_slits", "slit", "arrow slit", renameable=True),
    Kind("castle", "castles", "castle", "castle"),
    Kind("seat", "seats", "seat", "seat"),
    Kind("setup", "setups", "setup", "setup"),
    Kind("island", "islands", "island", "island"),
)
KIND = {k.name: k for k in KINDS}
#: element kind -> the board list holding it
COLLECTION_OF = {k.name: k.collection for k in KINDS}
#: board list -> the kind of its elements
KIND_OF = {k.collection: k.name for k in KINDS}
#: kinds rename() handles -> the board list holding them
RENAMEABLE = {k.name: k.collection for k in KINDS if k.renameable}


class OnDelete(StrEnum):
    """What deleting the target of a reference does to the reference."""

    CASCADE = "cascade"
    CLEAR = "clear"
    REFUSE = "refuse"
    REPOINT = "repoint"


def _connection_end(c: Any) -> str:
    """Wilderness paths join regions, every other connection joins fields (BF-10)."""
    return "region" if c.kind == ConnectionKind.WILDERNESS_PATH else "field"


@dataclass(frozen=True)
class Ref:
    """One reference attribute: `path` from the board (``[]`` walks a list), the kind it points
    at (``node`` = a field or a region), its role in messages, and what a delete does."""

    path: str
    target: str
    role: str
    on_delete: OnDelete
    reason: str = ""
    #: the exact kind a node reference must point at, read from the element holding it
    target_of: Callable[[Any], str] | None = None

    @property
    def space(self) -> str:
        return "node" if self.target in ("node", "field", "region") else KIND[self.target].space

    @property
    def whole(self) -> bool:
        """A cascade removes the whole element of a board list (not an item inside it)."""
        return self.path.count("[]") == 1 and self.path.split(".")[0].endswith("[]")

    @property
    def root(self) -> str:
        """The board attribute the path starts at ('connections', 'grail', ...)."""
        return self.path.split(".")[0].removesuffix("[]")


C, X, R, P = OnDelete.CASCADE, OnDelete.CLEAR, OnDelete.REFUSE, OnDelete.REPOINT
_ISLAND_IN_USE = "move them to another island (or none) first"

REFS: tuple[Ref, ...] = (
    Ref("fields[].island", "island", "island", R, _ISLAND_IN_USE),
    Ref("regions[].island", "island", "island", R, _ISLAND_IN_USE),
    Ref("seats[].main_island", "island", "island", X),
    Ref("connections[].a", "node", "field", C, target_of=_connection_end),
    Ref("connections[].b", "node", "field", C, target_of=_connection_end),
    Ref("connections[].one_way.to", "node", "one-way end", C),
    Ref("connections[].under_lane", "connection", "sea lane", X),
    Ref("castles[].seat", "seat", "seat", C),
    Ref("castles[].towers[].field", "field", "tower field", C),
    Ref("castles[].towers[].access", "connection", "access connection", P),
    Ref("grail.fields[]", "field", "field", C),
    Ref("grail.front", "field", "field", X),
    Ref("grail.roads[]", "connection", "connection", C),
    Ref("regions[].stairs[]", "field", "stair field", C),
    Ref("regions[].borders[].field", "field", "border field", C),
    Ref("arrow_slits[].a", "field", "field", C),
    Ref("arrow_slits[].b", "field", "field", C),
    Ref("setups[].placements[].seat", "seat", "seat", C),
    Ref("setups[].placements[].field", "node", "field", C),
)


@dataclass
class Occurrence:
    """One reference found on a board: the value and where it is held.

    `element` is the top-level element holding it (a connection, a castle, the grail) with its
    `key`; `holder.attr` is the attribute (at `index` when the attribute is a list of ids);
    `item` is what a cascade removes from `item_list` (a list of `item_owner`)."""

    ref: Ref
    key: Key
    element: Any
    holder: Any
    attr: str
    index: int | None
    value: str
    pointer: tuple
    item_owner: Any
    item_attr: str
    item: Any


@cache
def _steps(path: str) -> tuple[tuple[str, bool], ...]:
    return tuple((s.removesuffix("[]"), s.endswith("[]")) for s in path.split("."))


@cache
def _matcher(steps: tuple[tuple[str, bool], ...]) -> Callable[[Any, Container], bool]:
    """A quick test (no objects made): is any value under an object along `steps` in `only`?"""
    (attr, many), *rest = steps
    if not rest:
        if many:
            return lambda o, only: any(x in only for x in getattr(o, attr))
        return lambda o, only: getattr(o, attr) in only
    inner = _matcher(tuple(rest))
    if many:
        return lambda o, only: any(inner(x, only) for x in getattr(o, attr))
    return lambda o, only: (v := getattr(o, attr)) is not None and inner(v, only)


def _candidates(items: list, steps: tuple, only: Container) -> list[tuple[int, Any]]:
    """(position, element) of the elements holding a value in `only` (C speed for the common
    one-attribute reference)."""
    if len(steps) == 1 and not steps[0][1]:
        values = map(attrgetter(steps[0][0]), items)
        return [(i, x) for i, (x, v) in enumerate(zip(items, values, strict=True)) if v in only]
    hits = _matcher(steps)
    return [(i, x) for i, x in enumerate(items) if hits(x, only)]


def occurrences(board: Board, ref: Ref, items: Iterable[tuple[int, Any]] | None = None,
                only: Container | None = None) -> Iterator[Occurrence]:
    """Every non-empty value of `ref` on the board (those in `only`, when given). `items`:
    (position, element) of the root list to walk instead of all of it (the incremental
    check's scope)."""
    (root, many), *rest = _steps(ref.path)
    rest = tuple(rest)
    if many:
        kind = KIND_OF[root]
        tops = enumerate(getattr(board, root)) if items is None else items
        if only is not None and items is None:
            tops = _candidates(getattr(board, root), rest, only)
        for i, element in tops:
                yield from _walk(ref, rest, (kind, element.id), element, element, (root, i),
                                 (board, root, element), only)
    else:
        element = getattr(board, root)
        if element is not None and (only is None or _matcher(rest)(element, only)):
            yield from _walk(ref, rest, ("board", root), element, element, (root,),
                             (None, "", None), only)


def _walk(ref: Ref, steps: tuple, key: Key, element: Any, obj: Any, pointer: tuple,
          cascade: tuple, only: Container | None = None) -> Iterator[Occurrence]:
    (attr, many), *rest = steps
    value = getattr(obj, attr)
    if value is None:
        return
    if not many:
        if rest:
            yield from _walk(ref, tuple(rest), key, element, value, (*pointer, attr), cascade,
                             only)
        elif only is None or value in only:
            yield Occurrence(ref, key, element, obj, attr, None, value, (*pointer, attr),
                             *cascade)
        return
    for j, item in enumerate(value):
        if rest:
            yield from _walk(ref, tuple(rest), key, element, item, (*pointer, attr, j),
                             (obj, attr, item), only)
        elif only is None or item in only:
            yield Occurrence(ref, key, element, obj, attr, j, item, (*pointer, attr, j),
                             obj, attr, item)


@cache
def refs_to(space: str) -> tuple[Ref, ...]:
    """The references that can hold an id of this id space ('node', 'connection', ...)."""
    return tuple(r for r in REFS if r.space == space)


@cache
def refs_from(root: str) -> tuple[Ref, ...]:
    """The references held by elements of one board attribute ('connections', 'grail')."""
    return tuple(r for r in REFS if r.root == root)


def held(element: Any, root: str) -> Iterator[Occurrence]:
    """The references one element of `root` ('castles', 'grail', ...) holds."""
    for ref in refs_from(root):
        yield from _walk(ref, _steps(ref.path)[1:], ("", ""), element, element, (),
                         (None, "", None))


@cache
def _collector(steps: tuple[tuple[str, bool], ...]) -> Callable[[Any], list]:
    """The values under an object along `steps`, as a list (no occurrence objects)."""
    (attr, many), *rest = steps
    if not rest:
        if many:
            return lambda o: list(getattr(o, attr))
        return lambda o: [] if (v := getattr(o, attr)) is None else [v]
    inner = _collector(tuple(rest))
    if many:
        return lambda o: [v for x in getattr(o, attr) for v in inner(x)]
    return lambda o: [] if (v := getattr(o, attr)) is None else inner(v)


def held_values(element: Any, root: str) -> list[str]:
    """The ids one element of `root` refers to (quick: for dependency tests)."""
    return [v for ref in refs_from(root) for v in _collector(_steps(ref.path)[1:])(element)]


def retarget(element: Any, root: str, maps: Mapping[str, Mapping[str, str]]) -> None:
    """Point the references an element of `root` holds at new ids, in place: `maps` is id
    space -> old id -> new id (transforms and the draft merge use it on copies)."""
    for occ in list(held(element, root)):
        mapping = maps.get(occ.ref.space)
        if mapping:
            new = mapping.get(occ.value)
            if new is not None and new != occ.value:
                _replace(occ, new)


def _replace(occ: Occurrence, new: str) -> None:
    if occ.index is None:
        setattr(occ.holder, occ.attr, new)
    else:
        values = list(getattr(occ.holder, occ.attr))
        values[occ.index] = new
        setattr(occ.holder, occ.attr, values)


def retarget_board(board: Board, maps: Mapping[str, Mapping[str, str]]) -> Board:
    """A deep copy of `board` with every reference mapped (`retarget` over every element)."""
    out = board.model_copy(deep=True)
    for root in dict.fromkeys(r.root for r in REFS):
        value = getattr(out, root)
        for element in (value if isinstance(value, list) else [value] if value else []):
            retarget(element, root, maps)
    return out


def ids_of(board: Board, space: str) -> set[str]:
    """Ids of one id space on the board."""
    return {x.id for k in KINDS if k.space == space for x in getattr(board, k.collection)}


def dangling(board: Board) -> list[Occurrence]:
    """Every reference to a missing element (or to a node of the wrong kind)."""
    known = {k.name: {x.id for x in getattr(board, k.collection)} for k in KINDS}
    known["node"] = known["field"] | known["region"]
    out = []
    for ref in REFS:
        for occ in occurrences(board, ref):
            target = ref.target_of(occ.element) if ref.target_of else ref.target
            if occ.value not in known[target]:
                out.append(occ)
    return out
