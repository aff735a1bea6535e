#!/usr/bin/env python3
"""Build the four reference boards from one quarter (4 players) or one half (2 players).

Run from the repository root:

    .venv/bin/python boards/build_boards.py            # write the JSON boards and the scans
    .venv/bin/python boards/build_boards.py --no-scans # JSON only
    .venv/bin/python boards/build_boards.py --stats    # print the statistics table only

Each board is generated deterministically: the seat-South part (a 90-degree wedge of the
4-player boards, the lower half of the 2-player boards) is laid out as a jittered lattice of
land and sea fields inside hand-drawn island outlines, roads and sea lanes join neighbouring
fields (relative-neighbourhood graph on land, Gabriel graph at sea), then castles, bridges,
harbours, wilderness regions, arrow slits and start fields are added. Fields of the neighbouring
seats that the part connects to are included as "ghost" copies. The part is then copied through
the symmetry with `editor.model.transform.rotate_elements`, and `merge_coincident_fields`
fuses each ghost with the real field it lies on. Finally the few deliberately asymmetric
features of the printed boards are applied (see boards/README.md, "Outside the symmetry").

These boards are reconstructions from the rules (RULES.md BOARD-1..6, BF-1..20), not tracings.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import sys
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from editor.model import dump_board  # noqa: E402
from editor.model.board import (  # noqa: E402
    ArrowSlit,
    Board,
    BoardSide,
    BridgeClass,
    Calibration,
    Castle,
    Connection,
    ConnectionKind,
    Field,
    Grail,
    Island,
    IslandKind,
    OneWay,
    Placement,
    Region,
    RegionBorder,
    Scale,
    ScanImage,
    Seat,
    Setup,
    Terrain,
    Tower,
)
from editor.model.geometry import (  # noqa: E402
    distance_to_polygon,
    point_in_polygon,
    segments_intersect,
)
from editor.model.transform import (  # noqa: E402
    Elements,
    map_placements,
    merge_coincident_fields,
    rotate_elements,
)
from editor.model.types import PieceType, Point  # noqa: E402

BOARDS_DIR = Path(__file__).resolve().parent
PX_PER_CM = 100.0
XY = tuple[float, float]

SEAT_INFO = {
    "south": ("South", "#f2efe6"),   # white
    "west": ("West", "#d9b77e"),     # beige
    "north": ("North", "#7a4a26"),   # brown
    "east": ("East", "#2b2b2b"),     # black
}
#: Seats in the order of the quarter turns (clockwise on screen: bottom -> left -> top -> right).
ORDER_4P = ["south", "west", "north", "east"]
ORDER_2P = ["south", "north"]
PREFIX = {"south": "s.", "west": "w.", "north": "n.", "east": "e."}


# ---------------------------------------------------------------------------------------------
# small geometry helpers (centimetres, centre of the board at (0, 0), v pointing down)


def rot(p: XY, k: int, n: int) -> XY:
    """Rotate p by k steps of the n-fold symmetry (clockwise on screen), exactly."""
    u, v = p
    for _ in range(k % n):
        u, v = (-v, u) if n == 4 else (-u, -v)
    return u, v


def dist(a: XY, b: XY) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def seg_point_distance(p: XY, a: XY, b: XY) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy or 1.0)
    t = max(0.0, min(1.0, t))
    return dist(p, (a[0] + t * dx, a[1] + t * dy))


def outline_distance(p: XY, poly: list[XY]) -> float:
    """Distance from p to the outline of poly (inside or outside)."""
    m = len(poly)
    return min(seg_point_distance(p, poly[i], poly[(i + 1) % m]) for i in range(m))


def blob(centre: XY, radius: float, n: int, rng: random.Random, wobble: float = 0.18) -> list[XY]:
    """An irregular convex-ish outline around centre (used for wilderness regions)."""
    out = []
    for i in range(n):
        ang = 2 * math.pi * i / n + rng.uniform(-0.12, 0.12)
        r = radius * (1 + rng.uniform(-wobble, wobble))
        out.append((centre[0] + r * math.cos(ang), centre[1] + r * math.sin(ang)))
    return out


# ---------------------------------------------------------------------------------------------
# board specifications


@dataclass
class IslandSpec:
    id: str
    name: str
    kind: IslandKind
    outline: list[XY]          # polygon in cm (whole island, in quarter-0 coordinates)
    spacing: float = 1.42      # lattice spacing of land fields, cm
    hole: float = 0.0          # no lattice points within this radius of the board centre


@dataclass
class BridgeSpec:
    a: XY                      # anchor near the first end (quarter-0 island)
    a_island: str
    b: XY                      # anchor near the other end (absolute position, any island)
    b_island: str
    cls: BridgeClass = BridgeClass.NORMAL
    tag: str = ""              # stable id suffix


@dataclass
class HarbourSpec:
    at: XY
    island: str
    links: int = 1
    home: bool = False
    tag: str = ""


@dataclass
class RegionSpec:
    centre: XY
    radius: float
    stairs: int
    colour: str
    name: str


@dataclass
class BoardSpec:
    name: str
    file: str
    side: BoardSide
    width: float               # cm
    height: float              # cm
    n: int                     # symmetry order (4 or 2)
    grand: bool                # Grand Conquest features (moats, regions, arrow slits, numbers)
    islands: list[IslandSpec]
    island_map: list[dict[str, str]]   # per rotation k: quarter-0 island id -> island id
    castle_centre: XY
    castle_angle: float        # direction (deg) of the first tower
    bridges: list[BridgeSpec]
    harbours: list[HarbourSpec]
    regions: list[RegionSpec] = field(default_factory=list)
    sea_spacing: float = 1.9
    seed: int = 1
    grail: bool = False
    description: str = ""


# ---------------------------------------------------------------------------------------------
# the part (quarter / half) of seat South


@dataclass
class P:
    """A point of the South part."""

    idx: int
    u: float
    v: float
    terrain: Terrain
    island: str | None
    role: str                  # land, sea, front, gate, tower, witness

    @property
    def xy(self) -> XY:
        return (self.u, self.v)


class Part:
    """Lays out seat South's part of a board and produces its model elements."""

    def __init__(self, spec: BoardSpec) -> None:
        self.s = spec
        self.rng = random.Random(spec.seed)
        self.pts: list[P] = []
        self.region_polys: list[list[XY]] = []
        self.towers: list[P] = []
        self.fronts: list[P] = []

    # ---- wedge ----------------------------------------------------------------------------

    def in_wedge(self, u: float, v: float) -> bool:
        if self.s.n == 4:
            return v > abs(u) + 0.05
        return v > 0.05 or (abs(v) <= 0.05 and u > 0)

    def all_rot(self, p: XY) -> list[XY]:
        return [rot(p, k, self.s.n) for k in range(self.s.n)]

    # ---- lattice --------------------------------------------------------------------------

    def lattice(self, bbox: tuple[float, float, float, float], spacing: float,
                keep: Callable[[float, float], bool]) -> list[XY]:
        u0, v0, u1, v1 = bbox
        rows = int((v1 - v0) / (spacing * 0.866)) + 2
        cols = int((u1 - u0) / spacing) + 2
        out = []
        for r in range(rows):
            for c in range(cols):
                u = u0 + c * spacing + (spacing / 2 if r % 2 else 0.0)
                v = v0 + r * spacing * 0.866
                u += self.rng.uniform(-0.2, 0.2) * spacing
                v += self.rng.uniform(-0.2, 0.2) * spacing
                if keep(u, v):
                    out.append((round(u, 4), round(v, 4)))
        return out

    def add(self, u: float, v: float, terrain: Terrain, island: str | None, role: str) -> P:
        p = P(len(self.pts), u, v, terrain, island, role)
        self.pts.append(p)
        return p

    # ---- layout ---------------------------------------------------------------------------

    def layout(self) -> None:
        s = self.s
        cc = s.castle_centre
        clear_castle = 2.6
        fronts = [(cc[0] + 2.35 * math.cos(math.radians(s.castle_angle + 72 * i)),
                   cc[1] + 2.35 * math.sin(math.radians(s.castle_angle + 72 * i)))
                  for i in range(5)]
        self.region_polys = [blob(r.centre, r.radius, 9, self.rng) for r in s.regions]
        land: list[tuple[XY, str]] = []
        for isl in s.islands:
            us = [p[0] for p in isl.outline]
            vs = [p[1] for p in isl.outline]

            def keep(u: float, v: float, isl: IslandSpec = isl) -> bool:
                if not self.in_wedge(u, v) or not point_in_polygon((u, v), isl.outline):
                    return False
                if outline_distance((u, v), isl.outline) < 0.35:
                    return False
                if isl.hole and math.hypot(u, v) < isl.hole:
                    return False
                if dist((u, v), cc) < clear_castle or any(dist((u, v), f) < 1.0
                                                           for f in fronts):
                    return False
                return all(distance_to_polygon((u, v), poly) >= 0.62
                           for poly in self.region_polys)

            for u, v in self.lattice((min(us), min(vs), max(us), max(vs)), isl.spacing, keep):
                land.append(((u, v), isl.id))
        land = [land[i] for i in self._prune_seams([xy for xy, _ in land])]
        for (u, v), isl_id in land:
            self.add(u, v, Terrain.LAND, isl_id, "land")
        # castle: five towers in a ring, each with a front field outside
        main = s.islands[0].id
        for i in range(5):
            ang = math.radians(s.castle_angle + 72 * i)
            t = self.add(cc[0] + 0.95 * math.cos(ang), cc[1] + 0.95 * math.sin(ang),
                         Terrain.LAND, main, "tower")
            f = self.add(cc[0] + 2.35 * math.cos(ang), cc[1] + 2.35 * math.sin(ang),
                         Terrain.LAND, main, "front")
            self.towers.append(t)
            self.fronts.append(f)
        if s.grail:  # the last field of the approach, in front of the grail's front field
            self.add(0.0, 2.15, Terrain.LAND, "centre", "gate")
        # wilderness regions: outline plus witnesses so that no road crosses them
        for r, poly in zip(s.regions, self.region_polys, strict=True):
            for q in [*poly, r.centre]:
                self.add(q[0], q[1], Terrain.LAND, None, "witness")
        # sea
        all_land = [q for p in self.pts if p.terrain == Terrain.LAND for q in self.all_rot(p.xy)]
        grid = _Grid(all_land, 2.0)
        hw, hh = s.width / 2 - 0.8, s.height / 2 - 0.8

        def sea_ok(u: float, v: float) -> bool:
            if not self.in_wedge(u, v) or abs(u) > hw or abs(v) > hh:
                return False
            if grid.nearest(u, v, 1.45) is not None:
                return False
            for k in range(s.n):
                q = rot((u, v), -k, s.n)
                if any(point_in_polygon(q, isl.outline) for isl in s.islands):
                    return False
            return True

        sea = self.lattice((-s.width / 2, -s.height / 2, s.width / 2, s.height / 2),
                           s.sea_spacing, sea_ok)
        for i in self._prune_seams(sea, min_gap=0.75 * s.sea_spacing):
            self.add(sea[i][0], sea[i][1], Terrain.SEA, None, "sea")

    def _prune_seams(self, xy: list[XY], min_gap: float = 0.85) -> list[int]:
        """Indices of points to keep: of two points closer than `min_gap` across a seam (a point
        and a rotated copy of another), the later one goes, the same way in every copy."""
        n = self.s.n
        rotated = [rot(p, k, n) for k in range(1, n) for p in xy]
        owner = [i for _k in range(1, n) for i in range(len(xy))]
        grid = _Grid(rotated, min_gap + 0.01)
        drop: set[int] = set()
        for i, p in enumerate(xy):
            for gi in grid.within(p[0], p[1], min_gap):
                drop.add(max(i, owner[gi]))
        return [i for i in range(len(xy)) if i not in drop]


class _Grid:
    """Bucket grid for neighbour queries."""

    def __init__(self, pts: list[XY], cell: float) -> None:
        self.pts = pts
        self.cell = cell
        self.b: dict[tuple[int, int], list[int]] = {}
        for i, (u, v) in enumerate(pts):
            self.b.setdefault((math.floor(u / cell), math.floor(v / cell)), []).append(i)

    def within(self, u: float, v: float, r: float) -> list[int]:
        c = self.cell
        out = []
        for gx in range(math.floor((u - r) / c), math.floor((u + r) / c) + 1):
            for gy in range(math.floor((v - r) / c), math.floor((v + r) / c) + 1):
                for i in self.b.get((gx, gy), ()):
                    pu, pv = self.pts[i]
                    if (pu - u) ** 2 + (pv - v) ** 2 < r * r:
                        out.append(i)
        return sorted(out)

    def nearest(self, u: float, v: float, r: float) -> int | None:
        best, bd = None, r
        for i in self.within(u, v, r):
            d = math.hypot(self.pts[i][0] - u, self.pts[i][1] - v)
            if d < bd:
                best, bd = i, d
        return best


# ---------------------------------------------------------------------------------------------
# graph of the whole board, computed from the part and its rotations


LAND_ROLES = {"land", "front", "gate"}


@dataclass(frozen=True)
class Edge:
    """An edge orbit, represented with its first end in the part: (i, k, j) joins own point i
    to point j of the part rotated k times."""

    i: int
    k: int
    j: int


class Graph:
    def __init__(self, part: Part) -> None:
        self.part = part
        s = part.s
        self.n = s.n
        self.g: list[tuple[int, int]] = [(k, p.idx) for k in range(s.n) for p in part.pts]
        self.xy: list[XY] = [rot(part.pts[i].xy, k, s.n) for k, i in self.g]
        self.island: list[str | None] = [
            s.island_map[k].get(part.pts[i].island, part.pts[i].island)
            if part.pts[i].island else None for k, i in self.g]
        self.grid = _Grid(self.xy, 3.0)
        self.region_polys = [[rot(q, k, s.n) for q in poly]
                             for k in range(s.n) for poly in part.region_polys]

    def gidx(self, k: int, i: int) -> int:
        return (k % self.n) * len(self.part.pts) + i

    def edges(self, roles: set[str], same_island: bool, max_len: float,
              gabriel: bool) -> set[Edge]:
        pts = self.part.pts
        out: set[Edge] = set()
        for a in range(len(pts)):
            if pts[a].role not in roles:
                continue
            pa = self.xy[a]
            for gb in self.grid.within(pa[0], pa[1], max_len):
                kb, b = self.g[gb]
                if gb == a or pts[b].role not in roles:
                    continue
                if same_island and self.island[gb] != self.island[a]:
                    continue
                pb = self.xy[gb]
                d = dist(pa, pb)
                if not self._empty(pa, pb, d, a, gb, gabriel):
                    continue
                if any(self._crosses_region(pa, pb, poly) for poly in self.region_polys):
                    continue
                if s_core_cut(self.part.s, pa, pb):
                    continue
                out.add(canonical(a, kb, b, self.n))
        return out

    def _empty(self, pa: XY, pb: XY, d: float, a: int, gb: int, gabriel: bool) -> bool:
        mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
        for w in self.grid.within(mid[0], mid[1], d):
            if w in (a, gb):
                continue
            q = self.xy[w]
            da, db = dist(q, pa), dist(q, pb)
            if gabriel:
                if da * da + db * db < d * d - 1e-9:
                    return False
            elif max(da, db) < d - 1e-9:
                return False
        return True

    @staticmethod
    def _crosses_region(a: XY, b: XY, poly: list[XY]) -> bool:
        if point_in_polygon(a, poly) or point_in_polygon(b, poly):
            return True
        m = len(poly)
        return any(segments_intersect(a, b, poly[i], poly[(i + 1) % m]) for i in range(m))

    def seg(self, e: Edge, r: int = 0) -> tuple[XY, XY]:
        """Segment of the instance of edge orbit e rotated r times."""
        a = rot(self.part.pts[e.i].xy, r, self.n)
        b = rot(self.part.pts[e.j].xy, e.k + r, self.n)
        return a, b


def canonical(i: int, k: int, j: int, n: int) -> Edge:
    """The representative of an edge orbit: smallest (k, i, j) of its two readings."""
    a, b = (k % n, i, j), ((-k) % n, j, i)
    k0, i0, j0 = min(a, b)
    return Edge(i0, k0, j0)


def s_core_cut(spec: BoardSpec, a: XY, b: XY) -> bool:
    """On 4-player boards nothing but the approaches may pass close to the grail."""
    return spec.grail and seg_point_distance((0.0, 0.0), a, b) < 2.0


def crosses(s1: tuple[XY, XY], s2: tuple[XY, XY]) -> bool:
    if {s1[0], s1[1]} & {s2[0], s2[1]}:
        return False
    return segments_intersect(s1[0], s1[1], s2[0], s2[1])


# ---------------------------------------------------------------------------------------------
# the part as model elements


@dataclass
class PartModel:
    elements: Elements
    placements: dict[str, list[Placement]]
    ghosts: set[str]
    tags: dict[str, str]       # feature tag -> element id in the part (for exceptions)


#: Height of the band above the play area that holds the title and the scale bar, cm.
BAND = 1.4


def px(spec: BoardSpec, p: XY) -> XY:
    return ((p[0] + spec.width / 2) * PX_PER_CM, (p[1] + spec.height / 2 + BAND) * PX_PER_CM)


def build_part(spec: BoardSpec) -> PartModel:
    part = Part(spec)
    part.layout()
    graph = Graph(part)
    pts = part.pts
    n = spec.n
    land_max = 2.35
    roads = graph.edges(LAND_ROLES, True, land_max, gabriel=False)
    lanes = graph.edges({"sea"}, False, spec.sea_spacing * 1.6, gabriel=True)

    def fid(i: int) -> str:
        p = pts[i]
        if p.role == "tower":
            return f"s.T{part.towers.index(p) + 1}"
        if p.role == "front":
            return f"s.F{part.fronts.index(p) + 1}"
        if p.role == "gate":
            return "s.gate"
        return f"s.{'L' if p.terrain == Terrain.LAND else 'S'}{i}"

    ghosts: dict[str, Field] = {}

    def ref(k: int, j: int) -> str:
        """Id of point j of the part rotated k times, as seen from the part."""
        if k % n == 0:
            return fid(j)
        gid = f"s.g{k % n}.{j}"
        if gid not in ghosts:
            x, y = px(spec, rot(pts[j].xy, k, n))
            island = pts[j].island
            ghosts[gid] = Field(id=gid, terrain=pts[j].terrain, x=x, y=y,
                                island=spec.island_map[k % n].get(island, island)
                                if island else None)
        return gid

    def nearest(anchor: XY, island: str, own: bool,
                roles: set[str] = LAND_ROLES) -> tuple[int, int]:
        best, bd = None, 1e9
        for gi, (k, i) in enumerate(graph.g):
            if own and k:
                continue
            if pts[i].role not in roles or graph.island[gi] != island:
                continue
            d = dist(graph.xy[gi], anchor)
            if d < bd:
                best, bd = (k, i), d
        assert best is not None, f"no {island} field near {anchor}"
        return best

    # bridges
    bridges: list[tuple[Edge, BridgeSpec]] = []
    for b in spec.bridges:
        _, i = nearest(b.a, b.a_island, True)
        k, j = nearest(b.b, b.b_island, False)
        bridges.append((Edge(i, k, j), b))
    # harbours
    harbour_pts: list[tuple[int, HarbourSpec, list[int]]] = []
    used_sea: set[int] = set()
    for h in spec.harbours:
        cands = sorted((dist(p.xy, h.at), p.idx) for p in pts
                       if p.role == "sea" and p.idx not in used_sea)
        si = cands[0][1]
        used_sea.add(si)
        land = sorted((dist(p.xy, pts[si].xy), p.idx) for p in pts
                      if p.role in ("land", "front") and p.island == h.island)
        links = [j for d, j in land[: h.links] if d < 2.6] or [land[0][1]]
        harbour_pts.append((si, h, links))
    # sea lanes under bridges / across harbour links
    obstacles: list[tuple[tuple[XY, XY], int | None]] = []
    for bi, (e, _b) in enumerate(bridges):
        obstacles.append((graph.seg(e), bi))
    for si, _h, links in harbour_pts:
        for j in links:
            obstacles.append(((pts[si].xy, pts[j].xy), None))
    under: dict[int, Edge] = {}
    drop: set[Edge] = set()
    for lane in sorted(lanes, key=lambda e: (e.k, e.i, e.j)):
        for r in range(n):
            s1 = graph.seg(lane, r)
            for obst, bi in obstacles:
                if not crosses(s1, obst):
                    continue
                if bi is not None and r == 0 and bi not in under:
                    under[bi] = lane
                elif not (bi is not None and under.get(bi) == lane):
                    drop.add(lane)
    for lane in under.values():
        drop.discard(lane)
    lanes -= drop
    # keep only what hangs together with the castle (modulo the symmetry)
    links_q = [(e.i, e.j) for e in roads | lanes] + [(e.i, e.j) for e, _ in bridges]
    links_q += [(si, j) for si, _h, links in harbour_pts for j in links]
    links_q += [(t.idx, f.idx) for t, f in zip(part.towers, part.fronts, strict=True)]
    reach = _reach(links_q, part.fronts[0].idx)
    roads = {e for e in roads if e.i in reach and e.j in reach}
    lanes = {e for e in lanes if e.i in reach and e.j in reach}

    el = Elements()
    tags: dict[str, str] = {}
    for p in pts:
        if p.role == "witness" or p.idx not in reach:
            continue
        x, y = px(spec, p.xy)
        el.fields.append(Field(id=fid(p.idx), terrain=p.terrain, x=x, y=y, island=p.island))
    harbour_ids = {fid(si) for si, _, _ in harbour_pts}
    el.fields = [f.model_copy(update={"harbour": f.id in harbour_ids}) for f in el.fields]
    lane_ids: dict[Edge, str] = {}
    for n_, e in enumerate(sorted(roads, key=lambda e: (e.i, e.k, e.j))):
        el.connections.append(Connection(id=f"s.r{n_ + 1}", kind=ConnectionKind.ROAD,
                                         a=fid(e.i), b=ref(e.k, e.j)))
    for n_, e in enumerate(sorted(lanes, key=lambda e: (e.i, e.k, e.j))):
        lane_ids[e] = f"s.l{n_ + 1}"
        el.connections.append(Connection(id=lane_ids[e], kind=ConnectionKind.SEA_LANE,
                                         a=fid(e.i), b=ref(e.k, e.j)))
    for bi, (e, b) in enumerate(bridges):
        cid = f"s.b{b.tag or bi + 1}"
        tags[f"bridge:{b.tag}"] = cid
        el.connections.append(Connection(
            id=cid, kind=ConnectionKind.BRIDGE, a=fid(e.i), b=ref(e.k, e.j), bridge_class=b.cls,
            under_lane=lane_ids.get(under[bi]) if bi in under else None))
    for hn, (si, h, links) in enumerate(harbour_pts):
        tags[f"harbour:{h.tag or hn + 1}"] = fid(si)
        for ln, j in enumerate(links):
            cid = f"s.h{h.tag or hn + 1}.{ln + 1}"
            el.connections.append(Connection(id=cid, kind=ConnectionKind.HARBOUR_LINK,
                                             a=fid(si), b=fid(j)))
    # castle
    towers = []
    for t, f in zip(part.towers, part.fronts, strict=True):
        cid = f"s.a{part.towers.index(t) + 1}"
        el.connections.append(Connection(id=cid, kind=ConnectionKind.CASTLE_ACCESS,
                                         a=fid(f.idx), b=fid(t.idx), drawbridge=spec.grand))
        towers.append(Tower(field=fid(t.idx), access=cid))
    el.castles.append(Castle(id="s.castle", seat="south", towers=towers, moat=spec.grand))
    # grail approach (4 players): the gate leads to the central field in front of the grail
    if spec.grail:
        el.connections.append(Connection(id="s.v", kind=ConnectionKind.ROAD, a="s.gate",
                                         b="c.front", one_way=OneWay(to="c.front")))
        tags["approach"] = "s.v"
    # wilderness regions
    stairs_all: set[int] = set()
    region_ids = []
    for rn, (r, poly) in enumerate(zip(spec.regions, part.region_polys, strict=True)):
        rid = f"s.R{rn + 1}"
        region_ids.append(rid)
        near = sorted((distance_to_polygon(p.xy, poly), p.idx) for p in pts
                      if p.role == "land" and p.island == spec.islands[0].id and p.idx in reach)
        stairs = [j for d, j in near if d <= 1.3 and j not in stairs_all][: r.stairs]
        assert len(stairs) == r.stairs, f"region {rid}: not enough stair fields"
        stairs_all.update(stairs)
        borders = []
        for d, j in near:
            if d > 1.45:
                break
            ang = math.degrees(math.atan2(pts[j].v - r.centre[1], pts[j].u - r.centre[0])) % 360
            borders.append(RegionBorder(field=fid(j), screened=200 <= ang <= 290))
        borders.sort(key=lambda b: b.field)
        el.regions.append(Region(
            id=rid, name=r.name, colour=r.colour, island=spec.islands[0].id,
            polygon=[Point(x=px(spec, q)[0], y=px(spec, q)[1]) for q in poly],
            stairs=[fid(j) for j in stairs], borders=borders))
    # paths join neighbouring regions across the road between them (WILD-1)
    for rn in range(len(region_ids) - 1):
        if dist(spec.regions[rn].centre, spec.regions[rn + 1].centre) > 7.0:
            continue
        el.connections.append(Connection(
            id=f"s.w{rn + 1}", kind=ConnectionKind.WILDERNESS_PATH, a=region_ids[rn],
            b=region_ids[rn + 1], crossing="bridge" if rn == 0 else "underpass"))
    # arrow slits (Grand Conquest): tower to the next tower's front field, and across straits
    if spec.grand:
        for i in range(5):
            el.arrow_slits.append(ArrowSlit(id=f"s.x{i + 1}", a=fid(part.towers[i].idx),
                                            b=fid(part.fronts[(i + 1) % 5].idx)))
        for bi, (e, _b) in enumerate(bridges):
            a_end, b_end = graph.seg(e)
            best = None
            for p in pts:
                if p.role != "land" or p.island != pts[e.i].island or p.idx == e.i \
                        or p.idx not in reach:
                    continue
                if dist(p.xy, a_end) > 2.6:
                    continue
                for gi, (k, j) in enumerate(graph.g):
                    if graph.island[gi] == p.island or pts[j].role != "land" or j not in reach:
                        continue
                    if (k % n, j) == (e.k % n, e.j) or dist(graph.xy[gi], b_end) > 2.6:
                        continue
                    d = dist(p.xy, graph.xy[gi])
                    if d < 4.6 and (best is None or d < best[0]):
                        best = (d, p.idx, k, j)
            if best:
                el.arrow_slits.append(ArrowSlit(id=f"s.x{6 + bi}", a=fid(best[1]),
                                                b=ref(best[2], best[3])))
    # start fields
    main = spec.islands[0].id
    bridge_ends = {e.i for e, _ in bridges}
    cc = spec.castle_centre
    land_start = sorted((dist(p.xy, cc), p.idx) for p in pts
                        if p.role in ("land", "front") and p.island == main and p.idx in reach
                        and p.idx not in bridge_ends and p.idx not in stairs_all)
    home = next(si for si, h, _ in harbour_pts if h.home)
    sea_adj: dict[int, set[int]] = {}
    for e in lanes:
        if e.k == 0:
            sea_adj.setdefault(e.i, set()).add(e.j)
            sea_adj.setdefault(e.j, set()).add(e.i)
    hops = {home: 0}
    todo = deque([home])
    while todo:
        x = todo.popleft()
        for y in sorted(sea_adj.get(x, ())):
            if y not in hops:
                hops[y] = hops[x] + 1
                todo.append(y)
    sea_start = sorted((hops[q.idx], dist(q.xy, pts[home].xy), q.idx)
                       for q in pts if q.role == "sea" and q.idx in hops)
    vessels = [PieceType.GALLEON] * 2 + [PieceType.SHIP] * 4
    placements: dict[str, list[Placement]] = {}

    def place(kinds: list[PieceType], fields: list[int]) -> list[Placement]:
        return [Placement(seat="south", field=fid(j), piece=t)
                for t, j in zip(kinds, fields, strict=False)]

    sea_fields = [j for _, _, j in sea_start[:6]]
    if spec.grand:
        land_kinds = ([PieceType.ELEPHANT] * 4 + [PieceType.KNIGHT] * 4 + [PieceType.CAMEL] * 2
                      + [PieceType.SOLDIER] * 5)
        ps = [Placement(seat="south", field=fid(t.idx), piece=PieceType.SOLDIER)
              for t in part.towers]
        ps += place(land_kinds, [j for _, j in land_start[: len(land_kinds)]])
        ps += place(vessels, sea_fields)
        placements["grand-conquest"] = ps
    else:
        land_kinds = ([PieceType.SOLDIER] * 5 + [PieceType.ELEPHANT] * 4 + [PieceType.KNIGHT] * 4
                      + [PieceType.CHARIOT] * 2 + [PieceType.SOLDIER] * 5)
        base = place(land_kinds, [j for _, j in land_start[:20]]) + place(vessels, sea_fields)
        plus_kinds = [PieceType.SIEGE_TOWER, PieceType.CATAPULT] * 2
        plus = place(plus_kinds, [j for _, j in land_start[20:24]])
        placements["conquest"] = base
        placements["conquest-plus"] = base + plus
    el.fields.extend(ghosts[g] for g in sorted(ghosts))
    return PartModel(el, placements, set(ghosts), tags)


def _reach(pairs: list[tuple[int, int]], start: int) -> set[int]:
    adj: dict[int, set[int]] = {}
    for a, b in pairs:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    seen = {start}
    todo = [start]
    while todo:
        for y in adj.get(todo.pop(), ()):
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return seen


# ---------------------------------------------------------------------------------------------
# assembling a board: the part, its rotations, the merge, the exceptions


def assemble(spec: BoardSpec) -> Board:
    pm = build_part(spec)
    n = spec.n
    order = ORDER_4P if n == 4 else ORDER_2P
    centre = px(spec, (0.0, 0.0))
    core_fields: list[Field] = []
    core_conns: list[Connection] = []
    grail = None
    if spec.grail:
        # the grail star: the central field in front of the grail and five grail fields around
        # it, two of them in the North-East gap (five fields cannot be quarter-turn symmetric)
        x0, y0 = centre
        core_fields.append(Field(id="c.front", terrain=Terrain.LAND, x=x0, y=y0,
                                 island="centre", label="front"))
        for g, ang in enumerate((45, 135, 225, 300, 330)):
            gx = x0 + 1.95 * PX_PER_CM * math.cos(math.radians(ang))
            gy = y0 + 1.95 * PX_PER_CM * math.sin(math.radians(ang))
            core_fields.append(Field(id=f"c.grail{g + 1}", terrain=Terrain.LAND, x=gx, y=gy,
                                     island="centre", label="grail"))
            core_conns.append(Connection(id=f"c.gr{g + 1}", kind=ConnectionKind.ROAD,
                                         a="c.front", b=f"c.grail{g + 1}"))
        grail = Grail(fields=[f"c.grail{g + 1}" for g in range(5)], front="c.front",
                      roads=[f"c.gr{g + 1}" for g in range(5)])
    real: list[Field] = []
    ghosts: list[Field] = []
    conns: list[Connection] = []
    regions: list[Region] = []
    slits: list[ArrowSlit] = []
    castles: list[Castle] = []
    setups: dict[str, list[Placement]] = {sid: [] for sid in pm.placements}
    for k in range(n):
        seat = order[k]

        def rename(i: str, seat: str = seat) -> str:
            return PREFIX[seat] + i[2:] if i.startswith("s.") else i

        els, ids = rotate_elements(pm.elements, centre, 360.0 / n * k, rename,
                                   seat_map={"south": seat}, island_map=spec.island_map[k])
        ghost_ids = {ids[g] for g in pm.ghosts}
        real += [f for f in els.fields if f.id not in ghost_ids]
        ghosts += [f for f in els.fields if f.id in ghost_ids]
        conns += els.connections
        regions += els.regions
        slits += els.arrow_slits
        castles += els.castles
        for sid, ps in pm.placements.items():
            setups[sid] += map_placements(ps, ids, {"south": seat})
    seats = [Seat(id=s, name=SEAT_INFO[s][0], colour=SEAT_INFO[s][1], main_island=s)
             for s in (["north", "east", "south", "west"] if n == 4 else ["south", "north"])]
    islands = [Island(id=s, name=f"{SEAT_INFO[s][0]} island", kind=IslandKind.MAIN)
               for s in order]
    extra = sorted({isl for m in spec.island_map for isl in m.values()} - set(order))
    islands += [Island(id=i, name=f"{i.capitalize()} island",
                       kind=IslandKind.CENTRAL if i == "centre" and spec.grail
                       else IslandKind.SMALL) for i in extra]
    setup_names = {"conquest": "Conquest", "conquest-plus": "Conquest Plus",
                   "grand-conquest": "Grand Conquest"}
    w, h = round(spec.width * PX_PER_CM), round((spec.height + BAND) * PX_PER_CM)
    board = Board(
        name=spec.name, side=spec.side, description=spec.description,
        image=ScanImage(path=f"scans/{spec.file}.png", width=w, height=h),
        scale=Scale(px_per_cm=PX_PER_CM, calibration=Calibration(
            a=Point(x=w - 1150, y=80), b=Point(x=w - 150, y=80), distance_cm=10)),
        seats=seats, islands=islands, fields=core_fields + real + ghosts,
        connections=core_conns + conns, castles=castles, grail=grail, regions=regions,
        arrow_slits=slits,
        setups=[Setup(id=sid, name=setup_names[sid], placements=ps)
                for sid, ps in setups.items()])
    board, _merged = merge_coincident_fields(board, tolerance=0.5)
    left = [f.id for f in board.fields if re.match(r"^[a-z]\.g\d", f.id)]
    assert not left, f"ghost fields not merged: {left[:5]}"
    board = apply_exceptions(spec, board, pm)
    return number_fields(spec, board)


def _update_conn(board: Board, cid: str, **update: object) -> Board:
    conns = [c.model_copy(update=update) if c.id == cid else c for c in board.connections]
    return board.model_copy(update={"connections": conns})


def apply_exceptions(spec: BoardSpec, board: Board, pm: PartModel) -> Board:
    """The printed boards' deliberate asymmetries (boards/README.md, "Outside the symmetry")."""
    if spec.n != 4:
        return board
    narrow = BridgeClass.ROPE_BRIDGE if spec.grand else BridgeClass.X_BRIDGE
    seam = pm.tags["bridge:x"]
    # X bridges (OBST-3) / rope bridges (OBST-4): South-West and North-East only
    for seat in ("south", "north"):
        board = _update_conn(board, PREFIX[seat] + seam[2:], bridge_class=narrow)
    # three V passages / one-way roads toward the grail (OBST-1/2); the East approach is the
    # exception: a plain road (Conquest) or the rope bridge up to the grail (Grand Conquest)
    east = "e." + pm.tags["approach"][2:]
    if spec.grand:
        board = _update_conn(board, east, one_way=None, kind=ConnectionKind.BRIDGE,
                             bridge_class=BridgeClass.ROPE_BRIDGE)
    else:
        board = _update_conn(board, east, one_way=None)
    # two harbours on the central island (BOARD-3): the South and North ones
    if "harbour:hc" in pm.tags:
        sea = pm.tags["harbour:hc"][2:]
        drop_fields = {"w." + sea, "e." + sea}
        fields = [f.model_copy(update={"harbour": False}) if f.id in drop_fields else f
                  for f in board.fields]
        conns = [c for c in board.connections
                 if not (c.kind == ConnectionKind.HARBOUR_LINK and (c.a in drop_fields
                                                                      or c.b in drop_fields))]
        board = board.model_copy(update={"fields": fields, "connections": conns})
    return Board.model_validate(board.model_dump())


def _reading_order(fields: list[Field]) -> list[Field]:
    return sorted(fields, key=lambda f: (round(f.y / 150), f.x, f.id))


def number_fields(spec: BoardSpec, board: Board) -> Board:
    """Printed field numbers (BOARD-5, BF-19)."""
    by_island: dict[str | None, list[Field]] = {}
    for f in board.fields:
        by_island.setdefault(f.island if f.terrain == Terrain.LAND else None, []).append(f)
    towers = {t.field: (c.seat, i) for c in board.castles for i, t in enumerate(c.towers)}
    numbers: dict[str, int] = {}
    if spec.side == BoardSide.GRAND_CONQUEST_2P:
        # zones as in the puzzle books: South 1xx (towers 106-110), small islands 2xx,
        # North 3xx-4xx (towers 306-310), sea from 501
        def zone(fields: list[Field], start: int) -> None:
            tower_fields = sorted((towers[f.id][1], f.id) for f in fields if f.id in towers)
            for i, (_, fid) in enumerate(tower_fields):
                numbers[fid] = start + 5 + i
            nums = (x for x in range(start, 100_000) if not start + 5 <= x < start + 10)
            for f in _reading_order([f for f in fields if f.id not in towers]):
                numbers[f.id] = next(nums)
        zone(by_island["south"], 101)
        nxt = (max(numbers.values()) // 10 + 1) * 10 + 1
        for isl in ("west", "centre", "east"):
            for f in _reading_order(by_island.get(isl, [])):
                numbers[f.id] = nxt
                nxt += 1
        assert nxt <= 301, "small islands overflow into the North zone"
        zone(by_island["north"], 301)
        assert 414 in numbers.values() and max(numbers.values()) < 501, "North zone size"
        for i, f in enumerate(_reading_order(by_island[None])):
            numbers[f.id] = 501 + i
        numbers = ex8_numbers(board, numbers)
    else:
        order = (ORDER_4P if spec.n == 4 else ORDER_2P)
        nxt = 1
        for isl in [*order, *sorted(k for k in by_island if k and k not in order), None]:
            for f in _reading_order(by_island.get(isl, [])):
                numbers[f.id] = nxt
                nxt += 1
    fields = [f.model_copy(update={"number": numbers[f.id]}) for f in board.fields]
    return board.model_copy(update={"fields": fields})


def sea_graph(board: Board) -> dict[str, set[str]]:
    adj: dict[str, set[str]] = {f.id: set() for f in board.fields if f.terrain == Terrain.SEA}
    for c in board.connections:
        if c.kind == ConnectionKind.SEA_LANE:
            adj[c.a].add(c.b)
            adj[c.b].add(c.a)
    return adj


def bfs(adj: dict[str, set[str]], start: str) -> dict[str, int]:
    d = {start: 0}
    q = deque([start])
    while q:
        x = q.popleft()
        for y in sorted(adj.get(x, ())):
            if y not in d:
                d[y] = d[x] + 1
                q.append(y)
    return d


def ex8_line(board: Board, h: str) -> list[str] | None:
    """A sea-lane line h-509-c-d-e-f as EX-8 (RULES.md 5.8) needs it, or None."""
    adj = sea_graph(board)
    dh = bfs(adj, h)
    for x in sorted(adj[h]):
        for c in sorted(adj[x]):
            if dh.get(c) != 2 or adj[h] & adj[c] != {x}:
                continue
            path = [h, x, c]
            while len(path) < 6:
                nxt = [y for y in sorted(adj[path[-1]]) if dh.get(y) == len(path)]
                if not nxt:
                    break
                path.append(nxt[0])
            if len(path) == 6 and bfs(adj, path[5]).get(c) == 3:
                return path
    return None


def ex8_numbers(board: Board, numbers: dict[str, int]) -> dict[str, int]:
    """Give the EX-8 harbour the number 516 and its neighbour on the line 509 (swapping)."""
    fields = board.field_by_id()
    harbours: dict[str, str] = {}
    for c in board.connections:
        if c.kind == ConnectionKind.HARBOUR_LINK:
            sea, land = (c.a, c.b) if fields[c.a].terrain == Terrain.SEA else (c.b, c.a)
            harbours.setdefault(sea, land)
    main = {"south", "north"}
    for h in sorted(harbours, key=lambda i: (fields[harbours[i]].island in main, i)):
        line = ex8_line(board, h)
        if line is None:
            continue
        out = dict(numbers)
        for fid, num in ((line[0], 516), (line[1], 509)):
            other = next(k for k, v in out.items() if v == num)
            out[other], out[fid] = out[fid], num
        return out
    raise AssertionError("no harbour fits the EX-8 line")


# ---------------------------------------------------------------------------------------------
# the four boards


def circle(c: XY, r: float, n: int = 28) -> list[XY]:
    return [(c[0] + r * math.cos(2 * math.pi * i / n), c[1] + r * math.sin(2 * math.pi * i / n))
            for i in range(n)]


def scaled(poly: list[XY], f: float) -> list[XY]:
    return [(u * f, v * f) for u, v in poly]


MAIN_4P = [(-4, 8.2), (4, 8.2), (8.5, 10.8), (12.0, 14.0), (14.0, 16.3), (13.0, 17.8),
           (8, 19.4), (0, 19.8), (-8, 19.4), (-13.0, 17.8), (-14.0, 16.3), (-12.0, 14.0),
           (-8.5, 10.8)]
ISLANDS_4P = [{"south": s, "centre": "centre"} for s in ORDER_4P]
ISLANDS_2P = [{"south": "south", "west": "west", "east": "east", "centre": "centre"},
              {"south": "north", "west": "east", "east": "west", "centre": "centre"}]
REGION_COLOURS = ["#7fae5e", "#c8b46a", "#9aa27a", "#5f9a6a"]


def conquest_4p() -> BoardSpec:
    return BoardSpec(
        name="Conquest (4 players) - reconstruction", file="conquest-4p",
        side=BoardSide.CONQUEST_4P, width=46, height=46, n=4, grand=False, seed=4,
        islands=[IslandSpec("south", "South island", IslandKind.MAIN, MAIN_4P),
                 IslandSpec("centre", "Central island", IslandKind.CENTRAL,
                            circle((0, 0), 4.7), hole=3.15)],
        island_map=ISLANDS_4P, castle_centre=(0, 15.0), castle_angle=-90,
        bridges=[BridgeSpec((0, 8.6), "south", (0, 4.4), "centre", tag="c"),
                 BridgeSpec((-13.6, 16.0), "south", (-16.0, 13.6), "west", tag="x")],
        harbours=[HarbourSpec((5.5, 21.0), "south", 2, home=True, tag="home"),
                  HarbourSpec((-9.8, 10.0), "south", 1, tag="inner"),
                  HarbourSpec((-6.5, 21.0), "south", 1, tag="coast")],
        sea_spacing=1.9, grail=True,
        description="Reconstruction of the Conquest 4-player board side (BOARD-2): four main "
        "islands with five-field capitals, a central island with the five grail fields, three "
        "V passages and two X bridges. Generated by boards/build_boards.py; not a tracing.")


def grand_conquest_4p() -> BoardSpec:
    f = 48 / 46
    return BoardSpec(
        name="Grand Conquest (4 players) - reconstruction", file="grand-conquest-4p",
        side=BoardSide.GRAND_CONQUEST_4P, width=48, height=48, n=4, grand=True, seed=44,
        islands=[IslandSpec("south", "South island", IslandKind.MAIN, scaled(MAIN_4P, f),
                            spacing=1.38),
                 IslandSpec("centre", "Central island", IslandKind.CENTRAL,
                            circle((0, 0), 4.8), hole=3.15)],
        island_map=ISLANDS_4P, castle_centre=(0, 15.4), castle_angle=-90,
        bridges=[BridgeSpec((0, 9.0), "south", (0, 4.5), "centre", tag="c"),
                 BridgeSpec((-14.2, 16.7), "south", (-16.7, 14.2), "west", tag="x")],
        harbours=[HarbourSpec((5.5, 21.9), "south", 2, home=True, tag="home"),
                  HarbourSpec((-10.2, 10.4), "south", 1, tag="inner"),
                  HarbourSpec((-7.0, 21.9), "south", 1, tag="coast"),
                  HarbourSpec((2.6, 5.9), "centre", 1, tag="hc")],
        regions=[RegionSpec((-8.4, 16.0), 1.7, 3, REGION_COLOURS[0], "Forest"),
                 RegionSpec((-6.1, 12.0), 1.45, 2, REGION_COLOURS[1], "Dunes"),
                 RegionSpec((6.1, 12.0), 1.45, 2, REGION_COLOURS[2], "Hills"),
                 RegionSpec((8.4, 16.0), 1.7, 2, REGION_COLOURS[3], "Marsh")],
        sea_spacing=1.9, grail=True,
        description="Reconstruction of the Grand Conquest 4-player board (BOARD-3): castles "
        "in moats with drawbridges, wilderness regions with nine stair fields per main island, "
        "rope bridges, a central island with the Missions reached by four bridges and two "
        "harbours. Generated by boards/build_boards.py; not a tracing.")


def main_2p(f: float) -> list[XY]:
    return scaled([(-13, 5.2), (-6, 4.9), (0, 5.1), (6, 4.9), (13, 5.2), (16.4, 4.0),
                   (18.2, 5.8), (17.2, 9.5), (14, 12.6), (7, 14.0), (0, 14.4), (-7, 14.0),
                   (-14, 12.6), (-17.2, 9.5), (-18.2, 5.8), (-16.4, 4.0)], f)


def conquest_2p() -> BoardSpec:
    return BoardSpec(
        name="Conquest (2 players) - reconstruction", file="conquest-2p",
        side=BoardSide.CONQUEST_2P, width=46, height=34, n=2, grand=False, seed=2,
        islands=[IslandSpec("south", "South island", IslandKind.MAIN, main_2p(1.0)),
                 IslandSpec("centre", "Centre island", IslandKind.SMALL, circle((0, 0), 2.4)),
                 IslandSpec("west", "West island", IslandKind.SMALL, circle((-19.6, 0), 2.6)),
                 IslandSpec("east", "East island", IslandKind.SMALL, circle((19.6, 0), 2.6))],
        island_map=ISLANDS_2P, castle_centre=(0, 9.8), castle_angle=-90,
        bridges=[BridgeSpec((0, 5.4), "south", (0, 2.0), "centre", tag="c"),
                 BridgeSpec((-17.6, 5.4), "south", (-19.6, 2.2), "west", tag="w"),
                 BridgeSpec((17.6, 5.4), "south", (19.6, 2.2), "east", tag="e")],
        harbours=[HarbourSpec((-4.0, 15.8), "south", 2, home=True, tag="home"),
                  HarbourSpec((9.5, 15.8), "south", 1, tag="coast"),
                  HarbourSpec((-9.0, 3.5), "south", 1, tag="inner")],
        sea_spacing=1.9,
        description="Reconstruction of the Conquest 2-player board side (BOARD-1): two main "
        "islands with capitals and three smaller islands joined by bridges. Generated by "
        "boards/build_boards.py; not a tracing.")


def grand_conquest_2p() -> BoardSpec:
    f = 48 / 46
    return BoardSpec(
        name="Grand Conquest (2 players) - reconstruction", file="grand-conquest-2p",
        side=BoardSide.GRAND_CONQUEST_2P, width=48, height=36, n=2, grand=True, seed=22,
        islands=[IslandSpec("south", "South island", IslandKind.MAIN, main_2p(f),
                            spacing=1.36),
                 IslandSpec("centre", "Centre island", IslandKind.SMALL, circle((0, 0), 2.5)),
                 IslandSpec("west", "West island", IslandKind.SMALL, circle((-20.4, 0), 2.7)),
                 IslandSpec("east", "East island", IslandKind.SMALL, circle((20.4, 0), 2.7))],
        island_map=ISLANDS_2P, castle_centre=(0, 10.4), castle_angle=-90,
        bridges=[BridgeSpec((0, 5.6), "south", (0, 2.1), "centre", tag="c"),
                 BridgeSpec((-18.3, 5.6), "south", (-20.4, 2.3), "west", BridgeClass.ROPE_BRIDGE,
                            tag="w"),
                 BridgeSpec((18.3, 5.6), "south", (20.4, 2.3), "east", tag="e")],
        harbours=[HarbourSpec((-4.5, 16.6), "south", 2, home=True, tag="home"),
                  HarbourSpec((10.0, 16.6), "south", 1, tag="coast"),
                  HarbourSpec((-9.4, 3.7), "south", 1, tag="inner"),
                  HarbourSpec((-17.3, 1.6), "west", 1, tag="isle")],
        regions=[RegionSpec((-12.4, 10.4), 1.8, 3, REGION_COLOURS[0], "Forest"),
                 RegionSpec((-6.6, 7.9), 1.4, 2, REGION_COLOURS[1], "Dunes"),
                 RegionSpec((6.6, 7.9), 1.4, 2, REGION_COLOURS[2], "Hills"),
                 RegionSpec((12.4, 10.4), 1.8, 2, REGION_COLOURS[3], "Marsh")],
        sea_spacing=1.85,
        description="Reconstruction of the Grand Conquest 2-player side (BOARD-4): two main "
        "islands with moated castles, wilderness regions with nine stair fields each, bridges, "
        "harbours and no grail; numbered for the puzzle-book notation (BOARD-5), with the EX-8 "
        "line 516-509 at the West island. Generated by boards/build_boards.py; not a tracing.")


SPECS: dict[str, Callable[[], BoardSpec]] = {
    "conquest-2p": conquest_2p,
    "conquest-4p": conquest_4p,
    "grand-conquest-2p": grand_conquest_2p,
    "grand-conquest-4p": grand_conquest_4p,
}


def printed_ids(board: Board) -> Board:
    """Ids that cannot be mistaken for a number they do not have (ARCHITECTURE.md 11): a field
    whose id ends in a number other than its printed one (`s.L3`, printed 11) becomes
    `<part>.<printed number>` (`s.11`); the old id stays in `former_ids`, so scenarios, packages
    and house rules written before the rename keep reading (the ids are public)."""
    from editor.model.edit_ids import rename

    for f in list(board.fields):
        m = re.search(r"(\d+)$", f.id)
        if f.number is None or m is None or int(m.group(1)) == f.number:
            continue
        old, new = f.id, f"{f.id.split('.')[0]}.{f.number}"
        rename(board, "field", old, new)
        f.former_ids = [*f.former_ids, old]
    return board


def build(name: str) -> Board:
    """Build one reference board by file stem (e.g. 'conquest-4p')."""
    return printed_ids(assemble(SPECS[name]()))


def build_all() -> dict[str, str]:
    """File name -> JSON text of every reference board."""
    return {f"{name}.board.json": dump_board(build(name)) for name in SPECS}


def stats(board: Board) -> dict[str, int]:
    return {
        "fields": len(board.fields),
        "land": sum(f.terrain == Terrain.LAND for f in board.fields),
        "sea": sum(f.terrain == Terrain.SEA for f in board.fields),
        "regions": len(board.regions),
        "connections": len(board.connections),
        "castles": len(board.castles),
        "seats": len(board.seats),
        "setups": len(board.setups),
        "arrow_slits": len(board.arrow_slits),
    }


def stats_table(boards: dict[str, Board]) -> str:
    rows = ["| board | fields (land/sea) | regions | fields+regions | connections | conn/field "
            "| castles | seats | setups | arrow slits |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for name, b in boards.items():
        s = stats(b)
        rows.append(
            f"| {name} | {s['fields']} ({s['land']}/{s['sea']}) | {s['regions']} | "
            f"{s['fields'] + s['regions']} | {s['connections']} | "
            f"{s['connections'] / s['fields']:.2f} | {s['castles']} | {s['seats']} | "
            f"{', '.join(x.id for x in b.setups)} | {s['arrow_slits']} |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-scans", action="store_true", help="do not render the scan images")
    ap.add_argument("--stats", action="store_true", help="only print the statistics table")
    ap.add_argument("--out", type=Path, default=BOARDS_DIR, help="output folder")
    args = ap.parse_args(argv)
    boards = {name: build(name) for name in SPECS}
    if not args.stats:
        from editor.model.io import atomic_write_text

        args.out.mkdir(parents=True, exist_ok=True)
        for name, board in boards.items():
            atomic_write_text(args.out / f"{name}.board.json", dump_board(board), backup=False)
        if not args.no_scans:
            from editor.render import render_board_to_file

            (args.out / "scans").mkdir(exist_ok=True)
            for board in boards.values():
                assert board.image is not None
                render_board_to_file(board, args.out / board.image.path)
    print(stats_table(boards))
    return 0


if __name__ == "__main__":
    sys.exit(main())
