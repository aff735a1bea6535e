"""Model-level symmetry operations (editor.model.transform) on small boards.

These are the operations the reference-board builder uses (BOARD-2, BOARD-3: "the layout is the
same for every seat") and that the editor's symmetry tool will call.
"""

from __future__ import annotations

import pytest

from editor.check.board_checks import check_board
from editor.model.board import (
    ArrowSlit,
    Board,
    Castle,
    Connection,
    ConnectionKind,
    Field,
    Grail,
    OneWay,
    Placement,
    Region,
    RegionBorder,
    Seat,
    Setup,
    Terrain,
    Tower,
)
from editor.model.transform import (
    Elements,
    add_elements,
    map_placements,
    merge_coincident_fields,
    mirror_elements,
    reflection,
    rotate_elements,
    rotation,
    select,
)
from editor.model.types import PieceType, Point

CENTRE = (500.0, 500.0)


def land(fid: str, x: float, y: float, **kw: object) -> Field:
    return Field(id=fid, terrain=Terrain.LAND, x=x, y=y, **kw)


def road(cid: str, a: str, b: str, **kw: object) -> Connection:
    return Connection(id=cid, kind=ConnectionKind.ROAD, a=a, b=b, **kw)


def corner_board() -> Board:
    """A seat's corner: a castle of five towers with fronts, a region, a one-way road."""
    fields = [land(f"t{i}", 500 + 40 * i, 800) for i in range(5)]
    fields += [land(f"f{i}", 500 + 40 * i, 860) for i in range(5)]
    fields += [land("hub", 500, 600), land("mid", 500, 700)]
    conns = [Connection(id=f"a{i}", kind=ConnectionKind.CASTLE_ACCESS, a=f"f{i}", b=f"t{i}")
             for i in range(5)]
    conns += [road(f"r{i}", f"f{i}", f"f{i + 1}") for i in range(4)]
    conns += [road("rm", "f0", "mid"), road("v", "mid", "hub", one_way=OneWay(to="hub"))]
    return Board(
        name="corner", seats=[Seat(id="south", name="South", colour="#ffffff"),
                              Seat(id="west", name="West", colour="#000000")],
        fields=fields, connections=conns,
        castles=[Castle(id="c", seat="south",
                        towers=[Tower(field=f"t{i}", access=f"a{i}") for i in range(5)])],
        regions=[Region(id="R", polygon=[Point(x=600, y=600), Point(x=700, y=600),
                                         Point(x=650, y=680)],
                        stairs=["mid"], borders=[RegionBorder(field="mid", screened=True)])],
        arrow_slits=[ArrowSlit(id="x", a="t0", b="f1")],
        setups=[Setup(id="s", placements=[Placement(seat="south", field="f0",
                                                    piece=PieceType.SOLDIER)])])


def corner_ids(board: Board) -> set[str]:
    return {f.id for f in board.fields if f.id != "hub"} | {c.id for c in board.connections} \
        | {"R", "x", "c"}


def test_rotation_quarter_turn_is_exact() -> None:
    """Four quarter turns give back the original coordinates (BOARD-3 symmetry)."""
    turn = rotation(CENTRE, 90)
    p = (123.456, 789.012)
    q = p
    for _ in range(4):
        q = turn(*q)
    assert q == pytest.approx(p, abs=1e-9)
    assert turn(500, 900) == (100, 500)  # bottom -> left: clockwise on screen


def test_reflection_is_an_involution() -> None:
    m = reflection((0, 0), (1, 1))
    assert m(3, 7) == pytest.approx((7, 3))
    assert m(*m(3, 7)) == pytest.approx((3, 7))
    with pytest.raises(ValueError):
        reflection((1, 1), (1, 1))


def test_rotate_elements_renames_and_moves_everything() -> None:
    board = corner_board()
    sel = select(board, corner_ids(board))
    els, ids = rotate_elements(sel, CENTRE, 90, lambda i: f"w.{i}", seat_map={"south": "west"})
    assert ids["t0"] == "w.t0" and ids["a0"] == "w.a0" and ids["R"] == "w.R"
    moved = {f.id: (f.x, f.y) for f in els.fields}
    assert moved["w.t0"] == (200.0, 500.0)
    # references inside the selection follow the copies ...
    conns = {c.id: c for c in els.connections}
    assert (conns["w.a0"].a, conns["w.a0"].b) == ("w.f0", "w.t0")
    # ... references to unselected elements stay (the one-way road still leads to the hub)
    assert conns["w.v"].b == "hub" and conns["w.v"].one_way.to == "hub"
    castle = els.castles[0]
    assert castle.seat == "west"
    assert [t.field for t in castle.towers] == [f"w.t{i}" for i in range(5)]
    assert [t.access for t in castle.towers] == [f"w.a{i}" for i in range(5)]
    region = els.regions[0]
    assert region.stairs == ["w.mid"] and region.borders[0].field == "w.mid"
    assert region.borders[0].screened
    assert (region.polygon[0].x, region.polygon[0].y) == (400.0, 600.0)
    assert (els.arrow_slits[0].a, els.arrow_slits[0].b) == ("w.t0", "w.f1")
    # the input is untouched
    assert board.fields[0].id == "t0" and board.fields[0].x == 500


def test_rotated_copy_added_to_board_is_valid() -> None:
    """CASTLE-1 and the other checks hold for the rotated copy as for the original."""
    board = corner_board()
    els, ids = rotate_elements(select(board, corner_ids(board)), CENTRE, 90, lambda i: f"w.{i}",
                               seat_map={"south": "west"})
    out = add_elements(board, els)
    setup = out.setups[0]
    placements = setup.placements + map_placements(setup.placements, ids, {"south": "west"})
    out = out.model_copy(update={"setups": [Setup(id="s", placements=placements)]})
    assert [f.code for f in check_board(out)] == []
    assert out.setups[0].placements[1].field == "w.f0"
    assert out.setups[0].placements[1].seat == "west"


def test_copies_drop_printed_numbers_unless_asked() -> None:
    """BF-19: printed numbers stay unique; copies get none unless keep_numbers is set."""
    board = Board(name="n", fields=[land("a", 100, 100, number=7)])
    els, _ = rotate_elements(select(board, {"a"}), CENTRE, 180, lambda i: f"b.{i}")
    assert els.fields[0].number is None and (els.fields[0].x, els.fields[0].y) == (900, 900)
    els, _ = mirror_elements(select(board, {"a"}), (0, 500), (1, 500), lambda i: f"m.{i}",
                             keep_numbers=True)
    assert els.fields[0].number == 7 and (els.fields[0].x, els.fields[0].y) == (100, 900)


def test_rename_collision_is_rejected() -> None:
    board = corner_board()
    with pytest.raises(ValueError):
        rotate_elements(select(board, {"t0", "t1"}), CENTRE, 90, lambda i: "same")


def test_mirror_reverses_rings_and_keeps_orientation() -> None:
    board = corner_board()
    els, _ = mirror_elements(select(board, corner_ids(board)), (500, 0), (500, 1000),
                             lambda i: f"m.{i}")
    assert [t.field for t in els.castles[0].towers] == [f"m.t{i}" for i in reversed(range(5))]
    xs = {f.id: f.x for f in els.fields}
    assert xs["m.t1"] == 460.0
    poly = [(p.x, p.y) for p in els.regions[0].polygon]
    assert poly == [(350.0, 680.0), (300.0, 600.0), (400.0, 600.0)]


def test_merge_coincident_fields_redirects_every_reference() -> None:
    """Seam merge: a ghost copy on top of a real field disappears and everything follows."""
    fields = [land("a", 0, 0), land("b", 100, 0), land("ghost", 100.2, 0.1),
              land("c", 200, 0), Field(id="sea", terrain=Terrain.SEA, x=100, y=0)]
    conns = [road("ab", "a", "b"), road("a-ghost", "a", "ghost"),
             road("gc", "ghost", "c", one_way=OneWay(to="ghost")), road("self", "b", "ghost")]
    board = Board(
        name="seam", fields=fields, connections=conns,
        castles=[Castle(id="k", seat="s", towers=[Tower(field="ghost", access="a-ghost")])],
        grail=Grail(fields=["ghost"], front="ghost", roads=["a-ghost"]),
        arrow_slits=[ArrowSlit(id="x1", a="a", b="c"), ArrowSlit(id="x2", a="c", b="a")],
        regions=[Region(id="R", polygon=[Point(x=0, y=50), Point(x=50, y=50),
                                         Point(x=25, y=90)], stairs=["ghost"])],
        setups=[Setup(id="s", placements=[Placement(seat="s", field="ghost",
                                                    piece=PieceType.KNIGHT)])])
    out, merged = merge_coincident_fields(board, tolerance=0.5)
    assert merged == {"ghost": "b"}
    assert [f.id for f in out.fields] == ["a", "b", "c", "sea"]  # other terrain is not merged
    conns = {c.id: c for c in out.connections}
    assert set(conns) == {"ab", "gc"}  # duplicate a-b and the self-loop b-b are gone
    assert (conns["gc"].a, conns["gc"].one_way.to) == ("b", "b")
    assert out.castles[0].towers[0].field == "b"
    assert out.castles[0].towers[0].access == "ab"  # dropped duplicate redirected to survivor
    assert out.grail.fields == ["b"] and out.grail.front == "b" and out.grail.roads == ["ab"]
    assert out.regions[0].stairs == ["b"]
    assert out.setups[0].placements[0].field == "b"
    assert [a.id for a in out.arrow_slits] == ["x1"]


def test_merge_without_coincidences_returns_the_board() -> None:
    board = corner_board()
    out, merged = merge_coincident_fields(board)
    assert merged == {} and out is board


def test_full_turn_and_merge_builds_a_symmetric_ring() -> None:
    """Copy one quarter four times and merge the seams: a closed ring road around a centre."""
    quarter = Board(name="q", fields=[land("p", 500, 900), land("ghost", 100, 500)],
                    connections=[road("r", "p", "ghost")])
    board = Board(name="ring")
    for k in range(4):
        els, _ = rotate_elements(Elements(quarter.fields, quarter.connections), CENTRE, 90 * k,
                                 lambda i, k=k: f"q{k}.{i}")
        board = add_elements(board, els)
    out, merged = merge_coincident_fields(board)
    assert len(out.fields) == 4 and len(merged) == 4
    degree: dict[str, int] = {}
    for c in out.connections:
        degree[c.a] = degree.get(c.a, 0) + 1
        degree[c.b] = degree.get(c.b, 0) + 1
    assert sorted(degree.values()) == [2, 2, 2, 2]
