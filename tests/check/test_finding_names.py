"""Findings call fields by their printed numbers (issue 19, ARCHITECTURE.md 11, BOARD-5).

Every shipped board is broken on purpose in the ways a designer breaks one (a field cut off, a
grail road or a tower access deleted, a road doubled or looped, a start piece on the wrong
terrain, ...); the board checks and the pair check with every shipped variant of the board then
name each field by its printed number, never by its id (which stays in the finding's pointer and
element: programs read ids).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache

import pytest

from editor.check.board_checks import check_board
from editor.check.pair_checks import check_board_for_variant
from editor.model import parse_board
from editor.model.board import Board
from editor.model.names import FieldNames
from editor.model.variant import resolve_variant
from editor.resources import data_dir, shipped_file

VARIANTS = sorted(p.name.removesuffix(".variant.json")
                  for p in data_dir("variants").glob("*.variant.json")
                  if not json.loads(p.read_text("utf-8")).get("overlay"))
#: shipped board -> its shipped (complete) variants
PAIRS: dict[str, list] = {}
for _name in VARIANTS:
    _v = resolve_variant(_name).variant
    PAIRS.setdefault(_v.board, []).append(_v)


@cache
def _shipped(board: str) -> tuple[str, FieldNames, re.Pattern[str]]:
    """The board's text, its names and the pattern of the ids they replace."""
    text = shipped_file("boards", board).read_text("utf-8")
    model = parse_board(text).model
    return text, FieldNames(model), _id_pattern(model)


def _fields_of(d: dict, kind: str) -> list[dict]:
    return [f for f in d["fields"] if f["terrain"] == kind]


def _special(d: dict) -> set[str]:
    """Fields whose connections are not to be cut: start fields, towers, the grail."""
    out = {p["field"] for s in d["setups"] for p in s["placements"]}
    out |= {t["field"] for c in d["castles"] for t in c["towers"]}
    return out | set((d.get("grail") or {}).get("fields", []))


def cut_off_a_field(d: dict) -> str:
    special = _special(d)
    victim = next(f["id"] for f in _fields_of(d, "land") if f["id"] not in special)
    d["connections"] = [c for c in d["connections"] if victim not in (c["a"], c["b"])]
    return "UNREACHABLE_FIELD"


def drop_a_grail_road(d: dict) -> str:
    if not d.get("grail"):
        return drop_a_tower_access(d)
    road = d["grail"]["roads"][0]
    d["connections"] = [c for c in d["connections"] if c["id"] != road]
    return "DANGLING_REFERENCE"


def drop_a_tower_access(d: dict) -> str:
    access = d["castles"][0]["towers"][0]["access"]
    d["connections"] = [c for c in d["connections"] if c["id"] != access]
    return "TOWER_ACCESS"


def join_two_towers(d: dict) -> str:
    a, b = (t["field"] for t in d["castles"][0]["towers"][:2])
    d["connections"].append({"id": "x.tt", "kind": "road", "a": a, "b": b})
    return "CASTLE_TOWERS_CONNECTED"


def double_a_road(d: dict) -> str:
    road = next(c for c in d["connections"] if c["kind"] == "road")
    d["connections"].append({"id": "x.dup", "kind": "road", "a": road["b"], "b": road["a"]})
    return "DUPLICATE_CONNECTION"


def loop_a_road(d: dict) -> str:
    road = next(c for c in d["connections"] if c["kind"] == "road")
    road["b"] = road["a"]
    return "CONNECTION_SELF_LOOP"


def road_to_sea(d: dict) -> str:
    land, sea = _fields_of(d, "land")[0]["id"], _fields_of(d, "sea")[0]["id"]
    d["connections"].append({"id": "x.wet", "kind": "road", "a": land, "b": sea})
    return "CONNECTION_TERRAIN"


def soldier_to_sea(d: dict) -> str:
    for setup in d["setups"]:
        taken = {p["field"] for p in setup["placements"]}
        sea = next(f["id"] for f in _fields_of(d, "sea") if f["id"] not in taken)
        place = next(p for p in setup["placements"] if p["piece"] == "soldier")
        place["field"] = sea
    return "PLACEMENT_TERRAIN"


def two_on_one_field(d: dict) -> str:
    for setup in d["setups"]:
        first, second = setup["placements"][:2]
        second["field"] = first["field"]
    return "PLACEMENT_SHARED_FIELD"


def wet_grail(d: dict) -> str:
    if not d.get("grail"):
        return soldier_to_sea(d)
    d["grail"]["fields"][0] = _fields_of(d, "sea")[0]["id"]
    return "GRAIL_FIELD_COUNT"


def slit_across_a_road(d: dict) -> str:
    road = next(c for c in d["connections"] if c["kind"] == "road")
    d.setdefault("arrow_slits", []).append({"id": "x.slit", "a": road["a"], "b": road["b"]})
    return "ARROW_SLIT_CONNECTED"


def unconfirmed_field(d: dict) -> str:
    d["fields"][3]["unconfirmed"] = True
    return "UNCONFIRMED"


def harbour_flag_cleared(d: dict) -> str:
    link = next(c for c in d["connections"] if c["kind"] == "harbour_link")
    for f in d["fields"]:
        if f["id"] in (link["a"], link["b"]) and f["terrain"] == "sea":
            f.pop("harbour", None)
    return "HARBOUR_LINK"


def soldier_carries_a_soldier(d: dict) -> str:
    """A pair finding: cargo the carrier cannot take (CARRY-1)."""
    for setup in d["setups"]:
        place = next(p for p in setup["placements"] if p["piece"] == "soldier")
        place["cargo"] = [{"piece": "soldier"}]
    return "PAIR_SETUP_CARGO"


BREAKS: list[Callable[[dict], str]] = [
    cut_off_a_field, drop_a_grail_road, drop_a_tower_access, join_two_towers, double_a_road,
    loop_a_road, road_to_sea, soldier_to_sea, two_on_one_field, wet_grail, slit_across_a_road,
    unconfirmed_field, harbour_flag_cleared, soldier_carries_a_soldier]


def _id_pattern(board: Board) -> re.Pattern[str]:
    """Any id (current or former) of a field that people call by another name."""
    names = FieldNames(board)
    ids = {x for f in board.fields if names.name(f.id) != f.id for x in (f.id, *f.former_ids)}
    alternatives = "|".join(sorted(map(re.escape, ids), key=len, reverse=True))
    return re.compile(rf"(?<![\w.\-])(?:{alternatives})(?![\w\-]|\.\w)")


@pytest.mark.parametrize("board_name", sorted(PAIRS))
@pytest.mark.parametrize("breaking", BREAKS, ids=lambda fn: fn.__name__)
def test_findings_on_broken_shipped_boards_name_printed_numbers(board_name, breaking):
    text, names, ids = _shipped(board_name)
    broken = json.loads(text)
    code = breaking(broken)
    board = parse_board(json.dumps(broken)).model
    assert board is not None, breaking.__name__
    findings = check_board(board)
    for v in PAIRS[board_name]:  # the pair check with every shipped variant of the board
        findings += check_board_for_variant(board, v)
    assert code in {f.code for f in findings}, [f.message for f in findings]
    for f in findings:
        shown = ids.search(f.message)
        assert shown is None, f"{f.code} shows id '{shown.group()}': {f.message}"
        if f.element in names.number_of:
            assert f"'{names.name(f.element)}'" in f.message, f.message


def test_former_id_listed_on_two_fields_is_a_clash(cli, board_file):
    """FORMER_ID_CLASH (BOARD-5): an old id kept by two fields would read either of them; the
    finding names both by printed number and `conquest validate` exits 1."""
    from support.boardkit import small_board

    data = small_board()
    for f, n in zip(data["fields"], (7, 8), strict=True):
        f.update(number=n, former_ids=["old"])
    run = cli("validate", board_file(data))
    assert run.code == 1, run.out + run.err
    assert "FORMER_ID_CLASH" in run.out + run.err
    [f] = [f for f in check_board(parse_board(json.dumps(data)).model)]
    assert (f.code, f.pointer, f.element) == ("FORMER_ID_CLASH", "/fields/1/former_ids/0", "b")
    assert f.message == "field '8' lists former id 'old', which field '7' lists too"


def test_former_id_of_another_field_fails_validate(cli, board_file):
    from support.boardkit import small_board

    data = small_board()
    data["fields"][0].update(number=7, former_ids=["b"])
    data["fields"][1]["number"] = 8
    run = cli("validate", board_file(data))
    assert run.code == 1 and "FORMER_ID_CLASH" in run.out + run.err
    assert "field '7' lists former id 'b', the current id of field '8'" in run.out + run.err


def test_pair_messages_list_ids_in_words():
    """'the board has setups 'conquest' and 'conquest-plus'', not a Python list."""
    v = PAIRS["conquest-2p"][0].model_copy(update={"setup": "tournament"})
    text, _names, _ids = _shipped("conquest-2p")
    board = parse_board(text).model
    [f] = [f for f in check_board_for_variant(board, v) if f.code == "PAIR_SETUP_MISSING"]
    assert f.message == ("the variant starts from setup 'tournament', the board has setups "
                         "'conquest' and 'conquest-plus'")
