"""The reference table (`editor.model.refs`): delete, rename and the derived harbour flags keep
every reference and flag in step; the validator's checks are the oracle."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.boardkit import rich_board
from support.files import shipped_board

from editor.check.board_checks import check_board
from editor.model import edit as ops
from editor.model.board import Board
from editor.model.derived import harbour_mismatches
from editor.model.refs import KINDS, REFS, RENAMEABLE, dangling, occurrences

SHIPPED = ("conquest-2p", "conquest-4p", "grand-conquest-2p", "grand-conquest-4p")
#: the validator's codes for references and derived flags out of step
OUT_OF_STEP = {"DANGLING_REFERENCE", "HARBOUR_LINK", "HARBOUR_UNLINKED"}


def rich() -> Board:
    return Board.model_validate(rich_board())


def shipped(name: str) -> Board:
    return Board.model_validate(shipped_board(name))


def out_of_step(board: Board) -> list[str]:
    """What the validator says about references and derived flags (nothing on a sound board)."""
    return [f.message for f in check_board(board) if f.code in OUT_OF_STEP] + \
        [f"dangling {o.ref.path}={o.value}" for o in dangling(board)] + \
        [f"harbour flag of {f.id}" for _, f, _ in harbour_mismatches(board)]


def elements(board: Board) -> list[tuple[str, str]]:
    return [(k.name, x.id) for k in KINDS for x in getattr(board, k.collection)]


def test_every_reference_attribute_of_the_model_is_in_the_table() -> None:
    """Each entry finds values on the board that uses every feature (no stale path)."""
    board = rich()
    for ref in REFS:
        if ref.path != "regions[].island" or board.regions:
            assert list(occurrences(board, ref)), ref.path


@pytest.mark.parametrize("kind,ident", elements(rich()))
def test_delete_or_refusal_leaves_no_dangling_reference(kind: str, ident: str) -> None:
    board = rich()
    before = board.model_dump_json()
    try:
        edit = ops.delete(board, [(kind, ident)])
    except ops.EditError as exc:
        assert "still refer" in str(exc)
        assert board.model_dump_json() == before  # a refusal changes nothing
        return
    assert out_of_step(board) == []
    edit.undo(board)
    assert board.model_dump_json() == before


@pytest.mark.parametrize("kind", sorted(RENAMEABLE))
def test_rename_every_element_keeps_references(kind: str) -> None:
    board = rich()
    for item in list(getattr(board, RENAMEABLE[kind])):
        ops.rename(board, kind, item.id, f"{item.id}-renamed")
    assert out_of_step(board) == []
    assert dangling(board) == []


def test_remove_island_refuses_while_fields_regions_are_on_it() -> None:
    """BF-18: Remove island on the shipped GC4 board no longer leaves fields on no island."""
    board = shipped("grand-conquest-4p")
    island = board.islands[0].id
    with pytest.raises(ops.EditError, match=rf"cannot delete island '{island}': .*fields"):
        ops.delete(board, [("island", island)])
    assert out_of_step(board) == []


def test_remove_island_clears_the_seat_main_island_once_nothing_else_uses_it() -> None:
    board = rich()
    for f in board.fields:
        if f.island == "south":
            ops.set_attr(board, "fields", [f.id], "island", None)
    for r in board.regions:
        ops.set_attr(board, "regions", [r.id], "island", None)
    ops.delete(board, [("island", "south")])
    assert board.seats[0].main_island is None
    assert out_of_step(board) == []


@pytest.mark.parametrize("doomed", [("connection", "l1"), ("field", "s2"), ("field", "s1")])
def test_deleting_the_lane_under_a_bridge_clears_under_lane(doomed: tuple[str, str]) -> None:
    """MOVE-8: a bridge over a deleted sea lane (or a lane gone with its sea field)."""
    board = rich()
    ops.delete(board, [doomed])
    bridge = next(c for c in board.connections if c.id == "br1")
    assert bridge.under_lane is None
    assert out_of_step(board) == []


@pytest.mark.parametrize("kind", ["road", "sea_lane", "bridge"])
def test_changing_a_harbour_link_kind_clears_the_harbour(kind: str) -> None:
    """BF-2, BF-3: the harbour flag follows the harbour links; undo brings both back."""
    board = rich()
    edit = ops.set_connection_kind(board, ["h1"], kind)
    assert next(f for f in board.fields if f.id == "s1").harbour is False
    assert ("field", "s1") in edit.touched
    edit.undo(board)
    assert next(f for f in board.fields if f.id == "s1").harbour is True


def test_deleting_a_harbour_link_clears_the_harbour_and_adding_one_sets_it() -> None:
    board = rich()
    ops.delete(board, [("connection", "h1")])
    assert next(f for f in board.fields if f.id == "s1").harbour is False
    ops.add_connection(board, "s2", "f2", "harbour_link")
    assert next(f for f in board.fields if f.id == "s2").harbour is True
    assert out_of_step(board) == []


def test_a_harbour_flag_set_by_hand_follows_the_links() -> None:
    board = rich()
    ops.set_attr(board, "fields", ["s2"], "harbour", True)
    assert next(f for f in board.fields if f.id == "s2").harbour is False


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_boards_are_in_step(name: str) -> None:
    assert out_of_step(shipped(name)) == []


@pytest.mark.parametrize("name", SHIPPED)
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_delete_and_rename_elements_of_shipped_boards(name: str, data: st.DataObject) -> None:
    """Deleting, and renaming, elements of every shipped board, one kind of each and others
    drawn at random, leaves nothing dangling and no flag out of step; undo restores."""
    board = shipped(name)
    before = board.model_dump_json()
    kind, ident = data.draw(st.sampled_from(elements(board)))
    try:
        edit = ops.delete(board, [(kind, ident)])
    except ops.EditError:
        assert board.model_dump_json() == before
    else:
        assert out_of_step(board) == []
        edit.undo(board)
    if kind in RENAMEABLE:
        edit = ops.rename(board, kind, ident, f"{ident}x")
        assert out_of_step(board) == []
        edit.undo(board)
    assert board.model_dump_json() == before


EDITS = st.sampled_from(["delete", "rename", "kind", "link", "undo"])


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(steps=st.lists(st.tuples(EDITS, st.integers(0, 10_000), st.integers(0, 10_000)),
                      max_size=12))
def test_random_edit_sequences_with_undo_stay_in_step(steps: list) -> None:
    board = rich()
    done = []
    for what, i, j in steps:
        live = elements(board)
        fields = [f.id for f in board.fields]
        try:
            if what == "undo" and done:
                done.pop().undo(board)
            elif what == "delete" and live:
                done.append(ops.delete(board, [live[i % len(live)]]))
            elif what == "rename" and live:
                kind, ident = live[i % len(live)]
                if kind in RENAMEABLE:
                    done.append(ops.rename(board, kind, ident, f"{ident}.{j}"))
            elif what == "kind" and board.connections:
                c = board.connections[i % len(board.connections)]
                done.append(ops.set_connection_kind(board, [c.id], ["harbour_link", "road",
                                                                    "sea_lane"][j % 3]))
            elif what == "link" and len(fields) > 1:
                done.append(ops.add_connection(board, fields[i % len(fields)],
                                               fields[j % len(fields)], "harbour_link"))
        except ops.EditError:
            pass
        assert out_of_step(board) == []


@pytest.mark.parametrize("name", SHIPPED)
def test_delete_the_first_and_last_element_of_every_kind_of_shipped_boards(name: str) -> None:
    """Every kind of every shipped board: nothing dangles, no harbour out of step, undo
    restores the file bytes (the reference table's own walk as a quick oracle)."""
    board = shipped(name)
    before = board.model_dump_json()
    for kind in KINDS:
        items = getattr(board, kind.collection)
        for item in {id(x): x for x in (items[:1] + items[-1:])}.values():
            try:
                edit = ops.delete(board, [(kind.name, item.id)])
            except ops.EditError:
                continue
            assert dangling(board) == [] and harbour_mismatches(board) == [], (kind, item.id)
            edit.undo(board)
    assert board.model_dump_json() == before
