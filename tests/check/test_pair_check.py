"""The pair check (board + variant) includes the board's and the variant's own findings,
located in their files; reference pairs pass and foreign seats fail."""

from __future__ import annotations

import copy

import pytest
from support.files import BOARDS, shipped_board, write_json, write_variant

from editor.check.pair_checks import check_pair


def _broken_boards() -> dict[str, dict]:
    b = shipped_board("conquest-4p")
    out = {}
    d = copy.deepcopy(b)
    used = {c["a"] for c in d["connections"] if c["kind"] == "road"}
    gone = next(f["id"] for f in d["fields"] if f["id"] in used)
    d["fields"] = [f for f in d["fields"] if f["id"] != gone]
    out["deleted field"] = d
    d = copy.deepcopy(b)
    d["connections"].append({"id": "qa.tt", "kind": "road", "a": "s.T1", "b": "s.T2"})
    out["towers connected"] = d
    d = copy.deepcopy(b)
    setup = next(s for s in d["setups"] if s["id"] == "conquest")
    taken = {p["field"] for p in setup["placements"]}
    land = next(f["id"] for f in d["fields"] if f["terrain"] == "land" and f["id"] not in taken)
    next(p for p in setup["placements"] if p["piece"] == "ship")["field"] = land
    out["ship on land"] = d
    d = copy.deepcopy(b)
    next(f for f in d["fields"] if f.get("harbour")).pop("harbour")
    out["harbour flag removed"] = d
    d = copy.deepcopy(b)
    d["fields"].append(copy.deepcopy(d["fields"][3]))
    out["duplicate id"] = d
    d = copy.deepcopy(b)
    d["setups"][0]["placements"][0]["field"] = "nosuch.field"
    out["setup at missing field"] = d
    return out


@pytest.mark.parametrize("case", sorted(_broken_boards()))
def test_pair_check_includes_the_boards_own_findings(tmp_path, case):
    path = write_json(tmp_path / "b.board.json", _broken_boards()[case])
    fs = check_pair(str(path), "conquest-4p")
    errors = [f for f in fs if f.is_error]
    assert errors, case
    assert all(f.path == str(path) and f.line is not None for f in errors)


def test_pair_check_reference_pairs_pass_and_foreign_seats_fail():
    assert not [f for f in check_pair(str(BOARDS / "conquest-4p.board.json"), "conquest-4p")
                if f.is_error]
    fs = check_pair(str(BOARDS / "conquest-4p.board.json"), "conquest-2p")
    seats = [f for f in fs if f.code == "PAIR_SETUP_SEATS"]
    assert len(seats) == 1 and seats[0].is_error
    assert "east" in seats[0].message and "west" in seats[0].message
    assert seats[0].pointer.startswith("/setups/") and seats[0].line is not None


def test_pair_check_includes_the_variants_findings(tmp_path):
    v = write_variant(tmp_path, "v", {"extends": "conquest-4p",
                                 "options": {"wilderness_region_capacity": 2}})
    fs = check_pair(str(BOARDS / "conquest-4p.board.json"), str(v))
    assert any(f.code == "VARIANT_UNSUPPORTED" and f.path == str(v) for f in fs)


def test_pair_messages_name_ids_in_words_not_python_lists():
    from editor.check.pair_checks import check_board_for_variant
    from editor.model.board import Board
    from editor.model.variant import resolve_variant

    variant = resolve_variant("grand-conquest-2p").variant
    messages = [f.message for f in check_board_for_variant(Board(name="empty"), variant)]
    seat = next(m for m in messages if "the variant seats" in m)
    assert "the board has no seat" in seat
    assert not any("[" in m for m in messages), messages


@pytest.mark.parametrize("drop, lacking", [("front", "front field"), ("roads", "roads")])
def test_a_team_variant_needs_the_grail_front_and_roads(tmp_path, drop, lacking):
    """PAIR_GRAIL_TEAM (TEAM-12, TEAM-13): the board check only warns about a grail without its
    front field or roads; a partnership variant cannot do without them."""
    board = shipped_board("grand-conquest-4p")
    board["grail"].pop(drop)
    path = write_json(tmp_path / "b.board.json", board)
    team = [f for f in check_pair(str(path), "grand-conquest-team") if f.is_error]
    assert [f.code for f in team] == ["PAIR_GRAIL_TEAM"]
    assert f"needs the grail's {lacking}" in team[0].message
    assert team[0].pointer == "/grail" and team[0].line is not None
    free = check_pair(str(path), "grand-conquest-4p")
    assert not [f for f in free if f.is_error]
    assert {"GRAIL_FRONT", "GRAIL_ROADS"} & {f.code for f in free}
