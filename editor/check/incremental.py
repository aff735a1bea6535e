"""Re-check only what an edit touched (no Qt): the editor shows these findings with the edit.

`recheck(board, touched)` takes the `(kind, id)` keys an edit touched and returns the ids of the
elements whose findings may have changed (the touched ones and those whose findings depend on
them: the connections and arrow slits of a field, the towers of a castle, fields sharing a
printed number, ...) and their findings, computed by the same checks as `check_board` over a
scoped index. The result equals the whole board's findings restricted to those elements, except
for the whole-board checks (`GLOBAL_CODES`: reachability, one-way direction), which only the full
check (on the editor's worker thread) computes.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from editor.check import board_checks as bc
from editor.check.editor_codes import check_ids_and_numbers
from editor.model import refs
from editor.model.board import Board
from editor.model.edit_base import Key
from editor.model.findings import Finding
from editor.model.refs import REFS, RENAMEABLE

#: findings that depend on the whole board; the incremental check leaves them to the full check
GLOBAL_CHECKS = (bc.reachability, bc.one_way_direction)
GLOBAL_CODES = frozenset({bc.UNREACHABLE_FIELD.code, bc.ONE_WAY_DIRECTION.code})
#: kinds of the nodes connections join (fields and regions share one id space), taken from the
#: rename table: kind -> board list
_NODE_KINDS = frozenset(k for k, name in RENAMEABLE.items() if name in ("fields", "regions"))
_FIELD_KINDS = frozenset(k for k, name in RENAMEABLE.items() if name == "fields")
_CONNECTION_KINDS = frozenset(k for k, name in RENAMEABLE.items() if name == "connections")
#: the board lists whose references the maps follow (by id, without a pass over the board)
_INDEXED = frozenset({"fields", "connections"})


@dataclass
class Recheck:
    """The findings of the elements an edit may have changed."""

    elements: set[str] = field(default_factory=set)
    findings: list[Finding] = field(default_factory=list)

    def merge(self, shown: Iterable[Finding]) -> list[Finding]:
        """`shown` (the findings on show before the edit) with this re-check's elements
        replaced: their old local findings out, the new ones in."""
        kept = [f for f in shown
                if f.code in GLOBAL_CODES or f.element not in self.elements]
        return [*kept, *self.findings]


class Positions(Mapping):
    """Positions of elements in a board list by id, found by identity on demand (a C-speed
    search of the list's object ids; positions shift with every insert, so none are kept)."""

    def __init__(self, items: list, elements: dict) -> None:
        self.elements = elements
        self._ids = list(map(id, items))

    def __getitem__(self, ident: str) -> int:
        return self._ids.index(id(self.elements[ident]))

    def __iter__(self):
        return iter(self.elements)

    def __len__(self) -> int:
        return len(self.elements)


class BoardMaps:
    """Id maps of one board kept from edit to edit: fields and connections by id, the
    connections of every node, the fields of every printed number. `update` follows an edit's
    touched keys (attribute changes, additions, removals, renames) without a pass over the
    board; it rebuilds only when the maps and the board disagree in size (duplicate ids, or an
    edit that did not name what it changed)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.rebuild()

    def rebuild(self) -> None:
        b = self.board
        self.fields = {f.id: f for f in reversed(b.fields)}  # the first of an id wins
        self.connections = {c.id: c for c in reversed(b.connections)}
        self.node_conns: dict[str, set[str]] = defaultdict(set)
        self.ends: dict[str, tuple[str, str]] = {}
        self.under: dict[str, str] = {}  # bridge -> the sea lane under it
        self.numbers: dict[int, set[str]] = defaultdict(set)
        self.number_of: dict[str, int | None] = {}
        self.left_nodes: set[str] = set()
        self.left_numbers: set[int] = set()
        for c in b.connections:
            self._link(c)
        for f in b.fields:
            self._number(f)
        self.left_nodes.clear()

    @property
    def duplicated(self) -> bool:
        """Some id occurs twice in a list: the maps hold only the first."""
        return len(self.fields) != len(self.board.fields) or \
            len(self.connections) != len(self.board.connections)

    def _unlink(self, cid: str) -> None:
        for end in self.ends.pop(cid, ()):
            self.node_conns[end].discard(cid)
            self.left_nodes.add(end)
        self.under.pop(cid, None)

    def _link(self, c) -> None:
        self._unlink(c.id)
        self.ends[c.id] = (c.a, c.b)
        self.node_conns[c.a].add(c.id)
        self.node_conns[c.b].add(c.id)
        if c.under_lane is not None:
            self.under[c.id] = c.under_lane

    def _unnumber(self, fid: str) -> None:
        old = self.number_of.pop(fid, None)
        if old is not None:
            self.numbers[old].discard(fid)
            self.left_numbers.add(old)

    def _number(self, f) -> None:
        self._unnumber(f.id)
        self.number_of[f.id] = f.number
        if f.number is not None:
            self.numbers[f.number].add(f.id)

    @staticmethod
    def _find(items: list, ident: str, known):
        """The element with id `ident` in `items` (newest first: additions append), or None."""
        return next((x for x in reversed(items) if x.id == ident and x is not known), None)

    def _follow(self, items: list, elements: dict, ident: str, live: set[int]):
        """Bring `elements[ident]` up to date; returns the element now under that id or None."""
        known = elements.get(ident)
        if known is not None and known.id == ident and id(known) in live:
            return known  # changed in place
        elements.pop(ident, None)
        found = self._find(items, ident, None)
        if found is not None:
            elements[ident] = found
        return found

    def update(self, board: Board, touched: Iterable[Key]) -> None:
        """Bring the maps up to date with an edit that touched `touched`."""
        if board is not self.board:
            self.board = board
            return self.rebuild()
        touched = list(touched)
        #: the ends and numbers the touched elements had (their old neighbours' findings change)
        self.left_nodes, self.left_numbers = set(), set()
        for kinds, items, elements, gone, came in (
                (_FIELD_KINDS, board.fields, self.fields, self._unnumber, self._number),
                (_CONNECTION_KINDS, board.connections, self.connections, self._unlink,
                 self._link)):
            ids = [i for k, i in touched if k in kinds]
            live = set(map(id, items)) if ids else set()
            for ident in ids:
                element = self._follow(items, elements, ident, live)
                if element is None:
                    gone(ident)
                else:
                    came(element)
        if self.duplicated:  # a duplicate id, or a change nobody named: start again
            self.rebuild()

    def positions(self, collection: str) -> Positions:
        """Where the fields or connections are, by id (for the findings' pointers)."""
        items = getattr(self.board, collection)
        return Positions(items, self.fields if collection == "fields" else self.connections)

    def items(self, collection: str, scope: set[str], positions: Positions) -> list | None:
        """(position, element) of the scope's fields or connections, or None (scan)."""
        if self.duplicated:
            return None
        elements = positions.elements
        return sorted((positions[i], elements[i]) for i in scope if i in elements)


def _dependents(maps: BoardMaps, nodes: set[str], conns: set[str], other: set[str]) -> set[str]:
    """Ids whose findings read the touched fields/regions (`nodes`), connections (`conns`) or
    other elements (`other`: slits, castles, seats, setups, islands, 'grail')."""
    board = maps.board
    nodes = nodes | maps.left_nodes  # a connection's old ends: their pairs and degrees changed
    out = set(nodes) | set(conns) | set(other)
    near = set(conns)
    for node in nodes:
        near |= maps.node_conns.get(node, set())
    pairs = set()
    for cid in near:
        c = maps.connections.get(cid)
        if c is not None:
            out.update((c.id, c.a, c.b))  # the ends: tower access
            pairs.add(frozenset((c.a, c.b)))
    out.update(cid for cid, lane in maps.under.items() if lane in conns)  # bridges over a lane
    for pair in pairs:  # duplicates of a touched pair
        for cid in maps.node_conns.get(next(iter(pair)), ()):
            c = maps.connections.get(cid)
            if c is not None and frozenset((c.a, c.b)) == pair:
                out.add(cid)
    _holders(board, out, other)
    numbers = {maps.number_of.get(fid) for fid in out} | maps.left_numbers
    for number in numbers - {None}:
        out |= maps.numbers[number]
    return out


def _holders(board: Board, out: set[str], other: set[str]) -> None:
    """Add the elements holding a reference to anything in `out` (the reference table,
    `editor.model.refs.REFS`), with what they refer to (findings name it: a tower field, the
    island a seat calls its main island). The maps answer for the references of fields and
    connections to nodes and connections; the others (a field's island) are walked only when
    an element they point at was touched."""
    for root in dict.fromkeys(r.root for r in REFS):
        if root in _INDEXED:
            continue
        value = getattr(board, root)
        for element in value if isinstance(value, list) else [value] if value else []:
            ident = getattr(element, "id", root)
            held = refs.held_values(element, root)
            if ident in out or out.intersection(held):
                out.add(ident)
                out.update(held)
    for ref in REFS:
        if ref.root in _INDEXED and ref.space not in ("node", "connection") and \
                other & refs.ids_of(board, ref.space):
            out.update(occ.key[1] for occ in refs.occurrences(board, ref) if occ.value in other)


def affected(maps: BoardMaps, touched: Iterable[Key]) -> set[str]:
    """Ids of the elements whose findings may change with an edit that touched `touched`
    (`maps` up to date with the edit)."""
    nodes, conns, other = set(), set(), set()
    for kind, ident in touched:
        if kind in _NODE_KINDS:
            nodes.add(ident)
        elif kind in _CONNECTION_KINDS:
            conns.add(ident)
        else:  # slits, castles, seats, setups, islands; ('board', 'grail')
            other.add(ident)
    return _dependents(maps, nodes, conns, other)


def _whole_board(touched: set[Key]) -> bool:
    """Edits whose findings are everywhere (the image size, the scale)."""
    return bool(touched & {("board", "image"), ("board", "scale")})


def _index(maps: BoardMaps, scope: set[str]) -> bc.Index:
    """The checks' index for the scope: complete id look-ups, and the degrees and pairs of
    every node the scope's checks read (its fields, towers, arrow slits' ends)."""
    board = maps.board
    nodes = scope | {t.field for c in board.castles for t in c.towers}
    for s in board.arrow_slits:
        if s.id in scope:
            nodes.update((s.a, s.b))
    field_pos, conn_pos = maps.positions("fields"), maps.positions("connections")
    ix = bc.Index(board, fields=maps.fields, connections=maps.connections,
                  regions={r.id: r for r in board.regions}, field_pos=field_pos,
                  conn_pos=conn_pos, scope=scope)
    near = set()
    for node in nodes:
        near |= maps.node_conns.get(node, set())
    for cid in sorted(near, key=conn_pos.__getitem__):  # board order: the first of a pair
        c = maps.connections[cid]
        if c.a != c.b:
            ix.degree[c.a] += 1
            ix.degree[c.b] += 1
            ix.pairs[frozenset((c.a, c.b))].append(c.id)
    for collection, positions in (("fields", field_pos), ("connections", conn_pos)):
        items = maps.items(collection, scope, positions)
        if items is not None:
            ix.scoped_items[collection] = items
    return ix


def recheck(board: Board, touched: Iterable[Key], maps: BoardMaps | None = None
            ) -> Recheck | None:
    """The findings of the elements an edit touched and of those depending on them, or None
    when the edit concerns the whole board (then only the full check can tell). `maps`: id
    maps kept from the last call (updated here), so an edit costs no Python pass over the board."""
    touched = set(touched)
    if _whole_board(touched):
        return None
    if maps is None:
        maps = BoardMaps(board)
    else:
        maps.update(board, touched)
    scope = affected(maps, touched)
    ix = _index(maps, scope)
    found: list[Finding] = []
    for check in bc.CHECKS:
        if check not in GLOBAL_CHECKS:
            found.extend(f for f in check(ix) if f.element in scope)
    found.extend(check_ids_and_numbers(board, ix.each("fields")))
    return Recheck(scope, found)
