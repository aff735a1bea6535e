"""Model-level editing operations (no Qt): every edit undoes to the exact same file bytes."""

from __future__ import annotations

import pytest

from editor.check.board_checks import check_board
from editor.model import dump_board
from editor.model import edit as E
from editor.model.board import Board, ConnectionKind, Terrain
from editor.model.types import PieceType


def small_board() -> Board:
    b = Board(name="t")
    for _i, (x, y, t) in enumerate([(100, 100, "land"), (200, 100, "land"), (300, 100, "land"),
                                   (100, 200, "sea"), (200, 200, "sea")], 1):
        E.add_field(b, x, y, t)
    E.add_connection(b, "1", "2", "road")
    E.add_connection(b, "2", "3", "bridge")
    E.add_connection(b, "4", "5", "sea_lane")
    return b


def test_add_field_auto_numbers_and_ids() -> None:
    b = Board(name="t")
    e1 = E.add_field(b, 10, 20)
    e2 = E.add_field(b, 30, 40, Terrain.SEA)
    assert [f.id for f in b.fields] == ["1", "2"]
    assert [f.number for f in b.fields] == [1, 2]
    assert e2.created == [("field", "2")]
    assert ("field", "1") in e1.touched
    e2.undo(b)
    assert [f.id for f in b.fields] == ["1"]
    e2.redo(b)
    assert b.fields[1].terrain == Terrain.SEA


def test_delete_field_removes_connections_and_references_and_undo_is_exact() -> None:
    b = small_board()
    E.add_arrow_slit(b, "1", "3")
    E.add_region(b, [(0, 0), (50, 0), (50, 50)])
    E.set_stairs(b, "r1", ["1"])
    E.set_borders(b, "r1", [("1", True), ("2", False)])
    E.add_seat(b, "south")
    E.add_castle(b, "south")
    E.assign_tower(b, "2", "south", 0)
    E.set_grail_flag(b, ["2"], True)
    E.set_grail_front(b, "2")
    E.set_grail_road(b, ["c1"], True)
    E.add_setup(b, "conquest")
    E.place_piece(b, "conquest", "south", "2", "soldier")
    before = dump_board(b)
    edit = E.delete(b, [("field", "2")])
    assert [c.id for c in b.connections] == ["c3"]
    assert b.castles[0].towers == []
    assert b.grail.fields == [] and b.grail.front is None and b.grail.roads == []
    assert b.regions[0].borders[0].field == "1" and len(b.regions[0].borders) == 1
    assert b.setups[0].placements == []
    assert len(b.arrow_slits) == 1
    after = dump_board(b)
    edit.undo(b)
    assert dump_board(b) == before
    edit.redo(b)
    assert dump_board(b) == after


def test_delete_region_removes_wilderness_paths() -> None:
    b = Board(name="t")
    E.add_region(b, [(0, 0), (50, 0), (50, 50)])
    E.add_region(b, [(100, 0), (150, 0), (150, 50)])
    E.add_connection(b, "r1", "r2", ConnectionKind.WILDERNESS_PATH, crossing="bridge")
    before = dump_board(b)
    edit = E.delete(b, [("region", "r1")])
    assert b.connections == [] and [r.id for r in b.regions] == ["r2"]
    edit.undo(b)
    assert dump_board(b) == before


def test_move_fields_and_merge_keeps_first_old_value() -> None:
    b = small_board()
    before = dump_board(b)
    e = E.move_fields(b, {"1": (110, 105)})
    e.merge(E.move_fields(b, {"1": (120, 130)}))
    assert (b.fields[0].x, b.fields[0].y) == (120, 130)
    assert len(e.ops) == 2
    e.undo(b)
    assert dump_board(b) == before


def test_add_connection_rejects_self_loop_and_duplicates() -> None:
    b = small_board()
    with pytest.raises(E.EditError):
        E.add_connection(b, "1", "1")
    with pytest.raises(E.EditError, match="already joined"):
        E.add_connection(b, "2", "1")
    with pytest.raises(E.EditError):
        E.add_connection(b, "1", "nope")


def test_bridge_defaults_and_kind_change_drops_attributes() -> None:
    b = small_board()
    assert b.connections[1].bridge_class == "normal"
    E.set_attr(b, "connections", ["c2"], "bridge_class", "x_bridge")
    E.set_attr(b, "connections", ["c2"], "barred", ["elephant"])
    before = dump_board(b)
    e = E.set_connection_kind(b, ["c2"], "road")
    assert b.connections[1].bridge_class is None
    e.undo(b)
    assert dump_board(b) == before


def test_invalid_value_raises_edit_error_and_leaves_board_unchanged() -> None:
    b = small_board()
    before = dump_board(b)
    with pytest.raises(E.EditError):
        E.set_attr(b, "fields", ["1", "2"], "number", -5)
    with pytest.raises(E.EditError):
        E.set_attr(b, "fields", ["1", "nope"], "label", "x")
    assert dump_board(b) == before


def test_one_way_and_reverse() -> None:
    b = small_board()
    E.set_one_way(b, ["c1"], "b", ["elephant", "chariot"])
    assert b.connections[0].one_way.to == "2"
    with pytest.raises(E.EditError):
        E.set_one_way(b, ["c1"], "3")
    E.set_one_way(b, ["c1"], None)
    assert b.connections[0].one_way is None


def test_region_vertices() -> None:
    b = Board(name="t")
    E.add_region(b, [(0, 0), (100, 0), (100, 100)])
    before = dump_board(b)
    edits = [E.insert_vertex(b, "r1", 3, 0, 100), E.move_vertex(b, "r1", 0, 5, 5),
             E.delete_vertex(b, "r1", 1)]
    assert [(p.x, p.y) for p in b.regions[0].polygon] == [(5, 5), (100, 100), (0, 100)]
    with pytest.raises(E.EditError):
        E.delete_vertex(b, "r1", 0)
    for e in reversed(edits):
        e.undo(b)
    assert dump_board(b) == before


def test_castle_towers_in_ring_order_need_an_access() -> None:
    b = small_board()
    E.add_seat(b, "south")
    E.add_castle(b, "south", moat=True)
    E.assign_tower(b, "1", "south")
    E.assign_tower(b, "3", "south", 0)
    assert [t.field for t in b.castles[0].towers] == ["3", "1"]
    assert b.castles[0].towers[0].access == "c2"
    E.add_field(b, 500, 500)
    with pytest.raises(E.EditError, match="connect"):
        E.assign_tower(b, "6", "south")
    E.assign_tower(b, "3", None)
    assert [t.field for t in b.castles[0].towers] == ["1"]


def test_flags_grail_central_stairs() -> None:
    b = small_board()
    with pytest.raises(E.EditError):
        E.set_stair_flag(b, ["1"], True)
    E.add_region(b, [(0, 0), (90, 0), (90, 90)])
    E.set_stair_flag(b, ["1"], True)
    assert b.regions[0].stairs == ["1"]
    E.set_central_flag(b, ["1", "2"], True)
    assert b.islands[0].kind == "central" and b.fields[0].island == "central"
    E.set_central_flag(b, ["2"], False)
    assert b.fields[1].island is None
    E.set_grail_flag(b, ["1", "2"], True)
    E.set_grail_flag(b, ["1"], False)
    assert b.grail.fields == ["2"]


def test_setups_placements_replace_and_remove() -> None:
    b = small_board()
    E.add_seat(b, "south")
    E.add_setup(b, "conquest")
    E.place_piece(b, "conquest", "south", "1", "soldier")
    E.place_piece(b, "conquest", "south", "4", "ship")
    E.place_piece(b, "conquest", "south", "1", "knight")
    assert [(p.field, p.piece) for p in b.setups[0].placements] == [("1", "knight"),
                                                                   ("4", "ship")]
    E.place_piece(b, "conquest", "south", "1", None)
    assert len(b.setups[0].placements) == 1


def test_scale_calibration_matches_checks() -> None:
    b = small_board()
    E.set_scale(b, (0, 0), (300, 400), 10)
    assert b.scale.px_per_cm == 50
    assert not [f for f in check_board(b) if f.code == "SCALE_CALIBRATION"]
    with pytest.raises(E.EditError):
        E.set_scale(b, (0, 0), (0, 0), 10)


def test_full_session_undo_to_empty_and_redo() -> None:
    b = Board(name="t")
    empty = dump_board(b)
    edits = [E.set_image(b, "scan.png", 1000, 800)]
    edits.append(E.add_field(b, 10, 10))
    edits.append(E.add_field(b, 60, 10))
    edits.append(E.add_connection(b, "1", "2"))
    edits.append(E.add_arrow_slit(b, "1", "2"))
    edits.append(E.set_attr(b, "fields", ["1"], "label", "Start"))
    edits.append(E.delete(b, [("connection", "c1")]))
    full = dump_board(b)
    for e in reversed(edits):
        e.undo(b)
    assert dump_board(b) == empty
    for e in edits:
        e.redo(b)
    assert dump_board(b) == full


def test_harbour_link_flags_its_sea_end() -> None:
    b = small_board()
    before = dump_board(b)
    e = E.add_connection(b, "1", "4", "harbour_link")
    assert b.fields[3].harbour and not b.fields[0].harbour
    assert ("field", "4") in e.touched
    e.undo(b)
    assert dump_board(b) == before


def test_cargo_goes_aboard_the_start_piece() -> None:
    b = small_board()
    E.add_seat(b, "south")
    E.add_setup(b, "conquest")
    with pytest.raises(E.EditError, match="no start piece"):
        E.add_cargo(b, "conquest", "4", "soldier")
    E.place_piece(b, "conquest", "south", "4", "ship")
    before = dump_board(b)
    e1 = E.add_cargo(b, "conquest", "4", "soldier")
    e2 = E.add_cargo(b, "conquest", "4", "knight")
    assert [c.piece for c in b.setups[0].placements[0].cargo] == ["soldier", "knight"]
    assert not [f for f in check_board(b) if f.code == "PLACEMENT_TERRAIN"]
    e2.undo(b)
    e1.undo(b)
    assert dump_board(b) == before


# ---- property: any sequence of edits undoes to the same bytes and redoes to the same bytes --

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_IDS = st.sampled_from(["1", "2", "3", "4", "5", "6", "7", "r1", "c1", "c2", "c3", "slit1"])
_XY = st.tuples(st.integers(0, 500), st.integers(0, 500))
_OPS = st.one_of(
    st.tuples(st.just("add_field"), _XY, st.sampled_from(["land", "sea"])),
    st.tuples(st.just("move"), _IDS, _XY),
    st.tuples(st.just("connect"), _IDS, _IDS,
              st.sampled_from(["road", "sea_lane", "harbour_link", "bridge"])),
    st.tuples(st.just("delete"), st.sampled_from(["field", "connection", "region", "slit"]),
              _IDS),
    st.tuples(st.just("slit"), _IDS, _IDS),
    st.tuples(st.just("region"), _XY),
    st.tuples(st.just("stairs"), _IDS),
    st.tuples(st.just("tower"), _IDS, st.integers(0, 5)),
    st.tuples(st.just("grail"), _IDS, st.booleans()),
    st.tuples(st.just("place"), _IDS, st.sampled_from(["soldier", "ship", None])),
    st.tuples(st.just("label"), _IDS, st.text(max_size=5)),
    st.tuples(st.just("kind"), _IDS, st.sampled_from(["road", "bridge", "castle_access"])),
)


def _apply(b: Board, op: tuple) -> E.Edit:
    name, *args = op
    if name == "add_field":
        return E.add_field(b, *args[0], args[1])
    if name == "move":
        return E.move_fields(b, {args[0]: args[1]})
    if name == "connect":
        return E.add_connection(b, *args)
    if name == "delete":
        return E.delete(b, [tuple(args)])
    if name == "slit":
        return E.add_arrow_slit(b, *args)
    if name == "region":
        x, y = args[0]
        return E.add_region(b, [(x, y), (x + 40, y), (x + 40, y + 40)])
    if name == "stairs":
        return E.set_stair_flag(b, [args[0]], True)
    if name == "tower":
        return E.assign_tower(b, args[0], "south", args[1])
    if name == "grail":
        return E.set_grail_flag(b, [args[0]], args[1])
    if name == "place":
        return E.place_piece(b, "s", "south", args[0], args[1])
    if name == "label":
        return E.set_attr(b, "fields", [args[0]], "label", args[1])
    return E.set_connection_kind(b, [args[0]], args[1])


@settings(max_examples=150, deadline=None)
@given(st.lists(_OPS, max_size=25))
def test_any_edit_sequence_undoes_and_redoes_exactly(ops: list) -> None:
    b = small_board()
    E.add_seat(b, "south")
    E.add_castle(b, "south")
    E.add_setup(b, "s")
    start = dump_board(b)
    edits, states = [], []
    for op in ops:
        try:
            edit = _apply(b, op)
        except E.EditError:  # refused: the board is unchanged
            assert dump_board(b) == (states[-1] if states else start)
            continue
        edits.append(edit)
        states.append(dump_board(b))
    end = dump_board(b)
    for i in range(len(edits) - 1, -1, -1):
        edits[i].undo(b)
        assert dump_board(b) == (states[i - 1] if i else start)
    for edit in edits:
        edit.redo(b)
    assert dump_board(b) == end


# ---- cascades and per-piece lists (moved out of the inspector; no Qt) --------------------


def _dangling(b: Board) -> list[str]:
    return [f.message for f in check_board(b) if f.code == "DANGLING_REFERENCE"]


def test_deleting_a_seat_takes_its_castles_and_start_pieces_along() -> None:
    """CASTLE-1: a castle belongs to a seat; deleting the seat (from any caller, not only the
    inspector) leaves no castle or start piece referring to it."""
    b = small_board()
    for seat in ("south", "north"):
        E.add_seat(b, seat)
        E.add_castle(b, seat)
    E.assign_tower(b, "1", "south")
    E.add_setup(b, "conquest")
    E.place_piece(b, "conquest", "south", "1", "soldier")
    E.place_piece(b, "conquest", "north", "3", "knight")
    before = dump_board(b)
    edit = E.delete(b, [("seat", "south")])
    assert [s.id for s in b.seats] == ["north"]
    assert [c.seat for c in b.castles] == ["north"]
    assert [(p.seat, p.field) for p in b.setups[0].placements] == [("north", "3")]
    assert _dangling(b) == []
    assert {("seat", "south"), ("castle", "south"), ("setup", "conquest"),
            ("field", "1")} <= edit.touched
    after = dump_board(b)
    edit.undo(b)
    assert dump_board(b) == before
    edit.redo(b)
    assert dump_board(b) == after


def test_deleting_a_tower_access_picks_another_or_frees_the_tower() -> None:
    """CASTLE-1: a tower's access is one of its connections. Deleting it re-points the access
    to another connection of the tower (a castle access first); a tower left without any
    connection leaves its castle instead of keeping a dangling access."""
    b = small_board()
    E.add_seat(b, "south")
    E.add_castle(b, "south")
    E.assign_tower(b, "3", "south")  # field 3: only c2 (bridge 2-3)
    E.assign_tower(b, "1", "south")  # field 1: only c1 (road 1-2)
    E.add_field(b, 400, 100)  # 6
    E.add_connection(b, "3", "6", "castle_access")  # c4
    assert [t.access for t in b.castles[0].towers] == ["c2", "c1"]
    before = dump_board(b)
    edit = E.delete(b, [("connection", "c2"), ("connection", "c1")])
    assert [(t.field, t.access) for t in b.castles[0].towers] == [("3", "c4")]
    assert _dangling(b) == []
    assert ("castle", "south") in edit.touched and ("field", "1") in edit.touched
    edit.undo(b)
    assert dump_board(b) == before


def test_toggle_piece_lists_of_several_connections_in_one_edit() -> None:
    b = small_board()
    E.set_attr(b, "connections", ["c1"], "barred", [PieceType.KNIGHT])
    before = dump_board(b)
    edit = E.toggle_piece(b, ["c1", "c2"], "barred", "elephant", True)
    assert [c.barred for c in b.connections[:2]] == [[PieceType.KNIGHT, PieceType.ELEPHANT],
                                                     [PieceType.ELEPHANT]]
    E.toggle_piece(b, ["c1"], "barred", "knight", False)
    assert b.connections[0].barred == [PieceType.ELEPHANT]
    E.toggle_piece(b, ["c2"], "only_unloaded", PieceType.SHIP, True)
    assert b.connections[1].only_unloaded == [PieceType.SHIP]
    with pytest.raises(E.EditError, match="not a list of pieces"):
        E.toggle_piece(b, ["c1"], "one_way", "knight", True)
    edit.undo(b)
    assert b.connections[1].barred == []
    assert E.toggle_piece(b, ["c2"], "barred", "knight", False).empty  # nothing to take off
    E.toggle_piece(b, ["c1"], "barred", "knight", True).undo(b)
    E.set_attr(b, "connections", ["c1"], "barred", [PieceType.KNIGHT])
    E.set_attr(b, "connections", ["c2"], "only_unloaded", [])
    assert dump_board(b) == before


def test_one_way_pieces_toggle_only_on_one_way_connections() -> None:
    b = small_board()
    E.set_one_way(b, ["c1"], "b")
    before = dump_board(b)
    edit = E.set_one_way_pieces(b, ["c1", "c2"], "knight", True)
    assert b.connections[0].one_way.pieces == [PieceType.KNIGHT]
    assert b.connections[1].one_way is None  # not one way: left alone
    E.set_one_way_pieces(b, ["c1"], "knight", False)
    assert b.connections[0].one_way.pieces is None  # none left: the variant decides
    assert b.connections[0].one_way.to == "2"
    again = E.set_one_way_pieces(b, ["c1"], "knight", True)
    assert b.connections[0].one_way.pieces == [PieceType.KNIGHT]
    again.undo(b)
    assert dump_board(b) == before
    edit.redo(b)
    assert b.connections[0].one_way.pieces == [PieceType.KNIGHT]
