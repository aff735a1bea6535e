"""The four shipped reference boards contain every feature the rules need (BOARD-1..6, BF-1..20).

They are reconstructions (boards/README.md); these tests pin down what the rules require of
them, edition by edition.
"""

from __future__ import annotations

import struct
from collections import Counter, deque
from pathlib import Path

import pytest

from editor.check.board_checks import check_board
from editor.check.validate import validate_board_file
from editor.model.board import (
    Board,
    BoardSide,
    BridgeClass,
    ConnectionKind,
    IslandKind,
    Terrain,
)
from editor.model.types import PieceType

BOARDS = Path(__file__).resolve().parents[2] / "boards"
NAMES = ["conquest-2p", "conquest-4p", "grand-conquest-2p", "grand-conquest-4p"]

MIN_NODES = {"conquest-2p": 300, "conquest-4p": 450, "grand-conquest-2p": 520,
             "grand-conquest-4p": 600}
SIDES = {"conquest-2p": BoardSide.CONQUEST_2P, "conquest-4p": BoardSide.CONQUEST_4P,
         "grand-conquest-2p": BoardSide.GRAND_CONQUEST_2P,
         "grand-conquest-4p": BoardSide.GRAND_CONQUEST_4P}
GRAND = ["grand-conquest-2p", "grand-conquest-4p"]
FOUR = ["conquest-4p", "grand-conquest-4p"]
LAND_KINDS = {ConnectionKind.ROAD, ConnectionKind.BRIDGE, ConnectionKind.CASTLE_ACCESS}

C_ROSTER = {PieceType.SOLDIER: 10, PieceType.ELEPHANT: 4, PieceType.CHARIOT: 2,
            PieceType.KNIGHT: 4, PieceType.SHIP: 4, PieceType.GALLEON: 2}
PLUS_ROSTER = {**C_ROSTER, PieceType.SIEGE_TOWER: 2, PieceType.CATAPULT: 2}
GC_ROSTER = {PieceType.SOLDIER: 10, PieceType.ELEPHANT: 4, PieceType.KNIGHT: 4,
             PieceType.CAMEL: 2, PieceType.SHIP: 4, PieceType.GALLEON: 2}


def adjacency(board: Board, kinds: set[ConnectionKind] | None = None) -> dict[str, set[str]]:
    adj: dict[str, set[str]] = {f.id: set() for f in board.fields}
    for c in board.connections:
        if kinds is None or c.kind in kinds:
            adj.setdefault(c.a, set()).add(c.b)
            adj.setdefault(c.b, set()).add(c.a)
    return adj


def distances(adj: dict[str, set[str]], start: str) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nxt in adj.get(node, ()):
            if nxt not in dist:
                dist[nxt] = dist[node] + 1
                queue.append(nxt)
    return dist


def island_of(board: Board, field_id: str) -> str | None:
    return board.field_by_id()[field_id].island


# ---- validity, size, sides ------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_board_validates_without_findings(name: str) -> None:
    """`conquest validate` prints no errors and no warnings for a shipped board."""
    assert [f.format_line() for f in validate_board_file(str(BOARDS / f"{name}.board.json"))] \
        == []


@pytest.mark.parametrize("name", NAMES)
def test_board_size_and_connection_density(name: str, reference_boards: dict) -> None:
    """BOARD-1, BOARD-2, BOARD-3, BOARD-4: several hundred fields on a point-to-point net
    (1.3-2 connections a field)."""
    b = reference_boards[name]
    assert len(b.fields) + len(b.regions) >= MIN_NODES[name]
    assert 1.3 <= len(b.connections) / len(b.fields) <= 2.0
    land = [f for f in b.fields if f.terrain == Terrain.LAND]
    sea = [f for f in b.fields if f.terrain == Terrain.SEA]
    assert len(land) > 200 and len(sea) > 200
    adj = adjacency(b, LAND_KINDS)
    junctions = [f for f in land if len(adj[f.id]) >= 3]
    assert len(junctions) > len(land) // 4  # a road net with junctions, not chains


@pytest.mark.parametrize("name", NAMES)
def test_board_side_seats_and_islands(name: str, reference_boards: dict) -> None:
    """BF-17, BF-18, SETUP-4: seats with names, distinct colours and main islands; sides."""
    b = reference_boards[name]
    assert b.side == SIDES[name]
    four = name in FOUR
    assert {s.id for s in b.seats} == ({"north", "east", "south", "west"} if four
                                       else {"south", "north"})
    assert len({s.colour.lower() for s in b.seats}) == len(b.seats)
    islands = {i.id: i for i in b.islands}
    for seat in b.seats:
        assert seat.name and islands[seat.main_island].kind == IslandKind.MAIN
    kinds = Counter(i.kind for i in b.islands)
    assert kinds[IslandKind.MAIN] == len(b.seats)
    if four:
        assert kinds[IslandKind.CENTRAL] == 1 and len(b.islands) == 5
    else:
        assert kinds[IslandKind.SMALL] == 3 and len(b.islands) == 5
    assert all(f.island in islands for f in b.fields if f.terrain == Terrain.LAND)
    assert all(f.island is None for f in b.fields if f.terrain == Terrain.SEA)


@pytest.mark.parametrize("name", NAMES)
def test_islands_are_joined_by_bridges(name: str, reference_boards: dict) -> None:
    """BOARD-1, BOARD-2, MOVE-8, BF-5: roads stay on an island; every island is bridged to
    the rest."""
    b = reference_boards[name]
    bridged = Counter()
    for c in b.connections:
        if c.kind in (ConnectionKind.ROAD, ConnectionKind.CASTLE_ACCESS):
            assert island_of(b, c.a) == island_of(b, c.b), c.id
        if c.kind == ConnectionKind.BRIDGE:
            assert c.bridge_class is not None
            pair = frozenset((island_of(b, c.a), island_of(b, c.b)))
            bridged[pair] += 1
    land_adj: dict[str, set[str]] = {i.id: set() for i in b.islands}
    for pair in bridged:
        if len(pair) == 2:
            x, y = tuple(pair)
            land_adj[x].add(y)
            land_adj[y].add(x)
    assert len(distances(land_adj, b.seats[0].main_island)) == len(b.islands)
    # the land graph is connected: every land field can walk to every other
    land = [f.id for f in b.fields if f.terrain == Terrain.LAND]
    assert len(distances(adjacency(b, LAND_KINDS), land[0]).keys() & set(land)) == len(land)


# ---- castles (CASTLE-1, BF-7, BF-8, BF-9, DRAW-1) -------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_castles_have_five_unconnected_towers_with_one_access(name: str,
                                                               reference_boards: dict) -> None:
    """CASTLE-1, BF-7: five mutually unconnected fields, each with exactly one access."""
    b = reference_boards[name]
    assert sorted(c.seat for c in b.castles) == sorted(s.id for s in b.seats)
    conns = b.connection_by_id()
    adj = adjacency(b)
    for castle in b.castles:
        towers = [t.field for t in castle.towers]
        assert len(set(towers)) == 5
        seat = next(s for s in b.seats if s.id == castle.seat)
        for t in castle.towers:
            assert len(adj[t.field]) == 1
            access = conns[t.access]
            assert access.kind == ConnectionKind.CASTLE_ACCESS
            front = access.a if access.b == t.field else access.b
            assert front not in towers
            assert island_of(b, t.field) == seat.main_island == island_of(b, front)
        assert not any(adj[t] & set(towers) for t in towers)


@pytest.mark.parametrize("name", GRAND)
def test_grand_conquest_castles_have_moats_and_drawbridges(name: str,
                                                           reference_boards: dict) -> None:
    """BOARD-3, BOARD-4, DRAW-1, BF-8, BF-9: moat, drawbridge on every access, towers in ring
    order."""
    b = reference_boards[name]
    conns = b.connection_by_id()
    fields = b.field_by_id()
    for castle in b.castles:
        assert castle.moat
        assert all(conns[t.access].drawbridge for t in castle.towers)
        # ring order: consecutive towers are geometric neighbours (PIECE-CATAPULT-17)
        pts = [(fields[t.field].x, fields[t.field].y) for t in castle.towers]
        steps = [((pts[i][0] - pts[i - 1][0]) ** 2 + (pts[i][1] - pts[i - 1][1]) ** 2) ** 0.5
                 for i in range(5)]
        assert max(steps) - min(steps) < 1.0
    assert not any(c.drawbridge for c in b.connections if c.kind != ConnectionKind.CASTLE_ACCESS)


@pytest.mark.parametrize("name", ["conquest-2p", "conquest-4p"])
def test_conquest_capitals_have_no_moat(name: str, reference_boards: dict) -> None:
    b = reference_boards[name]
    assert not any(c.moat for c in b.castles)
    assert not any(c.drawbridge for c in b.connections)


# ---- grail, V passages, bridges (GRAIL-1, OBST-1..4, BF-5, BF-6, BF-12) ---------------------


@pytest.mark.parametrize("name", FOUR)
def test_grail_on_the_central_island(name: str, reference_boards: dict) -> None:
    """GRAIL-1, BF-12, TEAM-12, TEAM-13: five red fields, the field in front, the grail roads."""
    b = reference_boards[name]
    g = b.grail
    assert g is not None and len(set(g.fields)) == 5 and g.front not in g.fields
    central = next(i.id for i in b.islands if i.kind == IslandKind.CENTRAL)
    assert all(island_of(b, f) == central for f in [*g.fields, g.front])
    adj = adjacency(b)
    assert set(g.fields) <= adj[g.front]
    conns = b.connection_by_id()
    assert len(g.roads) == 5
    for r in g.roads:
        assert conns[r].kind == ConnectionKind.ROAD
        assert {conns[r].a, conns[r].b} & set(g.fields)
        assert g.front in (conns[r].a, conns[r].b)


@pytest.mark.parametrize("name", ["conquest-2p", "grand-conquest-2p"])
def test_two_player_boards_have_no_grail(name: str, reference_boards: dict) -> None:
    """GRAIL-1, BOARD-1, BOARD-4: the 2-player boards have no grail."""
    b = reference_boards[name]
    assert b.grail is None and not any(c.one_way for c in b.connections)


@pytest.mark.parametrize("name", FOUR)
def test_three_one_way_passages_toward_the_grail(name: str, reference_boards: dict) -> None:
    """OBST-1, OBST-2, BF-6, CONF-15: three V passages lead toward the grail; the variant
    decides which pieces they bind (pieces null)."""
    b = reference_boards[name]
    oneway = [c for c in b.connections if c.one_way is not None]
    assert len(oneway) == 3
    grail_dist = {}
    adj = adjacency(b)
    for g in b.grail.fields:
        for k, d in distances(adj, g).items():
            grail_dist[k] = min(d, grail_dist.get(k, d))
    for c in oneway:
        assert c.kind == ConnectionKind.ROAD and c.one_way.pieces is None
        assert c.one_way.to == b.grail.front
        frm = c.a if c.b == c.one_way.to else c.b
        assert grail_dist[c.one_way.to] < grail_dist[frm]
    # the four approaches to the front (other than the grail roads) come from the four seats
    approaches = [c for c in b.connections if b.grail.front in (c.a, c.b)
                  and c.id not in b.grail.roads]
    assert len(approaches) == 4


def test_conquest_x_bridges_south_west_and_north_east(reference_boards: dict) -> None:
    """BOARD-2, OBST-3, CONF-16: the two X bridges join South-West and North-East; every
    other bridge is normal."""
    b = reference_boards["conquest-4p"]
    x = [c for c in b.connections if c.bridge_class == BridgeClass.X_BRIDGE]
    assert {frozenset((island_of(b, c.a), island_of(b, c.b))) for c in x} == {
        frozenset(("south", "west")), frozenset(("north", "east"))}
    assert len(x) == 2
    assert all(c.bridge_class == BridgeClass.NORMAL for c in b.connections
               if c.kind == ConnectionKind.BRIDGE and c not in x)
    # five islands joined by bridges: four to the centre, four around
    pairs = Counter(frozenset((island_of(b, c.a), island_of(b, c.b))) for c in b.connections
                    if c.kind == ConnectionKind.BRIDGE)
    assert sum(v for p, v in pairs.items() if "centre" in p) == 4
    assert sum(v for p, v in pairs.items() if "centre" not in p) == 4


def test_grand_conquest_rope_bridges(reference_boards: dict) -> None:
    """BOARD-3, OBST-4, CONF-37: rope bridges North-East, South-West and the one up to the
    grail; the central island is reached by four bridges and two harbours."""
    b = reference_boards["grand-conquest-4p"]
    rope = [c for c in b.connections if c.bridge_class == BridgeClass.ROPE_BRIDGE]
    pairs = {frozenset((island_of(b, c.a), island_of(b, c.b))) for c in rope}
    assert pairs == {frozenset(("south", "west")), frozenset(("north", "east")),
                     frozenset(("centre",))}
    up = next(c for c in rope if island_of(b, c.a) == island_of(b, c.b) == "centre")
    assert b.grail.front in (up.a, up.b)
    to_centre = [c for c in b.connections if c.kind == ConnectionKind.BRIDGE
                 and "centre" in (island_of(b, c.a), island_of(b, c.b))
                 and island_of(b, c.a) != island_of(b, c.b)]
    assert len(to_centre) == 4
    harbours = {c.a if b.field_by_id()[c.a].terrain == Terrain.SEA else c.b
                for c in b.connections if c.kind == ConnectionKind.HARBOUR_LINK
                and "centre" in (island_of(b, c.a), island_of(b, c.b))}
    assert len(harbours) == 2
    assert not any(c.bridge_class == BridgeClass.X_BRIDGE for c in b.connections)


def test_grand_conquest_2p_marks_its_own_rope_bridges(reference_boards: dict) -> None:
    """OBST-4 (UNCLEAR for GC2), BOARD-4: the 2-player side marks its own rope bridges, one
    per seat."""
    b = reference_boards["grand-conquest-2p"]
    rope = [c for c in b.connections if c.bridge_class == BridgeClass.ROPE_BRIDGE]
    assert sorted(island_of(b, c.a) for c in rope) == ["north", "south"]


@pytest.mark.parametrize("name", NAMES)
def test_bridges_over_sea_lanes(name: str, reference_boards: dict) -> None:
    """MOVE-8, BF-5: where a sea lane passes under a bridge it is named (under_lane)."""
    b = reference_boards[name]
    conns = b.connection_by_id()
    unders = [c for c in b.connections if c.under_lane]
    assert unders
    assert all(conns[c.under_lane].kind == ConnectionKind.SEA_LANE for c in unders)


# ---- harbours (BF-2, BF-3, CARRY-4) ---------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_harbours_link_sea_to_land(name: str, reference_boards: dict) -> None:
    """BF-2, BF-3: harbour sea fields (anchors) with harbour links to land, on every main
    island; a harbour link is the only land-sea connection."""
    b = reference_boards[name]
    fields = b.field_by_id()
    links = [c for c in b.connections if c.kind == ConnectionKind.HARBOUR_LINK]
    harbour_islands = Counter()
    for c in links:
        sea, land = (c.a, c.b) if fields[c.a].terrain == Terrain.SEA else (c.b, c.a)
        assert fields[sea].harbour and fields[land].terrain == Terrain.LAND
        harbour_islands[fields[land].island] += 1
    for seat in b.seats:
        assert harbour_islands[seat.main_island] >= 3
    harbours = [f for f in b.fields if f.harbour]
    linked = {c.a for c in links} | {c.b for c in links}
    assert all(f.id in linked for f in harbours)


# ---- wilderness (WILD-1..3, BF-10, BF-11, BOARD-6) ------------------------------------------


@pytest.mark.parametrize("name", GRAND)
def test_wilderness_nine_stairs_per_main_island(name: str, reference_boards: dict) -> None:
    """WILD-3, BF-10: nine stair fields per main island, each a land field of that island."""
    b = reference_boards[name]
    per_island = Counter()
    fields = b.field_by_id()
    for r in b.regions:
        assert len(r.polygon) >= 3 and r.stairs
        for s in r.stairs:
            assert fields[s].terrain == Terrain.LAND and fields[s].island == r.island
        per_island[r.island] += len(r.stairs)
    assert per_island == {s.main_island: 9 for s in b.seats}
    all_stairs = [s for r in b.regions for s in r.stairs]
    assert len(all_stairs) == len(set(all_stairs))


@pytest.mark.parametrize("name", GRAND)
def test_wilderness_paths_and_mountain_screens(name: str, reference_boards: dict) -> None:
    """WILD-1, WILD-4, WILD-5, BF-11, BOARD-6: region-to-region paths cross a bridge or an
    underpass; bordering fields are listed and some are screened by mountains; the region
    capacity is left to the variant (null)."""
    b = reference_boards[name]
    assert all(r.capacity is None for r in b.regions)
    regions = b.region_by_id()
    paths = [c for c in b.connections if c.kind == ConnectionKind.WILDERNESS_PATH]
    assert paths and {c.crossing for c in paths} == {"bridge", "underpass"}
    for c in paths:
        assert c.a in regions and c.b in regions
        assert regions[c.a].island == regions[c.b].island
    borders = [bd for r in b.regions for bd in r.borders]
    assert any(bd.screened for bd in borders) and any(not bd.screened for bd in borders)
    assert all(r.borders for r in b.regions)


@pytest.mark.parametrize("name", ["conquest-2p", "conquest-4p"])
def test_conquest_boards_have_no_grand_conquest_features(name: str,
                                                         reference_boards: dict) -> None:
    b = reference_boards[name]
    assert not b.regions and not b.arrow_slits
    assert not any(c.bridge_class == BridgeClass.ROPE_BRIDGE for c in b.connections)


@pytest.mark.parametrize("name", GRAND)
def test_arrow_slits_join_adjacent_unconnected_fields(name: str, reference_boards: dict) -> None:
    """BF-13, BOARD-6: yellow arrow slits between towers and nearby fields and across straits,
    never between connected fields."""
    b = reference_boards[name]
    adj = adjacency(b)
    towers = {t.field for c in b.castles for t in c.towers}
    fields = b.field_by_id()
    tower_slits = across = 0
    for a in b.arrow_slits:
        assert a.b not in adj[a.a]
        fa, fb = fields[a.a], fields[a.b]
        assert ((fa.x - fb.x) ** 2 + (fa.y - fb.y) ** 2) ** 0.5 < 5 * b.scale.px_per_cm
        tower_slits += bool({a.a, a.b} & towers)
        across += fa.island != fb.island
    assert tower_slits >= 5 * len(b.castles) and across >= len(b.seats)


# ---- setups (SETUP-1..3, SETUP-5..7, BF-15, BF-16) ------------------------------------------


def roster(board: Board, setup_id: str) -> dict[str, Counter]:
    setup = board.setup(setup_id)
    assert setup is not None
    out: dict[str, Counter] = {}
    for p in setup.placements:
        out.setdefault(p.seat, Counter())[p.piece] += 1
    return out


@pytest.mark.parametrize("name", ["conquest-2p", "conquest-4p"])
def test_conquest_and_plus_rosters(name: str, reference_boards: dict) -> None:
    """SETUP-1, SETUP-2, SETUP-5, SETUP-6, BF-15, BF-16: every seat's roster in both setups."""
    b = reference_boards[name]
    assert [s.id for s in b.setups] == ["conquest", "conquest-plus"]
    seats = {s.id for s in b.seats}
    assert roster(b, "conquest") == {s: Counter(C_ROSTER) for s in seats}
    assert roster(b, "conquest-plus") == {s: Counter(PLUS_ROSTER) for s in seats}
    base = {(p.seat, p.field, p.piece) for p in b.setup("conquest").placements}
    assert base <= {(p.seat, p.field, p.piece) for p in b.setup("conquest-plus").placements}


@pytest.mark.parametrize("name", GRAND)
def test_grand_conquest_roster(name: str, reference_boards: dict) -> None:
    """SETUP-3, SETUP-7, BF-15: the GC roster, some pieces inside the towers."""
    b = reference_boards[name]
    assert [s.id for s in b.setups] == ["grand-conquest"]
    assert roster(b, "grand-conquest") == {s.id: Counter(GC_ROSTER) for s in b.seats}
    towers = {t.field: c.seat for c in b.castles for t in c.towers}
    for seat in b.seats:
        inside = [p for p in b.setup("grand-conquest").placements
                  if p.seat == seat.id and towers.get(p.field) == seat.id]
        assert inside


@pytest.mark.parametrize("name", NAMES)
def test_start_fields_around_the_own_castle_and_harbour(name: str,
                                                        reference_boards: dict) -> None:
    """SETUP-5, SETUP-7: land pieces on the owner's main island near the castle, vessels in
    the owner's harbour (at most three sea lanes from a harbour field)."""
    b = reference_boards[name]
    fields = b.field_by_id()
    seats = {s.id: s for s in b.seats}
    sea_adj = adjacency(b, {ConnectionKind.SEA_LANE})
    for setup in b.setups:
        for seat in b.seats:
            castle = next(c for c in b.castles if c.seat == seat.id)
            land_adj = adjacency(b, LAND_KINDS)
            land_adj["@castle"] = {t.field for t in castle.towers}
            dist = distances(land_adj, "@castle")
            mine = [p for p in setup.placements if p.seat == seat.id]
            for p in mine:
                f = fields[p.field]
                if PieceType(p.piece).is_vessel:
                    assert f.terrain == Terrain.SEA
                    near = distances(sea_adj, f.id)
                    assert any(fields[n].harbour for n, d in near.items() if d <= 3)
                else:
                    assert f.island == seats[seat.id].main_island
                    assert dist[p.field] <= 6, (p.field, dist[p.field])
            assert any(fields[p.field].harbour for p in mine)


# ---- numbers, scans, scale (BOARD-5, BF-14, BF-19, EX-8) ------------------------------------


@pytest.mark.parametrize("name", GRAND)
def test_every_grand_conquest_field_has_a_unique_number(name: str,
                                                        reference_boards: dict) -> None:
    """BOARD-5, BF-19: printed numbers identify every field."""
    b = reference_boards[name]
    numbers = [f.number for f in b.fields]
    assert None not in numbers and len(set(numbers)) == len(numbers)


def test_grand_conquest_2p_puzzle_numbers(reference_boards: dict) -> None:
    """BOARD-5, section 5.9: the numbers of the puzzle notation exist with the right kind:
    tower 110 (S110L), land 153 (S153 Π T) and 414 (S Π K 414), sea 509 and 516 (EX-8);
    the numbers reach at least 516."""
    b = reference_boards["grand-conquest-2p"]
    by_number = {f.number: f for f in b.fields}
    towers = {t.field for c in b.castles for t in c.towers}
    assert by_number[110].id in towers
    assert by_number[153].terrain == Terrain.LAND and by_number[414].terrain == Terrain.LAND
    assert by_number[509].terrain == by_number[516].terrain == Terrain.SEA
    assert max(by_number) >= 516


def test_ex8_line_is_replayable_on_grand_conquest_2p(reference_boards: dict) -> None:
    """EX-8 (RULES.md 5.8): sea fields 516-509-c-d-e-f on a sea-lane line, 516 a harbour linked
    to land; Bc on c can reach 516 within two steps only through 509; Bk on f is 3 steps from
    c; a white ship can start 3 steps from 509; a ridden camel can start exactly 7 steps (over
    a bridge) from a land field linked to 516, so that its 8 AP of `Ds x G516 8` end with the
    boarding step (CARRY-10; RULES.md says 8 steps, which would need 9 AP)."""
    b = reference_boards["grand-conquest-2p"]
    by_number = {f.number: f for f in b.fields}
    fields = b.field_by_id()
    h, x = by_number[516].id, by_number[509].id
    sea = adjacency(b, {ConnectionKind.SEA_LANE})
    assert by_number[516].harbour and x in sea[h]
    dh = distances(sea, h)
    # the line: c, d, e, f leave 516 one step further each time
    line = None
    for c in sorted(sea[x]):
        if dh.get(c) == 2 and sea[h] & sea[c] == {x}:
            path = [h, x, c]
            while len(path) < 6:
                nxt = sorted(y for y in sea[path[-1]] if dh.get(y) == len(path))
                if not nxt:
                    break
                path.append(nxt[0])
            if len(path) == 6 and distances(sea, path[5])[c] == 3:
                line = path
                break
    assert line is not None
    _, _, c, d, e, f = line
    df = distances(sea, f)
    assert df[d] == 2 and df[e] == 1
    d516 = distances(sea, h)
    assert d516[c] == 2 and d516[d] == 3  # G x Ges 2 (516-509-c), G x Bk 3 (516-509-c-d)
    d509 = distances(sea, x)
    assert any(v == 3 and k not in line for k, v in d509.items())  # B-509 3
    links = [cn for cn in b.connections if cn.kind == ConnectionKind.HARBOUR_LINK
             and h in (cn.a, cn.b)]
    assert links
    landing = links[0].b if links[0].a == h else links[0].a
    land_adj = adjacency(b, LAND_KINDS)
    dl = distances(land_adj, landing)
    # a camel 7 steps from the quay on another island (every path crosses a bridge), plus the
    # boarding step: Ds x G516 8
    start = [k for k, v in dl.items() if v == 7 and fields[k].island != fields[landing].island]
    assert start


@pytest.mark.parametrize("name", NAMES)
def test_scan_image_and_scale(name: str, reference_boards: dict) -> None:
    """BF-14: the rendered scan exists with the recorded size (>= 3000 px, 100 px/cm) and the
    calibration measures the scale."""
    b = reference_boards[name]
    assert b.image is not None and b.image.path == f"scans/{name}.png"
    png = Path(BOARDS / b.image.path).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (b.image.width, b.image.height)
    assert max(width, height) >= 3000
    assert b.scale is not None and b.scale.px_per_cm == 100
    cal = b.scale.calibration
    measured = ((cal.a.x - cal.b.x) ** 2 + (cal.a.y - cal.b.y) ** 2) ** 0.5 / cal.distance_cm
    assert measured == pytest.approx(100)
    assert all(0 <= f.x <= width and 0 <= f.y <= height for f in b.fields)


def test_scans_are_small_enough_for_git() -> None:
    total = sum(p.stat().st_size for p in (BOARDS / "scans").glob("*.png"))
    assert total < 8_000_000


@pytest.mark.parametrize("name", NAMES)
def test_semantic_checks_are_clean(name: str, reference_boards: dict) -> None:
    assert check_board(reference_boards[name]) == []
