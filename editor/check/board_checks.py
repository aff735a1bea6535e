"""Semantic checks of a board (after the structure is valid): stable codes, fix hints.

`check_board(board)` returns findings with JSON pointers; `editor.check.validate` adds the file
and line:column. Each check is a small function over a shared index of the board.
"""

from __future__ import annotations

from collections import ChainMap, Counter, defaultdict, deque
from collections.abc import Callable, Container, Iterator
from dataclasses import dataclass, field

from editor.check.castle_checks import castle_accesses, grail_front_and_roads
from editor.check.element_names import describe as _describe
from editor.check.element_names import holder, owner
from editor.i18n import _
from editor.model.board import Board, ConnectionKind, IslandKind, Terrain
from editor.model.derived import linked_harbours
from editor.model.findings import Finding, Severity, define, pointer_join
from editor.model.geometry import distance_to_polygon, polygon_problem
from editor.model.names import FieldNames
from editor.model.refs import KINDS, REFS, occurrences
from editor.model.terms import (
    connection_name,
    element_name,
    field_kind_name,
    piece_name,
    seat_label,
)
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
                    _("{holder} has the id '{ident}' of {holder2} (at /{c0}/{i0})").format(
                        holder=holder(ix.board, coll, i, what), ident=ident,
                        holder2=holder(ix.board, c0, i0, what), c0=c0, i0=i0),
                    pointer_join(coll, i, "id"), element=ident)
            else:
                first[ident] = (coll, i)


@dataclass(frozen=True)
class _Missing:
    """The ids not in `known` (a container for `occurrences(only=...)`)."""

    known: Container

    def __contains__(self, ident: object) -> bool:
        return ident not in self.known


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
                    _("{owner} refers to missing {role} '{id}'").format(
                        owner=owner(occ, ix.name), role=element_name(role), id=occ.value),
                    pointer_join(*occ.pointer), element=occ.key[1])


@check
def connection_ends(ix: Index) -> Iterator[Finding]:
    for i, c in ix.each("connections"):
        name = _describe(c.kind.value, c.id)
        ptr = pointer_join("connections", i)
        if c.a == c.b:
            yield CONNECTION_SELF_LOOP.at(_("{name} joins '{a}' to itself").format(
                                              name=name, a=ix.name(c.a)), ptr,
                                          element=c.id)
            continue
        if c.kind == ConnectionKind.WILDERNESS_PATH:
            bad = [e for e in (c.a, c.b) if e in ix.fields]
            if bad:
                yield CONNECTION_TERRAIN.at(
                    _("{name} must join two regions, but '{bad}' is a field").format(
                        name=name, bad=ix.name(bad[0])),
                    pointer_join("connections", i, "a" if bad[0] == c.a else "b"), element=c.id)
            continue
        ta, tb = ix.terrain(c.a), ix.terrain(c.b)
        if ta is None or tb is None:
            continue  # reported as dangling
        ends = {"name": name, "ta": field_kind_name(ta), "a": ix.name(c.a),
                "tb": field_kind_name(tb), "b": ix.name(c.b)}
        if c.kind in _LAND_KINDS and (ta, tb) != (Terrain.LAND, Terrain.LAND):
            yield CONNECTION_TERRAIN.at(
                _("{name} must join two land fields, but joins {ta} '{a}' to {tb} '{b}'").format(
                    **ends), ptr, element=c.id)
        elif c.kind == ConnectionKind.SEA_LANE and (ta, tb) != (Terrain.SEA, Terrain.SEA):
            yield CONNECTION_TERRAIN.at(
                _("{name} must join two sea fields, but joins {ta} '{a}' to {tb} '{b}'").format(
                    **ends), ptr, element=c.id)
        elif c.kind == ConnectionKind.HARBOUR_LINK:
            if {ta, tb} != {Terrain.LAND, Terrain.SEA}:
                yield CONNECTION_TERRAIN.at(
                    _("{name} must join a sea field to a land field, but joins {ta} '{a}' to "
                      "{tb} '{b}'").format(**ends), ptr, element=c.id)
            else:
                sea = c.a if ta == Terrain.SEA else c.b
                if not ix.fields[sea].harbour:
                    yield HARBOUR_LINK.at(
                        _("{name} starts at sea field '{sea}', which is not a harbour").format(
                            name=name, sea=ix.name(sea)),
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
                (_("sea field '{field}' is flagged a harbour, but no harbour link starts at "
                   "it").format(field=ix.name(f.id)) if f.terrain == Terrain.SEA
                 else _("land field '{field}' is flagged a harbour").format(field=ix.name(f.id))),
                pointer_join("fields", i, "harbour"), element=f.id)


@check
def main_islands(ix: Index) -> Iterator[Finding]:
    """BF-18: the kind 'main' is implied by a seat naming the island as its main island."""
    named = {s.main_island for s in ix.board.seats if s.main_island is not None}
    for i, isl in enumerate(ix.board.islands):
        if (isl.kind == IslandKind.MAIN) != (isl.id in named):
            yield MAIN_ISLAND_KIND.at(
                (_("island '{island}' is a seat's main island but its kind is '{kind}'").format(
                     island=isl.id, kind=isl.kind.value) if isl.id in named
                 else _("island '{island}' is 'main' but no seat names it as its main "
                        "island").format(
                     island=isl.id)), pointer_join("islands", i, "kind"), element=isl.id)


@check
def connection_attributes(ix: Index) -> Iterator[Finding]:
    for i, c in ix.each("connections"):
        name = _describe(c.kind.value, c.id)
        if c.bridge_class is not None and c.kind != ConnectionKind.BRIDGE:
            yield CONNECTION_ATTRIBUTE.at(_("{name} has a bridge_class but is not a bridge").format(
                                              name=name),
                                          pointer_join("connections", i, "bridge_class"),
                                          element=c.id)
        if c.under_lane is not None:
            lane = ix.connections.get(c.under_lane)
            if c.kind != ConnectionKind.BRIDGE or (lane and lane.kind != ConnectionKind.SEA_LANE):
                yield CONNECTION_ATTRIBUTE.at(
                    _("{name}: under_lane '{under_lane}' needs a bridge over a sea lane").format(
                        name=name, under_lane=c.under_lane),
                    pointer_join("connections", i, "under_lane"), element=c.id)
        if c.drawbridge and c.kind != ConnectionKind.CASTLE_ACCESS:
            yield CONNECTION_ATTRIBUTE.at(_("{name} has a drawbridge but is not a castle "
                                            "access").format(name=name),
                                          pointer_join("connections", i, "drawbridge"),
                                          element=c.id)
        if c.crossing is not None and c.kind != ConnectionKind.WILDERNESS_PATH:
            yield CONNECTION_ATTRIBUTE.at(_("{name} has a crossing but is not a wilderness "
                                            "path").format(name=name),
                                          pointer_join("connections", i, "crossing"),
                                          element=c.id)
        if c.one_way is not None and c.one_way.to not in (c.a, c.b):
            yield CONNECTION_ATTRIBUTE.at(
                _("{name}: one_way.to '{to}' is not one of its ends '{a}', '{b}'").format(
                    name=name, to=ix.name(c.one_way.to), a=ix.name(c.a), b=ix.name(c.b)),
                pointer_join("connections", i, "one_way", "to"), element=c.id)


@check
def duplicate_connections(ix: Index) -> Iterator[Finding]:
    for pair, ids in ix.pairs.items():
        if len(ids) > 1:
            a, b = sorted(pair)
            for extra in ids[1:]:
                yield DUPLICATE_CONNECTION.at(
                    _("connection '{extra}' joins '{a}' and '{b}', which '{ids}' already "
                      "joins").format(extra=extra, a=ix.name(a), b=ix.name(b), ids=ids[0]),
                    pointer_join("connections", ix.conn_pos[extra]), element=extra)


@check
def castles(ix: Index) -> Iterator[Finding]:
    for i, castle in enumerate(ix.board.castles):
        name = _describe("castle", castle.id)
        if len(castle.towers) != 5:
            yield CASTLE_TOWER_COUNT.at(_("{name} has {n} towers, not 5").format(
                                            name=name, n=len(castle.towers)),
                                        pointer_join("castles", i, "towers"), element=castle.id)
        towers = {t.field for t in castle.towers}
        for pair, ids in ix.pairs.items():
            if len(pair) == 2 and pair <= towers:
                a, b = sorted(pair)
                yield CASTLE_TOWERS_CONNECTED.at(
                    _("{name}: towers '{a}' and '{b}' are joined by connection '{ids}'").format(
                        name=name, a=ix.name(a), b=ix.name(b), ids=ids[0]),
                    pointer_join("connections", ix.conn_pos[ids[0]]), element=ids[0])
        for j, t in enumerate(castle.towers):
            ptr = pointer_join("castles", i, "towers", j)
            if t.field not in ix.fields:
                continue
            if ix.degree[t.field] != 1:
                yield TOWER_ACCESS.at(
                    _("{name}: tower '{field}' has {degree} connections; it needs exactly one "
                      "access").format(
                        name=name, field=ix.name(t.field), degree=ix.degree[t.field]), ptr,
                        element=t.field)
            access = ix.connections.get(t.access)
            if access is not None and t.field not in (access.a, access.b):
                yield TOWER_ACCESS.at(
                    _("{name}: access '{access}' of tower '{field}' does not touch the "
                      "tower").format(name=name, access=t.access, field=ix.name(t.field)),
                    pointer_join("castles", i, "towers", j, "access"), element=t.field)


@check
def grail(ix: Index) -> Iterator[Finding]:
    g = ix.board.grail
    if g is None:
        return
    distinct = set(g.fields)
    if len(g.fields) != 5 or len(distinct) != 5:
        yield GRAIL_FIELD_COUNT.at(
            _("the grail has {n} distinct fields, not 5").format(n=len(distinct)),
            pointer_join("grail", "fields"), element="grail")
    for j, gid in enumerate(g.fields):
        f = ix.fields.get(gid)
        if f is not None and f.terrain != Terrain.LAND:
            yield GRAIL_FIELD_COUNT.at(_("grail field '{field}' is a sea field").format(
                                           field=ix.name(gid)),
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
            yield REGION_POLYGON.at(_("region '{region}' outline {problem}").format(
                                        region=r.id, problem=problem),
                                    pointer_join("regions", i, "polygon"), element=r.id)
            continue
        for j, sid in enumerate(r.stairs):
            f = ix.fields.get(sid)
            if f is None:
                continue
            if f.terrain != Terrain.LAND:
                yield STAIR_NOT_ADJACENT.at(_("region '{region}': stair '{stair}' is a sea "
                                              "field").format(region=r.id, stair=ix.name(sid)),
                                            pointer_join("regions", i, "stairs", j), element=sid)
                continue
            gap = distance_to_polygon((f.x, f.y), poly)
            if gap > limit:
                yield STAIR_NOT_ADJACENT.at(
                    _("region '{region}': stair field '{stair}' is {gap:.0f} px from the region "
                      "(at most {limit:.0f} px allowed)").format(
                        region=r.id, stair=ix.name(sid), gap=gap, limit=limit),
                    pointer_join("regions", i, "stairs", j), element=sid)


@check
def arrow_slits(ix: Index) -> Iterator[Finding]:
    for i, s in enumerate(ix.board.arrow_slits):
        if s.a == s.b:
            yield ARROW_SLIT_CONNECTED.at(
                _("arrow slit '{slit}' joins '{a}' to itself").format(slit=s.id, a=ix.name(s.a)),
                pointer_join("arrow_slits", i), element=s.id)
        elif frozenset((s.a, s.b)) in ix.pairs:
            joined = ix.pairs[frozenset((s.a, s.b))]
            yield ARROW_SLIT_CONNECTED.at(
                _("arrow slit '{slit}' joins '{a}' and '{b}', which are already connected by "
                  "'{joined}'").format(slit=s.id, a=ix.name(s.a), b=ix.name(s.b), joined=joined[0]),
                    pointer_join("arrow_slits", i),
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
                    _("setup '{setup}': {seat} {piece} (placement {j}) and {seat2} {piece2} "
                      "(placement {k}) both stand on '{field}'").format(
                        setup=setup.id, seat=seat_label(p.seat, ix.board.seats),
                        piece=piece_name(p.piece.value), j=j, seat2=seat_label(other.seat,
                        ix.board.seats),
                        piece2=piece_name(other.piece.value), k=k, field=ix.name(p.field)),
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
                    _("setup '{setup}': {seat} {piece} on land field '{field}'").format(
                        setup=setup.id, seat=seat_label(p.seat, ix.board.seats),
                        piece=piece_name(p.piece.value), field=ix.name(p.field)),
                    ptr, element=p.field)
            elif not vessel and terrain != Terrain.LAND:
                yield PLACEMENT_TERRAIN.at(
                    _("setup '{setup}': {seat} {piece} on sea field '{field}' (put it aboard a "
                      "vessel as cargo)").format(
                        setup=setup.id, seat=seat_label(p.seat, ix.board.seats),
                        piece=piece_name(p.piece.value), field=ix.name(p.field)), ptr,
                        element=p.field)


@check
def inside_image(ix: Index) -> Iterator[Finding]:
    img = ix.board.image
    if img is None:
        return
    for i, f in ix.each("fields"):
        if not (0 <= f.x <= img.width and 0 <= f.y <= img.height):
            yield FIELD_OUTSIDE_IMAGE.at(
                _("field '{field}' at ({x:g}, {y:g}) lies outside the {width}x{height} "
                  "image").format(
                    field=ix.name(f.id), x=f.x, y=f.y, width=img.width, height=img.height),
                    pointer_join("fields", i), element=f.id)


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
            part = set(_distances(adj, {fid}))
            done |= part
            fields_in_part = sum(1 for node in part if node in ix.fields)
            if fields_in_part > size:
                best, size = part, fields_in_part
        seen = best
    else:
        seen = set(_distances(adj, starts))
    for i, f in enumerate(ix.board.fields):
        if f.id not in seen:
            yield UNREACHABLE_FIELD.at(
                (_("field '{field}' cannot be reached from the start fields").format(
                     field=ix.name(f.id)) if starts
                 else _("field '{field}' is not connected to the main part of the board").format(
                     field=ix.name(f.id))),
                pointer_join("fields", i), element=f.id)


def _distances(adj: dict[str, set[str]], targets: set[str]) -> dict[str, int]:
    """Steps from the nearest target to every node reached (its keys: what `targets` reach)."""
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
                _("one-way {kind} '{connection}' leads from '{frm}' ({dist} steps from the "
                  "grail) to '{to}' ({dist2} steps), away from the grail").format(
                    kind=connection_name(c.kind), connection=c.id, frm=ix.name(frm), dist=dist[frm],
                    to=ix.name(to), dist2=dist[to]),
                pointer_join("connections", i, "one_way"), element=c.id)


@check
def numbers(ix: Index) -> Iterator[Finding]:
    first: dict[int, str] = {}
    for i, f in ix.each("fields"):
        if f.number is None:
            continue
        if f.number in first:
            yield DUPLICATE_NUMBER.at(
                _("field '{field}' has printed number {number}, already used by '{first}'").format(
                    field=ix.name(f.id), number=f.number, first=ix.name(first[f.number])),
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
            _("scale px_per_cm is {px_per_cm:g} but its calibration measures {measured:.3f} px "
              "per cm").format(px_per_cm=s.px_per_cm, measured=measured),
            pointer_join("scale", "px_per_cm"), element="scale")


@check
def unconfirmed(ix: Index) -> Iterator[Finding]:
    """Fields, connections and regions proposed from a scan and not accepted yet."""
    for group in ("fields", "connections", "regions"):
        for i, item in ix.each(group):
            if item.unconfirmed:
                what = element_name(item.kind.value if group == "connections" else group[:-1])
                shown = ix.name(item.id) if group == "fields" else item.id
                yield UNCONFIRMED.at(
                    _("{what} '{shown}' was proposed from the scan and is not confirmed").format(
                        what=what, shown=shown),
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
                what = (_("a region") if old in ix.regions
                        else _("field '{field}'").format(field=ix.name(old)))
                yield FORMER_ID_CLASH.at(
                    _("field '{field}' lists former id '{old}', the current id of {what}").format(
                        field=ix.name(f.id), old=old, what=what),
                    ptr, element=f.id)
            elif owner.get(old, f.id) != f.id:
                yield FORMER_ID_CLASH.at(
                    _("field '{field}' lists former id '{old}', which field '{owner}' lists "
                      "too").format(
                        field=ix.name(f.id), old=old, owner=ix.name(owner[old])), ptr, element=f.id)
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
