"""Renaming ids updates every reference; numbering swaps duplicates; ids and printed numbers
that disagree are reported (issue 11, point 9; no Qt)."""

from __future__ import annotations

import pytest

from editor.check.board_checks import DANGLING_REFERENCE, check_board
from editor.check.editor_codes import FIELD_ID_NUMBER_MISMATCH, check_ids_and_numbers
from editor.model import dump_board
from editor.model import edit as E
from editor.model.board import Board


def _board() -> Board:
    b = Board(name="r")
    for x in range(6):
        E.add_field(b, 100 * x, 100)
    E.add_connection(b, "1", "2", "castle_access")
    E.add_connection(b, "2", "3", "bridge")
    E.add_field(b, 100, 300, "sea")
    E.add_field(b, 200, 300, "sea")
    E.add_connection(b, "7", "8", "sea_lane")
    E.set_attr(b, "connections", ["c2"], "under_lane", "c3")
    E.set_one_way(b, ["c2"], "2")
    E.add_arrow_slit(b, "2", "4")
    E.add_region(b, [(0, 500), (50, 500), (50, 550)])
    E.set_stairs(b, "r1", ["2"])
    E.set_borders(b, "r1", [("2", True)])
    E.add_seat(b, "south")
    E.add_castle(b, "south")
    E.assign_tower(b, "2", "south", 0)
    E.set_grail_flag(b, ["2"], True)
    E.set_grail_front(b, "2")
    E.set_grail_road(b, ["c3"], True)
    E.add_setup(b, "std")
    E.place_piece(b, "std", "south", "2", "soldier")
    return b


def test_renaming_a_field_updates_every_reference_and_undoes_exactly() -> None:
    b = _board()
    before = dump_board(b)
    edit = E.rename(b, "field", "2", "twelve")
    text = dump_board(b)
    assert '"2"' not in text.replace('"number": 2', "")
    assert b.connections[0].b == "twelve" and b.connections[1].one_way.to == "twelve"
    assert b.arrow_slits[0].a == "twelve" and b.regions[0].stairs == ["twelve"]
    assert b.regions[0].borders[0].field == "twelve"
    assert b.castles[0].towers[0].field == "twelve"
    assert b.grail.fields == ["twelve"] and b.grail.front == "twelve"
    assert b.setups[0].placements[0].field == "twelve"
    assert [f for f in check_board(b) if f.code == DANGLING_REFERENCE.code] == []
    edit.undo(b)
    assert dump_board(b) == before


def test_renaming_a_connection_updates_accesses_grail_roads_and_ships_under() -> None:
    b = _board()
    E.rename(b, "connection", "c1", "gate")
    E.rename(b, "connection", "c3", "lane")
    assert b.castles[0].towers[0].access == "gate"
    assert b.connections[1].under_lane == "lane" and b.grail.roads == ["lane"]


def test_rename_refuses_taken_empty_and_retired_ids() -> None:
    b = _board()
    for kind, old, new, reason in (("field", "2", "3", "already used"),
                                   ("field", "2", "r1", "already used"),
                                   ("field", "2", " ", "cannot be empty")):
        with pytest.raises(E.EditError, match=reason):
            E.rename(b, kind, old, new)
    E.delete(b, [("slit", "slit1")])
    E.add_arrow_slit(b, "1", "5")
    with pytest.raises(E.EditError, match="deleted element"):
        E.rename(b, "slit", "slit2", "slit1")


def test_numbering_swaps_a_duplicate_and_mismatches_are_reported() -> None:
    b = _board()
    E.number_field(b, "1", 2)  # field 2 had number 2: it takes 1
    assert [(f.id, f.number) for f in b.fields[:2]] == [("1", 2), ("2", 1)]
    found = check_ids_and_numbers(b)
    assert [(f.code, f.element) for f in found] == [(FIELD_ID_NUMBER_MISMATCH.code, "1"),
                                                    (FIELD_ID_NUMBER_MISMATCH.code, "2")]
    assert found[0].message == "field 2 has the id '1', which reads as another number"
    assert found[0].pointer == "/fields/0/id"


def test_tower_access_must_touch_the_tower_and_grail_fields_must_exist() -> None:
    """CASTLE-1: a tower's access joins it to the field in front; GRAIL-1 fields exist."""
    b = _board()
    E.add_connection(b, "2", "5")
    E.set_tower_access(b, "2", "c4")
    assert b.castles[0].towers[0].access == "c4"
    with pytest.raises(E.EditError, match="does not touch field '2'"):
        E.set_tower_access(b, "2", "c3")
    with pytest.raises(E.EditError, match="not a tower"):
        E.set_tower_access(b, "1", "c1")
    E.set_grail_fields(b, ["3", "4", "3"])
    assert b.grail.fields == ["3", "4"]
    with pytest.raises(E.EditError, match="no field '99'"):
        E.set_grail_fields(b, ["99"])


def test_slit_ends_move_only_to_two_distinct_free_fields() -> None:
    """BF-13: an arrow slit joins two different fields, at most one slit per pair."""
    b = _board()
    E.add_arrow_slit(b, "1", "5")
    E.set_slit_ends(b, "slit1", "3", "6")
    assert (b.arrow_slits[0].a, b.arrow_slits[0].b) == ("3", "6")
    for a, c, reason in (("3", "3", "two different"), ("3", "99", "no field '99'"),
                         ("5", "1", "already have an arrow slit")):
        with pytest.raises(E.EditError, match=reason):
            E.set_slit_ends(b, "slit1", a, c)
