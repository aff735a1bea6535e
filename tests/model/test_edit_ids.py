"""Ids are never reused within a board, and every cascade leaves a consistent board (issue 11,
point 6; CASTLE-1 for tower accesses, no Qt)."""

from __future__ import annotations

from editor.check.board_checks import DANGLING_REFERENCE, check_board
from editor.model import edit as E
from editor.model.board import Board


def _board() -> Board:
    b = Board(name="ids")
    for x in range(5):
        E.add_field(b, 100 * x + 50, 100)
    for a, c in (("1", "2"), ("2", "3"), ("3", "4"), ("4", "5")):
        E.add_connection(b, a, c)
    return b


def test_a_deleted_connection_id_is_never_handed_out_again() -> None:
    b = _board()
    E.delete(b, [("connection", "c4")])  # the highest: a count-based id would reuse it
    E.add_connection(b, "1", "3")
    assert [c.id for c in b.connections] == ["c1", "c2", "c3", "c5"]
    E.delete(b, [("connection", "c2")])  # a gap is never refilled either
    E.add_connection(b, "2", "4")
    assert [c.id for c in b.connections][-1] == "c6"


def test_deleted_region_and_slit_ids_are_retired_undo_keeps_them_apart() -> None:
    b = _board()
    E.add_region(b, [(0, 0), (40, 0), (40, 40)])
    edit = E.delete(b, [("region", "r1")])
    E.add_region(b, [(0, 0), (40, 0), (40, 40)])
    assert [r.id for r in b.regions] == ["r2"]
    E.add_arrow_slit(b, "1", "3")
    E.delete(b, [("slit", "slit1")])
    E.add_arrow_slit(b, "1", "4")
    assert [s.id for s in b.arrow_slits] == ["slit2"]
    assert edit.touched  # the first delete is still undoable on its own


def test_a_field_without_its_number_as_id_is_retired() -> None:
    b = _board()
    E.add_field(b, 10, 10, number=None)
    assert b.fields[-1].id == "f1"
    E.delete(b, [("field", "f1")])
    E.add_field(b, 10, 10, number=None)
    assert b.fields[-1].id == "f2"
    # a field whose id is its printed number comes back as itself: same printed field
    E.delete(b, [("field", "5")])
    E.add_field(b, 450, 100)
    assert (b.fields[-1].id, b.fields[-1].number) == ("5", 5)


def test_cascades_leave_no_dangling_reference() -> None:
    b = _board()
    E.add_region(b, [(0, 200), (100, 200), (100, 300)])
    E.set_stairs(b, "r1", ["1"])
    E.set_borders(b, "r1", [("2", False)])
    E.add_arrow_slit(b, "1", "3")
    E.set_grail_flag(b, ["3"], True)
    E.add_seat(b, "south")
    E.add_setup(b, "std")
    E.place_piece(b, "std", "south", "4", "soldier")
    E.add_castle(b, "south")
    E.set_connection_kind(b, ["c4"], "castle_access")
    E.assign_tower(b, "5", "south", 0)
    assert b.castles[0].towers[0].access == "c4"
    E.delete(b, [("connection", "c4")])  # the tower's only access: it leaves the castle
    assert b.castles[0].towers == []
    E.delete(b, [("field", "1"), ("field", "3"), ("field", "4")])
    assert b.regions[0].stairs == [] and b.arrow_slits == [] and b.grail.fields == []
    assert b.setups[0].placements == []
    E.delete(b, [("seat", "south")])
    assert b.castles == [] and b.seats == []
    assert [f for f in check_board(b) if f.code == DANGLING_REFERENCE.code] == []


def _ring_board() -> Board:
    """Five tower fields in a ring (t1..t5 = 1..5) and five fields in front (6..10)."""
    b = Board(name="castle")
    for i in range(10):
        E.add_field(b, 100 * (i % 5), 100 if i < 5 else 200)
    E.add_seat(b, "south")
    return b


RING = [("1", "6"), ("2", "7"), ("3", "8"), ("4", "9"), ("5", "10")]


def test_build_castle_makes_towers_accesses_and_ring_in_one_undoable_edit() -> None:
    """CASTLE-1: five towers in ring order, each with one access to the field in front."""
    b = _ring_board()
    E.add_connection(b, "1", "6", "road")  # an existing connection becomes the access
    before = b.model_dump()
    edit = E.build_castle(b, "south", RING)
    castle = b.castles[0]
    assert (castle.id, castle.seat) == ("south", "south")
    assert [t.field for t in castle.towers] == ["1", "2", "3", "4", "5"]
    access = {c.id: {c.a, c.b} for c in b.connections}
    assert [access[t.access] for t in castle.towers] == [{t, f} for t, f in RING]
    assert [c.kind.value for c in b.connections] == ["road"] + ["castle_access"] * 4
    edit.undo(b)
    assert b.model_dump() == before


def test_build_castle_refuses_with_a_reason() -> None:
    b = _ring_board()
    for towers, reason in (([("1", "6"), ("1", "7")], "already tower 1 of this castle"),
                           ([("1", "1")], "must be another field"),
                           ([("1", "2"), ("2", "3")], "both a tower and the field in front"),
                           ([("1", "99")], "no field '99'")):
        try:
            E.build_castle(b, "south", towers)
        except E.EditError as exc:
            assert reason in str(exc)
        else:
            raise AssertionError(f"{towers} was accepted")
    E.build_castle(b, "south", RING)
    try:
        E.build_castle(b, "south", RING)
    except E.EditError as exc:
        assert "already tower 1 of castle 'south'" in str(exc)
    else:
        raise AssertionError("a field became a tower twice")
    assert len(b.castles) == 1 and len(b.connections) == 5
