"""Adding a draft from a scan as one edit, and accepting its proposals (no Qt)."""

from __future__ import annotations

from editor.check.board_checks import check_board
from editor.model.board import Board, Connection, ConnectionKind, Field, Terrain
from editor.model.edit import add_field, delete
from editor.model.edit_draft import accept, add_draft, draft_ids, unconfirmed_keys
from editor.model.io import dump_document


def _draft() -> Board:
    fields = [Field(id=f"f{i}", terrain=Terrain.LAND, x=100.0 * i, y=50.0, number=i,
                    unconfirmed=True) for i in range(1, 4)]
    conns = [Connection(id="c1", kind=ConnectionKind.ROAD, a="f1", b="f2", unconfirmed=True),
             Connection(id="c2", kind=ConnectionKind.ROAD, a="f2", b="f3", unconfirmed=True)]
    return Board(name="draft", fields=fields, connections=conns)


def test_draft_on_an_empty_board_is_one_undoable_edit() -> None:
    board = Board(name="b")
    before = dump_document(board)
    edit = add_draft(board, _draft())
    assert [f.id for f in board.fields] == ["f1", "f2", "f3"]
    assert len(board.connections) == 2
    assert all(f.unconfirmed for f in board.fields)
    assert len(edit.created) == 5
    edit.undo(board)
    assert dump_document(board) == before
    edit.redo(board)
    assert len(board.fields) == 3 and len(board.connections) == 2


def test_draft_merges_into_traced_fields_and_takes_fresh_ids() -> None:
    board = Board(name="b")
    add_field(board, 101.0, 52.0, number=1, ident="f1")  # the designer traced field 1 already
    add_field(board, 900.0, 900.0, number=9, ident="f2")  # an unrelated field named f2
    assert draft_ids(board, _draft(), near=10.0)["f1"] == "f1"
    edit = add_draft(board, _draft(), near=10.0)
    ids = [f.id for f in board.fields]
    assert len(ids) == len(set(ids)) == 4  # f1 merged, f2 and f3 added with free ids
    assert board.fields[0].unconfirmed is False  # the traced field stays confirmed
    new = {k[1] for k in edit.created if k[0] == "field"}
    assert "f2" not in new and len(new) == 2
    ends = {frozenset((c.a, c.b)) for c in board.connections}
    assert any("f1" in e for e in ends)  # the proposal attaches to the traced field
    assert all(e <= set(ids) for e in ends)


def test_draft_drops_connections_the_board_has() -> None:
    board = Board(name="b")
    add_draft(board, _draft())
    again = add_draft(board, _draft(), near=10.0)
    assert again.empty  # every field and connection is already there


def test_accept_clears_the_flag_in_one_edit_and_validation_stops_warning() -> None:
    board = Board(name="b")
    add_draft(board, _draft())
    assert sum(f.code == "UNCONFIRMED" for f in check_board(board)) == 5
    edit = accept(board, [("field", "f1"), ("connection", "c1")])
    assert not board.fields[0].unconfirmed and not board.connections[0].unconfirmed
    assert unconfirmed_keys(board) == [("field", "f2"), ("field", "f3"), ("connection", "c2")]
    assert sum(f.code == "UNCONFIRMED" for f in check_board(board)) == 3
    edit.undo(board)
    assert len(unconfirmed_keys(board)) == 5
    accept(board)  # everything
    assert unconfirmed_keys(board) == []
    assert accept(board).empty


def test_reject_is_delete() -> None:
    board = Board(name="b")
    add_draft(board, _draft())
    delete(board, [("field", "f3")])
    assert [f.id for f in board.fields] == ["f1", "f2"]
    assert [c.id for c in board.connections] == ["c1"]


def _wild_draft() -> Board:
    """A draft with two wilderness regions and the path between them (WILD-1)."""
    from editor.model.board import Region
    from editor.model.types import Point

    def square(x: float) -> list[Point]:
        return [Point(x=x, y=200), Point(x=x + 100, y=200), Point(x=x + 100, y=300),
                Point(x=x, y=300)]
    draft = _draft()
    draft.regions = [Region(id="r1", polygon=square(0), unconfirmed=True),
                     Region(id="r2", polygon=square(300), unconfirmed=True)]
    draft.connections.append(Connection(id="w1", kind=ConnectionKind.WILDERNESS_PATH, a="r1",
                                        b="r2", unconfirmed=True))
    return draft


def test_draft_regions_and_their_path_come_in_the_same_edit_and_are_accepted() -> None:
    board = Board(name="b")
    before = dump_document(board)
    edit = add_draft(board, _wild_draft())
    assert [r.id for r in board.regions] == ["r1", "r2"]
    assert ("region", "r1") in edit.created
    assert sum(f.code == "UNCONFIRMED" for f in check_board(board)) == 8
    edit.undo(board)  # one undo takes regions and path out with the rest
    assert dump_document(board) == before
    edit.redo(board)
    assert ("region", "r2") in unconfirmed_keys(board)
    accept(board, [("region", "r1")])
    assert not board.regions[0].unconfirmed and board.regions[1].unconfirmed
    accept(board)
    assert unconfirmed_keys(board) == []
    assert not any(f.code == "UNCONFIRMED" for f in check_board(board))


def test_draft_region_inside_a_traced_region_is_that_region() -> None:
    from editor.model.edit import add_region

    board = Board(name="b")
    add_region(board, [(-10, 190), (120, 190), (120, 310), (-10, 310)], ident="r2")
    mapping = draft_ids(board, _wild_draft())
    assert mapping["r1"] == "r2" and mapping["r2"] not in ("r1", "r2")
    add_draft(board, _wild_draft())
    assert len(board.regions) == 2
    path = next(c for c in board.connections if c.kind == ConnectionKind.WILDERNESS_PATH)
    assert path.a == "r2" and path.b == mapping["r2"]
