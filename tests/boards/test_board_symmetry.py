"""Fairness of the reference boards: the same layout for every seat (BOARD-3 "the layout is the
same for every seat"; BF-17 seats; SETUP-5/7 start fields).

The 4-player boards are checked under a quarter turn and a half turn, the 2-player boards under
a half turn, about the board centre (the mean of the castle centres). The mapping is found
geometrically: every element must have an element of the same kind at its rotated position, and
graph, restrictions (kinds, bridge classes, one-way directions, drawbridges, crossings, mountain
screens) and setups must correspond exactly. The few printed asymmetries (boards/README.md,
"Outside the symmetry") are exempted by name below and checked explicitly instead.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from editor.model import load_board
from editor.model.board import Board, BridgeClass, ConnectionKind, IslandKind, Terrain

BOARDS = Path(__file__).resolve().parents[2] / "boards"
CASES = [("conquest-2p", 2, 1), ("grand-conquest-2p", 2, 1), ("conquest-4p", 4, 1),
         ("conquest-4p", 4, 2), ("grand-conquest-4p", 4, 1), ("grand-conquest-4p", 4, 2)]


def load(name: str) -> Board:
    result = load_board(BOARDS / f"{name}.board.json")
    assert result.model is not None
    return result.model


def board_centre(board: Board) -> tuple[float, float]:
    fields = board.field_by_id()
    pts = [(fields[t.field].x, fields[t.field].y) for c in board.castles for t in c.towers]
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


class Rotation:
    """The geometric map of a board onto itself by k steps of its n-fold symmetry."""

    def __init__(self, board: Board, n: int, k: int) -> None:
        self.board, self.n, self.k = board, n, k
        self.cx, self.cy = board_centre(board)
        self.buckets: dict[tuple[int, int], list] = {}
        for f in board.fields:
            self.buckets.setdefault((int(f.x // 4), int(f.y // 4)), []).append(f)

    def point(self, x: float, y: float) -> tuple[float, float]:
        for _ in range(self.k):
            dx, dy = x - self.cx, y - self.cy
            x, y = (self.cx - dy, self.cy + dx) if self.n == 4 else (self.cx - dx, self.cy - dy)
        return x, y

    def field(self, fid: str) -> str | None:
        f = self.board.field_by_id()[fid]
        x, y = self.point(f.x, f.y)
        for gx in range(int(x // 4) - 1, int(x // 4) + 2):
            for gy in range(int(y // 4) - 1, int(y // 4) + 2):
                for g in self.buckets.get((gx, gy), []):
                    if abs(g.x - x) < 0.5 and abs(g.y - y) < 0.5:
                        return g.id
        return None


def exemptions(board: Board, n: int, k: int) -> tuple[set[str], set[str], set[str]]:
    """(fields without an image, connections compared by their ends only, connections and
    fields that may be missing in the image) - the documented asymmetries."""
    no_image: set[str] = set()
    ends_only: set[str] = set()
    may_miss: set[str] = set()
    if board.grail is None:
        return no_image, ends_only, may_miss
    fields = board.field_by_id()
    # the grail star: five fields cannot be quarter-turn symmetric
    no_image |= set(board.grail.fields)
    may_miss |= set(board.grail.roads)
    # the four approaches to the field in front of the grail: three V passages / one-way roads
    # and one plain road (Conquest) or the rope bridge up to the grail (Grand Conquest)
    ends_only |= {c.id for c in board.connections if board.grail.front in (c.a, c.b)
                  and c.id not in board.grail.roads}
    if k % 2:
        main = {i.id for i in board.islands if i.kind == IslandKind.MAIN}
        # X bridges (C) / rope bridges (GC) South-West and North-East, normal bridges else
        ends_only |= {c.id for c in board.connections if c.kind == ConnectionKind.BRIDGE
                      and fields[c.a].island in main and fields[c.b].island in main
                      and fields[c.a].island != fields[c.b].island}
        # the two harbours of the central island (GC): South and North only
        for c in board.connections:
            if c.kind == ConnectionKind.HARBOUR_LINK and "centre" in (
                    fields[c.a].island, fields[c.b].island):
                may_miss |= {c.id, c.a if fields[c.a].terrain == Terrain.SEA else c.b}
    return no_image, ends_only, may_miss


def symmetry_problems(board: Board, n: int, k: int) -> list[str]:
    """Every way in which `board` differs from its own image under k steps of n-fold symmetry
    (apart from the documented exemptions)."""
    rot = Rotation(board, n, k)
    no_image, ends_only, may_miss = exemptions(board, n, k)
    fields = board.field_by_id()
    problems: list[str] = []

    # fields: every field has a rotated twin of the same terrain, harbour flag and island role
    phi: dict[str, str] = {}
    island_map: dict[str | None, str | None] = {}
    for f in board.fields:
        if f.id in no_image:
            continue
        g = rot.field(f.id)
        if g is None:
            problems.append(f"field {f.id} has no twin")
            continue
        phi[f.id] = g
        t = fields[g]
        if t.terrain != f.terrain:
            problems.append(f"{f.id}->{g}: terrain")
        if t.harbour != f.harbour and f.id not in may_miss and g not in may_miss:
            problems.append(f"{f.id}->{g}: harbour flag")
        if island_map.setdefault(f.island, t.island) != t.island:
            problems.append(f"{f.id}->{g}: island {f.island} maps inconsistently")
    assert len(set(phi.values())) == len(phi), "two fields map to the same twin"
    assert len(set(island_map.values())) == len(island_map)
    kinds = {i.id: i.kind for i in board.islands}
    assert all(kinds[a] == kinds[b] for a, b in island_map.items() if a)

    # seats, through the castles
    castles = {frozenset(t.field for t in c.towers): c for c in board.castles}
    seat_map: dict[str, str] = {}
    for c in board.castles:
        image = castles[frozenset(phi[t.field] for t in c.towers)]
        seat_map[c.seat] = image.seat
        assert [phi[t.field] for t in c.towers] == [t.field for t in image.towers]
        assert image.moat == c.moat
    assert sorted(seat_map.values()) == sorted(seat_map)
    if k:
        assert all(a != b for a, b in seat_map.items())
    seats = {s.id: s for s in board.seats}
    for a, b in seat_map.items():
        assert island_map[seats[a].main_island] == seats[b].main_island

    # connections: same ends, kind and every restriction
    by_pair = {frozenset((c.a, c.b)): c for c in board.connections}
    conn_map: dict[str, str] = {}
    region_map: dict[str, str] = {}
    for r in board.regions:
        pts = [rot.point(p.x, p.y) for p in r.polygon]
        twin = next((s for s in board.regions
                     if len(s.polygon) == len(pts)
                     and all(abs(q.x - p[0]) < 0.5 and abs(q.y - p[1]) < 0.5
                             for q, p in zip(s.polygon, pts, strict=True))), None)
        if twin is None:
            problems.append(f"region {r.id} has no twin")
            continue
        region_map[r.id] = twin.id
        if (twin.colour, twin.name, twin.capacity) != (r.colour, r.name, r.capacity):
            problems.append(f"region {r.id}->{twin.id}: colour/name/capacity")
        if island_map.get(r.island) != twin.island:
            problems.append(f"region {r.id}->{twin.id}: island")
        if sorted(phi[s] for s in r.stairs) != sorted(twin.stairs):
            problems.append(f"region {r.id}->{twin.id}: stairs")
        if sorted((phi[b.field], b.screened) for b in r.borders) != sorted(
                (b.field, b.screened) for b in twin.borders):
            problems.append(f"region {r.id}->{twin.id}: borders or mountain screens")
    node_map = {**phi, **region_map}
    for c in board.connections:
        if c.a not in node_map or c.b not in node_map:
            assert c.id in may_miss or {c.a, c.b} & no_image, c.id
            continue
        image = by_pair.get(frozenset((node_map[c.a], node_map[c.b])))
        if image is None:
            if c.id not in may_miss:
                problems.append(f"connection {c.id} has no twin")
            continue
        conn_map[c.id] = image.id
        if c.id in ends_only:
            continue
        same = (image.kind == c.kind and image.bridge_class == c.bridge_class
                and image.barred == c.barred and image.only_unloaded == c.only_unloaded
                and image.drawbridge == c.drawbridge and image.crossing == c.crossing)
        if not same:
            problems.append(f"connection {c.id}->{image.id}: kind or restrictions differ")
        if (c.one_way is None) != (image.one_way is None) or (
                c.one_way and (node_map.get(c.one_way.to) != image.one_way.to
                               or c.one_way.pieces != image.one_way.pieces)):
            problems.append(f"connection {c.id}->{image.id}: one-way direction differs")
    for c in board.connections:
        if c.under_lane and c.id in conn_map:
            image = board.connection_by_id()[conn_map[c.id]]
            if conn_map.get(c.under_lane) != image.under_lane:
                problems.append(f"bridge {c.id}: lane beneath differs")
    compared = [c for c in board.connections if c.id not in may_miss]
    assert len(conn_map) >= len(compared) - len(ends_only & may_miss)

    # arrow slits
    slits = {frozenset((a.a, a.b)) for a in board.arrow_slits}
    for a in board.arrow_slits:
        if frozenset((phi[a.a], phi[a.b])) not in slits:
            problems.append(f"arrow slit {a.id} has no twin")

    # setups: every start piece has its twin for the mapped seat
    for setup in board.setups:
        here = Counter((p.seat, p.field, p.piece, repr(p.cargo)) for p in setup.placements)
        there = Counter((seat_map[p.seat], phi[p.field], p.piece, repr(p.cargo))
                        for p in setup.placements)
        if here != there:
            problems.append(f"setup {setup.id} is not symmetric")
    return problems


@pytest.mark.parametrize(("name", "n", "k"), CASES)
def test_board_is_symmetric_for_every_seat(name: str, n: int, k: int) -> None:
    """Graph, restrictions and setups map exactly onto the next seat's (BOARD-3, BF-17)."""
    assert symmetry_problems(load(name), n, k) == []


def test_symmetry_check_notices_a_one_sided_change() -> None:
    """The check is not vacuous: one road turned into a bridge, one start piece moved and one
    mountain screen removed on one side are all reported."""
    board = load("grand-conquest-2p")
    conns = list(board.connections)
    i = next(i for i, c in enumerate(conns) if c.kind == ConnectionKind.ROAD)
    conns[i] = conns[i].model_copy(update={"kind": ConnectionKind.BRIDGE,
                                           "bridge_class": BridgeClass.NORMAL})
    setup = board.setups[0]
    placements = list(setup.placements)
    placements[0] = placements[0].model_copy(update={"field": placements[-1].field})
    placements[-1] = placements[-1].model_copy(update={"field": setup.placements[0].field})
    regions = list(board.regions)
    borders = [b.model_copy(update={"screened": False}) for b in regions[0].borders]
    regions[0] = regions[0].model_copy(update={"borders": borders})
    bad = board.model_copy(update={
        "connections": conns, "regions": regions,
        "setups": [setup.model_copy(update={"placements": placements})]})
    problems = symmetry_problems(bad, 2, 1)
    text = "\n".join(problems)
    assert "kind or restrictions differ" in text
    assert "not symmetric" in text
    assert "mountain screens" in text


@pytest.mark.parametrize("name", ["conquest-4p", "grand-conquest-4p"])
def test_asymmetric_printed_features_are_exactly_as_documented(name: str) -> None:
    """OBST-1..4, BOARD-2, BOARD-3: the elements outside the quarter-turn symmetry.

    - main-island bridges: South-West and North-East narrow (X or rope), the two others normal
      (half-turn symmetric, checked above);
    - the four approaches to the front of the grail: three one-way toward it, the East one a
      plain road (Conquest) or the rope bridge up to the grail (Grand Conquest);
    - the grail star of five fields around its front field;
    - (Grand Conquest) two harbours on the central island, South and North.
    """
    board = load(name)
    fields = board.field_by_id()
    grand = name.startswith("grand")
    narrow = BridgeClass.ROPE_BRIDGE if grand else BridgeClass.X_BRIDGE
    main = {i.id for i in board.islands if i.kind == IslandKind.MAIN}
    between = {frozenset((fields[c.a].island, fields[c.b].island)): c.bridge_class
               for c in board.connections if c.kind == ConnectionKind.BRIDGE
               and fields[c.a].island in main and fields[c.b].island in main}
    assert between == {frozenset(("south", "west")): narrow, frozenset(("north", "east")): narrow,
                       frozenset(("west", "north")): BridgeClass.NORMAL,
                       frozenset(("east", "south")): BridgeClass.NORMAL}
    front = board.grail.front
    approaches = {fields[c.a if c.b == front else c.b].id: c for c in board.connections
                  if front in (c.a, c.b) and c.id not in board.grail.roads}
    rot = Rotation(board, 4, 0)
    cx, cy = rot.cx, rot.cy
    by_side = {}
    for fid, c in approaches.items():
        dx, dy = fields[fid].x - cx, fields[fid].y - cy
        side = ("east" if dx > 0 else "west") if abs(dx) > abs(dy) else \
            ("south" if dy > 0 else "north")
        by_side[side] = c
    assert set(by_side) == {"north", "east", "south", "west"}
    for side in ("north", "south", "west"):
        assert by_side[side].one_way is not None and by_side[side].one_way.to == front
    east = by_side["east"]
    assert east.one_way is None
    if grand:
        assert east.kind == ConnectionKind.BRIDGE and east.bridge_class == BridgeClass.ROPE_BRIDGE
    else:
        assert east.kind == ConnectionKind.ROAD
    degrees = Counter(x for c in board.connections for x in (c.a, c.b))
    assert all(degrees[g] == 1 for g in board.grail.fields)
    if grand:
        central_harbours = {c.a if fields[c.a].terrain == Terrain.SEA else c.b
                            for c in board.connections if c.kind == ConnectionKind.HARBOUR_LINK
                            and "centre" in (fields[c.a].island, fields[c.b].island)}
        ys = sorted(fields[h].y - cy for h in central_harbours)
        assert len(ys) == 2 and ys[0] < 0 < ys[1]  # one North, one South
