"""mirror_selection / rotate_selection: copies through transform's remapping, joined to the board
on the seams, one edit that undoes."""

from __future__ import annotations

from editor.model.board import Board, Connection, ConnectionKind, Field, Terrain
from editor.model.edit_symmetry import mirror_selection, rotate_selection


def _half() -> Board:
    fields = [Field(id="1", terrain=Terrain.LAND, x=100, y=100, number=1),
              Field(id="2", terrain=Terrain.LAND, x=200, y=100, number=2),
              Field(id="3", terrain=Terrain.SEA, x=150, y=200, number=3)]   # on the axis y=200
    conns = [Connection(id="c1", kind=ConnectionKind.ROAD, a="1", b="2"),
             Connection(id="c2", kind=ConnectionKind.HARBOUR_LINK, a="3", b="2")]
    return Board(name="half", fields=fields, connections=conns)


def test_mirror_copies_and_joins_on_the_axis() -> None:
    board = _half()
    edit = mirror_selection(board, ["1", "2", "3"], (0.0, 200.0), (10.0, 200.0))
    assert [(f.x, f.y) for f in board.fields[3:]] == [(100, 300), (200, 300)]
    assert all(f.number is None for f in board.fields[3:])   # numbers are never duplicated
    new = {c.a for c in board.connections[2:]} | {c.b for c in board.connections[2:]}
    assert "3" in new                                          # the seam field is shared
    assert len(board.connections) == 4
    edit.undo()
    assert len(board.fields) == 3 and len(board.connections) == 2


def test_rotation_about_a_field_leaves_it_shared() -> None:
    board = _half()
    rotate_selection(board, ["1", "2", "3"], (150.0, 200.0), 180.0)
    assert len(board.fields) == 5
    assert {(f.x, f.y) for f in board.fields[3:]} == {(200, 300), (100, 300)}


def _traced_whole() -> Board:
    """A half and the other half traced (or detected) a few pixels off the exact mirror."""
    board = _half()
    board.fields += [Field(id="11", terrain=Terrain.LAND, x=103, y=297, number=11),
                     Field(id="12", terrain=Terrain.LAND, x=198, y=304, number=12)]
    return board


def test_a_copy_lands_on_a_field_within_half_a_field_radius() -> None:
    """Copies landing a few pixels off the fields already on the other half are those fields
    (they keep their ids and printed numbers): with a 20 px field radius, 10 px."""
    board = _traced_whole()
    mirror_selection(board, ["1", "2", "3"], (0.0, 200.0), (10.0, 200.0), radius=20.0)
    assert [f.id for f in board.fields] == ["1", "2", "3", "11", "12"]   # nothing duplicated
    roads = {frozenset((c.a, c.b)) for c in board.connections if c.kind == ConnectionKind.ROAD}
    assert roads == {frozenset(("1", "2")), frozenset(("11", "12"))}
    links = {frozenset((c.a, c.b)) for c in board.connections
             if c.kind == ConnectionKind.HARBOUR_LINK}
    assert links == {frozenset(("3", "2")), frozenset(("3", "12"))}


def test_without_a_field_size_the_seam_stays_two_pixels() -> None:
    board = _traced_whole()
    mirror_selection(board, ["1", "2", "3"], (0.0, 200.0), (10.0, 200.0))
    assert len(board.fields) == 7   # 3 px and 4 px off: new fields beside the traced ones


def test_the_scale_gives_the_field_size_of_the_seam() -> None:
    from editor.model.board import Scale

    board = _traced_whole()
    board.scale = Scale(px_per_cm=40.0)   # 0.45 cm discs: an 18 px radius, 9 px seams
    rotate_selection(board, ["1", "2"], (150.0, 200.0), 180.0)
    assert [f.id for f in board.fields] == ["1", "2", "3", "11", "12"]


def test_copies_take_the_numbers_printed_where_they_land() -> None:
    """`numbers` (read on the scan by the GUI): a copy gets its number and its id from it,
    unless the board already has that number (then a fresh id and no number)."""
    board = _half()
    edit = mirror_selection(board, ["1", "2", "3"], (0.0, 200.0), (10.0, 200.0),
                            numbers={"1": 101, "2": 3})
    copies = board.fields[3:]
    assert [(f.id, f.number) for f in copies] == [("101", 101), ("f1", None)]
    assert {c.a for c in board.connections} | {c.b for c in board.connections} >= {"101"}
    edit.undo()
    assert [f.id for f in board.fields] == ["1", "2", "3"]
