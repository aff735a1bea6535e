"""Semantic checks of a board (after the structure is valid): stable codes, fix hints.

`check_board(board)` returns findings with JSON pointers; `editor.check.validate` adds the file
and line:column. Each check is a small function over a shared index of the board.
"""

from __future__ import annotations

from collections import ChainMap, Counter, defaultdict, deque
from collections.abc import Callable, Container, Iterator
from dataclasses import dataclass, field

from editor.check.castle_checks import castle_accesses, grail_front_and_roads
from editor.model.board import Board, ConnectionKind, IslandKind, Terrain
from editor.model.derived import linked_harbours
from editor.model.findings import Finding, Severity, define, pointer_join
from editor.model.geometry import distance_to_polygon, polygon_problem
from editor.model.names import FieldNames
from editor.model.refs import KIND, KINDS, REFS, Occurrence, occurrences
from editor.model.types import PieceType

E, W = Severity.ERROR, Severity.WARNING

DUPLICATE_ID = define(
    "DUPLICATE_ID", E, "Duplicate id",
    "Give every element a unique id (fields and regions share one id space).")
DANGLING_REFERENCE = define(
    "DANGLING_REFERENCE", E, "Reference to a missing element",
    "Point the reference at an existing element, or add the missing element.")
CONNECTION_TERRAIN = define(
    "CONNECTION_TERRAIN", E, "Connection kind does not fit its ends",
    "Roads, bridges and castle accesses join land fields, sea lanes join sea fields, harbour "
    "links join a harbour sea field to a land field, wilderness paths join two regions; change "
    "the kind or the ends.")
CONNECTION_SELF_LOOP = define(
    "CONNECTION_SELF_LOOP", E, "Connection joins a field to itself",
    "Delete the connection or move one of its ends.")
DUPLICATE_CONNECTION = define(
    "DUPLICATE_CONNECTION", W, "Two connections join the same pair",
    "Delete one of them; a pair of fields needs one connection.")
CONNECTION_ATTRIBUTE = define(
    "CONNECTION_ATTRIBUTE", E, "Connection attribute does not fit the connection",
    "Remove the attribute or change the connection kind (bridge_class and under_lane belong to "
    "bridges, drawbridge to castle accesses, crossing to wilderness paths, one_way.to must be "
    "an end of the connection).")
HARBOUR_LINK = define(
    "HARBOUR_LINK", E, "Harbour link does not start at a harbour",
    "A harbour link joins a sea field flagged 'harbour' to a land field; set the harbour flag or "
    "use another connection kind.")
HARBOUR_UNLINKED = define(
    "HARBOUR_UNLINKED", E, "Harbour flag without a harbour link",
    "A sea field is a harbour exactly when a harbour link starts at it (BF-2, BF-3); clear its "
    "harbour flag or add the harbour link. The editor keeps the flag in step by itself.")
MAIN_ISLAND_KIND = define(
    "MAIN_ISLAND_KIND", W, "Island kind disagrees with the seats' main islands",
    "An island is 'main' exactly when a seat names it as its main island (BF-18): set the "
    "island's kind, or the seat's main island.")
CASTLE_TOWER_COUNT = define(
    "CASTLE_TOWER_COUNT", E, "Castle without exactly five towers",
    "A capital or castle has exactly five tower fields (CASTLE-1); add or remove towers.")
CASTLE_TOWERS_CONNECTED = define(
    "CASTLE_TOWERS_CONNECTED", E, "Towers of one castle are connected",
    "Tower fields of a castle share no connection (CASTLE-1); delete the connection.")
TOWER_ACCESS = define(
    "TOWER_ACCESS", E, "Tower without exactly one access",
    "Each tower has exactly one connection, its access, leading to the field in front of it "
    "(CASTLE-1); fix the tower's connections or its 'access' id.")
GRAIL_FIELD_COUNT = define(
    "GRAIL_FIELD_COUNT", E, "Grail without five fields",
    "The grail has exactly five distinct land fields (GRAIL-1).")
STAIR_NOT_ADJACENT = define(
    "STAIR_NOT_ADJACENT", E, "Stair field not next to its region",
    "Move the stair field to the edge of its region or link it to the region it touches "
    "(WILD-3).")
REGION_POLYGON = define(
    "REGION_POLYGON", E, "Invalid region outline",
    "Redraw the region as a simple polygon with at least three points and no crossing edges.")
ARROW_SLIT_CONNECTED = define(
    "ARROW_SLIT_CONNECTED", E, "Arrow slit between connected fields",
    "Arrow slits mark fire lines between fields that are NOT connected (BF-13); delete the "
    "arrow slit or the connection.")
PLACEMENT_TERRAIN = define(
    "PLACEMENT_TERRAIN", E, "Start piece on the wrong terrain",
    "Place vessels on sea fields and land pieces on land fields (land pieces go to sea only "
    "as cargo of a vessel).")
PLACEMENT_SHARED_FIELD = define(
    "PLACEMENT_SHARED_FIELD", E, "Two start pieces on one field",
    "A field holds one piece (MOVE-3): move one placement or make it cargo of the other.")
FIELD_OUTSIDE_IMAGE = define(  # harmless to the game: a warning (issue 26)
    "FIELD_OUTSIDE_IMAGE", W, "Field outside the scan image",
    "Move the field onto the image, or correct the image size.")
UNREACHABLE_FIELD = define(
    "UNREACHABLE_FIELD", W, "Field cannot be reached",
    "Connect the field to the rest of the board (road, sea lane, harbour link, bridge) or "
    "delete it.")
ONE_WAY_DIRECTION = define(
    "ONE_WAY_DIRECTION", W, "One-way passage does not point toward the grail",
    "V passages lead toward the grail (OBST-1, OBST-2): set one_way.to to the end nearer the "
    "grail.")
DUPLICATE_NUMBER = define(
    "DUPLICATE_NUMBER", W, "Printed field number used twice",
    "Printed numbers identify fields in puzzle-book notation (BF-19); give each a unique number.")
SCALE_CALIBRATION = define(
    "SCALE_CALIBRATION", W, "Scale disagrees with its calibration",
    "Recalibrate, or set px_per_cm to the calibration distance in pixels divided by "
    "distance_cm.")
FORMER_ID_CLASH = define(
    "FORMER_ID_CLASH", E, "Former field id clashes",
    "A former id keeps resolving to the field that had it (files written before a rename): it "
    "must not be the id of another field or region, nor listed on two fields. Remove it from "
    "former_ids where it does not belong, or rename the element that took it.")
UNCONFIRMED = define(
    "UNCONFIRMED", W, "Element proposed by detection is not confirmed",
    "Check the proposed element against the scan, then accept it (clear 'unconfirmed') or "
    "delete it.")

_LAND_KINDS = {ConnectionKind.ROAD, ConnectionKind.BRIDGE, ConnectionKind.CASTLE_ACCESS}
#: Allowed distance of a stair field from its region outline, in cm (or px without a scale).
STAIR_MAX_DISTANCE_CM = 1.5
STAIR_MAX_DISTANCE_PX = 150.0


@dataclass
class Index:
    """Lookups over one board, built once for all checks."""

    board: Board
    fields: dict = field(default_factory=dict)
    regions: dict = field(default_factory=dict)
    connections: dict = field(default_factory=dict)
    field_pos: dict[str, int] = field(default_factory=dict)
    conn_pos: dict[str, int] = field(default_factory=dict)
    degree: Counter = field(default_factory=Counter)
    pairs: dict[frozenset, list[str]] = field(default_factory=lambda: defaultdict(list))

    #: element ids the per-element checks look at (None: every element; the incremental check
    #: of `editor.check.incremental` sets it)
    scope: set[str] | None = None
    #: collection -> (position, element) of its elements in the scope (filled by `each`, or
    #: given by the incremental check, which knows the positions)
    scoped_items: dict[str, list] = field(default_factory=dict)
    _names: FieldNames | None = None

    @classmethod
    def build(cls, board: Board) -> Index:
        ix = cls(board)
        for i, f in enumerate(board.fields):
            ix.fields.setdefault(f.id, f)
            ix.field_pos.setdefault(f.id, i)
        ix.regions = {r.id: r for r in board.regions}
        for i, c in enumerate(board.connections):
            ix.connections.setdefault(c.id, c)
            ix.conn_pos.setdefault(c.id, i)
            if c.a != c.b:
                ix.degree[c.a] += 1
                ix.degree[c.b] += 1
                ix.pairs[frozenset((c.a, c.b))].append(c.id)
        return ix

    def each(self, collection: str) -> list:
        """(position, element) of a board list: all of them, or those in the scope."""
        items = getattr(self.board, collection)
        if self.scope is None:
            return list(enumerate(items))
        found = self.scoped_items.get(collection)
        if found is None:
            scope = self.scope
            found = self.scoped_items[collection] = [
                (i, x) for i, x in enumerate(items) if x.id in scope]
        return found

    @property
    def names(self) -> FieldNames:
        """The names people read for fields (built on first use)."""
        if self._names is None:
            self._names = FieldNames(self.board)
        return self._names

    def name(self, node: str) -> str:
        """A field as people read it (`FieldNames.name`: its printed number); a region or an
        unknown id as it is."""
        return self.names.name(node)

    def terrain(self, node: str) -> Terrain | None:
        f = self.fields.get(node)
        return f.terrain if f else None


Check = Callable[[Index], Iterator[Finding]]
CHECKS: list[Check] = []


def check(fn: Check) -> Check:
    CHECKS.append(fn)
    return fn


def _describe(kind: str, ident: str) -> str:
    return f"{kind.replace('_', ' ')} '{ident}'"


@check
def duplicate_ids(ix: Index) -> Iterator[Finding]:
    groups: dict[str, list[tuple[str, int, str]]] = {}
    for kind in KINDS:  # one group per id space (fields and regions share one)
        what = "field or region" if kind.space == "node" else kind.noun
        groups.setdefault(what, []).extend(
            (kind.collection, i, x.id) for i, x in ix.each(kind.collection))
    for what, items in groups.items():
        first: dict[str, tuple[str, int]] = {}
        for coll, i, ident in items:
            if ident in first:
                c0, i0 = first[ident]
                yield DUPLICATE_ID.at(
                    f"{_holder(ix, coll, i, what)} has the id '{ident}' of "
                    f"{_holder(ix, c0, i0, what)} (at /{c0}/{i0})",
                    pointer_join(coll, i, "id"), element=ident)
            else:
                first[ident] = (coll, i)


def _holder(ix: Index, collection: str, i: int, what: str) -> str:
    """A duplicate id's element as people read it: a field by its printed number (the id is
    not unique, so the name service cannot say which), anything else by its kind."""
    if collection == "fields":
        f = ix.board.fields[i]
        return (f"{f.terrain.value} field {f.number}" if f.number is not None
                else f"a {f.terrain.value} field")
    return "a region" if collection == "regions" else f"a {what}"


@dataclass(frozen=True)
class _Missing:
    """The ids not in `known` (a container for `occurrences(only=...)`)."""

    known: Container

    def __contains__(self, ident: object) -> bool:
        return ident not in self.known


def _owner(ix: Index, occ: Occurrence) -> str:
    """How a finding names the element holding a reference."""
    kind, ident = occ.key
    if kind == "connection":
        return _describe(occ.element.kind.value, ident)
    if kind == "field":
        return f"field '{ix.name(ident)}'"
    return _describe(KIND[kind].noun if kind in KIND else ident, ident)


@check
def dangling_references(ix: Index) -> Iterator[Finding]:
    """Every reference of the reference table (`editor.model.refs.REFS`) to a missing element,
    or a connection end of the wrong kind (wilderness paths join regions, BF-10)."""
    b = ix.board
    known: dict[str, Container] = {k.name: {x.id for x in getattr(b, k.collection)}
                                   for k in KINDS if k.collection not in ("fields", "regions",
                                                                          "connections")}
    known.update(field=ix.fields, region=ix.regions, connection=ix.connections,
                 node=ChainMap(ix.fields, ix.regions))
    for ref in REFS:
        scoped = ref.root in ("fields", "connections")
        only = None if ref.target_of else _Missing(known[ref.target])  # a quick pre-test
        for occ in occurrences(b, ref, ix.each(ref.root) if scoped else None, only):
            target = ref.target_of(occ.element) if ref.target_of else ref.target
            if occ.value not in known[target]:
                role = target if ref.target_of else ref.role
                yield DANGLING_REFERENCE.at(
                    f"{_owner(ix, occ)} refers to missing {role} '{occ.value}'",
                    pointer_join(*occ.pointer), element=occ.key[1])


@check
def connection_ends(ix: Index) -> Iterator[Finding]:
    for i, c in ix.each("connections"):
        name = _describe(c.kind.value, c.id)
        ptr = pointer_join("connections", i)
        if c.a == c.b:
            yield CONNECTION_SELF_LOOP.at(f"{name} joins '{ix.name(c.a)}' to itself", ptr,
                                          element=c.id)
            continue
        if c.kind == ConnectionKind.WILDERNESS_PATH:
            bad = [e for e in (c.a, c.b) if e in ix.fields]
            if bad:
                yield CONNECTION_TERRAIN.at(
                    f"{name} must join two regions, but '{ix.name(bad[0])}' is a field",
                    pointer_join("connections", i, "a" if bad[0] == c.a else "b"), element=c.id)
            continue
        ta, tb = ix.terrain(c.a), ix.terrain(c.b)
        if ta is None or tb is None:
            continue  # reported as dangling
        if c.kind in _LAND_KINDS and (ta, tb) != (Terrain.LAND, Terrain.LAND):
            yield CONNECTION_TERRAIN.at(
                f"{name} must join two land fields, but joins {ta.value} field "
                f"'{ix.name(c.a)}' to {tb.value} field '{ix.name(c.b)}'", ptr,
                element=c.id)
        elif c.kind == ConnectionKind.SEA_LANE and (ta, tb) != (Terrain.SEA, Terrain.SEA):
            yield CONNECTION_TERRAIN.at(
                f"{name} must join two sea fields, but joins {ta.value} field "
                f"'{ix.name(c.a)}' to {tb.value} field '{ix.name(c.b)}'", ptr,
                element=c.id)
        elif c.kind == ConnectionKind.HARBOUR_LINK:
            if {ta, tb} != {Terrain.LAND, Terrain.SEA}:
                yield CONNECTION_TERRAIN.at(
                    f"{name} must join a sea field to a land field, but joins {ta.value} field "
                    f"'{ix.name(c.a)}' to {tb.value} field '{ix.name(c.b)}'", ptr, element=c.id)
            else:
                sea = c.a if ta == Terrain.SEA else c.b
                if not ix.fields[sea].harbour:
                    yield HARBOUR_LINK.at(
                        f"{name} starts at sea field '{ix.name(sea)}', which is not a "
                        "harbour",
                        pointer_join("fields", ix.field_pos[sea], "harbour"), element=c.id)


@check
def harbours_without_link(ix: Index) -> Iterator[Finding]:
    """A harbour flag is implied by a harbour link (BF-2, BF-3): one without a link is stale."""
    flagged = [(i, f) for i, f in ix.each("fields") if f.harbour]
    if not flagged:
        return
    linked = linked_harbours(ix.board)
    for i, f in flagged:
        if f.id not in linked:
            yield HARBOUR_UNLINKED.at(
                f"sea field '{ix.name(f.id)}' is flagged a harbour, but no harbour link "
                f"starts at it" if f.terrain == Terrain.SEA else
                f"land field '{ix.name(f.id)}' is flagged a harbour",
                pointer_join("fields", i, "harbour"), element=f.id)


@check
def main_islands(ix: Index) -> Iterator[Finding]:
    """BF-18: the kind 'main' is implied by a seat naming the island as its main island."""
    named = {s.main_island for s in ix.board.seats if s.main_island is not None}
    for i, isl in enumerate(ix.board.islands):
        if (isl.kind == IslandKind.MAIN) != (isl.id in named):
            yield MAIN_ISLAND_KIND.at(
                f"island '{isl.id}' is a seat's main island but its kind is '{isl.kind.value}'"
                if isl.id in named else f"island '{isl.id}' is 'main' but no seat names it as "
                "its main island", pointer_join("islands", i, "kind"), element=isl.id)


@check
def connection_attributes(ix: Index) -> Iterator[Finding]:
    for i, c in ix.each("connections"):
        name = _describe(c.kind.value, c.id)
        if c.bridge_class is not None and c.kind != ConnectionKind.BRIDGE:
            yield CONNECTION_ATTRIBUTE.at(f"{name} has a bridge_class but is not a bridge",
                                          pointer_join("connections", i, "bridge_class"),
                                          element=c.id)
        if c.under_lane is not None:
            lane = ix.connections.get(c.under_lane)
            if c.kind != ConnectionKind.BRIDGE or (lane and lane.kind != ConnectionKind.SEA_LANE):
                yield CONNECTION_ATTRIBUTE.at(
                    f"{name}: under_lane '{c.under_lane}' needs a bridge over a sea lane",
                    pointer_join("connections", i, "under_lane"), element=c.id)
        if c.drawbridge and c.kind != ConnectionKind.CASTLE_ACCESS:
            yield CONNECTION_ATTRIBUTE.at(f"{name} has a drawbridge but is not a castle access",
                                          pointer_join("connections", i, "drawbridge"),
                                          element=c.id)
        if c.crossing is not None and c.kind != ConnectionKind.WILDERNESS_PATH:
            yield CONNECTION_ATTRIBUTE.at(f"{name} has a crossing but is not a wilderness path",
                                          pointer_join("connections", i, "crossing"),
                                          element=c.id)
        if c.one_way is not None and c.one_way.to not in (c.a, c.b):
            yield CONNECTION_ATTRIBUTE.at(
                f"{name}: one_way.to '{ix.name(c.one_way.to)}' is not one of its ends "
                f"'{ix.name(c.a)}', '{ix.name(c.b)}'",
                pointer_join("connections", i, "one_way", "to"), element=c.id)


@check
def duplicate_connections(ix: Index) -> Iterator[Finding]:
    for pair, ids in ix.pairs.items():
        if len(ids) > 1:
            a, b = sorted(pair)
            for extra in ids[1:]:
                yield DUPLICATE_CONNECTION.at(
                    f"connection '{extra}' joins '{ix.name(a)}' and '{ix.name(b)}', which "
                    f"'{ids[0]}' already joins",
                    pointer_join("connections", ix.conn_pos[extra]), element=extra)


@check
def castles(ix: Index) -> Iterator[Finding]:
    for i, castle in enumerate(ix.board.castles):
        name = _describe("castle", castle.id)
        if len(castle.towers) != 5:
            yield CASTLE_TOWER_COUNT.at(f"{name} has {len(castle.towers)} towers, not 5",
                                        pointer_join("castles", i, "towers"), element=castle.id)
        towers = {t.field for t in castle.towers}
        for pair, ids in ix.pairs.items():
            if len(pair) == 2 and pair <= towers:
                a, b = sorted(pair)
                yield CASTLE_TOWERS_CONNECTED.at(
                    f"{name}: towers '{ix.name(a)}' and '{ix.name(b)}' are joined by "
                    f"connection '{ids[0]}'",
                    pointer_join("connections", ix.conn_pos[ids[0]]), element=ids[0])
        for j, t in enumerate(castle.towers):
            ptr = pointer_join("castles", i, "towers", j)
            if t.field not in ix.fields:
                continue
            if ix.degree[t.field] != 1:
                yield TOWER_ACCESS.at(
                    f"{name}: tower '{ix.name(t.field)}' has {ix.degree[t.field]} connections; "
                    f"it needs "
                    f"exactly one access", ptr, element=t.field)
            access = ix.connections.get(t.access)
            if access is not None and t.field not in (access.a, access.b):
                yield TOWER_ACCESS.at(
                    f"{name}: access '{t.access}' of tower '{ix.name(t.field)}' does not touch "
                    "the tower",
                    pointer_join("castles", i, "towers", j, "access"), element=t.field)


@check
def grail(ix: Index) -> Iterator[Finding]:
    g = ix.board.grail
    if g is None:
        return
    distinct = set(g.fields)
    if len(g.fields) != 5 or len(distinct) != 5:
        yield GRAIL_FIELD_COUNT.at(
            f"the grail has {len(distinct)} distinct fields, not 5",
            pointer_join("grail", "fields"), element="grail")
    for j, gid in enumerate(g.fields):
        f = ix.fields.get(gid)
        if f is not None and f.terrain != Terrain.LAND:
            yield GRAIL_FIELD_COUNT.at(f"grail field '{ix.name(gid)}' is a sea field",
                                       pointer_join("grail", "fields", j), element=gid)


check(castle_accesses)
check(grail_front_and_roads)


def _px_limit(board: Board) -> float:
    if board.scale:
        return STAIR_MAX_DISTANCE_CM * board.scale.px_per_cm
    return STAIR_MAX_DISTANCE_PX


@check
def regions(ix: Index) -> Iterator[Finding]:
    limit = _px_limit(ix.board)
    for i, r in enumerate(ix.board.regions):
        poly = [(p.x, p.y) for p in r.polygon]
        problem = polygon_problem(poly)
        if problem:
            yield REGION_POLYGON.at(f"region '{r.id}' outline {problem}",
                                    pointer_join("regions", i, "polygon"), element=r.id)
            continue
        for j, sid in enumerate(r.stairs):
            f = ix.fields.get(sid)
            if f is None:
                continue
            if f.terrain != Terrain.LAND:
                yield STAIR_NOT_ADJACENT.at(f"region '{r.id}': stair '{ix.name(sid)}' is a sea "
                                            "field",
                                            pointer_join("regions", i, "stairs", j), element=sid)
                continue
            gap = distance_to_polygon((f.x, f.y), poly)
            if gap > limit:
                yield STAIR_NOT_ADJACENT.at(
                    f"region '{r.id}': stair field '{ix.name(sid)}' is {gap:.0f} px from the "
                    "region "
                    f"(at most {limit:.0f} px allowed)",
                    pointer_join("regions", i, "stairs", j), element=sid)


@check
def arrow_slits(ix: Index) -> Iterator[Finding]:
    for i, s in enumerate(ix.board.arrow_slits):
        if s.a == s.b:
            yield ARROW_SLIT_CONNECTED.at(
                f"arrow slit '{s.id}' joins '{ix.name(s.a)}' to itself",
                pointer_join("arrow_slits", i), element=s.id)
        elif frozenset((s.a, s.b)) in ix.pairs:
            joined = ix.pairs[frozenset((s.a, s.b))]
            yield ARROW_SLIT_CONNECTED.at(
                f"arrow slit '{s.id}' joins '{ix.name(s.a)}' and '{ix.name(s.b)}', which are "
                f"already connected by '{joined[0]}'", pointer_join("arrow_slits", i),
                element=s.id)


@check
def placements(ix: Index) -> Iterator[Finding]:
    for i, setup in enumerate(ix.board.setups):
        used: dict[str, int] = {}
        for j, p in enumerate(setup.placements):
            ptr = pointer_join("setups", i, "placements", j)
            if p.field in used:
                k = used[p.field]
                other = setup.placements[k]
                yield PLACEMENT_SHARED_FIELD.at(
                    f"setup '{setup.id}': {p.seat} {p.piece.value} (placement {j}) and "
                    f"{other.seat} {other.piece.value} (placement {k}) both stand on "
                    f"'{ix.name(p.field)}'",
                    pointer_join("setups", i, "placements", j, "field"), element=p.field)
            else:
                used[p.field] = j
            terrain = ix.terrain(p.field)
            if p.field in ix.regions:
                terrain = Terrain.LAND
            if terrain is None:
                continue
            vessel = PieceType(p.piece).is_vessel
            if vessel and terrain != Terrain.SEA:
                yield PLACEMENT_TERRAIN.at(
                    f"setup '{setup.id}': {p.seat} {p.piece.value} on land field "
                    f"'{ix.name(p.field)}'",
                    ptr, element=p.field)
            elif not vessel and terrain != Terrain.LAND:
                yield PLACEMENT_TERRAIN.at(
                    f"setup '{setup.id}': {p.seat} {p.piece.value} on sea field "
                    f"'{ix.name(p.field)}' "
                    f"(put it aboard a vessel as cargo)", ptr, element=p.field)


@check
def inside_image(ix: Index) -> Iterator[Finding]:
    img = ix.board.image
    if img is None:
        return
    for i, f in ix.each("fields"):
        if not (0 <= f.x <= img.width and 0 <= f.y <= img.height):
            yield FIELD_OUTSIDE_IMAGE.at(
                f"field '{ix.name(f.id)}' at ({f.x:g}, {f.y:g}) lies outside the "
                f"{img.width}x{img.height} image", pointer_join("fields", i), element=f.id)


def _adjacency(ix: Index) -> dict[str, set[str]]:
    adj: dict[str, set[str]] = defaultdict(set)
    for pair in ix.pairs:
        if len(pair) == 2:
            a, b = tuple(pair)
            adj[a].add(b)
            adj[b].add(a)
    for r in ix.board.regions:
        for s in r.stairs:
            adj[r.id].add(s)
            adj[s].add(r.id)
    return adj


def _reach(adj: dict[str, set[str]], starts: set[str]) -> set[str]:
    seen = set(starts)
    queue = deque(starts)
    while queue:
        for nxt in adj[queue.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


@check
def reachability(ix: Index) -> Iterator[Finding]:
    if len(ix.fields) < 2:
        return
    adj = _adjacency(ix)
    starts = {p.field for s in ix.board.setups for p in s.placements if p.field in ix.fields}
    if not starts:  # no setups yet: everything should hang together with the largest part
        best: set[str] = set()
        size = 0
        done: set[str] = set()
        for fid in ix.fields:  # board order, so the first of equally large parts wins
            if fid in done:
                continue
            part = _reach(adj, {fid})
            done |= part
            fields_in_part = sum(1 for node in part if node in ix.fields)
            if fields_in_part > size:
                best, size = part, fields_in_part
        seen = best
    else:
        seen = _reach(adj, starts)
    for i, f in enumerate(ix.board.fields):
        if f.id not in seen:
            yield UNREACHABLE_FIELD.at(
                f"field '{ix.name(f.id)}' cannot be reached from the start fields"
                if starts else
                f"field '{ix.name(f.id)}' is not connected to the main part of the board",
                pointer_join("fields", i), element=f.id)


def _distances(adj: dict[str, set[str]], targets: set[str]) -> dict[str, int]:
    dist = dict.fromkeys(targets, 0)
    queue = deque(targets)
    while queue:
        node = queue.popleft()
        for nxt in adj[node]:
            if nxt not in dist:
                dist[nxt] = dist[node] + 1
                queue.append(nxt)
    return dist


@check
def one_way_direction(ix: Index) -> Iterator[Finding]:
    g = ix.board.grail
    oneways = [(i, c) for i, c in enumerate(ix.board.connections) if c.one_way is not None]
    if not oneways or g is None:
        return
    dist = _distances(_adjacency(ix), {f for f in g.fields if f in ix.fields})
    for i, c in oneways:
        to = c.one_way.to
        frm = c.b if to == c.a else c.a
        if to in dist and frm in dist and dist[to] >= dist[frm]:
            yield ONE_WAY_DIRECTION.at(
                f"one-way {c.kind.value} '{c.id}' leads from '{ix.name(frm)}' ({dist[frm]} "
                f"steps from the grail) to '{ix.name(to)}' ({dist[to]} steps), away from the "
                "grail",
                pointer_join("connections", i, "one_way"), element=c.id)


@check
def numbers(ix: Index) -> Iterator[Finding]:
    first: dict[int, str] = {}
    for i, f in ix.each("fields"):
        if f.number is None:
            continue
        if f.number in first:
            yield DUPLICATE_NUMBER.at(
                f"field '{ix.name(f.id)}' has printed number {f.number}, already used by "
                f"'{ix.name(first[f.number])}'",
                pointer_join("fields", i, "number"), element=f.id)
        else:
            first[f.number] = f.id


@check
def scale(ix: Index) -> Iterator[Finding]:
    s = ix.board.scale
    if s is None or s.calibration is None:
        return
    cal = s.calibration
    measured = ((cal.a.x - cal.b.x) ** 2 + (cal.a.y - cal.b.y) ** 2) ** 0.5 / cal.distance_cm
    if abs(measured - s.px_per_cm) > max(0.01 * s.px_per_cm, 0.01):
        yield SCALE_CALIBRATION.at(
            f"scale px_per_cm is {s.px_per_cm:g} but its calibration measures {measured:.3f} "
            f"px per cm",
            pointer_join("scale", "px_per_cm"), element="scale")


@check
def unconfirmed(ix: Index) -> Iterator[Finding]:
    """Fields, connections and regions a detector proposed that the designer has not accepted
    yet."""
    for group in ("fields", "connections", "regions"):
        for i, item in ix.each(group):
            if item.unconfirmed:
                what = {"fields": "field", "regions": "region"}.get(group) or \
                    item.kind.value.replace("_", " ")
                shown = ix.name(item.id) if group == "fields" else item.id
                yield UNCONFIRMED.at(
                    f"{what} '{shown}' was proposed from the scan and is not confirmed",
                    pointer_join(group, i, "unconfirmed"), element=item.id)


@check
def former_ids(ix: Index) -> Iterator[Finding]:
    """A former id names one field (BOARD-5): never a current id of another element, never
    listed on two fields (either would make old files read a different field)."""
    owner: dict[str, str] = {}
    for i, f in enumerate(ix.board.fields):
        for j, old in enumerate(f.former_ids):
            ptr = pointer_join("fields", i, "former_ids", j)
            if (old != f.id and old in ix.fields) or old in ix.regions:
                what = "region" if old in ix.regions else f"field '{ix.name(old)}'"
                yield FORMER_ID_CLASH.at(
                    f"field '{ix.name(f.id)}' lists former id '{old}', the current id of {what}",
                    ptr, element=f.id)
            elif owner.get(old, f.id) != f.id:
                yield FORMER_ID_CLASH.at(
                    f"field '{ix.name(f.id)}' lists former id '{old}', which field "
                    f"'{ix.name(owner[old])}' lists too", ptr, element=f.id)
            owner.setdefault(old, f.id)


class CheckCancelled(Exception):
    """`check_board` was told to stop (its result would be thrown away)."""


def check_board(board: Board, stop: Callable[[], bool] | None = None) -> list[Finding]:
    """All semantic findings of a structurally valid board, in check order. `stop` is asked
    between checks; when it says yes, `CheckCancelled` is raised (an editor's check of a board
    that has changed since)."""
    ix = Index.build(board)
    out: list[Finding] = []
    for fn in CHECKS:
        if stop is not None and stop():
            raise CheckCancelled
        out.extend(fn(ix))
    return out
